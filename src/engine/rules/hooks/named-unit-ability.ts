/**
 * Named-unit special abilities (battles.md §17 rank 17).
 *
 * Chickamauga 20.0: "The Union Wilder brigade has a Movement Allowance of
 * '7' and may retreat before combat under Case 8.77 on a die-roll of '1-4'."
 *
 * Readings:
 * - retreatBeforeCombat: the unit may retreat before combat exactly as
 *   defending cavalry does under 8.77/8.78 (not when the attackers include
 *   cavalry, two hexes, not in its own Combat Phase, never Disordered by it,
 *   the attacker may advance into the hex), but it goes only on the listed
 *   rolls; when it retreats in the same combat as cavalry there is one die
 *   roll, and each unit goes on its own rolls (cavalry 1-5);
 * - movement: the unit's Movement Allowance, printed on the unit (2.4: the
 *   scenario sets it as the unit's movement, which movement.ts reads). The
 *   parameter restates it; the scenario spec pins that they agree.
 *
 * params: { unit: string, movement?: number, retreatBeforeCombat?: { case: "8.77", dieRolls: number[] } }
 */
import type { RuleHook } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { doubleMovement, doubleMovementSupport, isDoubleMovementForm } from './double-movement';

// Road to Richmond 17.2: the movement multiple form (double-movement.ts).
export const namedUnitAbilitySupport: HookSupport = (rule) =>
  isDoubleMovementForm(rule.params ?? {}) ? doubleMovementSupport(rule) : singleUnitSupport(rule);

const singleUnitSupport: HookSupport = knownParams(
  ['unit', 'movement', 'retreatBeforeCombat'],
  (p) => {
    if (typeof p.unit !== 'string') return 'a named-unit ability without "unit"';
    if (
      p.movement !== undefined &&
      (typeof p.movement !== 'number' || !Number.isInteger(p.movement) || p.movement < 0)
    )
      return `movement ${JSON.stringify(p.movement)}`;
    const r = p.retreatBeforeCombat as { case?: unknown; dieRolls?: unknown } | undefined;
    if (r !== undefined) {
      const extra = Object.keys(r).filter((k) => k !== 'case' && k !== 'dieRolls');
      if (extra.length > 0) return `retreatBeforeCombat ${extra.map((k) => `"${k}"`).join(', ')}`;
      if (r.case !== '8.77') return `retreatBeforeCombat under ${JSON.stringify(r.case)}`;
      if (
        !Array.isArray(r.dieRolls) ||
        r.dieRolls.length === 0 ||
        !r.dieRolls.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)
      )
        return `retreatBeforeCombat dieRolls ${JSON.stringify(r.dieRolls)}`;
    }
    if (p.movement === undefined && r === undefined)
      return 'a named-unit ability with nothing to do';
    return null;
  },
);

export function namedUnitAbility(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  if (isDoubleMovementForm(p)) return doubleMovement(rule);
  const unit = p.unit as string;
  const rbc = p.retreatBeforeCombat as { case: string; dieRolls: number[] } | undefined;
  return {
    hook: rule.hook,
    case: rule.case,
    ...(rbc
      ? {
          retreatBeforeCombat: (_ctx: unknown, id: string) =>
            id === unit ? { dieRolls: [...rbc.dieRolls], rule: `${rule.case}, ${rbc.case}` } : null,
        }
      : {}),
  };
}
