/** A deep copy of plain JSON data with every object's keys in a random order (issue 13's key-order tests). */
export function shuffleKeys<T>(value: T, random: (n: number) => number): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => shuffleKeys(v, random)) as T;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [keys[i], keys[j]] = [keys[j], keys[i]];
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = shuffleKeys((value as Record<string, unknown>)[k], random);
  return out as T;
}
