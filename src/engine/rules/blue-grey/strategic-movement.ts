/**
 * Strategic Movement (6.41–6.46; 11.11).
 *
 * A unit that begins the Movement Phase three or more hexes from every Enemy
 * unit (6.41) may move with +2 MP (infantry, artillery, horse artillery,
 * 6.42) or +4 MP (cavalry, 6.43), one less at Night (6.46, 11.11), but only
 * along turnpikes, roads, railways and trails for its whole move (6.45), and
 * never closer than three hexes to an Enemy unit (6.44, A11: after every hex
 * entered). It is declared with its own order type, so it is never mixed
 * with regular movement (6.44).
 */
import type { UnitType } from '../../types';

/** Bonus MP in thirds, or 0 if the type may not use Strategic Movement. */
export function strategicBonusThirds(type: UnitType, night: boolean): number {
  let bonus: number;
  if (type === 'cavalry') bonus = 4;
  else if (type === 'infantry' || type === 'artillery' || type === 'horse-artillery') bonus = 2;
  else return 0;
  return (bonus - (night ? 1 : 0)) * 3;
}

/** 6.41, 6.44: "three or more hexes" from every Enemy unit. */
export const STRATEGIC_DISTANCE = 3;
