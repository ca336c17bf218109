/**
 * The Supply Phase (seed 002, 3.24, 3.4, 11.1-11.7, 1.6, 1.7, 9.1; notes
 * §6.1-6.5). The last phase of every Campaign Turn, Pass turns
 * included: the active player's units only are checked, and those in excess
 * of an unsupplied hex's capacity lose a step at once.
 *
 * - 11.3, 1.6: a side's Supply Sources are the map's supply hexes that lie in
 *   its Home Territory and are friendly to it at the start of the phase (8.1);
 *   a captured one is no source for the captor. 11.34: Baltimore (port) is a
 *   USA source as well.
 * - 11.4, 11.41, 9.1: a supply line is a chain of rail hexes the side
 *   controls, linked to a source: the CSA never along Northern lines, the USA
 *   along CSA lines only where it occupies every rail hex (a vacant CSA hex is
 *   the CSA's, 8.1). Gauge does not matter for supply (notes §6.3). 9.611:
 *   the Washington-Alexandria link only from the month it exists. 11.411,
 *   1.7: for the CSA only, the Valley Turnpike counts as rail.
 * - 11.4: a hex is supplied when it is on, or adjacent to, a supply line or
 *   source; the adjacency is not traced across a Mountain hexside nor a
 *   seasonally impassable one (Marsh and Gap in Mud), but is across Major
 *   rivers (11.4 NOTE, 1.31: terrain.ts traceable).
 * - 11.2, 11.5: a supplied hex holds any number of units; an unsupplied one
 *   its Forage Limit: Clear 4/2, Forest 2/1 (Dry/Mud), City +2, Town +1 (not
 *   reduced by Mud).
 * - 11.6, 3.24: all units count, HQs included; the units in excess lose one
 *   step each, the largest first, the owner choosing among ties (a
 *   `supply-loss` order per block, listed by campaignLegalOrders); a 1cv unit
 *   so reduced is eliminated.
 * - 11.7: before the losses the player may reveal any of his Field HQs (even
 *   one activated this turn) and reduce it one step (at 1cv it is
 *   eliminated) to cancel the attrition of every hex within its Command
 *   Range, traced as for command (5.12). `hq-supply` names such an HQ;
 *   `take-attrition` takes the losses as they stand. Only HQs whose range
 *   holds a hex with attrition are offered: elsewhere the step would buy
 *   nothing.
 * - 11.42, 11.421: naval supply lines link friendly ports, never passing an
 *   enemy-controlled port (naval.ts's geometry and its RESOLUTION on what
 *   passing a port is), and join the rail lines at ports (supplyNetwork).
 *   The text's supply example holds (supply.spec.ts): Yorktown lost, or
 *   left vacant, cuts West Point and the York River railroad behind it.
 *
 * Not here: the Western theater (11.32, 11.422: its map is not built); 11.8
 * siege is a month-end step.
 *
 * Fog of war: the supply check is public (it follows from control, the rails
 * and how many blocks stand in each hex). A step lost by a hidden block is
 * public as "this block lost a step" (or was eliminated); its new CV goes to
 * its owner only (visibleTo), as the battle engine reports hits. The HQ
 * giving supply is revealed (11.7): its identity and CV are public.
 */
import type { Dice } from '../../../dice';
import { commandZone, rangeOf } from './command';
import { updateControl } from './control';
import { endCampaignTurn } from './sequence';
import { attritionStep, besiegedHexes } from './siege';
import { forageCapacity, suppliedHexes, supplySources } from './supply-lines';
import type { CampaignMap } from './terrain';
import type { CampaignBlock, CampaignEvent, CampaignState, Side } from './types';

export {
  forageCapacity,
  suppliedHexes,
  supplyLine,
  supplyNetwork,
  supplySources,
} from './supply-lines';

/** 11.6: the active side's hexes whose units exceed their capacity, with how many are over. */
function overCapacity(
  state: CampaignState,
  map: CampaignMap,
  side: Side,
  supplied: Set<string>,
): Array<{ hex: string; units: number; capacity: number }> {
  const count = new Map<string, number>();
  for (const b of state.blocks)
    if (b.side === side && b.hex !== null) count.set(b.hex, (count.get(b.hex) ?? 0) + 1);
  const out: Array<{ hex: string; units: number; capacity: number }> = [];
  for (const hex of [...count.keys()].sort()) {
    if (supplied.has(hex)) continue;
    const capacity = forageCapacity(state, map.doc, hex);
    const units = count.get(hex)!;
    if (units > capacity) out.push({ hex, units, capacity });
  }
  return out;
}

/**
 * 3.24, 11.1, 3.4: the active player's Supply Phase begins (after Combat, or
 * after a Pass): control is evaluated (8.1), his units' supply checked, and
 * the phase runs on as far as it can without a choice.
 */
export function beginSupplyPhase(
  state: CampaignState,
  map: CampaignMap,
  passed: boolean,
  dice: Dice,
  events: CampaignEvent[],
): void {
  updateControl(state, map.doc);
  state.phase = { name: 'supply', passed };
  const side = state.active!;
  const supplied = suppliedHexes(state, map, side);
  const over = overCapacity(state, map, side, supplied);
  const occupied = [
    ...new Set(state.blocks.filter((b) => b.side === side && b.hex !== null).map((b) => b.hex!)),
  ].sort();
  events.push({
    type: 'supply-check',
    side,
    sources: supplySources(state, map.doc, side),
    unsupplied: occupied.filter((h) => !supplied.has(h)),
    overCapacity: over,
    rule: '11.1',
  });
  state.supply = {
    attrition: over.map((o) => ({ hex: o.hex, losses: o.units - o.capacity })),
    stage: 'hq',
    hqSupplied: [],
    choice: null,
    besieged: besiegedHexes(state, map, side),
  };
  continueSupply(state, map, dice, events);
}

/** 11.7: the HQs that may give supply now: the active side's Field HQs whose range holds a hex with attrition. */
export function hqSupplyOptions(state: CampaignState, map: CampaignMap): CampaignBlock[] {
  const step = state.supply;
  if (state.phase.name !== 'supply' || !step || step.stage !== 'hq') return [];
  const hexes = new Set(step.attrition.map((a) => a.hex));
  return state.blocks.filter((b) => {
    if (b.side !== state.active || !b.hq || b.hex === null || b.hq.supreme) return false;
    if (step.hqSupplied.includes(b.id)) return false;
    const range = rangeOf(state, b);
    return range !== null && zoneOf(state, map, b, range).some((h) => hexes.has(h));
  });
}

function zoneOf(
  state: CampaignState,
  map: CampaignMap,
  hq: CampaignBlock,
  range: number,
): string[] {
  return commandZone(state, map, hq.side, hq.hex!, range);
}

/** 11.7: `hq` (one of hqSupplyOptions) reveals itself and loses a step; attrition within its range is cancelled. */
export function giveHqSupply(
  state: CampaignState,
  map: CampaignMap,
  hq: CampaignBlock,
  dice: Dice,
  events: CampaignEvent[],
): void {
  const step = state.supply!;
  const range = rangeOf(state, hq)!;
  const zone = new Set(zoneOf(state, map, hq, range));
  const hex = hq.hex;
  const revealedCv = hq.cv;
  const cancelled = step.attrition.filter((a) => zone.has(a.hex)).map((a) => a.hex);
  step.attrition = step.attrition.filter((a) => !zone.has(a.hex));
  step.hqSupplied = [...step.hqSupplied, hq.id].sort();
  const eliminated = hq.cv <= 1;
  hq.cv -= 1;
  if (eliminated) hq.hex = null;
  // The HQ is revealed (11.7): its identity and CV are public.
  events.push({
    type: 'hq-supply',
    block: hq.id,
    hex,
    code: hq.hq!.code,
    cv: revealedCv,
    range,
    cancelled,
    eliminated,
    rule: '11.7',
  });
  continueSupply(state, map, dice, events);
}

/** 11.7: the player gives no (more) HQ Supply: the losses are taken. */
export function takeAttrition(
  state: CampaignState,
  map: CampaignMap,
  dice: Dice,
  events: CampaignEvent[],
): void {
  state.supply!.stage = 'losses';
  continueSupply(state, map, dice, events);
}

/** 11.6, 11.82: one step off a block (siege.ts attritionStep: a besieged one eliminated is removed for good). */
function loseStep(state: CampaignState, b: CampaignBlock, events: CampaignEvent[]): void {
  attritionStep(b, state.supply!.besieged.includes(b.hex!), 'supply-loss', '11.6', events);
}

/** 11.6, 3.24: the owner's pick among the tied blocks (one of choice.candidates). */
export function chooseSupplyLoss(
  state: CampaignState,
  map: CampaignMap,
  block: CampaignBlock,
  dice: Dice,
  events: CampaignEvent[],
): void {
  const choice = state.supply!.choice!;
  loseStep(state, block, events);
  const candidates = choice.candidates.filter((id) => id !== block.id);
  const picks = choice.picks - 1;
  state.supply!.choice = picks > 0 ? { ...choice, candidates, picks } : null;
  continueSupply(state, map, dice, events);
}

/**
 * Runs the phase on until a choice is needed: HQ Supply while an HQ could
 * give it, then each hex's losses (the largest units first; a tie across the
 * cut is the owner's choice), then the turn ends (3.2, 3.4).
 */
function continueSupply(
  state: CampaignState,
  map: CampaignMap,
  dice: Dice,
  events: CampaignEvent[],
): void {
  const step = state.supply!;
  if (step.stage === 'hq') {
    if (step.attrition.length > 0 && hqSupplyOptions(state, map).length > 0) return;
    step.stage = 'losses';
  }
  while (!step.choice && step.attrition.length > 0) {
    const { hex, losses } = step.attrition[0];
    step.attrition = step.attrition.slice(1);
    const here = state.blocks
      .filter((b) => b.side === state.active && b.hex === hex)
      .sort((a, b) => b.cv - a.cv || (a.id < b.id ? -1 : 1));
    const cut = here[losses - 1].cv;
    const forced = here.filter((b) => b.cv > cut);
    const tied = here.filter((b) => b.cv === cut);
    const picks = losses - forced.length;
    for (const b of forced) loseStep(state, b, events);
    if (picks === tied.length) for (const b of tied) loseStep(state, b, events);
    else step.choice = { hex, candidates: tied.map((b) => b.id), picks };
  }
  if (step.choice) return;
  const passed = state.phase.name === 'supply' && state.phase.passed;
  state.supply = null;
  endCampaignTurn(state, passed, dice, events);
}
