/**
 * Cases of 5, 8, 11 and 12 checked through play on the combat test sheet
 * (combat.fixtures.ts): every position is built from units and terrain, the
 * orders are those legalOrders lists or players would send, and the
 * assertions look at what the rules decide.
 *
 * Geometry of the sheet (flat, odd columns shifted down):
 *   neighbours of an even-column hex 0404: 0303 0304 0403 0405 0503 0504;
 *   neighbours of an odd-column hex 0504: 0404 0405 0503 0505 0604 0605.
 */
import { legalOrders, whoMustAct, GameContext } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent, HexSpec, ScenarioDocument } from '../../types';
import { act, attempt, combatGame, drain, ofType, resolved } from './combat.fixtures';
import { combatOf } from './combat';
import { SPECIFIC_OVER_GENERAL } from '../../revision';

type Side = 'union' | 'confederate';

const lake: HexSpec = { terrain: 'lake' };
const town: HexSpec = { terrain: 'town' };
const lakes = (...hexes: string[]) => Object.fromEntries(hexes.map((h) => [h, lake]));
const sameSet = (a: string[], b: string[]) => expect([...a].sort()).toEqual([...b].sort());

const retreatOrders = (ctx: GameContext, s: GameState, side: Side) =>
  legalOrders(ctx, s, side).filter((o) => o.type === 'retreat') as unknown as {
    unit: string;
    path: string[];
    displace?: string;
  }[];

describe('5.6 units forced off the map', () => {
  it('5.6, 2.1: a unit whose only way out is off the map sheet is eliminated and counts for victory', () => {
    // 0101 is a corner: its on-map neighbours 0201 and 0102 are both in u1's Zone of Control.
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0202', strength: 12 },
      { id: 'c1', side: 'confederate', hex: '0101', strength: 4 },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0101'] },
      [2],
    );
    expect(resolved(r.events)).toMatchObject({ odds: '3:1', result: 'Dr' });
    expect(ofType(r.events, 'no-retreat')).toEqual([expect.objectContaining({ unit: 'c1' })]);
    expect(r.state.units.c1.status).toBe('eliminated');
    expect(r.state.eliminatedStrength.confederate).toBe(4);
  });
});

describe('8.1 which units attack', () => {
  it('8.13: a hex may be attacked from all six adjacent hexes at once, plus artillery within range and line of sight', () => {
    const around = ['0303', '0304', '0403', '0405', '0503', '0504'];
    const { ctx, state } = combatGame([
      ...around.map((hex, i) => ({ id: `u${i}`, side: 'union' as const, hex, strength: 1 })),
      { id: 'gun', side: 'union', type: 'artillery', hex: '0704', strength: 3 },
      { id: 'far', side: 'union', type: 'artillery', hex: '0804', strength: 3 },
      { id: 'c1', side: 'confederate', hex: '0404', strength: 4 },
    ]);
    const attackers = around.map((_, i) => `u${i}`);
    const all = legalOrders(ctx, state, 'union').filter((o) => o.type === 'attack') as unknown as {
      attackers: string[];
      bombard?: string[];
    }[];
    expect(all.some((o) => o.attackers.length === 6 && (o.bombard ?? []).includes('gun'))).toBe(
      true,
    );
    // four hexes away is out of range (9.11)
    const tooFar = attempt(ctx, state, 'union', {
      type: 'attack',
      attackers,
      bombard: ['gun', 'far'],
      defenders: ['0404'],
    });
    expect(tooFar).toMatchObject({ ok: false, refusal: { rule: '9.11' } });
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers, bombard: ['gun'], defenders: ['0404'] },
      [1],
    );
    const res = resolved(r.events);
    expect(Object.keys(res.strengths.perAttacker).sort()).toEqual([...attackers, 'gun'].sort());
    // six 1s and a 3 at range 3 (×2/3 = 2): 8 against 4
    expect(res).toMatchObject({ strengths: { attack: 8, defence: 4 }, odds: '2:1' });
  });
});

describe('8.2 multiple unit and multi-hex combat', () => {
  it('8.22: two units stacked together attack separately; the Ar suffered by one leaves the other in place and in good order', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 4 },
      { id: 'u2', side: 'union', hex: '0404', strength: 4 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
      { id: 'c2', side: 'confederate', hex: '0403', strength: 4 },
    ]);
    // 1:1, die 4 → Ar. u1's only retreat is 0304 (0303, 0405, 0503 are enemy controlled).
    let r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [4],
    );
    expect(resolved(r.events)).toMatchObject({ odds: '1:1', result: 'Ar' });
    const d = drain(ctx, r.state);
    expect(d.state.units.u1).toMatchObject({ hex: '0304', morale: 'disordered' });
    expect(d.state.units.u2).toMatchObject({ hex: '0404', morale: 'good', status: 'on-map' });
    // 0404 still holds u2, so the defender has no vacated hex to advance into.
    expect(ofType([...r.events, ...d.events], 'unit-advanced')).toEqual([]);
    expect(legalOrders(ctx, d.state, 'union')).toContainEqual({
      type: 'attack',
      attackers: ['u2'],
      defenders: ['0403'],
    });
    r = act(ctx, d.state, 'union', { type: 'attack', attackers: ['u2'], defenders: ['0403'] }, [1]);
    expect(resolved(r.events)).toMatchObject({ attackers: ['u2'], odds: '1:1', result: 'Dr' });
  });

  it('8.23: a unit in the Zone of Control of two enemy units must attack both, unless another unit engages one of them', () => {
    const units = [
      { id: 'u1', side: 'union' as const, hex: '0404', strength: 4 },
      { id: 'c1', side: 'confederate' as const, hex: '0504', strength: 4 },
      { id: 'c2', side: 'confederate' as const, hex: '0403', strength: 4 },
    ];
    const { ctx, state } = combatGame(units);
    const one = attempt(ctx, state, 'union', {
      type: 'attack',
      attackers: ['u1'],
      defenders: ['0504'],
    });
    expect(one.ok).toBe(false);
    if (!one.ok) expect(one.refusal.code).toBe('OBLIGATIONS_UNMEETABLE');
    const attacks = legalOrders(ctx, state, 'union').filter(
      (o) => o.type === 'attack',
    ) as unknown as { defenders: string[] }[];
    expect(attacks.length).toBeGreaterThan(0);
    for (const a of attacks) sameSet(a.defenders, ['0403', '0504']);
    expect(legalOrders(ctx, state, 'union').map((o) => o.type)).not.toContain('end-phase');
    // With u2 able to engage c2 (0303 is adjacent to 0403 only), u1 may attack c1 alone.
    const two = combatGame([...units, { id: 'u2', side: 'union', hex: '0303', strength: 4 }]);
    const alone = act(
      two.ctx,
      two.state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [5, 6, 6],
    );
    expect(resolved(alone.events)).toMatchObject({ attackers: ['u1'], defenderHexes: ['0504'] });
  });

  it('8.24: units in two hexes, and artillery within range, combine against one hex; a unit not adjacent may not join', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 3 },
      { id: 'u2', side: 'union', hex: '0604', strength: 3 },
      { id: 'u3', side: 'union', hex: '0706', strength: 3 },
      { id: 'gun', side: 'union', type: 'artillery', hex: '0304', strength: 2 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
    ]);
    expect(
      attempt(ctx, state, 'union', {
        type: 'attack',
        attackers: ['u1', 'u2', 'u3'],
        defenders: ['0504'],
      }),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_ADJACENT', rule: '8.25' },
    });
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1', 'u2'], bombard: ['gun'], defenders: ['0504'] },
      [1],
    );
    expect(resolved(r.events)).toMatchObject({
      strengths: { attack: 8, defence: 4, perAttacker: { u1: 3, u2: 3, gun: 2 } },
      odds: '2:1',
    });
  });

  it('8.25: one combat against two hexes needs every attacker adjacent to both defending hexes', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0405', strength: 4 }, // adjacent to 0504 and 0505
      { id: 'u2', side: 'union', hex: '0404', strength: 4 }, // adjacent to 0504 only
      { id: 'u3', side: 'union', hex: '0606', strength: 4 }, // adjacent to 0505 only
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      { id: 'c2', side: 'confederate', hex: '0505', strength: 2 },
    ]);
    expect(
      attempt(ctx, state, 'union', {
        type: 'attack',
        attackers: ['u1', 'u2'],
        defenders: ['0504', '0505'],
      }),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_ADJACENT', rule: '8.25' },
    });
    expect(
      attempt(ctx, state, 'union', {
        type: 'attack',
        attackers: ['u1', 'u3'],
        defenders: ['0504', '0505'],
      }),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_ADJACENT', rule: '8.25' },
    });
    // u1 alone is adjacent to both hexes: one combat against both.
    const one = combatGame([
      { id: 'u1', side: 'union', hex: '0405', strength: 8 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      { id: 'c2', side: 'confederate', hex: '0505', strength: 2 },
    ]);
    const r = act(
      one.ctx,
      one.state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504', '0505'] },
      [2],
    );
    expect(resolved(r.events)).toMatchObject({
      defenderHexes: ['0504', '0505'],
      strengths: { attack: 8, defence: 4 },
      odds: '2:1',
      result: 'Dr',
    });
  });

  it('8.31: a unit takes part in one combat only, with its whole strength, and stacked defenders defend together', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 4 },
      { id: 'u2', side: 'union', hex: '0604', strength: 4 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      { id: 'c2', side: 'confederate', hex: '0504', strength: 3 },
    ]);
    expect(
      attempt(ctx, state, 'union', {
        type: 'attack',
        attackers: ['u1', 'u1', 'u2'],
        defenders: ['0504'],
      }),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'UNIT_TWICE', rule: '8.31' },
    });
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1', 'u2'], defenders: ['0504'] },
      [5],
    );
    expect(resolved(r.events)).toMatchObject({
      strengths: {
        attack: 8,
        defence: 5,
        perAttacker: { u1: 4, u2: 4 },
        perDefender: { c1: 2, c2: 3 },
      },
    });
  });
});

describe('8.7 retreat and 8.8 displacement', () => {
  // c1 in 0504 attacked by u1 in 0404: 0405 and 0503 are enemy controlled; 0505, 0604, 0605 are open unless walled.
  const dr = (
    units: {
      id: string;
      side: Side;
      hex: string;
      strength?: number;
      type?: 'artillery' | 'infantry' | 'cavalry';
    }[],
    hexes: Record<string, HexSpec>,
  ) =>
    combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 12 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
        ...units,
      ],
      { hexes },
    );

  it('8.73: a retreating unit may stack with a friendly unit outside enemy control, and may not displace while another path is open', () => {
    const { ctx, state } = dr(
      [
        { id: 'c2', side: 'confederate', hex: '0604', strength: 2 },
        { id: 'c3', side: 'confederate', hex: '0605', strength: 2 },
        { id: 'c4', side: 'confederate', hex: '0605', strength: 2 },
      ],
      lakes('0505'),
    );
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [2],
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Dr' });
    // 0604 (stack with c2) is open; the full stack in 0605 could only be entered by displacement, which is not
    // offered: the single answer is applied at once.
    expect(ofType(r.events, 'unit-retreated')).toEqual([
      expect.objectContaining({ unit: 'c1', path: ['0604'], displace: null }),
    ]);
    expect([r.state.units.c3.hex, r.state.units.c4.hex]).toEqual(['0605', '0605']);
  });

  it('8.73: with no other retreat the unit stacks with the friendly unit in its only open hex', () => {
    const { ctx, state } = dr(
      [{ id: 'c2', side: 'confederate', hex: '0604', strength: 2 }],
      lakes('0505', '0605'),
    );
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [2, 6],
    );
    expect(ofType(r.events, 'unit-retreated')).toEqual([
      expect.objectContaining({ unit: 'c1', path: ['0604'], displace: null }),
    ]);
    expect(r.state.units.c1.hex).toBe('0604');
    expect(r.state.units.c2.hex).toBe('0604');
  });

  it('8.81: when stacking closes the only open hex, one unit there is displaced, retreated by its owner, and the retreating unit takes its place', () => {
    const { ctx, state } = dr(
      [
        { id: 'c2', side: 'confederate', hex: '0604', strength: 2 },
        { id: 'c3', side: 'confederate', hex: '0604', strength: 2 },
      ],
      lakes('0505', '0605', '0603'),
    );
    let r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [2],
    );
    const opts = retreatOrders(ctx, r.state, 'confederate');
    expect(opts).toEqual([
      { type: 'retreat', unit: 'c1', path: ['0604'], displace: 'c2' },
      { type: 'retreat', unit: 'c1', path: ['0604'], displace: 'c3' },
    ]);
    r = act(ctx, r.state, 'confederate', opts[0]);
    // c2 now retreats one hex from 0604, by the Confederate player's choice: 0703 or 0704 (0503 and 0504 are enemy controlled).
    expect(whoMustAct(ctx, r.state)).toMatchObject({
      side: 'confederate',
      decision: { kind: 'retreat', unit: 'c2', reason: 'displaced' },
    });
    const c2 = retreatOrders(ctx, r.state, 'confederate');
    expect(c2.map((o) => o.path[0]).sort()).toEqual(['0703', '0704']);
    r = act(
      ctx,
      r.state,
      'confederate',
      c2.find((o) => o.path[0] === '0704')!,
      [6, 6],
    );
    const d = drain(ctx, r.state);
    expect(d.state.units.c2.hex).toBe('0704');
    expect(d.state.units.c1.hex).toBe('0604');
    expect(d.state.units.c3.hex).toBe('0604');
  });

  it('8.82: if the displaced unit could not retreat, there is no displacement and the retreating unit is eliminated instead', () => {
    const { ctx, state } = dr(
      [
        { id: 'c2', side: 'confederate', hex: '0604', strength: 2 },
        { id: 'c3', side: 'confederate', hex: '0604', strength: 2 },
      ],
      lakes('0505', '0605', '0603', '0703', '0704'),
    );
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [2],
    );
    expect(r.state.units.c1.status).toBe('eliminated');
    expect(r.state.units.c2).toMatchObject({ hex: '0604', status: 'on-map' });
    expect(r.state.units.c3).toMatchObject({ hex: '0604', status: 'on-map' });
    expect(r.state.eliminatedStrength.confederate).toBe(4);
  });

  it('8.82: displacement chains: a displaced unit whose only path is into a full stack displaces in turn', () => {
    const { ctx, state } = dr(
      [
        { id: 'c2', side: 'confederate', hex: '0604', strength: 2 },
        { id: 'c3', side: 'confederate', hex: '0604', strength: 2 },
        { id: 'c4', side: 'confederate', hex: '0704', strength: 2 },
        { id: 'c5', side: 'confederate', hex: '0704', strength: 2 },
      ],
      // 0604's exits: only 0704 (full). 0704's exits besides 0604: only 0804.
      lakes('0505', '0605', '0603', '0703', '0705', '0803', '0805', '0706'),
    );
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [2, 6, 6],
    );
    const d = drain(ctx, r.state);
    const all = [...r.events, ...d.events];
    const displaced = ofType(all, 'unit-retreated').filter(
      (e) => e.reason === 'displaced',
    ) as Record<string, any>[];
    expect(displaced.map((e) => e.unit).length).toBe(2);
    expect(d.state.units.c1.hex).toBe('0604');
    const moved = ['c2', 'c3', 'c4', 'c5'].filter(
      (id) => d.state.units[id].hex !== state.units[id].hex,
    );
    expect(moved).toHaveLength(2);
    expect(moved.map((id) => d.state.units[id].hex).sort()).toEqual(['0704', '0804']);
  });

  it('8.82: displaced artillery that has not attacked may not attack this Combat Phase', () => {
    // u1 in 0404 attacks c1 in 0504 at 1:1 and gets Ar; its only open hex 0304 holds the gun and u2.
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 4 },
        { id: 'gun', side: 'union', type: 'artillery', hex: '0304', strength: 4 },
        { id: 'u2', side: 'union', hex: '0304', strength: 2 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
        { id: 'c2', side: 'confederate', hex: '0307', strength: 1 },
      ],
      // the displaced gun's only way out of 0304 is 0305, from where c2 is still in range
      { hexes: lakes('0403', '0303', '0204', '0205') },
    );
    expect(legalOrders(ctx, state, 'union')).toContainEqual({
      type: 'attack',
      attackers: [],
      bombard: ['gun'],
      defenders: ['0307'],
    });
    let r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [4],
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Ar' });
    const opts = retreatOrders(ctx, r.state, 'union');
    expect(opts.map((o) => o.displace).sort()).toEqual(['gun', 'u2']);
    r = act(
      ctx,
      r.state,
      'union',
      opts.find((o) => o.displace === 'gun')!,
      [6, 6],
    );
    const d = drain(ctx, r.state);
    expect(ofType([...r.events, ...d.events], 'attack-forfeited')).toEqual([
      expect.objectContaining({ unit: 'gun', rule: '8.82' }),
    ]);
    expect(d.state.units.u1.hex).toBe('0304');
    expect(d.state.units.gun.hex).toBe('0305');
    expect(legalOrders(ctx, d.state, 'union').filter((o) => o.type === 'attack')).toEqual([]);
    expect(
      attempt(ctx, d.state, 'union', {
        type: 'attack',
        attackers: [],
        bombard: ['gun'],
        defenders: ['0307'],
      }),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'ALREADY_ATTACKED', rule: '8.14' },
    });
  });

  it('8.83, 12.18: a displaced unit retreating into a town is not Disordered', () => {
    const { ctx, state } = dr(
      [
        { id: 'c2', side: 'confederate', hex: '0604', strength: 2 },
        { id: 'c3', side: 'confederate', hex: '0604', strength: 2 },
      ],
      { ...lakes('0505', '0605', '0603', '0704'), '0703': town },
    );
    let r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [2],
    );
    r = act(
      ctx,
      r.state,
      'confederate',
      { type: 'retreat', unit: 'c1', path: ['0604'], displace: 'c2' },
      [6, 6],
    );
    const d = drain(ctx, r.state);
    expect(d.state.units.c2).toMatchObject({ hex: '0703', morale: 'good' });
    expect(
      ofType([...r.events, ...d.events], 'morale-changed').filter((e) => e.unit === 'c2'),
    ).toEqual([]);
  });

  it('12.17 (contrast with 12.18): the same retreat into a town as a combat result does Disorder', () => {
    const { ctx, state } = dr([], { ...lakes('0505', '0605'), '0604': town });
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [2],
    );
    const d = drain(ctx, r.state, [1, 1]); // decline or advance, then a 12.12 Disorder die of 1: no Disorder from the roll
    expect(d.state.units.c1).toMatchObject({ hex: '0604', morale: 'disordered' });
    expect(ofType([...r.events, ...d.events], 'morale-changed')).toEqual([
      expect.objectContaining({ unit: 'c1', rule: '12.17' }),
    ]);
  });
});

describe('8.74 a unit retreated into a Friendly hex that is attacked later', () => {
  // u1 (12) in 0404 attacks c1 (4) in 0504 at 3:1, die 2: Dr. 0505 and 0605 are lakes and 0405, 0503 are
  // enemy controlled, so c1's one way out is 0604. The Union guns in 0804 and 0805 are two hexes from
  // 0604, in no enemy Zone of Control.
  const retreatInto0604 = (
    friends: { id: string; strength: number }[],
    scenario: Partial<ScenarioDocument> | undefined = undefined,
    revision?: number,
  ) => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 12 },
        { id: 'gun', side: 'union', hex: '0804', strength: 6, type: 'artillery' },
        { id: 'gun2', side: 'union', hex: '0805', strength: 6, type: 'artillery' },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
        ...friends.map((f) => ({ ...f, side: 'confederate' as const, hex: '0604' })),
      ],
      {
        hexes: lakes('0505', '0605'),
        scenario,
        // Revision 1: no revision in the state, as in games stored before revisions were recorded.
        tweak: (s) =>
          revision === undefined
            ? s
            : revision === 1
              ? { ...s, rules: { system: s.rules.system, version: s.rules.version } }
              : { ...s, rules: { ...s.rules, revision } },
      },
    );
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [2],
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Dr' });
    let s = r.state;
    // c1's retreat (and any displacement), then decline u1's advance, then 12.12's die (1: no Disorder).
    while (s.pending) {
      const side = s.pending.side as Side;
      const listed = legalOrders(ctx, s, side).filter((o) => o.type !== 'resign');
      const ans = listed.find((o) => o.type === 'decline-advance') ?? listed[0];
      s = act(ctx, s, side, ans, [1]).state;
    }
    expect(s.units.c1.hex).toBe('0604');
    return { ctx, state: s };
  };
  const bombard = { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0604'] };

  it('8.74: a hex a defender retreated into may still be bombarded; the retreated unit adds nothing to the defence but suffers the result', () => {
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 2 }]);
    expect(combatOf(state).retreatedInto).toEqual(['c1']);
    expect(legalOrders(ctx, state, 'union')).toContainEqual(expect.objectContaining(bombard));
    const r = act(ctx, state, 'union', bombard, [1]);
    const c = resolved(r.events);
    expect(c.strengths.perDefender).toEqual({ c1: 0, c2: 2 });
    expect(c.strengths.defence).toBe(2);
    expect(c.result).toBe('De');
    // The retreated unit shares the result of the attack on its new hex.
    expect(r.state.units.c1.status).toBe('eliminated');
    expect(r.state.units.c2.status).toBe('eliminated');
  });

  it('8.74, 8.14: once the hex it retreated into has been attacked, the retreated unit shelters it no more', () => {
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 20 }]);
    const r = act(ctx, state, 'union', bombard, [6]);
    const d = drain(ctx, r.state, [1, 1]);
    expect([d.state.units.c1.hex, d.state.units.c2.hex]).toEqual(['0604', '0604']);
    expect(combatOf(d.state).retreatedInto).toEqual([]);
    expect(attempt(ctx, d.state, 'union', { ...bombard, bombard: ['gun2'] })).toMatchObject({
      ok: false,
      refusal: { code: 'ALREADY_DEFENDED' },
    });
  });

  it('8.74: a game created under an earlier engine revision keeps the old reading (8.14 alone), so its replay re-runs as played', () => {
    const { ctx, state } = retreatInto0604(
      [{ id: 'c2', strength: 2 }],
      undefined,
      SPECIFIC_OVER_GENERAL - 1,
    );
    expect(attempt(ctx, state, 'union', bombard)).toMatchObject({
      ok: false,
      refusal: { code: 'ALREADY_DEFENDED' },
    });
  });

  it('8.74, 8.14: a unit retreated into an empty hex has been attacked and may not be attacked there again', () => {
    const { ctx, state } = retreatInto0604([]);
    expect(combatOf(state).retreatedInto).toEqual([]);
    expect(legalOrders(ctx, state, 'union')).not.toContainEqual(expect.objectContaining(bombard));
    expect(attempt(ctx, state, 'union', bombard)).toMatchObject({
      ok: false,
      refusal: { code: 'ALREADY_DEFENDED', rule: '8.14, 8.74' },
    });
  });

  it('8.74, 8.81: a unit displaced into an empty hex was never attacked and defends there with its strength (D21-2)', () => {
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 2 }], {
      stacking: { units: 1 },
    });
    expect(state.units.c2.hex).toBe('0603');
    expect(combatOf(state).retreatedInto).toEqual(['c1']);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0603'] },
      [6],
    );
    expect(resolved(r.events).strengths.perDefender).toEqual({ c2: 2 });
  });

  it('8.74 (revision 1): a hex a defender retreated into may not be attacked, its friends included (8.14 alone)', () => {
    // Revision 1 behaviour kept for games created before the fix (src/engine/revision.ts).
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 2 }], undefined, 1);
    expect(combatOf(state).retreatedInto).toEqual(['c1']);
    expect(legalOrders(ctx, state, 'union')).not.toContainEqual(expect.objectContaining(bombard));
    expect(attempt(ctx, state, 'union', bombard)).toMatchObject({
      ok: false,
      refusal: { code: 'ALREADY_DEFENDED' },
    });
  });

  it('8.74, 8.81 (revision 1): every retreated unit is listed, so one displaced into an empty hex adds 0 there', () => {
    const { ctx, state } = retreatInto0604(
      [{ id: 'c2', strength: 2 }],
      { stacking: { units: 1 } },
      1,
    );
    expect(state.units.c2.hex).toBe('0603');
    expect([...combatOf(state).retreatedInto].sort()).toEqual(['c1', 'c2']);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0603'] },
      [6],
    );
    expect(resolved(r.events).strengths).toMatchObject({ defence: 0, perDefender: { c2: 0 } });
  });

  it('8.74 (revision 1): a unit retreated into an empty hex stays listed as retreated', () => {
    const { state } = retreatInto0604([], undefined, 1);
    expect(combatOf(state).retreatedInto).toEqual(['c1']);
  });

  it('8.74 (revision 2): a game created after the fix, before revision 3, has it: the hex may be bombarded', () => {
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 2 }], undefined, 2);
    expect(legalOrders(ctx, state, 'union')).toContainEqual(expect.objectContaining(bombard));
    expect(combatOf(retreatInto0604([], undefined, 2).state).retreatedInto).toEqual([]);
  });

  it('8.74, 8.62: a hex holding only a unit retreated into it (the friend displaced) defends with 0 and is attacked at 12:1', () => {
    // One unit to a hex: c1 can only enter 0604 by displacing c2 (8.81), which leaves c1 alone there.
    const { ctx, state } = retreatInto0604([{ id: 'c2', strength: 2 }], {
      stacking: { units: 1 },
    });
    expect(state.units.c2.hex).not.toBe('0604');
    expect(combatOf(state).retreatedInto).toEqual(['c1']);
    const r = act(ctx, state, 'union', bombard, [6]);
    const c = resolved(r.events);
    expect(c.strengths).toMatchObject({ defence: 0, perDefender: { c1: 0 } });
    // C3: a defence of 0 reads as the table's highest ratio, 12:1 (die modifier -3, 8.61).
    expect(c.odds).toBe('12:1');
    expect(c.modifiers).toEqual([{ modifier: -3, case: '8.61' }]);
  });
});

describe('8.77 cavalry retreat before combat', () => {
  it('8.78: cavalry may not retreat before a bombardment unless adjacent to another enemy unit', () => {
    const alone = combatGame([
      { id: 'gun', side: 'union', type: 'artillery', hex: '0304', strength: 6 },
      { id: 'cav', side: 'confederate', type: 'cavalry', hex: '0504', strength: 2 },
    ]);
    const r = act(
      alone.ctx,
      alone.state,
      'union',
      { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0504'] },
      [5],
    );
    expect(resolved(r.events)).toBeDefined(); // resolved at once: no election was offered
    expect(ofType(r.events, 'decision-answered')).toEqual([]);

    // A Routed union unit adjacent to the cavalry attacks nobody (12.23) but makes it adjacent to another enemy unit.
    const adj = combatGame(
      [
        { id: 'gun', side: 'union', type: 'artillery', hex: '0304', strength: 6 },
        { id: 'ru', side: 'union', hex: '0604', strength: 2 },
        { id: 'cav', side: 'confederate', type: 'cavalry', hex: '0504', strength: 2 },
      ],
      { tweak: (s) => ({ ...s, units: { ...s.units, ru: { ...s.units.ru, morale: 'routed' } } }) },
    );
    const r2 = act(adj.ctx, adj.state, 'union', {
      type: 'attack',
      attackers: [],
      bombard: ['gun'],
      defenders: ['0504'],
    });
    expect(ofType(r2.events, 'combat-resolved')).toEqual([]);
    expect(whoMustAct(adj.ctx, r2.state)).toMatchObject({
      side: 'confederate',
      decision: { kind: 'cavalry-rbc-election' },
    });
  });

  it('8.78, 8.79, 12.19: after the cavalry retreats before combat the artillery has made its attack, and the cavalry is not Disordered by the towns it retreats through', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 4 },
        { id: 'gun', side: 'union', type: 'artillery', hex: '0304', strength: 4 },
        { id: 'cav', side: 'confederate', type: 'cavalry', hex: '0504', strength: 2 },
        { id: 'c2', side: 'confederate', hex: '0306', strength: 1 },
      ],
      { hexes: { '0505': town, '0604': town, '0605': town } },
    );
    expect(legalOrders(ctx, state, 'union')).toContainEqual({
      type: 'attack',
      attackers: [],
      bombard: ['gun'],
      defenders: ['0306'],
    });
    let r = act(ctx, state, 'union', {
      type: 'attack',
      attackers: ['u1'],
      bombard: ['gun'],
      defenders: ['0504'],
    });
    expect(r.state.pending).toMatchObject({ side: 'confederate', kind: 'cavalry-rbc-election' });
    r = act(ctx, r.state, 'confederate', { type: 'cavalry-retreat', units: ['cav'] }, [3]);
    const d = drain(ctx, r.state);
    const all = [...r.events, ...d.events];
    expect(ofType(all, 'combat-resolved')).toEqual([]);
    expect(ofType(all, 'combat-ended')).toEqual([expect.objectContaining({ rule: '8.77, 8.79' })]);
    const retreat = ofType(all, 'unit-retreated')[0] as Record<string, any>;
    expect(retreat).toMatchObject({ unit: 'cav', reason: 'cavalry-rbc' });
    expect(retreat.path).toHaveLength(2);
    expect(d.state.units.cav.morale).toBe('good');
    expect(combatOf(d.state).attacked).toEqual(expect.arrayContaining(['u1', 'gun']));
    expect(
      attempt(ctx, d.state, 'union', {
        type: 'attack',
        attackers: [],
        bombard: ['gun'],
        defenders: ['0306'],
      }),
    ).toMatchObject({
      ok: false,
      refusal: { rule: '8.14' },
    });
  });
});

describe('11.2 night combat', () => {
  it('11.22: at Night a non-attacking unit is not displaced by a friendly retreat; the retreating unit is eliminated instead', () => {
    // u1 moved into c1's ZOC this turn (11.21) and attacks; u2 and u3 in 0304 do not attack.
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 1 },
        { id: 'u2', side: 'union', hex: '0304', strength: 2 },
        { id: 'u3', side: 'union', hex: '0304', strength: 2 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
      ],
      { night: true, hexes: lakes('0403', '0303'), moved: ['u1'], enteredEnemyZoc: ['u1'] },
    );
    // 1 vs 4 = 1:4, night die 3 (unaffected), combat die 1 → Ar.
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [3, 1],
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Ar' });
    const d = drain(ctx, r.state);
    expect(d.state.units.u1.status).toBe('eliminated');
    expect(d.state.units.u2.hex).toBe('0304');
    expect(d.state.units.u3.hex).toBe('0304');
  });

  it('11.22: at Night nobody advances into a hex still holding a non-attacking unit', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 1 },
        { id: 'u2', side: 'union', hex: '0404', strength: 1 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
      ],
      { night: true, moved: ['u1'], enteredEnemyZoc: ['u1'] },
    );
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [3, 1],
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Ar' });
    const d = drain(ctx, r.state);
    const all = [...r.events, ...d.events];
    expect(d.state.units.u1.hex).not.toBe('0404');
    expect(d.state.units.u2).toMatchObject({ hex: '0404', morale: 'good' });
    expect(ofType(all, 'unit-advanced')).toEqual([]);
    expect(all.filter((e) => e.type === 'decision-answered' && e.kind === 'advance')).toEqual([]);
  });
});

describe('12.2 morale and combat strength', () => {
  it('12.24: terrain and morale never take a unit below a Combat Strength of 1', () => {
    // u1 (1, Shaken: ×1/3) attacks across a stream (halved); c1 (1, Routed: ×1/3) defends.
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 1 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 1 },
      ],
      {
        hexsides: [{ between: ['0404', '0504'], features: [{ type: 'stream' }] }],
        tweak: (s) => ({
          ...s,
          units: {
            ...s.units,
            u1: { ...s.units.u1, morale: 'shaken' },
            c1: { ...s.units.c1, morale: 'routed' },
          },
        }),
      },
    );
    let r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [6],
    );
    if (r.state.pending?.kind === 'routed-rbc-election')
      r = act(ctx, r.state, 'union', { type: 'force-routed-retreat', units: [] }, [6]);
    const res = ofType(r.events, 'combat-resolved')[0] as Record<string, any>;
    expect(res.terrain.halved.u1).toEqual(expect.stringContaining('stream'));
    expect(res.strengths).toMatchObject({
      attack: 1,
      defence: 1,
      perAttacker: { u1: 1 },
      perDefender: { c1: 1 },
    });
  });
});

describe('12.3 routed units', () => {
  it('12.35: a Routed defender may not advance after combat; its good-order companion may', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 1 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 3 },
        { id: 'c2', side: 'confederate', hex: '0504', strength: 3 },
      ],
      { tweak: (s) => ({ ...s, units: { ...s.units, c1: { ...s.units.c1, morale: 'routed' } } }) },
    );
    let r = act(ctx, state, 'union', { type: 'attack', attackers: ['u1'], defenders: ['0504'] });
    expect(r.state.pending).toMatchObject({ side: 'union', kind: 'routed-rbc-election' });
    // u1 does not force c1 away; c1 (3 × 1/3 = 1) and c2 (3) defend: 1 vs 4 = 1:4, die 1 → Ar.
    r = act(ctx, r.state, 'union', { type: 'force-routed-retreat', units: [] }, [1]);
    expect(resolved(r.events)).toMatchObject({ odds: '1:4', result: 'Ar' });
    let s = r.state;
    while (s.pending && s.pending.kind !== 'advance')
      s = act(
        ctx,
        s,
        s.pending.side as Side,
        legalOrders(ctx, s, s.pending.side as Side)[0],
        [6, 6],
      ).state;
    expect(s.pending).toMatchObject({ side: 'confederate', kind: 'advance', hex: '0404' });
    expect(legalOrders(ctx, s, 'confederate')).toEqual([
      { type: 'advance', unit: 'c2', to: '0404' },
      { type: 'decline-advance', hex: '0404' },
    ]);
    const bad = attempt(ctx, s, 'confederate', { type: 'advance', unit: 'c1', to: '0404' });
    expect(bad.ok).toBe(false);
  });
});

describe('specific cases over general ones (issue 21)', () => {
  /** Answers pending decisions: `prefer` picks an answer type when listed, else the first listed. */
  const settle = (ctx: GameContext, s0: GameState, prefer: string[], rolls: number[] = [1]) => {
    let s = s0;
    const events: GameEvent[] = [];
    while (s.pending) {
      const side = s.pending.side as Side;
      const listed = legalOrders(ctx, s, side).filter((o) => o.type !== 'resign');
      const ans = prefer.map((t) => listed.find((o) => o.type === t)).find((o) => o) ?? listed[0];
      const r = act(ctx, s, side, ans, rolls);
      events.push(...r.events);
      s = r.state;
    }
    return { state: s, events };
  };

  it('6.11, 4.0, 7.4: in the Combat Phase a move order is refused, but a retreat and an advance after combat move units out of Enemy controlled hexes', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 12 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
    ]);
    expect(
      attempt(ctx, state, 'union', { type: 'move', unit: 'u1', path: ['0403'] }),
    ).toMatchObject({ ok: false });
    // 3:1, die 2: Dr; c1 retreats, u1 advances into 0504.
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [2],
    );
    const d = settle(ctx, r.state, ['advance']);
    expect(d.state.units.c1.hex).not.toBe('0504');
    expect(d.state.units.u1.hex).toBe('0504');
  });

  it('8.75: an advance ignores Enemy Zones of Control; the advanced unit may neither attack nor be attacked that phase, though next to Enemy units', () => {
    // c3 in 0605 controls 0504; u1 advances into it all the same, and may then not attack c3.
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 12 },
      { id: 'u2', side: 'union', hex: '0706', strength: 12 },
      { id: 'u5', side: 'union', hex: '0707', strength: 12 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
      { id: 'c3', side: 'confederate', hex: '0605', strength: 1 },
      { id: 'c4', side: 'confederate', hex: '0806', strength: 12 },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [2],
    );
    const d = settle(ctx, r.state, ['advance']);
    expect(d.state.units.u1.hex).toBe('0504');
    // (u1 has attacked too: 8.14 refuses it first.)
    expect(
      attempt(ctx, d.state, 'union', { type: 'attack', attackers: ['u1'], defenders: ['0605'] }),
    ).toMatchObject({ ok: false });
    // u2 (12) attacks c4 (12) at 1:1, die 6: Ar; c4 advances into 0706, next to u5, which may not attack it.
    const r2 = act(
      ctx,
      d.state,
      'union',
      { type: 'attack', attackers: ['u2'], defenders: ['0806'] },
      [6],
    );
    expect(resolved(r2.events)).toMatchObject({ result: 'Ar' });
    const d2 = settle(ctx, r2.state, ['accept-retreat', 'retreat', 'advance']);
    expect(d2.state.units.c4.hex).toBe('0706');
    // (c4 was attacked as well: 8.14 refuses it first.)
    const refusedU5 = attempt(ctx, d2.state, 'union', {
      type: 'attack',
      attackers: ['u5'],
      defenders: ['0706'],
    });
    expect(refusedU5.ok).toBe(false);
    expect(
      legalOrders(ctx, d2.state, 'union').filter(
        (o) => o.type === 'attack' && (o.defenders as string[]).includes('0706'),
      ),
    ).toEqual([]);
  });

  it('9.15: artillery across a creek from its target bombards it though adjacent, and suffers nothing from the result', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'gun', side: 'union', type: 'artillery', hex: '0404', strength: 1 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 3 },
      ],
      { hexsides: [{ between: ['0404', '0504'], features: [{ type: 'creek' }] }] },
    );
    // Long odds, die 6: an attacker's result, which does not touch bombarding artillery.
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0504'] },
      [6],
    );
    expect(['Ae', 'Ae*', 'Ar']).toContain(resolved(r.events).result);
    const d = settle(ctx, r.state, ['decline-advance'], [1]);
    expect(d.state.units.gun).toMatchObject({ hex: '0404', status: 'on-map', morale: 'good' });
  });

  it('11.23, 12.24, 10.22: the Night halving scales the attacking total, not each unit at its floor of 1', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 1 },
        { id: 'u2', side: 'union', hex: '0405', strength: 1 },
        { id: 'u3', side: 'union', hex: '0503', strength: 1 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 1 },
      ],
      { night: true },
    );
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1', 'u2', 'u3'], defenders: ['0504'] },
      [4, 3],
    );
    // 3 halved is 1.5, rounded to 2: each unit alone at its floor of 1 would still give 3.
    expect(resolved(r.events)).toMatchObject({
      strengths: { attack: 3 },
      night: { roll: 4, attack: 2 },
      odds: '2:1',
    });
  });

  it('12.12: a retreating defending artillery unit is Disordered without a roll; the infantry beside it rolls', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 12 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      { id: 'cg', side: 'confederate', type: 'artillery', hex: '0504', strength: 2 },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [2],
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Dr' });
    const d = settle(ctx, r.state, ['decline-advance'], [1]);
    const all = [...r.events, ...d.events];
    expect(d.state.units.cg.morale).toBe('disordered');
    expect(d.state.units.c1.morale).toBe('good');
    const rolls = ofType(all, 'die-rolled').filter((e) => e.purpose === 'disorder');
    expect(rolls.map((e) => e.unit)).toEqual(['c1']);
  });

  it('12.12: a defending battery bombarded from afar (in no Enemy Zone of Control) that retreats is not Disordered (D21-1)', () => {
    const { ctx, state } = combatGame([
      { id: 'gun', side: 'union', type: 'artillery', hex: '0802', strength: 8 },
      { id: 'cg', side: 'confederate', type: 'artillery', hex: '0604', strength: 1 },
    ]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0604'] },
      [4],
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Dr' });
    const d = settle(ctx, r.state, ['decline-advance'], [6]);
    expect(d.state.units.cg.hex).not.toBe('0604');
    expect(d.state.units.cg.morale).toBe('good');
  });

  it('12.33: a Routed unit an advance after combat puts in an Enemy Zone of Control does not retreat at the end of the phase', () => {
    // u9 (Routed) in 0303 is in no Enemy Zone of Control as the phase begins. u1 attacks c1 at 1:3, die 6: Ae;
    // c1 advances into 0404, next to u9.
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 4 },
        { id: 'u9', side: 'union', hex: '0303', strength: 4 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 12 },
      ],
      { tweak: (s) => ({ ...s, units: { ...s.units, u9: { ...s.units.u9, morale: 'routed' } } }) },
    );
    expect(combatOf(state).routedBeganInEzoc).toEqual([]);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [6],
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Ae' });
    const d = settle(ctx, r.state, ['advance']);
    expect(d.state.units.c1.hex).toBe('0404');
    let s = d.state;
    for (const type of ['close-combat-phase', 'end-phase']) {
      if (legalOrders(ctx, s, 'union').some((o) => o.type === type)) {
        s = act(ctx, s, 'union', { type }).state;
        s = settle(ctx, s, []).state;
      }
    }
    expect(s.phase).not.toBe('combat');
    expect(s.units.u9.hex).toBe('0303');
  });
});
