/**
 * Strategic rail moves in fixed positions (seed 002, 9.1, 9.2, 9.4, 9.611,
 * 5.4, 8.1) on the 9 x 9 test map: a Northern line along row 3 (standard
 * gauge to 0503, broad beyond), a Southern line along row 6, and a link
 * that opens in January 1862.
 */
import { fixedDice } from '../../../dice';
import type { BlockMapRail } from '../map';
import { applyCampaignOrder, campaignLegalOrders } from './campaign';
import { fixtureMap, fixtureState, type FixtureBlock } from './campaign.fixtures';
import { campaignMapOf } from './terrain';
import type { CampaignOrder, CampaignState } from './types';

const row = (r: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `0${from + i}0${r}`);
const RAILS: BlockMapRail[] = [
  { name: 'North standard', gauge: 'standard', hexes: row(3, 1, 5) },
  { name: 'North broad', gauge: 'broad', hexes: row(3, 5, 9) },
  { name: 'South', gauge: 'standard', hexes: row(6, 1, 9) },
  { name: 'Military link', gauge: 'standard', hexes: ['0503', '0504'], from: '1862-01' },
];
const DOC = fixtureMap();
DOC.rails = RAILS;
const MAP = campaignMapOf(DOC);

const SHQ = (cv: number): FixtureBlock => ({
  id: 's',
  side: 'union',
  type: 'usa-hq',
  hq: 'USA',
  hex: '0909',
  cv,
});
const inf = (id: string, hex: string, side: 'union' | 'confederate' = 'union'): FixtureBlock => ({
  id,
  side,
  type: 'infantry',
  hex,
  cv: 2,
});

function activated(blocks: FixtureBlock[], month = '1861-08'): CampaignState {
  const s = fixtureState(DOC, blocks, { month });
  const r = applyCampaignOrder(s, MAP, 'union', { type: 'activate', hqs: ['s'] }, fixedDice([]));
  if (!r.ok) throw new Error(r.refusal.message);
  return r.state;
}
const railsOf = (s: CampaignState, block: string) =>
  campaignLegalOrders(s, MAP, 'union')
    .filter((o): o is Extract<CampaignOrder, { type: 'rail' }> => o.type === 'rail')
    .filter((o) => o.block === block)
    .map((o) => o.to);

describe('strategic rail moves (fixed positions)', () => {
  it('B9.2, B5.4: a rail move goes any distance along friendly lines for one Strategic Move', () => {
    const s = activated([SHQ(1), inf('u', '0103')]);
    expect(railsOf(s, 'u')).toEqual(['0203', '0303', '0403', '0503']);
    const r = applyCampaignOrder(
      s,
      MAP,
      'union',
      { type: 'rail', block: 'u', to: '0503' },
      fixedDice([]),
    );
    expect(r.ok && r.state.blocks.find((b) => b.id === 'u')).toMatchObject({
      hex: '0503',
      moved: true,
    });
    expect(r.ok && r.state.strategicMoves).toBe(0);
  });

  it('B9.4: each change of gauge costs one more Strategic Move, unless the move ends in the junction', () => {
    expect(railsOf(activated([SHQ(1), inf('u', '0103')]), 'u')).not.toContain('0603');
    const s = activated([SHQ(2), inf('u', '0103')]);
    expect(railsOf(s, 'u')).toEqual([...row(3, 2, 9)].filter((h) => h !== '0103'));
    const r = applyCampaignOrder(
      s,
      MAP,
      'union',
      { type: 'rail', block: 'u', to: '0903' },
      fixedDice([]),
    );
    expect(r.ok && r.state.strategicMoves).toBe(0);
    expect(r.ok && r.events).toContainEqual(
      expect.objectContaining({ type: 'rail-moved', cost: 2 }),
    );
  });

  it('B9.1, B9.2: never into or through an enemy-controlled rail hex; the CSA never on Northern lines', () => {
    const s = activated([SHQ(2), inf('u', '0103'), inf('e', '0303', 'confederate')]);
    expect(railsOf(s, 'u')).toEqual(['0203']);
    // A CSA block standing on the Northern line may not rail along it (its own SHQ active).
    const c = fixtureState(
      DOC,
      [
        { id: 's', side: 'confederate', type: 'csa-hq', hq: 'CSA', hex: '0909', cv: 3 },
        inf('e', '0203', 'confederate'),
      ],
      { active: 'confederate' },
    );
    const r = applyCampaignOrder(
      c,
      MAP,
      'confederate',
      { type: 'activate', hqs: ['s'] },
      fixedDice([]),
    );
    expect(
      r.ok && campaignLegalOrders(r.state, MAP, 'confederate').filter((o) => o.type === 'rail'),
    ).toEqual([]);
  });

  it('B9.1, B8.1: the USA rails along CSA lines only through hexes it occupied when the Movement Phase began', () => {
    let s = activated([SHQ(2), inf('u', '0106'), inf('v', '0206'), inf('w', '0306')]);
    // 0406 is vacant CSA territory: the line ends for the USA at 0306.
    expect(railsOf(s, 'u')).toEqual(['0206', '0306']);
    // Marching into 0406 now does not make it friendly before the next phase (8.1).
    const march = applyCampaignOrder(
      s,
      MAP,
      'union',
      { type: 'move', block: 'w', to: '0406', via: '0306', forceMarch: false },
      fixedDice([]),
    );
    if (!march.ok) throw new Error(march.refusal.message);
    s = march.state;
    expect(railsOf(s, 'u')).toEqual(['0206', '0306']);
    expect(
      applyCampaignOrder(s, MAP, 'union', { type: 'rail', block: 'u', to: '0406' }, fixedDice([])),
    ).toMatchObject({ ok: false, refusal: { code: 'ILLEGAL_RAIL_MOVE', rule: '9.2' } });
  });

  it('B9.611: the Washington-Alexandria link exists from January 1862', () => {
    expect(railsOf(activated([SHQ(1), inf('u', '0103')], '1861-08'), 'u')).not.toContain('0504');
    expect(railsOf(activated([SHQ(1), inf('u', '0103')], '1862-05'), 'u')).toContain('0504');
  });

  it('B5.4: without an active Supreme HQ there is no rail move', () => {
    const s = fixtureState(DOC, [
      { id: 'h', side: 'union', type: 'usa-hq', hq: 'AP', hex: '0103' },
      inf('u', '0103'),
    ]);
    const r = applyCampaignOrder(s, MAP, 'union', { type: 'activate', hqs: ['h'] }, fixedDice([]));
    expect(r.ok && campaignLegalOrders(r.state, MAP, 'union').some((o) => o.type === 'rail')).toBe(
      false,
    );
  });
});

describe('off-board rail moves (fixed positions)', () => {
  // Two separate USA lines, West (0103-0303) and East (0703-0903); USA supply hexes on the
  // west edge (0103), at the north-west corner (0101) and on the east edge (0903).
  const OFF = fixtureMap();
  OFF.rails = [
    { name: 'West', gauge: 'standard', hexes: row(3, 1, 3) },
    { name: 'East', gauge: 'standard', hexes: row(3, 7, 9) },
  ];
  OFF.supply = ['0103', '0101', '0903'].map((hex) => ({
    hex,
    side: 'union' as const,
    name: hex,
    note: 'test',
  }));
  const OFF_MAP = campaignMapOf(OFF);
  const start = (blocks: FixtureBlock[]) => {
    const s = fixtureState(OFF, blocks);
    const r = applyCampaignOrder(
      s,
      OFF_MAP,
      'union',
      { type: 'activate', hqs: ['s'] },
      fixedDice([]),
    );
    if (!r.ok) throw new Error(r.refusal.message);
    return r.state;
  };
  const offRails = (s: CampaignState, block: string) =>
    campaignLegalOrders(s, OFF_MAP, 'union')
      .filter((o): o is Extract<CampaignOrder, { type: 'rail' }> => o.type === 'rail')
      .filter((o) => o.block === block)
      .map((o) => o.to);

  it('B9.3: one Strategic Move between friendly supply hexes on the same map edge, two between edges (A10)', () => {
    // The west edge's other supply hex for one; the east edge's needs two.
    expect(offRails(start([SHQ(1), inf('u', '0103')]), 'u')).toEqual(['0101', '0203', '0303']);
    const two = start([SHQ(2), inf('u', '0103')]);
    expect(offRails(two, 'u')).toEqual(['0101', '0203', '0303', '0903']);
    const r = applyCampaignOrder(
      two,
      OFF_MAP,
      'union',
      { type: 'rail', block: 'u', to: '0903' },
      fixedDice([]),
    );
    expect(r.ok && r.state.blocks.find((b) => b.id === 'u')?.hex).toBe('0903');
    expect(r.ok && r.state.strategicMoves).toBe(0);
  });

  it('B9.3: off-board and normal rail moves combine, each paid (rail, off-board, rail)', () => {
    // 0303 -> 0103 by rail (1), off-board to 0903 (2: another edge), on to 0703 by rail (1).
    expect(offRails(start([SHQ(3), inf('u', '0303')]), 'u')).not.toContain('0703');
    expect(offRails(start([SHQ(4), inf('u', '0303')]), 'u')).toContain('0703');
    expect(offRails(start([SHQ(3), inf('u', '0103')]), 'u')).toEqual([
      '0101',
      '0203',
      '0303',
      '0703',
      '0803',
      '0903',
    ]);
  });

  it('B9.3: never to an enemy-held supply hex', () => {
    const s = start([SHQ(2), inf('u', '0103'), inf('c', '0903', 'confederate')]);
    expect(offRails(s, 'u')).toEqual(['0101', '0203', '0303']);
  });
});

describe('the Washington-Alexandria link (fixed positions)', () => {
  // The link 0503-0504 exists from January 1862, or after six months of continuous USA
  // occupation of 0504 (CSA home here, like Alexandria).
  const LINKED = fixtureMap({ hexes: { '0504': { home: 'confederate' } } });
  LINKED.rails = [
    { name: 'North standard', gauge: 'standard', hexes: row(3, 1, 5) },
    {
      name: 'Military link',
      gauge: 'standard',
      hexes: ['0503', '0504'],
      from: '1862-01',
      heldFor: { hex: '0504', side: 'union', months: 6 },
    },
  ];
  const LINKED_MAP = campaignMapOf(LINKED);
  const linked = (since: string | null, blocks: FixtureBlock[]) => {
    const s = fixtureState(LINKED, blocks, { month: '1861-09' });
    s.heldSince = since ? { '0504': since } : {};
    const r = applyCampaignOrder(
      s,
      LINKED_MAP,
      'union',
      { type: 'activate', hqs: ['s'] },
      fixedDice([]),
    );
    if (!r.ok) throw new Error(r.refusal.message);
    return r.state;
  };
  const to = (s: CampaignState) =>
    campaignLegalOrders(s, LINKED_MAP, 'union')
      .filter((o): o is Extract<CampaignOrder, { type: 'rail' }> => o.type === 'rail')
      .filter((o) => o.block === 'u')
      .map((o) => o.to);

  it('B9.611: the link exists six months after continuous USA occupation began, before January 1862', () => {
    const held = [SHQ(1), inf('u', '0103'), inf('g', '0504')];
    expect(to(linked('1861-03', held))).toContain('0504');
    expect(to(linked('1861-04', held))).not.toContain('0504');
  });

  it('B9.611: occupation is observed whenever control is evaluated; leaving it starts the count again', () => {
    const s = linked('1861-01', [SHQ(1), inf('u', '0103')]);
    expect(s.heldSince).toEqual({});
    const fresh = linked(null, [SHQ(1), inf('u', '0103'), inf('g', '0504')]);
    expect(fresh.heldSince).toEqual({ '0504': '1861-09' });
    expect(to(fresh)).not.toContain('0504');
  });
});
