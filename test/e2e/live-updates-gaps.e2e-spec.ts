import { request as httpRequest, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import request from 'supertest';
import { GameUpdate, GameUpdatesBus, InProcessGameUpdatesBus } from '../../src/games/game-updates';
import { createTestApp, TestApp } from '../support/app';

// ws ships no type declarations here (no @types/ws); graphql-ws only needs its constructor.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WebSocketImpl = require('ws') as unknown;

/**
 * A bus that loses updates on demand, as Redis pub/sub does while Redis is away, or
 * holds them back to deliver them late (two instances' updates crossing).
 */
class LossyBus extends InProcessGameUpdatesBus {
  losing = false;
  holding = false;
  private readonly held: GameUpdate[] = [];
  override publish(update: GameUpdate): Promise<void> {
    if (this.losing) return Promise.resolve();
    if (this.holding) {
      this.held.push(update);
      return Promise.resolve();
    }
    return super.publish(update);
  }
  /** Delivers the held updates now. */
  async release(): Promise<void> {
    for (const u of this.held.splice(0)) await super.publish(u);
  }
}

interface Received {
  seq: number;
  version: number;
  side: string;
  order: unknown;
  stateHash: string;
  status: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Live updates are best effort (a Redis outage loses them between instances); the log is
 * the truth. A live client — SSE stream or GraphQL gameUpdated subscription, both through
 * followUpdates (src/games/game-updates.ts) — that receives an entry whose predecessors
 * it never got reads them from the log first: it has every entry, in order, once.
 * test/reliability/multi-instance.rel-spec.ts does the same across instances and a real
 * Redis outage.
 */
describe('Live updates fill gaps from the log (SSE events, GraphQL gameUpdated)', () => {
  const bus = new LossyBus();
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      customize: (b) => b.overrideProvider(GameUpdatesBus).useValue(bus),
    });
    server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t?.close();
  });
  afterEach(() => {
    bus.losing = false;
    bus.holding = false;
  });

  async function createGame(scenario: string, seed: string) {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario, seed, testing: true })
      .expect(201);
    const tokens: Record<string, string> = Object.fromEntries(
      created.body.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    );
    return { id: created.body.id as string, tokens };
  }

  /** Submits a legal order (end-phase when possible, never resign) at `version`. */
  async function submit(game: { id: string; tokens: Record<string, string> }, version: number) {
    const view = (await request(server).get(`/v1/games/${game.id}`).expect(200)).body;
    const token = `Bearer ${game.tokens[view.mustAct.side]}`;
    const legal = await request(server)
      .get(`/v1/games/${game.id}/legal-orders`)
      .set('Authorization', token)
      .expect(200);
    const orders = (legal.body.orders as Array<{ type: string }>).filter(
      (o) => o.type !== 'resign',
    );
    const order = orders.find((o) => o.type === 'end-phase') ?? orders[0];
    await request(server)
      .post(`/v1/games/${game.id}/orders`)
      .set('Authorization', token)
      .send({ expectedVersion: version, order })
      .expect(200);
  }

  async function until(check: () => boolean) {
    for (let i = 0; i < 150 && !check(); i++) await sleep(20);
  }

  /** The spectator's replay entries, as live updates should carry them. */
  async function logOf(id: string) {
    const replay = (await request(server).get(`/v1/games/${id}/replay`).expect(200)).body;
    return (
      replay.entries as Array<{ seq: number; side: string; order: unknown; stateHash: string }>
    ).map((e) =>
      expect.objectContaining({
        seq: e.seq,
        version: e.seq,
        side: e.side,
        order: e.order,
        stateHash: e.stateHash,
      }),
    );
  }

  it('SSE: entries whose live updates were lost arrive, in order and once, before the next one', async () => {
    const game = await createGame('shiloh', 'gaps');
    const seqs: number[] = [];
    const req = httpRequest({ port, path: `/v1/games/${game.id}/events` });
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
      await submit(game, 0);
      bus.losing = true;
      await submit(game, 1);
      await submit(game, 2);
      bus.losing = false;
      await sleep(200);
      expect(seqs).toEqual([1]); // 2 and 3 were lost on the way
      await submit(game, 3);
      await until(() => seqs.length >= 4);
      await sleep(100);
      expect(seqs).toEqual([1, 2, 3, 4]);
    } finally {
      req.destroy();
    }
  });

  describe('GraphQL gameUpdated', () => {
    let client: Client;
    beforeAll(() => {
      client = createClient({
        url: `ws://127.0.0.1:${port}/graphql`,
        webSocketImpl: WebSocketImpl,
        lazy: false,
        retryAttempts: 0,
      });
    });
    afterAll(() => client.dispose());

    /** A gameUpdated subscription: what it received, its error, and how to end it. */
    function subscribe(id: string, after?: number | null) {
      const received: Received[] = [];
      const sub = { received, error: undefined as unknown, dispose: () => undefined as void };
      sub.dispose = client.subscribe<{ gameUpdated: Received }>(
        {
          query: `subscription($id: ID!, $after: Int) { gameUpdated(id: $id, after: $after) { seq version side order stateHash status } }`,
          variables: after === undefined ? { id } : { id, after },
        },
        {
          next: (msg) => {
            if (msg.errors) sub.error = msg.errors;
            else if (msg.data) received.push(msg.data.gameUpdated);
          },
          error: (e) => (sub.error = e),
          complete: () => undefined,
        },
      );
      return sub;
    }
    const seqsOf = (r: Received[]) => r.map((u) => u.seq);

    it('entries whose live updates were lost or came late arrive from the log, in order and exactly once', async () => {
      const game = await createGame('shiloh', 'gaps-graphql');
      // From entry 0: the subscription cannot miss entry 1, and once it has it, it listens.
      const sub = subscribe(game.id, 0);
      try {
        await submit(game, 0);
        await until(() => sub.received.length >= 1);
        expect(seqsOf(sub.received)).toEqual([1]);
        bus.losing = true;
        await submit(game, 1); // entry 2: lost
        bus.losing = false;
        bus.holding = true;
        await submit(game, 2); // entry 3: comes late
        bus.holding = false;
        await sleep(200);
        expect(seqsOf(sub.received)).toEqual([1]);
        await submit(game, 3); // entry 4: 2 and 3 are read from the log first
        await until(() => sub.received.length >= 4);
        await bus.release(); // entry 3's late update: already had
        await submit(game, 4); // entry 5
        await until(() => sub.received.length >= 5);
        await sleep(100);
        expect(sub.error).toBeUndefined();
        expect(seqsOf(sub.received)).toEqual([1, 2, 3, 4, 5]);
        // Read from the log or from the bus, an entry is the same update.
        expect(sub.received).toEqual(await logOf(game.id));
      } finally {
        sub.dispose();
      }
    });

    it('after: a reconnecting client first receives the entries after the one it has; without it, only new ones', async () => {
      const game = await createGame('shiloh', 'gaps-graphql-after');
      for (let v = 0; v < 4; v++) await submit(game, v);
      const resumed = subscribe(game.id, 1);
      const fresh = subscribe(game.id);
      try {
        await until(() => resumed.received.length >= 3);
        await sleep(300); // both subscriptions registered
        expect(seqsOf(resumed.received)).toEqual([2, 3, 4]);
        expect(fresh.received).toEqual([]);
        await submit(game, 4);
        await until(() => resumed.received.length >= 4 && fresh.received.length >= 1);
        await sleep(100);
        expect(seqsOf(resumed.received)).toEqual([2, 3, 4, 5]);
        expect(seqsOf(fresh.received)).toEqual([5]);
        expect(resumed.received).toEqual((await logOf(game.id)).slice(1));
        expect(resumed.error).toBeUndefined();
        expect(fresh.error).toBeUndefined();
      } finally {
        resumed.dispose();
        fresh.dispose();
      }
    });

    it('after: a negative entry number is refused (BAD_SEQ); an unknown game is GAME_NOT_FOUND', async () => {
      const game = await createGame('shiloh', 'gaps-graphql-bad');
      const bad = subscribe(game.id, -1);
      const missing = subscribe('8d7f3c2e-1111-4222-8333-944455556666', 0);
      await until(() => bad.error !== undefined && missing.error !== undefined);
      expect(bad.error).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_SEQ' }) }),
      ]);
      expect(missing.error).toEqual([
        expect.objectContaining({
          extensions: expect.objectContaining({ code: 'GAME_NOT_FOUND' }),
        }),
      ]);
    });

    it('Road to Richmond 17.62: entries read from the log carry a sealed order sealed, as live updates do', async () => {
      const game = await createGame('road-to-richmond', 'gaps-sealed');
      const legal = await request(server)
        .get(`/v1/games/${game.id}/legal-orders`)
        .set('Authorization', `Bearer ${game.tokens.confederate}`)
        .expect(200);
      const reallocation = legal.body.orders.find(
        (o: { type: string }) => o.type === 'reallocate-reinforcement',
      );
      await request(server)
        .post(`/v1/games/${game.id}/orders`)
        .set('Authorization', `Bearer ${game.tokens.confederate}`)
        .send({ expectedVersion: 0, order: reallocation })
        .expect(200);
      const sub = subscribe(game.id, 0);
      try {
        await until(() => sub.received.length >= 1);
        expect(sub.received).toEqual([
          expect.objectContaining({
            seq: 1,
            order: { type: 'sealed', side: 'confederate', rule: '17.61, 17.62, 17.63, 17.64' },
          }),
        ]);
        expect(JSON.stringify(sub.received)).not.toContain(reallocation.unit);
      } finally {
        sub.dispose();
      }
    });
  });
});
