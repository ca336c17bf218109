import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingOf } from './server-timing';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * One id per request: an incoming X-Request-Id is kept when it is short and plain
 * (letters, digits, . _ : -), otherwise a UUID is minted. The id is echoed in the
 * response header and appears in every log line of the request and in problem bodies.
 */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const existing = (req as IncomingMessage & { id?: unknown }).id;
  if (typeof existing === 'string') return existing;
  const incoming = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  const candidate = Array.isArray(incoming) ? incoming[0] : incoming;
  const id = candidate && ACCEPTABLE.test(candidate) ? candidate : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  (req as IncomingMessage & { id?: string }).id = id;
  return id;
}

/**
 * Express middleware assigning the id before anything else runs (body parsing
 * included), so even a malformed-JSON 400 carries it. pino-http then reuses it.
 */
export function requestIdMiddleware(
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
): void {
  timingOf(req); // the request's clock starts here (Server-Timing total)
  requestId(req, res);
  next();
}
