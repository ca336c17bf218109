/**
 * Pictures of positions (issue 18): GET /v1/games/{id}/states/{seq}/board.svg
 * and /board.svg for the current position draw the units of the state at
 * their hexes with strength and status, the last order over the board and
 * whose turn it is, hiding what states/{seq} hides from the reader.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** The counters drawn: unit id, hex, strength and the rectangle of each. */
function counters(svg: string) {
  const out: Array<{ unit: string; hex: string; strength: number; x: number; w: number }> = [];
  const re =
    /<g class="unit unit-\w+" data-unit="([^"]+)" data-hex="([^"]+)" data-strength="(\d+)"[^>]*>.*?<rect x="([\d.-]+)" y="[\d.-]+" width="([\d.]+)"/g;
  for (const m of svg.matchAll(re))
    out.push({ unit: m[1], hex: m[2], strength: Number(m[3]), x: Number(m[4]), w: Number(m[5]) });
  return out;
}

describe('board pictures of game positions', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  const svgOf = async (url: string, headers: Record<string, string> = {}) => {
    const res = await request(server).get(url).set(headers).buffer(true).parse(asText);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expectMatchesSpec(res);
    return res.body as string;
  };

  it('draws every unit on the map at its hex with its strength, the move just made and whose turn it is', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed: 'board-e2e', testing: true })
      .expect(201);
    const id = created.body.id as string;
    const token = Object.fromEntries(
      created.body.seats.map((s: { side: Side; token: string }) => [s.side, s.token]),
    ) as Record<Side, string>;
    const side = created.body.game.mustAct.side as Side;
    const legal = await request(server)
      .get(`/v1/games/${id}/legal-orders`)
      .set({ Authorization: `Bearer ${token[side]}` })
      .expect(200);
    const move = legal.body.orders.find((o: Order) => o.type === 'move') as Order & {
      unit: string;
      path: string[];
    };
    await request(server)
      .post(`/v1/games/${id}/orders`)
      .set({ Authorization: `Bearer ${token[side]}` })
      .send({ expectedVersion: 0, order: move })
      .expect(200);

    const state = (await request(server).get(`/v1/games/${id}/states/1`).expect(200)).body.state;
    const onMap = Object.values(
      state.units as Record<string, { id: string; hex: string; status: string; strength: number }>,
    ).filter((u) => u.status === 'on-map');
    const svg = await svgOf(`/v1/games/${id}/states/1/board.svg`);
    const drawn = counters(svg);
    expect(drawn.map((c) => `${c.unit}@${c.hex}:${c.strength}`).sort()).toEqual(
      onMap.map((u) => `${u.id}@${u.hex}:${u.strength}`).sort(),
    );
    expect(drawn.find((c) => c.unit === move.unit)?.hex).toBe(move.path[move.path.length - 1]);
    expect(svg).toContain('class="last-order last-order-move"');
    expect(svg).toMatch(/<polyline class="move-path"/);
    expect(svg).toContain('entry 1 · Game-Turn 1');
    expect(svg).toMatch(/to act/);

    // The current position is the same picture; seq 0 has no last order.
    expect(await svgOf(`/v1/games/${id}/board.svg`)).toBe(svg);
    expect(await svgOf(`/v1/games/${id}/states/0/board.svg`)).not.toContain('last-order');
  });

  it('labels never hide a stacked unit: the counters of a stack sit side by side, each with its strength', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'antietam', seed: 'board-stacks', testing: true })
      .expect(201);
    const drawn = counters(await svgOf(`/v1/games/${created.body.id}/states/0/board.svg`));
    const byHex = new Map<string, typeof drawn>();
    for (const c of drawn) byHex.set(c.hex, [...(byHex.get(c.hex) ?? []), c]);
    const stacks = [...byHex.values()].filter((s) => s.length > 1);
    expect(stacks.length).toBeGreaterThan(0);
    for (const stack of stacks) {
      const sorted = [...stack].sort((a, b) => a.x - b.x);
      for (let i = 1; i < sorted.length; i++)
        expect(sorted[i].x).toBeGreaterThanOrEqual(sorted[i - 1].x + sorted[i - 1].w - 0.05);
    }
  });

  it('3.0: during a free set-up the picture shows the set-up area of each side', async () => {
    // Its players supply the units: the test counters (not history).
    const { note: _note, ...counters } = JSON.parse(
      readFileSync(join(__dirname, '../fixtures/counters/savages-station.json'), 'utf8'),
    ) as Record<string, unknown>;
    void _note;
    const created = await request(server)
      .post('/v1/games')
      .send({
        scenario: 'savages-station',
        seed: 'board-setup',
        testing: true,
        options: { counters },
      })
      .expect(201);
    expect(created.body.game.phase).toBe('setup');
    const svg = await svgOf(`/v1/games/${created.body.id}/board.svg`);
    expect(svg).toMatch(/class="setup-area setup-area-union"/);
    expect(svg).toMatch(/class="setup-area setup-area-confederate"/);
  });

  it('Road to Richmond 17.62: a sealed order is drawn as sealed for spectators and the other seat, as given for its own seat', async () => {
    const { id, token, order } = await gameWithSealedOrder(server, 'board-sealed');
    const confederate = { Authorization: `Bearer ${token.confederate}` };
    for (const headers of [{}, { Authorization: `Bearer ${token.union}` }] as Array<
      Record<string, string>
    >) {
      const svg = await svgOf(`/v1/games/${id}/states/1/board.svg`, headers);
      expect(svg).toContain('last-order-sealed');
      expect(svg).not.toContain(order.unit);
    }
    expect(await svgOf(`/v1/games/${id}/states/1/board.svg`, confederate)).toContain(
      'last-order-reallocate-reinforcement',
    );
  });

  it('refuses what is no position: a bad entry number (400), an entry not yet played or an unknown game (404)', async () => {
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed: 'board-bad', testing: true })
      .expect(201);
    const id = created.body.id as string;
    for (const [url, status, code] of [
      [`/v1/games/${id}/states/x1/board.svg`, 400, 'BAD_SEQ'],
      [`/v1/games/${id}/states/5/board.svg`, 404, 'ENTRY_NOT_FOUND'],
      ['/v1/games/00000000-0000-4000-8000-000000000000/board.svg', 404, 'GAME_NOT_FOUND'],
    ] as const) {
      const res = await request(server).get(url).expect(status);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.code).toBe(code);
      expectMatchesSpec(res);
    }
  });
});
