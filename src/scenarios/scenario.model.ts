import { Field, Int, ObjectType } from '@nestjs/graphql';
import { JSONScalar } from '../games/graphql/json.scalar';

@ObjectType('ScenarioOwner', {
  description: 'Who uploaded a custom scenario: a player (by handle) or the operator.',
})
export class ScenarioOwnerModel {
  @Field({ description: 'player or operator.' })
  kind: string;

  @Field(() => String, {
    nullable: true,
    description: "The player's handle; null for the operator.",
  })
  handle?: string;
}

@ObjectType('ScenarioRules', {
  description: 'Rules system and version a scenario is played under.',
})
export class ScenarioRulesModel {
  @Field({
    description:
      'blue-grey (revised 2nd edition), classic (1975) or block (Bobby Lee / Sam Grant).',
  })
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

@ObjectType('MissingData', {
  description: 'Something the rules text does not give, as the scenario declares it.',
})
export class MissingDataModel {
  @Field({ description: 'Case number ("16.1").' })
  case: string;

  @Field()
  what: string;
}

@ObjectType('NamedCounter', {
  description:
    'A unit the text names without its values; a supplied unit with this id fills it in.',
})
export class NamedCounterModel {
  @Field()
  id: string;

  @Field({ description: 'union or confederate.' })
  side: string;

  @Field()
  designation: string;

  @Field({ nullable: true, description: 'The type, when the text gives it.' })
  type?: string;

  @Field({ nullable: true, description: 'The set-up hex the text gives.' })
  hex?: string;

  @Field(() => Int, { nullable: true, description: 'The Game-Turn it arrives on.' })
  turn?: number;

  @Field(() => [String], { nullable: true, description: 'Its entry hexes.' })
  entry?: string[];

  @Field({ nullable: true })
  notes?: string;
}

@ObjectType('ScenarioCounters', {
  description:
    'The units the players supply (options.counters) where the text does not print them.',
})
export class ScenarioCountersModel {
  @Field({ description: 'The case that sends the players to the counters or map sheet.' })
  case: string;

  @Field()
  what: string;

  @Field(() => [String], { description: 'The sides whose units the players supply.' })
  sides: string[];

  @Field(() => [NamedCounterModel])
  named: NamedCounterModel[];
}

@ObjectType('Scenario', {
  description: 'A battle scenario, shipped or custom (as GET /v1/scenarios/{id}).',
})
export class ScenarioModel {
  @Field()
  id: string;

  @Field()
  title: string;

  @Field(() => String, { nullable: true, description: 'ISO date of the first day of the battle.' })
  date?: string;

  @Field(() => Int, { nullable: true })
  year?: number;

  @Field(() => Int, {
    nullable: true,
    description: 'Number of Game-Turns (hex games); null where the rules system has none.',
  })
  turns?: number;

  @Field(() => ScenarioRulesModel)
  rules: ScenarioRulesModel;

  @Field(() => String, {
    nullable: true,
    description: 'Hex games: fixed (hex by hex) or free (areas); null for another rules system.',
  })
  setup?: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Hex games: printed (the whole order of battle is in the scenario) or incomplete (the text lacks some of it, or the players supply it: counters).',
  })
  orderOfBattle?: string;

  @Field(() => ScenarioCountersModel, {
    nullable: true,
    description: 'The units the players supply in options.counters, when the scenario takes them.',
  })
  counters?: ScenarioCountersModel;

  @Field({
    nullable: true,
    description:
      'Hex games: true when a game needs options.counters, a side the players supply having no printed unit (else 422 COUNTERS_REQUIRED).',
  })
  needsCounters?: boolean;

  @Field({
    nullable: true,
    description:
      'Where test counters for it are served (REST GET /v1/scenarios/{id}/sample-counters): test data, not history.',
  })
  sampleCounters?: string;

  @Field(() => [MissingDataModel], {
    nullable: true,
    description: 'What the rules text does not give, as the scenario declares it.',
  })
  missing?: MissingDataModel[];

  @Field(() => String, {
    nullable: true,
    description: 'printed, or reconstructed from the rules text; null without a map document.',
  })
  mapProvenance?: string;

  @Field({ description: 'shipped or custom.' })
  origin: string;

  @Field(() => ScenarioOwnerModel, {
    nullable: true,
    description: 'Who uploaded it (custom scenarios); null for a shipped one.',
  })
  owner?: ScenarioOwnerModel;

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

  @Field(() => JSONScalar, {
    nullable: true,
    description:
      'The map document (scenarios/schema/map.schema.json); null for a rules system without maps (a block battle).',
  })
  map?: unknown;
}
