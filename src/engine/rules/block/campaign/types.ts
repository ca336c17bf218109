/**
 * The block campaign game's plain state (Bobby Lee, seed 002 rules 3.0-8.1;
 * notes §1, §2.9): the calendar, whose Campaign Turn it is, the initiative,
 * every block on its hex, hex control and what this turn has done. Plain
 * JSON: no function changes a state in place (each works on a clone).
 *
 * Fog of war (notes §8) lives in the data, not in the type: every block
 * carries its type, name and strength; campaignView (view.ts) is what a
 * reader gets.
 */
import type { SealedRound } from '../../../secrecy';
import type { Side } from '../../../types';
import type { UnitTypeId, Weather, YearMonth } from '../data';
import type { BlockBattleState } from '../types';

export type { Side };

export interface CampaignBlock {
  /** Opaque id from a seeded shuffle: says nothing of the block (notes §8.4.1). */
  id: string;
  side: Side;
  type: UnitTypeId;
  /** The order of battle's historical label (display), hidden with the block. */
  name: string | null;
  /** HQ code and role (2.21, 5.13). */
  hq?: { code: string; supreme: boolean };
  cv: number;
  maxCv: number;
  /** Map hex; null once eliminated. */
  hex: string | null;
  /** 5.11: activated this Movement Phase, tilted face-up (its identity and CV public). */
  active: boolean;
  /** 5.3: moved this Campaign Turn (one move per turn). */
  moved: boolean;
  /** 5.321: marked with a die, the extra hex entered from `via` across a hexside of `rough` terrain. */
  forceMarch: { via: string; rough: boolean } | null;
  /** 11.82: eliminated while besieged: removed from the game, never rebuilt. */
  removed?: true;
}

/** A battle the Movement Phase created (6.1, 3.23), waiting for the battle board. */
export interface PendingBattle {
  hex: string;
  attacker: Side;
  /** The hexes the Attacker's blocks entered it from: his retreat routes (7.11). */
  attackedFrom: string[];
}

/** 10.4: a block that landed by Naval Invasion this Campaign Turn. */
export interface NavalInvasion {
  block: string;
  /** The port it sailed from: its naval retreat goes back there (10.5). */
  from: string;
  /** The hex it landed in. */
  to: string;
}

/** The battle being fought on the battle board (combat.ts). */
export interface CampaignBattle {
  hex: string;
  state: BlockBattleState;
  /** Battle block id -> campaign block id. */
  blocks: Record<string, string>;
}

/**
 * A34, 6.1, 7.52: the shared battle clock of a Combat Phase whose battles
 * lie within two hexes of one another (battle-clock.ts).
 */
export interface BattleClock {
  /** The battles started and not yet over, other than the one on the board now, by hex. */
  held: CampaignBattle[];
  /**
   * What a block that left a battle carries into the others (by campaign block id):
   * its Disruption (7.13), whether it Regrouped (6.4, 7.52), and the clock time of
   * its victory before which it may not reinforce another battle (7.52).
   */
  carry: Record<string, { disruptedThroughDay: number | null; regrouped: boolean; after: number }>;
  /** Blocks added to battles under way so far (their battle ids `r1`, `r2`, …). */
  added: number;
  /**
   * 6.1: the battles tied for the next Battle Turn, by hex, while the player whose
   * turn it is chooses which to fight first (null: no choice to make).
   */
  choosing: string[] | null;
}

export type MovementStep =
  /** 3.22, 3.4: activate HQs, or Pass. */
  | 'activate'
  /** 5.11, 5.4: units in command (and Strategic Land Moves) move. */
  | 'command'
  /** 5.11: the active HQs, reduced one step and upright again, move. */
  | 'hq-moves';

export type CampaignPhase =
  /** 4.25: the sealed, simultaneous free deployment (deployment.ts), before the first month. */
  | { name: 'deployment' }
  /** 3.1, 12.0: the Replacement Turn (replacements.ts), sealed and simultaneous (12.1). */
  | { name: 'replacements' }
  /** 3.12: the sealed initiative bids. */
  | { name: 'initiative' }
  | { name: 'movement'; step: MovementStep }
  /** 3.23: the battles, fought on the battle board (combat.ts). */
  | { name: 'combat' }
  /** 3.24: the active player's Supply Phase (supply.ts). */
  | { name: 'supply'; passed: boolean }
  /**
   * M4 (notes §1.3, A23): siege, VPs, Victory Check (month-end.ts), resolved
   * as soon as the month ends; it stays here only where a rule not yet
   * implemented holds (`stopped`, campaignBlocked names it).
   */
  | { name: 'month-end'; stopped?: { rule: string; what: string } }
  | { name: 'over' };

/** The Supply Phase in progress (seed 002, 3.24, 11.1-11.7: supply.ts; null outside it). */
export interface SupplyStep {
  /** 11.6: hexes still to take attrition, with how many of their units lose a step (sorted by hex). */
  attrition: Array<{ hex: string; losses: number }>;
  /**
   * 11.7 first ('hq': the player may give HQ Supply), then the losses
   * ('losses': `choice` is the tie the owner breaks now, if any).
   */
  stage: 'hq' | 'losses';
  /** 11.7: the HQs that gave supply this phase. */
  hqSupplied: string[];
  /** 11.6, 3.24: the owner picks `picks` of the tied `candidates` in `hex` to lose a step. */
  choice: { hex: string; candidates: string[]; picks: number } | null;
  /** 11.82: the active side's besieged hexes (a unit eliminated there is removed for good). */
  besieged: string[];
}

/**
 * The values the scenario gives the Victory Track (its `reconstructed`
 * section, block-campaign.schema.json): printed on the mapboard, not in the
 * text (notes §2.6), so replaceable per game. VPs count USA positive.
 */
export interface CampaignVictoryValues {
  /** 4.23, 4.26: the marker's start position. */
  startVp: number;
  /** 4.1, 4.27: the VP from which each Marginal level (1, 2, 3 TPs) and the Decisive box begin. */
  victoryTrack: { marginal: number[]; decisive: number };
  /** 4.52: the months (MM) marked CSA VP. */
  csaVpMonths: string[];
  /** 4.51: the VPs of the map's cities and towns, by location id. */
  cityVp: Record<string, number>;
  /**
   * 4.26: next year's scenario's start position, against which a Stalemate's
   * marker shows who bettered history (absent where no scenario follows).
   */
  nextYearStartVp?: number;
}

/** A VP city or town (4.51) and who held it when VPs were last settled. */
export interface VictoryCity {
  location: string;
  hex: string;
  vp: number;
  /** The hex's home side (8.1: its controller when no one occupies it). */
  home: Side | null;
  holder: Side | null;
}

/** How the game ended (4.1 Decisive at a month end, 4.26 a scenario's October, 4.34 the campaign's). */
export interface CampaignResult {
  winner: Side | null;
  /** 'decisive', 'marginal-1'..'marginal-3' (4.27's TPs), or 'draw' (a Stalemate). */
  level: string;
  vp: number;
  month: YearMonth;
  case: string;
  reason: string;
  /**
   * 4.26: a Stalemate is drawn, but the marker compared with next year's
   * start position tells who bettered history (side null: neither did).
   */
  moralVictory?: { side: Side | null; vp: number; nextYearStartVp: number };
}

/** 4.1, 4.5: the Victory Track. */
export interface CampaignVictory {
  values: CampaignVictoryValues;
  /** The marker, USA positive: unbounded, VPs beyond a Decisive box count (4.5 NOTE). */
  vp: number;
  /** 4.51: the VP cities and towns, sorted by location id; holders as of the last settlement. */
  cities: VictoryCity[];
  result: CampaignResult | null;
}

export interface CampaignState {
  system: 'block-campaign';
  kind: 'campaign';
  /** The calendar entry (data/calendar.json): east-1861 ... east-campaign. */
  scenario: string;
  theater: 'east' | 'west';
  /** The map document's id. */
  map: string;
  start: YearMonth;
  /** Last month; null for the open-ended campaign game (4.31). */
  end: YearMonth | null;
  month: YearMonth;
  weather: Weather;
  /** 4.41: this month's weather has changed already (no more rolls). */
  weatherChanged: boolean;
  phase: CampaignPhase;
  /** 3.12: the sealed bids while open. */
  bids: SealedRound<number> | null;
  /** 3.12: who won the initiative this month and the bid his first turn must honour (null once honoured). */
  initiative: { winner: Side; binding: number | null } | null;
  /** Whose Campaign Turn it is (null outside Operations). */
  active: Side | null;
  /** Campaign Turns played this month. */
  turn: number;
  /** 3.4: consecutive Pass turns (two end the month). */
  passes: number;
  /** 5.12: hexes in the command range of this turn's active Field HQs (fixed at activation). */
  zone: string[];
  /** 5.11: the HQs activated this turn (they move after commanding). */
  commanded: string[];
  /** 5.4: Strategic Moves left this turn. */
  strategicMoves: number;
  /** 5.31: units that attacked across each hexside this Campaign Turn, by "to<from". */
  attacks: Record<string, number>;
  /**
   * 9.611: for each hex a rail line's `heldFor` names, the month since which
   * that side has occupied it continuously (absent: not occupied now).
   */
  heldSince: Record<string, YearMonth>;
  /**
   * 11.82: the besieged groups whose surrender the active player demanded
   * this Campaign Turn (by first hex), and the demand awaiting its answer.
   */
  /**
   * 11.82: the besieged groups as the active player activated his HQs this
   * Campaign Turn; their units eliminated in its battles are removed for good.
   */
  sieges: Array<{ side: Side; hexes: string[] }>;
  surrender: {
    turn: number;
    demanded: string[];
    pending: { side: Side; hexes: string[] } | null;
  } | null;
  /** 10.4: the blocks that landed by Naval Invasion this Campaign Turn, the port each sailed from (for 10.5), sorted by block. */
  invasions: NavalInvasion[];
  /** 8.1: hexes whose controller is not their home side (captured), evaluated at each phase start. */
  control: Record<string, Side>;
  /** The battles of this Combat Phase still to fight, the one being fought first. */
  battles: PendingBattle[];
  /** The battle on the board now. */
  battle: CampaignBattle | null;
  /** A34: the shared battle clock, when battles lie within two hexes of one another (null otherwise). */
  clock: BattleClock | null;
  /** 3.24, 11.x: the Supply Phase in progress (supply.ts); null outside it. */
  supply: SupplyStep | null;
  /** Blocks, sorted by id. */
  blocks: CampaignBlock[];
  /**
   * 4.23, 12.4: the unbuilt spare blocks of each side, by unit key (a type id,
   * or an HQ's code), counted; eliminated blocks (hex null) are the rest of
   * the pool. Owner-only beyond its total (notes §8.2).
   */
  pool: Record<Side, Record<string, number>>;
  /** 12.1: the Replacement Turn under way (null outside it). */
  replacements: ReplacementTurn | null;
  /** 4.25: the free deployment under way (deployment.ts; null outside it). */
  deployment: FreeDeployment | null;
  /** 4.1, 4.5: VPs and the Victory Track (victory.ts). */
  victory: CampaignVictory;
  /** 4.53, 4.55: drafts and Emancipation. */
  politics: CampaignPolitics;
  diceDrawn: number;
}

/** 4.25: the free deployment: each side's blocks permuted among its historical locations, sealed (§10 D4). */
export interface FreeDeployment {
  /** 4.24: each side's locations (hexes) and how many units each holds: public, it is the OB. */
  locations: Record<Side, Record<string, number>>;
  /** Where each side has put each of its blocks so far (block id -> hex): seen only by its side. */
  plans: Record<Side, Record<string, string>>;
  /** Who has ended (the answer is the plan as ended); both in, the plans are carried out together. */
  round: SealedRound<Record<string, string>>;
}

/** A spending order of the Replacement Turn (12.3, 12.4), held sealed until both sides end (12.1). */
export type ReplacementSpend =
  /** 12.3: add `steps` steps to a block on the map. */
  | { type: 'replace'; block: string; steps: number }
  /** 12.4, 12.41: raise a cadre (1cv) of a pool block in a friendly home hex: `unit` is a type id or an HQ's code. */
  | { type: 'muster'; unit: string; hex: string };

/** 4.53, 4.55: a side's sealed political choice at the start of the Replacement Turn (A68). */
export interface PoliticalChoice {
  /** 4.53: conduct a Draft. */
  draft: boolean;
  /** 4.55: proclaim Emancipation (the USA, once per game, after a major win). */
  emancipation: boolean;
}

/** 4.53, 4.55: the draft and Emancipation so far (public, notes §8.1). */
export interface CampaignPolitics {
  /** 4.53: every Draft declared: the n-th of a side in a calendar year cost it n VPs. */
  drafts: Array<{ side: Side; month: YearMonth }>;
  /** 4.55: the month Emancipation was proclaimed (once per game), or null. */
  emancipation: YearMonth | null;
  /** 4.55, A51: the last month the USA won a battle with 6 or more CSA units. */
  majorUsaWin: YearMonth | null;
}

/** 3.1, 12.1: the Replacement Turn: each side's spending, sealed until both have ended. */
export interface ReplacementTurn {
  /** 12.1, A68: first the sealed political choices (draft.ts), then the spending. */
  stage: 'politics' | 'spending';
  politics: SealedRound<PoliticalChoice>;
  /** 4.53: the free draft cadres (Infantry, Brigade or Garrison) each side drew this turn. */
  drafted: Record<Side, number>;
  /** 4.55: Emancipation was proclaimed this turn: the CSA's RPs are doubled. */
  emancipation: boolean;
  /** The spending orders given so far, by side: each seen only by its side (notes §8.2). */
  plans: Record<Side, ReplacementSpend[]>;
  /** Who has ended (the answer is the plan as ended); both in, the plans are carried out together. */
  round: SealedRound<ReplacementSpend[]>;
}

export type CampaignOrder =
  | { type: 'bid'; hqs: number }
  | { type: 'activate'; hqs: string[] }
  | { type: 'pass' }
  /** A move ending in `to`, entered from `via` (the hexside crossed last); forceMarch when it takes the extra hex (5.32). */
  | { type: 'move'; block: string; to: string; via: string; forceMarch: boolean }
  /** 9.2: a Strategic rail move of a block to a friendly rail hex (the cheapest route, 9.4). */
  | { type: 'rail'; block: string; to: string }
  /** 10.6: a Strategic River Crossing of a Major river into the hex across. */
  | { type: 'river-crossing'; block: string; to: string }
  /** 10.3: a Strategic Naval Move of a block from its friendly port to another. */
  | { type: 'naval'; block: string; to: string }
  /** 10.4: a Strategic Naval Invasion of a USA infantry block from its port into a coastal or river hex. */
  | { type: 'naval-invasion'; block: string; to: string }
  | { type: 'end-moves' }
  | ReplacementSpend
  /** 4.53, 4.55: the sealed political choice that opens the Replacement Turn. */
  | ({ type: 'politics' } & PoliticalChoice)
  /** 12.1: ends the side's Replacement Turn spending (unspent RPs are lost, 12.2). */
  | { type: 'end-replacements' }
  /** 4.25: puts one of the side's blocks at another of its historical locations (sealed). */
  | { type: 'place'; block: string; hex: string }
  /** 4.25: ends the side's free deployment (every location holding its number of units). */
  | { type: 'end-deployment' }
  /** 11.7: a Field HQ reveals itself and loses a step to cancel supply attrition within its range. */
  | { type: 'hq-supply'; hq: string }
  /** 11.7, 11.6: no (more) HQ Supply: the supply attrition is taken. */
  | { type: 'take-attrition' }
  /** 11.6, 3.24: the owner's pick, among tied largest blocks, of one to lose a step. */
  | { type: 'supply-loss'; block: string }
  /** 11.82: the active player surrenders his besieged group (named by its first hex). */
  | { type: 'surrender'; hex: string }
  /** 11.82: the active player demands the surrender of an enemy besieged group. */
  | { type: 'demand-surrender'; hex: string }
  /** 11.82: the besieged owner's answer to a demand. */
  | { type: 'answer-surrender'; accept: boolean }
  /** An order of the battle engine (block/battle.ts) in the battle being fought. */
  | { type: 'battle'; order: { type: string } & Record<string, unknown> }
  /** 6.1: the battle fought first among those tied on the shared clock (battle-clock.ts). */
  | { type: 'battle-first'; hex: string };

export interface CampaignEvent {
  type: string;
  /** Only this side may see the event; absent = public. */
  visibleTo?: Side;
  [field: string]: unknown;
}

export interface CampaignRefusal {
  code: string;
  rule: string;
  message: string;
}

export type CampaignApplyResult =
  | { ok: true; state: CampaignState; events: CampaignEvent[] }
  | { ok: false; refusal: CampaignRefusal };

export const SIDES: readonly Side[] = ['union', 'confederate'];
export const otherSide = (s: Side): Side => (s === 'union' ? 'confederate' : 'union');

/** The attack-count key of the hexside from `from` into `to` (5.31). */
export const attackKey = (to: string, from: string): string => `${to}<${from}`;
