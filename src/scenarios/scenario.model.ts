import { Field, Int, ObjectType } from '@nestjs/graphql';
import { JSONScalar } from '../games/graphql/json.scalar';

@ObjectType('ScenarioRules', {
  description: 'Rules system and version a scenario is played under.',
})
export class ScenarioRulesModel {
  @Field({ description: 'blue-grey (revised 2nd edition) or classic (1975).' })
  system: string;

  @Field()
  version: string;
}

@ObjectType('NotYetSupported', {
  description: 'A rule a scenario needs that the engine does not implement yet.',
})
export class NotYetSupportedModel {
  @Field({ description: 'Case number of the rule ("17.1", "3.0").' })
  case: string;

  @Field()
  what: string;
}

@ObjectType('Scenario', {
  description: 'A battle scenario, shipped or custom (as GET /v1/scenarios/{id}).',
})
export class ScenarioModel {
  @Field()
  id: string;

  @Field()
  title: string;

  @Field({ description: 'ISO date of the first day of the battle.' })
  date: string;

  @Field(() => Int)
  year: number;

  @Field(() => Int, { description: 'Number of Game-Turns.' })
  turns: number;

  @Field(() => ScenarioRulesModel)
  rules: ScenarioRulesModel;

  @Field({ description: 'fixed (hex by hex) or free (areas).' })
  setup: string;

  @Field({ description: 'printed, or reconstructed from the rules text.' })
  mapProvenance: string;

  @Field({ description: 'shipped or custom.' })
  origin: string;

  @Field({
    description:
      'Whether a game of it can be created now: false while the engine lacks some of its rules.',
  })
  playable: boolean;

  @Field(() => [NotYetSupportedModel], {
    description: 'The rules it needs that the engine does not implement yet (empty when playable).',
  })
  notYetSupported: NotYetSupportedModel[];

  @Field(() => JSONScalar, {
    description: 'The scenario document (scenarios/schema/scenario.schema.json).',
  })
  scenario?: unknown;

  @Field(() => JSONScalar, { description: 'The map document (scenarios/schema/map.schema.json).' })
  map?: unknown;
}
