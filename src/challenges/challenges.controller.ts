import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CurrentPlayer, PlayerAuthGuard, RequireScope } from '../players/player-auth.guard';
import type { PlayerPrincipal } from '../players/players.service';
import { CreateChallengeDto } from './challenges.dto';
import { ChallengesService, type AcceptedDto, type ChallengeDto } from './challenges.service';

@Controller('v1/challenges')
@RequireScope('play')
@UseGuards(PlayerAuthGuard)
export class ChallengesController {
  constructor(private readonly challenges: ChallengesService) {}

  @Post()
  @HttpCode(201)
  create(
    @CurrentPlayer() who: PlayerPrincipal,
    @Body() body: CreateChallengeDto,
  ): Promise<ChallengeDto> {
    return this.challenges.create(who, body);
  }

  @Get()
  list(@CurrentPlayer() who: PlayerPrincipal) {
    return this.challenges.list(who);
  }

  @Get(':challengeId')
  get(@Param('challengeId') id: string): Promise<ChallengeDto> {
    return this.challenges.get(id);
  }

  @Post(':challengeId/accept')
  @HttpCode(200)
  accept(
    @CurrentPlayer() who: PlayerPrincipal,
    @Param('challengeId') id: string,
  ): Promise<AcceptedDto> {
    return this.challenges.accept(who, id);
  }

  @Post(':challengeId/decline')
  @HttpCode(200)
  decline(
    @CurrentPlayer() who: PlayerPrincipal,
    @Param('challengeId') id: string,
  ): Promise<ChallengeDto> {
    return this.challenges.close(who, id, 'declined');
  }

  @Post(':challengeId/cancel')
  @HttpCode(200)
  cancel(
    @CurrentPlayer() who: PlayerPrincipal,
    @Param('challengeId') id: string,
  ): Promise<ChallengeDto> {
    return this.challenges.close(who, id, 'cancelled');
  }
}
