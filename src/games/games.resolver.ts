import {
  Args,
  Context,
  ID,
  Int,
  Mutation,
  Parent,
  Query,
  ResolveField,
  Resolver,
  Subscription,
} from '@nestjs/graphql';
import { JSONScalar } from './graphql/json.scalar';
import { systemPartOf, type GameViewDto } from './game-view';
import { ProblemException } from '../common/errors/problem';
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
    description:
      "The game as the reader may see it (GET /v1/games/{id}): a seat token (Authorization) gives its side's view, none the public one.",
  })
  async game(@Args('id', { type: () => ID }) id: string, @Context() context: unknown) {
    return this.games.view(id, await this.games.readerSide(id, graphqlAuthorization(context)));
  }

  @Query(() => ReplayModel, { description: 'The replay of a game (GET /v1/games/{id}/replay).' })
  async replay(@Args('id', { type: () => ID }) id: string, @Context() context: unknown) {
    // As GET /v1/games/{id}/replay: an optional seat token shows that side's sealed choices (17.62).
    return this.games.replay(id, await this.games.readerSide(id, graphqlAuthorization(context)));
  }

  @ResolveField(() => JSONScalar, {
    name: 'view',
    description: "The rules system's own part of the view, as the reader may see it.",
  })
  view(@Parent() game: GameViewDto): Record<string, unknown> {
    return systemPartOf(game);
  }

  @Mutation(() => CreatedGameModel, { description: 'Create a game (POST /v1/games).' })
  createGame(@Args('input') input: CreateGameInput) {
    return this.games.create(input);
  }

  @Subscription(() => GameUpdateModel, {
    description:
      'Each entry accepted in the game from now on, or after entry `after` (graphql-ws): every entry once, in order; entries whose live updates were lost are read from the log.',
    resolve: (update: unknown) => update,
  })
  async gameUpdated(
    @Args('id', { type: () => ID }) id: string,
    @Args('after', {
      type: () => Int,
      nullable: true,
      description:
        'The last entry (seq) the client has: a reconnecting client first receives the entries after it (as SSE Last-Event-ID). Default: the current version.',
    })
    after?: number | null,
    @Context() context?: unknown,
  ) {
    if (after != null && after < 0) {
      throw new ProblemException({
        status: 400,
        code: 'BAD_SEQ',
        detail: `${after} is not an entry number: use 0 for the set-up, 1 for the first entry, …`,
      });
    }
    // 401/404 before subscribing. The connection's seat token (connectionParams.authorization)
    // shows what that seat may see; without one, the public view.
    const reader = await this.games.readerSide(id, graphqlAuthorization(context));
    return updatesIterator(
      this.bus,
      id,
      await this.games.updatesSource(id, after ?? undefined, reader),
    );
  }
}
