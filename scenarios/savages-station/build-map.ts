/**
 * Builds scenarios/savages-station/map.json: the Savage's Station map (Seven
 * Days, 29 June 1862) reconstructed from the rules text (seed 000 lines
 * 2649-2947) and the historical field. The printed map is not in the text,
 * so everything here except the facts the text states is reconstruction;
 * map.json's notes say which is which.
 *
 * Run: npx ts-node -T scenarios/savages-station/build-map.ts
 * It throws if any fact the text gives does not hold;
 * test/unit/scenarios/savages-station.spec.ts checks map.json is its output.
 *
 * Grid: flat-topped hexes in vertical columns, "0101" top left, even columns
 * half a hex lower, columns 01-47 west to east, rows 01-35 north to south,
 * north at the top. Why: the text's hexes reach column 47 (4716) and row 35
 * (1835), so the sheet is at least 47 x 35; the Confederate set-up (column 21,
 * rows 13-22) faces the Union rearguard (columns 24-27) from the west, as
 * Magruder came from Richmond "along the railway and the Williamsburg Road"
 * (15.0), so columns run west to east and the set-up rows north to south. The
 * even columns keep their row 35 (1835 is a hex of an even column).
 */
import { join } from 'path';
import { HexGrid } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { MapDocument, RouteSpec } from '../../src/engine/types';
import {
  FactChecks,
  HexsideTable,
  L,
  adjacentPairs,
  checkRoutes,
  col,
  creekBlocks,
  hexList,
  hexSpecOf,
  hexTable,
  reach,
  reconstructedMap,
  routeLinks,
  row,
  spiSheet,
  via as viaRoute,
  writeMapJson,
  isWater,
} from '../lib/map-builder';

const layout: GridLayout = spiSheet(47, 35, 'north');
const grid = new HexGrid(layout);
const via = (waypoints: string): string[] => viaRoute(grid, waypoints);
/** Linear interpolation of a row across the sheet's columns, rounded. */
const across = (c: number, west: number, east: number): number =>
  Math.round(west + ((c - 1) * (east - west)) / 46);

// ------------------------------------------------------------ the text ----

/** 19.11 ii: Savage's Station. */
export const SAVAGES_STATION = '2516';
/** 19.12 i: the three hexes the Confederate scores for at the end (unnamed in the text). */
export const END_OBJECTIVES = hexList('1835 3216 4716');
/** 16.1: the Union set-up hexes as printed, chart order (2518 and 2716 hold two units each). */
export const UNION_SETUP = hexList(
  '2420 2518 2518 2716 2716 2616 2421 2622 2419 2520 2721 2422 2723',
);
/**
 * 16.2: the Confederate set-up hexes, chart order, with S.D. Lee's damaged
 * "2188" (no row 88 on a 35-row sheet) read as 2118 (see notes).
 */
export const CONFEDERATE_SETUP = hexList('2117 2120 2122 2118 2115 2113');
/** S.D. Lee's hex as printed. */
export const SD_LEE_PRINTED = '2188';

// ------------------------------------------- reconstructed entry points ----

/**
 * 17.2's entry points "a", "b" and "c", never defined by the text
 * (reconstructed; NOTES.md): a = the west edge between the railway and the
 * Williamsburg Road (Magruder's line of advance, 15.0); b = the north edge
 * where the road from Grapevine Bridge comes in (Jackson's divisions "north
 * of the Chickahominy", 15.0); c = the west edge at the Charles City Road,
 * south of White Oak Swamp.
 */
export const ENTRY_POINTS: Record<'a' | 'b' | 'c', string[]> = {
  a: hexList('0116 0117 0118 0119 0120'),
  b: hexList('1701 1801 1901'),
  c: hexList('0131 0132 0133'),
};

// ----------------------------------------------------- the Chickahominy ----
// A creek (6.29, impassable but at a bridge) across the north of the sheet,
// from the west edge between rows 03/04 to the east edge between rows 09/10,
// nearing the railway eastwards; its south-bank bottomland is swamp.
/** The last north-bank row of column c. */
const chickahominyLastRow = (c: number): number => across(c, 3, 9);
export const northOfChickahominy = (h: string): boolean => row(h) <= chickahominyLastRow(col(h));

// --------------------------------------------------------- White Oak Swamp ----
// A creek across the south of the sheet, from the west edge between rows
// 28/29 to the east edge between rows 31/32, with two rows of swamp on its
// north side (15.0: the Union "continued to withdraw across White Oak Swamp").
/** The first row south of White Oak Swamp in column c. */
const whiteOakFirstSouthRow = (c: number): number => across(c, 29, 32);
export const southOfWhiteOak = (h: string): boolean => row(h) >= whiteOakFirstSouthRow(col(h));

// ------------------------------------------------------------- routes ----
const routes: RouteSpec[] = [
  {
    type: 'railway',
    name: 'Richmond and York River Railroad',
    hexes: Array.from({ length: 47 }, (_, i) => L(i + 1, 16)),
  },
  { type: 'road', name: 'Williamsburg Road', hexes: via('0120 2520 3620 4722') },
  {
    type: 'road',
    name: 'Road to White Oak Bridge',
    hexes: via('2516 2520 2826 3030 3035'),
  },
  { type: 'road', name: 'Road to Grapevine Bridge', hexes: via('2516 2111 1806 1801') },
  { type: 'road', name: 'Charles City Road', hexes: via('0132 1835 3034 4734') },
  { type: 'trail', name: "Brackett's Ford road", hexes: via('1820 1829 1835') },
  { type: 'trail', name: 'Road to Dispatch Station', hexes: via('2520 3218 4016') },
];
const routeNamed = (name: string): RouteSpec => routes.find((r) => r.name === name)!;

// ------------------------------------------------------------ hexsides ----
const sides = new HexsideTable(grid);
for (const [a, b] of adjacentPairs(grid)) {
  if (northOfChickahominy(a) !== northOfChickahominy(b)) sides.add(a, b, { type: 'creek' });
  if (southOfWhiteOak(a) !== southOfWhiteOak(b)) sides.add(a, b, { type: 'creek' });
}
/** Where a route crosses a creek: the crossing's hexside, given a bridge or a ford. */
function crossing(route: string, type: 'bridge' | 'ford'): [string, string] {
  const found: Array<[string, string]> = [];
  for (const [a, b, r] of routeLinks(routes)) {
    if (r.name === route && sides.has(a, b, 'creek')) found.push([a, b]);
  }
  if (found.length !== 1) throw new Error(`${route} crosses ${found.length} creek hexsides`);
  sides.add(found[0][0], found[0][1], { type });
  return found[0];
}
export const GRAPEVINE_BRIDGE = crossing('Road to Grapevine Bridge', 'bridge');
export const WHITE_OAK_BRIDGE = crossing('Road to White Oak Bridge', 'bridge');
export const BRACKETTS_FORD = crossing("Brackett's Ford road", 'ford');

// ------------------------------------------------------------- terrain ----
const { hexes, set } = hexTable(grid);
/** Every hex of columns c1-c2 and rows r1-r2. */
const block = (c1: number, c2: number, r1: number, r2: number): string[] => {
  const out: string[] = [];
  for (let c = c1; c <= c2; c++) for (let r = r1; r <= r2; r++) out.push(L(c, r));
  return out;
};
// Woods (reconstructed): west of the Union line, through which Magruder's
// brigades advanced; south of the Williamsburg Road; north-east of the
// station toward the Chickahominy; east toward Bottom's Bridge.
for (const h of [
  ...block(10, 19, 11, 25),
  ...block(20, 33, 23, 27),
  ...block(29, 40, 10, 14),
  ...block(37, 46, 18, 27),
  ...block(3, 9, 22, 27),
])
  set(h, { terrain: 'forest' });
// Swamps: the Chickahominy bottomland (the first south-bank row) and White
// Oak Swamp (the two rows north of its creek).
for (const h of grid.all()) {
  const c = col(h);
  const r = row(h);
  if (r === chickahominyLastRow(c) + 1) set(h, { terrain: 'swamp' });
  const south = whiteOakFirstSouthRow(c);
  if (r === south - 1 || r === south - 2) set(h, { terrain: 'swamp' });
}
set(SAVAGES_STATION, { terrain: 'clear', name: "Savage's Station" });
/** A place name on a hex, keeping its terrain. */
const name = (h: string, n: string): void =>
  set(h, { terrain: hexes[h]?.terrain ?? 'clear', name: n });
name(
  GRAPEVINE_BRIDGE.find((h) => !northOfChickahominy(h))!,
  'Grapevine Bridge',
);
name(
  WHITE_OAK_BRIDGE.find((h) => southOfWhiteOak(h))!,
  'White Oak Bridge',
);
name(
  BRACKETTS_FORD.find((h) => southOfWhiteOak(h))!,
  "Brackett's Ford",
);
name('4016', 'Dispatch Station');

const doc: MapDocument = reconstructedMap({
  id: 'savages-station',
  title: "Savage's Station (Seven Days' Battles, 29 June 1862)",
  grid: layout,
  defaultHex: { terrain: 'clear' },
  hexes,
  hexsides: sides.values(),
  routes,
  notes: [
    "The printed Savage's Station map is not in the rules text (seed 000). This map is reconstructed: only the facts listed next come from the text; everything else follows the historical field and is approximate.",
    'From the text: 2516 is Savage\'s Station (19.11 ii); 1835, 3216 and 4716 are objective hexes (19.12 i, unnamed); the set-up hexes of 16.1 and 16.2 (S.D. Lee\'s printed "2188" read as 2118); the hexes reach column 47 and row 35; the introduction (15.0) names the railway, the Williamsburg Road, White Oak Swamp and the Chickahominy.',
    'Grid (reconstructed): flat-topped hexes in vertical columns, 0101 at the top left, even columns half a hex lower, columns 01-47 west to east, rows 01-35 north to south, north at the top; the even columns keep row 35 (1835). Reasons: the Confederate set-up (column 21) faces the Union rearguard (columns 24-27) from the west, Magruder having come from Richmond along the railway and the Williamsburg Road (15.0).',
    "Routes (reconstructed): the Richmond and York River Railroad along row 16 from the west edge (0116) through Savage's Station (2516) to the east edge (4716), so that 3216 and 4716, which share the station's row, lie on it; the Williamsburg Road from the west edge (0120) past 2520 to the east edge (4722); the road from Savage's Station south to White Oak Bridge and off the south edge (3035); the road north-west from the station to Grapevine Bridge over the Chickahominy and off the north edge (1801); the Charles City Road south of White Oak Swamp from the west edge (0132) through 1835 to the east edge (4734); a trail from the Williamsburg Road to Brackett's Ford and the Charles City Road; a trail from 2520 to Dispatch Station (4016) on the railway.",
    "Water (reconstructed): the Chickahominy is a creek (6.29) across the north of the sheet from the west edge (below row 03) to the east edge (below row 09), crossed only at Grapevine Bridge, with swamp on its south bank; White Oak Swamp is a creek across the south of the sheet from the west edge (below row 28) to the east edge (below row 31) with two rows of swamp north of it, crossed at White Oak Bridge (bridge) and Brackett's Ford (ford).",
    'Terrain (reconstructed): clear by default (the farms and fields around the station; Dispatch Station 4016 on the railway); woods west of the Union line (columns 10-19), south of the Williamsburg Road (columns 20-33), north-east of the station (columns 29-40) and east (columns 37-46), and a wood in the south-west (columns 03-09). No elevations, slopes or streams: the text gives none.',
    'Reinforcement entry points of 17.2 (never defined by the text, reconstructed): a = west edge 0116-0120, between the railway and the Williamsburg Road; b = north edge 1701-1901, the road from Grapevine Bridge; c = west edge 0131-0133, the Charles City Road.',
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks("Savage's Station");
const { check } = checks;
const spec = hexSpecOf(doc);
const land = (h: string): boolean => grid.has(h) && !isWater(spec(h).terrain);
const firm = (h: string): boolean => land(h) && spec(h).terrain !== 'swamp';
checkRoutes(checks, grid, routes, { onLand: land, sides });

check(grid.has('4716') && grid.has('1835'), 'the sheet reaches column 47 and row 35');
check(spec(SAVAGES_STATION).name === "Savage's Station", "2516 is Savage's Station (19.11 ii)");
check(
  routeNamed('Richmond and York River Railroad').hexes.includes(SAVAGES_STATION),
  "the railway runs through Savage's Station (15.0)",
);
check(
  routeNamed('Williamsburg Road').hexes[0] === '0120' && grid.edgesOf('0120').includes('west'),
  'the Williamsburg Road comes in from the west edge (15.0: Magruder pursued along it)',
);
for (const h of END_OBJECTIVES)
  check(firm(h), `objective ${h} is on the map, on firm land (19.12)`);
check(firm(SAVAGES_STATION), '2516 is on firm land');
check(
  ['3216', '4716'].every((h) => routeNamed('Richmond and York River Railroad').hexes.includes(h)),
  "3216 and 4716 (the station's row) lie on the railway",
);
check(southOfWhiteOak('1835'), '1835 lies south of White Oak Swamp');
check(!grid.has(SD_LEE_PRINTED), 'the printed "2188" is no hex of the sheet (row 88)');
check(grid.adjacent('2117', '2118'), "S.D. Lee's 2118 lies beside Kershaw's 2117");
for (const h of [...UNION_SETUP, ...CONFEDERATE_SETUP])
  check(firm(h), `set-up hex ${h} is firm land`);
for (const h of [...UNION_SETUP, ...CONFEDERATE_SETUP])
  check(!northOfChickahominy(h) && !southOfWhiteOak(h), `set-up hex ${h} lies between the rivers`);
check(
  Math.max(...CONFEDERATE_SETUP.map(col)) < Math.min(...UNION_SETUP.map(col)),
  'the Confederate set-up lies west of the Union set-up',
);
for (const [name, hs] of Object.entries(ENTRY_POINTS)) {
  for (const h of hs) {
    check(grid.isEdge(h) && firm(h), `entry point ${name}: ${h} is a firm map-edge hex`);
  }
  check(
    hs.some((h) => routes.some((r) => r.hexes.includes(h))),
    `entry point ${name} is where a road or the railway enters`,
  );
}
check(
  ENTRY_POINTS.a.every((h) => grid.edgesOf(h).includes('west')),
  'entry point a on the west edge',
);
check(
  ENTRY_POINTS.b.every((h) => grid.edgesOf(h).includes('north')),
  'entry point b on the north edge',
);
check(
  ENTRY_POINTS.c.every((h) => grid.edgesOf(h).includes('west')),
  'entry point c on the west edge',
);
check(ENTRY_POINTS.b.every(northOfChickahominy), 'entry point b lies north of the Chickahominy');
check(ENTRY_POINTS.c.every(southOfWhiteOak), 'entry point c lies south of White Oak Swamp');
// Every entry point reaches Savage's Station and every objective over land, crossing creeks only at a bridge or ford.
const overland = reach(
  grid,
  ENTRY_POINTS.a[0],
  (h, n) => land(n) && !creekBlocks(sides.features(h, n)),
);
for (const [name, hs] of Object.entries(ENTRY_POINTS))
  check(
    hs.every((h) => overland.has(h)),
    `entry point ${name} is connected by land`,
  );
for (const h of [SAVAGES_STATION, ...END_OBJECTIVES, ...UNION_SETUP])
  check(overland.has(h), `${h} can be reached by land from the entry points`);
check(
  overland.size === grid.all().filter(land).length,
  'every land hex can be reached (no pocket cut off by the creeks)',
);
checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const savagesStationMap: MapDocument = doc;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
