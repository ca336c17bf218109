import request from 'supertest';
import { DataSource } from 'typeorm';
import { HotStates } from '../../src/games/game-states';
import { createTestApp, TestApp } from '../support/app';
import { createShilohGame, seatAuth } from '../support/shiloh-game';

/**
 * Issue 20: an order this instance can decide from the game as it last wrote
 * it is written by one statement, guarded by the version (and status), the
 * seat's token hash and the hooks; whatever moved behind its back sends the
 * order down the locked path, whose answer is the authoritative one. The
 * Server-Timing header's `path` says which path took each order.
 */
describe('orders: the optimistic path and its guards (issue 20)', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
    ds = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  type SideName = 'union' | 'confederate';
  interface Created {
    id: string;
    tokens: Record<SideName, string>;
  }
  const newGame = (seed: string): Promise<Created> => createShilohGame(server, seed);
  const auth = seatAuth;
  const pathOf = (res: request.Response) =>
    /path;desc="(\w+)"/.exec(String(res.headers['server-timing']))?.[1];
  const entries = async (g: Created) =>
    Number(
      (
        await ds.query<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM game_entries WHERE game_id = $1`,
          [g.id],
        )
      )[0].n,
    );
  /** The acting seat's first listed order at the game's current version. */
  async function next(g: Created): Promise<{ side: SideName; version: number; order: unknown }> {
    const view = (await request(server).get(`/v1/games/${g.id}`).expect(200)).body;
    const side = view.mustAct.side as SideName;
    const legal = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(auth(g.tokens[side]))
      .expect(200);
    const orders = legal.body.orders as Array<{ type: string }>;
    return {
      side,
      version: legal.body.version,
      order: orders.find((o) => o.type !== 'end-phase') ?? orders[0],
    };
  }
  const submit = (g: Created, side: SideName, body: object, token = g.tokens[side]) =>
    request(server).post(`/v1/games/${g.id}/orders`).set(auth(token)).send(body);

  it('after the first order, orders take one statement, and the replay verifies', async () => {
    const g = await newGame('optimistic-plain');
    const paths: Array<string | undefined> = [];
    for (let i = 0; i < 6; i++) {
      const n = await next(g);
      const res = await submit(g, n.side, { expectedVersion: n.version, order: n.order }).expect(
        200,
      );
      paths.push(pathOf(res));
    }
    // The listing read the game with its seats: every order may take the optimistic path.
    expect(paths.filter((p) => p === 'optimistic').length).toBeGreaterThanOrEqual(5);
    expect(paths.every((p) => p === 'optimistic' || p === 'locked')).toBe(true);
    expect(await entries(g)).toBe(6);
    // Over (the secret revealed), the replay verifies entry by entry.
    const end = await submit(g, 'union', { expectedVersion: 6, order: { type: 'resign' } }).expect(
      200,
    );
    expect(pathOf(end)).toBe('optimistic');
    const replay = await request(server).get(`/v1/games/${g.id}/replay`).expect(200);
    const verified = await request(server).post('/v1/replays/verify').send(replay.body).expect(200);
    expect(verified.body.ok).toBe(true);
  });

  it('the row takes the state only with snapshots; a reader without it in memory re-derives the same game', async () => {
    const g = await newGame('row-state');
    for (let i = 0; i < 5; i++) {
      const n = await next(g);
      await submit(g, n.side, { expectedVersion: n.version, order: n.order }).expect(200);
    }
    const [row] = await ds.query<
      Array<{ version: number; state_seq: number; turn: unknown; phase: string }>
    >(`SELECT version, state_seq, turn, phase FROM games WHERE id = $1`, [g.id]);
    expect(row).toMatchObject({ version: 5, state_seq: 0 });
    const view = (await request(server).get(`/v1/games/${g.id}`).expect(200)).body;
    expect(row.turn).toBe(view.turn);
    expect(row.phase).toBe(view.phase);
    const listed = (await request(server).get(`/v1/games?limit=100`).expect(200)).body.items.find(
      (x: { id: string }) => x.id === g.id,
    );
    expect(listed).toMatchObject({ version: 5, turn: view.turn, phase: view.phase });
    // Not in memory: the state after entry 5 is re-derived from the log (its hash checked).
    t.app.get(HotStates).forget(g.id);
    const again = (await request(server).get(`/v1/games/${g.id}`).expect(200)).body;
    expect(again).toEqual(view);
    t.app.get(HotStates).forget(g.id);
    const n = await next(g);
    const res = await submit(g, n.side, { expectedVersion: 5, order: n.order }).expect(200);
    expect(pathOf(res)).toBe('optimistic');
  });

  it('a game moved on behind this instance (its kept state stale): 409 from the locked path, nothing written', async () => {
    const g = await newGame('optimistic-stale');
    const hot = t.app.get(HotStates);
    const first = await next(g);
    await submit(g, first.side, { expectedVersion: 0, order: first.order }).expect(200);
    const kept = hot.current(g.id)!;
    expect(kept.row.version).toBe(1);
    const second = await next(g);
    await submit(g, second.side, { expectedVersion: 1, order: second.order }).expect(200);
    // As if another instance had written entry 2: this one still keeps version 1.
    hot.set(kept.row, kept.state, 1000, kept);
    const third = await next(g);
    // next() read the row again; put the stale state back once more.
    hot.set(kept.row, kept.state, 1000, kept);
    const stale = await submit(g, second.side, { expectedVersion: 1, order: second.order });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: 2 });
    expect(await entries(g)).toBe(2);
    // The current version is accepted, by the locked path (the kept state is behind it).
    hot.set(kept.row, kept.state, 1000, kept);
    const ok = await submit(g, third.side, { expectedVersion: 2, order: third.order }).expect(200);
    expect(pathOf(ok)).toBe('locked');
    expect(ok.body.version).toBe(3);
    expect(await entries(g)).toBe(3);
  });

  it('a seat token reissued behind this instance: the old token is refused (401), nothing written', async () => {
    const g = await newGame('optimistic-token');
    const first = await next(g);
    await submit(g, first.side, { expectedVersion: 0, order: first.order }).expect(200);
    const n = await next(g);
    // The kept seats still hold the old hash; the database has another.
    await ds.query(`UPDATE seats SET token_hash = $3 WHERE game_id = $1 AND side = $2`, [
      g.id,
      n.side,
      'f'.repeat(64),
    ]);
    const res = await submit(g, n.side, { expectedVersion: n.version, order: n.order });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_SEAT_TOKEN');
    expect(await entries(g)).toBe(1);
  });

  it('a refusal is the locked path’s answer: wrong seat 403, stale version 409, refused order 422', async () => {
    const g = await newGame('optimistic-refusals');
    const first = await next(g);
    await submit(g, first.side, { expectedVersion: 0, order: first.order }).expect(200);
    const n = await next(g);
    const other: SideName = n.side === 'union' ? 'confederate' : 'union';
    const wrongSeat = await submit(g, other, { expectedVersion: n.version, order: n.order });
    expect(wrongSeat.status).toBe(403);
    const stale = await submit(g, n.side, { expectedVersion: 0, order: n.order });
    expect(stale.status).toBe(409);
    const refused = await submit(g, n.side, {
      expectedVersion: n.version,
      order: { type: 'move', unit: 'no-such-unit', path: ['0101'] },
    });
    expect(refused.status).toBe(422);
    expect(await entries(g)).toBe(1);
  });

  it('an Idempotency-Key retry after an optimistic write replays the stored answer', async () => {
    const g = await newGame('optimistic-idempotent');
    const first = await next(g);
    await submit(g, first.side, { expectedVersion: 0, order: first.order }).expect(200);
    const n = await next(g);
    const body = { expectedVersion: n.version, order: n.order };
    const once = await request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set({ ...auth(g.tokens[n.side]), 'Idempotency-Key': 'k-1' })
      .send(body)
      .expect(200);
    expect(pathOf(once)).toBe('optimistic');
    const again = await request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set({ ...auth(g.tokens[n.side]), 'Idempotency-Key': 'k-1' })
      .send(body)
      .expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(once.body);
    expect(await entries(g)).toBe(2);
  });
});
