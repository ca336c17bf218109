/**
 * Issue 18: a game exported as text (docs/notation.md) and imported back
 * re-creates it with every state hash equal; a JSON replay imports the same
 * way; POST /v1/games with `fork` starts a new game from any position of a
 * finished or running game, marked as a fork, and it plays on.
 */
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';
import { gameWithSealedOrder } from '../support/sealed-game';

type Side = 'union' | 'confederate';
type Order = { type: string; [k: string]: unknown };

function asText(res: request.Response, done: (err: Error | null, body: string) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (text += chunk));
  stream.on('end', () => done(null, text));
}

describe('game text export, import and forks', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  /** A game with `orders` orders played (a deterministic pick among the legal ones); its seats' tokens. */
  async function play(scenario: string, seed: string, orders: number) {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario, seed, testing: true })
      .expect(201);
    const id = created.body.id as string;
    const token = Object.fromEntries(
      created.body.seats.map((s: { side: Side; token: string }) => [s.side, s.token]),
    ) as Record<Side, string>;
    let pick = 7;
    for (let v = 0; v < orders; v++)
      await playOne(id, token, v, (pick = (pick * 48271) % 2147483647));
    return { id, token };
  }

  async function playOne(id: string, token: Record<Side, string>, version: number, pick: number) {
    const game = (await request(server).get(`/v1/games/${id}`).expect(200)).body;
    const side = game.mustAct.side as Side;
    const legal = (
      await request(server)
        .get(`/v1/games/${id}/legal-orders`)
        .set({ Authorization: `Bearer ${token[side]}` })
        .expect(200)
    ).body.orders.filter((o: Order) => o.type !== 'resign') as Order[];
    // Mostly orders that do something; now and then the end of the phase, so turns pass.
    const doing = legal.filter((o) => o.type !== 'end-phase');
    const order =
      doing.length > 0 && pick % 4 !== 0 ? doing[pick % doing.length] : legal[pick % legal.length];
    await request(server)
      .post(`/v1/games/${id}/orders`)
      .set({ Authorization: `Bearer ${token[side]}` })
      .send({ expectedVersion: version, order })
      .expect(200);
  }

  const hashes = async (id: string) =>
    (await request(server).get(`/v1/games/${id}/replay`).expect(200)).body.entries.map(
      (e: { stateHash: string }) => e.stateHash,
    ) as string[];

  const exportOf = async (id: string, headers: Record<string, string> = {}) => {
    const res = await request(server)
      .get(`/v1/games/${id}/export.txt`)
      .set(headers)
      .buffer(true)
      .parse(asText)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expectMatchesSpec(res);
    return res.body as string;
  };

  let finished: { id: string; token: Record<Side, string> };
  let version: number;

  beforeAll(async () => {
    finished = await play('shiloh', 'notation-e2e', 30);
    await request(server)
      .post(`/v1/games/${finished.id}/orders`)
      .set({ Authorization: `Bearer ${finished.token.union}` })
      .send({ expectedVersion: 30, order: { type: 'resign' } })
      .expect(200);
    version = 31;
  });

  it('exports a finished game as text with its headers and one line per entry', async () => {
    const text = await exportOf(finished.id);
    const [head, body] = text.split('\n\n');
    for (const h of [
      `[Game "${finished.id}"]`,
      '[Scenario "shiloh"]',
      '[RulesSystem "blue-grey"]',
      '[Status "finished"]',
      '[Seed "notation-e2e"]',
      '[Seats "union, confederate"]',
    ])
      expect(head).toContain(h);
    expect(head).toMatch(/\[SeedCommitment "[0-9a-f]{64}"\]/);
    expect(head).toMatch(/\[FinalStateHash "[^"]+"\]/);
    expect(head).toMatch(/\[Result "confederate[^"]*resign/i);
    const lines = body.trim().split('\n');
    expect(lines).toHaveLength(version);
    expect(lines[0]).toMatch(/^1\. [UC] \S+/);
    expect(lines[version - 1]).toMatch(
      /^31\. U resign \{union resigns; game over: confederate wins/,
    );
  });

  it('text export → import re-creates the game: every state hash equal', async () => {
    const text = await exportOf(finished.id);
    const res = await request(server).post('/v1/games/import').send({ text }).expect(201);
    expectMatchesSpec(res);
    expect(res.body.imported).toBe(version);
    expect(res.body.game.status).toBe('finished');
    expect(await hashes(res.body.id)).toEqual(await hashes(finished.id));
  });

  it('a JSON replay imports the same way', async () => {
    const replay = (await request(server).get(`/v1/games/${finished.id}/replay`).expect(200)).body;
    const res = await request(server).post('/v1/games/import').send({ replay }).expect(201);
    expectMatchesSpec(res);
    expect(await hashes(res.body.id)).toEqual(await hashes(finished.id));
  });

  it('refuses to import what cannot re-create a game, saying why', async () => {
    const text = await exportOf(finished.id);
    const cases: Array<[object, string]> = [
      [{ text: text.replace(/\[Seed "[^"]*"\]\n/, '') }, 'SEED_NOT_REVEALED'],
      [{ text: text.replace(/\n1\. ([UC]) \S+/, '\n1. $1 fly') }, 'BAD_NOTATION'],
      [{ text: text.replace(/\[Seed "[^"]*"\]/, '[Seed "another"]') }, 'IMPORT_MISMATCH'],
      [
        {
          text: text.replace(/\[FinalStateHash "[^"]*"\]/, '[FinalStateHash "0000"]'),
        },
        'IMPORT_MISMATCH',
      ],
    ];
    for (const [body, code] of cases) {
      const res = await request(server).post('/v1/games/import').send(body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(code);
      expectMatchesSpec(res);
    }
    const before = (await request(server).get('/v1/games?limit=1').expect(200)).body.total;
    await request(server).post('/v1/games/import').send({ text: 'nonsense' }).expect(422);
    expect((await request(server).get('/v1/games?limit=1').expect(200)).body.total).toBe(before);
  });

  it('forks a finished game at seq N: the fork starts from that position, is marked, and plays on', async () => {
    const at = (await request(server).get(`/v1/games/${finished.id}/states/12`).expect(200)).body;
    const res = await request(server)
      .post('/v1/games')
      .send({ fork: { game: finished.id, seq: 12 } })
      .expect(201);
    expectMatchesSpec(res);
    expect(res.body.forkedFrom).toEqual({ game: finished.id, seq: 12, stateHash: at.stateHash });
    expect(JSON.stringify(res.body)).not.toMatch(/"seed"/); // the fork's new seed stays secret
    expect(res.body.scenario).toBe('shiloh');
    const fork = res.body.id as string;
    const start = (await request(server).get(`/v1/games/${fork}/states/0`).expect(200)).body;
    // The same position; its hash is keyed with the fork's own secret (issue 13), the parent's is in forkedFrom.
    expect(start.state).toEqual(at.state);
    const token = Object.fromEntries(
      res.body.seats.map((s: { side: Side; token: string }) => [s.side, s.token]),
    ) as Record<Side, string>;
    for (let v = 0; v < 3; v++) await playOne(fork, token, v, 11 + v);
    const replay = (await request(server).get(`/v1/games/${fork}/replay`).expect(200)).body;
    expect(replay.forkedFrom).toEqual(res.body.forkedFrom);
    expect(replay.entries).toHaveLength(3);
    expect(await exportOf(fork)).toContain(`[ForkedFrom "${finished.id}@12"]`);
  });

  it("forks a running game; refuses a position not played, a scenario other than its game's", async () => {
    const running = await play('shiloh', 'fork-running', 4);
    const res = await request(server)
      .post('/v1/games')
      .send({ fork: { game: running.id, seq: 3 } })
      .expect(201);
    expect(res.body.forkedFrom.seq).toBe(3);
    const missing = await request(server)
      .post('/v1/games')
      .send({ fork: { game: running.id, seq: 9 } })
      .expect(404);
    expect(missing.body.code).toBe('ENTRY_NOT_FOUND');
    const other = await request(server)
      .post('/v1/games')
      .send({ scenario: 'antietam', fork: { game: running.id, seq: 1 } })
      .expect(422);
    expect(other.body.code).toBe('FORK_SCENARIO_MISMATCH');
    // A running game's text has no seed: it cannot be imported.
    const text = await exportOf(running.id);
    expect(text).not.toContain('[Seed ');
    expect((await request(server).post('/v1/games/import').send({ text })).body.code).toBe(
      'SEED_NOT_REVEALED',
    );
  });

  it('Road to Richmond 17.62: a position holding a sealed choice is not forked, nor exported unsealed, while the game is under way', async () => {
    const { id, token, order } = await gameWithSealedOrder(server, 'fork-sealed');
    const confederate = { Authorization: `Bearer ${token.confederate}` };
    const refused = await request(server)
      .post('/v1/games')
      .send({ fork: { game: id, seq: 1 } })
      .expect(422);
    expect(refused.body.code).toBe('FORK_OF_HIDDEN_POSITION');
    const spectator = await exportOf(id);
    expect(spectator).toContain('1. C sealed confederate');
    expect(spectator).not.toContain(order.unit);
    expect(spectator).not.toContain('FinalStateHash');
    expect(await exportOf(id, confederate)).toContain(
      `1. C reallocate-reinforcement ${order.unit}`,
    );
  });
});
