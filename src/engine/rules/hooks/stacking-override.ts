/**
 * Stacking overrides (battles.md §17): units that may share their hex with
 * no other unit of their side.
 *
 * Hooker and Lee 19.21: "Union divisions may not stack, and no brigade may
 * stack with a division. Two brigades may stack together in accordance with
 * Case 6.32." 19.22: "A Union unit may move through hexes containing
 * divisions, but may neither end the Movement Phase nor the Combat Phase
 * stacked with one." 19.23: "Confederate units may stack normally."
 *
 * Readings: a listed division stacks alone, exactly as a "no-stack" unit
 * does in stacking.ts (others may pass through it, 6.31); every other unit
 * of the side (brigades, and corps artillery, which is no division) stacks
 * under the standard 6.32 limit. The engine checks stacking where each move,
 * retreat or advance ends (stacking.ts), so no phase ever ends with a
 * division stacked — the stricter reading of "may not end the Movement
 * Phase stacked", which never leaves a player unable to end a phase because
 * his quota (19.11) forbids him to move the unit that would undo a stack.
 *
 * params: { side?: Side, divisions: string[] (unit ids), divisionAlone: true,
 *           brigadesTogether?: 2 (6.32, the scenario's limit), mayMoveThrough?: true,
 *           checkedAtEndOf?: ["movement-phase", "combat-phase"], confederate?/union?: "normal" }
 *
 * Other shapes of the concept (the Train of Chickamauga 19.21 and Road to
 * Richmond 21.13: "units", "alone", "noMovingThrough") are not implemented
 * here yet and stay refused as not yet supported.
 */
import type { RuleHook, Side } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

const PHASES = ['movement-phase', 'combat-phase'];

export const stackingOverrideSupport: HookSupport = knownParams(
  [
    'side',
    'divisions',
    'divisionAlone',
    'brigadesTogether',
    'mayMoveThrough',
    'checkedAtEndOf',
    'union',
    'confederate',
  ],
  (p) => {
    if (p.side !== undefined && p.side !== 'union' && p.side !== 'confederate')
      return `side "${String(p.side)}"`;
    if (
      !Array.isArray(p.divisions) ||
      p.divisions.length === 0 ||
      !p.divisions.every((d) => typeof d === 'string')
    )
      return 'a stacking override without "divisions"';
    if (p.divisionAlone !== true) return 'divisionAlone other than true';
    // 6.32's two units: the scenario's own stacking limit is what applies to the others.
    if (p.brigadesTogether !== undefined && p.brigadesTogether !== 2)
      return `brigadesTogether ${String(p.brigadesTogether)}`;
    if (p.mayMoveThrough !== undefined && p.mayMoveThrough !== true) return 'mayMoveThrough false';
    if (
      p.checkedAtEndOf !== undefined &&
      (!Array.isArray(p.checkedAtEndOf) ||
        p.checkedAtEndOf.some((x) => !PHASES.includes(x as string)))
    )
      return `checkedAtEndOf ${JSON.stringify(p.checkedAtEndOf)}`;
    for (const s of ['union', 'confederate'] as const)
      if (p[s] !== undefined && p[s] !== 'normal') return `${s} "${String(p[s])}"`;
    return null;
  },
);

export function stackingOverride(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side | undefined;
  const divisions = new Set(p.divisions as string[]);
  return {
    hook: rule.hook,
    case: rule.case,
    stacksAlone(ctx, unitId) {
      if (!divisions.has(unitId)) return false;
      return side === undefined || ctx.unitSpecs.get(unitId)?.side === side;
    },
  };
}
