import { MAX_COUNTED_CLIENTS, WindowThrottlerStorage } from './throttling-storage';

/** A storage on a clock the test moves, counting `limit` per `ttl` ms with a block of `ttl`. */
function storageAt(start = 1_000_000, maxClients = MAX_COUNTED_CLIENTS) {
  let now = start;
  const storage = new WindowThrottlerStorage(() => now, maxClients);
  return {
    storage,
    at: (ms: number) => {
      now = start + ms;
    },
    hit: (key = 'requests:1.2.3.4', limit = 3, ttl = 60_000) =>
      storage.increment(key, ttl, limit, ttl, 'requests'),
  };
}

describe('WindowThrottlerStorage (rate limits in one process, constant work per request)', () => {
  it('allows `limit` requests in a window and blocks the next for the block duration', async () => {
    const s = storageAt();
    for (let i = 1; i <= 3; i++) {
      const r = await s.hit();
      expect(r).toMatchObject({ totalHits: i, isBlocked: false, timeToBlockExpire: 0 });
    }
    const over = await s.hit();
    expect(over).toMatchObject({ isBlocked: true, timeToBlockExpire: 60 });
    s.at(30_000);
    expect(await s.hit()).toMatchObject({ isBlocked: true, timeToBlockExpire: 30 });
    // The block over, the client counts afresh.
    s.at(60_000);
    expect(await s.hit()).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('slides: the last window still counts for the part the window still covers', async () => {
    const s = storageAt();
    for (let i = 0; i < 3; i++) await s.hit();
    // 15 s into the next window: 3 × 45/60 = 2.25 of the last window's hits still count.
    s.at(75_000);
    expect(await s.hit()).toMatchObject({ totalHits: 4, isBlocked: true });
  });

  it('forgets a window once it has slid past', async () => {
    const s = storageAt();
    for (let i = 0; i < 3; i++) await s.hit();
    // 50 s into the next window: 3 × 10/60 = 0.5 still counts, 0.5 + 1 → 2.
    s.at(110_000);
    expect(await s.hit()).toMatchObject({ totalHits: 2, isBlocked: false });
    // Two windows later nothing of them is left.
    s.at(250_000);
    expect(await s.hit()).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('counts each client address and each limit apart', async () => {
    const s = storageAt();
    for (let i = 0; i < 3; i++) await s.hit('requests:1.2.3.4');
    expect(await s.hit('requests:5.6.7.8')).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(await s.hit('requests:1.2.3.4')).toMatchObject({ isBlocked: true });
  });

  it('keeps at most maxClients addresses: the least recently seen is dropped and starts again', async () => {
    const s = storageAt(1_000_000, 2);
    for (let i = 0; i < 3; i++) await s.hit('requests:a');
    await s.hit('requests:b');
    await s.hit('requests:c');
    expect(await s.hit('requests:a')).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('keeps one small record per client however high the limit (no list of hits)', async () => {
    const s = storageAt();
    for (let i = 0; i < 50_000; i++) await s.hit('requests:x', 1_000_000);
    const r = await s.hit('requests:x', 1_000_000);
    expect(r).toMatchObject({ totalHits: 50_001, isBlocked: false });
    const record = (s.storage as unknown as { counts: { get(k: string): object } }).counts.get(
      'requests\u0000requests:x',
    );
    expect(Object.keys(record!).sort()).toEqual([
      'blockedUntil',
      'current',
      'previous',
      'windowStart',
    ]);
  });
});
