/**
 * Gunboat movement (9.62–9.64): unlimited, through any number of contiguous
 * river hexes (and the scenario's extra hexes, Shiloh 1701), ignoring Zones
 * of Control (9.64), two to a hex (9.63). Never into a hex holding an Enemy
 * unit (6.12). Ferry and pontoon hexes lie in the river and count as river
 * hexes; bridge and ford hexes do not (docs/rules-decisions.md, Movement).
 */
import type { UnitState } from '../../state';
import type { Refusal } from '../../types';
import { directionTo } from './board';
import type { MoveEnv, Reach } from './movement';
import { refusal } from './refusals';
import { stackingRefusal } from './stacking';

export function gunboatWater(env: MoveEnv, i: number): boolean {
  const b = env.board;
  if (b.river[i] || b.crossingHex[i]) return true;
  return env.ctx.gunboatHexes.has(i);
}

/** Check a gunboat's path (start excluded; for an entry, starting with the entry hex). */
export function checkGunboatPath(
  env: MoveEnv,
  unit: UnitState,
  from: number,
  path: number[],
): { end: number } | Refusal {
  const b = env.board;
  let cur = from;
  if (path.length === 0) return refusal('BAD_ORDER', '6.17', 'a move needs at least one hex');
  for (let k = 0; k < path.length; k++) {
    const j = path[k];
    if (cur >= 0 && directionTo(b, cur, j) < 0)
      return refusal('NOT_CONTIGUOUS', '6.17', `${b.ids[j]} is not adjacent to ${b.ids[cur]}`);
    if (!gunboatWater(env, j))
      return refusal(
        'GUNBOAT_OFF_RIVER',
        '9.62',
        `Gunboats move only through river hexes (${b.ids[j]})`,
      );
    if (env.enemyAt[j])
      return refusal('ENTERS_ENEMY_HEX', '6.12', `hex ${b.ids[j]} contains an Enemy unit`);
    cur = j;
  }
  if (cur === from)
    return refusal('NO_MOVE', '6.0', 'a move must end in another hex than it began');
  const stack = stackingRefusal(env.ctx, env.tally, unit, from, cur);
  if (stack) return stack;
  return { end: cur };
}

/** Every hex a gunboat can reach from `from` (or, from off the map, from the entry hex `entry`), with a shortest path. */
export function reachGunboat(env: MoveEnv, unit: UnitState, from: number, entry = -1): Reach[] {
  const b = env.board;
  const start = entry >= 0 ? entry : from;
  const prev = new Map<number, number>([[start, -1]]);
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const u = queue[q];
    for (let d = 0; d < 6; d++) {
      const j = b.nbr[u * 6 + d];
      if (j < 0 || prev.has(j) || !gunboatWater(env, j) || env.enemyAt[j]) continue;
      prev.set(j, u);
      queue.push(j);
    }
  }
  const out: Reach[] = [];
  for (const t of queue) {
    if (t === from) continue;
    if (stackingRefusal(env.ctx, env.tally, unit, from, t)) continue;
    const path: number[] = [];
    for (let c = t; c !== -1; c = prev.get(c)!) {
      if (c === start && entry < 0) break;
      path.push(c);
    }
    out.push({ to: t, cost: 0, path: path.reverse() });
  }
  return out;
}
