/**
 * What the battle needs of the Unit Data chart [2.3] and the Terrain Effects
 * chart (seed 002 L151–167, L469–482): battle firepower by type, mode and
 * year (7.31, 7.34, 7.35; notes §2.2), speed (for Pursuit Fire, 7.14), the
 * Force March table the Outflank roll uses (5.322, 7.43) and the hexside
 * limits (7.12, 7.51).
 *
 * Firepower Fn hits on a die of n or less [7.31]. The numbers are the
 * block data documents' (src/engine/rules/block/data, notes §2.1–2.3).
 */
import type { BattleTerrain, HexsideTerrain, Side, UnitType, Weather } from './types';

import {
  attackLimit as dataAttackLimit,
  forceMarchSucceeds as dataForceMarchSucceeds,
  reinforceLimit as dataReinforceLimit,
  firepower as dataFirepower,
  hqTypeOf,
  maxCvOf,
  pursuitFire,
  unitType,
  yearMonth,
  type FireContext,
  type HexsideLimit,
  type UnitTypeId,
} from './data';

/** How a unit fires, for the firepower matrix (notes §2.2). */
export type FireMode = 'offense' | 'defense' | 'long' | 'enfilade-own' | 'enfilade-enemy' | 'melee';

const CONTEXT: Record<FireMode, FireContext> = {
  offense: 'engagedOffense',
  defense: 'engagedDefense',
  long: 'longRange',
  'enfilade-own': 'enfiladeOwnLine',
  'enfilade-enemy': 'enfiladeEnemyLine',
  melee: 'melee',
};

/** The Unit Data chart row of a battle block (HQs have a row per side, [2.3]). */
export function dataTypeOf(type: UnitType, side: Side): UnitTypeId {
  return type === 'hq' ? hqTypeOf(side) : type;
}

/**
 * The battle firepower of a unit (0 = may not fire that way), from the
 * firepower matrix of the Unit Data document (notes §2.2; data.ts):
 * 7.31 by type, Offense/Defense and month (cavalry F2/F3 from January 1863,
 * A1), long range, 7.34 enfilade from the own or the enemy battleline
 * (garrisons F1 either way, A30; Heavy Artillery F1, A31), 7.35 melee;
 * Heavy Artillery F2 at long range in a fortress battle (7.31, 7.6).
 */
export function firepower(
  type: UnitType,
  side: Side,
  mode: FireMode,
  when: { year: number; month: number },
  terrain: BattleTerrain,
): number {
  return (
    dataFirepower(
      dataTypeOf(type, side),
      CONTEXT[mode],
      yearMonth(when.year, when.month),
      terrain === 'fortress',
    ) ?? 0
  );
}

/** Campaign speed [2.3] Dry/Mud, compared in Pursuit Fire (7.14). */
export function speed(type: UnitType, side: Side, weather: Weather): number {
  return unitType(dataTypeOf(type, side)).speed[weather];
}

/** 7.14: pursuit firepower from the pursuer's and the slowest retreating block's speeds (0 = none). */
export function pursuitFirepower(pursuerSpeed: number, retreatSpeed: number): number {
  return pursuitFire(pursuerSpeed, retreatSpeed) ?? 0;
}

/**
 * The Force March table (5.322, L844) as the Outflank roll uses it (7.43):
 * success on a modified 5–6 (USA) or 4–6 (CSA); +1 Cavalry, −1 Artillery
 * (Field or Heavy, A18), −1 Mud, −1 when the battle hex is rough (forest or
 * marsh). Worked example (sb "Outflank example"): CSA cavalry, forest, Mud
 * → net −1, needs 5+.
 */
export function outflankModifier(type: UnitType, weather: Weather, terrain: BattleTerrain): number {
  let m = 0;
  if (type === 'cavalry') m += 1;
  if (type === 'artillery' || type === 'heavy-artillery') m -= 1;
  if (weather === 'mud') m -= 1;
  if (terrain === 'forest' || terrain === 'marsh') m -= 1;
  return m;
}

/** 5.322: a modified roll of 5–6 (USA) or 4–6 (CSA) succeeds (Force March table, terrain-effects.json). */
export function forceMarchSucceeds(side: Side, modifiedRoll: number): boolean {
  return dataForceMarchSucceeds(side, modifiedRoll);
}

/** A hexside limit: a number of units, or "DR" (one unit on a 50% roll, 7.51). */
export type Limit = HexsideLimit;

/** The Attack limit (Terrain Effects chart, terrain-effects.json): also the retreat limit by day, doubled at Night (7.12). */
export function attackLimit(t: HexsideTerrain, weather: Weather): number {
  return dataAttackLimit(t, weather);
}

/** The Reinforce limit per hexside per Battle Turn (7.51; terrain-effects.json). */
export function reinforceLimit(t: HexsideTerrain, weather: Weather): Limit {
  return dataReinforceLimit(t, weather);
}

/**
 * Maximum CV of a non-HQ block of a side and theater when the scenario does
 * not give one: the counter mix (data.ts; USA West provisional, A40). HQ
 * maxima are per HQ and given by the scenario; null where 002 gives none.
 */
export function defaultMaxCv(type: UnitType, side: Side, theater: 'east' | 'west'): number | null {
  if (type === 'hq') return null;
  return maxCvOf(side, theater, type)?.value ?? null;
}
