/**
 * Exclusive-rule hooks keep their bookkeeping in state.hookState, one entry
 * per declaration ("movement-quota:20.1"), as plain JSON.
 */
import type { GameState } from '../../state';
import type { RuleHook } from '../../types';

export function hookKey(rule: Pick<RuleHook, 'hook' | 'case'>): string {
  return `${rule.hook}:${rule.case}`;
}

export function hookStateOf<T>(state: GameState, key: string, initial: T): T {
  return (state.hookState?.[key] as T | undefined) ?? initial;
}

export function withHookState<T>(state: GameState, key: string, value: T): GameState {
  return { ...state, hookState: { ...state.hookState, [key]: value } };
}
