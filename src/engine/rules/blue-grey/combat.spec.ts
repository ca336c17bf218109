import { applyOrder, legalOrders, whoMustAct } from '../../game';
import { fixedDice } from '../../dice';
import { act, combatGame, ofType } from './combat.fixtures';
import { combatOf } from './combat';

// Test sheet: neighbours of 0404 are 0504 0503 0403 0303 0304 0405.

const types = (orders: { type: string }[]) => [...new Set(orders.map((o) => o.type))].sort();

describe('8.1 which units attack', () => {
  const setup = () =>
    combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 8 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
    ]);

  it('8.11, 8.12: a unit in an enemy ZOC must attack; end-phase is refused until it has', () => {
    const { ctx, state } = setup();
    expect(combatOf(state).obliged).toEqual(['u1']);
    const orders = legalOrders(ctx, state, 'union');
    expect(orders).toContainEqual({ type: 'attack', attackers: ['u1'], defenders: ['0504'] });
    expect(types(orders)).not.toContain('end-phase');
    const r = applyOrder(ctx, state, 'union', { type: 'end-phase' }, fixedDice([]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal).toMatchObject({ code: 'ATTACKS_REQUIRED', rule: '8.11, 8.12' });
  });

  it('8.15: a non-artillery unit may attack only an adjacent hex', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404' },
      { id: 'c1', side: 'confederate', hex: '0704' },
    ]);
    const r = applyOrder(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0704'] },
      fixedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.rule).toBe('8.25');
  });

  it('8.14, 8.21: no unit attacks twice and no enemy unit is attacked twice', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 2 },
      { id: 'u2', side: 'union', hex: '0604', strength: 2 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 8 },
    ]);
    // 2 vs 8 = 1:4; die 1 → Ar; u1 retreats (several hexes: pending), so use u1 and u2 together instead.
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1', 'u2'], defenders: ['0504'] },
      [2],
    );
    expect(ofType(r.events, 'combat-resolved')[0]).toMatchObject({ odds: '1:2', result: 'Ar' });
    let s = r.state;
    while (s.pending) {
      const side = s.pending.side;
      const ans = legalOrders(ctx, s, side).find((o) => o.type !== 'resign')!;
      s = act(ctx, s, side, ans, [6, 6, 6]).state;
    }
    const again = applyOrder(
      ctx,
      s,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      fixedDice([]),
    );
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.refusal.rule).toBe('8.14');
  });

  it('12.23: a Routed unit may not attack and is not obliged to', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404' },
        { id: 'c1', side: 'confederate', hex: '0504' },
      ],
      { tweak: (s) => ({ ...s, units: { ...s.units, u1: { ...s.units.u1, morale: 'routed' } } }) },
    );
    expect(combatOf(state).obliged).toEqual([]);
    const r = applyOrder(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      fixedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal).toMatchObject({ code: 'ROUTED_MAY_NOT_ATTACK', rule: '12.23' });
  });
});

describe('8.6 results applied', () => {
  it('8.6, 8.71, 8.72, 8.75, 8.76, 12.12: on Dr the defender retreats by his own choice, the attacker may advance, then the Disorder roll', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 8 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
    ]);
    let r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [1],
    );
    expect(ofType(r.events, 'combat-resolved')[0]).toMatchObject({
      odds: '2:1',
      column: '2:1',
      roll: 1,
      result: 'Dr',
    });
    let s = r.state;
    expect(whoMustAct(ctx, s)).toMatchObject({
      side: 'confederate',
      kind: 'decision',
      decision: { kind: 'retreat', unit: 'c1' },
    });
    expect(legalOrders(ctx, s, 'union')).toEqual([]);
    const retreats = legalOrders(ctx, s, 'confederate').filter((o) => o.type === 'retreat');
    expect(retreats.length).toBeGreaterThan(1);
    for (const o of retreats)
      expect(
        ctx.map.grid.distance('0404', ((o as Record<string, unknown>).path as string[])[0]),
      ).toBeGreaterThan(1);
    r = act(ctx, s, 'confederate', retreats[0]);
    s = r.state;
    expect(s.pending).toMatchObject({ side: 'union', kind: 'advance', hex: '0504' });
    r = act(ctx, s, 'union', { type: 'advance', unit: 'u1', to: '0504' }, [5]);
    s = r.state;
    expect(s.units.u1.hex).toBe('0504');
    expect(ofType(r.events, 'disorder-roll')[0]).toMatchObject({
      unit: 'c1',
      roll: 5,
      disordered: true,
      rule: '12.12',
    });
    expect(s.units.c1.morale).toBe('disordered');
    expect(combatOf(s).advanced).toEqual(['u1']);
    expect(types(legalOrders(ctx, s, 'union'))).toContain('end-phase');
  });

  it('8.6: De, all defenders eliminated and counted for victory points', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 12 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [1],
    );
    expect(ofType(r.events, 'combat-resolved')[0]).toMatchObject({ odds: '3:1', result: 'De' });
    expect(r.state.units.c1.status).toBe('eliminated');
    expect(r.state.eliminatedStrength.confederate).toBe(4);
    expect(r.state.pending).toMatchObject({ kind: 'advance', side: 'union' });
  });

  it('8.6, 8.75: Ae, all attacking units eliminated; the defender may advance into the vacated hex (A40)', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 1 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 5 },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [6],
    );
    expect(ofType(r.events, 'combat-resolved')[0]).toMatchObject({ odds: '1:5', result: 'Ae' });
    expect(r.state.units.u1.status).toBe('eliminated');
    expect(r.state.pending).toMatchObject({ side: 'confederate', kind: 'advance', hex: '0404' });
    expect(legalOrders(ctx, r.state, 'confederate')).toEqual([
      { type: 'advance', unit: 'c1', to: '0404' },
      { type: 'decline-advance', hex: '0404' },
    ]);
  });

  it("8.6, 12.26: Ex, the attacker loses printed strength at least equal to the defenders'", () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 5 },
      { id: 'u2', side: 'union', hex: '0403', strength: 3 },
      { id: 'u3', side: 'union', hex: '0503', strength: 4 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 3 },
    ]);
    // 0504's neighbours include 0404, 0503; 0403 is not adjacent to 0504, so u2 stays out.
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1', 'u3'], defenders: ['0504'] },
      [6],
    );
    expect(ofType(r.events, 'combat-resolved')[0]).toMatchObject({ odds: '3:1', result: 'Ex' });
    expect(r.state.pending).toMatchObject({ side: 'union', kind: 'exchange-losses', required: 3 });
    const answers = legalOrders(ctx, r.state, 'union').filter((o) => o.type === 'choose-losses');
    expect(answers.map((o) => (o as Record<string, unknown>).units)).toEqual([['u1'], ['u3']]);
    const bad = applyOrder(
      ctx,
      r.state,
      'union',
      { type: 'choose-losses', units: ['u1', 'u3'] },
      fixedDice([]),
    );
    expect(bad.ok).toBe(false);
  });

  it('8.6, 12.11: Ae*, the defender chooses which attacker is eliminated; the rest retreat and are Disordered (12.11)', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 1 },
      { id: 'u2', side: 'union', hex: '0604', strength: 1 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 9 },
    ]);
    let r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1', 'u2'], defenders: ['0504'] },
      [3],
    );
    expect(ofType(r.events, 'combat-resolved')[0]).toMatchObject({ odds: '1:5', result: 'Ae*' });
    expect(r.state.pending).toMatchObject({ side: 'confederate', kind: 'ae-star-victim' });
    r = act(ctx, r.state, 'confederate', { type: 'choose-losses', units: ['u2'] });
    expect(r.state.units.u2.status).toBe('eliminated');
    let s = r.state;
    while (s.pending && s.pending.kind === 'retreat') {
      const o = legalOrders(ctx, s, s.pending.side)[0];
      s = act(ctx, s, s.pending.side, o).state;
    }
    expect(s.units.u1.morale).toBe('disordered');
    expect(s.units.u1.hex).not.toBe('0404');
  });
});

describe('8.9 voluntary reduction of odds', () => {
  it('8.9: an attack computed at 5:1 is resolved at 3:1 when the attacker asks', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 10 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'], reduceOddsTo: '3:1' },
      [2],
    );
    expect(ofType(r.events, 'combat-resolved')[0]).toMatchObject({
      odds: '5:1',
      reducedTo: '3:1',
      column: '3:1',
      result: 'Dr',
    });
  });
});
