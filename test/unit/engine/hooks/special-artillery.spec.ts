/**
 * special-artillery (Antietam 18.1, 18.2), through the whole engine: listing,
 * attack resolution, retreat, movement.
 */
import { applyOrder, legalOrders, GameContext } from '../../../../src/engine/game';
import type { GameState } from '../../../../src/engine/state';
import type { GameEvent, RuleHook } from '../../../../src/engine/types';
import { fixedDice } from '../../../../src/engine/dice';
import { combatGame, TestUnit } from '../../../../src/engine/rules/blue-grey/combat.fixtures';
import { bombardRange } from '../../../../src/engine/rules/blue-grey/artillery';

const RIFLED: RuleHook = {
  hook: 'special-artillery',
  case: '18.1, 18.2',
  params: {
    side: 'union',
    units: ['rifled'],
    immobile: true,
    retreatEliminates: true,
    retreatIgnoredWhenAttackedOnlyByArtillery: true,
    range: 7,
    rangeEffects: false,
    defensiveBonus953: false,
  },
};

function game(
  units: TestUnit[],
  phasing: 'union' | 'confederate' = 'union',
  rules: RuleHook[] = [RIFLED],
) {
  return combatGame(units, { phasing, scenario: { specialRules: rules } });
}

function attack(
  ctx: GameContext,
  state: GameState,
  side: 'union' | 'confederate',
  order: unknown,
  rolls: number[],
) {
  const r = applyOrder(ctx, state, side, order, fixedDice(rolls, state.diceDrawn));
  if (!r.ok) throw new Error(JSON.stringify(r.refusal));
  return r;
}

const resolved = (events: GameEvent[]) =>
  events.find((e) => e.type === 'combat-resolved') as GameEvent & {
    strengths: { attack: number; defence: number };
    odds: string;
    result: string;
  };

describe('Antietam 18.0 Union rifled artillery (special-artillery)', () => {
  it('Antietam 18.2: the rifled artillery has a Range of seven hexes; other artillery keeps three', () => {
    const { ctx } = game([
      { id: 'rifled', side: 'union', type: 'artillery', hex: '0104' },
      { id: 'gun', side: 'union', type: 'artillery', hex: '0105' },
    ]);
    expect(bombardRange(ctx, 'rifled')).toBe(7);
    expect(bombardRange(ctx, 'gun')).toBe(3);
  });

  it('Antietam 18.2: it bombards a hex seven hexes away at full strength (no Range effects), where 9.19 would cut it by one-third', () => {
    const units: TestUnit[] = [
      { id: 'rifled', side: 'union', type: 'artillery', hex: '0104', strength: 6 },
      { id: 'c1', side: 'confederate', hex: '0804', strength: 3 },
    ];
    const { ctx, state } = game(units);
    expect(ctx.map.grid.distance('0104', '0804')).toBe(7);
    const order = { type: 'attack', attackers: [], bombard: ['rifled'], defenders: ['0804'] };
    expect(legalOrders(ctx, state, 'union')).toContainEqual(order);
    const r = attack(ctx, state, 'union', order, [6]);
    expect(resolved(r.events).strengths).toMatchObject({ attack: 6, defence: 3 });
    expect(resolved(r.events).odds).toBe('2:1');
    // Without the rule the same gun is out of range.
    const plain = game(units, 'union', []);
    expect(legalOrders(plain.ctx, plain.state, 'union')).not.toContainEqual(order);
    // At three hexes a standard gun of 6 bombards with 4 (9.19); the rifled gun with 6.
    const near = game([
      { id: 'rifled', side: 'union', type: 'artillery', hex: '0404', strength: 6 },
      { id: 'c1', side: 'confederate', hex: '0704', strength: 3 },
    ]);
    const o2 = { type: 'attack', attackers: [], bombard: ['rifled'], defenders: ['0704'] };
    expect(resolved(attack(near.ctx, near.state, 'union', o2, [6]).events).strengths.attack).toBe(
      6,
    );
  });

  it('Antietam 18.2: its defence is not increased by one-half under 9.53', () => {
    const units: TestUnit[] = [
      { id: 'rifled', side: 'union', type: 'artillery', hex: '0404', strength: 4 },
      { id: 'inf', side: 'union', hex: '0403', strength: 2 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 8 },
    ];
    const order = { type: 'attack', attackers: ['c1'], defenders: ['0404'] };
    const withRule = game(units, 'confederate');
    expect(
      resolved(attack(withRule.ctx, withRule.state, 'confederate', order, [6]).events).strengths
        .defence,
    ).toBe(4);
    const without = game(units, 'confederate', []);
    expect(
      resolved(attack(without.ctx, without.state, 'confederate', order, [6]).events).strengths
        .defence,
    ).toBe(6);
  });

  it('Antietam 18.1: forced to retreat by combat, it is eliminated instead', () => {
    const { ctx, state } = game(
      [
        { id: 'rifled', side: 'union', type: 'artillery', hex: '0404', strength: 4 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 8 },
      ],
      'confederate',
    );
    const r = attack(
      ctx,
      state,
      'confederate',
      { type: 'attack', attackers: ['c1'], defenders: ['0404'] },
      [1, 6, 6, 6],
    );
    expect(resolved(r.events)).toMatchObject({ odds: '2:1', result: 'Dr' });
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'retreat-eliminates', unit: 'rifled', rule: '18.1, 18.2' }),
    );
    expect(r.state.units.rifled.status).toBe('eliminated');
  });

  it('Antietam 18.1: attacked solely by Enemy artillery, a Retreat result does not affect it', () => {
    const { ctx, state } = game(
      [
        { id: 'rifled', side: 'union', type: 'artillery', hex: '0404', strength: 4 },
        { id: 'cgun', side: 'confederate', type: 'artillery', hex: '0604', strength: 8 },
      ],
      'confederate',
    );
    const r = attack(
      ctx,
      state,
      'confederate',
      { type: 'attack', attackers: [], bombard: ['cgun'], defenders: ['0404'] },
      [1, 6, 6],
    );
    expect(resolved(r.events)).toMatchObject({ odds: '2:1', result: 'Dr' });
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'retreat-ignored', unit: 'rifled' }),
    );
    expect(r.state.units.rifled).toMatchObject({ status: 'on-map', hex: '0404' });
  });

  it('Antietam 18.1: Union artillery units are immobile; they may not be moved during the game', () => {
    const { ctx, state } = game([
      { id: 'rifled', side: 'union', type: 'artillery', hex: '0404' },
      { id: 'gun', side: 'union', type: 'artillery', hex: '0104' },
      { id: 'c1', side: 'confederate', hex: '0808' },
    ]);
    const moving: GameState = {
      ...state,
      phase: 'movement',
      combat: null,
      movement: { moved: [], entered: {}, marked: [], enteredEnemyZoc: [] },
    };
    const orders = legalOrders(ctx, moving, 'union');
    expect(
      orders.some((o) => (o as { unit?: string }).unit === 'rifled' && /move/.test(o.type)),
    ).toBe(false);
    expect(orders.some((o) => (o as { unit?: string }).unit === 'gun' && o.type === 'move')).toBe(
      true,
    );
    const r = applyOrder(
      ctx,
      moving,
      'union',
      { type: 'move', unit: 'rifled', path: ['0403'] },
      fixedDice([]),
    );
    expect(r).toMatchObject({ ok: false, refusal: { code: 'IMMOBILE', rule: '18.1, 18.2' } });
  });
});
