import {
  Args,
  Context,
  Int,
  Mutation,
  Parent,
  Query,
  ResolveField,
  Resolver,
} from '@nestjs/graphql';
import { ScenarioSchemasModel } from '../games/graphql/analysis.model';
import { ProblemException } from '../common/errors/problem';
import { graphqlAuthorization } from '../games/graphql/seat-auth';
import { MAX_LIST_OFFSET } from '../games/dto/list-games.query';
import { ScenarioUploaders } from './scenario-uploader';
import { JSONScalar } from '../games/graphql/json.scalar';
import { ScenarioModel } from './scenario.model';
import { SCENARIO_PAGE, ScenariosService } from './scenarios.service';

/** 400 VALIDATION_FAILED naming the argument, as the REST query's validation does. */
function invalid(property: string, message: string): ProblemException {
  return new ProblemException({
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: `${property} ${message}`,
    errors: [{ property, messages: [message] }],
  });
}

/** `value` unless it is not an integer in [min, max]. */
function bounded(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalid(name, `must be an integer from ${min} to ${max}`);
  return value;
}

@Resolver(() => ScenarioModel)
export class ScenariosResolver {
  constructor(
    private readonly service: ScenariosService,
    private readonly uploaders: ScenarioUploaders,
  ) {}

  @Query(() => [ScenarioModel], {
    description: `A page of scenarios, shipped (by id) then custom (in upload order), as GET /v1/scenarios: limit 1 to ${SCENARIO_PAGE.max} (default ${SCENARIO_PAGE.default}), offset; owner "mine" keeps the caller's uploads (a player token with the scenarios scope, or the operator's). Costs limit × the fields asked.`,
    // Each item is charged: a page of scenario documents costs 50 per document per item.
    complexity: ({ args, childComplexity }) =>
      Math.max(1, Number(args.limit ?? SCENARIO_PAGE.default)) * childComplexity,
  })
  async scenarios(
    @Context() context: unknown,
    @Args('limit', { type: () => Int, defaultValue: SCENARIO_PAGE.default }) limit: number,
    @Args('offset', { type: () => Int, defaultValue: 0 }) offset: number,
    @Args('owner', { type: () => String, nullable: true }) owner?: string,
  ): Promise<ScenarioModel[]> {
    if (owner !== undefined && owner !== null && owner !== 'mine') {
      throw invalid('owner', 'must be "mine"');
    }
    const page = await this.service.list({
      limit: bounded('limit', limit, 1, SCENARIO_PAGE.max),
      offset: bounded('offset', offset, 0, MAX_LIST_OFFSET),
      owner: owner ? await this.uploaders.identify(graphqlAuthorization(context)) : undefined,
    });
    return page.items as unknown as ScenarioModel[];
  }

  @Query(() => ScenarioModel, {
    description: 'One scenario; error SCENARIO_NOT_FOUND when there is none.',
  })
  scenario(@Args('id') id: string): Promise<ScenarioModel> {
    return this.service.detail(id);
  }

  @Query(() => ScenarioSchemasModel, {
    complexity: 50,
    description:
      'The published JSON Schemas of the scenario and map formats (GET /v1/schemas/scenario, /v1/schemas/map).',
  })
  scenarioSchemas(): ScenarioSchemasModel {
    return this.service.schemas();
  }

  @Mutation(() => ScenarioModel, {
    description:
      "Upload a custom scenario `{scenario, map}` (POST /v1/scenarios), validated like the shipped ones, as a player (a token with the scenarios scope) or the operator: errors INVALID_SCENARIO listing every problem, SCENARIO_EXISTS when the id is taken, and the REST route's token and quota problems.",
  })
  async uploadScenario(
    @Args('input', { type: () => JSONScalar }) input: unknown,
    @Context() context: unknown,
  ): Promise<ScenarioModel> {
    const uploader = await this.uploaders.identify(graphqlAuthorization(context));
    return (await this.service.create(input, uploader)) as unknown as ScenarioModel;
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
