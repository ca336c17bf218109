/**
 * Peachtree Creek's exclusive rules as hooks, on the small test map: 17.2 the
 * Union Movement Allowance of three and no Strategic Movement on Game-Turn
 * One (movement-allowance), 17.3/17.4 the Confederate Command Allocation
 * Table, one die for each command (movement-quota, command form).
 */
import { applyOrder, legalOrders } from '../../../../src/engine/game';
import { fixedDice } from '../../../../src/engine/dice';
import type { GameState, Order } from '../../../../src/engine/state';
import type { RuleHook, Side } from '../../../../src/engine/types';
import { unsupportedReason } from '../../../../src/engine/rules/hooks';
import { freshMovementPhase } from '../../../../src/engine/rules/blue-grey/sequence-of-play';
import {
  Fixture,
  destinations,
  play,
  setUp,
  testMap,
  testScenario,
  tryOrder,
  unit,
} from '../helpers';

const MA: RuleHook = {
  hook: 'movement-allowance',
  case: '17.2',
  params: { side: 'union', turns: [1], movement: 3, strategicMovement: false },
};
const ALLOCATION: RuleHook = {
  hook: 'movement-quota',
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
};

const stewart = { flags: ['command:stewart'] };
const hardee = { flags: ['command:hardee'] };

// ------------------------------------------------------------ 17.2 ----

function maGame(): Fixture {
  return setUp(
    testMap({ routes: [{ type: 'road', hexes: ['0110', '0109', '0108', '0107', '0106'] }] }),
    testScenario({
      units: [
        unit('u-inf', 'union'),
        unit('u-cav', 'union', 'cavalry'),
        unit('u-road', 'union'),
        unit('c1', 'confederate'),
      ],
      placements: [
        { unit: 'u-inf', hex: '0505' },
        { unit: 'u-cav', hex: '0805' },
        { unit: 'u-road', hex: '0110' },
        { unit: 'c1', hex: '1001' },
      ],
      turns: 3,
      specialRules: [MA],
    }),
  );
}
const inMovement = (f: Fixture, turn: number, side: Side): GameState => ({
  ...f.state,
  turn,
  phase: 'movement',
  phasing: side,
  movement: freshMovementPhase(),
});
const farthest = (f: Fixture, side: Side, id: string, type = 'move') =>
  Math.max(
    ...destinations(f, side, id, type).map((h) =>
      f.ctx.map.grid.distance(f.state.units[id].hex!, h),
    ),
  );

describe('Peachtree Creek 17.2 the Union on Game-Turn One (movement-allowance)', () => {
  it('Peachtree Creek 17.2: the declaration is implemented; a strategic-movement value other than false is not', () => {
    expect(unsupportedReason(MA)).toBeNull();
    expect(unsupportedReason({ ...MA, params: { ...MA.params, strategicMovement: true } })).toMatch(
      /strategicMovement/,
    );
    expect(unsupportedReason({ ...MA, params: { side: 'union', turns: [1] } })).toMatch(/movement/);
  });

  it('Peachtree Creek 17.2: on Game-Turn One all Union units have a Movement Allowance of three, cavalry included', () => {
    const f = maGame();
    f.state = inMovement(f, 1, 'union');
    expect(farthest(f, 'union', 'u-inf')).toBe(3);
    expect(farthest(f, 'union', 'u-cav')).toBe(3);
    expect(
      tryOrder(f, 'union', { type: 'move', unit: 'u-inf', path: ['0504', '0503', '0502', '0501'] }),
    ).toMatchObject({ ok: false, refusal: { code: 'EXCEEDS_ALLOWANCE' } });
  });

  it('Peachtree Creek 17.2: no Union unit may use Strategic Movement on Game-Turn One: none listed, one given is refused', () => {
    const f = maGame();
    f.state = inMovement(f, 1, 'union');
    expect(legalOrders(f.ctx, f.state, 'union').some((o) => o.type === 'strategic-move')).toBe(
      false,
    );
    expect(
      tryOrder(f, 'union', { type: 'strategic-move', unit: 'u-road', path: ['0109'] }),
    ).toMatchObject({ ok: false, refusal: { code: 'NO_STRATEGIC_MOVEMENT', rule: '17.2' } });
  });

  it('Peachtree Creek 17.2: on later Game-Turns the printed allowances and normal rules apply (Strategic Movement too); the Confederates are never affected', () => {
    const f = maGame();
    f.state = inMovement(f, 2, 'union');
    expect(farthest(f, 'union', 'u-inf')).toBe(6);
    expect(farthest(f, 'union', 'u-cav')).toBe(8);
    expect(
      legalOrders(f.ctx, f.state, 'union').some(
        (o) => o.type === 'strategic-move' && (o as { unit: string }).unit === 'u-road',
      ),
    ).toBe(true);
    f.state = inMovement(f, 1, 'confederate');
    expect(farthest(f, 'confederate', 'c1')).toBe(6);
  });
});

// ------------------------------------------------------- 17.3, 17.4 ----

function allocationGame(nightTurns: number[] = []): Fixture {
  return setUp(
    testMap(),
    testScenario({
      units: [
        unit('s1', 'confederate', 'infantry', stewart),
        unit('s2', 'confederate', 'infantry', stewart),
        unit('s3', 'confederate', 'infantry', stewart),
        unit('s4', 'confederate', 'infantry', stewart),
        unit('s5', 'confederate', 'infantry', stewart),
        unit('s6', 'confederate', 'infantry', stewart),
        unit('s7', 'confederate', 'infantry', stewart),
        unit('s8', 'confederate', 'infantry', stewart),
        unit('h1', 'confederate', 'infantry', hardee),
        unit('h2', 'confederate', 'infantry', hardee),
        unit('x1', 'confederate'),
        unit('u1', 'union'),
        unit('u2', 'union'),
      ],
      placements: [
        { unit: 's1', hex: '0110' },
        { unit: 's2', hex: '0210' },
        { unit: 's3', hex: '0310' },
        { unit: 's4', hex: '0410' },
        { unit: 's5', hex: '0510' },
        { unit: 's6', hex: '0610' },
        { unit: 's7', hex: '0710' },
        { unit: 's8', hex: '0505' },
        { unit: 'h1', hex: '0908' },
        { unit: 'h2', hex: '1008' },
        { unit: 'x1', hex: '0905' },
        { unit: 'u1', hex: '0504' },
        { unit: 'u2', hex: '0201' },
      ],
      firstPlayer: 'confederate',
      turns: 6,
      nightTurns,
      specialRules: [ALLOCATION],
    }),
  );
}
const roll = (f: Fixture, dice: number[]) => {
  const r = applyOrder(
    f.ctx,
    f.state,
    'confederate',
    { type: 'activation-roll', rule: '17.3, 17.4' },
    fixedDice(dice),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.refusal));
  f.state = r.state;
  return r.events;
};
const north = (h: string) => `${h.slice(0, 2)}${String(Number(h.slice(2)) - 1).padStart(2, '0')}`;
const step = (f: Fixture, id: string) =>
  tryOrder(f, 'confederate', { type: 'move', unit: id, path: [north(f.state.units[id].hex!)] });
const moveOk = (f: Fixture, id: string) => {
  const r = step(f, id);
  if (!r.ok) throw new Error(`${id}: ${JSON.stringify(r.refusal)}`);
  f.state = r.state;
};
const movers = (orders: Order[]) =>
  new Set(orders.filter((o) => o.type === 'move').map((o) => (o as { unit: string }).unit));

describe('Peachtree Creek 17.3/17.4 the Confederate Command Allocation Table (movement-quota, command form)', () => {
  it('Peachtree Creek 17.3: the command form is implemented; an allocation table without six entries, or no commands, is not', () => {
    expect(unsupportedReason(ALLOCATION)).toBeNull();
    const p = ALLOCATION.params!;
    expect(
      unsupportedReason({ ...ALLOCATION, params: { ...p, limits: [{ byDie: [1, 2, 3] }] } }),
    ).toMatch(/byDie/);
    expect(unsupportedReason({ ...ALLOCATION, params: { ...p, commands: [] } })).toMatch(
      /commands/,
    );
    expect(unsupportedReason({ ...ALLOCATION, params: { ...p, notCounted: ['x'] } })).toMatch(
      /notCounted/,
    );
  });

  it('Peachtree Creek 17.3: at the beginning of the Movement Phase the die is rolled for each command; until then no unit of a command moves', () => {
    const f = allocationGame();
    expect(legalOrders(f.ctx, f.state, 'confederate')).toContainEqual({
      type: 'activation-roll',
      rule: '17.3, 17.4',
    });
    expect(movers(legalOrders(f.ctx, f.state, 'confederate')).size).toBe(0);
    expect(step(f, 's1')).toMatchObject({
      ok: false,
      refusal: { code: 'ALLOCATION_ROLL_FIRST', rule: '17.3, 17.4' },
    });
    const events = roll(f, [1, 6]);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'allocation-rolled',
        rolls: { Stewart: 1, Hardee: 6 },
        allocated: { Stewart: 4, Hardee: 7 },
      }),
    );
    expect(
      legalOrders(f.ctx, f.state, 'confederate').some((o) => o.type === 'activation-roll'),
    ).toBe(false);
    expect(
      tryOrder(f, 'confederate', { type: 'activation-roll', rule: '17.3, 17.4' }),
    ).toMatchObject({ ok: false, refusal: { code: 'ALREADY_ROLLED' } });
  });

  it('Peachtree Creek 17.4: Game-Turn One allocations 1-2 → 4, 3-4 → 5, 5 → 6, 6 → 7; Game-Turns Two-Six 3, 3, 4, 4, 5, 6', () => {
    const table: Record<number, number[]> = {};
    for (const turn of [1, 2, 6]) {
      table[turn] = [];
      for (let die = 1; die <= 6; die++) {
        const f = allocationGame();
        f.state = { ...f.state, turn };
        const e = roll(f, [die, die]).find((x) => x.type === 'allocation-rolled')!;
        table[turn].push((e.allocated as Record<string, number>).Stewart);
      }
    }
    expect(table).toEqual({
      1: [4, 4, 5, 5, 6, 7],
      2: [3, 3, 4, 4, 5, 6],
      6: [3, 3, 4, 4, 5, 6],
    });
  });

  it('Peachtree Creek 17.3: each command moves no more than its allocation; allocations are not transferred (Hardee still moves when Stewart is spent)', () => {
    const f = allocationGame();
    roll(f, [2, 1]); // Stewart 4, Hardee 4
    for (const id of ['s1', 's2', 's3', 's4']) moveOk(f, id);
    expect(step(f, 's5')).toMatchObject({
      ok: false,
      refusal: { code: 'MOVEMENT_QUOTA', rule: '17.3, 17.4' },
    });
    const now = movers(legalOrders(f.ctx, f.state, 'confederate'));
    expect([...now].sort()).toEqual(['h1', 'h2']);
    moveOk(f, 'h1');
    moveOk(f, 'h2');
  });

  it('Peachtree Creek 17.3: allocations are not saved: the next Movement Phase is rolled afresh and the unused units do not carry over', () => {
    const f = allocationGame();
    roll(f, [6, 6]); // 7 and 7, only one unit moved
    moveOk(f, 's1');
    f.state = { ...f.state, turn: 2, movement: freshMovementPhase() };
    expect(step(f, 's2')).toMatchObject({ ok: false, refusal: { code: 'ALLOCATION_ROLL_FIRST' } });
    roll(f, [1, 1]); // 3 and 3
    for (const id of ['s2', 's3', 's4']) moveOk(f, id);
    expect(step(f, 's5')).toMatchObject({ ok: false, refusal: { code: 'MOVEMENT_QUOTA' } });
  });

  it('Peachtree Creek 17.3: units in an Enemy Zone of Control do not count against the allocations (one leaving it at Night, 11.12, moves before the roll and uses none)', () => {
    const f = allocationGame([1]);
    // s8 at 0505 is next to the Union unit at 0504: it may leave at Night (11.12).
    const away = tryOrder(f, 'confederate', { type: 'move', unit: 's8', path: ['0506'] });
    if (!away.ok) throw new Error(JSON.stringify(away.refusal));
    f.state = away.state;
    roll(f, [1, 1]); // Stewart 4 (Game-Turn One)
    for (const id of ['s1', 's2', 's3', 's4']) moveOk(f, id);
    expect(step(f, 's5')).toMatchObject({ ok: false, refusal: { code: 'MOVEMENT_QUOTA' } });
  });

  it('Peachtree Creek 17.3: a Confederate unit whose counter carries no command marking may not move (never moved outside the table)', () => {
    const f = allocationGame();
    roll(f, [6, 6]);
    expect(step(f, 'x1')).toMatchObject({ ok: false, refusal: { code: 'NO_COMMAND' } });
    expect(movers(legalOrders(f.ctx, f.state, 'confederate')).has('x1')).toBe(false);
  });

  it('Peachtree Creek 17.3: the Union is not limited; ending the phase without the roll moves nothing counted', () => {
    const f = allocationGame();
    f.state = play(f, 'confederate', { type: 'end-phase' });
    expect(f.state.phase).toBe('combat');
    f.state = { ...f.state, phase: 'movement', phasing: 'union', movement: freshMovementPhase() };
    expect(movers(legalOrders(f.ctx, f.state, 'union')).has('u2')).toBe(true);
    expect(legalOrders(f.ctx, f.state, 'union').some((o) => o.type === 'activation-roll')).toBe(
      false,
    );
  });
});
