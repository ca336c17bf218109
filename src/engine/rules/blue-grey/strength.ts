/**
 * Combat strength pipeline (8.3, 12.2, 12.25; Charts box "1. Range
 * 2. Morale 3. Terrain 4. Combine 5. Night").
 *
 * Each unit is modified on its own, stage by stage, rounding the resulting
 * value to the nearest integer with exactly .5 going up, never below 1
 * (8.32, 10.22, 12.24). Then the units are summed, and at Night the attacking
 * total is doubled, kept or halved by a die roll (11.23). All arithmetic is
 * exact integer arithmetic on fractions: no float ever decides a rounding.
 */
import type { Morale } from './morale';

/** A fraction num/den applied to a strength. */
export type Factor = readonly [number, number];

export const ONE_AND_A_HALF: Factor = [3, 2];
export const TWO_THIRDS: Factor = [2, 3];
export const ONE_THIRD: Factor = [1, 3];
export const ONE_HALF: Factor = [1, 2];
export const DOUBLE: Factor = [2, 1];
export const UNCHANGED: Factor = [1, 1];

/**
 * strength × num/den rounded to the nearest integer, .5 up (8.32): floor of
 * (2·s·num + den) / (2·den). Rounds the resulting value, not the reduction,
 * which is what 8.41's example needs (5 halved = 3).
 */
export function scaleRounded(strength: number, [num, den]: Factor): number {
  return Math.floor((2 * strength * num + den) / (2 * den));
}

/** One stage of 8.32: scale, round, and never below 1. */
export function stage(strength: number, factor: Factor): number {
  return Math.max(1, scaleRounded(strength, factor));
}

/** How an attacking unit takes part, which decides its range effect (9.19, 9.25, 9.48, 9.65). */
export interface AttackingUnitInput {
  /** Current face strength. */
  strength: number;
  /** 'gunboat' has no range effects (9.65); 'artillery' includes horse artillery (9.0). */
  kind: 'artillery' | 'gunboat' | 'other';
  morale: Morale;
  /** Range to the defending hex (1 = adjacent), for artillery and gunboats. */
  range: number;
  /** Halved by terrain (8.41, 10.21), at most once (10.22). */
  halved: boolean;
  /** An exclusive rule exempts the unit from range effects: its strength does not depend on its distance (Antietam 18.2). */
  noRangeEffects?: boolean;
}

export interface StrengthStages {
  printed: number;
  range: number;
  morale: number;
  terrain: number;
}

/** Range factor of an attacking unit (stage 1). */
export function attackRangeFactor(kind: AttackingUnitInput['kind'], range: number): Factor {
  if (kind !== 'artillery') return UNCHANGED; // 9.65: gunboats have no range effects
  if (range <= 1) return ONE_AND_A_HALF; // 9.48 (and A23: any adjacent artillery attack)
  if (range >= 3) return TWO_THIRDS; // 9.19, 9.25
  return UNCHANGED;
}

/** Morale factor of an attacking unit (stage 2): 12.21, 12.22. Routed units may not attack (12.23). */
export function attackMoraleFactor(morale: Morale): Factor {
  switch (morale) {
    case 'good':
      return UNCHANGED;
    case 'disordered':
      return TWO_THIRDS;
    case 'shaken':
      return ONE_THIRD;
    case 'routed':
      throw new Error('12.23: a Routed unit may not attack');
  }
}

/** Morale factor of a defending unit (stage 2): 12.21–12.23. */
export function defenceMoraleFactor(morale: Morale): Factor {
  switch (morale) {
    case 'good':
    case 'disordered':
      return UNCHANGED;
    case 'shaken':
      return TWO_THIRDS;
    case 'routed':
      return ONE_THIRD;
  }
}

/** The adjusted attack strength of one unit, with each stage shown (8.32). */
export function attackingStrength(u: AttackingUnitInput): StrengthStages {
  const range = stage(
    u.strength,
    u.noRangeEffects ? UNCHANGED : attackRangeFactor(u.kind, u.range),
  );
  const morale = stage(range, attackMoraleFactor(u.morale));
  const terrain = u.halved ? stage(morale, ONE_HALF) : morale;
  return { printed: u.strength, range, morale, terrain };
}

export interface DefendingUnitInput {
  strength: number;
  morale: Morale;
  /** 9.53: artillery defending against an attack that includes adjacent units, not Routed (12.36), stacked with or adjacent to friendly infantry or cavalry. */
  artilleryBonus: boolean;
  /** 8.74: retreated into this hex earlier in the phase; adds nothing to the defence. */
  retreatedInto: boolean;
  /** An exclusive rule halves the unit where it stands (Grand Chancellorsville 22.11: River ferry hexes); stage 3. */
  halved?: boolean;
}

/** The adjusted defence strength of one unit. Revised terrain never changes a defender (2.6); an exclusive rule may halve it. */
export function defendingStrength(u: DefendingUnitInput): StrengthStages {
  if (u.retreatedInto) return { printed: u.strength, range: 0, morale: 0, terrain: 0 };
  // A24: the 9.53 bonus is placed at stage 1, before morale.
  const range = u.artilleryBonus ? stage(u.strength, ONE_AND_A_HALF) : u.strength;
  const morale = stage(range, defenceMoraleFactor(u.morale));
  const terrain = u.halved ? stage(morale, ONE_HALF) : morale;
  return { printed: u.strength, range, morale, terrain };
}

/** 11.23: the night die applied to the attacking total. */
export function nightFactor(die: number): {
  factor: Factor;
  effect: 'doubled' | 'unaffected' | 'halved';
} {
  if (die === 1) return { factor: DOUBLE, effect: 'doubled' };
  if (die <= 3) return { factor: UNCHANGED, effect: 'unaffected' };
  return { factor: ONE_HALF, effect: 'halved' };
}

/**
 * 11.23 and 12.24 "Exception: Night": the total is scaled and rounded; the
 * minimum of 1 is waived but, with .5 rounding up, a positive total never
 * falls to 0 (A33).
 */
export function nightTotal(total: number, die: number): number {
  return scaleRounded(total, nightFactor(die).factor);
}
