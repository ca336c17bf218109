/**
 * API benchmark (issue 20): the built service on a fresh database on the real
 * PostgreSQL, N concurrent games of Shiloh (1, 8, 32), each driven by its own
 * client, in these modes:
 *   - listing: GET legal-orders, POST one of them, repeat (as a UI does);
 *   - listing-inline: the same UI asking for the listing in each order's answer
 *              (POST …/orders?include=legal-orders): a GET only when the other seat
 *              must act next (raw pg figures: the listing run's of the same level);
 *   - listing-compact: listing-inline with the listing in the compact format
 *              (&format=compact: orders grouped by unit, each path one string);
 *   - listing-lean: listing-compact with minimal answers (Prefer: return=minimal: the
 *              game's header and the order's events), as a UI that keeps its own picture
 *              of the game from the events, as Lichess's does, and lists as Lichess's
 *              `dests`;
 *   - bot:     POST orders the client already knows (chosen beforehand by the
 *              engine in this process from the same seed), back to back, asking
 *              for the minimal answer (Prefer: return=minimal: the game's header,
 *              not its whole view), as a bot that keeps its own picture does;
 *   - bot-whole: the same bot taking the whole answer (compared with the bot's raw
 *              pg figures of the same level, measured just before).
 * For each: accepted orders per second and p50/p95/p99 of POST /orders; then
 * the same database work done directly with pg in two shapes (rawLoad): issue
 * 20's baseline, the order transaction (BEGIN; SELECT … FOR UPDATE; the entry
 * and the row with its whole state; COMMIT), against which the goal is
 * measured, and the one statement the service's optimistic path sends — and
 * the ratios. Beside each run, where its CPU went per order: the service, its
 * clients (this process) and PostgreSQL (when it runs here), and the most orders a
 * second that split allows with every core of this machine busy: the three share them.
 * Then where an order's time goes (the Server-Timing header of every POST,
 * averaged, and the client's view of serialising and the network), storage
 * per order, memory per active game, and GET legal-orders on the largest
 * scenario. Loopback only, bounded in time.
 * Run: npm run bench -- api (needs PostgreSQL: TEST_DATABASE_URL, DATABASE_URL or 127.0.0.1:5432/test)
 * BENCH_API_SECONDS (default 10), BENCH_API_WARMUP_SECONDS (default 5), BENCH_API_GAMES (default 1,8,32), BENCH_API_MODES (default
 * listing,listing-inline,listing-compact,listing-lean,bot,bot-whole), BENCH_CPU_PROF=dir (a V8 CPU profile of the service, written when it stops),
 * BENCH_API_EXTRA_GET=path (an experiment: the bot modes GET it before each order; see EXTRA_GET).
 * The service gets this process's environment: DATABASE_POOL_SIZE and WORKERS set here
 * configure it (both printed).
 */
import * as fs from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import * as path from 'node:path';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { Pool } from 'pg';
import { gameDice } from '../src/engine/dice';
import { ENGINE_REVISION } from '../src/engine/revision';
import { applyOrder, legalOrders, newGame, prepareGame, whoMustAct } from '../src/engine/game';
import type { GameState } from '../src/engine/state';
import type { MapDocument, ScenarioDocument } from '../src/engine/types';
import { SNAPSHOT_EVERY } from '../src/games/game-states';
import { createScratchDatabase } from '../test/support/database';
import {
  bearer,
  ClientGame,
  createGame,
  http,
  percentile,
  prng,
} from '../test/reliability/support/client';
import { postgresAvailable, postgresServerUrl } from '../test/reliability/support/postgres';
import { ensureBuilt, startService } from '../test/reliability/support/service';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
/** The cores the service, its clients and PostgreSQL share (all on this machine). */
const CORES = availableParallelism();
/**
 * Seconds of listing-mode load before the first measured run (BENCH_API_WARMUP_SECONDS):
 * a service just started runs its hot paths interpreted until V8 has compiled them,
 * which the first run (1 game, listing) alone would pay; a deployed service is warm.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_API_WARMUP_SECONDS ?? 5);
const LEVELS = (process.env.BENCH_API_GAMES ?? '1,8,32').split(',').map(Number);
const ALL_MODES = [
  'listing',
  'listing-inline',
  'listing-compact',
  'listing-lean',
  'bot',
  'bot-whole',
] as const;
type Mode = (typeof ALL_MODES)[number];
const MODES = (process.env.BENCH_API_MODES ?? ALL_MODES.join(','))
  .split(',')
  .filter((m): m is Mode => (ALL_MODES as readonly string[]).includes(m));
/** The modes whose client chooses each order from a listing, as a UI does. */
const listsOrders = (mode: Mode) => mode.startsWith('listing');
/** The listing modes that ask for the listing in each order's answer (?include=legal-orders). */
const listsInline = (mode: Mode) => listsOrders(mode) && mode !== 'listing';
/** The listing modes that take the compact format (format=compact). */
const listsCompact = (mode: Mode) => mode === 'listing-compact' || mode === 'listing-lean';
/** The modes that ask for minimal answers (Prefer: return=minimal). */
const minimalAnswers = (mode: Mode) => mode === 'bot' || mode === 'listing-lean';
/** A listing as a client reads it: full (orders one by one) or compact (grouped by unit). */
type Listed = {
  version: number;
  orders: Array<{ type: string }>;
  count?: number;
  byUnit?: Array<{ type: string; unit: string; paths: string[] }>;
};
/**
 * An experiment, off by default: in the bot modes, a GET of this path ({id}: the game's)
 * with the seat's token before each order, on the game's connection. It prices a second
 * request per order apart from its listing: /health/live (the floor of a request), or
 * /v1/games/{id}/legal-orders?limit=1 (each new position's listing made, one order carried).
 */
const EXTRA_GET = process.env.BENCH_API_EXTRA_GET;
const SPANS = ['auth', 'framework', 'db', 'parse', 'rules', 'hash', 'view', 'after', 'listing'];

interface Figures {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  count: number;
  /** The service's CPU time (user + system, its workers and all their threads) per order, when /proc tells. */
  cpuPerOrder?: number;
  /** This process's CPU time per order or transaction: the clients (they run here, on the same cores). */
  clientCpuPerOrder?: number;
  /** PostgreSQL's CPU time per order or transaction (every postgres process), when it runs on this machine. */
  databaseCpuPerOrder?: number;
  /** Listing mode: the GET legal-orders between submissions. */
  listing?: Figures;
}

/** The service's process id, for its CPU time (Linux /proc). */
let servicePid: number | null = null;

/**
 * CPU time (user + system, ms) of a process and its children so far (the workers of
 * WORKERS=n), from /proc/<pid>/stat (clock ticks of 10 ms: over a 10 s run, well under
 * 1 % of the figure). Null where there is no /proc.
 * What an order costs the service, beside how fast it went; on a shared virtual machine
 * it moves with the neighbours too (the same build measured 1.3–1.9 ms per bot order at
 * 8 games over one afternoon), so compare builds by runs alternated on one machine.
 */
function cpuMs(pid: number | null): number | null {
  if (pid === null) return null;
  return procCpuMs((entry, ppid) => entry === pid || ppid === pid);
}

/** Whether the database the bench measures runs on this machine (its CPU then shows in /proc). */
let databaseIsLocal = false;

/**
 * CPU time (ms) of every PostgreSQL process so far (the postmaster, its backends and
 * background workers), with that of the backends already gone: the postmaster reaped
 * them, and /proc counts their time in its own children's (else a pool that closes
 * during a run would take its backends' time out of the sum). When the database runs
 * on this machine; else null.
 * Why the bench reads it: the service, its clients and PostgreSQL share this machine's
 * cores, and their CPU per order together bounds the rate any service could reach here.
 */
function databaseCpuMs(): number | null {
  if (!databaseIsLocal) return null;
  return procCpuMs((_entry, _ppid, command) => command === 'postgres', true);
}

/** CPU time (user + system, ms) summed over the /proc entries `take` picks, with their reaped children's when `reaped`. */
function procCpuMs(
  take: (pid: number, ppid: number, command: string) => boolean,
  reaped = false,
): number | null {
  try {
    let total = 0;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      // "<pid> (<command>) <state> <ppid> …": utime and stime are the 12th and 13th fields
      // after the command, cutime and cstime (children waited for) the 14th and 15th.
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (take(Number(entry), Number(fields[1]), command))
        total +=
          (Number(fields[11]) +
            Number(fields[12]) +
            (reaped ? Number(fields[13]) + Number(fields[14]) : 0)) *
          10;
    }
    return total;
  } catch {
    return null;
  }
}

/** This process's CPU time so far (ms): the clients the bench runs. */
function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * CPU per order over a run, from readings taken at its start: the service's (unless the
 * run does not use it: raw pg), this process's (the clients) and PostgreSQL's.
 */
class CpuSplit {
  private readonly service0: number | null;
  private readonly own0 = ownCpuMs();
  private readonly db0 = databaseCpuMs();

  constructor(withService = true) {
    this.service0 = withService ? cpuMs(servicePid) : null;
  }

  perOrder(
    count: number,
  ): Pick<Figures, 'cpuPerOrder' | 'clientCpuPerOrder' | 'databaseCpuPerOrder'> {
    if (count === 0) return {};
    const service1 = this.service0 === null ? null : cpuMs(servicePid);
    const db1 = this.db0 === null ? null : databaseCpuMs();
    return {
      ...(this.service0 !== null && service1 !== null
        ? { cpuPerOrder: (service1 - this.service0) / count }
        : {}),
      clientCpuPerOrder: (ownCpuMs() - this.own0) / count,
      ...(this.db0 !== null && db1 !== null
        ? { databaseCpuPerOrder: (db1 - this.db0) / count }
        : {}),
    };
  }
}

/**
 * Where a run's CPU went, per order (or transaction): the service, its clients (this
 * process) and PostgreSQL, all on this machine's cores. Their sum bounds the rate: with
 * every core busy on this split, no more than cores × 1000 / sum a second; beside the
 * raw pg rate of the same level, the best ratio this machine allows that workload.
 */
function cpuSplitLine(f: Figures, unit: string, rawPerSecond?: number): string | null {
  if (f.clientCpuPerOrder === undefined) return null;
  const parts = [
    ...(f.cpuPerOrder !== undefined ? [['service', f.cpuPerOrder] as const] : []),
    ['clients', f.clientCpuPerOrder] as const,
    ...(f.databaseCpuPerOrder !== undefined
      ? [['PostgreSQL', f.databaseCpuPerOrder] as const]
      : []),
  ];
  const sum = parts.reduce((t, [, ms]) => t + ms, 0);
  const text = `CPU per ${unit}: ${parts.map(([who, ms]) => `${who} ${ms.toFixed(2)}`).join(' + ')} = ${sum.toFixed(2)} ms`;
  if (
    rawPerSecond === undefined ||
    f.cpuPerOrder === undefined ||
    f.databaseCpuPerOrder === undefined
  )
    return text;
  const bound = (CORES * 1000) / sum;
  return `${text}; ${CORES} cores all busy: at most ${bound.toFixed(0)} /s (${(bound / rawPerSecond).toFixed(2)} of raw pg)`;
}

const fmt = (f: Figures) =>
  `${f.perSecond.toFixed(0).padStart(5)} /s   p50 ${f.p50.toFixed(1).padStart(5)} ms   p95 ${f.p95
    .toFixed(1)
    .padStart(5)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   (${f.count})`;

function figures(latencies: number[], seconds: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    count: latencies.length,
  };
}

/** Server-Timing spans summed over the run, and the client's own measures. */
class Breakdown {
  readonly sums = new Map<string, number>();
  orders = 0;
  client = 0;
  serialise = 0;

  paths = new Map<string, number>();

  add(header: string | null, clientMs: number, body: unknown): void {
    if (!header) return;
    for (const part of header.split(',')) {
      const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
      if (m) this.sums.set(m[1], (this.sums.get(m[1]) ?? 0) + Number(m[2]));
      const d = /^\s*path;desc="(\w+)"/.exec(part);
      if (d) this.paths.set(d[1], (this.paths.get(d[1]) ?? 0) + 1);
    }
    this.orders++;
    this.client += clientMs;
    // What serialising the answer costs: the same body, stringified again by the same V8
    // (every 16th answer, counted 16 times: the client's own CPU competes with the service's).
    if (this.orders % 16 === 0) {
      const t0 = performance.now();
      JSON.stringify(body);
      this.serialise += 16 * (performance.now() - t0);
    }
  }

  print(): void {
    const per = (ms: number) => (ms / this.orders).toFixed(2).padStart(6);
    const total = this.sums.get('total') ?? 0;
    const named = SPANS.reduce((a, s) => a + (this.sums.get(s) ?? 0), 0);
    console.log(`  where an order's time goes (mean of ${this.orders} POSTs, ms):`);
    for (const s of SPANS)
      if (this.sums.has(s)) console.log(`    ${s.padEnd(34)} ${per(this.sums.get(s)!)}`);
    console.log(`    ${'middleware, body parsing (rest)'.padEnd(34)} ${per(total - named)}`);
    console.log(`    ${'server total'.padEnd(34)} ${per(total)}`);
    console.log(`    ${'serialise the answer (estimate)'.padEnd(34)} ${per(this.serialise)}`);
    console.log(
      `    ${'network, queueing, client'.padEnd(34)} ${per(this.client - total - this.serialise)}`,
    );
    console.log(`    ${'client latency'.padEnd(34)} ${per(this.client)}`);
    const paths = [...this.paths].map(([p, n]) => `${p} ${n}`).join(', ');
    if (paths) console.log(`    path taken: ${paths}`);
  }
}

/** Shiloh in this process: the bot mode's orders are chosen here, from the seeds the games are created with. */
const shiloh = (() => {
  const dir = path.join(__dirname, '../scenarios/shiloh');
  const read = (f: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  return prepareGame(read('scenario.json') as ScenarioDocument, read('map.json') as MapDocument);
})();

interface Script {
  seed: string;
  orders: Array<{ side: 'union' | 'confederate'; order: { type: string } }>;
}

/** Games played in this process: at least `count` orders in all, in games of known seeds. */
function scripts(tag: string, count: number, random: () => number): Script[] {
  const out: Script[] = [];
  let total = 0;
  while (total < count) {
    const seed = `${tag}-${out.length}`;
    let state: GameState = newGame(shiloh, {}, gameDice(seed, 0, ENGINE_REVISION), ENGINE_REVISION);
    const script: Script = { seed, orders: [] };
    for (let a = whoMustAct(shiloh, state); a && total < count; a = whoMustAct(shiloh, state)) {
      const legal = legalOrders(shiloh, state, a.side).filter((o) => o.type !== 'resign');
      const end = legal.find((o) => o.type === 'end-phase');
      const order = end && random() < 0.25 ? end : legal[Math.floor(random() * legal.length)];
      const r = applyOrder(
        shiloh,
        state,
        a.side,
        order,
        gameDice(seed, state.diceDrawn, ENGINE_REVISION),
      );
      if (!r.ok) throw new Error(r.refusal.message);
      state = r.state;
      script.orders.push({ side: a.side, order });
      total++;
    }
    out.push(script);
  }
  return out;
}

/**
 * The benchmark's own HTTP client: node:http on keep-alive sockets, the body read
 * as text, no decompression (loopback; the listing's gzip is measured apart). Node's
 * fetch costs the client several times the CPU, which on a 2-core machine is taken
 * from the service and PostgreSQL; raw pg's client is as lean.
 */
const agent = new HttpAgent({ keepAlive: true, maxSockets: 256 });
function lean(
  base: string,
  method: string,
  pathname: string,
  body: string | undefined,
  headers: Record<string, string>,
  client: HttpAgent = agent,
): Promise<{ status: number; text: string; serverTiming: string | null }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${pathname}`,
      {
        method,
        agent: client,
        headers: {
          ...headers,
          ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const timing = res.headers['server-timing'];
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            serverTiming: typeof timing === 'string' ? timing : null,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${pathname}: timed out`)));
    req.end(body);
  });
}

async function serviceLoad(
  base: string,
  n: number,
  mode: Mode,
  breakdown: Breakdown,
  seconds = SECONDS,
): Promise<Figures> {
  const latencies: number[] = [];
  const listingLatencies: number[] = [];
  // Bot mode: orders chosen beforehand; a client that runs out ends early (the rate counts the time taken).
  const plans = !listsOrders(mode)
    ? Array.from({ length: n }, (_, i) =>
        scripts(`bench-bot-${n}-${i}`, Math.ceil((seconds * 1500) / n) + 50, prng(i + 1)),
      )
    : [];
  const games: ClientGame[] = [];
  for (let i = 0; i < n; i++) {
    const seed = !listsOrders(mode) ? plans[i][0].seed : `bench-${mode}-${n}-${i}`;
    // Choosing the bot's orders above can take longer than the server's keep-alive:
    // the first request may go out on a socket the server has just closed. Once more.
    games.push(await createGame(base, seed).catch(() => createGame(base, seed)));
  }
  // Each game's client is its own: one keep-alive connection, as a player's UI or bot
  // holds (a shared pool would send a game's requests down any of its sockets, and with
  // WORKERS=n to any worker, where no real client's would go).
  const clients = Array.from(
    { length: n },
    () => new HttpAgent({ keepAlive: true, maxSockets: 1 }),
  );
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  const split = new CpuSplit();
  /** listing-inline: the listing each game's last answer carried, for its next order. */
  const carried = new Map<ClientGame, Listed>();
  const post = async (
    game: ClientGame,
    body: object,
    side: 'union' | 'confederate',
    client: HttpAgent,
  ) => {
    const t0 = performance.now();
    const res = await lean(
      base,
      'POST',
      `/v1/games/${game.id}/orders${listsInline(mode) ? `?include=legal-orders${listsCompact(mode) ? '&format=compact' : ''}` : ''}`,
      JSON.stringify(body),
      {
        'content-type': 'application/json',
        ...(minimalAnswers(mode) ? { prefer: 'return=minimal' } : {}),
        ...bearer(game.tokens[side]),
      },
      client,
    );
    const ms = performance.now() - t0;
    if (res.status !== 200)
      throw new Error(`order refused: ${res.status} ${res.text.slice(0, 300)}`);
    latencies.push(ms);
    const answer = JSON.parse(res.text) as {
      version: number;
      game: { mustAct: { side: string } };
      legalOrders?: Listed;
    };
    if (answer.legalOrders) carried.set(game, answer.legalOrders);
    else carried.delete(game);
    // The listing an answer carries is spliced in serialised (its span: listing), not stringified.
    breakdown.add(res.serverTiming, ms, { ...answer, legalOrders: undefined });
    game.version = answer.version;
    game.mustAct = (answer.game.mustAct?.side as ClientGame['mustAct']) ?? null;
  };
  /**
   * The listing modes' choice, as chooseOrder makes it, over the lean client: from the
   * listing the last answer carried (listing-inline, the seat that must act being the one
   * that gave it), else from GET legal-orders.
   */
  const choose = async (game: ClientGame, random: () => number, client: HttpAgent) => {
    if (!game.mustAct) return null;
    const side = game.mustAct;
    const listed = carried.get(game);
    carried.delete(game);
    if (listed) return pick(listed, random, side);
    const t0 = performance.now();
    const res = await lean(
      base,
      'GET',
      `/v1/games/${game.id}/legal-orders${listsCompact(mode) ? '?format=compact' : ''}`,
      undefined,
      { ...bearer(game.tokens[side]) },
      client,
    );
    if (res.status !== 200)
      throw new Error(`legal-orders: ${res.status} ${res.text.slice(0, 300)}`);
    listingLatencies.push(performance.now() - t0);
    return pick(JSON.parse(res.text) as Listed, random, side);
  };
  /**
   * One of the listing's orders at random, end-phase a quarter of the time. From a compact
   * listing, as a UI picks from one: by index over its count, the one order decoded.
   */
  const pick = (listing: Listed, random: () => number, side: 'union' | 'confederate') => {
    const orders = listing.orders.filter((o) => o.type !== 'resign');
    const groups = listing.byUnit ?? [];
    const grouped = groups.reduce((n, g) => n + g.paths.length, 0);
    const total = grouped + orders.length;
    if (total === 0) return null;
    const end = orders.find((o) => o.type === 'end-phase');
    if (end && random() < 0.25) return { order: end, version: listing.version, side };
    let i = Math.floor(random() * total);
    for (const g of groups) {
      if (i < g.paths.length) {
        const order = { type: g.type, unit: g.unit, path: g.paths[i].split(' ') };
        return { order, version: listing.version, side };
      }
      i -= g.paths.length;
    }
    return { order: orders[i], version: listing.version, side };
  };
  await Promise.all(
    games.map(async (first, i) => {
      let game = first;
      if (listsOrders(mode)) {
        const random = prng(i + 1);
        while (Date.now() < until) {
          const choice = await choose(game, random, clients[i]);
          if (!choice) {
            game = await createGame(base, `bench-${mode}-${n}-${i}-${Date.now()}`);
            continue;
          }
          await post(
            game,
            { expectedVersion: choice.version, order: choice.order },
            choice.side,
            clients[i],
          );
        }
        return;
      }
      for (let s = 0; s < plans[i].length && Date.now() < until; s++) {
        if (s > 0) game = await createGame(base, plans[i][s].seed);
        for (const { side, order } of plans[i][s].orders) {
          if (Date.now() >= until) break;
          if (EXTRA_GET) {
            const t0 = performance.now();
            const r = await lean(
              base,
              'GET',
              EXTRA_GET.replace('{id}', game.id),
              undefined,
              { ...bearer(game.tokens[side]) },
              clients[i],
            );
            if (r.status !== 200)
              throw new Error(`GET ${EXTRA_GET}: ${r.status} ${r.text.slice(0, 300)}`);
            listingLatencies.push(performance.now() - t0);
          }
          await post(game, { expectedVersion: game.version, order }, side, clients[i]);
        }
      }
    }),
  );
  const cpu = split.perOrder(latencies.length);
  for (const c of clients) c.destroy();
  return {
    ...figures(latencies, (Date.now() - started) / 1000),
    ...cpu,
    ...(listingLatencies.length > 0
      ? { listing: figures(listingLatencies, (Date.now() - started) / 1000) }
      : {}),
  };
}

/**
 * The database work of an order with pg and nothing else, on copies of real rows,
 * payloads of the same size (orders and events of real entries, a real state, a
 * snapshot every SNAPSHOT_EVERY entries), in one of two shapes:
 *   - transaction: issue 20's baseline, the order transaction as the issue measured
 *     it — BEGIN; SELECT … FOR UPDATE; the entry and the row with the whole state in
 *     one statement; COMMIT;
 *   - statement: what the service's optimistic path now sends — one statement, the
 *     version known beforehand, the row taking the state only with a snapshot.
 */
async function rawLoad(
  url: string,
  n: number,
  shape: 'transaction' | 'statement',
): Promise<Figures> {
  const pool = new Pool({ connectionString: url, max: n });
  try {
    const sample = await pool.query<{
      game_id: string;
      order: string;
      events: string;
      state_hash: string;
      side: string;
    }>(
      `SELECT game_id, "order"::text AS order, events::text AS events, state_hash, side
       FROM game_entries ORDER BY id DESC LIMIT 200`,
    );
    const entries = sample.rows;
    const game = await pool.query<{ state: string }>(
      `SELECT state::text AS state FROM games WHERE id = $1`,
      [entries[0].game_id],
    );
    const state = game.rows[0].state;
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const r = await pool.query(
        `INSERT INTO games (scenario_id, rules_system, rules_version, status, state, version, seed, seed_commitment, options)
         SELECT scenario_id, rules_system, rules_version, status, state, 0, seed, seed_commitment, options FROM games WHERE id = $1
         RETURNING id`,
        [entries[0].game_id],
      );
      ids.push(r.rows[0].id);
    }
    const latencies: number[] = [];
    const until = Date.now() + SECONDS * 1000;
    const started = Date.now();
    const split = new CpuSplit(false);
    await Promise.all(
      ids.map(async (id) => {
        const client = await pool.connect();
        try {
          let version = 0;
          while (Date.now() < until) {
            const t0 = performance.now();
            if (shape === 'statement') {
              // The service's optimistic statement: the version known beforehand, the row
              // taking the state only with a snapshot, no transaction of its own.
              const seq = version + 1;
              const e = entries[seq % entries.length];
              const snapshot = seq % SNAPSHOT_EVERY === 0;
              const text = `WITH g AS (
                   UPDATE games SET ${snapshot ? 'state = $7::jsonb, state_seq = $2::int, ' : ''}version = $2::int,
                     status = 'active', result = 'null', turn = '1', phase = 'movement', updated_at = now()
                   WHERE id = $1::uuid AND version = $8::int
                   RETURNING id
                 )
                 INSERT INTO game_entries (game_id, seq, side, "order", events, state_hash, state, created_at)
                 SELECT $1::uuid, $2::int, $3::text, $4::jsonb, $5::jsonb, $6::text, $7::jsonb, now() FROM g`;
              await client.query({
                // Named, as the service sends it (src/database/named-statements.ts).
                name: snapshot ? 'bench-statement-snapshot' : 'bench-statement',
                text,
                values: [
                  id,
                  seq,
                  e.side,
                  e.order,
                  e.events,
                  e.state_hash,
                  snapshot ? state : null,
                  version,
                ],
              });
              version = seq;
              latencies.push(performance.now() - t0);
              continue;
            }
            await client.query('BEGIN');
            const g = await client.query(
              'SELECT id, version, status, updated_at FROM games WHERE id = $1 FOR UPDATE',
              [id],
            );
            const seq = g.rows[0].version + 1;
            const e = entries[seq % entries.length];
            // Issue 20's baseline: the order transaction as the issue measured it, the row taking the whole state.
            await client.query(
              `WITH entry AS (
                 INSERT INTO game_entries (game_id, seq, side, "order", events, state_hash, state, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, now())
               )
               UPDATE games SET state = $8, version = $2, status = 'active', result = 'null', updated_at = now()
               WHERE id = $1 AND version = $9`,
              [
                id,
                seq,
                e.side,
                e.order,
                e.events,
                e.state_hash,
                seq % SNAPSHOT_EVERY === 0 ? state : null,
                state,
                seq - 1,
              ],
            );
            await client.query('COMMIT');
            latencies.push(performance.now() - t0);
          }
        } finally {
          client.release();
        }
      }),
    );
    return {
      ...figures(latencies, (Date.now() - started) / 1000),
      ...split.perOrder(latencies.length),
    };
  } finally {
    await pool.end();
  }
}

/** game_entries on disk (table, TOAST, indexes) and its rows. */
async function entryStorage(pool: Pool): Promise<{ bytes: number; rows: number }> {
  const r = await pool.query<{ bytes: string; rows: string }>(
    `SELECT pg_total_relation_size('game_entries') AS bytes, (SELECT count(*) FROM game_entries) AS rows`,
  );
  return { bytes: Number(r.rows[0].bytes), rows: Number(r.rows[0].rows) };
}

/**
 * Memory per active game, as the service holds it: the current state (HotStates)
 * and, for the seat that must act, its cached listing with its first page
 * serialised and gzip-compressed (MovesService) — `k` of them built from a
 * Shiloh game in its first turns, measured on this process's heap (--expose-gc,
 * as bench/run.ts starts it) rather than the service's RSS, which the garbage
 * collector makes swing by more than a game weighs.
 */
function memoryPerGame(k: number): number | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  const random = prng(7);
  const seed = 'bench-memory';
  let state: GameState = newGame(shiloh, {}, gameDice(seed, 0, ENGINE_REVISION), ENGINE_REVISION);
  for (let i = 0; i < 20; i++) {
    const a = whoMustAct(shiloh, state)!;
    const legal = legalOrders(shiloh, state, a.side).filter((o) => o.type !== 'resign');
    const r = applyOrder(
      shiloh,
      state,
      a.side,
      legal[Math.floor(random() * legal.length)],
      gameDice(seed, state.diceDrawn, ENGINE_REVISION),
    );
    if (!r.ok) throw new Error(r.refusal.message);
    state = r.state;
  }
  const text = JSON.stringify(state);
  const side = whoMustAct(shiloh, state)!.side;
  // Warm-up outside the measure (the generator's own caches, the JIT), then several
  // collections: one pass leaves weakly held garbage that the second measure would not.
  legalOrders(shiloh, JSON.parse(text) as GameState, side);
  const settle = () => {
    for (let i = 0; i < 4; i++) gc();
  };
  settle();
  const before = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const held: unknown[] = [];
  for (let i = 0; i < k; i++) {
    const copy = JSON.parse(text) as GameState;
    const orders = legalOrders(shiloh, copy, side);
    const json = Buffer.from(JSON.stringify({ version: 20, side, orders }));
    held.push({ state: copy, orders, json, gzip: gzipSync(json, { level: 1 }) });
  }
  settle();
  const after = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  if (held.length !== k) throw new Error('unreachable');
  return (after - before) / k;
}

/**
 * What a request costs before its own work, from 8 clients for 5 s each: its rate and
 * the CPU per request of the service, its clients and PostgreSQL (CpuSplit). First the
 * floor of any request (GET /health/live: no database, a few bytes of JSON); an order's
 * POST pays it and its own work, a listing-mode order pays it twice. Then a listing
 * GET whose listing is already made (the same position asked again, one order a page):
 * the request, the row it reads and the seat's token, with no listing to generate or
 * carry; and the same GET taking the whole cached first page of Shiloh's opening,
 * which adds carrying and parsing it (its size printed).
 */
async function requestCosts(base: string): Promise<void> {
  const game = await createGame(base, 'bench-request-floor');
  const side = game.mustAct!;
  const requests: Array<[string, string, Record<string, string>]> = [
    ['the floor of a request (GET /health/live)', '/health/live', {}],
    [
      'a listing GET with its listing made (?limit=1)',
      `/v1/games/${game.id}/legal-orders?limit=1`,
      bearer(game.tokens[side]),
    ],
    [
      'the same GET taking the whole first page',
      `/v1/games/${game.id}/legal-orders`,
      bearer(game.tokens[side]),
    ],
  ];
  for (const [label, url, headers] of requests) {
    const until = Date.now() + 5000;
    const started = Date.now();
    const split = new CpuSplit();
    let count = 0;
    let last = '';
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const client = new HttpAgent({ keepAlive: true, maxSockets: 1 });
        while (Date.now() < until) {
          const res = await lean(base, 'GET', url, undefined, headers, client);
          if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
          JSON.parse(res.text); // as a client reads the answer
          last = res.text;
          count++;
        }
        client.destroy();
      }),
    );
    const cpu = split.perOrder(count);
    const rate = count / ((Date.now() - started) / 1000);
    const µs = (ms: number | undefined) =>
      ms === undefined ? '—' : `${(ms * 1000).toFixed(0)} µs`;
    const orders = (JSON.parse(last) as { orders?: unknown[] }).orders;
    const size = orders
      ? ` (${orders.length} orders, ${(Buffer.byteLength(last) / 1024).toFixed(1)} KiB)`
      : '';
    console.log(
      `${label}${size}, 8 clients, 5 s: ${rate.toFixed(0)} /s; CPU per request: service ` +
        `${µs(cpu.cpuPerOrder)}, clients ${µs(cpu.clientCpuPerOrder)}, PostgreSQL ${µs(cpu.databaseCpuPerOrder)}`,
    );
  }
}

/** GET legal-orders on the shipped scenario with the most units (a game that the service creates without options). */
async function largestListing(base: string): Promise<void> {
  const dir = path.join(__dirname, '../scenarios');
  const candidates = fs
    .readdirSync(dir)
    .filter((d) => fs.existsSync(path.join(dir, d, 'scenario.json')))
    .map((d) => {
      const s = JSON.parse(fs.readFileSync(path.join(dir, d, 'scenario.json'), 'utf8')) as {
        units?: unknown[];
      };
      return { id: d, units: Array.isArray(s.units) ? s.units.length : 0 };
    })
    .sort((a, b) => b.units - a.units);
  for (const c of candidates) {
    const res = await http(base, 'POST', '/v1/games', { scenario: c.id });
    if (res.status !== 201) {
      console.log(`  (${c.id}: ${res.status} ${String(res.body?.code)}, next)`);
      continue;
    }
    const side = res.body.game.mustAct?.side as 'union' | 'confederate' | undefined;
    if (!side) continue;
    const token = (res.body.seats as Array<{ side: string; token: string }>).find(
      (s) => s.side === side,
    )!.token;
    const url = `${base}/v1/games/${res.body.id}/legal-orders`;
    const get = async (encoding: string) => {
      const t0 = performance.now();
      const r = await fetch(url, { headers: { ...bearer(token), 'accept-encoding': encoding } });
      await r.arrayBuffer();
      // What crossed the wire (fetch hands over the body decompressed).
      const bytes = Number(r.headers.get('content-length'));
      return { ms: performance.now() - t0, bytes, encoding: r.headers.get('content-encoding') };
    };
    const first = await get('gzip');
    const gz: number[] = [];
    const plain: number[] = [];
    let sizes = { gzip: 0, plain: 0 };
    for (let i = 0; i < 60; i++) {
      const a = await get('gzip');
      const b = await get('identity');
      if (i >= 10) {
        gz.push(a.ms);
        plain.push(b.ms);
      }
      sizes = { gzip: a.bytes, plain: b.bytes };
    }
    gz.sort((a, b) => a - b);
    plain.sort((a, b) => a - b);
    const listed = (
      await http(base, 'GET', `/v1/games/${res.body.id}/legal-orders`, undefined, bearer(token))
    ).body.orders.length as number;
    console.log(
      `GET legal-orders, largest scenario (${c.id}, ${c.units} units; ${listed} orders for the ${side} seat):\n` +
        `  first listing of the position ${first.ms.toFixed(1)} ms; then p50 ${percentile(gz, 50).toFixed(1)} ms / p95 ${percentile(gz, 95).toFixed(1)} ms ` +
        `gzip (${(sizes.gzip / 1024).toFixed(1)} KiB, Content-Encoding ${first.encoding}), ` +
        `p50 ${percentile(plain, 50).toFixed(1)} ms uncompressed (${(sizes.plain / 1024).toFixed(1)} KiB)`,
    );
    // A UI's next listing: the new position's, asked right after its order (made ahead
    // of the GET, MovesService.prefetchListing, when the position before was listed).
    const tokens = new Map(
      (res.body.seats as Array<{ side: string; token: string }>).map((s) => [s.side, s.token]),
    );
    const random = prng(7);
    let mover: string | undefined = side;
    const after: number[] = [];
    for (let i = 0; i < 40 && mover; i++) {
      const seat = bearer(tokens.get(mover)!);
      const t0 = performance.now();
      const r = await fetch(url, { headers: { ...seat, 'accept-encoding': 'gzip' } });
      const listing = (await r.json()) as { version: number; orders: Array<{ type: string }> };
      if (i > 0) after.push(performance.now() - t0);
      const moves = listing.orders.filter((o) => o.type === 'move');
      const pool = moves.length > 0 ? moves : listing.orders.filter((o) => o.type !== 'resign');
      if (pool.length === 0) break;
      const answer = await http(
        base,
        'POST',
        `/v1/games/${res.body.id}/orders`,
        { expectedVersion: listing.version, order: pool[Math.floor(random() * pool.length)] },
        seat,
      );
      if (answer.status !== 200) throw new Error(`order refused: ${answer.status}`);
      mover = answer.body.game.mustAct?.side as string | undefined;
    }
    after.sort((a, b) => a - b);
    console.log(
      `  the next position's listing, asked right after an order (${after.length} orders): ` +
        `p50 ${percentile(after, 50).toFixed(1)} ms / p95 ${percentile(after, 95).toFixed(1)} ms gzip`,
    );
    return;
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

async function main(): Promise<void> {
  const server = postgresServerUrl();
  // PostgreSQL's CPU is read from /proc only when it runs here (cpuSplitLine).
  databaseIsLocal = /^(127\.|localhost$|\[?::1\]?$)/.test(new URL(server).hostname);
  if (!(await postgresAvailable(server))) {
    console.log(
      `API benchmark skipped: no PostgreSQL answers at ${server} (set TEST_DATABASE_URL).`,
    );
    return;
  }
  ensureBuilt();
  const scratch = await createScratchDatabase(server);
  const prof = process.env.BENCH_CPU_PROF;
  const svc = await startService({
    databaseUrl: scratch.url,
    env: { LOG_LEVEL: 'warn' },
    nodeArgs: [
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []),
    ],
  });
  servicePid = svc.pid;
  const pool = new Pool({ connectionString: scratch.url, max: 1 });
  try {
    console.log(
      `POST /v1/games/{id}/orders, built service on PostgreSQL, Shiloh, ${SECONDS} s per run; ` +
        `DATABASE_POOL_SIZE ${process.env.DATABASE_POOL_SIZE ?? '(default)'}, WORKERS ${process.env.WORKERS ?? '(default)'}; ` +
        (EXTRA_GET ? `bot modes GET ${EXTRA_GET} before each order (BENCH_API_EXTRA_GET); ` : '') +
        `load average at start ${load()}`,
    );
    // The compact modes' paths (format=compact, minimal answers) warmed up too when they run.
    const warmUps: Mode[] = WARMUP_SECONDS <= 0 ? [] : ['listing'];
    if (warmUps.length > 0 && MODES.some(listsCompact)) warmUps.push('listing-lean');
    for (const mode of warmUps) {
      const warm = await serviceLoad(svc.url, 4, mode, new Breakdown(), WARMUP_SECONDS);
      console.log(
        `warm-up (not counted): ${WARMUP_SECONDS} s of ${mode} mode at 4 games, ${warm.count} orders`,
      );
    }
    let stored = { bytes: 0, rows: 0 };
    const table: string[] = [];
    /**
     * Raw pg figures by mode and level, for the mode doing the same database work after it
     * (bot-whole after bot, the inline listing modes after listing): just measured, not again.
     */
    const rawOf = new Map<string, { raw: Figures; own: Figures }>();
    const sameWorkAs = (mode: Mode): Mode =>
      mode === 'bot-whole' ? 'bot' : listsInline(mode) ? 'listing' : mode;
    /** Each run's rate and ratio to raw pg, by mode and level, for listing mode's ceiling. */
    const rates = new Map<string, { perSecond: number; ratio: number }>();
    for (const mode of MODES) {
      const breakdown = new Breakdown();
      console.log(
        mode === 'listing'
          ? 'with the legal-order listing between submissions (as a UI):'
          : mode === 'listing-inline'
            ? "with the listing in each order's answer (the same UI, ?include=legal-orders; GET legal-orders when the other seat must act next):"
            : mode === 'listing-compact'
              ? "with the compact listing in each order's answer (the same UI, ?include=legal-orders&format=compact):"
              : mode === 'listing-lean'
                ? "with the compact listing in each minimal answer (a UI keeping its picture from the events, as Lichess's: Prefer: return=minimal, ?include=legal-orders&format=compact):"
                : mode === 'bot'
                  ? 'without listing, minimal answers (a bot that knows its orders: Prefer: return=minimal):'
                  : 'without listing, whole answers (the same bot taking the whole game view with every answer):',
      );
      for (const n of LEVELS) {
        const s0 = await entryStorage(pool);
        const service = await serviceLoad(svc.url, n, mode, breakdown);
        const s1 = await entryStorage(pool);
        stored = {
          bytes: stored.bytes + s1.bytes - s0.bytes,
          rows: stored.rows + s1.rows - s0.rows,
        };
        const known = sameWorkAs(mode) !== mode ? rawOf.get(`${sameWorkAs(mode)} ${n}`) : undefined;
        const raw = known?.raw ?? (await rawLoad(scratch.url, n, 'transaction'));
        const own = known?.own ?? (await rawLoad(scratch.url, n, 'statement'));
        rawOf.set(`${mode} ${n}`, { raw, own });
        const ratio = service.perSecond / raw.perSecond;
        const latency = service.p50 / raw.p50;
        rates.set(`${mode} ${n}`, { perSecond: service.perSecond, ratio });
        console.log(`  ${String(n).padStart(2)} games  service ${fmt(service)}`);
        if (service.cpuPerOrder !== undefined)
          console.log(
            `            service CPU ${service.cpuPerOrder.toFixed(2)} ms per order (user + system, its workers and threads${listsOrders(mode) ? ', its listing included' : ''})`,
          );
        if (service.listing)
          console.log(
            `            ${listsOrders(mode) ? `GET legal-orders between them (${service.listing.count})` : `GET ${EXTRA_GET} between them`}: p50 ${service.listing.p50.toFixed(1)} ms / p95 ${service.listing.p95.toFixed(1)} ms`,
          );
        const serviceSplit = cpuSplitLine(service, 'order', raw.perSecond);
        if (serviceSplit) console.log(`            ${serviceSplit}`);
        console.log(
          `            raw pg  ${fmt(raw)}${known ? `   (the ${sameWorkAs(mode)} run above)` : ''}`,
        );
        const rawSplit = cpuSplitLine(raw, 'transaction');
        if (rawSplit) console.log(`            raw pg ${rawSplit}`);
        console.log(
          `            service/raw: throughput ${ratio.toFixed(2)} (goal ≥ 0.5), p50 latency ×${latency.toFixed(1)} (goal ≤ 2)`,
        );
        console.log(`      raw pg, 1 stmt ${fmt(own)}`);
        console.log(
          `            service/1 stmt: throughput ${(service.perSecond / own.perSecond).toFixed(2)}, p50 latency ×${(service.p50 / own.p50).toFixed(1)}`,
        );
        table.push(
          `| ${mode} | ${n} | ${service.perSecond.toFixed(0)} | ${service.p50.toFixed(1)} / ${service.p95.toFixed(1)} / ${service.p99.toFixed(1)} ms | ` +
            `${raw.perSecond.toFixed(0)} | ${raw.p50.toFixed(1)} / ${raw.p95.toFixed(1)} / ${raw.p99.toFixed(1)} ms | ${ratio.toFixed(2)} | ×${latency.toFixed(1)} | ` +
            `${own.perSecond.toFixed(0)} | ${own.p50.toFixed(1)} ms | ${(service.perSecond / own.perSecond).toFixed(2)} |`,
        );
      }
      breakdown.print();
    }
    console.log(
      `storage per order (game_entries: table, TOAST and indexes, service runs only): ` +
        `${(stored.bytes / Math.max(1, stored.rows)).toFixed(0)} bytes over ${stored.rows} entries ` +
        `(a snapshot every ${SNAPSHOT_EVERY} entries)`,
    );
    const perGame = memoryPerGame(400);
    console.log(
      perGame === null
        ? 'memory per active game: run with --expose-gc (npm run bench does)'
        : `memory per active game (a Shiloh state held in memory and its seat's cached listing, ` +
            `serialised and gzipped; heap of 400 copies): ${(perGame / 1024).toFixed(0)} KiB`,
    );
    const ceiling = LEVELS.flatMap((n) => {
      const rate = (m: Mode) => {
        const r = rates.get(`${m} ${n}`);
        return r ? [`${m} ${r.perSecond.toFixed(0)} /s (${r.ratio.toFixed(2)} of raw pg)`] : [];
      };
      const listing = ALL_MODES.filter(listsOrders).flatMap(rate);
      const bots = (['bot-whole', 'bot'] as const).flatMap(rate);
      return listing.length > 0 && bots.length > 0
        ? [`  ${String(n).padStart(2)} games: ${[...listing, ...bots].join(', ')}`]
        : [];
    });
    // A listing client's loop is a bot client's (the same POST, answered with the whole
    // view, or with its header in listing-lean) with a listing added — a GET, or made for
    // the answer — on the same cores: it cannot outrun that bot. Printed so that what the
    // listing modes lack is read against what the order alone reaches.
    if (ceiling.length > 0)
      console.log(
        "the listing modes' ceiling: each of their orders is a bot order and a listing besides, so at each level they cannot outrun bot-whole (listing-lean: bot, its answers being minimal too):\n" +
          ceiling.join('\n'),
      );
    await largestListing(svc.url);
    await requestCosts(svc.url);
    console.log(`load average at end ${load()}`);
    console.log('\nREADME table rows:');
    console.log(
      '| Mode | Games | Service orders/s | p50 / p95 / p99 | Raw pg tx/s | p50 / p95 / p99 | Throughput service/raw | p50 service/raw | Raw pg 1 stmt/s | p50 | Service/1 stmt |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const row of table) console.log(row);
  } finally {
    await pool.end();
    await svc.stop();
    await scratch.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
