import { Module } from '@nestjs/common';
import { PlayerAuthGuard } from './player-auth.guard';
import { PlayersController } from './players.controller';
import { PlayersResolver } from './players.graphql';
import { PlayersService } from './players.service';

/** Players: handles, personal API tokens with scopes, GET /v1/me. */
@Module({
  controllers: [PlayersController],
  providers: [PlayersService, PlayerAuthGuard, PlayersResolver],
  exports: [PlayersService, PlayerAuthGuard],
})
export class PlayersModule {}
