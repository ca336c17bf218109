/**
 * Builds the Ezra Church/Atlanta map sheet, shared by two Atlanta Campaign
 * battles (TEC footnote #: "the Ezra Church/Atlanta map sheet"): it writes
 * the same document to scenarios/atlanta/map.json and
 * scenarios/ezra-church/map.json (a scenario's map lies beside it). The
 * printed sheet is not in the rules text (seed 000), so everything here
 * except the facts the text states is reconstruction from the historical
 * field of 22 and 28 July 1864; map.json's notes say which is which.
 *
 * Run: npx ts-node -T scenarios/atlanta/build-map.ts
 * It throws if any fact the text gives does not hold;
 * test/unit/scenarios/atlanta.spec.ts and ezra-church.spec.ts check that both
 * map.json files are its output.
 *
 * Facts from the text:
 * - TEC footnote # (lines 1061-1065): the Friendly side of an entrenchment
 *   hexside: a unit defending inside must be closer to hex 3613 than the
 *   Attacker; on this sheet "between hexes 1026 and 2616 inclusive" it is
 *   inside if it is south of the entrenchment hexside.
 * - Atlanta 16.1: hex row 55XX (Union Breastworks west of it), hexes 4902
 *   and 5413 (Union-occupied, no Breastworks); 18.12 ii hex 6012.
 * - Ezra Church 16.1: hexes 1508 and 1608 (Union units without Breastworks),
 *   hex row 19XX (Breastworks facing south-east); 17.2 hex row 19XX (Union
 *   units immobile); 18.1 hexes 1212, 1504, 1602.
 *
 * Grid (reconstructed): flat-topped hexes in vertical columns, 0101 top left,
 * even columns half a hex lower (SPI practice), columns 01-62 west to east,
 * rows 01-30 north to south, north at the top.
 */
import { join } from 'path';
import { HexGrid } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { HexSpec, HexsideSpec, MapDocument, RouteSpec } from '../../src/engine/types';
import {
  FactChecks,
  HexsideTable,
  checkRoutes,
  col,
  hexTable,
  path as linePath,
  reconstructedMap,
  row,
  spiSheet,
  writeMapJson,
} from '../lib/map-builder';

const layout: GridLayout = spiSheet(62, 30, 'north');
export const grid = new HexGrid(layout);
const path = (...waypoints: string[]): string[] => linePath(grid, ...waypoints);
const column = (c: number): string[] => grid.all().filter((h) => col(h) === c);

// ---------------------------------------------------------- named hexes ----
/** TEC footnote #: the hex the Friendly side of an entrenchment hexside is closer to (Atlanta: the city). */
export const HEX_3613 = '3613';
/** TEC footnote # (i): the ends of the stretch where the Friendly side is south of the hexside. */
export const ZONE_ENDS = ['1026', '2616'] as const;
/** Atlanta 18.12 ii: 25 Confederate VP for occupying it at any time (Decatur: reconstruction). */
export const HEX_6012 = '6012';
/** Atlanta 16.1: Breastworks west of hex row 55XX only. */
export const ROW_55XX = column(55);
/** Atlanta 16.1: Union-occupied hexes that get no Breastworks. */
export const ATLANTA_NO_BREASTWORKS = ['4902', '5413'];
/** Ezra Church 16.1: the units set up here get no Breastworks. */
export const EZRA_NO_BREASTWORKS = ['1508', '1608'];
/** Ezra Church 16.1, 17.2: hex row 19XX (Breastworks facing south-east; Union units immobile). */
export const ROW_19XX = column(19);
/** Ezra Church 18.1: VP hexes (1212 at the end for either side; 1504, 1602 at any time for the Confederate). */
export const EZRA_OBJECTIVES = ['1212', '1504', '1602'];

// ---------------------------------------------------------- hex terrain ----
const { hexes, set, setNamed } = hexTable(grid);
/** Atlanta: the city, the hexes within two of 3613 (reconstruction). */
export const ATLANTA_CITY = grid.all().filter((h) => grid.distance(h, HEX_3613) <= 2);
setNamed('Atlanta', ATLANTA_CITY, { terrain: 'town' });
set(HEX_6012, { terrain: 'town', name: 'Decatur' });
type Feature = [string, HexSpec['terrain'], string[]];
// Woods (reconstructed): the timber Hardee's corps came through south-east of the
// Union left on 22 July, the woods around Bald Hill, and those south and west of
// Ezra Church on 28 July. The rest of the sheet is farmland and open woods (clear).
const woods = (name: string, centre: string, radius: number): Feature => [
  name,
  'forest',
  grid.within(centre, radius).filter((h) => !ATLANTA_CITY.includes(h) && h !== HEX_6012),
];
const features: Feature[] = [
  woods('Woods south of the Georgia Railroad', '5020', 2),
  woods('Woods toward Sugar Creek', '5523', 2),
  woods('Woods at Bald Hill', '4716', 1),
  woods('Woods south of Ezra Church', '1416', 2),
  woods('Woods west of Ezra Church', '0710', 2),
];
for (const [name, terrain, list] of features) setNamed(name, list, { terrain });

// --------------------------------------------------------------- routes ----
const routes: RouteSpec[] = [
  {
    type: 'railway',
    name: 'Georgia Railroad (Atlanta-Decatur)',
    hexes: path(HEX_3613, '4813', '5512', HEX_6012, '6212'),
  },
  {
    type: 'railway',
    name: 'Western & Atlantic Railroad',
    hexes: path(HEX_3613, '3008', '2401'),
  },
  {
    type: 'railway',
    name: 'Macon & Western / Atlanta & West Point Railroad (to East Point)',
    hexes: path(HEX_3613, '3020', '2430'),
  },
  { type: 'road', name: 'Decatur Road', hexes: path(HEX_3613, '4510', '5410', '5911', HEX_6012) },
  { type: 'road', name: 'McDonough Road', hexes: path(HEX_3613, '3822', '3930') },
  { type: 'road', name: 'Flat Shoals Road', hexes: path('4215', '5024', '5530') },
  {
    type: 'road',
    name: 'Lick Skillet Road (past Ezra Church)',
    hexes: path(HEX_3613, '2612', '1212', '0112'),
  },
  {
    type: 'road',
    name: 'Road north from Ezra Church',
    hexes: path('1212', '1504', '1602', '1601'),
  },
];

// -------------------------------------------------------- entrenchments ----
// Atlanta's fortifications (reconstructed): a ring six hexes from 3613 (about a
// mile and a half at some 440 yards a hex), and the line the Confederates ran
// south-west from the city toward East Point, from the ring to 2616 and on to
// 1026 (the stretch the footnote names). Entrenchment hexsides lie on the
// outer side of the ring and on the north side of the south-west line.
const sides = new HexsideTable(grid, 'exact');
const RING_RADIUS = 6;
export const RING = grid.all().filter((h) => grid.distance(h, HEX_3613) === RING_RADIUS);
/** The south-west line inside the footnote's stretch, 2616 to 1026 inclusive. */
export const ZONE_LINE = path(ZONE_ENDS[1], '1822', ZONE_ENDS[0]);
/** From the ring to 2616 (outside the stretch: the 3613 rule). */
export const CONNECTOR = path('3016', ZONE_ENDS[1]).filter((h) => h !== ZONE_ENDS[1]);
const northOf = (h: string, n: string): boolean => {
  const b = grid.bearing(h, n);
  return b < 90 || b > 270;
};
export interface Entrenchment {
  between: [string, string];
  friendly: string;
  inZone: boolean;
}
export const ENTRENCHMENTS: Entrenchment[] = [];
const entrench = (a: string, friendly: string, inZone: boolean): void => {
  if (ENTRENCHMENTS.some((e) => e.between.includes(a) && e.between.includes(friendly))) return;
  sides.add(a, friendly, { type: 'entrenchment', friendly });
  ENTRENCHMENTS.push({ between: a < friendly ? [a, friendly] : [friendly, a], friendly, inZone });
};
for (const h of RING)
  for (const n of grid.neighbours(h))
    if (grid.distance(n, HEX_3613) === RING_RADIUS + 1) entrench(n, h, false);
for (const h of CONNECTOR)
  for (const n of grid.neighbours(h)) {
    if (CONNECTOR.includes(n) || ZONE_LINE.includes(n) || !northOf(h, n)) continue;
    if (grid.distance(n, HEX_3613) <= RING_RADIUS) continue;
    // Outside the stretch the defender must be closer to 3613 than the attacker.
    if (grid.distance(h, HEX_3613) < grid.distance(n, HEX_3613)) entrench(n, h, false);
  }
for (const h of ZONE_LINE)
  for (const n of grid.neighbours(h)) {
    if (ZONE_LINE.includes(n) || CONNECTOR.includes(n) || !northOf(h, n)) continue;
    entrench(n, h, true);
  }

// ------------------------------------------------------- set-up areas ----
// 16.1 of both battles deploys every unit on the hex printed on its counter
// back; these free-deployment areas (3.0, scenario.json setup.areas) are
// reconstructed from the history of the two days.
const box = (c0: number, c1: number, r0: number, r1: number): string[] =>
  grid.all().filter((h) => col(h) >= c0 && col(h) <= c1 && row(h) >= r0 && row(h) <= r1);
const land = (list: string[]): string[] => [...new Set(list)].sort();
/**
 * Atlanta, 22 July: McPherson's Army of the Tennessee east of the city — XV
 * and XVII Corps in the line from north of the Georgia Railroad to Bald Hill
 * (columns 45-54, rows 01-19), XVI Corps in reserve behind the left (columns
 * 55-58, rows 08-20) — and Sprague's brigade with the trains at Decatur
 * (columns 59-62, rows 09-14, with 6012).
 */
export const ATLANTA_UNION_AREA = land([
  ...box(45, 54, 1, 19),
  ...box(55, 58, 8, 20),
  ...box(59, 62, 9, 14),
]);
/**
 * Atlanta, 22 July: Cheatham's corps in and before the city's works east of
 * Atlanta (columns 38-43, rows 03-19, outside the town), Hardee's corps after
 * its night march round the Union left and Wheeler's cavalry toward Decatur
 * (columns 44-62, rows 23-30).
 */
export const ATLANTA_CONFEDERATE_AREA = land([
  ...box(38, 43, 3, 19).filter((h) => !ATLANTA_CITY.includes(h)),
  ...box(44, 62, 23, 30),
]);
/**
 * Ezra Church, 28 July: Howard's Army of the Tennessee round Ezra Church —
 * XV Corps facing south, XVI and XVII Corps to its left — from the Lick
 * Skillet Road north to 1602 (columns 08-20, rows 01-13).
 */
export const EZRA_UNION_AREA = land(box(8, 20, 1, 13));
/**
 * Ezra Church, 28 July: S. D. Lee's and Stewart's corps come out of Atlanta
 * along the Lick Skillet Road and from the works south-west of the city
 * (columns 08-30, rows 16-26; columns 23-30, rows 08-15).
 */
export const EZRA_CONFEDERATE_AREA = land([...box(8, 30, 16, 26), ...box(23, 30, 8, 15)]);

// ------------------------------------------------------------- document ----
const doc: MapDocument = reconstructedMap({
  id: 'ezra-church-atlanta',
  title: 'Ezra Church/Atlanta (Atlanta Campaign, July 1864)',
  grid: layout,
  defaultHex: { terrain: 'clear' },
  hexes,
  hexsides: sides.values() as HexsideSpec[],
  routes,
  notes: [
    'The printed Ezra Church/Atlanta map sheet is not in the rules text (seed 000): the TEC footnote # names it, and the Atlanta (22 July 1864) and Ezra Church (28 July 1864) battles are played on it. This map is reconstructed: only the facts below come from the text; the rest follows the historical field east and west of Atlanta at some 440 yards a hex and is approximate.',
    'From the text: TEC footnote # — the Friendly side of an entrenchment hexside is the side closer to hex 3613, except on this sheet between hexes 1026 and 2616 inclusive, where it is the south side; Atlanta 16.1 — hex row 55XX, Union-occupied hexes 4902 and 5413; Atlanta 18.12 ii — hex 6012; Ezra Church 16.1 — hexes 1508 and 1608, hex row 19XX; Ezra Church 18.1 — hexes 1212, 1504, 1602. Atlanta is 22 July "a few miles east of Atlanta" and Ezra Church "a few miles west" (15.0 of each), so both fields lie on one sheet with the city between them.',
    'Grid (reconstructed): flat-topped hexes in vertical columns, 0101 top left, even columns half a hex lower; columns 01-62 west to east, rows 01-30 north to south, north at the top. Reasons: 6012 needs 60 or more columns; 1026 needs 26 or more rows; "west of hex row 55XX" (Atlanta 16.1) makes the XX digits columns counted west to east, and "south of the entrenchment hex side" between 1026 and 2616 a line running from the south-west up to the city, so the YY digits are rows counted north to south.',
    '3613 (reconstructed identification): the centre of Atlanta; the city is the town hexes within two hexes of it. 6012 (reconstructed identification): Decatur, some six miles east of Atlanta on the Georgia Railroad, where the Union trains stood and Wheeler struck on 22 July; a town hex.',
    'Entrenchments (reconstructed): the Atlanta fortifications as entrenchment hexsides on the outer side of the ring of hexes six from 3613 (Friendly side inside, closer to 3613), and the Confederate line south-west of the city toward East Point: from the ring (3016) to 2616 (Friendly side closer to 3613) and from 2616 to 1026 (the footnote stretch: Friendly side south), drawn on the north side of that line. The Union works of both battles are the Breastworks of 16.1, not printed entrenchments.',
    "Routes (reconstructed): the Georgia Railroad from the city east through the 22 July battlefield to Decatur (6012) and the east edge; the Western & Atlantic Railroad north-west; the Macon & Western / Atlanta & West Point Railroad south-west toward East Point (the railway Howard was sent to cut, Ezra Church 15.0); the Decatur Road; the McDonough Road south; the Flat Shoals Road south-east (Hardee's approach); the Lick Skillet Road west from the city past Ezra Church (1212) to the west edge, and a road north from it through 1504 and 1602.",
    "Terrain (reconstructed): clear by default (farmland and open woods); Atlanta and Decatur town hexes; patches of woods south-east of the Union line of 22 July, at Bald Hill and south and west of Ezra Church. No creeks are drawn: the sheet's Peachtree, Proctor's, Utoy and Sugar Creeks are not in the text and where they ran on the printed sheet is not known.",
    'Ezra Church set-up hexes (16.1 on the counter backs) and Atlanta set-up hexes are not in the text: the free-deployment areas of both scenarios are reconstructed from the history (scenario NOTES.md).',
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Ezra Church/Atlanta');
const { check } = checks;
const terrain = (h: string): string => hexes[h]?.terrain ?? 'clear';
const isLand = (h: string): boolean =>
  grid.has(h) && !['river', 'lake', 'pond', 'ferry', 'pontoon'].includes(terrain(h));
const named = [
  HEX_3613,
  ...ZONE_ENDS,
  HEX_6012,
  ...ATLANTA_NO_BREASTWORKS,
  ...EZRA_NO_BREASTWORKS,
  ...EZRA_OBJECTIVES,
];
for (const h of named) check(isLand(h), `${h} is a land hex of the sheet`);
check(
  ROW_55XX.length === 30 && ROW_55XX.every(isLand),
  'hex row 55XX runs the height of the sheet',
);
check(
  ROW_19XX.length === 30 && ROW_19XX.every(isLand),
  'hex row 19XX runs the height of the sheet',
);
// Atlanta 16.1: 4902 and 5413 lie west of 55XX (their exception means they would otherwise get Breastworks).
check(
  ATLANTA_NO_BREASTWORKS.every((h) => col(h) < 55 && grid.bearing('5513', h) > 180),
  '4902 and 5413 lie west of hex row 55XX',
);
check(
  grid.bearing(HEX_3613, HEX_6012) > 45 && grid.bearing(HEX_3613, HEX_6012) < 135,
  '6012 lies east of Atlanta (3613)',
);
check(
  EZRA_OBJECTIVES.every((h) => grid.bearing(HEX_3613, h) > 225 && grid.bearing(HEX_3613, h) < 315),
  'the Ezra Church hexes lie west of Atlanta (3613)',
);
// TEC footnote #: every entrenchment hexside has a Friendly side by its rule.
check(ENTRENCHMENTS.length > 60, 'the Atlanta fortifications are drawn');
check(
  ZONE_LINE[0] === '2616' && ZONE_LINE[ZONE_LINE.length - 1] === '1026',
  'the stretch runs 2616 to 1026',
);
check(
  ENTRENCHMENTS.filter((e) => e.inZone).length >= ZONE_LINE.length,
  'every hex of the 1026-2616 stretch has an entrenchment hexside',
);
for (const e of ENTRENCHMENTS) {
  const other = e.between[0] === e.friendly ? e.between[1] : e.between[0];
  if (e.inZone) {
    const b = grid.bearing(other, e.friendly);
    check(
      b > 90 && b < 270,
      `TEC #(i): ${e.between.join('/')} Friendly side ${e.friendly} is south`,
    );
    check(
      ZONE_LINE.includes(e.friendly) && col(e.friendly) >= 10 && col(e.friendly) <= 26,
      `TEC #(i): ${e.friendly} lies between 1026 and 2616`,
    );
  } else
    check(
      grid.distance(e.friendly, HEX_3613) < grid.distance(other, HEX_3613),
      `TEC #: ${e.between.join('/')} Friendly side ${e.friendly} is closer to 3613`,
    );
}
check(
  grid.adjacent(CONNECTOR[CONNECTOR.length - 1], '2616'),
  'the line from the ring reaches 2616',
);
check(RING.includes(CONNECTOR[0]), 'the south-west line starts at the ring');
checkRoutes(checks, grid, routes, { onLand: isLand });
// Set-up areas: disjoint, on the sheet, holding the hexes the text places units in.
const disjoint = (a: string[], b: string[]): boolean => a.every((h) => !b.includes(h));
check(disjoint(ATLANTA_UNION_AREA, ATLANTA_CONFEDERATE_AREA), 'Atlanta set-up areas are disjoint');
check(disjoint(EZRA_UNION_AREA, EZRA_CONFEDERATE_AREA), 'Ezra Church set-up areas are disjoint');
check(
  [...ATLANTA_NO_BREASTWORKS, HEX_6012].every((h) => ATLANTA_UNION_AREA.includes(h)),
  'Atlanta: 4902, 5413 and 6012 lie in the Union area (Union-occupied at the start)',
);
check(
  ATLANTA_UNION_AREA.some((h) => col(h) >= 55) && ATLANTA_UNION_AREA.some((h) => col(h) < 55),
  'Atlanta: Union units can stand both sides of hex row 55XX',
);
check(
  [...EZRA_NO_BREASTWORKS, ...EZRA_OBJECTIVES].every((h) => EZRA_UNION_AREA.includes(h)),
  'Ezra Church: 1508, 1608 and the objectives lie in the Union area (held at the start)',
);
check(
  ROW_19XX.some((h) => EZRA_UNION_AREA.includes(h)),
  'Ezra Church: Union units can stand in hex row 19XX',
);
for (const area of [
  ATLANTA_UNION_AREA,
  ATLANTA_CONFEDERATE_AREA,
  EZRA_UNION_AREA,
  EZRA_CONFEDERATE_AREA,
])
  check(area.length >= 40 && area.every(isLand), 'set-up areas are land and large enough');

checks.done();

/** The map as built and checked; the specs compare it with both committed map.json files. */
export const ezraChurchAtlantaMap: MapDocument = doc;

if (require.main === module) {
  console.log(writeMapJson(join(__dirname, 'map.json'), doc));
  console.log(writeMapJson(join(__dirname, '../ezra-church/map.json'), doc));
}
