import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
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
 * live in process memory: several instances each count their own clients.
 */
@Module({
  imports: [
    ThrottleConfigModule,
    ThrottlerModule.forRootAsync({
      imports: [ThrottleConfigModule],
      inject: [THROTTLE_CONFIG],
      useFactory: (config: ThrottleConfig) => ({
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
