/**
 * Builds scenarios/peachtree-creek/map.json: the Peachtree Creek map sheet
 * reconstructed from the rules text (seed 000 lines 8708-8853 and the TEC
 * footnote #, lines 1061-1065) and the historical field of 20 July 1864. The
 * printed map is not in the text, so everything here except the facts the
 * text states is reconstruction; map.json's notes say which is which.
 *
 * Run: npx ts-node -T scenarios/peachtree-creek/build-map.ts
 * The committed map.json is what the service loads; this script is how it was
 * made and re-checked. It throws if any fact the text gives does not hold, and
 * test/unit/scenarios/peachtree-creek.spec.ts checks that map.json is its
 * output.
 *
 * Grid: flat-topped hexes in vertical columns, "0101" top left, even columns
 * half a hex lower (SPI practice), columns 01-53 west to east, rows 01-28
 * north to south, north at the top; the even columns keep their row 28
 * (5028 is a hex of the TEC footnote).
 */
import { join } from 'path';
import { HexGrid } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { HexSpec, HexsideFeature, MapDocument, RouteSpec } from '../../src/engine/types';
import {
  FactChecks,
  HexsideTable,
  L,
  adjacentPairs,
  checkRoutes,
  col,
  hexSpecOf,
  hexTable,
  path as linePath,
  reach,
  reconstructedMap,
  routeLinks,
  row,
  spiSheet,
  writeMapJson,
  isWater,
} from '../lib/map-builder';

export const COLUMNS = 53;
export const ROWS = 28;
const layout: GridLayout = spiSheet(COLUMNS, ROWS, 'north');
const grid = new HexGrid(layout);
const path = (...waypoints: string[]): string[] => linePath(grid, ...waypoints);

// ------------------------------------------------------ named hexes (text) ----
/** 18.12 ii: ten Victory Points each for occupying 3803 or 4905 at any time. */
export const ANY_TIME_OBJECTIVES = ['3803', '4905'];
/** 18.12 iii: five Victory Points each for occupying 3804 and 4806 at the end. */
export const END_OBJECTIVES = ['3804', '4806'];
/** 16.1: three Breastworks Markers facing south. */
export const BREASTWORKS_HEXES = ['4709', '4809', '4909'];
/** TEC footnote # ii: the entrenchment hexsides whose inside is west, not south. */
export const WEST_FACING_ENTRENCHMENT_HEXES = ['5028', '5227', '5327'];

// ------------------------------------------------------- Peachtree Creek ----
// The creek is the boundary between the north bank (row <= NORTH_BANK[column])
// and the south bank. It runs from the west edge to the east edge, north of
// the Union line, with 3803/3804 and 4905/4806 on either side of it.
const NORTH_BANK: Record<number, number> = {};
for (let c = 1; c <= COLUMNS; c++)
  NORTH_BANK[c] =
    c <= 12 ? 8 : c <= 22 ? 7 : c <= 30 ? 5 : c <= 36 ? 4 : c <= 41 ? 3 : c <= 45 ? 4 : 5;
export type Bank = 'north' | 'south';
export const bankOf = (h: string): Bank => (row(h) <= NORTH_BANK[col(h)] ? 'north' : 'south');

// --------------------------------------------------------------- routes ----
export const HOWELL_MILL_BRIDGE: [string, string] = ['3803', '3804'];
export const PEACHTREE_ROAD_BRIDGE: [string, string] = ['4905', '4906'];
const roads: RouteSpec[] = [
  {
    type: 'road',
    name: 'Peachtree Road',
    hexes: path('4901', '4905', '4906', '4909', '4714', '4522', '4428'),
  },
  {
    type: 'road',
    name: 'Howell Mill Road',
    hexes: path('3701', '3803', '3804', '3710', '3418', '3228'),
  },
  { type: 'road', name: 'Moore’s Mill Road', hexes: path('2101', '2607', '2608', '2614', '2522') },
  { type: 'road', name: 'Collier Road', hexes: path('2614', '3412', '3710', '4410', '4909') },
  {
    type: 'road',
    name: 'Marietta Road',
    hexes: path('0312', '1018', '1822', '2526', '3228'),
  },
  { type: 'road', name: 'Buckhead Road', hexes: path('4905', '5305') },
];
const railway: RouteSpec = {
  type: 'railway',
  name: 'Western and Atlantic Railroad',
  hexes: path('0107', '0911', '1813', '2420', '2828'),
};
const routes: RouteSpec[] = [...roads, railway];

// ------------------------------------------------------------- hexsides ----
const sides = new HexsideTable(grid);
for (const [a, b] of adjacentPairs(grid))
  if (bankOf(a) !== bankOf(b)) sides.add(a, b, { type: 'creek' });
// Every road or railway over the creek crosses by a bridge.
export const BRIDGES: Array<[string, string]> = [];
for (const [a, b] of routeLinks(routes))
  if (sides.has(a, b, 'creek') && !sides.has(a, b, 'bridge')) {
    sides.add(a, b, { type: 'bridge' });
    BRIDGES.push([a, b]);
  }
/** Fords of the creek between the bridges (reconstructed). */
export const FORDS: Array<[string, string]> = [
  ['1508', '1509'],
  ['3104', '3105'],
  ['4403', '4404'],
];
for (const [a, b] of FORDS) sides.add(a, b, { type: 'ford' });

/**
 * Entrenchments (TEC footnote #): the works north of Atlanta from which the
 * Confederates advanced, an east-west line whose inside is south (the row
 * below INSIDE_FROM_ROW), and three west-facing hexsides at the south-east
 * corner (the exception of TEC # ii).
 */
const INSIDE_FROM_ROW = 23;
const LINE_COLUMNS = { from: 3, to: 47 };
export const ENTRENCHMENTS: Array<{ between: [string, string]; friendly: string }> = [];
for (const [a, b] of adjacentPairs(grid)) {
  const ca = col(a);
  const cb = col(b);
  if (Math.min(ca, cb) < LINE_COLUMNS.from || Math.max(ca, cb) > LINE_COLUMNS.to) continue;
  const ia = row(a) >= INSIDE_FROM_ROW;
  const ib = row(b) >= INSIDE_FROM_ROW;
  if (ia !== ib) ENTRENCHMENTS.push({ between: [a, b], friendly: ia ? a : b });
}
export const WEST_FACING_ENTRENCHMENTS: Array<{ between: [string, string]; friendly: string }> = [
  { between: ['5028', '5128'], friendly: '5028' },
  { between: ['5227', '5327'], friendly: '5227' },
  { between: ['5227', '5328'], friendly: '5227' },
];
for (const e of [...ENTRENCHMENTS, ...WEST_FACING_ENTRENCHMENTS]) {
  const f: HexsideFeature = { type: 'entrenchment', friendly: e.friendly };
  sides.add(e.between[0], e.between[1], f);
}

// ---------------------------------------------------------- hex terrain ----
const { hexes, setNamed, set } = hexTable(grid);
type Feature = [string, HexSpec['terrain'], string[]];
const woods: Feature[] = [
  // The field was thickly wooded along the creek and its branches (Tanyard Branch, Clear Creek).
  ['Woods along the creek (west)', 'forest', ['0907', '1007', '1107', '1307', '1406', '1506']],
  ['Woods along Nancy Creek road', 'forest', ['2004', '2104', '2203', '2303']],
  ['Tanyard Branch ravine', 'forest-rough', ['4006', '4007', '4107', '4108', '4207']],
  ['Woods before Collier Road', 'forest', ['3011', '3012', '3111', '3210', '3311']],
  ['Woods before Newton', 'forest', ['4613', '4713', '4813', '4912', '5012']],
  ['Clear Creek bottom', 'swamp', ['5107', '5108', '5208', '5209']],
  [
    'Woods south of the battlefield',
    'forest',
    ['1418', '1518', '1517', '2216', '2316', '2317', '3916', '4016', '4017', '4116'],
  ],
  ['Woods north of the creek', 'forest', ['2802', '2902', '3002', '4302', '4402', '4502']],
];
for (const [name, terrain, list] of woods) setNamed(name, list, { terrain });
set('3803', { terrain: 'clear', name: 'Howell Mill Road crossing, north bank (18.12 ii)' });
set('3804', { terrain: 'clear', name: 'Howell Mill Road crossing, south bank (18.12 iii)' });
set('4905', { terrain: 'clear', name: 'Peachtree Road crossing, north bank (18.12 ii)' });
set('4806', { terrain: 'clear', name: 'behind Newton’s line on Peachtree Road (18.12 iii)' });
// The ridge along Collier Road and Peachtree Road where the Union line stood.
setNamed('Collier Road ridge', ['4709', '4809', '4909', '4609', '4510', '4410'], {
  terrain: 'clear',
  level: 2,
});

// ------------------------------------------------------------- document ----
const doc: MapDocument = reconstructedMap({
  id: 'peachtree-creek',
  title: 'Peachtree Creek (Atlanta Campaign, 20 July 1864)',
  grid: layout,
  defaultHex: { terrain: 'clear' },
  hexes,
  hexsides: sides.values(),
  routes,
  notes: [
    'The printed Peachtree Creek map sheet is not in the rules text (seed 000). This map is reconstructed: only the facts below come from the text; the rest follows the historical field of 20 July 1864 (Thomas’s Army of the Cumberland just across Peachtree Creek, the Confederate works of Atlanta to the south) and is approximate.',
    'From the text: the sheet is the Peachtree Creek map sheet, and Peachtree Creek is named (15.0); 3803 and 4905 (ten Victory Points each if the Confederate ever occupies them) and 3804 and 4806 (five each if he occupies them at the end), all held by the Union at the start (18.12, 18.13); three Breastworks facing south in 4709, 4809 and 4909 (16.1); entrenchment hexsides whose inside is south of the hexside, except the hexsides in 5028, 5227 and 5327, whose inside is west (TEC footnote # ii). So the sheet has at least 53 columns and 28 rows.',
    'Grid (reconstructed): flat-topped hexes in vertical columns, 0101 top left, even columns half a hex lower; columns 01-53 west to east, rows 01-28 north to south; north at the top; the even columns keep row 28 (5028 is a hex of the text). Reasons: the Breastworks face south, toward the Confederates who came out of the works north of Atlanta, and the works are inside to the south, so north is at the top; 5327 and 5028 fix the size.',
    'Peachtree Creek (reconstructed course): a creek (6.29: impassable except by bridges and fords) from the west edge (between rows 08 and 09) to the east edge (between rows 05 and 06), running close under the north edge at columns 37-41 (between rows 03 and 04), so that 3803 and 4905 are on its north bank and 3804 and 4806 on its south bank, behind the Union line (rows 09-13). Bridges: Howell Mill Road 3803/3804, Peachtree Road 4905/4906, Moore’s Mill Road and the railway bridge (each road or railway over the creek has one); fords 1508/1509, 3104/3105, 4403/4404.',
    'Objectives (reading): 3803 and 4905 are read as the north ends of the Howell Mill Road and Peachtree Road crossings (a Confederate there has broken through to the creek), 3804 and 4806 as the ground just south of them.',
    'Entrenchments (reconstructed): the Confederate works north of Atlanta as entrenchment hexsides (10.1: +1 MP; attacker halved and one column left), an east-west line between rows 22 and 23 from column 03 to column 47, inside to the south; and three west-facing hexsides at the south-east corner, 5028/5128, 5227/5327 and 5227/5328, inside to the west (5028, 5227) as the footnote makes them — of which 5227/5328 is one where "south of the hexside" would give the other side. Where exactly the printed works run is not in the text.',
    'Roads (reconstructed): Peachtree Road north-south through the Union left (4905, 4909) to the south edge toward Atlanta; Howell Mill Road through 3803/3804; Moore’s Mill Road and Marietta Road in the west; Collier Road along the ridge of the Union line; the Buckhead road east from 4905; the Western and Atlantic Railroad from the west edge to the south edge.',
    'Terrain (reconstructed): clear by default; woods along the creek and its branches, the Tanyard Branch ravine (forest-rough), the Clear Creek bottom (swamp), woods before the Union line; the Collier Road ridge where the Breastworks stand is level 2.',
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Peachtree Creek');
const { check } = checks;
const spec = hexSpecOf(doc);
const land = (h: string): boolean => !isWater(spec(h).terrain);
check(grid.has(L(53, 28)) && grid.has(L(53, 1)) && grid.has('5028'), 'the sheet is 53 × 28');
for (const h of [...ANY_TIME_OBJECTIVES, ...END_OBJECTIVES, ...BREASTWORKS_HEXES])
  check(grid.has(h) && land(h), `${h} is a land hex of the sheet`);
for (const h of ANY_TIME_OBJECTIVES) check(bankOf(h) === 'north', `${h} north of Peachtree Creek`);
for (const h of [...END_OBJECTIVES, ...BREASTWORKS_HEXES])
  check(bankOf(h) === 'south', `${h} south of Peachtree Creek`);
check(
  sides.has(...HOWELL_MILL_BRIDGE, 'bridge') && sides.has(...PEACHTREE_ROAD_BRIDGE, 'bridge'),
  'the 3803/3804 and 4905/4906 crossings are bridges',
);
// The creek crosses the whole sheet: without crossing a creek hexside, nothing south of it is reached from the north.
const northBank = reach(grid, '0101', (a, b) => !sides.has(a, b, 'creek'));
check(
  northBank.has('5301') && !northBank.has('0128') && !northBank.has('5328'),
  'Peachtree Creek divides the sheet from the west edge to the east edge',
);
check(
  BRIDGES.length >= 4 && BRIDGES.every(([a, b]) => bankOf(a) !== bankOf(b)),
  'every road and the railway cross the creek by bridges',
);
// 16.1: the Breastworks face south: the three hexsides toward the south of each hex exist.
for (const h of BREASTWORKS_HEXES)
  check(
    grid.neighbours(h).filter((n) => {
      const b = grid.bearing(h, n);
      return b > 90 && b < 270;
    }).length === 3,
    `${h} has three hexsides facing south`,
  );
// TEC #: inside south of every entrenchment hexside, but west of those in 5028, 5227, 5327.
const entrenchments = doc.hexsides.flatMap((s) =>
  s.features
    .filter((f) => f.type === 'entrenchment')
    .map((f) => ({ between: s.between, friendly: (f as { friendly: string }).friendly })),
);
check(entrenchments.length > 40, 'the entrenchment line is drawn');
for (const e of entrenchments) {
  const other = e.between[0] === e.friendly ? e.between[1] : e.between[0];
  const inException = e.between.some((h) => WEST_FACING_ENTRENCHMENT_HEXES.includes(h));
  const bearing = grid.bearing(other, e.friendly);
  if (inException)
    check(col(e.friendly) < col(other), `${e.between.join('/')}: inside west (TEC # ii)`);
  else
    check(
      bearing > 90 && bearing < 270,
      `${e.between.join('/')}: inside south of the hexside (TEC # ii)`,
    );
}
for (const h of WEST_FACING_ENTRENCHMENT_HEXES)
  check(
    entrenchments.some((e) => e.between.includes(h)),
    `an entrenchment hexside in ${h} (TEC # ii)`,
  );
check(
  entrenchments.some((e) => {
    const other = e.between[0] === e.friendly ? e.between[1] : e.between[0];
    const b = grid.bearing(other, e.friendly);
    return e.between.includes('5227') && !(b > 90 && b < 270);
  }),
  'one west-facing hexside where "south of the hexside" would give the other side',
);
checkRoutes(checks, grid, routes, { onLand: land, sides });

checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const peachtreeCreekMap: MapDocument = doc;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
