/**
 * First Bull Run (seed 000 lines 1066-1119) as data: no unit in the text (16.1:
 * both armies are printed on the map sheet and the counters), so the players
 * supply them (the counters block; Runyon's division is the one unit named),
 * set up freely in areas reconstructed from history; the rules as hooks
 * (17.1, 17.2, 18.0's rout check), the geographic victory as data, and the
 * Second Bull Run map sheet with New Market added.
 */
import { fixedDice } from '../../../src/engine/dice';
import {
  applyOrder,
  legalOrders,
  newGame,
  notYetSupported,
  prepareGame,
} from '../../../src/engine/game';
import type { GameState } from '../../../src/engine/state';
import { TerrainMap } from '../../../src/engine/map';
import { evaluateVictory } from '../../../src/engine/victory';
import { freshMovementPhase } from '../../../src/engine/rules/blue-grey/sequence-of-play';
import { gameScenario } from '../../../src/engine/scenario/counters';
import {
  EAST_BANK,
  FBR_CONFEDERATE_AREA,
  FBR_UNION_AREA,
  GROVETON,
  NEW_MARKET,
  firstBullRunMap,
  secondBullRunMap,
} from '../../../scenarios/second-bull-run/build-map';
import type { Side } from '../../../src/engine/types';
import { expectMapJsonIsBuildOutput, loadScenario, readCountersFixture } from './support';

const { dir: DIR, scenario, map } = loadScenario('first-bull-run');
const fixture = readCountersFixture('first-bull-run');
const options = { counters: { units: fixture.units } };
const areas = scenario.setup.kind === 'free' ? scenario.setup.areas : [];

describe('First Bull Run scenario document', () => {
  it('16.2, 16.3: Union first player, 8 Game-Turns, no Night, 21 July 1861', () => {
    expect(scenario).toMatchObject({
      id: 'first-bull-run',
      title: 'First Bull Run',
      date: '1861-07-21',
      year: 1861,
      firstPlayer: 'union',
      turns: 8,
      nightTurns: [],
      map: 'map.json',
    });
  });

  it('16.1: no unit is in the text: none is invented; the players supply both armies (counters), Runyon the one named', () => {
    expect(scenario.units).toEqual([]);
    expect(scenario.reinforcements).toEqual([]);
    expect(scenario.missing).toEqual([{ case: '16.1', what: expect.stringMatching(/map sheet/) }]);
    expect(scenario.counters).toMatchObject({ case: '16.1', sides: ['union', 'confederate'] });
    expect(scenario.counters!.named).toEqual([
      expect.objectContaining({ id: 'us-runyon', side: 'union', designation: 'Runyon' }),
    ]);
    // The text gives Runyon no strength, type or hex.
    expect(scenario.counters!.named[0]).not.toHaveProperty('type');
    expect(scenario.counters!.named[0]).not.toHaveProperty('hex');
    expect(notYetSupported(scenario)).toEqual([]);
  });

  it('16.1: a game without counters has no army at all and is refused COUNTERS_REQUIRED', () => {
    expect(() => newGame(prepareGame(scenario, map), {}, fixedDice([]))).toThrow(
      /COUNTERS_REQUIRED \(16\.1\)/,
    );
  });

  it('16.1: the test counters are labelled as such, fill in Runyon and give each side a few units', () => {
    expect(fixture.note).toMatch(/NOT the historical order of battle/);
    expect(fixture.units.map((u) => u.id)).toContain('us-runyon');
    for (const side of ['union', 'confederate'] as Side[])
      expect(fixture.units.filter((u) => u.side === side).length).toBeGreaterThanOrEqual(4);
    for (const u of fixture.units) expect(u.designation).toMatch(/test/i);
  });

  it('3.0, 16.1: with counters supplied the game opens in the set-up phase; the Union places in its area, east of Bull Run', () => {
    const supplied = gameScenario(scenario, options, map);
    const ctx = prepareGame(supplied, map);
    const state = newGame(ctx, options, fixedDice([]));
    expect(state).toMatchObject({ phase: 'setup', phasing: 'union', turn: 1 });
    const places = legalOrders(ctx, state, 'union').filter((o) => o.type === 'place');
    expect([...new Set(places.map((o) => (o as { hex: string }).hex))].sort()).toEqual(
      [...FBR_UNION_AREA].sort(),
    );
  });

  it('3.0: the free set-up areas (reconstructed from history) are the built ones: on land, not adjacent, Groveton and New Market outside them', () => {
    expect(areas).toEqual([
      { side: 'union', hexes: FBR_UNION_AREA },
      { side: 'confederate', hexes: FBR_CONFEDERATE_AREA },
    ]);
    expect(FBR_UNION_AREA).toEqual(EAST_BANK);
    const tm = new TerrainMap(map);
    for (const h of [...FBR_UNION_AREA, ...FBR_CONFEDERATE_AREA]) {
      expect(['river', 'lake', 'pond']).not.toContain(tm.hex(h).terrain);
      expect([GROVETON, NEW_MARKET]).not.toContain(h);
    }
    for (const c of FBR_CONFEDERATE_AREA)
      for (const u of FBR_UNION_AREA) expect(tm.grid.distance(c, u)).toBeGreaterThanOrEqual(2);
    expect(scenario.notes.some((n) => n.includes('reconstructed from the history'))).toBe(true);
  });

  it("17.1, 17.2, 18.0: the special rules are declared as hooks with the text's values", () => {
    const hooks = scenario.specialRules.map((r) => [r.hook, r.case]);
    expect(hooks).toEqual([
      ['immobile-until', '17.1'],
      ['stacking-override', '17.2'],
      ['immobile-until', '17.2'],
      ['army-demoralization', '18.0'],
    ]);
    expect(scenario.specialRules[0].params).toEqual({
      side: 'confederate',
      everyUnit: true,
      untilTurn: 3,
      releaseAll: [{ when: 'attacked', case: '17.1' }],
    });
    expect(scenario.specialRules[1].params).toEqual({ units: ['us-runyon'], alone: true });
    expect(scenario.specialRules[2].params).toMatchObject({ side: 'union', units: ['us-runyon'] });
    expect(scenario.specialRules[3].params).toEqual({
      routCheck: {
        at: 'end-of-game-turn',
        perShakenOrRouted: 1,
        perEliminated: 2,
        routsAtLeast: 17,
        level: 'decisive',
        bothRout: 'draw',
      },
    });
  });

  it('18.0: no Victory Points; Groveton 1207 and New Market 0813 tracked as last to occupy or pass through, nobody at the start', () => {
    expect(scenario.victory.points).toEqual([]);
    expect(scenario.victory.objectives).toEqual([
      { hex: GROVETON, control: 'last-to-occupy', case: '18.0' },
      { hex: NEW_MARKET, control: 'last-to-occupy', case: '18.0' },
    ]);
    expect(scenario.victory.otherwise).toBe('draw');
  });
});

describe('First Bull Run 18.0 victory levels: hand-built end states on each level', () => {
  const atEnd = (held: Partial<Record<string, Side>>) =>
    evaluateVictory(scenario.victory, {
      eliminatedStrength: { union: 0, confederate: 0 },
      objectives: Object.fromEntries(Object.entries(held).map(([h, s]) => [h, s ?? null])),
    });

  it('18.0: neither army routed — the side holding both Groveton and New Market wins a Marginal Victory', () => {
    const u = atEnd({ [GROVETON]: 'union', [NEW_MARKET]: 'union' });
    const c = atEnd({ [GROVETON]: 'confederate', [NEW_MARKET]: 'confederate' });
    expect([u.winner, u.level]).toEqual(['union', 'marginal']);
    expect([c.winner, c.level]).toEqual(['confederate', 'marginal']);
  });

  it('18.0: "any other result is a Draw" — the hexes split, or one or none held', () => {
    for (const o of [
      { [GROVETON]: 'union' as Side, [NEW_MARKET]: 'confederate' as Side },
      { [GROVETON]: 'confederate' as Side },
      {},
    ]) {
      const r = atEnd(o);
      expect([r.winner, r.level]).toEqual([null, 'draw']);
    }
  });

  // The rout levels are decided during play by the rout check (army-demoralization routCheck).
  const withCounters = gameScenario(
    scenario,
    {
      counters: {
        units: [
          ...fixture.units,
          ...[5, 6, 7, 8].map((i) => ({
            id: `test-us-${i}`,
            side: 'union' as Side,
            designation: `Test Union ${i}`,
            type: 'infantry' as const,
            strength: 2,
          })),
          ...[5, 6, 7, 8].map((i) => ({
            id: `test-cs-${i}`,
            side: 'confederate' as Side,
            designation: `Test Confederate ${i}`,
            type: 'infantry' as const,
            strength: 2,
          })),
        ],
      },
    },
    map,
  );
  const ctx = prepareGame(withCounters, map);
  const base = newGame(ctx, options, fixedDice([]));
  /** The Confederate Combat Phase of Game-Turn `turn` ends with these units eliminated and these rolls. */
  const endOfTurn = (turn: number, lost: string[], dice: number[]) => {
    const units = { ...base.units };
    for (const id of lost) units[id] = { ...units[id], status: 'eliminated', hex: null };
    const s: GameState = {
      ...base,
      turn,
      phase: 'movement',
      phasing: 'confederate',
      movement: freshMovementPhase(),
      units,
    };
    const a = applyOrder(ctx, s, 'confederate', { type: 'end-phase' }, fixedDice([]));
    if (!a.ok) throw new Error(JSON.stringify(a.refusal));
    const b = applyOrder(ctx, a.state, 'confederate', { type: 'end-phase' }, fixedDice(dice));
    if (!b.ok) throw new Error(JSON.stringify(b.refusal));
    return b.state.result;
  };
  const eight = (side: 'us' | 'cs') => [1, 2, 3, 4, 5, 6, 7, 8].map((i) => `test-${side}-${i}`);

  it('18.0: the Confederate army routs (8 units lost: 1 + 16 = 17) — Union Decisive Victory', () => {
    expect(endOfTurn(3, eight('cs'), [1, 1])).toMatchObject({
      winner: 'union',
      level: 'decisive',
    });
  });

  it('18.0: the Union army routs — Confederate Decisive Victory', () => {
    expect(endOfTurn(5, eight('us'), [2, 6])).toMatchObject({
      winner: 'confederate',
      level: 'decisive',
    });
  });

  it('18.0: both armies rout on the same Game-Turn — a Draw', () => {
    expect(endOfTurn(7, [...eight('us'), ...eight('cs')], [1, 1])).toMatchObject({
      winner: null,
      level: 'draw',
    });
  });
});

describe('First Bull Run map document', () => {
  const tm = new TerrainMap(map);

  it('16.1: map.json is what scenarios/second-bull-run/build-map.ts builds: the Second Bull Run sheet, reconstructed from the rules text', () => {
    expectMapJsonIsBuildOutput(DIR, firstBullRunMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
    const { id: _a, title: _b, notes: _c, ...sheet } = firstBullRunMap;
    const { id: _d, title: _e, notes: _f, ...other } = secondBullRunMap;
    void [_a, _b, _c, _d, _e, _f];
    expect(sheet).toEqual(other);
  });

  it('18.0: 1207 is Groveton and 0813 New Market, both west of Bull Run', () => {
    expect(tm.hex(GROVETON).name).toBe('Groveton');
    expect(tm.hex(NEW_MARKET).name).toBe('New Market');
    expect(EAST_BANK).not.toContain(GROVETON);
    expect(EAST_BANK).not.toContain(NEW_MARKET);
  });

  it('17.2: Bull Run is a watercourse units cross: creek hexsides between the banks, crossed at the Stone Bridge and three fords', () => {
    const crossings = map.hexsides.filter(
      (s) =>
        EAST_BANK.includes(s.between[0]) !== EAST_BANK.includes(s.between[1]) &&
        s.features.some((f) => f.type === 'creek'),
    );
    expect(crossings.length).toBeGreaterThan(20);
    const open = crossings.filter((s) =>
      s.features.some((f) => f.type === 'ford' || f.type === 'bridge'),
    );
    expect(
      open.map((s) => s.features.map((f) => f.type).filter((t) => t !== 'creek')[0]).sort(),
    ).toEqual(['bridge', 'ford', 'ford', 'ford']);
  });
});
