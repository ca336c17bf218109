import * as fc from 'fast-check';
import request from 'supertest';
import { THROTTLE_CONFIG } from '../../src/common/throttling.config';
import { createTestApp, TestApp } from '../support/app';
import { validateResponse } from '../support/openapi';
import shilohScenario from '../../scenarios/shiloh/scenario.json';

/**
 * Bad input never hurts the service: thousands of malformed bodies, wrong types,
 * unknown order types, orders for the other side, huge payloads and random
 * legal-looking-but-illegal orders → never a 5xx, never a state change, and every
 * answer is what openapi.yaml describes. fast-check, seeded and bounded
 * (FUZZ_RUNS, default 1500 submissions + the fixed nasty cases).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? 20250611);

const UNIT_IDS = (shilohScenario as { units: Array<{ id: string }> }).units.map((u) => u.id);
const HEXES: string[] = [];
for (let c = 1; c <= 19; c++)
  for (let r = 1; r <= 21; r++)
    HEXES.push(`${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`);
const ORDER_TYPES = [
  'move',
  'enter',
  'strategic-move',
  'rally-marker',
  'build-breastworks',
  'end-phase',
  'attack',
  'retreat',
  'advance',
  'decline-advance',
  'choose-losses',
  'cavalry-retreat',
  'rally',
];

type Side = 'union' | 'confederate';

describe('bad input never hurts the service (fast-check)', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  let id: string;
  let tokens: Record<Side, string>;
  let version: number;
  let acting: Side;
  let legal: Set<string>;
  let accepted = 0;
  const statuses = new Map<number, number>();

  const auth = (side: Side) => ({ Authorization: `Bearer ${tokens[side]}` });
  const other = (s: Side): Side => (s === 'union' ? 'confederate' : 'union');

  async function sync(): Promise<void> {
    const g = await request(server).get(`/v1/games/${id}`).expect(200);
    version = g.body.version;
    acting = g.body.mustAct.side;
    const l = await request(server)
      .get(`/v1/games/${id}/legal-orders`)
      .set(auth(acting))
      .expect(200);
    legal = new Set(l.body.orders.map((o: unknown) => JSON.stringify(o)));
  }

  /** The answer is no 5xx, is described by openapi.yaml, and changed nothing unless it accepted a legal order. */
  async function check(res: request.Response, what: string): Promise<void> {
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500) throw new Error(`${what} → ${res.status} ${res.text.slice(0, 500)}`);
    const problems = validateResponse(res);
    if (problems.length > 0) throw new Error(`${what}: ${problems.join('; ')}`);
    const g = await request(server).get(`/v1/games/${id}`).expect(200);
    if (res.status === 200) {
      // A random order that happened to be legal: the game moved on, by exactly one entry.
      accepted++;
      expect(g.body.version).toBe(version + 1);
      await sync();
      return;
    }
    if (g.body.version !== version) {
      throw new Error(
        `${what} → ${res.status} but the game moved from ${version} to ${g.body.version}`,
      );
    }
  }

  beforeAll(async () => {
    t = await createTestApp({
      customize: (b) => b.overrideProvider(THROTTLE_CONFIG).useValue({ limit: 0, ttlSeconds: 1 }),
    });
    server = t.app.getHttpServer();
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed: 'fuzz-seed-not-public', testing: true })
      .expect(201);
    id = created.body.id;
    tokens = Object.fromEntries(
      created.body.seats.map((s: { side: Side; token: string }) => [s.side, s.token]),
    ) as Record<Side, string>;
    await sync();
  });
  afterAll(async () => {
    console.log(
      `bad input: statuses ${[...statuses.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}; ${accepted} random order(s) turned out legal and were accepted`,
    );
    await t?.close();
  });

  /** Sends `body` as JSON text (a string is sent as it is: malformed JSON cases). */
  const send = (r: request.Test, body: unknown) =>
    r
      .set('Content-Type', 'application/json')
      .send(typeof body === 'string' ? body : JSON.stringify(body));
  const submit = (side: Side, body: unknown, headers: Record<string, string> = {}) =>
    send(
      request(server)
        .post(`/v1/games/${id}/orders`)
        .set({ ...auth(side), ...headers }),
      body,
    );

  const hex = fc.oneof(fc.constantFrom(...HEXES), fc.string({ maxLength: 6 }));
  const unit = fc.oneof(fc.constantFrom(...UNIT_IDS), fc.string({ maxLength: 12 }));
  /** Orders that look like the engine's, with fields drawn from the real scenario and map (and some junk). */
  const legalLooking = fc.record(
    {
      type: fc.constantFrom(...ORDER_TYPES),
      unit,
      path: fc.array(hex, { maxLength: 12 }),
      hex,
      to: hex,
      units: fc.array(unit, { maxLength: 4 }),
      attackers: fc.array(unit, { maxLength: 4 }),
      defenders: fc.array(hex, { maxLength: 3 }),
      bombard: fc.array(unit, { maxLength: 2 }),
      reduceOddsTo: fc.constantFrom('1-1', '2-1', '1-2', 'x'),
    },
    { requiredKeys: ['type'] },
  );
  const wrongType = fc.oneof(
    fc.string(),
    fc.double(),
    fc.integer({ min: -1_000_000, max: -1 }),
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    fc.object({ maxDepth: 2 }),
  );

  type Case = {
    name: string;
    side: 'acting' | 'other';
    body: unknown;
    headers?: Record<string, string>;
  };
  const cases: fc.Arbitrary<Case> = fc.oneof(
    // Any JSON at all as the body.
    fc
      .jsonValue({ maxDepth: 4 })
      .map((value) => ({ name: 'any JSON', side: 'acting' as const, body: JSON.stringify(value) })),
    // Text that is not JSON, or almost.
    fc
      .oneof(
        fc.string({ maxLength: 200 }),
        fc.constantFrom('{', '{"expectedVersion":', '[1,2', '{"a":1}}', '\u0000'),
      )
      .map((body) => ({
        name: 'malformed JSON',
        side: 'acting' as const,
        body: body === '' ? '{' : body,
      })),
    // Wrong types in the envelope.
    fc
      .record({
        expectedVersion: fc.oneof(wrongType, fc.constant(0)),
        order: fc.oneof(wrongType, legalLooking),
      })
      .map((body) => ({ name: 'wrong types', side: 'acting' as const, body })),
    // Unknown order types with random fields.
    fc
      .record({
        type: fc
          .string({ maxLength: 20 })
          .filter((s) => !ORDER_TYPES.includes(s) && s !== 'resign'),
        extra: fc.jsonValue({ maxDepth: 2 }),
      })
      .map((order) => ({
        name: 'unknown order type',
        side: 'acting' as const,
        body: { expectedVersion: 0, order },
      })),
    // Legal-looking but illegal orders, from the acting side and from the other side.
    fc
      .tuple(legalLooking, fc.constantFrom<'acting' | 'other'>('acting', 'other'))
      .map(([order, side]) => ({
        name: 'legal-looking order',
        side,
        body: { expectedVersion: 0, order },
      })),
    // Extra envelope fields, prototype tricks.
    fc
      .constantFrom(
        '{"expectedVersion":0,"order":{"type":"end-phase"},"side":"union"}',
        '{"expectedVersion":0,"order":{"__proto__":{"type":"end-phase"}}}',
        '{"expectedVersion":0,"order":{"type":"move","constructor":{"prototype":{"x":1}}}}',
        '{"expectedVersion":0,"order":{"type":"move","unit":"us-2-5","path":null}}',
        '{"expectedVersion":1e309,"order":{"type":"end-phase"}}',
        '{"expectedVersion":0.5,"order":{"type":"end-phase"}}',
      )
      .map((body) => ({ name: 'envelope tricks', side: 'acting' as const, body })),
    // Bad Idempotency-Key headers.
    fc.tuple(fc.constantFrom('', 'x'.repeat(201)), legalLooking).map(([key, order]) => ({
      name: 'bad Idempotency-Key',
      side: 'acting' as const,
      body: { expectedVersion: 0, order },
      headers: { 'Idempotency-Key': key },
    })),
  );

  it(`${RUNS} malformed, mistyped, misdirected or illegal submissions: never a 5xx, never a state change, always as described`, async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const side = c.side === 'acting' ? acting : other(acting);
        // Orders in the fixed-version envelope go to the current version, so only legality decides.
        const body =
          typeof c.body === 'object' &&
          c.body !== null &&
          (c.body as { expectedVersion?: unknown }).expectedVersion === 0
            ? { ...(c.body as object), expectedVersion: version }
            : c.body;
        if (
          body &&
          typeof body === 'object' &&
          'order' in body &&
          legal.has(JSON.stringify((body as { order: unknown }).order))
        ) {
          return; // actually legal: not bad input
        }
        const res = await submit(side, body, c.headers);
        await check(res, `${c.name} ${JSON.stringify(body)?.slice(0, 300)}`);
        if (res.status === 200) return;
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });

  it('huge and deeply nested payloads: 413 or a refusal, quickly, never a 5xx', async () => {
    const huge = JSON.stringify({
      expectedVersion: version,
      order: { type: 'move', unit: 'x', pad: 'x'.repeat(6 * 1024 * 1024) },
    });
    const big = await submit(acting, huge);
    expect(big.status).toBe(413);
    await check(big, '6 MB body');

    // Under the body limit but absurd: a 200 000-hex path, 50 000 attackers.
    const longPath = {
      expectedVersion: version,
      order: { type: 'move', unit: UNIT_IDS[30], path: Array(200_000).fill('0101') },
    };
    let t0 = Date.now();
    const long = await submit(acting, longPath);
    await check(long, '200 000-hex path');
    expect(long.status).toBe(422);
    expect(Date.now() - t0).toBeLessThan(5000);

    const attackers = {
      expectedVersion: version,
      order: { type: 'attack', attackers: Array(50_000).fill(UNIT_IDS[0]), defenders: HEXES },
    };
    t0 = Date.now();
    await check(await submit(acting, attackers), '50 000 attackers');
    expect(Date.now() - t0).toBeLessThan(5000);

    // Deep nesting: recursive code (validation, hashing, the engine) must not overflow the stack.
    for (const depth of [1_000, 10_000, 100_000]) {
      const deep = `{"expectedVersion":${version},"order":{"type":"move","unit":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
      await check(await submit(acting, deep), `order nested ${depth} deep`);
      const deepBody = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      await check(await submit(acting, deepBody), `body nested ${depth} deep`);
    }

    // Many keys.
    const wide: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) wide[`k${i}`] = i;
    await check(
      await submit(acting, { expectedVersion: version, order: { type: 'move', ...wide } }),
      '100 000 keys',
    );
  });

  it('other endpoints shrug off junk too (create game, verify replay, states/{seq})', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
        const created = await send(request(server).post('/v1/games'), JSON.stringify(body));
        statuses.set(created.status, (statuses.get(created.status) ?? 0) + 1);
        if (created.status >= 500)
          throw new Error(`POST /v1/games ${JSON.stringify(body)} → ${created.status}`);
        expect(validateResponse(created)).toEqual([]);
        const verified = await send(
          request(server).post('/v1/replays/verify'),
          JSON.stringify(body),
        );
        if (verified.status >= 500)
          throw new Error(`verify ${JSON.stringify(body)} → ${verified.status}`);
        expect(validateResponse(verified)).toEqual([]);
      }),
      { numRuns: Math.ceil(RUNS / 5), seed: SEED },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 30 }), async (seq) => {
        const res = await request(server).get(`/v1/games/${id}/states/${encodeURIComponent(seq)}`);
        if (res.status >= 500) throw new Error(`states/${seq} → ${res.status}`);
        expect(
          validateResponse(res, { method: 'GET', path: '/v1/games/{id}/states/{seq}' }),
        ).toEqual([]);
      }),
      { numRuns: Math.ceil(RUNS / 10), seed: SEED },
    );
  });
});
