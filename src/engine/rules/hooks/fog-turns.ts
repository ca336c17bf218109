/**
 * Fog turns (battles.md §17 rank 24).
 *
 * Fredericksburg 18.2: "Game-Turns One and Seven represent Game-Turns when
 * fog was present on the battlefield. To reflect this situation, artillery
 * may not bombard during these Game-Turns and all Movement Allowances
 * (including any Strategic Movement bonus) are halved."
 *
 * Readings:
 * - both sides, both Player-Turns of the fog Game-Turns;
 * - "may not bombard": no artillery attacks a hex it is not adjacent to
 *   (9.1); artillery in an Enemy Zone of Control still attacks adjacent
 *   units as an ordinary attacker (9.41), which is not bombardment;
 * - the Movement Allowance after Night (11.11) and with the Strategic
 *   Movement bonus (6.42, 6.43) is multiplied by the factor (one-half): an
 *   infantry unit has 3 MP, 4 moving strategically; a fraction of a third of
 *   a Movement Point is dropped (terrain costs are whole thirds, so that
 *   changes nothing). The 6.16 minimum move of one hex still applies, since
 *   it is a move beyond the allowance, not a larger allowance.
 *
 * params: { turns: number[], bombardment?: false, movementAllowanceFactor?: number (0 < f <= 1),
 *           strategicBonusHalved?: true }
 */
import type { RuleHook } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export const fogTurnsSupport: HookSupport = knownParams(
  ['turns', 'bombardment', 'movementAllowanceFactor', 'strategicBonusHalved'],
  (p) => {
    if (!Array.isArray(p.turns) || !p.turns.every((t) => Number.isInteger(t)))
      return 'fog without "turns"';
    if (p.bombardment !== undefined && p.bombardment !== false)
      return `bombardment ${JSON.stringify(p.bombardment)}`;
    const f = p.movementAllowanceFactor;
    if (f !== undefined && (typeof f !== 'number' || !(f > 0 && f <= 1)))
      return `movementAllowanceFactor ${JSON.stringify(f)}`;
    // The bonus is part of the allowance the factor applies to; a fog that spares it is another rule.
    if (p.strategicBonusHalved !== undefined && p.strategicBonusHalved !== true)
      return 'strategicBonusHalved false';
    return null;
  },
);

export function fogTurns(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const turns = new Set(p.turns as number[]);
  const noBombardment = p.bombardment === false;
  const factor = (p.movementAllowanceFactor as number | undefined) ?? 1;
  return {
    hook: rule.hook,
    case: rule.case,
    movementAllowance(_ctx, state, _unit, thirds) {
      if (!turns.has(state.turn) || factor === 1 || !Number.isFinite(thirds)) return null;
      return Math.floor(thirds * factor);
    },
    bombardRefusal(_ctx, state, unit) {
      if (!noBombardment || !turns.has(state.turn)) return null;
      return refusal(
        'FOG_NO_BOMBARDMENT',
        rule.case,
        `Game-Turn ${state.turn} is a fog turn: artillery may not bombard (${unit.id} may attack only adjacent units, as an ordinary attacker)`,
      );
    },
  };
}
