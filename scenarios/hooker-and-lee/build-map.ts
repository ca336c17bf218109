/**
 * Builds scenarios/hooker-and-lee/map.json: the Hooker and Lee
 * (Chancellorsville) map reconstructed from the rules text (seed 000 lines
 * 4645-5702) and the historical field. The printed SPI map is not in the
 * text, so everything here except the facts the text states is
 * reconstruction; map.json's notes say which is which.
 *
 * Run: npx ts-node -T scenarios/hooker-and-lee/build-map.ts
 * The committed map.json is what the service loads; this script is how it was
 * made and re-checked. It throws if any fact the text gives does not hold, and
 * test/unit/scenarios/hooker-and-lee.spec.ts checks that map.json is its
 * output. Grand Chancellorsville (scenarios/grand-chancellorsville) joins this
 * sheet (prefix H) to the Fredericksburg sheet (prefix F).
 *
 * Grid: flat-topped hexes in vertical columns, "0101" top left, even columns
 * half a hex lower; columns 01-25, rows 01-28, the even columns' half hexes in
 * row 28 not on the sheet. The top of the sheet faces east (battles.md §0:
 * 25xx is the south edge, xx27/28 the west edge): columns run north to south,
 * rows east to west.
 */
import { join } from 'path';
import { HexGrid } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { MapDocument, RouteSpec, RouteType } from '../../src/engine/types';
import {
  FactChecks,
  L,
  checkRoutes,
  col,
  crossingAllows,
  hexSpecOf,
  hexTable,
  reach,
  reconstructedMap,
  row,
  writeMapJson,
  spiSheet,
  isWater,
} from '../lib/map-builder';

/** Row 28 of the even (lower) columns is a half hex: off the sheet, so 1027 and 1928 both lie on the west edge (18.24). */
export const hookerAndLeeLayout: GridLayout = spiSheet(25, 28, 'east', { halfHexesAtFoot: true });
const grid = new HexGrid(hookerAndLeeLayout);

/**
 * A chain of adjacent hexes through the given waypoints: from each hex, step
 * to the neighbour nearest (in the drawing) to the next waypoint.
 */
function chain(...waypoints: string[]): string[] {
  const out = [waypoints[0]];
  for (let i = 1; i < waypoints.length; i++) {
    const target = waypoints[i];
    const t = grid.centre(target);
    let at = out[out.length - 1];
    while (at !== target) {
      let best = '';
      let bestD = Infinity;
      for (const n of grid.neighbours(at)) {
        const p = grid.centre(n);
        const d = Math.hypot(p.x - t.x, p.y - t.y);
        if (d < bestD - 1e-9) {
          best = n;
          bestD = d;
        }
      }
      at = best;
      out.push(at);
    }
  }
  return out;
}

// ---------------------------------------------------------------- rivers ----
// The Rappahannock enters at the east edge at 0301 (where the Fredericksburg
// sheet's river leaves its west edge at F0327, so the two sheets join in
// Grand Chancellorsville), runs west along column 04 past U.S. Ford (0411) to
// its fork with the Rapidan at 0316; upstream the Rappahannock leaves the
// north edge at 0117, the Rapidan runs west to Ely's Ford (0227) on the west
// edge. I Corps (0111) enters north of the Rappahannock; Averill (0128) in the
// fork, north of the Rapidan.
export const US_FORD = '0411';
export const ELYS_FORD = '0227';
const RAPPAHANNOCK = ['0301', '0302', '0303', '0304', ...chain('0404', '0415'), '0316'];
const RAPPAHANNOCK_UPSTREAM = ['0216', '0117'];
const RAPIDAN = ['0317', '0318', '0319', '0320', ...chain('0220', '0226')];
const RIVER = new Set(
  [...RAPPAHANNOCK, ...RAPPAHANNOCK_UPSTREAM, ...RAPIDAN].filter((h) => h !== US_FORD),
);

const { hexes, set } = hexTable(grid);
for (const h of RIVER) set(h, { terrain: 'river' });
set(US_FORD, { terrain: 'ferry', crossing: ['0312', '0511'], name: 'U.S. Ford' });
set(ELYS_FORD, { terrain: 'ferry', crossing: ['0127', '0328'], name: "Ely's Ford" });

// ---------------------------------------------------------------- terrain ----
// The Wilderness: second-growth forest by default, forest-rough where it was
// thickest (west and south-west of Chancellorsville), clearings at the farms.
const NORTH_OF_RIVERS = (h: string): boolean =>
  col(h) <= 2 || (col(h) === 3 && row(h) >= 5 && row(h) <= 15);
for (const h of grid.all()) {
  if (hexes[h]) continue;
  if (NORTH_OF_RIVERS(h)) set(h, { terrain: 'clear' }); // Stafford / Culpeper side farmland
}
const thicket: string[] = [];
for (let c = 8; c <= 16; c++) for (let r = 19; r <= 26; r++) thicket.push(L(c, r));
for (let c = 19; c <= 25; c++) for (let r = 21; r <= 27; r++) thicket.push(L(c, r));
for (const h of thicket) if (grid.has(h)) set(h, { terrain: 'forest-rough' });

const clearings: Array<[string, string | undefined, (1 | 2)?]> = [
  ['1616', 'Chancellorsville', 1],
  ['1515', undefined],
  ['1516', undefined],
  ['1615', undefined],
  ['1715', undefined],
  ['1617', undefined],
  ['1717', 'Fairview', 2],
  ['1718', undefined, 2],
  ['1919', 'Hazel Grove', 2],
  ['1918', undefined, 2],
  ['2119', 'Catharine Furnace'],
  ['1722', "Dowdall's Tavern"],
  ['1723', 'Wilderness Church'],
  ['1724', "Talley's"],
  ['1622', undefined],
  ['1621', undefined],
  ['1511', 'Chancellor (Zoan Church road)'],
  ['1608', undefined],
  ['1507', 'Zoan Church'],
  ['0511', 'U.S. Ford landing'],
  ['0611', undefined],
  ['0328', "Ely's Ford landing"],
  ['0912', undefined],
  ['1013', undefined],
  ['1020', undefined],
  ['1120', undefined],
];
for (const [h, name, level] of clearings) {
  set(h, { terrain: 'clear', ...(level && level > 1 ? { level } : {}), ...(name ? { name } : {}) });
}

// ----------------------------------------------------------------- routes ----
const route = (type: RouteType, name: string, hexList: string[]): RouteSpec => ({
  type,
  name,
  hexes: hexList,
});
const TURNPIKE = [
  ...chain('1501', '1515'),
  '1516',
  ...chain('1616', '1621'),
  ...chain('1722', '1728'),
];
const routes: RouteSpec[] = [
  route('turnpike', 'Orange Turnpike', TURNPIKE),
  route('road', 'Orange Plank Road', chain('2001', '2011', '1914', '1815', '1616')),
  route('road', 'Orange Plank Road (west of Wilderness Church)', chain('1722', '1824', '2027')),
  route('road', 'Plank Road (east, to 2101)', chain('2011', '2101')),
  route('road', 'Furnace Road (the flank march)', chain('2014', '2017', '2119', '2518')),
  route('road', "Brock Road (south, to Todd's Tavern)", chain('2013', '2514')),
  route('road', "Ely's Ford Road", chain('0328', '1416', '1516')),
  route('road', "Ely's Ford Road (north bank)", ['0128', '0127']),
  route('road', 'U.S. Ford Road', chain('0511', '1415', '1515')),
  route('road', 'U.S. Ford Road (north bank)', chain('0111', '0312')),
  route('road', 'River Road', chain('0901', '0611', '0511')),
  route('road', 'Germanna Plank Road', chain('1128', '1726')),
  route('trail', 'Hazel Grove trail', chain('1717', '1919', '2119')),
  route('trail', 'Bullock road', chain('1615', '1013', '0912')),
];

// ------------------------------------------------------------- document ----
const doc: MapDocument = reconstructedMap({
  id: 'hooker-and-lee',
  title: 'Hooker and Lee (Chancellorsville, 2-3 May 1863)',
  grid: hookerAndLeeLayout,
  defaultHex: { terrain: 'forest' },
  hexes,
  hexsides: [],
  routes,
  notes: [
    'The printed SPI Hooker and Lee map is not in the rules text (seed 000). This map is reconstructed: only the facts listed next come from the text; everything else follows the historical field at roughly 400-500 m a hex and is approximate.',
    "From the text: 1501, 2001 and 2101 are the only exit hexes toward Fredericksburg (18.11, 18.21); 2518 and 2514 are south-edge hexes (18.22); the west edge runs from 1027 to 1928 (18.24); 0111 (I Corps) and 0128 (Averill) are entry hexes (17.1); 0328, 0511 and 1501 are the VP hexes (21.11, 21.12); I Corps must cross the Rappahannock (20.11, 20.15); Ely's Ford is a River ferry hex and there is at least one other (19.14); every set-up hex of 16.1/16.2; the Grand Chancellorsville entry hexes H0128, H1128, H1027, H1427, H1928, H2328 (22.6) lie on the edges; the Fredericksburg sheet's western hex row overlaps this sheet's eastern row (22.0: F1328 = H1301).",
    "Grid (reconstructed): flat-topped hexes in vertical columns, 0101 at the top left, even columns half a hex lower; columns 01-25, rows 01-28. The top of the sheet faces east (battles.md §0: 25xx is the south edge and xx27/28 the west edge), so columns run north to south and rows east to west, as on the Fredericksburg sheet it joins. Row 28 of the even columns is a half hex, not on the sheet: only so are both 1027 and 1928 (18.24) and 1427/2328 (22.62) west-edge hexes; Grand Chancellorsville's H1028 is then not a hex (see that scenario's notes).",
    "Rivers (reconstructed courses; river hexes, impassable, 6.27): the Rappahannock from the east edge at 0301 (meeting the Fredericksburg sheet's river at F0327) along column 04 to the fork with the Rapidan at 0316; the upstream Rappahannock leaves the north edge at 0117; the Rapidan runs from the fork along column 03 and column 02 to the west edge. River ferry hexes (6.28; the text gives no hex numbers): U.S. Ford 0411 (arrows to 0312 and 0511, the landing south of it) and Ely's Ford 0227 (arrows to 0127 and 0328). I Corps from 0111 reaches the battlefield only through U.S. Ford; Averill from 0128, in the fork between the rivers, only through Ely's Ford (19.14). Germanna Ford is off the sheet to the west: the Germanna Plank Road enters at 1128.",
    "Terrain (reconstructed): forest by default (the Wilderness), forest-rough where it was thickest (south-west and west of the Union line, 0819-1626 and 1921-2527), clear farmland north of the rivers and clearings at Chancellorsville (1616, the crossroads of the Orange Turnpike and the Orange Plank Road), Fairview (1717, level 2, where the Union guns massed), Hazel Grove (1919, level 2; Birney 2/III starts there), Catharine Furnace (2119, on the flank-march road), Dowdall's Tavern (1722), Wilderness Church (1723), Talley's (1724), Zoan Church (1507) and the U.S. and Ely's Ford landings (0511, 0328). No streams, slopes or fieldworks: the text gives none.",
    "Roads (reconstructed, simplified): the Orange Turnpike from the exit 1501 west through Chancellorsville, Dowdall's Tavern and Wilderness Church to the west edge at 1728 (Jackson's re-entry); the Orange Plank Road from the exits 2001/2101 to Chancellorsville and from Dowdall's Tavern south-west to the edge at 2027; the Furnace Road from the Plank Road (2014, Jackson's start) past Catharine Furnace to the south-edge exit 2518 and the Brock Road to the other exit 2514 (the flank march, 18.22); the Ely's Ford Road (0328-Chancellorsville), the U.S. Ford Road (0511-Chancellorsville) and the River Road (0901, the Fredericksburg side, to U.S. Ford); the Germanna Plank Road from 1128 to the Turnpike; trails to Hazel Grove and the Furnace and the Bullock road north of Chancellorsville.",
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Hooker and Lee');
const { check } = checks;
const spec = hexSpecOf(doc);
/** Land reachable from `from`, through the given ferries only, each along its arrows (6.28). */
const landReach = (from: string, viaFerries: string[]): Set<string> =>
  reach(grid, from, (h, n) => {
    const t = spec(n).terrain;
    if (isWater(t) || (t === 'ferry' && !viaFerries.includes(n))) return false;
    return crossingAllows(spec, h, n);
  });
for (const h of ['1501', '2001', '2101'])
  check(grid.edgesOf(h).includes('east'), `18.11: ${h} on the east edge`);
for (const h of ['2518', '2514'])
  check(grid.edgesOf(h).includes('south'), `18.22: ${h} on the south edge`);
const westRun = ['1027', '1128', '1227', '1328', '1427', '1528', '1627', '1728', '1827', '1928'];
for (const h of westRun) check(grid.edgesOf(h).includes('west'), `18.24: ${h} on the west edge`);
check(grid.edgesOf('0111').includes('north'), '17.1: 0111 on the north edge');
check(
  grid.edgesOf('0128').includes('north') && grid.edgesOf('0128').includes('west'),
  '17.1: 0128 the north-west corner',
);
for (const h of ['H0128', 'H1128', 'H1027', 'H1427', 'H1928', 'H2328'].map((x) => x.slice(1)))
  check(grid.isEdge(h), `22.6: ${h} on an edge`);
const field = landReach('1616', []);
check(
  !field.has('0111') && !field.has('0128'),
  'the rivers separate both Union entries from the battlefield',
);
check(
  landReach('0111', [US_FORD]).has('1616') && !landReach('0111', [US_FORD]).has('0128'),
  '20.11: I Corps reaches the field through U.S. Ford only',
);
check(
  landReach('0128', [ELYS_FORD]).has('1616') && !landReach('0128', [US_FORD]).has('1616'),
  "19.14: Averill reaches the field through Ely's Ford only",
);
for (const h of ['0328', '0511', '1501', '2001', '2101', '2518', '2514', ...westRun])
  check(field.has(h), `${h} is on the battlefield bank`);
checkRoutes(checks, grid, routes, {
  onLand: (h) => !isWater(spec(h).terrain) && spec(h).terrain !== 'ferry',
});
checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const hookerAndLeeMap: MapDocument = doc;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
