import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';

describe('a client developer’s first hour: GraphiQL landing page and CORS', () => {
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
});
