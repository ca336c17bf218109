import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { JSONScalar } from '../games/graphql/json.scalar';
import { ScenarioModel } from './scenario.model';
import { ScenariosService } from './scenarios.service';

@Resolver(() => ScenarioModel)
export class ScenariosResolver {
  constructor(private readonly service: ScenariosService) {}

  @Query(() => [ScenarioModel], {
    description: 'Every shipped and custom scenario (as GET /v1/scenarios).',
  })
  scenarios(): Promise<ScenarioModel[]> {
    return this.service.list();
  }

  @Query(() => ScenarioModel, {
    description: 'One scenario; error SCENARIO_NOT_FOUND when there is none.',
  })
  scenario(@Args('id') id: string): Promise<ScenarioModel> {
    return this.service.detail(id);
  }

  // The documents are fetched only when asked for, so listing stays cheap.
  @ResolveField('scenario', () => JSONScalar, { complexity: 50 })
  async scenarioDocument(@Parent() parent: ScenarioModel): Promise<unknown> {
    return parent.scenario ?? (await this.service.get(parent.id)).scenario;
  }

  @ResolveField('map', () => JSONScalar, {
    nullable: true,
    complexity: 50,
    description: 'The map document; null for a rules system without maps (a block battle).',
  })
  async mapDocument(@Parent() parent: ScenarioModel): Promise<unknown> {
    return parent.map ?? (await this.service.get(parent.id)).map ?? null;
  }
}
