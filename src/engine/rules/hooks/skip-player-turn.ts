/**
 * A side with no Player-Turn on some Game-Turns (battles.md §17 ranks 5, 18).
 *
 * Cemetery Hill 16.32: "The Union Player has no Player-Turn on Game-Turn One.
 * His units may not be moved during the First Game-Turn, except as a result
 * of combat: Union units' Zones of Control and defensive abilities are
 * unaffected."
 *
 * Reading: the side's whole Player-Turn (Movement and Combat Phases) is left
 * out of the sequence of play (sequence-of-play.ts asks skipsPlayerTurn): the
 * game goes straight to the other side's Player-Turn or to the next
 * Game-Turn. The side's units still exert Zones of Control, defend, retreat
 * and advance after combat in the enemy's Player-Turn; end-of-Player-Turn
 * bookkeeping of other rules (Cemetery Hill 20.3 tallies) still happens.
 *
 * params: { side: Side, turns: number[], unitsMayMove?: "only-as-a-result-of-combat",
 *           zocAndDefenceUnaffected?: true }
 */
import type { RuleHook, Side } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export const skipPlayerTurnSupport: HookSupport = knownParams(
  ['side', 'turns', 'unitsMayMove', 'zocAndDefenceUnaffected'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    if (!Array.isArray(p.turns)) return 'a skip without "turns"';
    if (p.unitsMayMove !== undefined && p.unitsMayMove !== 'only-as-a-result-of-combat')
      return `unitsMayMove "${String(p.unitsMayMove)}"`;
    if (p.zocAndDefenceUnaffected === false) return 'zocAndDefenceUnaffected false';
    return null;
  },
);

export function skipPlayerTurn(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const turns = (p.turns as number[]) ?? [];
  return {
    hook: rule.hook,
    case: rule.case,
    skipsPlayerTurn(_ctx, turn, s) {
      return s === side && turns.includes(turn);
    },
  };
}
