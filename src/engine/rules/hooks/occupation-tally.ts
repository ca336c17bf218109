/**
 * objective-control, variant "a tally each Game-Turn" (battles.md §17 rank 2).
 *
 * Road to Richmond 22.13: "At the end of each Game-Turn after Game-Turn
 * Eight that a Player physically occupies hexes 1823 and/or 1826 he gains
 * one Victory Point for each of these two hexes he occupies."
 *
 * Readings: "the end of each Game-Turn" is the end of its second
 * Player-Turn (4.0), from Game-Turn `fromTurn` (9: "after Game-Turn Eight")
 * to the last; "physically occupies" is a unit of the side in the hex
 * (gunboats never hold ground, 9.66), Zones of Control do not count. Each
 * tally is kept in hook state and read by the victory point rule
 * occupied-each-turn (VictoryInputs.occupationTallies); the last Game-Turn's
 * is taken before the game ends.
 *
 * params: { hexes: HexId[], control: "physical-occupation", tally: "end-of-game-turn", fromTurn: number }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export function isOccupationTally(p: Record<string, unknown>): boolean {
  return p.tally !== undefined || p.control === 'physical-occupation';
}

export const occupationTallySupport: HookSupport = knownParams(
  ['hexes', 'control', 'tally', 'fromTurn'],
  (p) => {
    if (!Array.isArray(p.hexes) || p.hexes.length === 0) return 'objective control without "hexes"';
    if (p.control !== 'physical-occupation') return `control ${JSON.stringify(p.control)}`;
    if (p.tally !== 'end-of-game-turn') return `tally ${JSON.stringify(p.tally)}`;
    if (
      p.fromTurn !== undefined &&
      (typeof p.fromTurn !== 'number' || !Number.isInteger(p.fromTurn) || p.fromTurn < 1)
    )
      return `fromTurn ${JSON.stringify(p.fromTurn)}`;
    return null;
  },
);

type Tally = { turn: number; occupied: Record<HexId, Side | null> };

export function occupationTally(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const hexes = p.hexes as HexId[];
  const fromTurn = (p.fromTurn as number | undefined) ?? 1;
  const key = hookKey(rule);
  const occupied = (ctx: GameContext, state: GameState): Record<HexId, Side | null> => {
    const out: Record<HexId, Side | null> = {};
    for (const h of hexes) out[h] = null;
    for (const id in state.units) {
      const u = state.units[id];
      if (u.status !== 'on-map' || u.hex === null || !(u.hex in out)) continue;
      if (ctx.unitSpecs.get(id)?.type === 'gunboat') continue;
      out[u.hex] = u.side;
    }
    return out;
  };
  return {
    hook: rule.hook,
    case: rule.case,
    endOfPlayerTurn(ctx, state, side) {
      if (side === ctx.scenario.firstPlayer || state.turn < fromTurn) return null;
      const tallies = hookStateOf<Tally[]>(state, key, []);
      if (tallies.some((t) => t.turn === state.turn)) return null;
      const tally: Tally = { turn: state.turn, occupied: occupied(ctx, state) };
      return {
        state: withHookState(state, key, [...tallies, tally]),
        events: [
          {
            type: 'occupation-tallied',
            turn: state.turn,
            occupied: tally.occupied,
            rule: rule.case,
          },
        ],
      };
    },
    victoryInputs(_ctx, state) {
      return { occupationTallies: hookStateOf<Tally[]>(state, key, []) };
    },
  };
}
