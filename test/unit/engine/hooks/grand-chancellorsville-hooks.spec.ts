/**
 * Grand Chancellorsville's exclusive rules through the engine, on the shipped
 * scenario and map: terrain-override 22.11 (River ferry hexes) and 22.12 (the
 * chart's pontoon and redoubt lines), reinforcement-entry (22.6),
 * forced-march (23.2), map-exit (23.31, 23.32), command-control (23.4) and
 * the Line of Communication of 23.61 i. The leaders (23.5-23.59) are in
 * grand-chancellorsville-leaders.spec.ts.
 *
 * These tests play the shipped scenario without leader counters (the players
 * supply them, 23.5): the leaders rule has nothing to act on.
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
import type {
  GameEvent,
  HexId,
  RuleHook,
  ScenarioDocument,
  Side,
} from '../../../../src/engine/types';
import { entryCost, entryHexes } from '../../../../src/engine/rules/blue-grey/reinforcements';
import { moveEnv, moverFor } from '../../../../src/engine/rules/blue-grey/movement';
import { victoryInputs, victoryPoints } from '../../../../src/engine/rules/blue-grey/victory';
import { enemyZocOf } from '../../../../src/engine/rules/blue-grey/zoc';
import { unsupportedReason } from '../../../../src/engine/rules/hooks';
import { bankHexes } from '../../../../src/engine/rules/hooks/line-of-communication-bank';
import { hookKey, withHookState } from '../../../../src/engine/rules/hooks/hook-state';
import { loadScenario, movementPhaseAt, orderPlay } from '../../scenarios/support';

const { scenario: shipped, map } = loadScenario('grand-chancellorsville');
const rule = (hook: string, c?: string): RuleHook =>
  shipped.specialRules.find((r) => r.hook === hook && (c === undefined || r.case === c))!;
/** The shipped scenario, played without leader counters. */
const scenario: ScenarioDocument = shipped;
const ctx: GameContext = prepareGame(scenario, map);
const start = newGame(ctx, {}, fixedDice([]));

/** The start position at the beginning of `side`'s Movement Phase of Game-Turn `turn`, units placed as given (null: eliminated). */
const at = (turn: number, side: Side, placed: Record<string, HexId | null> = {}): GameState =>
  movementPhaseAt(ctx, start, turn, side, placed);
const { orders, accepted, refusalOrNull: refusalOf } = orderPlay(ctx);
const pathOf = (o: Order) => (o as unknown as { path: HexId[] }).path;
const mpOf = (events: GameEvent[]) =>
  (events.find((e) => e.type === 'moved') as unknown as { mp: string }).mp;

describe('Grand Chancellorsville hooks: what the engine still refuses', () => {
  it("Grand Chancellorsville 23.5: nothing is refused; the leader counters are the players' (counters block, case 23.5)", () => {
    expect(notYetSupported(shipped)).toEqual([]);
    expect(shipped.counters?.case).toBe('23.5');
    expect(shipped.counters?.named.map((n) => n.id).sort()).toEqual([
      'cs-jackson',
      'cs-lee',
      'cs-stuart',
      'us-hooker',
    ]);
  });

  it('Grand Chancellorsville 22.11: the creek-to-ford change (map data) and the River ferry changes are accepted; a ferry line the hook does not know is refused', () => {
    const [fords, ferries] = shipped.specialRules.filter(
      (r) => r.hook === 'terrain-override' && r.case === '22.11',
    );
    expect(unsupportedReason(fords)).toBeNull();
    expect(unsupportedReason(ferries)).toBeNull();
    const ferry = ferries.params!.riverFerry as Record<string, unknown>;
    for (const bad of [
      { riverFerry: { ...ferry, retreatInto: true } },
      { riverFerry: { ...ferry, entryCost: 0 } },
      { riverFerry: { ...ferry, mayEndMovement: 'yes' } },
      { riverFerry: ferry, terrain: 'ferry' },
      { riverFerry: {} },
    ])
      expect(unsupportedReason({ ...ferries, params: bad })).not.toBeNull();
    expect(
      unsupportedReason({ ...fords, params: { ...fords.params, appliedInMapData: false } }),
    ).not.toBeNull();
  });

  it("Grand Chancellorsville 22.12: the pontoon and redoubt lines are the chart's; any other line in that form is refused", () => {
    expect(unsupportedReason(rule('terrain-override', '22.12'))).toBeNull();
    expect(
      unsupportedReason({
        ...rule('terrain-override', '22.12'),
        params: { standardLines: ['ferry'] },
      }),
    ).toMatch(/standardLines/);
    expect(
      unsupportedReason({
        ...rule('terrain-override', '22.12'),
        params: { standardLines: ['pontoon'], attackerHalved: true },
      }),
    ).not.toBeNull();
  });
});

describe('Grand Chancellorsville 22.6 reinforcement-entry', () => {
  it('Grand Chancellorsville 22.6: a reinforcement that could not enter on time still enters only where the chart says (no 5.5 relocation)', () => {
    const s = { ...at(3, 'union'), blockedReinforcements: ['us-1-xii'] };
    expect(entryHexes(ctx, s, s.units['us-1-xii']).sort()).toEqual(
      ['H0128', 'H1128'].filter((h) => ctx.board.index.has(h)).sort(),
    );
    // Without the hook the same unit would have the edge hexes within three (5.5).
    const plain = prepareGame(
      {
        ...scenario,
        specialRules: scenario.specialRules.filter((r) => r.hook !== 'reinforcement-entry'),
      },
      map,
    );
    expect(entryHexes(plain, s, s.units['us-1-xii']).length).toBeGreaterThan(2);
  });

  it('Grand Chancellorsville 22.6, 23.1: in the column a Union division is a stack of its own (the second division pays one MP more, also behind a half stack)', () => {
    const cost = (s: GameState, id: string) => {
      const env = moveEnv(ctx, s, 'union');
      return entryCost(
        env,
        moverFor(env, s.units[id], false, false),
        ctx.board.index.get('F1301')!,
      ) as number;
    };
    const s = at(1, 'union');
    const first = orders(s, 'union', 'enter', 'us-1-i')[0];
    const a = accepted(s, 'union', first);
    expect(a.state.movement!.entered.F1301).toBe(2); // a whole stack of the column
    const step = cost(a.state, 'us-2-i') - cost(s, 'us-2-i');
    expect([2, 3]).toContain(step); // 1 MP, or 2/3 along a turnpike (5.0)
    // Behind one artillery unit (half a stack): the artillery's stack-mate would pay nothing more, a division pays the step.
    const half = { ...s, movement: { ...s.movement!, entered: { F1301: 1 } } };
    expect(cost(half, 'us-art-i')).toBe(cost(s, 'us-art-i'));
    expect(cost(half, 'us-2-i') - cost(s, 'us-2-i')).toBe(step);
  });
});

describe('Grand Chancellorsville 23.2 forced-march', () => {
  it("Grand Chancellorsville 23.22: on Game-Turn 2 Jackson's units may enter at F2501 by Forced March, up to 12 MP and never into an Enemy Zone of Control", () => {
    const s = at(2, 'confederate');
    const fm = orders(s, 'confederate', 'forced-march', 'cs-heth-h');
    expect(fm.length).toBeGreaterThan(0);
    const zoc = enemyZocOf(ctx, s, 'confederate');
    for (const o of fm) expect(zoc[ctx.board.index.get(pathOf(o)[pathOf(o).length - 1])!]).toBe(0);
    const r = accepted(s, 'confederate', fm[fm.length - 1]);
    expect(r.events[0]).toMatchObject({
      type: 'forced-march',
      unit: 'cs-heth-h',
      allowance: 12,
      rule: '23.2',
    });
    const spent = mpOf(r.events);
    expect(Number(spent.split(' ')[0])).toBeGreaterThanOrEqual(6);
    expect(Number(spent.split(' ')[0])).toBeLessThanOrEqual(12);
  });

  it('Grand Chancellorsville 23.22: a path the ordinary 6 MP would do is a move, not a Forced March; none on Game-Turn 4', () => {
    const s = at(2, 'confederate');
    const short = orders(s, 'confederate', 'enter', 'cs-heth-h').find(
      (o) => pathOf(o).length === 1,
    )!;
    expect(refusalOf(s, 'confederate', { ...short, type: 'forced-march' })).toMatchObject({
      code: 'FORCED_MARCH_NOT_NEEDED',
      rule: '23.2',
    });
    const later = at(4, 'confederate');
    expect(
      orders(later, 'confederate', 'forced-march').filter(
        (o) => !(o as { unit: string }).unit.includes('-s'),
      ),
    ).toEqual([]);
  });

  it('Grand Chancellorsville 23.21: the Union Forced March only in hexes north of the Rappahannock, on Game-Turns 1-5 only', () => {
    const north = bankHexes(ctx, 'F0206');
    expect(north.has('F0114')).toBe(true);
    expect(north.has('F2501')).toBe(false);
    expect(north.has('F0611')).toBe(false); // a pontoon hex
    const s = at(3, 'union');
    const fm = orders(s, 'union', 'forced-march', 'us-art-reserve');
    expect(fm.length).toBeGreaterThan(0);
    for (const o of fm) for (const h of pathOf(o)) expect(north.has(h)).toBe(true);
    expect(north.has('F1505')).toBe(false);
    expect(orders(s, 'union', 'forced-march', 'us-3-vi')).toEqual([]); // set up south of the river (F1505)
    expect(orders(at(6, 'union'), 'union', 'forced-march', 'us-art-reserve')).toEqual([]);
  });

  it('Grand Chancellorsville 23.23: Beckham may not bombard in a Game-Turn he Forced Marched', () => {
    const fm = ctx.hooks.find((h) => h.hook === 'forced-march')!;
    const s = at(8, 'confederate', { 'cs-beckham-s': 'H1427' });
    expect(fm.bombardRefusal!(ctx, s, s.units['cs-beckham-s'])).toBeNull();
    const marched = withHookState(s, hookKey(rule('forced-march')), {
      turn: 8,
      units: ['cs-beckham-s'],
    });
    expect(fm.bombardRefusal!(ctx, marched, marched.units['cs-beckham-s'])).toMatchObject({
      code: 'FORCED_MARCHED',
      rule: '23.2',
    });
  });
});

describe('Grand Chancellorsville 23.4 command-control', () => {
  it('Grand Chancellorsville 23.4: from Game-Turn 7 the Union rolls per corps before moving; the Reserve artillery is assigned to a corps', () => {
    const s = at(7, 'union');
    const cc = orders(s, 'union', 'command-control');
    expect(cc.length).toBeGreaterThan(1);
    expect(cc.every((o) => typeof (o as { reserveTo?: string }).reserveTo === 'string')).toBe(true);
    expect(cc.map((o) => (o as { reserveTo?: string }).reserveTo)).not.toContain('Cavalry');
    expect(orders(s, 'union', 'move')).toEqual([]);
    expect(orders(s, 'union', 'end-phase')).toEqual([]);
    expect(orders(at(6, 'union'), 'union', 'command-control')).toEqual([]);
  });

  it('Grand Chancellorsville 23.4: a corps rolling 4-6 may not move, 1-3 may; the Reserve artillery follows its corps', () => {
    const s = at(7, 'union');
    const corps = Object.keys(
      (rule('command-control').params as { corps: Record<string, string[]> }).corps,
    ).filter((c) =>
      (rule('command-control').params as { corps: Record<string, string[]> }).corps[c].some(
        (id) => s.units[id].status === 'on-map',
      ),
    );
    expect(corps).toEqual(['II', 'VI', 'III']);
    const r = accepted(s, 'union', { type: 'command-control', reserveTo: 'VI' }, [3, 4, 1]);
    expect(r.events[0]).toMatchObject({
      type: 'command-control-rolled',
      rolls: { II: 3, VI: 4, III: 1 },
      moves: ['II', 'III'],
      rule: '23.4',
    });
    expect(orders(r.state, 'union', 'move', 'us-1-ii').length).toBeGreaterThan(0);
    expect(orders(r.state, 'union', 'move', 'us-2-vi')).toEqual([]);
    expect(orders(r.state, 'union', 'move', 'us-art-reserve')).toEqual([]);
    expect(
      refusalOf(r.state, 'union', { type: 'move', unit: 'us-2-vi', path: ['F1106'] }),
    ).toMatchObject({ code: 'NO_COMMAND_CONTROL' });
    expect(refusalOf(r.state, 'union', { type: 'command-control', reserveTo: 'II' })).toMatchObject(
      { code: 'ALREADY_ROLLED' },
    );
  });

  it('Grand Chancellorsville 23.4: the cavalry corps moves on 1-4, and the Reserve may not join it', () => {
    const s = at(7, 'union', { 'us-1-pleasanton': 'H0326' });
    expect(refusalOf(s, 'union', { type: 'command-control', reserveTo: 'Cavalry' })).toMatchObject({
      code: 'BAD_ORDER',
      rule: '23.4',
    });
    const r = accepted(s, 'union', { type: 'command-control', reserveTo: 'II' }, [5, 5, 5, 4]);
    expect(r.events[0]).toMatchObject({
      rolls: { II: 5, VI: 5, III: 5, Cavalry: 4 },
      moves: ['Cavalry'],
    });
  });
});

describe('Grand Chancellorsville 23.31, 23.32 map-exit', () => {
  it('Grand Chancellorsville 23.31, 23.32: the Union exits only through F2501; the Confederate never', () => {
    const s = at(
      5,
      'union',
      Object.fromEntries([
        ...Object.keys(start.units)
          .filter((id) => start.units[id].side === 'confederate')
          .map((id) => [id, null]),
        ['us-1-iii', 'F2401'],
      ]),
    );
    const exits = orders(s, 'union', 'exit');
    expect(exits.length).toBeGreaterThan(0);
    for (const o of exits)
      expect(
        pathOf(o).length === 0
          ? s.units[(o as { unit: string }).unit].hex
          : pathOf(o)[pathOf(o).length - 1],
      ).toBe('F2501');
    expect(orders(at(2, 'confederate'), 'confederate', 'exit')).toEqual([]);
  });
});

describe('Grand Chancellorsville 23.61 i Line of Communication', () => {
  const noConfederates = Object.fromEntries(
    Object.keys(start.units)
      .filter((id) => start.units[id].side === 'confederate')
      .map((id) => [id, null]),
  );
  const exited = (s: GameState): GameState => ({
    ...s,
    units: { ...s.units, 'us-3-v': { ...s.units['us-3-v'], hex: null, status: 'exited' } },
  });

  it('Grand Chancellorsville 23.61 i: with the way from F2501 across the river open, exited CSP score 1 VP each', () => {
    const s = exited(at(20, 'union', noConfederates));
    const inputs = victoryInputs(ctx, s);
    expect(inputs.exitLineOfCommunication).toEqual({ union: true });
    expect(inputs.withoutLineOfCommunication).toEqual({ union: 0, confederate: 0 });
    expect(victoryPoints(ctx, s, 'union')).toBe(s.units['us-3-v'].strength);
  });

  it('Grand Chancellorsville 23.61 i: a Confederate unit in F2501 (or its Zone of Control there, friendly units not negating it) cuts the line; the exited units count as eliminated', () => {
    const str = start.units['us-3-v'].strength;
    for (const hex of ['F2501', 'F2502']) {
      const s = exited(at(20, 'union', { ...noConfederates, 'cs-heth-h': hex, 'us-1-i': 'F2401' }));
      const inputs = victoryInputs(ctx, s);
      expect(inputs.exitLineOfCommunication).toEqual({ union: false });
      expect(inputs.withoutLineOfCommunication).toEqual({ union: str, confederate: 0 });
      expect(victoryPoints(ctx, s, 'confederate')).toBe(
        2 * str +
          (s.objectives.F2027 === 'confederate' ? 5 : 0) +
          (s.objectives.F1326 === 'confederate' ? 5 : 0),
      );
    }
  });
});

describe('Grand Chancellorsville 22.11 River ferry hexes (terrain-override riverFerry)', () => {
  /** The same battle under the standard 6.28 and 7.6 (the River ferry declaration left out), to show what 22.11 changes. */
  const standardCtx = prepareGame(
    { ...scenario, specialRules: scenario.specialRules.filter((r) => !r.params?.riverFerry) },
    map,
  );
  // U.S. Ford H0411: arrows to H0312 (north bank) and H0511 (the landing); H0311 and H0512 are land beside it, not arrowed.
  const ford = 'H0411';
  const union5 = (placed: Record<string, HexId | null>) => at(5, 'union', placed);
  const zocAt = (c: GameContext, s: GameState, side: Side, hex: HexId) =>
    enemyZocOf(c, s, side)[c.board.index.get(hex)!] === 1;
  /** Into the Union Combat Phase of Game-Turn 5 with the units placed. */
  const combatPhase = (side: Side, placed: Record<string, HexId | null>, c = ctx) => {
    const r = applyOrder(c, at(5, side, placed), side, { type: 'end-phase' }, fixedDice([]));
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    expect(r.state.phase).toBe('combat');
    return r.state;
  };
  const resolved = (events: GameEvent[]) =>
    events.find((e) => e.type === 'combat-resolved') as unknown as {
      strengths: { perAttacker: Record<string, number>; perDefender: Record<string, number> };
      terrain: { halved: Record<string, string> };
    };

  it('Grand Chancellorsville 22.11, 6.28: a River ferry hex costs 2 MP (not 3) and a move may end in it; the standard rules refuse that end', () => {
    const s = union5({ 'us-1-ii': 'H0312' });
    const listed = orders(s, 'union', 'move', 'us-1-ii').map(pathOf);
    expect(listed).toContainEqual([ford]);
    expect(mpOf(accepted(s, 'union', { type: 'move', unit: 'us-1-ii', path: [ford] }).events)).toBe(
      '2',
    );
    // Straight across: 2 MP for the ferry and 1 MP for the clear landing.
    expect(
      mpOf(accepted(s, 'union', { type: 'move', unit: 'us-1-ii', path: [ford, 'H0511'] }).events),
    ).toBe('3');
    const standard = applyOrder(
      standardCtx,
      s,
      'union',
      { type: 'move', unit: 'us-1-ii', path: [ford] },
      fixedDice([]),
    );
    expect(standard).toMatchObject({ ok: false, refusal: { code: 'ENDS_IN_FERRY', rule: '6.28' } });
    const across = applyOrder(
      standardCtx,
      s,
      'union',
      { type: 'move', unit: 'us-1-ii', path: [ford, 'H0511'] },
      fixedDice([]),
    );
    expect(across.ok && mpOf(across.events)).toBe('4');
  });

  it('Grand Chancellorsville 22.11, 6.28: a unit in a River ferry hex leaves it only through its arrowed hexsides, and enters only through them', () => {
    const s = union5({ 'us-1-ii': ford });
    const listed = orders(s, 'union', 'move', 'us-1-ii').map(pathOf);
    expect(listed.length).toBeGreaterThan(0);
    for (const p of listed) expect(['H0312', 'H0511']).toContain(p[0]);
    for (const off of ['H0311', 'H0512'])
      expect(refusalOf(s, 'union', { type: 'move', unit: 'us-1-ii', path: [off] })).toMatchObject({
        code: 'FERRY_HEXSIDE',
      });
    const beside = union5({ 'us-1-ii': 'H0311' });
    expect(
      refusalOf(beside, 'union', { type: 'move', unit: 'us-1-ii', path: [ford] }),
    ).toMatchObject({ code: 'FERRY_HEXSIDE', rule: '6.28' });
  });

  it('Grand Chancellorsville 22.11, 7.6: Zones of Control extend into and out of a River ferry hex only through its entry hexsides', () => {
    // Into: from the arrowed landing H0511, not from H0512 beside the ferry.
    expect(zocAt(ctx, union5({ 'cs-perry-a': 'H0511' }), 'union', ford)).toBe(true);
    expect(zocAt(ctx, union5({ 'cs-perry-a': 'H0512' }), 'union', ford)).toBe(false);
    expect(zocAt(standardCtx, union5({ 'cs-perry-a': 'H0511' }), 'union', ford)).toBe(false); // 7.6: never into a ferry hex
    // Out of: a unit in the ferry hex controls H0312 and H0511 only.
    const s = union5({ 'us-1-ii': ford });
    expect(zocAt(ctx, s, 'confederate', 'H0312')).toBe(true);
    expect(zocAt(ctx, s, 'confederate', 'H0511')).toBe(true);
    expect(zocAt(ctx, s, 'confederate', 'H0311')).toBe(false);
    expect(zocAt(ctx, s, 'confederate', 'H0512')).toBe(false);
    // A unit may move into the Enemy controlled ferry hex (7.0: and stops there).
    const guarded = union5({ 'us-1-ii': 'H0312', 'cs-perry-a': 'H0511' });
    expect(orders(guarded, 'union', 'move', 'us-1-ii').map(pathOf)).toContainEqual([ford]);
  });

  it('Grand Chancellorsville 22.11, 8.32: a unit in a River ferry hex is halved attacking (16 → 8) and defending (16 → 8)', () => {
    const placed = { 'us-1-ii': ford, 'cs-perry-a': 'H0511' };
    const attack = { type: 'attack', attackers: ['us-1-ii'], defenders: ['H0511'] };
    const u = accepted(combatPhase('union', placed), 'union', attack, [6, 6, 6, 6]);
    const r = resolved(u.events);
    expect(r.strengths.perAttacker['us-1-ii']).toBe(8);
    expect(r.terrain.halved['us-1-ii']).toMatch(/River ferry hex H0411 \(22\.11\)/);
    const c = accepted(
      combatPhase('confederate', placed),
      'confederate',
      { type: 'attack', attackers: ['cs-perry-a'], defenders: [ford] },
      [6, 6, 6, 6],
    );
    expect(resolved(c.events).strengths.perDefender['us-1-ii']).toBe(8);
  });

  it('Grand Chancellorsville 22.11, 9.1: artillery may not bombard from a River ferry hex', () => {
    const s = combatPhase('union', { 'us-art-ii': ford, 'cs-perry-a': 'H0611' });
    const order = { type: 'attack', attackers: [], bombard: ['us-art-ii'], defenders: ['H0611'] };
    expect(refusalOf(s, 'union', order)).toMatchObject({
      code: 'BOMBARD_FROM_FERRY',
      rule: '22.11',
    });
    expect(
      legalOrders(ctx, s, 'union').filter(
        (o) => o.type === 'attack' && JSON.stringify(o).includes('us-art-ii'),
      ),
    ).toEqual([]);
  });
});
