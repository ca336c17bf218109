/**
 * 1975 odds (O7.0 procedure, CRT note, O7.9): attacking strength over
 * defending strength, rounded down ("always in favor of the defender") to a
 * column; above 6-1 read as 6-1, below 1-5 as 1-5. No column shifts and no
 * die modifiers exist in 1975: terrain multiplies the defender instead
 * (terrain-combat.ts). Exact integer arithmetic, never floats.
 */
import { CLASSIC_COLUMNS, ClassicColumn } from './crt';

/** Exact fractions attack:defence of the ten columns, lowest first. */
const LADDER: ReadonlyArray<[number, number]> = [
  [1, 5],
  [1, 4],
  [1, 3],
  [1, 2],
  [1, 1],
  [2, 1],
  [3, 1],
  [4, 1],
  [5, 1],
  [6, 1],
];

/**
 * The column an attack of `attack` strength against `defence` is resolved
 * on. A defence of 0 (only units retreated into the hex this phase, O7.74)
 * is beyond any ratio and reads as 6-1.
 */
export function classicOddsColumn(attack: number, defence: number): ClassicColumn {
  if (!Number.isInteger(attack) || !Number.isInteger(defence) || attack < 0 || defence < 0)
    throw new Error(`odds need whole non-negative strengths, got ${attack}:${defence}`);
  if (defence === 0) return '6-1';
  for (let i = LADDER.length - 1; i >= 0; i--) {
    const [a, d] = LADDER[i];
    if (attack * d >= defence * a) return CLASSIC_COLUMNS[i];
  }
  return '1-5';
}

/** A column a player named ("3-1", also accepted as "3:1"), or undefined. */
export function parseClassicColumn(label: unknown): ClassicColumn | undefined {
  if (typeof label !== 'string') return undefined;
  const norm = label.replace(':', '-');
  return (CLASSIC_COLUMNS as readonly string[]).includes(norm)
    ? (norm as ClassicColumn)
    : undefined;
}

/** O7.9: the attacker may only reduce the odds; naming a higher column changes nothing. */
export function reduceClassicColumn(
  column: ClassicColumn,
  cap: ClassicColumn | undefined,
): ClassicColumn {
  if (cap === undefined) return column;
  return CLASSIC_COLUMNS.indexOf(cap) < CLASSIC_COLUMNS.indexOf(column) ? cap : column;
}
