/**
 * Victory at the end of the last Game-Turn (4.0; each battle's exclusive
 * rules give the conditions, e.g. Shiloh 18.0–18.3). The scenario's victory
 * spec is interpreted in one place, src/engine/victory.ts; this file only
 * binds it to a game: which units can occupy a hex, and the result recorded
 * in the state when the game ends.
 */
import type { GameContext } from '../../game';
import type { GameResult, GameState } from '../../state';
import type { Side } from '../../types';
import {
  evaluateVictory as standingOf,
  OccupyingUnit,
  victoryPoints as pointsOf,
} from '../../victory';

/** 18.31: units in a hex occupy it — except gunboats, which never hold ground (9.66). */
export function canOccupy(ctx: GameContext): OccupyingUnit {
  return (unitId) => ctx.unitSpecs.get(unitId)?.type !== 'gunboat';
}

/** Victory points of a side so far. */
export function victoryPoints(ctx: GameContext, state: GameState, side: Side): number {
  return pointsOf(ctx.scenario.victory, state, canOccupy(ctx))[side];
}

/** The result when the game ends after its last Game-Turn: the first level that holds, else the scenario's otherwise. */
export function evaluateVictory(ctx: GameContext, state: GameState): GameResult {
  const standing = standingOf(ctx.scenario.victory, state, canOccupy(ctx));
  if (standing.winner === null) {
    return {
      winner: null,
      level: standing.level,
      reason: 'no level of victory holds after the last Game-Turn',
    };
  }
  return {
    winner: standing.winner,
    level: standing.level,
    reason: `victory conditions (${standing.case}) after the last Game-Turn`,
  };
}
