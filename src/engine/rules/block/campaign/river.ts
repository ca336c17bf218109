/**
 * River Crossings (seed 002, 10.6, 10.61, 5.4; notes §4.6, A11). Where no
 * bridge or ford exists, a unit may cross a Major river by a Strategic Move:
 * it starts beside the river, crosses that hexside and stops in the hex
 * across. It costs one Strategic Move into a friendly hex, two into an
 * enemy-controlled or neutral one; it may never attack (the hex across
 * holds no enemy unit), reinforce or retreat, nor be combined with another
 * move. In the East, downstream of the heads of navigation (the map's
 * navigable hexsides) only Naval Movement crosses (10.61). Both sides may
 * make them (A11).
 */
import { controller, occupants } from './control';
import type { CampaignMap } from './terrain';
import type { CampaignBlock, CampaignState } from './types';
import { otherSide } from './types';

export interface CrossingOption {
  to: string;
  cost: number;
}

export function riverCrossings(
  state: CampaignState,
  map: CampaignMap,
  b: CampaignBlock,
  occ = occupants(state),
): CrossingOption[] {
  if (b.hex === null || b.moved || state.strategicMoves < 1) return [];
  const out: CrossingOption[] = [];
  for (const n of map.neighbours(b.hex)) {
    // A Mountain hexside stays impassable even along a river (terrain.ts: Mountain first).
    if (map.hexside(b.hex, n) !== 'major-river') continue;
    const river = map.hexsideRecord(b.hex, n)?.river;
    if (!river || river.class !== 'major' || river.navigable) continue;
    if (occ.get(n)?.has(otherSide(b.side))) continue;
    const cost = controller(state, map.doc, n) === b.side ? 1 : 2;
    if (cost <= state.strategicMoves) out.push({ to: n, cost });
  }
  return out.sort((x, y) => (x.to < y.to ? -1 : 1));
}
