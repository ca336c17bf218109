import type { IncomingMessage } from 'node:http';
// proxy-addr: what Fastify (and Express before it) read `trustProxy` with (no type declarations of its own).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const proxyAddr = require('proxy-addr') as {
  (req: IncomingMessage, trust: (addr: string, hop: number) => boolean): string;
  compile(val: string[]): (addr: string, hop: number) => boolean;
};
import type { ThrottlerStorage } from '@nestjs/throttler';
import { GraphQLError } from 'graphql';
import type { ThrottleConfig } from './throttling.config';
import { REQUEST_LIMIT } from './throttling.guard';

/** Subscriptions one websocket connection may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;
/** Subscriptions one client address may hold at once, over all its connections. */
export const MAX_SUBSCRIPTIONS_PER_CLIENT = 100;

/** What graphql-ws gives its hooks: the upgrade request is in `extra.request`. */
interface WsContext {
  extra?: unknown;
  /** graphql-ws's live operations of the connection, by id; an id leaves it as soon as the client completes it. */
  subscriptions?: Record<string, unknown>;
}

function refusal(
  code: string,
  message: string,
  extensions: Record<string, unknown>,
): GraphQLError[] {
  return [new GraphQLError(message, { extensions: { code, ...extensions } })];
}

/**
 * The request budget and the subscription caps for GraphQL over websockets
 * (graphql-ws), which no HTTP guard sees: 12 000 queries on one socket were
 * answered while HTTP said RATE_LIMITED, and 20 000 subscriptions on one
 * socket exhausted the database pool. Each operation sent over a socket counts
 * against the same per-address budget as an HTTP request (the same throttler
 * storage and key as RateLimitGuard), and subscriptions are capped per
 * connection and per client address. The client address is the upgrade
 * request's, under the same TRUST_PROXY setting as HTTP requests (websockets do
 * not go through Fastify's routing, so proxy-addr, which Fastify uses, reads
 * X-Forwarded-For here): the socket's peer unless that peer is a trusted proxy.
 */
/** The HTTP layer's reading of `trustProxy` (proxy-addr), for the websocket upgrade request. */
function compileTrust(trust: boolean | number | string[]): (addr: string, hop: number) => boolean {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_addr, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

export class WebsocketLimits {
  private readonly open = new WeakMap<object, Set<string>>();
  private readonly perClient = new Map<string, number>();

  private readonly trusted: (addr: string, hop: number) => boolean;

  constructor(
    private readonly config: ThrottleConfig,
    private readonly storage: ThrottlerStorage,
    trustProxy: boolean | number | string[] = false,
  ) {
    this.trusted = compileTrust(trustProxy);
  }

  private clientOf(ctx: WsContext): string {
    const extra = ctx.extra as { request?: IncomingMessage } | undefined;
    const request = extra?.request;
    if (!request?.socket?.remoteAddress) return 'unknown';
    return proxyAddr(request, this.trusted);
  }

  /** Counts one operation; the refusal when the address is over its budget or the subscription caps. */
  async admit(
    ctx: WsContext,
    id: string,
    isSubscription: boolean,
  ): Promise<GraphQLError[] | undefined> {
    const client = this.clientOf(ctx);
    if (this.config.limit > 0) {
      const ttl = this.config.ttlSeconds * 1000;
      const record = await this.storage.increment(
        `${REQUEST_LIMIT}:${client}`,
        ttl,
        this.config.limit,
        ttl,
        REQUEST_LIMIT,
      );
      if (record.isBlocked) {
        const retryAfter = Math.max(1, record.timeToBlockExpire);
        return refusal(
          'RATE_LIMITED',
          `Rate limit "${REQUEST_LIMIT}" exceeded: at most ${this.config.limit} requests per ${this.config.ttlSeconds} s from one client address, websocket operations included. Retry in ${retryAfter} s.`,
          {
            limit: {
              name: REQUEST_LIMIT,
              requests: this.config.limit,
              windowSeconds: this.config.ttlSeconds,
            },
            retryAfter,
          },
        );
      }
    }
    if (!isSubscription) return undefined;
    // A subscription the client completed leaves ctx.subscriptions at once, while graphql-ws
    // reports its completion only when its stream next yields: count only the live ones.
    for (const held of [...(this.open.get(ctx) ?? [])]) {
      if (ctx.subscriptions && !(held in ctx.subscriptions)) this.release(ctx, held);
    }
    const mine = this.open.get(ctx) ?? new Set<string>();
    if (mine.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
      return refusal(
        'TOO_MANY_SUBSCRIPTIONS',
        `This connection already holds ${mine.size} subscriptions; at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION}.`,
        {
          limit: { name: 'maxSubscriptionsPerConnection', value: MAX_SUBSCRIPTIONS_PER_CONNECTION },
        },
      );
    }
    const held = this.perClient.get(client) ?? 0;
    if (held >= MAX_SUBSCRIPTIONS_PER_CLIENT) {
      return refusal(
        'TOO_MANY_SUBSCRIPTIONS',
        `This client address already holds ${held} subscriptions; at most ${MAX_SUBSCRIPTIONS_PER_CLIENT}.`,
        { limit: { name: 'maxSubscriptionsPerClient', value: MAX_SUBSCRIPTIONS_PER_CLIENT } },
      );
    }
    mine.add(id);
    this.open.set(ctx, mine);
    this.perClient.set(client, held + 1);
    return undefined;
  }

  /** A subscription ended (completed by either side). */
  release(ctx: WsContext, id: string): void {
    const mine = this.open.get(ctx);
    if (!mine?.delete(id)) return;
    const client = this.clientOf(ctx);
    const held = (this.perClient.get(client) ?? 1) - 1;
    if (held > 0) this.perClient.set(client, held);
    else this.perClient.delete(client);
  }

  /** The connection closed: whatever it still held is released. */
  closed(ctx: WsContext): void {
    for (const id of [...(this.open.get(ctx) ?? [])]) this.release(ctx, id);
    this.open.delete(ctx);
  }
}
