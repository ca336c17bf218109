/**
 * Army-level morale (battles.md §17 rank 21), the rout-check form of the
 * army-demoralization hook: a die roll that may send a whole army from the
 * field and end the game.
 *
 * First Bull Run 18.0: "At the end of each Game-Turn, each Player rolls the
 * die. Each Player adds one to the die roll result for each of his units
 * that has been Shaken or Routed, and two for each of his units that has
 * been eliminated. If the result is 17 or more, that Player's army has
 * routed and fled the battlefield; play stops and his opponent has achieved
 * a Decisive Victory. Note that both armies may rout on the same Game-Turn
 * in which case the result is a Draw."
 *
 * Readings:
 * - the end of a Game-Turn is the end of its second Player-Turn (after the
 *   Second Player's Combat Phase), before the Game-Turn Record Interphase;
 *   on the last Game-Turn the check comes before the end-of-game victory
 *   conditions, which apply only if neither army routs;
 * - "has been Shaken or Routed": units of the side on the map that are
 *   Shaken or Routed when the die is rolled (the markers on the map: a unit
 *   rallied since no longer counts — "ever" would need a record the game
 *   does not keep; doubtful), `perShakenOrRouted` each; "has been
 *   eliminated": every unit of the side eliminated so far, `perEliminated`
 *   each (a unit counts once, as eliminated);
 * - both Players roll, First Player first; an army routs on a total of
 *   `routsAtLeast` or more; one army routing ends the game at once with the
 *   opponent's `level` victory; both routing, a draw.
 *
 * params: { routCheck: { at: "end-of-game-turn", perShakenOrRouted: number, perEliminated: number,
 *             routsAtLeast: number, level: "decisive" | "substantive" | "marginal", bothRout: "draw" } }
 */
import type { Dice } from '../../dice';
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent, RuleHook, Side } from '../../types';
import { otherSide } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

interface RoutCheck {
  at: 'end-of-game-turn';
  perShakenOrRouted: number;
  perEliminated: number;
  routsAtLeast: number;
  level: 'decisive' | 'substantive' | 'marginal';
  bothRout: 'draw';
}

const LEVELS = ['decisive', 'substantive', 'marginal'];

/** Whether an army-demoralization declaration is the rout-check form (First Bull Run 18.0). */
export function isRoutCheckForm(rule: RuleHook): boolean {
  return (rule.params ?? {}).routCheck !== undefined;
}

export const armyRoutCheckSupport: HookSupport = knownParams(['routCheck'], (p) => {
  const r = p.routCheck as Record<string, unknown>;
  if (typeof r !== 'object' || r === null) return 'a rout check that is not an object';
  const known = ['at', 'perShakenOrRouted', 'perEliminated', 'routsAtLeast', 'level', 'bothRout'];
  const extra = Object.keys(r).filter((k) => !known.includes(k));
  if (extra.length > 0) return `rout check ${extra.map((k) => `"${k}"`).join(', ')}`;
  if (r.at !== 'end-of-game-turn') return `rout check at ${JSON.stringify(r.at)}`;
  for (const k of ['perShakenOrRouted', 'perEliminated', 'routsAtLeast'])
    if (!Number.isInteger(r[k]) || (r[k] as number) < 0)
      return `rout check ${k} ${JSON.stringify(r[k])}`;
  if (!LEVELS.includes(r.level as string)) return `rout check level ${JSON.stringify(r.level)}`;
  if (r.bothRout !== 'draw') return `rout check bothRout ${JSON.stringify(r.bothRout)}`;
  return null;
});

/** A side's rout-check modifiers now: its Shaken or Routed units on the map and its eliminated units. */
export function routModifiers(
  state: GameState,
  side: Side,
): { shakenOrRouted: number; eliminated: number } {
  let shakenOrRouted = 0;
  let eliminated = 0;
  for (const id in state.units) {
    const u = state.units[id];
    if (u.side !== side) continue;
    if (u.status === 'eliminated') eliminated++;
    else if (u.status === 'on-map' && (u.morale === 'shaken' || u.morale === 'routed'))
      shakenOrRouted++;
  }
  return { shakenOrRouted, eliminated };
}

export function armyRoutCheck(rule: RuleHook): MovementHook {
  const r = (rule.params ?? {}).routCheck as RoutCheck;

  const check = (
    ctx: GameContext,
    state: GameState,
    dice: Dice,
  ): { state: GameState; events: GameEvent[] } => {
    const first = ctx.scenario.firstPlayer;
    const events: GameEvent[] = [];
    const routed: Side[] = [];
    for (const side of [first, otherSide(first)]) {
      const roll = dice.d6();
      const m = routModifiers(state, side);
      const total = roll + m.shakenOrRouted * r.perShakenOrRouted + m.eliminated * r.perEliminated;
      const routs = total >= r.routsAtLeast;
      if (routs) routed.push(side);
      events.push({
        type: 'die-rolled',
        purpose: 'army-rout-check',
        rule: rule.case,
        side,
        turn: state.turn,
        roll,
        shakenOrRouted: m.shakenOrRouted,
        eliminated: m.eliminated,
        total,
        routsAtLeast: r.routsAtLeast,
        routed: routs,
      });
    }
    if (routed.length === 0) return { state, events };
    const name = (s: Side) => (s === 'union' ? 'Union' : 'Confederate');
    const result: NonNullable<GameState['result']> =
      routed.length === 2
        ? {
            winner: null,
            level: r.bothRout,
            reason: `victory conditions (${rule.case}): both armies routed at the end of Game-Turn ${state.turn} — a draw`,
          }
        : {
            winner: otherSide(routed[0]),
            level: r.level,
            reason: `victory conditions (${rule.case}): the ${name(routed[0])} army routed at the end of Game-Turn ${state.turn} — a ${name(otherSide(routed[0]))} ${r.level} victory`,
          };
    events.push({ type: 'army-routed', sides: routed, turn: state.turn, rule: rule.case });
    events.push({
      type: 'game-ended',
      reason: result.reason,
      winner: result.winner,
      level: result.level,
    });
    return {
      state: { ...state, phase: 'finished', movement: null, combat: null, pending: null, result },
      events,
    };
  };

  return {
    hook: rule.hook,
    case: rule.case,
    endOfPlayerTurn(ctx, state, side, dice) {
      // The end of the Game-Turn: the Second Player's Player-Turn ends.
      if (side !== otherSide(ctx.scenario.firstPlayer) || state.phase === 'finished') return null;
      if (!dice) throw new Error(`${rule.case}: the army rout check needs the game's dice`);
      return check(ctx, state, dice);
    },
  };
}
