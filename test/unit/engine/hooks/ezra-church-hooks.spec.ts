/**
 * Ezra Church (28 July 1864) exclusive rules as hooks, played on the shipped
 * scenario with labelled test counters supplied as a game's options.counters
 * would be (test/fixtures/counters/ezra-church.json — not the historical
 * order of battle): 16.1 setup-breastworks, 17.2 immobile-until, 17.3
 * movement-quota, 17.4 morale-die-modifier.
 */
import { applyOrder, legalOrders, newGame, prepareGame } from '../../../../src/engine/game';
import type { GameContext } from '../../../../src/engine/game';
import type { Dice } from '../../../../src/engine/dice';
import { fixedDice } from '../../../../src/engine/dice';
import { supplyCounters } from '../../../../src/engine/scenario/counters';
import { moraleDieModifier } from '../../../../src/engine/rules/hooks/morale-die-modifier';
import type { GameEvent, Placement, Side } from '../../../../src/engine/types';
import type { GameState, Order } from '../../../../src/engine/state';
import {
  endPhasesUntilMovementOf,
  loadScenario,
  readCountersFixture,
} from '../../scenarios/support';

const { scenario, map } = loadScenario('ezra-church');
const FIXTURE = readCountersFixture('ezra-church');

interface G {
  ctx: GameContext;
  state: GameState;
  events: GameEvent[];
}

/** Every unit placed: the fixture's Union placements, the rest as given. */
function game(extra: Placement[]): G {
  const placed = new Set([...FIXTURE.placements!, ...extra].map((p) => p.unit));
  const rest: Placement[] = [];
  let i = 0;
  for (const u of FIXTURE.units) {
    if (placed.has(u.id)) continue;
    // Union in its area's north, Confederate along row 22.
    rest.push({ unit: u.id, hex: u.side === 'union' ? `${10 + i}02` : `${10 + i}22` });
    i++;
  }
  const supplied = supplyCounters(scenario, {
    units: FIXTURE.units,
    placements: [...FIXTURE.placements!, ...extra, ...rest],
  });
  const ctx = prepareGame(supplied, map);
  return { ctx, state: newGame(ctx, {}, fixedDice([])), events: [] };
}

function play(g: G, side: Side, order: Order, dice: Dice = fixedDice([])): GameState {
  const r = applyOrder(g.ctx, g.state, side, order, dice);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.refusal)}`);
  g.state = r.state;
  g.events.push(...r.events);
  return r.state;
}

/** Ends phases (closing each Combat Phase first, keeping Breastworks) until `side`'s next Movement Phase. */
const untilMovementOf = (g: G, side: Side): void => endPhasesUntilMovementOf(g, side, play);

/** Answers pending decisions with the first listed answer (retreats, terrain choice, advances), drawing from `dice`. */
function settle(g: G, dice: Dice): void {
  while (g.state.pending) {
    const side = g.state.pending.side;
    const o = legalOrders(g.ctx, g.state, side).find((x) => x.type !== 'resign')!;
    play(g, side, o, dice);
  }
}

const moves = (g: G, side: Side): Set<string> =>
  new Set(
    legalOrders(g.ctx, g.state, side)
      .filter((o) => o.type === 'move')
      .map((o) => (o as { unit: string }).unit),
  );
const oneStep = (g: G, unit: string): Order => {
  const o = legalOrders(g.ctx, g.state, g.state.phasing).find(
    (x) => x.type === 'move' && (x as { unit: string }).unit === unit,
  );
  if (!o) throw new Error(`${unit} has no move`);
  return o;
};
const toward = (ctx: GameContext, hex: string, bearings: number[]): string[] =>
  bearings.map((b) => ctx.map.grid.neighboursToward(hex, b, 1)[0]).sort();

describe('Ezra Church 16.1 Union Breastworks at set-up (setup-breastworks)', () => {
  it('Ezra Church 16.1: Breastworks in every hex a Union unit occupies except those of the units in 1508 and 1608; facing south-east in hex row 19XX, south elsewhere; Trenches (10.33, 10.39)', () => {
    const g = game([]);
    const by = Object.fromEntries(g.state.fieldworks.map((f) => [f.hex, f]));
    // us-test-c and us-test-d stand in 1508 and 1608; us-test-f was placed in 1002.
    expect(Object.keys(by).sort()).toEqual(['1002', '1212', '1905', '1908']);
    for (const h of ['1905', '1908'])
      expect([...by[h].facing].sort()).toEqual(toward(g.ctx, h, [120, 180, 60]));
    for (const h of ['1212', '1002'])
      expect([...by[h].facing].sort()).toEqual(toward(g.ctx, h, [120, 180, 240]));
    expect(g.state.fieldworks.every((f) => f.kind === 'trench' && f.side === 'union')).toBe(true);
  });
});

describe('Ezra Church 17.2 Union units in hex row 19XX immobile until released (immobile-until)', () => {
  it('Ezra Church 17.2: the Union units in hex row 19XX may not move unless released; one is released each Game-Turn from Game-Turn One (the one the Union moves)', () => {
    const g = game([]);
    expect(g.state.hookState['immobile-until:17.2']).toMatchObject({
      atStart: ['us-test-a', 'us-test-b'],
    });
    untilMovementOf(g, 'union');
    expect(g.state.turn).toBe(1);
    // Either may be the one released on Game-Turn One; the other units are free.
    expect(moves(g, 'union')).toEqual(
      new Set(['us-test-a', 'us-test-b', 'us-test-c', 'us-test-d', 'us-test-e', 'us-test-f']),
    );
    play(g, 'union', oneStep(g, 'us-test-a'));
    expect(g.events.find((e) => e.type === 'immobility-released')).toMatchObject({
      units: ['us-test-a'],
      rule: '17.2',
    });
    expect(moves(g, 'union').has('us-test-b')).toBe(false);
    const r = applyOrder(
      g.ctx,
      g.state,
      'union',
      { type: 'move', unit: 'us-test-b', path: ['1907'] },
      fixedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal).toMatchObject({ code: 'IMMOBILE', rule: '17.2' });
    untilMovementOf(g, 'union');
    expect(g.state.turn).toBe(2);
    // Game-Turn Two: us-test-b may be released now; us-test-a stays released.
    expect(moves(g, 'union').has('us-test-a')).toBe(true);
    expect(moves(g, 'union').has('us-test-b')).toBe(true);
  });

  it('Ezra Church 17.2: a release not used is not saved — with none moved on Game-Turn One, still only one on Game-Turn Two', () => {
    const g = game([]);
    untilMovementOf(g, 'union');
    untilMovementOf(g, 'union');
    expect(g.state.turn).toBe(2);
    play(g, 'union', oneStep(g, 'us-test-b'));
    expect(moves(g, 'union').has('us-test-a')).toBe(false);
  });

  it('Ezra Church 17.2: if any Union unit in hex row 19XX is attacked then ("than" in the text) all are released', () => {
    // A Confederate unit next to 1905 at the start.
    const g = game([{ unit: 'cs-test-a', hex: '2005' }]);
    expect(g.ctx.map.grid.adjacent('2005', '1905')).toBe(true);
    play(g, 'confederate', { type: 'end-phase' });
    expect(g.state.phase).toBe('combat');
    const attack = legalOrders(g.ctx, g.state, 'confederate').find(
      (o) =>
        o.type === 'attack' &&
        (o as unknown as { defenders: string[] }).defenders.includes('1905') &&
        !(o as unknown as { bombard?: string[] }).bombard?.length,
    )!;
    const dice = fixedDice([4, 4, 4, 4, 4, 4]);
    play(g, 'confederate', attack, dice);
    settle(g, dice);
    expect(g.events.find((e) => e.type === 'immobility-released')).toMatchObject({
      units: 'all',
      reason: 'us-test-a was attacked',
    });
    expect(g.state.hookState['immobile-until:17.2']).toMatchObject({
      releasedAll: { rule: '17.2', reason: 'us-test-a was attacked' },
    });
    // The Union may now move both 19XX units in one Game-Turn: us-test-b first, and us-test-a is not held.
    untilMovementOf(g, 'union');
    play(g, 'union', oneStep(g, 'us-test-b'));
    const a = g.state.units['us-test-a'];
    const r = applyOrder(
      g.ctx,
      g.state,
      'union',
      {
        type: 'move',
        unit: 'us-test-a',
        path: [g.ctx.map.grid.neighboursToward(a.hex!, 300, 1)[0]],
      },
      fixedDice([]),
    );
    if (!r.ok) expect(r.refusal.code).not.toBe('IMMOBILE');
  });
});

describe('Ezra Church 17.3 seven Confederate units a Game-Turn (movement-quota)', () => {
  it('Ezra Church 17.3: the Confederate Player may move no more than seven units each Game-Turn; the eighth is refused', () => {
    const g = game([]);
    expect(moves(g, 'confederate').size).toBe(8);
    for (let i = 0; i < 7; i++) {
      const o = legalOrders(g.ctx, g.state, 'confederate').find((x) => x.type === 'move')!;
      play(g, 'confederate', o);
    }
    expect(moves(g, 'confederate').size).toBe(0);
    const left = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']
      .map((x) => `cs-test-${x}`)
      .find((id) => !g.state.movement!.moved.includes(id))!;
    const hex = g.state.units[left].hex!;
    const r = applyOrder(
      g.ctx,
      g.state,
      'confederate',
      { type: 'move', unit: left, path: [g.ctx.map.grid.neighboursToward(hex, 180, 1)[0]] },
      fixedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal).toMatchObject({ code: 'MOVEMENT_QUOTA', rule: '17.3' });
  });
});

describe('Ezra Church 17.4 +1 to Confederate Disorder and Rally rolls (morale-die-modifier)', () => {
  it('Ezra Church 17.4: the Confederate adds one to a Rally attempt: a Disordered unit rolling 5 reads 6 and becomes Shaken (12.41b i)', () => {
    const g = game([]);
    g.state = {
      ...g.state,
      units: {
        ...g.state.units,
        'cs-test-a': { ...g.state.units['cs-test-a'], morale: 'disordered' },
      },
    };
    play(g, 'confederate', { type: 'rally-marker', unit: 'cs-test-a' } as Order);
    play(g, 'confederate', { type: 'end-phase' }, fixedDice([5]));
    expect(g.events.find((e) => e.type === 'die-rolled' && e.purpose === 'rally')).toMatchObject({
      roll: 5,
      modifier: 1,
      modified: 6,
      modifierRule: '17.4',
      outcome: 'shaken',
    });
    expect(g.state.units['cs-test-a'].morale).toBe('shaken');
  });

  it('Ezra Church 17.4: the Confederate adds one to a Disorder check: a retreating defender rolling 3 reads 4 and is Disordered (12.12); the Union rolls unmodified', () => {
    // us-test-c and us-test-d (4 + 4, at 1508 and 1608) attack cs-test-e (4), brought next to them for the
    // Union Player-Turn, at 2:1; a 1 is Dr.
    const g = game([]);
    untilMovementOf(g, 'union');
    g.state = {
      ...g.state,
      units: { ...g.state.units, 'cs-test-e': { ...g.state.units['cs-test-e'], hex: '1509' } },
    };
    play(g, 'union', { type: 'end-phase' });
    const attack = legalOrders(g.ctx, g.state, 'union').find(
      (o) =>
        o.type === 'attack' &&
        JSON.stringify((o as unknown as { defenders: string[] }).defenders) ===
          JSON.stringify(['1509']),
    )!;
    expect(attack).toBeDefined();
    const dice = fixedDice([1, 3, 3, 3]);
    play(g, 'union', attack, dice);
    settle(g, dice);
    const roll = g.events.find((e) => e.type === 'disorder-roll');
    expect(roll).toMatchObject({
      unit: 'cs-test-e',
      roll: 3,
      modifier: 1,
      modified: 4,
      disordered: true,
      rule: '12.12',
    });
    expect(g.state.units['cs-test-e'].morale).toBe('disordered');
    expect(moraleDieModifier(g.ctx.scenario, 'union', 'disorder', 1).modifier).toBe(0);
    expect(moraleDieModifier(g.ctx.scenario, 'confederate', 'rally', 5)).toEqual({
      modifier: 1,
      cases: ['17.4'],
    });
  });
});
