/**
 * 1975 Line of Sight for bombardment (O8.31-O8.35): a straight line between
 * hex centres, blocked by any intervening forest (with or without rough) or
 * town hex; a line running exactly along a hexside is blocked only if both
 * hexes beside it block. Rough alone never blocks, the firer's and target's
 * hexes never block, units never block, and there are no elevations.
 */
import type { TerrainMap } from '../../map';
import type { HexId } from '../../types';

/** O8.33: forest, forest & rough, and town hexes are the only blocking hexes. */
export function classicBlocks(map: TerrainMap, hex: HexId | null): boolean {
  if (hex === null) return false;
  const t = map.hex(hex).terrain;
  return t === 'forest' || t === 'forest-rough' || t === 'town';
}

export function classicLineOfSight(map: TerrainMap, from: HexId, to: HexId): boolean {
  const grid = map.grid;
  if (grid.distance(from, to) <= 1) return true;
  const path = grid.lineOfSight(from, to);
  if (path.hexes.some((h) => classicBlocks(map, h))) return false; // O8.31
  return !path.alongHexsides.some(([p, q]) => classicBlocks(map, p) && classicBlocks(map, q)); // O8.32
}
