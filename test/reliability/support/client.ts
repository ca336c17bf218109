/**
 * A small HTTP client of the service (Node's fetch, keep-alive), used by the
 * reliability tests and the API benchmark: create games, list legal orders,
 * submit them, read replays — and remember exactly which orders the service
 * acknowledged.
 */

export type Side = 'union' | 'confederate';

export interface ClientGame {
  id: string;
  seed: string;
  tokens: Record<Side, string>;
  version: number;
  /** Side that must act now (null once finished). */
  mustAct: Side | null;
}

export interface Acknowledged {
  seq: number;
  side: Side;
  order: unknown;
}

export interface HttpAnswer {
  status: number;
  body: any;
  headers: Headers;
}

export async function http(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<HttpAnswer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function createGame(base: string, seed: string): Promise<ClientGame> {
  const res = await http(base, 'POST', '/v1/games', { scenario: 'shiloh', seed, testing: true });
  if (res.status !== 201) throw new Error(`create game: ${res.status} ${JSON.stringify(res.body)}`);
  const tokens = Object.fromEntries(
    (res.body.seats as Array<{ side: Side; token: string }>).map((s) => [s.side, s.token]),
  ) as Record<Side, string>;
  return {
    id: res.body.id,
    seed,
    tokens,
    version: res.body.version,
    mustAct: res.body.game.mustAct?.side ?? null,
  };
}

/** mulberry32: the clients' choices are reproducible from a number. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface OrderChoice {
  order: { type: string };
  version: number;
  side: Side;
}

/** GET legal-orders for the side that must act and picks one (never resign; end-phase with `endPhaseChance` when offered). */
export async function chooseOrder(
  base: string,
  game: ClientGame,
  random: () => number,
  endPhaseChance = 0.25,
): Promise<OrderChoice | null> {
  if (!game.mustAct) return null;
  const side = game.mustAct;
  const res = await http(
    base,
    'GET',
    `/v1/games/${game.id}/legal-orders`,
    undefined,
    bearer(game.tokens[side]),
  );
  if (res.status !== 200)
    throw new Error(`legal-orders: ${res.status} ${JSON.stringify(res.body)}`);
  const orders = (res.body.orders as Array<{ type: string }>).filter((o) => o.type !== 'resign');
  if (orders.length === 0) return null;
  const end = orders.find((o) => o.type === 'end-phase');
  const order =
    end && random() < endPhaseChance ? end : orders[Math.floor(random() * orders.length)];
  return { order, version: res.body.version, side };
}

/** POSTs an order; on 200 updates `game` and returns the acknowledgement. */
export async function submitOrder(
  base: string,
  game: ClientGame,
  choice: OrderChoice,
  idempotencyKey?: string,
): Promise<{ answer: HttpAnswer; ack: Acknowledged | null }> {
  const answer = await http(
    base,
    'POST',
    `/v1/games/${game.id}/orders`,
    { expectedVersion: choice.version, order: choice.order },
    {
      ...bearer(game.tokens[choice.side]),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
  );
  if (answer.status !== 200) return { answer, ack: null };
  game.version = answer.body.version;
  game.mustAct = answer.body.game.mustAct?.side ?? null;
  return { answer, ack: { seq: answer.body.seq, side: choice.side, order: choice.order } };
}

/** The replay with the (known) seed put in, ready for POST /v1/replays/verify. */
export async function replayWithSeed(
  base: string,
  game: ClientGame,
): Promise<Record<string, unknown>> {
  const res = await http(base, 'GET', `/v1/games/${game.id}/replay`);
  if (res.status !== 200) throw new Error(`replay: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body, seed: game.seed };
}

/**
 * Ends the game (the Union resigns) and reads its replay: only a finished game's
 * replay carries the seed and the secret that key its hashes (issue 13), so that
 * is what can be verified. The resignation is the log's last entry.
 */
export async function resignAndReplay(
  base: string,
  game: ClientGame,
): Promise<Record<string, unknown>> {
  const view = await http(base, 'GET', `/v1/games/${game.id}`);
  if (view.status !== 200) throw new Error(`game: ${view.status} ${JSON.stringify(view.body)}`);
  const resigned = await http(
    base,
    'POST',
    `/v1/games/${game.id}/orders`,
    { expectedVersion: view.body.version, order: { type: 'resign' } },
    { Authorization: `Bearer ${game.tokens.union}` },
  );
  if (resigned.status !== 200)
    throw new Error(`resign: ${resigned.status} ${JSON.stringify(resigned.body)}`);
  const res = await http(base, 'GET', `/v1/games/${game.id}/replay`);
  if (res.status !== 200) throw new Error(`replay: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const i = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[i];
}

/** The answer in the shape test/support/openapi.ts validates (headers as a plain record). */
export function asResponseLike(answer: HttpAnswer): {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  text: string | undefined;
} {
  const headers: Record<string, string> = {};
  answer.headers.forEach((v, k) => (headers[k] = v));
  return {
    status: answer.status,
    headers,
    body: answer.body,
    text:
      answer.body === undefined
        ? ''
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body),
  };
}
