/**
 * A position of a game as a picture needs it (src/engine/map/svg.ts): the
 * state (already as the reader may see it), where the last order's units
 * started, who must act, and the markers exclusive rules put on units.
 * Pure; the service reads the states from the log.
 */
import { whoMustAct, type GameContext } from './game';
import { renderMapSvg, type BoardPosition } from './map/svg';
import type { Side } from './types';
import type { GameState } from './state';

/** Markers exclusive rules put on units now (19.61 Out of Ammo...), by unit id, in hook order. */
export function unitMarkers(ctx: GameContext, state: GameState): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const h of ctx.hooks) {
    for (const m of h.unitMarkers?.(ctx, state) ?? []) (out[m.unit] ??= []).push(m.marker);
  }
  return out;
}

export function boardPosition(
  ctx: GameContext,
  seq: number,
  state: GameState,
  before: GameState | null,
  last: { side: Side; order: unknown } | null,
): BoardPosition {
  return {
    seq,
    state,
    before,
    last,
    toAct: whoMustAct(ctx, state),
    unitMarkers: unitMarkers(ctx, state),
  };
}

/** The picture of a position: the scenario's map with the units, fieldworks, objectives and last order. */
export function renderBoardSvg(ctx: GameContext, position: BoardPosition): string {
  return renderMapSvg(ctx.map.doc, { scenario: ctx.scenario, position });
}
