import { Injectable } from '@nestjs/common';
import type { Side } from '../engine/types';
import { ProblemException } from '../common/errors/problem';
import { GamesService } from '../games/games.service';
import { MovesService, type OrderAcceptedDto } from '../moves/moves.service';

/** Resignation through its own endpoint: the engine's resign order, logged like any order. */
@Injectable()
export class GameFlowService {
  constructor(
    private readonly games: GamesService,
    private readonly moves: MovesService,
  ) {}

  /** POST /v1/games/{id}/resign: at any moment, whoever must act (4.0). 403 GAME_OVER once it is over. */
  async resign(gameId: string, side: Side): Promise<OrderAcceptedDto> {
    // The resignation does not depend on the position: an order accepted meanwhile
    // (409 VERSION_CONFLICT) is no reason to refuse it, so try again at the new version.
    for (let attempt = 1; ; attempt++) {
      const { row } = await this.games.load(gameId);
      try {
        const answer = await this.moves.submit({
          gameId,
          side,
          expectedVersion: row.version,
          order: { type: 'resign' },
        });
        return answer.body;
      } catch (e) {
        const conflict = e instanceof ProblemException && e.problem.code === 'VERSION_CONFLICT';
        if (!conflict || attempt >= 3) throw e;
      }
    }
  }
}
