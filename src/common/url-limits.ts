import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemException, PROBLEM_CONTENT_TYPE } from './errors/problem';

/** A percent-encoded NUL byte anywhere in the path or query. */
const ENCODED_NUL = /%00/i;

/**
 * Fastify onRequest hook: 400 problem+json NUL_CHARACTER for a request whose path
 * or query holds a NUL byte (`%00`). No id, seq or filter contains one, and
 * PostgreSQL refuses NUL in text (a scenario id with one answered 500 from the
 * database). Answered here, before routing, so no handler sees such a value.
 */
export function rejectNulInUrl(
  request: FastifyRequest,
  reply: FastifyReply,
  next: () => void,
): void {
  const url = request.raw.url ?? '';
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
  const body = { ...problem, instance: url, requestId: request.id };
  void reply.code(400).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}
