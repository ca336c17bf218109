/**
 * Zone / terrain movement prohibitions (battles.md §17 rank 14): hexes one
 * side may not move into during given Game-Turns.
 *
 * Wilderness 18.11: "During the first day (Game-Turns One through Seven),
 * Union units may not move into or through forest hexes, except along roads
 * and trails. However, they may always enter a hex in an Enemy Zone of
 * Control, regardless of Terrain. Note: this case should be taken literally:
 * Union units which begin the game in non-road or non-trail forest hexes may
 * not move on the first day, except into an Enemy Zone of Control."
 * 18.12: "During the second day (Game-Turns Eight through Fifteen), Union
 * units may enter any hex adjacent to a clear Terrain, road or trail hex."
 * 18.14 (first): "Union units may never advance after combat into a hex they
 * are prohibited from entering during the Movement Phase. They may retreat
 * into such a hex as a result of combat only if it is the sole path of
 * retreat open to them."
 * 18.14 (second): "Starting a Movement Phase in a prohibited hex (due to
 * combat) does not affect the unit's ability to move in that Phase. Exit is
 * not prohibited. It is possible that a unit will find itself in a hex
 * completely encircled by prohibited hexes. In such a case, the unit may not
 * move."
 *
 * Readings (NOTES): the second day is Game-Turns 8-16 (the game has 16).
 * - First-day periods (prohibitedTerrain, exceptAlongRoutes): a step into a
 *   hex of a prohibited terrain is allowed only along one of the routes (the
 *   route joins the two hexes, 6.22-6.24), or into an Enemy controlled hex
 *   when enemyZocAlwaysEnterable. A unit that has not left its set-up hex
 *   since the game began, in a prohibited-terrain hex no such route runs
 *   through, may step only into an Enemy controlled hex (the literal note);
 *   a unit that came into such a hex by retreat or advance moves freely out
 *   of it (second 18.14).
 * - Second-day periods (enterableOnlyIfAdjacentTo): a hex may be entered if it
 *   or one of its neighbours is of one of the terrains or has one of the
 *   routes running through it.
 * - "A hex they are prohibited from entering" for advances and retreats (first
 *   18.14): on the first day a hex of a prohibited terrain no such route runs
 *   through; on the second day a hex not enterable as above. Advances never
 *   go into one (advanceIntoProhibited false); a retreat goes into one only if
 *   no retreat path avoids them (retreatIntoProhibited "only-if-sole-path"),
 *   stacking left aside.
 *
 * params: { side: Side, periods: Array<{ turns: number[], case?: string,
 *             prohibitedTerrain?: HexTerrain[], exceptAlongRoutes?: RouteType[], enemyZocAlwaysEnterable?: boolean,
 *             enterableOnlyIfAdjacentTo?: { terrain?: HexTerrain[], routes?: RouteType[] } }>,
 *           advanceIntoProhibited?: false, retreatIntoProhibited?: "only-if-sole-path", startingInProhibitedMayLeave?: true }
 */
import type { GameContext } from '../../game';
import type { HexId, HexTerrain, RouteType, RuleHook, Side } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { hexesEntered } from './hexes-entered';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { commandControlZone, commandControlZoneSupport, isZoneForm } from './command-control-zone';

interface Period {
  turns: number[];
  case?: string;
  prohibitedTerrain?: HexTerrain[];
  exceptAlongRoutes?: RouteType[];
  enemyZocAlwaysEnterable?: boolean;
  enterableOnlyIfAdjacentTo?: { terrain?: HexTerrain[]; routes?: RouteType[] };
}

/** hookState entry: units of the side that have left their set-up hex (by any movement, retreat or advance). */
export interface ProhibitionState {
  leftSetUp: string[];
}

// Road to Richmond 18.2, 20.1-20.3: the zone form (command-control-zone.ts).
export const movementProhibitionSupport: HookSupport = (rule) =>
  isZoneForm(rule.params ?? {}) ? commandControlZoneSupport(rule) : periodSupport(rule);

const periodSupport: HookSupport = knownParams(
  [
    'side',
    'periods',
    'advanceIntoProhibited',
    'retreatIntoProhibited',
    'startingInProhibitedMayLeave',
  ],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a prohibition without "side"';
    const periods = p.periods as Period[] | undefined;
    if (!Array.isArray(periods) || periods.length === 0) return 'a prohibition without "periods"';
    for (const x of periods) {
      const extra = Object.keys(x).filter(
        (k) =>
          ![
            'turns',
            'case',
            'prohibitedTerrain',
            'exceptAlongRoutes',
            'enemyZocAlwaysEnterable',
            'enterableOnlyIfAdjacentTo',
          ].includes(k),
      );
      if (extra.length > 0)
        return `period parameter${extra.length > 1 ? 's' : ''} ${extra.map((k) => `"${k}"`).join(', ')}`;
      if (!Array.isArray(x.turns)) return 'a period without "turns"';
      const first = x.prohibitedTerrain !== undefined;
      const second = x.enterableOnlyIfAdjacentTo !== undefined;
      if (first === second)
        return 'a period that is neither a prohibited terrain nor an adjacency rule';
    }
    if (p.advanceIntoProhibited !== undefined && p.advanceIntoProhibited !== false)
      return `advanceIntoProhibited ${JSON.stringify(p.advanceIntoProhibited)}`;
    if (p.retreatIntoProhibited !== undefined && p.retreatIntoProhibited !== 'only-if-sole-path')
      return `retreatIntoProhibited ${JSON.stringify(p.retreatIntoProhibited)}`;
    if (p.startingInProhibitedMayLeave !== undefined && p.startingInProhibitedMayLeave !== true)
      return 'startingInProhibitedMayLeave false';
    return null;
  },
);

export function movementProhibition(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  if (isZoneForm(p)) return commandControlZone(rule);
  const side = p.side as Side;
  const periods = (p.periods as Period[]) ?? [];
  const key = hookKey(rule);
  const periodOf = (turn: number) => periods.find((x) => x.turns.includes(turn)) ?? null;
  const caseOf = (x: Period) => x.case ?? rule.case;

  /** Whether `hex` is a hex the side is prohibited from entering in this period (off routes, first 18.14). */
  const prohibited = (ctx: GameContext, x: Period, hex: HexId): boolean => {
    if (x.prohibitedTerrain) {
      if (!x.prohibitedTerrain.includes(ctx.map.hex(hex).terrain)) return false;
      const along = x.exceptAlongRoutes ?? [];
      return !ctx.map.routesIn(hex).some((r) => along.includes(r));
    }
    const a = x.enterableOnlyIfAdjacentTo!;
    const open = (h: HexId) =>
      (a.terrain ?? []).includes(ctx.map.hex(h).terrain) ||
      ctx.map.routesIn(h).some((r) => (a.routes ?? []).includes(r));
    return !(open(hex) || ctx.map.grid.neighbours(hex).some(open));
  };
  const setUpHex = (ctx: GameContext, id: string) =>
    (ctx.scenario.setup.placements ?? []).find((x) => x.unit === id)?.hex;

  return {
    hook: rule.hook,
    case: rule.case,
    stepForbidden(ctx, state, unit) {
      if (unit.side !== side) return null;
      const x = periodOf(state.turn);
      if (!x) return null;
      if (x.prohibitedTerrain) {
        const along = x.exceptAlongRoutes ?? [];
        const terrain = x.prohibitedTerrain;
        // The literal note of 18.11: a unit that began the game in such a hex moves only into an Enemy ZOC.
        const stuck =
          unit.hex !== null &&
          setUpHex(ctx, unit.id) === unit.hex &&
          !hookStateOf<ProhibitionState>(state, key, { leftSetUp: [] }).leftSetUp.includes(
            unit.id,
          ) &&
          prohibited(ctx, x, unit.hex);
        return (from, to, intoEnemyZoc) => {
          if (intoEnemyZoc && x.enemyZocAlwaysEnterable) return null;
          if (stuck)
            return refusal(
              'PROHIBITED_BY_SCENARIO',
              caseOf(x),
              `${unit.id} began the game in ${unit.hex}, a ${ctx.map.hex(unit.hex!).terrain} hex without road or trail: on Game-Turn ${state.turn} it may move only into an Enemy Zone of Control`,
            );
          if (!terrain.includes(ctx.map.hex(to).terrain)) return null;
          if (ctx.map.routesBetween(from, to).some((r) => along.includes(r))) return null;
          return refusal(
            'PROHIBITED_BY_SCENARIO',
            caseOf(x),
            `${side} units may not move into or through ${ctx.map.hex(to).terrain} hexes on Game-Turn ${state.turn} except along ${along.join(', ')} (${from} to ${to})`,
          );
        };
      }
      return (_from, to) =>
        prohibited(ctx, x, to)
          ? refusal(
              'PROHIBITED_BY_SCENARIO',
              caseOf(x),
              `on Game-Turn ${state.turn} ${side} units may enter only hexes adjacent to ${[...(x.enterableOnlyIfAdjacentTo!.terrain ?? []), ...(x.enterableOnlyIfAdjacentTo!.routes ?? [])].join(', ')} hexes; ${to} is not`,
            )
          : null;
    },
    advanceIntoRefused(ctx, state, unitId, hex) {
      if (p.advanceIntoProhibited !== false || state.units[unitId]?.side !== side) return false;
      const x = periodOf(state.turn);
      return x !== null && prohibited(ctx, x, hex);
    },
    retreatAvoids(ctx, state, unit, hex) {
      if (p.retreatIntoProhibited !== 'only-if-sole-path' || unit.side !== side) return false;
      const x = periodOf(state.turn);
      return x !== null && prohibited(ctx, x, hex);
    },
    afterOrder(_ctx, before, after, events) {
      const current = hookStateOf<ProhibitionState>(after, key, { leftSetUp: [] });
      const left = new Set(current.leftSetUp);
      for (const x of hexesEntered(events))
        if (before.units[x.unit]?.side === side) left.add(x.unit);
      if (left.size === current.leftSetUp.length) return null;
      return { state: withHookState(after, key, { leftSetUp: [...left].sort() }), events: [] };
    },
  };
}
