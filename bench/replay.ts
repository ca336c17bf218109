/**
 * Replay benchmark: one long game of Shiloh played through the built service
 * (random legal orders to the end, or BENCH_REPLAY_ORDERS), then the time of
 * GET /v1/games/{id}/states/{seq} near the start and near the end — on a
 * snapshot, and where the most orders must be re-applied from the snapshot
 * before (SNAPSHOT_EVERY − 1): it must not grow with the game's length, p95
 * under 20 ms (issue 16) — the storage the game's entries take per order, and
 * POST /v1/replays/verify for the whole replay. On the real PostgreSQL when it
 * answers, else on the embedded database.
 * Run: npm run bench
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, ScratchDatabase } from '../test/support/database';
import {
  chooseOrder,
  createGame,
  http,
  percentile,
  prng,
  replayWithSeed,
  submitOrder,
} from '../test/reliability/support/client';
import { postgresAvailable, postgresServerUrl } from '../test/reliability/support/postgres';
import { ensureBuilt, Service, startService } from '../test/reliability/support/service';
import { Client } from 'pg';
import { SNAPSHOT_EVERY } from '../src/games/game-states';

const MAX_ORDERS = Number(process.env.BENCH_REPLAY_ORDERS ?? 2000);
/** Rarely ending a phase early makes a long game: every unit moves or attacks. */
const END_PHASE_CHANCE = 0.03;
const SAMPLES = 50;

async function timeGet(base: string, path: string): Promise<{ p50: number; p95: number }> {
  const ms: number[] = [];
  for (let i = 0; i < SAMPLES + 5; i++) {
    const t0 = performance.now();
    const res = await http(base, 'GET', path);
    const dt = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    if (i >= 5) ms.push(dt);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

async function main(): Promise<void> {
  ensureBuilt();
  let scratch: ScratchDatabase | undefined;
  let dir: string | undefined;
  let svc: Service;
  if (await postgresAvailable()) {
    scratch = await createScratchDatabase(postgresServerUrl());
    svc = await startService({ databaseUrl: scratch.url });
  } else {
    dir = mkdtempSync(join(tmpdir(), 'muster-bench-'));
    svc = await startService({ dataDir: dir });
  }
  try {
    const base = svc.url;
    const game = await createGame(base, 'bench-replay');
    const random = prng(99);
    const t0 = Date.now();
    for (let n = 0; n < MAX_ORDERS; n++) {
      const choice = await chooseOrder(base, game, random, END_PHASE_CHANCE);
      if (!choice) break;
      const { answer } = await submitOrder(base, game, choice);
      if (answer.status !== 200) throw new Error(`order refused: ${answer.status}`);
    }
    const length = game.version;
    console.log(
      `one game of Shiloh, ${length} entries${game.mustAct === null ? ' (played to the end)' : ''}, ` +
        `on ${scratch ? 'PostgreSQL' : 'the embedded database'} (played in ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
    );
    // Snapshots at multiples of SNAPSHOT_EVERY: k·N − 1 re-applies the most orders.
    const worst = (k: number) => k * SNAPSHOT_EVERY - 1;
    const lastFull = Math.floor(length / SNAPSHOT_EVERY);
    const seqs = [
      1,
      10,
      worst(1),
      SNAPSHOT_EVERY,
      worst(Math.max(1, lastFull)),
      length - 10,
      length,
    ];
    let worstP95 = 0;
    for (const seq of [...new Set(seqs)]
      .filter((q) => q >= 1 && q <= length)
      .sort((a, b) => a - b)) {
      const f = await timeGet(base, `/v1/games/${game.id}/states/${seq}`);
      const applied = seq % SNAPSHOT_EVERY;
      worstP95 = Math.max(worstP95, f.p95);
      console.log(
        `  GET states/${String(seq).padEnd(5)}  p50 ${f.p50.toFixed(1).padStart(5)} ms   p95 ${f.p95.toFixed(1).padStart(5)} ms` +
          `   (${applied === 0 || seq === length ? 'a snapshot' : `${applied} orders re-applied`})`,
      );
    }
    console.log(`  states/{seq} worst p95 ${worstP95.toFixed(1)} ms (goal < 20 ms)`);
    if (scratch) {
      const db = new Client({ connectionString: scratch.url });
      await db.connect();
      const r = await db.query<{ bytes: string; rows: string; row_bytes: string }>(
        `SELECT pg_total_relation_size('game_entries') AS bytes, count(*) AS rows,
           sum(pg_column_size(e.*)) AS row_bytes FROM game_entries e`,
      );
      await db.end();
      const { bytes, rows, row_bytes } = r.rows[0];
      console.log(
        `  storage per order: ${(Number(bytes) / Number(rows)).toFixed(0)} bytes on disk (game_entries with TOAST and indexes), ` +
          `${(Number(row_bytes) / Number(rows)).toFixed(0)} bytes of row data (goal < 2 KB; a snapshot every ${SNAPSHOT_EVERY} entries)`,
      );
    }
    const replay = await replayWithSeed(base, game);
    const size = Buffer.byteLength(JSON.stringify(replay));
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const v0 = performance.now();
      const res = await http(base, 'POST', '/v1/replays/verify', replay, {}, 120_000);
      runs.push(performance.now() - v0);
      if (res.status !== 200 || !res.body.ok)
        throw new Error(`verify: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    }
    runs.sort((a, b) => a - b);
    console.log(
      `  POST /v1/replays/verify (${length} entries, ${(size / 1024 / 1024).toFixed(1)} MB)  median ${runs[2].toFixed(0)} ms ` +
        `(${((runs[2] * 1000) / length).toFixed(0)} µs per entry)`,
    );
  } finally {
    await svc.stop();
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
