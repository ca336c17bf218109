import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { ViewerController } from './viewer.controller';

/** The replay viewer page (src/viewer/viewer-page.ts), on top of the games' read API. */
@Module({
  imports: [GamesModule],
  controllers: [ViewerController],
})
export class ViewerModule {}
