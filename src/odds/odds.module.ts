import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { OddsController } from './odds.controller';
import { OddsResolver } from './odds.resolver';
import { OddsService } from './odds.service';

/** The odds of an attack before it is made (issue 19). */
@Module({
  imports: [GamesModule],
  controllers: [OddsController],
  providers: [OddsService, OddsResolver],
})
export class OddsModule {}
