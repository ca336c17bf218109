import { Injectable } from '@nestjs/common';
import type { Side } from '../engine/types';
import { ProblemException } from '../common/errors/problem';
import { GamesService } from '../games/games.service';

/** POST /v1/games/{id}/odds and the GraphQL attackOdds query. */
export interface OddsDto {
  /** The game's version the odds were computed at. */
  version: number;
  side: Side;
  /** The rules system's preview: strengths, terrain, shifts, modifiers, column, results by die, chances. */
  odds: unknown;
}

/**
 * The odds of an attack before it is made (issue 19): the engine's preview
 * (src/engine/rules/blue-grey/combat-odds.ts, classic/combat-odds.ts), the
 * very functions the combat is resolved with; nothing is rolled and nothing
 * is stored. Only the seat that could give the order may ask, and the order
 * is refused exactly as it would be if submitted: 403 GAME_OVER or
 * NOT_YOUR_TURN, 422 with the case. What it shows — the attacking units of
 * the asking side and the units on the defending hexes, with the terrain
 * between them — is on the board both seats see.
 */
@Injectable()
export class OddsService {
  constructor(private readonly games: GamesService) {}

  async preview(gameId: string, side: Side, order: unknown): Promise<OddsDto> {
    const { row, prepared, state } = await this.games.load(gameId);
    const { system, ctx } = prepared;
    if (!system.attackOdds)
      throw new ProblemException({
        status: 422,
        code: 'NOT_YET_SUPPORTED',
        rule: 'odds',
        detail: `No odds preview exists yet for games of the ${system.id} rules: their battles are not resolved on an odds table.`,
      });
    const acting = system.mustAct(ctx, state, side);
    if (acting === null)
      throw new ProblemException({
        status: 403,
        code: 'GAME_OVER',
        detail: 'The game is over: no attack can be made any more.',
      });
    if (!acting.seats.includes(side))
      throw new ProblemException({
        status: 403,
        code: 'NOT_YOUR_TURN',
        detail: `The ${acting.seats.join(' and ')} player must act (${acting.kind}): the ${side} seat may not attack now.`,
        extensions: {
          mustAct: {
            side: acting.seats[0],
            seats: acting.seats,
            kind: acting.kind,
            ...(acting.simultaneous ? { simultaneous: true } : {}),
          },
        },
      });
    const r = system.attackOdds(ctx, state, side, order);
    if (!r.ok)
      throw new ProblemException({
        status: 422,
        code: r.refusal.code,
        title: 'Order refused',
        rule: r.refusal.rule,
        detail: r.refusal.message,
      });
    return { version: row.version, side, odds: r.odds };
  }
}
