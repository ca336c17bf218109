/**
 * A zone along a map edge where a side may not move (battles.md §17).
 *
 * Hooker and Lee 19.13: "The Union Player may not move any unit within two
 * hexes of the western map-edge prior to Game-Turn Four."
 *
 * Readings: the edge hex counts as the first of the two hexes (the zone is
 * the edge hexes and their neighbours one hex in: every hex at most
 * `distance` − 1 hexes from a hex of that edge). Before `beforeTurn` no unit
 * of the side may enter a hex of the zone in its Movement Phase (moving,
 * moving strategically or entering), passing through included, and a unit
 * standing in the zone may not move at all. Retreats and advances after
 * combat are not movement (19.11 keeps them apart) and are not affected.
 *
 * Second Bull Run 18.0 (`forbids: "entering"`): "Union units may not enter
 * the four westernmost hex rows of the map sheet until Game-Turn Five."
 * Readings: the rows are the zone of `distance` 4 from the west edge
 * (columns 01-04); before `beforeTurn` no unit of the side may step from a
 * hex outside the zone into one inside it (moving or moving strategically),
 * and no reinforcement may enter the map at a zone hex — except at
 * `entryHexesExempt` (0116, where 17.1 and 17.3 bring Union units on inside
 * the zone: the chart's entry is read as an exception, battles.md §19). A
 * unit already inside the zone is not entering it: it may move within it and
 * out of it, but once out it may not step back in. Retreats and advances
 * are not movement and are not affected.
 *
 * params: { side: Side, edge: "north" | "east" | "south" | "west", distance: number (hexes, ≥ 1),
 *           beforeTurn: number, forbids?: "moving-in-zone" (default, Hooker and Lee) | "entering",
 *           entryHexesExempt?: HexId[] (with "entering"), reading?: string (documents the reading above) }
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

const EDGES = ['north', 'east', 'south', 'west'];

export const edgeZoneProhibitionSupport: HookSupport = knownParams(
  ['side', 'edge', 'distance', 'beforeTurn', 'forbids', 'entryHexesExempt', 'reading'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    if (!EDGES.includes(p.edge as string)) return `edge ${JSON.stringify(p.edge)}`;
    if (typeof p.distance !== 'number' || !Number.isInteger(p.distance) || p.distance < 1)
      return `distance ${String(p.distance)}`;
    if (typeof p.beforeTurn !== 'number' || !Number.isInteger(p.beforeTurn))
      return `beforeTurn ${String(p.beforeTurn)}`;
    if (p.forbids !== undefined && p.forbids !== 'moving-in-zone' && p.forbids !== 'entering')
      return `forbids ${JSON.stringify(p.forbids)}`;
    if (p.entryHexesExempt !== undefined) {
      if (p.forbids !== 'entering') return 'entryHexesExempt without forbids "entering"';
      const x = p.entryHexesExempt as unknown[];
      if (!Array.isArray(x) || x.some((h) => typeof h !== 'string'))
        return `entryHexesExempt ${JSON.stringify(p.entryHexesExempt)}`;
    }
    if (p.reading !== undefined && typeof p.reading !== 'string')
      return 'a reading that is not text';
    return null;
  },
);

/** The hexes within `distance` hexes of `edge`, the edge hex counting as the first. */
export function edgeZone(ctx: GameContext, edge: string, distance: number): Set<HexId> {
  const grid = ctx.map.grid;
  const edgeHexes = ctx.board.ids.filter((h) => grid.edgesOf(h).includes(edge as never));
  const zone = new Set<HexId>();
  for (const e of edgeHexes)
    for (const h of grid.within(e, distance - 1)) if (ctx.board.index.has(h)) zone.add(h);
  return zone;
}

export function edgeZoneProhibition(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const edge = p.edge as string;
  const distance = p.distance as number;
  const beforeTurn = p.beforeTurn as number;
  const zones = new WeakMap<GameContext, Set<HexId>>();
  const zoneOf = (ctx: GameContext) => {
    let z = zones.get(ctx);
    if (!z) zones.set(ctx, (z = edgeZone(ctx, edge, distance)));
    return z;
  };
  if (p.forbids === 'entering') return enteringForbidden(rule, zoneOf);
  const why = (hex: HexId) =>
    refusal(
      'EDGE_ZONE_PROHIBITED',
      rule.case,
      `the ${side} player may not move any unit within ${distance} hexes of the ${edge} map edge before Game-Turn ${beforeTurn} (${hex})`,
    );
  return {
    hook: rule.hook,
    case: rule.case,
    forbiddenHexes(ctx, state, unit) {
      if (unit.side !== side || state.turn >= beforeTurn) return null;
      return { hexes: zoneOf(ctx), refusal: why };
    },
    constraint(ctx, state, unit) {
      if (
        unit.side !== side ||
        state.turn >= beforeTurn ||
        unit.hex === null ||
        !zoneOf(ctx).has(unit.hex)
      )
        return null;
      return { kind: 'forbidden', refusal: why(unit.hex) };
    },
  };
}

/** Second Bull Run 18.0: no step from outside the zone into it, no entry at a zone hex but the exempt ones. */
function enteringForbidden(rule: RuleHook, zoneOf: (ctx: GameContext) => Set<HexId>): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const beforeTurn = p.beforeTurn as number;
  const exempt = new Set((p.entryHexesExempt as HexId[] | undefined) ?? []);
  const rows = `the ${p.distance as number} hex rows along the ${p.edge as string} map edge`;
  const applies = (state: GameState, unit: UnitState) =>
    unit.side === side && state.turn < beforeTurn;
  return {
    hook: rule.hook,
    case: rule.case,
    stepForbidden(ctx, state, unit) {
      if (!applies(state, unit)) return null;
      const zone = zoneOf(ctx);
      return (from, to) =>
        !zone.has(from) && zone.has(to)
          ? refusal(
              'EDGE_ZONE_PROHIBITED',
              rule.case,
              `${side} units may not enter ${rows} until Game-Turn ${beforeTurn} (${from} to ${to})`,
            )
          : null;
    },
    entryHexes(ctx, state, unit, standard) {
      if (!applies(state, unit)) return standard;
      const zone = zoneOf(ctx);
      return standard.filter((h) => !zone.has(h) || exempt.has(h));
    },
  };
}
