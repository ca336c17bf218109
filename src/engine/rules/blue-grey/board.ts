/**
 * The map, precomputed for the movement and zone-of-control inner loops:
 * hexes as integer indices, neighbours by direction, the cost of every
 * directed step per cost class, routes and ZOC-blocking hexsides. Built once
 * per scenario (prepareGame) and shared by every game; never changes.
 */
import type { TerrainMap } from '../../map';
import type { HexId, RouteType } from '../../types';
import {
  CostClass,
  PROHIBITED,
  ROAD_COST,
  TURNPIKE_COST,
  hexEntryCost,
  hexsideCost,
  trailEntryCost,
} from './terrain-costs';

export const ROUTE_TURNPIKE = 1;
export const ROUTE_ROAD = 2; // road or railway
export const ROUTE_TRAIL = 4;

export interface Board {
  size: number;
  ids: HexId[];
  index: Map<HexId, number>;
  /** size*6: neighbour index in axial direction d, or -1. */
  nbr: Int32Array;
  /** [class][hex]: thirds to enter, PROHIBITED if never. */
  enter: [Int32Array, Int32Array];
  /** [class][hex]: thirds to enter along a trail (6.24). */
  trail: [Int32Array, Int32Array];
  /** size*6: hexside cost of stepping from hex through direction d (thirds), PROHIBITED if not crossable. */
  side: Int32Array;
  /** size*6: 1 if the step climbs a slope (6.26). */
  slopeUp: Uint8Array;
  /** size*6: route bitmask joining the two hexes (6.22–6.24). */
  route: Uint8Array;
  /** size*6: 1 if a ZOC does not extend through this hexside (7.6, A18). */
  zocBlocked: Uint8Array;
  /** 1 if no ZOC extends into the hex (7.6: river, ferry and pontoon hexes). */
  noZocInto: Uint8Array;
  /** 1 for river ferry and pontoon hexes (6.28). */
  crossingHex: Uint8Array;
  /** For ferry/pontoon hexes: the neighbour indices their arrows / pontoon join (6.28). */
  crossingOf: Map<number, number[]>;
  /** 1 for river hexes (gunboats, 9.62). */
  river: Uint8Array;
  /** 1 for hexes on a map edge (5.0, 5.5). */
  edge: Uint8Array;
  /** Route types (turnpike/road/trail bits) passing through each hex; for entry along a route (A12). */
  routeIn: Uint8Array;
}

function routeBit(t: RouteType): number {
  return t === 'turnpike' ? ROUTE_TURNPIKE : t === 'trail' ? ROUTE_TRAIL : ROUTE_ROAD;
}

export function buildBoard(map: TerrainMap): Board {
  const grid = map.grid;
  const ids = [...grid.all()];
  const size = ids.length;
  const index = new Map<HexId, number>();
  ids.forEach((h, i) => index.set(h, i));
  const nbr = new Int32Array(size * 6).fill(-1);
  const enter: [Int32Array, Int32Array] = [new Int32Array(size), new Int32Array(size)];
  const trail: [Int32Array, Int32Array] = [new Int32Array(size), new Int32Array(size)];
  const side = new Int32Array(size * 6);
  const slopeUp = new Uint8Array(size * 6);
  const route = new Uint8Array(size * 6);
  const zocBlocked = new Uint8Array(size * 6);
  const noZocInto = new Uint8Array(size);
  const crossingHex = new Uint8Array(size);
  const crossingOf = new Map<number, number[]>();
  const river = new Uint8Array(size);
  const edge = new Uint8Array(size);
  const routeIn = new Uint8Array(size);

  for (let i = 0; i < size; i++) {
    const spec = map.hex(ids[i]);
    const level = spec.level ?? 1;
    for (const cls of [0, 1] as CostClass[]) {
      enter[cls][i] = hexEntryCost(spec.terrain, level)[cls];
      trail[cls][i] = trailEntryCost(spec.terrain, level, cls);
    }
    if (spec.terrain === 'river' || spec.terrain === 'ferry' || spec.terrain === 'pontoon')
      noZocInto[i] = 1;
    if (spec.terrain === 'river') river[i] = 1;
    if (spec.terrain === 'ferry' || spec.terrain === 'pontoon') {
      crossingHex[i] = 1;
    }
    if (grid.isEdge(ids[i])) edge[i] = 1;
    for (const t of map.routesIn(ids[i])) routeIn[i] |= routeBit(t);
    for (let d = 0; d < 6; d++) {
      const n = grid.neighbourInDirection(ids[i], d);
      if (n !== undefined) nbr[i * 6 + d] = index.get(n)!;
    }
  }
  for (let i = 0; i < size; i++) {
    if (crossingHex[i]) {
      const list = (map.hex(ids[i]).crossing ?? [])
        .map((h) => index.get(h))
        .filter((x): x is number => x !== undefined);
      crossingOf.set(i, list);
    }
    for (let d = 0; d < 6; d++) {
      const j = nbr[i * 6 + d];
      if (j < 0) continue;
      const e = i * 6 + d;
      const a = ids[i];
      const b = ids[j];
      const features = map.hexside(a, b);
      const tj = map.hex(b).terrain;
      side[e] = hexsideCost(features, tj === 'bridge' || tj === 'ford');
      // 7.6, A18: no ZOC through a creek, river or lake hexside unless bridged or forded.
      const barrier = features.some(
        (f) => f.type === 'creek' || f.type === 'river' || f.type === 'lake',
      );
      const crossing = features.some((f) => f.type === 'bridge' || f.type === 'ford');
      if (barrier && !crossing) zocBlocked[e] = 1;
      // 6.26 / A10: slope hexside feature first, else a change of clear level, else into a slope hex from a non-slope hex.
      const slope = features.find((f) => f.type === 'slope');
      if (slope && slope.type === 'slope') {
        slopeUp[e] = slope.high === b ? 1 : 0;
      } else {
        const la = map.level(a);
        const lb = map.level(b);
        if (lb > la) slopeUp[e] = 1;
        else if (lb === la && map.hex(b).slope && !map.hex(a).slope) slopeUp[e] = 1;
      }
      for (const t of map.routesBetween(a, b)) route[e] |= routeBit(t);
    }
  }
  return {
    size,
    ids,
    index,
    nbr,
    enter,
    trail,
    side,
    slopeUp,
    route,
    zocBlocked,
    noZocInto,
    crossingHex,
    crossingOf,
    river,
    edge,
    routeIn,
  };
}

/** Thirds to step along the best route joining two hexes, or PROHIBITED if none (6.22–6.24). */
export function routeStepCost(board: Board, e: number, j: number, cls: CostClass): number {
  const r = board.route[e];
  if (r === 0) return PROHIBITED;
  if (r & ROUTE_TURNPIKE) return TURNPIKE_COST;
  if (r & ROUTE_ROAD) return ROAD_COST;
  return board.trail[cls][j];
}

/** Direction index from hex i to adjacent hex j, or -1. */
export function directionTo(board: Board, i: number, j: number): number {
  const base = i * 6;
  for (let d = 0; d < 6; d++) if (board.nbr[base + d] === j) return d;
  return -1;
}
