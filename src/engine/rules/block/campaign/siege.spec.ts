/**
 * Siege in fixed positions (seed 002, 11.8, 11.81, 11.82, 4.511; notes
 * §6.6, A56) on the 9 x 9 test map (rows 1-4 USA, 5-9 CSA; Washington at
 * 0502), and Ft. Monroe's naval supply on the Eastern map.
 */
import { fixedDice, keyedDice } from '../../../dice';
import type { BlockMapLocation } from '../map';
import { BLOCK_MAPS } from '../map';
import { applyCampaignOrder, campaignLegalOrders, campaignMustAct } from './campaign';
import { fixtureMap, fixtureState, scenarioVictory, type FixtureBlock } from './campaign.fixtures';
import { updateControl } from './control';
import { resolveMonthEnd } from './month-end';
import { poolCounts } from './replacements';
import { endMonth } from './sequence';
import { newCampaign } from './setup';
import { besiegedGroups, possibleSieges, removeBesiegedLosses } from './siege';
import { campaignMapOf } from './terrain';
import type { CampaignEvent, CampaignState, Side } from './types';
import { campaignEventsFor } from './view';

const washington: BlockMapLocation = {
  hex: '0502',
  name: 'Washington',
  settlement: 'city',
  side: 'union',
  lat: 0,
  lon: 0,
  source: 'test',
  cited: 'test',
};
const DOC = fixtureMap({ locations: { washington } });
const MAP = campaignMapOf(DOC);

const unit = (id: string, hex: string, side: Side, cv = 2): FixtureBlock => ({
  id,
  side,
  type: 'infantry',
  hex,
  cv,
});
/** CSA blocks on every playable neighbour of `hexes` outside them. */
const ring = (hexes: string[]): FixtureBlock[] =>
  [...new Set(hexes.flatMap((h) => MAP.neighbours(h)))]
    .filter((n) => !hexes.includes(n))
    .sort()
    .map((h) => unit(`c${h}`, h, 'confederate'));

function monthEnd(blocks: FixtureBlock[]): { state: CampaignState; events: CampaignEvent[] } {
  const state = fixtureState(DOC, blocks);
  endMonth(state, []);
  const events: CampaignEvent[] = [];
  resolveMonthEnd(state, MAP, events);
  return { state, events };
}
const block = (s: CampaignState, id: string) => s.blocks.find((b) => b.id === id)!;

describe('siege (fixed positions)', () => {
  it('B11.8: at the month end every unit in a besieged hex loses a step; the besiegers do not', () => {
    const r = monthEnd([
      unit('u1', '0505', 'union', 3),
      unit('u2', '0505', 'union', 2),
      ...ring(['0505']),
    ]);
    expect(r.events[0]).toEqual({ type: 'besieged', side: 'union', hexes: ['0505'], rule: '11.8' });
    expect([block(r.state, 'u1').cv, block(r.state, 'u2').cv]).toEqual([2, 1]);
    expect(r.state.blocks.filter((b) => b.side === 'confederate').every((b) => b.cv === 2)).toBe(
      true,
    );
    // The enemy sees which blocks lost a step, not their strength.
    for (const e of campaignEventsFor(r.events, 'confederate')) expect(e).not.toHaveProperty('cv');
    expect(
      campaignEventsFor(r.events, 'union')
        .filter((e) => e.type === 'siege-loss-detail')
        .map((e) => e.cv),
    ).toEqual([2, 1]);
  });

  it('B11.8: a group of adjacent held hexes is besieged together; one open neighbour lifts it', () => {
    const inside = ['0505', '0605'];
    const s = fixtureState(DOC, [
      unit('u1', '0505', 'union'),
      unit('u2', '0605', 'union'),
      ...ring(inside),
    ]);
    expect(besiegedGroups(s, MAP)).toEqual([{ side: 'union', hexes: inside }]);
    const open = fixtureState(DOC, [
      unit('u1', '0505', 'union'),
      unit('u2', '0605', 'union'),
      ...ring(inside).slice(1),
    ]);
    expect(possibleSieges(open, MAP)).toEqual([]);
  });

  it('B11.82: a besieged unit eliminated by siege attrition is removed for good: it never returns to the pool', () => {
    const r = monthEnd([unit('u1', '0505', 'union', 1), ...ring(['0505'])]);
    expect(block(r.state, 'u1')).toMatchObject({ hex: null, cv: 0, removed: true });
    expect(r.events[1]).toEqual({
      type: 'siege-loss',
      block: 'u1',
      side: 'union',
      hex: '0505',
      eliminated: true,
      removed: true,
      rule: '11.82',
    });
    expect(poolCounts(r.state, 'union').get('infantry')).toBeUndefined();
    // The same block eliminated elsewhere goes back to the pool (12.4).
    const free = structuredClone(r.state);
    delete block(free, 'u1').removed;
    expect(poolCounts(free, 'union').get('infantry')).toBe(1);
  });

  it('B11.82, B11.6: a besieged unit eliminated by supply attrition is removed for good too', () => {
    // Mud: a clear hex forages 2; three 1cv blocks, one loses its step (the owner picks).
    const s = fixtureState(
      DOC,
      [
        unit('u1', '0505', 'union', 1),
        unit('u2', '0505', 'union', 1),
        unit('u3', '0505', 'union', 1),
        ...ring(['0505']),
      ],
      { month: '1861-12' },
    );
    const passed = applyCampaignOrder(s, MAP, 'union', { type: 'pass' }, fixedDice([]));
    if (!passed.ok) throw new Error(passed.refusal.message);
    expect(campaignLegalOrders(passed.state, MAP, 'union')).toHaveLength(3);
    const r = applyCampaignOrder(
      passed.state,
      MAP,
      'union',
      { type: 'supply-loss', block: 'u2' },
      fixedDice([]),
    );
    if (!r.ok) throw new Error(r.refusal.message);
    expect(block(r.state, 'u2')).toMatchObject({ hex: null, removed: true });
    expect(r.events[0]).toMatchObject({
      type: 'supply-loss',
      block: 'u2',
      removed: true,
      rule: '11.82',
    });
  });

  it('B11.81, B4.511: Washington besieged at the month end gives the CSA 1 VP', () => {
    const r = monthEnd([unit('u1', '0502', 'union'), ...ring(['0502'])]);
    expect(r.events.filter((e) => e.type === 'month-vp')).toEqual([
      {
        type: 'month-vp',
        side: 'confederate',
        vp: 1,
        source: 'siege-of-washington',
        rule: '11.81',
      },
    ]);
    expect(r.state.victory.vp).toBe(-1);
    // Not besieged: nothing.
    const open = monthEnd([unit('u1', '0502', 'union'), ...ring(['0502']).slice(1)]);
    expect(open.events.filter((e) => e.type === 'month-vp')).toEqual([]);
  });
});

describe('besieged units lost in battle (fixed positions)', () => {
  it("B11.82: the groups besieged as the active player activates are recorded; their units eliminated in that turn's battles are removed for good, others are not", () => {
    const s = fixtureState(DOC, [
      unit('u1', '0505', 'union'),
      ...ring(['0505']),
      { id: 'hq', side: 'union', type: 'usa-hq', hq: 'AP', hex: '0202', cv: 3 },
      unit('u2', '0707', 'union'),
    ]);
    const r = applyCampaignOrder(s, MAP, 'union', { type: 'activate', hqs: ['hq'] }, fixedDice([]));
    if (!r.ok) throw new Error(r.refusal.message);
    expect(r.state.sieges).toEqual([{ side: 'union', hexes: ['0505'] }]);
    const after = structuredClone(r.state);
    const before = new Map(after.blocks.map((b) => [b.id, b.hex]));
    for (const id of ['u1', 'u2']) Object.assign(block(after, id), { hex: null, cv: 0 });
    const events: CampaignEvent[] = [];
    removeBesiegedLosses(after, before, events);
    expect(block(after, 'u1').removed).toBe(true);
    expect(block(after, 'u2').removed).toBeUndefined();
    expect(events).toEqual([
      { type: 'removed', block: 'u1', side: 'union', hex: '0505', rule: '11.82' },
    ]);
    expect(poolCounts(after, 'union').get('infantry')).toBe(1);
  });
});

describe('surrender (fixed positions)', () => {
  const besieged = (active: Side) =>
    fixtureState(DOC, [unit('u1', '0505', 'union'), ...ring(['0505'])], { active });
  const play = (s: CampaignState, seat: Side, order: unknown) => {
    const r = applyCampaignOrder(s, MAP, seat, order, fixedDice([]));
    if (!r.ok) throw new Error(r.refusal.message);
    return r;
  };

  it('B11.82: the active player may demand the surrender of a besieged enemy group once a turn; its owner accepts or declines', () => {
    const s = besieged('confederate');
    expect(campaignLegalOrders(s, MAP, 'confederate')).toEqual([
      { type: 'demand-surrender', hex: '0505' },
      { type: 'pass' },
    ]);
    const asked = play(s, 'confederate', { type: 'demand-surrender', hex: '0505' });
    expect(campaignMustAct(asked.state)).toEqual({ seats: ['union'], kind: 'surrender-answer' });
    expect(campaignLegalOrders(asked.state, MAP, 'union')).toEqual([
      { type: 'answer-surrender', accept: true },
      { type: 'answer-surrender', accept: false },
    ]);
    expect(campaignLegalOrders(asked.state, MAP, 'confederate')).toEqual([]);
    const declined = play(asked.state, 'union', { type: 'answer-surrender', accept: false });
    expect(block(declined.state, 'u1').hex).toBe('0505');
    // Once a turn: the same group cannot be asked again.
    expect(campaignLegalOrders(declined.state, MAP, 'confederate')).toEqual([{ type: 'pass' }]);
    expect(
      applyCampaignOrder(
        declined.state,
        MAP,
        'confederate',
        { type: 'demand-surrender', hex: '0505' },
        fixedDice([]),
      ),
    ).toMatchObject({ ok: false, refusal: { code: 'ILLEGAL_SURRENDER', rule: '11.82' } });
    const accepted = play(asked.state, 'union', { type: 'answer-surrender', accept: true });
    // Surrendered units are eliminated but may be rebuilt normally (not removed).
    expect(block(accepted.state, 'u1')).toEqual(expect.objectContaining({ hex: null, cv: 0 }));
    expect(block(accepted.state, 'u1').removed).toBeUndefined();
    expect(poolCounts(accepted.state, 'union').get('infantry')).toBe(1);
    expect(accepted.events.map((e) => e.type)).toEqual(['surrender-answered', 'surrendered']);
    // Back to the active player's Movement Phase.
    expect(campaignMustAct(accepted.state)).toEqual({
      seats: ['confederate'],
      kind: 'movement-activate',
    });
  });

  it('B11.82: a besieged player may surrender in his own Campaign Turn, and the enemy must accept', () => {
    const s = besieged('union');
    expect(campaignLegalOrders(s, MAP, 'union')).toEqual([
      { type: 'surrender', hex: '0505' },
      { type: 'pass' },
    ]);
    const r = play(s, 'union', { type: 'surrender', hex: '0505' });
    expect(block(r.state, 'u1')).toMatchObject({ hex: null, cv: 0 });
    expect(r.events.map((e) => e.type)).toEqual(['surrender-offered', 'surrendered']);
    expect(campaignMustAct(r.state)).toEqual({ seats: ['union'], kind: 'movement-activate' });
  });
});

describe('siege and naval supply on the Eastern map', () => {
  it('B11.8, B11.34: Ft. Monroe surrounded by land is not besieged while its naval supply line to Baltimore holds', () => {
    const east = BLOCK_MAPS.east!;
    const map = campaignMapOf(east);
    const s = newCampaign(
      'east-1861',
      east,
      keyedDice('siege-east'),
      scenarioVictory('east-1861'),
    ).state;
    const around = map.neighbours('1321').filter((h) => h !== '1320');
    const csa = s.blocks.filter((b) => b.side === 'confederate' && b.hex === '0811');
    around.forEach((h, i) => (csa[i].hex = h));
    updateControl(s, east);
    expect(possibleSieges(s, map)).toEqual([{ side: 'union', hexes: ['1321'] }]);
    expect(besiegedGroups(s, map)).toEqual([]);
  });
});
