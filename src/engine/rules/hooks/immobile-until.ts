/**
 * Immobility until a Game-Turn (battles.md §17 rank 5): named units of a side
 * may not move during the listed Game-Turns (or before `untilTurn`).
 *
 * Antietam 20.2 (and the note under the 16.2 chart): "The Confederate units
 * which begin the game in hexes 0517, 0416, 0715, 0714, and 0613 may not move
 * during Game-Turn One."
 *
 * Reading: "may not move" forbids moving, moving strategically and exiting in
 * the Movement Phase; placing a Rally or Breastworks marker is not a move and
 * stays allowed, and combat results (retreat, advance) still apply. The units
 * are the listed ones, or, when none are listed, those the set-up places in
 * the listed hexes. Other release triggers (die rolls, being attacked, enemy
 * within N hexes) are not implemented: a declaration with one is refused.
 *
 * params: { side?: Side, units?: string[], hexes?: HexId[], turns?: number[], untilTurn?: number }
 */
import type { HexId, RuleHook } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export const immobileUntilSupport: HookSupport = knownParams(
  ['side', 'units', 'hexes', 'turns', 'untilTurn'],
  (p) => {
    if (p.turns === undefined && p.untilTurn === undefined)
      return 'immobility without "turns" or "untilTurn"';
    if (p.units === undefined && p.hexes === undefined)
      return 'immobility without "units" or "hexes"';
    return null;
  },
);

export function immobileUntil(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const turns = p.turns as number[] | undefined;
  const untilTurn = p.untilTurn as number | undefined;
  const listed = p.units ? new Set(p.units as string[]) : null;
  const hexes = new Set((p.hexes as HexId[]) ?? []);
  let bySetup: Set<string> | null = null;
  const immobileNow = (turn: number) =>
    (turns ? turns.includes(turn) : false) || (untilTurn !== undefined && turn < untilTurn);
  const when = turns
    ? `on Game-Turn${turns.length > 1 ? 's' : ''} ${turns.join(', ')}`
    : `before Game-Turn ${untilTurn}`;
  return {
    hook: rule.hook,
    case: rule.case,
    constraint(ctx, state, unit) {
      if (!immobileNow(state.turn)) return null;
      if (p.side !== undefined && unit.side !== p.side) return null;
      if (!listed && !bySetup)
        bySetup = new Set(
          (ctx.scenario.setup.placements ?? []).filter((x) => hexes.has(x.hex)).map((x) => x.unit),
        );
      if (!(listed ?? bySetup!).has(unit.id)) return null;
      return {
        kind: 'forbidden',
        refusal: refusal('IMMOBILE', rule.case, `${unit.id} may not move ${when}`),
      };
    },
  };
}
