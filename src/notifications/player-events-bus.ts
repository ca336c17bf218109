import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import { RedisNoticeChannel } from '../common/redis-notice-channel';

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

/**
 * Across instances over Redis pub/sub (RedisNoticeChannel, as the game
 * updates' bus): local streams are told directly, other instances through the
 * channel.
 */
export class RedisPlayerEventsBus extends PlayerEventsBus {
  private readonly logger = new Logger('PlayerEventsBus');
  private readonly local = new LocalListeners();
  private readonly channel: RedisNoticeChannel<PlayerEventNotice>;

  constructor(url: string) {
    super();
    this.channel = new RedisNoticeChannel<PlayerEventNotice>(
      url,
      PLAYER_EVENTS_CHANNEL,
      this.logger,
      ({ notice }) => {
        const n = notice as PlayerEventNotice | undefined;
        return n && typeof n.playerId === 'string' ? n : undefined;
      },
      (notice) => this.local.deliver(notice),
      'notice',
    );
  }

  get origin(): string {
    return this.channel.origin;
  }

  override ready(): Promise<void> {
    return this.channel.ready();
  }

  async publish(notice: PlayerEventNotice): Promise<void> {
    try {
      this.local.deliver(notice);
    } catch (e) {
      this.logger.warn(`A live stream of ${notice.playerId} failed: ${(e as Error).message}`);
    }
    await this.channel.publish(notice, `event ${notice.id}`);
  }

  subscribe(listener: PlayerEventListener): () => void {
    return this.local.add(listener);
  }

  override close(): Promise<void> {
    return this.channel.close();
  }
}
