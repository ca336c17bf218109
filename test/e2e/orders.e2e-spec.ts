import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { createShilohGame, seatAuth } from '../support/shiloh-game';
import { GameHooks } from '../../src/games/game-hooks';
import { DataSource } from 'typeorm';
import { SNAPSHOT_EVERY } from '../../src/games/game-states';
import { GAME_VIEW_HEADER } from '../../src/games/game-view';
import { stateHasher } from '../../src/games/state-hash';
import { expectMatchesSpec } from '../support/openapi';
import { ordersOfCompact } from '../../src/moves/compact-listing';

interface Created {
  id: string;
  tokens: Record<'union' | 'confederate', string>;
}

describe('orders: GET /legal-orders and POST /orders', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  const newGame = (seed = 'orders-e2e'): Promise<Created> => createShilohGame(server, seed);
  const auth = seatAuth;
  const submit = (
    g: Created,
    side: 'union' | 'confederate',
    body: object,
    headers: Record<string, string> = {},
  ) =>
    request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set({ ...auth(g.tokens[side]), ...headers })
      .send(body);
  const entries = async (g: Created) =>
    (await request(server).get(`/v1/games/${g.id}/replay`).expect(200)).body.entries
      .length as number;

  it('legal orders: the acting seat gets its orders (never resign), the other seat none', async () => {
    const g = await newGame();
    const c = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(auth(g.tokens.confederate))
      .expect(200);
    expectMatchesSpec(c);
    expect(c.body).toMatchObject({ version: 0, side: 'confederate' });
    expect(c.body.orders.length).toBeGreaterThan(10);
    expect(c.body.orders).toContainEqual({ type: 'end-phase' });
    expect(c.body.orders).not.toContainEqual({ type: 'resign' });
    const u = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(auth(g.tokens.union))
      .expect(200);
    expect(u.body).toEqual({ version: 0, side: 'union', orders: [] });
  });

  it('401 without a token, with a wrong token, or with the token of another game', async () => {
    const g = await newGame();
    const other = await newGame();
    const none = await request(server).get(`/v1/games/${g.id}/legal-orders`).expect(401);
    expectMatchesSpec(none);
    expect(none.body.code).toBe('SEAT_TOKEN_REQUIRED');
    const wrong = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(auth('nope'))
      .expect(401);
    expect(wrong.body.code).toBe('INVALID_SEAT_TOKEN');
    await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(auth(other.tokens.confederate))
      .expect(401);
    await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set('Authorization', 'Basic abc')
      .expect(401);
    const post = await request(server)
      .post(`/v1/games/${g.id}/orders`)
      .send({ expectedVersion: 0, order: { type: 'end-phase' } })
      .expect(401);
    expectMatchesSpec(post);
    await request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set(auth(other.tokens.confederate))
      .send({ expectedVersion: 0, order: { type: 'end-phase' } })
      .expect(401);
    expect(await entries(g)).toBe(0);
  });

  it('issue 20: POST orders checks the seat token under the row lock — 401 still comes before 400, a wrong token changes nothing, the right one is accepted', async () => {
    const g = await newGame();
    const other = await newGame();
    // A wrong token with a malformed body or Idempotency-Key: 401, not 400.
    const malformed = await request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set(auth('nope'))
      .send({ expectedVersion: 'x' })
      .expect(401);
    expect(malformed.body.code).toBe('INVALID_SEAT_TOKEN');
    await request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set(auth(other.tokens.confederate))
      .set('Idempotency-Key', '')
      .send({ expectedVersion: 0, order: { type: 'end-phase' } })
      .expect(401);
    // The right token with a malformed body: 400.
    await request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set(auth(g.tokens.confederate))
      .send({ expectedVersion: 'x' })
      .expect(400);
    // A wrong token for an unknown game: 404, as before.
    await request(server)
      .post('/v1/games/8d7f3c2e-1111-4222-8333-944455556666/orders')
      .set(auth('nope'))
      .send({ expectedVersion: 0, order: { type: 'end-phase' } })
      .expect(404);
    expect(await entries(g)).toBe(0);
    await request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set(auth(g.tokens.confederate))
      .send({ expectedVersion: 0, order: { type: 'end-phase' } })
      .expect(200);
    expect(await entries(g)).toBe(1);
  });

  it('issue 20: the order hooks run only for the games their appliesSql selects, evaluated in the locked read', async () => {
    const g = await newGame();
    const other = await newGame();
    const seen: string[] = [];
    t.app.get(GameHooks).register({
      appliesSql: `games.id = '${g.id}'`,
      beforeOrder: (a) => Promise.resolve(void seen.push(`before ${a.row.id}`)),
      afterOrder: (a) => Promise.resolve(void seen.push(`after ${a.row.id} ${a.seq}`)),
      committed: (gameId) => Promise.resolve(void seen.push(`committed ${gameId}`)),
    });
    for (const game of [other, g])
      await submit(game, 'confederate', {
        expectedVersion: 0,
        order: { type: 'end-phase' },
      }).expect(200);
    expect(seen).toEqual([`before ${g.id}`, `after ${g.id} 1`, `committed ${g.id}`]);
  });

  it('issue 20: GET legal-orders checks the seat token against the hashes read with the row — 401 before 400, each seat its own listing', async () => {
    const g = await newGame();
    const other = await newGame();
    const bad = await request(server)
      .get(`/v1/games/${g.id}/legal-orders?limit=0`)
      .set(auth(other.tokens.union))
      .expect(401);
    expect(bad.body.code).toBe('INVALID_SEAT_TOKEN');
    const badQuery = await request(server)
      .get(`/v1/games/${g.id}/legal-orders?limit=0`)
      .set(auth(g.tokens.union))
      .expect(400);
    expect(badQuery.body.code).toBe('VALIDATION_FAILED');
    const c = await request(server)
      .get(`/v1/games/${g.id}/legal-orders?limit=5`)
      .set(auth(g.tokens.confederate))
      .expect(200);
    expect(c.body).toMatchObject({ version: 0, side: 'confederate', truncated: true });
    expect(c.body.orders).toHaveLength(5);
    const u = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(auth(g.tokens.union))
      .expect(200);
    expect(u.body).toEqual({ version: 0, side: 'union', orders: [] });
  });

  it('404 for the orders of an unknown game', async () => {
    const res = await request(server)
      .get('/v1/games/8d7f3c2e-1111-4222-8333-944455556666/legal-orders')
      .set(auth('whatever'))
      .expect(404);
    expectMatchesSpec(res);
  });

  it('accepts a legal order: 200 {version, events, game}, one new entry', async () => {
    const g = await newGame();
    const legal = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(auth(g.tokens.confederate));
    const move = legal.body.orders.find((o: { type: string }) => o.type === 'move');
    const res = await submit(g, 'confederate', { expectedVersion: 0, order: move }).expect(200);
    expectMatchesSpec(res);
    expect(res.body.version).toBe(1);
    expect(res.body.events[0]).toMatchObject({ type: 'moved', unit: move.unit });
    expect(res.body.game.version).toBe(1);
    const unit = res.body.game.units.find((u: { id: string }) => u.id === move.unit);
    expect(unit.hex).toBe(move.path[move.path.length - 1]);
    const view = await request(server).get(`/v1/games/${g.id}`).expect(200);
    // The same view, but the clock: GET /v1/games/{id} alone carries it (null: no players' game).
    expect(view.body.clock).toBeNull();
    expect({ ...view.body, clock: undefined }).toEqual(res.body.game);
    expect(await entries(g)).toBe(1);
  });

  it('403 when the seat may not act now (the other side phasing)', async () => {
    const g = await newGame();
    const res = await submit(g, 'union', {
      expectedVersion: 0,
      order: { type: 'end-phase' },
    }).expect(403);
    expectMatchesSpec(res);
    expect(res.body).toMatchObject({ code: 'NOT_YOUR_TURN' });
    expect(res.body.detail).toMatch(/confederate/);
    expect(await entries(g)).toBe(0);
  });

  it('409 when expectedVersion is not the current version; the body says the current one', async () => {
    const g = await newGame();
    await submit(g, 'confederate', { expectedVersion: 0, order: { type: 'end-phase' } }).expect(
      200,
    );
    const res = await submit(g, 'confederate', {
      expectedVersion: 0,
      order: { type: 'end-phase' },
    }).expect(409);
    expectMatchesSpec(res);
    expect(res.body).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: 1 });
    const ahead = await submit(g, 'confederate', {
      expectedVersion: 7,
      order: { type: 'end-phase' },
    }).expect(409);
    expect(ahead.body.currentVersion).toBe(1);
  });

  it('422 problem+json with code, rule and a readable detail when the engine refuses the order', async () => {
    const g = await newGame();
    const view = (await request(server).get(`/v1/games/${g.id}`)).body;
    const unit = view.units.find(
      (u: { side: string; status: string }) => u.side === 'confederate' && u.status === 'on-map',
    );
    const res = await submit(g, 'confederate', {
      expectedVersion: 0,
      order: { type: 'move', unit: unit.id, path: ['1508'] }, // far away, not adjacent
    }).expect(422);
    expectMatchesSpec(res);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toMatch(/^[A-Z_]+$/);
    expect(res.body.rule).toMatch(/^\d+\.\d+|—/);
    expect(res.body.detail.length).toBeGreaterThan(10);
    const bad = await submit(g, 'confederate', {
      expectedVersion: 0,
      order: { type: 'fly' },
    }).expect(422);
    expect(bad.body.code).toEqual(expect.any(String));
    // The order moving a Union unit is not the Confederate seat's to give.
    const unionUnit = view.units.find(
      (u: { side: string; status: string }) => u.side === 'union' && u.status === 'on-map',
    );
    await submit(g, 'confederate', {
      expectedVersion: 0,
      order: { type: 'move', unit: unionUnit.id, path: [unionUnit.hex] },
    }).expect(422);
    expect(await entries(g)).toBe(0);
  });

  it('400 for a malformed submission', async () => {
    const g = await newGame();
    const res = await submit(g, 'confederate', { order: { type: 'end-phase' } }).expect(400);
    expectMatchesSpec(res);
    await submit(g, 'confederate', { expectedVersion: -1, order: { type: 'end-phase' } }).expect(
      400,
    );
    await submit(g, 'confederate', { expectedVersion: 0, order: 'end-phase' }).expect(400);
    const extra = await submit(g, 'confederate', {
      expectedVersion: 0,
      order: { type: 'end-phase' },
      side: 'union',
    }).expect(400);
    // The same problem the validation pipe gave: code, each property with its messages.
    expect(extra.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ property: 'side', messages: ['property side should not exist'] }],
    });
    const bad = await submit(g, 'confederate', { expectedVersion: 1.5, order: [] }).expect(400);
    expect(bad.body.errors).toEqual([
      { property: 'expectedVersion', messages: ['expectedVersion must be an integer number'] },
      { property: 'order', messages: ['order must be an object'] },
    ]);
    await request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set({ ...auth(g.tokens.confederate), 'content-type': 'application/json' })
      .send('[1]')
      .expect(400);
    expect(await entries(g)).toBe(0);
  });

  it('the order answer says where its time went (Server-Timing: db, rules, hash, view, total)', async () => {
    const g = await newGame('orders-timing');
    const res = await submit(g, 'confederate', {
      expectedVersion: 0,
      order: { type: 'end-phase' },
    }).expect(200);
    const timing = String(res.headers['server-timing']);
    for (const span of ['auth', 'db', 'rules', 'hash', 'view', 'total'])
      expect(timing).toMatch(new RegExp(`(^|, )${span};dur=\\d+\\.\\d\\d`));
  });

  it('issues 16, 20: an entry keeps the whole state only every SNAPSHOT_EVERY entries and at the end; states/{seq} re-derives the others, with the recorded hash', async () => {
    const g = await newGame('orders-snapshots');
    let version = 0;
    for (let i = 0; i < SNAPSHOT_EVERY + 3; i++) {
      const view = (await request(server).get(`/v1/games/${g.id}`).expect(200)).body;
      const side = view.mustAct.side as 'union' | 'confederate';
      const legal = await request(server)
        .get(`/v1/games/${g.id}/legal-orders`)
        .set(auth(g.tokens[side]))
        .expect(200);
      const orders = legal.body.orders as Array<{ type: string }>;
      // Mostly moves and attacks, so that the states differ from one entry to the next.
      const order = orders.find((o) => o.type !== 'end-phase' && i % 4 !== 3) ?? orders[0];
      await submit(g, side, { expectedVersion: version, order }).expect(200);
      version++;
    }
    const ds = t.app.get(DataSource);
    const stored: Array<{ seq: number }> = await ds.query(
      `SELECT seq FROM game_entries WHERE game_id = $1 AND state IS NOT NULL ORDER BY seq`,
      [g.id],
    );
    expect(stored.map((r) => r.seq)).toEqual([SNAPSHOT_EVERY]);
    const before: Record<number, { stateHash: string; state: unknown }> = {};
    for (const seq of [1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 2]) {
      const res = await request(server).get(`/v1/games/${g.id}/states/${seq}`).expect(200);
      expectMatchesSpec(res);
      before[seq] = res.body;
    }
    // The end keeps a snapshot; with the secret revealed each re-derived state has its recorded hash.
    await submit(g, 'union', { expectedVersion: version, order: { type: 'resign' } }).expect(200);
    const last: Array<{ seq: number }> = await ds.query(
      `SELECT seq FROM game_entries WHERE game_id = $1 AND state IS NOT NULL ORDER BY seq`,
      [g.id],
    );
    expect(last.map((r) => r.seq)).toEqual([SNAPSHOT_EVERY, version + 1]);
    const replay = await request(server).get(`/v1/games/${g.id}/replay`).expect(200);
    for (const [seq, s] of Object.entries(before)) {
      expect(stateHasher(replay.body.secret)(s.state)).toBe(s.stateHash);
      expect(s.stateHash).toBe(replay.body.entries[Number(seq) - 1].stateHash);
    }
  });

  it('legal orders are paged (limit, cursor; truncated and next) and the pages together are the listing', async () => {
    const g = await newGame('orders-pages');
    const list = (query: string) =>
      request(server).get(`/v1/games/${g.id}/legal-orders${query}`).set(auth(g.tokens.confederate));
    const whole = await list('').expect(200);
    expect(whole.body.truncated).toBeUndefined();
    const pages: unknown[] = [];
    let res = await list('?limit=7').expect(200);
    expectMatchesSpec(res);
    expect(res.body).toMatchObject({ version: 0, truncated: true, next: '0.7' });
    for (;;) {
      pages.push(...res.body.orders);
      expect(res.body.orders.length).toBeLessThanOrEqual(7);
      if (!res.body.truncated) break;
      res = await list(`?limit=7&cursor=${res.body.next}`).expect(200);
    }
    expect(pages).toEqual(whole.body.orders);
    // Over the bound: a 400 naming it; a cursor of another version: 409.
    const over = await list('?limit=10001').expect(400);
    expect(over.body.code).toBe('VALIDATION_FAILED');
    expect(over.body.detail).toContain('limit must not be greater than 10000');
    await list('?cursor=abc').expect(400);
    await submit(g, 'confederate', { expectedVersion: 0, order: whole.body.orders[0] }).expect(200);
    const stale = await list('?limit=7&cursor=0.7').expect(409);
    expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: 1 });
  });

  it('legal orders come gzip-compressed when the client accepts it, plain JSON otherwise', async () => {
    const g = await newGame('orders-gzip');
    const zipped = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set({ ...auth(g.tokens.confederate), 'accept-encoding': 'gzip' })
      .expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    const plain = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set({ ...auth(g.tokens.confederate), 'accept-encoding': 'identity' })
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.body).toEqual(plain.body);
    expect(Number(zipped.headers['content-length'])).toBeLessThan(
      Number(plain.headers['content-length']) / 3,
    );
  });

  it('Idempotency-Key: a repeated submission returns the stored first answer and applies nothing twice', async () => {
    const g = await newGame();
    const body = { expectedVersion: 0, order: { type: 'end-phase' } };
    const first = await submit(g, 'confederate', body, { 'Idempotency-Key': 'k-1' }).expect(200);
    const again = await submit(g, 'confederate', body, { 'Idempotency-Key': 'k-1' }).expect(200);
    expectMatchesSpec(again);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await entries(g)).toBe(1);
    // The same key for another submission is refused; without the key the stale version is a 409.
    const reused = await submit(
      g,
      'confederate',
      { expectedVersion: 1, order: { type: 'end-phase' } },
      { 'Idempotency-Key': 'k-1' },
    ).expect(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    await submit(g, 'confederate', body).expect(409);
    expect(await entries(g)).toBe(1);
  });

  it('Prefer: return=minimal: the game in the answer is the view header alone (Preference-Applied); the whole view otherwise and with an Idempotency-Key', async () => {
    const g = await newGame();
    const minimal = await submit(
      g,
      'confederate',
      { expectedVersion: 0, order: { type: 'end-phase' } },
      { Prefer: 'handling=lenient, RETURN = "minimal"' },
    ).expect(200);
    expectMatchesSpec(minimal);
    expect(minimal.headers['preference-applied']).toBe('return=minimal');
    const header: readonly string[] = GAME_VIEW_HEADER;
    expect(Object.keys(minimal.body.game).sort()).toEqual([...header].sort());
    // The same header as the whole view of the same position (GET, as the public sees it).
    const view = (await request(server).get(`/v1/games/${g.id}`).expect(200)).body;
    for (const k of header) expect(minimal.body.game[k]).toEqual(view[k]);
    expect(minimal.body).toMatchObject({ version: 1, seq: 1, events: expect.any(Array) });

    const whole = await submit(
      g,
      'confederate',
      { expectedVersion: 1, order: { type: 'end-phase' } },
      { Prefer: 'return=representation' },
    ).expect(200);
    expect(whole.headers['preference-applied']).toBeUndefined();
    expect(whole.body.game.units.length).toBeGreaterThan(0);
    // With a key the stored answer is the whole one, whatever the preference.
    const keyed = await submit(
      g,
      'union',
      { expectedVersion: 2, order: { type: 'resign' } },
      { Prefer: 'return=minimal', 'Idempotency-Key': 'minimal-1' },
    ).expect(200);
    expect(keyed.headers['preference-applied']).toBeUndefined();
    expect(keyed.body.game.units.length).toBeGreaterThan(0);
  });

  it("include=legal-orders: the answer carries the ordering seat's listing of the new position, the first page GET legal-orders gives, when that seat must act in it; not otherwise, nor in a replayed answer", async () => {
    const g = await newGame('orders-include');
    const including = (
      side: 'union' | 'confederate',
      body: object,
      headers: Record<string, string> = {},
      include = 'legal-orders',
    ) =>
      request(server)
        .post(`/v1/games/${g.id}/orders?include=${include}`)
        .set({ ...auth(g.tokens[side]), ...headers })
        .send(body);
    const listingOf = async (side: 'union' | 'confederate') =>
      (
        await request(server)
          .get(`/v1/games/${g.id}/legal-orders`)
          .set(auth(g.tokens[side]))
          .expect(200)
      ).body as { version: number; side: string; orders: Array<{ type: string }> };

    const first = await listingOf('confederate');
    const move = first.orders.find((o) => o.type === 'move');
    expect(move).toBeDefined();
    // Uncompressed when the client does not take gzip.
    const moved = await including(
      'confederate',
      { expectedVersion: 0, order: move },
      { 'Accept-Encoding': 'identity' },
    ).expect(200);
    expectMatchesSpec(moved);
    expect(moved.headers['content-encoding']).toBeUndefined();
    expect(moved.body.game.mustAct.seats).toContain('confederate');
    expect(moved.body.legalOrders).toMatchObject({ version: 1, side: 'confederate' });
    expect(moved.body.legalOrders).toEqual(await listingOf('confederate'));
    // The move made is no longer listed as it was: the listing is the new position's.
    expect(moved.body.legalOrders.orders).not.toContainEqual(move);

    // Minimal answers carry it as well; gzip when the client takes it.
    const minimal = await including(
      'confederate',
      { expectedVersion: 1, order: { type: 'end-phase' } },
      { Prefer: 'return=minimal', 'Accept-Encoding': 'gzip' },
    ).expect(200);
    expectMatchesSpec(minimal);
    expect(minimal.headers['preference-applied']).toBe('return=minimal');
    // Present exactly when the ordering seat must act in the new position.
    let answer = minimal;
    let version = 2;
    while (answer.body.game.mustAct?.seats.includes('confederate')) {
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.body.legalOrders).toEqual(await listingOf('confederate'));
      answer = await including('confederate', {
        expectedVersion: version,
        order: { type: 'end-phase' },
      }).expect(200);
      expectMatchesSpec(answer);
      version += 1;
      expect(version).toBeLessThan(10);
    }
    expect(answer.body.game.mustAct.seats).toEqual(['union']);
    expect(answer.body.legalOrders).toBeUndefined();
    expect(answer.headers['content-encoding']).toBeUndefined();
    const union = await listingOf('union');
    expect(union.version).toBe(version);

    // With an Idempotency-Key: the first answer carries the listing, the replay (the stored answer) does not.
    const keyed = { expectedVersion: version, order: union.orders.find((o) => o.type === 'move') };
    const once = await including('union', keyed, { 'Idempotency-Key': 'include-1' }).expect(200);
    expect(once.body.legalOrders).toEqual(await listingOf('union'));
    const again = await including('union', keyed, { 'Idempotency-Key': 'include-1' }).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.legalOrders).toBeUndefined();
    expect(again.body.version).toBe(once.body.version);

    // Anything else asked is a 400 and changes nothing.
    const before = await entries(g);
    const next = { expectedVersion: version + 1, order: { type: 'end-phase' } };
    for (const bad of ['view', 'legal-orders&include=legal-orders', '']) {
      const refused = await including('union', next, {}, bad).expect(400);
      expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await entries(g)).toBe(before);
  });

  it('format=compact: the same orders grouped by unit, page by page, in GET legal-orders and in an answer with include=legal-orders; a decoded order is accepted; bad formats are 400 and change nothing', async () => {
    const g = await newGame('orders-compact');
    const get = (side: 'union' | 'confederate', query = '') =>
      request(server).get(`/v1/games/${g.id}/legal-orders${query}`).set(auth(g.tokens[side]));
    const sorted = (orders: object[]) => orders.map((o) => JSON.stringify(o)).sort();

    const full = (await get('confederate').expect(200)).body;
    const compactRes = await get('confederate', '?format=compact').expect(200);
    expectMatchesSpec(compactRes);
    const compact = compactRes.body;
    expect(compact).toMatchObject({ version: 0, side: 'confederate', format: 'compact' });
    expect(compact.count).toBe(full.orders.length);
    expect(sorted(ordersOfCompact(compact))).toEqual(sorted(full.orders));
    // Shiloh's opening: every order but end-phase is a unit's path; a fraction of the bytes.
    expect(compact.orders).toEqual([{ type: 'end-phase' }]);
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(full).length / 3);
    // The same again (the cached page), and format=full is the default's.
    expect((await get('confederate', '?format=compact').expect(200)).body).toEqual(compact);
    expect((await get('confederate', '?format=full').expect(200)).body).toEqual(full);
    expect((await get('union', '?format=compact').expect(200)).body).toEqual({
      version: 0,
      side: 'union',
      format: 'compact',
      count: 0,
      byUnit: [],
      orders: [],
    });

    // Pages: each compact page holds the full page's orders, with the same cursor.
    let cursor = '';
    let pages = 0;
    for (;;) {
      const query = `?limit=300${cursor ? `&cursor=${cursor}` : ''}`;
      const a = (await get('confederate', query).expect(200)).body;
      const b = await get('confederate', `${query}&format=compact`).expect(200);
      expectMatchesSpec(b);
      expect(b.body.count).toBe(a.orders.length);
      expect(sorted(ordersOfCompact(b.body))).toEqual(sorted(a.orders));
      expect(b.body.next).toBe(a.next);
      pages++;
      if (!a.truncated) break;
      cursor = a.next;
    }
    expect(pages).toBe(Math.ceil(full.orders.length / 300));

    // A decoded order is accepted as it is; the answer's listing in the format asked.
    const group = compact.byUnit[0];
    const order = { type: group.type, unit: group.unit, path: group.paths[0].split(' ') };
    const moved = await request(server)
      .post(`/v1/games/${g.id}/orders?include=legal-orders&format=compact`)
      .set(auth(g.tokens.confederate))
      .send({ expectedVersion: 0, order })
      .expect(200);
    expectMatchesSpec(moved);
    expect(moved.body.legalOrders).toEqual(
      (await get('confederate', '?format=compact').expect(200)).body,
    );
    expect(moved.body.legalOrders.version).toBe(1);
    expect(sorted(ordersOfCompact(moved.body.legalOrders))).toEqual(
      sorted((await get('confederate').expect(200)).body.orders),
    );

    // Bad formats: 400 VALIDATION_FAILED, nothing written.
    const before = await entries(g);
    for (const bad of ['?format=xml', '?format=compact&format=full']) {
      const refused = await get('confederate', bad).expect(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
    for (const bad of [
      'format=compact',
      'include=legal-orders&format=xml',
      'include=legal-orders&format=compact&format=compact',
    ]) {
      const refused = await request(server)
        .post(`/v1/games/${g.id}/orders?${bad}`)
        .set(auth(g.tokens.confederate))
        .send({ expectedVersion: 1, order: { type: 'end-phase' } })
        .expect(400);
      expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.errors[0].property).toBe('format');
    }
    expect(await entries(g)).toBe(before);
  });

  it('20 concurrent submissions with the same expectedVersion: exactly one accepted, 19 get 409, one new entry', async () => {
    const g = await newGame();
    const body = { expectedVersion: 0, order: { type: 'end-phase' } };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => submit(g, 'confederate', body)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await entries(g)).toBe(1);
    expect((await request(server).get(`/v1/games/${g.id}`)).body.version).toBe(1);
  });

  it('resign ends the game for the resigning side, at any moment; then no order is accepted', async () => {
    const g = await newGame();
    const res = await submit(g, 'union', { expectedVersion: 0, order: { type: 'resign' } }).expect(
      200,
    );
    expect(res.body.game).toMatchObject({
      status: 'finished',
      mustAct: null,
      result: { winner: 'confederate' },
    });
    const after = await submit(g, 'confederate', {
      expectedVersion: 1,
      order: { type: 'end-phase' },
    }).expect(403);
    expect(after.body.code).toBe('GAME_OVER');
    const legal = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(auth(g.tokens.confederate));
    expect(legal.body.orders).toEqual([]);
    const list = await request(server).get('/v1/games?status=finished').expect(200);
    expect(list.body.items.map((x: { id: string }) => x.id)).toContain(g.id);
  });
});
