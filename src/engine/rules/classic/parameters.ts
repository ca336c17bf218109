/**
 * The 1975 SPI Blue & Gray standard rules ("classic", seed 001) as one
 * parameter object: the numbers and switches in which they differ from the
 * revised 2nd edition (rules-editions.md Part 3, rows marked P). The
 * structural differences (no morale, defender multipliers, Attack
 * Effectiveness, Night without combat) live in the files named after their
 * sections beside this one.
 */
import type { ClassicResult } from './crt';

export const CLASSIC_SYSTEM = 'classic' as const;
export const CLASSIC_VERSION = '1975';

export interface ClassicParameters {
  /** O2.4, O5.0: every unit has six Movement Points. */
  movementAllowance: number;
  /** O6.2: no additional Movement Points to enter an Enemy controlled hex. */
  zocEntrySurcharge: number;
  /** O5.25: no additional cost through a bridge hexside. */
  bridgeHexsideMp: number;
  /** O5.25: one additional Movement Point through a ford hexside. */
  fordHexsideMp: number;
  /** O8.11: bombardment range, counted with the target hex, not the firer's (O8.12). */
  bombardRange: { min: number; max: number };
  /** O7.22: attacking units in one hex attack as one strength. */
  stackAttacksTogether: boolean;
  /** O8.14: two artillery units in one hex bombarding must bombard the same hex. */
  stackBombardsTogether: boolean;
  /** O7.76: one unit advances per combat, even if two hexes are vacated. */
  advancesPerCombat: number;
  /** O7.75: any victorious unit that took part may advance, artillery included. */
  artilleryMayAdvance: boolean;
  /** O10.1: no Combat Phase on Night Game-Turns. */
  nightCombat: boolean;
  /** O10.2: no entering an Enemy controlled hex at Night (nor leaving one, O5.13). */
  nightEnemyZocEntry: boolean;
  /** Rules of the revised edition that 1975 does not have (Part 3 rows 17, 30, 41, 45). */
  morale: false;
  strategicMovement: false;
  fieldworks: false;
  cavalryRetreatBeforeCombat: false;
  /**
   * The garbled 6-1 column, die 5 (rules-editions.md 1.5.4): printed "Dr";
   * kept configurable in case a cleaner scan says "Ex".
   */
  sixToOneDieFive: ClassicResult;
}

export const CLASSIC_1975: Readonly<ClassicParameters> = Object.freeze({
  movementAllowance: 6,
  zocEntrySurcharge: 0,
  bridgeHexsideMp: 0,
  fordHexsideMp: 1,
  bombardRange: { min: 2, max: 3 },
  stackAttacksTogether: true,
  stackBombardsTogether: true,
  advancesPerCombat: 1,
  artilleryMayAdvance: true,
  nightCombat: false,
  nightEnemyZocEntry: false,
  morale: false,
  strategicMovement: false,
  fieldworks: false,
  cavalryRetreatBeforeCombat: false,
  sixToOneDieFive: 'Dr',
});
