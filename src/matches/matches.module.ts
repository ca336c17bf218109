import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { MovesModule } from '../moves/moves.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PlayersModule } from '../players/players.module';
import { RatingsModule } from '../ratings/ratings.module';
import { FlowEntries } from './flow-entries';
import { GameFlowService } from './game-flow.service';
import { MatchesController } from './matches.controller';
import { MatchesResolver } from './matches.resolver';
import { MatchesService } from './matches.service';

/** Games between players: seats by player token, clocks, game flow off the order list, the end of a game. */
@Module({
  imports: [GamesModule, MovesModule, PlayersModule, RatingsModule, NotificationsModule],
  controllers: [MatchesController],
  providers: [MatchesService, GameFlowService, MatchesResolver, FlowEntries],
  exports: [MatchesService],
})
export class MatchesModule {}
