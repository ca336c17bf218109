/**
 * Strategic rail moves (seed 002, 9.1, 9.2, 9.4, 9.611, 5.4, 8.1; notes
 * §4.8). A rail move is a Strategic Move: a unit that begins on a friendly
 * rail line moves any distance along friendly rail lines and ends on one,
 * never into or through an enemy-controlled rail hex, never attacking
 * (9.2). Friendly is fixed at the beginning of the Movement Phase (8.1: no
 * moving into an enemy hex and railing to it the same phase).
 *
 * - 9.1: a side controls the rail lines of its Home Territory unless the
 *   enemy controls them; the CSA never moves along Northern lines; the USA
 *   moves along CSA lines only where every rail hex is occupied by a USA
 *   unit (that is, USA-controlled at the phase's start: an unoccupied CSA
 *   hex is the CSA's).
 * - 9.4: each change of gauge costs one more Strategic Move, unless the move
 *   ends in the junction hex.
 * - 9.611: the Washington-Alexandria link exists from January 1862 (the
 *   map's line `from`), or six months after the USA began its continuous
 *   occupation of Alexandria (the line's `heldFor`, state.heldSince kept
 *   by control.ts whenever control is evaluated).
 *
 * - 9.3: an off-board rail move goes from a friendly supply hex (the side's
 *   own, 11.3) to another for one Strategic Move, one more between different
 *   map edges (A10); it combines with rail legs, each paid.
 * - 9.5: rail and naval legs (naval.ts) combine, each switch one Strategic
 *   Move: every leg costs one.
 */
import type { BlockMapDocument, BlockMapRail } from '../map';
import { controller, occupants } from './control';
import { navalDestinations } from './naval';
import type { CampaignMap } from './terrain';
import type { CampaignBlock, CampaignState, Side } from './types';
import { otherSide } from './types';

interface RailEdge {
  to: string;
  gauge: 'standard' | 'broad';
  from?: string;
  heldFor?: BlockMapRail['heldFor'];
}

const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));

/** 9.611: a line with a `from` month exists from it, or after its `heldFor` occupation. */
function lineExists(state: CampaignState, e: RailEdge): boolean {
  if (e.from === undefined || e.from <= state.month) return true;
  if (!e.heldFor) return false;
  const since = state.heldSince[e.heldFor.hex];
  return since !== undefined && monthIndex(state.month) - monthIndex(since) >= e.heldFor.months;
}

const GRAPHS = new WeakMap<BlockMapDocument, Map<string, RailEdge[]>>();

/** The rail graph of a map: each hex's rail neighbours along its lines. */
export function railGraph(doc: BlockMapDocument): Map<string, RailEdge[]> {
  let g = GRAPHS.get(doc);
  if (g) return g;
  g = new Map();
  const add = (a: string, e: RailEdge) => {
    const list = g!.get(a) ?? [];
    if (!list.some((x) => x.to === e.to && x.gauge === e.gauge && x.from === e.from)) list.push(e);
    g!.set(a, list);
  };
  for (const line of doc.rails)
    for (let i = 1; i < line.hexes.length; i++) {
      const [a, b] = [line.hexes[i - 1], line.hexes[i]];
      if (a === b) continue;
      const extra = {
        ...(line.from ? { from: line.from } : {}),
        ...(line.heldFor ? { heldFor: line.heldFor } : {}),
      };
      add(a, { to: b, gauge: line.gauge, ...extra });
      add(b, { to: a, gauge: line.gauge, ...extra });
    }
  for (const list of g.values())
    list.sort((x, y) => (x.to !== y.to ? (x.to < y.to ? -1 : 1) : x.gauge < y.gauge ? -1 : 1));
  GRAPHS.set(doc, g);
  return g;
}

/** 9.1, 9.2, 8.1: may `side` move by rail through `hex` this phase? */
export function railFriendly(
  state: CampaignState,
  doc: BlockMapDocument,
  side: Side,
  hex: string,
): boolean {
  if (controller(state, doc, hex) !== side) return false;
  // 9.1: the CSA never uses Northern lines.
  return side === 'union' || doc.hexes[hex]?.home === 'confederate';
}

export interface RailOption {
  to: string;
  /**
   * Strategic Moves it costs: one per leg (a rail leg, an off-board rail
   * move 9.3, a naval leg 9.5), plus one per change of gauge (9.4) and one
   * per off-board move between supply hexes on different map edges (A10).
   */
  cost: number;
}

type Mode = 'standard' | 'broad' | 'sea' | 'off';

/** 9.3, 11.3: the side's own supply hexes it controls (off-board rail connects them). */
function friendlySupplyHexes(state: CampaignState, doc: BlockMapDocument, side: Side): string[] {
  return [...new Set(doc.supply.filter((x) => x.side === side).map((x) => x.hex))]
    .filter((h) => controller(state, doc, h) === side)
    .sort();
}

/**
 * Every rail move `b` may make with the Strategic Moves left, the cheapest
 * per destination: rail legs along friendly lines (9.1, 9.2, 9.4), combined
 * with off-board rail moves between friendly supply hexes (9.3) and naval
 * legs between friendly ports (9.5, naval.ts), each leg one Strategic Move.
 * A port a Naval Move reaches (10.3) is not listed here: that move is as
 * cheap as any (one Strategic Move) and the same.
 */
export function railOptions(
  state: CampaignState,
  map: CampaignMap,
  b: CampaignBlock,
  occ = occupants(state),
): RailOption[] {
  const doc = map.doc;
  const graph = railGraph(doc);
  const start = b.hex;
  const budget = state.strategicMoves;
  if (start === null || b.moved || budget < 1) return [];
  const enemy = otherSide(b.side);
  const open = (h: string) => railFriendly(state, doc, b.side, h) && !occ.get(h)?.has(enemy);
  const supply = friendlySupplyHexes(state, doc, b.side).filter((h) => !occ.get(h)?.has(enemy));
  const edges = (h: string) => map.grid.edgesOf(h);
  const sameEdge = (x: string, y: string) => edges(x).some((e) => edges(y).includes(e));
  const sailCache = new Map<string, string[]>();
  const sail = (h: string) => {
    let to = sailCache.get(h);
    if (!to) sailCache.set(h, (to = navalDestinations(state, map, b.side, h, occ)));
    return to;
  };
  // Dijkstra over (hex, mode, whether a rail or off-board leg was used); costs are small
  // integers, so buckets by cost.
  const best = new Map<string, number>();
  const buckets: Array<Array<[string, Mode, boolean]>> = Array.from(
    { length: budget + 1 },
    () => [],
  );
  const reach = new Map<string, number>();
  /** Arriving in `h` by a leg of `mode`; `land`: a rail or off-board leg was used (else it is a Naval Move). */
  const arrive = (h: string, mode: Mode, land: boolean, cost: number) => {
    if (cost > budget) return;
    if (h !== start && land && cost < (reach.get(h) ?? Infinity)) reach.set(h, cost);
    push(h, mode, land, cost);
  };
  const push = (h: string, mode: Mode, land: boolean, cost: number) => {
    if (cost > budget) return;
    const k = `${h}|${mode}|${land}`;
    if ((best.get(k) ?? Infinity) <= cost) return;
    best.set(k, cost);
    buckets[cost].push([h, mode, land]);
  };
  /** A new leg from `h` (the start, or where the last leg ended), one Strategic Move more. */
  const newLegs = (h: string, mode: Mode | null, land: boolean, cost: number) => {
    if (
      mode !== 'standard' &&
      mode !== 'broad' &&
      graph.has(h) &&
      railFriendly(state, doc, b.side, h)
    )
      for (const gauge of new Set((graph.get(h) ?? []).map((e) => e.gauge)))
        push(h, gauge, true, cost + 1);
    // 9.5: a naval leg between friendly ports.
    if (mode !== 'sea') for (const to of sail(h)) arrive(to, 'sea', land, cost + 1);
    // 9.3: an off-board rail move between friendly supply hexes; A10: +1 between map edges.
    if (mode !== 'off' && supply.includes(h))
      for (const to of supply)
        if (to !== h) arrive(to, 'off', true, cost + 1 + (sameEdge(h, to) ? 0 : 1));
  };
  newLegs(start, null, false, 0);
  for (let cost = 1; cost <= budget; cost++) {
    const queue = buckets[cost];
    while (queue.length > 0) {
      const [h, mode, land] = queue.shift()!;
      if ((best.get(`${h}|${mode}|${land}`) ?? Infinity) < cost) continue;
      if (mode === 'standard' || mode === 'broad')
        for (const e of graph.get(h) ?? []) {
          if (!lineExists(state, e)) continue; // 9.611
          if (!open(e.to)) continue;
          // 9.4: a change of gauge costs one more; ending in the junction needs none.
          arrive(e.to, e.gauge, true, e.gauge === mode ? cost : cost + 1);
        }
      newLegs(h, mode, land, cost);
    }
  }
  // A port a Naval Move reaches (one Strategic Move) is that move's, never a dearer rail one's.
  const byWater = new Set(sail(start));
  return [...reach]
    .filter(([to]) => !byWater.has(to))
    .map(([to, cost]) => ({ to, cost }))
    .sort((x, y) => (x.to < y.to ? -1 : x.to > y.to ? 1 : 0));
}
