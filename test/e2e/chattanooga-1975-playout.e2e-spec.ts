/**
 * A whole game of the 1975 Chattanooga under the 1975 rules (rules system
 * "classic") through the REST API: a client choosing seeded random legal
 * orders (closing with the enemy half the time) plays all ten Game-Turns to
 * a result; the game records its rules system and version, and its replay
 * re-runs under them and verifies.
 */
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

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

interface Listed {
  type: string;
  path?: string[];
}

const MAX_ORDERS = 5000;

describe('a whole game of Chattanooga 1975 under the 1975 rules through the REST API', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  it('O4.1, O14.32: random legal orders, with Attack Effectiveness, play to a result; the game says classic/1975; the replay verifies', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({
        scenario: 'chattanooga-1975',
        seed: 'chattanooga-1975-playout',
        testing: true,
        options: { attackEffectiveness: true },
      })
      .expect(201);
    const id: string = created.body.id;
    const tokens: Record<string, string> = Object.fromEntries(
      created.body.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    );
    let game = created.body.game;
    expect(game).toMatchObject({ rulesSystem: 'classic', rulesVersion: '1975' });
    const random = prng(1863);
    let attacks = 0;
    for (let n = 0; n < MAX_ORDERS && game.status === 'active'; n++) {
      const side: string = game.mustAct.side;
      const legal = await request(server)
        .get(`/v1/games/${id}/legal-orders`)
        .set('Authorization', `Bearer ${tokens[side]}`)
        .expect(200);
      const orders: Listed[] = legal.body.orders.filter((o: Listed) => o.type !== 'resign');
      expect(orders.length).toBeGreaterThan(0);
      const end = orders.find((o) => o.type === 'end-phase');
      const moves = orders.filter((o) => o.type === 'move' || o.type === 'enter');
      const fights = orders.filter((o) => o.type === 'attack');
      const enemy = new Set<string>(
        game.units
          .filter((u: { side: string; hex: string | null }) => u.side !== side && u.hex)
          .map((u: { hex: string }) => u.hex),
      );
      const near = (h: string) =>
        [...enemy].some(
          (e) =>
            Math.abs(Number(e.slice(0, 2)) - Number(h.slice(0, 2))) <= 1 &&
            Math.abs(Number(e.slice(2)) - Number(h.slice(2))) <= 1,
        );
      let order: Listed;
      if (game.mustAct.kind === 'decision') order = orders[Math.floor(random() * orders.length)];
      else if (game.phase === 'movement') {
        const contact = moves.filter((o) => near(o.path![o.path!.length - 1]));
        if (moves.length === 0 || random() < 0.2) order = end!;
        else
          order =
            contact.length > 0 && random() < 0.5
              ? contact[Math.floor(random() * contact.length)]
              : moves[Math.floor(random() * moves.length)];
      } else
        order =
          fights.length > 0 && (!end || random() < 0.7)
            ? fights[Math.floor(random() * fights.length)]
            : end!;
      if (order.type === 'attack') attacks++;
      const res = await request(server)
        .post(`/v1/games/${id}/orders`)
        .set('Authorization', `Bearer ${tokens[side]}`)
        .send({ expectedVersion: game.version, order });
      if (res.status !== 200)
        throw new Error(`order ${JSON.stringify(order)} refused: ${JSON.stringify(res.body)}`);
      game = res.body.game;
    }
    expect(game.status).toBe('finished');
    expect(game.turn).toBe(10);
    expect(game.result).toEqual(expect.objectContaining({ reason: expect.any(String) }));
    expect(attacks).toBeGreaterThan(0);

    // the victory endpoint reads the 1975 victory rules, as the game's own result does
    const victory = await request(server).get(`/v1/games/${id}/victory`).expect(200);
    expectMatchesSpec(victory);
    expect(victory.body).toMatchObject({
      status: 'finished',
      level: game.result.level,
      winner: game.result.winner,
      points: game.points,
    });

    const replay = await request(server).get(`/v1/games/${id}/replay`).expect(200);
    expectMatchesSpec(replay);
    expect(replay.body.rulesVersion).toBe('1975');
    const verified = await request(server).post('/v1/replays/verify').send(replay.body).expect(200);
    expect(verified.body).toMatchObject({ ok: true, verified: game.version, firstMismatch: null });
  }, 600_000);
});
