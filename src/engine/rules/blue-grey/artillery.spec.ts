import { applyOrder, legalOrders, GameContext } from '../../game';
import type { GameState } from '../../state';
import { fixedDice } from '../../dice';
import { combatGame } from './combat.fixtures';

// Test sheet: 0404 → 0704 passes through 0504 and 0604.
function tryOrder(ctx: GameContext, state: GameState, order: unknown, rolls: number[] = []) {
  return applyOrder(ctx, state, 'union', order, fixedDice(rolls, state.diceDrawn));
}
const refusedWith = (r: ReturnType<typeof tryOrder>) => (r.ok ? null : r.refusal.rule);

describe('9.1 bombardment', () => {
  it('9.11, 9.15, 9.0: artillery bombards at three hexes and is unaffected by the result', () => {
    const { ctx, state } = combatGame([
      { id: 'gun', side: 'union', type: 'artillery', hex: '0404', strength: 6 },
      { id: 'c1', side: 'confederate', hex: '0704', strength: 2 },
    ]);
    expect(legalOrders(ctx, state, 'union')).toContainEqual({
      type: 'attack',
      attackers: [],
      bombard: ['gun'],
      defenders: ['0704'],
    });
    const r = tryOrder(
      ctx,
      state,
      { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0704'] },
      [1],
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // 9.19: range 3, 6 → 4; 4:2 = 2:1; die 1 → Dr.
    const resolved = r.events.find((e) => e.type === 'combat-resolved')!;
    expect(resolved).toMatchObject({ odds: '2:1', result: 'Dr' });
    expect(r.state.units.gun.hex).toBe('0404');
  });

  it('9.18: artillery may not bombard at less than 1:5', () => {
    const { ctx, state } = combatGame([
      { id: 'gun', side: 'union', type: 'artillery', hex: '0404', strength: 1 },
      { id: 'c1', side: 'confederate', hex: '0604', strength: 9 },
    ]);
    expect(
      refusedWith(
        tryOrder(ctx, state, {
          type: 'attack',
          attackers: [],
          bombard: ['gun'],
          defenders: ['0604'],
        }),
      ),
    ).toBe('9.18');
  });

  it('9.13: bombarding artillery alone attacks a single hex', () => {
    const { ctx, state } = combatGame([
      { id: 'gun', side: 'union', type: 'artillery', hex: '0404', strength: 6 },
      { id: 'c1', side: 'confederate', hex: '0604', strength: 1 },
      { id: 'c2', side: 'confederate', hex: '0605', strength: 1 },
    ]);
    expect(
      refusedWith(
        tryOrder(ctx, state, {
          type: 'attack',
          attackers: [],
          bombard: ['gun'],
          defenders: ['0604', '0605'],
        }),
      ),
    ).toBe('9.13');
  });

  it('9.31: no bombardment without a line of sight', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'gun', side: 'union', type: 'artillery', hex: '0404', strength: 6 },
        { id: 'c1', side: 'confederate', hex: '0704', strength: 1 },
      ],
      { hexes: { '0504': { terrain: 'forest' } } },
    );
    expect(
      refusedWith(
        tryOrder(ctx, state, {
          type: 'attack',
          attackers: [],
          bombard: ['gun'],
          defenders: ['0704'],
        }),
      ),
    ).toBe('9.31');
  });

  it('11.24: at Night artillery may not attack from a non-adjacent hex', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'gun', side: 'union', type: 'artillery', hex: '0404', strength: 6 },
        { id: 'c1', side: 'confederate', hex: '0604', strength: 1 },
      ],
      { night: true },
    );
    expect(
      refusedWith(
        tryOrder(ctx, state, {
          type: 'attack',
          attackers: [],
          bombard: ['gun'],
          defenders: ['0604'],
        }),
      ),
    ).toBe('11.24');
  });
});

describe('9.4 adjacent attacks', () => {
  it('9.41, 9.42: artillery in an enemy ZOC must attack the units exerting it and may not bombard', () => {
    const { ctx, state } = combatGame([
      { id: 'gun', side: 'union', type: 'artillery', hex: '0404', strength: 4 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      { id: 'c2', side: 'confederate', hex: '0604', strength: 2 },
    ]);
    expect(
      refusedWith(
        tryOrder(ctx, state, {
          type: 'attack',
          attackers: [],
          bombard: ['gun'],
          defenders: ['0604'],
        }),
      ),
    ).toBe('9.41');
    const end = applyOrder(ctx, state, 'union', { type: 'end-phase' }, fixedDice([]));
    expect(end.ok).toBe(false);
  });

  it('9.48, 9.43: adjacent artillery attacks at one and a half and suffers the result', () => {
    const { ctx, state } = combatGame([
      { id: 'gun', side: 'union', type: 'artillery', hex: '0404', strength: 4 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
    ]);
    const r = tryOrder(
      ctx,
      state,
      { type: 'attack', attackers: ['gun'], defenders: ['0504'] },
      [6],
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // 4 × 1.5 = 6 against 2 = 3:1; die 6 → Ex.
    expect(r.events.find((e) => e.type === 'combat-resolved')).toMatchObject({
      strengths: { attack: 6 },
      odds: '3:1',
      result: 'Ex',
    });
    expect(r.state.units.gun.status).toBe('eliminated');
  });

  it('9.53, 12.36: defending artillery next to friendly infantry gains one half against an adjacent attack', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 6 },
      { id: 'gun', side: 'confederate', type: 'artillery', hex: '0504', strength: 2 },
      { id: 'c1', side: 'confederate', hex: '0604', strength: 2 },
    ]);
    const r = tryOrder(ctx, state, { type: 'attack', attackers: ['u1'], defenders: ['0504'] }, [6]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events.find((e) => e.type === 'combat-resolved')).toMatchObject({
      strengths: { defence: 3 },
      odds: '2:1',
    });
  });
});

describe('9.6 gunboats', () => {
  it('9.66: gunboats may never be attacked', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'confederate', hex: '0404', strength: 6 },
        { id: 'boat', side: 'union', type: 'gunboat', hex: '0504', strength: 2 },
      ],
      { phasing: 'confederate', hexes: { '0504': { terrain: 'river' } } },
    );
    const r = applyOrder(
      ctx,
      state,
      'confederate',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      fixedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.rule).toBe('9.66');
  });
});

describe('8.7 retreat before combat', () => {
  it('8.77: defending cavalry attacked by non-cavalry may try to retreat two hexes; on 1–5 it goes and the attacker may advance', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 6 },
      { id: 'cav', side: 'confederate', type: 'cavalry', hex: '0504', strength: 2 },
    ]);
    const r = tryOrder(ctx, state, { type: 'attack', attackers: ['u1'], defenders: ['0504'] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.pending).toMatchObject({
      side: 'confederate',
      kind: 'cavalry-rbc-election',
      cavalry: ['cav'],
    });
    const r2 = applyOrder(
      ctx,
      r.state,
      'confederate',
      { type: 'cavalry-retreat', units: ['cav'] },
      fixedDice([3], r.state.diceDrawn),
    );
    expect(r2.ok).toBe(true);
    if (!r2.ok) return;
    expect(r2.events.find((e) => e.type === 'die-rolled')).toMatchObject({
      purpose: 'cavalry-retreat-before-combat',
      roll: 3,
      succeeds: true,
    });
    let s = r2.state;
    if (s.pending?.kind === 'retreat') {
      const o = legalOrders(ctx, s, 'confederate').find((x) => x.type === 'retreat')!;
      expect(((o as Record<string, unknown>).path as string[]).length).toBe(2);
      const r3 = applyOrder(ctx, s, 'confederate', o, fixedDice([]));
      if (!r3.ok) throw new Error('refused');
      s = r3.state;
    }
    expect(ctx.map.grid.distance(s.units.cav.hex!, '0504')).toBe(2);
    expect(s.units.cav.morale).toBe('good'); // 12.19
    expect(s.pending).toMatchObject({ side: 'union', kind: 'advance', hex: '0504' });
  });

  it('12.34: the attacker may force Routed defenders to retreat two hexes before combat; one that cannot is eliminated', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 6 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      ],
      { tweak: (s) => ({ ...s, units: { ...s.units, c1: { ...s.units.c1, morale: 'routed' } } }) },
    );
    const r = tryOrder(ctx, state, { type: 'attack', attackers: ['u1'], defenders: ['0504'] });
    if (!r.ok) throw new Error('refused');
    expect(r.state.pending).toMatchObject({
      side: 'union',
      kind: 'routed-rbc-election',
      routed: ['c1'],
    });
    const r2 = applyOrder(
      ctx,
      r.state,
      'union',
      { type: 'force-routed-retreat', units: ['c1'] },
      fixedDice([]),
    );
    if (!r2.ok) throw new Error('refused');
    expect(r2.state.pending).toMatchObject({
      side: 'confederate',
      kind: 'retreat',
      unit: 'c1',
      hexes: 2,
    });
  });
});
