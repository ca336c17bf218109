/**
 * Sealed simultaneous decisions through the service, whatever the rules
 * system (src/engine/rules/system.ts): both seats must act at once, either
 * may answer first, each answer is held unseen by the other seat and the
 * public until both are in, then both are revealed together; a seat that has
 * answered, or need not, gets 403; expectedVersion (409) and Idempotency-Key
 * hold as for any order; an interrupt afterwards is a pending decision of one
 * seat. Played on a test-only rules system registered beside the real ones
 * (test/support/sealed-bid-system.ts), uploaded like any scenario.
 */
import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import request from 'supertest';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WebSocketImpl = require('ws');
import { DEFAULT_RULES, rulesRegistry } from '../../src/engine/rules';
import { RULES_REGISTRY } from '../../src/scenarios/rules-registry';
import { watchLiveListeners } from '../support/live-listeners';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';
import { SEALED_BIDS, SEALED_BIDS_RULES } from '../support/sealed-bid-system';
import { asAuthor } from '../support/scenario-author';

type Side = 'union' | 'confederate';
const SEALED_CONFEDERATE = { type: 'sealed', side: 'confederate', rule: 'test 1.1' };

describe('sealed simultaneous decisions: both seats must act, answers held unseen until both are in', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  let id: string;
  let tokens: Record<Side, string>;
  const auth = (s: Side | null): Record<string, string> =>
    s ? { Authorization: `Bearer ${tokens[s]}` } : {};
  const submit = (s: Side, expectedVersion: number, order: unknown, key?: string) =>
    request(server)
      .post(`/v1/games/${id}/orders`)
      .set({ ...auth(s), ...(key ? { 'Idempotency-Key': key } : {}) })
      .send({ expectedVersion, order });
  const gameAs = async (s: Side | null) => {
    const res = await request(server).get(`/v1/games/${id}`).set(auth(s)).expect(200);
    expectMatchesSpec(res, { foreignRules: true }); // its own orders and events (a test system)
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp({
      customize: (b) =>
        b
          .overrideProvider(RULES_REGISTRY)
          .useValue(rulesRegistry(...DEFAULT_RULES.values(), SEALED_BIDS_RULES)),
    });
    server = t.app.getHttpServer();
    const scenario = {
      id: 'bids-e2e',
      title: 'Two sealed bids',
      rules: { system: SEALED_BIDS, version: '1' },
      rounds: 2,
    };
    const uploaded = await request(server)
      .post('/v1/scenarios')
      .set(await asAuthor(server))
      .send({ scenario })
      .expect(201);
    expect(uploaded.body).toMatchObject({ rules: { system: SEALED_BIDS }, rounds: 2 });
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'bids-e2e', seed: 'bids-seed', testing: true })
      .expect(201);
    id = created.body.id;
    tokens = Object.fromEntries(
      created.body.seats.map((s: { side: Side; token: string }) => [s.side, s.token]),
    ) as Record<Side, string>;
  });
  afterAll(() => t?.close());

  it('who must act names both seats at once, and each seat is listed its answers', async () => {
    const game = await gameAs(null);
    expect(game.mustAct).toEqual({
      side: 'union',
      seats: ['union', 'confederate'],
      kind: 'bid',
      simultaneous: true,
    });
    for (const s of ['union', 'confederate'] as const) {
      const legal = await request(server)
        .get(`/v1/games/${id}/legal-orders`)
        .set(auth(s))
        .expect(200);
      expect(legal.body.orders).toHaveLength(10);
    }
  });

  it('the second seat answers first; its answer is held unseen by the other seat and the public; it may not answer twice (403)', async () => {
    // Live updates (graphql-ws gameUpdated) as the public, the other seat and the answering seat.
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const { port } = server.address() as AddressInfo;
    const listeners = watchLiveListeners(t.app);
    const clients = (['public', 'union', 'confederate'] as const).map((reader) =>
      createClient({
        url: `ws://127.0.0.1:${port}/graphql`,
        webSocketImpl: WebSocketImpl,
        lazy: false,
        retryAttempts: 0,
        connectionParams: reader === 'public' ? {} : { authorization: `Bearer ${tokens[reader]}` },
      }),
    );
    const updates = clients.map(
      (client) =>
        new Promise<{ order: unknown; mustAct: unknown }>((resolve, reject) => {
          const stop = client.subscribe(
            {
              query: `subscription($id: ID!) { gameUpdated(id: $id) { seq order mustAct { seats simultaneous } } }`,
              variables: { id },
            },
            {
              next: (msg) => {
                stop();
                resolve(msg.data?.gameUpdated as { order: unknown; mustAct: unknown });
              },
              error: reject,
              complete: () => undefined,
            },
          );
        }),
    );
    await listeners.until(id, 3);
    listeners.restore();
    const first = await submit('confederate', 0, { type: 'bid', bid: 7 }, 'c-1').expect(200);
    const [toPublic, toUnion, toConfederate] = await Promise.all(updates);
    await Promise.all(clients.map((c) => c.dispose()));
    await new Promise((resolve) => server.close(resolve));
    const waiting = { seats: ['union'], simultaneous: true };
    expect(toPublic).toEqual({ seq: 1, order: SEALED_CONFEDERATE, mustAct: waiting });
    expect(toUnion).toEqual({ seq: 1, order: SEALED_CONFEDERATE, mustAct: waiting });
    expect(toConfederate).toEqual({ seq: 1, order: { type: 'bid', bid: 7 }, mustAct: waiting });
    expectMatchesSpec(first, { foreignRules: true });
    expect(first.body.game.round.answers).toEqual({ confederate: 7 });
    const again = await submit('confederate', 0, { type: 'bid', bid: 7 }, 'c-1').expect(200);
    expect(again.body).toEqual(first.body);
    const twice = await submit('confederate', 1, { type: 'bid', bid: 2 }).expect(403);
    expectMatchesSpec(twice);
    expect(twice.body).toMatchObject({
      code: 'NOT_YOUR_TURN',
      mustAct: { seats: ['union'], simultaneous: true },
    });
    for (const reader of ['union', null] as const) {
      const game = await gameAs(reader);
      expect(game.mustAct).toMatchObject({ seats: ['union'], simultaneous: true });
      expect(game.round).toMatchObject({ answers: {}, answered: ['confederate'] });
      const replay = await request(server).get(`/v1/games/${id}/replay`).set(auth(reader));
      expect(replay.body.entries[0].order).toEqual(SEALED_CONFEDERATE);
      const state = await request(server).get(`/v1/games/${id}/states/1`).set(auth(reader));
      expect(state.body.redacted).toBe(true);
      expect(JSON.stringify(state.body)).not.toContain('"confederate":7');
      const gql = await request(server)
        .post('/graphql')
        .set(auth(reader))
        .send({ query: `{ game(id: "${id}") { mustAct { seats simultaneous } view } }` })
        .expect(200);
      expect(gql.body.data.game.mustAct).toEqual({ seats: ['union'], simultaneous: true });
      expect(gql.body.data.game.view.round.answers).toEqual({});
    }
    const own = await request(server).get(`/v1/games/${id}/replay`).set(auth('confederate'));
    expect(own.body.entries[0].order).toEqual({ type: 'bid', bid: 7 });
  });

  it('a stale expectedVersion is 409; the last answer reveals both bids together and the winner must claim (one seat, 403 for the other)', async () => {
    const stale = await submit('union', 0, { type: 'bid', bid: 3 }).expect(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    const last = await submit('union', 1, { type: 'bid', bid: 3 }).expect(200);
    expect(last.body.events).toEqual([
      { type: 'bids-revealed', bids: { confederate: 7, union: 3 }, winner: 'confederate' },
    ]);
    const game = await gameAs(null);
    expect(game.mustAct).toMatchObject({ seats: ['confederate'], kind: 'decision' });
    expect(game.mustAct.simultaneous).toBeUndefined();
    await submit('union', 2, { type: 'claim', prize: 'a' }).expect(403);
    await submit('confederate', 2, { type: 'claim', prize: 'a' }).expect(200);
  });

  it('to the end: once over, every sealed answer is shown to everyone and the replay verifies', async () => {
    await submit('union', 3, { type: 'bid', bid: 9 }).expect(200);
    await submit('confederate', 4, { type: 'bid', bid: 1 }).expect(200);
    const claimed = await submit('union', 5, { type: 'claim', prize: 'b' }).expect(200);
    expect(claimed.body.game).toMatchObject({ status: 'finished', mustAct: null });
    const replay = await request(server).get(`/v1/games/${id}/replay`).expect(200);
    expect(replay.body.entries[0].order).toEqual({ type: 'bid', bid: 7 });
    expect(replay.body.seed).toBe('bids-seed');
    const verified = await request(server).post('/v1/replays/verify').send(replay.body).expect(200);
    expect(verified.body).toMatchObject({ ok: true, verified: 6 });
  });
});
