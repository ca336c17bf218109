import { Args, Context, ID, Query, Resolver } from '@nestjs/graphql';
import { GamesService } from '../games/games.service';
import { graphqlAuthorization } from '../games/graphql/seat-auth';
import { VictoryModel } from '../games/graphql/game.model';
import { VictoryService } from './victory.service';

@Resolver(() => VictoryModel)
export class VictoryResolver {
  constructor(
    private readonly victory: VictoryService,
    private readonly games: GamesService,
  ) {}

  @Query(() => VictoryModel, {
    name: 'victory',
    description: 'Victory points, level, winner, competition score (GET /v1/games/{id}/victory).',
  })
  async gameVictory(@Args('id', { type: () => ID }) id: string, @Context() context: unknown) {
    // As GET /v1/games/{id}/victory: an optional seat token gives that side's view.
    return this.victory.victory(id, await this.games.readerSide(id, graphqlAuthorization(context)));
  }
}
