/**
 * Artillery and gunboats in attack (9.1, 9.2, 9.4, 9.6, 11.24): who may
 * bombard what, at which range, and who must attack adjacently.
 *
 * Bombardment: artillery not in an enemy ZOC, up to three hexes away (range
 * counted with the target hex, 9.12) with a line of sight (9.3), or an
 * adjacent enemy exerting no ZOC on it (9.46, A23); never if it began the
 * phase in an enemy ZOC (9.41, A20); at Night never from a non-adjacent hex
 * (11.24). Gunboats bombard the same way at up to six hexes, with no range
 * effects (9.65), and are never attacked (9.66).
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId, Refusal } from '../../types';
import {
  CombatPhaseState,
  bombardsAsArtillery,
  inEnemyZoc,
  isArtillery,
  isGunboat,
  onMap,
} from './combat';
import { lineOfSight } from './line-of-sight';
import { refusal } from './refusals';

/** 9.11, 9.65: maximum bombardment range. */
export function bombardRange(ctx: GameContext, id: string): number {
  for (const h of ctx.hooks) {
    const r = h.bombardRange?.(ctx, id); // e.g. Antietam 18.2: seven hexes
    if (r !== null && r !== undefined) return r;
  }
  if (isGunboat(ctx, id)) return 6;
  return isArtillery(ctx, id) ? 3 : 0;
}

/** Whether a unit can bombard at all now (before looking at a target). */
export function bombardRefusal(
  ctx: GameContext,
  state: GameState,
  combat: CombatPhaseState,
  u: UnitState,
): Refusal | null {
  if (!isArtillery(ctx, u.id) && !isGunboat(ctx, u.id) && !bombardsAsArtillery(ctx, u.id))
    return refusal(
      'NOT_ARTILLERY',
      '8.15',
      `${u.id} is not artillery: only artillery may attack a hex it is not adjacent to`,
    );
  if (!onMap(u)) return refusal('NOT_ON_MAP', '8.0', `${u.id} is not on the map`);
  for (const h of ctx.hooks) {
    const r = h.bombardRefusal?.(ctx, state, u); // e.g. Fredericksburg 18.2: no bombardment in fog
    if (r) return r;
  }
  if (isGunboat(ctx, u.id)) return null; // 9.64: not affected by enemy ZOC
  if (combat.artilleryBeganInEzoc.includes(u.id))
    return refusal(
      'ARTILLERY_BEGAN_IN_EZOC',
      '9.41',
      `${u.id} began the Combat Phase in an Enemy Zone of Control and may not bombard`,
    );
  if (inEnemyZoc(ctx, state, u.side, u.hex))
    return refusal(
      'ARTILLERY_IN_EZOC',
      '9.41',
      `${u.id} is in an Enemy Zone of Control: it attacks adjacent units as an attacker, not by bombardment`,
    );
  return null;
}

/** 9.12, 9.3, 11.24: can this unit bombard this hex (range and line of sight)? */
export function bombardTargetRefusal(
  ctx: GameContext,
  state: GameState,
  u: UnitState & { hex: HexId },
  hex: HexId,
): Refusal | null {
  const d = ctx.map.grid.distance(u.hex, hex);
  if (d > bombardRange(ctx, u.id))
    return refusal(
      'OUT_OF_RANGE',
      isGunboat(ctx, u.id) ? '9.65' : '9.11',
      `${hex} is ${d} hexes from ${u.id}, beyond its range of ${bombardRange(ctx, u.id)}`,
    );
  if (state.night && d > 1)
    return refusal(
      'NIGHT_ARTILLERY',
      '11.24',
      'artillery may not attack from a non-adjacent hex at Night',
    );
  if (d > 1) {
    const los = lineOfSight(ctx.map, u.hex, hex);
    if (!los.clear)
      return refusal(
        'NO_LINE_OF_SIGHT',
        '9.31',
        `${u.id} has no line of sight to ${hex}${los.blockedBy?.hex ? ` (blocked by ${los.blockedBy.hex})` : ''}`,
      );
  }
  return null;
}
