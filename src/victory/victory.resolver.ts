import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { VictoryModel } from '../games/graphql/game.model';
import { VictoryService } from './victory.service';

@Resolver(() => VictoryModel)
export class VictoryResolver {
  constructor(private readonly victory: VictoryService) {}

  @Query(() => VictoryModel, {
    name: 'victory',
    description: 'Victory points, level, winner, competition score (GET /v1/games/{id}/victory).',
  })
  gameVictory(@Args('id', { type: () => ID }) id: string) {
    return this.victory.victory(id);
  }
}
