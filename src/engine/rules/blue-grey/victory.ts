/**
 * Victory at the end of the last Game-Turn (4.0, the exclusive rules' victory
 * conditions, e.g. Shiloh 18.0–18.3), read from the scenario's victory spec:
 * victory points per enemy strength point eliminated, occupation of objective
 * hexes, and levels checked in order (the first that holds wins).
 */
import type { GameContext } from '../../game';
import type { GameResult, GameState } from '../../state';
import type { Side, VictoryCondition } from '../../types';
import { otherSide } from '../../types';

/** Victory points of a side: its points for enemy strength eliminated. */
export function victoryPoints(ctx: GameContext, state: GameState, side: Side): number {
  let vp = 0;
  for (const rule of ctx.scenario.victory.points) {
    if (rule.kind === 'eliminated-strength') vp += rule.points * state.eliminatedStrength[otherSide(side)];
  }
  return vp;
}

/** 18.31: a side occupies a hex if its unit is there, or it was the last to move into or through it. */
export function occupies(ctx: GameContext, state: GameState, side: Side, hex: string): boolean {
  for (const id in state.units) {
    const u = state.units[id];
    if (u.status === 'on-map' && u.hex === hex && ctx.unitSpecs.get(id)!.type !== 'gunboat') return u.side === side;
  }
  return state.objectives[hex] === side;
}

export function holds(ctx: GameContext, state: GameState, side: Side, c: VictoryCondition): boolean {
  if ('all' in c) return c.all.every((x) => holds(ctx, state, side, x));
  if ('any' in c) return c.any.some((x) => holds(ctx, state, side, x));
  if ('not' in c) return !holds(ctx, state, side, c.not);
  if ('occupies' in c) return c.occupies.every((h) => occupies(ctx, state, side, h));
  const own = victoryPoints(ctx, state, side);
  const enemy = victoryPoints(ctx, state, otherSide(side));
  if ('pointsAtLeastTimes' in c) return own >= c.pointsAtLeastTimes * enemy;
  if ('pointsMoreThanTimes' in c) return own > c.pointsMoreThanTimes * enemy;
  if ('pointsLeadAtLeast' in c) return own - enemy >= c.pointsLeadAtLeast;
  return false;
}

export function evaluateVictory(ctx: GameContext, state: GameState): GameResult {
  for (const level of ctx.scenario.victory.levels) {
    if (holds(ctx, state, level.side, level.when)) {
      return { winner: level.side, level: level.level, reason: `victory conditions (${level.case}) after the last Game-Turn` };
    }
  }
  return { winner: null, level: 'draw', reason: 'no level of victory holds after the last Game-Turn' };
}
