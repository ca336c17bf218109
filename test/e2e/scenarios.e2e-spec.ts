import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { ScenariosService } from '../../src/scenarios/scenarios.service';
import { EnginePool } from '../../src/workers/engine-pool.service';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';
import { asAuthor, scenarioAuthor } from '../support/scenario-author';

/** The operator's token (SCENARIO_UPLOAD_TOKEN) this test's service is started with. */
const OPERATOR = 'operator-token-for-the-scenarios-e2e-test-0123456789';

const FIXTURES = join(__dirname, '..', 'fixtures', 'scenarios');
const fixture = (name: string) => ({
  scenario: JSON.parse(readFileSync(join(FIXTURES, name, 'scenario.json'), 'utf8')),
  map: JSON.parse(readFileSync(join(FIXTURES, name, 'map.json'), 'utf8')),
});

/** Reads any body as text (supertest buffers image/svg+xml as binary otherwise). */
function asText(res: request.Response, done: (err: Error | null, body: string) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (text += chunk));
  stream.on('end', () => done(null, text));
}

describe('scenarios: /v1/scenarios, /v1/schemas and GraphQL', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp({ env: { SCENARIO_UPLOAD_TOKEN: OPERATOR } });
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  it('GET /v1/scenarios lists the shipped Shiloh scenario', async () => {
    const res = await request(server).get('/v1/scenarios').expect(200);
    expectMatchesSpec(res);
    expect(res.body.items).toContainEqual({
      id: 'shiloh',
      title: expect.stringContaining('Shiloh'),
      date: '1862-04-06',
      year: 1862,
      turns: 13,
      rules: { system: 'blue-grey', version: expect.any(String) },
      setup: 'fixed',
      orderOfBattle: 'printed',
      needsCounters: false,
      mapProvenance: 'reconstructed from the rules text',
      origin: 'shipped',
      playable: true,
      notYetSupported: [],
    });
  });

  it('GET /v1/scenarios marks a scenario whose special rules the engine lacks as not playable, naming them', async () => {
    const custom = {
      scenario: {
        ...JSON.parse(readFileSync(join(FIXTURES, 'valid-small', 'scenario.json'), 'utf8')),
        id: 'custom-unplayable',
        specialRules: [{ hook: 'no-such-hook', case: '20.1', params: { side: 'union' } }],
      },
      map: JSON.parse(readFileSync(join(FIXTURES, 'valid-small', 'map.json'), 'utf8')),
    };
    await request(server)
      .post('/v1/scenarios')
      .set(await asAuthor(server))
      .send(custom)
      .expect(201);
    const list = await request(server).get('/v1/scenarios').expect(200);
    expectMatchesSpec(list);
    const summary = list.body.items.find((s: { id: string }) => s.id === 'custom-unplayable');
    expect(summary).toMatchObject({
      playable: false,
      notYetSupported: [{ case: '20.1', what: 'special rule "no-such-hook"' }],
    });
  });

  it('GET /v1/scenarios/shiloh returns the scenario with its map', async () => {
    const res = await request(server).get('/v1/scenarios/shiloh').expect(200);
    expectMatchesSpec(res);
    expect(res.body.id).toBe('shiloh');
    expect(res.body.origin).toBe('shipped');
    expect(res.body.scenario.id).toBe('shiloh');
    expect(res.body.scenario.units.length).toBeGreaterThan(50);
    expect(res.body.map.hexes['1508']).toMatchObject({
      name: expect.stringContaining('Pittsburg Landing'),
    });
  });

  it('GET /v1/scenarios/{id} answers 404 SCENARIO_NOT_FOUND for an unknown id', async () => {
    const res = await request(server).get('/v1/scenarios/no-such-battle').expect(404);
    expectMatchesSpec(res);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('SCENARIO_NOT_FOUND');
  });

  it('GET /v1/scenarios/shiloh/map.svg draws the map with the set-up', async () => {
    const res = await request(server)
      .get('/v1/scenarios/shiloh/map.svg')
      .buffer(true)
      .parse(asText)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expectMatchesSpec(res);
    const svg = res.body as string;
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('data-hex="1508"');
    expect(svg).toContain('<title>objective 1508');
    expect((svg.match(/<g class="unit unit-/g) ?? []).length).toBeGreaterThan(40);
    const missing = await request(server).get('/v1/scenarios/no-such-battle/map.svg').expect(404);
    expectMatchesSpec(missing);
  });

  it('GET /v1/schemas/scenario and /v1/schemas/map publish the JSON Schemas', async () => {
    for (const [path, title] of [
      ['/v1/schemas/scenario', 'Muster scenario document'],
      ['/v1/schemas/map', 'Muster map document'],
    ]) {
      const res = await request(server).get(path).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/schema\+json/);
      expectMatchesSpec(res);
      expect(res.body).toMatchObject({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        title,
      });
    }
  });

  describe('POST /v1/scenarios', () => {
    const custom = () => {
      const docs = fixture('valid-small');
      docs.scenario.id = 'custom-small';
      return docs;
    };

    it('stores a valid custom scenario and serves it like a shipped one', async () => {
      const res = await request(server)
        .post('/v1/scenarios')
        .set(await asAuthor(server))
        .send(custom())
        .expect(201);
      expectMatchesSpec(res);
      expect(res.headers.location).toBe('/v1/scenarios/custom-small');
      expect(res.body).toMatchObject({
        id: 'custom-small',
        origin: 'custom',
        turns: 6,
        setup: 'fixed',
      });

      const list = await request(server).get('/v1/scenarios').expect(200);
      expectMatchesSpec(list);
      expect(
        list.body.items.map((s: { id: string; origin: string }) => `${s.id}:${s.origin}`),
      ).toEqual(expect.arrayContaining(['shiloh:shipped', 'custom-small:custom']));
      const summary = list.body.items.find((s: { id: string }) => s.id === 'custom-small');
      expect(summary).toEqual({
        id: 'custom-small',
        title: 'Small test battle',
        date: '1862-04-06',
        year: 1862,
        turns: 6,
        rules: { system: 'blue-grey', version: 'revised-2' },
        setup: 'fixed',
        orderOfBattle: 'printed',
        needsCounters: false,
        mapProvenance: 'reconstructed from the rules text',
        origin: 'custom',
        owner: { kind: 'player', handle: expect.any(String) },
        playable: false,
        notYetSupported: [{ case: '19.11', what: 'special rule "exit-hexes"' }],
      });

      const detail = await request(server).get('/v1/scenarios/custom-small').expect(200);
      expectMatchesSpec(detail);
      expect(detail.body.scenario).toEqual(custom().scenario);
      expect(detail.body.map).toEqual(custom().map);

      const svg = await request(server)
        .get('/v1/scenarios/custom-small/map.svg')
        .buffer(true)
        .parse(asText)
        .expect(200);
      expect(svg.body).toContain('>Smallville</text>');
    });

    it('keeps custom scenarios in the database: a fresh service finds them', async () => {
      const service = t.app.get(ScenariosService);
      const fresh = new ScenariosService(
        (service as unknown as { dataSource: never }).dataSource,
        t.app.get(EnginePool),
        t.config,
      );
      const found = await fresh.find('custom-small');
      expect(found?.origin).toBe('custom');
      expect(found?.scenario.units).toHaveLength(11);
    });

    it('409 SCENARIO_EXISTS when the id is taken by a custom or a shipped scenario', async () => {
      const again = await request(server)
        .post('/v1/scenarios')
        .set(await asAuthor(server))
        .send(custom())
        .expect(409);
      expectMatchesSpec(again);
      expect(again.body.code).toBe('SCENARIO_EXISTS');
      expect(again.body.detail).toContain('custom-small');

      const docs = custom();
      docs.scenario.id = 'shiloh';
      const shipped = await request(server)
        .post('/v1/scenarios')
        .set(await asAuthor(server))
        .send(docs)
        .expect(409);
      expectMatchesSpec(shipped);
      expect(shipped.body.detail).toBe(
        '"shiloh" is the id of a shipped scenario; give the custom scenario another id',
      );
    });

    it('rejects a broken scenario with 422 INVALID_SCENARIO listing every problem', async () => {
      const docs = fixture('three-stacked');
      docs.map.hexes['0303'].terrain = 'marsh';
      docs.scenario.setup.placements[4].hex = '0907';
      const res = await request(server)
        .post('/v1/scenarios')
        .set(await asAuthor(server))
        .send(docs)
        .expect(422);
      expectMatchesSpec(res);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe('INVALID_SCENARIO');
      // A schema error stops the meaning checks: the documents' shape is not known yet.
      expect(res.body.errors).toEqual([
        {
          property: 'map.hexes.0303.terrain',
          messages: [
            '"marsh" is not one of "clear", "forest", "rough", "forest-rough", "swamp", "town", "river", "lake", "pond", "bridge", "ford", "ferry", "pontoon"',
          ],
        },
      ]);

      docs.map.hexes['0303'].terrain = 'forest';
      const meaning = await request(server)
        .post('/v1/scenarios')
        .set(await asAuthor(server))
        .send(docs)
        .expect(422);
      expectMatchesSpec(meaning);
      expect(meaning.body.errors).toEqual([
        {
          property: 'scenario.setup.placements[4].hex',
          messages: ['hex 0907 is not on the map, which runs from 0101 to 0806'],
        },
        {
          property: 'scenario.setup.placements[2].hex',
          messages: [
            'three units set up in 0502 (u-1, u-2, u-3): the stacking limit is 2 per hex (6.32)',
          ],
        },
      ]);
      expect(meaning.body.detail).toMatch(
        /^The scenario has 2 problems: scenario\.setup\.placements\[4\]\.hex: hex 0907/,
      );
      await request(server).get('/v1/scenarios/three-stacked').expect(404);
    });

    it('rejects a body that is not {scenario, map}', async () => {
      const res = await request(server)
        .post('/v1/scenarios')
        .set(await asAuthor(server))
        .send({ scenario: custom().scenario, extra: 1 })
        .expect(422);
      expectMatchesSpec(res);
      expect(res.body.errors).toEqual([
        { property: 'extra', messages: ['is not a known field here (send {scenario, map})'] },
        { property: 'map', messages: ['is required'] },
      ]);
    });
  });

  describe('owned custom scenarios: identity, owner=mine, pages, delete (issue 16, row 8)', () => {
    const docsWithId = (id: string) => {
      const docs = fixture('valid-small');
      docs.scenario.id = id;
      docs.scenario.specialRules = []; // playable: a game can be created on it
      return docs;
    };
    const post = (auth: string | undefined, body: object) => {
      const req = request(server).post('/v1/scenarios');
      return (auth ? req.set('Authorization', auth) : req).send(body);
    };

    it("an upload without an identity is 401, a token that is neither a player's nor the operator's 401, one without the scenarios scope 403; nothing is stored", async () => {
      const anonymous = await post(undefined, docsWithId('anon-upload')).expect(401);
      expectMatchesSpec(anonymous);
      expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(anonymous.body.code).toBe('PLAYER_TOKEN_REQUIRED');
      const forged = await post('Bearer not-the-operator-token', docsWithId('anon-upload'));
      expect(forged.status).toBe(401);
      expect(forged.body.code).toBe('INVALID_OPERATOR_TOKEN');
      const author = await scenarioAuthor(server);
      const playOnly = await request(server)
        .post('/v1/me/tokens')
        .set('Authorization', author.authorization)
        .send({ label: 'play only', scopes: ['play'] })
        .expect(201);
      const scoped = await post(`Bearer ${playOnly.body.token}`, docsWithId('anon-upload'));
      expect(scoped.status).toBe(403);
      expect(scoped.body.code).toBe('SCOPE_REQUIRED');
      await request(server).get('/v1/scenarios/anon-upload').expect(404);
    });

    it("each upload records its owner; owner=mine lists only the caller's; the operator's uploads are the operator's", async () => {
      const grant = await scenarioAuthor(server);
      const lee = await scenarioAuthor(server);
      const mine = await post(grant.authorization, docsWithId('grants-battle')).expect(201);
      expect(mine.body.owner).toEqual({ kind: 'player', handle: grant.handle });
      await post(lee.authorization, docsWithId('lees-battle')).expect(201);
      const op = await post(`Bearer ${OPERATOR}`, docsWithId('operators-battle')).expect(201);
      expect(op.body.owner).toEqual({ kind: 'operator' });

      const grants = await request(server)
        .get('/v1/scenarios?owner=mine')
        .set('Authorization', grant.authorization)
        .expect(200);
      expectMatchesSpec(grants);
      expect(grants.body.items.map((s: { id: string }) => s.id)).toEqual(['grants-battle']);
      expect(grants.body.total).toBe(1);
      const detail = await request(server).get('/v1/scenarios/lees-battle').expect(200);
      expect(detail.body.owner).toEqual({ kind: 'player', handle: lee.handle });
      const anonymousMine = await request(server).get('/v1/scenarios?owner=mine').expect(401);
      expect(anonymousMine.body.code).toBe('PLAYER_TOKEN_REQUIRED');

      const gql = await request(server)
        .post('/graphql')
        .set('Authorization', lee.authorization)
        .send({ query: '{ scenarios(owner: "mine") { id owner { kind handle } } }' })
        .expect(200);
      expect(gql.body.errors).toBeUndefined();
      expect(gql.body.data.scenarios).toEqual([
        { id: 'lees-battle', owner: { kind: 'player', handle: lee.handle } },
      ]);
    });

    it('the listing is paged: limit (at most 100) and offset, with the total', async () => {
      const all = await request(server).get('/v1/scenarios?limit=100').expect(200);
      const page = await request(server).get('/v1/scenarios?limit=3&offset=21').expect(200);
      expectMatchesSpec(page);
      expect(page.body).toMatchObject({ limit: 3, offset: 21, total: all.body.total });
      expect(page.body.items).toEqual(all.body.items.slice(21, 24));
      expect(all.body.items.length).toBe(Math.min(100, all.body.total));
      for (const bad of ['limit=101', 'limit=0', 'offset=-1', 'offset=1e20', 'owner=yours']) {
        const res = await request(server).get(`/v1/scenarios?${bad}`).expect(400);
        expectMatchesSpec(res);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
      const gql = await request(server)
        .post('/graphql')
        .send({ query: '{ scenarios(limit: 101) { id } }' })
        .expect(200);
      expect(gql.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    });

    it('DELETE by its owner (or the operator): 403 for someone else and for a shipped scenario, 409 while a game uses it; a deleted id is never reused', async () => {
      const owner = await scenarioAuthor(server);
      const other = await scenarioAuthor(server);
      await post(owner.authorization, docsWithId('to-delete')).expect(201);
      await post(owner.authorization, docsWithId('in-use')).expect(201);

      const anonymous = await request(server).delete('/v1/scenarios/to-delete').expect(401);
      expectMatchesSpec(anonymous);
      const notOwner = await request(server)
        .delete('/v1/scenarios/to-delete')
        .set('Authorization', other.authorization)
        .expect(403);
      expectMatchesSpec(notOwner);
      expect(notOwner.body.code).toBe('NOT_SCENARIO_OWNER');
      const shipped = await request(server)
        .delete('/v1/scenarios/shiloh')
        .set('Authorization', `Bearer ${OPERATOR}`)
        .expect(403);
      expect(shipped.body.code).toBe('SCENARIO_SHIPPED');

      // A game on it keeps it: its replay re-runs on the document.
      await request(server).post('/v1/games').send({ scenario: 'in-use' }).expect(201);
      const inUse = await request(server)
        .delete('/v1/scenarios/in-use')
        .set('Authorization', owner.authorization)
        .expect(409);
      expectMatchesSpec(inUse);
      expect(inUse.body).toMatchObject({ code: 'SCENARIO_IN_USE', games: 1 });
      await request(server).get('/v1/scenarios/in-use').expect(200);

      const gone = await request(server)
        .delete('/v1/scenarios/to-delete')
        .set('Authorization', owner.authorization)
        .expect(204);
      expectMatchesSpec(gone);
      await request(server).get('/v1/scenarios/to-delete').expect(404);
      const listed = await request(server)
        .get('/v1/scenarios?owner=mine')
        .set('Authorization', owner.authorization)
        .expect(200);
      expect(listed.body.items.map((s: { id: string }) => s.id)).toEqual(['in-use']);
      const noGame = await request(server).post('/v1/games').send({ scenario: 'to-delete' });
      expect(noGame.status).toBe(422);
      const reused = await post(owner.authorization, docsWithId('to-delete')).expect(409);
      expect(reused.body.code).toBe('SCENARIO_EXISTS');
      await request(server)
        .delete('/v1/scenarios/to-delete')
        .set('Authorization', owner.authorization)
        .expect(404);

      // The operator may delete anyone's.
      await post(other.authorization, docsWithId('operator-deletes')).expect(201);
      await request(server)
        .delete('/v1/scenarios/operator-deletes')
        .set('Authorization', `Bearer ${OPERATOR}`)
        .expect(204);
    });
  });

  describe('GraphQL', () => {
    const gql = (query: string) => request(server).post('/graphql').send({ query }).expect(200);

    it('scenarios lists summaries; scenario(id) gives the documents', async () => {
      const list = await gql('{ scenarios { id origin turns setup rules { system } } }');
      expect(list.body.errors).toBeUndefined();
      expect(list.body.data.scenarios).toContainEqual({
        id: 'shiloh',
        origin: 'shipped',
        turns: 13,
        setup: 'fixed',
        rules: { system: 'blue-grey' },
      });
      const one = await gql('{ scenario(id: "shiloh") { id title mapProvenance scenario map } }');
      expect(one.body.errors).toBeUndefined();
      expect(one.body.data.scenario.scenario.id).toBe('shiloh');
      expect(one.body.data.scenario.map.id).toBe('shiloh');
      // A page of documents: Shiloh's place in the REST listing is its offset here.
      const rest = await request(server).get('/v1/scenarios').expect(200);
      const at = rest.body.items.findIndex((s: { id: string }) => s.id === 'shiloh');
      const docs = await gql(`{ scenarios(limit: 2, offset: ${at}) { id map } }`);
      expect(docs.body.errors).toBeUndefined();
      expect(docs.body.data.scenarios).toHaveLength(2);
      expect(docs.body.data.scenarios[0].id).toBe('shiloh');
      expect(docs.body.data.scenarios[0].map.id).toBe('shiloh');
    });

    it('scenario(id) of an unknown id is an error with code SCENARIO_NOT_FOUND', async () => {
      const res = await gql('{ scenario(id: "nope") { id } }');
      expect(res.body.errors[0].extensions.code).toBe('SCENARIO_NOT_FOUND');
    });
  });
});
