/**
 * The campaign engine's face (seed 002, 3.x, 5.x): who must act, the one
 * legal-order generator and applyOrder. An order legalOrders lists is
 * accepted unchanged; one it does not list is refused, naming the case.
 * Pure and deterministic: dice come from the Dice passed in; no state is
 * changed in place (applyOrder works on a clone).
 *
 * Orders: `bid` (3.12, sealed), `activate` a set of HQs or `pass` (3.22,
 * 3.4), `move` (5.3: a block, where it ends, the hex it enters that from,
 * whether it force-marches), the Strategic Moves `rail` (9.2), `river-crossing`
 * (10.6), `naval` and `naval-invasion` (10.3, 10.4: naval.ts), `end-moves`
 * (ends the units' moves, then the HQs' own moves, 5.11). After the HQs' moves the Force Marches are rolled
 * (5.321), control is re-evaluated (8.1) and the Combat Phase begins with
 * the battles the moves made (6.1), fought on the battle board with the
 * battle engine's orders wrapped as `battle` (combat.ts), or the Supply
 * Phase if there are none.
 *
 * A game with free deployment (4.25, deployment.ts) opens with both sides,
 * sealed, giving `place` (a block to another of their historical locations)
 * and `end-deployment`.
 *
 * In the Replacement Turn (12.1) both sides, sealed, first give `politics`
 * (a Draft, Emancipation: 4.53, 4.55, draft.ts), then `replace` (12.3),
 * `muster` (12.4) and `end-replacements` (replacements.ts).
 *
 * The Supply Phase (supply.ts) follows the Combat Phase or a Pass: `hq-supply`
 * (11.7), `take-attrition`, `supply-loss` (11.6, the owner's pick among tied
 * largest units); at its end the turn goes to the other player (3.2, 3.4).
 *
 * When an order ends the month, the month end follows at once (month-end.ts:
 * siege (siege.ts), VPs, Victory Check, the next month or the result).
 *
 * Battles within two hexes of one another are fought on the shared battle
 * clock (battle-clock.ts, A34). Where the rules this engine does not
 * implement yet begin, the game stops: campaignBlocked names the cases and every order is refused
 * NOT_YET_SUPPORTED. The games of the campaign system stay refused as a
 * whole until all of it exists (block-campaign-system.ts CAMPAIGN_GAPS).
 */
import type { Dice } from '../../../dice';
import { NotYetSupportedError } from '../../../errors';
import { stillToAnswer } from '../../../secrecy';
import { battleLegalOrders, battleMustAct } from '../battle';
import { pendingBattles } from './battles';
import { battleChooser, chooseBattle, startSharedClock } from './battle-clock';
import { battleOrder, battlesInteract, startBattle } from './combat';
import { activatableHqs, activate, deactivate } from './command';
import { occupants, updateControl } from './control';
import { resolveForceMarches } from './force-march';
import { resolveMonthEnd } from './month-end';
import { makeMove, moveOptions, type MoveOption } from './movement';
import { navalInvasions, navalMoves } from './naval';
import { railOptions } from './rail';
import { answerPolitics, politicsOrders } from './draft';
import { deploymentOrders, endDeployment, placeBlock } from './deployment';
import {
  announceReplacementPoints,
  endReplacements,
  orderSpend,
  replacementOrders,
} from './replacements';
import { riverCrossings } from './river';
import {
  answerSurrender,
  besiegedGroups,
  removeBesiegedLosses,
  surrenderOptions,
  surrenderOrder,
} from './siege';
import {
  beginSupplyPhase,
  chooseSupplyLoss,
  giveHqSupply,
  hqSupplyOptions,
  takeAttrition,
} from './supply';
import { answerBid, legalBids } from './sequence';
import type { CampaignMap } from './terrain';
import type {
  CampaignApplyResult,
  CampaignBlock,
  CampaignEvent,
  CampaignOrder,
  CampaignState,
  Side,
} from './types';
import { SIDES } from './types';

export interface CampaignMustAct {
  seats: Side[];
  kind: string;
  simultaneous?: boolean;
}

/** Where the game stops because the rules that come next are not implemented yet. */
export function campaignBlocked(state: CampaignState): { rule: string; what: string } | null {
  switch (state.phase.name) {
    case 'combat':
      return state.battle
        ? null
        : {
            rule: '6.1',
            what: 'a battle the battle engine cannot set up yet',
          };
    case 'month-end':
      // Resolved as the month ends (month-end.ts); it stays only where a rule not yet implemented holds.
      return state.phase.stopped ?? null;
    default:
      return null;
  }
}

export function campaignMustAct(state: CampaignState): CampaignMustAct | null {
  const p = state.phase;
  if (p.name === 'deployment' && state.deployment)
    return {
      seats: stillToAnswer(state.deployment.round),
      kind: 'free-deployment',
      simultaneous: true,
    };
  if (p.name === 'initiative' && state.bids)
    return { seats: stillToAnswer(state.bids), kind: 'initiative-bid', simultaneous: true };
  if (p.name === 'replacements' && state.replacements) {
    const politics = state.replacements.stage === 'politics';
    return {
      seats: stillToAnswer(politics ? state.replacements.politics : state.replacements.round),
      kind: politics ? 'replacement-politics' : 'replacements',
      simultaneous: true,
    };
  }
  // 11.82: a demanded surrender waits on the besieged owner's answer.
  if (p.name === 'movement' && state.surrender?.pending)
    return { seats: [state.surrender.pending.side], kind: 'surrender-answer' };
  if (p.name === 'movement') return { seats: [state.active!], kind: `movement-${p.step}` };
  if (p.name === 'combat' && state.clock?.choosing)
    return { seats: [battleChooser(state)], kind: 'battle-first' };
  if (p.name === 'combat' && state.battle) {
    const act = battleMustAct(state.battle.state);
    return act && { seats: act.seats, kind: `battle-${act.kind}` };
  }
  if (p.name === 'supply' && state.supply)
    return { seats: [state.active!], kind: state.supply.choice ? 'supply-loss' : 'supply-hq' };
  return null;
}

/** 3.12: the winner's first Campaign Turn must activate exactly his bid. */
function bindingBid(state: CampaignState, seat: Side): number | null {
  return state.initiative?.winner === seat ? state.initiative.binding : null;
}

/** Who may move now, and by what authority (5.11 command, 5.4 Strategic Move, 5.11 an HQ after commanding). */
function movers(state: CampaignState, seat: Side): Array<{ b: CampaignBlock; sm: boolean }> {
  const p = state.phase;
  if (p.name !== 'movement') return [];
  const out: Array<{ b: CampaignBlock; sm: boolean }> = [];
  for (const b of state.blocks) {
    if (b.side !== seat || b.hex === null || b.moved) continue;
    if (p.step === 'hq-moves') {
      if (state.commanded.includes(b.id)) out.push({ b, sm: false });
    } else if (p.step === 'command' && !b.active) {
      // A16: an active HQ moves only after commanding. In command first; else a Strategic Land Move.
      if (state.zone.includes(b.hex)) out.push({ b, sm: false });
      else if (state.strategicMoves > 0) out.push({ b, sm: true });
    }
  }
  return out;
}

function subsets<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++)
    out.push(items.filter((_, i) => mask & (1 << i)));
  return out;
}

/** Every order `seat` may give now. */
export function campaignLegalOrders(
  state: CampaignState,
  map: CampaignMap,
  seat: Side,
): CampaignOrder[] {
  const act = campaignMustAct(state);
  if (!act || !act.seats.includes(seat)) return [];
  const p = state.phase;
  if (p.name === 'deployment') return deploymentOrders(state, seat);
  if (p.name === 'initiative') return legalBids(state, seat).map((hqs) => ({ type: 'bid', hqs }));
  if (p.name === 'replacements')
    return state.replacements!.stage === 'politics'
      ? politicsOrders(state, seat)
      : replacementOrders(state, map, seat);
  if (p.name === 'combat' && state.clock?.choosing)
    return state.clock.choosing.map((hex) => ({ type: 'battle-first', hex }));
  if (p.name === 'combat')
    return battleLegalOrders(state.battle!.state, seat).map((order) => ({ type: 'battle', order }));
  if (p.name === 'supply') {
    const step = state.supply!;
    if (step.choice) return step.choice.candidates.map((block) => ({ type: 'supply-loss', block }));
    return [
      ...hqSupplyOptions(state, map).map((b): CampaignOrder => ({ type: 'hq-supply', hq: b.id })),
      { type: 'take-attrition' },
    ];
  }
  if (p.name !== 'movement') return [];
  if (state.surrender?.pending)
    return [
      { type: 'answer-surrender', accept: true },
      { type: 'answer-surrender', accept: false },
    ];
  if (p.step === 'activate') {
    const hqs = activatableHqs(state, seat).map((b) => b.id);
    const binding = bindingBid(state, seat);
    const sets = subsets(hqs).filter((s) => binding === null || s.length === binding);
    const out: CampaignOrder[] = [
      ...surrenderOptions(state, map),
      ...sets.map((s): CampaignOrder => ({ type: 'activate', hqs: s })),
    ];
    if (binding === null) out.push({ type: 'pass' });
    return out;
  }
  const occ = occupants(state);
  const out: CampaignOrder[] = [];
  for (const { b } of movers(state, seat)) {
    for (const m of moveOptions(state, map, b, occ))
      out.push({ type: 'move', block: b.id, to: m.to, via: m.via, forceMarch: m.forceMarch });
    if (p.step === 'command') {
      for (const r of railOptions(state, map, b, occ))
        out.push({ type: 'rail', block: b.id, to: r.to });
      for (const r of riverCrossings(state, map, b, occ))
        out.push({ type: 'river-crossing', block: b.id, to: r.to });
      for (const r of navalMoves(state, map, b, occ))
        out.push({ type: 'naval', block: b.id, to: r.to });
      for (const r of navalInvasions(state, map, b, occ))
        out.push({ type: 'naval-invasion', block: b.id, to: r.to });
    }
  }
  out.push({ type: 'end-moves' });
  return out;
}

class Refusal extends Error {
  constructor(
    readonly code: string,
    readonly rule: string,
    message: string,
  ) {
    super(message);
  }
}
const refuse = (code: string, rule: string, message: string): never => {
  throw new Refusal(code, rule, message);
};

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length <= 8 && v.every((x) => typeof x === 'string' && x.length <= 16);

/** Checks the order's shape (anything else is BAD_ORDER). */
function parse(order: unknown): CampaignOrder {
  const o = order as Record<string, unknown>;
  if (typeof o !== 'object' || o === null || typeof o.type !== 'string')
    return refuse('BAD_ORDER', 'order', 'an order is an object with a type');
  // Sorted, so the field a refusal names does not depend on the order's key order.
  const keys = (allowed: string[]) => {
    for (const k of Object.keys(o).sort())
      if (!allowed.includes(k))
        refuse('BAD_ORDER', 'order', `unknown field ${k} in a ${o.type} order`);
  };
  const str = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 16;
  switch (o.type) {
    case 'bid':
      keys(['type', 'hqs']);
      if (!Number.isInteger(o.hqs)) refuse('BAD_ORDER', '3.12', 'a bid is a whole number of HQs');
      return { type: 'bid', hqs: o.hqs as number };
    case 'activate':
      keys(['type', 'hqs']);
      if (!isStringArray(o.hqs)) refuse('BAD_ORDER', '5.11', 'activate names the HQs by block id');
      return { type: 'activate', hqs: o.hqs as string[] };
    case 'pass':
    case 'end-deployment':
    case 'end-moves':
    case 'end-replacements':
    case 'take-attrition':
      keys(['type']);
      return { type: o.type };
    case 'rail':
    case 'river-crossing':
    case 'naval':
    case 'naval-invasion':
      keys(['type', 'block', 'to']);
      if (!str(o.block) || !str(o.to))
        refuse(
          'BAD_ORDER',
          { rail: '9.2', 'river-crossing': '10.6', naval: '10.3', 'naval-invasion': '10.4' }[
            o.type
          ],
          `a ${o.type} gives block and to (a hex label)`,
        );
      return { type: o.type, block: o.block as string, to: o.to as string };
    case 'politics':
      keys(['type', 'draft', 'emancipation']);
      if (typeof o.draft !== 'boolean' || typeof o.emancipation !== 'boolean')
        refuse('BAD_ORDER', '12.1', 'politics gives draft and emancipation (true or false)');
      return {
        type: 'politics',
        draft: o.draft as boolean,
        emancipation: o.emancipation as boolean,
      };
    case 'replace':
      keys(['type', 'block', 'steps']);
      if (!str(o.block) || !Number.isInteger(o.steps) || (o.steps as number) < 1)
        refuse('BAD_ORDER', '12.3', 'a replace gives block and steps (a whole number, 1 or more)');
      return { type: 'replace', block: o.block as string, steps: o.steps as number };
    case 'muster':
      keys(['type', 'unit', 'hex']);
      if (!str(o.unit) || !str(o.hex))
        refuse(
          'BAD_ORDER',
          '12.4',
          'a muster gives unit (a type, or an HQ code) and hex (a label)',
        );
      return { type: 'muster', unit: o.unit as string, hex: o.hex as string };
    case 'surrender':
    case 'demand-surrender':
      keys(['type', 'hex']);
      if (!str(o.hex))
        refuse('BAD_ORDER', '11.82', `a ${o.type} names the besieged group by a hex`);
      return { type: o.type, hex: o.hex as string };
    case 'answer-surrender':
      keys(['type', 'accept']);
      if (typeof o.accept !== 'boolean')
        refuse('BAD_ORDER', '11.82', 'answer-surrender says accept: true or false');
      return { type: 'answer-surrender', accept: o.accept as boolean };
    case 'place':
      keys(['type', 'block', 'hex']);
      if (!str(o.block) || !str(o.hex))
        refuse('BAD_ORDER', '4.25', 'a place gives block (an id) and hex (a label)');
      return { type: 'place', block: o.block as string, hex: o.hex as string };
    case 'hq-supply':
      keys(['type', 'hq']);
      if (!str(o.hq)) refuse('BAD_ORDER', '11.7', 'hq-supply names the HQ by block id');
      return { type: 'hq-supply', hq: o.hq as string };
    case 'supply-loss':
      keys(['type', 'block']);
      if (!str(o.block)) refuse('BAD_ORDER', '11.6', 'supply-loss names the block by id');
      return { type: 'supply-loss', block: o.block as string };
    case 'move':
      keys(['type', 'block', 'to', 'via', 'forceMarch']);
      if (!str(o.block) || !str(o.to) || !str(o.via) || typeof o.forceMarch !== 'boolean')
        refuse('BAD_ORDER', '5.3', 'a move gives block, to, via (hex labels) and forceMarch');
      return {
        type: 'move',
        block: o.block as string,
        to: o.to as string,
        via: o.via as string,
        forceMarch: o.forceMarch as boolean,
      };
    case 'battle': {
      keys(['type', 'order']);
      const inner = o.order as Record<string, unknown> | null;
      if (
        typeof inner !== 'object' ||
        inner === null ||
        typeof inner.type !== 'string' ||
        JSON.stringify(inner).length > 2000
      )
        refuse('BAD_ORDER', '6.1', "a battle order carries the battle engine's order as `order`");
      return { type: 'battle', order: inner as { type: string } };
    }
    case 'battle-first':
      keys(['hex', 'type']);
      if (!str(o.hex)) refuse('BAD_ORDER', '6.1', 'battle-first names a battle by its hex');
      return { type: 'battle-first', hex: o.hex as string };
    default:
      return refuse('BAD_ORDER', 'order', `unknown order type ${String(o.type)}`);
  }
}

/** 5.11, 5.321, 8.1, 6.1: after the HQs' moves: force marches, control, then Combat or Supply. */
function endMovement(state: CampaignState, map: CampaignMap, dice: Dice, events: CampaignEvent[]) {
  resolveForceMarches(state, dice, events);
  updateControl(state, map.doc);
  state.battles = pendingBattles(state, map);
  if (state.battles.length === 0) return beginSupplyPhase(state, map, false, dice, events);
  state.phase = { name: 'combat' };
  for (const b of state.battles)
    events.push({
      type: 'battle',
      hex: b.hex,
      attacker: b.attacker,
      attackedFrom: b.attackedFrom,
      rule: '6.1',
    });
  try {
    // A34: battles within two hexes of one another are fought on the shared clock (battle-clock.ts).
    if (battlesInteract(state, map)) startSharedClock(state, map, dice, events);
    else startBattle(state, map, dice, events);
  } catch (e) {
    if (!(e instanceof NotYetSupportedError)) throw e;
    state.battle = null;
    state.clock = null;
  }
}

function apply(
  state: CampaignState,
  map: CampaignMap,
  seat: Side,
  order: CampaignOrder,
  dice: Dice,
  events: CampaignEvent[],
): void {
  const blocked = campaignBlocked(state);
  if (blocked)
    refuse(
      'NOT_YET_SUPPORTED',
      blocked.rule,
      `the game has reached ${blocked.what}, not implemented yet`,
    );
  if (state.phase.name === 'over') refuse('GAME_OVER', '4.26', 'the game is over');
  const act = campaignMustAct(state);
  if (!act || !act.seats.includes(seat))
    refuse('NOT_YOUR_TURN', '3.2', `${seat} has nothing to do now`);
  const p = state.phase;
  if (order.type === 'battle-first') {
    if (p.name !== 'combat' || !state.clock?.choosing)
      refuse('WRONG_PHASE', '6.1', 'no choice of battle is to be made now');
    if (!state.clock!.choosing!.includes(order.hex))
      refuse('BAD_ORDER', '6.1', `${order.hex} is not one of the battles to fight next`);
    chooseBattle(state, order.hex);
    return;
  }
  if (order.type === 'battle') {
    if (state.clock?.choosing)
      refuse('WRONG_PHASE', '6.1', 'first choose which battle to fight next (battle-first)');
    if (p.name !== 'combat' || !state.battle)
      refuse('WRONG_PHASE', '6.1', 'no battle is being fought');
    const before = new Map(state.blocks.map((b) => [b.id, b.hex]));
    const refusal = battleOrder(state, map, seat, order.order, dice, events);
    if (refusal) refuse(refusal.code, refusal.rule, refusal.message);
    removeBesiegedLosses(state, before, events);
    if (!state.battle && state.battles.length === 0)
      beginSupplyPhase(state, map, false, dice, events);
    return;
  }
  if (order.type === 'place' || order.type === 'end-deployment') {
    if (p.name !== 'deployment')
      refuse(
        'WRONG_PHASE',
        '4.25',
        'blocks are placed in the free deployment, before the first month',
      );
    const refusal =
      order.type === 'place'
        ? placeBlock(state, seat, order, events)
        : endDeployment(state, map, seat, dice, events);
    if (refusal) refuse(refusal.code, refusal.rule, refusal.message);
    return;
  }
  if (order.type === 'bid') {
    if (p.name !== 'initiative')
      refuse('WRONG_PHASE', '3.12', 'bids are made at the start of a month');
    if (!legalBids(state, seat).includes(order.hqs))
      refuse(
        'ILLEGAL_BID',
        '3.12',
        `a bid is 0 to ${Math.min(5, legalBids(state, seat).length - 1)} HQs (a die, 6 for 0; A21: no more than your HQs in play)`,
      );
    answerBid(state, seat, order.hqs, dice, events);
    return;
  }
  if (order.type === 'politics') {
    if (p.name !== 'replacements' || state.replacements!.stage !== 'politics')
      refuse('WRONG_PHASE', '12.1', 'drafts and Emancipation open the Replacement Turn');
    if (
      order.emancipation &&
      !politicsOrders(state, seat).some((o) => o.type === 'politics' && o.emancipation)
    )
      refuse(
        'EMANCIPATION_NOT_ALLOWED',
        '4.55',
        'Emancipation: the USA, once per game, after winning a battle with 6+ CSA units the previous month; not in the 1863 or 1864 scenarios',
      );
    const choice = { draft: order.draft, emancipation: order.emancipation };
    answerPolitics(state, seat, choice, dice, events);
    if (state.replacements!.stage === 'spending') announceReplacementPoints(state, map.doc, events);
    return;
  }
  if (order.type === 'replace' || order.type === 'muster' || order.type === 'end-replacements') {
    if (p.name !== 'replacements')
      refuse('WRONG_PHASE', '12.1', 'replacements are bought in the Replacement Turn');
    if (state.replacements!.stage !== 'spending')
      refuse('WRONG_PHASE', '12.1', 'the political choices (draft, Emancipation) come first');
    if (order.type === 'end-replacements')
      return endReplacements(state, map.doc, seat, dice, events);
    const refusal = orderSpend(state, map, seat, order, events);
    if (refusal) refuse(refusal.code, refusal.rule, refusal.message);
    return;
  }
  if (
    order.type === 'hq-supply' ||
    order.type === 'take-attrition' ||
    order.type === 'supply-loss'
  ) {
    if (p.name !== 'supply') return refuse('WRONG_PHASE', '11.1', `no ${order.type} now`);
    return supplyOrder(state, map, order, dice, events);
  }
  if (p.name !== 'movement') return refuse('WRONG_PHASE', '3.22', `no ${order.type} now`);
  if (state.surrender?.pending || order.type === 'answer-surrender') {
    if (!state.surrender?.pending || order.type !== 'answer-surrender')
      return refuse(
        'WRONG_PHASE',
        '11.82',
        state.surrender?.pending
          ? 'answer the surrender demand first'
          : 'no surrender was demanded',
      );
    return answerSurrender(state, order.accept, events);
  }
  if (order.type === 'surrender' || order.type === 'demand-surrender') {
    const listed =
      p.step === 'activate' &&
      surrenderOptions(state, map).some((o) => o.type === order.type && o.hex === order.hex);
    if (!listed)
      return refuse(
        'ILLEGAL_SURRENDER',
        '11.82',
        order.type === 'surrender'
          ? `${order.hex} is not the first hex of one of your besieged groups (before you activate or pass)`
          : `${order.hex} is not the first hex of an enemy besieged group whose surrender you have not yet demanded this turn (before you activate or pass)`,
      );
    return surrenderOrder(state, map, order, events);
  }
  if (order.type === 'pass' || order.type === 'activate') {
    if (p.step !== 'activate')
      refuse('WRONG_PHASE', '3.22', 'HQs are activated at the start of the Movement Phase');
    const binding = bindingBid(state, seat);
    if (order.type === 'pass') {
      if (binding !== null)
        refuse(
          'BOUND_BY_BID',
          '3.12',
          `the initiative's first Campaign Turn must activate exactly ${binding} HQ(s)`,
        );
      events.push({ type: 'pass', side: seat, rule: '3.4' });
      // 3.4: no movement or battles; the Supply Phase still comes.
      beginSupplyPhase(state, map, true, dice, events);
      return;
    }
    const mine = new Set(activatableHqs(state, seat).map((b) => b.id));
    const set = new Set(order.hqs);
    if (set.size === 0 || set.size !== order.hqs.length || order.hqs.some((id) => !mine.has(id)))
      refuse(
        'BAD_ACTIVATION',
        '5.11',
        'activate one or more of your own HQs on the map, each once',
      );
    if (binding !== null && set.size !== binding)
      refuse(
        'BOUND_BY_BID',
        '3.12',
        `the initiative's first Campaign Turn must activate exactly ${binding} HQ(s)`,
      );
    if (binding !== null) state.initiative = { ...state.initiative!, binding: null };
    updateControl(state, map.doc);
    state.sieges = besiegedGroups(state, map);
    activate(state, map, order.hqs, events);
    state.phase = { name: 'movement', step: 'command' };
    return;
  }
  if (p.step === 'activate') refuse('WRONG_PHASE', '3.22', 'activate HQs or pass first');
  if (order.type === 'end-moves') {
    if (p.step === 'command') {
      deactivate(state, events);
      state.phase = { name: 'movement', step: 'hq-moves' };
      if (!state.blocks.some((b) => state.commanded.includes(b.id) && b.hex !== null))
        endMovement(state, map, dice, events);
    } else endMovement(state, map, dice, events);
    return;
  }
  const who = movers(state, seat).find((m) => m.b.id === order.block);
  if (!who)
    refuse(
      'MAY_NOT_MOVE',
      p.step === 'hq-moves' ? '5.11' : '5.12',
      p.step === 'hq-moves'
        ? 'only the HQs that commanded this turn move now (5.11)'
        : `block ${order.block} is not one of yours out of command range with no Strategic Move left, or has moved (5.3, 5.12, 5.4)`,
    );
  const { b, sm } = who!;
  if (order.type === 'river-crossing') {
    const r =
      p.step === 'command'
        ? riverCrossings(state, map, b).find((x) => x.to === order.to)
        : undefined;
    if (!r)
      return refuse(
        'ILLEGAL_RIVER_CROSSING',
        '10.6',
        `block ${b.id} cannot cross into ${order.to}: a Major river hexside without bridge or ford, above the heads of navigation (10.61), into a hex without enemy units, for one Strategic Move (two into an enemy or neutral hex)`,
      );
    const from = b.hex;
    b.hex = r.to;
    b.moved = true;
    state.strategicMoves -= r.cost;
    events.push({ type: 'river-crossed', block: b.id, from, to: r.to, cost: r.cost, rule: '10.6' });
    return;
  }
  if (order.type === 'naval' || order.type === 'naval-invasion') {
    const invasion = order.type === 'naval-invasion';
    const options =
      p.step !== 'command'
        ? []
        : invasion
          ? navalInvasions(state, map, b)
          : navalMoves(state, map, b);
    const r = options.find((x) => x.to === order.to);
    if (!r)
      return invasion
        ? refuse(
            'ILLEGAL_NAVAL_INVASION',
            '10.4',
            `block ${b.id} cannot invade ${order.to}: USA infantry only, from a friendly port to a coastal or navigable-river hex, never past an enemy-controlled port or an enemy-held fortress (10.1, 10.3), for two Strategic Moves`,
          )
        : refuse(
            'ILLEGAL_NAVAL_MOVE',
            '10.3',
            `block ${b.id} cannot sail to ${order.to}: from a friendly port to another holding no enemy unit, along navigable water below the heads of navigation (10.2, 10.21), never past an enemy-controlled port or an enemy-held fortress (10.1, 10.3); the CSA only on the James and Appomattox while it controls Norfolk (10.11); one Strategic Move`,
          );
    const from = b.hex!;
    b.hex = r.to;
    b.moved = true;
    state.strategicMoves -= r.cost;
    if (invasion)
      state.invasions = [...state.invasions, { block: b.id, from, to: r.to }].sort((x, y) =>
        x.block < y.block ? -1 : 1,
      );
    events.push({
      type: invasion ? 'naval-invasion' : 'naval-moved',
      block: b.id,
      from,
      to: r.to,
      cost: r.cost,
      rule: invasion ? '10.4' : '10.3',
    });
    return;
  }
  if (order.type === 'rail') {
    const r =
      p.step === 'command' ? railOptions(state, map, b).find((x) => x.to === order.to) : undefined;
    if (!r)
      return refuse(
        'ILLEGAL_RAIL_MOVE',
        '9.2',
        `block ${b.id} cannot rail to ${order.to}: friendly rail lines from a friendly rail hex to one (9.1, 9.2, 8.1), off-board between friendly supply hexes (9.3) and by water between friendly ports (9.5), one Strategic Move per leg, one per change of gauge (5.4, 9.4) and one between map edges (A10)`,
      );
    const from = b.hex;
    b.hex = r.to;
    b.moved = true;
    state.strategicMoves -= r.cost;
    events.push({ type: 'rail-moved', block: b.id, from, to: r.to, cost: r.cost, rule: '9.2' });
    return;
  }
  const m: MoveOption | undefined = moveOptions(state, map, b).find(
    (x) => x.to === order.to && x.via === order.via && x.forceMarch === order.forceMarch,
  );
  if (!m)
    return refuse(
      'ILLEGAL_MOVE',
      '5.3',
      `block ${b.id} cannot end in ${order.to} entering from ${order.via}${order.forceMarch ? ' by forced march' : ''} (speed, 5.32, terrain 1.3x, attack limits 5.31)`,
    );
  const from = b.hex;
  makeMove(state, map, b, m);
  if (sm) state.strategicMoves -= 1;
  events.push({
    type: 'moved',
    block: b.id,
    from,
    path: m.path,
    forceMarch: m.forceMarch,
    attack: m.attack,
    ...(sm ? { strategic: true } : {}),
    rule: sm ? '5.4' : '5.3',
  });
}

/** 11.6, 11.7: an order of the Supply Phase, checked against the one generator's lists. */
function supplyOrder(
  state: CampaignState,
  map: CampaignMap,
  order: Extract<CampaignOrder, { type: 'hq-supply' | 'take-attrition' | 'supply-loss' }>,
  dice: Dice,
  events: CampaignEvent[],
): void {
  const step = state.supply!;
  if (order.type === 'supply-loss') {
    if (!step.choice || !step.choice.candidates.includes(order.block))
      refuse(
        'ILLEGAL_SUPPLY_LOSS',
        '11.6',
        step.choice
          ? `one of the largest units in ${step.choice.hex} loses the step (3.24: the owner chooses among ties): ${step.choice.candidates.join(', ')}`
          : 'no supply loss is to be chosen now',
      );
    const b = state.blocks.find((x) => x.id === order.block)!;
    return chooseSupplyLoss(state, map, b, dice, events);
  }
  if (step.choice)
    refuse('WRONG_PHASE', '11.6', 'choose which of the tied largest units loses the step');
  if (order.type === 'take-attrition') return takeAttrition(state, map, dice, events);
  const hq = hqSupplyOptions(state, map).find((b) => b.id === order.hq);
  if (!hq)
    return refuse(
      'ILLEGAL_HQ_SUPPLY',
      '11.7',
      `${order.hq} is not one of your Field HQs on the map, not used yet this phase, with a hex taking supply attrition in its Command Range`,
    );
  giveHqSupply(state, map, hq, dice, events);
}

/** Applies `order` given by `seat`: the next state and its events, or a refusal naming the case. */
export function applyCampaignOrder(
  state: CampaignState,
  map: CampaignMap,
  seat: Side,
  order: unknown,
  dice: Dice,
): CampaignApplyResult {
  const next = structuredClone(state);
  const events: CampaignEvent[] = [];
  try {
    if (!SIDES.includes(seat)) refuse('BAD_ORDER', 'order', 'no such seat');
    apply(next, map, seat, parse(order), dice, events);
    // 3.3, M4: no one acts at the month end; it follows the order that ended the month.
    if (next.phase.name === 'month-end') resolveMonthEnd(next, map, events);
  } catch (e) {
    if (e instanceof Refusal)
      return { ok: false, refusal: { code: e.code, rule: e.rule, message: e.message } };
    throw e;
  }
  next.diceDrawn = dice.drawn;
  return { ok: true, state: next, events };
}
