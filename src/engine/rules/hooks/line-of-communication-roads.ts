/**
 * Lines of Communication along roads (battles.md §17 rank 8), the two forms
 * of the line-of-communication hook that carry a `purpose`.
 *
 * Chickamauga 21.31 (printed [20.31]): "The Confederate Player must be able
 * to trace a Line of Communications represented by a series of contiguous
 * road hexes from hex 0101 or 0111 leading off the eastern edge of the map
 * sheet in order to garner the Victory Points for exiting units toward
 * Chattanooga. This road must be free of Union units at the end of the game.
 * Note that it can pass through Union Zones of Control as long as it is not
 * physically blocked by a Union unit."
 *
 * Chickamauga 21.32: "Any Union units, including all Reinforcement units
 * that have failed to enter the map sheet, which cannot trace a Line of
 * Communications at the end of the game are considered eliminated for the
 * purposes of Victory Conditions. This Line of Communications is represented
 * by a path from the unit or, if an un-entered Reinforcement unit from hex
 * 0718 [read 0728] or 1027, no more than ten hexes in length to a road which,
 * via a series of contiguous road hexes, leads off the map sheet at hex 0101
 * or 0111. Again, this path may pass through Enemy Zones of Control but not
 * an Enemy unit."
 *
 * Readings:
 * - "contiguous road hexes": hexes joined through a hexside a route of one
 *   of the `along` types crosses (the map's routes, 6.22), not hexes that
 *   merely both hold a road;
 * - exit-points: a road chain from one of `fromHexes` to a hex where a route
 *   of those types ends on the `toEdge` map edge (it leads off there), every
 *   hex of it, both ends included, free of enemy units; Zones of Control do
 *   not block. The answer is VictoryInputs.exitLineOfCommunication[side];
 * - count-as-eliminated: the road network that leads off at
 *   `toRoadLeadingOffAtHexes` is the road hexes joined by road to one of them
 *   through hexes free of enemy units (a road blocked by an enemy unit no
 *   longer leads off); the path from the unit runs from a hex adjacent to it
 *   (its own hex is not part of it) to one of those road hexes, itself
 *   included, through at most `maxLength` hexes free of enemy units and of
 *   prohibited terrain (6.27); a unit in such a road hex has one. Unentered
 *   reinforcements trace as if they stood in one of
 *   `unenteredReinforcementsFromHexes` (any of them will do). Their strength,
 *   with that of units on the map without a line, is
 *   VictoryInputs.withoutLineOfCommunication[side];
 * - exited and eliminated units are not checked.
 *
 * params (exit-points): { side: Side, purpose: "exit-points", fromHexes: HexId[], along: RouteType[],
 *                         toEdge: compass edge, blockedBy: "enemy-units", enemyZocBlocks: false, when?: "end-of-game" }
 *
 * Road to Richmond 22.21: "A Line of Communication is defined as a series of
 * contiguous hexes from 0117 to hex 1528 inclusive completely along roads or
 * trails that are connected at junctions of the roads or trails. This path
 * of hexes must be free of Enemy units at the end of the game. Note that it
 * can pass through Enemy Zones of Control ..." Reading: exit-points with
 * `toHexes` in place of `toEdge` (the chain must reach one of them, both ends
 * included, free of enemy units), traced for each side (side "both": each
 * side's line free of the other's units).
 *
 * params (exit-points, Road to Richmond): { side: Side | "both", purpose: "exit-points", fromHexes, along,
 *                         toHexes: HexId[], blockedBy: "enemy-units", enemyZocBlocks: false, when?: "end-of-game" }
 * params (count-as-eliminated): { side: Side, purpose: "count-as-eliminated", maxLength: number,
 *                         toRoadLeadingOffAtHexes: HexId[], along?: RouteType[] (default road),
 *                         unenteredReinforcementsFromHexes?: HexId[], blockedBy: "enemy-units",
 *                         enemyZocBlocks: false, when?: "end-of-game" }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { HexId, RouteType, RuleHook, Side } from '../../types';
import { PROHIBITED } from '../blue-grey/terrain-costs';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { lineFromNeighbour } from './supply-line';

const EDGES = ['north', 'east', 'south', 'west'];
const ROUTES = ['turnpike', 'road', 'railway', 'trail', 'sunken-road'];

const exitPointsSupport = knownParams(
  [
    'side',
    'purpose',
    'fromHexes',
    'along',
    'toEdge',
    'toHexes',
    'blockedBy',
    'enemyZocBlocks',
    'when',
  ],
  (p) => {
    if (
      p.side !== 'union' &&
      p.side !== 'confederate' &&
      !(p.side === 'both' && p.toHexes !== undefined)
    )
      return 'a "side"';
    if (!Array.isArray(p.fromHexes) || p.fromHexes.length === 0)
      return 'an exit-points line without "fromHexes"';
    if (
      !Array.isArray(p.along) ||
      p.along.length === 0 ||
      p.along.some((r) => !ROUTES.includes(r as string))
    )
      return `along ${JSON.stringify(p.along)}`;
    if (p.toHexes !== undefined) {
      if (p.toEdge !== undefined) return 'both "toEdge" and "toHexes"';
      if (!Array.isArray(p.toHexes) || p.toHexes.length === 0)
        return `toHexes ${JSON.stringify(p.toHexes)}`;
      return null;
    }
    if (!EDGES.includes(p.toEdge as string)) return `toEdge ${JSON.stringify(p.toEdge)}`;
    return null;
  },
);

const countAsEliminatedSupport = knownParams(
  [
    'side',
    'purpose',
    'maxLength',
    'toRoadLeadingOffAtHexes',
    'along',
    'unenteredReinforcementsFromHexes',
    'blockedBy',
    'enemyZocBlocks',
    'when',
  ],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    if (typeof p.maxLength !== 'number' || !Number.isInteger(p.maxLength) || p.maxLength < 1)
      return `maxLength ${JSON.stringify(p.maxLength)}`;
    if (!Array.isArray(p.toRoadLeadingOffAtHexes) || p.toRoadLeadingOffAtHexes.length === 0)
      return 'a line without "toRoadLeadingOffAtHexes"';
    if (
      p.along !== undefined &&
      (!Array.isArray(p.along) || p.along.some((r) => !ROUTES.includes(r as string)))
    )
      return `along ${JSON.stringify(p.along)}`;
    return null;
  },
);

/** Why the engine cannot play a declaration with a `purpose`, or null. */
export const roadLineSupport: HookSupport = (rule) => {
  const p = rule.params ?? {};
  if (p.when !== undefined && p.when !== 'end-of-game') return `when "${String(p.when)}"`;
  // 21.31/21.32: only Enemy units block; Zones of Control do not.
  if (p.blockedBy !== 'enemy-units') return `blockedBy ${JSON.stringify(p.blockedBy)}`;
  if (p.enemyZocBlocks !== false) return `enemyZocBlocks ${JSON.stringify(p.enemyZocBlocks)}`;
  if (p.purpose === 'exit-points') return exitPointsSupport(rule);
  if (p.purpose === 'count-as-eliminated') return countAsEliminatedSupport(rule);
  return `purpose ${JSON.stringify(p.purpose)}`;
};

/** Hexes holding units of the enemies of `side` (board indices). */
function enemyUnitsAt(ctx: GameContext, state: GameState, side: Side): Uint8Array {
  const at = new Uint8Array(ctx.board.size);
  for (const id in state.units) {
    const u = state.units[id];
    if (u.side === side || u.status !== 'on-map' || u.hex === null) continue;
    if (ctx.unitSpecs.get(id)?.type === 'gunboat') continue;
    const i = ctx.board.index.get(u.hex);
    if (i !== undefined) at[i] = 1;
  }
  return at;
}

/** Every hex joined by `along` routes to one of `from`, through hexes `free` allows (from included, if free). */
function roadChain(
  ctx: GameContext,
  from: readonly HexId[],
  along: readonly RouteType[],
  free: (h: HexId) => boolean,
): Set<HexId> {
  const seen = new Set<HexId>();
  const queue: HexId[] = [];
  for (const h of from) {
    if (!ctx.map.has(h) || !free(h) || seen.has(h)) continue;
    seen.add(h);
    queue.push(h);
  }
  while (queue.length > 0) {
    const h = queue.shift()!;
    for (const n of ctx.map.grid.neighbours(h)) {
      if (seen.has(n) || !free(n)) continue;
      if (!ctx.map.routesBetween(h, n).some((r) => along.includes(r))) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return seen;
}

export function roadLine(rule: RuleHook): MovementHook & {
  exitLineHolds?(ctx: GameContext, state: GameState): boolean;
  unitsWithout?(ctx: GameContext, state: GameState): string[];
} {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const along = ((p.along as RouteType[]) ?? ['road']) as RouteType[];

  if (p.purpose === 'exit-points') {
    const fromHexes = p.fromHexes as HexId[];
    const edge = p.toEdge as string;
    const edgeExits = (ctx: GameContext): Set<HexId> => {
      const out = new Set<HexId>();
      for (const r of ctx.map.doc.routes) {
        if (!along.includes(r.type)) continue;
        for (const h of [r.hexes[0], r.hexes[r.hexes.length - 1]])
          if (ctx.map.has(h) && ctx.map.grid.edgesOf(h).includes(edge as never)) out.add(h);
      }
      return out;
    };
    const toHexes = (p.toHexes as HexId[] | undefined) ?? null;
    const lineOf = (ctx: GameContext, state: GameState, s: Side): boolean => {
      const enemy = enemyUnitsAt(ctx, state, s);
      const free = (h: HexId) => !enemy[ctx.board.index.get(h)!];
      const chain = roadChain(ctx, fromHexes, along, free);
      for (const h of toHexes ?? edgeExits(ctx)) if (chain.has(h)) return true;
      return false;
    };
    const exitLineHolds = (ctx: GameContext, state: GameState): boolean => lineOf(ctx, state, side);
    return {
      hook: rule.hook,
      case: rule.case,
      exitLineHolds,
      victoryInputs(ctx, state) {
        if ((p.side as string) === 'both')
          return {
            exitLineOfCommunication: {
              union: lineOf(ctx, state, 'union'),
              confederate: lineOf(ctx, state, 'confederate'),
            },
          };
        return { exitLineOfCommunication: { [side]: exitLineHolds(ctx, state) } };
      },
    };
  }

  const maxLength = p.maxLength as number;
  const leadOff = p.toRoadLeadingOffAtHexes as HexId[];
  const fromEntry = (p.unenteredReinforcementsFromHexes as HexId[] | undefined) ?? null;
  /** 1 where a path of at most maxLength hexes, this hex included, reaches the road network that leads off. */
  const reachedFrom = (
    ctx: GameContext,
    state: GameState,
  ): { reached: Uint8Array; roads: Set<HexId> } => {
    const b = ctx.board;
    const enemy = enemyUnitsAt(ctx, state, side);
    const roads = roadChain(ctx, leadOff, along, (h) => !enemy[b.index.get(h)!]);
    const reached = new Uint8Array(b.size);
    let frontier: number[] = [];
    for (const h of roads) {
      const i = b.index.get(h)!;
      reached[i] = 1;
      frontier.push(i);
    }
    for (let depth = 1; depth < maxLength && frontier.length > 0; depth++) {
      const next: number[] = [];
      for (const i of frontier) {
        for (let d = 0; d < 6; d++) {
          const j = b.nbr[i * 6 + d];
          if (
            j < 0 ||
            reached[j] ||
            b.side[i * 6 + d] === PROHIBITED ||
            b.enter[0][j] === PROHIBITED ||
            enemy[j]
          )
            continue;
          reached[j] = 1;
          next.push(j);
        }
      }
      frontier = next;
    }
    return { reached, roads };
  };
  const hasLineFrom = (
    ctx: GameContext,
    t: { reached: Uint8Array; roads: Set<HexId> },
    hex: HexId,
  ): boolean => lineFromNeighbour(ctx, t.reached, t.roads, hex);
  const unitsWithout = (ctx: GameContext, state: GameState): string[] => {
    const t = reachedFrom(ctx, state);
    const entryOk = fromEntry ? fromEntry.some((h) => hasLineFrom(ctx, t, h)) : true;
    const out: string[] = [];
    for (const id in state.units) {
      const u = state.units[id];
      if (u.side !== side || ctx.unitSpecs.get(id)?.type === 'gunboat') continue;
      if (u.status === 'pending') {
        if (fromEntry && !entryOk) out.push(id);
        continue;
      }
      if (u.status !== 'on-map' || u.hex === null) continue;
      if (!hasLineFrom(ctx, t, u.hex)) out.push(id);
    }
    return out.sort();
  };
  return {
    hook: rule.hook,
    case: rule.case,
    unitsWithout,
    victoryInputs(ctx, state) {
      const cut: Record<Side, number> = { union: 0, confederate: 0 };
      for (const id of unitsWithout(ctx, state)) cut[side] += state.units[id].strength;
      return { withoutLineOfCommunication: cut };
    },
  };
}
