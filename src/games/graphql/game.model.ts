import { Field, Float, ID, Int, ObjectType, PickType } from '@nestjs/graphql';
import { JSONScalar } from './json.scalar';

@ObjectType({ description: 'Victory points of each side.' })
export class SidePoints {
  @Field(() => Float)
  union!: number;

  @Field(() => Float)
  confederate!: number;
}

@ObjectType({ description: 'A unit as the game view shows it.' })
export class GameUnit {
  @Field(() => ID)
  id!: string;

  @Field({ description: '"union" or "confederate".' })
  side!: string;

  @Field()
  designation!: string;

  @Field()
  type!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Hex on the map; null when pending, eliminated or exited.',
  })
  hex!: string | null;

  @Field({ description: '"on-map", "pending", "eliminated" or "exited".' })
  status!: string;

  @Field(() => Int)
  strength!: number;

  @Field({ description: '"good", "disordered", "shaken" or "routed" (12.1).' })
  morale!: string;

  @Field(() => JSONScalar)
  markers!: Record<string, unknown>;
}

@ObjectType({ description: 'A reinforcement still to come (5.0).' })
export class GameReinforcement {
  @Field()
  unit!: string;

  @Field()
  side!: string;

  @Field(() => Int)
  turn!: number;

  @Field(() => [String])
  entry!: string[];

  @Field({ description: '5.5: could not enter when scheduled.' })
  blocked!: boolean;
}

@ObjectType({ description: 'Who must act now and on what.' })
export class MustAct {
  @Field({
    description: 'The first seat that must act (the only one unless `seats` names several).',
  })
  side!: string;

  @Field(() => [String], {
    description:
      'Every seat that must act now: both at once for a sealed simultaneous decision (each answers once; an answer is held unseen until all are in).',
  })
  seats!: string[];

  @Field({
    description:
      '"phase", "decision", or the rules system\'s own kind (a sealed decision\'s name).',
  })
  kind!: string;

  @Field(() => Boolean, {
    nullable: true,
    description: 'True when the seats answer a sealed simultaneous decision.',
  })
  simultaneous?: boolean;

  @Field(() => JSONScalar, {
    nullable: true,
    description: 'The pending decision with its choices.',
  })
  decision?: unknown;
}

@ObjectType({ description: 'How a finished game ended.' })
export class GameResultModel {
  @Field(() => String, { nullable: true })
  winner!: string | null;

  @Field(() => String, { nullable: true })
  level!: string | null;

  @Field()
  reason!: string;

  @Field(() => Float, { nullable: true })
  competitionScore!: number | null;
}

@ObjectType({ description: 'The orders a seat may give now.' })
export class LegalOrders {
  @Field(() => Int)
  version!: number;

  @Field()
  side!: string;

  @Field(() => [JSONScalar])
  orders!: unknown[];

  @Field(() => Boolean, {
    nullable: true,
    description: 'True when the listing goes on beyond this page (ask again with cursor: next).',
  })
  truncated?: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'With truncated, the cursor of the next page.',
  })
  next?: string;
}

@ObjectType('Game', { description: 'The whole visible state of a game (GET /v1/games/{id}).' })
export class GameModel {
  @Field(() => ID)
  id!: string;

  @Field()
  scenario!: string;

  @Field()
  rulesSystem!: string;

  @Field()
  rulesVersion!: string;

  @Field({
    description:
      'A game for testing: its creator chose the seed (or it was imported, its seed public); never rated.',
  })
  testing!: boolean;

  @Field({ description: '"active" or "finished".' })
  status!: string;

  @Field(() => Int)
  version!: number;

  @Field(() => Int)
  turn!: number;

  @Field(() => Int, {
    nullable: true,
    description: 'Hex games (blue-grey, classic); null in a block game.',
  })
  turns!: number | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Hex games (blue-grey, classic); null in a block game.',
  })
  night!: boolean | null;

  @Field()
  phase!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Hex games (blue-grey, classic); null in a block game.',
  })
  phasing!: string | null;

  @Field(() => MustAct, { nullable: true })
  mustAct!: MustAct | null;

  @Field(() => [GameUnit], {
    nullable: true,
    description: 'Hex games (blue-grey, classic); null in a block game.',
  })
  units!: GameUnit[] | null;

  @Field(() => [GameReinforcement], {
    nullable: true,
    description: 'Hex games (blue-grey, classic); null in a block game.',
  })
  reinforcements!: GameReinforcement[] | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description: 'Hex games (blue-grey, classic); null in a block game.',
  })
  fieldworks!: unknown[] | null;

  @Field(() => SidePoints, {
    nullable: true,
    description: 'Hex games (blue-grey, classic); null in a block game.',
  })
  points!: SidePoints | null;

  @Field(() => SidePoints, {
    nullable: true,
    description: 'Hex games (blue-grey, classic); null in a block game.',
  })
  eliminatedStrength!: SidePoints | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description:
      'Hex games: who occupies each objective hex: {"1508": "union"}; null in a block game.',
  })
  objectives!: Record<string, string | null> | null;

  @Field(() => GameResultModel, { nullable: true })
  result!: GameResultModel | null;

  @Field(() => JSONScalar, {
    description:
      "The rules system's own part of the view, as the reader may see it (a hex game: the fields above from turn to objectives; a block game: its board, blocks and battle, enemy blocks without identity or strength).",
  })
  view!: Record<string, unknown>;

  @Field(() => JSONScalar, {
    nullable: true,
    description:
      "A players' game with a clock: {running, remainingMs, flagAt, flagged} now; null for other games.",
  })
  clock?: unknown;

  @Field()
  createdAt!: string;

  @Field()
  updatedAt!: string;
}

@ObjectType({ description: 'A seat and its secret bearer token (shown once).' })
export class SeatTokenModel {
  @Field()
  side!: string;

  @Field()
  token!: string;
}

@ObjectType({ description: 'A new game with its seats.' })
export class CreatedGameModel extends PickType(GameModel, [
  'id',
  'scenario',
  'rulesSystem',
  'rulesVersion',
  'version',
]) {
  @Field(() => [SeatTokenModel])
  seats!: SeatTokenModel[];

  @Field()
  seedCommitment!: string;

  @Field(() => GameModel)
  game!: GameModel;
}

@ObjectType({ description: 'A game in a list.' })
export class GameSummaryModel extends PickType(GameModel, [
  'id',
  'scenario',
  'rulesSystem',
  'rulesVersion',
  'status',
  'version',
  'turn',
  'phase',
  'result',
  'testing',
  'createdAt',
  'updatedAt',
]) {}

@ObjectType({ description: 'A page of games.' })
export class GamePageModel {
  @Field(() => [GameSummaryModel])
  items!: GameSummaryModel[];

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  offset!: number;
}

@ObjectType({ description: 'One accepted order with its events.' })
export class ReplayEntryModel {
  @Field(() => Int)
  seq!: number;

  @Field()
  side!: string;

  @Field(() => JSONScalar)
  order!: unknown;

  @Field(() => [JSONScalar])
  events!: unknown[];

  @Field()
  stateHash!: string;

  @Field()
  at!: string;
}

@ObjectType('Replay', { description: 'The full log of a game; the seed once it is over.' })
export class ReplayModel extends PickType(GameModel, [
  'id',
  'scenario',
  'rulesSystem',
  'rulesVersion',
  'status',
  'result',
  'testing',
]) {
  @Field(() => JSONScalar)
  options!: Record<string, unknown>;

  @Field(() => Int, {
    description: 'The engine revision the game is played under; replays re-run under it.',
  })
  engineRevision!: number;

  @Field(() => String, {
    nullable: true,
    description:
      'sha256 of the scenario and map documents the game was created from (null for games from before it was recorded).',
  })
  scenarioHash!: string | null;

  @Field({
    description:
      'hmac-sha256: the commitment and the state hashes are keyed with the game secret; sha256: older games.',
  })
  hashScheme!: string;

  @Field()
  seedCommitment!: string;

  @Field(() => String, { nullable: true })
  seed!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The game's secret (key of the commitment and the hashes): null until the game is over.",
  })
  secret!: string | null;

  @Field(() => [ReplayEntryModel])
  entries!: ReplayEntryModel[];
}

@ObjectType({ description: 'An entry accepted in a game, pushed live.' })
export class GameUpdateModel extends ReplayEntryModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => Int)
  version!: number;

  @Field()
  status!: string;

  @Field(() => JSONScalar, { nullable: true })
  result!: unknown;

  @Field(() => MustAct, {
    nullable: true,
    description:
      'Who must act after the entry (both seats at once for a simultaneous decision); null once over.',
  })
  mustAct!: MustAct | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description:
      "A players' game with a clock: the clock just after the entry {running, remainingMs, flagAt, flagged}; null otherwise and in updates read back from the log.",
  })
  clock?: unknown;
}

@ObjectType({
  description: 'An accepted order: the new version, its events and the game after it.',
})
export class OrderAcceptedModel {
  @Field(() => Int)
  version!: number;

  @Field(() => Int)
  seq!: number;

  @Field(() => [JSONScalar])
  events!: unknown[];

  @Field(() => GameModel)
  game!: GameModel;

  @Field({
    description:
      'True when this is the stored first answer to an earlier submission with the same idempotencyKey (REST: header Idempotent-Replayed).',
  })
  idempotentReplay!: boolean;
}

@ObjectType('Victory', { description: 'Victory points, level, winner and competition score.' })
export class VictoryModel {
  @Field(() => ID)
  gameId!: string;

  @Field()
  status!: string;

  @Field(() => SidePoints)
  points!: SidePoints;

  @Field(() => JSONScalar)
  objectives!: Record<string, string | null>;

  @Field(() => String, { nullable: true })
  level!: string | null;

  @Field(() => String, { nullable: true })
  winner!: string | null;

  @Field(() => Float, { nullable: true })
  competitionScore!: number | null;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description: 'While the game goes on: the level if it ended now.',
  })
  provisional!: unknown;
}
