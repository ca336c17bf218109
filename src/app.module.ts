import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { APP_CONFIG, AppConfig } from './common/config/config';
import { ConfigModule } from './common/config/config.module';
import { DocsModule } from './common/docs/docs.module';
import { graphqlOptions } from './common/graphql';
import { LoggingModule } from './common/logging/logging.module';
import { ThrottlingModule } from './common/throttling.module';
import { DatabaseModule } from './database/database.module';
import { ChallengesModule } from './challenges/challenges.module';
import { ClocksModule } from './clocks/clocks.module';
import { GamesModule } from './games/games.module';
import { ViewerModule } from './viewer/viewer.module';
import { HealthModule } from './health/health.module';
import { MatchesModule } from './matches/matches.module';
import { MovesModule } from './moves/moves.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OddsModule } from './odds/odds.module';
import { PlayersModule } from './players/players.module';
import { RatingsModule } from './ratings/ratings.module';
import { ScenariosModule } from './scenarios/scenarios.module';
import { TournamentsModule } from './tournaments/tournaments.module';
import { VictoryModule } from './victory/victory.module';
import { EnginePoolModule } from './workers/engine-pool.module';
import { getStorageToken, type ThrottlerStorage } from '@nestjs/throttler';
import { THROTTLE_CONFIG, type ThrottleConfig } from './common/throttling.config';
import { WebsocketLimits } from './common/websocket-limits';

@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    ThrottlingModule,
    DatabaseModule,
    EnginePoolModule,
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      inject: [APP_CONFIG, THROTTLE_CONFIG, getStorageToken()],
      useFactory: (config: AppConfig, throttle: ThrottleConfig, storage: ThrottlerStorage) =>
        graphqlOptions(config, new WebsocketLimits(throttle, storage, config.trustProxy)),
    }),
    HealthModule,
    DocsModule,
    ScenariosModule,
    GamesModule,
    ViewerModule,
    MovesModule,
    OddsModule,
    VictoryModule,
    ClocksModule,
    PlayersModule,
    NotificationsModule,
    RatingsModule,
    MatchesModule,
    ChallengesModule,
    TournamentsModule,
  ],
})
export class AppModule {}
