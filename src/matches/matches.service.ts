import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { PreparedScenario, SystemState } from '../engine/rules/system';
import type { GameOptions, GameResult } from '../engine/state';
import { SIDES, type Side } from '../engine/types';
import { ProblemException } from '../common/errors/problem';
import { Clock } from '../clocks/clock';
import {
  clockAfterOrder,
  clockView,
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
import { GamesService } from '../games/games.service';
import { hashSeatToken, newSeatToken } from '../games/seat-tokens';
import { PlayerEventsService } from '../notifications/player-events.service';
import { isPlayerToken } from '../players/player-tokens';
import { PlayersService } from '../players/players.service';
import { RatingsService } from '../ratings/ratings.service';

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
  outcome: Outcome | null;
  finished_at: Date | null;
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
  outcome: Outcome | null;
  tournament: { id: string; round: number } | null;
}

/** Told when a game between players has ended (tournaments start their next round). */
export type FinishedListener = (match: MatchRow) => Promise<void>;

const other = (side: Side): Side => (side === 'union' ? 'confederate' : 'union');

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
export class MatchesService implements OnModuleInit {
  private readonly logger = new Logger('Matches');
  private readonly finishedListeners: FinishedListener[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly games: GamesService,
    private readonly hooks: GameHooks,
    private readonly players: PlayersService,
    private readonly ratings: RatingsService,
    private readonly events: PlayerEventsService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.hooks.register({
      sideForToken: (gameId, token) => this.sideForPlayerToken(gameId, token),
      beforeOrder: (a) => this.beforeOrder(a),
      afterOrder: (a) => this.afterOrder(a),
      committed: (gameId) => this.afterCommit(gameId),
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
    // A draw offer stands until the other side answers it — an order of his declines it.
    const drawOffer = match.draw_offer && match.draw_offer !== a.side ? null : match.draw_offer;
    await a.manager.query(
      `UPDATE ladder_games SET clock = $2, draw_offer = $3 WHERE game_id = $1`,
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
         clock = coalesce($4::jsonb, clock) WHERE game_id = $1`,
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
   * Ends a game outside the order log (draw agreed, abort, time-out): the
   * state is marked finished with the result, exactly as the engine marks a
   * resignation, and the match records the outcome. No entry is added: the
   * log holds the orders the engine played, which a replay re-runs; the
   * outcome is the match's.
   */
  private async conclude(
    gameId: string,
    decide: (match: MatchRow, game: { prepared: PreparedScenario; state: SystemState }) => Outcome,
  ): Promise<MatchDto> {
    const match = await this.dataSource.transaction(async (m) => {
      const { row, prepared, state } = await this.games.load(gameId, m, true);
      const match = await this.mustFind(gameId, m, true);
      if (state.phase === 'finished' || state.result) {
        throw new ProblemException({
          status: 409,
          code: 'GAME_OVER',
          detail: 'The game is over already.',
        });
      }
      const outcome = decide(match, { prepared, state });
      const result: GameResult = {
        winner: outcome.winner,
        level: outcome.level,
        reason: outcome.reason,
      };
      // As the engine ends a game on resignation: finished, nothing in progress or pending.
      const finished: SystemState = {
        ...state,
        phase: 'finished',
        result,
        ...('movement' in state ? { movement: null } : {}),
        ...('pending' in state ? { pending: null } : {}),
      };
      await m.query(
        `UPDATE games SET state = $2, status = 'finished', result = $3, updated_at = $4 WHERE id = $1`,
        [gameId, JSON.stringify(finished), JSON.stringify(result), this.clock.now()],
      );
      await this.record(m, match, row.scenarioId, outcome);
      return (await this.find(gameId, m))!;
    });
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
      return this.aborted(side);
    });
  }

  private aborted(side: Side): Outcome {
    return {
      kind: 'aborted',
      winner: null,
      level: null,
      reason: `aborted by ${side}`,
    };
  }

  /**
   * Ends an unfinished game as the victory conditions stand now (a tournament
   * round's deadline): the level the rules would award if the game ended at
   * this moment, or a draw.
   */
  async adjudicate(gameId: string, why: string): Promise<MatchDto> {
    return this.conclude(gameId, (_match, { prepared, state }) => {
      const standing = prepared.system.victory(prepared.ctx, state, null);
      const drawn = standing.winner === null || standing.level === 'draw';
      return {
        kind: 'adjudicated',
        winner: drawn ? null : standing.winner,
        level: drawn ? null : standing.level,
        reason: `adjudicated (${why})${standing.case ? `: ${standing.case}` : ''}`,
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
        return { kind: 'draw', winner: null, level: null, reason: 'draw agreed' };
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
      return {
        kind: 'timeout',
        winner: side,
        level: null,
        reason: `${other(side)} ran out of time`,
      };
    });
  }

  /** One of the flow actions by name (the GraphQL gameAction mutation); 400 for an unknown one. */
  act(gameId: string, side: Side, action: string): Promise<MatchDto> {
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
      default:
        throw new ProblemException({
          status: 400,
          code: 'BAD_ACTION',
          detail: `"${action}" is not an action: abort, draw-offer, draw-accept, draw-decline, claim-timeout.`,
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
