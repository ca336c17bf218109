/**
 * Hooker and Lee's exclusive rules through the engine, on the shipped
 * scenario and map: map-exit (18.11, 18.12, 18.21), flank-march
 * (18.22-18.27), edge-zone-prohibition (19.13), crossing-release-roll
 * (19.14), stacking-override (19.21-19.23) and army-demoralization (20.1,
 * 20.2, feeding 21.3). The movement quota (19.11, 19.12) is the
 * movement-quota hook's, tested in movement-quota.spec.ts.
 */
import {
  applyOrder,
  legalOrders,
  newGame,
  prepareGame,
  type GameContext,
} from '../../../../src/engine/game';
import { fixedDice } from '../../../../src/engine/dice';
import type { GameState, Order } from '../../../../src/engine/state';
import type { GameEvent, HexId, Side } from '../../../../src/engine/types';
import {
  evaluateVictory,
  victoryInputs,
  victoryPoints,
} from '../../../../src/engine/rules/blue-grey/victory';
import { combatGame } from '../../../../src/engine/rules/blue-grey/combat.fixtures';
import { withHookState } from '../../../../src/engine/rules/hooks/hook-state';
import { edgeZone } from '../../../../src/engine/rules/hooks/edge-zone-prohibition';
import { unsupportedHooks, type MovementHook } from '../../../../src/engine/rules/hooks';
import { loadScenario, movementPhaseAt, orderPlay } from '../../scenarios/support';

const { scenario, map } = loadScenario('hooker-and-lee');
const rule = (hook: string, i = 0) => scenario.specialRules.filter((r) => r.hook === hook)[i];
const ctx: GameContext = prepareGame(scenario, map);
const start = newGame(ctx, {}, fixedDice([]));
const hookOf = (name: string): MovementHook => ctx.hooks.find((h) => h.hook === name)!;

/** The start position at the beginning of `side`'s Movement Phase of Game-Turn `turn`, units moved as given. */
const at = (
  turn: number,
  side: Side,
  placed: Record<string, HexId | null> = {},
  base: GameState = start,
): GameState => movementPhaseAt(ctx, base, turn, side, placed);
const { orders, accepted, refusalOf } = orderPlay(ctx);
const ends = (os: Order[]) =>
  os.map((o) => {
    const p = (o as unknown as { path: HexId[] }).path;
    return p[p.length - 1];
  });

describe('Hooker and Lee: every declared special rule is implemented', () => {
  it('Hooker and Lee 18.0-20.0: no hook of the scenario is refused, so games of it are created', () => {
    expect(unsupportedHooks(scenario)).toEqual([]);
    expect(start).toMatchObject({ turn: 1, phase: 'movement', phasing: 'confederate' });
  });
});

describe('Hooker and Lee 18.1, 18.2 exiting the map (map-exit, one declaration per side)', () => {
  it('Hooker and Lee 18.11: a Union unit exits at 1501 for 1 MP and scores 1 VP per CSP (21.12); it is exited, not eliminated', () => {
    // It moved in earlier, so the Union holds 1501 (21.12's 15 VP) and keeps it after leaving (last to occupy).
    const s = {
      ...at(1, 'union', { 'us-2-v': '1501' }),
      objectives: { ...start.objectives, '1501': 'union' as Side },
    };
    expect(orders(s, 'union', 'exit', 'us-2-v')).toContainEqual({
      type: 'exit',
      unit: 'us-2-v',
      path: [],
    });
    const before = victoryPoints(ctx, s, 'union');
    const r = accepted(s, 'union', { type: 'exit', unit: 'us-2-v', path: [] });
    expect(r.state.units['us-2-v']).toMatchObject({ status: 'exited', hex: null });
    expect(r.state.eliminatedStrength.union).toBe(0);
    expect(victoryPoints(ctx, r.state, 'union') - before).toBe(9);
  });

  it('Hooker and Lee 18.11: not while the exit hex is controlled by a Confederate unit, and never elsewhere (18.12)', () => {
    const s = at(1, 'union', { 'us-2-v': '1501', 'cs-wright-a': '1502' });
    expect(ctx.map.grid.adjacent('1501', '1502')).toBe(true);
    expect(orders(s, 'union', 'exit', 'us-2-v')).toEqual([]);
    const t = at(1, 'union', { 'us-2-v': '1601' });
    expect(refusalOf(t, 'union', { type: 'exit', unit: 'us-2-v', path: [] })).toMatchObject({
      code: 'EXIT_NOT_ALLOWED',
    });
  });

  it('Hooker and Lee 18.21: a Confederate unit exits through 2001 by the second declaration; no VP for it', () => {
    const s = at(1, 'confederate', { 'cs-wright-a': '2001' });
    expect(orders(s, 'confederate', 'exit', 'cs-wright-a')).toContainEqual({
      type: 'exit',
      unit: 'cs-wright-a',
      path: [],
    });
    const before = victoryPoints(ctx, s, 'union');
    const r = accepted(s, 'confederate', { type: 'exit', unit: 'cs-wright-a', path: [] });
    expect(r.state.units['cs-wright-a'].status).toBe('exited');
    expect(victoryPoints(ctx, r.state, 'union')).toBe(before);
    expect(victoryPoints(ctx, r.state, 'confederate')).toBe(victoryPoints(ctx, s, 'confederate'));
  });

  it('Hooker and Lee 18.21: a refused Confederate exit is answered by the Confederate declaration (the exit hexes), not the Union one', () => {
    const s = at(1, 'confederate', { 'cs-wright-a': '2003' });
    const r = refusalOf(s, 'confederate', { type: 'exit', unit: 'cs-wright-a', path: [] });
    expect(r).toMatchObject({ code: 'EXIT_NOT_ALLOWED', rule: '18.21' });
    expect(r.message).toContain('1501');
  });

  it('Hooker and Lee 18.21, 18.12: forced off the map with no retreat left, a Confederate unit in an exit hex is exited, a Union one is not (8.72 eliminates it)', () => {
    const [unionExit, confExit] = ctx.hooks.filter((h) => h.hook === 'map-exit');
    const s = at(2, 'union', { 'cs-wright-a': '2101', 'us-2-v': '1501' });
    const r = confExit.retreatOffMap!(ctx, s, 'cs-wright-a')!;
    expect(r.state.units['cs-wright-a']).toMatchObject({ status: 'exited', hex: null });
    expect(r.state.eliminatedStrength.confederate).toBe(0);
    expect(r.events[0]).toMatchObject({
      type: 'exited-map',
      unit: 'cs-wright-a',
      forced: true,
      rule: '18.21',
    });
    expect(
      confExit.retreatOffMap!(ctx, at(2, 'union', { 'cs-wright-a': '2102' }), 'cs-wright-a'),
    ).toBeNull();
    expect(unionExit.retreatOffMap!(ctx, s, 'us-2-v')).toBeNull();
  });
});

describe("Hooker and Lee 18.22-18.27 Jackson's flank march (flank-march)", () => {
  const KEY = 'flank-march:18.22-18.27';

  it('Hooker and Lee 18.22, 18.23: on Game-Turn 1 a unit marches off at 2518 and waits off the map for Game-Turn 4', () => {
    const listed = orders(start, 'confederate', 'flank-march', 'cs-1-f-lee-s');
    expect(ends(listed).every((h) => h === '2518' || h === '2514')).toBe(true);
    const order = listed.find((o) => ends([o])[0] === '2518')!;
    const r = accepted(start, 'confederate', order);
    expect(r.state.units['cs-1-f-lee-s']).toMatchObject({ status: 'pending', hex: null });
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'exited-map',
        unit: 'cs-1-f-lee-s',
        hex: '2518',
        returnsOnTurn: 4,
        rule: '18.22-18.27',
      }),
    );
    expect(r.state.hookState[KEY]).toEqual({
      exits: [{ unit: 'cs-1-f-lee-s', hex: '2518', turn: 1 }],
    });
    // Not before Game-Turn 4 (18.23).
    const gt3 = at(3, 'confederate', {}, r.state);
    expect(orders(gt3, 'confederate', 'enter', 'cs-1-f-lee-s')).toEqual([]);
    expect(
      refusalOf(gt3, 'confederate', {
        type: 'enter',
        unit: 'cs-1-f-lee-s',
        hex: '1728',
        path: ['1728'],
      }),
    ).toMatchObject({ code: 'REINFORCEMENT_NOT_YET' });
  });

  it('Hooker and Lee 18.24, 18.25: it re-enters on Game-Turn 4 anywhere on the west edge from 1027 to 1928, paying the entry hex', () => {
    const out = accepted(
      start,
      'confederate',
      orders(start, 'confederate', 'flank-march', 'cs-1-f-lee-s')[0],
    ).state;
    const gt4 = at(4, 'confederate', {}, out);
    const entries = orders(gt4, 'confederate', 'enter', 'cs-1-f-lee-s');
    const reentry = rule('flank-march').params!.reentryHexes as HexId[];
    expect(new Set(entries.map((o) => (o as { hex: HexId }).hex))).toEqual(new Set(reentry));
    const r = accepted(gt4, 'confederate', {
      type: 'enter',
      unit: 'cs-1-f-lee-s',
      hex: '1728',
      path: ['1728'],
    });
    expect(r.state.units['cs-1-f-lee-s']).toMatchObject({ status: 'on-map', hex: '1728' });
    expect(r.state.movement!.entered['1728']).toBe(1);
  });

  it('Hooker and Lee 18.25: the re-entering units come on as a column of stacks: the second stack through a hex pays one Movement Point more than the first', () => {
    const ids = ['cs-heth-h', 'cs-lane-h', 'cs-thomas-h'];
    let s = at(4, 'confederate');
    s = withHookState(s, KEY, { exits: ids.map((unit) => ({ unit, hex: '2514', turn: 1 })) });
    s = {
      ...s,
      units: {
        ...s.units,
        ...Object.fromEntries(
          ids.map((id) => [id, { ...s.units[id], status: 'pending' as const, hex: null }]),
        ),
      },
    };
    const mp = (r: { events: GameEvent[] }) =>
      r.events.find((e) => e.type === 'moved')!.mp as string;
    const on = (unit: string) => ({ type: 'enter', unit, hex: '1027', path: ['1027', '1127'] });
    const alone = accepted(s, 'confederate', on(ids[2]));
    const first = accepted(s, 'confederate', {
      type: 'enter',
      unit: ids[0],
      hex: '1027',
      path: ['1027'],
    });
    const second = accepted(first.state, 'confederate', {
      type: 'enter',
      unit: ids[1],
      hex: '1027',
      path: ['1027'],
    });
    const third = accepted(second.state, 'confederate', on(ids[2]));
    expect(mp(second)).toBe(mp(first));
    expect(Number(mp(third))).toBe(Number(mp(alone)) + 1);
  });

  it('Hooker and Lee 18.23, 18.25: units marched off on Game-Turn 2 return on Game-Turn 5; those that do not enter then may enter later', () => {
    const gt2 = at(2, 'confederate');
    const out = accepted(
      gt2,
      'confederate',
      orders(gt2, 'confederate', 'flank-march', 'cs-1-f-lee-s')[0],
    ).state;
    expect(orders(at(4, 'confederate', {}, out), 'confederate', 'enter', 'cs-1-f-lee-s')).toEqual(
      [],
    );
    expect(
      orders(at(5, 'confederate', {}, out), 'confederate', 'enter', 'cs-1-f-lee-s').length,
    ).toBeGreaterThan(0);
    expect(
      orders(at(6, 'confederate', {}, out), 'confederate', 'enter', 'cs-1-f-lee-s').length,
    ).toBeGreaterThan(0);
  });

  it('Hooker and Lee 18.22: a combined total of 20 units at most', () => {
    const full = withHookState(at(2, 'confederate'), KEY, {
      exits: Array.from({ length: 20 }, (_, i) => ({ unit: `x${i}`, hex: '2518', turn: 1 })),
    });
    expect(orders(full, 'confederate', 'flank-march')).toEqual([]);
    const order = orders(at(2, 'confederate'), 'confederate', 'flank-march')[0];
    expect(refusalOf(full, 'confederate', order)).toMatchObject({
      code: 'FLANK_MARCH_FULL',
      rule: '18.22-18.27',
    });
  });

  it('Hooker and Lee 18.27: after Game-Turn 2 there is no flank march (leaving there would only eliminate the unit)', () => {
    const gt3 = at(3, 'confederate');
    expect(orders(gt3, 'confederate', 'flank-march')).toEqual([]);
    const order = orders(at(2, 'confederate'), 'confederate', 'flank-march')[0];
    expect(refusalOf(gt3, 'confederate', order)).toMatchObject({ code: 'FLANK_MARCH_CLOSED' });
  });

  it('Hooker and Lee 18.22: Union units never march off', () => {
    const s = at(1, 'union', { 'us-2-v': '2417' });
    expect(orders(s, 'union', 'flank-march')).toEqual([]);
    expect(
      refusalOf(s, 'union', { type: 'flank-march', unit: 'us-2-v', path: ['2518'] }),
    ).toMatchObject({ code: 'EXIT_NOT_ALLOWED' });
  });
});

describe('Hooker and Lee 19.13 no Union move near the west edge before Game-Turn 4 (edge-zone-prohibition)', () => {
  const zone = edgeZone(ctx, 'west', 2);

  it('Hooker and Lee 19.13: the zone is the west-edge hexes and the next hexes in (the edge hex counts as the first of two)', () => {
    expect(zone.has('1027') && zone.has('1928') && zone.has('1026') && zone.has('1827')).toBe(true);
    expect(zone.has('1025') || zone.has('1725')).toBe(false);
    for (const h of zone)
      expect(
        ctx.map.grid.edgesOf(h).includes('west') ||
          ctx.map.grid.neighbours(h).some((n) => ctx.map.grid.edgesOf(n).includes('west')),
      ).toBe(true);
  });

  it('Hooker and Lee 19.13: before Game-Turn 4 no Union move enters the zone; from Game-Turn 4 it may', () => {
    const gt4 = at(4, 'union', { 'us-1-pleasanton': '1725' });
    const into = orders(gt4, 'union', 'move', 'us-1-pleasanton').find((o) =>
      (o as unknown as { path: HexId[] }).path.some((h) => zone.has(h)),
    );
    expect(into).toBeDefined();
    const gt3 = at(3, 'union', { 'us-1-pleasanton': '1725' });
    for (const o of [
      ...orders(gt3, 'union', 'move', 'us-1-pleasanton'),
      ...orders(gt3, 'union', 'strategic-move', 'us-1-pleasanton'),
    ])
      expect((o as unknown as { path: HexId[] }).path.some((h) => zone.has(h))).toBe(false);
    expect(refusalOf(gt3, 'union', into)).toMatchObject({
      code: 'EDGE_ZONE_PROHIBITED',
      rule: '19.13',
    });
  });

  it('Hooker and Lee 19.13: a Union unit inside the zone may not move before Game-Turn 4; Confederate units are not affected', () => {
    expect(
      orders(at(3, 'union', { 'us-1-pleasanton': '1626' }), 'union', 'move', 'us-1-pleasanton'),
    ).toEqual([]);
    expect(
      orders(
        at(3, 'confederate', { 'cs-2-f-lee-s': '1725' }),
        'confederate',
        'move',
        'cs-2-f-lee-s',
      ).some((o) => zone.has(ends([o])[0])),
    ).toBe(true);
  });
});

describe("Hooker and Lee 19.14 Averill at Ely's Ford (crossing-release-roll)", () => {
  const KEY = 'crossing-release-roll:19.14';
  const averill = (released: boolean, hex: HexId = '0128') =>
    withHookState(at(5, 'union', { 'us-1-averill': hex }), KEY, {
      rolledTurns: [5],
      releasedOnTurn: released ? 5 : null,
    });

  it("Hooker and Lee 19.14: until a 1 is rolled Averill may not cross Ely's Ford (0227); once it is, he may", () => {
    const closed = averill(false);
    expect(destinationsOf(closed, 'us-1-averill')).not.toContain('0328');
    expect(
      refusalOf(closed, 'union', {
        type: 'move',
        unit: 'us-1-averill',
        path: ['0127', '0227', '0328'],
      }),
    ).toMatchObject({ code: 'CROSSING_NOT_RELEASED', rule: '19.14' });
    expect(destinationsOf(averill(true), 'us-1-averill')).toContain('0328');
  });

  it('Hooker and Lee 19.14: Averill never crosses at another River ferry hex (U.S. Ford 0411), released or not; other units do', () => {
    const s = averill(true, '0312');
    expect(
      refusalOf(s, 'union', { type: 'move', unit: 'us-1-averill', path: ['0411', '0511'] }),
    ).toMatchObject({ code: 'CROSSING_FORBIDDEN' });
    const other = at(5, 'union', { 'us-1-pleasanton': '0312' });
    expect(destinationsOf(other, 'us-1-pleasanton')).toContain('0511');
  });

  it("Hooker and Lee 19.14: the die is rolled once each Game-Turn at the start of the Union Movement Phase from Averill's arrival, until a 1", () => {
    const h = hookOf('crossing-release-roll');
    const gt5 = at(5, 'union');
    const miss = h.afterOrder!(ctx, gt5, gt5, [], fixedDice([4]))!;
    expect(miss.events).toEqual([
      expect.objectContaining({
        type: 'die-rolled',
        purpose: 'crossing-release',
        roll: 4,
        released: false,
        rule: '19.14',
      }),
    ]);
    expect(h.afterOrder!(ctx, miss.state, miss.state, [], fixedDice([1]))).toBeNull(); // once per Game-Turn
    const gt6 = at(6, 'union', {}, miss.state);
    const hit = h.afterOrder!(ctx, gt6, gt6, [], fixedDice([1]))!;
    expect(hit.events[0]).toMatchObject({ roll: 1, released: true });
    expect(hit.state.hookState[KEY]).toEqual({ rolledTurns: [5, 6], releasedOnTurn: 6 });
    expect(
      h.afterOrder!(
        ctx,
        at(7, 'union', {}, hit.state),
        at(7, 'union', {}, hit.state),
        [],
        fixedDice([1]),
      ),
    ).toBeNull();
    // Before Averill is due (Game-Turn 5) nothing is rolled.
    const gt4 = at(4, 'union');
    expect(h.afterOrder!(ctx, gt4, gt4, [], fixedDice([1]))).toBeNull();
  });

  it('Hooker and Lee 19.14: through the engine, the roll comes when the Union Movement Phase begins, recorded with the dice drawn', () => {
    // Game-Turn 5 from the starting position (no unit in an Enemy Zone of Control): the Confederate ends both phases.
    const combat = accepted(at(5, 'confederate'), 'confederate', { type: 'end-phase' });
    expect(combat.state.phase).toBe('combat');
    const r = accepted(combat.state, 'confederate', { type: 'end-phase' }, [3]);
    expect(r.state).toMatchObject({ phase: 'movement', phasing: 'union', turn: 5 });
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'die-rolled',
        purpose: 'crossing-release',
        roll: 3,
        released: false,
      }),
    );
    expect(r.state.diceDrawn).toBe(combat.state.diceDrawn + 1);
  });
});

function destinationsOf(s: GameState, unit: string): HexId[] {
  return ends(orders(s, 'union', 'move', unit));
}

describe('Hooker and Lee 19.2 Union stacking (stacking-override)', () => {
  const unionHexes = (s: GameState, except: string) =>
    Object.values(s.units)
      .filter((u) => u.side === 'union' && u.status === 'on-map' && u.id !== except)
      .map((u) => u.hex!);
  const divisions = new Set(rule('stacking-override').params!.divisions as string[]);

  it('Hooker and Lee 19.21: a Union division may end no move stacked with another Union unit', () => {
    const s = at(1, 'union');
    const occupied = new Set(unionHexes(s, 'us-1-v'));
    expect(destinationsOf(s, 'us-1-v').filter((h) => occupied.has(h))).toEqual([]);
  });

  it('Hooker and Lee 19.21: two brigades may stack (6.32), but no brigade with a division', () => {
    const s = at(1, 'union');
    const dest = destinationsOf(s, 'us-1-pleasanton');
    expect(dest).toContain('1120'); // 2/Pleasanton, a brigade
    const divisionHexes = Object.values(s.units)
      .filter((u) => divisions.has(u.id) && u.status === 'on-map')
      .map((u) => u.hex!);
    expect(dest.filter((h) => divisionHexes.includes(h))).toEqual([]);
    const r = accepted(
      s,
      'union',
      orders(s, 'union', 'move', 'us-1-pleasanton').find((o) => ends([o])[0] === '1120')!,
    );
    expect(r.state.units['us-1-pleasanton'].hex).toBe('1120');
  });

  it('Hooker and Lee 19.22: a Union unit may move through a hex holding a division', () => {
    // 1/Pleasanton beside 3/V, with open hexes beyond it.
    const s = at(1, 'union', { 'us-1-pleasanton': '1315' });
    const through = orders(s, 'union', 'move', 'us-1-pleasanton').filter((o) => {
      const p = (o as unknown as { path: HexId[] }).path;
      return p.slice(0, -1).includes('1316');
    });
    expect(through.length).toBeGreaterThan(0);
  });

  it('Hooker and Lee 19.23: Confederate units stack normally, two to a hex', () => {
    const s = at(1, 'confederate');
    expect(s.units['cs-heth-h'].hex).toBe(s.units['cs-lane-h'].hex);
  });
});

describe('Hooker and Lee 20.0 Demoralization (army-demoralization)', () => {
  const KEY = 'army-demoralization:20.1, 20.2';
  const h = hookOf('army-demoralization');
  const lost = (s: GameState, union: number, confederate: number): GameState => ({
    ...s,
    eliminatedStrength: { union, confederate },
  });
  const I_CORPS = ['us-1-i', 'us-2-i', 'us-3-i', 'us-art-i'];

  it('Hooker and Lee 20.11: the Union army is Demoralized when its losses exceed 47 before I Corps has crossed (47 is not enough)', () => {
    const s = at(2, 'union');
    expect(h.afterOrder!(ctx, s, lost(s, 47, 0), [])).toBeNull();
    const r = h.afterOrder!(ctx, s, lost(s, 48, 0), [])!;
    expect(r.events).toEqual([
      expect.objectContaining({
        type: 'army-demoralized',
        side: 'union',
        losses: 48,
        limit: 47,
        turn: 2,
      }),
    ]);
    expect(victoryInputs(ctx, r.state).demoralized).toEqual({ union: true, confederate: false });
  });

  it('Hooker and Lee 20.11, 20.15: once all of I Corps has crossed at U.S. Ford the level is 58, and an army at 50 recovers', () => {
    const s = withHookState(lost(at(4, 'union'), 50, 0), KEY, {
      crossed: I_CORPS.slice(0, 3),
      since: { union: 3, confederate: null },
    });
    const crossing: GameEvent[] = [
      { type: 'moved', unit: 'us-art-i', from: '0312', path: ['0411', '0511'], to: '0511' },
    ];
    const r = h.afterOrder!(ctx, s, s, crossing)!;
    expect(r.events).toEqual([
      expect.objectContaining({ type: 'army-recovered', side: 'union', losses: 50, limit: 58 }),
    ]);
    expect(r.state.hookState[KEY]).toEqual({
      crossed: I_CORPS,
      since: { union: null, confederate: null },
    });
    // Above 58 it is Demoralized again.
    expect(h.afterOrder!(ctx, r.state, lost(r.state, 59, 0), [])!.events[0]).toMatchObject({
      type: 'army-demoralized',
      limit: 58,
    });
  });

  it('Hooker and Lee 20.15: until every I Corps unit has crossed, the level stays 47', () => {
    const s = withHookState(lost(at(4, 'union'), 50, 0), KEY, {
      crossed: I_CORPS.slice(0, 3),
      since: { union: null, confederate: null },
    });
    expect(h.afterOrder!(ctx, s, s, [])!.events[0]).toMatchObject({
      type: 'army-demoralized',
      side: 'union',
      limit: 47,
    });
  });

  it('Hooker and Lee 20.21, 20.23: the Confederate army above 52 is Demoralized and never recovers', () => {
    const s = at(3, 'confederate');
    expect(h.afterOrder!(ctx, s, lost(s, 0, 52), [])).toBeNull();
    const r = h.afterOrder!(ctx, s, lost(s, 0, 53), [])!;
    expect(r.events[0]).toMatchObject({ type: 'army-demoralized', side: 'confederate' });
    const later = lost(r.state, 0, 40); // (losses never fall; a hand-built state shows the flag stays)
    expect(h.afterOrder!(ctx, later, later, [])).toBeNull();
    expect(victoryInputs(ctx, later).demoralized).toEqual({ union: false, confederate: true });
  });

  it('Hooker and Lee 21.3, 20.11, 20.21: at the end the hook tells victory who is Demoralized: a Demoralized Union Marginal winner drops to a draw; both Demoralized, no effect', () => {
    const end = (union: number, confederate: number) =>
      lost({ ...at(9, 'union'), phase: 'finished' as const }, union, confederate);
    // U 3 x 40 = 120 VP, C 2 x 48 = 96 VP: Union Marginal (1:1 or less), but the Union lost more than 47.
    expect(evaluateVictory(ctx, end(48, 40))).toMatchObject({ winner: null });
    expect(evaluateVictory(ctx, end(47, 40))).toMatchObject({ winner: 'union', level: 'marginal' });
    // U 3 x 60 = 180, C 2 x 60 = 120: 1:1.5, Union Substantive; both Demoralized (60 > 47, 60 > 52): unchanged.
    expect(evaluateVictory(ctx, end(60, 60))).toMatchObject({
      winner: 'union',
      level: 'substantive',
    });
  });

  it('Hooker and Lee 20.12: Demoralized units may not advance after combat', () => {
    const s = withHookState(lost(at(3, 'union'), 48, 0), KEY, {
      crossed: [],
      since: { union: 2, confederate: null },
    });
    expect(h.advanceRefused!(ctx, s, 'us-1-v')).toBe(true);
    expect(h.advanceRefused!(ctx, s, 'cs-wright-a')).toBe(false);
    // 20.13: immediate — losses over the limit bar the advance even before the hook has recorded them.
    expect(h.advanceRefused!(ctx, lost(at(3, 'union'), 48, 0), 'us-1-v')).toBe(true);
  });

  it('Hooker and Lee 20.13, 20.14: on a later Game-Turn an unavoidable attack below 1:3 is an automatic Ar; on the Game-Turn of Demoralization it is resolved', () => {
    const dem = (since: number, turn: number) =>
      withHookState({ ...at(turn, 'union'), phase: 'combat' as const }, KEY, {
        crossed: [],
        since: { union: since, confederate: null },
      });
    const c = {} as never;
    expect(h.forcedCombatResult!(ctx, dem(2, 3), c, 1)).toMatchObject({
      result: 'Ar',
      rule: '20.14',
    });
    expect(h.forcedCombatResult!(ctx, dem(2, 3), c, 2)).toBeNull(); // 1:3 itself is not below 1:3
    expect(h.forcedCombatResult!(ctx, dem(3, 3), c, 1)).toBeNull();
  });

  describe('through the engine (combat test sheet)', () => {
    const demRule = rule('army-demoralization');
    /** Union u (strength 1) beside Confederate c (strength 4): 1:4. */
    const game = (since: number, turn: number, obliged: boolean, uStrength = 1) => {
      const g = combatGame(
        [
          { id: 'u', side: 'union', strength: uStrength, hex: '0404' },
          { id: 'c', side: 'confederate', strength: 4, hex: '0405' },
        ],
        {
          scenario: { specialRules: [demRule] },
          tweak: (s) =>
            withHookState({ ...s, turn, eliminatedStrength: { union: 48, confederate: 0 } }, KEY, {
              crossed: [],
              since: { union: since, confederate: null },
            }),
        },
      );
      const combat = g.state.combat as unknown as { obliged: string[] };
      return {
        ...g,
        state: {
          ...g.state,
          combat: { ...g.state.combat!, obliged: obliged ? combat.obliged : [] },
        } as GameState,
      };
    };
    const attack = { type: 'attack', attackers: ['u'], defenders: ['0405'] };

    it('Hooker and Lee 20.12: a Demoralized army may not voluntarily attack at less than 1:3 (an attack no obligation requires)', () => {
      const g = game(1, 1, false);
      const r = applyOrder(g.ctx, g.state, 'union', attack, fixedDice([]));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.refusal).toMatchObject({ code: 'DEMORALIZED_ODDS' });
      expect(legalOrders(g.ctx, g.state, 'union').some((o) => o.type === 'attack')).toBe(false);
      const even = game(1, 1, false, 2); // 1:2 is allowed
      expect(legalOrders(even.ctx, even.state, 'union')).toContainEqual(
        expect.objectContaining({ type: 'attack', attackers: ['u'] }),
      );
    });

    it('Hooker and Lee 20.14: after the Game-Turn of Demoralization an obliged attack below 1:3 is resolved as Ar without a die roll', () => {
      const g = game(1, 2, true);
      expect(g.state.combat!.obliged).toContain('u');
      const r = applyOrder(g.ctx, g.state, 'union', attack, fixedDice([]));
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      expect(r.events).toContainEqual(
        expect.objectContaining({
          type: 'combat-resolved',
          result: 'Ar',
          automatic: expect.objectContaining({ rule: '20.14' }),
        }),
      );
      expect(r.events.some((e) => e.type === 'die-rolled' && e.purpose === 'combat')).toBe(false);
    });

    it('Hooker and Lee 20.13: on the Game-Turn of Demoralization the obliged attack below 1:3 is resolved on the table', () => {
      const g = game(2, 2, true);
      const r = applyOrder(g.ctx, g.state, 'union', attack, fixedDice([6]));
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      expect(r.events).toContainEqual(
        expect.objectContaining({ type: 'die-rolled', purpose: 'combat', roll: 6 }),
      );
    });
  });
});
