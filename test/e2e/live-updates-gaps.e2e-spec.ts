import { request as httpRequest, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { GameUpdate, GameUpdatesBus, InProcessGameUpdatesBus } from '../../src/games/game-updates';
import { createTestApp, TestApp } from '../support/app';

/** A bus that loses updates on demand, as Redis pub/sub does while Redis is away. */
class LossyBus extends InProcessGameUpdatesBus {
  losing = false;
  override publish(update: GameUpdate): Promise<void> {
    return this.losing ? Promise.resolve() : super.publish(update);
  }
}

/**
 * Live updates are best effort (a Redis outage loses them between instances); the log is
 * the truth. An SSE client that receives an entry whose predecessors it never got reads
 * them from the log first: its stream has every entry, in order, once.
 * test/reliability/multi-instance.rel-spec.ts does the same across instances and a real
 * Redis outage.
 */
describe('GET /v1/games/{id}/events fills gaps from the log', () => {
  const bus = new LossyBus();
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp({
      customize: (b) => b.overrideProvider(GameUpdatesBus).useValue(bus),
    });
    server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t?.close();
  });

  it('entries whose live updates were lost arrive, in order and once, before the next one', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed: 'gaps' })
      .expect(201);
    const id: string = created.body.id;
    const tokens = Object.fromEntries(
      created.body.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    );
    const seqs: number[] = [];
    const { port } = server.address() as AddressInfo;
    const req = httpRequest({ port, path: `/v1/games/${id}/events` });
    await new Promise<void>((resolve, reject) => {
      req.on('response', (res: IncomingMessage) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          for (const m of chunk.matchAll(/^id: (\d+)$/gm)) seqs.push(Number(m[1]));
        });
        resolve();
      });
      req.on('error', (e) => (e.message.includes('aborted') ? undefined : reject(e)));
      req.end();
    });
    try {
      const submit = async (version: number) => {
        const view = (await request(server).get(`/v1/games/${id}`).expect(200)).body;
        const token = `Bearer ${tokens[view.mustAct.side]}`;
        const legal = await request(server)
          .get(`/v1/games/${id}/legal-orders`)
          .set('Authorization', token)
          .expect(200);
        const orders = (legal.body.orders as Array<{ type: string }>).filter(
          (o) => o.type !== 'resign',
        );
        const order = orders.find((o) => o.type === 'end-phase') ?? orders[0];
        await request(server)
          .post(`/v1/games/${id}/orders`)
          .set('Authorization', token)
          .send({ expectedVersion: version, order })
          .expect(200);
      };
      await submit(0);
      bus.losing = true;
      await submit(1);
      await submit(2);
      bus.losing = false;
      await new Promise((r) => setTimeout(r, 200));
      expect(seqs).toEqual([1]); // 2 and 3 were lost on the way
      await submit(3);
      for (let i = 0; i < 100 && seqs.length < 4; i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      expect(seqs).toEqual([1, 2, 3, 4]);
    } finally {
      req.destroy();
    }
  });
});
