/**
 * Hex control (seed 002, 8.1, 1.2, 4.51; notes §2.7). Every hex of a side's
 * Home Territory is friendly to it unless occupied by enemy units; a hex
 * occupied by one side's units only is that side's; there are no zones of
 * control, and moving through a hex does not change its control. Control is
 * evaluated at the beginning of every phase (Movement, Combat, Supply) from
 * where the units stand. A hex holding both sides (a battle) keeps its
 * previous controller (notes A28). A city or town in enemy territory left
 * vacant reverts to the enemy (4.51): that is the Home Territory rule.
 */
import type { BlockMapDocument } from '../map';
import type { CampaignState, Side } from './types';

/**
 * 9.611: continuous occupation of the hexes a rail line's `heldFor` names,
 * observed whenever control is evaluated: the month it began, dropped as
 * soon as that side is found gone.
 */
function updateHeldSince(
  state: CampaignState,
  map: BlockMapDocument,
  occ: Map<string, Set<Side>>,
): void {
  const next: Record<string, string> = {};
  for (const line of map.rails) {
    if (!line.heldFor) continue;
    const { hex, side } = line.heldFor;
    if (occ.get(hex)?.has(side)) next[hex] = state.heldSince[hex] ?? state.month;
  }
  state.heldSince = Object.fromEntries(Object.entries(next).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The sides with blocks in each hex. */
export function occupants(state: CampaignState): Map<string, Set<Side>> {
  const out = new Map<string, Set<Side>>();
  for (const b of state.blocks) {
    if (b.hex === null) continue;
    const s = out.get(b.hex) ?? new Set<Side>();
    s.add(b.side);
    out.set(b.hex, s);
  }
  return out;
}

/** Who controls a hex now (as last evaluated): the captured record, else its home side; null if neither. */
export function controller(state: CampaignState, map: BlockMapDocument, hex: string): Side | null {
  return state.control[hex] ?? map.hexes[hex]?.home ?? null;
}

/** 8.1: re-evaluates control from the blocks' positions (at the start of a phase). */
export function updateControl(state: CampaignState, map: BlockMapDocument): void {
  const occ = occupants(state);
  updateHeldSince(state, map, occ);
  const next: Record<string, Side> = {};
  const hexes = new Set([...Object.keys(state.control), ...occ.keys()]);
  for (const hex of [...hexes].sort()) {
    const sides = occ.get(hex);
    const home = map.hexes[hex]?.home ?? null;
    let who: Side | null;
    if (sides && sides.size === 1) who = [...sides][0];
    else if (sides && sides.size > 1) who = controller(state, map, hex);
    else who = home;
    if (who !== null && who !== home) next[hex] = who;
  }
  state.control = next;
}
