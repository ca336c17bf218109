/**
 * Stacking overrides for named units that stand alone (battles.md §17 rank
 * 10), the `units` form of the stacking-override hook.
 *
 * Chickamauga 19.21: "The Train unit may not stack with any other unit nor
 * may any other unit stack with the Train unit." 19.22: "No unit may move
 * through the hex the Train unit occupies. This is an exception to the
 * normal rules of movement. The Train unit may not move through hexes
 * occupied by other units." (Road to Richmond 21.13/21.14 say the same of
 * its Train.)
 *
 * Readings:
 * - alone: the unit shares its hex with no other unit at the end of any
 *   phase, as a "no-stack" unit (6.32, stacking.ts): no move, entry, retreat
 *   or advance may end with another unit in its hex; a retreat that could
 *   end only there would need a displacement, which 19.24 forbids (the
 *   train-unit hook), so the retreating unit is eliminated;
 * - noMovingThrough: in a Movement Phase no unit enters the hex a listed unit
 *   occupies, not even to pass through (enemy units never could, 6.12), and
 *   a listed unit enters no hex another unit occupies; a reinforcement does
 *   not enter the map at such a hex either (its entry hex is entered too).
 *
 * params: { units: string[], alone?: true, noMovingThrough?: true }
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId, RuleHook } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export const stackingAloneSupport: HookSupport = knownParams(
  ['units', 'alone', 'noMovingThrough'],
  (p) => {
    if (
      !Array.isArray(p.units) ||
      p.units.length === 0 ||
      !p.units.every((u) => typeof u === 'string')
    )
      return 'a stacking override without "units"';
    if (p.alone !== undefined && p.alone !== true) return `alone ${JSON.stringify(p.alone)}`;
    if (p.noMovingThrough !== undefined && p.noMovingThrough !== true)
      return `noMovingThrough ${JSON.stringify(p.noMovingThrough)}`;
    return null;
  },
);

/** Whether a stacking-override declaration is this form (named units) rather than another battle's. */
export function isStackingAloneForm(rule: RuleHook): boolean {
  return Array.isArray((rule.params ?? {}).units);
}

export function stackingAlone(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const units = new Set(p.units as string[]);
  const alone = p.alone === true;
  const noThrough = p.noMovingThrough === true;

  /** Hexes this unit may not enter under 19.22, or an empty list. */
  const closed = (ctx: GameContext, state: GameState, unit: UnitState): HexId[] => {
    const out: HexId[] = [];
    const listed = units.has(unit.id);
    for (const id in state.units) {
      const o = state.units[id];
      if (id === unit.id || o.status !== 'on-map' || o.hex === null) continue;
      if (ctx.unitSpecs.get(id)?.type === 'gunboat') continue;
      if (listed || units.has(id)) out.push(o.hex);
    }
    return out;
  };
  const why = (unit: UnitState, hex: HexId) =>
    refusal(
      'MOVES_THROUGH_ALONE_UNIT',
      rule.case,
      units.has(unit.id)
        ? `${unit.id} may not move through hexes occupied by other units (${hex})`
        : `no unit may move through the hex a unit that stands alone occupies (${hex})`,
    );

  return {
    hook: rule.hook,
    case: rule.case,
    ...(alone ? { stacksAlone: (_ctx: GameContext, id: string) => units.has(id) } : {}),
    ...(noThrough
      ? {
          forbiddenHexes(ctx: GameContext, state: GameState, unit: UnitState) {
            const hexes = closed(ctx, state, unit);
            return hexes.length === 0 ? null : { hexes, refusal: (hex: HexId) => why(unit, hex) };
          },
          entryHexes(ctx: GameContext, state: GameState, unit: UnitState, standard: HexId[]) {
            const hexes = new Set(closed(ctx, state, unit));
            return standard.filter((h) => !hexes.has(h));
          },
        }
      : {}),
  };
}
