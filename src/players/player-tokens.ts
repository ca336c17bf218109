import { createHash, randomBytes } from 'node:crypto';

/** What a personal token may do. A token never grants more than the scopes it was made with. */
export const SCOPES = ['play', 'tournaments', 'scenarios'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Player tokens start with this prefix, so a bearer value can be told from a
 * seat token (which never has it) without a database look-up.
 */
export const PLAYER_TOKEN_PREFIX = 'mpt_';

/** A new personal API token: the prefix and 32 random bytes, base64url. */
export function newPlayerToken(): string {
  return PLAYER_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** What player_tokens stores for a token: sha256, hex (the token itself is shown once). */
export function hashPlayerToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function isPlayerToken(token: string): boolean {
  return token.startsWith(PLAYER_TOKEN_PREFIX);
}

/** A handle: 3 to 30 letters, digits, "_" or "-", unique regardless of case. */
export const HANDLE_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;
