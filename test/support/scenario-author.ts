import request from 'supertest';
import type { App } from 'supertest/types';

let next = 0;

/**
 * Registers a new player and gives the Authorization header of his first token
 * (every scope, `scenarios` included): what POST /v1/scenarios needs since uploads
 * are owned (issue 16). Each call registers another player, with his own quota.
 */
export async function scenarioAuthor(
  server: App,
  handle = `author-${process.pid}-${++next}`,
): Promise<{ authorization: string; handle: string; id: string }> {
  const res = await request(server).post('/v1/players').send({ handle });
  if (res.status !== 201) throw new Error(`registering ${handle}: ${res.status} ${res.text}`);
  return {
    authorization: `Bearer ${res.body.token.token as string}`,
    handle,
    id: res.body.player.id as string,
  };
}

const authors = new WeakMap<object, Promise<{ authorization: string }>>();

/**
 * The Authorization header of one author per server (registered on first use), for
 * `request(server).post('/v1/scenarios').set(await asAuthor(server))`.
 */
export async function asAuthor(server: App): Promise<{ Authorization: string }> {
  let author = authors.get(server as object);
  if (!author) {
    author = scenarioAuthor(server);
    authors.set(server as object, author);
  }
  return { Authorization: (await author).authorization };
}
