import {
  Args,
  Context,
  Field,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from '@nestjs/graphql';
import { ProblemException } from '../common/errors/problem';
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

  @Field(() => JSONScalar, {
    nullable: true,
    description: 'The standing takeback request {side, to}, until answered or an order is given.',
  })
  takebackRequest!: unknown;

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
      'POST /v1/games/{id}/{abort | draw-offer | draw-accept | draw-decline | claim-timeout | takeback-request | takeback-accept | takeback-decline}.',
  })
  async gameAction(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('action', {
      description:
        'abort, draw-offer, draw-accept, draw-decline, claim-timeout, takeback-request, takeback-accept or takeback-decline',
    })
    action: string,
    @Context() context: unknown,
    @Args('to', {
      type: () => Int,
      nullable: true,
      description:
        'takeback-request: the entry whose position to go back to (default: before your last order)',
    })
    to?: number | null,
  ) {
    if (to !== undefined && to !== null && (to < 0 || action !== 'takeback-request')) {
      throw new ProblemException({
        status: 400,
        code: 'BAD_ACTION',
        detail: '"to" is a takeback-request\'s entry number (0 or more), for no other action.',
      });
    }
    const side = await seatSideOf(this.games, gameId, context);
    return this.matches.act(gameId, side, action, to ?? undefined);
  }
}
