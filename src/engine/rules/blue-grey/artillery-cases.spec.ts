/**
 * Cases of 9.0 (artillery and gunboats) checked through play on the combat
 * test sheet (combat.fixtures.ts).
 *
 * Geometry of the sheet (flat, odd columns shifted down):
 *   neighbours of an even-column hex 0404: 0303 0304 0403 0405 0503 0504;
 *   neighbours of an odd-column hex 0504: 0404 0405 0503 0505 0604 0605.
 */
import { legalOrders } from '../../game';
import type { HexsideSpec } from '../../types';
import { act, attempt, combatGame, drain, ofType, resolved } from './combat.fixtures';
import { combatOf } from './combat';
import { validateScenario } from '../../scenario/validate';
import { testMap, testScenario, unit } from '../../../../test/unit/engine/helpers';

type Side = 'union' | 'confederate';

/** Every hexside of `hex` carries `type`. */
const ringed = (
  ctx0: { neighbours: string[] },
  hex: string,
  type: 'stream' | 'creek',
): HexsideSpec[] =>
  ctx0.neighbours.map((n) => ({ between: [hex, n] as [string, string], features: [{ type }] }));
const AROUND_0504 = { neighbours: ['0404', '0405', '0503', '0505', '0604', '0605'] };

describe('9.1 bombardment', () => {
  it('9.14: two guns in one hex bombard two different hexes', () => {
    const { ctx, state } = combatGame([
      { id: 'g1', side: 'union', type: 'artillery', hex: '0304', strength: 4 },
      { id: 'g2', side: 'union', type: 'artillery', hex: '0304', strength: 4 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      { id: 'c2', side: 'confederate', hex: '0306', strength: 2 },
    ]);
    let r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['g1'], defenders: ['0504'] },
      [5],
    );
    expect(resolved(r.events)).toMatchObject({
      bombard: ['g1'],
      defenderHexes: ['0504'],
      odds: '2:1',
      result: 'Ar',
    });
    let s = drain(ctx, r.state).state;
    expect(s.units.g1.hex).toBe('0304'); // 9.15: the Ar does not touch the bombarding gun
    r = act(
      ctx,
      s,
      'union',
      { type: 'attack', attackers: [], bombard: ['g2'], defenders: ['0306'] },
      [5],
    );
    expect(resolved(r.events)).toMatchObject({
      bombard: ['g2'],
      defenderHexes: ['0306'],
      odds: '2:1',
    });
    s = drain(ctx, r.state).state;
    expect(combatOf(s).attacked).toEqual(['g1', 'g2']);
  });

  it('9.16: bombarding artillery is not halved by the stream hexsides of the target hex', () => {
    const units = [
      { id: 'gun', side: 'union' as const, type: 'artillery' as const, hex: '0304', strength: 4 },
      { id: 'c1', side: 'confederate' as const, hex: '0504', strength: 2 },
    ];
    const open = combatGame(units);
    const stream = combatGame(units, { hexsides: ringed(AROUND_0504, '0504', 'stream') });
    const a = resolved(
      act(
        open.ctx,
        open.state,
        'union',
        { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0504'] },
        [5],
      ).events,
    );
    const b = resolved(
      act(
        stream.ctx,
        stream.state,
        'union',
        { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0504'] },
        [5],
      ).events,
    );
    expect(b.terrain.halved.gun).toBeFalsy();
    expect(b.strengths.perAttacker.gun).toBe(4);
    expect(b.strengths.perAttacker.gun).toBe(a.strengths.perAttacker.gun);
  });

  it('9.17: on an Ar, bombarding artillery may choose to retreat with the attackers, or stay', () => {
    const setup = () =>
      combatGame([
        { id: 'u1', side: 'union', hex: '0404', strength: 2 },
        { id: 'gun', side: 'union', type: 'artillery', hex: '0304', strength: 2 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
      ]);
    const { ctx, state } = setup();
    // 2 + 2 against 4 = 1:1, die 5 → Ar
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], bombard: ['gun'], defenders: ['0504'] },
      [5],
    );
    expect(resolved(r.events)).toMatchObject({ odds: '1:1', result: 'Ar' });
    expect(r.state.pending).toMatchObject({ side: 'union', kind: 'accept-retreat', rule: '9.17' });
    const answers = legalOrders(ctx, r.state, 'union').filter((o) => o.type === 'accept-retreat');
    expect(answers).toEqual([
      { type: 'accept-retreat', units: [] },
      { type: 'accept-retreat', units: ['gun'] },
    ]);
    const stay = drain(ctx, act(ctx, r.state, 'union', answers[0], [6, 6]).state, [1, 1]).state;
    expect(stay.units.gun).toMatchObject({ hex: '0304', morale: 'good' });
    expect(stay.units.u1.hex).not.toBe('0404');
    const go = act(ctx, r.state, 'union', answers[1], [6, 6]);
    const went = drain(ctx, go.state, [1, 1]);
    const retreats = ofType([...go.events, ...went.events], 'unit-retreated') as Record<
      string,
      any
    >[];
    expect(retreats.find((e) => e.unit === 'gun')).toMatchObject({
      reason: 'accepted-ar',
      rule: '9.17',
    });
    expect(went.state.units.gun.hex).not.toBe('0304');
  });
});

describe('9.2 combined attacks', () => {
  it('9.21: artillery adds its strength to other bombarding artillery, and to units attacking from adjacent hexes', () => {
    const { ctx, state } = combatGame([
      { id: 'g1', side: 'union', type: 'artillery', hex: '0304', strength: 3 },
      { id: 'g2', side: 'union', type: 'artillery', hex: '0706', strength: 4 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
    ]);
    let r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['g1', 'g2'], defenders: ['0504'] },
      [6],
    );
    // g1 at range 2: 3; g2 at range 3: 4 × 2/3 = 3 (rounded); 6 against 2
    expect(resolved(r.events)).toMatchObject({
      strengths: { attack: 6, defence: 2, perAttacker: { g1: 3, g2: 3 } },
      odds: '3:1',
    });
    const adj = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 2 },
      { id: 'gun', side: 'union', type: 'artillery', hex: '0304', strength: 3 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
    ]);
    r = act(
      adj.ctx,
      adj.state,
      'union',
      { type: 'attack', attackers: ['u1'], bombard: ['gun'], defenders: ['0504'] },
      [6],
    );
    expect(resolved(r.events)).toMatchObject({
      strengths: { attack: 5, defence: 2, perAttacker: { u1: 2, gun: 3 } },
      odds: '2:1',
    });
  });

  it('9.22: in a combined attack on two hexes, artillery need reach only one of them', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0405', strength: 4 }, // adjacent to 0504 and 0505
      { id: 'gun', side: 'union', type: 'artillery', hex: '0501', strength: 3 }, // 3 hexes from 0504, 4 from 0505
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      { id: 'c2', side: 'confederate', hex: '0505', strength: 2 },
    ]);
    expect(ctx.map.grid.distance('0501', '0504')).toBe(3);
    expect(ctx.map.grid.distance('0501', '0505')).toBe(4);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], bombard: ['gun'], defenders: ['0504', '0505'] },
      [6],
    );
    expect(resolved(r.events)).toMatchObject({
      defenderHexes: ['0504', '0505'],
      strengths: { attack: 6, defence: 4, perAttacker: { gun: 2 } },
    });
    // A gun reaching neither hex may not join.
    const far = combatGame([
      { id: 'u1', side: 'union', hex: '0405', strength: 4 },
      { id: 'gun', side: 'union', type: 'artillery', hex: '0801', strength: 3 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      { id: 'c2', side: 'confederate', hex: '0505', strength: 2 },
    ]);
    expect(
      attempt(far.ctx, far.state, 'union', {
        type: 'attack',
        attackers: ['u1'],
        bombard: ['gun'],
        defenders: ['0504', '0505'],
      }),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'OUT_OF_RANGE', rule: '9.11' },
    });
  });

  it('9.23: in a combined attack the infantry is halved across the stream, the bombarding artillery is not', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 4 },
        { id: 'gun', side: 'union', type: 'artillery', hex: '0304', strength: 4 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      ],
      { hexsides: ringed(AROUND_0504, '0504', 'stream') },
    );
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], bombard: ['gun'], defenders: ['0504'] },
      [6],
    );
    const res = resolved(r.events);
    expect(res.terrain.halved.u1).toEqual(expect.stringContaining('stream'));
    expect(res.terrain.halved.gun).toBeFalsy();
    expect(res.strengths.perAttacker).toEqual({ u1: 2, gun: 4 });
  });

  it('9.24: in a combined attack the adjacent attackers suffer the Ae, the bombarding artillery does not', () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 1 },
      { id: 'gun', side: 'union', type: 'artillery', hex: '0304', strength: 1 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 9 },
    ]);
    // 2 against 9 = 1:5, die 6 → Ae
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], bombard: ['gun'], defenders: ['0504'] },
      [6],
    );
    expect(resolved(r.events)).toMatchObject({ odds: '1:5', result: 'Ae' });
    expect(r.state.units.u1.status).toBe('eliminated');
    expect(r.state.units.gun).toMatchObject({ status: 'on-map', hex: '0304', morale: 'good' });
  });
});

describe('9.3 line of sight', () => {
  it('9.37: units, enemy or friendly, in the intervening hexes do not block the line of sight', () => {
    const { ctx, state } = combatGame([
      { id: 'gun', side: 'union', type: 'artillery', hex: '0204', strength: 6 },
      { id: 'u1', side: 'union', hex: '0304', strength: 4 }, // friendly, in the way
      { id: 'c2', side: 'confederate', hex: '0404', strength: 1 }, // enemy, in the way
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
    ]);
    expect(ctx.map.grid.lineOfSight('0204', '0504').hexes).toEqual(['0304', '0404']);
    expect(legalOrders(ctx, state, 'union')).toContainEqual({
      type: 'attack',
      attackers: [],
      bombard: ['gun'],
      defenders: ['0504'],
    });
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0504'] },
      [6],
    );
    // range 3: 6 × 2/3 = 4 against 2
    expect(resolved(r.events)).toMatchObject({
      strengths: { perAttacker: { gun: 4 } },
      odds: '2:1',
    });
  });
});

describe('9.4 adjacent attacks', () => {
  it('9.44, 9.46: artillery attacks an adjacent unit across a creek, which infantry may not; out of its ZOC it bombards it or anything in range', () => {
    const creek: HexsideSpec[] = [{ between: ['0404', '0504'], features: [{ type: 'creek' }] }];
    const { ctx, state } = combatGame(
      [
        { id: 'gun', side: 'union', type: 'artillery', hex: '0404', strength: 4 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
        { id: 'c2', side: 'confederate', hex: '0604', strength: 1 },
      ],
      { hexsides: creek },
    );
    const orders = legalOrders(ctx, state, 'union');
    expect(orders).toContainEqual({
      type: 'attack',
      attackers: [],
      bombard: ['gun'],
      defenders: ['0504'],
    });
    expect(orders).toContainEqual({
      type: 'attack',
      attackers: [],
      bombard: ['gun'],
      defenders: ['0604'],
    });
    // the creek stops c1's Zone of Control: nothing obliges the gun to attack
    expect(orders).toContainEqual({ type: 'end-phase' });
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0504'] },
      [6],
    );
    // adjacent artillery: 4 × 1½ = 6, not halved by the creek
    expect(resolved(r.events)).toMatchObject({ strengths: { perAttacker: { gun: 6 } } });
    const inf = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404', strength: 4 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      ],
      { hexsides: creek },
    );
    expect(
      attempt(inf.ctx, inf.state, 'union', {
        type: 'attack',
        attackers: ['u1'],
        defenders: ['0504'],
      }),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'PROHIBITED_HEXSIDE' },
    });
  });

  it('9.46, 9.41: across the creek the gun may bombard only while no other enemy unit holds it in a Zone of Control', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'gun', side: 'union', type: 'artillery', hex: '0404', strength: 4 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
        { id: 'c3', side: 'confederate', hex: '0403', strength: 2 },
      ],
      { hexsides: [{ between: ['0404', '0504'], features: [{ type: 'creek' }] }] },
    );
    expect(
      attempt(ctx, state, 'union', {
        type: 'attack',
        attackers: [],
        bombard: ['gun'],
        defenders: ['0504'],
      }),
    ).toMatchObject({
      ok: false,
      refusal: { rule: '9.41' },
    });
  });

  it('9.45: adjacent artillery attacking across a stream is not halved; infantry beside it is', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'gun', side: 'union', type: 'artillery', hex: '0404', strength: 4 },
        { id: 'u1', side: 'union', hex: '0604', strength: 4 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      ],
      { hexsides: ringed(AROUND_0504, '0504', 'stream') },
    );
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['gun', 'u1'], defenders: ['0504'] },
      [6],
    );
    const res = resolved(r.events);
    expect(res.terrain.halved.gun).toBeFalsy();
    expect(res.strengths.perAttacker).toEqual({ gun: 6, u1: 2 });
  });

  it('9.47: artillery never advances after combat', () => {
    const { ctx, state } = combatGame([
      { id: 'gun', side: 'union', type: 'artillery', hex: '0404', strength: 4 },
      { id: 'u1', side: 'union', hex: '0604', strength: 4 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
    ]);
    // 6 + 4 against 2 = 5:1, die 1 → De
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['gun', 'u1'], defenders: ['0504'] },
      [1],
    );
    expect(resolved(r.events)).toMatchObject({ odds: '5:1', result: 'De' });
    expect(r.state.pending).toMatchObject({
      side: 'union',
      kind: 'advance',
      hex: '0504',
      candidates: ['u1'],
    });
    expect(legalOrders(ctx, r.state, 'union').filter((o) => o.type === 'advance')).toEqual([
      { type: 'advance', unit: 'u1', to: '0504' },
    ]);
    expect(attempt(ctx, r.state, 'union', { type: 'advance', unit: 'gun', to: '0504' }).ok).toBe(
      false,
    );
  });
});

describe('9.5 defence', () => {
  it("9.51: artillery bombards only in its own Combat Phase and adds nothing to a neighbouring hex's defence", () => {
    const { ctx, state } = combatGame([
      { id: 'u1', side: 'union', hex: '0404', strength: 4 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      { id: 'cg', side: 'confederate', type: 'artillery', hex: '0605', strength: 6 },
    ]);
    expect(legalOrders(ctx, state, 'confederate')).toEqual([]);
    expect(
      attempt(ctx, state, 'confederate', {
        type: 'attack',
        attackers: [],
        bombard: ['cg'],
        defenders: ['0404'],
      }).ok,
    ).toBe(false);
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
      [6],
    );
    expect(resolved(r.events)).toMatchObject({
      strengths: { defence: 2, perDefender: { c1: 2 } },
      odds: '2:1',
    });
  });

  it('9.52: bombarded artillery suffers the result like any unit: Dr retreats it, De eliminates it', () => {
    const setup = () =>
      combatGame([
        { id: 'gun', side: 'union', type: 'artillery', hex: '0304', strength: 6 },
        { id: 'cg', side: 'confederate', type: 'artillery', hex: '0504', strength: 2 },
      ]);
    let { ctx, state } = setup();
    // 6 against 2 = 3:1; die 1 → De, die 2 → Dr
    let r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0504'] },
      [1],
    );
    expect(resolved(r.events)).toMatchObject({ odds: '3:1', result: 'De' });
    expect(r.state.units.cg.status).toBe('eliminated');
    expect(r.state.eliminatedStrength.confederate).toBe(2);
    ({ ctx, state } = setup());
    r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0504'] },
      [2],
    );
    expect(resolved(r.events)).toMatchObject({ result: 'Dr' });
    const d = drain(ctx, r.state);
    expect(d.state.units.cg.status).toBe('on-map');
    expect(d.state.units.cg.hex).not.toBe('0504');
  });
});

describe('9.6 gunboats', () => {
  const river = Object.fromEntries(
    ['0101', '0102', '0103', '0104'].map((h) => [h, { terrain: 'river' as const }]),
  );
  const scenario = (side: Side) =>
    testScenario({
      units: [
        unit('g1', side, 'gunboat'),
        unit('g2', 'union', 'gunboat'),
        unit('u', 'union'),
        unit('e', 'confederate'),
      ],
      placements: [
        { unit: 'g1', hex: '0101' },
        { unit: 'u', hex: '0505' },
        { unit: 'e', hex: '0909' },
      ],
      reinforcements: [{ turn: 2, side: 'union', units: ['g2'], entry: ['0104'] }],
    });
  const gunboatErrors = (side: Side) =>
    validateScenario(scenario(side), testMap({ hexes: river }))
      .map((e) => e.message)
      .filter((m) => m.includes('9.61'));

  it('9.61: the Union begins with, or receives as reinforcements, Gunboats; a Confederate gunboat is rejected', () => {
    expect(gunboatErrors('union')).toEqual([]);
    expect(gunboatErrors('confederate')).toEqual([
      'gunboat g1 is confederate: only the Union Player has Gunboats (9.61)',
    ]);
  });
});
