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
 *   The text's supply example has CSA Yorktown alone close West Point; on
 *   the reconstructed geometry Ft. Monroe's waters reach the York without
 *   passing Yorktown's hexsides, so it takes Ft. Monroe too (supply.spec.ts).
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
import { forageLimit } from '../data';
import type { BlockMapDocument } from '../map';
import { commandZone, rangeOf } from './command';
import { controller, occupants, updateControl } from './control';
import { blockedNodes, navalGraph, reach, usableFor } from './naval';
import { railFriendly, railGraph } from './rail';
import { endCampaignTurn } from './sequence';
import type { CampaignMap } from './terrain';
import { traceable } from './terrain';
import type { CampaignBlock, CampaignEvent, CampaignState, Side } from './types';

/** 11.34: ports that are Supply Sources by themselves (map location ids), by theater and side. */
const PORT_SOURCES: Readonly<Record<string, Partial<Record<Side, readonly string[]>>>> = {
  east: { union: ['baltimore'] },
};

/** 11.3, 11.34: the side's Supply Sources now (sorted). */
export function supplySources(state: CampaignState, doc: BlockMapDocument, side: Side): string[] {
  const out = new Set<string>();
  for (const s of doc.supply) {
    // 11.3: in the side's Home Territory and friendly to it (8.1).
    if (doc.hexes[s.hex]?.home === side && controller(state, doc, s.hex) === side) out.add(s.hex);
  }
  for (const id of PORT_SOURCES[doc.theater]?.[side] ?? []) {
    const hex = doc.locations[id]?.hex;
    if (hex !== undefined && controller(state, doc, hex) === side) out.add(hex);
  }
  return [...out].sort();
}

/** 11.41, 9.1, 11.411: may `side` trace a supply line through `hex`? */
function lineHex(state: CampaignState, doc: BlockMapDocument, side: Side, hex: string): boolean {
  return railFriendly(state, doc, side, hex);
}

/**
 * 11.4, 11.41, 11.411: the hexes on a supply line of `side` traced from
 * `from` (its sources), along rail it controls and, for the CSA, the Valley
 * Turnpike. Sorted.
 */
export function supplyLine(
  state: CampaignState,
  map: CampaignMap,
  side: Side,
  from: readonly string[],
): string[] {
  const doc = map.doc;
  const graph = railGraph(doc);
  const seen = new Set<string>(from);
  const queue = [...from].sort();
  const pike = side === 'confederate' ? doc.turnpike.hexes : [];
  while (queue.length > 0) {
    const h = queue.shift()!;
    const next: string[] = [];
    for (const e of graph.get(h) ?? []) {
      if (e.from !== undefined && e.from > state.month) continue; // 9.611
      next.push(e.to);
    }
    // 11.411, 1.7: the CSA traces along the Turnpike as along a railroad.
    const i = pike.indexOf(h);
    if (i >= 0) next.push(...[pike[i - 1], pike[i + 1]].filter((x) => x !== undefined));
    for (const n of next) {
      if (seen.has(n) || !lineHex(state, doc, side, n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return [...seen].sort();
}

/** 11.4: the hexes supplied by a line: on it or adjacent across a traceable hexside (11.4 NOTE). */
function suppliedBy(state: CampaignState, map: CampaignMap, line: readonly string[]): Set<string> {
  const out = new Set<string>(line);
  for (const h of line)
    for (const n of map.neighbours(h)) if (traceable(map, h, n, state.weather)) out.add(n);
  return out;
}

/**
 * 11.4, 11.41, 11.42, 11.421: the hexes on `side`'s supply lines now, rail
 * and naval linked (sorted). A naval supply line runs between friendly
 * ports without passing an enemy-controlled port, on the waters the naval
 * geometry gives (naval.ts: the CSA only on the James and Appomattox, while
 * it holds Norfolk, notes §6.3); it joins the rail lines at ports on them,
 * and a port it reaches becomes a point of the line (11.34: Ft. Monroe, a
 * port without rail, is a source through a naval line to Baltimore).
 */
export function supplyNetwork(state: CampaignState, map: CampaignMap, side: Side): string[] {
  const doc = map.doc;
  let line = supplyLine(state, map, side, supplySources(state, doc, side));
  // 11.422: the Western rivers need the Western map (not built).
  if (doc.theater !== 'east') return line;
  const g = navalGraph(map);
  const usable = usableFor(state, map, g, side);
  if (!usable) return line;
  const blocked = blockedNodes(state, map, g, side, occupants(state), null);
  const friendly = [...g.ports].filter((p) => controller(state, doc, p) === side).sort();
  const sailed = new Set<string>();
  for (;;) {
    const on = new Set(line);
    const from = friendly.filter((p) => on.has(p) && !sailed.has(p));
    if (from.length === 0) return line;
    const reached = new Set<string>();
    for (const p of from) {
      sailed.add(p);
      for (const n of reach(g, p, blocked, usable)) reached.add(n);
    }
    const landed = friendly.filter((p) => !on.has(p) && g.access(p).some((n) => reached.has(n)));
    if (landed.length === 0) return line;
    line = supplyLine(state, map, side, [...line, ...landed]);
  }
}

/** 11.4: every hex supplied to `side` now: on or beside its supply lines. */
export function suppliedHexes(state: CampaignState, map: CampaignMap, side: Side): Set<string> {
  return suppliedBy(state, map, supplyNetwork(state, map, side));
}

const LOCATION_AT = new WeakMap<BlockMapDocument, Map<string, string>>();
/** The hex -> location id index of a map. */
function locationAt(doc: BlockMapDocument): Map<string, string> {
  let m = LOCATION_AT.get(doc);
  if (!m) {
    m = new Map();
    for (const id of Object.keys(doc.locations).sort()) m.set(doc.locations[id].hex, id);
    LOCATION_AT.set(doc, m);
  }
  return m;
}

/** 11.2: how many units an unsupplied hex holds in this weather. */
export function forageCapacity(state: CampaignState, doc: BlockMapDocument, hex: string): number {
  const h = doc.hexes[hex];
  const loc = doc.locations[locationAt(doc).get(hex) ?? ''];
  const settlement =
    loc?.settlement === 'city' || loc?.settlement === 'town' ? loc.settlement : null;
  // Units stand only on land (terrain.ts playable): water holds none.
  if (!h || h.terrain === 'water') return 0;
  return forageLimit(h.terrain, settlement, state.weather) ?? 0;
}

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

/** 11.6: one step off a block; a 1cv block is eliminated. Its new CV is for its owner only. */
function loseStep(b: CampaignBlock, events: CampaignEvent[]): void {
  const hex = b.hex;
  const eliminated = b.cv <= 1;
  b.cv -= 1;
  if (eliminated) b.hex = null;
  events.push({ type: 'supply-loss', block: b.id, side: b.side, hex, eliminated, rule: '11.6' });
  if (!eliminated)
    events.push({
      type: 'supply-loss-detail',
      visibleTo: b.side,
      block: b.id,
      cv: b.cv,
      rule: '11.6',
    });
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
  loseStep(block, events);
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
    for (const b of forced) loseStep(b, events);
    if (picks === tied.length) for (const b of tied) loseStep(b, events);
    else step.choice = { hex, candidates: tied.map((b) => b.id), picks };
  }
  if (step.choice) return;
  const passed = state.phase.name === 'supply' && state.phase.passed;
  state.supply = null;
  endCampaignTurn(state, passed, dice, events);
}
