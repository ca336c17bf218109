/**
 * The replay viewer in a real headless browser (issue 18): Debian's chromium
 * driven by playwright-core loads /games/{id} of a finished game, steps to
 * entry N, and shows that position (the units the API gives for states/N at
 * their hexes, the entry's notation), with no console error; a screenshot is
 * kept under test-artifacts/. Without chromium the browser part is skipped
 * with a message — except in CI (CI=true), where a missing chromium fails.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { expectMatchesSpec } from '../support/openapi';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const IN_CI = process.env.CI === 'true';
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');
const STEP_TO = 7;

type Side = 'union' | 'confederate';
type Order = { type: string; [k: string]: unknown };

if (!HAVE_CHROMIUM && !IN_CI)
  console.warn(
    `viewer browser test skipped: no chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
  );

describe('the replay viewer page', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  let base: string;
  let gameId: string;
  let entries: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    server = t.app.getHttpServer();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // A finished game: a dozen orders picked among the legal ones, then a resignation.
    const created = await request(server)
      .post('/v1/games')
      .send({ scenario: 'shiloh', seed: 'viewer-browser', testing: true })
      .expect(201);
    gameId = created.body.id;
    const token = Object.fromEntries(
      created.body.seats.map((s: { side: Side; token: string }) => [s.side, s.token]),
    ) as Record<Side, string>;
    let pick = 5;
    for (let v = 0; v < 12; v++) {
      const game = (await request(server).get(`/v1/games/${gameId}`).expect(200)).body;
      const side = game.mustAct.seats?.[0] ?? game.mustAct.side;
      const legal = (
        await request(server)
          .get(`/v1/games/${gameId}/legal-orders`)
          .set({ Authorization: `Bearer ${token[side as Side]}` })
          .expect(200)
      ).body.orders as Order[];
      const doing = legal.filter((o) => o.type !== 'end-phase' && o.type !== 'resign');
      pick = (pick * 48271) % 2147483647;
      const order = doing.length > 0 && pick % 3 !== 0 ? doing[pick % doing.length] : legal[0];
      await request(server)
        .post(`/v1/games/${gameId}/orders`)
        .set({ Authorization: `Bearer ${token[side as Side]}` })
        .send({ expectedVersion: v, order })
        .expect(200);
    }
    await request(server)
      .post(`/v1/games/${gameId}/orders`)
      .set({ Authorization: `Bearer ${token.union}` })
      .send({ expectedVersion: 12, order: { type: 'resign' } })
      .expect(200);
    entries = 13;
  });
  afterAll(() => t?.close());

  it('serves the page, its script and style as the contract says; 404 for no such game', async () => {
    const page = await request(server).get(`/games/${gameId}`).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(`data-game="${gameId}"`);
    expect(page.text).not.toMatch(/https?:\/\//); // nothing from a CDN
    for (const path of ['/viewer/viewer.js', '/viewer/viewer.css']) {
      const res = await request(server).get(path).expect(200);
      expectMatchesSpec(res);
    }
    const missing = await request(server)
      .get('/games/00000000-0000-4000-8000-000000000000')
      .expect(404);
    expectMatchesSpec(missing);
  });

  it('GET /v1/games/{id}/series gives the victory points after every entry and per Game-Turn', async () => {
    const res = await request(server).get(`/v1/games/${gameId}/series`).expect(200);
    expectMatchesSpec(res);
    expect(res.body.entries.map((e: { seq: number }) => e.seq)).toEqual(
      Array.from({ length: entries + 1 }, (_, i) => i),
    );
    const final = (await request(server).get(`/v1/games/${gameId}/victory`).expect(200)).body;
    expect(res.body.entries[entries].points).toEqual(final.points);
    expect(res.body.turns.length).toBeGreaterThan(0);
    expect(res.body.turns[res.body.turns.length - 1].lastSeq).toBe(entries);
  });

  it('CI has chromium for the browser test', () => {
    if (IN_CI) expect(HAVE_CHROMIUM ? CHROMIUM : `no chromium at ${CHROMIUM}`).toBe(CHROMIUM);
  });

  (HAVE_CHROMIUM ? it : it.skip)(
    'in headless chromium: steps through a finished game to entry N and shows that position, with no console error',
    async () => {
      const browser: Browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(`console: ${m.text()}`);
        });
        page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
        page.on('requestfailed', (r) => problems.push(`request: ${r.url()}`));

        await page.goto(`${base}/games/${gameId}`);
        await page.waitForSelector(`#log li[data-seq="${entries}"]`);
        await page.waitForSelector('#board[data-seq="0"] svg');
        expect(await page.textContent('#status')).toMatch(/^finished/);
        expect(await page.locator('#chart polyline').count()).toBe(2);

        for (let i = 0; i < STEP_TO; i++) await page.click('#next');
        await page.waitForSelector(`#board[data-seq="${STEP_TO}"] svg`);
        expect(await page.textContent('#seq')).toBe(String(STEP_TO));

        // The position shown is the API's state after entry N: every unit on the map at its hex.
        const at = (await request(server).get(`/v1/games/${gameId}/states/${STEP_TO}`).expect(200))
          .body.state as { units: Record<string, { hex: string; status: string }> };
        const expected = Object.entries(at.units)
          .filter(([, u]) => u.status === 'on-map')
          .map(([id, u]) => `${id}@${u.hex}`)
          .sort();
        const shown = (
          await page.$$eval('#board g.unit', (gs) =>
            gs.map((g) => `${g.getAttribute('data-unit')}@${g.getAttribute('data-hex')}`),
          )
        ).sort();
        expect(shown).toEqual(expected);

        // The entry's line is its notation from the game's text.
        const text = (await request(server).get(`/v1/games/${gameId}/export.txt`).expect(200)).text;
        const line = text.split('\n').find((l) => l.startsWith(`${STEP_TO}. `));
        expect(await page.textContent('#entry')).toBe(line);
        expect(await page.textContent('#log li.current')).toBe(line!.replace(/^\d+\. /, ''));

        mkdirSync(ARTIFACTS, { recursive: true });
        const shot = join(ARTIFACTS, `viewer-shiloh-seq${STEP_TO}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        expect(statSync(shot).size).toBeGreaterThan(10000);

        // Scrubbing to the end shows the last entry.
        await page.keyboard.press('End');
        await page.waitForSelector(`#board[data-seq="${entries}"] svg`);
        expect(await page.textContent('#seq')).toBe(String(entries));

        expect(problems).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
