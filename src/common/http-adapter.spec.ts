import { BODY_LIMIT_BYTES, createHttpAdapter, REQUEST_TIMEOUT_MS } from './http-adapter';

describe('the HTTP layer (Fastify)', () => {
  it('bounds how long a request may take to arrive and how large its body may be', async () => {
    const adapter = createHttpAdapter({ trustProxy: false });
    const fastify = adapter.getInstance();
    try {
      await fastify.ready();
      // Fastify's own default (0) would let a client trickle a request body forever.
      expect(fastify.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
      expect(fastify.initialConfig.bodyLimit).toBe(BODY_LIMIT_BYTES);
    } finally {
      await fastify.close();
    }
  });

  it('matches paths as Express did: case-insensitive, with or without a trailing slash', async () => {
    const adapter = createHttpAdapter({ trustProxy: false });
    const fastify = adapter.getInstance();
    fastify.get('/v1/games/:id', async (req) => ({ id: (req.params as { id: string }).id }));
    try {
      for (const url of ['/v1/games/AbC', '/V1/Games/AbC', '/v1/games/AbC/']) {
        const res = await fastify.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ id: 'AbC' });
      }
    } finally {
      await fastify.close();
    }
  });
});
