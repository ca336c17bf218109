import { ConfigError } from './config/config';

/**
 * Rate limits: every client address may make at most `limit` requests in any window
 * of `ttlSeconds` seconds (a sliding window per address, across all routes). Over it,
 * 429 problem+json with code RATE_LIMITED and Retry-After. Read from the environment:
 *
 *   THROTTLE_LIMIT  requests per window (default 1000; 0 turns rate limiting off)
 *   THROTTLE_TTL    window length in seconds (default 60)
 *
 * The defaults (≈ 16 requests a second sustained, bursts up to 1000) are far above
 * what a person playing a game or a test suite does; the benchmarks raise them.
 */
export interface ThrottleConfig {
  /** Requests allowed per window from one client address; 0 = unlimited. */
  limit: number;
  /** Window length in seconds. */
  ttlSeconds: number;
}

export const THROTTLE_CONFIG = Symbol('THROTTLE_CONFIG');

export const DEFAULT_THROTTLE: ThrottleConfig = { limit: 1000, ttlSeconds: 60 };

function readInt(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  problems: string[],
): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > 1_000_000_000) {
    problems.push(`${name} must be an integer ≥ ${min} (got "${raw}")`);
    return fallback;
  }
  return Number(raw);
}

/** Validated rate-limit settings; throws a {@link ConfigError} naming each bad variable. */
export function loadThrottleConfig(env: NodeJS.ProcessEnv = process.env): ThrottleConfig {
  const problems: string[] = [];
  const limit = readInt(env, 'THROTTLE_LIMIT', DEFAULT_THROTTLE.limit, 0, problems);
  const ttlSeconds = readInt(env, 'THROTTLE_TTL', DEFAULT_THROTTLE.ttlSeconds, 1, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { limit, ttlSeconds };
}
