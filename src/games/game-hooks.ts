import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PreparedScenario, SystemState } from '../engine/rules/system';
import type { Side } from '../engine/types';
import type { Game } from './entities/game.entity';

/** An order about to be applied, inside the order's transaction (the game row is locked). */
export interface OrderAttempt {
  manager: EntityManager;
  row: Game;
  prepared: PreparedScenario;
  state: SystemState;
  side: Side;
  order: unknown;
}

/** An order the engine accepted, inside the order's transaction, before commit. */
export interface OrderAccepted extends OrderAttempt {
  next: SystemState;
  seq: number;
  /** Members afterOrder hooks add to the entry's live update (a players' game's `clock`). */
  live?: Record<string, unknown>;
}

/** What feature modules outside games add to seats and orders (players, clocks, ratings). */
export interface GameHookSet {
  /**
   * An SQL boolean over the column `games.id` saying whether this set's order
   * hooks (beforeOrder, afterOrder, committed) have anything to do for a game
   * (a players' game: a row of ladder_games). The order path evaluates it in
   * its locking read, so an anonymous game costs no query of theirs. A set
   * without it is consulted for every game.
   */
  appliesSql?: string;
  /**
   * The side a bearer token that is no seat token of the game acts for
   * (a player's own token for a seat he holds), or null.
   */
  sideForToken?(gameId: string, token: string): Promise<Side | null>;
  /** May refuse the order by throwing a ProblemException (a flagged clock). */
  beforeOrder?(attempt: OrderAttempt): Promise<void>;
  /** Bookkeeping in the same transaction (clocks, the end of a rated game). */
  afterOrder?(accepted: OrderAccepted): Promise<void>;
  /** After commit, best effort: notifications, tournament rounds. Errors are logged only. */
  committed?(gameId: string, side: Side, next: SystemState): Promise<void>;
  /** The game's clock as views show it (src/clocks ClockView), null for a game without one. */
  clockOf?(gameId: string, manager?: EntityManager): Promise<unknown>;
}

/**
 * The hooks other modules register at start-up (onModuleInit), so the games
 * and moves services need no import of them: anonymous games have no hook
 * that does anything, and a module left out changes nothing.
 */
@Injectable()
export class GameHooks {
  private readonly sets: GameHookSet[] = [];

  register(set: GameHookSet): void {
    this.sets.push(set);
  }

  /**
   * One SQL boolean over `games.id`: whether any registered set's order hooks
   * apply to the game (see GameHookSet.appliesSql); `false` with none registered.
   */
  appliesSql(): string {
    const relevant = this.sets.filter((s) => s.beforeOrder || s.afterOrder || s.committed);
    if (relevant.length === 0) return 'false';
    if (relevant.some((s) => s.appliesSql === undefined)) return 'true';
    return `(${relevant.map((s) => `(${s.appliesSql})`).join(' OR ')})`;
  }

  async sideForToken(gameId: string, token: string): Promise<Side | null> {
    for (const set of this.sets) {
      const side = (await set.sideForToken?.(gameId, token)) ?? null;
      if (side) return side;
    }
    return null;
  }

  /** The game's clock (game views, live updates), or null: an anonymous game has none. */
  async clockOf(gameId: string, manager?: EntityManager): Promise<unknown> {
    for (const set of this.sets) {
      const clock = (await set.clockOf?.(gameId, manager)) ?? null;
      if (clock !== null) return clock;
    }
    return null;
  }

  async beforeOrder(attempt: OrderAttempt): Promise<void> {
    for (const set of this.sets) await set.beforeOrder?.(attempt);
  }

  async afterOrder(accepted: OrderAccepted): Promise<void> {
    for (const set of this.sets) await set.afterOrder?.(accepted);
  }

  /** Every committed hook, each error passed to `onError` (never thrown: the order stands). */
  async committed(
    gameId: string,
    side: Side,
    next: SystemState,
    onError: (e: Error) => void,
  ): Promise<void> {
    for (const set of this.sets) {
      await set.committed?.(gameId, side, next).catch(onError);
    }
  }
}
