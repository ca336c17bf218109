import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { initialStateOf } from '../engine/replay';
import type { PreparedScenario } from '../engine/rules/system';
import type { GameOptions } from '../engine/state';
import type { Side } from '../engine/types';
import { ProblemException } from '../common/errors/problem';
import { Clock } from '../clocks/clock';
import { checkTimeControl, type TimeControl } from '../clocks/time-control';
import { GameContexts } from '../games/game-contexts.service';
import { MatchesService, type MatchRow, type Outcome } from '../matches/matches.service';
import { PlayerEventsService } from '../notifications/player-events.service';
import type { PlayerPrincipal } from '../players/players.service';
import {
  roundRobin,
  standings,
  swissRound,
  swissRounds,
  type Round,
  type ScoredGame,
  type Standing,
} from './pairing';

export type TournamentKind = 'round-robin' | 'swiss';
export type TournamentStatus = 'open' | 'running' | 'finished';

export interface TournamentInput {
  name: string;
  kind: TournamentKind;
  scenario: string;
  options?: Record<string, unknown>;
  timeControl?: Record<string, unknown>;
  rated: boolean;
  rounds?: number;
  roundHours?: number;
  maxPlayers?: number;
}

interface PlayerRef {
  id: string;
  handle: string;
}

export interface TournamentDto {
  id: string;
  name: string;
  kind: TournamentKind;
  organizer: PlayerRef;
  scenario: string;
  options: GameOptions;
  timeControl: TimeControl | null;
  rated: boolean;
  status: TournamentStatus;
  /** Number of rounds: fixed at the start (a round-robin: one per opponent; Swiss: as asked, or ceil(log2 n)). */
  rounds: number | null;
  currentRound: number;
  roundHours: number;
  /** When the current round's unfinished games are adjudicated. */
  roundDeadline: string | null;
  maxPlayers: number;
  players: PlayerRef[];
  createdAt: string;
  finishedAt: string | null;
}

export interface TournamentGameDto {
  gameId: string;
  union: PlayerRef;
  confederate: PlayerRef;
  outcome: Outcome | null;
  /** Points each side earned, once the game is over. */
  points: Record<Side, number> | null;
}

export interface TournamentRoundDto {
  round: number;
  games: TournamentGameDto[];
  bye: PlayerRef | null;
}

export interface StandingDto extends Omit<Standing, 'player'> {
  player: PlayerRef;
}

export interface StandingsDto {
  tournamentId: string;
  kind: TournamentKind;
  status: TournamentStatus;
  round: number;
  standings: StandingDto[];
}

interface TournamentRow {
  id: string;
  name: string;
  kind: TournamentKind;
  organizer_id: string;
  scenario_id: string;
  options: GameOptions;
  time_control: TimeControl | null;
  rated: boolean;
  status: TournamentStatus;
  rounds: number | null;
  current_round: number;
  round_hours: number;
  round_deadline: Date | null;
  max_players: number;
  created_at: Date;
  finished_at: Date | null;
}

/** Players in a tournament at most: a round-robin of 32 is 496 games. */
export const MAX_PLAYERS = 32;

const tournamentNotFound = (id: string) =>
  new ProblemException({
    status: 404,
    code: 'TOURNAMENT_NOT_FOUND',
    detail: `There is no tournament ${id}.`,
  });

/**
 * Points a tournament game earns, from the scenario's levels of victory
 * (`competitionScore`): the winner scores his level's competition score (a
 * win without a level — resignation, time, adjudication without a level —
 * the best his side can score); the loser nothing; a draw half the smallest
 * score a win can earn (half a marginal victory); a bye the best score of
 * the scenario.
 */
export class ScoreTable {
  constructor(private readonly prepared: PreparedScenario) {}

  private levels(): Array<{ side?: string; level?: string; competitionScore?: number }> {
    const victory = (this.prepared.ctx as { scenario?: { victory?: { levels?: unknown } } })
      .scenario?.victory;
    return Array.isArray(victory?.levels) ? victory.levels : [];
  }

  private scores(side?: Side): number[] {
    const s = this.levels()
      .filter((l) => side === undefined || l.side === side)
      .map((l) => l.competitionScore)
      .filter((x): x is number => typeof x === 'number' && x > 0);
    return s.length > 0 ? s : [1];
  }

  game(outcome: Outcome): Record<Side, number> {
    if (outcome.winner === null) {
      const half = Math.min(...this.scores()) / 2;
      return { union: half, confederate: half };
    }
    const { system, ctx } = this.prepared;
    const score =
      (outcome.level !== null ? system.competitionScore(ctx, outcome) : null) ??
      Math.max(...this.scores(outcome.winner));
    return outcome.winner === 'union'
      ? { union: score, confederate: 0 }
      : { union: 0, confederate: score };
  }

  bye(): number {
    return Math.max(...this.scores());
  }
}

/**
 * Round-robin and Swiss tournaments. The organizer (a token with the
 * "tournaments" scope) creates one, players (scope "play") join, the
 * organizer starts it: round 1 is paired and its games created between the
 * players. Each following round is paired automatically when the last game
 * of a round ends, or when the round's deadline passes (unfinished games are
 * then adjudicated as the victory conditions stand). Standings use the
 * scenario's competition scores with Sonneborn-Berger and Buchholz.
 */
@Injectable()
export class TournamentsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Tournaments');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contexts: GameContexts,
    private readonly matches: MatchesService,
    private readonly events: PlayerEventsService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.matches.onFinished((match) => this.gameFinished(match));
    this.timer = setInterval(
      () => void this.tick().catch((e: Error) => this.logger.warn(`tick: ${e.message}`)),
      30_000,
    );
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async create(who: PlayerPrincipal, input: TournamentInput): Promise<TournamentDto> {
    let timeControl: TimeControl | null = null;
    if (input.timeControl !== undefined) {
      const checked = checkTimeControl(input.timeControl);
      if (!checked.ok)
        throw new ProblemException({
          status: 400,
          code: 'BAD_TIME_CONTROL',
          detail: `${checked.problem}.`,
        });
      timeControl = checked.tc;
    }
    const options = (input.options ?? {}) as GameOptions;
    const p = await this.contexts.get(input.scenario, options);
    try {
      initialStateOf(p, options, 'tournament-check');
    } catch (e) {
      throw new ProblemException({
        status: 422,
        code: (e as { code?: string }).code ?? 'GAME_NOT_CREATED',
        detail: `A game of "${input.scenario}" cannot be set up: ${(e as Error).message}`,
      });
    }
    if (input.kind === 'round-robin' && input.rounds !== undefined) {
      throw new ProblemException({
        status: 400,
        code: 'ROUNDS_FIXED',
        detail: 'A round-robin has one round per opponent: "rounds" is for Swiss tournaments.',
      });
    }
    const [row] = (await this.dataSource.query(
      `INSERT INTO tournaments (name, kind, organizer_id, scenario_id, options, time_control, rated,
         status, rounds, round_hours, max_players, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9, $10, $11) RETURNING id`,
      [
        input.name,
        input.kind,
        who.id,
        p.system.scenarioId(p.ctx),
        JSON.stringify(options),
        timeControl ? JSON.stringify(timeControl) : null,
        input.rated,
        input.rounds ?? null,
        input.roundHours ?? 168,
        input.maxPlayers ?? 16,
        this.clock.now(),
      ],
    )) as Array<{ id: string }>;
    return this.get(row.id);
  }

  private async row(id: string): Promise<TournamentRow> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw tournamentNotFound(id);
    const rows = (await this.dataSource.query(`SELECT * FROM tournaments WHERE id = $1`, [
      id,
    ])) as TournamentRow[];
    if (rows.length === 0) throw tournamentNotFound(id);
    return rows[0];
  }

  /** The players in joining order (the seeding of the pairings). */
  private async playersOf(id: string): Promise<PlayerRef[]> {
    return (await this.dataSource.query(
      `SELECT p.id, p.handle FROM tournament_players tp JOIN players p ON p.id = tp.player_id
       WHERE tp.tournament_id = $1 ORDER BY tp.joined_at, p.id`,
      [id],
    )) as PlayerRef[];
  }

  async get(id: string): Promise<TournamentDto> {
    const t = await this.row(id);
    const [organizer] = (await this.dataSource.query(
      `SELECT id, handle FROM players WHERE id = $1`,
      [t.organizer_id],
    )) as PlayerRef[];
    return {
      id: t.id,
      name: t.name,
      kind: t.kind,
      organizer,
      scenario: t.scenario_id,
      options: t.options,
      timeControl: t.time_control,
      rated: t.rated,
      status: t.status,
      rounds: t.rounds,
      currentRound: t.current_round,
      roundHours: t.round_hours,
      roundDeadline: t.round_deadline ? t.round_deadline.toISOString() : null,
      maxPlayers: t.max_players,
      players: await this.playersOf(id),
      createdAt: t.created_at.toISOString(),
      finishedAt: t.finished_at ? t.finished_at.toISOString() : null,
    };
  }

  /** GET /v1/tournaments: newest first (at most 50), optionally by status. */
  async list(status?: TournamentStatus): Promise<TournamentDto[]> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM tournaments WHERE ($1::text IS NULL OR status = $1)
       ORDER BY created_at DESC, id LIMIT 50`,
      [status ?? null],
    )) as Array<{ id: string }>;
    const out: TournamentDto[] = [];
    for (const r of rows) out.push(await this.get(r.id));
    return out;
  }

  /** POST /v1/tournaments/{id}/join: while it is open and not full. */
  async join(who: PlayerPrincipal, id: string): Promise<TournamentDto> {
    await this.row(id); // 404 first
    await this.dataSource.transaction(async (m) => {
      // Only this transaction's connection inside it: the embedded database serves one at a time.
      const [t] = (await m.query(`SELECT * FROM tournaments WHERE id = $1 FOR UPDATE`, [
        id,
      ])) as TournamentRow[];
      if (t.status !== 'open')
        throw new ProblemException({
          status: 409,
          code: 'TOURNAMENT_STARTED',
          detail: `The tournament is ${t.status}: no one joins any more.`,
        });
      const [{ n }] = await m.query(
        `SELECT count(*)::int AS n FROM tournament_players WHERE tournament_id = $1`,
        [id],
      );
      if (n >= t.max_players)
        throw new ProblemException({
          status: 409,
          code: 'TOURNAMENT_FULL',
          detail: `The tournament has its ${t.max_players} players.`,
        });
      const inserted = await m.query(
        `INSERT INTO tournament_players (tournament_id, player_id, joined_at) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING player_id`,
        [id, who.id, this.clock.now()],
      );
      if (inserted.length === 0)
        throw new ProblemException({
          status: 409,
          code: 'ALREADY_JOINED',
          detail: 'You are in this tournament already.',
        });
    });
    return this.get(id);
  }

  /** POST /v1/tournaments/{id}/start: the organizer; at least two players; round 1 is paired. */
  async start(who: PlayerPrincipal, id: string): Promise<TournamentDto> {
    const t = await this.row(id);
    if (t.organizer_id !== who.id)
      throw new ProblemException({
        status: 403,
        code: 'NOT_ORGANIZER',
        detail: 'Only the organizer starts the tournament.',
      });
    const players = await this.playersOf(id);
    if (players.length < 2)
      throw new ProblemException({
        status: 422,
        code: 'TOO_FEW_PLAYERS',
        detail: 'A tournament needs at least two players.',
      });
    const rounds =
      t.kind === 'round-robin'
        ? roundRobin(players.map((p) => p.id)).length
        : Math.min(t.rounds ?? swissRounds(players.length), players.length - 1 || 1);
    const started = await this.dataSource.query(
      `UPDATE tournaments SET status = 'running', rounds = $2 WHERE id = $1 AND status = 'open'
       RETURNING id`,
      [id, rounds],
    );
    if (started[0].length === 0)
      throw new ProblemException({
        status: 409,
        code: 'TOURNAMENT_STARTED',
        detail: 'The tournament has started already.',
      });
    await this.pairRound(id, 1);
    return this.get(id);
  }

  /**
   * Pairs round `round` and creates its games. The round is claimed first
   * (current_round moves from round-1 to round in one update), so two
   * triggers at once pair it once.
   */
  private async pairRound(id: string, round: number): Promise<void> {
    const t = await this.row(id);
    const players = await this.playersOf(id);
    const pairing = await this.pairingOf(t, players, round);
    if (!pairing) return this.finish(id, 'no pairing without a repeat is left');
    const deadline = new Date(this.clock.now().getTime() + t.round_hours * 3_600_000);
    const claimed = await this.dataSource.query(
      `UPDATE tournaments SET current_round = $2, round_deadline = $3
       WHERE id = $1 AND current_round = $4 AND status = 'running' RETURNING id`,
      [id, round, deadline, round - 1],
    );
    if (claimed[0].length === 0) return;
    if (pairing.bye) {
      await this.dataSource.query(
        `INSERT INTO tournament_byes (tournament_id, round, player_id) VALUES ($1, $2, $3)`,
        [id, round, pairing.bye],
      );
      await this.events.emit(pairing.bye, 'tournament-round-paired', {
        tournamentId: id,
        round,
        bye: true,
      });
    }
    const paired: Array<{ gameId: string; union: string; confederate: string }> = [];
    for (const game of pairing.games) {
      const { gameId } = await this.matches.create({
        scenario: t.scenario_id,
        options: t.options,
        players: game,
        rated: t.rated,
        timeControl: t.time_control,
        tournamentId: id,
        round,
      });
      for (const side of ['union', 'confederate'] as const) {
        await this.events.emit(game[side], 'tournament-round-paired', {
          tournamentId: id,
          round,
          gameId,
          side,
          deadline: deadline.toISOString(),
        });
      }
      paired.push({ gameId, ...game });
      await this.matches.announce(gameId);
    }
    // The ladder operator (the organizer) is told of the whole round.
    await this.events.emit(t.organizer_id, 'tournament-round-paired', {
      tournamentId: id,
      round,
      organizer: true,
      games: paired,
      bye: pairing.bye ?? null,
      deadline: deadline.toISOString(),
    });
  }

  private async pairingOf(
    t: TournamentRow,
    players: PlayerRef[],
    round: number,
  ): Promise<Round | null> {
    if (t.kind === 'round-robin') return roundRobin(players.map((p) => p.id))[round - 1] ?? null;
    const matches = await this.matchesOf(t.id);
    const table = await this.scoreTable(t);
    const byes = await this.byesOf(t.id);
    const scored = this.scored(matches, table);
    const current = standings(
      players.map((p) => p.id),
      scored,
      byes.map((b) => ({ player: b.player_id, points: table.bye() })),
      'swiss',
    );
    const points = new Map(current.map((s) => [s.player, s.points]));
    return swissRound(
      players.map((p, i) => ({
        id: p.id,
        score: points.get(p.id) ?? 0,
        seed: i,
        opponents: new Set(
          matches.flatMap((m) =>
            m.union_player_id === p.id
              ? [m.confederate_player_id]
              : m.confederate_player_id === p.id
                ? [m.union_player_id]
                : [],
          ),
        ),
        sideBalance: matches.reduce(
          (n, m) =>
            n + (m.union_player_id === p.id ? 1 : m.confederate_player_id === p.id ? -1 : 0),
          0,
        ),
        hadBye: byes.some((b) => b.player_id === p.id),
      })),
    );
  }

  private async matchesOf(id: string): Promise<MatchRow[]> {
    return (await this.dataSource.query(
      `SELECT * FROM ladder_games WHERE tournament_id = $1 ORDER BY round, created_at, game_id`,
      [id],
    )) as MatchRow[];
  }

  private async byesOf(id: string): Promise<Array<{ round: number; player_id: string }>> {
    return (await this.dataSource.query(
      `SELECT round, player_id FROM tournament_byes WHERE tournament_id = $1 ORDER BY round`,
      [id],
    )) as Array<{ round: number; player_id: string }>;
  }

  private async scoreTable(t: TournamentRow): Promise<ScoreTable> {
    return new ScoreTable(await this.contexts.get(t.scenario_id, t.options));
  }

  private scored(matches: MatchRow[], table: ScoreTable): ScoredGame[] {
    return matches
      .filter((m) => m.outcome && m.outcome.kind !== 'aborted')
      .map((m) => ({
        union: m.union_player_id,
        confederate: m.confederate_player_id,
        winner: m.outcome!.winner,
        points: table.game(m.outcome!),
      }));
  }

  /** A game of a tournament ended: when it was the last of its round, the next round (or the end). */
  private async gameFinished(match: MatchRow): Promise<void> {
    if (!match.tournament_id) return;
    // The ladder operator (the organizer) hears of every result of his tournament.
    const t = await this.row(match.tournament_id);
    await this.events.emit(t.organizer_id, 'tournament-game-finished', {
      tournamentId: t.id,
      round: match.round,
      gameId: match.game_id,
      players: { union: match.union_player_id, confederate: match.confederate_player_id },
      outcome: match.outcome,
    });
    await this.advance(match.tournament_id);
  }

  private async advance(id: string): Promise<void> {
    const t = await this.row(id);
    if (t.status !== 'running' || t.current_round === 0) return;
    const [{ open }] = await this.dataSource.query(
      `SELECT count(*)::int AS open FROM ladder_games
       WHERE tournament_id = $1 AND round = $2 AND outcome IS NULL`,
      [id, t.current_round],
    );
    if (open > 0) return;
    if (t.current_round >= (t.rounds ?? 0)) return this.finish(id, 'every round is played');
    await this.pairRound(id, t.current_round + 1);
  }

  private async finish(id: string, why: string): Promise<void> {
    const done = await this.dataSource.query(
      `UPDATE tournaments SET status = 'finished', finished_at = $2, round_deadline = NULL
       WHERE id = $1 AND status = 'running' RETURNING id`,
      [id, this.clock.now()],
    );
    if (done[0].length === 0) return;
    const result = await this.standings(id);
    const [t] = (await this.dataSource.query(`SELECT organizer_id FROM tournaments WHERE id = $1`, [
      id,
    ])) as Array<{ organizer_id: string }>;
    // The ladder operator (the organizer) gets the final standings.
    await this.events.emit(t.organizer_id, 'tournament-finished', {
      tournamentId: id,
      why,
      organizer: true,
      standings: result.standings.map((s) => ({
        rank: s.rank,
        player: s.player,
        points: s.points,
      })),
    });
    for (const s of result.standings) {
      await this.events.emit(s.player.id, 'tournament-finished', {
        tournamentId: id,
        why,
        rank: s.rank,
        points: s.points,
      });
    }
  }

  /**
   * Round deadlines (every 30 s, and on demand): the unfinished games of a
   * round whose deadline has passed are adjudicated as the victory
   * conditions stand now, then the next round is paired.
   */
  async tick(): Promise<void> {
    const due = (await this.dataSource.query(
      `SELECT id, current_round FROM tournaments
       WHERE status = 'running' AND round_deadline IS NOT NULL AND round_deadline <= $1`,
      [this.clock.now()],
    )) as Array<{ id: string; current_round: number }>;
    for (const t of due) {
      const open = (await this.dataSource.query(
        `SELECT game_id FROM ladder_games WHERE tournament_id = $1 AND round = $2 AND outcome IS NULL`,
        [t.id, t.current_round],
      )) as Array<{ game_id: string }>;
      for (const g of open) {
        await this.matches
          .adjudicate(g.game_id, `round ${t.current_round} deadline passed`)
          .catch((e: Error) => this.logger.warn(`adjudicating ${g.game_id}: ${e.message}`));
      }
      await this.advance(t.id);
    }
  }

  /** GET /v1/tournaments/{id}/rounds: every round's games with their outcome and points, and byes. */
  async rounds(id: string): Promise<TournamentRoundDto[]> {
    const t = await this.row(id);
    const players = new Map((await this.playersOf(id)).map((p) => [p.id, p]));
    const ref = (pid: string): PlayerRef => players.get(pid) ?? { id: pid, handle: '' };
    const table = await this.scoreTable(t);
    const out: TournamentRoundDto[] = [];
    for (let r = 1; r <= t.current_round; r++) out.push({ round: r, games: [], bye: null });
    for (const m of await this.matchesOf(id)) {
      out[(m.round ?? 1) - 1]?.games.push({
        gameId: m.game_id,
        union: ref(m.union_player_id),
        confederate: ref(m.confederate_player_id),
        outcome: m.outcome,
        points: m.outcome && m.outcome.kind !== 'aborted' ? table.game(m.outcome) : null,
      });
    }
    for (const b of await this.byesOf(id))
      if (out[b.round - 1]) out[b.round - 1].bye = ref(b.player_id);
    return out;
  }

  /** GET /v1/tournaments/{id}/standings. */
  async standings(id: string): Promise<StandingsDto> {
    const t = await this.row(id);
    const players = await this.playersOf(id);
    const table = await this.scoreTable(t);
    const byId = new Map(players.map((p) => [p.id, p]));
    const rows = standings(
      players.map((p) => p.id),
      this.scored(await this.matchesOf(id), table),
      (await this.byesOf(id)).map((b) => ({ player: b.player_id, points: table.bye() })),
      t.kind,
    );
    return {
      tournamentId: id,
      kind: t.kind,
      status: t.status,
      round: t.current_round,
      standings: rows.map((s) => ({ ...s, player: byId.get(s.player)! })),
    };
  }

  /** GET /v1/tournaments/{id}/export: every game and bye as CSV, then the standings. */
  async exportCsv(id: string): Promise<string> {
    const rounds = await this.rounds(id);
    const table = await this.standings(id);
    const cell = (v: unknown) => {
      const s = v === null || v === undefined ? '' : String(v);
      return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    };
    const lines = [
      'round,game,union,confederate,outcome,winner,level,union_points,confederate_points',
    ];
    for (const r of rounds) {
      for (const g of r.games) {
        lines.push(
          [
            r.round,
            g.gameId,
            g.union.handle,
            g.confederate.handle,
            g.outcome?.kind ?? 'unfinished',
            g.outcome?.winner ?? '',
            g.outcome?.level ?? '',
            g.points?.union ?? '',
            g.points?.confederate ?? '',
          ]
            .map(cell)
            .join(','),
        );
      }
      if (r.bye)
        lines.push([r.round, '', r.bye.handle, '', 'bye', '', '', '', ''].map(cell).join(','));
    }
    lines.push('');
    lines.push('rank,player,points,games,wins,draws,losses,byes,sonneborn_berger,buchholz');
    for (const s of table.standings) {
      lines.push(
        [
          s.rank,
          s.player.handle,
          s.points,
          s.games,
          s.wins,
          s.draws,
          s.losses,
          s.byes,
          s.sonnebornBerger,
          s.buchholz,
        ]
          .map(cell)
          .join(','),
      );
    }
    return `${lines.join('\n')}\n`;
  }
}
