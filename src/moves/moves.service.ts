import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { gameDice } from '../engine/dice';
import { revisionOf } from '../engine/revision';
import { isFlowEntry } from '../engine/flow';
import type { Order } from '../engine/state';
import type { GameEvent, Side } from '../engine/types';
import { ProblemException } from '../common/errors/problem';
import { Game } from '../games/entities/game.entity';
import { GameEntry } from '../games/entities/game-entry.entity';
import { IdempotencyKey } from '../games/entities/idempotency-key.entity';
import { GameUpdatesBus, updateOfEntry } from '../games/game-updates';
import { gameStatus, gameView, type GameViewDto } from '../games/game-view';
import { GamesService } from '../games/games.service';
import { GameHooks, type OrderAccepted } from '../games/game-hooks';
import { canonicalJson, sha256Hex, stateHasher } from '../games/state-hash';

export interface LegalOrdersDto {
  version: number;
  side: Side;
  orders: Order[];
}

export interface OrderAcceptedDto {
  /** The game's version after the order (= seq of its entry). */
  version: number;
  seq: number;
  events: GameEvent[];
  game: GameViewDto;
}

export interface SubmitOrderInput {
  gameId: string;
  side: Side;
  expectedVersion: number;
  order: unknown;
  idempotencyKey?: string;
}

/** The answer to a submission: the status and body to send (stored for idempotent retries). */
export interface SubmitAnswer {
  statusCode: number;
  body: OrderAcceptedDto;
  /** True when this is the stored answer of an earlier submission with the same Idempotency-Key. */
  replayed: boolean;
}

/**
 * Orders in, legal orders out. Each accepted order is one transaction: lock
 * the game row (SELECT … FOR UPDATE), check the version, apply the order with
 * the engine, append the entry (events, state hash, snapshot), update the
 * state and version, store the idempotent answer, commit; then publish the
 * entry to live clients. Two racing submissions serialise on the row lock, so
 * the second sees the new version and gets 409; a crash before commit leaves
 * nothing behind.
 */
@Injectable()
export class MovesService {
  private readonly logger = new Logger('MovesService');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly games: GamesService,
    private readonly bus: GameUpdatesBus,
    private readonly hooks: GameHooks,
  ) {}

  /** GET /v1/games/{id}/legal-orders: every order `side` may give now (empty when it may not act; never resign). */
  async legalOrders(gameId: string, side: Side): Promise<LegalOrdersDto> {
    const { row, prepared, state } = await this.games.load(gameId);
    const { system, ctx } = prepared;
    return { version: row.version, side, orders: system.legalOrders(ctx, state, side) };
  }

  /** POST /v1/games/{id}/orders. */
  async submit(input: SubmitOrderInput): Promise<SubmitAnswer> {
    if (isFlowEntry(input.order)) {
      // Draw agreed, abort, timeout, adjudication, takeback: the service writes them (src/engine/flow.ts).
      throw new ProblemException({
        status: 422,
        code: 'NOT_AN_ORDER',
        detail: `A "${(input.order as { type: string }).type}" entry is written by the service (the game-flow endpoints: draw-accept, abort, claim-timeout, takeback-accept), never given as an order.`,
      });
    }
    const fingerprint = sha256Hex(
      canonicalJson({
        side: input.side,
        expectedVersion: input.expectedVersion,
        order: input.order,
      }),
    );
    const answer = await this.dataSource.transaction(async (m) => {
      const { row, prepared, state } = await this.games.load(input.gameId, m, true);
      const { system, ctx } = prepared;

      // After the lock: a retry racing its own first attempt sees the stored answer.
      if (input.idempotencyKey !== undefined) {
        const stored = await m.getRepository(IdempotencyKey).findOne({
          where: { gameId: row.id, key: input.idempotencyKey },
        });
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

      // Players' games: a flagged clock refuses the order (src/clocks).
      await this.hooks.beforeOrder({
        manager: m,
        row,
        prepared,
        state,
        side: input.side,
        order: input.order,
      });
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

      const at = new Date();
      const seq = row.version + 1;
      // Keyed with the game's secret: the published hash reveals nothing hidden before the end.
      const hash = stateHasher(row.secret)(result.state);
      const status = gameStatus(result.state);
      const entry = {
        gameId: row.id,
        seq,
        side: input.side,
        order: input.order as object,
        events: result.events,
        stateHash: hash,
        state: result.state,
        createdAt: at,
      };
      await m.insert(GameEntry, entry);
      const updated = await m
        .createQueryBuilder()
        .update(Game)
        .set({
          state: result.state,
          version: seq,
          status,
          result: result.state.result,
          updatedAt: at,
        })
        .where('id = :id AND version = :version', { id: row.id, version: row.version })
        .execute();
      if (updated.affected !== 1) {
        // The row lock makes this unreachable; the version guard keeps it true even without one.
        throw new ProblemException({
          status: 409,
          code: 'VERSION_CONFLICT',
          detail: 'Another order was accepted at the same time: reload the game and decide again.',
        });
      }
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
      await this.hooks.afterOrder(accepted);
      // The answer goes to the seat that gave the order: its events and view as that seat sees them.
      const body: OrderAcceptedDto = {
        version: seq,
        seq,
        events: system.eventsFor(ctx, result.events, input.side, status === 'finished'),
        game: gameView(prepared, row, result.state, seq, at, input.side),
      };
      if (input.idempotencyKey !== undefined) {
        await m.insert(IdempotencyKey, {
          gameId: row.id,
          key: input.idempotencyKey,
          side: input.side,
          response: body,
          statusCode: 200,
          requestHash: fingerprint,
        });
      }
      return {
        statusCode: 200,
        body,
        replayed: false,
        // What the hooks add for live clients (a players' game's clock after the order).
        publish: { ...updateOfEntry(entry, prepared), ...accepted.live },
        committed: { side: input.side, next: result.state },
      };
    });
    if (answer.publish) {
      await this.bus.publish(answer.publish).catch((e: Error) => this.logger.warn(e.message));
    }
    if (answer.committed) {
      await this.hooks.committed(input.gameId, answer.committed.side, answer.committed.next, (e) =>
        this.logger.warn(e.message),
      );
    }
    return { statusCode: answer.statusCode, body: answer.body, replayed: answer.replayed };
  }
}
