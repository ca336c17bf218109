import { Args, Context, Field, ID, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { JSONScalar } from '../games/graphql/json.scalar';
import { OrderAcceptedModel } from '../games/graphql/game.model';
import { seatSideOf } from '../games/graphql/seat-auth';
import { GamesService } from '../games/games.service';
import { GameFlowService } from './game-flow.service';
import { MatchesService } from './matches.service';

@ObjectType('Match', {
  description: 'A game between registered players (GET /v1/games/{id}/players).',
})
export class MatchModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => JSONScalar, { description: '{union: {id, handle}, confederate: {id, handle}}' })
  players!: unknown;

  @Field()
  rated!: boolean;

  @Field(() => JSONScalar, { nullable: true })
  timeControl!: unknown;

  @Field(() => JSONScalar, {
    nullable: true,
    description: '{running, remainingMs, flagAt, flagged}',
  })
  clock!: unknown;

  @Field(() => String, { nullable: true })
  drawOffer!: string | null;

  @Field(() => JSONScalar, { nullable: true, description: '{kind, winner, level, reason}' })
  outcome!: unknown;

  @Field(() => JSONScalar, { nullable: true })
  tournament!: unknown;
}

/** Game flow over GraphQL: the seat token or the seat holder's player token in Authorization. */
@Resolver()
export class MatchesResolver {
  constructor(
    private readonly matches: MatchesService,
    private readonly flow: GameFlowService,
    private readonly games: GamesService,
  ) {}

  @Query(() => MatchModel, { description: 'GET /v1/games/{id}/players.' })
  match(@Args('gameId', { type: () => ID }) gameId: string) {
    return this.matches.view(gameId);
  }

  @Mutation(() => OrderAcceptedModel, { description: 'POST /v1/games/{id}/resign.' })
  async resign(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: unknown) {
    return this.flow.resign(gameId, await seatSideOf(this.games, gameId, context));
  }

  @Mutation(() => MatchModel, {
    description:
      'POST /v1/games/{id}/{abort | draw-offer | draw-accept | draw-decline | claim-timeout}.',
  })
  async gameAction(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('action', {
      description: 'abort, draw-offer, draw-accept, draw-decline or claim-timeout',
    })
    action: string,
    @Context() context: unknown,
  ) {
    const side = await seatSideOf(this.games, gameId, context);
    return this.matches.act(gameId, side, action);
  }
}
