import type { IncomingMessage, ServerResponse } from 'node:http';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from './config/config';
import { checkJsonBody } from './json-limits';
import { newRequestId } from './request-id';

/** Largest accepted request body (custom scenarios with a full map can be large): 5 MiB. */
export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/** Longest a request may take to arrive, headers and body (Node's own default). */
export const REQUEST_TIMEOUT_MS = 300_000;

/**
 * The HTTP layer under Nest: Fastify (issue 20). Under Express the floor of a request
 * (bench/api.ts: GET /health/live) took 570–730 µs of the service's CPU on a 2-core
 * machine, the largest single part of a bot's order; under Fastify 210–270 µs. Options
 * keep what clients saw under Express:
 * - paths match case-insensitively and with or without a trailing slash;
 * - `TRUST_PROXY` has the same meaning (both read it with proxy-addr);
 * - every request's id is ours (request-id.ts), echoed as X-Request-Id;
 * - a request must arrive within Node's default 5 minutes.
 */
export function createHttpAdapter(config: Pick<AppConfig, 'trustProxy'>): FastifyAdapter {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    // A request (headers and body) must arrive within 5 minutes, as under Node's own
    // default: Fastify's default, 0, would let a client trickle a body forever.
    requestTimeout: REQUEST_TIMEOUT_MS,
    trustProxy: config.trustProxy,
    genReqId: (req: IncomingMessage) => newRequestId(req),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    // Our own log lines (nestjs-pino) say what happened; Fastify's would say it twice.
    logger: false,
  });
  const routes: ServedRoute[] = [];
  served.set(adapter.getInstance(), routes);
  adapter.getInstance().addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: String(method), url: route.url });
  });
  return adapter;
}

/** A route as registered with Fastify: its method and path (`/v1/games/:id`). */
export interface ServedRoute {
  method: string;
  url: string;
}

const served = new WeakMap<object, ServedRoute[]>();

/** Every route registered on a Fastify instance made by createHttpAdapter (the contract test reads them). */
export function servedRoutes(instance: object): readonly ServedRoute[] {
  return served.get(instance) ?? [];
}

/** A body parser error as body-parser made them, so ProblemFilter answers both alike (to-problem.ts). */
function parserError(status: number, type: string, message: string): Error {
  return Object.assign(new Error(message), { status, type });
}

/**
 * The charset a JSON body's Content-Type names, lower-cased, or null when it names none
 * (JSON is UTF-8: RFC 8259 8.1).
 */
function charsetOf(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]).toLowerCase() : null;
}

/**
 * Request bodies, as Express's body-parser read them: JSON (`application/json`, in UTF-8
 * — a body declared in another charset is 415, not misread; checked by json-limits.ts
 * before it is parsed, an empty body read as `{}`, only an object or an array at the
 * top), and any other type read and ignored (no handler takes one, and
 * its validation answers 400 as before; Fastify alone would answer 415) — read under
 * the same body limit, so that no body, of any type, is read past 5 MiB.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (req: FastifyRequest, body: Buffer, done: (err: Error | null, value?: unknown) => void) => {
      const charset = charsetOf(req.headers['content-type']);
      if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') {
        done(
          parserError(
            415,
            'charset.unsupported',
            `Unsupported charset "${charset.toUpperCase()}": a JSON body is read as UTF-8 only`,
          ),
        );
        return;
      }
      try {
        checkJsonBody(req.raw, body);
      } catch (e) {
        done(e as Error);
        return;
      }
      const text = body.toString('utf8');
      const first = /\S/.exec(text)?.[0];
      if (first === undefined) {
        done(null, {});
        return;
      }
      if (first !== '{' && first !== '[') {
        done(
          parserError(
            400,
            'entity.parse.failed',
            `Unexpected token '${first}', "${text.slice(0, 20)}" is not valid JSON (strict mode: an object or an array)`,
          ),
        );
        return;
      }
      try {
        done(null, JSON.parse(text));
      } catch (e) {
        done(parserError(400, 'entity.parse.failed', (e as Error).message));
      }
    },
  );
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) =>
    done(null, undefined),
  );
}

/**
 * The Node response of a handler that streams its answer (replay and export NDJSON):
 * Fastify is told to keep out of it, and the headers already set on the reply (the
 * request id, CORS) are carried over.
 */
export function nodeResponse(reply: FastifyReply): ServerResponse {
  const headers = reply.getHeaders();
  reply.hijack();
  const res = reply.raw;
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) res.setHeader(name, value as string | number | string[]);
  }
  return res;
}
