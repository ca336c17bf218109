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
import { levelThatHolds, type VictoryStanding } from '../../victory';

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

/**
 * Who controls each hex the victory conditions name (17.15: a unit in it, or
 * the last side to control it), for the shared level check.
 */
export function classicHolders(ctx: GameContext, state: GameState): Record<HexId, Side | null> {
  const hexes = new Set<HexId>(ctx.scenario.victory.objectives.map((o) => o.hex));
  const walk = (c: VictoryCondition): void => {
    if ('all' in c) c.all.forEach(walk);
    else if ('any' in c) c.any.forEach(walk);
    else if ('not' in c) walk(c.not);
    else if ('occupies' in c) c.occupies.forEach((h) => hexes.add(h));
    else if ('enemyOccupiesAnyOf' in c) c.enemyOccupiesAnyOf.forEach((h) => hexes.add(h));
  };
  for (const level of ctx.scenario.victory.levels) walk(level.when);
  const holders: Record<HexId, Side | null> = {};
  for (const h of hexes) {
    holders[h] = controls(state, 'union', h)
      ? 'union'
      : controls(state, 'confederate', h)
        ? 'confederate'
        : null;
  }
  return holders;
}

/**
 * Where a 1975 game stands: points so far, who holds the objectives, and the
 * level the scenario's table gives if the game ended now (end-of-game points
 * included). Levels are checked by the one evaluator both rules systems share.
 */
export function classicStanding(ctx: GameContext, state: GameState): VictoryStanding {
  const spec = ctx.scenario.victory;
  const holders = classicHolders(ctx, state);
  const level = levelThatHolds(spec, classicFinalPoints(ctx, state), holders);
  const objectives: Record<HexId, Side | null> = {};
  for (const o of spec.objectives) objectives[o.hex] = holders[o.hex] ?? null;
  return {
    points: {
      union: classicVictoryPoints(ctx, state, 'union'),
      confederate: classicVictoryPoints(ctx, state, 'confederate'),
    },
    objectives,
    level: level?.level ?? spec.otherwise,
    winner: level?.side ?? null,
    competitionScore: level?.competitionScore ?? null,
    case: level?.case ?? null,
  };
}

export function evaluateClassicVictory(ctx: GameContext, state: GameState): GameResult {
  const vp = classicFinalPoints(ctx, state);
  const standing = classicStanding(ctx, state);
  const score = `Union ${vp.union}, Confederate ${vp.confederate} VP`;
  if (standing.winner === null) {
    return {
      winner: null,
      level: standing.level,
      reason: `no level of victory holds after the last Game-Turn: ${score}`,
    };
  }
  return {
    winner: standing.winner,
    level: standing.level,
    reason: `victory conditions (${standing.case}) after the last Game-Turn: ${score}`,
  };
}
