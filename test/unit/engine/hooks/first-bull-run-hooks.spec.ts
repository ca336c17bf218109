/**
 * First Bull Run's exclusive rules through the engine, on the shipped
 * scenario and map with labelled test counters (NOT the historical armies:
 * the text holds no unit, 16.1) supplied as a game's options.counters:
 * immobile-until everyUnit (17.1), stacking-override and immobile-until for
 * Runyon's division (17.2), and army-demoralization's rout check (18.0).
 */
import { applyOrder, legalOrders, newGame, prepareGame } from '../../../../src/engine/game';
import { fixedDice } from '../../../../src/engine/dice';
import type { GameState, Order } from '../../../../src/engine/state';
import type { HexId, Side, UnitSpec } from '../../../../src/engine/types';
import { gameScenario } from '../../../../src/engine/scenario/counters';
import { unsupportedHooks, unsupportedReason } from '../../../../src/engine/rules/hooks';
import { routModifiers } from '../../../../src/engine/rules/hooks/army-rout-check';
import { EAST_BANK, BULL_RUN_FORDS } from '../../../../scenarios/second-bull-run/build-map';
import { loadScenario, movementPhaseAt, orderPlay } from '../../scenarios/support';

const { scenario: shipped, map } = loadScenario('first-bull-run');

const unit = (id: string, side: Side, strength = 3): UnitSpec => ({
  id,
  side,
  designation: `Test ${id}`,
  type: 'infantry',
  strength,
});
/** Test counters (NOT history): Runyon filled in, eight more units a side. */
const counters = {
  units: [
    { ...unit('us-runyon', 'union', 4), designation: 'Runyon (test)' },
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((i) => unit(`test-us-${i}`, 'union')),
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((i) => unit(`test-cs-${i}`, 'confederate')),
  ],
};
const options = { counters };
const scenario = gameScenario(shipped, options, map);
const ctx = prepareGame(scenario, map);
const created = newGame(ctx, options, fixedDice([]));

/** Everybody in a hex of their side's area, then the positions a test needs. */
const home: Record<string, HexId> = {};
{
  const areas = shipped.setup.kind === 'free' ? shipped.setup.areas : [];
  const open = { union: [...areas[0].hexes], confederate: [...areas[1].hexes] };
  for (const u of counters.units) home[u.id] = open[u.side].shift()!;
}
const atHome = movementPhaseAt(ctx, created, 1, 'union', home);
/** `base` (else everybody at home) in `side`'s Movement Phase of Game-Turn `turn`, units placed as given. */
const at = (
  turn: number,
  side: Side,
  placed: Record<string, HexId | null> = {},
  base?: GameState,
): GameState => ({ ...movementPhaseAt(ctx, base ?? atHome, turn, side, placed), pending: null });
const { orders, accepted, refusalOf } = orderPlay(ctx);
const pathOf = (o: Order) => (o as unknown as { path: HexId[] }).path;
/** The end of Game-Turn `turn`: the Confederate (Second Player) ends his Movement and Combat Phases; the rout rolls are `dice`. */
function endOfGameTurn(s: GameState, dice: number[]) {
  const moved = accepted(s, 'confederate', { type: 'end-phase' });
  return accepted(moved.state, 'confederate', { type: 'end-phase' }, dice);
}
const eliminated = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, null]));

describe('First Bull Run: every declared special rule is implemented', () => {
  it('First Bull Run 17.1, 17.2, 18.0: no hook of the scenario is refused; with counters the game opens in the set-up phase', () => {
    expect(unsupportedHooks(shipped)).toEqual([]);
    expect(created).toMatchObject({ turn: 1, phase: 'setup', phasing: 'union' });
  });
});

describe('First Bull Run 17.1 Confederate immobility (immobile-until everyUnit)', () => {
  it('First Bull Run 17.1: no Confederate unit may move on Game-Turns 1 and 2', () => {
    for (const turn of [1, 2]) {
      const s = at(turn, 'confederate');
      expect(orders(s, 'confederate', 'move')).toEqual([]);
      expect(orders(s, 'confederate', 'strategic-move')).toEqual([]);
      const to = ctx.map.grid.neighbours(home['test-cs-1'])[0];
      expect(
        refusalOf(s, 'confederate', { type: 'move', unit: 'test-cs-1', path: [to] }),
      ).toMatchObject({ code: 'IMMOBILE', rule: '17.1' });
    }
  });

  it('First Bull Run 17.1: from Game-Turn 3 they move', () => {
    expect(orders(at(3, 'confederate'), 'confederate', 'move', 'test-cs-1').length).toBeGreaterThan(
      0,
    );
  });

  it('First Bull Run 17.1: once a Confederate unit is attacked all are free at once, for good', () => {
    const s = at(1, 'union', { 'test-us-1': '1510', 'test-cs-1': '1511' });
    const combat = accepted(s, 'union', { type: 'end-phase' }).state;
    const attack = orders(combat, 'union', 'attack').find((o) =>
      (o as unknown as { defenders: HexId[] }).defenders.includes('1511'),
    )!;
    expect(attack).toBeDefined();
    const r = accepted(combat, 'union', attack, [3, 3, 3, 3, 3, 3]);
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'immobility-released',
        units: 'all',
        side: 'confederate',
        rule: '17.1',
      }),
    );
    const gt1c = at(1, 'confederate', {}, r.state);
    expect(orders(gt1c, 'confederate', 'move', 'test-cs-2').length).toBeGreaterThan(0);
  });

  it('First Bull Run 17.1: immobility of every unit of a side, not listed ones, is everyUnit; it takes no units or hexes', () => {
    const rule = shipped.specialRules.find((r) => r.case === '17.1')!;
    expect(rule.params).toMatchObject({ side: 'confederate', everyUnit: true, untilTurn: 3 });
    expect(
      unsupportedReason({ ...rule, params: { ...rule.params, units: ['test-cs-1'] } }),
    ).toMatch(/everyUnit/);
  });
});

describe("First Bull Run 17.2 Runyon's division (stacking-override, immobile-until)", () => {
  it("First Bull Run 17.2: no unit may end its move in Runyon's hex (others may pass through, 6.31)", () => {
    const s = at(5, 'union', { 'us-runyon': '2404', 'test-us-1': '2405' });
    const ends = orders(s, 'union', 'move', 'test-us-1').map((o) => pathOf(o).at(-1));
    expect(ends.length).toBeGreaterThan(0);
    expect(ends).not.toContain('2404');
  });

  it('First Bull Run 17.2: Runyon may not move until a Confederate unit has crossed Bull Run', () => {
    const s = at(5, 'union', { 'us-runyon': '2404' });
    expect(orders(s, 'union', 'move', 'us-runyon')).toEqual([]);
    expect(
      refusalOf(s, 'union', { type: 'move', unit: 'us-runyon', path: ['2403'] }),
    ).toMatchObject({ code: 'IMMOBILE', rule: '17.2' });
  });

  it('First Bull Run 17.2: a Confederate unit crossing Bull Run (into a hex east of it) releases Runyon', () => {
    const [west, east] = BULL_RUN_FORDS[1];
    expect(EAST_BANK).toContain(east);
    const s = at(3, 'confederate', { 'test-cs-1': west, 'us-runyon': '2404' });
    const crossing = orders(s, 'confederate', 'move', 'test-cs-1').find((o) =>
      pathOf(o).some((h) => EAST_BANK.includes(h)),
    )!;
    expect(crossing).toBeDefined();
    const r = accepted(s, 'confederate', crossing);
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'immobility-released',
        units: 'all',
        side: 'union',
        rule: '17.2',
      }),
    );
    expect(
      orders(at(4, 'union', {}, r.state), 'union', 'move', 'us-runyon').length,
    ).toBeGreaterThan(0);
  });

  it('First Bull Run 17.2: a game whose players supply no Runyon plays on: the hooks naming us-runyon find no unit', () => {
    const without = { counters: { units: counters.units.filter((u) => u.id !== 'us-runyon') } };
    const c = prepareGame(gameScenario(shipped, without, map), map);
    expect(c.unitSpecs.has('us-runyon')).toBe(false);
    const s = newGame(c, without, fixedDice([]));
    expect(s.phase).toBe('setup');
    const place = legalOrders(c, s, 'union').find((o) => o.type === 'place')!;
    expect(applyOrder(c, s, 'union', place, fixedDice([])).ok).toBe(true);
  });

  it('First Bull Run 17.2: the far bank the release watches is every hex east of Bull Run, the Union set-up area', () => {
    const rule = shipped.specialRules.find(
      (r) => r.case === '17.2' && r.hook === 'immobile-until',
    )!;
    const release = (rule.params!.releaseAll as Array<{ enemyHexes: HexId[] }>)[0];
    expect(release.enemyHexes).toEqual(EAST_BANK);
  });
});

describe('First Bull Run 18.0 army rout check (army-demoralization routCheck)', () => {
  const UNION_LOST = ['test-us-1', 'test-us-2', 'test-us-3', 'test-us-4', 'test-us-5'];
  const CONF_LOST = ['test-cs-1', 'test-cs-2', 'test-cs-3', 'test-cs-4', 'test-cs-5'];
  const shaken = (s: GameState, ids: string[]): GameState => ({
    ...s,
    units: Object.fromEntries(
      Object.entries(s.units).map(([id, u]) => [
        id,
        ids.includes(id) ? { ...u, morale: 'shaken' } : u,
      ]),
    ),
  });

  it('First Bull Run 18.0: each side adds 1 per unit Shaken or Routed and 2 per unit eliminated', () => {
    const s = shaken(at(4, 'confederate', eliminated(UNION_LOST)), ['test-us-6', 'test-us-7']);
    expect(routModifiers(s, 'union')).toEqual({ shakenOrRouted: 2, eliminated: 5 });
    expect(routModifiers(s, 'confederate')).toEqual({ shakenOrRouted: 0, eliminated: 0 });
  });

  it('First Bull Run 18.0: at the end of a Game-Turn both roll, Union first; below 17 play goes on', () => {
    const s = shaken(at(4, 'confederate', eliminated(UNION_LOST)), ['test-us-6', 'test-us-7']);
    const r = endOfGameTurn(s, [4, 6]);
    const rolls = r.events.filter((e) => e.purpose === 'army-rout-check');
    expect(rolls.map((e) => [e.side, e.roll, e.total, e.routed])).toEqual([
      ['union', 4, 16, false],
      ['confederate', 6, 6, false],
    ]);
    expect(r.state).toMatchObject({ phase: 'movement', turn: 5, result: null });
  });

  it('First Bull Run 18.0: a total of 17 routs the army: play stops, the opponent wins a Decisive Victory', () => {
    const s = shaken(at(4, 'confederate', eliminated(UNION_LOST)), ['test-us-6', 'test-us-7']);
    const r = endOfGameTurn(s, [5, 1]);
    expect(r.state.phase).toBe('finished');
    expect(r.state.turn).toBe(4);
    expect(r.state.result).toMatchObject({ winner: 'confederate', level: 'decisive' });
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'army-routed', sides: ['union'], rule: '18.0' }),
    );
    expect(r.events.filter((e) => e.type === 'game-ended')).toHaveLength(1);
  });

  it('First Bull Run 18.0: both armies routing on the same Game-Turn is a Draw', () => {
    const s = at(
      6,
      'confederate',
      eliminated([...UNION_LOST, 'test-us-6', ...CONF_LOST, 'test-cs-6']),
    );
    const r = endOfGameTurn(s, [5, 6]);
    expect(r.state.result).toMatchObject({ winner: null, level: 'draw' });
  });

  it('First Bull Run 18.0: on Game-Turn 8 the check comes before the geographic objectives, which decide only if neither army routs', () => {
    const holding = {
      ...at(8, 'confederate', eliminated(CONF_LOST.slice(0, 2))),
      objectives: { '1207': 'union' as Side, '0813': 'union' as Side },
    };
    const calm = endOfGameTurn(holding, [1, 1]);
    expect(calm.state.result).toMatchObject({ winner: 'union', level: 'marginal' });
    const routed = endOfGameTurn(
      {
        ...holding,
        units: at(8, 'confederate', eliminated([...UNION_LOST, 'test-us-6', 'test-us-7'])).units,
      },
      [4, 1],
    );
    expect(routed.state.result).toMatchObject({ winner: 'confederate', level: 'decisive' });
    expect(routed.events.filter((e) => e.type === 'game-ended')).toHaveLength(1);
  });

  it('First Bull Run 18.0: a rout check with other parameters is refused as not yet supported', () => {
    const rule = shipped.specialRules.find((r) => r.case === '18.0')!;
    const check = (rule.params as { routCheck: Record<string, unknown> }).routCheck;
    expect(unsupportedReason(rule)).toBeNull();
    expect(
      unsupportedReason({ ...rule, params: { routCheck: { ...check, bothRout: 'replay' } } }),
    ).toMatch(/bothRout/);
    expect(
      unsupportedReason({ ...rule, params: { routCheck: { ...check, at: 'end-of-player-turn' } } }),
    ).toMatch(/at/);
  });
});
