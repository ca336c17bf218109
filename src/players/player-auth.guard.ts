import {
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Scope } from './player-tokens';
import { PlayersService, type PlayerPrincipal } from './players.service';

const SCOPE_KEY = 'muster:player-scope';

/** The scope a route needs besides a valid player token (none: any live token). */
export const RequireScope = (scope: Scope) => SetMetadata(SCOPE_KEY, scope);

type PlayerRequest = FastifyRequest & { player?: PlayerPrincipal };

/** REST routes that act for a player: "Authorization: Bearer mpt_…" with the route's scope. */
@Injectable()
export class PlayerAuthGuard implements CanActivate {
  constructor(
    private readonly players: PlayersService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const scope = this.reflector.getAllAndOverride<Scope | undefined>(SCOPE_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const req = context.switchToHttp().getRequest<PlayerRequest>();
    req.player = await this.players.authenticate(req.headers.authorization, scope);
    return true;
  }
}

/** The player the PlayerAuthGuard authenticated. */
export const CurrentPlayer = createParamDecorator(
  (_: unknown, context: ExecutionContext): PlayerPrincipal => {
    const req = context.switchToHttp().getRequest<PlayerRequest>();
    if (!req.player) throw new Error('CurrentPlayer used on a route without PlayerAuthGuard');
    return req.player;
  },
);
