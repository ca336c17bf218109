import { ConfigError } from './config/config';

/**
 * Rate limits: every client address may make at most `limit` requests in any window
 * of `ttlSeconds` seconds (per address, across all routes). Over it, 429
 * problem+json with code RATE_LIMITED and Retry-After, for a window's length. In one
 * process the window slides (a sliding window counter: this window's hits and the
 * last one's, weighted); shared through Redis it is a fixed window from the
 * address's first request (@nest-lab/throttler-storage-redis). Either way each
 * request costs the same small work whatever the limit. Read from the environment:
 *
 *   THROTTLE_LIMIT  requests per window (default 10000; 0 turns rate limiting off)
 *   THROTTLE_TTL    window length in seconds (default 60)
 *
 * The defaults (≈ 166 requests a second sustained over a minute) are far above what a
 * person playing a game does, and above what one sequential test client (the Shiloh
 * playout e2e test plays a whole game) reaches; they stop floods and runaway loops.
 * The benchmarks and the reliability harness turn limiting off (THROTTLE_LIMIT=0).
 */
export interface ThrottleConfig {
  /** Requests allowed per window from one client address; 0 = unlimited. */
  limit: number;
  /** Window length in seconds. */
  ttlSeconds: number;
}

export const THROTTLE_CONFIG = Symbol('THROTTLE_CONFIG');

export const DEFAULT_THROTTLE: ThrottleConfig = { limit: 10000, ttlSeconds: 60 };

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
