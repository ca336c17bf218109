import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { SNAPSHOT_EVERY } from '../../src/games/game-states';
import { stateHasher } from '../../src/games/state-hash';
import { createScratchDatabase, ScratchDatabase } from '../support/database';
import {
  Acknowledged,
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

const GAMES = 20;
/** Kill once this many orders were acknowledged in all (or after KILL_AFTER_MS). */
const KILL_AFTER_ACKS = 150;
const KILL_AFTER_MS = 8000;

interface Driven {
  game: ClientGame;
  acks: Acknowledged[];
  /** The order that was in flight when the service died, if any (acknowledged or not, we cannot know). */
  inFlight: unknown | null;
}

/**
 * Drives every game with its own client (list legal orders, submit one, repeat)
 * until `kill` fires, then SIGKILLs the service while requests are in flight.
 */
async function driveAndKill(svc: Service, games: ClientGame[]): Promise<Driven[]> {
  const driven: Driven[] = games.map((game) => ({ game, acks: [], inFlight: null }));
  let total = 0;
  let killed = false;
  let fire!: () => void;
  const killSignal = new Promise<void>((resolve) => (fire = resolve));
  const timer = setTimeout(() => fire(), KILL_AFTER_MS);

  const errors: string[] = [];
  const clients = driven.map(async (d, i) => {
    const random = prng(1000 + i);
    while (!killed) {
      try {
        const choice = await chooseOrder(svc.url, d.game, random);
        if (!choice) return;
        d.inFlight = choice.order;
        const { answer, ack } = await submitOrder(svc.url, d.game, choice);
        if (!ack) throw new Error(`order refused: ${answer.status} ${JSON.stringify(answer.body)}`);
        d.acks.push(ack);
        d.inFlight = null;
        if (++total >= KILL_AFTER_ACKS) fire();
      } catch (e) {
        // After the kill a failed request is expected: that order is unacknowledged.
        if (!killed) errors.push(`game ${d.game.id}: ${(e as Error).message}`);
        return;
      }
    }
  });

  await Promise.race([killSignal, Promise.all(clients)]);
  clearTimeout(timer);
  killed = true;
  await svc.kill();
  await Promise.all(clients);
  expect(errors).toEqual([]);
  return driven;
}

/** Every acknowledged order is in the log at its seq; nothing else but possibly the one in flight; the replay verifies. */
async function checkAfterRestart(
  svc: Service,
  driven: Driven[],
): Promise<{ acked: number; extra: number }> {
  let acked = 0;
  let extra = 0;
  for (const d of driven) {
    const view = await http(svc.url, 'GET', `/v1/games/${d.game.id}`);
    expect(view.status).toBe(200);
    const replay = await replayWithSeed(svc.url, d.game);
    const entries = replay.entries as Array<{
      seq: number;
      side: string;
      order: unknown;
      stateHash: string;
    }>;

    // The log is contiguous and the game row agrees with it: nothing half-applied.
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, k) => k + 1));
    expect(view.body.version).toBe(entries.length);
    if (entries.length > 0) {
      const last = await http(svc.url, 'GET', `/v1/games/${d.game.id}/states/${entries.length}`);
      expect(last.status).toBe(200);
      expect(last.body.stateHash).toBe(entries[entries.length - 1].stateHash);
      // The same view, but the clock: GET /v1/games/{id} alone carries it (openapi.yaml GameView).
      expect(last.body.game).toEqual({ ...view.body, clock: undefined });
    }

    // Every acknowledged order is there, at the seq the service answered.
    for (const ack of d.acks) {
      expect(entries[ack.seq - 1]).toMatchObject({
        seq: ack.seq,
        side: ack.side,
        order: ack.order,
      });
    }
    // Beyond the acknowledged ones, at most the order in flight at the kill (committed, answer lost).
    const beyond = entries.length - d.acks.length;
    expect(beyond).toBeGreaterThanOrEqual(0);
    expect(beyond).toBeLessThanOrEqual(d.inFlight === null ? 0 : 1);
    if (beyond === 1) expect(entries[entries.length - 1].order).toEqual(d.inFlight);
    acked += d.acks.length;
    extra += beyond;

    // And the game goes on: the next legal order is accepted.
    d.game.version = view.body.version;
    d.game.mustAct = view.body.mustAct?.side ?? null;
    const next = await chooseOrder(svc.url, d.game, prng(7));
    if (next) {
      const { answer } = await submitOrder(svc.url, d.game, next);
      expect(answer.status).toBe(200);
    }

    // Once the game is over (seed and secret revealed), the whole log re-derives from the seed, entry by entry.
    const finished = await resignAndReplay(svc.url, d.game);
    const all = finished.entries as unknown[];
    expect(all.length).toBe(entries.length + (next ? 2 : 1));
    const verified = await http(svc.url, 'POST', '/v1/replays/verify', finished);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ ok: true, verified: all.length, firstMismatch: null });
  }
  return { acked, extra };
}

async function scenario(start: () => Promise<Service>, label: string): Promise<void> {
  let svc = await start();
  try {
    const games: ClientGame[] = [];
    for (let i = 0; i < GAMES; i++) games.push(await createGame(svc.url, `crash-${label}-${i}`));
    const driven = await driveAndKill(svc, games);
    expect(svc.process.signalCode).toBe('SIGKILL');
    const acked = driven.reduce((n, d) => n + d.acks.length, 0);
    expect(acked).toBeGreaterThan(0);

    svc = await start();
    const result = await checkAfterRestart(svc, driven);
    console.log(
      `crash (${label}): ${result.acked} orders acknowledged before SIGKILL, all in the log after restart; ` +
        `${result.extra} in-flight order(s) committed without an answer; ${GAMES} replays verify`,
    );
  } finally {
    await svc.stop().catch(() => undefined);
  }
}

describe('crash: SIGKILL of the built service mid-load, then restart', () => {
  beforeAll(() => ensureBuilt());

  describe('on PostgreSQL', () => {
    let scratch: ScratchDatabase | undefined;
    let available = false;
    beforeAll(async () => {
      available = await postgresAvailable();
      if (!available && process.env.TEST_DATABASE_URL) {
        throw new Error(`TEST_DATABASE_URL is set but ${postgresServerUrl()} does not answer`);
      }
      if (available) scratch = await createScratchDatabase(postgresServerUrl());
    });
    afterAll(() => scratch?.drop());

    it('keeps every acknowledged order, half-applies none, and every replay verifies', async () => {
      if (!scratch) {
        console.warn(
          `PostgreSQL not reachable at ${postgresServerUrl()}: crash test on PostgreSQL skipped`,
        );
        return;
      }
      const url = scratch.url;
      await scenario(() => startService({ databaseUrl: url }), 'postgresql');

      // Straight from the database: every game's version is its log length; its row holds the
      // state after entry state_seq (the last that kept a snapshot, fewer than SNAPSHOT_EVERY
      // behind), with that entry's hash (entries keep the state's hash; the whole state only
      // every SNAPSHOT_EVERY).
      const db = new Client({ connectionString: url });
      await db.connect();
      try {
        const rows = await db.query(`
          SELECT g.id, g.version, g.secret, g.state, g.state_seq,
                 (SELECT count(*)::int FROM game_entries e WHERE e.game_id = g.id) AS entries,
                 (SELECT coalesce(max(e.seq), 0) FROM game_entries e WHERE e.game_id = g.id) AS last,
                 (SELECT e.state_hash FROM game_entries e WHERE e.game_id = g.id AND e.seq = g.state_seq) AS row_hash,
                 (SELECT e.state IS NOT NULL FROM game_entries e WHERE e.game_id = g.id AND e.seq = g.state_seq) AS snapshot
          FROM games g`);
        expect(rows.rows).toHaveLength(GAMES);
        for (const r of rows.rows) {
          expect(r.entries).toBe(r.version);
          expect(r.last).toBe(r.version);
          expect(r.version - r.state_seq).toBeLessThan(SNAPSHOT_EVERY);
          if (r.state_seq > 0) {
            expect(r.snapshot).toBe(true);
            expect(stateHasher(r.secret)(r.state)).toBe(r.row_hash);
          }
        }
      } finally {
        await db.end();
      }
    });
  });

  describe('on the embedded database (PGlite in a data directory)', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'muster-crash-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('keeps every acknowledged order, half-applies none, and every replay verifies', async () => {
      await scenario(() => startService({ dataDir: dir }), 'embedded');
    });
  });
});
