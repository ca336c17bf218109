/**
 * Night combat (11.2): attacks are compulsory only for units that moved into
 * an enemy ZOC this Night Game-Turn (11.21); the attacking total is doubled,
 * kept or halved by a separate die (11.23); no artillery attack from a
 * non-adjacent hex (11.24, artillery.ts); non-attacking units are not
 * affected by night attacks (11.22: advance.ts, displacement.ts).
 */
import type { Dice } from '../../dice';
import type { GameEvent } from '../../types';
import { nightFactor } from './strength';

/** 11.21: at Night only units that moved into an enemy ZOC this turn must attack. */
export function obligedAtNight(
  night: boolean,
  enteredEnemyZoc: readonly string[],
  unit: string,
): boolean {
  return !night || enteredEnemyZoc.includes(unit);
}

/** 11.23: the night die, rolled immediately before the combat die, recorded with its effect. */
export function rollNightDie(dice: Dice, combat: number, events: GameEvent[]): number {
  const roll = dice.d6();
  events.push({
    type: 'die-rolled',
    purpose: 'night-strength',
    rule: '11.23',
    combat,
    roll,
    effect: nightFactor(roll).effect,
  });
  return roll;
}
