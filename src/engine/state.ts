/**
 * The game state: plain, JSON-serialisable data, never mutated. Every rules
 * function takes a state and returns a new one. Combat adds its own fields
 * through additive changes (the `combat` bookkeeping object is theirs).
 */
import type { HexId, OrderBase, Side } from './types';

/** Rules system and version every new game is pinned to (architecture: replays re-run under it). */
export const RULES_SYSTEM = 'blue-grey' as const;
export const RULES_VERSION = 'blue-grey/2e-1';

export type Morale = 'good' | 'disordered' | 'shaken' | 'routed';
export type UnitStatus = 'pending' | 'on-map' | 'eliminated' | 'exited';

export interface UnitMarkers {
  /** 1975 rules, optional O11.0: Attack Effectiveness lost (the counter face-down) until the end of a Night Game-Turn. */
  ineffective?: boolean;
  /** 12.41b: a Rally marker placed this Movement Phase; the unit may not move, rolls at the start of the Combat Phase. */
  rally?: boolean;
  /** 10.34 i: the unit is building Breastworks (an Under Construction marker sits on it). */
  buildingBreastworks?: boolean;
}

export interface UnitState {
  id: string;
  side: Side;
  hex: HexId | null;
  /** pending = reinforcement not yet entered (5.0). */
  status: UnitStatus;
  /** Current face strength. */
  strength: number;
  /** 12.1 */
  morale: Morale;
  markers: UnitMarkers;
}

export type FieldworkKind = 'breastworks' | 'under-construction' | 'trench';

export interface Fieldwork {
  hex: HexId;
  kind: FieldworkKind;
  /** Neighbouring hexes across whose hexsides the marker faces (10.34 ii: three adjacent hexsides). */
  facing: HexId[];
  side: Side;
  /** Under construction: the unit building it (10.34 i). */
  unit?: string;
  /** Under construction: the Game-Turn the marker was placed (10.34 ii: flips after the following Movement Phase). */
  placedTurn?: number;
}

/** Bookkeeping of the current Movement Phase; null outside it. */
export interface MovementPhaseState {
  /** Units that have moved (or entered, or been marked) this phase: 6.18, each moves once. */
  moved: string[];
  /** Units entered per entry hex this phase: the column of stacks of 5.0. */
  entered: Record<HexId, number>;
  /** Units that placed a marker instead of moving this phase (12.41b, 10.34 i). */
  marked: string[];
  /** Units that moved into an Enemy controlled hex this phase (11.21: compulsory night attacks). */
  enteredEnemyZoc: string[];
}

export interface PendingDecision {
  side: Side;
  kind: string;
  [field: string]: unknown;
}

export interface GameOptions {
  /** Free-form, validated by the service; the engine reads only what it knows. */
  [option: string]: unknown;
}

/** 'setup': the free-deployment set-up before Game-Turn One (3.0, setup-phase.ts). */
export type Phase = 'setup' | 'movement' | 'combat' | 'finished';

export interface GameResult {
  winner: Side | null;
  level: string | null;
  reason: string;
}

export interface GameState {
  schema: 1;
  /** The rules system and version the game is pinned to (src/engine/rules/index.ts): replays re-run under it. */
  rules: {
    system: 'blue-grey' | 'classic';
    version: string;
    /** The engine revision the game was created under (revision.ts); absent in states of revision 1. */
    revision?: number;
  };
  scenarioId: string;
  options: GameOptions;
  turn: number;
  night: boolean;
  phase: Phase;
  phasing: Side;
  units: Record<string, UnitState>;
  fieldworks: Fieldwork[];
  movement: MovementPhaseState | null;
  /** Combat bookkeeping; owned by combat (combat-phase.ts). */
  combat: Record<string, unknown> | null;
  /** Only that side may answer. */
  pending: PendingDecision | null;
  /** Occupation tracking (Shiloh 18.31): who last occupied / moved through each objective hex. */
  objectives: Record<HexId, Side | null>;
  /** Strength points of each side eliminated (VP). */
  eliminatedStrength: Record<Side, number>;
  /** Per exclusive-rule hook. */
  hookState: Record<string, unknown>;
  /**
   * Reinforcements that could not enter on their scheduled Game-Turn (5.5):
   * they may later enter at any map edge hex within three hexes of it.
   */
  blockedReinforcements: string[];
  diceDrawn: number;
  result: GameResult | null;
}

// ---------------------------------------------------------------- orders ----

/** 6.0: move a unit along a path of contiguous hexes (start hex excluded). */
export interface MoveOrder extends OrderBase {
  type: 'move';
  unit: string;
  path: HexId[];
}

/** 6.4: strategic movement along routes, +2/+4 MP. */
export interface StrategicMoveOrder extends OrderBase {
  type: 'strategic-move';
  unit: string;
  path: HexId[];
}

/** 5.0: bring a reinforcement on to the map; path starts at the entry hex. */
export interface EnterOrder extends OrderBase {
  type: 'enter';
  unit: string;
  hex: HexId;
  path: HexId[];
}

/** 12.41b: place a Rally marker instead of moving. */
export interface RallyMarkerOrder extends OrderBase {
  type: 'rally-marker';
  unit: string;
}

/** 10.34 i: place a Breastworks Under Construction marker instead of moving. */
export interface BuildBreastworksOrder extends OrderBase {
  type: 'build-breastworks';
  unit: string;
}

/**
 * 10.34 ii: the unit building Breastworks stays put this Movement Phase and
 * the marker flips at the start of the ensuing Combat Phase, facing these
 * three adjacent hexes (see docs/rules-decisions.md, Movement, on A1).
 */
export interface CompleteBreastworksOrder extends OrderBase {
  type: 'complete-breastworks';
  unit: string;
  facing: HexId[];
}

export interface EndPhaseOrder extends OrderBase {
  type: 'end-phase';
}

export interface ResignOrder extends OrderBase {
  type: 'resign';
}

export type MovementOrder =
  | MoveOrder
  | StrategicMoveOrder
  | EnterOrder
  | RallyMarkerOrder
  | BuildBreastworksOrder
  | CompleteBreastworksOrder
  | EndPhaseOrder
  | ResignOrder;

/** Any order; combat orders are defined by combat and pass through as OrderBase. */
export type Order = MovementOrder | (OrderBase & Record<string, unknown>);

// ------------------------------------------------------------- helpers ----

/** Units on the map, in a hex. */
export function unitsIn(state: GameState, hex: HexId): UnitState[] {
  const out: UnitState[] = [];
  for (const id in state.units) {
    const u = state.units[id];
    if (u.status === 'on-map' && u.hex === hex) out.push(u);
  }
  return out;
}

/** Map of hex → units on the map there. */
export function occupancy(state: GameState): Map<HexId, UnitState[]> {
  const m = new Map<HexId, UnitState[]>();
  for (const id in state.units) {
    const u = state.units[id];
    if (u.status !== 'on-map' || u.hex === null) continue;
    const list = m.get(u.hex);
    if (list) list.push(u);
    else m.set(u.hex, [u]);
  }
  return m;
}

/** A copy of the state with one unit replaced. */
export function withUnit(state: GameState, unit: UnitState): GameState {
  return { ...state, units: { ...state.units, [unit.id]: unit } };
}
