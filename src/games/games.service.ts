import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { formatGameText } from '../engine/notation';
import { TakebackWindow } from '../engine/flow';
import { applyLoggedEntry, initialStateOf, stateAsPlayed } from '../engine/replay';
import { gameDice } from '../engine/dice';
import { knownRevision, revisionOf } from '../engine/revision';
import type { PreparedScenario, Reader, ScenarioGap, SystemState } from '../engine/rules';
import type { GameOptions, GameResult } from '../engine/state';
import { SIDES, type GameEvent, type Side } from '../engine/types';
import { ProblemException } from '../common/errors/problem';
import { NamedStatements } from '../database/named-statements';
import { EmbeddedDatabaseService } from '../database/embedded-database.service';
import type { ServerTiming } from '../common/server-timing';
import { Game, type ForkOrigin } from './entities/game.entity';
import { GameEntry } from './entities/game-entry.entity';
import { Seat } from './entities/seat.entity';
import { parseGameOptions } from './dto/game-options';
import { GameContexts } from './game-contexts.service';
import { GameHooks } from './game-hooks';
import { gameNotFound, invalidSeatToken, isGameId, missingSeatToken } from './game-problems';
import { gameStatus, gameView, resultOf, resultView, type GameViewDto } from './game-view';
import {
  bearerToken,
  hashSeatToken,
  newSeatToken,
  newGameSecret,
  newSeed,
  seedCommitment,
  presentedMatches,
  presentedToken,
} from './seat-tokens';
import {
  canonicalJson,
  hashSchemeOf,
  stateHasher,
  stateHashOfText,
  type HashScheme,
} from './state-hash';
import { HotStates, keepsSnapshot, type HotFacts, type HotGame } from './game-states';
import { presentUpdate, updateOfEntry, type UpdatesSource } from './game-updates';
import { CountersRequiredError, NotYetSupportedError } from '../engine/errors';

export interface CreateGameInput {
  /** Required unless the game is a fork (which plays its game's scenario). */
  scenario?: string;
  /** Only for a testing game (400 SEED_REQUIRES_TESTING otherwise): the server draws every other seed. */
  seed?: string;
  /** A game for testing: its seed may be chosen; never rated; marked in its view, listing, replay and text. */
  testing?: boolean;
  options?: GameOptions;
  /** Start from the position after entry `seq` of game `game` (issue 18). */
  fork?: { game: string; seq: number };
}

/** POST /v1/games/import: what a game's text or JSON replay says (docs/notation.md). */
export interface ImportInput {
  scenario: string;
  options: GameOptions;
  seed: string | null;
  /** The orders, in order; a replay gives each entry's state hash too. */
  entries: Array<{ seq: number; side: Side; order: unknown; stateHash?: string }>;
  /** The hash of the final state the text records (FinalStateHash), checked after the last entry. */
  finalStateHash?: string;
  /** Set when the source is itself a fork: its set-up is not in the text, so it cannot be re-created. */
  forkedFrom?: string;
  /** The engine revision the source was played under (absent: revision 1, a game from before it was recorded). */
  engineRevision?: number;
  /** The source's revealed secret: the imported game keeps it, so its state hashes are the source's. */
  secret?: string | null;
  /** The source's published seed commitment: the seed (with the secret) must match it. */
  seedCommitment?: string;
}

/** At most this many entries are imported at once: the import is one request's bounded work. */
export const MAX_IMPORT_ENTRIES = 20000;

export interface CreatedGame {
  id: string;
  scenario: string;
  rulesSystem: string;
  rulesVersion: string;
  version: number;
  /** One seat per side with its secret bearer token: shown once, stored only as a hash. */
  seats: Array<{ side: Side; token: string }>;
  /** sha256 (hex) of the secret seed, revealed in the replay once the game is over. */
  seedCommitment: string;
  /** A fork's origin: the game and entry it started from (issue 18). */
  forkedFrom?: ForkOrigin;
  game: GameViewDto;
}

export interface GameSummary {
  id: string;
  scenario: string;
  rulesSystem: string;
  rulesVersion: string;
  status: string;
  version: number;
  turn: number;
  phase: string;
  result: GameViewDto['result'];
  /** A testing game (its seed chosen by its creator): never rated. */
  testing: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface GameListFilter {
  scenario?: string;
  status?: 'active' | 'finished';
  limit: number;
  offset: number;
}

export interface GamePage {
  items: GameSummary[];
  total: number;
  limit: number;
  offset: number;
}

export interface ReplayEntryDto {
  seq: number;
  side: Side;
  order: unknown;
  events: unknown[];
  stateHash: string;
  at: string;
}

export interface ReplayDto {
  id: string;
  scenario: string;
  rulesSystem: string;
  rulesVersion: string;
  options: GameOptions;
  status: 'active' | 'finished';
  /** The engine revision the game is played under (src/engine/revision.ts). */
  engineRevision: number;
  /** sha256 of the scenario and map documents the game was created from; null for games stored before it was recorded. */
  scenarioHash: string | null;
  /** How seedCommitment and the entries' stateHash are made: keyed with the game's secret, or plain sha256 (older games). */
  hashScheme: HashScheme;
  seedCommitment: string;
  /** The seed of the dice: null until the game is over. */
  seed: string | null;
  /** The game's secret (key of the commitment and of the state hashes): null until the game is over, and for older games. */
  secret: string | null;
  result: GameViewDto['result'];
  /**
   * A fork's origin: the game and entry it started from, and that position's hash
   * (issue 18); with that game's secret once both games are over (null: plain sha256).
   */
  forkedFrom?: ForkOrigin & { secret?: string | null };
  /** A fork's start position (its entry 0), once the fork is over: verification re-runs from it. */
  startState?: unknown;
  /** A testing game: its creator chose the seed (or it was imported, its seed public); never rated. */
  testing: boolean;
  createdAt: string;
  updatedAt: string;
  entries: ReplayEntryDto[];
}

/** GET /v1/games/{id}/series: victory points after every entry; points and losses per Game-Turn. */
export interface GameSeriesDto {
  gameId: string;
  entries: Array<{
    seq: number;
    turn: number;
    phase: string;
    points: Record<Side, number>;
    /** Strength Points each side has lost so far; null where the rules system keeps no such count. */
    eliminatedStrength: Record<Side, number> | null;
  }>;
  turns: Array<{
    turn: number;
    /** The last entry of the Game-Turn. */
    lastSeq: number;
    points: Record<Side, number>;
    /** Strength Points each side lost in the Game-Turn. */
    strengthLost: Record<Side, number> | null;
  }>;
}

export interface StateAtDto {
  gameId: string;
  seq: number;
  /** Hash recorded with the entry (for seq 0: of the initial state). */
  stateHash: string;
  at: string;
  /** The engine state after entry `seq`, as the reader may see it. */
  state: unknown;
  /**
   * Present (true) when something hidden from the reader is left out of
   * `state` while the game is under way (sealed choices, Road to Richmond
   * 17.62; the identity and strength of enemy blocks); `stateHash` is of the
   * whole state, checkable once the game is over.
   */
  redacted?: true;
  /** The client view as it stood after entry `seq` (what GET /v1/games/{id} answered then). */
  game: GameViewDto;
}

/** A row of the game list: the columns it shows and the turn and phase read from the state. */
interface ListedGameRow {
  id: string;
  scenario_id: string;
  rules_system: string;
  rules_version: string;
  status: string;
  version: number;
  result: GameResult | null;
  turn: number;
  phase: string;
  testing: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A seat's side and its token's sha256 (hex), as the locking read returns them. */
export interface SeatHash {
  side: Side;
  hash: string;
}

/** A loaded game: its row, its scenario prepared by its rules system, and its current state. */
export interface LoadedGame {
  row: Game;
  prepared: PreparedScenario;
  state: SystemState;
}

/** A log entry with the state after it (stored, or re-derived from the nearest snapshot). */
export type EntryWithState = Pick<
  GameEntry,
  'gameId' | 'seq' | 'side' | 'order' | 'events' | 'stateHash' | 'createdAt'
> & { state: SystemState };

/** The columns of a game row but its state (and a fork's start), as `load` reads them. */
/** The order path's locked read of a game: row, context, state, seats' token hashes, hooks, stored answer. */
export type LockedGame = LoadedGame & {
  seats: SeatHash[];
  hooked: boolean;
  /** The answer stored under the submission's Idempotency-Key (undefined without one). */
  stored: StoredAnswer | null | undefined;
};

/** Runs a game row's read (its SQL and parameters) and returns its rows. */
type FirstStatement = (sql: string, params: unknown[]) => Promise<unknown[]>;

/** What orderTransaction needs of the pg client under TypeORM's query runner. */
interface SimpleQueryClient {
  query(text: string): Promise<Array<{ rows: unknown[] }>>;
  escapeLiteral(value: string): string;
}

/** What recordEntry wrote. */
export interface RecordedEntry {
  seq: number;
  stateHash: string;
  status: string;
  entry: EntryWithState;
  /** Length of the state's JSON text (what HotStates weighs). */
  jsonLength: number;
}

/** What recordEntry writes. */
export interface EntryInput {
  row: Game;
  side: Side;
  order: unknown;
  events: GameEvent[];
  next: SystemState;
  at: Date;
  snapshot?: boolean;
  timing?: ServerTiming;
  /**
   * The answer to store under the submission's Idempotency-Key, written by the
   * same statement as the entry (issue 20: no round trip of its own). A key
   * stored meanwhile by a racing submission fails it with a unique violation
   * (isIdempotencyKeyTaken), and the whole transaction with it.
   */
  idempotent?: { key: string; response: unknown; requestHash: string | null };
}

/** recordEntry's optimistic guard: the seat token's hash the attempt matched (null: no seat token checked). */
export interface EntryGuard {
  seatHash: string | null;
}

/** An answer stored under an Idempotency-Key (idempotency_keys). */
export interface StoredAnswer {
  statusCode: number;
  response: unknown;
  /** sha256 of the canonical submission the key was first used for (null: stored before it was kept). */
  requestHash: string | null;
}

/** An idempotency_keys row `k` as one JSON value (the locked read returns it as a column). */
const STORED_ANSWER = `json_build_object('statusCode', k.status_code, 'response', k.response, 'requestHash', k.request_hash)`;

function storedAnswerOf(value: unknown): StoredAnswer | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as StoredAnswer;
}

/**
 * True for the unique violation of idempotency_keys' primary key: a racing
 * submission with the same Idempotency-Key committed first (PostgreSQL waited for
 * it), after this one's locked read could see it.
 */
export function isIdempotencyKeyTaken(error: unknown): boolean {
  const e = error as {
    code?: unknown;
    constraint?: unknown;
    driverError?: { code?: unknown; constraint?: unknown };
  };
  const code = e?.code ?? e?.driverError?.code;
  const constraint = e?.constraint ?? e?.driverError?.constraint;
  return code === '23505' && constraint === 'PK_idempotency_keys';
}

const GAME_COLUMNS = `id, scenario_id, rules_system, rules_version, status, version, seed,
  seed_commitment, engine_revision, scenario_hash, secret, options, result, forked_from,
  testing, created_at, updated_at, state_seq`;

interface GameRowRaw {
  id: string;
  scenario_id: string;
  rules_system: string;
  rules_version: string;
  status: string;
  version: number;
  seed: string;
  seed_commitment: string;
  engine_revision: number;
  scenario_hash: string | null;
  secret: string | null;
  options: Record<string, unknown>;
  result: unknown;
  forked_from: ForkOrigin | null;
  testing: boolean;
  created_at: Date;
  updated_at: Date;
  state_seq: number;
}

/** A Game entity from a raw row (without its state). */
function gameOf(r: GameRowRaw): Game {
  const g = new Game();
  g.id = r.id;
  g.scenarioId = r.scenario_id;
  g.rulesSystem = r.rules_system;
  g.rulesVersion = r.rules_version;
  g.status = r.status;
  g.version = r.version;
  g.seed = r.seed;
  g.seedCommitment = r.seed_commitment;
  g.engineRevision = r.engine_revision;
  g.scenarioHash = r.scenario_hash;
  g.secret = r.secret;
  g.options = r.options;
  g.result = r.result;
  g.forkedFrom = r.forked_from;
  g.testing = r.testing === true;
  g.createdAt = r.created_at;
  g.updatedAt = r.updated_at;
  g.stateSeq = r.state_seq;
  return g;
}

/**
 * Why a game cannot be set up, as a problem: 422 COUNTERS_REQUIRED when a
 * side would have no unit (the case cited, the side named), NOT_YET_SUPPORTED
 * for rules the engine lacks, GAME_NOT_CREATED otherwise.
 */
function notSetUp(scenario: string, e: unknown): ProblemException {
  const message = (e as Error).message;
  if (e instanceof CountersRequiredError)
    return new ProblemException({
      status: 422,
      code: e.code,
      title: 'Counters required',
      rule: e.rule,
      detail: `A game of "${scenario}" cannot be set up: ${message.replace(/^COUNTERS_REQUIRED \([^)]*\): /, '')}.`,
      extensions: { side: e.side },
    });
  const notYet = e instanceof NotYetSupportedError;
  return new ProblemException({
    status: 422,
    code: notYet ? e.code : 'GAME_NOT_CREATED',
    ...(notYet ? { rule: e.rule } : {}),
    detail: `A game of "${scenario}" cannot be set up: ${message}`,
  });
}

/**
 * 422 NOT_YET_SUPPORTED for a game of a scenario whose rules the engine lacks
 * in part (its system's gaps, listed as `notYetSupported` in GET
 * /v1/scenarios): such a game is created only for testing (`"testing": true`),
 * never rated, its view listing the gaps, and it stops with NOT_YET_SUPPORTED
 * where a missing rule begins. A hex scenario with gaps is refused by its set-up
 * even then; a Bobby Lee campaign (block-campaign) is played up to that point.
 */
function refuseUnplayable(scenario: string, gaps: ScenarioGap[]): void {
  if (gaps.length === 0) return;
  throw new ProblemException({
    status: 422,
    code: 'NOT_YET_SUPPORTED',
    rule: gaps.map((g) => g.case).join('; '),
    detail: `A game of "${scenario}" cannot be created for play: the engine does not implement ${gaps.map((g) => `${g.what} (${g.case})`).join('; ')}. Send "testing": true for a testing game (never rated), which stops where a missing rule begins.`,
    extensions: { notYetSupported: gaps },
  });
}

/** Who reads a replay and whether everything is shown yet (the game is over). */
export interface ReplayReader {
  prepared: PreparedScenario;
  reader: Reader;
  finished: boolean;
}

/**
 * A log entry as a replay shows it to `reader` (the side of the seat token the
 * request carries, or null): while the game is under way, orders and events
 * as the rules system lets that reader see them (sealed orders of the other
 * side as {type: "sealed"}, hidden block identities left out); everything once
 * it is over. Without a reader (tests, verification input) as stored.
 */
export function toReplayEntry(e: GameEntry, sealing?: ReplayReader): ReplayEntryDto {
  const side = e.side as Side;
  const events = e.events as GameEvent[];
  const shown = sealing
    ? {
        order: sealing.prepared.system.orderFor(
          sealing.prepared.ctx,
          e.order,
          side,
          sealing.reader,
          sealing.finished,
        ),
        events: sealing.prepared.system.eventsFor(
          sealing.prepared.ctx,
          events,
          sealing.reader,
          sealing.finished,
        ),
      }
    : { order: e.order, events };
  return {
    seq: e.seq,
    side,
    order: shown.order,
    events: shown.events,
    stateHash: e.stateHash,
    at: e.createdAt.toISOString(),
  };
}

/**
 * Games: creation with seats and a committed seed, listing, the visible view,
 * the replay log and stored state snapshots. No game is kept in memory
 * between requests; the database row is the truth.
 */
@Injectable()
export class GamesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contexts: GameContexts,
    private readonly hooks: GameHooks,
    private readonly hot: HotStates,
    /** Which database (orderTransaction folds BEGIN into the locked read on PostgreSQL only). */
    @Optional() private readonly database?: EmbeddedDatabaseService,
  ) {
    this.statements = new NamedStatements(dataSource, () => database?.kind === 'postgresql');
  }

  /** The optimistic order statement and the row reads outside transactions, planned once per connection. */
  private readonly statements: NamedStatements;

  /** POST /v1/games: a new game at version 0, with one seat per side and the seed commitment. */
  async create(input: CreateGameInput): Promise<CreatedGame> {
    // Fair dice (issue 16): only a game marked for testing may have its seed chosen.
    if (input.seed !== undefined && input.testing !== true) {
      throw new ProblemException({
        status: 400,
        code: 'SEED_REQUIRES_TESTING',
        detail:
          'The server draws every game\'s seed. A chosen seed makes the dice predictable: send "testing": true with it for a game for testing (never rated, and marked so in its view and replay), or leave the seed out.',
      });
    }
    if (input.fork) return this.fork(input.fork, input);
    const scenario = input.scenario ?? '';
    const document = await this.contexts.document(scenario);
    // 400 for an unknown option or a wrong shape, before any rule reads them.
    const options: GameOptions = parseGameOptions(input.options, document);
    // A scenario the engine cannot play whole is for testing only (README "Bobby Lee").
    if (input.testing !== true) refuseUnplayable(scenario, this.contexts.gaps(document));
    // With options.counters, the scenario with the players' units merged in (422 INVALID_COUNTERS).
    const prepared = await this.contexts.get(scenario, options);
    const seed = input.seed ?? newSeed();
    let state: SystemState;
    try {
      state = initialStateOf(prepared, options, seed);
    } catch (e) {
      throw notSetUp(scenario, e);
    }
    const { created } = await this.dataSource.transaction((m) =>
      this.insertGame(m, prepared, state, seed, options, undefined, undefined, {
        testing: input.testing === true,
      }),
    );
    return created;
  }

  /** Inserts a new game at version 0 from `state` with its seats; a fork records its origin and start. */
  private async insertGame(
    m: EntityManager,
    prepared: PreparedScenario,
    state: SystemState,
    seed: string,
    options: GameOptions,
    fork?: { origin: ForkOrigin },
    /** Keys the commitment and the state hashes (state-hash.ts); an import keeps its source's (null: plain sha256). */
    secret: string | null = newGameSecret(),
    /** A testing game: its seed was chosen (or is public); never rated. */
    { testing }: { testing: boolean } = { testing: false },
  ): Promise<{ row: Game; created: CreatedGame }> {
    const tokens = SIDES.map((side) => ({ side, token: newSeatToken() }));
    const commitment = seedCommitment(seed, secret);
    const scenarioId = prepared.system.scenarioId(prepared.ctx);
    await this.contexts.holdScenario(m, scenarioId);
    const game = m.create(Game, {
      scenarioId,
      rulesSystem: state.rules.system,
      rulesVersion: state.rules.version,
      engineRevision: state.rules.revision ?? 1,
      scenarioHash: await this.contexts.dataHash(scenarioId),
      secret,
      status: gameStatus(state),
      state,
      version: 0,
      stateSeq: 0,
      turn: state.turn,
      phase: state.phase,
      seed,
      seedCommitment: commitment,
      options,
      result: state.result,
      forkedFrom: fork?.origin ?? null,
      startState: fork ? state : null,
      testing,
    });
    const row = await m.save(game);
    await m.save(
      tokens.map((t) =>
        m.create(Seat, { gameId: row.id, side: t.side, tokenHash: hashSeatToken(t.token) }),
      ),
    );
    // The row (with the secret seed) stays apart from the answer.
    const created: CreatedGame = {
      id: row.id,
      scenario: row.scenarioId,
      rulesSystem: row.rulesSystem,
      rulesVersion: row.rulesVersion,
      version: 0,
      seats: tokens,
      seedCommitment: commitment,
      ...(fork ? { forkedFrom: fork.origin } : {}),
      // The creator holds both seats' tokens but is no seat yet: the public view.
      game: gameView(prepared, row, state, 0, row.updatedAt, null),
    };
    return { row, created };
  }

  /**
   * POST /v1/games with `fork`: a new game of the same scenario and options
   * starting from the position after entry `seq` of a finished or running
   * game, with new seats and a new seed (issue 18, "what if" analysis). A
   * position holding what spectators may not see yet (Road to Richmond
   * 17.62's sealed choice) cannot be forked while its game is under way: the
   * fork would reveal it; nor can a position where the game is already over.
   */
  private async fork(
    from: { game: string; seq: number },
    input: CreateGameInput,
  ): Promise<CreatedGame> {
    const parent = await this.load(from.game);
    if (input.scenario !== undefined && input.scenario !== parent.row.scenarioId)
      throw new ProblemException({
        status: 422,
        code: 'FORK_SCENARIO_MISMATCH',
        detail: `Game ${from.game} is a game of "${parent.row.scenarioId}", not "${input.scenario}": a fork plays its game's scenario.`,
      });
    if (input.options !== undefined)
      throw new ProblemException({
        status: 422,
        code: 'FORK_OPTIONS',
        detail: 'A fork plays with the options of the game it starts from; leave options out.',
      });
    const position = await this.storedPosition(parent, from.seq);
    const { system, ctx } = parent.prepared;
    const finished = gameStatus(parent.state) === 'finished';
    if (system.stateFor(ctx, position.state, null, finished).redacted)
      throw new ProblemException({
        status: 422,
        code: 'FORK_OF_HIDDEN_POSITION',
        detail: `The position after entry ${from.seq} holds a choice not yet revealed; it can be forked once game ${from.game} is over.`,
      });
    if (position.state.result !== null)
      throw new ProblemException({
        status: 422,
        code: 'FORK_OF_FINISHED_POSITION',
        detail: `The game is over after entry ${from.seq}: fork an earlier position.`,
      });
    const origin: ForkOrigin = {
      game: parent.row.id,
      seq: from.seq,
      stateHash: position.stateHash,
    };
    const seed = input.seed ?? newSeed();
    // A fork of a testing game is one too; so is a fork given a seed (create() checked the mark).
    const testing = parent.row.testing || input.testing === true;
    const { created } = await this.dataSource.transaction((m) =>
      this.insertGame(
        m,
        parent.prepared,
        position.state,
        seed,
        parent.row.options,
        { origin },
        undefined,
        { testing },
      ),
    );
    return created;
  }

  /** The full stored state after entry `seq` of a loaded game (seq 0: its set-up or a fork's start); 404 for an entry not played. */
  async storedPosition(
    { row, prepared }: Pick<LoadedGame, 'row' | 'prepared'>,
    seq: number,
    /** The caller's transaction (the embedded database has one connection: never a second one inside it). */
    m: EntityManager = this.dataSource.manager,
  ): Promise<{ state: SystemState; stateHash: string; at: Date }> {
    if (seq === 0) {
      const state = await this.startOf(row, prepared, m);
      return { state, stateHash: stateHasher(row.secret)(state), at: row.createdAt };
    }
    // One round trip: the entries from the nearest snapshot at or before `seq` (else from the
    // first) up to `seq` — only that first one can hold a state (game-states.ts).
    const rows = await m.query<
      Array<{
        seq: number;
        side: Side;
        order: unknown;
        state_hash: string;
        created_at: Date;
        state: SystemState | null;
      }>
    >(
      `SELECT seq, side, "order", state_hash, created_at, state FROM game_entries
       WHERE game_id = $1 AND seq <= $2 AND seq >= coalesce(
         (SELECT max(seq) FROM game_entries WHERE game_id = $1 AND seq <= $2 AND state IS NOT NULL), 1)
       ORDER BY seq`,
      [row.id, seq],
    );
    const entry = rows[rows.length - 1];
    if (!entry || entry.seq !== seq) {
      throw new ProblemException({
        status: 404,
        code: 'ENTRY_NOT_FOUND',
        detail: `Game ${row.id} has ${row.version} entries; there is no entry ${seq}.`,
        extensions: { version: row.version },
      });
    }
    if (entry.state !== null)
      return { state: entry.state, stateHash: entry.state_hash, at: entry.created_at };
    // No snapshot here: from the nearest one before, re-applying the orders between.
    const base = rows[0].state !== null ? rows[0] : null;
    let state = stateAsPlayed(base ? base.state! : await this.startOf(row, prepared, m));
    for (const e of base ? rows.slice(1) : rows) state = this.reapply(row, prepared, state, e);
    if (stateHasher(row.secret)(state) !== entry.state_hash)
      throw new ProblemException({
        status: 500,
        code: 'STATE_NOT_REBUILT',
        detail: `The state after entry ${seq} could not be re-derived from the log: the engine no longer reproduces it.`,
      });
    return { state, stateHash: entry.state_hash, at: entry.created_at };
  }

  /** The state after a logged entry, from the state before it: the order re-applied with the game's dice. */
  private reapply(
    row: Game,
    { system, ctx }: PreparedScenario,
    state: SystemState,
    e: { seq: number; side: Side; order: unknown },
  ): SystemState {
    const result = system.applyOrder(
      ctx,
      state,
      e.side,
      e.order,
      gameDice(row.seed, state.diceDrawn, revisionOf(state)),
    );
    if (!result.ok)
      throw new ProblemException({
        status: 500,
        code: 'STATE_NOT_REBUILT',
        detail: `Entry ${e.seq} of game ${row.id} could not be re-applied: ${result.refusal.message}`,
      });
    return stateAsPlayed(result.state);
  }

  /**
   * The one writer of log entries (orders, and anything else a module adds to
   * the log): appends entry `row.version + 1` — its order, events and state
   * hash, and the whole state only every SNAPSHOT_EVERY entries and at the end
   * (game-states.ts) — and moves the game row to `next` with a version guard.
   * The state's canonical JSON text is made once: it is what is hashed and
   * what is written. Inside the caller's transaction, the row locked. An entry
   * whose order the rules system cannot re-apply must pass `snapshot: true`.
   */
  async recordEntry(m: EntityManager, input: EntryInput): Promise<RecordedEntry> {
    const recorded = await this.writeEntry(m, input);
    // The row lock makes this unreachable; the version guard keeps it true even without one.
    if (!recorded)
      throw new ProblemException({
        status: 409,
        code: 'VERSION_CONFLICT',
        detail: 'Another order was accepted at the same time: reload the game and decide again.',
      });
    return recorded;
  }

  /**
   * The optimistic attempt's write (issue 20): recordEntry in one statement of its
   * own, no transaction and no row lock held, so the write also requires the row's
   * status as `input.row` has it, the seat's token hash (when a seat token was
   * checked) and no order hooks applying. When any of that moved, or the version,
   * nothing is written and the answer is null: the caller takes the locked path.
   */
  async recordEntryIfCurrent(input: EntryInput, guard: EntryGuard): Promise<RecordedEntry | null> {
    return this.writeEntry(null, input, guard);
  }

  private async writeEntry(
    m: EntityManager | null,
    input: EntryInput,
    guard?: EntryGuard,
  ): Promise<RecordedEntry | null> {
    const { row, next, at } = input;
    const seq = row.version + 1;
    const { timing } = input;
    timing?.skip();
    const text = canonicalJson(next);
    const stateHash = stateHashOfText(row.secret, text);
    timing?.lap('hash');
    const status = gameStatus(next);
    const orderText = JSON.stringify(input.order);
    const { idempotent } = input;
    // One round trip: the row moved on and, only if it was, the entry and the idempotent
    // answer (a data-modifying CTE; the inserts select from the updated row, so a guard
    // that finds no row writes nothing). Parameters are cast: INSERT … SELECT does not
    // take their types from the target columns.
    // The row takes the whole state only with an entry that keeps a snapshot (issue 20):
    // otherwise the state text is neither sent nor parsed, and `state_seq` stays behind.
    const snapshot = input.snapshot || keepsSnapshot(seq, status, input.order);
    const guards = guard
      ? ` AND status = $14${
          guard.seatHash !== null
            ? ` AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = $1 AND s.side = $3 AND s.token_hash = $15)`
            : ''
        } AND NOT ${this.hooks.appliesSql()}`
      : '';
    const params: unknown[] = [
      row.id,
      seq,
      input.side,
      orderText,
      JSON.stringify(input.events),
      stateHash,
      snapshot ? text : null,
      at,
      JSON.stringify(next.turn ?? null),
      status,
      JSON.stringify(next.result ?? null),
      row.version,
      typeof next.phase === 'string' ? next.phase : null,
    ];
    if (guard) params.push(row.status, ...(guard.seatHash !== null ? [guard.seatHash] : []));
    const k = params.length;
    if (idempotent)
      params.push(idempotent.key, JSON.stringify(idempotent.response), idempotent.requestHash);
    const sql = `WITH g AS (
         UPDATE games SET ${snapshot ? 'state = $7::jsonb, state_seq = $2::int, ' : ''}version = $2::int,
           status = $10::text, result = $11::jsonb, turn = $9::jsonb, phase = $13::text,
           updated_at = $8::timestamptz
         WHERE id = $1::uuid AND version = $12::int${guards}
         RETURNING id
       ), entry AS (
         INSERT INTO game_entries (game_id, seq, side, "order", events, state_hash, state, created_at)
         SELECT $1::uuid, $2::int, $3::text, $4::jsonb, $5::jsonb, $6::text, $7::jsonb, $8::timestamptz FROM g
       )${
         idempotent
           ? `, answer AS (
         INSERT INTO idempotency_keys (game_id, key, side, response, request_hash, status_code, created_at)
         SELECT $1::uuid, $${k + 1}::text, $3::text, $${k + 2}::jsonb, $${k + 3}::text, 200, $8::timestamptz FROM g
       )`
           : ''
       }
       SELECT count(*)::int AS n FROM g`;
    const [written] = m
      ? await m.query<Array<{ n: number }>>(sql, params)
      : await this.statements.query<{ n: number }>(sql, params);
    timing?.lap('db');
    if (written?.n !== 1) return null;
    const entry: EntryWithState = {
      gameId: row.id,
      seq,
      side: input.side,
      order: input.order,
      events: input.events,
      stateHash,
      state: next,
      createdAt: at,
    };
    return { seq, stateHash, status, entry, jsonLength: text.length };
  }

  /**
   * After the entry's transaction committed: its state is the game's current one in
   * memory, with what the next order's optimistic attempt needs (the row as written).
   */
  rememberState(
    key: { id: string; version: number; status: string; updatedAt: Date },
    state: SystemState,
    jsonLength: number,
    facts?: HotFacts,
  ): void {
    this.hot.set(key, stateAsPlayed(state), jsonLength, facts);
  }

  /** The game's state and facts as last kept in memory, for an optimistic order (HotStates.current). */
  hotGame(id: string): HotGame | undefined {
    return this.hot.current(id);
  }

  /** A game's entry 0: the set-up re-created from its seed, or the stored start of a fork. */
  private async startOf(
    row: Game,
    prepared: PreparedScenario,
    m: EntityManager = this.dataSource.manager,
  ): Promise<SystemState> {
    if (!row.forkedFrom) return initialStateOf(prepared, row.options, row.seed, row.engineRevision);
    const stored = await m
      .getRepository(Game)
      .createQueryBuilder('g')
      .select('g.start_state', 'start_state')
      .where('g.id = :id', { id: row.id })
      .getRawOne<{ start_state: SystemState }>();
    return stored!.start_state;
  }

  /**
   * GET /v1/games: newest first, filtered by scenario and status. Reads the row's
   * columns and only the turn and phase of its state (JSON paths, so the state
   * document is never sent or parsed); the result is the `result` column, written
   * with the state on every accepted order. The scenario context (cached) is
   * looked up for finished games only, for the competition score of the result.
   */
  async list(filter: GameListFilter): Promise<GamePage> {
    const qb = this.dataSource
      .getRepository(Game)
      .createQueryBuilder('g')
      .select('g.id', 'id')
      .addSelect('g.scenario_id', 'scenario_id')
      .addSelect('g.rules_system', 'rules_system')
      .addSelect('g.rules_version', 'rules_version')
      .addSelect('g.status', 'status')
      .addSelect('g.version', 'version')
      .addSelect('g.result', 'result')
      .addSelect('g.turn', 'turn')
      .addSelect('g.phase', 'phase')
      .addSelect('g.testing', 'testing')
      .addSelect('g.created_at', 'created_at')
      .addSelect('g.updated_at', 'updated_at');
    if (filter.scenario !== undefined)
      qb.andWhere('g.scenario_id = :scenario', { scenario: filter.scenario });
    if (filter.status !== undefined) qb.andWhere('g.status = :status', { status: filter.status });
    const total = await qb.getCount();
    const rows = await qb
      .orderBy('g.created_at', 'DESC')
      .addOrderBy('g.id', 'ASC')
      .offset(filter.offset)
      .limit(filter.limit)
      .getRawMany<ListedGameRow>();
    const items: GameSummary[] = [];
    for (const row of rows) {
      let result: GameViewDto['result'] = null;
      if (row.result) {
        // The score is the scenario's victory table, which supplied counters leave as it is:
        // the scenario's own (shared) context, not a merge and check of each game's counters.
        const prepared = await this.contexts.get(row.scenario_id).catch(() => undefined);
        result = prepared
          ? resultOf(prepared, row.result)
          : { ...row.result, competitionScore: null };
      }
      items.push({
        id: row.id,
        scenario: row.scenario_id,
        rulesSystem: row.rules_system,
        rulesVersion: row.rules_version,
        status: row.status,
        version: row.version,
        turn: row.turn,
        phase: row.phase,
        result,
        testing: row.testing === true,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
      });
    }
    return { items, total, limit: filter.limit, offset: filter.offset };
  }

  /**
   * The game row (optionally locked FOR UPDATE inside a transaction), its
   * context and state; 404 when absent. The row is read without its state;
   * the state comes from memory when the row is exactly the one it was kept
   * for (HotStates), else it is read with the row again and kept.
   */
  async load(
    id: string,
    manager?: EntityManager,
    lock = false,
    timing?: ServerTiming,
  ): Promise<LoadedGame> {
    return (await this.loadWith<GameRowRaw>(id, manager, lock, '', timing)).loaded;
  }

  /**
   * The order path's locking read (issue 20): the game row locked FOR UPDATE
   * as `load` reads it, and in the same statement its seats' token hashes
   * (so the seat token is checked under the lock, with no query of its own,
   * and always against the current hashes: a reissued seat token is honoured
   * at once) and whether a registered hook set's order hooks apply to the
   * game (GameHooks.appliesSql: an anonymous game skips their queries).
   */
  async lockForOrder(
    id: string,
    manager: EntityManager,
    timing?: ServerTiming,
    /** The submission's Idempotency-Key: its stored answer is read by the same statement. */
    idempotencyKey?: string,
    /** Runs the read instead of `manager` (orderTransaction: BEGIN with it). */
    first?: FirstStatement,
  ): Promise<LockedGame> {
    return this.loadWithSeats(id, manager, true, timing, idempotencyKey, first);
  }

  /**
   * The order path's transaction (issue 20): `BEGIN` travels with the locked read
   * (lockForOrder) in one round trip — one simple-protocol query of two statements,
   * the read's parameters written as literals by the driver's escapeLiteral (the
   * game id is a checked UUID, the Idempotency-Key any text) — then `work` runs on
   * the same connection inside the transaction, then `COMMIT`; any error rolls back.
   * An order is then three round trips: BEGIN and the locked read, the entry and
   * the row, COMMIT. On the embedded database, a plain transaction.
   */
  async orderTransaction<T>(
    id: string,
    idempotencyKey: string | undefined,
    timing: ServerTiming | undefined,
    work: (m: EntityManager, locked: LockedGame) => Promise<T>,
  ): Promise<T> {
    if (!isGameId(id)) throw gameNotFound(id);
    if (this.database?.kind !== 'postgresql') {
      // The embedded database (PGlite behind its socket server): the plain transaction,
      // four round trips in-process; the two-statement query is kept to a real server.
      return this.dataSource.transaction(async (m) =>
        work(m, await this.lockForOrder(id, m, timing, idempotencyKey)),
      );
    }
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    const client = (runner as unknown as { databaseConnection: SimpleQueryClient })
      .databaseConnection;
    let begun = false;
    try {
      const locked = await this.lockForOrder(
        id,
        runner.manager,
        timing,
        idempotencyKey,
        async (sql, params) => {
          const text = `BEGIN; ${sql.replace(/\$(\d+)/g, (_, n: string) =>
            client.escapeLiteral(String(params[Number(n) - 1])),
          )}`;
          begun = true;
          const results = await client.query(text);
          return results[1].rows;
        },
      );
      const result = await work(runner.manager, locked);
      await runner.query('COMMIT');
      return result;
    } catch (e) {
      // Also when the read itself failed: BEGIN went through and left the transaction aborted.
      if (begun) await runner.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      await runner.release();
    }
  }

  /**
   * The answer stored under an Idempotency-Key, read on its own: the order path's
   * fallback when the locked read found none but the version moved (see MovesService).
   */
  async storedAnswer(m: EntityManager, gameId: string, key: string): Promise<StoredAnswer | null> {
    const [found] = await m.query<Array<{ stored: unknown }>>(
      `SELECT ${STORED_ANSWER} AS stored FROM idempotency_keys k WHERE k.game_id = $1 AND k.key = $2`,
      [gameId, key],
    );
    return storedAnswerOf(found?.stored);
  }

  /**
   * `load` (unlocked, outside any transaction) with the seats' token hashes read
   * in the same statement: GET legal-orders checks its seat token with no query
   * of its own (issue 20).
   */
  async loadForSeat(id: string): Promise<LoadedGame & { seats: SeatHash[] }> {
    return this.loadWithSeats(id, undefined, false);
  }

  private async loadWithSeats(
    id: string,
    manager: EntityManager | undefined,
    lock: boolean,
    timing?: ServerTiming,
    idempotencyKey?: string,
    first?: FirstStatement,
  ): Promise<LockedGame> {
    const { loaded, meta } = await this.loadWith<
      GameRowRaw & { seat_hashes: SeatHash[] | string; hooked?: boolean; stored?: unknown }
    >(
      id,
      manager,
      lock,
      `, (SELECT coalesce(json_agg(json_build_object('side', s.side, 'hash', s.token_hash)), '[]'::json)
            FROM seats s WHERE s.game_id = games.id) AS seat_hashes${
              lock ? `, ${this.hooks.appliesSql()} AS hooked` : ''
            }${
              idempotencyKey !== undefined
                ? `, (SELECT ${STORED_ANSWER} FROM idempotency_keys k
                     WHERE k.game_id = games.id AND k.key = $2) AS stored`
                : ''
            }`,
      timing,
      idempotencyKey !== undefined ? [idempotencyKey] : [],
      first,
    );
    const seats =
      typeof meta.seat_hashes === 'string'
        ? (JSON.parse(meta.seat_hashes) as SeatHash[])
        : meta.seat_hashes;
    // The next order may then take the optimistic path (MovesService): the row, seats and context with the state.
    this.hot.attach(loaded.row, {
      row: loaded.row,
      seats,
      prepared: loaded.prepared,
      ...(lock ? { hooked: meta.hooked === true } : {}),
    });
    return {
      ...loaded,
      seats,
      hooked: meta.hooked === true,
      stored: idempotencyKey === undefined ? undefined : storedAnswerOf(meta.stored),
    };
  }

  /**
   * The side of the seat whose token is `token`, compared against every seat
   * so the time taken does not depend on which matched; null for none.
   */
  static seatOfToken(seats: readonly SeatHash[], token: string): Side | null {
    return GamesService.seatMatching(seats, token)?.side ?? null;
  }

  /** The seat whose token is `token` (compared against every seat), or null. */
  static seatMatching(seats: readonly SeatHash[], token: string): SeatHash | null {
    let found: SeatHash | null = null;
    const presented = presentedToken(token);
    for (const seat of seats) if (presentedMatches(presented, seat.hash)) found = seat;
    return found;
  }

  private async loadWith<R extends GameRowRaw>(
    id: string,
    manager: EntityManager | undefined,
    lock: boolean,
    extra: string,
    timing?: ServerTiming,
    /** Parameters of `extra`, from $2. */
    params: unknown[] = [],
    /** Runs the row's read instead of `manager` (orderTransaction). */
    first?: FirstStatement,
  ): Promise<{ loaded: LoadedGame; meta: R }> {
    if (!isGameId(id)) throw gameNotFound(id);
    const m = manager ?? this.dataSource.manager;
    // Outside a transaction the reads are named statements: a listing or a view reads
    // the row at every request (issue 20), and PostgreSQL then plans it once per connection.
    const query = <T>(sql: string, values: unknown[]): Promise<T[]> =>
      manager === undefined ? this.statements.query<T>(sql, values) : m.query<T[]>(sql, values);
    const sql = `SELECT ${GAME_COLUMNS}${extra} FROM games WHERE id = $1${lock ? ' FOR UPDATE' : ''}`;
    const [meta] = first
      ? ((await first(sql, [id, ...params])) as R[])
      : await query<R>(sql, [id, ...params]);
    if (!meta) throw gameNotFound(id);
    let row = gameOf(meta);
    let state = this.hot.get(row);
    timing?.lap('db');
    // The game's own options: a game with supplied counters is played on the merged scenario.
    const prepared = await this.contexts.get(row.scenarioId, row.options);
    if (state === undefined) {
      // The row holds the state after entry state_seq: sent only when that is the current one.
      const [full] = await query<GameRowRaw & { state: string | null }>(
        `SELECT ${GAME_COLUMNS}, CASE WHEN state_seq = version THEN state::text END AS state
         FROM games WHERE id = $1`,
        [id],
      );
      if (!full) throw gameNotFound(id);
      timing?.lap('db');
      row = gameOf(full);
      if (full.state !== null) {
        state = JSON.parse(full.state) as SystemState;
        this.hot.set(row, state, full.state.length);
      } else {
        // Behind by fewer than SNAPSHOT_EVERY entries: re-derived from the log, its hash checked.
        state = (await this.storedPosition({ row, prepared }, row.version, m)).state;
        this.hot.set(row, state, JSON.stringify(state).length);
      }
      timing?.lap('parse');
    }
    row.state = state;
    return { loaded: { row, prepared, state }, meta };
  }

  /** GET /v1/games/{id}: as `reader` (a seat's side, or null for the public) may see it. */
  async view(id: string, reader: Reader = null): Promise<GameViewDto> {
    const { row, prepared, state } = await this.load(id);
    // The clock of a game between players (src/clocks), null for every other game.
    const clock = await this.hooks.clockOf(id);
    return { ...gameView(prepared, row, state, row.version, row.updatedAt, reader), clock };
  }

  /**
   * The side a bearer token acts for in a game: the side, null when the token
   * matches no seat of the game; 404 when there is no such game.
   */
  async sideForToken(gameId: string, token: string): Promise<Side | null> {
    if (!isGameId(gameId)) throw gameNotFound(gameId);
    const seats = await this.dataSource.getRepository(Seat).find({ where: { gameId } });
    if (seats.length === 0) {
      const exists = await this.dataSource.getRepository(Game).exists({ where: { id: gameId } });
      if (!exists) throw gameNotFound(gameId);
    }
    const side = GamesService.seatOfToken(
      seats.map((seat) => ({ side: seat.side as Side, hash: seat.tokenHash })),
      token,
    );
    // Else a player's own token for the seat he holds (src/players, src/challenges).
    return side ?? this.hooks.sideForToken(gameId, token);
  }

  /**
   * The side of the seat whose token the Authorization value ("Bearer <token>")
   * carries: 401 SEAT_TOKEN_REQUIRED without one, 401 INVALID_SEAT_TOKEN when it
   * is no seat's token in this game, 404 when there is no such game. One check
   * for the REST guard and the GraphQL operations.
   */
  async seatSide(gameId: string, authorization: unknown): Promise<Side> {
    const token = bearerToken(authorization);
    if (!token) throw missingSeatToken();
    const side = await this.sideForToken(gameId, token);
    if (!side) throw invalidSeatToken();
    return side;
  }

  /** Entries of a game with seq > `after`, in order (at most `limit`), without the states after them. */
  async entriesAfter(gameId: string, after = 0, limit?: number): Promise<GameEntry[]> {
    const qb = this.dataSource
      .getRepository(GameEntry)
      .createQueryBuilder('e')
      .select([
        'e.id',
        'e.gameId',
        'e.seq',
        'e.side',
        'e.order',
        'e.events',
        'e.stateHash',
        'e.createdAt',
      ])
      .where('e.game_id = :gameId AND e.seq > :after', { gameId, after })
      .orderBy('e.seq', 'ASC');
    if (limit !== undefined) qb.limit(limit);
    return qb.getMany();
  }

  /**
   * Entries of a loaded game with seq > `after` (at most `limit`), each with
   * the state after it: the stored snapshot where there is one, else the
   * previous state with the entry's order re-applied — starting from the
   * state after `after` (storedPosition: its snapshot or the nearest before).
   * Work bounded by SNAPSHOT_EVERY + `limit` orders.
   */
  async entriesWithStates(
    loaded: LoadedGame,
    after: number,
    limit: number,
    from?: SystemState,
    m: EntityManager = this.dataSource.manager,
  ): Promise<EntryWithState[]> {
    const { row, prepared } = loaded;
    const rows = await m.query<
      Array<{
        seq: number;
        side: Side;
        order: unknown;
        events: unknown;
        state_hash: string;
        state: SystemState | null;
        created_at: Date;
      }>
    >(
      `SELECT seq, side, "order", events, state_hash, state, created_at FROM game_entries
       WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [row.id, after, limit],
    );
    if (rows.length === 0) return [];
    let state =
      rows[0].state === null
        ? stateAsPlayed(from ?? (await this.storedPosition(loaded, after, m)).state)
        : undefined;
    return rows.map((e) => {
      state = e.state !== null ? e.state : this.reapply(row, prepared, state!, e);
      return {
        gameId: row.id,
        seq: e.seq,
        side: e.side,
        order: e.order,
        events: e.events,
        stateHash: e.state_hash,
        state,
        createdAt: e.created_at,
      };
    });
  }

  /**
   * Where a live client of game `id` (SSE events, GraphQL gameUpdated) starts — after
   * entry `after`, by default the current version — how it reads the entries it
   * missed from the log (as the live updates, updateOfEntry), and how every update
   * is shown to its reader (presentUpdate: what that seat, or the public, may see).
   * 404 for an unknown game.
   */
  async updatesSource(id: string, after?: number, reader: Reader = null): Promise<UpdatesSource> {
    const loaded = await this.load(id);
    const { row, prepared } = loaded;
    return {
      after: after ?? row.version,
      read: async (from, limit) =>
        (await this.entriesWithStates(loaded, from, limit)).map((e) => updateOfEntry(e, prepared)),
      present: (update) => presentUpdate(update, prepared, reader),
    };
  }

  /** GET /v1/games/{id}/replay: the whole log; the seed only once the game is over. */
  async replay(id: string, reader: Reader = null): Promise<ReplayDto> {
    const { header, sealing } = await this.replayStart(id, reader);
    const entries = await this.entriesAfter(id, 0);
    return { ...header, entries: entries.map((e) => toReplayEntry(e, sealing)) };
  }

  /** The replay header, and what `reader` may see of the entries (hidden information, sealed choices): everything once it is over. */
  async replayStart(
    id: string,
    reader: Reader,
  ): Promise<{ header: Omit<ReplayDto, 'entries'>; sealing: ReplayReader }> {
    const loaded = await this.load(id);
    const header = this.headerOf(loaded);
    if (loaded.row.forkedFrom && header.status === 'finished') {
      // A finished fork's replay verifies alone: its start position, and the origin's secret once that game is over too.
      header.startState = await this.startOf(loaded.row, loaded.prepared);
      const origin = await this.dataSource
        .getRepository(Game)
        .findOne({ where: { id: loaded.row.forkedFrom.game }, select: ['id', 'status', 'secret'] });
      if (origin?.status === 'finished')
        header.forkedFrom = { ...loaded.row.forkedFrom, secret: origin.secret };
    }
    return {
      header,
      sealing: { prepared: loaded.prepared, reader, finished: header.status === 'finished' },
    };
  }

  /**
   * The side of the seat token an optional Authorization header carries: null
   * without one (a spectator), 401 INVALID_SEAT_TOKEN for a token of no seat
   * of this game. Readers of replays and states see sealed choices of their
   * own side only (Road to Richmond 17.62).
   */
  async readerSide(gameId: string, authorization: unknown): Promise<Side | null> {
    if (authorization === undefined || authorization === null || authorization === '') return null;
    return this.seatSide(gameId, authorization);
  }

  /** The replay header without entries. */
  private headerOf({ row, prepared, state }: LoadedGame): Omit<ReplayDto, 'entries'> {
    const status = gameStatus(state);
    return {
      id: row.id,
      scenario: row.scenarioId,
      rulesSystem: row.rulesSystem,
      rulesVersion: row.rulesVersion,
      engineRevision: row.engineRevision,
      scenarioHash: row.scenarioHash,
      hashScheme: hashSchemeOf(row.secret),
      options: row.options,
      status,
      seedCommitment: row.seedCommitment,
      seed: status === 'finished' ? row.seed : null,
      secret: status === 'finished' ? row.secret : null,
      result: resultView(prepared, state),
      ...(row.forkedFrom ? { forkedFrom: row.forkedFrom } : {}),
      testing: row.testing === true,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * GET /v1/games/{id}/states/{seq}: the stored snapshot after entry `seq`
   * (never a re-run from the start). Seq 0 is the set-up, re-created from
   * the seed exactly as create() set it up (initialState is cheap and deterministic).
   */
  async stateAt(id: string, seq: number, reader: Reader = null): Promise<StateAtDto> {
    const loaded = await this.load(id);
    const { row, prepared, state: now } = loaded;
    const { state, stateHash: hash, at } = await this.storedPosition(loaded, seq);
    // What is hidden from the reader is left out until the game is over (the rules system decides).
    const finished = gameStatus(now) === 'finished';
    const seen = prepared.system.stateFor(prepared.ctx, state, reader, finished);
    return {
      gameId: id,
      seq,
      stateHash: hash,
      at: at.toISOString(),
      ...(seen.redacted ? { state: seen.state, redacted: true as const } : { state: seen.state }),
      game: gameView(prepared, row, state, seq, at, reader),
    };
  }

  /**
   * GET /v1/games/{id}/states/{seq}/board.svg (and /board.svg for the current
   * position, `seq` undefined): the picture of the position after entry `seq`
   * with the order that led to it. Every state and order drawn is read through
   * stateAt and toReplayEntry, so the picture hides exactly what the replay
   * and states/{seq} hide from this reader.
   */
  async boardSvg(id: string, seq: number | undefined, reader: Reader): Promise<string> {
    const at = seq ?? (await this.load(id)).row.version;
    const now = await this.stateAt(id, at, reader);
    let before = null;
    let last = null;
    if (at > 0) {
      before = (await this.stateAt(id, at - 1, reader)).state;
      const { sealing } = await this.replayStart(id, reader);
      const [entry] = await this.entriesAfter(id, at - 1, 1);
      const shown = toReplayEntry(entry, sealing);
      last = { side: shown.side, order: shown.order };
    }
    const { prepared } = await this.load(id);
    const { system, ctx } = prepared;
    if (!system.renderBoard)
      throw new ProblemException({
        status: 422,
        code: 'NOT_YET_SUPPORTED',
        rule: 'board',
        detail: `No picture of a position is drawn yet for games of the ${system.id} rules.`,
      });
    return system.renderBoard(ctx, at, now.state, before, last);
  }

  /**
   * GET /v1/games/{id}/export.txt: the game as text (docs/notation.md) —
   * headers, then one entry per line with its result — written from the
   * replay this reader may read (what is hidden from him stays hidden, no
   * seed while the game is under way).
   */
  async exportText(id: string, reader: Reader): Promise<string> {
    const replay = await this.replay(id, reader);
    const { prepared, state } = await this.load(id);
    const headers: Record<string, string> = {
      Game: replay.id,
      Scenario: replay.scenario,
      RulesSystem: replay.rulesSystem,
      RulesVersion: replay.rulesVersion,
      EngineRevision: String(replay.engineRevision),
      HashScheme: replay.hashScheme,
      Seats: SIDES.join(', '),
      Created: replay.createdAt,
      Updated: replay.updatedAt,
      Status: replay.status,
      Options: JSON.stringify(replay.options ?? {}),
      Result: replay.result
        ? `${replay.result.winner ?? 'draw'}${replay.result.level ? ` ${replay.result.level}` : ''}: ${replay.result.reason}`
        : '*',
      SeedCommitment: replay.seedCommitment,
    };
    if (replay.seed) headers.Seed = replay.seed;
    if (replay.secret) headers.Secret = replay.secret;
    if (replay.forkedFrom)
      headers.ForkedFrom = `${replay.forkedFrom.game}@${replay.forkedFrom.seq}`;
    // A game for testing says so (its seed was chosen, or public): never to be taken for a rated one.
    if (replay.testing) headers.Testing = 'true';
    // The final state's hash only when the reader sees all of it: it is what an import checks.
    const finished = replay.status === 'finished';
    if (!prepared.system.stateFor(prepared.ctx, state, reader, finished).redacted) {
      const last = replay.entries[replay.entries.length - 1];
      headers.FinalStateHash = last ? last.stateHash : (await this.stateAt(id, 0)).stateHash;
    }
    return formatGameText(
      headers,
      replay.entries.map((e) => ({ ...e, events: e.events as GameEvent[] })),
    );
  }

  /**
   * POST /v1/games/import: re-creates a game from its text or JSON replay — a
   * new game of the same scenario, options and seed whose entries are the
   * source's orders, each accepted by the engine, every state hash equal to
   * the source's (a replay's per entry, a text's FinalStateHash). All or
   * nothing: one transaction, 422 naming the first entry that does not replay.
   */
  async importGame(input: ImportInput): Promise<CreatedGame & { imported: number }> {
    const problem = (code: string, detail: string, extensions?: Record<string, unknown>) =>
      new ProblemException({ status: 422, code, detail, ...(extensions ? { extensions } : {}) });
    if (input.forkedFrom)
      throw problem(
        'IMPORT_OF_FORK',
        `This game is a fork of ${input.forkedFrom}: its starting position is not in the text; fork the original again instead.`,
      );
    if (!input.seed)
      throw problem(
        'SEED_NOT_REVEALED',
        'The source carries no seed (a game still under way): its dice cannot be re-created.',
      );
    if (input.entries.length > MAX_IMPORT_ENTRIES)
      throw problem(
        'IMPORT_TOO_LONG',
        `At most ${MAX_IMPORT_ENTRIES} entries are imported at once; this source has ${input.entries.length}.`,
      );
    const revision = input.engineRevision ?? 1;
    if (!knownRevision(revision))
      throw problem(
        'ENGINE_REVISION_UNAVAILABLE',
        `The source was played under engine revision ${String(revision)}, which this server does not run.`,
      );
    const prepared = await this.contexts.get(input.scenario, input.options);
    const seed = input.seed;
    // The source's secret (revealed with its seed): the imported game's hashes are the source's.
    const secret = input.secret ?? null;
    const hash = stateHasher(secret);
    if (
      input.seedCommitment !== undefined &&
      seedCommitment(seed, secret) !== input.seedCommitment.toLowerCase()
    )
      throw problem(
        'IMPORT_MISMATCH',
        "The seed (with the source's secret) does not match the source's published seed commitment.",
      );
    let state: SystemState;
    try {
      state = stateAsPlayed(initialStateOf(prepared, input.options, seed, revision));
    } catch (e) {
      throw notSetUp(input.scenario, e);
    }
    return this.dataSource.transaction(async (m) => {
      const { row, created } = await this.insertGame(
        m,
        prepared,
        state,
        seed,
        input.options,
        undefined,
        secret,
        // Its seed is public (the source's, revealed): its dice from here on are known to all.
        { testing: true },
      );
      const rows: Array<{
        gameId: string;
        seq: number;
        side: Side;
        order: object;
        events: GameEvent[];
        stateHash: string;
        /** Only every SNAPSHOT_EVERY entries and at the end, as recordEntry keeps them (else NULL). */
        state?: SystemState;
        createdAt: Date;
      }> = [];
      const at = new Date();
      const window = new TakebackWindow(0, state);
      for (let i = 0; i < input.entries.length; i++) {
        const e = input.entries[i];
        if (e.seq !== i + 1)
          throw problem('IMPORT_MISMATCH', `Entry ${i + 1} carries number ${e.seq}.`, {
            seq: e.seq,
          });
        // Flow entries (a draw agreed, a takeback…) re-derive as verification re-derives them.
        const result = applyLoggedEntry(prepared, window, e.side, e.order, seed);
        if (!result.ok)
          throw problem(
            'IMPORT_MISMATCH',
            `Entry ${e.seq}: the engine refuses the ${e.side} order: ${result.refusal.message} (${result.refusal.code}, ${result.refusal.rule}).`,
            { seq: e.seq, refusal: result.refusal },
          );
        const derived = hash(result.state);
        if (e.stateHash !== undefined && e.stateHash !== derived)
          throw problem(
            'IMPORT_MISMATCH',
            `Entry ${e.seq}: the state the engine derives does not have the recorded hash.`,
            { seq: e.seq, expected: e.stateHash, actual: derived },
          );
        state = stateAsPlayed(result.state);
        window.push(e.seq, e.side, e.order, result.events, state);
        rows.push({
          gameId: row.id,
          seq: e.seq,
          side: e.side,
          order: e.order as object,
          events: result.events,
          stateHash: derived,
          state: keepsSnapshot(e.seq, gameStatus(state), e.order) ? state : undefined,
          createdAt: at,
        });
      }
      const finalHash = hash(state);
      if (input.finalStateHash !== undefined && input.finalStateHash !== finalHash)
        throw problem(
          'IMPORT_MISMATCH',
          'After the last entry the state does not have the recorded FinalStateHash.',
          { expected: input.finalStateHash, actual: finalHash },
        );
      for (let i = 0; i < rows.length; i += 200) await m.insert(GameEntry, rows.slice(i, i + 200));
      if (rows.length > 0)
        await m
          .createQueryBuilder()
          .update(Game)
          .set({
            state,
            version: rows.length,
            stateSeq: rows.length,
            turn: state.turn,
            phase: state.phase,
            status: gameStatus(state),
            result: state.result,
            updatedAt: at,
          })
          .where('id = :id', { id: row.id })
          .execute();
      return {
        ...created,
        version: rows.length,
        imported: rows.length,
        game: gameView(prepared, row, state, rows.length, at, null),
      };
    });
  }

  /**
   * GET /v1/games/{id}/series: for analysers and the viewer's chart, the
   * victory points (as this reader's view shows them) after every entry, and
   * per Game-Turn the points at its end and the Strength Points each side
   * lost in it (from the eliminated strength the hex rules keep; null for a
   * rules system that keeps none). Reads the log in batches: work bounded by
   * the game's length.
   */
  async series(id: string, reader: Reader): Promise<GameSeriesDto> {
    const loaded = await this.load(id);
    const { row, prepared } = loaded;
    const { system, ctx } = prepared;
    const entries: GameSeriesDto['entries'] = [];
    const add = (seq: number, state: SystemState) => {
      const lost = (state as { eliminatedStrength?: Record<Side, number> }).eliminatedStrength;
      entries.push({
        seq,
        turn: state.turn,
        phase: state.phase,
        points: system.victory(ctx, state, reader).points,
        eliminatedStrength: lost ? { union: lost.union, confederate: lost.confederate } : null,
      });
    };
    let state = await this.startOf(row, prepared);
    add(0, state);
    // In batches, carrying the state from one to the next; the event loop breathes between them.
    for (let after = 0; ;) {
      const batch = await this.entriesWithStates(loaded, after, 500, state);
      for (const e of batch) add(e.seq, e.state);
      if (batch.length < 500) break;
      after = batch[batch.length - 1].seq;
      state = batch[batch.length - 1].state;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const turns: GameSeriesDto['turns'] = [];
    let before = entries[0];
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      const next = entries[i + 1];
      if (next && next.turn === e.turn) continue; // the last entry of its Game-Turn
      turns.push({
        turn: e.turn,
        lastSeq: e.seq,
        points: e.points,
        strengthLost:
          e.eliminatedStrength && before.eliminatedStrength
            ? {
                union: e.eliminatedStrength.union - before.eliminatedStrength.union,
                confederate:
                  e.eliminatedStrength.confederate - before.eliminatedStrength.confederate,
              }
            : null,
      });
      before = e;
    }
    return { gameId: id, entries, turns };
  }
}
