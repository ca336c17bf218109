/**
 * API benchmark: the built service on a fresh database on the real PostgreSQL,
 * N concurrent games (1, 8, 32) each driven by its own client (GET legal-orders,
 * POST one of them, repeat): accepted orders per second and p50/p95/p99 latency of
 * POST /orders. Then the same database work done directly with pg — BEGIN; SELECT …
 * FOR UPDATE; INSERT the entry; UPDATE the game; COMMIT, with payloads of the same
 * size — and the ratio service/raw. Loopback only, bounded in time.
 * Run: npm run bench (needs PostgreSQL: TEST_DATABASE_URL, DATABASE_URL or 127.0.0.1:5432/test)
 */
import { Pool } from 'pg';
import { createScratchDatabase } from '../test/support/database';
import {
  ClientGame,
  chooseOrder,
  createGame,
  percentile,
  prng,
  submitOrder,
} from '../test/reliability/support/client';
import { postgresAvailable, postgresServerUrl } from '../test/reliability/support/postgres';
import { ensureBuilt, startService } from '../test/reliability/support/service';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const LEVELS = (process.env.BENCH_API_GAMES ?? '1,8,32').split(',').map(Number);

interface Figures {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  count: number;
}

const fmt = (f: Figures) =>
  `${f.perSecond.toFixed(0).padStart(5)} /s   p50 ${f.p50.toFixed(1).padStart(5)} ms   p95 ${f.p95
    .toFixed(1)
    .padStart(5)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   (${f.count})`;

function figures(latencies: number[], seconds: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    count: latencies.length,
  };
}

async function serviceLoad(base: string, n: number, tag: string): Promise<Figures> {
  const games: ClientGame[] = [];
  for (let i = 0; i < n; i++) games.push(await createGame(base, `bench-${tag}-${n}-${i}`));
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    games.map(async (first, i) => {
      let game = first;
      const random = prng(i + 1);
      while (Date.now() < until) {
        const choice = await chooseOrder(base, game, random);
        if (!choice) {
          game = await createGame(base, `bench-${tag}-${n}-${i}-${Date.now()}`);
          continue;
        }
        const t0 = performance.now();
        const { answer } = await submitOrder(base, game, choice);
        const ms = performance.now() - t0;
        if (answer.status !== 200)
          throw new Error(`order refused: ${answer.status} ${JSON.stringify(answer.body)}`);
        latencies.push(ms);
      }
    }),
  );
  return figures(latencies, (Date.now() - started) / 1000);
}

/** The service's transaction for one order, with pg and nothing else, on copies of real rows. */
async function rawLoad(url: string, n: number): Promise<Figures> {
  const pool = new Pool({ connectionString: url, max: n });
  try {
    // Payloads as large as the service writes: a real state, a real entry.
    const sample = await pool.query(
      `SELECT e.game_id, e.order, e.events, e.state, e.state_hash, e.side FROM game_entries e ORDER BY e.seq DESC LIMIT 1`,
    );
    const entry = sample.rows[0];
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const r = await pool.query(
        `INSERT INTO games (scenario_id, rules_system, rules_version, status, state, version, seed, seed_commitment, options)
         SELECT scenario_id, rules_system, rules_version, status, state, 0, seed, seed_commitment, options FROM games WHERE id = $1
         RETURNING id`,
        [entry.game_id],
      );
      ids.push(r.rows[0].id);
    }
    const state = JSON.stringify(entry.state);
    const order = JSON.stringify(entry.order);
    const events = JSON.stringify(entry.events);
    const latencies: number[] = [];
    const until = Date.now() + SECONDS * 1000;
    const started = Date.now();
    await Promise.all(
      ids.map(async (id) => {
        const client = await pool.connect();
        try {
          while (Date.now() < until) {
            const t0 = performance.now();
            await client.query('BEGIN');
            const g = await client.query('SELECT * FROM games WHERE id = $1 FOR UPDATE', [id]);
            const seq = g.rows[0].version + 1;
            await client.query(
              `INSERT INTO game_entries (game_id, seq, side, "order", events, state_hash, state, created_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, now())`,
              [id, seq, entry.side, order, events, entry.state_hash, state],
            );
            await client.query(
              `UPDATE games SET state = $2, version = $3, updated_at = now() WHERE id = $1 AND version = $4`,
              [id, state, seq, seq - 1],
            );
            await client.query('COMMIT');
            latencies.push(performance.now() - t0);
          }
        } finally {
          client.release();
        }
      }),
    );
    return figures(latencies, (Date.now() - started) / 1000);
  } finally {
    await pool.end();
  }
}

async function main(): Promise<void> {
  const server = postgresServerUrl();
  if (!(await postgresAvailable(server))) {
    console.log(
      `API benchmark skipped: no PostgreSQL answers at ${server} (set TEST_DATABASE_URL).`,
    );
    return;
  }
  ensureBuilt();
  const scratch = await createScratchDatabase(server);
  const svc = await startService({ databaseUrl: scratch.url, env: { LOG_LEVEL: 'warn' } });
  try {
    console.log(
      `POST /v1/games/{id}/orders, built service on PostgreSQL (${SECONDS} s per level; each client also lists legal orders between submissions)`,
    );
    const rows: Array<[number, Figures, Figures]> = [];
    for (const n of LEVELS) {
      const service = await serviceLoad(svc.url, n, 'svc');
      const raw = await rawLoad(scratch.url, n);
      rows.push([n, service, raw]);
      console.log(`  ${String(n).padStart(2)} games  service ${fmt(service)}`);
      console.log(`            raw pg  ${fmt(raw)}`);
      console.log(
        `            service/raw: p50 latency ×${(service.p50 / raw.p50).toFixed(1)}, ` +
          `throughput ×${(raw.perSecond / service.perSecond).toFixed(1)} lower`,
      );
    }
  } finally {
    await svc.stop();
    await scratch.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
