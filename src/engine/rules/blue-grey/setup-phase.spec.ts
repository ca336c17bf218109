import fc from 'fast-check';
import { fixedDice } from '../../dice';
import {
  applyOrder,
  legalOrders,
  newGame,
  notYetSupported,
  prepareGame,
  whoMustAct,
} from '../../game';
import type { GameState, Order } from '../../state';
import type { HexSpec, MapDocument, ScenarioDocument, Setup, Side, UnitSpec } from '../../types';
import {
  Fixture,
  play,
  testMap,
  testScenario,
  tryOrder,
  unit,
} from '../../../../test/unit/engine/helpers';

function freeScenario(opts: {
  units: UnitSpec[];
  areas: Extract<Setup, { kind: 'free' }>['areas'];
  placements?: Array<{ unit: string; hex: string }>;
  firstPlayer?: Side;
  stacking?: ScenarioDocument['stacking'];
  gunboatHexes?: string[];
  objectives?: string[];
  reinforcements?: ScenarioDocument['reinforcements'];
}): ScenarioDocument {
  const s = testScenario({
    units: opts.units,
    placements: [],
    firstPlayer: opts.firstPlayer,
    stacking: opts.stacking,
    gunboatHexes: opts.gunboatHexes,
    objectives: opts.objectives,
    reinforcements: opts.reinforcements,
  });
  return { ...s, setup: { kind: 'free', areas: opts.areas, placements: opts.placements } };
}

function start(map: MapDocument, scenario: ScenarioDocument): Fixture {
  const ctx = prepareGame(scenario, map);
  return { ctx, state: newGame(ctx, {}, fixedDice([])) };
}

function places(f: Fixture, side: Side, unitId?: string): string[] {
  return legalOrders(f.ctx, f.state, side)
    .filter(
      (o) =>
        o.type === 'place' && (unitId === undefined || (o as { unit?: string }).unit === unitId),
    )
    .map((o) => `${(o as { unit: string }).unit}@${(o as { hex: string }).hex}`)
    .sort();
}

const row = (r: number, from = 1, to = 10) =>
  Array.from(
    { length: to - from + 1 },
    (_, i) => `${String(from + i).padStart(2, '0')}${String(r).padStart(2, '0')}`,
  );

describe('3.0 free-deployment set-up phase', () => {
  it('3.0: a free set-up is no longer "not yet supported"; the game opens in the set-up phase with the First Player placing', () => {
    const scenario = freeScenario({
      units: [unit('u1', 'union'), unit('c1', 'confederate')],
      areas: [
        { side: 'union', hexes: row(1) },
        { side: 'confederate', hexes: row(10) },
      ],
      firstPlayer: 'confederate',
    });
    expect(notYetSupported(scenario)).toEqual([]);
    const f = start(testMap(), scenario);
    expect(f.state.phase).toBe('setup');
    expect(f.state.turn).toBe(1);
    expect(f.state.phasing).toBe('confederate');
    expect(f.state.units.c1).toMatchObject({ status: 'pending', hex: null });
    expect(whoMustAct(f.ctx, f.state)).toEqual({ side: 'confederate', kind: 'phase' });
    expect(legalOrders(f.ctx, f.state, 'union')).toEqual([]);
    expect(tryOrder(f, 'union', { type: 'place', unit: 'u1', hex: '0101' })).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_YOUR_TURN' },
    });
  });

  it('3.0: the listed placements are exactly the accepted ones (every unit × every hex of the map tried)', () => {
    const map = testMap({
      hexes: {
        '0302': { terrain: 'river' },
        '0402': { terrain: 'lake' },
        '0502': { terrain: 'pond' },
        '0602': { terrain: 'forest' },
      },
    });
    const scenario = freeScenario({
      units: [unit('u1', 'union'), unit('u2', 'union', 'artillery'), unit('c1', 'confederate')],
      areas: [
        { side: 'union', hexes: [...row(1, 1, 4), ...row(2, 1, 6)] },
        { side: 'union', hexes: ['0909'], units: ['u2'] },
        { side: 'confederate', hexes: row(10) },
      ],
    });
    const f = start(map, scenario);
    const listed = new Set(places(f, 'union'));
    const accepted: string[] = [];
    for (const id of ['u1', 'u2', 'c1', 'nobody']) {
      for (const hex of f.ctx.board.ids) {
        const r = tryOrder(f, 'union', { type: 'place', unit: id, hex });
        if (r.ok) accepted.push(`${id}@${hex}`);
      }
    }
    expect(accepted.sort()).toEqual([...listed].sort());
    // u1: the open Union area less river, lake and pond; u2: only its own area.
    expect(places(f, 'union', 'u1')).toEqual(
      ['0101', '0201', '0301', '0401', '0102', '0202', '0602'].map((h) => `u1@${h}`).sort(),
    );
    expect(places(f, 'union', 'u2')).toEqual(['u2@0909']);
  });

  it('3.0, 6.27, 6.28: no unit is set up where it could not end a move (river, lake, pond, ferry, pontoon)', () => {
    const map = testMap({
      hexes: {
        '0101': { terrain: 'river' },
        '0201': { terrain: 'lake' },
        '0301': { terrain: 'pond' },
        '0401': { terrain: 'ferry', crossing: ['0402', '0400'] },
        '0501': { terrain: 'pontoon', crossing: ['0502', '0500'] },
      },
    });
    const scenario = freeScenario({
      units: [unit('u1', 'union'), unit('c1', 'confederate')],
      areas: [
        { side: 'union', hexes: row(1, 1, 6) },
        { side: 'confederate', hexes: row(10) },
      ],
    });
    const f = start(map, scenario);
    expect(places(f, 'union')).toEqual(['u1@0601']);
    for (const hex of ['0101', '0201', '0301', '0401', '0501']) {
      const r = tryOrder(f, 'union', { type: 'place', unit: 'u1', hex });
      expect(r).toMatchObject({ ok: false, refusal: { code: 'PROHIBITED_TERRAIN', rule: '6.27' } });
    }
  });

  it("3.0, 9.62, 9.63: gunboats are set up only in river hexes or the scenario's gunboat hexes, two to a hex", () => {
    const map = testMap({ hexes: { '0101': { terrain: 'river' }, '0201': { terrain: 'river' } } });
    const scenario = freeScenario({
      units: [
        unit('g1', 'union', 'gunboat'),
        unit('g2', 'union', 'gunboat'),
        unit('g3', 'union', 'gunboat'),
        unit('c1', 'confederate'),
      ],
      areas: [
        { side: 'union', hexes: row(1, 1, 3) },
        { side: 'confederate', hexes: row(10) },
      ],
      gunboatHexes: ['0301'],
    });
    const f = start(map, scenario);
    expect(places(f, 'union', 'g1')).toEqual(['g1@0101', 'g1@0201', 'g1@0301']);
    f.state = play(f, 'union', { type: 'place', unit: 'g1', hex: '0101' } as Order);
    f.state = play(f, 'union', { type: 'place', unit: 'g2', hex: '0101' } as Order);
    expect(tryOrder(f, 'union', { type: 'place', unit: 'g3', hex: '0101' })).toMatchObject({
      ok: false,
      refusal: { code: 'STACKING_LIMIT', rule: '9.63' },
    });
    const land = freeScenario({
      units: [unit('u1', 'union'), unit('c1', 'confederate')],
      areas: [
        { side: 'union', hexes: ['0101', '0301'] },
        { side: 'confederate', hexes: row(10) },
      ],
      gunboatHexes: ['0301'],
    });
    // A land unit is never set up in a river hex; a gunboat hex that is land holds it.
    expect(places(start(map, land), 'union')).toEqual(['u1@0301']);
  });

  it("3.0, 6.32: the stacking limit holds in the set-up, two units by default and the scenario's override", () => {
    const units = [
      unit('u1', 'union'),
      unit('u2', 'union'),
      unit('u3', 'union', 'infantry', { strength: 5 }),
      unit('c1', 'confederate'),
    ];
    const areas: Extract<Setup, { kind: 'free' }>['areas'] = [
      { side: 'union', hexes: row(1, 1, 3) },
      { side: 'confederate', hexes: row(10) },
    ];
    const f = start(testMap(), freeScenario({ units, areas }));
    f.state = play(f, 'union', { type: 'place', unit: 'u1', hex: '0101' } as Order);
    f.state = play(f, 'union', { type: 'place', unit: 'u2', hex: '0101' } as Order);
    expect(tryOrder(f, 'union', { type: 'place', unit: 'u3', hex: '0101' })).toMatchObject({
      ok: false,
      refusal: { code: 'STACKING_LIMIT', rule: '6.32' },
    });
    const g = start(testMap(), freeScenario({ units, areas, stacking: { strengthPoints: 8 } }));
    g.state = play(g, 'union', { type: 'place', unit: 'u1', hex: '0101' } as Order);
    g.state = play(g, 'union', { type: 'place', unit: 'u2', hex: '0101' } as Order);
    expect(tryOrder(g, 'union', { type: 'place', unit: 'u3', hex: '0101' })).toMatchObject({
      ok: false,
      refusal: { code: 'STACKING_LIMIT', message: expect.stringContaining('8 strength points') },
    });
    expect(places(g, 'union', 'u3')).toEqual(['u3@0201', 'u3@0301']);
  });

  it('3.0, 6.12: a hex held by an Enemy unit of the fixed placements is closed to the set-up', () => {
    const scenario = freeScenario({
      units: [unit('u1', 'union'), unit('c1', 'confederate')],
      areas: [{ side: 'union', hexes: row(1, 1, 3) }],
      placements: [{ unit: 'c1', hex: '0201' }],
    });
    const f = start(testMap(), scenario);
    expect(places(f, 'union')).toEqual(['u1@0101', 'u1@0301']);
    expect(tryOrder(f, 'union', { type: 'place', unit: 'u1', hex: '0201' })).toMatchObject({
      ok: false,
      refusal: { code: 'ENTERS_ENEMY_HEX', rule: '6.12' },
    });
  });

  it('3.0: areas of both sides may not share a hex', () => {
    const scenario = freeScenario({
      units: [unit('u1', 'union'), unit('c1', 'confederate')],
      areas: [
        { side: 'union', hexes: ['0101', '0201'] },
        { side: 'confederate', hexes: ['0201', '0301'] },
      ],
    });
    expect(() => start(testMap(), scenario)).toThrow(/both sides hold hex 0201/);
  });

  it("3.0: areas that cannot hold a side's units refuse the game", () => {
    const scenario = freeScenario({
      units: [
        unit('u1', 'union'),
        unit('u2', 'union'),
        unit('u3', 'union'),
        unit('c1', 'confederate'),
      ],
      areas: [
        { side: 'union', hexes: ['0101'] },
        { side: 'confederate', hexes: row(10) },
      ],
    });
    expect(() => start(testMap(), scenario)).toThrow(/cannot hold all its units/);
  });

  it('3.0: a placement that would leave a unit still to place without room is refused (SETUP_BLOCKED)', () => {
    const scenario = freeScenario({
      units: [unit('u1', 'union'), unit('u2', 'union'), unit('c1', 'confederate')],
      areas: [
        { side: 'union', hexes: ['0101'], units: ['u1'] },
        { side: 'union', hexes: ['0101', '0201'], units: ['u2'] },
        { side: 'confederate', hexes: row(10) },
      ],
      stacking: { units: 1 },
    });
    const f = start(testMap(), scenario);
    expect(places(f, 'union', 'u2')).toEqual(['u2@0201']);
    expect(tryOrder(f, 'union', { type: 'place', unit: 'u2', hex: '0101' })).toMatchObject({
      ok: false,
      refusal: { code: 'SETUP_BLOCKED', rule: '3.0' },
    });
  });

  it('3.0: end-phase only once every unit is placed; then the other side places; then Game-Turn One begins', () => {
    const scenario = freeScenario({
      units: [
        unit('u1', 'union'),
        unit('u2', 'union'),
        unit('c1', 'confederate'),
        unit('r1', 'union'),
      ],
      areas: [
        { side: 'union', hexes: row(1) },
        { side: 'confederate', hexes: row(10) },
      ],
      objectives: ['0101', '0505'],
      reinforcements: [{ side: 'union', turn: 2, entry: ['0101'], units: ['r1'] }],
    });
    const f = start(testMap(), scenario);
    expect(legalOrders(f.ctx, f.state, 'union').some((o) => o.type === 'end-phase')).toBe(false);
    expect(tryOrder(f, 'union', { type: 'end-phase' })).toMatchObject({
      ok: false,
      refusal: { code: 'SETUP_INCOMPLETE', rule: '3.0' },
    });
    // A reinforcement is not placed in the set-up (5.0).
    expect(tryOrder(f, 'union', { type: 'place', unit: 'r1', hex: '0201' })).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_PLACED_IN_SETUP' },
    });
    f.state = play(f, 'union', { type: 'place', unit: 'u1', hex: '0101' } as Order);
    expect(tryOrder(f, 'union', { type: 'place', unit: 'u1', hex: '0201' })).toMatchObject({
      ok: false,
      refusal: { code: 'ALREADY_PLACED' },
    });
    f.state = play(f, 'union', { type: 'place', unit: 'u2', hex: '0201' } as Order);
    expect(legalOrders(f.ctx, f.state, 'union')).toEqual([{ type: 'end-phase' }]);
    f.state = play(f, 'union', { type: 'end-phase' });
    expect(f.state).toMatchObject({ phase: 'setup', phasing: 'confederate', turn: 1 });
    f.state = play(f, 'confederate', { type: 'place', unit: 'c1', hex: '0510' } as Order);
    const r = applyOrder(f.ctx, f.state, 'confederate', { type: 'end-phase' }, fixedDice([]));
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    expect(r.events.map((e) => e.type)).toEqual(['phase-ended', 'phase-started']);
    expect(r.state).toMatchObject({ phase: 'movement', phasing: 'union', turn: 1 });
    expect(r.state.movement).not.toBeNull();
    expect(r.state.units.r1.status).toBe('pending');
    // 18.31: an objective occupied at the end of the set-up starts with its occupant.
    expect(r.state.objectives).toEqual({ '0101': 'union', '0505': null });
    expect(legalOrders(f.ctx, r.state, 'union').some((o) => o.type === 'move')).toBe(true);
  });

  it('3.0, Cemetery Hill 16.32: a first Player-Turn an exclusive rule skips is skipped when the set-up ends', () => {
    const scenario = {
      ...freeScenario({
        units: [unit('u1', 'union'), unit('c1', 'confederate')],
        areas: [
          { side: 'union', hexes: row(1) },
          { side: 'confederate', hexes: row(10) },
        ],
      }),
      specialRules: [
        {
          hook: 'skip-player-turn',
          case: '16.32',
          params: {
            side: 'union',
            turns: [1],
            unitsMayMove: 'only-as-a-result-of-combat',
            zocAndDefenceUnaffected: true,
          },
        },
      ],
    };
    expect(notYetSupported(scenario)).toEqual([]);
    const f = start(testMap(), scenario);
    expect(f.state).toMatchObject({ phase: 'setup', phasing: 'union' });
    f.state = play(f, 'union', { type: 'place', unit: 'u1', hex: '0101' } as Order);
    f.state = play(f, 'union', { type: 'end-phase' });
    f.state = play(f, 'confederate', { type: 'place', unit: 'c1', hex: '0110' } as Order);
    const r = applyOrder(f.ctx, f.state, 'confederate', { type: 'end-phase' }, fixedDice([]));
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    expect(r.events.map((e) => e.type)).toContain('player-turn-skipped');
    expect(r.state).toMatchObject({ phase: 'movement', phasing: 'confederate', turn: 1 });
  });

  it('3.0: malformed and misdirected placements are refused, never thrown, and never change the state', () => {
    const f = start(
      testMap(),
      freeScenario({
        units: [unit('u1', 'union'), unit('c1', 'confederate')],
        areas: [
          { side: 'union', hexes: row(1) },
          { side: 'confederate', hexes: row(10) },
        ],
      }),
    );
    const before = JSON.stringify(f.state);
    const bad: unknown[] = [
      { type: 'place' },
      { type: 'place', unit: 'u1' },
      { type: 'place', unit: 'u1', hex: 7 },
      { type: 'place', unit: 'u1', hex: '9999' },
      { type: 'place', unit: 'u1', hex: '0505' },
      { type: 'place', unit: 'c1', hex: '0101' },
      { type: 'place', unit: { x: 1 }, hex: '0101' },
      { type: 'move', unit: 'u1', path: ['0101'] },
      { type: 'attack' },
    ];
    const codes = bad.map((o) => {
      const r = tryOrder(f, 'union', o);
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.refusal.code;
    });
    expect(codes).toEqual([
      'UNKNOWN_UNIT',
      'BAD_ORDER',
      'BAD_ORDER',
      'OFF_MAP',
      'OUTSIDE_SETUP_AREA',
      'NOT_YOUR_UNIT',
      'UNKNOWN_UNIT',
      'BAD_ORDER',
      'BAD_ORDER',
    ]);
    expect(JSON.stringify(f.state)).toBe(before);
  });

  it('3.0: the listing stays small enough to list every placement: 30 units over a 100-hex area', () => {
    const units = [
      ...Array.from({ length: 30 }, (_, i) => unit(`u${i}`, 'union')),
      unit('c1', 'confederate'),
    ];
    const areaHexes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
      .flatMap((r) => row(r))
      .filter((h) => Number(h.slice(2)) <= 9 || Number(h.slice(0, 2)) <= 10);
    const f = start(
      testMap({ columns: 12 }),
      freeScenario({
        units,
        areas: [
          { side: 'union', hexes: areaHexes.slice(0, 100) },
          { side: 'confederate', hexes: ['1101', '1201'] },
        ],
      }),
    );
    const orders = legalOrders(f.ctx, f.state, 'union');
    expect(orders.filter((o) => o.type === 'place')).toHaveLength(30 * 100);
  });
});

// ---------------------------------------------------------------- property ----

const TERRAIN = [
  'clear',
  'clear',
  'clear',
  'forest',
  'rough',
  'river',
  'lake',
  'pond',
  'town',
] as const;

const arbGame = fc.record({
  terrain: fc.array(fc.constantFrom(...TERRAIN), { minLength: 36, maxLength: 36 }),
  unionUnits: fc.array(
    fc.record({
      strength: fc.integer({ min: 1, max: 6 }),
      type: fc.constantFrom('infantry', 'cavalry', 'artillery', 'gunboat'),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  confUnits: fc.array(
    fc.record({
      strength: fc.integer({ min: 1, max: 6 }),
      type: fc.constantFrom('infantry', 'cavalry', 'artillery'),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  restricted: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  stacking: fc.oneof(
    fc.constant(undefined),
    fc.integer({ min: 1, max: 3 }).map((units) => ({ units })),
    fc.integer({ min: 6, max: 10 }).map((strengthPoints) => ({ strengthPoints })),
  ),
  noStack: fc.boolean(),
  firstPlayer: fc.constantFrom<Side>('union', 'confederate'),
  seed: fc.integer(),
});

describe('3.0 free set-up (property)', () => {
  it('3.0, 6.32, 6.27: random legal placements always finish in a legal position and Game-Turn One then starts', () => {
    fc.assert(
      fc.property(arbGame, (g) => {
        // A 6×6 map; Union sets up in columns 1–3, the Confederates in 4–6.
        const hexes: Record<string, HexSpec> = {};
        const ids: string[] = [];
        for (let c = 1; c <= 6; c++)
          for (let r = 1; r <= 6; r++) {
            const id = `${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`;
            ids.push(id);
            hexes[id] = { terrain: g.terrain[(c - 1) * 6 + r - 1] } as HexSpec;
          }
        const map = testMap({ columns: 6, rows: 6, hexes });
        const units: UnitSpec[] = [
          ...g.unionUnits.map((u, i) =>
            unit(
              `u${i}`,
              'union',
              u.type as UnitSpec['type'],
              u.type === 'gunboat' ? {} : { strength: u.strength },
            ),
          ),
          ...g.confUnits.map((u, i) =>
            unit(`c${i}`, 'confederate', u.type as UnitSpec['type'], {
              strength: u.strength,
              flags: g.noStack && i === 0 ? ['no-stack'] : undefined,
            }),
          ),
        ];
        const west = ids.filter((h) => Number(h.slice(0, 2)) <= 3);
        const east = ids.filter((h) => Number(h.slice(0, 2)) >= 4);
        const limitedUnits = units
          .filter((u, i) => u.side === 'union' && g.restricted[i % 8])
          .map((u) => u.id);
        const scenario = freeScenario({
          units,
          areas: [
            { side: 'union', hexes: west },
            ...(limitedUnits.length
              ? [{ side: 'union' as Side, hexes: west.slice(0, 6), units: limitedUnits }]
              : []),
            { side: 'confederate', hexes: east },
          ],
          stacking: g.stacking,
          firstPlayer: g.firstPlayer,
        });
        const ctx = prepareGame(scenario, map);
        let state: GameState;
        try {
          state = newGame(ctx, {}, fixedDice([]));
        } catch (e) {
          // Only areas too small for their units may refuse the game.
          expect(String(e)).toMatch(/cannot hold all its units/);
          return;
        }
        let rnd = g.seed >>> 0;
        const pick = <T>(xs: T[]): T => {
          rnd = (Math.imul(rnd, 1664525) + 1013904223) >>> 0;
          return xs[rnd % xs.length];
        };
        const order: Side[] = [];
        for (let step = 0; state.phase === 'setup'; step++) {
          expect(step).toBeLessThan(100);
          const side = state.phasing;
          if (order[order.length - 1] !== side) order.push(side);
          const orders = legalOrders(ctx, state, side).filter((o) => o.type !== 'resign');
          expect(orders.length).toBeGreaterThan(0);
          const o = pick(orders);
          const r = applyOrder(ctx, state, side, o, fixedDice([]));
          expect(r.ok).toBe(true);
          if (r.ok) state = r.state;
        }
        expect(state.phase).toBe('movement');
        expect(state.turn).toBe(1);
        expect(state.phasing).toBe(g.firstPlayer);
        expect(order[0]).toBe(g.firstPlayer);
        const limit = g.stacking ?? { units: 2 };
        const stacks = new Map<string, UnitSpec[]>();
        for (const u of Object.values(state.units)) {
          expect(u.status).toBe('on-map');
          const spec = units.find((s) => s.id === u.id)!;
          const terrain = hexes[u.hex!].terrain;
          if (spec.type === 'gunboat') expect(terrain).toBe('river');
          else expect(['river', 'lake', 'pond']).not.toContain(terrain);
          expect(u.side === 'union' ? west : east).toContain(u.hex);
          if (limitedUnits.includes(u.id)) expect(west.slice(0, 6)).toContain(u.hex);
          if (spec.type !== 'gunboat') stacks.set(u.hex!, [...(stacks.get(u.hex!) ?? []), spec]);
        }
        for (const stack of stacks.values()) {
          if ('units' in limit) expect(stack.length).toBeLessThanOrEqual(limit.units);
          else
            expect(stack.reduce((s, u) => s + u.strength, 0)).toBeLessThanOrEqual(
              limit.strengthPoints,
            );
          if (stack.some((u) => u.flags?.includes('no-stack'))) expect(stack).toHaveLength(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
