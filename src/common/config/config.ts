import { isAbsolute, resolve } from 'node:path';

/** Log levels accepted by pino. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Value that makes the embedded database live in memory only (used by tests). */
export const IN_MEMORY_DATA_DIR = 'memory://';

/**
 * The validated configuration of the service. Built once at start-up from the
 * environment by {@link loadConfig}; injected everywhere else with {@link APP_CONFIG}.
 */
export interface AppConfig {
  /** HTTP port (PORT, default 3000; 0 picks a free port). */
  port: number;
  /** PostgreSQL URL (DATABASE_URL). When absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** Directory of the embedded database (MUSTER_DATA_DIR, default ./data), or `memory://`. */
  dataDir: string;
  /**
   * DATABASE_POOL_SIZE: connections each process keeps to PostgreSQL (default
   * {@link DEFAULT_DATABASE_POOL_SIZE}). An order holds one for its transaction, so
   * concurrent games beyond the pool wait for one (issue 20). The embedded database
   * has a single session: always one connection there.
   */
  databasePoolSize: number;
  /**
   * WORKERS: processes serving HTTP on the one port (node:cluster, default 1), so
   * the service uses every core (issue 20). More than one needs DATABASE_URL (the
   * embedded database lives inside one process) and REDIS_URL (live updates and
   * rate-limit counters cross processes through Redis).
   */
  workers: number;
  /** Redis URL for cross-instance pub/sub (REDIS_URL); absent means in-process only. */
  redisUrl: string | undefined;
  /** pino log level (LOG_LEVEL, default info). */
  logLevel: LogLevel;
  /**
   * pretty: one readable line per event (pino-pretty), for a person at a terminal;
   * json: one JSON object per line, for log collectors. LOG_FORMAT, by default pretty
   * when standard output is a terminal outside production, json otherwise.
   */
  logFormat: LogFormat;
  /** NODE_ENV, informational ("production" disables writing src/schema.gql). */
  nodeEnv: string;
  /**
   * MUSTER_WEBHOOKS_ALLOW_PRIVATE=true lets webhooks deliver to loopback, private
   * and link-local addresses (a receiver on the same host or network); off by
   * default, so a webhook cannot be aimed at the service's own network.
   */
  webhooksAllowPrivate: boolean;
  /**
   * Browser origins allowed by CORS (CORS_ORIGINS, comma-separated, e.g.
   * `http://localhost:5173,https://muster.example`; `*` allows any). Empty: no CORS headers.
   */
  corsOrigins: string[];
  /**
   * SCENARIO_UPLOAD_TOKEN: the operator's bearer token for POST/DELETE /v1/scenarios
   * (at least 32 characters). Unset: only players (a token with the `scenarios` scope)
   * upload. Operator uploads have no quota; the operator may delete any custom scenario.
   */
  scenarioUploadToken: string | undefined;
  /**
   * The quota of custom scenarios per player: SCENARIO_QUOTA_COUNT (default 20) live
   * uploads and SCENARIO_QUOTA_BYTES (default 20 MiB) of stored JSON between them.
   */
  scenarioQuota: { count: number; bytes: number };
  /**
   * TRUST_PROXY: Fastify's `trustProxy` (read as Express read `trust proxy`), so rate limits key on the client's
   * address from X-Forwarded-For rather than the proxy's: unset/false (default: the
   * socket's address), true (trust every hop: only behind a proxy that overwrites the
   * header), a number of hops (e.g. 1), or a comma-separated list of addresses/subnets
   * or the names loopback, linklocal, uniquelocal.
   */
  trustProxy: boolean | number | string[];
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** DATABASE_POOL_SIZE when unset: see the README's benchmark section for the measurement behind it. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** Thrown when the environment holds a bad value; the message lists every problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'Fix the environment variables above and start again.',
    );
    this.name = 'ConfigError';
  }
}

function blankToUndefined(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function checkUrl(
  name: string,
  value: string | undefined,
  protocols: string[],
  problems: string[],
): void {
  if (value === undefined) return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${name} is not a valid URL (got "${redact(value)}")`);
    return;
  }
  if (!protocols.includes(url.protocol)) {
    problems.push(
      `${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${redact(value)}")`,
    );
  }
}

/** Hides a password in a URL before it is printed. */
export function redact(value: string): string {
  return value.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');
}

/**
 * Reads and validates the configuration. Throws a {@link ConfigError} naming every
 * bad variable, so a misconfigured service stops at once with a clear message.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];

  let port = 3000;
  const rawPort = blankToUndefined(env.PORT);
  if (rawPort !== undefined) {
    if (!/^\d+$/.test(rawPort) || Number(rawPort) > 65535) {
      problems.push(`PORT must be an integer between 0 and 65535 (got "${rawPort}")`);
    } else {
      port = Number(rawPort);
    }
  }

  const databaseUrl = blankToUndefined(env.DATABASE_URL);
  checkUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:'], problems);

  const redisUrl = blankToUndefined(env.REDIS_URL);
  checkUrl('REDIS_URL', redisUrl, ['redis:', 'rediss:'], problems);

  const rawDataDir = blankToUndefined(env.MUSTER_DATA_DIR) ?? './data';
  const dataDir =
    rawDataDir === IN_MEMORY_DATA_DIR || isAbsolute(rawDataDir) ? rawDataDir : resolve(rawDataDir);

  const databasePoolSize = positiveInteger(
    env,
    'DATABASE_POOL_SIZE',
    DEFAULT_DATABASE_POOL_SIZE,
    1000,
    problems,
  );

  const workers = positiveInteger(env, 'WORKERS', 1, 64, problems);
  if (workers > 1 && databaseUrl === undefined) {
    problems.push(
      `WORKERS=${workers} needs DATABASE_URL: the embedded database (PGlite) runs inside the one process ` +
        'that opened MUSTER_DATA_DIR and cannot be shared by several workers. Unset WORKERS (one process) or set DATABASE_URL',
    );
  }
  if (workers > 1 && redisUrl === undefined) {
    problems.push(
      `WORKERS=${workers} needs REDIS_URL: live updates (SSE, GraphQL subscriptions) and rate-limit counters ` +
        "reach the other workers' clients only through Redis. Set REDIS_URL or unset WORKERS",
    );
  }

  const rawLevel = (blankToUndefined(env.LOG_LEVEL) ?? 'info').toLowerCase();
  let logLevel: LogLevel = 'info';
  if ((LOG_LEVELS as readonly string[]).includes(rawLevel)) {
    logLevel = rawLevel as LogLevel;
  } else {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${rawLevel}")`);
  }

  const rawAllowPrivate = (
    blankToUndefined(env.MUSTER_WEBHOOKS_ALLOW_PRIVATE) ?? 'false'
  ).toLowerCase();
  if (!['true', 'false', '1', '0'].includes(rawAllowPrivate)) {
    problems.push(`MUSTER_WEBHOOKS_ALLOW_PRIVATE must be true or false (got "${rawAllowPrivate}")`);
  }

  const nodeEnv = blankToUndefined(env.NODE_ENV) ?? 'development';
  const rawFormat = blankToUndefined(env.LOG_FORMAT)?.toLowerCase();
  let logFormat: LogFormat =
    nodeEnv !== 'production' && process.stdout.isTTY === true ? 'pretty' : 'json';
  if (rawFormat !== undefined) {
    if ((LOG_FORMATS as readonly string[]).includes(rawFormat)) {
      logFormat = rawFormat as LogFormat;
    } else {
      problems.push(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')} (got "${rawFormat}")`);
    }
  }

  const corsOrigins = (blankToUndefined(env.CORS_ORIGINS) ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of corsOrigins) {
    if (origin === '*') continue;
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== origin) {
      problems.push(
        `CORS_ORIGINS entries must be origins like https://host:port without a path, or * (got "${origin}")`,
      );
    }
  }

  const scenarioUploadToken = blankToUndefined(env.SCENARIO_UPLOAD_TOKEN);
  if (scenarioUploadToken !== undefined && !/^[\x21-\x7e]{32,200}$/.test(scenarioUploadToken)) {
    problems.push(
      'SCENARIO_UPLOAD_TOKEN must be 32 to 200 printable characters without spaces (got one that is not)',
    );
  }
  const scenarioQuota = {
    count: positiveInteger(env, 'SCENARIO_QUOTA_COUNT', 20, 10_000, problems),
    bytes: positiveInteger(env, 'SCENARIO_QUOTA_BYTES', 20 * 1024 * 1024, 2 ** 31 - 1, problems),
  };
  const trustProxy = parseTrustProxy(blankToUndefined(env.TRUST_PROXY), problems);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    databaseUrl,
    dataDir,
    databasePoolSize,
    workers,
    redisUrl,
    logLevel,
    logFormat,
    nodeEnv,
    corsOrigins,
    webhooksAllowPrivate: rawAllowPrivate === 'true' || rawAllowPrivate === '1',
    scenarioUploadToken,
    scenarioQuota,
    trustProxy,
  };
}

/** An integer variable between 1 and `max`, or `fallback` when unset. */
function positiveInteger(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  max: number,
  problems: string[],
): number {
  const raw = blankToUndefined(env[name]);
  if (raw === undefined) return fallback;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    problems.push(`${name} must be an integer between 1 and ${max} (got "${raw}")`);
    return fallback;
  }
  return Number(raw);
}

const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY as a `trustProxy` value (Fastify's, which proxy-addr reads as Express did; see AppConfig.trustProxy). */
function parseTrustProxy(raw: string | undefined, problems: string[]): boolean | number | string[] {
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (lower === 'false' || lower === '0') return false;
  if (lower === 'true') return true;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((e) => e.trim());
  const bad = entries.filter(
    (e) => !TRUST_PROXY_NAMES.includes(e) && !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(e),
  );
  if (entries.length === 0 || bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be true, false, a number of hops, or a comma-separated list of addresses, subnets or ${TRUST_PROXY_NAMES.join('/')} (got "${raw}")`,
    );
    return false;
  }
  return entries;
}
