/**
 * 3.0 free-deployment set-up through the service: a custom scenario whose
 * set-up is "free" is listed as playable, its games open in the set-up phase
 * (GameView phase "setup", as openapi.yaml describes), the acting seat gets
 * its `place` orders, and after both sides have placed and ended the phase
 * Game-Turn One begins. Scenarios whose data the text lacks are listed with an
 * incomplete order of battle and what is missing (their players supply the
 * units: test/e2e/counters.e2e-spec.ts).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';
import { asAuthor } from '../support/scenario-author';

const FIXTURES = join(__dirname, '..', 'fixtures', 'scenarios');

describe('3.0 free-deployment set-up through the service', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  const freeScenario = () => {
    const scenario = JSON.parse(
      readFileSync(join(FIXTURES, 'valid-small', 'scenario.json'), 'utf8'),
    );
    const map = JSON.parse(readFileSync(join(FIXTURES, 'valid-small', 'map.json'), 'utf8'));
    scenario.id = 'custom-free-setup';
    scenario.specialRules = [];
    // Union units u-1..u-4 in the east, Confederate c-1..c-4 in the west; reinforcements unchanged.
    scenario.setup = {
      kind: 'free',
      areas: [
        { side: 'union', hexes: ['0402', '0502', '0503', '0602', '0603'] },
        { side: 'confederate', hexes: ['0104', '0204', '0304', '0305', '0205'] },
      ],
    };
    return { scenario, map };
  };

  it('3.0: a free set-up scenario is playable; a game of it opens in the set-up phase and starts Game-Turn One once both sides have placed', async () => {
    await request(server)
      .post('/v1/scenarios')
      .set(await asAuthor(server))
      .send(freeScenario())
      .expect(201);
    const list = await request(server).get('/v1/scenarios').expect(200);
    expectMatchesSpec(list);
    expect(list.body.items.find((s: { id: string }) => s.id === 'custom-free-setup')).toMatchObject(
      {
        setup: 'free',
        playable: true,
        notYetSupported: [],
      },
    );

    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'custom-free-setup', seed: 'free-setup-e2e', testing: true })
      .expect(201);
    const id = created.body.id as string;
    const tokens = Object.fromEntries(
      created.body.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    ) as Record<'union' | 'confederate', string>;
    const auth = (side: 'union' | 'confederate') => ({ Authorization: `Bearer ${tokens[side]}` });

    const view = await request(server).get(`/v1/games/${id}`).expect(200);
    expectMatchesSpec(view);
    // valid-small: the Confederate is the First Player and places first.
    expect(view.body).toMatchObject({ phase: 'setup', phasing: 'confederate', turn: 1 });

    let version = view.body.version as number;
    for (const side of ['confederate', 'union'] as const) {
      for (;;) {
        const legal = await request(server)
          .get(`/v1/games/${id}/legal-orders`)
          .set(auth(side))
          .expect(200);
        expectMatchesSpec(legal);
        const place = legal.body.orders.find((o: { type: string }) => o.type === 'place');
        const order = place ?? { type: 'end-phase' };
        const res = await request(server)
          .post(`/v1/games/${id}/orders`)
          .set(auth(side))
          .send({ order, expectedVersion: version });
        if (res.status !== 200 && res.status !== 201) throw new Error(JSON.stringify(res.body));
        expectMatchesSpec(res);
        version = res.body.version;
        if (!place) break;
      }
    }
    const after = await request(server).get(`/v1/games/${id}`).expect(200);
    expectMatchesSpec(after);
    expect(after.body).toMatchObject({ phase: 'movement', phasing: 'confederate', turn: 1 });
    const onMap = after.body.units.filter((u: { status: string }) => u.status === 'on-map');
    expect(onMap).toHaveLength(8);
  });

  it('3.0, 16.1: Second Bull Run and Olustee are listed with an incomplete order of battle, naming what the text lacks', async () => {
    const list = await request(server).get('/v1/scenarios').expect(200);
    expectMatchesSpec(list);
    const sbr = list.body.items.find((s: { id: string }) => s.id === 'second-bull-run');
    const olustee = list.body.items.find((s: { id: string }) => s.id === 'olustee');
    expect(sbr).toMatchObject({ setup: 'free', orderOfBattle: 'incomplete' });
    expect(sbr.missing[0]).toMatchObject({
      case: '16.1',
      what: expect.stringMatching(/map sheet/),
    });
    expect(olustee).toMatchObject({ orderOfBattle: 'incomplete' });
    expect(olustee.missing[0]).toMatchObject({ case: '17.1' });
  });
});
