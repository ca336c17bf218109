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
 * the listed hexes. Release triggers other than those below (die rolls) are
 * not implemented: a declaration with one is refused.
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
 * Ezra Church 17.2: "The Union Player may not move the units in hex row 19XX
 * unless they are released. One unit may be released each Game-Turn
 * starting with Game-Turn One. If any Union unit in hex row 19XX is attacked
 * than [then] all Union units are released." Two more triggers:
 * - releaseAll "attacked": an immobile unit, or (with `hexes`) any unit of
 *   `side` in one of the hexes, is among the defenders of an attack
 *   (bombardment included: 9.0 makes it an attack);
 * - releaseEach "one-per-turn" from `fromTurn`: on each Game-Turn from then
 *   the owner may move one immobile unit of his choice, which is released for
 *   good by moving; a release not used on its Game-Turn is not saved (the
 *   units are chosen by moving them: a release without a move is pointless).
 * First Bull Run 17.1: "No Confederate units may move until Game-Turn Three
 * or a Confederate unit has been attacked, whichever occurs first":
 * `everyUnit` (every unit of `side`, however it came into the game: set up
 * freely from the players' counters or arriving) with untilTurn 3 and
 * releaseAll "attacked" (any unit of the side among the defenders). 17.2
 * (Runyon may not move "until a Confederate unit has crossed Bull Run") is
 * "enemy-occupies" with the far bank's hexes, which the scenario lists. A
 * listed unit a game does not have (one the players did not supply) is
 * simply not there.
 *
 * In a free set-up (setup.kind "free") the units in `hexes` are those of
 * `side` standing there when play begins (recorded then, atStartOfPlay); in
 * a fixed set-up those the set-up places there, as before.
 *
 * params: { side?: Side, units?: string[], hexes?: HexId[], everyUnit?: true, turns?: number[], untilTurn?: number,
 *           releaseAll?: Array<{ when: "friendly-unit-exits", exitHexes: HexId[], case?: string }
 *                             | { when: "enemy-occupies", enemyHexes: HexId[], during?: Array<"movement"|"retreat"|"advance">, case?: string }>,
 *           releaseAll?: [... | { when: "attacked", case?: string }],
 *           releaseEach?: { when: "enemy-within", radius: number, during?: [...], case?: string }
 *                       | { when: "one-per-turn", fromTurn: number, case?: string } }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent, HexId, RuleHook } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { hexesEntered, type HexEntered } from './hexes-entered';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

type Way = HexEntered['by'];
const WAYS: readonly Way[] = ['movement', 'retreat', 'advance'];
type ReleaseAll =
  | { when: 'friendly-unit-exits'; exitHexes: HexId[]; case?: string }
  | { when: 'enemy-occupies'; enemyHexes: HexId[]; during?: Way[]; case?: string }
  | { when: 'attacked'; case?: string };
type ReleaseEach =
  | { when: 'enemy-within'; radius: number; during?: Way[]; case?: string }
  | { when: 'one-per-turn'; fromTurn: number; case?: string };

/** hookState entry of a released immobility: all released (and by what), or each unit released. */
export interface ImmobilityState {
  releasedAll: { turn: number; rule: string; reason: string } | null;
  released: string[];
  /** one-per-turn: the Game-Turn each unit was released on. */
  releasedOn?: Record<string, number>;
  /** Free set-up: the units standing in `hexes` when play began. */
  atStart?: string[];
}

function duringRefusal(during: unknown): string | null {
  if (during === undefined) return null;
  if (!Array.isArray(during) || during.some((w) => !WAYS.includes(w as Way)))
    return `during ${JSON.stringify(during)}`;
  return null;
}

export const immobileUntilSupport: HookSupport = knownParams(
  ['side', 'units', 'hexes', 'everyUnit', 'turns', 'untilTurn', 'releaseAll', 'releaseEach'],
  (p) => {
    const all = p.releaseAll as ReleaseAll[] | undefined;
    const each = p.releaseEach as ReleaseEach | undefined;
    if (all !== undefined) {
      if (!Array.isArray(all)) return 'releaseAll that is not a list';
      for (const r of all) {
        const known =
          r.when === 'friendly-unit-exits'
            ? ['when', 'exitHexes', 'case']
            : r.when === 'attacked'
              ? ['when', 'case']
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
        } else if (r.when === 'attacked') {
          // Ezra Church 17.2: no parameter beyond the case.
        } else return `release trigger "${String((r as { when: unknown }).when)}"`;
      }
    }
    if (each !== undefined) {
      const known =
        each.when === 'one-per-turn'
          ? ['when', 'fromTurn', 'case']
          : ['when', 'radius', 'during', 'case'];
      const extra = Object.keys(each).filter((k) => !known.includes(k));
      if (extra.length > 0)
        return `release parameter${extra.length > 1 ? 's' : ''} ${extra.map((k) => `"${k}"`).join(', ')}`;
      if (each.when === 'one-per-turn') {
        if (!Number.isInteger(each.fromTurn) || each.fromTurn < 1)
          return `release fromTurn ${JSON.stringify(each.fromTurn)}`;
      } else if (each.when !== 'enemy-within')
        return `release trigger "${String((each as { when: unknown }).when)}"`;
      else {
        if (!Number.isInteger(each.radius) || each.radius < 1)
          return `release radius ${JSON.stringify(each.radius)}`;
        const why = duringRefusal(each.during);
        if (why) return why;
      }
    }
    const released = all !== undefined || each !== undefined;
    if (released && p.side === undefined) return 'a released immobility without "side"';
    if (p.turns === undefined && p.untilTurn === undefined && !released)
      return 'immobility without "turns", "untilTurn" or a release';
    if (p.everyUnit !== undefined) {
      if (p.everyUnit !== true) return `everyUnit ${JSON.stringify(p.everyUnit)}`;
      if (p.side === undefined) return 'everyUnit without "side"';
      if (p.units !== undefined || p.hexes !== undefined)
        return 'everyUnit with "units" or "hexes"';
      if (each !== undefined) return 'everyUnit with releaseEach';
    } else if (p.units === undefined && p.hexes === undefined)
      return 'immobility without "units" or "hexes"';
    return null;
  },
);

export function immobileUntil(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const turns = p.turns as number[] | undefined;
  const untilTurn = p.untilTurn as number | undefined;
  const listed = p.units ? new Set(p.units as string[]) : null;
  const everyUnit = p.everyUnit === true;
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
  const perTurn = releaseEach?.when === 'one-per-turn' ? releaseEach : null;
  const within = releaseEach?.when === 'enemy-within' ? releaseEach : null;
  const freeSetup = (ctx: GameContext) => ctx.scenario.setup.kind === 'free';
  const immobileUnits = (ctx: GameContext, state: GameState): Set<string> => {
    if (listed) return listed;
    if (freeSetup(ctx)) return new Set(hookStateOf<ImmobilityState>(state, key, none).atStart);
    if (!bySetup)
      bySetup = new Set(
        (ctx.scenario.setup.placements ?? []).filter((x) => hexes.has(x.hex)).map((x) => x.unit),
      );
    return bySetup;
  };
  const by = (during: Way[] | undefined, x: HexEntered) => !during || during.includes(x.by);
  return {
    hook: rule.hook,
    case: rule.case,
    atStartOfPlay(ctx, state) {
      if (listed || everyUnit || !freeSetup(ctx)) return null;
      const atStart = Object.keys(state.units)
        .sort()
        .filter((id) => {
          const u = state.units[id];
          return (
            u.status === 'on-map' &&
            u.hex !== null &&
            hexes.has(u.hex) &&
            (p.side === undefined || u.side === p.side)
          );
        });
      return {
        state: withHookState(state, key, { ...hookStateOf(state, key, none), atStart }),
        events: [],
      };
    },
    constraint(ctx, state, unit) {
      if (!immobileNow(state.turn)) return null;
      if (p.side !== undefined && unit.side !== p.side) return null;
      if (!everyUnit && !immobileUnits(ctx, state).has(unit.id)) return null;
      const hs = hookStateOf<ImmobilityState>(state, key, none);
      if (hs.releasedAll || hs.released.includes(unit.id)) return null;
      // Ezra Church 17.2: one unit may be released (by moving it) each Game-Turn from perTurn.fromTurn.
      if (
        perTurn &&
        state.turn >= perTurn.fromTurn &&
        !Object.values(hs.releasedOn ?? {}).includes(state.turn)
      )
        return null;
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
        if (r.when === 'attacked') {
          const mine = everyUnit ? null : immobileUnits(ctx, before);
          for (const e of events) {
            if (e.type !== 'attack-declared' || !Array.isArray(e.defenders)) continue;
            const hit = (e.defenders as string[]).find((id) => {
              const u = before.units[id];
              if (!u || u.side !== side) return false;
              return (
                mine === null ||
                (mine.has(id) && !hs.released.includes(id)) ||
                (u.hex !== null && hexes.has(u.hex))
              );
            });
            if (hit) {
              reason = `${hit} was attacked`;
              break;
            }
          }
        } else if (r.when === 'friendly-unit-exits') {
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
      if (perTurn) {
        const mine = immobileUnits(ctx, before);
        const moved = events.find(
          (e) =>
            (e.type === 'moved' || e.type === 'strategic-moved' || e.type === 'exited-map') &&
            mine.has(e.unit as string) &&
            !hs.released.includes(e.unit as string),
        );
        if (!moved) return null;
        const id = moved.unit as string;
        return {
          state: withHookState(after, key, {
            ...hs,
            released: [...hs.released, id],
            releasedOn: { ...hs.releasedOn, [id]: before.turn },
          }),
          events: [
            {
              type: 'immobility-released',
              units: [id],
              side,
              rule: perTurn.case ?? rule.case,
              reason: `the one unit released on Game-Turn ${before.turn}`,
            },
          ],
        };
      }
      if (!within) return null;
      const newly: GameEvent[] = [];
      const released = [...hs.released];
      for (const id of immobileUnits(ctx, before)) {
        const u = after.units[id];
        if (!u || u.status !== 'on-map' || !u.hex || released.includes(id)) continue;
        const x = entered.find(
          (y) => by(within.during, y) && ctx.map.grid.distance(y.hex, u.hex!) <= within.radius,
        );
        if (!x) continue;
        released.push(id);
        newly.push({
          type: 'immobility-released',
          units: [id],
          side,
          rule: within.case ?? rule.case,
          reason: `${x.unit} came within ${within.radius} hexes (${x.hex}) by ${x.by}`,
        });
      }
      if (newly.length === 0) return null;
      return { state: withHookState(after, key, { ...hs, released }), events: newly };
    },
  };
}
