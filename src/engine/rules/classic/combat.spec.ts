import { fixedDice } from '../../dice';
import type { GameState } from '../../state';
import type { GameEvent } from '../../types';
import type { TestUnit } from './classic.fixtures';
import { act, classicGame, classicOrders, refused, toCombat } from './classic.fixtures';
import type { HexSpec, HexsideSpec, ScenarioDocument } from '../../types';
import type { GameOptions } from '../../state';

function combat(
  units: TestUnit[],
  opts: {
    hexes?: Record<string, HexSpec>;
    hexsides?: HexsideSpec[];
    options?: GameOptions;
    scenario?: Partial<ScenarioDocument>;
  } = {},
) {
  const { ctx, state } = classicGame(units, opts);
  return { ctx, state: toCombat(ctx, state) };
}
const resolved = (events: GameEvent[]) => events.find((e) => e.type === 'combat-resolved')!;

describe('O7 combat, 1975', () => {
  it('O7.4: a unit of 5 defends a rough hex at 10, so 10 against it is 1-1', () => {
    const { ctx, state } = combat(
      [
        { id: 'a', side: 'union', strength: 5, hex: '0403' },
        { id: 'b', side: 'union', strength: 5, hex: '0303' },
        { id: 'c', side: 'confederate', strength: 5, hex: '0404' },
      ],
      { hexes: { '0404': { terrain: 'rough' } } },
    );
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['a', 'b'], defenders: ['0404'] },
      fixedDice([1]),
    );
    expect(resolved(r.events)).toMatchObject({
      attack: 10,
      defence: 10,
      column: '1-1',
      die: 1,
      result: 'Dr',
    });
  });

  it('O7.0: 13 strength points against 4 is resolved at 3-1; O7.9: the attacker may announce a lower column', () => {
    const units: TestUnit[] = [
      { id: 'a', side: 'union', strength: 7, hex: '0403' },
      { id: 'b', side: 'union', strength: 6, hex: '0303' },
      { id: 'c', side: 'confederate', strength: 4, hex: '0404' },
    ];
    const { ctx, state } = combat(units);
    expect(
      resolved(
        act(
          ctx,
          state,
          'union',
          { type: 'attack', attackers: ['a', 'b'], defenders: ['0404'] },
          fixedDice([2]),
        ).events,
      ),
    ).toMatchObject({ column: '3-1' });
    const low = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['a', 'b'], defenders: ['0404'], reduceOddsTo: '1-1' },
      fixedDice([6]),
    );
    expect(resolved(low.events)).toMatchObject({ odds: '3-1', column: '1-1', result: 'Ar' });
  });

  it('O7.22: attacking units in one hex attack as one strength, never in separate attacks', () => {
    const { ctx, state } = combat([
      { id: 'a', side: 'union', hex: '0404' },
      { id: 'b', side: 'union', hex: '0404' },
      { id: 'c', side: 'confederate', hex: '0405' },
      { id: 'd', side: 'confederate', hex: '0504' },
    ]);
    expect(
      refused(ctx, state, 'union', { type: 'attack', attackers: ['a'], defenders: ['0405'] }).code,
    ).toBe('STACK_ATTACKS_TOGETHER');
    expect(
      act(
        ctx,
        state,
        'union',
        { type: 'attack', attackers: ['a', 'b'], defenders: ['0405', '0504'] },
        fixedDice([3]),
      ).events.some((e) => e.type === 'combat-resolved'),
    ).toBe(true);
  });

  it('O7.25: every attacking unit must be adjacent to every defending hex', () => {
    const { ctx, state } = combat([
      { id: 'a', side: 'union', hex: '0403' },
      { id: 'c', side: 'confederate', hex: '0404' },
      { id: 'd', side: 'confederate', hex: '0405' },
    ]);
    expect(
      refused(ctx, state, 'union', {
        type: 'attack',
        attackers: ['a'],
        defenders: ['0404', '0405'],
      }).code,
    ).toBe('NOT_ADJACENT');
  });

  it('O7.11, O7.12: the Combat Phase may not end while a mandatory attack can be made', () => {
    const { ctx, state } = combat([
      { id: 'a', side: 'union', hex: '0403' },
      { id: 'c', side: 'confederate', hex: '0404' },
    ]);
    expect(refused(ctx, state, 'union', { type: 'end-phase' }).code).toBe('ATTACKS_REQUIRED');
    expect(classicOrders(ctx, state, 'union').some((o) => o.type === 'end-phase')).toBe(false);
    const after = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['a'], defenders: ['0404'] },
      fixedDice([3]),
    );
    expect(
      classicOrders(ctx, after.state, after.state.pending ? after.state.pending.side : 'union')
        .length,
    ).toBeGreaterThan(0);
  });

  it('O7.6 Ex: defenders eliminated; the attacker chooses units whose printed strength at least equals theirs', () => {
    const { ctx, state } = combat([
      { id: 'x', side: 'union', strength: 4, hex: '0403' },
      { id: 'y', side: 'union', strength: 3, hex: '0504' },
      { id: 'c', side: 'confederate', strength: 2, hex: '0404' },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['x', 'y'], defenders: ['0404'] },
      fixedDice([6]),
    );
    expect(resolved(r.events)).toMatchObject({ column: '3-1', result: 'Ex' });
    expect(r.state.units.c.status).toBe('eliminated');
    expect(r.state.pending).toMatchObject({ side: 'union', kind: 'exchange-losses', required: 2 });
    const choices = classicOrders(ctx, r.state, 'union');
    expect(choices).toEqual([
      { type: 'choose-losses', units: ['x'] },
      { type: 'choose-losses', units: ['y'] },
    ]);
    const chosen = act(ctx, r.state, 'union', { type: 'choose-losses', units: ['y'] });
    expect(chosen.state.units.y.status).toBe('eliminated');
    expect(chosen.state.units.x.status).toBe('on-map');
    // Then x may advance into the vacated hex.
    expect(chosen.state.pending).toMatchObject({ kind: 'advance', side: 'union' });
  });

  it('O7.6 Ae: all attacking units are eliminated; O7.75: the victorious defender may advance', () => {
    const { ctx, state } = combat([
      { id: 'a', side: 'union', strength: 1, hex: '0403' },
      { id: 'c', side: 'confederate', strength: 6, hex: '0404' },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['a'], defenders: ['0404'] },
      fixedDice([6]),
    );
    expect(resolved(r.events)).toMatchObject({ column: '1-5', result: 'Ae' });
    expect(r.state.units.a.status).toBe('eliminated');
    expect(r.state.pending).toMatchObject({ kind: 'advance', side: 'confederate' });
    const adv = act(ctx, r.state, 'confederate', { type: 'advance', unit: 'c', to: '0403' });
    expect(adv.state.units.c.hex).toBe('0403');
  });

  it('O7.76: if two hexes are vacated by a single combat, still only one unit advances', () => {
    const { ctx, state } = combat([
      { id: 'a', side: 'union', hex: '0404' },
      { id: 'b', side: 'union', hex: '0505' },
      { id: 'c', side: 'confederate', strength: 1, hex: '0405' },
      { id: 'd', side: 'confederate', strength: 1, hex: '0504' },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['a', 'b'], defenders: ['0405', '0504'] },
      fixedDice([1]),
    );
    expect(resolved(r.events)).toMatchObject({ result: 'De' });
    const opts = classicOrders(ctx, r.state, 'union').filter((o) => o.type === 'advance');
    expect(opts.length).toBe(4);
    const adv = act(ctx, r.state, 'union', { type: 'advance', unit: 'a', to: '0405' });
    expect(adv.state.pending).toBeNull();
    expect(adv.state.units.b.hex).toBe('0505');
  });

  it('O7.75: any victorious unit may advance, artillery included (revised: never artillery)', () => {
    const { ctx, state } = combat([
      { id: 'g', side: 'union', type: 'artillery', strength: 4, hex: '0403' },
      { id: 'c', side: 'confederate', strength: 1, hex: '0404' },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['g'], defenders: ['0404'] },
      fixedDice([1]),
    );
    expect(classicOrders(ctx, r.state, 'union')).toContainEqual({
      type: 'advance',
      unit: 'g',
      to: '0404',
    });
  });

  it('O7.71, O7.72: Dr retreats each defender one hex out of Enemy Zones of Control; with none open it is eliminated', () => {
    const { ctx, state } = combat([
      { id: 'a', side: 'union', strength: 6, hex: '0403' },
      { id: 'b', side: 'union', strength: 6, hex: '0303' },
      { id: 'c', side: 'confederate', strength: 2, hex: '0404' },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['a', 'b'], defenders: ['0404'] },
      fixedDice([4]),
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Dr' });
    expect(r.state.pending).toMatchObject({ kind: 'retreat', side: 'confederate', unit: 'c' });
    const to = classicOrders(ctx, r.state, 'confederate').map(
      (o) => (o as { path?: string[] }).path![0],
    );
    // 0503 and 0304 lie in the attackers' Zones of Control.
    expect(to.sort()).toEqual(['0405', '0504']);
    // Surrounded: eliminated.
    const ring = combat([
      { id: 'a', side: 'union', strength: 6, hex: '0403' },
      { id: 'b', side: 'union', strength: 6, hex: '0303' },
      { id: 'e', side: 'union', strength: 6, hex: '0505' },
      { id: 'c', side: 'confederate', strength: 2, hex: '0404' },
    ]);
    const x = act(
      ring.ctx,
      ring.state,
      'union',
      { type: 'attack', attackers: ['a', 'b'], defenders: ['0404'] },
      fixedDice([4]),
    );
    expect(x.state.units.c.status).toBe('eliminated');
    expect(x.events.some((e) => e.type === 'unit-eliminated' && e.rule === 'O7.72')).toBe(true);
  });
});

describe('O8 artillery, 1975', () => {
  it('O8.11, O8.12, O7.15: artillery bombards up to three hexes, counting the target hex but not its own', () => {
    const { ctx, state } = combat([
      { id: 'g', side: 'union', type: 'artillery', hex: '0401' },
      { id: 'c', side: 'confederate', hex: '0404' },
      { id: 'd', side: 'confederate', hex: '0405' },
    ]);
    expect(
      act(
        ctx,
        state,
        'union',
        { type: 'attack', attackers: [], bombard: ['g'], defenders: ['0404'] },
        fixedDice([3]),
      ).events.some((e) => e.type === 'combat-resolved'),
    ).toBe(true);
    expect(
      refused(ctx, state, 'union', {
        type: 'attack',
        attackers: [],
        bombard: ['g'],
        defenders: ['0405'],
      }).code,
    ).toBe('OUT_OF_RANGE');
  });

  it('O8.31: forest between the artillery and its target blocks the bombardment', () => {
    const { ctx, state } = combat(
      [
        { id: 'g', side: 'union', type: 'artillery', hex: '0401' },
        { id: 'c', side: 'confederate', hex: '0404' },
      ],
      { hexes: { '0402': { terrain: 'forest' } } },
    );
    expect(
      refused(ctx, state, 'union', {
        type: 'attack',
        attackers: [],
        bombard: ['g'],
        defenders: ['0404'],
      }).code,
    ).toBe('NO_LINE_OF_SIGHT');
  });

  it('O8.13: artillery bombarding alone attacks a single hex', () => {
    const { ctx, state } = combat([
      { id: 'g', side: 'union', type: 'artillery', hex: '0402' },
      { id: 'c', side: 'confederate', hex: '0404' },
      { id: 'd', side: 'confederate', hex: '0504' },
    ]);
    expect(
      refused(ctx, state, 'union', {
        type: 'attack',
        attackers: [],
        bombard: ['g'],
        defenders: ['0404', '0504'],
      }).code,
    ).toBe('BOMBARD_ONE_HEX');
  });

  it('O8.14: two artillery units in the same hex bombarding must bombard the same hex (revised: they may split)', () => {
    const { ctx, state } = combat([
      { id: 'g', side: 'union', type: 'artillery', hex: '0402' },
      { id: 'h', side: 'union', type: 'artillery', hex: '0402' },
      { id: 'c', side: 'confederate', hex: '0404' },
      { id: 'd', side: 'confederate', hex: '0601' },
    ]);
    const first = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['g'], defenders: ['0404'] },
      fixedDice([6]),
    );
    let s: GameState = first.state;
    while (s.pending)
      s = act(ctx, s, s.pending.side, classicOrders(ctx, s, s.pending.side)[0]).state;
    expect(
      refused(ctx, s, 'union', {
        type: 'attack',
        attackers: [],
        bombard: ['h'],
        defenders: ['0601'],
      }).code,
    ).toBe('STACK_BOMBARDS_TOGETHER');
    expect(
      act(
        ctx,
        state,
        'union',
        { type: 'attack', attackers: [], bombard: ['g', 'h'], defenders: ['0404'] },
        fixedDice([3]),
      ).state,
    ).toBeDefined();
  });

  it('O8.41: artillery in an Enemy controlled hex attacks like infantry and may not bombard', () => {
    const { ctx, state } = combat([
      { id: 'g', side: 'union', type: 'artillery', hex: '0403' },
      { id: 'c', side: 'confederate', hex: '0404' },
      { id: 'd', side: 'confederate', hex: '0406' },
    ]);
    expect(
      refused(ctx, state, 'union', {
        type: 'attack',
        attackers: [],
        bombard: ['g'],
        defenders: ['0406'],
      }).code,
    ).toBe('ARTILLERY_IN_ENEMY_ZOC');
    expect(refused(ctx, state, 'union', { type: 'end-phase' }).code).toBe('ATTACKS_REQUIRED');
  });

  it('O8.45: artillery across a creek from its only adjacent enemy is in no Zone of Control and may bombard it', () => {
    const { ctx, state } = combat(
      [
        { id: 'g', side: 'union', type: 'artillery', hex: '0403' },
        { id: 'c', side: 'confederate', hex: '0404' },
      ],
      { hexsides: [{ between: ['0403', '0404'], features: [{ type: 'creek' }] }] },
    );
    expect(
      act(
        ctx,
        state,
        'union',
        { type: 'attack', attackers: [], bombard: ['g'], defenders: ['0404'] },
        fixedDice([3]),
      ).events.some((e) => e.type === 'combat-resolved'),
    ).toBe(true);
    expect(
      refused(ctx, state, 'union', { type: 'attack', attackers: ['g'], defenders: ['0404'] }).code,
    ).toBe('ARTILLERY_BOMBARDS');
  });

  it('O8.15: bombarding artillery suffers no combat result (Ae)', () => {
    const { ctx, state } = combat([
      { id: 'g', side: 'union', type: 'artillery', strength: 1, hex: '0402' },
      { id: 'c', side: 'confederate', strength: 9, hex: '0404' },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['g'], defenders: ['0404'] },
      fixedDice([6]),
    );
    expect(resolved(r.events)).toMatchObject({ column: '1-5', result: 'Ae' });
    expect(r.state.units.g.status).toBe('on-map');
  });

  it('O8.16: bombarding artillery may elect to suffer an Attacker Retreat', () => {
    const { ctx, state } = combat([
      { id: 'g', side: 'union', type: 'artillery', strength: 2, hex: '0402' },
      { id: 'c', side: 'confederate', strength: 4, hex: '0404' },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['g'], defenders: ['0404'] },
      fixedDice([5]),
    );
    expect(resolved(r.events)).toMatchObject({ column: '1-2', result: 'Ar' });
    const orders = classicOrders(ctx, r.state, 'union');
    expect(orders).toContainEqual({ type: 'decline-retreat', unit: 'g' });
    const moved = act(
      ctx,
      r.state,
      'union',
      orders.find((o) => o.type === 'retreat')!,
    );
    expect(moved.state.units.g.hex).not.toBe('0402');
    const stayed = act(ctx, r.state, 'union', { type: 'decline-retreat', unit: 'g' });
    expect(stayed.state.units.g.hex).toBe('0402');
  });
});

describe('O7.8 displacement, 1975', () => {
  it('O7.81, O7.82: a retreating unit with no other path displaces one unit of a full stack; displaced artillery that had not fought may not fire', () => {
    const river = { terrain: 'river' as const };
    const { ctx, state } = combat(
      [
        { id: 'x', side: 'union', strength: 2, hex: '0403' },
        { id: 'g', side: 'union', type: 'artillery', strength: 3, hex: '0402' },
        { id: 'y', side: 'union', strength: 3, hex: '0402' },
        { id: 'c', side: 'confederate', strength: 4, hex: '0404' },
        { id: 'd', side: 'confederate', strength: 4, hex: '0601' },
      ],
      { hexes: { '0503': river, '0502': river, '0302': river, '0303': river } },
    );
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['x'], defenders: ['0404'] },
      fixedDice([5]),
    );
    expect(resolved(r.events)).toMatchObject({ column: '1-2', result: 'Ar' });
    expect(classicOrders(ctx, r.state, 'union')).toEqual([
      { type: 'retreat', unit: 'x', path: ['0402'], displace: 'g' },
      { type: 'retreat', unit: 'x', path: ['0402'], displace: 'y' },
    ]);
    const d = act(ctx, r.state, 'union', {
      type: 'retreat',
      unit: 'x',
      path: ['0402'],
      displace: 'g',
    });
    expect(d.state.pending).toMatchObject({ kind: 'retreat', unit: 'g' });
    let s = act(ctx, d.state, 'union', { type: 'retreat', unit: 'g', path: ['0401'] }).state;
    while (s.pending)
      s = act(
        ctx,
        s,
        s.pending.side,
        classicOrders(ctx, s, s.pending.side).find((o) => o.type === 'decline-advance') ??
          classicOrders(ctx, s, s.pending.side)[0],
      ).state;
    expect(s.units.g.hex).toBe('0401');
    expect(s.units.x.hex).toBe('0402');
    expect(
      refused(ctx, s, 'union', {
        type: 'attack',
        attackers: [],
        bombard: ['g'],
        defenders: ['0601'],
      }).code,
    ).toBe('DISPLACED_ARTILLERY');
  });
});

describe('O10 Night Game-Turns, 1975', () => {
  it('O10.0, O10.1: there is no Combat Phase during a Night Game-Turn', () => {
    const { ctx, state } = classicGame(
      [
        { id: 'a', side: 'union', hex: '0403' },
        { id: 'c', side: 'confederate', hex: '0404' },
      ],
      { scenario: { nightTurns: [1] } },
    );
    const r = act(ctx, state, 'union', { type: 'end-phase' });
    expect(r.events.some((e) => e.type === 'combat-phase-omitted')).toBe(true);
    expect(r.state).toMatchObject({ phase: 'movement', phasing: 'confederate' });
  });
});

describe('O11 Attack Effectiveness (optional), 1975', () => {
  const units: TestUnit[] = [
    { id: 'a', side: 'union', strength: 2, hex: '0403' },
    { id: 'g', side: 'union', type: 'artillery', strength: 2, hex: '0401' },
    { id: 'c', side: 'confederate', strength: 4, hex: '0404' },
  ];

  it('O11.1: a unit suffering Ar while attacking from an Enemy controlled hex becomes Ineffective; bombarding artillery does not', () => {
    const { ctx, state } = combat(units, { options: { attackEffectiveness: true } });
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['a'], bombard: ['g'], defenders: ['0404'] },
      fixedDice([6]),
    );
    expect(resolved(r.events)).toMatchObject({ column: '1-1', result: 'Ar' });
    expect(r.events).toContainEqual({
      type: 'attack-effectiveness-lost',
      units: ['a'],
      rule: '11.1',
    });
    expect((r.state.units.a.markers as { ineffective?: boolean }).ineffective).toBe(true);
    expect((r.state.units.g.markers as { ineffective?: boolean }).ineffective).toBeUndefined();
  });

  it('O11.0: without the optional rule an Attacker Retreat costs no effectiveness', () => {
    const { ctx, state } = combat(units);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['a'], bombard: ['g'], defenders: ['0404'] },
      fixedDice([6]),
    );
    expect(r.events.some((e) => e.type === 'attack-effectiveness-lost')).toBe(false);
  });

  it('O11.2: an Ineffective unit may not attack', () => {
    const { ctx, state } = combat(units, { options: { attackEffectiveness: true } });
    const s = {
      ...state,
      units: {
        ...state.units,
        a: {
          ...state.units.a,
          markers: { ineffective: true } as GameState['units'][string]['markers'],
        },
      },
    };
    expect(
      refused(ctx, s, 'union', { type: 'attack', attackers: ['a'], defenders: ['0404'] }).code,
    ).toBe('INEFFECTIVE');
  });

  it('O11.31: an Ineffective unit in an Enemy controlled hex when its Combat Phase begins retreats at its end if the enemy is still there', () => {
    const { ctx, state } = classicGame(units, { options: { attackEffectiveness: true } });
    const s0 = {
      ...state,
      units: {
        ...state.units,
        a: {
          ...state.units.a,
          markers: { ineffective: true } as GameState['units'][string]['markers'],
        },
      },
    };
    const s = toCombat(ctx, s0);
    expect(classicOrders(ctx, s, 'union')).toContainEqual({ type: 'end-phase' });
    const r = act(ctx, s, 'union', { type: 'end-phase' });
    let t = r.state;
    if (t.pending) t = act(ctx, t, 'union', classicOrders(ctx, t, 'union')[0]).state;
    expect(t.units.a.hex).not.toBe('0403');
    expect(t.phasing).toBe('confederate');
  });

  it('O11.31: the end-of-phase retreat of an Ineffective unit allows no Optional Advance by the enemy (over O7.75)', () => {
    const { ctx, state } = classicGame(units, { options: { attackEffectiveness: true } });
    const s0 = {
      ...state,
      units: {
        ...state.units,
        a: {
          ...state.units.a,
          markers: { ineffective: true } as GameState['units'][string]['markers'],
        },
      },
    };
    const r = act(ctx, toCombat(ctx, s0), 'union', { type: 'end-phase' });
    const events = [...r.events];
    let t = r.state;
    while (t.pending) {
      expect(t.pending.side).toBe('union');
      const o = act(ctx, t, 'union', classicOrders(ctx, t, 'union')[0]);
      events.push(...o.events);
      t = o.state;
    }
    expect(t.units.a.hex).not.toBe('0403');
    expect(t.units.c.hex).toBe('0404');
    expect(events.filter((e) => e.type === 'advanced')).toEqual([]);
  });

  it('O11.4: at the end of a Night Game-Turn every unit recovers its Attack Effectiveness', () => {
    const { ctx, state } = classicGame(
      [
        { id: 'a', side: 'union', hex: '0101' },
        { id: 'c', side: 'confederate', hex: '0808' },
      ],
      { options: { attackEffectiveness: true }, scenario: { nightTurns: [1] } },
    );
    const s0 = {
      ...state,
      units: {
        ...state.units,
        a: {
          ...state.units.a,
          markers: { ineffective: true } as GameState['units'][string]['markers'],
        },
      },
    };
    const u = act(ctx, s0, 'union', { type: 'end-phase' });
    const c = act(ctx, u.state, 'confederate', { type: 'end-phase' });
    expect(c.events).toContainEqual({
      type: 'attack-effectiveness-recovered',
      units: ['a'],
      rule: '11.4',
    });
    expect(c.state.turn).toBe(2);
  });
});
