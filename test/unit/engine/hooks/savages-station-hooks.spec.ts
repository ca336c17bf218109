/**
 * Savage's Station's exclusive rules through the engine, on the shipped
 * scenario and map with the TEST counters of
 * test/fixtures/counters/savages-station.json merged in (the text prints no
 * strengths and no reinforcement groups): conditional-reinforcements in its
 * die-roll-table form (17.1, 17.2), movement-quota rolled by die (18.1, 18.2)
 * and objective-control's occupation events read by the victory schedule
 * (19.11, 19.12, 19.13).
 */
import { legalOrders, newGame, prepareGame, type GameContext } from '../../../../src/engine/game';
import { fixedDice } from '../../../../src/engine/dice';
import { gameScenario } from '../../../../src/engine/scenario/counters';
import type { GameOptions, GameState, Order } from '../../../../src/engine/state';
import type { HexId, Side, SuppliedCounters } from '../../../../src/engine/types';
import { victoryInputs, victoryPoints } from '../../../../src/engine/rules/blue-grey/victory';
import {
  unsupportedHooks,
  unsupportedReason,
  type MovementHook,
} from '../../../../src/engine/rules/hooks';
import { hookStateOf, withHookState } from '../../../../src/engine/rules/hooks/hook-state';
import type { ReinforcementTableState } from '../../../../src/engine/rules/hooks/reinforcement-table';
import type { RolledQuotaState } from '../../../../src/engine/rules/hooks/movement-quota-roll';
import {
  loadScenario,
  movementPhaseAt,
  orderPlay,
  readCountersFixture,
} from '../../scenarios/support';

const { scenario, map } = loadScenario('savages-station');
const { note, ...counters } = readCountersFixture('savages-station');
void note;

/** A game of the scenario with these counters (the fixture's by default). */
function game(c: SuppliedCounters = counters): { ctx: GameContext; options: GameOptions } {
  const options = { counters: c } as GameOptions;
  return { ctx: prepareGame(gameScenario(scenario, options, map), map), options };
}
const { ctx, options } = game();
const hookOf = (name: string, c: GameContext = ctx): MovementHook =>
  c.hooks.find((h) => h.hook === name)!;
const TABLE_KEY = 'conditional-reinforcements:17.1, 17.2';
const QUOTA_KEY = 'movement-quota:18.1, 18.2';

const accepted = (
  s: GameState,
  side: Side,
  order: unknown,
  dice: number[] = [],
  c: GameContext = ctx,
) => orderPlay(c).accepted(s, side, order, dice);
const refusalOf = (s: GameState, side: Side, order: unknown, c: GameContext = ctx) =>
  orderPlay(c).refusalOf(s, side, order);
const entries = (s: GameState, unit: string, c: GameContext = ctx) =>
  legalOrders(c, s, 'confederate').filter(
    (o) => o.type === 'enter' && (o as { unit?: string }).unit === unit,
  ) as Array<Order & { hex: HexId; path: HexId[] }>;

/** The free set-up played (the Union places its extra test unit), the Confederate GT1 roll on `die`. */
function started(die: number, c: GameContext = ctx, o: GameOptions = options) {
  let s = newGame(c, o, fixedDice([]));
  expect(s).toMatchObject({ phase: 'setup', phasing: 'union' });
  if (c.unitSpecs.has('test-us-extra'))
    s = accepted(s, 'union', { type: 'place', unit: 'test-us-extra', hex: '2517' }, [], c).state;
  return accepted(s, 'union', { type: 'end-phase' }, [die], c);
}

/** The position at the beginning of `side`'s Movement Phase of Game-Turn `turn`, units placed as given. */
const at = (
  base: GameState,
  turn: number,
  side: Side,
  placed: Record<string, HexId | null> = {},
): GameState => ({ ...movementPhaseAt(ctx, base, turn, side, placed), pending: null });
/** The hook's roll at the beginning of the phase `s` is in, on `die`. */
function rolled(s: GameState, hook: string, die: number) {
  const r = hookOf(hook).afterOrder!(ctx, s, s, [], fixedDice([die]));
  if (!r) throw new Error('no roll');
  return r;
}

/** A hand-built Movement Phase with its beginning-of-phase rolls made (each on a 1, where one is due). */
function ready(s: GameState): GameState {
  for (const name of ['conditional-reinforcements', 'movement-quota']) {
    const r = hookOf(name).afterOrder!(ctx, s, s, [], fixedDice([1]));
    if (r) s = r.state;
  }
  return s;
}

describe("Savage's Station: every declared special rule is implemented", () => {
  it("Savage's Station 17.1-19.13: no hook of the scenario is refused; a game with counters sets up freely, Confederate first", () => {
    expect(unsupportedHooks(scenario)).toEqual([]);
    expect(ctx.hooks.map((h) => h.hook)).toEqual([
      'conditional-reinforcements',
      'movement-quota',
      'objective-control',
    ]);
    const s = started(1).state;
    expect(s).toMatchObject({ turn: 1, phase: 'movement', phasing: 'confederate' });
  });
});

describe("Savage's Station: declarations the hooks cannot play are refused, never half-played", () => {
  const declared = (hook: string) => scenario.specialRules.find((r) => r.hook === hook)!;
  const variant = (hook: string, params: Record<string, unknown>) => {
    const r = declared(hook);
    return unsupportedReason({ ...r, params: { ...r.params, ...params } });
  };

  it("Savage's Station 17.2: a table cell naming a group without a flag, or an entry point without hexes, is not yet supported", () => {
    const table = declared('conditional-reinforcements').params!.table as string[][];
    const withE = table.map((row, i) => (i === 0 ? ['E/a', ...row.slice(1)] : row));
    expect(variant('conditional-reinforcements', { table: withE })).toMatch(/group "E"/);
    const withD = table.map((row, i) => (i === 0 ? ['A/d', ...row.slice(1)] : row));
    expect(variant('conditional-reinforcements', { table: withD })).toMatch(/entry point "d"/);
    expect(variant('conditional-reinforcements', { table: table.slice(1) })).toMatch(/six rows/);
  });

  it("Savage's Station 18.2: a Command Table without one number for each roll 1-6, or another reading above 6, is not yet supported", () => {
    expect(variant('movement-quota', { byDie: [3, 4, 5, 6, 7] })).toMatch(/byDie/);
    expect(variant('movement-quota', { above: 'extrapolate' })).toMatch(/above/);
  });

  it("Savage's Station 19.11: occupation events without hexes to watch are not yet supported", () => {
    expect(variant('objective-control', { firstGained: [] })).toMatch(/firstGained/);
  });
});

describe("Savage's Station 17.1, 17.2: the Confederate Reinforcement Table (conditional-reinforcements, die-roll-table)", () => {
  it("Savage's Station 17.1: the die is rolled as the Confederate Movement Phase begins; 6 on Game-Turn 1 gives D/b, group D enters only at entry point b (1701, 1801, 1901)", () => {
    const { state, events } = started(6);
    expect(events.find((e) => e.purpose === 'reinforcement-table')).toMatchObject({
      type: 'die-rolled',
      side: 'confederate',
      turn: 1,
      roll: 6,
      result: 'D/b',
      group: 'D',
      entryPoint: 'b',
      units: ['test-cs-group-d'],
    });
    expect([...new Set(entries(state, 'test-cs-group-d').map((o) => o.hex))].sort()).toEqual([
      '1701',
      '1801',
      '1901',
    ]);
    const r = accepted(state, 'confederate', entries(state, 'test-cs-group-d')[0]);
    expect(r.state.units['test-cs-group-d'].status).toBe('on-map');
  });

  it("Savage's Station 17.1: a group the table has not given may not enter (REINFORCEMENT_GROUP_NOT_RECEIVED), whatever its chart turn", () => {
    const { state } = started(6);
    expect(entries(state, 'test-cs-group-a')).toEqual([]);
    expect(
      refusalOf(state, 'confederate', {
        type: 'enter',
        unit: 'test-cs-group-a',
        hex: '0118',
        path: ['0118'],
      }),
    ).toMatchObject({ code: 'REINFORCEMENT_GROUP_NOT_RECEIVED', rule: '17.1, 17.2' });
  });

  it("Savage's Station 17.2: the roll reads the current Game-Turn's column (1 on Game-Turn 1: A/a at 0116-0120; 3 on Game-Turn 5: C/b; 5 on Game-Turn 6: -/-)", () => {
    const { state } = started(1);
    expect(hookStateOf<ReinforcementTableState>(state, TABLE_KEY, null!).received).toEqual({
      A: { turn: 1, entryPoint: 'a', roll: 1 },
    });
    expect([...new Set(entries(state, 'test-cs-group-a').map((o) => o.hex))].sort()).toEqual([
      '0116',
      '0117',
      '0118',
      '0119',
      '0120',
    ]);
    const gt5 = rolled(at(state, 5, 'confederate'), 'conditional-reinforcements', 3);
    expect(gt5.events[0]).toMatchObject({ result: 'C/b', group: 'C', entryPoint: 'b' });
    const gt6 = rolled(at(state, 6, 'confederate'), 'conditional-reinforcements', 5);
    expect(gt6.events[0]).toMatchObject({
      result: '-/-',
      group: null,
      decided: 'no reinforcements',
    });
  });

  it("Savage's Station 17.1: a result naming a group already received is no reinforcements, and the group keeps its first entry point", () => {
    const { state } = started(6); // D/b on Game-Turn 1
    const gt2 = rolled(at(state, 2, 'confederate'), 'conditional-reinforcements', 6); // D/a
    expect(gt2.events[0]).toMatchObject({
      result: 'D/a',
      group: null,
      decided: 'no reinforcements: group D was received on Game-Turn 1',
    });
    expect([...new Set(entries(gt2.state, 'test-cs-group-d').map((o) => o.hex))].sort()).toEqual([
      '1701',
      '1801',
      '1901',
    ]);
  });

  it("Savage's Station 17.1 (5.0): a received group may be held back and enter on a later Game-Turn at its entry point", () => {
    const { state } = started(6);
    const later = at(state, 3, 'confederate');
    const withRoll = withHookState(later, TABLE_KEY, {
      ...hookStateOf<ReinforcementTableState>(later, TABLE_KEY, null!),
      rolledTurns: [1, 2, 3],
    });
    expect(entries(withRoll, 'test-cs-group-d').map((o) => o.hex)).toContain('1801');
  });

  it("Savage's Station 17.1: one roll per Confederate Movement Phase, none in the Union's and none after Game-Turn 6", () => {
    const { state } = started(6);
    const hook = hookOf('conditional-reinforcements');
    expect(hook.afterOrder!(ctx, state, state, [], fixedDice([1]))).toBeNull();
    const union = at(state, 2, 'union');
    expect(hook.afterOrder!(ctx, union, union, [], fixedDice([1]))).toBeNull();
    const gt7 = at(state, 7, 'confederate');
    expect(hook.afterOrder!(ctx, gt7, gt7, [], fixedDice([1]))).toBeNull();
  });

  it("Savage's Station 17.1: a game created straight into the Confederate Movement Phase (nothing to place) rolls by the order activation-roll, before any unit moves or enters and before the phase ends", () => {
    const named = {
      ...counters,
      units: counters.units.filter((u) => u.id !== 'test-us-extra'),
    };
    const g = game(named);
    const s = newGame(g.ctx, g.options, fixedDice([]));
    expect(s).toMatchObject({ turn: 1, phase: 'movement', phasing: 'confederate' });
    const listed = legalOrders(g.ctx, s, 'confederate');
    expect(listed.filter((o) => o.type !== 'resign')).toEqual([
      { type: 'activation-roll', rule: '17.1, 17.2' },
    ]);
    expect(
      refusalOf(s, 'confederate', { type: 'move', unit: 'cs-kershaw', path: ['2217'] }, g.ctx),
    ).toMatchObject({ code: 'ROLL_FIRST', rule: '17.1, 17.2' });
    expect(refusalOf(s, 'confederate', { type: 'end-phase' }, g.ctx)).toMatchObject({
      code: 'ROLL_FIRST',
    });
    const r = accepted(
      s,
      'confederate',
      { type: 'activation-roll', rule: '17.1, 17.2' },
      [6],
      g.ctx,
    );
    expect(r.events[0]).toMatchObject({ purpose: 'reinforcement-table', roll: 6, group: 'D' });
    expect(entries(r.state, 'test-cs-group-d', g.ctx).length).toBeGreaterThan(0);
    expect(
      legalOrders(g.ctx, r.state, 'confederate').some((o) => o.type === 'activation-roll'),
    ).toBe(false);
    expect(
      refusalOf(r.state, 'confederate', { type: 'activation-roll', rule: '17.1, 17.2' }, g.ctx),
    ).toMatchObject({ code: 'NO_ROLL_DUE' });
  });

  it("Savage's Station 17.1: a group with no unit in the game (not supplied) is recorded and brings nothing", () => {
    const without = {
      ...counters,
      units: counters.units.filter((u) => u.id !== 'test-cs-group-b'),
      reinforcements: counters.reinforcements!.filter((r) => !r.units.includes('test-cs-group-b')),
    };
    const g = game(without);
    const { events } = started(4, g.ctx, g.options); // B/a on Game-Turn 1
    expect(events.find((e) => e.purpose === 'reinforcement-table')).toMatchObject({
      result: 'B/a',
      group: 'B',
      units: [],
      decided: 'group B at entry point a: no unit of group B is in this game',
    });
  });

  it("Savage's Station 17.1: a supplied Confederate reinforcement without a group flag enters on its chart turn as 5.0 says", () => {
    const plain = {
      ...counters,
      units: [
        ...counters.units,
        {
          id: 'test-cs-plain',
          side: 'confederate' as const,
          designation: 'Test plain',
          type: 'infantry' as const,
          strength: 3,
        },
      ],
      reinforcements: [
        ...counters.reinforcements!,
        { side: 'confederate' as const, turn: 1, entry: ['0125'], units: ['test-cs-plain'] },
      ],
    };
    const g = game(plain);
    const { state } = started(6, g.ctx, g.options);
    expect(entries(state, 'test-cs-plain', g.ctx).map((o) => o.hex)).toContain('0125');
  });
});

describe("Savage's Station 18.1, 18.2: the Union Command Table (movement-quota, byDie)", () => {
  const base = started(6).state;
  const union = at(base, 1, 'union');
  const moveOf = (s: GameState, unit: string) =>
    legalOrders(ctx, s, 'union').find(
      (o) => o.type === 'move' && (o as { unit?: string }).unit === unit,
    )!;

  it("Savage's Station 18.2: die 1-6 allow 3, 4, 5, 6, 7, 8 units to move", () => {
    const allowed = [1, 2, 3, 4, 5, 6].map(
      (d) =>
        hookStateOf<RolledQuotaState>(rolled(union, 'movement-quota', d).state, QUOTA_KEY, null!)
          .units,
    );
    expect(allowed).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it("Savage's Station 18.1: the roll is made as the Union Movement Phase begins and recorded; a roll of 1 lets 3 units move, the fourth is refused (MOVEMENT_QUOTA)", () => {
    const r = rolled(union, 'movement-quota', 1);
    expect(r.events[0]).toMatchObject({
      type: 'die-rolled',
      purpose: 'movement-quota',
      side: 'union',
      roll: 1,
      modifier: 0,
      units: 3,
    });
    let s = r.state;
    for (const id of ['us-caldwell', 'us-meagher', 'us-hancock'])
      s = accepted(s, 'union', moveOf(s, id)).state;
    expect(legalOrders(ctx, s, 'union').some((o) => o.type === 'move')).toBe(false);
    expect(
      refusalOf(s, 'union', { type: 'move', unit: 'us-mcvicar', path: ['2320'] }),
    ).toMatchObject({ code: 'MOVEMENT_QUOTA', rule: '18.1, 18.2' });
  });

  it("Savage's Station 18.1: no Union unit moves before the roll (ROLL_FIRST); the Confederate is never limited", () => {
    expect(
      refusalOf(union, 'union', { type: 'move', unit: 'us-mcvicar', path: ['2320'] }),
    ).toMatchObject({ code: 'ROLL_FIRST', rule: '18.1, 18.2' });
    const conf = at(base, 1, 'confederate');
    const moves = legalOrders(ctx, conf, 'confederate').filter((o) => o.type === 'move');
    expect(new Set(moves.map((o) => (o as { unit?: string }).unit)).size).toBe(4);
  });

  it("Savage's Station 18.1: +1 to the roll for each two Confederate reinforcement groups that have entered play", () => {
    const units = (placed: Record<string, HexId>, die: number) => {
      const ev = rolled(at(base, 3, 'union', placed), 'movement-quota', die).events[0];
      return [ev.modifier, ev.units];
    };
    expect(units({}, 3)).toEqual([0, 5]);
    expect(units({ 'test-cs-group-a': '0118' }, 3)).toEqual([0, 5]);
    expect(units({ 'test-cs-group-a': '0118', 'test-cs-group-d': '1801' }, 3)).toEqual([1, 6]);
    expect(
      units(
        {
          'test-cs-group-a': '0118',
          'test-cs-group-b': '0119',
          'test-cs-group-c': '0131',
          'test-cs-group-d': '1801',
        },
        3,
      ),
    ).toEqual([2, 7]);
  });

  it("Savage's Station 18.1 (reading): a modified roll above 6 reads the 6 row, 8 units", () => {
    const placed = { 'test-cs-group-a': '0118', 'test-cs-group-d': '1801' };
    const ev = rolled(at(base, 3, 'union', placed), 'movement-quota', 6).events[0];
    expect(ev).toMatchObject({ roll: 6, modifier: 1, row: 6, units: 8 });
  });

  it("Savage's Station 18.1: a group eliminated after entering still counts as having entered play", () => {
    const placed = { 'test-cs-group-a': null, 'test-cs-group-d': '1801' };
    const ev = rolled(at(base, 4, 'union', placed), 'movement-quota', 2).events[0];
    expect(ev).toMatchObject({ modifier: 1, units: 5 });
  });
});

describe("Savage's Station 19.11-19.13: occupation events and the victory point schedule (objective-control, occupation-events)", () => {
  const base = started(6).state;
  /** Savage's Station with no Union unit beside it (the extra test unit and Meagher gone). */
  const open = (turn: number, side: Side, placed: Record<string, HexId | null> = {}) =>
    at(base, turn, side, { 'test-us-extra': null, 'us-meagher': null, ...placed });
  const moveInto = (s: GameState, side: Side, unit: string, hex: HexId) => {
    s = ready(s);
    const o = legalOrders(ctx, s, side).find(
      (x) =>
        x.type === 'move' &&
        (x as { unit?: string }).unit === unit &&
        (x as unknown as { path: HexId[] }).path.slice(-1)[0] === hex,
    );
    if (!o) throw new Error(`${unit} cannot move to ${hex}`);
    return accepted(s, side, o);
  };

  it("Savage's Station 19.13: the Union occupies every objective at the start; its initial occupation is no occurrence (no VP)", () => {
    expect(base.objectives).toEqual({
      '2516': 'union',
      '1835': 'union',
      '3216': 'union',
      '4716': 'union',
    });
    const ev = victoryInputs(ctx, base).events;
    expect(ev).toEqual(['confederate-fails-to-occupy-all-of-1835-3216-4716']);
    expect(victoryPoints(ctx, base, 'union')).toBe(10); // 19.12 ii, as if the game ended now
    expect(victoryPoints(ctx, base, 'confederate')).toBe(0);
  });

  it("Savage's Station 19.11 ii: a Confederate unit entering Savage's Station on Game-Turns 1-3 scores 25 VP, once", () => {
    const s = open(2, 'confederate', { 'cs-kershaw': '2515' });
    const r = moveInto(s, 'confederate', 'cs-kershaw', '2516');
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'objective-first-occupied',
        hex: '2516',
        side: 'confederate',
        turn: 2,
        event: 'confederate-first-occupies-2516-on-game-turn-2',
      }),
    );
    expect(victoryPoints(ctx, r.state, 'confederate')).toBe(25);
    // Leaving and retaking later is no new occurrence.
    const back = moveInto(at(r.state, 5, 'confederate'), 'confederate', 'cs-kershaw', '2515');
    const again = moveInto(at(back.state, 5, 'confederate'), 'confederate', 'cs-kershaw', '2516');
    expect(again.events.some((e) => e.type === 'objective-first-occupied')).toBe(false);
    expect(victoryPoints(ctx, again.state, 'confederate')).toBe(25);
  });

  it("Savage's Station 19.11 ii: first occupied from Game-Turn 4 on, 15 VP instead of 25 (single, exclusive award)", () => {
    const s = open(4, 'confederate', { 'cs-kershaw': '2515' });
    const r = moveInto(s, 'confederate', 'cs-kershaw', '2516');
    expect(victoryInputs(ctx, r.state).events).toContain(
      'confederate-first-occupies-2516-on-game-turn-4',
    );
    expect(victoryPoints(ctx, r.state, 'confederate')).toBe(15);
  });

  it("Savage's Station 19.13: passing through 2516 occupies it (the last to have a unit there)", () => {
    const s = ready(open(1, 'confederate', { 'cs-kershaw': '2515' }));
    const o = legalOrders(ctx, s, 'confederate').find(
      (x) =>
        x.type === 'move' &&
        (x as { unit?: string }).unit === 'cs-kershaw' &&
        (x as unknown as { path: HexId[] }).path[0] === '2516' &&
        (x as unknown as { path: HexId[] }).path.length > 1,
    )!;
    const r = accepted(s, 'confederate', o);
    expect(r.state.objectives['2516']).toBe('confederate');
    expect(victoryPoints(ctx, r.state, 'confederate')).toBe(25);
  });

  it("Savage's Station 19.11 iii (reading): the Union scores 15 VP the first time it retakes 2516 from the Confederate", () => {
    const taken = moveInto(
      open(2, 'confederate', { 'cs-kershaw': '2515' }),
      'confederate',
      'cs-kershaw',
      '2516',
    );
    expect(victoryPoints(ctx, taken.state, 'union')).toBe(10);
    // Kershaw leaves (eliminated); the Confederate still occupies 2516 as the last there.
    const left = at(taken.state, 3, 'union', { 'cs-kershaw': null });
    expect(victoryPoints(ctx, left, 'union')).toBe(10);
    const withRoll = rolled(left, 'movement-quota', 6).state;
    const r = moveInto(withRoll, 'union', 'us-ii-reserve', '2516');
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'objective-first-occupied', side: 'union', turn: 3 }),
    );
    expect(victoryPoints(ctx, r.state, 'union')).toBe(10 + 15);
    expect(victoryPoints(ctx, r.state, 'confederate')).toBe(25);
    // Retaking it again later is no new occurrence.
    expect(hookOf('objective-control').afterOrder!(ctx, r.state, r.state, [])).toBeNull();
  });

  it("Savage's Station 19.12: 5 VP per end objective the Confederate occupies; the Union's 10 VP only while he does not occupy all three", () => {
    const two = {
      ...base,
      objectives: {
        ...base.objectives,
        '3216': 'confederate' as Side,
        '4716': 'confederate' as Side,
      },
    };
    expect(victoryPoints(ctx, two, 'confederate')).toBe(10);
    expect(victoryPoints(ctx, two, 'union')).toBe(10);
    const all = { ...two, objectives: { ...two.objectives, '1835': 'confederate' as Side } };
    expect(victoryInputs(ctx, all).events).toContain('confederate-occupies-all-of-1835-3216-4716');
    expect(victoryPoints(ctx, all, 'confederate')).toBe(15);
    expect(victoryPoints(ctx, all, 'union')).toBe(0);
    // A Union unit standing in 4716 occupies it, whatever the last mover was.
    const stand = at(all, 6, 'union', { 'us-mcvicar': '4716' });
    expect(victoryPoints(ctx, stand, 'confederate')).toBe(10);
    expect(victoryPoints(ctx, stand, 'union')).toBe(10);
  });
});
