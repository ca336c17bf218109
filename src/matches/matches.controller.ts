import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { Seat, SeatTokenGuard, type SeatPrincipal } from '../games/seat-token.guard';
import { CurrentPlayer, PlayerAuthGuard, RequireScope } from '../players/player-auth.guard';
import type { PlayerPrincipal } from '../players/players.service';
import type { OrderAcceptedDto } from '../moves/moves.service';
import { MatchesService, type MatchDto } from './matches.service';
import { GameFlowService } from './game-flow.service';

/**
 * Game flow off the order list: resign, abort, draw offers, the time-out
 * claim. Each acts for the seat of the bearer token: the seat token, or the
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
