/**
 * Sudden-death / automatic victory checks (battles.md §17 rank 20).
 *
 * Fredericksburg 20.0: "At the end of Game-Turn Five, each Player totals his
 * Victory Points. If the Confederate Player has a total in Victory Points of
 * 3:1 or greater than the Union Player (counting Points for elimination of
 * Enemy units only), and if the Union Player does not occupy hexes 1113,
 * 1711 or 2401, the Confederate Player automatically wins the game. If these
 * conditions are not met, Players continue the game through Game-Turn
 * Eleven."
 *
 * The conditions are victory data (VictorySpec.automatic, evaluated by
 * victory.ts automaticVictory with only the point kinds they count); this
 * hook says when they are checked and ends the game when one holds: at the
 * end of Game-Turn `afterTurn`, i.e. at the end of its last Player-Turn (the
 * Second Player's), before the Game-Turn Record Interphase. Occupation is
 * read as at the end of the game (the exclusive rules' trackers, victory
 * inputs of the other hooks included).
 *
 * params: { afterTurn: number }
 */
import type { GameState } from '../../state';
import type { RuleHook } from '../../types';
import { otherSide } from '../../types';
import { automaticVictory } from '../../victory';
import { canOccupy, victoryInputs } from '../blue-grey/victory';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export const automaticVictorySupport: HookSupport = knownParams(['afterTurn'], (p) =>
  Number.isInteger(p.afterTurn) && (p.afterTurn as number) >= 1
    ? null
    : 'an automatic victory without "afterTurn"',
);

export function automaticVictoryHook(rule: RuleHook): MovementHook {
  const afterTurn = (rule.params ?? {}).afterTurn as number;
  return {
    hook: rule.hook,
    case: rule.case,
    endOfPlayerTurn(ctx, state, side) {
      // The end of the Game-Turn: the Second Player's Player-Turn ends.
      if (state.turn !== afterTurn || side !== otherSide(ctx.scenario.firstPlayer)) return null;
      const won = automaticVictory(
        ctx.scenario.victory,
        victoryInputs(ctx, state),
        state.turn,
        canOccupy(ctx),
      );
      const checked = {
        type: 'automatic-victory-checked',
        turn: state.turn,
        holds: won !== null,
        rule: rule.case,
      };
      if (!won) return { state, events: [checked] };
      const who = won.winner === 'union' ? 'Union' : 'Confederate';
      const reason = `${who} automatic victory: the victory conditions of ${won.case} hold at the end of Game-Turn ${state.turn} (${won.points.union}–${won.points.confederate} VP counted, Union–Confederate)`;
      const result: GameState['result'] = { winner: won.winner, level: won.level, reason };
      return {
        state: { ...state, phase: 'finished', movement: null, combat: null, pending: null, result },
        events: [
          { ...checked, winner: won.winner, level: won.level, points: won.points },
          { type: 'game-ended', reason, winner: won.winner, level: won.level },
        ],
      };
    },
  };
}
