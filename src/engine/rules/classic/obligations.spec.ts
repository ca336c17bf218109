/**
 * The 1975 mandatory attacks taken as a whole (O7.11, O7.12, O7.23): an
 * attack that leaves the remaining obligations impossible to meet together
 * is refused, as in the revised rules (A17, the same search); an obligation
 * that has already become impossible blocks nothing else; and the phase
 * never reaches a dead end: end-phase is refused only while a listed, legal
 * attack meets an obligation.
 */
import { fixedDice } from '../../dice';
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import { act, classicGame, classicOrders, refused, toCombat } from './classic.fixtures';
import { phaseOf, withPhase } from './combat';
import { applyClassicOrder } from './sequence-of-play';

const attacks = (ctx: GameContext, s: GameState) =>
  classicOrders(ctx, s, 'union').filter((o) => o.type === 'attack');
const endListed = (ctx: GameContext, s: GameState) =>
  classicOrders(ctx, s, 'union').some((o) => o.type === 'end-phase');

describe('O7.11, O7.12 obligations as a whole, 1975', () => {
  // c in 0403 is in the Zone of Control of four Enemy units; the only other
  // unit that can attack any of them is the battery g in 0604, in range of
  // all four, which bombarding alone attacks one hex (O8.13).
  const game = () => {
    const { ctx, state } = classicGame([
      { id: 'c', side: 'union', strength: 6, hex: '0403' },
      { id: 'g', side: 'union', type: 'artillery', strength: 2, hex: '0604' },
      { id: 'e1', side: 'confederate', strength: 1, hex: '0404' },
      { id: 'e2', side: 'confederate', strength: 1, hex: '0302' },
      { id: 'e3', side: 'confederate', strength: 1, hex: '0402' },
      { id: 'e4', side: 'confederate', strength: 1, hex: '0303' },
    ]);
    return { ctx, s: toCombat(ctx, state) };
  };

  it('O7.11: an attack that leaves two Enemy units which must be attacked to one battery is refused', () => {
    const { ctx, s } = game();
    // Each of e1 and e3 could still be bombarded by g on its own, but g
    // bombards one hex: after this attack they cannot both be attacked.
    const r = refused(
      ctx,
      s,
      'union',
      { type: 'attack', attackers: ['c'], defenders: ['0303', '0302'] },
      fixedDice([1, 1, 1, 1]),
    );
    expect(r.code).toBe('OBLIGATIONS_UNMEETABLE');
    expect(r.rule).toBe('O7.11, O7.12');
    // Neither is it listed; every listed attack keeps the obligations possible.
    const listed = attacks(ctx, s);
    expect(listed.length).toBeGreaterThan(0);
    expect(
      listed.some(
        (o) =>
          JSON.stringify((o as Record<string, unknown>).defenders) ===
            JSON.stringify(['0303', '0302']) &&
          ((o as Record<string, unknown>).attackers as string[]).includes('c'),
      ),
    ).toBe(false);
    for (const o of listed)
      expect(applyClassicOrder(ctx, s, 'union', o, fixedDice([1, 1, 1, 1])).ok).toBe(true);
  });

  it('O7.11: the same attack leaving one of them to the battery is accepted', () => {
    const { ctx, s } = game();
    const r = applyClassicOrder(
      ctx,
      s,
      'union',
      { type: 'attack', attackers: ['c'], defenders: ['0303', '0302', '0402'] },
      fixedDice([1]),
    );
    expect(r.ok).toBe(true);
  });

  it('O7.11, O7.23: the battery may bombard one of them first when the unit in their Zone of Control can still attack the rest', () => {
    const { ctx, s } = game();
    const r = applyClassicOrder(
      ctx,
      s,
      'union',
      { type: 'attack', attackers: [], bombard: ['g'], defenders: ['0402'] },
      fixedDice([1]),
    );
    expect(r.ok).toBe(true);
  });

  it('O7.12: an obligation that can no longer be met does not block an attack that meets another; end-phase waits for it', () => {
    // d attacked e6 and g, the only unit that could attack e2 (in d's Zone of
    // Control), was displaced before it fired (O7.82): e2 can no longer be
    // attacked. c must still attack e1, and may.
    const { ctx, state } = classicGame([
      { id: 'c', side: 'union', strength: 6, hex: '0202' },
      { id: 'd', side: 'union', strength: 6, hex: '0606' },
      { id: 'g', side: 'union', type: 'artillery', strength: 2, hex: '0603' },
      { id: 'e1', side: 'confederate', strength: 1, hex: '0201' },
      { id: 'e2', side: 'confederate', strength: 1, hex: '0605' },
      { id: 'e6', side: 'confederate', strength: 1, hex: '0706' },
    ]);
    const s0 = toCombat(ctx, state);
    expect(phaseOf(s0).obliged).toEqual(['c', 'd']);
    const p = phaseOf(s0);
    const s = withPhase(s0, {
      ...p,
      combats: 1,
      attacked: ['d'],
      defended: ['e6'],
      attackedFrom: { '0606': 1 },
      noFire: ['g'],
    });
    const attack = { type: 'attack', attackers: ['c'], defenders: ['0201'] };
    expect(attacks(ctx, s)).toContainEqual(attack);
    expect(endListed(ctx, s)).toBe(false);
    expect(refused(ctx, s, 'union', { type: 'end-phase' }).code).toBe('ATTACKS_REQUIRED');
    // 6 against 1 at 6-1, die 1: De; c declines to advance.
    let next = act(ctx, s, 'union', attack, fixedDice([1])).state;
    if (next.pending) next = act(ctx, next, 'union', { type: 'decline-advance' }).state;
    expect(endListed(ctx, next)).toBe(true);
    const end = act(ctx, next, 'union', { type: 'end-phase' });
    expect(end.events).toContainEqual(
      expect.objectContaining({ type: 'obligation-lapsed', units: [], enemies: ['e2'] }),
    );
  });

  it('O7.11, O7.12: end-phase is never refused without a listed attack that meets an obligation, and every listed attack is accepted', () => {
    // Play the four-enemy position out, always taking the first listed order:
    // the phase ends, and at each step either end-phase or an attack is open.
    const { ctx, s } = game();
    let st = s;
    for (let i = 0; i < 20 && st.phase === 'combat'; i++) {
      const side = st.pending ? st.pending.side : 'union';
      const orders = classicOrders(ctx, st, side);
      expect(orders.length).toBeGreaterThan(0);
      const r = applyClassicOrder(ctx, st, side, orders[0], fixedDice([1, 1, 1, 1]));
      expect(r.ok).toBe(true);
      if (!r.ok) break;
      st = r.state;
    }
    expect(st.phase).not.toBe('combat');
  });
});
