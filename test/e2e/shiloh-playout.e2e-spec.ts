import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

/** A small seeded PRNG (mulberry32) for the client's choices: the test plays the same game every run. */
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

const MAX_ORDERS = 5000;

describe('a whole game of Shiloh through the REST API', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  it('a client always submitting a random legal order plays to the end; the replay verifies; states/{seq} are what it saw', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed: 'shiloh-playout-1', testing: true })
      .expect(201);
    const id: string = created.body.id;
    const tokens: Record<string, string> = Object.fromEntries(
      created.body.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    );
    const random = prng(1862);
    const seen = new Map<number, unknown>([[0, created.body.game]]);
    let game = created.body.game;

    for (let n = 0; n < MAX_ORDERS && game.status === 'active'; n++) {
      const side: string = game.mustAct.side;
      const legal = await request(server)
        .get(`/v1/games/${id}/legal-orders`)
        .set('Authorization', `Bearer ${tokens[side]}`)
        .expect(200);
      expect(legal.body.version).toBe(game.version);
      const orders: Array<{ type: string }> = legal.body.orders.filter(
        (o: { type: string }) => o.type !== 'resign',
      );
      expect(orders.length).toBeGreaterThan(0); // a side that must act always has an order
      // Random among the legal orders; ending the phase a quarter of the time when allowed keeps the game short.
      const end = orders.find((o) => o.type === 'end-phase');
      const order = end && random() < 0.25 ? end : orders[Math.floor(random() * orders.length)];
      const res = await request(server)
        .post(`/v1/games/${id}/orders`)
        .set('Authorization', `Bearer ${tokens[side]}`)
        .send({ expectedVersion: game.version, order });
      if (res.status !== 200)
        throw new Error(`order ${JSON.stringify(order)} refused: ${JSON.stringify(res.body)}`);
      game = res.body.game;
      seen.set(res.body.version, game);
    }

    // It finishes with a result.
    expect(game.status).toBe('finished');
    expect(game.mustAct).toBeNull();
    expect(game.result).toEqual(expect.objectContaining({ reason: expect.any(String) }));
    expect(game.turn).toBe(13);
    expect(game.result.level).toEqual(expect.any(String));

    // Victory agrees with the result.
    const victory = await request(server).get(`/v1/games/${id}/victory`).expect(200);
    expectMatchesSpec(victory);
    expect(victory.body).toMatchObject({
      status: 'finished',
      level: game.result.level,
      winner: game.result.winner,
      competitionScore: game.result.competitionScore,
      points: game.points,
      provisional: null,
    });

    // The replay reveals the seed and verifies, over the API and with the CLI.
    const replay = await request(server).get(`/v1/games/${id}/replay`).expect(200);
    expectMatchesSpec(replay);
    expect(replay.body.seed).toBe('shiloh-playout-1');
    expect(replay.body.entries).toHaveLength(game.version);
    const verified = await request(server).post('/v1/replays/verify').send(replay.body).expect(200);
    expectMatchesSpec(verified);
    expect(verified.body).toMatchObject({
      ok: true,
      verified: game.version,
      seedMatchesCommitment: true,
      firstMismatch: null,
    });

    const dir = mkdtempSync(join(tmpdir(), 'muster-replay-'));
    writeFileSync(join(dir, 'replay.json'), JSON.stringify(replay.body));
    const cli = await promisify(execFile)(
      process.execPath,
      [
        require.resolve('ts-node/dist/bin.js'),
        '-T',
        join(__dirname, '..', '..', 'scripts', 'verify.ts'),
        join(dir, 'replay.json'),
      ],
      { cwd: join(__dirname, '..', '..') },
    );
    expect(JSON.parse(cli.stdout)).toMatchObject({ ok: true, verified: game.version });

    // states/{seq} for a few seqs equals what the client saw at that moment.
    const last = game.version;
    for (const seq of [0, 1, Math.floor(last / 3), Math.floor((2 * last) / 3), last]) {
      const res = await request(server).get(`/v1/games/${id}/states/${seq}`).expect(200);
      expectMatchesSpec(res);
      expect(res.body.seq).toBe(seq);
      expect(res.body.game).toEqual(seen.get(seq));
      if (seq > 0) expect(res.body.stateHash).toBe(replay.body.entries[seq - 1].stateHash);
    }
  }, 600_000);
});
