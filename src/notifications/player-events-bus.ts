import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';

/** What travels between instances when a player's event is stored: who, and which event. */
export interface PlayerEventNotice {
  playerId: string;
  /** The stored event's id. */
  id: number;
  type: string;
}

export type PlayerEventListener = (notice: PlayerEventNotice) => void;

/**
 * Tells live player streams that an event of theirs was stored. In one
 * process an EventEmitter does; across instances (REDIS_URL set) every
 * instance publishes to and listens on one Redis channel, so a player whose
 * stream is on instance A hears of an event emitted on instance B. A notice
 * only wakes the stream: it reads the events from the log (player_events),
 * so each arrives once, in order, and one missed during a Redis outage is
 * read at the next notice — as the game updates' bus (src/games/game-updates.ts).
 */
export abstract class PlayerEventsBus {
  /** After the event is stored. Never throws: live streams are best effort. */
  abstract publish(notice: PlayerEventNotice): Promise<void>;
  /** Calls `listener` for every notice; returns the unsubscribe function. */
  abstract subscribe(listener: PlayerEventListener): () => void;
  /** Resolves once the bus delivers (Redis: subscribed). */
  ready(): Promise<void> {
    return Promise.resolve();
  }
  async close(): Promise<void> {}
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

class LocalListeners {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0); // one per connected stream
  }
  deliver(notice: PlayerEventNotice): void {
    this.emitter.emit('notice', notice);
  }
  add(listener: PlayerEventListener): () => void {
    this.emitter.on('notice', listener);
    return () => this.emitter.off('notice', listener);
  }
}

/** Single instance: notices never leave the process. */
export class InProcessPlayerEventsBus extends PlayerEventsBus {
  private readonly local = new LocalListeners();
  publish(notice: PlayerEventNotice): Promise<void> {
    this.local.deliver(notice);
    return Promise.resolve();
  }
  subscribe(listener: PlayerEventListener): () => void {
    return this.local.add(listener);
  }
}

/** The Redis channel of player event notices. */
export const PLAYER_EVENTS_CHANNEL = 'muster:player-events';

/** How long a publish may wait for Redis (ms): an action is never held longer. */
const PUBLISH_TIMEOUT_MS = 1000;

/**
 * Across instances over Redis pub/sub, like RedisGameUpdatesBus: local
 * streams are told directly and the notice is published tagged with this
 * instance's id (ignored when it comes back); no offline queue and a command
 * timeout on the publisher, a subscriber that retries forever and
 * re-subscribes after every reconnection.
 */
export class RedisPlayerEventsBus extends PlayerEventsBus {
  private readonly logger = new Logger('PlayerEventsBus');
  private readonly local = new LocalListeners();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly subscribed: Promise<void>;
  readonly origin = randomUUID();
  private readonly lastError = new Map<Redis, string>();

  constructor(url: string) {
    super();
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
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== PLAYER_EVENTS_CHANNEL) return;
      try {
        const { origin, notice } = JSON.parse(message) as {
          origin?: string;
          notice?: PlayerEventNotice;
        };
        if (origin === this.origin || !notice || typeof notice.playerId !== 'string') return;
        this.local.deliver(notice);
      } catch (e) {
        this.logger.warn(`Ignoring a malformed player event notice: ${(e as Error).message}`);
      }
    });
    this.subscribed = this.subscriber.subscribe(PLAYER_EVENTS_CHANNEL).then(() => undefined);
    this.subscribed.catch(() => undefined);
  }

  override ready(): Promise<void> {
    return this.subscribed;
  }

  async publish(notice: PlayerEventNotice): Promise<void> {
    try {
      this.local.deliver(notice);
    } catch (e) {
      this.logger.warn(`A live stream of ${notice.playerId} failed: ${(e as Error).message}`);
    }
    try {
      await this.publisher.publish(
        PLAYER_EVENTS_CHANNEL,
        JSON.stringify({ origin: this.origin, notice }),
      );
    } catch (e) {
      this.logger.warn(
        `Could not publish event ${notice.id} to other instances: ${(e as Error).message}`,
      );
    }
  }

  subscribe(listener: PlayerEventListener): () => void {
    return this.local.add(listener);
  }

  override close(): Promise<void> {
    this.publisher.disconnect();
    this.subscriber.disconnect();
    return Promise.resolve();
  }
}
