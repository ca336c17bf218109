import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';

/** How long a count may wait for Redis before this instance counts on its own. */
export const REDIS_THROTTLE_TIMEOUT_MS = 250;

/** Prefix of the rate-limit keys in Redis (beside the live-update channels). */
export const REDIS_THROTTLE_PREFIX = 'muster:throttle:';

type Record = Awaited<ReturnType<ThrottlerStorage['increment']>>;

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
  private readonly local = new ThrottlerStorageService();
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
    this.local.onApplicationShutdown();
    this.redis.disconnect();
  }
}
