import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { VictoryController } from './victory.controller';
import { VictoryResolver } from './victory.resolver';
import { VictoryService } from './victory.service';

/** Victory points, levels of victory, results for ladders. */
@Module({
  imports: [GamesModule],
  controllers: [VictoryController],
  providers: [VictoryService, VictoryResolver],
})
export class VictoryModule {}
