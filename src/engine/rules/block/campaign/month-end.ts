/**
 * The month's end (seed 002, 3.3, [3] VICTORY CHECK, 4.1, 4.5, 4.511, 4.26,
 * 4.34; notes §1.3 M4 in the order A23 fixes): siege attrition, the Siege of
 * Washington VP, the city and town VPs won this month, the Victory Check,
 * then the calendar — the next month (4.31, 4.4: the campaign plays through
 * the winter months, every month having its Operations) or the end of the
 * game with its result (4.26 after a scenario's October, 4.34 for the
 * campaign). The Time VP of a month marked CSA VP (4.52) comes at the start
 * of the Replacement Turn that follows.
 *
 * No player acts here: the dispatcher (campaign.ts) resolves the month end
 * as soon as an order ends the month. Siege (11.8) is siege.ts's, its step
 * first (A23).
 */
import { occupants, updateControl } from './control';
import { advanceMonth } from './sequence';
import { resolveSieges } from './siege';
import type { CampaignMap } from './terrain';
import type { CampaignEvent, CampaignPhase, CampaignResult, CampaignState, Side } from './types';
import { awardVp, settleCityVps, trackLevel } from './victory';

/** 4.34: the month whose end tests Campaign Victory (the 1864 election). */
export const CAMPAIGN_TEST_MONTH = '1864-10';
/**
 * 4.34 continues the campaign "into 1865 (and 1866 if necessary)" and names
 * no later month. Reconstruction: with no Decisive victory by the end of
 * December 1866 the campaign ends drawn.
 */
export const CAMPAIGN_LAST_MONTH = '1866-12';

/** 4.511: the location the Siege of Washington VP is about. */
const WASHINGTON = 'washington';

export { possibleSieges } from './siege';

/** 4.511, 11.81: +1 CSA VP if Washington is CSA-occupied at the month end (besieged: siege.ts). */
function washingtonVp(state: CampaignState, map: CampaignMap, events: CampaignEvent[]): void {
  const hex = map.doc.locations[WASHINGTON]?.hex;
  if (hex === undefined) return;
  const occ = occupants(state).get(hex);
  if (occ?.has('confederate') && !occ.has('union'))
    awardVp(state, 'confederate', 1, 'siege-of-washington', '4.511', events);
}

const sideName = (s: Side) => (s === 'union' ? 'USA' : 'CSA');

/**
 * 3.3, 4.1, 4.26, 4.34: the Victory Check on the settled marker. A
 * Decisive box wins at any month end; after a scenario's last month a
 * Marginal result wins and a Stalemate is drawn; at the end of Oct/64 the
 * campaign is the CSA's with a Marginal CSA result, and after that only a
 * Decisive victory wins.
 */
export function victoryCheck(state: CampaignState): CampaignResult | null {
  const vp = state.victory.vp;
  const t = trackLevel(vp, state.victory.values);
  const month = state.month;
  if (t.box === 'decisive')
    return {
      winner: t.side,
      level: 'decisive',
      vp,
      month,
      case: '4.1',
      reason: `the marker is in the ${sideName(t.side!)} Decisive Victory box at the end of the month`,
    };
  if (state.end !== null && month >= state.end) {
    if (t.box === 'marginal')
      return {
        winner: t.side,
        level: t.level,
        vp,
        month,
        case: '4.26',
        reason: `a ${sideName(t.side!)} Marginal victory at the end of the scenario`,
      };
    const next = state.victory.values.nextYearStartVp;
    return {
      winner: null,
      level: 'draw',
      vp,
      month,
      case: '4.26',
      reason: 'a Stalemate at the end of the scenario: the game is drawn',
      ...(next === undefined ? {} : { moralVictory: moralVictory(vp, next) }),
    };
  }
  if (state.end === null) {
    if (month === CAMPAIGN_TEST_MONTH && t.box === 'marginal' && t.side === 'confederate')
      return {
        winner: 'confederate',
        level: t.level,
        vp,
        month,
        case: '4.34',
        reason: 'no Decisive victory by the end of Oct/64 and a CSA Marginal victory on the track',
      };
    if (month >= CAMPAIGN_LAST_MONTH)
      return {
        winner: null,
        level: 'draw',
        vp,
        month,
        case: '4.34',
        reason: 'no Decisive victory by the end of 1866: the campaign is drawn',
      };
  }
  return null;
}

/**
 * 4.26: who bettered history in a Stalemate: the marker (USA positive) past
 * next year's start position toward one side's end of the track is that
 * side's moral victory; on it, neither's. It changes no result.
 */
export function moralVictory(
  vp: number,
  nextYearStartVp: number,
): NonNullable<CampaignResult['moralVictory']> {
  const side: Side | null =
    vp > nextYearStartVp ? 'union' : vp < nextYearStartVp ? 'confederate' : null;
  return { side, vp, nextYearStartVp };
}

/** 4.52, A20: the Time VP, at the start of the Replacement Turn of a month marked CSA VP. */
export function awardTimeVp(state: CampaignState, events: CampaignEvent[]): void {
  if (state.victory.values.csaVpMonths.includes(state.month.slice(5, 7)))
    awardVp(state, 'confederate', 1, 'time', '4.52', events, { month: state.month });
}

/**
 * M4 (A23): resolves the month end of a state in the 'month-end' phase:
 * siege (siege.ts), Washington, city VPs, the
 * Victory Track, the Victory Check; then the next month (its Replacement
 * Turn opening with the Time VP) or the game over with its result.
 */
export function resolveMonthEnd(
  state: CampaignState,
  map: CampaignMap,
  events: CampaignEvent[],
): void {
  updateControl(state, map.doc);
  state.phase = { name: 'month-end' };
  const from = state.victory.vp;
  // M4.1, 11.8, 11.81 (siege.ts): siege attrition and the Siege of Washington VP.
  resolveSieges(state, map, events);
  washingtonVp(state, map, events);
  settleCityVps(state, events);
  const to = state.victory.vp;
  const t = trackLevel(to, state.victory.values);
  events.push({
    type: 'victory-track',
    from,
    to,
    box: t.box,
    side: t.side,
    level: t.level,
    rule: '4.1',
  });
  const result = victoryCheck(state);
  events.push({
    type: 'victory-check',
    month: state.month,
    winner: result?.winner ?? null,
    level: result?.level ?? null,
    over: result !== null,
    rule: '3.3',
  });
  if (result) {
    state.victory.result = result;
    state.phase = { name: 'over' };
    events.push({ type: 'scenario-over', month: state.month, result, rule: result.case });
    return;
  }
  advanceMonth(state, events);
  // advanceMonth has moved the phase on: the next month's Replacement Turn, or its bids.
  if ((state.phase as CampaignPhase).name === 'replacements') awardTimeVp(state, events);
}
