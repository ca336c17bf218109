/**
 * Battle of the Wilderness (seed 000 lines 8127-8707) as data: the charts
 * transcribed exactly, the exclusive rules as hooks, the victory conditions
 * evaluated from hand-built end states, and the reconstructed map agreeing
 * with every fact the text gives.
 */
import { HexGrid } from '../../../src/engine/hex';
import { wildernessMap } from '../../../scenarios/wilderness/build-map';
import { evaluateVictory } from '../../../src/engine/victory';
import type { VictoryInputs } from '../../../src/engine/victory';
import type { HexSpec, Side } from '../../../src/engine/types';
import {
  chartsOf,
  expectDeployment,
  expectEveryUnitDeployedOnce,
  expectMapJsonIsBuildOutput,
  loadScenario,
  total,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('wilderness');
const { unit, placements, placed, hook: rule } = chartsOf(scenario);

function end(p: {
  lost?: Partial<Record<Side, number>>;
  held?: Record<string, Side | null>;
  eliminated?: string[];
}): VictoryInputs {
  const units: NonNullable<VictoryInputs['units']> = {};
  for (const u of scenario.units)
    units[u.id] = {
      side: u.side,
      hex: null,
      status: p.eliminated?.includes(u.id) ? 'eliminated' : 'pending',
    };
  return {
    eliminatedStrength: { union: p.lost?.union ?? 0, confederate: p.lost?.confederate ?? 0 },
    objectives: p.held ?? {},
    units,
  };
}

describe('Battle of the Wilderness scenario document', () => {
  it('16.3, 16.4: Confederate first player, 16 Game-Turns, Game-Turn 8 is Night', () => {
    expect(scenario).toMatchObject({
      id: 'wilderness',
      date: '1864-05-05',
      year: 1864,
      firstPlayer: 'confederate',
      turns: 16,
      nightTurns: [8],
    });
  });

  it('16.0: unit ids are unique; every unit is set up or a reinforcement exactly once', () => {
    expectEveryUnitDeployedOnce(scenario);
    expect(scenario.units).toHaveLength(22 + 11 + 20 + 26 + 3);
  });

  it('16.1: Union set-up is 22 units totalling 157 CSP (20 brigades of V and VI Corps, 2 artillery)', () => {
    const us = placed('union');
    expectDeployment(us, { units: 22, csp: 157 });
    expect(
      us.filter((u) => u.type === 'artillery').map((u) => `${u.designation} ${u.strength}`),
    ).toEqual(['V 6', 'VI 6']);
  });

  it('16.2: Confederate set-up is 11 units totalling 61 CSP (10 brigades of Ewell, 2nd Corps artillery 2a)', () => {
    const cs = placed('confederate');
    expectDeployment(cs, { units: 11, csp: 61 });
    expect(
      cs.filter((u) => u.type === 'artillery').map((u) => `${u.designation} ${u.strength}`),
    ).toEqual(['2 2']);
  });

  it('16.1, 16.2: sample chart records as printed (Wilderness Tavern 1415 and the crossroads 1315 both hold VI Corps brigades)', () => {
    const at = (hex: string) =>
      placements
        .filter((p) => p.hex === hex)
        .map((p) => `${unit(p.unit).designation} ${unit(p.unit).strength}`);
    expect(at('0616')).toEqual(['1/1/V 12']);
    expect(at('1415')).toEqual(['1/2/VI 8']);
    expect(at('1315')).toEqual(['2/2/VI 8']);
    expect(at('0202')).toEqual(['2/3/VI 9']);
    expect(at('0415')).toEqual(['Stonewall 6']);
    expect(at('0119')).toEqual(['2 2']);
  });

  it('17.1, 17.2, 20.1: reinforcements as printed, with totals', () => {
    expect(
      scenario.reinforcements.map((r) => [
        r.side,
        r.turn,
        r.entry,
        r.units.length,
        total(r.units.map(unit)),
      ]),
    ).toEqual([
      ['union', 4, ['2326'], 12, 97],
      ['union', 7, ['0102'], 3, 23],
      ['union', 9, ['0102'], 5, 43],
      ['confederate', 1, ['0128'], 9, 63],
      ['confederate', 5, ['0118'], 2, 11],
      ['confederate', 9, ['0728', '0627'], 15, 88],
      ['confederate', 9, ['0118', '0128'], 3, 19],
    ]);
    const gt7 = scenario.reinforcements[1].units.map(unit);
    expect(gt7.map((u) => `${u.designation} ${u.strength}`)).toEqual(['4/1/VI 7', 'TD 6', 'TD 10']);
    expect(scenario.reinforcements[6].condition).toEqual({
      hook: 'conditional-reinforcements',
      params: { mode: 'optional', option: 'pickett' },
    });
    expect(scenario.reinforcements[6].units.map((id) => unit(id).designation)).toEqual([
      'Hunton',
      'Corse',
      'Terry',
    ]);
  });

  it('18.11, 18.12, 18.14: Union movement prohibition by day; the second day covers GT8-16 (the printed 8-15 leaves GT16 out)', () => {
    const r = rule('movement-prohibition')!;
    expect(r.case).toBe('18.11, 18.12, 18.14');
    const periods = r.params!.periods as Array<{ turns: number[] }>;
    expect(periods[0].turns).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(periods[1].turns).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect([...periods[0].turns, ...periods[1].turns]).toHaveLength(scenario.turns);
    expect(r.params).toMatchObject({
      side: 'union',
      advanceIntoProhibited: false,
      retreatIntoProhibited: 'only-if-sole-path',
      startingInProhibitedMayLeave: true,
    });
  });

  it('18.13, 18.21: Union pays 3 MP for forest; Confederates move along trails at 1 MP', () => {
    expect(rule('terrain-override', '18.13')?.params).toEqual({
      side: 'union',
      terrain: 'forest',
      entryCost: 3,
    });
    expect(rule('terrain-override', '18.21')?.params).toEqual({
      side: 'confederate',
      route: 'trail',
      alongCost: 1,
    });
  });

  it('18.31-18.35: the Train Defence units never attack, never stack, MA 6 on roads and trails only', () => {
    // one hook name with Chickamauga's Train (19.1-19.3): train-unit
    expect(rule('train-unit')?.params).toMatchObject({
      units: ['us-td-6', 'us-td-10'],
      mayAttack: false,
      autoRetreatWhenAdjacentInCombatPhaseOf: 'union',
      enemyMayAdvanceAfterward: true,
      mayEnterEnemyZoc: false,
      movement: 6,
      onlyOnRoutes: ['turnpike', 'road', 'trail'],
      retreatOffRoute: 'eliminated',
      displacement: 'allowed',
    });
    // 18.33 never stacking: Chickamauga's named-unit stacking-override (alone, no moving through)
    expect(scenario.specialRules.find((r) => r.hook === 'stacking-override')).toMatchObject({
      case: '18.33',
      params: { units: ['us-td-6', 'us-td-10'], alone: true, noMovingThrough: true },
    });
    expect(unit('us-td-6')).toMatchObject({
      type: 'train',
      strength: 6,
      movement: 6,
      flags: ['train-defence'],
    });
    expect(unit('us-td-10')).toMatchObject({ type: 'train', strength: 10 });
  });

  it('20.2: the optional Burnside roll stops every IX Corps unit on a 6; the TD units are exempt', () => {
    const r = rule('activation-roll')!;
    expect((r.params!.units as string[]).map((id) => unit(id).designation)).toEqual([
      '2/1/IX',
      '2/2/IX',
      '1/3/IX',
      '2/3/IX',
      'IX',
    ]);
    expect(r.params).toMatchObject({
      option: 'burnside',
      failOn: [6],
      exempt: ['us-td-6', 'us-td-10'],
    });
  });

  it('19.11-19.13: 2 VP per Confederate CSP to the Union, 3 per Union CSP to the Confederate, 15 per objective, 15 for both TD units', () => {
    const v = scenario.victory;
    expect(v.objectives).toEqual(
      ['0810', '1415', '1920'].map((hex) => ({
        hex,
        control: 'last-unit-or-zoc',
        initial: 'confederate',
        case: '19.13',
      })),
    );
    expect(rule('objective-control')?.params).toEqual({
      hexes: ['0810', '1415', '1920'],
      control: 'last-unit-or-zoc',
      initial: 'confederate',
    });
    // at the start every objective is Confederate: 45 VP to 0
    expect(evaluateVictory(v, end({})).points).toEqual({ union: 0, confederate: 45 });
    const s = evaluateVictory(
      v,
      end({
        lost: { union: 10, confederate: 20 },
        held: { '0810': 'union', '1415': 'union', '1920': 'confederate' },
      }),
    );
    expect(s.points).toEqual({ union: 2 * 20 + 30, confederate: 3 * 10 + 15 });
    // both TD units: 3 x 16 for their strength and 15 for 19.12 iii; one alone gives no bonus
    expect(
      evaluateVictory(
        v,
        end({
          lost: { union: 16 },
          held: { '0810': null, '1415': null, '1920': null },
          eliminated: ['us-td-6', 'us-td-10'],
        }),
      ).points.confederate,
    ).toBe(48 + 15);
    expect(
      evaluateVictory(
        v,
        end({
          lost: { union: 6 },
          held: { '0810': null, '1415': null, '1920': null },
          eliminated: ['us-td-6'],
        }),
      ).points.confederate,
    ).toBe(18);
  });

  it('19.0: the higher total wins (a plain victory, no graded levels); equal totals are a draw', () => {
    const v = scenario.victory;
    const u = evaluateVictory(
      v,
      end({ lost: { union: 10 }, held: { '0810': 'union', '1415': 'union', '1920': 'union' } }),
    );
    expect([u.points.union, u.points.confederate, u.winner, u.level]).toEqual([
      45,
      30,
      'union',
      'victory',
    ]);
    const c = evaluateVictory(
      v,
      end({ lost: { union: 20 }, held: { '0810': 'union', '1415': 'union', '1920': 'union' } }),
    );
    expect([c.points.union, c.points.confederate, c.winner, c.level]).toEqual([
      45,
      60,
      'confederate',
      'victory',
    ]);
    const d = evaluateVictory(
      v,
      end({
        lost: { union: 10, confederate: 15 },
        held: { '0810': 'union', '1415': 'confederate', '1920': null },
      }),
    );
    expect([d.points.union, d.points.confederate, d.winner, d.level]).toEqual([
      45,
      45,
      null,
      'draw',
    ]);
  });

  it('18.14, 19.11, 22.1: the notes resolve the duplicated 18.14, 1415 vs 1315 and GT8-15 vs 16 Game-Turns', () => {
    const notes = scenario.notes.join('\n');
    expect(notes).toMatch(/18\.14 is printed twice/);
    expect(notes).toMatch(/1415.*1315/s);
    expect(notes).toMatch(/Game-Turns 8-16/);
    expect(notes).toMatch(/157 CSP/);
  });
});

describe('Battle of the Wilderness map document', () => {
  const grid = new HexGrid(map.grid as never);
  const spec = (h: string): HexSpec => map.hexes[h] ?? map.defaultHex;

  it('16.0: the committed map.json is exactly what scenarios/wilderness/build-map.ts builds and checks', () => {
    expectMapJsonIsBuildOutput(DIR, wildernessMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
  });

  it('15.0, 18.11: the Wilderness is forest by default, with the Rapidan along the north edge', () => {
    expect(map.defaultHex.terrain).toBe('forest');
    expect(spec('1201').terrain).toBe('river');
    expect(grid.edgesOf('1201')).toContain('north');
  });

  it('19.11, 22.1: Spottswood 0810, Wilderness Tavern 1415 and Hickman 1920; the crossroads 1315 lies beside the tavern', () => {
    expect([spec('0810').name, spec('1415').name, spec('1920').name]).toEqual([
      'Spottswood',
      'Wilderness Tavern',
      'Hickman',
    ]);
    expect(grid.adjacent('1315', '1415')).toBe(true);
    const route = (name: string) => map.routes.find((r) => r.name === name)!;
    expect(route('Orange Turnpike').hexes).toContain('1315');
    expect(route('Germanna Plank Road').hexes).toContain('1315');
  });

  it('17.1, 17.2, 20.1, 22.1: entry hexes lie on their edges, on a road or trail; 0102 is the Germanna Plank Road', () => {
    expect(grid.edgesOf('0102')).toContain('west');
    expect(grid.edgesOf('0118')).toContain('west');
    expect(grid.edgesOf('0728')).toContain('south');
    expect(grid.edgesOf('0627')).toContain('south');
    expect(grid.edgesOf('2326')).toContain('east');
    expect(map.routes.find((r) => r.name === 'Germanna Plank Road')!.hexes[0]).toBe('0102');
    for (const h of ['0102', '0118', '0128', '0728', '0627', '2326'])
      expect(map.routes.some((r) => r.hexes.includes(h))).toBe(true);
  });

  it('16.1, 16.2: every set-up hex is land', () => {
    for (const p of placements)
      expect(['river', 'lake', 'pond']).not.toContain(spec(p.hex).terrain);
  });
});
