import {
  Args,
  Context,
  Field,
  Int,
  ObjectType,
  Query,
  Resolver,
  Subscription,
} from '@nestjs/graphql';
import { JSONScalar } from '../games/graphql/json.scalar';
import { graphqlAuthorization } from '../games/graphql/seat-auth';
import { PlayersService } from '../players/players.service';
import { PlayerEventsService } from './player-events.service';
import { WebhooksService } from './webhooks.service';

@ObjectType('PlayerEvent', { description: 'Something that happened to a player.' })
export class PlayerEventModel {
  @Field(() => Int)
  id!: number;

  @Field({
    description:
      'game-started, your-turn, decision-pending, challenge-received, draw-offered, game-finished, tournament-round-paired, …',
  })
  type!: string;

  @Field()
  createdAt!: string;

  @Field(() => JSONScalar)
  data!: Record<string, unknown>;
}

@ObjectType('Webhook')
export class WebhookModel {
  @Field()
  id!: string;

  @Field()
  url!: string;

  @Field(() => [String], { nullable: true })
  events!: string[] | null;

  @Field()
  createdAt!: string;

  @Field(() => String, { nullable: true })
  secretRotatedAt!: string | null;
}

/** The player's events and webhooks over GraphQL (the player token in Authorization or connection params). */
@Resolver()
export class NotificationsResolver {
  constructor(
    private readonly players: PlayersService,
    private readonly events: PlayerEventsService,
    private readonly webhooks: WebhooksService,
  ) {}

  @Query(() => [WebhookModel], { description: "The player's webhooks (GET /v1/me/webhooks)." })
  async myWebhooks(@Context() context: unknown) {
    const who = await this.players.authenticate(graphqlAuthorization(context));
    return this.webhooks.list(who.id);
  }

  @Subscription(() => PlayerEventModel, {
    description:
      "The player's events from now on, or after event `after` (as GET /v1/me/events with Last-Event-ID).",
    resolve: (e: unknown) => e,
  })
  async playerEvents(
    @Context() context: unknown,
    @Args('after', { type: () => Int, nullable: true }) after?: number | null,
  ) {
    const who = await this.players.authenticate(graphqlAuthorization(context));
    const from = after ?? (await this.events.lastId(who.id));
    return this.events.iterator(who.id, from);
  }
}
