import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';

/** How long a count may wait for Redis before this instance counts on its own. */
export const REDIS_THROTTLE_TIMEOUT_MS = 250;

/** Prefix of the rate-limit keys in Redis (beside the live-update channels). */
export const REDIS_THROTTLE_PREFIX = 'muster:throttle:';

type Record = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Most client addresses whose counts one instance keeps (the least recently seen go first). */
export const MAX_COUNTED_CLIENTS = 100_000;

/** One client's count under one limit: this fixed window's hits, the last one's, any block. */
interface WindowCount {
  windowStart: number;
  current: number;
  previous: number;
  blockedUntil: number;
}

/**
 * The rate limits' counters in this process, in constant work and memory per client.
 *
 * A sliding window counter: the hits of the current fixed window of `ttl` plus the
 * previous window's weighted by how much of it the sliding window still covers. The
 * library's own in-memory storage keeps every hit's expiry and filters that list on
 * every request (and spreads it into Math.min when blocking without a block
 * duration): work and memory that grow with THROTTLE_LIMIT, 50–150 µs a request for a
 * client near the default 10,000 a minute and ~3 ms near 100,000 (issue 20: bounded
 * work per request); here under 1 µs whatever the limit. Over the limit, as the library does, the client is
 * blocked for `blockDuration` (the window, as configured) and counts afresh after.
 * At most MAX_COUNTED_CLIENTS clients are kept (lru-cache), so a flood of distinct
 * addresses cannot grow memory without bound; a client dropped starts again at zero.
 */
export class WindowThrottlerStorage implements ThrottlerStorage {
  private readonly counts: LRUCache<string, WindowCount>;

  constructor(
    private readonly now: () => number = Date.now,
    maxClients = MAX_COUNTED_CLIENTS,
  ) {
    this.counts = new LRUCache<string, WindowCount>({ max: maxClients });
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<Record> {
    const now = this.now();
    const id = `${throttlerName}\u0000${key}`;
    let c = this.counts.get(id);
    if (!c || (c.blockedUntil !== 0 && c.blockedUntil <= now)) {
      // New, or its block is over: it counts afresh (as @nestjs/throttler's storage does).
      c = { windowStart: now, current: 0, previous: 0, blockedUntil: 0 };
      this.counts.set(id, c);
    } else if (now - c.windowStart >= ttl) {
      const windows = Math.floor((now - c.windowStart) / ttl);
      c.previous = windows === 1 ? c.current : 0;
      c.current = 0;
      c.windowStart += windows * ttl;
    }
    const timeToExpire = Math.max(1, Math.ceil((c.windowStart + ttl - now) / 1000));
    if (c.blockedUntil > now) {
      return {
        totalHits: limit + 1,
        timeToExpire,
        isBlocked: true,
        timeToBlockExpire: Math.max(1, Math.ceil((c.blockedUntil - now) / 1000)),
      };
    }
    c.current++;
    const covered = 1 - (now - c.windowStart) / ttl;
    const totalHits = Math.ceil(c.previous * covered + c.current);
    if (totalHits > limit) {
      const block = Math.max(blockDuration, 1);
      c.blockedUntil = now + block;
      return {
        totalHits,
        timeToExpire,
        isBlocked: true,
        timeToBlockExpire: Math.max(1, Math.ceil(block / 1000)),
      };
    }
    return { totalHits, timeToExpire, isBlocked: false, timeToBlockExpire: 0 };
  }
}

/**
 * The rate limits' counters shared by every instance through Redis (REDIS_URL), so a
 * client spreading requests over several instances still gets one budget
 * (@nest-lab/throttler-storage-redis: one Lua script per count, atomic). Counting
 * never waits on Redis for long and never fails a request: with Redis unreachable or
 * slower than REDIS_THROTTLE_TIMEOUT_MS, an instance counts in its own memory (as it
 * does without Redis) until Redis answers again — limits stay per instance meanwhile.
 */
export class SharedThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimits');
  private readonly local = new WindowThrottlerStorage();
  private readonly redis: Redis;
  private readonly shared: ThrottlerStorageRedisService;
  private down = false;

  constructor(url: string) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      commandTimeout: REDIS_THROTTLE_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      keyPrefix: REDIS_THROTTLE_PREFIX,
    });
    this.redis.on('error', (e: Error) => this.markDown(e));
    this.redis.on('ready', () => {
      if (this.down)
        this.logger.log('Redis is back: rate limits are shared across instances again');
      this.down = false;
    });
    this.shared = new ThrottlerStorageRedisService(this.redis);
  }

  private markDown(e: Error): void {
    if (!this.down) {
      this.logger.warn(
        `Redis unavailable for rate limits (${e.message}): counting per instance until it returns`,
      );
    }
    this.down = true;
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<Record> {
    if (this.redis.status === 'ready') {
      try {
        return await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
      } catch (e) {
        this.markDown(e as Error);
      }
    }
    return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
