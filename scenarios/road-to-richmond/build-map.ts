/**
 * Builds scenarios/road-to-richmond/map.json: the Road to Richmond map
 * (Seven Days, 26-28 June 1862) reconstructed from the rules text (seed 000
 * lines 1976-2648) and the historical field. The printed SPI map is not in
 * the text, so everything here except the facts the text states is
 * reconstruction; map.json's notes say which is which.
 *
 * Run: npx ts-node -T scenarios/road-to-richmond/build-map.ts
 * The committed map.json is what the service loads; this script is how it was
 * made and re-checked. It throws if any fact the text gives does not hold, and
 * test/unit/scenarios/road-to-richmond.spec.ts checks that map.json is its output.
 *
 * Grid: flat-topped hexes in vertical columns, "0101" top left, even columns
 * half a hex lower, columns 01-24 west to east, rows 01-28 north to south,
 * north at the top; the half hexes at the foot of the even columns (0228 ...
 * 2428) are not on the sheet. Why: 18.3 makes 1827-1728 and 0128-0227 the
 * last hexsides of the two creeks, which are hexsides only if even columns lie
 * lower, and are where a creek leaves the map only if the even columns stop at
 * row 27; the Command Control Zone rows (0116-0122, 0215-0221, 0316-0322)
 * line up as a band only with even columns lower.
 */
import { join } from 'path';
import { HexGrid, hexsideKey } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { HexSpec, MapDocument, RouteSpec } from '../../src/engine/types';
import {
  FactChecks,
  HexsideTable,
  L,
  adjacentPairs,
  checkRoutes,
  col,
  hexSpecOf,
  hexList,
  hexTable,
  path as linePath,
  reconstructedMap,
  routeLinks,
  row,
  spiSheet,
  writeMapJson,
} from '../lib/map-builder';

const layout: GridLayout = spiSheet(24, 28, 'north', { halfHexesAtFoot: true });
const grid = new HexGrid(layout);

// ------------------------------------------------------- Chickahominy ----
// 18.3: a creek from hexside 0103-0104 (the west edge) to 1827-1728 (the south
// edge). It is the boundary between the north bank (Porter's V Corps, the
// Confederate entries 0103 and 1301/1901, the Train's entry 2426) and the
// south bank (the rest of the Union army, the Command Control Zone, the exits
// 0117 and 1528). NORTH_BANK_LAST_ROW[c] is the last north-bank row of column
// c (index 0 unused); columns 18-24 lie wholly on the north (east) bank, so
// the river turns south between columns 17 and 18 to leave the map at
// 1728/1827.
const NORTH_BANK_LAST_ROW: number[] = [
  0, 3, 3, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11, 12, 13, 15, 17, 19,
];
export type Bank = 'north' | 'south';
export function bank(h: string): Bank {
  const c = col(h);
  if (c >= 18) return 'north';
  return row(h) <= NORTH_BANK_LAST_ROW[c] ? 'north' : 'south';
}

/**
 * 17.4 (i): the part of the south bank "from 0407 south" lies south of the
 * stream bordering 0407, 0308 and 0208. North of that stream, between it and
 * the Chickahominy, is the Confederate foothold across the river (23.2: "the
 * Confederate right (the foothold across the Chickahominy)"), where a
 * Confederate unit does not activate the early reinforcements.
 */
export const FOOTHOLD = hexList('0104 0105 0106 0107 0204 0205 0206 0207 0305 0306 0307 0406');

// ------------------------------------------- White Oak Swamp North Branch ----
// 18.3: a creek "from hex sides 0122-0123 and 0322-0422 to 0128-0227": two
// heads, one at the west edge south of the Command Control Zone and one east
// of its corner hex 0322, joining and running to the south edge at 0128/0227.
// The main line is the boundary of the pocket between it and the south-west
// corner of the map; the east head is a tributary down the sides of 0323.
export const WHITE_OAK_POCKET = hexList('0123 0124 0125 0126 0127 0128 0223 0224 0225 0226');
export const WHITE_OAK: Array<[string, string]> = [];
{
  const pocket = new Set(WHITE_OAK_POCKET);
  for (const a of WHITE_OAK_POCKET)
    for (const b of grid.neighbours(a)) if (!pocket.has(b)) WHITE_OAK.push([a, b]);
  WHITE_OAK.push(['0322', '0422'], ['0323', '0422'], ['0323', '0423'], ['0323', '0324']);
}

// ------------------------------------------------------------ streams ----
// 18.3: "All other creeks are actually streams. These include all of the
// branches leading off the Chickahominy River." 18.5: fordable; no advance
// after combat across one except at a bridge.
const streams: Array<{ name: string; sides: Array<[string, string]> }> = [];
// The branch bordering 0407, 0308, 0208 (17.4 i): the foothold's southern limit.
{
  const foothold = new Set(FOOTHOLD);
  const sides: Array<[string, string]> = [];
  for (const a of FOOTHOLD) {
    for (const b of grid.neighbours(a)) {
      if (!foothold.has(b) && bank(b) === 'south') sides.push([a, b]);
    }
  }
  streams.push({ name: 'branch south of the foothold (17.4 i)', sides });
}
/** A stream down a column boundary: between column c and c+1 from row r1 to r2. */
function columnBoundary(c: number, r1: number, r2: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let r = r1; r <= r2; r++) {
    for (const n of grid.neighbours(L(c, r))) {
      if (col(n) === c + 1 && row(n) >= r1 && row(n) <= r2) out.push([L(c, r), n]);
    }
  }
  return out;
}
// Beaver Dam Creek: north from the Chickahominy, in front of Porter's first line.
streams.push({ name: 'Beaver Dam Creek', sides: columnBoundary(8, 1, 8) });
// Powhite Creek and Boatswain's Swamp: Porter's second line (Gaines' Mill).
streams.push({ name: "Powhite Creek / Boatswain's Swamp", sides: columnBoundary(12, 2, 11) });
// A south-bank branch between the Union lines and Savage's Station.
streams.push({ name: 'south-bank branch (Fair Oaks)', sides: columnBoundary(9, 11, 16) });

// 18.4: lake hexsides (mill ponds on the streams of the Confederate centre,
// 23.2 "facing the rough, lakes, and streams"): impassable, block ZOC.
export const LAKES: Array<{ name: string; sides: Array<[string, string]> }> = [
  { name: "Ellerson's Mill pond (Beaver Dam Creek)", sides: columnBoundary(8, 2, 2) },
  { name: "Gaines' Mill pond (Powhite Creek)", sides: columnBoundary(12, 3, 4) },
  { name: 'Fair Oaks millpond', sides: columnBoundary(9, 13, 13) },
];

// ------------------------------------------------------------- routes ----
const path = (...waypoints: string[]): string[] => linePath(grid, ...waypoints);

/** Chickahominy crossings (18.3 "bridges", 23.1 "the bridges along the Chickahominy"), west to east. */
export const CHICKAHOMINY_BRIDGES: Array<{ name: string; between: [string, string] }> = [
  { name: 'Mechanicsville Bridge', between: ['0203', '0204'] },
  { name: 'New Bridge', between: ['0607', '0608'] },
  { name: "Woodbury's Bridge", between: ['0909', '0910'] },
  { name: "Alexander's Bridge", between: ['1110', '1111'] },
  { name: 'Grapevine Bridge', between: ['1312', '1313'] },
  { name: 'York River Railroad bridge', between: ['1723', '1823'] },
  { name: "Bottom's Bridge", between: ['1726', '1826'] },
];
/** White Oak Swamp North Branch crossings: a bridge and "the ford" (18.3). */
export const WHITE_OAK_BRIDGE = {
  name: 'White Oak Bridge (Charles City Road)',
  between: ['0226', '0326'] as [string, string],
};
export const THE_FORD = {
  name: "the ford (Brackett's Ford)",
  between: ['0224', '0325'] as [string, string],
};

export const ROUTES: RouteSpec[] = [
  // North bank.
  { type: 'road', name: 'Meadow Bridge and Mechanicsville road', hexes: path('0103', '0303') },
  { type: 'road', name: 'Mechanicsville Turnpike', hexes: path('0303', '0203', '0204', '0110') },
  {
    type: 'road',
    name: "Old Church Road (Mechanicsville - Gaines' Mill - Old Cold Harbor)",
    hexes: path('0303', '0804', '0904', '1105', '1205', '1305', '1404'),
  },
  { type: 'road', name: 'road from the north (Jackson, 1301)', hexes: path('1301', '1404') },
  { type: 'road', name: 'road from the north-east (Jackson, 1901)', hexes: path('1901', '1404') },
  {
    type: 'road',
    name: 'New Bridge road',
    hexes: path('1105', '0806', '0707', '0607', '0608', '0613'),
  },
  {
    type: 'trail',
    name: "Woodbury's Bridge trail",
    hexes: path('1105', '1007', '0909', '0910', '0914'),
  },
  {
    type: 'trail',
    name: "Alexander's Bridge trail",
    hexes: path('1205', '1109', '1110', '1111', '1116'),
  },
  { type: 'trail', name: 'Grapevine Bridge trail', hexes: path('1404', '1312', '1313', '1317') },
  {
    type: 'road',
    name: "road to Dispatch Station and Bottom's Bridge",
    hexes: path('1404', '1717', '1818', '1823', '1826'),
  },
  {
    type: 'road',
    name: 'Williamsburg Stage Road east (toward White House, the Train, 2426)',
    hexes: path('1826', '2426'),
  },
  // South bank.
  {
    type: 'road',
    name: "Williamsburg Road (Richmond - Seven Pines - Savage's Station - Bottom's Bridge)",
    hexes: path('0117', '0917', '1120', '1521', '1726'),
  },
  { type: 'road', name: "Bottom's Bridge", hexes: ['1726', '1826'] },
  { type: 'road', name: 'Nine Mile Road', hexes: path('0110', '0512', '0613', '0917') },
  {
    type: 'road',
    name: "Quaker Road (Savage's Station - the James, 1528)",
    hexes: path('1521', '1425', '1528'),
  },
  {
    type: 'road',
    name: 'Charles City Road',
    hexes: path('0126', '0226', '0326', '0725', '1126', '1425'),
  },
  { type: 'trail', name: 'Darbytown trail', hexes: path('0328', '0526', '0725') },
  { type: 'trail', name: 'Long Bridge trail', hexes: path('0728', '0826', '0725') },
  {
    type: 'trail',
    name: "Brackett's Ford trail",
    hexes: path('0126', '0125', '0224', '0325', '0526'),
  },
  {
    type: 'trail',
    name: 'Union lines trail (0410-0419)',
    hexes: path('0409', '0419', '0421', '0725'),
  },
  {
    type: 'railway',
    name: 'Richmond and York River Railroad',
    hexes: path('0114', '0613', '1018', '1521', '1723', '1823', '2422'),
  },
];

// --------------------------------------------------------- hex terrain ----
const { hexes, set, setNamed } = hexTable(grid);
const onRoute = new Set(ROUTES.flatMap((r) => r.hexes));
// Chickahominy bottoms: the south-bank hexes along the river are swamp, except
// where a road or trail reaches a bridge (the causeways).
for (const h of grid.all()) {
  if (bank(h) !== 'south' || onRoute.has(h) || col(h) < 5) continue;
  if (grid.neighbours(h).some((n) => bank(n) === 'north')) set(h, { terrain: 'swamp' });
}
const named: Array<[string, HexSpec['terrain'], string[], (1 | 2 | 3)?]> = [
  // 23.1: "The Union units will be doubled on defence since they occupy rough Terrain".
  [
    "Porter's line behind Beaver Dam Creek",
    'rough',
    ['0908', '1007', '1008', '1009', '0907', '0906'],
  ],
  [
    "plateau west of Powhite Creek (Porter's reserve)",
    'rough',
    ['1107', '1108', '1106', '1207', '1208', '1306'],
  ],
  ["Boatswain's Swamp", 'swamp', ['1209', '1210']],
  ['Beaver Dam Creek bluffs', 'rough', ['0805', '0806', '0807']],
  ['Mechanicsville', 'town', ['0303']],
  ['Old Cold Harbor', 'clear', ['1404']],
  ['Dispatch Station', 'clear', ['1823']],
  ["Bottom's Bridge (east end)", 'clear', ['1826']],
  ["Savage's Station", 'clear', ['1521']],
  ['Fair Oaks', 'clear', ['1018']],
  ['Seven Pines', 'clear', ['0917']],
  ['Fair Oaks woods', 'forest', ['1017', '1019', '1119', '1219', '1220']],
  [
    'White Oak Swamp (North Branch)',
    'swamp',
    ['0124', '0223', '0224', '0225', '0324', '0325', '0423', '0424'],
  ],
  [
    'woods south of the Williamsburg Road',
    'forest',
    ['0619', '0620', '0720', '0721', '0820', '1322', '1323', '1423'],
  ],
  [
    'Chickahominy woods north bank',
    'forest',
    ['1514', '1613', '1615', '1716', '1917', '1918', '2019'],
  ],
  ['Cold Harbor woods', 'forest', ['1502', '1503', '1602', '1703']],
];
for (const [name, terrain, list, level] of named)
  setNamed(name, list, { terrain, ...(level ? { level } : {}) });
set('0117', {
  terrain: 'clear',
  name: 'Williamsburg Road to Richmond (exit 19.11; Confederate entry 17.32)',
});
set('1528', { terrain: 'clear', name: 'Quaker Road to the James (exit 19.11; Union entry 17.31)' });
set('2426', {
  terrain: 'clear',
  name: 'Williamsburg Stage Road from White House (Train entry 17.31)',
});

// ----------------------------------------------------------- hexsides ----
const sides = new HexsideTable(grid);
for (const [a, b] of adjacentPairs(grid))
  if (bank(a) !== bank(b)) sides.add(a, b, { type: 'creek' });
for (const [a, b] of WHITE_OAK) sides.add(a, b, { type: 'creek' });
for (const s of streams) for (const [a, b] of s.sides) sides.add(a, b, { type: 'stream' });
for (const l of LAKES) {
  for (const [a, b] of l.sides) {
    sides.remove(a, b, 'stream');
    sides.add(a, b, { type: 'lake' });
  }
}
for (const b of [...CHICKAHOMINY_BRIDGES, WHITE_OAK_BRIDGE])
  sides.add(...b.between, { type: 'bridge' });
sides.add(...THE_FORD.between, { type: 'ford' });
// Roads and trails cross streams by bridges (18.52 "except where a bridge is present").
for (const [a, b] of routeLinks(ROUTES))
  if (sides.has(a, b, 'stream')) sides.add(a, b, { type: 'bridge' });

// ------------------------------------------------------------ document ----
const doc: MapDocument = reconstructedMap({
  id: 'road-to-richmond',
  title: "Road to Richmond (Seven Days' Battles, 26-28 June 1862)",
  grid: layout,
  defaultHex: { terrain: 'clear' },
  hexes,
  hexsides: sides.values(),
  routes: ROUTES,
  notes: [
    "The printed SPI Road to Richmond map is not in the rules text (seed 000). This map is reconstructed: only the facts below come from the text; the rest follows the historical field of 26-28 June 1862 (Mechanicsville, Gaines' Mill, the Chickahominy crossings, the Williamsburg Road and the roads to the James) and is approximate.",
    'From the text: the Chickahominy River is a creek from hexside 0103-0104 to 1827-1728 and the North Branch of White Oak Swamp River a creek from hexsides 0122-0123 and 0322-0422 to 0128-0227, impassable except at bridges and "the ford"; every other creek is a stream, including all the branches of the Chickahominy (18.3); a stream borders 0407, 0308 and 0208 (17.4 i); lake hexsides exist and are impassable like creek hexsides (18.4); swamps exist (18.6); the Union set-up holds rough terrain (23.1); the Confederate centre faces "the rough, lakes, and streams" and the left is an "open expanse" (23.2); 0117 and 1528 are exit hexes where roads leave the map (19.11); 2426 is where the Train enters and a road or trail leaves the map (17.31, 22.22); 0103, 1301/1901, 0117, 0728/0328/0126 are Confederate entry hexes and 1528 a Union one (17.3); the Command Control Zone is 0116-0122, 0215-0221 and (read) 0316-0322 (18.2); 1823 and 1826 are victory hexes (22.13); a Line of Communication runs along roads or trails from 0117 to 1528 (22.21); every set-up hex of 16.1.',
    'Grid (reconstructed): flat-topped hexes in vertical columns, 0101 top left, even columns half a hex lower, columns 01-24 west to east, rows 01-28 north to south, north at the top; the half hexes 0228, 0428, ..., 2428 at the foot of the even columns are not on the sheet. Reasons: 1827-1728, 0128-0227 and 0322-0422 are hexsides only if even columns lie lower; 1827-1728 and 0128-0227 end their creeks at the map edge only if the even columns stop at row 27; 0103 (Confederates from Richmond via Mechanicsville), 0117 (the road to Richmond) and 0126 lie on the west edge; 1301 and 1901 (Jackson, from the north) on the north edge; 0328, 0728 and 1528 (the roads south toward the James) on the south edge; 2426 (from White House) on the east edge.',
    "Chickahominy (reconstructed course): enters at the west edge between 0103 and 0104, runs east-south-east (last north-bank row 3 in columns 01-02, rising to 10 in column 10, 13 in column 14, 19 in column 17), then turns south between columns 17 and 18 and leaves the map between 1728 and 1827. North bank: Porter's V Corps, the 1/CR cavalry, the Confederate entries 0103 and 1301/1901, the Train entry 2426, the victory hexes 1823 and 1826. South bank: VI Corps, 1/2/IV (1726, at Bottom's Bridge), every Union reinforcement hex (0410-0419, 1528), the Command Control Zone and 0117, 0126, 0328, 0728. The south-bank hexes along the river (columns 05 and east) are swamp (the Chickahominy bottoms) except where a road or trail reaches a bridge.",
    "Chickahominy bridges (reconstructed places; the text says only \"bridges\"): Mechanicsville Bridge 0203/0204, New Bridge 0607/0608, Woodbury's 0909/0910, Alexander's 1110/1111, Grapevine 1312/1313, the York River Railroad bridge 1723/1823 (Dispatch Station), Bottom's Bridge 1726/1826. 1823 and 1826 (22.13) are placed as the north-east ends of the railroad bridge and Bottom's Bridge.",
    'The foothold (17.4 i, 23.2): the south-bank hexes 0104-0107, 0204-0207, 0305-0307 and 0406 lie between the Chickahominy and a stream branching off it that borders 0507, 0407, 0308, 0208 and 0108; a Confederate unit there does not trigger Activation.',
    'White Oak Swamp North Branch (reconstructed course): the boundary of a pocket of ten hexes in the south-west corner (0123-0128, 0223-0226), from the west edge at 0122/0123 along the south side of the Command Control Zone and down to the foot of the map at 0128/0227, with an east head from 0322/0422 down the sides of 0323 (0322/0422, 0323/0422, 0323/0423, 0323/0324) to the junction; swamp hexes along it. Crossings: White Oak Bridge 0226/0326 on the Charles City Road from 0126, and "the ford" (Brackett\'s Ford) 0224/0325. Which creek "the ford" of 18.3 is on is not stated; it is placed here.',
    "Streams (reconstructed): Beaver Dam Creek between columns 08 and 09 from the north edge to the Chickahominy (Porter's first line); Powhite Creek and Boatswain's Swamp between columns 12 and 13, rows 02-11 (Gaines' Mill); a south-bank branch between columns 09 and 10, rows 11-16; the branch south of the foothold (17.4 i). Roads and trails cross streams by bridges. Lake hexsides (mill ponds): Ellerson's Mill pond on Beaver Dam Creek (rows 04-05), Gaines' Mill pond on Powhite Creek (rows 03-04), a millpond on the south-bank branch (row 13).",
    "Roads and trails (reconstructed from the historical network): Mechanicsville road and Turnpike (0103 - Mechanicsville 0303 - Mechanicsville Bridge - 0110), Old Church Road (Mechanicsville - Gaines' Mill - Old Cold Harbor 1404), roads from 1301 and 1901 to Old Cold Harbor, New Bridge road, trails over Woodbury's, Alexander's and Grapevine Bridges, the road from Old Cold Harbor by Dispatch Station (1823) to Bottom's Bridge (1826) and the Williamsburg Stage Road east to 2426; south of the river the Williamsburg Road (0117 - Seven Pines 0917 - Savage's Station 1521 - Bottom's Bridge 1726), the Nine Mile Road, the Quaker Road (Savage's Station - 1528), the Charles City Road (0126 - White Oak Bridge - Quaker Road), trails from 0328 and 0728 and over Brackett's Ford, a trail behind the Union lines (0409-0421), and the Richmond and York River Railroad (0114 - Fair Oaks 1018 - Savage's Station - railroad bridge - 2422). The Line of Communication 0117-1528 (22.21) runs by the Williamsburg and Quaker Roads.",
    'Terrain (reconstructed): clear by default (the "open expanse" of 23.2 north of the river); rough for Porter\'s positions behind Beaver Dam Creek and on the plateau west of Powhite Creek (23.1) and the Beaver Dam Creek bluffs; swamp in the Chickahominy bottoms, Boatswain\'s Swamp and White Oak Swamp; woods at Fair Oaks, south of the Williamsburg Road, on the north bank by the lower river and near Cold Harbor; Mechanicsville a town hex. No elevations, slopes or ridges: the text gives none.',
  ],
});

// -------------------------------------------------------------- checks ----
const checks = new FactChecks('Road to Richmond');
const { check } = checks;
const spec = hexSpecOf(doc);
const has = sides.has.bind(sides);
// 18.3: the two creeks' end hexsides, at the map edge where the text puts them.
check(
  has('0103', '0104', 'creek') && grid.isEdge('0103') && grid.isEdge('0104'),
  'Chickahominy from 0103-0104 at the west edge',
);
check(
  has('1827', '1728', 'creek') && grid.isEdge('1827') && grid.isEdge('1728'),
  'Chickahominy to 1827-1728 at the south edge',
);
for (const [a, b] of [
  ['0122', '0123'],
  ['0322', '0422'],
  ['0128', '0227'],
])
  check(has(a, b, 'creek'), `White Oak Swamp North Branch at ${a}-${b}`);
check(
  grid.isEdge('0122') && grid.isEdge('0128') && grid.isEdge('0227'),
  'White Oak Swamp North Branch from the west edge to the south edge',
);
// 17.4 i: a stream borders 0407, 0308, 0208, on the south bank.
for (const h of ['0407', '0308', '0208']) {
  check(
    bank(h) === 'south' && grid.neighbours(h).some((n) => has(h, n, 'stream')),
    `a stream borders ${h}`,
  );
}
// 19.11, 17.3: entry and exit hexes on the right edges and banks.
const edge = (h: string, e: 'north' | 'east' | 'south' | 'west', b: Bank): void =>
  check(grid.edgesOf(h).includes(e) && bank(h) === b, `${h} on the ${e} edge, ${b} bank`);
edge('0103', 'west', 'north');
edge('1301', 'north', 'north');
edge('1901', 'north', 'north');
edge('0117', 'west', 'south');
edge('0126', 'west', 'south');
edge('0328', 'south', 'south');
edge('0728', 'south', 'south');
edge('1528', 'south', 'south');
edge('2426', 'east', 'north');
// 19.11, 22.21, 22.22: exits and the Train's entry are on roads leaving the map.
for (const h of ['0117', '1528', '2426'])
  check(
    ROUTES.some(
      (r) => r.type !== 'railway' && (r.hexes[0] === h || r.hexes[r.hexes.length - 1] === h),
    ),
    `a road ends at ${h}`,
  );
// Every road or trail crossing a creek does so at a bridge or ford; every crossing carries one.
checkRoutes(checks, grid, ROUTES, { sides });
for (const [a, b, r] of routeLinks(ROUTES))
  check(!has(a, b, 'lake'), `${r.name} crosses a lake hexside at ${a}/${b}`);
const links = new Set([...routeLinks(ROUTES)].map(([a, b]) => hexsideKey(a, b)));
for (const b of [...CHICKAHOMINY_BRIDGES, WHITE_OAK_BRIDGE, THE_FORD]) {
  check(has(...b.between, 'creek'), `${b.name} crosses a creek`);
  check(links.has(hexsideKey(...b.between)), `${b.name} carries a road, trail or railway`);
}
check(
  spec('1823').terrain !== 'swamp' && spec('1826').terrain !== 'swamp',
  'victory hexes are dry',
);

checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const roadToRichmondMap: MapDocument = doc;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
