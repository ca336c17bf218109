import { Args, Context, Int, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { validationProblem } from '../common/validation';
import { LEGAL_ORDERS_PAGE_MAX, LegalOrdersQuery } from './dto/legal-orders.query';
import { GamesService } from '../games/games.service';
import { GameModel, LegalOrders, OrderAcceptedModel } from '../games/graphql/game.model';
import { SubmitOrderInput } from '../games/graphql/game.inputs';
import { optionalSeatSide, seatSideOf } from '../games/graphql/seat-auth';
import { MovesService } from './moves.service';

/** Orders over GraphQL: the seat token travels in the Authorization header (or graphql-ws connection params). */
@Resolver(() => GameModel)
export class MovesResolver {
  constructor(
    private readonly moves: MovesService,
    private readonly games: GamesService,
  ) {}

  @ResolveField(() => LegalOrders, {
    nullable: true,
    // A listing can run to megabytes: aliases of it add up to the operation's cost bound (graphql-limits.ts).
    complexity: 400,
    description:
      "The orders the caller's seat may give now; null without a seat token of this game.",
  })
  async legalOrders(
    @Parent() game: GameModel,
    @Context() context: unknown,
    @Args('limit', {
      type: () => Int,
      nullable: true,
      description: `Most orders on the page (1–${LEGAL_ORDERS_PAGE_MAX}, the default).`,
    })
    limit?: number,
    @Args('cursor', { nullable: true, description: 'The next of the previous page.' })
    cursor?: string,
  ) {
    const side = await optionalSeatSide(this.games, game.id, context);
    if (!side) return null;
    // As the REST query is checked (LegalOrdersQuery): the same bounds, the same 400.
    const query = plainToInstance(LegalOrdersQuery, {
      ...(limit !== undefined && limit !== null ? { limit } : {}),
      ...(cursor !== undefined && cursor !== null ? { cursor } : {}),
    });
    const errors = await validate(query);
    if (errors.length > 0) throw validationProblem(errors);
    return this.moves.legalOrders(game.id, { side }, query);
  }

  @Mutation(() => OrderAcceptedModel, {
    description: 'Submit an order (POST /v1/games/{id}/orders).',
  })
  async submitOrder(@Args('input') input: SubmitOrderInput, @Context() context: unknown) {
    const side = await seatSideOf(this.games, input.gameId, context);
    const answer = await this.moves.submit({
      gameId: input.gameId,
      side,
      expectedVersion: input.expectedVersion,
      order: input.order,
      idempotencyKey: input.idempotencyKey,
    });
    return { ...(answer.body as object), idempotentReplay: answer.replayed };
  }
}
