import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingOf } from './server-timing';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * One id per request: an incoming X-Request-Id is kept when it is short and plain
 * (letters, digits, . _ : -), otherwise a UUID is minted. The id is echoed in the
 * response header and appears in every log line of the request and in problem bodies.
 */
export function newRequestId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  const candidate = Array.isArray(incoming) ? incoming[0] : incoming;
  return candidate && ACCEPTABLE.test(candidate) ? candidate : randomUUID();
}

/** The request's id, kept on the Node request (pino-http's `genReqId`: its log lines carry it). */
export function requestId(req: IncomingMessage): string {
  const r = req as IncomingMessage & { id?: unknown };
  if (typeof r.id !== 'string') r.id = newRequestId(req);
  return r.id as string;
}

/**
 * Fastify onRequest hook, before anything else runs (body parsing included), so even a
 * malformed-JSON 400 carries the id (made by Fastify's genReqId: http-adapter.ts).
 * The request's clock for Server-Timing starts here too.
 */
export function requestIdHook(
  request: FastifyRequest,
  reply: FastifyReply,
  done: () => void,
): void {
  timingOf(request.raw); // the request's clock starts here (Server-Timing total)
  (request.raw as IncomingMessage & { id?: string }).id = request.id;
  void reply.header(REQUEST_ID_HEADER, request.id);
  done();
}
