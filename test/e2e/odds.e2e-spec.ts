/**
 * POST /v1/games/{id}/odds and the GraphQL attackOdds query (issue 19): the
 * odds of an attack before it is made, nothing rolled or stored; refused as
 * the order itself would be; the result the order then gets is the one the
 * preview gave for the die rolled; the block game answers NOT_YET_SUPPORTED.
 */
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

interface Reading {
  strengths: { attack: number; defence: number };
  column: string;
  results: string[];
}

describe('odds preview through the API', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('8.0, 8.6: the odds of a listed attack, refused like the order outside its moment, and the die then read as previewed', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'antietam', seed: 'odds-e2e', testing: true })
      .expect(201);
    const id: string = created.body.id;
    const tokens: Record<string, string> = Object.fromEntries(
      created.body.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    );
    const first: string = created.body.game.mustAct.side;
    const other = first === 'union' ? 'confederate' : 'union';
    const attack = { type: 'attack', attackers: [], bombard: ['x'], defenders: ['0101'] };

    // Movement Phase: refused exactly as submitting the order is (422, same code and rule).
    const early = await request(server)
      .post(`/v1/games/${id}/odds`)
      .set(bearer(tokens[first]))
      .send({ order: attack })
      .expect(422);
    expectMatchesSpec(early);
    const submitted = await request(server)
      .post(`/v1/games/${id}/orders`)
      .set(bearer(tokens[first]))
      .send({ expectedVersion: 0, order: attack })
      .expect(422);
    expect({ code: early.body.code, rule: early.body.rule }).toEqual({
      code: submitted.body.code,
      rule: submitted.body.rule,
    });

    await request(server)
      .post(`/v1/games/${id}/orders`)
      .set(bearer(tokens[first]))
      .send({ expectedVersion: 0, order: { type: 'end-phase' } })
      .expect(200);
    const legal = await request(server)
      .get(`/v1/games/${id}/legal-orders`)
      .set(bearer(tokens[first]))
      .expect(200);
    const attacks = legal.body.orders.filter((o: { type: string }) => o.type === 'attack');
    expect(attacks.length).toBeGreaterThan(0);
    const order = attacks[attacks.length - 1];

    const res = await request(server)
      .post(`/v1/games/${id}/odds`)
      .set(bearer(tokens[first]))
      .send({ order })
      .expect(200);
    expectMatchesSpec(res);
    expect(res.body).toMatchObject({ version: 1, side: first, odds: { rules: 'blue-grey' } });
    const options = res.body.odds.options as Array<{
      option: string;
      readings: Reading[];
      chances: { outOf: number; counts: Record<string, number> };
    }>;
    for (const o of options) {
      const total = Object.values(o.chances.counts).reduce((a, b) => a + b, 0);
      expect(total).toBe(o.chances.outOf);
    }

    // Nothing was rolled or stored.
    const game = await request(server).get(`/v1/games/${id}`).expect(200);
    expect(game.body.version).toBe(1);

    // The other seat may not ask (403 as for the order), nor anyone without a seat token (401).
    const notYours = await request(server)
      .post(`/v1/games/${id}/odds`)
      .set(bearer(tokens[other]))
      .send({ order })
      .expect(403);
    expect(notYours.body).toMatchObject({ code: 'NOT_YOUR_TURN', mustAct: { side: first } });
    await request(server).post(`/v1/games/${id}/odds`).send({ order }).expect(401);
    // Not an attack: BAD_ORDER; a body without an order: 400.
    const notAttack = await request(server)
      .post(`/v1/games/${id}/odds`)
      .set(bearer(tokens[first]))
      .send({ order: { type: 'end-phase' } })
      .expect(422);
    expect(notAttack.body.code).toBe('BAD_ORDER');
    await request(server)
      .post(`/v1/games/${id}/odds`)
      .set(bearer(tokens[first]))
      .send({ attack: order })
      .expect(400);

    // GraphQL gives the same answer.
    const gql = await request(server)
      .post('/graphql')
      .set(bearer(tokens[first]))
      .send({
        query:
          'query($id: ID!, $order: JSON!) { attackOdds(gameId: $id, order: $order) { version side odds } }',
        variables: { id, order },
      })
      .expect(200);
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.attackOdds).toEqual(res.body);
    const gqlBad = await request(server).post('/graphql').set(bearer('not-a-token')).send({
      query:
        'query($id: ID!, $order: JSON!) { attackOdds(gameId: $id, order: $order) { version } }',
      variables: { id, order },
    });
    expect(gqlBad.body.errors[0].extensions.code).toBe('INVALID_SEAT_TOKEN');

    // The order itself: its result is the one previewed for the die rolled (and the option taken).
    const done = await request(server)
      .post(`/v1/games/${id}/orders`)
      .set(bearer(tokens[first]))
      .send({ expectedVersion: 1, order })
      .expect(200);
    const resolved = (done.body.events as Array<Record<string, unknown>>).find(
      (e) => e.type === 'combat-resolved',
    );
    expect(resolved).toBeDefined();
    {
      const option = options.find(
        (o) => o.option === (resolved!.terrain as { option: string }).option,
      )!;
      const reading =
        option.readings.find(
          (r) =>
            ((r as unknown as { night: { die: number } | null }).night?.die ?? null) ===
            ((resolved!.night as { roll: number } | null)?.roll ?? null),
        ) ?? option.readings[0];
      expect(resolved!.column).toBe(reading.column);
      expect(resolved!.result).toBe(reading.results[(resolved!.roll as number) - 1]);
    }
  });

  it('the block game has no odds table: 422 NOT_YET_SUPPORTED', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'block-first-manassas' })
      .expect(201);
    const seat = created.body.seats[0];
    const res = await request(server)
      .post(`/v1/games/${created.body.id}/odds`)
      .set(bearer(seat.token))
      .send({ order: { type: 'attack', attackers: [], defenders: [] } })
      .expect(422);
    expectMatchesSpec(res);
    expect(res.body.code).toBe('NOT_YET_SUPPORTED');
  });
});
