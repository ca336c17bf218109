/**
 * Builds scenarios/second-bull-run/map.json and scenarios/first-bull-run/map.json:
 * the one map sheet of Second Bull Run and First Bull Run (battles.md §1/§3:
 * "the map sheet for First Bull Run (those marked with an asterisk)", Second
 * Bull Run "those not marked with an asterisk"; both name Groveton 1207),
 * reconstructed from the rules text (seed 000 lines 1066-1119 and 1665-1975)
 * and the historical field of 21 July 1861 and 29-30 August 1862. The
 * printed sheet — which also carries both battles' set-up hexes (16.1) — is
 * not in the text, so everything here except the facts the text states is
 * reconstruction; map.json's notes say which is which. The two files hold
 * the same sheet (same grid, terrain, hexsides, routes), each under its
 * battle's id and title.
 *
 * Run: npx ts-node -T scenarios/second-bull-run/build-map.ts
 * The committed map.json files are what the service loads; this script is how
 * they were made and re-checked. It throws if any fact the text gives does
 * not hold, and test/unit/scenarios/second-bull-run.spec.ts and
 * first-bull-run.spec.ts check that each map.json is its output.
 *
 * Grid: flat-topped hexes in vertical columns, "0101" top left, even columns
 * half a hex lower (SPI practice), columns 01-26 west to east, rows 01-27
 * north to south, north at the top.
 */
import { join } from 'path';
import { HexGrid } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { HexSpec, MapDocument, RouteSpec } from '../../src/engine/types';
import {
  FactChecks,
  HexsideTable,
  L,
  adjacentPairs,
  checkRoutes,
  col,
  hexTable,
  path as linePath,
  reconstructedMap,
  routeLinks,
  row,
  spiSheet,
  writeMapJson,
  isWater,
} from '../lib/map-builder';

const layout: GridLayout = spiSheet(26, 27, 'north');
const grid = new HexGrid(layout);
const path = (...waypoints: string[]): string[] => linePath(grid, ...waypoints);

// ---------------------------------------------------------- named hexes ----
/** 19.0: "1207 (Groveton)". */
export const GROVETON = '1207';
/** 19.0: the second victory hex, unnamed in the text; placed here as Henry House Hill (reconstruction). */
export const HEX_2009 = '2009';
/** 17.1: Union entry hexes (GT1 and GT3 at 0116; GT9 Night at 1827; 17.3 II Corps 0116, Kanawha 1827). */
export const UNION_ENTRY = ['0116', '1827'];
/** First Bull Run 18.0: "Groveton (hex 1207) and New Market (hex 0813)". */
export const NEW_MARKET = '0813';
/** 18.0: "the four westernmost hex rows of the map sheet" — columns 01-04 of this grid. */
export const WESTERN_ROWS = grid.all().filter((h) => col(h) <= 4);

// --------------------------------------------------------------- roads ----
// Reconstructed along the historical roads: the Warrenton Turnpike through
// Groveton, the Stone House crossroads and the Stone Bridge, off the east edge
// toward Centreville (the Union road off the east edge, 19.0); the
// Manassas-Sudley road past Henry Hill south toward Manassas Junction (1827);
// the Manassas-Gainesville road from the west edge at 0116 (Buford from
// Gainesville; Porter and McDowell's divisions up from Manassas Junction).
const STONE_HOUSE = '1907';
const STONE_BRIDGE = '2307';
const routes: RouteSpec[] = [
  {
    type: 'turnpike',
    name: 'Warrenton Turnpike',
    hexes: path('0109', '0608', GROVETON, STONE_HOUSE, STONE_BRIDGE, '2606'),
  },
  {
    type: 'road',
    name: 'Manassas-Sudley Road',
    hexes: path('1901', STONE_HOUSE, '1910', '1815', '1827'),
  },
  { type: 'road', name: 'Manassas-Gainesville Road', hexes: path('0116', '0818', '1424', '1827') },
  { type: 'road', name: 'Groveton-Sudley Road', hexes: path(GROVETON, '1203', '1501') },
];

// ---------------------------------------------------------- hex terrain ----
const { hexes, set, setNamed } = hexTable(grid);

/** The unfinished railway (15.0: Jackson "dug in along an unfinished railway cut"), Sudley Church to the west edge. */
export const UNFINISHED_RAILWAY = path('1801', '1503', '1105', '0606', '0107');

type Feature = [string, HexSpec['terrain'], string[], (1 | 2 | 3)?];
const features: Feature[] = [
  ['Henry House Hill', 'clear', [HEX_2009, '2010', '2109'], 2],
  ['Chinn Ridge', 'clear', ['1710', '1711', '1612'], 2],
  ['Dogan Ridge', 'clear', ['1505', '1605', '1606'], 2],
  ['Stony Ridge', 'forest', ['0604', '0704', '0803'], 2],
  [
    'Railway cut woods',
    'forest',
    ['1402', '1403', '1303', '1304', '1204', '1104', '1004', '0905', '0805', '1602', '1702'],
  ],
  ['Groveton woods', 'forest', ['1208', '1308', '1309', '1109']],
  ['Brawner woods', 'forest', ['0807', '0707']],
  ['Bull Run woods', 'forest', ['2204', '2205', '2305', '2408', '2409', '2509']],
  ['Dawkins Branch woods', 'forest', ['0618', '0719', '0720', '0519']],
  ['Manassas woods', 'forest', ['1520', '1521', '1620', '2018', '2118', '2119']],
];
for (const [name, terrain, list, level] of features)
  setNamed(name, list, { terrain, ...(level && level > 1 ? { level } : {}) });
set(GROVETON, { terrain: 'clear', name: 'Groveton' });
set(STONE_HOUSE, { terrain: 'clear', name: 'Stone House' });
set(NEW_MARKET, { terrain: 'clear', name: 'New Market' });
set(UNFINISHED_RAILWAY[0], { terrain: 'clear', name: 'Sudley Church (unfinished railway)' });

// ------------------------------------------------------------- hexsides ----
const sides = new HexsideTable(grid);

/** Bull Run: hexes east of it have a column greater than BULL_RUN_WEST(row); it leaves the east edge near row 13. */
export const BULL_RUN_WEST = (r: number): number =>
  r <= 3 ? 21 : r <= 5 ? 22 : r <= 8 ? 23 : r <= 11 ? 24 : r <= 13 ? 25 : 26;
export const eastOfBullRun = (h: string): boolean => col(h) > BULL_RUN_WEST(row(h));
for (const [a, b] of adjacentPairs(grid))
  if (eastOfBullRun(a) !== eastOfBullRun(b)) sides.add(a, b, { type: 'creek' });
const bullRunSides = (): string[][] =>
  sides
    .values()
    .filter((s) => s.features.some((f) => f.type === 'creek'))
    .map((s) => s.between);
// The Stone Bridge where the turnpike crosses; fords up and down stream (Sudley-side Farm Ford, Ball's, Lewis).
const turnpike = routes[0].hexes;
for (const [a, b] of routeLinks([routes[0]]))
  if (sides.has(a, b, 'creek')) sides.add(a, b, { type: 'bridge' });
export const BULL_RUN_FORDS: Array<[string, string]> = [];
for (const r of [2, 10, 12]) {
  const west = L(BULL_RUN_WEST(r), r);
  const east =
    grid.neighbours(west).find((n) => eastOfBullRun(n) && row(n) === r) ??
    grid.neighbours(west).find(eastOfBullRun)!;
  sides.add(west, east, { type: 'ford' });
  BULL_RUN_FORDS.push([west, east]);
}

/** Slope hexsides (6.26) rising into every neighbour-hex of `hill` at a lower level. */
function slopesAround(hill: string[]): void {
  for (const h of hill) {
    const lv = hexes[h]?.level ?? 1;
    for (const n of grid.neighbours(h)) {
      if (hill.includes(n)) continue;
      if ((hexes[n]?.level ?? 1) < lv) sides.add(h, n, { type: 'slope', high: h });
    }
  }
}
slopesAround([HEX_2009, '2010', '2109']);
slopesAround(['1710', '1711', '1612']);
slopesAround(['0604', '0704', '0803']);

// ------------------------------------------------------- set-up areas ----
// 16.1's set-up hexes are printed on the map sheet; these free-deployment
// areas (3.0, scenario.json setup.areas) are reconstructed from the historical
// deployment on the morning of 29 August 1862.
/** Jackson's wing: along the unfinished railway from Sudley Church to Stony Ridge and Brawner's farm (columns 05+, rows 01-06). */
export const CONFEDERATE_AREA = grid
  .all()
  .filter(
    (h) =>
      col(h) >= 5 &&
      row(h) <= 6 &&
      !eastOfBullRun(h) &&
      UNFINISHED_RAILWAY.some((r) => grid.distance(r, h) <= 1),
  )
  .sort();
/**
 * Pope's corps on the field (Sigel, Reynolds, Heintzelman's Kearny and
 * Hooker, Reno): from Groveton to the Manassas-Sudley road, columns 09-20,
 * rows 06-12, west of Bull Run, at least two hexes from Jackson's area.
 */
export const UNION_AREA = grid
  .all()
  .filter(
    (h) =>
      col(h) >= 9 &&
      col(h) <= 20 &&
      row(h) >= 6 &&
      row(h) <= 12 &&
      !eastOfBullRun(h) &&
      CONFEDERATE_AREA.every((c) => grid.distance(c, h) >= 2),
  )
  .sort();

// First Bull Run (21 July 1861): set-up areas reconstructed from the history
// of the morning of the battle, since 16.1's asterisked hexes are printed
// only on the sheet. McDowell's army came from Centreville, east of Bull Run;
// Beauregard's and Johnston's held the fords and the Stone Bridge from the
// west bank, with reserves on Henry House Hill.
/** The far bank (east of Bull Run): First Bull Run 17.2 "a Confederate unit has crossed Bull Run" = one enters it. */
export const EAST_BANK = grid.all().filter(eastOfBullRun).sort();
/** McDowell's army (Tyler at the Stone Bridge, Hunter and Heintzelman toward Sudley Ford, Miles, Runyon): the east bank. */
export const FBR_UNION_AREA = EAST_BANK;
/**
 * Beauregard's and Johnston's brigades: the west bank two or three hexes back
 * from Bull Run, from the Stone Bridge (row 05 on) down to the fords, and
 * Henry House Hill with the hexes around it (Jackson, Bee, Bartow).
 */
export const FBR_CONFEDERATE_AREA = grid
  .all()
  .filter((h) => {
    if (eastOfBullRun(h)) return false;
    const d = Math.min(...EAST_BANK.map((e) => grid.distance(e, h)));
    const nearRun = row(h) >= 5 && d >= 2 && d <= 3;
    const henryHill = [HEX_2009, '2010', '2109'].some((x) => grid.distance(x, h) <= 1) && d >= 2;
    return nearRun || henryHill;
  })
  .sort();

// ------------------------------------------------------------- document ----
const doc: MapDocument = reconstructedMap({
  id: 'second-bull-run',
  title: 'Second Bull Run (Second Manassas, 29 August 1862)',
  grid: layout,
  defaultHex: { terrain: 'clear' },
  hexes,
  hexsides: sides.values(),
  routes,
  notes: [
    'The printed First/Second Bull Run map sheet is not in the rules text (seed 000), and with it the set-up hexes printed on it (16.1). This map is reconstructed: only the facts below come from the text; the rest follows the historical field of 29-30 August 1862 at roughly 500 yards a hex and is approximate.',
    'From the text: 1207 is Groveton and 2009 a victory hex (19.0); 0813 is New Market (First Bull Run 18.0, the same sheet); 0116 and 1827 are Union entry hexes (17.1, 17.3) and so map-edge hexes; the Confederate reinforcements enter on any hex of the western map edge (17.2); Union units may not enter the four westernmost hex rows until Game-Turn 5 (18.0); a road leads off the east edge (the Union Line of Communication, 19.0); Jackson held an unfinished railway cut (15.0); Bull Run is a watercourse units cross (First Bull Run 17.2, same map).',
    'Grid (reconstructed): flat-topped hexes in vertical columns, 0101 top left, even columns half a hex lower; columns 01-26 west to east, rows 01-27 north to south; north at the top. Reasons: 2009 must lie east of Groveton 1207 (Henry House Hill is about 2.5 miles east of Groveton), so the first two digits count columns west to east; 1827 then needs 27 rows and lies on the south edge (the road to Manassas Junction, where Piatt and the Kanawha Division came from), and 0116 lies on the west edge (the Manassas-Gainesville road: Buford came from Gainesville, Porter and McDowell up that road). The "four westernmost hex rows" of 18.0 are columns 01-04; 0116 lies inside them, the geometry conflict battles.md §3 notes — the scenario notes say how it is read.',
    '2009 (reconstructed identification): the text does not name it; it is placed on Henry House Hill, the Union rallying ground of the evening of 30 August, on the Manassas-Sudley road south of the Stone House. It could as well be Chinn Ridge or Dogan Ridge on the printed map.',
    'Roads (reconstructed): Warrenton Turnpike (turnpike) from the west edge (0109, toward Gainesville) through Groveton 1207, the Stone House crossroads 1907 and the Stone Bridge over Bull Run (2307) off the east edge at 2606 toward Centreville — the road off the east edge for the Union Line of Communication; Manassas-Sudley road from the north edge (1901, Sudley Springs) through the Stone House past Henry House Hill south to 1827; Manassas-Gainesville road from 0116 on the west edge south-east to 1827; Groveton-Sudley road north from Groveton across the railway cut to the north edge. No railway route: the unfinished railway was graded but had no track, and whether the printed map gives it any movement effect is not known — its hexes (1801 Sudley Church to 0107) are woods or clear as below, with no route.',
    "Bull Run (reconstructed): creek hexsides (crossable only at a bridge or ford, 6.29) from the north edge at column 21 south-east past the Stone Bridge (bridge hexside on the turnpike) and off the east edge near row 13, with three fords (near Sudley/Farm Ford, Ball's Ford, Lewis Ford). Whether the printed map draws Bull Run as a creek, a stream or a river is not known.",
    "Terrain (reconstructed): clear by default (farmland); level 2 with slope hexsides (6.26) for Henry House Hill, Chinn Ridge and Stony Ridge (wooded); level 2 without slopes for Dogan Ridge; woods along the railway cut (Jackson's line), south of Groveton, at Brawner's farm, along Bull Run, on Dawkins Branch and toward Manassas.",
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Second Bull Run');
const { check } = checks;
const onRoad = (h: string): boolean => routes.some((r) => r.hexes.includes(h));
const edge = (h: string, e: 'north' | 'east' | 'south' | 'west'): boolean =>
  grid.edgesOf(h).includes(e);
check(grid.has(GROVETON) && hexes[GROVETON]?.name === 'Groveton', '1207 is Groveton');
check(grid.has(HEX_2009), '2009 is on the map');
check(hexes[NEW_MARKET]?.name === 'New Market', 'First Bull Run 18.0: 0813 is New Market');
check(!eastOfBullRun(NEW_MARKET), 'New Market lies west of Bull Run');
check(
  FBR_CONFEDERATE_AREA.length >= 25 && FBR_UNION_AREA.length >= 30,
  'First Bull Run set-up areas are large enough for an army each',
);
check(
  FBR_CONFEDERATE_AREA.every((c) => FBR_UNION_AREA.every((u) => grid.distance(c, u) >= 2)),
  'First Bull Run set-up areas are not adjacent (Bull Run between them)',
);
check(
  [...FBR_CONFEDERATE_AREA, ...FBR_UNION_AREA].every(
    (h) => !WESTERN_ROWS.includes(h) && h !== GROVETON && h !== NEW_MARKET,
  ),
  'First Bull Run set-up areas leave Groveton and New Market open',
);
check(col(HEX_2009) > col(GROVETON), '2009 lies east of Groveton');
check(edge('0116', 'west') && onRoad('0116'), '0116 on the west edge, on a road');
check(edge('1827', 'south') && onRoad('1827'), '1827 on the south edge, on a road');
check(WESTERN_ROWS.length === 4 * 27, 'four westernmost hex rows = columns 01-04');
const eastRoads = routes.filter((r) => r.hexes.some((h) => edge(h, 'east')));
check(
  eastRoads.some((r) => r.name === 'Warrenton Turnpike'),
  'a road leads off the east edge (19.0)',
);
check(turnpike.includes(GROVETON), 'the turnpike runs through Groveton');
check(
  !eastOfBullRun(GROVETON) && !eastOfBullRun(HEX_2009) && eastOfBullRun('2606'),
  'Bull Run lies east of Groveton and 2009, the east-edge turnpike beyond it',
);
check(bullRunSides().length > 20, 'Bull Run is drawn');
check(
  sides.has(STONE_BRIDGE, turnpike[turnpike.indexOf(STONE_BRIDGE) + 1], 'bridge'),
  'the Stone Bridge carries the turnpike over Bull Run',
);
for (const h of [...UNION_ENTRY, GROVETON, HEX_2009, ...UNFINISHED_RAILWAY])
  check(!isWater(hexes[h]?.terrain ?? 'clear'), `${h} is land`);
checkRoutes(checks, grid, routes);
check(
  UNFINISHED_RAILWAY.every((h, i) => i === 0 || grid.adjacent(UNFINISHED_RAILWAY[i - 1], h)),
  'railway cut contiguous',
);
check(
  CONFEDERATE_AREA.length >= 20 && UNION_AREA.length >= 40,
  'set-up areas are large enough for a corps each',
);
check(
  CONFEDERATE_AREA.every((h) => !UNION_AREA.includes(h) && !WESTERN_ROWS.includes(h)),
  'set-up areas are disjoint and outside the four westernmost hex rows',
);
check(
  UNION_AREA.includes(GROVETON) && UNION_AREA.includes(HEX_2009),
  'the Union area holds Groveton and 2009',
);
check(
  edge(UNFINISHED_RAILWAY[0], 'north') &&
    edge(UNFINISHED_RAILWAY[UNFINISHED_RAILWAY.length - 1], 'west'),
  'the railway cut runs from the north edge to the west edge',
);

checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const secondBullRunMap: MapDocument = doc;

/** The same sheet under First Bull Run's id and title (its map.json beside its scenario). */
export const firstBullRunMap: MapDocument = {
  ...doc,
  id: 'first-bull-run',
  title: 'First Bull Run (First Manassas, 21 July 1861)',
  notes: [
    "The First Bull Run map sheet is the Second Bull Run sheet (16.1 of both battles: one sheet whose asterisked set-up hexes are First Bull Run's, the others Second Bull Run's; both name Groveton 1207). scenarios/second-bull-run/build-map.ts builds both files from one table; the notes below are the sheet's.",
    ...(doc.notes ?? []),
  ],
};

if (require.main === module) {
  console.log(writeMapJson(join(__dirname, 'map.json'), doc));
  console.log(writeMapJson(join(__dirname, '..', 'first-bull-run', 'map.json'), firstBullRunMap));
}
