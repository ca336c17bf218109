/**
 * Atlanta (22 July 1864) exclusive rules as hooks, played on the shipped
 * scenario with labelled test counters supplied as a game's options.counters
 * would be (test/fixtures/counters/atlanta.json — not the historical order of
 * battle): 16.1 setup-breastworks, 17.2 movement-quota for each Player.
 */
import { applyOrder, legalOrders, newGame, prepareGame } from '../../../../src/engine/game';
import type { GameContext } from '../../../../src/engine/game';
import { fixedDice } from '../../../../src/engine/dice';
import { supplyCounters } from '../../../../src/engine/scenario/counters';
import { unsupportedReason } from '../../../../src/engine/rules/hooks';
import type { GameState, Order } from '../../../../src/engine/state';
import type { Placement, Side, SuppliedCounters, UnitSpec } from '../../../../src/engine/types';
import {
  endPhasesUntilMovementOf,
  loadScenario,
  readCountersFixture,
} from '../../scenarios/support';

const { scenario, map } = loadScenario('atlanta');
const FIXTURE = readCountersFixture('atlanta');
const counters = (): SuppliedCounters => ({
  units: FIXTURE.units,
  placements: FIXTURE.placements,
});

function game(supplied: SuppliedCounters): { ctx: GameContext; state: GameState } {
  const ctx = prepareGame(supplyCounters(scenario, supplied), map);
  return { ctx, state: newGame(ctx, {}, fixedDice([])) };
}

function play(g: { ctx: GameContext; state: GameState }, side: Side, order: Order): GameState {
  const r = applyOrder(g.ctx, g.state, side, order, fixedDice([]));
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.refusal)}`);
  g.state = r.state;
  return r.state;
}

/** The three neighbours of `hex` at these bearings (degrees), in the order given. */
function toward(ctx: GameContext, hex: string, bearings: number[]): string[] {
  return bearings.map((b) => ctx.map.grid.neighboursToward(hex, b, 1)[0]);
}

/** Ends phases (closing each Combat Phase first, keeping Breastworks) until `side`'s next Movement Phase. */
const untilMovementOf = (g: { ctx: GameContext; state: GameState }, side: Side): void =>
  endPhasesUntilMovementOf(g, side, play);

const infantry = (id: string, side: Side, strength = 3): UnitSpec => ({
  id,
  side,
  designation: id,
  type: 'infantry',
  strength,
});

describe('Atlanta 16.1 Union Breastworks at set-up (setup-breastworks)', () => {
  it('Atlanta 16.1: when the set-up ends, Breastworks facing south-west stand in every hex a Union unit occupies west of hex row 55XX, except 4902 and 5413; they are Trenches (10.33, 10.39)', () => {
    const g = game(counters());
    expect(g.state.phase).toBe('setup');
    expect(g.state.phasing).toBe('confederate');
    const cs: Array<[string, string]> = [
      ['cs-test-a', '4425'],
      ['cs-test-b', '4525'],
      ['cs-test-c', '4625'],
      ['cs-test-d', '4725'],
      ['cs-test-e', '4825'],
      ['cs-test-f', '4925'],
    ];
    for (const [unit, hex] of cs) play(g, 'confederate', { type: 'place', unit, hex } as Order);
    play(g, 'confederate', { type: 'end-phase' });
    expect(g.state.fieldworks).toEqual([]);
    play(g, 'union', { type: 'place', unit: 'us-test-a', hex: '5010' } as Order);
    play(g, 'union', { type: 'place', unit: 'us-test-b', hex: '5512' } as Order);
    play(g, 'union', { type: 'place', unit: 'us-test-e', hex: '4715' } as Order);
    const r = applyOrder(g.ctx, g.state, 'union', { type: 'end-phase' }, fixedDice([]));
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    // 4902 and 5413 excepted, 5512 in row 55XX, 6012 east of it; no Confederate markers.
    expect(r.state.fieldworks.map((f) => f.hex).sort()).toEqual(['4715', '5010']);
    for (const f of r.state.fieldworks) {
      expect(f).toMatchObject({ kind: 'trench', side: 'union' });
      // South-west: the south, south-west and north-west hexsides.
      expect([...f.facing].sort()).toEqual(toward(g.ctx, f.hex, [180, 240, 300]).sort());
    }
    expect(r.events.filter((e) => e.type === 'fieldwork-placed')).toHaveLength(2);
    expect(r.state.phase).toBe('movement');
    expect(r.state.phasing).toBe('confederate');
  });

  it('Atlanta 16.1: with every unit placed (no set-up phase) the Breastworks stand when the game is created, before the Confederate moves', () => {
    const placements: Placement[] = [
      ...FIXTURE.placements!,
      { unit: 'us-test-a', hex: '4608' },
      { unit: 'us-test-b', hex: '5408' },
      { unit: 'us-test-e', hex: '5608' },
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((x, i) => ({
        unit: `cs-test-${x}`,
        hex: `${44 + i}26`,
      })),
    ];
    const g = game({ units: FIXTURE.units, placements });
    expect(g.state.phase).toBe('movement');
    expect(g.state.fieldworks.map((f) => f.hex).sort()).toEqual(['4608', '5408']);
  });

  it('Atlanta 16.1: a declaration the hook does not implement is refused (an unknown facing or parameter)', () => {
    const rule = scenario.specialRules.find((r) => r.hook === 'setup-breastworks')!;
    expect(unsupportedReason(rule)).toBeNull();
    expect(unsupportedReason({ ...rule, params: { ...rule.params, facing: 'up' } })).toMatch(
      /facing "up"/,
    );
    expect(unsupportedReason({ ...rule, params: { ...rule.params, around: 3 } })).toMatch(
      /"around"/,
    );
  });
});

describe('Atlanta Campaign 16.1 setup-breastworks parameters of the other battles (on this sheet)', () => {
  const placed: Placement[] = [
    { unit: 'us-test-a', hex: '4608' },
    { unit: 'us-test-b', hex: '4708' },
    { unit: 'us-test-c', hex: '4808' },
    { unit: 'us-test-d', hex: '5413' },
    { unit: 'us-test-e', hex: '5608' },
    { unit: 'us-test-f', hex: '6012' },
    ...['a', 'b', 'c', 'd', 'e', 'f'].map((x, i) => ({ unit: `cs-test-${x}`, hex: `${44 + i}26` })),
  ];
  const withRule = (params: Record<string, unknown>) => {
    const s = supplyCounters(
      {
        ...scenario,
        specialRules: [{ hook: 'setup-breastworks', case: '16.1', params }],
      },
      { units: FIXTURE.units, placements: placed },
    );
    const ctx = prepareGame(s, map);
    return { ctx, state: newGame(ctx, {}, fixedDice([])) };
  };

  it('Peachtree Creek 16.1 form: markers facing south in listed hexes, occupied or not', () => {
    const g = withRule({
      side: 'union',
      place: 'listed',
      hexes: ['4608', '5010'],
      facing: 'south',
    });
    expect(g.state.fieldworks.map((f) => [f.hex, f.kind, f.side])).toEqual([
      ['4608', 'trench', 'union'],
      ['5010', 'trench', 'union'],
    ]);
    expect([...g.state.fieldworks[1].facing].sort()).toEqual(
      toward(g.ctx, '5010', [120, 180, 240]).sort(),
    );
  });

  it('Jonesborough 16.1 form: only the hexes of an area (east of a river), and only those of listed units', () => {
    const area = withRule({
      side: 'union',
      place: 'occupied',
      areaHexes: ['4708', '4808', '5608', '6012'],
      facing: 'south',
    });
    expect(area.state.fieldworks.map((f) => f.hex)).toEqual(['4708', '4808', '5608', '6012']);
    const some = withRule({
      side: 'union',
      place: 'occupied',
      units: ['us-test-b', 'us-test-d', 'us-absent'],
      facing: 'south',
    });
    expect(some.state.fieldworks.map((f) => f.hex)).toEqual(['4708', '5413']);
  });
});

describe('Atlanta Campaign 16.1 setup-breastworks: facing chosen by the owner (Jonesborough 16.1 "as desired")', () => {
  it('Jonesborough 16.1 form: the markers stand unfaced when play begins, and the Union faces each (three adjacent hexsides, 10.34 ii) before the Confederate may move', () => {
    const units = FIXTURE.units;
    const placements: Placement[] = [
      { unit: 'us-test-a', hex: '4608' },
      { unit: 'us-test-b', hex: '4708' },
      { unit: 'us-test-c', hex: '4902' },
      { unit: 'us-test-d', hex: '5413' },
      { unit: 'us-test-e', hex: '5608' },
      { unit: 'us-test-f', hex: '6012' },
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((x, i) => ({
        unit: `cs-test-${x}`,
        hex: `${44 + i}26`,
      })),
    ];
    const s = supplyCounters(
      {
        ...scenario,
        specialRules: [
          {
            hook: 'setup-breastworks',
            case: '16.1',
            params: {
              side: 'union',
              place: 'occupied',
              areaHexes: ['4608', '4708'],
              facing: 'chosen',
            },
          },
        ],
      },
      { units, placements },
    );
    expect(unsupportedReason(s.specialRules[0])).toBeNull();
    const ctx = prepareGame(s, map);
    const g = { ctx, state: newGame(ctx, {}, fixedDice([])) };
    expect(g.state.fieldworks.map((f) => [f.hex, f.facing])).toEqual([
      ['4608', []],
      ['4708', []],
    ]);
    expect(g.state.pending).toMatchObject({ side: 'union', kind: 'setup-breastworks-facing' });
    expect(legalOrders(ctx, g.state, 'confederate')).toEqual([]);
    const answers = legalOrders(ctx, g.state, 'union').filter((o) => o.type === 'face-breastworks');
    expect(answers).toHaveLength(12);
    const bad = applyOrder(
      ctx,
      g.state,
      'union',
      { type: 'face-breastworks', hex: '4608', facing: ['4607', '4609'] },
      fixedDice([]),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.refusal.code).toBe('BAD_FACING');
    const south = toward(ctx, '4608', [120, 180, 240]);
    play(g, 'union', { type: 'face-breastworks', hex: '4608', facing: south } as Order);
    expect(g.state.pending).toMatchObject({ hexes: ['4708'] });
    play(
      g,
      'union',
      answers.find((o) => (o as { hex?: string }).hex === '4708')!,
    );
    expect(g.state.pending).toBeNull();
    expect([...g.state.fieldworks[0].facing].sort()).toEqual([...south].sort());
    expect(g.state.fieldworks[1].facing).toHaveLength(3);
    expect(legalOrders(ctx, g.state, 'confederate').some((o) => o.type === 'move')).toBe(true);
  });
});

describe('Atlanta 17.2 twelve units a Game-Turn for each Player (movement-quota)', () => {
  /** Thirteen units a side, all placed: Union in its area west of 55XX, Confederate south of it. */
  function big(): { ctx: GameContext; state: GameState } {
    const units: UnitSpec[] = [];
    const placements: Placement[] = [];
    for (let i = 0; i < 13; i++) {
      units.push(infantry(`us-q${i}`, 'union'), infantry(`cs-q${i}`, 'confederate'));
      placements.push(
        {
          unit: `us-q${i}`,
          hex: `${String(45 + (i % 7)).padStart(2, '0')}0${2 + 2 * Math.floor(i / 7)}`,
        },
        { unit: `cs-q${i}`, hex: `${45 + (i % 7)}${27 + Math.floor(i / 7)}` },
      );
    }
    return game({ units, placements });
  }
  const movable = (g: { ctx: GameContext; state: GameState }, side: Side) =>
    new Set(
      legalOrders(g.ctx, g.state, side)
        .filter((o) => o.type === 'move')
        .map((o) => (o as { unit: string }).unit),
    );
  const moveEach = (g: { ctx: GameContext; state: GameState }, side: Side, n: number) => {
    for (let i = 0; i < n; i++) {
      const o = legalOrders(g.ctx, g.state, side).find((x) => x.type === 'move')!;
      play(g, side, o);
    }
  };

  it('Atlanta 17.2: the Confederate Player may move no more than twelve units each Game-Turn; the thirteenth is refused and no longer listed', () => {
    const g = big();
    expect(movable(g, 'confederate').size).toBe(13);
    moveEach(g, 'confederate', 12);
    expect(movable(g, 'confederate').size).toBe(0);
    const last = [...Array(13).keys()]
      .map((i) => `cs-q${i}`)
      .find((id) => !g.state.movement!.moved.includes(id))!;
    const r = applyOrder(
      g.ctx,
      g.state,
      'confederate',
      { type: 'move', unit: last, path: [g.ctx.map.grid.neighbours(g.state.units[last].hex!)[0]] },
      fixedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal).toMatchObject({ code: 'MOVEMENT_QUOTA', rule: '17.2' });
  });

  it('Atlanta 17.2: the Union Player is held to twelve as well, and nothing is saved: a new Game-Turn gives twelve again', () => {
    const g = big();
    play(g, 'confederate', { type: 'end-phase' });
    untilMovementOf(g, 'union');
    expect(movable(g, 'union').size).toBe(13);
    moveEach(g, 'union', 12);
    expect(movable(g, 'union').size).toBe(0);
    untilMovementOf(g, 'confederate');
    expect(g.state.turn).toBe(2);
    expect(movable(g, 'confederate').size).toBe(13);
  });
});
