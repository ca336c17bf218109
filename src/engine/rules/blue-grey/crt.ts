/**
 * The Combat Results Table of the revised 2nd edition (8.6, Charts & Tables):
 * twelve odds columns from 1:5 to 6:1, six die rows, and the high-odds die
 * modifiers of 8.61. Pure data and lookups; what each result does lives in
 * combat.ts.
 */

/** A combat result (8.6). Written as printed on the Charts sheet. */
export type CombatResult = 'Ae' | 'Ae*' | 'Ar' | 'Ex' | 'Ex*' | 'Dr' | 'De';

/** The twelve printed odds columns, lowest first (8.6). */
export const ODDS_COLUMNS = [
  '1:5',
  '1:4',
  '1:3',
  '1:2',
  '2:3',
  '1:1',
  '3:2',
  '2:1',
  '3:1',
  '4:1',
  '5:1',
  '6:1',
] as const;
export type OddsColumn = (typeof ODDS_COLUMNS)[number];

/**
 * The table itself, one array of six results (die 1..6) per column, exactly
 * as printed in seed 000 lines 584–655 (identical in 003).
 */
export const COMBAT_RESULTS_TABLE: Readonly<Record<OddsColumn, readonly CombatResult[]>> = {
  '1:5': ['Ar', 'Ar', 'Ae*', 'Ae', 'Ae', 'Ae'],
  '1:4': ['Ar', 'Ar', 'Ar', 'Ae*', 'Ae', 'Ae'],
  '1:3': ['Ar', 'Ar', 'Ar', 'Ar', 'Ae*', 'Ae'],
  '1:2': ['Dr', 'Ar', 'Ar', 'Ar', 'Ar', 'Ae*'],
  '2:3': ['Dr', 'Dr', 'Ar', 'Ar', 'Ar', 'Ar'],
  '1:1': ['Dr', 'Dr', 'Dr', 'Ar', 'Ar', 'Ar'],
  '3:2': ['Dr', 'Dr', 'Dr', 'Dr', 'Ar', 'Ar'],
  '2:1': ['Dr', 'Dr', 'Dr', 'Dr', 'Ar', 'Ex*'],
  '3:1': ['De', 'Dr', 'Dr', 'Dr', 'Dr', 'Ex'],
  '4:1': ['De', 'Dr', 'Dr', 'Dr', 'Ex*', 'Ex'],
  '5:1': ['De', 'De', 'Dr', 'Dr', 'Ex', 'Ex'],
  '6:1': ['De', 'De', 'De', 'Dr', 'Ex', 'Ex'],
};

/** The result for a column and an (already modified, 1..6) die roll. */
export function crtLookup(column: OddsColumn, die: number): CombatResult {
  if (!Number.isInteger(die) || die < 1 || die > 6) throw new Error(`die roll ${die} is not 1..6`);
  return COMBAT_RESULTS_TABLE[column][die - 1];
}

/**
 * 8.61 and the CRT footnote: above 6:1 the attack is resolved on the 6:1
 * column with −1 for 8:1, −2 for 10:1, −3 for 12:1. "One is subtracted for
 * each two odds levels above 6:1", so 7:1 has none, 9:1 −1, 11:1 −2; the
 * modifier stops at −3 (A36).
 */
export function highOddsDieModifier(ratioToOne: number): number {
  if (ratioToOne < 8) return 0;
  return -Math.min(3, Math.floor((ratioToOne - 6) / 2));
}

/**
 * A die roll after modifiers, read back onto the printed rows: a roll
 * below 1 reads as 1 and above 6 as 6 (A36: there are no other rows).
 */
export function clampDie(roll: number): number {
  return Math.max(1, Math.min(6, roll));
}

/** Results in which the attacking units retreat (8.6, 8.7). */
export const ATTACKER_RETREATS: ReadonlySet<CombatResult> = new Set<CombatResult>(['Ae*', 'Ar']);
/** Results in which the defending units retreat (8.6, 8.7). */
export const DEFENDER_RETREATS: ReadonlySet<CombatResult> = new Set<CombatResult>(['Ex*', 'Dr']);
