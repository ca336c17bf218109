import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { MAX_OBJECT_KEYS } from '../../src/common/json-limits';
import { SCENARIO_BOUNDS } from '../../src/engine/scenario/bounds';
import { GameContexts } from '../../src/games/game-contexts.service';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';
import { asAuthor, scenarioAuthor } from '../support/scenario-author';

/**
 * Issue 16: every input has a bound, enforced before any expensive work, and
 * over it the answer is a 4xx problem+json naming the bound, in milliseconds.
 * Each test repeats one row of the issue's table with the smallest input that
 * crosses the bound (the rows' own inputs are much larger), and times it.
 */
const FIXTURE = join(__dirname, '..', 'fixtures', 'scenarios', 'valid-small');
const smallScenario = (id: string) => {
  const scenario = JSON.parse(readFileSync(join(FIXTURE, 'scenario.json'), 'utf8'));
  scenario.id = id;
  const map = JSON.parse(readFileSync(join(FIXTURE, 'map.json'), 'utf8'));
  map.id = `${id}-map`;
  scenario.map = map.id;
  return { scenario, map };
};

/**
 * Generous for a loaded 2-core machine (a refusal takes a few ms on a quiet one;
 * 1.8 s was seen here at a load average of 20), far below what the unbounded work
 * took (133 s, 22 s, 7 s an order). The status and code prove the bound; this,
 * that nothing expensive ran before it.
 */
const FAST_MS = 5000;

/** Row 8's quota per owner: two small scenarios (about 9 KB each) fit, a third does not. */
const QUOTA = { count: 2, bytes: 30_000 };

describe('bounds: every input is bounded and over a bound answers 4xx naming it (issue 16)', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  /** Uploads need an identity (row 8): a player's token with the scenarios scope. */
  let author: { Authorization: string };

  beforeAll(async () => {
    // Small quotas so row 8 reaches them with the small fixture (defaults: 20 and 20 MiB).
    t = await createTestApp({
      env: { SCENARIO_QUOTA_COUNT: String(QUOTA.count), SCENARIO_QUOTA_BYTES: String(QUOTA.bytes) },
    });
    server = t.app.getHttpServer();
    author = await asAuthor(server);
  });
  afterAll(() => t?.close());

  const timed = async (req: () => request.Test) => {
    const started = performance.now();
    const res = await req();
    return { res, ms: performance.now() - started };
  };
  const propertiesOf = (res: request.Response) =>
    (res.body.errors as Array<{ property: string; messages: string[] }>).map((e) => e.property);

  it('row 1: a map joining more sheets than maxSheets, or more hexes than maxMapHexes, is refused before it is built', async () => {
    const docs = smallScenario('many-sheets');
    // 1000 sheets of 100×100 hexes took 133 s and ran the heap out; 9 sheets cross the bound.
    docs.map.grid = Array.from({ length: SCENARIO_BOUNDS.maxSheets + 1 }, (_, i) => ({
      layout: {
        ...docs.map.grid,
        prefix: `S${'ABCDEFGHIJ'[i]}`,
        columns: { first: 0, last: 99 },
        rows: { first: 0, last: 99 },
      },
      offset: { q: i * 100, r: 0 },
    }));
    const sheets = await timed(() => request(server).post('/v1/scenarios').set(author).send(docs));
    expect(sheets.res.status).toBe(422);
    expect(sheets.res.body.code).toBe('INVALID_SCENARIO');
    expect(sheets.res.body.errors[0].messages[0]).toMatch(/maxSheets = 8/);
    expect(sheets.ms).toBeLessThan(FAST_MS);
    expectMatchesSpec(sheets.res);

    // Three full sheets: 30 000 hexes, over maxMapHexes (20 000).
    docs.map.grid = docs.map.grid.slice(0, 3);
    const area = await timed(() => request(server).post('/v1/scenarios').set(author).send(docs));
    expect(area.res.status).toBe(422);
    expect(propertiesOf(area.res)).toContain('map.grid');
    expect(JSON.stringify(area.res.body.errors)).toMatch(
      /30000 hexes: over the bound maxMapHexes = 20000/,
    );
    expect(area.ms).toBeLessThan(FAST_MS);
  });

  it('row 4: movement, strength, automatic-victory conditions and list lengths over their bounds are refused at upload', async () => {
    const docs = smallScenario('over-bounds');
    docs.scenario.units[0].movement = 1000; // listed 100 000 orders, 50 MiB
    docs.scenario.units[1].strength = 1e300; // odds of Infinity
    docs.scenario.specialRules.push({
      hook: 'automatic-victory',
      case: '20.0',
      params: {
        checkedWhen: 'after-every-order',
        conditions: Array.from(
          { length: SCENARIO_BOUNDS.maxAutomaticVictoryConditions + 1 },
          () => ({
            side: 'union',
            level: 'decisive',
            occupiesAnyOf: ['0502'],
          }),
        ),
      },
    });
    docs.scenario.notes = Array.from({ length: SCENARIO_BOUNDS.maxListItems + 1 }, () => 'n');
    const { res, ms } = await timed(() =>
      request(server).post('/v1/scenarios').set(author).send(docs),
    );
    expect(res.status).toBe(422);
    expect(propertiesOf(res)).toEqual(
      expect.arrayContaining([
        'scenario.units[0].movement',
        'scenario.units[1].strength',
        `scenario.specialRules[${docs.scenario.specialRules.length - 1}].params.conditions`,
        'scenario.notes',
      ]),
    );
    expect(JSON.stringify(res.body.errors)).toMatch(/maxMovement = 30/);
    expect(JSON.stringify(res.body.errors)).toMatch(/maxStrength = 99/);
    expect(ms).toBeLessThan(FAST_MS);
    expectMatchesSpec(res);
  });

  it('row 3: an object with more than MAX_OBJECT_KEYS keys (options, verify options, an order) is 400 TOO_MANY_KEYS before class-transformer sees it', async () => {
    // 150 000 keys took 22 s of CPU in class-transformer; the bound plus one is enough to show the refusal.
    const wide: Record<string, number> = {};
    for (let i = 0; i <= MAX_OBJECT_KEYS; i++) wide[`k${i}`] = i;
    for (const [path, body] of [
      ['/v1/games', { scenario: 'shiloh', options: wide }],
      ['/v1/replays/verify', { scenario: 'shiloh', rulesVersion: 'x', options: wide, entries: [] }],
      ['/v1/games/00000000-0000-4000-8000-000000000000/orders', { order: wide }],
    ] as const) {
      const { res, ms } = await timed(() => request(server).post(path).send(body));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'TOO_MANY_KEYS',
        limit: { name: 'maxObjectKeys', value: MAX_OBJECT_KEYS },
      });
      expect(ms).toBeLessThan(FAST_MS);
      expectMatchesSpec(res);
    }
    // At the bound it is an ordinary request (here: refused for what the options say, not for their size).
    const atBound: Record<string, number> = {};
    for (let i = 0; i < MAX_OBJECT_KEYS; i++) atBound[`k${i}`] = i;
    const ok = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', options: atBound });
    expect(ok.body.code).not.toBe('TOO_MANY_KEYS');
    expect(ok.status).toBeLessThan(500);
  });

  it('row 9: a NUL byte in a scenario id or a seed, and an offset of 1e20, are 400 — never a 500', async () => {
    const id = await request(server).get('/v1/scenarios/shi%00loh');
    expect(id.status).toBe(400);
    expect(id.body).toMatchObject({ code: 'NUL_CHARACTER' });
    expectMatchesSpec(id);

    const seed = await request(server)
      .post('/v1/games')
      .set('Content-Type', 'application/json')
      .send('{"scenario":"shiloh","seed":"a\\u0000b"}');
    expect(seed.status).toBe(400);
    expect(seed.body).toMatchObject({ code: 'NUL_CHARACTER' });
    expectMatchesSpec(seed);

    const offset = await request(server).get('/v1/games?offset=1e20');
    expect(offset.status).toBe(400);
    expect(offset.body.code).toBe('VALIDATION_FAILED');
    expectMatchesSpec(offset);
    await request(server).get('/v1/games?offset=1000000000').expect(200);
  });

  it("row 2: new counters with every request only churn the counters cache, bounded by bytes; the scenarios' contexts stay", async () => {
    const contexts = t.app.get(GameContexts);
    // A scenario's own context, cached apart: what every other game needs.
    await request(server).post('/v1/games').send({ scenario: 'shiloh' }).expect(201);
    const shiloh = contexts.cacheStats().scenarios;
    expect(shiloh.entries).toBeGreaterThanOrEqual(1);

    const fixture = JSON.parse(
      readFileSync(join(__dirname, '..', 'fixtures', 'counters', 'first-bull-run.json'), 'utf8'),
    ) as { units: Array<{ designation: string }> };
    const variant = (i: number) => {
      const units = fixture.units.map((u, k) => (k === 0 ? { ...u, designation: `v${i}` } : u));
      return { ...fixture, units };
    };
    const create = (i: number) =>
      request(server)
        .post('/v1/games')
        .send({ scenario: 'first-bull-run', options: { counters: variant(i) } });
    const first = await create(0);
    expect(first.status).toBe(201);
    const one = contexts.cacheStats().counters;
    expect(one.entries).toBe(1);
    const perContext = one.bytes;
    // Enough distinct counters to overfill the cache (the 45th such request used to run the heap out).
    const requests = Math.ceil(one.maxBytes / perContext) + 5;
    for (let i = 1; i < requests; i++) expect((await create(i)).status).toBe(201);
    console.log(
      `row 2: ${requests} games with distinct counters, ${JSON.stringify(contexts.cacheStats())}`,
    );

    const after = contexts.cacheStats();
    expect(after.counters.bytes).toBeLessThanOrEqual(after.counters.maxBytes);
    expect(after.counters.entries).toBeLessThan(requests);
    expect(after.counters.entries).toBeGreaterThan(0);
    // The churn never pushed out a scenario's own context, nor grew that cache.
    expect(after.scenarios.entries).toBe(shiloh.entries);
    expect(after.scenarios.bytes).toBe(shiloh.bytes);
    // And the service still answers at once.
    const { res, ms } = await timed(() => request(server).get('/health/live'));
    expect(res.status).toBe(200);
    expect(ms).toBeLessThan(FAST_MS);
  });

  it('supplied counters over maxUnits are refused before they are hashed or merged (INVALID_COUNTERS)', async () => {
    const unit = (i: number) => ({
      id: `c${i}`,
      side: 'union',
      designation: `${i}`,
      type: 'infantry',
      strength: 1,
    });
    const units = Array.from({ length: SCENARIO_BOUNDS.maxUnits + 1 }, (_, i) => unit(i));
    const { res, ms } = await timed(() =>
      request(server)
        .post('/v1/games')
        .send({ scenario: 'shiloh', options: { counters: { units } } }),
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INVALID_COUNTERS');
    expect(JSON.stringify(res.body.errors)).toMatch(/maxUnits = 500/);
    expect(ms).toBeLessThan(FAST_MS);
    expectMatchesSpec(res);
  });

  it('row 8: custom scenarios are owned and capped: no upload without an identity, a quota per owner (count and bytes) answered before validation, every listing paged', async () => {
    const before = (await request(server).get('/v1/scenarios').expect(200)).body.total as number;
    const anonymous = await timed(() =>
      request(server).post('/v1/scenarios').send(smallScenario('anonymous')),
    );
    expect(anonymous.res.status).toBe(401);
    expect(anonymous.res.body.code).toBe('PLAYER_TOKEN_REQUIRED');
    expect(anonymous.ms).toBeLessThan(FAST_MS);
    expectMatchesSpec(anonymous.res);

    // Count: the third upload of one player is refused, naming SCENARIO_QUOTA_COUNT.
    const counted = await scenarioAuthor(server);
    const upload = (auth: string, body: object) =>
      timed(() => request(server).post('/v1/scenarios').set('Authorization', auth).send(body));
    for (const id of ['quota-1', 'quota-2']) {
      expect((await upload(counted.authorization, smallScenario(id))).res.status).toBe(201);
    }
    const third = await upload(counted.authorization, smallScenario('quota-3'));
    expect(third.res.status).toBe(403);
    expect(third.res.body).toMatchObject({
      code: 'SCENARIO_QUOTA_EXCEEDED',
      limit: { name: 'SCENARIO_QUOTA_COUNT', value: QUOTA.count },
      used: 2,
    });
    expect(third.ms).toBeLessThan(FAST_MS);
    expectMatchesSpec(third.res);
    // Refused before validation: even an invalid body gets the quota answer, not 422.
    const broken = await upload(counted.authorization, { scenario: { id: 'x' }, map: {} });
    expect(broken.res.body.code).toBe('SCENARIO_QUOTA_EXCEEDED');
    // Deleting one frees its place.
    await request(server)
      .delete('/v1/scenarios/quota-1')
      .set('Authorization', counted.authorization)
      .expect(204);
    expect((await upload(counted.authorization, smallScenario('quota-3'))).res.status).toBe(201);

    // Bytes: another player's scenario padded past SCENARIO_QUOTA_BYTES.
    const heavy = await scenarioAuthor(server);
    const big = smallScenario('quota-heavy');
    big.scenario.notes = Array.from({ length: 30 }, () => 'n'.repeat(1000));
    const bytes = await upload(heavy.authorization, big);
    expect(bytes.res.status).toBe(403);
    expect(bytes.res.body).toMatchObject({
      code: 'SCENARIO_QUOTA_EXCEEDED',
      limit: { name: 'SCENARIO_QUOTA_BYTES', value: QUOTA.bytes },
      used: 0,
    });
    expect(bytes.res.body.size).toBeGreaterThan(QUOTA.bytes);
    expect(bytes.ms).toBeLessThan(FAST_MS);

    // No state change beyond the accepted uploads: two live scenarios of the first player.
    const after = await request(server).get('/v1/scenarios?limit=100').expect(200);
    expect(after.body.total).toBe(before + 2);

    // Every listing is paged: REST at most 100 a page, GraphQL charged per item asked for.
    const tooMany = await request(server).get('/v1/scenarios?limit=101').expect(400);
    expect(tooMany.body.code).toBe('VALIDATION_FAILED');
    const docs = await timed(() =>
      request(server).post('/graphql').send({ query: '{ scenarios { id scenario map } }' }),
    );
    expect(docs.res.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(docs.ms).toBeLessThan(FAST_MS);
    const page = await request(server)
      .post('/graphql')
      .send({ query: '{ scenarios(limit: 5) { id scenario } }' })
      .expect(200);
    expect(page.body.errors).toBeUndefined();
    expect(page.body.data.scenarios).toHaveLength(5);
  });

  it('row 7: the creator cannot choose the dice of a rated game: a seed without "testing": true is 400 SEED_REQUIRES_TESTING; a testing game says so; the commitment is salted', async () => {
    const chosen = await timed(() =>
      request(server).post('/v1/games').send({ scenario: 'shiloh', seed: '123456' }),
    );
    expect(chosen.res.status).toBe(400);
    expect(chosen.res.body.code).toBe('SEED_REQUIRES_TESTING');
    expect(chosen.ms).toBeLessThan(FAST_MS);
    expectMatchesSpec(chosen.res);
    const testing = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed: '123456', testing: true })
      .expect(201);
    expect(testing.body.game.testing).toBe(true);
    // Salted with the game's secret: the 6-digit seed is not found by hashing guesses.
    expect(testing.body.seedCommitment).not.toBe(
      createHash('sha256').update('123456').digest('hex'),
    );
    const fair = await request(server).post('/v1/games').send({ scenario: 'shiloh' }).expect(201);
    expect(fair.body.game.testing).toBe(false);
  });
});
