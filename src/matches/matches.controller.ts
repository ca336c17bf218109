import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { Seat, SeatTokenGuard, type SeatPrincipal } from '../games/seat-token.guard';
import { CurrentPlayer, PlayerAuthGuard, RequireScope } from '../players/player-auth.guard';
import type { PlayerPrincipal } from '../players/players.service';
import type { OrderAcceptedDto } from '../moves/moves.service';
import { MatchesService, type MatchDto } from './matches.service';
import { GameFlowService } from './game-flow.service';

/** POST /v1/games/{id}/takeback-request: the entry whose position to go back to (default: before the caller's last order). */
export class TakebackRequestDto {
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  to?: number;
}

/**
 * Game flow off the order list: resign, abort, draw offers, the time-out
 * claim, takebacks. Each acts for the seat of the bearer token: the seat token, or the
 * player token of the player who holds the seat.
 */
@Controller('v1/games/:id')
export class MatchesController {
  constructor(
    private readonly matches: MatchesService,
    private readonly flow: GameFlowService,
  ) {}

  @Get('players')
  players(@Param('id') id: string): Promise<MatchDto> {
    return this.matches.view(id);
  }

  /** Any game, anonymous ones too: the resign order, given through the order log. */
  @Post('resign')
  @HttpCode(200)
  @UseGuards(SeatTokenGuard)
  resign(@Seat() seat: SeatPrincipal): Promise<OrderAcceptedDto> {
    return this.flow.resign(seat.gameId, seat.side);
  }

  @Post('abort')
  @HttpCode(200)
  @UseGuards(SeatTokenGuard)
  abort(@Seat() seat: SeatPrincipal): Promise<MatchDto> {
    return this.matches.abort(seat.gameId, seat.side);
  }

  @Post('draw-offer')
  @HttpCode(200)
  @UseGuards(SeatTokenGuard)
  offerDraw(@Seat() seat: SeatPrincipal): Promise<MatchDto> {
    return this.matches.offerDraw(seat.gameId, seat.side);
  }

  @Post('draw-accept')
  @HttpCode(200)
  @UseGuards(SeatTokenGuard)
  acceptDraw(@Seat() seat: SeatPrincipal): Promise<MatchDto> {
    return this.matches.answerDraw(seat.gameId, seat.side, true);
  }

  @Post('draw-decline')
  @HttpCode(200)
  @UseGuards(SeatTokenGuard)
  declineDraw(@Seat() seat: SeatPrincipal): Promise<MatchDto> {
    return this.matches.answerDraw(seat.gameId, seat.side, false);
  }

  @Post('claim-timeout')
  @HttpCode(200)
  @UseGuards(SeatTokenGuard)
  claimTimeout(@Seat() seat: SeatPrincipal): Promise<MatchDto> {
    return this.matches.claimTimeout(seat.gameId, seat.side);
  }

  @Post('takeback-request')
  @HttpCode(200)
  @UseGuards(SeatTokenGuard)
  requestTakeback(
    @Seat() seat: SeatPrincipal,
    @Body() body: TakebackRequestDto,
  ): Promise<MatchDto> {
    return this.matches.requestTakeback(seat.gameId, seat.side, body?.to);
  }

  @Post('takeback-accept')
  @HttpCode(200)
  @UseGuards(SeatTokenGuard)
  acceptTakeback(@Seat() seat: SeatPrincipal): Promise<MatchDto> {
    return this.matches.answerTakeback(seat.gameId, seat.side, true);
  }

  @Post('takeback-decline')
  @HttpCode(200)
  @UseGuards(SeatTokenGuard)
  declineTakeback(@Seat() seat: SeatPrincipal): Promise<MatchDto> {
    return this.matches.answerTakeback(seat.gameId, seat.side, false);
  }

  /** A seat token for the caller's own seat, for a bot that should hold no player token. */
  @Post('seat-token')
  @HttpCode(201)
  @RequireScope('play')
  @UseGuards(PlayerAuthGuard)
  seatToken(
    @Param('id') id: string,
    @CurrentPlayer() who: PlayerPrincipal,
  ): Promise<{ gameId: string; side: string; token: string }> {
    return this.matches.newSeatToken(id, who.id);
  }
}
