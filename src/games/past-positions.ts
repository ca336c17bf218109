import { Injectable } from '@nestjs/common';
import { ProblemException } from '../common/errors/problem';
import type { Reader } from '../engine/rules';
import type { Side } from '../engine/types';
import { missingSeatToken } from './game-problems';
import { gameStatus } from './game-view';
import { GamesService } from './games.service';

/** Most orders one answer of legalOrdersAt lists (page on with offset). */
export const MAX_PAST_ORDERS = 2000;

export interface LegalOrdersAtDto {
  gameId: string;
  seq: number;
  side: Side;
  /** Who had to act in that position (seats and kind), null when the game was over. */
  mustAct: { seats: Side[]; kind: string } | null;
  /** Orders in the whole listing; `orders` is the page from `offset`. */
  total: number;
  offset: number;
  orders: unknown[];
}

/**
 * What analysers ask of a past position (issue 18): the orders a side could
 * have given after entry `seq`, listed by the rules system from the stored
 * state. Once the game is over anyone may ask (nothing is hidden any more);
 * while it is under way only that side's own seat, of its own orders.
 */
@Injectable()
export class PastPositions {
  constructor(private readonly games: GamesService) {}

  async legalOrdersAt(
    id: string,
    seq: number,
    side: Side,
    reader: Reader,
    page: { offset: number; limit: number },
  ): Promise<LegalOrdersAtDto> {
    const loaded = await this.games.load(id);
    if (gameStatus(loaded.state) !== 'finished') {
      if (reader === null) throw missingSeatToken();
      if (reader !== side)
        throw new ProblemException({
          status: 403,
          code: 'NOT_YOUR_SIDE',
          detail: `While the game is under way a seat may list only its own side's orders (${reader}), not ${side}'s.`,
        });
    }
    const { state } = await this.games.storedPosition(loaded, seq);
    const { system, ctx } = loaded.prepared;
    const acting = system.mustAct(ctx, state, reader);
    const orders = acting?.seats.includes(side) ? system.legalOrders(ctx, state, side) : [];
    return {
      gameId: id,
      seq,
      side,
      mustAct: acting ? { seats: acting.seats, kind: acting.kind } : null,
      total: orders.length,
      offset: page.offset,
      orders: orders.slice(page.offset, page.offset + page.limit),
    };
  }
}
