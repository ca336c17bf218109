/**
 * The draft and Emancipation (seed 002, 4.53, 4.55, 12.1; notes §7.3, §7.5,
 * A51, A58, A68) in fixed positions on the 9 x 9 test map: the sealed
 * political choices counted, the Draft's dice, cadres and VPs, Emancipation's
 * conditions, VPs and doubled CSA RPs.
 *
 * The test map: USA City at 0302 (rows 1-4 USA Home Territory), CSA City at
 * 0307; so each side has one cadre site, taking three.
 */
import { fixedDice, type Dice } from '../../../dice';
import type { BlockMapLocation } from '../map';
import { applyCampaignOrder, campaignLegalOrders, campaignMustAct } from './campaign';
import { fixtureMap, fixtureState, type FixtureBlock } from './campaign.fixtures';
import { recordBattleResult } from './draft';
import { replacementPoints } from './replacements';
import { beginMonth } from './sequence';
import { campaignMapOf } from './terrain';
import type { CampaignOrder, CampaignState, Side } from './types';
import { campaignEventsFor, campaignView } from './view';

const city = (hex: string, side: Side): BlockMapLocation => ({
  hex,
  name: `City ${hex}`,
  settlement: 'city',
  side,
  lat: 0,
  lon: 0,
  source: 'test fixture',
  cited: '12.41',
});
const DOC = fixtureMap({
  locations: { north: city('0302', 'union'), south: city('0307', 'confederate') },
  hexes: { '0302': { location: 'north' }, '0307': { location: 'south' } },
});
const MAP = campaignMapOf(DOC);
const noDice: Dice = fixedDice([]);

function play(state: CampaignState, seat: Side, order: CampaignOrder, dice: Dice = noDice) {
  const r = applyCampaignOrder(state, MAP, seat, order, dice);
  if (!r.ok) throw new Error(`${r.refusal.code} ${r.refusal.rule}: ${r.refusal.message}`);
  return r;
}
const politics = (draft: boolean, emancipation = false): CampaignOrder => ({
  type: 'politics',
  draft,
  emancipation,
});

/** The Replacement Turn of `month` (its political choices open). */
function turn(
  month: string,
  pool: Partial<CampaignState['pool']> = {},
  blocks: FixtureBlock[] = [],
  scenario = 'east-1861',
): CampaignState {
  const s = fixtureState(DOC, blocks, { month, start: '1861-07', pool });
  s.scenario = scenario;
  beginMonth(s, []);
  return s;
}

describe('the political choices (12.1, A68)', () => {
  it('B12.1, B4.53: sealed: each side may Draft or not (2 orders each); neither sees the other until both answer', () => {
    const s = turn('1861-08');
    expect(campaignMustAct(s)).toEqual({
      seats: ['union', 'confederate'],
      kind: 'replacement-politics',
      simultaneous: true,
    });
    expect(campaignLegalOrders(s, MAP, 'union')).toEqual([politics(false), politics(true)]);
    expect(campaignLegalOrders(s, MAP, 'confederate')).toEqual([politics(false), politics(true)]);
    const r = play(s, 'union', politics(true));
    expect(r.events).toEqual([{ type: 'politics-sealed', side: 'union', rule: '12.1' }]);
    expect(campaignView(r.state, 'confederate').replacements!.politics.answers).toEqual({});
    expect(campaignView(r.state, 'union').replacements!.politics.answers).toEqual({
      union: { draft: true, emancipation: false },
    });
    expect(campaignMustAct(r.state)!.seats).toEqual(['confederate']);
    // Spending waits for the political choices.
    expect(
      applyCampaignOrder(r.state, MAP, 'union', { type: 'end-replacements' }, noDice),
    ).toMatchObject({ ok: false, refusal: { code: 'NOT_YOUR_TURN' } });
  });
});

describe('the Draft (4.53)', () => {
  it('B4.53: the USA rolls 1d3+1 free Infantry, Brigade or Garrison cadres and the CSA scores 1 VP', () => {
    const s = turn('1861-08', { union: { infantry: 5, cavalry: 1 } });
    const vp = s.victory.vp;
    const u = play(s, 'union', politics(true)).state;
    // A die of 5 is a d3 of 3: 4 cadres.
    const r = play(u, 'confederate', politics(false), fixedDice([5]));
    expect(r.events.filter((e) => e.type === 'draft')).toEqual([
      { type: 'draft', side: 'union', roll: 3, cadres: 4, nth: 1, rule: '4.53' },
    ]);
    expect(r.state.victory.vp).toBe(vp - 1);
    expect(r.state.politics.drafts).toEqual([{ side: 'union', month: '1861-08' }]);
    expect(campaignMustAct(r.state)).toMatchObject({ kind: 'replacements' });
    // Three Infantry cadres free at the City (its room), 12 RPs still unspent.
    let t = r.state;
    for (let i = 0; i < 3; i++)
      t = play(t, 'union', { type: 'muster', unit: 'infantry', hex: '0302' }).state;
    expect(replacementPoints(t, DOC, 'union').rps).toBe(12);
    const last = play(t, 'union', { type: 'end-replacements' });
    const done = play(last.state, 'confederate', { type: 'end-replacements' }, fixedDice([1, 1]));
    expect(campaignEventsFor(done.events, 'union').filter((e) => e.side === 'union')).toEqual(
      expect.arrayContaining([
        { type: 'rps-lost', side: 'union', rps: 12, visibleTo: 'union', rule: '12.2' },
        { type: 'draft-cadres-lost', side: 'union', cadres: 1, visibleTo: 'union', rule: '4.53' },
      ]),
    );
    expect(done.state.blocks.filter((b) => b.hex === '0302')).toHaveLength(3);
  });

  it('B4.53: a free draft cadre goes to the first Infantry, Brigade or Garrison raised; other types pay', () => {
    const s = turn('1861-08', { confederate: { infantry: 2, cavalry: 1 } });
    const u = play(s, 'union', politics(false)).state;
    // CSA 1d3: a die of 1 is 1 cadre.
    let t = play(u, 'confederate', politics(true), fixedDice([1])).state;
    t = play(t, 'confederate', { type: 'muster', unit: 'cavalry', hex: '0307' }).state;
    t = play(t, 'confederate', { type: 'muster', unit: 'infantry', hex: '0307' }).state;
    // 8 RPs: cavalry 2, the infantry free: 6 left, enough for the second Infantry (3).
    const r = play(t, 'confederate', { type: 'muster', unit: 'infantry', hex: '0307' });
    expect(r.events[0]).toMatchObject({ rpsLeft: 3 });
  });

  it("B4.53: a side's second Draft in a year costs 2 VPs; the count starts again in January", () => {
    const again = turn('1861-09');
    again.politics.drafts = [{ side: 'confederate', month: '1861-08' }];
    const vp = again.victory.vp;
    const u = play(again, 'union', politics(false)).state;
    const r = play(u, 'confederate', politics(true), fixedDice([6]));
    expect(r.events.find((e) => e.type === 'draft')).toMatchObject({ cadres: 3, nth: 2 });
    expect(r.state.victory.vp).toBe(vp + 2);
    const january = turn('1862-01');
    january.politics.drafts = [
      { side: 'confederate', month: '1861-08' },
      { side: 'confederate', month: '1861-09' },
    ];
    const j = play(
      play(january, 'union', politics(false)).state,
      'confederate',
      politics(true),
      fixedDice([3]),
    );
    expect(j.events.find((e) => e.type === 'draft')).toMatchObject({ cadres: 2, nth: 1 });
    expect(j.state.victory.vp).toBe(january.victory.vp + 1);
  });
});

describe('Emancipation (4.55)', () => {
  it('B4.55: after a major USA win the previous month the USA may proclaim it (4 orders): +3 VPs, CSA RPs doubled', () => {
    const s = turn('1862-10');
    s.politics.majorUsaWin = '1862-09';
    expect(campaignLegalOrders(s, MAP, 'union')).toEqual([
      politics(false),
      politics(true),
      politics(false, true),
      politics(true, true),
    ]);
    expect(campaignLegalOrders(s, MAP, 'confederate')).toHaveLength(2);
    const vp = s.victory.vp;
    const r = play(play(s, 'union', politics(false, true)).state, 'confederate', politics(false));
    expect(r.events.find((e) => e.type === 'emancipation')).toEqual({
      type: 'emancipation',
      month: '1862-10',
      rule: '4.55',
    });
    expect(r.state.victory.vp).toBe(vp + 3);
    // 12.2, A58: the spending opens with each side's RPs, public; the CSA's doubled.
    expect(r.events.at(-1)).toEqual({
      type: 'replacement-points',
      rps: { union: 16, confederate: 20 },
      captured: { union: [], confederate: [] },
      rule: '12.2',
    });
    expect(replacementPoints(r.state, DOC, 'confederate').rps).toBe(20);
    expect(replacementPoints(r.state, DOC, 'union').rps).toBe(16);
    // Once per game.
    const later = structuredClone(r.state);
    later.replacements = null;
    later.month = '1862-11';
    later.politics.majorUsaWin = '1862-10';
    beginMonth(later, []);
    expect(campaignLegalOrders(later, MAP, 'union')).toHaveLength(2);
  });

  it('B4.55: not without a major win the previous month, nor in the 1863 and 1864 scenarios', () => {
    const stale = turn('1862-10');
    stale.politics.majorUsaWin = '1862-08';
    expect(campaignLegalOrders(stale, MAP, 'union')).toHaveLength(2);
    expect(applyCampaignOrder(stale, MAP, 'union', politics(false, true), noDice)).toMatchObject({
      ok: false,
      refusal: { code: 'EMANCIPATION_NOT_ALLOWED', rule: '4.55' },
    });
    const s1863 = turn('1863-06', {}, [], 'east-1863');
    s1863.politics.majorUsaWin = '1863-05';
    expect(campaignLegalOrders(s1863, MAP, 'union')).toHaveLength(2);
    const campaign = turn('1863-06', {}, [], 'east-campaign');
    campaign.politics.majorUsaWin = '1863-05';
    expect(campaignLegalOrders(campaign, MAP, 'union')).toHaveLength(4);
  });

  it('B4.55, A51: a major battle is a USA win over 6 or more CSA units', () => {
    const s = turn('1862-09');
    recordBattleResult(s, { victor: 'union', confederateUnits: 5 });
    expect(s.politics.majorUsaWin).toBeNull();
    recordBattleResult(s, { victor: 'confederate', confederateUnits: 9 });
    expect(s.politics.majorUsaWin).toBeNull();
    recordBattleResult(s, { victor: 'union', confederateUnits: 6 });
    expect(s.politics.majorUsaWin).toBe('1862-09');
  });
});
