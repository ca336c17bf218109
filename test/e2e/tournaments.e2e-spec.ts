import request from 'supertest';
// The app first: the engine's rules registry must load before a service that reaches it directly.
import { createTestApp, TestApp } from '../support/app';
import { Clock, ManualClock } from '../../src/clocks/clock';
import { PlayerEventsService } from '../../src/notifications/player-events.service';
import { TournamentsService } from '../../src/tournaments/tournaments.service';
import { expectMatchesSpec } from '../support/openapi';

/**
 * Issue 17, tournaments: a four-player round-robin completes with standings
 * (rounds paired automatically when the last game of a round ends, or when its
 * deadline passes), a Swiss with a bye, the CSV export, GraphQL.
 */
describe('tournaments: round-robin and Swiss, automatic rounds, standings, export', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  const clock = new ManualClock(new Date('2026-04-01T09:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ customize: (b) => b.overrideProvider(Clock).useValue(clock) });
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const register = async (handle: string) => {
    const res = await request(server).post('/v1/players').send({ handle }).expect(201);
    return { id: res.body.player.id as string, handle, token: res.body.token.token as string };
  };
  type P = Awaited<ReturnType<typeof register>>;
  const rounds = async (id: string) => {
    const res = await request(server).get(`/v1/tournaments/${id}/rounds`).expect(200);
    expectMatchesSpec(res);
    return res.body as Array<{
      round: number;
      games: Array<{
        gameId: string;
        union: { id: string };
        confederate: { id: string };
        outcome: unknown;
      }>;
      bye: { id: string } | null;
    }>;
  };

  it('a four-player round-robin: three rounds paired as games end, the last adjudicated at its deadline; standings and export', async () => {
    const organizer = await register('Organizer');
    const ps: P[] = [];
    for (const h of ['Alpha', 'Bravo', 'Charlie', 'Delta']) ps.push(await register(h));
    const byId = new Map(ps.map((p) => [p.id, p]));

    // A play-only token may not organise.
    const playOnly = await request(server)
      .post('/v1/me/tokens')
      .set(bearer(organizer.token))
      .send({ scopes: ['play'] })
      .expect(201);
    const body = {
      name: 'Spring ladder',
      kind: 'round-robin',
      scenario: 'shiloh',
      rated: true,
      roundHours: 24,
    };
    expect(
      (
        await request(server)
          .post('/v1/tournaments')
          .set(bearer(playOnly.body.token))
          .send(body)
          .expect(403)
      ).body.code,
    ).toBe('SCOPE_REQUIRED');
    const created = await request(server)
      .post('/v1/tournaments')
      .set(bearer(organizer.token))
      .send(body)
      .expect(201);
    expectMatchesSpec(created);
    const id: string = created.body.id;
    expect(created.body).toMatchObject({
      status: 'open',
      kind: 'round-robin',
      organizer: { handle: 'Organizer' },
    });
    for (const p of ps)
      await request(server).post(`/v1/tournaments/${id}/join`).set(bearer(p.token)).expect(200);
    expect(
      (
        await request(server)
          .post(`/v1/tournaments/${id}/join`)
          .set(bearer(ps[0].token))
          .expect(409)
      ).body.code,
    ).toBe('ALREADY_JOINED');
    // Only the organizer starts it.
    await request(server).post(`/v1/tournaments/${id}/start`).set(bearer(ps[0].token)).expect(403);
    const started = await request(server)
      .post(`/v1/tournaments/${id}/start`)
      .set(bearer(organizer.token))
      .expect(200);
    expect(started.body).toMatchObject({ status: 'running', rounds: 3, currentRound: 1 });
    await request(server)
      .post(`/v1/tournaments/${id}/join`)
      .set(bearer(organizer.token))
      .expect(409);

    // Round 1: one game resigned by its Union player, one drawn. A tournament game cannot be aborted.
    let r = await rounds(id);
    expect(r).toHaveLength(1);
    expect(r[0].games).toHaveLength(2);
    const [g1, g2] = r[0].games;
    expect(
      (
        await request(server)
          .post(`/v1/games/${g1.gameId}/abort`)
          .set(bearer(byId.get(g1.union.id)!.token))
          .expect(409)
      ).body.code,
    ).toBe('NO_ABORT_IN_TOURNAMENT');
    await request(server)
      .post(`/v1/games/${g1.gameId}/resign`)
      .set(bearer(byId.get(g1.union.id)!.token))
      .expect(200);
    expect(await rounds(id)).toHaveLength(1); // round 2 waits for the last game of round 1
    await request(server)
      .post(`/v1/games/${g2.gameId}/draw-offer`)
      .set(bearer(byId.get(g2.union.id)!.token))
      .expect(200);
    await request(server)
      .post(`/v1/games/${g2.gameId}/draw-accept`)
      .set(bearer(byId.get(g2.confederate.id)!.token))
      .expect(200);

    // Round 2 was paired when the last game of round 1 ended.
    r = await rounds(id);
    expect(r).toHaveLength(2);
    for (const g of r[1].games)
      await request(server)
        .post(`/v1/games/${g.gameId}/resign`)
        .set(bearer(byId.get(g.confederate.id)!.token))
        .expect(200);

    // Round 3: nobody plays; its deadline passes and the games are adjudicated as the victory conditions stand.
    r = await rounds(id);
    expect(r).toHaveLength(3);
    const tournaments = t.app.get(TournamentsService);
    clock.advance(23 * 3_600_000);
    await tournaments.tick();
    expect((await request(server).get(`/v1/tournaments/${id}`).expect(200)).body.status).toBe(
      'running',
    );
    clock.advance(2 * 3_600_000);
    await tournaments.tick();
    const done = await request(server).get(`/v1/tournaments/${id}`).expect(200);
    expect(done.body).toMatchObject({ status: 'finished', currentRound: 3 });
    r = await rounds(id);
    for (const g of r[2].games) {
      expect(g.outcome).toMatchObject({ kind: 'adjudicated' });
      // The adjudication is the last entry of the game's log, and the replay re-derives it.
      const replay = (await request(server).get(`/v1/games/${g.gameId}/replay`).expect(200)).body;
      expect(replay.entries.at(-1).order).toEqual({
        type: 'adjudicate',
        reason: 'round 3 deadline passed',
      });
      const check = await request(server).post('/v1/replays/verify').send(replay).expect(200);
      expect(check.body.ok).toBe(true);
    }

    // The ladder operator (the organizer, no player) heard of every pairing, every result and the end.
    const told = await t.app.get(PlayerEventsService).after(organizer.id, 0);
    const count = (type: string) => told.filter((e) => e.type === type).length;
    expect(count('tournament-round-paired')).toBe(3);
    expect(count('tournament-game-finished')).toBe(6);
    expect(count('tournament-finished')).toBe(1);
    expect(told.find((e) => e.type === 'tournament-round-paired')!.data).toMatchObject({
      tournamentId: id,
      round: 1,
      organizer: true,
    });
    expect(
      (told.find((e) => e.type === 'tournament-round-paired')!.data.games as unknown[]).length,
    ).toBe(2);
    expect(told.find((e) => e.type === 'tournament-finished')!.data.standings).toHaveLength(4);

    // Every pair met once, each player had both sides.
    const pairs = new Set(
      r.flatMap((x) => x.games.map((g) => [g.union.id, g.confederate.id].sort().join())),
    );
    expect(pairs.size).toBe(6);

    const st = await request(server).get(`/v1/tournaments/${id}/standings`).expect(200);
    expectMatchesSpec(st);
    expect(st.body.standings).toHaveLength(4);
    expect(st.body.standings.map((s: { rank: number }) => s.rank)).toEqual([1, 2, 3, 4]);
    for (const s of st.body.standings) expect(s.games).toBe(3);
    const points = st.body.standings.map((s: { points: number }) => s.points);
    expect([...points].sort((a: number, b: number) => b - a)).toEqual(points);
    // Resignation wins score the best level of the winner's side (Shiloh 18.2: decisive, 2).
    expect(st.body.standings[0].points).toBeGreaterThanOrEqual(2);
    const total = st.body.standings.reduce(
      (n: number, s: { wins: number; draws: number; losses: number }) =>
        n + s.wins + s.losses + s.draws,
      0,
    );
    expect(total).toBe(12);

    const csv = await request(server).get(`/v1/tournaments/${id}/export`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe(
      'round,game,union,confederate,outcome,winner,level,union_points,confederate_points',
    );
    expect(
      lines.filter((l) => /^\d,/.test(l) && l.split(',').length === 9).length,
    ).toBeGreaterThanOrEqual(6);
    expect(csv.text).toContain(
      'rank,player,points,games,wins,draws,losses,byes,sonneborn_berger,buchholz',
    );
  });

  it('Swiss with three players: a bye each round to a different player, no repeat pairing', async () => {
    const org = await register('SwissOrg');
    const ps: P[] = [];
    for (const h of ['Xavier', 'Yankee', 'Zulu']) ps.push(await register(h));
    const byId = new Map(ps.map((p) => [p.id, p]));
    const created = await request(server)
      .post('/v1/tournaments')
      .set(bearer(org.token))
      .send({ name: 'Swiss', kind: 'swiss', scenario: 'shiloh', rated: false, rounds: 2 })
      .expect(201);
    const id = created.body.id;
    for (const p of ps)
      await request(server).post(`/v1/tournaments/${id}/join`).set(bearer(p.token)).expect(200);
    await request(server).post(`/v1/tournaments/${id}/start`).set(bearer(org.token)).expect(200);
    for (let round = 1; round <= 2; round++) {
      const r = await rounds(id);
      expect(r).toHaveLength(round);
      const g = r[round - 1].games[0];
      expect(r[round - 1].bye).not.toBeNull();
      await request(server)
        .post(`/v1/games/${g.gameId}/resign`)
        .set(bearer(byId.get(g.union.id)!.token))
        .expect(200);
    }
    const r = await rounds(id);
    expect(r[0].bye!.id).not.toBe(r[1].bye!.id);
    expect([r[0].games[0].union.id, r[0].games[0].confederate.id].sort()).not.toEqual(
      [r[1].games[0].union.id, r[1].games[0].confederate.id].sort(),
    );
    const st = await request(server).get(`/v1/tournaments/${id}/standings`).expect(200);
    expect(st.body).toMatchObject({ status: 'finished', kind: 'swiss' });
    expect(st.body.standings.reduce((n: number, s: { byes: number }) => n + s.byes, 0)).toBe(2);
  });

  it('GraphQL: create, join, start, standings', async () => {
    const org = await register('GqlOrg');
    const a = await register('GqlA');
    const b = await register('GqlB');
    const gql = (query: string, variables: object, token?: string) => {
      const req = request(server).post('/graphql').send({ query, variables });
      if (token) req.set('Authorization', `Bearer ${token}`);
      return req.expect(200);
    };
    const made = await gql(
      `mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id status kind } }`,
      { i: { name: 'G', kind: 'round-robin', scenario: 'shiloh', rated: false } },
      org.token,
    );
    expect(made.body.errors).toBeUndefined();
    const id = made.body.data.createTournament.id;
    for (const p of [a, b]) {
      const j = await gql(
        `mutation($id: ID!) { joinTournament(id: $id) { players } }`,
        { id },
        p.token,
      );
      expect(j.body.errors).toBeUndefined();
    }
    const s = await gql(
      `mutation($id: ID!) { startTournament(id: $id) { status rounds currentRound } }`,
      { id },
      org.token,
    );
    expect(s.body.data.startTournament).toEqual({ status: 'running', rounds: 1, currentRound: 1 });
    const st = await gql(`query($id: ID!) { tournamentStandings(id: $id) { round standings } }`, {
      id,
    });
    expect(st.body.data.tournamentStandings.standings).toHaveLength(2);
  });
});
