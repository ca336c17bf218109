/**
 * Builds scenarios/shiloh/map.json: the Shiloh map reconstructed from the
 * rules text (seed 000 lines 1120-1664) and the historical field. The printed
 * SPI map is not in the text, so everything here except the facts the text
 * states is reconstruction; map.json's notes say which is which.
 *
 * Run: npx ts-node -T scenarios/shiloh/build-map.ts
 * The committed map.json is what the service loads; this script is how it was
 * made and re-checked. It throws if any fact the text gives does not hold, and
 * test/unit/scenarios/shiloh.spec.ts checks that map.json is its output.
 *
 * Grid: flat-topped hexes in vertical columns, "0101" top left, even columns
 * half a hex lower (SPI practice), columns 01-19 west to east, rows 01-21
 * north to south, north at the top.
 */
import { join } from 'path';
import { HexGrid, hexsideKey } from '../../src/engine/hex';
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
  writeMapJson,
  spiSheet,
} from '../lib/map-builder';

const layout: GridLayout = spiSheet(19, 21, 'north');
const grid = new HexGrid(layout);

// ------------------------------------------------------------ the river ----
// The Tennessee: one hex wide, leaving the north edge at 1701 (the gunboat
// entry of 17.1 / 9.62), bending to column 16 at row 4 and running south past
// Pittsburg Landing (1508, west bank) to the south edge. Ferry hex 1608.
const FERRY = '1608';
const RIVER = new Set<string>(['1701', '1702', '1703', '1704']);
for (let r = 4; r <= 21; r++) RIVER.add(L(16, r));

// -------------------------------------------------------------- regions ----
// Creeks (6.29: impassable except at bridge/ford hexsides) are drawn as the
// boundaries between land regions:
//   north: north of Snake Creek (Lew Wallace's side; entry 0901)
//   owl:   west of Owl Creek, south of Snake Creek
//   south: south of Lick Creek (toward Hamburg)
//   field: the battlefield pocket between the creeks and the river
//   east:  the east bank of the Tennessee (entry 1905)
const SNAKE_NORTH: Record<number, number> = {
  1: 4,
  2: 4,
  3: 4,
  4: 4,
  5: 4,
  6: 4,
  7: 4,
  8: 4,
  9: 4,
  10: 4,
  11: 5,
  12: 5,
  13: 5,
  14: 5,
  15: 5,
  16: 3,
};
const OWL_WEST: Record<number, number> = {
  5: 4,
  6: 3,
  7: 2,
  8: 1,
  9: 1,
  10: 1,
  11: 1,
  12: 1,
  13: 1,
};
const LICK_SOUTH: Record<number, number> = {
  9: 21,
  10: 20,
  11: 20,
  12: 19,
  13: 19,
  14: 18,
  15: 17,
};
type Region = 'river' | 'east' | 'north' | 'owl' | 'south' | 'field';
function region(h: string): Region {
  const c = col(h);
  const r = row(h);
  if (RIVER.has(h)) return 'river';
  if (c >= 17) return 'east';
  if (r <= (SNAKE_NORTH[c] ?? 0)) return 'north';
  if (c <= (OWL_WEST[r] ?? 0)) return 'owl';
  if (r >= (LICK_SOUTH[c] ?? 99)) return 'south';
  return 'field';
}

function creekBetween(a: Region, b: Region): string | undefined {
  const pair = [a, b].sort().join('|');
  const names: Record<string, string> = {
    'field|north': 'Snake Creek',
    'north|owl': 'Snake Creek',
    'field|owl': 'Owl Creek',
    'field|south': 'Lick Creek',
  };
  return names[pair];
}

// ---------------------------------------------------------------- roads ----
/** Routes are listed hex by hex (build checks each consecutive pair is adjacent). */
const routes: RouteSpec[] = [
  // Grant's base to Corinth: the main road the Confederates marched up, south-west from the landing
  // past Duncan and Review fields, Fraley field and Rea field.
  {
    type: 'road',
    name: 'Pittsburg-Corinth Road',
    hexes: hexList(
      '1508 1408 1309 1209 1110 1010 0911 0811 0812 0713 0714 0614 0615 0516 0517 0417 0418 0319 0320 0220 0221',
    ),
  },
  {
    type: 'road',
    name: 'Eastern Corinth Road',
    hexes: hexList('1209 1210 1211 1112 1113 1114 1115 1015 1016 1017 0918 0919 0920 0820 0821'),
  },
  // West from the landing through McClernand's and Sherman's camps, over Owl Creek toward Purdy.
  {
    type: 'road',
    name: 'Pittsburg-Purdy Road',
    hexes: hexList('1408 1308 1208 1108 1008 0909 0809 0710 0610 0511 0411 0311 0211 0111'),
  },
  // East-west past Shiloh Church and the southern camps to Stuart's position (21.2 "east-west roads").
  {
    type: 'road',
    name: 'Hamburg-Purdy Road',
    hexes: hexList(
      '0211 0312 0412 0512 0612 0613 0714 0814 0914 1014 1114 1214 1314 1414 1515 1516',
    ),
  },
  // The River Road: from Crump's Landing and Savannah (north) over Snake Creek by "the bridge" (0905),
  // past the landing, over Lick Creek toward Hamburg.
  {
    type: 'road',
    name: 'Hamburg-Savannah Road',
    hexes: hexList(
      '0901 0902 0903 0904 0905 1005 1106 1206 1307 1308 1408 1409 1410 1411 1412 1413 1414 1515 1516 1517 1518 1519 1520 1521',
    ),
  },
  // The Confederate right's road east along the Lick Creek side.
  {
    type: 'road',
    name: 'Bark Road',
    hexes: hexList('0319 0419 0519 0619 0719 0819 0919 1018 1118 1218 1318 1317 1416 1516'),
  },
  // Buell's approach on the east bank to the ferry landing opposite Pittsburg Landing.
  {
    type: 'road',
    name: 'Savannah road (east bank)',
    hexes: hexList('1905 1906 1806 1707 1708 1709'),
  },
  // The "Sunken Road": a farm lane along the Hornet's Nest; modelled as a trail, not as the 10.1 sunken road.
  { type: 'trail', name: 'Sunken Road', hexes: hexList('1010 1111 1112 1212 1312') },
];

// ---------------------------------------------------------- hex terrain ----
const { hexes, set, setNamed } = hexTable(grid);
for (const h of RIVER) set(h, { terrain: 'river' });
set('1701', { terrain: 'river', name: 'Tennessee River (gunboat entry, 9.62)' });
set(FERRY, { terrain: 'ferry', crossing: ['1709', '1508'], name: 'Pittsburg Landing ferry' });
set('1508', { terrain: 'clear', name: 'Pittsburg Landing' });
set('0512', { terrain: 'clear', name: 'Shiloh Church' });
set('0905', { terrain: 'forest', name: "Snake Creek bridge (Wallace's bridge)" });
set('1111', { terrain: 'forest', name: "Hornet's Nest" });

const fields: Array<[string, string[]]> = [
  ['Rea field', ['0513', '0514']],
  ['Fraley field', ['0615', '0715']],
  ['Spain field', ['0915', '1015']],
  ['Seay field', ['0917', '1017']],
  ['Review field', ['0811', '0911']],
  ['Woolf field', ['0710']],
  ['Jones field', ['0608', '0708']],
  ['Duncan field', ['1009', '1010']],
  ["Sarah Bell's field and Peach Orchard", ['1212', '1312']],
  ['Wicker field', ['1313', '1314']],
  ['Cloud field', ['1307', '1407']],
];
for (const [name, list] of fields) setNamed(name, list, { terrain: 'clear' });

// Ravines and thickets: the "rough-wooded" ground of 21.2.
const rough: Array<[string, string[]]> = [
  ['Shiloh Branch ravine', ['0114', '0214', '0314', '0414']],
  ['Tilghman Branch ravine', ['0309', '0409', '0509']],
  ['Owl Creek bottoms', ['0209', '0210']],
  ['Dill Branch ravine', ['1410', '1510', '1310']],
  ['river bluffs', ['1512', '1513']],
  ['Lick Creek hills', ['0120', '0220', '0520', '0620', '0719', '0720', '1119', '1219']],
  ['Locust Grove Branch hills', ['1116', '1216']],
];
for (const [name, list] of rough) setNamed(name, list, { terrain: 'forest-rough' });

// Creek bottoms and backwaters.
const swamp: Array<[string, string[]]> = [
  ['Snake Creek backwater', ['1405', '1505', '1406', '1506']],
  ['Lick Creek bottom', ['1417', '1517', '1418']],
];
for (const [name, list] of swamp) setNamed(name, list, { terrain: 'swamp' });

// East bank: river bottomland (swamp), except the causeway road and the ferry landing.
const eastRoad = new Set(routes.find((r) => r.name === 'Savannah road (east bank)')!.hexes);
for (const h of grid.all()) {
  if (region(h) !== 'east') continue;
  set(h, eastRoad.has(h) ? { terrain: 'clear' } : { terrain: 'swamp' });
}
set('1709', { terrain: 'clear', name: 'Ferry landing (east bank)' });

// ------------------------------------------------------------- hexsides ----
const sides = new HexsideTable(grid);
const creekNames = new Map<string, string>();
for (const [a, b] of adjacentPairs(grid)) {
  const name = creekBetween(region(a), region(b));
  if (name) {
    sides.add(a, b, { type: 'creek' });
    creekNames.set(hexsideKey(a, b), name);
  }
}

/** A stream along the boundary between hexes with row <= lastRowNorth and the rest, within columns [from, to]. */
function streamAlongRow(from: number, to: number, lastRowNorth: (c: number) => number): void {
  for (let c = from; c <= to; c++) {
    for (let r = 1; r <= 21; r++) {
      const a = L(c, r);
      if (r > lastRowNorth(c)) continue;
      for (const b of grid.neighbours(a)) {
        const cb = col(b);
        if (cb < from || cb > to) continue;
        if (row(b) > lastRowNorth(cb) && region(a) === 'field' && region(b) === 'field') {
          sides.add(a, b, { type: 'stream' });
        }
      }
    }
  }
}
streamAlongRow(2, 6, () => 13); // Shiloh Branch, between Sherman's camps and Hardee's line, into Owl Creek
streamAlongRow(2, 7, () => 8); // Tilghman Branch, north of McClernand's camps, into Owl Creek
streamAlongRow(12, 15, () => 9); // Dill Branch, just south of the landing, into the Tennessee
streamAlongRow(9, 13, () => 16); // Locust Grove Branch, south of Prentiss's and Stuart's camps, into Lick Creek

// Bridges where the roads cross the creeks: every road link over a creek has one.
for (const [a, b] of routeLinks(routes))
  if (sides.has(a, b, 'creek')) sides.add(a, b, { type: 'bridge' });

// ------------------------------------------------------------- document ----
const doc: MapDocument = reconstructedMap({
  id: 'shiloh',
  title: 'Shiloh (6-7 April 1862)',
  grid: layout,
  defaultHex: { terrain: 'forest' },
  hexes,
  hexsides: sides.values(),
  routes,
  notes: [
    'The printed SPI/Decision Games Shiloh map is not in the rules text (seed 000). This map is reconstructed: only the facts below come from the text; the rest follows the historical field (Thom map as described in 22.1) at about 400 m a hex and is approximate.',
    'From the text: 1508 is Pittsburg Landing and "the ferry point" (18.0, 20.0, 21.2); 0905 is "the bridge" (21.2); 1701 is the gunboat entry and a gunboat hex (17.1, 9.62); 1905 is the Union entry on the east bank (17.1, 20.0); 0901 is Lew Wallace\'s entry (17.1); the Tennessee River divides the map with the Union reinforcements at 1905 on its eastern side (20.0); the terrain is "heavily wooded and rough-wooded", with "east-west roads" and more clear ground and roads toward the Union centre (21.2); every set-up hex of 16.1/16.2.',
    'Grid (reconstructed): flat-topped hexes in vertical columns, 0101 at the top left, even columns half a hex lower; columns 01-19 west to east, rows 01-21 north to south; north at the top. Reasons: the Confederate set-up (rows 15-19, columns 01-08) lies south-west of the Union camps (rows 09-15), so 19.1\'s forced Union moves "north or north-east" lead back toward Pittsburg Landing and the river as in 1862; column 19 is the east edge so 1905 lies on it; row 01 is the north edge so 0901 and 1701 lie on it; the last row 21 leaves room south of the Confederate rear (0119, 0319).',
    'Tennessee River (reconstructed course): one hex wide, 1701-1704 then column 16 from 1604 to the south edge 1621. Land units may not enter it (6.27); it is crossed only by the ferry. 1701 is made a river hex: as a land hex it would touch both banks (1601 and 1801) and join them at the map edge; 9.62 names it separately, which suggests the printed hex is only partly water.',
    'Ferry (20.0 gives no hex number): the River ferry hex is 1608, between Pittsburg Landing (1508, north-west of it) and the east-bank landing 1709 (south-east of it, straight across); its arrows (crossing) point to 1709 and 1508. Gunboats pass along the river through it (a one-hex-wide river cannot continue past a ferry otherwise). From 1905 the Savannah road (east bank) reaches 1709 in five road hexes (1906, 1806, 1707, 1708, 1709); crossing needs 3 MP for 1608 plus the cost of 1508 in the same phase (6.28), so units normally cross on the turn after they arrive.',
    'Creeks (reconstructed courses; 6.29 impassable except at bridges and fords): Snake Creek runs west-east across the north (rows 4/5, then 5/6 near its mouth north of the landing) into the Tennessee; Owl Creek runs along the west flank (between columns 01 and 02 from the west edge at 0113/0114, bending north-east to join Snake Creek near 0405); Lick Creek runs from the south edge at column 09 north-east into the Tennessee south of Stuart\'s camp (1515/1517). Bridges: "the bridge" 0904/0905 on the Hamburg-Savannah (River) Road over Snake Creek, where Lew Wallace crosses; the Owl Creek bridge on the Purdy road (0111/0211); the Lick Creek bridge on the Hamburg-Savannah road (1516/1517). No fords.',
    'Streams (reconstructed, +2 MP, attacker halved): Shiloh Branch (rows 13/14, columns 02-06), Tilghman Branch (rows 8/9, columns 02-07), Dill Branch (rows 9/10, columns 12-15, into the Tennessee just south of the landing), Locust Grove Branch (rows 16/17, columns 09-13).',
    'Roads (reconstructed from the historical network, simplified; the text says only that there are east-west roads and that the Union controls the road net): Pittsburg-Corinth, Eastern Corinth, Pittsburg-Purdy, Hamburg-Purdy (through Shiloh Church 0512), Hamburg-Savannah (River Road, from 0901 over the bridge at 0905 past the landing), Bark Road, and the east-bank road from 1905 to the ferry landing. The "Sunken Road" is a trail along the Hornet\'s Nest (1111): historically a worn farm lane, so it is not given the 10.1 sunken-road effect, which the text does not mention for Shiloh.',
    'Terrain (reconstructed): forest by default ("heavily wooded"); clear fields after the historical farms (Rea, Fraley, Spain, Seay, Review, Woolf, Jones, Duncan, Sarah Bell/Peach Orchard, Wicker, Cloud) concentrated toward the Union centre; forest-rough for the ravines and hills (Shiloh Branch, Tilghman Branch, Dill Branch, river bluffs, the broken ground toward Lick Creek); swamp for the Snake and Lick Creek bottoms and the east bank. Pittsburg Landing and Shiloh Church are clear hexes carrying their names, not towns (10.1 town would Disorder units, which the text does not suggest). No elevation levels or slopes: the text gives none.',
  ],
});

// --------------------------------------------------------------- checks ----
// Facts the text gives, and playability, checked before writing.
const checks = new FactChecks('Shiloh');
const { check } = checks;
const spec = hexSpecOf(doc);
check(spec('1508').terrain === 'clear', '1508 is land');
check(
  grid.edgesOf('1905').includes('east') && region('1905') === 'east',
  '1905 on the east edge and the east bank',
);
check(
  grid.edgesOf('0901').includes('north') && region('0901') === 'north',
  '0901 on the north edge, north of Snake Creek',
);
check(
  grid.edgesOf('1701').includes('north') && spec('1701').terrain === 'river',
  '1701 river on the north edge',
);
check(grid.adjacent(FERRY, '1508') && grid.adjacent(FERRY, '1709'), 'ferry joins 1709 and 1508');
// straight across: the two arrows point in opposite directions
check(
  Math.abs(((grid.bearing(FERRY, '1508') - grid.bearing(FERRY, '1709') + 360) % 360) - 180) < 1,
  'ferry arrows opposite',
);
check(
  region('0905') === 'field' && region('0904') === 'north',
  '0905 is the south end of the Snake Creek bridge',
);
check(sides.has('0904', '0905', 'bridge'), 'bridge 0904/0905');

/** Land movement graph: creek sides only at bridges/fords; ferry only east to west along its arrows. */
const landReach = (from: string, useFerry: boolean): Set<string> =>
  reach(grid, from, (h, n) => {
    const t = spec(n).terrain;
    if (t === 'river' || t === 'lake' || t === 'pond') return false;
    if (
      t === 'ferry' &&
      !(useFerry && (spec(n).crossing ?? []).includes(h) && region(h) === 'east')
    )
      return false;
    if (creekBlocks(sides.features(h, n))) return false;
    // leave a ferry only through its other arrow, toward the west bank
    if (
      spec(h).terrain === 'ferry' &&
      (!(spec(h).crossing ?? []).includes(n) || region(n) === 'east')
    )
      return false;
    return true;
  });
const fromLanding = landReach('1508', false);
const fromEast = landReach('1905', false);
check(
  !fromEast.has('1508') && [...fromEast].every((h) => region(h) === 'east'),
  'no way across the river without the ferry',
);
check(landReach('1905', true).has('1508'), '1905 reaches 1508 by the ferry');
check(!landReach('1508', true).has('1709'), 'the ferry does not carry units west to east');
check(fromLanding.has('0901'), '0901 (Lew Wallace) reaches the landing across the bridge');
check(
  fromLanding.has('0111') && fromLanding.has('1521'),
  'Owl Creek and Lick Creek bridges lead off the field',
);
const setupHexes = [
  ...hexList('1515 1413 1313 1212 1213 1111 1112 1113 1114 1011 1013 1014 0914 0810'),
  ...hexList('0812 0813 0711 0712 0611 0612 0411 0412 0312 0211 0910 0809'),
  ...hexList('0818 0718 0616 0617 0516 0517 0518 0415 0416 0417 0315 0316 0317 0318'),
  ...hexList('0215 0216 0217 0218 0115 0117 0118 0119 0319 0116 0418'),
];
for (const h of setupHexes) {
  check(grid.has(h), `set-up hex ${h} exists`);
  check(
    !['river', 'lake', 'pond', 'ferry', 'pontoon'].includes(spec(h).terrain),
    `set-up hex ${h} is land`,
  );
  check(fromLanding.has(h), `set-up hex ${h} is connected to the landing by land`);
}
// 19.1: every Union unit set up must have a hex north or north-east it may enter (no water, no creek without bridge).
for (const h of setupHexes.slice(0, 26)) {
  const ok = grid
    .neighboursToward(h, 0)
    .concat(grid.neighboursToward(h, 45))
    .some((n) => {
      const t = spec(n).terrain;
      const f = sides.features(h, n);
      return (
        !['river', 'lake', 'pond', 'ferry'].includes(t) &&
        !(f.some((x) => x.type === 'creek') && !f.some((x) => x.type === 'bridge'))
      );
    });
  check(ok, `19.1: Union unit at ${h} can move north or north-east`);
}
checkRoutes(checks, grid, routes, { onLand: (h) => !['river', 'ferry'].includes(spec(h).terrain) });
checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const shilohMap: MapDocument = doc;

if (require.main === module) {
  const creekCount = [...creekNames.values()].reduce<Record<string, number>>(
    (a, n) => ({ ...a, [n]: (a[n] ?? 0) + 1 }),
    {},
  );
  console.log(writeMapJson(join(__dirname, 'map.json'), doc), creekCount);
}
