import etag from 'etag';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

/**
 * Tags of bodies sent as the same Buffer again and again (a listing's cached page,
 * a GraphiQL asset): each is hashed once, not at every request.
 */
const tagsOfBuffers = new WeakMap<Buffer, string>();

/** The weak ETag of a body, as Express made it (the `etag` package). */
function tagOf(body: string | Buffer): string {
  if (typeof body === 'string') return etag(body, { weak: true });
  let tag = tagsOfBuffers.get(body);
  if (tag === undefined) {
    tag = etag(body, { weak: true });
    tagsOfBuffers.set(body, tag);
  }
  return tag;
}

/**
 * Conditional GETs, as Express answered them before the move to Fastify: every
 * successful GET or HEAD answered with a body in one piece carries a weak ETag of
 * that body, and a request whose `If-None-Match` names it is answered 304 with no
 * body — a client polling a game view or a listing that has not changed gets a few
 * headers instead of the document. The tag is made from the body this reader is sent,
 * so it tells nothing another reader's body would. Streamed answers (replay NDJSON,
 * export) are not tagged; POST answers are never hashed.
 */
export function conditionalGet(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
): void {
  if (
    (req.method !== 'GET' && req.method !== 'HEAD') ||
    reply.statusCode !== 200 ||
    (typeof payload !== 'string' && !Buffer.isBuffer(payload))
  ) {
    done(null, payload);
    return;
  }
  const tag = tagOf(payload);
  void reply.header('ETag', tag);
  if (fresh(req.headers, { etag: tag })) {
    // 304 Not Modified: the headers alone, as Express sent them (no body, type or length).
    void reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    reply.removeHeader('transfer-encoding');
    done(null, null);
    return;
  }
  done(null, payload);
}
