/**
 * Builds scenarios/fredericksburg/map.json, the Fredericksburg map
 * reconstructed from the rules text (seed 000 lines 3678-4644) and the
 * historical field, and scenarios/fredericksburg-3-may-1863/map.json, the
 * same map with the 3 May 1863 scenario's 22.11 applied (every creek hexside
 * except the canal is a ford hexside). The printed SPI map is not in the
 * text; map.json's notes say what comes from the text and what is
 * reconstruction.
 *
 * Run: npx ts-node -T scenarios/fredericksburg/build-map.ts
 * It throws if any fact the text gives does not hold;
 * test/unit/scenarios/fredericksburg.spec.ts checks both map.json files are
 * its output.
 *
 * Grid: flat-topped hexes in vertical columns, "0101" top left, even columns
 * half a hex lower; columns 01-25, rows 01-27. The hex numbers of the charts
 * put the Confederate line (Taylor's Hill 0519 ... Hamilton's Crossing 2401)
 * south-west of the Union army, the columns running north to south and the
 * rows east to west: the top edge of the sheet faces east (battles.md §0:
 * the digits mean different directions on different maps).
 */
import { join } from 'path';
import { HexGrid, hexsideKey } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { MapDocument, RouteSpec } from '../../src/engine/types';
import {
  FactChecks,
  HexsideTable,
  checkRoutes,
  col,
  creekBlocks,
  crossingAllows,
  hexList,
  hexSpecOf,
  hexTable,
  reach,
  reconstructedMap,
  routeLinks,
  row,
  via as viaRoute,
  writeMapJson,
  spiSheet,
  isWater,
} from '../lib/map-builder';

const layout: GridLayout = spiSheet(25, 27, 'east');
const grid = new HexGrid(layout);
/** A route through waypoints, hex by hex (the shared nearest-bearing walk); the checks below confirm it stays on land. */
const via = (waypoints: string): string[] => viaRoute(grid, waypoints);

// ------------------------------------------------------------ the river ----
// The Rappahannock, one hex wide: from the west edge (row 27) down column 03
// past Scott's and Banks' Fords and Falmouth, through the Confederates-only
// ford 0412 (24.0), then diagonally south-east along the town front and the
// plain to Franklin's crossing, leaving the sheet at the east edge (1401).
const RIVER_PATH = hexList(
  '0327 0326 0325 0324 0323 0322 0321 0320 0319 0318 0317 0316 0315 0314 0313 ' +
    '0412 0512 0611 0610 0710 0809 0909 1008 1108 1207 1206 1306 1305 1304 1303 1302 1401',
);
const RIVER = new Set(RIVER_PATH);
/** Pontoon bridges (18.1, like ferries 6.27-6.28, 1 MP) with the two hexes each joins. */
const PONTOONS: Record<string, { crossing: [string, string]; name: string }> = {
  '0611': { crossing: ['0511', '0612'], name: 'Upper pontoon bridges (Lacy house to the town)' },
  '0909': { crossing: ['0908', '0910'], name: 'Middle pontoon bridge (lower end of the town)' },
  '1304': { crossing: ['1204', '1404'], name: "Franklin's crossing (upper bridge)" },
  '1305': { crossing: ['1205', '1405'], name: "Franklin's crossing (lower bridge)" },
};
/** River ford hexes (3 MP). 0412 is the designer's low-tide ford (24.0); Banks' and Scott's upstream (23.2). */
const FORDS: Record<string, string> = {
  '0412': 'Ford known only to the Confederates, usable at low tide (24.0)',
  '0321': "Banks' Ford",
  '0326': "Scott's Ford",
};

/** The east (Stafford) bank: every land hex on the Union side of the river. */
function eastBank(h: string): boolean {
  if (RIVER.has(h)) return false;
  const c = col(h);
  const r = row(h);
  // the river hex in this column nearest the west bank; above it (lower rows) is the east bank
  const inCol = RIVER_PATH.filter((x) => col(x) === c).map(row);
  if (c <= 2) return true;
  if (inCol.length === 0) return false;
  return r < Math.min(...inCol);
}

// ------------------------------------------------------- Confederate ground ----
// The ridge the Army of Northern Virginia held, from Taylor's Hill to Prospect
// Hill: in column c, rows >= FRONT[c] (the plain lies between it and the river);
// south of column 19 the whole width (Jackson's line faces north toward Franklin).
const FRONT: Record<number, number> = {
  3: 18,
  4: 17,
  5: 17,
  6: 16,
  7: 15,
  8: 14,
  9: 13,
  10: 13,
  11: 12,
  12: 12,
  13: 12,
  14: 12,
  15: 11,
  16: 11,
  17: 10,
  18: 10,
  19: 9,
};
function heights(h: string): boolean {
  const c = col(h);
  if (RIVER.has(h) || eastBank(h)) return false;
  if (c >= 20) return true;
  return row(h) >= (FRONT[c] ?? 99);
}

// ---------------------------------------------------------------- roads ----
const routes: RouteSpec[] = [
  // From Marye's Heights' foot (the sunken road behind the stone wall) over Hazel Run and
  // Telegraph (Lee's) Hill, then south-west off the map at 2027 (21.32 exit hex).
  {
    type: 'sunken-road',
    name: 'Telegraph Road (sunken road behind the stone wall)',
    hexes: via('1012 1112 1212'),
  },
  { type: 'road', name: 'Telegraph Road', hexes: via('0911 1012') },
  {
    type: 'road',
    name: 'Telegraph Road',
    hexes: via(
      '1212 1313 1413 1512 1612 1711 1712 1713 1714 1715 1716 1717 1718 1719 1820 1821 1922 1923 1924 1925 2025 2026 2027',
    ),
  },
  // Lee's Military Road behind the line (23.2), from the Telegraph Road to Hamilton's Crossing.
  {
    type: 'road',
    name: 'Military Road',
    hexes: via('1713 1813 1912 2012 2011 2110 2109 2108 2207 2206 2205 2204 2304 2303 2302 2401'),
  },
  // The RF&P railroad from the town station along the foot of the heights to Hamilton's Crossing and off
  // toward Richmond at 2501; its cut in the boggy woods is the "Sunken Railway" (23.1).
  {
    type: 'railway',
    name: 'Richmond, Fredericksburg & Potomac Railroad',
    hexes: via(
      '0910 1010 1110 1209 1309 1409 1508 1608 1707 1807 1906 2006 2105 2104 2103 2203 2302 2401 2501',
    ),
  },
  // The Richmond Stage (Bowling Green) Road across the plain, through Franklin's bridgehead.
  {
    type: 'road',
    name: 'Richmond Stage Road',
    hexes: via('1009 1109 1208 1308 1407 1506 1605 1604 1703 1803 1902 2002 2101 2201 2301 2401'),
  },
  // Pelham's approach (17.2: entry 1901) joins the Stage Road.
  { type: 'road', name: 'Mine Road', hexes: via('1901 1902') },
  // West out of the town past Salem Church.
  {
    type: 'road',
    name: 'Orange Plank Road',
    hexes: via(
      '0811 0812 0913 0914 0915 0916 0917 0918 0919 0920 0921 0922 0923 0924 0925 0926 0927',
    ),
  },
  // Stafford side: from the north edge (0113, exit and entry) through Falmouth along Stafford Heights
  // past Burnside's headquarters (0206) and the Lacy house (0511) to the bridges.
  {
    type: 'road',
    name: 'Falmouth road',
    hexes: via('0113 0213 0212 0211 0210 0209 0208 0207 0206 0307 0308 0409 0410 0510 0511'),
  },
  {
    type: 'road',
    name: 'Stafford Heights road',
    hexes: via(
      '0511 0510 0609 0709 0708 0808 0908 0907 1006 1005 1105 1104 1204 1203 1202 1201 1301',
    ),
  },
  { type: 'road', name: 'Fredericksburg streets', hexes: via('0612 0712 0811 0810 0910 0911') },
];

// ---------------------------------------------------------- hex terrain ----
const { hexes, set } = hexTable(grid);
for (const h of RIVER) set(h, { terrain: 'river' });
set('0327', { terrain: 'river', name: 'Rappahannock River' });
for (const [h, p] of Object.entries(PONTOONS))
  set(h, { terrain: 'pontoon', crossing: [...p.crossing], name: p.name });
for (const [h, name] of Object.entries(FORDS)) set(h, { terrain: 'ford', name });

// Stafford Heights: the east bank is high ground (level 2), Falmouth at the falls.
for (const h of grid.all()) if (eastBank(h)) set(h, { terrain: 'clear', level: 2 });
set('0206', { terrain: 'clear', level: 2, name: "Burnside's headquarters (Phillips house)" });
set('0511', { terrain: 'clear', level: 2, name: 'Chatham (Lacy house)' });
set('0213', { terrain: 'clear', level: 1, name: 'Falmouth' });
for (const h of hexList(
  '0101 0102 0103 0201 0202 0116 0117 0118 0119 0120 0121 0122 0123 0124 0125 0126 0127 0218 0219 0220 0221 0222 0223 0224 0225 0226 0227 0301 0302 0401 0402 1101 1102 1201',
)) {
  set(h, { terrain: 'forest', level: 2 });
}

// The town of Fredericksburg.
const TOWN = hexList('0612 0711 0712 0810 0811 0812 0910 0911 1009 1010');
for (const h of TOWN) set(h, { terrain: 'town' });
set('0811', { terrain: 'town', name: 'Fredericksburg' });

// The Confederate ridge: level 2, wooded behind the crest; named hills at level 3.
for (const h of grid.all()) if (heights(h)) set(h, { terrain: 'forest', level: 2 });
const clearHeights = hexList(
  // open crests and farm fields on the ridge: Taylor's Hill, Marye's Heights, the Howison and
  // Lee's Hill fields, the Bernard cabins, Prospect Hill's gun line, Hamilton's Crossing
  '0518 0519 0520 0617 0618 0619 0716 0717 0718 0815 0816 0817 0914 0915 0916 0917 1013 1014 1015 1112 1113 1114 1115 1116 1212 1213 1214 1215 1313 1314 1315 1412 1413 1414 1512 1513 1611 1612 1613 1910 1911 2011 2111 2112 2211 2310 2311 2401 2402 2501 2502 2302 2307 2308 2408 2409',
);
for (const h of clearHeights) set(h, { terrain: 'clear', level: 2 });
set('0519', { terrain: 'clear', level: 3, name: "Taylor's Hill" });
set('0520', { terrain: 'clear', level: 3 });
set('0618', { terrain: 'clear', level: 3 });
set('1113', { terrain: 'clear', level: 3, name: "Marye's Heights" });
set('1013', { terrain: 'clear', level: 3 });
set('1114', { terrain: 'clear', level: 3 });
set('1112', { terrain: 'clear', level: 2, name: 'The stone wall and sunken road' });
// "the woods surrounding Telegraph Hill" (23.1): the hill's top is wooded level 3.
set('1711', { terrain: 'forest', level: 3, name: "Telegraph Hill (Lee's Hill)" });
set('1712', { terrain: 'forest', level: 3 });
set('1612', { terrain: 'forest', level: 2 });
set('1611', { terrain: 'forest', level: 2 });
set('2302', { terrain: 'clear', level: 2, name: 'Prospect Hill' });
set('2401', { terrain: 'clear', level: 1, name: "Hamilton's Crossing" });
set('2103', { terrain: 'forest', level: 1, name: 'Sunken Railway (cut through the boggy woods)' });
set('2104', { terrain: 'forest', level: 1 });
set('2105', { terrain: 'forest', level: 1 });
set('1504', { terrain: 'clear', name: "Mansfield (Bernard house), Franklin's headquarters" });

// ------------------------------------------------------------- hexsides ----
const sides = new HexsideTable(grid);
/** Every hexside between a hex of `one` and an adjacent hex of `other`. */
function boundary(one: string[], other: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const a of one) for (const b of other) if (grid.adjacent(a, b)) out.push([a, b]);
  return out;
}
const creekNames = new Map<string, string>();
const creek = (name: string, pairs: Array<[string, string]>): void => {
  for (const [a, b] of pairs) {
    sides.add(a, b, { type: 'creek' });
    creekNames.set(hexsideKey(a, b), name);
  }
};
// Hazel Run: from behind the ridge between Marye's Heights and Telegraph Hill to the river at the
// lower end of the town (24.0: swollen, almost everywhere impassable).
creek(
  'Hazel Run',
  boundary(
    hexList('1208 1209 1210 1211 1212 1213 1214 1215 1216 1217 1218 1219 1220'),
    hexList('1308 1309 1310 1311 1312 1313 1314 1315 1316 1317 1318 1319 1320 1321'),
  ),
);
// Deep Run: from Hood's front to the river just above Franklin's crossing.
creek(
  'Deep Run',
  boundary(
    hexList('1307 1407 1408 1508 1509 1609 1610 1710 1810 1811'),
    hexList('1406 1506 1507 1607 1608 1708 1709 1809 1909 1910'),
  ),
);
// The canal (a creek hexside, 22.11) west of the town from the river to 0713, where it ends (25.0).
const CANAL: Array<[string, string]> = boundary(
  hexList('0413 0513 0613'),
  hexList('0414 0514 0614'),
);
creek('the canal', CANAL);
// 25.0 erratum: hexside 0713/0714 is a stream; the water ditch (millrace) continues as a stream
// along the town's edge in front of the stone wall.
const DITCH: Array<[string, string]> = [
  ['0713', '0714'],
  ...boundary(hexList('0713 0812 0912 0911 1011 1111'), hexList('0813 0913 1012 1112 1212')),
];
for (const [a, b] of DITCH) sides.add(a, b, { type: 'stream' });
// Bridges only where Lee kept them, behind his line: Telegraph Road over Hazel Run and the
// Military Road over Deep Run. The others were burned (23.2, 24.0).
const roadLinkOverCreek = (name: string): Array<[string, string]> =>
  [...routeLinks(routes.filter((x) => x.name === name))]
    .filter(([a, b]) => creekNames.has(hexsideKey(a, b)))
    .map(([a, b]): [string, string] => [a, b]);
const BRIDGES = [...roadLinkOverCreek('Telegraph Road'), ...roadLinkOverCreek('Military Road')];
for (const [a, b] of BRIDGES) sides.add(a, b, { type: 'bridge' });

// Redoubts and rifle pits from Hamilton's Crossing to Taylor's Hill (23.2): on the faces of the
// front-line hexes the chart garrisons, toward the plain; not at the Sunken Railway gap (23.1: the
// line is weak there) nor in the Deep Run bottom.
const REDOUBT_HEXES = hexList(
  '0519 0618 0717 0816 0915 1013 1113 1313 1512 1611 1710 1810 2008 2006 2004 2202 2302 2401',
);
const frontOf = (h: string): string[] =>
  grid.neighbours(h).filter((n) => !heights(n) && !RIVER.has(n));
for (const h of REDOUBT_HEXES)
  for (const n of frontOf(h)) sides.add(h, n, { type: 'redoubt', friendly: h });
// The stone wall at the foot of Marye's Heights: the sunken road's face toward the town.
for (const h of hexList('1012 1112 1212')) {
  for (const n of grid.neighbours(h))
    if (!heights(n) && !RIVER.has(n)) sides.add(h, n, { type: 'redoubt', friendly: h });
}

// ------------------------------------------------------------- document ----
const NOTES = [
  'The printed SPI Fredericksburg map is not in the rules text (seed 000). This map is reconstructed: only the facts listed next come from the text; everything else follows the historical field (about 400 m a hex) and is approximate.',
  "From the text: 0206 is Burnside's headquarters (19.0); 0113, 2027 and 2501 are the only exit hexes (21.32), 0113 and 2501 also entry hexes with 1901 (17.1, 17.2); hexside 0713/0714 is a stream, where the canal ends (25.0); a ford at 0412 that only the Confederates knew, usable at low tide (24.0 Designer's Notes: no rule enforces who may use it, so it is an ordinary river ford hex); the Rappahannock with pontoon bridges and fords (18.1, 19.12); Telegraph Hill, Marye's Heights, Taylor's Hill, Deep Run, Hazel Run, the canal, the stone wall, the Sunken Railway, Scott's and Banks' Fords, Hamilton's Crossing on the road to Richmond, Prospect Hill, the Military Road, redoubts and rifle pits from Hamilton's Crossing to Taylor's Hill (23.1, 23.2); Marye's Heights and Telegraph Hill are the highest points (23.2); Deep Run and Hazel Run swollen and almost everywhere impassable, the bridges over Deep Run and the water ditch burned (24.0); every set-up hex of 16.1/16.2 and 22.2/22.3; Union artillery and cavalry start on the eastern side of the Rappahannock (19.0).",
  "Grid (reconstructed): flat-topped hexes in vertical columns, 0101 at the top left, even columns half a hex lower; columns 01-25, rows 01-27. The top of the sheet faces east: columns run north to south and rows east to west. Reason: the Confederate set-up runs from Taylor's Hill (0519, west of the town) to Hamilton's Crossing (2401, south-east), the town hexes of the Union II and IX Corps (0612-1109) lie between the river and Marye's Heights (1113), and Franklin's Left Grand Division (1405-1802) faces Jackson (2002-2505) to its south. So 0113 lies on the north edge (Falmouth, the Union rear), 1901 on the east edge below the river (Pelham's flank march), 2501 at the south-east corner (the road and railroad to Richmond) and 2027 on the west edge (the Telegraph Road).",
  "Rappahannock (reconstructed course): one hex wide, from the west edge down column 03 (Scott's Ford 0326, Banks' Ford 0321 as river ford hexes) past Falmouth, through the low-tide ford 0412, then south-east along the town and the plain, leaving the east edge at 1401 below Franklin's crossing. Pontoon hexes (18.1: used like river ferries, 1 MP): 0611 joining the Lacy house 0511 to the town 0612 (the upper bridges), 0909 joining 0908 to 0910 (the middle bridge), 1304 and 1305 joining 1204/1205 to 1404/1405 (Franklin's crossing). Every Union unit of 16.1 set up in 0206, 0216, 0309, 0310, 0411, 0511, 0807, 0808, 0908, 1005, 1104, 1203, 1204, 1205 and 1301 is on the eastern (Stafford) side; the town and the bridgeheads (0612-1802) are on the western side, as in the morning of 13 December (Hooker's III and V Corps crossed later).",
  "Creeks (reconstructed; 6.29 impassable except at bridge or ford hexsides): Hazel Run from behind the ridge between Marye's Heights and Telegraph Hill to the river at the lower end of the town; Deep Run from Hood's front to the river just above Franklin's crossing; the canal west of the town from the river to 0713 (creek hexsides between 0413, 0513, 0613 and 0414, 0514, 0614). Bridges only on the Telegraph Road over Hazel Run and the Military Road over Deep Run, behind the Confederate line; the bridges in the plain were burned (24.0). The water ditch (millrace) continues from the canal's end as stream hexsides from 0713/0714 (25.0) along the town's edge in front of the stone wall.",
  "Heights (reconstructed): the Confederate ridge from Taylor's Hill to Prospect Hill is level 2, wooded behind the crest with open crests and fields; Taylor's Hill (0519, 0520, 0618), Marye's Heights (1113, 1013, 1114) and Telegraph (Lee's) Hill (1711, 1712, wooded: 'the woods surrounding Telegraph Hill') are level 3; Prospect Hill (2302) level 2, open for Walker's guns; Stafford Heights (the whole east bank) level 2. The plain between the river and the ridge is level-1 clear. No slope or ridge hexsides: the text gives none. Burnside's headquarters 0206 and Chatham (the Lacy house) 0511 on Stafford Heights; Mansfield (the Bernard house, Franklin's headquarters) at 1504; 1113 Marye's Heights, 1711 Telegraph Hill and 2401 Hamilton's Crossing are the VP hexes of 21.13 so named (the text gives their values, not their names).",
  "Redoubts (reconstructed; 23.2 'redoubts and rifle pits line the terrain from Hamilton's Crossing to Taylor's Hill'): redoubt hexsides, friendly side the ridge, on the faces toward the plain of the front-line hexes 0519, 0618, 0717, 0816, 0915, 1013, 1113, 1313, 1512, 1611, 1710, 1810, 2008, 2006, 2004, 2202, 2302, 2401, and on the town face of the sunken road 1012-1112-1212 (the stone wall). None at the Sunken Railway (2103), where 23.1 says the line is weak.",
  "Roads (reconstructed, simplified): the Telegraph Road from the town along the sunken road (1012-1112-1212, TEC sunken road) over Hazel Run and Telegraph Hill to the west-edge exit 2027; the Military Road behind the line from the Telegraph Road to Hamilton's Crossing (23.2); the RF&P railroad from the town along the foot of the heights through the Sunken Railway cut (2103) to Hamilton's Crossing and the 2501 exit; the Richmond Stage Road across the plain to Hamilton's Crossing; the Mine Road from Pelham's entry 1901; the Orange Plank Road west from the town; on the Stafford side the Falmouth road from the 0113 exit past Burnside's headquarters to the Lacy house and the Stafford Heights road to the bridges. The town of Fredericksburg is town terrain (0612, 0711, 0712, 0810, 0811, 0812, 0910, 0911, 1009, 1010).",
];

function buildDoc(id: string, title: string, variant: 'base' | '3-may'): MapDocument {
  const hexsides = [...sides.values()].map((s) => ({
    between: s.between,
    features: s.features.map((f) => ({ ...f })),
  }));
  const notes = [...NOTES];
  if (variant === '3-may') {
    // 22.11: every creek hexside except the canal's is treated as a ford hexside.
    const canal = new Set(CANAL.map(([a, b]) => hexsideKey(a, b)));
    for (const s of hexsides) {
      const k = hexsideKey(s.between[0], s.between[1]);
      if (
        s.features.some((f) => f.type === 'creek') &&
        !canal.has(k) &&
        !s.features.some((f) => f.type === 'ford' || f.type === 'bridge')
      ) {
        s.features.push({ type: 'ford' });
      }
    }
    notes.unshift(
      '3 May 1863 scenario (22.11): this is the Fredericksburg map with every creek hexside except the canal made a ford hexside (creek + ford features), so Hazel Run and Deep Run can be crossed everywhere at +1 MP; the canal hexsides stay impassable creek. Built by scenarios/fredericksburg/build-map.ts with the base map.',
    );
  }
  return reconstructedMap({
    id,
    title,
    grid: layout,
    defaultHex: { terrain: 'clear' },
    hexes,
    hexsides,
    routes,
    notes,
  });
}

const doc = buildDoc('fredericksburg', 'Fredericksburg (13 December 1862)', 'base');
const may3 = buildDoc(
  'fredericksburg-3-may-1863',
  "Fredericksburg: 3 May 1863 (Marye's Heights, Sedgwick)",
  '3-may',
);

// --------------------------------------------------------------- checks ----
const checks = new FactChecks('Fredericksburg');
const { check } = checks;
const spec = hexSpecOf(doc);
const land = (h: string): boolean =>
  !isWater(spec(h).terrain) && !['pontoon', 'ford'].includes(spec(h).terrain);
for (let i = 0; i + 1 < RIVER_PATH.length; i++)
  check(grid.adjacent(RIVER_PATH[i], RIVER_PATH[i + 1]), `river contiguous at ${RIVER_PATH[i]}`);
check(
  grid.edgesOf(RIVER_PATH[0]).length > 0 && grid.isEdge(RIVER_PATH[RIVER_PATH.length - 1]),
  'the river runs edge to edge',
);
check(
  spec('0206').name?.includes('Burnside') === true && eastBank('0206'),
  "0206 Burnside's headquarters on the east bank",
);
check(grid.isEdge('0113') && eastBank('0113'), '0113 on an edge, Union (east) bank');
check(grid.isEdge('2027') && heights('2027'), '2027 on an edge behind the Confederate line');
check(grid.isEdge('2501') && !eastBank('2501') && land('2501'), '2501 on an edge, west bank');
check(grid.isEdge('1901') && !eastBank('1901') && land('1901'), '1901 on an edge, west bank');
check(grid.edgesOf('0113').includes('north'), '0113 on the north edge');
check(grid.edgesOf('1901').includes('east'), '1901 on the east edge');
check(grid.edgesOf('2027').includes('west'), '2027 on the west edge');
check(spec('0412').terrain === 'ford', '0412 is a ford hex (24.0)');
check(sides.has('0713', '0714', 'stream'), '0713/0714 stream (25.0)');
check(!sides.has('0713', '0714', 'creek'), '0713/0714 is not canal');
for (const [h, p] of Object.entries(PONTOONS)) {
  check(
    p.crossing.every((n) => grid.adjacent(h, n) && land(n)),
    `pontoon ${h} joins land hexes`,
  );
  check(
    eastBank(p.crossing[0]) && !eastBank(p.crossing[1]),
    `pontoon ${h} joins the east bank to the west bank`,
  );
}
checkRoutes(checks, grid, routes, { onLand: land });
const UNION_EAST = hexList(
  '0206 0216 0309 0310 0411 0511 0807 0808 0908 1005 1104 1203 1204 1205 1301',
);
const UNION_WEST = hexList(
  '1703 1802 1601 1702 0810 0712 0811 0612 0910 1507 1407 1704 1605 1705 1406 1405 1307 1308 1208 1009 1109 1603',
);
const CONFEDERATE = hexList(
  '1113 0519 0818 0917 0916 0914 1112 1512 1611 1313 1710 1810 1911 2111 2310 1909 2008 2408 2307 2006 2205 2004 2203 2202 2302 2505 2401 1212 1116',
);
const MAY3 = hexList(
  '1505 1406 1504 1407 1208 0711 0810 0712 0910 0618 1012 1211 2008 2006 2202 2004 1212',
);
for (const h of UNION_EAST) check(land(h) && eastBank(h), `Union set-up ${h} on the east bank`);
for (const h of UNION_WEST)
  check(
    land(h) && !eastBank(h) && !heights(h),
    `Union set-up ${h} on the west bank below the heights`,
  );
for (const h of CONFEDERATE) check(land(h) && heights(h), `Confederate set-up ${h} on the ridge`);
for (const h of MAY3) check(land(h), `3 May set-up ${h} is land`);

/** Land movement graph (13 December): creeks only at bridges/fords; pontoons along their crossing. */
function landReach(from: string, d: MapDocument): Set<string> {
  const sp = hexSpecOf(d);
  const side = new Map(d.hexsides.map((s) => [hexsideKey(s.between[0], s.between[1]), s.features]));
  return reach(
    grid,
    from,
    (h, n) =>
      !isWater(sp(n).terrain) &&
      !creekBlocks(side.get(hexsideKey(h, n)) ?? []) &&
      crossingAllows(sp, h, n),
  );
}
const fromHQ = landReach('0206', doc);
for (const h of [...UNION_EAST, ...UNION_WEST, ...CONFEDERATE, '2027', '2501', '1901', '0113'])
  check(fromHQ.has(h), `${h} joined by land to Burnside's headquarters`);
const fromMarye = landReach('1113', doc);
for (const h of CONFEDERATE)
  check(fromMarye.has(h), `Confederate ${h} reaches Marye's Heights behind the line`);
for (const h of ['1113', '1711', '2401', '1504', '0511', '0206'])
  check(land(h), `VP hex ${h} (21.13) is land`);
check(
  grid.distance('1113', '1112') === 1,
  "the stone wall (1112) lies at the foot of Marye's Heights (1113)",
);
checks.done();

/** The maps as built and checked; the specs compare them with the committed map.json files. */
export const fredericksburgMap: MapDocument = doc;
export const fredericksburg3May1863Map: MapDocument = may3;
export const CANAL_HEXSIDES = CANAL;

if (require.main === module) {
  const a = join(__dirname, 'map.json');
  const b = join(__dirname, '..', 'fredericksburg-3-may-1863', 'map.json');
  console.log(writeMapJson(a, doc));
  console.log(writeMapJson(b, may3));
  const counts = [...creekNames.values()].reduce<Record<string, number>>(
    (acc, n) => ({ ...acc, [n]: (acc[n] ?? 0) + 1 }),
    {},
  );
  console.log(counts, 'bridges', BRIDGES);
}
