import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { PlayersModule } from '../players/players.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsResolver } from './notifications.resolver';
import {
  InProcessPlayerEventsBus,
  PlayerEventsBus,
  RedisPlayerEventsBus,
} from './player-events-bus';
import { PlayerEventsService } from './player-events.service';
import { WebhooksService } from './webhooks.service';

/** The per-player event log, its live streams (SSE, GraphQL) and signed webhooks. */
@Module({
  imports: [PlayersModule],
  controllers: [NotificationsController],
  providers: [
    PlayerEventsService,
    WebhooksService,
    NotificationsResolver,
    {
      // Across instances through Redis pub/sub when REDIS_URL is set; in-process otherwise.
      provide: PlayerEventsBus,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): PlayerEventsBus =>
        config.redisUrl
          ? new RedisPlayerEventsBus(config.redisUrl)
          : new InProcessPlayerEventsBus(),
    },
  ],
  exports: [PlayerEventsService],
})
export class NotificationsModule {}
