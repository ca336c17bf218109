import { ExecutionContext, Injectable } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemException } from './errors/problem';

/** Name of the one throttler (the whole per-address request budget). */
export const REQUEST_LIMIT = 'requests';

/** Paths never limited: orchestrators probe /health often, and it must tell the truth under load. */
const UNLIMITED_PATHS = new Set(['/health', '/health/live', '/health/ready']);

type Ctx = { req?: FastifyRequest; res?: FastifyReply };

/**
 * The global rate-limit guard: @nestjs/throttler's guard over a sliding window
 * counter (throttling-storage.ts), with
 *
 * - one budget per client address across every route (the library's default key
 *   is per route; a flood spread over routes should count as one flood),
 * - GraphQL requests counted too (the request comes from the GraphQL context),
 * - /health exempt,
 * - over the limit, a 429 problem+json (code RATE_LIMITED) whose detail names the
 *   limit and when to retry, with the same figures as members (`limit`,
 *   `windowSeconds`, `retryAfter`) and a Retry-After header in seconds.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  // The base class types request and response as Record<string, any>.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  protected override getRequestResponse(context: ExecutionContext): {
    req: Record<string, any>;
    res: Record<string, any>;
  } {
    if (context.getType<string>() === 'graphql') {
      const ctx = GqlExecutionContext.create(context).getContext<Ctx>();
      return { req: ctx?.req ?? { headers: {} }, res: ctx?.res ?? {} };
    }
    return super.getRequestResponse(context);
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    const type = context.getType<string>();
    if (type === 'graphql') {
      // Subscriptions over websockets carry no HTTP request: nothing to count.
      const ctx = GqlExecutionContext.create(context).getContext<Ctx>();
      return !ctx?.req?.headers;
    }
    if (type !== 'http') return true;
    const url = context.switchToHttp().getRequest<FastifyRequest>().url;
    const q = url.indexOf('?');
    return UNLIMITED_PATHS.has(q < 0 ? url : url.slice(0, q));
  }

  protected override generateKey(
    _context: ExecutionContext,
    tracker: string,
    throttlerName: string,
  ): string {
    return `${throttlerName}:${tracker}`;
  }

  protected override async getTracker(req: Record<string, any>): Promise<string> {
    // Behind no proxy the socket address; GraphQL-over-websocket contexts may lack req.ip.
    return String(req.ip ?? req.socket?.remoteAddress ?? 'unknown');
  }
  /* eslint-enable @typescript-eslint/no-explicit-any */

  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const windowSeconds = Math.max(1, Math.round(detail.ttl / 1000));
    const retryAfter = Math.max(1, detail.timeToBlockExpire);
    const { res } = this.getRequestResponse(context);
    this.setResponseHeader(res, 'Retry-After', retryAfter);
    throw new ProblemException({
      status: 429,
      code: 'RATE_LIMITED',
      title: 'Too many requests',
      detail:
        `Rate limit "${REQUEST_LIMIT}" exceeded: at most ${detail.limit} requests per ` +
        `${windowSeconds} s from one client address. Retry in ${retryAfter} s.`,
      extensions: {
        limit: { name: REQUEST_LIMIT, requests: detail.limit, windowSeconds },
        retryAfter,
      },
    });
  }
}
