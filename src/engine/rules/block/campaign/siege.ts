/**
 * Siege (seed 002, 11.8, 11.81, 11.82, 4.511; notes §6.6, A56).
 *
 * - 11.8, A56: a hex, or a group of adjacent hexes a side holds, is
 *   besieged when every playable hex adjacent to it is occupied by enemy
 *   units (hexside types do not matter; off-map and water hexes are not
 *   hexes to occupy) and it has no Naval Supply: none of its hexes is a
 *   friendly port on the side's supply lines (supply-lines.ts: with the
 *   group surrounded, only a naval line can reach it, or a port that is a
 *   source itself). Groups that hold none of the side's units matter only
 *   for Washington (4.511).
 * - 11.8: at the end of each month every unit in a besieged hex, of either
 *   side, loses one step, besides any supply attrition (month-end.ts calls
 *   resolveSieges first, A23).
 * - 11.82: a besieged unit eliminated by attrition is permanently removed
 *   (`removed`): it never returns to the replacement pool. The Supply
 *   Phase's attrition of besieged units counts too (supply.ts).
 * - 11.81, 4.511: Washington besieged at the month end gives the CSA 1 VP
 *   (its occupation by the CSA is month-end.ts's washingtonVp).
 *
 * - 11.82: surrender. In his Movement Phase, before activating or passing,
 *   the active player may surrender his own besieged groups (the enemy must
 *   accept) or demand an enemy group's surrender, once per group a Campaign
 *   Turn; its owner answers (`answer-surrender`). Surrendered units are
 *   eliminated and may be rebuilt normally. (The text allows it "during a
 *   Campaign Turn"; the start of the turn is the one moment offered, so a
 *   demand cannot be repeated within a turn to stall it.)
 *
 * - 11.82: units of a group besieged when the active player activated his
 *   HQs (state.sieges), eliminated in that turn's battles while still in the
 *   group's hexes, are removed for good too.
 *
 * Fog of war: a siege is public (it follows from where blocks stand). A
 * step lost by a hidden block is public as "this block lost a step"; its new
 * CV goes to its owner only (visibleTo).
 */
import { controller, occupants } from './control';
import { supplyNetwork } from './supply-lines';
import type { CampaignMap } from './terrain';
import type { CampaignBlock, CampaignEvent, CampaignState, Side } from './types';
import { SIDES, otherSide } from './types';
import { awardVp } from './victory';

/** 4.511: the location the Siege of Washington VP is about. */
const WASHINGTON = 'washington';

export interface SiegeGroup {
  side: Side;
  hexes: string[];
}

/**
 * 11.8, notes §6.6, A56: the groups of a side's held hexes whose every
 * playable neighbour outside the group is occupied by enemy units, holding
 * that side's units (siege attrition) or Washington (4.511). Naval supply,
 * which lifts a siege, is not looked at here (besiegedGroups does).
 */
export function possibleSieges(state: CampaignState, map: CampaignMap): SiegeGroup[] {
  const occ = occupants(state);
  const washington = map.doc.locations[WASHINGTON]?.hex;
  const out: SiegeGroup[] = [];
  const hexes = Object.keys(map.doc.hexes).filter(map.playable).sort();
  for (const side of SIDES) {
    const enemy = otherSide(side);
    const held = new Set(hexes.filter((h) => controller(state, map.doc, h) === side));
    const seen = new Set<string>();
    for (const start of held) {
      if (seen.has(start)) continue;
      const group: string[] = [];
      const queue = [start];
      seen.add(start);
      while (queue.length > 0) {
        const h = queue.shift()!;
        group.push(h);
        for (const n of map.neighbours(h))
          if (held.has(n) && !seen.has(n)) {
            seen.add(n);
            queue.push(n);
          }
      }
      const inGroup = new Set(group);
      const outside = group.flatMap((h) => map.neighbours(h).filter((n) => !inGroup.has(n)));
      const surrounded =
        outside.length > 0 &&
        outside.every((n) => occ.get(n)?.has(enemy) && occ.get(n)?.size === 1);
      const matters = group.some(
        (h) => occ.get(h)?.has(side) || (side === 'union' && h === washington),
      );
      if (surrounded && matters) out.push({ side, hexes: group.sort() });
    }
  }
  return out;
}

/** 11.8: a group has Naval Supply when one of its hexes is a friendly port on the side's supply lines. */
export function hasNavalSupply(state: CampaignState, map: CampaignMap, g: SiegeGroup): boolean {
  const ports = g.hexes.filter((h) =>
    Object.values(map.doc.locations).some((l) => l.port && l.hex === h),
  );
  if (ports.length === 0) return false;
  const network = new Set(supplyNetwork(state, map, g.side));
  return ports.some((p) => controller(state, map.doc, p) === g.side && network.has(p));
}

/** 11.8: the besieged groups now (surrounded, without Naval Supply). */
export function besiegedGroups(state: CampaignState, map: CampaignMap): SiegeGroup[] {
  return possibleSieges(state, map).filter((g) => !hasNavalSupply(state, map, g));
}

/** 11.8: the hexes of `side` besieged now. */
export function besiegedHexes(state: CampaignState, map: CampaignMap, side: Side): string[] {
  return besiegedGroups(state, map)
    .filter((g) => g.side === side)
    .flatMap((g) => g.hexes)
    .sort();
}

/**
 * 11.6, 11.8, 11.82: one step off a block by attrition; at 1cv it is
 * eliminated, and a besieged one is removed for good. Public: which block,
 * whether it is gone; its new CV to its owner only.
 */
export function attritionStep(
  b: CampaignBlock,
  besieged: boolean,
  type: 'supply-loss' | 'siege-loss',
  rule: string,
  events: CampaignEvent[],
): void {
  const hex = b.hex;
  const eliminated = b.cv <= 1;
  b.cv -= 1;
  if (eliminated) {
    b.hex = null;
    if (besieged) b.removed = true;
  }
  events.push({
    type,
    block: b.id,
    side: b.side,
    hex,
    eliminated,
    ...(eliminated && besieged ? { removed: true } : {}),
    rule: eliminated && besieged ? '11.82' : rule,
  });
  if (!eliminated)
    events.push({ type: `${type}-detail`, visibleTo: b.side, block: b.id, cv: b.cv, rule });
}

/**
 * 11.8, 11.81, 4.511: the siege step of the month end (control as it
 * stands): every unit in a besieged hex loses a step; Washington besieged
 * gives the CSA 1 VP.
 */
export function resolveSieges(
  state: CampaignState,
  map: CampaignMap,
  events: CampaignEvent[],
): void {
  const washington = map.doc.locations[WASHINGTON]?.hex;
  for (const g of besiegedGroups(state, map)) {
    events.push({ type: 'besieged', side: g.side, hexes: g.hexes, rule: '11.8' });
    const inGroup = new Set(g.hexes);
    for (const b of state.blocks)
      if (b.side === g.side && b.hex !== null && inGroup.has(b.hex))
        attritionStep(b, true, 'siege-loss', '11.8', events);
    if (g.side === 'union' && washington !== undefined && inGroup.has(washington))
      awardVp(state, 'confederate', 1, 'siege-of-washington', '11.81', events);
  }
}

/** 11.82: a group by its first hex (how orders name it). */
const groupAt = (groups: SiegeGroup[], hex: string) => groups.find((g) => g.hexes[0] === hex);

/**
 * 11.82: the surrender orders the active player may give now (in his
 * Movement Phase, before activating or passing): surrender his own besieged
 * groups (which the enemy must accept), or demand the surrender of an enemy
 * besieged group, once per group per Campaign Turn (the owner answers).
 */
export function surrenderOptions(
  state: CampaignState,
  map: CampaignMap,
): Array<{ type: 'surrender' | 'demand-surrender'; hex: string }> {
  const active = state.active;
  if (active === null || state.surrender?.pending) return [];
  const groups = besiegedGroups(state, map).filter((g) =>
    state.blocks.some((b) => b.side === g.side && b.hex !== null && g.hexes.includes(b.hex)),
  );
  const demanded =
    state.surrender && state.surrender.turn === state.turn ? state.surrender.demanded : [];
  return groups
    .filter((g) => g.side === active || !demanded.includes(g.hexes[0]))
    .map((g) => ({
      type: g.side === active ? ('surrender' as const) : ('demand-surrender' as const),
      hex: g.hexes[0],
    }));
}

/** 11.82: surrendered units are eliminated, and may be rebuilt normally (not `removed`). */
function surrenderGroup(state: CampaignState, g: SiegeGroup, events: CampaignEvent[]): void {
  const blocks = state.blocks.filter(
    (b) => b.side === g.side && b.hex !== null && g.hexes.includes(b.hex),
  );
  for (const b of blocks) {
    b.hex = null;
    b.cv = 0;
  }
  events.push({
    type: 'surrendered',
    side: g.side,
    hexes: g.hexes,
    blocks: blocks.map((b) => b.id),
    rule: '11.82',
  });
}

/** 11.82: a surrender order listed by surrenderOptions (checked by the caller). */
export function surrenderOrder(
  state: CampaignState,
  map: CampaignMap,
  order: { type: 'surrender' | 'demand-surrender'; hex: string },
  events: CampaignEvent[],
): void {
  const g = groupAt(besiegedGroups(state, map), order.hex)!;
  if (order.type === 'surrender') {
    events.push({ type: 'surrender-offered', side: g.side, hexes: g.hexes, rule: '11.82' });
    surrenderGroup(state, g, events);
    return;
  }
  const demanded =
    state.surrender && state.surrender.turn === state.turn ? state.surrender.demanded : [];
  state.surrender = {
    turn: state.turn,
    demanded: [...demanded, order.hex].sort(),
    pending: g,
  };
  events.push({ type: 'surrender-demanded', side: state.active, hexes: g.hexes, rule: '11.82' });
}

/** 11.82: the besieged owner accepts or declines the demand. */
export function answerSurrender(
  state: CampaignState,
  accept: boolean,
  events: CampaignEvent[],
): void {
  const g = state.surrender!.pending!;
  state.surrender = { ...state.surrender!, pending: null };
  events.push({ type: 'surrender-answered', side: g.side, hexes: g.hexes, accept, rule: '11.82' });
  if (accept) surrenderGroup(state, g, events);
}

/**
 * 11.82: after a battle order, the blocks it eliminated that stood in a hex
 * of their side's group besieged at the turn's activation (`before`: each
 * block's hex before the order) are removed for good. Public: the block is
 * gone either way; that it never returns is the rules' to say.
 */
export function removeBesiegedLosses(
  state: CampaignState,
  before: Map<string, string | null>,
  events: CampaignEvent[],
): void {
  for (const b of state.blocks) {
    const was = before.get(b.id);
    if (b.hex !== null || was === null || was === undefined || b.removed) continue;
    if (state.sieges.some((g) => g.side === b.side && g.hexes.includes(was))) {
      b.removed = true;
      events.push({ type: 'removed', block: b.id, side: b.side, hex: was, rule: '11.82' });
    }
  }
}
