/**
 * line-of-communication, the form with Friendly controlled targets per side
 * and lines from exit hexes (battles.md §17 rank 8).
 *
 * Road to Vicksburg 20.0: "Each unit remaining on the map sheet at the end of
 * the game, and all Union units that have exited the map sheet at hexes 0108
 * or 0119 must be able to trace a Line of Communication at the end of the
 * game. Units unable to do so are considered eliminated for Victory Point
 * purposes." 20.1: "A Line of Communication consists of a contiguous line of
 * hexes of any length, free of Enemy units, Enemy Zones of Control or
 * prohibited Terrain. The Line of Communication must extend from the tracing
 * unit, or the hex from which the tracing unit exited the map sheet, to
 * certain Friendly controlled hexes at the map edge. Friendly units negate
 * Enemy Zones of Control for the purpose of tracing Lines of Communication."
 * 20.2: "Union units can trace Lines of Communication to hexes 1902, 1911 or
 * 1920." 20.3: "Confederate units can trace Lines of Communication to any
 * road hex on the eastern or western edges of the map sheet."
 *
 * Readings:
 * - targets per side: listed `hexes`, or every hex on the listed edges that a
 *   road (or turnpike) runs through (`roadHexesOnEdges`); with
 *   targetsFriendlyControlled, a target counts only while the side controls
 *   it: an objective hex by the scenario's control (a unit in it, else the
 *   last holder, else the initial one, objective-control-contested.ts), any
 *   other hex unless an Enemy unit stands in it;
 * - the line is traced as line-of-communication.ts traces it: from a hex
 *   adjacent to the unit (a unit's own hex never blocks it; a unit in a
 *   target hex has one) over hexes free of Enemy units, of Enemy Zones of
 *   Control unless a Friendly unit is there, and of prohibited terrain and
 *   hexsides (creeks without a bridge or ford, 6.29), of any length;
 * - exited units (`exitedUnits`, the map-exit hook's record): the line runs
 *   from the exit hex itself, which must be free as any hex of the line. For
 *   each exit hex an event `<event>:<side>:<hex>` is reported when a line
 *   runs from it (victory rules on exit points read it: an exited unit
 *   without a line scores nothing, 20.0 "considered eliminated");
 * - without a line a unit's strength counts as eliminated
 *   (VictoryInputs.withoutLineOfCommunication), exited units included.
 *
 * params: { side: "both", when?: "end-of-game",
 *           targets: { union?: Target, confederate?: Target }  (Target: { hexes: HexId[] } | { roadHexesOnEdges: Edge[] }),
 *           targetsFriendlyControlled?: true, blockedBy?: ["enemy-units","enemy-zoc","prohibited-terrain"],
 *           friendlyUnitsNegateZoc?: boolean, exitedUnits?: { side: Side, hexes: HexId[], event: string },
 *           effect: "counts-as-eliminated" }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';
import { SIDES } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { controlOf } from './objective-control-contested';
import { lineFromNeighbour, lineReach, type LineObstruction, type LineRules } from './supply-line';
import type { ExitState } from './map-exit';

type Edge = 'north' | 'east' | 'south' | 'west';
type Target = { hexes: HexId[] } | { roadHexesOnEdges: Edge[] };
const EDGES = ['north', 'east', 'south', 'west'];

export function isControlledTargetsForm(rule: RuleHook): boolean {
  return rule.params?.targets !== undefined;
}

export const controlledTargetsSupport: HookSupport = knownParams(
  [
    'side',
    'when',
    'targets',
    'targetsFriendlyControlled',
    'blockedBy',
    'friendlyUnitsNegateZoc',
    'exitedUnits',
    'effect',
  ],
  (p) => {
    if (p.side !== 'both') return `side ${JSON.stringify(p.side)}`;
    if (p.when !== undefined && p.when !== 'end-of-game') return `when ${JSON.stringify(p.when)}`;
    const t = p.targets as Record<string, unknown>;
    if (typeof t !== 'object' || t === null) return 'targets that is not an object';
    for (const [side, target] of Object.entries(t)) {
      if (side !== 'union' && side !== 'confederate') return `targets for "${side}"`;
      const x = target as Record<string, unknown>;
      if (Array.isArray(x.hexes) && Object.keys(x).length === 1) continue;
      if (
        Array.isArray(x.roadHexesOnEdges) &&
        Object.keys(x).length === 1 &&
        x.roadHexesOnEdges.every((e) => EDGES.includes(e as string))
      )
        continue;
      return `targets ${JSON.stringify(target)}`;
    }
    if (p.targetsFriendlyControlled !== undefined && p.targetsFriendlyControlled !== true)
      return `targetsFriendlyControlled ${JSON.stringify(p.targetsFriendlyControlled)}`;
    const blocked = p.blockedBy;
    if (
      blocked !== undefined &&
      (!Array.isArray(blocked) ||
        blocked.some((b) => !['enemy-units', 'enemy-zoc', 'prohibited-terrain'].includes(b)))
    )
      return `blockedBy ${JSON.stringify(blocked)}`;
    const ex = p.exitedUnits as Record<string, unknown> | undefined;
    if (
      ex !== undefined &&
      ((ex.side !== 'union' && ex.side !== 'confederate') ||
        !Array.isArray(ex.hexes) ||
        typeof ex.event !== 'string')
    )
      return `exitedUnits ${JSON.stringify(ex)}`;
    if (p.effect !== 'counts-as-eliminated') return `effect ${JSON.stringify(p.effect)}`;
    return null;
  },
);

export function controlledTargetsLine(rule: RuleHook): MovementHook & {
  targetsOf(ctx: GameContext, state: GameState, side: Side): HexId[];
  hasLine(
    ctx: GameContext,
    state: GameState,
    side: Side,
    from: HexId,
    fromIncluded: boolean,
  ): boolean;
} {
  const p = rule.params ?? {};
  const targets = p.targets as Partial<Record<Side, Target>>;
  const controlled = p.targetsFriendlyControlled === true;
  const blockedBy = (p.blockedBy as string[] | undefined) ?? [
    'enemy-units',
    'enemy-zoc',
    'prohibited-terrain',
  ];
  const lineRules: LineRules = {
    blockedBy: blockedBy as LineObstruction[],
    friendlyUnitsNegateZoc: p.friendlyUnitsNegateZoc !== false,
  };
  const exited = p.exitedUnits as { side: Side; hexes: HexId[]; event: string } | undefined;
  const objectiveHexes = (ctx: GameContext) =>
    new Set(ctx.scenario.victory.objectives.map((o) => o.hex));

  const targetsOf = (ctx: GameContext, state: GameState, side: Side): HexId[] => {
    const t = targets[side];
    if (!t) return [];
    let list: HexId[];
    if ('hexes' in t) list = t.hexes.filter((h) => ctx.map.has(h));
    else
      list = ctx.map.grid
        .all()
        .filter(
          (h) =>
            ctx.map.grid.edgesOf(h).some((e) => t.roadHexesOnEdges.includes(e)) &&
            ctx.map.routesIn(h).some((r) => r === 'road' || r === 'turnpike'),
        );
    if (!controlled) return list;
    const objectives = objectiveHexes(ctx);
    return list.filter((h) =>
      objectives.has(h)
        ? controlOf(ctx, state, h) === side
        : !Object.values(state.units).some(
            (u) => u.status === 'on-map' && u.hex === h && u.side !== side,
          ),
    );
  };

  type Reach = { goals: HexId[]; reached: Uint8Array };
  /** The side's targets now and the hexes with a line to them: one trace serves every unit of a position. */
  const reachOf = (ctx: GameContext, state: GameState, side: Side): Reach => {
    const goals = targetsOf(ctx, state, side);
    return { goals, reached: lineReach(ctx, state, side, goals, lineRules) };
  };
  const lineFrom = (ctx: GameContext, r: Reach, from: HexId, fromIncluded: boolean): boolean => {
    if (!fromIncluded) return lineFromNeighbour(ctx, r.reached, r.goals, from);
    const i = ctx.board.index.get(from);
    return i !== undefined && r.reached[i] === 1;
  };
  const hasLine = (
    ctx: GameContext,
    state: GameState,
    side: Side,
    from: HexId,
    fromIncluded: boolean,
  ): boolean => lineFrom(ctx, reachOf(ctx, state, side), from, fromIncluded);

  return {
    hook: rule.hook,
    case: rule.case,
    targetsOf,
    hasLine,
    victoryInputs(ctx, state) {
      const cut: Record<Side, number> = { union: 0, confederate: 0 };
      const events: string[] = [];
      for (const side of SIDES) {
        if (!targets[side]) continue;
        const r = reachOf(ctx, state, side);
        for (const id in state.units) {
          const u = state.units[id];
          if (u.side !== side || u.status !== 'on-map' || u.hex === null) continue;
          if (ctx.unitSpecs.get(id)?.type === 'gunboat') continue;
          // Printed strength: what Victory Points count (Road to Vicksburg 19.63, 21.1).
          if (!lineFrom(ctx, r, u.hex, false))
            cut[side] += ctx.unitSpecs.get(id)?.strength ?? u.strength;
        }
      }
      if (exited) {
        const r = reachOf(ctx, state, exited.side);
        const exitLine = new Map<HexId, boolean>();
        for (const h of exited.hexes) {
          const ok = ctx.map.has(h) && lineFrom(ctx, r, h, true);
          exitLine.set(h, ok);
          if (ok) events.push(`${exited.event}:${exited.side}:${h}`);
        }
        for (const [k, v] of Object.entries(state.hookState ?? {})) {
          if (!k.startsWith('map-exit:')) continue;
          for (const e of (v as ExitState).exits ?? []) {
            if (e.side !== exited.side || !exitLine.has(e.hex) || exitLine.get(e.hex)) continue;
            cut[e.side] += e.strength;
          }
        }
      }
      return { withoutLineOfCommunication: cut, events };
    },
  };
}
