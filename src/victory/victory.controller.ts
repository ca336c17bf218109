import { Controller, Get, Headers, Param } from '@nestjs/common';
import { GamesService } from '../games/games.service';
import { VictoryService, type VictoryDto } from './victory.service';

@Controller('v1/games/:id/victory')
export class VictoryController {
  constructor(
    private readonly victory: VictoryService,
    private readonly games: GamesService,
  ) {}

  /** As the reader may see it: a seat token gives its side's view, none the public one. */
  @Get()
  async get(
    @Param('id') id: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<VictoryDto> {
    return this.victory.victory(id, await this.games.readerSide(id, authorization));
  }
}
