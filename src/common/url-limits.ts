import type { IncomingMessage, ServerResponse } from 'node:http';
import { ProblemException, PROBLEM_CONTENT_TYPE } from './errors/problem';

/** A percent-encoded NUL byte anywhere in the path or query. */
const ENCODED_NUL = /%00/i;

/**
 * Express middleware: 400 problem+json NUL_CHARACTER for a request whose path
 * or query holds a NUL byte (`%00`). No id, seq or filter contains one, and
 * PostgreSQL refuses NUL in text (a scenario id with one answered 500 from the
 * database). Answered here, before routing, so no handler sees such a value.
 */
export function rejectNulInUrl(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const url = req.url ?? '';
  if (!ENCODED_NUL.test(url) && !url.includes('\u0000')) {
    next();
    return;
  }
  const { problem } = new ProblemException({
    status: 400,
    code: 'NUL_CHARACTER',
    title: 'Request over a limit',
    detail: 'The URL holds a NUL character (%00); no path or query parameter accepts one.',
    extensions: { limit: { name: 'nulCharacters', value: 0 } },
  });
  const id = (req as IncomingMessage & { id?: unknown }).id;
  const body = {
    ...problem,
    instance: url,
    ...(id !== undefined ? { requestId: String(id) } : {}),
  };
  res.statusCode = 400;
  res.setHeader('Content-Type', PROBLEM_CONTENT_TYPE);
  res.end(JSON.stringify(body));
}
