import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { ProblemException } from '../common/errors/problem';
import { Clock } from '../clocks/clock';
import type { PlayerEventDto, PlayerEventType } from './player-events.service';
import { webhookUrlProblem } from './webhook-address';

export interface WebhookDto {
  id: string;
  url: string;
  /** Event types delivered; null for all. */
  events: PlayerEventType[] | null;
  createdAt: string;
  secretRotatedAt: string | null;
}

/** A webhook as created or rotated: the signing secret is shown in this answer only. */
export interface WebhookWithSecretDto extends WebhookDto {
  secret: string;
}

export interface DeliveryAttemptDto {
  at: string;
  /** HTTP status of the receiver's answer; null when none came (refused, timeout, private address). */
  status: number | null;
  error: string | null;
}

export interface DeliveryDto {
  id: number;
  eventId: number;
  eventType: string;
  /** "pending" (an attempt is due at nextAttemptAt), "delivered" or "failed" (retries exhausted). */
  status: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttemptDto[];
  nextAttemptAt: string | null;
  createdAt: string;
}

/** Seconds before each retry after a failed attempt; the attempt after the last gives up. */
export const RETRY_BACKOFF_SECONDS = [10, 60, 300, 1800, 7200];
/** Webhooks per player. */
export const MAX_WEBHOOKS = 10;
/** A receiver has this long to answer. */
const TIMEOUT_MS = 5000;

/** The signature header value: HMAC-SHA256 with the secret over "<timestamp>.<body>", hex. */
export function signature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

interface HookRow {
  id: string;
  url: string;
  events: PlayerEventType[] | null;
  created_at: Date;
  secret_rotated_at: Date | null;
}

const hookDto = (r: HookRow): WebhookDto => ({
  id: r.id,
  url: r.url,
  events: r.events,
  createdAt: r.created_at.toISOString(),
  secretRotatedAt: r.secret_rotated_at ? r.secret_rotated_at.toISOString() : null,
});

const webhookNotFound = (id: string) =>
  new ProblemException({
    status: 404,
    code: 'WEBHOOK_NOT_FOUND',
    detail: `You have no webhook ${id}.`,
  });

/**
 * Signed webhooks. Each player event becomes one delivery per matching
 * webhook of that player; a delivery is POSTed with the headers
 * Muster-Event, Muster-Delivery, Muster-Timestamp (unix seconds) and
 * Muster-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>; any
 * 2xx answer delivers it, anything else is retried after 10 s, 1 min, 5 min,
 * 30 min and 2 h, then given up. Redirects are not followed; the address is
 * checked before every attempt (DNS may change) unless private addresses are
 * allowed. Every attempt is logged for the owner.
 */
@Injectable()
export class WebhooksService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.processDue(), 2000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  async create(
    playerId: string,
    url: string,
    events: PlayerEventType[] | null,
  ): Promise<WebhookWithSecretDto> {
    const problem = await webhookUrlProblem(url, this.config.webhooksAllowPrivate);
    if (problem)
      throw new ProblemException({ status: 422, code: 'BAD_WEBHOOK_URL', detail: `${problem}.` });
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    return this.dataSource.transaction(async (m) => {
      await m.query(`SELECT id FROM players WHERE id = $1 FOR UPDATE`, [playerId]);
      const [{ n }] = await m.query(
        `SELECT count(*)::int AS n FROM webhooks WHERE player_id = $1`,
        [playerId],
      );
      if (n >= MAX_WEBHOOKS) {
        throw new ProblemException({
          status: 422,
          code: 'TOO_MANY_WEBHOOKS',
          detail: `A player has at most ${MAX_WEBHOOKS} webhooks.`,
        });
      }
      const [row] = (await m.query(
        `INSERT INTO webhooks (player_id, url, secret, events) VALUES ($1, $2, $3, $4)
         RETURNING id, url, events, created_at, secret_rotated_at`,
        [playerId, url, secret, events ? JSON.stringify(events) : null],
      )) as HookRow[];
      return { ...hookDto(row), secret };
    });
  }

  async list(playerId: string): Promise<WebhookDto[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, url, events, created_at, secret_rotated_at FROM webhooks WHERE player_id = $1
       ORDER BY created_at, id`,
      [playerId],
    )) as HookRow[];
    return rows.map(hookDto);
  }

  /** One of the player's own webhooks; 404 for anyone else's (its existence is not revealed). */
  private async own(playerId: string, id: string): Promise<HookRow> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw webhookNotFound(id);
    const rows = (await this.dataSource.query(
      `SELECT id, url, events, created_at, secret_rotated_at FROM webhooks WHERE id = $1 AND player_id = $2`,
      [id, playerId],
    )) as HookRow[];
    if (rows.length === 0) throw webhookNotFound(id);
    return rows[0];
  }

  async get(playerId: string, id: string): Promise<WebhookDto> {
    return hookDto(await this.own(playerId, id));
  }

  /** A new secret, effective for every delivery attempt from now on (the old one stops at once). */
  async rotate(playerId: string, id: string): Promise<WebhookWithSecretDto> {
    await this.own(playerId, id);
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const [rows] = (await this.dataSource.query(
      `UPDATE webhooks SET secret = $1, secret_rotated_at = $2 WHERE id = $3 AND player_id = $4
       RETURNING id, url, events, created_at, secret_rotated_at`,
      [secret, this.clock.now(), id, playerId],
    )) as [HookRow[], number];
    return { ...hookDto(rows[0]), secret };
  }

  async remove(playerId: string, id: string): Promise<void> {
    await this.own(playerId, id);
    await this.dataSource.query(`DELETE FROM webhooks WHERE id = $1 AND player_id = $2`, [
      id,
      playerId,
    ]);
  }

  /** The delivery log of one of the player's webhooks, newest first. */
  async deliveries(playerId: string, id: string, limit = 50): Promise<DeliveryDto[]> {
    await this.own(playerId, id);
    const rows = (await this.dataSource.query(
      `SELECT id, event_id, event_type, status, attempts, next_attempt_at, created_at
       FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id DESC LIMIT $2`,
      [id, limit],
    )) as Array<{
      id: string;
      event_id: string;
      event_type: string;
      status: DeliveryDto['status'];
      attempts: DeliveryAttemptDto[];
      next_attempt_at: Date | null;
      created_at: Date;
    }>;
    return rows.map((r) => ({
      id: Number(r.id),
      eventId: Number(r.event_id),
      eventType: r.event_type,
      status: r.status,
      attempts: r.attempts,
      nextAttemptAt:
        r.status === 'pending' && r.next_attempt_at ? r.next_attempt_at.toISOString() : null,
      createdAt: r.created_at.toISOString(),
    }));
  }

  /** One delivery per webhook of the player that wants this event type; the first attempt at once. */
  async enqueue(playerId: string, event: PlayerEventDto): Promise<void> {
    const body = JSON.stringify(event);
    const inserted = await this.dataSource.query(
      `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, body, status, next_attempt_at)
       SELECT id, $2, $3, $4, 'pending', $5 FROM webhooks
       WHERE player_id = $1 AND (events IS NULL OR events ? $3)
       RETURNING id`,
      [playerId, event.id, event.type, body, this.clock.now()],
    );
    if (inserted.length > 0) void this.processDue();
  }

  /**
   * Sends every delivery that is due (at most 20 at a time). A delivery is
   * leased (its next attempt pushed a minute on) before it is sent, so two
   * runs, or two instances, do not send it twice.
   */
  processDue(): Promise<void> {
    if (this.running) return this.running.then(() => this.processDue());
    this.running = this.runDue()
      .catch((e: Error) => this.logger.warn(`webhook deliveries: ${e.message}`))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async runDue(): Promise<void> {
    const now = this.clock.now();
    const [due] = (await this.dataSource.query(
      `UPDATE webhook_deliveries SET next_attempt_at = $2
       WHERE id IN (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1
                    ORDER BY next_attempt_at, id LIMIT 20)
       RETURNING id, webhook_id, event_type, body, attempts`,
      [now, new Date(now.getTime() + 60_000)],
    )) as [
      Array<{
        id: string;
        webhook_id: string;
        event_type: string;
        body: string;
        attempts: DeliveryAttemptDto[];
      }>,
      number,
    ];
    for (const d of due) {
      const [hook] = (await this.dataSource.query(
        `SELECT url, secret FROM webhooks WHERE id = $1`,
        [d.webhook_id],
      )) as Array<{ url: string; secret: string }>;
      if (!hook) continue;
      const attempt = await this.send(hook.url, hook.secret, d.id, d.event_type, d.body);
      const attempts = [...d.attempts, attempt];
      const delivered = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
      const retryIn = RETRY_BACKOFF_SECONDS[attempts.length - 1];
      const status = delivered ? 'delivered' : retryIn === undefined ? 'failed' : 'pending';
      await this.dataSource.query(
        `UPDATE webhook_deliveries SET status = $2, attempts = $3, next_attempt_at = $4 WHERE id = $1`,
        [
          d.id,
          status,
          JSON.stringify(attempts),
          status === 'pending' ? new Date(this.clock.now().getTime() + retryIn * 1000) : null,
        ],
      );
    }
  }

  private async send(
    url: string,
    secret: string,
    deliveryId: string,
    eventType: string,
    body: string,
  ): Promise<DeliveryAttemptDto> {
    const at = this.clock.now();
    const problem = await webhookUrlProblem(url, this.config.webhooksAllowPrivate);
    if (problem) return { at: at.toISOString(), status: null, error: problem };
    const timestamp = Math.floor(at.getTime() / 1000);
    try {
      const res = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Muster-Webhooks/1',
          'muster-event': eventType,
          'muster-delivery': deliveryId,
          'muster-timestamp': String(timestamp),
          'muster-signature': `v1=${signature(secret, timestamp, body)}`,
        },
        body,
      });
      await res.arrayBuffer().catch(() => undefined);
      return { at: at.toISOString(), status: res.status, error: null };
    } catch (e) {
      return { at: at.toISOString(), status: null, error: (e as Error).message };
    }
  }
}
