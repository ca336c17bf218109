/**
 * Combat-side exclusive-rule hooks (battles.md §17, rank 19): named in a
 * scenario's specialRules and consulted by the combat rules.
 *
 * - combat-die-modifier {side, turns, modifier}: added to the combat die of
 *   every attack that side makes on those Game-Turns (Shiloh 19.2: −1 to the
 *   die for every Confederate attack on Game-Turns 1 and 2).
 */
import type { RuleHook, ScenarioDocument, Side } from '../../types';

export const COMBAT_HOOKS = ['combat-die-modifier'];

export interface DieModifier {
  modifier: number;
  case: string;
}

function isSide(x: unknown): x is Side {
  return x === 'union' || x === 'confederate';
}

/** The combat die modifiers the scenario gives an attack by `side` on `turn`. */
export function combatDieModifiers(
  scenario: ScenarioDocument,
  side: Side,
  turn: number,
): DieModifier[] {
  const out: DieModifier[] = [];
  for (const rule of scenario.specialRules as RuleHook[]) {
    if (rule.hook !== 'combat-die-modifier') continue;
    const p = rule.params ?? {};
    const turns = Array.isArray(p.turns) ? (p.turns as unknown[]) : undefined;
    if (p.side !== undefined && (!isSide(p.side) || p.side !== side)) continue;
    if (turns && !turns.includes(turn)) continue;
    if (typeof p.modifier !== 'number' || !Number.isInteger(p.modifier)) continue;
    out.push({ modifier: p.modifier, case: rule.case });
  }
  return out;
}
