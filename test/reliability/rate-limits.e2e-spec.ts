import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import type { TestingModuleBuilder } from '@nestjs/testing';
import request from 'supertest';
import { ConfigError } from '../../src/common/config/config';
import { THROTTLE_CONFIG, loadThrottleConfig } from '../../src/common/throttling.config';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

// ws ships no type declarations here (no @types/ws); graphql-ws only needs its constructor.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WebSocketImpl = require('ws') as unknown;

describe('rate limits (@nestjs/throttler, one budget per client address)', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp({
      customize: (b) => b.overrideProvider(THROTTLE_CONFIG).useValue({ limit: 5, ttlSeconds: 30 }),
    });
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  it('over the limit: 429 problem+json naming the limit, with Retry-After; /health is never limited', async () => {
    // The budget is shared by every route: 5 requests spread over two routes use it up.
    for (let i = 0; i < 3; i++) await request(server).get('/v1/games').expect(200);
    for (let i = 0; i < 2; i++) await request(server).get('/v1/games/nope').expect(404);

    const res = await request(server).get('/v1/games').expect(429);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      type: 'urn:muster:problem:rate-limited',
      limit: { name: 'requests', requests: 5, windowSeconds: 30 },
    });
    expect(res.body.detail).toMatch(/at most 5 requests per 30 s .*Retry in \d+ s/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(res.body.retryAfter).toBe(retryAfter);
    expectMatchesSpec(res);

    // Another route is limited too, and so is a POST (before its body is looked at).
    const post = await request(server).post('/v1/games').send({ scenario: 'shiloh' }).expect(429);
    expectMatchesSpec(post);

    // Liveness probes must keep telling the truth.
    await request(server).get('/health').expect(200);
  });

  it('GraphQL operations count against the same budget', async () => {
    const res = await request(server).post('/graphql').send({ query: '{ health { status } }' });
    const codes = (res.body.errors ?? []).map(
      (e: { extensions: { code: string } }) => e.extensions.code,
    );
    expect(codes).toContain('RATE_LIMITED');
  });
});

describe('rate limit configuration (THROTTLE_LIMIT, THROTTLE_TTL)', () => {
  it('defaults to 10000 requests per 60 s; 0 turns limiting off', () => {
    expect(loadThrottleConfig({})).toEqual({ limit: 10000, ttlSeconds: 60 });
    expect(loadThrottleConfig({ THROTTLE_LIMIT: '0', THROTTLE_TTL: '5' })).toEqual({
      limit: 0,
      ttlSeconds: 5,
    });
  });

  it('a bad value stops start-up with a message naming the variable', () => {
    expect(() => loadThrottleConfig({ THROTTLE_LIMIT: 'lots', THROTTLE_TTL: '0' })).toThrow(
      ConfigError,
    );
    try {
      loadThrottleConfig({ THROTTLE_LIMIT: 'lots', THROTTLE_TTL: '0' });
    } catch (e) {
      expect((e as ConfigError).problems).toEqual([
        'THROTTLE_LIMIT must be an integer ≥ 0 (got "lots")',
        'THROTTLE_TTL must be an integer ≥ 1 (got "0")',
      ]);
    }
  });

  describe('with THROTTLE_LIMIT=0', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        customize: (b) => b.overrideProvider(THROTTLE_CONFIG).useValue({ limit: 0, ttlSeconds: 1 }),
      });
    });
    afterAll(() => t?.close());

    it('nothing is limited', async () => {
      for (let i = 0; i < 20; i++)
        await request(t.app.getHttpServer()).get('/v1/games').expect(200);
    });
  });

  describe('over websockets (issue 16 row 5)', () => {
    let ws: TestApp;
    beforeAll(async () => {
      ws = await createTestApp({
        customize: (b) =>
          b.overrideProvider(THROTTLE_CONFIG).useValue({ limit: 3, ttlSeconds: 30 }),
      });
    });
    afterAll(() => ws?.close());

    it('each GraphQL operation sent over a websocket counts against the same budget as HTTP: the 4th of 3 is RATE_LIMITED', async () => {
      const http = ws.app.getHttpServer();
      await new Promise<void>((resolve) => http.listen(0, resolve));
      const { port } = http.address() as AddressInfo;
      const client = createClient({
        url: `ws://127.0.0.1:${port}/graphql`,
        webSocketImpl: WebSocketImpl,
        lazy: false,
        retryAttempts: 0,
      });
      const ask = () =>
        new Promise<{ data?: unknown; errors?: Array<{ extensions?: { code?: string } }> }>(
          (resolve) => {
            client.subscribe(
              { query: '{ health { status } }' },
              {
                next: (msg) => resolve(msg as never),
                error: (e) => resolve({ errors: e as never }),
                complete: () => undefined,
              },
            );
          },
        );
      try {
        for (let i = 0; i < 3; i++) expect((await ask()).errors).toBeUndefined();
        const over = await ask();
        expect(JSON.stringify(over.errors)).toMatch(/RATE_LIMITED/);
        // And HTTP from the same address shares it.
        await request(http).get('/v1/games').expect(429);
      } finally {
        await client.dispose();
        await new Promise((resolve) => http.close(resolve));
      }
    });
  });
});

describe('rate limits behind a proxy (TRUST_PROXY, issue 16)', () => {
  const throttle = (b: TestingModuleBuilder) =>
    b.overrideProvider(THROTTLE_CONFIG).useValue({ limit: 2, ttlSeconds: 30 });
  const from = (server: ReturnType<TestApp['app']['getHttpServer']>, address: string) =>
    request(server).get('/v1/games').set('X-Forwarded-For', address);

  it('TRUST_PROXY=1: each client behind the proxy has its own budget, keyed on X-Forwarded-For', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' }, customize: throttle });
    try {
      const server = t.app.getHttpServer();
      await from(server, '203.0.113.1').expect(200);
      await from(server, '203.0.113.1').expect(200);
      await from(server, '203.0.113.1').expect(429);
      // Another client through the same proxy (the same socket address) is not held back.
      await from(server, '203.0.113.2').expect(200);
    } finally {
      await t.close();
    }
  });

  it('unset: X-Forwarded-For is ignored, so a client cannot escape its limit by forging it', async () => {
    const t = await createTestApp({ customize: throttle });
    try {
      const server = t.app.getHttpServer();
      await from(server, '203.0.113.1').expect(200);
      await from(server, '203.0.113.2').expect(200);
      await from(server, '203.0.113.3').expect(429);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits across instances (REDIS_URL: one budget in Redis, issue 16)', () => {
  const redisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
  const throttle = (b: TestingModuleBuilder) =>
    b.overrideProvider(THROTTLE_CONFIG).useValue({ limit: 3, ttlSeconds: 30 });
  // A client address of this run alone (TRUST_PROXY=1 reads it from X-Forwarded-For), so
  // runs sharing one Redis never count against each other.
  const octets = [process.pid % 250, Date.now() % 250, Math.floor(Math.random() * 250)];
  const client = `10.${octets.join('.')}`;
  const other = `10.${octets[0]}.${octets[1]}.${(octets[2] + 1) % 250}`;
  const from = (server: ReturnType<TestApp['app']['getHttpServer']>, address = client) =>
    request(server).get('/v1/games').set('X-Forwarded-For', address);

  (redisUrl ? it : it.skip)(
    'two instances share one budget per client: 2 requests on A and 1 on B use up 3, the next on either is 429',
    async () => {
      const env = { REDIS_URL: redisUrl, TRUST_PROXY: '1' };
      const a = await createTestApp({ env, customize: throttle });
      const b = await createTestApp({ env, customize: throttle }).catch(async (e) => {
        await a.close();
        throw e;
      });
      try {
        const [sa, sb] = [a.app.getHttpServer(), b.app.getHttpServer()];
        await from(sa).expect(200);
        await from(sa).expect(200);
        await from(sb).expect(200);
        const over = await from(sb).expect(429);
        expect(over.body.code).toBe('RATE_LIMITED');
        await from(sa).expect(429);
        // Another client is not held back.
        await from(sb, other).expect(200);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    },
  );
  if (!redisUrl) {
    it('TEST_REDIS_URL is not set: the shared-budget test is skipped', () => {
      console.warn('TEST_REDIS_URL is not set: rate limits across instances not tested');
    });
  }

  it('Redis unreachable: requests are answered at once and limited per instance, never failed', async () => {
    // Nothing listens on port 1: every count falls back to the instance's memory.
    const t = await createTestApp({
      env: { REDIS_URL: 'redis://127.0.0.1:1', TRUST_PROXY: '1' },
      customize: throttle,
    });
    try {
      const server = t.app.getHttpServer();
      const started = performance.now();
      for (let i = 0; i < 3; i++) await from(server, '192.0.2.7').expect(200);
      await from(server, '192.0.2.7').expect(429);
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await t.close();
    }
  });
});
