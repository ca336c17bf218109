import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Sse,
  UseGuards,
} from '@nestjs/common';
import type { MessageEvent } from '@nestjs/common';
import { Observable } from 'rxjs';
import { CurrentPlayer, PlayerAuthGuard } from '../players/player-auth.guard';
import type { PlayerPrincipal } from '../players/players.service';
import { CreateWebhookDto } from './notifications.dto';
import { PlayerEventsService } from './player-events.service';
import {
  WebhooksService,
  type DeliveryDto,
  type WebhookDto,
  type WebhookWithSecretDto,
} from './webhooks.service';

/** A player's own event stream and webhooks: any live token of his (no scope needed). */
@Controller('v1/me')
@UseGuards(PlayerAuthGuard)
export class NotificationsController {
  constructor(
    private readonly events: PlayerEventsService,
    private readonly webhooks: WebhooksService,
  ) {}

  /**
   * Server-Sent Events: one event per thing that happened to the player (type
   * = the event type, id = its id). With Last-Event-ID (or ?after=id) the
   * events after it are sent first; by default only new ones.
   */
  @Sse('events')
  async stream(
    @CurrentPlayer() who: PlayerPrincipal,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Query('after') afterQuery: string | undefined,
  ): Promise<Observable<MessageEvent>> {
    const raw = lastEventId ?? afterQuery;
    const after =
      raw !== undefined && /^\d{1,15}$/.test(raw) ? Number(raw) : await this.events.lastId(who.id);
    return new Observable<MessageEvent>((subscriber) =>
      this.events.follow(who.id, after, {
        next: (e) => subscriber.next({ id: String(e.id), type: e.type, data: e }),
        error: (e) => subscriber.error(e),
      }),
    );
  }

  @Post('webhooks')
  @HttpCode(201)
  createWebhook(
    @CurrentPlayer() who: PlayerPrincipal,
    @Body() body: CreateWebhookDto,
  ): Promise<WebhookWithSecretDto> {
    return this.webhooks.create(who.id, body.url, body.events ?? null);
  }

  @Get('webhooks')
  listWebhooks(@CurrentPlayer() who: PlayerPrincipal): Promise<WebhookDto[]> {
    return this.webhooks.list(who.id);
  }

  @Get('webhooks/:webhookId')
  webhook(
    @CurrentPlayer() who: PlayerPrincipal,
    @Param('webhookId') id: string,
  ): Promise<WebhookDto> {
    return this.webhooks.get(who.id, id);
  }

  @Delete('webhooks/:webhookId')
  @HttpCode(204)
  removeWebhook(
    @CurrentPlayer() who: PlayerPrincipal,
    @Param('webhookId') id: string,
  ): Promise<void> {
    return this.webhooks.remove(who.id, id);
  }

  @Post('webhooks/:webhookId/rotate-secret')
  @HttpCode(200)
  rotate(
    @CurrentPlayer() who: PlayerPrincipal,
    @Param('webhookId') id: string,
  ): Promise<WebhookWithSecretDto> {
    return this.webhooks.rotate(who.id, id);
  }

  @Get('webhooks/:webhookId/deliveries')
  deliveries(
    @CurrentPlayer() who: PlayerPrincipal,
    @Param('webhookId') id: string,
  ): Promise<DeliveryDto[]> {
    return this.webhooks.deliveries(who.id, id);
  }
}
