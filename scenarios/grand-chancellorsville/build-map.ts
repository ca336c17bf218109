/**
 * Builds scenarios/grand-chancellorsville/map.json: the Hooker and Lee sheet
 * (prefix "H") joined to the Fredericksburg sheet (prefix "F") as 22.0 says
 * (seed 000 lines 5176-5190): "the western hex row on the Fredericksburg map
 * sheet overlaps directly on to the eastern hex row on the Hooker and Lee map
 * sheet; e.g., Fredericksburg hex 1328 overlaps directly on to Hooker and Lee
 * hex 1301."
 *
 * Run: npx ts-node -T scenarios/grand-chancellorsville/build-map.ts
 * It reuses scenarios/hooker-and-lee (build-map.ts) and
 * scenarios/fredericksburg/map.json as they are, prefixes their labels, and
 * applies 22.11's map change (creek hexsides of the F sheet, except the
 * canal, become fords). test/unit/scenarios/grand-chancellorsville.spec.ts
 * checks that map.json is its output.
 *
 * Both sheets are flat-topped, even columns lower, top facing east, with the
 * same column numbers north to south. F xx28 lies on H xx01, so F row r sits
 * at H row r - 27: the F sheet's axial offset is {q: 0, r: -27}. The
 * Fredericksburg map as authored has rows 01-27 (no row 28), so the shared
 * row is H xx01; should it gain a row 28, that row is dropped here.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { HexGrid, hexsideKey, parseLabel } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type { HexSpec, HexsideSpec, MapDocument, RouteSpec } from '../../src/engine/types';
import { hookerAndLeeMap } from '../hooker-and-lee/build-map';
import {
  FactChecks,
  checkRoutes,
  reconstructedMap,
  sortedHexes,
  writeMapJson,
} from '../lib/map-builder';

const fredericksburg = JSON.parse(
  readFileSync(join(__dirname, '..', 'fredericksburg', 'map.json'), 'utf8'),
) as MapDocument;

/** Prefixes every hex label found in a map document's data (keys of `hexes`, any "CCRR" string). */
function prefixed<T>(value: T, prefix: string): T {
  if (typeof value === 'string') return (/^\d{4}$/.test(value) ? `${prefix}${value}` : value) as T;
  if (Array.isArray(value)) return value.map((v) => prefixed(v, prefix)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        /^\d{4}$/.test(k) ? `${prefix}${k}` : k,
        prefixed(v, prefix),
      ]),
    ) as T;
  }
  return value;
}

const hLayout = hookerAndLeeMap.grid as GridLayout;
const fLayout = fredericksburg.grid as GridLayout;
if (Array.isArray(fredericksburg.grid))
  throw new Error('the Fredericksburg map is expected to be one sheet');
for (const k of ['orientation', 'shifted', 'top'] as const) {
  if (hLayout[k] !== fLayout[k])
    throw new Error(`22.0: the two sheets must share ${k} (H ${hLayout[k]}, F ${fLayout[k]})`);
}
/** F row 28 is H row 01 (22.0): drop it from the F sheet if it has one. */
const fMissing = [...(fLayout.missing ?? [])];
if (fLayout.rows.last >= 28) {
  for (let c = fLayout.columns.first; c <= fLayout.columns.last; c++)
    fMissing.push(`${String(c).padStart(2, '0')}28`);
}
const dropped = (h: string): boolean => fMissing.includes(h) || (parseLabel(h)?.row ?? 0) > 28;

const sheets = [
  { layout: { ...hLayout, prefix: 'H', missing: (hLayout.missing ?? []).map((h) => `H${h}`) } },
  {
    layout: {
      ...fLayout,
      prefix: 'F',
      ...(fMissing.length ? { missing: fMissing.map((h) => `F${h}`) } : {}),
    },
    offset: { q: 0, r: -27 },
  },
];
const grid = new HexGrid(sheets);

// ------------------------------------------------- 22.11 creeks to fords ----
// The canal: the creek hexsides west of the town between 0413, 0513, 0613 and
// 0414, 0514, 0614 (scenarios/fredericksburg map notes), which stay creeks.
const CANAL = new Set(['0413', '0513', '0613', '0414', '0514', '0614']);
const fHexsides: HexsideSpec[] = fredericksburg.hexsides
  .filter((s) => !s.between.some(dropped))
  .map((s) => {
    const canal = s.between.every((h) => CANAL.has(h));
    return {
      between: s.between,
      features: s.features.map((f) =>
        f.type === 'creek' && !canal ? { type: 'ford' as const } : f,
      ),
    };
  });

const hexes: Record<string, HexSpec> = {
  ...prefixed(hookerAndLeeMap.hexes, 'H'),
  ...prefixed(
    Object.fromEntries(Object.entries(fredericksburg.hexes).filter(([h]) => !dropped(h))),
    'F',
  ),
};
// 22.51 sets 1/III up at F1302, which the Fredericksburg map draws as river
// (its Rappahannock leaves the east edge through 1303, 1302, 1401). Here the
// river turns one hex further south, 1303-F1402-F1401, so F1302 is land on
// the Stafford bank with the rest of III Corps (F1201, F1102, F1301).
const SEAM_FIXES: Record<string, HexSpec> = {
  F1302: { terrain: 'clear' },
  F1402: { terrain: 'river' },
};
if (hexes['F1302']?.terrain !== 'river')
  throw new Error('F1302 is no longer river on the Fredericksburg map: drop SEAM_FIXES');
Object.assign(hexes, SEAM_FIXES);

const routes: RouteSpec[] = [
  ...prefixed(hookerAndLeeMap.routes, 'H').map((r) => ({ ...r, name: `${r.name} (H)` })),
  ...prefixed(fredericksburg.routes, 'F').map((r) => ({
    ...r,
    hexes: r.hexes.filter((h) => grid.has(h)),
    name: `${r.name} (F)`,
  })),
];

const doc: MapDocument = reconstructedMap({
  id: 'grand-chancellorsville',
  title: 'Grand Chancellorsville (Hooker and Lee and Fredericksburg sheets joined)',
  grid: sheets,
  defaultHex: hookerAndLeeMap.defaultHex,
  hexes,
  hexsides: [...prefixed(hookerAndLeeMap.hexsides, 'H'), ...prefixed(fHexsides, 'F')],
  routes,
  notes: [
    "Both sheets are reconstructed from the rules text (see scenarios/hooker-and-lee and scenarios/fredericksburg map notes); this document joins them as 22.0 says and changes nothing else but 22.11's creeks.",
    "Join (22.0): the Fredericksburg sheet's western hex row overlaps the Hooker and Lee sheet's eastern row, F1328 on H1301. Both sheets face east at the top with columns running north to south, so F row r lies at H row r-27 in the same column (axial offset {q: 0, r: -27}); the shared row carries the H xx01 labels (the Fredericksburg map has rows 01-27). Across the seam the Rappahannock continues from F0327 into H0301, the Orange Plank Road of the F sheet (F0927) meets the River Road at H0901, and the Telegraph Road (F2027) meets the Plank Road exit H2001.",
    "Defaults: the joined map's default is the Hooker and Lee sheet's (forest, the Wilderness); every F hex the Fredericksburg map leaves to its own default is listed here with that default terrain, so each sheet keeps its own.",
    'Change to the Fredericksburg sheet: 22.51 sets 1/III up at F1302, a river hex on the Fredericksburg map as authored; here the Rappahannock runs F1303-F1402-F1401 instead, so F1302 is clear land on the Stafford bank with the rest of III Corps (F1201, F1102, F1301).',
    '22.11: every creek hexside of the F sheet except the canal (between F0413/F0513/F0613 and F0414/F0514/F0614) is a ford hexside here. The other 22.11 changes (ferry cost 2, ending in ferries, halving, ZOC, no bombardment) and 22.12 are rules, declared as terrain-override hooks in the scenario.',
  ],
});

// ---------------------------------------------------------------- checks ----
const checks = new FactChecks('Grand Chancellorsville');
const { check } = checks;
check(grid.adjacent('F1327', 'H1301'), '22.0: F1327 is next to H1301 (F1328 lies on H1301)');
check(
  grid.distance('F1301', 'H1301') === 27,
  '22.0: the F sheet lies east of the H sheet, 27 rows on',
);
for (const h of ['F1301', 'F2501', 'H0128', 'H1128', 'H1427', 'H1928', 'H2328', 'H1027'])
  check(grid.isEdge(h), `22.6: entry ${h} on the map edge`);
check(!grid.has('H1028'), '22.62: H1028 is a half hex off the sheet (scenario notes)');
for (const h of ['F2401', 'F1326', 'F0825', 'F2027', 'H1928', 'H0328'])
  check(grid.has(h), `23.61: VP hex ${h} exists`);
check(
  ['river', 'ford', 'ferry', 'pontoon'].includes(hexes['F0327']?.terrain ?? '') &&
    hexes['H0301']?.terrain === 'river',
  'the Rappahannock runs on across the seam (F0327, H0301)',
);
for (const s of doc.hexsides)
  check(
    grid.adjacent(s.between[0], s.between[1]),
    `hexside ${hexsideKey(s.between[0], s.between[1])} joins adjacent hexes`,
  );
check(
  !doc.hexsides.some(
    (s) =>
      s.features.some((f) => f.type === 'creek') && !s.between.every((h) => CANAL.has(h.slice(1))),
  ),
  '22.11: only the canal stays creek',
);
checkRoutes(checks, grid, routes);
// Fredericksburg's unlisted hexes are clear there; keep them clear here.
for (const h of grid.all()) {
  if (
    h.startsWith('F') &&
    !hexes[h] &&
    fredericksburg.defaultHex.terrain !== doc.defaultHex.terrain
  ) {
    hexes[h] = prefixed(fredericksburg.defaultHex, 'F');
  }
}
doc.hexes = sortedHexes(hexes);
checks.done();

/** The map as built and checked; the spec compares it with the committed map.json. */
export const grandChancellorsvilleMap: MapDocument = doc;

if (require.main === module) console.log(writeMapJson(join(__dirname, 'map.json'), doc));
