/**
 * The Replacement Turn in fixed positions (seed 002, 3.1, 3.11, 12.1-12.411,
 * 4.23): RPs from the chart less captured Supply Sources, cadre sites and
 * costs counted by hand on the 9 x 9 test map (campaign.fixtures.ts), the
 * sealed round, and the real 1861 set-up reaching August 1861.
 *
 * The test map: rows 1-4 USA Home Territory, 5-9 CSA. USA: a City at 0302,
 * a Town at 0602, a supply hex at 0901. CSA: a City at 0307, a Town at 0607,
 * a supply hex at 0909. Ft. Monroe (not a town or city, 12.411) at 0404.
 */
import * as fs from 'fs';
import * as path from 'path';
import { fixedDice, keyedDice, type Dice } from '../../../dice';
import { scheduledRps, type ChartYear } from '../data';
import type { BlockMapDocument, BlockMapLocation } from '../map';
import { BLOCK_MAPS } from '../map';
import { applyCampaignOrder, campaignLegalOrders, campaignMustAct } from './campaign';
import { fixtureMap, fixtureState, scenarioVictory, type FixtureBlock } from './campaign.fixtures';
import { cadreRoom, replacementPoints } from './replacements';
import { beginMonth } from './sequence';
import { newCampaign } from './setup';
import { campaignMapOf } from './terrain';
import type { CampaignEvent, CampaignOrder, CampaignState, Side } from './types';
import { campaignEventsFor, campaignView } from './view';

const place = (
  hex: string,
  name: string,
  settlement: BlockMapLocation['settlement'],
  side: Side,
): BlockMapLocation => ({
  hex,
  name,
  settlement,
  side,
  lat: 0,
  lon: 0,
  source: 'test fixture',
  cited: '12.41',
});

const LOCATIONS: Record<string, BlockMapLocation> = {
  capital: place('0302', 'Capital', 'city', 'union'),
  millburg: place('0602', 'Millburg', 'town', 'union'),
  'ft-monroe': { ...place('0404', 'Ft. Monroe', null, 'union'), port: true },
  rebel: place('0307', 'Rebel City', 'city', 'confederate'),
  crossroads: place('0607', 'Crossroads', 'town', 'confederate'),
};
const DOC: BlockMapDocument = fixtureMap({
  locations: LOCATIONS,
  hexes: Object.fromEntries(Object.entries(LOCATIONS).map(([id, l]) => [l.hex, { location: id }])),
  supply: [
    { hex: '0901', side: 'union', name: 'north edge', note: 'test' },
    { hex: '0909', side: 'confederate', name: 'south edge', note: 'test' },
  ],
});
const MAP = campaignMapOf(DOC);
const noDice: Dice = fixedDice([]);

function play(
  state: CampaignState,
  seat: Side,
  order: CampaignOrder,
  dice: Dice = noDice,
  map = MAP,
) {
  const r = applyCampaignOrder(state, map, seat, order, dice);
  if (!r.ok) throw new Error(`${r.refusal.code} ${r.refusal.rule}: ${r.refusal.message}`);
  return r;
}

/** Both sides decline a Draft and Emancipation (4.53, 4.55): the spending begins. */
function noPolitics(s: CampaignState, map = MAP): CampaignState {
  const none = { type: 'politics', draft: false, emancipation: false } as const;
  return play(play(s, 'union', none, noDice, map).state, 'confederate', none, noDice, map).state;
}

/** The spending of a Replacement Turn opened by beginMonth (3.11: not the first month) in `month`. */
function replacementTurn(
  blocks: FixtureBlock[],
  pool: Partial<CampaignState['pool']> = {},
  month = '1861-08',
  doc = DOC,
): CampaignState {
  const s = fixtureState(doc, blocks, { month, start: '1861-07', pool });
  beginMonth(s, []);
  return noPolitics(s, campaignMapOf(doc));
}
const refusal = (state: CampaignState, seat: Side, order: unknown) => {
  const r = applyCampaignOrder(state, MAP, seat, order, noDice);
  return r.ok ? null : r.refusal;
};
const orders = (s: CampaignState, seat: Side) => campaignLegalOrders(s, MAP, seat);
const musters = (s: CampaignState, seat: Side) =>
  orders(s, seat)
    .filter((o) => o.type === 'muster')
    .map((o) => (o.type === 'muster' ? `${o.unit}@${o.hex}` : ''));

/** The seed's REPLACEMENTS chart rows (L2523–2528), found by their heading. */
function chartInSeed(): Record<string, number[]> {
  for (const dir of ['/work/shared/seeds', path.join(__dirname, '../../../../../docs/seeds')]) {
    if (!fs.existsSync(dir)) continue;
    const f = fs.readdirSync(dir).find((n) => n.startsWith('002_') && n.endsWith('.txt'));
    if (!f) continue;
    const lines = fs.readFileSync(path.join(dir, f), 'utf8').split('\n');
    const at = lines.findIndex(
      (l, i) => /^REPLACEMENTS\s*$/.test(l) && /^YEAR >/.test(lines[i + 1]),
    );
    const rows: Record<string, number[]> = {};
    for (const l of lines.slice(at + 2, at + 6)) {
      const [label, values] = l.split('>');
      // Footnote marks: superscripts (not ASCII digits) and ^{1, 2}.
      rows[label.trim()] = (values.replace(/\^\{[^}]*\}/g, '').match(/\d+/g) ?? []).map(Number);
    }
    return rows;
  }
  throw new Error('seed 002 not found');
}

describe('Replacement Points (12.2, 11.33)', () => {
  it('B12.2: the data holds the seed REPLACEMENTS chart, every side, theater and year', () => {
    const seed = chartInSeed();
    const years: ChartYear[] = ['1861', '1862', '1863', '1864'];
    const rows = [
      ['USA East', 'union', 'east'],
      ['USA West', 'union', 'west'],
      ['CSA East', 'confederate', 'east'],
      ['CSA West', 'confederate', 'west'],
    ] as const;
    for (const [label, side, theater] of rows)
      expect(years.map((y) => scheduledRps(side, theater, Number(y)))).toEqual(seed[label]);
    expect(seed['USA East']).toEqual([12, 16, 20, 18]);
    expect(seed['CSA West']).toEqual([8, 10, 12, 10]);
  });

  it('B12.2, B4.34: August 1861 gives USA 12, CSA 8; 1862 16 and 10; 1865 uses 1864 (18, 10)', () => {
    const rps = (month: string) =>
      (['union', 'confederate'] as const).map(
        (side) => replacementPoints(replacementTurn([], {}, month), DOC, side).rps,
      );
    expect(rps('1861-08')).toEqual([12, 8]);
    expect(rps('1862-03')).toEqual([16, 10]);
    expect(rps('1863-06')).toEqual([20, 12]);
    expect(rps('1865-05')).toEqual([18, 10]);
  });

  it('B11.33, B12.2: each own Supply Source the enemy holds costs the USA 3 RPs and the CSA 2', () => {
    const s = replacementTurn([
      { id: 'c1', side: 'confederate', type: 'infantry', hex: '0901' },
      { id: 'u1', side: 'union', type: 'infantry', hex: '0909' },
    ]);
    expect(replacementPoints(s, DOC, 'union')).toEqual({
      scheduled: 12,
      captured: ['0901'],
      rps: 9,
    });
    expect(replacementPoints(s, DOC, 'confederate')).toEqual({
      scheduled: 8,
      captured: ['0909'],
      rps: 6,
    });
  });

  it('B11.33: Baltimore counts as a USA Supply Source (11.34, A57)', () => {
    const doc = fixtureMap({
      locations: { baltimore: place('0404', 'Baltimore', 'city', 'union') },
      hexes: { '0404': { location: 'baltimore' } },
    });
    const s = replacementTurn(
      [{ id: 'c1', side: 'confederate', type: 'cavalry', hex: '0404' }],
      {},
      '1861-08',
      doc,
    );
    expect(replacementPoints(s, doc, 'union')).toEqual({
      scheduled: 12,
      captured: ['0404'],
      rps: 9,
    });
  });
});

describe('cadres (12.4, 12.41, 12.411)', () => {
  it('B12.41, B12.4, B1.41, B1.42: USA cadres: 3 in its City, 1 in its Town, 1 in its supply hex; 2 pool types x 3 hexes + end = 7 orders', () => {
    const s = replacementTurn([], { union: { infantry: 2, cavalry: 1 } });
    expect(musters(s, 'union')).toEqual([
      'cavalry@0302',
      'cavalry@0602',
      'cavalry@0901',
      'infantry@0302',
      'infantry@0602',
      'infantry@0901',
    ]);
    expect(orders(s, 'union')).toHaveLength(7);
    expect(orders(s, 'union').at(-1)).toEqual({ type: 'end-replacements' });
    // The Town is full after one cadre; the City takes three.
    let t = play(s, 'union', { type: 'muster', unit: 'infantry', hex: '0602' }).state;
    expect(orders(t, 'union')).toHaveLength(5);
    t = play(t, 'union', { type: 'muster', unit: 'infantry', hex: '0302' }).state;
    expect(musters(t, 'union')).toEqual(['cavalry@0302', 'cavalry@0901']);
    t = play(t, 'union', { type: 'muster', unit: 'cavalry', hex: '0302' }).state;
    expect(orders(t, 'union')).toEqual([{ type: 'end-replacements' }]);
    expect(refusal(t, 'union', { type: 'muster', unit: 'cavalry', hex: '0901' })).toMatchObject({
      code: 'NOT_IN_POOL',
      rule: '12.4',
    });
  });

  it('B12.41: a City may take three cadres, then no more', () => {
    let s = replacementTurn([], { union: { infantry: 5 } });
    for (let i = 0; i < 3; i++)
      s = play(s, 'union', { type: 'muster', unit: 'infantry', hex: '0302' }).state;
    expect(musters(s, 'union')).toEqual(['infantry@0602', 'infantry@0901']);
    expect(refusal(s, 'union', { type: 'muster', unit: 'infantry', hex: '0302' })).toMatchObject({
      code: 'NO_CADRE_SITE',
      rule: '12.41',
    });
    // 12 RPs: the fourth Infantry cadre spends the last 3.
    s = play(s, 'union', { type: 'muster', unit: 'infantry', hex: '0602' }).state;
    expect(refusal(s, 'union', { type: 'muster', unit: 'infantry', hex: '0901' })).toMatchObject({
      code: 'NOT_ENOUGH_RPS',
      rule: '12.2',
    });
  });

  it('B12.4, B12.41: only friendly hexes of the own Home Territory: a City the enemy holds and an enemy City one holds are no sites', () => {
    const s = replacementTurn(
      [
        { id: 'c1', side: 'confederate', type: 'infantry', hex: '0302' },
        { id: 'u1', side: 'union', type: 'infantry', hex: '0307' },
      ],
      { union: { infantry: 1 }, confederate: { infantry: 1 } },
    );
    expect(musters(s, 'union')).toEqual(['infantry@0602', 'infantry@0901']);
    expect(musters(s, 'confederate')).toEqual(['infantry@0607', 'infantry@0909']);
    expect(refusal(s, 'union', { type: 'muster', unit: 'infantry', hex: '0307' })).toMatchObject({
      code: 'NO_CADRE_SITE',
      rule: '12.41',
    });
  });

  it('B12.411: Ft. Monroe is not a town or city: no cadre there', () => {
    const s = replacementTurn([], { union: { garrison: 1 } });
    expect(cadreRoom(s, DOC, 'union', '0404')).toBe(0);
    expect(musters(s, 'union')).not.toContain('garrison@0404');
    expect(
      cadreRoom(s, BLOCK_MAPS.east!, 'union', BLOCK_MAPS.east!.locations['ft-monroe'].hex),
    ).toBe(0);
  });

  it('B12.4, B12.2: cadre costs from the Unit Costs chart: CSA 8 RPs buy an HQ (4) and an Artillery (4), then nothing', () => {
    let s = replacementTurn([], { confederate: { artillery: 2, ANV: 1, brigade: 1 } });
    // ANV, artillery, brigade x the City 0307, the Town 0607, the supply hex 0909.
    expect(orders(s, 'confederate')).toHaveLength(3 * 3 + 1);
    s = play(s, 'confederate', { type: 'muster', unit: 'ANV', hex: '0307' }).state;
    s = play(s, 'confederate', { type: 'muster', unit: 'artillery', hex: '0307' }).state;
    expect(orders(s, 'confederate')).toEqual([{ type: 'end-replacements' }]);
    expect(
      refusal(s, 'confederate', { type: 'muster', unit: 'brigade', hex: '0607' }),
    ).toMatchObject({ code: 'NOT_ENOUGH_RPS', rule: '12.2' });
  });

  it('B12.3, B2.5: steps for units on a valid Supply Line (11.4), each at its step cost up to its maximum CV: 4 USA orders + end', () => {
    // 0901 is the USA supply hex; 0801 is next to it; 0302 is on no supply line (no rails here).
    const s = replacementTurn([
      { id: 'u1', side: 'union', type: 'infantry', hex: '0901', cv: 1 },
      { id: 'u2', side: 'union', type: 'infantry', hex: '0302', cv: 1 },
      { id: 'u3', side: 'union', type: 'artillery', hex: '0801', cv: 2 },
      { id: 'u4', side: 'union', type: 'cavalry', hex: '0901' },
      { id: 'c1', side: 'confederate', type: 'brigade', hex: '0909' },
      { id: 'c2', side: 'confederate', type: 'artillery', hex: '0909', cv: 1 },
    ]);
    expect(orders(s, 'union')).toEqual([
      { type: 'replace', block: 'u1', steps: 1 },
      { type: 'replace', block: 'u1', steps: 2 },
      { type: 'replace', block: 'u3', steps: 1 },
      { type: 'replace', block: 'u3', steps: 2 },
      { type: 'end-replacements' },
    ]);
    // CSA Artillery: max 3, 2 RPs a step; the Brigade takes none (always 1cv).
    expect(orders(s, 'confederate')).toEqual([
      { type: 'replace', block: 'c2', steps: 1 },
      { type: 'replace', block: 'c2', steps: 2 },
      { type: 'end-replacements' },
    ]);
    expect(refusal(s, 'union', { type: 'replace', block: 'u2', steps: 1 })).toMatchObject({
      code: 'NO_SUPPLY_LINE',
      rule: '12.3',
    });
    expect(refusal(s, 'confederate', { type: 'replace', block: 'c1', steps: 1 })).toMatchObject({
      code: 'NO_STEPS',
    });
    expect(refusal(s, 'union', { type: 'replace', block: 'c2', steps: 1 })).toMatchObject({
      code: 'NO_SUCH_UNIT',
    });
    const t = play(s, 'union', { type: 'replace', block: 'u1', steps: 2 }).state;
    expect(orders(t, 'union')).toHaveLength(3);
    expect(refusal(t, 'union', { type: 'replace', block: 'u1', steps: 1 })).toMatchObject({
      code: 'ILLEGAL_REPLACEMENT',
      rule: '12.3',
    });
    const u = play(t, 'union', { type: 'replace', block: 'u3', steps: 2 });
    expect(u.events[0]).toMatchObject({ rpsLeft: 6 });
    const ended = play(u.state, 'union', { type: 'end-replacements' }).state;
    const done = play(ended, 'confederate', { type: 'end-replacements' });
    expect(done.state.blocks.filter((b) => b.side === 'union').map((b) => b.cv)).toEqual([
      3, 1, 4, 3,
    ]);
    const steps = done.events.filter((e) => e.type === 'steps-replaced');
    expect(steps).toHaveLength(2);
    expect(steps.every((e) => e.visibleTo === 'union')).toBe(true);
    expect(campaignEventsFor(done.events, 'confederate').some((e) => e.block === 'u1')).toBe(false);
  });

  it('B12.411, B12.3: on the real map Ft. Monroe takes no cadre but its units take steps, supplied by sea (11.42)', () => {
    const EAST = BLOCK_MAPS.east!;
    const first = newCampaign(
      'east-1861',
      EAST,
      keyedDice('x'),
      scenarioVictory('east-1861'),
    ).state;
    first.month = '1861-08';
    beginMonth(first, []);
    const s = noPolitics(first, campaignMapOf(EAST));
    const monroe = EAST.locations['ft-monroe'].hex;
    const there = s.blocks.filter((b) => b.hex === monroe).map((b) => b.id);
    const list = campaignLegalOrders(s, campaignMapOf(EAST), 'union');
    // Artillery 2/4 (2 options) and Garrison 2/3 (1 option).
    expect(list.filter((o) => o.type === 'replace' && there.includes(o.block))).toHaveLength(3);
    expect(list.some((o) => o.type === 'muster' && o.hex === monroe)).toBe(false);
  });

  it('B12.1: orders are parsed strictly', () => {
    const s = replacementTurn([{ id: 'u1', side: 'union', type: 'infantry', hex: '0901', cv: 1 }]);
    expect(refusal(s, 'union', { type: 'replace', block: 'u1', steps: 0 })).toMatchObject({
      code: 'BAD_ORDER',
    });
    expect(
      refusal(s, 'union', { type: 'muster', unit: 'infantry', hex: '0302', cv: 2 }),
    ).toMatchObject({
      code: 'BAD_ORDER',
      message: 'unknown field cv in a muster order',
    });
  });
});

describe('the sealed Replacement Turn (12.1, 12.2, 12.4)', () => {
  const blocks: FixtureBlock[] = [
    { id: 'u1', side: 'union', type: 'infantry', hex: null, cv: 0, name: 'Heintzelman' },
    { id: 'u2', side: 'union', type: 'cavalry', hex: '0502' },
    { id: 'c1', side: 'confederate', type: 'cavalry', hex: '0506' },
  ];

  it('B12.1: both sides spend at once, each seeing only its own orders; the plans are carried out when both have ended, then the bids open', () => {
    const s = replacementTurn(blocks, { union: { cavalry: 1 }, confederate: { garrison: 1 } });
    expect(campaignMustAct(s)).toEqual({
      seats: ['union', 'confederate'],
      kind: 'replacements',
      simultaneous: true,
    });
    const r = play(s, 'union', { type: 'muster', unit: 'infantry', hex: '0302' });
    expect(r.events).toEqual([
      {
        type: 'replacement-ordered',
        side: 'union',
        order: { type: 'muster', unit: 'infantry', hex: '0302' },
        rpsLeft: 9,
        visibleTo: 'union',
        rule: '12.4',
      },
    ]);
    expect(campaignEventsFor(r.events, 'confederate')).toEqual([]);
    expect(campaignView(r.state, 'confederate').replacements!.plans).toEqual({ confederate: [] });
    expect(campaignView(r.state, null).replacements!.plans).toEqual({});
    expect(campaignView(r.state, 'union').replacements!.plans.union).toHaveLength(1);
    // The other side's choices are untouched by it.
    expect(orders(r.state, 'confederate')).toEqual(orders(s, 'confederate'));
    const ended = play(r.state, 'union', { type: 'end-replacements' });
    expect(ended.events).toEqual([{ type: 'replacements-sealed', side: 'union', rule: '12.1' }]);
    expect(campaignMustAct(ended.state)!.seats).toEqual(['confederate']);
    expect(refusal(ended.state, 'union', { type: 'end-replacements' })).toMatchObject({
      code: 'NOT_YOUR_TURN',
    });
    const c = play(ended.state, 'confederate', { type: 'muster', unit: 'garrison', hex: '0607' });
    const done = play(c.state, 'confederate', { type: 'end-replacements' }, keyedDice('ids'));
    expect(done.state.phase).toEqual({ name: 'initiative' });
    expect(done.state.replacements).toBeNull();
    expect(campaignMustAct(done.state)).toMatchObject({ kind: 'initiative-bid' });
    const [uNew] = done.state.blocks.filter((b) => b.side === 'union' && b.hex === '0302');
    const [cNew] = done.state.blocks.filter((b) => b.side === 'confederate' && b.hex === '0607');
    // 12.4: the eliminated Infantry came back as a 1cv cadre under a fresh id; the old record is gone.
    expect(uNew).toMatchObject({ type: 'infantry', cv: 1, maxCv: 3, name: 'Heintzelman' });
    expect(uNew.id).toMatch(/^r186108-/);
    expect(done.state.blocks.some((b) => b.id === 'u1')).toBe(false);
    expect(cNew).toMatchObject({ type: 'garrison', cv: 1, maxCv: 3, name: null });
    expect(done.state.pool.confederate.garrison).toBe(0);
    expect(done.state.pool.union.cavalry).toBe(1);
    // The opponent sees new blocks per hex, not what they are; RPs lost go to their owner only.
    const seenByCsa = campaignEventsFor(done.events, 'confederate');
    expect(seenByCsa.map((e) => e.type)).toEqual([
      'replacements-sealed',
      'cadres-placed',
      'cadre-built',
      'cadres-placed',
      'rps-lost',
      'replacements-over',
    ]);
    expect(seenByCsa[1]).toEqual({
      type: 'cadres-placed',
      side: 'union',
      hex: '0302',
      blocks: [uNew.id],
      rule: '12.41',
    });
    expect(JSON.stringify(seenByCsa.filter((e: CampaignEvent) => e.side === 'union'))).not.toMatch(
      /infantry|Heintzelman/,
    );
    expect(seenByCsa[4]).toEqual({
      type: 'rps-lost',
      side: 'confederate',
      rps: 6,
      visibleTo: 'confederate',
      rule: '12.2',
    });
    expect(campaignView(done.state, 'confederate').blocks.find((b) => b.id === uNew.id)).toEqual({
      id: uNew.id,
      side: 'union',
      hex: '0302',
      moved: false,
      forceMarch: null,
      hidden: true,
    });
  });

  it('B12.2: unspent RPs are lost: next month starts again from the chart', () => {
    let s = replacementTurn([], { union: { infantry: 1 } });
    s = play(s, 'union', { type: 'end-replacements' }).state;
    const done = play(s, 'confederate', { type: 'end-replacements' });
    expect(campaignEventsFor(done.events, 'union').filter((e) => e.type === 'rps-lost')).toEqual([
      { type: 'rps-lost', side: 'union', rps: 12, visibleTo: 'union', rule: '12.2' },
    ]);
    const next = structuredClone(done.state);
    next.month = '1861-09';
    beginMonth(next, []);
    expect(replacementPoints(next, DOC, 'union').rps).toBe(12);
  });

  it("B4.23: the pool's totals are public, its contents its owner's", () => {
    const s = replacementTurn(blocks, { union: { cavalry: 1 }, confederate: { garrison: 2 } });
    expect(campaignView(s, 'union').pool).toEqual({
      union: { cavalry: 1, infantry: 1 },
      confederate: { total: 2 },
    });
    expect(campaignView(s, null).pool).toEqual({ union: { total: 2 }, confederate: { total: 2 } });
  });
});

describe('the Bobby Lee 1861 set-up (4.23, 3.11)', () => {
  const EAST = BLOCK_MAPS.east!;
  const EAST_MAP = campaignMapOf(EAST);

  it('B12.1, B12.2: random Replacement Turns: every listed order is accepted, RPs never overspent, the enemy sees no plan', () => {
    for (const seed of ['a', 'b', 'c']) {
      const dice = keyedDice(`repl-${seed}`);
      let s = newCampaign('east-1861', EAST, dice, scenarioVictory('east-1861')).state;
      s.month = '1861-08';
      beginMonth(s, []);
      const rps = { union: 0, confederate: 0 };
      let spent = 0;
      for (let step = 0; step < 200 && s.phase.name === 'replacements'; step++) {
        const act = campaignMustAct(s)!;
        const seat = act.seats[step % act.seats.length];
        const list = campaignLegalOrders(s, EAST_MAP, seat);
        // End more rarely than spend, so the plans fill up.
        const pick = dice.d6() === 1 ? list.length - 1 : (dice.d6() * 7 + step) % list.length;
        const r = applyCampaignOrder(s, EAST_MAP, seat, list[pick], dice);
        if (!r.ok)
          throw new Error(`${seed} ${step} ${JSON.stringify(list[pick])}: ${r.refusal.message}`);
        for (const e of r.events) {
          if (e.type === 'replacement-points') Object.assign(rps, e.rps);
          if (e.type === 'replacement-ordered') {
            spent += 1;
            expect(e.rpsLeft).toBeGreaterThanOrEqual(0);
          }
        }
        for (const reader of ['union', 'confederate', null] as const) {
          const v = campaignView(r.state, reader).replacements;
          if (v) expect(Object.keys(v.plans)).toEqual(reader ? [reader] : []);
          for (const e of campaignEventsFor(r.events, reader))
            if (e.type === 'replacement-ordered' || e.type === 'cadre-built')
              expect(e.side).toBe(reader);
        }
        s = r.state;
      }
      expect(spent).toBeGreaterThan(2);
      expect(rps).toEqual({ union: 12, confederate: 8 });
      expect(s.phase).toEqual({ name: 'initiative' });
      expect(s.blocks.every((b) => b.cv <= b.maxCv)).toBe(true);
    }
  });

  it('B4.23: the spare blocks (the counter mix less the 1861 OB) start in the pool', () => {
    const s = newCampaign('east-1861', EAST, keyedDice('x'), scenarioVictory('east-1861')).state;
    // USA East mix 24/8/6/5/2 Inf/Cav/Art/Gar/HA, 1861 OB 11/2/4/3/1; all four HQs fielded.
    expect(s.pool.union).toEqual({
      infantry: 13,
      cavalry: 6,
      artillery: 2,
      garrison: 2,
      'heavy-artillery': 1,
    });
    // CSA East mix 14/6/4/3/3/1 Inf/Cav/Art/Gar/Brig/HA, 1861 OB 8/2/3/2/1/0.
    expect(s.pool.confederate).toEqual({
      infantry: 6,
      cavalry: 4,
      artillery: 1,
      garrison: 1,
      brigade: 2,
      'heavy-artillery': 1,
    });
  });

  it('B3.11, B12.2, B12.41: reaching August 1861, USA 12 RPs and CSA 8; 77 and 107 orders on the real map', () => {
    const first = newCampaign(
      'east-1861',
      EAST,
      keyedDice('x'),
      scenarioVictory('east-1861'),
    ).state;
    first.month = '1861-08';
    beginMonth(first, []);
    expect(first.phase).toEqual({ name: 'replacements' });
    const s = noPolitics(first, EAST_MAP);
    expect(replacementPoints(s, EAST, 'union')).toEqual({ scheduled: 12, captured: [], rps: 12 });
    expect(replacementPoints(s, EAST, 'confederate')).toEqual({
      scheduled: 8,
      captured: [],
      rps: 8,
    });
    const sitesOf = (side: Side) => [
      ...new Set(
        campaignLegalOrders(s, EAST_MAP, side).flatMap((o) => (o.type === 'muster' ? [o.hex] : [])),
      ),
    ];
    const hex = (id: string) => EAST.locations[id].hex;
    // USA: Washington and Baltimore (Cities), Cumberland, Frederick, Harrisburg (Towns), its
    // three supply hexes; not Ft. Monroe (12.411).
    expect(sitesOf('union').sort()).toEqual(
      [
        ...['washington', 'baltimore', 'cumberland', 'frederick', 'harrisburg'].map(hex),
        '0107',
        '1001',
        '1605',
      ].sort(),
    );
    // CSA: Richmond and Petersburg, its Towns but the USA-held Harpers Ferry and Martinsburg
    // (Alexandria, a City, is USA-held too), its supply hexes (Lynchburg is one).
    expect(sitesOf('confederate').sort()).toEqual(
      [
        ...['richmond', 'petersburg', 'lynchburg', 'harrisonburg', 'staunton', 'winchester'].map(
          hex,
        ),
        ...['culpepper', 'warrenton', 'fredericksburg', 'williamsburg', 'suffolk', 'norfolk'].map(
          hex,
        ),
        '0124',
        '0824',
      ].sort(),
    );
    // 12.3: one order per step count a block can still take (to its maximum CV, within the RPs).
    // USA: Alexandria Art 2/4 x2 (2+2), Cav 1/3 (2), Inf 2/3 x3 (3), USA HQ 3/4 (1); Baltimore
    // Gar 2/3 (1), Inf 1/3 x2 (4), HQ 1/3 (2: 6 RPs); Cumberland Inf 1/3 (2); Harpers Ferry
    // Inf 1/3 (2), Inf 2/3 x2 (2), HQ 2/3 (1); Martinsburg Cav 1/3 (2); Washington Art 1/4 (3),
    // Heavy Art 1/4 (3), HQ 3/4 (1); Ft. Monroe by sea Art 2/4 (2), Gar 2/3 (1): 36. CSA: 22,
    // none at Yorktown (on no line).
    const replaces = (side: Side) =>
      campaignLegalOrders(s, EAST_MAP, side).filter((o) => o.type === 'replace').length;
    expect([replaces('union'), replaces('confederate')]).toEqual([36, 22]);
    // + 5 pool types (all within 12 RPs) x 8 hexes + end; 6 types (HA 5 RPs within 8) x 14 + end.
    expect(campaignLegalOrders(s, EAST_MAP, 'union')).toHaveLength(36 + 41);
    expect(campaignLegalOrders(s, EAST_MAP, 'confederate')).toHaveLength(22 + 85);
  });
});
