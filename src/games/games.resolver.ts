import { Args, Context, ID, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { graphqlAuthorization } from './graphql/seat-auth';
import { GameUpdatesBus, updatesIterator } from './game-updates';
import { GamesService } from './games.service';
import {
  CreatedGameModel,
  GameModel,
  GamePageModel,
  GameUpdateModel,
  ReplayModel,
} from './graphql/game.model';
import { CreateGameInput, GamesFilter } from './graphql/game.inputs';

/** GraphQL face of the games module: the same service calls as the REST controllers. */
@Resolver(() => GameModel)
export class GamesResolver {
  constructor(
    private readonly games: GamesService,
    private readonly bus: GameUpdatesBus,
  ) {}

  @Query(() => GamePageModel, {
    name: 'games',
    description: 'Games, newest first (GET /v1/games).',
  })
  listGames(@Args('filter', { type: () => GamesFilter, nullable: true }) filter?: GamesFilter) {
    return this.games.list({
      scenario: filter?.scenario,
      status: filter?.status,
      limit: filter?.limit ?? 20,
      offset: filter?.offset ?? 0,
    });
  }

  @Query(() => GameModel, {
    description: 'The whole visible state of a game (GET /v1/games/{id}).',
  })
  game(@Args('id', { type: () => ID }) id: string) {
    return this.games.view(id);
  }

  @Query(() => ReplayModel, { description: 'The replay of a game (GET /v1/games/{id}/replay).' })
  async replay(@Args('id', { type: () => ID }) id: string, @Context() context: unknown) {
    // As GET /v1/games/{id}/replay: an optional seat token shows that side's sealed choices (17.62).
    return this.games.replay(id, await this.games.readerSide(id, graphqlAuthorization(context)));
  }

  @Mutation(() => CreatedGameModel, { description: 'Create a game (POST /v1/games).' })
  createGame(@Args('input') input: CreateGameInput) {
    return this.games.create(input);
  }

  @Subscription(() => GameUpdateModel, {
    description: 'Each entry accepted in the game from now on (graphql-ws).',
    resolve: (update: unknown) => update,
  })
  async gameUpdated(@Args('id', { type: () => ID }) id: string) {
    await this.games.load(id); // 404 for an unknown game before subscribing
    return updatesIterator(this.bus, id);
  }
}
