/**
 * Appends every item to `target` one by one. `target.push(...items)` passes the
 * items as call arguments, and above about 120 000 of them (a listing of legal
 * orders on a large map) the call overflows the stack: use this for any list
 * whose length the input decides.
 */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The least and greatest of `values` (Infinity/-Infinity when empty), without spreading them as arguments. */
export function extent(values: Iterable<number>): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}
