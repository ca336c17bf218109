/**
 * The engine contract every rules system implements: the Blue & Grey hex
 * games (revised 2nd edition "blue-grey" and the 1975 "classic" rules,
 * src/engine/rules/hex-system.ts) and the Bobby Lee / Sam Grant block game
 * ("block", src/engine/rules/block). The service (src/games, src/moves,
 * src/victory, src/scenarios) talks to a game only through this interface,
 * looked up in the registry (src/engine/rules/index.ts) by the scenario's
 * `rules.system`: it never branches on the system.
 *
 * Pure like the rest of the engine: plain JSON states, never mutated; dice
 * from the seeded generator; untrusted orders never make a call throw.
 *
 * Hidden information is part of the contract. Every read goes through the
 * reader: a seat (its side) or null for the public (spectators, a request
 * without a seat token). `view`, `stateFor`, `eventsFor`, `orderFor`,
 * `mustAct` and `victory` give that reader exactly what the rules let it see;
 * once the game is over (`finished`) everything is shown, when the seed is
 * revealed and the replay can be verified against the committed hashes.
 *
 * Sealed simultaneous decisions (initiative bids, replacement stages, free
 * deployment) need no special path in the service: each seat's answer is an
 * ordinary order, applied to the state, which holds it unseen (secrecy.ts
 * SealedRound); `mustAct` names every seat still to answer (`simultaneous`),
 * `orderFor` shows the answer to anyone but its seat as {type: "sealed"}, and
 * the order completing the round reveals every answer in its events.
 */
import type { Dice } from '../dice';
import type { GameOptions, GameResult, Order } from '../state';
import type { GameEvent, Refusal, Side } from '../types';

/** A player's seat: the side it plays. */
export type Seat = Side;

/** Who reads: a seat, or null for the public (spectators, no seat token). */
export type Reader = Seat | null;

/** The fields of a game state the service reads whatever the system (the list query reads turn and phase). */
export interface SystemState {
  /** The rules system and version the game is pinned to: a replay re-runs under them. */
  rules: {
    system: string;
    version: string;
    /** The engine revision the game was created under (src/engine/revision.ts); absent: revision 1. */
    revision?: number;
  };
  scenarioId: string;
  options: GameOptions;
  /** The system's own count of time (Game-Turn, battle turn…), for listings. */
  turn: number;
  /** 'finished' once the game is over. */
  phase: string;
  result: GameResult | null;
  /** Dice drawn so far: the next order's dice continue from here. */
  diceDrawn: number;
}

/** Who must act now. */
export interface MustAct {
  /**
   * Every seat that must act: one, or several at once for a simultaneous
   * decision (each answers once; a seat that has answered drops out).
   */
  seats: Seat[];
  /** "phase" (the phasing seat gives orders), "decision" (a pending decision), or the system's own kind. */
  kind: string;
  /** True when the seats answer a sealed simultaneous decision: each answer is held unseen until all are in. */
  simultaneous?: boolean;
  /** The pending decision with its choices, as the reader may see it. */
  decision?: unknown;
}

export type SystemApplyResult<State> =
  { ok: true; state: State; events: GameEvent[] } | { ok: false; refusal: Refusal };

/** Something a scenario needs that the engine does not implement yet: its games are refused. */
export interface ScenarioGap {
  /** Case of the rule ("17.1", "[7.6]"). */
  case: string;
  what: string;
}

/** What a game's standing on victory is now, as a reader may see it. */
export interface SystemVictory {
  /** Victory points (or the system's equivalent) so far. */
  points: Record<Side, number>;
  /** Who holds each objective (hex games); empty where the system has none. */
  objectives: Record<string, Side | null>;
  /** The level that holds now, or 'draw'. */
  level: string;
  winner: Side | null;
  competitionScore: number | null;
  case: string | null;
}

/** The system's part of a game view: the service adds the header (id, version, status, mustAct, result). */
export interface SystemView {
  [field: string]: unknown;
}

/** A state as a reader may see it (GET states/{seq}): `redacted` when something was left out. */
export interface StateForReader {
  state: unknown;
  redacted: boolean;
}

export interface RulesSystem<Ctx = unknown, State extends SystemState = SystemState> {
  /** The value of `scenario.rules.system` this system plays. */
  readonly id: string;
  /** Its scenario documents: schemas, checks, summary. */
  readonly scenarios: ScenarioDocumentsSpec;
  /**
   * Once per scenario (the service caches it): the scenario's documents,
   * checked, with the lookups every game of it shares. `options` are the
   * game options that change the documents themselves (supplied counters);
   * throws on an inconsistent scenario, InvalidCountersError on bad counters.
   */
  prepare(scenario: unknown, map: unknown, options?: GameOptions, tables?: unknown): Ctx;
  /**
   * Optional, for a system whose preparation has a costly part depending on
   * the map alone (the hex systems: terrain tables and movement board): builds
   * it as plain, structured-cloneable data, so the service can run it on a
   * worker thread and hand the result to `prepare` as `tables`. A context
   * prepared with them is the one prepared without. Systems whose preparation
   * is cheap (the block systems) leave it out.
   */
  prepareTables?(map: unknown): unknown;
  /** The scenario the context was prepared from (its id, its document). */
  scenarioId(ctx: Ctx): string;
  /** What the scenario needs that this engine cannot play yet (its games are refused). */
  gaps(scenario: unknown): ScenarioGap[];
  /**
   * The set-up, pinned to engine revision `revision` (src/engine/revision.ts:
   * the current one for a new game, the recorded one when a replay is re-run).
   * Throws NotYetSupportedError / CountersRequiredError when the game cannot be set up.
   */
  newGame(ctx: Ctx, options: GameOptions, dice: Dice, revision?: number): State;
  /**
   * Who must act now; null once the game is over. The seats and kind are
   * public; `decision` is shown as `reader` may see it.
   */
  mustAct(ctx: Ctx, state: State, reader?: Reader): MustAct | null;
  /** Every order `seat` may give now, each accepted unchanged by applyOrder; never `resign` (POST /v1/games/{id}/resign gives it). */
  legalOrders(ctx: Ctx, state: State, seat: Seat): Order[];
  /** One untrusted order: the next state and its events, or a refusal naming the case. Never throws. */
  applyOrder(
    ctx: Ctx,
    state: State,
    seat: Seat,
    order: unknown,
    dice: Dice,
  ): SystemApplyResult<State>;
  /**
   * The odds of an attack order `seat` could give now, without rolling: strengths, terrain,
   * shifts, modifiers, the column and the result chances, from the function the combat itself is
   * resolved with; an order applyOrder would refuse is refused alike. Absent where the system has
   * no odds preview (the service answers NOT_YET_SUPPORTED).
   */
  attackOdds?(
    ctx: Ctx,
    state: State,
    seat: Seat,
    order: unknown,
  ): { ok: true; odds: unknown } | { ok: false; refusal: Refusal };
  /** The system's part of the game view as `reader` may see it (everything once the game is over). */
  view(ctx: Ctx, state: State, reader: Reader): SystemView;
  /** A stored state as `reader` may see it (states/{seq}); the whole state once `finished`. */
  stateFor(ctx: Ctx, state: State, reader: Reader, finished: boolean): StateForReader;
  /** An entry's events as `reader` may see them (replays, live updates, order answers). */
  eventsFor(ctx: Ctx, events: GameEvent[], reader: Reader, finished: boolean): GameEvent[];
  /** An order `seat` gave, as `reader` may see it: a sealed one is {type: "sealed", side, rule}. */
  orderFor(ctx: Ctx, order: unknown, seat: Seat, reader: Reader, finished: boolean): unknown;
  /** Where the game stands on victory now, as `reader` may see it. */
  victory(ctx: Ctx, state: State, reader: Reader): SystemVictory;
  /** The competition score the scenario prints for a result, null when none. */
  competitionScore(ctx: Ctx, result: GameResult): number | null;
  /**
   * The position after entry `seq` drawn as SVG, from states and the last
   * order already shown as the reader may see them (stateFor, orderFor);
   * absent where the system draws none yet.
   */
  /**
   * The map of a scenario whose map is the system's own data rather than a
   * document beside it (a block campaign's mapboard), drawn as SVG; absent or
   * undefined where there is none.
   */
  scenarioMapSvg?(scenario: unknown): string | undefined;
  renderBoard?(
    ctx: Ctx,
    seq: number,
    state: unknown,
    before: unknown,
    last: { side: Seat; order: unknown } | null,
  ): string;
}

/** A problem with a scenario's documents, at its path in one of them. */
export interface DocumentProblem {
  document: 'scenario' | 'map';
  path: string;
  message: string;
}

/**
 * A system's scenario documents: the JSON Schemas they are checked against
 * and what the schemas cannot check. The service lists, shows and accepts
 * uploads of every system's scenarios through this, one validator for all.
 */
export interface ScenarioDocumentsSpec {
  /**
   * The JSON Schema of each document: a file name under scenarios/schema/
   * (published at GET /v1/schemas/{name without .schema.json}), or the schema
   * itself. No `map`: the system's scenarios have no map document.
   */
  schemas: { scenario: string | object; map?: string | object };
  /** What the schemas cannot see (references, the rules' own limits); [] when the documents are playable data. */
  check(scenario: unknown, map: unknown): DocumentProblem[];
  /**
   * The system's fields of the scenario's summary in GET /v1/scenarios
   * (a hex game: date, year, turns, set-up kind, order of battle, map
   * provenance); `mapProvenance` is the map's, when there is one.
   */
  summary(scenario: unknown, mapProvenance: string | undefined): Record<string, unknown>;
}

/** A prepared scenario: its system and the context that system built for it. */
export interface PreparedScenario<Ctx = unknown, State extends SystemState = SystemState> {
  system: RulesSystem<Ctx, State>;
  ctx: Ctx;
}
