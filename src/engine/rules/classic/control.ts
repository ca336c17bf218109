/**
 * Control of hexes by moving through them (Chattanooga 17.15: "having a unit
 * in the hex or being the last to have a unit move through the hex") for the
 * scenario's objective hexes, and the victory points awarded "at the time of
 * control" that follow from it (20.11: hexes ever controlled, once).
 * Movement, retreats and advances all move units through hexes.
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent, HexId, Side } from '../../types';
import { hooksNamed } from './hooks';

export const EVER_CONTROLLED = 'victory-points-ever-controlled';

export function everControlled(state: GameState): Record<Side, HexId[]> {
  const s = state.hookState[EVER_CONTROLLED] as Record<Side, HexId[]> | undefined;
  return s ?? { union: [], confederate: [] };
}

export function noteControl(
  ctx: GameContext,
  state: GameState,
  side: Side,
  hexes: HexId[],
  events: GameEvent[],
): GameState {
  let objectives = state.objectives;
  let ever = everControlled(state);
  let changed = false;
  for (const h of hexes) {
    if (!ctx.objectiveHexes.has(h)) continue;
    if (objectives[h] !== side) {
      objectives = { ...objectives, [h]: side };
      events.push({ type: 'objective-occupied', hex: h, side, rule: '17.15' });
    }
    for (const r of hooksNamed(ctx, EVER_CONTROLLED)) {
      const p = r.params ?? {};
      if (p.side !== side || !(p.hexes as HexId[]).includes(h) || ever[side].includes(h)) continue;
      ever = { ...ever, [side]: [...ever[side], h] };
      changed = true;
      events.push({ type: 'victory-points-awarded', side, hex: h, points: p.points, rule: r.case });
    }
  }
  if (objectives === state.objectives && !changed) return state;
  return {
    ...state,
    objectives,
    hookState: changed ? { ...state.hookState, [EVER_CONTROLLED]: ever } : state.hookState,
  };
}
