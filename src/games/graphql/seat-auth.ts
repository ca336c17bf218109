import type { Side } from '../../engine/types';
import type { GamesService } from '../games.service';

/**
 * The Authorization of a GraphQL operation: the HTTP header of a query or
 * mutation, or the `authorization` connection parameter of a graphql-ws
 * connection (Nest puts the graphql-ws context where `req` would be).
 */
export function graphqlAuthorization(context: unknown): string | undefined {
  const req = (context as { req?: Record<string, unknown> } | undefined)?.req;
  const headers = req?.headers as Record<string, unknown> | undefined;
  const params = req?.connectionParams as Record<string, unknown> | undefined;
  const value = headers?.authorization ?? params?.authorization ?? params?.Authorization;
  return typeof value === 'string' ? value : undefined;
}

/** The side the operation's seat token acts for in `gameId`; the same 401/404 problems as the REST guard. */
export async function seatSideOf(
  games: GamesService,
  gameId: string,
  context: unknown,
): Promise<Side> {
  return games.seatSide(gameId, graphqlAuthorization(context));
}

/**
 * For optional fields such as Game.legalOrders: null without an Authorization, the
 * token's side with a valid one, and, as REST answers, the 401 problem for a token
 * that is malformed or matches no seat (never a silent null the client mistakes for
 * "nothing to do").
 */
export async function optionalSeatSide(
  games: GamesService,
  gameId: string,
  context: unknown,
): Promise<Side | null> {
  return games.readerSide(gameId, graphqlAuthorization(context));
}
