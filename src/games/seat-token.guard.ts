import {
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Side } from '../engine/types';
import { timingOf } from '../common/server-timing';
import { bearerToken } from './seat-tokens';
import { missingSeatToken } from './game-problems';
import { GamesService } from './games.service';

export interface SeatPrincipal {
  gameId: string;
  side: Side;
}

type SeatRequest = FastifyRequest & { seat?: SeatPrincipal };

const CHECKED_BY_HANDLER = 'muster:seat-token-checked-by-handler';

/**
 * A route whose handler checks the seat token itself, against the seats'
 * token hashes its read of the game row returns (issue 20: POST orders under
 * the row lock, GET legal-orders; no round trip of its own). The guard then
 * only refuses a request without a bearer token (401 SEAT_TOKEN_REQUIRED); the
 * handler refuses a wrong one (401 INVALID_SEAT_TOKEN) before anything else,
 * and before a 400.
 */
export const SeatTokenCheckedByHandler = () => SetMetadata(CHECKED_BY_HANDLER, true);

/**
 * REST routes under /v1/games/{id}/… that act for a seat: the bearer token
 * must be the token of a seat of game {id}. 401 without a token or with one
 * that matches no seat of this game; the side comes from the token only, so
 * a token only ever acts for its own side.
 */
@Injectable()
export class SeatTokenGuard implements CanActivate {
  constructor(
    private readonly games: GamesService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<SeatRequest>();
    if (this.reflector.get<boolean>(CHECKED_BY_HANDLER, context.getHandler())) {
      if (!bearerToken(req.headers.authorization)) throw missingSeatToken();
      return true;
    }
    const gameId = String((req.params as { id?: unknown }).id);
    const timing = timingOf(req.raw);
    timing.skip();
    req.seat = { gameId, side: await this.games.seatSide(gameId, req.headers.authorization) };
    timing.lap('auth');
    return true;
  }
}

/** The seat the SeatTokenGuard authenticated. */
export const Seat = createParamDecorator((_: unknown, context: ExecutionContext): SeatPrincipal => {
  const req = context.switchToHttp().getRequest<SeatRequest>();
  if (!req.seat) throw missingSeatToken();
  return req.seat;
});
