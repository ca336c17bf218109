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
}

export const APP_CONFIG = Symbol('APP_CONFIG');

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

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    databaseUrl,
    dataDir,
    redisUrl,
    logLevel,
    logFormat,
    nodeEnv,
    corsOrigins,
    webhooksAllowPrivate: rawAllowPrivate === 'true' || rawAllowPrivate === '1',
  };
}
