/**
 * Chattanooga (revised edition) exclusive rules through the whole engine:
 * the Union movement quota with its 1025 bonus (18.11–18.15), no Union
 * movement at Night (18.2), immobile Union artillery (19.11–19.13), 9.18
 * waived (19.14), redoubts (20.1), retreat into a ferry hex (20.23), and the
 * victory records the 21.11 ii / 21.12 i point rules read.
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
  GameEvent,
  MapDocument,
  RuleHook,
  ScenarioDocument,
} from '../../../../src/engine/types';
import { fixedDice } from '../../../../src/engine/dice';
import {
  combatGame,
  testMapDoc,
  testScenario,
  TestUnit,
} from '../../../../src/engine/rules/blue-grey/combat.fixtures';
import { victoryInputs, victoryPoints } from '../../../../src/engine/rules/blue-grey/victory';
import { unsupportedHooks } from '../../../../src/engine/rules/hooks';

const root = path.join(__dirname, '../../../../scenarios/chattanooga');
const chattanooga = JSON.parse(
  fs.readFileSync(path.join(root, 'scenario.json'), 'utf8'),
) as ScenarioDocument;
const chattanoogaMap = JSON.parse(
  fs.readFileSync(path.join(root, 'map.json'), 'utf8'),
) as MapDocument;
const declared = (hook: string, c?: string): RuleHook =>
  chattanooga.specialRules.find((r) => r.hook === hook && (!c || r.case === c))!;

function movementGame(
  units: TestUnit[],
  extra: Partial<ScenarioDocument> = {},
  tweak?: (s: GameState) => GameState,
) {
  const ctx = prepareGame(testScenario(units, extra), testMapDoc({}, [], [], 12));
  let state = newGame(ctx, {}, fixedDice([]));
  if (tweak) state = tweak(state);
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

const moves = (orders: Order[], unit: string) =>
  orders.filter((o) => (o.type === 'move' || o.type === 'strategic-move') && o.unit === unit);

/** Twenty Union units in column 02, rows 01-20 scaled onto a 12x12 sheet: two columns of ten. */
function unionColumn(n: number): TestUnit[] {
  const out: TestUnit[] = [];
  for (let k = 0; k < n; k++) {
    const col = 2 + 2 * Math.floor(k / 10);
    const row = 1 + (k % 10);
    out.push({
      id: `u${k + 1}`,
      side: 'union',
      hex: `${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`,
    });
  }
  return out;
}

/** Move units one hex east (column + 1), in order, until one is refused. */
function moveEast(
  ctx: GameContext,
  state: GameState,
  ids: string[],
): { state: GameState; refused?: { unit: string; code: string; rule: string } } {
  let s = state;
  for (const id of ids) {
    const hex = s.units[id].hex!;
    const to = `${String(Number(hex.slice(0, 2)) + 1).padStart(2, '0')}${hex.slice(2)}`;
    const r = applyOrder(
      ctx,
      s,
      'union',
      { type: 'move', unit: id, path: [to] },
      fixedDice([], s.diceDrawn),
    );
    if (!r.ok)
      return { state: s, refused: { unit: id, code: r.refusal.code, rule: r.refusal.rule } };
    s = r.state;
  }
  return { state: s };
}

describe('Chattanooga 18.1 Union movement quota (movement-quota)', () => {
  const quota = declared('movement-quota');
  const objective = {
    hex: '1010',
    control: 'last-to-occupy' as const,
    initial: 'confederate' as const,
    case: '18.14, 18.15',
  };
  const victory = { points: [], objectives: [objective], levels: [], otherwise: 'draw' as const };

  it('Chattanooga 18.11: the declaration is the quota shape Antietam 20.1 uses, with the 18.14 bonus, and is playable', () => {
    expect(quota.params).toEqual({
      side: 'union',
      limits: [{ fromTurn: 1, units: 11 }],
      attacks: 'unlimited',
      advancesAndRetreats: 'unlimited',
      reinforcementsExempt: [{ arrivalTurn: 2, countFromTurn: 5 }],
      bonus: { controlHex: '1025', units: 7 },
    });
    expect(unsupportedHooks(chattanooga)).toEqual([]);
  });

  it('Chattanooga 18.11, 18.16: eleven Union units move, the twelfth is refused and no longer listed; Confederates are unrestricted', () => {
    const rule = { ...quota, params: { ...quota.params, bonus: { controlHex: '1010', units: 7 } } };
    const { ctx, state } = movementGame(unionColumn(12), {
      specialRules: [rule],
      victory: victory,
    });
    const r = moveEast(
      ctx,
      state,
      unionColumn(12).map((u) => u.id),
    );
    expect(r.refused).toEqual({ unit: 'u12', code: 'MOVEMENT_QUOTA', rule: '18.11-18.15' });
    expect(moves(legalOrders(ctx, r.state, 'union'), 'u12')).toEqual([]);
    // The same twelve Confederate units all move.
    const conf = unionColumn(12).map((u) => ({
      ...u,
      id: `c${u.id}`,
      side: 'confederate' as const,
    }));
    const g = movementGame(conf, { specialRules: [rule], firstPlayer: 'confederate' });
    let s = g.state;
    for (const u of conf) {
      const to = `${String(Number(u.hex.slice(0, 2)) + 1).padStart(2, '0')}${u.hex.slice(2)}`;
      s = play(g.ctx, s, 'confederate', { type: 'move', unit: u.id, path: [to] }).state;
    }
    expect(s.movement!.moved).toHaveLength(12);
  });

  it('Chattanooga 18.14, 18.15: while the Union controls the hex (last to move through it) seven more units move: eighteen, not nineteen', () => {
    const rule = { ...quota, params: { ...quota.params, bonus: { controlHex: '1010', units: 7 } } };
    const { ctx, state } = movementGame(
      unionColumn(19),
      { specialRules: [rule], victory: victory },
      (s) => ({
        ...s,
        objectives: { ...s.objectives, '1010': 'union' },
      }),
    );
    const r = moveEast(
      ctx,
      state,
      unionColumn(19).map((u) => u.id),
    );
    expect(r.refused).toMatchObject({ unit: 'u19', code: 'MOVEMENT_QUOTA' });
    expect(r.state.movement!.moved).toHaveLength(18);
  });

  it('Chattanooga 18.14: control gained during the phase (a unit moving through the hex) opens the bonus at once; without it, eleven', () => {
    const rule = { ...quota, params: { ...quota.params, bonus: { controlHex: '1010', units: 7 } } };
    const units = [...unionColumn(12), { id: 'runner', side: 'union' as const, hex: '0810' }];
    const { ctx, state } = movementGame(units, { specialRules: [rule], victory: victory });
    expect(state.objectives['1010']).toBe('confederate');
    // The runner goes through 1010 and on to 1110: the Union is now the last to have moved through it.
    const s1 = play(ctx, state, 'union', {
      type: 'move',
      unit: 'runner',
      path: ['0910', '1010', '1110'],
    }).state;
    expect(s1.objectives['1010']).toBe('union');
    const r = moveEast(
      ctx,
      s1,
      unionColumn(12).map((u) => u.id),
    );
    expect(r.refused).toBeUndefined();
    expect(r.state.movement!.moved).toHaveLength(13);
    // The same twelve without the runner's move: the twelfth is refused.
    expect(
      moveEast(
        ctx,
        state,
        unionColumn(12).map((u) => u.id),
      ).refused,
    ).toMatchObject({ unit: 'u12' });
  });

  it('Chattanooga 18.12: the Game-Turn Two reinforcements do not count toward the quota before Game-Turn Five', () => {
    const rule = { ...quota, params: { ...quota.params, bonus: { controlHex: '1010', units: 7 } } };
    const units = [...unionColumn(11), { id: 'xii', side: 'union' as const, hex: '0812' }];
    const extra = {
      specialRules: [rule],
      victory: victory,
      reinforcements: [{ turn: 2, side: 'union' as const, units: ['xii'], entry: ['0112'] }],
    };
    for (const [turn, allowed] of [
      [4, true],
      [5, false],
    ] as const) {
      const { ctx, state } = movementGame(units, extra as Partial<ScenarioDocument>, (s) => ({
        ...s,
        turn,
      }));
      const after = moveEast(
        ctx,
        state,
        unionColumn(11).map((u) => u.id),
      );
      expect(after.refused).toBeUndefined();
      const r = applyOrder(
        ctx,
        after.state,
        'union',
        { type: 'move', unit: 'xii', path: ['0912'] },
        fixedDice([]),
      );
      expect(r.ok).toBe(allowed);
    }
  });
});

describe('Chattanooga 18.2 Night Game-Turns (night-turn-variant)', () => {
  const night = declared('night-turn-variant');
  const units: TestUnit[] = [
    { id: 'u1', side: 'union', hex: '0303', type: 'infantry' },
    { id: 'c1', side: 'confederate', hex: '0707', type: 'infantry' },
    { id: 'u2', side: 'union', hex: '0101' },
  ];

  it('Chattanooga 18.2: on a Night Game-Turn no Union unit moves or enters; by day it does; Confederate units move at Night', () => {
    const extra = {
      specialRules: [night],
      nightTurns: [2],
      reinforcements: [{ turn: 2, side: 'union' as const, units: ['u2'], entry: ['0105'] }],
      setup: {
        kind: 'fixed' as const,
        placements: [
          { unit: 'u1', hex: '0303' },
          { unit: 'c1', hex: '0707' },
        ],
      },
    };
    const day = movementGame(units, extra as Partial<ScenarioDocument>);
    expect(moves(legalOrders(day.ctx, day.state, 'union'), 'u1').length).toBeGreaterThan(0);
    const g = movementGame(units, extra as Partial<ScenarioDocument>, (s) => ({
      ...s,
      turn: 2,
      night: true,
    }));
    const orders = legalOrders(g.ctx, g.state, 'union');
    expect(moves(orders, 'u1')).toEqual([]);
    expect(orders.filter((o) => o.type === 'enter')).toEqual([]);
    const r = applyOrder(
      g.ctx,
      g.state,
      'union',
      { type: 'move', unit: 'u1', path: ['0403'] },
      fixedDice([]),
    );
    expect(r.ok ? null : r.refusal).toMatchObject({ code: 'NIGHT_NO_MOVEMENT', rule: '18.2' });
    const e = applyOrder(
      g.ctx,
      g.state,
      'union',
      { type: 'enter', unit: 'u2', hex: '0105', path: ['0105'] },
      fixedDice([]),
    );
    expect(e.ok ? null : e.refusal).toMatchObject({ code: 'NIGHT_NO_MOVEMENT' });
    expect(orders).toContainEqual({ type: 'end-phase' });
    const c = movementGame(
      units,
      { ...extra, firstPlayer: 'confederate' } as Partial<ScenarioDocument>,
      (s) => ({ ...s, turn: 2, night: true }),
    );
    expect(moves(legalOrders(c.ctx, c.state, 'confederate'), 'c1').length).toBeGreaterThan(0);
  });
});

describe('Chattanooga 19.0 Union artillery (special-artillery)', () => {
  it('Chattanooga 19.11, 19.13: no Union artillery but 1a Sherman is listed to move; Sherman is', () => {
    const ctx = prepareGame(chattanooga, chattanoogaMap);
    const state = newGame(ctx, {}, fixedDice([]));
    const orders = legalOrders(ctx, state, 'union');
    const rule = declared('special-artillery', '19.11-19.13');
    expect(rule.params).toMatchObject({ side: 'union', immobile: true, retreatEliminates: true });
    for (const id of rule.params!.units as string[]) expect(moves(orders, id)).toEqual([]);
    expect(rule.params!.units).not.toContain('us-art-sherman');
    expect(moves(orders, 'us-art-sherman').length).toBeGreaterThan(0);
    const r = applyOrder(
      ctx,
      state,
      'union',
      {
        type: 'move',
        unit: 'us-art-xi',
        path: [ctx.map.grid.neighbours(state.units['us-art-xi'].hex!)[0]],
      },
      fixedDice([]),
    );
    expect(r.ok ? null : r.refusal).toMatchObject({ code: 'IMMOBILE', rule: '19.11-19.13' });
  });

  it('Chattanooga 19.11: an immobile Union battery forced to retreat is eliminated instead', () => {
    const rule = declared('special-artillery', '19.11-19.13');
    const { ctx, state } = combatGame(
      [
        { id: 'c1', side: 'confederate', hex: '0404', strength: 9 },
        { id: 'us-art-xi', side: 'union', type: 'artillery', hex: '0405', strength: 2 },
      ],
      { phasing: 'confederate', scenario: { specialRules: [rule] } },
    );
    // 9:2 → 4:1; die 6 is a Retreat result on 4:1 (Dr) — whichever result retreats the battery, it is eliminated.
    let s = state;
    let events: GameEvent[] = [];
    for (const roll of [1, 2, 3, 4, 5, 6]) {
      const r = applyOrder(
        ctx,
        state,
        'confederate',
        { type: 'attack', attackers: ['c1'], defenders: ['0405'] },
        fixedDice([roll, 6, 6, 6, 6, 6]),
      );
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      if (r.events.some((e) => e.type === 'retreat-eliminates')) {
        s = r.state;
        events = r.events;
        break;
      }
    }
    expect(events.find((e) => e.type === 'retreat-eliminates')).toMatchObject({
      unit: 'us-art-xi',
      rule: '19.11-19.13',
    });
    expect(s.units['us-art-xi'].status).toBe('eliminated');
  });

  it('Chattanooga 19.14: a bombardment alone at less than 1:5 is allowed (9.18 waived) and resolved on the 1:5 column (8.62)', () => {
    const units: TestUnit[] = [
      { id: 'gun', side: 'union', type: 'artillery', hex: '0401', strength: 1 },
      { id: 'c1', side: 'confederate', hex: '0404', strength: 6 },
    ];
    const order = { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0404'] };
    const plain = combatGame(units);
    expect(legalOrders(plain.ctx, plain.state, 'union')).not.toContainEqual(order);
    const r0 = applyOrder(plain.ctx, plain.state, 'union', order, fixedDice([6]));
    expect(r0.ok ? null : r0.refusal).toMatchObject({
      code: 'BOMBARD_BELOW_ONE_TO_FIVE',
      rule: '9.18',
    });
    const { ctx, state } = combatGame(units, {
      scenario: { specialRules: [declared('special-artillery', '19.14')] },
    });
    expect(legalOrders(ctx, state, 'union')).toContainEqual(order);
    const r = play(ctx, state, 'union', order, [6, 6, 6]);
    const below = r.events.find((e) => e.type === 'combat-resolved')!;
    expect(below).toMatchObject({ odds: 'below 1:5' });
    // The column is the one a bombardment at exactly 1:5 uses.
    const at = combatGame([units[0], { ...units[1], strength: 5 }], {
      scenario: { specialRules: [declared('special-artillery', '19.14')] },
    });
    const exact = play(at.ctx, at.state, 'union', order, [6, 6, 6]).events.find(
      (e) => e.type === 'combat-resolved',
    )!;
    expect(exact).toMatchObject({ odds: '1:5' });
    expect(below.column).toEqual(exact.column);
  });
});

describe('Chattanooga 20.0 redoubt and river ferry hexes', () => {
  it('Chattanooga 20.1: the declaration is a definition of the redoubt hexside; forts and rifle pits are drawn as the same feature', () => {
    const rule = declared('terrain-override', '20.1');
    expect(rule.params).toEqual({
      redoubt: ['union-fortifications', 'confederate-rifle-pits'],
      equalForDefenceAndMovement: true,
    });
    expect(unsupportedHooks({ ...chattanooga, specialRules: [rule] })).toEqual([]);
    expect(
      unsupportedHooks({
        ...chattanooga,
        specialRules: [{ ...rule, params: { ...rule.params, equalForDefenceAndMovement: false } }],
      }),
    ).toHaveLength(1);
    const ctx = prepareGame(chattanooga, chattanoogaMap);
    const types = (a: string, b: string) => ctx.map.hexside(a, b).map((f) => f.type);
    // Fort Wood 1514 (Union fortification) and the Lookout bench rifle pits at 1222 (Confederate) carry the same feature.
    for (const n of ctx.map.grid.neighbours('1514')) expect(types('1514', n)).toContain('redoubt');
    expect(types('1222', '1122')).toContain('redoubt');
    const kinds = new Set(chattanoogaMap.hexsides.flatMap((h) => h.features.map((f) => f.type)));
    expect([...kinds].filter((k) => /fort|rifle|pit/.test(k))).toEqual([]);
  });

  it('Chattanooga 20.23: a unit whose only retreat is into a listed ferry hex is eliminated; without the rule it retreats there', () => {
    const rule: RuleHook = {
      hook: 'ferry-retreat-elimination',
      case: '20.23',
      params: { hexes: ['0503'] },
    };
    expect(declared('ferry-retreat-elimination').params).toEqual({
      hexes: ['1305', '1013', '0814', '0517'],
    });
    // c1 at 0504, attacked from 0505 by a strong Union stack; every other neighbour is blocked by river (prohibited).
    const river = { terrain: 'river' as const };
    const hexes = { '0404': river, '0405': river, '0604': river, '0605': river };
    const units: TestUnit[] = [
      { id: 'u1', side: 'union', hex: '0505', strength: 9 },
      { id: 'u2', side: 'union', hex: '0606', strength: 9 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
    ];
    const outcome = (specialRules: RuleHook[]) => {
      const { ctx, state } = combatGame(units, { hexes, scenario: { specialRules } });
      expect([...ctx.map.grid.neighbours('0504')].sort()).toEqual([
        '0404',
        '0405',
        '0503',
        '0505',
        '0604',
        '0605',
      ]);
      for (const roll of [1, 2, 3, 4, 5, 6]) {
        const r = applyOrder(
          ctx,
          state,
          'union',
          { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
          fixedDice([roll, 6, 6, 6, 6]),
        );
        if (r.ok && r.events.some((e) => e.type === 'no-retreat' || e.type === 'unit-retreated'))
          return r;
      }
      throw new Error('no retreat result');
    };
    const withRule = outcome([rule]);
    expect(withRule.state.units.c1.status).toBe('eliminated');
    const without = outcome([]);
    expect(without.state.units.c1.hex).toBe('0503');
  });
});

describe('Chattanooga 21.1 victory records', () => {
  const ever = chattanooga.victory.points.find((p) => p.kind === 'objective-ever-held')!;
  const zoc = chattanooga.victory.points.find((p) => p.kind === 'hexes-in-zone-of-control')!;

  it('Chattanooga 21.11 ii: a hex the Confederates ever controlled scores 4 VP, awarded once at the time of control and kept after the Union retakes it', () => {
    const victory = {
      points: [{ ...ever, hexes: ['0505', '0707'] } as typeof ever],
      objectives: [
        {
          hex: '0505',
          control: 'last-to-occupy' as const,
          initial: 'union' as const,
          case: '18.15',
        },
        {
          hex: '0707',
          control: 'last-to-occupy' as const,
          initial: 'union' as const,
          case: '18.15',
        },
      ],
      levels: [],
      otherwise: 'draw' as const,
    };
    const units: TestUnit[] = [
      { id: 'c1', side: 'confederate', hex: '0405' },
      { id: 'u1', side: 'union', hex: '0808' },
    ];
    const { ctx, state } = movementGame(units, { victory, firstPlayer: 'confederate' });
    expect(victoryPoints(ctx, state, 'confederate')).toBe(0);
    const r = play(ctx, state, 'confederate', { type: 'move', unit: 'c1', path: ['0505', '0506'] });
    expect(r.events.filter((e) => e.type === 'objective-first-controlled')).toEqual([
      {
        type: 'objective-first-controlled',
        hex: '0505',
        side: 'confederate',
        points: 4,
        rule: '21.11',
      },
    ]);
    expect(victoryPoints(ctx, r.state, 'confederate')).toBe(4);
    // The Union retakes 0505: the award stays (once), and 0707 was never Confederate.
    const retaken = { ...r.state, objectives: { ...r.state.objectives, '0505': 'union' as const } };
    const after = play(ctx, { ...retaken, phasing: 'confederate' }, 'confederate', {
      type: 'end-phase',
    });
    expect(after.events.some((e) => e.type === 'objective-first-controlled')).toBe(false);
    expect([...victoryInputs(ctx, after.state).objectivesEverHeld!['0505']].sort()).toEqual([
      'confederate',
      'union',
    ]);
    expect(victoryPoints(ctx, after.state, 'confederate')).toBe(4);
  });

  it('Chattanooga 21.12 i: each listed town hex in the Zone of Control of Confederate infantry scores 4 VP, a Union unit in it does not negate it; artillery ZOC and creek hexsides do not count', () => {
    const victory = {
      points: [{ ...zoc, zoneHexes: ['0505', '0506', '0507', '0303'] } as typeof zoc],
      objectives: [],
      levels: [],
      otherwise: 'draw' as const,
    };
    const units: TestUnit[] = [
      { id: 'c1', side: 'confederate', hex: '0406' }, // adjacent to 0505 and 0506
      { id: 'u1', side: 'union', hex: '0505' }, // in the town hex: no negation
      { id: 'gun', side: 'confederate', type: 'artillery', hex: '0203' }, // adjacent to 0303, but artillery
      { id: 'c2', side: 'confederate', hex: '0608' }, // adjacent to 0507 across a creek
    ];
    const { ctx, state } = movementGame(units, { victory });
    const hexsides = [
      { between: ['0608', '0507'] as [string, string], features: [{ type: 'creek' as const }] },
    ];
    const ctx2 = prepareGame(testScenario(units, { victory }), testMapDoc({}, hexsides, [], 12));
    expect(ctx.map.grid.adjacent('0608', '0507')).toBe(true);
    expect(victoryInputs(ctx2, state).zonesOfControl).toEqual({
      confederate: { infantry: ['0505', '0506'] },
    });
    expect(victoryPoints(ctx2, state, 'confederate')).toBe(8);
    // Without the creek, c2 covers 0507 too.
    expect(victoryPoints(ctx, state, 'confederate')).toBe(12);
  });
});
