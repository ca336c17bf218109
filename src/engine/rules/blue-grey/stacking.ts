/**
 * Stacking (6.3; 9.63; exclusive overrides). At most two units in a hex at
 * the end of any Phase (6.32), any number passing through (6.31, 6.33).
 * Scenarios may change the limit (units or strength points), and a unit
 * flagged "no-stack" may share its hex with no other unit (First Bull Run
 * 17.2). Gunboats stack two to a hex among themselves (9.63) and do not
 * count against land units, which can never share a river hex with them.
 *
 * The engine checks the limit where each move ends, so the end of every
 * phase is legal whatever order the player moves in (docs/rules-decisions.md,
 * Movement).
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { Refusal } from '../../types';
import { refusal } from './refusals';

export const GUNBOAT_STACK = 2;

/** True if an exclusive rule lets this unit share its hex with no other unit (Hooker and Lee 19.21 Union divisions, stacking-override). */
export function stacksAlone(ctx: GameContext, id: string): boolean {
  for (const h of ctx.hooks ?? []) if (h.stacksAlone?.(ctx, id)) return true;
  return false;
}

const presence = new WeakMap<GameContext, Set<string>>();

/**
 * True if an exclusive rule gives this unit no presence as a combat unit
 * (Grand Chancellorsville 23.51-23.54 leaders, noCombatPresence): it counts
 * against no stacking limit, does not impede Enemy movement and is never a
 * defender. Answered once per unit and context.
 */
export function noCombatPresence(ctx: GameContext, id: string): boolean {
  const hooks = ctx.hooks ?? [];
  if (!hooks.some((h) => h.noCombatPresence)) return false;
  let set = presence.get(ctx);
  if (!set) {
    set = new Set<string>();
    for (const uid of ctx.unitSpecs.keys())
      if (hooks.some((h) => h.noCombatPresence?.(ctx, uid))) set.add(uid);
    presence.set(ctx, set);
  }
  return set.has(id);
}

export interface StackTally {
  units: Int32Array;
  strength: Int32Array;
  gunboats: Int32Array;
  noStack: Uint8Array;
  /** Exclusive rules' own checks for this side and position (hooks' stackingCheck), if any. */
  checks?: Array<(unitId: string, hex: string) => Refusal | null>;
}

export function tallyStacks(
  ctx: GameContext,
  state: GameState,
  side: UnitState['side'],
): StackTally {
  const n = ctx.board.size;
  const t: StackTally = {
    units: new Int32Array(n),
    strength: new Int32Array(n),
    gunboats: new Int32Array(n),
    noStack: new Uint8Array(n),
  };
  for (const id in state.units) {
    const u = state.units[id];
    if (u.side !== side || u.status !== 'on-map' || u.hex === null) continue;
    const i = ctx.board.index.get(u.hex);
    if (i === undefined) continue;
    const spec = ctx.unitSpecs.get(id)!;
    if (spec.type === 'gunboat') {
      t.gunboats[i]++;
      continue;
    }
    if (noCombatPresence(ctx, id)) continue; // 23.52: over and above the combat units
    t.units[i]++;
    t.strength[i] += u.strength;
    if (spec.flags?.includes('no-stack') || stacksAlone(ctx, id)) t.noStack[i] = 1;
  }
  for (const h of ctx.hooks ?? []) {
    const check = h.stackingCheck?.(ctx, state, side);
    if (check) (t.checks ??= []).push(check);
  }
  return t;
}

/** The exclusive rules' own refusal of `unit` ending in hex index `j` (stackingCheck), or null. */
function hookedRefusal(
  ctx: GameContext,
  tally: StackTally,
  unit: UnitState,
  j: number,
): Refusal | null {
  if (!tally.checks) return null;
  const hex = ctx.board.ids[j];
  for (const check of tally.checks) {
    const r = check(unit.id, hex);
    if (r) return r;
  }
  return null;
}

/** Why `unit` may not end its move in hex index `j` (its own start hex `from` discounted), or null. */
export function stackingRefusal(
  ctx: GameContext,
  tally: StackTally,
  unit: UnitState,
  from: number,
  j: number,
): Refusal | null {
  const spec = ctx.unitSpecs.get(unit.id)!;
  const self = from === j ? 1 : 0;
  const hex = ctx.board.ids[j];
  const hooked = hookedRefusal(ctx, tally, unit, j);
  if (hooked) return hooked;
  if (noCombatPresence(ctx, unit.id)) return null; // 23.52: no stacking limitations
  if (spec.type === 'gunboat') {
    if (tally.gunboats[j] - self + 1 > GUNBOAT_STACK)
      return refusal('STACKING_LIMIT', '9.63', `no more than two Gunboats may stack in ${hex}`);
    return null;
  }
  const others = tally.units[j] - self;
  if (
    others > 0 &&
    (spec.flags?.includes('no-stack') ||
      stacksAlone(ctx, unit.id) ||
      (tally.noStack[j] && self === 0))
  )
    return refusal(
      'STACKING_LIMIT',
      '6.32',
      `no unit may stack with a "no-stack" unit (exclusive rules) in ${hex}`,
    );
  const limit = ctx.scenario.stacking ?? { units: 2 };
  if ('units' in limit) {
    if (others + 1 > limit.units)
      return refusal(
        'STACKING_LIMIT',
        '6.32',
        `at most ${limit.units} units may end a phase in ${hex}`,
      );
  } else {
    const str = tally.strength[j] - (self ? unit.strength : 0) + unit.strength;
    if (str > limit.strengthPoints)
      return refusal(
        'STACKING_LIMIT',
        '6.32',
        `at most ${limit.strengthPoints} strength points may end a phase in ${hex}`,
      );
  }
  return null;
}

/**
 * stackingRefusal(ctx, tally, unit, from, j) === null as a predicate over j,
 * for the listing's inner loop: the unit's own answers (type, "no-stack",
 * stacksAlone, the scenario's limit) looked up once, no refusal built.
 */
export function stackingTest(
  ctx: GameContext,
  tally: StackTally,
  unit: UnitState,
  from: number,
): (j: number) => boolean {
  if (tally.checks) {
    // An exclusive rule checks this position itself (23.53): the full refusal, hex by hex.
    return (j) => stackingRefusal(ctx, tally, unit, from, j) === null;
  }
  if (noCombatPresence(ctx, unit.id)) return () => true; // 23.52
  const spec = ctx.unitSpecs.get(unit.id)!;
  if (spec.type === 'gunboat') {
    const gunboats = tally.gunboats;
    return (j) => gunboats[j] - (from === j ? 1 : 0) + 1 <= GUNBOAT_STACK;
  }
  const units = tally.units;
  const noStack = tally.noStack;
  const alone = !!spec.flags?.includes('no-stack') || stacksAlone(ctx, unit.id);
  const limit = ctx.scenario.stacking ?? { units: 2 };
  if ('units' in limit) {
    const max = limit.units;
    return (j) => {
      const self = from === j ? 1 : 0;
      const others = units[j] - self;
      if (others > 0 && (alone || (noStack[j] && self === 0))) return false;
      return others + 1 <= max;
    };
  }
  const points = limit.strengthPoints;
  const strength = tally.strength;
  const own = unit.strength;
  return (j) => {
    const self = from === j ? 1 : 0;
    if (units[j] - self > 0 && (alone || (noStack[j] && self === 0))) return false;
    return strength[j] - (self ? own : 0) + own <= points;
  };
}
