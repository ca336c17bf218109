/**
 * Supplied counters through the service (src/engine/scenario/counters.ts): a
 * custom scenario whose Confederate order of battle is on the counter backs
 * (a `counters` block, as Jonesborough 16.1) is listed as playable with an
 * incomplete order of battle; a game of it without counters is refused 422
 * COUNTERS_REQUIRED, bad counters 422 INVALID_COUNTERS with every problem, a
 * printed scenario given counters 422 INVALID_COUNTERS — never a 5xx, never
 * a game created; with counters the game is set up with the players' units,
 * played, and its replay verifies.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';
import { asAuthor } from '../support/scenario-author';

const FIXTURES = join(__dirname, '..', 'fixtures', 'scenarios');
const ID = 'custom-counters';

/** valid-small with its Confederates taken out: the players supply them (16.1 counters). */
function countersScenario() {
  const scenario = JSON.parse(readFileSync(join(FIXTURES, 'valid-small', 'scenario.json'), 'utf8'));
  const map = JSON.parse(readFileSync(join(FIXTURES, 'valid-small', 'map.json'), 'utf8'));
  const union = (id: string) => id.startsWith('u-') || id.startsWith('g-');
  scenario.id = ID;
  scenario.specialRules = [];
  scenario.units = scenario.units.filter((u: { id: string }) => union(u.id));
  scenario.reinforcements = scenario.reinforcements.filter(
    (r: { side: string }) => r.side === 'union',
  );
  scenario.setup = {
    kind: 'free',
    placements: scenario.setup.placements.filter((p: { unit: string }) => union(p.unit)),
    areas: [{ side: 'confederate', hexes: ['0104', '0204', '0304', '0305', '0205'] }],
  };
  scenario.missing = [
    { case: '16.1', what: 'the Confederate order of battle is printed on the counter backs' },
  ];
  scenario.counters = {
    case: '16.1',
    what: 'Set-up hexes and strengths are printed on the counter backs',
    sides: ['confederate'],
    named: [{ id: 'c-brantly', side: 'confederate', designation: 'Brantly', hex: '0204' }],
  };
  return { scenario, map };
}

const counters = {
  units: [
    { id: 'c-brantly', side: 'confederate', designation: 'Brantly', type: 'infantry', strength: 6 },
    { id: 'c-a', side: 'confederate', designation: '2/A', type: 'infantry', strength: 5 },
    { id: 'c-b', side: 'confederate', designation: 'A', type: 'artillery', strength: 3 },
  ],
  reinforcements: [{ side: 'confederate', turn: 2, entry: ['0101'], units: ['c-b'] }],
};

describe('16.1 counters: the order of battle the players supply', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
    await request(server)
      .post('/v1/scenarios')
      .set(await asAuthor(server))
      .send(countersScenario())
      .expect(201);
  });
  afterAll(() => t?.close());

  const gamesOf = async () =>
    (await request(server).get(`/v1/games?scenario=${ID}`).expect(200)).body.total as number;

  it('16.1 counters: listed with its set-up, an incomplete order of battle, the counters block and the map provenance; playable', async () => {
    const list = await request(server).get('/v1/scenarios').expect(200);
    expectMatchesSpec(list);
    const summary = list.body.items.find((s: { id: string }) => s.id === ID);
    expect(summary).toMatchObject({
      setup: 'free',
      orderOfBattle: 'incomplete',
      counters: { case: '16.1', sides: ['confederate'], named: [{ id: 'c-brantly' }] },
      missing: [{ case: '16.1' }],
      mapProvenance: 'reconstructed from the rules text',
      playable: true,
      notYetSupported: [],
    });
    const shiloh = list.body.items.find((s: { id: string }) => s.id === 'shiloh');
    expect(shiloh).toMatchObject({ setup: 'fixed', orderOfBattle: 'printed' });
    expect(shiloh.counters).toBeUndefined();
    const detail = await request(server).get(`/v1/scenarios/${ID}`).expect(200);
    expectMatchesSpec(detail);
    expect(detail.body).toMatchObject({ orderOfBattle: 'incomplete', counters: { case: '16.1' } });
  });

  it('16.1 counters: the same over GraphQL', async () => {
    const res = await request(server)
      .post('/graphql')
      .send({
        query: `{ scenario(id: "${ID}") { setup orderOfBattle mapProvenance playable
          counters { case what sides named { id side designation hex turn } } missing { case } } }`,
      })
      .expect(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.scenario).toEqual({
      setup: 'free',
      orderOfBattle: 'incomplete',
      mapProvenance: 'reconstructed from the rules text',
      playable: true,
      counters: {
        case: '16.1',
        what: 'Set-up hexes and strengths are printed on the counter backs',
        sides: ['confederate'],
        named: [
          { id: 'c-brantly', side: 'confederate', designation: 'Brantly', hex: '0204', turn: null },
        ],
      },
      missing: [{ case: '16.1' }],
    });
  });

  it('16.1 counters: without counters a side with no unit is refused 422 COUNTERS_REQUIRED, naming the side and the case; no game is created', async () => {
    const res = await request(server).post('/v1/games').send({ scenario: ID }).expect(422);
    expectMatchesSpec(res);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({
      code: 'COUNTERS_REQUIRED',
      rule: '16.1',
      side: 'confederate',
    });
    expect(res.body.detail).toMatch(/confederate side of "custom-counters" has no unit/);
    expect(res.body.detail).toMatch(/options\.counters/);
    expect(await gamesOf()).toBe(0);
  });

  it('16.1 counters: bad counters are refused 422 INVALID_COUNTERS listing every problem at its path', async () => {
    const res = await request(server)
      .post('/v1/games')
      .send({
        scenario: ID,
        options: {
          counters: {
            units: [
              { id: 'u-1', side: 'confederate', designation: 'X', type: 'infantry', strength: 3 },
              { id: 'c-x', side: 'union', designation: 'Y', type: 'infantry', strength: 3 },
              { id: 'c-y', side: 'confederate', designation: 'Z', type: 'tank', strength: -2 },
            ],
            placements: [{ unit: 'c-ghost', hex: '0204' }],
          },
        },
      })
      .expect(422);
    expectMatchesSpec(res);
    expect(res.body.code).toBe('INVALID_COUNTERS');
    expect(res.body.errors.map((e: { property: string }) => e.property)).toEqual([
      'options.counters.units[0].id',
      'options.counters.units[1].side',
      'options.counters.units[2].type',
      'options.counters.units[2].strength',
      'options.counters.placements[0].unit',
    ]);
    // What the merged scenario breaks (a hex off the map, stacking) is reported at the counters' paths too.
    const merged = await request(server)
      .post('/v1/games')
      .send({
        scenario: ID,
        options: {
          counters: {
            units: [
              ...counters.units,
              { id: 'c-c', side: 'confederate', designation: 'C', type: 'cavalry', strength: 2 },
            ],
            placements: [
              { unit: 'c-a', hex: '0204' },
              { unit: 'c-b', hex: '0204' },
              { unit: 'c-c', hex: '0909' },
            ],
          },
        },
      })
      .expect(422);
    expectMatchesSpec(merged);
    expect(merged.body.errors).toEqual([
      {
        property: 'options.counters.placements[2].hex',
        messages: ['hex 0909 is not on the map, which runs from 0101 to 0806'],
      },
      {
        property: 'options.counters.placements[1].hex',
        messages: [
          'three units set up in 0204 (c-brantly, c-a, c-b): the stacking limit is 2 per hex (6.32)',
        ],
      },
    ]);
    const shape = await request(server)
      .post('/v1/games')
      .send({ scenario: ID, options: { counters: [1, 2] } })
      .expect(400); // a wrong shape of a game option is the request's fault (game-options.ts)
    expectMatchesSpec(shape);
    expect(shape.body.code).toBe('VALIDATION_FAILED');
    expect(shape.body.errors).toEqual([
      {
        property: 'options.counters',
        messages: ['must be an object {units, placements?, reinforcements?}'],
      },
    ]);
    expect(await gamesOf()).toBe(0);
  });

  it('16.1 counters: a scenario whose order of battle is printed takes no counters (422 INVALID_COUNTERS)', async () => {
    const res = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', options: { counters } })
      .expect(422);
    expectMatchesSpec(res);
    expect(res.body).toMatchObject({
      code: 'INVALID_COUNTERS',
      errors: [
        {
          property: 'options.counters',
          messages: ['scenario "shiloh" takes no counters (its order of battle is printed)'],
        },
      ],
    });
  });

  it('16.1 counters, 3.0: with counters the game is set up with the players’ units, played, and its replay verifies', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: ID, seed: 'counters-e2e', testing: true, options: { counters } })
      .expect(201);
    expectMatchesSpec(created);
    const id = created.body.id as string;
    const tokens = Object.fromEntries(
      created.body.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    ) as Record<'union' | 'confederate', string>;
    const auth = (side: 'union' | 'confederate') => ({ Authorization: `Bearer ${tokens[side]}` });
    const unitsOf = (game: { units: Array<{ id: string; hex: string | null; status: string }> }) =>
      Object.fromEntries(game.units.map((u) => [u.id, [u.hex, u.status]]));
    expect(created.body.game).toMatchObject({ phase: 'setup', phasing: 'confederate' });
    expect(unitsOf(created.body.game)).toMatchObject({
      'c-brantly': ['0204', 'on-map'],
      'c-a': [null, 'pending'],
      'c-b': [null, 'pending'],
    });

    // The Confederates place their one unplaced unit (c-b arrives on Game-Turn 2), then end the set-up.
    const legal = await request(server)
      .get(`/v1/games/${id}/legal-orders`)
      .set(auth('confederate'))
      .expect(200);
    expectMatchesSpec(legal);
    const places = legal.body.orders.filter((o: { type: string }) => o.type === 'place');
    expect(new Set(places.map((o: { unit: string }) => o.unit))).toEqual(new Set(['c-a']));
    let version = 0;
    for (const order of [places[0], { type: 'end-phase' }, { type: 'end-phase' }]) {
      const res = await request(server)
        .post(`/v1/games/${id}/orders`)
        .set(auth('confederate'))
        .send({ order, expectedVersion: version })
        .expect(200);
      expectMatchesSpec(res);
      version = res.body.version;
    }
    const view = await request(server).get(`/v1/games/${id}`).expect(200);
    expectMatchesSpec(view);
    expect(view.body).toMatchObject({ turn: 1, phase: 'combat', phasing: 'confederate' });

    // End the game so the seed is revealed, then verify the replay.
    await request(server)
      .post(`/v1/games/${id}/orders`)
      .set(auth('union'))
      .send({ order: { type: 'resign' }, expectedVersion: version })
      .expect(200);
    const replay = await request(server).get(`/v1/games/${id}/replay`).expect(200);
    expectMatchesSpec(replay);
    expect(replay.body.options).toEqual({ counters });
    expect(replay.body.seed).toBe('counters-e2e');
    const verified = await request(server).post('/v1/replays/verify').send(replay.body).expect(200);
    expectMatchesSpec(verified);
    expect(verified.body).toMatchObject({ ok: true, entries: 4, verified: 4 });
    const state0 = await request(server).get(`/v1/games/${id}/states/0`).expect(200);
    expectMatchesSpec(state0);
    expect(state0.body.state.units['c-brantly']).toMatchObject({ hex: '0204', strength: 6 });

    // A replay whose counters were tampered with is not the game that was played.
    const tampered = structuredClone(replay.body);
    tampered.options.counters.units[0].strength = 9;
    const check = await request(server).post('/v1/replays/verify').send(tampered).expect(200);
    expect(check.body.ok).toBe(false);
  });
});
