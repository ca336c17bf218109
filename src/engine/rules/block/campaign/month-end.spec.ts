/**
 * The month end and the results (seed 002, 3.3, 4.1, 4.5, 4.51, 4.511,
 * 4.52, 4.26, 4.27, 4.34, 4.31; notes §1.3 M4, A8, A20, A23) on the 9 x 9
 * fixture map: rows 1-4 USA home territory, 5-9 CSA; Washington (3 VPs) at
 * 0502, Richmond (3) at 0508, the town of Culpeper (1) at 0306. The Victory
 * Track of the fixture: Marginal from 1, 4, 7 VPs, Decisive from 10, CSA VP
 * months December to March.
 */
import { fixedDice, keyedDice } from '../../../dice';
import { BLOCK_MAPS } from '../map';
import type { BlockMapLocation } from '../map';
import { applyCampaignOrder, campaignBlocked, campaignMustAct } from './campaign';
import { fixtureMap, fixtureState, scenarioVictory, type FixtureBlock } from './campaign.fixtures';
import { updateControl } from './control';
import { possibleSieges, resolveMonthEnd, victoryCheck } from './month-end';
import { endMonth } from './sequence';
import { newCampaign } from './setup';
import { campaignMapOf } from './terrain';
import type { CampaignEvent, CampaignState, CampaignVictoryValues, Side } from './types';
import {
  campaignCompetitionScore,
  campaignStanding,
  currentVp,
  trackLevel,
  tournamentPoints,
} from './victory';
import { openSealedRound } from '../../../secrecy';

const place = (hex: string, name: string, side: Side, settlement: 'city' | 'town') =>
  ({
    hex,
    name,
    settlement,
    side,
    lat: 0,
    lon: 0,
    source: 'test',
    cited: 'test',
  }) satisfies BlockMapLocation;
const DOC = fixtureMap({
  locations: {
    washington: place('0502', 'Washington', 'union', 'city'),
    richmond: place('0508', 'Richmond', 'confederate', 'city'),
    culpeper: place('0306', 'Culpeper', 'confederate', 'town'),
  },
});
const MAP = campaignMapOf(DOC);
const CITIES = { washington: 3, richmond: 3, culpeper: 1 };

const inf = (id: string, hex: string, side: Side): FixtureBlock => ({
  id,
  side,
  type: 'infantry',
  hex,
  cv: 2,
});

/** A state at the end of `month`'s Operations (endMonth done), the blocks placed. */
function atMonthEnd(
  blocks: FixtureBlock[],
  opts: { month?: string; end?: string | null; victory?: Partial<CampaignVictoryValues> } = {},
): CampaignState {
  const s = fixtureState(DOC, [], {
    month: opts.month ?? '1861-08',
    end: opts.end,
    victory: { cityVp: CITIES, ...opts.victory },
  });
  // Blocks arrive after set-up: what they hold now is won this month.
  s.blocks = fixtureState(DOC, blocks).blocks;
  updateControl(s, DOC);
  endMonth(s, []);
  return s;
}

function monthEnd(s: CampaignState): { state: CampaignState; events: CampaignEvent[] } {
  const state = structuredClone(s);
  const events: CampaignEvent[] = [];
  resolveMonthEnd(state, MAP, events);
  return { state, events };
}

const vpEvents = (events: CampaignEvent[]) =>
  events
    .filter((e) => e.type === 'month-vp')
    .map(
      (e) =>
        `${String(e.side)} ${String(e.vp)} ${String(e.source)}${e.location ? ` ${String(e.location)}` : ''}`,
    );

describe('the month end: VPs, the Victory Track and the Victory Check', () => {
  it('B4.51: a city won counts at once on the track and is settled at the month end; lost again, it goes back', () => {
    const s = atMonthEnd([inf('u1', '0508', 'union')]);
    // A8: immediate: the standing counts Richmond before the month end settles it.
    expect(s.victory.vp).toBe(0);
    expect(currentVp(s)).toBe(3);
    expect(campaignStanding(s)).toMatchObject({
      vp: 3,
      points: { union: 3, confederate: 0 },
      objectives: { washington: 'union', richmond: 'union', culpeper: 'confederate' },
      cityVp: { union: 6, confederate: 1 },
      // If the game ended now (adjudication): a USA Marginal victory, 1 TP; not over yet.
      level: 'marginal-1',
      leader: 'union',
      winner: 'union',
      competitionScore: 1,
      case: '4.26',
      result: null,
    });
    const r = monthEnd(s);
    expect(vpEvents(r.events)).toEqual(['union 3 city richmond']);
    expect(r.events.find((e) => e.type === 'victory-track')).toMatchObject({
      from: 0,
      to: 3,
      box: 'marginal',
      side: 'union',
      level: 'marginal-1',
    });
    expect(r.state.victory.vp).toBe(3);
    expect(r.state.victory.cities.find((c) => c.location === 'richmond')!.holder).toBe('union');
    expect(currentVp(r.state)).toBe(3);
    // 4.51 IMPORTANT: left vacant in enemy territory, Richmond reverts: the CSA wins its 3 VPs back.
    const next = structuredClone(r.state);
    next.blocks = [];
    updateControl(next, DOC);
    expect(currentVp(next)).toBe(0);
    endMonth(next, []);
    const back = monthEnd(next);
    expect(vpEvents(back.events)).toEqual(['confederate 3 city richmond']);
    expect(back.state.victory.vp).toBe(0);
  });

  it('B4.51: a city taken and retaken within the month gives nothing at its end; several change hands, each counts', () => {
    const taken = atMonthEnd([inf('u1', '0508', 'union')]);
    expect(currentVp(taken)).toBe(3);
    taken.blocks = [];
    updateControl(taken, DOC);
    expect(currentVp(taken)).toBe(0);
    expect(vpEvents(monthEnd(taken).events)).toEqual([]);
    const r = monthEnd(
      atMonthEnd([
        inf('u1', '0508', 'union'),
        inf('u2', '0306', 'union'),
        inf('c1', '0502', 'confederate'),
      ]),
    );
    expect(vpEvents(r.events)).toEqual([
      'confederate 1 siege-of-washington',
      'union 1 city culpeper',
      'union 3 city richmond',
      'confederate 3 city washington',
    ]);
    expect(r.state.victory.vp).toBe(0);
  });

  it('B4.511: Washington occupied by the CSA at the month end gives the CSA 1 VP each month, on top of its city VPs', () => {
    const s = atMonthEnd([inf('c1', '0502', 'confederate')]);
    const r = monthEnd(s);
    // A23: the Washington VP comes before the city VPs.
    expect(vpEvents(r.events)).toEqual([
      'confederate 1 siege-of-washington',
      'confederate 3 city washington',
    ]);
    expect(r.state.victory.vp).toBe(-4);
    // Still held a month later: 1 VP more, the city already settled.
    const again = structuredClone(r.state);
    again.phase = { name: 'month-end' };
    again.month = '1861-09';
    expect(vpEvents(monthEnd(again).events)).toEqual(['confederate 1 siege-of-washington']);
    // A USA block in Washington: nothing.
    expect(vpEvents(monthEnd(atMonthEnd([inf('u1', '0502', 'union')])).events)).toEqual([]);
  });

  it('B3.3, B4.1: a marker in a Decisive box at the month end wins the game at once, whatever the month', () => {
    const s = atMonthEnd([inf('c1', '0502', 'confederate')], { victory: { startVp: -6 } });
    expect(currentVp(s)).toBe(-9);
    const r = monthEnd(s);
    expect(r.state.victory.vp).toBe(-10);
    expect(r.state.phase).toEqual({ name: 'over' });
    const result = {
      winner: 'confederate',
      level: 'decisive',
      vp: -10,
      month: '1861-08',
      case: '4.1',
      reason: 'the marker is in the CSA Decisive Victory box at the end of the month',
    };
    expect(r.state.victory.result).toEqual(result);
    expect(r.events.slice(-2)).toEqual([
      {
        type: 'victory-check',
        month: '1861-08',
        winner: 'confederate',
        level: 'decisive',
        over: true,
        rule: '3.3',
      },
      { type: 'scenario-over', month: '1861-08', result, rule: '4.1' },
    ]);
    expect(r.events.every((e) => e.visibleTo === undefined)).toBe(true);
    expect(campaignStanding(r.state)).toMatchObject({
      winner: 'confederate',
      level: 'decisive',
      competitionScore: 5,
      tournamentPoints: { union: 0, confederate: 5 },
      case: '4.1',
    });
    // One VP short: the game goes on to the next month.
    const short = monthEnd(
      atMonthEnd([inf('c1', '0502', 'confederate')], { victory: { startVp: -5 } }),
    );
    expect(short.state.victory.vp).toBe(-9);
    expect(short.state).toMatchObject({ month: '1861-09', phase: { name: 'replacements' } });
    expect(short.events.find((e) => e.type === 'victory-check')).toMatchObject({
      winner: null,
      over: false,
    });
  });

  it('B4.5: VPs beyond the Decisive box still count', () => {
    const r = monthEnd(atMonthEnd([inf('u1', '0508', 'union')], { victory: { startVp: 9 } }));
    expect(r.state.victory.vp).toBe(12);
    expect(campaignStanding(r.state)).toMatchObject({
      vp: 12,
      points: { union: 12, confederate: 0 },
    });
    expect(r.state.victory.result).toMatchObject({ winner: 'union', level: 'decisive', vp: 12 });
  });

  it('B3.3: the month end follows the order that ends the month; a game over takes no more orders', () => {
    const s = fixtureState(
      DOC,
      [
        inf('u1', '0505', 'union'),
        { id: 'h', side: 'union', type: 'usa-hq', hq: 'AP', hex: '0503' },
      ],
      {
        phase: { name: 'initiative' },
        victory: { cityVp: CITIES, startVp: 10 },
      },
    );
    s.active = null;
    s.bids = openSealedRound<number>('initiative-bid', '3.12', ['union', 'confederate']);
    let r = applyCampaignOrder(s, MAP, 'union', { type: 'bid', hqs: 0 }, fixedDice([]));
    expect(r.ok && r.state.phase.name).toBe('initiative');
    r = applyCampaignOrder(
      r.ok ? r.state : s,
      MAP,
      'confederate',
      { type: 'bid', hqs: 0 },
      fixedDice([]),
    );
    if (!r.ok) throw new Error(r.refusal.message);
    expect(r.state.phase).toEqual({ name: 'over' });
    expect(r.state.victory.result).toMatchObject({
      winner: 'union',
      level: 'decisive',
      case: '4.1',
    });
    expect(campaignBlocked(r.state)).toBeNull();
    expect(campaignMustAct(r.state)).toBeNull();
    expect(
      applyCampaignOrder(r.state, MAP, 'union', { type: 'pass' }, fixedDice([])),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'GAME_OVER', rule: '4.26' },
    });
  });

  it('B3.3, B11.8: the month end begins with the siege step (siege.ts, A23), then the VPs and the next month', () => {
    // A USA block at 0505 with CSA blocks on all six neighbours.
    const ring = MAP.neighbours('0505').map((h, i) => inf(`c${i}`, h, 'confederate'));
    expect(ring).toHaveLength(6);
    const s = atMonthEnd([inf('u1', '0505', 'union'), ...ring]);
    expect(possibleSieges(s, MAP)).toEqual([{ side: 'union', hexes: ['0505'] }]);
    const r = monthEnd(s);
    expect(r.events.map((e) => e.type).slice(0, 4)).toEqual([
      'besieged',
      'siege-loss',
      'siege-loss-detail',
      'victory-track',
    ]);
    expect(r.state.blocks.find((b) => b.id === 'u1')!.cv).toBe(1);
    expect(r.state.month).toBe('1861-09');
    expect(campaignBlocked(r.state)).toBeNull();
    // One neighbour empty: no siege, the month ends.
    const open = atMonthEnd([inf('u1', '0505', 'union'), ...ring.slice(1)]);
    expect(possibleSieges(open, MAP)).toEqual([]);
    expect(monthEnd(open).state.month).toBe('1861-09');
    // Washington surrounded, even empty, may be besieged (4.511).
    const dc = MAP.neighbours('0502').map((h, i) => inf(`c${i}`, h, 'confederate'));
    expect(possibleSieges(atMonthEnd(dc), MAP)).toEqual([{ side: 'union', hexes: ['0502'] }]);
  });
});

describe('results: scenario, campaign and tournament points', () => {
  it.each([
    [0, 'draw', null, 1],
    [1, 'marginal-1', 'union', 1],
    [-3, 'marginal-1', 'confederate', 1],
    [4, 'marginal-2', 'union', 2],
    [-6, 'marginal-2', 'confederate', 2],
    [7, 'marginal-3', 'union', 3],
    [-9, 'marginal-3', 'confederate', 3],
    [10, 'decisive', 'union', 5],
    [-14, 'decisive', 'confederate', 5],
  ])('B4.27, B4.1: the marker at %i is %s for %s, %i TP', (vp, level, side, tp) => {
    const values = {
      startVp: 0,
      victoryTrack: { marginal: [1, 4, 7], decisive: 10 },
      csaVpMonths: [],
      cityVp: {},
    };
    expect(trackLevel(vp, values)).toMatchObject({ level, side, tp });
    expect(tournamentPoints(level)).toBe(tp);
    expect(campaignCompetitionScore({ level })).toBe(tp);
  });

  it('B4.27: a Stalemate is 1 TP to each side; the TPs go to the side whose box the marker is in', () => {
    expect(campaignStanding(fixtureState(DOC, [])).tournamentPoints).toEqual({
      union: 1,
      confederate: 1,
    });
    expect(
      campaignStanding(fixtureState(DOC, [], { victory: { startVp: -5 } })).tournamentPoints,
    ).toEqual({
      union: 0,
      confederate: 2,
    });
    expect(campaignCompetitionScore({ level: null })).toBeNull();
  });

  it("B4.26: after the scenario's October a Marginal victory wins; a Stalemate is drawn", () => {
    const marginal = monthEnd(atMonthEnd([], { month: '1861-10', victory: { startVp: 5 } }));
    expect(marginal.state.phase).toEqual({ name: 'over' });
    expect(marginal.state.victory.result).toMatchObject({
      winner: 'union',
      level: 'marginal-2',
      case: '4.26',
    });
    expect(campaignStanding(marginal.state)).toMatchObject({
      winner: 'union',
      competitionScore: 2,
    });
    const drawn = monthEnd(atMonthEnd([], { month: '1861-10' }));
    expect(drawn.state.victory.result).toMatchObject({ winner: null, level: 'draw', case: '4.26' });
    expect(campaignStanding(drawn.state)).toMatchObject({
      winner: null,
      level: 'draw',
      competitionScore: 1,
      tournamentPoints: { union: 1, confederate: 1 },
    });
    // The same Marginal marker in September: play goes on.
    expect(
      monthEnd(atMonthEnd([], { month: '1861-09', victory: { startVp: 5 } })).state.month,
    ).toBe('1861-10');
  });

  it("B4.26: a Stalemate stays drawn, but its result tells who bettered history against next year's start position (a moral victory)", () => {
    // The marker ends on 0, the Stalemate box of this track (Marginal from 1).
    const at = (nextYearStartVp: number, startVp = 0) =>
      monthEnd(atMonthEnd([], { month: '1861-10', victory: { startVp, nextYearStartVp } })).state
        .victory.result;
    // Next year starts at -2 (CSA side): the USA did better than history.
    expect(at(-2)).toMatchObject({
      winner: null,
      level: 'draw',
      case: '4.26',
      moralVictory: { side: 'union', vp: 0, nextYearStartVp: -2 },
    });
    expect(at(2)?.moralVictory).toEqual({ side: 'confederate', vp: 0, nextYearStartVp: 2 });
    expect(at(0)?.moralVictory).toEqual({ side: null, vp: 0, nextYearStartVp: 0 });
    // A Marginal result wins outright: no moral victory to tell.
    expect(at(0, 5)).toMatchObject({ winner: 'union', level: 'marginal-2' });
    expect(at(0, 5)?.moralVictory).toBeUndefined();
    // No scenario follows (1864): a Stalemate is drawn, nothing more.
    expect(
      monthEnd(atMonthEnd([], { month: '1861-10' })).state.victory.result?.moralVictory,
    ).toBeUndefined();
  });

  it('B4.31, B4.4: the campaign game plays on through the winter, every month with its Replacement Turn and Operations', () => {
    let s = atMonthEnd([], { month: '1861-10', end: null, victory: { startVp: 5 } });
    const months: string[] = [];
    for (let i = 0; i < 7; i++) {
      s = monthEnd(s).state;
      months.push(s.month);
      expect(s.phase).toEqual({ name: 'replacements' });
      expect(s.victory.result).toBeNull();
      s.phase = { name: 'month-end' };
    }
    expect(months).toEqual([
      '1861-11',
      '1861-12',
      '1862-01',
      '1862-02',
      '1862-03',
      '1862-04',
      '1862-05',
    ]);
  });

  it('B4.52: the CSA scores 1 Time VP at the Replacement Turn of each month marked CSA VP; none in the first month (A20)', () => {
    const into = (month: string) => monthEnd(atMonthEnd([], { month, end: null }));
    const dec = into('1861-11');
    expect(dec.state.month).toBe('1861-12');
    expect(vpEvents(dec.events)).toEqual(['confederate 1 time']);
    expect(dec.events.at(-1)).toMatchObject({ type: 'month-vp', month: '1861-12', rule: '4.52' });
    expect(dec.state.victory.vp).toBe(-1);
    expect(vpEvents(into('1862-03').events)).toEqual([]); // into April: not marked
    expect(vpEvents(into('1862-02').events)).toEqual(['confederate 1 time']);
    // Another game's months (replaceable per game).
    expect(
      vpEvents(
        monthEnd(atMonthEnd([], { month: '1861-08', victory: { csaVpMonths: ['09'] } })).events,
      ),
    ).toEqual(['confederate 1 time']);
    // The first month has no Replacement Turn, so no Time VP, even in a marked month.
    const first = newCampaign('east-campaign', BLOCK_MAPS.east!, keyedDice('t'), {
      ...scenarioVictory('east-campaign'),
      csaVpMonths: ['07'],
    });
    expect(first.events.some((e) => e.type === 'month-vp')).toBe(false);
    expect(first.state.victory.vp).toBe(0);
  });

  it('B4.5: a political VP cannot win at once: the month is played and the Victory Check decides', () => {
    const r = monthEnd(atMonthEnd([], { month: '1861-11', end: null, victory: { startVp: -9 } }));
    expect(r.state.victory.vp).toBe(-10);
    expect(r.state.phase).toEqual({ name: 'replacements' });
    expect(campaignStanding(r.state)).toMatchObject({
      level: 'decisive',
      leader: 'confederate',
      winner: 'confederate',
      result: null,
    });
  });

  it('B4.34: at the end of Oct/64 a CSA Marginal victory wins the campaign; a USA one plays on, and from then only a Decisive victory wins', () => {
    const csa = monthEnd(atMonthEnd([], { month: '1864-10', end: null, victory: { startVp: -2 } }));
    expect(csa.state.victory.result).toMatchObject({
      winner: 'confederate',
      level: 'marginal-1',
      case: '4.34',
    });
    const usa = monthEnd(atMonthEnd([], { month: '1864-10', end: null, victory: { startVp: 8 } }));
    expect(usa.state).toMatchObject({ month: '1864-11', phase: { name: 'replacements' } });
    // A CSA Marginal victory in 1864 before October, or in 1865, does not win.
    expect(
      monthEnd(atMonthEnd([], { month: '1864-09', end: null, victory: { startVp: -8 } })).state
        .month,
    ).toBe('1864-10');
    expect(
      monthEnd(atMonthEnd([], { month: '1865-10', end: null, victory: { startVp: -8 } })).state
        .month,
    ).toBe('1865-11');
    expect(
      monthEnd(atMonthEnd([], { month: '1865-06', end: null, victory: { startVp: 10 } })).state
        .victory.result,
    ).toMatchObject({ winner: 'union', level: 'decisive', case: '4.1' });
    // 4.34 names no month after 1866 (reconstruction: the campaign ends drawn).
    const last = monthEnd(atMonthEnd([], { month: '1866-12', end: null, victory: { startVp: 8 } }));
    expect(last.state.victory.result).toMatchObject({ winner: null, level: 'draw', case: '4.34' });
    expect(victoryCheck(atMonthEnd([], { month: '1866-11', end: null }))).toBeNull();
  });
});

describe('the Victory Track on the Eastern map (reconstructed values)', () => {
  const EAST = BLOCK_MAPS.east!;
  it('B4.1, B4.51: at the start of east-1861 the marker is at 0 and each side holds its cities and towns', () => {
    const s = newCampaign('east-1861', EAST, keyedDice('v'), scenarioVictory('east-1861')).state;
    const standing = campaignStanding(s);
    expect(standing).toMatchObject({
      vp: 0,
      points: { union: 0, confederate: 0 },
      level: 'draw',
      leader: null,
      winner: null,
      competitionScore: 1,
      result: null,
      // USA: Washington 3, Baltimore 2, Alexandria 2 (held by McDowell's army), Harrisburg 1, Frederick 1.
      // CSA: Richmond 3, Petersburg 2, Norfolk, Fredericksburg, Winchester, Lynchburg 1.
      cityVp: { union: 9, confederate: 9 },
    });
    expect(standing.objectives).toEqual({
      alexandria: 'union',
      baltimore: 'union',
      frederick: 'union',
      fredericksburg: 'confederate',
      harrisburg: 'union',
      lynchburg: 'confederate',
      norfolk: 'confederate',
      petersburg: 'confederate',
      richmond: 'confederate',
      washington: 'union',
      winchester: 'confederate',
    });
    // Alexandria is in CSA home territory: held at set-up, so counted in the start position, not won.
    expect(s.victory.cities.find((c) => c.location === 'alexandria')).toMatchObject({
      home: 'confederate',
      holder: 'union',
    });
  });

  it.each([
    ['east-1861', 0, 'draw'],
    ['east-1862', 0, 'draw'],
    ['east-1863', 2, 'marginal-1'],
    ['east-1864', 3, 'marginal-1'],
    ['east-campaign', 0, 'draw'],
  ])('B4.23: %s starts with the marker at %i (%s)', (id, vp, level) => {
    const s = newCampaign(id, EAST, keyedDice('v'), scenarioVictory(id)).state;
    expect(campaignStanding(s)).toMatchObject({ vp, level });
  });

  it('B4.26, B4.21: east-1861 with no Campaign Turns (both bid 0 each month) is drawn at the end of October', () => {
    let s = newCampaign('east-1861', EAST, keyedDice('q'), scenarioVictory('east-1861')).state;
    const map = campaignMapOf(EAST);
    const seen: CampaignEvent[] = [];
    for (let step = 0; step < 40 && s.phase.name !== 'over'; step++) {
      const act = campaignMustAct(s)!;
      const order =
        act.kind === 'initiative-bid'
          ? { type: 'bid', hqs: 0 }
          : act.kind === 'replacement-politics'
            ? { type: 'politics', draft: false, emancipation: false }
            : { type: 'end-replacements' };
      const r = applyCampaignOrder(s, map, act.seats[0], order, keyedDice(`q${step}`));
      if (!r.ok) throw new Error(`${r.refusal.rule}: ${r.refusal.message}`);
      s = r.state;
      seen.push(...r.events);
    }
    expect(seen.filter((e) => e.type === 'victory-check').map((e) => e.month)).toEqual([
      '1861-07',
      '1861-08',
      '1861-09',
      '1861-10',
    ]);
    expect(seen.filter((e) => e.type === 'month-vp')).toEqual([]);
    expect(s.phase).toEqual({ name: 'over' });
    expect(s.victory.result).toMatchObject({ winner: null, level: 'draw', vp: 0, case: '4.26' });
    expect(seen.at(-1)).toMatchObject({ type: 'scenario-over', month: '1861-10' });
    expect(campaignStanding(s)).toMatchObject({ winner: null, level: 'draw', competitionScore: 1 });
  });

  it('B4.1: a track that is not a track is refused at set-up', () => {
    expect(() =>
      newCampaign('east-1861', EAST, keyedDice('v'), {
        ...scenarioVictory('east-1861'),
        victoryTrack: { marginal: [4, 1, 7], decisive: 10 },
      }),
    ).toThrow(/4\.1/);
  });
});
