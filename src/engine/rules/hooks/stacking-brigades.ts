/**
 * stacking-override, the "units and brigades per hex" form (battles.md §17
 * rank 10).
 *
 * Road to Vicksburg 19.4: "Up to five Friendly units may occupy a hex,
 * provided that no more than one of those units is brigade-sized."
 * 18.2: "The Train unit may stack with any other unit and does not count
 * against the stacking limit in a hex."
 *
 * Readings: the scenario's limit (stacking.units) is the five; this hook adds
 * the one-brigade rule and restates the five, checked where every move,
 * retreat, advance and set-up placement ends (stacking.ts stackingCheck), so
 * no phase ends over it. Brigade-sized: a unit whose counter's size is
 * "brigade", or an infantry unit with no size (an infantry counter is a
 * brigade unless it says regiment). Units in `notCounted` (the Train) neither
 * count nor are limited (it also has no combat presence, train-unit-symbolic.ts).
 *
 * params: { unitsPerStack: number, brigadeSizedPerStack: number, notCounted?: string[] }
 */
import type { HexId, RuleHook, UnitSpec } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export function isBrigadeLimitForm(rule: RuleHook): boolean {
  return rule.params?.brigadeSizedPerStack !== undefined;
}

export const brigadeLimitSupport: HookSupport = knownParams(
  ['unitsPerStack', 'brigadeSizedPerStack', 'notCounted'],
  (p) => {
    const n = (x: unknown) => typeof x === 'number' && Number.isInteger(x) && x >= 1;
    if (!n(p.unitsPerStack)) return `unitsPerStack ${JSON.stringify(p.unitsPerStack)}`;
    if (!n(p.brigadeSizedPerStack))
      return `brigadeSizedPerStack ${JSON.stringify(p.brigadeSizedPerStack)}`;
    if (p.notCounted !== undefined && !Array.isArray(p.notCounted))
      return `notCounted ${JSON.stringify(p.notCounted)}`;
    return null;
  },
);

/** 19.4: a brigade-sized unit. */
export function brigadeSized(spec: UnitSpec | undefined): boolean {
  if (!spec) return false;
  return spec.size === 'brigade' || (spec.size === undefined && spec.type === 'infantry');
}

export function brigadeLimit(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const max = p.unitsPerStack as number;
  const brigades = p.brigadeSizedPerStack as number;
  const free = new Set((p.notCounted as string[] | undefined) ?? []);
  return {
    hook: rule.hook,
    case: rule.case,
    stackingCheck(ctx, state, side) {
      // The counted units of each hex, once for this position: the check runs for every hex a move may end in.
      const byHex = new Map<HexId, string[]>();
      for (const u of Object.values(state.units)) {
        if (u.side !== side || u.status !== 'on-map' || u.hex === null) continue;
        if (free.has(u.id) || ctx.unitSpecs.get(u.id)?.type === 'leader') continue;
        const here = byHex.get(u.hex);
        if (here) here.push(u.id);
        else byHex.set(u.hex, [u.id]);
      }
      return (unitId, hex) => {
        if (free.has(unitId)) return null;
        const others = (byHex.get(hex) ?? []).filter((id) => id !== unitId);
        if (others.length + 1 > max)
          return refusal('STACKING_LIMIT', rule.case, `at most ${max} units may stack in ${hex}`);
        if (
          brigadeSized(ctx.unitSpecs.get(unitId)) &&
          others.filter((id) => brigadeSized(ctx.unitSpecs.get(id))).length + 1 > brigades
        )
          return refusal(
            'STACKING_LIMIT',
            rule.case,
            `at most ${brigades} brigade-sized unit${brigades > 1 ? 's' : ''} may stack in ${hex}`,
          );
        return null;
      };
    },
  };
}
