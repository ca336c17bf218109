import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module';
import { RatingsController } from './ratings.controller';
import { RatingsResolver } from './ratings.resolver';
import { RatingsService } from './ratings.service';

/** Glicko-2 ratings (overall, per scenario, per scenario and side), leaderboards, scenario balance. */
@Module({
  imports: [PlayersModule],
  controllers: [RatingsController],
  providers: [RatingsService, RatingsResolver],
  exports: [RatingsService],
})
export class RatingsModule {}
