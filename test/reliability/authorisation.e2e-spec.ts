import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

type Side = 'union' | 'confederate';

describe('authorisation: seat tokens and the secret seed', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  async function newGame(seed: string) {
    const res = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed, testing: true })
      .expect(201);
    const tokens = Object.fromEntries(
      res.body.seats.map((s: { side: Side; token: string }) => [s.side, s.token]),
    ) as Record<Side, string>;
    return { id: res.body.id as string, tokens, created: res };
  }
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it("the other side's token → 403; no token, a forged one or another game's → 401", async () => {
    const g = await newGame('auth-1');
    const other = await newGame('auth-2');
    const legal = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(bearer(g.tokens.confederate))
      .expect(200);
    const order = legal.body.orders.find(
      (o: { type: string }) => o.type !== 'end-phase' && o.type !== 'resign',
    );
    const body = { expectedVersion: 0, order };

    // Shiloh 16.3: the Confederate player moves first; the Union seat may not give its order.
    const wrongSide = await request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set(bearer(g.tokens.union))
      .send(body)
      .expect(403);
    expectMatchesSpec(wrongSide);
    expect(wrongSide.body.code).toBe('NOT_YOUR_TURN');

    const forged = randomBytes(32).toString('base64url');
    for (const headers of [
      {},
      bearer(forged),
      bearer(other.tokens.confederate),
      { Authorization: `Basic ${Buffer.from(`x:${g.tokens.confederate}`).toString('base64')}` },
      { Authorization: `Bearer ${g.tokens.confederate}x` },
      { Authorization: 'Bearer' },
    ]) {
      const post = await request(server)
        .post(`/v1/games/${g.id}/orders`)
        .set(headers)
        .send(body)
        .expect(401);
      expectMatchesSpec(post);
      const get = await request(server)
        .get(`/v1/games/${g.id}/legal-orders`)
        .set(headers)
        .expect(401);
      expectMatchesSpec(get);
    }
    // None of that changed the game.
    const view = await request(server).get(`/v1/games/${g.id}`).expect(200);
    expect(view.body.version).toBe(0);
  });

  it('tokens are not stored in plain text anywhere in the database', async () => {
    const g = await newGame('auth-3');
    const ds = t.app.get(DataSource);
    const tables: Array<{ table_name: string }> = await ds.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { table_name } of tables) {
      const rows: Array<{ row: string }> = await ds.query(
        `SELECT row_to_json(t)::text AS row FROM "${table_name}" t`,
      );
      dump += rows.map((r) => r.row).join('\n');
    }
    expect(dump).toContain(g.id);
    for (const token of Object.values(g.tokens)) {
      expect(token.length).toBeGreaterThanOrEqual(40);
      expect(dump).not.toContain(token);
    }
  });

  it('the seed is exposed by no endpoint before the game ends, and revealed once it has', async () => {
    const seed = `seed-${randomBytes(8).toString('hex')}`;
    const g = await newGame(seed);
    const seen: string[] = [JSON.stringify(g.created.body), JSON.stringify(g.created.headers)];
    const look = async (req: request.Test) => {
      const res = await req;
      seen.push(res.text ?? '', JSON.stringify(res.headers));
      return res;
    };

    // Play a few orders, then look everywhere a client can.
    let version = 0;
    for (let i = 0; i < 3; i++) {
      const legal = await look(
        request(server).get(`/v1/games/${g.id}/legal-orders`).set(bearer(g.tokens.confederate)),
      );
      const order = legal.body.orders.find((o: { type: string }) => o.type !== 'resign');
      const res = await look(
        request(server)
          .post(`/v1/games/${g.id}/orders`)
          .set(bearer(g.tokens.confederate))
          .send({ expectedVersion: version, order }),
      );
      if (res.status !== 200) break;
      version = res.body.version;
    }
    await look(request(server).get(`/v1/games/${g.id}`));
    await look(request(server).get('/v1/games'));
    const replay = await look(request(server).get(`/v1/games/${g.id}/replay`));
    expect(replay.body.seed).toBeNull();
    const ndjson = await look(
      request(server).get(`/v1/games/${g.id}/replay`).set('Accept', 'application/x-ndjson'),
    );
    expect(ndjson.headers['x-muster-seed']).toBeUndefined();
    for (let seq = 0; seq <= version; seq++)
      await look(request(server).get(`/v1/games/${g.id}/states/${seq}`));
    await look(request(server).get(`/v1/games/${g.id}/victory`));
    await look(request(server).post('/v1/replays/verify').send(replay.body));
    await look(
      request(server)
        .post('/graphql')
        .set(bearer(g.tokens.union))
        .send({ query: `{ __schema { types { name } } }` }),
    );

    for (const text of seen) expect(text).not.toContain(seed);

    // Over: the seed is revealed and the replay verifies.
    await request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set(bearer(g.tokens.union))
      .send({ expectedVersion: version, order: { type: 'resign' } })
      .expect(200);
    const final = await request(server).get(`/v1/games/${g.id}/replay`).expect(200);
    expect(final.body.seed).toBe(seed);
  });
});
