import { legalOrders } from '../../game';
import { zocOf } from './zoc';
import type { HexSpec, HexsideSpec, RouteSpec, UnitSpec } from '../../types';
import {
  destinations,
  play,
  setUp,
  testMap,
  testScenario,
  tryOrder,
  unit,
} from '../../../../test/unit/engine/helpers';

/** One union unit `m` at `at`, optional Confederates, on a 10×10 clear map with the given terrain. */
function world(opts: {
  at?: string;
  mover?: Partial<UnitSpec>;
  type?: UnitSpec['type'];
  enemies?: string[];
  friends?: Array<[string, UnitSpec['type']]>;
  hexes?: Record<string, HexSpec>;
  hexsides?: HexsideSpec[];
  routes?: RouteSpec[];
  night?: boolean;
  routed?: boolean;
}) {
  const units = [unit('m', 'union', opts.type ?? 'infantry', opts.mover ?? {})];
  const placements = [{ unit: 'm', hex: opts.at ?? '0505' }];
  (opts.enemies ?? []).forEach((h, k) => {
    units.push(unit(`e${k}`, 'confederate'));
    placements.push({ unit: `e${k}`, hex: h });
  });
  (opts.friends ?? []).forEach(([h, t], k) => {
    units.push(unit(`f${k}`, 'union', t));
    placements.push({ unit: `f${k}`, hex: h });
  });
  const f = setUp(
    testMap({ hexes: opts.hexes, hexsides: opts.hexsides, routes: opts.routes }),
    testScenario({ units, placements, nightTurns: opts.night ? [1] : [] }),
  );
  if (opts.routed)
    f.state = {
      ...f.state,
      units: { ...f.state.units, m: { ...f.state.units.m, morale: 'routed' } },
    };
  return f;
}

const mp = (f: ReturnType<typeof world>, path: string[]) => {
  const r = tryOrder(f, 'union', { type: 'move', unit: 'm', path });
  if (!r.ok) return r.refusal.code;
  return (r.events.find((e) => e.type === 'moved') as unknown as { mp: string }).mp;
};

describe('6.2 terrain effects on movement', () => {
  it('6.21: a clear level-1 hex costs 1 MP; six of them exhaust an infantry Movement Allowance', () => {
    const f = world({});
    expect(mp(f, ['0504', '0503', '0502', '0501'])).toBe('4');
    expect(mp(f, ['0506', '0507', '0508', '0509', '0510'])).toBe('5');
  });
  it('6.21, 10.1: forest costs 2 MP for infantry and 3 MP for artillery', () => {
    expect(mp(world({ hexes: { '0504': { terrain: 'forest' } } }), ['0504'])).toBe('2');
    expect(
      mp(world({ type: 'artillery', hexes: { '0504': { terrain: 'forest' } } }), ['0504']),
    ).toBe('3');
  });
  it('6.15: a path costing more than the Movement Allowance is refused', () => {
    const f = world({
      hexes: { '0504': { terrain: 'forest-rough' }, '0503': { terrain: 'forest' } },
    });
    expect(mp(f, ['0504', '0503'])).toBe('EXCEEDS_ALLOWANCE');
  });
  it('6.16: a unit that cannot afford any hex may still move one hex', () => {
    const f = world({ mover: { movement: 1 }, hexes: { '0504': { terrain: 'forest' } } });
    expect(mp(f, ['0504'])).toBe('2');
    expect(mp(f, ['0504', '0503'])).toBe('EXCEEDS_ALLOWANCE');
    expect(destinations(f, 'union', 'm')).toContain('0504');
  });
  it('6.16, 6.27: the one-hex minimum move never enters prohibited terrain', () => {
    const f = world({ mover: { movement: 1 }, hexes: { '0504': { terrain: 'river' } } });
    expect(mp(f, ['0504'])).toBe('PROHIBITED_TERRAIN');
    expect(destinations(f, 'union', 'm')).not.toContain('0504');
  });
  it('6.22: along a turnpike each hex costs 2/3 MP, exactly (nine hexes for 6 MP)', () => {
    const hexes = ['0510', '0509', '0508', '0507', '0506', '0505', '0504', '0503', '0502', '0501'];
    const f = world({
      at: '0510',
      routes: [{ type: 'turnpike', hexes }],
      hexes: Object.fromEntries(hexes.map((h) => [h, { terrain: 'forest' as const }])),
    });
    expect(mp(f, hexes.slice(1, 3))).toBe('1 1/3');
    expect(mp(f, hexes.slice(1))).toBe('6');
  });
  it('6.22: the move event gives the 2/3 MP rate as numbers, exact in thirds, with the allowance remaining (issue 19)', () => {
    const hexes = ['0510', '0509', '0508', '0507'];
    const f = world({ at: '0510', routes: [{ type: 'turnpike', hexes }] });
    const r = tryOrder(f, 'union', { type: 'move', unit: 'm', path: hexes.slice(1) });
    expect(r.ok && r.events.find((e) => e.type === 'moved')).toMatchObject({
      mp: '2',
      points: {
        spent: 2,
        remaining: 4,
        allowance: 6,
        thirds: { spent: 6, remaining: 12, allowance: 18 },
      },
    });
    const two = tryOrder(f, 'union', { type: 'move', unit: 'm', path: hexes.slice(1, 3) });
    expect(two.ok && two.events.find((e) => e.type === 'moved')).toMatchObject({
      mp: '1 1/3',
      points: { spent: 1.333, remaining: 4.667, thirds: { spent: 4, remaining: 14 } },
    });
  });
  it('6.23: along a road each hex costs 1 MP regardless of other terrain', () => {
    const f = world({
      routes: [{ type: 'road', hexes: ['0505', '0504', '0503'] }],
      hexes: { '0504': { terrain: 'swamp' }, '0503': { terrain: 'forest-rough' } },
    });
    expect(mp(f, ['0504', '0503'])).toBe('2');
  });
  it('6.24: along a trail, 2 MP into forest, 1 MP into clear of any level', () => {
    const f = world({
      routes: [{ type: 'trail', hexes: ['0505', '0504', '0503'] }],
      hexes: { '0504': { terrain: 'forest-rough' }, '0503': { terrain: 'clear', level: 3 } },
    });
    expect(mp(f, ['0504'])).toBe('2');
    expect(mp(f, ['0504', '0503'])).toBe('3');
  });
  it('6.25: hexside costs are added on top and not negated by roads', () => {
    const f = world({
      routes: [{ type: 'road', hexes: ['0505', '0504'] }],
      hexsides: [{ between: ['0505', '0504'], features: [{ type: 'stream' }] }],
    });
    expect(mp(f, ['0504'])).toBe('3');
  });
  it('6.25, 6.24, 6.22: turnpike and trail rates do not negate a hexside cost, nor apply into an Enemy controlled hex; 6.26 they do negate the slope', () => {
    const stream: HexsideSpec[] = [{ between: ['0505', '0504'], features: [{ type: 'stream' }] }];
    const slope: HexsideSpec[] = [
      { between: ['0505', '0504'], features: [{ type: 'slope', high: '0504' }] },
    ];
    const forest = { '0504': { terrain: 'forest-rough' } as HexSpec };
    // The moved event writes MP as "2", "2/3" or "2 2/3".
    const num = (x: string) =>
      x.split(' ').reduce((t, p) => {
        const [a, b] = p.split('/').map(Number);
        return t + (b ? a / b : a);
      }, 0);
    for (const type of ['trail', 'turnpike'] as const) {
      const routes: RouteSpec[] = [{ type, hexes: ['0505', '0504'] }];
      // Into forest-rough (5 MP) along the route: trail 2, turnpike 2/3; the stream's +2 is added on top (6.25).
      const rate = type === 'trail' ? 2 : 2 / 3;
      expect(num(mp(world({ routes, hexes: forest }), ['0504']))).toBeCloseTo(rate);
      expect(num(mp(world({ routes, hexes: forest, hexsides: stream }), ['0504']))).toBeCloseTo(
        rate + 2,
      );
      // Up the slope along the route: no +1 (6.26).
      expect(num(mp(world({ routes, hexes: forest, hexsides: slope }), ['0504']))).toBeCloseTo(
        rate,
      );
      // Into an Enemy controlled forest-rough hex: its own 5 MP, not the route rate (6.25, 7.2).
      expect(mp(world({ routes, hexes: forest, enemies: ['0503'] }), ['0504'])).toBe('5');
    }
  });
  it('6.26: climbing a slope costs +1 MP, going down nothing, along a road nothing', () => {
    const hexsides: HexsideSpec[] = [
      { between: ['0505', '0504'], features: [{ type: 'slope', high: '0504' }] },
    ];
    expect(mp(world({ hexsides }), ['0504'])).toBe('2');
    expect(mp(world({ at: '0504', hexsides }), ['0505'])).toBe('1');
    expect(
      mp(world({ hexsides, routes: [{ type: 'road', hexes: ['0505', '0504'] }] }), ['0504']),
    ).toBe('1');
    expect(mp(world({ hexes: { '0504': { terrain: 'clear', level: 2 } } }), ['0504'])).toBe('2');
  });
  it('6.27: units may never enter river or lake hexes; a bridge hex crosses the river', () => {
    expect(mp(world({ hexes: { '0504': { terrain: 'lake' } } }), ['0504'])).toBe(
      'PROHIBITED_TERRAIN',
    );
    expect(mp(world({ hexes: { '0504': { terrain: 'bridge' } } }), ['0504'])).toBe('1');
  });
  it('6.28: a ferry hex is crossed to the opposite bank through its arrowed hexsides, never ended in', () => {
    const hexes: Record<string, HexSpec> = {
      '0504': { terrain: 'ferry', crossing: ['0505', '0503'] },
    };
    expect(mp(world({ hexes }), ['0504'])).toBe('ENDS_IN_FERRY');
    expect(mp(world({ hexes }), ['0504', '0503'])).toBe('4');
    expect(destinations(world({ hexes }), 'union', 'm')).toContain('0503');
    expect(destinations(world({ hexes }), 'union', 'm')).not.toContain('0504');
    expect(mp(world({ at: '0605', hexes }), ['0504'])).toBe('FERRY_HEXSIDE');
  });
  it('6.28: a unit must keep enough MP to reach the opposite bank', () => {
    const hexes: Record<string, HexSpec> = {
      '0504': { terrain: 'ferry', crossing: ['0505', '0503'] },
      '0503': { terrain: 'forest-rough' },
    };
    expect(mp(world({ hexes }), ['0504', '0503'])).toBe('EXCEEDS_ALLOWANCE');
    expect(destinations(world({ hexes }), 'union', 'm')).not.toContain('0503');
  });
  it('6.29: creek hexsides are crossed only at bridges or fords, at +1 MP', () => {
    expect(
      mp(world({ hexsides: [{ between: ['0505', '0504'], features: [{ type: 'creek' }] }] }), [
        '0504',
      ]),
    ).toBe('PROHIBITED_HEXSIDE');
    expect(
      mp(
        world({
          hexsides: [
            { between: ['0505', '0504'], features: [{ type: 'creek' }, { type: 'ford' }] },
          ],
        }),
        ['0504'],
      ),
    ).toBe('2');
    expect(
      mp(
        world({
          hexsides: [
            { between: ['0505', '0504'], features: [{ type: 'creek' }, { type: 'bridge' }] },
          ],
        }),
        ['0504'],
      ),
    ).toBe('2');
  });
  it('6.17: movement must go through contiguous hexes', () => {
    expect(mp(world({}), ['0503'])).toBe('NOT_CONTIGUOUS');
  });
  it('2.1: units may not move off the map', () => {
    expect(mp(world({ at: '0501' }), ['0500'])).toBe('OFF_MAP');
  });
});

describe('6.1 prohibitions and 7.0 zones of control', () => {
  it('6.12: a unit may never enter a hex containing an Enemy unit', () => {
    expect(mp(world({ enemies: ['0503'] }), ['0504', '0503'])).toBe(
      'MOVES_AFTER_ENTERING_ENEMY_ZOC',
    );
    expect(mp(world({ enemies: ['0504'], night: true }), ['0504'])).toBe('ENTERS_ENEMY_HEX');
    expect(destinations(world({ enemies: ['0504'], night: true }), 'union', 'm')).not.toContain(
      '0504',
    );
  });
  it('6.13, 7.4: a unit may never exit an Enemy controlled hex in a day Movement Phase', () => {
    const f = world({ enemies: ['0503'], at: '0504' });
    expect(mp(f, ['0505'])).toBe('EXITS_ENEMY_ZOC');
    expect(destinations(f, 'union', 'm')).toEqual([]);
  });
  it('11.12: at Night a unit may leave an Enemy controlled hex but not re-enter one', () => {
    const f = world({ enemies: ['0503'], at: '0504', night: true });
    expect(mp(f, ['0505'])).toBe('1');
    expect(mp(f, ['0404'])).toBe('NIGHT_REENTERS_ENEMY_ZOC');
  });
  it('7.0: units must cease movement on entering an Enemy controlled hex', () => {
    const f = world({ enemies: ['0502'] });
    expect(mp(f, ['0504', '0503'])).toBe('3');
    expect(mp(f, ['0504', '0503', '0403'])).toBe('MOVES_AFTER_ENTERING_ENEMY_ZOC');
  });
  it('7.2: entering an Enemy controlled clear hex costs 2 MP', () => {
    expect(mp(world({ enemies: ['0503'] }), ['0504'])).toBe('2');
  });
  it('7.2: crossing a stream into an enemy-controlled forest hex costs 4 MP', () => {
    const f = world({
      enemies: ['0503'],
      hexes: { '0504': { terrain: 'forest' } },
      hexsides: [{ between: ['0505', '0504'], features: [{ type: 'stream' }] }],
    });
    expect(mp(f, ['0504'])).toBe('4');
  });
  it('7.2: crossing a stream into an enemy-controlled clear hex costs 4 MP', () => {
    const f = world({
      enemies: ['0503'],
      hexsides: [{ between: ['0505', '0504'], features: [{ type: 'stream' }] }],
    });
    expect(mp(f, ['0504'])).toBe('4');
  });
  it('7.2, 6.25: no road or turnpike rates into an Enemy controlled hex', () => {
    const f = world({
      enemies: ['0503'],
      routes: [{ type: 'turnpike', hexes: ['0505', '0504', '0503'] }],
    });
    expect(mp(f, ['0504'])).toBe('2');
  });
  it('7.3: artillery enters an Enemy controlled hex only where friendly infantry or cavalry already is', () => {
    expect(mp(world({ type: 'artillery', enemies: ['0503'] }), ['0504'])).toBe(
      'ARTILLERY_INTO_ENEMY_ZOC',
    );
    expect(mp(world({ type: 'horse-artillery', enemies: ['0503'] }), ['0504'])).toBe(
      'ARTILLERY_INTO_ENEMY_ZOC',
    );
    expect(
      mp(world({ type: 'artillery', enemies: ['0503'], friends: [['0504', 'infantry']] }), [
        '0504',
      ]),
    ).toBe('2');
  });
  it('12.31: a Routed unit may not enter an Enemy controlled hex', () => {
    expect(mp(world({ routed: true, enemies: ['0503'] }), ['0504'])).toBe('ROUTED_INTO_ENEMY_ZOC');
  });
  it('7.6: Zones of Control do not extend through creek hexsides, but do across streams', () => {
    expect(
      mp(
        world({
          enemies: ['0503'],
          hexsides: [{ between: ['0503', '0504'], features: [{ type: 'creek' }] }],
        }),
        ['0504', '0405'],
      ),
    ).toBe('2');
    expect(
      mp(
        world({
          enemies: ['0503'],
          hexsides: [{ between: ['0503', '0504'], features: [{ type: 'stream' }] }],
        }),
        ['0504', '0405'],
      ),
    ).toBe('MOVES_AFTER_ENTERING_ENEMY_ZOC');
  });
  it('7.6: Zones of Control do not extend into ferry or pontoon hexes', () => {
    const hexes: Record<string, HexSpec> = {
      '0504': { terrain: 'pontoon', crossing: ['0505', '0503'] },
    };
    const f = world({ hexes, enemies: ['0604'] });
    const zoc = zocOf(f.ctx, f.state, 'confederate');
    expect(zoc[f.ctx.board.index.get('0504')!]).toBe(0);
    expect(zoc[f.ctx.board.index.get('0503')!]).toBe(1);
  });
  it('10.39, 7.6: Zones of Control do not extend into a Trench hex across its Trench hexsides', () => {
    const f = setUp(
      testMap(),
      testScenario({
        units: [unit('m', 'union'), unit('e', 'confederate')],
        placements: [
          { unit: 'm', hex: '0504' },
          { unit: 'e', hex: '0503' },
        ],
      }),
    );
    f.state = {
      ...f.state,
      fieldworks: [
        { hex: '0504', kind: 'trench', facing: ['0503', '0403', '0603'], side: 'union' },
      ],
    };
    expect(tryOrder(f, 'union', { type: 'move', unit: 'm', path: ['0505'] }).ok).toBe(true);
  });
  it('9.64: gunboats exert no Zone of Control', () => {
    const f = world({ hexes: { '0503': { terrain: 'river' } } });
    const g = setUp(
      testMap({ hexes: { '0503': { terrain: 'river' } } }),
      testScenario({
        units: [unit('m', 'confederate'), unit('g', 'union', 'gunboat')],
        placements: [
          { unit: 'm', hex: '0505' },
          { unit: 'g', hex: '0503' },
        ],
        firstPlayer: 'confederate',
      }),
    );
    void f;
    const r = tryOrder(g, 'confederate', { type: 'move', unit: 'm', path: ['0504', '0404'] });
    expect(r.ok).toBe(true);
  });
  it('6.18: each unit moves once per Movement Phase', () => {
    const f = world({});
    f.state = play(f, 'union', { type: 'move', unit: 'm', path: ['0504'] });
    expect(mp(f, ['0503'])).toBe('ALREADY_MOVED');
    expect(destinations(f, 'union', 'm')).toEqual([]);
  });
});

describe('7.1, 7.5 mutual and friendly zones of control', () => {
  it('7.1, 7.5: Zones of Control are mutual: each side controls the hexes around its units at once', () => {
    const f = world({ enemies: ['0503'] });
    const b = f.ctx.board.index;
    expect(zocOf(f.ctx, f.state, 'union')[b.get('0504')!]).toBe(1);
    expect(zocOf(f.ctx, f.state, 'confederate')[b.get('0504')!]).toBe(1);
  });
  it('6.34: Friendly controlled hexes never inhibit Friendly units', () => {
    expect(mp(world({ friends: [['0503', 'infantry']] }), ['0504', '0404', '0403'])).toBe('3');
  });
  it('6.14: no combat may take place during the Movement Phase', () => {
    expect(
      tryOrder(world({ enemies: ['0503'] }), 'union', {
        type: 'attack',
        attackers: ['m'],
        defenders: ['0503'],
      }),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'NO_COMBAT_IN_MOVEMENT', rule: '6.14' },
    });
  });
});

describe('6.3 stacking', () => {
  it('6.32, 6.31, 6.33: at most two units may end in a hex; any number may pass through at no extra cost', () => {
    const f = world({
      friends: [
        ['0504', 'infantry'],
        ['0504', 'cavalry'],
      ],
    });
    expect(mp(f, ['0504'])).toBe('STACKING_LIMIT');
    expect(mp(f, ['0504', '0503'])).toBe('2');
    expect(destinations(f, 'union', 'm')).not.toContain('0504');
    expect(destinations(f, 'union', 'm')).toContain('0503');
  });
  it('6.32: a scenario may forbid stacking with a "no-stack" unit', () => {
    const f = world({ friends: [['0504', 'infantry']] });
    const g = setUp(
      testMap(),
      testScenario({
        units: [unit('m', 'union'), unit('r', 'union', 'infantry', { flags: ['no-stack'] })],
        placements: [
          { unit: 'm', hex: '0505' },
          { unit: 'r', hex: '0504' },
        ],
      }),
    );
    void f;
    expect(tryOrder(g, 'union', { type: 'move', unit: 'm', path: ['0504'] })).toMatchObject({
      ok: false,
      refusal: { code: 'STACKING_LIMIT' },
    });
  });
});

describe('2.4 and 11.11 movement allowances', () => {
  it('2.4: infantry and artillery have 6 MP, cavalry 8 (never less)', () => {
    expect(mp(world({}), ['0504', '0503', '0502', '0501', '0401', '0301', '0201'])).toBe(
      'EXCEEDS_ALLOWANCE',
    );
    expect(
      mp(world({ type: 'cavalry', mover: { movement: 5 } }), [
        '0506',
        '0507',
        '0508',
        '0509',
        '0510',
        '0410',
        '0310',
        '0210',
      ]),
    ).toBe('8');
  });
  it('11.11: at Night the Movement Allowance is reduced by one', () => {
    const f = world({ night: true });
    expect(mp(f, ['0504', '0503', '0502', '0501', '0401', '0301'])).toBe('EXCEEDS_ALLOWANCE');
    expect(mp(f, ['0504', '0503', '0502', '0501', '0401'])).toBe('5');
  });
});

describe('6.4 strategic movement', () => {
  const road = ['0510', '0509', '0508', '0507', '0506', '0505', '0504', '0503', '0502', '0501'];
  const sm = (f: ReturnType<typeof world>, path: string[]) => {
    const r = tryOrder(f, 'union', { type: 'strategic-move', unit: 'm', path });
    return r.ok
      ? (r.events.find((e) => e.type === 'strategic-moved') as unknown as { mp: string }).mp
      : r.refusal.code;
  };
  it('6.42: infantry adds two Movement Points along roads', () => {
    const f = world({ at: '0510', routes: [{ type: 'road', hexes: road }] });
    expect(sm(f, road.slice(1, 9))).toBe('8');
    expect(sm(f, road.slice(1, 10))).toBe('EXCEEDS_ALLOWANCE');
  });
  it('6.43: cavalry adds four Movement Points', () => {
    const f = world({ at: '0510', type: 'cavalry', routes: [{ type: 'road', hexes: road }] });
    expect(sm(f, road.slice(1))).toBe('9');
  });
  it('6.45: strategic movement only along routes', () => {
    expect(sm(world({ at: '0510' }), ['0509'])).toBe('STRATEGIC_OFF_ROUTE');
  });
  it('6.41: only units beginning three or more hexes from any Enemy unit', () => {
    expect(
      sm(world({ at: '0510', enemies: ['0508'], routes: [{ type: 'road', hexes: road }] }), [
        '0509',
      ]),
    ).toBe('STRATEGIC_NOT_ELIGIBLE');
  });
  it('6.44: never closer than three hexes to an Enemy unit', () => {
    expect(
      sm(
        world({ at: '0510', enemies: ['0701'], routes: [{ type: 'road', hexes: road }] }),
        road.slice(1, 9),
      ),
    ).toBe('STRATEGIC_NEAR_ENEMY');
  });
  it('6.46: at Night the bonus is one less', () => {
    const f = world({ at: '0510', night: true, routes: [{ type: 'road', hexes: road }] });
    expect(sm(f, road.slice(1, 7))).toBe('6');
    expect(sm(f, road.slice(1, 8))).toBe('EXCEEDS_ALLOWANCE');
  });
});

describe('legal orders list the movement phase', () => {
  it('6.0: legalOrders lists moves for every unit that may move, and end-phase', () => {
    const f = world({ enemies: ['0101'] });
    const orders = legalOrders(f.ctx, f.state, 'union');
    expect(orders.some((o) => o.type === 'end-phase')).toBe(true);
    expect(orders.filter((o) => o.type === 'move').length).toBeGreaterThan(50);
    expect(legalOrders(f.ctx, f.state, 'confederate')).toEqual([]);
  });
});

describe('12.17 town Disorder in the Movement Phase, over 12.14 and 12.15', () => {
  it('12.17: a unit entering a town is Disordered if in good order; a Disordered or Shaken one is not made worse (12.14, 12.15 "Exception: Case 12.17")', () => {
    for (const [before, after] of [
      ['good', 'disordered'],
      ['disordered', 'disordered'],
      ['shaken', 'shaken'],
    ] as const) {
      const f = setUp(
        testMap({ hexes: { '0504': { terrain: 'town' } } }),
        testScenario({
          units: [unit('m', 'union'), unit('e', 'confederate')],
          placements: [
            { unit: 'm', hex: '0505' },
            { unit: 'e', hex: '1010' },
          ],
          turns: 5,
        }),
      );
      f.state = {
        ...f.state,
        units: { ...f.state.units, m: { ...f.state.units.m, morale: before } },
      };
      f.state = play(f, 'union', { type: 'move', unit: 'm', path: ['0504'] });
      expect(f.state.units.m).toMatchObject({ hex: '0504', morale: after });
    }
  });
});
