/**
 * The 1975 Combat Results Table (O7.6; printed in the Chattanooga / Blue &
 * Gray II folder, seed 001). Ten columns 1-5 .. 6-1, results Ae, Ar, Dr, De,
 * Ex only: no partial results (the revised AE* and EX* do not exist here).
 *
 * The scan is garbled: rows 1-4 print nine cells for ten columns. Each
 * missing cell lies inside the row's run of Dr, so the reconstruction is
 * unique whichever cell of the run was lost (rules-editions.md 1.5.4, cross-
 * checked against the revised table, which its developer built from this
 * one). The 6-1 / die 5 cell is printed "Dr" and kept as a parameter.
 */
import { CLASSIC_1975 } from './parameters';

export type ClassicResult = 'Ae' | 'Ar' | 'Dr' | 'De' | 'Ex';

export const CLASSIC_COLUMNS = [
  '1-5',
  '1-4',
  '1-3',
  '1-2',
  '1-1',
  '2-1',
  '3-1',
  '4-1',
  '5-1',
  '6-1',
] as const;
export type ClassicColumn = (typeof CLASSIC_COLUMNS)[number];

/** Rows by die roll 1..6, each with the ten columns 1-5 .. 6-1 (rules-editions.md 1.5.4). */
const ROWS: ReadonlyArray<readonly ClassicResult[]> = [
  ['Ar', 'Ar', 'Dr', 'Dr', 'Dr', 'Dr', 'De', 'De', 'De', 'De'],
  ['Ar', 'Ar', 'Ar', 'Dr', 'Dr', 'Dr', 'Dr', 'De', 'De', 'De'],
  ['Ar', 'Ar', 'Ar', 'Ar', 'Dr', 'Dr', 'Dr', 'Dr', 'De', 'De'],
  ['Ae', 'Ar', 'Ar', 'Ar', 'Ar', 'Dr', 'Dr', 'Dr', 'Dr', 'Dr'],
  ['Ae', 'Ae', 'Ar', 'Ar', 'Ar', 'Ar', 'Dr', 'Ex', 'Ex', 'Dr'],
  ['Ae', 'Ae', 'Ae', 'Ae', 'Ar', 'Ar', 'Ex', 'Ex', 'Ex', 'Ex'],
];

/** The table as columns (die 1..6 each), with the 6-1 / die 5 cell as configured. */
export function classicCrt(
  sixToOneDieFive: ClassicResult = CLASSIC_1975.sixToOneDieFive,
): Record<ClassicColumn, ClassicResult[]> {
  const out = {} as Record<ClassicColumn, ClassicResult[]>;
  CLASSIC_COLUMNS.forEach((col, c) => {
    out[col] = ROWS.map((row) => row[c]);
  });
  out['6-1'][4] = sixToOneDieFive;
  return out;
}

const DEFAULT_TABLE = classicCrt();

/** The result for a column and a die roll 1..6 (O7.6: no die modifiers in 1975). */
export function classicCrtLookup(
  column: ClassicColumn,
  die: number,
  table = DEFAULT_TABLE,
): ClassicResult {
  if (!Number.isInteger(die) || die < 1 || die > 6) throw new Error(`die roll ${die} is not 1..6`);
  return table[column][die - 1];
}
