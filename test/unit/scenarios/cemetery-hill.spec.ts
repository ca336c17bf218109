/**
 * Cemetery Hill (seed 000 lines 6041-6495) as data: the charts transcribed
 * exactly, the rules as hooks, the victory conditions as a spec, and the
 * reconstructed map agreeing with every fact the text gives.
 */
import { TerrainMap } from '../../../src/engine/map';
import { evaluateVictory } from '../../../src/engine/victory';
import { cemeteryHillMap } from '../../../scenarios/cemetery-hill/build-map';
import {
  chartsOf,
  expectDeployment,
  expectEveryUnitDeployedOnce,
  expectMapJsonIsBuildOutput,
  loadScenario,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('cemetery-hill');
const { unit, placements, placed, at, hook, arrivals } = chartsOf(scenario);

describe('Cemetery Hill scenario document', () => {
  it('16.31, 16.4: Union first player, 15 Game-Turns, Night on 3, 8 and 13', () => {
    expect(scenario).toMatchObject({
      id: 'cemetery-hill',
      date: '1863-07-01',
      year: 1863,
      firstPlayer: 'union',
      turns: 15,
      nightTurns: [3, 8, 13],
    });
  });

  it('16.0: unit ids are unique; every unit is set up or a reinforcement exactly once', () => {
    expect(scenario.units).toHaveLength(11 + 10 + 20 + 18);
    expectEveryUnitDeployedOnce(scenario);
  });

  it('16.1: Union deployment has 11 units totalling 115 CSP: 9 infantry divisions, 2 cavalry brigades', () => {
    expectDeployment(placed('union'), { units: 11, csp: 115, byType: { infantry: 9, cavalry: 2 } });
  });

  it('16.2: Confederate deployment has 10 units totalling 95 CSP: 8 half-divisions, 2 artillery', () => {
    expectDeployment(placed('confederate'), {
      units: 10,
      csp: 95,
      byType: { infantry: 8, artillery: 2 },
    });
  });

  it('16.1, 16.2: sample chart records are transcribed as printed', () => {
    expect(at('0610')).toEqual(['3/I']);
    expect(unit('us-3-i').strength).toBe(15);
    expect(at('1212')).toEqual(['2/XI']);
    expect(at('0423')).toEqual(['1/III']);
    expect(unit('us-1-iii').strength).toBe(19);
    expect(at('1608')).toEqual(['2/1']);
    expect(unit('us-cav-2-1')).toMatchObject({ type: 'cavalry', strength: 4 });
    expect(at('0905')).toEqual(['1 Rodes']);
    expect(unit('cs-rodes-1').strength).toBe(14);
    expect(at('0904')).toEqual(['Brown']);
    expect(unit('cs-art-brown')).toMatchObject({ type: 'artillery', strength: 4 });
  });

  it('17.1: Union reinforcements: 20 units in 9 arrivals = 178 CSP', () => {
    const rs = arrivals('union');
    expect(
      rs.map((r) => [
        r.turn,
        r.entry[0],
        r.units.map((id) => `${unit(id).designation} ${unit(id).strength}`),
      ]),
    ).toEqual([
      [2, '0127', ['2/III 19']],
      [3, '1127', ['1/II 12', '2/II 11', '3/II 11']],
      [4, '2112', ['1/V 12', '2/V 10']],
      [4, '1127', ['1 Regular 6', '1 Volunteer 6', '2 Volunteer 3']],
      [5, '2112', ['3/V 8']],
      [5, '1127', ['3 Volunteer 6', '4 Volunteer 6']],
      [6, '2112', ['1/2 5', '2/2 5', '3/2 4']],
      [6, '2120', ['1/VI 16', '3/VI 16', '2/VI 12']],
      [10, '0127', ['1/Reserve 5', '3/1 5']],
    ]);
    expectDeployment(
      rs.flatMap((r) => r.units.map(unit)),
      { units: 20, csp: 178, byType: { infantry: 10, artillery: 5, cavalry: 5 } },
    );
  });

  it('17.2: Confederate reinforcements: 18 units in 5 arrivals = 140 CSP', () => {
    const rs = arrivals('confederate');
    expect(
      rs.map((r) => [
        r.turn,
        r.entry[0],
        r.units.map((id) => `${unit(id).designation} ${unit(id).strength}`),
      ]),
    ).toEqual([
      [2, '0104', ['1 Johnson 12', '2 Johnson 12', '1 Anderson 14', '2 Anderson 9', 'McIntosh 3']],
      [
        3,
        '0104',
        ['1 McLaw 12', '2 McLaw 10', '1 Hood 11', '2 Hood 10', 'Alexander 5', 'Nelson 3'],
      ],
      [6, '1101', ['F. Lee 4', 'W. Lee 4']],
      [9, '0104', ['1 Pickett 9', '2 Pickett 9', 'Hampton 5']],
      [9, '2101', ['Jenkins 4', 'Robertson 4']],
    ]);
    expectDeployment(
      rs.flatMap((r) => r.units.map(unit)),
      { units: 18, csp: 140, byType: { infantry: 10, artillery: 3, cavalry: 5 } },
    );
  });

  it('24.0: the IX Corps erratum changes nothing: no IX Corps unit exists, the chart decides, and the notes say why', () => {
    expect(scenario.units.some((u) => /IX/.test(u.designation))).toBe(false);
    expect(at('1107')).toEqual(['1/XI']);
    expect(at('1307')).toEqual(['3/XI']);
    expect(scenario.notes.join(' ')).toMatch(/1\/IX and 3\/IX/);
  });

  it('16.32: the Union has no Player-Turn on Game-Turn 1; its ZOC and defence are unaffected', () => {
    expect(hook('skip-player-turn')).toMatchObject({
      case: '16.32',
      params: { side: 'union', turns: [1], zocAndDefenceUnaffected: true },
    });
  });

  it('18.1: blocked reinforcements wait one Game-Turn and move along the edge (Union: road hexes south/east; Confederate: north/west)', () => {
    expect(hook('conditional-reinforcements')).toMatchObject({
      case: '18.1',
      params: {
        mode: 'blocked-entry',
        blockedWhen: ['enemy-occupied', 'enemy-controlled'],
        delayTurns: 1,
        relocate: {
          union: { toward: ['south', 'east'], edgeRoadHexesOnly: true },
          confederate: { toward: ['north', 'west'], edgeRoadHexesOnly: false },
        },
      },
    });
  });

  it('18.2, 19.1, 20.2, 20.4: cavalry-only exit east/south for 1 MP; town not halving; LOC to roads off the friendly edges', () => {
    expect(hook('map-exit')).toMatchObject({
      case: '18.2',
      params: {
        unitTypes: ['cavalry'],
        edges: ['east', 'south'],
        cost: 1,
        mayReturn: false,
        countsAsEliminated: false,
      },
    });
    expect(hook('terrain-override')).toMatchObject({
      case: '19.1',
      params: { terrain: 'town', attackerHalved: false },
    });
    expect(hook('line-of-communication')).toMatchObject({
      case: '20.2, 20.4',
      params: {
        side: 'both',
        friendlyEdges: { union: 'east', confederate: 'west' },
        friendlyUnitsNegateZoc: true,
        blockedBy: ['enemy-units', 'enemy-zoc'],
      },
    });
  });

  it('20.1, 20.3: 2 VP (Confederate) / 3 VP (Union) per enemy CSP, 1 VP per enemy CSP without LOC, 5 VP per excess exited Confederate cavalry; no objectives', () => {
    expect(scenario.victory.points).toEqual([
      { kind: 'eliminated-strength', side: 'confederate', points: 2, case: '20.11' },
      { kind: 'without-line-of-communication', side: 'confederate', points: 1, case: '20.11' },
      { kind: 'eliminated-strength', side: 'union', points: 3, case: '20.12' },
      { kind: 'without-line-of-communication', side: 'union', points: 1, case: '20.12' },
      {
        kind: 'exited-excess',
        side: 'confederate',
        unitType: 'cavalry',
        points: 5,
        tally: 'end-of-union-player-turn',
        case: '20.3',
      },
    ]);
    expect(scenario.victory.objectives).toEqual([]);
  });

  it('20.5: hand-built end states land on each of the six ratio levels (no competition scores printed)', () => {
    const result = (
      unionLost: number,
      confederateLost: number,
      noLoc = { union: 0, confederate: 0 },
    ) => {
      const s = evaluateVictory(scenario.victory, {
        eliminatedStrength: { union: unionLost, confederate: confederateLost },
        objectives: {},
        withoutLineOfCommunication: noLoc,
      });
      return `${s.points.union}:${s.points.confederate} ${s.winner} ${s.level}`;
    };
    expect(result(15, 20)).toBe('60:30 union decisive'); // 2:1
    expect(result(15, 15)).toBe('45:30 union substantive'); // 1.5:1
    expect(result(15, 11)).toBe('33:30 union marginal');
    expect(result(15, 10)).toBe('30:30 confederate marginal'); // 1:1
    expect(result(15, 7, { union: 0, confederate: 0 })).toBe('21:30 confederate marginal'); // 1:1.43
    expect(result(15, 5, { union: 5, confederate: 5 })).toBe('20:35 confederate substantive'); // 1:1.75
    expect(result(15, 5)).toBe('15:30 confederate decisive'); // 1:2
    expect(result(0, 0)).toBe('0:0 confederate marginal'); // read as 1:1
  });
});

// ---------------------------------------------------------------- map ----

describe('Cemetery Hill map document', () => {
  const tm = new TerrainMap(map);
  const grid = tm.grid;
  const onRoad = (h: string) => tm.routesIn(h).length > 0;

  it('20.2: the committed map.json is exactly what build-map.ts builds and checks; reconstructed from the rules text', () => {
    expectMapJsonIsBuildOutput(DIR, cemeteryHillMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
  });

  it('17.1, 18.1, 24.0: Union entries 2112 and 2120 on the east edge, 1127 on the south edge, 0127 the south-west corner, all on roads', () => {
    expect(grid.edgesOf('2112')).toContain('east');
    expect(grid.edgesOf('2120')).toContain('east');
    expect(grid.edgesOf('1127')).toContain('south');
    expect(grid.edgesOf('0127')).toEqual(expect.arrayContaining(['south', 'west']));
    for (const h of ['2112', '2120', '1127', '0127']) expect(onRoad(h)).toBe(true);
  });

  it('21.2: the Hanover Road leads from the town to 2112', () => {
    const hanover = map.routes.find((r) => r.name === 'Hanover Road')!;
    expect(hanover.hexes[hanover.hexes.length - 1]).toBe('2112');
    expect(tm.hex(hanover.hexes[0]).terrain).toBe('town');
  });

  it('17.2: Confederate entries 0104 (west edge), 1101 and 2101 (north edge)', () => {
    expect(grid.edgesOf('0104')).toContain('west');
    expect(grid.edgesOf('1101')).toContain('north');
    expect(grid.edgesOf('2101')).toContain('north');
  });

  it('19.1, 22.0: Gettysburg has town hexes, Cemetery Hill is high ground, and the middle of Cemetery Ridge has no ridge or slope', () => {
    expect(
      Object.values(map.hexes).filter((s) => s.terrain === 'town').length,
    ).toBeGreaterThanOrEqual(4);
    expect(tm.hex('1212')).toMatchObject({ name: 'Cemetery Hill', level: 2 });
    for (const h of ['1214', '1215', '1216', '1217']) {
      expect(tm.hex(h).terrain).toBe('clear');
      for (const n of grid.neighbours(h)) {
        expect(tm.hexsideHas(h, n, 'ridge')).toBe(false);
        expect(tm.hexsideHas(h, n, 'slope')).toBe(false);
      }
    }
  });

  it('20.4: roads lead off the Union (east) and Confederate (west) friendly edges', () => {
    const leaving = (edge: 'east' | 'west') =>
      map.routes
        .filter((r) => r.hexes.some((h) => grid.edgesOf(h).includes(edge)))
        .map((r) => r.name);
    expect(leaving('east')).toEqual(
      expect.arrayContaining(['Hanover Road', 'Baltimore Pike', 'York Pike']),
    );
    expect(leaving('west')).toEqual(
      expect.arrayContaining(['Chambersburg Pike', 'Fairfield Road']),
    );
  });

  it('16.1, 16.2: every set-up hex is land, and no hexside on the map is impassable (no creeks or rivers), so every unit can reach a friendly-edge road', () => {
    for (const p of placements)
      expect(['clear', 'forest', 'rough', 'forest-rough', 'town']).toContain(tm.hex(p.hex).terrain);
    for (const s of tm.featuredHexsides())
      for (const f of s.features) expect(['creek', 'river', 'lake']).not.toContain(f.type);
  });

  it('18.2: the east and south edges exist for cavalry to exit across', () => {
    expect(grid.all().filter((h) => grid.edgesOf(h).includes('east')).length).toBeGreaterThan(10);
    expect(grid.all().filter((h) => grid.edgesOf(h).includes('south')).length).toBeGreaterThan(10);
  });
});
