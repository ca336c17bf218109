/**
 * Issue 13 acceptance: honest games always verify. Whole random games of the
 * six scenarios whose replays used to fail (Shiloh, Wilderness, Chickamauga,
 * Hooker and Lee, Fredericksburg, Road to Richmond), several seeds each, are
 * played through the REST API — every order taken from legal-orders, every
 * state going through the database at every order — on the embedded database
 * (and on PostgreSQL when TEST_DATABASE_URL is set, as CI does); each finished
 * replay verifies with POST /v1/replays/verify. States of those games also
 * round-trip through a real jsonb column: the key order it gives back is the
 * one the engine's tests reproduce (databaseKeyOrder), and the engine answers
 * the same for it.
 */
import request from 'supertest';
import { DataSource } from 'typeorm';
import { databaseKeyOrder } from '../../src/engine/canonical';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';
import { shuffleKeys } from '../support/key-order';
import { picker } from '../unit/scenarios/support';

/** A small seeded PRNG (mulberry32) for the client's choices: the test plays the same games every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCENARIOS = [
  'shiloh',
  'wilderness',
  'chickamauga',
  'hooker-and-lee',
  'fredericksburg',
  'road-to-richmond',
];
const SEEDS = Number(process.env.VERIFIED_PLAYOUT_SEEDS ?? 2);
const MAX_ORDERS = 6000;

describe('issue 13: whole random games through the API verify', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  const finished: Array<{ scenario: string; id: string; orders: number }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  }, 180_000);
  afterAll(() => t?.close());

  /** Plays one game to its end with random legal orders; ends phases often so that games stay short. */
  async function play(scenario: string, seed: number): Promise<{ id: string; orders: number }> {
    const created = await request(server).post('/v1/games').send({ scenario }).expect(201);
    const id: string = created.body.id;
    const tokens: Record<string, string> = Object.fromEntries(
      created.body.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    );
    const random = prng(seed);
    let game = created.body.game;
    let n = 0;
    for (; n < MAX_ORDERS && game.status === 'active'; n++) {
      const side: string = game.mustAct.side;
      const legal = await request(server)
        .get(`/v1/games/${id}/legal-orders`)
        .set('Authorization', `Bearer ${tokens[side]}`)
        .expect(200);
      const orders: Array<{ type: string }> = legal.body.orders.filter(
        (o: { type: string }) => o.type !== 'resign',
      );
      expect(orders.length).toBeGreaterThan(0);
      const end = orders.find((o) => o.type === 'end-phase');
      const order = end && random() < 0.4 ? end : orders[Math.floor(random() * orders.length)];
      const res = await request(server)
        .post(`/v1/games/${id}/orders`)
        .set('Authorization', `Bearer ${tokens[side]}`)
        .send({ expectedVersion: game.version, order });
      if (res.status !== 200)
        throw new Error(`listed order refused: ${res.status} ${res.body.code}: ${res.body.detail}`);
      game = res.body.game;
    }
    expect(game.status).toBe('finished');
    return { id, orders: n };
  }

  for (const scenario of SCENARIOS) {
    it(`${scenario}: ${SEEDS} random games played through the API to the end, each replay verifies`, async () => {
      for (let k = 0; k < SEEDS; k++) {
        const { id, orders } = await play(scenario, 1000 * (k + 1) + scenario.length);
        const replay = await request(server).get(`/v1/games/${id}/replay`).expect(200);
        expectMatchesSpec(replay);
        expect(replay.body.engineRevision).toBeGreaterThanOrEqual(2);
        expect(replay.body.hashScheme).toBe('hmac-sha256');
        expect(typeof replay.body.secret).toBe('string');
        const verified = await request(server)
          .post('/v1/replays/verify')
          .send(replay.body)
          .expect(200);
        expectMatchesSpec(verified);
        expect(verified.body).toMatchObject({ ok: true, seedMatchesCommitment: true });
        expect(verified.body.verified).toBe(orders);
        finished.push({ scenario, id, orders });
      }
    }, 900_000);
  }

  it('states read back from a real jsonb column come in the key order the engine tests reproduce', async () => {
    const ds = t.app.get(DataSource);
    // Mid-game states of the games above, straight from the log (its snapshots, every SNAPSHOT_EVERY entries).
    const rows: Array<{ state: unknown }> = await ds.query(
      `SELECT state FROM game_entries WHERE state IS NOT NULL ORDER BY game_id, seq LIMIT 40`,
    );
    expect(rows.length).toBeGreaterThan(5);
    const random = picker(31);
    for (const { state } of rows) {
      // Sent in a random key order (as a state built in memory may have), read back as jsonb gives it.
      const sent = shuffleKeys(state, random);
      const [{ back }] = (await ds.query(`SELECT $1::jsonb AS back`, [
        JSON.stringify(sent),
      ])) as Array<{ back: unknown }>;
      // Same content, and the very same key order at every depth as the engine's tests reproduce.
      expect(JSON.stringify(back)).toBe(JSON.stringify(databaseKeyOrder(sent)));
      expect(JSON.stringify(back)).not.toBe(JSON.stringify(sent));
    }
  });
});
