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
  VictoryInputs,
  victoryPoints as pointsOf,
} from '../../victory';

/** 18.31: units in a hex occupy it — except gunboats, which never hold ground (9.66). */
export function canOccupy(ctx: GameContext): OccupyingUnit {
  return (unitId) => ctx.unitSpecs.get(unitId)?.type !== 'gunboat';
}

/**
 * What victory reads: the game state, plus what the exclusive-rule hooks
 * trace or record for it (Lines of Communication, exits), as if the game
 * ended now. Strength without a Line of Communication adds up over hooks.
 */
export function victoryInputs(ctx: GameContext, state: GameState): VictoryInputs {
  let inputs: VictoryInputs = state;
  for (const h of ctx.hooks ?? []) {
    const more = h.victoryInputs?.(ctx, state);
    if (!more) continue;
    const cut = inputs.withoutLineOfCommunication;
    const exited = inputs.exited;
    const events = inputs.events;
    inputs = { ...inputs, ...more };
    // Events add up over hooks (Road to Vicksburg: the Train's and the Lines of Communication's).
    if (events && more.events) inputs.events = [...events, ...more.events];
    // Exits add up over declarations (Hooker and Lee 18.11 and 18.21: one map exit per side).
    if (exited && more.exited) inputs.exited = [...exited, ...more.exited];
    if (cut && more.withoutLineOfCommunication)
      inputs.withoutLineOfCommunication = {
        union: cut.union + more.withoutLineOfCommunication.union,
        confederate: cut.confederate + more.withoutLineOfCommunication.confederate,
      };
  }
  return inputs;
}

/** Victory points of a side so far. */
export function victoryPoints(ctx: GameContext, state: GameState, side: Side): number {
  return pointsOf(ctx.scenario.victory, victoryInputs(ctx, state), canOccupy(ctx))[side];
}

/** The result when the game ends after its last Game-Turn: the first level that holds, else the scenario's otherwise. */
export function evaluateVictory(ctx: GameContext, state: GameState): GameResult {
  const standing = standingOf(ctx.scenario.victory, victoryInputs(ctx, state), canOccupy(ctx));
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
