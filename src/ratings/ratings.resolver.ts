import { Args, Field, Float, ID, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { PlayersService } from '../players/players.service';
import { RatingsService, type RatingCategory } from './ratings.service';
import type { Side } from '../engine/types';
import { JSONScalar } from '../games/graphql/json.scalar';

@ObjectType('Rating', { description: "A player's Glicko-2 rating in one pool." })
export class RatingModel {
  @Field(() => String, { description: 'overall, scenario or scenario-side.' })
  category!: RatingCategory;

  @Field(() => String, { nullable: true })
  scenario!: string | null;

  @Field(() => String, { nullable: true })
  side!: Side | null;

  @Field(() => Float)
  rating!: number;

  @Field(() => Float)
  rd!: number;

  @Field(() => Float)
  volatility!: number;

  @Field(() => Int)
  games!: number;
}

@ObjectType('LeaderboardEntry')
export class LeaderboardEntryModel {
  @Field(() => Int)
  rank!: number;

  @Field(() => ID)
  player!: string;

  @Field()
  handle!: string;

  @Field(() => Float)
  rating!: number;

  @Field(() => Float)
  rd!: number;

  @Field(() => Int)
  games!: number;
}

@ObjectType('Leaderboard')
export class LeaderboardModel {
  @Field()
  category!: string;

  @Field(() => String, { nullable: true })
  scenario!: string | null;

  @Field(() => String, { nullable: true })
  side!: string | null;

  @Field(() => [LeaderboardEntryModel])
  entries!: LeaderboardEntryModel[];
}

@ObjectType('ScenarioBalance', { description: 'Results of the finished games of a scenario.' })
export class BalanceModel {
  @Field()
  scenario!: string;

  @Field(() => Int)
  games!: number;

  @Field(() => JSONScalar, { description: '{union, confederate}: wins of each side.' })
  wins!: Record<Side, number>;

  @Field(() => Int)
  draws!: number;

  @Field(() => JSONScalar, { description: '[{winner, level, games}]' })
  byLevel!: unknown[];

  @Field(() => Float, { nullable: true })
  averageOrders!: number | null;

  @Field(() => Float, { nullable: true })
  averageTurns!: number | null;
}

@ObjectType('RatingChange')
export class RatingChangeModel {
  @Field(() => ID)
  player!: string;

  @Field()
  handle!: string;

  @Field()
  category!: string;

  @Field(() => String, { nullable: true })
  scenario!: string | null;

  @Field(() => String, { nullable: true })
  side!: string | null;

  @Field(() => Float)
  score!: number;

  @Field(() => Float)
  ratingBefore!: number;

  @Field(() => Float)
  ratingAfter!: number;

  @Field(() => Float)
  rdBefore!: number;

  @Field(() => Float)
  rdAfter!: number;
}

@Resolver()
export class RatingsResolver {
  constructor(
    private readonly ratings: RatingsService,
    private readonly players: PlayersService,
  ) {}

  @Query(() => LeaderboardModel, { description: 'GET /v1/leaderboard.' })
  leaderboard(
    @Args('scenario', { type: () => String, nullable: true }) scenario?: string,
    @Args('side', { type: () => String, nullable: true }) side?: string,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number,
  ) {
    return this.ratings.leaderboard(
      scenario,
      this.ratings.checkSide(side),
      Math.min(Math.max(limit ?? 50, 1), 200),
    );
  }

  @Query(() => [RatingModel], { description: 'GET /v1/players/{handle}/ratings.' })
  async playerRatings(@Args('handle') handle: string) {
    return this.ratings.ratingsOf((await this.players.byHandle(handle)).id);
  }

  @Query(() => [RatingChangeModel], { description: 'GET /v1/games/{id}/rating-changes.' })
  ratingChanges(@Args('gameId', { type: () => ID }) gameId: string) {
    return this.ratings.changesOf(gameId);
  }

  @Query(() => BalanceModel, { description: 'GET /v1/scenarios/{id}/balance.' })
  scenarioBalance(@Args('scenario') scenario: string) {
    return this.ratings.balance(scenario);
  }
}
