import { Injectable } from '@nestjs/common';
import { byteBoundedCache } from '../common/byte-caches';
import { ProblemException } from '../common/errors/problem';
import type { Reader } from '../engine/rules';
import type { Side } from '../engine/types';
import { missingSeatToken } from './game-problems';
import { gameStatus } from './game-view';
import { GamesService, type LoadedGame } from './games.service';

/** Most orders one answer of legalOrdersAt lists (page on with offset). */
export const MAX_PAST_ORDERS = 2000;

/** Memory for past listings (a logged position never changes, so a listing is paged without re-deriving it). */
const PAST_LISTING_BYTES = 32 * 1024 * 1024;

interface PastListing {
  mustAct: LegalOrdersAtDto['mustAct'];
  orders: unknown[];
}

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
  /**
   * Listings by game, seq, side and reader: an entry's position is fixed once logged,
   * so paging through a listing of tens of thousands of orders re-derives the
   * position and generates the orders once, not once per page.
   */
  private readonly listings = byteBoundedCache<PastListing>({ maxBytes: PAST_LISTING_BYTES });

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
    const { mustAct, orders } = await this.listing(loaded, seq, side, reader);
    return {
      gameId: id,
      seq,
      side,
      mustAct,
      total: orders.length,
      offset: page.offset,
      orders: orders.slice(page.offset, page.offset + page.limit),
    };
  }

  /** The position's listing for `side` (after the access check), from memory when it was listed before. */
  private async listing(
    loaded: LoadedGame,
    seq: number,
    side: Side,
    reader: Reader,
  ): Promise<PastListing> {
    const key = `${loaded.row.id}|${seq}|${side}|${reader ?? ''}`;
    const kept = this.listings.get(key);
    if (kept) return kept;
    const { state } = await this.games.storedPosition(loaded, seq);
    const { system, ctx } = loaded.prepared;
    const acting = system.mustAct(ctx, state, reader);
    const orders = acting?.seats.includes(side) ? system.legalOrders(ctx, state, side) : [];
    const listing: PastListing = {
      mustAct: acting ? { seats: acting.seats, kind: acting.kind } : null,
      orders,
    };
    // Weighed by a sample of its orders' JSON, as MovesService weighs the live listings.
    const sample = orders.slice(0, 20);
    const perOrder = sample.length ? JSON.stringify(sample).length / sample.length : 0;
    this.listings.set(key, listing, { size: Math.max(1, Math.ceil(perOrder * orders.length * 5)) });
    return listing;
  }
}
