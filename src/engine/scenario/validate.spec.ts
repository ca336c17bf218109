import type { MapDocument, ScenarioDocument } from '../types';
import mapJson from '../../../test/fixtures/scenarios/valid-small/map.json';
import scenarioJson from '../../../test/fixtures/scenarios/valid-small/scenario.json';
import { validateMap, validateScenario, validateScenarioPackage } from './validate';

const baseMap = mapJson as unknown as MapDocument;
const baseScenario = scenarioJson as unknown as ScenarioDocument;
const fresh = () => ({
  map: structuredClone(baseMap),
  scenario: structuredClone(baseScenario) as ScenarioDocument & {
    setup: { kind: 'fixed'; placements: Array<{ unit: string; hex: string }> };
  },
});
const messages = (errors: Array<{ path: string; message: string }>) =>
  errors.map((e) => `${e.path}: ${e.message}`);

describe('map checks', () => {
  it('accepts the fixture map', () => {
    expect(validateMap(baseMap)).toEqual([]);
  });

  it('reports hexes listed off the map and a grid that cannot be built', () => {
    const { map } = fresh();
    map.hexes['0907'] = { terrain: 'forest' };
    expect(messages(validateMap(map))).toEqual([
      'hexes.0907: hex 0907 is not on the map, which runs from 0101 to 0806',
    ]);
    const broken = fresh().map;
    broken.grid = {
      ...(broken.grid as object),
      columns: { first: 9, last: 2 },
    } as MapDocument['grid'];
    expect(messages(validateMap(broken))).toEqual([
      'grid.columns: first column 9 is after last column 2',
    ]);
  });

  it('reports hexsides between hexes that are not adjacent, or described twice', () => {
    const { map } = fresh();
    map.hexsides.push({ between: ['0101', '0103'], features: [{ type: 'creek' }] });
    map.hexsides.push({ between: ['0303', '0302'], features: [{ type: 'ridge' }] });
    expect(messages(validateMap(map))).toEqual([
      'hexsides[12].between: 0101 and 0103 are not adjacent, so they share no hexside',
      'hexsides[13].between: hexside 0302|0303 is already described at hexsides[0]; list its features once',
    ]);
  });

  it('6.26, 8.46: a slope names its upper hex and a redoubt its friendly hex among the two it separates', () => {
    const { map } = fresh();
    map.hexsides[5].features = [{ type: 'slope', high: '0505' }];
    map.hexsides[8].features = [{ type: 'redoubt', friendly: '0101' }];
    expect(messages(validateMap(map))).toEqual([
      'hexsides[5].features[0].high: the upper hex 0505 of a slope hexside must be 0203 or 0204 (6.26)',
      'hexsides[8].features[0].friendly: the friendly side 0101 of a redoubt hexside must be 0502 or 0503 (8.46)',
    ]);
  });

  it('6.22: routes run through contiguous hexes', () => {
    const { map } = fresh();
    map.routes[0].hexes.splice(2, 1);
    expect(messages(validateMap(map))).toEqual([
      'routes[0].hexes[2]: road "Ferry Road" jumps from 0204 to 0404, which are not adjacent (a route runs through contiguous hexes, 6.22-6.24)',
    ]);
  });

  it('6.28: ferry and pontoon hexes name the adjacent hexes their arrows point to; others have none', () => {
    const { map } = fresh();
    delete map.hexes['0703'].crossing;
    map.hexes['0706'].crossing = ['0606', '0801'];
    map.hexes['0303'].crossing = ['0302'];
    const errors = messages(validateMap(map));
    expect(errors).toEqual([
      'hexes.0303.crossing: only ferry and pontoon hexes have crossing arrows (6.28), not forest',
      'hexes.0703.crossing: a ferry hex needs the (at least two) neighbouring hexes its arrows point to: units enter and leave only through those hexsides (6.28)',
      'hexes.0706.crossing[1]: 0801 is not adjacent to the pontoon hex 0706',
    ]);
  });
});

describe('scenario checks', () => {
  it('3.0: free set-up areas of the two sides may not share a hex, and a listed unit needs a hex it can hold', () => {
    const { map, scenario } = fresh();
    const free = scenario as unknown as ScenarioDocument;
    const units = ['u-1', 'u-2', 'u-3', 'u-4', 'c-1', 'c-2', 'c-3', 'c-4'];
    free.setup = {
      kind: 'free',
      areas: [
        { side: 'union', hexes: ['0402', '0502'], units: units.slice(0, 3) },
        { side: 'union', hexes: ['0601', '0701'], units: ['u-4'] },
        { side: 'confederate', hexes: ['0502', '0304'], units: units.slice(4) },
      ],
    };
    free.victory.objectives = [];
    expect(messages(validateScenario(free, map)).filter((m) => m.startsWith('setup'))).toEqual([
      'setup.areas[1].units[0]: no hex of this set-up area can hold artillery unit "u-4" (6.27, 6.28, 9.62)',
      'setup.areas[2].hexes[0]: hex 0502 is in set-up areas of both sides (3.0, 6.12)',
    ]);
  });

  it('accepts the fixture scenario', () => {
    expect(validateScenarioPackage(baseScenario, baseMap)).toEqual([]);
  });

  it('unit ids are unique and every unit enters play exactly once', () => {
    const { scenario, map } = fresh();
    scenario.units[1].id = 'u-1';
    scenario.reinforcements[0].units.push('u-3');
    expect(messages(validateScenario(scenario, map))).toEqual([
      'units[1].id: unit id "u-1" is used twice; ids must be unique',
      'setup.placements[1].unit: unit "u-2" is not in the scenario\'s units',
      'reinforcements[0].units[1]: unit "u-3" already enters play at setup.placements[2].unit',
    ]);
  });

  it('6.27, 6.28: no unit is set up in river, lake or pond hexes, nor in a ferry or pontoon hex', () => {
    const { scenario, map } = fresh();
    scenario.setup.placements[2].hex = '0601';
    scenario.setup.placements[3].hex = '0703';
    expect(messages(validateScenario(scenario, map))).toEqual([
      'setup.placements[2].hex: cavalry unit "u-3" may not be in lake hex 0601: units may never enter river, lake or pond hexes (6.27, 10.1)',
      'setup.placements[3].hex: artillery unit "u-4" may not be set up in ferry hex 0703: units may never end their movement there (6.28)',
    ]);
  });

  it("9.62: gunboats use river hexes and the scenario's gunboat hexes only", () => {
    const { scenario, map } = fresh();
    scenario.reinforcements.splice(1, 1);
    scenario.setup.placements.push({ unit: 'g-1', hex: '0702' });
    expect(validateScenario(scenario, map)).toEqual([]);
    scenario.setup.placements[8].hex = '0801';
    expect(validateScenario(scenario, map)).toEqual([]);
    scenario.setup.placements[8].hex = '0802';
    expect(messages(validateScenario(scenario, map))).toEqual([
      'setup.placements[8].hex: gunboat "g-1" may only be in river hexes or 0801, not in clear hex 0802 (9.62)',
    ]);
  });

  it('6.32: the scenario may set its own stacking limit, in units or strength points', () => {
    const { scenario, map } = fresh();
    scenario.stacking = { units: 1 };
    expect(messages(validateScenario(scenario, map))).toEqual([
      'setup.placements[1].hex: two units set up in 0502 (u-1, u-2): the stacking limit is 1 per hex (6.32)',
    ]);
    scenario.stacking = { strengthPoints: 10 };
    expect(messages(validateScenario(scenario, map))).toEqual([
      "setup.placements[1].hex: 11 strength points set up in 0502 (u-1, u-2): this scenario's stacking limit is 10 strength points (6.32)",
    ]);
  });

  it('6.12: units of the two sides are never set up in one hex', () => {
    const { scenario, map } = fresh();
    scenario.setup.placements[4].hex = '0402';
    expect(messages(validateScenario(scenario, map))).toEqual([
      'setup.placements[4].hex: units of both sides set up in 0402 (u-3, c-1): a unit may never be in an Enemy-occupied hex (6.12)',
    ]);
  });

  it('10.38: a fieldwork faces hexsides of its own hex', () => {
    const { scenario, map } = fresh();
    if (scenario.setup.kind !== 'fixed') throw new Error('fixture is fixed');
    scenario.setup.fieldworks![0].facing = ['0404', '0606'];
    expect(messages(validateScenario(scenario, map))).toEqual([
      'setup.fieldworks[0].facing[1]: 0606 is not adjacent to the fieldwork hex 0304, so no hexside faces it (10.38)',
    ]);
  });

  it('5.0: reinforcements enter at map-edge hexes, on a turn of the game, for their own side', () => {
    const { scenario, map } = fresh();
    scenario.reinforcements[0].turn = 9;
    scenario.reinforcements[0].entry = ['0601', '0404'];
    scenario.reinforcements[2].units = ['c-5', 'u-5'];
    scenario.reinforcements[0].units = ['u-4'];
    expect(messages(validateScenario(scenario, map))).toEqual([
      'reinforcements[0].turn: turn 9 is after the last Game-Turn 6',
      'reinforcements[0].entry[0]: entry hex 0601 is lake, which land units may not enter (6.27)',
      'reinforcements[0].entry[1]: entry hex 0404 is not on a map edge (5.0: reinforcements enter from the map edge)',
      'reinforcements[0].units[0]: unit "u-4" already enters play at setup.placements[3].unit',
      'reinforcements[2].units[1]: unit "u-5" is union, not confederate',
    ]);
  });

  it("5.0: an 'on-map' arrival (Road to Richmond 17.31) may name an interior hex; a map-edge arrival may not", () => {
    const { scenario, map } = fresh();
    scenario.reinforcements[0].entry = ['0404'];
    scenario.reinforcements[0].arrival = 'on-map';
    expect(messages(validateScenario(scenario, map))).toEqual([]);
    scenario.reinforcements[0].arrival = 'map-edge';
    expect(messages(validateScenario(scenario, map))).toEqual([
      'reinforcements[0].entry[0]: entry hex 0404 is not on a map edge (5.0: reinforcements enter from the map edge)',
    ]);
  });

  it('11.0, 10.34: Night turns lie within the game and the year matches the date', () => {
    const { scenario, map } = fresh();
    scenario.nightTurns = [4, 7];
    scenario.year = 1863;
    expect(messages(validateScenario(scenario, map))).toEqual([
      'year: year 1863 does not match the date 1862-04-06 (10.34 reads the year)',
      'nightTurns[1]: Night turn 7 is after the last Game-Turn 6 (11.0)',
    ]);
  });

  it('every hex named by special rules, reinforcement conditions and victory conditions exists', () => {
    const { scenario, map } = fresh();
    scenario.specialRules[0].params = {
      hexes: ['0101', '0909'],
      nested: { exitHex: '1111', other: '9999' },
    };
    scenario.reinforcements[0].condition = { hook: 'when-occupied', params: { hex: 'X12' } };
    scenario.gunboatHexes = ['0099'];
    (scenario.victory.points as unknown[]).push({
      kind: 'objective-set',
      hexes: ['0502', '0806'],
      points: 5,
      case: '19.1',
    });
    scenario.victory.levels[0].when = {
      all: [{ occupies: ['0101'] }, { not: { occupies: ['0502'] } }],
    };
    expect(messages(validateScenario(scenario, map))).toEqual([
      'reinforcements[0].condition.params.hex: "X12" is not a hex label (parameters named hex, hexes, …Hex or …Hexes hold hex labels)',
      'gunboatHexes[0]: hex 0099 is not on the map, which runs from 0101 to 0806',
      'specialRules[0].params.hexes[1]: hex 0909 is not on the map, which runs from 0101 to 0806',
      'specialRules[0].params.nested.exitHex: hex 1111 is not on the map, which runs from 0101 to 0806',
      'victory.points[1].hexes[1]: hex 0806 is not among victory.objectives, so its occupation is not tracked',
      'victory.levels[0].when.all[0].occupies[0]: hex 0101 is not among victory.objectives, so its occupation is not tracked',
    ]);
  });
});
