/**
 * Immobility until a Game-Turn (battles.md §17 rank 5): named units of a side
 * may not move during the listed Game-Turns (or before `untilTurn`).
 *
 * Antietam 20.2 (and the note under the 16.2 chart): "The Confederate units
 * which begin the game in hexes 0517, 0416, 0715, 0714, and 0613 may not move
 * during Game-Turn One."
 *
 * Reading: "may not move" forbids moving, moving strategically and exiting in
 * the Movement Phase; placing a Rally or Breastworks marker is not a move and
 * stays allowed, and combat results (retreat, advance) still apply. The units
 * are the listed ones, or, when none are listed, those the set-up places in
 * the listed hexes. Other release triggers (die rolls, being attacked, enemy
 * within N hexes) are not implemented: a declaration with one is refused.
 *
 * Fredericksburg 19.0-19.13: "all Union artillery and cavalry units starting
 * the game on the eastern side of the Rappahannock River may not move until
 * released by a variety of Confederate movements": with neither turns nor
 * untilTurn the units are immobile until released. Release triggers:
 * - releaseAll (all listed units at once, for good):
 *   - "friendly-unit-exits" (19.11: "as soon as any Union unit exits the map
 *     sheet from hexes 2501 or 2027"): a unit of the immobile side leaves the
 *     map through one of exitHexes;
 *   - "enemy-occupies" (19.12: "as soon as a Confederate unit occupies a
 *     pontoon bridge or ford hex ... during the Confederate Player's Movement
 *     Phase or as a result of advance or retreat"): an enemy unit enters one
 *     of enemyHexes (passing through included) by one of the ways `during`
 *     names (movement, retreat, advance; all if absent);
 * - releaseEach "enemy-within" (19.13: "if a Confederate unit comes within
 *   three hexes of the immobile unit ... from movement, or advance or
 *   retreat"): an enemy unit enters a hex at most `radius` hexes from the
 *   immobile unit (range counted as 9.12, the unit's hex excluded), by one of
 *   the ways `during` names. Entering the map as a reinforcement is movement.
 * A release takes effect at once (the Union may move the units in its next
 * Movement Phase, the Confederate moving first or in the Union Combat Phase).
 *
 * params: { side?: Side, units?: string[], hexes?: HexId[], turns?: number[], untilTurn?: number,
 *           releaseAll?: Array<{ when: "friendly-unit-exits", exitHexes: HexId[], case?: string }
 *                             | { when: "enemy-occupies", enemyHexes: HexId[], during?: Array<"movement"|"retreat"|"advance">, case?: string }>,
 *           releaseEach?: { when: "enemy-within", radius: number, during?: [...], case?: string } }
 */
import type { GameEvent, HexId, RuleHook } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { hexesEntered, type HexEntered } from './hexes-entered';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

type Way = HexEntered['by'];
const WAYS: readonly Way[] = ['movement', 'retreat', 'advance'];
type ReleaseAll =
  | { when: 'friendly-unit-exits'; exitHexes: HexId[]; case?: string }
  | { when: 'enemy-occupies'; enemyHexes: HexId[]; during?: Way[]; case?: string };
interface ReleaseEach {
  when: 'enemy-within';
  radius: number;
  during?: Way[];
  case?: string;
}

/** hookState entry of a released immobility: all released (and by what), or each unit released. */
export interface ImmobilityState {
  releasedAll: { turn: number; rule: string; reason: string } | null;
  released: string[];
}

function duringRefusal(during: unknown): string | null {
  if (during === undefined) return null;
  if (!Array.isArray(during) || during.some((w) => !WAYS.includes(w as Way)))
    return `during ${JSON.stringify(during)}`;
  return null;
}

export const immobileUntilSupport: HookSupport = knownParams(
  ['side', 'units', 'hexes', 'turns', 'untilTurn', 'releaseAll', 'releaseEach'],
  (p) => {
    const all = p.releaseAll as ReleaseAll[] | undefined;
    const each = p.releaseEach as ReleaseEach | undefined;
    if (all !== undefined) {
      if (!Array.isArray(all)) return 'releaseAll that is not a list';
      for (const r of all) {
        const known =
          r.when === 'friendly-unit-exits'
            ? ['when', 'exitHexes', 'case']
            : ['when', 'enemyHexes', 'during', 'case'];
        const extra = Object.keys(r).filter((k) => !known.includes(k));
        if (extra.length > 0)
          return `release parameter${extra.length > 1 ? 's' : ''} ${extra.map((k) => `"${k}"`).join(', ')}`;
        if (r.when === 'friendly-unit-exits') {
          if (!Array.isArray(r.exitHexes)) return 'a release on exits without "exitHexes"';
        } else if (r.when === 'enemy-occupies') {
          if (!Array.isArray(r.enemyHexes)) return 'a release on occupation without "enemyHexes"';
          const why = duringRefusal(r.during);
          if (why) return why;
        } else return `release trigger "${String((r as { when: unknown }).when)}"`;
      }
    }
    if (each !== undefined) {
      const extra = Object.keys(each).filter(
        (k) => !['when', 'radius', 'during', 'case'].includes(k),
      );
      if (extra.length > 0)
        return `release parameter${extra.length > 1 ? 's' : ''} ${extra.map((k) => `"${k}"`).join(', ')}`;
      if (each.when !== 'enemy-within') return `release trigger "${String(each.when)}"`;
      if (!Number.isInteger(each.radius) || each.radius < 1)
        return `release radius ${JSON.stringify(each.radius)}`;
      const why = duringRefusal(each.during);
      if (why) return why;
    }
    const released = all !== undefined || each !== undefined;
    if (released && p.side === undefined) return 'a released immobility without "side"';
    if (p.turns === undefined && p.untilTurn === undefined && !released)
      return 'immobility without "turns", "untilTurn" or a release';
    if (p.units === undefined && p.hexes === undefined)
      return 'immobility without "units" or "hexes"';
    return null;
  },
);

export function immobileUntil(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const turns = p.turns as number[] | undefined;
  const untilTurn = p.untilTurn as number | undefined;
  const listed = p.units ? new Set(p.units as string[]) : null;
  const hexes = new Set((p.hexes as HexId[]) ?? []);
  const releaseAll = (p.releaseAll as ReleaseAll[] | undefined) ?? [];
  const releaseEach = p.releaseEach as ReleaseEach | undefined;
  const untilReleased = turns === undefined && untilTurn === undefined;
  const key = hookKey(rule);
  const none: ImmobilityState = { releasedAll: null, released: [] };
  let bySetup: Set<string> | null = null;
  const immobileNow = (turn: number) =>
    untilReleased ||
    (turns ? turns.includes(turn) : false) ||
    (untilTurn !== undefined && turn < untilTurn);
  const when = untilReleased
    ? 'until released'
    : turns
      ? `on Game-Turn${turns.length > 1 ? 's' : ''} ${turns.join(', ')}`
      : `before Game-Turn ${untilTurn}`;
  const immobileUnits = (scenarioPlacements: Array<{ unit: string; hex: HexId }>): Set<string> => {
    if (listed) return listed;
    if (!bySetup)
      bySetup = new Set(scenarioPlacements.filter((x) => hexes.has(x.hex)).map((x) => x.unit));
    return bySetup;
  };
  const by = (during: Way[] | undefined, x: HexEntered) => !during || during.includes(x.by);
  return {
    hook: rule.hook,
    case: rule.case,
    constraint(ctx, state, unit) {
      if (!immobileNow(state.turn)) return null;
      if (p.side !== undefined && unit.side !== p.side) return null;
      if (!immobileUnits(ctx.scenario.setup.placements ?? []).has(unit.id)) return null;
      const hs = hookStateOf<ImmobilityState>(state, key, none);
      if (hs.releasedAll || hs.released.includes(unit.id)) return null;
      return {
        kind: 'forbidden',
        refusal: refusal('IMMOBILE', rule.case, `${unit.id} may not move ${when}`),
      };
    },
    afterOrder(ctx, before, after, events) {
      if (releaseAll.length === 0 && !releaseEach) return null;
      const hs = hookStateOf<ImmobilityState>(after, key, none);
      if (hs.releasedAll) return null;
      const side = p.side as string;
      const entered = hexesEntered(events).filter(
        (x) => before.units[x.unit] && before.units[x.unit].side !== side,
      );
      for (const r of releaseAll) {
        let reason: string | null = null;
        if (r.when === 'friendly-unit-exits') {
          const e = events.find(
            (ev) =>
              ev.type === 'exited-map' &&
              before.units[ev.unit as string]?.side === side &&
              r.exitHexes.includes(ev.hex as HexId),
          );
          if (e) reason = `${String(e.unit)} exited the map at ${String(e.hex)}`;
        } else {
          const x = entered.find((y) => r.enemyHexes.includes(y.hex) && by(r.during, y));
          if (x) reason = `${x.unit} occupied ${x.hex} by ${x.by}`;
        }
        if (reason) {
          const at = r.case ?? rule.case;
          return {
            state: withHookState(after, key, {
              ...hs,
              releasedAll: { turn: before.turn, rule: at, reason },
            }),
            events: [{ type: 'immobility-released', units: 'all', side, rule: at, reason }],
          };
        }
      }
      if (!releaseEach) return null;
      const newly: GameEvent[] = [];
      const released = [...hs.released];
      for (const id of immobileUnits(ctx.scenario.setup.placements ?? [])) {
        const u = after.units[id];
        if (!u || u.status !== 'on-map' || !u.hex || released.includes(id)) continue;
        const x = entered.find(
          (y) =>
            by(releaseEach.during, y) && ctx.map.grid.distance(y.hex, u.hex!) <= releaseEach.radius,
        );
        if (!x) continue;
        released.push(id);
        newly.push({
          type: 'immobility-released',
          units: [id],
          side,
          rule: releaseEach.case ?? rule.case,
          reason: `${x.unit} came within ${releaseEach.radius} hexes (${x.hex}) by ${x.by}`,
        });
      }
      if (newly.length === 0) return null;
      return { state: withHookState(after, key, { ...hs, released }), events: newly };
    },
  };
}
