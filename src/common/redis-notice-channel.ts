import { randomUUID } from 'node:crypto';
import type { Logger } from '@nestjs/common';
import Redis from 'ioredis';

/** How long a publish may wait for Redis before the message is given up (ms). */
const PUBLISH_TIMEOUT_MS = 1000;

/**
 * One Redis pub/sub channel between instances, shared by the live buses
 * (game updates, player events). Each instance tags what it publishes with
 * its id and ignores its own messages when they come back: the bus delivers
 * to its own listeners directly, so every listener is served by exactly one
 * path and a Redis outage only stops the traffic between instances.
 *
 * - The publisher has no offline queue and a command timeout: while Redis is
 *   down or hangs, publish() gives up at once (or after PUBLISH_TIMEOUT_MS)
 *   instead of holding the caller.
 * - The subscriber retries forever, so an instance started while Redis is down
 *   subscribes when it comes back, and re-subscribes after every reconnection.
 * - An outage is logged once per client, not at every retry.
 */
export class RedisNoticeChannel<T> {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly subscribed: Promise<void>;
  /** This instance's id on the channel. */
  readonly origin = randomUUID();
  private readonly lastError = new Map<Redis, string>();

  /**
   * `decode` turns a parsed message from another instance into what to
   * deliver (undefined: ignore it); it may throw on a malformed one.
   */
  constructor(
    url: string,
    private readonly channel: string,
    private readonly logger: Logger,
    decode: (message: { origin?: string } & Record<string, unknown>) => T | undefined,
    deliver: (value: T) => void,
    private readonly key: string,
  ) {
    this.publisher = new Redis(url, {
      enableOfflineQueue: false,
      commandTimeout: PUBLISH_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
    });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    for (const [client, role] of [
      [this.publisher, 'publisher'],
      [this.subscriber, 'subscriber'],
    ] as const) {
      client.on('error', (e: Error) => {
        if (this.lastError.get(client) === e.message) return;
        this.lastError.set(client, e.message);
        this.logger.warn(`Redis ${role}: ${e.message}`);
      });
      client.on('ready', () => {
        if (this.lastError.delete(client)) this.logger.log(`Redis ${role}: connected again`);
      });
    }
    this.subscriber.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      try {
        const parsed = JSON.parse(message) as { origin?: string } & Record<string, unknown>;
        if (parsed.origin === this.origin) return; // already delivered locally
        const value = decode(parsed);
        if (value !== undefined) deliver(value);
      } catch (e) {
        this.logger.warn(`Ignoring a malformed message on ${channel}: ${(e as Error).message}`);
      }
    });
    this.subscribed = this.subscriber.subscribe(channel).then(() => undefined);
    // Surface a failed subscription through ready(), not as an unhandled rejection.
    this.subscribed.catch(() => undefined);
  }

  /** Resolves once subscribed. */
  ready(): Promise<void> {
    return this.subscribed;
  }

  /** Publishes `value` under `key`, tagged with this instance's id. Never throws. */
  async publish(value: T, what: string): Promise<void> {
    try {
      await this.publisher.publish(
        this.channel,
        JSON.stringify({ origin: this.origin, [this.key]: value }),
      );
    } catch (e) {
      this.logger.warn(`Could not publish ${what} to other instances: ${(e as Error).message}`);
    }
  }

  close(): Promise<void> {
    // disconnect(), not quit(): QUIT would wait in the subscriber's queue for a Redis that is away.
    this.publisher.disconnect();
    this.subscriber.disconnect();
    return Promise.resolve();
  }
}
