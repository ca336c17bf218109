/**
 * The Bobby Lee (Eastern theatre) scenarios of issue 15 through the API: the
 * four yearly scenarios and the campaign game (002 4.21, 4.31) are listed by
 * GET /v1/scenarios as valid, playable documents (the engine lacks none of
 * their rules); a game of each is created for play, not only for testing
 * (games played through the API: bobby-lee-campaign.e2e-spec.ts); the
 * reconstructed mapboard is served as SVG.
 */
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { CAMPAIGN_GAPS } from '../../src/engine/rules/block-campaign-system';
import { expectMatchesSpec } from '../support/openapi';

const IDS = [
  'bobby-lee-1861',
  'bobby-lee-1862',
  'bobby-lee-1863',
  'bobby-lee-1864',
  'bobby-lee-campaign',
];

describe('Bobby Lee scenarios (002 4.21, 4.31) and the reconstructed Eastern map', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  it('B4.21, B4.31: GET /v1/scenarios lists the four yearly scenarios and the campaign game, playable, nothing missing', async () => {
    const res = await request(server).get('/v1/scenarios?limit=100').expect(200);
    expectMatchesSpec(res);
    const items: Array<Record<string, unknown>> = Array.isArray(res.body)
      ? res.body
      : res.body.items;
    for (const id of IDS) {
      const s = items.find((x) => x.id === id);
      expect(s).toBeDefined();
      expect(s).toMatchObject({
        rules: { system: 'block-campaign', version: '002' },
        theater: 'east',
        playable: true,
        notYetSupported: [],
        mapProvenance:
          "reconstructed from the rules text and public geography, not the publisher's map",
      });
    }
    expect(CAMPAIGN_GAPS).toEqual([]);
    const campaign = items.find((x) => x.id === 'bobby-lee-campaign')!;
    expect(campaign).toMatchObject({ start: '1861-07', end: null });
    expect(items.find((x) => x.id === 'bobby-lee-1862')).toMatchObject({
      start: '1862-05',
      end: '1862-10',
      blocks: { union: 40, confederate: 31 },
    });
  });

  it('B3.0, B4.23: a game of every Eastern scenario is created for play (not only for testing), opening with the sealed initiative bids', async () => {
    for (const id of IDS) {
      const res = await request(server).post('/v1/games').send({ scenario: id }).expect(201);
      expectMatchesSpec(res);
      expect(res.body.game).toMatchObject({
        rulesSystem: 'block-campaign',
        testing: false,
        mustAct: { seats: ['union', 'confederate'], kind: 'initiative-bid', simultaneous: true },
      });
      expect(res.body.game.notYetSupported).toBeUndefined();
    }
  });

  it('B1.0: GET /v1/scenarios/{id}/map.svg draws the reconstructed Bobby Lee mapboard', async () => {
    const res = await request(server).get('/v1/scenarios/bobby-lee-1863/map.svg').expect(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    const svg = res.text ?? res.body.toString();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('not the publisher&#39;s map'.replace('&#39;', "'"));
    for (const name of [
      'Richmond',
      'Washington',
      'Ft. Monroe',
      "Conrad's Store",
      'Harpers Ferry',
      'Lynchburg',
    ])
      expect(svg).toContain(`>${name.replace(/'/g, "'")}</text>`);
    expect((svg.match(/data-hex="/g) ?? []).length).toBe(384);
    expect(svg).toContain('Valley Turnpike');
  });

  it('B2.4: map.svg shows the set-up as the public sees it: upright blocks, side and number per hex, nothing of what they are', async () => {
    const res = await request(server).get('/v1/scenarios/bobby-lee-1861/map.svg').expect(200);
    const svg: string = res.text ?? res.body.toString();
    const blocks = [...svg.matchAll(/data-blocks="(union|confederate):(\d+)" data-at="(\d{4})"/g)];
    const total = (side: string) =>
      blocks.filter((m) => m[1] === side).reduce((n, m) => n + Number(m[2]), 0);
    // 1861 (notes §9.2): USA 25 blocks, CSA 20.
    expect(total('union')).toBe(25);
    expect(total('confederate')).toBe(20);
    // Washington holds 4 USA blocks in July 1861 (Scott, garrison, artillery, heavy artillery).
    const detail = await request(server).get('/v1/scenarios/bobby-lee-1861').expect(200);
    expect(detail.body.playable).toBe(true);
    expect(svg).toMatch(/data-blocks="union:4" data-at="\d{4}"/);
    for (const secret of ['Scott', 'McDowell', 'Beauregard', 'Infantry', 'Cavalry'])
      expect(svg).not.toContain(secret);
  });
});
