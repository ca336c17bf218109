/**
 * A scenario author's custom situation through the API (issue 19): a
 * scenario uploaded with `start` (Game-Turn, second Player-Turn, Combat
 * Phase, a Shaken unit) opens there; the attacking seat previews the odds of
 * its obligatory attack and makes it; the finished game's replay re-derives
 * from the uploaded scenario, start included. A start that cannot be played
 * is refused at upload with the path of each problem.
 */
import request from 'supertest';
import { testMapDoc, testScenario } from '../../src/engine/rules/blue-grey/combat.fixtures';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';
import { asAuthor } from '../support/scenario-author';

describe('a custom scenario that starts later, through the API', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  const scenario = (start: unknown, id: string) => ({
    ...testScenario(
      [
        { id: 'us-a', side: 'union', hex: '0404' },
        { id: 'cs-a', side: 'confederate', hex: '0405' },
        { id: 'cs-b', side: 'confederate', hex: '0406' },
      ],
      { turns: 6 },
    ),
    id,
    title: 'A custom start',
    start,
  });

  it('4.0, 8.11, 12.1: the game opens at the given Game-Turn, Player-Turn and phase with the given morale; odds, attack, verified replay', async () => {
    const start = {
      turn: 3,
      player: 'second',
      phase: 'combat',
      units: [{ unit: 'us-a', morale: 'shaken' }],
    };
    const uploaded = await request(server)
      .post('/v1/scenarios')
      .set(await asAuthor(server))
      .send({ scenario: scenario(start, 'custom-start'), map: testMapDoc() })
      .expect(201);
    expectMatchesSpec(uploaded);
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'custom-start', seed: 'custom-start', testing: true })
      .expect(201);
    const id: string = created.body.id;
    const tokens: Record<string, string> = Object.fromEntries(
      created.body.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    );
    const game = created.body.game;
    expect(game).toMatchObject({ turn: 3, phase: 'combat', mustAct: { side: 'confederate' } });
    expect(game.units.find((u: { id: string }) => u.id === 'us-a').morale).toBe('shaken');

    // 8.11: the Confederate units next to the Union unit must attack; the seat previews the odds first.
    const legal = await request(server)
      .get(`/v1/games/${id}/legal-orders`)
      .set('Authorization', `Bearer ${tokens.confederate}`)
      .expect(200);
    const attack = legal.body.orders.find(
      (o: { type: string; attackers?: string[] }) =>
        o.type === 'attack' && (o.attackers?.length ?? 0) > 0,
    );
    expect(attack).toBeDefined();
    const odds = await request(server)
      .post(`/v1/games/${id}/odds`)
      .set('Authorization', `Bearer ${tokens.confederate}`)
      .send({ order: attack })
      .expect(200);
    expectMatchesSpec(odds);
    const reading = odds.body.odds.options[0].readings[0];
    expect(Object.keys(reading.strengths.perAttacker).sort()).toEqual([...attack.attackers].sort());
    expect(Object.keys(reading.strengths.perDefender)).toEqual(['us-a']);
    const done = await request(server)
      .post(`/v1/games/${id}/orders`)
      .set('Authorization', `Bearer ${tokens.confederate}`)
      .send({ expectedVersion: 0, order: attack })
      .expect(200);
    const resolved = done.body.events.find((e: { type: string }) => e.type === 'combat-resolved');
    expect(resolved.column).toBe(reading.column);
    expect(resolved.result).toBe(reading.results[resolved.roll - 1]);

    // The replay re-derives from the uploaded scenario, its start included.
    const state = await request(server).get(`/v1/games/${id}`).expect(200);
    const seat = state.body.status === 'active' ? state.body.mustAct?.side : null;
    if (seat)
      await request(server)
        .post(`/v1/games/${id}/resign`)
        .set('Authorization', `Bearer ${tokens[seat]}`)
        .expect((r) => expect([200, 201]).toContain(r.status));
    const replay = await request(server).get(`/v1/games/${id}/replay`).expect(200);
    const verified = await request(server).post('/v1/replays/verify').send(replay.body).expect(200);
    expect(verified.body).toMatchObject({ ok: true });
  });

  it('3.0: a start that cannot be played is refused at upload, each problem at its path', async () => {
    const bad = { turn: 9, units: [{ unit: 'nobody', morale: 'routed' }] };
    const res = await request(server)
      .post('/v1/scenarios')
      .set(await asAuthor(server))
      .send({ scenario: scenario(bad, 'custom-start-bad'), map: testMapDoc() })
      .expect(422);
    expectMatchesSpec(res);
    const where = res.body.errors.map(
      (e: { property?: string; path?: string }) => e.property ?? e.path,
    );
    expect(where).toEqual(
      expect.arrayContaining(['scenario.start.turn', 'scenario.start.units[0].unit']),
    );
  });
});
