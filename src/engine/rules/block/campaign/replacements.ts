/**
 * The Replacement Turn (seed 002, 3.1, 3.11, 12.0-12.411, 4.23; notes §1.3
 * M1, §7.1, §7.2). Every month but a game's first (3.11) begins with it:
 * each side receives its Replacement Points (the REPLACEMENTS chart by year,
 * 12.2, less 3 USA / 2 CSA for each of its Supply Sources the enemy controls,
 * 11.33; doubled for the CSA in the turn Emancipation is proclaimed, 4.55)
 * and spends them on steps for units on a valid Supply Line (12.3: rail or
 * naval, supply.ts; Ft. Monroe's units by sea, 12.411)
 * and on cadres: 1cv blocks raised from the pool of unbuilt and eliminated
 * blocks (12.4) in friendly hexes of its Home Territory, up to three in each
 * City and one in each Town or Supply Hex (12.41; Ft. Monroe is neither,
 * 12.411). A cadre takes no steps the turn it is built (12.4). Unspent RPs
 * are lost (12.2). A Draft's free cadres (4.53, draft.ts) are raised here.
 *
 * Simultaneous and sealed (12.1: "a simultaneous Replacement Turn ... so that
 * players cannot pay full attention to their opponent's replacement
 * strategy"; notes §10 D3): each side gives its spending orders one by one,
 * seen only by itself, and ends; once both have ended the two plans are
 * carried out together, the CSA's last (12.1 NOTE: in a conflict the CSA has
 * the last deployment). The opponent then sees only how many new blocks
 * stand in each hex (notes §8.2); which blocks took steps, which types were
 * raised and how many RPs went unspent are told to their owner only. Then
 * the initiative bids open (3.12).
 *
 * The pool (4.23): the spare blocks of the full counter set that the
 * starting orders of battle do not field, counted by unit key (a type, or
 * an HQ's code), plus every eliminated block (hex null, 0cv). A cadre gets a
 * fresh opaque id from a seeded shuffle, so a block the opponent once saw
 * revealed and eliminated is not recognised when it is rebuilt (notes §8.4).
 */
import type { Dice } from '../../../dice';
import { NotYetSupportedError } from '../../../errors';
import { answerSealedRound, sealedRoundFor } from '../../../secrecy';
import {
  REPLACEMENTS,
  blockMaxCv,
  hqByCode,
  hqTypeOf,
  scheduledRps,
  spareBlocks,
  unitType,
  type UnitTypeId,
} from '../data';
import type { BlockMapDocument } from '../map';
import { opaqueIds } from '../opaque-ids';
import { controller } from './control';
import { openBids } from './sequence';
import { suppliedHexes } from './supply';
import type { CampaignMap } from './terrain';
import type {
  CampaignBlock,
  CampaignEvent,
  CampaignOrder,
  CampaignState,
  ReplacementSpend,
  ReplacementTurn,
  Side,
} from './types';
import { SIDES, otherSide } from './types';

/** 11.34, notes A57: Baltimore (a port) is a USA Supply Source of the East besides its supply hexes. */
const PORT_SOURCES: Readonly<Record<string, { location: string; side: Side }[]>> = {
  east: [{ location: 'baltimore', side: 'union' }],
};

/** The pool key of a block: its HQ's code, or its type (non-HQ blocks are generic by type, notes §2.3). */
export const unitKey = (b: Pick<CampaignBlock, 'type' | 'hq'>): string => b.hq?.code ?? b.type;

/** The type of a pool key of a side: an HQ code is that side's HQ type. */
function typeOfKey(state: CampaignState, side: Side, key: string): UnitTypeId {
  return hqByCode(state.theater, side, key) ? hqTypeOf(side) : (key as UnitTypeId);
}

/** 12.4, Unit Costs chart: the RPs of a new cadre. */
export const cadreCost = (type: UnitTypeId): number => unitType(type).replacement.cadre;
/** 12.3, Unit Costs chart: the RPs of one step; null where a unit takes none (Brigades: always 1cv). */
export const stepCost = (type: UnitTypeId): number | null => unitType(type).replacement.step;

/** 4.23, 12.4: a side's pool at the start of a scenario: the spare blocks of its counter set, by unit key. */
export function startingPool(orders: readonly string[], side: Side): Record<string, number> {
  const pool: Record<string, number> = {};
  for (const id of orders) {
    const spare = spareBlocks(id, side);
    if (!spare) throw new NotYetSupportedError('4.23', `${id}: no counter mix for ${side} (A40)`);
    for (const [k, n] of Object.entries(spare.units)) if (n && n > 0) pool[k] = (pool[k] ?? 0) + n;
    for (const code of spare.hqs) pool[code] = (pool[code] ?? 0) + 1;
  }
  return pool;
}

/** A block eliminated (back in the pool, 12.4): off the map at 0cv, unless removed for good (11.82). */
const eliminated = (b: CampaignBlock): boolean => b.hex === null && b.cv === 0 && !b.removed;

/** 12.4: the blocks a side could raise as cadres now, by unit key: spare plus eliminated. */
export function poolCounts(state: CampaignState, side: Side): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, n] of Object.entries(state.pool[side])) if (n > 0) out.set(k, n);
  for (const b of state.blocks)
    if (b.side === side && eliminated(b)) out.set(unitKey(b), (out.get(unitKey(b)) ?? 0) + 1);
  return out;
}

/** A side's Supply Sources on the map (11.31, 11.34): its supply hexes, and Baltimore for the USA (A57). */
export function supplySources(map: BlockMapDocument, side: Side): string[] {
  const hexes = map.supply.filter((s) => s.side === side).map((s) => s.hex);
  for (const p of PORT_SOURCES[map.theater] ?? [])
    if (p.side === side && map.locations[p.location]) hexes.push(map.locations[p.location].hex);
  return [...new Set(hexes)].sort();
}

export interface ReplacementPoints {
  /** The chart's figure for the year (12.2; 1865 and 1866 use 1864's, 4.34). */
  scheduled: number;
  /** 11.33: the side's Supply Sources the enemy controls now. */
  captured: string[];
  /** What the side may spend this Replacement Turn (never below 0). */
  rps: number;
}

/**
 * 12.2, 11.33: a side's RPs this month. Control is what it is at the
 * Replacement Turn (nothing moves in it). The Western modifiers (12.21
 * Trans-Mississippi, 12.22 Kentucky and Missouri) need the Western map.
 */
export function replacementPoints(
  state: CampaignState,
  map: BlockMapDocument,
  side: Side,
): ReplacementPoints {
  if (state.theater !== 'east')
    throw new NotYetSupportedError(
      '12.21',
      'Western replacements (12.21, 12.22) need the West map',
    );
  const year = Number(state.month.slice(0, 4));
  const scheduled = scheduledRps(side, state.theater, year);
  if (scheduled === undefined)
    throw new NotYetSupportedError('4.34', `no RPs charted for ${year} (the game ends by 1866)`);
  const captured = supplySources(map, side).filter(
    (hex) => controller(state, map, hex) === otherSide(side),
  );
  const capture = REPLACEMENTS.modifiers.find((m) => m.id === 'captured-supply-source')!;
  const perSource = capture.appliesTo.find((a) => a.side === side)?.amount ?? 0;
  let rps = Math.max(0, scheduled + perSource * captured.length);
  // 4.55, A58: Emancipation doubles the CSA's RPs that turn, after the other modifiers.
  if (state.replacements?.emancipation) {
    const emancipation = REPLACEMENTS.modifiers.find((m) => m.id === 'emancipation')!;
    rps *= emancipation.appliesTo.find((a) => a.side === side)?.multiplier ?? 1;
  }
  return { scheduled, captured, rps };
}

/**
 * 12.4, 12.41, 12.411: how many new cadres a hex may take: a friendly hex
 * of the side's Home Territory, 3 in a City, 1 in a Town or a Supply Hex
 * (a Town that is a Supply Hex takes one: "one new cadre ... in each
 * friendly Town or Supply Hex"); anything else none (Ft. Monroe is not a
 * town or city, 12.411).
 */
export function cadreRoom(
  state: CampaignState,
  map: BlockMapDocument,
  side: Side,
  hex: string,
): number {
  const h = map.hexes[hex];
  if (!h || h.home !== side || controller(state, map, hex) !== side) return 0;
  const settlement = h.location ? map.locations[h.location]?.settlement : null;
  const supplyHex = map.supply.some((s) => s.hex === hex && s.side === side);
  if (settlement === 'city') return 3;
  return settlement === 'town' || supplyHex ? 1 : 0;
}

/** 12.41: the hexes where a side may raise cadres, with their room, in label order. */
export function cadreSites(
  state: CampaignState,
  map: BlockMapDocument,
  side: Side,
): Array<{ hex: string; room: number }> {
  const out: Array<{ hex: string; room: number }> = [];
  for (const hex of Object.keys(map.hexes).sort()) {
    const room = cadreRoom(state, map, side, hex);
    if (room > 0) out.push({ hex, room });
  }
  return out;
}

/** 4.53: the cadres a Draft gives free: Infantry, Brigade and/or Garrison. */
export const DRAFTABLE: readonly string[] = ['infantry', 'brigade', 'garrison'];

/** What a plan has used so far: RPs (each order's cost), steps per block, cadres per hex and per pool key. */
interface Tally {
  spent: number;
  /** 4.53: free draft cadres still to raise. */
  freeLeft: number;
  steps: Map<string, number>;
  cadres: Map<string, number>;
  drawn: Map<string, number>;
}

function tally(state: CampaignState, side: Side, plan: readonly ReplacementSpend[]): Tally {
  const t: Tally = {
    spent: 0,
    freeLeft: state.replacements?.drafted[side] ?? 0,
    steps: new Map(),
    cadres: new Map(),
    drawn: new Map(),
  };
  for (const s of plan) {
    let cost: number;
    if (s.type === 'replace') {
      const b = state.blocks.find((x) => x.id === s.block)!;
      cost = s.steps * stepCost(b.type)!;
      t.steps.set(b.id, (t.steps.get(b.id) ?? 0) + s.steps);
    } else {
      // 4.53: a drafted cadre is free; the first of its types raised use the draft.
      if (DRAFTABLE.includes(s.unit) && t.freeLeft > 0) {
        cost = 0;
        t.freeLeft -= 1;
      } else cost = cadreCost(typeOfKey(state, side, s.unit));
      t.cadres.set(s.hex, (t.cadres.get(s.hex) ?? 0) + 1);
      t.drawn.set(s.unit, (t.drawn.get(s.unit) ?? 0) + 1);
    }
    t.spent += cost;
  }
  return t;
}

/**
 * 12.2-12.411: every spending order `side` may give now, given what it has
 * ordered so far, then `end-replacements`. The one generator: an order is
 * legal iff it is listed here.
 */
export function replacementOrders(
  state: CampaignState,
  map: CampaignMap,
  side: Side,
): CampaignOrder[] {
  const turn = state.replacements!;
  const t = tally(state, side, turn.plans[side]);
  const left = replacementPoints(state, map.doc, side).rps - t.spent;
  const out: CampaignOrder[] = [];
  // 12.3, 11.4, 11.42: steps only for units on a valid Supply Line, rail or naval.
  const supplied = suppliedHexes(state, map, side);
  for (const b of state.blocks) {
    const cost = stepCost(b.type);
    if (b.side !== side || b.hex === null || cost === null || !supplied.has(b.hex)) continue;
    const room = b.maxCv - b.cv - (t.steps.get(b.id) ?? 0);
    for (let steps = 1; steps <= room && steps * cost <= left; steps++)
      out.push({ type: 'replace', block: b.id, steps });
  }
  const pool = poolCounts(state, side);
  const sites = cadreSites(state, map.doc, side).filter((s) => s.room > (t.cadres.get(s.hex) ?? 0));
  for (const key of [...pool.keys()].sort()) {
    if (pool.get(key)! <= (t.drawn.get(key) ?? 0)) continue;
    const free = DRAFTABLE.includes(key) && t.freeLeft > 0;
    if (!free && cadreCost(typeOfKey(state, side, key)) > left) continue;
    for (const s of sites) out.push({ type: 'muster', unit: key, hex: s.hex });
  }
  out.push({ type: 'end-replacements' });
  return out;
}

/**
 * 12.1, 12.2: the spending begins (after the political choices, which may
 * double the CSA's RPs, 4.55): each side's RPs, public (notes §8.1: they
 * follow from the calendar and control).
 */
export function announceReplacementPoints(
  state: CampaignState,
  map: BlockMapDocument,
  events: CampaignEvent[],
): void {
  const union = replacementPoints(state, map, 'union');
  const confederate = replacementPoints(state, map, 'confederate');
  events.push({
    type: 'replacement-points',
    rps: { union: union.rps, confederate: confederate.rps },
    captured: { union: union.captured, confederate: confederate.captured },
    rule: '12.2',
  });
}

/** Why a spending order is not listed: the case and what it asks for. */
function whyNot(
  state: CampaignState,
  map: CampaignMap,
  side: Side,
  order: ReplacementSpend,
): { code: string; rule: string; message: string } {
  const doc = map.doc;
  const t = tally(state, side, state.replacements!.plans[side]);
  const left = replacementPoints(state, doc, side).rps - t.spent;
  if (order.type === 'replace') {
    const b = state.blocks.find((x) => x.id === order.block && x.side === side);
    if (!b || b.hex === null)
      return {
        code: 'NO_SUCH_UNIT',
        rule: '12.3',
        message: 'steps go to your own units in play (a cadre raised this turn takes none, 12.4)',
      };
    if (stepCost(b.type) === null)
      return { code: 'NO_STEPS', rule: '2.221', message: 'a Brigade is always 1cv' };
    if (!suppliedHexes(state, map, side).has(b.hex))
      return {
        code: 'NO_SUPPLY_LINE',
        rule: '12.3',
        message: `block ${b.id} is on no valid Supply Line (11.4, 11.42): only supplied units take steps`,
      };
    return {
      code: 'ILLEGAL_REPLACEMENT',
      rule: '12.3',
      message: `${order.steps} step(s) would exceed the block's maximum CV or the ${left} RP(s) left (12.2)`,
    };
  }
  if ((poolCounts(state, side).get(order.unit) ?? 0) <= (t.drawn.get(order.unit) ?? 0))
    return {
      code: 'NOT_IN_POOL',
      rule: '12.4',
      message: `no unbuilt or eliminated ${order.unit} block is left in your pool`,
    };
  if (cadreRoom(state, doc, side, order.hex) <= (t.cadres.get(order.hex) ?? 0))
    return {
      code: 'NO_CADRE_SITE',
      rule: '12.41',
      message: `${order.hex} takes no more cadres: a friendly Home Territory hex, 3 in a City, 1 in a Town or Supply Hex (12.4, 12.41, 12.411)`,
    };
  return {
    code: 'NOT_ENOUGH_RPS',
    rule: '12.2',
    message: `a ${order.unit} cadre costs more than the ${left} RP(s) left`,
  };
}

const sameSpend = (a: CampaignOrder, b: ReplacementSpend): boolean =>
  a.type === b.type &&
  (a.type === 'replace'
    ? b.type === 'replace' && a.block === b.block && a.steps === b.steps
    : a.type === 'muster' && b.type === 'muster' && a.unit === b.unit && a.hex === b.hex);

/**
 * 12.3, 12.4: records a spending order in `side`'s sealed plan, or says why
 * it is refused. Only the side sees what it ordered.
 */
export function orderSpend(
  state: CampaignState,
  map: CampaignMap,
  side: Side,
  order: ReplacementSpend,
  events: CampaignEvent[],
): { code: string; rule: string; message: string } | null {
  if (!replacementOrders(state, map, side).some((o) => sameSpend(o, order)))
    return whyNot(state, map, side, order);
  const turn = state.replacements!;
  turn.plans[side] = [...turn.plans[side], order];
  const t = tally(state, side, turn.plans[side]);
  events.push({
    type: 'replacement-ordered',
    side,
    order,
    rpsLeft: replacementPoints(state, map.doc, side).rps - t.spent,
    visibleTo: side,
    rule: order.type === 'replace' ? '12.3' : '12.4',
  });
  return null;
}

/**
 * 12.1: `side` ends its spending (sealed). Once both have, the plans are
 * carried out, the CSA's last (12.1 NOTE), and the initiative bids open.
 */
export function endReplacements(
  state: CampaignState,
  map: BlockMapDocument,
  side: Side,
  dice: Dice,
  events: CampaignEvent[],
): void {
  const turn = state.replacements!;
  const { round, complete } = answerSealedRound(turn.round, side, turn.plans[side]);
  turn.round = round;
  events.push({ type: 'replacements-sealed', side, rule: '12.1' });
  if (complete) carryOut(state, map, dice, events);
}

function carryOut(
  state: CampaignState,
  map: BlockMapDocument,
  dice: Dice,
  events: CampaignEvent[],
): void {
  const turn = state.replacements!;
  const points = {
    union: replacementPoints(state, map, 'union'),
    confederate: replacementPoints(state, map, 'confederate'),
  };
  const plans = turn.round.answers as Record<Side, ReplacementSpend[]>;
  const musters = SIDES.reduce((n, s) => n + plans[s].filter((x) => x.type === 'muster').length, 0);
  const ids = opaqueIds(musters, `r${state.month.replace('-', '')}-`, dice);
  let next = 0;
  // 12.1 NOTE: the CSA has the last deployment.
  for (const side of ['union', 'confederate'] as const) {
    const placed = new Map<string, string[]>();
    const { spent, freeLeft } = tally(state, side, plans[side]);
    for (const s of plans[side]) {
      if (s.type === 'replace') {
        const b = state.blocks.find((x) => x.id === s.block)!;
        b.cv += s.steps;
        events.push({
          type: 'steps-replaced',
          side,
          block: b.id,
          steps: s.steps,
          cv: b.cv,
          visibleTo: side,
          rule: '12.3',
        });
        continue;
      }
      const type = typeOfKey(state, side, s.unit);
      // An eliminated block of that key goes back into play first, else a spare one.
      const old = state.blocks.find(
        (b) => b.side === side && eliminated(b) && unitKey(b) === s.unit,
      );
      if (old) state.blocks = state.blocks.filter((b) => b !== old);
      else state.pool[side][s.unit] -= 1;
      const hq = hqByCode(state.theater, side, s.unit);
      const block: CampaignBlock = {
        id: ids[next++],
        side,
        type,
        name: old?.name ?? null,
        ...(hq ? { hq: { code: hq.code, supreme: hq.role === 'supreme' } } : {}),
        cv: 1,
        maxCv: blockMaxCv(state.theater, side, { type, hq: hq?.code })!,
        hex: s.hex,
        active: false,
        moved: false,
        forceMarch: null,
      };
      state.blocks.push(block);
      placed.set(s.hex, [...(placed.get(s.hex) ?? []), block.id]);
      events.push({
        type: 'cadre-built',
        side,
        block: block.id,
        unit: s.unit,
        hex: s.hex,
        visibleTo: side,
        rule: '12.4',
      });
    }
    // The opponent sees new blocks stand in these hexes, nothing of what they are.
    for (const [hex, blocks] of [...placed].sort(([a], [b]) => (a < b ? -1 : 1)))
      events.push({ type: 'cadres-placed', side, hex, blocks: [...blocks].sort(), rule: '12.41' });
    const unspent = points[side].rps - spent;
    if (unspent > 0)
      events.push({ type: 'rps-lost', side, rps: unspent, visibleTo: side, rule: '12.2' });
    if (freeLeft > 0)
      events.push({
        type: 'draft-cadres-lost',
        side,
        cadres: freeLeft,
        visibleTo: side,
        rule: '4.53',
      });
  }
  state.blocks.sort((a, b) => (a.id < b.id ? -1 : 1));
  state.replacements = null;
  events.push({ type: 'replacements-over', rule: '12.1' });
  openBids(state);
}

/** The Replacement Turn as `reader` may see it: his own plan only; who has ended is public. */
export function replacementTurnFor(turn: ReplacementTurn, reader: Side | null) {
  return {
    stage: turn.stage,
    politics: sealedRoundFor(turn.politics, reader),
    // 4.53, 4.55: the Draft rolls and Emancipation are public (notes §8.1).
    drafted: turn.drafted,
    emancipation: turn.emancipation,
    plans: Object.fromEntries(
      SIDES.filter((s) => s === reader).map((s) => [s, turn.plans[s]]),
    ) as Partial<Record<Side, ReplacementSpend[]>>,
    round: sealedRoundFor(turn.round, reader),
  };
}

/** The pool as `reader` may see it: his own by key; the enemy's as a total only (notes §8.2, A81). */
export function poolFor(state: CampaignState, reader: Side | null) {
  return Object.fromEntries(
    SIDES.map((s) => {
      const counts = poolCounts(state, s);
      return s === reader
        ? [s, Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : 1)))]
        : [s, { total: [...counts.values()].reduce((a, b) => a + b, 0) }];
    }),
  ) as Record<Side, Record<string, number>>;
}
