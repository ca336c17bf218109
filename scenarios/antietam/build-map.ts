/**
 * Builds scenarios/antietam/map.json: the Antietam map reconstructed from the
 * rules text (seed 000 lines 2969-3677) and the historical field. The printed
 * SPI map is not in the text, so everything here except the facts the text
 * states is reconstruction; map.json's notes say which is which.
 *
 * Run: npx ts-node -T scenarios/antietam/build-map.ts
 * The committed map.json is what the service loads; this script is how it was
 * made and re-checked. It throws if any fact the text gives does not hold, and
 * test/unit/scenarios/antietam.spec.ts checks that map.json is its output.
 *
 * Grid: flat-topped hexes in vertical columns, "0101" top left, even columns
 * half a hex lower (SPI practice), columns 01-21 west to east, rows 01-30
 * north to south, north at the top.
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
  col,
  hexSpecOf,
  hexTable,
  path as linePath,
  reconstructedMap,
  routeLinks,
  row,
  writeMapJson,
  spiSheet,
} from '../lib/map-builder';

const layout: GridLayout = spiSheet(21, 30, 'north');
const grid = new HexGrid(layout);

// ---------------------------------------------------------- the Potomac ----
// One hex wide down the west edge (column 01) with Boteler's Ford at 0126,
// then along the south edge (row 30, and row 29 at the bend) eastward past
// the mouth of Antietam Creek toward Harpers Ferry.
export const BOTELERS_FORD = '0126';
const RIVER = new Set<string>();
for (let r = 1; r <= 30; r++) if (r !== 26) RIVER.add(L(1, r));
for (let c = 1; c <= 21; c++) RIVER.add(L(c, 30));
for (const h of ['0229', '0329']) RIVER.add(h);

// ----------------------------------------------------- Antietam Creek ----
// The creek is the boundary between the west bank (column <= WEST_BANK[row])
// and the east bank. It enters from the north edge between columns 15 and 16
// and runs south-south-west to the Potomac east of the fourth bridge (1128).
const WEST_BANK: Record<number, number> = {};
for (let r = 1; r <= 29; r++)
  WEST_BANK[r] = r <= 8 ? 15 : r <= 12 ? 14 : r <= 17 ? 13 : r <= 24 ? 12 : 11;
type Bank = 'river' | 'west' | 'east';
function bank(h: string): Bank {
  if (RIVER.has(h)) return 'river';
  return col(h) <= WEST_BANK[row(h)] ? 'west' : 'east';
}

// ------------------------------------------------------------- routes ----
/** Straight hex lines through the waypoints (the shared cube-rounding line). */
const path = (...waypoints: string[]): string[] => linePath(grid, ...waypoints);

// Bridges of 21.1 ("the bridges", "the fourth bridge (hex 1128)"): each road
// crossing the creek does so by a bridge hexside; the waypoints pin where.
export const BRIDGES: Array<{ name: string; between: [string, string] }> = [
  { name: 'Upper Bridge (Hitt)', between: ['1506', '1606'] },
  { name: 'Middle Bridge (Boonsboro Pike)', between: ['1313', '1413'] },
  { name: "Lower Bridge (Rohrbach, Burnside's Bridge)", between: ['1218', '1318'] },
  { name: 'the fourth bridge (Antietam Iron Works)', between: ['1128', '1228'] },
];
// Fords (21.1 "the lower fords"; Pry's Ford where II Corps crossed).
export const FORDS: Array<{ name: string; between: [string, string] }> = [
  { name: "Pry's Ford", between: ['1410', '1510'] },
  { name: "Snavely's Ford", between: ['1221', '1321'] },
  { name: 'lower ford', between: ['1223', '1323'] },
];

const routes: RouteSpec[] = [
  { type: 'turnpike', name: 'Hagerstown Pike', hexes: path('0716', '0701') },
  { type: 'turnpike', name: 'Boonsboro Pike', hexes: path('0816', '1313', '1413', '2112') },
  { type: 'road', name: 'Shepherdstown Road', hexes: path('0616', '0322', '0226', BOTELERS_FORD) },
  {
    type: 'road',
    name: 'Harpers Ferry Road',
    hexes: path('0616', '0722', '1128', '1228', '1528', '2127'),
  },
  { type: 'road', name: 'Lower Bridge Road', hexes: path('0816', '1218', '1318', '1619', '2119') },
  { type: 'road', name: 'Smoketown Road', hexes: path('0712', '1008', '1205', '1303') },
  {
    type: 'road',
    name: 'Upper Bridge Road',
    hexes: path('0704', '1105', '1506', '1606', '1811', '1812'),
  },
  { type: 'road', name: 'Keedysville Road', hexes: path('1812', '2108') },
  { type: 'road', name: 'Mercersville Road', hexes: path('0710', '0306', '0203') },
  // Bloody Lane: historically a sunken farm lane; a trail here (see notes).
  { type: 'trail', name: 'Sunken Road (Bloody Lane)', hexes: path('0713', '1013', '1114') },
];

// --------------------------------------------------------- hex terrain ----
const { hexes, set, setNamed } = hexTable(grid);
for (const h of RIVER) set(h, { terrain: 'river' });
set(BOTELERS_FORD, { terrain: 'ford', name: "Boteler's Ford" });
export const SHARPSBURG = ['0815', '0816', '0716', '0616'];
setNamed('Sharpsburg', SHARPSBURG, { terrain: 'town' });

const named: Array<[string, HexSpec['terrain'], string[], (1 | 2 | 3)?]> = [
  ['North Woods', 'forest', ['0805', '0905', '0806']],
  ['East Woods', 'forest', ['1008', '1009', '1108']],
  ['West Woods', 'forest', ['0611', '0610', '0711']],
  ["Miller's Cornfield", 'clear', ['0808', '0908']],
  ['Dunker Church', 'clear', ['0712']],
  ['Nicodemus Heights', 'clear', ['0408', '0508', '0509'], 2],
  ['Cemetery Hill (Sharpsburg)', 'clear', ['0915', '0916'], 2],
  // 21.1: "the rough Terrain area to the northeast of Sharpsburg"
  [
    'Roulette and Mumma farms (broken ground)',
    'rough',
    ['0913', '0914', '1014', '1015', '1113', '1114', '1213'],
  ],
  ["Toombs' bluffs over the Lower Bridge", 'forest-rough', ['1217', '1218', '1219']],
  ['Pry Ridge (Union artillery)', 'clear', ['1414', '1513', '1514', '1416', '1415'], 2],
  ['Snavely farm woods', 'forest', ['1020', '1021', '1121']],
  [
    'Potomac bluffs',
    'forest-rough',
    ['0213', '0214', '0215', '0216', '0217', '0218', '0219', '0220'],
  ],
  ['Elk Ridge foothills', 'forest-rough', ['1824', '1925', '2024', '2125', '2026']],
  ['Red Hill', 'forest', ['1723', '1822', '1923']],
];
for (const [name, terrain, list, level] of named)
  setNamed(name, list, { terrain, ...(level ? { level } : {}) });
set('1128', { terrain: 'clear', name: 'the fourth bridge (21.1)' });
set('2112', { terrain: 'clear', name: 'Boonsboro Pike (VI Corps entry, 17.1)' });

// ----------------------------------------------------------- hexsides ----
const sides = new HexsideTable(grid);
for (const [a, b] of adjacentPairs(grid)) {
  const ba = bank(a);
  const bb = bank(b);
  if (ba !== 'river' && bb !== 'river' && ba !== bb) sides.add(a, b, { type: 'creek' });
}
for (const b of BRIDGES) sides.add(b.between[0], b.between[1], { type: 'bridge' });
for (const f of FORDS) sides.add(f.between[0], f.between[1], { type: 'ford' });

// ------------------------------------------------------------ document ----
const doc: MapDocument = reconstructedMap({
  id: 'antietam',
  title: 'Antietam (Sharpsburg, 17 September 1862)',
  grid: layout,
  defaultHex: { terrain: 'clear' },
  hexes,
  hexsides: sides.values(),
  routes,
  notes: [
    'The printed SPI/Decision Games Antietam map is not in the rules text (seed 000). This map is reconstructed: only the facts below come from the text; the rest follows the historical field at roughly 300-400 m a hex and is approximate.',
    'From the text: Sharpsburg is the four hexes 0815, 0816, 0716, 0616 (19.1); 0126 is Boteler\'s Ford, the Confederate Line of Communication target (19.1) and A.P. Hill\'s entry hex (17.2, 21.1); 2112 is the Union (VI Corps) entry hex (17.1); 1128 is "the fourth bridge" (21.1); Antietam Creek is a creek (20.1 "creek hex side") crossed by bridges and "the lower fords" (21.1, 21.2); the Union I and XII Corps are already across the creek on the Confederate left (21.1); there is rough terrain north-east of Sharpsburg (21.1); the area is "wide open" farming country (21.3); every set-up hex of 16.1/16.2.',
    "Grid (reconstructed): flat-topped hexes in vertical columns, 0101 top left, even columns half a hex lower; columns 01-21 west to east, rows 01-30 north to south; north at the top. Reasons: Boteler's Ford (0126) is south-west of Sharpsburg (0716) and must be on a map edge for A.P. Hill to enter there, so column 01 is the west edge, along the Potomac; the Union set-up (columns 14-19) lies east of the Confederate (columns 04-12) except I and XII Corps in the north (rows 03-08), as on 17 September; 2112 lies on the east edge (column 21, the last); 1128 needs at least 28 rows, and the Potomac and the mouth of the creek lie south of it (rows 29-30).",
    "Potomac River (reconstructed course): one hex wide down the west edge (column 01) with Boteler's Ford (0126) a ford hex in it, then along the south edge (row 30; 0229 and 0329 at the bend). Land units may not enter it (6.27); A.P. Hill enters at the ford hex from off the map (Virginia).",
    'Antietam Creek (reconstructed course; 6.29 impassable except at bridges and fords; 7.6 ZOC does not cross it): between columns 15/16 in rows 01-08, 14/15 in rows 09-12, 13/14 in rows 13-17, 12/13 in rows 18-24 and 11/12 in rows 25-29 to the Potomac. Every Union unit of II, V and IX Corps, the cavalry and the rifled artillery is set up east of it; I and XII Corps and every Confederate unit west of it.',
    'Bridges (21.1 "the bridges" and "the fourth bridge (hex 1128)"): Upper Bridge 1506/1606 (Hitt bridge, on the road from Keedysville to the Hagerstown Pike); Middle Bridge 1313/1413 (Boonsboro Pike); Lower Bridge 1218/1318 (Rohrbach or Burnside\'s Bridge, under Toombs\'s bluffs); the fourth bridge 1128/1228 (Harpers Ferry Road near the creek\'s mouth). Fords: Pry\'s Ford 1410/1510, and "the lower fords" Snavely\'s Ford 1221/1321 and 1223/1323.',
    "Roads (reconstructed from the historical network): Hagerstown Pike (turnpike, Sharpsburg north to the north edge past the Dunker Church 0712); Boonsboro Pike (turnpike, Sharpsburg east over the Middle Bridge to 2112 on the east edge, where VI Corps arrives); Shepherdstown Road (Sharpsburg to Boteler's Ford 0126); Harpers Ferry Road (south over the fourth bridge toward Harpers Ferry, the east edge at 2127); Lower Bridge Road; Smoketown Road; Upper Bridge Road and Keedysville Road; Mercersville Road. The Sunken Road (Bloody Lane, 0713-1114) is a trail: the text never mentions it or the 10.1 sunken-road effect for Antietam.",
    "Terrain (reconstructed): clear by default (\"relatively civilized and cultivated farming district\", 21.3); woods for the North, East and West Woods and the Snavely farm; Miller's Cornfield and the Dunker Church are named clear hexes; rough for the broken ground of the Mumma and Roulette farms north-east of Sharpsburg (21.1); forest-rough for Toombs's bluffs over the Lower Bridge, the Potomac bluffs and the Elk Ridge foothills in the south-east; level 2 for Nicodemus Heights (Stuart's guns), the Sharpsburg heights east of the town, and Pry Ridge east of the creek where the rifled artillery stands. No slopes or ridge hexsides: the text gives none.",
  ],
});

// -------------------------------------------------------------- checks ----
const checks = new FactChecks('Antietam');
const { check } = checks;
const spec = hexSpecOf(doc);
for (const h of SHARPSBURG)
  check(
    spec(h).terrain === 'town' && bank(h) === 'west',
    `${h} is a Sharpsburg town hex west of the creek`,
  );
check(
  grid.edgesOf(BOTELERS_FORD).includes('west') && spec(BOTELERS_FORD).terrain === 'ford',
  "0126 Boteler's Ford on the west edge",
);
check(
  grid.edgesOf('2112').includes('east') && bank('2112') === 'east',
  '2112 on the east edge, east of the creek',
);
check(bank('1128') === 'west' && sides.has('1128', '1228', 'bridge'), '1128 is the fourth bridge');
for (const b of [...BRIDGES, ...FORDS])
  check(sides.has(...b.between, 'creek'), `${b.name} crosses the creek`);
// Every road link over the creek is at a bridge, and every bridge carries a road.
for (const [a, b, r] of routeLinks(routes)) {
  const f = sides.features(a, b);
  if (f.some((x) => x.type === 'creek'))
    check(
      f.some((x) => x.type === 'bridge' || x.type === 'ford'),
      `${r.name} crosses the creek at ${a}/${b} without a bridge`,
    );
  check(!RIVER.has(a), `${r.name} runs into the river at ${a}`);
}
const links = new Set([...routeLinks(routes)].map(([a, b]) => hexsideKey(a, b)));
for (const b of BRIDGES) check(links.has(hexsideKey(...b.between)), `${b.name} carries a road`);

checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const antietamMap: MapDocument = doc;
export const bankOfHex = bank;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
