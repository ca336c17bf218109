/**
 * 1975 cases not covered by the movement and combat specs, each with its own test.
 */
import { fixedDice } from '../../dice';
import type { GameEvent } from '../../types';
import type { GameState } from '../../state';
import { SPECIFIC_OVER_GENERAL } from '../../revision';
import type { TestUnit } from './classic.fixtures';
import { act, classicGame, classicOrders, refused, toCombat } from './classic.fixtures';
import { applyClassicOrder } from './sequence-of-play';
import { phaseOf } from './combat';

const resolved = (events: GameEvent[]) => events.find((e) => e.type === 'combat-resolved')!;

describe('O5.1 prohibitions, 1975', () => {
  const game = () =>
    classicGame([
      { id: 'u', side: 'union', hex: '0401' },
      { id: 'c', side: 'confederate', hex: '0808' },
    ]);

  it('O5.11: only the phasing player moves, and only in his own Movement Phase', () => {
    const { ctx, state } = game();
    const r = applyClassicOrder(
      ctx,
      state,
      'confederate',
      { type: 'move', unit: 'c', path: ['0807'] },
      fixedDice([]),
    );
    expect(r.ok).toBe(false);
    expect(classicOrders(ctx, state, 'confederate')).toEqual([]);
  });

  it('O5.14: no combat takes place during the Movement Phase', () => {
    const { ctx, state } = game();
    expect(
      refused(ctx, state, 'union', { type: 'attack', attackers: ['u'], defenders: ['0808'] }).code,
    ).toBe('BAD_ORDER');
  });

  it('O5.16: movement is from hex to adjacent hex, never skipping hexes', () => {
    const { ctx, state } = game();
    expect(refused(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0403'] }).code).toBe(
      'NOT_CONTIGUOUS',
    );
  });

  it('O5.17: a unit that has moved may not move again that Movement Phase', () => {
    const { ctx, state } = game();
    const s = act(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0402'] }).state;
    expect(refused(ctx, s, 'union', { type: 'move', unit: 'u', path: ['0403'] }).code).toBe(
      'ALREADY_MOVED',
    );
  });

  it('O5.34: Friendly controlled hexes never inhibit the movement of Friendly units', () => {
    const { ctx, state } = classicGame([
      { id: 'u', side: 'union', hex: '0401' },
      { id: 'f', side: 'union', hex: '0303' },
      { id: 'c', side: 'confederate', hex: '0808' },
    ]);
    expect(
      act(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0402', '0403', '0404', '0405'] })
        .state.units.u.hex,
    ).toBe('0405');
  });
});

describe('O6 zones of control, 1975', () => {
  it('O6.1, O6.4: every unit, artillery included, exerts a Zone of Control, and it is mutual', () => {
    const { ctx, state } = classicGame([
      { id: 'u', side: 'union', hex: '0401' },
      { id: 'g', side: 'confederate', type: 'artillery', hex: '0404' },
    ]);
    expect(
      refused(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0402', '0403', '0303'] })
        .code,
    ).toBe('MOVES_AFTER_ENTERING_ENEMY_ZOC');
    const s = act(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0402', '0403'] }).state;
    // Mutual: the unit in the artillery's Zone of Control has the artillery in its own, and must attack it.
    expect(refused(ctx, toCombat(ctx, s), 'union', { type: 'end-phase' }).code).toBe(
      'ATTACKS_REQUIRED',
    );
  });

  it('O6.5: two Zones of Control on one hex coexist; entering it stops the unit, with no extra effect', () => {
    const probe = classicGame([{ id: 'u', side: 'union', hex: '0401' }]);
    const grid = probe.ctx.map.grid;
    const enemies = grid
      .neighbours('0403')
      .filter((h) => grid.distance('0401', h) >= 2 && !grid.adjacent('0402', h))
      .slice(0, 2);
    expect(enemies).toHaveLength(2);
    const { ctx, state } = classicGame([
      { id: 'u', side: 'union', hex: '0401' },
      { id: 'c', side: 'confederate', hex: enemies[0] },
      { id: 'd', side: 'confederate', hex: enemies[1] },
    ]);
    const r = act(ctx, state, 'union', { type: 'move', unit: 'u', path: ['0402', '0403'] });
    expect(r.events.find((e) => e.type === 'moved')!.mp).toBe('2');
  });
});

describe('O7.1-O7.3 which units attack, 1975', () => {
  it('O7.14, O7.21: all units in a defending hex are attacked together; no unit attacks twice in a Combat Phase', () => {
    const { ctx, state } = classicGame([
      { id: 'a', side: 'union', strength: 6, hex: '0403' },
      { id: 'c', side: 'confederate', strength: 1, hex: '0404' },
      { id: 'd', side: 'confederate', strength: 2, hex: '0404' },
    ]);
    const r = act(
      ctx,
      toCombat(ctx, state),
      'union',
      { type: 'attack', attackers: ['a'], defenders: ['0404'] },
      fixedDice([6]),
    );
    expect(r.events.find((e) => e.type === 'attack-declared')).toMatchObject({
      defenders: ['c', 'd'],
    });
    expect(resolved(r.events)).toMatchObject({
      attack: 6,
      defence: 3,
      column: '2-1',
      result: 'Ar',
    });
    let t = r.state;
    while (t.pending)
      t = act(ctx, t, t.pending.side, classicOrders(ctx, t, t.pending.side)[0]).state;
    expect(
      refused(ctx, t, 'union', { type: 'attack', attackers: ['a'], defenders: [t.units.c.hex!] })
        .code,
    ).toBe('ALREADY_ATTACKED');
  });

  it('O7.15, O7.24: units attack only when adjacent; units in several hexes may combine against one hex', () => {
    const { ctx, state } = classicGame([
      { id: 'a', side: 'union', hex: '0403' },
      { id: 'b', side: 'union', hex: '0504' },
      { id: 'x', side: 'union', hex: '0201' },
      { id: 'c', side: 'confederate', hex: '0404' },
    ]);
    const s = toCombat(ctx, state);
    expect(
      refused(ctx, s, 'union', { type: 'attack', attackers: ['x'], defenders: ['0404'] }).code,
    ).toBe('NOT_ADJACENT');
    expect(
      resolved(
        act(
          ctx,
          s,
          'union',
          { type: 'attack', attackers: ['a', 'b'], defenders: ['0404'] },
          fixedDice([3]),
        ).events,
      ),
    ).toMatchObject({ attack: 8, defence: 4 });
  });

  describe('one hex attacked from all six adjacent hexes and by artillery in range', () => {
    // The defender in 0404; two units (O5.32's stacking limit) in each of its six
    // adjacent hexes, one of them artillery (in the Zone of Control it attacks as
    // infantry, O8.41); bombarding artillery two and three hexes away; an infantry
    // unit two hexes away and artillery four hexes away, which O7.13 leaves out.
    const setUp = () => {
      const { grid } = classicGame([{ id: 'probe', side: 'union', hex: '0101' }]).ctx.map;
      const ring = (r: number) =>
        grid.within('0404', r).filter((h) => grid.distance('0404', h) === r);
      const adjacent = grid.neighbours('0404');
      const [two, twoToo] = ring(2);
      const [three] = ring(3);
      const [four] = ring(4);
      const units: TestUnit[] = [{ id: 'c', side: 'confederate', strength: 12, hex: '0404' }];
      adjacent.forEach((hex, i) => {
        units.push({ id: `a${i}`, side: 'union', strength: 2, hex });
        units.push({
          id: `b${i}`,
          side: 'union',
          strength: 2,
          hex,
          ...(i === 0 ? { type: 'artillery' as const } : {}),
        });
      });
      units.push(
        { id: 'g1', side: 'union', type: 'artillery', strength: 2, hex: two },
        { id: 'g2', side: 'union', type: 'artillery', strength: 2, hex: three },
        { id: 'g3', side: 'union', type: 'artillery', strength: 2, hex: three },
        { id: 'x', side: 'union', strength: 2, hex: twoToo },
        { id: 'far', side: 'union', type: 'artillery', strength: 2, hex: four },
      );
      const { ctx, state } = classicGame(units);
      const attackers = adjacent.flatMap((_, i) => [`a${i}`, `b${i}`]).sort();
      return { ctx, s: toCombat(ctx, state), adjacent, attackers, bombard: ['g1', 'g2', 'g3'] };
    };

    it('O7.13: twelve units in the six adjacent hexes and three bombarding artillery units attack one hex together, and the attack is listed', () => {
      const { ctx, s, adjacent, attackers, bombard } = setUp();
      expect(adjacent).toHaveLength(6);
      type Attack = { type: string; attackers: string[]; bombard?: string[]; defenders: string[] };
      const same = (a: string[], b: string[]) =>
        JSON.stringify([...a].sort()) === JSON.stringify(b);
      const listed = classicOrders(ctx, s, 'union').find((o) => {
        if (o.type !== 'attack') return false;
        const a = o as unknown as Attack;
        return (
          same(a.defenders, ['0404']) &&
          same(a.attackers, attackers) &&
          same(a.bombard ?? [], bombard)
        );
      });
      expect(listed).toBeDefined();
      const r = act(ctx, s, 'union', listed!, fixedDice([3]));
      expect(r.events.find((e) => e.type === 'attack-declared')).toMatchObject({
        defenders: ['c'],
      });
      // 12 adjacent units and 3 bombarding, 2 each: 30 against 12 is 2-1 (O7.0).
      expect(resolved(r.events)).toMatchObject({ attack: 30, defence: 12, column: '2-1' });
    });

    it('O7.13: only units adjacent to the hex, and artillery within range, join the attack', () => {
      const { ctx, s, attackers, bombard } = setUp();
      const all = { type: 'attack', attackers, bombard, defenders: ['0404'] };
      expect(refused(ctx, s, 'union', { ...all, attackers: [...attackers, 'x'] }).code).toBe(
        'NOT_ADJACENT',
      );
      expect(refused(ctx, s, 'union', { ...all, bombard: [...bombard, 'far'] }).code).toBe(
        'OUT_OF_RANGE',
      );
      // Infantry cannot bombard from two hexes away either (O8.0).
      expect(refused(ctx, s, 'union', { ...all, bombard: [...bombard, 'x'] }).code).toBe(
        'NOT_ARTILLERY',
      );
    });
  });

  it('O7.23: a unit in the Zone of Control of two Enemy units must attack both unless another attack engages one', () => {
    const { ctx, state } = classicGame([
      { id: 'a', side: 'union', strength: 6, hex: '0404' },
      { id: 'c', side: 'confederate', strength: 1, hex: '0405' },
      { id: 'd', side: 'confederate', strength: 1, hex: '0303' },
    ]);
    const s = toCombat(ctx, state);
    // Attacking only c would leave d with nothing to attack it.
    expect(
      refused(ctx, s, 'union', { type: 'attack', attackers: ['a'], defenders: ['0405'] }).code,
    ).toBe('OBLIGATION_STRANDED');
  });

  it('O7.3: a unit strength is unitary: it may not be listed twice in one attack', () => {
    const { ctx, state } = classicGame([
      { id: 'a', side: 'union', hex: '0403' },
      { id: 'c', side: 'confederate', hex: '0404' },
    ]);
    expect(
      refused(ctx, toCombat(ctx, state), 'union', {
        type: 'attack',
        attackers: ['a', 'a'],
        defenders: ['0404'],
      }).code,
    ).toBe('BAD_ORDER');
  });

  it('O7.73: a retreating unit may stack with a Friendly unit not in an Enemy controlled hex', () => {
    const river = { terrain: 'river' as const };
    const { ctx, state } = classicGame(
      [
        { id: 'a', side: 'union', strength: 6, hex: '0403' },
        { id: 'b', side: 'union', strength: 6, hex: '0303' },
        { id: 'c', side: 'confederate', strength: 2, hex: '0404' },
        { id: 'f', side: 'confederate', strength: 2, hex: '0405' },
      ],
      { hexes: { '0504': river } },
    );
    const r = act(
      ctx,
      toCombat(ctx, state),
      'union',
      { type: 'attack', attackers: ['a', 'b'], defenders: ['0404'] },
      fixedDice([4]),
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Dr' });
    // 0405 holds f, which is in no Union ZOC: c may join it.
    expect(
      r.state.units.c.hex === '0405' ||
        classicOrders(ctx, r.state, 'confederate').some(
          (o) => (o as { path?: string[] }).path?.[0] === '0405',
        ),
    ).toBe(true);
  });
});

describe('O7.74 a unit retreated into a Friendly hex that is bombarded later', () => {
  // a (12) in 0404 attacks c1 (4) in 0504 at 3-1, die 2: Dr. 0505 and 0605 are river and 0405, 0503 are
  // Enemy controlled, so c1's one way out is 0604. The Union guns in 0804 and 0805 are two hexes from
  // 0604, in no Enemy Zone of Control.
  const retreatInto0604 = (
    friends: { id: string; strength: number }[],
    stack?: number,
    revision?: number,
  ) => {
    const river = { terrain: 'river' as const };
    const { ctx, state } = classicGame(
      [
        { id: 'a', side: 'union', strength: 12, hex: '0404' },
        { id: 'gun', side: 'union', type: 'artillery', strength: 6, hex: '0804' },
        { id: 'gun2', side: 'union', type: 'artillery', strength: 6, hex: '0805' },
        { id: 'c1', side: 'confederate', strength: 4, hex: '0504' },
        ...friends.map((f) => ({ ...f, side: 'confederate' as const, hex: '0604' })),
      ],
      {
        hexes: { '0505': river, '0605': river },
        scenario: stack ? { stacking: { units: stack } } : {},
        revision,
      },
    );
    let r = act(
      ctx,
      toCombat(ctx, state),
      'union',
      { type: 'attack', attackers: ['a'], defenders: ['0504'] },
      fixedDice([2]),
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Dr' });
    while (r.state.pending) {
      const side = r.state.pending.side as 'union' | 'confederate';
      const listed = classicOrders(ctx, r.state, side).filter((o) => o.type !== 'resign');
      r = act(ctx, r.state, side, listed.find((o) => o.type === 'decline-advance') ?? listed[0]);
    }
    expect(r.state.units.c1.hex).toBe('0604');
    return { ctx, state: r.state };
  };
  const bombard = { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0604'] } as const;

  it('O7.74: the hex a defender retreated into may be bombarded; the retreated unit adds nothing but suffers the result', () => {
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 2 }]);
    expect(classicOrders(ctx, state, 'union')).toContainEqual(expect.objectContaining(bombard));
    // 6 against c2's 2 alone is 3-1; die 1: De.
    const r = act(ctx, state, 'union', bombard, fixedDice([1]));
    expect(resolved(r.events)).toMatchObject({
      attack: 6,
      defence: 2,
      column: '3-1',
      result: 'De',
    });
    expect(r.state.units.c1.status).toBe('eliminated');
    expect(r.state.units.c2.status).toBe('eliminated');
  });

  it('O7.74, O7.14: once that hex has been bombarded the retreated unit may not be attacked there again', () => {
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 9 }]);
    // 6 against 9 is 1-2; die 3: Ar, which the bombarding gun may decline (O8.16).
    let r = act(ctx, state, 'union', bombard, fixedDice([3]));
    while (r.state.pending) {
      const side = r.state.pending.side as 'union' | 'confederate';
      const listed = classicOrders(ctx, r.state, side).filter((o) => o.type !== 'resign');
      r = act(ctx, r.state, side, listed.find((o) => o.type === 'decline-retreat') ?? listed[0]);
    }
    expect([r.state.units.c1.hex, r.state.units.c2.hex]).toEqual(['0604', '0604']);
    expect(refused(ctx, r.state, 'union', { ...bombard, bombard: ['gun2'] }).code).toBe(
      'ALREADY_DEFENDED',
    );
  });

  it('O7.74, O7.6: a hex holding only a unit retreated into it (the friend displaced) defends with 0 and is bombarded at 6-1', () => {
    // One unit to a hex: c1 can only enter 0604 by displacing c2 (O7.81), which leaves c1 alone there.
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 2 }], 1);
    expect(state.units.c2.hex).not.toBe('0604');
    const r = act(ctx, state, 'union', bombard, fixedDice([6]));
    expect(resolved(r.events)).toMatchObject({ attack: 6, defence: 0, column: '6-1' });
  });

  it('O7.74: a game of an earlier engine revision keeps O7.14 alone, so its replay re-runs as played', () => {
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 2 }]);
    const old = { ...state, rules: { ...state.rules, revision: SPECIFIC_OVER_GENERAL - 1 } };
    expect(refused(ctx, old, 'union', bombard).code).toBe('ALREADY_DEFENDED');
  });

  it('O7.74 (revision 1): a hex a defender retreated into may not be bombarded, its friends included (O7.14 alone)', () => {
    // Revision 1 behaviour kept for games created before the fix (src/engine/revision.ts).
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 2 }], undefined, 1);
    expect(state.rules.revision).toBeUndefined();
    expect(classicOrders(ctx, state, 'union')).not.toContainEqual(expect.objectContaining(bombard));
    expect(refused(ctx, state, 'union', bombard).code).toBe('ALREADY_DEFENDED');
  });

  it('O7.74 (revision 1): a unit displaced into an empty hex is listed as retreated and adds 0 there', () => {
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 2 }], 1, 1);
    const at = state.units.c2.hex!;
    expect(at).not.toBe('0604');
    expect([...phaseOf(state).retreatedInto].sort()).toEqual(['c1', 'c2']);
    const r = act(ctx, state, 'union', { ...bombard, defenders: [at] }, fixedDice([6]));
    expect(resolved(r.events)).toMatchObject({ defence: 0, column: '6-1' });
  });

  it('O7.74 (revision 2): a game created after the fix, before revision 3, has it: the hex may be bombarded', () => {
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 2 }], undefined, 2);
    expect(phaseOf(state).retreatedInto).toEqual(['c1']);
    expect(classicOrders(ctx, state, 'union')).toContainEqual(expect.objectContaining(bombard));
  });

  it('O7.74, O7.14: a unit retreated into an empty hex has been attacked and may not be bombarded there', () => {
    const { ctx, state } = retreatInto0604([]);
    expect(classicOrders(ctx, state, 'union')).not.toContainEqual(expect.objectContaining(bombard));
    expect(refused(ctx, state, 'union', bombard)).toMatchObject({
      code: 'ALREADY_DEFENDED',
      rule: 'O7.14, O7.74, O7.75',
    });
  });
});

describe('O8.2-O8.5 artillery, 1975', () => {
  it('O8.21, O8.22, O8.23, O8.13: bombarding artillery joins adjacent attackers, needs range to one defending hex, and only the adjacent units suffer results', () => {
    const { ctx, state } = classicGame([
      { id: 'a', side: 'union', strength: 1, hex: '0404' },
      { id: 'g', side: 'union', type: 'artillery', strength: 1, hex: '0402' },
      { id: 'c', side: 'confederate', strength: 9, hex: '0405' },
      { id: 'd', side: 'confederate', strength: 9, hex: '0504' },
    ]);
    const r = act(
      ctx,
      toCombat(ctx, state),
      'union',
      { type: 'attack', attackers: ['a'], bombard: ['g'], defenders: ['0405', '0504'] },
      fixedDice([6]),
    );
    expect(resolved(r.events)).toMatchObject({ attack: 2, column: '1-5', result: 'Ae' });
    expect(r.state.units.a.status).toBe('eliminated');
    expect(r.state.units.g.status).toBe('on-map');
  });

  it('O8.35: artillery fires over other units, Enemy and Friendly', () => {
    const { ctx, state } = classicGame([
      { id: 'g', side: 'union', type: 'artillery', hex: '0401' },
      { id: 'f', side: 'union', hex: '0402' },
      { id: 'c', side: 'confederate', hex: '0404' },
    ]);
    expect(
      resolved(
        act(
          ctx,
          toCombat(ctx, state),
          'union',
          { type: 'attack', attackers: [], bombard: ['g'], defenders: ['0404'] },
          fixedDice([3]),
        ).events,
      ),
    ).toBeDefined();
  });

  it('O8.42, O8.43, O8.44: artillery in an Enemy controlled hex attacks adjacent units only, across a creek too, and suffers every result', () => {
    const { ctx, state } = classicGame(
      [
        { id: 'g', side: 'union', type: 'artillery', strength: 1, hex: '0403' },
        { id: 'c', side: 'confederate', strength: 9, hex: '0404' },
        { id: 'e', side: 'confederate', strength: 1, hex: '0502' },
      ],
      {
        hexsides: [{ between: ['0403', '0502'], features: [{ type: 'creek' }, { type: 'ford' }] }],
      },
    );
    const s = toCombat(ctx, state);
    expect(
      refused(ctx, s, 'union', { type: 'attack', attackers: ['g'], defenders: ['0406'] }).code,
    ).toBe('NO_DEFENDER');
    const r = act(
      ctx,
      s,
      'union',
      { type: 'attack', attackers: ['g'], defenders: ['0404', '0502'] },
      fixedDice([6]),
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Ae' });
    expect(r.state.units.g.status).toBe('eliminated');
  });

  it('O8.51, O8.52: artillery never adds to a defence by bombardment; attacked, even by artillery, it suffers results', () => {
    const { ctx, state } = classicGame([
      { id: 'g', side: 'union', type: 'artillery', strength: 4, hex: '0401' },
      { id: 'c', side: 'confederate', type: 'artillery', strength: 2, hex: '0404' },
      { id: 'f', side: 'confederate', strength: 1, hex: '0406' },
    ]);
    const r = act(
      ctx,
      toCombat(ctx, state),
      'union',
      { type: 'attack', attackers: [], bombard: ['g'], defenders: ['0404'] },
      fixedDice([1]),
    );
    expect(resolved(r.events)).toMatchObject({
      attack: 4,
      defence: 2,
      column: '2-1',
      result: 'Dr',
    });
  });
});

describe('O11.32 Attack Effectiveness exemption, 1975', () => {
  it('O11.32: an Ineffective unit not in an Enemy ZOC when the phase began need not retreat at its end', () => {
    const { ctx, state } = classicGame(
      [
        { id: 'a', side: 'union', hex: '0401' },
        { id: 'c', side: 'confederate', hex: '0808' },
      ],
      { options: { attackEffectiveness: true } },
    );
    const s0 = {
      ...state,
      units: { ...state.units, a: { ...state.units.a, markers: { ineffective: true } } },
    };
    const s = toCombat(ctx, s0);
    // Put an enemy next to it during the phase (as an advance would).
    const s1 = { ...s, units: { ...s.units, c: { ...s.units.c, hex: '0402' } } };
    const r = act(ctx, s1, 'union', { type: 'end-phase' });
    expect(r.state.units.a.hex).toBe('0401');
  });
});

describe('specific cases over general ones, 1975 (issue 21)', () => {
  /** Answers pending decisions: `prefer` picks an answer type when listed, else the first listed. */
  const settle = (ctx: Parameters<typeof act>[0], s0: GameState, prefer: string[]) => {
    let s = s0;
    while (s.pending) {
      const side = s.pending.side as 'union' | 'confederate';
      const listed = classicOrders(ctx, s, side).filter((o) => o.type !== 'resign');
      const ans = prefer.map((t) => listed.find((o) => o.type === t)).find((o) => o) ?? listed[0];
      s = act(ctx, s, side, ans).state;
    }
    return s;
  };
  const river = { terrain: 'river' as const };

  it('O5.11, O4.1, O5.13: in the Combat Phase a move order is refused, but a retreat after combat moves the unit out of an Enemy controlled hex', () => {
    const { ctx, state } = classicGame([
      { id: 'a', side: 'union', strength: 12, hex: '0404' },
      { id: 'c1', side: 'confederate', strength: 4, hex: '0504' },
    ]);
    const s = toCombat(ctx, state);
    expect(() =>
      refused(ctx, s, 'union', { type: 'move', unit: 'a', path: ['0403'] }),
    ).not.toThrow();
    // 3-1, die 2: Dr.
    const r = act(
      ctx,
      s,
      'union',
      { type: 'attack', attackers: ['a'], defenders: ['0504'] },
      fixedDice([2]),
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Dr' });
    expect(settle(ctx, r.state, ['decline-advance']).units.c1.hex).not.toBe('0504');
  });

  it('O7.75: an advance ignores Enemy Zones of Control; the advanced unit may neither attack nor be attacked that phase, though next to Enemy units', () => {
    const { ctx, state } = classicGame([
      { id: 'a', side: 'union', strength: 12, hex: '0404' },
      { id: 'g', side: 'union', strength: 12, hex: '0706' },
      { id: 'u5', side: 'union', strength: 12, hex: '0707' },
      { id: 'c1', side: 'confederate', strength: 4, hex: '0504' },
      { id: 'c3', side: 'confederate', strength: 1, hex: '0605' },
      { id: 'c4', side: 'confederate', strength: 12, hex: '0806' },
    ]);
    let r = act(
      ctx,
      toCombat(ctx, state),
      'union',
      { type: 'attack', attackers: ['a'], defenders: ['0504'] },
      fixedDice([2]),
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Dr' });
    let s = settle(ctx, r.state, ['advance']);
    // 0504 is in c3's Zone of Control: a advanced into it all the same.
    expect(s.units.a.hex).toBe('0504');
    expect(
      refused(ctx, s, 'union', { type: 'attack', attackers: ['a'], defenders: ['0605'] }).code,
    ).toMatch(/ALREADY_ATTACKED|ADVANCED/);
    // g (12) attacks c4 (12) at 1-1, die 4: Ar; c4 advances into 0706, next to u5, which may not attack it.
    r = act(
      ctx,
      s,
      'union',
      { type: 'attack', attackers: ['g'], defenders: ['0806'] },
      fixedDice([4]),
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Ar' });
    s = settle(ctx, r.state, ['retreat', 'advance']);
    expect(s.units.c4.hex).toBe('0706');
    expect(
      refused(ctx, s, 'union', { type: 'attack', attackers: ['u5'], defenders: ['0706'] }).code,
    ).toBe('ALREADY_DEFENDED');
  });

  it('O7.82: if the displaced unit could not retreat, there is no displacement and the retreating unit is eliminated instead', () => {
    // c1's only way out of 0504 is 0604, full (c2, c3); every hex out of 0604 is river or Enemy controlled.
    const { ctx, state } = classicGame(
      [
        { id: 'a', side: 'union', strength: 12, hex: '0404' },
        { id: 'c1', side: 'confederate', strength: 4, hex: '0504' },
        { id: 'c2', side: 'confederate', strength: 2, hex: '0604' },
        { id: 'c3', side: 'confederate', strength: 2, hex: '0604' },
      ],
      {
        hexes: { '0505': river, '0605': river, '0603': river, '0703': river, '0704': river },
      },
    );
    const r = act(
      ctx,
      toCombat(ctx, state),
      'union',
      { type: 'attack', attackers: ['a'], defenders: ['0504'] },
      fixedDice([2]),
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Dr' });
    const s = settle(ctx, r.state, ['decline-advance']);
    expect(s.units.c1.status).toBe('eliminated');
    expect([s.units.c2.hex, s.units.c3.hex]).toEqual(['0604', '0604']);
  });
});
