/**
 * Savage's Station (seed 000 lines 2649-2947) as data: the charts as printed
 * (hexes and names; no strengths, so every unit is a counters.named entry),
 * the exclusive rules as hooks, the victory conditions evaluated from
 * hand-built end states on every level, the reconstructed map agreeing with
 * every fact the text gives, and the TEST counters fixture the playouts use.
 */
import { HexGrid } from '../../../src/engine/hex';
import {
  CONFEDERATE_SETUP,
  END_OBJECTIVES,
  ENTRY_POINTS,
  SAVAGES_STATION,
  SD_LEE_PRINTED,
  UNION_SETUP,
  savagesStationMap,
} from '../../../scenarios/savages-station/build-map';
import { evaluateVictory } from '../../../src/engine/victory';
import type { VictoryInputs } from '../../../src/engine/victory';
import {
  checkCounters,
  countersErrors,
  supplyCounters,
} from '../../../src/engine/scenario/counters';
import { validateScenario } from '../../../src/engine/scenario/validate';
import { newGame, prepareGame } from '../../../src/engine/game';
import { fixedDice } from '../../../src/engine/dice';
import type { GameOptions } from '../../../src/engine/state';
import type { Side } from '../../../src/engine/types';
import {
  allOccupiedEvent,
  firstGainEvent,
} from '../../../src/engine/rules/hooks/occupation-events';
import { chartsOf, expectMapJsonIsBuildOutput, loadScenario, readCountersFixture } from './support';

const { dir: DIR, scenario, map } = loadScenario('savages-station');
const { hook: rule } = chartsOf(scenario);
const named = scenario.counters!.named;
const namedOf = (side: Side) => named.filter((n) => n.side === side);
const grid = new HexGrid(map.grid as never);
const { note, ...counters } = readCountersFixture('savages-station');

/** A hand-built end state: strength lost by each side, who last occupied each objective, the recorded occupation events. */
function end(p: {
  lost?: Partial<Record<Side, number>>;
  held?: Partial<Record<string, Side>>;
  first2516?: Partial<Record<Side, number>>;
}): VictoryInputs {
  const objectives: Record<string, Side | null> = {
    '2516': 'union',
    '1835': 'union',
    '3216': 'union',
    '4716': 'union',
    ...p.held,
  };
  const events = Object.entries(p.first2516 ?? {}).map(([side, turn]) =>
    firstGainEvent(side as Side, '2516', turn!),
  );
  const allThree = END_OBJECTIVES.every((h) => objectives[h] === 'confederate');
  events.push(allOccupiedEvent('confederate', END_OBJECTIVES, allThree));
  return {
    eliminatedStrength: { union: p.lost?.union ?? 0, confederate: p.lost?.confederate ?? 0 },
    objectives,
    units: {},
    events,
  };
}
const standing = (p: Parameters<typeof end>[0]) => evaluateVictory(scenario.victory, end(p));

describe("Savage's Station scenario document", () => {
  it("16.2 (Player Sequence), 16.3: Confederate first, six Game-Turns (16:00-21:00), no Night; 29 June 1862 (title's 1864 corrected)", () => {
    expect(scenario).toMatchObject({
      id: 'savages-station',
      date: '1862-06-29',
      year: 1862,
      firstPlayer: 'confederate',
      turns: 6,
      nightTurns: [],
      rules: { system: 'blue-grey' },
    });
  });

  it('16.0: no strength is printed, so the scenario prints no unit: every charted unit is a named counter the players supply', () => {
    expect(scenario.units).toEqual([]);
    expect(scenario.reinforcements).toEqual([]);
    expect(scenario.counters).toMatchObject({ case: '16.0', sides: ['union', 'confederate'] });
    expect(scenario.missing!.map((m) => m.case)).toEqual(['16.1, 16.2', '17.1, 17.2']);
    expect(new Set(named.map((n) => n.id)).size).toBe(named.length);
  });

  it('16.1: thirteen Union units at their printed hexes, chart order; only II Reserve typed (artillery, its printed "a")', () => {
    const us = namedOf('union');
    expect(us.map((n) => `${n.designation} ${n.hex}`)).toEqual([
      'McVicar 2420',
      'II Reserve 2518',
      'Hazard 2518',
      'Caldwell 2716',
      'French 2716',
      'Meagher 2616',
      'Sully 2421',
      'Tompkins 2622',
      'Dana 2419',
      'Burns 2520',
      'Hancock 2721',
      'Brooks 2422',
      'Davidson 2723',
    ]);
    expect(us.map((n) => n.hex)).toEqual(UNION_SETUP);
    expect(us.filter((n) => n.type).map((n) => [n.id, n.type])).toEqual([
      ['us-ii-reserve', 'artillery'],
    ]);
  });

  it('16.2: six Confederate units at their printed hexes, chart order; S.D. Lee\'s "2188" read as 2118', () => {
    const cs = namedOf('confederate');
    expect(cs.map((n) => `${n.designation} ${n.hex}`)).toEqual([
      'Kershaw 2117',
      'Semmes 2120',
      'Griffith 2122',
      'S.D. Lee 2118',
      'Cobb 2115',
      'Toombs 2113',
    ]);
    expect(cs.map((n) => n.hex)).toEqual(CONFEDERATE_SETUP);
    expect(cs.every((n) => n.type === undefined)).toBe(true);
    expect(named.find((n) => n.id === 'cs-sd-lee')!.notes).toContain(SD_LEE_PRINTED);
    expect(grid.has(SD_LEE_PRINTED)).toBe(false);
  });

  it('16.1, 16.2 (6.32): no set-up hex holds more than two units (2518 and 2716 hold two)', () => {
    const count: Record<string, number> = {};
    for (const n of named) count[n.hex!] = (count[n.hex!] ?? 0) + 1;
    expect(Math.max(...Object.values(count))).toBe(2);
    expect(
      Object.keys(count)
        .filter((h) => count[h] === 2)
        .sort(),
    ).toEqual(['2518', '2716']);
  });

  it("16.0 (free set-up): both sides have a set-up area, each holding its side's printed hexes, apart from the other's", () => {
    expect(scenario.setup.kind).toBe('free');
    if (scenario.setup.kind !== 'free') return;
    const area = (side: Side) =>
      new Set(
        scenario.setup.kind === 'free'
          ? scenario.setup.areas.filter((a) => a.side === side).flatMap((a) => a.hexes)
          : [],
      );
    for (const side of ['union', 'confederate'] as const) {
      const a = area(side);
      expect(a.size).toBeGreaterThan(0);
      for (const n of namedOf(side)) expect(a.has(n.hex!)).toBe(true);
    }
    const u = area('union');
    expect([...area('confederate')].some((h) => u.has(h))).toBe(false);
    expect(u.has(SAVAGES_STATION)).toBe(true);
  });

  it('17.2: the Confederate Reinforcement Table as printed, die roll 1-6 by Game-Turn 1-6, groups A-D by flag, entry points as on the map', () => {
    const p = rule('conditional-reinforcements', '17.1, 17.2')!.params!;
    expect(p).toMatchObject({
      mode: 'die-roll-table',
      side: 'confederate',
      rollAt: 'start-of-movement-phase',
      repeatedGroup: 'no-reinforcements',
    });
    expect(p.table).toEqual([
      ['A/a', 'A/a', 'A/a', 'A/a', 'A/a', 'A/a'],
      ['A/a', 'A/a', 'A/a', 'A/a', 'B/a', 'B/a'],
      ['A/a', 'B/a', 'B/a', 'B/a', 'C/b', 'C/c'],
      ['B/a', 'B/a', 'B/a', 'C/b', 'C/c', 'C/c'],
      ['A/a', 'C/b', 'C/c', 'D/b', 'D/a', '-/-'],
      ['D/b', 'D/a', 'D/a', '-/-', '-/-', '-/-'],
    ]);
    expect(p.groups).toEqual(['A', 'B', 'C', 'D'].map((g) => ({ group: g, flag: `group-${g}` })));
    expect(p.entryPoints).toEqual(ENTRY_POINTS);
  });

  it('18.2: the Union Command Table, 1-6 → 3-8 units; 18.1: +1 per two Confederate groups entered', () => {
    expect(rule('movement-quota', '18.1, 18.2')!.params).toEqual({
      side: 'union',
      byDie: [3, 4, 5, 6, 7, 8],
      rollAt: 'start-of-movement-phase',
      dieModifier: { plus: 1, per: 2, reinforcementTable: '17.1, 17.2' },
      above: 'last-row',
    });
  });

  it('19.13: the four territorial objectives are tracked, initially occupied by the Union', () => {
    expect(scenario.victory.objectives.map((o) => [o.hex, o.control, o.initial])).toEqual([
      ['2516', 'last-to-occupy', 'union'],
      ['1835', 'last-to-occupy', 'union'],
      ['3216', 'last-to-occupy', 'union'],
      ['4716', 'last-to-occupy', 'union'],
    ]);
  });

  it('the base scenario and the scenario with the test counters merged are valid', () => {
    expect(validateScenario(scenario, map)).toEqual([]);
    expect(checkCounters(scenario, counters)).toEqual([]);
    expect(countersErrors(scenario, map, counters)).toEqual([]);
  });
});

describe("Savage's Station 19.0-19.13 victory (hand-built end states)", () => {
  it('19.11 i: 1 VP per enemy Combat Strength Point eliminated, each way', () => {
    const all = { '1835': 'confederate', '3216': 'confederate', '4716': 'confederate' } as const;
    // The Confederate occupies all three end objectives: no 10 VP to the Union (19.12 ii).
    expect(standing({ lost: { union: 7, confederate: 4 }, held: all }).points).toEqual({
      union: 4,
      confederate: 7 + 15,
    });
  });

  it("19.11 ii: Savage's Station first occupied on Game-Turns 1-3 is 25 Confederate VP, from Game-Turn 4 on 15, never both", () => {
    for (const [turn, vp] of [
      [1, 25],
      [3, 25],
      [4, 15],
      [6, 15],
    ])
      expect(standing({ first2516: { confederate: turn } }).points.confederate).toBe(vp);
  });

  it("19.11 iii (reading): the Union's 15 VP on first regaining 2516; never for holding it from the start", () => {
    expect(standing({}).points.union).toBe(10);
    expect(standing({ first2516: { confederate: 2, union: 3 } }).points).toEqual({
      union: 15 + 10,
      confederate: 25,
    });
  });

  it('19.12 i, ii: 5 Confederate VP per end objective; 10 Union VP unless the Confederate occupies all three', () => {
    expect(standing({ held: { '1835': 'confederate' } }).points).toEqual({
      union: 10,
      confederate: 5,
    });
    expect(standing({ held: { '1835': 'confederate', '3216': 'confederate' } }).points).toEqual({
      union: 10,
      confederate: 10,
    });
    expect(
      standing({ held: { '1835': 'confederate', '3216': 'confederate', '4716': 'confederate' } })
        .points,
    ).toEqual({ union: 0, confederate: 15 });
  });

  it('19.0: the Union wins with the greater total (Union victory)', () => {
    const s = standing({
      lost: { union: 6, confederate: 8 },
      first2516: { confederate: 2, union: 4 },
    });
    expect(s.points).toEqual({ union: 8 + 15 + 10, confederate: 6 + 25 });
    expect(s).toMatchObject({ winner: 'union', level: 'victory', case: '19.0' });
  });

  it('19.0: the Confederate wins with the greater total (Confederate victory)', () => {
    const s = standing({
      lost: { union: 5, confederate: 9 },
      first2516: { confederate: 3 },
      held: { '2516': 'confederate', '3216': 'confederate' },
    });
    expect(s.points).toEqual({ union: 9 + 10, confederate: 5 + 25 + 5 });
    expect(s).toMatchObject({ winner: 'confederate', level: 'victory', case: '19.0' });
  });

  it('19.0: equal totals are a draw', () => {
    const s = standing({ lost: { union: 10, confederate: 20 } });
    expect(s.points).toEqual({ union: 30, confederate: 10 });
    const tie = standing({ lost: { union: 20, confederate: 10 } });
    expect(tie.points).toEqual({ union: 20, confederate: 20 });
    expect(tie).toMatchObject({ winner: null, level: 'draw' });
    expect(s.winner).toBe('union');
  });
});

describe("Savage's Station map (reconstructed from the rules text)", () => {
  it('map.json is what build-map.ts builds (every fact it checks holds)', () => {
    expectMapJsonIsBuildOutput(DIR, savagesStationMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
  });

  it("19.11 ii: 2516 is Savage's Station, on the railway (15.0); 19.12: 1835, 3216, 4716 on the map; the sheet reaches column 47 and row 35", () => {
    expect(map.hexes[SAVAGES_STATION].name).toBe("Savage's Station");
    const railway = map.routes.find((r) => r.type === 'railway')!;
    expect(railway.hexes).toEqual(expect.arrayContaining(['2516', '3216', '4716']));
    for (const h of END_OBJECTIVES) expect(grid.has(h)).toBe(true);
    expect(grid.has('4735') && !grid.has('4801') && !grid.has('0136')).toBe(true);
  });

  it('15.0: the Williamsburg Road, White Oak Swamp and the Chickahominy are on the map', () => {
    expect(map.routes.map((r) => r.name)).toContain('Williamsburg Road');
    expect(Object.values(map.hexes).some((h) => h.terrain === 'swamp')).toBe(true);
    expect(
      map.hexsides.filter((s) => s.features.some((f) => f.type === 'creek')).length,
    ).toBeGreaterThan(80);
    expect(map.notes!.join(' ')).toMatch(/Chickahominy.*White Oak Swamp/s);
  });

  it('17.2 entry points a, b, c are map-edge hexes (a, c west, b north)', () => {
    for (const hs of Object.values(ENTRY_POINTS))
      for (const h of hs) expect(grid.isEdge(h)).toBe(true);
  });
});

describe("Savage's Station test counters (test/fixtures/counters/savages-station.json)", () => {
  it('are labelled as test counters, not the historical order of battle', () => {
    expect(note).toMatch(/NOT the historical order of battle/);
  });

  it('fill a few named units of each side (II Reserve as artillery) and give each group A-D one flagged reinforcement', () => {
    const ids = new Set(named.map((n) => n.id));
    const sides = (side: Side) => counters.units.filter((u) => u.side === side && ids.has(u.id));
    expect(sides('union').length).toBeGreaterThanOrEqual(3);
    expect(sides('confederate').length).toBeGreaterThanOrEqual(3);
    expect(counters.units.find((u) => u.id === 'us-ii-reserve')!.type).toBe('artillery');
    const flagged = counters.units.filter((u) => u.flags?.some((f) => f.startsWith('group-')));
    expect(flagged.map((u) => u.flags).sort()).toEqual([
      ['group-A'],
      ['group-B'],
      ['group-C'],
      ['group-D'],
    ]);
    const arriving = new Set(counters.reinforcements!.flatMap((r) => r.units));
    for (const u of flagged) expect(arriving.has(u.id)).toBe(true);
  });

  it('merge into a game that starts with its free set-up (named units at their printed hexes)', () => {
    const merged = supplyCounters(scenario, counters);
    expect(merged.setup.placements).toEqual(
      expect.arrayContaining([
        { unit: 'us-ii-reserve', hex: '2518' },
        { unit: 'cs-sd-lee', hex: '2118' },
      ]),
    );
    const ctx = prepareGame(merged, map);
    const state = newGame(ctx, { counters } as GameOptions, fixedDice([]));
    expect(state).toMatchObject({ phase: 'setup', turn: 1 });
    expect(state.units['us-ii-reserve']).toMatchObject({ hex: '2518', status: 'on-map' });
    expect(state.units['test-us-extra']).toMatchObject({ hex: null });
  });
});
