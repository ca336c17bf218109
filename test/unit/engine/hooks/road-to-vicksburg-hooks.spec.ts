/**
 * Road to Vicksburg's exclusive rules as hooks, on the shipped scenario and
 * map with small sets of labelled test counters (the order of battle is on
 * the counters, 16.2): 17.1-17.5, 18.1-18.4, 19.11-19.15, 19.2, 19.3, 19.4,
 * 19.51-19.53, 19.61-19.63, 20.0-20.3, 21.2.
 */
import {
  applyOrder,
  legalOrders,
  newGame,
  notYetSupported,
  prepareGame,
  type GameContext,
} from '../../../../src/engine/game';
import { fixedDice } from '../../../../src/engine/dice';
import type { GameState, Order } from '../../../../src/engine/state';
import type { GameEvent, Placement, RuleHook, Side, UnitSpec } from '../../../../src/engine/types';
import { gameScenario } from '../../../../src/engine/scenario/counters';
import { freshMovementPhase } from '../../../../src/engine/rules/blue-grey/sequence-of-play';
import { victoryInputs } from '../../../../src/engine/rules/blue-grey/victory';
import { bombardRange } from '../../../../src/engine/rules/blue-grey/artillery';
import { unsupportedReason } from '../../../../src/engine/rules/hooks';
import { releaseOf } from '../../../../src/engine/rules/hooks/release-restrictions';
import { loadScenario } from '../../scenarios/support';

const { scenario: vicksburg, map: mapDoc } = loadScenario('road-to-vicksburg');
const declared = (c: string): RuleHook => vicksburg.specialRules.find((r) => r.case === c)!;

const u = (
  id: string,
  side: Side,
  type: UnitSpec['type'] = 'infantry',
  extra: Partial<UnitSpec> = {},
): UnitSpec => ({
  id,
  side,
  designation: id,
  type,
  strength: type === 'train' ? 0 : 4,
  size: type === 'infantry' ? 'brigade' : type === 'artillery' ? 'battery' : 'regiment',
  ...extra,
});

interface G {
  ctx: GameContext;
  state: GameState;
  /** The events of the last order played. */
  events?: GameEvent[];
}
/** A game of the shipped scenario with these counters placed. */
function game(units: UnitSpec[], placements: Placement[]): G {
  const options = { counters: { units, placements } };
  const scenario = gameScenario(vicksburg, options, mapDoc);
  const ctx = prepareGame(scenario, mapDoc);
  return { ctx, state: newGame(ctx, options, fixedDice([])) };
}
const at = (g: G, turn: number, phasing: Side, phase: 'movement' | 'combat' = 'movement'): G => ({
  ...g,
  state: {
    ...g.state,
    turn,
    phasing,
    phase,
    pending: null,
    movement: phase === 'movement' ? freshMovementPhase() : null,
  },
});
function play(g: G, side: Side, order: Order, rolls: number[] = []): G & { events: GameEvent[] } {
  const r = applyOrder(g.ctx, g.state, side, order, fixedDice(rolls, g.state.diceDrawn));
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.refusal)}`);
  return { ...g, state: r.state, events: r.events };
}
const tryOrder = (g: G, side: Side, order: unknown) =>
  applyOrder(g.ctx, g.state, side, order as Order, fixedDice([], g.state.diceDrawn));
const moves = (g: G, side: Side, id: string, type = 'move'): string[] => [
  ...new Set(
    legalOrders(g.ctx, g.state, side)
      .filter((o) => o.type === type && (o as { unit?: string }).unit === id)
      .map((o) => {
        const p = (o as unknown as { path: string[] }).path;
        return p[p.length - 1];
      }),
  ),
];
const dist = (g: G, a: string, b: string) => g.ctx.map.grid.distance(a, b);
const moveTo = (g: G, id: string, hex: string): G => ({
  ...g,
  state: { ...g.state, units: { ...g.state.units, [id]: { ...g.state.units[id], hex } } },
});

describe('Road to Vicksburg: which declarations the engine plays', () => {
  it('Road to Vicksburg: every exclusive rule it declares is implemented (games are not refused)', () => {
    expect(notYetSupported(vicksburg)).toEqual([]);
  });

  it('Road to Vicksburg 17.1, 19.4, 19.53: a declaration with a parameter the hook does not know is refused', () => {
    const bad = (c: string, extra: Record<string, unknown>) =>
      unsupportedReason({ ...declared(c), params: { ...declared(c).params, ...extra } });
    expect(bad('17.1', { restrict: { marchTowardGuns: true } })).toMatch(/marchTowardGuns/);
    expect(bad('19.4, 18.2', { divisionsPerStack: 1 })).toMatch(/divisionsPerStack/);
    expect(bad('19.52, 19.53', { counterattack: { units: ['a'] } })).toMatch(/two "units"/);
  });
});

describe("Road to Vicksburg 17.1, 17.2 Bowen's and Loring's divisions (immobile-until restrict)", () => {
  const units = [
    u('cs-green', 'confederate', 'infantry', { flags: ['division:bowen'] }),
    u('cs-cockrell', 'confederate', 'infantry', { flags: ['division:bowen'] }),
    u('cs-l', 'confederate', 'infantry', { flags: ['division:loring'] }),
    u('us-a', 'union'),
  ];
  const placements = [
    { unit: 'cs-green', hex: '1112' },
    { unit: 'cs-cockrell', hex: '1113' },
    { unit: 'cs-l', hex: '0917' },
    { unit: 'us-a', hex: '1409' },
  ];

  it('Road to Vicksburg 17.1: no Bowen unit moves more than two hexes from its initial position or into an Enemy Zone of Control until released', () => {
    const g = at(game(units, placements), 1, 'confederate');
    const to = moves(g, 'confederate', 'cs-green');
    expect(to.length).toBeGreaterThan(0);
    expect(to.every((h) => dist(g, '1112', h) <= 2)).toBe(true);
    // A Union unit two hexes off: the hexes next to it are in its Zone of Control.
    const near = moveTo(g, 'us-a', '1310');
    const zoc = near.ctx.map.grid.neighbours('1310');
    expect(moves(near, 'confederate', 'cs-green').filter((h) => zoc.includes(h))).toEqual([]);
    const refused = tryOrder(g, 'confederate', {
      type: 'move',
      unit: 'cs-green',
      path: ['1012', '0912', '0812'],
    });
    expect(refused.ok).toBe(false);
  });

  it('Road to Vicksburg 17.1 iv, 17.2 iv: released in their Movement Phase of Game-Turn 4 (Bowen) and 5 (Loring)', () => {
    const g4 = at(game(units, placements), 4, 'confederate');
    expect(moves(g4, 'confederate', 'cs-green').some((h) => dist(g4, '1112', h) > 2)).toBe(true);
    expect(moves(g4, 'confederate', 'cs-l').every((h) => dist(g4, '0917', h) <= 2)).toBe(true);
    const g5 = at(game(units, placements), 5, 'confederate');
    expect(moves(g5, 'confederate', 'cs-l').some((h) => dist(g5, '0917', h) > 2)).toBe(true);
    // Not before the Confederate Player-Turn of Game-Turn 4.
    expect(releaseOf(at(game(units, placements), 4, 'union').state, '17.1')).toBeNull();
  });

  it('Road to Vicksburg 17.1 iii: a 6 rolled as the Confederate Movement Phase of Game-Turn 3 begins releases Bowen, another roll does not', () => {
    for (const [roll, released] of [
      [6, true],
      [5, false],
    ] as const) {
      const g = at(game(units, placements), 3, 'union', 'combat');
      const r = play(
        { ...g, state: { ...g.state, combat: null } },
        'union',
        { type: 'end-phase' },
        [roll],
      );
      expect(r.state.phasing).toBe('confederate');
      expect(
        r.events.some((e) => e.type === 'die-rolled' && e.rule === '17.1' && e.roll === roll),
      ).toBe(true);
      expect(releaseOf(r.state, '17.1') !== null).toBe(released);
      expect(releaseOf(r.state, '17.2')).toBeNull(); // Loring rolls on Game-Turn 4
    }
  });

  it('Road to Vicksburg 17.1 ii, 17.2 i: an adjacent Union attack on a Loring unit releases both divisions', () => {
    let g = game(units, [...placements.slice(0, 3), { unit: 'us-a', hex: '0916' }]);
    g = at(g, 1, 'union');
    g = play(g, 'union', { type: 'end-phase' }, [1, 1, 1, 1]);
    g = play(
      g,
      'union',
      { type: 'attack', attackers: ['us-a'], defenders: ['0917'] },
      [1, 1, 1, 1, 1],
    );
    expect(releaseOf(g.state, '17.1')).not.toBeNull();
    expect(releaseOf(g.state, '17.2')).not.toBeNull();
  });
});

describe('Road to Vicksburg 17.3, 17.4 the Union 9th and 14th Divisions', () => {
  const units = [
    u('us-9-1', 'union', 'infantry', { flags: ['division:9'] }),
    u('us-9-2', 'union', 'infantry', { flags: ['division:9'] }),
    u('us-1-wisconsin', 'union', 'artillery', { flags: ['division:9'] }),
    u('us-14', 'union', 'infantry', { flags: ['division:14'] }),
    u('cs-jacksons-force', 'confederate'),
    u('cs-x', 'confederate'),
  ];
  const placements = [
    { unit: 'us-9-1', hex: '1810' },
    { unit: 'us-9-2', hex: '1811' },
    { unit: 'us-1-wisconsin', hex: '1911' },
    { unit: 'us-14', hex: '1910' },
    { unit: 'cs-jacksons-force', hex: '1510' },
    { unit: 'cs-x', hex: '1005' },
  ];

  it('Road to Vicksburg 17.3 i: until released the 9th Division attacks at half Combat Strength', () => {
    let g = moveTo(game(units, placements), 'us-9-1', '1610');
    g = at(g, 1, 'union');
    g = play(g, 'union', { type: 'end-phase' }, [1]);
    g = play(
      g,
      'union',
      { type: 'attack', attackers: ['us-9-1'], defenders: ['1510'] },
      [1, 1, 1, 1],
    );
    const resolved = g.events!.find((e) => e.type === 'combat-resolved') as unknown as {
      strengths: { perAttacker: Record<string, number> };
    };
    // 4 CSP halved (17.3 i) — across no creek or bridge here.
    expect(resolved.strengths.perAttacker['us-9-1']).toBe(2);
  });

  it('Road to Vicksburg 17.3 ii: the 2nd brigade and the 1st Wisconsin enter no Enemy Zone of Control before Game-Turn 4; the 1st brigade may', () => {
    const g = at(game(units, placements), 1, 'union');
    const zoc = g.ctx.map.grid.neighbours('1510');
    expect(moves(g, 'union', 'us-9-2').filter((h) => zoc.includes(h))).toEqual([]);
    expect(moves(g, 'union', 'us-9-1').some((h) => zoc.includes(h))).toBe(true);
    const g4 = at(game(units, placements), 4, 'union');
    expect(moves(g4, 'union', 'us-9-2').some((h) => zoc.includes(h))).toBe(true);
  });

  it('Road to Vicksburg 17.3 ii b: from the Union Movement Phase after the 1st brigade suffers Ae or Ar, the 2nd brigade may enter an Enemy Zone of Control', () => {
    let g = moveTo(game(units, placements), 'us-9-1', '1610');
    g = play(at(g, 1, 'union'), 'union', { type: 'end-phase' }, [1]);
    // 2 (halved) against 4: 1:2, a 3 is Ar.
    g = play(
      g,
      'union',
      { type: 'attack', attackers: ['us-9-1'], defenders: ['1510'] },
      [3, 1, 1, 1],
    );
    expect(g.events!.some((e) => e.type === 'combat-resolved' && e.result === 'Ar')).toBe(true);
    expect(g.events!.some((e) => e.type === 'restriction-result-noted')).toBe(true);
    const zoc = g.ctx.map.grid.neighbours('1510');
    const next = at({ ...g, state: { ...g.state, pending: null, combat: null } }, 2, 'union');
    expect(moves(next, 'union', 'us-9-2').some((h) => zoc.includes(h))).toBe(true);
    // The 14th (17.4) is not freed by it.
    expect(moves(next, 'union', 'us-14').filter((h) => zoc.includes(h))).toEqual([]);
  });

  it('Road to Vicksburg 17.3 i (release): a 9th Division unit attacked by a Confederate unit before any of the division attacked releases it; not after', () => {
    const start = moveTo(game(units, placements), 'us-9-1', '1610');
    let g = play(at(start, 1, 'confederate'), 'confederate', { type: 'end-phase' }, [1]);
    g = play(
      g,
      'confederate',
      { type: 'attack', attackers: ['cs-jacksons-force'], defenders: ['1610'] },
      [1, 1, 1, 1],
    );
    expect(releaseOf(g.state, '17.3')).not.toBeNull();
    // Once the division has attacked (adjacent), being attacked releases nothing.
    let h = play(at(start, 1, 'union'), 'union', { type: 'end-phase' }, [1]);
    h = play(
      h,
      'union',
      { type: 'attack', attackers: ['us-9-1'], defenders: ['1510'] },
      [1, 1, 1, 1],
    );
    const back = moveTo(
      { ...h, state: { ...h.state, pending: null, combat: null } },
      'us-9-1',
      '1610',
    );
    let c = play(at(back, 1, 'confederate'), 'confederate', { type: 'end-phase' }, [1]);
    c = play(
      c,
      'confederate',
      { type: 'attack', attackers: ['cs-jacksons-force'], defenders: ['1610'] },
      [1, 1, 1, 1],
    );
    expect(releaseOf(c.state, '17.3')).toBeNull();
  });

  it('Road to Vicksburg 17.4: the 14th Division enters no Enemy Zone of Control until released', () => {
    const g = at(game(units, placements), 2, 'union');
    const zoc = g.ctx.map.grid.neighbours('1510');
    expect(moves(g, 'union', 'us-14').filter((h) => zoc.includes(h))).toEqual([]);
  });

  it("Road to Vicksburg 17.3 ii (release): when Jackson's force and its Zone of Control no longer block the Middle Road east of Jackson's Creek at the end of a Confederate Player-Turn, both divisions are released", () => {
    const blocked = play(at(game(units, placements), 1, 'confederate', 'combat'), 'confederate', {
      type: 'end-phase',
    });
    expect(releaseOf(blocked.state, '17.3')).toBeNull();
    const gone = play(
      at(moveTo(game(units, placements), 'cs-jacksons-force', '1005'), 1, 'confederate', 'combat'),
      'confederate',
      { type: 'end-phase' },
    );
    expect(releaseOf(gone.state, '17.3')).not.toBeNull();
    expect(releaseOf(gone.state, '17.4')).not.toBeNull();
    expect(releaseOf(gone.state, '17.3 ii')).not.toBeNull(); // ii c: with the division
  });

  it("Road to Vicksburg 17.3: with no Jackson's force in the game nothing blocks the road, so the release comes at the end of the first Confederate Player-Turn", () => {
    const g = game(
      units.filter((x) => x.id !== 'cs-jacksons-force'),
      placements.slice(0, 4).concat([{ unit: 'cs-x', hex: '1005' }]),
    );
    const r = play(at(g, 1, 'confederate', 'combat'), 'confederate', { type: 'end-phase' });
    expect(releaseOf(r.state, '17.3')).not.toBeNull();
  });

  it('Road to Vicksburg 17.3 iv: otherwise released in the Union Movement Phase of Game-Turn 6', () => {
    const g = at(game(units, placements), 6, 'union');
    const zoc = g.ctx.map.grid.neighbours('1510');
    expect(moves(g, 'union', 'us-14').some((h) => zoc.includes(h))).toBe(true);
  });
});

describe('Road to Vicksburg 17.5 the 2nd Ohio battery', () => {
  const units = [u('us-2-ohio', 'union', 'artillery'), u('cs-a', 'confederate')];
  it('Road to Vicksburg 17.5: it cannot move until a Confederate unit ends a Confederate Player-Turn within three hexes of its set-up hex', () => {
    const far = game(units, [
      { unit: 'us-2-ohio', hex: '1719' },
      { unit: 'cs-a', hex: '1115' },
    ]);
    expect(moves(at(far, 1, 'union'), 'union', 'us-2-ohio')).toEqual([]);
    const r = play(at(moveTo(far, 'cs-a', '1419'), 1, 'confederate', 'combat'), 'confederate', {
      type: 'end-phase',
    });
    expect(releaseOf(r.state, '17.5')).not.toBeNull();
    expect(moves(r, 'union', 'us-2-ohio').length).toBeGreaterThan(0);
    // ii: otherwise from the Union Movement Phase of Game-Turn 5.
    expect(moves(at(far, 5, 'union'), 'union', 'us-2-ohio').length).toBeGreaterThan(0);
  });
});

describe('Road to Vicksburg 18.1-18.4 the Union Train (train-unit)', () => {
  const units = [
    u('us-train', 'union', 'train', { strength: 0 }),
    u('us-a', 'union'),
    u('cs-a', 'confederate'),
    u('cs-gun', 'confederate', 'artillery'),
  ];
  const placements = [
    { unit: 'us-train', hex: '1902' },
    { unit: 'us-a', hex: '1902' },
    { unit: 'cs-a', hex: '1105' },
    { unit: 'cs-gun', hex: '1305' },
  ];

  it('Road to Vicksburg 18.4: immobile until a Confederate unit is within three hexes at the end of a Game-Turn, then one hex a Game-Turn along a road', () => {
    const g = game(units, placements);
    expect(moves(at(g, 1, 'union'), 'union', 'us-train')).toEqual([]);
    const near = play(at(moveTo(g, 'cs-a', '1703'), 1, 'confederate', 'combat'), 'confederate', {
      type: 'end-phase',
    });
    expect(
      near.events.some((e) => e.type === 'immobility-released' && e.rule === '18.1-18.4'),
    ).toBe(true);
    const to = moves(near, 'union', 'us-train');
    expect(to).toEqual(['1802']); // the Jackson Road's next hex only
    // Its first move off the set-up hex scores the Confederate 5 VP (21.3).
    const moved = play(at(near, 2, 'union'), 'union', {
      type: 'move',
      unit: 'us-train',
      path: ['1802'],
    });
    expect(victoryInputs(moved.ctx, moved.state).events).toContain('union-train-moved');
  });

  it('Road to Vicksburg 18.2: it does not count against the stacking limit; 18.3: alone in an Enemy Zone of Control it is eliminated', () => {
    const g = game(units, placements);
    expect(g.ctx.hooks.some((h) => h.noCombatPresence?.(g.ctx, 'us-train'))).toBe(true);
    // The stack leaves; a Confederate unit next to the Train left alone eliminates it at once.
    let s = at(moveTo(moveTo(g, 'cs-a', '1802'), 'us-a', '1702'), 1, 'union');
    s = play(s, 'union', { type: 'end-phase' }, [1, 1, 1]);
    expect(s.state.units['us-train'].status).toBe('eliminated');
  });

  it('Road to Vicksburg 18.3: an enemy unit moving past the Train left alone (it is no obstacle) eliminates it', () => {
    const g = game(units, [
      { unit: 'us-train', hex: '1902' },
      { unit: 'us-a', hex: '1702' },
      { unit: 'cs-a', hex: '1704' },
      { unit: 'cs-gun', hex: '1105' },
    ]);
    // 1903 is next to the Train's 1902; 1904, where the move ends, is not.
    const r = play(at(g, 1, 'confederate'), 'confederate', {
      type: 'move',
      unit: 'cs-a',
      path: ['1803', '1903', '1904'],
    });
    expect(r.state.units['us-train'].status).toBe('eliminated');
  });

  it('Road to Vicksburg 18.1, 21.3: each Game-Turn Confederate artillery bombards its stack scores 5 VP once; moving off its set-up hex 5 VP; eliminated 50 VP', () => {
    let g = at(moveTo(g0(), 'cs-gun', '1804'), 2, 'confederate');
    g = play(g, 'confederate', { type: 'end-phase' }, [1]);
    g = play(
      g,
      'confederate',
      { type: 'attack', attackers: [], bombard: ['cs-gun'], defenders: ['1902'] },
      [1, 1, 1, 1],
    );
    const inputs = victoryInputs(g.ctx, g.state);
    expect(inputs.events!.filter((e) => e === 'union-train-bombarded')).toHaveLength(1);
    expect(g.state.units['us-train'].status).toBe('on-map');
    function g0() {
      return game(units, placements);
    }
  });
});

describe("Road to Vicksburg 19.11-19.15 Jackson's and Baker's Creeks (terrain-override)", () => {
  it("Road to Vicksburg 19.11, 19.14: Jackson's Creek is drawn as stream hexsides (Zones of Control cross it, an attack across it is halved)", () => {
    const p = declared('19.11, 19.14').params!;
    expect(p).toEqual({ creek: "Jackson's Creek", drawnAs: 'stream', appliedInMapData: true });
    expect(
      mapDoc.hexsides.filter((s) => s.features.some((f) => f.type === 'stream')).length,
    ).toBeGreaterThan(10);
  });

  it("Road to Vicksburg 19.12, 19.13: artillery crosses Jackson's Creek only at a bridge or ford, and keeps to the road in the woods east of it near the Middle Road", () => {
    const g = at(
      game(
        [u('us-gun', 'union', 'artillery'), u('us-inf', 'union'), u('cs-a', 'confederate')],
        [
          { unit: 'us-gun', hex: '1510' },
          { unit: 'us-inf', hex: '1508' },
          { unit: 'cs-a', hex: '0203' },
        ],
      ),
      6,
      'union',
    );
    const gun = moves(g, 'union', 'us-gun');
    // From 1510 on the Middle Road: along the road (over its bridge), never off it into the woods beside it.
    expect(gun).toContain('1409');
    const woods = declared('19.12, 19.13').params!.offRoadForbiddenIn as string[];
    const road = mapDoc.routes.flatMap((r) => r.hexes);
    expect(gun.filter((h) => woods.includes(h) && !road.includes(h))).toEqual([]);
    // Across the creek only at a bridge or ford: 1502 to 1401 is a plain creek hexside, 1502 to 1402 a ford.
    const hook = g.ctx.hooks.find((h) => h.case === '19.12, 19.13')!;
    const step = hook.stepForbidden!(g.ctx, g.state, g.state.units['us-gun'])!;
    expect(step('1502', '1401', false)?.code).toBe('PROHIBITED_HEXSIDE');
    expect(step('1502', '1402', false)).toBeNull();
    expect(hook.stepForbidden!(g.ctx, g.state, g.state.units['us-inf'])).toBeNull();
    // Infantry wades across the creek (a stream) anywhere.
    expect(moves(g, 'union', 'us-inf')).toContain('1408');
  });

  it("Road to Vicksburg 19.15: a Zone of Control across a Baker's Creek bridge obliges no attack", () => {
    const g = game(
      [u('us-a', 'union'), u('cs-a', 'confederate')],
      [
        { unit: 'us-a', hex: '0607' },
        { unit: 'cs-a', hex: '0507' },
      ],
    );
    const r = play(at(g, 6, 'union'), 'union', { type: 'end-phase' }, [1]);
    expect(r.events.some((e) => e.type === 'attacks-required')).toBe(false);
    // The attack may still be made.
    const attack = applyOrder(
      r.ctx,
      r.state,
      'union',
      { type: 'attack', attackers: ['us-a'], defenders: ['0507'] } as Order,
      fixedDice([1, 1, 1, 1, 1], r.state.diceDrawn),
    );
    expect(attack.ok ? null : attack.refusal).toBeNull();
  });
});

describe('Road to Vicksburg 19.2, 19.3, 19.4', () => {
  const units = [
    u('us-gun', 'union', 'artillery'),
    u('us-b1', 'union'),
    u('us-b2', 'union'),
    u('us-train', 'union', 'train', { strength: 0 }),
    u('cs-gun', 'confederate', 'artillery'),
  ];
  const placements = [
    { unit: 'us-gun', hex: '1811' },
    { unit: 'us-b1', hex: '1810' },
    { unit: 'us-b2', hex: '1710' },
    { unit: 'us-train', hex: '1810' },
    { unit: 'cs-gun', hex: '0205' },
  ];

  it('Road to Vicksburg 19.2: Union artillery has a Range of four hexes, Confederate three', () => {
    const g = game(units, placements);
    expect(bombardRange(g.ctx, 'us-gun')).toBe(4);
    expect(bombardRange(g.ctx, 'cs-gun')).toBe(3);
  });

  it('Road to Vicksburg 19.2: Union artillery may not bombard after using Strategic Movement', () => {
    const g = game(units, placements);
    const hook = g.ctx.hooks.find((h) => h.case === '19.2')!;
    const s = at(g, 2, 'union', 'combat').state;
    const after = hook.afterOrder!(g.ctx, s, s, [{ type: 'strategic-moved', unit: 'us-gun' }])!;
    expect(hook.bombardRefusal!(g.ctx, after.state, after.state.units['us-gun'])?.code).toBe(
      'STRATEGIC_MOVEMENT_USED',
    );
    expect(hook.bombardRefusal!(g.ctx, s, s.units['us-gun'])).toBeNull();
  });

  it('Road to Vicksburg 19.3: units exit only at the road exits 0108, 0119, 1902, 1911, 1920', () => {
    expect(declared('19.3').params!.hexes).toEqual(['0108', '0119', '1902', '1911', '1920']);
    const g = at(game(units, placements), 1, 'union');
    const exits = legalOrders(g.ctx, g.state, 'union').filter((o) => o.type === 'exit');
    expect(exits.length).toBeGreaterThan(0);
    for (const o of exits) {
      const p = (o as unknown as { path: string[] }).path;
      const last = p.length ? p[p.length - 1] : g.state.units[(o as { unit?: string }).unit!].hex;
      expect(['0108', '0119', '1902', '1911', '1920']).toContain(last);
    }
  });

  it('Road to Vicksburg 19.4, 18.2: at most one brigade-sized unit a hex (artillery and the Train aside)', () => {
    const g = at(game(units, placements), 1, 'union');
    expect(moves(g, 'union', 'us-b2')).not.toContain('1810');
    expect(moves(g, 'union', 'us-gun')).toContain('1810');
  });
});

describe("Road to Vicksburg 19.51-19.53, 19.61-19.63 Bowen's Counterattack", () => {
  const units = [
    u('cs-green', 'confederate', 'infantry', { flags: ['division:bowen'], reducedStrength: 2 }),
    u('cs-cockrell', 'confederate', 'infantry', { flags: ['division:bowen'], reducedStrength: 2 }),
    u('us-a', 'union', 'infantry', { strength: 1 }),
    u('us-b', 'union', 'infantry', { strength: 1 }),
  ];
  const placements = [
    { unit: 'cs-green', hex: '1112' },
    { unit: 'cs-cockrell', hex: '1113' },
    { unit: 'us-a', hex: '1902' },
    { unit: 'us-b', hex: '1212' },
  ];

  it('Road to Vicksburg 19.51: on the Game-Turn Bowen is released its brigades have a Movement Allowance of nine (not strategically)', () => {
    const g = at(game(units, placements), 4, 'confederate');
    const released = play(g, 'confederate', { type: 'end-phase' }).state; // any order records the release
    expect(releaseOf(released, '17.1')?.turn).toBe(4);
    const hook = g.ctx.hooks.find((h) => h.case === '19.51')!;
    const st = { ...released, phasing: 'confederate' as Side, turn: 4 };
    expect(hook.movementAllowance!(g.ctx, st, st.units['cs-green'], 18, false)).toBe(27);
    expect(hook.movementAllowance!(g.ctx, st, st.units['cs-green'], 18, true)).toBeNull();
    expect(
      hook.movementAllowance!(g.ctx, { ...st, turn: 5 }, st.units['cs-green'], 18, false),
    ).toBeNull();
  });

  it('Road to Vicksburg 19.52, 19.53 i-iii: attacking together, stacked or adjacent, Green and Cockrell are tripled, the die is reduced by one, and each may advance up to four hexes', () => {
    let g = at(game(units, placements), 4, 'confederate', 'combat');
    g = { ...g, state: { ...g.state, combat: null } };
    g = at(g, 4, 'confederate');
    g = play(g, 'confederate', { type: 'end-phase' }, [1]);
    // One combat of both against 1212 (adjacent to both).
    g = play(
      g,
      'confederate',
      { type: 'attack', attackers: ['cs-green', 'cs-cockrell'], defenders: ['1212'] },
      [6, 6, 6, 6, 6, 6],
    );
    const resolved = g.events!.find((e) => e.type === 'combat-resolved') as unknown as {
      strengths: { perAttacker: Record<string, number> };
      modifiers: Array<{ modifier: number; case: string }>;
    };
    expect(resolved.strengths.perAttacker['cs-green']).toBe(12);
    expect(resolved.strengths.perAttacker['cs-cockrell']).toBe(12);
    expect(resolved.modifiers).toContainEqual({ modifier: -1, case: '19.52, 19.53' });
    expect(g.events!.some((e) => e.type === 'bowens-counterattack')).toBe(true);
    // Advance into the vacated hex, then on, hex by hex, until stopped.
    expect(g.state.pending?.kind).toBe('advance');
    g = play(g, 'confederate', {
      type: 'advance',
      unit: 'cs-green',
      to: '1212',
    } as unknown as Order);
    expect(g.state.pending?.kind).toBe('advance-on');
    const next = (g.state.pending!.hexes as string[]).find((h) => h !== '1112')!;
    g = play(g, 'confederate', { type: 'advance', unit: 'cs-green', to: next } as unknown as Order);
    expect(g.state.units['cs-green'].hex).toBe(next);
    expect(g.events!.some((e) => e.type === 'bowens-counterattack' && e.dieModifier === -1)).toBe(
      true,
    );
    expect(g.state.pending?.kind).toBe('advance-on');
    g = play(g, 'confederate', { type: 'stop-advance', unit: 'cs-green' } as unknown as Order);
    expect(g.state.pending?.kind).not.toBe('advance-on');
  });

  it('Road to Vicksburg 19.61-19.63: the Confederate Movement Phase after the counterattack a die (less the advance modifier) may put them Out of Ammo: reduced strength in combat, printed strength for Victory Points', () => {
    const g = game(units, placements);
    const hook = g.ctx.hooks.find((h) => h.case === '19.61-19.63')!;
    let s = at(g, 4, 'confederate', 'combat').state;
    s = hook.afterOrder!(g.ctx, s, s, [
      { type: 'bowens-counterattack' },
      { type: 'bowens-counterattack', dieModifier: -2 },
    ])!.state;
    const next = { ...s, turn: 5, phase: 'movement' as const, phasing: 'confederate' as Side };
    const r = hook.afterOrder!(g.ctx, s, next, [], fixedDice([4]))!;
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'die-rolled',
        roll: 4,
        modifier: -2,
        modified: 2,
        depleted: true,
      }),
    );
    const combat = { attackers: ['cs-green'] } as never;
    expect(hook.strengthBonus!(g.ctx, r.state, combat, 'cs-green')).toBe(-2);
    expect(r.state.units['cs-green'].strength).toBe(4); // 19.63: Victory Points read 4
    const spared = hook.afterOrder!(g.ctx, s, next, [], fixedDice([5]))!;
    expect(hook.strengthBonus!(g.ctx, spared.state, combat, 'cs-green')).toBe(0);
  });
});

describe('Road to Vicksburg 20.0-20.3 Lines of Communication, 21.2 control', () => {
  const units = [
    u('us-a', 'union'),
    u('cs-a', 'confederate'),
    u('cs-b', 'confederate'),
    u('cs-c', 'confederate'),
  ];

  it('Road to Vicksburg 20.1, 20.2: a Union unit cut off by Enemy units and Zones of Control counts as eliminated; one with a line does not', () => {
    const free = game(units, [
      { unit: 'us-a', hex: '1710' },
      { unit: 'cs-a', hex: '0203' },
      { unit: 'cs-b', hex: '0204' },
      { unit: 'cs-c', hex: '0205' },
    ]);
    expect(victoryInputs(free.ctx, free.state).withoutLineOfCommunication).toEqual({
      union: 0,
      confederate: 0,
    });
    // Surrounded in 0105 at the west edge by Confederate units whose Zones of Control close every way east.
    const cut = game(units, [
      { unit: 'us-a', hex: '0104' },
      { unit: 'cs-a', hex: '0203' },
      { unit: 'cs-b', hex: '0205' },
      { unit: 'cs-c', hex: '0106' },
    ]);
    expect(victoryInputs(cut.ctx, cut.state).withoutLineOfCommunication!.union).toBe(4);
  });

  it('Road to Vicksburg 20.0, 21.3: a line from the exit hexes 0108/0119 is reported for the Union exit points', () => {
    const g = game(units, [
      { unit: 'us-a', hex: '1710' },
      { unit: 'cs-a', hex: '0203' },
      { unit: 'cs-b', hex: '0204' },
      { unit: 'cs-c', hex: '0118' },
    ]);
    const events = victoryInputs(g.ctx, g.state).events!;
    expect(events).toContain('line-of-communication-from-exit:union:0108');
    expect(events).not.toContain('line-of-communication-from-exit:union:0119');
    // A Union unit that exited at 0119, from where no line runs, counts as eliminated (20.0).
    const exitedThere = {
      ...g.state,
      units: {
        ...g.state.units,
        'us-a': { ...g.state.units['us-a'], status: 'exited', hex: null },
      },
      hookState: {
        ...g.state.hookState,
        'map-exit:19.3': {
          exits: [
            { unit: 'us-a', side: 'union', hex: '0119', type: 'infantry', strength: 4, turn: 9 },
          ],
          tallies: [],
        },
      },
    } as GameState;
    expect(victoryInputs(g.ctx, exitedThere).withoutLineOfCommunication!.union).toBe(4);
  });

  it('Road to Vicksburg 20.3: Confederate units trace to road hexes on the east or west edge it controls', () => {
    const g = game(units, [
      { unit: 'us-a', hex: '1710' },
      { unit: 'cs-a', hex: '1309' },
      { unit: 'cs-b', hex: '0204' },
      { unit: 'cs-c', hex: '0118' },
    ]);
    expect(victoryInputs(g.ctx, g.state).withoutLineOfCommunication!.confederate).toBe(0);
  });

  it('Road to Vicksburg 21.2: the last to occupy, or an uncontested Zone of Control, controls; both Zones of Control make it nobody’s; 1309 is tallied each Game-Turn', () => {
    let g = game(units, [
      { unit: 'us-a', hex: '1510' },
      { unit: 'cs-a', hex: '1005' },
      { unit: 'cs-b', hex: '0204' },
      { unit: 'cs-c', hex: '0118' },
    ]);
    expect(g.state.objectives['1309']).toBe('confederate');
    g = at(g, 1, 'union');
    g = play(g, 'union', { type: 'move', unit: 'us-a', path: ['1409'] });
    // 1309 now in the Union Zone of Control alone.
    expect(g.state.objectives['1309']).toBe('union');
    g = at(moveTo(g, 'cs-a', '1207'), 1, 'confederate');
    g = play(g, 'confederate', { type: 'move', unit: 'cs-a', path: ['1208'] });
    expect(g.state.objectives['1309']).toBeNull();
    g = play(at(g, 1, 'confederate', 'combat'), 'confederate', { type: 'end-phase' });
    const tallies = victoryInputs(g.ctx, g.state).controlTallies!;
    expect(tallies).toEqual([{ turn: 1, controlled: { '1309': null } }]);
  });
});
