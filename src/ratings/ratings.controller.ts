import { Controller, Get, Param, Query } from '@nestjs/common';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { PlayersService } from '../players/players.service';
import {
  RatingsService,
  type BalanceDto,
  type LeaderboardDto,
  type RatingChangeDto,
  type RatingDto,
} from './ratings.service';

export class LeaderboardQuery {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  scenario?: string;

  @IsOptional()
  @IsIn(['union', 'confederate'])
  side?: 'union' | 'confederate';

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;
}

@Controller('v1')
export class RatingsController {
  constructor(
    private readonly ratings: RatingsService,
    private readonly players: PlayersService,
  ) {}

  @Get('leaderboard')
  leaderboard(@Query() q: LeaderboardQuery): Promise<LeaderboardDto> {
    return this.ratings.leaderboard(q.scenario, q.side, q.limit ?? 50);
  }

  @Get('players/:handle/ratings')
  async playerRatings(@Param('handle') handle: string): Promise<RatingDto[]> {
    return this.ratings.ratingsOf((await this.players.byHandle(handle)).id);
  }

  @Get('games/:id/rating-changes')
  changes(@Param('id') id: string): Promise<RatingChangeDto[]> {
    return this.ratings.changesOf(id);
  }

  @Get('scenarios/:id/balance')
  balance(@Param('id') id: string): Promise<BalanceDto> {
    return this.ratings.balance(id);
  }
}
