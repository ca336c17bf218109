/**
 * The odds of a 1975 combat (O7.0, O7.4 terrain, O7.74, O7.9): one function,
 * `classicCombatOdds`, that the resolution uses (resolution.ts resolve) and
 * the odds preview (`classicAttackOddsPreview`) uses without rolling.
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { HexId } from '../../types';
import { otherSide } from '../../types';
import { phaseOf, unitsAt } from './combat';
import { classicCrt, type ClassicColumn, type ClassicResult } from './crt';
import { classicOddsColumn, reduceClassicColumn } from './odds';
import { CLASSIC_1975 } from './parameters';
import { classicDefenceMultiplier } from './terrain-combat';
import type { ClassicAttack } from './attack';

/** The 1975 Combat Results Table as the rules in use read it (6-1, die 5: CLASSIC_1975). */
export const CLASSIC_TABLE = classicCrt(CLASSIC_1975.sixToOneDieFive);

export interface ClassicCombatOdds {
  attack: number;
  defence: number;
  /** Each defending hex's multiplier and why (O7.4 terrain, O8.x bombardment). */
  terrain: Array<{ hex: HexId; multiplier: number; reason: string }>;
  perAttacker: Record<string, number>;
  perDefender: Record<string, number>;
  /** The column before the attacker's voluntary reduction (O7.9). */
  odds: ClassicColumn;
  column: ClassicColumn;
}

/** The odds of a combat in `state` (the phasing side attacks). Pure: nothing is rolled. */
export function classicCombatOdds(
  ctx: GameContext,
  state: GameState,
  c: { attackers: string[]; bombard: string[]; defenderHexes: HexId[]; cap?: ClassicColumn },
): ClassicCombatOdds {
  const p = phaseOf(state);
  const perAttacker: Record<string, number> = {};
  let attack = 0;
  for (const id of [...c.attackers, ...c.bombard]) {
    perAttacker[id] = state.units[id].strength;
    attack += state.units[id].strength;
  }
  const attackerHexes = [...new Set(c.attackers.map((id) => state.units[id].hex!))];
  let defence = 0;
  const perDefender: Record<string, number> = {};
  const terrain: ClassicCombatOdds['terrain'] = [];
  for (const h of c.defenderHexes) {
    const guns = c.bombard
      .map((id) => state.units[id].hex!)
      .filter((g) => ctx.map.grid.distance(g, h) <= CLASSIC_1975.bombardRange.max);
    const eff = classicDefenceMultiplier(ctx.map, h, attackerHexes, guns);
    terrain.push({ hex: h, ...eff });
    for (const u of unitsAt(state, h, otherSide(state.phasing))) {
      const s = p.retreatedInto.includes(u.id) ? 0 : u.strength * eff.multiplier; // O7.74
      perDefender[u.id] = s;
      defence += s;
    }
  }
  const odds = classicOddsColumn(attack, defence);
  return {
    attack,
    defence,
    terrain,
    perAttacker,
    perDefender,
    odds,
    column: reduceClassicColumn(odds, c.cap),
  };
}

export interface ClassicAttackOddsPreview {
  rules: string;
  attackers: string[];
  bombard: string[];
  defenderHexes: string[];
  defenders: string[];
  reduceOddsTo: string | null;
  strengths: {
    attack: number;
    defence: number;
    perAttacker: Record<string, number>;
    perDefender: Record<string, number>;
  };
  terrain: ClassicCombatOdds['terrain'];
  odds: ClassicColumn;
  reducedTo: ClassicColumn | null;
  column: ClassicColumn;
  /** O7.6: no die modifiers in 1975. */
  modifiers: [];
  results: ClassicResult[];
  chances: {
    outOf: number;
    counts: Partial<Record<ClassicResult, number>>;
    probabilities: Partial<Record<ClassicResult, number>>;
  };
}

/** The odds of an attack order classicAttackRefusal accepts, and the result of every die, without rolling. */
export function classicAttackOddsPreview(
  ctx: GameContext,
  state: GameState,
  a: ClassicAttack,
): ClassicAttackOddsPreview {
  const bombard = a.bombard ?? [];
  const o = classicCombatOdds(ctx, state, {
    attackers: a.attackers,
    bombard,
    defenderHexes: a.defenders,
    cap: a.reduceOddsTo,
  });
  const results = CLASSIC_TABLE[o.column].slice();
  const counts: Partial<Record<ClassicResult, number>> = {};
  for (const r of [...results].sort()) counts[r] = (counts[r] ?? 0) + 1;
  const probabilities: Partial<Record<ClassicResult, number>> = {};
  for (const [r, n] of Object.entries(counts) as Array<[ClassicResult, number]>)
    probabilities[r] = Math.round((n / 6) * 10000) / 10000;
  return {
    rules: state.rules.system,
    attackers: [...a.attackers],
    bombard: [...bombard],
    defenderHexes: [...a.defenders],
    defenders: a.defenders.flatMap((h) =>
      unitsAt(state, h, otherSide(state.phasing)).map((u) => u.id),
    ),
    reduceOddsTo: a.reduceOddsTo ?? null,
    strengths: {
      attack: o.attack,
      defence: o.defence,
      perAttacker: o.perAttacker,
      perDefender: o.perDefender,
    },
    terrain: o.terrain,
    odds: o.odds,
    reducedTo: o.column === o.odds ? null : o.column,
    column: o.column,
    modifiers: [],
    results,
    chances: { outOf: 6, counts, probabilities },
  };
}
