import { ProblemException } from '../common/errors/problem';

/** Problems the games, moves and victory modules answer with (application/problem+json). */
export const gameNotFound = (id: string) =>
  new ProblemException({
    status: 404,
    code: 'GAME_NOT_FOUND',
    detail: `There is no game with id "${id}".`,
  });

export const unknownScenario = (id: string) =>
  new ProblemException({
    status: 422,
    code: 'UNKNOWN_SCENARIO',
    detail: `There is no scenario "${id}". GET /v1/scenarios lists the scenarios you can play.`,
  });

export const missingSeatToken = () =>
  new ProblemException({
    status: 401,
    code: 'SEAT_TOKEN_REQUIRED',
    detail:
      'This request needs a seat token: send "Authorization: Bearer <token>" with the token of your seat.',
    extensions: {},
  });

export const invalidSeatToken = () =>
  new ProblemException({
    status: 401,
    code: 'INVALID_SEAT_TOKEN',
    detail: 'The bearer token is not the token of a seat in this game.',
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Game ids are UUIDs; anything else names no game (404, not a database error). */
export function isGameId(id: string): boolean {
  return UUID.test(id);
}
