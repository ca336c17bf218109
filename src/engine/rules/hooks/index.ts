/**
 * Movement-side exclusive-rule hooks (battles.md §17): a scenario declares
 * them by name in specialRules; the movement rules consult them at fixed
 * points. Hooks the movement rules do not know are left to the other rules
 * sections (combat, victory) that own them.
 */
import type { ScenarioDocument } from '../../types';
import type { HookFactory, MovementHook } from './movement-hook';
import { surpriseAssault } from './surprise-assault';
import { ferryCrossing } from './ferry-crossing';

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
