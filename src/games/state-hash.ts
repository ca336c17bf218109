import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted, no whitespace, `undefined` members left
 * out (as JSON.stringify does). Two equal plain-data values always give the
 * same text, whatever order their keys were built in — the basis of the state
 * hashes a replay is verified against.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined || typeof v === 'function' ? 'null' : canonicalJson(v))).join(',')}]`;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalJson((value as { toJSON: () => unknown }).toJSON());
  }
  const entries = Object.keys(value)
    .sort()
    .filter((k) => {
      const v = (value as Record<string, unknown>)[k];
      return v !== undefined && typeof v !== 'function';
    })
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

/** sha256 (hex) of a UTF-8 string. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The hash of a game state recorded with every entry: sha256 of its canonical JSON. */
export function stateHash(state: unknown): string {
  return sha256Hex(canonicalJson(state));
}
