import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsResolver } from './notifications.resolver';
import { PlayerEventsService } from './player-events.service';
import { WebhooksService } from './webhooks.service';

/** The per-player event log, its live streams (SSE, GraphQL) and signed webhooks. */
@Module({
  imports: [PlayersModule],
  controllers: [NotificationsController],
  providers: [PlayerEventsService, WebhooksService, NotificationsResolver],
  exports: [PlayerEventsService],
})
export class NotificationsModule {}
