import { Field, Int, ObjectType } from '@nestjs/graphql';
import { JSONScalar } from './json.scalar';
import { OrderUnion } from './typed-unions';

@ObjectType('StateAt', {
  description:
    'The state after entry `seq` (GET /v1/games/{id}/states/{seq}): seq 0 is the set-up; what is hidden from the reader is left out while the game is under way (`redacted`).',
})
export class StateAtModel {
  @Field()
  gameId!: string;

  @Field(() => Int)
  seq!: number;

  @Field({ description: "The hash recorded with the entry (keyed with the game's secret)." })
  stateHash!: string;

  @Field()
  at!: string;

  @Field(() => JSONScalar, { description: 'The engine state, as the reader may see it.' })
  state!: unknown;

  @Field(() => Boolean, { description: 'True when something hidden from the reader is left out.' })
  redacted!: boolean;
}

@ObjectType('LegalOrdersAt', {
  description:
    'The orders a side could have given after entry `seq` (GET /v1/games/{id}/states/{seq}/legal-orders), for analysers.',
})
export class LegalOrdersAtModel {
  @Field()
  gameId!: string;

  @Field(() => Int)
  seq!: number;

  @Field()
  side!: string;

  @Field(() => JSONScalar, {
    nullable: true,
    description: 'Who had to act in that position ({seats, kind}); null once the game was over.',
  })
  mustAct!: unknown;

  @Field(() => Int, { description: 'Orders in the whole listing.' })
  total!: number;

  @Field(() => Int)
  offset!: number;

  @Field(() => [OrderUnion], { description: 'The page of orders, each typed.' })
  orders!: unknown[];
}

@ObjectType('ReplayVerification', {
  description: 'The outcome of re-running a replay (POST /v1/replays/verify).',
})
export class ReplayVerificationModel {
  @Field()
  ok!: boolean;

  @Field()
  scenario!: string;

  @Field()
  rulesVersion!: string;

  @Field(() => Int)
  engineRevision!: number;

  @Field(() => Int)
  entries!: number;

  @Field(() => Int)
  verified!: number;

  @Field(() => Boolean, { nullable: true })
  seedMatchesCommitment!: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "A fork's replay: whether its start is the position its origin recorded (null when unknown).",
  })
  startMatchesOrigin?: boolean | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description:
      'The first entry that does not re-derive: {seq, kind, detail, expected?, actual?}.',
  })
  firstMismatch!: unknown;

  @Field()
  finalStateHash!: string;

  @Field()
  detail!: string;
}

@ObjectType('ScenarioSchemas', {
  description:
    'The published JSON Schemas of the scenario and map formats (GET /v1/schemas/scenario, /v1/schemas/map).',
})
export class ScenarioSchemasModel {
  @Field(() => JSONScalar)
  scenario!: unknown;

  @Field(() => JSONScalar)
  map!: unknown;
}
