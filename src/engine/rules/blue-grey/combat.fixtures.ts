/**
 * Hand-made maps for the combat tests: a small flat-topped sheet, columns
 * and rows 01..08, odd columns shifted, north at the top. Terrain and
 * hexsides are given per test.
 */
import { TerrainMap } from '../../map';
import type { HexSpec, HexsideSpec, MapDocument, RouteSpec } from '../../types';

export function testMapDoc(
  hexes: Record<string, HexSpec> = {},
  hexsides: HexsideSpec[] = [],
  routes: RouteSpec[] = [],
  size = 8,
): MapDocument {
  return {
    id: 'combat-test',
    title: 'Combat test sheet',
    provenance: 'reconstructed from the rules text',
    grid: {
      orientation: 'flat',
      shifted: 'odd',
      columns: { first: 1, last: size },
      rows: { first: 1, last: size },
      top: 'north',
    },
    defaultHex: { terrain: 'clear', level: 1 },
    hexes,
    hexsides,
    routes,
  };
}

export function testMap(hexes: Record<string, HexSpec> = {}, hexsides: HexsideSpec[] = []): TerrainMap {
  return new TerrainMap(testMapDoc(hexes, hexsides));
}
