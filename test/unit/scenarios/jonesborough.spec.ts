/**
 * Jonesborough (seed 000 lines 8972-9061, the 19.0 errata) as data: no unit
 * with a strength is in the text, so the players supply both armies from
 * their counters (16.1), nine Confederate brigades named by the errata with
 * their "J" hexes; the exclusive rules as hooks, the victory conditions as a
 * spec landing on each result, and the reconstructed map agreeing with every
 * fact the text gives. The test counters
 * (test/fixtures/counters/jonesborough.json) are labelled test units, not
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
import type { GameOptions } from '../../../src/engine/state';
import { TerrainMap } from '../../../src/engine/map';
import { parseLabel } from '../../../src/engine/hex';
import { gameScenario } from '../../../src/engine/scenario/counters';
import { validateScenario } from '../../../src/engine/scenario/validate';
import { evaluateVictory } from '../../../src/engine/victory';
import type { HexId, Side } from '../../../src/engine/types';
import {
  EAST_OF_FLINT,
  ERRATA_SETUP,
  FLINT_BRIDGE,
  OBJECTIVE_1515,
  OBJECTIVE_1706,
  bankOf,
  jonesboroughMap,
} from '../../../scenarios/jonesborough/build-map';
import {
  chartsOf,
  expectMapJsonIsBuildOutput,
  loadScenario,
  playFreeSetUp,
  readCountersFixture,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('jonesborough');
const { hook } = chartsOf(scenario);
const fixture = readCountersFixture('jonesborough');
const options = {
  counters: { units: fixture.units, placements: fixture.placements },
} as unknown as GameOptions;

describe('Jonesborough scenario document', () => {
  it('15.0, 16.2, 16.3: the missing title restored from the introduction (Jonesborough, 31 August 1864); the Confederate is the First Player; seven Game-Turns, no Night', () => {
    expect(scenario).toMatchObject({
      id: 'jonesborough',
      title: 'Jonesborough',
      date: '1864-08-31',
      year: 1864,
      firstPlayer: 'confederate',
      turns: 7,
      nightTurns: [],
    });
    expect(scenario.notes.join(' ')).toMatch(/title line is missing/);
  });

  it('16.1, 19.0: both armies come from the counters; the errata name nine Confederate brigades with their J hexes, without type or strength ("Hotzclaw" kept)', () => {
    expect(scenario.units).toEqual([]);
    expect(scenario.counters).toMatchObject({ case: '16.1', sides: ['union', 'confederate'] });
    expect(scenario.counters!.named.map((n) => `${n.id} ${n.designation} ${n.hex}`)).toEqual([
      'cs-brantly Brantly J2410',
      'cs-deas Deas J2409',
      'cs-sharp Sharp J2408',
      'cs-baker Baker J2414',
      'cs-stovall Stovall J2413',
      'cs-cumming Cumming J2412',
      'cs-manigault Manigault J2510',
      'cs-hotzclaw Hotzclaw J2509',
      'cs-gibson Gibson J2508',
    ]);
    for (const n of scenario.counters!.named) {
      expect(n.side).toBe('confederate');
      expect(n.type).toBeUndefined();
      expect(n.turn).toBeUndefined();
    }
    expect(scenario.counters!.named.find((n) => n.id === 'cs-hotzclaw')!.notes).toMatch(
      /kept as printed.*Holtzclaw/,
    );
    expect(ERRATA_SETUP.map((e) => `${e.designation} ${e.hex}`)).toEqual(
      scenario.counters!.named.map((n) => `${n.designation} ${n.hex}`),
    );
    expect(scenario.missing).toEqual([
      { case: '16.1', what: expect.stringMatching(/reverse sides.*Brantly J2410.*Gibson J2508/) },
    ]);
    expect(() => newGame(prepareGame(scenario, map), {}, seededDice('x'))).toThrow(
      /COUNTERS_REQUIRED/,
    );
  });

  it('16.1: set-up is free, in areas reconstructed from the battle: the Union in columns 08-21 astride the Flint River, the Confederates in columns 23-30, which hold every errata hex', () => {
    expect(scenario.setup.kind).toBe('free');
    const area = (side: Side) =>
      scenario.setup.kind === 'free'
        ? scenario.setup.areas.find((a) => a.side === side)!.hexes
        : [];
    const column = (h: string) => parseLabel(h)!.column;
    expect(area('union')).toHaveLength(14 * 20);
    expect(area('union').every((h) => column(h) >= 8 && column(h) <= 21)).toBe(true);
    expect(area('union').some((h) => bankOf(h) === 'west')).toBe(true);
    expect(area('confederate')).toHaveLength(8 * 20);
    expect(area('confederate').every((h) => column(h) >= 23)).toBe(true);
    expect(ERRATA_SETUP.every((e) => area('confederate').includes(e.hex))).toBe(true);
    expect([OBJECTIVE_1515, OBJECTIVE_1706].every((h) => area('union').includes(h))).toBe(true);
  });

  it('16.1: Breastworks in each hex a Union unit occupies east of the Flint River, facing as the Union Player chooses (setup-breastworks)', () => {
    expect(hook('setup-breastworks')).toMatchObject({
      case: '16.1',
      params: { side: 'union', place: 'occupied', facing: 'chosen' },
    });
    expect([...(hook('setup-breastworks')!.params!.areaHexes as string[])].sort()).toEqual(
      [...EAST_OF_FLINT].sort(),
    );
  });

  it('17.2: the Confederate quota is nineteen minus the Game-Turn (movement-quota); 17.1: nothing restricts the Union', () => {
    expect(hook('movement-quota')).toMatchObject({
      case: '17.2',
      params: {
        side: 'confederate',
        limits: [18, 17, 16, 15, 14, 13, 12].map((units, i) => ({ turns: [i + 1], units })),
      },
    });
  });

  it('18.12, 18.13: 1 VP per enemy CSP; the Confederate 5 VP for 1515 and 25 VP for 1706 ever occupied (J1515, J1706); both the Union’s at the start', () => {
    expect(scenario.victory.points).toEqual([
      { kind: 'eliminated-strength', points: 1, case: '18.11, 18.12 i' },
      {
        kind: 'objective-ever-held',
        side: 'confederate',
        hexes: ['J1515'],
        points: 5,
        case: '18.12 ii',
      },
      {
        kind: 'objective-ever-held',
        side: 'confederate',
        hexes: ['J1706'],
        points: 25,
        case: '18.12 iii',
      },
    ]);
    expect(scenario.victory.objectives.map((o) => [o.hex, o.control, o.initial])).toEqual([
      ['J1515', 'last-to-occupy', 'union'],
      ['J1706', 'last-to-occupy', 'union'],
    ]);
  });

  const standing = (eliminated: Record<Side, number>, everHeld: Record<HexId, Side[]> = {}) =>
    evaluateVictory(scenario.victory, {
      eliminatedStrength: eliminated,
      objectives: {},
      objectivesEverHeld: everHeld,
    });
  const result = (s: ReturnType<typeof standing>) =>
    `${s.winner ?? 'none'} ${s.level} ${s.points.union}-${s.points.confederate}`;

  it('18.0: at the end of Game-Turn Seven a lead of at least five wins; every result lands: Union victory, Confederate victory (by losses, by 1706, by 1515), draw', () => {
    const C: Side[] = ['union', 'confederate'];
    const cases: Array<[string, ReturnType<typeof standing>]> = [
      ['union victory 5-0', standing({ union: 0, confederate: 5 })],
      ['none draw 4-0', standing({ union: 0, confederate: 4 })],
      ['confederate victory 0-5', standing({ union: 5, confederate: 0 })],
      ['none draw 0-4', standing({ union: 4, confederate: 0 })],
      // 1706 reached once, even if retaken: 25 against 20 eliminated Confederate CSP.
      ['confederate victory 20-25', standing({ union: 0, confederate: 20 }, { J1706: C })],
      ['none draw 21-25', standing({ union: 0, confederate: 21 }, { J1706: C })],
      // 1515 alone (5) and 5 Union CSP: 10 against 5.
      ['confederate victory 5-10', standing({ union: 5, confederate: 5 }, { J1515: C })],
      ['union victory 35-30', standing({ union: 0, confederate: 35 }, { J1515: C, J1706: C })],
    ];
    expect(cases.map(([, s]) => result(s))).toEqual(cases.map(([want]) => want));
  });

  it('16.1, 19.0: with the test counters merged the scenario is valid and playable, and the named brigades start on their errata hexes', () => {
    const merged = gameScenario(scenario, options, map);
    expect(validateScenario(merged, map).filter((e) => !e.path.startsWith('counters.'))).toEqual(
      [],
    );
    expect(merged.setup.placements).toEqual(
      expect.arrayContaining([
        { unit: 'cs-brantly', hex: 'J2410' },
        { unit: 'cs-deas', hex: 'J2409' },
        { unit: 'cs-gibson', hex: 'J2508' },
      ]),
    );
    expect(notYetSupported(merged)).toEqual([]);
  });

  it('16.1: when play begins, a Breastworks marker (Trench) stands in each hex a Union unit occupies east of the Flint River, none west of it, and the Union Player faces each as he chooses before the first move', () => {
    const ctx = prepareGame(gameScenario(scenario, options, map), map);
    const seed = 'jonesborough-setup';
    let state = playFreeSetUp(ctx, newGame(ctx, options, seededDice(seed)), seed);
    const unionEast = [
      ...new Set(
        Object.values(state.units)
          .filter((u) => u.side === 'union' && u.hex && bankOf(u.hex) === 'east')
          .map((u) => u.hex!),
      ),
    ].sort();
    expect(unionEast).toEqual(expect.arrayContaining(['J1807', 'J1808']));
    expect(state.fieldworks.map((f) => f.hex).sort()).toEqual(unionEast);
    expect(state.fieldworks.some((f) => f.hex === 'J1206')).toBe(false);
    // The Union Player, not the phasing Confederate, decides each facing first.
    expect(whoMustAct(ctx, state)).toMatchObject({ side: 'union', kind: 'decision' });
    for (let n = 0; state.pending && n < 20; n++) {
      const face = legalOrders(ctx, state, 'union').find((o) => o.type === 'face-breastworks')!;
      const r = applyOrder(ctx, state, 'union', face, seededDice(seed, state.diceDrawn));
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      state = r.state;
    }
    expect(state.fieldworks.every((f) => f.kind === 'trench' && f.facing.length === 3)).toBe(true);
    expect(whoMustAct(ctx, state)).toMatchObject({ side: 'confederate', kind: 'phase' });
  });
});

describe('Jonesborough map document', () => {
  const tm = new TerrainMap(map);
  const grid = tm.grid;

  it('18.12, 19.0: the committed map.json is exactly what build-map.ts builds and checks; reconstructed from the rules text', () => {
    expectMapJsonIsBuildOutput(DIR, jonesboroughMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
  });

  it('19.0: one sheet whose every hex carries the "J" prefix; the errata hexes J2408-J2510 and the victory hexes J1515, J1706 are on it', () => {
    expect(grid.all().every((h) => h.startsWith('J'))).toBe(true);
    for (const h of [...ERRATA_SETUP.map((e) => e.hex), OBJECTIVE_1515, OBJECTIVE_1706])
      expect(grid.has(h)).toBe(true);
    expect([OBJECTIVE_1515, OBJECTIVE_1706]).toEqual(['J1515', 'J1706']);
  });

  it('16.1: the Flint River runs the length of the sheet; the errata hexes and both victory hexes are east of it; the Fayetteville road crosses it by a bridge at J1706', () => {
    const river = map.hexsides.filter((s) => s.features.some((f) => f.type === 'river'));
    expect(river.length).toBeGreaterThanOrEqual(20);
    expect(
      [...ERRATA_SETUP.map((e) => e.hex), OBJECTIVE_1515, OBJECTIVE_1706].every(
        (h) => bankOf(h) === 'east',
      ),
    ).toBe(true);
    expect(tm.hexside(...FLINT_BRIDGE).map((f) => f.type)).toEqual(
      expect.arrayContaining(['river', 'bridge']),
    );
    expect(FLINT_BRIDGE).toContain('J1706');
  });
});
