/**
 * Advance after combat (8.75, 8.76, 8.77, 9.47, 11.22, 12.34, 12.35; A40–A42).
 * Each hex vacated by the combat (or before it) may be entered by one
 * victorious unit that took part: never artillery (9.47), never Routed
 * (12.35), never one that retreated, always from a hex adjacent to it; it
 * ignores enemy ZOC but not prohibited terrain. The attacker advances after
 * De, Dr, Ex and Ex* and into hexes vacated before combat; the defender after
 * Ae, Ae* and Ar (A40, A41). At Night nobody advances into a hex that still
 * holds a non-attacking unit (11.22): such a hex is not vacated.
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId, Side } from '../../types';
import { Combat, CombatPhaseState, isArtillery, isGunboat, onMap, unitsAt } from './combat';
import { noCombatPresence } from './stacking';
import { PROHIBITED, costClassOf } from './terrain-costs';

export function advanceCandidates(
  ctx: GameContext,
  state: GameState,
  phase: CombatPhaseState,
  c: Combat,
  hex: HexId,
  side: Side,
): string[] {
  if (unitsAt(state, hex).some((u) => !noCombatPresence(ctx, u.id))) return []; // 23.54 Leaders do not hold a hex
  const pool = side === state.phasing ? c.attackers : c.defenders;
  const b = ctx.board;
  const j = b.index.get(hex)!;
  const out: string[] = [];
  for (const id of pool) {
    const u = state.units[id];
    if (!onMap(u) || u.side !== side) continue;
    if (isArtillery(ctx, id) || isGunboat(ctx, id) || u.morale === 'routed') continue;
    if (c.retreated.includes(id) || c.retreatedBefore.includes(id) || phase.advanced.includes(id))
      continue;
    if (u.hex !== c.origin[id]) continue;
    if ((ctx.hooks ?? []).some((h) => h.advanceRefused?.(ctx, state, id))) continue; // e.g. Hooker and Lee 20.12
    if (!ctx.map.grid.adjacent(u.hex, hex)) continue;
    if (!advanceStepAllowed(ctx, state, id, b.index.get(u.hex)!, j)) continue;
    out.push(id);
  }
  return out;
}

/**
 * Whether unit `id` may advance from hex index `i` into the adjacent hex
 * index `j` (8.75; Road to Vicksburg 19.53 iii going on): its kind may enter
 * the hex, the hexside is not prohibited, no exclusive rule refuses it (e.g.
 * Wilderness 18.14). Who is in the hex is the caller's question.
 */
export function advanceStepAllowed(
  ctx: GameContext,
  state: GameState,
  id: string,
  i: number,
  j: number,
): boolean {
  const b = ctx.board;
  const cls = costClassOf(ctx.unitSpecs.get(id)!.type);
  if (b.enter[cls][j] === PROHIBITED || b.crossingHex[j]) return false;
  let d = -1;
  for (let k = 0; k < 6; k++) if (b.nbr[i * 6 + k] === j) d = k;
  if (d < 0 || b.side[i * 6 + d] === PROHIBITED) return false;
  return !(ctx.hooks ?? []).some((h) => h.advanceIntoRefused?.(ctx, state, id, b.ids[j]));
}

/** Hexes vacated by the losing side of combat `c` that advances may fill (8.75, 8.76, A40–A42). */
export function vacatedHexes(
  state: GameState,
  c: Combat,
  loser: 'attackers' | 'defenders',
  ctx?: GameContext,
): HexId[] {
  const hexes =
    loser === 'defenders'
      ? [...c.defenderHexes, ...c.vacatedBefore]
      : c.attackers.map((id) => c.origin[id]);
  const out: HexId[] = [];
  // A Leader left alone (23.54, with ctx) does not keep the hex from being vacated.
  const holds = (u: UnitState) => !ctx || !noCombatPresence(ctx, u.id);
  for (const h of hexes) if (!out.includes(h) && !unitsAt(state, h).some(holds)) out.push(h);
  return out;
}
