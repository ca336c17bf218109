import { Injectable } from '@nestjs/common';
import type { Reader } from '../engine/rules';
import type { Side } from '../engine/types';
import { gameStatus, resultView } from '../games/game-view';
import { GamesService } from '../games/games.service';

export interface VictoryDto {
  gameId: string;
  /** "active" or "finished". */
  status: 'active' | 'finished';
  /** Victory points so far. */
  points: Record<Side, number>;
  /** Who occupies each objective hex now. */
  objectives: Record<string, Side | null>;
  /** Level of victory: at the end of the game, as recorded in the result; null while the game goes on. */
  level: string | null;
  /** Winner at the end (null for a draw, and while the game goes on). */
  winner: Side | null;
  /** Competition score of the winner's level, as the scenario prints it. */
  competitionScore: number | null;
  /** Why the game ended (victory conditions, resignation), once it has. */
  reason: string | null;
  /** While the game goes on: the level that would be awarded if it ended now. */
  provisional: {
    level: string;
    winner: Side | null;
    competitionScore: number | null;
    case: string | null;
  } | null;
}

/**
 * Victory over the API: points as the game goes, the level at the end, the
 * competition score for ladders. The engine decides; this only reads.
 */
@Injectable()
export class VictoryService {
  constructor(private readonly games: GamesService) {}

  /** Victory as `reader` (a seat's side, or null for the public) may see it: the rules system decides what is hidden. */
  async victory(gameId: string, reader: Reader = null): Promise<VictoryDto> {
    const { prepared, state } = await this.games.load(gameId);
    const standing = prepared.system.victory(prepared.ctx, state, reader);
    const status = gameStatus(state);
    const result = resultView(prepared, state);
    return {
      gameId,
      status,
      points: standing.points,
      objectives: standing.objectives,
      level: result?.level ?? null,
      winner: result?.winner ?? null,
      competitionScore: result?.competitionScore ?? null,
      reason: result?.reason ?? null,
      provisional:
        status === 'active'
          ? {
              level: standing.level,
              winner: standing.winner,
              competitionScore: standing.competitionScore,
              case: standing.case,
            }
          : null,
    };
  }
}
