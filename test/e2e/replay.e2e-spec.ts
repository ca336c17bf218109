import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

describe('replays: GET /replay (JSON, NDJSON), GET /states/{seq}, POST /v1/replays/verify', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  let id: string;
  let tokens: Record<string, string>;
  const seen: unknown[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed: 'replay-e2e', testing: true })
      .expect(201);
    id = created.body.id;
    tokens = Object.fromEntries(
      created.body.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    );
    seen.push(created.body.game);
    // Three orders: two Confederate moves and the end of the phase.
    for (let v = 0; v < 3; v++) {
      const legal = await request(server)
        .get(`/v1/games/${id}/legal-orders`)
        .set('Authorization', `Bearer ${tokens.confederate}`);
      const order =
        v < 2
          ? legal.body.orders.find((o: { type: string }) => o.type === 'move')
          : { type: 'end-phase' };
      const res = await request(server)
        .post(`/v1/games/${id}/orders`)
        .set('Authorization', `Bearer ${tokens.confederate}`)
        .send({ expectedVersion: v, order })
        .expect(200);
      seen.push(res.body.game);
    }
  });
  afterAll(() => t?.close());

  it('the replay of a game in progress lists every entry and the commitment, not the seed', async () => {
    const res = await request(server).get(`/v1/games/${id}/replay`).expect(200);
    expectMatchesSpec(res);
    expect(res.body).toMatchObject({ id, scenario: 'shiloh', status: 'active', seed: null });
    expect(res.body.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.entries.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3]);
    expect(res.body.entries[0]).toMatchObject({ side: 'confederate', order: { type: 'move' } });
    expect(res.body.entries[0].stateHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(res.body)).not.toContain('replay-e2e');
  });

  it('Accept: application/x-ndjson streams one entry per line', async () => {
    const json = await request(server).get(`/v1/games/${id}/replay`).expect(200);
    const res = await request(server)
      .get(`/v1/games/${id}/replay`)
      .set('Accept', 'application/x-ndjson')
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => cb(null, text));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(res.headers['x-muster-seed-commitment']).toBe(json.body.seedCommitment);
    const lines = (res.body as string)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // Issue 18: the first line is the header, so a saved file describes itself.
    const { entries, ...header } = json.body;
    expect(lines[0]).toEqual({ header });
    expect(lines.slice(1)).toEqual(entries);
  });

  it('states/{seq} is the stored state after entry seq, and the view the client saw then', async () => {
    const replay = (await request(server).get(`/v1/games/${id}/replay`)).body;
    for (let seq = 0; seq <= 3; seq++) {
      const res = await request(server).get(`/v1/games/${id}/states/${seq}`).expect(200);
      expectMatchesSpec(res);
      expect(res.body.game).toEqual(seen[seq]);
      expect(res.body.state.turn).toBe(1);
      if (seq > 0) expect(res.body.stateHash).toBe(replay.entries[seq - 1].stateHash);
    }
    const missing = await request(server).get(`/v1/games/${id}/states/4`).expect(404);
    expectMatchesSpec(missing);
    expect(missing.body.code).toBe('ENTRY_NOT_FOUND');
    expectMatchesSpec(await request(server).get(`/v1/games/${id}/states/x`).expect(400));
    await request(server)
      .get('/v1/games/8d7f3c2e-1111-4222-8333-944455556666/states/0')
      .expect(404);
    await request(server).get('/v1/games/8d7f3c2e-1111-4222-8333-944455556666/replay').expect(404);
  });

  it('a replay still in progress cannot be verified (422 SEED_NOT_REVEALED)', async () => {
    const replay = (await request(server).get(`/v1/games/${id}/replay`)).body;
    const res = await request(server).post('/v1/replays/verify').send(replay).expect(422);
    expectMatchesSpec(res);
    expect(res.body.code).toBe('SEED_NOT_REVEALED');
  });

  describe('once the game is over', () => {
    let replay: {
      seed: string;
      entries: Array<{ events: unknown[]; stateHash: string; order: unknown }>;
    } & Record<string, unknown>;

    beforeAll(async () => {
      await request(server)
        .post(`/v1/games/${id}/orders`)
        .set('Authorization', `Bearer ${tokens.union}`)
        .send({ expectedVersion: 3, order: { type: 'resign' } })
        .expect(200);
      replay = (await request(server).get(`/v1/games/${id}/replay`).expect(200)).body;
    });

    it('the seed is revealed and matches the commitment; the replay verifies', async () => {
      expect(replay.seed).toBe('replay-e2e');
      const res = await request(server).post('/v1/replays/verify').send(replay).expect(200);
      expectMatchesSpec(res);
      expect(res.body).toMatchObject({
        ok: true,
        entries: 4,
        verified: 4,
        seedMatchesCommitment: true,
        firstMismatch: null,
      });
    });

    it('reports the first entry whose events differ', async () => {
      const tampered = structuredClone(replay);
      tampered.entries[1].events = [{ type: 'moved', unit: 'nobody' }];
      const res = await request(server).post('/v1/replays/verify').send(tampered).expect(200);
      expect(res.body).toMatchObject({
        ok: false,
        verified: 1,
        firstMismatch: { seq: 2, kind: 'events' },
      });
    });

    it('reports a state hash that differs, an order the rules refuse, and a seed that is not the committed one', async () => {
      const hash = structuredClone(replay);
      hash.entries[2].stateHash = 'f'.repeat(64);
      expect(
        (await request(server).post('/v1/replays/verify').send(hash).expect(200)).body
          .firstMismatch,
      ).toMatchObject({
        seq: 3,
        kind: 'state-hash',
      });
      const order = structuredClone(replay);
      order.entries[0].order = { type: 'move', unit: 'nobody', path: ['0101'] };
      expect(
        (await request(server).post('/v1/replays/verify').send(order).expect(200)).body
          .firstMismatch,
      ).toMatchObject({
        seq: 1,
        kind: 'refused',
      });
      const seed = { ...replay, seed: 'another seed' };
      const res = await request(server).post('/v1/replays/verify').send(seed).expect(200);
      expect(res.body.ok).toBe(false);
      expect(res.body.seedMatchesCommitment).toBe(false);
    });

    it('400 for a body that is not a replay, 422 for an unknown scenario or rules version', async () => {
      expectMatchesSpec(
        await request(server).post('/v1/replays/verify').send({ entries: 'none' }).expect(400),
      );
      await request(server)
        .post('/v1/replays/verify')
        .send({ ...replay, scenario: 'waterloo' })
        .expect(422);
      const version = await request(server)
        .post('/v1/replays/verify')
        .send({ ...replay, rulesVersion: 'classic-1975' })
        .expect(422);
      expect(version.body.code).toBe('RULES_VERSION_UNAVAILABLE');
    });

    it('422 RULES_VERSION_UNAVAILABLE, not 500, for options naming rules this server does not run', async () => {
      const res = await request(server)
        .post('/v1/replays/verify')
        .send({ ...replay, options: { rules: { system: 'avalon-hill', version: '1' } } })
        .expect(422);
      expectMatchesSpec(res);
      expect(res.body.code).toBe('RULES_VERSION_UNAVAILABLE');
    });
  });
});
