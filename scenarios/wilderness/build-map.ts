/**
 * Builds scenarios/wilderness/map.json: the Battle of the Wilderness map
 * reconstructed from the rules text (seed 000 lines 8127-8707) and the
 * historical field. The printed SPI map is not in the text; map.json's notes
 * say what comes from the text and what is reconstruction.
 *
 * Run: npx ts-node -T scenarios/wilderness/build-map.ts
 * It throws if any fact the text gives does not hold;
 * test/unit/scenarios/wilderness.spec.ts checks map.json is its output.
 *
 * Grid: flat-topped hexes in vertical columns, "0101" top left, even columns
 * half a hex lower and one hex shorter (rows 01-27; odd columns 01-28), so
 * that both 0728 and 0627 lie on the south edge (17.2 offers either);
 * columns 01-23 west to east, north at the top.
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
  reconstructedMap,
  row,
  via as viaRoute,
  writeMapJson,
  spiSheet,
  isWater,
} from '../lib/map-builder';

const layout: GridLayout = spiSheet(23, 28, 'north', { halfHexesAtFoot: true });
const grid = new HexGrid(layout);
/** A route through waypoints, hex by hex, each step to the neighbour nearest the next waypoint. */
const via = (waypoints: string): string[] => viaRoute(grid, waypoints);

// ------------------------------------------------------------ the Rapidan ----
// The river along the north edge (row 01), Germanna Ford just off the sheet west of 0102.
const RIVER = new Set<string>();
for (let c = 2; c <= 23; c++) RIVER.add(L(c, 1));

// ----------------------------------------------------------------- routes ----
const routes: RouteSpec[] = [
  { type: 'turnpike', name: 'Orange Turnpike', hexes: via('0115 0515 1315 1415 2315') },
  { type: 'road', name: 'Orange Plank Road', hexes: via('0128 0427 0925 1224 1523 1920 2319') },
  { type: 'road', name: 'Germanna Plank Road', hexes: via('0102 0303 0707 1011 1315') },
  { type: 'road', name: 'Brock Road', hexes: via('1415 1416 1420 1523 1925 2326') },
  { type: 'trail', name: 'Culpeper Mine Road (Spottswood)', hexes: via('0707 0810 0813 0915') },
  {
    type: 'trail',
    name: "Parker's Store road (Chewning farm)",
    hexes: via('0427 0723 0922 1118 1316'),
  },
  { type: 'trail', name: 'Hill-Ewell trail', hexes: via('0419 0622 0925') },
  { type: 'trail', name: "Catharpin road (Longstreet's approach)", hexes: via('0728 0726 0427') },
  { type: 'trail', name: 'Catharpin road (branch to 0627)', hexes: via('0627 0726') },
  { type: 'trail', name: 'Trail from 0118 to the Turnpike', hexes: via('0118 0317 0415') },
  { type: 'trail', name: 'Higgerson farm trail', hexes: via('0922 1020 1416') },
];

// ----------------------------------------------------------------- terrain ----
const { hexes, set, setNamed } = hexTable(grid);
for (const h of RIVER) set(h, { terrain: 'river' });
set('1201', { terrain: 'river', name: 'Rapidan River' });
const clearings: Array<[string, string[]]> = [
  ["Saunders' Field", hexList('0515 0516 0615')],
  ['Wilderness Tavern', hexList('1415 1414 1416 1514')],
  ['Wilderness Tavern crossroads', hexList('1315 1316')],
  ['Ellwood (Lacy house)', hexList('1213 1214 1313 1314')],
  ['Spottswood', hexList('0810 0809 0710')],
  ['Chewning farm', hexList('0922 0923 1022')],
  ["Widow Tapp's farm", hexList('0925 1025')],
  ['Hickman', hexList('1920 1921')],
  ['Higgerson farm', hexList('1020 1120')],
  ["Parker's Store", hexList('0427')],
  ['Jones field', hexList('0613 0713')],
  ['Rapidan valley fields (Germanna Ford)', hexList('0102 0202 0203 0302 0303 0101')],
];
for (const [name, hs] of clearings) setNamed(name, hs, { terrain: 'clear' });
set('1415', { terrain: 'clear', name: 'Wilderness Tavern' });

// Wilderness Run: a stream north of the Turnpike from Spottswood's side past the tavern.
const sides = new HexsideTable(grid);
for (let c = 9; c <= 20; c++) {
  const a = L(c, 13);
  for (const b of grid.neighbours(a)) {
    if (row(b) === 14 && col(b) >= 9 && col(b) <= 20) sides.add(a, b, { type: 'stream' });
  }
}

const doc: MapDocument = reconstructedMap({
  id: 'wilderness',
  title: 'Battle of the Wilderness (5-6 May 1864)',
  grid: layout,
  defaultHex: { terrain: 'forest' },
  hexes,
  hexsides: sides.values(),
  routes,
  notes: [
    'The printed SPI Battle of the Wilderness map is not in the rules text (seed 000). This map is reconstructed: only the facts listed next come from the text; everything else follows the historical field and is approximate.',
    'From the text: 0810 is Spottswood, 1415 Wilderness Tavern and 1920 Hickman (19.11); 1315 the Wilderness Tavern crossroads (22.1); 0102 the entry of the Germanna Plank Road (17.1, 22.1); 2326, 0128, 0118, 0728 and 0627 entry hexes (17.1, 17.2, 20.1); the area is "the Wilderness" south of the Rapidan (15.0): forest, with clear terrain, roads and trails (18.11, 18.12), forests where roads meet (22.2); every set-up hex of 16.1/16.2.',
    "Grid (reconstructed): flat-topped hexes in vertical columns, 0101 at the top left, even columns half a hex lower and one hex shorter (rows 01-27; odd columns 01-28), columns 01-23 west to east, north at the top. Reasons: Ewell (0118-0419) is west of the Union V and VI Corps (0616-1415) on the Orange Turnpike, A.P. Hill enters at 0128 (south-west, the Orange Plank Road), Longstreet at 0728 or 0627 (south edge: with shorter even columns both are south-edge hexes), Hancock at 2326 (east edge, the Brock Road from Todd's Tavern), the Germanna Plank Road at 0102 (north-west, from Germanna Ford on the Rapidan).",
    'Wilderness Tavern (battles.md 19: 1415 vs 1315): the victory schedule names 1415, the Players\' Notes call 1315 "the Wilderness Tavern crossroads"; here the tavern is 1415 and the crossroads of the Orange Turnpike and the Germanna Plank Road is 1315 beside it, so both statements hold.',
    "Terrain (reconstructed): forest everywhere by default (\"the Wilderness\"); clear clearings after the historical farms: Saunders' Field on the Turnpike (0515, 0516, 0615), Wilderness Tavern and its crossroads (1315, 1316, 1414-1416, 1514), Ellwood (the Lacy house, 1213, 1214, 1313, 1314), Spottswood (0710, 0809, 0810), Chewning farm (0922, 0923, 1022), Widow Tapp's farm on the Plank Road (0925, 1025), Hickman (1920, 1921), Higgerson farm (1020, 1120), Parker's Store (0427), Jones field (0613, 0713), and the Rapidan valley fields by Germanna Ford (0101-0303). The Rapidan runs along the north edge (row 01). Wilderness Run is a stream north of the Turnpike (rows 13/14, columns 09-20). No elevations, slopes or creeks: the text gives none.",
    "Routes (reconstructed, simplified): the Orange Turnpike (turnpike) west-east through Saunders' Field and the tavern; the Orange Plank Road from 0128 past Parker's Store and Widow Tapp's farm to the Brock Road crossroads and Hickman, then east; the Germanna Plank Road from 0102 to the crossroads 1315; the Brock Road from the tavern south to the Plank Road and on to 2326. Trails: the Culpeper Mine Road by Spottswood, the Parker's Store road by Chewning farm to the tavern, the Hill-Ewell trail, the Catharpin road from 0728 (with a branch from 0627) to Parker's Store, a trail from 0118 to the Turnpike, and the Higgerson farm trail.",
  ],
});

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Wilderness');
const { check } = checks;
const spec = hexSpecOf(doc);
const land = (h: string): boolean => grid.has(h) && !isWater(spec(h).terrain);
checkRoutes(checks, grid, routes, { onLand: land });
check(
  spec('0810').name === 'Spottswood' &&
    spec('1415').name === 'Wilderness Tavern' &&
    spec('1920').name === 'Hickman',
  'objective names (19.11)',
);
check(grid.adjacent('1315', '1415'), 'the crossroads 1315 is beside the tavern 1415');
check(
  routes.find((r) => r.name === 'Orange Turnpike')!.hexes.includes('1315') &&
    routes.find((r) => r.name === 'Germanna Plank Road')!.hexes.includes('1315'),
  '1315 is the crossroads',
);
check(
  routes.find((r) => r.name === 'Germanna Plank Road')!.hexes[0] === '0102',
  'Germanna Plank Road enters at 0102',
);
check(grid.edgesOf('0102').includes('west'), '0102 on the west edge');
check(grid.edgesOf('0118').includes('west'), '0118 on the west edge');
check(grid.isEdge('0128'), '0128 on an edge');
check(
  grid.edgesOf('0728').includes('south') && grid.edgesOf('0627').includes('south'),
  '0728 and 0627 on the south edge',
);
check(grid.edgesOf('2326').includes('east'), '2326 on the east edge');
for (const h of ['0102', '0118', '0128', '0728', '0627', '2326'])
  check(
    land(h) && routes.some((r) => r.hexes.includes(h)),
    `entry ${h} is land on a road or trail`,
  );
const SETUP = hexList(
  '0616 0717 0816 1016 1116 1117 1217 0923 0922 0719 0819 0818 0911 1010 1415 0910 1315 1011 1214 1213 0303 0202 0414 0415 0416 0417 0318 0319 0419 0217 0218 0118 0119',
);
for (const h of SETUP) check(land(h), `set-up hex ${h} is land`);
checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const wildernessMap: MapDocument = doc;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
