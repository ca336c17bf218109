import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from './config/config';
import { SharedThrottlerStorage, WindowThrottlerStorage } from './throttling-storage';
import { THROTTLE_CONFIG, ThrottleConfig, loadThrottleConfig } from './throttling.config';
import { REQUEST_LIMIT, RateLimitGuard } from './throttling.guard';

/** Provides {@link THROTTLE_CONFIG}; tests replace it with `overrideProvider(THROTTLE_CONFIG)`. */
@Global()
@Module({
  providers: [{ provide: THROTTLE_CONFIG, useFactory: () => loadThrottleConfig(process.env) }],
  exports: [THROTTLE_CONFIG],
})
export class ThrottleConfigModule {}

/**
 * Rate limiting for every REST route and GraphQL operation (see throttling.config.ts
 * for the settings and throttling.guard.ts for the answer over the limit). Counters
 * live in Redis when REDIS_URL is set, so every instance counts against one budget per
 * client (throttling-storage.ts; per instance while Redis is unreachable), else in
 * process memory (WindowThrottlerStorage: constant work per request).
 */
@Module({
  imports: [
    ThrottleConfigModule,
    ThrottlerModule.forRootAsync({
      imports: [ThrottleConfigModule],
      inject: [THROTTLE_CONFIG, APP_CONFIG],
      useFactory: (config: ThrottleConfig, app: AppConfig) => ({
        storage: app.redisUrl
          ? new SharedThrottlerStorage(app.redisUrl)
          : new WindowThrottlerStorage(),
        throttlers: [
          {
            name: REQUEST_LIMIT,
            limit: config.limit,
            ttl: config.ttlSeconds * 1000,
            // THROTTLE_LIMIT=0: no limit at all.
            skipIf: () => config.limit === 0,
          },
        ],
        // Retry-After is set by RateLimitGuard; the X-RateLimit-* headers would only cost time.
        setHeaders: false,
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }],
})
export class ThrottlingModule {}
