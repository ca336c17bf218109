/**
 * An off-map flank march (battles.md §17): units leave the map at some
 * hexes and come back later elsewhere.
 *
 * Hooker and Lee 18.22: "During the first two Game-Turns, the Confederate
 * Player may voluntarily exit a combined total of 20 units from the map sheet
 * at the southern map edge from hexes 2518 and/or 2514." 18.23: "... units
 * which exited the map sheet on Game-Turn One will return on Game-Turn Four;
 * units which exited the map sheet on Game-Turn Two will return on Game-Turn
 * Five (the Night Game-Turn)." 18.24: "Units re-enter at the western map edge
 * anywhere between hexes 1027 and 1928 inclusive, paying the entrance cost of
 * the first hex they are placed on." 18.25: a column of stacks (the first
 * stack expends one Movement Point, the second two, ...); "the un-entered
 * balance is simply brought back into play on the following Game-Turn."
 * 18.26: normal stacking; they may enter Enemy Zones of Control, "however, if
 * they are subsequently forced to retreat off the map sheet, they are
 * eliminated." 18.27: "Units leaving the map sheet by this route ... after
 * Game-Turn Two are eliminated."
 *
 * The order: `flank-march {unit, path}` in the side's own Movement Phase on
 * an exit Game-Turn — an ordinary move along `path` (start hex excluded;
 * empty to leave from where it stands) to one of the exit hexes, not ending
 * in an Enemy Zone of Control, leaving `cost` MP (default 1, as the map-exit
 * hook) to step off; listed and checked by the same function. The unit
 * leaves the map and waits as a pending unit scheduled for its return turn
 * (reinforcements.ts scheduleOf through `arrival`); it re-enters with the
 * ordinary `enter` order at the re-entry hexes only (no 5.5 widening), as a
 * reinforcement column (5.0, the same as 18.25), and what cannot enter stays
 * pending for a later Game-Turn. Exiting is the unit's move for the phase.
 *
 * Readings: 18.26's stacking, Enemy Zones of Control and retreat off the map
 * are the standard rules (6.32, 5.4, 8.72), which the engine applies to
 * re-entering units as to any others. 18.27: after the last exit turn the
 * order is no longer offered — leaving there would only eliminate the unit
 * (as a retreat off the map does, 8.72).
 *
 * params: { side: Side, exitTurns: number[], maxUnits: number, exitHexes: HexId[],
 *           returnTurn: { [exitTurn]: number }, reentryHexes: HexId[], reentryEdge?: edge,
 *           cost?: number (MP), column?: true, overflowNextTurn?: true, stacking?: "normal",
 *           mayEnterEnemyZoc?: true, retreatOffMapEliminates?: true, laterExitEliminatedFromTurn?: number }
 */
import type { ApplyResult } from '../../game';
import type { GameState, Order, UnitState } from '../../state';
import type { GameEvent, HexId, RuleHook, Side } from '../../types';
import { abandonConstruction } from '../blue-grey/breastworks-construction';
import { refuse } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import {
  knownParams,
  type HookSupport,
  type MovementHook,
  type MovementPhaseAccess,
} from './movement-hook';

const EDGES = ['north', 'east', 'south', 'west'];

export const flankMarchSupport: HookSupport = knownParams(
  [
    'side',
    'exitTurns',
    'maxUnits',
    'exitHexes',
    'returnTurn',
    'reentryHexes',
    'reentryEdge',
    'cost',
    'column',
    'overflowNextTurn',
    'stacking',
    'mayEnterEnemyZoc',
    'retreatOffMapEliminates',
    'laterExitEliminatedFromTurn',
  ],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    const turns = p.exitTurns;
    if (!Array.isArray(turns) || turns.length === 0 || !turns.every((t) => Number.isInteger(t)))
      return 'a flank march without "exitTurns"';
    if (!Number.isInteger(p.maxUnits) || (p.maxUnits as number) < 1)
      return `maxUnits ${String(p.maxUnits)}`;
    if (!Array.isArray(p.exitHexes) || p.exitHexes.length === 0)
      return 'a flank march without "exitHexes"';
    if (!Array.isArray(p.reentryHexes) || p.reentryHexes.length === 0)
      return 'a flank march without "reentryHexes"';
    const ret = (p.returnTurn ?? {}) as Record<string, unknown>;
    for (const t of turns as number[])
      if (!Number.isInteger(ret[String(t)]) || (ret[String(t)] as number) <= t)
        return `no return turn for units exited on Game-Turn ${t}`;
    if (p.reentryEdge !== undefined && !EDGES.includes(p.reentryEdge as string))
      return `reentryEdge ${JSON.stringify(p.reentryEdge)}`;
    if (p.cost !== undefined && (typeof p.cost !== 'number' || p.cost < 0))
      return `cost ${String(p.cost)}`;
    // These are the standard rules the engine applies anyway (5.0 column, 5.4, 6.32, 8.72): other values are not implemented.
    if (p.column !== undefined && p.column !== true) return 'column false';
    if (p.overflowNextTurn !== undefined && p.overflowNextTurn !== true)
      return 'overflowNextTurn false';
    if (p.stacking !== undefined && p.stacking !== 'normal')
      return `stacking "${String(p.stacking)}"`;
    if (p.mayEnterEnemyZoc !== undefined && p.mayEnterEnemyZoc !== true)
      return 'mayEnterEnemyZoc false';
    if (p.retreatOffMapEliminates !== undefined && p.retreatOffMapEliminates !== true)
      return 'retreatOffMapEliminates false';
    if (
      p.laterExitEliminatedFromTurn !== undefined &&
      p.laterExitEliminatedFromTurn !== Math.max(...(turns as number[])) + 1
    )
      return `laterExitEliminatedFromTurn ${String(p.laterExitEliminatedFromTurn)} (other than the turn after the last exit turn)`;
    return null;
  },
);

/** hookState entry: every unit that marched off, and when. */
export interface FlankMarchState {
  exits: Array<{ unit: string; hex: HexId; turn: number }>;
}

export function flankMarch(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const exitTurns = p.exitTurns as number[];
  const maxUnits = p.maxUnits as number;
  const exitHexes = new Set(p.exitHexes as HexId[]);
  const returnTurn = p.returnTurn as Record<string, number>;
  const reentry = p.reentryHexes as HexId[];
  const cost = ((p.cost as number | undefined) ?? 1) * 3;
  const key = hookKey(rule);
  const empty: FlankMarchState = { exits: [] };
  const marchOf = (state: GameState, id: string) =>
    hookStateOf<FlankMarchState>(state, key, empty).exits.find((e) => e.unit === id);

  /** Every path along which the unit may march off now (18.22). */
  const exitPaths = (state: GameState, unit: UnitState, access: MovementPhaseAccess): HexId[][] => {
    if (unit.status !== 'on-map' || unit.side !== side || !exitTurns.includes(state.turn))
      return [];
    if (hookStateOf<FlankMarchState>(state, key, empty).exits.length >= maxUnits) return [];
    const moves = access.movesOf(unit);
    if (moves.length === 0) return [];
    const out: HexId[][] = [];
    if (exitHexes.has(unit.hex!) && !access.inEnemyZoc(unit.hex!) && cost <= moves[0].allowance)
      out.push([]);
    for (const m of moves) {
      const end = m.path[m.path.length - 1];
      if (exitHexes.has(end) && !access.inEnemyZoc(end) && m.cost + cost <= m.allowance)
        out.push(m.path);
    }
    return out;
  };

  return {
    hook: rule.hook,
    case: rule.case,
    orderTypes: ['flank-march'],
    movementOrders(_ctx, state, s, access) {
      if (s !== side) return [];
      const orders: Order[] = [];
      for (const id in state.units) {
        const u = state.units[id];
        if (u.side !== side || u.status !== 'on-map' || !('id' in access.unitRefusal(id))) continue;
        for (const path of exitPaths(state, u, access))
          orders.push({ type: 'flank-march', unit: id, path });
      }
      return orders;
    },
    applyMovementOrder(ctx, state, s, o, access): ApplyResult {
      const u = access.unitRefusal(o.unit);
      if (!('id' in u)) return { ok: false, refusal: u };
      if (!Array.isArray(o.path) || !o.path.every((h) => typeof h === 'string'))
        return refuse(
          'BAD_ORDER',
          rule.case,
          'flank-march needs a path: a list of hex labels (empty to leave from where the unit stands)',
        );
      if (u.side !== side || s !== side)
        return refuse('EXIT_NOT_ALLOWED', rule.case, `only ${side} units make the flank march`);
      if (u.status !== 'on-map')
        return refuse('NOT_ON_MAP', rule.case, `${u.id} is not on the map`);
      if (!exitTurns.includes(state.turn))
        return refuse(
          'FLANK_MARCH_CLOSED',
          rule.case,
          `units may march off at ${[...exitHexes].join(', ')} only on Game-Turns ${exitTurns.join(', ')}`,
        );
      const done = hookStateOf<FlankMarchState>(state, key, empty).exits.length;
      if (done >= maxUnits)
        return refuse(
          'FLANK_MARCH_FULL',
          rule.case,
          `a combined total of only ${maxUnits} units may march off, and ${done} have`,
        );
      const path = o.path as HexId[];
      const end = path.length > 0 ? path[path.length - 1] : u.hex!;
      if (!exitHexes.has(end))
        return refuse(
          'EXIT_NOT_ALLOWED',
          rule.case,
          `the flank march leaves the map only at ${[...exitHexes].join(', ')}; ${end} is not one of them`,
        );
      if (
        !exitPaths(state, u, access).some(
          (q) => q.length === path.length && q.every((h, i) => h === path[i]),
        )
      )
        return refuse(
          'EXIT_NOT_ALLOWED',
          rule.case,
          `${u.id} cannot march off along that path: it must be a legal move to the exit hex leaving ${cost / 3} MP to leave the map, not ending in an Enemy Zone of Control`,
        );
      let next = state;
      const events: GameEvent[] = [];
      if (u.markers.buildingBreastworks) {
        const a = abandonConstruction(next, u.id);
        next = a.state;
        events.push(...a.events);
      }
      let objectives = next.objectives;
      for (const h of path) {
        if (ctx.objectiveHexes.has(h) && objectives[h] !== u.side) {
          objectives = { ...objectives, [h]: u.side };
          events.push({ type: 'objective-occupied', hex: h, side: u.side, rule: '18.31' });
        }
      }
      const hs = hookStateOf<FlankMarchState>(next, key, empty);
      next = withHookState(next, key, {
        exits: [...hs.exits, { unit: u.id, hex: end, turn: state.turn }],
      });
      next = {
        ...next,
        objectives,
        movement: { ...next.movement!, moved: [...next.movement!.moved, u.id] },
        units: { ...next.units, [u.id]: { ...next.units[u.id], status: 'pending', hex: null } },
      };
      const back = returnTurn[String(state.turn)];
      events.push({
        type: 'exited-map',
        unit: u.id,
        from: u.hex,
        path,
        hex: end,
        returnsOnTurn: back,
        rule: rule.case,
      });
      return { ok: true, state: next, events };
    },
    arrival(_ctx, state, unit) {
      const m = unit.status === 'pending' ? marchOf(state, unit.id) : undefined;
      return m ? { turn: returnTurn[String(m.turn)], entry: reentry, case: rule.case } : null;
    },
    entryHexes(_ctx, state, unit, standard) {
      // 18.24: between the re-entry hexes only, whatever 5.5 would add.
      return marchOf(state, unit.id) ? reentry : standard;
    },
  };
}
