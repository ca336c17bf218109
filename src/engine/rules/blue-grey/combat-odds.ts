/**
 * The odds of a combat (8.0, 8.4, 8.6, 8.61, 8.9, 11.23 and the exclusive
 * rules' shifts, die modifiers and automatic results): one function,
 * `combatOdds`, that the resolution itself uses (decisions.ts resolve), the
 * terrain-choice decision uses for its projected columns (8.45), and the odds
 * preview (`attackOddsPreview`) uses without rolling — so a preview can never
 * disagree with what the die is then read against.
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { Side } from '../../types';
import { otherSide } from '../../types';
import type { TerrainBenefit } from './terrain-combat';
import {
  Combat,
  CombatStrengths,
  combatOf,
  combatStrengths,
  exclusiveShifts,
  terrainOptions,
  withCombat,
} from './combat';
import { COMBAT_RESULTS_TABLE, clampDie, type CombatResult, type OddsColumn } from './crt';
import { levelLabel, rawOddsLevel, reduceLevel, resolveLevel, shiftLevel } from './odds';
import { nightFactor, nightTotal } from './strength';
import { combatDieModifiers } from '../hooks/combat-hooks';
import { type AttackOrder, declared, participantsInEzoc, provisionalCombat } from './attack';
import { cavalryRetreatCandidates, routedDefenders } from './decisions';

/** One die modifier and the case (or exclusive rule) that gives it. */
export interface DieModifier {
  modifier: number;
  case: string;
}

/** Everything the combat die is read against, for one terrain option (and one night die, 11.23). */
export interface CombatOdds {
  strengths: CombatStrengths;
  /** The attacking total after the night die (11.23); strengths.attack by day. */
  attack: number;
  /** Level before shifts (8.0, odds.ts). */
  raw: number;
  /** Exclusive rules' column shifts, on top of the terrain's. */
  extra: Array<{ shift: number; source: string }>;
  /** Net column shift, right positive (8.44, 10.27, exclusive rules). */
  net: number;
  shifted: number;
  /** After the attacker's voluntary reduction (8.9). */
  level: number;
  column: OddsColumn;
  /** 8.61's high-odds modifier. */
  dieModifier: number;
  /** The scenario's and the exclusive rules' die modifiers. */
  hooks: DieModifier[];
  /** dieModifier plus every hook's. */
  modifier: number;
  /** An exclusive rule deciding the combat without a roll (Hooker and Lee 20.14). */
  forced: { result: CombatResult; rule: string; why: string } | null;
}

/**
 * The odds of combat `c` in `state` (the state as it is when the combat is
 * resolved: declared, current) for a terrain option, with the night die if
 * one was rolled. Pure: no die is rolled here.
 */
export function combatOdds(
  ctx: GameContext,
  state: GameState,
  c: Combat,
  benefit: TerrainBenefit,
  nightDie?: number,
): CombatOdds {
  const strengths = combatStrengths(ctx, state, c, benefit);
  const attack = nightDie === undefined ? strengths.attack : nightTotal(strengths.attack, nightDie);
  const raw = rawOddsLevel(attack, strengths.defence);
  // Exclusive rules' shifts come on top of the terrain's (Olustee 19.6: "in addition to any other applicable shifts").
  const extra = exclusiveShifts(ctx, state, c);
  const net = benefit.right.shift - benefit.left.shift + extra.reduce((t, x) => t + x.shift, 0);
  const shifted = shiftLevel(raw, net);
  const level = reduceLevel(shifted, c.cap);
  const { column, dieModifier } = resolveLevel(level);
  const hooks: DieModifier[] = combatDieModifiers(ctx.scenario, state.phasing, state.turn);
  for (const h of ctx.hooks ?? []) {
    const m = h.combatDieModifier?.(ctx, state, c); // e.g. Road to Vicksburg 19.53 ii
    if (m) hooks.push(m);
  }
  const modifier = dieModifier + hooks.reduce((t, h) => t + h.modifier, 0);
  // An exclusive rule may decide the combat without a roll (Hooker and Lee 20.14: an unavoidable attack below 1:3 by a Demoralized army is an automatic Ar).
  let forced: CombatOdds['forced'] = null;
  for (const h of ctx.hooks ?? []) forced ??= h.forcedCombatResult?.(ctx, state, c, level) ?? null;
  return {
    strengths,
    attack,
    raw,
    extra,
    net,
    shifted,
    level,
    column,
    dieModifier,
    hooks,
    modifier,
    forced,
  };
}

// ---------------------------------------------------------------- preview ----

/** The six results of a column under a modifier, die 1..6 read as clampDie does (A36). */
function resultsByDie(o: CombatOdds): CombatResult[] {
  return [1, 2, 3, 4, 5, 6].map((die) =>
    o.forced ? o.forced.result : COMBAT_RESULTS_TABLE[o.column][clampDie(die + o.modifier) - 1],
  );
}

/** How often each result comes up out of `outOf` equally likely rolls; exact counts and the probability rounded to 4 places. */
export interface ResultChances {
  outOf: number;
  counts: Partial<Record<CombatResult, number>>;
  probabilities: Partial<Record<CombatResult, number>>;
}

function chances(rows: CombatResult[][]): ResultChances {
  const counts: Partial<Record<CombatResult, number>> = {};
  let outOf = 0;
  for (const row of rows)
    for (const r of row) {
      counts[r] = (counts[r] ?? 0) + 1;
      outOf++;
    }
  const probabilities: Partial<Record<CombatResult, number>> = {};
  for (const k of Object.keys(counts).sort() as CombatResult[])
    probabilities[k] = Math.round((counts[k]! / outOf) * 10000) / 10000;
  const sorted: Partial<Record<CombatResult, number>> = {};
  for (const k of Object.keys(counts).sort() as CombatResult[]) sorted[k] = counts[k];
  return { outOf, counts: sorted, probabilities };
}

/** The odds of one way the combat can be read: a terrain option, by day or with one night die. */
export interface OddsReading {
  strengths: {
    attack: number;
    defence: number;
    perAttacker: Record<string, number>;
    perDefender: Record<string, number>;
  };
  /** 11.23: the night die, its effect and the attacking total after it (null by day). */
  night: { die: number; effect: string; attack: number } | null;
  odds: string;
  shift: number;
  exclusiveShifts: Array<{ shift: number; source: string }>;
  /** 8.9: the level the attacker reduced to, when it is lower. */
  reducedTo: string | null;
  column: OddsColumn;
  modifiers: DieModifier[];
  automatic: { result: CombatResult; rule: string; why: string } | null;
  /** The result on a combat die of 1..6 (after modifiers, A36). */
  results: CombatResult[];
}

/** One terrain option the defender may benefit from (8.45), with its odds and result chances. */
export interface OddsOption {
  option: string;
  halved: Record<string, string>;
  left: TerrainBenefit['left'];
  right: TerrainBenefit['right'];
  /** One reading by day; one per night die 1..6 at Night (11.23). */
  readings: OddsReading[];
  chances: ResultChances;
}

export interface AttackOddsPreview {
  rules: string;
  attackers: string[];
  bombard: string[];
  defenderHexes: string[];
  defenders: string[];
  reduceOddsTo: string | null;
  night: boolean;
  /** Who picks among several terrain options (8.45): the defender; null when there is one. */
  terrainChoiceBy: Side | null;
  options: OddsOption[];
  /** What may still change the odds before the die is rolled. */
  beforeResolution: Array<{ rule: string; units: string[]; what: string }>;
}

function reading(o: CombatOdds, nightDie: number | undefined, c: Combat): OddsReading {
  return {
    strengths: {
      attack: o.strengths.attack,
      defence: o.strengths.defence,
      perAttacker: o.strengths.perAttacker,
      perDefender: o.strengths.perDefender,
    },
    night:
      nightDie === undefined
        ? null
        : { die: nightDie, effect: nightFactor(nightDie).effect, attack: o.attack },
    odds: levelLabel(o.raw),
    shift: o.net,
    exclusiveShifts: o.extra,
    reducedTo: c.cap === undefined || c.cap >= o.shifted ? null : levelLabel(o.level),
    column: o.column,
    modifiers: [...(o.dieModifier ? [{ modifier: o.dieModifier, case: '8.61' }] : []), ...o.hooks],
    automatic: o.forced,
    results: resultsByDie(o),
  };
}

/**
 * The odds of an attack order that attackRefusal accepts, without rolling:
 * the combat as declare() would set it up, each terrain option the defender
 * may pick (8.45), each night die at Night (11.23), the column, the die
 * modifiers and the result of every combat die; chances over all of them.
 */
export function attackOddsPreview(
  ctx: GameContext,
  state: GameState,
  a: AttackOrder,
): AttackOddsPreview {
  const phase = combatOf(state);
  const n = phase.combats + 1;
  const c = provisionalCombat(state, a, n, ctx);
  c.inEzoc = participantsInEzoc(ctx, state, c);
  // The state the combat is resolved in: declared (8.14 bookkeeping, A25) and current.
  const at = withCombat(state, {
    ...declared(ctx, state, phase, a),
    combats: n,
    current: c,
    queue: [],
  });
  const benefits = terrainOptions(ctx, at, c);
  const nightDice = state.night ? [1, 2, 3, 4, 5, 6] : [undefined];
  const options: OddsOption[] = benefits.map((b) => {
    const readings = nightDice.map((d) => reading(combatOdds(ctx, at, c, b, d), d, c));
    return {
      option: b.option,
      halved: b.halved,
      left: b.left,
      right: b.right,
      readings,
      chances: chances(readings.map((r) => r.results)),
    };
  });
  const beforeResolution: AttackOddsPreview['beforeResolution'] = [];
  const routed = routedDefenders(at, c);
  if (routed.length > 0)
    beforeResolution.push({
      rule: '12.34',
      units: routed,
      what: 'the attacker may force these Routed defenders to retreat before combat, leaving the odds to those that stay',
    });
  const cavalry = cavalryRetreatCandidates(ctx, at, c);
  if (cavalry.length > 0)
    beforeResolution.push({
      rule: '8.77',
      units: cavalry,
      what: 'the defender may try to retreat these units before combat (a die roll), leaving the odds to those that stay',
    });
  return {
    rules: state.rules.system,
    attackers: c.attackers,
    bombard: c.bombard,
    defenderHexes: c.defenderHexes,
    defenders: c.defenders,
    reduceOddsTo: a.reduceOddsTo ?? null,
    night: state.night,
    terrainChoiceBy: benefits.length > 1 ? otherSide(state.phasing) : null,
    options,
    beforeResolution,
  };
}
