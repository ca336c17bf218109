import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { MatchesModule } from '../matches/matches.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PlayersModule } from '../players/players.module';
import { ChallengesController } from './challenges.controller';
import { ChallengesResolver } from './challenges.resolver';
import { ChallengesService } from './challenges.service';

/** Direct and open challenges: accept creates the game between the two players. */
@Module({
  imports: [GamesModule, MatchesModule, NotificationsModule, PlayersModule],
  controllers: [ChallengesController],
  providers: [ChallengesService, ChallengesResolver],
})
export class ChallengesModule {}
