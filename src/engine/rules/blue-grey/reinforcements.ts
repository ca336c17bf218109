/**
 * Reinforcements (5.0–5.6).
 *
 * A scheduled unit may enter in its side's Movement Phase of its Game-Turn or
 * any later one (5.1, 5.3; held back at will, 5.0), at one of its entry
 * hexes, or, if it could not enter on its scheduled Game-Turn, at any map
 * edge hex within three hexes of one of them (5.5). It enters as part of a
 * column of stacks of two: the k-th stack through a hex this phase pays
 * k−1 extra MP, or 2/3 MP per earlier stack along a turnpike (5.0, A12). It
 * may enter an Enemy controlled hex but never an Enemy-occupied one (5.4).
 * Entering is the unit's move for the phase (6.18).
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId, Refusal, ReinforcementSpec } from '../../types';
import { ROUTE_ROAD, ROUTE_TRAIL, ROUTE_TURNPIKE } from './board';
import { ENEMY_ZOC_MINIMUM, MoveEnv, Mover } from './movement';
import { refusal } from './refusals';
import { stacksAlone } from './stacking';
import { ROAD_COST, TURNPIKE_COST } from './terrain-costs';

/** Why this pending unit may not enter now at all (5.0), or null. */
export function entryRefusal(ctx: GameContext, state: GameState, unit: UnitState): Refusal | null {
  if (unit.status !== 'pending')
    return refusal('NOT_A_REINFORCEMENT', '5.0', `${unit.id} is not waiting to enter`);
  const spec = scheduleOf(ctx, state, unit);
  if (!spec)
    return refusal('NOT_A_REINFORCEMENT', '5.0', `${unit.id} has no reinforcement schedule`);
  // An exclusive rule may bring it earlier (Road to Richmond 17.5 early arrival).
  if (state.turn < spec.turn && !ctx.hooks.some((h) => h.arrivesEarly?.(ctx, state, unit)))
    return refusal('REINFORCEMENT_NOT_YET', '5.0', `${unit.id} arrives on Game-Turn ${spec.turn}`);
  // A condition is the named exclusive rule's to check (Fredericksburg 17.2 alternative counters), if declared.
  if (spec.condition && !ctx.hooks.some((h) => h.hook === spec.condition!.hook))
    return refusal(
      'NOT_YET_SUPPORTED',
      spec.case ?? '5.0',
      `conditional reinforcements ("${spec.condition.hook}") are not yet supported`,
    );
  // Exclusive rules: movement quotas, delayed entries (hooks/movement-hook.ts).
  for (const h of ctx.hooks) {
    const r = h.entryRefusal?.(ctx, state, unit);
    if (r) return r;
  }
  return null;
}

/**
 * When and where a pending unit arrives: its reinforcement chart entry, or
 * the schedule an exclusive rule gives it (Hooker and Lee 18.23: the flank
 * march's units re-enter on Game-Turn 4 or 5), or undefined.
 */
export function scheduleOf(
  ctx: GameContext,
  state: GameState,
  unit: UnitState,
): (Pick<ReinforcementSpec, 'turn' | 'entry' | 'case'> & Partial<ReinforcementSpec>) | undefined {
  const spec = ctx.reinforcementOf.get(unit.id);
  if (spec) return spec;
  for (const h of ctx.hooks) {
    const a = h.arrival?.(ctx, state, unit);
    if (a) return a;
  }
  return undefined;
}

/** Hexes where the unit may enter this turn (5.0, 5.5). */
export function entryHexes(ctx: GameContext, state: GameState, unit: UnitState): HexId[] {
  const spec = scheduleOf(ctx, state, unit)!;
  const hexes = new Set(spec.entry.filter((h) => ctx.board.index.has(h)));
  if (state.turn > spec.turn && state.blockedReinforcements.includes(unit.id)) {
    for (const h of spec.entry) {
      if (!ctx.board.index.has(h)) continue;
      for (const n of ctx.map.grid.within(h, 3))
        if (ctx.board.edge[ctx.board.index.get(n)!]) hexes.add(n);
    }
  }
  // An exclusive rule may replace where a unit enters (Cemetery Hill 18.1 blocked entry).
  let out = [...hexes];
  for (const hook of ctx.hooks) if (hook.entryHexes) out = hook.entryHexes(ctx, state, unit, out);
  return out;
}

/**
 * Thirds to enter hex `i` from off the map for this mover, or a refusal
 * (5.0, 5.4, 7.2, 7.3, A12). The hex's own cost, or its route rate if a
 * route runs through the edge hex (never into an EZOC), plus the column
 * penalty for the stacks that entered there before it this phase.
 */
export function entryCost(env: MoveEnv, m: Mover, i: number): number | Refusal {
  const b = env.board;
  const hex = b.ids[i];
  if (env.enemyAt[i])
    return refusal(
      'ENTRY_HEX_OCCUPIED',
      '5.4',
      `reinforcements may not enter in a hex occupied by an Enemy unit (${hex})`,
    );
  const base = (m.enter ?? b.enter[m.cls])[i]; // an exclusive rule's cost for this side (Wilderness 18.13)
  if (base < 0) return refusal('PROHIBITED_TERRAIN', '6.27', `units may never enter hex ${hex}`);
  if (m.forbidden?.at[i]) return m.forbidden.refusal(i);
  // A unit that stacks with no other (a Union division, Hooker and Lee 19.21; Grand Chancellorsville 22.6
  // "Note, however, the Union Stacking Restriction") is a stack of its own: behind a half-filled stack too.
  const entered = env.state.movement?.entered[hex] ?? 0;
  const prior = entersAlone(env.ctx, m.unit.id) ? Math.ceil(entered / 2) : Math.floor(entered / 2);
  const r = b.routeIn[i];
  if (env.enemyZoc[i]) {
    if (m.routed)
      return refusal(
        'ROUTED_INTO_ENEMY_ZOC',
        '12.31',
        `a Routed unit may not enter the Enemy controlled hex ${hex}`,
      );
    if (m.artillery && !env.infCavAt[i])
      return refusal(
        'ARTILLERY_INTO_ENEMY_ZOC',
        '7.3',
        `artillery may enter the Enemy controlled hex ${hex} only where Friendly infantry or cavalry already is`,
      );
    return Math.max(ENEMY_ZOC_MINIMUM, base) + prior * 3;
  }
  let cost = base;
  let turnpike = false;
  if (r & ROUTE_TURNPIKE) {
    cost = Math.min(cost, TURNPIKE_COST);
    turnpike = true;
  } else if (r & ROUTE_ROAD) cost = Math.min(cost, ROAD_COST);
  else if (r & ROUTE_TRAIL) cost = Math.min(cost, b.trail[m.cls][i]);
  return cost + prior * (turnpike ? TURNPIKE_COST : 3);
}

/**
 * At the end of a side's Movement Phase, reinforcements of that side
 * scheduled for this Game-Turn that still could not enter become eligible
 * for 5.5 on later Game-Turns.
 */
export function markBlockedReinforcements(
  ctx: GameContext,
  state: GameState,
  couldEnter: (unit: UnitState) => boolean,
): string[] {
  const blocked: string[] = [];
  for (const id in state.units) {
    const u = state.units[id];
    if (u.side !== state.phasing || u.status !== 'pending') continue;
    const spec = scheduleOf(ctx, state, u);
    if (!spec || spec.turn !== state.turn || state.blockedReinforcements.includes(id)) continue;
    if (!couldEnter(u)) blocked.push(id);
  }
  return blocked;
}

/** True if this unit forms a stack of its own in a reinforcement column (5.0): it may stack with no other unit. */
export function entersAlone(ctx: GameContext, unitId: string): boolean {
  return !!ctx.unitSpecs.get(unitId)?.flags?.includes('no-stack') || stacksAlone(ctx, unitId);
}
