/**
 * Die-roll modifiers on morale rolls (battles.md §17 rank 19): a number added
 * to the die of one side's Disorder checks (12.12, 12.13) and/or Rally
 * attempts (12.41b), read by the morale rules where they roll.
 *
 * Ezra Church 17.4: "The Confederate Player only must add one to the die roll
 * for any Disorder check or Rally attempt. This is to simulate the fatigue
 * the Confederate forces were experiencing on the day of the battle."
 *
 * Reading: the roll is made for a unit of `side` (the owner rolls for his
 * unit, attacking or defending); the modified roll is read on the 12.12,
 * 12.13 or 12.41b table, a result above 6 as 6 and below 1 as 1 (the tables
 * end there). Automatic Disorder (12.11, artillery) rolls no die and is not
 * affected. The die and the modified roll are both in the events.
 *
 * params: { side: Side, rolls: Array<"disorder" | "rally">, modifier: integer (non-zero),
 *           turns?: number[] }  // Game-Turns it applies on (all if absent)
 */
import type { RuleHook, ScenarioDocument, Side } from '../../types';
import { knownParams, type HookSupport } from './movement-hook';

export const MORALE_HOOKS = ['morale-die-modifier'];

export type MoraleRoll = 'disorder' | 'rally';

export const moraleDieModifierSupport: HookSupport = knownParams(
  ['side', 'rolls', 'modifier', 'turns'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    if (
      !Array.isArray(p.rolls) ||
      p.rolls.length === 0 ||
      p.rolls.some((r) => r !== 'disorder' && r !== 'rally')
    )
      return `rolls ${JSON.stringify(p.rolls)}`;
    if (!Number.isInteger(p.modifier) || p.modifier === 0)
      return `modifier ${JSON.stringify(p.modifier)}`;
    if (p.turns !== undefined && (!Array.isArray(p.turns) || !p.turns.every(Number.isInteger)))
      return `turns ${JSON.stringify(p.turns)}`;
    return null;
  },
);

/** The total modifier to a `roll` die rolled for a unit of `side` on `turn`, and the cases that give it. */
export function moraleDieModifier(
  scenario: ScenarioDocument,
  side: Side,
  roll: MoraleRoll,
  turn: number,
): { modifier: number; cases: string[] } {
  let modifier = 0;
  const cases: string[] = [];
  for (const rule of scenario.specialRules as RuleHook[]) {
    if (rule.hook !== 'morale-die-modifier' || moraleDieModifierSupport(rule) !== null) continue;
    const p = rule.params ?? {};
    if (p.side !== side || !(p.rolls as string[]).includes(roll)) continue;
    if (Array.isArray(p.turns) && !p.turns.includes(turn)) continue;
    modifier += p.modifier as number;
    cases.push(rule.case);
  }
  return { modifier, cases };
}

/** The die as read on a 1-6 table after the modifier. */
export const modifiedDie = (roll: number, modifier: number): number =>
  Math.min(6, Math.max(1, roll + modifier));
