/**
 * named-unit-ability, variant "named units move with a multiple of their
 * Movement Allowance on given Game-Turns" (battles.md §17 rank 17).
 *
 * Road to Richmond 17.2: "Confederate Game-Turn One Reinforcements may move
 * twice their normal Movement Allowance on the first Game-Turn as long as
 * they do not enter Union Zones of Control (first two units to arrive: 12
 * Movement Points; second two units to arrive: 11 Movement Points; etc)."
 *
 * Readings:
 * - the listed units' Movement Allowance is multiplied by movementFactor on
 *   the listed Game-Turns (their printed allowance, Night and any other
 *   exclusive rule applied first);
 * - lostIfEntersEnemyZoc: a unit stops on entering an Enemy controlled hex
 *   (7.0), so "as long as they do not enter Union Zones of Control" bounds a
 *   move that ends in one by the normal allowance: such a move may cost no
 *   more than it would without the doubling;
 * - entryColumnPenalty: the reinforcement column still costs each later
 *   stack through the entry hex its extra MP (5.0), charged against the
 *   doubled allowance, which the example states (12, 11, ...). Only true is
 *   implemented (the standard rule);
 * - example: the rule's worked example, kept as text.
 *
 * params: { side: Side, units: string[], turns: number[], movementFactor: number,
 *           lostIfEntersEnemyZoc?: boolean, entryColumnPenalty?: true, example?: string }
 */
import type { RuleHook, Side } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export function isDoubleMovementForm(p: Record<string, unknown>): boolean {
  return p.movementFactor !== undefined;
}

export const doubleMovementSupport: HookSupport = knownParams(
  [
    'side',
    'units',
    'turns',
    'movementFactor',
    'lostIfEntersEnemyZoc',
    'entryColumnPenalty',
    'example',
  ],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a movement multiple without "side"';
    if (
      !Array.isArray(p.units) ||
      p.units.length === 0 ||
      p.units.some((u) => typeof u !== 'string')
    )
      return 'a movement multiple without "units"';
    if (
      !Array.isArray(p.turns) ||
      p.turns.length === 0 ||
      p.turns.some((t) => !Number.isInteger(t))
    )
      return 'a movement multiple without "turns"';
    if (
      typeof p.movementFactor !== 'number' ||
      !Number.isInteger(p.movementFactor) ||
      p.movementFactor < 1
    )
      return `movementFactor ${JSON.stringify(p.movementFactor)}`;
    if (p.lostIfEntersEnemyZoc !== undefined && typeof p.lostIfEntersEnemyZoc !== 'boolean')
      return `lostIfEntersEnemyZoc ${JSON.stringify(p.lostIfEntersEnemyZoc)}`;
    if (p.entryColumnPenalty !== undefined && p.entryColumnPenalty !== true)
      return `entryColumnPenalty ${JSON.stringify(p.entryColumnPenalty)}`;
    if (p.example !== undefined && typeof p.example !== 'string') return 'example';
    return null;
  },
);

export function doubleMovement(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const units = new Set(p.units as string[]);
  const turns = new Set(p.turns as number[]);
  const factor = p.movementFactor as number;
  return {
    hook: rule.hook,
    case: rule.case,
    movementAllowance(_ctx, state, unit, thirds, strategic) {
      if (strategic || unit.side !== side || !units.has(unit.id) || !turns.has(state.turn))
        return null;
      return thirds * factor;
    },
    ...(p.lostIfEntersEnemyZoc === true
      ? {
          allowanceIntoEnemyZoc: (
            _ctx: unknown,
            state: { turn: number },
            unit: { id: string; side: Side },
            thirds: number,
          ) => (unit.side === side && units.has(unit.id) && turns.has(state.turn) ? thirds : null),
        }
      : {}),
  };
}
