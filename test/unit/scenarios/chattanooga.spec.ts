/**
 * Chattanooga, revised 2nd edition (seed 000 lines 7256-7917; not the 1975
 * game of seed 001) as data: the charts transcribed exactly (counts and
 * totals pinned from the printed charts), the OCR defects and the duplicate
 * 1/2/XIV resolved, the exclusive rules as hooks, the per-unit victory
 * schedule landing on every level, and the reconstructed map agreeing with
 * every fact the text gives.
 */
import { TerrainMap } from '../../../src/engine/map';
import { evaluateVictory, type VictoryInputs } from '../../../src/engine/victory';
import { chattanoogaMap, chattanoogaTown } from '../../../scenarios/chattanooga/build-map';
import type { Side } from '../../../src/engine/types';
import {
  chartsOf,
  expectDeployment,
  expectEveryUnitDeployedOnce,
  expectMapJsonIsBuildOutput,
  loadScenario,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('chattanooga');
const { unit, placements, placed, at, hook } = chartsOf(scenario);

describe('Chattanooga scenario document', () => {
  it('16.3, 16.4: Union first player, 10 Game-Turns, Game-Turn 5 is Night, 1863', () => {
    expect(scenario).toMatchObject({
      id: 'chattanooga',
      date: '1863-11-24',
      year: 1863,
      firstPlayer: 'union',
      turns: 10,
      nightTurns: [5],
    });
  });

  it('16.1: Union deployment is 38 units totalling 191 CSP (30 infantry, 6 artillery, 2 cavalry)', () => {
    expectDeployment(placed('union'), {
      units: 38,
      csp: 191,
      byType: { infantry: 30, artillery: 6, cavalry: 2 },
    });
    expect(at('1304')).toEqual(['Sherman']);
    expect(unit('us-art-sherman')).toMatchObject({ type: 'artillery', strength: 1 });
    expect(at('1514')).toEqual(['3/3/XI', 'XI']);
    expect(at('0425')).toEqual(['1/1/IV']);
    expect(unit('us-1-1-iv').strength).toBe(9);
  });

  it('16.2: Confederate deployment is 36 units totalling 124 CSP (27 infantry, 9 artillery)', () => {
    expectDeployment(placed('confederate'), {
      units: 36,
      csp: 124,
      byType: { infantry: 27, artillery: 9 },
    });
    expect(at('2305')).toEqual(['Polk', 'Wright']);
    expect(at('2106')).toEqual(['Smith']);
    expect(at('2321')).toEqual(['Smith']);
    expect(unit('cs-art-smith')).toMatchObject({ type: 'artillery', strength: 2 });
    expect(at('2219')).toEqual(['Reynold']);
  });

  it('16.2: the three artillery strengths printed "la" (Hindman, Cobb, Corput) are read 1a, with notes', () => {
    for (const [id, hex] of [
      ['cs-art-hindman', '2412'],
      ['cs-art-cobb', '2317'],
      ['cs-art-corput', '1025'],
    ]) {
      expect(unit(id)).toMatchObject({ type: 'artillery', strength: 1 });
      expect(placements.find((p) => p.unit === id)!.hex).toBe(hex);
      expect(unit(id).notes).toMatch(/"la"/);
    }
  });

  it('16.1: 1/2/XIV is printed twice (1204 and 1320): both kept as printed, told apart by id, and noted', () => {
    const dup = scenario.units.filter((u) => u.designation === '1/2/XIV');
    expect(dup.map((u) => [u.id, u.strength])).toEqual([
      ['us-1-2-xiv-1204', 6],
      ['us-1-2-xiv-1320', 6],
    ]);
    expect(at('1204')).toEqual(['1/2/XIV']);
    expect(at('1320')).toEqual(['1/2/XIV']);
    expect(scenario.notes.join(' ')).toMatch(/1\/2\/XIV twice/);
  });

  it('17.1: the Union reinforcements are 1/2/XII, 2/2/XII, 3/2/XII (4 each) on Game-Turn 2 at 0427, 0528, 0627 and/or 0728', () => {
    expect(
      scenario.reinforcements.map((r) => [
        r.side,
        r.turn,
        r.entry,
        r.units.map((id) => [unit(id).designation, unit(id).strength]),
      ]),
    ).toEqual([
      [
        'union',
        2,
        ['0427', '0528', '0627', '0728'],
        [
          ['1/2/XII', 4],
          ['2/2/XII', 4],
          ['3/2/XII', 4],
        ],
      ],
    ]);
  });

  it('16.0: ids unique, every unit set up or arriving exactly once', () => {
    expect(scenario.units).toHaveLength(77);
    expectEveryUnitDeployedOnce(scenario);
  });

  it('18.11-18.15: the Union movement quota of 11, reinforcements exempt until Game-Turn 5, +7 while controlling 1025', () => {
    expect(hook('movement-quota')).toMatchObject({
      params: {
        side: 'union',
        limits: [{ fromTurn: 1, units: 11 }],
        attacks: 'unlimited',
        advancesAndRetreats: 'unlimited',
        reinforcementsExempt: [{ arrivalTurn: 2, countFromTurn: 5 }],
        bonus: { controlHex: '1025', units: 7 },
      },
    });
    // 18.12: the exemption is by arrival turn; the Game-Turn 2 arrival is exactly the three XII brigades.
    expect(
      scenario.reinforcements
        .filter((r) => r.turn === 2)
        .flatMap((r) => r.units)
        .sort(),
    ).toEqual(['us-1-2-xii', 'us-2-2-xii', 'us-3-2-xii']);
    expect(scenario.victory.objectives.find((o) => o.hex === '1025')).toMatchObject({
      initial: 'confederate',
    });
  });

  it('18.2: no Union unit moves at night', () => {
    expect(hook('night-turn-variant')).toMatchObject({
      case: '18.2',
      params: { side: 'union', movement: false },
    });
  });

  it('19.11-19.14: all Union artillery but 1a Sherman is immobile and eliminated if forced to retreat; 9.18 is waived', () => {
    const art = scenario.units
      .filter((u) => u.side === 'union' && u.type === 'artillery')
      .map((u) => u.id);
    expect(hook('special-artillery', '19.11-19.13')).toMatchObject({
      params: {
        units: art.filter((id) => id !== 'us-art-sherman'),
        side: 'union',
        immobile: true,
        retreatEliminates: true,
      },
    });
    expect(hook('special-artillery', '19.14')).toMatchObject({ params: { waiveCase: '9.18' } });
  });

  it('20.1, 20.23: redoubts cover forts and rifle pits; a retreat into a river ferry hex eliminates; the Shiloh ferry hook is not declared', () => {
    expect(hook('terrain-override', '20.1')).toBeDefined();
    expect(hook('ferry-retreat-elimination')).toMatchObject({
      params: { hexes: ['1305', '1013', '0814', '0517'] },
    });
    expect(hook('ferry-crossing')).toBeUndefined();
  });
});

describe('Chattanooga victory (21.11, 21.12, 21.2)', () => {
  const spec = scenario.victory;
  const ids = (side: Side) => scenario.units.filter((u) => u.side === side).map((u) => u.id);
  /** An end state: the first `u` Union and `c` Confederate units eliminated, the rest on the map. */
  const state = (o: {
    unionLost?: number;
    confederateLost?: number;
    ridge?: number;
    forts?: number;
    town?: number;
  }): VictoryInputs => {
    const units: NonNullable<VictoryInputs['units']> = {};
    for (const side of ['union', 'confederate'] as const) {
      const lost = side === 'union' ? (o.unionLost ?? 0) : (o.confederateLost ?? 0);
      ids(side).forEach(
        (id, i) =>
          (units[id] = {
            side,
            hex: i < lost ? null : '0101',
            status: i < lost ? 'eliminated' : 'on-map',
          }),
      );
    }
    const ridge = ['2207', '2311', '2416', '2419'].slice(0, o.ridge ?? 0);
    return {
      eliminatedStrength: { union: 0, confederate: 0 },
      objectives: Object.fromEntries(ridge.map((h) => [h, 'union'])),
      units,
      objectivesEverHeld: Object.fromEntries(
        ['1514', '1417'].slice(0, o.forts ?? 0).map((h) => [h, ['union', 'confederate']]),
      ),
      zonesOfControl: { confederate: { infantry: chattanoogaTown.slice(0, o.town ?? 0) } },
    };
  };

  it('21.11, 21.12: at the start nobody has points: a draw', () => {
    expect(evaluateVictory(spec, state({}))).toMatchObject({
      points: { union: 0, confederate: 0 },
      level: 'draw',
    });
  });

  it('21.11, 21.12: 3 per Union unit, 2 per Confederate unit, 4 per fort ever held, 4 per town hex in Confederate infantry ZOC, 4 per ridge hex', () => {
    expect(
      evaluateVictory(
        spec,
        state({ unionLost: 2, confederateLost: 3, ridge: 2, forts: 2, town: 1 }),
      ).points,
    ).toEqual({ union: 6 + 8, confederate: 6 + 8 + 4 });
  });

  it.each([
    ['union decisive at +31', { confederateLost: 17, unionLost: 1 }, 'union', 'decisive'],
    ['union substantive at +21', { confederateLost: 12, unionLost: 1 }, 'union', 'substantive'],
    ['union substantive at +30', { confederateLost: 13, ridge: 1 }, 'union', 'substantive'],
    ['union marginal at +11', { confederateLost: 7, unionLost: 1 }, 'union', 'marginal'],
    ['a draw at +10', { confederateLost: 5 }, null, 'draw'],
    ['a draw at -10', { unionLost: 2, forts: 1 }, null, 'draw'],
    ['confederate marginal at -11', { unionLost: 1, town: 2 }, 'confederate', 'marginal'],
    ['confederate substantive at -21', { unionLost: 3, town: 3 }, 'confederate', 'substantive'],
    ['confederate decisive at -31', { unionLost: 5, forts: 2, town: 2 }, 'confederate', 'decisive'],
  ] as const)('21.2: hand-built end state lands on %s', (_t, o, winner, level) => {
    const s = evaluateVictory(spec, state(o));
    expect(s.winner).toBe(winner);
    expect(s.level).toBe(level);
  });
});

describe('Chattanooga map document', () => {
  const tm = new TerrainMap(map);
  const grid = tm.grid;

  it('21.12: the map is reconstructed, and map.json is exactly what build-map.ts builds and checks', () => {
    expect(map.provenance).toBe('reconstructed from the rules text');
    expectMapJsonIsBuildOutput(DIR, chattanoogaMap);
  });

  it('20.21, 6.28: 1305, 1013, 0814, 0517 are river ferry hexes whose arrows join the two banks straight across', () => {
    for (const h of ['1305', '1013', '0814', '0517']) {
      const f = tm.hex(h);
      expect(f.terrain).toBe('ferry');
      expect(f.crossing).toHaveLength(2);
      for (const c of f.crossing!) expect(grid.adjacent(h, c)).toBe(true);
    }
  });

  it('17.1: the entry hexes lie on the south edge', () => {
    for (const h of ['0427', '0528', '0627', '0728']) expect(grid.edgesOf(h)).toContain('south');
  });

  it('21.12: Chattanooga has town hexes; 1514 and 1417 are Fort Wood and Fort Negley ringed by redoubts (20.1)', () => {
    for (const h of chattanoogaTown) expect(tm.hex(h).terrain).toBe('town');
    expect(tm.hex('1514').name).toBe('Fort Wood');
    expect(tm.hex('1417').name).toBe('Fort Negley');
    for (const fort of ['1514', '1417'])
      for (const n of grid.neighbours(fort)) expect(tm.hexsideHas(fort, n, 'redoubt')).toBe(true);
  });

  it('18.14, 21.12: 1025 is Point Lookout on the crest of Lookout Mountain; 2207, 2311, 2416, 2419 are on Missionary Ridge', () => {
    expect(tm.hex('1025')).toMatchObject({ level: 3 });
    expect(tm.hex('1025').name).toMatch(/Lookout/);
    for (const h of ['2207', '2311', '2416', '2419']) expect(tm.hex(h).level).toBe(2);
    expect(tm.hex('2106').name).toBe('Tunnel Hill');
    expect(tm.hex('1714').name).toBe('Orchard Knob');
  });

  it("22.1, 22.2: Citico Creek separates Sherman's force from the town, and roads cross it by bridges", () => {
    const bridged = tm
      .featuredHexsides()
      .filter(
        (s) =>
          s.features.some((f) => f.type === 'creek') && s.features.some((f) => f.type === 'bridge'),
      );
    expect(bridged.some((s) => s.between.includes('1508') && s.between.includes('1509'))).toBe(
      true,
    );
    expect(tm.hexsideHas('1508', '1509', 'creek')).toBe(true);
  });

  it('16.1, 16.2: every set-up hex exists and is land', () => {
    for (const p of placements) {
      expect(grid.has(p.hex)).toBe(true);
      expect(['river', 'ferry', 'lake', 'pond']).not.toContain(tm.hex(p.hex).terrain);
    }
  });
});
