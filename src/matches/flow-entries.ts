import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { applyFlowEntry, TakebackWindow, type FlowEntry } from '../engine/flow';
import type { SystemState } from '../engine/rules';
import type { GameEvent, Side } from '../engine/types';
import { ProblemException } from '../common/errors/problem';
import { Game } from '../games/entities/game.entity';
import { GameEntry } from '../games/entities/game-entry.entity';
import { GameUpdatesBus, updateOfEntry, type GameUpdate } from '../games/game-updates';
import { gameStatus } from '../games/game-view';
import type { LoadedGame } from '../games/games.service';
import { stateHasher } from '../games/state-hash';

/** A flow entry just written, in the transaction that wrote it. */
export interface WrittenFlowEntry {
  seq: number;
  next: SystemState;
  events: GameEvent[];
  /** What live clients get once the transaction has committed (publish). */
  update: GameUpdate;
}

/**
 * Writes the game's flow into its order log (src/engine/flow.ts): a draw
 * agreed, an abort, a timeout, an adjudication, a takeback. The one place
 * such an entry is written, in the caller's transaction on the locked game
 * row, exactly as an order's entry is (events, keyed state hash, snapshot,
 * version + 1 under a version guard), so a replay re-derives it.
 */
@Injectable()
export class FlowEntries {
  private readonly logger = new Logger('FlowEntries');

  constructor(private readonly bus: GameUpdatesBus) {}

  async append(
    m: EntityManager,
    { row, prepared, state }: LoadedGame,
    side: Side,
    entry: FlowEntry,
    at: Date,
    window: TakebackWindow = new TakebackWindow(row.version, state),
  ): Promise<WrittenFlowEntry> {
    const result = applyFlowEntry(prepared, window, side, entry);
    if (!result.ok) {
      const status =
        result.refusal.code === 'GAME_OVER' || result.refusal.code === 'TAKEBACK_NOT_ALLOWED'
          ? 409
          : 422;
      throw new ProblemException({
        status,
        code: result.refusal.code,
        detail: `${result.refusal.message[0].toUpperCase()}${result.refusal.message.slice(1)}.`,
      });
    }
    const seq = row.version + 1;
    const written = {
      gameId: row.id,
      seq,
      side,
      order: entry as object,
      events: result.events,
      stateHash: stateHasher(row.secret)(result.state),
      state: result.state,
      createdAt: at,
    };
    await m.insert(GameEntry, written);
    const updated = await m
      .createQueryBuilder()
      .update(Game)
      .set({
        state: result.state,
        version: seq,
        status: gameStatus(result.state),
        result: result.state.result,
        updatedAt: at,
      })
      .where('id = :id AND version = :version', { id: row.id, version: row.version })
      .execute();
    if (updated.affected !== 1) {
      throw new ProblemException({
        status: 409,
        code: 'VERSION_CONFLICT',
        detail: 'An order was accepted at the same time: reload the game and try again.',
      });
    }
    return {
      seq,
      next: result.state,
      events: result.events,
      update: updateOfEntry(written, prepared),
    };
  }

  /** After commit: the entry to live clients (best effort, as every entry). */
  async publish(update: GameUpdate | null): Promise<void> {
    if (!update) return;
    await this.bus.publish(update).catch((e: Error) => this.logger.warn(e.message));
  }
}
