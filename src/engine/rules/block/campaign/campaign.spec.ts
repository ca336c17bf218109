/**
 * The campaign engine on the Bobby Lee 1861 scenario (seed 002, 4.24, 3.x,
 * 8.1, 6.1, notes §8): historical set-up on the Eastern map, the sealed
 * initiative bids and the binding bid, Campaign Turns, Pass and the month's
 * end, hex control, the hand-off of a battle to the battle engine, and what
 * each reader sees.
 */
import { fixedDice, keyedDice, type Dice } from '../../../dice';
import { battleLegalOrders } from '../battle';
import { newBattle } from '../battle-scenario';
import { orderOfBattle } from '../data';
import { BLOCK_MAPS } from '../map';
import { battleScenarioFor } from './battles';
import {
  applyCampaignOrder,
  campaignBlocked,
  campaignLegalOrders,
  campaignMustAct,
} from './campaign';
import { fixtureMap, fixtureState, scenarioVictory } from './campaign.fixtures';
import { controller, updateControl } from './control';
import { advanceMonth, endCampaignTurn, nextMonth } from './sequence';
import { newCampaign } from './setup';
import { campaignMapOf } from './terrain';
import type { CampaignOrder, CampaignState, Side } from './types';
import { campaignEventsFor, campaignView } from './view';

const EAST = BLOCK_MAPS.east!;
const MAP = campaignMapOf(EAST);
const hexOf = (loc: string) => EAST.locations[loc].hex;

function play(state: CampaignState, seat: Side, order: CampaignOrder, dice: Dice = fixedDice([])) {
  const r = applyCampaignOrder(state, MAP, seat, order, dice);
  if (!r.ok) throw new Error(`${r.refusal.code} ${r.refusal.rule}: ${r.refusal.message}`);
  return r;
}
const start = (seed = 'h15b') =>
  newCampaign('east-1861', EAST, keyedDice(seed), scenarioVictory('east-1861')).state;
const hq = (s: CampaignState, code: string) => s.blocks.find((b) => b.hq?.code === code)!;
const bids = (s: CampaignState, union: number, confederate: number) =>
  play(play(s, 'union', { type: 'bid', hqs: union }).state, 'confederate', {
    type: 'bid',
    hqs: confederate,
  });

describe('campaign set-up and sequence of play (Bobby Lee 1861)', () => {
  it('B4.24, B4.23: historical deployment puts every 1861 block at its OB type, strength and location', () => {
    const s = start();
    const ob = orderOfBattle('east-1861')!;
    expect(s.blocks).toHaveLength(45);
    for (const side of ['union', 'confederate'] as const) {
      const want = ob.sides[side].units
        .map((u) => `${u.type} ${u.cv} ${EAST.locations[u.location!].hex}`)
        .sort();
      const got = s.blocks
        .filter((b) => b.side === side)
        .map((b) => `${b.type} ${b.cv} ${b.hex}`)
        .sort();
      expect(got).toEqual(want);
    }
    expect(s.blocks.filter((b) => b.hex === hexOf('alexandria'))).toHaveLength(9);
    expect(hq(s, 'CSA')).toMatchObject({
      hex: hexOf('richmond'),
      cv: 2,
      maxCv: 3,
      hq: { supreme: true },
    });
    // Opaque ids: a seeded shuffle, listed by id.
    expect(s.blocks.map((b) => b.id)).toEqual([...s.blocks.map((b) => b.id)].sort());
    expect(start('other').blocks.map((b) => b.type)).not.toEqual(s.blocks.map((b) => b.type));
    expect(start()).toEqual(s);
  });

  it.each([
    ['east-1862', 40, 31],
    ['east-1863', 49, 32],
    ['east-1864', 47, 31],
    ['east-campaign', 25, 20],
  ])(
    'B4.24, B4.21: %s sets up its orders of battle on the map (%i USA, %i CSA blocks)',
    (id, usa, csa) => {
      const s = newCampaign(id, EAST, keyedDice('x'), scenarioVictory(id)).state;
      expect(s.blocks.filter((b) => b.side === 'union')).toHaveLength(usa);
      expect(s.blocks.filter((b) => b.side === 'confederate')).toHaveLength(csa);
      expect(s.blocks.every((b) => b.hex !== null && EAST.hexes[b.hex] && b.cv <= b.maxCv)).toBe(
        true,
      );
      expect(s.month).toBe(id === 'east-campaign' ? '1861-07' : `${id.slice(5)}-05`);
    },
  );

  it('B3.11, B3.0: the first month skips the Replacement Turn and opens the initiative bids; later months begin with it', () => {
    const r = newCampaign('east-1861', EAST, keyedDice('x'), scenarioVictory('east-1861'));
    expect(r.events.map((e) => e.type)).toEqual(['deployed', 'month', 'replacements-skipped']);
    expect(campaignMustAct(r.state)).toEqual({
      seats: ['union', 'confederate'],
      kind: 'initiative-bid',
      simultaneous: true,
    });
    const s = structuredClone(r.state);
    const events: never[] = [];
    advanceMonth(s, events);
    expect(s.month).toBe('1861-08');
    expect(s.phase).toEqual({ name: 'replacements' });
    expect(campaignBlocked(s)).toBeNull();
    expect(campaignMustAct(s)).toEqual({
      seats: ['union', 'confederate'],
      kind: 'replacement-politics',
      simultaneous: true,
    });
    expect(applyCampaignOrder(s, MAP, 'union', { type: 'pass' }, fixedDice([]))).toMatchObject({
      ok: false,
      refusal: { code: 'WRONG_PHASE', rule: '3.22' },
    });
  });

  it('B4.21, B4.31: a scenario ends after October; the campaign goes on through the winter', () => {
    const s = { ...start(), month: '1861-10' };
    advanceMonth(s, []);
    expect(s.phase).toEqual({ name: 'over' });
    const c = { ...start(), month: '1861-10', end: null };
    advanceMonth(c, []);
    expect(c.month).toBe('1861-11');
    expect(nextMonth('1861-12')).toBe('1862-01');
  });

  it('B3.12: bids are 0-4 (A21: no more than the HQs in play), sealed until both are in', () => {
    const s = start();
    expect(campaignLegalOrders(s, MAP, 'union')).toEqual(
      [0, 1, 2, 3, 4].map((hqs) => ({ type: 'bid', hqs })),
    );
    const fewer = structuredClone(s);
    hq(fewer, 'AJ').hex = null;
    hq(fewer, 'AS').hex = null;
    expect(campaignLegalOrders(fewer, MAP, 'union')).toHaveLength(3);
    expect(
      applyCampaignOrder(s, MAP, 'union', { type: 'bid', hqs: 5 }, fixedDice([])),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'ILLEGAL_BID', rule: '3.12' },
    });
    const one = play(s, 'union', { type: 'bid', hqs: 3 });
    expect(campaignMustAct(one.state)).toMatchObject({
      seats: ['confederate'],
      simultaneous: true,
    });
    expect(campaignView(one.state, 'confederate').bids).toMatchObject({
      answers: {},
      answered: ['union'],
    });
    expect(campaignView(one.state, null).bids).toMatchObject({ answers: {} });
    expect(campaignView(one.state, 'union').bids).toMatchObject({ answers: { union: 3 } });
    expect(
      applyCampaignOrder(one.state, MAP, 'union', { type: 'bid', hqs: 1 }, fixedDice([])),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_YOUR_TURN' },
    });
    const two = play(one.state, 'confederate', { type: 'bid', hqs: 2 });
    expect(two.events).toContainEqual(
      expect.objectContaining({
        type: 'initiative',
        bids: { union: 3, confederate: 2 },
        winner: 'union',
      }),
    );
    expect(two.state.active).toBe('union');
  });

  it('B3.12: the CSA wins ties, and the winner must activate exactly his bid on the first turn; the loser is not bound', () => {
    const r = bids(start(), 2, 2);
    expect(r.state.initiative).toEqual({ winner: 'confederate', binding: 2 });
    const first = campaignLegalOrders(r.state, MAP, 'confederate');
    expect(first).toHaveLength(6); // C(4, 2), no pass
    expect(first.every((o) => o.type === 'activate' && o.hqs.length === 2)).toBe(true);
    expect(
      applyCampaignOrder(r.state, MAP, 'confederate', { type: 'pass' }, fixedDice([])),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'BOUND_BY_BID', rule: '3.12' },
    });
    const csa = [hq(r.state, 'CSA').id];
    expect(
      applyCampaignOrder(
        r.state,
        MAP,
        'confederate',
        { type: 'activate', hqs: csa },
        fixedDice([]),
      ),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'BOUND_BY_BID' },
    });
    // The loser's turn, later: every set of his HQs (15) or a Pass.
    const u = structuredClone(r.state);
    u.active = 'union';
    expect(campaignLegalOrders(u, MAP, 'union')).toHaveLength(16);
  });

  it('B3.12: if both bid zero the month passes with no Campaign Turns', () => {
    const r = bids(start(), 0, 0);
    // No Campaign Turn: the month end follows at once (3.3), then the next month's Replacement Turn.
    expect(r.events.map((e) => e.type)).toEqual([
      'bid-sealed',
      'initiative',
      'month-end',
      'victory-track',
      'victory-check',
      'month',
    ]);
    expect(r.state).toMatchObject({ month: '1861-08', turn: 0, phase: { name: 'replacements' } });
  });

  it('B3.4, B3.24: a Pass moves nothing and goes to the Supply Phase; two consecutive Passes end the month, a played turn between does not', () => {
    const r = bids(start(), 1, 0);
    const u = r.state;
    const sm = hq(u, 'USA').id;
    let s = play(u, 'union', { type: 'activate', hqs: [sm] }).state;
    s = play(s, 'union', { type: 'end-moves' }).state;
    s = play(s, 'union', { type: 'end-moves' }).state;
    // 3.24: the Supply Phase (nothing to choose here: every block in supply or within its
    // Forage Limit) ends the turn, which goes to the CSA.
    expect(s.phase).toEqual({ name: 'movement', step: 'activate' });
    expect(s.active).toBe('confederate');
    expect(s.passes).toBe(0);
    const passed = applyCampaignOrder(s, MAP, 'confederate', { type: 'pass' }, fixedDice([]));
    expect(passed.ok && passed.events.map((e) => e.type)).toEqual([
      'pass',
      'supply-check',
      'campaign-turn',
    ]);
    s = (passed.ok && passed.state) as CampaignState;
    expect(s.active).toBe('union');
    expect(s.passes).toBe(1);
    const dice = fixedDice([]);
    const turn = (passed: boolean) => endCampaignTurn(s, passed, dice, []);
    turn(false); // the USA played: the count starts again
    expect(s.passes).toBe(0);
    turn(true);
    turn(true);
    expect(s.phase).toEqual({ name: 'month-end' });
  });

  it('B4.41, B3.21: in November each Campaign Turn rolls for weather until it changes: odd Mud, then it holds', () => {
    const s = {
      ...start(),
      month: '1861-11',
      weather: 'dry' as const,
      phase: { name: 'supply' as const, passed: true },
      active: 'union' as Side,
    };
    const events: Array<Record<string, unknown>> = [];
    endCampaignTurn(s, false, fixedDice([2]), events as never);
    expect(s.weather).toBe('dry');
    endCampaignTurn(s, false, fixedDice([5]), events as never);
    expect(s.weather).toBe('mud');
    expect(s.weatherChanged).toBe(true);
    const before = events.length;
    endCampaignTurn(s, false, fixedDice([]), events as never);
    expect(events.slice(before).some((e) => e.type === 'weather-roll')).toBe(false);
    expect(events.filter((e) => e.type === 'weather-roll').map((e) => e.roll)).toEqual([2, 5]);
  });
});

describe('hex control, battles and the fog of war', () => {
  it("B8.1, B4.51: a hex is its home side's unless the enemy alone occupies it; vacated, it reverts; a battle hex keeps its controller", () => {
    const doc = fixtureMap();
    const s = fixtureState(doc, [{ id: 'u1', side: 'union', type: 'infantry', hex: '0707' }]);
    expect(controller(s, doc, '0707')).toBe('union');
    expect(controller(s, doc, '0303')).toBe('union');
    expect(controller(s, doc, '0606')).toBe('confederate');
    s.blocks.push({ ...s.blocks[0], id: 'e1', side: 'confederate' });
    updateControl(s, doc);
    expect(controller(s, doc, '0707')).toBe('union');
    s.blocks[0].hex = '0303';
    updateControl(s, doc);
    expect(controller(s, doc, '0707')).toBe('confederate');
    s.blocks[1].hex = null;
    updateControl(s, doc);
    expect(controller(s, doc, '0707')).toBe('confederate');
    expect(s.control).toEqual({});
  });

  it('B6.1, B3.23: moving into an enemy hex makes a battle, fought on the battle board and brought back to the map', () => {
    let s = bids(start(), 1, 0).state;
    s = play(s, 'union', { type: 'activate', hqs: [hq(s, 'AS').id] }).state;
    const winchester = hexOf('winchester');
    const attackers = campaignLegalOrders(s, MAP, 'union').filter(
      (o): o is Extract<CampaignOrder, { type: 'move' }> =>
        o.type === 'move' && o.to === winchester && !o.forceMarch,
    );
    expect(attackers.length).toBeGreaterThan(0);
    s = play(s, 'union', attackers[0]).state;
    s = play(s, 'union', { type: 'end-moves' }).state;
    const dice = keyedDice('winchester');
    const r = play(s, 'union', { type: 'end-moves' }, dice);
    expect(r.state.phase).toEqual({ name: 'combat' });
    expect(r.state.battles).toEqual([
      { hex: winchester, attacker: 'union', attackedFrom: [attackers[0].via] },
    ]);
    expect(campaignBlocked(r.state)).toBeNull();
    // The battle engine's input as it stands: the hex's blocks, the attack route.
    const doc = battleScenarioFor(r.state, MAP, r.state.battles[0]);
    expect(
      doc.units
        .filter((u) => u.at === 'battle')
        .map((u) => u.side)
        .sort(),
    ).toEqual(['confederate', 'confederate', 'confederate', 'confederate', 'union']);
    const board = r.state.battle!.state;
    expect(board.attacker).toBe('union');
    expect(board.attackerHexsides).toEqual([attackers[0].via]);
    expect(Object.values(r.state.battle!.blocks).sort()).toEqual(
      doc.units.map((u) => u.key).sort(),
    );
    // The Defender deploys first (6.2): only his orders are listed, wrapped.
    expect(campaignMustAct(r.state)).toEqual({ seats: ['confederate'], kind: 'battle-deploy' });
    expect(campaignLegalOrders(r.state, MAP, 'union')).toEqual([]);
    expect(campaignLegalOrders(r.state, MAP, 'confederate').every((o) => o.type === 'battle')).toBe(
      true,
    );
    expect(newBattle(doc, {}, keyedDice('again')).units).toHaveLength(doc.units.length);
    expect(battleLegalOrders(board, 'confederate').length).toBeGreaterThan(0);
    // Fight it out with seeded random battle orders (deployment first), then back to the map.
    s = r.state;
    const before = new Map(s.blocks.map((b) => [b.id, b]));
    let x = 12345;
    const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 5000 && s.phase.name === 'combat'; i++) {
      const act = campaignMustAct(s)!;
      const list = campaignLegalOrders(s, MAP, act.seats[0]).map(
        (o) => (o as Extract<CampaignOrder, { type: 'battle' }>).order,
      );
      const board = s.battle!.state;
      const undeployed = list.filter(
        (o) =>
          o.type === 'place' &&
          board.units.find((u) => u.id === o.unit)?.place.kind === 'undeployed',
      );
      const end = list.find((o) => o.type === 'end-phase' || o.type === 'deploy-done');
      const others = list.filter((o) => o.type !== 'end-phase' && o.type !== 'deploy-done');
      const order =
        undeployed.length > 0
          ? undeployed[0]
          : end && (others.length === 0 || rnd() < 0.3)
            ? end
            : others[Math.floor(rnd() * others.length)];
      const pick: CampaignOrder = { type: 'battle', order };
      s = play(s, act.seats[0], pick, dice).state;
      for (const reader of ['union', 'confederate', null] as const)
        for (const u of campaignView(s, reader).battle?.board.units ?? [])
          if (u.hidden) expect(u).not.toHaveProperty('cv');
    }
    // The battle over, the USA Supply Phase (nothing to choose) ends his turn (3.24).
    expect(s.phase).toEqual({ name: 'movement', step: 'activate' });
    expect(s.active).toBe('confederate');
    expect(s.battle).toBeNull();
    const ended = s.blocks.filter(
      (b) => before.get(b.id)!.hex === winchester || b.hex === winchester,
    );
    expect(ended.length).toBeGreaterThan(0);
    for (const b of s.blocks) {
      const was = before.get(b.id)!;
      if (b.hex === null) expect(b.cv).toBe(0);
      else expect(b.cv).toBeLessThanOrEqual(was.cv);
      if (b.hex !== was.hex && b.hex !== null)
        expect(MAP.grid.distance(b.hex, winchester)).toBeLessThanOrEqual(1);
    }
    // One side holds Winchester now (6.1: a battle ends when one side has left it).
    const sides = new Set(s.blocks.filter((b) => b.hex === winchester).map((b) => b.side));
    expect(sides.size).toBeLessThanOrEqual(1);
  });

  it('B2.4, B5.11: each seat sees its own blocks whole; of the enemy only side, hex and markers, an active HQ revealed; the public sees no identity', () => {
    let s = bids(start(), 1, 0).state;
    const ap = hq(s, 'AP');
    const r = play(s, 'union', { type: 'activate', hqs: [ap.id] });
    s = r.state;
    const csa = campaignView(s, 'confederate');
    for (const b of csa.blocks) {
      if (b.side === 'confederate') expect(b).toMatchObject({ hidden: false });
      else if (b.id === ap.id)
        expect(b).toMatchObject({ hidden: false, hq: { code: 'AP' }, cv: 3 });
      else
        expect(Object.keys(b).sort()).toEqual([
          'forceMarch',
          'hex',
          'hidden',
          'id',
          'moved',
          'side',
        ]);
    }
    const pub = campaignView(s, null);
    expect(pub.blocks.filter((b) => !b.hidden).map((b) => b.id)).toEqual([ap.id]);
    expect(JSON.stringify(pub.blocks)).not.toContain('Tyler');
    expect(campaignEventsFor(r.events, 'confederate')).toEqual(r.events);
  });
});

describe('one generator for listing and checking (random play)', () => {
  it("a refused order's message does not depend on the order of the order's keys", () => {
    const s = start();
    const refusal = (order: object) =>
      applyCampaignOrder(s, MAP, 'union', order, fixedDice([])) as { refusal: unknown };
    expect(refusal({ type: 'pass', zz: 1, aa: 2 })).toEqual(
      refusal({ aa: 2, type: 'pass', zz: 1 }),
    );
    expect(refusal({ type: 'pass', zz: 1, aa: 2 }).refusal).toMatchObject({
      code: 'BAD_ORDER',
      message: 'unknown field aa in a pass order',
    });
  });

  it("B5.3: results depend on the state's content, not on the order of its keys", () => {
    const reverse = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reverse)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reverse(x)]),
            )
          : v;
    let s = bids(start(), 1, 0).state;
    s = play(s, 'union', { type: 'activate', hqs: [hq(s, 'AP').id] }).state;
    const flipped = reverse(s) as CampaignState;
    const canon = (v: unknown) =>
      JSON.stringify(v, (_k, x: unknown) =>
        x && typeof x === 'object' && !Array.isArray(x)
          ? Object.fromEntries(Object.entries(x).sort())
          : x,
      );
    expect(canon(campaignLegalOrders(flipped, MAP, 'union'))).toBe(
      canon(campaignLegalOrders(s, MAP, 'union')),
    );
    const order = campaignLegalOrders(s, MAP, 'union').find(
      (o) => o.type === 'move' && o.forceMarch,
    )!;
    const a = play(play(s, 'union', order).state, 'union', { type: 'end-moves' }).state;
    const b = play(play(flipped, 'union', order).state, 'union', { type: 'end-moves' }).state;
    const d = [3, 3, 3, 3];
    expect(canon(play(a, 'union', { type: 'end-moves' }, fixedDice(d)))).toBe(
      canon(play(b, 'union', { type: 'end-moves' }, fixedDice(d))),
    );
  });

  it('B5.3, B3.12: every listed order is accepted, an order off the list is refused, and no reader sees a hidden block', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const dice = keyedDice(`play-${seed}`);
      let s = newCampaign('east-1861', EAST, dice, scenarioVictory('east-1861')).state;
      const pick = (n: number) => Math.floor((((dice.d6() - 1) * 6 + dice.d6() - 1) * n) / 36);
      for (let step = 0; step < 200; step++) {
        const act = campaignMustAct(s);
        if (!act) break;
        const seat = act.seats[0];
        const orders = campaignLegalOrders(s, MAP, seat);
        expect(orders.length).toBeGreaterThan(0);
        // Off the list: a move to a hex no order names.
        const off = {
          type: 'move',
          block: s.blocks[0].id,
          to: '0101',
          via: '0102',
          forceMarch: false,
        };
        if (!orders.some((o) => o.type === 'move' && o.to === '0101'))
          expect(applyCampaignOrder(s, MAP, seat, off, dice).ok).toBe(false);
        // Prefer moves so the turn goes somewhere; end-moves comes last in the list.
        const order =
          orders.length > 1 && step % 7 !== 6
            ? orders[pick(orders.length - 1)]
            : orders[orders.length - 1];
        const r = applyCampaignOrder(s, MAP, seat, order, dice);
        if (!r.ok)
          throw new Error(`${seed} ${step} ${JSON.stringify(order)}: ${r.refusal.message}`);
        s = r.state;
        for (const reader of ['union', 'confederate', null] as const)
          for (const b of campaignView(s, reader).blocks)
            if (b.hidden) expect(b).not.toHaveProperty('cv');
            else expect(b.side === reader || b.active).toBe(true);
      }
      // Stopped where the engine stops (campaignBlocked), still playing, or over with a result (4.26).
      expect(['movement', 'combat', 'supply', 'month-end', 'over']).toContain(s.phase.name);
      expect(s.phase.name === 'over').toBe(s.victory.result !== null);
      if (s.battle)
        for (const reader of ['union', 'confederate', null] as const) {
          const v = campaignView(s, reader).battle!;
          for (const u of v.board.units) if (u.hidden) expect(u).not.toHaveProperty('cv');
          for (const id of Object.values(v.blocks))
            expect(s.blocks.find((b) => b.id === id)!.side).toBe(reader);
        }
    }
  });
});
