/**
 * Zones of Control (7.0–7.6, 9.64, 10.39).
 *
 * Every combat unit controls the six hexes around it (7.0, 7.1), at all
 * times, routed units included (12.31), except (7.6): never through a creek
 * hexside without a bridge or ford (nor a river or lake hexside, A18), never
 * into river, ferry or pontoon hexes, and never into a Trench hex across its
 * Trench hexsides (10.39). Gunboats have none (9.64); wagon trains are not
 * combat units (2.3) and have none either. Zones of Control coexist (7.5).
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { Side, UnitType } from '../../types';
import { zocCrosses } from './crossing-rules';

/** 7.1, 9.64, 2.3: the unit types that exert a Zone of Control. */
export function exertsZoc(type: UnitType): boolean {
  return (
    type === 'infantry' || type === 'cavalry' || type === 'artillery' || type === 'horse-artillery'
  );
}

const cache = new WeakMap<GameState, Partial<Record<Side, Uint8Array>>>();

/** Hexes (by board index) controlled by units of `side`. */
export function zocOf(ctx: GameContext, state: GameState, side: Side): Uint8Array {
  let entry = cache.get(state);
  if (entry?.[side]) return entry[side]!;
  const board = ctx.board;
  const out = new Uint8Array(board.size);
  const trenches = new Map<number, Set<number>>();
  for (const f of state.fieldworks) {
    if (f.kind !== 'trench') continue;
    const i = board.index.get(f.hex);
    if (i === undefined) continue;
    trenches.set(
      i,
      new Set(f.facing.map((h) => board.index.get(h)).filter((x): x is number => x !== undefined)),
    );
  }
  for (const id in state.units) {
    const u: UnitState = state.units[id];
    if (u.side !== side || u.status !== 'on-map' || u.hex === null) continue;
    if (!exertsZoc(ctx.unitSpecs.get(id)!.type)) continue;
    const i = board.index.get(u.hex);
    if (i === undefined) continue;
    for (let d = 0; d < 6; d++) {
      const e = i * 6 + d;
      const j = board.nbr[e];
      if (j < 0 || !zocCrosses(ctx, board, e, i, j)) continue; // 7.6 (and a ferry override, Grand Chancellorsville 22.11)
      const trench = trenches.get(j);
      if (trench && trench.has(i)) continue; // 10.39
      out[j] = 1;
    }
  }
  if (!entry) {
    entry = {};
    cache.set(state, entry);
  }
  entry[side] = out;
  return out;
}

/** Hexes controlled by the enemies of `side` (7.0). */
export function enemyZocOf(ctx: GameContext, state: GameState, side: Side): Uint8Array {
  return zocOf(ctx, state, side === 'union' ? 'confederate' : 'union');
}
