/**
 * Victory points and the Victory Track (seed 002, 4.1, 4.5, 4.51, 4.52,
 * 4.26, 4.27, 4.34; notes §2.6, §7.7, §7.10). One marker, USA positive and
 * CSA negative, unbounded (4.5 NOTE: VPs beyond a Decisive box count). The
 * track's numbers are not in the text: they come from the scenario's
 * `reconstructed` section (CampaignVictoryValues), copied into the state at
 * set-up so a game keeps the values it began with.
 *
 * City and town VPs (4.51) are won "immediately" and are reversible; notes
 * A8 updates the track at once, the net effect at the month end being the
 * same. The state keeps the settled marker and each VP city's holder as of
 * the last settlement (set-up, then each month end, month-end.ts); the
 * standing adds the cities that changed hands since, from control as last
 * evaluated (8.1), so it is the immediate position at any moment.
 */
import type { SystemVictory } from '../../system';
import type { BlockMapDocument } from '../map';
import type {
  CampaignEvent,
  CampaignResult,
  CampaignState,
  CampaignVictory,
  CampaignVictoryValues,
  Side,
  VictoryCity,
} from './types';

/** Where the marker stands: the box (4.1), its side and its Tournament Points (4.27). */
export interface TrackLevel {
  box: 'decisive' | 'marginal' | 'stalemate';
  /** The side whose box it is (null: Stalemate). */
  side: Side | null;
  /** 'decisive', 'marginal-1'..'marginal-3', or 'draw' (4.26: a Stalemate is drawn). */
  level: string;
  /** 4.27: Decisive 5, Marginal 1-3 by depth, Stalemate 1 to each side. */
  tp: number;
}

/** 4.1, 4.27: the box the marker is in at `vp` (USA positive). */
export function trackLevel(vp: number, values: CampaignVictoryValues): TrackLevel {
  const depth = Math.abs(vp);
  const side: Side | null = vp > 0 ? 'union' : vp < 0 ? 'confederate' : null;
  if (side && depth >= values.victoryTrack.decisive)
    return { box: 'decisive', side, level: 'decisive', tp: 5 };
  const degree = values.victoryTrack.marginal.filter((from) => depth >= from).length;
  if (side && degree > 0) return { box: 'marginal', side, level: `marginal-${degree}`, tp: degree };
  return { box: 'stalemate', side: null, level: 'draw', tp: 1 };
}

/** 4.27: the Tournament Points a result's level is worth (to the winner; a draw, to each side). */
export function tournamentPoints(level: string | null): number | null {
  if (level === 'decisive') return 5;
  if (level === 'draw') return 1;
  const m = /^marginal-([1-9])$/.exec(level ?? '');
  return m ? Number(m[1]) : null;
}

/** Checks the scenario's track values are a track: Marginal levels rising, below the Decisive box. */
function checkedValues(values: CampaignVictoryValues): CampaignVictoryValues {
  const { marginal, decisive } = values.victoryTrack;
  if (
    !Number.isInteger(values.startVp) ||
    (values.nextYearStartVp !== undefined && !Number.isInteger(values.nextYearStartVp)) ||
    values.csaVpMonths.some((m) => !/^(0[1-9]|1[0-2])$/.test(m)) ||
    Object.values(values.cityVp).some((vp) => !Number.isInteger(vp) || vp < 1) ||
    !Number.isInteger(decisive) ||
    decisive < 1 ||
    marginal.some(
      (m, i) => !Number.isInteger(m) || m < 1 || m >= decisive || (i > 0 && m <= marginal[i - 1]),
    )
  )
    throw new Error(
      "4.1, 4.26, 4.51, 4.52: the Victory Track needs rising Marginal levels below the Decisive box, whole start VPs (this year's and next year's), months MM and city VPs of 1 or more",
    );
  // Only the track's fields (the document's section also carries its note), in a fixed order.
  return {
    startVp: values.startVp,
    victoryTrack: { marginal: [...marginal], decisive },
    csaVpMonths: [...values.csaVpMonths].sort(),
    cityVp: Object.fromEntries(
      Object.keys(values.cityVp)
        .sort()
        .map((k) => [k, values.cityVp[k]]),
    ),
    ...(values.nextYearStartVp === undefined ? {} : { nextYearStartVp: values.nextYearStartVp }),
  };
}

/**
 * 4.23, 4.51: the track at set-up: the marker on the scenario's start
 * position; each VP city held by its controller then (`control` evaluated,
 * 8.1) — the start position already counts the cities held historically.
 */
export function victoryAtStart(
  values: CampaignVictoryValues,
  map: BlockMapDocument,
  control: Record<string, Side>,
): CampaignVictory {
  const v = checkedValues(values);
  const cities: VictoryCity[] = Object.keys(v.cityVp)
    .sort()
    .map((location) => {
      const loc = map.locations[location];
      if (!loc) throw new Error(`4.51: ${location} is not a location of the map ${map.id}`);
      const home = map.hexes[loc.hex]?.home ?? null;
      return {
        location,
        hex: loc.hex,
        vp: v.cityVp[location],
        home,
        holder: control[loc.hex] ?? home,
      };
    });
  return { values: v, vp: v.startVp, cities, result: null };
}

/** 8.1: who controls a VP city now (as control was last evaluated). */
export function cityController(state: CampaignState, city: VictoryCity): Side | null {
  return state.control[city.hex] ?? city.home;
}

/** 4.51: the VPs a change of hands from the settled holder is worth now (USA positive). */
function unsettled(state: CampaignState, city: VictoryCity): number {
  const now = cityController(state, city);
  if (now === null || now === city.holder) return 0;
  return now === 'union' ? city.vp : -city.vp;
}

/** 4.5, A8: the marker now: settled VPs and the cities won or lost since (immediate, 4.51). */
export function currentVp(state: CampaignState): number {
  return state.victory.cities.reduce((vp, c) => vp + unsettled(state, c), state.victory.vp);
}

/**
 * 4.5: `side` wins `vp` VPs (the marker moves that many spaces its way);
 * `source` says why. Every VP is public (the track is on the map).
 */
export function awardVp(
  state: CampaignState,
  side: Side,
  vp: number,
  source: string,
  rule: string,
  events: CampaignEvent[],
  extra: Record<string, unknown> = {},
): void {
  state.victory.vp += side === 'union' ? vp : -vp;
  events.push({ type: 'month-vp', side, vp, source, ...extra, rule });
}

/**
 * 4.51, A8, [3] VICTORY CHECK "award VPs for cities/towns captured this
 * month": each VP city whose controller is not its settled holder gives its
 * VPs to the side that won it.
 */
export function settleCityVps(state: CampaignState, events: CampaignEvent[]): void {
  for (const city of state.victory.cities) {
    const now = cityController(state, city);
    if (now === null || now === city.holder) continue;
    awardVp(state, now, city.vp, 'city', '4.51', events, { location: city.location });
    city.holder = now;
  }
}

/** The current standing, in the rules system's victory() shape, with the track's own figures. */
export interface CampaignStanding extends SystemVictory {
  /** The marker, USA positive (4.5). */
  vp: number;
  /** The side whose box the marker is in now, or the winner once over (null: Stalemate, a draw). */
  leader: Side | null;
  /** The VPs of the cities and towns each side controls now (4.51). */
  cityVp: Record<Side, number>;
  /** 4.27: what each side would score if the game ended on this position (or did). */
  tournamentPoints: Record<Side, number>;
  result: CampaignResult | null;
}

/**
 * The standing now (4.1, 4.5, 4.26, 4.27, 4.34): the marker, each side's
 * VPs (the marker's distance on its side of Stalemate), who holds each VP
 * city, and the level, winner and Tournament Points that the track gives if
 * the game ended now (a Decisive or Marginal box wins, a Stalemate is
 * drawn); once the game is over, its result's. `result` says which.
 */
export function campaignStanding(state: CampaignState): CampaignStanding {
  const vp = currentVp(state);
  const now = trackLevel(vp, state.victory.values);
  const result = state.victory.result;
  const objectives: Record<string, Side | null> = {};
  const cityVp: Record<Side, number> = { union: 0, confederate: 0 };
  for (const city of state.victory.cities) {
    const who = cityController(state, city);
    objectives[city.location] = who;
    if (who) cityVp[who] += city.vp;
  }
  // As the other rules systems' standings: the level that would be awarded if the game ended now
  // (4.26 reads the track so), or the result once it is over.
  const level = result ? result.level : now.level;
  const winner = result ? result.winner : now.side;
  const tp = tournamentPoints(level) ?? 0;
  const leader = winner;
  const tournamentPointsBySide: Record<Side, number> =
    leader === null
      ? { union: tp, confederate: tp }
      : { union: leader === 'union' ? tp : 0, confederate: leader === 'confederate' ? tp : 0 };
  return {
    points: { union: Math.max(vp, 0), confederate: Math.max(-vp, 0) },
    objectives,
    level,
    winner,
    competitionScore: tp,
    case: result ? result.case : now.box === 'decisive' ? '4.1' : '4.26',
    vp,
    leader,
    cityVp,
    tournamentPoints: tournamentPointsBySide,
    result,
  };
}

/** 4.27: the competition score of a finished game: the winner's Tournament Points (1 each for a draw). */
export function campaignCompetitionScore(result: { level: string | null }): number | null {
  return tournamentPoints(result.level);
}
