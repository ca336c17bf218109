import type { Provider } from '@nestjs/common';
import { DEFAULT_RULES, type RulesRegistry } from '../engine/rules';

/**
 * Injection token of the rules systems the service plays (src/engine/rules):
 * every module reaches a game's rules through the system its scenario names
 * in this registry, never by branching on the system. Tests may provide
 * another registry (a test-only system beside the real ones).
 */
export const RULES_REGISTRY = Symbol('RULES_REGISTRY');

export const rulesRegistryProvider: Provider<RulesRegistry> = {
  provide: RULES_REGISTRY,
  useValue: DEFAULT_RULES,
};
