/**
 * Second Bull Run's exclusive rules through the engine, on the shipped
 * scenario and map with a few labelled test units standing in for the
 * at-start armies the text does not print (16.1; the players supply them
 * from their counters): conditional-reinforcements in its die-roll mode
 * (17.3) and edge-zone-prohibition in its "entering" form (18.0). The Line
 * of Communication (19.0) is the line-of-communication hook's, tested in
 * line-of-communication.spec.ts and second-bull-run.spec.ts.
 */
import { newGame, prepareGame } from '../../../../src/engine/game';
import { fixedDice } from '../../../../src/engine/dice';
import type { GameState, Order } from '../../../../src/engine/state';
import type { HexId, ScenarioDocument, Side } from '../../../../src/engine/types';
import { entryHexes } from '../../../../src/engine/rules/blue-grey/reinforcements';
import { unsupportedHooks, unsupportedReason } from '../../../../src/engine/rules/hooks';
import { loadScenario, movementPhaseAt, orderPlay } from '../../scenarios/support';

const { scenario: shipped, map } = loadScenario('second-bull-run');

/** The shipped scenario with test counters for the at-start armies (NOT the historical order of battle). */
const scenario: ScenarioDocument = {
  ...shipped,
  missing: undefined,
  counters: undefined,
  units: [
    ...shipped.units,
    { id: 'us-test-a', side: 'union', designation: 'Test A', type: 'infantry', strength: 4 },
    { id: 'us-test-b', side: 'union', designation: 'Test B', type: 'infantry', strength: 4 },
    { id: 'cs-test-a', side: 'confederate', designation: 'Test A', type: 'infantry', strength: 4 },
  ],
  setup: {
    kind: 'free',
    areas: shipped.setup.kind === 'free' ? shipped.setup.areas : [],
    placements: [
      { unit: 'us-test-a', hex: '1209' },
      { unit: 'us-test-b', hex: '1410' },
      { unit: 'cs-test-a', hex: '1104' },
    ],
  },
};
const ctx = prepareGame(scenario, map);
const start = newGame(ctx, {}, fixedDice([]));
const II_CORPS = [
  'us-crawford',
  'us-gordon',
  'us-candy',
  'us-shlaudecker',
  'us-tait',
  'us-art-ii-va',
];
const KEY = 'conditional-reinforcements:17.3';
const CONDITIONAL = new Set([...II_CORPS, 'us-scammon']);
/** Entries of the conditional units (the chart's other Union arrivals are left waiting in these states). */
const conditionalEntries = (s: GameState) =>
  orders(s, 'union', 'enter').filter((o) => CONDITIONAL.has((o as { unit: string }).unit));
const unitHex = (os: Order[]) => [
  ...new Set(os.map((o) => `${(o as { unit: string }).unit} ${(o as { hex: string }).hex}`)),
];

const at = (
  turn: number,
  side: Side,
  placed: Record<string, HexId | null> = {},
  base: GameState = start,
): GameState => ({ ...movementPhaseAt(ctx, base, turn, side, placed), pending: null });
const { orders, accepted, refusalOf } = orderPlay(ctx);
const lastHex = (o: Order) => {
  const p = (o as unknown as { path: HexId[] }).path;
  return p[p.length - 1];
};
/** From the Confederate Movement Phase of Game-Turn `turn - 1` to the start of the Union Player-Turn of `turn`. */
function toUnionTurn(turn: number, dice: number[], base: GameState = start) {
  const moved = accepted(at(turn - 1, 'confederate', {}, base), 'confederate', {
    type: 'end-phase',
  });
  const r = accepted(moved.state, 'confederate', { type: 'end-phase' }, dice);
  expect(r.state).toMatchObject({ turn, phase: 'movement', phasing: 'union' });
  return r;
}

describe('Second Bull Run: every declared special rule is implemented', () => {
  it('Second Bull Run 17.3, 18.0, 19.0: no hook of the scenario is refused', () => {
    expect(unsupportedHooks(shipped)).toEqual([]);
    expect(start).toMatchObject({ turn: 1, phase: 'movement', phasing: 'union' });
  });
});

describe('Second Bull Run 17.3 Union conditional reinforcements (conditional-reinforcements, die-roll)', () => {
  it('Second Bull Run 17.3: the II Corps is on the chart for Game-Turn 10 but may not enter before its die roll succeeds', () => {
    const s = at(10, 'union');
    expect(orders(s, 'union', 'enter', 'us-crawford')).toEqual([]);
    expect(
      refusalOf(s, 'union', { type: 'enter', unit: 'us-crawford', hex: '0116', path: ['0116'] }),
    ).toMatchObject({ code: 'REINFORCEMENT_NOT_ARRIVED', rule: '17.3' });
  });

  it('Second Bull Run 17.3: no roll before Game-Turn 10; at the start of the Union Player-Turn of Game-Turn 10 one roll, a 5 brings nothing', () => {
    const gt9 = toUnionTurn(9, []);
    expect(gt9.events.filter((e) => e.purpose === 'conditional-reinforcements')).toEqual([]);
    const r = toUnionTurn(10, [5]);
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'die-rolled',
        purpose: 'conditional-reinforcements',
        group: 'II Corps',
        turn: 10,
        roll: 5,
        arrived: false,
        rule: '17.3',
      }),
    );
    expect(r.state.hookState[KEY]).toEqual({ rolled: { 'II Corps': [10] }, arrived: {} });
    expect(orders(r.state, 'union', 'enter', 'us-crawford')).toEqual([]);
    // One roll per Player-Turn: a later order of the same phase rolls nothing.
    const again = accepted(r.state, 'union', orders(r.state, 'union', 'move', 'us-test-a')[0]);
    expect(again.events.some((e) => e.purpose === 'conditional-reinforcements')).toBe(false);
  });

  it('Second Bull Run 17.3: on a 6 the II Corps arrives at 0116 and must be brought into play (may not decline)', () => {
    const r = toUnionTurn(10, [6]);
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'reinforcements-arrived',
        group: 'II Corps',
        units: II_CORPS,
      }),
    );
    const entries = conditionalEntries(r.state);
    expect(new Set(entries.map((o) => (o as { unit: string }).unit))).toEqual(new Set(II_CORPS));
    expect(entries.every((o) => (o as { hex: string }).hex === '0116')).toBe(true);
    expect(orders(r.state, 'union', 'end-phase')).toEqual([]);
    expect(refusalOf(r.state, 'union', { type: 'end-phase' })).toMatchObject({
      code: 'REINFORCEMENTS_MUST_ENTER',
      rule: '17.3',
    });
    // Once every unit that can enter has entered (or none can), the phase may end.
    let s = r.state;
    for (let i = 0; i < 10 && orders(s, 'union', 'end-phase').length === 0; i++) {
      const next = conditionalEntries(s)[0];
      s = accepted(s, 'union', next).state;
    }
    expect(orders(s, 'union', 'end-phase')).toHaveLength(1);
    const stillWaiting = II_CORPS.filter((id) => s.units[id].status === 'pending');
    for (const id of stillWaiting) expect(orders(s, 'union', 'enter', id)).toEqual([]);
  });

  it('Second Bull Run 17.3, 5.4: an arrived group that cannot enter (an Enemy unit in 0116) does not hold up the phase', () => {
    const r = toUnionTurn(10, [6], at(9, 'confederate', { 'cs-test-a': '0116' }));
    expect(conditionalEntries(r.state)).toEqual([]);
    expect(orders(r.state, 'union', 'end-phase')).toHaveLength(1);
  });

  it('Second Bull Run 17.3: from Game-Turn 12 the Kanawha Division rolls too, a separate roll for each group while the II Corps has not arrived', () => {
    const r = toUnionTurn(12, [3, 6]);
    const rolls = r.events.filter((e) => e.purpose === 'conditional-reinforcements');
    expect(rolls.map((e) => [e.group, e.roll, e.arrived])).toEqual([
      ['II Corps', 3, false],
      ['Kanawha Division', 6, true],
    ]);
    expect(unitHex(conditionalEntries(r.state))).toEqual(['us-scammon 1827']);
    // Once arrived a group is not rolled for again; the other still is.
    const later = toUnionTurn(13, [2], {
      ...r.state,
      units: {
        ...r.state.units,
        'us-scammon': { ...r.state.units['us-scammon'], status: 'on-map', hex: '1826' },
      },
    });
    expect(
      later.events.filter((e) => e.purpose === 'conditional-reinforcements').map((e) => e.group),
    ).toEqual(['II Corps']);
  });

  it('Second Bull Run 17.3, 5.5: on the Game-Turn it arrives a group enters at 0116 only, even after Game-Turns it could not enter', () => {
    // Game-Turn 10, no roll yet, and a Confederate unit in 0116: the II Corps could not enter and is marked under 5.5.
    const held = toUnionTurn(10, [1], at(9, 'confederate', { 'cs-test-a': '0116' })).state;
    const gt10 = accepted(held, 'union', { type: 'end-phase' });
    expect(gt10.state.blockedReinforcements).toEqual(expect.arrayContaining(II_CORPS));
    const gt11 = toUnionTurn(11, [6], at(10, 'confederate', { 'cs-test-a': '1104' }, gt10.state));
    expect(entryHexes(ctx, gt11.state, gt11.state.units['us-crawford'])).toEqual(['0116']);
    // A unit still waiting on a later Game-Turn (it could not enter on its arrival turn) has 5.5's hexes.
    const gt12 = at(12, 'union', {}, gt11.state);
    expect(entryHexes(ctx, gt12, gt12.units['us-crawford']).length).toBeGreaterThan(1);
  });

  it('Second Bull Run 17.3: a declaration with a roll time or a shared roll the hook does not implement is refused', () => {
    const rule = shipped.specialRules.find((r) => r.case === '17.3')!;
    expect(unsupportedReason(rule)).toBeNull();
    expect(
      unsupportedReason({ ...rule, params: { ...rule.params, rollAt: 'end-of-game-turn' } }),
    ).toMatch(/rollAt/);
    expect(
      unsupportedReason({ ...rule, params: { ...rule.params, separateRollPerGroup: false } }),
    ).toMatch(/separateRollPerGroup/);
  });
});

describe('Second Bull Run 18.0 the four westernmost hex rows (edge-zone-prohibition, entering)', () => {
  it('Second Bull Run 18.0: before Game-Turn 5 a Union unit may not step into columns 01-04 from outside them', () => {
    const s = at(4, 'union', { 'us-test-a': '0516' });
    const ends = orders(s, 'union', 'move', 'us-test-a').map(lastHex);
    expect(ends.length).toBeGreaterThan(0);
    expect(ends.some((h) => Number(h.slice(0, 2)) <= 4)).toBe(false);
    expect(
      refusalOf(s, 'union', { type: 'move', unit: 'us-test-a', path: ['0416'] }),
    ).toMatchObject({
      code: 'EDGE_ZONE_PROHIBITED',
      rule: '18.0',
    });
    const gt5 = at(5, 'union', { 'us-test-a': '0516' });
    expect(orders(gt5, 'union', 'move', 'us-test-a').map(lastHex)).toContain('0416');
  });

  it('Second Bull Run 18.0, 17.1: Buford enters at 0116 inside the rows (the exempt entry hex) and may move on within them and out', () => {
    const entries = orders(start, 'union', 'enter', 'us-buford');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((o) => (o as { hex: string }).hex === '0116')).toBe(true);
    const ends = entries.map(lastHex);
    expect(ends).toContain('0216');
    expect(ends.some((h) => Number(h.slice(0, 2)) >= 5)).toBe(true);
  });

  it('Second Bull Run 18.0: once out of the rows a unit may not step back in on its way', () => {
    const s = at(3, 'union', { 'us-buford': '0416' });
    const moves = orders(s, 'union', 'move', 'us-buford');
    const back = moves.filter((o) => {
      const p = (o as unknown as { path: HexId[] }).path;
      const out = p.findIndex((h) => Number(h.slice(0, 2)) >= 5);
      return out >= 0 && p.slice(out).some((h) => Number(h.slice(0, 2)) <= 4);
    });
    expect(moves.length).toBeGreaterThan(0);
    expect(back).toEqual([]);
  });

  it('Second Bull Run 18.0, 5.5: before Game-Turn 5 only the exempt 0116 of the entry hexes inside the rows is open; from Game-Turn 5 the 5.5 hexes too', () => {
    const blocked = { ...at(4, 'union'), blockedReinforcements: ['us-buford'] };
    expect(entryHexes(ctx, blocked, blocked.units['us-buford'])).toEqual(['0116']);
    const gt5 = { ...at(5, 'union'), blockedReinforcements: ['us-buford'] };
    expect(entryHexes(ctx, gt5, gt5.units['us-buford']).length).toBeGreaterThan(1);
  });

  it('Second Bull Run 18.0: Confederate units are not restricted (Longstreet enters on the west edge on Game-Turn 4)', () => {
    const s = at(4, 'confederate');
    const hexes = new Set(
      orders(s, 'confederate', 'enter', 'cs-armistead').map((o) => (o as { hex: string }).hex),
    );
    expect(hexes.size).toBeGreaterThan(20);
  });

  it('Second Bull Run 18.0: entryHexesExempt is refused with the Hooker and Lee form (moving in the zone)', () => {
    const rule = shipped.specialRules.find((r) => r.case === '18.0')!;
    expect(unsupportedReason(rule)).toBeNull();
    const { forbids: _f, ...rest } = rule.params as Record<string, unknown>;
    void _f;
    expect(unsupportedReason({ ...rule, params: rest })).toMatch(/entryHexesExempt/);
  });
});
