/**
 * Second Bull Run (seed 000 lines 1665-1975) as data: the reinforcement charts
 * transcribed exactly, the rules as hooks, the victory conditions as a spec,
 * the reconstructed map agreeing with every fact the text gives, and a
 * free-deployment set-up for the at-start units the text does not hold,
 * which the players supply from their counters (16.1, the counters block).
 */
import { fixedDice } from '../../../src/engine/dice';
import { legalOrders, newGame, notYetSupported, prepareGame } from '../../../src/engine/game';
import { gameScenario } from '../../../src/engine/scenario/counters';
import { TerrainMap } from '../../../src/engine/map';
import { evaluateVictory } from '../../../src/engine/victory';
import {
  CONFEDERATE_AREA,
  GROVETON,
  NEW_MARKET,
  UNION_AREA,
  WESTERN_ROWS,
  secondBullRunMap,
} from '../../../scenarios/second-bull-run/build-map';
import type { Side } from '../../../src/engine/types';
import {
  chartsOf,
  expectEveryUnitDeployedOnce,
  expectMapJsonIsBuildOutput,
  loadScenario,
  readCountersFixture,
  total as totalCsp,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('second-bull-run');
const charts = chartsOf(scenario);
const { unit } = charts;
const total = (ids: string[]): number => totalCsp(ids.map(unit));
const arrivals = (side: Side, turn: number) => charts.arrivals(side).filter((r) => r.turn === turn);
const printed = (ids: string[]) =>
  ids.map((id) => {
    const u = unit(id);
    const t = u.type === 'cavalry' ? 'c' : u.type === 'infantry' ? '' : 'a';
    return `${u.strength}-${u.movement}${t} ${u.designation}`;
  });
const setup = scenario.setup.kind === 'free' ? scenario.setup : null;
/** The test counters (test/fixtures/counters/second-bull-run.json, NOT history), as a game's options.counters. */
const fixture = readCountersFixture('second-bull-run');
const testCounters = { units: fixture.units };

describe('Second Bull Run scenario document', () => {
  it('16.2, 16.3: Union first player, 15 Game-Turns, Game-Turn 9 Night (chart heading), 29 August 1862', () => {
    expect(scenario).toMatchObject({
      id: 'second-bull-run',
      date: '1862-08-29',
      year: 1862,
      firstPlayer: 'union',
      turns: 15,
      nightTurns: [9],
    });
    expect(scenario.notes.some((n) => n.includes('29 April 1862'))).toBe(true);
  });

  it('16.1: the initial deployment is not in the text: described in missing, supplied by the players from their counters (both sides, no named unit)', () => {
    expect(scenario.missing).toHaveLength(1);
    expect(scenario.missing![0]).toMatchObject({
      case: '16.1',
      what: expect.stringMatching(/map sheet/),
    });
    expect(scenario.counters).toMatchObject({
      case: '16.1',
      sides: ['union', 'confederate'],
      named: [],
    });
    // Every hook is implemented: nothing refuses a game.
    expect(notYetSupported(scenario)).toEqual([]);
    // Without counters the charts alone are played (each side has units arriving).
    const bare = newGame(prepareGame(scenario, map), {}, fixedDice([]));
    expect(bare).toMatchObject({ phase: 'movement', phasing: 'union', turn: 1 });
  });

  it('16.1: the test counters are labelled as such and are not the historical order of battle', () => {
    expect(fixture.note).toMatch(/NOT the historical order of battle/);
    for (const u of fixture.units) expect(u.designation).toMatch(/^Test /);
    expect(new Set(fixture.units.map((u) => u.side))).toEqual(new Set(['union', 'confederate']));
  });

  it('16.0: unit ids are unique; every unit arrives exactly once (no unit is invented for the missing set-up)', () => {
    expect(scenario.units).toHaveLength(22 + 7 + 22);
    expect(scenario.setup.kind).toBe('free');
    expectEveryUnitDeployedOnce(scenario);
    for (const u of scenario.units) expect(u.id).toMatch(u.side === 'union' ? /^us-/ : /^cs-/);
  });

  it('17.1: Union — Buford GT1 at 0116, twenty units GT3 at 0116, Piatt GT9 (Night) at 1827: 22 units, 73 CSP', () => {
    const [gt1] = arrivals('union', 1);
    const [gt3] = arrivals('union', 3);
    const [gt9] = arrivals('union', 9);
    expect([gt1.entry, gt3.entry, gt9.entry]).toEqual([['0116'], ['0116'], ['1827']]);
    expect(printed(gt1.units)).toEqual(['2-8c Buford']);
    expect(printed(gt3.units)).toEqual([
      '6-6 Gibbon',
      '4-6 Patrick',
      '3-6 Doubleday',
      '5-6 Hatch',
      '2-6a 1/III/Virginia',
      '4-6 Thorburn',
      '4-6 Hartsuff',
      '4-6 Tower',
      '4-6 Duryea',
      '2-6a 2/III/Virginia',
      '2-8c Bayard',
      '1-6a III/Virginia',
      '3-6 Warren',
      '4-6 Chapman',
      '3-6 Buchanan',
      '2-6a 2/V/Potomac',
      '4-6 Butterfield',
      '4-6 Griffin',
      '5-6 Roberts',
      '1-6a 1/V/Pot',
    ]);
    expect(printed(gt9.units)).toEqual(['4-6 Piatt']);
    expect(total([...gt1.units, ...gt3.units, ...gt9.units])).toBe(73);
    for (const r of [gt1, gt3, gt9]) expect(r.condition).toBeUndefined();
  });

  it("17.2, 21.0: Confederate — Longstreet's 22 units on GT4 on any western-edge hex, 76 CSP; Pelham 1-8a is horse artillery", () => {
    const [gt4] = arrivals('confederate', 4);
    expect(gt4.entry).toHaveLength(27);
    expect(gt4.entry.every((h) => h.startsWith('01'))).toBe(true);
    const grid = new TerrainMap(map).grid;
    expect(gt4.entry.every((h) => grid.edgesOf(h).includes('west'))).toBe(true);
    expect(gt4.units).toHaveLength(22);
    expect(total(gt4.units)).toBe(76);
    const types = gt4.units.map((id) => unit(id).type);
    expect(types.filter((t) => t === 'infantry')).toHaveLength(15);
    expect(types.filter((t) => t === 'cavalry')).toHaveLength(2);
    expect(types.filter((t) => t === 'artillery')).toHaveLength(4);
    expect(unit('cs-art-pelham')).toMatchObject({
      type: 'horse-artillery',
      strength: 1,
      movement: 8,
    });
    expect(unit('cs-cav-robertson')).toMatchObject({ type: 'cavalry', strength: 2, movement: 10 });
    // "Hood" twice: the infantry and the division artillery.
    expect(
      [unit('cs-hood'), unit('cs-art-hood')].map((u) => `${u.designation} ${u.type} ${u.strength}`),
    ).toEqual(['Hood infantry 5', 'Hood artillery 2']);
  });

  it('17.3: II Corps (6 units, 18 CSP) from GT10 at 0116 and the Kanawha Division (Scammon 3) from GT12 at 1827, each on a 6', () => {
    const ii = arrivals('union', 10)[0];
    const kanawha = arrivals('union', 12)[0];
    expect(printed(ii.units)).toEqual([
      '3-6 Crawford',
      '3-6 Gordon',
      '4-6 Candy',
      '3-6 Shlaudecker',
      '3-6 Tait',
      '2-6a II/Virginia',
    ]);
    expect(total(ii.units)).toBe(18);
    expect(printed(kanawha.units)).toEqual(['3-6 Scammon']);
    expect([ii.entry, kanawha.entry]).toEqual([['0116'], ['1827']]);
    for (const r of [ii, kanawha]) {
      expect(r.condition).toMatchObject({
        hook: 'conditional-reinforcements',
        params: { mode: 'die-roll' },
      });
    }
    expect([ii, kanawha].map((r) => r.condition!.params!.group)).toEqual([
      'II Corps',
      'Kanawha Division',
    ]);
    const hook = scenario.specialRules.find((r) => r.case === '17.3')!;
    expect(hook).toMatchObject({
      hook: 'conditional-reinforcements',
      params: {
        mode: 'die-roll',
        side: 'union',
        rollAt: 'start-of-player-turn',
        succeedOn: [6],
        mayDecline: false,
        separateRollPerGroup: true,
      },
    });
    const groups = hook.params!.groups as Array<{
      group: string;
      fromTurn: number;
      units: string[];
    }>;
    expect(groups.map((g) => [g.group, g.fromTurn, g.units])).toEqual([
      ['II Corps', 10, ii.units],
      ['Kanawha Division', 12, kanawha.units],
    ]);
  });

  it('18.0: no Union unit in the four westernmost hex rows (columns 01-04) before Game-Turn 5, 0116 arrivals excepted', () => {
    const hook = scenario.specialRules.find((r) => r.case === '18.0')!;
    expect(hook).toMatchObject({
      hook: 'edge-zone-prohibition',
      params: {
        side: 'union',
        edge: 'west',
        distance: 4,
        beforeTurn: 5,
        forbids: 'entering',
        entryHexesExempt: ['0116'],
      },
    });
  });

  it('3.0: the free-deployment areas are the reconstructed ones: disjoint, on land, outside columns 01-04', () => {
    expect(setup).not.toBeNull();
    expect(setup!.areas).toEqual([
      { side: 'union', hexes: UNION_AREA },
      { side: 'confederate', hexes: CONFEDERATE_AREA },
    ]);
    const tm = new TerrainMap(map);
    for (const h of [...UNION_AREA, ...CONFEDERATE_AREA]) {
      expect(['river', 'lake', 'pond', 'ferry', 'pontoon']).not.toContain(tm.hex(h).terrain);
      expect(WESTERN_ROWS).not.toContain(h);
    }
    expect(UNION_AREA.filter((h) => CONFEDERATE_AREA.includes(h))).toEqual([]);
  });

  it("3.0, 16.1: with the players' counters supplied the game opens in the set-up phase on these areas", () => {
    const options = { counters: testCounters };
    const supplied = gameScenario(scenario, options, map);
    expect(supplied.units).toHaveLength(scenario.units.length + fixture.units.length);
    const ctx = prepareGame(supplied, map);
    const state = newGame(ctx, options, fixedDice([]));
    expect(state).toMatchObject({ phase: 'setup', phasing: 'union', turn: 1 });
    const places = legalOrders(ctx, state, 'union').filter((o) => o.type === 'place');
    expect(new Set(places.map((o) => (o as { unit: string }).unit))).toEqual(
      new Set(fixture.units.filter((u) => u.side === 'union').map((u) => u.id)),
    );
    expect([...new Set(places.map((o) => (o as { hex: string }).hex))].sort()).toEqual(
      [...UNION_AREA].sort(),
    );
  });

  it('19.0: 2 VP per enemy CSP eliminated each way, 1 VP per Union CSP without LOC to the Confederate, 10 VP each for 2009 and 1207', () => {
    expect(scenario.victory.points).toEqual([
      { kind: 'eliminated-strength', side: 'confederate', points: 2, case: '19.0' },
      { kind: 'without-line-of-communication', side: 'confederate', points: 1, case: '19.0' },
      { kind: 'eliminated-strength', side: 'union', points: 2, case: '19.0' },
      { kind: 'objective-set', hexes: ['2009'], points: 10, case: '19.0' },
      { kind: 'objective-set', hexes: [GROVETON], points: 10, case: '19.0' },
    ]);
    const loc = scenario.specialRules.find((r) => r.hook === 'line-of-communication')!;
    expect(loc.params).toMatchObject({
      side: 'union',
      friendlyEdges: { union: 'east' },
      friendlyUnitsNegateZoc: true,
    });
  });

  const standing = (
    eliminated: Record<Side, number>,
    noLoc: number,
    objectives: Record<string, Side> = {},
  ) =>
    evaluateVictory(scenario.victory, {
      eliminatedStrength: eliminated,
      objectives,
      withoutLineOfCommunication: { union: noLoc, confederate: 0 },
    });

  it('19.0, 19.1: hand-built end states land on each of the six ratio levels with the printed competition scores', () => {
    // [own losses of each side, Union CSP without LOC, objective holders, expected] — C VP : U VP in the comment.
    const cases: Array<[Record<Side, number>, number, Record<string, Side>, string]> = [
      [{ union: 15, confederate: 0 }, 0, { '2009': 'union' }, 'confederate decisive 2'], // 30 : 10 = 3:1
      [{ union: 10, confederate: 5 }, 0, {}, 'confederate substantive 1'], // 20 : 10 = 2:1
      [{ union: 8, confederate: 5 }, 0, {}, 'confederate marginal 0.5'], // 16 : 10 > 3:2
      [{ union: 5, confederate: 5 }, 5, {}, 'union marginal 0.5'], // 15 : 10 = 3:2
      [{ union: 5, confederate: 5 }, 0, {}, 'union substantive 1'], // 10 : 10 = 1:1
      [
        { union: 5, confederate: 5 },
        0,
        { '2009': 'union', [GROVETON]: 'confederate' },
        'union substantive 1',
      ], // 20 : 20
      [{ union: 2, confederate: 3 }, 0, {}, 'union decisive 2'], // 4 : 6 = 2:3
      [
        { union: 0, confederate: 0 },
        0,
        { '2009': 'union', [GROVETON]: 'union' },
        'union decisive 2',
      ], // 0 : 20
    ];
    const results = cases.map(([e, n, o]) => {
      const s = standing(e, n, o);
      return `${s.winner} ${s.level} ${s.competitionScore}`;
    });
    expect(results).toEqual(cases.map((c) => c[3]));
  });

  it('19.1: 0:0 is read as 1:1, a Union Substantive Victory', () => {
    const s = standing({ union: 0, confederate: 0 }, 0);
    expect([s.winner, s.level]).toEqual(['union', 'substantive']);
  });
});

describe('Second Bull Run map document', () => {
  const tm = new TerrainMap(map);
  const grid = tm.grid;

  it('16.1: the committed map.json is exactly what build-map.ts builds and checks; reconstructed from the rules text', () => {
    expectMapJsonIsBuildOutput(DIR, secondBullRunMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
  });

  it('19.0: 1207 is Groveton; 2009 lies east of it, on Henry House Hill (reconstructed identification)', () => {
    expect(tm.hex(GROVETON).name).toBe('Groveton');
    // The same sheet as First Bull Run (18.0 there): New Market 0813.
    expect(tm.hex(NEW_MARKET).name).toBe('New Market');
    expect(tm.hex('2009')).toMatchObject({ name: 'Henry House Hill', level: 2 });
  });

  it('17.1, 17.3: 0116 is on the west edge and 1827 on the south edge, each on a road', () => {
    expect(grid.edgesOf('0116')).toContain('west');
    expect(grid.edgesOf('1827')).toContain('south');
    for (const h of ['0116', '1827']) expect(tm.routesIn(h).length).toBeGreaterThan(0);
  });

  it('19.0: a road (the Warrenton Turnpike) leads off the east edge, over Bull Run by the Stone Bridge', () => {
    const pike = map.routes.find((r) => r.name === 'Warrenton Turnpike')!;
    expect(grid.edgesOf(pike.hexes[pike.hexes.length - 1])).toContain('east');
    expect(pike.hexes).toContain(GROVETON);
    const crossings = pike.hexes
      .slice(1)
      .map((h, i) => tm.hexside(pike.hexes[i], h).map((f) => f.type))
      .filter((f) => f.includes('creek'));
    expect(crossings).toEqual([['creek', 'bridge']]);
  });
});
