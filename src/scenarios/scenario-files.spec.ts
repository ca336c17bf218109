import { join } from 'node:path';
import {
  ScenarioValidator,
  defaultScenariosRoot,
  formatFileError,
  loadScenarioDir,
  loadScenarios,
  scenarioDirs,
} from './scenario-files';

const REPO = join(__dirname, '..', '..');
const FIXTURES = join(REPO, 'test', 'fixtures', 'scenarios');
const validator = new ScenarioValidator();

/** What `npm run scenarios:check` prints for one fixture folder. */
function check(name: string): string[] {
  return loadScenarioDir(join(FIXTURES, name), validator, REPO).errors.map(formatFileError);
}

describe('scenario packages: schema and meaning', () => {
  it('finds the scenarios folder and its two schemas', () => {
    expect(defaultScenariosRoot()).toBe(join(REPO, 'scenarios'));
    expect(validator.schemas.scenario).toMatchObject({ title: 'Muster scenario document' });
    expect(validator.schemas.map).toMatchObject({ title: 'Muster map document' });
  });

  it('accepts the small valid fixture', () => {
    const result = loadScenarioDir(join(FIXTURES, 'valid-small'), validator, REPO);
    expect(result.errors).toEqual([]);
    expect(result.pkg?.id).toBe('valid-small');
    expect(result.pkg?.scenario.units).toHaveLength(11);
  });

  it('accepts every shipped scenario under scenarios/', () => {
    const { packages, errors } = loadScenarios(defaultScenariosRoot(), validator, REPO);
    expect(errors.map(formatFileError)).toEqual([]);
    expect(packages.map((p) => p.id)).toEqual(
      scenarioDirs(defaultScenariosRoot()).map((d) => d.split('/').pop()),
    );
  });

  // Each broken fixture is valid-small with one thing wrong; each gives exactly one precise message.
  it.each([
    [
      'missing-unit',
      'test/fixtures/scenarios/missing-unit/scenario.json:setup.placements[8].unit: unit "u-9" is not in the scenario\'s units',
    ],
    [
      'hex-off-map',
      'test/fixtures/scenarios/hex-off-map/scenario.json:setup.placements[2].hex: hex 0907 is not on the map, which runs from 0101 to 0806',
    ],
    [
      'three-stacked',
      'test/fixtures/scenarios/three-stacked/scenario.json:setup.placements[2].hex: three units set up in 0502 (u-1, u-2, u-3): the stacking limit is 2 per hex (6.32)',
    ],
    [
      'unknown-terrain',
      'test/fixtures/scenarios/unknown-terrain/map.json:hexes.0303.terrain: "marsh" is not one of "clear", "forest", "rough", "forest-rough", "swamp", "town", "river", "lake", "pond", "bridge", "ford", "ferry", "pontoon"',
    ],
    [
      'entry-not-on-edge',
      'test/fixtures/scenarios/entry-not-on-edge/scenario.json:reinforcements[0].entry[1]: entry hex 0403 is not on a map edge (5.0: reinforcements enter from the map edge)',
    ],
    [
      'victory-hex-off-map',
      'test/fixtures/scenarios/victory-hex-off-map/scenario.json:victory.levels[1].when.all[0].occupies[1]: hex 1208 is not on the map, which runs from 0101 to 0806',
    ],
    [
      'unit-never-deployed',
      'test/fixtures/scenarios/unit-never-deployed/scenario.json:units[4]: unit "u-5" is neither set up nor a reinforcement',
    ],
  ])('rejects %s with one precise message', (name, message) => {
    expect(check(name)).toEqual([message]);
  });

  it('lists every schema error at once, with field paths and plain sentences', () => {
    const { pkg } = loadScenarioDir(join(FIXTURES, 'valid-small'), validator, REPO);
    const scenario = structuredClone(pkg!.scenario) as unknown as Record<string, unknown>;
    const map = structuredClone(pkg!.map) as unknown as Record<string, unknown>;
    delete scenario.turns;
    scenario.colour = 'grey';
    (scenario.units as Array<Record<string, unknown>>)[1].side = 'rebel';
    (scenario.setup as { placements: Array<{ hex: string }> }).placements[0].hex = '502';
    (map.hexes as Record<string, unknown>)['12'] = { terrain: 'clear' };
    (map.hexsides as Array<{ features: unknown[] }>)[0].features.push({
      type: 'creek',
      high: '0302',
    });
    (map.routes as unknown[]).push({ type: 'canal', hexes: ['0101', '0102'] });
    expect(validator.check(scenario, map)).toEqual([
      { document: 'scenario', path: 'turns', message: 'is required' },
      { document: 'scenario', path: 'colour', message: 'is not a known field here' },
      {
        document: 'scenario',
        path: 'units[1].side',
        message: '"rebel" is not one of "union", "confederate"',
      },
      {
        document: 'scenario',
        path: 'setup.placements[0].hex',
        message:
          '"502" is not a hex label: four digits "CCRR", optionally after a sheet prefix ("F1328")',
      },
      {
        document: 'map',
        path: 'hexes.12',
        message:
          '"12" is not a hex label: four digits "CCRR", optionally after a sheet prefix ("F1328")',
      },
      { document: 'map', path: 'hexsides[0].features[1].high', message: 'is not allowed here' },
      {
        document: 'map',
        path: 'routes[6].type',
        message: '"canal" is not one of "turnpike", "road", "railway", "trail", "sunken-road"',
      },
    ]);
  });

  it('reports a folder without scenario.json', () => {
    expect(loadScenarioDir(join(FIXTURES), validator, REPO).errors.map(formatFileError)).toEqual([
      'test/fixtures/scenarios:(folder): has no scenario.json',
    ]);
  });
});
