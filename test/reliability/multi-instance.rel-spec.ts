import { request as httpRequest, IncomingMessage } from 'node:http';
import { createClient } from 'graphql-ws';
import Redis from 'ioredis';
import { Client } from 'pg';
import { MIGRATIONS } from '../../migrations';
import { createScratchDatabase, ScratchDatabase } from '../support/database';
import {
  ClientGame,
  chooseOrder,
  createGame,
  http,
  prng,
  replayWithSeed,
  resignAndReplay,
  submitOrder,
} from './support/client';
import { postgresAvailable, postgresServerUrl } from './support/postgres';
import { ensureBuilt, Service, startService } from './support/service';
import { startTcpProxy, TcpProxy } from './support/tcp-proxy';

// ws ships no type declarations here (no @types/ws); graphql-ws only needs its constructor.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WebSocketImpl = require('ws') as unknown;

/**
 * Several instances of the built service on ONE PostgreSQL database, as in production:
 *
 * - started at the same moment on a fresh database, they all come up and each migration
 *   runs once (the advisory lock of runMigrationsLocked);
 * - with Redis (TEST_REDIS_URL; .ci/run sets it when a Redis answers at 127.0.0.1:6379),
 *   an order accepted by instance A reaches the live clients of instance B — SSE
 *   GET /v1/games/{id}/events and the GraphQL gameUpdated subscription — exactly once,
 *   with the order and state hash the log holds;
 * - a Redis outage (a TCP proxy in front of Redis, which the test cuts) never fails or
 *   loses an accepted order: no 5xx, no slow answers, every order in the log; an instance
 *   started while Redis is away comes up and joins when it returns; SSE clients get the
 *   entries they missed from the log at the next update.
 *
 * Needs PostgreSQL (two processes cannot share an embedded database): skipped with a
 * warning without one, an error when TEST_DATABASE_URL asked for it.
 */

interface Update {
  gameId: string;
  seq: number;
  side: string;
  order: unknown;
  stateHash: string;
}

/** An SSE client of GET /v1/games/{id}/events, collecting the `entry` events. */
interface SseClient {
  updates: Update[];
  close(): void;
}

function openSse(base: string, gameId: string): Promise<SseClient> {
  const url = new URL(`${base}/v1/games/${gameId}/events`);
  return new Promise((resolve, reject) => {
    const updates: Update[] = [];
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: { accept: 'text/event-stream' },
    });
    req.on('response', (res: IncomingMessage) => {
      if (res.statusCode !== 200) return reject(new Error(`SSE answered ${res.statusCode}`));
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block);
          if (/^event: entry$/m.test(block) && data) updates.push(JSON.parse(data[1]) as Update);
        }
      });
      resolve({ updates, close: () => req.destroy() });
    });
    req.on('error', (e) => (e.message.includes('aborted') ? undefined : reject(e)));
    req.end();
  });
}

/** An SSE client of a player's GET /v1/me/events, collecting the event types and ids. */
function openPlayerSse(
  base: string,
  token: string,
): Promise<{ events: Array<{ id: number; type: string; data: unknown }>; close(): void }> {
  const url = new URL(`${base}/v1/me/events`);
  return new Promise((resolve, reject) => {
    const events: Array<{ id: number; type: string; data: unknown }> = [];
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    });
    req.on('response', (res: IncomingMessage) => {
      if (res.statusCode !== 200) return reject(new Error(`SSE answered ${res.statusCode}`));
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block);
          if (data) events.push(JSON.parse(data[1]) as { id: number; type: string; data: unknown });
        }
      });
      resolve({ events, close: () => req.destroy() });
    });
    req.on('error', (e) => (e.message.includes('aborted') ? undefined : reject(e)));
    req.end();
  });
}

/** A graphql-ws client subscribed to gameUpdated(id). */
async function openGraphqlSubscription(base: string, gameId: string) {
  const client = createClient({
    url: `${base.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocketImpl,
    lazy: false,
    retryAttempts: 0,
  });
  const updates: Update[] = [];
  const errors: unknown[] = [];
  client.subscribe<{ gameUpdated: Update }>(
    {
      query: `subscription($id: ID!) { gameUpdated(id: $id) { gameId seq side order stateHash } }`,
      variables: { id: gameId },
    },
    {
      next: (msg) => msg.data && updates.push(msg.data.gameUpdated),
      error: (e) => errors.push(e),
      complete: () => undefined,
    },
  );
  // graphql-ws acknowledges the connection, not the subscription: let the server register it.
  await new Promise((r) => setTimeout(r, 500));
  return { updates, errors, close: () => client.dispose() };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, test: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/**
 * Waits until an order accepted on `from` reaches an SSE client on `to` (a fresh game
 * each try): the instances are subscribed to Redis and talk through it.
 */
async function linked(from: Service, to: Service, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const game = await createGame(from.url, `probe-${attempt}`);
    const sse = await openSse(to.url, game.id);
    try {
      const answer = await http(
        from.url,
        'POST',
        `/v1/games/${game.id}/orders`,
        { expectedVersion: 0, order: { type: 'end-phase' } },
        { authorization: `Bearer ${game.tokens.confederate}` },
      );
      expect(answer.status).toBe(200);
      const seen = Date.now() + 1000;
      while (sse.updates.length === 0 && Date.now() < seen) await sleep(25);
      if (sse.updates.length > 0) return;
    } finally {
      sse.close();
    }
    if (Date.now() > deadline) throw new Error(`no live update from ${from.url} to ${to.url}`);
  }
}

describe('several instances on one PostgreSQL database', () => {
  const redisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
  let scratch: ScratchDatabase | undefined;
  let redisProxy: TcpProxy | undefined;
  let a: Service | undefined;
  let b: Service | undefined;
  let c: Service | undefined;
  let serviceEnv: Record<string, string> = {};

  beforeAll(async () => {
    ensureBuilt();
    if (!(await postgresAvailable())) {
      if (process.env.TEST_DATABASE_URL) throw new Error(`${postgresServerUrl()} does not answer`);
      console.warn(
        `PostgreSQL not reachable at ${postgresServerUrl()}: multi-instance tests skipped`,
      );
      return;
    }
    if (redisUrl) {
      const target = new URL(redisUrl);
      redisProxy = await startTcpProxy({
        host: target.hostname,
        port: Number(target.port || 6379),
      });
      serviceEnv = { REDIS_URL: redisProxy.urlFor(redisUrl) };
    } else {
      console.warn(
        'TEST_REDIS_URL is not set: the live-update tests across instances are skipped ' +
          '(set TEST_REDIS_URL=redis://127.0.0.1:6379 to run them)',
      );
    }
    scratch = await createScratchDatabase(postgresServerUrl());
    // Both at the same moment, on a database no migration has touched yet.
    const started = await Promise.allSettled([
      startService({ databaseUrl: scratch.url, env: serviceEnv }),
      startService({ databaseUrl: scratch.url, env: serviceEnv }),
    ]);
    [a, b] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
    await redisProxy?.close();
    await scratch?.drop();
  });

  it('two instances started at once on a fresh database both come up; each migration runs once', async () => {
    if (!scratch) return;
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    const db = new Client({ connectionString: scratch.url });
    await db.connect();
    try {
      const rows = await db.query<{ name: string; n: number }>(
        'SELECT name, count(*)::int AS n FROM migrations GROUP BY name ORDER BY name',
      );
      expect(rows.rows.map((r) => [r.name, r.n])).toEqual(
        MIGRATIONS.map((m) => [m.name, 1]).sort(),
      );
    } finally {
      await db.end();
    }
    for (const s of [a!, b!]) expect((await http(s.url, 'GET', '/health')).status).toBe(200);
  });

  describe('live updates through Redis', () => {
    const skip = () => !redisUrl || !a || !b;

    it("an order accepted on A reaches B's SSE and GraphQL clients (and A's own) exactly once", async () => {
      if (skip()) return;
      await linked(a!, b!);
      await linked(b!, a!);

      const game = await createGame(a!.url, 'across-instances');
      // What Redis carries, read directly (not through the proxy): one message per entry.
      const raw = new Redis(redisUrl!);
      const published: Update[] = [];
      raw.on('message', (_channel: string, message: string) => {
        const parsed = JSON.parse(message) as { update?: Update } & Update;
        const update = parsed.update ?? parsed; // {origin, update}; a bare update is understood too
        if (update.gameId === game.id) published.push(update);
      });
      await raw.subscribe('muster:game-updates');
      const sseB = await openSse(b!.url, game.id);
      const sseA = await openSse(a!.url, game.id);
      const gqlB = await openGraphqlSubscription(b!.url, game.id);
      try {
        const random = prng(7);
        const N = 8;
        for (let i = 0; i < N; i++) {
          // The first on A, then alternately on B and A.
          const on = i % 2 === 0 ? a! : b!;
          const choice = await chooseOrder(on.url, game, random);
          expect(choice).not.toBeNull();
          const { answer } = await submitOrder(on.url, game, choice!);
          expect(answer.status).toBe(200);
        }
        await until('every client to receive every entry', () =>
          [sseA, sseB, gqlB, { updates: published }].every((c) => c.updates.length >= N),
        );
        await sleep(500); // anything more would be a duplicate

        const log = (await http(a!.url, 'GET', `/v1/games/${game.id}/replay`)).body
          .entries as Update[];
        expect(log.map((e) => e.seq)).toEqual(Array.from({ length: N }, (_, k) => k + 1));
        const expected = log.map(({ seq, side, order, stateHash }) => ({
          seq,
          side,
          order,
          stateHash,
        }));
        for (const [name, client] of Object.entries({ sseA, sseB, gqlB, published })) {
          const updates = 'updates' in client ? client.updates : client;
          const got = updates.map(({ seq, side, order, stateHash }) => ({
            seq,
            side,
            order,
            stateHash,
          }));
          expect({ name, got }).toEqual({ name, got: expected });
        }
        expect(gqlB.errors).toEqual([]);
      } finally {
        sseA.close();
        sseB.close();
        await gqlB.close();
        raw.disconnect();
      }
    });

    it("a player's event stream on B gets the events emitted on A (SSE and GraphQL playerEvents), each once, in order; one lost while Redis is away comes with the next", async () => {
      if (skip()) return;
      await linked(a!, b!);
      const register = async (on: Service, handle: string) => {
        const res = await http(on.url, 'POST', '/v1/players', { handle });
        expect(res.status).toBe(201);
        return res.body.token.token as string;
      };
      const suffix = Math.floor(Math.random() * 1e6);
      const maker = await register(a!, `Meade${suffix}`);
      const taker = await register(b!, `Hill${suffix}`);
      // The taker listens on B, over SSE and GraphQL.
      const sse = await openPlayerSse(b!.url, taker);
      const gql = createClient({
        url: `${b!.url.replace(/^http/, 'ws')}/graphql`,
        webSocketImpl: WebSocketImpl,
        lazy: false,
        retryAttempts: 0,
        connectionParams: { authorization: `Bearer ${taker}` },
      });
      const gqlEvents: Array<{ id: number; type: string }> = [];
      const gqlErrors: unknown[] = [];
      gql.subscribe<{ playerEvents: { id: number; type: string } }>(
        { query: 'subscription { playerEvents { id type } }' },
        {
          next: (m) => m.data && gqlEvents.push(m.data.playerEvents),
          error: (e) => gqlErrors.push(e),
          complete: () => undefined,
        },
      );
      await sleep(500);
      try {
        // Everything happens on A: three challenges to the taker, one cancelled.
        const ids: string[] = [];
        for (let i = 0; i < 3; i++) {
          const made = await http(
            a!.url,
            'POST',
            '/v1/challenges',
            { opponent: `Hill${suffix}`, scenario: 'shiloh', side: 'union', rated: false },
            { authorization: `Bearer ${maker}` },
          );
          expect(made.status).toBe(201);
          ids.push(made.body.id as string);
        }
        const cancelled = await http(a!.url, 'POST', `/v1/challenges/${ids[2]}/cancel`, undefined, {
          authorization: `Bearer ${maker}`,
        });
        expect(cancelled.status).toBe(200);
        const expected = [
          'challenge-received',
          'challenge-received',
          'challenge-received',
          'challenge-cancelled',
        ];
        await until(
          "the taker's streams on B to get the 4 events emitted on A",
          () => sse.events.length >= 4 && gqlEvents.length >= 4,
        );
        await sleep(300); // anything more would be a duplicate
        expect(sse.events.map((e) => e.type)).toEqual(expected);
        expect(gqlEvents.map((e) => e.type)).toEqual(expected);
        const sseIds = sse.events.map((e) => e.id);
        expect([...sseIds].sort((x, y) => x - y)).toEqual(sseIds);
        expect(gqlEvents.map((e) => e.id)).toEqual(sseIds);
        expect(gqlErrors).toEqual([]);

        // Redis away: an event emitted on A does not reach B's stream live…
        const challenge = async () => {
          const made = await http(
            a!.url,
            'POST',
            '/v1/challenges',
            { opponent: `Hill${suffix}`, scenario: 'shiloh', side: 'union', rated: false },
            { authorization: `Bearer ${maker}` },
          );
          expect(made.status).toBe(201);
        };
        await redisProxy!.cut();
        await challenge();
        await sleep(500);
        expect(sse.events).toHaveLength(4);
        // …and arrives with the next one once Redis is back: the stream reads the log.
        await redisProxy!.restore();
        await linked(a!, b!);
        let made = 1;
        const deadline = Date.now() + 20_000;
        while (sse.events.length < 4 + made && Date.now() < deadline) {
          await challenge();
          made++;
          await sleep(300);
        }
        await sleep(300);
        expect(sse.events).toHaveLength(4 + made);
        const all = sse.events.map((e) => e.id);
        expect([...new Set(all)].sort((x, y) => x - y)).toEqual(all);
        expect(sse.events.slice(4).every((e) => e.type === 'challenge-received')).toBe(true);
      } finally {
        sse.close();
        await gql.dispose();
      }
    });

    it('a Redis outage never fails or loses an accepted order; instances rejoin when it returns, SSE clients fill the gap', async () => {
      if (skip()) return;
      const game = await createGame(a!.url, 'redis-outage');
      const sseA = await openSse(a!.url, game.id);
      const sseB = await openSse(b!.url, game.id);
      const gqlB = await openGraphqlSubscription(b!.url, game.id);
      const random = prng(11);
      const slowest: number[] = [];
      const submit = async (on: Service) => {
        const choice = await chooseOrder(on.url, game, random);
        expect(choice).not.toBeNull();
        const t0 = performance.now();
        const { answer } = await submitOrder(on.url, game, choice!);
        slowest.push(performance.now() - t0);
        expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
      };
      let sseC: SseClient | undefined;
      try {
        await submit(a!);
        await until(
          'the first entry on both',
          () => sseA.updates.length + sseB.updates.length >= 2,
        );

        await redisProxy!.cut();
        // Orders on both instances while Redis is unreachable.
        for (let i = 0; i < 6; i++) await submit(i % 2 === 0 ? b! : a!);
        // An instance started while Redis is away comes up and serves too.
        c = await startService({ databaseUrl: scratch!.url, env: serviceEnv });
        for (const s of [a!, b!, c]) expect((await http(s.url, 'GET', '/health')).status).toBe(200);
        sseC = await openSse(c.url, game.id);
        await submit(c);
        await submit(a!);
        // Each instance's own clients still see its own orders live.
        await until("C's client to see C's order", () => sseC!.updates.length >= 1);
        await until("A's client to be up to date", () => sseA.updates.at(-1)?.seq === game.version);

        await redisProxy!.restore();
        await linked(a!, b!);
        await linked(b!, c);
        await linked(c, a!);
        await submit(b!); // the next update after the outage

        const total = game.version;
        expect(total).toBe(10);
        const seqs = (n: number, from = 1) => Array.from({ length: n }, (_, k) => k + from);
        await until('every SSE client to have the whole log', () =>
          [sseA, sseB].every((s) => s.updates.length >= total),
        );
        await sleep(300);
        expect(sseA.updates.map((u) => u.seq)).toEqual(seqs(total));
        expect(sseB.updates.map((u) => u.seq)).toEqual(seqs(total));
        const cFrom = sseC.updates[0].seq;
        expect(sseC.updates.map((u) => u.seq)).toEqual(seqs(total - cFrom + 1, cFrom));
        // The subscription is best effort: what it got during the outage is in order, once.
        const gqlSeqs = gqlB.updates.map((u) => u.seq);
        expect([...new Set(gqlSeqs)].sort((x, y) => x - y)).toEqual(gqlSeqs);
        expect(gqlSeqs.at(-1)).toBe(total);

        // The log is the truth: every acknowledged order, verified from the seed.
        const replay = await replayWithSeed(a!.url, game as ClientGame);
        expect((replay.entries as Update[]).map((e) => e.seq)).toEqual(seqs(total));
        // Verified once it is over (the seed and the secret are revealed then): the resignation is entry total + 1.
        const finished = await resignAndReplay(a!.url, game as ClientGame);
        const verified = await http(a!.url, 'POST', '/v1/replays/verify', finished);
        expect(verified.body).toMatchObject({ ok: true, verified: total + 1 });
        // No order waited on Redis.
        expect(Math.max(...slowest)).toBeLessThan(2000);
        console.log(
          `Redis outage: ${total} orders accepted on 3 instances (8 while Redis was away), ` +
            `slowest answer ${Math.round(Math.max(...slowest))} ms; every SSE client has the whole log`,
        );
      } finally {
        await redisProxy!.restore();
        sseA.close();
        sseB.close();
        sseC?.close();
        await gqlB.close();
      }
    });
  });
});
