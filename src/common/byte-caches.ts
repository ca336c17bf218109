import { LRUCache } from 'lru-cache';

/**
 * In-memory caches of immutable things whose number grows with what users
 * upload or ask for (custom scenario documents, map drawings, prepared engine
 * contexts) are bounded by bytes, not entries: one 5 MB custom scenario weighs
 * as much as a hundred shipped ones. The `lru-cache` package forgets the least
 * recently used entries beyond `maxBytes`; an entry larger than
 * `maxEntryBytes` is simply not kept.
 */
export function byteBoundedCache<V extends object | string>(options: {
  maxBytes: number;
  maxEntryBytes?: number;
  /** The entry's size in bytes, computed once when it is stored; without it, `set` must be given `{size}`. */
  bytesOf?: (value: V, key: string) => number;
}): LRUCache<string, V> {
  const { bytesOf } = options;
  return new LRUCache<string, V>({
    maxSize: options.maxBytes,
    maxEntrySize: options.maxEntryBytes ?? Math.floor(options.maxBytes / 4),
    ...(bytesOf
      ? { sizeCalculation: (value: V, key: string) => Math.max(1, Math.ceil(bytesOf(value, key))) }
      : {}),
  });
}

/** Bytes a JavaScript string takes in memory (UTF-16). */
export const stringBytes = (s: string): number => s.length * 2;
