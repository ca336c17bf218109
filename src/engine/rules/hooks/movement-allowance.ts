/**
 * A side's Movement Allowance set by an exclusive rule on given Game-Turns
 * (battles.md §17 rank 18, opening surprise effects: reduced Movement
 * Allowance).
 *
 * Peachtree Creek 17.2: "On the first Game-Turn only, all Union units have a
 * Movement Allowance of three. No Union unit may use Strategic Movement. On
 * all subsequent Game-Turns, the printed Movement Allowances and normal rules
 * apply."
 *
 * Readings:
 * - every unit of `side` ("all Union units": infantry, cavalry, artillery;
 *   the 2.4 cavalry minimum of eight does not apply) has `movement` MP on
 *   the listed Game-Turns instead of its printed allowance, entering
 *   reinforcements included; on a Night turn 11.11 still takes one from it
 *   (Peachtree Creek has none). Gunboats are not touched (9.62);
 * - with `strategicMovement: false`, no unit of the side may use Strategic
 *   Movement (6.4) on those Game-Turns: no strategic-move order is listed or
 *   accepted;
 * - any other exclusive rule on the allowance applies after this one.
 *
 * params: { side: Side, turns: number[], movement: number, strategicMovement?: false }
 */
import type { RuleHook, Side } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { strategicBonusThirds } from '../blue-grey/strategic-movement';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export const movementAllowanceSupport: HookSupport = knownParams(
  ['side', 'turns', 'movement', 'strategicMovement'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    if (
      !Array.isArray(p.turns) ||
      p.turns.length === 0 ||
      !p.turns.every((t) => Number.isInteger(t) && t >= 1)
    )
      return `turns ${JSON.stringify(p.turns)}`;
    if (!Number.isInteger(p.movement) || (p.movement as number) < 0)
      return `movement ${JSON.stringify(p.movement)}`;
    if (p.strategicMovement !== undefined && p.strategicMovement !== false)
      return `strategicMovement ${JSON.stringify(p.strategicMovement)}`;
    return null;
  },
);

export function movementAllowanceHook(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const turns = new Set(p.turns as number[]);
  const movement = p.movement as number;
  const noStrategic = p.strategicMovement === false;
  return {
    hook: rule.hook,
    case: rule.case,
    movementAllowance(ctx, state, unit, thirds, strategic) {
      if (unit.side !== side || !turns.has(state.turn) || !Number.isFinite(thirds)) return null;
      const base = Math.max(0, movement - (state.night ? 1 : 0)) * 3;
      const type = ctx.unitSpecs.get(unit.id)!.type;
      return strategic ? base + strategicBonusThirds(type, state.night) : base;
    },
    strategicMovementRefusal(_ctx, state, unit) {
      if (!noStrategic || unit.side !== side || !turns.has(state.turn)) return null;
      return refusal(
        'NO_STRATEGIC_MOVEMENT',
        rule.case,
        `no ${side} unit may use Strategic Movement on Game-Turn ${state.turn}`,
      );
    },
  };
}
