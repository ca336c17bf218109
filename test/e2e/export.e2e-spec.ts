/**
 * GET /v1/games/export (issue 18): finished games as NDJSON, each line a
 * whole, verifiable replay with its players, filtered by scenario, rules
 * system, result, date range and player, bounded by `limit`. The anonymous
 * games are played by the client typed from openapi.yaml
 * (test/fixtures/typed-client/play-random-game.ts, type-checked by
 * test/unit/typed-client.spec.ts), run here against the live service.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec, schemaErrors } from '../support/openapi';

/**
 * The typed client, loaded by path: tsc checks it against the client generated
 * from openapi.yaml (test/unit/typed-client.spec.ts), which the project's own
 * compilation does not have (tsconfig.json leaves test/fixtures/typed-client out).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- by path, see above
const { playRandomGame } = require(
  join(__dirname, '../fixtures/typed-client/play-random-game'),
) as {
  playRandomGame(
    base: string,
    scenario: string,
    seed: string,
    limit: number,
    random: () => number,
  ): Promise<{ id: string; orders: number; log: string[] }>;
};

interface Line {
  id: string;
  scenario: string;
  rulesSystem: string;
  status: string;
  seed: string | null;
  result: { winner: string | null } | null;
  players: { union: string; confederate: string } | null;
  updatedAt: string;
  entries: unknown[];
}

describe('bulk export of finished games: GET /v1/games/export', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  const played: Record<string, { id: string; orders: number; log: string[] }> = {};
  let ladderGame: string;
  let running: string;

  const exported = async (query: string) => {
    const res = await request(server)
      .get(`/v1/games/export${query}`)
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => done(null, text));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = (res.body as string)
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Line);
    expect(res.headers['x-muster-export-count']).toBe(String(lines.length));
    return lines;
  };
  const ids = (lines: Line[]) => lines.map((l) => l.id).sort();

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let x = 7;
    const random = () => (x = (x * 48271) % 2147483647) / 2147483647;
    // Random games through the typed client: a hex game resigned on the way, a block battle.
    played.shiloh = await playRandomGame(base, 'shiloh', 'export-shiloh', 25, random);
    played.block = await playRandomGame(base, 'block-first-manassas', 'export-block', 60, random);
    // A game between registered players, ended by a draw offered and accepted.
    const register = async (handle: string) =>
      (await request(server).post('/v1/players').send({ handle }).expect(201)).body.token
        .token as string;
    const lee = await register('Lee');
    const grant = await register('Grant');
    const challenge = await request(server)
      .post('/v1/challenges')
      .set({ Authorization: `Bearer ${lee}` })
      .send({ opponent: 'Grant', scenario: 'antietam', side: 'confederate', rated: false })
      .expect(201);
    ladderGame = (
      await request(server)
        .post(`/v1/challenges/${challenge.body.id}/accept`)
        .set({ Authorization: `Bearer ${grant}` })
        .expect(200)
    ).body.gameId;
    await request(server)
      .post(`/v1/games/${ladderGame}/draw-offer`)
      .set({ Authorization: `Bearer ${lee}` })
      .expect(200);
    await request(server)
      .post(`/v1/games/${ladderGame}/draw-accept`)
      .set({ Authorization: `Bearer ${grant}` })
      .expect(200);
    // A game under way is never exported.
    running = (await request(server).post('/v1/games').send({ scenario: 'shiloh' }).expect(201))
      .body.id;
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t?.close();
  });

  it('exports every finished game, newest first, each a whole replay with its players, verifiable as it is', async () => {
    expect(played.shiloh.log.length).toBeGreaterThan(25);
    const all = await exported('');
    expect(ids(all)).toEqual([played.shiloh.id, played.block.id, ladderGame].sort());
    expect(all.map((l) => l.id)).not.toContain(running);
    const stamps = all.map((l) => l.updatedAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    for (const line of all) {
      expect(schemaErrors('ExportedGame', line)).toEqual([]);
      expect(line).toMatchObject({ status: 'finished', seed: expect.any(String) });
    }
    const shiloh = all.find((l) => l.id === played.shiloh.id)!;
    expect(shiloh.players).toBeNull();
    expect(shiloh.entries).toHaveLength(played.shiloh.orders + 1); // and the resignation
    expect(all.find((l) => l.id === ladderGame)!.players).toEqual({
      union: 'Grant',
      confederate: 'Lee',
    });
    // A line is a replay: POST /v1/replays/verify takes it unchanged.
    const verified = await request(server).post('/v1/replays/verify').send(shiloh).expect(200);
    expectMatchesSpec(verified);
    expect(verified.body).toMatchObject({ ok: true });
  });

  it('filters by scenario, rules system, result, date range and player; limit bounds it', async () => {
    expect(ids(await exported('?scenario=shiloh'))).toEqual([played.shiloh.id]);
    expect(ids(await exported('?rulesSystem=block'))).toEqual([played.block.id]);
    expect(ids(await exported('?rulesSystem=blue-grey'))).toEqual(
      [played.shiloh.id, ladderGame].sort(),
    );
    expect(ids(await exported('?result=draw'))).toEqual([ladderGame]);
    const won = await exported('?result=union');
    const lost = await exported('?result=confederate');
    expect(ids([...won, ...lost])).toEqual([played.shiloh.id, played.block.id].sort());
    expect(won.every((l) => l.result?.winner === 'union')).toBe(true);
    expect(ids(await exported('?player=lee'))).toEqual([ladderGame]);
    expect(await exported('?player=Nobody')).toEqual([]);
    const newest = await exported('?limit=1');
    expect(newest).toHaveLength(1);
    // Paging on: `until` the last line's updatedAt gives the older games.
    const older = await exported(`?until=${encodeURIComponent(newest[0].updatedAt)}`);
    expect(ids([...newest, ...older])).toEqual(ids(await exported('')));
    expect(
      await exported(`?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`),
    ).toEqual([]);
    expect(
      ids(
        await exported(
          `?since=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&until=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
        ),
      ),
    ).toHaveLength(3);
  });

  it('refuses bad filters with 400 problems', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?result=won',
      '?since=yesterday',
      '?until=2026-13-01T00:00:00Z',
      '?player=a',
      '?rulesSystem=Blue%20Grey',
      '?scenario=' + 'x'.repeat(101),
      '?since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z',
      '?colour=blue',
    ]) {
      const res = await request(server).get(`/v1/games/export${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expectMatchesSpec(res);
    }
  });

  it('pages on with until and after without skipping games that ended in the same millisecond', async () => {
    const all = ids(await exported(''));
    expect(all.length).toBeGreaterThanOrEqual(3);
    // Every finished game ends at the same instant (microseconds apart within one millisecond).
    await t.app
      .get(DataSource)
      .query(
        `UPDATE games SET updated_at = timestamptz '2026-11-27 05:00:00.123' + (random() * interval '0.0009 seconds') WHERE status = 'finished'`,
      );
    const seen: string[] = [];
    let page = await exported('?limit=1');
    while (page.length > 0) {
      seen.push(page[0].id);
      expect(seen.length).toBeLessThanOrEqual(all.length);
      const last = page[page.length - 1];
      page = await exported(
        `?limit=1&until=${encodeURIComponent(last.updatedAt)}&after=${last.id}`,
      );
    }
    expect(seen.sort()).toEqual(all);
    // `after` goes with `until`, and is a game id.
    for (const query of [`?after=${all[0]}`, `?until=2026-11-27T05:00:00.123Z&after=not-an-id`]) {
      const res = await request(server).get(`/v1/games/export${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expectMatchesSpec(res);
    }
  });
});
