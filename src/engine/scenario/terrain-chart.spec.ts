/**
 * 10.1: every row of the Terrain Effects Chart (seed 000 lines 729-1020; the
 * digest is rules-editions.md §2.9) can be written down in the map and
 * scenario formats. The small fixture map holds one instance of each row;
 * each row names how it is expressed and the test finds it through the same
 * TerrainMap queries the rules use.
 */
import { TerrainMap } from '../map';
import type { HexsideFeature, MapDocument, ScenarioDocument } from '../types';
import mapJson from '../../../test/fixtures/scenarios/valid-small/map.json';
import scenarioJson from '../../../test/fixtures/scenarios/valid-small/scenario.json';
import { validateScenarioPackage } from './validate';

const mapDoc = mapJson as unknown as MapDocument;
const scenario = scenarioJson as unknown as ScenarioDocument;
const map = new TerrainMap(mapDoc);
const hexes = map.grid.all();
const sides = map.featuredHexsides();

const hexWhere = (test: (h: string) => boolean): string | undefined => hexes.find(test);
const terrainIs = (t: string, level?: number) => (h: string) =>
  map.hex(h).terrain === t && (level === undefined || map.level(h) === level);
const sideWith = (
  type: HexsideFeature['type'],
  also?: (f: readonly HexsideFeature[], a: string, b: string) => boolean,
) =>
  sides.find(
    (s) =>
      s.features.some((f) => f.type === type) &&
      (!also || also(s.features, s.between[0], s.between[1])),
  );
const linkWith = (route: string): [string, string] | undefined => {
  for (const h of hexes)
    for (const n of map.grid.neighbours(h))
      if (map.routesBetween(h, n).includes(route as never)) return [h, n];
  return undefined;
};
const fieldworks = scenario.setup.kind === 'fixed' ? (scenario.setup.fieldworks ?? []) : [];

/** The chart's rows, named as printed, and where the fixture expresses each. */
const ROWS: Array<[row: string, expressed: string, found: () => unknown]> = [
  ['Clear (level 1)', 'terrain clear (level defaults to 1)', () => hexWhere(terrainIs('clear', 1))],
  ['Clear (level 2)', 'terrain clear, level 2', () => hexWhere(terrainIs('clear', 2))],
  ['Clear (level 3)', 'terrain clear, level 3', () => hexWhere(terrainIs('clear', 3))],
  ['Forest/woods', 'terrain forest', () => hexWhere(terrainIs('forest'))],
  ['Rough', 'terrain rough', () => hexWhere(terrainIs('rough'))],
  ['Forest/woods-rough', 'terrain forest-rough', () => hexWhere(terrainIs('forest-rough'))],
  ['Swamp', 'terrain swamp', () => hexWhere(terrainIs('swamp'))],
  ['Town/urban', 'terrain town', () => hexWhere(terrainIs('town'))],
  ['Turnpike', 'route turnpike through hexsides', () => linkWith('turnpike')],
  ['Road/railway', 'routes road and railway', () => linkWith('road') && linkWith('railway')],
  [
    'Sunken road',
    'route sunken-road (A31), or hexside sunken-road',
    () => linkWith('sunken-road') && sideWith('sunken-road'),
  ],
  ['Trail', 'route trail', () => linkWith('trail')],
  [
    'River/lake hex',
    'terrain river and terrain lake',
    () => hexWhere(terrainIs('river')) && hexWhere(terrainIs('lake')),
  ],
  ['Bridge hex', 'terrain bridge', () => hexWhere(terrainIs('bridge'))],
  ['Ford hex', 'terrain ford', () => hexWhere(terrainIs('ford'))],
  [
    'River ferry hex',
    'terrain ferry with its crossing hexsides (6.28)',
    () => hexWhere((h) => terrainIs('ferry')(h) && (map.hex(h).crossing ?? []).length === 2),
  ],
  [
    'Pontoon hex',
    'terrain pontoon with its crossing hexsides (6.28)',
    () => hexWhere((h) => terrainIs('pontoon')(h) && (map.hex(h).crossing ?? []).length === 2),
  ],
  ['Pond', 'terrain pond', () => hexWhere(terrainIs('pond'))],
  ['Fort', 'fort: true over the other terrain', () => hexWhere((h) => map.hex(h).fort === true)],
  ['Creek hex side', 'hexside feature creek', () => sideWith('creek', (f) => f.length === 1)],
  ['Stream hex side', 'hexside feature stream', () => sideWith('stream', (f) => f.length === 1)],
  ['River hex side', 'hexside feature river', () => sideWith('river')],
  [
    'Bridge+ hex side',
    'hexside features creek/stream + bridge; "+" railway bridge: a railway through it',
    () => sideWith('bridge', (_f, a, b) => map.routesBetween(a, b).includes('railway')),
  ],
  ['Ford hex side', 'hexside features creek + ford', () => sideWith('ford')],
  [
    'Slope hex side (up)',
    'hexside feature slope, entered toward `high`',
    () =>
      sideWith('slope', (f, a, b) =>
        f.some((x) => x.type === 'slope' && (x.high === a || x.high === b)),
      ),
  ],
  ['Slope hex side (down)', 'the same hexside, entered away from `high`', () => sideWith('slope')],
  ['Ridge hex side', 'hexside feature ridge', () => sideWith('ridge')],
  [
    "B'work hex side",
    'scenario setup.fieldworks type breastworks with facing',
    () => fieldworks.find((f) => f.type === 'breastworks'),
  ],
  [
    'Trench hex side',
    'scenario setup.fieldworks type trench with facing',
    () => fieldworks.find((f) => f.type === 'trench'),
  ],
  [
    'Redoubt hex side',
    'hexside feature redoubt with its friendly hex (8.46)',
    () =>
      sideWith('redoubt', (f, a, b) =>
        f.some((x) => x.type === 'redoubt' && [a, b].includes(x.friendly)),
      ),
  ],
  [
    'Entrenchment hex side',
    'hexside feature entrenchment with its friendly hex (8.46)',
    () =>
      sideWith('entrenchment', (f, a, b) =>
        f.some((x) => x.type === 'entrenchment' && [a, b].includes(x.friendly)),
      ),
  ],
];

describe('10.1 Terrain Effects Chart: every row is expressible', () => {
  it('10.1: the fixture holding one of each row is a valid scenario package', () => {
    expect(validateScenarioPackage(scenario, mapDoc)).toEqual([]);
  });

  it('10.1: all 31 printed rows are covered, each once', () => {
    expect(ROWS).toHaveLength(31);
    expect(new Set(ROWS.map((r) => r[0])).size).toBe(ROWS.length);
  });

  it.each(ROWS)('10.1: %s — expressed as %s', (_row, _how, found) => {
    expect(found()).toBeTruthy();
  });
});
