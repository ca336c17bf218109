/**
 * HQs and command (seed 002, 5.1, 5.11, 5.12, 5.121, 5.13, 5.4; notes §4.1,
 * §4.2). The active player activates (reveals) HQs: each active Field HQ
 * commands every friendly unit in its Command Range, counted from where it
 * stands when activated; an active Supreme HQ has no range but grants
 * Strategic Moves equal to its current CV (5.4). After commanding, every
 * active HQ loses one step (an HQ activated at 1cv is eliminated, 5.11),
 * stands upright again and may move itself.
 *
 * Command Range (5.12): USA 1 hex, CSA 2 hexes; the ANV 3 from June 1862 and
 * the AP 2 from March 1864 (5.121, data/hqs.json). It is a path of hex steps
 * that does not enter enemy-occupied hexes and does not cross Mountain
 * hexsides or seasonally impassable ones (Marsh and Gap in Mud); it may cross
 * every river (1.31, 5.12).
 */
import { commandRange, hqByCode } from '../data';
import { occupants } from './control';
import type { CampaignMap } from './terrain';
import { traceable } from './terrain';
import type { CampaignBlock, CampaignEvent, CampaignState, Side } from './types';
import { otherSide } from './types';

/** The HQs a side may activate now: its HQs on the map. */
export function activatableHqs(state: CampaignState, side: Side): CampaignBlock[] {
  return state.blocks.filter((b) => b.side === side && b.hq && b.hex !== null);
}

/** 5.12, 5.121: a Field HQ's Command Range this month; null for a Supreme HQ (5.13). */
export function rangeOf(state: CampaignState, hq: CampaignBlock): number | null {
  const data = hqByCode(state.theater, hq.side, hq.hq!.code);
  return data ? commandRange(data, state.month) : null;
}

/** 5.12: the hexes an HQ at `hex` commands within `range`. */
export function commandZone(
  state: CampaignState,
  map: CampaignMap,
  side: Side,
  hex: string,
  range: number,
): string[] {
  const occ = occupants(state);
  const enemy = otherSide(side);
  const seen = new Map<string, number>([[hex, 0]]);
  let frontier = [hex];
  for (let d = 1; d <= range; d++) {
    const next: string[] = [];
    for (const h of frontier)
      for (const n of map.neighbours(h)) {
        if (seen.has(n)) continue;
        if (!traceable(map, h, n, state.weather)) continue;
        if (occ.get(n)?.has(enemy)) continue;
        seen.set(n, d);
        next.push(n);
      }
    frontier = next;
  }
  return [...seen.keys()].sort();
}

/**
 * 5.11, 5.4, 3.22: activate `hqs` (ids of the active player's HQs, checked by
 * the caller): each is revealed; the Field HQs' zones are fixed now, each
 * Supreme HQ adds its CV in Strategic Moves.
 */
export function activate(
  state: CampaignState,
  map: CampaignMap,
  hqs: string[],
  events: CampaignEvent[],
): void {
  const zone = new Set<string>();
  let sm = 0;
  for (const id of [...hqs].sort()) {
    const hq = state.blocks.find((b) => b.id === id)!;
    hq.active = true;
    const range = rangeOf(state, hq);
    if (hq.hq!.supreme) sm += hq.cv;
    else if (range !== null)
      for (const h of commandZone(state, map, hq.side, hq.hex!, range)) zone.add(h);
    // 5.11 / notes §8.3: an activated HQ is revealed (identity and CV, before reduction).
    events.push({
      type: 'hq-activated',
      block: hq.id,
      hex: hq.hex,
      code: hq.hq!.code,
      cv: hq.cv,
      range,
      strategicMoves: hq.hq!.supreme ? hq.cv : 0,
      rule: hq.hq!.supreme ? '5.4' : '5.11',
    });
  }
  state.zone = [...zone].sort();
  state.commanded = [...hqs].sort();
  state.strategicMoves = sm;
}

/**
 * 5.11: after commanding, each active HQ is reduced one step (eliminated if
 * it was at 1cv) and stands upright; those left may now move.
 */
export function deactivate(state: CampaignState, events: CampaignEvent[]): void {
  for (const hq of state.blocks) {
    if (!hq.active) continue;
    hq.active = false;
    if (hq.cv <= 1) {
      hq.hex = null;
      hq.cv = 0;
      events.push({ type: 'hq-eliminated', block: hq.id, rule: '5.11' });
    } else {
      hq.cv -= 1;
      // The step is paid in the open (the HQ was revealed): its new CV is public.
      events.push({ type: 'hq-reduced', block: hq.id, cv: hq.cv, rule: '5.11' });
    }
  }
}
