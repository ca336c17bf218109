import { Injectable } from '@nestjs/common';
import { isFlowEntry } from '../engine/flow';
import type { Side } from '../engine/types';
import type { PreparedScenario, SystemState } from '../engine/rules';
import { byteBoundedCache } from '../common/byte-caches';
import type { Game } from './entities/game.entity';

/**
 * An entry stores the whole state after it only every SNAPSHOT_EVERY entries
 * and when the game ends; every other state is re-derived from the nearest
 * snapshot before it by re-applying at most SNAPSHOT_EVERY − 1 orders (about
 * 0.15 ms each on Shiloh), so storage grows by the order, not by the state
 * (issues 16 and 20), and `states/{seq}` stays bounded in time at any seq.
 * 16, not 32: at 32 the worst seq's p95 was 32 ms on the loaded 2-core bench
 * machine (goal 20 ms), while a snapshot every 16 still keeps Shiloh near 1 KB
 * per order (goal 2 KB; `npm run bench -- replay` prints both).
 */
export const SNAPSHOT_EVERY = 16;

/**
 * Whether entry `seq` (its order, and the status of the game after it) keeps
 * a snapshot of the state after it: every SNAPSHOT_EVERY entries, at the end,
 * and for every flow entry (src/engine/flow.ts: a takeback, an ending), which
 * the rules system's applyOrder does not re-apply.
 */
export function keepsSnapshot(seq: number, status: string, order: unknown): boolean {
  return seq % SNAPSHOT_EVERY === 0 || status === 'finished' || isFlowEntry(order);
}

/** What identifies one stored state of a game: any write to the row changes one of them. */
export interface StateKey {
  id: string;
  version: number;
  status: string;
  updatedAt: Date;
}

/** Memory for the states of the games being played (about 40 KB each on Shiloh). */
export const HOT_STATE_BYTES = 128 * 1024 * 1024;

/**
 * What an order's optimistic attempt needs of a game besides its state
 * (MovesService, issue 20): the row as it was written with that state (never
 * with its state), the seats' token hashes then, the game's prepared scenario,
 * and whether a hook set's order hooks apply (undefined: not known yet).
 */
export interface HotFacts {
  row: Game;
  seats: ReadonlyArray<{ side: Side; hash: string }>;
  prepared: PreparedScenario;
  hooked?: boolean;
}

/** A game's current state in memory, with the facts an order needs (HotStates.current). */
export interface HotGame extends HotFacts {
  state: SystemState;
}

interface HotState {
  version: number;
  status: string;
  updatedAt: number;
  state: SystemState;
  facts?: HotFacts;
}

/**
 * The current states of recently played games, in memory, so an order or a
 * listing does not read and parse the whole state from the database each
 * time. The database stays the truth: a state is used only when the row
 * just read (inside the order's transaction, under its row lock) has the
 * very version, status and update time it was cached with — any write by
 * another instance, an order or the end of a match outside the log (which
 * leaves the version but changes status and time), makes it miss. Entries
 * are put only after their transaction committed. States are never mutated
 * (the engine returns new ones), so one object is safely shared. Bounded by
 * bytes (4 × the JSON text, a measured upper bound of the objects' size).
 */
@Injectable()
export class HotStates {
  private readonly cache = byteBoundedCache<HotState>({
    maxBytes: HOT_STATE_BYTES,
    maxEntryBytes: 16 * 1024 * 1024,
  });

  get(key: StateKey): SystemState | undefined {
    return this.keptFor(key)?.state;
  }

  /** What is kept for exactly this row: its version, status and update time. */
  private keptFor(key: StateKey): HotState | undefined {
    const hot = this.cache.get(key.id);
    return hot &&
      hot.version === key.version &&
      hot.status === key.status &&
      hot.updatedAt === key.updatedAt.getTime()
      ? hot
      : undefined;
  }

  /**
   * The state last kept for game `id`, with its facts, whatever the row is now:
   * for the order path's optimistic attempt only, whose write is guarded by the
   * version it was kept at (the seat token's hash and the hooks by the same
   * statement), so a state another instance has moved on from is never written
   * over — the attempt finds no row and the locked path decides.
   */
  current(id: string): HotGame | undefined {
    const hot = this.cache.get(id);
    if (!hot?.facts) return undefined;
    return { ...hot.facts, state: hot.state };
  }

  /** Keeps `state` as game `key.id`'s state; `jsonLength` is the length of its JSON text. */
  set(key: StateKey, state: SystemState, jsonLength: number, facts?: HotFacts): void {
    this.cache.set(
      key.id,
      {
        version: key.version,
        status: key.status,
        updatedAt: key.updatedAt.getTime(),
        state,
        facts,
      },
      { size: Math.max(1, 4 * jsonLength) },
    );
  }

  /** Adds the facts to the state kept for exactly this row (a read with the seats). */
  attach(key: StateKey, facts: HotFacts): void {
    const hot = this.keptFor(key);
    if (hot) hot.facts = { ...facts, hooked: facts.hooked ?? hot.facts?.hooked };
  }

  /** Drops what is kept for game `id` (the next read takes it from the database). */
  forget(id: string): void {
    this.cache.delete(id);
  }

  /** Games held and the bytes counted for them. */
  stats(): { games: number; bytes: number } {
    return { games: this.cache.size, bytes: this.cache.calculatedSize };
  }
}
