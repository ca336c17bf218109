/**
 * The block-game battle engine's plain state (Bobby Lee & Sam Grant, seed
 * 002, rules 6.0–7.6). Everything here is JSON: the engine clones the state,
 * works on the clone and hands it back, so a state is never changed in place.
 *
 * Fog of war (notes §8) lives in the data, not in the type: every block
 * carries its type, name and strength, and `revealed` says whether the
 * opponent may currently see them. blockView (block-view.ts) is the only way
 * a reader gets a state.
 */
import type { Side } from '../../types';

export type { Side };

/** The Unit Data chart's types [2.3]; "hq" covers Field and Supreme HQs [2.21]. */
export type UnitType =
  'infantry' | 'brigade' | 'garrison' | 'cavalry' | 'artillery' | 'heavy-artillery' | 'hq';

export type LineCell = 'L' | 'C' | 'R';
/** A battle-board cell [6.2]: one side's Left/Center/Right or its Reserve. */
export type CellId = `${Side}:${LineCell}` | `${Side}:reserve`;

/** The battle hex's terrain for 7.36 and 7.6: forest and marsh give Double Defense to both sides, a fortress to the Defender. */
export type BattleTerrain = 'clear' | 'forest' | 'marsh' | 'fortress';

/** Hexside terrain of the Terrain Effects chart (L151–167): the attack, reinforce and retreat limits. */
export type HexsideTerrain =
  'clear' | 'forest' | 'marsh' | 'minor-river' | 'bridge' | 'gap' | 'major-river' | 'mountain';

export type Weather = 'dry' | 'mud';
export type Theater = 'east' | 'west';
export type Slot = 'dawn' | 'morning' | 'afternoon' | 'dusk' | 'night';

/** Where a block is. `adjacent` = in the hex across that hexside (a reinforcement waiting, or a unit that retreated there). */
export type Place =
  | { kind: 'cell'; cell: CellId }
  | { kind: 'outflanking'; target: CellId }
  | { kind: 'lost'; target: CellId }
  | { kind: 'adjacent'; hexside: string }
  /** 10.5: an invader gone back by sea to the port it came from. */
  | { kind: 'naval-retreat'; port: string }
  | { kind: 'undeployed' }
  | { kind: 'eliminated' };

export interface BlockUnit {
  /** Opaque block id, assigned by a seeded shuffle so it says nothing of the block (notes §8.4.1). */
  id: string;
  side: Side;
  type: UnitType;
  /** Order-of-battle label (historical name), hidden with the block. */
  name: string;
  /** HQ code and role for type "hq" [2.21]. */
  hq?: { code: string; supreme: boolean };
  cv: number;
  maxCv: number;
  place: Place;
  /** Face-up: the opponent sees type and CV (sb "Battle Fog of War"). */
  revealed: boolean;
  /** Disrupted (7.13) through the end of this Battle Day (null = not disrupted). */
  disruptedThroughDay: number | null;
  /** Fired or meleed this Battle Turn (7.3: no Battle Move after). */
  fired: boolean;
  /** Battle moves made this Battle Turn and their kinds (7.4, 7.44). */
  moves: MoveKind[];
  /** Declared retreat this phase, across this hexside, awaiting pursuit (7.1). */
  retreating: string | null;
  /** Regrouped at the instant of victory (6.4, 7.52). */
  regrouped: boolean;
  /** A reinforcement may not enter before this Battle Day (scenario arrivals). */
  availableDay: number;
  /** Optional Morale (7.2): Morale Poor this turn, must Disengage and may not fire. */
  moralePoor: boolean;
  /** Ever part of the battle (deployed or reinforcing): counts for Emancipation's "major battle" (4.55, A51). */
  fought: boolean;
  /** Landed by naval invasion (10.4): may retreat by sea during this battle (10.5). */
  invader?: boolean;
}

export type MoveKind = 'engage' | 'occupy' | 'disengage' | 'plain' | 'outflank';

export interface BattleHexside {
  id: string;
  terrain: HexsideTerrain;
  /** Name of the hex across it (display). */
  beyond: string;
  /** Units of this side stand beyond it outside the battle: the other side may not retreat there (A37). */
  occupant: Side | null;
  /** Who controls the hex across (8.1), when the scenario says: a naval invader may retreat into it if it is his (10.5). */
  controller?: Side | null;
}

export interface BattleOptions {
  /** 7.32 ties among equal-CV blocks: "auto" (stated default: revealed first, then block id) or "ask" the owner. */
  hitAllocation: 'auto' | 'ask';
  /** Optional rule 7.2. */
  morale: boolean;
  /** Optional rule sb "Battle Stacking": at most 4 blocks of a side in each of L, C, R. */
  battleStacking: boolean;
}

export type Phase =
  | { name: 'deploy'; side: Side; night: boolean; movable: string[] }
  | { name: 'retreat' }
  | { name: 'fire' }
  | { name: 'moves' }
  | { name: 'reinforce' }
  | { name: 'night-choice'; side: Side }
  | { name: 'night-retreat'; side: Side }
  | { name: 'night-reinforce'; side: Side }
  | { name: 'regroup'; side: Side; mode: 'retreat' | 'reinforce' | null }
  | { name: 'over' };

/** Hits waiting to be applied to one side's units (7.32), in order. */
export interface HitBatch {
  side: Side;
  /** The target set, fixed at the instant of fire. */
  targets: string[];
  hits: number;
  /** Double Defense (7.36) applies to this batch. */
  dd: boolean;
  /** Half-hit bucket (A42): "side|cell" or "unit|id" for counter-battery. */
  halfKey: string;
  why: string;
}

export interface MeleeState {
  cell: CellId;
  side: Side;
  /** The active side's blocks in the melee (A46). */
  units: string[];
  round: 1 | 2;
  stage: 'resolving' | 'active-choice' | 'defender-choice';
}

/** An interrupt owed by one seat (notes §10 D9, D11). */
export type Pending =
  | { kind: 'allocate-hit'; side: Side; candidates: string[] }
  | { kind: 'melee-choice'; side: Side }
  /** 7.43: Lost blocks whose roll succeeded: engage and fire, or go back to the Reserve (the first is asked now). */
  | { kind: 'lost-choice'; side: Side; units: string[] };

export interface TurnCounters {
  /** Units crossed per "side|hexside" this Battle Turn (7.12 retreats, 7.51 reinforcements). */
  retreats: Record<string, number>;
  reinforcements: Record<string, number>;
  /** DR admissions left per "side|hexside" this Battle Turn (7.51, A47). */
  drAdmits: Record<string, number>;
  halfHits: Record<string, number>;
  /** Some unit has fired: no melee may be declared after (7.35). */
  fireStarted: boolean;
}

export interface BattleResult {
  victor: Side | null;
  reason: string;
  /** Distinct CSA units that took part (A51), for Emancipation. */
  confederateUnits: number;
}

export interface BlockBattleState {
  system: 'block';
  kind: 'battle';
  scenarioId: string;
  theater: Theater;
  year: number;
  /** Month of the battle (1–12): the firepower matrix changes in January 1863 (7.31). */
  month: number;
  weather: Weather;
  terrain: BattleTerrain;
  attacker: Side;
  defender: Side;
  options: BattleOptions;
  hexsides: BattleHexside[];
  /** Hexsides the Attacker attacked or reinforced across: his only retreat routes (7.11). */
  attackerHexsides: string[];
  /** A naval invasion battle (10.4): the port the invaders came from, their naval retreat (10.5); null otherwise. */
  navalPort: string | null;
  /** Blocks, sorted by id. */
  units: BlockUnit[];
  /** Holder of each line cell: the side that last held it exclusively (sb "Offense and Defense"). */
  holders: Record<string, Side>;
  day: number;
  slot: Slot;
  /** Whose Battle Turn it is. */
  turnSide: Side;
  phase: Phase;
  turn: TurnCounters;
  hitQueue: HitBatch[];
  pending: Pending | null;
  melee: MeleeState | null;
  /** A side routing (7.15) until its rout retreat is finished. */
  routing: Side | null;
  /** A side whose declared retreat leaves once the pursuit hits are applied (7.1, 7.14). */
  resolvingRetreat: Side | null;
  /** Night choices this night (6.31). */
  night: { defender: 'retreat' | 'continue' | null; attacker: 'retreat' | 'continue' | null };
  result: BattleResult | null;
  diceDrawn: number;
}

export interface BlockEvent {
  type: string;
  /** Only this side may see the event; absent = public. */
  visibleTo?: Side;
  [field: string]: unknown;
}

export interface BlockRefusal {
  code: string;
  rule: string;
  message: string;
}

export type BlockOrder = { type: string } & Record<string, unknown>;

export type BlockApplyResult =
  | { ok: true; state: BlockBattleState; events: BlockEvent[] }
  | { ok: false; refusal: BlockRefusal };

export const SIDES: readonly Side[] = ['union', 'confederate'];

export function otherSide(s: Side): Side {
  return s === 'union' ? 'confederate' : 'union';
}
