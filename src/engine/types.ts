/**
 * Core data types shared by every part of the engine and by the service: the
 * map document, the scenario document, and the shapes of orders, events and
 * refusals. All plain JSON data. Game state lives in state.ts.
 */
import type { GridLayout } from './hex/layout';

export type Side = 'union' | 'confederate';
export const SIDES: readonly Side[] = ['union', 'confederate'];
export const otherSide = (s: Side): Side => (s === 'union' ? 'confederate' : 'union');

/** A printed hex label, "CCRR" with an optional sheet prefix ("1508", "F1328"). */
export type HexId = string;

// ---------------------------------------------------------------- map ----

/**
 * Hex terrain, after the Terrain Effects Chart (10.1). "clear" carries a
 * level (1, 2 or 3). Bridge, ford, ferry and pontoon hexes are river
 * crossings occupying a whole hex.
 */
export type HexTerrain =
  | 'clear'
  | 'forest'
  | 'rough'
  | 'forest-rough'
  | 'swamp'
  | 'town'
  | 'river'
  | 'lake'
  | 'pond'
  | 'bridge'
  | 'ford'
  | 'ferry'
  | 'pontoon';

export interface HexSpec {
  terrain: HexTerrain;
  /** Elevation level for line of sight (9.33–9.35) and slopes (6.26); clear terrain's level 1/2/3. Default 1. */
  level?: 1 | 2 | 3;
  /** A slope hex (6.26). */
  slope?: boolean;
  /** A fort in the hex (10.1: two columns left; other terrain for movement). */
  fort?: boolean;
  /**
   * For ferry and pontoon hexes (6.28): the neighbouring hexes the arrows point
   * to / the pontoon connects; units enter and leave only through those hexsides.
   */
  crossing?: HexId[];
  /** Place name printed on the map ("Pittsburg Landing"). */
  name?: string;
}

/** Features of the hexside between two hexes (10.1 chart, hexside rows). */
export type HexsideFeature =
  | { type: 'creek' }
  | { type: 'stream' }
  | { type: 'river' }
  | { type: 'lake' }
  | { type: 'bridge' }
  | { type: 'ford' }
  /** A slope hexside (6.26); `high` is the hex on the upper side. */
  | { type: 'slope'; high: HexId }
  | { type: 'ridge' }
  | { type: 'sunken-road' }
  /** Redoubt / entrenchment: `friendly` is the hex on the protected (non-barbed) side (8.46). */
  | { type: 'redoubt'; friendly: HexId }
  | { type: 'entrenchment'; friendly: HexId };

export interface HexsideSpec {
  between: [HexId, HexId];
  features: HexsideFeature[];
}

/**
 * 'sunken-road': the TEC's "Sunken road" row (1 MP, attacker halved, attacker
 * doubled from an adjacent sunken road hex) describes hexes joined like a road
 * (rules-editions.md A31: moved along as a road), so it is a route type too.
 */
export type RouteType = 'turnpike' | 'road' | 'railway' | 'trail' | 'sunken-road';

/** A route drawn as a chain of contiguous hexes; each consecutive pair is joined through their hexside (6.22–6.24). */
export interface RouteSpec {
  type: RouteType;
  hexes: HexId[];
  name?: string;
}

export interface MapDocument {
  id: string;
  title: string;
  /** "reconstructed from the rules text" until someone supplies the printed map. */
  provenance: 'printed' | 'reconstructed from the rules text';
  /** One layout for a single sheet; several (with offsets) for joined maps. */
  grid: GridLayout | Array<{ layout: GridLayout; offset?: { q: number; r: number } }>;
  /** Terrain of every hex not listed in `hexes`. */
  defaultHex: HexSpec;
  hexes: Record<HexId, HexSpec>;
  hexsides: HexsideSpec[];
  routes: RouteSpec[];
  notes?: string[];
}

// ----------------------------------------------------------- scenario ----

export type UnitType =
  | 'infantry'
  | 'cavalry'
  | 'artillery'
  | 'horse-artillery'
  | 'gunboat'
  | 'train'
  | 'siege-train'
  | 'leader';

export interface UnitSpec {
  /** Stable id, unique in the scenario, e.g. "u-2-5" or "c-hardee-cav". */
  id: string;
  side: Side;
  /** Designation as printed ("2/5", "Army", "Lexington"). */
  designation: string;
  type: UnitType;
  /** Printed combat strength (0 for non-combat units). */
  strength: number;
  /** Reduced strength on the counter's back, where the game has one. */
  reducedStrength?: number;
  /** Printed movement allowance; absent means the 2.4 default (6 infantry/artillery, 8 cavalry). */
  movement?: number;
  /** Size notation ("brigade", "division", "regiment"...), where printed. */
  size?: string;
  /** Flags read by exclusive-rule hooks ("no-stack", "immobile", ...). */
  flags?: string[];
  /** A leader's stars, his rank (Grand Chancellorsville 23.5: one star for a Union corps or Confederate division commander). */
  stars?: number;
  /** The command a leader commands, or a unit belongs to, as the scenario's leaders hook names it (23.53: "II", "A"). */
  command?: string;
  notes?: string;
}

export interface Placement {
  unit: string;
  hex: HexId;
}

export interface FieldworkPlacement {
  hex: HexId;
  type: 'breastworks' | 'trench';
  /** The hexes across whose hexsides the fieldwork faces. */
  facing: HexId[];
}

export type Setup =
  | { kind: 'fixed'; placements: Placement[]; fieldworks?: FieldworkPlacement[] }
  | {
      kind: 'free';
      /** Each side places its units in its areas, checked against stacking and terrain. */
      areas: Array<{ side: Side; hexes: HexId[]; units?: string[] }>;
      placements?: Placement[];
    };

/**
 * Where play begins (ScenarioDocument.start), for a scenario that opens later
 * than the first Player-Turn's Movement Phase of Game-Turn 1: a custom
 * situation a scenario author sets up. Blue & Grey rules only.
 */
export interface ScenarioStart {
  /** The Game-Turn play begins on (default 1). */
  turn?: number;
  /** Whose Player-Turn of that Game-Turn: the first player's (default) or the other's. */
  player?: 'first' | 'second';
  /** The phase play begins in (default movement); combat needs a fixed set-up. */
  phase?: 'movement' | 'combat';
  /** Placed units that begin in another morale state than good (12.1). */
  units?: Array<{ unit: string; morale: 'good' | 'disordered' | 'shaken' | 'routed' }>;
}

export interface ReinforcementSpec {
  side: Side;
  turn: number;
  /** Entry hexes (map edge hexes); the owner chooses among them. */
  entry: HexId[];
  units: string[];
  /** Condition for conditional/variable reinforcements, interpreted by the named hook. */
  condition?: { hook: string; params?: Record<string, unknown> };
  /** Case in the exclusive rules that schedules it. */
  case?: string;
  /**
   * Where the units appear: 'map-edge' (the default, 5.0) or 'on-map', at the
   * listed hexes inside the map (Road to Richmond 17.31: the Union corps held
   * in the lines facing Richmond arrive at 0410-0419, beside the Command
   * Control Zone), so the edge check of 5.0 does not apply to them.
   */
  arrival?: 'map-edge' | 'on-map';
}

/** A battle's special rule, as a named, parameterised hook the engine implements once (battles.md §17). */
export interface RuleHook {
  hook: string;
  /** Case number(s) in the exclusive rules ("19.1"). */
  case: string;
  params?: Record<string, unknown>;
  description?: string;
}

/**
 * 'victory': a plain win where the battle grades no levels ("the Player with
 * the higher Victory Point total wins", Wilderness 19.0).
 */
export type VictoryLevelName = 'decisive' | 'substantive' | 'marginal' | 'victory';

/** Conditions of a level of victory, read from the point of view of that level's side. */
export type VictoryCondition =
  | { all: VictoryCondition[] }
  | { any: VictoryCondition[] }
  | { not: VictoryCondition }
  /** The side occupies (controls) every listed objective hex. */
  | { occupies: HexId[] }
  /** own VP >= ratio × enemy VP */
  | { pointsAtLeastTimes: number }
  /** own VP > ratio × enemy VP */
  | { pointsMoreThanTimes: number }
  /** own VP − enemy VP >= n */
  | { pointsLeadAtLeast: number }
  /** The enemy occupies at least one of the listed objective hexes (Fredericksburg 20.0: "does not occupy 1113, 1711 or 2401" is its negation). */
  | { enemyOccupiesAnyOf: HexId[] }
  /**
   * A unit of the side has exited the map through one of the hexes
   * (VictoryInputs.exited; Road to Vicksburg 21.4: no Confederate Decisive
   * with a unit exited from the western edge is its negation).
   */
  | { ownUnitsExitedAt: HexId[] };

export interface VictoryLevel {
  side: Side;
  level: VictoryLevelName;
  when: VictoryCondition;
  /** Competition score printed in brackets, where the scenario gives one. */
  competitionScore?: number;
  case: string;
}

/**
 * A fact about the game a point rule may depend on (Road to Richmond 22.12,
 * 22.14, 22.22), read from VictoryInputs at the end of the game.
 */
export type VictoryFact =
  /** The unit has left the map, through one of `atHexes` if given (VictoryInputs.exited). */
  | { unitExited: string; atHexes?: HexId[] }
  /** The unit has been eliminated. */
  | { unitEliminated: string }
  /** The unit never entered the map (still pending at the end). */
  | { unitNeverEntered: string }
  /** `side` can trace its exit Line of Communication at the end (VictoryInputs.exitLineOfCommunication). */
  | { lineOfCommunication: Side }
  /** The named game event has happened (VictoryInputs.events), e.g. "early-reinforcements-activated". */
  | { event: string }
  | { allOf: VictoryFact[] }
  | { anyOf: VictoryFact[] };

export type VictoryPointRule =
  /**
   * `points` VP to a side for each enemy combat strength point eliminated;
   * with `side`, only that side scores by this rule (Cemetery Hill 20.11: the
   * Confederate 2 per Union CSP, 20.12: the Union 3 per Confederate CSP).
   */
  | { kind: 'eliminated-strength'; points: number; case: string; side?: Side }
  /**
   * `points` VP to `side` (both sides if absent) for each strength point of
   * enemy units on the map that cannot trace a Line of Communication at the end
   * of the game (Antietam 19.1, Cemetery Hill 20.11/20.12). The tracing rule is
   * the scenario's "line-of-communication" hook; victory reads its result
   * (VictoryInputs.withoutLineOfCommunication).
   */
  | {
      kind: 'without-line-of-communication';
      points: number;
      case: string;
      side?: Side;
      onlyIf?: VictoryFact;
    }
  /**
   * `points` VP to the side that holds every one of `hexes` (all listed in
   * objectives); nothing for holding only some (Antietam 19.1: 15 VP for all
   * four Sharpsburg hexes). With `side`, only that side scores by it
   * (Chickamauga 21.12: Alexander's and Dyer's Bridges count for the Union only).
   */
  | { kind: 'objective-set'; hexes: HexId[]; points: number; case: string; side?: Side }
  /**
   * At each tally (VictoryInputs.exitTallies, taken when `tally` says),
   * `points` VP to `side` for each of its exited units of `unitType` in excess
   * of the enemy's (Cemetery Hill 20.3: 5 VP per Confederate exited cavalry
   * unit in excess of the Union's, at the end of every Union Player-Turn).
   */
  | {
      kind: 'exited-excess';
      side: Side;
      unitType: UnitType;
      points: number;
      tally: 'end-of-union-player-turn' | 'end-of-confederate-player-turn' | 'end-of-game-turn';
      case: string;
    }
  /** `points` VP to `side` for each enemy unit eliminated, whatever its strength (Chattanooga 21.11 i, iii). */
  | { kind: 'eliminated-units'; side: Side; points: number; case: string }
  /**
   * `points` VP to `side` for each of its own combat strength points exited
   * from the map (Chickamauga 21.11 ii, iii). With `lineOfCommunication` (the
   * case of the tracing rule), only if `side` can trace that line at the end
   * (Chickamauga 21.31; VictoryInputs.exitLineOfCommunication).
   */
  | {
      kind: 'exited-strength';
      side: Side;
      points: number;
      case: string;
      lineOfCommunication?: string;
    }
  /** `points` VP to `side` if the enemy unit `unit` has not exited the map (Chickamauga 21.11 iv: the Union Train). */
  | { kind: 'unit-not-exited'; side: Side; unit: string; points: number; case: string }
  /**
   * `points` VP to `side` for each of `hexes` (all listed in objectives) it
   * controlled at any time in the game, awarded once (Chattanooga 21.11 ii;
   * VictoryInputs.objectivesEverHeld).
   */
  | { kind: 'objective-ever-held'; side: Side; hexes: HexId[]; points: number; case: string }
  /**
   * `points` VP to `side` for each of `zoneHexes` in the Zone of Control of at
   * least one of its units of `unitTypes` at the end; enemy units in the hex
   * do not negate it (Chattanooga 21.12 i; VictoryInputs.zonesOfControl).
   */
  | {
      kind: 'hexes-in-zone-of-control';
      side: Side;
      zoneHexes: HexId[];
      unitTypes: UnitType[];
      points: number;
      case: string;
    }
  /** `points` VP to `side` from the start of the game (Fredericksburg 21.35: 4 Confederate VP for a previous exit). */
  | { kind: 'initial'; side: Side; points: number; case: string }
  /**
   * VP to `side` for each of its own units exited through one of `exitHexes`
   * (VictoryInputs.exited): `values` per unit (`per: 'unit'`) or per combat
   * strength point (`per: 'strength-point'`) by the unit's ExitClass; a class
   * `values` does not list scores nothing (Fredericksburg 21.12 i-vi).
   */
  | {
      kind: 'exited-units';
      side: Side;
      exitHexes: HexId[];
      per: 'unit' | 'strength-point';
      values: Partial<Record<ExitClass, number>>;
      case: string;
      /** Scored only if this holds at the end (Road to Richmond 22.12 ii, iv, v). */
      onlyIf?: VictoryFact;
      /** Units this rule does not count (Road to Richmond 22.12 i: the Train, scored by iii). */
      excludeUnits?: string[];
      /** Only units whose size is one of these count (Road to Vicksburg 21.3: brigades, regiments, batteries, sections). */
      sizes?: string[];
      /** The counted values are summed and one point given per full `groupOf` (Road to Vicksburg 21.3: "1 for each two infantry regiments or two artillery sections"). */
      groupOf?: number;
    }
  /** `points` VP to `side` if `when` holds at the end (Road to Richmond 22.12 iii, vi, 22.14). */
  | { kind: 'fact'; side: Side; when: VictoryFact; points: number; case: string }
  /**
   * At the end of each Game-Turn from `fromTurn` on, `points` VP to the side
   * physically occupying each of `hexes` (Road to Richmond 22.13: 1823, 1826
   * after Game-Turn 8; VictoryInputs.occupationTallies).
   */
  | { kind: 'occupied-each-turn'; hexes: HexId[]; fromTurn: number; points: number; case: string }
  /**
   * At the end of each Game-Turn (from `fromTurn`, default 1), VP to the side
   * controlling each of `hexes` (objectives), by side: Road to Vicksburg 21.3
   * "Victory Points received per Game-Turn for controlling hex 1309": 10 to
   * the Confederate, 5 to the Union (VictoryInputs.controlTallies, kept by the
   * objective-control hook).
   */
  | {
      kind: 'controlled-each-turn';
      hexes: HexId[];
      fromTurn?: number;
      points: Partial<Record<Side, number>>;
      case: string;
    }
  /**
   * `points` VP to `side` for each time the named game event happened
   * (VictoryInputs.events, which may name an event more than once): Road to
   * Vicksburg 21.3, 5 VP "for each Game-Turn the Union Train unit is
   * bombarded".
   */
  | { kind: 'per-event'; side: Side; event: string; points: number; case: string }
  /**
   * `points` VP to a side (or only `side`) for each star of the enemy's
   * leaders eliminated (Grand Chancellorsville 23.58, 23.61 iii and "2.";
   * VictoryInputs.eliminatedLeaderStars, from the scenario's leaders hook).
   */
  | { kind: 'eliminated-leader-stars'; points: number; case: string; side?: Side }
  /** `points` VP to `side` once every one of the enemy's `units` is eliminated (Wilderness 19.12 iii: both Train Defence units). */
  | { kind: 'all-units-eliminated'; side: Side; units: string[]; points: number; case: string };

/**
 * How exit points class a unit (Fredericksburg 21.12): infantry divisions
 * (size "division") apart from other infantry; cavalry, artillery (horse
 * artillery included) and the rest by type.
 */
export type ExitClass = 'infantry' | 'infantry-division' | 'cavalry' | 'artillery' | 'other';

/**
 * A victory checked during the game (Fredericksburg 20.0: at the end of
 * Game-Turn 5, the Confederate wins automatically if ...). When `when` holds
 * for `side` at the end of Game-Turn `afterTurn`, the game ends with that
 * level; otherwise play goes on.
 */
export interface AutomaticVictory {
  afterTurn: number;
  side: Side;
  level: VictoryLevelName;
  /** Only point rules of these kinds count toward the condition's VP (20.0: "counting Points for elimination of Enemy units only"); all if absent. */
  pointKinds?: VictoryPointRule['kind'][];
  when: VictoryCondition;
  case: string;
}

export interface ObjectiveSpec {
  hex: HexId;
  /**
   * How occupation is tracked: "last-to-occupy" = in the hex, or the last to
   * move into or through it (Shiloh 18.31); "last-unit-or-zoc" = the last to
   * have a unit or its Zone of Control in the hex (Wilderness 19.13), which the
   * scenario's objective-control hook tracks; "last-unit-or-uncontested-zoc"
   * = as that, but an unoccupied hex in both sides' Zones of Control is
   * controlled by neither (Road to Vicksburg 21.2).
   */
  control: 'last-to-occupy' | 'last-unit-or-zoc' | 'last-unit-or-uncontested-zoc';
  /** Who holds it at the start, if anyone. */
  initial?: Side;
  case: string;
}

export interface VictorySpec {
  points: VictoryPointRule[];
  objectives: ObjectiveSpec[];
  /** Levels, checked in order; the first that holds is the result. */
  levels: VictoryLevel[];
  /** Result when no level holds. */
  otherwise: 'draw';
  /** Victories checked during the game, at the end of a Game-Turn (Fredericksburg 20.0). */
  automatic?: AutomaticVictory[];
  /**
   * Army Demoralization lowers a winner's level (Hooker and Lee 21.3): a
   * Demoralized winner's level drops `levelsDown` steps (decisive →
   * substantive → marginal → `otherwise`); with `bothDemoralized`
   * 'no-effect', nothing changes when both armies are Demoralized. Which
   * armies are Demoralized is the "army-demoralization" hook's result
   * (VictoryInputs.demoralized).
   */
  demoralization?: DemoralizationEffect;
}

/** How army Demoralization changes the level of victory (Hooker and Lee 21.3). */
export interface DemoralizationEffect {
  case: string;
  levelsDown: number;
  bothDemoralized: 'no-effect';
  /** What a level dropped below marginal becomes: the spec's `otherwise` (a draw). */
  belowMarginal: 'otherwise';
}

export interface ScenarioDocument {
  id: string;
  title: string;
  /** ISO date of the first day of the battle. */
  date: string;
  /** Year of the battle (10.34: breastworks only from 1863). */
  year: number;
  rules: { system: 'blue-grey' | 'classic'; version: string };
  /** File name of the map document beside the scenario, or the map's id. */
  map: string;
  firstPlayer: Side;
  turns: number;
  /** Game-Turns that are Night turns (11.0). */
  nightTurns: number[];
  units: UnitSpec[];
  setup: Setup;
  /** Where play begins when not at Game-Turn 1's first Movement Phase (a custom situation). */
  start?: ScenarioStart;
  reinforcements: ReinforcementSpec[];
  /** Stacking limit per hex at the end of a phase (6.32), default 2. */
  stacking?: { units: number } | { strengthPoints: number };
  /** Hexes gunboats may use besides river hexes (9.62: 1701 in Shiloh). */
  gunboatHexes?: HexId[];
  specialRules: RuleHook[];
  victory: VictorySpec;
  /**
   * What the rules text does not give and the scenario therefore lacks (units
   * printed only on the map sheet or counters, strengths left blank...): the
   * honest description of the gap, shown in the scenario list (orderOfBattle
   * "incomplete"). It does not refuse games by itself: where the players can
   * supply the units, `counters` says so, and a game in which a side would
   * have no unit at all is refused COUNTERS_REQUIRED (src/engine/game.ts newGame).
   */
  missing?: Array<{ case: string; what: string }>;
  /**
   * The units the players supply from their own counters or map sheet, when
   * the text does not print them (src/engine/scenario/counters.ts): a game's
   * options.counters are merged into the scenario before it is prepared.
   */
  counters?: CountersSpec;
  /** Seed line ranges the data was transcribed from. */
  sources: Array<{ seed: string; lines: [number, number]; what: string }>;
  notes: string[];
}

/**
 * The order of battle the players supply (ScenarioDocument.counters): the
 * case that sends them to the counters or the map sheet, whose units they may
 * supply, and the units the text names without their values.
 */
export interface CountersSpec {
  /** The case that sends the players to the counters or map sheet ("16.1"). */
  case: string;
  /** What the players read from them ("Set-up hexes and strengths are printed on the counter backs"). */
  what: string;
  /** The sides whose units the players may supply. */
  sides: Side[];
  /** Units the text names without their values; a supplied unit with one of these ids fills it in. */
  named: NamedCounter[];
}

/**
 * A unit the text names but does not give in full (Jonesborough 19.0: "Brantly
 * J2410"): what it does give. Hooks and victory rules may refer to its id; a
 * game whose players do not supply it simply does not have it.
 */
export interface NamedCounter {
  id: string;
  side: Side;
  designation: string;
  /** The type, when the text gives it; a supplied unit must then have it. */
  type?: UnitType;
  /** The set-up hex the text gives: becomes a placement unless the players place it themselves. */
  hex?: HexId;
  /** The Game-Turn it arrives on, with `entry` (or `hex`, inside the map): becomes a reinforcement. */
  turn?: number;
  entry?: HexId[];
  notes?: string;
}

/**
 * A game's options.counters: units in the scenario's shapes, merged into the
 * scenario by supplyCounters (src/engine/scenario/counters.ts).
 */
export interface SuppliedCounters {
  units: UnitSpec[];
  placements?: Placement[];
  reinforcements?: ReinforcementSpec[];
}

// ----------------------------------------------- orders, events, refusals ----

/** An order: a `type` and the fields that type needs. Concrete order types live with their rules. */
export interface OrderBase {
  type: string;
}

/** Something that happened, with every die roll and what it decided. */
export interface GameEvent {
  type: string;
  [field: string]: unknown;
}

/** Why an order was refused: a machine code, the case it breaks, a sentence a player understands. */
export interface Refusal {
  code: string;
  rule: string;
  message: string;
}
