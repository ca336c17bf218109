/**
 * Victory under the 1975 rules: each battle's exclusive rules (the 1975
 * standard rules have none), read from the scenario's data. Point rules the
 * revised edition's victory code also reads (victory.points, e.g. per
 * strength point eliminated) count here too; the 1975 Chattanooga's own
 * schedule (20.11, 20.12) is per unit and per hex, given as hooks:
 *
 *   victory-points-per-unit {union, confederate}: VP per enemy unit eliminated;
 *   victory-points-ever-controlled {side, hexes, points}: awarded once, at the
 *     time of control (control.ts keeps the record);
 *   victory-points-last-control {side, hexes, points}: at the end, for each
 *     hex the side was the last to control (17.15);
 *   victory-points-zoc {side, terrain, unitType, points}: at the end, for each
 *     hex of that terrain in the Zone of Control of the side's units of that
 *     type, whoever stands in it.
 * Levels are checked in the scenario's order; the first that holds wins.
 */
import type { GameContext } from '../../game';
import type { GameResult, GameState } from '../../state';
import type { HexId, HexTerrain, Side, UnitType, VictoryCondition } from '../../types';
import { otherSide } from '../../types';
import { zocOf } from '../blue-grey/zoc';
import { everControlled } from './control';
import { controls, hooksNamed } from './hooks';

export function classicVictoryPoints(ctx: GameContext, state: GameState, side: Side): number {
  const enemy = otherSide(side);
  let vp = 0;
  for (const rule of ctx.scenario.victory.points) {
    if (rule.kind === 'eliminated-strength' && (rule.side === undefined || rule.side === side))
      vp += rule.points * state.eliminatedStrength[enemy];
  }
  for (const r of hooksNamed(ctx, 'victory-points-per-unit')) {
    const per = (r.params ?? {})[side];
    if (typeof per !== 'number') continue;
    vp +=
      per *
      Object.values(state.units).filter((u) => u.side === enemy && u.status === 'eliminated')
        .length;
  }
  for (const r of hooksNamed(ctx, 'victory-points-ever-controlled')) {
    const p = r.params ?? {};
    if (p.side !== side) continue;
    const ever = everControlled(state)[side].filter((h) => (p.hexes as HexId[]).includes(h));
    vp += (p.points as number) * ever.length;
  }
  return vp;
}

/** Points awarded only at the game's end (20.12). */
export function classicEndPoints(ctx: GameContext, state: GameState, side: Side): number {
  let vp = 0;
  for (const r of hooksNamed(ctx, 'victory-points-last-control')) {
    const p = r.params ?? {};
    if (p.side !== side) continue;
    vp +=
      (p.points as number) * (p.hexes as HexId[]).filter((h) => controls(state, side, h)).length;
  }
  for (const r of hooksNamed(ctx, 'victory-points-zoc')) {
    const p = r.params ?? {};
    if (p.side !== side) continue;
    const only = Object.fromEntries(
      Object.entries(state.units).filter(
        ([id, u]) => u.side !== side || ctx.unitSpecs.get(id)!.type === (p.unitType as UnitType),
      ),
    );
    const zoc = zocOf(ctx, { ...state, units: only }, side);
    for (let i = 0; i < ctx.board.size; i++)
      if (zoc[i] && ctx.map.hex(ctx.board.ids[i]).terrain === (p.terrain as HexTerrain))
        vp += p.points as number;
  }
  return vp;
}

export function classicFinalPoints(ctx: GameContext, state: GameState): Record<Side, number> {
  return {
    union: classicVictoryPoints(ctx, state, 'union') + classicEndPoints(ctx, state, 'union'),
    confederate:
      classicVictoryPoints(ctx, state, 'confederate') + classicEndPoints(ctx, state, 'confederate'),
  };
}

function holds(
  ctx: GameContext,
  state: GameState,
  side: Side,
  c: VictoryCondition,
  vp: Record<Side, number>,
): boolean {
  if ('all' in c) return c.all.every((x) => holds(ctx, state, side, x, vp));
  if ('any' in c) return c.any.some((x) => holds(ctx, state, side, x, vp));
  if ('not' in c) return !holds(ctx, state, side, c.not, vp);
  if ('occupies' in c) return c.occupies.every((h) => controls(state, side, h));
  const own = vp[side];
  const enemy = vp[otherSide(side)];
  if ('pointsAtLeastTimes' in c) return own >= c.pointsAtLeastTimes * enemy;
  if ('pointsMoreThanTimes' in c) return own > c.pointsMoreThanTimes * enemy;
  if ('pointsLeadAtLeast' in c) return own - enemy >= c.pointsLeadAtLeast;
  return false;
}

export function evaluateClassicVictory(ctx: GameContext, state: GameState): GameResult {
  const vp = classicFinalPoints(ctx, state);
  for (const level of ctx.scenario.victory.levels) {
    if (holds(ctx, state, level.side, level.when, vp)) {
      return {
        winner: level.side,
        level: level.level,
        reason: `victory conditions (${level.case}) after the last Game-Turn: Union ${vp.union}, Confederate ${vp.confederate} VP`,
      };
    }
  }
  return {
    winner: null,
    level: 'draw',
    reason: `no level of victory holds after the last Game-Turn: Union ${vp.union}, Confederate ${vp.confederate} VP`,
  };
}
