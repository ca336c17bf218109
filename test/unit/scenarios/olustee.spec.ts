/**
 * Olustee (seed 000 lines 7918-8126) as data: the Confederate deployment chart
 * transcribed exactly, the rules as hooks, the victory conditions as a spec and
 * the reconstructed map agreeing with every fact the text gives. The Union
 * army is not in the text (17.1 names brigades and three batteries only): the
 * players supply its counters (the counters block); the tests play it with the
 * test counters of test/fixtures/counters/olustee.json, which are not history.
 */
import { fixedDice, seededDice } from '../../../src/engine/dice';
import {
  applyOrder,
  GameContext,
  legalOrders,
  newGame,
  notYetSupported,
  prepareGame,
  whoMustAct,
} from '../../../src/engine/game';
import { TerrainMap } from '../../../src/engine/map';
import { evaluateVictory } from '../../../src/engine/victory';
import { gameScenario } from '../../../src/engine/scenario/counters';
import type { GameState } from '../../../src/engine/state';
import type { Side, SuppliedCounters } from '../../../src/engine/types';
import { OLUSTEE_STATION, UNION_ENTRY, olusteeMap } from '../../../scenarios/olustee/build-map';
import {
  chartsOf,
  expectMapJsonIsBuildOutput,
  loadScenario,
  picker,
  readCountersFixture,
  total,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('olustee');
const { unit, placements, at, hook } = chartsOf(scenario);
const fixture = readCountersFixture('olustee');
const counters: SuppliedCounters = {
  units: fixture.units,
  reinforcements: fixture.reinforcements,
};
/** The scenario with the test counters merged, as a game with options.counters is played. */
const withCounters = () => gameScenario(scenario, { counters }, map);

describe('Olustee scenario document', () => {
  it('16.2, 16.3: Union first player, 10 Game-Turns, no Night, 20 February 1864', () => {
    expect(scenario).toMatchObject({
      id: 'olustee',
      date: '1864-02-20',
      year: 1864,
      firstPlayer: 'union',
      turns: 10,
      nightTurns: [],
    });
  });

  it('17.1, 21.0: the Union army is not in the text: missing describes it, the players supply its counters; no Union unit invented', () => {
    expect(scenario.missing).toEqual([
      {
        case: '17.1',
        what: expect.stringMatching(/Henry.*Hawley.*Barton.*Littlefield.*55th Massachusetts/),
      },
    ]);
    expect(scenario.units.filter((u) => u.side === 'union')).toEqual([]);
    expect(notYetSupported(scenario)).toEqual([]);
    expect(() => newGame(prepareGame(scenario, map), {}, fixedDice([]))).toThrow(
      /COUNTERS_REQUIRED/,
    );
  });

  it('17.0, 17.1: the counters block names the four single counters the text designates, each arriving on its Game-Turn between 4102 and 4111; no strength given', () => {
    expect(scenario.counters).toMatchObject({ case: '17.1', sides: ['union'] });
    expect(
      scenario.counters!.named.map((n) => `${n.id} ${n.designation} ${n.type} GT${n.turn}`),
    ).toEqual([
      'u-art-e-3-us E, 3 U.S. artillery GT1',
      'u-art-m-1-us M, 1 U.S. artillery GT2',
      'u-art-c-3-ri C, 3 R.I. artillery GT3',
      'u-55-ma 55 MA infantry GT6',
    ]);
    for (const n of scenario.counters!.named) {
      expect(n.entry).toEqual(UNION_ENTRY);
      expect(n).not.toHaveProperty('strength');
    }
    expect(scenario.counters!.what).toMatch(/4102-4111/);
  });

  it('17.1: the test counters (not history) merge into a playable game: named counters arrive on their Game-Turns at 4102-4111, the others as supplied', () => {
    expect(fixture.note).toMatch(/NOT the historical order of battle/);
    const merged = withCounters();
    const union = merged.units.filter((u) => u.side === 'union');
    expect(union.length).toBeLessThanOrEqual(12);
    const arrival = (id: string) => merged.reinforcements.find((r) => r.units.includes(id))!;
    expect(arrival('u-art-e-3-us')).toMatchObject({ turn: 1, entry: UNION_ENTRY });
    expect(arrival('u-55-ma')).toMatchObject({ turn: 6, entry: UNION_ENTRY });
    expect(union.every((u) => arrival(u.id).entry.every((h) => UNION_ENTRY.includes(h)))).toBe(
      true,
    );
    const ctx = prepareGame(merged, map);
    const state = newGame(ctx, { counters }, fixedDice([]));
    expect(state.units['u-henry-a'].status).toBe('pending');
    expect(state.units['cs-64-ga']).toMatchObject({ status: 'on-map', hex: '3109' });
  });

  it('16.1: the Confederate chart as printed: 17 units, 32 CSP, by brigade (Colquitt 12, Harrison 12, Smith 8)', () => {
    expect(
      placements.map(
        (p) =>
          `${p.hex} ${unit(p.unit).strength}${unit(p.unit).type === 'artillery' ? 'a' : unit(p.unit).type === 'cavalry' ? 'c' : ''} ${unit(p.unit).designation}`,
      ),
    ).toEqual([
      '2012 2 6 GA',
      '2112 2 19 GA',
      '1310 2 23 GA',
      '1307 2 27 GA',
      '2112 1 28 GA',
      '1309 2 6 FL',
      '1308 1a Chatham',
      '1511 2 32 FL (Bonaud)',
      '3109 3 64 GA',
      '1512 2 1 GA',
      '1415 2 1 FL',
      '1315 2 2 FL',
      '1414 1a Guerard',
      '3107 3c 4 GA',
      '3108 3c 2 FL',
      '1921 1c 5 FL',
      '1812 1a Florida',
    ]);
    const brigade = (name: string) =>
      placements.map((p) => unit(p.unit)).filter((u) => u.notes!.includes(name));
    expect(
      [brigade('Colquitt'), brigade('Harrison'), brigade('Smith')].map((b) => [b.length, total(b)]),
    ).toEqual([
      [7, 12],
      [6, 12],
      [4, 8],
    ]);
  });

  it('18.2: up to eight CSP stack in a hex; 19 GA and 28 GA share 2112', () => {
    expect(scenario.stacking).toEqual({ strengthPoints: 8 });
    expect(placements.filter((p) => p.hex === '2112').map((p) => p.unit)).toEqual([
      'cs-19-ga',
      'cs-28-ga',
    ]);
    expect(at('2112')).toEqual(['19 GA', '28 GA']);
  });

  it('18.1: 64 GA may not move on Game-Turns 1-2 unless attacked', () => {
    expect(hook('immobile-until')).toMatchObject({
      case: '18.1',
      params: { units: ['cs-64-ga'], turns: [1, 2], releaseAll: [{ when: 'attacked' }] },
    });
  });

  it('19.1-19.7: ammunition from GT4 on 1-4, the Rail Gun on GT5 on the railway, resupply within four hexes, artillery range 2-3 with one column shift', () => {
    expect(hook('ammunition-depletion')!.params).toMatchObject({
      side: 'confederate',
      trigger: {
        at: 'start-of-player-turn',
        fromTurn: 4,
        outOn: [1, 2, 3, 4],
        repeat: 'until-out',
      },
      effect: { mayNotEnterEnemyZoc: true, retreatFromEnemyZoc: 'start-of-own-combat-phase' },
      resupply: { source: 'cs-train-rail-gun', maxLength: 4, otherwiseAfterGameTurns: 2 },
    });
    expect(scenario.reinforcements).toEqual([
      { side: 'confederate', turn: 5, entry: ['0111'], units: ['cs-train-rail-gun'], case: '19.2' },
    ]);
    expect(unit('cs-train-rail-gun')).toMatchObject({
      type: 'train',
      designation: 'Rail Gun',
      strength: 0,
    });
    expect(hook('train-unit')!.params).toMatchObject({
      movement: 'unlimited',
      routes: ['railway'],
      artillery: { range: 3, minRange: 2, oddsShift: 1, mayAttackAlone: false },
    });
    expect(map.routes.find((r) => r.type === 'railway')!.hexes).toContain('0111');
  });

  it('20.0: automatic Decisive Victories: Union in Olustee Station with LOC east; Confederate infantry out by 4104 or 4108 with LOC to 1011', () => {
    expect(hook('automatic-victory')!.params).toMatchObject({
      checkedWhen: 'after-every-order',
      conditions: [
        { side: 'union', level: 'decisive', occupiesAnyOf: OLUSTEE_STATION },
        {
          side: 'confederate',
          level: 'decisive',
          exits: { unitTypes: ['infantry'], hexes: ['4104', '4108'] },
          lineTo: { hexes: ['1011'] },
        },
      ],
    });
    expect(hook('map-exit')!.params).toMatchObject({
      sides: ['confederate'],
      unitTypes: ['infantry'],
      exitHexes: ['4104', '4108'],
    });
  });
});

describe('Olustee 20.0: every level of victory from hand-built end states', () => {
  const standing = (eliminated: Record<Side, number>, objectives: Record<string, Side> = {}) =>
    evaluateVictory(scenario.victory, { eliminatedStrength: eliminated, objectives });

  it('20.0: otherwise a lead of five CSP is a Marginal Victory, four or less a Draw; 2213 counts five Confederate CSP for the Union', () => {
    const cases: Array<[Record<Side, number>, Record<string, Side>, string]> = [
      [{ union: 0, confederate: 5 }, {}, 'union marginal'],
      [{ union: 0, confederate: 4 }, {}, 'null draw'],
      [{ union: 0, confederate: 0 }, { '2213': 'union' }, 'union marginal'],
      [{ union: 5, confederate: 0 }, { '2213': 'union' }, 'null draw'],
      [{ union: 10, confederate: 0 }, { '2213': 'union' }, 'confederate marginal'],
      [{ union: 9, confederate: 5 }, {}, 'null draw'],
      [{ union: 6, confederate: 0 }, { '2213': 'confederate' }, 'confederate marginal'],
      [{ union: 5, confederate: 0 }, {}, 'confederate marginal'],
    ];
    expect(cases.map(([e, o]) => `${standing(e, o).winner} ${standing(e, o).level}`)).toEqual(
      cases.map((c) => c[2]),
    );
  });

  /** The merged game on Game-Turn `turn`, `side`'s Movement Phase, with only the units of `at` on the map, where `at` puts them. */
  function endState(
    turn: number,
    side: Side,
    at: Record<string, string>,
  ): { ctx: GameContext; state: GameState } {
    const ctx = prepareGame(withCounters(), map);
    let state = newGame(ctx, { counters }, fixedDice([]));
    const units = { ...state.units };
    // Units not named are off the board (exited: no Zone of Control, no losses).
    for (const id of Object.keys(units))
      if (units[id].status === 'on-map') units[id] = { ...units[id], status: 'exited', hex: null };
    for (const [id, hex] of Object.entries(at)) units[id] = { ...units[id], hex, status: 'on-map' };
    state = { ...state, turn, phasing: side, units };
    return { ctx, state };
  }

  it('20.0: Union Decisive Victory the moment a Union unit occupies Olustee Station with a line to the east edge, mid-game', () => {
    const { ctx, state } = endState(4, 'union', { 'u-henry-a': '1410', 'cs-6-ga': '2012' });
    const move = legalOrders(ctx, state, 'union').find(
      (o) =>
        o.type === 'move' &&
        (o as unknown as { unit: string }).unit === 'u-henry-a' &&
        OLUSTEE_STATION.includes((o as unknown as { path: string[] }).path.slice(-1)[0]),
    )!;
    expect(move).toBeDefined();
    const r = applyOrder(ctx, state, 'union', move, fixedDice([]));
    expect(r.ok && r.state.result).toMatchObject({ winner: 'union', level: 'decisive' });
  });

  it('20.0: Confederate Decisive Victory the moment a Confederate infantry unit exits via 4108 with a line to 1011', () => {
    const { ctx, state } = endState(6, 'confederate', { 'cs-6-ga': '4108', 'u-henry-a': '2020' });
    const r = applyOrder(
      ctx,
      state,
      'confederate',
      { type: 'exit', unit: 'cs-6-ga', path: [] },
      fixedDice([], state.diceDrawn),
    );
    expect(r.ok && r.state.result).toMatchObject({ winner: 'confederate', level: 'decisive' });
  });

  it('20.0: at the end of Game-Turn 10 without either, the losses decide: a Draw when nothing is lost', () => {
    const { ctx, state } = endState(10, 'confederate', { 'cs-6-ga': '2012', 'u-henry-a': '3020' });
    let s = state;
    for (let i = 0; i < 2 && s.phase !== 'finished'; i++) {
      const r = applyOrder(
        ctx,
        s,
        'confederate',
        { type: 'end-phase' },
        fixedDice([], s.diceDrawn),
      );
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      s = r.state;
    }
    expect(s.phase).toBe('finished');
    expect(s.result).toMatchObject({ winner: null, level: 'draw' });
  });
});

describe('Olustee with the test counters: seeded random playouts', () => {
  it('16.0-20.0: two seeded random playouts reach the end of the game with a result, every listed order accepted', () => {
    const ctx = prepareGame(withCounters(), map);
    for (const seed of ['olustee-1', 'olustee-2']) {
      const choose = picker(seed.length * 2654435761);
      let state = newGame(ctx, { counters }, seededDice(seed, 0));
      let inPhase = 0;
      let key = '';
      for (let n = 0; n < 5000 && state.phase !== 'finished'; n++) {
        const acting = whoMustAct(ctx, state)!;
        const k = `${state.turn}/${state.phasing}/${state.phase}`;
        if (k !== key) [key, inPhase] = [k, 0];
        const orders = legalOrders(ctx, state, acting.side).filter((o) => o.type !== 'resign');
        expect(orders.length).toBeGreaterThan(0);
        const end = orders.find((o) => o.type === 'end-phase');
        const others = orders.filter((o) => o.type !== 'end-phase');
        const choice =
          acting.kind === 'decision' || !end
            ? orders[choose(orders.length)]
            : inPhase++ >= 6 || others.length === 0 || choose(10) === 0
              ? end
              : others[choose(others.length)];
        const r = applyOrder(ctx, state, acting.side, choice, seededDice(seed, state.diceDrawn));
        if (!r.ok) throw new Error(`listed order refused: ${JSON.stringify(r.refusal)}`);
        state = r.state;
      }
      expect(state.phase).toBe('finished');
      expect(state.result).not.toBeNull();
    }
  });
});

describe('Olustee map document', () => {
  const tm = new TerrainMap(map);
  const grid = tm.grid;

  it('20.0: the committed map.json is exactly what build-map.ts builds and checks; reconstructed from the rules text', () => {
    expectMapJsonIsBuildOutput(DIR, olusteeMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
  });

  it('17.0, 20.0: 4102-4111 are east-edge hexes; 4104 on the railway and 4108 on the road; 1011 a railway hex', () => {
    expect(UNION_ENTRY.every((h) => grid.edgesOf(h).includes('east'))).toBe(true);
    expect(tm.routesIn('4104')).toContain('railway');
    expect(tm.routesIn('4108')).toContain('road');
    expect(tm.routesIn('1011')).toContain('railway');
  });

  it('20.0: Olustee Station is two adjacent railway hexes (numbers reconstructed); Ocean Pond is lake', () => {
    expect(OLUSTEE_STATION).toHaveLength(2);
    expect(grid.adjacent(OLUSTEE_STATION[0], OLUSTEE_STATION[1])).toBe(true);
    for (const h of OLUSTEE_STATION)
      expect(tm.hex(h)).toMatchObject({ terrain: 'town', name: 'Olustee Station' });
    expect(
      Object.values(map.hexes).some((h) => h.terrain === 'lake' && h.name === 'Ocean Pond'),
    ).toBe(true);
  });

  it('16.1: every set-up hex is land a unit may stop in', () => {
    for (const p of placements)
      expect(['river', 'lake', 'pond', 'ferry', 'pontoon']).not.toContain(tm.hex(p.hex).terrain);
  });
});
