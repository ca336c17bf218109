/**
 * Line of Sight for bombardment (9.3), revised 2nd edition, with elevation.
 *
 * Elevation (9.33–9.35, A34): clear terrain sits at its printed level (1, 2
 * or 3); rough and forest/woods-rough are elevated, at least level 2; every
 * other hex sits at its level (default 1). Blocking terrain is forest/woods
 * (with or without rough) and town/urban.
 *
 * An intervening hex blocks when
 *   - it is blocking terrain at the same or a higher elevation than either
 *     end, i.e. at or above the lower end (9.33; so between two elevated
 *     ends, lower blocking terrain is ignored, 9.34); or
 *   - it is higher than both ends (9.35: an elevated hex between non-elevated
 *     ones, level 3 between elevated ones).
 * A line along a hexside is blocked only if both hexes beside it block (9.32).
 * The firer's and target's hexes and hexsides never block (9.36); a ridge
 * hexside blocks unless it is a side of either end hex (9.36), and a line
 * running along a ridge hexside crosses it (A34). Units never block (9.37).
 */
import type { TerrainMap } from '../../map';
import type { HexId } from '../../types';

/** 9.34, A34: the elevation of a hex for Line of Sight. */
export function elevation(map: TerrainMap, hex: HexId): number {
  const spec = map.hex(hex);
  const level = spec.level ?? 1;
  if (spec.terrain === 'rough' || spec.terrain === 'forest-rough') return Math.max(2, level);
  return level;
}

/** 9.33: forest/woods (with or without rough) and town/urban are blocking terrain. */
export function isBlockingTerrain(map: TerrainMap, hex: HexId): boolean {
  const t = map.hex(hex).terrain;
  return t === 'forest' || t === 'forest-rough' || t === 'town';
}

/** Whether one intervening hex blocks the line between ends at elevations eF and eT. */
export function hexBlocks(map: TerrainMap, hex: HexId | null, eF: number, eT: number): boolean {
  if (hex === null) return false;
  const e = elevation(map, hex);
  if (isBlockingTerrain(map, hex) && e >= Math.min(eF, eT)) return true; // 9.33, 9.34
  return e > Math.max(eF, eT); // 9.35
}

export interface LineOfSightVerdict {
  clear: boolean;
  /** Why it is blocked, for the refusal message. */
  blockedBy?: { hex?: HexId; hexside?: [HexId | null, HexId | null]; ridge?: [HexId, HexId] };
}

/** 9.31–9.37: can a unit in `from` see `to`? Adjacent hexes always see each other. */
export function lineOfSight(map: TerrainMap, from: HexId, to: HexId): LineOfSightVerdict {
  const grid = map.grid;
  if (grid.distance(from, to) <= 1) return { clear: true };
  const eF = elevation(map, from);
  const eT = elevation(map, to);
  const path = grid.lineOfSight(from, to);
  for (const h of path.hexes) {
    if (hexBlocks(map, h, eF, eT)) return { clear: false, blockedBy: { hex: h } };
  }
  for (const [p, q] of path.alongHexsides) {
    if (hexBlocks(map, p, eF, eT) && hexBlocks(map, q, eF, eT))
      return { clear: false, blockedBy: { hexside: [p, q] } };
    // A34: running along a ridge hexside crosses it (9.36: never a side of either end here).
    if (
      p !== null &&
      q !== null &&
      map.hexsideHas(p, q, 'ridge') &&
      !touchesEnd(grid, p, q, from, to)
    ) {
      return { clear: false, blockedBy: { ridge: [p, q] } };
    }
  }
  for (const [a, b] of crossedHexsides(map, from, to)) {
    if (!map.hexsideHas(a, b, 'ridge')) continue;
    if (touchesEnd(grid, a, b, from, to)) continue; // 9.36
    return { clear: false, blockedBy: { ridge: [a, b] } };
  }
  return { clear: true };
}

function touchesEnd(grid: TerrainMap['grid'], a: HexId, b: HexId, from: HexId, to: HexId): boolean {
  return a === from || b === from || a === to || b === to;
}

/**
 * The hexsides the line passes through, in order from the firer: between
 * consecutive hexes it crosses. Stations (crossed hexes, or pairs where it
 * runs along a hexside) lie at distances 1..n−1 from the firer; a station
 * that is a pair is entered and left through vertices, so only consecutive
 * single hexes are joined by a crossed hexside.
 */
export function crossedHexsides(map: TerrainMap, from: HexId, to: HexId): Array<[HexId, HexId]> {
  const grid = map.grid;
  const n = grid.distance(from, to);
  if (n <= 1) return [];
  const path = grid.lineOfSight(from, to);
  const stations: Array<HexId | null> = new Array(n + 1).fill(null);
  stations[0] = from;
  stations[n] = to;
  for (const h of path.hexes) stations[grid.distance(from, h)] = h;
  const out: Array<[HexId, HexId]> = [];
  for (let i = 0; i < n; i++) {
    const a = stations[i];
    const b = stations[i + 1];
    if (a !== null && b !== null && grid.adjacent(a, b)) out.push([a, b]);
  }
  return out;
}

/**
 * A21: the hexside(s) of the target hex a bombardment comes through: the
 * side facing the last hex the line crosses, or both sides beside the
 * hexside the line runs along into the target's vertex. Adjacent: the shared
 * hexside.
 */
export function entryHexsides(map: TerrainMap, from: HexId, to: HexId): HexId[] {
  const grid = map.grid;
  const n = grid.distance(from, to);
  if (n <= 1) return [from];
  const path = grid.lineOfSight(from, to);
  const near = (h: HexId | null): h is HexId =>
    h !== null && grid.distance(from, h) === n - 1 && grid.adjacent(h, to);
  const single = path.hexes.filter(near);
  if (single.length > 0) return single;
  const out: HexId[] = [];
  for (const [p, q] of path.alongHexsides) {
    if (near(p)) out.push(p);
    if (near(q)) out.push(q);
  }
  return out;
}
