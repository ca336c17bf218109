import {
  Args,
  Context,
  Field,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from '@nestjs/graphql';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { JSONScalar } from '../games/graphql/json.scalar';
import { graphqlAuthorization } from '../games/graphql/seat-auth';
import { PlayersService } from '../players/players.service';
import { ChallengesService } from './challenges.service';

@ObjectType('Challenge')
export class ChallengeModel {
  @Field(() => ID)
  id!: string;

  @Field(() => JSONScalar, { description: '{id, handle}' })
  challenger!: unknown;

  @Field(() => JSONScalar, {
    nullable: true,
    description: '{id, handle}; null for an open challenge',
  })
  opponent!: unknown;

  @Field()
  scenario!: string;

  @Field({ description: "The challenger's side: union, confederate or random." })
  side!: string;

  @Field(() => JSONScalar)
  options!: unknown;

  @Field(() => JSONScalar, { nullable: true })
  timeControl!: unknown;

  @Field()
  rated!: boolean;

  @Field({ description: 'open, accepted, declined, cancelled or expired.' })
  status!: string;

  @Field(() => String, { nullable: true })
  gameId!: string | null;

  @Field()
  expiresAt!: string;

  @Field()
  createdAt!: string;
}

@ObjectType('ChallengeList')
export class ChallengeListModel {
  @Field(() => [ChallengeModel])
  incoming!: ChallengeModel[];

  @Field(() => [ChallengeModel])
  outgoing!: ChallengeModel[];

  @Field(() => [ChallengeModel])
  open!: ChallengeModel[];
}

@ObjectType('AcceptedChallenge')
export class AcceptedModel {
  @Field(() => ChallengeModel)
  challenge!: ChallengeModel;

  @Field(() => ID)
  gameId!: string;

  @Field({ description: 'The side of the accepting player.' })
  side!: string;
}

@InputType()
export class CreateChallengeInput {
  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  opponent?: string;

  @Field()
  @IsString()
  @MaxLength(200)
  scenario!: string;

  @Field(() => String, { description: 'union, confederate or random' })
  @IsIn(['union', 'confederate', 'random'])
  side!: 'union' | 'confederate' | 'random';

  @Field(() => JSONScalar, { nullable: true })
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;

  @Field(() => JSONScalar, { nullable: true })
  @IsOptional()
  @IsObject()
  timeControl?: Record<string, unknown>;

  @Field()
  @IsBoolean()
  rated!: boolean;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(336)
  expiresInHours?: number;
}

/** Challenges over GraphQL (a player token with the "play" scope in Authorization). */
@Resolver()
export class ChallengesResolver {
  constructor(
    private readonly service: ChallengesService,
    private readonly players: PlayersService,
  ) {}

  private who(context: unknown) {
    return this.players.authenticate(graphqlAuthorization(context), 'play');
  }

  @Mutation(() => ChallengeModel, { description: 'POST /v1/challenges.' })
  async createChallenge(@Args('input') input: CreateChallengeInput, @Context() context: unknown) {
    return this.service.create(await this.who(context), input);
  }

  @Query(() => ChallengeListModel, { name: 'challenges', description: 'GET /v1/challenges.' })
  async listChallenges(@Context() context: unknown) {
    return this.service.list(await this.who(context));
  }

  @Mutation(() => AcceptedModel, { description: 'POST /v1/challenges/{id}/accept.' })
  async acceptChallenge(@Args('id', { type: () => ID }) id: string, @Context() context: unknown) {
    return this.service.accept(await this.who(context), id);
  }

  @Mutation(() => ChallengeModel, { description: 'POST /v1/challenges/{id}/decline.' })
  async declineChallenge(@Args('id', { type: () => ID }) id: string, @Context() context: unknown) {
    return this.service.close(await this.who(context), id, 'declined');
  }

  @Mutation(() => ChallengeModel, { description: 'POST /v1/challenges/{id}/cancel.' })
  async cancelChallenge(@Args('id', { type: () => ID }) id: string, @Context() context: unknown) {
    return this.service.close(await this.who(context), id, 'cancelled');
  }
}
