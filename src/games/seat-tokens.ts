import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Seat tokens and seed commitments. A seat token is a bearer secret handed
 * out once, at game creation; only its sha256 is stored, so a database leak
 * does not let anyone act for a side. The seed of the game's dice is secret
 * until the game ends; its sha256 is published at creation (the commitment)
 * so players can check afterwards that the dice were not changed mid-game.
 */

/** A new seat token: 32 random bytes, base64url. */
export function newSeatToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the seats table stores for a token: sha256, hex. */
export function hashSeatToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented token against a stored hash. */
export function tokenMatches(token: string, storedHash: string): boolean {
  return presentedMatches(presentedToken(token), storedHash);
}

/** A presented token's hash, as bytes: made once when it is compared with several seats. */
export function presentedToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Constant-time comparison of a presented token's hash (presentedToken) against a stored hash. */
export function presentedMatches(presented: Buffer, storedHash: string): boolean {
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** A new secret seed for a game's dice: 32 random bytes, hex. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

/** A new per-game secret (salts the seed commitment, keys the state hashes): 32 random bytes, hex. */
export function newGameSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The published commitment to a seed. With the game's secret it is
 * HMAC-SHA256(secret, seed): the secret is revealed with the seed at the end,
 * and until then a guessable seed cannot be found by hashing candidates.
 * Games stored before secrets existed committed to sha256(seed).
 */
export function seedCommitment(seed: string, secret?: string | null): string {
  if (secret) return createHmac('sha256', secret).update(seed, 'utf8').digest('hex');
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

/** The bearer token of an Authorization header ("Bearer <token>"), if any. */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  return match ? match[1] : undefined;
}
