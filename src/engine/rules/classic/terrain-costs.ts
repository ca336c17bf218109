/**
 * Movement costs of the 1975 Terrain Effects Chart (O9.0; the chart is in
 * the Chattanooga / Blue & Gray II folder, rules-editions.md 1.7) and O5.2.
 * Whole Movement Points: 1975 has no fractional costs.
 *
 *   clear 1, forest 3, rough 3, forest & rough 6, town 1, river ferry 3,
 *   pontoon 1, river never (O5.24);
 *   road hex to road hex through a road hexside: 1, whatever else is in the
 *   hex (O5.22); trail to trail: 2 into forest and/or rough, 1 into clear
 *   (O5.23, "ignore trails in clear terrain");
 *   creek hexsides only at a bridge (+0) or ford (+1) hexside (O5.25);
 *   redoubt hexsides no additional MP (TEC, Chattanooga 18.11).
 *
 * The map format is shared with the revised edition. Terrain the 1975 chart
 * does not have (swamp, lakes, ponds, bridge and ford hexes, streams, slopes,
 * ridges, sunken roads, entrenchments, turnpikes, railways, forts) makes a
 * map unplayable under these rules: `classicMapSupport` lists it, and a game
 * is refused rather than given guessed costs. Clear-terrain levels are
 * ignored: 1975 has no elevation (O8.33).
 */
import type { TerrainMap } from '../../map';
import type { HexTerrain, HexsideFeature } from '../../types';
import type { Board } from '../blue-grey/board';
import { CLASSIC_1975, ClassicParameters } from './parameters';

export const PROHIBITED = -1;

/** O5.21, TEC: Movement Points to enter a hex; PROHIBITED where no unit may go. */
export function classicHexCost(terrain: HexTerrain): number {
  switch (terrain) {
    case 'clear':
    case 'town':
    case 'pontoon':
      return 1;
    case 'forest':
    case 'rough':
    case 'ferry':
      return 3;
    case 'forest-rough':
      return 6;
    case 'river':
      return PROHIBITED;
    default:
      return PROHIBITED; // not on any 1975 map; refused by classicMapSupport
  }
}

/** O5.23: along a trail, 2 MP into forest and/or rough, else 1 MP. */
export function classicTrailCost(terrain: HexTerrain): number {
  const other = classicHexCost(terrain);
  if (other === PROHIBITED) return PROHIBITED;
  return terrain === 'forest' || terrain === 'rough' || terrain === 'forest-rough' ? 2 : 1;
}

/** O5.25, TEC: additional MP for a hexside, or PROHIBITED (creek or river without a bridge or ford). */
export function classicHexsideCost(
  features: readonly HexsideFeature[],
  p: ClassicParameters = CLASSIC_1975,
): number {
  let barrier = false;
  let crossing = false;
  let cost = 0;
  for (const f of features) {
    if (f.type === 'creek' || f.type === 'river') barrier = true;
    else if (f.type === 'bridge') {
      crossing = true;
      cost += p.bridgeHexsideMp;
    } else if (f.type === 'ford') {
      crossing = true;
      cost += p.fordHexsideMp;
    }
  }
  return barrier && !crossing ? PROHIBITED : cost;
}

const SUPPORTED_HEX: ReadonlySet<HexTerrain> = new Set([
  'clear',
  'forest',
  'rough',
  'forest-rough',
  'town',
  'river',
  'ferry',
  'pontoon',
]);
const SUPPORTED_SIDE: ReadonlySet<HexsideFeature['type']> = new Set([
  'creek',
  'river',
  'bridge',
  'ford',
  'redoubt',
]);

/** What on this map the 1975 rules cannot play (empty: playable). */
export function classicMapSupport(map: TerrainMap): string[] {
  const doc = map.doc;
  const out = new Set<string>();
  const hexes = [doc.defaultHex, ...Object.values(doc.hexes)];
  for (const h of hexes) {
    if (!SUPPORTED_HEX.has(h.terrain)) out.add(`${h.terrain} hexes`);
    if (h.fort) out.add('fort hexes');
    if (h.slope) out.add('slope hexes');
  }
  for (const s of doc.hexsides)
    for (const f of s.features) if (!SUPPORTED_SIDE.has(f.type)) out.add(`${f.type} hexsides`);
  for (const r of doc.routes)
    if (r.type !== 'road' && r.type !== 'trail') out.add(`${r.type} routes`);
  return [...out].sort();
}

/** The map as 1975 movement tables over the shared board indices. Built once per board. */
export interface ClassicBoard {
  /** MP to enter each hex. */
  enter: Int8Array;
  /** MP to enter each hex along a trail. */
  trail: Int8Array;
  /** size*6: hexside MP through direction d, PROHIBITED if not crossable. */
  side: Int8Array;
  /** size*6: 1 road, 2 trail (bits) joining the two hexes through their hexside. */
  route: Uint8Array;
}

const ROAD = 1;
const TRAIL = 2;
const cache = new WeakMap<Board, ClassicBoard>();

export function classicBoard(
  map: TerrainMap,
  board: Board,
  p: ClassicParameters = CLASSIC_1975,
): ClassicBoard {
  const hit = cache.get(board);
  if (hit) return hit;
  const n = board.size;
  const enter = new Int8Array(n);
  const trail = new Int8Array(n);
  const side = new Int8Array(n * 6);
  const route = new Uint8Array(n * 6);
  for (let i = 0; i < n; i++) {
    const t = map.hex(board.ids[i]).terrain;
    enter[i] = classicHexCost(t);
    trail[i] = classicTrailCost(t);
    for (let d = 0; d < 6; d++) {
      const j = board.nbr[i * 6 + d];
      if (j < 0) continue;
      const a = board.ids[i];
      const b = board.ids[j];
      side[i * 6 + d] = classicHexsideCost(map.hexside(a, b), p);
      for (const r of map.routesBetween(a, b))
        route[i * 6 + d] |= r === 'trail' ? TRAIL : r === 'road' ? ROAD : 0;
    }
  }
  const out = { enter, trail, side, route };
  cache.set(board, out);
  return out;
}

/** MP to step through hexside e (from hex i in direction d) into hex j: route rate if cheaper, plus the hexside. */
export function classicStepMp(cb: ClassicBoard, e: number, j: number): number {
  const base = cb.enter[j];
  if (base === PROHIBITED) return PROHIBITED;
  const s = cb.side[e];
  if (s === PROHIBITED) return PROHIBITED;
  let cost = base;
  if (cb.route[e] & ROAD) cost = Math.min(cost, 1); // O5.22
  if (cb.route[e] & TRAIL) cost = Math.min(cost, cb.trail[j]); // O5.23
  return cost + s;
}
