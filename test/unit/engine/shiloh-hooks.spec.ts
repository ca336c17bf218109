import { seededDice } from '../../../src/engine/dice';
import { applyOrder, legalOrders, newGame } from '../../../src/engine/game';
import type { GameState } from '../../../src/engine/state';
import { play, setUp, testMap, testScenario, tryOrder, unit } from './helpers';
import { shiloh } from './shiloh';

describe('Shiloh exclusive movement rules', () => {
  it('19.1: on Game-Turns 1–2 each Union unit not in a Confederate ZOC must move one hex north or north-east', () => {
    const f = setUp(
      testMap(),
      testScenario({
        units: [unit('u', 'union'), unit('v', 'union'), unit('c', 'confederate')],
        placements: [
          { unit: 'u', hex: '0505' },
          { unit: 'v', hex: '0208' },
          { unit: 'c', hex: '0206' },
        ],
        specialRules: [
          {
            hook: 'surprise-assault',
            case: '19.1',
            params: { side: 'union', turns: [1, 2], bearings: ['north', 'north-east'] },
          },
        ],
      }),
    );
    const moves = legalOrders(f.ctx, f.state, 'union').filter((o) => o.type !== 'resign');
    // 0505 (odd column, shifted down): north 0504, north-east 0605; v at 0208 is not in c's ZOC (0206 is two hexes away) and moves too.
    expect(
      moves
        .filter((o) => (o as unknown as { unit: string }).unit === 'u')
        .map((o) => (o as unknown as { path: string[] }).path),
    ).toEqual(expect.arrayContaining([['0504'], ['0605']]));
    expect(moves.some((o) => o.type === 'end-phase')).toBe(false);
    expect(tryOrder(f, 'union', { type: 'move', unit: 'u', path: ['0504', '0503'] })).toMatchObject(
      { ok: false, refusal: { code: 'SURPRISE_ASSAULT_ONE_HEX' } },
    );
    expect(tryOrder(f, 'union', { type: 'move', unit: 'u', path: ['0506'] })).toMatchObject({
      ok: false,
      refusal: { code: 'SURPRISE_ASSAULT_ONE_HEX' },
    });
    expect(tryOrder(f, 'union', { type: 'end-phase' })).toMatchObject({
      ok: false,
      refusal: { code: 'SURPRISE_ASSAULT_MOVE_REQUIRED' },
    });
    f.state = play(f, 'union', { type: 'move', unit: 'u', path: ['0504'] });
    f.state = play(f, 'union', { type: 'move', unit: 'v', path: ['0207'] });
    expect(tryOrder(f, 'union', { type: 'end-phase' }).ok).toBe(true);
  });

  it('19.1: a Union unit in a Confederate ZOC may not move', () => {
    const f = setUp(
      testMap(),
      testScenario({
        units: [unit('u', 'union'), unit('c', 'confederate')],
        placements: [
          { unit: 'u', hex: '0505' },
          { unit: 'c', hex: '0503' },
        ],
        specialRules: [{ hook: 'surprise-assault', case: '19.1' }],
        nightTurns: [1],
      }),
    );
    expect(tryOrder(f, 'union', { type: 'move', unit: 'u', path: ['0504'] }).ok).toBe(true);
    f.state = { ...f.state, units: { ...f.state.units, c: { ...f.state.units.c, hex: '0504' } } };
    expect(tryOrder(f, 'union', { type: 'move', unit: 'u', path: ['0506'] })).toMatchObject({
      ok: false,
      refusal: { code: 'SURPRISE_ASSAULT_LOCKED' },
    });
    expect(tryOrder(f, 'union', { type: 'end-phase' }).ok).toBe(true);
  });

  const ferry = () =>
    setUp(
      testMap({
        hexes: {
          '0505': { terrain: 'ferry', crossing: ['0605', '0405'] },
          '1001': { terrain: 'clear' },
        },
      }),
      testScenario({
        units: [unit('u', 'union'), unit('w', 'union'), unit('c', 'confederate')],
        placements: [
          { unit: 'u', hex: '0605' },
          { unit: 'w', hex: '0405' },
          { unit: 'c', hex: '1001' },
        ],
        specialRules: [
          {
            hook: 'ferry-crossing',
            case: '20.0',
            params: {
              side: 'union',
              hexes: ['0505'],
              from: 'east',
              to: 'west',
              entryCost: 3,
              blockingHex: '0101',
            },
          },
        ],
      }),
    );
  it('20.0: Union units cross the ferry east to west only, at 3 MP', () => {
    const f = ferry();
    const r = tryOrder(f, 'union', { type: 'move', unit: 'u', path: ['0505', '0405'] });
    expect(r.ok && r.events.find((e) => e.type === 'moved')).toMatchObject({ mp: '4' });
    expect(tryOrder(f, 'union', { type: 'move', unit: 'w', path: ['0505', '0605'] })).toMatchObject(
      { ok: false, refusal: { code: 'FERRY_DIRECTION' } },
    );
  });
  it('20.0: the ferry is closed while the blocking hex is occupied by Confederates', () => {
    const f = ferry();
    f.state = {
      ...f.state,
      units: {
        ...f.state.units,
        w: { ...f.state.units.w, hex: '0305' },
        c: { ...f.state.units.c, hex: '0101' },
      },
    };
    expect(tryOrder(f, 'union', { type: 'move', unit: 'u', path: ['0505', '0405'] })).toMatchObject(
      { ok: false, refusal: { code: 'FERRY_CLOSED' } },
    );
  });
});

describe('18.31 occupation', () => {
  it('18.31: the last side to move into or through an objective hex occupies it', () => {
    const f = setUp(
      testMap(),
      testScenario({
        units: [unit('u', 'union'), unit('c', 'confederate')],
        placements: [
          { unit: 'u', hex: '0505' },
          { unit: 'c', hex: '1010' },
        ],
        objectives: ['0503'],
      }),
    );
    expect(f.state.objectives['0503']).toBeNull();
    f.state = play(f, 'union', { type: 'move', unit: 'u', path: ['0504', '0503', '0502'] });
    expect(f.state.objectives['0503']).toBe('union');
  });
});

describe('Shiloh opening', () => {
  it('19.1, 6.0: the Shiloh opening position lists orders for both Player-Turns of Game-Turn 1', () => {
    const ctx = shiloh();
    let state: GameState = newGame(ctx, {}, seededDice('s'));
    expect(state.phasing).toBe('confederate');
    expect(legalOrders(ctx, state, 'confederate').some((o) => o.type === 'end-phase')).toBe(true);
    for (let k = 0; k < 2; k++) {
      const r = applyOrder(
        ctx,
        state,
        state.phasing,
        { type: 'end-phase' },
        seededDice('s', state.diceDrawn),
      );
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      state = r.state;
    }
    if (state.phase === 'movement') {
      expect(state.phasing).toBe('union');
      const orders = legalOrders(ctx, state, 'union');
      expect(orders.some((o) => o.type === 'end-phase')).toBe(false);
      expect(
        orders
          .filter((o) => o.type === 'move')
          .every((o) => (o as unknown as { path: string[] }).path.length === 1),
      ).toBe(true);
    }
  });
});
