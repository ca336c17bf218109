/**
 * The rules engine's public surface. Pure TypeScript: no I/O, no clock, no
 * Math.random; importable without Nest.
 */
export * from './types';
export * from './hex';
export * from './map';
export * from './dice';
export * from './state';
export * from './game';
export * from './errors';
export type { Board } from './rules/blue-grey/board';
export { refusal } from './rules/blue-grey/refusals';
export { zocOf, enemyZocOf, exertsZoc } from './rules/blue-grey/zoc';
export { victoryPoints, evaluateVictory, canOccupy } from './rules/blue-grey/victory';
export type { ApplyResult as CombatApplyResult } from './rules/blue-grey/combat-phase';
export { MOVEMENT_HOOKS } from './rules/hooks';
