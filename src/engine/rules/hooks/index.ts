/**
 * Movement-side exclusive-rule hooks (battles.md §17): a scenario declares
 * them by name in specialRules; the movement rules consult them at fixed
 * points. Hooks the movement rules do not know are left to the other rules
 * sections (combat, victory) that own them.
 */
import type { RuleHook, ScenarioDocument } from '../../types';
import type { HookFactory, MovementHook } from './movement-hook';
import { surpriseAssault } from './surprise-assault';
import { ferryCrossing } from './ferry-crossing';
import { COMBAT_HOOKS } from './combat-hooks';

export * from './movement-hook';

const registry: Record<string, HookFactory> = {
  'surprise-assault': surpriseAssault,
  'ferry-crossing': ferryCrossing,
};

/** Names of the movement-side hooks this engine implements. */
export const MOVEMENT_HOOKS = Object.keys(registry);

/** The movement hooks a scenario declares, in declaration order. */
export function resolveMovementHooks(scenario: ScenarioDocument): MovementHook[] {
  const out: MovementHook[] = [];
  for (const rule of scenario.specialRules) {
    const f = registry[rule.hook];
    if (f) out.push(f(rule));
  }
  return out;
}

/**
 * Every exclusive-rule hook this engine implements, whichever rules section
 * consults it. A hook added under src/engine/rules/hooks/ must be listed here
 * (through its section's list) or games of scenarios that declare it are
 * refused.
 */
export const IMPLEMENTED_HOOKS: ReadonlySet<string> = new Set([...MOVEMENT_HOOKS, ...COMBAT_HOOKS]);

/**
 * The special rules a scenario declares that the engine does not implement
 * yet. Playing such a scenario without them would silently change the battle,
 * so a game of it is refused as "not yet supported" until they exist.
 */
export function unsupportedHooks(scenario: ScenarioDocument): RuleHook[] {
  return scenario.specialRules.filter((rule) => !IMPLEMENTED_HOOKS.has(rule.hook));
}
