/**
 * The sequence of play (seed 002, 3.0-3.4, 4.41; notes §1.3-1.5): a month is
 * a Replacement Turn (skipped in a game's first month, 3.11), the initiative
 * bids (3.12), alternating Campaign Turns from the initiative's winner until
 * two consecutive Passes (3.2, 3.4), then the Victory Check (3.3). Each
 * Campaign Turn is Weather, Movement, Combat and Supply (3.2); a Pass
 * skips Movement and Combat but not Weather (A24) nor Supply (3.4).
 *
 * The initiative bids are sealed and simultaneous (notes §10 D1): a
 * SealedRound holds each answer unseen by the other seat until both are in.
 * The higher bid wins, the CSA wins ties, and the winner's first Campaign
 * Turn must activate exactly his bid (field and Supreme HQs alike, A22); if
 * both bid 0 the month passes with no Campaign Turns (3.12). A21: a bid may
 * not exceed the bidder's HQs in play in the theater; 0-5, a die's 6 being 0.
 */
import type { Dice } from '../../../dice';
import { answerSealedRound, openSealedRound } from '../../../secrecy';
import { monthWeather, rolledWeather, type YearMonth } from '../data';
import type {
  CampaignEvent,
  CampaignState,
  PoliticalChoice,
  ReplacementSpend,
  Side,
} from './types';
import { SIDES, otherSide } from './types';

/** 3.12: the highest bid a die can show (6 means 0). */
export const MAX_BID = 5;

/** The HQs a side has in play (A21: the most it may bid). */
export function hqsInPlay(state: CampaignState, side: Side): number {
  return state.blocks.filter((b) => b.side === side && b.hq && b.hex !== null).length;
}

/** 3.12, A21: the bids a side may make. */
export function legalBids(state: CampaignState, side: Side): number[] {
  const top = Math.min(MAX_BID, hqsInPlay(state, side));
  return Array.from({ length: top + 1 }, (_, i) => i);
}

/**
 * 3.0, 3.11: a month begins. The first month of a game skips the Replacement
 * Turn (its replacements are in the starting forces) and opens the bids;
 * later months begin with the Replacement Turn.
 */
export function beginMonth(state: CampaignState, events: CampaignEvent[]): void {
  const { weather } = monthWeather(state.month);
  state.weather = weather;
  state.weatherChanged = false;
  state.turn = 0;
  state.passes = 0;
  state.initiative = null;
  state.active = null;
  events.push({ type: 'month', month: state.month, weather, rule: '3.0' });
  if (state.month === state.start) {
    events.push({ type: 'replacements-skipped', rule: '3.11' });
    openBids(state);
  } else {
    // 12.1: sealed and simultaneous: the political choices (draft.ts), then the spending
    // (replacements.ts), each side's its own until both have answered.
    state.phase = { name: 'replacements' };
    state.replacements = {
      stage: 'politics',
      politics: openSealedRound<PoliticalChoice>('replacement-politics', '12.1', SIDES),
      drafted: { union: 0, confederate: 0 },
      emancipation: false,
      plans: { union: [], confederate: [] },
      round: openSealedRound<ReplacementSpend[]>('replacements', '12.1', SIDES),
    };
  }
}

/** 3.12: both seats bid, sealed. */
export function openBids(state: CampaignState): void {
  state.phase = { name: 'initiative' };
  state.bids = openSealedRound<number>('initiative-bid', '3.12', SIDES);
}

/**
 * 3.12: a seat's bid; once both are in, they are revealed together and the
 * initiative decided. The caller has checked the bid is legal.
 */
export function answerBid(
  state: CampaignState,
  side: Side,
  bid: number,
  dice: Dice,
  events: CampaignEvent[],
): void {
  const { round, complete } = answerSealedRound(state.bids!, side, bid);
  state.bids = round;
  events.push({ type: 'bid-sealed', side, rule: '3.12' });
  if (!complete) return;
  const bids = { union: round.answers.union!, confederate: round.answers.confederate! };
  state.bids = null;
  if (bids.union === 0 && bids.confederate === 0) {
    events.push({ type: 'initiative', bids, winner: null, rule: '3.12' });
    endMonth(state, events);
    return;
  }
  const winner: Side = bids.union > bids.confederate ? 'union' : 'confederate';
  state.initiative = { winner, binding: bids[winner] };
  events.push({ type: 'initiative', bids, winner, binding: bids[winner], rule: '3.12' });
  beginCampaignTurn(state, winner, dice, events);
}

/**
 * 3.2, 3.21, 4.41: a Campaign Turn begins with its Weather Phase. Only in
 * November and April, while this month's weather has not changed yet, the
 * active player rolls: odd Mud, even Dry (the roll is made in a Pass turn
 * too, A24, so it comes before the choice to pass). Then the Movement Phase.
 */
export function beginCampaignTurn(
  state: CampaignState,
  side: Side,
  dice: Dice,
  events: CampaignEvent[],
): void {
  state.active = side;
  state.turn += 1;
  state.zone = [];
  state.commanded = [];
  state.strategicMoves = 0;
  state.attacks = {};
  state.invasions = [];
  state.battles = [];
  state.battle = null;
  state.clock = null;
  for (const b of state.blocks) {
    b.moved = false;
    b.active = false;
    b.forceMarch = null;
  }
  events.push({ type: 'campaign-turn', side, turn: state.turn, rule: '3.2' });
  if (monthWeather(state.month).rolls && !state.weatherChanged) {
    const face = dice.d6();
    const weather = rolledWeather(state.month, face)!;
    if (weather !== state.weather) {
      state.weather = weather;
      state.weatherChanged = true;
    }
    events.push({ type: 'weather-roll', side, roll: face, weather, rule: '4.41' });
  }
  state.phase = { name: 'movement', step: 'activate' };
}

/**
 * 3.2, 3.4: after the Supply Phase the turn passes to the other player;
 * two consecutive Pass turns (one by each player) end the month. The Supply
 * Phase (supply.ts) calls this when it is done.
 */
export function endCampaignTurn(
  state: CampaignState,
  passed: boolean,
  dice: Dice,
  events: CampaignEvent[],
): void {
  state.passes = passed ? state.passes + 1 : 0;
  const side = state.active!;
  if (state.passes >= 2) {
    events.push({ type: 'operations-over', rule: '3.4' });
    endMonth(state, events);
    return;
  }
  beginCampaignTurn(state, otherSide(side), dice, events);
}

/** 3.3, notes §1.3 M4: the month's end; month-end.ts resolves it (siege, VPs, Victory Check). */
export function endMonth(state: CampaignState, events: CampaignEvent[]): void {
  state.active = null;
  state.phase = { name: 'month-end' };
  events.push({ type: 'month-end', month: state.month, rule: '3.3' });
}

/** The month after `m` (YYYY-MM). */
export function nextMonth(m: YearMonth): YearMonth {
  const y = Number(m.slice(0, 4));
  const mo = Number(m.slice(5, 7));
  return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
}

/**
 * 4.21, 4.26, 4.31: after the Victory Check (month-end.ts), the calendar
 * advances; a scenario is over after its last month (an open-ended campaign
 * game goes on). The month end decides the result and calls this only when
 * the game goes on.
 */
export function advanceMonth(state: CampaignState, events: CampaignEvent[]): void {
  if (state.end !== null && state.month >= state.end) {
    state.phase = { name: 'over' };
    events.push({ type: 'scenario-over', month: state.month, rule: '4.26' });
    return;
  }
  state.month = nextMonth(state.month);
  beginMonth(state, events);
}
