/**
 * A Bobby Lee campaign game (seed 002, issue 15) through the API: the
 * campaign engine behind the same engine contract as the other systems.
 * The engine lacks none of the Eastern rules (CAMPAIGN_GAPS is empty), so a
 * game of a Bobby Lee scenario is created for play, over REST and GraphQL;
 * the games below are testing games only to choose their seed. Two seats play listed orders over REST
 * and GraphQL (legalOrders, submitOrder), paging the listing; each seat's
 * view and the public's show the enemy's upright blocks by side and hex
 * only (notes §8), in the game, the order answers, states/{seq} and the
 * replay. Where a missing rule begins the game stops with NOT_YET_SUPPORTED.
 */
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';
import { xorshiftRandom } from '../support/xorshift';

type Side = 'union' | 'confederate';
type Reader = Side | 'public';
interface ViewBlock {
  id: string;
  side: Side;
  hidden: boolean;
  name?: string | null;
  cv?: number;
  active?: boolean;
}
/** What an upright enemy block shows: nothing of what it is (campaign/view.ts UprightBlock). */
const UPRIGHT_KEYS = ['forceMarch', 'hex', 'hidden', 'id', 'moved', 'side'];
const SCENARIO = 'bobby-lee-1861';
const ORDERS = 40;

const rng = xorshiftRandom;

describe('Bobby Lee campaign through the API (002 3.0-5.4, notes §8): two seats over REST and GraphQL, fog of war', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  let id: string;
  let tokens: Record<Side, string>;
  let version = 0;
  /** Every block's name, from its owner's view. */
  const names = new Map<string, string>();

  const auth = (r: Reader): Record<string, string> =>
    r === 'public' ? {} : { Authorization: `Bearer ${tokens[r]}` };
  const gql = (query: string, variables: object, r: Reader) =>
    request(server).post('/graphql').set(auth(r)).send({ query, variables });

  const gameAs = async (r: Reader) => {
    const res = await request(server).get(`/v1/games/${id}`).set(auth(r)).expect(200);
    expectMatchesSpec(res);
    return res.body;
  };

  /** A reader's view: its own blocks whole; the enemy's (all for the public) upright ones by side and hex only. */
  const checkView = (r: Reader, game: { campaign: { blocks: ViewBlock[] } }) => {
    for (const b of game.campaign.blocks) {
      if (b.side === r) {
        expect(b.hidden).toBe(false);
        if (b.name) names.set(b.id, b.name);
      } else if (!b.active) {
        if (b.hidden) expect(Object.keys(b).sort()).toEqual(UPRIGHT_KEYS);
      }
    }
  };

  /** The names of `r`'s enemy blocks that are not face-up now: none may appear in what it reads. */
  const expectNoLeak = async (r: Reader, what: string, body: unknown) => {
    const pub = await gameAs('public');
    const faceUp = new Set(
      (pub.campaign.blocks as ViewBlock[]).filter((b) => !b.hidden).map((b) => b.id),
    );
    const mine = new Set(
      r === 'public'
        ? []
        : ((await gameAs(r)).campaign.blocks as ViewBlock[])
            .filter((b) => b.side === r)
            .map((b) => names.get(b.id)),
    );
    const text = JSON.stringify(body);
    const leaked = [...names]
      .filter(([b, n]) => !faceUp.has(b) && !mine.has(n) && n.length > 2)
      .filter(([, n]) => text.includes(`"${n}"`))
      .map(([, n]) => n);
    expect({ what, reader: r, leaked }).toEqual({ what, reader: r, leaked: [] });
  };

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  it('B3.0: GET /v1/scenarios lists the campaign scenarios playable, nothing missing; a game is created for play over REST and GraphQL; an unknown deployment is refused and creates nothing', async () => {
    const list = await request(server).get('/v1/scenarios').expect(200);
    const summary = list.body.items.find((s: { id: string }) => s.id === SCENARIO);
    expect(summary).toMatchObject({ playable: true, notYetSupported: [] });
    const before = await request(server).get('/v1/games').expect(200);
    // A deployment that is neither historical (4.24) nor free (4.25).
    const elsewhere = await request(server)
      .post('/v1/games')
      .send({ scenario: SCENARIO, options: { deployment: 'anywhere' } })
      .expect(422);
    expectMatchesSpec(elsewhere);
    expect(elsewhere.body).toMatchObject({ code: 'NOT_YET_SUPPORTED', rule: '4.24' });
    const after = await request(server).get('/v1/games').expect(200);
    expect(after.body).toEqual(before.body);
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: SCENARIO })
      .expect(201);
    expectMatchesSpec(created);
    expect(created.body.game).toMatchObject({ rulesSystem: 'block-campaign', testing: false });
    const viaGraphql = await gql(
      'mutation($input: CreateGameInput!) { createGame(input: $input) { id } }',
      { input: { scenario: SCENARIO } },
      'public',
    ).expect(200);
    expect(viaGraphql.body.errors).toBeUndefined();
    expect(viaGraphql.body.data.createGame.id).toEqual(expect.any(String));
  });

  it('B4.25: a testing game by free deployment opens with both sides placing their blocks, each placement sealed from the other seat', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: SCENARIO, testing: true, options: { deployment: 'free' } })
      .expect(201);
    expectMatchesSpec(created);
    const seat = Object.fromEntries(
      created.body.seats.map((s: { side: Side; token: string }) => [s.side, s.token]),
    ) as Record<Side, string>;
    const game = `/v1/games/${created.body.id}`;
    const pub = await request(server).get(game).expect(200);
    expect(pub.body.mustAct).toMatchObject({ seats: ['union', 'confederate'], simultaneous: true });
    const listed = await request(server)
      .get(`${game}/legal-orders`)
      .set('authorization', `Bearer ${seat.union}`)
      .expect(200);
    const place = (listed.body.orders as Array<{ type: string }>).find((o) => o.type === 'place');
    expect(place).toBeDefined();
    await request(server)
      .post(`${game}/orders`)
      .set('authorization', `Bearer ${seat.union}`)
      .send({ order: place, expectedVersion: created.body.version })
      .expect(200);
    // The other seat and the public see that the Union placed a block, not which or where.
    const replay = await request(server)
      .get(`${game}/replay`)
      .set('authorization', `Bearer ${seat.confederate}`)
      .expect(200);
    expect(replay.body.entries.at(-1).order).toEqual({
      type: 'sealed',
      side: 'union',
      rule: '4.25',
    });
  });

  it('B4.24, B3.12: a game is set up by historical deployment and opens with the sealed initiative bids', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: SCENARIO, seed: 'bobby-lee-e2e', testing: true })
      .expect(201);
    expectMatchesSpec(created);
    id = created.body.id;
    tokens = Object.fromEntries(
      created.body.seats.map((s: { side: Side; token: string }) => [s.side, s.token]),
    ) as Record<Side, string>;
    const pub = await gameAs('public');
    expect(pub).toMatchObject({
      rulesSystem: 'block-campaign',
      testing: true,
      status: 'active',
      turn: 1,
      phase: 'initiative',
      mustAct: { seats: ['union', 'confederate'], kind: 'initiative-bid', simultaneous: true },
    });
    expect(pub.notYetSupported).toBeUndefined();
    expect(pub.campaign.blocks).toHaveLength(45);
    expect(pub.campaign.blocks.every((b: ViewBlock) => b.hidden)).toBe(true);
    for (const r of ['union', 'confederate', 'public'] as const) checkView(r, await gameAs(r));
    // Not vacuous: the owners' views named every block.
    expect(names.size).toBeGreaterThanOrEqual(40);
    for (const r of ['union', 'confederate', 'public'] as const)
      await expectNoLeak(r, 'game', await gameAs(r));
  });

  it('B3.12, B5.11, B5.3: both seats play listed orders (REST and GraphQL), each reading only its view; the listing pages; the replay and states hide the same', async () => {
    const r = rng(20261127);
    let played = 0;
    let viaGraphql = 0;
    let game = await gameAs('public');
    while (played < ORDERS && game.status === 'active' && game.mustAct) {
      const seat: Side = game.mustAct.seats[Math.floor(r() * game.mustAct.seats.length)];
      const useGraphql = played % 3 === 2;
      let listed: Array<{ type: string }>;
      if (useGraphql) {
        const res = await gql(
          'query($id: ID!) { game(id: $id) { legalOrders(limit: 10000) { side version orders truncated typedOrders { __typename } } } }',
          { id },
          seat,
        ).expect(200);
        expect(res.body.errors).toBeUndefined();
        expect(res.body.data.game.legalOrders).toMatchObject({ side: seat, version });
        listed = res.body.data.game.legalOrders.orders;
        // Each typed as a member of TypedOrder of its own system.
        for (const typed of res.body.data.game.legalOrders.typedOrders)
          expect(typed.__typename).toMatch(/^(CampaignOrderOf|HexOrderOfResign)/);
      } else {
        const res = await request(server)
          .get(`/v1/games/${id}/legal-orders`)
          .set(auth(seat))
          .expect(200);
        // The listed orders are typed in the contract (CampaignOrder).
        expectMatchesSpec(res);
        listed = res.body.orders;
        // Paged: two orders a page, the pages together are the listing.
        if (listed.length > 2) {
          const first = await request(server)
            .get(`/v1/games/${id}/legal-orders?limit=2`)
            .set(auth(seat))
            .expect(200);
          expect(first.body.orders).toEqual(listed.slice(0, 2));
          expect(first.body.truncated).toBe(true);
          const second = await request(server)
            .get(`/v1/games/${id}/legal-orders?limit=2&cursor=${first.body.next}`)
            .set(auth(seat))
            .expect(200);
          expect(second.body.orders).toEqual(listed.slice(2, 4));
        }
      }
      await expectNoLeak(seat, 'legal orders', listed);
      listed = listed.filter((o) => o.type !== 'resign');
      expect(listed.length).toBeGreaterThan(0);
      const end = listed.filter((o) => o.type === 'end-moves' || o.type === 'pass');
      const others = listed.filter((o) => o.type !== 'end-moves' && o.type !== 'pass');
      const order =
        others.length > 0 && (end.length === 0 || r() < 0.95)
          ? others[Math.floor(r() * others.length)]
          : end[Math.floor(r() * end.length)];
      if (useGraphql) {
        const res = await gql(
          'mutation($input: SubmitOrderInput!) { submitOrder(input: $input) { version events typedEvents { __typename } game { version status } } }',
          { input: { gameId: id, expectedVersion: version, order } },
          seat,
        ).expect(200);
        expect(res.body.errors).toBeUndefined();
        version = res.body.data.submitOrder.version;
        expect(res.body.data.submitOrder.typedEvents).toHaveLength(
          res.body.data.submitOrder.events.length,
        );
        await expectNoLeak(seat, 'graphql order answer', res.body);
        viaGraphql++;
      } else {
        const answer = await request(server)
          .post(`/v1/games/${id}/orders`)
          .set(auth(seat))
          .send({ expectedVersion: version, order })
          .expect(200);
        // The answer's events are typed in the contract (CampaignEvent, CampaignBattleEvent).
        expectMatchesSpec(answer);
        version = answer.body.version;
        checkView(seat, answer.body.game);
        await expectNoLeak(seat, 'order answer', answer.body);
      }
      played++;
      game = await gameAs('public');
      checkView('public', game);
      for (const reader of ['union', 'confederate'] as const)
        checkView(reader, await gameAs(reader));
    }
    expect(played).toBeGreaterThan(3);
    expect(viaGraphql).toBeGreaterThan(0);
    // The replay, states/{seq} and GraphQL's game view hide what the game view hides.
    for (const reader of ['public', 'union', 'confederate'] as const) {
      const replay = await request(server)
        .get(`/v1/games/${id}/replay`)
        .set(auth(reader))
        .expect(200);
      expectMatchesSpec(replay);
      await expectNoLeak(reader, 'replay', replay.body);
      const state = await request(server)
        .get(`/v1/games/${id}/states/${version}`)
        .set(auth(reader))
        .expect(200);
      expectMatchesSpec(state);
      expect(state.body.redacted).toBe(true);
      await expectNoLeak(reader, 'states', state.body);
      const view = await gql('query($id: ID!) { game(id: $id) { view } }', { id }, reader).expect(
        200,
      );
      expect(view.body.errors).toBeUndefined();
      await expectNoLeak(reader, 'graphql game', view.body);
    }
    // Where the engine stops (a rule not implemented yet), it says so, and refuses orders by that case.
    if (game.status === 'active' && !game.mustAct) {
      expect(game.stopped).toMatchObject({ code: 'NOT_YET_SUPPORTED' });
      const refused = await request(server)
        .post(`/v1/games/${id}/orders`)
        .set(auth('union'))
        .send({ expectedVersion: version, order: { type: 'end-moves' } })
        .expect((res) => expect([403, 422]).toContain(res.status));
      expectMatchesSpec(refused);
    }
    console.log(
      `bobby-lee-1861 e2e: ${played} orders (${viaGraphql} via GraphQL), month ${game.campaign.month}, phase ${game.phase}${game.stopped ? `, stopped NOT_YET_SUPPORTED ${game.stopped.rule}` : ''}`,
    );
  }, 600_000);

  it('B4.26, B4.21: a game of bobby-lee-1861 is played to its end through the API with listed orders, and its replay verifies', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: SCENARIO })
      .expect(201);
    const gameId: string = created.body.id;
    const seat = Object.fromEntries(
      created.body.seats.map((s: { side: Side; token: string }) => [s.side, s.token]),
    ) as Record<Side, string>;
    const r = rng(18610721);
    let game = created.body.game;
    let at: number = created.body.version;
    let n = 0;
    // Ending orders (the moves, a Pass, a battle's deployment) now and then, so a game stays a few hundred orders.
    const ends = (o: { type: string; order?: { type?: string } }) =>
      o.type === 'end-moves' ||
      o.type === 'pass' ||
      (o.type === 'battle' && o.order?.type === 'deploy-done');
    for (; n < 3000 && game.status === 'active'; n++) {
      expect(game.mustAct).toBeTruthy();
      const side: Side = game.mustAct.seats[Math.floor(r() * game.mustAct.seats.length)];
      const listed = await request(server)
        .get(`/v1/games/${gameId}/legal-orders?limit=10000`)
        .set('Authorization', `Bearer ${seat[side]}`)
        .expect(200);
      const orders: Array<{ type: string; order?: { type?: string } }> = listed.body.orders;
      const end = orders.filter(ends);
      const others = orders.filter((o) => !ends(o));
      const order =
        others.length > 0 && (end.length === 0 || r() < 0.85)
          ? others[Math.floor(r() * others.length)]
          : end[Math.floor(r() * end.length)];
      const res = await request(server)
        .post(`/v1/games/${gameId}/orders`)
        .set('Authorization', `Bearer ${seat[side]}`)
        .send({ expectedVersion: at, order });
      if (res.status !== 200)
        throw new Error(`listed order refused: ${res.status} ${res.body.code}: ${res.body.detail}`);
      game = res.body.game;
      at = res.body.version;
    }
    expect(game.status).toBe('finished');
    // The month end's result (4.26): a side's victory, or a draw with its moral victory.
    expect(game.result).toBeTruthy();
    const replay = await request(server).get(`/v1/games/${gameId}/replay`).expect(200);
    expectMatchesSpec(replay);
    const verified = await request(server).post('/v1/replays/verify').send(replay.body).expect(200);
    expectMatchesSpec(verified);
    expect(verified.body).toMatchObject({ ok: true, seedMatchesCommitment: true, verified: n });
    console.log(
      `bobby-lee-1861 through the API: ${n} orders to ${game.campaign.month}, result ${JSON.stringify(game.result)}`,
    );
  }, 900_000);

  it('B2.4: board.svg draws the position on the map as each reader may see it: his own blocks named with their strengths, the enemy upright blocks only counted', async () => {
    const shownNames = (svg: string) =>
      [...svg.matchAll(/<title>([^<]*)<\/title>/g)].flatMap((m) =>
        m[1]
          .replace(/ and \d+ hidden$/, '')
          .split(', ')
          .map((x) => x.replace(/ \d+$/, '').replace(/&amp;/g, '&').replace(/&#39;/g, "'")),
      );
    const counted = (svg: string, side: Side) =>
      [...svg.matchAll(new RegExp(`data-blocks="${side}:(\\d+)"`, 'g'))].reduce(
        (n, m) => n + Number(m[1]),
        0,
      );
    for (const reader of ['public', 'union', 'confederate'] as const) {
      const res = await request(server)
        .get(`/v1/games/${id}/board.svg`)
        .set(auth(reader))
        .expect(200);
      expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
      const svg: string = res.text ?? res.body.toString();
      const pub = await gameAs('public');
      const onMap = (side: Side) =>
        (pub.campaign.blocks as Array<ViewBlock & { hex: string | null }>).filter(
          (b) => b.side === side && b.hex !== null,
        ).length;
      // Every block on the map is drawn, as a count for its side and hex.
      expect(counted(svg, 'union')).toBe(onMap('union'));
      expect(counted(svg, 'confederate')).toBe(onMap('confederate'));
      const shown = shownNames(svg);
      await expectNoLeak(reader, 'board.svg', shown);
      if (reader !== 'public') {
        // Not vacuous: the reader's own blocks are named on his picture.
        const own = ((await gameAs(reader)).campaign.blocks as ViewBlock[]).filter(
          (b) => b.side === reader && b.name,
        );
        expect(shown).toEqual(expect.arrayContaining([own[0].name]));
      }
    }
  });
});
