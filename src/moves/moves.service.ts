import { Injectable, Logger } from '@nestjs/common';
import { gzipSync, constants as zlib } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { gameDice } from '../engine/dice';
import { revisionOf } from '../engine/revision';
import { isFlowEntry } from '../engine/flow';
import type { Order } from '../engine/state';
import type { SystemState } from '../engine/rules';
import type { GameEvent, Side } from '../engine/types';
import { byteBoundedCache } from '../common/byte-caches';
import { ProblemException } from '../common/errors/problem';
import { ServerTiming } from '../common/server-timing';
import { GameUpdatesBus, updateOfEntry } from '../games/game-updates';
import {
  gameStatus,
  gameView,
  gameViewHeader,
  type GameViewDto,
  type GameViewHeader,
} from '../games/game-view';
import { Game } from '../games/entities/game.entity';
import type { HotFacts } from '../games/game-states';
import { GamesService, isIdempotencyKeyTaken, type LoadedGame } from '../games/games.service';
import { GameHooks, type OrderAccepted } from '../games/game-hooks';
import { canonicalJson, sha256Hex } from '../games/state-hash';
import { LEGAL_ORDERS_PAGE_MAX } from './dto/legal-orders.query';
import { compactPage, type ListingFormat } from './compact-listing';

export interface LegalOrdersDto {
  version: number;
  side: Side;
  orders: Order[];
  /** Present (true) when the listing goes on beyond this page: ask again with `cursor=next`. */
  truncated?: true;
  /** The cursor of the next page (with `truncated`). */
  next?: string;
}

/**
 * A page of the listing, serialised once and compressed at most once, when a client
 * first takes gzip (GET legal-orders answers it as it is).
 */
export class LegalOrdersBody {
  private compressed: Buffer | null | undefined;

  constructor(readonly json: Buffer) {}

  /** gzip of `json` when it is worth it (over 1 KiB), else null; made on first use. */
  gzip(): Buffer | null {
    if (this.compressed === undefined)
      this.compressed =
        this.json.length > 1024 ? gzipSync(this.json, { level: zlib.Z_BEST_SPEED }) : null;
    return this.compressed;
  }
}

export interface OrderAcceptedDto {
  /** The game's version after the order (= seq of its entry). */
  version: number;
  seq: number;
  events: GameEvent[];
  /** The whole view, or its header alone when the client asked for a minimal answer. */
  game: GameViewDto | GameViewHeader;
}

export interface SubmitOrderInput {
  gameId: string;
  /**
   * The side the caller already authenticated (GraphQL), or undefined: then
   * `token`, a bearer token checked under the game row's lock against the
   * seats' token hashes the locking read returns (REST, issue 20).
   */
  side?: Side;
  token?: string;
  expectedVersion: number;
  order: unknown;
  idempotencyKey?: string;
  /** Where the time goes (the Server-Timing header of POST orders). */
  timing?: ServerTiming;
  /**
   * `Prefer: return=minimal` (RFC 7240): the answer's game is the view's header
   * alone (status, version, turn, phase, mustAct, result…), not the whole view —
   * for a bot that keeps its own picture. Ignored with an Idempotency-Key, whose
   * stored answer is always the whole one (SubmitAnswer.minimal says which it was).
   */
  minimal?: boolean;
  /**
   * `include=legal-orders`: when the seat that gave the order must act again in the new
   * position, the answer carries that seat's listing of it (the first page GET
   * legal-orders would answer) — a UI's next request saved, as Lichess sends a move's
   * next legal moves with it, in the format asked (`format`, as GET legal-orders takes
   * it). Not part of the answer stored under an Idempotency-Key.
   */
  includeLegalOrders?: ListingFormat;
}

/** The answer to a submission: the status and body to send (stored for idempotent retries). */
export interface SubmitAnswer {
  statusCode: number;
  body: OrderAcceptedDto;
  /** True when this is the stored answer of an earlier submission with the same Idempotency-Key. */
  replayed: boolean;
  /** True when the answer's game is the view's header alone (`minimal` asked, no Idempotency-Key). */
  minimal: boolean;
  /**
   * With `includeLegalOrders`: the ordering seat's listing of the new position, serialised
   * (its first page), when that seat must act in it; absent otherwise and on a replay.
   */
  legalOrders?: LegalOrdersBody;
}

/** Memory for listings (every order of a game's position for a seat, and its first page serialised). */
const LISTING_BYTES = 64 * 1024 * 1024;

/** Games whose last listed version is kept (prefetchListing): a number each. */
const LISTED_GAMES = 100_000;

interface Listing {
  orders: Order[];
  /** The first page serialised, by format (made when first asked in that format). */
  first: Partial<Record<ListingFormat, LegalOrdersBody>>;
}

/** A seat's listing of a position made before the order that makes it was committed (MovesService.listingAhead). */
interface ListingAhead {
  side: Side;
  listing: Listing;
}

/** The cache key of a position's listing for a seat: the game, its version, status and update time, the seat. */
function listingKey(
  row: { id: string; version: number; status: string; updatedAt: Date },
  side: Side,
): string {
  return `${row.id}|${row.version}|${row.status}|${row.updatedAt.getTime()}|${side}`;
}

/** A page of a listing serialised in the format asked (compact: grouped by unit, compactPage). */
function serialisedPage(page: LegalOrdersDto, format: ListingFormat): LegalOrdersBody {
  return new LegalOrdersBody(
    Buffer.from(JSON.stringify(format === 'compact' ? compactPage(page) : page)),
  );
}

/** A listing cursor: the version it belongs to and where the next page starts. */
function parseCursor(cursor: string): { version: number; offset: number } {
  const [version, offset] = cursor.split('.').map(Number);
  return { version, offset };
}

/**
 * Orders in, legal orders out. Each accepted order is one transaction: lock
 * the game row (SELECT … FOR UPDATE), check the version, apply the order with
 * the engine, append the entry (events, state hash; a snapshot every
 * SNAPSHOT_EVERY entries), update the state and version, store the idempotent
 * answer, commit; then publish the entry to live clients. Two racing
 * submissions serialise on the row lock, so the second sees the new version
 * and gets 409; a crash before commit leaves nothing behind. The state comes
 * from memory when the locked row is the one it was kept for (HotStates).
 */
/** An authenticated seat, or a bearer token to check against the game's seats (issue 20). */
export type SeatOrToken = { side: Side } | { token: string };

/** The bearer token matched no seat's token hash under the lock (the transaction rolls back). */
class NotASeatToken extends Error {}

@Injectable()
export class MovesService {
  private readonly logger = new Logger('MovesService');
  /**
   * Listings by game position and seat (id, version, status, update time,
   * side): the same position always lists the same orders, so a UI asking
   * again, or both seats' clients, cost one generation.
   */
  private readonly listings = byteBoundedCache<Listing>({ maxBytes: LISTING_BYTES });
  /** The version each recently listed game was last listed at (prefetchListing). */
  private readonly listedAt = new LRUCache<string, { version: number; format: ListingFormat }>({
    max: LISTED_GAMES,
  });

  constructor(
    private readonly games: GamesService,
    private readonly bus: GameUpdatesBus,
    private readonly hooks: GameHooks,
  ) {}

  /**
   * GET /v1/games/{id}/legal-orders: the orders `side` may give now (empty
   * when it may not act; never resign), a page of at most `limit`
   * (LEGAL_ORDERS_PAGE_MAX by default and at most) from `cursor`; a cursor of
   * an earlier version is 409 VERSION_CONFLICT (the listing changed).
   */
  async legalOrders(
    gameId: string,
    seat: SeatOrToken,
    page: { limit?: number; cursor?: string } = {},
  ): Promise<LegalOrdersDto> {
    const { version, side, listing, offset, limit } = await this.listing(gameId, seat, page);
    return this.pageOf(version, side, listing.orders, offset, limit);
  }

  /**
   * legalOrders in the format asked (`compact`: grouped by unit, compactPage), serialised
   * (and compressed) once per position, seat, format and page 1.
   */
  async legalOrdersBody(
    gameId: string,
    seat: SeatOrToken,
    page: { limit?: number; cursor?: string; format?: ListingFormat } = {},
  ): Promise<LegalOrdersBody> {
    const { version, side, listing, offset, limit } = await this.listing(gameId, seat, page);
    const format = page.format ?? 'full';
    const firstPage = offset === 0 && limit === LEGAL_ORDERS_PAGE_MAX;
    if (firstPage)
      return (listing.first[format] ??= this.firstPage(version, side, listing, format));
    return serialisedPage(this.pageOf(version, side, listing.orders, offset, limit), format);
  }

  private async listing(
    gameId: string,
    seat: SeatOrToken,
    page: { limit?: number; cursor?: string; format?: ListingFormat },
  ): Promise<{ version: number; side: Side; listing: Listing; offset: number; limit: number }> {
    let side: Side | null;
    let loaded: LoadedGame;
    if ('token' in seat) {
      // The token checked against the seats' hashes read with the row: no query of its own.
      const read = await this.games.loadForSeat(gameId);
      loaded = read;
      side =
        GamesService.seatOfToken(read.seats, seat.token) ??
        // A player's own token for the seat he holds (src/players), else 401.
        (await this.games.seatSide(gameId, `Bearer ${seat.token}`));
    } else {
      side = seat.side;
      loaded = await this.games.load(gameId);
    }
    const { row, prepared, state } = loaded;
    let offset = 0;
    if (page.cursor !== undefined) {
      const cursor = parseCursor(page.cursor);
      if (cursor.version !== row.version)
        throw new ProblemException({
          status: 409,
          code: 'VERSION_CONFLICT',
          detail: `The cursor belongs to the listing at version ${cursor.version}; the game is at version ${row.version}: list again.`,
          extensions: { currentVersion: row.version },
        });
      offset = cursor.offset;
    }
    const listing = this.cachedListing(row, prepared, state, side);
    this.listedAt.set(row.id, { version: row.version, format: page.format ?? 'full' });
    return {
      version: row.version,
      side,
      listing,
      offset,
      limit: page.limit ?? LEGAL_ORDERS_PAGE_MAX,
    };
  }

  /** The listing of a stored position for `side`, from the cache or generated (and kept) now. */
  private cachedListing(
    row: { id: string; version: number; status: string; updatedAt: Date },
    prepared: LoadedGame['prepared'],
    state: SystemState,
    side: Side,
  ): Listing {
    const key = listingKey(row, side);
    let listing = this.listings.get(key);
    if (!listing) {
      listing = { orders: prepared.system.legalOrders(prepared.ctx, state, side), first: {} };
      this.keepListing(key, listing);
    }
    return listing;
  }

  /** Keeps a listing in the byte-bounded cache under `key` (listingKey). */
  private keepListing(key: string, listing: Listing): void {
    const { orders } = listing;
    // Weighed by a sample of its orders' JSON (a listing's orders are much alike), plus its first page.
    const sample = orders.slice(0, 20);
    const perOrder = sample.length ? JSON.stringify(sample).length / sample.length : 0;
    this.listings.set(key, listing, {
      size: Math.max(1, Math.ceil(perOrder * orders.length * 5)),
    });
  }

  /**
   * Called only with `include=legal-orders`: the answer's listing — the ordering seat's orders in the
   * next position, when it must act again — generated while the order's statement is at
   * the database (issue 20): a tick first lets the pool send the statement, then the
   * orders are generated in the time the service would otherwise wait for the commit
   * (its page is serialised after, as before: holding the serialised page across the wait
   * cost more CPU per order at 8 games in the bench). A listing is a function of the
   * position alone, so the one made here is the one listingAfter would make; it is kept
   * only once the statement wrote (keepListingAhead). The listings made ahead for a GET
   * (prefetchListing) stay after the answer, where they overlap the client's own work on
   * it instead of delaying it.
   */
  private async listingAhead(
    gameId: string,
    version: number,
    prepared: LoadedGame['prepared'],
    next: SystemState,
    side: Side,
    timing: ServerTiming,
  ): Promise<ListingAhead | null> {
    const { system, ctx } = prepared;
    try {
      if (!system.mustAct(ctx, next)?.seats.includes(side)) return null;
      await new Promise<void>((resolve) => process.nextTick(resolve));
      timing.lap('db');
      const listing: Listing = { orders: system.legalOrders(ctx, next, side), first: {} };
      timing.lap('listing');
      return { side, listing };
    } catch (e) {
      // Made after the commit instead, where its error is answered as today.
      this.logger.warn(`listing ahead of ${gameId}@${version}: ${(e as Error).message}`);
      return null;
    }
  }

  /** A listing made ahead of a commit, kept under the position the commit wrote. */
  private keepListingAhead(
    key: { id: string; version: number; status: string; updatedAt: Date },
    ahead: ListingAhead,
  ): void {
    const k = listingKey(key, ahead.side);
    if (!this.listings.has(k)) this.keepListing(k, ahead.listing);
  }

  /**
   * After an accepted order of a game whose clients list its orders (a listing was
   * asked at the version just before), the next position's listing for the seats that
   * must act, made once the answer is on its way: the GET legal-orders that a UI sends
   * next then finds it ready instead of waiting for it. Games nobody lists (bots) cost
   * nothing more. Only the cache is filled — the GET still reads the row and uses the
   * listing only for the position it reads — so a listing made here is never served
   * for another position. Made in the format the game was last listed in.
   */
  private prefetchListing(gameId: string, version: number): void {
    const listed = this.listedAt.get(gameId);
    if (listed?.version !== version - 1) return;
    setImmediate(() => {
      const hot = this.games.hotGame(gameId);
      if (!hot || hot.row.version !== version) return;
      try {
        const { system, ctx } = hot.prepared;
        for (const side of system.mustAct(ctx, hot.state)?.seats ?? [])
          this.cachedFirstPage(hot.row, hot.prepared, hot.state, side, listed.format);
      } catch (e) {
        // The GET will make the listing itself (and answer any error it meets).
        this.logger.warn(`listing ahead of ${gameId}@${version}: ${(e as Error).message}`);
      }
    });
  }

  /** The first page of a stored position's listing for `side`, serialised, from the cache or made (and kept) now. */
  private cachedFirstPage(
    row: { id: string; version: number; status: string; updatedAt: Date },
    prepared: LoadedGame['prepared'],
    state: SystemState,
    side: Side,
    format: ListingFormat,
  ): LegalOrdersBody {
    const listing = this.cachedListing(row, prepared, state, side);
    return (listing.first[format] ??= this.firstPage(row.version, side, listing, format));
  }

  /** A listing's first page (the one a client asks without limit or cursor), serialised. */
  private firstPage(
    version: number,
    side: Side,
    listing: Listing,
    format: ListingFormat,
  ): LegalOrdersBody {
    return serialisedPage(
      this.pageOf(version, side, listing.orders, 0, LEGAL_ORDERS_PAGE_MAX),
      format,
    );
  }

  private pageOf(
    version: number,
    side: Side,
    all: Order[],
    offset: number,
    limit: number,
  ): LegalOrdersDto {
    const end = Math.min(all.length, offset + limit);
    const orders = offset === 0 && end === all.length ? all : all.slice(offset, end);
    return {
      version,
      side,
      orders,
      ...(end < all.length ? { truncated: true as const, next: `${version}.${end}` } : {}),
    };
  }

  /** POST /v1/games/{id}/orders. */
  async submit(given: SubmitOrderInput): Promise<SubmitAnswer> {
    // An Idempotency-Key's answer is stored and replayed: always the whole one.
    const minimal = given.minimal === true && given.idempotencyKey === undefined;
    const input = { ...given, minimal };
    if (isFlowEntry(input.order)) {
      // Draw agreed, abort, timeout, adjudication, takeback: the service writes them (src/engine/flow.ts).
      throw new ProblemException({
        status: 422,
        code: 'NOT_AN_ORDER',
        detail: `A "${(input.order as { type: string }).type}" entry is written by the service (the game-flow endpoints: draw-accept, abort, claim-timeout, takeback-accept), never given as an order.`,
      });
    }
    const timing = input.timing ?? new ServerTiming();
    timing.skip();
    let answer: Awaited<ReturnType<typeof this.attempt>> | null = null;
    try {
      answer = await this.optimistic(input, timing);
      timing.note('path', answer ? 'optimistic' : 'locked');
      answer ??= await this.attemptOnce(input, timing);
    } catch (e) {
      if (!(e instanceof NotASeatToken)) throw e;
      // Rolled back, nothing written: a player's own token for the seat he holds
      // (src/players), or no token of this game (401) — the full check, then again.
      timing.lap('db');
      const side = await this.games.seatSide(input.gameId, `Bearer ${input.token ?? ''}`);
      timing.lap('auth');
      answer = await this.attemptOnce({ ...input, side }, timing);
    }
    timing.lap('db');
    if (answer.committed) {
      // Committed: the next order or listing of this game starts from this state, not the
      // database's copy, and the next order of this game may take the optimistic path.
      const { key, next, jsonLength, facts } = answer.committed;
      this.games.rememberState(key, next, jsonLength, facts);
      if (answer.committed.ahead) this.keepListingAhead(key, answer.committed.ahead);
      // With its listing asked in the answer, the seat's listing is made below instead.
      if (!input.includeLegalOrders) this.prefetchListing(key.id, key.version);
    }
    if (answer.publish) {
      // Delivered to this instance's listeners now; the message to other instances is
      // queued on the publisher's connection in commit order, and not waited for.
      void this.bus.publish(answer.publish).catch((e: Error) => this.logger.warn(e.message));
    }
    if (answer.committed?.hooked) {
      await this.hooks.committed(input.gameId, answer.committed.side, answer.committed.next, (e) =>
        this.logger.warn(e.message),
      );
    }
    timing.lap('after');
    const legalOrders =
      input.includeLegalOrders && answer.committed
        ? this.listingAfter(answer.committed, input.includeLegalOrders)
        : null;
    if (legalOrders) timing.lap('listing');
    return {
      statusCode: answer.statusCode,
      body: answer.body,
      replayed: answer.replayed,
      minimal,
      ...(legalOrders ? { legalOrders } : {}),
    };
  }

  /**
   * `include=legal-orders`: the listing of the position an accepted order made, for the
   * seat that gave it, serialised as GET legal-orders' first page — when that seat must
   * act in it; else null, and the seats that must act get theirs made ahead as a listing
   * client's would (prefetchListing). Made from the committed state and the row as
   * written, under the same cache key the GET reads, so the two give the same listing.
   * The order is committed whatever happens here: a listing that fails is logged and left
   * out (the client asks GET legal-orders), never turned into an error of the order.
   */
  private listingAfter(
    committed: {
      side: Side;
      next: SystemState;
      key: { id: string; version: number; status: string; updatedAt: Date };
      facts: HotFacts;
    },
    format: ListingFormat,
  ): LegalOrdersBody | null {
    const { side, next, key, facts } = committed;
    try {
      const { system, ctx } = facts.prepared;
      if (!system.mustAct(ctx, next)?.seats.includes(side)) {
        this.prefetchListing(key.id, key.version);
        return null;
      }
      this.listedAt.set(key.id, { version: key.version, format });
      return this.cachedFirstPage(key, facts.prepared, next, side, format);
    } catch (e) {
      this.logger.warn(
        `listing in the answer of ${key.id}@${key.version}: ${(e as Error).message}`,
      );
      return null;
    }
  }

  /**
   * The optimistic attempt (issue 20): from the game as this instance last wrote or
   * read it (HotStates), with no transaction and no row lock, an order that is
   * plainly acceptable — its seat token one of the seats', the expected version the
   * kept one, the seat's turn, the rules' yes — is written by one statement that
   * requires the row still at that version (and status), the seat's token hash
   * unchanged and no order hooks applying (recordEntryIfCurrent). One round trip
   * instead of three. Anything else — a refusal of any kind, a retry of an
   * Idempotency-Key, a game another instance moved on, a players' game — is null:
   * the locked path (`attempt`) decides it and gives the authoritative answer, so
   * the answers are the same either way.
   */
  private async optimistic(given: SubmitOrderInput, timing: ServerTiming) {
    const hot = this.games.hotGame(given.gameId);
    if (!hot || hot.hooked === true) return null;
    const { row, prepared, state } = hot;
    if (given.expectedVersion !== row.version) return null;
    let side: Side;
    let seatHash: string | null = null;
    if (given.side !== undefined) side = given.side;
    else {
      const seat = GamesService.seatMatching(hot.seats, given.token ?? '');
      if (seat === null) return null;
      side = seat.side;
      seatHash = seat.hash;
    }
    timing.lap('auth');
    const { system, ctx } = prepared;
    const acting = system.mustAct(ctx, state, side);
    const isResign = (given.order as { type?: unknown } | null)?.type === 'resign';
    if (acting === null || (!isResign && !acting.seats.includes(side))) return null;
    const result = system.applyOrder(
      ctx,
      state,
      side,
      given.order,
      gameDice(row.seed, state.diceDrawn, revisionOf(state)),
    );
    if (!result.ok) return null;
    timing.lap('rules');
    const fingerprint = this.fingerprint({ ...given, side });
    const accepted = this.accepted(prepared, row, side, result, timing, given.minimal);
    let recorded: Awaited<ReturnType<GamesService['recordEntryIfCurrent']>>;
    let ahead: ListingAhead | null = null;
    try {
      const writing = this.games.recordEntryIfCurrent(
        {
          row,
          side,
          order: given.order,
          events: result.events,
          next: result.state,
          at: accepted.at,
          timing,
          ...(given.idempotencyKey !== undefined
            ? {
                idempotent: {
                  key: given.idempotencyKey,
                  response: accepted.body,
                  requestHash: fingerprint,
                },
              }
            : {}),
        },
        { seatHash },
      );
      // Only a listing client's answer waits on it; a bot's order awaits its write alone.
      if (given.includeLegalOrders !== undefined) {
        // Awaited below, after the listing made meanwhile: its rejection is handled there.
        writing.catch(() => undefined);
        ahead = await this.listingAhead(
          row.id,
          row.version + 1,
          prepared,
          result.state,
          side,
          timing,
        );
      }
      recorded = await writing;
    } catch (e) {
      // The key was stored meanwhile (its first submission, on another instance): the locked path replays it.
      if (isIdempotencyKeyTaken(e)) return null;
      throw e;
    }
    if (!recorded) return null;
    return {
      statusCode: 200,
      body: accepted.body,
      replayed: false,
      publish: updateOfEntry(recorded.entry, prepared),
      committed: {
        side,
        next: result.state,
        key: { id: row.id, version: recorded.seq, status: recorded.status, updatedAt: accepted.at },
        jsonLength: recorded.jsonLength,
        hooked: false,
        facts: this.factsAfter(hot, recorded, accepted.at, result.state),
        ahead,
      },
    };
  }

  /** The game's facts after an entry was written: the row as written, the same seats and context. */
  private factsAfter(
    before: {
      row: Game;
      seats: HotFacts['seats'];
      prepared: HotFacts['prepared'];
      hooked?: boolean;
    },
    recorded: { seq: number; status: string },
    at: Date,
    next: { result?: unknown },
  ): HotFacts {
    const row = Object.assign(new Game(), before.row, {
      version: recorded.seq,
      status: recorded.status,
      result: next.result ?? null,
      updatedAt: at,
      state: undefined,
    });
    return { row, seats: before.seats, prepared: before.prepared, hooked: before.hooked };
  }

  /** sha256 of the canonical submission, stored with an Idempotency-Key's answer (null without a key). */
  private fingerprint(input: SubmitOrderInput & { side: Side }): string | null {
    return input.idempotencyKey === undefined
      ? null
      : sha256Hex(
          canonicalJson({
            side: input.side,
            expectedVersion: input.expectedVersion,
            order: input.order,
          }),
        );
  }

  /**
   * The answer to an accepted order, for the seat that gave it: its events and view as
   * that seat sees them (the view's header alone when `minimal`). Made before the write,
   * which stores it under the Idempotency-Key.
   */
  private accepted(
    prepared: LoadedGame['prepared'],
    row: Game,
    side: Side,
    result: { state: SystemState; events: GameEvent[] },
    timing: ServerTiming,
    minimal: boolean | undefined,
  ): { body: OrderAcceptedDto; at: Date } {
    const at = new Date();
    const seq = row.version + 1;
    const status = gameStatus(result.state);
    const { system, ctx } = prepared;
    const body: OrderAcceptedDto = {
      version: seq,
      seq,
      events: system.eventsFor(ctx, result.events, side, status === 'finished'),
      game: (minimal ? gameViewHeader : gameView)(prepared, row, result.state, seq, at, side),
    };
    timing.lap('view');
    return { body, at };
  }

  /**
   * `attempt`, and once more when its write found the Idempotency-Key taken: a
   * racing submission with the same key committed after this one's locked read
   * (whose snapshot could not see it); rolled back, the next attempt's read sees
   * the stored answer and replays it.
   */
  private async attemptOnce(given: SubmitOrderInput, timing: ServerTiming) {
    try {
      return await this.attempt(given, timing);
    } catch (e) {
      if (!isIdempotencyKeyTaken(e)) throw e;
      return this.attempt(given, timing);
    }
  }

  /** One transaction of `submit`: NotASeatToken when `input.token` is no seat token of the game. */
  private async attempt(given: SubmitOrderInput, timing: ServerTiming) {
    // BEGIN and the locked read in one round trip; the answer stored under the
    // Idempotency-Key comes with the locked row (issue 20).
    return this.games.orderTransaction(
      given.gameId,
      given.idempotencyKey,
      timing,
      async (m, locked) => {
        const { row, prepared, state, seats, hooked } = locked;
        const { system, ctx } = prepared;
        // The seat token, checked against the hashes read under the lock, before anything else.
        const side = given.side ?? GamesService.seatOfToken(seats, given.token ?? '');
        if (side === null) throw new NotASeatToken();
        timing.lap('auth');
        const input = { ...given, side };
        const fingerprint = this.fingerprint(input);

        // After the lock: a retry racing its own first attempt sees the stored answer. The
        // locked read's key lookup ran on the snapshot taken before it waited for the lock, so
        // it misses an answer committed while it waited — that submission moved the version, so
        // when the version moved the key is looked up again (a new statement, a new snapshot).
        if (input.idempotencyKey !== undefined) {
          const stored =
            locked.stored ??
            (input.expectedVersion !== row.version
              ? await this.games.storedAnswer(m, row.id, input.idempotencyKey)
              : null);
          timing.lap('db');
          if (stored) {
            if (stored.requestHash !== null && stored.requestHash !== fingerprint) {
              throw new ProblemException({
                status: 422,
                code: 'IDEMPOTENCY_KEY_REUSED',
                detail:
                  'This Idempotency-Key was already used for a different submission in this game. ' +
                  'Use a new key for a new order.',
              });
            }
            return {
              statusCode: stored.statusCode,
              body: stored.response as OrderAcceptedDto,
              replayed: true,
              publish: null,
              committed: null,
            };
          }
        }

        if (input.expectedVersion !== row.version) {
          throw new ProblemException({
            status: 409,
            code: 'VERSION_CONFLICT',
            detail: `The game is at version ${row.version}, not ${input.expectedVersion}: reload it and decide again.`,
            extensions: { currentVersion: row.version },
          });
        }

        const isResign = (input.order as { type?: unknown } | null)?.type === 'resign';
        const acting = system.mustAct(ctx, state, input.side);
        if (acting === null) {
          throw new ProblemException({
            status: 403,
            code: 'GAME_OVER',
            detail: 'The game is over: no order can be given any more.',
          });
        }
        // A side may resign at any moment of the game; every other order waits its turn.
        // While both seats must act (a sealed simultaneous decision) either may answer.
        if (!isResign && !acting.seats.includes(input.side)) {
          const waitingOn = acting.seats.join(' and ');
          const pendingKind = (acting.decision as { kind?: unknown } | undefined)?.kind;
          throw new ProblemException({
            status: 403,
            code: 'NOT_YOUR_TURN',
            detail: acting.simultaneous
              ? `The ${waitingOn} player${acting.seats.length > 1 ? 's' : ''} must still answer the sealed ${acting.kind} decision; the ${input.side} seat has answered or need not.`
              : acting.kind === 'decision'
                ? `The ${waitingOn} player must answer a pending ${typeof pendingKind === 'string' ? pendingKind : ''} decision first.`
                : acting.kind === 'phase'
                  ? `It is the ${waitingOn} player's ${state.phase} phase: the ${input.side} seat may not act now.`
                  : `The ${waitingOn} player must act (${acting.kind}): the ${input.side} seat may not act now.`,
            extensions: {
              mustAct: {
                side: acting.seats[0],
                seats: acting.seats,
                kind: acting.kind,
                ...(acting.simultaneous ? { simultaneous: true } : {}),
              },
            },
          });
        }
        timing.lap('rules');

        // Players' games: a flagged clock refuses the order (src/clocks). Not queried for other games.
        if (hooked)
          await this.hooks.beforeOrder({
            manager: m,
            row,
            prepared,
            state,
            side: input.side,
            order: input.order,
          });
        timing.lap('db');
        const result = system.applyOrder(
          ctx,
          state,
          input.side,
          input.order,
          gameDice(row.seed, state.diceDrawn, revisionOf(state)),
        );
        if (!result.ok) {
          throw new ProblemException({
            status: 422,
            code: result.refusal.code,
            title: 'Order refused',
            rule: result.refusal.rule,
            detail: result.refusal.message,
          });
        }
        timing.lap('rules');

        const { body, at } = this.accepted(
          prepared,
          row,
          input.side,
          result,
          timing,
          input.minimal,
        );
        const seq = row.version + 1;
        // Keyed with the game's secret: the published hash reveals nothing hidden before the end.
        const recorded = await this.games.recordEntry(m, {
          row,
          side: input.side,
          order: input.order,
          events: result.events,
          next: result.state,
          at,
          timing,
          ...(input.idempotencyKey !== undefined
            ? {
                idempotent: { key: input.idempotencyKey, response: body, requestHash: fingerprint },
              }
            : {}),
        });
        const accepted: OrderAccepted = {
          manager: m,
          row,
          prepared,
          state,
          side: input.side,
          order: input.order,
          next: result.state,
          seq,
        };
        if (hooked) await this.hooks.afterOrder(accepted);
        timing.lap('db');
        return {
          statusCode: 200,
          body,
          replayed: false,
          // What the hooks add for live clients (a players' game's clock after the order).
          publish: { ...updateOfEntry(recorded.entry, prepared), ...accepted.live },
          committed: {
            side: input.side,
            next: result.state,
            key: { id: row.id, version: seq, status: recorded.status, updatedAt: at },
            jsonLength: recorded.jsonLength,
            hooked,
            facts: this.factsAfter({ row, seats, prepared, hooked }, recorded, at, result.state),
            ahead: null as ListingAhead | null,
          },
        };
      },
    );
  }
}
