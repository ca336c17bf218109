import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { servedRoutes } from '../../src/common/http-adapter';

/**
 * Helpers that hold the running app to the contract in openapi.yaml.
 *
 *   import { expectMatchesSpec } from '../support/openapi';
 *   const res = await request(server).get(`/v1/games/${id}`).expect(200);
 *   expectMatchesSpec(res); // body validated against paths./v1/games/{id}.get.responses.200
 */

export const OPENAPI_FILE = join(__dirname, '..', '..', 'openapi.yaml');
const DOC_ID = 'https://muster.invalid/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Json>>;
  components?: Json;
}

export interface Operation {
  method: string; // upper case: GET, POST, …
  path: string; // OpenAPI template: /v1/games/{id}
}

let cachedDoc: OpenApiDocument | undefined;
let cachedAjv: Ajv2020 | undefined;
let foreignAjv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

/**
 * The typed orders, events and decisions describe the rules systems the
 * service plays (generated from their engines); a rules system a test
 * registers (test/support/sealed-bid-system.ts) has its own. Its responses
 * are checked against the envelope: these schemas loosened to "an object
 * with a type" (a decision: an object).
 */
const FOREIGN_RULES_SCHEMAS: Record<string, Json> = {
  Order: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
  GameEvent: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
  Decision: { type: 'object' },
};

/** The parsed openapi.yaml (cached). */
export function loadOpenApi(): OpenApiDocument {
  cachedDoc ??= parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
  return cachedDoc;
}

function ajv(foreign = false): Ajv2020 {
  if (foreign) {
    if (!foreignAjv) {
      const doc = loadOpenApi();
      const components = doc.components as { schemas: Record<string, Json> };
      foreignAjv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
      addFormats(foreignAjv);
      foreignAjv.addSchema({
        ...doc,
        components: {
          ...components,
          schemas: { ...components.schemas, ...FOREIGN_RULES_SCHEMAS },
        },
        $id: DOC_ID,
      } as Json);
    }
    return foreignAjv;
  }
  if (!cachedAjv) {
    // OpenAPI 3.1 schemas are JSON Schema 2020-12; `example`, `discriminator`… are annotations.
    cachedAjv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(cachedAjv);
    cachedAjv.addSchema({ ...loadOpenApi(), $id: DOC_ID } as Json);
  }
  return cachedAjv;
}

/** Every operation in the file. */
export function specOperations(doc: OpenApiDocument = loadOpenApi()): Operation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m] !== undefined).map((m) => ({ method: m.toUpperCase(), path })),
  );
}

/** "/v1/games/:id" (Fastify, as Express) → "/v1/games/{id}" (OpenAPI). */
export function expressToOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Fastify's catch-alls ("*", "/*"): Nest's not-found handler and CORS preflight, not API routes. */
const CATCH_ALL = /^\/?\*$/;

/**
 * Every route the application serves over REST, as registered with Fastify
 * (http-adapter.ts servedRoutes). Left out: the HEAD twin Fastify gives every GET,
 * OPTIONS (CORS preflight), catch-alls, and GraphQL at /graphql (not part of this contract).
 */
export function appOperations(app: INestApplication): Operation[] {
  const out: Operation[] = [];
  for (const { method, url } of servedRoutes(app.getHttpAdapter().getInstance() as object)) {
    if (method === 'HEAD' || method === 'OPTIONS' || CATCH_ALL.test(url)) continue;
    if (url === '/graphql') continue;
    out.push({ method, path: expressToOpenApiPath(url) });
  }
  const seen = new Set<string>();
  return out.filter((o) => {
    const key = `${o.method} ${o.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Operations served but not described, and described but not served. */
export function compareWithSpec(
  served: Operation[],
  described: Operation[] = specOperations(),
): { undocumented: string[]; unserved: string[] } {
  const key = (o: Operation) => `${o.method} ${o.path}`;
  const s = new Set(served.map(key));
  const d = new Set(described.map(key));
  return {
    undocumented: [...s].filter((k) => !d.has(k)).sort(),
    unserved: [...d].filter((k) => !s.has(k)).sort(),
  };
}

/** The template in the file matching a concrete path ("/v1/games/abc" → "/v1/games/{id}"). */
export function matchSpecPath(
  actualPath: string,
  doc: OpenApiDocument = loadOpenApi(),
): string | undefined {
  const path = actualPath.split('?')[0];
  const templates = Object.keys(doc.paths ?? {});
  if (templates.includes(path)) return path;
  return templates.find((t) => {
    const pattern = t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(path);
  });
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function resolveRef(doc: OpenApiDocument, value: Json): { value: Json; pointer?: string } {
  const ref = value.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return { value };
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, seg) => (node as Json)?.[seg.replace(/~1/g, '/').replace(/~0/g, '~')],
      doc,
    );
  return { value: target as Json, pointer: ref.slice(1) };
}

/** The minimal shape of a supertest response this helper needs. */
export interface ResponseLike {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
  text?: string;
  req?: { method?: string; path?: string };
}

export interface ValidateOptions {
  /** HTTP method; default: taken from the supertest response. */
  method?: string;
  /** Concrete request path or OpenAPI template; default: taken from the supertest response. */
  path?: string;
  /** The game is of a rules system a test registered: its orders, events and decisions are checked as envelopes only. */
  foreignRules?: boolean;
}

/**
 * Validates a response against openapi.yaml: the path, method and status must be
 * described, the media type must be one the file lists, and the body must satisfy
 * that media type's schema. Returns the list of problems (empty when it conforms).
 */
export function validateResponse(res: ResponseLike, options: ValidateOptions = {}): string[] {
  const doc = loadOpenApi();
  const method = (options.method ?? res.req?.method ?? '').toLowerCase();
  const rawPath = options.path ?? res.req?.path ?? '';
  const where = `${method.toUpperCase()} ${rawPath} → ${res.status}`;
  if (!method || !rawPath)
    return [`${where}: cannot tell the method and path; pass them in options`];

  const template = matchSpecPath(rawPath, doc);
  if (!template) return [`${where}: path is not in openapi.yaml`];
  const operation = doc.paths[template]?.[method] as Json | undefined;
  if (!operation) return [`${where}: ${method.toUpperCase()} ${template} is not in openapi.yaml`];

  const responses = (operation.responses ?? {}) as Record<string, Json>;
  const statusKey = [String(res.status), `${String(res.status)[0]}XX`, 'default'].find(
    (k) => responses[k] !== undefined,
  );
  if (!statusKey) {
    return [
      `${where}: status ${res.status} is not described for ${method.toUpperCase()} ${template}`,
    ];
  }
  let pointer = `/paths/${escapePointer(template)}/${method}/responses/${escapePointer(statusKey)}`;
  const resolved = resolveRef(doc, responses[statusKey]);
  if (resolved.pointer) pointer = resolved.pointer;
  const response = resolved.value ?? {};

  const content = response.content as Record<string, Json> | undefined;
  const contentType = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (!content) {
    const empty = res.text === undefined || res.text === '';
    return empty ? [] : [`${where}: the file describes no body but one was sent (${contentType})`];
  }
  const mediaType = Object.keys(content).find((m) => m.toLowerCase() === contentType);
  if (!mediaType) {
    return [
      `${where}: content type "${contentType}" is not one of ${Object.keys(content).join(', ')}`,
    ];
  }
  if (content[mediaType].schema === undefined) return [];

  const schemaRef = `${DOC_ID}#${pointer}/content/${escapePointer(mediaType)}/schema`;
  const key = options.foreignRules ? `foreign:${schemaRef}` : schemaRef;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv(options.foreignRules).compile({ $ref: schemaRef });
    validators.set(key, validate);
  }
  const isJson = /[/+]json$/.test(mediaType);
  const body = isJson ? res.body : (res.text ?? res.body);
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${where}: body${e.instancePath || ''} ${e.message ?? 'is invalid'} (${e.schemaPath})`,
  );
}

/** Throws (failing the test) with every problem found by {@link validateResponse}. */
export function expectMatchesSpec(res: ResponseLike, options: ValidateOptions = {}): void {
  const problems = validateResponse(res, options);
  if (problems.length > 0) {
    throw new Error(`Response does not match openapi.yaml:\n  ${problems.join('\n  ')}`);
  }
}

/** What is wrong with `value` under openapi.yaml's components.schemas[name] (empty when it conforms). */
export function schemaErrors(name: string, value: unknown): string[] {
  const ref = `${DOC_ID}#/components/schemas/${name}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv().compile({ $ref: ref });
    validators.set(ref, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) => `${name}${e.instancePath || ''} ${e.message ?? 'is invalid'} (${e.schemaPath})`,
  );
}
