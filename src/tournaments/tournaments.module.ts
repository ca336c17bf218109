import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { MatchesModule } from '../matches/matches.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PlayersModule } from '../players/players.module';
import { TournamentsController } from './tournaments.controller';
import { TournamentsResolver } from './tournaments.resolver';
import { TournamentsService } from './tournaments.service';

/** Round-robin and Swiss tournaments between players, rounds paired automatically, standings. */
@Module({
  imports: [GamesModule, MatchesModule, NotificationsModule, PlayersModule],
  controllers: [TournamentsController],
  providers: [TournamentsService, TournamentsResolver],
})
export class TournamentsModule {}
