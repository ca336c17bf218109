/**
 * Chickamauga exclusive rules through the whole engine: the Union Train
 * (19.11–19.3: train-unit and the stacking-override units form), Wilder
 * (20.0: named-unit-ability), and the Lines of Communication of 21.31/21.32
 * (line-of-communication along roads), with map exits (18.0) as declared.
 */
import * as fs from 'fs';
import * as path from 'path';
import {
  applyOrder,
  legalOrders,
  newGame,
  prepareGame,
  GameContext,
} from '../../../../src/engine/game';
import type { GameState, Order } from '../../../../src/engine/state';
import type {
  MapDocument,
  RouteSpec,
  RuleHook,
  ScenarioDocument,
  UnitSpec,
} from '../../../../src/engine/types';
import { fixedDice } from '../../../../src/engine/dice';
import {
  combatGame,
  testMapDoc,
  testScenario,
  TestUnit,
} from '../../../../src/engine/rules/blue-grey/combat.fixtures';
import { retreatOptions } from '../../../../src/engine/rules/blue-grey/displacement';
import { victoryInputs, victoryPoints } from '../../../../src/engine/rules/blue-grey/victory';
import { unsupportedHooks } from '../../../../src/engine/rules/hooks';

const root = path.join(__dirname, '../../../../scenarios/chickamauga');
const chickamauga = JSON.parse(
  fs.readFileSync(path.join(root, 'scenario.json'), 'utf8'),
) as ScenarioDocument;
const chickamaugaMap = JSON.parse(
  fs.readFileSync(path.join(root, 'map.json'), 'utf8'),
) as MapDocument;
const declared = (hook: string, c?: string): RuleHook =>
  chickamauga.specialRules.find((r) => r.hook === hook && (!c || r.case === c))!;

const TRAIN_RULES = [declared('train-unit'), declared('stacking-override')];
/** A road down column 03 (0301-0308). */
const ROAD: RouteSpec[] = [
  { type: 'road', hexes: ['0301', '0302', '0303', '0304', '0305', '0306', '0307', '0308'] },
];

/** Test scenario with the Train typed and rated as printed (us-train: train, 1, MA 6). */
function trainScenario(units: TestUnit[], extra: Partial<ScenarioDocument> = {}): ScenarioDocument {
  const s = testScenario(units, { specialRules: TRAIN_RULES, ...extra });
  return {
    ...s,
    units: s.units.map((u): UnitSpec =>
      u.id === 'us-train'
        ? { ...u, type: 'train', strength: 1, movement: 6, flags: ['no-stack'] }
        : u,
    ),
  };
}

function movementGame(
  units: TestUnit[],
  extra: Partial<ScenarioDocument> = {},
  routes: RouteSpec[] = ROAD,
  hexes = {},
) {
  const ctx = prepareGame(trainScenario(units, extra), testMapDoc(hexes, [], routes, 12));
  const state = newGame(ctx, {}, fixedDice([]));
  return { ctx, state };
}

function play(
  ctx: GameContext,
  state: GameState,
  side: 'union' | 'confederate',
  order: unknown,
  rolls: number[] = [],
) {
  const r = applyOrder(ctx, state, side, order, fixedDice(rolls, state.diceDrawn));
  if (!r.ok) throw new Error(JSON.stringify(r.refusal));
  return r;
}
const refusalOf = (
  ctx: GameContext,
  state: GameState,
  side: 'union' | 'confederate',
  order: unknown,
) => {
  const r = applyOrder(ctx, state, side, order, fixedDice([], state.diceDrawn));
  return r.ok ? null : r.refusal;
};
const destinations = (orders: Order[], unit: string) =>
  orders
    .filter((o) => o.type === 'move' && (o as { unit?: string }).unit === unit)
    .map((o) => {
      const p = (o as unknown as { path: string[] }).path;
      return p[p.length - 1];
    });

describe('Chickamauga 19.0 the Union Train (train-unit, stacking-override)', () => {
  it('Chickamauga 19.0: both declarations are playable; the other stacking-override form (Hooker and Lee) still goes to its own hook', () => {
    expect(unsupportedHooks(chickamauga)).toEqual([]);
    const hl = JSON.parse(
      fs.readFileSync(path.join(root, '../hooker-and-lee/scenario.json'), 'utf8'),
    ) as ScenarioDocument;
    expect(
      unsupportedHooks({
        ...hl,
        specialRules: hl.specialRules.filter((r) => r.hook === 'stacking-override'),
      }),
    ).toEqual([]);
    expect(
      unsupportedHooks({
        ...chickamauga,
        specialRules: [
          {
            ...declared('train-unit'),
            params: { ...declared('train-unit').params, mayAttack: true },
          },
        ],
      }),
    ).toHaveLength(1);
  });

  it('Chickamauga 19.23: the Train moves only along road or trail hexsides, up to six MP', () => {
    const { ctx, state } = movementGame([
      { id: 'us-train', side: 'union', hex: '0303' },
      { id: 'c1', side: 'confederate', hex: '1010' },
    ]);
    const to = destinations(legalOrders(ctx, state, 'union'), 'us-train').sort();
    expect(to.length).toBeGreaterThan(0);
    expect(to.every((h) => h.startsWith('03'))).toBe(true);
    expect(to).toEqual(expect.arrayContaining(['0301', '0308']));
    expect(
      refusalOf(ctx, state, 'union', { type: 'move', unit: 'us-train', path: ['0403'] }),
    ).toMatchObject({ code: 'TRAIN_OFF_ROUTE', rule: declared('train-unit').case });
    expect(
      refusalOf(ctx, state, 'union', { type: 'strategic-move', unit: 'us-train', path: ['0304'] }),
    ).not.toBeNull();
    play(ctx, state, 'union', { type: 'move', unit: 'us-train', path: ['0304', '0305', '0306'] });
  });

  it('Chickamauga 19.21, 19.22: no unit stacks with or moves through the Train; the Train moves through no occupied hex', () => {
    const { ctx, state } = movementGame([
      { id: 'us-train', side: 'union', hex: '0303' },
      { id: 'u1', side: 'union', hex: '0203' },
      { id: 'u2', side: 'union', hex: '0305' },
      { id: 'c1', side: 'confederate', hex: '1010' },
    ]);
    expect(ctx.map.grid.adjacent('0203', '0303') && ctx.map.grid.adjacent('0303', '0403')).toBe(
      true,
    );
    expect(
      refusalOf(ctx, state, 'union', { type: 'move', unit: 'u1', path: ['0303', '0403'] }),
    ).toMatchObject({ code: 'MOVES_THROUGH_ALONE_UNIT' });
    expect(
      refusalOf(ctx, state, 'union', { type: 'move', unit: 'u1', path: ['0303'] }),
    ).not.toBeNull();
    expect(destinations(legalOrders(ctx, state, 'union'), 'u1')).not.toContain('0303');
    // The Train stops short of u2 at 0305: nothing beyond it along the road.
    const train = destinations(legalOrders(ctx, state, 'union'), 'us-train');
    expect(train).toContain('0304');
    expect(train).not.toContain('0306');
    expect(
      refusalOf(ctx, state, 'union', {
        type: 'move',
        unit: 'us-train',
        path: ['0304', '0305', '0306'],
      }),
    ).toMatchObject({ code: 'MOVES_THROUGH_ALONE_UNIT' });
  });

  it('Chickamauga 19.11: next to a Confederate unit before the Union Combat Phase the Train must retreat, along the road and out of the ZOC', () => {
    const { ctx, state } = movementGame([
      { id: 'us-train', side: 'union', hex: '0303' },
      { id: 'c1', side: 'confederate', hex: '0404' },
      { id: 'u9', side: 'union', hex: '0909' },
    ]);
    const orders = legalOrders(ctx, state, 'union');
    // 0304 is next to c1 (its ZOC); 0302 is the only road hex out of it.
    expect(orders.filter((o) => o.type === 'train-retreat')).toEqual([
      { type: 'train-retreat', unit: 'us-train', to: '0302' },
    ]);
    expect(refusalOf(ctx, state, 'union', { type: 'end-phase' })).toMatchObject({
      code: 'TRAIN_MUST_RETREAT',
    });
    const r = play(ctx, state, 'union', { type: 'train-retreat', unit: 'us-train', to: '0302' });
    expect(r.state.units['us-train'].hex).toBe('0302');
    expect(r.events[0]).toMatchObject({
      type: 'unit-retreated',
      unit: 'us-train',
      from: '0303',
      path: ['0302'],
    });
    // It is the last act of the phase: nothing moves after it.
    expect(
      legalOrders(ctx, r.state, 'union').filter(
        (o) => o.type !== 'end-phase' && o.type !== 'resign',
      ),
    ).toEqual([]);
    const e = play(ctx, r.state, 'union', { type: 'end-phase' });
    expect(e.state.units['us-train'].status).toBe('on-map');
  });

  it('Chickamauga 19.11, 19.23: with no road or trail retreat open the Train is eliminated when the Movement Phase ends', () => {
    const { ctx, state } = movementGame([
      { id: 'us-train', side: 'union', hex: '0303' },
      { id: 'u1', side: 'union', hex: '0302' }, // 19.21: no stacking with it, so 0302 is shut
      { id: 'c1', side: 'confederate', hex: '0404' },
    ]);
    expect(legalOrders(ctx, state, 'union').filter((o) => o.type === 'train-retreat')).toEqual([]);
    const r = play(ctx, state, 'union', { type: 'end-phase' });
    expect(r.state.units['us-train'].status).toBe('eliminated');
    expect(r.state.eliminatedStrength.union).toBe(1);
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'unit-eliminated', unit: 'us-train' }),
    );
  });

  it('Chickamauga 19.23, 19.24: a Train retreat only across road or trail hexsides, never displacing; a unit whose only way out is the Train hex is eliminated, not displacing it', () => {
    const { ctx, state } = movementGame([
      { id: 'us-train', side: 'union', hex: '0303' },
      { id: 'u1', side: 'union', hex: '0302' },
      { id: 'c1', side: 'confederate', hex: '1010' },
    ]);
    // The Train: only 0304 is a road hexside it may retreat across (0302 is occupied and would need a displacement).
    expect(retreatOptions(ctx, state, state.units['us-train'], 1, [])).toEqual([
      { path: ['0304'] },
    ]);
    // u1 hemmed in by river but for the Train's hex: no retreat at all (without 19.24 it would displace the Train).
    const river = { terrain: 'river' as const };
    const walls: Record<string, { terrain: 'river' }> = {};
    for (const n of ctx.map.grid.neighbours('0302')) if (n !== '0303') walls[n] = river;
    const hemmed = movementGame(
      [
        { id: 'us-train', side: 'union', hex: '0303' },
        { id: 'u1', side: 'union', hex: '0302' },
        { id: 'c1', side: 'confederate', hex: '1010' },
      ],
      {},
      ROAD,
      walls,
    );
    expect(retreatOptions(hemmed.ctx, hemmed.state, hemmed.state.units.u1, 1, [])).toEqual([]);
    const plain = prepareGame(
      trainScenario(
        [
          { id: 'us-train', side: 'union', hex: '0303' },
          { id: 'u1', side: 'union', hex: '0302' },
        ],
        { specialRules: [] },
      ),
      testMapDoc(walls, [], ROAD, 12),
    );
    const ps = newGame(plain, {}, fixedDice([]));
    expect(retreatOptions(plain, ps, ps.units.u1, 1, [])).toEqual([
      { path: ['0303'], displace: 'us-train' },
    ]);
  });

  it('Chickamauga 19.3, 19.11: the Train never attacks, exerts no Zone of Control and need not be attacked', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'c1', side: 'confederate', hex: '0404', strength: 4 },
        { id: 'us-train', side: 'union', type: 'train', hex: '0303', strength: 1 },
      ],
      { phasing: 'confederate', scenario: { specialRules: TRAIN_RULES } },
    );
    // c1 is not in a Zone of Control: the Confederate may end the Combat Phase without attacking.
    expect(legalOrders(ctx, state, 'confederate')).toContainEqual({ type: 'end-phase' });
    const u = combatGame(
      [
        { id: 'c1', side: 'confederate', hex: '0404', strength: 4 },
        { id: 'us-train', side: 'union', type: 'train', hex: '0303', strength: 1 },
      ],
      { phasing: 'union', scenario: { specialRules: TRAIN_RULES } },
    );
    expect(
      refusalOf(u.ctx, u.state, 'union', {
        type: 'attack',
        attackers: ['us-train'],
        defenders: ['0404'],
      }),
    ).toMatchObject({ code: 'NOT_A_COMBAT_UNIT' });
  });
});

describe('Chickamauga 20.0 Wilder (named-unit-ability)', () => {
  const wilder = declared('named-unit-ability');
  const attackOn = (roll: number, rules: RuleHook[] = [wilder]) => {
    const { ctx, state } = combatGame(
      [
        { id: 'c1', side: 'confederate', hex: '0404', strength: 8 },
        { id: 'us-wilder', side: 'union', hex: '0405', strength: 8 },
      ],
      { phasing: 'confederate', scenario: { specialRules: rules } },
    );
    const r = play(
      ctx,
      state,
      'confederate',
      { type: 'attack', attackers: ['c1'], defenders: ['0405'] },
      rules.length ? [] : [3, 3, 3, 3, 3],
    );
    return { ctx, r, roll };
  };

  it('Chickamauga 20.0, 8.77: Wilder, infantry, is offered the retreat before combat; on a 4 he retreats two hexes, on a 5 he stays and defends', () => {
    const a = attackOn(4);
    expect(a.r.state.pending).toMatchObject({ side: 'union', kind: 'cavalry-rbc-election' });
    expect(legalOrders(a.ctx, a.r.state, 'union')).toContainEqual({
      type: 'cavalry-retreat',
      units: ['us-wilder'],
    });
    const four = play(
      a.ctx,
      a.r.state,
      'union',
      { type: 'cavalry-retreat', units: ['us-wilder'] },
      [4],
    );
    expect(four.events).toContainEqual(
      expect.objectContaining({ type: 'die-rolled', roll: 4, succeeds: true }),
    );
    // He retreats two hexes (8.77, A43) along the path his owner picks; no combat is resolved.
    expect(four.state.pending).toMatchObject({
      side: 'union',
      kind: 'retreat',
      unit: 'us-wilder',
      hexes: 2,
      reason: 'cavalry-rbc',
    });
    const gone = play(a.ctx, four.state, 'union', {
      type: 'retreat',
      unit: 'us-wilder',
      path: ['0505', '0606'],
    });
    expect(gone.state.units['us-wilder'].hex).toBe('0606');
    expect(gone.events.filter((e) => e.type === 'combat-resolved')).toEqual([]);
    const b = attackOn(5);
    const five = play(
      b.ctx,
      b.r.state,
      'union',
      { type: 'cavalry-retreat', units: ['us-wilder'] },
      [5, 3, 3, 3],
    );
    expect(five.events).toContainEqual(
      expect.objectContaining({ type: 'die-rolled', roll: 5, succeeds: false }),
    );
    expect(
      five.events.filter((e) => e.type === 'unit-retreated' && e.reason === 'cavalry-rbc'),
    ).toEqual([]);
  });

  it("Chickamauga 20.0: without the rule an infantry brigade is never offered 8.77; the MA of 7 is the unit's own", () => {
    const a = attackOn(4, []);
    expect(a.r.state.pending?.kind).not.toBe('cavalry-rbc-election');
    expect(wilder.params).toMatchObject({ movement: 7 });
    expect(chickamauga.units.find((u) => u.id === 'us-wilder')!.movement).toBe(7);
  });
});

describe('Chickamauga 21.3 Lines of Communication (line-of-communication along roads)', () => {
  // Roads: 0101-0108 down column 01 (leads off at 0101 to the north), and 0101 east along row 01 to the east edge 1201.
  const routes: RouteSpec[] = [
    { type: 'road', hexes: ['0101', '0102', '0103', '0104', '0105', '0106', '0107', '0108'] },
    {
      type: 'road',
      hexes: [
        '0101',
        '0201',
        '0301',
        '0401',
        '0501',
        '0601',
        '0701',
        '0801',
        '0901',
        '1001',
        '1101',
        '1201',
      ],
    },
  ];
  const exitLine: RuleHook = {
    ...declared('line-of-communication', '21.31'),
    params: { ...declared('line-of-communication', '21.31').params, fromHexes: ['0101'] },
  };
  const cutLine: RuleHook = {
    ...declared('line-of-communication', '21.32'),
    params: {
      ...declared('line-of-communication', '21.32').params,
      toRoadLeadingOffAtHexes: ['0101'],
      unenteredReinforcementsFromHexes: ['0108'],
    },
  };
  const game = (units: TestUnit[], extra: Partial<ScenarioDocument> = {}) => {
    const ctx = prepareGame(
      testScenario(units, { specialRules: [exitLine, cutLine], ...extra }),
      testMapDoc({}, [], routes, 12),
    );
    return { ctx, state: newGame(ctx, {}, fixedDice([])) };
  };

  it('Chickamauga 21.31: the Confederate exit line holds along contiguous road hexes from 0101 to the east edge; a Union unit on it cuts it, a Union ZOC does not', () => {
    expect(game([{ id: 'u1', side: 'union', hex: '0606' }]).ctx.map.grid.edgesOf('1201')).toContain(
      'east',
    );
    const free = game([{ id: 'u1', side: 'union', hex: '0702' }]); // next to the road: ZOC only
    expect(victoryInputs(free.ctx, free.state).exitLineOfCommunication).toEqual({
      confederate: true,
    });
    const cut = game([{ id: 'u1', side: 'union', hex: '0701' }]);
    expect(victoryInputs(cut.ctx, cut.state).exitLineOfCommunication).toEqual({
      confederate: false,
    });
  });

  it('Chickamauga 21.32: Union units more than ten hexes from the road that leads off at 0101, or cut off by Confederate units, count as eliminated; unentered reinforcements trace from their entry hex', () => {
    const units: TestUnit[] = [
      { id: 'near', side: 'union', hex: '0610', strength: 5 }, // a few hexes from the road
      { id: 'far', side: 'union', hex: '1212', strength: 4 }, // eleven or more hexes from any road hex
      { id: 'c1', side: 'confederate', hex: '1010' },
    ];
    const g = game(units);
    expect(ctx0dist(g.ctx, '1212')).toBeGreaterThan(10);
    expect(victoryInputs(g.ctx, g.state).withoutLineOfCommunication).toEqual({
      union: 4,
      confederate: 0,
    });
    // A Confederate unit on 0101 blocks the road where it leads off: every Union unit is cut off, and a pending reinforcement tracing from 0108 too.
    const pending = game(
      [
        ...units,
        { id: 'late', side: 'union', hex: '0909', strength: 3 },
        { id: 'c2', side: 'confederate', hex: '0101' },
      ],
      {
        reinforcements: [{ side: 'union', turn: 3, entry: ['0108'], units: ['late'] }],
        setup: {
          kind: 'fixed',
          placements: [...units, { id: 'c2', hex: '0101' }].map((u) => ({
            unit: u.id,
            hex: u.hex,
          })),
        },
      },
    );
    expect(pending.state.units.late.status).toBe('pending');
    expect(victoryInputs(pending.ctx, pending.state).withoutLineOfCommunication).toEqual({
      union: 12,
      confederate: 0,
    });
  });

  it('Chickamauga 21.31, 21.32: on the Chickamauga map both lines hold at the start (roads from 0101/0111 reach the east edge; every Union unit is near a road to them)', () => {
    const ctx = prepareGame(chickamauga, chickamaugaMap);
    const state = newGame(ctx, {}, fixedDice([]));
    const v = victoryInputs(ctx, state);
    expect(v.exitLineOfCommunication).toEqual({ confederate: true });
    expect(v.withoutLineOfCommunication).toEqual({ union: 0, confederate: 0 });
  });

  function ctx0dist(ctx: GameContext, hex: string): number {
    const road = new Set(routes.flatMap((r) => r.hexes));
    return Math.min(...[...road].map((h) => ctx.map.grid.distance(h, hex)));
  }
});

describe('Chickamauga 21.0 victory points the engine feeds at the end', () => {
  const ctx = prepareGame(chickamauga, chickamaugaMap);
  const start = newGame(ctx, {}, fixedDice([]));
  const points = (s: GameState) => ({ v: victoryInputs(ctx, s) });
  const view = (s: GameState) => ({
    union: victoryPoints(ctx, s, 'union'),
    confederate: victoryPoints(ctx, s, 'confederate'),
  });
  const withUnits = (
    s: GameState,
    changes: Record<string, Partial<GameState['units'][string]>>,
  ): GameState => ({
    ...s,
    units: Object.fromEntries(
      Object.entries(s.units).map(([id, u]) => [id, changes[id] ? { ...u, ...changes[id] } : u]),
    ),
  });
  const confederateInfantry = chickamauga.units
    .filter((u) => u.side === 'confederate' && u.type === 'infantry')
    .map((u) => u.id);
  const unionOnMap = Object.values(start.units)
    .filter((u) => u.side === 'union' && u.status === 'on-map')
    .map((u) => u.id);

  it('Chickamauga 21.11 iii, 21.31: exited Confederate strength scores 5 VP per CSP only while the road line from 0101/0111 to the east edge is free of Union units', () => {
    const [a] = confederateInfantry;
    const exited = withUnits(start, { [a]: { status: 'exited', hex: null } });
    const base = view(start).confederate;
    const strength = start.units[a].strength;
    expect(points(exited).v.exitLineOfCommunication).toEqual({ confederate: true });
    expect(view(exited).confederate).toBe(base + 5 * strength);
    // Union units on both exit hexes cut the line: the exit is worth nothing (the unit is still not eliminated, 18.4).
    const [u1, u2] = unionOnMap;
    const cut = withUnits(exited, { [u1]: { hex: '0101' }, [u2]: { hex: '0111' } });
    expect(points(cut).v.exitLineOfCommunication).toEqual({ confederate: false });
    expect(view(cut).confederate).toBe(base);
  });

  it('Chickamauga 21.11 iv, 21.32: the Confederate scores 10 VP while the Train has not exited (never entered, or eliminated); every Union unit traces its line at the start', () => {
    expect(start.units['us-train'].status).toBe('pending');
    const exitedTrain = withUnits(start, { 'us-train': { status: 'exited', hex: null } });
    expect(view(start).confederate - view(exitedTrain).confederate).toBe(10);
    const lost = withUnits(start, { 'us-train': { status: 'eliminated', hex: null } });
    expect(view(lost).confederate - view(exitedTrain).confederate).toBe(10);
    expect(points(start).v.withoutLineOfCommunication).toEqual({ union: 0, confederate: 0 });
  });
});
