/**
 * River Crossings in fixed positions (seed 002, 10.6, 10.61, A11) on the
 * 9 x 9 test map: a Major river between rows 4 and 5 around 0505, navigable
 * on one hexside, bridged on another.
 */
import { fixedDice } from '../../../dice';
import type { BlockMapHexside } from '../map';
import { applyCampaignOrder, campaignLegalOrders } from './campaign';
import { FIXTURE_GRID, fixtureMap, fixtureState, type FixtureBlock } from './campaign.fixtures';
import { campaignMapOf } from './terrain';
import type { CampaignOrder, CampaignState, Side } from './types';

// 0505's neighbours: 0605 E, 0604 NE, 0504 NW, 0405 W, 0506 SW, 0606 SE.
const major = (a: string, b: string, extra: Partial<BlockMapHexside> = {}): BlockMapHexside => ({
  between: [a, b],
  terrain: 'clear',
  river: { name: 'Rappahannock', class: 'major' },
  ...extra,
});
const DOC = fixtureMap({
  hexsides: [
    major('0505', '0504'),
    major('0505', '0604', { river: { name: 'Rappahannock', class: 'major', navigable: true } }),
    major('0505', '0605', { bridge: 'a ford' }),
    major('0505', '0506'),
  ],
});
const MAP = campaignMapOf(DOC);

function activated(side: Side, blocks: FixtureBlock[], sm: number): CampaignState {
  const shq: FixtureBlock =
    side === 'union'
      ? { id: 's', side, type: 'usa-hq', hq: 'USA', hex: '0909', cv: sm }
      : { id: 's', side, type: 'csa-hq', hq: 'CSA', hex: '0909', cv: sm };
  const s = fixtureState(DOC, [shq, ...blocks], { active: side });
  const r = applyCampaignOrder(s, MAP, side, { type: 'activate', hqs: ['s'] }, fixedDice([]));
  if (!r.ok) throw new Error(r.refusal.message);
  return r.state;
}
const crossings = (s: CampaignState, block: string) =>
  campaignLegalOrders(s, MAP, s.active!)
    .filter(
      (o): o is Extract<CampaignOrder, { type: 'river-crossing' }> => o.type === 'river-crossing',
    )
    .filter((o) => o.block === block)
    .map((o) => o.to);

describe('River Crossings (fixed positions)', () => {
  it('B10.6, B10.61: a Major river without bridge is crossed into the hex across, not where it is navigable nor at a ford', () => {
    expect(FIXTURE_GRID.neighbours('0505')).toEqual([
      '0605',
      '0604',
      '0504',
      '0405',
      '0506',
      '0606',
    ]);
    const s = activated(
      'confederate',
      [{ id: 'c', side: 'confederate', type: 'infantry', hex: '0505', cv: 2 }],
      2,
    );
    // 0504 (USA home: enemy-controlled, two Strategic Moves) and 0506 (CSA home: one).
    expect(crossings(s, 'c')).toEqual(['0504', '0506']);
    const r = applyCampaignOrder(
      s,
      MAP,
      'confederate',
      { type: 'river-crossing', block: 'c', to: '0504' },
      fixedDice([]),
    );
    expect(r.ok && r.state.blocks.find((b) => b.id === 'c')).toMatchObject({
      hex: '0504',
      moved: true,
    });
    expect(r.ok && r.state.strategicMoves).toBe(0);
    // Land movement never crosses it (1.37).
    expect(
      campaignLegalOrders(s, MAP, 'confederate').some(
        (o) => o.type === 'move' && o.block === 'c' && o.to === '0504' && o.via === '0505',
      ),
    ).toBe(false);
  });

  it('B10.6: two Strategic Moves into an enemy-controlled hex; never into one holding enemy units (no attack)', () => {
    const one = activated(
      'confederate',
      [{ id: 'c', side: 'confederate', type: 'infantry', hex: '0505', cv: 2 }],
      1,
    );
    expect(crossings(one, 'c')).toEqual(['0506']);
    const held = activated(
      'confederate',
      [
        { id: 'c', side: 'confederate', type: 'infantry', hex: '0505', cv: 2 },
        { id: 'u', side: 'union', type: 'infantry', hex: '0506', cv: 2 },
      ],
      2,
    );
    expect(crossings(held, 'c')).toEqual(['0504']);
  });

  it('B10.6, B5.4: River Crossings are Strategic Moves: none without an active Supreme HQ', () => {
    const s = fixtureState(DOC, [
      { id: 'h', side: 'union', type: 'usa-hq', hq: 'AP', hex: '0505' },
      { id: 'u', side: 'union', type: 'infantry', hex: '0505', cv: 2 },
    ]);
    const r = applyCampaignOrder(s, MAP, 'union', { type: 'activate', hqs: ['h'] }, fixedDice([]));
    expect(r.ok && crossings(r.state, 'u')).toEqual([]);
  });
});
