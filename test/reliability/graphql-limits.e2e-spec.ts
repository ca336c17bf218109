import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import request from 'supertest';
import { GRAPHQL_LIMITS } from '../../src/common/graphql-limits';
import { MAX_SUBSCRIPTIONS_PER_CONNECTION } from '../../src/common/websocket-limits';
import { createTestApp, TestApp } from '../support/app';

// ws ships no type declarations here (no @types/ws); graphql-ws only needs its constructor.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WebSocketImpl = require('ws') as unknown;

/**
 * Issue 16 row 6 and the nesting note: GraphQL operations are bounded in cost
 * (graphql-query-complexity, aliases adding up), aliases, selection depth,
 * literal depth and tokens — over HTTP and over websockets alike — and refused
 * before they run.
 */
describe('GraphQL limits: cost, aliases, depth and literals, on HTTP and websockets (issue 16)', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  let gameId: string;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
    gameId = (await request(server).post('/v1/games').send({ scenario: 'shiloh' }).expect(201)).body
      .id;
  });
  afterAll(() => t?.close());

  const gql = (query: string, variables?: Record<string, unknown>) =>
    request(server).post('/graphql').send({ query, variables });
  const codeOf = (res: request.Response) => res.body.errors?.[0]?.extensions?.code;

  it('row 6: aliases of legalOrders add up to the cost bound: 3 of them (cost 1200) are refused with 400 QUERY_TOO_COMPLEX, 2 run', async () => {
    const aliases = (n: number) =>
      Array.from({ length: n }, (_, i) => `l${i}: legalOrders { version }`).join(' ');
    const over = await gql(`{ game(id: "${gameId}") { ${aliases(3)} } }`);
    expect(over.status).toBe(400);
    expect(codeOf(over)).toBe('QUERY_TOO_COMPLEX');
    expect(over.body.errors[0].extensions.limit).toEqual({
      name: 'maxComplexity',
      value: GRAPHQL_LIMITS.maxComplexity,
    });
    expect(over.body.data).toBeUndefined();

    const within = await gql(`{ game(id: "${gameId}") { ${aliases(2)} } }`);
    expect(within.status).toBe(200);
    expect(within.body.errors).toBeUndefined();
  });

  it('more aliases than maxAliases are refused (TOO_MANY_ALIASES), even of cheap fields', async () => {
    const query = `{ ${Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `h${i}: health { status }`).join(' ')} }`;
    const res = await gql(query);
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('TOO_MANY_ALIASES');
  });

  it('a literal nested deeper than maxLiteralDepth is refused (QUERY_TOO_DEEP): literals no longer bypass the 64-level bound', async () => {
    const depth = GRAPHQL_LIMITS.maxLiteralDepth + 1;
    const literal = '{a: '.repeat(depth) + '1' + '}'.repeat(depth);
    const res = await gql(
      `mutation { submitOrder(input: {gameId: "${gameId}", expectedVersion: 0, order: ${literal}}) { version } }`,
    );
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('QUERY_TOO_DEEP');
  });

  it('a query of more than maxTokens tokens is refused while parsing', async () => {
    const res = await gql(`{ ${'health { status } '.repeat(GRAPHQL_LIMITS.maxTokens / 4)} }`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toMatch(/token/i);
  });

  it('over a websocket the same bounds hold (the operation is refused with the same code), and subscriptions per connection are capped', async () => {
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const { port } = server.address() as AddressInfo;
    const client = createClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocketImpl,
      lazy: false,
      retryAttempts: 0,
    });
    try {
      const aliases = Array.from({ length: 3 }, (_, i) => `l${i}: legalOrders { version }`).join(
        ' ',
      );
      const errors = await new Promise<unknown>((resolve) => {
        client.subscribe(
          { query: `{ game(id: "${gameId}") { ${aliases} } }` },
          {
            next: (msg) => resolve(msg.errors),
            error: (e) => resolve(e),
            complete: () => undefined,
          },
        );
      });
      expect(JSON.stringify(errors)).toMatch(/QUERY_TOO_COMPLEX|costs \d+/);

      // Row 5: one connection may hold MAX_SUBSCRIPTIONS_PER_CONNECTION subscriptions; the next is refused.
      const held: Array<() => void> = [];
      const query = `subscription($id: ID!) { gameUpdated(id: $id) { seq } }`;
      for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_CONNECTION; i++) {
        held.push(
          client.subscribe(
            { query, variables: { id: gameId } },
            { next: () => undefined, error: () => undefined, complete: () => undefined },
          ),
        );
      }
      const refused = await new Promise<unknown>((resolve) => {
        client.subscribe(
          { query, variables: { id: gameId } },
          {
            next: (msg) => resolve(msg.errors),
            error: (e) => resolve(e),
            complete: () => resolve(undefined),
          },
        );
      });
      expect(JSON.stringify(refused)).toMatch(/TOO_MANY_SUBSCRIPTIONS|at most 20/);
      // Ending one frees its place.
      held.pop()!();
      await new Promise((r) => setTimeout(r, 100));
      const again = await new Promise<unknown>((resolve) => {
        const stop = client.subscribe(
          { query, variables: { id: gameId } },
          {
            next: (msg) => resolve(msg.errors),
            error: (e) => resolve(e),
            complete: () => resolve(undefined),
          },
        );
        setTimeout(() => {
          stop();
          resolve('admitted');
        }, 500);
      });
      expect(again).toBe('admitted');
      for (const stop of held) stop();
    } finally {
      await client.dispose();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
