/**
 * The exclusive-rule hooks the 1975 rules read (battles.md §17; each battle's
 * exclusive rules, e.g. Chattanooga 1975 15.12, 16.11, 17.1, 17.2, 19.1,
 * 20.1). Names and parameters are the scenario's data (scenario.json
 * specialRules); this file only reads them. A hook the 1975 rules do not
 * know makes the scenario unplayable under them (classicSupport refuses it)
 * rather than being ignored.
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';

export const CLASSIC_HOOKS = [
  'reinforcement-deadline',
  'special-artillery',
  'movement-quota',
  'night-movement',
  'river-ferry',
  'victory-points-per-unit',
  'victory-points-ever-controlled',
  'victory-points-last-control',
  'victory-points-zoc',
] as const;

export function hooksNamed(ctx: GameContext, name: string): RuleHook[] {
  return ctx.scenario.specialRules.filter((r) => r.hook === name);
}

function param<T>(rule: RuleHook, key: string): T | undefined {
  return (rule.params ?? {})[key] as T | undefined;
}

/** Chattanooga 16.11: units of the special-artillery hook that may never move. */
export function immobile(ctx: GameContext, unitId: string): RuleHook | null {
  for (const r of hooksNamed(ctx, 'special-artillery')) {
    if (param<boolean>(r, 'immobile') && (param<string[]>(r, 'units') ?? []).includes(unitId))
      return r;
  }
  const spec = ctx.unitSpecs.get(unitId);
  if (spec?.flags?.includes('immobile')) return { hook: 'special-artillery', case: '—' };
  return null;
}

/** Chattanooga 16.11: eliminated instead of retreating. */
export function retreatEliminates(ctx: GameContext, unitId: string): RuleHook | null {
  for (const r of hooksNamed(ctx, 'special-artillery')) {
    if (
      param<boolean>(r, 'retreatEliminates') &&
      (param<string[]>(r, 'units') ?? []).includes(unitId)
    )
      return r;
  }
  return null;
}

/** Chattanooga 16.11: may not advance after combat. */
export function mayNotAdvance(ctx: GameContext, unitId: string): RuleHook | null {
  for (const r of hooksNamed(ctx, 'special-artillery')) {
    if (param<boolean>(r, 'mayNotAdvance') && (param<string[]>(r, 'units') ?? []).includes(unitId))
      return r;
  }
  return null;
}

/** Chattanooga 17.2: what Night does to a side's movement beyond O10.2. */
export function nightMovement(
  ctx: GameContext,
  side: Side,
): { rule: RuleHook; kind: 'no-movement' | 'may-exit-enemy-zoc' } | null {
  for (const r of hooksNamed(ctx, 'night-movement')) {
    const k = param<string>(r, side);
    if (k === 'no-movement' || k === 'may-exit-enemy-zoc') return { rule: r, kind: k };
  }
  return null;
}

/** The side's control of a hex (Chattanooga 17.15): a unit in it, else the last to move through it. */
export function controls(state: GameState, side: Side, hex: HexId): boolean {
  for (const id in state.units) {
    const u = state.units[id];
    if (u.status === 'on-map' && u.hex === hex) return u.side === side;
  }
  return state.objectives[hex] === side;
}

/**
 * Chattanooga 17.11-17.14: how many units `side` may still move this phase,
 * or null if unlimited. Units moved count unless exempt (17.12: GT2
 * reinforcements until GT5); 17.13: advances and retreats never count.
 */
export function quotaLeft(
  ctx: GameContext,
  state: GameState,
  side: Side,
): { left: number; limit: number; rule: RuleHook } | null {
  for (const r of hooksNamed(ctx, 'movement-quota')) {
    if (param<Side>(r, 'side') !== side) continue;
    const limits =
      param<Array<{ fromTurn?: number; turns?: number[]; units: number }>>(r, 'limits') ?? [];
    const lim = limits.find((l) =>
      l.turns ? l.turns.includes(state.turn) : state.turn >= (l.fromTurn ?? 1),
    );
    if (!lim) continue;
    let limit = lim.units;
    const bonus = param<{ controlHex: HexId; units: number }>(r, 'bonus');
    if (bonus && controls(state, side, bonus.controlHex)) limit += bonus.units;
    const exempt =
      param<Array<{ arrivalTurn: number; countFromTurn: number }>>(r, 'reinforcementsExempt') ?? [];
    const counts = (id: string): boolean => {
      const rs = ctx.reinforcementOf.get(id);
      if (!rs) return true;
      return !exempt.some((e) => e.arrivalTurn === rs.turn && state.turn < e.countFromTurn);
    };
    const used = (state.movement?.moved ?? []).filter(counts).length;
    return { left: limit - used, limit, rule: r };
  }
  return null;
}

/** Whether moving this unit counts against the quota (17.12). */
export function countsForQuota(ctx: GameContext, state: GameState, u: UnitState): boolean {
  for (const r of hooksNamed(ctx, 'movement-quota')) {
    if (param<Side>(r, 'side') !== u.side) continue;
    const rs = ctx.reinforcementOf.get(u.id);
    if (!rs) return true;
    const exempt =
      param<Array<{ arrivalTurn: number; countFromTurn: number }>>(r, 'reinforcementsExempt') ?? [];
    return !exempt.some((e) => e.arrivalTurn === rs.turn && state.turn < e.countFromTurn);
  }
  return false;
}

/** Chattanooga 15.11, 15.12: the last Game-Turn a side's reinforcements may enter, and whether missing it eliminates them. */
export function reinforcementDeadline(
  ctx: GameContext,
  side: Side,
): { turn: number; eliminated: boolean; rule: RuleHook } | null {
  for (const r of hooksNamed(ctx, 'reinforcement-deadline')) {
    if (param<Side>(r, 'side') !== side) continue;
    return {
      turn: param<number>(r, 'turn') ?? 0,
      eliminated: param<boolean>(r, 'missedEliminated') === true,
      rule: r,
    };
  }
  return null;
}
