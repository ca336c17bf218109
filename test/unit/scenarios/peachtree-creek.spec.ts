/**
 * Peachtree Creek (seed 000 lines 8708-8853; TEC footnote # lines 1061-1065)
 * as data: no unit is in the text, so the players supply both armies from
 * their counters (16.1); the exclusive rules as hooks, the victory
 * conditions as a spec landing on each result, and the reconstructed map
 * agreeing with every fact the text gives. The test counters
 * (test/fixtures/counters/peachtree-creek.json) are labelled test units, not
 * history.
 */
import { seededDice } from '../../../src/engine/dice';
import {
  applyOrder,
  legalOrders,
  newGame,
  notYetSupported,
  prepareGame,
  whoMustAct,
} from '../../../src/engine/game';
import type { GameOptions, Order } from '../../../src/engine/state';
import { TerrainMap } from '../../../src/engine/map';
import { gameScenario } from '../../../src/engine/scenario/counters';
import { validateScenario } from '../../../src/engine/scenario/validate';
import { evaluateVictory } from '../../../src/engine/victory';
import type { HexId, Side } from '../../../src/engine/types';
import {
  ANY_TIME_OBJECTIVES,
  BREASTWORKS_HEXES,
  END_OBJECTIVES,
  WEST_FACING_ENTRENCHMENT_HEXES,
  bankOf,
  peachtreeCreekMap,
} from '../../../scenarios/peachtree-creek/build-map';
import {
  chartsOf,
  expectMapJsonIsBuildOutput,
  loadScenario,
  picker,
  playFreeSetUp,
  readCountersFixture,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('peachtree-creek');
const { hook } = chartsOf(scenario);
const fixture = readCountersFixture('peachtree-creek');
const options = {
  counters: { units: fixture.units, placements: fixture.placements },
} as unknown as GameOptions;

describe('Peachtree Creek scenario document', () => {
  it('15.0, 16.2, 16.3: 20 July 1864, the Confederate is the First Player, six Game-Turns, no Night', () => {
    expect(scenario).toMatchObject({
      id: 'peachtree-creek',
      title: 'Peachtree Creek',
      date: '1864-07-20',
      year: 1864,
      firstPlayer: 'confederate',
      turns: 6,
      nightTurns: [],
    });
  });

  it('16.1: no unit is in the text: both armies come from the counters (no unit named), missing says so, and a game without them is refused COUNTERS_REQUIRED', () => {
    expect(scenario.units).toEqual([]);
    expect(scenario.reinforcements).toEqual([]);
    expect(scenario.counters).toMatchObject({
      case: '16.1',
      sides: ['union', 'confederate'],
      named: [],
    });
    expect(scenario.counters!.what).toMatch(/command:stewart.*command:hardee/);
    expect(scenario.missing).toEqual([
      { case: '16.1', what: expect.stringMatching(/reverse sides.*Stewart.*Hardee/) },
    ]);
    expect(notYetSupported(scenario)).toEqual([]);
    expect(() => newGame(prepareGame(scenario, map), {}, seededDice('x'))).toThrow(
      /COUNTERS_REQUIRED/,
    );
  });

  it('16.1: set-up is free, in areas reconstructed from the battle: the Union across the creek (columns 14-53, rows 02-13), the Confederates in and before the Atlanta works (columns 10-53, rows 17-28)', () => {
    expect(scenario.setup.kind).toBe('free');
    if (scenario.setup.kind !== 'free') return;
    const area = (side: Side) =>
      scenario.setup.kind === 'free'
        ? scenario.setup.areas.find((a) => a.side === side)!.hexes
        : [];
    const inBox = (h: string, c0: number, c1: number, r0: number, r1: number) => {
      const c = Number(h.slice(0, 2));
      const r = Number(h.slice(2));
      return c >= c0 && c <= c1 && r >= r0 && r <= r1;
    };
    expect(area('union')).toHaveLength(40 * 12);
    expect(area('union').every((h) => inBox(h, 14, 53, 2, 13))).toBe(true);
    expect(area('confederate')).toHaveLength(44 * 12);
    expect(area('confederate').every((h) => inBox(h, 10, 53, 17, 28))).toBe(true);
    // 18.13: the Union holds every objective at the start — all four lie in its area.
    expect(
      [...ANY_TIME_OBJECTIVES, ...END_OBJECTIVES].every((h) => area('union').includes(h)),
    ).toBe(true);
    expect(BREASTWORKS_HEXES.every((h) => area('union').includes(h))).toBe(true);
  });

  it('16.1: three Breastworks facing south in 4709, 4809, 4909 (setup-breastworks, listed hexes)', () => {
    expect(hook('setup-breastworks')).toMatchObject({
      case: '16.1',
      params: { side: 'union', place: 'listed', hexes: ['4709', '4809', '4909'], facing: 'south' },
    });
  });

  it('17.2: the Union has a Movement Allowance of three and no Strategic Movement on Game-Turn One (movement-allowance)', () => {
    expect(hook('movement-allowance')).toMatchObject({
      case: '17.2',
      params: { side: 'union', turns: [1], movement: 3, strategicMovement: false },
    });
  });

  it('17.3, 17.4: the Command Allocation Table by die for Stewart (blue) and Hardee (red), EZOC units not counted (movement-quota, command form)', () => {
    expect(hook('movement-quota')).toMatchObject({
      case: '17.3, 17.4',
      params: {
        side: 'confederate',
        commands: [
          { name: 'Stewart', flag: 'command:stewart', marking: 'blue' },
          { name: 'Hardee', flag: 'command:hardee', marking: 'red' },
        ],
        limits: [
          { turns: [1], byDie: [4, 4, 5, 5, 6, 7] },
          { fromTurn: 2, toTurn: 6, byDie: [3, 3, 4, 4, 5, 6] },
        ],
        notCounted: ['in-enemy-zoc'],
      },
    });
  });

  it('18.12, 18.13: the victory points: 1 per enemy CSP; the Confederate 10 each for 3803 and 4905 ever occupied, 5 each for 3804 and 4806 at the end; all four the Union’s at the start', () => {
    expect(scenario.victory.points).toEqual([
      { kind: 'eliminated-strength', points: 1, case: '18.11, 18.12 i' },
      {
        kind: 'objective-ever-held',
        side: 'confederate',
        hexes: ['3803', '4905'],
        points: 10,
        case: '18.12 ii',
      },
      { kind: 'objective-set', side: 'confederate', hexes: ['3804'], points: 5, case: '18.12 iii' },
      { kind: 'objective-set', side: 'confederate', hexes: ['4806'], points: 5, case: '18.12 iii' },
    ]);
    expect(scenario.victory.objectives.map((o) => [o.hex, o.control, o.initial])).toEqual([
      ['3803', 'last-to-occupy', 'union'],
      ['3804', 'last-to-occupy', 'union'],
      ['4806', 'last-to-occupy', 'union'],
      ['4905', 'last-to-occupy', 'union'],
    ]);
  });

  const standing = (
    eliminated: Record<Side, number>,
    objectives: Record<HexId, Side> = {},
    everHeld: Record<HexId, Side[]> = {},
  ) =>
    evaluateVictory(scenario.victory, {
      eliminatedStrength: eliminated,
      objectives,
      objectivesEverHeld: everHeld,
    });
  const result = (s: ReturnType<typeof standing>) =>
    `${s.winner ?? 'none'} ${s.level} ${s.points.union}-${s.points.confederate}`;

  it('18.12 ii: "3803 or 4905" read as each: 10 VP for each hex the Confederate ever occupied, awarded once and kept when the Union takes it back', () => {
    expect(
      standing({ union: 0, confederate: 0 }, {}, { '3803': ['union', 'confederate'] }).points,
    ).toEqual({ union: 0, confederate: 10 });
    expect(
      standing(
        { union: 0, confederate: 0 },
        { '3803': 'union', '4905': 'union' },
        { '3803': ['union', 'confederate'], '4905': ['union', 'confederate'] },
      ).points,
    ).toEqual({ union: 0, confederate: 20 });
  });

  it('18.0: at the end, a lead of at least five wins; every result lands: Union victory, Confederate victory (by losses, by the hexes), draw', () => {
    const cases: Array<[string, ReturnType<typeof standing>]> = [
      ['union victory 5-0', standing({ union: 0, confederate: 5 })],
      ['none draw 4-0', standing({ union: 0, confederate: 4 })],
      ['confederate victory 0-5', standing({ union: 5, confederate: 0 })],
      ['none draw 9-5', standing({ union: 5, confederate: 9 })],
      // 3804 and 4806 held at the end: 10 VP, against 6 eliminated Confederate CSP.
      [
        'none draw 6-10',
        standing({ union: 0, confederate: 6 }, { '3804': 'confederate', '4806': 'confederate' }),
      ],
      [
        'confederate victory 5-10',
        standing({ union: 0, confederate: 5 }, { '3804': 'confederate', '4806': 'confederate' }),
      ],
      // 4905 reached once (10), 4806 held at the end (5), 9 Union CSP lost: 24 against 19.
      [
        'confederate victory 19-24',
        standing(
          { union: 9, confederate: 19 },
          { '4806': 'confederate', '4905': 'union' },
          { '4905': ['union', 'confederate'] },
        ),
      ],
      [
        'union victory 20-15',
        standing(
          { union: 0, confederate: 20 },
          { '3804': 'confederate' },
          { '3803': ['union', 'confederate'] },
        ),
      ],
    ];
    expect(cases.map(([, s]) => result(s))).toEqual(cases.map(([want]) => want));
  });

  it('16.1: with the test counters merged the scenario is valid; play begins with the three Breastworks (Trenches) facing south in 4709, 4809, 4909', () => {
    const merged = gameScenario(scenario, options, map);
    expect(validateScenario(merged, map).filter((e) => !e.path.startsWith('counters.'))).toEqual(
      [],
    );
    const ctx = prepareGame(merged, map);
    // Place every unplaced unit (the free set-up), then play begins.
    const state = playFreeSetUp(
      ctx,
      newGame(ctx, options, seededDice('peachtree-setup')),
      'peachtree-setup',
    );
    expect(state.phase).toBe('movement');
    expect(state.fieldworks.map((f) => [f.hex, f.kind, f.side, [...f.facing].sort()])).toEqual(
      BREASTWORKS_HEXES.map((h) => [
        h,
        'trench',
        'union',
        ctx.map.grid
          .neighbours(h)
          .filter((n) => {
            const b = ctx.map.grid.bearing(h, n);
            return b > 90 && b < 270;
          })
          .sort(),
      ]),
    );
  });

  it('18.0: a seeded random playout with the test counters reaches the end of Game-Turn Six with a result, rolling the allocations', () => {
    const ctx = prepareGame(gameScenario(scenario, options, map), map);
    const seed = 'peachtree-playout';
    const choose = picker(104729);
    let state = newGame(ctx, options, seededDice(seed));
    const seen = new Set<string>();
    let inPhase = 0;
    let key = '';
    for (let n = 0; n < 5000 && state.phase !== 'finished'; n++) {
      const acting = whoMustAct(ctx, state)!;
      if (`${state.turn}${state.phasing}${state.phase}` !== key) {
        key = `${state.turn}${state.phasing}${state.phase}`;
        inPhase = 0;
      }
      const orders = legalOrders(ctx, state, acting.side).filter((o) => o.type !== 'resign');
      const end = orders.find((o) => o.type === 'end-phase');
      const others = orders.filter((o) => o.type !== 'end-phase');
      const roll = others.find((o) => o.type === 'activation-roll');
      const choice: Order =
        roll ??
        (acting.kind === 'decision' || !end
          ? orders[choose(orders.length)]
          : inPhase++ >= 6 || others.length === 0
            ? end
            : others[choose(others.length)]);
      const r = applyOrder(ctx, state, acting.side, choice, seededDice(seed, state.diceDrawn));
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      for (const e of r.events) seen.add(e.type);
      state = r.state;
    }
    expect(state.phase).toBe('finished');
    expect(state.turn).toBe(6);
    expect(state.result!.reason).toMatch(/victory conditions|no level of victory/);
    expect([...seen]).toEqual(expect.arrayContaining(['allocation-rolled', 'fieldwork-placed']));
  });
});

describe('Peachtree Creek map document', () => {
  const tm = new TerrainMap(map);
  const grid = tm.grid;

  it('TEC #, 18.12: the committed map.json is exactly what build-map.ts builds and checks; reconstructed from the rules text', () => {
    expectMapJsonIsBuildOutput(DIR, peachtreeCreekMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
  });

  it('15.0: the sheet is at least 53 columns by 28 rows (5327, 5028)', () => {
    expect(grid.has('5327') && grid.has('5028') && grid.has('5301') && grid.has('0128')).toBe(true);
  });

  it('15.0, 18.12: Peachtree Creek is a creek from edge to edge; 3803 and 4905 north of it, 3804 and 4806 south of it with the Breastworks hexes', () => {
    const creek = map.hexsides.filter((s) => s.features.some((f) => f.type === 'creek'));
    expect(creek.length).toBeGreaterThan(53);
    expect(ANY_TIME_OBJECTIVES.map(bankOf)).toEqual(['north', 'north']);
    expect([...END_OBJECTIVES, ...BREASTWORKS_HEXES].map(bankOf)).toEqual(Array(5).fill('south'));
    for (const h of [...ANY_TIME_OBJECTIVES, ...END_OBJECTIVES, ...BREASTWORKS_HEXES])
      expect(['clear', 'forest', 'rough', 'forest-rough']).toContain(tm.hex(h).terrain);
  });

  it('TEC # ii: entrenchment hexsides are inside south of the hexside, except those in 5028, 5227 and 5327, inside west', () => {
    const ent = map.hexsides.flatMap((s) =>
      s.features
        .filter((f) => f.type === 'entrenchment')
        .map((f) => ({ between: s.between, friendly: (f as { friendly: string }).friendly })),
    );
    const west = ent.filter((e) =>
      e.between.some((h) => WEST_FACING_ENTRENCHMENT_HEXES.includes(h)),
    );
    expect(west.map((e) => `${e.between.join('/')}:${e.friendly}`).sort()).toEqual([
      '5028/5128:5028',
      '5227/5327:5227',
      '5227/5328:5227',
    ]);
    for (const e of ent.filter((x) => !west.includes(x))) {
      const other = e.between[0] === e.friendly ? e.between[1] : e.between[0];
      const b = grid.bearing(other, e.friendly);
      expect(b > 90 && b < 270).toBe(true);
    }
  });
});
