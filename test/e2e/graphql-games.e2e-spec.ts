import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import request from 'supertest';
import { watchLiveListeners } from '../support/live-listeners';
import { createTestApp, TestApp } from '../support/app';

// ws ships no type declarations here (no @types/ws); graphql-ws only needs its constructor.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WebSocketImpl = require('ws') as unknown;

const GAME_FIELDS = `id scenario rulesVersion status version turn phase phasing
  mustAct { side kind decision } units { id side hex status strength morale }
  reinforcements { unit turn entry } points { union confederate } objectives result { winner level reason competitionScore }`;

describe('GraphQL: games, game(id) with legalOrders, replay, victory, createGame, submitOrder, gameUpdated', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  const gql = (query: string, variables: object = {}, token?: string) => {
    const req = request(server).post('/graphql').send({ query, variables });
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req;
  };

  async function createGame(seed = 'gql') {
    const res = await gql(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { id version rulesVersion seedCommitment seats { side token } game { ${GAME_FIELDS} } } }`,
      { input: { scenario: 'shiloh', seed, testing: true } },
    ).expect(200);
    expect(res.body.errors).toBeUndefined();
    const g = res.body.data.createGame;
    const tokens: Record<string, string> = Object.fromEntries(
      g.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    );
    return { id: g.id as string, tokens, created: g };
  }

  const submit = (
    id: string,
    expectedVersion: number,
    order: object,
    token?: string,
    idempotencyKey?: string,
  ) =>
    gql(
      `mutation($input: SubmitOrderInput!) { submitOrder(input: $input) { version seq events idempotentReplay game { version status mustAct { side } result { winner } } } }`,
      {
        input: {
          gameId: id,
          expectedVersion,
          order,
          ...(idempotencyKey ? { idempotencyKey } : {}),
        },
      },
      token,
    );

  it('createGame returns seats, commitment and the game; game(id) matches GET /v1/games/{id}', async () => {
    const { id, created } = await createGame();
    expect(created).toMatchObject({
      version: 0,
      game: {
        status: 'active',
        phasing: 'confederate',
        mustAct: { side: 'confederate', kind: 'phase' },
      },
    });
    expect(created.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    const res = await gql(`query($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`, { id }).expect(
      200,
    );
    const rest = (await request(server).get(`/v1/games/${id}`)).body;
    expect(res.body.data.game.units).toEqual(
      rest.units.map((u: Record<string, unknown>) => ({
        id: u.id,
        side: u.side,
        hex: u.hex,
        status: u.status,
        strength: u.strength,
        morale: u.morale,
      })),
    );
    expect(res.body.data.game).toMatchObject({
      id,
      version: 0,
      turn: 1,
      points: rest.points,
      objectives: rest.objectives,
    });
  });

  it('game(id).legalOrders is given for the seat token in the authorization, null without one, 401 for a bad one', async () => {
    const { id, tokens } = await createGame();
    const q = `query($id: ID!) { game(id: $id) { legalOrders { version side orders } } }`;
    const anonymous = await gql(q, { id }).expect(200);
    expect(anonymous.body.data.game.legalOrders).toBeNull();
    const seat = await gql(q, { id }, tokens.confederate).expect(200);
    const rest = await request(server)
      .get(`/v1/games/${id}/legal-orders`)
      .set('Authorization', `Bearer ${tokens.confederate}`);
    expect(seat.body.data.game.legalOrders).toEqual(rest.body);
    // As REST: a token that matches no seat is refused, not read as "no token".
    const wrong = await gql(q, { id }, 'not-a-token');
    const restWrong = await request(server)
      .get(`/v1/games/${id}/legal-orders`)
      .set('Authorization', 'Bearer not-a-token')
      .expect(401);
    expect(wrong.body.errors[0].extensions).toMatchObject({
      code: restWrong.body.code,
      status: 401,
    });
  });

  it('submitOrder: accepted, then the same errors as REST (401, 403, 409, 422) with extensions.code', async () => {
    const { id, tokens } = await createGame();
    const ok = await submit(id, 0, { type: 'end-phase' }, tokens.confederate).expect(200);
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.submitOrder).toMatchObject({ version: 1, seq: 1, game: { version: 1 } });

    const noToken = await submit(id, 1, { type: 'end-phase' });
    expect(noToken.body.errors[0].extensions).toMatchObject({
      code: 'SEAT_TOKEN_REQUIRED',
      status: 401,
    });
    const stale = await submit(id, 0, { type: 'end-phase' }, tokens.confederate);
    expect(stale.body.errors[0].extensions).toMatchObject({
      code: 'VERSION_CONFLICT',
      status: 409,
      currentVersion: 1, // the same extension members as REST
    });
    const mustAct = ok.body.data.submitOrder.game.mustAct.side as string;
    const other = mustAct === 'union' ? 'confederate' : 'union';
    const turn = await submit(id, 1, { type: 'end-phase' }, tokens[other]);
    expect(turn.body.errors[0].extensions).toMatchObject({
      code: 'NOT_YOUR_TURN',
      status: 403,
      mustAct: { side: mustAct },
    });
    const illegal = await submit(
      id,
      1,
      { type: 'move', unit: 'nobody', path: ['0101'] },
      tokens[mustAct],
    );
    expect(illegal.body.errors[0].extensions.status).toBe(422);
    expect(illegal.body.errors[0].extensions.rule).toEqual(expect.any(String));
  });

  it('submitOrder with an idempotency key answers a retry with the first answer', async () => {
    const { id, tokens } = await createGame();
    const a = await submit(id, 0, { type: 'end-phase' }, tokens.confederate, 'gql-key').expect(200);
    const b = await submit(id, 0, { type: 'end-phase' }, tokens.confederate, 'gql-key').expect(200);
    // The same answer, flagged as the replay of the first (REST: Idempotent-Replayed).
    expect(a.body.data.submitOrder.idempotentReplay).toBe(false);
    expect(b.body.data.submitOrder.idempotentReplay).toBe(true);
    const { idempotentReplay: _a, ...first } = a.body.data.submitOrder;
    const { idempotentReplay: _b, ...again } = b.body.data.submitOrder;
    expect(again).toEqual(first);
    const replay = await gql(
      `query($id: ID!) { replay(id: $id) { entries { seq } seed seedCommitment } }`,
      { id },
    ).expect(200);
    expect(replay.body.data.replay).toMatchObject({ entries: [{ seq: 1 }], seed: null });
  });

  it('games lists with filters; victory and replay after a resignation', async () => {
    const { id, tokens } = await createGame('gql-resign');
    await submit(id, 0, { type: 'resign' }, tokens.union).expect(200);
    const list = await gql(
      `{ games(filter: { status: "finished", scenario: "shiloh" }) { total items { id status result { winner } } } }`,
    ).expect(200);
    expect(list.body.data.games.items).toContainEqual({
      id,
      status: 'finished',
      result: { winner: 'confederate' },
    });
    const v = await gql(
      `query($id: ID!) { victory(id: $id) { status winner level points { union confederate } provisional } }`,
      { id },
    ).expect(200);
    expect(v.body.data.victory).toMatchObject({
      status: 'finished',
      winner: 'confederate',
      provisional: null,
    });
    const replay = await gql(
      `query($id: ID!) { replay(id: $id) { seed entries { seq side order } } }`,
      { id },
    ).expect(200);
    expect(replay.body.data.replay).toEqual({
      seed: 'gql-resign',
      entries: [{ seq: 1, side: 'union', order: { type: 'resign' } }],
    });
    const missing = await gql(`{ game(id: "8d7f3c2e-1111-4222-8333-944455556666") { id } }`).expect(
      200,
    );
    expect(missing.body.errors[0].extensions).toMatchObject({
      code: 'GAME_NOT_FOUND',
      status: 404,
    });
  });

  it('subscription gameUpdated(id) over graphql-ws pushes each new entry', async () => {
    const { id, tokens } = await createGame();
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
      const received: unknown[] = [];
      const done = new Promise<void>((resolve, reject) => {
        const unsubscribe = client.subscribe(
          {
            query: `subscription($id: ID!) { gameUpdated(id: $id) { gameId seq version side order status stateHash } }`,
            variables: { id },
          },
          {
            next: (msg) => {
              received.push(msg.data?.gameUpdated);
              if (received.length === 2) {
                unsubscribe();
                resolve();
              }
            },
            error: reject,
            complete: () => undefined,
          },
        );
      });
      // The subscription registered before the orders arrive.
      await listeners.until(id, 1);
      listeners.restore();
      await submit(id, 0, { type: 'end-phase' }, tokens.confederate).expect(200);
      const view = (await request(server).get(`/v1/games/${id}`)).body;
      await submit(id, 1, { type: 'end-phase' }, tokens[view.mustAct.side]).expect(200);
      await done;
      expect(received).toEqual([
        expect.objectContaining({
          gameId: id,
          seq: 1,
          version: 1,
          side: 'confederate',
          order: { type: 'end-phase' },
          status: 'active',
        }),
        expect.objectContaining({ gameId: id, seq: 2, version: 2 }),
      ]);
    } finally {
      await client.dispose();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
