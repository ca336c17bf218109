/**
 * Olustee (seed 000 lines 7918-8126) as data: the Confederate deployment chart
 * transcribed exactly, the rules as hooks, the victory conditions as a spec and
 * the reconstructed map agreeing with every fact the text gives. The Union
 * army is not in the text, so the scenario declares it missing and is not
 * playable yet.
 */
import { fixedDice } from '../../../src/engine/dice';
import { newGame, notYetSupported, prepareGame } from '../../../src/engine/game';
import { TerrainMap } from '../../../src/engine/map';
import { evaluateVictory } from '../../../src/engine/victory';
import { OLUSTEE_STATION, UNION_ENTRY, olusteeMap } from '../../../scenarios/olustee/build-map';
import type { Side } from '../../../src/engine/types';
import { chartsOf, expectMapJsonIsBuildOutput, loadScenario, total } from './support';

const { dir: DIR, scenario, map } = loadScenario('olustee');
const { unit, placements, at, hook } = chartsOf(scenario);

describe('Olustee scenario document', () => {
  it('16.2, 16.3: Union first player, 10 Game-Turns, no Night, 20 February 1864', () => {
    expect(scenario).toMatchObject({
      id: 'olustee',
      date: '1864-02-20',
      year: 1864,
      firstPlayer: 'union',
      turns: 10,
      nightTurns: [],
    });
  });

  it('17.1, 21.0: the Union army is not in the text: declared missing, listed as not playable, games refused; no Union unit invented', () => {
    expect(scenario.missing).toEqual([
      {
        case: '17.1',
        what: expect.stringMatching(/Henry.*Hawley.*Barton.*Littlefield.*55th Massachusetts/),
      },
    ]);
    expect(scenario.units.filter((u) => u.side === 'union')).toEqual([]);
    expect(notYetSupported(scenario)[0].case).toBe('17.1');
    expect(() => newGame(prepareGame(scenario, map), {}, fixedDice([]))).toThrow(
      /NOT_YET_SUPPORTED \(17\.1/,
    );
  });

  it('16.1: the Confederate chart as printed: 17 units, 32 CSP, by brigade (Colquitt 12, Harrison 12, Smith 8)', () => {
    expect(
      placements.map(
        (p) =>
          `${p.hex} ${unit(p.unit).strength}${unit(p.unit).type === 'artillery' ? 'a' : unit(p.unit).type === 'cavalry' ? 'c' : ''} ${unit(p.unit).designation}`,
      ),
    ).toEqual([
      '2012 2 6 GA',
      '2112 2 19 GA',
      '1310 2 23 GA',
      '1307 2 27 GA',
      '2112 1 28 GA',
      '1309 2 6 FL',
      '1308 1a Chatham',
      '1511 2 32 FL (Bonaud)',
      '3109 3 64 GA',
      '1512 2 1 GA',
      '1415 2 1 FL',
      '1315 2 2 FL',
      '1414 1a Guerard',
      '3107 3c 4 GA',
      '3108 3c 2 FL',
      '1921 1c 5 FL',
      '1812 1a Florida',
    ]);
    const brigade = (name: string) =>
      placements.map((p) => unit(p.unit)).filter((u) => u.notes!.includes(name));
    expect(
      [brigade('Colquitt'), brigade('Harrison'), brigade('Smith')].map((b) => [b.length, total(b)]),
    ).toEqual([
      [7, 12],
      [6, 12],
      [4, 8],
    ]);
  });

  it('18.2: up to eight CSP stack in a hex; 19 GA and 28 GA share 2112', () => {
    expect(scenario.stacking).toEqual({ strengthPoints: 8 });
    expect(placements.filter((p) => p.hex === '2112').map((p) => p.unit)).toEqual([
      'cs-19-ga',
      'cs-28-ga',
    ]);
    expect(at('2112')).toEqual(['19 GA', '28 GA']);
  });

  it('18.1: 64 GA may not move on Game-Turns 1-2 unless attacked', () => {
    expect(hook('immobile-until')).toMatchObject({
      case: '18.1',
      params: { units: ['cs-64-ga'], turns: [1, 2], releasedWhenAttacked: true },
    });
  });

  it('19.1-19.7: ammunition from GT4 on 1-4, the Rail Gun on GT5 on the railway, resupply within four hexes, artillery range 2-3 with one column shift', () => {
    expect(hook('ammunition-depletion')!.params).toMatchObject({
      side: 'confederate',
      fromTurn: 4,
      outOfAmmunitionOn: [1, 2, 3, 4],
      resupply: { pathMaxLength: 4, otherwiseAfterGameTurns: 2 },
    });
    expect(scenario.reinforcements).toEqual([
      { side: 'confederate', turn: 5, entry: ['0111'], units: ['cs-train-rail-gun'], case: '19.2' },
    ]);
    expect(unit('cs-train-rail-gun')).toMatchObject({ type: 'train', designation: 'Rail Gun' });
    expect(hook('train-unit')!.params).toMatchObject({
      routes: ['railway'],
      artillery: { range: [2, 3], oddsColumnShift: 1, mayAttackAlone: false },
    });
    expect(map.routes.find((r) => r.type === 'railway')!.hexes).toContain('0111');
  });

  it('20.0: automatic Decisive Victories: Union in Olustee Station with LOC east; Confederate infantry out by 4104 or 4108 with LOC to 1011', () => {
    expect(hook('automatic-victory')!.params).toMatchObject({
      union: { level: 'decisive', occupiesAnyOf: OLUSTEE_STATION },
      confederate: {
        level: 'decisive',
        exitsUnitType: 'infantry',
        viaHexes: ['4104', '4108'],
        lineOfCommunicationFromExitHexTo: '1011',
      },
    });
  });

  const standing = (eliminated: Record<Side, number>, objectives: Record<string, Side> = {}) =>
    evaluateVictory(scenario.victory, { eliminatedStrength: eliminated, objectives });

  it('20.0: otherwise a lead of five CSP is a Marginal Victory, four or less a Draw; 2213 counts five Confederate CSP for the Union', () => {
    const cases: Array<[Record<Side, number>, Record<string, Side>, string]> = [
      [{ union: 0, confederate: 5 }, {}, 'union marginal'],
      [{ union: 0, confederate: 4 }, {}, 'null draw'],
      [{ union: 0, confederate: 0 }, { '2213': 'union' }, 'union marginal'],
      [{ union: 5, confederate: 0 }, { '2213': 'union' }, 'null draw'],
      [{ union: 10, confederate: 0 }, { '2213': 'union' }, 'confederate marginal'],
      [{ union: 9, confederate: 5 }, {}, 'null draw'],
      [{ union: 6, confederate: 0 }, { '2213': 'confederate' }, 'confederate marginal'],
    ];
    expect(cases.map(([e, o]) => `${standing(e, o).winner} ${standing(e, o).level}`)).toEqual(
      cases.map((c) => c[2]),
    );
  });
});

describe('Olustee map document', () => {
  const tm = new TerrainMap(map);
  const grid = tm.grid;

  it('20.0: the committed map.json is exactly what build-map.ts builds and checks; reconstructed from the rules text', () => {
    expectMapJsonIsBuildOutput(DIR, olusteeMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
  });

  it('17.0, 20.0: 4102-4111 are east-edge hexes; 4104 on the railway and 4108 on the road; 1011 a railway hex', () => {
    expect(UNION_ENTRY.every((h) => grid.edgesOf(h).includes('east'))).toBe(true);
    expect(tm.routesIn('4104')).toContain('railway');
    expect(tm.routesIn('4108')).toContain('road');
    expect(tm.routesIn('1011')).toContain('railway');
  });

  it('20.0: Olustee Station is two adjacent railway hexes (numbers reconstructed); Ocean Pond is lake', () => {
    expect(OLUSTEE_STATION).toHaveLength(2);
    expect(grid.adjacent(OLUSTEE_STATION[0], OLUSTEE_STATION[1])).toBe(true);
    for (const h of OLUSTEE_STATION)
      expect(tm.hex(h)).toMatchObject({ terrain: 'town', name: 'Olustee Station' });
    expect(
      Object.values(map.hexes).some((h) => h.terrain === 'lake' && h.name === 'Ocean Pond'),
    ).toBe(true);
  });

  it('16.1: every set-up hex is land a unit may stop in', () => {
    for (const p of placements)
      expect(['river', 'lake', 'pond', 'ferry', 'pontoon']).not.toContain(tm.hex(p.hex).terrain);
  });
});
