import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { Seat, SeatTokenGuard, type SeatPrincipal } from '../games/seat-token.guard';
import { OddsRequestDto } from './odds.dto';
import { OddsService, type OddsDto } from './odds.service';

@Controller('v1/games/:id')
@UseGuards(SeatTokenGuard)
export class OddsController {
  constructor(private readonly odds: OddsService) {}

  /** 200 the odds; 401 bad token, 403 not this seat's turn or game over, 422 refused by the rules. Nothing is stored. */
  @Post('odds')
  @HttpCode(200)
  preview(@Seat() seat: SeatPrincipal, @Body() body: OddsRequestDto): Promise<OddsDto> {
    return this.odds.preview(seat.gameId, seat.side, body.order);
  }
}
