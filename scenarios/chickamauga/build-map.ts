/**
 * Builds scenarios/chickamauga/map.json: the Chickamauga map reconstructed
 * from the rules text (seed 000 lines 6496-7255) and the historical field.
 * The printed SPI map is not in the text; only the facts the text states are
 * certain, the rest is reconstruction (map.json's notes say which is which).
 *
 * Run: npx ts-node -T scenarios/chickamauga/build-map.ts
 * It throws if any fact the text gives does not hold;
 * test/unit/scenarios/chickamauga.spec.ts checks that map.json is its output.
 *
 * Grid: flat-topped hexes in vertical columns, 0101 at the top left (north-west
 * corner), even columns half a hex lower, columns 01-25 west to east, rows
 * 01-28 north to south; even columns stop at row 27 (their row 28 would stick
 * out below the sheet), which puts all four entry hexes 0728, 1027, 1627 and
 * 1928 on the south edge. North at the top: the 1975 Chattanooga rules (seed
 * 001 line 753) overlay this map's north-west corner (0101, 0501) on the
 * Chattanooga map's south-east corner (2025, 2425), so row 01 is the north
 * edge and the columns run west to east as on that map.
 */
import { join } from 'path';
import { HexGrid, hexsideKey } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { MapDocument, RouteSpec } from '../../src/engine/types';
import {
  FactChecks,
  HexsideTable,
  adjacentPairs,
  checkRoutes,
  col,
  creekBlocks,
  hexList,
  hexTable,
  path as linePath,
  reach,
  reconstructedMap,
  routeLinks,
  row,
  writeMapJson,
  spiSheet,
} from '../lib/map-builder';

const layout: GridLayout = spiSheet(25, 28, 'north', { halfHexesAtFoot: true });
const grid = new HexGrid(layout);

/** Straight hex lines through the waypoints (the shared cube-rounding line). */
const path = (...waypoints: string[]): string[] => linePath(grid, ...waypoints);

// ------------------------------------------------ West Chickamauga Creek ----
// One creek (6.29: impassable except at bridges and fords) in two stretches
// that divide the land into three banks:
//   west: the battlefield between the creek and Missionary Ridge;
//   southeast: across the southern stretch, which enters from the south edge
//     beside Lee and Gordon's Mill (1227) and runs north-east past Dalton's,
//     Thedford's and Byram's Fords to Alexander's Bridge (1922) and off the
//     east edge between rows 22 and 23;
//   northeast: across the northern stretch, which comes back onto the map at
//     the east edge between rows 13 and 14 and runs north-west past Dyer's
//     Bridge (2311) and Reed's Bridge to the north edge.
// The loop between the two stretches lies off the map to the east.
/** First row on the south-east bank, by column. */
const SOUTHEAST_FROM_ROW: Record<number, number> = {
  13: 27,
  14: 26,
  15: 26,
  16: 25,
  17: 24,
  18: 24,
  19: 23,
  20: 23,
  21: 23,
  22: 23,
  23: 23,
  24: 23,
  25: 23,
};
/** First column on the north-east bank, by row. */
const NORTHEAST_FROM_COLUMN: Record<number, number> = {
  1: 21,
  2: 21,
  3: 21,
  4: 21,
  5: 22,
  6: 22,
  7: 22,
  8: 23,
  9: 23,
  10: 24,
  11: 24,
  12: 24,
  13: 25,
};
type Bank = 'west' | 'southeast' | 'northeast';
function bank(h: string): Bank {
  const c = col(h);
  const r = row(h);
  if (r >= (SOUTHEAST_FROM_ROW[c] ?? 99)) return 'southeast';
  if (c >= (NORTHEAST_FROM_COLUMN[r] ?? 99)) return 'northeast';
  return 'west';
}

// --------------------------------------------------------------- routes ----
const ROSSVILLE_GAP = '0211';
const MCFARLANDS_GAP = '0502';
const ALEXANDERS_BRIDGE: [string, string] = ['1922', '1923'];
const DYERS_BRIDGE: [string, string] = ['2311', '2411'];
const REEDS_BRIDGE: [string, string] = ['2106', '2206'];
const MILL_BRIDGE: [string, string] = ['1227', '1327'];
const FORDS: Array<[string, [string, string]]> = [
  ["Byram's Ford", ['1823', '1824']],
  ["Thedford's Ford", ['1723', '1724']],
  ["Dalton's Ford", ['1624', '1625']],
];

const routes: RouteSpec[] = [
  // 21.31/21.32 "roads leading off the map edge" at 0101 and 0111, toward Chattanooga.
  {
    type: 'road',
    name: 'LaFayette Road',
    hexes: path('0111', ROSSVILLE_GAP, '0610', '1207', '1115', '1217', '1223', '1125', '1027'),
  },
  {
    type: 'road',
    name: 'Dry Valley Road',
    hexes: path(
      '0101',
      '0201',
      '0302',
      '0402',
      MCFARLANDS_GAP,
      '0602',
      '0707',
      '0714',
      '0720',
      '0822',
      '0725',
      '0728',
    ),
  },
  { type: 'road', name: "McFarland's Gap Road", hexes: path(MCFARLANDS_GAP, '0804', '1207') },
  {
    type: 'road',
    name: "Reed's Bridge Road",
    hexes: path('1207', '1608', REEDS_BRIDGE[0], REEDS_BRIDGE[1], '2505'),
  },
  {
    type: 'road',
    name: "Alexander's Bridge Road",
    hexes: path('1115', '1518', ALEXANDERS_BRIDGE[0], ALEXANDERS_BRIDGE[1], '2225', '2525'),
  },
  {
    type: 'road',
    name: "Dyer's Bridge Road (by Jay's Mill)",
    hexes: path('1608', '1810', DYERS_BRIDGE[0], DYERS_BRIDGE[1], '2511'),
  },
  {
    type: 'road',
    name: "Lee and Gordon's Mill Road",
    hexes: path('1223', MILL_BRIDGE[0], MILL_BRIDGE[1], '1627'),
  },
  {
    type: 'road',
    name: "Thedford's Ford Road",
    hexes: path('1223', '1522', FORDS[1][1][0], FORDS[1][1][1], '1928'),
  },
  { type: 'trail', name: 'Glenn-Kelly Road', hexes: path('0822', '0920', '1217') },
  { type: 'trail', name: 'Vittetoe-Snodgrass trail', hexes: path('0714', '1016', '1115') },
  {
    type: 'trail',
    name: "Dalton's Ford trail",
    hexes: path('1322', FORDS[2][1][0], FORDS[2][1][1], '1626'),
  },
  {
    type: 'trail',
    name: "Byram's Ford trail",
    hexes: path('1820', FORDS[0][1][0], FORDS[0][1][1], '1825'),
  },
];

// ---------------------------------------------------------- hex terrain ----
const { hexes, set, setNamed } = hexTable(grid);

// Missionary Ridge: a wooded ridge (level 2) across the north-west corner,
// pierced by Rossville Gap (0211) and McFarland's Gap (0502).
const RIDGE = path('0601', MCFARLANDS_GAP, '0406', '0309', ROSSVILLE_GAP, '0114').filter(
  (h) => h !== MCFARLANDS_GAP && h !== ROSSVILLE_GAP,
);
for (const h of RIDGE) set(h, { terrain: 'forest-rough', level: 2 });
set(RIDGE[0], { terrain: 'forest-rough', level: 2, name: 'Missionary Ridge' });
set(ROSSVILLE_GAP, { terrain: 'clear', name: 'Rossville Gap' });
set(MCFARLANDS_GAP, { terrain: 'clear', name: "McFarland's Gap" });

// Snodgrass Hill and Horseshoe Ridge, where Thomas held on 20 September.
const HILLS: Array<[string, string[]]> = [
  ['Snodgrass Hill', ['0916']],
  ['Horseshoe Ridge', ['0816', '0917', '1016']],
];
for (const [name, list] of HILLS) setNamed(name, list, { terrain: 'forest-rough', level: 2 });

// Farms and fields (clear) in the woods; "when in doubt ... woods" (24.1).
const FIELDS: Array<[string, string[]]> = [
  ['Kelly Field', ['1216', '1217']],
  ['Poe Field', ['1219']],
  ['Brotherton Field', ['1220']],
  ['Dyer Field', ['1019', '1020']],
  ['Viniard Field', ['1223', '1322']],
  ["Widow Glenn's", ['0920']],
  ['Winfrey Field', ['1616']],
  ['Brock Field', ['1518']],
  ["Jay's Mill", ['1608']],
  ['McDonald farm', ['1114']],
  ['Cloud Church crossroads', ['1207']],
  ['crossroads (McDonald)', ['1115']],
  ["Wither's", ['0822']],
  ["Lee and Gordon's Mill", [MILL_BRIDGE[0]]],
  ['Crawfish Springs road', ['0728']],
];
for (const [name, list] of FIELDS) setNamed(name, list, { terrain: 'clear' });
set(ALEXANDERS_BRIDGE[0], { terrain: 'forest', name: "Alexander's Bridge" });
set(DYERS_BRIDGE[0], { terrain: 'forest', name: "Dyer's Bridge" });
set(REEDS_BRIDGE[0], { terrain: 'forest', name: "Reed's Bridge" });

// ------------------------------------------------------------- hexsides ----
const sides = new HexsideTable(grid);
for (const [a, b] of adjacentPairs(grid))
  if (bank(a) !== bank(b)) sides.add(a, b, { type: 'creek' });
for (const [a, b] of [ALEXANDERS_BRIDGE, DYERS_BRIDGE, REEDS_BRIDGE, MILL_BRIDGE])
  sides.add(a, b, { type: 'bridge' });
for (const [, [a, b]] of FORDS) sides.add(a, b, { type: 'ford' });
// Slopes (6.26) up to the ridge and the hills from every lower neighbour.
const level = (h: string): number => hexes[h]?.level ?? 1;
for (const h of grid.all()) {
  for (const n of grid.neighbours(h)) {
    if (level(h) > level(n)) sides.add(h, n, { type: 'slope', high: h });
  }
}

// ------------------------------------------------------------- document ----
const doc: MapDocument = reconstructedMap({
  id: 'chickamauga',
  title: 'Chickamauga (19-20 September 1863)',
  grid: layout,
  defaultHex: { terrain: 'forest' },
  hexes,
  hexsides: sides.values(),
  routes,
  notes: [
    'The printed SPI/Decision Games Chickamauga map is not in the rules text (seed 000). This map is reconstructed: only the facts listed next come from the text; everything else follows the historical field as far as those facts allow and is approximate.',
    "From the text: 0101 and 0111 are the only exit hexes, where roads lead off the map edge toward Chattanooga (18.1, 21.31, 21.32); Alexander's Bridge 1922 and Dyer's Bridge 2311 (21.12); Rossville Gap 0211 and McFarland's Gap 0502 (21.12); Wither's 0822 and the crossroads 1207 and 1115 (21.12); Union entry hexes 0728 and 1027, Confederate entry hexes 1627 and 1928 (17.1, 17.2); a Confederate line of communication by contiguous road hexes from 0101/0111 off the eastern edge (21.31); the Confederates 'compacted against Chickamauga Creek', Reed's Bridge, Kelly Field, Viniard's, Poe Field, Snodgrass Hill, the Dry Valley Road and the Missionary Ridge gaps (23.0, 24.1); 'when in doubt ... it became woods' (24.1); every set-up hex of 16.1/16.2.",
    "Grid (reconstructed): flat-topped hexes in vertical columns, 0101 at the north-west corner, even columns half a hex lower; columns 01-25 west to east, rows 01-28 north to south, even columns ending at row 27 so that 0728, 1027, 1627 and 1928 all lie on the south edge. North is at the top because the 1975 Chattanooga rules (seed 001 line 753) lay this map's north-west corner (0101, 0501) over the Chattanooga map's south-east corner (2025, 2425). With north at the top the text puts Rossville Gap (0211) on the west edge and McFarland's Gap (0502) by the north edge, i.e. the map is drawn from south-east of Missionary Ridge looking along it; 0211 and 0502 are kept as the text gives them.",
    "West Chickamauga Creek (reconstructed course, 6.29 impassable except at bridges and fords) in two stretches: the southern one enters from the south edge beside Lee and Gordon's Mill (1227, mill bridge 1227/1327) and runs north-east past Dalton's Ford (1624/1625), Thedford's Ford (1723/1724) and Byram's Ford (1823/1824) to Alexander's Bridge (1922/1923) and off the east edge between rows 22 and 23; the northern one comes back from the east edge between rows 13 and 14 and runs north-west past Dyer's Bridge (2311/2411) and Reed's Bridge (2106/2206) to the north edge. Chart positions fix the banks: Preston's, Stewart's and Cleburne's brigades (1526-2027) and both Confederate entry hexes lie across the southern stretch, as on the morning of 19 September; Walker's, Hood's, Johnson's, Cheatham's and Forrest's commands are on the battlefield bank; Davidson (2411) is across the northern stretch at Dyer's Bridge.",
    "Roads (reconstructed): LaFayette Road 0111 - Rossville Gap 0211 - crossroads 1207 (Cloud Church) - crossroads 1115 (McDonald's) - Kelly Field - Poe Field - Brotherton - Viniard Field 1223 - 1027 (south edge); Dry Valley Road 0101 - McFarland's Gap 0502 - Wither's 0822 - 0728 (south edge); McFarland's Gap Road 0502 - 1207; Reed's Bridge Road 1207 - Jay's Mill 1608 - Reed's Bridge - east edge 2505; Alexander's Bridge Road 1115 - Brock Field - Alexander's Bridge - east edge 2525; Dyer's Bridge Road Jay's Mill - Dyer's Bridge - east edge 2511; Lee and Gordon's Mill road 1223 - mill bridge - 1627; Thedford's Ford road 1223 - Thedford's Ford - 1928. Trails: Glenn-Kelly road, Vittetoe-Snodgrass trail, Dalton's and Byram's Ford trails.",
    "Terrain (reconstructed): forest by default (24.1); Missionary Ridge a wooded ridge (forest-rough, level 2, slopes on every side) from the north edge at 0601 south-west to the west edge at 0114, with the two gaps clear at level 1; Snodgrass Hill (0916) and Horseshoe Ridge (0816, 0917, 1016) forest-rough at level 2 with slopes; clear fields at Kelly, Poe, Brotherton, Dyer, Viniard, Widow Glenn's, Winfrey, Brock, Jay's Mill, McDonald's, Cloud Church, Wither's and Lee and Gordon's Mill. No town hexes (the text names none).",
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Chickamauga');
const { check } = checks;
/** How many route links end in a hex (3 or more: a crossroads). */
const linksAt = (h: string): number =>
  [...routeLinks(routes)].filter(([a, b]) => a === h || b === h).length;

for (const h of ['0101', '0111']) {
  check(grid.edgesOf(h).includes('west'), `18.1: exit ${h} is on the west (Chattanooga) edge`);
  check(
    routes.some(
      (r) => r.type === 'road' && (r.hexes[0] === h || r.hexes[r.hexes.length - 1] === h),
    ),
    `18.1: a road leads off the map at ${h}`,
  );
}
for (const h of ['0728', '1027', '1627', '1928'])
  check(grid.edgesOf(h).includes('south'), `17.0: entry ${h} on the south edge`);
for (const h of ['0728', '1027'])
  check(bank(h) === 'west', `17.1: Union entry ${h} on the battlefield bank`);
for (const h of ['1627', '1928'])
  check(bank(h) === 'southeast', `17.2: Confederate entry ${h} across the creek`);
for (const [a, b] of [ALEXANDERS_BRIDGE, DYERS_BRIDGE, REEDS_BRIDGE]) {
  check(
    bank(a) === 'west' && bank(b) !== 'west',
    `bridge ${a}/${b} crosses the creek from the battlefield bank`,
  );
}
for (const h of [ROSSVILLE_GAP, MCFARLANDS_GAP, '0822', '1207', '1115', '1922', '2311']) {
  check(
    routes.some((r) => r.type === 'road' && r.hexes.includes(h)),
    `21.12: ${h} is on a road`,
  );
}
check(linksAt('1207') >= 3 && linksAt('1115') >= 3, '21.12: 1207 and 1115 are crossroads');
check(
  routes.find((r) => r.name === 'LaFayette Road')!.hexes.includes(ROSSVILLE_GAP),
  'LaFayette Road through Rossville Gap',
);
checkRoutes(checks, grid, routes, { sides });
for (const route of routes) {
  for (const h of route.hexes)
    check(!RIDGE.includes(h), `${route.name} keeps off the ridge at ${h} (gaps only)`);
}

/** Land movement graph, ignoring costs: creek hexsides only at bridges and fords (6.29). */
const links = new Set([...routeLinks(routes)].map(([a, b]) => hexsideKey(a, b)));
const landReach = (from: string, roadsOnly = false): Set<string> =>
  reach(
    grid,
    from,
    (h, n) => !creekBlocks(sides.features(h, n)) && (!roadsOnly || links.has(hexsideKey(h, n))),
  );
const field = landReach('0111');
const setupHexes = hexList(
  '1317 1319 1318 1413 1414 1315 1022 0822 2011 1127 1227 0302 0402 1505 2026 2027 2022 1726 1825 1926 1526 1527 1626 2517 2317 1721 1921 1821 2316 1922 1820 1920 1620 1720 2020 2120 2017 2118 2218 2422 2421 2212 2411 2015 2314',
);
for (const h of setupHexes) {
  check(grid.has(h), `set-up hex ${h} exists`);
  check(field.has(h), `set-up hex ${h} is joined to the field by land`);
}
// 19.23: the Train (roads and trails only) can go from either entry hex to either exit hex.
for (const e of ['0728', '1027']) {
  const byRoad = landReach(e, true);
  check(
    byRoad.has('0101') && byRoad.has('0111'),
    `19.23: the Train can reach 0101 and 0111 by road from ${e}`,
  );
}
// 21.31: at the start a Confederate LOC exists by road from 0101/0111 off the east edge.
const byRoadFromExits = landReach('0101', true);
check(
  [...byRoadFromExits].some((h) => grid.edgesOf(h).includes('east')),
  '21.31: a road from the exits leads off the east edge',
);
checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const chickamaugaMap: MapDocument = doc;
/** The bank of West Chickamauga Creek each hex lies on (for the spec). */
export const chickamaugaBank = bank;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
