import { request as httpRequest, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { sseHeartbeat } from '../../src/games/sse-heartbeat';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a client developer’s first hour: landing page, CORS, counters, options, live updates', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: 'http://localhost:5173' } });
  });
  afterAll(() => t?.close());

  it('serves GraphiQL at GET /graphql to a browser, with every script from this server (no CDN)', async () => {
    const page = await request(t.app.getHttpServer())
      .get('/graphql')
      .set('Accept', 'text/html,application/xhtml+xml')
      .expect(200)
      .expect('Content-Type', /text\/html/);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThanOrEqual(5);
    for (const source of sources) {
      expect(source).toMatch(/^\/graphql\/assets\//);
      const asset = await request(t.app.getHttpServer()).get(source).expect(200);
      expect(Number(asset.headers['content-length'])).toBeGreaterThan(1000);
    }
    // Subscriptions go over graphql-ws, the protocol the server speaks.
    expect(page.text).toContain('graphqlWs.createClient');
  });

  it('leaves GraphQL requests to Apollo, and unknown asset names are 404', async () => {
    const res = await request(t.app.getHttpServer())
      .post('/graphql')
      .send({ query: '{ __typename }' })
      .expect(200);
    expect(res.body).toEqual({ data: { __typename: 'Query' } });
    await request(t.app.getHttpServer()).get('/graphql/assets/..%2F..%2Fpackage.json').expect(404);
    await request(t.app.getHttpServer()).get('/graphql/assets/secrets.js').expect(404);
  });

  it('answers a browser preflight for an allowed origin (CORS_ORIGINS)', async () => {
    const res = await request(t.app.getHttpServer())
      .options('/v1/games/00000000-0000-0000-0000-000000000000/orders')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/i);
    const get = await request(t.app.getHttpServer())
      .get('/v1/scenarios')
      .set('Origin', 'http://localhost:5173')
      .expect(200);
    expect(get.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(get.headers['access-control-expose-headers']).toContain('Location');
  });

  it('gives no CORS headers to an origin not listed', async () => {
    const res = await request(t.app.getHttpServer())
      .get('/v1/scenarios')
      .set('Origin', 'https://elsewhere.example')
      .expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  describe('scenarios that need counters', () => {
    it('the listing says which need counters and where their sample counters are', async () => {
      const res = await request(t.app.getHttpServer()).get('/v1/scenarios').expect(200);
      expectMatchesSpec(res);
      const byId = new Map(
        (
          res.body.items as Array<{ id: string; needsCounters: boolean; sampleCounters?: string }>
        ).map((s) => [s.id, s]),
      );
      expect(byId.get('atlanta')).toMatchObject({
        needsCounters: true,
        sampleCounters: '/v1/scenarios/atlanta/sample-counters',
      });
      expect(byId.get('shiloh')).toMatchObject({ needsCounters: false });
      expect(byId.get('shiloh')).not.toHaveProperty('sampleCounters');
    });

    it('a game needing counters is created with the sample counters exactly as served', async () => {
      const server = t.app.getHttpServer();
      await request(server)
        .post('/v1/games')
        .send({ scenario: 'atlanta', seed: 's', testing: true })
        .expect(422)
        .expect((r) => expect(r.body.code).toBe('COUNTERS_REQUIRED'));
      const sample = await request(server).get('/v1/scenarios/atlanta/sample-counters').expect(200);
      expectMatchesSpec(sample);
      expect(sample.body.note).toMatch(/NOT the historical order of battle/);
      const created = await request(server)
        .post('/v1/games')
        .send({ scenario: 'atlanta', seed: 's', testing: true, options: { counters: sample.body } })
        .expect(201);
      expectMatchesSpec(created);
      expect(created.headers.location).toBe(`/v1/games/${created.body.id}`);
    });

    it('a scenario without sample counters answers 404 NO_SAMPLE_COUNTERS', async () => {
      const res = await request(t.app.getHttpServer())
        .get('/v1/scenarios/shiloh/sample-counters')
        .expect(404);
      expectMatchesSpec(res);
      expect(res.body.code).toBe('NO_SAMPLE_COUNTERS');
    });
  });

  it("a hex's neighbours and the hexsides between them are readable from the API", async () => {
    const server = t.app.getHttpServer();
    const res = await request(server).get('/v1/scenarios/shiloh/hexes/0416').expect(200);
    expectMatchesSpec(res);
    expect(res.body.hex).toBe('0416');
    expect(typeof res.body.terrain).toBe('string');
    expect(res.body.neighbours.length).toBeGreaterThan(0);
    expect(res.body.neighbours.length).toBeLessThanOrEqual(6);
    // Every hexside the map document lists shows on both of its hexes.
    const map = (await request(server).get('/v1/scenarios/shiloh').expect(200)).body.map;
    const side = map.hexsides[0] as { between: [string, string]; features: unknown[] };
    const [a, b] = side.between;
    const fromA = (await request(server).get(`/v1/scenarios/shiloh/hexes/${a}`).expect(200)).body;
    expect(fromA.neighbours.find((n: { hex: string }) => n.hex === b).hexside).toEqual(
      expect.arrayContaining(side.features),
    );
    const missing = await request(server).get('/v1/scenarios/shiloh/hexes/9999').expect(404);
    expectMatchesSpec(missing);
    expect(missing.body.code).toBe('HEX_NOT_FOUND');
  });

  describe('game options', () => {
    it('a misspelt option is 400 naming its path, not ignored', async () => {
      const res = await request(t.app.getHttpServer())
        .post('/v1/games')
        .send({ scenario: 'shiloh', options: { ruels: 'classic', attackEffectivness: true } })
        .expect(400);
      expectMatchesSpec(res);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors.map((e: { property: string }) => e.property)).toEqual([
        'options.ruels',
        'options.attackEffectivness',
      ]);
    });

    it('a wrong shape is 400 with the path', async () => {
      const res = await request(t.app.getHttpServer())
        .post('/v1/games')
        .send({ scenario: 'shiloh', options: { rules: 42, trenchEffect: 'deep' } })
        .expect(400);
      expect(res.body.errors.map((e: { property: string }) => e.property)).toEqual([
        'options.rules',
        'options.trenchEffect',
      ]);
    });

    it('the rules may be named by system alone', async () => {
      const res = await request(t.app.getHttpServer())
        .post('/v1/games')
        .send({ scenario: 'shiloh', seed: 'x', testing: true, options: { rules: 'blue-grey' } })
        .expect(201);
      expect(res.body.rulesSystem).toBe('blue-grey');
    });

    it("a scenario's own optional rule is a boolean option of that scenario only", async () => {
      const server = t.app.getHttpServer();
      await request(server)
        .post('/v1/games')
        .send({ scenario: 'wilderness', seed: 'x', testing: true, options: { pickett: 'yes' } })
        .expect(400)
        .expect((r) => expect(r.body.errors[0].property).toBe('options.pickett'));
      await request(server)
        .post('/v1/games')
        .send({ scenario: 'shiloh', seed: 'x', testing: true, options: { pickett: true } })
        .expect(400);
    });
  });

  it('SSE: a heartbeat comment while idle, and each entry says who must act next', async () => {
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const port = (server.address() as AddressInfo).port;
    const saved = sseHeartbeat.ms;
    sseHeartbeat.ms = 300;
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed: 'live', testing: true })
      .expect(201);
    const tokens: Record<string, string> = Object.fromEntries(
      created.body.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    );
    let text = '';
    const req = httpRequest({ port, path: `/v1/games/${created.body.id}/events` });
    try {
      await new Promise<void>((resolve, reject) => {
        req.on('response', (res: IncomingMessage) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          resolve();
        });
        req.on('error', reject);
        req.end();
      });
      for (let i = 0; i < 100 && !text.includes(': heartbeat'); i++) await sleep(20);
      expect(text).toContain(': heartbeat\n');
      const view = (await request(server).get(`/v1/games/${created.body.id}`).expect(200)).body;
      const token = `Bearer ${tokens[view.mustAct.side]}`;
      await request(server)
        .post(`/v1/games/${created.body.id}/orders`)
        .set('Authorization', token)
        .send({ expectedVersion: 0, order: { type: 'end-phase' } })
        .expect(200);
      for (let i = 0; i < 100 && !text.includes('event: entry'); i++) await sleep(20);
      const data = /^data: (.*)$/m.exec(text.slice(text.indexOf('event: entry')))?.[1];
      const update = JSON.parse(data ?? 'null');
      const after = (await request(server).get(`/v1/games/${created.body.id}`).expect(200)).body;
      expect(update).toMatchObject({
        seq: 1,
        mustAct: { side: after.mustAct.side, kind: after.mustAct.kind },
      });
    } finally {
      sseHeartbeat.ms = saved;
      req.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
