/**
 * Movement (6.0–6.3, 7.0–7.4 for their movement side, 11.12, 12.31).
 *
 * One step function, `stepCost`, decides whether a unit may enter a hex from
 * an adjacent one and at what cost; `checkPath` walks a submitted path with
 * it, and `reach` runs Dijkstra over the same function to list every hex a
 * unit can reach with one cheapest path. Because the legality of a step
 * never depends on the path before it (the only history, leaving an Enemy
 * Zone of Control at Night, is fixed for the whole move), "some legal path
 * reaches the hex" and "the cheapest path is legal" coincide, so listing and
 * validation cannot disagree.
 *
 * Movement Points are integer thirds (terrain-costs.ts).
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { Refusal, Side, UnitType } from '../../types';
import { otherSide } from '../../types';
import { Board, directionTo, ROUTE_ROAD, ROUTE_TURNPIKE, routeStepCost } from './board';
import { refusal } from './refusals';
import {
  StackTally,
  noCombatPresence,
  stackingRefusal,
  stackingTest,
  tallyStacks,
} from './stacking';
import { STRATEGIC_DISTANCE, strategicBonusThirds } from './strategic-movement';
import { CostClass, SLOPE_UP_COST, costClassOf } from './terrain-costs';
import { enemyZocOf } from './zoc';
import { crossingRules } from './crossing-rules';

/** 7.2: entering an Enemy controlled hex costs at least 2 MP. */
export const ENEMY_ZOC_MINIMUM = 6;

/**
 * Movement Allowance in thirds (2.4): printed, else 6 for infantry and
 * artillery, 8 for cavalry; cavalry never below 8 unless the scenario flags
 * the unit "ma-as-printed" (A6: Chickamauga's Wilder); horse artillery 8 when
 * not printed (A5). Night: −1 (11.11, after the cavalry minimum, A6).
 * Gunboats: unlimited (9.62), reported as Infinity.
 */
export function movementAllowance(ctx: GameContext, unitId: string, night: boolean): number {
  const spec = ctx.unitSpecs.get(unitId)!;
  if (spec.type === 'gunboat') return Infinity;
  let ma = spec.movement ?? (spec.type === 'cavalry' || spec.type === 'horse-artillery' ? 8 : 6);
  // An exclusive rule's own allowance (Grand Chancellorsville 23.51: leaders 12).
  for (const h of ctx.hooks ?? []) ma = h.movementOf?.(ctx, unitId) ?? ma;
  if (spec.type === 'cavalry' && !spec.flags?.includes('ma-as-printed')) ma = Math.max(8, ma);
  if (night) ma -= 1;
  return Math.max(0, ma) * 3;
}

/** Everything about the position the inner loops need, for one moving side. Cached per state. */
export interface MoveEnv {
  ctx: GameContext;
  state: GameState;
  side: Side;
  board: Board;
  enemyZoc: Uint8Array;
  enemyAt: Uint8Array;
  /** 7.3: a friendly infantry or cavalry unit is in the hex. */
  infCavAt: Uint8Array;
  /** 6.44: within two hexes of an Enemy unit (closer than three). */
  nearEnemy: Uint8Array;
  /** 10.34 i: within three hexes of an Enemy unit. */
  enemyWithin3: Uint8Array;
  /** Units of the moving side that have moved or been marked this phase (6.18). */
  done: Set<string>;
  tally: StackTally;
}

const envCache = new WeakMap<GameState, Partial<Record<Side, MoveEnv>>>();

export function moveEnv(ctx: GameContext, state: GameState, side: Side): MoveEnv {
  let entry = envCache.get(state);
  const hit = entry?.[side];
  if (hit && hit.ctx === ctx) return hit;
  const board = ctx.board;
  const enemyAt = new Uint8Array(board.size);
  const infCavAt = new Uint8Array(board.size);
  const nearEnemy = new Uint8Array(board.size);
  const enemyWithin3 = new Uint8Array(board.size);
  const enemy = otherSide(side);
  const enemyHexes: number[] = [];
  for (const id in state.units) {
    const u = state.units[id];
    if (u.status !== 'on-map' || u.hex === null) continue;
    const i = board.index.get(u.hex);
    if (i === undefined) continue;
    if (u.side === enemy) {
      if (noCombatPresence(ctx, id)) continue; // 23.54: moved through as if it did not exist
      if (!enemyAt[i]) enemyHexes.push(i);
      enemyAt[i] = 1;
    } else {
      const t = ctx.unitSpecs.get(id)!.type;
      if (t === 'infantry' || t === 'cavalry') infCavAt[i] = 1;
    }
  }
  // Rings of distance 1..3 around Enemy units, by breadth-first search over the neighbour table.
  const seen = new Int32Array(board.size).fill(-1);
  let frontier = enemyHexes;
  for (const i of frontier) seen[i] = 0;
  for (let r = 0; r <= 3 && frontier.length; r++) {
    const next: number[] = [];
    for (const i of frontier) {
      if (r < STRATEGIC_DISTANCE) nearEnemy[i] = 1;
      enemyWithin3[i] = 1;
      for (let d = 0; d < 6; d++) {
        const j = board.nbr[i * 6 + d];
        if (j >= 0 && seen[j] < 0) {
          seen[j] = r + 1;
          next.push(j);
        }
      }
    }
    frontier = next;
  }
  const done = new Set<string>(
    state.movement ? [...state.movement.moved, ...state.movement.marked] : [],
  );
  const env: MoveEnv = {
    ctx,
    state,
    side,
    board,
    enemyZoc: enemyZocOf(ctx, state, side),
    enemyAt,
    infCavAt,
    nearEnemy,
    enemyWithin3,
    done,
    tally: tallyStacks(ctx, state, side),
  };
  if (!entry) {
    entry = {};
    envCache.set(state, entry);
  }
  entry[side] = env;
  return env;
}

/** How one unit moves this phase. */
export interface Mover {
  unit: UnitState;
  type: UnitType;
  cls: CostClass;
  /** Thirds available (6.15). */
  allowance: number;
  /** The allowance of a move that ends in an Enemy controlled hex, where an exclusive rule makes it smaller (Road to Richmond 17.2). */
  zocAllowance?: number;
  strategic: boolean;
  /** 11.12: began in an Enemy controlled hex at Night and left it: may not enter any Enemy controlled hex. */
  leftEnemyZoc: boolean;
  routed: boolean;
  artillery: boolean;
  /** Entry costs by board index replacing the chart's for this unit (off routes; along trails), from exclusive rules (Wilderness 18.13, 18.21). */
  enter?: ArrayLike<number>;
  trail?: ArrayLike<number>;
  /** An exclusive rule's refusal of one step (board indices), or null (Wilderness 18.11, 18.12). */
  stepForbidden?: (i: number, j: number, intoEnemyZoc: boolean) => Refusal | null;
  /** Hexes (board index) an exclusive rule forbids this unit to enter this phase (hooks' forbiddenHexes), and why. */
  forbidden?: { at: Uint8Array; refusal(j: number): Refusal };
}

export function moverFor(
  env: MoveEnv,
  unit: UnitState,
  strategic: boolean,
  startedInEnemyZoc: boolean,
): Mover {
  const spec = env.ctx.unitSpecs.get(unit.id)!;
  const night = env.state.night;
  let allowance =
    movementAllowance(env.ctx, unit.id, night) +
    (strategic ? strategicBonusThirds(spec.type, night) : 0);
  const standard = allowance;
  // Exclusive rules may change it (Fredericksburg 18.2: halved in fog).
  for (const h of env.ctx.hooks)
    allowance = h.movementAllowance?.(env.ctx, env.state, unit, allowance, strategic) ?? allowance;
  let zocAllowance: number | undefined;
  for (const h of env.ctx.hooks)
    zocAllowance ??= h.allowanceIntoEnemyZoc?.(env.ctx, env.state, unit, standard) ?? undefined;
  const hooked = hookedCosts(env, unit, costClassOf(spec.type));
  // Every field present, in one order (undefined where no rule gives one): one object shape for stepCost's loads.
  return {
    unit,
    type: spec.type,
    cls: costClassOf(spec.type),
    allowance,
    zocAllowance,
    strategic,
    leftEnemyZoc: startedInEnemyZoc && night,
    routed: unit.morale === 'routed',
    artillery: spec.type === 'artillery' || spec.type === 'horse-artillery',
    enter: hooked.enter,
    trail: hooked.trail,
    stepForbidden: hooked.stepForbidden,
    forbidden: forbiddenFor(env, unit),
  };
}

/** The hexes exclusive rules forbid this unit to enter this phase (Hooker and Lee 19.13, 19.14), or undefined if none. */
function forbiddenFor(env: MoveEnv, unit: UnitState): Mover['forbidden'] {
  let out: Mover['forbidden'];
  for (const h of env.ctx.hooks) {
    const f = h.forbiddenHexes?.(env.ctx, env.state, unit);
    if (!f) continue;
    const at = out?.at ?? new Uint8Array(env.board.size);
    const why = new Map<number, (j: number) => Refusal>();
    for (const hex of f.hexes) {
      const j = env.board.index.get(hex);
      if (j === undefined || at[j]) continue;
      at[j] = 1;
      why.set(j, (k) => f.refusal(env.board.ids[k]));
    }
    const prev = out;
    out = { at, refusal: (j) => why.get(j)?.(j) ?? prev!.refusal(j) };
  }
  return out;
}

/** Per-side entry-cost tables from exclusive rules (terrainCost), built once per scenario and side. */
const costTables = new WeakMap<
  GameContext,
  Map<string, { enter?: Int16Array; trail?: Int16Array }>
>();

/** Entry costs and step rules exclusive rules give this unit (Wilderness 18.11-18.13, 18.21), if any. */
function hookedCosts(
  env: MoveEnv,
  unit: UnitState,
  cls: CostClass,
): Pick<Mover, 'enter' | 'trail' | 'stepForbidden'> {
  const { ctx, board: b } = env;
  const out: Pick<Mover, 'enter' | 'trail' | 'stepForbidden'> = {};
  if (ctx.hooks.some((h) => h.terrainCost)) {
    let bySide = costTables.get(ctx);
    if (!bySide) costTables.set(ctx, (bySide = new Map()));
    const key = `${unit.side}/${cls}`;
    let t = bySide.get(key);
    if (!t) {
      const enter = Int16Array.from(b.enter[cls]);
      const trail = Int16Array.from(b.trail[cls]);
      let changed = false;
      for (let j = 0; j < b.size; j++) {
        let cur = { enter: enter[j], trail: trail[j] };
        for (const h of ctx.hooks) cur = h.terrainCost?.(ctx, unit.side, cls, b.ids[j], cur) ?? cur;
        if (cur.enter !== enter[j] || cur.trail !== trail[j]) changed = true;
        enter[j] = cur.enter;
        trail[j] = cur.trail;
      }
      t = changed ? { enter, trail } : {};
      bySide.set(key, t);
    }
    if (t.enter) out.enter = t.enter;
    if (t.trail) out.trail = t.trail;
  }
  const rules = ctx.hooks.filter((h) => h.stepForbidden);
  if (rules.length > 0) {
    const checks = rules
      .map((h) => h.stepForbidden!(ctx, env.state, unit))
      .filter((f) => f !== null);
    if (checks.length > 0)
      out.stepForbidden = (i, j, z) => {
        for (const f of checks) {
          const r = f!(b.ids[i], b.ids[j], z);
          if (r) return r;
        }
        return null;
      };
  }
  return out;
}

/** Route cost of a step for this mover (6.22-6.24), with its own trail costs if an exclusive rule gives them. */
function moverRouteCost(b: Board, e: number, j: number, m: Mover): number {
  const r = routeStepCost(b, e, j, m.cls);
  if (!m.trail || r < 0 || (b.route[e] & (ROUTE_TURNPIKE | ROUTE_ROAD)) !== 0) return r;
  return m.trail[j];
}

// Reasons a step is illegal (negative results of stepCost).
const R_TERRAIN = -1;
const R_HEXSIDE = -2;
const R_ENEMY_HEX = -3;
const R_ROUTED_ZOC = -4;
const R_ARTILLERY_ZOC = -5;
const R_NIGHT_ZOC = -6;
const R_STRATEGIC_ROUTE = -7;
const R_STRATEGIC_NEAR = -8;
const R_CROSSING_SIDE = -9;
/** An exclusive rule refuses this step (Mover.stepForbidden); the refusal is the hook's. */
export const R_STEP_FORBIDDEN = -11;
/** An exclusive rule forbids the mover this hex (Mover.forbidden); the refusal is the hook's. */
export const R_FORBIDDEN = -10;

export function stepRefusal(env: MoveEnv, code: number, to: number): Refusal {
  const hex = env.board.ids[to];
  switch (code) {
    case R_TERRAIN:
      return refusal(
        'PROHIBITED_TERRAIN',
        '6.27',
        `units may never enter hex ${hex} (river, lake or pond)`,
      );
    case R_HEXSIDE:
      return refusal(
        'PROHIBITED_HEXSIDE',
        '6.29',
        `the hexside into ${hex} may be crossed only at a bridge or ford`,
      );
    case R_ENEMY_HEX:
      return refusal('ENTERS_ENEMY_HEX', '6.12', `hex ${hex} contains an Enemy unit`);
    case R_ROUTED_ZOC:
      return refusal(
        'ROUTED_INTO_ENEMY_ZOC',
        '12.31',
        `a Routed unit may not enter the Enemy controlled hex ${hex}`,
      );
    case R_ARTILLERY_ZOC:
      return refusal(
        'ARTILLERY_INTO_ENEMY_ZOC',
        '7.3',
        `artillery may enter the Enemy controlled hex ${hex} only where Friendly infantry or cavalry already is`,
      );
    case R_NIGHT_ZOC:
      return refusal(
        'NIGHT_REENTERS_ENEMY_ZOC',
        '11.12',
        `a unit that left an Enemy Zone of Control at Night may not enter another (${hex})`,
      );
    case R_STRATEGIC_ROUTE:
      return refusal(
        'STRATEGIC_OFF_ROUTE',
        '6.45',
        `Strategic Movement must follow turnpikes, roads, railways or trails (into ${hex})`,
      );
    case R_STRATEGIC_NEAR:
      return refusal(
        'STRATEGIC_NEAR_ENEMY',
        '6.44',
        `Strategic Movement may never come closer than three hexes to an Enemy unit (${hex})`,
      );
    case R_CROSSING_SIDE:
      return refusal(
        'FERRY_HEXSIDE',
        '6.28',
        `ferry and pontoon hexes are entered and left only through their arrowed hexsides (${hex})`,
      );
    default:
      return refusal('BAD_ORDER', '6.0', `illegal step into ${hex}`);
  }
}

/**
 * Cost in thirds for the mover to step from hex i through direction d into
 * its neighbour j, or a negative reason code (6.12, 6.21–6.29, 6.44, 6.45,
 * 7.2, 7.3, 11.12, 12.31). Crossing-hex exits are checked by the callers,
 * which know where the unit came from.
 */
export function stepCost(env: MoveEnv, m: Mover, i: number, d: number, j: number): number {
  const b = env.board;
  const e = i * 6 + d;
  if (b.crossingHex[j] && !b.crossingOf.get(j)!.includes(i)) return R_CROSSING_SIDE;
  if (m.forbidden?.at[j]) return R_FORBIDDEN;
  if (m.stepForbidden && m.stepForbidden(i, j, env.enemyZoc[j] === 1)) return R_STEP_FORBIDDEN;
  const base = (m.enter ?? b.enter[m.cls])[j];
  if (base < 0) return R_TERRAIN;
  const side = b.side[e];
  if (side < 0) return R_HEXSIDE;
  if (env.enemyAt[j]) return R_ENEMY_HEX;
  const slope = b.slopeUp[e] ? SLOPE_UP_COST : 0;
  if (m.strategic) {
    if (!b.route[e]) return R_STRATEGIC_ROUTE;
    if (env.nearEnemy[j]) return R_STRATEGIC_NEAR;
    return Math.min(moverRouteCost(b, e, j, m), base + slope) + side;
  }
  if (env.enemyZoc[j]) {
    if (m.routed) return R_ROUTED_ZOC;
    if (m.artillery && !env.infCavAt[j]) return R_ARTILLERY_ZOC;
    if (m.leftEnemyZoc) return R_NIGHT_ZOC;
    // 7.2, 6.25: no route rates into an EZOC; at least 2 MP; hexsides on top.
    return Math.max(ENEMY_ZOC_MINIMUM, base) + side + slope;
  }
  let cost = base + slope;
  if (b.route[e]) {
    const r = moverRouteCost(b, e, j, m);
    if (r >= 0 && r < cost) cost = r; // 6.22–6.24, 6.26: along a route, no slope cost
  }
  return cost + side;
}

/** Where a move starts: a hex on the map, or a reinforcement entry hex reached from off the map at a cost (5.0). */
export type MoveStart = { kind: 'hex'; at: number } | { kind: 'entry'; at: number; cost: number };

/** Crossing-hex hook: a refusal, an entry cost override (thirds), or null. */
export type CrossingCheck = (from: number, via: number, to: number) => Refusal | number | null;

export interface PathOutcome {
  cost: number;
  end: number;
  /** Hexes entered, in order (the entry hex included for reinforcements). */
  hexes: number[];
}

/**
 * Check a submitted path hex by hex with the step function (6.13, 6.15–6.17,
 * 6.28, 7.0). `path` excludes the start hex for a move, and begins with the
 * entry hex for a reinforcement entry.
 */
export function checkPath(
  env: MoveEnv,
  m: Mover,
  start: MoveStart,
  path: number[],
  crossing: CrossingCheck,
): PathOutcome | Refusal {
  const b = env.board;
  let cur: number;
  let total: number;
  let steps: number[];
  let prev = -1;
  let moved = 0;
  if (start.kind === 'hex') {
    cur = start.at;
    total = 0;
    steps = path;
    if (path.length === 0) return refusal('BAD_ORDER', '6.17', 'a move needs at least one hex');
    if (env.enemyZoc[cur] && !env.state.night)
      return refusal(
        'EXITS_ENEMY_ZOC',
        '6.13',
        `a unit may never exit an Enemy controlled hex (${b.ids[cur]}) in a Movement Phase`,
      );
  } else {
    cur = start.at;
    total = start.cost;
    steps = path.slice(1);
    moved = 1;
  }
  for (const j of steps) {
    const d = directionTo(b, cur, j);
    if (d < 0)
      return refusal('NOT_CONTIGUOUS', '6.17', `${b.ids[j]} is not adjacent to ${b.ids[cur]}`);
    if (moved > 0 && env.enemyZoc[cur])
      return refusal(
        'MOVES_AFTER_ENTERING_ENEMY_ZOC',
        '7.0',
        `units must cease movement on entering an Enemy controlled hex (${b.ids[cur]})`,
      );
    if (b.crossingHex[cur]) {
      if (j === prev || !b.crossingOf.get(cur)!.includes(j))
        return refusal(
          'FERRY_HEXSIDE',
          '6.28',
          `a unit leaves ${b.ids[cur]} only to the opposite bank`,
        );
      const hook = crossing(prev, cur, j);
      if (hook !== null && typeof hook === 'object') return hook;
      if (typeof hook === 'number') total += hook - b.enter[m.cls][cur];
    }
    const c = stepCost(env, m, cur, d, j);
    if (c === R_STEP_FORBIDDEN) return m.stepForbidden!(cur, j, env.enemyZoc[j] === 1)!;
    if (c === R_FORBIDDEN) return m.forbidden!.refusal(j);
    if (c < 0) return stepRefusal(env, c, j);
    total += c;
    prev = cur;
    cur = j;
    moved++;
  }
  if (start.kind === 'hex' && cur === start.at)
    return refusal(
      'NO_MOVE',
      '6.0',
      'a move must end in another hex than it began (to stay, give no order)',
    );
  if (b.crossingHex[cur] && !crossingRules(env.ctx).mayEndIn[cur])
    return refusal(
      'ENDS_IN_FERRY',
      '6.28',
      `units may never end their movement in a ferry or pontoon hex (${b.ids[cur]})`,
    );
  if (
    m.zocAllowance !== undefined &&
    env.enemyZoc[cur] &&
    total > m.zocAllowance &&
    path.length > 1
  )
    return refusal(
      'EXCEEDS_ALLOWANCE',
      '6.15',
      `the path costs ${fmt(total)} MP and ends in an Enemy controlled hex, which this unit may enter only within ${fmt(m.zocAllowance)} MP`,
    );
  if (total > m.allowance && path.length > 1)
    return refusal(
      'EXCEEDS_ALLOWANCE',
      '6.15',
      `the path costs ${fmt(total)} MP, more than the Movement Allowance of ${fmt(m.allowance)}`,
    );
  const from = start.kind === 'hex' ? start.at : -1;
  const stack = stackingRefusal(env.ctx, env.tally, m.unit, from, cur);
  if (stack) return stack;
  return { cost: total, end: cur, hexes: path };
}

/**
 * A move's Movement Points as numbers (events from revision MP_AS_NUMBERS): spent, remaining and
 * the allowance in MP to 3 places (20 thirds → 6.667), and exactly in integer thirds (1 MP = 3).
 * Remaining is never below 0 (6.16: an entry hex may cost more than the allowance).
 */
export interface MovementPoints {
  spent: number;
  remaining: number;
  allowance: number;
  thirds: { spent: number; remaining: number; allowance: number };
}

export function movementPoints(spentThirds: number, allowanceThirds: number): MovementPoints {
  const remaining = Math.max(0, allowanceThirds - spentThirds);
  const mp = (t: number) => Math.round((t / 3) * 1000) / 1000;
  return {
    spent: mp(spentThirds),
    remaining: mp(remaining),
    allowance: mp(allowanceThirds),
    thirds: { spent: spentThirds, remaining, allowance: allowanceThirds },
  };
}

/** Thirds as an MP figure for messages ("4 2/3"). */
export function fmt(thirds: number): string {
  const whole = Math.floor(thirds / 3);
  const rest = thirds % 3;
  return rest === 0 ? `${whole}` : whole === 0 ? `${rest}/3` : `${whole} ${rest}/3`;
}

/** A reachable destination with one cheapest legal path (hex indices). */
export interface Reach {
  to: number;
  cost: number;
  path: number[];
}

// Scratch buffers reused across calls (the engine is single-threaded and reach() is not re-entrant):
// costs, parents and the crossing hex passed through, per hex; the hexes touched, in the order first reached;
// and the bucket queue, one FIFO list per cost linked through a pool of entries.
let scratchSize = 0;
let dist = new Int32Array(0);
let parent = new Int32Array(0);
let via = new Int32Array(0);
/** Hexes on the path to each hex as last relaxed (the start's own counted for an entry). */
let hops = new Int32Array(0);
let touched = new Int32Array(0);
let bucketHead = new Int32Array(0);
let bucketTail = new Int32Array(0);
let poolNode = new Int32Array(0);
let poolNext = new Int32Array(0);

function ensureScratch(n: number): void {
  if (scratchSize >= n) return;
  scratchSize = n;
  dist = new Int32Array(n).fill(-1);
  parent = new Int32Array(n);
  via = new Int32Array(n);
  hops = new Int32Array(n);
  touched = new Int32Array(n);
  poolNode = new Int32Array(n * 2);
  poolNext = new Int32Array(n * 2);
}

function ensureBuckets(n: number): void {
  if (bucketHead.length >= n) return;
  const size = Math.max(n, bucketHead.length * 2, 64);
  const head = new Int32Array(size).fill(-1);
  const tail = new Int32Array(size).fill(-1);
  head.set(bucketHead);
  tail.set(bucketTail);
  bucketHead = head;
  bucketTail = tail;
}

/**
 * Every hex the mover can end its move in, each with one cheapest legal
 * path: Dijkstra (bucket queue; costs are small integers) over stepCost,
 * Enemy controlled hexes terminal (7.0), crossing hexes passed through in one
 * go (6.28), then the one-hex minimum move (6.16).
 */
export function reach(env: MoveEnv, m: Mover, start: MoveStart, crossing: CrossingCheck): Reach[] {
  return reachLabelled(env, m, start, crossing, null);
}

/** A reachable destination whose path is given by hex labels, as orders carry it. */
export interface LabelledReach {
  to: number;
  cost: number;
  path: string[];
}

/** reach(), with each path written straight in hex labels (the listing's form), not indices. */
export function reachHexes(
  env: MoveEnv,
  m: Mover,
  start: MoveStart,
  crossing: CrossingCheck,
): LabelledReach[] {
  return reachLabelled(env, m, start, crossing, env.board.ids);
}

/** A step cost not worked out yet in a StepTable. */
const UNKNOWN_STEP = -32768;

/** stepCost of every directed step (i*6+d) for one kind of mover in one position, filled as reach() asks. */
interface StepTable {
  enter: ArrayLike<number> | undefined;
  trail: ArrayLike<number> | undefined;
  cost: Int16Array;
}

const stepTables = new WeakMap<MoveEnv, Map<number, StepTable>>();

/**
 * The memo of stepCost shared by the movers of this position that step
 * alike: same cost class, entry and trail tables, strategic or not, routed,
 * artillery, Night exit (everything stepCost reads of the mover besides the
 * unit's own exclusive-rule checks, forbidden and stepForbidden, whose
 * movers get none). Most units of a side share one, so a listing works out
 * each step once rather than once per unit.
 */
function stepTableFor(env: MoveEnv, m: Mover): Int16Array | null {
  if (m.forbidden || m.stepForbidden) return null;
  const key =
    m.cls |
    (m.strategic ? 2 : 0) |
    (m.routed ? 4 : 0) |
    (m.artillery ? 8 : 0) |
    (m.leftEnemyZoc ? 16 : 0);
  let tables = stepTables.get(env);
  if (!tables) stepTables.set(env, (tables = new Map()));
  const t = tables.get(key);
  if (t) return t.enter === m.enter && t.trail === m.trail ? t.cost : null;
  const cost = new Int16Array(env.board.size * 6).fill(UNKNOWN_STEP);
  tables.set(key, { enter: m.enter, trail: m.trail, cost });
  return cost;
}

// The search's counters, beside the scratch buffers: hexes touched, queue entries used, highest cost queued.
let nTouched = 0;
let nPool = 0;
let maxBucket = -1;

/** Queue hex `node` at `cost`, last among those of that cost. A negative cost is never taken from the queue (as before). */
function enqueue(node: number, cost: number): void {
  if (cost < 0) return;
  if (cost > maxBucket) {
    ensureBuckets(cost + 1);
    maxBucket = cost;
  }
  if (nPool === poolNode.length) growPool();
  const e = nPool++;
  poolNode[e] = node;
  poolNext[e] = -1;
  const tail = bucketTail[cost];
  if (tail < 0) bucketHead[cost] = e;
  else poolNext[tail] = e;
  bucketTail[cost] = e;
}

/** Reach `to` from `from` (through the crossing hex `mid`, or -1) at cost nd, if cheaper and within the allowance. */
function relax(
  enemyZoc: Uint8Array,
  m: Mover,
  from: number,
  mid: number,
  to: number,
  nd: number,
): void {
  if (nd > m.allowance) return;
  if (m.zocAllowance !== undefined && enemyZoc[to] && nd > m.zocAllowance) return;
  const old = dist[to];
  if (old >= 0 && old <= nd) return;
  if (old < 0) touched[nTouched++] = to;
  dist[to] = nd;
  parent[to] = from;
  via[to] = mid;
  hops[to] = hops[from] + (mid >= 0 ? 2 : 1);
  enqueue(to, nd);
}

function reachLabelled<T extends number | string>(
  env: MoveEnv,
  m: Mover,
  start: MoveStart,
  crossing: CrossingCheck,
  labels: readonly T[] | null,
): Array<{ to: number; cost: number; path: T[] }> {
  const b = env.board;
  ensureScratch(b.size);
  const s = start.at;
  if (start.kind === 'hex' && env.enemyZoc[s] && !env.state.night) return []; // 6.13
  const nbr = b.nbr;
  const enemyZoc = env.enemyZoc;
  const crossingHex = b.crossingHex;
  const mayEndIn = crossingRules(env.ctx).mayEndIn;
  const steps = stepTableFor(env, m);
  nTouched = 0;
  nPool = 0;
  maxBucket = -1;
  const startCost = start.kind === 'entry' ? start.cost : 0;
  dist[s] = startCost;
  parent[s] = -1;
  via[s] = -1;
  touched[nTouched++] = s;
  const includeStart = start.kind === 'entry';
  hops[s] = includeStart ? 1 : 0;
  // An entry hex reached off-map at more than the allowance is still a legal one-hex entry (6.16), but no further.
  const expandStart = !(start.kind === 'entry' && (startCost > m.allowance || enemyZoc[s]));
  if (expandStart) enqueue(s, startCost);
  for (let c = startCost; c <= maxBucket; c++) {
    for (let k = bucketHead[c]; k >= 0; k = poolNext[k]) {
      const u = poolNode[k];
      if (dist[u] !== c) continue;
      const isStart = u === s;
      if (!isStart && enemyZoc[u]) continue; // 7.0: stop on entering an EZOC
      if (!isStart && crossingHex[u]) continue; // a ferry stop (22.11): onward steps are its pass-through ones
      if (isStart && start.kind === 'entry' && enemyZoc[u]) continue;
      const base = u * 6;
      for (let d = 0; d < 6; d++) {
        const j = nbr[base + d];
        if (j < 0) continue;
        // 6.28: a unit that begins in a ferry hex (22.11) leaves it only through its arrowed hexsides.
        if (isStart && crossingHex[u] && !b.crossingOf.get(u)!.includes(j)) continue;
        let c1: number;
        if (steps === null) c1 = stepCost(env, m, u, d, j);
        else if ((c1 = steps[base + d]) === UNKNOWN_STEP)
          c1 = steps[base + d] = stepCost(env, m, u, d, j);
        if (c1 < 0) continue;
        if (!crossingHex[j]) {
          relax(enemyZoc, m, u, -1, j, c + c1);
          continue;
        }
        // Grand Chancellorsville 22.11: a River ferry hex a move may end in is a stop of its own; one
        // an Enemy controls is where the move ends (7.0), never passed through.
        if (mayEndIn[j]) {
          relax(enemyZoc, m, u, -1, j, c + c1);
          if (enemyZoc[j]) continue;
        }
        for (const x of b.crossingOf.get(j)!) {
          if (x === u) continue;
          const hook = crossing(u, j, x);
          if (hook !== null && typeof hook === 'object') continue;
          const c1h = typeof hook === 'number' ? c1 - b.enter[m.cls][j] + hook : c1;
          const d2 = directionTo(b, j, x);
          if (d2 < 0) continue;
          const c2 = stepCost(env, m, j, d2, x);
          if (c2 < 0) continue;
          relax(enemyZoc, m, u, j, x, c + c1h + c2);
        }
      }
    }
  }
  for (let q = 0; q <= maxBucket; q++) {
    bucketHead[q] = -1;
    bucketTail[q] = -1;
  }
  const out: Array<{ to: number; cost: number; path: T[] }> = [];
  const from = start.kind === 'hex' ? s : -1;
  const fits = stackingTest(env.ctx, env.tally, m.unit, from);
  for (let q = 0; q < nTouched; q++) {
    const t = touched[q];
    if (t === s && !includeStart) continue;
    if (crossingHex[t] && !mayEndIn[t]) continue; // 6.28: never end in a ferry or pontoon hex (but 22.11)
    if (!fits(t)) continue;
    out.push({ to: t, cost: dist[t], path: pathTo(t, s, includeStart, labels) });
  }
  // 6.16: one hex always, if nothing but its cost forbids it.
  if (start.kind === 'hex') {
    for (let d = 0; d < 6; d++) {
      const j = nbr[s * 6 + d];
      if (j < 0 || dist[j] >= 0 || (crossingHex[j] && !mayEndIn[j])) continue;
      if (crossingHex[s] && !b.crossingOf.get(s)!.includes(j)) continue; // 6.28
      const c1 = stepCost(env, m, s, d, j);
      if (c1 < 0) continue;
      if (!fits(j)) continue;
      out.push({ to: j, cost: c1, path: [(labels === null ? j : labels[j]) as T] });
    }
  }
  for (let q = 0; q < nTouched; q++) dist[touched[q]] = -1;
  return out;
}

function growPool(): void {
  const n = poolNode.length * 2 || 1024;
  const node = new Int32Array(n);
  node.set(poolNode);
  poolNode = node;
  const next = new Int32Array(n);
  next.set(poolNext);
  poolNext = next;
}

/**
 * The path from s to t by the parents (and crossing hexes passed through),
 * written back to front into an array of its length (hops). The length is
 * checked by the walk itself: were a parent changed after its children were
 * reached (never with non-negative step costs), the walk recounts.
 */
function pathTo<T extends number | string>(
  t: number,
  s: number,
  includeStart: boolean,
  labels: readonly T[] | null,
): T[] {
  let path = new Array<T>(hops[t]);
  if (fillPath(t, s, includeStart, labels, path)) return path;
  let len = includeStart ? 1 : 0;
  for (let cur = t; cur !== s; cur = parent[cur]) len += via[cur] >= 0 ? 2 : 1;
  path = new Array<T>(len);
  fillPath(t, s, includeStart, labels, path);
  return path;
}

/** Write the path to t into `path`, back to front; false if it does not fill the array exactly. */
function fillPath<T extends number | string>(
  t: number,
  s: number,
  includeStart: boolean,
  labels: readonly T[] | null,
  path: T[],
): boolean {
  const stop = includeStart ? 1 : 0;
  let k = path.length;
  let cur = t;
  for (; cur !== s; cur = parent[cur]) {
    const v = via[cur];
    if (k - (v >= 0 ? 2 : 1) < stop) return false;
    path[--k] = (labels === null ? cur : labels[cur]) as T;
    if (v >= 0) path[--k] = (labels === null ? v : labels[v]) as T;
  }
  if (k !== stop) return false;
  if (includeStart) path[0] = (labels === null ? s : labels[s]) as T;
  return true;
}
