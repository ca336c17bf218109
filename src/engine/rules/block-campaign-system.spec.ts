/**
 * The block campaign system (issue 15) behind the engine contract: its
 * scenario documents are checked in full (calendar entry, orders of battle,
 * every OB location on the theater's map), every scenario names what the
 * engine still lacks, a game is set up by historical or free deployment
 * (4.24, 4.25), bids, replacements and placements are sealed, resigning
 * ends it. The seeded
 * playouts are test/unit/engine/block-campaign-playout.spec.ts.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { gameDice } from '../dice';
import { NotYetSupportedError } from '../errors';
import { ENGINE_REVISION } from '../revision';
import {
  BLOCK_CAMPAIGN_RULES,
  CAMPAIGN_GAPS,
  type BlockCampaignScenario,
} from './block-campaign-system';

const ROOT = join(__dirname, '..', '..', '..');
const IDS = [
  'bobby-lee-1861',
  'bobby-lee-1862',
  'bobby-lee-1863',
  'bobby-lee-1864',
  'bobby-lee-campaign',
];
const load = (id: string): BlockCampaignScenario =>
  JSON.parse(readFileSync(join(ROOT, 'scenarios', id, 'scenario.json'), 'utf8'));

describe('block campaign scenarios (Bobby Lee)', () => {
  it.each(IDS)(
    'B4.21, B4.31: %s is sound: its calendar entry, orders of battle and every OB location on the map',
    (id) => {
      expect(BLOCK_CAMPAIGN_RULES.scenarios.check(load(id), undefined)).toEqual([]);
    },
  );

  it('refuses a scenario whose references do not hold', () => {
    const doc = load('bobby-lee-1862');
    const problems = BLOCK_CAMPAIGN_RULES.scenarios.check(
      { ...doc, calendar: 'east-1863', ordersOfBattle: ['west-1862'], map: 'nowhere' },
      undefined,
    );
    expect(problems.map((p) => p.path).sort()).toEqual(
      expect.arrayContaining(['end', 'map', 'ordersOfBattle', 'ordersOfBattle[0]', 'start']),
    );
    expect(BLOCK_CAMPAIGN_RULES.scenarios.check({ ...doc, calendar: 'nope' }, undefined)).toEqual([
      expect.objectContaining({ path: 'calendar' }),
    ]);
    expect(BLOCK_CAMPAIGN_RULES.scenarios.check({ ...doc, theater: 'west' }, undefined)).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'map' })]),
    );
  });

  it('B4.51: a reconstructed VP value must name a city or town of the map', () => {
    const doc = load('bobby-lee-1863');
    const bad = {
      ...doc,
      reconstructed: { ...doc.reconstructed, cityVp: { luray: 1, nowhere: 2 } },
    };
    expect(BLOCK_CAMPAIGN_RULES.scenarios.check(bad, undefined).map((p) => p.path)).toEqual([
      'reconstructed.cityVp.luray',
      'reconstructed.cityVp.nowhere',
    ]);
  });

  it('B3.0: every Eastern scenario is played by the campaign engine behind the contract: nothing is missing', () => {
    for (const id of IDS) {
      const doc = load(id);
      expect(BLOCK_CAMPAIGN_RULES.gaps(doc)).toEqual([...CAMPAIGN_GAPS]);
      const ctx = BLOCK_CAMPAIGN_RULES.prepare(doc, undefined);
      expect(BLOCK_CAMPAIGN_RULES.scenarioId(ctx)).toBe(id);
    }
    // Every case the campaign engine (rules/block/campaign) plays; none is left.
    expect(CAMPAIGN_GAPS).toEqual([]);
  });

  it("B4.26, B4.21: each yearly scenario's next-year start position (a Stalemate's moral victory) is the next yearly scenario's start position", () => {
    const startVp = (id: string) =>
      (load(id) as unknown as { reconstructed: { startVp: number; nextYearStartVp?: number } })
        .reconstructed;
    const years = ['bobby-lee-1861', 'bobby-lee-1862', 'bobby-lee-1863', 'bobby-lee-1864'];
    years
      .slice(0, -1)
      .forEach((id, i) => expect(startVp(id).nextYearStartVp).toBe(startVp(years[i + 1]).startVp));
    // The last year and the campaign game have no next year's scenario.
    expect(startVp('bobby-lee-1864').nextYearStartVp).toBeUndefined();
    expect(startVp('bobby-lee-campaign').nextYearStartVp).toBeUndefined();
  });

  it('B4.24, B4.25: a new game is set up by historical deployment, or by free deployment in a sealed round; other deployments, systems, counters and unknown options are refused', () => {
    const ctx = BLOCK_CAMPAIGN_RULES.prepare(load('bobby-lee-1861'), undefined);
    const dice = () => gameDice('campaign-system-spec', 0, ENGINE_REVISION);
    const state = BLOCK_CAMPAIGN_RULES.newGame(ctx, { deployment: 'historical' }, dice());
    expect(state).toMatchObject({
      rules: { system: 'block-campaign', version: '002', revision: ENGINE_REVISION },
      scenarioId: 'bobby-lee-1861',
      turn: 1,
      phase: 'initiative',
      result: null,
      diceDrawn: state.campaign.diceDrawn,
    });
    expect(state.campaign.blocks).toHaveLength(45);
    expect(BLOCK_CAMPAIGN_RULES.mustAct(ctx, state, null)).toEqual({
      seats: ['union', 'confederate'],
      kind: 'initiative-bid',
      simultaneous: true,
    });
    const refused = (options: Record<string, unknown>) => {
      try {
        BLOCK_CAMPAIGN_RULES.newGame(ctx, options, dice());
      } catch (e) {
        expect(e).toBeInstanceOf(NotYetSupportedError);
        return (e as NotYetSupportedError).rule;
      }
      throw new Error(`not refused: ${JSON.stringify(options)}`);
    };
    // 4.25: free deployment starts with both sides placing their blocks, sealed and simultaneous.
    const free = BLOCK_CAMPAIGN_RULES.newGame(ctx, { deployment: 'free' }, dice());
    expect(free.campaign.phase).toEqual({ name: 'deployment' });
    expect(BLOCK_CAMPAIGN_RULES.mustAct(ctx, free, null)).toMatchObject({
      seats: ['union', 'confederate'],
      simultaneous: true,
    });
    const place = BLOCK_CAMPAIGN_RULES.legalOrders(ctx, free, 'union').find(
      (o) => o.type === 'place',
    )!;
    expect(place).toBeDefined();
    expect(BLOCK_CAMPAIGN_RULES.orderFor(ctx, place, 'union', 'confederate', false)).toEqual({
      type: 'sealed',
      side: 'union',
      rule: '4.25',
    });
    expect(BLOCK_CAMPAIGN_RULES.orderFor(ctx, place, 'union', null, true)).toEqual(place);
    expect(refused({ deployment: 'anywhere' })).toBe('4.24');
    expect(refused({ rules: { system: 'block' } })).toBe('options.rules');
    expect(refused({ morale: true })).toBe('options.morale');
    expect(() =>
      BLOCK_CAMPAIGN_RULES.prepare(load('bobby-lee-1861'), undefined, { counters: {} }),
    ).toThrow(NotYetSupportedError);
  });

  it('B3.12: a bid is sealed from the other seat and the public, its own seat and the finished game see it; untrusted orders are refused, never thrown', () => {
    const ctx = BLOCK_CAMPAIGN_RULES.prepare(load('bobby-lee-1861'), undefined);
    const dice = () => gameDice('campaign-system-spec', 0, ENGINE_REVISION);
    const state = BLOCK_CAMPAIGN_RULES.newGame(ctx, {}, dice());
    const bid = { type: 'bid', hqs: 1 };
    expect(BLOCK_CAMPAIGN_RULES.orderFor(ctx, bid, 'union', 'confederate', false)).toEqual({
      type: 'sealed',
      side: 'union',
      rule: '3.12',
    });
    expect(BLOCK_CAMPAIGN_RULES.orderFor(ctx, bid, 'union', null, false)).toMatchObject({
      type: 'sealed',
    });
    expect(BLOCK_CAMPAIGN_RULES.orderFor(ctx, bid, 'union', 'union', false)).toEqual(bid);
    expect(BLOCK_CAMPAIGN_RULES.orderFor(ctx, bid, 'union', null, true)).toEqual(bid);
    const r = BLOCK_CAMPAIGN_RULES.applyOrder(ctx, state, 'union', bid, dice());
    if (!r.ok) throw new Error(r.refusal.message);
    // The union's bid is in the state, unseen by the confederate seat and the public.
    for (const reader of ['confederate', null] as const) {
      const seen = BLOCK_CAMPAIGN_RULES.view(ctx, r.state, reader) as {
        campaign: { bids: { answers: object; answered: string[] } };
      };
      expect(seen.campaign.bids).toMatchObject({ answers: {}, answered: ['union'] });
    }
    for (const bad of [null, 7, 'bid', { type: 'bid', hqs: 'x' }, { type: 'resign', x: 1 }])
      expect(BLOCK_CAMPAIGN_RULES.applyOrder(ctx, state, 'union', bad, dice()).ok).toBe(false);
  });

  it('resigning ends a campaign game and shows every block; then nothing more is accepted', () => {
    const ctx = BLOCK_CAMPAIGN_RULES.prepare(load('bobby-lee-1862'), undefined);
    const dice = () => gameDice('campaign-system-spec', 0, ENGINE_REVISION);
    const state = BLOCK_CAMPAIGN_RULES.newGame(ctx, {}, dice());
    type Seen = { campaign: { blocks: Array<{ hidden: boolean; side: string }> } };
    const before = BLOCK_CAMPAIGN_RULES.view(ctx, state, 'union') as Seen;
    expect(
      before.campaign.blocks.filter((b) => b.hidden).every((b) => b.side === 'confederate'),
    ).toBe(true);
    expect(before.campaign.blocks.some((b) => b.hidden)).toBe(true);
    const r = BLOCK_CAMPAIGN_RULES.applyOrder(
      ctx,
      state,
      'confederate',
      { type: 'resign' },
      dice(),
    );
    if (!r.ok) throw new Error(r.refusal.message);
    expect(r.state).toMatchObject({
      phase: 'finished',
      result: { winner: 'union', reason: 'confederate resigned' },
    });
    expect(BLOCK_CAMPAIGN_RULES.mustAct(ctx, r.state, null)).toBeNull();
    expect(BLOCK_CAMPAIGN_RULES.legalOrders(ctx, r.state, 'union')).toEqual([]);
    const after = BLOCK_CAMPAIGN_RULES.view(ctx, r.state, null) as Seen;
    expect(after.campaign.blocks.every((b) => !b.hidden)).toBe(true);
    expect(BLOCK_CAMPAIGN_RULES.victory(ctx, r.state, null)).toMatchObject({ winner: 'union' });
    expect(
      BLOCK_CAMPAIGN_RULES.applyOrder(ctx, r.state, 'union', { type: 'bid', hqs: 0 }, dice()),
    ).toMatchObject({ ok: false, refusal: { code: 'GAME_OVER' } });
  });

  it('summarises a scenario with its set-up counts and the map provenance', () => {
    expect(BLOCK_CAMPAIGN_RULES.scenarios.summary(load('bobby-lee-1861'), undefined)).toMatchObject(
      {
        theater: 'east',
        start: '1861-07',
        end: '1861-10',
        blocks: { union: 25, confederate: 20 },
        mapProvenance:
          "reconstructed from the rules text and public geography, not the publisher's map",
      },
    );
  });

  it('draws its mapboard', () => {
    const svg = BLOCK_CAMPAIGN_RULES.scenarioMapSvg!(load('bobby-lee-campaign'))!;
    expect(svg.startsWith('<svg ')).toBe(true);
    expect(svg).toContain('>Richmond</text>');
    expect(BLOCK_CAMPAIGN_RULES.scenarioMapSvg!({ kind: 'block-battle' })).toBeUndefined();
  });
});
