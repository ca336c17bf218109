/**
 * The shape of an exclusive-rule hook (battles.md §17). A hook is consulted
 * at fixed points of the engine; each point is optional:
 *
 * - "can this unit move / enter this hex": constraint, markerRefusal,
 *   crossing, forbiddenHexes, entryRefusal, entryHexes, arrival (units an
 *   exclusive rule brings back, off the reinforcement chart), endPhaseRefusal;
 * - stacking: stacksAlone (units that share their hex with no other);
 * - orders of its own in the Movement Phase (map exits): movementOrders,
 *   orderTypes + applyMovementOrder, listed and checked by one generator;
 * - the start of play (after the set-up): atStartOfPlay, and pending
 *   decisions of its own: decisionKinds, decisionOrders, applyDecision;
 * - "end-of-phase / end-of-turn triggers": afterOrder (sees every accepted
 *   order's events: lift triggers, state-driven changes such as
 *   Demoralization, rolls made when play reaches a point, with the Dice),
 *   endOfPlayerTurn (per-turn tallies),
 *   skipsPlayerTurn (a side with no Player-Turn);
 * - "end-of-game evaluation": victoryInputs (LOC, exits);
 * - units above the combat units (leaders): noCombatPresence, stackingCheck,
 *   movementOf, forcedMarchMovementOf, strengthBonus, disorderSave,
 *   rallyAutomatic;
 * - combat: bombardRange, noRangeEffects, noArtilleryDefenceBonus,
 *   retreatOverride, retreatOffMap, hexHalving, attackRefusal,
 *   forcedCombatResult, advanceRefused.
 */
import type { Dice } from '../../dice';
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order, UnitState } from '../../state';
import type {
  GameEvent,
  HexId,
  HexTerrain,
  ReinforcementSpec,
  Refusal,
  RuleHook,
  Side,
} from '../../types';
import type { Combat } from '../blue-grey/combat';
import type { CombatResult } from '../blue-grey/crt';
import type { VictoryInputs } from '../../victory';

/** What a hook says about one unit's move this phase. */
export type MoveConstraint =
  /** The unit may not move at all (and may not place a marker instead). */
  | { kind: 'forbidden'; refusal: Refusal }
  /** The unit may move only one hex, into one of these hexes. */
  | { kind: 'one-hex'; hexes: HexId[]; refusal: Refusal };

/** One ordinary destination of a unit's move this phase (path excludes the start hex; cost and allowance in thirds of a MP). */
export interface UnitMove {
  path: HexId[];
  cost: number;
  allowance: number;
}

/** What a hook's own orders need from the Movement Phase: each unit's ordinary moves, and its eligibility to act. */
export interface MovementPhaseAccess {
  /** The unit's ordinary move destinations this phase (empty if it may not move). */
  movesOf(unit: UnitState): UnitMove[];
  /** Why the unit may not act this phase at all (already moved, marked, not its side), or null. */
  unitRefusal(unitId: unknown): Refusal | UnitState;
  /** Whether the hex (board index) is in an Enemy Zone of Control of the moving side. */
  inEnemyZoc(hex: HexId): boolean;
  /**
   * The unit's moves (or, if pending, its entries: `hex` the entry hex) under
   * an exclusive rule's own Movement Allowance (Grand Chancellorsville 23.2
   * Forced March): every other rule of an ordinary move applies.
   */
  movesUnder?(unit: UnitState, rules: MoveRules): Array<UnitMove & { hex?: HexId }>;
  /** Applies such a move as the unit's move of the phase (6.18), with the hook's events first; refuses what movesUnder would not list. */
  applyUnder?(
    unit: UnitState,
    move: { hex?: HexId; path: HexId[] },
    rules: MoveRules,
    events: GameEvent[],
  ): ApplyResult;
}

/** An exclusive rule's Movement Allowance for one move (movesUnder). */
export interface MoveRules {
  /** Thirds of a MP. */
  allowance: number;
  /** The move may not enter an Enemy controlled hex (Grand Chancellorsville 23.21-23.23). */
  noEnemyZoc: boolean;
  /** If given, every hex of the move, its start or entry hex included, is one of these. */
  within?: ReadonlySet<HexId>;
}

/** Hexes a unit may not enter this Movement Phase under an exclusive rule, and why (forbiddenHexes). */
export interface ForbiddenHexes {
  hexes: Iterable<HexId>;
  refusal(hex: HexId): Refusal;
}

/** A unit's retreat replaced by an exclusive rule: eliminated instead, or unaffected (stays). */
export type RetreatOverride = { effect: 'eliminate' | 'ignore'; rule: string; why: string };

/** What retreatOverride is told about the retreat. */
export interface RetreatContext {
  /** Why the unit retreats ('result', 'displaced', 'routed-end', ...). */
  reason: string;
  /** Units attacking in the combat that causes it (adjacent and bombarding), if any. */
  attackers: string[];
}

export interface MovementHook {
  hook: string;
  case: string;
  /**
   * A sealed choice (Road to Richmond 17.62: "secretly writes down"): orders of
   * these types, and this hook's hook-state entry, belong to `side` alone until
   * the game is over. The engine plays them as any order; src/engine/secrecy.ts
   * tells a reader what he may see (the service redacts replays, states and
   * live updates with it).
   */
  sealed?: { side: Side; orderTypes: string[]; stateKey: string };
  /** Markers this rule puts on units now (19.61: "Out of Ammo"), for pictures of the position. */
  unitMarkers?(ctx: GameContext, state: GameState): Array<{ unit: string; marker: string }>;
  /** Restriction on a unit's move, or null. */
  constraint?(ctx: GameContext, state: GameState, unit: UnitState): MoveConstraint | null;
  /** Why the unit may not place a Rally or Breastworks marker instead of moving, or null. */
  markerRefusal?(ctx: GameContext, state: GameState, unit: UnitState): Refusal | null;
  /**
   * A unit crossing a river ferry or pontoon hex `via` from `from` to `to`
   * (6.28): a refusal if the exclusive rule forbids it; otherwise the
   * hex's entry cost in thirds, or null for the chart's.
   */
  crossing?(
    ctx: GameContext,
    state: GameState,
    side: Side,
    from: HexId,
    via: HexId,
    to: HexId,
  ): Refusal | number | null;
  /** Why the phasing side may not end its Movement Phase yet (obligations), or null; canMove: the unit may still move, or enter if it is waiting to. */
  endPhaseRefusal?(
    ctx: GameContext,
    state: GameState,
    side: Side,
    canMove: (unit: UnitState) => boolean,
  ): Refusal | null;
  /**
   * Hexes this unit may not enter in its Movement Phase under an exclusive
   * rule (Hooker and Lee 19.13 the west-edge zone, 19.14 Ely's Ford closed to
   * Averill), with the refusal for each, or null (movement.ts stepCost).
   */
  forbiddenHexes?(ctx: GameContext, state: GameState, unit: UnitState): ForbiddenHexes | null;
  /** True if this unit may share its hex with no other unit of its side at the end of any phase (Hooker and Lee 19.21 Union divisions; stacking.ts). */
  stacksAlone?(ctx: GameContext, unitId: string): boolean;
  /** A unit scheduled to (re-)enter by an exclusive rule rather than the reinforcement chart (Hooker and Lee 18.23 the flank march), or null (reinforcements.ts). */
  arrival?(
    ctx: GameContext,
    state: GameState,
    unit: UnitState,
  ): Pick<ReinforcementSpec, 'turn' | 'entry' | 'case'> | null;
  /** Why this attack may not be made under an exclusive rule (Hooker and Lee 20.12 Demoralization), or null (attack.ts). */
  attackRefusal?(
    ctx: GameContext,
    state: GameState,
    side: Side,
    attack: { attackers: string[]; defenders: HexId[]; bombard?: string[]; reduceOddsTo?: string },
  ): Refusal | null;
  /** A result that replaces the die roll of this combat at this odds level (Hooker and Lee 20.14 automatic Ar), or null (decisions.ts). */
  forcedCombatResult?(
    ctx: GameContext,
    state: GameState,
    combat: Combat,
    level: number,
  ): { result: CombatResult; rule: string; why: string } | null;
  /** True if this unit may not advance after combat (Hooker and Lee 20.12 Demoralization; advance.ts). */
  advanceRefused?(ctx: GameContext, state: GameState, unitId: string): boolean;
  /**
   * A unit with no retreat left on the map (8.72) that an exclusive rule lets
   * leave the map instead of being eliminated (Hooker and Lee 18.21), as the
   * new state and events, or null (decisions.ts).
   */
  retreatOffMap?(
    ctx: GameContext,
    state: GameState,
    unitId: string,
  ): { state: GameState; events: GameEvent[] } | null;
  /** Why this pending reinforcement may not enter now (a quota, a delay), or null (5.0). */
  entryRefusal?(ctx: GameContext, state: GameState, unit: UnitState): Refusal | null;
  /** The hexes where this pending unit may enter now, replacing the standard ones (5.0, 5.5) it is given. */
  entryHexes?(ctx: GameContext, state: GameState, unit: UnitState, standard: HexId[]): HexId[];
  /** Orders of this hook's own order types the phasing side may give now in its Movement Phase. */
  movementOrders?(
    ctx: GameContext,
    state: GameState,
    side: Side,
    access: MovementPhaseAccess,
  ): Order[];
  /** True if this declaration's own orders are for this unit (one map exit per side, Hooker and Lee 18.11/18.21): its refusal is the one reported. */
  handlesUnit?(ctx: GameContext, state: GameState, unitId: string): boolean;
  /** The order types applyMovementOrder accepts. */
  orderTypes?: readonly string[];
  /** Applies one of this hook's orders, refusing exactly what movementOrders would not list. */
  applyMovementOrder?(
    ctx: GameContext,
    state: GameState,
    side: Side,
    order: Order & Record<string, unknown>,
    access: MovementPhaseAccess,
    dice?: Dice,
  ): ApplyResult;
  /** After every accepted order, with its events: the hook's bookkeeping (triggers seen), or null for no change. */
  afterOrder?(
    ctx: GameContext,
    before: GameState,
    after: GameState,
    events: GameEvent[],
    dice?: Dice,
  ): { state: GameState; events: GameEvent[] } | null;
  /**
   * Once, when play begins: at the end of the free set-up phase, or when the
   * game is created if it has none (Atlanta 16.1 Breastworks placed in the
   * hexes the Union units occupy), as the new state and events, or null.
   */
  /**
   * Kinds of pending decision (state.pending.kind) this hook owns: while one
   * is pending, decisionOrders lists the answers and applyDecision applies
   * one (Jonesborough 16.1: the Union Player sets the facing of each
   * Breastworks marker placed at set-up "as desired").
   */
  decisionKinds?: readonly string[];
  /** The answers `side` may give now to this hook's pending decision. */
  decisionOrders?(ctx: GameContext, state: GameState, side: Side): Order[];
  /** Applies an answer to this hook's pending decision, refusing exactly what decisionOrders would not list. */
  applyDecision?(ctx: GameContext, state: GameState, side: Side, order: Order): ApplyResult;
  atStartOfPlay?(
    ctx: GameContext,
    state: GameState,
  ): { state: GameState; events: GameEvent[] } | null;
  /**
   * At the end of each Player-Turn of `side` (after its Combat Phase, or when
   * it has none), or null; with the game's dice for rolls made there (First
   * Bull Run 18.0 the army rout check); absent where a skipped Player-Turn ends
   * outside an order (game creation, the end of the set-up).
   */
  endOfPlayerTurn?(
    ctx: GameContext,
    state: GameState,
    side: Side,
    dice?: Dice,
  ): { state: GameState; events: GameEvent[] } | null;
  /** Whether `side` has no Player-Turn at all on Game-Turn `turn`. */
  skipsPlayerTurn?(ctx: GameContext, turn: number, side: Side): boolean;
  /** Inputs the victory evaluator needs from this hook, traced as if the game ended now. */
  victoryInputs?(ctx: GameContext, state: GameState): Partial<VictoryInputs>;
  /** A unit's Movement Allowance in thirds this phase, replacing `thirds` (printed, Night and any Strategic bonus applied), or null to keep it (Fredericksburg 18.2 fog). */
  movementAllowance?(
    ctx: GameContext,
    state: GameState,
    unit: UnitState,
    thirds: number,
    strategic: boolean,
  ): number | null;
  /** Why this unit may not use Strategic Movement now under an exclusive rule (Peachtree Creek 17.2), or null (movement-phase.ts). */
  strategicMovementRefusal?(ctx: GameContext, state: GameState, unit: UnitState): Refusal | null;
  /** Why a unit may not bombard at all now (Fredericksburg 18.2 fog), or null. */
  bombardRefusal?(ctx: GameContext, state: GameState, unit: UnitState): Refusal | null;
  /**
   * Entry costs in thirds of `hex` for units of `side` and cost class `cls`:
   * off routes (10.1) and along a trail (6.24), replacing `standard`; null to
   * keep them (Wilderness 18.13 Union forest, 18.21 Confederate trails).
   */
  terrainCost?(
    ctx: GameContext,
    side: Side,
    cls: number,
    hex: HexId,
    standard: { enter: number; trail: number },
  ): { enter: number; trail: number } | null;
  /**
   * A check of each step of this unit's moves this Movement Phase (from → to,
   * whether `to` is in an Enemy Zone of Control): a refusal if an exclusive
   * rule forbids it (Wilderness 18.11, 18.12), else null; or null for no check.
   */
  stepForbidden?(
    ctx: GameContext,
    state: GameState,
    unit: UnitState,
  ): ((from: HexId, to: HexId, intoEnemyZoc: boolean) => Refusal | null) | null;
  /** True if this unit may not advance after combat into `hex` (Wilderness 18.14). */
  advanceIntoRefused?(ctx: GameContext, state: GameState, unitId: string, hex: HexId): boolean;
  /** True if this unit may retreat into `hex` only when no other retreat is open (Wilderness 18.14: "only if it is the sole path"). */
  retreatAvoids?(ctx: GameContext, state: GameState, unit: UnitState, hex: HexId): boolean;
  /**
   * At the start of the phasing side's Combat Phase, after its snapshots and
   * before any attack: results an exclusive rule imposes (Wilderness 18.31,
   * the Train Defence units' automatic Attacker Retreat), as the new state and
   * events (with any decision pending), or null (combat-phase.ts).
   */
  beforeAttacks?(
    ctx: GameContext,
    state: GameState,
    dice: Dice,
  ): { state: GameState; events: GameEvent[] } | null;
  /** True if this pending unit may enter before its chart's Game-Turn now (Road to Richmond 17.5 early arrival; reinforcements.ts). */
  arrivesEarly?(ctx: GameContext, state: GameState, unit: UnitState): boolean;
  /**
   * The Movement Allowance in thirds for a move of this unit that ends in an
   * Enemy controlled hex, given its allowance before exclusive rules, or null
   * for the same allowance (Road to Richmond 17.2: doubled only if it enters
   * no Union Zone of Control; movement.ts).
   */
  allowanceIntoEnemyZoc?(
    ctx: GameContext,
    state: GameState,
    unit: UnitState,
    thirds: number,
  ): number | null;
  /** A unit's defence strength replacing its current strength, or null (Road to Richmond 21.23 the Siege Train defends with 1; combat.ts). */
  defenceStrength?(ctx: GameContext, state: GameState, unitId: string): number | null;
  /** True if attacking across this hexside (its feature types) is not halved by its stream/bridge (Road to Richmond 18.51; terrain-combat.ts). */
  hexsideHalvingWaived?(features: readonly string[]): boolean;
  /** Bombardment range of a unit, or null for the standard one (9.11). */
  bombardRange?(ctx: GameContext, unitId: string): number | null;
  /** True if this unit, though not artillery, may bombard as artillery does, listed under `bombard` only (9.1; Olustee 19.5 the Rail Gun). */
  bombardsAs?(ctx: GameContext, unitId: string): boolean;
  /** Right column shifts an exclusive rule adds to this combat's odds, on top of every other (Olustee 19.6 the Rail Gun), or null. */
  oddsShift?(
    ctx: GameContext,
    state: GameState,
    combat: Combat,
  ): { shift: number; source: string } | null;
  /** True if a unit's attack strength is not subject to range effects (9.14). */
  noRangeEffects?(ctx: GameContext, unitId: string): boolean;
  /** True if a unit's defence is never increased by one-half under 9.53. */
  noArtilleryDefenceBonus?(ctx: GameContext, unitId: string): boolean;
  /** What replaces a unit's retreat, or null for an ordinary retreat (8.7). */
  retreatOverride?(
    ctx: GameContext,
    state: GameState,
    unitId: string,
    retreat: RetreatContext,
  ): RetreatOverride | null;
  /** True if a unit may end its move in this ferry hex, against 6.28 (Grand Chancellorsville 22.11; crossing-rules.ts). */
  mayEndMoveIn?(ctx: GameContext, hex: HexId): boolean;
  /** True if Zones of Control extend into and out of this ferry hex only through its entry hexsides, against 7.6 (Grand Chancellorsville 22.11). */
  zocThroughEntryHexsidesOnly?(ctx: GameContext, hex: HexId): boolean;
  /** Why a unit is halved attacking and defending where it stands (the source, e.g. "River ferry hex (22.11)"), or null (combat.ts). */
  unitHalved?(ctx: GameContext, state: GameState, unitId: string): string | null;
  /** Whether attacking into a hex of this terrain halves the attacker (TEC), or null for the chart's. */
  hexHalving?(terrain: HexTerrain): { halved: boolean; source: string } | null;
  /** True if a standard case does not apply in this battle (Chattanooga 19.14: "9.18"). */
  waivesCase?(standardCase: string): boolean;
  /**
   * Why a unit may not retreat from `from` into `to` under an exclusive rule
   * (Chattanooga 20.23 ferry hexes, Chickamauga 19.23 the Train off roads and
   * trails), or null; with no step left the unit is eliminated (8.72).
   */
  retreatStepRefused?(
    ctx: GameContext,
    state: GameState,
    unit: UnitState,
    from: HexId,
    to: HexId,
  ): string | null;
  /** True if a unit never displaces nor is displaced (8.8; Chickamauga 19.24 the Train): displacement.ts. */
  noDisplacement?(ctx: GameContext, unitId: string): boolean;
  /** The die rolls on which this unit may retreat before combat under 8.77 like cavalry (Chickamauga 20.0 Wilder: 1-4), or null (decisions.ts). */
  retreatBeforeCombat?(
    ctx: GameContext,
    unitId: string,
  ): { dieRolls: number[]; rule: string } | null;
  /**
   * True if this unit has no presence as a combat unit (Grand Chancellorsville
   * 23.51-23.54 leaders): it counts against no stacking limit and may ignore
   * the combat units' stacking restrictions (stacking.ts), does not impede
   * Enemy movement (movement.ts: Enemy units move through it as if it did not
   * exist), and is never attacked nor a defender (attack.ts).
   */
  noCombatPresence?(ctx: GameContext, unitId: string): boolean;
  /**
   * An exclusive rule's own stacking check for the units of `side` in this
   * position (Grand Chancellorsville 23.53: one-star leaders only with their
   * command), built once per tally: why `unitId` may not end a move, retreat,
   * advance or placement in hex `hex` (given the hex's units of `side`, itself
   * excluded), or null (stacking.ts).
   */
  stackingCheck?(
    ctx: GameContext,
    state: GameState,
    side: Side,
  ): ((unitId: string, hex: HexId) => Refusal | null) | null;
  /** This unit's Movement Allowance in MP replacing the printed one (or the 2.4 default), or null (Grand Chancellorsville 23.51 leaders: 12; movement.ts). */
  movementOf?(ctx: GameContext, unitId: string): number | null;
  /** This unit's Forced March allowance in MP replacing the rule's (Grand Chancellorsville 23.51 leaders: 24), or null (forced-march.ts). */
  forcedMarchMovementOf?(ctx: GameContext, unitId: string): number | null;
  /** Combat Strength Points added to this unit's strength in this combat before any modification (Grand Chancellorsville 23.55 leaders; combat.ts), or 0. */
  strengthBonus?(ctx: GameContext, state: GameState, combat: Combat, unitId: string): number;
  /**
   * A die roll that may cancel a Disorder this combat gives this unit
   * (Grand Chancellorsville 23.55: 1-3 stacked with a leader): the rolls that
   * cancel it and why, or null (decisions.ts).
   */
  disorderSave?(
    ctx: GameContext,
    state: GameState,
    combat: Combat,
    unitId: string,
  ): { cancelOn: number[]; rule: string; by: string } | null;
  /** Why this unit's Rally succeeds without a roll (Grand Chancellorsville 23.57: stacked with a leader), or null (rally.ts). */
  rallyAutomatic?(
    ctx: GameContext,
    state: GameState,
    unitId: string,
  ): { rule: string; by: string } | null;
  /** A modifier an exclusive rule adds to this combat's die (Road to Vicksburg 19.53 ii: -1 for Bowen's Counterattack), or null (decisions.ts). */
  combatDieModifier?(
    ctx: GameContext,
    state: GameState,
    combat: Combat,
  ): { modifier: number; case: string } | null;
  /**
   * How many hexes beyond the vacated hex this unit may go on advancing after
   * combat, one at a time, each hex its owner's choice, stopping on entering
   * an Enemy Zone of Control (Road to Vicksburg 19.53 iii: up to four hexes
   * in all); such units may also advance into a vacated hex another of them
   * holds (19.53 iii a); or null (decisions.ts, advance.ts).
   */
  advanceFurther?(
    ctx: GameContext,
    state: GameState,
    unitId: string,
  ): { hexes: number; rule: string } | null;
  /** True if an Enemy Zone of Control reaching a unit across the hexside between hexes a (the unit's) and b (the enemy's) obliges no attack (Road to Vicksburg 19.15: Baker's Creek bridges; attack.ts, combat-phase.ts). */
  attackOptionalAcross?(ctx: GameContext, a: HexId, b: HexId): boolean;
}

export type HookFactory = (rule: RuleHook) => MovementHook;

/**
 * Why a hook cannot play this declaration of it (a parameter it does not
 * implement), or null. A declaration the engine cannot honour is refused as
 * not yet supported rather than played half-way.
 */
export type HookSupport = (rule: RuleHook) => string | null;

/** HookSupport for a hook whose parameters are exactly `known` (anything else is not yet supported). */
export function knownParams(
  known: readonly string[],
  check?: (p: Record<string, unknown>) => string | null,
): HookSupport {
  return (rule) => {
    const p = rule.params ?? {};
    const unknown = Object.keys(p).filter((k) => !known.includes(k));
    if (unknown.length > 0)
      return `parameter${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}`;
    return check ? check(p) : null;
  };
}
