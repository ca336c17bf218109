/**
 * Builds scenarios/olustee/map.json: the Olustee (Ocean Pond) map
 * reconstructed from the rules text (seed 000 lines 7918-8126) and the
 * historical field of 20 February 1864. The printed map is not in the text,
 * so everything here except the facts the text states is reconstruction;
 * map.json's notes say which is which.
 *
 * Run: npx ts-node -T scenarios/olustee/build-map.ts
 * The committed map.json is what the service loads; this script is how it was
 * made and re-checked. It throws if any fact the text gives does not hold, and
 * test/unit/scenarios/olustee.spec.ts checks that map.json is its output.
 *
 * Grid: flat-topped hexes in vertical columns, "0101" top left, even columns
 * half a hex lower (SPI practice), columns 01-41 west to east, rows 01-22
 * north to south, north at the top.
 */
import { join } from 'path';
import { HexGrid } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { HexSpec, MapDocument, RouteSpec } from '../../src/engine/types';
import {
  FactChecks,
  checkRoutes,
  col,
  hexTable,
  path as linePath,
  reconstructedMap,
  row,
  spiSheet,
  writeMapJson,
  isWater,
} from '../lib/map-builder';

const layout: GridLayout = spiSheet(41, 22, 'north');
const grid = new HexGrid(layout);
const path = (...waypoints: string[]): string[] => linePath(grid, ...waypoints);

// ---------------------------------------------------------- named hexes ----
/** 17.0: Union units enter between 4102 and 4111 inclusive (the east edge). */
export const UNION_ENTRY = [
  '4102',
  '4103',
  '4104',
  '4105',
  '4106',
  '4107',
  '4108',
  '4109',
  '4110',
  '4111',
];
/** 20.0: Confederate infantry exiting via 4104 or 4108 wins. */
export const CONFEDERATE_EXITS = ['4104', '4108'];
/** 20.0: the railway hex the Confederate exit Line of Communication runs to. */
export const RAILWAY_1011 = '1011';
/** 20.0: the hex worth five Confederate CSP to the Union. */
export const HEX_2213 = '2213';

// --------------------------------------------------------------- routes ----
// The Florida, Atlantic and Gulf Central Railroad from Lake City (west) through
// Olustee Station and east toward Sanderson and Jacksonville, leaving by 4104;
// the Lake City-Jacksonville road beside it, leaving by 4108 (the two 20.0 exits).
const railway = path('0111', RAILWAY_1011, '1210', '2011', '3110', '4104');
/** Olustee Station: "either hex of Olustee Station" (20.0) — the two railway hexes east of 1011 (reconstruction: the text gives no numbers). */
export const OLUSTEE_STATION = railway.slice(
  railway.indexOf(RAILWAY_1011) + 1,
  railway.indexOf(RAILWAY_1011) + 3,
);
const road = path('0112', '1012', '1312', '2012', HEX_2213, '3112', '4108');
const routes: RouteSpec[] = [
  { type: 'railway', name: 'Florida, Atlantic and Gulf Central Railroad', hexes: railway },
  { type: 'road', name: 'Lake City-Jacksonville road', hexes: road },
  { type: 'road', name: 'Ocean Pond road', hexes: path('1312', '1307', '1401') },
];

// ---------------------------------------------------------- hex terrain ----
const { hexes, set, setNamed } = hexTable(grid);
/** Ocean Pond, north of Olustee: the Confederate left rested on it (reconstruction; the text only names it). */
export const OCEAN_POND = grid.all().filter((h) => {
  const c = col(h);
  const r = row(h);
  return c >= 5 && c <= 12 && r <= 6 - Math.abs(c - 8) / 2;
});
setNamed('Ocean Pond', OCEAN_POND, { terrain: 'lake' });
OLUSTEE_STATION.forEach((h) => set(h, { terrain: 'town', name: 'Olustee Station' }));
type Feature = [string, HexSpec['terrain'], string[]];
const features: Feature[] = [
  // The swamp that covered the Confederate right at Olustee, and the boggy ground south of the battlefield.
  ['Olustee swamp', 'swamp', ['1217', '1317', '1318', '1418', '1518', '1519', '1619', '1218']],
  ['Cypress swamp', 'swamp', ['2417', '2517', '2518', '2618', '2718', '2617']],
  ['Boggy ground', 'swamp', ['2605', '2705', '2706']],
  // Patches of denser pine woods and palmetto scrub (the field was mostly open pine barrens).
  [
    'Pine woods',
    'forest',
    [
      '1605',
      '1705',
      '1706',
      '1806',
      '2315',
      '2415',
      '2416',
      '2906',
      '3006',
      '3007',
      '3414',
      '3514',
      '3515',
    ],
  ],
];
for (const [name, terrain, list] of features) setNamed(name, list, { terrain });

// ------------------------------------------------------------- document ----
const doc: MapDocument = reconstructedMap({
  id: 'olustee',
  title: 'Olustee (Ocean Pond, 20 February 1864)',
  grid: layout,
  defaultHex: { terrain: 'clear' },
  hexes,
  hexsides: [],
  routes,
  notes: [
    'The printed Olustee map is not in the rules text (seed 000). This map is reconstructed: only the facts below come from the text; the rest follows the historical field (the railway and road from Lake City east past Olustee Station toward Sanderson, Ocean Pond north of Olustee, swamp south of it, open pine barrens between) and is approximate.',
    'From the text: Union units enter between 4102 and 4111 inclusive (17.0), so 41xx is the east edge; Confederate infantry exiting via 4104 or 4108 wins, with a Line of Communication from the exit hex to the railway hex 1011 (20.0); the Union wins by occupying either hex of Olustee Station with a Line of Communication to a clear, road or railway hex on the east edge (20.0); 2213 is worth five Confederate CSP to the Union (20.0); the Rail Gun train moves on railway hexes (19.2); Ocean Pond is named (title); every Confederate set-up hex of 16.1.',
    'Grid (reconstructed): flat-topped hexes in vertical columns, 0101 top left, even columns half a hex lower; columns 01-41 west to east, rows 01-22 north to south. Reasons: 4102-4111 must be an edge and the Union came from the east (Jacksonville), so column 41 is the east edge; 1921 needs at least 21 rows.',
    'Olustee Station (reconstructed): the text gives "either hex of Olustee Station" without numbers; it is placed on the railway as the two town hexes just east of 1011 (1111 and 1210 on this grid), behind the Confederate positions at 1307-1310 and 1414-1512.',
    'Routes (reconstructed): the railway from the west edge (0111) through 1011, Olustee Station and east past the forward Confederate positions to 4104; the Lake City-Jacksonville road beside it from 0112 through 2012 and 2213 to 4108 — so the two 20.0 exit hexes are the railway and the road; a road north from the road at 1312 past Ocean Pond.',
    'Terrain (reconstructed): clear by default (open pine barrens); Ocean Pond as lake hexes north of Olustee (columns 05-12, rows 01-06); swamp south of the Confederate line and a cypress swamp south of the battlefield; a few pine woods. No slopes or streams: the ground is flat. No fieldworks: the text does not mention the Olustee entrenchments.',
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Olustee');
const { check } = checks;
const edge = (h: string, e: 'north' | 'east' | 'south' | 'west'): boolean =>
  grid.edgesOf(h).includes(e);
const terrain = (h: string): string => hexes[h]?.terrain ?? 'clear';
check(
  UNION_ENTRY.every((h) => grid.has(h) && edge(h, 'east')),
  '4102-4111 on the east edge',
);
check(
  UNION_ENTRY.every((h) => !isWater(terrain(h))),
  'entry hexes enterable',
);
check(
  railway.includes(CONFEDERATE_EXITS[0]) && road.includes(CONFEDERATE_EXITS[1]),
  '4104 on the railway, 4108 on the road',
);
check(railway.includes(RAILWAY_1011), '1011 is a railway hex');
check(
  OLUSTEE_STATION.length === 2 && grid.adjacent(OLUSTEE_STATION[0], OLUSTEE_STATION[1]),
  'Olustee Station is two adjacent hexes',
);
check(
  OLUSTEE_STATION.every((h) => railway.includes(h)),
  'Olustee Station on the railway',
);
check(grid.has(HEX_2213) && terrain(HEX_2213) === 'clear', '2213 is on the map');
check(
  UNION_ENTRY.some((h) => railway.includes(h) || road.includes(h)),
  'a road or railway reaches the east edge (Union LOC)',
);
const setupHexes = [
  '2012',
  '2112',
  '1310',
  '1307',
  '1309',
  '1308',
  '1511',
  '3109',
  '1512',
  '1415',
  '1315',
  '1414',
  '3107',
  '3108',
  '1921',
  '1812',
];
for (const h of setupHexes) check(grid.has(h) && !isWater(terrain(h)), `set-up hex ${h} is land`);
check(OCEAN_POND.length > 10, 'Ocean Pond is drawn');
checkRoutes(checks, grid, routes);
for (const r of routes)
  check(
    r.hexes.every((h) => terrain(h) !== 'lake'),
    `${r.name} stays out of Ocean Pond`,
  );

checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const olusteeMap: MapDocument = doc;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
