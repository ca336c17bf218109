/**
 * Odds (8.0, 8.42, 8.61, 8.62, 8.9): the ratio of attacking to defending
 * strength, rounded down to a level of the odds ladder, column shifts, and
 * the reading of a level as a printed column plus a die modifier.
 *
 * A level is an integer: 0..11 are the printed columns 1:5..6:1, and 12, 13,
 * ... are the virtual levels 7:1, 8:1, ... that 8.42 and 8.61 walk beyond
 * 6:1 ("14 against 2 in forest/woods is modified to a 6:1 attack": 7:1
 * shifted one column left). Level −1 means "below 1:5" (8.62, 9.18).
 */
import { ODDS_COLUMNS, OddsColumn, highOddsDieModifier } from './crt';

/** The printed columns as exact fractions attack:defence, lowest first. */
const LADDER: ReadonlyArray<[number, number]> = [
  [1, 5],
  [1, 4],
  [1, 3],
  [1, 2],
  [2, 3],
  [1, 1],
  [3, 2],
  [2, 1],
  [3, 1],
  [4, 1],
  [5, 1],
  [6, 1],
];

export const TOP_COLUMN_LEVEL = 11; // 6:1
export const BELOW_ONE_TO_FIVE = -1;

/**
 * 8.0: attacking strength divided by defending strength, "rounded down (that
 * is, always in favour of the defender)" to the highest level not above the
 * ratio. Compared by exact integer cross-multiplication, never floats. A
 * defence of 0 (only units retreated into the hex, 8.74) is beyond any ratio:
 * it reads as 12:1, the highest level with an effect (8.61).
 */
export function rawOddsLevel(attack: number, defence: number): number {
  if (!Number.isInteger(attack) || !Number.isInteger(defence) || attack < 0 || defence < 0) {
    throw new Error(`odds need whole non-negative strengths, got ${attack}:${defence}`);
  }
  if (defence === 0) return levelOfRatio(12);
  if (attack >= 6 * defence) return levelOfRatio(Math.floor(attack / defence));
  for (let i = LADDER.length - 1; i >= 0; i--) {
    const [a, d] = LADDER[i];
    if (attack * d >= defence * a) return i;
  }
  return BELOW_ONE_TO_FIVE;
}

/** The level of an n:1 ratio for n ≥ 1 (n ≥ 6 lies on or beyond the 6:1 column). */
export function levelOfRatio(n: number): number {
  if (n >= 6) return TOP_COLUMN_LEVEL + (n - 6);
  return ODDS_COLUMNS.indexOf(`${n}:1` as OddsColumn);
}

/** "3:1", "7:1", "below 1:5". */
export function levelLabel(level: number): string {
  if (level < 0) return 'below 1:5';
  if (level <= TOP_COLUMN_LEVEL) return ODDS_COLUMNS[level];
  return `${level - TOP_COLUMN_LEVEL + 6}:1`;
}

/** The level of a label a player wrote ("2:3", "9:1"); undefined if it names none. */
export function parseLevel(label: unknown): number | undefined {
  if (typeof label !== 'string') return undefined;
  const i = ODDS_COLUMNS.indexOf(label as OddsColumn);
  if (i >= 0) return i;
  const m = /^(\d+):1$/.exec(label);
  if (m && Number(m[1]) >= 7 && Number(m[1]) <= 99) return levelOfRatio(Number(m[1]));
  return undefined;
}

/**
 * Applies a net column shift (right positive, 8.44, 10.27). Odds below 1:5
 * are first read as 1:5 (8.62: "resolved on the 1:5 column"; decision C2),
 * and no shift takes them below 1:5 (8.42). Right shifts walk the virtual
 * levels above 6:1.
 */
export function shiftLevel(level: number, netShift: number): number {
  return Math.max(0, Math.max(0, level) + netShift);
}

/** The printed column and the die modifier a level is resolved with (8.61, 8.62). */
export function resolveLevel(level: number): { column: OddsColumn; dieModifier: number } {
  if (level <= 0) return { column: '1:5', dieModifier: 0 };
  if (level <= TOP_COLUMN_LEVEL) return { column: ODDS_COLUMNS[level], dieModifier: 0 };
  return { column: '6:1', dieModifier: highOddsDieModifier(level - TOP_COLUMN_LEVEL + 6) };
}

/**
 * 8.9 voluntary reduction: the attacker names a level at or below which the
 * attack is resolved. Naming a level above the computed one changes nothing
 * (he may only reduce).
 */
export function reduceLevel(level: number, cap: number | undefined): number {
  return cap === undefined ? level : Math.min(level, cap);
}
