import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

/**
 * Issue 17, players and challenges: two players register, one challenges,
 * the other accepts, they play to the end each with his own token, and both
 * ratings change. Authorisation: a player cannot act for another.
 */
describe('ladder: players, tokens, challenges, a rated game played to the end, ratings', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const register = async (handle: string) => {
    const res = await request(server).post('/v1/players').send({ handle }).expect(201);
    expectMatchesSpec(res);
    return {
      id: res.body.player.id as string,
      token: res.body.token.token as string,
      body: res.body,
    };
  };

  /** Plays a game to its end with each side's own token: end-phase when listed, else the first legal order. */
  async function playToEnd(gameId: string, tokenOf: Record<string, string>) {
    let game = (await request(server).get(`/v1/games/${gameId}`).expect(200)).body;
    for (let n = 0; n < 2000 && game.status === 'active'; n++) {
      const side: string = game.mustAct.side;
      const legal = await request(server)
        .get(`/v1/games/${gameId}/legal-orders`)
        .set(bearer(tokenOf[side]))
        .expect(200);
      expect(legal.body.orders).not.toContainEqual({ type: 'resign' });
      const orders: Array<{ type: string }> = legal.body.orders;
      const order = orders.find((o) => o.type === 'end-phase') ?? orders[0];
      const res = await request(server)
        .post(`/v1/games/${gameId}/orders`)
        .set(bearer(tokenOf[side]))
        .send({ expectedVersion: game.version, order });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      game = res.body.game;
    }
    return game;
  }

  it('registers a player with a first token holding every scope; only its sha256 is stored; GET /v1/me', async () => {
    const a = await register('Grant');
    expect(a.body.player).toMatchObject({ handle: 'Grant' });
    expect(a.body.token).toMatchObject({
      scopes: ['play', 'tournaments', 'scenarios'],
      revokedAt: null,
    });
    expect(a.token).toMatch(/^mpt_/);
    const me = await request(server).get('/v1/me').set(bearer(a.token)).expect(200);
    expectMatchesSpec(me);
    expect(me.body).toMatchObject({
      id: a.id,
      handle: 'Grant',
      scopes: ['play', 'tournaments', 'scenarios'],
    });
    const { DataSource } = await import('typeorm');
    const rows = await t.app
      .get(DataSource)
      .query(`SELECT token_hash FROM player_tokens WHERE player_id = $1`, [a.id]);
    expect(JSON.stringify(rows)).not.toContain(a.token);

    // The handle is unique regardless of case; a bad one is 400.
    expect(
      (await request(server).post('/v1/players').send({ handle: 'grant' }).expect(409)).body.code,
    ).toBe('HANDLE_TAKEN');
    expect(
      (await request(server).post('/v1/players').send({ handle: 'a b' }).expect(400)).body.code,
    ).toBe('BAD_HANDLE');
    expect((await request(server).get('/v1/me').expect(401)).body.code).toBe(
      'PLAYER_TOKEN_REQUIRED',
    );
    expect(
      (await request(server).get('/v1/me').set(bearer('mpt_nothing')).expect(401)).body.code,
    ).toBe('INVALID_PLAYER_TOKEN');
  });

  it('several tokens per player, scoped (never beyond the asking token), listed without secrets, revocable', async () => {
    const a = await register('Sherman');
    const play = await request(server)
      .post('/v1/me/tokens')
      .set(bearer(a.token))
      .send({ label: 'bot', scopes: ['play'] })
      .expect(201);
    expectMatchesSpec(play);
    expect(play.body).toMatchObject({ label: 'bot', scopes: ['play'] });
    // A play-only token cannot make a token with more.
    const beyond = await request(server)
      .post('/v1/me/tokens')
      .set(bearer(play.body.token))
      .send({ scopes: ['tournaments'] })
      .expect(403);
    expect(beyond.body.code).toBe('SCOPE_NOT_HELD');
    // Nor create challenges without "play"… and a tournaments-only token cannot play.
    const tour = await request(server)
      .post('/v1/me/tokens')
      .set(bearer(a.token))
      .send({ scopes: ['tournaments'] })
      .expect(201);
    const refused = await request(server)
      .post('/v1/challenges')
      .set(bearer(tour.body.token))
      .send({ scenario: 'shiloh', side: 'union', rated: false })
      .expect(403);
    expectMatchesSpec(refused);
    expect(refused.body).toMatchObject({ code: 'SCOPE_REQUIRED', scope: 'play' });
    const list = await request(server).get('/v1/me/tokens').set(bearer(a.token)).expect(200);
    expectMatchesSpec(list);
    expect(list.body).toHaveLength(3);
    expect(JSON.stringify(list.body)).not.toContain('mpt_');
    await request(server).delete(`/v1/me/tokens/${play.body.id}`).set(bearer(a.token)).expect(204);
    expect(
      (await request(server).get('/v1/me').set(bearer(play.body.token)).expect(401)).body.code,
    ).toBe('INVALID_PLAYER_TOKEN');
    // Another player cannot revoke it (404: not his).
    const b = await register('Thomas');
    await request(server).delete(`/v1/me/tokens/${tour.body.id}`).set(bearer(b.token)).expect(404);
  });

  it('challenge, accept, play to the end each with his own token: a rated game, both ratings change', async () => {
    const lee = await register('Lee');
    const meade = await register('Meade');
    const outsider = await register('Outsider');
    const made = await request(server)
      .post('/v1/challenges')
      .set(bearer(lee.token))
      .send({ opponent: 'Meade', scenario: 'antietam', side: 'confederate', rated: true })
      .expect(201);
    expectMatchesSpec(made);
    expect(made.body).toMatchObject({
      challenger: { handle: 'Lee' },
      opponent: { handle: 'Meade' },
      status: 'open',
      rated: true,
      side: 'confederate',
    });
    // Meade sees it incoming; the outsider cannot accept a challenge addressed to Meade.
    const incoming = await request(server)
      .get('/v1/challenges')
      .set(bearer(meade.token))
      .expect(200);
    expectMatchesSpec(incoming);
    expect(incoming.body.incoming.map((c: { id: string }) => c.id)).toEqual([made.body.id]);
    const stolen = await request(server)
      .post(`/v1/challenges/${made.body.id}/accept`)
      .set(bearer(outsider.token))
      .expect(403);
    expect(stolen.body.code).toBe('NOT_YOUR_CHALLENGE');
    const accepted = await request(server)
      .post(`/v1/challenges/${made.body.id}/accept`)
      .set(bearer(meade.token))
      .expect(200);
    expectMatchesSpec(accepted);
    expect(accepted.body).toMatchObject({ side: 'union', challenge: { status: 'accepted' } });
    const gameId: string = accepted.body.gameId;
    // Accepted once only.
    await request(server)
      .post(`/v1/challenges/${made.body.id}/accept`)
      .set(bearer(meade.token))
      .expect(409);

    const players = await request(server).get(`/v1/games/${gameId}/players`).expect(200);
    expectMatchesSpec(players);
    expect(players.body).toMatchObject({
      rated: true,
      players: { union: { handle: 'Meade' }, confederate: { handle: 'Lee' } },
      outcome: null,
    });

    // A player cannot act for another: the player not to move gets NOT_YOUR_TURN, the outsider no seat at all.
    const first = (await request(server).get(`/v1/games/${gameId}`).expect(200)).body.mustAct.side;
    const waiting = first === 'union' ? lee : meade;
    const wrong = await request(server)
      .post(`/v1/games/${gameId}/orders`)
      .set(bearer(waiting.token))
      .send({ expectedVersion: 0, order: { type: 'end-phase' } })
      .expect(403);
    expect(wrong.body.code).toBe('NOT_YOUR_TURN');
    const none = await request(server)
      .post(`/v1/games/${gameId}/orders`)
      .set(bearer(outsider.token))
      .send({ expectedVersion: 0, order: { type: 'end-phase' } })
      .expect(401);
    expect(none.body.code).toBe('INVALID_SEAT_TOKEN');
    await request(server)
      .post(`/v1/games/${gameId}/resign`)
      .set(bearer(outsider.token))
      .expect(401);
    // The rated game's seed was drawn by the server: a challenge takes no seed.
    await request(server)
      .post('/v1/challenges')
      .set(bearer(lee.token))
      .send({ scenario: 'shiloh', side: 'union', rated: true, seed: 'mine' })
      .expect(400);

    // Antietam played passively by both (end-phase when listed) ends in a Confederate decisive victory (19.2).
    const game = await playToEnd(gameId, { union: meade.token, confederate: lee.token });
    expect(game.status).toBe('finished');
    expect(game.result).toMatchObject({ winner: 'confederate', level: 'decisive' });

    const after = await request(server).get(`/v1/games/${gameId}/players`).expect(200);
    expect(after.body.outcome).toMatchObject({ kind: 'result', winner: game.result.winner });
    const changes = await request(server).get(`/v1/games/${gameId}/rating-changes`).expect(200);
    expectMatchesSpec(changes);
    expect(changes.body).toHaveLength(6); // overall, scenario, scenario-side × 2 players
    for (const c of changes.body) {
      expect(c.ratingAfter).not.toBe(c.ratingBefore);
      expect(c.ratingBefore).toBe(1500);
    }
    const winner = game.result.winner === 'union' ? 'Meade' : 'Lee';
    const overall = changes.body.filter((c: { category: string }) => c.category === 'overall');
    for (const c of overall) {
      if (c.handle === winner) expect(c.ratingAfter).toBeGreaterThan(1500);
      else expect(c.ratingAfter).toBeLessThan(1500);
    }
    const ratings = await request(server).get('/v1/players/Lee/ratings').expect(200);
    expectMatchesSpec(ratings);
    expect(ratings.body.map((r: { category: string }) => r.category).sort()).toEqual([
      'overall',
      'scenario',
      'scenario-side',
    ]);
    const board = await request(server).get('/v1/leaderboard?scenario=antietam').expect(200);
    expectMatchesSpec(board);
    expect(board.body.entries.map((e: { handle: string }) => e.handle)).toEqual([
      winner,
      winner === 'Lee' ? 'Meade' : 'Lee',
    ]);
    const sideBoard = await request(server)
      .get('/v1/leaderboard?scenario=antietam&side=union')
      .expect(200);
    expect(sideBoard.body.entries.map((e: { handle: string }) => e.handle)).toEqual(['Meade']);
    const balance = await request(server).get('/v1/scenarios/antietam/balance').expect(200);
    expectMatchesSpec(balance);
    expect(balance.body.games).toBe(1);
    expect(balance.body.wins[game.result.winner]).toBe(1);
    expect(balance.body.byLevel).toEqual([
      { winner: game.result.winner, level: game.result.level, games: 1 },
    ]);
    expect(balance.body.averageTurns).toBe(game.turn);
  });

  it('resign, abort and draws are their own endpoints; decline, cancel and expiry of challenges', async () => {
    const a = await register('Hooker');
    const b = await register('Jackson');
    const challenge = async (body: object = {}) =>
      (
        await request(server)
          .post('/v1/challenges')
          .set(bearer(a.token))
          .send({ opponent: 'Jackson', scenario: 'shiloh', side: 'union', rated: false, ...body })
          .expect(201)
      ).body;
    const c1 = await challenge();
    expect(
      (
        await request(server)
          .post(`/v1/challenges/${c1.id}/decline`)
          .set(bearer(b.token))
          .expect(200)
      ).body.status,
    ).toBe('declined');
    const c2 = await challenge();
    await request(server).post(`/v1/challenges/${c2.id}/cancel`).set(bearer(b.token)).expect(403);
    expect(
      (
        await request(server)
          .post(`/v1/challenges/${c2.id}/cancel`)
          .set(bearer(a.token))
          .expect(200)
      ).body.status,
    ).toBe('cancelled');

    // Abort before each side's first order: no result, no rating.
    const c3 = await challenge();
    const g3 = (
      await request(server).post(`/v1/challenges/${c3.id}/accept`).set(bearer(b.token)).expect(200)
    ).body.gameId;
    const aborted = await request(server)
      .post(`/v1/games/${g3}/abort`)
      .set(bearer(a.token))
      .expect(200);
    expectMatchesSpec(aborted);
    expect(aborted.body.outcome).toMatchObject({ kind: 'aborted', winner: null });
    expect((await request(server).get(`/v1/games/${g3}`).expect(200)).body.status).toBe('finished');

    // Draw offered by one, accepted by the other.
    const c4 = await challenge();
    const g4 = (
      await request(server).post(`/v1/challenges/${c4.id}/accept`).set(bearer(b.token)).expect(200)
    ).body.gameId;
    expect(
      (await request(server).post(`/v1/games/${g4}/draw-accept`).set(bearer(b.token)).expect(409))
        .body.code,
    ).toBe('NO_DRAW_OFFER');
    const offered = await request(server)
      .post(`/v1/games/${g4}/draw-offer`)
      .set(bearer(a.token))
      .expect(200);
    expect(offered.body.drawOffer).toBe('union');
    await request(server).post(`/v1/games/${g4}/draw-decline`).set(bearer(b.token)).expect(200);
    await request(server).post(`/v1/games/${g4}/draw-offer`).set(bearer(a.token)).expect(200);
    const drawn = await request(server)
      .post(`/v1/games/${g4}/draw-accept`)
      .set(bearer(b.token))
      .expect(200);
    expectMatchesSpec(drawn);
    expect(drawn.body.outcome).toMatchObject({ kind: 'draw', winner: null, reason: 'draw agreed' });

    // Resign through its endpoint (the engine's resign order, in the log).
    const c5 = await challenge();
    const g5 = (
      await request(server).post(`/v1/challenges/${c5.id}/accept`).set(bearer(b.token)).expect(200)
    ).body.gameId;
    const resigned = await request(server)
      .post(`/v1/games/${g5}/resign`)
      .set(bearer(b.token))
      .expect(200);
    expectMatchesSpec(resigned);
    expect(resigned.body.game.result).toMatchObject({
      winner: 'union',
      reason: 'confederate resigned',
    });
    const replay = await request(server).get(`/v1/games/${g5}/replay`).expect(200);
    expect(replay.body.entries.map((e: { order: unknown }) => e.order)).toEqual([
      { type: 'resign' },
    ]);
  });

  it('game endings are entries of the log: replay, text export and import show how each game ended, and verification re-derives it', async () => {
    const a = await register('Burnside');
    const b = await register('Longstreet');
    const newGame = async () => {
      const c = (
        await request(server)
          .post('/v1/challenges')
          .set(bearer(a.token))
          .send({ opponent: 'Longstreet', scenario: 'shiloh', side: 'union', rated: false })
          .expect(201)
      ).body;
      return (
        await request(server).post(`/v1/challenges/${c.id}/accept`).set(bearer(b.token)).expect(200)
      ).body.gameId as string;
    };
    const verified = async (gameId: string) => {
      const replay = (await request(server).get(`/v1/games/${gameId}/replay`).expect(200)).body;
      const check = await request(server).post('/v1/replays/verify').send(replay).expect(200);
      expect(check.body).toMatchObject({ ok: true, firstMismatch: null });
      expect(check.body.verified).toBe(replay.entries.length);
      return replay;
    };

    // A draw agreed: the confederate's draw-agreed entry, its events; the replay verifies.
    const drawn = await newGame();
    await request(server).post(`/v1/games/${drawn}/draw-offer`).set(bearer(a.token)).expect(200);
    await request(server).post(`/v1/games/${drawn}/draw-accept`).set(bearer(b.token)).expect(200);
    const drawReplay = await verified(drawn);
    expect(drawReplay.entries).toHaveLength(1);
    expect(drawReplay.entries[0]).toMatchObject({
      seq: 1,
      side: 'confederate',
      order: { type: 'draw-agreed' },
      events: [
        { type: 'draw-agreed', offeredBy: 'union', acceptedBy: 'confederate' },
        { type: 'game-ended', winner: null, level: null, reason: 'draw agreed' },
      ],
    });
    const game = (await request(server).get(`/v1/games/${drawn}`).expect(200)).body;
    expect(game).toMatchObject({ status: 'finished', version: 1 });
    const text = (
      await request(server)
        .get(`/v1/games/${drawn}/export.txt`)
        .buffer(true)
        .parse((res, cb) => {
          let data = '';
          res.on('data', (c: Buffer) => (data += c.toString()));
          res.on('end', () => cb(null, data));
        })
        .expect(200)
    ).body as string;
    expect(text).toMatch(
      /\n1\. C draw-agreed \{confederate accepts the draw offered by union; game over: draw\}/,
    );
    // The text imports: the flow entry re-derives there too.
    const imported = await request(server).post('/v1/games/import').send({ text }).expect(201);
    expect(imported.body).toMatchObject({ imported: 1, game: { status: 'finished' } });

    // An abort: the aborting side's entry.
    const aborted = await newGame();
    await request(server).post(`/v1/games/${aborted}/abort`).set(bearer(b.token)).expect(200);
    expect((await verified(aborted)).entries.map((e: { order: unknown }) => e.order)).toEqual([
      { type: 'abort' },
    ]);

    // An order of a flow type is no order a client may give.
    const open = await newGame();
    const acting = (await request(server).get(`/v1/games/${open}`).expect(200)).body.mustAct.side;
    const refused = await request(server)
      .post(`/v1/games/${open}/orders`)
      .set(bearer(acting === 'union' ? a.token : b.token))
      .send({ expectedVersion: 0, order: { type: 'draw-agreed' } });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('NOT_AN_ORDER');
    expect((await request(server).get(`/v1/games/${open}`).expect(200)).body.version).toBe(0);
  });

  it('takeback request, accept and decline: a takeback entry supersedes the undone orders, which stay in the log; versions only grow; the replay verifies', async () => {
    const a = await register('Sedgwick');
    const b = await register('Ewell');
    const c = (
      await request(server)
        .post('/v1/challenges')
        .set(bearer(a.token))
        .send({ opponent: 'Ewell', scenario: 'shiloh', side: 'union', rated: false })
        .expect(201)
    ).body;
    const gameId = (
      await request(server).post(`/v1/challenges/${c.id}/accept`).set(bearer(b.token)).expect(200)
    ).body.gameId as string;
    const tokenOf: Record<string, string> = { union: a.token, confederate: b.token };
    const start = (await request(server).get(`/v1/games/${gameId}`).expect(200)).body;
    const first: string = start.mustAct.side;
    const second = first === 'union' ? 'confederate' : 'union';

    // Nothing to take back yet.
    expect(
      (
        await request(server)
          .post(`/v1/games/${gameId}/takeback-request`)
          .set(bearer(tokenOf[first]))
          .expect(409)
      ).body.code,
    ).toBe('NOTHING_TO_TAKE_BACK');

    // The first side gives an order that rolls no die (a move, or the end of its phase).
    const legal = (
      await request(server)
        .get(`/v1/games/${gameId}/legal-orders`)
        .set(bearer(tokenOf[first]))
        .expect(200)
    ).body.orders as Array<{ type: string }>;
    const order =
      legal.find((o) => o.type === 'move') ?? legal.find((o) => o.type === 'end-phase')!;
    const played = await request(server)
      .post(`/v1/games/${gameId}/orders`)
      .set(bearer(tokenOf[first]))
      .send({ expectedVersion: 0, order })
      .expect(200);
    expect(played.body.version).toBe(1);
    const before = (await request(server).get(`/v1/games/${gameId}/replay`).expect(200)).body;

    // Bad requests: a malformed or future entry.
    expect(
      (
        await request(server)
          .post(`/v1/games/${gameId}/takeback-request`)
          .set(bearer(tokenOf[first]))
          .send({ to: -1 })
          .expect(400)
      ).body.code,
    ).toBe('VALIDATION_FAILED');
    expect(
      (
        await request(server)
          .post(`/v1/games/${gameId}/takeback-request`)
          .set(bearer(tokenOf[first]))
          .send({ to: 1 })
          .expect(422)
      ).body.code,
    ).toBe('BAD_TAKEBACK');
    expect(
      (
        await request(server)
          .post(`/v1/games/${gameId}/takeback-accept`)
          .set(bearer(tokenOf[second]))
          .expect(409)
      ).body.code,
    ).toBe('NO_TAKEBACK_REQUEST');

    // A player who holds no seat can neither ask nor answer (REST and GraphQL alike).
    const outsider = await register('Pemberton');
    for (const path of ['takeback-request', 'takeback-accept', 'takeback-decline'])
      expect(
        (
          await request(server)
            .post(`/v1/games/${gameId}/${path}`)
            .set(bearer(outsider.token))
            .expect(401)
        ).body.code,
      ).toBe('INVALID_SEAT_TOKEN');
    const gqlAction = (action: string, token: string, to?: number) =>
      request(server)
        .post('/graphql')
        .set(bearer(token))
        .send({
          query: `mutation($g: ID!, $a: String!, $to: Int) { gameAction(gameId: $g, action: $a, to: $to) { takebackRequest } }`,
          variables: { g: gameId, a: action, to },
        })
        .expect(200);
    expect(
      (await gqlAction('takeback-request', outsider.token)).body.errors[0].extensions.code,
    ).toBe('INVALID_SEAT_TOKEN');
    expect(
      (await gqlAction('takeback-accept', tokenOf[second])).body.errors[0].extensions.code,
    ).toBe('NO_TAKEBACK_REQUEST');
    expect((await gqlAction('draw-offer', tokenOf[second], 0)).body.errors[0].extensions.code).toBe(
      'BAD_ACTION',
    );
    // Over GraphQL: asked, then withdrawn by the other side's decline.
    expect((await gqlAction('takeback-request', tokenOf[first], 0)).body.data.gameAction).toEqual({
      takebackRequest: { side: first, to: 0 },
    });
    expect((await gqlAction('takeback-decline', tokenOf[second])).body.data.gameAction).toEqual({
      takebackRequest: null,
    });

    // Asked and declined.
    const asked = await request(server)
      .post(`/v1/games/${gameId}/takeback-request`)
      .set(bearer(tokenOf[first]))
      .expect(200);
    expectMatchesSpec(asked);
    expect(asked.body.takebackRequest).toEqual({ side: first, to: 0 });
    // The asker cannot accept his own request.
    await request(server)
      .post(`/v1/games/${gameId}/takeback-accept`)
      .set(bearer(tokenOf[first]))
      .expect(409);
    const declined = await request(server)
      .post(`/v1/games/${gameId}/takeback-decline`)
      .set(bearer(tokenOf[second]))
      .expect(200);
    expect(declined.body.takebackRequest).toBeNull();
    // Asked again and accepted: a takeback entry, back to the set-up's state and hash.
    await request(server)
      .post(`/v1/games/${gameId}/takeback-request`)
      .set(bearer(tokenOf[first]))
      .send({ to: 0 })
      .expect(200);
    const accepted = await request(server)
      .post(`/v1/games/${gameId}/takeback-accept`)
      .set(bearer(tokenOf[second]))
      .expect(200);
    expectMatchesSpec(accepted);
    const after = (await request(server).get(`/v1/games/${gameId}`).expect(200)).body;
    expect(after.version).toBe(2);
    expect(after.mustAct.side).toBe(first);
    const state0 = (await request(server).get(`/v1/games/${gameId}/states/0`).expect(200)).body;
    const state2 = (await request(server).get(`/v1/games/${gameId}/states/2`).expect(200)).body;
    expect(state2.state).toEqual(state0.state);
    // The viewer's board picture of the takeback entry draws the position gone back to.
    const svg = await request(server).get(`/v1/games/${gameId}/states/2/board.svg`).expect(200);
    expect(svg.headers['content-type']).toMatch(/svg/);
    const replay = (await request(server).get(`/v1/games/${gameId}/replay`).expect(200)).body;
    expect(replay.entries.map((e: { order: unknown }) => e.order)).toEqual([
      order,
      { type: 'takeback', to: 0 },
    ]);
    expect(replay.entries[0].stateHash).toBe(before.entries[0].stateHash);
    expect(replay.entries[1]).toMatchObject({
      side: first,
      events: [{ type: 'taken-back', to: 0, undone: [1], requestedBy: first, acceptedBy: second }],
    });
    // The old version is stale: an order at version 1 is a conflict.
    await request(server)
      .post(`/v1/games/${gameId}/orders`)
      .set(bearer(tokenOf[first]))
      .send({ expectedVersion: 1, order })
      .expect(409);
    // The same order again, then the game ends; the whole log verifies.
    await request(server)
      .post(`/v1/games/${gameId}/orders`)
      .set(bearer(tokenOf[first]))
      .send({ expectedVersion: 2, order })
      .expect(200);
    await request(server)
      .post(`/v1/games/${gameId}/resign`)
      .set(bearer(tokenOf[second]))
      .expect(200);
    const full = (await request(server).get(`/v1/games/${gameId}/replay`).expect(200)).body;
    expect(full.entries).toHaveLength(4);
    const check = await request(server).post('/v1/replays/verify').send(full).expect(200);
    expect(check.body).toMatchObject({ ok: true, verified: 4 });
    // No takeback once the game is over.
    expect(
      (
        await request(server)
          .post(`/v1/games/${gameId}/takeback-request`)
          .set(bearer(tokenOf[first]))
          .expect(409)
      ).body.code,
    ).toBe('GAME_OVER');
  });
});
