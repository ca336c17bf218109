/**
 * Fieldworks in the Combat Phase (10.3): Under Construction markers removed
 * when their unit is attacked (10.34 i, 10.35, A52) or when an enemy unit ends
 * a Combat Phase adjacent to it (10.34 i); at the end of his own Combat Phase
 * a player may remove any marker in a hex where one of his infantry or
 * cavalry units remains (10.37, A54). Construction and the flip are in
 * breastworks-construction.ts; combat effects in terrain-combat.ts.
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent, HexId } from '../../types';
import { otherSide } from '../../types';
import { spec, unitsAt } from './combat';

/** A52: the Under Construction markers in attacked hexes go once the combat is resolved (after their 1R). */
export function removeAttackedConstruction(
  state: GameState,
  hexes: HexId[],
  events: GameEvent[],
): GameState {
  const gone = state.fieldworks.filter(
    (f) => f.kind === 'under-construction' && hexes.includes(f.hex),
  );
  if (gone.length === 0) return state;
  for (const f of gone)
    events.push({ type: 'fieldwork-removed', hex: f.hex, kind: f.kind, rule: '10.34 i' });
  const units = { ...state.units };
  for (const f of gone)
    if (f.unit && units[f.unit])
      units[f.unit] = {
        ...units[f.unit],
        markers: { ...units[f.unit].markers, buildingBreastworks: undefined },
      };
  return { ...state, units, fieldworks: state.fieldworks.filter((f) => !gone.includes(f)) };
}

/** 10.34 i: at the end of a Combat Phase, Under Construction markers with an adjacent enemy unit are removed. */
export function removeThreatenedConstruction(
  ctx: GameContext,
  state: GameState,
  events: GameEvent[],
): GameState {
  const gone = state.fieldworks.filter((f) => {
    if (f.kind !== 'under-construction') return false;
    const enemy = otherSide(f.side);
    return ctx.map.grid.neighbours(f.hex).some((n) => unitsAt(state, n, enemy).length > 0);
  });
  if (gone.length === 0) return state;
  for (const f of gone)
    events.push({ type: 'fieldwork-removed', hex: f.hex, kind: f.kind, rule: '10.34 i' });
  const units = { ...state.units };
  for (const f of gone)
    if (f.unit && units[f.unit])
      units[f.unit] = {
        ...units[f.unit],
        markers: { ...units[f.unit].markers, buildingBreastworks: undefined },
      };
  return { ...state, units, fieldworks: state.fieldworks.filter((f) => !gone.includes(f)) };
}

/** 10.37: markers the phasing player may remove at the end of his Combat Phase. */
export function removableMarkers(ctx: GameContext, state: GameState): HexId[] {
  return state.fieldworks
    .filter((f) => f.kind !== 'under-construction')
    .filter((f) =>
      unitsAt(state, f.hex, state.phasing).some((u) =>
        ['infantry', 'cavalry'].includes(spec(ctx, u.id).type),
      ),
    )
    .map((f) => f.hex);
}

export function removeMarker(state: GameState, hex: HexId, events: GameEvent[]): GameState {
  const f = state.fieldworks.find((w) => w.hex === hex);
  if (!f) return state;
  events.push({ type: 'fieldwork-removed', hex, kind: f.kind, rule: '10.37', by: state.phasing });
  return { ...state, fieldworks: state.fieldworks.filter((w) => w !== f) };
}
