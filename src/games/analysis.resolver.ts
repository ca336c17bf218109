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
} from '@nestjs/graphql';
import { ProblemException } from '../common/errors/problem';
import type { Side } from '../engine/types';
import { MAX_LIST_OFFSET } from './dto/list-games.query';
import { GamesService } from './games.service';
import {
  LegalOrdersAtModel,
  ReplayVerificationModel,
  StateAtModel,
} from './graphql/analysis.model';
import {
  GameUpdateModel,
  LegalOrders,
  MustAct,
  OrderAcceptedModel,
  ReplayEntryModel,
} from './graphql/game.model';
import { JSONScalar } from './graphql/json.scalar';
import { graphqlAuthorization } from './graphql/seat-auth';
import { DecisionUnion, GameEventUnion, OrderUnion } from './graphql/typed-unions';
import { MAX_PAST_ORDERS, PastPositions } from './past-positions';
import { ReplayVerifier } from './replay-verifier';

/** An entry number argument: 400 BAD_SEQ as over REST. */
function entryNumber(seq: number): number {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq > 999_999_999)
    throw new ProblemException({
      status: 400,
      code: 'BAD_SEQ',
      detail: `${seq} is not an entry number: use 0 for the set-up, 1 for the state after the first entry, …`,
    });
  return seq;
}

/**
 * GraphQL parity with the REST reads for analysers (issue 18): a state at a
 * seq, the legal orders of a past position, replay verification — the same
 * service calls as GET states/{seq}, GET states/{seq}/legal-orders and POST
 * /v1/replays/verify, with the same readers and problems.
 */
@Resolver()
export class AnalysisResolver {
  constructor(
    private readonly games: GamesService,
    private readonly past: PastPositions,
    private readonly verifier: ReplayVerifier,
  ) {}

  @Query(() => StateAtModel, {
    complexity: 50,
    description:
      "The state after entry `seq` (GET /v1/games/{id}/states/{seq}); a seat token shows its own side's hidden choices.",
  })
  async stateAt(
    @Args('id', { type: () => ID }) id: string,
    @Args('seq', { type: () => Int }) seq: number,
    @Context() context: unknown,
  ) {
    const reader = await this.games.readerSide(id, graphqlAuthorization(context));
    const at = await this.games.stateAt(id, entryNumber(seq), reader);
    return { ...at, redacted: at.redacted === true };
  }

  @Query(() => LegalOrdersAtModel, {
    complexity: 400,
    description:
      "The orders `side` could have given after entry `seq` (GET /v1/games/{id}/states/{seq}/legal-orders): no token once the game is over; that side's seat token while it is under way.",
  })
  async legalOrdersAt(
    @Args('id', { type: () => ID }) id: string,
    @Args('seq', { type: () => Int }) seq: number,
    @Args('side') side: string,
    @Args('offset', { type: () => Int, nullable: true }) offset: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @Context() context: unknown,
  ) {
    if (side !== 'union' && side !== 'confederate')
      throw new ProblemException({
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: 'side must be "union" or "confederate"',
      });
    const page = { offset: offset ?? 0, limit: limit ?? 500 };
    if (!(
      page.offset >= 0 &&
      page.offset <= MAX_LIST_OFFSET &&
      page.limit >= 1 &&
      page.limit <= MAX_PAST_ORDERS
    ))
      throw new ProblemException({
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: `offset must be 0 to ${MAX_LIST_OFFSET} and limit 1 to ${MAX_PAST_ORDERS}`,
      });
    const reader = await this.games.readerSide(id, graphqlAuthorization(context));
    return this.past.legalOrdersAt(id, entryNumber(seq), side as Side, reader, page);
  }

  @Mutation(() => ReplayVerificationModel, {
    description:
      'Re-run a replay from its seed and orders (POST /v1/replays/verify): the replay as GET /v1/games/{id}/replay returns it.',
  })
  async verifyReplay(@Args('replay', { type: () => JSONScalar }) replay: unknown) {
    return this.verifier.verify(await this.verifier.checked(replay));
  }
}

/** The typed face of a replay entry's order and events (the JSON fields stay as they are). */
@Resolver(() => ReplayEntryModel)
export class ReplayEntryTypesResolver {
  @ResolveField(() => OrderUnion, {
    description: 'The order, typed (a union member per order type).',
  })
  typedOrder(@Parent() entry: { order: unknown }) {
    return entry.order;
  }

  @ResolveField(() => [GameEventUnion], { description: 'The events, typed.' })
  typedEvents(@Parent() entry: { events: unknown[] }) {
    return entry.events;
  }
}

/**
 * The same for a live update (gameUpdated): GameUpdate inherits ReplayEntry's
 * fields in the schema, but not its field resolvers.
 */
@Resolver(() => GameUpdateModel)
export class GameUpdateTypesResolver {
  @ResolveField(() => OrderUnion, {
    description: 'The order, typed (a union member per order type).',
  })
  typedOrder(@Parent() entry: { order: unknown }) {
    return entry.order;
  }

  @ResolveField(() => [GameEventUnion], { description: 'The events, typed.' })
  typedEvents(@Parent() entry: { events: unknown[] }) {
    return entry.events;
  }
}

/** The typed face of an accepted order's events. */
@Resolver(() => OrderAcceptedModel)
export class OrderAcceptedTypesResolver {
  @ResolveField(() => [GameEventUnion], { description: 'The events, typed.' })
  typedEvents(@Parent() accepted: { events: unknown[] }) {
    return accepted.events;
  }
}

/** The typed face of a seat's legal orders. */
@Resolver(() => LegalOrders)
export class LegalOrdersTypesResolver {
  @ResolveField(() => [OrderUnion], { description: 'The orders, typed.' })
  typedOrders(@Parent() legal: { orders: unknown[] }) {
    return legal.orders;
  }
}

/** The typed face of a pending decision. */
@Resolver(() => MustAct)
export class MustActTypesResolver {
  @ResolveField(() => DecisionUnion, {
    nullable: true,
    description: 'The pending decision, typed (a union member per decision kind); null when none.',
  })
  typedDecision(@Parent() mustAct: { decision?: unknown }) {
    return mustAct.decision ?? null;
  }
}
