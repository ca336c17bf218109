/**
 * Night-turn variants (battles.md §17 rank 25): a battle's own restriction on
 * top of the standard Night rules (11.0).
 *
 * Chattanooga 18.2: "No Union units may move during the Night Game-Turns."
 *
 * Reading: on a Night Game-Turn (the scenario's nightTurns) no unit of `side`
 * moves in its Movement Phase: no move, no Strategic Movement, no map exit,
 * and no reinforcement entry (entering the map is movement, 5.0). Placing a
 * Rally or Breastworks marker is not a move and stays allowed, and combat
 * results (retreats, advances) still apply, as with every other "may not
 * move" of the exclusive rules. The standard Night rules (11.1–11.2) apply
 * otherwise, to both sides.
 *
 * params: { side: Side, movement: false }
 */
import type { RuleHook, Side } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export const nightTurnVariantSupport: HookSupport = knownParams(['side', 'movement'], (p) => {
  if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
  if (p.movement !== false)
    return `movement ${JSON.stringify(p.movement)} (only "false", no movement at Night, is implemented)`;
  return null;
});

export function nightTurnVariant(rule: RuleHook): MovementHook {
  const side = (rule.params ?? {}).side as Side;
  const why = () =>
    refusal(
      'NIGHT_NO_MOVEMENT',
      rule.case,
      `no ${side === 'union' ? 'Union' : 'Confederate'} unit may move during a Night Game-Turn`,
    );
  return {
    hook: rule.hook,
    case: rule.case,
    constraint(_ctx, state, unit) {
      if (!state.night || unit.side !== side) return null;
      return { kind: 'forbidden', refusal: why() };
    },
    entryRefusal(_ctx, state, unit) {
      if (!state.night || unit.side !== side) return null;
      return why();
    },
  };
}
