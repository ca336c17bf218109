/**
 * Cemetery Hill's exclusive rules through the engine: skip-player-turn
 * (16.32), conditional-reinforcements blocked entry (18.1), map-exit and the
 * exited-cavalry race (18.2, 20.3), terrain-override (19.1).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyOrder, legalOrders, newGame, prepareGame } from '../../../../src/engine/game';
import { fixedDice } from '../../../../src/engine/dice';
import type {
  GameEvent,
  MapDocument,
  RuleHook,
  ScenarioDocument,
} from '../../../../src/engine/types';
import { victoryPoints } from '../../../../src/engine/rules/blue-grey/victory';
import { combatGame } from '../../../../src/engine/rules/blue-grey/combat.fixtures';
import { Fixture, play, setUp, testMap, testScenario, tryOrder, unit } from '../helpers';

const dir = join(__dirname, '../../../../scenarios/cemetery-hill');
const scenario = JSON.parse(readFileSync(join(dir, 'scenario.json'), 'utf8')) as ScenarioDocument;
const map = JSON.parse(readFileSync(join(dir, 'map.json'), 'utf8')) as MapDocument;
const rule = (hook: string) => scenario.specialRules.find((r) => r.hook === hook)!;

describe('Cemetery Hill 16.32 no Union Player-Turn on Game-Turn One (skip-player-turn)', () => {
  it('Cemetery Hill 16.32: the game opens in the Confederate Player-Turn of Game-Turn One; the Union may give no order', () => {
    const ctx = prepareGame(scenario, map);
    const state = newGame(ctx, {}, fixedDice([]));
    expect(state).toMatchObject({ turn: 1, phase: 'movement', phasing: 'confederate' });
    expect(legalOrders(ctx, state, 'union')).toEqual([]);
    expect(legalOrders(ctx, state, 'confederate').some((o) => o.type === 'move')).toBe(true);
  });

  it('Cemetery Hill 16.32: from Game-Turn Two the Union Player-Turn comes first again', () => {
    const f = setUp(
      testMap(),
      testScenario({
        units: [unit('u', 'union'), unit('c', 'confederate')],
        placements: [
          { unit: 'u', hex: '0101' },
          { unit: 'c', hex: '0909' },
        ],
        specialRules: [rule('skip-player-turn')],
      }),
    );
    expect(f.state.phasing).toBe('confederate');
    f.state = play(f, 'confederate', { type: 'end-phase' });
    const r = tryOrder(f, 'confederate', { type: 'end-phase' });
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    expect(r.state).toMatchObject({ turn: 2, phase: 'movement', phasing: 'union' });
  });
});

describe('Cemetery Hill 18.1 entering the map sheet (conditional-reinforcements, blocked-entry)', () => {
  // 10×10 sheet; a road leaves the south edge at 0410. Union reinforcement due at 0110 on Game-Turn 1.
  function blocked(enemyAt: string): Fixture {
    return setUp(
      testMap({ routes: [{ type: 'road', hexes: ['0410', '0409', '0408'] }] }),
      testScenario({
        units: [unit('r', 'union'), unit('u', 'union'), unit('c', 'confederate')],
        placements: [
          { unit: 'u', hex: '0801' },
          { unit: 'c', hex: enemyAt },
        ],
        reinforcements: [{ side: 'union', turn: 1, entry: ['0110'], units: ['r'] }],
        specialRules: [rule('conditional-reinforcements')],
      }),
    );
  }
  const entries = (f: Fixture) =>
    legalOrders(f.ctx, f.state, 'union')
      .filter((o) => o.type === 'enter')
      .map((o) => (o as { hex: string }).hex);

  it('Cemetery Hill 18.1: a reinforcement hex controlled by an Enemy unit delays the reinforcements one Game-Turn; the Union then arrives on the next unblocked map edge road hex to the south and/or east', () => {
    const f = blocked('0109');
    expect(f.ctx.map.grid.adjacent('0109', '0110')).toBe(true);
    expect(entries(f)).toEqual([]);
    expect(
      tryOrder(f, 'union', { type: 'enter', unit: 'r', hex: '0110', path: ['0110'] }),
    ).toMatchObject({ ok: false });
    const ended = tryOrder(f, 'union', { type: 'end-phase' });
    if (!ended.ok) throw new Error(JSON.stringify(ended.refusal));
    expect(ended.events).toContainEqual(
      expect.objectContaining({
        type: 'reinforcements-delayed',
        units: ['r'],
        untilTurn: 2,
        rule: '18.1',
      }),
    );
    f.state = {
      ...ended.state,
      turn: 2,
      phase: 'movement',
      phasing: 'union',
      movement: { moved: [], entered: {}, marked: [], enteredEnemyZoc: [] },
      combat: null,
    };
    // 0210 and 0310 are edge hexes without a road; 0410 is the road hex.
    expect([...new Set(entries(f))]).toEqual(['0410']);
    f.state = play(f, 'union', { type: 'enter', unit: 'r', hex: '0410', path: ['0410'] });
    expect(f.state.units.r).toMatchObject({ status: 'on-map', hex: '0410' });
  });

  it('Cemetery Hill 18.1: an entry hex that is neither occupied nor controlled by the enemy is used as scheduled', () => {
    const f = blocked('0905');
    expect([...new Set(entries(f))]).toEqual(['0110']);
  });
});

describe('Cemetery Hill 18.2 exiting the map sheet, 20.3 exited cavalry (map-exit)', () => {
  function exits(): Fixture {
    const s = testScenario({
      units: [
        unit('k', 'confederate', 'cavalry'),
        unit('i', 'confederate'),
        unit('u', 'union'),
        unit('uk', 'union', 'cavalry'),
      ],
      placements: [
        { unit: 'k', hex: '0905' },
        { unit: 'i', hex: '0904' },
        { unit: 'u', hex: '0101' },
        { unit: 'uk', hex: '0108' },
      ],
      specialRules: [rule('map-exit')],
    });
    s.victory = {
      ...s.victory,
      points: scenario.victory.points.filter((p) => p.kind === 'exited-excess'),
    };
    return setUp(testMap(), s);
  }

  it('Cemetery Hill 18.2: only cavalry may exit, only across the east or south edges, at a cost of one Movement Point; it never returns', () => {
    const f = exits();
    f.state = play(f, 'union', { type: 'end-phase' });
    f.state = play(f, 'union', { type: 'end-phase' });
    const orders = legalOrders(f.ctx, f.state, 'confederate').filter((o) => o.type === 'exit');
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => (o as { unit: string }).unit === 'k')).toBe(true);
    const ends = orders.map((o) => {
      const p = (o as unknown as { path: string[] }).path;
      return p.length ? p[p.length - 1] : '0905';
    });
    expect(
      ends.every((h) => f.ctx.map.grid.edgesOf(h).some((e) => e === 'east' || e === 'south')),
    ).toBe(true);
    expect(tryOrder(f, 'confederate', { type: 'exit', unit: 'i', path: ['1004'] })).toMatchObject({
      ok: false,
      refusal: { code: 'EXIT_NOT_ALLOWED', rule: '18.2' },
    });
    // The west edge is not an exit.
    expect(
      tryOrder(f, 'confederate', {
        type: 'exit',
        unit: 'k',
        path: ['0805', '0705', '0605', '0505', '0405', '0305', '0205', '0105'],
      }),
    ).toMatchObject({ ok: false, refusal: { code: 'EXIT_NOT_ALLOWED' } });
    const r = tryOrder(f, 'confederate', { type: 'exit', unit: 'k', path: ['1005'] });
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'exited-map', unit: 'k', hex: '1005', rule: '18.2' }),
    );
    expect(r.state.units.k).toMatchObject({ status: 'exited', hex: null });
    f.state = r.state;
    expect(
      legalOrders(f.ctx, f.state, 'confederate').some((o) => (o as { unit?: string }).unit === 'k'),
    ).toBe(false);
  });

  it("Cemetery Hill 20.3: at the end of each Union Player-Turn the Confederate scores 5 VP per exited cavalry unit in excess of the Union's, every Game-Turn", () => {
    const f = exits();
    const end = (side: 'union' | 'confederate') => (f.state = play(f, side, { type: 'end-phase' }));
    end('union');
    end('union'); // tally GT1: nobody exited
    f.state = play(f, 'confederate', { type: 'exit', unit: 'k', path: ['1005'] });
    end('confederate');
    end('confederate');
    expect(victoryPoints(f.ctx, f.state, 'confederate')).toBe(0);
    end('union');
    end('union'); // tally GT2: 1 Confederate, 0 Union → 5
    expect(victoryPoints(f.ctx, f.state, 'confederate')).toBe(5);
    end('confederate');
    end('confederate');
    // GT3: the Union cavalry exits too; the tally at the end of its Player-Turn is 1 – 1: nothing more.
    const events: GameEvent[] = [];
    // 0108 is on the west edge: no exit there.
    expect(tryOrder(f, 'union', { type: 'exit', unit: 'uk', path: [] })).toMatchObject({
      ok: false,
      refusal: { code: 'EXIT_NOT_ALLOWED' },
    });
    const south = legalOrders(f.ctx, f.state, 'union').find(
      (o) => o.type === 'exit' && (o as unknown as { unit: string }).unit === 'uk',
    );
    expect(south).toBeDefined();
    f.state = play(f, 'union', south!);
    end('union');
    const last = tryOrder(f, 'union', { type: 'end-phase' });
    if (!last.ok) throw new Error(JSON.stringify(last.refusal));
    events.push(...last.events);
    f.state = last.state;
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'exits-tallied',
        turn: 3,
        exited: { union: { cavalry: 1 }, confederate: { cavalry: 1 } },
      }),
    );
    expect(victoryPoints(f.ctx, f.state, 'confederate')).toBe(5);
  });
});

describe('Cemetery Hill 19.1 revised terrain effects (terrain-override)', () => {
  const attackInto = (terrain: 'town' | 'rough', rules: RuleHook[]) => {
    const { ctx, state } = combatGame(
      [
        { id: 'a', side: 'union', hex: '0404', strength: 6 },
        { id: 'd', side: 'confederate', hex: '0504', strength: 2 },
      ],
      { hexes: { '0504': { terrain } }, scenario: { specialRules: rules } },
    );
    const r = applyOrder(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['a'], defenders: ['0504'] },
      fixedDice([6, 6, 6]),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    return (
      r.events.find((e) => e.type === 'combat-resolved') as GameEvent & {
        strengths: { attack: number };
      }
    ).strengths.attack;
  };

  it('Cemetery Hill 19.1: units are not halved attacking into town hexes', () => {
    expect(attackInto('town', [rule('terrain-override')])).toBe(6);
  });

  it("Cemetery Hill 19.1: the override replaces the chart's halving line of its terrain (shown on rough, which the chart halves)", () => {
    expect(attackInto('rough', [])).toBe(3);
    expect(
      attackInto('rough', [
        {
          hook: 'terrain-override',
          case: '19.1',
          params: { terrain: 'rough', attackerHalved: false },
        },
      ]),
    ).toBe(6);
    expect(
      attackInto('town', [
        {
          hook: 'terrain-override',
          case: '19.1',
          params: { terrain: 'town', attackerHalved: true },
        },
      ]),
    ).toBe(3);
  });
});
