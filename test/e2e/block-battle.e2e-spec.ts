/**
 * A block battle (Bobby Lee / Sam Grant, 002) played to its end through the
 * API, under the same engine contract as the hex games: the battle scenario
 * is uploaded like any custom scenario (its document alone, checked against
 * scenarios/schema/block-battle.schema.json), two seats play it over REST
 * from the orders each is listed, a spectator reads the public view.
 *
 * Fog of war (notes §8) at every step: in every read a reader makes — the
 * game (REST and GraphQL), the answer to its own orders, legal orders,
 * victory, and mid-battle the replay (JSON and NDJSON), states/{seq} and the
 * live updates (SSE) — an enemy block that reader has not been shown shows
 * no type, strength or name. Once the battle is over everything is revealed,
 * the seed is published and the replay verifies.
 */
import { IncomingMessage, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';
import { asAuthor } from '../support/scenario-author';
import { xorshiftRandom } from '../support/xorshift';

type Side = 'union' | 'confederate';
type Reader = Side | 'public';
interface ViewUnit {
  id: string;
  side: Side;
  hidden: boolean;
  name?: string;
  type?: string;
  cv?: number;
}

const FIXTURE = join(__dirname, '..', 'fixtures', 'block-battles', 'block-first-manassas');
const SCENARIO_ID = 'e2e-block-first-manassas';
/** What a hidden enemy block shows: where it stands and its status markers, nothing of what it is. */
const HIDDEN_KEYS = ['disrupted', 'fired', 'hidden', 'id', 'moves', 'place', 'retreating', 'side'];
const MAX_ORDERS = 1500;

const rng = xorshiftRandom;

describe('Block battle through the API (002 6.0–7.6, notes §8, §10): two seats, a spectator, fog of war, a verified replay', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  let id: string;
  let tokens: Record<Side, string>;
  /** Block names per id, as their owners see them. */
  const names = new Map<string, string>();
  /** Block ids each reader has been shown (revealed blocks stay in the event log: notes §8.4 2). */
  const seen: Record<Reader, Set<string>> = {
    union: new Set(),
    confederate: new Set(),
    public: new Set(),
  };
  let version = 0;
  let midReadsChecked = false;

  const auth = (r: Reader): Record<string, string> =>
    r === 'public' ? {} : { Authorization: `Bearer ${tokens[r]}` };

  const gameAs = async (r: Reader) => {
    const res = await request(server).get(`/v1/games/${id}`).set(auth(r)).expect(200);
    expectMatchesSpec(res);
    return res.body;
  };

  /** The names of blocks `reader` has never been shown: none may appear in what it reads. */
  const unseenNames = (r: Reader): string[] => {
    const shown = new Set([...seen[r]].map((b) => names.get(b)));
    return [...names]
      .filter(([b, name]) => !seen[r].has(b) && !shown.has(name))
      .map(([, name]) => name);
  };

  const expectNoLeak = (r: Reader, what: string, body: unknown) => {
    const text = JSON.stringify(body);
    for (const name of unseenNames(r))
      expect({ what, reader: r, leaked: text.includes(`"${name}"`) ? name : null }).toEqual({
        what,
        reader: r,
        leaked: null,
      });
  };

  /** A reader's game view: own blocks whole, enemy blocks hidden unless revealed; records what it was shown. */
  const checkView = (r: Reader, game: { view?: unknown; battle: { units: ViewUnit[] } }) => {
    for (const u of game.battle.units) {
      if (u.side === r) expect(u.hidden).toBe(false);
      if (u.hidden) expect(Object.keys(u).sort()).toEqual(HIDDEN_KEYS);
      else {
        seen[r].add(u.id);
        if (u.name) names.set(u.id, u.name);
      }
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
    const scenario = JSON.parse(readFileSync(join(FIXTURE, 'scenario.json'), 'utf8'));
    delete scenario.$schema;
    scenario.id = SCENARIO_ID;
    const uploaded = await request(server)
      .post('/v1/scenarios')
      .set(await asAuthor(server))
      .send({ scenario })
      .expect(201);
    expectMatchesSpec(uploaded);
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: SCENARIO_ID, seed: 'block-e2e-seed', testing: true })
      .expect(201);
    expectMatchesSpec(created);
    id = created.body.id;
    tokens = Object.fromEntries(
      created.body.seats.map((s: { side: Side; token: string }) => [s.side, s.token]),
    ) as Record<Side, string>;
  });
  afterAll(() => t?.close());

  it('B6.1: the battle scenario is listed and shown like any other, without a map; a map picture is 404', async () => {
    const list = await request(server).get('/v1/scenarios').expect(200);
    expectMatchesSpec(list);
    const summary = list.body.items.find((s: { id: string }) => s.id === SCENARIO_ID);
    expect(summary).toMatchObject({
      rules: { system: 'block' },
      kind: 'block-battle',
      origin: 'custom',
      playable: true,
      notYetSupported: [],
    });
    const detail = await request(server).get(`/v1/scenarios/${SCENARIO_ID}`).expect(200);
    expectMatchesSpec(detail);
    expect(detail.body.map).toBeUndefined();
    await request(server).get(`/v1/scenarios/${SCENARIO_ID}/map.svg`).expect(404);
    // A block game has no picture yet: refused by name, as any rule not implemented.
    const board = await request(server).get(`/v1/games/${id}/board.svg`).expect(422);
    expectMatchesSpec(board);
    expect(board.body).toMatchObject({ code: 'NOT_YET_SUPPORTED', rule: 'board' });
    const bad = await request(server)
      .post('/v1/scenarios')
      .set(await asAuthor(server))
      .send({ scenario: { ...detail.body.scenario, id: 'e2e-bad-block', hexsides: [] } })
      .expect(422);
    expectMatchesSpec(bad);
    expect(bad.body.code).toBe('INVALID_SCENARIO');
  });

  it('B6.2, notes §8: the Defender deploys first; the Attacker and the public see the block counts, no identity or strength', async () => {
    const pub = await gameAs('public');
    expect(pub).toMatchObject({ rulesSystem: 'block', status: 'active', version: 0 });
    expect(pub.mustAct).toMatchObject({ seats: ['confederate'], side: 'confederate' });
    expect(pub.units).toBeUndefined();
    for (const r of ['union', 'confederate', 'public'] as const) checkView(r, await gameAs(r));
    const hiddenToUnion = (await gameAs('union')).battle.units.filter((u: ViewUnit) => u.hidden);
    expect(hiddenToUnion.length).toBeGreaterThan(0);
    expect(hiddenToUnion.every((u: ViewUnit) => u.side === 'confederate')).toBe(true);
    // Not vacuous: the owners' views named every block, and the others have seen none of the enemy's.
    expect(names.size).toBe((await gameAs('public')).battle.units.length);
    expect(unseenNames('public').length).toBe(names.size);
    expect(unseenNames('union').length).toBeGreaterThan(0);
    for (const r of ['union', 'public'] as const) expectNoLeak(r, 'game', await gameAs(r));
    const gql = await request(server)
      .post('/graphql')
      .send({ query: `{ game(id: "${id}") { rulesSystem turn phase units { id } view } }` })
      .expect(200);
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.game.units).toBeNull();
    expectNoLeak('public', 'graphql game', gql.body);
  });

  it('B6.1: a seat that need not act is refused 403 NOT_YOUR_TURN, and is listed no order', async () => {
    const legal = await request(server)
      .get(`/v1/games/${id}/legal-orders`)
      .set(auth('union'))
      .expect(200);
    expect(legal.body.orders).toEqual([]);
    const refused = await request(server)
      .post(`/v1/games/${id}/orders`)
      .set(auth('union'))
      .send({ expectedVersion: 0, order: { type: 'end-phase' } })
      .expect(403);
    expectMatchesSpec(refused);
    expect(refused.body).toMatchObject({
      code: 'NOT_YOUR_TURN',
      mustAct: { seats: ['confederate'] },
    });
    expect(JSON.stringify(refused.body)).not.toMatch(/"cv"|"name"/);
  });

  it('B6.1–B7.6: two seats play the battle to its end through REST, each reading only its view at every step; mid-battle, replay, states and live updates hide the same', async () => {
    const r = rng(20261127);
    let game = await gameAs('public');
    let orders = 0;
    while (game.status === 'active') {
      expect(orders++).toBeLessThan(MAX_ORDERS);
      const seat: Side = game.mustAct.seats[0];
      const legal = await request(server)
        .get(`/v1/games/${id}/legal-orders`)
        .set(auth(seat))
        .expect(200);
      expectNoLeak(seat, 'legal orders', legal.body);
      const listed: Array<{ type: string; unit?: string }> = legal.body.orders.filter(
        (o: { type: string }) => o.type !== 'resign',
      );
      expect(listed.length).toBeGreaterThan(0);
      // Deploy every block still off the board first (6.2), then end phases now and then.
      const own = await gameAs(seat);
      checkView(seat, own);
      const undeployed = new Set(
        own.battle.units
          .filter((u: ViewUnit & { place: { kind: string } }) => u.place.kind === 'undeployed')
          .map((u: ViewUnit) => u.id),
      );
      const place = listed.filter((o) => o.type === 'place' && undeployed.has(o.unit!));
      const end = listed.find((o) => o.type === 'end-phase' || o.type === 'deploy-done');
      const others = listed.filter((o) => o.type !== 'end-phase' && o.type !== 'deploy-done');
      const order =
        place.length > 0
          ? place[Math.floor(r() * place.length)]
          : end && (others.length === 0 || r() < 0.3)
            ? end
            : others[Math.floor(r() * others.length)];
      const answer = await request(server)
        .post(`/v1/games/${id}/orders`)
        .set(auth(seat))
        .send({ expectedVersion: version, order })
        .expect(200);
      version = answer.body.version;
      if (answer.body.game.status === 'active') {
        checkView(seat, answer.body.game);
        expectNoLeak(seat, 'order answer', answer.body);
      }
      game = await gameAs('public');
      if (game.status !== 'active') break;
      checkView('public', game);
      expectNoLeak('public', 'game', game);
      const other: Side = seat === 'union' ? 'confederate' : 'union';
      const opponent = await gameAs(other);
      checkView(other, opponent);
      expectNoLeak(other, 'game', opponent);
      const victory = await request(server).get(`/v1/games/${id}/victory`).expect(200);
      expectMatchesSpec(victory);
      expect(victory.body.winner).toBeNull();
      if (!midReadsChecked && version >= 12) {
        midReadsChecked = true;
        await checkMidBattleReads();
      }
    }
    expect(midReadsChecked).toBe(true);
    expect(game.status).toBe('finished');
    expect(game.mustAct).toBeNull();
    // At the end every block is shown to everyone.
    expect(game.battle.units.every((u: ViewUnit) => !u.hidden)).toBe(true);
    const victory = await request(server).get(`/v1/games/${id}/victory`).expect(200);
    expect(victory.body.status).toBe('finished');
    expect(victory.body.reason).toEqual(game.result.reason);
  }, 600_000);

  /** The replay (JSON, NDJSON), states/{seq} and live updates as the public and the opponent read them mid-battle. */
  async function checkMidBattleReads(): Promise<void> {
    // Some blocks are still unseen by each reader, so the checks below can fail.
    for (const r of ['public', 'union', 'confederate'] as const)
      expect(unseenNames(r).length).toBeGreaterThan(0);
    for (const r of ['public', 'union', 'confederate'] as const) {
      const replay = await request(server).get(`/v1/games/${id}/replay`).set(auth(r)).expect(200);
      expectMatchesSpec(replay);
      expect(replay.body.seed).toBeNull();
      expectNoLeak(r, 'replay', replay.body);
      const ndjson = await request(server)
        .get(`/v1/games/${id}/replay`)
        .set({ ...auth(r), Accept: 'application/x-ndjson' })
        .buffer(true)
        .parse((res, cb) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => cb(null, text));
        })
        .expect(200);
      expectNoLeak(r, 'replay ndjson', ndjson.body);
      const state = await request(server)
        .get(`/v1/games/${id}/states/${version}`)
        .set(auth(r))
        .expect(200);
      expectMatchesSpec(state);
      expect(state.body.redacted).toBe(true);
      expectNoLeak(r, 'states', state.body);
      const gqlReplay = await request(server)
        .post('/graphql')
        .set(auth(r))
        .send({ query: `{ replay(id: "${id}") { entries { order events } } }` })
        .expect(200);
      expect(gqlReplay.body.errors).toBeUndefined();
      expectNoLeak(r, 'graphql replay', gqlReplay.body);
    }
    // Live updates: the public stream from the start (read from the log, as after a reconnect).
    const sse = await readEvents(`/v1/games/${id}/events?after=0`, version);
    expect(sse).toContain(`id: ${version}`);
    expectNoLeak('public', 'events', sse);
  }

  /** The SSE stream's text until the entry `last` has arrived. */
  async function readEvents(path: string, last: number): Promise<string> {
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const { port } = server.address() as AddressInfo;
    try {
      return await new Promise<string>((resolve, reject) => {
        const req = httpRequest({ port, path, headers: { accept: 'text/event-stream' } });
        req.on('response', (res: IncomingMessage) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes(`id: ${last}\n`) && text.endsWith('\n\n')) {
              req.destroy();
              resolve(text);
            }
          });
        });
        req.on('error', (e) => (e.message.includes('aborted') ? undefined : reject(e)));
        req.end();
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it('B6.1: once the battle is over everything is revealed: the seed is published and the replay verifies', async () => {
    const replay = await request(server).get(`/v1/games/${id}/replay`).expect(200);
    expectMatchesSpec(replay);
    expect(replay.body.seed).toBe('block-e2e-seed');
    expect(replay.body.entries).toHaveLength(version);
    const state = await request(server).get(`/v1/games/${id}/states/${version}`).expect(200);
    expect(state.body.redacted).toBeUndefined();
    expect(state.body.state.battle.units.length).toBe(names.size);
    const verified = await request(server).post('/v1/replays/verify').send(replay.body).expect(200);
    expectMatchesSpec(verified);
    expect(verified.body).toMatchObject({
      ok: true,
      verified: version,
      seedMatchesCommitment: true,
    });
    const tampered = structuredClone(replay.body);
    tampered.entries[0].order = { type: 'deploy-done' };
    const refused = await request(server).post('/v1/replays/verify').send(tampered).expect(200);
    expect(refused.body.ok).toBe(false);
    const after = await request(server)
      .post(`/v1/games/${id}/orders`)
      .set(auth('union'))
      .send({ expectedVersion: version, order: { type: 'end-phase' } })
      .expect(403);
    expect(after.body.code).toBe('GAME_OVER');
  });
});
