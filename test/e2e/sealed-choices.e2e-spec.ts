/**
 * Sealed choices through the service (src/engine/secrecy.ts): Road to
 * Richmond 17.62 has the Confederate Player "secretly write down" which
 * Game-Turn One reinforcements he reallocates. While the game is under way
 * the replay (JSON and NDJSON), the states and live updates show those orders
 * as {type: "sealed"} and the states without the written list to the Union
 * seat and to spectators; the Confederate seat sees his own. Once the game is
 * over everything is shown and the replay verifies.
 */
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';
import { GamesService } from '../../src/games/games.service';
import { presentUpdate, updateOfEntry } from '../../src/games/game-updates';
import { stateHash, stateHasher } from '../../src/games/state-hash';
import { DataSource } from 'typeorm';

const SEALED = { type: 'sealed', side: 'confederate', rule: '17.61, 17.62, 17.63, 17.64' };
const LIST_KEY = 'conditional-reinforcements:17.61, 17.62, 17.63, 17.64';

describe('Road to Richmond 17.62: sealed choices in replays, states and live updates', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  let id: string;
  let tokens: Record<'union' | 'confederate', string>;
  let reallocation: { type: string; unit: string; toTurn: number };
  let candidates: Array<{ type: string; unit: string; toTurn: number }>;

  const auth = (side: 'union' | 'confederate') => ({ Authorization: `Bearer ${tokens[side]}` });
  const replayAs = async (headers: Record<string, string> = {}) =>
    (await request(server).get(`/v1/games/${id}/replay`).set(headers).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'road-to-richmond', seed: 'sealed-e2e', testing: true })
      .expect(201);
    id = created.body.id;
    tokens = Object.fromEntries(
      created.body.seats.map((s: { side: string; token: string }) => [s.side, s.token]),
    ) as typeof tokens;
    const legal = await request(server)
      .get(`/v1/games/${id}/legal-orders`)
      .set(auth('confederate'))
      .expect(200);
    candidates = legal.body.orders.filter(
      (o: { type: string }) => o.type === 'reallocate-reinforcement',
    );
    reallocation = candidates[0];
    expect(reallocation).toBeDefined();
    await request(server)
      .post(`/v1/games/${id}/orders`)
      .set(auth('confederate'))
      .send({ expectedVersion: 0, order: reallocation })
      .expect(200);
  });
  afterAll(() => t?.close());

  it('Road to Richmond 17.62: the Union seat and spectators read the order as sealed; the Confederate seat reads it', async () => {
    const spectator = await replayAs();
    expect(spectator.entries[0].order).toEqual(SEALED);
    expect(JSON.stringify(spectator)).not.toContain(reallocation.unit);
    const union = await request(server)
      .get(`/v1/games/${id}/replay`)
      .set(auth('union'))
      .expect(200);
    expectMatchesSpec(union);
    expect(union.body.entries[0].order).toEqual(SEALED);
    expect((await replayAs(auth('confederate'))).entries[0].order).toEqual(reallocation);
  });

  it('Road to Richmond 17.62: the NDJSON replay seals the same way', async () => {
    const res = await request(server)
      .get(`/v1/games/${id}/replay`)
      .set({ Accept: 'application/x-ndjson', ...auth('union') })
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString()));
        r.on('end', () => cb(null, text));
      })
      .expect(200);
    const lines = (res.body as string)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0].header.seed).toBeNull(); // the header line first (issue 18)
    expect(lines[1].order).toEqual(SEALED);
  });

  it('Road to Richmond 17.62: states/{seq} leave the written list out for the Union seat (redacted), not for the Confederate', async () => {
    const union = await request(server)
      .get(`/v1/games/${id}/states/1`)
      .set(auth('union'))
      .expect(200);
    expectMatchesSpec(union);
    expect(union.body.redacted).toBe(true);
    expect(union.body.state.hookState[LIST_KEY]).toBeUndefined();
    const spectator = await request(server).get(`/v1/games/${id}/states/1`).expect(200);
    expect(spectator.body.redacted).toBe(true);
    const confederate = await request(server)
      .get(`/v1/games/${id}/states/1`)
      .set(auth('confederate'))
      .expect(200);
    expect(confederate.body.redacted).toBeUndefined();
    expect(confederate.body.state.hookState[LIST_KEY].written).toEqual({
      [reallocation.unit]: reallocation.toTurn,
    });
    // Nothing sealed before the order: the set-up is shown whole.
    const setup = await request(server).get(`/v1/games/${id}/states/0`).expect(200);
    expect(setup.body.redacted).toBeUndefined();
  });

  it('Road to Richmond 17.62: a token of no seat is refused 401, not treated as a spectator', async () => {
    const res = await request(server)
      .get(`/v1/games/${id}/replay`)
      .set({ Authorization: 'Bearer not-a-seat-token' })
      .expect(401);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    await request(server)
      .get(`/v1/games/${id}/states/1`)
      .set({ Authorization: 'Bearer not-a-seat-token' })
      .expect(401);
  });

  it('Road to Richmond 17.62: the GraphQL replay seals it too', async () => {
    const res = await request(server)
      .post('/graphql')
      .send({ query: `{ replay(id: "${id}") { entries { order } } }` })
      .expect(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.replay.entries[0].order).toEqual(SEALED);
  });

  it('Road to Richmond 17.62: live updates (SSE entry events, GraphQL gameUpdated) carry the order sealed while the game is under way', async () => {
    const games = t.app.get(GamesService);
    const loaded = await games.load(id);
    const { prepared } = loaded;
    const [entry] = await games.entriesWithStates(loaded, 0, 1);
    // The bus carries the whole entry; every live client gets it as its reader may see it.
    expect(presentUpdate(updateOfEntry(entry, prepared), prepared, null).order).toEqual(SEALED);
    expect(presentUpdate(updateOfEntry(entry, prepared), prepared, 'union').order).toEqual(SEALED);
    expect(presentUpdate(updateOfEntry(entry, prepared), prepared, 'confederate').order).toEqual(
      reallocation,
    );
  });

  it('Road to Richmond 17.62 (issue 13): the published state hash does not give the sealed list away to a brute force', async () => {
    // What a spectator has: the redacted state after entry 1 and its published hash.
    const spectator = await request(server).get(`/v1/games/${id}/states/1`).expect(200);
    const published: string = spectator.body.stateHash;
    // The shape of the hidden hook state (as its owner sees it), to fill in each guess.
    const owner = await request(server)
      .get(`/v1/games/${id}/states/1`)
      .set(auth('confederate'))
      .expect(200);
    const hidden = owner.body.state.hookState[LIST_KEY];
    const guess = (c: { unit: string; toTurn: number }) => ({
      ...spectator.body.state,
      hookState: {
        ...spectator.body.state.hookState,
        [LIST_KEY]: { ...hidden, written: { [c.unit]: c.toTurn } },
      },
    });
    expect(candidates.length).toBeGreaterThan(1);
    // The guesses include the truth: against a plain sha256 of the state the brute force would win…
    const plain = candidates.map((c) => stateHash(guess(c)));
    expect(plain).toContain(stateHash(owner.body.state));
    // …but the published hash is keyed with the game's secret: no guess matches it.
    expect(plain).not.toContain(published);
    const [{ secret }] = await t.app
      .get(DataSource)
      .query(`SELECT secret FROM games WHERE id = $1`, [id]);
    expect(stateHasher(secret)(owner.body.state)).toBe(published);
    // The commitment is salted the same way: the seed cannot be tried against it either.
    const replay = await replayAs();
    expect(replay.secret).toBeNull();
    expect(replay.hashScheme).toBe('hmac-sha256');
  });

  it('Road to Richmond 17.62: once the game is over everyone reads everything, and the replay verifies', async () => {
    await request(server)
      .post(`/v1/games/${id}/orders`)
      .set(auth('union'))
      .send({ expectedVersion: 1, order: { type: 'resign' } })
      .expect(200);
    const replay = await replayAs();
    expect(replay.entries[0].order).toEqual(reallocation);
    const state = await request(server).get(`/v1/games/${id}/states/1`).expect(200);
    expect(state.body.redacted).toBeUndefined();
    expect(state.body.state.hookState[LIST_KEY]).toBeDefined();
    const verified = await request(server).post('/v1/replays/verify').send(replay).expect(200);
    expect(verified.body).toMatchObject({ ok: true, entries: 2, verified: 2 });
  });
});
