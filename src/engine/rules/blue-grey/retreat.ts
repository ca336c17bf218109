/**
 * Retreat (8.71–8.73, 8.77, 12.34, A43): the hexes a unit may retreat
 * through. One hex after a result, two before combat. Never into a
 * prohibited hex or across a prohibited hexside, an enemy-occupied hex, an
 * enemy-controlled hex, a river ferry or pontoon hex, or off the map (8.72);
 * a two-hex retreat ends two hexes from where it began (A43). Stacking is
 * checked where the retreat ends; when only stacking blocks, displacement
 * may be the way out (displacement.ts).
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId } from '../../types';
import { otherSide } from '../../types';
import { PROHIBITED, costClassOf } from './terrain-costs';
import { inEnemyZoc, spec, unitsAt } from './combat';
import { noCombatPresence } from './stacking';

/** 8.72: may `u` step from hex `from` into hex `to` while retreating? */
export function retreatStepAllowed(
  ctx: GameContext,
  state: GameState,
  u: UnitState,
  from: HexId,
  to: HexId,
): boolean {
  const b = ctx.board;
  const i = b.index.get(from);
  const j = b.index.get(to);
  if (i === undefined || j === undefined) return false;
  const cls = costClassOf(spec(ctx, u.id).type);
  if (b.enter[cls][j] === PROHIBITED) return false;
  if (b.crossingHex[j]) return false; // pontoon, river ferry
  // 6.28: a unit standing in a ferry hex (Grand Chancellorsville 22.11) leaves only through its arrowed hexsides.
  if (b.crossingHex[i] && !b.crossingOf.get(i)!.includes(j)) return false;
  let d = -1;
  for (let k = 0; k < 6; k++) if (b.nbr[i * 6 + k] === j) d = k;
  if (d < 0 || b.side[i * 6 + d] === PROHIBITED) return false;
  // Grand Chancellorsville 23.54: an Enemy Leader alone does not impede (he is eliminated, leaders.ts).
  if (unitsAt(state, to, otherSide(u.side)).some((e) => !noCombatPresence(ctx, e.id))) return false;
  if (inEnemyZoc(ctx, state, u.side, to)) return false;
  // Exclusive rules (Chattanooga 20.23, Chickamauga 19.23).
  for (const h of ctx.hooks ?? [])
    if (h.retreatStepRefused?.(ctx, state, u, from, to)) return false;
  return true;
}

/** Every retreat path of `hexes` hexes for `u` from its hex, ignoring stacking (8.72, A43). */
export function retreatPaths(
  ctx: GameContext,
  state: GameState,
  u: UnitState & { hex: HexId },
  hexes: 1 | 2,
): HexId[][] {
  const grid = ctx.map.grid;
  const out: HexId[][] = [];
  for (const a of grid.neighbours(u.hex)) {
    if (!retreatStepAllowed(ctx, state, u, u.hex, a)) continue;
    if (hexes === 1) {
      out.push([a]);
      continue;
    }
    for (const b of grid.neighbours(a)) {
      if (b === u.hex || grid.distance(u.hex, b) !== 2) continue;
      if (retreatStepAllowed(ctx, state, u, a, b)) out.push([a, b]);
    }
  }
  // Exclusive rules: hexes a unit retreats into only if no other path is open (Wilderness 18.14).
  if (ctx.hooks?.some((h) => h.retreatAvoids)) {
    const avoided = (p: HexId[]) =>
      p.some((h) => ctx.hooks.some((k) => k.retreatAvoids?.(ctx, state, u, h)));
    const open = out.filter((p) => !avoided(p));
    if (open.length > 0) return open;
  }
  return out;
}
