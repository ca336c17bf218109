/**
 * Chickamauga (seed 000 lines 6496-7255) as data: the charts transcribed
 * exactly (counts and totals pinned from the printed charts), the OCR defects
 * resolved, the exclusive rules as hooks, the victory schedule landing on
 * every level, and the reconstructed map agreeing with every fact the text gives.
 */
import { TerrainMap } from '../../../src/engine/map';
import { evaluateVictory, type VictoryInputs } from '../../../src/engine/victory';
import { chickamaugaMap, chickamaugaBank } from '../../../scenarios/chickamauga/build-map';
import type { Side } from '../../../src/engine/types';
import {
  chartsOf,
  expectDeployment,
  expectEveryUnitDeployedOnce,
  expectMapJsonIsBuildOutput,
  loadScenario,
  total,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('chickamauga');
const { unit, placements, placed, at, arrivals } = chartsOf(scenario);

describe('Chickamauga scenario document', () => {
  it('16.3, 16.4: Union first player, 15 Game-Turns, Game-Turn 9 is Night, 1863', () => {
    expect(scenario).toMatchObject({
      id: 'chickamauga',
      date: '1863-09-19',
      year: 1863,
      firstPlayer: 'union',
      turns: 15,
      nightTurns: [9],
      map: 'map.json',
    });
  });

  it('16.1: Union deployment is 14 units totalling 70 CSP (13 infantry including Wilder 8, 1 cavalry)', () => {
    expectDeployment(placed('union'), { units: 14, csp: 70, byType: { infantry: 13, cavalry: 1 } });
    expect(at('1022')).toEqual(['Wilder']);
    expect(unit('us-wilder')).toMatchObject({ strength: 8, movement: 7 });
    expect(at('2011')).toEqual(['1/2']);
    expect(unit('us-cav-1-2')).toMatchObject({ type: 'cavalry', strength: 5 });
    expect(at('0302')).toEqual(['1/1/Res']);
    expect(unit('us-1-1-res').strength).toBe(6);
  });

  it('16.2, 25.0: Confederate deployment is 31 units totalling 128 CSP with the errata applied (no G.T. Anderson, no Roddey, Wood and Wilson 5)', () => {
    expectDeployment(placed('confederate'), {
      units: 31,
      csp: 128,
      byType: { infantry: 26, artillery: 1, cavalry: 4 },
    });
    expect(unit('cs-wood').strength).toBe(5);
    expect(unit('cs-wilson').strength).toBe(5);
    expect(scenario.units.some((u) => /Roddey|G\.T\. Anderson|Sharp/.test(u.designation))).toBe(
      false,
    );
    expect(at('1922')).toEqual(['Benning']);
    expect(at('2120')).toEqual(['3']);
    expect(unit('cs-art-3')).toMatchObject({ type: 'artillery', strength: 5 });
    expect(at('1821')).toEqual(['Sheffield (aka Law)']);
    expect(at('2015')).toEqual(['Dibrell (aka Forrest)']);
    expect(unit('cs-dibrell')).toMatchObject({ type: 'cavalry', strength: 6 });
  });

  it('17.1: Union reinforcements are 26 units in 5 arrivals at 0728/1027: 12 (51 CSP), 9 (43), 3 cavalry (12), the Train (1), 2/2 (4)', () => {
    const rs = arrivals('union');
    expect(rs.map((r) => [r.turn, r.entry, r.units.length, total(r.units.map(unit))])).toEqual([
      [2, ['0728', '1027'], 12, 51],
      [5, ['0728', '1027'], 9, 43],
      [6, ['0728', '1027'], 3, 12],
      [7, ['0728', '1027'], 1, 1],
      [8, ['0728', '1027'], 1, 4],
    ]);
    expect(rs[0].units.map((id) => unit(id).designation)).toEqual([
      '1/2/XIV',
      '2/2/XIV',
      '3/2/XIV',
      'XIV',
      '3/4/XIV',
      '1/2/XXI',
      '2/2/XXI',
      '3/2/XXI',
      '1/3/XXI',
      '2/3/XXI',
      '3/3/XXI',
      'XXI',
    ]);
    expect(unit('us-train')).toMatchObject({ type: 'train', strength: 1, movement: 6 });
  });

  it('17.1: "1/2/X1V" (OCR) is read 1/2/XIV, and the note says so', () => {
    expect(unit('us-1-2-xiv')).toMatchObject({ designation: '1/2/XIV', strength: 5 });
    expect(scenario.units.some((u) => u.designation.includes('X1V'))).toBe(false);
    expect(unit('us-1-2-xiv').notes).toMatch(/X1V/);
    expect(scenario.notes.join(' ')).toMatch(/X1V/);
  });

  it('17.2: Confederate reinforcements are 13 units in 2 arrivals at 1627/1928: 9 units (41 CSP) and 4 cavalry (14)', () => {
    const rs = arrivals('confederate');
    expect(
      rs.map((r) => [
        r.turn,
        r.entry,
        r.units.map((id) => unit(id).designation),
        total(r.units.map(unit)),
      ]),
    ).toEqual([
      [
        2,
        ['1627', '1928'],
        ['Deshler', 'Helm', 'Adams', 'Stovall', '2', 'Deas', 'Anderson', 'Manigault', '1'],
        41,
      ],
      [5, ['1627', '1928'], ['Crews', 'Russell', 'Morgan', 'Harrison'], 14],
    ]);
  });

  it('16.0: ids unique, every unit set up or arriving exactly once, one unit per set-up hex', () => {
    expect(scenario.units).toHaveLength(84);
    expectEveryUnitDeployedOnce(scenario);
    expect(new Set(placements.map((p) => p.hex)).size).toBe(placements.length);
  });

  it('18.1-18.7, 19.x, 20.0, 21.31, 21.32: every exclusive rule is a hook with its parameters', () => {
    const hook = (name: string, c?: string) =>
      scenario.specialRules.find((r) => r.hook === name && (!c || r.case === c));
    expect(hook('map-exit')).toMatchObject({
      params: { hexes: ['0101', '0111'], cost: 1, mayReturn: false, retreatOffMapEliminates: true },
    });
    // 19.12, 19.23, 20.0: the hooks' strengths and allowances are the units' own (type "train" is the 2.3 non-combat unit).
    const unit = (id: string) => scenario.units.find((u) => u.id === id)!;
    expect(unit('us-train')).toMatchObject({ type: 'train', strength: 1, movement: 6 });
    expect(unit('us-wilder')).toMatchObject({ type: 'infantry', movement: 7 });
    expect(hook('train-unit')).toMatchObject({
      params: {
        unit: 'us-train',
        mayAttack: false,
        defenceStrength: 1,
        movement: 6,
        routes: ['road', 'trail'],
        zoneOfControl: false,
      },
    });
    expect(hook('stacking-override')).toMatchObject({
      params: { units: ['us-train'], alone: true, noMovingThrough: true },
    });
    expect(hook('named-unit-ability')).toMatchObject({
      case: '20.0',
      params: {
        unit: 'us-wilder',
        movement: 7,
        retreatBeforeCombat: { case: '8.77', dieRolls: [1, 2, 3, 4] },
      },
    });
    expect(hook('line-of-communication', '21.31')).toMatchObject({
      params: {
        side: 'confederate',
        fromHexes: ['0101', '0111'],
        toEdge: 'east',
        enemyZocBlocks: false,
      },
    });
    expect(hook('line-of-communication', '21.32')).toMatchObject({
      params: { side: 'union', maxLength: 10, unenteredReinforcementsFromHexes: ['0728', '1027'] },
    });
    expect(JSON.stringify(scenario.specialRules.map((r) => r.params))).not.toMatch(/0718/);
    expect(scenario.notes.join(' ')).toMatch(/0718/);
    expect(scenario.notes.join(' ')).toMatch(/\[20\.31\]/);
  });

  it('21.2: the seven victory hexes start with the printed occupiers', () => {
    expect(Object.fromEntries(scenario.victory.objectives.map((o) => [o.hex, o.initial]))).toEqual({
      '0211': 'union',
      '0502': 'union',
      '0822': 'union',
      '1207': 'union',
      '1115': 'union',
      '1922': 'confederate',
      '2311': 'confederate',
    });
  });
});

describe('Chickamauga victory (21.11-21.13)', () => {
  const spec = scenario.victory;
  const allOnMap = () =>
    Object.fromEntries(
      scenario.units.map((u) => [
        u.id,
        { side: u.side, hex: '1317', status: 'on-map', strength: u.strength },
      ]),
    );
  const state = (extra: Partial<VictoryInputs> = {}): VictoryInputs => ({
    eliminatedStrength: { union: 0, confederate: 0 },
    objectives: {},
    units: allOnMap(),
    withoutLineOfCommunication: { union: 0, confederate: 0 },
    exitLineOfCommunication: { confederate: true },
    ...extra,
  });

  it('21.2, 21.12, 21.11 iv: at the start the Union holds 15 VP of either-player hexes (its gaps score only for the Confederate) and the Confederate has 10 for the Train not exited: net +5, a draw', () => {
    const s = evaluateVictory(spec, state());
    expect(s.points).toEqual({ union: 15, confederate: 10 });
    expect(s).toMatchObject({ winner: null, level: 'draw' });
  });

  const landing: Array<[string, Partial<VictoryInputs>, Side | null, string]> = [];
  const withTrainOut = () => ({
    ...allOnMap(),
    'us-train': { side: 'union' as const, hex: null, status: 'exited', strength: 1 },
  });
  // Train exited (1 VP to the Union, 21.11 ii), start occupation: Union 15 (0822, 1207, 1115), Confederate 0:
  // net = 16 + Confederate CSP eliminated - Union CSP eliminated.
  landing.push([
    'union decisive (net +51)',
    { units: withTrainOut(), eliminatedStrength: { union: 0, confederate: 35 } },
    'union',
    'decisive',
  ]);
  landing.push([
    'union substantive (net +26)',
    { units: withTrainOut(), eliminatedStrength: { union: 0, confederate: 10 } },
    'union',
    'substantive',
  ]);
  landing.push([
    'union marginal (net +11)',
    { units: withTrainOut(), eliminatedStrength: { union: 5, confederate: 0 } },
    'union',
    'marginal',
  ]);
  landing.push([
    'draw (net +10)',
    { units: withTrainOut(), eliminatedStrength: { union: 6, confederate: 0 } },
    null,
    'draw',
  ]);
  landing.push([
    'draw (net -10)',
    { units: withTrainOut(), eliminatedStrength: { union: 26, confederate: 0 } },
    null,
    'draw',
  ]);
  landing.push([
    'confederate marginal (net -11)',
    { units: withTrainOut(), eliminatedStrength: { union: 27, confederate: 0 } },
    'confederate',
    'marginal',
  ]);
  landing.push([
    'confederate substantive (net -26)',
    { units: withTrainOut(), eliminatedStrength: { union: 42, confederate: 0 } },
    'confederate',
    'substantive',
  ]);
  landing.push([
    'confederate decisive (net -51)',
    { units: withTrainOut(), eliminatedStrength: { union: 67, confederate: 0 } },
    'confederate',
    'decisive',
  ]);
  it.each(landing)('21.13: hand-built end state lands on %s', (_t, extra, winner, level) => {
    const s = evaluateVictory(spec, state(extra));
    expect(s.winner).toBe(winner);
    expect(s.level).toBe(level);
  });

  it('21.11 ii, iii, 21.31: Union exits score 1 per CSP, Confederate exits 5 per CSP only with the line of communication', () => {
    const units = {
      ...allOnMap(),
      'us-train': { side: 'union' as const, hex: null, status: 'exited', strength: 1 },
      'us-2-3-xiv': { side: 'union' as const, hex: null, status: 'exited', strength: 5 },
      'cs-gregg': { side: 'confederate' as const, hex: null, status: 'exited', strength: 4 },
    };
    expect(evaluateVictory(spec, state({ units })).points).toEqual({
      union: 15 + 6,
      confederate: 20,
    });
    expect(
      evaluateVictory(spec, state({ units, exitLineOfCommunication: { confederate: false } }))
        .points,
    ).toEqual({ union: 21, confederate: 0 });
  });

  it('21.12, 21.32: holding both bridges, the gaps and the crossroads; Union units without a line of communication count as eliminated', () => {
    const objectives = {
      '1922': 'union',
      '2311': 'union',
      '0211': 'union',
      '0502': 'union',
      '1207': 'confederate',
    } as const;
    const s = evaluateVictory(
      spec,
      state({
        objectives: { ...objectives },
        withoutLineOfCommunication: { union: 7, confederate: 0 },
      }),
    );
    // Union: 10 + 20 (bridges) + 5 + 5 (0822, 1115); nothing for the Confederate-only gaps. Confederate: 5 (1207) + 10 (Train) + 7 (cut off).
    expect(s.points).toEqual({ union: 40, confederate: 22 });
  });
});

describe('Chickamauga map document', () => {
  const tm = new TerrainMap(map);
  const grid = tm.grid;

  it('21.12: the map is reconstructed, and map.json is exactly what build-map.ts builds and checks', () => {
    expect(map.provenance).toBe('reconstructed from the rules text');
    expectMapJsonIsBuildOutput(DIR, chickamaugaMap);
  });

  it('18.1, 21.31: exits 0101 and 0111 are west-edge hexes where roads lead off the map', () => {
    for (const h of ['0101', '0111']) {
      expect(grid.edgesOf(h)).toContain('west');
      expect(tm.routesIn(h).length).toBeGreaterThan(0);
    }
  });

  it('17.1, 17.2: the four entry hexes lie on the south edge, Union on the battlefield bank, Confederate across the creek', () => {
    for (const h of ['0728', '1027', '1627', '1928']) expect(grid.edgesOf(h)).toContain('south');
    expect(['0728', '1027'].map(chickamaugaBank)).toEqual(['west', 'west']);
    expect(['1627', '1928'].map(chickamaugaBank)).toEqual(['southeast', 'southeast']);
  });

  it("21.12, 6.29: Alexander's (1922) and Dyer's (2311) Bridges carry a road over West Chickamauga Creek; Reed's Bridge too", () => {
    expect(tm.hex('1922').name).toMatch(/Alexander/);
    expect(tm.hex('2311').name).toMatch(/Dyer/);
    for (const [a, b] of [
      ['1922', '1923'],
      ['2311', '2411'],
      ['2106', '2206'],
    ]) {
      expect(tm.hexsideHas(a, b, 'creek')).toBe(true);
      expect(tm.hexsideHas(a, b, 'bridge')).toBe(true);
      expect(tm.routesBetween(a, b)).toContain('road');
    }
  });

  it("21.12: Rossville Gap 0211 and McFarland's Gap 0502 are road gaps in Missionary Ridge; 1207 and 1115 are crossroads", () => {
    expect(tm.hex('0211')).toMatchObject({ terrain: 'clear', name: 'Rossville Gap' });
    expect(tm.hex('0502')).toMatchObject({ terrain: 'clear', name: "McFarland's Gap" });
    for (const gap of ['0211', '0502'])
      expect(grid.neighbours(gap).some((n) => tm.hex(n).level === 2)).toBe(true);
    for (const h of ['1207', '1115'])
      expect(
        grid.neighbours(h).filter((n) => tm.routesBetween(h, n).length > 0).length,
      ).toBeGreaterThanOrEqual(3);
  });

  it('24.1: when in doubt a hex is woods', () => {
    expect(map.defaultHex.terrain).toBe('forest');
  });

  it("16.1, 16.2: every set-up hex exists and is land; each side's units sit on the bank history puts them", () => {
    for (const p of placements) expect(grid.has(p.hex)).toBe(true);
    for (const id of ['cs-gracie', 'cs-bate', 'cs-wood', 'cs-polk']) {
      expect(chickamaugaBank(placements.find((p) => p.unit === id)!.hex)).toBe('southeast');
    }
    for (const p of placements.filter((x) => unit(x.unit).side === 'union'))
      expect(chickamaugaBank(p.hex)).toBe('west');
  });
});
