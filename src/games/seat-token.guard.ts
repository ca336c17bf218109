import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';
import type { Side } from '../engine/types';
import { timingOf } from '../common/server-timing';
import { missingSeatToken } from './game-problems';
import { GamesService } from './games.service';

export interface SeatPrincipal {
  gameId: string;
  side: Side;
}

type SeatRequest = Request & { seat?: SeatPrincipal };

/**
 * REST routes under /v1/games/{id}/… that act for a seat: the bearer token
 * must be the token of a seat of game {id}. 401 without a token or with one
 * that matches no seat of this game; the side comes from the token only, so
 * a token only ever acts for its own side.
 */
@Injectable()
export class SeatTokenGuard implements CanActivate {
  constructor(private readonly games: GamesService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<SeatRequest>();
    const gameId = String(req.params.id);
    const timing = timingOf(req);
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
