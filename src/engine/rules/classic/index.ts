/**
 * The 1975 SPI Blue & Gray standard rules as a rules system ("classic",
 * version "1975"): what the engine calls for a game pinned to it.
 */
export { CLASSIC_1975, CLASSIC_SYSTEM, CLASSIC_VERSION } from './parameters';
export { applyClassicOrder, classicOrders } from './sequence-of-play';
export { classicStanding, classicVictoryPoints } from './victory';
export { newClassicGame } from './set-up';
export { classicScenarioGaps, classicSupport } from './support';
