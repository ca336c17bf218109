import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { createShilohGame, seatAuth } from '../support/shiloh-game';

/**
 * Conditional GETs (src/common/conditional-get.ts), as under Express: a successful GET
 * carries a weak ETag of its body, `If-None-Match` with it is 304 with no body while
 * the answer is unchanged, and 200 with a new tag once it changes. Order answers are
 * never tagged.
 */
describe('conditional GETs: ETag and 304', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  async function newGame(seed: string) {
    const g = await createShilohGame(server, seed);
    return { id: g.id, auth: seatAuth(g.tokens[g.mover]) };
  }

  it('a game view: tagged, 304 while unchanged, a new tag after an order', async () => {
    const g = await newGame('etag-view');
    const first = await request(server).get(`/v1/games/${g.id}`).expect(200);
    const tag = first.headers['etag'] as string;
    expect(tag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);

    const again = await request(server)
      .get(`/v1/games/${g.id}`)
      .set('If-None-Match', tag)
      .expect(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers['etag']).toBe(tag);
    expect(again.headers['content-type']).toBeUndefined();
    // A list of tags, one of them current, is 304 too; another tag or no-cache is 200.
    await request(server)
      .get(`/v1/games/${g.id}`)
      .set('If-None-Match', `W/"0-x", ${tag}`)
      .expect(304);
    await request(server).get(`/v1/games/${g.id}`).set('If-None-Match', 'W/"0-x"').expect(200);
    await request(server)
      .get(`/v1/games/${g.id}`)
      .set('If-None-Match', tag)
      .set('Cache-Control', 'no-cache')
      .expect(200);

    const listing = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(g.auth)
      .expect(200);
    const order = (listing.body.orders as Array<{ type: string }>).find((o) => o.type === 'move');
    const answer = await request(server)
      .post(`/v1/games/${g.id}/orders`)
      .set(g.auth)
      .send({ expectedVersion: listing.body.version, order })
      .expect(200);
    // Order answers are not hashed for a tag.
    expect(answer.headers['etag']).toBeUndefined();

    const changed = await request(server)
      .get(`/v1/games/${g.id}`)
      .set('If-None-Match', tag)
      .expect(200);
    expect(changed.headers['etag']).toMatch(/^W\//);
    expect(changed.headers['etag']).not.toBe(tag);
  });

  it('a listing: one tag per encoding, each answered 304 in its own', async () => {
    const g = await newGame('etag-listing');
    const plain = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(g.auth)
      .set('Accept-Encoding', 'identity')
      .expect(200);
    const zipped = await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(g.auth)
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const plainTag = plain.headers['etag'] as string;
    const zippedTag = zipped.headers['etag'] as string;
    expect(plainTag).toMatch(/^W\//);
    expect(zippedTag).toMatch(/^W\//);
    expect(zippedTag).not.toBe(plainTag);
    // The tag is the one of the body sent.
    expect(plainTag).toMatch(new RegExp(`^W/"${Buffer.byteLength(plain.text).toString(16)}-`));

    await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(g.auth)
      .set('Accept-Encoding', 'identity')
      .set('If-None-Match', plainTag)
      .expect(304);
    await request(server)
      .get(`/v1/games/${g.id}/legal-orders`)
      .set(g.auth)
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', zippedTag)
      .expect(304);
  });

  it('errors are never 304, whatever If-None-Match says', async () => {
    const res = await request(server)
      .get('/v1/games/00000000-0000-4000-8000-000000000000')
      .set('If-None-Match', '*')
      .expect(404);
    expect(res.headers['etag']).toBeUndefined();
  });
});
