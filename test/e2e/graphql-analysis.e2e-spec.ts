/**
 * GraphQL parity with REST for analysers (issue 18): a state at a seq, the
 * legal orders of a past position (REST GET states/{seq}/legal-orders too: no
 * token once the game is over, the side's own seat while it is under way),
 * replay verification, the scenario schemas and scenario upload; and the
 * typed unions of orders and events (TypedOrder, TypedGameEvent) beside the
 * JSON fields.
 */
import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import request from 'supertest';
import type { Order } from '../../src/engine/state';
import type { Side } from '../../src/engine/types';
import { watchLiveListeners } from '../support/live-listeners';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

// ws ships no type declarations here (no @types/ws); graphql-ws only needs its constructor.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WebSocketImpl = require('ws') as unknown;

describe('GraphQL for analysers: stateAt, legalOrdersAt, verifyReplay, scenarioSchemas, uploadScenario, typed unions', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  let finished: string;
  let running: { id: string; token: Record<Side, string> };

  const gql = (query: string, variables: object = {}, token?: string) => {
    const req = request(server).post('/graphql').send({ query, variables });
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req;
  };
  const tokensOf = (body: { seats: Array<{ side: Side; token: string }> }) =>
    Object.fromEntries(body.seats.map((s) => [s.side, s.token])) as Record<Side, string>;

  async function play(seed: string, orders: number) {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed, testing: true })
      .expect(201);
    const id = created.body.id as string;
    const token = tokensOf(created.body);
    let pick = 5;
    for (let i = 0; i < orders; i++) {
      const game = (await request(server).get(`/v1/games/${id}`).expect(200)).body;
      const side = game.mustAct.side as Side;
      const legal = (
        await request(server)
          .get(`/v1/games/${id}/legal-orders`)
          .set({ Authorization: `Bearer ${token[side]}` })
          .expect(200)
      ).body.orders as Order[];
      pick = (pick * 48271) % 2147483647;
      await request(server)
        .post(`/v1/games/${id}/orders`)
        .set({ Authorization: `Bearer ${token[side]}` })
        .send({ expectedVersion: game.version, order: legal[pick % legal.length] })
        .expect(200);
    }
    return { id, token };
  }

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
    const done = await play('gql-analysis-finished', 6);
    await request(server)
      .post(`/v1/games/${done.id}/resign`)
      .set({ Authorization: `Bearer ${done.token.union}` })
      .expect(200);
    finished = done.id;
    running = await play('gql-analysis-running', 3);
  }, 60_000);
  afterAll(() => t?.close());

  it('stateAt is GET states/{seq}', async () => {
    const rest = (await request(server).get(`/v1/games/${finished}/states/4`).expect(200)).body;
    const res = await gql(
      'query($id: ID!, $seq: Int!) { stateAt(id: $id, seq: $seq) { gameId seq stateHash at state redacted } }',
      { id: finished, seq: 4 },
    ).expect(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.stateAt).toEqual({
      gameId: finished,
      seq: 4,
      stateHash: rest.stateHash,
      at: rest.at,
      state: rest.state,
      redacted: false,
    });
    const bad = await gql('query($id: ID!) { stateAt(id: $id, seq: -1) { seq } }', {
      id: finished,
    }).expect(200);
    expect(bad.body.errors[0].extensions.code).toBe('BAD_SEQ');
  });

  it('legal orders at a past seq: REST and GraphQL agree, typed; no token once over, the own seat while under way', async () => {
    const rest = await request(server)
      .get(`/v1/games/${finished}/states/0/legal-orders?side=confederate&limit=5`)
      .expect(200);
    expectMatchesSpec(rest);
    expect(rest.body.total).toBeGreaterThan(5);
    expect(rest.body.orders).toHaveLength(5);
    expect(rest.body.mustAct).toMatchObject({ seats: ['confederate'] });
    const res = await gql(
      `query($id: ID!) { legalOrdersAt(id: $id, seq: 0, side: "confederate", limit: 5) {
        seq side total offset mustAct
        orders { __typename ... on HexOrderOfMove { type unit path } ... on HexOrderOfEndPhase { type } ... on HexOrderOfPlace { type unit hex } } } }`,
      { id: finished },
    ).expect(200);
    expect(res.body.errors).toBeUndefined();
    const page = res.body.data.legalOrdersAt;
    expect(page).toMatchObject({ seq: 0, side: 'confederate', total: rest.body.total, offset: 0 });
    expect(page.orders.map((o: { __typename: string }) => o.__typename)).toEqual(
      rest.body.orders.map(
        (o: Order) =>
          `HexOrderOf${o.type
            .split('-')
            .map((w: string) => w[0].toUpperCase() + w.slice(1))
            .join('')}`,
      ),
    );
    // The side that did not have to act lists nothing.
    const idle = await request(server)
      .get(`/v1/games/${finished}/states/0/legal-orders?side=union`)
      .expect(200);
    expect(idle.body).toMatchObject({ total: 0, orders: [] });

    // Under way: the seat of that side only.
    const url = `/v1/games/${running.id}/states/1/legal-orders?side=union`;
    expect((await request(server).get(url).expect(401)).body.code).toBe('SEAT_TOKEN_REQUIRED');
    const other = await request(server)
      .get(url)
      .set({ Authorization: `Bearer ${running.token.confederate}` })
      .expect(403);
    expectMatchesSpec(other);
    expect(other.body.code).toBe('NOT_YOUR_SIDE');
    await request(server)
      .get(url)
      .set({ Authorization: `Bearer ${running.token.union}` })
      .expect(200);
    const anonymous = await gql(
      'query($id: ID!) { legalOrdersAt(id: $id, seq: 1, side: "union") { total } }',
      { id: running.id },
    ).expect(200);
    expect(anonymous.body.errors[0].extensions.code).toBe('SEAT_TOKEN_REQUIRED');
    for (const q of ['?side=north', '?side=union&limit=0', '?side=union&limit=2001', '']) {
      const res = await request(server).get(`/v1/games/${finished}/states/0/legal-orders${q}`);
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
    }
    await request(server)
      .get(`/v1/games/${finished}/states/99/legal-orders?side=union`)
      .expect(404);
  });

  it('verifyReplay is POST /v1/replays/verify, with the same validation', async () => {
    const replay = (await request(server).get(`/v1/games/${finished}/replay`).expect(200)).body;
    const res = await gql(
      'mutation($r: JSON!) { verifyReplay(replay: $r) { ok verified entries seedMatchesCommitment startMatchesOrigin firstMismatch detail } }',
      { r: replay },
    ).expect(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.verifyReplay).toMatchObject({ ok: true, verified: 7, entries: 7 });
    const tampered = structuredClone(replay);
    tampered.entries[2].stateHash = '0'.repeat(64);
    const bad = await gql('mutation($r: JSON!) { verifyReplay(replay: $r) { ok firstMismatch } }', {
      r: tampered,
    }).expect(200);
    expect(bad.body.data.verifyReplay).toMatchObject({ ok: false, firstMismatch: { seq: 3 } });
    const invalid = await gql('mutation($r: JSON!) { verifyReplay(replay: $r) { ok } }', {
      r: { ...replay, entries: 'none', extra: 1 },
    }).expect(200);
    expect(invalid.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  });

  it('the replay, an accepted order and legal orders are typed too', async () => {
    const res = await gql(
      `query($id: ID!) { replay(id: $id) { entries { seq order typedOrder { __typename }
        typedEvents { __typename ... on HexEventOfPhaseEnded { phase side turn } ... on HexEventOfResigned { side } ... on HexEventOfGameEnded { winner reason } } } } }`,
      { id: finished },
    ).expect(200);
    expect(res.body.errors).toBeUndefined();
    const entries = res.body.data.replay.entries;
    const last = entries[entries.length - 1];
    expect(last.typedOrder.__typename).toBe('HexOrderOfResign');
    expect(last.typedEvents).toEqual([
      { __typename: 'HexEventOfResigned', side: 'union' },
      expect.objectContaining({ __typename: 'HexEventOfGameEnded', winner: 'confederate' }),
    ]);
    const legal = await gql(
      'query($id: ID!) { game(id: $id) { mustAct { kind typedDecision { __typename } } legalOrders { typedOrders { __typename } } } }',
      { id: running.id },
      running.token.confederate,
    ).expect(200);
    expect(legal.body.errors).toBeUndefined();
    // A phase, not a pending decision: no typed decision (test/unit/event-contract.spec.ts resolves every kind).
    const { mustAct } = legal.body.data.game;
    if (mustAct.kind !== 'decision') expect(mustAct.typedDecision).toBeNull();
    else expect(mustAct.typedDecision.__typename).toMatch(/^HexDecisionOf/);
  });

  it('a live update (gameUpdated) is typed too, as its reader may see it', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed: 'gql-typed-live', testing: true })
      .expect(201);
    const id = created.body.id as string;
    const token = tokensOf(created.body);
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const { port } = server.address() as AddressInfo;
    const listeners = watchLiveListeners(t.app);
    const client = createClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocketImpl,
      lazy: false,
      retryAttempts: 0,
    });
    try {
      const received = new Promise<unknown>((resolve, reject) => {
        const unsubscribe = client.subscribe(
          {
            query: `subscription($id: ID!) { gameUpdated(id: $id) { seq typedOrder { __typename ... on HexOrderOfEndPhase { type } }
              typedEvents { __typename ... on HexEventOfPhaseEnded { phase side } } } }`,
            variables: { id },
          },
          {
            next: (msg) => {
              unsubscribe();
              resolve(msg.data?.gameUpdated ?? msg.errors);
            },
            error: reject,
            complete: () => undefined,
          },
        );
      });
      await listeners.until(id, 1);
      listeners.restore();
      await request(server)
        .post(`/v1/games/${id}/orders`)
        .set({ Authorization: `Bearer ${token.confederate}` })
        .send({ expectedVersion: 0, order: { type: 'end-phase' } })
        .expect(200);
      const update = (await received) as {
        seq: number;
        typedOrder: object;
        typedEvents: Array<{ __typename: string }>;
      };
      expect(update.seq).toBe(1);
      expect(update.typedOrder).toEqual({ __typename: 'HexOrderOfEndPhase', type: 'end-phase' });
      expect(update.typedEvents[0]).toEqual({
        __typename: 'HexEventOfPhaseEnded',
        phase: expect.any(String),
        side: 'confederate',
      });
    } finally {
      await client.dispose();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('scenarioSchemas is GET /v1/schemas; uploadScenario is POST /v1/scenarios, with its identity', async () => {
    const schemas = await gql('{ scenarioSchemas { scenario map } }').expect(200);
    expect(schemas.body.data.scenarioSchemas).toEqual({
      scenario: (await request(server).get('/v1/schemas/scenario').expect(200)).body,
      map: (await request(server).get('/v1/schemas/map').expect(200)).body,
    });
    const shipped = (await request(server).get('/v1/scenarios/shiloh').expect(200)).body;
    const input = {
      scenario: { ...shipped.scenario, id: 'gql-shiloh', title: 'Shiloh (GraphQL upload)' },
      map: shipped.map,
    };
    const upload = 'mutation($input: JSON!) { uploadScenario(input: $input) { id title } }';
    const anonymous = await gql(upload, { input }).expect(200);
    expect(anonymous.body.errors[0].extensions.code).toBe('PLAYER_TOKEN_REQUIRED');
    const player = (
      await request(server).post('/v1/players').send({ handle: 'Analyst' }).expect(201)
    ).body.token.token as string;
    const made = await gql(upload, { input }, player).expect(200);
    expect(made.body.errors).toBeUndefined();
    expect(made.body.data.uploadScenario).toEqual({
      id: 'gql-shiloh',
      title: 'Shiloh (GraphQL upload)',
    });
    const again = await gql(upload, { input }, player).expect(200);
    expect(again.body.errors[0].extensions.code).toBe('SCENARIO_EXISTS');
  });
});
