import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../clocks/clock';
import { PlayerEventsBus } from './player-events-bus';
import { WebhooksService } from './webhooks.service';

/** What a player is told about. */
export const PLAYER_EVENT_TYPES = [
  'challenge-received',
  'challenge-accepted',
  'challenge-declined',
  'challenge-cancelled',
  'game-started',
  'your-turn',
  'decision-pending',
  'draw-offered',
  'draw-declined',
  'takeback-requested',
  'takeback-accepted',
  'takeback-declined',
  'game-finished',
  'tournament-round-paired',
  'tournament-game-finished',
  'tournament-finished',
] as const;
export type PlayerEventType = (typeof PLAYER_EVENT_TYPES)[number];

export interface PlayerEventDto {
  /** Increasing over all players: a client resumes after the last id it has. */
  id: number;
  type: PlayerEventType;
  createdAt: string;
  data: Record<string, unknown>;
}

/** How many stored events a reconnecting client is sent at most. */
const BACKLOG = 200;

/**
 * The per-player event log: each event is stored (so a client that reconnects
 * with Last-Event-ID gets what it missed), announced on the PlayerEventsBus
 * (in-process, or Redis across instances: a stream on instance A hears of an
 * event emitted on B) to the player's live streams (SSE, GraphQL
 * playerEvents), which read it from the log, and handed to his webhooks.
 * Best effort like game updates: emitting never fails the action it reports.
 */
@Injectable()
export class PlayerEventsService {
  private readonly logger = new Logger('PlayerEvents');
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksService,
    private readonly clock: Clock,
    private readonly bus: PlayerEventsBus,
  ) {}

  async emit(
    playerId: string,
    type: PlayerEventType,
    data: Record<string, unknown>,
  ): Promise<void> {
    try {
      const [row] = (await this.dataSource.query(
        `INSERT INTO player_events (player_id, type, data, created_at) VALUES ($1, $2, $3, $4)
         RETURNING id`,
        [playerId, type, JSON.stringify(data), this.clock.now()],
      )) as Array<{ id: string }>;
      const event: PlayerEventDto = {
        id: Number(row.id),
        type,
        createdAt: this.clock.now().toISOString(),
        data,
      };
      await this.bus.publish({ playerId, id: event.id, type });
      await this.webhooks.enqueue(playerId, event);
    } catch (e) {
      this.logger.warn(`event ${type} for ${playerId} not delivered: ${(e as Error).message}`);
    }
  }

  /** Stored events of a player after `after`, oldest first (at most BACKLOG). */
  async after(playerId: string, after: number): Promise<PlayerEventDto[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, type, data, created_at FROM player_events WHERE player_id = $1 AND id > $2
       ORDER BY id LIMIT ${BACKLOG}`,
      [playerId, after],
    )) as Array<{
      id: string;
      type: PlayerEventType;
      data: Record<string, unknown>;
      created_at: Date;
    }>;
    return rows.map((r) => ({
      id: Number(r.id),
      type: r.type,
      data: r.data,
      createdAt: r.created_at.toISOString(),
    }));
  }

  /** The latest event id of a player (0 without any): where a new live client starts by default. */
  async lastId(playerId: string): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT coalesce(max(id), 0) AS id FROM player_events WHERE player_id = $1`,
      [playerId],
    );
    return Number(row.id);
  }

  /**
   * Follows a player's events after `after`: the stored ones first, then each
   * new one as the bus announces it (from this instance or another). Every
   * notice makes the stream read the log after the last event it has, so
   * each event arrives once and in order, and one whose notice was lost (a
   * Redis outage) arrives with the next.
   */
  follow(
    playerId: string,
    after: number,
    sink: { next(e: PlayerEventDto): void; error(e: unknown): void },
  ): () => void {
    let last = after;
    let closed = false;
    let reading = false;
    let again = false;
    const read = async (): Promise<void> => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          // Page through the log (BACKLOG at a time).
          for (;;) {
            const page = await this.after(playerId, last);
            for (const e of page) {
              if (closed) return;
              if (e.id <= last) continue;
              last = e.id;
              sink.next(e);
            }
            if (page.length < BACKLOG) break;
          }
        } while (again && !closed);
      } catch (e) {
        if (!closed) sink.error(e);
      } finally {
        reading = false;
      }
    };
    // Subscribed before the first read: nothing stored meanwhile is missed.
    const unsubscribe = this.bus.subscribe((notice) => {
      if (notice.playerId === playerId && notice.id > last) void read();
    });
    void read();
    return () => {
      closed = true;
      unsubscribe();
    };
  }

  /** The same as an async iterator, for the GraphQL subscription. */
  iterator(playerId: string, after: number): AsyncIterableIterator<PlayerEventDto> {
    const queue: PlayerEventDto[] = [];
    const waiting: Array<(r: IteratorResult<PlayerEventDto>) => void> = [];
    let done = false;
    const stop = this.follow(playerId, after, {
      next(e) {
        const w = waiting.shift();
        if (w) w({ value: e, done: false });
        else if (queue.length < 1000) queue.push(e);
      },
      error() {
        done = true;
        for (const w of waiting.splice(0)) w({ value: undefined, done: true });
      },
    });
    const finish = (): Promise<IteratorResult<PlayerEventDto>> => {
      if (!done) {
        done = true;
        stop();
        for (const w of waiting.splice(0)) w({ value: undefined, done: true });
      }
      return Promise.resolve({ value: undefined, done: true });
    };
    return {
      next() {
        if (queue.length > 0) return Promise.resolve({ value: queue.shift()!, done: false });
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => waiting.push(resolve));
      },
      return: finish,
      throw: finish,
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }
}
