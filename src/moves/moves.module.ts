import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { MovesController } from './moves.controller';
import { MovesResolver } from './moves.resolver';
import { MovesService } from './moves.service';

/** Orders in, legal orders out, pending decisions. */
@Module({
  imports: [GamesModule],
  controllers: [MovesController],
  providers: [MovesService, MovesResolver],
  exports: [MovesService],
})
export class MovesModule {}
