/**
 * Builds scenarios/road-to-vicksburg/map.json: the Road to Vicksburg map
 * (Champion Hill, 16 May 1863) reconstructed from the rules text (seed 000
 * lines 5709-6040) and the historical field. The printed SPI map is not in
 * the text, so everything here except the facts the text states is
 * reconstruction; map.json's notes say which is which.
 *
 * Run: npx ts-node -T scenarios/road-to-vicksburg/build-map.ts
 * The committed map.json is what the service loads; this script is how it was
 * made and re-checked. It throws if any fact the text gives does not hold, and
 * test/unit/scenarios/road-to-vicksburg.spec.ts checks that map.json is its output.
 *
 * Grid: flat-topped hexes in vertical columns, "0101" top left, even columns
 * half a hex lower, columns 01-19 west to east, rows 01-20 north to south,
 * north at the top. Why: 0108 and 0119 are exits on the western edge toward
 * Vicksburg and 1902, 1911, 1920 hexes of the eastern edge (19.3, 20.2, 21.3),
 * so column 01 is the west edge and column 19 the east edge; 1920 needs 20 rows.
 */
import { join } from 'path';
import { HexGrid, hexsideKey } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { HexSpec, MapDocument, RouteSpec } from '../../src/engine/types';
import {
  FactChecks,
  HexsideTable,
  checkRoutes,
  col,
  hexTable,
  path as linePath,
  reach,
  reconstructedMap,
  routeLinks,
  row,
  spiSheet,
  writeMapJson,
} from '../lib/map-builder';

const layout: GridLayout = spiSheet(19, 20, 'north');
export const grid = new HexGrid(layout);
const path = (...waypoints: string[]): string[] => linePath(grid, ...waypoints);

// ---------------------------------------------------------- named hexes ----
/** 16.2, 21.2, 21.3: the crossroads, whose control is scored every Game-Turn. */
export const CROSSROADS = '1309';
/** 19.3, 20.0, 21.3: the exits on the western edge (toward Vicksburg). */
export const WEST_EXITS = ['0108', '0119'];
/** 20.2, 21.2, 21.3: the eastern-edge hexes (Union LOC targets, Confederate exits and 40 VP hexes). */
export const EAST_HEXES = ['1902', '1911', '1920'];
/** 21.3: hexes worth 10 VP each at the end. */
export const TEN_VP_HEXES = ['0419', '0607', '1306'];
/** 21.3: hexes worth 25 VP each at the end. */
export const TWENTY_FIVE_VP_HEXES = ['0507', '0119'];
/** 21.2: begins under Union control; valued nowhere in 21.3 (NOTES). */
export const HEX_1504 = '1504';

// --------------------------------------------------------------- routes ----
// Jackson Road: from Clinton and Bolton (1902) by the Champion house (1504) over
// Champion Hill (1306) to the crossroads (1309), then west over Baker's Creek's
// upper bridge (0607/0507) toward Edwards and Vicksburg (0108).
const jacksonRoad = path('1902', HEX_1504, '1306', CROSSROADS, '0607', '0507', '0108');
// Middle Road: from Bolton (1911) west to the crossroads.
const middleRoad = path('1911', CROSSROADS);
// Ratliff Road: from the crossroads south-west to the Raymond Road.
const ratliffRoad = path(CROSSROADS, '0917');
// Raymond Road (designer's notes): from Raymond (1920) west over Baker's Creek's
// lower bridge (0519/0419) toward Edwards (0119).
const raymondRoad = path('1920', '0917', '0519', '0419', '0119');
export const ROUTES: RouteSpec[] = [
  { type: 'road', name: 'Jackson Road', hexes: jacksonRoad },
  { type: 'road', name: 'Middle Road', hexes: middleRoad },
  { type: 'road', name: 'Ratliff Road', hexes: ratliffRoad },
  { type: 'road', name: 'Raymond Road', hexes: raymondRoad },
];
/** 17.3 ii, 19.13: the Middle Road's hexes. */
export const MIDDLE_ROAD = middleRoad;

// ---------------------------------------------------------------- creeks ----
/**
 * Jackson's Creek (19.11-19.14): from the north edge south between columns 14
 * and 15 to its head below the Middle Road (row 15). EAST_OF_JACKSONS_CREEK[c]
 * tells whether column c lies east of it, for rows 01-15.
 */
export const JACKSONS_CREEK_LAST_ROW = 15;
export function eastOfJacksonsCreek(h: string): boolean {
  return col(h) >= 15 && row(h) <= JACKSONS_CREEK_LAST_ROW;
}
export const JACKSONS_CREEK: Array<[string, string]> = [];
for (const a of grid.all()) {
  if (!eastOfJacksonsCreek(a)) continue;
  for (const b of grid.neighbours(a))
    if (col(b) === 14 && row(b) <= JACKSONS_CREEK_LAST_ROW && row(a) <= JACKSONS_CREEK_LAST_ROW)
      JACKSONS_CREEK.push([b, a]);
}
/**
 * Baker's Creek (19.15): from the north edge between columns 05 and 06 (the
 * upper bridge on the Jackson Road), bending to run between columns 04 and 05
 * from row 12 to the south edge (the lower bridge on the Raymond Road).
 */
export function westOfBakersCreek(h: string): boolean {
  return row(h) <= 11 ? col(h) <= 5 : col(h) <= 4;
}
export const BAKERS_CREEK: Array<[string, string]> = [];
for (const a of grid.all()) {
  if (!westOfBakersCreek(a)) continue;
  for (const b of grid.neighbours(a)) if (!westOfBakersCreek(b)) BAKERS_CREEK.push([a, b]);
}

// ----------------------------------------------------------- hex terrain ----
const { hexes, set, setNamed } = hexTable(grid);
const onRoad = new Set(ROUTES.flatMap((r) => r.hexes));
// The wooded ravines east of Jackson's Creek (19.13), from the north edge to its head.
export const WOODS_EAST_OF_JACKSONS_CREEK = grid
  .all()
  .filter((h) => eastOfJacksonsCreek(h) && col(h) <= 17 && row(h) >= 3 && h !== HEX_1504);
/** 19.13: the wooded hexes east of Jackson's Creek within six hexes of the Middle Road (artillery on roads only). */
export const ARTILLERY_ROAD_ONLY = (): string[] =>
  WOODS_EAST_OF_JACKSONS_CREEK.filter((h) => MIDDLE_ROAD.some((m) => grid.distance(h, m) <= 6));
setNamed("woods east of Jackson's Creek", WOODS_EAST_OF_JACKSONS_CREEK, { terrain: 'forest' });
// Champion Hill: the wooded height north of the crossroads.
setNamed('Champion Hill', ['1306', '1205', '1206', '1305', '1405'], {
  terrain: 'forest',
  level: 2,
});
set('1306', { terrain: 'forest', level: 3 });
set(CROSSROADS, { terrain: 'clear', name: 'the crossroads (Jackson and Middle Roads)' });
set(HEX_1504, { terrain: 'clear', name: 'Champion house' });
// Wooded bottoms along Baker's Creek and the ridges south of the crossroads (Bowen's and Loring's ground).
const woods: Array<[string, string[]]> = [
  ["Baker's Creek bottoms (north)", ['0603', '0604', '0605', '0609', '0610', '0611']],
  ["Baker's Creek bottoms (south)", ['0513', '0514', '0515', '0516', '0517', '0520']],
  ['woods south of the crossroads', ['1011', '1012', '1111', '1112', '1212', '1213']],
  ['woods by the Raymond Road', ['1116', '1117', '1217', '1317', '0815', '0816']],
];
for (const [name, list] of woods)
  setNamed(
    name,
    list.filter((h) => !onRoad.has(h)),
    { terrain: 'forest' },
  );
set('0507', { terrain: 'clear', name: "Baker's Creek upper bridge (west end)" });
set('0607', { terrain: 'clear', name: "Baker's Creek upper bridge (east end)" });
set('0419', { terrain: 'clear', name: "Baker's Creek lower bridge (west end)" });
set('0108', { terrain: 'clear', name: 'Jackson Road to Edwards and Vicksburg (exit 19.3)' });
set('0119', { terrain: 'clear', name: 'Raymond Road to Edwards and Vicksburg (exit 19.3)' });
set('1902', { terrain: 'clear', name: 'Jackson Road to Bolton and Clinton' });
set('1911', { terrain: 'clear', name: 'Middle Road to Bolton' });
set('1920', { terrain: 'clear', name: 'Raymond Road to Raymond' });

// -------------------------------------------------------------- hexsides ----
const sides = new HexsideTable(grid);
// Jackson's Creek: crossable by infantry and cavalry (19.12 limits only artillery to its
// bridges and fords), Zones of Control extend across it (19.11), an attack across it is
// halved (19.14): the chart's stream line (7.6, 10.1), drawn as stream hexsides.
for (const [a, b] of JACKSONS_CREEK) sides.add(a, b, { type: 'stream' });
for (const [a, b] of BAKERS_CREEK) sides.add(a, b, { type: 'creek' });
// Bridges where the roads cross; fords on Jackson's Creek (19.12 "a bridge or a ford").
for (const [a, b] of routeLinks(ROUTES)) {
  if (sides.has(a, b, 'stream') || sides.has(a, b, 'creek')) sides.add(a, b, { type: 'bridge' });
}
export const JACKSONS_CREEK_FORDS: Array<[string, string]> = [
  ['1402', '1502'],
  ['1413', '1513'],
];
for (const [a, b] of JACKSONS_CREEK_FORDS) sides.add(a, b, { type: 'ford' });

// ------------------------------------------------------------- document ----
const doc: MapDocument = reconstructedMap({
  id: 'road-to-vicksburg',
  title: 'Road to Vicksburg (Champion Hill, 16 May 1863)',
  grid: layout,
  defaultHex: { terrain: 'clear' },
  hexes: hexes as Record<string, HexSpec>,
  hexsides: sides.values(),
  routes: ROUTES,
  notes: [
    "The printed SPI Road to Vicksburg map is not in the rules text (seed 000). This map is reconstructed: only the facts below come from the text; the rest follows the historical field of 16 May 1863 (the Jackson Road over Champion Hill, the Middle and Raymond Roads from the east, Baker's Creek between the field and Edwards) and is approximate.",
    "From the text: 1309 is the crossroads (16.2, 21.3); 0108 and 0119 are exits on the western edge (20.0, 21.3, designer's notes \"units exited off the western map edge\"); 1902, 1911 and 1920 are on the eastern edge (20.2, 21.3); 0419, 0507, 0607, 1306, 0119 are Victory Point hexes and 1504 a hex that begins under Union control (21.2, 21.3); Jackson's Creek has bridges and fords (19.12), wooded hexes east of it near the Middle Road (19.13), and the Middle Road crosses it (17.3 ii); Baker's Creek has a bridge (19.15); the Raymond Road is named (designer's notes); exits are along roads (19.3) and the Confederate traces to road hexes on the eastern and western edges (20.3).",
    'Grid (reconstructed): flat-topped hexes in vertical columns, 0101 top left, even columns half a hex lower; columns 01-19 west to east, rows 01-20 north to south, north at the top.',
    "Roads (reconstructed): the Jackson Road from 1902 by the Champion house (1504) over Champion Hill (1306) to the crossroads (1309) and west over Baker's Creek's upper bridge (0607/0507) to 0108; the Middle Road from 1911 west to the crossroads; the Ratliff Road from the crossroads south-west to the Raymond Road; the Raymond Road from 1920 west over Baker's Creek's lower bridge (0519/0419) to 0119. Roads leave the map only at 0108, 0119, 1902, 1911 and 1920.",
    "Jackson's Creek (reconstructed course): from the north edge south between columns 14 and 15 to its head at row 15, so the Middle Road and the Jackson Road cross it by bridges; fords at 1402/1502 and 1413/1513. It is drawn as stream hexsides: 19.11 (Zones of Control extend across it), 19.12 (only artillery is confined to its bridges and fords, so other units cross it) and 19.14 (an attack across it is halved) are the Terrain Effects Chart's stream line, which the engine applies to stream hexsides; its movement cost (+2 MP) is the chart's stream cost, the text giving none.",
    "Baker's Creek (reconstructed course): a creek hexside line from the north edge between columns 05 and 06, bending at row 12 to run between columns 04 and 05 to the south edge; bridges where the Jackson Road (0607/0507) and the Raymond Road (0519/0419) cross it. 0507/0607 and 0419 are placed as the ends of the two bridges: the Victory Point hexes guard the Confederate line of retreat toward Vicksburg.",
    "Terrain (reconstructed): clear by default; woods east of Jackson's Creek (columns 15-17, rows 03-15: the wooded ravines that slowed the Union 9th and 14th Divisions); Champion Hill wooded at levels 2-3 (1306 level 3); wooded Baker's Creek bottoms; woods south of the crossroads and by the Raymond Road. 1504 is the Champion house.",
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Road to Vicksburg');
const { check } = checks;
const edge = (h: string, e: 'north' | 'east' | 'south' | 'west'): boolean =>
  grid.has(h) && grid.edgesOf(h).includes(e);
const terrain = (h: string): string => hexes[h]?.terrain ?? 'clear';
const roadEnds = new Set(ROUTES.flatMap((r) => [r.hexes[0], r.hexes[r.hexes.length - 1]]));
const onAnyRoad = (h: string) => ROUTES.some((r) => r.hexes.includes(h));

check(grid.has(CROSSROADS), '1309 is on the map');
check(
  ROUTES.filter((r) => r.hexes.includes(CROSSROADS)).length >= 2,
  '1309 is a crossroads (two roads meet there)',
);
check(
  jacksonRoad.includes(CROSSROADS) && middleRoad[middleRoad.length - 1] === CROSSROADS,
  'the Middle Road reaches the crossroads',
);
for (const h of WEST_EXITS) {
  check(edge(h, 'west'), `${h} is on the western edge`);
  check(onAnyRoad(h) && roadEnds.has(h), `${h} is where a road leaves the map (19.3)`);
}
for (const h of EAST_HEXES) {
  check(edge(h, 'east'), `${h} is on the eastern edge`);
  check(onAnyRoad(h) && roadEnds.has(h), `${h} is where a road leaves the map (19.3, 20.2)`);
}
// Roads leave the map only at the five exit hexes.
for (const h of roadEnds)
  if (grid.isEdge(h))
    check(
      [...WEST_EXITS, ...EAST_HEXES].includes(h),
      `a road leaves the map only at an exit (${h})`,
    );
for (const h of [...TEN_VP_HEXES, ...TWENTY_FIVE_VP_HEXES, HEX_1504])
  check(grid.has(h) && terrain(h) !== 'lake', `Victory Point hex ${h} is land on the map`);
// Jackson's Creek: crossed by bridges and fords; the Middle Road crosses it; woods east of it near the Middle Road.
const jcKeys = new Set(JACKSONS_CREEK.map(([a, b]) => hexsideKey(a, b)));
const jcBridges = [...jcKeys].filter((k) => {
  const s = sides.values().find((x) => hexsideKey(...x.between) === k);
  return s?.features.some((f) => f.type === 'bridge');
});
check(jcBridges.length >= 2, "Jackson's Creek has bridges");
check(
  JACKSONS_CREEK_FORDS.every(([a, b]) => sides.has(a, b, 'ford') && sides.has(a, b, 'stream')),
  "Jackson's Creek has fords",
);
check(
  [...routeLinks([ROUTES[1]])].some(
    ([a, b]) => sides.has(a, b, 'stream') && sides.has(a, b, 'bridge'),
  ),
  "the Middle Road crosses Jackson's Creek by a bridge",
);
check(
  MIDDLE_ROAD.some((h) => eastOfJacksonsCreek(h)),
  "the Middle Road runs east of Jackson's Creek (17.3 ii)",
);
const nearMiddle = (h: string) => MIDDLE_ROAD.some((m) => grid.distance(h, m) <= 6);
check(
  WOODS_EAST_OF_JACKSONS_CREEK.filter((h) => nearMiddle(h)).length >= 10,
  "wooded hexes east of Jackson's Creek within six hexes of the Middle Road (19.13)",
);
// Baker's Creek: a creek with a bridge.
check(
  BAKERS_CREEK.some(([a, b]) => sides.has(a, b, 'bridge')),
  "Baker's Creek has a bridge (19.15)",
);
check(
  sides.has('0507', '0607', 'bridge') && sides.has('0507', '0607', 'creek'),
  '0507/0607 is the upper bridge',
);
check(
  sides.has('0419', '0519', 'bridge') && sides.has('0419', '0519', 'creek'),
  '0419/0519 is the lower bridge',
);
checkRoutes(checks, grid, ROUTES, { sides });
// Every hex reachable by land (creek crossings only at bridges and fords, 6.29).
const blocked = (a: string, b: string) =>
  sides.has(a, b, 'creek') && !sides.has(a, b, 'bridge') && !sides.has(a, b, 'ford');
check(
  reach(grid, CROSSROADS, (a, b) => !blocked(a, b)).size === grid.all().length,
  'every hex is reachable by land',
);
// The Confederate line of retreat: a road from the crossroads to each western exit.
const roadStep = (a: string, b: string) =>
  [...routeLinks(ROUTES)].some(([x, y]) => (x === a && y === b) || (x === b && y === a));
for (const h of [...WEST_EXITS, ...EAST_HEXES])
  check(reach(grid, CROSSROADS, roadStep).has(h), `a road joins the crossroads to ${h}`);

checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const roadToVicksburgMap: MapDocument = doc;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
