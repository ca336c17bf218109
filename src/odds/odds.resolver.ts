import { Args, Context, Field, ID, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { GamesService } from '../games/games.service';
import { JSONScalar } from '../games/graphql/json.scalar';
import { seatSideOf } from '../games/graphql/seat-auth';
import { OddsService } from './odds.service';

@ObjectType('AttackOdds', {
  description: 'The odds of an attack before it is made (POST /v1/games/{id}/odds).',
})
export class AttackOddsModel {
  @Field(() => Int)
  version!: number;

  @Field()
  side!: string;

  @Field(() => JSONScalar, {
    description:
      'Strengths, terrain, shifts, modifiers, the column, the result of each die and the chances (OddsPreview in openapi.yaml).',
  })
  odds!: unknown;
}

@Resolver()
export class OddsResolver {
  constructor(
    private readonly odds: OddsService,
    private readonly games: GamesService,
  ) {}

  @Query(() => AttackOddsModel, {
    description:
      "The odds of an attack order the caller's seat could give now, without rolling; refused as the order would be.",
  })
  async attackOdds(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('order', { type: () => JSONScalar }) order: Record<string, unknown>,
    @Context() context: unknown,
  ) {
    const side = await seatSideOf(this.games, gameId, context);
    return this.odds.preview(gameId, side, order);
  }
}
