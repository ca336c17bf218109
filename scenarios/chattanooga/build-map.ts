/**
 * Builds scenarios/chattanooga/map.json: the Chattanooga map (revised 2nd
 * edition, seed 000 lines 7256-7917) reconstructed from the rules text and
 * the historical field. The printed map is not in the text; only the facts it
 * states are certain, the rest is reconstruction (map.json's notes say which).
 *
 * Run: npx ts-node -T scenarios/chattanooga/build-map.ts
 * It throws if any fact the text gives does not hold;
 * test/unit/scenarios/chattanooga.spec.ts checks that map.json is its output.
 *
 * Grid: flat-topped hexes in vertical columns, 0101 at the north-west corner,
 * even columns half a hex lower, columns 01-25 west to east, rows 01-28 north
 * to south, even columns ending at row 27, so that the entry hexes 0427, 0528,
 * 0627 and 0728 all lie on the south edge. North at the top: Sherman's
 * bridgehead (rows 04-07) is north of the town, Hooker's force in Lookout
 * Valley (columns 04-05, rows 22-26) south-west, Missionary Ridge (columns
 * 20-24) east, as in November 1863; and the 1975 rules (seed 001 line 753)
 * put Chickamauga's north-west corner on this map's south-east corner.
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
  hexSpecOf,
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

// ------------------------------------------------------ Tennessee River ----
// One hex wide, from the north edge south-west past Sherman's crossing
// (ferry 1305), west of the town (ferry 1013), then west and south-west
// (ferries 0814 and 0517, Brown's Ferry) to the west edge. Land units never
// enter it (6.27); they cross only by the four river ferry hexes (20.21, 6.28).
const FERRIES: Record<string, [string, string]> = {
  '1305': ['1304', '1306'],
  '1013': ['0913', '1114'],
  '0814': ['0813', '0815'],
  '0517': ['0516', '0518'],
};
const RIVER = path(
  '2001',
  '1603',
  '1404',
  '1305',
  '1205',
  '1110',
  '1012',
  '1013',
  '0914',
  '0814',
  '0715',
  '0616',
  '0517',
  '0417',
  '0318',
  '0119',
);

// ----------------------------------------------------------------- creeks ----
/** Citico Creek: the boundary between rows 08 and 09 from the river (column 12) east to its source below Tunnel Hill (column 20). */
const citicoNorth = (h: string): boolean => row(h) <= 8;
const CITICO_COLUMNS = [12, 20];
/** Chattanooga Creek: from the south edge north between Lookout Mountain and Missionary Ridge to the river below the town; last column west of it, by row. */
const CHATTANOOGA_WEST_TO: Record<number, number> = {
  14: 9,
  15: 9,
  16: 9,
  17: 9,
  18: 10,
  19: 10,
  20: 11,
  21: 11,
  22: 12,
  23: 12,
  24: 13,
  25: 13,
  26: 13,
  27: 13,
  28: 13,
};
const chattanoogaWest = (h: string): boolean | undefined => {
  const w = CHATTANOOGA_WEST_TO[row(h)];
  return w === undefined ? undefined : col(h) <= w;
};

// ------------------------------------------------------ named positions ----
const TOWN = ['1213', '1212', '1214', '1113', '1114', '1313', '1314'];
const FORT_WOOD = '1514';
const FORT_NEGLEY = '1417';
const ORCHARD_KNOB = '1714';
const TUNNEL_HILL = '2106';
const LOOKOUT_SUMMIT = '1025';
const MISSIONARY_CREST = path('2004', TUNNEL_HILL, '2207', '2311', '2416', '2419', '2426');
const LOOKOUT_CREST = path('1123', LOOKOUT_SUMMIT, '0926', '0928');

const routes: RouteSpec[] = [
  {
    type: 'road',
    name: 'Rossville Road',
    hexes: path('1214', FORT_NEGLEY, '1720', '2124', '2128'),
  },
  {
    type: 'road',
    name: "Orchard Knob road (to Bragg's headquarters)",
    hexes: path('1313', FORT_WOOD, ORCHARD_KNOB, '2015', '2416'),
  },
  { type: 'road', name: 'Crest Road (Missionary Ridge)', hexes: MISSIONARY_CREST.slice(1) },
  {
    type: 'road',
    name: 'Lookout road (around the nose of Lookout Mountain)',
    hexes: path('1114', '1015', '0916', '0818', '0620', '0522', '0524', '0427'),
  },
  { type: 'road', name: 'Lookout Valley road (Wauhatchie)', hexes: path('0524', '0728') },
  {
    type: 'road',
    name: "Sherman's road (over Citico Creek)",
    hexes: path('1506', '1509', '1412', '1313'),
  },
  {
    type: 'road',
    name: 'Citico road (to Orchard Knob)',
    hexes: path('1705', '1712', ORCHARD_KNOB),
  },
  { type: 'road', name: 'North bank road', hexes: path('1204', '1004', '0907', '0913') },
  {
    type: 'railway',
    name: 'Railroad through the Tunnel Hill tunnel',
    hexes: path('1313', '1611', TUNNEL_HILL, '2505'),
  },
  {
    type: 'trail',
    name: 'Lookout summit trail (Craven house)',
    hexes: path('1123', LOOKOUT_SUMMIT),
  },
];

// ---------------------------------------------------------- hex terrain ----
/** set describes (or, for a hex already described, amends) a hex; a new hex needs its terrain. */
const { hexes, set } = hexTable(grid);
for (const h of RIVER) set(h, { terrain: 'river' });
const FERRY_NAMES: Record<string, string> = {
  '1305': "River ferry (Sherman's crossing)",
  '1013': 'River ferry (Chattanooga)',
  '0814': 'River ferry (Moccasin Point)',
  '0517': "River ferry (Brown's Ferry)",
};
for (const [h, crossing] of Object.entries(FERRIES))
  set(h, { terrain: 'ferry', crossing, name: FERRY_NAMES[h] });
// Lookout Mountain: crest level 3, flanks level 2, wooded and rough.
for (const h of LOOKOUT_CREST)
  for (const n of grid.neighbours(h))
    if (!RIVER.includes(n)) set(n, { terrain: 'forest-rough', level: 2 });
for (const h of LOOKOUT_CREST) set(h, { terrain: 'forest-rough', level: 3 });
set(LOOKOUT_SUMMIT, {
  terrain: 'forest-rough',
  level: 3,
  name: 'Lookout Mountain (Point Lookout)',
});
set('1123', { name: 'Craven house bench' });
// Missionary Ridge: a bare crest at level 2 (the slopes were cleared during the siege).
for (const h of MISSIONARY_CREST) set(h, { terrain: 'rough', level: 2 });
set(TUNNEL_HILL, { terrain: 'forest-rough', level: 2, name: 'Tunnel Hill' });
set('2416', { name: "Missionary Ridge (Bragg's headquarters)" });
set('2207', { name: 'Missionary Ridge' });
for (const h of TOWN) set(h, { terrain: 'town' });
set('1213', { terrain: 'town', name: 'Chattanooga' });
set(FORT_WOOD, { terrain: 'clear', name: 'Fort Wood' });
set(FORT_NEGLEY, { terrain: 'clear', name: 'Fort Negley' });
set(ORCHARD_KNOB, { terrain: 'clear', level: 2, name: 'Orchard Knob' });
// Open ground of the siege lines and the valleys ("when in doubt", forest elsewhere is not stated; clear near the town).
const CLEAR: Array<[string, string[]]> = [
  [
    'Chattanooga plain',
    hexList(
      '1311 1312 1411 1412 1413 1414 1511 1512 1513 1515 1516 1611 1612 1613 1614 1615 1616 1315 1316 1415 1416 1215',
    ),
  ],
  ['Lookout Valley', ['0522', '0523', '0524', '0425', '0426']],
  ['Chattanooga Valley', ['1418', '1419', '1518', '1519', '1320', '1220', '1618', '1717', '1718']],
];
for (const [name, list] of CLEAR)
  list.forEach((h, i) =>
    set(h, {
      terrain: hexes[h]?.terrain === 'town' ? 'town' : 'clear',
      ...(i === 0 ? { name } : {}),
    }),
  );

// ------------------------------------------------------------- hexsides ----
// Features of one type that differ (redoubts facing different ways) are all kept.
const sides = new HexsideTable(grid, 'exact');
const land = (h: string): boolean => !RIVER.includes(h);
const creekNames = new Map<string, string>();
for (const [a, b] of adjacentPairs(grid)) {
  if (!land(a) || !land(b)) continue;
  const inCitico = [a, b].every((h) => col(h) >= CITICO_COLUMNS[0] && col(h) <= CITICO_COLUMNS[1]);
  if (inCitico && citicoNorth(a) !== citicoNorth(b)) {
    sides.add(a, b, { type: 'creek' });
    creekNames.set(hexsideKey(a, b), 'Citico Creek');
  }
  const wa = chattanoogaWest(a);
  const wb = chattanoogaWest(b);
  if (wa !== undefined && wb !== undefined && wa !== wb) {
    sides.add(a, b, { type: 'creek' });
    creekNames.set(hexsideKey(a, b), 'Chattanooga Creek');
  }
}
// Bridges wherever a road or the railway crosses a creek (Citico Creek bridges, 22.2).
for (const [a, b, r] of routeLinks(routes)) {
  if (r.type !== 'trail' && sides.has(a, b, 'creek')) sides.add(a, b, { type: 'bridge' });
}
// Slopes (6.26) from every lower neighbour up to Lookout Mountain, Missionary Ridge and Orchard Knob.
const level = (h: string): number => hexes[h]?.level ?? 1;
for (const h of grid.all())
  for (const n of grid.neighbours(h))
    if (land(n) && level(h) > level(n)) sides.add(h, n, { type: 'slope', high: h });
// 20.1 redoubts: the Union forts (all round) and the Confederate rifle pits.
for (const fort of [FORT_WOOD, FORT_NEGLEY])
  for (const n of grid.neighbours(fort)) sides.add(fort, n, { type: 'redoubt', friendly: fort });
/** Rifle pits in `hex` facing the neighbours that lie within 60 degrees of `bearing`. */
const riflePits = (hex: string, bearing: number): void => {
  for (const n of grid.neighbours(hex)) {
    const d = Math.abs(((grid.bearing(hex, n) - bearing + 540) % 360) - 180);
    if (d <= 60 && land(n)) sides.add(hex, n, { type: 'redoubt', friendly: hex });
  }
};
// At the western foot of Missionary Ridge (the first line), facing west.
const RIDGE_FOOT = [
  ...new Set(
    MISSIONARY_CREST.flatMap((h) => grid.neighbours(h)).filter(
      (n) =>
        !MISSIONARY_CREST.includes(n) &&
        col(n) < col(MISSIONARY_CREST[MISSIONARY_CREST.findIndex((c) => grid.adjacent(c, n))]),
    ),
  ),
].filter((h) => row(h) >= 4 && row(h) <= 21);
for (const h of RIDGE_FOOT) riflePits(h, 270);
// Across Chattanooga Valley and on the Lookout bench, facing north toward the town.
const VALLEY_LINE = ['1222', '1323', '1523', '1723', '1822', '2021', '2121'];
for (const h of VALLEY_LINE) riflePits(h, 0);

// ------------------------------------------------------------- document ----
const doc: MapDocument = reconstructedMap({
  id: 'chattanooga',
  title: 'Chattanooga (24-25 November 1863)',
  grid: layout,
  defaultHex: { terrain: 'forest' },
  hexes,
  hexsides: sides.values(),
  routes,
  notes: [
    'The printed Chattanooga map is not in the rules text (seed 000). This map is reconstructed: only the facts listed next come from the text; everything else follows the historical field as far as those facts allow and is approximate.',
    'From the text: river ferry hexes 1305, 1013, 0814 and 0517, entered and left only along their arrows (20.21); Union fortifications and Confederate rifle pits, both redoubts (20.1); hex 1025, whose control frees seven more Union moves (18.14), where the Confederate artillery Corput is set up; 1514 and 1417, the Union positions of the immobile XI and XII artillery, worth Confederate VP if ever controlled (21.11 ii; the 1975 rules, seed 001 line 737, call the Confederate objectives Fort Wood, Fort Negley and Chattanooga); 2207, 2311, 2416 and 2419, Union objectives in the Confederate lines (21.12 ii); Chattanooga town hexes (21.12 i, not listed); Union entry hexes 0427, 0528, 0627, 0728 (17.1); Lookout Mountain, Citico Creek with bridges, and the Union divided into three areas: north of Citico Creek, Chattanooga, and Lookout Mountain (22.1, 22.2); every set-up hex of 16.1/16.2.',
    'Grid (reconstructed): flat-topped hexes in vertical columns, 0101 at the north-west corner, even columns half a hex lower; columns 01-25 west to east, rows 01-28 north to south, even columns ending at row 27 so that the four entry hexes lie on the south edge; north at the top (see build-map.ts for the reasons).',
    "Tennessee River (reconstructed course): one hex wide from the north edge (2001) south-west past Sherman's crossing (ferry 1305, arrows 1304 north bank - 1306 south bank), west of the town (ferry 1013, arrows 0913 - 1114), then west past Moccasin Point (ferry 0814, arrows 0813 - 0815) and Brown's Ferry (0517, arrows 0516 - 0518 in Lookout Valley) to the west edge at 0119. The Moccasin Bend loop is not drawn. North bank: the chart's 1/2/XIV (1204), Sherman's artillery (1304) and the cavalry (0807, 0907), which must cross by ferry; everything else is on the south bank.",
    "Creeks (reconstructed, 6.29): Citico Creek between rows 08 and 09 from the river (column 12) east to column 20 below Tunnel Hill, separating Sherman's bridgehead from the town (22.1), with two road bridges (1508/1509 on Sherman's road, 1708/1709 on the Citico road) and a railway bridge; Chattanooga Creek from the south edge (between columns 13 and 14) north through Chattanooga Valley to the river below the town (0915/1014), separating Lookout Mountain and Lookout Valley from the valley and the town, with road bridges where the Lookout road crosses near its mouth.",
    'Terrain (reconstructed): forest by default; the town of Chattanooga is seven town hexes (1213 and its six neighbours 1212, 1214, 1113, 1114, 1313, 1314); Fort Wood 1514 and Fort Negley 1417 are clear hexes ringed by redoubt hexsides (20.1: Union fortifications); Orchard Knob 1714 clear at level 2; open ground around the town, in Lookout Valley and in Chattanooga Valley; Lookout Mountain a wooded, rough massif with its crest at level 3 (1123 - Point Lookout 1025 - 0926 - south edge 0928) and flanks at level 2; Missionary Ridge a bare rough crest at level 2 from 2004 through Tunnel Hill (2106) and the objective hexes 2207, 2311, 2416, 2419 to the south edge, slopes on every side. Confederate rifle pits (20.1 redoubts) along the western foot of Missionary Ridge facing west, and across Chattanooga Valley and on the Lookout bench (1222, 1323, 1523, 1723, 1822, 2021, 2121) facing north.',
    "Roads (reconstructed): Rossville Road from the town by Fort Negley south-east to the south edge (2128); Orchard Knob road from the town by Fort Wood and Orchard Knob to Bragg's headquarters on the ridge (2416); Crest Road along Missionary Ridge; Lookout road from the town over Chattanooga Creek round the nose of Lookout Mountain into Lookout Valley and the entry hex 0427; Lookout Valley road to 0728; Sherman's road and the Citico road over Citico Creek; north bank road from 1204 to the Chattanooga ferry; the railroad through the tunnel at Tunnel Hill to the east edge; a trail from the Craven house bench to Point Lookout.",
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Chattanooga');
const { check } = checks;
const spec = hexSpecOf(doc);
/** Land hexes reachable from `from` without ferries: never river or ferry, creeks only at bridges. */
const landReach = (from: string, useFerries = false): Set<string> =>
  reach(grid, from, (h, n) => {
    if (RIVER.includes(n) && !(useFerries && FERRIES[n])) return false;
    if (FERRIES[n] && !FERRIES[n].includes(h)) return false;
    if (FERRIES[h] && !FERRIES[h].includes(n)) return false;
    return !creekBlocks(sides.features(h, n));
  });
for (const [h, [a, b]] of Object.entries(FERRIES)) {
  check(RIVER.includes(h), `20.21: ferry ${h} is in the river`);
  check(
    grid.adjacent(h, a) && grid.adjacent(h, b) && land(a) && land(b),
    `20.21: ferry ${h} arrows point to land ${a}, ${b}`,
  );
  check(
    Math.abs(((grid.bearing(h, a) - grid.bearing(h, b) + 360) % 360) - 180) < 1,
    `20.21: ferry ${h} arrows opposite`,
  );
}
const south = landReach('1213');
const north = landReach('1304');
check(![...north].some((h) => south.has(h)), '6.27: the banks meet only through the ferries');
for (const [, [a, b]] of Object.entries(FERRIES))
  check(north.has(a) !== north.has(b), 'each ferry joins the two banks');
check(landReach('1304', true).has('1213'), 'the north bank reaches the town by ferry');
for (const h of ['0427', '0528', '0627', '0728']) {
  check(grid.edgesOf(h).includes('south'), `17.1: entry ${h} on the south edge`);
  check(south.has(h), `17.1: entry ${h} joined to the town by land`);
}
const setupHexes = hexList(
  '1704 1604 1705 1605 1506 1606 1507 1304 1204 0907 0807 1712 1713 1714 1715 1717 1718 1611 1612 1614 1615 1618 1513 1514 1518 1519 1417 1419 1320 1220 1214 1016 0921 0522 0524 0425 0426 2004 2305 2106 2207 2109 2209 2110 2210 2311 2312 2412 2313 2413 2314 2315 2415 2316 2317 2318 2418 2321 2219 2121 2021 2023 1822 1723 1523 1323 1222 1124 1025 0926 0724',
);
for (const h of setupHexes) {
  check(grid.has(h) && land(h), `set-up hex ${h} is land`);
  check(south.has(h) || north.has(h), `set-up hex ${h} is on a bank`);
}
for (const h of ['1204', '1304', '0807', '0907'])
  check(north.has(h), `${h} is on the north bank (crosses by ferry)`);
for (const h of ['1506', '1704', '1611', '1514', '1025', '0425', '2207'])
  check(south.has(h), `${h} is on the south bank`);
for (const h of ['1704', '1604', '1506', '1507'])
  check(citicoNorth(h), `22.1: ${h} north of Citico Creek`);
check(!citicoNorth('1611') && !citicoNorth('1213'), '22.1: the town south of Citico Creek');
check(
  sides
    .values()
    .filter(
      (s) =>
        creekNames.get(hexsideKey(...s.between)) === 'Citico Creek' &&
        s.features.some((f) => f.type === 'bridge'),
    ).length >= 2,
  '22.2: bridges over Citico Creek',
);
for (const h of ['0425', '0522', '1025', '0724'])
  check(
    chattanoogaWest(h) === true || row(h) < 14,
    `${h} is on the Lookout side of Chattanooga Creek`,
  );
for (const h of ['1220', '1320', '1323', '1523'])
  check(chattanoogaWest(h) === false, `${h} is in Chattanooga Valley`);
for (const h of TOWN) check(spec(h).terrain === 'town', `21.12: town hex ${h}`);
for (const h of [FORT_WOOD, FORT_NEGLEY])
  check(
    grid.neighbours(h).every((n) => sides.has(h, n, 'redoubt')),
    `20.1: fort ${h} ringed by redoubts`,
  );
for (const h of ['2207', '2311', '2416', '2419'])
  check(MISSIONARY_CREST.includes(h), `21.12: ${h} on Missionary Ridge`);
checkRoutes(checks, grid, routes, { onLand: land, sides });
for (const [a, b, r] of routeLinks(routes)) {
  if (sides.has(a, b, 'creek'))
    check(sides.has(a, b, 'bridge'), `${r.name} crosses a creek at ${a}/${b} by a bridge`);
}
checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const chattanoogaMap: MapDocument = doc;
/** The seven Chattanooga town hexes (21.12 i). */
export const chattanoogaTown = TOWN;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
