import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { ScenariosService } from '../../src/scenarios/scenarios.service';
import { EnginePool } from '../../src/workers/engine-pool.service';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

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
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  it('GET /v1/scenarios lists the shipped Shiloh scenario', async () => {
    const res = await request(server).get('/v1/scenarios').expect(200);
    expectMatchesSpec(res);
    expect(res.body).toContainEqual({
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
    await request(server).post('/v1/scenarios').send(custom).expect(201);
    const list = await request(server).get('/v1/scenarios').expect(200);
    expectMatchesSpec(list);
    const summary = list.body.find((s: { id: string }) => s.id === 'custom-unplayable');
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
      const res = await request(server).post('/v1/scenarios').send(custom()).expect(201);
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
      expect(list.body.map((s: { id: string; origin: string }) => `${s.id}:${s.origin}`)).toEqual(
        expect.arrayContaining(['shiloh:shipped', 'custom-small:custom']),
      );
      const summary = list.body.find((s: { id: string }) => s.id === 'custom-small');
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
      );
      const found = await fresh.find('custom-small');
      expect(found?.origin).toBe('custom');
      expect(found?.scenario.units).toHaveLength(11);
    });

    it('409 SCENARIO_EXISTS when the id is taken by a custom or a shipped scenario', async () => {
      const again = await request(server).post('/v1/scenarios').send(custom()).expect(409);
      expectMatchesSpec(again);
      expect(again.body.code).toBe('SCENARIO_EXISTS');
      expect(again.body.detail).toContain('custom-small');

      const docs = custom();
      docs.scenario.id = 'shiloh';
      const shipped = await request(server).post('/v1/scenarios').send(docs).expect(409);
      expectMatchesSpec(shipped);
      expect(shipped.body.detail).toBe(
        '"shiloh" is the id of a shipped scenario; give the custom scenario another id',
      );
    });

    it('rejects a broken scenario with 422 INVALID_SCENARIO listing every problem', async () => {
      const docs = fixture('three-stacked');
      docs.map.hexes['0303'].terrain = 'marsh';
      docs.scenario.setup.placements[4].hex = '0907';
      const res = await request(server).post('/v1/scenarios').send(docs).expect(422);
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
      const meaning = await request(server).post('/v1/scenarios').send(docs).expect(422);
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
        .send({ scenario: custom().scenario, extra: 1 })
        .expect(422);
      expectMatchesSpec(res);
      expect(res.body.errors).toEqual([
        { property: 'extra', messages: ['is not a known field here (send {scenario, map})'] },
        { property: 'map', messages: ['is required'] },
      ]);
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
      const docs = await gql('{ scenarios { id map } }');
      expect(docs.body.data.scenarios.find((s: { id: string }) => s.id === 'shiloh').map.id).toBe(
        'shiloh',
      );
    });

    it('scenario(id) of an unknown id is an error with code SCENARIO_NOT_FOUND', async () => {
      const res = await gql('{ scenario(id: "nope") { id } }');
      expect(res.body.errors[0].extensions.code).toBe('SCENARIO_NOT_FOUND');
    });
  });
});
