/**
 * A fork's replay verifies on its own (issue 18): once the fork is over its
 * replay carries the position it started from (startState), and verification
 * re-runs its entries from there; with the origin game's secret (once that
 * game is over too) the start is checked against the hash the origin
 * recorded for it.
 */
import request from 'supertest';
import type { Order } from '../../src/engine/state';
import type { Side } from '../../src/engine/types';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

describe("a fork's replay verifies alone", () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  const tokensOf = (body: { seats: Array<{ side: Side; token: string }> }) =>
    Object.fromEntries(body.seats.map((s) => [s.side, s.token])) as Record<Side, string>;

  /** Plays `orders` listed orders (a deterministic pick) on game `id`. */
  async function play(id: string, token: Record<Side, string>, orders: number) {
    let pick = 7;
    for (let i = 0; i < orders; i++) {
      const game = (await request(server).get(`/v1/games/${id}`).expect(200)).body;
      const side = game.mustAct.side as Side;
      const legal = (
        await request(server)
          .get(`/v1/games/${id}/legal-orders`)
          .set({ Authorization: `Bearer ${token[side]}` })
          .expect(200)
      ).body.orders as Order[];
      const doing = legal.filter((o) => o.type !== 'end-phase');
      pick = (pick * 48271) % 2147483647;
      const order = doing.length > 0 && pick % 4 !== 0 ? doing[pick % doing.length] : legal[0];
      await request(server)
        .post(`/v1/games/${id}/orders`)
        .set({ Authorization: `Bearer ${token[side]}` })
        .send({ expectedVersion: game.version, order })
        .expect(200);
    }
  }
  const resign = (id: string, token: string) =>
    request(server)
      .post(`/v1/games/${id}/resign`)
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);
  async function newGame(seed: string, orders: number) {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed, testing: true })
      .expect(201);
    const token = tokensOf(created.body);
    await play(created.body.id, token, orders);
    return { id: created.body.id as string, token };
  }
  async function fork(game: string, seq: number) {
    const res = await request(server).post('/v1/games').send({ fork: { game, seq } }).expect(201);
    return { id: res.body.id as string, token: tokensOf(res.body) };
  }
  const replayOf = async (id: string) => {
    const res = await request(server).get(`/v1/games/${id}/replay`).expect(200);
    expectMatchesSpec(res);
    return res.body;
  };
  const verify = (replay: object) => request(server).post('/v1/replays/verify').send(replay);

  it('a finished fork of a finished game: its start is given, re-run and checked against the origin', async () => {
    const origin = await newGame('fork-verify-origin', 10);
    await resign(origin.id, origin.token.union);
    const at = (await request(server).get(`/v1/games/${origin.id}/states/6`).expect(200)).body;
    const f = await fork(origin.id, 6);
    await play(f.id, f.token, 4);
    // Under way, the fork's replay keeps its start to itself, like its seed.
    const running = await replayOf(f.id);
    expect(running.startState).toBeUndefined();
    await resign(f.id, f.token.confederate);
    const replay = await replayOf(f.id);
    expect(replay.startState).toEqual(at.state);
    expect(replay.forkedFrom).toMatchObject({
      game: origin.id,
      seq: 6,
      secret: expect.any(String),
    });
    const ok = await verify(replay).expect(200);
    expectMatchesSpec(ok);
    expect(ok.body).toMatchObject({ ok: true, verified: 5, startMatchesOrigin: true });
    expect(ok.body.detail).toMatch(/fork's start position/);

    // Another start than the origin's position: the entries may still re-run, the origin check fails.
    const moved = structuredClone(replay);
    moved.startState.eliminatedStrength = { union: 99, confederate: 0 };
    const altered = await verify(moved).expect(200);
    expect(altered.body).toMatchObject({ ok: false, startMatchesOrigin: false });
    // No start, or no state at all: said as such, never a crash.
    const { startState, ...without } = replay;
    void startState;
    expect((await verify(without).expect(422)).body.code).toBe('FORK_START_NOT_REVEALED');
    expect((await verify({ ...replay, startState: { rules: 1 } }).expect(422)).body.code).toBe(
      'FORK_START_INVALID',
    );
    const broken = structuredClone(replay);
    broken.startState.units = 'none';
    const res = await verify(broken);
    expect([200, 422]).toContain(res.status);
    if (res.status === 200) expect(res.body.ok).toBe(false);
    else expect(res.body.code).toBe('FORK_START_INVALID');
  });

  it('a finished fork of a running game verifies; its start cannot be checked against the origin yet', async () => {
    const origin = await newGame('fork-verify-running', 5);
    const f = await fork(origin.id, 3);
    await play(f.id, f.token, 2);
    await resign(f.id, f.token.union);
    const replay = await replayOf(f.id);
    expect(replay.forkedFrom.secret).toBeUndefined();
    const ok = await verify(replay).expect(200);
    expect(ok.body).toMatchObject({ ok: true, startMatchesOrigin: null });
  });
});
