import request from 'supertest';
import { DEFAULT_RULES } from '../../src/engine/rules';
import { GamesService } from '../../src/games/games.service';
import { createTestApp, TestApp } from '../support/app';
import { createShilohGame, seatAuth, type SideName, type TestGame } from '../support/shiloh-game';

/**
 * Issue 20: after an order of a game whose clients list its orders (a UI), the next
 * position's listing is made as soon as the answer is on its way, so the GET
 * legal-orders that follows finds it ready; the listing an answer carries
 * (include=legal-orders) is made while the order's statement is at the database. A
 * game nobody lists (a bot) costs no listing. What the GET answers is the listing of
 * the position it reads, made ahead or not.
 */
describe('legal orders made ahead of the next listing (issue 20)', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  const system = DEFAULT_RULES.get('blue-grey')!;
  let generated: jest.SpyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
    generated = jest.spyOn(system, 'legalOrders');
  });
  afterAll(async () => {
    generated.mockRestore();
    await t?.close();
  });

  const newGame = (seed: string) => createShilohGame(server, seed);
  const auth = seatAuth;
  const listing = async (g: TestGame, side: SideName) =>
    request(server).get(`/v1/games/${g.id}/legal-orders`).set(auth(g.tokens[side])).expect(200);
  const submit = (g: TestGame, side: SideName, version: number, order: unknown) =>
    request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set(auth(g.tokens[side]))
      .send({ expectedVersion: version, order })
      .expect(200);
  /** Lets the work queued after an answer (setImmediate) run. */
  const settle = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
  const movesOf = (body: { orders: Array<{ type: string }> }) =>
    body.orders.filter((o) => o.type === 'move');

  it('a listed game: the next listing is made once, before the GET, and the GET reads it', async () => {
    const g = await newGame('listing-ahead-ui');
    let side = g.mover;
    let listed = (await listing(g, side)).body;
    for (let i = 0; i < 4; i++) {
      const before = generated.mock.calls.length;
      const answer = await submit(g, side, listed.version, movesOf(listed)[i] ?? listed.orders[0]);
      await settle();
      // Made ahead: once, for the seat that must act next, before any GET.
      expect(generated.mock.calls.length).toBe(before + 1);
      side = answer.body.game.mustAct.side as SideName;
      expect(generated.mock.calls[before][2]).toBe(side);
      listed = (await listing(g, side)).body;
      // The GET found it: no listing of its own.
      expect(generated.mock.calls.length).toBe(before + 1);
      expect(listed.version).toBe(answer.body.version);
    }
  });

  it('a game listed in the compact format: its next listing is made ahead too, and the compact GET reads it', async () => {
    const g = await newGame('listing-ahead-compact');
    const compact = async (side: SideName) =>
      request(server)
        .get(`/v1/games/${g.id}/legal-orders?format=compact`)
        .set(auth(g.tokens[side]))
        .expect(200);
    let side = g.mover;
    let listed = (await compact(side)).body;
    for (let i = 0; i < 3; i++) {
      const before = generated.mock.calls.length;
      const group = listed.byUnit[i];
      const order = { type: group.type, unit: group.unit, path: group.paths[0].split(' ') };
      const answer = await submit(g, side, listed.version, order);
      await settle();
      expect(generated.mock.calls.length).toBe(before + 1);
      side = answer.body.game.mustAct.side as SideName;
      listed = (await compact(side)).body;
      expect(generated.mock.calls.length).toBe(before + 1);
      expect(listed).toMatchObject({ version: answer.body.version, format: 'compact' });
    }
  });

  it('the listing made ahead is the one a GET alone would make', async () => {
    // Two games from one seed, given the same orders: one listed before each order
    // (its next listing made ahead), the other never listed until the end.
    const ahead = await newGame('listing-ahead-same');
    const alone = await newGame('listing-ahead-same');
    let side = ahead.mover;
    for (let i = 0; i < 5; i++) {
      const listed = (await listing(ahead, side)).body;
      const order = movesOf(listed)[2 * i] ?? listed.orders[0];
      const a = await submit(ahead, side, listed.version, order);
      await submit(alone, side, listed.version, order);
      await settle();
      side = a.body.game.mustAct.side as SideName;
    }
    const before = generated.mock.calls.length;
    const fromAhead = await listing(ahead, side);
    expect(generated.mock.calls.length).toBe(before);
    const fromGet = await listing(alone, side);
    expect(generated.mock.calls.length).toBe(before + 1);
    expect(fromAhead.text).toBe(fromGet.text);
    expect(fromAhead.body.orders.length).toBeGreaterThan(10);
  });

  const submitIncluding = (g: TestGame, side: SideName, version: number, order: unknown) =>
    request(server)
      .post(`/v1/games/${g.id}/orders?include=legal-orders`)
      .set(auth(g.tokens[side]))
      .send({ expectedVersion: version, order })
      .expect(200);

  it("include=legal-orders on the optimistic path: the answer's listing is made while the order's statement is at the database, and is the GET's", async () => {
    const g = await newGame('listing-ahead-overlap');
    const games = t.app.get(GamesService);
    // When each happened, by jest's one call counter: statement sent, listing made, statement done.
    const done = jest.fn();
    const record = games.recordEntryIfCurrent.bind(games);
    const written = jest
      .spyOn(games, 'recordEntryIfCurrent')
      .mockImplementation((...args) => record(...args).then((r) => (done(), r)));
    try {
      const side = g.mover;
      let listed = (await listing(g, side)).body;
      // The game's first order takes the locked path; the next ones the optimistic one.
      for (let i = 0; i < 3; i++) {
        written.mockClear();
        done.mockClear();
        const before = generated.mock.calls.length;
        const answer = await submitIncluding(g, side, listed.version, movesOf(listed)[i]);
        expect(answer.body.game.mustAct.side).toBe(side);
        expect(generated.mock.calls.length).toBe(before + 1);
        if (i > 0) {
          const [sent] = written.mock.invocationCallOrder;
          const made = generated.mock.invocationCallOrder[before];
          const [committed] = done.mock.invocationCallOrder;
          expect(sent).toBeLessThan(made);
          expect(made).toBeLessThan(committed);
        }
        listed = (await listing(g, side)).body;
        expect(generated.mock.calls.length).toBe(before + 1);
        expect(answer.body.legalOrders).toEqual(listed);
      }
    } finally {
      written.mockRestore();
    }
  });

  it('a listing made ahead of a statement that wrote nothing is not kept: the answer lists the position the locked path wrote', async () => {
    const g = await newGame('listing-ahead-lost');
    const games = t.app.get(GamesService);
    const side = g.mover;
    let listed = (await listing(g, side)).body;
    listed = (await submitIncluding(g, side, listed.version, movesOf(listed)[0])).body.legalOrders;
    // As if another instance had moved the game on: the optimistic statement writes nothing.
    const written = jest.spyOn(games, 'recordEntryIfCurrent').mockResolvedValueOnce(null);
    try {
      const before = generated.mock.calls.length;
      const answer = await submitIncluding(g, side, listed.version, movesOf(listed)[1]);
      expect(written).toHaveBeenCalledTimes(1);
      // One listing made ahead and dropped, one made for the position the locked path wrote.
      expect(generated.mock.calls.length).toBe(before + 2);
      const after = generated.mock.calls.length;
      const fresh = (await listing(g, side)).body;
      expect(generated.mock.calls.length).toBe(after);
      expect(answer.body.legalOrders).toEqual(fresh);
      expect(fresh.version).toBe(listed.version + 1);
    } finally {
      written.mockRestore();
    }
  });

  it('a game nobody lists (a bot) costs no listing after its orders', async () => {
    const listedGame = await newGame('listing-ahead-bot-script');
    const bot = await newGame('listing-ahead-bot-script');
    let side = listedGame.mover;
    // The bot's orders, taken from a twin game's listings.
    const script: Array<{ side: SideName; version: number; order: unknown }> = [];
    for (let i = 0; i < 3; i++) {
      const listed = (await listing(listedGame, side)).body;
      const order = movesOf(listed)[i] ?? listed.orders[0];
      script.push({ side, version: listed.version, order });
      side = (await submit(listedGame, side, listed.version, order)).body.game.mustAct
        .side as SideName;
    }
    await settle();
    const before = generated.mock.calls.length;
    for (const s of script) await submit(bot, s.side, s.version, s.order);
    await settle();
    expect(generated.mock.calls.length).toBe(before);
  });
});
