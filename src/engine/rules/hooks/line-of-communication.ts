/**
 * Line of Communication at the end of the game (battles.md §17 rank 8).
 *
 * Antietam 19.1: "Confederate units which cannot, at the end of the game,
 * trace a Line of Communication are considered eliminated for Victory Point
 * purposes. A Line of Communication is a series of contiguous hexes free of
 * Enemy units or Enemy Zones of Control to hex 0126. Friendly units do not
 * negate Enemy Zones of Control for this purpose."
 * Cemetery Hill 20.4 (with 20.2, friendly edges Union east, Confederate
 * west): "... a series of contiguous hexes of any length can be traced from
 * the unit to a road which in turn leads off a Friendly map edge. The entire
 * path of hexes, including the road hexes, must be free of Enemy units and
 * Enemy-controlled hexes. Exception: A Line of Communication may be traced
 * through any hex occupied by Friendly units, regardless of Enemy Zones of
 * Control."
 *
 * Readings:
 * - the path runs from a hex adjacent to the unit (the unit's own hex is not
 *   part of it, so a unit in an Enemy Zone of Control can still have a line)
 *   to a target hex, itself included; a unit in a target hex has one;
 * - "a road which leads off a Friendly map edge" is traced to the hex where
 *   it leaves the map: a hex on that edge with a road or turnpike in it (the
 *   road's own hexes are contiguous hexes of the path, so reaching that edge
 *   hex along any free path is the same as reaching the road);
 * - the path crosses only hexes and hexsides units could enter (not
 *   prohibited terrain, 6.27);
 * - maxLength, when given, counts the hexes of the path;
 * - units not on the map (exited, pending, eliminated) are not checked.
 * Victory reads the strength points of each side's units without a line
 * (VictoryInputs.withoutLineOfCommunication), traced as if the game ended now.
 *
 * params: { side: Side | "both", when?: "end-of-game",
 *           targetHexes?: HexId[] | target?: "road-leading-off-friendly-edge" with friendlyEdges: {union, confederate},
 *           blockedBy?: Array<"enemy-units" | "enemy-zoc"> (default both), friendlyUnitsNegateZoc?: boolean,
 *           maxLength?: number | null, exitedUnitsExempt?: true,
 *           effect?: "counts-as-eliminated" | "enemy-scores-per-strength-point" }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';
import { SIDES } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { lineFromNeighbour, lineReach, type LineObstruction, type LineRules } from './supply-line';

type Edge = 'north' | 'east' | 'south' | 'west';

export const lineOfCommunicationSupport: HookSupport = knownParams(
  [
    'side',
    'when',
    'targetHexes',
    'target',
    'friendlyEdges',
    'blockedBy',
    'friendlyUnitsNegateZoc',
    'maxLength',
    'exitedUnitsExempt',
    'effect',
  ],
  (p) => {
    if (p.side !== 'both' && p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    if (p.when !== undefined && p.when !== 'end-of-game') return `when "${String(p.when)}"`;
    if (p.targetHexes === undefined && p.target !== 'road-leading-off-friendly-edge')
      return `target "${String(p.target)}"`;
    if (p.target !== undefined && !p.friendlyEdges)
      return 'a friendly-edge target without "friendlyEdges"';
    const blocked = (p.blockedBy as unknown[]) ?? [];
    if (!Array.isArray(blocked) || blocked.some((b) => b !== 'enemy-units' && b !== 'enemy-zoc'))
      return `blockedBy ${JSON.stringify(p.blockedBy)}`;
    if (p.exitedUnitsExempt === false) return 'exitedUnitsExempt false';
    if (
      p.effect !== undefined &&
      p.effect !== 'counts-as-eliminated' &&
      p.effect !== 'enemy-scores-per-strength-point'
    )
      return `effect "${String(p.effect)}"`;
    return null;
  },
);

/** The hexes (board indices) from which a unit of `side` has a Line of Communication, and the target hexes. */
export interface LineOfCommunication {
  /** 1 where a path to a target, this hex included, exists (within maxLength). */
  reached: Uint8Array;
  targets: HexId[];
}

export function lineOfCommunication(rule: RuleHook): MovementHook & {
  trace(ctx: GameContext, state: GameState, side: Side): LineOfCommunication;
  unitsWithout(ctx: GameContext, state: GameState, side: Side): string[];
} {
  const p = rule.params ?? {};
  const sides: readonly Side[] = p.side === 'both' ? SIDES : [p.side as Side];
  const blockedBy = (p.blockedBy as string[]) ?? ['enemy-units', 'enemy-zoc'];
  // Prohibited terrain and hexsides always block the line (6.27).
  const lineRules: LineRules = {
    blockedBy: [...(blockedBy as LineObstruction[]), 'prohibited-terrain'],
    friendlyUnitsNegateZoc: p.friendlyUnitsNegateZoc === true,
    maxLength: typeof p.maxLength === 'number' ? p.maxLength : Infinity,
  };
  const targetCache = new Map<string, HexId[]>();

  const targetsOf = (ctx: GameContext, side: Side): HexId[] => {
    const k = `${ctx.scenario.id}:${side}`;
    let t = targetCache.get(k);
    if (t) return t;
    if (p.targetHexes) t = (p.targetHexes as HexId[]).filter((h) => ctx.map.has(h));
    else {
      const edge = (p.friendlyEdges as Record<Side, Edge>)[side];
      t = ctx.map.grid
        .all()
        .filter((h) => ctx.map.grid.edgesOf(h).includes(edge))
        .filter((h) => ctx.map.routesIn(h).some((r) => r === 'road' || r === 'turnpike'));
    }
    targetCache.set(k, t);
    return t;
  };

  const trace = (ctx: GameContext, state: GameState, side: Side): LineOfCommunication => {
    const targets = targetsOf(ctx, side);
    return { reached: lineReach(ctx, state, side, targets, lineRules), targets };
  };

  const unitsWithout = (ctx: GameContext, state: GameState, side: Side): string[] => {
    const { reached, targets } = trace(ctx, state, side);
    const out: string[] = [];
    for (const id in state.units) {
      const u = state.units[id];
      if (
        u.side !== side ||
        u.status !== 'on-map' ||
        u.hex === null ||
        ctx.unitSpecs.get(id)?.type === 'gunboat'
      )
        continue;
      if (!lineFromNeighbour(ctx, reached, targets, u.hex)) out.push(id);
    }
    return out.sort();
  };

  return {
    hook: rule.hook,
    case: rule.case,
    trace,
    unitsWithout,
    victoryInputs(ctx, state) {
      const cut: Record<Side, number> = { union: 0, confederate: 0 };
      for (const side of sides)
        for (const id of unitsWithout(ctx, state, side)) cut[side] += state.units[id].strength;
      return { withoutLineOfCommunication: cut };
    },
  };
}
