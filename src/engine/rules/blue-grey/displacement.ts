/**
 * Displacement (8.8) on top of retreat paths (retreat.ts). A retreating unit
 * may displace a friendly unit only if stacking closes every other path
 * (8.73, 8.81); the displaced unit retreats one hex as if after combat, and
 * may itself displace in a chain (8.82); if the chain cannot end legally the
 * displacement does not happen and the retreating unit is eliminated (8.82).
 * At Night units not taking part in the combat are not affected by friendly
 * retreats (11.22, A50): they cannot be displaced.
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId } from '../../types';
import { isGunboat, onMap, unitsAt } from './combat';
import { retreatPaths } from './retreat';
import { noCombatPresence, stackingRefusal, tallyStacks } from './stacking';

export interface RetreatOption {
  path: HexId[];
  /** The friendly unit displaced from the end hex (8.81). */
  displace?: string;
}

function fitsAt(ctx: GameContext, state: GameState, u: UnitState, hex: HexId): boolean {
  const tally = tallyStacks(ctx, state, u.side);
  const i = ctx.board.index.get(u.hex!)!;
  const j = ctx.board.index.get(hex)!;
  return stackingRefusal(ctx, tally, u, i, j) === null;
}

/**
 * The legal answers for a retreat of `u`: paths ending where it may stack;
 * only if there are none, paths whose end hex it enters by displacing a
 * friendly unit that can itself retreat (8.81, 8.82). Empty: eliminated.
 */
export function retreatOptions(
  ctx: GameContext,
  state: GameState,
  u: UnitState,
  hexes: 1 | 2,
  participants: readonly string[],
  depth = 0,
): RetreatOption[] {
  if (!onMap(u)) return [];
  const paths = retreatPaths(ctx, state, u, hexes);
  const free = paths.filter((p) => fitsAt(ctx, state, u, p[p.length - 1]));
  if (free.length > 0) return free.map((path) => ({ path }));
  if (depth >= 4) return [];
  // Chickamauga 19.24: a unit that may not Displace has no way out but a free hex.
  const noDisplacement = (id: string) => (ctx.hooks ?? []).some((h) => h.noDisplacement?.(ctx, id));
  if (noDisplacement(u.id)) return [];
  const out: RetreatOption[] = [];
  for (const path of paths) {
    const end = path[path.length - 1];
    for (const d of unitsAt(state, end, u.side)) {
      if (isGunboat(ctx, d.id)) continue;
      if (noCombatPresence(ctx, d.id)) continue; // 23.52: a Leader takes no room and is never displaced
      if (noDisplacement(d.id)) continue; // 19.24: it may not be Displaced; the retreating unit is eliminated instead
      if (state.night && !participants.includes(d.id)) continue; // 11.22, A50
      // The displaced unit leaves before the retreating unit arrives; it retreats one hex from `end`.
      const moved: GameState = { ...state, units: { ...state.units, [u.id]: { ...u, hex: end } } };
      if (!fitsAfterSwap(ctx, moved, u, d)) continue;
      if (retreatOptions(ctx, moved, d, 1, participants, depth + 1).length > 0)
        out.push({ path, displace: d.id });
    }
  }
  return out;
}

/** With `d` gone, would `u` fit in d's hex? */
function fitsAfterSwap(ctx: GameContext, moved: GameState, u: UnitState, d: UnitState): boolean {
  const without: GameState = {
    ...moved,
    units: { ...moved.units, [d.id]: { ...d, status: 'exited', hex: null } },
  };
  const tally = tallyStacks(ctx, without, u.side);
  const j = ctx.board.index.get(d.hex!)!;
  return stackingRefusal(ctx, tally, without.units[u.id], j, j) === null;
}
