import { byteBoundedCache, stringBytes } from './byte-caches';

describe('byteBoundedCache (lru-cache bounded by bytes)', () => {
  it('forgets the least recently used entries once their bytes pass the bound, whatever their number', () => {
    const cache = byteBoundedCache<string>({
      maxBytes: 100,
      maxEntryBytes: 100,
      bytesOf: stringBytes,
    });
    cache.set('a', 'x'.repeat(20)); // 40 bytes
    cache.set('b', 'x'.repeat(20)); // 80
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('c', 'x'.repeat(20)); // 120 > 100: b goes
    expect([...cache.keys()].sort()).toEqual(['a', 'c']);
    expect(cache.calculatedSize).toBe(80);
    // Many tiny entries are fine: the bound is bytes, not entries.
    for (let i = 0; i < 40; i++) cache.set(`t${i}`, 'y');
    expect(cache.calculatedSize).toBeLessThanOrEqual(100);
  });

  it('keeps no entry larger than maxEntryBytes', () => {
    const cache = byteBoundedCache<string>({
      maxBytes: 100,
      maxEntryBytes: 25,
      bytesOf: stringBytes,
    });
    cache.set('big', 'x'.repeat(13)); // 26 bytes
    expect(cache.has('big')).toBe(false);
  });

  it('takes sizes given at set time when no bytesOf is configured', () => {
    const cache = byteBoundedCache<object>({ maxBytes: 10, maxEntryBytes: 10 });
    cache.set('a', {}, { size: 6 });
    cache.set('b', {}, { size: 6 });
    expect([...cache.keys()]).toEqual(['b']);
  });
});
