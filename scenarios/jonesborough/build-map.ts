/**
 * Builds scenarios/jonesborough/map.json: the Jonesborough map sheet
 * reconstructed from the rules text (seed 000 lines 8972-9061, the 19.0
 * errata) and the historical field of 31 August 1864. The printed map is not
 * in the text, so everything here except the facts the text states is
 * reconstruction; map.json's notes say which is which.
 *
 * Run: npx ts-node -T scenarios/jonesborough/build-map.ts
 * The committed map.json is what the service loads; this script is how it was
 * made and re-checked. It throws if any fact the text gives does not hold, and
 * test/unit/scenarios/jonesborough.spec.ts checks that map.json is its output.
 *
 * Grid: one sheet whose hexes carry the "J" prefix of the 19.0 errata
 * ("J2410"); flat-topped hexes in vertical columns, "J0101" top left, even
 * columns half a hex lower (SPI practice), columns 01-30 west to east, rows
 * 01-20 north to south, north at the top.
 */
import { join } from 'path';
import { HexGrid, formatLabel, parseLabel } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { HexSpec, MapDocument, RouteSpec } from '../../src/engine/types';
import {
  FactChecks,
  HexsideTable,
  adjacentPairs,
  checkRoutes,
  hexSpecOf,
  hexTable,
  path as linePath,
  reach,
  reconstructedMap,
  routeLinks,
  spiSheet,
  writeMapJson,
  isWater,
} from '../lib/map-builder';

/** The sheet prefix of the 19.0 errata (the only hex numbers of the text that carry one). */
export const PREFIX = 'J';
export const COLUMNS = 30;
export const ROWS = 20;
const layout: GridLayout = { ...spiSheet(COLUMNS, ROWS, 'north'), prefix: PREFIX };
const grid = new HexGrid(layout);
const path = (...waypoints: string[]): string[] => linePath(grid, ...waypoints);
/** The label of column c, row r on this sheet ("J2410"). */
export const J = (c: number, r: number): string => formatLabel(c, r, PREFIX);
const col = (h: string): number => parseLabel(h)!.column;
const row = (h: string): number => parseLabel(h)!.row;

// ------------------------------------------------------ named hexes (text) ----
/** 19.0 errata: the corrected Confederate set-up hexes, as printed ("Hotzclaw" kept). */
export const ERRATA_SETUP: Array<{ designation: string; hex: string }> = [
  { designation: 'Brantly', hex: 'J2410' },
  { designation: 'Deas', hex: 'J2409' },
  { designation: 'Sharp', hex: 'J2408' },
  { designation: 'Baker', hex: 'J2414' },
  { designation: 'Stovall', hex: 'J2413' },
  { designation: 'Cumming', hex: 'J2412' },
  { designation: 'Manigault', hex: 'J2510' },
  { designation: 'Hotzclaw', hex: 'J2509' },
  { designation: 'Gibson', hex: 'J2508' },
];
/** 18.12 ii, iii: "hex 1515" and "hex 1706", read as hexes of this one sheet (J1515, J1706). */
export const OBJECTIVE_1515 = J(15, 15);
export const OBJECTIVE_1706 = J(17, 6);

// ----------------------------------------------------------- Flint River ----
// The river is the boundary between the west bank (column <= WEST_BANK[row])
// and the east bank; it runs the length of the sheet from north to south.
const WEST_BANK: Record<number, number> = {};
for (let r = 1; r <= ROWS; r++) WEST_BANK[r] = r <= 4 ? 17 : r <= 9 ? 16 : r <= 14 ? 14 : 13;
export type Bank = 'west' | 'east';
export const bankOf = (h: string): Bank => (col(h) <= WEST_BANK[row(h)] ? 'west' : 'east');
/** Every hex east of the Flint River (16.1: the Union Breastworks). */
export const EAST_OF_FLINT = grid.all().filter((h) => bankOf(h) === 'east');

// --------------------------------------------------------------- routes ----
const railway: RouteSpec = {
  type: 'railway',
  name: 'Macon and Western Railroad',
  hexes: path(J(27, 1), J(27, 20)),
};
const roads: RouteSpec[] = [
  // The Fayetteville road from the west over the Flint River bridge (J1606/J1706) to Jonesboro.
  {
    type: 'road',
    name: 'Fayetteville road',
    hexes: path(J(1, 7), J(10, 6), J(16, 6), J(17, 6), J(22, 8), J(26, 10), J(30, 10)),
  },
  { type: 'road', name: 'Atlanta road', hexes: path(J(26, 1), J(26, 10)) },
  { type: 'road', name: 'Lovejoy road', hexes: path(J(26, 10), J(26, 20)) },
  {
    type: 'road',
    name: 'road south along the river',
    hexes: path(J(22, 8), J(18, 12), J(15, 15), J(14, 20)),
  },
];
const routes: RouteSpec[] = [...roads, railway];

// ------------------------------------------------------------- hexsides ----
const sides = new HexsideTable(grid);
for (const [a, b] of adjacentPairs(grid))
  if (bankOf(a) !== bankOf(b)) sides.add(a, b, { type: 'river' });
export const FLINT_BRIDGE: [string, string] = [J(16, 6), J(17, 6)];
sides.add(...FLINT_BRIDGE, { type: 'bridge' });
// A ford lower down (reconstructed).
export const FLINT_FORD: [string, string] = [J(14, 17), J(15, 17)];
sides.add(...FLINT_FORD, { type: 'ford' });

// ---------------------------------------------------------- hex terrain ----
const { hexes, setNamed, set } = hexTable(grid);
export const JONESBORO = [J(26, 9), J(26, 10), J(27, 10), J(27, 11), J(28, 10)];
setNamed('Jonesboro', JONESBORO, { terrain: 'town' });
type Feature = [string, HexSpec['terrain'], string[], (1 | 2 | 3)?];
const features: Feature[] = [
  [
    'Flint River bottom (west)',
    'forest',
    [J(15, 2), J(15, 3), J(14, 8), J(15, 8), J(13, 11), J(12, 16), J(12, 17)],
  ],
  ['Flint River bottom (east)', 'swamp', [J(18, 3), J(17, 9), J(15, 12), J(14, 17)]],
  [
    'the ridge east of the river (the Union line)',
    'clear',
    [J(18, 6), J(18, 7), J(18, 8), J(19, 8), J(19, 9), J(18, 10), J(17, 11)],
    2,
  ],
  ['woods west of Jonesboro', 'forest', [J(22, 11), J(22, 12), J(23, 12), J(21, 13)]],
  ['woods north of the Fayetteville road', 'forest', [J(21, 4), J(22, 4), J(22, 5), J(23, 5)]],
];
for (const [name, terrain, list, level] of features)
  setNamed(name, list, { terrain, ...(level ? { level } : {}) });
set(OBJECTIVE_1706, {
  terrain: 'clear',
  name: 'the Flint River bridge, east end (18.12 iii)',
  level: 2,
});
set(OBJECTIVE_1515, { terrain: 'clear', name: 'the river road south (18.12 ii)' });

// ------------------------------------------------------------- document ----
const doc: MapDocument = reconstructedMap({
  id: 'jonesborough',
  title: 'Jonesborough (Atlanta Campaign, 31 August 1864)',
  grid: layout,
  defaultHex: { terrain: 'clear' },
  hexes,
  hexsides: sides.values(),
  routes,
  notes: [
    'The printed Jonesborough map sheet is not in the rules text (seed 000). This map is reconstructed: only the facts below come from the text; the rest follows the historical field of 31 August 1864 (Howard’s Army of the Tennessee across the Flint River on the ridge west of Jonesboro, Hardee’s two corps attacking from the Macon and Western Railroad) and is approximate.',
    'From the text: the Flint River, with Union Breastworks in every hex a Union unit occupies east of it (16.1); 1515 and 1706, each held by the Union at the start and worth five and 25 Victory Points to the Confederate if he ever occupies it (18.12, 18.13); the nine corrected Confederate set-up hexes of the 19.0 errata, J2410, J2409, J2408, J2414, J2413, J2412, J2510, J2509, J2508. So the sheet has at least 25 columns and 15 rows.',
    'The "J" prefix (reading): only the 19.0 errata print it; the victory hexes of 18.12 do not. The game has one map sheet, so J is read as that sheet’s prefix and every hex of it carries it: 1515 and 1706 are J1515 and J1706.',
    'Grid (reconstructed): flat-topped hexes in vertical columns, J0101 top left, even columns half a hex lower; columns 01-30 west to east, rows 01-20 north to south; north at the top. Reasons: the Confederates attacked from Jonesboro westward against the Union across the Flint River, so their set-up column 24-25 lies east of the river and of the victory hexes; the Flint runs north to south.',
    'Flint River (reconstructed course): a river (6.27: impassable but by its bridge and ford) from the north edge to the south edge, between columns 17/18 in rows 01-04, 16/17 in rows 05-09, 14/15 in rows 10-14 and 13/14 in rows 15-20. The Fayetteville road crosses it by the bridge J1606/J1706; a ford J1417/J1517 lower down. J1706 (the bridge’s east end, on the ridge) and J1515 (the river road behind the Union left) are on the east bank.',
    'Roads and railway (reconstructed): the Macon and Western Railroad north-south through Jonesboro (column 27); the Fayetteville road west over the bridge to the west edge and east through Jonesboro to the east edge; the Atlanta and Lovejoy roads north and south from Jonesboro; a road from the Fayetteville road south along the river past J1515. Jonesboro is five town hexes around J2710.',
    'Terrain (reconstructed): clear by default; woods and swamp in the river bottom, the ridge east of the river where the Union entrenched (level 2), woods west of Jonesboro and north of the Fayetteville road. The Union Breastworks of 16.1 are placed when play begins in the hexes the Union then occupies east of the river; they are not map terrain.',
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Jonesborough');
const { check } = checks;
const spec = hexSpecOf(doc);
const land = (h: string): boolean => !isWater(spec(h).terrain);
check(
  grid.all().every((h) => parseLabel(h)!.prefix === PREFIX),
  'every hex carries the "J" prefix',
);
for (const e of ERRATA_SETUP)
  check(grid.has(e.hex) && land(e.hex), `19.0: ${e.designation}'s ${e.hex} is a land hex`);
for (const e of ERRATA_SETUP)
  check(bankOf(e.hex) === 'east', `19.0: ${e.hex} is east of the Flint River`);
for (const h of [OBJECTIVE_1515, OBJECTIVE_1706])
  check(grid.has(h) && land(h) && bankOf(h) === 'east', `18.12: ${h} is east of the Flint River`);
check(
  ERRATA_SETUP.every((e) => col(e.hex) > col(OBJECTIVE_1706) && col(e.hex) > col(OBJECTIVE_1515)),
  'the Confederate set-up lies east of both objectives',
);
// The river runs from edge to edge: without crossing it, nothing west is reached from the east.
const east = reach(grid, J(30, 1), (a, b) => !sides.has(a, b, 'river'));
check(
  !east.has(J(1, 1)) && !east.has(J(1, 20)) && east.has(J(30, 20)),
  'the Flint River divides the sheet from the north edge to the south edge',
);
check(EAST_OF_FLINT.length > 200, 'there is room east of the Flint River');
check(
  sides.has(...FLINT_BRIDGE, 'bridge') && sides.has(...FLINT_BRIDGE, 'river'),
  'the Fayetteville road bridge crosses the Flint River',
);
for (const [a, b, r] of routeLinks(routes))
  if (sides.has(a, b, 'river'))
    check(sides.has(a, b, 'bridge'), `${r.name} crosses the river at ${a}/${b} only by the bridge`);
checkRoutes(checks, grid, routes, { onLand: land });
check(
  JONESBORO.every((h) => bankOf(h) === 'east'),
  'Jonesboro is east of the river',
);

checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const jonesboroughMap: MapDocument = doc;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
