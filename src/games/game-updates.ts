import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import { RedisNoticeChannel } from '../common/redis-notice-channel';
import type { PreparedScenario, Reader, SystemState } from '../engine/rules';
import type { GameEvent, Side } from '../engine/types';
import type { GameEntry } from './entities/game-entry.entity';
import {
  gameStatus,
  mustActView,
  resultView,
  type MustActView,
  type ResultView,
} from './game-view';

/** What live clients receive for each accepted entry (SSE `entry` events, GraphQL gameUpdated). */
export interface GameUpdate {
  gameId: string;
  seq: number;
  /** The game's version after this entry (= seq). */
  version: number;
  side: string;
  order: unknown;
  events: unknown[];
  stateHash: string;
  /** ISO time the entry was accepted. */
  at: string;
  /** Game status after the entry: "active" or "finished". */
  status: string;
  /** The result once the game is over, as GET /v1/games/{id} shows it (competition score included). */
  result: ResultView | null;
  /** Who must act after the entry (both seats for a simultaneous decision); null once the game is over. */
  mustAct: MustActView | null;
  /**
   * A game between players with a clock: the clock just after the entry (src/clocks
   * ClockView). Absent in anonymous games and in updates read back from the log.
   */
  clock?: unknown;
}

/**
 * The update of a log entry (as just inserted, or read back with its state
 * snapshot) with everything in it: what the bus carries between the service's
 * instances, never what a client receives — each live client gets it through
 * presentUpdate, as its reader may see it.
 */
export function updateOfEntry(
  e: Pick<
    GameEntry,
    'gameId' | 'seq' | 'side' | 'order' | 'events' | 'stateHash' | 'state' | 'createdAt'
  >,
  prepared: PreparedScenario,
): GameUpdate {
  const state = e.state as SystemState;
  const acting = mustActView(prepared, state, null);
  return {
    gameId: e.gameId,
    seq: e.seq,
    version: e.seq,
    side: e.side,
    order: e.order,
    events: e.events as unknown[],
    stateHash: e.stateHash,
    at: e.createdAt.toISOString(),
    status: gameStatus(state),
    result: resultView(prepared, state),
    // The seats and kind only: a decision's choices are read with the game, by their seat.
    mustAct: acting && {
      side: acting.side,
      seats: acting.seats,
      kind: acting.kind,
      ...(acting.simultaneous ? { simultaneous: acting.simultaneous } : {}),
    },
  };
}

/**
 * An update as `reader` (a seat's side, or null for the public) may see it:
 * while the game is under way, the order and events as the rules system lets
 * that reader see them — a sealed order of another seat as {type: "sealed"}
 * (17.62, sealed bids), hidden block identities and strengths left out.
 */
export function presentUpdate(
  update: GameUpdate,
  { system, ctx }: PreparedScenario,
  reader: Reader,
): GameUpdate {
  const finished = update.status === 'finished';
  return {
    ...update,
    order: system.orderFor(ctx, update.order, update.side as Side, reader, finished),
    events: system.eventsFor(ctx, update.events as GameEvent[], reader, finished),
  };
}

export type GameUpdateListener = (update: GameUpdate) => void;

/**
 * Fan-out of accepted entries to live clients. In one process an EventEmitter
 * does; across instances (REDIS_URL set) every instance publishes to and
 * listens on one Redis channel, so a client connected to instance A sees
 * orders accepted by instance B.
 */
export abstract class GameUpdatesBus {
  /** Publishes an update after its transaction committed. Never throws: live updates are best effort. */
  abstract publish(update: GameUpdate): Promise<void>;
  /** Calls `listener` for each update of `gameId`; returns the unsubscribe function. */
  abstract subscribe(gameId: string, listener: GameUpdateListener): () => void;
  /** Resolves once the bus is ready to deliver (Redis: subscribed). */
  ready(): Promise<void> {
    return Promise.resolve();
  }
  async close(): Promise<void> {}
  /** Nest lifecycle: close connections when the application stops. */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

/** Local delivery by game id. */
class LocalListeners {
  private readonly emitter = new EventEmitter();
  constructor() {
    // One listener per connected client: no arbitrary cap.
    this.emitter.setMaxListeners(0);
  }
  deliver(update: GameUpdate): void {
    this.emitter.emit(update.gameId, update);
  }
  add(gameId: string, listener: GameUpdateListener): () => void {
    this.emitter.on(gameId, listener);
    return () => this.emitter.off(gameId, listener);
  }
}

/** Single-instance bus: updates never leave the process. */
export class InProcessGameUpdatesBus extends GameUpdatesBus {
  private readonly local = new LocalListeners();

  publish(update: GameUpdate): Promise<void> {
    this.local.deliver(update);
    return Promise.resolve();
  }

  subscribe(gameId: string, listener: GameUpdateListener): () => void {
    return this.local.add(gameId, listener);
  }
}

/** Redis channel every instance publishes accepted entries to. */
export const GAME_UPDATES_CHANNEL = 'muster:game-updates';

/**
 * Multi-instance bus over Redis pub/sub. An instance delivers the entries it
 * accepts to its own listeners directly and publishes them, tagged with its
 * id, for the other instances (it ignores its own messages when they come
 * back): every listener is served by exactly one path, and a Redis outage only
 * stops the traffic between instances — never an order, and never the updates
 * of orders accepted by the listener's own instance.
 *
 * - The publisher has no offline queue and a command timeout: while Redis is
 *   down or hangs, publish() gives up at once (or after PUBLISH_TIMEOUT_MS)
 *   instead of holding the order's answer (publish() is awaited before it).
 * - The subscriber retries forever, so an instance started while Redis is down
 *   subscribes when it comes back, and re-subscribes after every reconnection.
 * Updates published while Redis was away are lost for the other instances'
 * live clients; followUpdates fills such gaps from the log at the next update
 * (SSE and the GraphQL subscription alike).
 */
export class RedisGameUpdatesBus extends GameUpdatesBus {
  private readonly logger = new Logger('GameUpdatesBus');
  private readonly local = new LocalListeners();
  private readonly channel: RedisNoticeChannel<GameUpdate>;

  constructor(url: string) {
    super();
    this.channel = new RedisNoticeChannel<GameUpdate>(
      url,
      GAME_UPDATES_CHANNEL,
      this.logger,
      // A bare update (no envelope) is still understood.
      (parsed) => (parsed.update !== undefined ? parsed.update : parsed) as GameUpdate,
      (update) => this.local.deliver(update),
      'update',
    );
  }

  /** This instance's id on the channel. */
  get origin(): string {
    return this.channel.origin;
  }

  override ready(): Promise<void> {
    return this.channel.ready();
  }

  async publish(update: GameUpdate): Promise<void> {
    try {
      this.local.deliver(update);
    } catch (e) {
      this.logger.warn(`A live listener of game ${update.gameId} failed: ${(e as Error).message}`);
    }
    await this.channel.publish(update, `the update of game ${update.gameId}`);
  }

  subscribe(gameId: string, listener: GameUpdateListener): () => void {
    return this.local.add(gameId, listener);
  }

  override close(): Promise<void> {
    return this.channel.close();
  }
}

/** How many entries a live client's catch-up reads per query. */
export const CATCH_UP_BATCH = 500;

/**
 * Where a live client of one game starts: after entry `after`, reading what the
 * bus did not bring from the log with `read` (the updates of the entries with
 * seq > its first argument, oldest first, at most its second).
 */
export interface UpdatesSource {
  after: number;
  read: (after: number, limit: number) => Promise<GameUpdate[]>;
  /** How an update (from the bus or the log) is shown to this client's reader: presentUpdate. */
  present: (update: GameUpdate) => GameUpdate;
}

/** Receives a live client's updates; `error` at most once, after which nothing more comes. */
export interface UpdatesSink {
  next(update: GameUpdate): void;
  error(error: unknown): void;
}

/**
 * Follows one game's updates for a live client (the SSE stream and the GraphQL
 * subscription both): every entry after `source.after`, each exactly once and in
 * order, with no gap. Live updates are best effort (lost while Redis is away, or
 * two instances' updates crossing); the log is the truth: the entries after
 * `source.after` are read from the log first, and whenever an update arrives whose
 * predecessors the client has not had, those are read from the log before it.
 * Returns the function that stops following.
 */
export function followUpdates(
  bus: GameUpdatesBus,
  gameId: string,
  source: UpdatesSource,
  sink: UpdatesSink,
): () => void {
  let sent = source.after;
  let closed = false;
  let catchingUp = true;
  /** Updates received while catching up (or the one that revealed a gap). */
  const buffered: GameUpdate[] = [];
  const send = (u: GameUpdate) => {
    if (closed || u.seq <= sent) return;
    sent = u.seq;
    sink.next(source.present(u));
  };
  const readLog = async () => {
    for (;;) {
      const batch = await source.read(sent, CATCH_UP_BATCH);
      if (closed) return;
      for (const u of batch) send(u);
      if (batch.length < CATCH_UP_BATCH) return;
    }
  };
  // Reads the log from the last entry sent, then sends what arrived meanwhile. One
  // catch-up at a time: updates arriving during it wait in `buffered`.
  const catchUp = async () => {
    catchingUp = true;
    try {
      for (;;) {
        const before = buffered.splice(0);
        await readLog();
        if (closed) return;
        const during = buffered.splice(0);
        const waiting: GameUpdate[] = [];
        for (const u of [...before, ...during].sort((a, b) => a.seq - b.seq)) {
          if (u.seq <= sent + 1) send(u);
          else if (during.includes(u)) waiting.push(u);
          // An update received before the read started whose entry the read did not
          // reach is not in this log (an entry is committed before it is published):
          // it is dropped, the log is the truth.
        }
        if (waiting.length === 0) break;
        // Received during the read: its entry was committed before it was published,
        // so the next read has it.
        buffered.push(...waiting);
      }
      catchingUp = false;
    } catch (e) {
      if (closed) return;
      stop();
      sink.error(e);
    }
  };
  const unsubscribe = bus.subscribe(gameId, (u) => {
    if (closed) return;
    if (catchingUp) buffered.push(u);
    else if (u.seq > sent + 1) {
      buffered.push(u);
      void catchUp();
    } else send(u);
  });
  function stop(): void {
    if (closed) return;
    closed = true;
    unsubscribe();
    buffered.length = 0;
  }
  void catchUp();
  return stop;
}

/**
 * An async iterator over one game's updates (the GraphQL subscription), with the
 * guarantees of followUpdates: updates queue until pulled; return() stops following.
 */
export function updatesIterator(
  bus: GameUpdatesBus,
  gameId: string,
  source: UpdatesSource,
): AsyncIterableIterator<GameUpdate> {
  const queue: GameUpdate[] = [];
  const waiting: Array<{
    resolve: (r: IteratorResult<GameUpdate>) => void;
    reject: (e: unknown) => void;
  }> = [];
  let done = false;
  let failure: { error: unknown } | null = null;
  const stop = followUpdates(bus, gameId, source, {
    next(update) {
      const pending = waiting.shift();
      if (pending) pending.resolve({ value: update, done: false });
      else queue.push(update);
    },
    error(error) {
      const pending = waiting.splice(0);
      if (pending.length === 0) failure = { error };
      else {
        done = true;
        for (const p of pending) p.reject(error);
      }
    },
  });
  const finish = (): Promise<IteratorResult<GameUpdate>> => {
    if (!done) {
      done = true;
      stop();
      for (const p of waiting.splice(0)) p.resolve({ value: undefined, done: true });
      queue.length = 0;
    }
    return Promise.resolve({ value: undefined, done: true });
  };
  return {
    next() {
      if (queue.length > 0) return Promise.resolve({ value: queue.shift()!, done: false });
      if (failure) {
        const { error } = failure;
        failure = null;
        done = true;
        return Promise.reject(error);
      }
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    return: finish,
    throw(error?: unknown) {
      void finish();
      return Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
