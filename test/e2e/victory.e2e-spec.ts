import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

describe('victory: GET /v1/games/{id}/victory', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  it('18.1, 18.2: points so far and the provisional level while the game goes on; the result once it is over', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh' })
      .expect(201);
    const id = created.body.id;
    const active = await request(server).get(`/v1/games/${id}/victory`).expect(200);
    expectMatchesSpec(active);
    expect(active.body).toMatchObject({
      gameId: id,
      status: 'active',
      points: { union: 0, confederate: 0 },
      level: null,
      winner: null,
      competitionScore: null,
    });
    expect(active.body.provisional).toEqual(expect.objectContaining({ level: expect.any(String) }));
    expect(Object.keys(active.body.objectives)).toEqual(['1508']);

    const confederate = created.body.seats.find(
      (s: { side: string }) => s.side === 'confederate',
    ).token;
    await request(server)
      .post(`/v1/games/${id}/orders`)
      .set('Authorization', `Bearer ${confederate}`)
      .send({ expectedVersion: 0, order: { type: 'resign' } })
      .expect(200);
    const over = await request(server).get(`/v1/games/${id}/victory`).expect(200);
    expectMatchesSpec(over);
    expect(over.body).toMatchObject({ status: 'finished', winner: 'union', provisional: null });
    expect(over.body.reason).toMatch(/resign/);
  });

  it('404 for an unknown game', async () => {
    expectMatchesSpec(
      await request(server)
        .get('/v1/games/8d7f3c2e-1111-4222-8333-944455556666/victory')
        .expect(404),
    );
  });
});
