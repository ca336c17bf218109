/**
 * Free deployment (seed 002, 4.25; notes §7.9, §10 D4): "Deploy as per
 * Historical Game. Transfer any units between the deployed locations as
 * desired, but always maintain units at their current strength and always
 * keep the same total number of units at each location." So each side
 * permutes its own blocks among its own historical locations (4.24), every
 * block keeping its type and strength, every location its number of units.
 *
 * It is sealed and simultaneous (§10 D4): each side gives `place` orders
 * (one block to one of its locations) in any number, seen only by itself,
 * then `end-deployment`, listed only while every location holds its
 * historical count. When both have ended, the placements are carried out
 * together: the blocks stand at their new hexes, public as every block's
 * hex is (notes §8.1), hidden as every upright block is (§8.2). The blocks
 * are then given fresh opaque ids (§8.4.1): the ids were seen at the
 * historical locations, whose contents the OB makes public, so keeping them
 * would tell the opponent where each historical location's blocks went.
 * The first month then begins as after historical deployment (3.11).
 */
import type { Dice } from '../../../dice';
import { answerSealedRound, openSealedRound, sealedRoundFor } from '../../../secrecy';
import { opaqueIds } from '../opaque-ids';
import { updateControl } from './control';
import { beginMonth } from './sequence';
import type { CampaignMap } from './terrain';
import type {
  CampaignEvent,
  CampaignOrder,
  CampaignRefusal,
  CampaignState,
  FreeDeployment,
  Side,
} from './types';
import { SIDES } from './types';
import { victoryAtStart } from './victory';

/** 4.23: how the scenario's orders of battle are deployed (the option a new game takes). */
export const CAMPAIGN_DEPLOYMENTS = ['historical', 'free'] as const;
export type CampaignDeployment = (typeof CAMPAIGN_DEPLOYMENTS)[number];

/** Each side's units per hex, as the blocks stand now. */
function countsByHex(state: CampaignState, side: Side): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const b of state.blocks)
    if (b.side === side && b.hex !== null) counts[b.hex] = (counts[b.hex] ?? 0) + 1;
  return counts;
}

/**
 * 4.25: opens the free deployment on a state whose blocks stand at their
 * historical locations (4.24): each side's locations and counts are fixed
 * from them, and each plan starts as the historical deployment.
 */
export function openFreeDeployment(state: CampaignState): void {
  const plan = (side: Side) =>
    Object.fromEntries(
      state.blocks.filter((b) => b.side === side && b.hex !== null).map((b) => [b.id, b.hex!]),
    );
  state.phase = { name: 'deployment' };
  state.deployment = {
    locations: {
      union: countsByHex(state, 'union'),
      confederate: countsByHex(state, 'confederate'),
    },
    plans: { union: plan('union'), confederate: plan('confederate') },
    round: openSealedRound<Record<string, string>>('free-deployment', '4.25', SIDES),
  };
}

/** 4.25: true while every one of the side's locations holds its historical number of units. */
export function deploymentBalanced(dep: FreeDeployment, side: Side): boolean {
  const planned: Record<string, number> = {};
  for (const hex of Object.values(dep.plans[side])) planned[hex] = (planned[hex] ?? 0) + 1;
  const want = dep.locations[side];
  const hexes = new Set([...Object.keys(planned), ...Object.keys(want)]);
  return [...hexes].every((h) => (planned[h] ?? 0) === (want[h] ?? 0));
}

/**
 * 4.25: the orders `seat` may give: each of its blocks to each other one of
 * its locations (blocks by id, hexes sorted), and `end-deployment` once
 * every location holds its number of units.
 */
export function deploymentOrders(state: CampaignState, seat: Side): CampaignOrder[] {
  const dep = state.deployment!;
  const plan = dep.plans[seat];
  const hexes = Object.keys(dep.locations[seat]).sort();
  const out: CampaignOrder[] = [];
  for (const block of Object.keys(plan).sort())
    for (const hex of hexes) if (hex !== plan[block]) out.push({ type: 'place', block, hex });
  if (deploymentBalanced(dep, seat)) out.push({ type: 'end-deployment' });
  return out;
}

/** 4.25: puts one of `seat`'s blocks at one of its locations, in its sealed plan; a refusal or null. */
export function placeBlock(
  state: CampaignState,
  seat: Side,
  order: { block: string; hex: string },
  events: CampaignEvent[],
): CampaignRefusal | null {
  const dep = state.deployment!;
  const plan = dep.plans[seat];
  // The enemy's blocks are refused as unknown ones are: the refusal says nothing of them.
  if (!(order.block in plan))
    return {
      code: 'ILLEGAL_PLACEMENT',
      rule: '4.25',
      message: `${order.block} is not one of your blocks`,
    };
  if (!(order.hex in dep.locations[seat]) || plan[order.block] === order.hex)
    return {
      code: 'ILLEGAL_PLACEMENT',
      rule: '4.25',
      message: `${order.block} may go to another of your historical locations only (${Object.keys(dep.locations[seat]).sort().join(', ')})`,
    };
  const from = plan[order.block];
  dep.plans[seat] = { ...plan, [order.block]: order.hex };
  events.push({
    type: 'placed',
    block: order.block,
    from,
    hex: order.hex,
    rule: '4.25',
    visibleTo: seat,
  });
  return null;
}

/**
 * 4.25, §10 D4: `seat` ends its deployment (its plan sealed as it stands).
 * Once both have, the plans are carried out together, the blocks get fresh
 * opaque ids, and the first month begins (3.11).
 */
export function endDeployment(
  state: CampaignState,
  map: CampaignMap,
  seat: Side,
  dice: Dice,
  events: CampaignEvent[],
): CampaignRefusal | null {
  const dep = state.deployment!;
  if (!deploymentBalanced(dep, seat))
    return {
      code: 'UNBALANCED_DEPLOYMENT',
      rule: '4.25',
      message:
        'always keep the same total number of units at each location: place blocks until every one of your locations holds its historical number',
    };
  const { round, complete } = answerSealedRound(dep.round, seat, dep.plans[seat]);
  dep.round = round;
  events.push({ type: 'deployment-sealed', side: seat, rule: '4.25' });
  if (!complete) return null;
  const hexOf = (id: string, side: Side) => round.answers[side]![id];
  for (const b of state.blocks) if (b.hex !== null) b.hex = hexOf(b.id, b.side);
  // §8.4.1: fresh ids, so an id seen at a historical location says nothing of where its block went.
  const ids = opaqueIds(state.blocks.length, 'k', dice);
  state.blocks = state.blocks
    .map((b, i) => ({ ...b, id: ids[i] }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  state.deployment = null;
  updateControl(state, map.doc);
  state.victory = victoryAtStart(state.victory.values, map.doc, state.control);
  events.push({
    type: 'deployed',
    rule: '4.25',
    scenario: state.scenario,
    month: state.month,
    blocks: state.blocks.length,
  });
  beginMonth(state, events);
  return null;
}

/** The free deployment as `reader` may see it: the locations (the OB's), its own plan only, who has ended. */
export function deploymentFor(dep: FreeDeployment, reader: Side | null) {
  return {
    locations: dep.locations,
    plans: Object.fromEntries(SIDES.filter((s) => s === reader).map((s) => [s, dep.plans[s]])),
    round: sealedRoundFor(dep.round, reader),
  };
}
