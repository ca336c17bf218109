/**
 * Supply sources and supply lines (seed 002, 11.3, 11.31, 11.34, 11.4,
 * 11.41, 11.411, 11.42, 11.421, 11.2, 1.6, 1.7, 9.1; notes §6.2-6.4): which
 * hexes a side can supply now, and an unsupplied hex's Forage Limit. Read
 * by the Supply Phase (supply.ts), siege (siege.ts) and the replacements
 * (12.3: a step needs a supply line). The rules are set out in supply.ts.
 */
import { forageLimit } from '../data';
import type { BlockMapDocument } from '../map';
import { controller, occupants } from './control';
import { blockedNodes, navalGraph, reach, usableFor } from './naval';
import { railFriendly, railGraph } from './rail';
import type { CampaignMap } from './terrain';
import { traceable } from './terrain';
import type { CampaignState, Side } from './types';

/** 11.34: ports that are Supply Sources by themselves (map location ids), by theater and side. */
const PORT_SOURCES: Readonly<Record<string, Partial<Record<Side, readonly string[]>>>> = {
  east: { union: ['baltimore'] },
};

/** 11.3, 11.34: the side's Supply Sources now (sorted). */
export function supplySources(state: CampaignState, doc: BlockMapDocument, side: Side): string[] {
  const out = new Set<string>();
  for (const s of doc.supply) {
    // 11.3: in the side's Home Territory and friendly to it (8.1).
    if (doc.hexes[s.hex]?.home === side && controller(state, doc, s.hex) === side) out.add(s.hex);
  }
  for (const id of PORT_SOURCES[doc.theater]?.[side] ?? []) {
    const hex = doc.locations[id]?.hex;
    if (hex !== undefined && controller(state, doc, hex) === side) out.add(hex);
  }
  return [...out].sort();
}

/** 11.41, 9.1, 11.411: may `side` trace a supply line through `hex`? */
function lineHex(state: CampaignState, doc: BlockMapDocument, side: Side, hex: string): boolean {
  return railFriendly(state, doc, side, hex);
}

/**
 * 11.4, 11.41, 11.411: the hexes on a supply line of `side` traced from
 * `from` (its sources), along rail it controls and, for the CSA, the Valley
 * Turnpike. Sorted.
 */
export function supplyLine(
  state: CampaignState,
  map: CampaignMap,
  side: Side,
  from: readonly string[],
): string[] {
  const doc = map.doc;
  const graph = railGraph(doc);
  const seen = new Set<string>(from);
  const queue = [...from].sort();
  const pike = side === 'confederate' ? doc.turnpike.hexes : [];
  while (queue.length > 0) {
    const h = queue.shift()!;
    const next: string[] = [];
    for (const e of graph.get(h) ?? []) {
      if (e.from !== undefined && e.from > state.month) continue; // 9.611
      next.push(e.to);
    }
    // 11.411, 1.7: the CSA traces along the Turnpike as along a railroad.
    const i = pike.indexOf(h);
    if (i >= 0) next.push(...[pike[i - 1], pike[i + 1]].filter((x) => x !== undefined));
    for (const n of next) {
      if (seen.has(n) || !lineHex(state, doc, side, n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return [...seen].sort();
}

/** 11.4: the hexes supplied by a line: on it or adjacent across a traceable hexside (11.4 NOTE). */
function suppliedBy(state: CampaignState, map: CampaignMap, line: readonly string[]): Set<string> {
  const out = new Set<string>(line);
  for (const h of line)
    for (const n of map.neighbours(h)) if (traceable(map, h, n, state.weather)) out.add(n);
  return out;
}

/**
 * 11.4, 11.41, 11.42, 11.421: the hexes on `side`'s supply lines now, rail
 * and naval linked (sorted). A naval supply line runs between friendly
 * ports without passing an enemy-controlled port, on the waters the naval
 * geometry gives (naval.ts: the CSA only on the James and Appomattox, while
 * it holds Norfolk, notes §6.3); it joins the rail lines at ports on them,
 * and a port it reaches becomes a point of the line (11.34: Ft. Monroe, a
 * port without rail, is a source through a naval line to Baltimore).
 */
export function supplyNetwork(state: CampaignState, map: CampaignMap, side: Side): string[] {
  const doc = map.doc;
  let line = supplyLine(state, map, side, supplySources(state, doc, side));
  // 11.422: the Western rivers need the Western map (not built).
  if (doc.theater !== 'east') return line;
  const g = navalGraph(map);
  const usable = usableFor(state, map, g, side);
  if (!usable) return line;
  const blocked = blockedNodes(state, map, g, side, occupants(state), null);
  const friendly = [...g.ports].filter((p) => controller(state, doc, p) === side).sort();
  const sailed = new Set<string>();
  for (;;) {
    const on = new Set(line);
    const from = friendly.filter((p) => on.has(p) && !sailed.has(p));
    if (from.length === 0) return line;
    const reached = new Set<string>();
    for (const p of from) {
      sailed.add(p);
      for (const n of reach(g, p, blocked, usable)) reached.add(n);
    }
    const landed = friendly.filter((p) => !on.has(p) && g.access(p).some((n) => reached.has(n)));
    if (landed.length === 0) return line;
    line = supplyLine(state, map, side, [...line, ...landed]);
  }
}

/** 11.4: every hex supplied to `side` now: on or beside its supply lines. */
export function suppliedHexes(state: CampaignState, map: CampaignMap, side: Side): Set<string> {
  return suppliedBy(state, map, supplyNetwork(state, map, side));
}

const LOCATION_AT = new WeakMap<BlockMapDocument, Map<string, string>>();
/** The hex -> location id index of a map. */
function locationAt(doc: BlockMapDocument): Map<string, string> {
  let m = LOCATION_AT.get(doc);
  if (!m) {
    m = new Map();
    for (const id of Object.keys(doc.locations).sort()) m.set(doc.locations[id].hex, id);
    LOCATION_AT.set(doc, m);
  }
  return m;
}

/** 11.2: how many units an unsupplied hex holds in this weather. */
export function forageCapacity(state: CampaignState, doc: BlockMapDocument, hex: string): number {
  const h = doc.hexes[hex];
  const loc = doc.locations[locationAt(doc).get(hex) ?? ''];
  const settlement =
    loc?.settlement === 'city' || loc?.settlement === 'town' ? loc.settlement : null;
  // Units stand only on land (terrain.ts playable): water holds none.
  if (!h || h.terrain === 'water') return 0;
  return forageLimit(h.terrain, settlement, state.weather) ?? 0;
}
