import { Controller, Get, Param } from '@nestjs/common';
import { VictoryService, type VictoryDto } from './victory.service';

@Controller('v1/games/:id/victory')
export class VictoryController {
  constructor(private readonly victory: VictoryService) {}

  @Get()
  get(@Param('id') id: string): Promise<VictoryDto> {
    return this.victory.victory(id);
  }
}
