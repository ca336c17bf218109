/**
 * xorshift32: the tests' and benchmarks' own choices, reproducible from a number
 * (never the game's dice, which come from the game's seeded generator).
 */
export function xorshift32(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

/** xorshift32 as a fraction in [0, 1). */
export function xorshiftRandom(seed: number): () => number {
  const next = xorshift32(seed);
  return () => next() / 4294967296;
}

/** xorshift32 as a choice among n (0 … n − 1). */
export function xorshiftPicker(seed: number): (n: number) => number {
  const next = xorshift32(seed);
  return (n: number) => next() % n;
}
