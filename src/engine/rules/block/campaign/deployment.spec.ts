/**
 * Free deployment (seed 002, 4.25; notes §10 D4): fixed positions on the
 * 9x9 test map (campaign.fixtures.ts), counting the legal placement orders,
 * and the 1861 scenario opened with free deployment up to its first bids.
 */
import { fixedDice, keyedDice, type Dice } from '../../../dice';
import { BLOCK_MAPS } from '../map';
import { applyCampaignOrder, campaignLegalOrders, campaignMustAct } from './campaign';
import { fixtureMap, fixtureState, scenarioVictory, type FixtureBlock } from './campaign.fixtures';
import { openFreeDeployment } from './deployment';
import { newCampaign } from './setup';
import { campaignMapOf, type CampaignMap } from './terrain';
import type { CampaignState, Side } from './types';
import { campaignEventsFor, campaignView } from './view';

const DOC = fixtureMap();
const MAP = campaignMapOf(DOC);

// USA: an HQ and an infantry in 0202, a cavalry in 0303; CSA: one block in 0707, one in 0909.
const BLOCKS: FixtureBlock[] = [
  { id: 'ap', side: 'union', type: 'usa-hq', hq: 'AP', hex: '0202', cv: 3 },
  { id: 'u1', side: 'union', type: 'infantry', hex: '0202', cv: 3 },
  { id: 'u2', side: 'union', type: 'cavalry', hex: '0303', cv: 2 },
  { id: 'c1', side: 'confederate', type: 'infantry', hex: '0707', cv: 4 },
  { id: 'c2', side: 'confederate', type: 'artillery', hex: '0909', cv: 3 },
];

function opened(): CampaignState {
  const s = fixtureState(DOC, BLOCKS, {
    month: '1861-07',
    start: '1861-07',
    phase: { name: 'initiative' },
  });
  s.active = null;
  s.turn = 0;
  openFreeDeployment(s);
  return s;
}

function play(
  state: CampaignState,
  seat: Side,
  order: unknown,
  dice: Dice = fixedDice([]),
  map: CampaignMap = MAP,
) {
  const r = applyCampaignOrder(state, map, seat, order, dice);
  if (!r.ok) throw new Error(`${r.refusal.code} ${r.refusal.rule}: ${r.refusal.message}`);
  return r;
}
const refusal = (state: CampaignState, seat: Side, order: unknown) => {
  const r = applyCampaignOrder(state, MAP, seat, order, fixedDice([]));
  return r.ok ? null : r.refusal;
};
const shown = (s: CampaignState, side: Side) =>
  s.blocks
    .filter((b) => b.side === side)
    .map((b) => `${b.type} ${b.cv} ${b.hex}`)
    .sort();

describe('free deployment (fixed positions)', () => {
  it('B4.25: both sides deploy at once, sealed; each block may go to each other location of its side, and the deployment may end as it stands', () => {
    const s = opened();
    expect(s.phase).toEqual({ name: 'deployment' });
    expect(s.deployment!.locations).toEqual({
      union: { '0202': 2, '0303': 1 },
      confederate: { '0707': 1, '0909': 1 },
    });
    expect(campaignMustAct(s)).toEqual({
      seats: ['union', 'confederate'],
      kind: 'free-deployment',
      simultaneous: true,
    });
    // Three blocks, one other location each, and the end.
    expect(campaignLegalOrders(s, MAP, 'union')).toEqual([
      { type: 'place', block: 'ap', hex: '0303' },
      { type: 'place', block: 'u1', hex: '0303' },
      { type: 'place', block: 'u2', hex: '0202' },
      { type: 'end-deployment' },
    ]);
    expect(campaignLegalOrders(s, MAP, 'confederate')).toHaveLength(3);
  });

  it('B4.25: a location must keep its number of units: while one holds more or fewer, the deployment may not end', () => {
    const s = play(opened(), 'union', { type: 'place', block: 'ap', hex: '0303' }).state;
    const orders = campaignLegalOrders(s, MAP, 'union');
    expect(orders).toEqual([
      { type: 'place', block: 'ap', hex: '0202' },
      { type: 'place', block: 'u1', hex: '0303' },
      { type: 'place', block: 'u2', hex: '0202' },
    ]);
    expect(refusal(s, 'union', { type: 'end-deployment' })).toMatchObject({
      code: 'UNBALANCED_DEPLOYMENT',
      rule: '4.25',
    });
    const balanced = play(s, 'union', { type: 'place', block: 'u2', hex: '0202' }).state;
    expect(campaignLegalOrders(balanced, MAP, 'union')).toContainEqual({ type: 'end-deployment' });
  });

  it("B4.25: a block goes only to another of its own side's locations; an enemy block is refused as an unknown one is", () => {
    const s = opened();
    expect(refusal(s, 'union', { type: 'place', block: 'u1', hex: '0404' })).toMatchObject({
      code: 'ILLEGAL_PLACEMENT',
      rule: '4.25',
    });
    expect(refusal(s, 'union', { type: 'place', block: 'u1', hex: '0707' })?.code).toBe(
      'ILLEGAL_PLACEMENT',
    );
    expect(refusal(s, 'union', { type: 'place', block: 'u1', hex: '0202' })?.code).toBe(
      'ILLEGAL_PLACEMENT',
    );
    const enemy = refusal(s, 'union', { type: 'place', block: 'c1', hex: '0303' });
    const unknown = refusal(s, 'union', { type: 'place', block: 'zz', hex: '0303' });
    expect(enemy!.message.replace('c1', 'X')).toBe(unknown!.message.replace('zz', 'X'));
    expect(refusal(s, 'union', { type: 'place', block: 'u1', hex: '0303', cv: 3 })).toMatchObject({
      code: 'BAD_ORDER',
    });
    expect(refusal(s, 'union', { type: 'place', block: 'u1' })).toMatchObject({
      code: 'BAD_ORDER',
      rule: '4.25',
    });
    expect(refusal(s, 'union', { type: 'bid', hqs: 0 })).toMatchObject({
      code: 'WRONG_PHASE',
      rule: '3.12',
    });
  });

  it('B4.25: each side sees only its own placements until both have ended', () => {
    const r = play(opened(), 'union', { type: 'place', block: 'u2', hex: '0202' });
    expect(r.events).toEqual([
      { type: 'placed', block: 'u2', from: '0303', hex: '0202', rule: '4.25', visibleTo: 'union' },
    ]);
    expect(campaignEventsFor(r.events, 'confederate')).toEqual([]);
    const csa = campaignView(r.state, 'confederate');
    expect(csa.deployment!.plans).toEqual({ confederate: { c1: '0707', c2: '0909' } });
    expect(csa.deployment!.locations.union).toEqual({ '0202': 2, '0303': 1 });
    // The blocks themselves stay where they were set up until the reveal.
    expect(csa.blocks.find((b) => b.id === 'u2')).toMatchObject({ hex: '0303', hidden: true });
    expect(campaignView(r.state, null).deployment!.plans).toEqual({});
    expect(campaignView(r.state, 'union').deployment!.plans.union).toMatchObject({ u2: '0202' });
    const sealed = play(
      play(r.state, 'union', { type: 'place', block: 'u1', hex: '0303' }).state,
      'union',
      { type: 'end-deployment' },
    );
    expect(sealed.events).toEqual([{ type: 'deployment-sealed', side: 'union', rule: '4.25' }]);
    expect(campaignView(sealed.state, 'confederate').deployment!.round).toMatchObject({
      answers: {},
      answered: ['union'],
    });
    expect(campaignMustAct(sealed.state)!.seats).toEqual(['confederate']);
    expect(campaignLegalOrders(sealed.state, MAP, 'union')).toEqual([]);
    expect(refusal(sealed.state, 'union', { type: 'place', block: 'ap', hex: '0303' })?.code).toBe(
      'NOT_YOUR_TURN',
    );
  });

  it('B4.25, B4.23: once both have ended the blocks stand where they were placed, at their strength, with fresh ids, and the first month opens its bids', () => {
    let s = opened();
    s = play(s, 'union', { type: 'place', block: 'u2', hex: '0202' }).state;
    s = play(s, 'union', { type: 'place', block: 'ap', hex: '0303' }).state;
    s = play(s, 'confederate', { type: 'place', block: 'c1', hex: '0909' }).state;
    s = play(s, 'confederate', { type: 'place', block: 'c2', hex: '0707' }).state;
    s = play(s, 'union', { type: 'end-deployment' }).state;
    const r = play(s, 'confederate', { type: 'end-deployment' }, keyedDice('free'));
    const t = r.state;
    expect(shown(t, 'union')).toEqual(['cavalry 2 0202', 'infantry 3 0202', 'usa-hq 3 0303']);
    expect(shown(t, 'confederate')).toEqual(['artillery 3 0707', 'infantry 4 0909']);
    expect(t.blocks.map((b) => b.id).sort()).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']);
    expect(t.blocks.map((b) => b.id)).toEqual([...t.blocks.map((b) => b.id)].sort());
    expect(t.deployment).toBeNull();
    expect(t.phase).toEqual({ name: 'initiative' });
    expect(campaignMustAct(t)).toMatchObject({
      kind: 'initiative-bid',
      seats: ['union', 'confederate'],
    });
    expect(r.events.map((e) => e.type)).toEqual([
      'deployment-sealed',
      'deployed',
      'month',
      'replacements-skipped',
    ]);
    expect(r.events[1]).toMatchObject({ rule: '4.25', blocks: 5 });
    expect(r.events.every((e) => e.visibleTo === undefined)).toBe(true);
  });
});

describe('free deployment on the 1861 scenario', () => {
  const EAST = BLOCK_MAPS.east!;
  const EAST_MAP = campaignMapOf(EAST);

  it('B4.25: the 1861 game with free deployment lists every block to every other location of its side, and reaches the first initiative bids', () => {
    const historical = newCampaign(
      'east-1861',
      EAST,
      keyedDice('free61'),
      scenarioVictory('east-1861'),
    ).state;
    const { state, events } = newCampaign(
      'east-1861',
      EAST,
      keyedDice('free61'),
      scenarioVictory('east-1861'),
      {
        deployment: 'free',
      },
    );
    expect(events).toEqual([
      { type: 'free-deployment', rule: '4.25', scenario: 'east-1861', month: '1861-07' },
    ]);
    expect(state.phase).toEqual({ name: 'deployment' });
    expect(state.blocks).toEqual(historical.blocks);
    for (const side of ['union', 'confederate'] as const) {
      const mine = historical.blocks.filter((b) => b.side === side);
      const locations = new Set(mine.map((b) => b.hex)).size;
      expect(campaignLegalOrders(state, EAST_MAP, side)).toHaveLength(
        mine.length * (locations - 1) + 1,
      );
    }
    // The USA swaps an HQ with a block of another location; the CSA keeps the historical set-up.
    const hqBlock = state.blocks.find((b) => b.side === 'union' && b.hq)!;
    const other = state.blocks.find((b) => b.side === 'union' && b.hex !== hqBlock.hex)!;
    let s = play(
      state,
      'union',
      { type: 'place', block: hqBlock.id, hex: other.hex },
      fixedDice([]),
      EAST_MAP,
    ).state;
    s = play(
      s,
      'union',
      { type: 'place', block: other.id, hex: hqBlock.hex },
      fixedDice([]),
      EAST_MAP,
    ).state;
    s = play(s, 'union', { type: 'end-deployment' }, fixedDice([]), EAST_MAP).state;
    const r = play(s, 'confederate', { type: 'end-deployment' }, keyedDice('reveal'), EAST_MAP);
    const t = r.state;
    expect(t.phase).toEqual({ name: 'initiative' });
    expect(campaignMustAct(t)).toMatchObject({ kind: 'initiative-bid' });
    expect(campaignLegalOrders(t, EAST_MAP, 'union').length).toBeGreaterThan(1);
    expect(shown(t, 'confederate')).toEqual(shown(historical, 'confederate'));
    const swapped = historical.blocks
      .filter((b) => b.side === 'union')
      .map((b) => {
        const hex = b.id === hqBlock.id ? other.hex : b.id === other.id ? hqBlock.hex : b.hex;
        return `${b.type} ${b.cv} ${hex}`;
      })
      .sort();
    expect(swapped).not.toEqual(shown(historical, 'union'));
    expect(shown(t, 'union')).toEqual(swapped);
    expect(t.control).toEqual(historical.control);
    expect(t.victory).toEqual(historical.victory);
  });
  it('B4.25: on the 1861 map every listed placement is accepted, and end-deployment is listed exactly while each location holds its historical count', () => {
    const { state } = newCampaign(
      'east-1861',
      EAST,
      keyedDice('free61'),
      scenarioVictory('east-1861'),
      {
        deployment: 'free',
      },
    );
    const pick = keyedDice('placements');
    let s = state;
    for (let i = 0; i < 40; i++) {
      const side: Side = i % 2 === 0 ? 'union' : 'confederate';
      const orders = campaignLegalOrders(s, EAST_MAP, side);
      const places = orders.filter((o) => o.type === 'place');
      const order = places[(pick.d6() * 6 + pick.d6()) % places.length];
      s = play(s, side, order, fixedDice([]), EAST_MAP).state;
      const counts: Record<string, number> = {};
      for (const hex of Object.values(s.deployment!.plans[side]))
        counts[hex] = (counts[hex] ?? 0) + 1;
      const balanced = Object.keys({ ...counts, ...s.deployment!.locations[side] }).every(
        (h) => (counts[h] ?? 0) === (s.deployment!.locations[side][h] ?? 0),
      );
      const listed = campaignLegalOrders(s, EAST_MAP, side).some(
        (o) => o.type === 'end-deployment',
      );
      expect(listed).toBe(balanced);
      if (!balanced)
        expect(
          applyCampaignOrder(s, EAST_MAP, side, { type: 'end-deployment' }, fixedDice([])).ok,
        ).toBe(false);
    }
    // The blocks themselves have not moved: the placements wait for the reveal.
    expect(s.blocks).toEqual(state.blocks);
  });
});
