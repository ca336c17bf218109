/**
 * Builds scenarios/cemetery-hill/map.json: the Cemetery Hill (Gettysburg) map
 * reconstructed from the rules text (seed 000 lines 6041-6495) and the
 * historical field. The printed SPI map is not in the text, so everything
 * here except the facts the text states is reconstruction; map.json's notes
 * say which is which.
 *
 * Run: npx ts-node -T scenarios/cemetery-hill/build-map.ts
 * The committed map.json is what the service loads; this script is how it was
 * made and re-checked. It throws if any fact the text gives does not hold, and
 * test/unit/scenarios/cemetery-hill.spec.ts checks that map.json is its output.
 *
 * Grid: flat-topped hexes in vertical columns, "0101" top left, even columns
 * half a hex lower (SPI practice), columns 01-21 west to east, rows 01-27
 * north to south, north at the top.
 */
import { join } from 'path';
import { HexGrid } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { HexSpec, MapDocument, RouteSpec } from '../../src/engine/types';
import {
  FactChecks,
  HexsideTable,
  adjacentPairs,
  checkRoutes,
  col,
  hexList,
  hexTable,
  path as linePath,
  reconstructedMap,
  routeLinks,
  row,
  writeMapJson,
  spiSheet,
} from '../lib/map-builder';

const layout: GridLayout = spiSheet(21, 27, 'north');
const grid = new HexGrid(layout);

/** Straight hex lines through the waypoints (the shared cube-rounding line). */
const path = (...waypoints: string[]): string[] => linePath(grid, ...waypoints);

// ------------------------------------------------------------- the town ----
// Gettysburg: the Diamond (1110) and the blocks around it, between the XI Corps
// north of town (1107, 1307), Rodes on Oak Hill (0905, 1105) and von Steinwehr
// on Cemetery Hill (1212).
export const TOWN = ['1109', '1110', '1010', '1209', '1210'];
const DIAMOND = '1110';

// --------------------------------------------------------------- roads ----
// Roads radiating from the town (the roads that brought each corps in 1863).
// Entry hexes of 17.1/17.2 sit where the historical roads leave the map.
const routes: RouteSpec[] = [
  { type: 'turnpike', name: 'Chambersburg Pike', hexes: path(DIAMOND, '0806', '0104') },
  { type: 'road', name: 'Mummasburg Road', hexes: path('1010', '0701') },
  { type: 'road', name: 'Carlisle Road', hexes: path('1109', '1101') },
  { type: 'road', name: 'Harrisburg Road', hexes: path('1209', '1606', '2101') },
  { type: 'turnpike', name: 'York Pike', hexes: path('1209', '2107') },
  // 21.2: the Union reinforcement road the Confederates should block; 2112 (24.0 errata).
  { type: 'road', name: 'Hanover Road', hexes: path('1210', '1511', '2112') },
  { type: 'turnpike', name: 'Baltimore Pike', hexes: path(DIAMOND, '1212', '1515', '2120') },
  { type: 'road', name: 'Taneytown Road', hexes: path('1210', '1212', '1316', '1323', '1127') },
  { type: 'road', name: 'Emmitsburg Road', hexes: path(DIAMOND, '1012', '0918', '0423', '0127') },
  { type: 'road', name: 'Fairfield Road', hexes: path('1010', '0812', '0116') },
];

// ---------------------------------------------------------- hex terrain ----
const { hexes, set, setNamed } = hexTable(grid);
TOWN.forEach((h) => set(h, { terrain: 'town' }));
set(DIAMOND, { terrain: 'town', name: 'Gettysburg' });

type Feature = [string, HexSpec['terrain'], string[], (1 | 2 | 3)?];
const features: Feature[] = [
  ['Cemetery Hill', 'clear', ['1212', '1311'], 2],
  ["Culp's Hill", 'forest-rough', ['1413', '1414', '1412'], 2],
  ['Cemetery Ridge', 'clear', ['1213', '1214', '1215', '1216', '1217', '1218'], 1],
  ['Little Round Top', 'forest-rough', ['1220'], 2],
  ['Big Round Top', 'forest-rough', ['1221', '1222'], 3],
  ["Devil's Den", 'rough', ['1120']],
  ['Wheatfield', 'clear', ['1119']],
  ['Rose Woods', 'forest', ['1019', '1020']],
  ['Peach Orchard', 'clear', ['0918']],
  [
    'Seminary Ridge',
    'forest',
    ['0909', '0910', '0911', '0912', '0913', '0814', '0815', '0816', '0817', '0718', '0719'],
    2,
  ],
  ['Oak Hill', 'clear', ['0904', '0905'], 2],
  ['Oak Ridge', 'forest', ['0906', '0907', '0908'], 2],
  ["McPherson's Ridge", 'clear', ['0708', '0709', '0610'], 2],
  ["McPherson's Woods", 'forest', ['0710']],
  ['Herr Ridge', 'clear', ['0507', '0508', '0509', '0410'], 2],
  ["Benner's Hill", 'clear', ['1510'], 2],
  ['Wolf Hill', 'forest-rough', ['1614', '1615', '1714'], 2],
  ["Power's Hill", 'forest', ['1416', '1417']],
  ['Spangler woods', 'forest', ['1415']],
  ["Barlow's Knoll", 'clear', ['1107']],
  ['Taneytown Road woods', 'forest', ['1323', '1324', '1423']],
  ['East Cavalry Field woods', 'forest', ['1811', '1911', '1912']],
  ['South Mountain foothills', 'forest', ['0102', '0202', '0203', '0302']],
];
for (const [name, terrain, list, level] of features) {
  setNamed(name, list, { terrain, ...(level && level > 1 ? { level } : {}) });
}

// ------------------------------------------------------------- hexsides ----
const sides = new HexsideTable(grid);

/** A stream along the boundary between column <= westOf(row) and the rest, over rows [from, to]. */
function stream(westOf: (r: number) => number, from: number, to: number): void {
  for (const [a, b] of adjacentPairs(grid)) {
    const [ra, rb] = [row(a), row(b)];
    if (ra < from || ra > to || rb < from || rb > to) continue;
    if (col(a) <= westOf(ra) !== col(b) <= westOf(rb)) sides.add(a, b, { type: 'stream' });
  }
}
// Rock Creek: north to south east of the town, between Culp's Hill and Wolf Hill.
export const ROCK_CREEK_WEST = (r: number): number => (r <= 9 ? 13 : r <= 17 ? 14 : 15);
stream(ROCK_CREEK_WEST, 1, 27);
// Willoughby Run: between Herr Ridge and McPherson's Ridge, south to Marsh Creek.
export const WILLOUGHBY_WEST = (r: number): number => (r <= 12 ? 5 : 6);
stream(WILLOUGHBY_WEST, 4, 20);
// Bridges where roads cross the streams.
for (const [a, b] of routeLinks(routes))
  if (sides.has(a, b, 'stream')) sides.add(a, b, { type: 'bridge' });

/** Slope hexsides (6.26) rising into every neighbour-hex of `hill` at a lower level, except toward `except`. */
function slopesAround(hill: string[], except: string[] = []): void {
  for (const h of hill) {
    const lv = hexes[h]?.level ?? 1;
    for (const n of grid.neighbours(h)) {
      if (except.includes(n) || hill.includes(n)) continue;
      if ((hexes[n]?.level ?? 1) < lv) sides.add(h, n, { type: 'slope', high: h });
    }
  }
}
slopesAround(['1212', '1311']); // Cemetery Hill
slopesAround(['1413', '1414', '1412']); // Culp's Hill
slopesAround(['1220', '1221', '1222']); // the Round Tops
slopesAround(hexList('0909 0910 0911 0912 0913 0814 0815 0816 0817 0718 0719')); // Seminary Ridge
slopesAround(['0904', '0905', '0906', '0907', '0908']); // Oak Hill and Oak Ridge
// 22.0: "a noticeable lack of ridge in the middle of Cemetery Ridge" — the
// middle (1214-1217) is level 1 clear with no slope or ridge hexsides; only
// its ends (Cemetery Hill, Little Round Top) rise.

// ------------------------------------------------------------- document ----
const doc: MapDocument = reconstructedMap({
  id: 'cemetery-hill',
  title: 'Cemetery Hill (Gettysburg, 1-4 July 1863)',
  grid: layout,
  defaultHex: { terrain: 'clear' },
  hexes,
  hexsides: sides.values(),
  routes,
  notes: [
    'The printed SPI/Decision Games Cemetery Hill map is not in the rules text (seed 000). This map is reconstructed: only the facts below come from the text; the rest follows the historical field at roughly 300-400 m a hex and is approximate. The developer says the game "will bear only passing resemblance to history" (23.0).',
    'From the text: Union entry hexes 0127, 1127, 2112 (24.0 errata: "Hex 2112 is a Union reinforcement hex"), 2120 and Confederate entry hexes 0104, 1101, 2101 (17.1, 17.2); the east edge is the Union friendly edge and the west edge the Confederate (20.2); Lines of Communication run to roads leading off those edges (20.4); Union blocked arrivals move to map-edge road hexes (18.1); cavalry exit across the east and south edges (18.2); Gettysburg has town hexes (19.1); Cemetery Hill, Cemetery Ridge with no ridge in its middle (22.0), and the Hanover Road, which brings Union reinforcements and which the Confederates should block (21.2); every set-up hex of 16.1/16.2.',
    "Grid (reconstructed): flat-topped hexes in vertical columns, 0101 top left, even columns half a hex lower; columns 01-21 west to east, rows 01-27 north to south; north at the top. Reasons: the Union friendly edge is east (20.2) and its entries 2112 and 2120 must lie on it, so column 21 is the last; the Confederate friendly edge is west and 0104 lies on it; 1127 needs 27 rows and lies on the south edge (the Taneytown Road, by which II Corps and the Artillery Reserve came); 1101 and 2101 lie on the north edge; 0127 is the south-west corner (the Emmitsburg Road, by which III Corps and the cavalry of GT10 came). The set-up fits the first day: Heth and Pender (0410-0606) west on the Chambersburg Pike, Rodes (0905, 1105) north on Oak Hill, Early (1304, 1606) north-east on the Harrisburg Road, I Corps (0610, 0708, 0907) west of the town, XI Corps (1107, 1307) north of it and von Steinwehr (1212) on Cemetery Hill, XII Corps (1414, 1515) at Culp's Hill and the Baltimore Pike, Birney (0423) on the Emmitsburg Road.",
    "Roads (reconstructed): Chambersburg Pike (turnpike, to 0104 on the west edge), Mummasburg Road (north edge 0701), Carlisle Road (1101), Harrisburg Road (Early's route, to 2101), York Pike (turnpike, east edge 2107), Hanover Road (east edge 2112), Baltimore Pike (turnpike over Cemetery Hill to 2120 on the east edge), Taneytown Road (along the east foot of Cemetery Ridge to 1127 on the south edge), Emmitsburg Road (past the Peach Orchard 0918 and 0423 to 0127), Fairfield Road (west edge 0116). 20.4 Lines of Communication: Union roads leading off the east edge are the Harrisburg Road (2101, a corner hex), York Pike (2107), Hanover Road (2112) and Baltimore Pike (2120); Confederate roads leading off the west edge are the Chambersburg Pike (0104), the Fairfield Road (0116) and the Emmitsburg Road (0127, a corner hex).",
    'Town (19.1): Gettysburg is the five town hexes 1109, 1110 (the Diamond, named), 1010, 1209, 1210. The text gives no town hex numbers.',
    "Streams (reconstructed; +2 MP, attacker halved): Rock Creek, north to south east of the town and between Culp's Hill and Wolf Hill; Willoughby Run between Herr Ridge and McPherson's Ridge. Roads cross them by bridges. No creeks: the text names none.",
    'Heights (reconstructed): level 2 with slope hexsides (6.26) rising into them for Cemetery Hill (1212, 1311), Culp\'s Hill (forest-rough), Little Round Top (forest-rough), Seminary Ridge (wooded), Oak Hill and Oak Ridge; level 3 Big Round Top; level 2 without slopes for McPherson\'s Ridge, Herr Ridge, Benner\'s Hill and Wolf Hill. 22.0: "a noticeable lack of ridge in the middle of Cemetery Ridge... no more of an obstacle to movement than any other piece of clear Terrain": the middle of Cemetery Ridge (1213-1218) is level 1 clear with no slope or ridge hexside. The designer speaks of "ridge"; whether the printed map draws ridge hexsides (10.1: +2 MP, blocks LOS, no combat effect) or slopes is not known; slopes are used because the note is about "benefit for the defender".',
    "Terrain (reconstructed): clear by default (farmland); woods for Seminary Ridge, Oak Ridge, McPherson's Woods, Rose Woods, Power's Hill, Spangler woods, the woods along the Taneytown Road, the East Cavalry Field woods and the South Mountain foothills in the north-west corner; rough for Devil's Den.",
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Cemetery Hill');
const { check } = checks;
const onRoad = (h: string): boolean => routes.some((r) => r.hexes.includes(h));
const edge = (h: string, e: 'north' | 'east' | 'south' | 'west'): boolean =>
  grid.edgesOf(h).includes(e);
check(edge('2112', 'east') && onRoad('2112'), '2112 on the east edge, on the Hanover Road');
check(
  routes.find((r) => r.name === 'Hanover Road')!.hexes.includes('2112'),
  'Hanover Road reaches 2112',
);
check(edge('2120', 'east') && onRoad('2120'), '2120 on the east edge, on a road');
check(edge('1127', 'south') && onRoad('1127'), '1127 on the south edge, on a road');
check(
  edge('0127', 'south') && edge('0127', 'west') && onRoad('0127'),
  '0127 is the south-west corner, on a road',
);
check(edge('0104', 'west') && onRoad('0104'), '0104 on the west edge, on a road');
check(edge('1101', 'north') && edge('2101', 'north'), '1101 and 2101 on the north edge');
check(
  ['1212', '1311'].every((h) => hexes[h]?.name === 'Cemetery Hill' || hexes[h]?.level === 2),
  'Cemetery Hill',
);
for (const h of ['1214', '1215', '1216', '1217']) {
  check(
    grid.neighbours(h).every((n) => !sides.has(h, n, 'ridge') && !sides.has(h, n, 'slope')),
    `no ridge in the middle of Cemetery Ridge at ${h}`,
  );
}
const eastRoads = routes.filter((r) => r.hexes.some((h) => edge(h, 'east')));
const westRoads = routes.filter((r) => r.hexes.some((h) => edge(h, 'west')));
check(eastRoads.length >= 3 && westRoads.length >= 2, 'roads lead off both friendly edges (20.4)');
checkRoutes(checks, grid, routes);
checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const cemeteryHillMap: MapDocument = doc;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
