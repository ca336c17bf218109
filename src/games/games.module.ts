import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { ScenariosModule } from '../scenarios/scenarios.module';
import {
  AnalysisResolver,
  GameUpdateTypesResolver,
  LegalOrdersTypesResolver,
  MustActTypesResolver,
  OrderAcceptedTypesResolver,
  ReplayEntryTypesResolver,
} from './analysis.resolver';
import { GameContexts } from './game-contexts.service';
import { GameExport } from './game-export';
import { PastPositions } from './past-positions';
import { ReplayVerifier } from './replay-verifier';
import { GameHooks } from './game-hooks';
import { HotStates } from './game-states';
import { GameUpdatesBus, InProcessGameUpdatesBus, RedisGameUpdatesBus } from './game-updates';
import { GamesController } from './games.controller';
import { GamesResolver } from './games.resolver';
import { GamesService } from './games.service';
import { ReplaysController } from './replays.controller';
import { SeatTokenGuard } from './seat-token.guard';

/** Games: lifecycle, seats and tokens, persistence, replays, live updates. */
@Module({
  imports: [ScenariosModule],
  controllers: [GamesController, ReplaysController],
  providers: [
    GamesService,
    GameExport,
    PastPositions,
    ReplayVerifier,
    GameContexts,
    GameHooks,
    HotStates,
    SeatTokenGuard,
    GamesResolver,
    AnalysisResolver,
    ReplayEntryTypesResolver,
    GameUpdateTypesResolver,
    OrderAcceptedTypesResolver,
    LegalOrdersTypesResolver,
    MustActTypesResolver,
    {
      // Across instances through Redis pub/sub when REDIS_URL is set; in-process otherwise.
      provide: GameUpdatesBus,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): GameUpdatesBus =>
        config.redisUrl ? new RedisGameUpdatesBus(config.redisUrl) : new InProcessGameUpdatesBus(),
    },
  ],
  exports: [GamesService, GameContexts, GameUpdatesBus, SeatTokenGuard, GameHooks, HotStates],
})
export class GamesModule {}
