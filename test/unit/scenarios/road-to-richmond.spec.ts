/**
 * Road to Richmond (seed 000 lines 1976-2648) as data: the charts transcribed
 * exactly, the rules as hooks, the victory conditions as a spec, and the
 * reconstructed map agreeing with every fact the text gives. Counts are what
 * the charts print; each defect's reading is pinned with its note.
 */
import { TerrainMap } from '../../../src/engine/map';
import { evaluateVictory, type VictoryInputs } from '../../../src/engine/victory';
import { unsupportedReason } from '../../../src/engine/rules/hooks';
import {
  roadToRichmondMap,
  bank,
  FOOTHOLD,
  CHICKAHOMINY_BRIDGES,
} from '../../../scenarios/road-to-richmond/build-map';
import {
  chartsOf,
  countBy,
  expectDeployment,
  expectEveryUnitDeployedOnce,
  expectMapJsonIsBuildOutput,
  loadScenario,
  total,
} from './support';
import { reach } from '../../../scenarios/lib/map-builder';

const { dir: DIR, scenario, map } = loadScenario('road-to-richmond');
const { unit, placements, placed, at, arrivals: arriving } = chartsOf(scenario);
const rules = (name: string) => scenario.specialRules.filter((r) => r.hook === name);
const rule = (c: string) => {
  const r = scenario.specialRules.find((x) => x.case === c);
  if (!r) throw new Error(`no rule ${c}`);
  return r;
};
const CCZ = [
  ...['16', '17', '18', '19', '20', '21', '22'].map((r) => `01${r}`),
  ...['15', '16', '17', '18', '19', '20', '21'].map((r) => `02${r}`),
  ...['16', '17', '18', '19', '20', '21', '22'].map((r) => `03${r}`),
];

describe('Road to Richmond scenario document', () => {
  it('16.2, 16.3: Confederate first player, 20 Game-Turns, Night on 5 and 13', () => {
    expect(scenario).toMatchObject({
      id: 'road-to-richmond',
      date: '1862-06-26',
      year: 1862,
      firstPlayer: 'confederate',
      turns: 20,
      nightTurns: [5, 13],
    });
    expect(scenario.rules).toEqual({ system: 'blue-grey', version: '2e' });
    expect(scenario.stacking).toEqual({ units: 2 });
  });

  it('16.1, 17.3: unit ids are unique; 19 + 27 Union and 43 Confederate units, each set up or arriving exactly once', () => {
    expect(scenario.units.filter((u) => u.side === 'union')).toHaveLength(19 + 27);
    expect(scenario.units.filter((u) => u.side === 'confederate')).toHaveLength(43);
    expectEveryUnitDeployedOnce(scenario);
    for (const u of scenario.units) expect(u.id).toMatch(u.side === 'union' ? /^us-/ : /^cs-/);
  });

  it('16.1: the Union set-up is 19 units = 94 CSP: 13 infantry, 1 cavalry, 4 artillery and the Siege Train; no Confederate unit starts on the map', () => {
    // The Siege Train is an artillery unit (21.2) with its own profile in the special-artillery hook.
    expectDeployment(placed('union'), {
      units: 19,
      csp: 94,
      byType: { infantry: 13, cavalry: 1, artillery: 5 },
    });
    expect(placed('confederate')).toHaveLength(0);
  });

  it('16.1: sample chart records are transcribed as printed', () => {
    expect(at('1404')).toEqual(['1/CR']);
    expect(unit('us-1-cr')).toMatchObject({ type: 'cavalry', strength: 2 });
    expect(at('1107')).toEqual(['1/2/V', '2/2/V']);
    expect(at('1108')).toEqual(['V', '1R']);
    expect(at('1009')).toEqual(['2/3/V']);
    expect(at('0908')).toEqual(['1/1/V', '3/1/V']);
    expect(at('0409')).toEqual(['2/2/VI', '3/2/VI']);
    expect(at('0410')).toEqual(['2R', 'S']);
    expect(unit('us-siege-train')).toMatchObject({
      designation: 'S',
      type: 'artillery',
      strength: 8,
    });
    expect(at('0511')).toEqual(['5R', '1/2/VI']);
    expect(at('1726')).toEqual(['1/2/IV']);
    expect(unit('us-1-2-iv').strength).toBe(6);
  });

  it('16.1, 6.32: four units printed at 1007 (battles.md 19): 3/2/V and 2/1/V stay, 1/3/V and 3/3/V set up at 1008, with notes', () => {
    expect(at('1007')).toEqual(['3/2/V', '2/1/V']);
    expect(at('1008')).toEqual(['1/3/V', '3/3/V']);
    expect(unit('us-1-3-v').strength).toBe(8);
    expect(unit('us-3-3-v').strength).toBe(7);
    for (const id of ['us-1-3-v', 'us-3-3-v']) expect(unit(id).notes).toMatch(/Printed at 1007/);
    expect(scenario.notes.join(' ')).toMatch(/four Union units at 1007/);
    const n = new Map<string, number>();
    for (const p of placements) n.set(p.hex, (n.get(p.hex) ?? 0) + 1);
    expect(Math.max(...n.values())).toBe(2);
  });

  it('17.31: the Union reinforcement chart as printed, group by group', () => {
    const rows = arriving('union').map((r) => [
      r.turn,
      r.entry.join('/'),
      r.units.map((id) => `${unit(id).designation} ${unit(id).strength}`).join(', '),
    ]);
    expect(rows).toEqual([
      [1, '1528', '2/2/IV 8'],
      [2, '0410', '1/1/VI 7, 2/1/VI 7, 3/1/VI 7, VI 1'],
      [3, '0414', '2/1/II 4, 3/1/II 6'],
      [4, '0414', '3/1/IV 7, 2/1/IV 8, 2/CR 2'],
      [5, '0414', '1/1/IV 8, IV 2'],
      [11, '2426', 'Train 1'],
      [13, '0412', '1/2/II 7, 2/2/II 9, 3/2/II 9, II 2'],
      [13, '0416', '4R 1'],
      [13, '0418', '1/3/III 8, 2/3/III 8, 3/3/III 8, III 2'],
      [13, '0419', '1/2/III 9, 2/2/III 9, 3/2/III 9'],
      [14, '0417', '1/1/II 10, 3R 1'],
    ]);
  });

  it('17.31: 27 Union reinforcements: 152 printed CSP, plus 1/1/VI (no strength printed, read 7) and the Train (defence 1)', () => {
    const us = arriving('union').flatMap((r) => r.units.map(unit));
    expect(us).toHaveLength(27);
    const printed = us.filter((u) => u.id !== 'us-1-1-vi' && u.id !== 'us-train');
    expect(total(printed)).toBe(152);
    expect(unit('us-1-1-vi').strength).toBe(7);
    expect(unit('us-1-1-vi').notes).toMatch(/No strength is printed/);
    expect(unit('us-train')).toMatchObject({ type: 'train', strength: 1, movement: 6 });
    expect(countBy(us)).toEqual({ infantry: 19, cavalry: 1, artillery: 6, train: 1 });
  });

  it('17.32: the Confederate chart: 18 units (107 CSP) on GT1 at 0103, 11 (77) on GT2 at 1301/1901, 11 (42) on GT15 at 0117, 3 (18) on GT18 at 0728/0328/0126: 43 units, 244 CSP', () => {
    const cs = arriving('confederate');
    expect(cs.map((r) => [r.turn, r.entry, r.units.length, total(r.units.map(unit))])).toEqual([
      [1, ['0103'], 18, 107],
      [2, ['1301', '1901'], 11, 77],
      [15, ['0117'], 11, 42],
      [18, ['0728', '0328', '0126'], 3, 18],
    ]);
    expect(total(cs.flatMap((r) => r.units.map(unit)))).toBe(244);
    expect(cs[0].units.map((id) => unit(id).designation)).toEqual([
      'Rodes',
      'G.B. Anderson',
      'Garland',
      'Colquitt',
      'Ripley',
      'Kemper',
      'R.H. Anderson',
      'Pickett',
      'Wilcox',
      'Pryor',
      'Featherston',
      'Field',
      'Gregg',
      'J.R. Anderson',
      'Branch',
      'Archer',
      'Pender',
      'Jones',
    ]);
    expect(unit('cs-art-jones')).toMatchObject({ type: 'artillery', strength: 1 });
    expect(unit('cs-cav-stuart')).toMatchObject({ type: 'cavalry', strength: 10 });
    expect(
      cs[2].units.filter((id) => unit(id).type === 'artillery').map((id) => unit(id).designation),
    ).toEqual(['Cutts', 'Brown', 'Richardson', 'Nelson', 'S.D. Lee']);
    expect(cs[3].units.map((id) => `${unit(id).designation} ${unit(id).strength}`)).toEqual([
      'Mahone 5',
      'Wright 6',
      'Armistead 7',
    ]);
  });

  it("17.31: the groups of 0410-0419 arrive inside the map ('on-map'); 1528 and 2426 are map-edge entries", () => {
    const grid = new TerrainMap(map).grid;
    for (const r of scenario.reinforcements) {
      for (const h of r.entry) {
        if (r.arrival === 'on-map') expect(grid.isEdge(h)).toBe(false);
        else expect(grid.isEdge(h)).toBe(true);
      }
    }
    expect(
      scenario.reinforcements.filter((r) => r.arrival === 'on-map').map((r) => r.entry[0]),
    ).toEqual(['0410', '0414', '0414', '0414', '0412', '0416', '0418', '0419', '0417']);
  });

  it('17.1: "so indicated" Union reinforcements may arrive in the Command Control Zone, but none is marked: the hook selects no unit', () => {
    expect(rule('17.1')).toMatchObject({
      hook: 'conditional-reinforcements',
      params: { mode: 'anywhere-in-zone', side: 'union', zoneHexes: CCZ, units: [] },
    });
    expect(scenario.notes.join(' ')).toMatch(/so indicated/);
  });

  it('17.2: the Confederate Game-Turn 1 group moves double on GT1 unless it enters a Union ZOC, with the column penalty', () => {
    expect(rule('17.2')).toMatchObject({
      hook: 'named-unit-ability',
      params: {
        side: 'confederate',
        units: arriving('confederate')[0].units,
        turns: [1],
        movementFactor: 2,
        lostIfEntersEnemyZoc: true,
        entryColumnPenalty: true,
      },
    });
  });

  it("17.32: Jackson's command enters at 1301, or at 1901 when 1301 is occupied by or in the ZOC of a Union unit", () => {
    const params = {
      mode: 'blocked-entry',
      primaryHex: '1301',
      alternateHex: '1901',
      blockedWhen: ['enemy-occupied', 'enemy-controlled'],
      delayTurns: 0,
    };
    expect(rule('17.32')).toMatchObject({ hook: 'conditional-reinforcements', params });
    expect(arriving('confederate')[1].condition).toEqual({
      hook: 'conditional-reinforcements',
      params,
    });
  });

  it('17.4, 17.5: Activation triggers and the early-arrival schedule (GT13 +1, GT14 +2, GT15 +3, GT18 +6) for both sides', () => {
    const r = rule('17.4, 17.5');
    const p = r.params as {
      triggers: Array<{
        triggerHexes?: string[];
        ofHexes?: string[];
        range?: number;
        inclusive?: boolean;
      }>;
      schedule: unknown;
      sides: unknown;
      event: string;
    };
    expect(r.hook).toBe('conditional-reinforcements');
    expect(p.schedule).toEqual([
      { turn: 13, turnsAfterActivation: 1 },
      { turn: 14, turnsAfterActivation: 2 },
      { turn: 15, turnsAfterActivation: 3 },
      { turn: 18, turnsAfterActivation: 6 },
    ]);
    expect(p.sides).toEqual(['union', 'confederate']);
    expect(p.event).toBe('early-reinforcements-activated');
    expect(p.triggers[1]).toMatchObject({ ofHexes: ['2426', '1826'], range: 6, inclusive: true });
    // (i): the south bank from 0407 south - not the foothold between the river and the stream bordering 0407, 0308, 0208.
    const region = new Set(p.triggers[0].triggerHexes);
    for (const h of ['0407', '0308', '0208', '0108', '0117', '0414', '1528', '1726'])
      expect(region.has(h)).toBe(true);
    for (const h of [...FOOTHOLD, '0103', '1007', '1301', '1823', '1826', '2426'])
      expect(region.has(h)).toBe(false);
    const grid = new TerrainMap(map).grid;
    expect([...region].sort()).toEqual(
      grid
        .all()
        .filter((h) => bank(h) === 'south' && !FOOTHOLD.includes(h))
        .sort(),
    );
    const early = scenario.reinforcements.filter(
      (x) => x.condition?.params?.mode === 'early-arrival',
    );
    expect(early.map((x) => [x.side, x.turn, x.condition?.params?.turnsAfterActivation])).toEqual([
      ['union', 13, 1],
      ['union', 13, 1],
      ['union', 13, 1],
      ['union', 13, 1],
      ['union', 14, 2],
      ['confederate', 15, 3],
      ['confederate', 18, 6],
    ]);
  });

  it('17.61-17.64: the Confederate may secretly move any Game-Turn 1 units to the GT15 or GT18 groups; withheld units enter at 0103 ("hex 0130" read 0103)', () => {
    expect(rule('17.61, 17.62, 17.63, 17.64')).toMatchObject({
      hook: 'conditional-reinforcements',
      params: {
        mode: 'secret-reallocation',
        side: 'confederate',
        fromHexes: ['0103'],
        units: arriving('confederate')[0].units,
        toGroups: [
          { turn: 15, entryHexes: ['0117'] },
          { turn: 18, entryHexes: ['0126', '0328', '0728'] },
        ],
        hidden: true,
        mayWithholdUnlisted: true,
      },
    });
    expect(scenario.notes.join(' ')).toMatch(/hex 0130/);
  });

  it('18.2, 20.1-20.3: the Command Control Zone is 0116-0122, 0215-0221 and 0316-0322 ("0316 to 0312" read 0316-0322); Union entry barred until 3 GTs after the Train exits at 1528 or the GT14 group arrives', () => {
    expect(rule('18.2, 20.1, 20.2, 20.3')).toMatchObject({
      hook: 'movement-prohibition',
      params: {
        side: 'union',
        zoneHexes: CCZ,
        liftedWhen: [
          { event: 'unit-exited', unit: 'us-train', exitHex: '1528', afterTurns: 3 },
          { event: 'reinforcements-entered', side: 'union', scheduledTurn: 14, afterTurns: 3 },
        ],
        zocExtendsInto: true,
        mayAttackInto: true,
      },
    });
    expect(CCZ).toHaveLength(21);
    expect(CCZ).toContain('0117');
    expect(scenario.notes.join(' ')).toMatch(/0316 to 0312/);
  });

  it('18.51, 18.52, 18.6: streams do not halve attackers; no advance across streams except at bridges, nor into swamp', () => {
    expect(rule('18.51')).toMatchObject({
      hook: 'terrain-override',
      params: { hexside: 'stream', includingBridge: true, attackerHalved: false },
    });
    expect(rule('18.52')).toMatchObject({
      hook: 'terrain-override',
      params: { hexside: 'stream', advanceAfterCombatAcross: false, exceptAtBridge: true },
    });
    expect(rule('18.6')).toMatchObject({
      hook: 'terrain-override',
      params: { terrain: 'swamp', advanceAfterCombatInto: false },
    });
  });

  it('19.11-19.32: either side exits only at 0117 and 1528, 1 MP, never in a retreat, never returning', () => {
    expect(rules('map-exit')).toHaveLength(1);
    expect(rules('map-exit')[0].params).toEqual({
      sides: ['union', 'confederate'],
      exitHexes: ['0117', '1528'],
      cost: 1,
      ownMovementPhaseOnly: true,
      mayReturn: false,
      countsAsEliminated: false,
    });
    // 19.21 is the standard 8.72 (never off the map in a retreat), 19.22 the hook's default: the engine plays this declaration.
    expect(unsupportedReason(rules('map-exit')[0])).toBeNull();
  });

  it('21.11-21.17: the Train never attacks, retreats automatically, stacks with no unit, moves 6 on roads and trails, has no ZOC', () => {
    expect(rules('train-unit')[0].params).toMatchObject({
      unit: 'us-train',
      mayAttack: false,
      autoRetreatWhenAdjacentInCombatPhaseOf: 'union',
      enemyMayAdvanceAfterward: false,
      defenceStrength: 1,
      movement: 6,
      routes: ['road', 'trail'],
      retreatOffRoute: 'eliminated',
      displacement: 'allowed',
      zoneOfControl: false,
      enemyMustAttack: false,
    });
    expect(rules('stacking-override')[0].params).toEqual({
      units: ['us-train'],
      alone: true,
      noMovingThrough: true,
    });
  });

  it('21.21-21.24: the Siege Train ranges 5 without range effects, defends with 1 without the 9.53 increase, is road-bound, counts 8 CSP (21.23 printed twice)', () => {
    const r = rules('special-artillery')[0];
    expect(r.case).toBe('21.21, 21.22, 21.23, 21.24');
    expect(r.params).toMatchObject({
      units: ['us-siege-train'],
      range: 5,
      rangeEffects: false,
      defenceStrength: 1,
      defensiveBonus953: false,
      routes: ['road', 'trail'],
      retreatOffRoute: 'eliminated',
    });
    expect(unit('us-siege-train').strength).toBe(8);
    expect(scenario.notes.join(' ')).toMatch(/21\.23 is printed twice/);
  });

  it('22.21, 22.22: the Lines of Communication 0117-1528 (both sides) and, if the Train never entered, Union units within 10 hexes of a road leaving at 1528 or 2426', () => {
    expect(rule('22.21').params).toMatchObject({
      side: 'both',
      purpose: 'exit-points',
      fromHexes: ['0117'],
      toHexes: ['1528'],
      along: ['road', 'trail'],
      blockedBy: 'enemy-units',
      enemyZocBlocks: false,
    });
    expect(rule('22.22').params).toMatchObject({
      side: 'union',
      purpose: 'count-as-eliminated',
      maxLength: 10,
      toRoadLeadingOffAtHexes: ['1528', '2426'],
      along: ['road', 'trail'],
      blockedBy: 'enemy-units',
      enemyZocBlocks: false,
    });
    // Only if the Train never entered (22.22): the point rule's condition; reinforcements never brought on are not checked.
    expect(rule('22.22').params).not.toHaveProperty('unenteredReinforcementsFromHexes');
    expect(scenario.victory.points.find((r) => r.case === '22.22')).toMatchObject({
      onlyIf: { unitNeverEntered: 'us-train' },
    });
  });

  it('18.1 missing, 21.23 duplicated, and every other defect of battles.md 19 has a note', () => {
    const text = scenario.notes.join(' ');
    for (const s of [
      '1/1/VI',
      '1007',
      '0316 to 0312',
      'hex 0130',
      'no case 18.1',
      '21.23 is printed twice',
      'so indicated',
      'exists during',
    ]) {
      expect(text).toContain(s);
    }
  });
});

// ------------------------------------------------------------- victory ----

describe('Road to Richmond 22.0 victory', () => {
  const exits = (list: Array<[string, string]>): NonNullable<VictoryInputs['exited']> =>
    list.map(([id, hex]) => ({
      unit: id,
      side: unit(id).side,
      hex,
      type: unit(id).type,
      size: unit(id).size,
      strength: unit(id).strength,
    }));
  const state = (over: Partial<VictoryInputs> & { train: string }): VictoryInputs => ({
    eliminatedStrength: { union: 0, confederate: 0 },
    objectives: {},
    units: {
      'us-train': {
        side: 'union',
        hex: over.train === 'on-map' ? '2426' : null,
        status: over.train,
      },
    },
    exited: [],
    events: [],
    exitLineOfCommunication: { union: true, confederate: true },
    withoutLineOfCommunication: { union: 0, confederate: 0 },
    occupationTallies: [],
    ...over,
  });
  const result = (s: VictoryInputs) => {
    const v = evaluateVictory(scenario.victory, s);
    return [v.points.union, v.points.confederate, v.winner, v.level];
  };

  it('22.11-22.14, 22.22: the point schedule as data', () => {
    expect(scenario.victory.points.map((p) => `${p.kind} ${p.case}`)).toEqual([
      'eliminated-strength 22.11',
      'all-units-eliminated 22.11',
      'exited-units 22.12',
      'exited-units 22.12',
      'fact 22.12',
      'exited-units 22.12',
      'exited-units 22.12',
      'fact 22.12',
      'occupied-each-turn 22.13',
      'fact 22.14',
      'without-line-of-communication 22.22',
    ]);
    expect(scenario.victory.objectives.map((o) => o.hex)).toEqual(['1823', '1826']);
  });

  it('22.0: the higher total wins; equal totals are a draw', () => {
    const base = { train: 'on-map' };
    expect(result(state({ ...base, eliminatedStrength: { union: 10, confederate: 12 } }))).toEqual([
      12,
      10,
      'union',
      'victory',
    ]);
    expect(result(state({ ...base, eliminatedStrength: { union: 12, confederate: 10 } }))).toEqual([
      10,
      12,
      'confederate',
      'victory',
    ]);
    expect(result(state({ ...base, eliminatedStrength: { union: 10, confederate: 10 } }))).toEqual([
      10,
      10,
      null,
      'draw',
    ]);
  });

  it('22.12 i-iv: Train out at 1528 (5 VP), Union units out at 1528 (1 each, not the Train), Union CSP out at 0117 with the LOC; Confederate 2 per CSP at 1528 with its LOC', () => {
    const s = state({
      train: 'exited',
      exited: exits([
        ['us-train', '1528'],
        ['us-siege-train', '1528'],
        ['us-1-2-iv', '1528'],
        ['us-1-1-ii', '0117'],
        ['cs-hood', '1528'],
      ]),
    });
    // Union: 5 (Train) + 2 units + 10 CSP at 0117 = 17; Confederate: 2 x 7 (Hood) = 14.
    expect(result(s)).toEqual([17, 14, 'union', 'victory']);
    // Without the Lines of Communication: Union 7, Confederate 0.
    expect(result({ ...s, exitLineOfCommunication: { union: false, confederate: false } })).toEqual(
      [7, 0, 'union', 'victory'],
    );
  });

  it('22.11 ii, 22.12 v: the Train eliminated gives 10 VP besides its 1 CSP, and Confederate exits at 1528 score 1 per CSP', () => {
    const s = state({
      train: 'eliminated',
      eliminatedStrength: { union: 1, confederate: 0 },
      exited: exits([['cs-cav-stuart', '1528']]),
    });
    expect(result(s)).toEqual([0, 1 + 10 + 10, 'confederate', 'victory']);
  });

  it('22.12 vi, 22.22: the Train never entered: 20 VP to the Confederate, and Union strength without a road within 10 hexes counts as destroyed', () => {
    const s = state({
      train: 'pending',
      withoutLineOfCommunication: { union: 15, confederate: 0 },
      eliminatedStrength: { union: 0, confederate: 40 },
    });
    expect(result(s)).toEqual([40, 20 + 15, 'union', 'victory']);
    // Once the Train has entered, neither applies.
    expect(
      result({ ...s, units: { 'us-train': { side: 'union', hex: '1826', status: 'on-map' } } }),
    ).toEqual([40, 0, 'union', 'victory']);
  });

  it('22.13, 22.14: 1 VP per turn for 1823 / 1826 after GT8; 5 VP to the Union for Activation', () => {
    const s = state({
      train: 'on-map',
      events: ['early-reinforcements-activated'],
      occupationTallies: [
        { turn: 8, occupied: { '1823': 'confederate', '1826': 'confederate' } },
        { turn: 9, occupied: { '1823': 'confederate', '1826': 'union' } },
        { turn: 10, occupied: { '1823': 'confederate', '1826': null } },
      ],
    });
    expect(result(s)).toEqual([5 + 1, 2, 'union', 'victory']);
  });
});

// ---------------------------------------------------------------- map ----

describe('Road to Richmond map document', () => {
  const tm = new TerrainMap(map);
  const grid = tm.grid;
  const has = (a: string, b: string, t: string) => tm.hexsideHas(a, b, t as never);

  it('18.3: the committed map.json is exactly what build-map.ts builds and checks; reconstructed from the rules text', () => {
    expectMapJsonIsBuildOutput(DIR, roadToRichmondMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
  });

  it('18.3, 17.3, 19.11: every hex the text names exists; entries and exits lie on the edges they face', () => {
    const named = [
      '0103',
      '0104',
      '1827',
      '1728',
      '0122',
      '0123',
      '0322',
      '0422',
      '0128',
      '0227',
      '0407',
      '0308',
      '0208',
      '1301',
      '1901',
      '0117',
      '0126',
      '0328',
      '0728',
      '1528',
      '2426',
      '1823',
      '1826',
      ...CCZ,
    ];
    for (const h of named) expect(grid.has(h)).toBe(true);
    expect(grid.has('0130')).toBe(false);
    expect(grid.edgesOf('0103')).toContain('west');
    expect(grid.edgesOf('0117')).toContain('west');
    expect(grid.edgesOf('0126')).toContain('west');
    expect(grid.edgesOf('1301')).toContain('north');
    expect(grid.edgesOf('1901')).toContain('north');
    for (const h of ['0328', '0728', '1528']) expect(grid.edgesOf(h)).toContain('south');
    expect(grid.edgesOf('2426')).toContain('east');
  });

  it('18.3: the Chickahominy runs from hexside 0103-0104 to 1827-1728, a creek from edge to edge, crossed only at its bridges', () => {
    expect(has('0103', '0104', 'creek')).toBe(true);
    expect(has('1827', '1728', 'creek')).toBe(true);
    const north = landReach(tm, '0103');
    expect(north.has('0104')).toBe(false);
    for (const h of ['1007', '1404', '1301', '1901', '2426', '1823', '1826'])
      expect(north.has(h)).toBe(true);
    for (const h of ['0409', '0511', '1726', '0117', '1528', '0414'])
      expect(north.has(h)).toBe(false);
    const bridged = tm
      .featuredHexsides()
      .filter(
        (s) =>
          s.features.some((f) => f.type === 'creek') && s.features.some((f) => f.type === 'bridge'),
      );
    expect(bridged.length).toBe(CHICKAHOMINY_BRIDGES.length + 1); // + White Oak Bridge
    for (const b of CHICKAHOMINY_BRIDGES) expect(bank(b.between[0])).not.toBe(bank(b.between[1]));
  });

  it('18.3: the North Branch of White Oak Swamp is a creek from 0122-0123 and 0322-0422 to 0128-0227, with a bridge and "the ford"', () => {
    for (const [a, b] of [
      ['0122', '0123'],
      ['0322', '0422'],
      ['0128', '0227'],
    ])
      expect(has(a, b, 'creek')).toBe(true);
    const fords = tm.featuredHexsides().filter((s) => s.features.some((f) => f.type === 'ford'));
    expect(fords).toHaveLength(1);
    expect(fords[0].features.map((f) => f.type).sort()).toEqual(['creek', 'ford']);
    // 0126 (a GT18 entry) is inside the creek's pocket, joined to the rest only by the bridge and the ford.
    expect(landReach(tm, '0126').has('0328')).toBe(false);
    expect(landReach(tm, '0126', true).has('0328')).toBe(true);
  });

  it('17.4 i, 18.3: a stream (a branch of the Chickahominy) borders 0407, 0308 and 0208', () => {
    for (const h of ['0407', '0308', '0208'])
      expect(grid.neighbours(h).some((n) => has(h, n, 'stream'))).toBe(true);
  });

  it('18.4, 18.6, 23.1: lake hexsides, swamps and rough Union positions exist', () => {
    expect(tm.featuredHexsides().some((s) => s.features.some((f) => f.type === 'lake'))).toBe(true);
    expect(Object.values(map.hexes).some((s) => s.terrain === 'swamp')).toBe(true);
    for (const h of ['0908', '1007', '1008', '1009', '1107', '1108'])
      expect(tm.hex(h).terrain).toBe('rough');
  });

  it('16.1: every set-up hex and every arrival hex is land a unit may stop in', () => {
    for (const h of [
      ...placements.map((p) => p.hex),
      ...scenario.reinforcements.flatMap((r) => r.entry),
    ]) {
      expect(['clear', 'forest', 'rough', 'forest-rough', 'town', 'swamp']).toContain(
        tm.hex(h).terrain,
      );
    }
  });

  it('22.21, 22.22, 21.15: roads and trails join 0117 to 1528 (the LOC) and 2426 to 1528 (the Train)', () => {
    const roads = routeReach(tm, '0117');
    expect(roads.has('1528')).toBe(true);
    expect(routeReach(tm, '2426').has('1528')).toBe(true);
  });

  it('17.3: every entry hex can reach the rest of the field across bridges and fords', () => {
    const all = landReach(tm, '0103', true);
    for (const r of scenario.reinforcements) for (const h of r.entry) expect(all.has(h)).toBe(true);
    for (const p of placements) expect(all.has(p.hex)).toBe(true);
  });
});

/** Land hexes reachable from `start`: never across lake hexsides; creek hexsides only at bridges/fords (if allowed). */
function landReach(tm: TerrainMap, start: string, crossings = false): Set<string> {
  return reach(tm.grid, start, (h, n) => {
    if (tm.hexsideHas(h, n, 'lake')) return false;
    if (!tm.hexsideHas(h, n, 'creek')) return true;
    return crossings && (tm.hexsideHas(h, n, 'bridge') || tm.hexsideHas(h, n, 'ford'));
  });
}

/** Hexes joined to `start` by contiguous road or trail links. */
function routeReach(tm: TerrainMap, start: string): Set<string> {
  return reach(tm.grid, start, (h, n) =>
    tm.routesBetween(h, n).some((t) => t === 'road' || t === 'trail'),
  );
}
