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
 * Road to Richmond 21.23 (printed twice): "The Union Siege Train Artillery
 * unit defends with one Combat Strength Point, which is not increased due to
 * the adjacency of Enemy attacking units." / "... may only move along roads
 * and trails, and if forced to retreat off of a road or trail, is eliminated
 * and considered destroyed for Victory Point considerations." Readings:
 * defenceStrength replaces its strength in defence (8.32; morale and terrain
 * still apply to it); routes: every step of its moves crosses a hexside a
 * route of those types crosses (6.22 "along"); retreatOffRoute "eliminated":
 * it may not retreat into a hex no such route runs through (8.72: with no
 * other retreat it is eliminated, which counts its printed strength, 21.24).
 *
 * params: { side?: Side, units: string[], immobile?: boolean, retreatEliminates?: boolean,
 *           retreatIgnoredWhenAttackedOnlyByArtillery?: boolean, range?: number,
 *           rangeEffects?: boolean, defensiveBonus953?: boolean, mayNotAdvance?: true,
 *           defenceStrength?: number, routes?: RouteType[], retreatOffRoute?: "eliminated" }
 *         | { waiveCase: "9.18" }
 *
 * Chattanooga 19.14: "The provisions of Case 9.18 do not apply to this
 * game." Reading (waiveCase "9.18"): for every artillery unit of both sides,
 * a bombardment alone may be made at odds below 1:5; it is resolved on the
 * 1:5 column like any other attack at such odds (8.62). Only 9.18 can be
 * waived; a declaration naming another case is refused.
 */
import type { RouteType, RuleHook } from '../../types';
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId } from '../../types';
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
    'defenceStrength',
    'routes',
    'retreatOffRoute',
  ],
  (p) => {
    if (p.waiveCase !== undefined && p.waiveCase !== '9.18')
      return `waiveCase ${JSON.stringify(p.waiveCase)}`;
    if (p.waiveCase !== undefined && p.units === undefined) return null;
    if (!Array.isArray(p.units) || p.units.length === 0) return 'special artillery without "units"';
    if (
      p.range !== undefined &&
      (typeof p.range !== 'number' || !Number.isInteger(p.range) || p.range < 1)
    )
      return `range ${String(p.range)}`;
    // 9.47: artillery never advances, so "may not advance" is already the standard rule; the opposite is not implemented.
    if (p.mayNotAdvance === false) return 'mayNotAdvance false';
    if (
      p.defenceStrength !== undefined &&
      (typeof p.defenceStrength !== 'number' ||
        !Number.isInteger(p.defenceStrength) ||
        p.defenceStrength < 0)
    )
      return `defenceStrength ${JSON.stringify(p.defenceStrength)}`;
    const routes = ['turnpike', 'road', 'railway', 'trail', 'sunken-road'];
    if (
      p.routes !== undefined &&
      (!Array.isArray(p.routes) ||
        p.routes.length === 0 ||
        p.routes.some((r) => !routes.includes(r as string)))
    )
      return `routes ${JSON.stringify(p.routes)}`;
    if (
      p.retreatOffRoute !== undefined &&
      (p.retreatOffRoute !== 'eliminated' || p.routes === undefined)
    )
      return `retreatOffRoute ${JSON.stringify(p.retreatOffRoute)}`;
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
  const routes = (p.routes as RouteType[] | undefined) ?? null;
  const defence = p.defenceStrength as number | undefined;
  return {
    hook: rule.hook,
    case: rule.case,
    ...(defence !== undefined
      ? {
          defenceStrength: (_ctx: unknown, _state: unknown, id: string) =>
            isOne(id) ? defence : null,
        }
      : {}),
    ...(routes !== null
      ? {
          stepForbidden: (ctx: GameContext, _state: GameState, unit: UnitState) =>
            isOne(unit.id)
              ? (from: HexId, to: HexId) =>
                  ctx.map.routesBetween(from, to).some((r) => routes.includes(r))
                    ? null
                    : refusal(
                        'OFF_ROUTE',
                        rule.case,
                        `${unit.id} moves only along ${routes.join(' or ')} (${from} to ${to})`,
                      )
              : null,
        }
      : {}),
    ...(routes !== null && p.retreatOffRoute === 'eliminated'
      ? {
          retreatStepRefused: (
            ctx: GameContext,
            _state: GameState,
            unit: UnitState,
            _from: HexId,
            to: HexId,
          ) =>
            isOne(unit.id) && !ctx.map.routesIn(to).some((r) => routes.includes(r))
              ? `${unit.id} may not retreat off the ${routes.join(' and ')} into ${to}: eliminated if no other retreat (${rule.case})`
              : null,
        }
      : {}),
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
