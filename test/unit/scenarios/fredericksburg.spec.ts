/**
 * Fredericksburg (seed 000 lines 3678-4644) as data: the charts transcribed
 * exactly, the exclusive rules as hooks, the victory conditions evaluated
 * from hand-built end states, and the reconstructed map agreeing with every
 * fact the text gives. Counts are what the charts print, not read from the JSON.
 */
import { HexGrid, hexsideKey } from '../../../src/engine/hex';
import { fredericksburgMap } from '../../../scenarios/fredericksburg/build-map';
import {
  automaticVictory,
  evaluateVictory,
  exitClass,
  victoryPoints,
} from '../../../src/engine/victory';
import type { VictoryInputs } from '../../../src/engine/victory';
import type { HexSpec, Side, UnitSpec } from '../../../src/engine/types';
import {
  chartsOf,
  expectDeployment,
  expectEveryUnitDeployedOnce,
  expectMapJsonIsBuildOutput,
  loadScenario,
  total,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('fredericksburg');
const { unit, placements, placed, at, hook: rule } = chartsOf(scenario);

/** An end state: eliminated strength of each side, occupation, exits. */
function endState(p: {
  lost?: Partial<Record<Side, number>>;
  held?: Record<string, Side | null>;
  exited?: VictoryInputs['exited'];
}): VictoryInputs {
  return {
    eliminatedStrength: { union: p.lost?.union ?? 0, confederate: p.lost?.confederate ?? 0 },
    objectives: { ...(p.held ?? {}) },
    units: {},
    exited: p.exited ?? [],
  };
}
/** 21.22: the initial holders. */
const INITIAL: Record<string, Side> = {
  '1113': 'confederate',
  '1711': 'confederate',
  '2401': 'confederate',
  '0206': 'union',
  '0511': 'union',
  '1504': 'union',
};

describe('Fredericksburg scenario document', () => {
  it('16.3, 16.4: Confederate first player, 11 Game-Turns, Game-Turn 6 is Night', () => {
    expect(scenario).toMatchObject({
      id: 'fredericksburg',
      date: '1862-12-13',
      year: 1862,
      map: 'map.json',
      firstPlayer: 'confederate',
      turns: 11,
      nightTurns: [6],
    });
  });

  it('16.0: unit ids are unique and follow the side; every unit is set up or a reinforcement exactly once', () => {
    for (const u of scenario.units) expect(u.id).toMatch(u.side === 'union' ? /^us-/ : /^cs-/);
    expectEveryUnitDeployedOnce(scenario);
    expect(scenario.units).toHaveLength(55 + 30 + 3 + 1 + 1 + 4 + 5);
  });

  it('16.1: Union deployment has 55 units totalling 294 CSP (43 infantry incl. 3 divisions, 4 cavalry, 8 artillery)', () => {
    const us = placed('union');
    expectDeployment(us, {
      units: 55,
      csp: 294,
      byType: { infantry: 43, cavalry: 4, artillery: 8 },
    });
    expect(total(us.filter((u) => u.type === 'infantry'))).toBe(251);
    expect(total(us.filter((u) => u.type === 'cavalry'))).toBe(19);
    expect(total(us.filter((u) => u.type === 'artillery'))).toBe(24);
    expect(us.filter((u) => u.size === 'division').map((u) => [u.designation, u.strength])).toEqual(
      [
        ['3/I', 12],
        ['1/II', 15],
        ['3/V', 13],
      ],
    );
  });

  it('16.2: Confederate deployment has 30 units totalling 138 CSP (26 infantry incl. Ransom and Taliaferro, 4 artillery)', () => {
    const cs = placed('confederate');
    expectDeployment(cs, { units: 30, csp: 138, byType: { infantry: 26, artillery: 4 } });
    expect(cs.filter((u) => u.size === 'division').map((u) => [u.designation, u.strength])).toEqual(
      [
        ['Ransom', 10],
        ['Taliaferro', 13],
      ],
    );
  });

  it('16.1, 16.2: sample chart records are transcribed as printed', () => {
    expect(at('1703')).toEqual(['1/1/I', '3/1/I']);
    expect(at('0810')).toEqual(['1/II', '2/3/II']);
    expect(unit('us-1-ii').strength).toBe(15);
    expect(at('0206')).toEqual(['3/V']);
    expect(at('1603')).toEqual(['1/C/L', 'LGd']);
    expect(unit('us-cav-1-l')).toMatchObject({ type: 'cavalry', strength: 6 });
    expect(unit('us-art-lgd')).toMatchObject({ type: 'artillery', strength: 3 });
    expect(at('0216')).toEqual(['R']);
    expect(at('1113')).toEqual(['Ransom']);
    expect(at('1112')).toEqual(['Cobb']);
    expect(at('1313')).toEqual(['Semmes', 'Cabell']);
    expect(at('2401')).toEqual(['Walker']);
    expect(unit('cs-art-walker')).toMatchObject({ type: 'artillery', strength: 1 });
    expect(at('1116')).toEqual(['I']);
    expect(unit('cs-art-i')).toMatchObject({ type: 'artillery', strength: 2 });
    expect(at('2505')).toEqual(['Taliaferro']);
  });

  it('16.1, 16.2: no set-up hex holds more than two units (the 6.32 limit)', () => {
    const n = new Map<string, number>();
    for (const p of placements) n.set(p.hex, (n.get(p.hex) ?? 0) + 1);
    expect(Math.max(...n.values())).toBe(2);
    expect([...n.values()].filter((x) => x === 2)).toHaveLength(19);
  });

  it('17.1, 17.2: reinforcements as printed: Union 2/V on GT4 at 0113; Pelham GT1 at 1901; Early or his brigades GT2 and D.H. Hill GT3 at 2501', () => {
    const rs = scenario.reinforcements.map((r) => [
      r.side,
      r.turn,
      r.entry,
      r.units.map(
        (id) =>
          `${unit(id).designation} ${unit(id).strength}${unit(id).type === 'artillery' ? 'a' : ''}`,
      ),
    ]);
    expect(rs).toEqual([
      ['union', 4, ['0113'], ['1/2/V 6', '2/2/V 8', '3/2/V 5']],
      ['confederate', 1, ['1901'], ['Pelham 1a']],
      ['confederate', 2, ['2501'], ['Early 20']],
      ['confederate', 2, ['2501'], ['Lawton 7', 'Trimble 4', 'Hoke 5', 'Hays 4']],
      ['confederate', 3, ['2501'], ['Rodes 6', 'Doles 4', 'Colquitt 6', 'Iverson 4', 'Grimes 4']],
    ]);
    // 17.2: the division and its brigades are alternatives of equal strength
    const [div, brigades] = scenario.reinforcements.filter((r) => r.turn === 2);
    expect(div.condition).toEqual({
      hook: 'alternative-counters',
      params: { group: 'early', option: 'division' },
    });
    expect(brigades.condition).toEqual({
      hook: 'alternative-counters',
      params: { group: 'early', option: 'brigades' },
    });
    expect(total(div.units.map(unit))).toBe(total(brigades.units.map(unit)));
    expect(rule('alternative-counters')?.params).toEqual({
      side: 'confederate',
      groups: [
        {
          group: 'early',
          options: {
            division: ['cs-early'],
            brigades: ['cs-lawton', 'cs-trimble', 'cs-hoke', 'cs-hays'],
          },
        },
      ],
    });
  });

  it('18.2: Game-Turns 1 and 7 are Fog turns: no bombardment, Movement Allowances (and the strategic bonus) halved', () => {
    expect(rule('fog-turns')).toMatchObject({
      case: '18.2',
      params: {
        turns: [1, 7],
        bombardment: false,
        movementAllowanceFactor: 0.5,
        strategicBonusHalved: true,
      },
    });
  });

  it('19.0: 15 Union units may move per Game-Turn; GT4 reinforcements exempt until GT5; lifted when a Confederate unit occupies 0206', () => {
    // The movement-quota shape Antietam 20.1 uses, with the occupation lift (hexes entered by movement, retreat or advance).
    expect(rule('movement-quota')?.params).toEqual({
      side: 'union',
      limits: [{ units: 15 }],
      reinforcementsExempt: [{ arrivalTurn: 4, countFromTurn: 5 }],
      liftedWhen: {
        event: 'enemy-occupies-hex',
        enemy: 'confederate',
        hexes: ['0206'],
        effective: 'next-player-turn',
        permanent: true,
      },
    });
    // the Game-Turn Four reinforcements are exactly the three 2/V brigades
    const gt4 = scenario.reinforcements
      .filter((r) => r.side === 'union' && r.turn === 4)
      .flatMap((r) => r.units);
    expect(gt4.sort()).toEqual(['us-1-2-v', 'us-2-2-v', 'us-3-2-v']);
  });

  it('19.0, 19.11-19.13: the Union artillery and cavalry east of the Rappahannock are immobile until released', () => {
    const r = rule('immobile-until')!;
    const units = (r.params!.units as string[]).map(unit);
    expect(
      units.every((u) => u.side === 'union' && (u.type === 'artillery' || u.type === 'cavalry')),
    ).toBe(true);
    expect(units.map((u) => u.designation).sort()).toEqual(
      ['1/C/C', '1/C/R', '2/C/R', 'III', 'L', 'LC', 'R', 'RC', 'RGd', 'V'].sort(),
    );
    // every Union artillery and cavalry unit not in the list starts west of the river (Franklin's bridgehead, 1603)
    const others = placed('union').filter((u) => u.type !== 'infantry' && !units.includes(u));
    expect(others.map((u) => placements.find((p) => p.unit === u.id)!.hex)).toEqual([
      '1603',
      '1603',
    ]);
    expect(r.params!.releaseAll).toEqual([
      { when: 'friendly-unit-exits', exitHexes: ['2501', '2027'], case: '19.11' },
      {
        when: 'enemy-occupies',
        enemyHexes: ['0611', '0909', '1304', '1305', '0412', '0321', '0326'],
        during: ['movement', 'retreat', 'advance'],
        case: '19.12',
      },
    ]);
    // 19.12 "a pontoon bridge or ford hex": exactly the map's pontoon and ford hexes
    const crossings = Object.entries(map.hexes)
      .filter(([, s]) => s.terrain === 'pontoon' || s.terrain === 'ford')
      .map(([h]) => h);
    expect(
      [...(r.params!.releaseAll as Array<{ enemyHexes?: string[] }>)[1].enemyHexes!].sort(),
    ).toEqual(crossings.sort());
    expect(r.params!.releaseEach).toEqual({
      when: 'enemy-within',
      radius: 3,
      during: ['movement', 'retreat', 'advance'],
      case: '19.13',
    });
  });

  it('21.31-21.34: exits only at 0113, 2027 and 2501, 1 MP, own Movement Phase, no return, retreat off the map eliminates', () => {
    expect(rule('map-exit')?.params).toEqual({
      exitHexes: ['0113', '2027', '2501'],
      cost: 1,
      sides: ['union', 'confederate'],
      ownMovementPhaseOnly: true,
      retreatOffMapEliminates: true,
      mayReturn: false,
    });
  });

  it('18.1, 25.0: pontoons and the 0713/0714 erratum are map data, not hooks; every rule hook names its case', () => {
    expect(scenario.specialRules.map((r) => r.hook).sort()).toEqual(
      [
        'alternative-counters',
        'automatic-victory',
        'fog-turns',
        'immobile-until',
        'map-exit',
        'movement-quota',
      ].sort(),
    );
    for (const r of scenario.specialRules) expect(r.case).toMatch(/^\d+\.\d+/);
  });

  it('21.11-21.13, 21.22, 21.35: the point schedule and the initial occupation', () => {
    const v = scenario.victory;
    expect(v.points.filter((p) => p.kind === 'eliminated-strength')).toEqual([
      { kind: 'eliminated-strength', points: 1, case: '21.11' },
    ]);
    expect(v.points.filter((p) => p.kind === 'initial')).toEqual([
      { kind: 'initial', side: 'confederate', points: 4, case: '21.35' },
    ]);
    const hexVp = v.points.flatMap((p) =>
      p.kind === 'objective-set' ? [[p.hexes.join(), p.points, p.side ?? 'either']] : [],
    );
    expect(hexVp).toEqual([
      ['1113', 15, 'either'],
      ['2401', 25, 'either'],
      ['1711', 8, 'union'],
      ['1504', 5, 'confederate'],
      ['0511', 5, 'confederate'],
      ['0206', 8, 'confederate'],
    ]);
    expect(Object.fromEntries(v.objectives.map((o) => [o.hex, o.initial]))).toEqual(INITIAL);
    expect(v.objectives.every((o) => o.control === 'last-to-occupy')).toBe(true);
  });

  it('21.35, 21.13, 21.4: at the start (no losses, initial holders) the Confederate has 4 + 15 + 25 VP against the Union 0: Confederate Decisive', () => {
    const s = evaluateVictory(scenario.victory, endState({ held: INITIAL }));
    // 21.13 iv-vi score the Confederate only: 1504/0511/0206 held by the Union give nobody anything
    expect(s.points).toEqual({ union: 0, confederate: 4 + 15 + 25 });
    expect([s.winner, s.level, s.competitionScore]).toEqual(['confederate', 'decisive', 2]);
  });

  it('21.12: exit VP per unit or per CSP by hex, side and class (infantry division and cavalry brigade count 2, cavalry CSP double)', () => {
    const ex = (u: UnitSpec, hex: string) => ({
      unit: u.id,
      side: u.side,
      hex,
      type: u.type,
      size: u.size,
      strength: u.strength,
    });
    // nobody holds any VP hex, so only exits (and 21.35) score
    const nobody = Object.fromEntries(Object.keys(INITIAL).map((h) => [h, null]));
    const endState0 = (exited: VictoryInputs['exited']) => endState({ held: nobody, exited });
    const union2027 = victoryPoints(
      scenario.victory,
      endState0([
        ex(unit('us-1-ii'), '2027'),
        ex(unit('us-1-1-i'), '2027'),
        ex(unit('us-art-lgd'), '2027'),
        ex(unit('us-cav-1-l'), '2027'),
      ]),
    );
    expect(union2027.union).toBe(2 + 1 + 1 + 2); // i, ii
    const union2501 = victoryPoints(
      scenario.victory,
      endState0([
        ex(unit('us-1-ii'), '2501'),
        ex(unit('us-cav-1-l'), '2501'),
        ex(unit('us-art-lgd'), '2501'),
      ]),
    );
    expect(union2501.union).toBe(15 + 2 * 6 + 3); // iii
    const union0113 = victoryPoints(
      scenario.victory,
      endState0([
        ex(unit('us-3-v'), '0113'),
        ex(unit('us-1-1-v'), '0113'),
        ex(unit('us-cav-1-c'), '0113'),
      ]),
    );
    expect(union0113.union).toBe(2 + 1 + 2); // iv
    const cs0113 = victoryPoints(
      scenario.victory,
      endState0([ex(unit('cs-ransom'), '0113'), ex(unit('cs-art-pelham'), '0113')]),
    );
    expect(cs0113.confederate).toBe(4 + 10 + 1); // v, plus the 4 VP of 21.35
    const cs2501 = victoryPoints(
      scenario.victory,
      endState0([
        ex(unit('cs-early'), '2501'),
        ex(unit('cs-cobb'), '2501'),
        ex(unit('cs-art-cabell'), '2501'),
      ]),
    );
    expect(cs2501.confederate).toBe(4 + 2 + 1 + 1); // vi
    const cs2027 = victoryPoints(
      scenario.victory,
      endState0([ex(unit('cs-taliaferro'), '2027'), ex(unit('cs-lane'), '2027')]),
    );
    expect(cs2027.confederate).toBe(4 + 2 + 1); // i, ii
    expect(exitClass(unit('us-1-ii'))).toBe('infantry-division');
    expect(exitClass(unit('us-cav-1-l'))).toBe('cavalry');
  });

  it('21.12: without the record of exits the exit rules refuse rather than score zero', () => {
    const s = endState({});
    delete s.exited;
    expect(() => victoryPoints(scenario.victory, s)).toThrow(/not yet supported/);
  });

  describe('21.4 victory levels from hand-built end states (U:C ratio)', () => {
    // The Union takes 1113 (15) and 2401 (25) and 1711 (8): Union 48 + eliminations; Confederate 4 + its eliminations + 1504/0511/0206 if held.
    const unionHolds = { ...INITIAL, '1113': 'union', '2401': 'union', '1711': 'union' } as Record<
      string,
      Side
    >;
    const cases: Array<[string, VictoryInputs, Side, string, number]> = [
      // U 48 + 52 = 100, C 4 + 46 = 50: 2:1
      [
        '21.4: 2:1 is a Union Decisive Victory [2.0]',
        endState({ held: unionHolds, lost: { confederate: 52, union: 46 } }),
        'union',
        'decisive',
        2,
      ],
      // U 48 + 27 = 75, C 4 + 46 = 50: 1.5:1
      [
        '21.4: 1.5:1 is a Union Substantive Victory [1.5]',
        endState({ held: unionHolds, lost: { confederate: 27, union: 46 } }),
        'union',
        'substantive',
        1.5,
      ],
      // U 48 + 3 = 51, C 50: just over 1:1
      [
        '21.4: just over 1:1 is a Union Marginal Victory [1.0]',
        endState({ held: unionHolds, lost: { confederate: 3, union: 46 } }),
        'union',
        'marginal',
        1,
      ],
      // U 50, C 50: 1:1
      [
        '21.4: 1:1 is a Confederate Marginal Victory [0.5]',
        endState({ held: unionHolds, lost: { confederate: 2, union: 46 } }),
        'confederate',
        'marginal',
        0.5,
      ],
      // U 40, C 4 + 46 = 50: 1:1.25
      [
        '21.4: 1:1.25 is a Confederate Substantive Victory [1.0]',
        endState({ held: { ...unionHolds, '1711': 'confederate' }, lost: { union: 46 } }),
        'confederate',
        'substantive',
        1,
      ],
      // U 40, C 60: 1:1.5 exactly (in no printed band) is read as Substantive
      [
        '21.4: exactly 1:1.5 falls between the printed bands and is read as Confederate Substantive',
        endState({ held: { ...unionHolds, '1711': 'confederate' }, lost: { union: 56 } }),
        'confederate',
        'substantive',
        1,
      ],
      // U 40, C 61: under 1:1.5
      [
        '21.4: under 1:1.5 is a Confederate Decisive Victory [2.0]',
        endState({ held: { ...unionHolds, '1711': 'confederate' }, lost: { union: 57 } }),
        'confederate',
        'decisive',
        2,
      ],
    ];
    it.each(cases)('%s', (_title, state, side, level, score) => {
      const s = evaluateVictory(scenario.victory, state);
      expect([s.winner, s.level, s.competitionScore]).toEqual([side, level, score]);
    });
  });

  describe('20.0 automatic victory at the end of Game-Turn 5', () => {
    it('20.0: 3:1 in elimination VP and the Union in none of 1113, 1711, 2401 ends the game in a Confederate victory', () => {
      const r = automaticVictory(
        scenario.victory,
        endState({ held: INITIAL, lost: { union: 30, confederate: 10 } }),
        5,
      );
      expect(r).toMatchObject({
        winner: 'confederate',
        level: 'decisive',
        case: '20.0',
        points: { union: 10, confederate: 30 },
      });
    });
    it('20.0: only elimination VP count: the 4 VP of 21.35 and the held hexes do not make up a 3:1', () => {
      expect(
        automaticVictory(
          scenario.victory,
          endState({ held: INITIAL, lost: { union: 29, confederate: 10 } }),
          5,
        ),
      ).toBeNull();
    });
    it('20.0: a Union unit in 1711 (or 1113 or 2401) prevents the automatic victory', () => {
      for (const hex of ['1113', '1711', '2401']) {
        expect(
          automaticVictory(
            scenario.victory,
            endState({ held: { ...INITIAL, [hex]: 'union' }, lost: { union: 60, confederate: 5 } }),
            5,
          ),
        ).toBeNull();
      }
    });
    it('20.0: the check is made only at the end of Game-Turn 5, and 0:0 is no 3:1', () => {
      expect(
        automaticVictory(
          scenario.victory,
          endState({ held: INITIAL, lost: { union: 30, confederate: 10 } }),
          4,
        ),
      ).toBeNull();
      expect(automaticVictory(scenario.victory, endState({ held: INITIAL }), 5)).toBeNull();
    });
    it('20.0: declared as the automatic-victory hook so a game cannot run past GT5 without it', () => {
      expect(rule('automatic-victory')?.params).toEqual({ afterTurn: 5 });
      expect(scenario.victory.automatic).toHaveLength(1);
    });
  });

  it('20.0, 21.0: sources cite seed 000 and the notes record the numbering defect and every reading', () => {
    expect(
      scenario.sources.every((s) => s.seed === '000' && s.lines[0] >= 3678 && s.lines[1] <= 4644),
    ).toBe(true);
    const notes = scenario.notes.join('\n');
    expect(notes).toMatch(/\[20\.0\] to \[21\.1\]/);
    expect(notes).toMatch(/1:1\.5/);
    expect(notes).toMatch(/alternative-counters/);
    expect(notes).toMatch(/294 CSP/);
    expect(notes).toMatch(/138 CSP/);
  });
});

describe('Fredericksburg map document', () => {
  const grid = new HexGrid(map.grid as never);
  const spec = (h: string): HexSpec => map.hexes[h] ?? map.defaultHex;
  const side = (a: string, b: string) =>
    map.hexsides.find((s) => hexsideKey(s.between[0], s.between[1]) === hexsideKey(a, b))
      ?.features ?? [];

  it('16.0: the committed map.json is exactly what scenarios/fredericksburg/build-map.ts builds and checks', () => {
    expectMapJsonIsBuildOutput(DIR, fredericksburgMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
  });

  it('16.1, 16.2: every set-up hex exists and is land a unit may end its move in', () => {
    for (const p of placements) {
      expect(grid.has(p.hex)).toBe(true);
      expect(['river', 'lake', 'pond', 'pontoon', 'ferry']).not.toContain(spec(p.hex).terrain);
    }
  });

  it('21.32, 17.1, 17.2: exit and entry hexes lie on the edges: 0113 north, 1901 east, 2027 west, 2501 the south-east corner', () => {
    expect(grid.edgesOf('0113')).toContain('north');
    expect(grid.edgesOf('1901')).toContain('east');
    expect(grid.edgesOf('2027')).toContain('west');
    expect(grid.isEdge('2501')).toBe(true);
  });

  it("19.0: 0206 is Burnside's headquarters; 24.0: 0412 is a ford hex; 25.0: hexside 0713/0714 is a stream, not canal", () => {
    expect(spec('0206').name).toMatch(/Burnside/);
    expect(spec('0412').terrain).toBe('ford');
    expect(side('0713', '0714').map((f) => f.type)).toEqual(['stream']);
  });

  it('18.1: the pontoon hexes join the east bank to the west bank through their crossing hexsides (as ferries, 6.28)', () => {
    const pontoons = Object.entries(map.hexes).filter(([, s]) => s.terrain === 'pontoon');
    expect(pontoons.map(([h]) => h).sort()).toEqual(['0611', '0909', '1304', '1305']);
    for (const [h, s] of pontoons) {
      expect(s.crossing).toHaveLength(2);
      for (const n of s.crossing!) expect(grid.adjacent(h, n)).toBe(true);
    }
  });

  it("23.2: Marye's Heights (1113) and Telegraph Hill (1711) are the highest points; the stone wall 1112 is a sunken road with a redoubt face", () => {
    expect(spec('1113')).toMatchObject({ level: 3, name: "Marye's Heights" });
    expect(spec('1711')).toMatchObject({ level: 3 });
    expect(spec('1711').name).toMatch(/Telegraph Hill/);
    expect(Math.max(...Object.values(map.hexes).map((s) => s.level ?? 1))).toBe(3);
    expect(map.routes.find((r) => r.type === 'sunken-road')?.hexes).toContain('1112');
    expect(
      map.hexsides.some(
        (s) =>
          s.between.includes('1112') &&
          s.features.some((f) => f.type === 'redoubt' && f.friendly === '1112'),
      ),
    ).toBe(true);
  });

  it('24.0: Hazel Run and Deep Run are creeks (6.29) crossed only at the bridges behind the Confederate line', () => {
    const creeks = map.hexsides.filter((s) => s.features.some((f) => f.type === 'creek'));
    expect(creeks.length).toBeGreaterThan(30);
    const bridged = creeks.filter((s) => s.features.some((f) => f.type === 'bridge'));
    expect(bridged.map((s) => s.between)).toEqual([['1212', '1313']]);
    expect(creeks.some((s) => s.features.some((f) => f.type === 'ford'))).toBe(false);
  });
});
