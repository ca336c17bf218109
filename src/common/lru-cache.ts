/**
 * A Map that keeps at most `capacity` entries, forgetting the least recently
 * used (read or written) first. For in-memory caches of immutable things
 * (prepared scenarios, custom scenario documents, map drawings) whose number
 * grows with what users upload.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`an LRU cache holds at least one entry (got ${capacity})`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value of `key`, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores `value` as the most recently used, forgetting the least recently used beyond capacity. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value as K);
    }
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }
}
