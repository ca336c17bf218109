/**
 * special-artillery, the form for every artillery unit of a side (battles.md
 * §17 rank 13), for battles whose artillery counters are not all named.
 *
 * Road to Vicksburg 19.2: "Union artillery has a Range of four hexes;
 * Confederate artillery has a Range of three hexes as normal. The Combat
 * Strength of Union artillery is influenced by the normal effects of Range
 * when bombarding up to three hexes distant. Union artillery bombarding at a
 * Range of four hexes has its Combat Strength reduced by one-third. Union
 * artillery may not bombard after utilising Strategic Movement."
 *
 * Readings: every unit of `side` whose type is one of `unitTypes` has the
 * bombardment range `range`; its strength with range follows the standard
 * pipeline (strength.ts: one-and-a-half adjacent, full at two hexes,
 * two-thirds from three hexes on), which is exactly 19.2's "normal effects
 * up to three" and "reduced by one-third" at four; a unit that moved by
 * Strategic Movement (6.4) in its side's Movement Phase may not bombard in the
 * Combat Phase of that Player-Turn (noBombardmentAfterStrategicMovement).
 *
 * params: { side: Side, unitTypes: UnitType[], range: number, noBombardmentAfterStrategicMovement?: true }
 */
import type { RuleHook, Side, UnitType } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export function isSideArtilleryForm(rule: RuleHook): boolean {
  const p = rule.params ?? {};
  return p.units === undefined && p.unitTypes !== undefined;
}

export const sideArtillerySupport: HookSupport = knownParams(
  ['side', 'unitTypes', 'range', 'noBombardmentAfterStrategicMovement'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'side artillery without "side"';
    if (
      !Array.isArray(p.unitTypes) ||
      p.unitTypes.length === 0 ||
      p.unitTypes.some((t) => t !== 'artillery' && t !== 'horse-artillery')
    )
      return `unitTypes ${JSON.stringify(p.unitTypes)}`;
    if (typeof p.range !== 'number' || !Number.isInteger(p.range) || p.range < 1)
      return `range ${JSON.stringify(p.range)}`;
    const n = p.noBombardmentAfterStrategicMovement;
    if (n !== undefined && n !== true) return `noBombardmentAfterStrategicMovement ${String(n)}`;
    return null;
  },
);

/** hookState entry: the units that moved strategically, by Game-Turn. */
type Strategic = Record<string, number>;

export function sideArtillery(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const types = new Set(p.unitTypes as UnitType[]);
  const range = p.range as number;
  const noAfterStrategic = p.noBombardmentAfterStrategicMovement === true;
  const key = hookKey(rule);
  return {
    hook: rule.hook,
    case: rule.case,
    bombardRange(ctx, id) {
      const s = ctx.unitSpecs.get(id);
      return s && s.side === side && types.has(s.type) ? range : null;
    },
    ...(noAfterStrategic
      ? {
          afterOrder(ctx, _before, after, events) {
            const moved = events.filter(
              (e) =>
                e.type === 'strategic-moved' &&
                ctx.unitSpecs.get(e.unit as string)?.side === side &&
                types.has(ctx.unitSpecs.get(e.unit as string)!.type),
            );
            if (moved.length === 0) return null;
            const rec = { ...hookStateOf<Strategic>(after, key, {}) };
            for (const e of moved) rec[e.unit as string] = after.turn;
            return { state: withHookState(after, key, rec), events: [] };
          },
          bombardRefusal(_ctx, state, unit) {
            if (unit.side !== side || state.phasing !== side) return null;
            if (hookStateOf<Strategic>(state, key, {})[unit.id] !== state.turn) return null;
            return refusal(
              'STRATEGIC_MOVEMENT_USED',
              rule.case,
              `${unit.id} used Strategic Movement this Player-Turn and may not bombard`,
            );
          },
        }
      : {}),
  };
}
