/**
 * Road to Vicksburg, Champion Hill 16 May 1863 (seed 000 lines 5709-6040) as
 * data: no unit is in the text (16.2: set-up hexes, strengths and arrival
 * turns are on the counters), so the scenario names the units the exclusive
 * rules refer to (counters block) and the players supply the rest; the rules
 * as hooks; the victory conditions (21.0-21.4) as a spec, checked here on
 * hand-built end states landing on each level; the reconstructed map agreeing
 * with every fact the text gives. Games here use the test counters of
 * test/fixtures/counters/road-to-vicksburg.json, which are not history.
 */
import { seededDice } from '../../../src/engine/dice';
import {
  applyOrder,
  legalOrders,
  newGame,
  notYetSupported,
  prepareGame,
  victoryStanding,
  whoMustAct,
} from '../../../src/engine/game';
import { evaluateVictory, type VictoryInputs } from '../../../src/engine/victory';
import { gameScenario } from '../../../src/engine/scenario/counters';
import type { GameState } from '../../../src/engine/state';
import type { HexId, Side, SuppliedCounters } from '../../../src/engine/types';
import {
  CROSSROADS,
  EAST_HEXES,
  JACKSONS_CREEK,
  MIDDLE_ROAD,
  TEN_VP_HEXES,
  TWENTY_FIVE_VP_HEXES,
  WEST_EXITS,
  WOODS_EAST_OF_JACKSONS_CREEK,
  eastOfJacksonsCreek,
  grid,
  roadToVicksburgMap,
} from '../../../scenarios/road-to-vicksburg/build-map';
import { expectMapJsonIsBuildOutput, loadScenario, readCountersFixture } from './support';

const { dir: DIR, scenario, map } = loadScenario('road-to-vicksburg');
const fixture = readCountersFixture('road-to-vicksburg');
const counters: SuppliedCounters = { units: fixture.units, placements: fixture.placements };
const spec = scenario.victory;

describe('Road to Vicksburg scenario document', () => {
  it('16.3, 16.4: Union first player, twelve Game-Turns, Game-Turn Twelve a Night turn, 16 May 1863', () => {
    expect(scenario).toMatchObject({
      id: 'road-to-vicksburg',
      date: '1863-05-16',
      year: 1863,
      firstPlayer: 'union',
      turns: 12,
      nightTurns: [12],
    });
  });

  it('16.2: no unit is in the text: missing says so and the players supply the counters of both sides; none invented', () => {
    expect(scenario.units).toEqual([]);
    expect(scenario.reinforcements).toEqual([]);
    expect(scenario.missing).toEqual([{ case: '16.2', what: expect.stringMatching(/counter/) }]);
    expect(scenario.counters).toMatchObject({ case: '16.2', sides: ['union', 'confederate'] });
  });

  it('16.1, 17.1-17.5, 18.1: the counters block names the units the text names, without strengths or hexes', () => {
    const named = scenario.counters!.named;
    expect(named.map((n) => n.id)).toEqual([
      'us-9-1',
      'us-9-2',
      'us-1-wisconsin',
      'us-2-ohio',
      'us-cavalry',
      'us-train',
      'cs-green',
      'cs-cockrell',
      'cs-jacksons-force',
    ]);
    expect(named.filter((n) => n.side === 'union')).toHaveLength(6);
    for (const n of named) {
      expect(n).not.toHaveProperty('hex');
      expect(n).not.toHaveProperty('turn');
      expect(n).not.toHaveProperty('strength');
    }
    expect(named.find((n) => n.id === 'us-train')).toMatchObject({ type: 'train' });
    expect(named.find((n) => n.id === 'cs-jacksons-force')).not.toHaveProperty('type');
  });

  it('16.2: a free set-up, reconstructed areas for each side, disjoint, on the map', () => {
    expect(scenario.setup.kind).toBe('free');
    const areas = scenario.setup.kind === 'free' ? scenario.setup.areas : [];
    const union = new Set(areas.filter((a) => a.side === 'union').flatMap((a) => a.hexes));
    const conf = new Set(areas.filter((a) => a.side === 'confederate').flatMap((a) => a.hexes));
    expect([...union].filter((h) => conf.has(h))).toEqual([]);
    for (const h of ['1902', '1911', '1920', '1504']) expect(union.has(h)).toBe(true);
    for (const h of [CROSSROADS, '1306']) expect(conf.has(h)).toBe(true);
    for (const h of [...union, ...conf]) expect(grid.has(h)).toBe(true);
  });

  it('19.4: five units a hex, the brigade limit in the stacking-override hook', () => {
    expect(scenario.stacking).toEqual({ units: 5 });
    expect(scenario.specialRules.find((r) => r.case === '19.4, 18.2')!.params).toEqual({
      unitsPerStack: 5,
      brigadeSizedPerStack: 1,
      notCounted: ['us-train'],
    });
  });

  it('17.0-21.4: every exclusive rule is declared and implemented', () => {
    expect(scenario.specialRules.map((r) => r.case)).toEqual([
      '17.1',
      '17.2',
      '17.3',
      '17.3 ii',
      '17.4',
      '17.5',
      '18.1-18.4',
      '19.11, 19.14',
      '19.12, 19.13',
      '19.15',
      '19.2',
      '19.3',
      '19.4, 18.2',
      '19.51',
      '19.52, 19.53',
      '19.61-19.63',
      '20.0-20.3',
      '21.2',
    ]);
    expect(notYetSupported(scenario)).toEqual([]);
  });

  it("17.3 ii: the Middle Road hexes east of Jackson's Creek that Jackson's force blocks are the map's", () => {
    const release = scenario.specialRules.find((r) => r.case === '17.3')!.params!.release as Array<{
      when: string;
      hexes?: string[];
    }>;
    const hexes = release.find((r) => r.when === 'enemy-no-longer-blocks')!.hexes;
    expect(hexes).toEqual(MIDDLE_ROAD.filter((h) => eastOfJacksonsCreek(h)));
  });

  it("19.13: the artillery off-road zone is the wooded hexes east of Jackson's Creek within six hexes of the Middle Road", () => {
    const zone = scenario.specialRules.find((r) => r.case === '19.12, 19.13')!.params!
      .offRoadForbiddenIn as string[];
    const expected = WOODS_EAST_OF_JACKSONS_CREEK.filter((h) =>
      MIDDLE_ROAD.some((m) => grid.distance(h, m) <= 6),
    ).sort();
    expect([...zone].sort()).toEqual(expected);
  });

  it('defects: [20.3]/[19.4] read 21.3/21.4, "1901" read 1902, 1504 valued nowhere, 19.14 the attacker, optional "*" units, Jackson\'s force — each resolved in the notes', () => {
    const notes = scenario.notes.join('\n');
    for (const s of ['[20.3]', '[19.4]', '"1901"', '1504', '19.14', '"*"', "Jackson's force"])
      expect(notes).toContain(s);
    const forty = spec.points.filter((p) => p.kind === 'objective-set' && p.points === 40);
    expect(forty.map((p) => (p as { hexes: string[] }).hexes[0])).toEqual(['1902', '1911', '1920']);
    expect(spec.points.some((p) => JSON.stringify(p).includes('1504'))).toBe(false);
  });
});

describe('Road to Vicksburg with the test counters', () => {
  it('16.2: the test counters (not history) merge into a playable game: named counters filled, every unit placed', () => {
    expect(fixture.note).toMatch(/NOT the historical order of battle/);
    const merged = gameScenario(scenario, { counters }, map);
    expect(merged.units.map((u) => u.id)).toEqual(fixture.units.map((u) => u.id));
    expect(notYetSupported(merged)).toEqual([]);
    const ctx = prepareGame(merged, map);
    const state = newGame(ctx, { counters }, seededDice('v', 0));
    expect(Object.values(state.units).every((u) => u.status === 'on-map')).toBe(true);
  });

  it('16.0-21.4: two seeded random playouts reach the end of the game with a result, every listed order accepted', () => {
    const options = { counters };
    const ctx = prepareGame(gameScenario(scenario, options, map), map);
    for (const seed of ['vicksburg-1', 'vicksburg-2']) {
      let state: GameState = newGame(ctx, options, seededDice(seed, 0));
      let x = seed.length * 7919;
      const pick = (n: number) => {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        return x % n;
      };
      let phaseKey = '';
      let inPhase = 0;
      for (let n = 0; n < 4000 && !state.result; n++) {
        const who = whoMustAct(ctx, state) as { side: Side } | Side;
        const side = typeof who === 'string' ? who : who.side;
        let orders = legalOrders(ctx, state, side).filter((o) => o.type !== 'resign');
        const key = `${state.turn}-${state.phasing}-${state.phase}`;
        inPhase = key === phaseKey ? inPhase + 1 : 0;
        phaseKey = key;
        if (inPhase > 6 && !state.pending) {
          const end = orders.find((o) => o.type === 'end-phase');
          if (end) orders = [end];
        }
        expect(orders.length).toBeGreaterThan(0);
        const r = applyOrder(
          ctx,
          state,
          side,
          orders[pick(orders.length)],
          seededDice(seed, state.diceDrawn),
        );
        expect(r.ok).toBe(true);
        if (r.ok) state = r.state;
      }
      expect(state.result).not.toBeNull();
      expect(state.turn).toBe(12);
    }
  });
  it("21.2, 21.3: the standing during play (victoryStanding, GET /v1/games/{id}/victory) reads what the hooks record: at the start the Confederate's 80 VP of hexes, the objectives' holders", () => {
    const options = { counters };
    const ctx = prepareGame(gameScenario(scenario, options, map), map);
    const state = newGame(ctx, options, seededDice('standing', 0));
    const s = victoryStanding(ctx, state);
    expect(s.points).toEqual({ union: 0, confederate: 80 });
    expect(s.objectives).toMatchObject({
      '1309': 'confederate',
      '1902': 'union',
      '0507': 'confederate',
    });
    expect(s).toMatchObject({ winner: 'confederate', level: 'decisive' });
  });

  it("21.3: the Train leaving its set-up hex by exiting the map (19.3) has moved from it: the Confederate's 5 VP", () => {
    const options = { counters };
    const ctx = prepareGame(gameScenario(scenario, options, map), map);
    const start = newGame(ctx, options, seededDice('train-exit', 0));
    // 18.4: released (a Confederate unit came within three hexes at the end of a Game-Turn).
    const released: GameState = {
      ...start,
      hookState: {
        ...start.hookState,
        'train-unit:18.1-18.4': { releasedOnTurn: 1, movedOnTurns: [], bombardedOnTurns: [] },
      },
    };
    expect(released.units['us-train'].hex).toBe('1902'); // its set-up hex, an eastern exit
    const exit = legalOrders(ctx, released, 'union').find(
      (o) => o.type === 'exit' && o.unit === 'us-train',
    );
    expect(exit).toBeDefined();
    const r = applyOrder(ctx, released, 'union', exit!, seededDice('train-exit', 0));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.units['us-train'].status).toBe('exited');
    expect(victoryStanding(ctx, r.state).points).toEqual({ union: 0, confederate: 80 + 5 });
  });
});

describe('Road to Vicksburg without the named counters', () => {
  it('16.2, 17.1-21.4: a game with none of the named counters supplied plays to a result (every hook tolerates their absence)', () => {
    const bare: SuppliedCounters = {
      units: [
        {
          id: 'test-us',
          side: 'union',
          designation: 'Test brigade',
          type: 'infantry',
          strength: 4,
          size: 'brigade',
        },
        {
          id: 'test-cs',
          side: 'confederate',
          designation: 'Test brigade',
          type: 'infantry',
          strength: 4,
          size: 'brigade',
        },
      ],
      placements: [
        { unit: 'test-us', hex: '1811' },
        { unit: 'test-cs', hex: '1209' },
      ],
    };
    const options = { counters: bare };
    const ctx = prepareGame(gameScenario(scenario, options, map), map);
    let state: GameState = newGame(ctx, options, seededDice('bare', 0));
    for (let n = 0; n < 2000 && !state.result; n++) {
      const who = whoMustAct(ctx, state) as { side: Side } | Side;
      const side = typeof who === 'string' ? who : who.side;
      const orders = legalOrders(ctx, state, side).filter((o) => o.type !== 'resign');
      const o = orders.find((x) => x.type === 'end-phase') ?? orders[0];
      const r = applyOrder(ctx, state, side, o, seededDice('bare', state.diceDrawn));
      expect(r.ok).toBe(true);
      if (r.ok) state = r.state;
    }
    expect(state.result).not.toBeNull();
  });
});

describe('Road to Vicksburg 21.0-21.4: every level of victory from hand-built end states', () => {
  /** An end state: nothing eliminated, everyone with a line, objectives at their initial holders unless given. */
  const end = (o: {
    elim?: Partial<Record<Side, number>>;
    cut?: Partial<Record<Side, number>>;
    holders?: Record<HexId, Side | null>;
    crossroads?: Array<Side | null>;
    exited?: VictoryInputs['exited'];
    events?: string[];
    units?: VictoryInputs['units'];
  }): VictoryInputs => ({
    eliminatedStrength: { union: 0, confederate: 0, ...o.elim },
    withoutLineOfCommunication: { union: 0, confederate: 0, ...o.cut },
    objectives: {
      ...Object.fromEntries(spec.objectives.map((x) => [x.hex, x.initial ?? null])),
      ...o.holders,
    },
    units: o.units ?? {},
    controlTallies: (o.crossroads ?? []).map((side, i) => ({
      turn: i + 1,
      controlled: { [CROSSROADS]: side },
    })),
    exited: o.exited ?? [],
    events: o.events ?? [
      'line-of-communication-from-exit:union:0108',
      'line-of-communication-from-exit:union:0119',
    ],
  });
  const standing = (i: VictoryInputs) => evaluateVictory(spec, i);
  const pts = (i: VictoryInputs) => standing(i).points;

  it("21.2, 21.3: at the start the Confederate holds 0419, 0507, 0607, 1306, 0119 (80 VP), the Union 1902, 1911, 1920 (nothing: 40 VP each is the Confederate's alone)", () => {
    expect(pts(end({}))).toEqual({ union: 0, confederate: 80 });
    // The Confederate takes the three eastern hexes: 40 VP each ("1901" read 1902).
    expect(
      pts(
        end({ holders: { '1902': 'confederate', '1911': 'confederate', '1920': 'confederate' } }),
      ),
    ).toEqual({ union: 0, confederate: 200 });
  });

  it('21.3: the crossroads each Game-Turn: 10 VP to the Confederate, 5 to the Union, nothing when nobody controls it', () => {
    const p = pts(end({ crossroads: ['confederate', 'confederate', 'union', null, 'union'] }));
    expect(p).toEqual({ union: 10, confederate: 80 + 20 });
  });

  it('21.1, 20.0: 1 VP per enemy CSP eliminated or without a Line of Communication', () => {
    expect(pts(end({ elim: { confederate: 30 }, cut: { confederate: 5, union: 3 } }))).toEqual({
      union: 35,
      confederate: 83,
    });
  });

  it('21.3: Union exit points by class at 0119 and 0108, only with a line from the exit hex', () => {
    const exited: VictoryInputs['exited'] = [
      { unit: 'a', side: 'union', hex: '0119', type: 'infantry', size: 'brigade', strength: 4 },
      { unit: 'b', side: 'union', hex: '0119', type: 'artillery', size: 'battery', strength: 2 },
      { unit: 'c', side: 'union', hex: '0108', type: 'infantry', size: 'brigade', strength: 4 },
      { unit: 'd', side: 'union', hex: '0108', type: 'cavalry', size: 'regiment', strength: 1 },
    ];
    expect(pts(end({ exited })).union).toBe(6 + 2 + 3 + 1);
    expect(pts(end({ exited, events: ['line-of-communication-from-exit:union:0108'] })).union).toBe(
      3 + 1,
    );
  });

  it('21.3: Confederate exit points: 2 per brigade, 1 per battery or cavalry regiment, 1 per two regiments or sections west; 1 per CSP east', () => {
    const exited: VictoryInputs['exited'] = [
      {
        unit: 'a',
        side: 'confederate',
        hex: '0119',
        type: 'infantry',
        size: 'brigade',
        strength: 4,
      },
      {
        unit: 'b',
        side: 'confederate',
        hex: '0108',
        type: 'artillery',
        size: 'battery',
        strength: 2,
      },
      {
        unit: 'c',
        side: 'confederate',
        hex: '0108',
        type: 'cavalry',
        size: 'regiment',
        strength: 1,
      },
      {
        unit: 'd',
        side: 'confederate',
        hex: '0108',
        type: 'infantry',
        size: 'regiment',
        strength: 1,
      },
      {
        unit: 'e',
        side: 'confederate',
        hex: '0119',
        type: 'artillery',
        size: 'section',
        strength: 1,
      },
      {
        unit: 'f',
        side: 'confederate',
        hex: '0119',
        type: 'infantry',
        size: 'regiment',
        strength: 1,
      },
      {
        unit: 'g',
        side: 'confederate',
        hex: '1911',
        type: 'infantry',
        size: 'brigade',
        strength: 5,
      },
    ];
    // 2 + 1 + 1 + floor(3 / 2) = 5 west; 5 east.
    expect(pts(end({ exited })).confederate).toBe(80 + 5 + 5);
  });

  it('21.3: the Train: 50 VP eliminated, 5 VP a Game-Turn bombarded, 5 VP if it moves — tolerating its absence', () => {
    const withTrain = end({
      units: { 'us-train': { side: 'union', hex: null, status: 'eliminated' } },
      events: ['union-train-bombarded', 'union-train-bombarded', 'union-train-moved'],
    });
    expect(pts(withTrain).confederate).toBe(80 + 50 + 10 + 5);
    expect(pts(end({ units: {} })).confederate).toBe(80);
  });

  const levels: Array<[string, VictoryInputs, Side | null, string]> = [
    // U:C ratios (21.4); the Confederate starts with 80 VP of hexes.
    ['Union Decisive (2:1)', end({ elim: { confederate: 160 } }), 'union', 'decisive'],
    ['Union Substantive (1.5:1)', end({ elim: { confederate: 120 } }), 'union', 'substantive'],
    ['Union Marginal (more than 1:1)', end({ elim: { confederate: 81 } }), 'union', 'marginal'],
    ['Draw (exact tie)', end({ elim: { confederate: 80 } }), null, 'draw'],
    [
      'Confederate Marginal (1:1 or less)',
      end({ elim: { confederate: 70 } }),
      'confederate',
      'marginal',
    ],
    [
      'Confederate Substantive (1:1.25 or less)',
      end({ elim: { confederate: 60 } }),
      'confederate',
      'substantive',
    ],
    [
      'Confederate Decisive (1:1.75 or less)',
      end({ elim: { confederate: 40 } }),
      'confederate',
      'decisive',
    ],
  ];
  it.each(levels)('21.4: %s', (_name, inputs, winner, level) => {
    const s = standing(inputs);
    expect(s.winner).toBe(winner);
    expect(s.level).toBe(level);
  });

  it('21.0, 21.4: 0:0 is an exact tie, a draw (no ratio level read from it); x:0 is the side with points Decisive', () => {
    const none = { '0419': null, '0507': null, '0607': null, '1306': null, '0119': null };
    expect(pts(end({ holders: none }))).toEqual({ union: 0, confederate: 0 });
    expect(standing(end({ holders: none }))).toMatchObject({ winner: null, level: 'draw' });
    expect(standing(end({ holders: none, elim: { confederate: 3 } }))).toMatchObject({
      winner: 'union',
      level: 'decisive',
    });
    expect(standing(end({ holders: { ...none, '0419': 'confederate' } }))).toMatchObject({
      winner: 'confederate',
      level: 'decisive',
    });
  });

  it('21.4: no Confederate Decisive with a unit exited from the western edge: Substantive instead', () => {
    const west = end({
      elim: { confederate: 40 },
      exited: [
        {
          unit: 'x',
          side: 'confederate',
          hex: '0108',
          type: 'infantry',
          size: 'regiment',
          strength: 1,
        },
      ],
    });
    expect(standing(west)).toMatchObject({ winner: 'confederate', level: 'substantive' });
    const east = end({
      elim: { confederate: 40 },
      exited: [
        {
          unit: 'x',
          side: 'confederate',
          hex: '1920',
          type: 'infantry',
          size: 'regiment',
          strength: 1,
        },
      ],
    });
    expect(standing(east)).toMatchObject({ winner: 'confederate', level: 'decisive' });
  });
});

describe('Road to Vicksburg map document', () => {
  it('map: the committed map.json is exactly what build-map.ts builds and checks; reconstructed from the rules text', () => {
    expectMapJsonIsBuildOutput(DIR, roadToVicksburgMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
  });

  it('16.2, 21.3: 1309 is the crossroads of the Jackson and Middle Roads', () => {
    const roads = map.routes.filter((r) => r.hexes.includes(CROSSROADS)).map((r) => r.name);
    expect(roads).toEqual(expect.arrayContaining(['Jackson Road', 'Middle Road']));
  });

  it('19.3, 20.2, 21.3: 0108 and 0119 on the western edge, 1902, 1911, 1920 on the eastern, each where a road leaves the map', () => {
    const ends = new Set(map.routes.flatMap((r) => [r.hexes[0], r.hexes[r.hexes.length - 1]]));
    for (const h of WEST_EXITS) {
      expect(grid.edgesOf(h)).toContain('west');
      expect(ends.has(h)).toBe(true);
    }
    for (const h of EAST_HEXES) {
      expect(grid.edgesOf(h)).toContain('east');
      expect(ends.has(h)).toBe(true);
    }
  });

  it('21.2, 21.3: the Victory Point hexes 0419, 0507, 0607, 1306, 0119 and 1504 are on the map and are objectives', () => {
    const objectives = spec.objectives.map((o) => o.hex);
    for (const h of [...TEN_VP_HEXES, ...TWENTY_FIVE_VP_HEXES, '1504', CROSSROADS])
      expect(objectives).toContain(h);
    expect(
      spec.objectives
        .filter((o) => o.initial === 'union')
        .map((o) => o.hex)
        .sort(),
    ).toEqual(['1504', '1902', '1911', '1920']);
  });

  it("19.11-19.14: Jackson's Creek runs east of the crossroads across the Middle Road, with bridges and fords, woods east of it", () => {
    const side = (a: string, b: string) =>
      map.hexsides
        .find((s) => s.between.join() === [a, b].sort().join())
        ?.features.map((f) => f.type) ?? [];
    const kinds = JACKSONS_CREEK.map(([a, b]) => side(a, b));
    expect(kinds.every((k) => k.includes('stream'))).toBe(true);
    expect(kinds.filter((k) => k.includes('bridge')).length).toBeGreaterThanOrEqual(2);
    expect(kinds.filter((k) => k.includes('ford')).length).toBeGreaterThanOrEqual(2);
    expect(WOODS_EAST_OF_JACKSONS_CREEK.every((h) => map.hexes[h]?.terrain === 'forest')).toBe(
      true,
    );
  });

  it("19.15: Baker's Creek is a creek crossed by bridges where the Jackson and Raymond Roads run to 0108 and 0119", () => {
    const creekBridges = map.hexsides.filter(
      (s) =>
        s.features.some((f) => f.type === 'creek') && s.features.some((f) => f.type === 'bridge'),
    );
    expect(creekBridges.map((s) => s.between.join('/')).sort()).toEqual(['0419/0519', '0507/0607']);
    expect(map.routes.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Jackson Road', 'Middle Road', 'Raymond Road']),
    );
  });
});
