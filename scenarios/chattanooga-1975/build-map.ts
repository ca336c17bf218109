/**
 * Builds scenarios/chattanooga-1975/map.json: the map of the 1975 Blue &
 * Gray II Chattanooga, reconstructed from its exclusive rules (seed 001,
 * lines 440-836) and the historical field. The printed SPI map is not in the
 * text; everything except the facts the text states is reconstruction, and
 * map.json's notes say which is which.
 *
 * Run: npx ts-node -T scenarios/chattanooga-1975/build-map.ts
 * It throws if any fact the text gives does not hold;
 * test/unit/scenarios/chattanooga-1975.spec.ts checks map.json is its output.
 *
 * Grid: flat-topped hexes in vertical columns, 0101 top left, even columns
 * half a hex lower, columns 01-26 west to east, rows 01-28 north to south
 * (the even columns stop at row 27: a half row, so that both 0427/0627 and
 * 0528/0728 lie on the south edge as entry hexes, 15.21).
 */
import { join } from 'path';
import { HexGrid } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { MapDocument, RouteSpec } from '../../src/engine/types';
import {
  FactChecks,
  HexsideTable,
  L,
  checkRoutes,
  col,
  hexList,
  hexSpecOf,
  hexTable,
  reach,
  reconstructedMap,
  routeLinks,
  row,
  spiSheet,
  writeMapJson,
} from '../lib/map-builder';

const ROWS = 28;
const layout: GridLayout = spiSheet(26, ROWS, 'north', { halfHexesAtFoot: true });
const grid = new HexGrid(layout);

/** A contiguous chain of hexes through the given waypoints, stepping each time to the neighbour nearest the next waypoint. */
function chain(...waypoints: string[]): string[] {
  const out = [waypoints[0]];
  for (let k = 1; k < waypoints.length; k++) {
    let cur = out[out.length - 1];
    const target = waypoints[k];
    while (cur !== target) {
      const next = [...grid.neighbours(cur)].sort(
        (a, b) => grid.distance(a, target) - grid.distance(b, target) || (a < b ? -1 : 1),
      )[0];
      out.push(next);
      cur = next;
    }
  }
  return out;
}

// ------------------------------------------------------------ the river ----
// The Tennessee, one hex wide: from the north edge (Sherman's crossing above
// Citico Creek) south-west past 1305, down the north side of Chattanooga
// through 1013, round Moccasin Bend through 0814 to the foot of Lookout
// Mountain and back north to Brown's Ferry 0517, then west off the map.
const FERRIES = ['1305', '1013', '0814', '0517'];
const RIVER_CHAIN = chain(
  '1601',
  '1404',
  '1305',
  '1107',
  '1011',
  '1013',
  '0814',
  '0918',
  '0819',
  '0718',
  '0617',
  '0517',
  '0416',
  '0116',
);
const RIVER = new Set(RIVER_CHAIN.filter((h) => !FERRIES.includes(h)));

// ------------------------------------------------------------ the banks ----
function isWater(h: string): boolean {
  return RIVER.has(h) || FERRIES.includes(h);
}
/** Land regions when the river (ferries included) cannot be crossed. */
function bankOf(): Map<string, number> {
  const out = new Map<string, number>();
  let n = 0;
  for (const start of grid.all()) {
    if (out.has(start) || isWater(start)) continue;
    n++;
    for (const h of reach(grid, start, (_, x) => !isWater(x))) out.set(h, n);
  }
  return out;
}
const bank = bankOf();
const NORTH_BANK = bank.get('1204')!;
const SOUTH_BANK = bank.get('1712')!;

// ------------------------------------------------------------- terrain ----
const { hexes, set } = hexTable(grid);
const area = (c0: number, c1: number, r0: number, r1: number): string[] => {
  const out: string[] = [];
  for (let c = c0; c <= c1; c++)
    for (let r = r0; r <= r1; r++) if (grid.has(L(c, r))) out.push(L(c, r));
  return out;
};
// Lookout Mountain: a forested, rocky ridge from its north point above the
// river (1022) south-west to the map edge; Point Lookout at 1025 (17.14).
const LOOKOUT = new Set<string>([
  ...area(8, 10, 23, 28),
  ...area(9, 11, 22, 25),
  '1022',
  '1021',
  '0724',
  '0725',
]);
for (const h of LOOKOUT) set(h, { terrain: 'forest-rough' });
set('1025', { terrain: 'forest-rough', name: 'Point Lookout' });
// Missionary Ridge: rough, wooded in the north (Tunnel Hill) and the south (Rossville Gap).
for (const h of area(22, 24, 8, 22))
  set(h, {
    terrain: 'rough',
    name: h === '2311' ? "Missionary Ridge (Bragg's headquarters)" : undefined,
  });
for (const h of area(20, 22, 3, 7))
  set(h, { terrain: 'forest-rough', name: h === '2004' ? 'Tunnel Hill' : undefined });
for (const h of area(21, 23, 23, 26)) set(h, { terrain: 'forest-rough' });
// Woods: north bank hills, the Citico woods, Chattanooga Valley, Lookout Valley.
for (const h of [
  ...area(2, 9, 2, 6),
  ...area(17, 19, 2, 5),
  ...area(17, 20, 9, 10),
  ...area(12, 14, 24, 27),
  ...area(2, 5, 20, 23),
  ...area(16, 19, 19, 21),
]) {
  if (!hexes[h] && !isWater(h)) set(h, { terrain: 'forest' });
}
// Orchard Knob and the foothills.
set('1812', { terrain: 'rough', name: 'Orchard Knob' });
set('0921', { terrain: 'clear', name: 'Moccasin Point battery ground (south bank)' });
// Chattanooga: four town hexes on the river's south bank (20.12).
const TOWN = ['1113', '1114', '1213', '1214'];
for (const h of TOWN)
  set(h, { terrain: 'town', name: h === '1213' ? 'Chattanooga' : 'Chattanooga (town)' });
set('1514', { terrain: 'clear', name: 'Fort Wood' });
set('1417', { terrain: 'clear', name: 'Fort Negley' });
for (const h of RIVER) set(h, { terrain: 'river' });

// Ferries: arrows to the two land neighbours straight across the river.
for (const f of FERRIES) {
  let crossing: string[] | undefined;
  for (let d = 0; d < 3 && !crossing; d++) {
    const a = grid.neighbourInDirection(f, d);
    const b = grid.neighbourInDirection(f, d + 3);
    if (a && b && !isWater(a) && !isWater(b) && bank.get(a) !== bank.get(b))
      crossing = [a, b].sort();
  }
  if (!crossing) throw new Error(`ferry ${f} has no straight crossing between the banks`);
  set(f, { terrain: 'ferry', crossing, name: f === '0517' ? "Brown's Ferry" : undefined });
}

// ---------------------------------------------------------------- routes ----
const routes: RouteSpec[] = [
  {
    type: 'road',
    name: 'Chattanooga - Rossville road',
    hexes: chain('1214', '1417', '1719', '2024', '2226'),
  },
  {
    type: 'road',
    name: 'Chattanooga - Missionary Ridge road (to Chickamauga Station)',
    hexes: chain('1214', '1514', '1812', '2311', '2611'),
  },
  {
    type: 'road',
    name: 'Citico road (to Tunnel Hill)',
    hexes: chain('1514', '1610', '1807', '2004'),
  },
  {
    type: 'road',
    name: 'Lookout Valley road (round the point of Lookout Mountain to Wauhatchie)',
    hexes: chain('1214', '1217', '1219', '1120', '1020', '0921', '0822', '0723', '0624', '0627'),
  },
  {
    type: 'road',
    name: "River road (Chattanooga to Sherman's crossing)",
    hexes: chain('1213', '1310', '1408', '1506', '1604'),
  },
  { type: 'road', name: "Brown's Ferry road", hexes: chain('0618', '0522', '0528') },
  { type: 'road', name: 'North bank road', hexes: chain('0413', '0710', '1204', '1201') },
  {
    type: 'trail',
    name: 'Lookout Mountain trail (Valley to Point Lookout)',
    hexes: chain('0624', '0825', '1025'),
  },
  {
    type: 'trail',
    name: 'Lookout Mountain trail (Point Lookout to Chattanooga Valley)',
    hexes: chain('1025', '1223', '1320'),
  },
  { type: 'trail', name: 'Missionary Ridge crest trail', hexes: chain('2305', '2311', '2321') },
];

// ------------------------------------------------------------- hexsides ----
const sides = new HexsideTable(grid);
/** A creek along the boundary between hexes of rows <= lastRowNorth(c) and the rest, for columns from..to. */
function creekAlongRow(
  from: number,
  to: number,
  lastRowNorth: (c: number) => number,
): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let c = from; c <= to; c++) {
    const a = L(c, lastRowNorth(c));
    for (const b of grid.neighbours(a)) {
      const cb = col(b);
      if (cb < from || cb > to || row(b) <= lastRowNorth(cb) || isWater(a) || isWater(b)) continue;
      sides.add(a, b, { type: 'creek' });
      out.push([a, b]);
    }
  }
  return out;
}
// Citico Creek: from the river east of Chattanooga to the foot of Missionary Ridge, dividing Sherman's
// front ("north of Citico Creek", 21.1) from the Chattanooga area; two bridges and a ford (21.2: "the bridges").
const citico = creekAlongRow(11, 21, (c) => (c <= 12 ? 9 : 8));
// Chattanooga Creek: from below Moccasin Bend south between Lookout Mountain and Missionary Ridge.
const chattanoogaCreek: Array<[string, string]> = [];
for (let r = 19; r <= ROWS; r++) {
  const a = L(11, r);
  const b = L(12, r);
  if (grid.has(a) && grid.has(b) && grid.adjacent(a, b) && !isWater(a)) {
    sides.add(a, b, { type: 'creek' });
    chattanoogaCreek.push([a, b]);
  }
  const b2 = grid.neighbours(a).find((x) => col(x) === 12 && x !== b);
  if (b2 && !isWater(a)) {
    sides.add(a, b2, { type: 'creek' });
    chattanoogaCreek.push([a, b2]);
  }
}
// Bridges where the roads cross the creeks; one ford on each creek.
for (const [a, b, route] of routeLinks(routes))
  if (sides.has(a, b, 'creek'))
    sides.add(a, b, { type: route.type === 'road' ? 'bridge' : 'ford' });
const CITICO_FORD = citico.find(([a]) => col(a) === 17)!;
sides.add(...CITICO_FORD, { type: 'ford' });
const CHATTANOOGA_FORD = chattanoogaCreek.find(([a]) => row(a) === 26)!;
sides.add(...CHATTANOOGA_FORD, { type: 'ford' });

// Redoubts (18.11, 18.12): "friendly" is the protected hex; the barbs face the other side.
// Union forts: all round Fort Wood (1514) and Fort Negley (1417).
for (const fort of ['1514', '1417'])
  for (const n of grid.neighbours(fort)) sides.add(fort, n, { type: 'redoubt', friendly: fort });
// Confederate rifle pits along the western face of Missionary Ridge (column 23 facing column 22).
for (let r = 9; r <= 21; r++) {
  const h = L(23, r);
  for (const n of grid.neighbours(h))
    if (col(n) === 22) sides.add(h, n, { type: 'redoubt', friendly: h });
}

// ------------------------------------------------------------- document ----
const doc: MapDocument = reconstructedMap({
  id: 'chattanooga-1975',
  title: 'Chattanooga, Gateway to Victory (Blue & Gray II, 1975)',
  grid: layout,
  defaultHex: { terrain: 'clear' },
  hexes,
  hexsides: sides.values(),
  routes,
  notes: [
    'The printed 1975 SPI Chattanooga map is not in the rules text (seed 001). This map is reconstructed: only the facts below come from the text; the rest follows the historical field at about 400 m a hex and is approximate.',
    'From the text: river ferry hexes 1305, 1013, 0814 and 0517, entered and left only along their arrows (19.11); 1025 is the hex whose control gives the Union seven more moves (17.14) - Point Lookout; 1514 and 1417 are the Union positions the Confederates score for controlling (20.11; Fort Wood and Fort Negley, 21.2); 2207, 2311, 2416, 2419 are the Confederate positions the Union scores for (20.12); 0427, 0528, 0627, 0728 are map-edge entry hexes (15.21); the map has Chattanooga town hexes (20.12, not enumerated), Lookout Mountain, Citico Creek with bridges (21.1, 21.2), the river, redoubts (Union entrenchments and Confederate rifle pits, 18.11), and the terrain types of the 1975 chart for Chattanooga: clear, forest, rough, forest-rough, road, trail, town, river, river ferry, creek, bridge, ford and redoubt (9.0, Terrain Key); every set-up hex of 14.1/14.2. The super-campaign note (22.0) puts Chickamauga 0101/0501 on Chattanooga 2025/2425, so the map reaches past column 24 and row 25.',
    'Grid (reconstructed): flat-topped, 0101 at the top left, even columns half a hex lower, columns 01-26 west to east, rows 01-28 north to south, north at the top; even columns end at row 27 (a half row) so that 0427, 0627 and 0528, 0728 are all south-edge hexes. Missionary Ridge (the Confederate line on columns 22-24) lies east, Lookout Mountain (1025, Confederates at 0724-1222) south-west.',
    "Tennessee River (reconstructed course): one hex wide, from the north edge at 1601 south-west through ferry 1305, down the north side of Chattanooga through ferry 1013, round Moccasin Bend through ferry 0814 to the foot of Lookout Mountain and back north to ferry 0517 (Brown's Ferry), then west off the map. North of it (the north bank and Moccasin Point) stand the Union units of 1204, 1304, 0807 and 0907; everything else is on the south bank.",
    'Creeks (reconstructed): Citico Creek from the river east of Chattanooga to the foot of Missionary Ridge (rows 8/9-9/10), with bridges where the Citico road and the Missionary Ridge road cross it and a ford; Chattanooga Creek from below Moccasin Bend (row 19) south to the map edge between Lookout Mountain and the town (columns 11/12), with a bridge on the Lookout Valley road and a ford; its mouth on the river is not drawn, so the low ground at the point of Lookout Mountain (1019-1020) is passable, as the road round the point was.',
    'Redoubts (reconstructed): all round Fort Wood (1514) and Fort Negley (1417), and Confederate rifle pits on every western hexside of the column 23 hexes from 2309 to 2321 along Missionary Ridge; "friendly" marks the protected side (18.12: the barbs face the enemy side).',
    'Terrain (reconstructed): clear by default; Lookout Mountain forest-rough with Point Lookout 1025; Missionary Ridge rough (columns 22-24, rows 8-22) with wooded Tunnel Hill in the north and the Rossville end in the south; woods on the north bank hills, along Citico Creek, in Chattanooga Valley, Lookout Valley and below the ridge; Orchard Knob (1812) rough; Chattanooga four town hexes 1113, 1114, 1213, 1214. Roads and trails follow the historical network, simplified.',
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Chattanooga 1975');
const { check } = checks;
const spec = hexSpecOf(doc);
for (const f of FERRIES)
  check(
    spec(f).terrain === 'ferry' && (spec(f).crossing ?? []).length === 2,
    `${f} is a ferry with two arrows`,
  );
for (const f of FERRIES) {
  const [a, b] = spec(f).crossing!;
  check(bank.get(a) !== bank.get(b), `ferry ${f} joins the two banks`);
}
check(NORTH_BANK !== SOUTH_BANK, 'the river divides the map');
for (const h of ['0427', '0528', '0627', '0728'])
  check(
    grid.isEdge(h) && spec(h).terrain !== 'river',
    `${h} is a land hex on the map edge (15.21)`,
  );
check(LOOKOUT.has('1025'), '1025 is on Lookout Mountain');
const north = ['1204', '1304', '0907', '0807'];
const placements = hexList(`
  1704 1604 1705 1605 1506 1606 1507 1304 1204 0907 0807 1712 1713 1714 1715 1717
  1718 1611 1612 1614 1615 1618 1513 1514 1518 1519 1417 1419 1320 1220 1214 1016
  0921 0522 0524 0425 0426 2004 2305 2106 2207 2109 2209 2110 2210 2311 2312 2412
  2313 2413 2314 2315 2415 2316 2317 2318 2418 2321 2219 2121 2021 2023 1822 1723
  1523 1323 1222 1124 1025 0926 0724
`);
for (const h of placements) {
  check(grid.has(h), `set-up hex ${h} exists`);
  check(!isWater(h), `set-up hex ${h} is land`);
  check(
    bank.get(h) === (north.includes(h) ? NORTH_BANK : SOUTH_BANK),
    `set-up hex ${h} is on the ${north.includes(h) ? 'north' : 'south'} bank`,
  );
}
for (const h of ['1514', '1417', '2207', '2311', '2416', '2419', '1025'])
  check(!isWater(h), `objective ${h} is land`);
checkRoutes(checks, grid, routes, { onLand: (h) => !isWater(h) });
check(citico.length > 0 && chattanoogaCreek.length > 0, 'both creeks drawn');
check(
  citico.filter(([a, b]) => sides.has(a, b, 'bridge')).length >= 2,
  'Citico Creek has bridges (21.2)',
);
check(
  chattanoogaCreek.some(([a, b]) => sides.has(a, b, 'bridge')),
  'Chattanooga Creek has a bridge',
);
checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const chattanooga1975Map: MapDocument = doc;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
