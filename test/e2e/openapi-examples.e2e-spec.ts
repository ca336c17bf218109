/**
 * The contract's examples are real answers (issue 19): every `example` /
 * `examples` in openapi.yaml satisfies the schema it illustrates, every
 * request example is sent to the app and answered as documented, and every
 * response example is compared with the answer the app really gives in that
 * case — the same status, code, type and title, the same members, and the
 * same text where the example's case is reproduced exactly.
 */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { parse } from 'yaml';
import { toProblem } from '../../src/common/errors/to-problem';
import { THROTTLE_CONFIG } from '../../src/common/throttling.config';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec, OPENAPI_FILE } from '../support/openapi';
import { asAuthor } from '../support/scenario-author';

type Json = Record<string, unknown>;

const DOC_ID = 'https://muster.invalid/openapi-examples.json';
const doc = parse(readFileSync(OPENAPI_FILE, 'utf8')) as Json;

/** JSON pointer escaping. */
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

interface Found {
  /** Where the example is, as a JSON pointer into the document. */
  at: string;
  /** The pointer of the schema it illustrates. */
  schema: string;
  value: unknown;
}

/**
 * Every example with the schema it illustrates: a media type's `example` /
 * `examples` (its `schema`), a schema's own `example` / `examples` (the
 * schema), a parameter's (its `schema`).
 */
function examplesOf(node: unknown, at: string, out: Found[] = []): Found[] {
  if (Array.isArray(node)) {
    node.forEach((v, i) => examplesOf(v, `${at}/${i}`, out));
    return out;
  }
  if (!node || typeof node !== 'object') return out;
  const o = node as Json;
  const isMediaOrParam = 'schema' in o && typeof o.schema === 'object';
  const schemaAt = isMediaOrParam ? `${at}/schema` : at;
  if (
    'example' in o &&
    (isMediaOrParam || 'type' in o || '$ref' in o || 'properties' in o || 'oneOf' in o)
  )
    out.push({ at: `${at}/example`, schema: schemaAt, value: o.example });
  if (Array.isArray(o.examples) && !isMediaOrParam)
    o.examples.forEach((v, i) => out.push({ at: `${at}/examples/${i}`, schema: at, value: v }));
  if (o.examples && typeof o.examples === 'object' && !Array.isArray(o.examples) && isMediaOrParam)
    for (const [k, v] of Object.entries(o.examples as Record<string, { value?: unknown }>))
      out.push({ at: `${at}/examples/${esc(k)}`, schema: schemaAt, value: v.value });
  for (const [k, v] of Object.entries(o))
    if (k !== 'example' && k !== 'examples') examplesOf(v, `${at}/${esc(k)}`, out);
  return out;
}

/** Members and the kind of each value, recursively: what an example shares with any real answer. */
function shapeOf(v: unknown): unknown {
  if (Array.isArray(v)) return v.length > 0 ? [shapeOf(v[0])] : [];
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v as Json)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, x]) => [k, shapeOf(x)]),
    );
  return v === null ? 'null' : typeof v;
}

/** The members a problem example and a real problem must share (the per-request ones aside). */
function problemKeys(p: Json): string[] {
  return Object.keys(p)
    .filter((k) => k !== 'instance' && k !== 'requestId')
    .sort();
}

/** The example of a shared response (components.responses.<name>). */
function responseExample(name: string): Json {
  const responses = (doc.components as Json).responses as Json;
  const content = (responses[name] as Json).content as Json;
  return (content['application/problem+json'] as Json).example as Json;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...doc, $id: DOC_ID });

describe('openapi.yaml examples are real answers', () => {
  it('every example satisfies the schema it illustrates', () => {
    const found = examplesOf(doc, '');
    expect(found.length).toBeGreaterThan(10);
    const bad: string[] = [];
    for (const f of found) {
      const validate = ajv.compile({ $ref: `${DOC_ID}#${f.schema}` });
      if (!validate(f.value))
        bad.push(`${f.at}: ${ajv.errorsText(validate.errors)} — ${JSON.stringify(f.value)}`);
    }
    expect(bad).toEqual([]);
  });

  it('a database outage is answered as the ServiceUnavailable example says', () => {
    const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(toProblem(outage)).toEqual(responseExample('ServiceUnavailable'));
  });

  describe('against the app', () => {
    let t: TestApp;
    let server: ReturnType<TestApp['app']['getHttpServer']>;
    const LIMIT = 60;

    beforeAll(async () => {
      // A small rate limit so the 429 example can be compared with a real one at the end.
      t = await createTestApp({
        customize: (b) =>
          b.overrideProvider(THROTTLE_CONFIG).useValue({ limit: LIMIT, ttlSeconds: 60 }),
      });
      server = t.app.getHttpServer();
    });
    afterAll(() => t?.close());

    const paths = doc.paths as Record<string, Record<string, Json>>;
    const requestExample = (path: string, method: string): Json => {
      const body = paths[path][method].requestBody as Json;
      return ((body.content as Json)['application/json'] as Json).example as Json;
    };
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

    it('the health example is the shape of the real answer', async () => {
      const res = await request(server).get('/health').expect(200);
      expectMatchesSpec(res);
      const example = (((paths['/health'].get.responses as Json)['200'] as Json).content as Json)[
        'application/json'
      ] as Json;
      // Figures vary (the event loop's delays); members and their kinds must not.
      expect(shapeOf(res.body)).toEqual(shapeOf(example.example));
    });

    it('the request examples of POST /v1/games and POST /v1/games/{id}/orders are answered as documented; the RuleViolation example is their real refusal', async () => {
      const created = await request(server)
        .post('/v1/games')
        .send(requestExample('/v1/games', 'post'))
        .expect(201);
      expectMatchesSpec(created);
      const location = (
        ((paths['/v1/games'].post.responses as Json)['201'] as Json).headers as Json
      ).Location as Json;
      const pattern = ((location.schema as Json).example as string).replace(/[0-9a-f-]{36}$/, '');
      expect(created.headers.location).toBe(`${pattern}${created.body.id}`);
      const token = created.body.seats.find(
        (s: { side: string }) => s.side === created.body.game.mustAct.side,
      ).token;
      const orderExample = requestExample('/v1/games/{id}/orders', 'post');
      const accepted = await request(server)
        .post(`/v1/games/${created.body.id}/orders`)
        .set(bearer(token))
        .send(orderExample)
        .expect(200);
      expectMatchesSpec(accepted);
      // The move's Movement Points as numbers, as MovementPoints describes them (issue 19).
      const moved = accepted.body.events.find((e: { type: string }) => e.type === 'moved');
      const points = ajv.compile({ $ref: `${DOC_ID}#/components/schemas/MovementPoints` });
      expect(points(moved.points)).toBe(true);
      // The same order again: the RuleViolation example, word for word.
      const refused = await request(server)
        .post(`/v1/games/${created.body.id}/orders`)
        .set(bearer(token))
        .send({ ...orderExample, expectedVersion: 1 })
        .expect(422);
      expectMatchesSpec(refused);
      const example = responseExample('RuleViolation');
      expect(problemKeys(refused.body)).toEqual(problemKeys(example));
      const { instance: _i, requestId: _r, ...same } = example;
      expect(refused.body).toMatchObject(same);
      expect(refused.body.instance).toBe(`/v1/games/${created.body.id}/orders`);
    });

    it('the request example of POST /v1/games/{id}/odds gets the OddsPreviewBlueGrey example as its answer', async () => {
      const created = await request(server)
        .post('/v1/games')
        .send({ scenario: 'antietam' })
        .expect(201);
      const side = created.body.game.mustAct.side;
      const token = created.body.seats.find((s: { side: string }) => s.side === side).token;
      await request(server)
        .post(`/v1/games/${created.body.id}/orders`)
        .set(bearer(token))
        .send({ expectedVersion: 0, order: { type: 'end-phase' } })
        .expect(200);
      const res = await request(server)
        .post(`/v1/games/${created.body.id}/odds`)
        .set(bearer(token))
        .send(requestExample('/v1/games/{id}/odds', 'post'))
        .expect(200);
      expectMatchesSpec(res);
      const schemas = (doc.components as Json).schemas as Json;
      expect(res.body.odds).toEqual((schemas.OddsPreviewBlueGrey as Json).example);
    });

    it('the BadRequest example is the real answer to malformed JSON', async () => {
      const res = await request(server)
        .post('/v1/games')
        .set('Content-Type', 'application/json')
        .send('{x')
        .expect(400);
      expectMatchesSpec(res);
      const example = responseExample('BadRequest');
      expect(problemKeys(res.body)).toEqual(problemKeys(example));
      const { instance, requestId: _r, detail, ...same } = example;
      expect(res.body).toMatchObject({ ...same, instance });
      // Node's JSON.parse wording (later versions add the line and column).
      expect(res.body.detail.startsWith(detail as string)).toBe(true);
    });

    it('the InvalidScenario example is the real answer to its three-stacked scenario', async () => {
      const fixture = (f: string) =>
        JSON.parse(
          readFileSync(`${__dirname}/../fixtures/scenarios/three-stacked/${f}`, 'utf8'),
        ) as Json;
      const scenario = fixture('scenario.json');
      const map = fixture((scenario.map as string) ?? 'map.json');
      const res = await request(server)
        .post('/v1/scenarios')
        .set(await asAuthor(server))
        .send({ scenario, map });
      const example = responseExample('InvalidScenario');
      expect(res.status).toBe(example.status);
      expectMatchesSpec(res);
      expect(problemKeys(res.body)).toEqual(problemKeys(example));
      const { instance: _i, requestId: _r, ...same } = example;
      expect(res.body).toMatchObject(same);
    });

    it('the TooManyRequests example has the members, code and wording of a real 429', async () => {
      let res: request.Response | undefined;
      for (let i = 0; i <= LIMIT; i++) {
        res = await request(server).get('/v1/schemas/map');
        if (res.status === 429) break;
      }
      expect(res!.status).toBe(429);
      expectMatchesSpec(res!);
      const example = responseExample('TooManyRequests');
      expect(problemKeys(res!.body)).toEqual(problemKeys(example));
      const { detail, limit, retryAfter: _a, instance: _i, requestId: _r, ...same } = example;
      expect(res!.body).toMatchObject(same);
      expect(res!.body.limit).toEqual({ ...(limit as Json), requests: LIMIT });
      const wording = (s: string) => s.replace(/\d+/g, 'N');
      expect(wording(res!.body.detail)).toBe(wording(detail as string));
    });
  });
});
