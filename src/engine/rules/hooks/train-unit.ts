/**
 * Non-combat "Train" units (battles.md §17 rank 12).
 *
 * Chickamauga 19.11: "The Train unit is a non combat unit and may never
 * attack. If circumstances result in it being adjacent to a Confederate unit
 * during the Union Player Combat Phase, it must automatically retreat. In
 * this instance a Confederate unit may not advance into the vacated hex."
 * 19.12: "... a Defence Strength ... of one Combat Strength Point."
 * 19.23: "... a Movement Allowance of six Movement Points, but it may only
 * move along roads or trails. The Train unit may not use Strategic Movement.
 * If, as a result of combat, it would be forced to retreat through a
 * non-road or non-trail hex side, it is eliminated."
 * 19.24: "The Train unit may not Displace or be Displaced as a consequence
 * of combat. In these circumstances it (or the originally retreating unit)
 * is eliminated."
 * 19.3: "The Train unit has no Zone of Control. Confederate units may move
 * adjacent to it or past it without stopping. Confederate units are not
 * required to attack the Train unit in their Player-Turn."
 *
 * Readings:
 * - the unit is of type "train", a non-combat unit (2.3): the standard rules
 *   already give it no Zone of Control (zoc.ts), never let it attack
 *   (attack.ts, NOT_A_COMBAT_UNIT), never oblige an enemy to attack it (8.11
 *   obliges only against units exerting a Zone of Control) and never let it
 *   move strategically (6.42); its printed strength is its defence strength
 *   and its MA is printed on the unit. The parameters that restate those are
 *   accepted only with the values the type gives (a declaration asking for
 *   anything else is refused);
 * - moves: every step of its move crosses a hexside a route of `routes`
 *   crosses (6.22: "along" a road or trail), whatever the cost;
 * - retreats: it may retreat only across such a hexside; with no such
 *   retreat open it is eliminated (8.72). It never displaces a friendly unit
 *   and is never displaced: a unit whose only way out would displace it is
 *   eliminated (8.81–8.82 do not apply to it);
 * - the automatic retreat (19.11) is made by its owner at the end of his
 *   Movement Phase, the last moment before his Combat Phase: while the Train
 *   stands next to an enemy unit and has a retreat open, `end-phase` is
 *   refused and `train-retreat {unit, to}` moves it one hex as a retreat
 *   (8.71–8.73 with the rules above); if it has none when the phase ends it
 *   is eliminated. Not being a combat result, nothing advances into the hex
 *   it leaves (19.11's last sentence). Since the retreat belongs to the
 *   Combat Phase, once it is made no unit of that side moves, enters or takes
 *   a marker for the rest of the Movement Phase: it is the phase's last act.
 *
 * Road to Richmond 21.11: the same automatic retreat, but only from a
 * Confederate unit "that is not on the other side of a non-bridge or ford
 * creek (not stream) hex side" (autoRetreatNotAcross
 * "creek-without-bridge-or-ford": such a neighbour does not count); 21.15:
 * "If, as a result of combat, it would be forced to retreat to some non-road
 * or non-trail hex, it is destroyed" (retreatOffRoute "eliminated": it may
 * retreat only into a hex a route of `routes` runs through, in place of the
 * hexside test); 21.16: "The Train unit may Displace and be Displaced"
 * (displacement "allowed": the standard 8.8).
 *
 * Olustee 19.2: "On Game-Turn Five, the Confederate Player receives a Train
 * unit, designated "Rail Gun". The Train unit has an unlimited Movement
 * Allowance on railway hexes, subject to the normal rules of movement."
 * 19.5: "The Train unit also serves as a form of artillery unit with a Range
 * of two or three hexes. It may not attack adjacent Enemy units, nor may it
 * attack at all if in an Enemy Zone of Control." 19.6: "The Train may combine
 * with other units to make an attack, in which case the Confederate Player
 * receives one odds column shift to the right, in addition to any other
 * applicable shifts. Normal Line of Sight rules apply, but the Train is not
 * subject to Range effects ..." 19.7: "The Train may not attack by itself."
 * - movement "unlimited": a Movement Allowance no move can exhaust (three
 *   times the number of hexes on the map, in thirds), every other rule of
 *   movement applying (it stops on entering an Enemy controlled hex, 7.0);
 * - artillery: it bombards as artillery does (9.1-9.3: listed under
 *   `bombard`, never from an Enemy Zone of Control, 9.41, which is 19.5's
 *   "nor ... at all if in an Enemy Zone of Control", with a line of sight)
 *   at `range` hexes at most and `minRange` at least (19.5: 2-3, never an
 *   adjacent unit); its printed strength (none, 0) adds nothing, and an
 *   attack it joins gets `oddsShift` right column shifts on top of every
 *   other (19.6); with `mayAttackAlone` false an attack of it alone is
 *   refused (19.7: another bombarding unit is a unit it combines with);
 *   `rangeEffects` false (19.6) and `mayAttackFromEnemyZoc` false (9.41)
 *   restate what it gets.
 *
 * params: { unit: string, mayAttack: false, autoRetreatWhenAdjacentInCombatPhaseOf: Side,
 *           enemyMayAdvanceAfterward: false, defenceStrength: number, movement: number | "unlimited",
 *           routes: RouteType[], strategicMovement: false, retreatAcrossOtherHexside: "eliminated",
 *           displacement: "eliminated", zoneOfControl: false, enemyMustAttack: false,
 *           artillery?: { range: number, minRange?: number, oddsShift?: number, mayAttackAlone?: false,
 *                         rangeEffects?: false, mayAttackFromEnemyZoc?: false } }
 */
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { GameEvent, HexId, RouteType, RuleHook, Side } from '../../types';
import { otherSide } from '../../types';
import { eliminate } from '../blue-grey/combat';
import { retreatOptions } from '../blue-grey/displacement';
import { refusal, refuse } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

const ROUTES = ['turnpike', 'road', 'railway', 'trail', 'sunken-road'];

export const trainUnitSupport: HookSupport = knownParams(
  [
    'unit',
    'mayAttack',
    'autoRetreatWhenAdjacentInCombatPhaseOf',
    'enemyMayAdvanceAfterward',
    'defenceStrength',
    'movement',
    'routes',
    'strategicMovement',
    'retreatAcrossOtherHexside',
    'displacement',
    'zoneOfControl',
    'enemyMustAttack',
    'autoRetreatNotAcross',
    'retreatOffRoute',
    'artillery',
  ],
  (p) => {
    if (typeof p.unit !== 'string') return 'a train without "unit"';
    if (p.movement !== undefined && p.movement !== 'unlimited' && typeof p.movement !== 'number')
      return `movement ${JSON.stringify(p.movement)}`;
    if (p.artillery !== undefined) {
      const why = artilleryRefusal(p.artillery);
      if (why) return why;
    }
    // What the "train" type (2.3) gives; anything else is not implemented.
    for (const k of [
      'mayAttack',
      'enemyMayAdvanceAfterward',
      'strategicMovement',
      'zoneOfControl',
      'enemyMustAttack',
    ])
      if (p[k] !== undefined && p[k] !== false) return `${k} ${JSON.stringify(p[k])}`;
    if (p.retreatAcrossOtherHexside !== undefined && p.retreatAcrossOtherHexside !== 'eliminated')
      return `retreatAcrossOtherHexside ${JSON.stringify(p.retreatAcrossOtherHexside)}`;
    if (
      p.displacement !== undefined &&
      p.displacement !== 'eliminated' &&
      p.displacement !== 'allowed'
    )
      return `displacement ${JSON.stringify(p.displacement)}`;
    if (
      p.autoRetreatNotAcross !== undefined &&
      p.autoRetreatNotAcross !== 'creek-without-bridge-or-ford'
    )
      return `autoRetreatNotAcross ${JSON.stringify(p.autoRetreatNotAcross)}`;
    if (
      p.retreatOffRoute !== undefined &&
      (p.retreatOffRoute !== 'eliminated' ||
        p.routes === undefined ||
        p.retreatAcrossOtherHexside !== undefined)
    )
      return `retreatOffRoute ${JSON.stringify(p.retreatOffRoute)}`;
    const side = p.autoRetreatWhenAdjacentInCombatPhaseOf;
    if (side !== undefined && side !== 'union' && side !== 'confederate')
      return `autoRetreatWhenAdjacentInCombatPhaseOf ${JSON.stringify(side)}`;
    if (
      p.routes !== undefined &&
      (!Array.isArray(p.routes) ||
        p.routes.length === 0 ||
        p.routes.some((r) => !ROUTES.includes(r as string)))
    )
      return `routes ${JSON.stringify(p.routes)}`;
    return null;
  },
);

interface TrainArtillery {
  range: number;
  minRange?: number;
  oddsShift?: number;
  mayAttackAlone?: false;
  rangeEffects?: false;
  mayAttackFromEnemyZoc?: false;
}

/** Why a train's artillery parameters are not ones implemented (Olustee 19.5-19.7), or null. */
function artilleryRefusal(a: unknown): string | null {
  if (typeof a !== 'object' || a === null) return `artillery ${JSON.stringify(a)}`;
  const r = a as Record<string, unknown>;
  const known = ['range', 'minRange', 'oddsShift', 'mayAttackAlone', 'rangeEffects'];
  const extra = Object.keys(r).filter((k) => ![...known, 'mayAttackFromEnemyZoc'].includes(k));
  if (extra.length > 0)
    return `artillery parameter${extra.length > 1 ? 's' : ''} ${extra.join(', ')}`;
  if (!Number.isInteger(r.range) || (r.range as number) < 1)
    return `artillery range ${JSON.stringify(r.range)}`;
  if (r.minRange !== undefined && (!Number.isInteger(r.minRange) || (r.minRange as number) < 1))
    return `artillery minRange ${JSON.stringify(r.minRange)}`;
  if (r.oddsShift !== undefined && !Number.isInteger(r.oddsShift))
    return `artillery oddsShift ${JSON.stringify(r.oddsShift)}`;
  for (const k of ['mayAttackAlone', 'rangeEffects', 'mayAttackFromEnemyZoc'])
    if (r[k] !== undefined && r[k] !== false) return `artillery ${k} ${JSON.stringify(r[k])}`;
  return null;
}

/** hookState entry: the Game-Turns in which the automatic retreat was made (once per Combat Phase). */
interface TrainState {
  retreatedOnTurn: number[];
}

export function trainUnit(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const id = p.unit as string;
  const routes = (p.routes as RouteType[] | undefined) ?? null;
  const autoSide = (p.autoRetreatWhenAdjacentInCombatPhaseOf as Side | undefined) ?? null;
  const key = hookKey(rule);
  const empty: TrainState = { retreatedOnTurn: [] };
  const unlimited = p.movement === 'unlimited';
  const artillery = (p.artillery as TrainArtillery | undefined) ?? null;

  const alongRoute = (ctx: GameContext, a: HexId, b: HexId) =>
    routes === null || ctx.map.routesBetween(a, b).some((r) => routes.includes(r));
  const notAcrossCreek = p.autoRetreatNotAcross === 'creek-without-bridge-or-ford';
  const retreatIntoRouteHex = p.retreatOffRoute === 'eliminated';
  /** Road to Richmond 21.11: a creek hexside with no bridge or ford between them does not count. */
  const counts = (ctx: GameContext, a: HexId, b: HexId): boolean => {
    if (!notAcrossCreek) return true;
    const types = ctx.map.hexside(a, b).map((f) => f.type);
    return !(types.includes('creek') && !types.includes('bridge') && !types.includes('ford'));
  };
  const adjacentEnemy = (ctx: GameContext, state: GameState, u: UnitState): boolean =>
    u.status === 'on-map' &&
    u.hex !== null &&
    ctx.map.grid
      .neighbours(u.hex)
      .filter((n) => counts(ctx, u.hex!, n))
      .some((n) =>
        Object.values(state.units).some(
          (e) => e.side === otherSide(u.side) && e.status === 'on-map' && e.hex === n,
        ),
      );
  /** The train must make its 19.11 retreat now: its side's Movement Phase, next to an enemy unit. */
  const mustRetreat = (ctx: GameContext, state: GameState, side: Side): boolean => {
    const u = state.units[id];
    if (!autoSide || side !== autoSide || !u || u.side !== side) return false;
    if (state.phase !== 'movement' || state.phasing !== side || !state.movement) return false;
    if (hookStateOf<TrainState>(state, key, empty).retreatedOnTurn.includes(state.turn))
      return false;
    return adjacentEnemy(ctx, state, u);
  };
  /** The 19.11 retreat was made in this Movement Phase: nothing else of the side moves. */
  const retreatedNow = (state: GameState, side: Side): boolean =>
    autoSide === side &&
    state.phase === 'movement' &&
    state.phasing === side &&
    hookStateOf<TrainState>(state, key, empty).retreatedOnTurn.includes(state.turn);
  const afterRetreat = () =>
    refusal(
      'TRAIN_RETREATED',
      rule.case,
      "the Train's automatic retreat is made after all movement, before the Combat Phase: no unit moves after it",
    );
  const options = (ctx: GameContext, state: GameState): HexId[] =>
    retreatOptions(ctx, state, state.units[id], 1, []).map((o) => o.path[0]);

  return {
    hook: rule.hook,
    case: rule.case,
    // Olustee 19.2: an unlimited Movement Allowance (in thirds: no move on the map can cost more).
    movementAllowance(ctx, _state, unit) {
      return unlimited && unit.id === id ? ctx.board.size * 3 * 3 : null;
    },
    // Olustee 19.5-19.7: the Train as artillery.
    bombardsAs(_ctx, unitId) {
      return artillery !== null && unitId === id;
    },
    bombardRange(_ctx, unitId) {
      return artillery !== null && unitId === id ? artillery.range : null;
    },
    noRangeEffects(_ctx, unitId) {
      return artillery !== null && artillery.rangeEffects === false && unitId === id;
    },
    attackRefusal(ctx, state, _side, attack) {
      if (artillery === null || !(attack.bombard ?? []).includes(id)) return null;
      const others = [...attack.attackers, ...(attack.bombard ?? [])].filter((u) => u !== id);
      if (artillery.mayAttackAlone === false && others.length === 0)
        return refusal(
          'TRAIN_ATTACKS_ALONE',
          rule.case,
          `the Train (${id}) may not attack by itself`,
        );
      const u = state.units[id];
      const min = artillery.minRange ?? 1;
      const near = u?.hex
        ? attack.defenders.find((h) => ctx.map.grid.distance(u.hex!, h) < min)
        : undefined;
      if (near !== undefined)
        return refusal(
          'TRAIN_TOO_CLOSE',
          rule.case,
          `the Train (${id}) attacks only at a range of ${min} hexes or more: ${near} is ${ctx.map.grid.distance(u.hex!, near)} away`,
        );
      return null;
    },
    oddsShift(_ctx, _state, combat) {
      if (artillery === null || !artillery.oddsShift || !combat.bombard.includes(id)) return null;
      return { shift: artillery.oddsShift, source: `the Train ${id} (${rule.case})` };
    },
    stepForbidden(ctx, _state, unit) {
      if (unit.id !== id || routes === null) return null;
      return (from, to) =>
        alongRoute(ctx, from, to)
          ? null
          : refusal(
              'TRAIN_OFF_ROUTE',
              rule.case,
              `the Train moves only along ${routes.join(' or ')} hexsides (${from} to ${to})`,
            );
    },
    retreatStepRefused(ctx, _state, unit, from, to) {
      if (unit.id !== id) return null;
      if (retreatIntoRouteHex)
        return ctx.map.routesIn(to).some((r) => routes!.includes(r))
          ? null
          : `the Train may not retreat into ${to}, a hex without ${routes!.join(' or ')}: eliminated if no other retreat (${rule.case})`;
      if (alongRoute(ctx, from, to)) return null;
      return `the Train may not retreat across the non-${routes!.join(', non-')} hexside ${from}-${to}: eliminated if no other retreat (${rule.case})`;
    },
    constraint(_ctx, state, unit) {
      return retreatedNow(state, unit.side) ? { kind: 'forbidden', refusal: afterRetreat() } : null;
    },
    entryRefusal(_ctx, state, unit) {
      return retreatedNow(state, unit.side) ? afterRetreat() : null;
    },
    markerRefusal(_ctx, state, unit) {
      return retreatedNow(state, unit.side) ? afterRetreat() : null;
    },
    noDisplacement(_ctx, unitId) {
      return unitId === id && p.displacement !== 'allowed';
    },
    orderTypes: ['train-retreat'],
    movementOrders(ctx, state, side) {
      if (!mustRetreat(ctx, state, side)) return [];
      return options(ctx, state).map((to) => ({ type: 'train-retreat', unit: id, to }));
    },
    applyMovementOrder(ctx, state, side, o): ApplyResult {
      if (o.unit !== id)
        return refuse('BAD_ORDER', rule.case, `only the Train (${id}) retreats automatically`);
      if (!mustRetreat(ctx, state, side))
        return refuse(
          'NOT_ELIGIBLE',
          rule.case,
          'the Train retreats automatically only in its Movement Phase before Combat, when next to an enemy unit',
        );
      const to = o.to;
      if (typeof to !== 'string' || !options(ctx, state).includes(to))
        return refuse(
          'RETREAT_NOT_ALLOWED',
          rule.case,
          `the Train cannot retreat into ${String(to)}: one hex along a road or trail, out of Enemy Zones of Control, not displacing (8.71-8.73, 19.23, 19.24)`,
        );
      const u = state.units[id];
      let objectives = state.objectives;
      const events: GameEvent[] = [];
      if (ctx.objectiveHexes.has(to) && objectives[to] !== u.side) {
        objectives = { ...objectives, [to]: u.side };
        events.push({ type: 'objective-occupied', hex: to, side: u.side, rule: '18.31' });
      }
      const hs = hookStateOf<TrainState>(state, key, empty);
      let next = withHookState(state, key, {
        retreatedOnTurn: [...hs.retreatedOnTurn, state.turn],
      });
      const moved = next.movement!.moved.includes(id)
        ? next.movement!.moved
        : [...next.movement!.moved, id];
      next = {
        ...next,
        objectives,
        movement: { ...next.movement!, moved },
        units: { ...next.units, [id]: { ...u, hex: to } },
      };
      events.unshift({
        type: 'unit-retreated',
        unit: id,
        from: u.hex,
        path: [to],
        reason: 'train-adjacent-to-enemy',
        rule: rule.case,
      });
      return { ok: true, state: next, events };
    },
    endPhaseRefusal(ctx, state, side) {
      if (!mustRetreat(ctx, state, side) || options(ctx, state).length === 0) return null;
      return refusal(
        'TRAIN_MUST_RETREAT',
        rule.case,
        `the Train is next to an enemy unit and must retreat before the Combat Phase (train-retreat)`,
      );
    },
    afterOrder(ctx, before, after) {
      // The Movement Phase just ended with the Train next to an enemy unit and no retreat open: eliminated.
      if (!mustRetreat(ctx, before, before.phasing)) return null;
      if (
        after.phase === 'movement' &&
        after.phasing === before.phasing &&
        after.turn === before.turn
      )
        return null;
      if (after.phase === 'finished') return null;
      const u = after.units[id];
      if (!u || u.status !== 'on-map' || !adjacentEnemy(ctx, after, u)) return null;
      const events: GameEvent[] = [{ type: 'no-retreat', unit: id, rule: rule.case, hexes: 1 }];
      return { state: eliminate(after, id, `${rule.case}, 8.72`, events), events };
    },
  };
}
