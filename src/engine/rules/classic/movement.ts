/**
 * 1975 movement (O5.0-O5.3, O6.0-O6.6, O10.2, O11.2) over the shared board.
 *
 * One step function decides whether a unit may enter a hex from an adjacent
 * one and at what cost in whole Movement Points; `classicCheckPath` walks a
 * submitted path with it and `classicReach` runs Dijkstra over the same
 * function, so listing and validation cannot disagree.
 *
 *   six Movement Points for every unit (O2.4); costs from the 1975 chart
 *   (terrain-costs.ts); no extra cost to enter an Enemy controlled hex (O6.2)
 *   but a unit stops there (O6.0) and never leaves one in a Movement Phase
 *   (O5.13); at Night no unit enters one (O10.2; exclusive rules may let a
 *   side leave one, Chattanooga 17.2); Ineffective units never enter one
 *   (O11.2); ferry hexes only along their arrows, never to end a move in,
 *   and only with the Movement Points to reach the opposite bank in the same
 *   phase (O5.24); two units a hex at the end of the phase (O5.32).
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { Refusal, Side } from '../../types';
import { otherSide } from '../../types';
import { directionTo } from '../blue-grey/board';
import { refusal } from '../blue-grey/refusals';
import { StackTally, stackingRefusal, tallyStacks } from '../blue-grey/stacking';
import { enemyZocOf } from '../blue-grey/zoc';
import { isIneffective } from './attack-effectiveness';
import { nightMovement } from './hooks';
import { CLASSIC_1975 } from './parameters';
import { ClassicBoard, PROHIBITED, classicBoard, classicStepMp } from './terrain-costs';

export interface ClassicEnv {
  ctx: GameContext;
  state: GameState;
  side: Side;
  cb: ClassicBoard;
  enemyZoc: Uint8Array;
  enemyAt: Uint8Array;
  tally: StackTally;
}

const envCache = new WeakMap<GameState, Partial<Record<Side, ClassicEnv>>>();

export function classicEnv(ctx: GameContext, state: GameState, side: Side): ClassicEnv {
  const hit = envCache.get(state)?.[side];
  if (hit && hit.ctx === ctx) return hit;
  const b = ctx.board;
  const enemyAt = new Uint8Array(b.size);
  for (const id in state.units) {
    const u = state.units[id];
    if (u.status !== 'on-map' || u.hex === null || u.side !== otherSide(side)) continue;
    const i = b.index.get(u.hex);
    if (i !== undefined) enemyAt[i] = 1;
  }
  const env: ClassicEnv = {
    ctx,
    state,
    side,
    cb: classicBoard(ctx.map, b),
    enemyZoc: enemyZocOf(ctx, state, side),
    enemyAt,
    tally: tallyStacks(ctx, state, side),
  };
  const entry = envCache.get(state) ?? {};
  entry[side] = env;
  envCache.set(state, entry);
  return env;
}

export interface ClassicMover {
  unit: UnitState;
  allowance: number;
  /** O10.2, O11.2: may not enter an Enemy controlled hex. */
  noEnemyZoc: 'night' | 'ineffective' | null;
  /** Chattanooga 17.2: may leave an Enemy controlled hex at Night. */
  mayExitEnemyZoc: boolean;
}

export function classicMover(env: ClassicEnv, unit: UnitState): ClassicMover {
  const night = env.state.night && !CLASSIC_1975.nightEnemyZocEntry;
  return {
    unit,
    allowance: CLASSIC_1975.movementAllowance,
    noEnemyZoc: night ? 'night' : isIneffective(unit) ? 'ineffective' : null,
    mayExitEnemyZoc:
      env.state.night && nightMovement(env.ctx, unit.side)?.kind === 'may-exit-enemy-zoc',
  };
}

const R_TERRAIN = -1;
const R_ENEMY_HEX = -3;
const R_NIGHT_ZOC = -4;
const R_INEFFECTIVE_ZOC = -5;
const R_CROSSING_SIDE = -6;

function stepRefusal(env: ClassicEnv, code: number, to: number): Refusal {
  const hex = env.ctx.board.ids[to];
  switch (code) {
    case R_TERRAIN:
      return refusal(
        'PROHIBITED_TERRAIN',
        'O5.24, O5.25',
        `hex ${hex} may not be entered from there (river, or a creek hexside without a bridge or ford)`,
      );
    case R_ENEMY_HEX:
      return refusal('ENTERS_ENEMY_HEX', 'O5.12', `hex ${hex} contains an Enemy unit`);
    case R_NIGHT_ZOC:
      return refusal(
        'NIGHT_ENTERS_ENEMY_ZOC',
        'O10.2',
        `units may not enter the Enemy controlled hex ${hex} during a Night Game-Turn`,
      );
    case R_INEFFECTIVE_ZOC:
      return refusal(
        'INEFFECTIVE_ENTERS_ENEMY_ZOC',
        'O11.2',
        `an Ineffective unit may not enter the Enemy controlled hex ${hex}`,
      );
    case R_CROSSING_SIDE:
      return refusal(
        'FERRY_HEXSIDE',
        'O5.24',
        `a river ferry hex is entered and left only through the hexsides its arrows point to (${hex})`,
      );
    default:
      return refusal('BAD_ORDER', 'O5.0', `illegal step into ${hex}`);
  }
}

/** MP for the mover to step from hex i (direction d) into j, or a negative reason. */
export function classicStepCost(
  env: ClassicEnv,
  m: ClassicMover,
  i: number,
  d: number,
  j: number,
): number {
  const b = env.ctx.board;
  if (b.crossingHex[j] && !b.crossingOf.get(j)!.includes(i)) return R_CROSSING_SIDE;
  const c = classicStepMp(env.cb, i * 6 + d, j);
  if (c === PROHIBITED) return R_TERRAIN;
  if (env.enemyAt[j]) return R_ENEMY_HEX;
  if (env.enemyZoc[j]) {
    if (m.noEnemyZoc === 'night') return R_NIGHT_ZOC;
    if (m.noEnemyZoc === 'ineffective') return R_INEFFECTIVE_ZOC;
    return c + CLASSIC_1975.zocEntrySurcharge; // O6.2
  }
  return c;
}

/** Where a move starts: a hex on the map, or a reinforcement entry hex at its terrain cost (Chattanooga 15.13). */
export type ClassicStart =
  { kind: 'hex'; at: number } | { kind: 'entry'; at: number; cost: number };

export interface ClassicPath {
  cost: number;
  end: number;
}

/** O5.13, Chattanooga 17.2: why the unit may not leave its hex at all, or null. */
export function leaveRefusal(env: ClassicEnv, m: ClassicMover, at: number): Refusal | null {
  if (env.enemyZoc[at] && !m.mayExitEnemyZoc)
    return refusal(
      'EXITS_ENEMY_ZOC',
      'O5.13',
      `a unit may never exit an Enemy controlled hex (${env.ctx.board.ids[at]}) during a Movement Phase`,
    );
  return null;
}

/** Check a submitted path (start hex excluded for moves; the entry hex first for reinforcements). */
export function classicCheckPath(
  env: ClassicEnv,
  m: ClassicMover,
  start: ClassicStart,
  path: number[],
): ClassicPath | Refusal {
  const b = env.ctx.board;
  let cur = start.at;
  let total = 0;
  let steps = path;
  let moved = 0;
  let prev = -1;
  if (start.kind === 'hex') {
    if (path.length === 0) return refusal('BAD_ORDER', 'O5.16', 'a move needs at least one hex');
    const r = leaveRefusal(env, m, cur);
    if (r) return r;
  } else {
    total = start.cost;
    steps = path.slice(1);
    moved = 1;
  }
  for (const j of steps) {
    const d = directionTo(b, cur, j);
    if (d < 0)
      return refusal('NOT_CONTIGUOUS', 'O5.16', `${b.ids[j]} is not adjacent to ${b.ids[cur]}`);
    if (moved > 0 && env.enemyZoc[cur])
      return refusal(
        'MOVES_AFTER_ENTERING_ENEMY_ZOC',
        'O6.0',
        `units must cease movement on entering an Enemy controlled hex (${b.ids[cur]})`,
      );
    if (b.crossingHex[cur] && (j === prev || !b.crossingOf.get(cur)!.includes(j)))
      return refusal(
        'FERRY_HEXSIDE',
        'O5.24',
        `a unit leaves the ferry hex ${b.ids[cur]} only to the opposite bank`,
      );
    const c = classicStepCost(env, m, cur, d, j);
    if (c < 0) return stepRefusal(env, c, j);
    total += c;
    prev = cur;
    cur = j;
    moved++;
  }
  if (start.kind === 'hex' && cur === start.at)
    return refusal('NO_MOVE', 'O5.0', 'a move must end in another hex than it began');
  if (b.crossingHex[cur])
    return refusal(
      'ENDS_IN_FERRY',
      'O5.24',
      `units may never end their movement in a river ferry hex (${b.ids[cur]}); they enter one only with the Movement Points to reach the opposite bank`,
    );
  if (total > m.allowance)
    return refusal(
      'EXCEEDS_ALLOWANCE',
      'O5.15',
      `the path costs ${total} MP, more than the Movement Allowance of ${m.allowance}`,
    );
  const stack = stackingRefusal(
    env.ctx,
    env.tally,
    m.unit,
    start.kind === 'hex' ? start.at : -1,
    cur,
  );
  if (stack) return { ...stack, rule: 'O5.32' };
  return { cost: total, end: cur };
}

export interface ClassicReach {
  to: number;
  cost: number;
  path: number[];
}

/**
 * Every hex the mover can end its move in with one cheapest legal path:
 * Dijkstra over classicStepCost; Enemy controlled hexes are terminal (O6.0);
 * a ferry hex is passed in one go to the hex its other arrow points to (O5.24).
 */
export function classicReach(
  env: ClassicEnv,
  m: ClassicMover,
  start: ClassicStart,
): ClassicReach[] {
  const b = env.ctx.board;
  if (start.kind === 'hex' && leaveRefusal(env, m, start.at)) return [];
  const dist = new Map<number, number>();
  const parent = new Map<number, { from: number; via: number }>();
  const s = start.at;
  const startCost = start.kind === 'entry' ? start.cost : 0;
  if (startCost > m.allowance) return [];
  dist.set(s, startCost);
  const buckets: number[][] = [];
  (buckets[startCost] ??= []).push(s);
  const relax = (from: number, via: number, to: number, nd: number) => {
    if (nd > m.allowance) return;
    const old = dist.get(to);
    if (old !== undefined && old <= nd) return;
    dist.set(to, nd);
    parent.set(to, { from, via });
    (buckets[nd] ??= []).push(to);
  };
  for (let c = startCost; c < buckets.length; c++) {
    for (const u of buckets[c] ?? []) {
      if (dist.get(u) !== c) continue;
      if (env.enemyZoc[u] && (u !== s || start.kind === 'entry')) continue; // O6.0
      for (let d = 0; d < 6; d++) {
        const j = b.nbr[u * 6 + d];
        if (j < 0) continue;
        const c1 = classicStepCost(env, m, u, d, j);
        if (c1 < 0) continue;
        if (b.crossingHex[j]) {
          for (const k of b.crossingOf.get(j)!) {
            if (k === u) continue;
            const d2 = directionTo(b, j, k);
            const c2 = classicStepCost(env, m, j, d2, k);
            if (c2 >= 0) relax(u, j, k, c + c1 + c2);
          }
          continue;
        }
        relax(u, -1, j, c + c1);
      }
    }
  }
  const fits = (t: number) =>
    stackingRefusal(env.ctx, env.tally, m.unit, start.kind === 'hex' ? s : -1, t) === null;
  const out: ClassicReach[] = [];
  for (const [t, cost] of dist) {
    if (start.kind === 'hex' && t === s) continue;
    if (!fits(t)) continue;
    const rev: number[] = [];
    let cur = t;
    while (cur !== s) {
      rev.push(cur);
      const p = parent.get(cur)!;
      if (p.via >= 0) rev.push(p.via);
      cur = p.from;
    }
    if (start.kind === 'entry') rev.push(s);
    out.push({ to: t, cost, path: rev.reverse() });
  }
  out.sort((a, b2) => a.to - b2.to);
  return out;
}
