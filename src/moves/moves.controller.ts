import { Body, Controller, Get, Headers, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ProblemException } from '../common/errors/problem';
import { Seat, SeatTokenGuard, type SeatPrincipal } from '../games/seat-token.guard';
import { SubmitOrderDto } from './dto/submit-order.dto';
import { MovesService, type LegalOrdersDto, type OrderAcceptedDto } from './moves.service';

/** Longest accepted Idempotency-Key. */
const MAX_KEY = 200;

@Controller('v1/games/:id')
@UseGuards(SeatTokenGuard)
export class MovesController {
  constructor(private readonly moves: MovesService) {}

  @Get('legal-orders')
  legalOrders(@Seat() seat: SeatPrincipal): Promise<LegalOrdersDto> {
    return this.moves.legalOrders(seat.gameId, seat.side);
  }

  /**
   * 200 {version, events, game}; 401 bad token, 403 not this seat's turn,
   * 409 stale expectedVersion, 422 refused by the rules. With Idempotency-Key,
   * a retry gets the stored first answer (header Idempotent-Replayed: true).
   */
  @Post('orders')
  async submit(
    @Param('id') _id: string,
    @Seat() seat: SeatPrincipal,
    @Body() body: SubmitOrderDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OrderAcceptedDto> {
    if (
      idempotencyKey !== undefined &&
      (idempotencyKey.length === 0 || idempotencyKey.length > MAX_KEY)
    ) {
      throw new ProblemException({
        status: 400,
        code: 'BAD_IDEMPOTENCY_KEY',
        detail: `An Idempotency-Key is 1 to ${MAX_KEY} characters long.`,
      });
    }
    const answer = await this.moves.submit({
      gameId: seat.gameId,
      side: seat.side,
      expectedVersion: body.expectedVersion,
      order: body.order,
      idempotencyKey,
    });
    res.status(answer.statusCode);
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return answer.body;
  }
}
