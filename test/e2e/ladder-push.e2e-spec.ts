import { createHmac } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import request from 'supertest';
import { Clock, ManualClock } from '../../src/clocks/clock';
import { GameUpdatesBus, type GameUpdate } from '../../src/games/game-updates';
import { MatchesService } from '../../src/matches/matches.service';
import { WebhooksService } from '../../src/notifications/webhooks.service';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

// ws ships no type declarations here (no @types/ws); graphql-ws only needs its constructor.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WebSocketImpl = require('ws') as unknown;

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * Issue 17: clocks on an injected clock (a live game lost on time), the
 * per-player event stream, signed webhooks to a loopback receiver (private
 * addresses allowed by the operator setting), and GraphQL for the same.
 */
describe('ladder: clocks, player events, signed webhooks, GraphQL', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  /** Status the receiver answers, in turn (then 200). */
  const answers: number[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = answers.shift() ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    t = await createTestApp({
      env: { MUSTER_WEBHOOKS_ALLOW_PRIVATE: 'true' },
      customize: (b) => b.overrideProvider(Clock).useValue(clock),
    });
    server = t.app.getHttpServer();
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const register = async (handle: string) => {
    const res = await request(server).post('/v1/players').send({ handle }).expect(201);
    return { id: res.body.player.id as string, token: res.body.token.token as string };
  };
  const gql = (query: string, variables: object, token?: string) => {
    const req = request(server).post('/graphql').send({ query, variables });
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req;
  };
  const waitFor = async (cond: () => boolean, what: string) => {
    for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 50));
    if (!cond()) throw new Error(`timed out waiting for ${what}`);
  };
  const verify = (r: Received, secret: string) => {
    const ts = String(r.headers['muster-timestamp']);
    const expected = createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex');
    return r.headers['muster-signature'] === `v1=${expected}`;
  };

  it('a live game is lost on time: the flagged side may give no order, the other claims the win; ratings change', async () => {
    const a = await register('Longstreet');
    const b = await register('Burnside');
    const made = await request(server)
      .post('/v1/challenges')
      .set(bearer(a.token))
      .send({
        opponent: 'Burnside',
        scenario: 'antietam',
        side: 'confederate',
        rated: true,
        timeControl: { kind: 'live', initialSeconds: 60, incrementSeconds: 5 },
      })
      .expect(201);
    const { gameId } = (
      await request(server)
        .post(`/v1/challenges/${made.body.id}/accept`)
        .set(bearer(b.token))
        .expect(200)
    ).body;
    // Antietam: the Union moves first (Burnside); only his clock runs.
    clock.advance(20_000);
    let players = await request(server).get(`/v1/games/${gameId}/players`).expect(200);
    expectMatchesSpec(players);
    expect(players.body.clock).toMatchObject({
      running: ['union'],
      remainingMs: { union: 40_000, confederate: 60_000 },
      flagged: [],
    });
    // The game view shows the clock too.
    const viewed = await request(server).get(`/v1/games/${gameId}`).expect(200);
    expectMatchesSpec(viewed);
    const game = viewed.body;
    expect(game.clock).toEqual(players.body.clock);
    // An order: 20 s off, 5 s increment, and the Confederate clock runs when play passes to it.
    // Its live update carries the clock after it.
    const live: GameUpdate[] = [];
    const stop = t.app.get(GameUpdatesBus).subscribe(gameId, (u) => live.push(u));
    await request(server)
      .post(`/v1/games/${gameId}/orders`)
      .set(bearer(b.token))
      .send({ expectedVersion: game.version, order: { type: 'end-phase' } })
      .expect(200);
    stop();
    players = await request(server).get(`/v1/games/${gameId}/players`).expect(200);
    expect(live).toHaveLength(1);
    expect(live[0].clock).toEqual(players.body.clock);
    const running = players.body.clock.running as string[];
    expect(players.body.clock.remainingMs.union).toBe(45_000);

    // Not yet: no time-out to claim.
    const waiting = running.includes('union') ? a : b;
    const mover = running.includes('union') ? b : a;
    const early = await request(server)
      .post(`/v1/games/${gameId}/claim-timeout`)
      .set(bearer(waiting.token))
      .expect(409);
    expect(early.body.code).toBe('NO_TIMEOUT');

    clock.advance(61_000);
    const now = (await request(server).get(`/v1/games/${gameId}`).expect(200)).body;
    const late = await request(server)
      .post(`/v1/games/${gameId}/orders`)
      .set(bearer(mover.token))
      .send({ expectedVersion: now.version, order: { type: 'end-phase' } })
      .expect(403);
    expect(late.body.code).toBe('TIME_EXPIRED');
    const claimed = await request(server)
      .post(`/v1/games/${gameId}/claim-timeout`)
      .set(bearer(waiting.token))
      .expect(200);
    expectMatchesSpec(claimed);
    const loser = running[0];
    expect(claimed.body.outcome).toEqual({
      kind: 'timeout',
      winner: loser === 'union' ? 'confederate' : 'union',
      level: null,
      reason: `${loser} ran out of time`,
    });
    expect(claimed.body.clock.running).toEqual([]);
    const view = (await request(server).get(`/v1/games/${gameId}`).expect(200)).body;
    expect(view).toMatchObject({
      status: 'finished',
      result: { reason: `${loser} ran out of time` },
    });
    // The loss on time is the last entry of the log; the replay re-derives it.
    const replay = (await request(server).get(`/v1/games/${gameId}/replay`).expect(200)).body;
    expect(replay.entries.at(-1)).toMatchObject({
      seq: view.version,
      order: { type: 'timeout', flagged: loser },
    });
    expect(
      (await request(server).post('/v1/replays/verify').send(replay).expect(200)).body.ok,
    ).toBe(true);
    const changes = (await request(server).get(`/v1/games/${gameId}/rating-changes`).expect(200))
      .body;
    expect(changes).toHaveLength(6);
    for (const c of changes) expect(c.ratingAfter).not.toBe(c.ratingBefore);
  });

  it('an unanswered challenge expires; an open challenge with a random side is taken by anyone but its maker', async () => {
    const a = await register('Pope');
    const b = await register('Banks');
    const made = await request(server)
      .post('/v1/challenges')
      .set(bearer(a.token))
      .send({
        opponent: 'Banks',
        scenario: 'shiloh',
        side: 'union',
        rated: false,
        expiresInHours: 1,
      })
      .expect(201);
    expect(made.body.expiresAt).toBe(new Date(clock.now().getTime() + 3_600_000).toISOString());
    clock.advance(3_600_000);
    const got = await request(server)
      .get(`/v1/challenges/${made.body.id}`)
      .set(bearer(b.token))
      .expect(200);
    expectMatchesSpec(got);
    expect(got.body.status).toBe('expired');
    expect(
      (await request(server).get('/v1/challenges').set(bearer(b.token)).expect(200)).body.incoming,
    ).toEqual([]);
    const late = await request(server)
      .post(`/v1/challenges/${made.body.id}/accept`)
      .set(bearer(b.token))
      .expect(409);
    expect(late.body).toMatchObject({ code: 'CHALLENGE_CLOSED', challengeStatus: 'expired' });

    const open = await request(server)
      .post('/v1/challenges')
      .set(bearer(a.token))
      .send({ scenario: 'shiloh', side: 'random', rated: false })
      .expect(201);
    expect(open.body.opponent).toBeNull();
    const listed = await request(server).get('/v1/challenges').set(bearer(b.token)).expect(200);
    expect(listed.body.open.map((c: { id: string }) => c.id)).toContain(open.body.id);
    await request(server)
      .post(`/v1/challenges/${open.body.id}/accept`)
      .set(bearer(a.token))
      .expect(403);
    const taken = await request(server)
      .post(`/v1/challenges/${open.body.id}/accept`)
      .set(bearer(b.token))
      .expect(200);
    expect(['union', 'confederate']).toContain(taken.body.side);
    expect(taken.body.challenge.opponent).toMatchObject({ handle: 'Banks' });
    const players = await request(server).get(`/v1/games/${taken.body.gameId}/players`).expect(200);
    expect(players.body.players[taken.body.side].handle).toBe('Banks');
  });

  it('signed webhooks: deliveries verify with the secret, failures are retried with backoff, the owner reads the log, rotation', async () => {
    const a = await register('Hancock');
    const b = await register('Pickett');
    const hook = await request(server)
      .post('/v1/me/webhooks')
      .set(bearer(a.token))
      .send({ url: receiverUrl, events: ['challenge-received', 'game-started'] })
      .expect(201);
    expectMatchesSpec(hook);
    const secret: string = hook.body.secret;
    expect(secret).toMatch(/^whsec_/);

    // The receiver fails the first attempt.
    answers.push(500);
    received.length = 0;
    await request(server)
      .post('/v1/challenges')
      .set(bearer(b.token))
      .send({ opponent: 'Hancock', scenario: 'shiloh', side: 'union', rated: false })
      .expect(201);
    await waitFor(() => received.length === 1, 'the first attempt');
    const first = received[0];
    expect(first.headers['muster-event']).toBe('challenge-received');
    expect(verify(first, secret)).toBe(true);
    expect(verify(first, 'whsec_wrong')).toBe(false);
    const event = JSON.parse(first.body);
    expect(event).toMatchObject({
      type: 'challenge-received',
      data: { challenge: { challenger: { handle: 'Pickett' } } },
    });

    const webhooks = t.app.get(WebhooksService);
    await webhooks.processDue(); // not due yet: nothing sent
    expect(received).toHaveLength(1);
    let log = await request(server)
      .get(`/v1/me/webhooks/${hook.body.id}/deliveries`)
      .set(bearer(a.token))
      .expect(200);
    expectMatchesSpec(log);
    expect(log.body[0]).toMatchObject({
      eventType: 'challenge-received',
      status: 'pending',
      attempts: [{ status: 500, error: null }],
      nextAttemptAt: new Date(clock.now().getTime() + 10_000).toISOString(),
    });
    clock.advance(10_000);
    await webhooks.processDue();
    expect(received).toHaveLength(2);
    expect(received[1].body).toBe(first.body);
    expect(verify(received[1], secret)).toBe(true);
    log = await request(server)
      .get(`/v1/me/webhooks/${hook.body.id}/deliveries`)
      .set(bearer(a.token))
      .expect(200);
    expect(log.body[0]).toMatchObject({ status: 'delivered', nextAttemptAt: null });
    expect(log.body[0].attempts.map((x: { status: number }) => x.status)).toEqual([500, 200]);

    // Another player cannot read, rotate or delete it, nor see its log (404: not his).
    await request(server).get(`/v1/me/webhooks/${hook.body.id}`).set(bearer(b.token)).expect(404);
    await request(server)
      .post(`/v1/me/webhooks/${hook.body.id}/rotate-secret`)
      .set(bearer(b.token))
      .expect(404);
    await request(server)
      .get(`/v1/me/webhooks/${hook.body.id}/deliveries`)
      .set(bearer(b.token))
      .expect(404);
    await request(server)
      .delete(`/v1/me/webhooks/${hook.body.id}`)
      .set(bearer(b.token))
      .expect(404);
    expect(
      (await request(server).get('/v1/me/webhooks').set(bearer(b.token)).expect(200)).body,
    ).toEqual([]);
    // The owner's reads never show the secret.
    const own = await request(server).get('/v1/me/webhooks').set(bearer(a.token)).expect(200);
    expectMatchesSpec(own);
    expect(JSON.stringify(own.body)).not.toContain(secret);

    // Rotation: the next delivery is signed with the new secret only.
    const rotated = await request(server)
      .post(`/v1/me/webhooks/${hook.body.id}/rotate-secret`)
      .set(bearer(a.token))
      .expect(200);
    expectMatchesSpec(rotated);
    expect(rotated.body.secret).not.toBe(secret);
    received.length = 0;
    await request(server)
      .post('/v1/challenges')
      .set(bearer(b.token))
      .send({ opponent: 'Hancock', scenario: 'shiloh', side: 'union', rated: false })
      .expect(201);
    await waitFor(() => received.length === 1, 'the delivery after rotation');
    expect(verify(received[0], rotated.body.secret)).toBe(true);
    expect(verify(received[0], secret)).toBe(false);
  });

  it('GET /v1/me/events: the player’s events as SSE, resumed after Last-Event-ID', async () => {
    const a = await register('Early');
    const b = await register('Ewell');
    const made = await request(server)
      .post('/v1/challenges')
      .set(bearer(a.token))
      .send({ opponent: 'Ewell', scenario: 'shiloh', side: 'confederate', rated: false })
      .expect(201);
    await request(server)
      .post(`/v1/challenges/${made.body.id}/accept`)
      .set(bearer(b.token))
      .expect(200);
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const text = await new Promise<string>((resolve, reject) => {
        const req = httpRequest({
          port,
          path: '/v1/me/events',
          headers: { 'last-event-id': '0', authorization: `Bearer ${b.token}` },
        });
        req.on('response', (res) => {
          expect(res.headers['content-type']).toMatch(/text\/event-stream/);
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            body += c;
            if (body.includes('event: game-started')) {
              req.destroy();
              resolve(body);
            }
          });
        });
        req.on('error', (e) => (e.message.includes('socket hang up') ? undefined : reject(e)));
        req.end();
      });
      expect(text).toContain('event: challenge-received');
      expect(text.indexOf('event: challenge-received')).toBeLessThan(
        text.indexOf('event: game-started'),
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const unauth = await request(server).get('/v1/me/events').expect(401);
    expect(unauth.body.code).toBe('PLAYER_TOKEN_REQUIRED');
  });

  it('GraphQL subscription playerEvents (graphql-ws, the player token in the connection parameters): the challenge received', async () => {
    const a = await register('Rosecrans');
    const b = await register('Bragg');
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const { port } = server.address() as AddressInfo;
    const client = createClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocketImpl,
      connectionParams: { authorization: `Bearer ${b.token}` },
      lazy: false,
      retryAttempts: 0,
    });
    try {
      const got = new Promise<{
        type: string;
        data: { challenge: { challenger: { handle: string } } };
      }>((resolve, reject) => {
        const unsubscribe = client.subscribe(
          { query: `subscription { playerEvents { id type data } }` },
          {
            next: (msg) => {
              unsubscribe();
              resolve((msg.data as { playerEvents: never }).playerEvents);
            },
            error: reject,
            complete: () => undefined,
          },
        );
      });
      await new Promise((r) => setTimeout(r, 300));
      await request(server)
        .post('/v1/challenges')
        .set(bearer(a.token))
        .send({ opponent: 'Bragg', scenario: 'shiloh', side: 'union', rated: false })
        .expect(201);
      const event = await got;
      expect(event.type).toBe('challenge-received');
      expect(event.data.challenge.challenger.handle).toBe('Rosecrans');
    } finally {
      await client.dispose();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('GraphQL: register, me, challenge, accept, draw offer and acceptance, match, leaderboard', async () => {
    const reg = async (handle: string) => {
      const res = await gql(
        `mutation($h: String!) { registerPlayer(handle: $h) { player { id handle } token { token scopes } } }`,
        { h: handle },
      ).expect(200);
      expect(res.body.errors).toBeUndefined();
      return res.body.data.registerPlayer.token.token as string;
    };
    const ta = await reg('Stuart');
    const tb = await reg('Sheridan');
    const me = await gql(`{ me { handle scopes } }`, {}, ta).expect(200);
    expect(me.body.data.me).toEqual({
      handle: 'Stuart',
      scopes: ['play', 'tournaments', 'scenarios'],
    });
    const noToken = await gql(`{ me { handle } }`, {}).expect(200);
    expect(noToken.body.errors[0].extensions.code).toBe('PLAYER_TOKEN_REQUIRED');
    const made = await gql(
      `mutation($i: CreateChallengeInput!) { createChallenge(input: $i) { id status opponent } }`,
      { i: { opponent: 'Sheridan', scenario: 'shiloh', side: 'union', rated: false } },
      ta,
    ).expect(200);
    expect(made.body.errors).toBeUndefined();
    const list = await gql(`{ challenges { incoming { id } } }`, {}, tb).expect(200);
    expect(list.body.data.challenges.incoming).toEqual([{ id: made.body.data.createChallenge.id }]);
    const acc = await gql(
      `mutation($id: ID!) { acceptChallenge(id: $id) { gameId side challenge { status } } }`,
      { id: made.body.data.createChallenge.id },
      tb,
    ).expect(200);
    expect(acc.body.data.acceptChallenge).toMatchObject({
      side: 'confederate',
      challenge: { status: 'accepted' },
    });
    const gameId = acc.body.data.acceptChallenge.gameId;
    const act = (action: string, token: string) =>
      gql(
        `mutation($g: ID!, $a: String!) { gameAction(gameId: $g, action: $a) { drawOffer outcome } }`,
        { g: gameId, a: action },
        token,
      ).expect(200);
    expect((await act('draw-offer', ta)).body.data.gameAction.drawOffer).toBe('union');
    // Sheridan's token is not Stuart's seat: accepting his own side's offer is not possible.
    expect((await act('draw-accept', ta)).body.errors[0].extensions.code).toBe('NO_DRAW_OFFER');
    expect((await act('draw-accept', tb)).body.data.gameAction.outcome).toMatchObject({
      kind: 'draw',
    });
    const match = await gql(`query($g: ID!) { match(gameId: $g) { players outcome } }`, {
      g: gameId,
    }).expect(200);
    expect(match.body.data.match.players).toMatchObject({ union: { handle: 'Stuart' } });
    const board = await gql(`{ leaderboard { category entries { handle } } }`, {}).expect(200);
    expect(board.body.data.leaderboard.category).toBe('overall');
  });

  it('an abandoned game ends on time: a run-out clock nobody claims for 24 hours is ended by the server with a timeout entry', async () => {
    const a = await register('McDowell');
    const b = await register('Jackson2');
    const made = await request(server)
      .post('/v1/challenges')
      .set(bearer(a.token))
      .send({
        opponent: 'Jackson2',
        scenario: 'antietam',
        side: 'union',
        rated: false,
        timeControl: { kind: 'correspondence', daysPerDecision: 1 },
      })
      .expect(201);
    const { gameId } = (
      await request(server)
        .post(`/v1/challenges/${made.body.id}/accept`)
        .set(bearer(b.token))
        .expect(200)
    ).body;
    const matches = t.app.get(MatchesService);
    // Out of time (a day) but not yet unclaimed for 24 hours: the game goes on.
    clock.advance(25 * 3_600_000);
    expect(
      (await request(server).get(`/v1/games/${gameId}`).expect(200)).body.clock.flagged,
    ).toEqual(['union']);
    await matches.sweepTimeouts();
    expect((await request(server).get(`/v1/games/${gameId}`).expect(200)).body.status).toBe(
      'active',
    );
    // A day later nobody has claimed it: the server ends it as the claim would have.
    clock.advance(24 * 3_600_000);
    await matches.sweepTimeouts();
    const players = (await request(server).get(`/v1/games/${gameId}/players`).expect(200)).body;
    expect(players.outcome).toEqual({
      kind: 'timeout',
      winner: 'confederate',
      level: null,
      reason: 'union ran out of time',
    });
    const replay = (await request(server).get(`/v1/games/${gameId}/replay`).expect(200)).body;
    expect(replay.entries).toHaveLength(1);
    expect(replay.entries[0]).toMatchObject({
      side: 'confederate',
      order: { type: 'timeout', flagged: 'union' },
    });
    expect(
      (await request(server).post('/v1/replays/verify').send(replay).expect(200)).body.ok,
    ).toBe(true);
    // Nothing more to sweep.
    expect(await matches.sweepTimeouts()).toBe(0);
  });
});
