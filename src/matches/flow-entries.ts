import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { applyFlowEntry, TakebackWindow, type FlowEntry } from '../engine/flow';
import type { SystemState } from '../engine/rules';
import type { GameEvent, Side } from '../engine/types';
import { ProblemException } from '../common/errors/problem';
import { GameUpdatesBus, updateOfEntry, type GameUpdate } from '../games/game-updates';
import { GamesService, type LoadedGame } from '../games/games.service';

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
 * such an entry is made, in the caller's transaction on the locked game row,
 * written by GamesService.recordEntry exactly as an order's entry is (events,
 * keyed state hash, version + 1 under a version guard) with its state always
 * kept, so a replay re-derives it and states/{seq} reads it.
 */
@Injectable()
export class FlowEntries {
  private readonly logger = new Logger('FlowEntries');

  constructor(
    private readonly bus: GameUpdatesBus,
    private readonly games: GamesService,
  ) {}

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
    // Through the one writer of entries; a flow entry always keeps its state (no rules system re-applies it).
    const written = await this.games.recordEntry(m, {
      row,
      side,
      order: entry,
      events: result.events,
      next: result.state,
      at,
      snapshot: true,
    });
    return {
      seq: written.seq,
      next: result.state,
      events: result.events,
      update: updateOfEntry(written.entry, prepared),
    };
  }

  /** After commit: the entry to live clients (best effort, as every entry). */
  async publish(update: GameUpdate | null): Promise<void> {
    if (!update) return;
    await this.bus.publish(update).catch((e: Error) => this.logger.warn(e.message));
  }
}
