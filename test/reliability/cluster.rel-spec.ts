import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest, IncomingMessage } from 'node:http';
import { createScratchDatabase, ScratchDatabase } from '../support/database';
import { validateResponse } from '../support/openapi';
import {
  asResponseLike,
  bearer,
  chooseOrder,
  createGame,
  http,
  HttpAnswer,
  prng,
  type Side,
} from './support/client';
import { postgresAvailable, postgresServerUrl } from './support/postgres';
import { ensureBuilt, MAIN, Service, startService } from './support/service';

/**
 * WORKERS=2 (issue 20): the built service as a node:cluster primary and two
 * workers on one port, on PostgreSQL with Redis. What races.rel-spec.ts asks of one
 * process holds across the two: 50 parallel submissions of one order on one
 * version give exactly one 200 and 49 × 409, ten concurrent submissions with one
 * Idempotency-Key give ten identical answers and one entry; an SSE client on one
 * worker gets every entry, whichever worker accepted it, exactly once and in order.
 * On the embedded database WORKERS=2 is refused at start-up with a clear message.
 *
 * Needs PostgreSQL and TEST_REDIS_URL (.ci/run sets it when a Redis answers);
 * skipped with a warning without them, an error when TEST_DATABASE_URL asked for
 * PostgreSQL and it does not answer.
 */

const ORDERS = '/v1/games/{id}/orders';

/** The worker pids of the primary `pid` (Linux: its children). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter((p) => p !== '')
    .map(Number);
}

/** Pids of the workers that logged a request to `path` (LOG_FORMAT=json: pino's request lines). */
function pidsServing(output: string, method: string, pathPart: string): Set<number> {
  const pids = new Set<number>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { pid?: number; req?: { method?: string; url?: string } };
      if (entry.req?.method === method && entry.req.url?.includes(pathPart) && entry.pid)
        pids.add(entry.pid);
    } catch {
      // not a log line
    }
  }
  return pids;
}

/** One request on a connection of its own, so the cluster hands it to the next worker in turn. */
function postAlone(
  base: string,
  path: string,
  body: unknown,
  token: string,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const url = new URL(`${base}${path}`);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          connection: 'close',
          ...bearer(token),
          ...headers,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (data += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(data) as unknown,
            headers: new Headers(res.headers as Record<string, string>),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

interface Update {
  seq: number;
  stateHash: string;
}

function openSse(base: string, gameId: string): Promise<{ updates: Update[]; close(): void }> {
  const url = new URL(`${base}/v1/games/${gameId}/events`);
  return new Promise((resolve, reject) => {
    const updates: Update[] = [];
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      agent: false,
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function firstMove(base: string, id: string, token: string): Promise<{ type: string }> {
  const legal = await http(base, 'GET', `/v1/games/${id}/legal-orders`, undefined, bearer(token));
  expect(legal.status).toBe(200);
  const move = (legal.body.orders as Array<{ type: string }>).find(
    (o) => o.type !== 'end-phase' && o.type !== 'resign',
  );
  expect(move).toBeDefined();
  return move!;
}

describe('WORKERS=2: one port, two processes (node:cluster) on PostgreSQL with Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
  let scratch: ScratchDatabase | undefined;
  let svc: Service | undefined;

  beforeAll(async () => {
    ensureBuilt();
    if (!(await postgresAvailable())) {
      if (process.env.TEST_DATABASE_URL) throw new Error(`${postgresServerUrl()} does not answer`);
      console.warn(`PostgreSQL not reachable at ${postgresServerUrl()}: cluster tests skipped`);
      return;
    }
    if (!redisUrl) {
      console.warn(
        'TEST_REDIS_URL is not set: the WORKERS=2 tests are skipped ' +
          '(set TEST_REDIS_URL=redis://127.0.0.1:6379 to run them)',
      );
      return;
    }
    scratch = await createScratchDatabase(postgresServerUrl());
    svc = await startService({
      databaseUrl: scratch.url,
      env: { WORKERS: '2', REDIS_URL: redisUrl, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    });
    // /health answered: at least one worker listens; wait for both.
    const deadline = Date.now() + 60_000;
    while (!svc.output().includes('2 workers listening') && Date.now() < deadline) await sleep(100);
  });
  afterAll(async () => {
    await svc?.stop();
    await scratch?.drop();
  });

  it('the primary runs two workers', () => {
    if (!svc) return;
    expect(svc.output()).toContain('2 workers listening');
    expect(childrenOf(svc.pid)).toHaveLength(2);
  });

  it('50 parallel submissions of the same legal order on one version, spread over both workers: exactly 1 accepted, 49 × 409, one log entry', async () => {
    if (!svc) return;
    const base = svc.url;
    const game = await createGame(base, 'cluster-race');
    const token = game.tokens.confederate; // Shiloh 16.3: the Confederate player moves first
    const order = await firstMove(base, game.id, token);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        postAlone(base, `/v1/games/${game.id}/orders`, { expectedVersion: 0, order }, token),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const a of answers) {
      expect(validateResponse(asResponseLike(a), { method: 'POST', path: ORDERS })).toEqual([]);
      if (a.status === 409) {
        expect(a.body).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: 1 });
      }
    }
    // Both workers answered some of them: the race was between processes.
    await sleep(200);
    expect(pidsServing(svc.output(), 'POST', `/v1/games/${game.id}/orders`).size).toBe(2);

    const replay = await http(base, 'GET', `/v1/games/${game.id}/replay`);
    expect(replay.body.entries).toHaveLength(1);
    expect(replay.body.entries[0]).toMatchObject({ seq: 1, side: 'confederate', order });
    expect((await http(base, 'GET', `/v1/games/${game.id}`)).body.version).toBe(1);
  });

  it('the same Idempotency-Key 10 times, concurrently, over both workers: one entry, ten identical answers', async () => {
    if (!svc) return;
    const base = svc.url;
    const game = await createGame(base, 'cluster-idem');
    const token = game.tokens.confederate;
    const order = await firstMove(base, game.id, token);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        postAlone(base, `/v1/games/${game.id}/orders`, { expectedVersion: 0, order }, token, {
          'idempotency-key': 'one-click',
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const a of answers) expect(a.body).toEqual(answers[0].body);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect((await http(base, 'GET', `/v1/games/${game.id}/replay`)).body.entries).toHaveLength(1);
  });

  it('an SSE client on one worker gets every entry, whichever worker accepted it, once and in order', async () => {
    if (!svc) return;
    const base = svc.url;
    const game = await createGame(base, 'cluster-live');
    const sse = await openSse(base, game.id);
    try {
      // The worker holding the SSE connection is subscribed to Redis once it answered.
      await sleep(500);
      const random = prng(20);
      for (let i = 0; i < 8; i++) {
        const choice = await chooseOrder(base, game, random);
        const a = await postAlone(
          base,
          `/v1/games/${game.id}/orders`,
          { expectedVersion: choice!.version, order: choice!.order },
          game.tokens[choice!.side],
        );
        expect(a.status).toBe(200);
        const answer = a.body as { version: number; game: { mustAct: { side: Side } | null } };
        game.version = answer.version;
        game.mustAct = answer.game.mustAct?.side ?? null;
      }
      const deadline = Date.now() + 10_000;
      while (sse.updates.length < 8 && Date.now() < deadline) await sleep(25);
      await sleep(300); // and no duplicate after
      const replay = await http(base, 'GET', `/v1/games/${game.id}/replay`);
      expect(sse.updates.map((u) => [u.seq, u.stateHash])).toEqual(
        (replay.body.entries as Update[]).map((e) => [e.seq, e.stateHash]),
      );
      expect(pidsServing(svc.output(), 'POST', `/v1/games/${game.id}/orders`).size).toBe(2);
    } finally {
      sse.close();
    }
  });

  it('WORKERS=2 on the embedded database is refused at start-up, naming DATABASE_URL', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, WORKERS: '2', PORT: '0' };
    for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'MUSTER_DATA_DIR']) delete env[name];
    env.REDIS_URL = 'redis://127.0.0.1:6379';
    const run = spawnSync(process.execPath, [MAIN], { env, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('WORKERS=2 needs DATABASE_URL');
    expect(run.stderr).toContain('PGlite');
  });
});
