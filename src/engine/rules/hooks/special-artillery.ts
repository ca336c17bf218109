/**
 * Special artillery profiles (battles.md §17 rank 13): named artillery units
 * with their own range, range effects, defensive bonus, mobility and retreat.
 *
 * Antietam 18.1: "Union artillery units are immobile; they may not be moved
 * during the course of the game. If forced to retreat due to combat, they are
 * eliminated instead. They are not affected by Retreat combat results when
 * attacked solely by Enemy artillery units."
 * Antietam 18.2: "... except that they have a Range of seven hexes. The
 * Combat Strength of Union artillery is not subject to Range effects, neither
 * is the Combat Strength of these artillery units increased by one-half under
 * Case 9.53."
 *
 * Readings:
 * - immobile: never moves in a Movement Phase (moves, strategic moves, exits);
 *   markers are not moves. Artillery never advances after combat anyway (9.47).
 * - retreatEliminates: every retreat the unit would have to make because of
 *   combat (a Retreat result, displacement by a retreating friendly unit, a
 *   Routed unit's retreat) eliminates it instead.
 * - retreatIgnoredWhenAttackedOnlyByArtillery: a Retreat result of a combat in
 *   which every attacking unit (adjacent or bombarding) is artillery leaves the
 *   unit where it is; it takes precedence over retreatEliminates.
 * - range: bombardment range (9.11's three hexes); rangeEffects false: its
 *   strength is not reduced with range (9.14); defensiveBonus953 false: no
 *   9.53 one-half bonus in defence.
 *
 * params: { side?: Side, units: string[], immobile?: boolean, retreatEliminates?: boolean,
 *           retreatIgnoredWhenAttackedOnlyByArtillery?: boolean, range?: number,
 *           rangeEffects?: boolean, defensiveBonus953?: boolean, mayNotAdvance?: true }
 *         | { waiveCase: "9.18" }
 *
 * Chattanooga 19.14: "The provisions of Case 9.18 do not apply to this
 * game." Reading (waiveCase "9.18"): for every artillery unit of both sides,
 * a bombardment alone may be made at odds below 1:5; it is resolved on the
 * 1:5 column like any other attack at such odds (8.62). Only 9.18 can be
 * waived; a declaration naming another case is refused.
 */
import type { RuleHook } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export const specialArtillerySupport: HookSupport = knownParams(
  [
    'side',
    'units',
    'immobile',
    'retreatEliminates',
    'retreatIgnoredWhenAttackedOnlyByArtillery',
    'range',
    'rangeEffects',
    'defensiveBonus953',
    'mayNotAdvance',
    'waiveCase',
  ],
  (p) => {
    if (p.waiveCase !== undefined && p.waiveCase !== '9.18') return `waiveCase ${JSON.stringify(p.waiveCase)}`;
    if (p.waiveCase !== undefined && p.units === undefined) return null;
    if (!Array.isArray(p.units) || p.units.length === 0) return 'special artillery without "units"';
    if (
      p.range !== undefined &&
      (typeof p.range !== 'number' || !Number.isInteger(p.range) || p.range < 1)
    )
      return `range ${String(p.range)}`;
    // 9.47: artillery never advances, so "may not advance" is already the standard rule; the opposite is not implemented.
    if (p.mayNotAdvance === false) return 'mayNotAdvance false';
    return null;
  },
);

export function specialArtillery(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const units = new Set((p.units as string[]) ?? []);
  const range = p.range as number | undefined;
  const isOne = (id: string) => units.has(id);
  const isArtilleryUnit = (type: string | undefined) =>
    type === 'artillery' || type === 'horse-artillery';
  return {
    hook: rule.hook,
    case: rule.case,
    constraint(_ctx, _state, unit) {
      if (p.immobile !== true || !isOne(unit.id)) return null;
      return {
        kind: 'forbidden',
        refusal: refusal(
          'IMMOBILE',
          rule.case,
          `${unit.id} is immobile and may not be moved during the game`,
        ),
      };
    },
    waivesCase(standardCase) {
      return p.waiveCase === standardCase;
    },
    bombardRange(_ctx, id) {
      return isOne(id) && range !== undefined ? range : null;
    },
    noRangeEffects(_ctx, id) {
      return isOne(id) && p.rangeEffects === false;
    },
    noArtilleryDefenceBonus(_ctx, id) {
      return isOne(id) && p.defensiveBonus953 === false;
    },
    retreatOverride(ctx, _state, id, retreat) {
      if (!isOne(id)) return null;
      if (
        p.retreatIgnoredWhenAttackedOnlyByArtillery === true &&
        retreat.reason === 'result' &&
        retreat.attackers.length > 0 &&
        !retreat.attackers.includes(id) &&
        retreat.attackers.every((a) => isArtilleryUnit(ctx.unitSpecs.get(a)?.type))
      )
        return {
          effect: 'ignore',
          rule: rule.case,
          why: 'not affected by Retreat results when attacked solely by Enemy artillery',
        };
      if (p.retreatEliminates === true)
        return {
          effect: 'eliminate',
          rule: rule.case,
          why: 'forced to retreat due to combat, eliminated instead',
        };
      return null;
    },
  };
}
