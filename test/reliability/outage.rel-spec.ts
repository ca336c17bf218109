import { validateResponse } from '../support/openapi';
import { createScratchDatabase, ScratchDatabase } from '../support/database';
import {
  Acknowledged,
  asResponseLike,
  ClientGame,
  chooseOrder,
  createGame,
  http,
  prng,
  submitOrder,
} from './support/client';
import { postgresAvailable, postgresServerUrl } from './support/postgres';
import { ensureBuilt, Service, startService } from './support/service';
import { startTcpProxy, TcpProxy } from './support/tcp-proxy';

const GAMES = 8;
const OUTAGE_MS = 4000;

/**
 * The database goes away under load and comes back. The service runs on the real
 * PostgreSQL through a TCP proxy this test controls: cutting it drops every pooled
 * connection and refuses new ones, exactly what a database restart or a network
 * partition looks like to the service. (The embedded database lives inside the
 * service process and cannot go away alone; test/e2e/errors.e2e-spec.ts checks its
 * 503 when it is stopped.)
 */
describe('database outage under load (PostgreSQL behind a proxy we cut)', () => {
  let scratch: ScratchDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let svc: Service | undefined;

  beforeAll(async () => {
    ensureBuilt();
    if (!(await postgresAvailable())) {
      if (process.env.TEST_DATABASE_URL) throw new Error(`${postgresServerUrl()} does not answer`);
      console.warn(`PostgreSQL not reachable at ${postgresServerUrl()}: outage test skipped`);
      return;
    }
    scratch = await createScratchDatabase(postgresServerUrl());
    const target = new URL(scratch.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    svc = await startService({ databaseUrl: proxy.urlFor(scratch.url) });
  });
  afterAll(async () => {
    await svc?.stop();
    await proxy?.close();
    await scratch?.drop();
  });

  it('requests get 503 problem+json while it is down; the service recovers by itself when it returns', async () => {
    if (!svc || !proxy) return;
    const base = svc.url;
    const games: ClientGame[] = [];
    for (let i = 0; i < GAMES; i++) games.push(await createGame(base, `outage-${i}`));

    type Phase = 'before' | 'down' | 'after';
    let phase: Phase = 'before';
    let stop = false;
    const seen: Record<Phase, Map<number, number>> = {
      before: new Map(),
      down: new Map(),
      after: new Map(),
    };
    const problems: string[] = [];
    const acks = new Map<string, Acknowledged[]>(games.map((g) => [g.id, []]));
    const note = (p: Phase, status: number) => seen[p].set(status, (seen[p].get(status) ?? 0) + 1);

    // Each client: list legal orders, submit one, read the game; on any error status, resync and go on.
    const clients = games.map(async (game, i) => {
      const random = prng(500 + i);
      while (!stop) {
        const p = phase;
        try {
          const choice = await chooseOrder(base, game, random).catch(() => null);
          if (choice) {
            const { answer, ack } = await submitOrder(base, game, choice);
            note(p, answer.status);
            if (ack) acks.get(game.id)!.push(ack);
            else {
              if (answer.status >= 500 && answer.status !== 503) {
                problems.push(
                  `${p}: POST orders → ${answer.status} ${JSON.stringify(answer.body)}`,
                );
              }
              const spec = validateResponse(asResponseLike(answer), {
                method: 'POST',
                path: '/v1/games/{id}/orders',
              });
              problems.push(...spec);
            }
          }
          const view = await http(base, 'GET', `/v1/games/${game.id}`);
          note(p, view.status);
          if (view.status === 200) {
            game.version = view.body.version;
            game.mustAct = view.body.mustAct?.side ?? null;
          } else if (view.status !== 503) {
            problems.push(`${p}: GET game → ${view.status} ${JSON.stringify(view.body)}`);
          } else {
            expectOk(
              view.body.code === 'DATABASE_UNAVAILABLE',
              problems,
              `${p}: 503 code ${view.body.code}`,
            );
            problems.push(
              ...validateResponse(asResponseLike(view), { method: 'GET', path: '/v1/games/{id}' }),
            );
            await new Promise((r) => setTimeout(r, 50));
          }
        } catch (e) {
          problems.push(`${p}: request failed: ${(e as Error).message}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    });

    await new Promise((r) => setTimeout(r, 1500));
    await proxy.cut();
    phase = 'down';
    await new Promise((r) => setTimeout(r, 300));
    const health = await http(base, 'GET', '/health');
    expect(health.status).toBe(503);
    expect(health.body.code).toBe('DATABASE_UNAVAILABLE');
    await new Promise((r) => setTimeout(r, OUTAGE_MS - 300));

    await proxy.restore();
    const back = Date.now();
    let recoveredAfterMs = -1;
    while (Date.now() - back < 30_000) {
      const h = await http(base, 'GET', '/health');
      if (h.status === 200) {
        recoveredAfterMs = Date.now() - back;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    phase = 'after';
    await new Promise((r) => setTimeout(r, 2000));
    stop = true;
    await Promise.all(clients);

    const summary = (p: Phase) =>
      [...seen[p].entries()].map(([s, n]) => `${s}×${n}`).join(' ') || 'none';
    console.log(
      `outage: before ${summary('before')}; during ${OUTAGE_MS} ms down ${summary('down')}; ` +
        `after ${summary('after')}; healthy again ${recoveredAfterMs} ms after the database returned`,
    );
    expect(problems).toEqual([]);
    expect(recoveredAfterMs).toBeGreaterThanOrEqual(0);
    // While down the service answered, and answered 503.
    expect(seen.down.get(503) ?? 0).toBeGreaterThan(0);
    // After it came back, orders were accepted again without a restart.
    expect(seen.after.get(200) ?? 0).toBeGreaterThan(0);
    expect(svc.process.exitCode).toBeNull();

    // Nothing acknowledged was lost, nothing half-applied.
    for (const game of games) {
      const replay = await http(base, 'GET', `/v1/games/${game.id}/replay`);
      const view = await http(base, 'GET', `/v1/games/${game.id}`);
      expect(replay.body.entries).toHaveLength(view.body.version);
      for (const ack of acks.get(game.id)!) {
        expect(replay.body.entries[ack.seq - 1]).toMatchObject({ seq: ack.seq, order: ack.order });
      }
    }
  });
});

function expectOk(ok: boolean, problems: string[], message: string): void {
  if (!ok) problems.push(message);
}
