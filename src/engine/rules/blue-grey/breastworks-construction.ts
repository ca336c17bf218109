/**
 * Building Breastworks during the Movement Phase (10.34; 10.36). The rest of
 * Fieldworks (their combat effects, removal, 10.35, 10.37, 10.38) is combat's.
 *
 * Reading (docs/rules-decisions.md, Movement, A1):
 *  i)  An infantry unit in good order, with no Enemy unit within three hexes,
 *      in a game from 1863 on, that has not moved this Movement Phase, may
 *      receive an Under Construction marker instead of moving.
 *  ii) In a later friendly Movement Phase the unit may, instead of moving,
 *      declare the facing (three adjacent hexsides) with complete-breastworks;
 *      the marker flips at the start of the ensuing friendly Combat Phase. The
 *      facing is chosen at the end of the Movement Phase rather than in the
 *      Combat Phase: nothing that happens in between can change it.
 *  A unit that moves off its Under Construction marker abandons it.
 */
import type { GameContext } from '../../game';
import type { Fieldwork, GameState, UnitState } from '../../state';
import type { GameEvent, HexId, Refusal } from '../../types';
import { moveEnv } from './movement';
import { refusal } from './refusals';

/** The six ways a marker can face three adjacent hexsides of a hex (10.34 ii), as neighbour hexes on the map. */
export function facingChoices(ctx: GameContext, hex: HexId): HexId[][] {
  const board = ctx.board;
  const i = board.index.get(hex)!;
  const out: HexId[][] = [];
  for (let d = 0; d < 6; d++) {
    const list: HexId[] = [];
    for (let k = 0; k < 3; k++) {
      const j = board.nbr[i * 6 + ((d + k) % 6)];
      if (j >= 0) list.push(board.ids[j]);
    }
    if (list.length > 0 && !out.some((o) => sameSet(o, list))) out.push(list);
  }
  return out;
}

function sameSet(a: HexId[], b: HexId[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function enemyWithin3(ctx: GameContext, state: GameState, unit: UnitState): boolean {
  return moveEnv(ctx, state, unit.side).enemyWithin3[ctx.board.index.get(unit.hex!)!] === 1;
}

export function underConstructionOf(state: GameState, unitId: string): Fieldwork | undefined {
  return state.fieldworks.find((f) => f.kind === 'under-construction' && f.unit === unitId);
}

/** 10.34 i: why this unit may not start Breastworks now, or null if it may. */
export function buildRefusal(ctx: GameContext, state: GameState, unit: UnitState): Refusal | null {
  if (ctx.scenario.year < 1863)
    return refusal(
      'BREASTWORKS_BEFORE_1863',
      '10.34',
      'Breastworks may be built only in games from 1863 onwards',
    );
  if (ctx.unitSpecs.get(unit.id)!.type !== 'infantry')
    return refusal(
      'BREASTWORKS_NOT_INFANTRY',
      '10.34',
      'only infantry units may build Breastworks',
    );
  if (unit.morale !== 'good')
    return refusal(
      'BREASTWORKS_MORALE',
      '10.34',
      'a Disordered, Shaken or Routed unit may not construct Breastworks',
    );
  if (unit.markers.buildingBreastworks)
    return refusal('ALREADY_BUILDING', '10.34', `${unit.id} is already building Breastworks`);
  if (state.fieldworks.some((f) => f.hex === unit.hex))
    return refusal(
      'FIELDWORK_PRESENT',
      '10.36',
      `hex ${unit.hex} already has a Breastworks marker`,
    );
  if (enemyWithin3(ctx, state, unit))
    return refusal(
      'ENEMY_WITHIN_THREE',
      '10.34',
      'Breastworks may not be started with an Enemy unit within three hexes',
    );
  return null;
}

export function placeUnderConstruction(
  state: GameState,
  unit: UnitState,
): { state: GameState; events: GameEvent[] } {
  const marker: Fieldwork = {
    hex: unit.hex!,
    kind: 'under-construction',
    facing: [],
    side: unit.side,
    unit: unit.id,
    placedTurn: state.turn,
  };
  return {
    state: {
      ...state,
      units: {
        ...state.units,
        [unit.id]: { ...unit, markers: { ...unit.markers, buildingBreastworks: true } },
      },
      fieldworks: [...state.fieldworks, marker],
    },
    events: [{ type: 'breastworks-started', unit: unit.id, hex: unit.hex, rule: '10.34' }],
  };
}

/** 10.34 ii: why the unit may not complete its Breastworks now with this facing, or null. */
export function completeRefusal(
  ctx: GameContext,
  state: GameState,
  unit: UnitState,
  facing: unknown,
): Refusal | null {
  const marker = underConstructionOf(state, unit.id);
  if (!marker || !unit.markers.buildingBreastworks)
    return refusal(
      'NOT_BUILDING',
      '10.34',
      `${unit.id} has no Breastworks Under Construction marker`,
    );
  if (marker.placedTurn === state.turn)
    return refusal(
      'BREASTWORKS_TOO_EARLY',
      '10.34',
      'the marker flips only after the following friendly Movement Phase',
    );
  if (marker.facing.length > 0)
    return refusal('ALREADY_BUILDING', '10.34', 'the facing of this marker is already declared');
  if (!Array.isArray(facing) || !facing.every((h) => typeof h === 'string'))
    return refusal('BAD_ORDER', '10.34', 'facing must be a list of three adjacent hexes');
  if (!facingChoices(ctx, unit.hex!).some((c) => sameSet(c, facing as HexId[])))
    return refusal(
      'BAD_FACING',
      '10.34',
      'a Breastworks marker faces three adjacent hexsides of its hex',
    );
  return null;
}

export function declareFacing(
  state: GameState,
  unit: UnitState,
  facing: HexId[],
): { state: GameState; events: GameEvent[] } {
  return {
    state: {
      ...state,
      fieldworks: state.fieldworks.map((f) =>
        f.kind === 'under-construction' && f.unit === unit.id ? { ...f, facing: [...facing] } : f,
      ),
    },
    events: [{ type: 'breastworks-facing', unit: unit.id, hex: unit.hex, facing, rule: '10.34' }],
  };
}

/** The unit left its hex: its Under Construction marker is abandoned. */
export function abandonConstruction(
  state: GameState,
  unitId: string,
): { state: GameState; events: GameEvent[] } {
  const marker = underConstructionOf(state, unitId);
  if (!marker) return { state, events: [] };
  const u = state.units[unitId];
  return {
    state: {
      ...state,
      fieldworks: state.fieldworks.filter((f) => f !== marker),
      units: {
        ...state.units,
        [unitId]: { ...u, markers: { ...u.markers, buildingBreastworks: false } },
      },
    },
    events: [{ type: 'breastworks-abandoned', unit: unitId, hex: marker.hex, rule: '10.34' }],
  };
}

/** 10.34 ii (A1): at the start of the Combat Phase, declared markers of the phasing side flip to Breastworks. */
export function flipCompletedBreastworks(
  _ctx: GameContext,
  state: GameState,
): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  let units = state.units;
  const fieldworks = state.fieldworks.map((f) => {
    if (f.kind !== 'under-construction' || f.side !== state.phasing || f.facing.length === 0)
      return f;
    events.push({
      type: 'breastworks-completed',
      hex: f.hex,
      facing: f.facing,
      unit: f.unit,
      rule: '10.34',
    });
    if (f.unit && units[f.unit]) {
      const u = units[f.unit];
      units = { ...units, [u.id]: { ...u, markers: { ...u.markers, buildingBreastworks: false } } };
    }
    const { unit: _u, placedTurn: _p, ...rest } = f;
    return { ...rest, kind: 'breastworks' as const };
  });
  if (events.length === 0) return { state, events };
  return { state: { ...state, fieldworks, units }, events };
}
