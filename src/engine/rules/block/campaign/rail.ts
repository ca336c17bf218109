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
 *   map's line `from`); its other condition (six months of continuous USA
 *   occupation of Alexandria) is not tracked yet, and cannot come earlier
 *   in a game begun in July 1861 with Alexandria in USA hands.
 *
 * Not here: off-board rail moves between supply hexes (9.3), rail/naval
 * moves (9.5).
 */
import type { BlockMapDocument } from '../map';
import { controller, occupants } from './control';
import type { CampaignMap } from './terrain';
import type { CampaignBlock, CampaignState, Side } from './types';
import { otherSide } from './types';

interface RailEdge {
  to: string;
  gauge: 'standard' | 'broad';
  from?: string;
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
      const extra = line.from ? { from: line.from } : {};
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
  /** Strategic Moves it costs: 1, plus one per change of gauge (9.4). */
  cost: number;
}

/** Every rail move `b` may make with the Strategic Moves left (cheapest per destination). */
export function railOptions(
  state: CampaignState,
  map: CampaignMap,
  b: CampaignBlock,
  occ = occupants(state),
): RailOption[] {
  const doc = map.doc;
  const graph = railGraph(doc);
  const start = b.hex;
  if (start === null || b.moved || state.strategicMoves < 1) return [];
  if (!graph.has(start) || !railFriendly(state, doc, b.side, start)) return [];
  const enemy = otherSide(b.side);
  const open = (h: string) => railFriendly(state, doc, b.side, h) && !occ.get(h)?.has(enemy);
  // Dijkstra over (hex, gauge); costs are small integers, so buckets by cost.
  const best = new Map<string, number>();
  const key = (h: string, g: string) => `${h}|${g}`;
  let frontier: Array<[string, 'standard' | 'broad']> = [];
  for (const gauge of new Set((graph.get(start) ?? []).map((e) => e.gauge))) {
    best.set(key(start, gauge), 1);
    frontier.push([start, gauge]);
  }
  const reach = new Map<string, number>();
  for (let cost = 1; cost <= state.strategicMoves && frontier.length > 0; cost++) {
    const next: Array<[string, 'standard' | 'broad']> = [];
    const queue = [...frontier];
    while (queue.length > 0) {
      const [h, gauge] = queue.shift()!;
      if (h !== start && !reach.has(h)) reach.set(h, cost);
      for (const e of graph.get(h) ?? []) {
        if (e.from !== undefined && e.from > state.month) continue; // 9.611
        if (!open(e.to)) continue;
        const k = key(e.to, e.gauge);
        if (e.gauge === gauge) {
          if ((best.get(k) ?? Infinity) <= cost) continue;
          best.set(k, cost);
          queue.push([e.to, e.gauge]);
        } else if ((best.get(k) ?? Infinity) > cost + 1) {
          // 9.4: a change of gauge; ending in the junction needs none.
          best.set(k, cost + 1);
          next.push([e.to, e.gauge]);
        }
      }
    }
    frontier = next;
  }
  return [...reach]
    .map(([to, cost]) => ({ to, cost }))
    .sort((x, y) => (x.to < y.to ? -1 : x.to > y.to ? 1 : 0));
}
