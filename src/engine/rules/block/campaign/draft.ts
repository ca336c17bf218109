/**
 * The political choices that open the Replacement Turn (seed 002, 12.1
 * "Award Political VPs (Time, Draft, and Emancipation)", 4.53, 4.55; notes
 * §7.3, §7.5, A51, A58, A68): sealed and simultaneous like the rest of the
 * turn (A68), each side answers once with `politics {draft, emancipation}`;
 * once both are in they are revealed together (all public, notes §8.1).
 *
 * Draft (4.53): the USA rolls 1d3+1, the CSA 1d3: that many free Infantry,
 * Brigade and/or Garrison cadres, raised and placed like any other cadre in
 * the spending that follows (replacements.ts; each such cadre a side raises
 * is free while its drafted count lasts). A side's n-th Draft in a calendar
 * year gives the opponent n VPs; Draft VPs are not reversible.
 *
 * Emancipation (4.55): once per game, the USA may proclaim it if it won a
 * major battle, one with 6 or more CSA units (A51: distinct CSA units in the
 * battle at any time, the USA the Victor), the previous month. The USA
 * scores 3 VPs in Bobby Lee; the CSA's RPs are doubled that Replacement Turn
 * (after the other modifiers, A58). Not in the 1863 or 1864 scenarios (the
 * calendar's emancipationAllowed): it is in their starting VPs.
 *
 * A d3 is a d6 halved, rounded up (1-2: 1, 3-4: 2, 5-6: 3).
 */
import type { Dice } from '../../../dice';
import { answerSealedRound } from '../../../secrecy';
import { blockScenario } from '../data';
import { nextMonth } from './sequence';
import type { CampaignEvent, CampaignOrder, CampaignState, PoliticalChoice, Side } from './types';
import { otherSide } from './types';
import { awardVp } from './victory';

/** 4.55: Emancipation's VPs to the USA by theater (Bobby Lee 3, Sam Grant 2). */
const EMANCIPATION_VP: Readonly<Record<string, number>> = { east: 3, west: 2 };
/** 4.53: Draft cadres, 1d3 plus this for each side (USA 1d3+1 = 2-4, CSA 1d3). */
const DRAFT_BONUS: Readonly<Record<Side, number>> = { union: 1, confederate: 0 };
/** 4.55, A51: a major battle has at least this many CSA units. */
export const MAJOR_BATTLE_CSA_UNITS = 6;

const d3 = (dice: Dice): number => Math.ceil(dice.d6() / 2);

/** 4.55: may the USA proclaim Emancipation this Replacement Turn? */
export function emancipationAllowed(state: CampaignState): boolean {
  const p = state.politics;
  return (
    (blockScenario(state.scenario)?.emancipationAllowed ?? false) &&
    p.emancipation === null &&
    p.majorUsaWin !== null &&
    nextMonth(p.majorUsaWin) === state.month
  );
}

/** 4.53, 4.55: the political choices a side may make: Draft or not; for the USA, Emancipation when allowed. */
export function politicsOrders(state: CampaignState, side: Side): CampaignOrder[] {
  const proclaim = side === 'union' && emancipationAllowed(state) ? [false, true] : [false];
  const out: CampaignOrder[] = [];
  for (const emancipation of proclaim)
    for (const draft of [false, true]) out.push({ type: 'politics', draft, emancipation });
  return out;
}

/** 4.53: the Drafts a side has declared in the calendar year of `month`. */
export function draftsThisYear(state: CampaignState, side: Side): number {
  const year = state.month.slice(0, 4);
  return state.politics.drafts.filter((d) => d.side === side && d.month.slice(0, 4) === year)
    .length;
}

/**
 * 12.1, A68: `side`'s sealed political choice (the caller has checked it is
 * listed). Once both are in: revealed, Emancipation proclaimed, Drafts rolled
 * and their VPs scored; then the spending begins.
 */
export function answerPolitics(
  state: CampaignState,
  side: Side,
  choice: PoliticalChoice,
  dice: Dice,
  events: CampaignEvent[],
): void {
  const turn = state.replacements!;
  const { round, complete } = answerSealedRound(turn.politics, side, choice);
  turn.politics = round;
  events.push({ type: 'politics-sealed', side, rule: '12.1' });
  if (!complete) return;
  const choices = round.answers as Record<Side, PoliticalChoice>;
  events.push({ type: 'political-choices', choices, rule: '12.1' });
  if (choices.union.emancipation) {
    state.politics.emancipation = state.month;
    turn.emancipation = true;
    events.push({ type: 'emancipation', month: state.month, rule: '4.55' });
    awardVp(state, 'union', EMANCIPATION_VP[state.theater], 'emancipation', '4.55', events);
  }
  for (const s of ['union', 'confederate'] as const) {
    if (!choices[s].draft) continue;
    const nth = draftsThisYear(state, s) + 1;
    const roll = d3(dice);
    const cadres = roll + DRAFT_BONUS[s];
    state.politics.drafts.push({ side: s, month: state.month });
    turn.drafted[s] = cadres;
    events.push({ type: 'draft', side: s, roll, cadres, nth, rule: '4.53' });
    awardVp(state, otherSide(s), nth, 'draft', '4.53', events);
  }
  turn.stage = 'spending';
}

/** 4.55, A51: a battle's end: a USA win over 6 or more CSA units is a major battle won this month. */
export function recordBattleResult(
  state: CampaignState,
  result: { victor: Side | null; confederateUnits: number } | null,
): void {
  if (result?.victor === 'union' && result.confederateUnits >= MAJOR_BATTLE_CSA_UNITS)
    state.politics.majorUsaWin = state.month;
}
