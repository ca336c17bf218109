/**
 * Olustee exclusive rules through the whole engine, on the scenario's own map
 * and declarations: 18.1 64 GA immobile (immobile-until, released when
 * attacked), 19.1/19.3/19.4 ammunition (ammunition-depletion), 19.2/19.5-19.7
 * the Rail Gun (train-unit: unlimited railway movement, artillery at two or
 * three hexes with one column shift), 20.0 the exits (map-exit) and the
 * automatic Decisive Victories (automatic-victory after every order). The
 * Union units are test units (the text prints none, 17.1).
 */
import * as fs from 'fs';
import * as path from 'path';
import { fixedDice } from '../../../../src/engine/dice';
import {
  applyOrder,
  GameContext,
  legalOrders,
  newGame,
  prepareGame,
} from '../../../../src/engine/game';
import type { GameState, Order } from '../../../../src/engine/state';
import type {
  GameEvent,
  MapDocument,
  RuleHook,
  ScenarioDocument,
  Side,
  UnitSpec,
  UnitType,
} from '../../../../src/engine/types';
import { startCombatPhase } from '../../../../src/engine/rules/blue-grey/combat-phase';
import { unsupportedHooks, unsupportedReason } from '../../../../src/engine/rules/hooks';
import { hookKey } from '../../../../src/engine/rules/hooks/hook-state';
import type { AmmunitionState } from '../../../../src/engine/rules/hooks/ammunition-depletion';
import { lineLengths } from '../../../../src/engine/rules/hooks/supply-line';
import { ammunitionDepletion } from '../../../../src/engine/rules/hooks/ammunition-depletion';

const root = path.join(__dirname, '../../../../scenarios/olustee');
const olustee = JSON.parse(
  fs.readFileSync(path.join(root, 'scenario.json'), 'utf8'),
) as ScenarioDocument;
const olusteeMap = JSON.parse(fs.readFileSync(path.join(root, 'map.json'), 'utf8')) as MapDocument;
const declared = (hook: string): RuleHook => olustee.specialRules.find((r) => r.hook === hook)!;
const AMMO = hookKey(declared('ammunition-depletion'));

interface Piece {
  id: string;
  hex: string | null;
  side?: Side;
  type?: UnitType;
  strength?: number;
}

/**
 * A game on the Olustee map with only these units (printed ones keep their
 * values; others are test units), in `phase` of `phasing` on Game-Turn
 * `turn`; `ammo` sets the ammunition hook's state.
 */
function game(
  pieces: Piece[],
  opts: {
    turn?: number;
    phase?: 'movement' | 'combat';
    phasing?: Side;
    ammo?: Partial<AmmunitionState>;
    reinforcements?: ScenarioDocument['reinforcements'];
  } = {},
): { ctx: GameContext; state: GameState } {
  const units = pieces.map(
    (p): UnitSpec =>
      olustee.units.find((u) => u.id === p.id) ?? {
        id: p.id,
        side: p.side ?? 'union',
        designation: p.id,
        type: p.type ?? 'infantry',
        strength: p.strength ?? 3,
      },
  );
  const scenario: ScenarioDocument = {
    ...olustee,
    counters: undefined,
    units,
    setup: {
      kind: 'fixed',
      placements: pieces.filter((p) => p.hex).map((p) => ({ unit: p.id, hex: p.hex! })),
    },
    reinforcements: opts.reinforcements ?? [],
  };
  const ctx = prepareGame(scenario, olusteeMap);
  let state = newGame(ctx, {}, fixedDice([]));
  state = {
    ...state,
    turn: opts.turn ?? 1,
    phase: 'movement',
    phasing: opts.phasing ?? 'union',
    movement: { moved: [], entered: {}, marked: [], enteredEnemyZoc: [] },
    combat: null,
  };
  if (opts.ammo)
    state = {
      ...state,
      hookState: {
        ...state.hookState,
        [AMMO]: {
          rolled: [],
          outOnTurn: null,
          eventTurn: null,
          resupplied: [],
          allResupplied: false,
          sourceMovedOnTurn: null,
          ...opts.ammo,
        },
      },
    };
  if (opts.phase === 'combat')
    state = startCombatPhase(ctx, { ...state, phase: 'combat' }, fixedDice([])).state;
  return { ctx, state };
}

function act(ctx: GameContext, state: GameState, side: Side, order: unknown, rolls: number[] = []) {
  const r = applyOrder(ctx, state, side, order, fixedDice(rolls, state.diceDrawn));
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.refusal)}`);
  return r;
}
function refusalOf(ctx: GameContext, state: GameState, side: Side, order: unknown) {
  const r = applyOrder(ctx, state, side, order, fixedDice([], state.diceDrawn));
  return r.ok ? null : r.refusal;
}
const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type);
const ends = (orders: Order[], unit: string, type = 'move') =>
  orders
    .filter((o) => o.type === type && (o as unknown as { unit: string }).unit === unit)
    .map((o) => {
      const p = (o as unknown as { path: string[] }).path;
      return p[p.length - 1];
    });
const ammoOf = (s: GameState) => s.hookState[AMMO] as AmmunitionState | undefined;
const ammoOf5 = (s: GameState) => s.hookState['ammunition-depletion:test'] as AmmunitionState;

const probe = prepareGame(olustee, olusteeMap);
const grid = probe.map.grid;
const nbrs = (h: string): string[] => [...grid.neighbours(h)].sort();
const dist = (a: string, b: string) => grid.distance(a, b);

describe('Olustee exclusive rules are declared and implemented', () => {
  it('Olustee 18.1, 19.1-19.7, 20.0: every exclusive rule the scenario declares is implemented', () => {
    expect(unsupportedHooks(olustee)).toEqual([]);
    expect(olustee.specialRules.map((r) => `${r.hook} ${r.case}`)).toEqual([
      'immobile-until 18.1',
      'ammunition-depletion 19.1, 19.3, 19.4',
      'train-unit 19.2, 19.5, 19.6, 19.7',
      'map-exit 20.0',
      'automatic-victory 20.0',
    ]);
  });

  it('Olustee 19.1: a declaration asking for what the ammunition hook does not implement is refused (Out of Ammo counters, die modifiers)', () => {
    const r = declared('ammunition-depletion');
    const withEffect = { ...r, params: { ...r.params, effect: { replaceWith: { a: 'b' } } } };
    expect(unsupportedReason(withEffect)).toMatch(/effect replaceWith/);
    const withModifier = {
      ...r,
      params: {
        ...r.params,
        trigger: { ...(r.params!.trigger as object), modifier: -1 },
      },
    };
    expect(unsupportedReason(withModifier)).toMatch(/trigger parameter modifier/);
    expect(unsupportedReason({ ...r, params: { ...r.params, side: undefined } })).toMatch(/side/);
  });
});

describe('Olustee 18.1: 64 GA immobile on Game-Turns 1-2 unless attacked', () => {
  const far = 'u-far';
  it('Olustee 18.1: 64 GA may not move on Game-Turns 1 and 2; it may on Game-Turn 3', () => {
    for (const turn of [1, 2]) {
      const { ctx, state } = game(
        [
          { id: 'cs-64-ga', hex: '3109' },
          { id: far, hex: '3902' },
        ],
        { turn, phasing: 'confederate' },
      );
      expect(ends(legalOrders(ctx, state, 'confederate'), 'cs-64-ga')).toEqual([]);
      expect(
        refusalOf(ctx, state, 'confederate', { type: 'move', unit: 'cs-64-ga', path: ['3209'] }),
      ).toMatchObject({ code: 'IMMOBILE', rule: '18.1' });
    }
    const { ctx, state } = game(
      [
        { id: 'cs-64-ga', hex: '3109' },
        { id: far, hex: '3902' },
      ],
      { turn: 3, phasing: 'confederate' },
    );
    expect(ends(legalOrders(ctx, state, 'confederate'), 'cs-64-ga').length).toBeGreaterThan(10);
  });

  it('Olustee 18.1: once attacked (on Game-Turn 1) 64 GA is free for good', () => {
    const next = nbrs('3109')[0];
    const { ctx, state } = game(
      [
        { id: 'cs-64-ga', hex: '3109' },
        { id: 'u-a', hex: next, strength: 1 },
      ],
      { turn: 1, phase: 'combat', phasing: 'union' },
    );
    const r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: ['u-a'], defenders: ['3109'] },
      [6, 6, 6],
    );
    expect(ofType(r.events, 'immobility-released')).toEqual([
      expect.objectContaining({ units: 'all', side: 'confederate', rule: '18.1' }),
    ]);
    let s = r.state;
    while (s.pending) s = act(ctx, s, s.pending.side, legalOrders(ctx, s, s.pending.side)[0]).state;
    expect(s.units['cs-64-ga'].status).toBe('on-map');
    s = {
      ...s,
      phase: 'movement',
      phasing: 'confederate',
      combat: null,
      movement: { moved: [], entered: {}, marked: [], enteredEnemyZoc: [] },
    };
    expect(ends(legalOrders(ctx, s, 'confederate'), 'cs-64-ga').length).toBeGreaterThan(0);
  });
});

describe('Olustee 19.1: the ammunition roll from Game-Turn 4', () => {
  const pieces: Piece[] = [
    { id: 'cs-6-ga', hex: '2012' },
    { id: 'u-a', hex: '3902' },
  ];
  it('Olustee 19.1: before the Confederate Player-Turn of Game-Turn 4 a 1-4 runs the army out of ammunition', () => {
    const { ctx, state } = game(pieces, { turn: 4, phase: 'combat', phasing: 'union' });
    const r = act(ctx, state, 'union', { type: 'end-phase' }, [3]);
    expect(r.state).toMatchObject({ phase: 'movement', phasing: 'confederate', turn: 4 });
    expect(ofType(r.events, 'die-rolled')).toEqual([
      expect.objectContaining({ purpose: 'ammunition', roll: 3, outOfAmmunition: true }),
    ]);
    expect(ofType(r.events, 'ammunition-exhausted')).toHaveLength(1);
    expect(ammoOf(r.state)).toMatchObject({ rolled: [4], outOnTurn: 4 });
  });

  it('Olustee 19.1: a 5-6 has no effect and the roll is made again next Game-Turn; none before Game-Turn 4', () => {
    let { ctx, state } = game(pieces, { turn: 4, phase: 'combat', phasing: 'union' });
    const r = act(ctx, state, 'union', { type: 'end-phase' }, [5]);
    expect(ammoOf(r.state)).toMatchObject({ rolled: [4], outOnTurn: null });
    expect(ofType(r.events, 'ammunition-exhausted')).toEqual([]);
    ({ ctx, state } = game(pieces, {
      turn: 5,
      phase: 'combat',
      phasing: 'union',
      ammo: { rolled: [4] },
    }));
    expect(ammoOf(act(ctx, state, 'union', { type: 'end-phase' }, [6]).state)!.rolled).toEqual([
      4, 5,
    ]);
    ({ ctx, state } = game(pieces, { turn: 3, phase: 'combat', phasing: 'union' }));
    const early = act(ctx, state, 'union', { type: 'end-phase' }); // no die available: none rolled
    expect(ofType(early.events, 'die-rolled')).toEqual([]);
  });

  it('Olustee 19.1: once the Confederates have run out, the roll ceases', () => {
    const { ctx, state } = game(pieces, {
      turn: 6,
      phase: 'combat',
      phasing: 'union',
      ammo: { rolled: [4, 5], outOnTurn: 5 },
    });
    const r = act(ctx, state, 'union', { type: 'end-phase' });
    expect(ofType(r.events, 'die-rolled')).toEqual([]);
  });
  it('Olustee 19.1: the trigger in general — a roll made once, the Game-Turn after an event (the form Road to Vicksburg 19.61 needs)', () => {
    const rule: RuleHook = {
      hook: 'ammunition-depletion',
      case: 'test',
      params: {
        side: 'confederate',
        units: ['cs-6-ga'],
        trigger: {
          at: 'start-of-movement-phase',
          afterEvent: { type: 'counterattack-made' },
          outOn: [1, 2],
          repeat: 'once',
        },
        effect: { mayNotEnterEnemyZoc: true },
      },
    };
    expect(unsupportedReason(rule)).toBeNull();
    const h = ammunitionDepletion(rule);
    const { ctx, state } = game(pieces, { turn: 3, phase: 'combat', phasing: 'confederate' });
    /** `s` on Game-Turn `turn`: the Union Movement Phase, then the Confederate one beginning. */
    const begins = (s: GameState, turn: number) =>
      [
        { ...s, turn, phase: 'combat' as const, phasing: 'union' as const },
        { ...s, turn, phase: 'movement' as const, phasing: 'confederate' as const },
      ] as const;
    // Before the event: no roll.
    expect(h.afterOrder!(ctx, ...begins(state, 3), [], fixedDice([]))).toBeNull();
    // Game-Turn 3: the event is seen; the roll waits for the next Game-Turn.
    const armed = h.afterOrder!(
      ctx,
      state,
      state,
      [{ type: 'counterattack-made' }],
      fixedDice([]),
    )!.state;
    expect(h.afterOrder!(ctx, ...begins(armed, 3), [], fixedDice([]))).toBeNull();
    // Game-Turn 4, the Confederate Movement Phase begins: one roll, 2 = out.
    const rolled = h.afterOrder!(ctx, ...begins(armed, 4), [], fixedDice([2]))!;
    expect(rolled.events).toEqual([
      expect.objectContaining({ purpose: 'ammunition', roll: 2, outOfAmmunition: true }),
      expect.objectContaining({ type: 'ammunition-exhausted' }),
    ]);
    expect(h.isOut(ctx, rolled.state, 'cs-6-ga')).toBe(true);
    // Once: a 5 on Game-Turn 4 means no roll on Game-Turn 5.
    const five = h.afterOrder!(ctx, ...begins(armed, 4), [], fixedDice([5]))!;
    expect(ammoOf5(five.state)).toMatchObject({ rolled: [4], outOnTurn: null });
    const later = h.afterOrder!(ctx, ...begins(five.state, 5), [], fixedDice([]));
    expect(later).toBeNull();
  });
});

describe('Olustee 19.1: out of ammunition', () => {
  it('Olustee 19.1: no Confederate unit may enter an Enemy Zone of Control (moving); with ammunition it may', () => {
    const pieces: Piece[] = [
      { id: 'cs-6-ga', hex: '2516' },
      { id: 'u-a', hex: '2518' },
    ];
    const zoc = nbrs('2518');
    const out = game(pieces, { turn: 5, phasing: 'confederate', ammo: { outOnTurn: 4 } });
    const listed = ends(legalOrders(out.ctx, out.state, 'confederate'), 'cs-6-ga');
    expect(listed.length).toBeGreaterThan(10);
    expect(listed.filter((h) => zoc.includes(h))).toEqual([]);
    expect(
      refusalOf(out.ctx, out.state, 'confederate', {
        type: 'move',
        unit: 'cs-6-ga',
        path: ['2517'],
      }),
    ).toMatchObject({ code: 'OUT_OF_AMMUNITION', rule: '19.1, 19.3, 19.4' });
    const supplied = game(pieces, { turn: 5, phasing: 'confederate' });
    expect(ends(legalOrders(supplied.ctx, supplied.state, 'confederate'), 'cs-6-ga')).toContain(
      '2517',
    );
  });

  it('Olustee 19.1: at the start of the Confederate Combat Phase units in an Enemy Zone of Control retreat one hex', () => {
    const { ctx, state } = game(
      [
        { id: 'cs-6-ga', hex: '2517' },
        { id: 'u-a', hex: '2518' },
      ],
      { turn: 5, phase: 'combat', phasing: 'confederate', ammo: { outOnTurn: 4 } },
    );
    let s = state;
    while (s.pending) s = act(ctx, s, s.pending.side, legalOrders(ctx, s, s.pending.side)[0]).state;
    const u = s.units['cs-6-ga'];
    expect(u.status).toBe('on-map');
    expect(dist(u.hex!, '2517')).toBe(1);
    expect(nbrs('2518')).not.toContain(u.hex);
    // Attacks are declared only after it: nothing obliges the unit to attack any more.
    expect(legalOrders(ctx, s, 'confederate').map((o) => o.type)).not.toContain('attack');
  });

  it('Olustee 19.1: a unit unable to retreat is eliminated', () => {
    const around = nbrs('2517');
    const { state } = game(
      [
        { id: 'cs-6-ga', hex: '2517' },
        ...around.map((hex, i) => ({ id: `u-${i}`, hex, strength: 1 })),
      ],
      { turn: 5, phase: 'combat', phasing: 'confederate', ammo: { outOnTurn: 4 } },
    );
    expect(state.units['cs-6-ga'].status).toBe('eliminated');
    expect(state.eliminatedStrength.confederate).toBe(2);
  });

  it('Olustee 19.1: no advance after combat into an Enemy Zone of Control', () => {
    // A Union attack on 6 GA is repulsed (Ar): 6 GA, out of ammunition, may not advance into the vacated hex if another Union unit controls it.
    const b = nbrs('2518').find((h) => h !== '2517' && !nbrs('2517').includes(h))!;
    const { ctx, state } = game(
      [
        { id: 'cs-6-ga', hex: '2517' },
        { id: 'u-a', hex: '2518', strength: 1 },
        { id: 'u-b', hex: b, strength: 1 },
      ],
      { turn: 5, phase: 'combat', phasing: 'union', ammo: { outOnTurn: 4 } },
    );
    const hook = ctx.hooks.find((h) => h.hook === 'ammunition-depletion')!;
    const free = nbrs('2517').find((h) => !nbrs('2518').includes(h) && !nbrs(b).includes(h))!;
    expect(hook.advanceIntoRefused!(ctx, state, 'cs-6-ga', '2518')).toBe(true);
    expect(hook.advanceIntoRefused!(ctx, state, 'cs-6-ga', free)).toBe(false);
    const supplied = game(
      [
        { id: 'cs-6-ga', hex: '2517' },
        { id: 'u-a', hex: '2518', strength: 1 },
        { id: 'u-b', hex: b, strength: 1 },
      ],
      { turn: 5, phase: 'combat', phasing: 'union' },
    );
    expect(hook.advanceIntoRefused!(supplied.ctx, supplied.state, 'cs-6-ga', '2518')).toBe(false);
  });
});

describe('Olustee 19.3, 19.4: resupply by the Rail Gun', () => {
  it('Olustee 19.3: once the Train has moved, units with a line of four hexes or fewer to it are resupplied at once; the others are not', () => {
    // Train on the railway at 2011; 6 GA three hexes from 2010 (its move's end), 1 GA far off.
    const { ctx, state } = game(
      [
        { id: 'cs-train-rail-gun', hex: '2011' },
        { id: 'cs-6-ga', hex: '2314' },
        { id: 'cs-1-ga', hex: '3020' },
        { id: 'cs-1-fl', hex: '2516' },
        { id: 'u-a', hex: '3902' },
      ],
      { turn: 6, phasing: 'confederate', ammo: { rolled: [4, 5], outOnTurn: 5 } },
    );
    const hook = ctx.hooks.find((h) => h.hook === 'ammunition-depletion') as unknown as {
      isOut(c: GameContext, s: GameState, id: string): boolean;
    };
    expect(hook.isOut(ctx, state, 'cs-6-ga')).toBe(true);
    expect(hook.isOut(ctx, state, 'cs-train-rail-gun')).toBe(false);
    // Another unit's move resupplies nobody: the Train has not moved.
    const r0 = act(ctx, state, 'confederate', { type: 'move', unit: 'cs-1-ga', path: ['3019'] });
    expect(ofType(r0.events, 'ammunition-resupplied')).toEqual([]);
    const r = act(ctx, r0.state, 'confederate', {
      type: 'move',
      unit: 'cs-train-rail-gun',
      path: ['2111'],
    });
    expect(dist('2111', '2314')).toBeLessThanOrEqual(4);
    expect(ofType(r.events, 'ammunition-resupplied')).toEqual([
      expect.objectContaining({ units: ['cs-6-ga'] }),
    ]);
    expect(hook.isOut(ctx, r.state, 'cs-6-ga')).toBe(false);
    expect(hook.isOut(ctx, r.state, 'cs-1-ga')).toBe(true);
    // Later in the Game-Turn a unit that comes within four hexes is resupplied too.
    const moves = legalOrders(ctx, r.state, 'confederate').filter(
      (o) =>
        o.type === 'move' &&
        (o as unknown as { unit: string }).unit === 'cs-1-fl' &&
        dist((o as unknown as { path: string[] }).path.slice(-1)[0], '2111') <= 3,
    );
    expect(dist('2516', '2111')).toBeGreaterThan(4);
    expect(hook.isOut(ctx, r.state, 'cs-1-fl')).toBe(true);
    expect(moves.length).toBeGreaterThan(0);
    const r2 = act(ctx, r.state, 'confederate', moves[0]);
    expect(ofType(r2.events, 'ammunition-resupplied')).toEqual([
      expect.objectContaining({ units: ['cs-1-fl'] }),
    ]);
  });

  it('Olustee 19.3: the units still out regain supply at the start of the second Game-Turn after the one it ran out in', () => {
    const { ctx, state } = game(
      [
        { id: 'cs-1-ga', hex: '3020' },
        { id: 'u-a', hex: '3902' },
      ],
      {
        turn: 6,
        phase: 'combat',
        phasing: 'confederate',
        ammo: { rolled: [4, 5, 6], outOnTurn: 6 },
      },
    );
    const r = act(ctx, state, 'confederate', { type: 'end-phase' });
    expect(r.state.turn).toBe(7);
    expect(ammoOf(r.state)!.allResupplied).toBe(false);
    const s8 = { ...state, turn: 7 };
    const r8 = act(ctx, s8, 'confederate', { type: 'end-phase' });
    expect(r8.state.turn).toBe(8);
    expect(ofType(r8.events, 'ammunition-resupplied')).toEqual([
      expect.objectContaining({ units: 'all', turn: 8 }),
    ]);
    expect(ammoOf(r8.state)!.allResupplied).toBe(true);
  });

  it('Olustee 19.4: the path is free of prohibited terrain, Enemy units and Enemy Zones of Control unless Friendly units occupy them', () => {
    const line = declared('ammunition-depletion').params!.resupply as Record<string, unknown>;
    // S 2314 and T 2312 two hexes apart in a column, M 2313 between them, Z next to both S and M.
    const [S, M, T] = ['2314', '2313', '2312'];
    const Z = nbrs(S).find((h) => nbrs(M).includes(h))!;
    const len = (pieces: Piece[]) => {
      // The Train (a Friendly unit) stands in T.
      const { ctx, state } = game([
        ...pieces,
        { id: 'c-train', hex: T, side: 'confederate' },
        { id: 'u-far', hex: '3902' },
      ]);
      return lineLengths(ctx, state, 'confederate', [T], { ...line, maxLength: undefined })[
        ctx.board.index.get(S)!
      ];
    };
    const cs = (id: string, hex: string): Piece => ({ id, hex, side: 'confederate' });
    expect(len([cs('c-s', S)])).toBe(2);
    expect(len([cs('c-s', S), { id: 'u-z', hex: Z }])).toBeGreaterThan(2);
    expect(len([cs('c-s', S), { id: 'u-z', hex: Z }, cs('c-m', M)])).toBe(2);
    expect(len([cs('c-s', S), { id: 'u-m', hex: M }])).toBeGreaterThan(2);
    // Ocean Pond (lake) is prohibited terrain: no line through it.
    const { ctx, state } = game([cs('c-s', '0806'), { id: 'u-far', hex: '3902' }]);
    const l = lineLengths(ctx, state, 'confederate', ['0804'], { ...line, maxLength: undefined });
    expect(l[ctx.board.index.get('0806')!]).toBe(-1);
  });
});

describe('Olustee 19.2, 19.5-19.7: the Rail Gun', () => {
  it('Olustee 19.2: it enters on Game-Turn 5 and moves any distance along the railway, never off it', () => {
    const { ctx, state } = game(
      [
        { id: 'cs-train-rail-gun', hex: null },
        { id: 'u-far', hex: '3902' },
        { id: 'u-far', hex: '3902' },
      ],
      {
        turn: 5,
        phasing: 'confederate',
        reinforcements: olustee.reinforcements,
      },
    );
    const railway = new Set(olusteeMap.routes.find((r) => r.type === 'railway')!.hexes);
    const orders = legalOrders(ctx, state, 'confederate').filter(
      (o) => (o as unknown as { unit?: string }).unit === 'cs-train-rail-gun',
    );
    const reached = orders.map((o) => {
      const p = (o as unknown as { path?: string[]; hex?: string }).path ?? [];
      return p.length ? p[p.length - 1] : (o as unknown as { hex: string }).hex;
    });
    expect(reached).toContain('2511');
    expect(reached).toContain('4104');
    expect(reached.every((h) => railway.has(h))).toBe(true);
    const on = game(
      [
        { id: 'cs-train-rail-gun', hex: '2011' },
        { id: 'u-far', hex: '3902' },
      ],
      { turn: 6, phasing: 'confederate' },
    );
    expect(
      refusalOf(on.ctx, on.state, 'confederate', {
        type: 'move',
        unit: 'cs-train-rail-gun',
        path: ['2012'],
      }),
    ).toMatchObject({ code: 'TRAIN_OFF_ROUTE' });
  });

  // The Train at 2011; the Union unit at 2013 (two hexes), 6 GA next to it at 2014.
  const battle = (train = '2011', extra: Piece[] = []) =>
    game(
      [
        { id: 'cs-train-rail-gun', hex: train },
        { id: 'cs-6-ga', hex: '2014' },
        { id: 'u-a', hex: '2013', strength: 6 },
        ...extra,
      ],
      { turn: 6, phase: 'combat', phasing: 'confederate' },
    );

  it('Olustee 19.5, 19.6: it bombards at two or three hexes with another unit, giving one column shift to the right on top of any other', () => {
    const { ctx, state } = battle();
    expect(dist('2011', '2013')).toBe(2);
    const combined = {
      type: 'attack',
      attackers: ['cs-6-ga'],
      bombard: ['cs-train-rail-gun'],
      defenders: ['2013'],
    };
    expect(legalOrders(ctx, state, 'confederate')).toContainEqual(combined);
    const r = act(ctx, state, 'confederate', combined, [6, 6, 6, 6]);
    const resolved = ofType(r.events, 'combat-resolved')[0] as Record<string, unknown>;
    expect(resolved).toMatchObject({
      odds: '1:3',
      shift: 1,
      column: '1:2',
      exclusiveShifts: [{ shift: 1, source: expect.stringContaining('19.6') }],
    });
    expect(resolved.strengths).toMatchObject({
      attack: 2,
      perAttacker: { 'cs-6-ga': 2, 'cs-train-rail-gun': 0 },
    });
    const alone = battle();
    const plain = act(
      alone.ctx,
      alone.state,
      'confederate',
      { type: 'attack', attackers: ['cs-6-ga'], defenders: ['2013'] },
      [6, 6, 6, 6],
    );
    expect(ofType(plain.events, 'combat-resolved')[0]).toMatchObject({ odds: '1:3', shift: 0 });
  });

  it('Olustee 19.5: never against an adjacent unit, never beyond three hexes, never from an Enemy Zone of Control', () => {
    // Next to a Union unit (2012): in its Zone of Control (9.41, 19.5).
    const near = battle('2011', [{ id: 'u-b', hex: '2012', strength: 1 }]);
    expect(dist('2011', '2012')).toBe(1);
    expect(
      refusalOf(near.ctx, near.state, 'confederate', {
        type: 'attack',
        attackers: ['cs-6-ga'],
        bombard: ['cs-train-rail-gun'],
        defenders: ['2013'],
      }),
    ).toMatchObject({ code: 'ARTILLERY_IN_EZOC' });
    const far = battle('1611');
    expect(dist('1611', '2013')).toBe(4);
    expect(
      refusalOf(far.ctx, far.state, 'confederate', {
        type: 'attack',
        attackers: ['cs-6-ga'],
        bombard: ['cs-train-rail-gun'],
        defenders: ['2013'],
      }),
    ).toMatchObject({ code: 'OUT_OF_RANGE' });
    // Adjacent to a unit that exerts no Zone of Control on it (9.46 would let artillery bombard it): still no.
    const by = nbrs('2111').find((h) => h !== '2011' && !nbrs(h).includes('2011'))!;
    const adj = game(
      [
        { id: 'cs-train-rail-gun', hex: '2011' },
        { id: 'cs-6-ga', hex: by },
        { id: 'u-train', hex: '2111', type: 'train', strength: 1 },
        { id: 'u-far', hex: '3902' },
      ],
      { turn: 6, phase: 'combat', phasing: 'confederate' },
    );
    expect(
      refusalOf(adj.ctx, adj.state, 'confederate', {
        type: 'attack',
        attackers: ['cs-6-ga'],
        bombard: ['cs-train-rail-gun'],
        defenders: ['2111'],
      }),
    ).toMatchObject({ code: 'TRAIN_TOO_CLOSE', rule: '19.2, 19.5, 19.6, 19.7' });
  });

  it('Olustee 19.7: it may not attack by itself', () => {
    const { ctx, state } = battle();
    const alone = {
      type: 'attack',
      attackers: [],
      bombard: ['cs-train-rail-gun'],
      defenders: ['2013'],
    };
    // The engine refuses it (its 0 strength is below 1:5 by itself, 9.18), and so does 19.7.
    expect(refusalOf(ctx, state, 'confederate', alone)).not.toBeNull();
    const hook = ctx.hooks.find((h) => h.hook === 'train-unit')!;
    expect(
      hook.attackRefusal!(
        ctx,
        state,
        'confederate',
        alone as { attackers: string[]; defenders: string[]; bombard: string[] },
      ),
    ).toMatchObject({ code: 'TRAIN_ATTACKS_ALONE', rule: '19.2, 19.5, 19.6, 19.7' });
    expect(
      legalOrders(ctx, state, 'confederate').filter(
        (o) =>
          o.type === 'attack' && (o as unknown as { attackers: string[] }).attackers.length === 0,
      ),
    ).toEqual([]);
    // As a non-combat unit it never attacks adjacently either.
    expect(
      refusalOf(ctx, state, 'confederate', {
        type: 'attack',
        attackers: ['cs-train-rail-gun'],
        defenders: ['2013'],
      }),
    ).toMatchObject({ code: 'NOT_A_COMBAT_UNIT' });
  });
});

describe('Olustee 20.0: exits and automatic Decisive Victories', () => {
  it('Olustee 20.0: a Union unit entering either hex of Olustee Station with a line to the east edge ends the game in a Union Decisive Victory', () => {
    const { ctx, state } = game(
      [
        { id: 'u-a', hex: '1410' },
        { id: 'cs-6-ga', hex: '3020' },
      ],
      { turn: 2, phasing: 'union' },
    );
    const to1210 = legalOrders(ctx, state, 'union').find(
      (o) => o.type === 'move' && ends([o], 'u-a')[0] === '1210',
    )!;
    const r = act(ctx, state, 'union', to1210);
    expect(r.state.phase).toBe('finished');
    expect(r.state.result).toMatchObject({ winner: 'union', level: 'decisive' });
    expect(ofType(r.events, 'automatic-victory')).toEqual([
      expect.objectContaining({ winner: 'union', hex: '1210', rule: '20.0' }),
    ]);
  });

  it('Olustee 20.0: without the line (enemy units all around the station hex) the game goes on', () => {
    const around = nbrs('1111').filter((h) => olusteeMap.hexes[h]?.terrain !== 'lake');
    const { ctx, state } = game(
      [
        { id: 'u-a', hex: '1111' },
        ...around.map((hex, i) => ({
          id: `c-${i}`,
          hex,
          side: 'confederate' as Side,
          strength: 1,
        })),
      ],
      { turn: 2, phasing: 'union' },
    );
    const r = act(ctx, state, 'union', { type: 'end-phase' });
    expect(r.state.phase).not.toBe('finished');
    expect(ofType(r.events, 'automatic-victory')).toEqual([]);
  });

  it('Olustee 20.0: a Confederate infantry unit exiting via 4104 or 4108 with a line to 1011 wins a Confederate Decisive Victory', () => {
    const { ctx, state } = game(
      [
        { id: 'cs-6-ga', hex: '4108' },
        { id: 'u-a', hex: '2020' },
      ],
      { turn: 3, phasing: 'confederate' },
    );
    expect(legalOrders(ctx, state, 'confederate')).toContainEqual({
      type: 'exit',
      unit: 'cs-6-ga',
      path: [],
    });
    const r = act(ctx, state, 'confederate', { type: 'exit', unit: 'cs-6-ga', path: [] });
    expect(r.state.result).toMatchObject({ winner: 'confederate', level: 'decisive' });
  });

  it('Olustee 20.0: an exit without the line to 1011 wins nothing; cavalry may not exit', () => {
    const { ctx, state } = game(
      [
        { id: 'cs-6-ga', hex: '4104' },
        { id: 'cs-cav-4-ga', hex: '4108' },
        { id: 'u-a', hex: '1011' },
      ],
      { turn: 3, phasing: 'confederate' },
    );
    const r = act(ctx, state, 'confederate', { type: 'exit', unit: 'cs-6-ga', path: [] });
    expect(r.state.phase).toBe('movement');
    expect(r.state.units['cs-6-ga'].status).toBe('exited');
    expect(
      refusalOf(ctx, r.state, 'confederate', { type: 'exit', unit: 'cs-cav-4-ga', path: [] }),
    ).toMatchObject({ code: 'EXIT_NOT_ALLOWED' });
    const elsewhere = game(
      [
        { id: 'cs-6-ga', hex: '4106' },
        { id: 'u-a', hex: '2020' },
      ],
      { turn: 3, phasing: 'confederate' },
    );
    expect(
      refusalOf(elsewhere.ctx, elsewhere.state, 'confederate', {
        type: 'exit',
        unit: 'cs-6-ga',
        path: [],
      }),
    ).toMatchObject({ code: 'EXIT_NOT_ALLOWED' });
  });
});
