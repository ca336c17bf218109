import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  FLOW_ENTRY_TYPES,
  MAX_REASON_LENGTH,
  MAX_TAKEBACK_DEPTH,
  TakebackWindow,
  takebackRefusal,
  type FlowEntry,
} from '../engine/flow';
import type { PreparedScenario, SystemState } from '../engine/rules/system';
import type { GameOptions, GameResult } from '../engine/state';
import { SIDES, type Side } from '../engine/types';
import { ProblemException } from '../common/errors/problem';
import { Clock } from '../clocks/clock';
import {
  clockAfterOrder,
  clockView,
  remainingAt,
  flaggedAt,
  startClock,
  type ClockState,
  type ClockView,
  type PlayPoint,
  type TimeControl,
} from '../clocks/time-control';
import { GameHooks, type OrderAccepted, type OrderAttempt } from '../games/game-hooks';
import { isGameId } from '../games/game-problems';
import { resultOf } from '../games/game-view';
import { GamesService, type LoadedGame } from '../games/games.service';
import { hashSeatToken, newSeatToken } from '../games/seat-tokens';
import { PlayerEventsService } from '../notifications/player-events.service';
import { isPlayerToken } from '../players/player-tokens';
import { PlayersService } from '../players/players.service';
import { RatingsService } from '../ratings/ratings.service';
import { FlowEntries } from './flow-entries';

/** How a game between players ended. */
export type OutcomeKind = 'result' | 'resigned' | 'draw' | 'aborted' | 'timeout' | 'adjudicated';

export interface Outcome extends GameResult {
  kind: OutcomeKind;
}

/** A game between two registered players (a row of ladder_games). */
export interface MatchRow {
  game_id: string;
  union_player_id: string;
  confederate_player_id: string;
  rated: boolean;
  time_control: TimeControl | null;
  clock: ClockState | null;
  challenge_id: string | null;
  tournament_id: string | null;
  round: number | null;
  draw_offer: Side | null;
  takeback_request: TakebackRequest | null;
  outcome: Outcome | null;
  finished_at: Date | null;
}

/** A standing takeback request: `side` asks to go back to the position after entry `to`. */
export interface TakebackRequest {
  side: Side;
  to: number;
  /** The game's version when it was asked (an order since withdraws it). */
  version: number;
  at: string;
}

export interface NewMatch {
  scenario: string;
  options: GameOptions;
  players: Record<Side, string>;
  rated: boolean;
  timeControl: TimeControl | null;
  challengeId?: string;
  tournamentId?: string;
  round?: number;
}

export interface MatchPlayerDto {
  id: string;
  handle: string;
}

/** GET /v1/games/{id}/players: who plays which side, the clock and the pending offers. */
export interface MatchDto {
  gameId: string;
  players: Record<Side, MatchPlayerDto>;
  rated: boolean;
  timeControl: TimeControl | null;
  clock: ClockView | null;
  /** The side that offers a draw, until it is answered. */
  drawOffer: Side | null;
  /** The standing takeback request, until it is answered or an order is given. */
  takebackRequest: { side: Side; to: number } | null;
  outcome: Outcome | null;
  tournament: { id: string; round: number } | null;
}

/** Told when a game between players has ended (tournaments start their next round). */
export type FinishedListener = (match: MatchRow) => Promise<void>;

const other = (side: Side): Side => (side === 'union' ? 'confederate' : 'union');

/** How long a run-out clock may stay unclaimed before the server ends the game on time itself. */
export const UNCLAIMED_TIMEOUT_MS = 24 * 3_600_000;

/** How a game ends off the board: the flow entry to write, for which side, and the outcome's kind. */
interface Ending {
  side: Side;
  entry: FlowEntry;
  kind: OutcomeKind;
}

export const notAPlayersGame = (id: string) =>
  new ProblemException({
    status: 404,
    code: 'NOT_A_PLAYERS_GAME',
    detail: `Game ${id} is not a game between registered players (it was not created from a challenge or tournament).`,
  });

/** Who must act, and the Player-Turn where the system has a phasing side (src/clocks). */
function playPoint({ system, ctx }: PreparedScenario, state: SystemState): PlayPoint {
  const phasing = (state as { phasing?: unknown }).phasing;
  return {
    mustAct: (system.mustAct(ctx, state)?.seats ?? []) as Side[],
    phasing: phasing === 'union' || phasing === 'confederate' ? phasing : null,
    turn: state.turn,
  };
}

/**
 * Games between registered players: each player in his seat, acting with his
 * own token (a player token with the "play" scope, or a seat token he asks for
 * his own seat); the clock; draw offers, abort and the time-out claim; the end
 * of the game (ratings, events, tournament rounds). Anonymous games have no
 * match and are left exactly as they are.
 */
@Injectable()
export class MatchesService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Matches');
  private readonly finishedListeners: FinishedListener[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly games: GamesService,
    private readonly hooks: GameHooks,
    private readonly players: PlayersService,
    private readonly ratings: RatingsService,
    private readonly events: PlayerEventsService,
    private readonly clock: Clock,
    private readonly flowEntries: FlowEntries,
  ) {}

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  onModuleInit(): void {
    // Games whose run-out clock nobody claims are ended on time by the server (sweepTimeouts).
    this.timer = setInterval(
      () =>
        void this.sweepTimeouts().catch((e: Error) => this.logger.warn(`timeouts: ${e.message}`)),
      30_000,
    );
    this.timer.unref();
    this.hooks.register({
      // Only players' games have a clock, a draw offer or a rating to keep (issue 20: no query for the others).
      appliesSql: 'EXISTS (SELECT 1 FROM ladder_games lg WHERE lg.game_id = games.id)',
      sideForToken: (gameId, token) => this.sideForPlayerToken(gameId, token),
      beforeOrder: (a) => this.beforeOrder(a),
      afterOrder: (a) => this.afterOrder(a),
      committed: (gameId) => this.afterCommit(gameId),
      clockOf: async (gameId, m) => {
        const match = await this.find(gameId, m);
        return match?.clock ? clockView(match.clock, this.clock.now()) : null;
      },
    });
  }

  onFinished(listener: FinishedListener): void {
    this.finishedListeners.push(listener);
  }

  /** The match of a game, or null for an anonymous game. */
  async find(gameId: string, m?: EntityManager, lock = false): Promise<MatchRow | null> {
    if (!isGameId(gameId)) return null;
    const rows = (await (m ?? this.dataSource.manager).query(
      `SELECT * FROM ladder_games WHERE game_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [gameId],
    )) as MatchRow[];
    return rows[0] ?? null;
  }

  private async mustFind(gameId: string, m?: EntityManager, lock = false): Promise<MatchRow> {
    const match = await this.find(gameId, m, lock);
    if (!match) {
      await this.games.load(gameId); // 404 GAME_NOT_FOUND first
      throw notAPlayersGame(gameId);
    }
    return match;
  }

  /**
   * A new game between two players: the game itself through GamesService
   * (the server draws the seed: no caller chooses it), then, in one
   * transaction, the caller's own checks and updates (`within`: a challenge
   * still open, …) and the match row with the clock started for the side that
   * must act first. If that transaction fails the game is deleted again. The
   * game is created first and outside the transaction because the embedded
   * database serves one connection at a time. The seat tokens the game was
   * created with are shown to no one: each player acts with his own token, or
   * asks for a seat token of his own seat.
   */
  async create(
    input: NewMatch,
    within?: (m: EntityManager, gameId: string) => Promise<void>,
  ): Promise<{ gameId: string }> {
    const created = await this.games.create({ scenario: input.scenario, options: input.options });
    const { prepared, state } = await this.games.load(created.id);
    const first = playPoint(prepared, state).mustAct;
    const clock = input.timeControl ? startClock(input.timeControl, first, this.clock.now()) : null;
    try {
      await this.dataSource.transaction(async (m) => {
        await within?.(m, created.id);
        await m.query(
          `INSERT INTO ladder_games (game_id, union_player_id, confederate_player_id, rated, time_control,
             clock, challenge_id, tournament_id, round, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            created.id,
            input.players.union,
            input.players.confederate,
            input.rated,
            input.timeControl ? JSON.stringify(input.timeControl) : null,
            clock ? JSON.stringify(clock) : null,
            input.challengeId ?? null,
            input.tournamentId ?? null,
            input.round ?? null,
            this.clock.now(),
          ],
        );
      });
    } catch (e) {
      await this.dataSource.query(`DELETE FROM games WHERE id = $1`, [created.id]);
      throw e;
    }
    return { gameId: created.id };
  }

  /** After the transaction that created matches committed: tell both players, and the first to act. */
  async announce(gameId: string): Promise<void> {
    const match = await this.find(gameId);
    if (!match) return;
    const { row, prepared, state } = await this.games.load(gameId);
    const handles = await this.players.handles([
      match.union_player_id,
      match.confederate_player_id,
    ]);
    for (const side of SIDES) {
      const opponent = this.playerOf(match, other(side));
      await this.events.emit(this.playerOf(match, side), 'game-started', {
        gameId,
        scenario: row.scenarioId,
        side,
        opponent: { id: opponent, handle: handles.get(opponent) ?? null },
        rated: match.rated,
        timeControl: match.time_control,
        tournament: match.tournament_id ? { id: match.tournament_id, round: match.round } : null,
      });
    }
    await this.tellWhoMustAct(match, prepared, state);
  }

  playerOf(match: MatchRow, side: Side): string {
    return side === 'union' ? match.union_player_id : match.confederate_player_id;
  }

  sideOf(match: MatchRow, playerId: string): Side | null {
    if (match.union_player_id === playerId) return 'union';
    if (match.confederate_player_id === playerId) return 'confederate';
    return null;
  }

  /** The seat a player token (scope "play") holds in a game between players. */
  private async sideForPlayerToken(gameId: string, token: string): Promise<Side | null> {
    if (!isPlayerToken(token)) return null;
    const who = await this.players.principalOf(token);
    if (!who || !who.scopes.includes('play')) return null;
    const match = await this.find(gameId);
    return match ? this.sideOf(match, who.id) : null;
  }

  /** 403 TIME_EXPIRED: a side whose time has run out gives no more orders (it may still resign). */
  private async beforeOrder(a: OrderAttempt): Promise<void> {
    const match = await this.find(a.row.id, a.manager, true);
    if (!match?.clock || (a.order as { type?: unknown } | null)?.type === 'resign') return;
    if (flaggedAt(match.clock, this.clock.now()).includes(a.side)) {
      throw new ProblemException({
        status: 403,
        code: 'TIME_EXPIRED',
        detail: `The ${a.side} clock has run out: no more orders. The ${other(a.side)} player may claim the game (POST /v1/games/${a.row.id}/claim-timeout).`,
        extensions: { flagged: a.side },
      });
    }
  }

  /** The clock, a draw offer the opponent's order answers, and the end of the game, in the order's transaction. */
  private async afterOrder(a: OrderAccepted): Promise<void> {
    const match = await this.find(a.row.id, a.manager, true);
    if (!match) return;
    const now = this.clock.now();
    const clock =
      match.clock && match.time_control
        ? clockAfterOrder(
            match.time_control,
            match.clock,
            a.side,
            playPoint(a.prepared, a.state),
            playPoint(a.prepared, a.next),
            now,
          )
        : null;
    if (clock) a.live = { ...a.live, clock: clockView(clock, now) };
    // A draw offer stands until the other side answers it — an order of his declines it.
    const drawOffer = match.draw_offer && match.draw_offer !== a.side ? null : match.draw_offer;
    // A takeback request stands for the position it was asked in: any order withdraws it.
    await a.manager.query(
      `UPDATE ladder_games SET clock = $2, draw_offer = $3, takeback_request = NULL WHERE game_id = $1`,
      [match.game_id, clock ? JSON.stringify(clock) : null, drawOffer],
    );
    if (a.next.result) {
      const resigned = (a.order as { type?: unknown }).type === 'resign';
      await this.record(a.manager, match, a.row.scenarioId, {
        kind: resigned ? 'resigned' : 'result',
        ...a.next.result,
      });
    }
  }

  /** Records the end of a match (and rates it) in the transaction that ended the game. */
  private async record(
    m: EntityManager,
    match: MatchRow,
    scenario: string,
    outcome: Outcome,
  ): Promise<void> {
    const now = this.clock.now();
    const clock: ClockState | null = match.clock
      ? {
          remainingMs: clockView(match.clock, now).remainingMs,
          running: [],
          since: now.toISOString(),
        }
      : null;
    await m.query(
      `UPDATE ladder_games SET outcome = $2, finished_at = $3, draw_offer = NULL,
         takeback_request = NULL, clock = coalesce($4::jsonb, clock) WHERE game_id = $1`,
      [match.game_id, JSON.stringify(outcome), now, clock ? JSON.stringify(clock) : null],
    );
    if (match.rated && outcome.kind !== 'aborted') {
      await this.ratings.rate(m, {
        gameId: match.game_id,
        scenario,
        players: { union: match.union_player_id, confederate: match.confederate_player_id },
        unionScore: outcome.winner === 'union' ? 1 : outcome.winner === 'confederate' ? 0 : 0.5,
      });
    }
  }

  /** After an order committed: the end of the game, or whose turn it is now. */
  private async afterCommit(gameId: string): Promise<void> {
    const match = await this.find(gameId);
    if (!match) return;
    if (match.outcome) return this.announceEnd(match);
    const { prepared, state } = await this.games.load(gameId);
    await this.tellWhoMustAct(match, prepared, state);
  }

  /** "your-turn" (or "decision-pending") to each player who must act now. */
  private async tellWhoMustAct(
    match: MatchRow,
    { system, ctx }: PreparedScenario,
    state: SystemState,
  ): Promise<void> {
    const acting = system.mustAct(ctx, state);
    if (!acting) return;
    for (const side of acting.seats as Side[]) {
      await this.events.emit(
        this.playerOf(match, side),
        acting.kind === 'phase' ? 'your-turn' : 'decision-pending',
        {
          gameId: match.game_id,
          side,
          turn: state.turn,
          phase: state.phase,
          kind: acting.kind,
          clock: match.clock ? clockView(match.clock, this.clock.now()) : null,
        },
      );
    }
  }

  private async announceEnd(match: MatchRow): Promise<void> {
    const changes = await this.ratings.changesOf(match.game_id);
    for (const side of SIDES) {
      await this.events.emit(this.playerOf(match, side), 'game-finished', {
        gameId: match.game_id,
        side,
        outcome: match.outcome,
        ratingChanges: changes.filter((c) => c.player === this.playerOf(match, side)),
      });
    }
    for (const listener of this.finishedListeners) {
      await listener(match).catch((e: Error) =>
        this.logger.warn(`after game ${match.game_id}: ${e.message}`),
      );
    }
  }

  /**
   * Ends a game off the board (draw agreed, abort, time-out, adjudication)
   * with a flow entry in its order log (src/engine/flow.ts, written by
   * FlowEntries): the replay shows how the game ended and verification
   * re-derives the result from the entry, as it re-derives a resignation
   * from the engine's resign order. The match records the outcome in the
   * same transaction.
   */
  private async conclude(
    gameId: string,
    decide: (match: MatchRow, game: LoadedGame) => Ending,
  ): Promise<MatchDto> {
    const { match, update } = await this.dataSource.transaction(async (m) => {
      const game = await this.games.load(gameId, m, true);
      const match = await this.mustFind(gameId, m, true);
      if (game.state.phase === 'finished' || game.state.result) {
        throw new ProblemException({
          status: 409,
          code: 'GAME_OVER',
          detail: 'The game is over already.',
        });
      }
      const { side, entry, kind } = decide(match, game);
      const written = await this.flowEntries.append(m, game, side, entry, this.clock.now());
      await this.record(m, match, game.row.scenarioId, { kind, ...written.next.result! });
      return { match: (await this.find(gameId, m))!, update: written.update };
    });
    await this.flowEntries.publish(
      match.clock ? { ...update, clock: clockView(match.clock, this.clock.now()) } : update,
    );
    await this.announceEnd(match);
    return this.view(gameId);
  }

  /** POST /v1/games/{id}/abort: before each side has given its first order, without result or rating. */
  async abort(gameId: string, side: Side): Promise<MatchDto> {
    if (await this.bothHaveMoved(gameId)) {
      throw new ProblemException({
        status: 409,
        code: 'TOO_LATE_TO_ABORT',
        detail:
          'Both sides have given an order: the game can no longer be aborted (resign or offer a draw).',
      });
    }
    return this.conclude(gameId, (match) => {
      if (match.tournament_id) {
        throw new ProblemException({
          status: 409,
          code: 'NO_ABORT_IN_TOURNAMENT',
          detail: 'A tournament game cannot be aborted (resign, or offer a draw).',
        });
      }
      return { side, entry: { type: 'abort' }, kind: 'aborted' };
    });
  }

  /**
   * Ends an unfinished game at a tournament round's deadline. A side whose
   * clock has run out loses on time, as if the other had claimed it (a
   * `timeout` entry written for the other side). Otherwise the game is
   * adjudicated as the victory conditions stand now (an `adjudicate` entry,
   * written for the side the game was waiting on): the level the rules would
   * award if the game ended at this moment, or a draw.
   */
  async adjudicate(gameId: string, why: string): Promise<MatchDto> {
    return this.conclude(gameId, (match, { prepared, state }) => {
      const flagged = match.clock ? flaggedAt(match.clock, this.clock.now()) : [];
      if (flagged.length === 1) {
        const loser = flagged[0];
        return { side: other(loser), entry: { type: 'timeout', flagged: loser }, kind: 'timeout' };
      }
      const waitingOn = (prepared.system.mustAct(prepared.ctx, state)?.seats ?? []) as Side[];
      return {
        side: waitingOn[0] ?? 'union',
        entry: { type: 'adjudicate', reason: why.slice(0, MAX_REASON_LENGTH) || 'deadline' },
        kind: 'adjudicated',
      };
    });
  }

  /** Whether both sides have given an order (abort is over then). */
  async bothHaveMoved(gameId: string): Promise<boolean> {
    const rows = await this.dataSource.query(
      `SELECT count(DISTINCT side)::int AS n FROM game_entries WHERE game_id = $1`,
      [gameId],
    );
    return rows[0].n >= 2;
  }

  /** POST /v1/games/{id}/draw-offer: the offer stands until the other side answers (or gives an order). */
  async offerDraw(gameId: string, side: Side): Promise<MatchDto> {
    const accepted = await this.dataSource.transaction(async (m) => {
      const { state } = await this.games.load(gameId, m, true);
      const match = await this.mustFind(gameId, m, true);
      if (state.phase === 'finished') {
        throw new ProblemException({
          status: 409,
          code: 'GAME_OVER',
          detail: 'The game is over already.',
        });
      }
      if (match.draw_offer === other(side)) return true; // both offer: agreed
      await m.query(`UPDATE ladder_games SET draw_offer = $2 WHERE game_id = $1`, [gameId, side]);
      return false;
    });
    if (accepted) return this.answerDraw(gameId, side, true);
    const match = await this.mustFind(gameId);
    await this.events.emit(this.playerOf(match, other(side)), 'draw-offered', { gameId, by: side });
    return this.view(gameId);
  }

  /** POST /v1/games/{id}/draw-accept or draw-decline: 409 NO_DRAW_OFFER without an offer of the other side. */
  async answerDraw(gameId: string, side: Side, accept: boolean): Promise<MatchDto> {
    const noOffer = () =>
      new ProblemException({
        status: 409,
        code: 'NO_DRAW_OFFER',
        detail: `The ${other(side)} player has not offered a draw.`,
      });
    if (accept) {
      return this.conclude(gameId, (match) => {
        if (match.draw_offer !== other(side)) throw noOffer();
        return { side, entry: { type: 'draw-agreed' }, kind: 'draw' };
      });
    }
    const match = await this.dataSource.transaction(async (m) => {
      const match = await this.mustFind(gameId, m, true);
      if (match.draw_offer !== other(side)) throw noOffer();
      await m.query(`UPDATE ladder_games SET draw_offer = NULL WHERE game_id = $1`, [gameId]);
      return match;
    });
    await this.events.emit(this.playerOf(match, other(side)), 'draw-declined', {
      gameId,
      by: side,
    });
    return this.view(gameId);
  }

  /**
   * POST /v1/games/{id}/claim-timeout: when the other side's clock has run out,
   * the claimant wins on time (no level of victory: the rules' victory
   * conditions are not consulted; the game is lost on time as in chess).
   */
  async claimTimeout(gameId: string, side: Side): Promise<MatchDto> {
    return this.conclude(gameId, (match) => {
      const flagged = match.clock ? flaggedAt(match.clock, this.clock.now()) : [];
      if (!flagged.includes(other(side))) {
        throw new ProblemException({
          status: 409,
          code: 'NO_TIMEOUT',
          detail: match.clock
            ? `The ${other(side)} clock has not run out.`
            : 'This game has no clock.',
        });
      }
      return { side, entry: { type: 'timeout', flagged: other(side) }, kind: 'timeout' };
    });
  }

  /**
   * The positions a takeback to `to` may reach, read in the caller's
   * transaction: the state after entry `to` (the set-up, or a fork's start,
   * for 0) and every entry since, fed to the same TakebackWindow replay
   * verification builds from the set-up — so both decide alike. At most
   * MAX_TAKEBACK_DEPTH entries back (409 TAKEBACK_TOO_FAR).
   */
  private async takebackWindow(
    m: EntityManager,
    loaded: LoadedGame,
    to: number,
  ): Promise<TakebackWindow> {
    const { row } = loaded;
    if (!Number.isSafeInteger(to) || to < 0 || to >= row.version) {
      throw new ProblemException({
        status: 422,
        code: 'BAD_TAKEBACK',
        detail: `A takeback goes back to the position after an earlier entry: 0 to ${row.version - 1}, not ${String(to)}.`,
      });
    }
    if (row.version - to > MAX_TAKEBACK_DEPTH) {
      throw new ProblemException({
        status: 409,
        code: 'TAKEBACK_TOO_FAR',
        detail: `A takeback undoes at most ${MAX_TAKEBACK_DEPTH} entries; entry ${to} is ${row.version - to} entries back.`,
      });
    }
    // Entries keep the whole state only every SNAPSHOT_EVERY: the states are re-derived (issue 20).
    const start = (await this.games.storedPosition(loaded, to, m)).state;
    const rest = await this.games.entriesWithStates(loaded, to, MAX_TAKEBACK_DEPTH + 1, start, m);
    const window = new TakebackWindow(to, start);
    for (const e of rest) window.push(e.seq, e.side as Side, e.order, e.events as never, e.state);
    return window;
  }

  /**
   * POST /v1/games/{id}/takeback-request: `side` asks to go back to the
   * position after entry `to` (by default, the position before his own last
   * order). Refused at once when no takeback could be accepted there (a die
   * rolled or something hidden since: 409 TAKEBACK_NOT_ALLOWED). The request
   * stands until the other side answers it or an order is given.
   */
  async requestTakeback(gameId: string, side: Side, to?: number): Promise<MatchDto> {
    const request = await this.dataSource.transaction(async (m) => {
      const game = await this.games.load(gameId, m, true);
      const match = await this.mustFind(gameId, m, true);
      if (game.state.phase === 'finished' || game.state.result) {
        throw new ProblemException({
          status: 409,
          code: 'GAME_OVER',
          detail: 'The game is over already.',
        });
      }
      let target = to;
      if (target === undefined) {
        const [last] = (await m.query(
          `SELECT max(seq) AS seq FROM game_entries WHERE game_id = $1 AND side = $2
             AND NOT (("order"->>'type') = ANY($3))`,
          [gameId, side, [...FLOW_ENTRY_TYPES]],
        )) as Array<{ seq: number | null }>;
        if (last?.seq === null || last?.seq === undefined) {
          throw new ProblemException({
            status: 409,
            code: 'NOTHING_TO_TAKE_BACK',
            detail: `The ${side} side has given no order to take back.`,
          });
        }
        target = Number(last.seq) - 1;
      }
      const window = await this.takebackWindow(m, game, target);
      const refusal = takebackRefusal(game.prepared, window, target);
      if (refusal) {
        throw new ProblemException({
          status: refusal.code === 'BAD_TAKEBACK' ? 422 : 409,
          code: refusal.code,
          detail: `${refusal.message[0].toUpperCase()}${refusal.message.slice(1)}.`,
        });
      }
      const request: TakebackRequest = {
        side,
        to: target,
        version: game.row.version,
        at: this.clock.now().toISOString(),
      };
      await m.query(`UPDATE ladder_games SET takeback_request = $2 WHERE game_id = $1`, [
        gameId,
        JSON.stringify(request),
      ]);
      return { match, request };
    });
    await this.events.emit(this.playerOf(request.match, other(side)), 'takeback-requested', {
      gameId,
      by: side,
      to: request.request.to,
      version: request.request.version,
    });
    return this.view(gameId);
  }

  /**
   * POST /v1/games/{id}/takeback-accept or takeback-decline: answers the
   * other side's standing request (409 NO_TAKEBACK_REQUEST without one).
   * Accepting writes a `takeback` entry (src/engine/flow.ts) for the side
   * that asked: the state after it is the state after entry `to`; the
   * entries after `to` stay in the log, superseded. The clocks then run for
   * whoever must act at that position (time already spent stays spent).
   */
  async answerTakeback(gameId: string, side: Side, accept: boolean): Promise<MatchDto> {
    const noRequest = () =>
      new ProblemException({
        status: 409,
        code: 'NO_TAKEBACK_REQUEST',
        detail: `The ${other(side)} player has not asked for a takeback.`,
      });
    const answered = await this.dataSource.transaction(async (m) => {
      const game = await this.games.load(gameId, m, true);
      const match = await this.mustFind(gameId, m, true);
      const request = match.takeback_request;
      if (!request || request.side !== other(side) || request.version !== game.row.version)
        throw noRequest();
      await m.query(`UPDATE ladder_games SET takeback_request = NULL WHERE game_id = $1`, [gameId]);
      if (!accept) return { match, request, update: null, state: null };
      const now = this.clock.now();
      const window = await this.takebackWindow(m, game, request.to);
      const written = await this.flowEntries.append(
        m,
        game,
        request.side,
        { type: 'takeback', to: request.to },
        now,
        window,
      );
      if (match.clock) {
        const clock: ClockState = {
          remainingMs: remainingAt(match.clock, now),
          running: playPoint(game.prepared, written.next).mustAct,
          since: now.toISOString(),
        };
        await m.query(`UPDATE ladder_games SET clock = $2 WHERE game_id = $1`, [
          gameId,
          JSON.stringify(clock),
        ]);
      }
      return { match, request, update: written.update, state: written.next };
    });
    const clock = answered.update ? await this.hooks.clockOf(gameId) : null;
    await this.flowEntries.publish(
      answered.update && clock !== null ? { ...answered.update, clock } : answered.update,
    );
    await this.events.emit(
      this.playerOf(answered.match, other(side)),
      accept ? 'takeback-accepted' : 'takeback-declined',
      { gameId, by: side, to: answered.request.to },
    );
    if (answered.state) {
      const match = (await this.find(gameId))!;
      const { prepared } = await this.games.load(gameId);
      await this.tellWhoMustAct(match, prepared, answered.state);
    }
    return this.view(gameId);
  }

  /**
   * Abandoned games (every 30 s, and on demand): a game whose running clock
   * ran out UNCLAIMED_TIMEOUT_MS ago and nobody claimed is ended by the
   * server as the claim would have ended it — a `timeout` entry, the side
   * out of time losing (both out of time, in a sealed simultaneous decision:
   * adjudicated as the victory conditions stand). So a game no longer stays
   * active forever when both players walk away. Returns how many it ended.
   */
  async sweepTimeouts(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - UNCLAIMED_TIMEOUT_MS);
    const due = (await this.dataSource.query(
      `SELECT game_id FROM ladder_games l
       WHERE outcome IS NULL AND clock IS NOT NULL AND EXISTS (
         SELECT 1 FROM jsonb_array_elements_text(l.clock->'running') AS r(side)
         WHERE (l.clock->>'since')::timestamptz
               + (l.clock->'remainingMs'->>r.side)::float8 * interval '1 millisecond' <= $1)
       ORDER BY game_id LIMIT 100`,
      [before],
    )) as Array<{ game_id: string }>;
    let ended = 0;
    for (const { game_id } of due) {
      await this.conclude(game_id, (match, { prepared, state }) => {
        const flagged = match.clock ? flaggedAt(match.clock, this.clock.now()) : [];
        if (flagged.length === 1)
          return {
            side: other(flagged[0]),
            entry: { type: 'timeout', flagged: flagged[0] },
            kind: 'timeout',
          };
        if (flagged.length === 0)
          throw new ProblemException({
            status: 409,
            code: 'NO_TIMEOUT',
            detail: 'No clock of this game has run out.',
          });
        const waitingOn = (prepared.system.mustAct(prepared.ctx, state)?.seats ?? []) as Side[];
        return {
          side: waitingOn[0] ?? 'union',
          entry: { type: 'adjudicate', reason: 'both clocks ran out, unclaimed' },
          kind: 'adjudicated',
        };
      })
        .then(() => ended++)
        .catch((e: Error) => this.logger.warn(`ending ${game_id} on time: ${e.message}`));
    }
    return ended;
  }

  /** One of the flow actions by name (the GraphQL gameAction mutation); 400 for an unknown one. */
  act(gameId: string, side: Side, action: string, to?: number): Promise<MatchDto> {
    switch (action) {
      case 'abort':
        return this.abort(gameId, side);
      case 'draw-offer':
        return this.offerDraw(gameId, side);
      case 'draw-accept':
        return this.answerDraw(gameId, side, true);
      case 'draw-decline':
        return this.answerDraw(gameId, side, false);
      case 'claim-timeout':
        return this.claimTimeout(gameId, side);
      case 'takeback-request':
        return this.requestTakeback(gameId, side, to);
      case 'takeback-accept':
        return this.answerTakeback(gameId, side, true);
      case 'takeback-decline':
        return this.answerTakeback(gameId, side, false);
      default:
        throw new ProblemException({
          status: 400,
          code: 'BAD_ACTION',
          detail: `"${action}" is not an action: abort, draw-offer, draw-accept, draw-decline, claim-timeout, takeback-request, takeback-accept, takeback-decline.`,
        });
    }
  }

  /** POST /v1/games/{id}/seat-token: a new seat token for the player's own seat (the old one stops working). */
  async newSeatToken(
    gameId: string,
    playerId: string,
  ): Promise<{ gameId: string; side: Side; token: string }> {
    const match = await this.mustFind(gameId);
    const side = this.sideOf(match, playerId);
    if (!side) {
      throw new ProblemException({
        status: 403,
        code: 'NOT_YOUR_GAME',
        detail: 'You hold no seat in this game.',
      });
    }
    const token = newSeatToken();
    await this.dataSource.query(
      `UPDATE seats SET token_hash = $3 WHERE game_id = $1 AND side = $2`,
      [gameId, side, hashSeatToken(token)],
    );
    return { gameId, side, token };
  }

  /** GET /v1/games/{id}/players. */
  async view(gameId: string): Promise<MatchDto> {
    const match = await this.mustFind(gameId);
    const handles = await this.players.handles([
      match.union_player_id,
      match.confederate_player_id,
    ]);
    const player = (id: string): MatchPlayerDto => ({ id, handle: handles.get(id) ?? '' });
    return {
      gameId,
      players: {
        union: player(match.union_player_id),
        confederate: player(match.confederate_player_id),
      },
      rated: match.rated,
      timeControl: match.time_control,
      clock: match.clock ? clockView(match.clock, this.clock.now()) : null,
      drawOffer: match.draw_offer,
      takebackRequest: match.takeback_request
        ? { side: match.takeback_request.side, to: match.takeback_request.to }
        : null,
      outcome: match.outcome,
      tournament: match.tournament_id ? { id: match.tournament_id, round: match.round ?? 0 } : null,
    };
  }

  /** The competition score of a finished match for its winner (src/tournaments), from the scenario's table. */
  async winnerScore(match: MatchRow): Promise<number | null> {
    if (!match.outcome?.winner) return null;
    const { prepared } = await this.games.load(match.game_id);
    const { competitionScore } = resultOf(prepared, {
      winner: match.outcome.winner,
      level: match.outcome.level,
      reason: match.outcome.reason,
    });
    if (competitionScore !== null) return competitionScore;
    // A win without a level (resignation, time, forfeit) scores the best level the scenario prints for that side.
    const victory = (prepared.ctx as { scenario?: { victory?: { levels?: unknown } } }).scenario
      ?.victory;
    const levels = Array.isArray(victory?.levels)
      ? (victory.levels as Array<{ side?: string; competitionScore?: number }>)
      : [];
    return levels
      .filter((l) => l.side === match.outcome!.winner)
      .reduce((best, l) => Math.max(best, l.competitionScore ?? 0), 0);
  }
}
