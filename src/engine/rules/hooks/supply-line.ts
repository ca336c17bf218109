/**
 * A Line of Communication traced during play between hexes (battles.md §17
 * rank 8), for the exclusive rules that ask for one at a moment of the game
 * rather than at its end (line-of-communication.ts): Olustee 19.3/19.4 (a
 * path of four hexes or fewer to the Train), 20.0 (from Olustee Station to
 * the east edge, from an exit hex to the railway hex 1011).
 *
 * Olustee 19.4: "a series of contiguous hexes free of prohibited Terrain,
 * Enemy units and Enemy Zones of Control unless the Enemy controlled hexes
 * are occupied by Friendly units."
 *
 * Reading (as line-of-communication.ts): the path runs from a hex adjacent to
 * the start to a target hex, the target included, and its length is the
 * number of its hexes; every hex of it and every hexside it crosses must be
 * one units could enter (6.27). The start hex is not part of it (a unit in an
 * Enemy Zone of Control still has a line from where it stands); a start hex
 * that is itself a target has a line of length 0. Gunboats block nothing.
 *
 * The tracing itself (what blocks a line, the breadth-first search from the
 * targets) is shared with the end-of-game forms, line-of-communication.ts and
 * line-of-communication-controlled.ts.
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { HexId, Side } from '../../types';
import { PROHIBITED } from '../blue-grey/terrain-costs';
import { enemyZocOf } from '../blue-grey/zoc';

export type LineObstruction = 'prohibited-terrain' | 'enemy-units' | 'enemy-zoc';
export const LINE_OBSTRUCTIONS: readonly LineObstruction[] = [
  'prohibited-terrain',
  'enemy-units',
  'enemy-zoc',
];

export interface LineRules {
  /** What blocks the line (all three if absent). */
  blockedBy?: readonly LineObstruction[];
  /** An Enemy controlled hex occupied by a Friendly unit does not block (Olustee 19.4). */
  friendlyUnitsNegateZoc?: boolean;
  /** Longest path, in hexes (no limit if absent). */
  maxLength?: number;
}

/** Why these line rules are not ones tracing implements (a parameter's value), or null. */
export function lineRulesRefusal(r: Record<string, unknown>): string | null {
  const extra = Object.keys(r).filter(
    (k) => !['blockedBy', 'friendlyUnitsNegateZoc', 'maxLength', 'case'].includes(k),
  );
  if (extra.length > 0) return `line parameter${extra.length > 1 ? 's' : ''} ${extra.join(', ')}`;
  if (
    r.blockedBy !== undefined &&
    (!Array.isArray(r.blockedBy) ||
      r.blockedBy.some((b) => !LINE_OBSTRUCTIONS.includes(b as LineObstruction)))
  )
    return `blockedBy ${JSON.stringify(r.blockedBy)}`;
  if (r.maxLength !== undefined && (!Number.isInteger(r.maxLength) || (r.maxLength as number) < 1))
    return `maxLength ${JSON.stringify(r.maxLength)}`;
  if (r.friendlyUnitsNegateZoc !== undefined && typeof r.friendlyUnitsNegateZoc !== 'boolean')
    return `friendlyUnitsNegateZoc ${JSON.stringify(r.friendlyUnitsNegateZoc)}`;
  return null;
}

/**
 * What a line of `side` may cross under `rules`: `free(i)` for a hex (board
 * index) free of what blocks it, and whether prohibited terrain blocks it
 * (then prohibited hexsides do too). Gunboats block nothing.
 */
export function lineFree(
  ctx: GameContext,
  state: GameState,
  side: Side,
  rules: LineRules,
): { free: (i: number) => boolean; terrain: boolean } {
  const b = ctx.board;
  const blocked = rules.blockedBy ?? LINE_OBSTRUCTIONS;
  const zoc = blocked.includes('enemy-zoc') ? enemyZocOf(ctx, state, side) : null;
  const enemyAt = new Uint8Array(b.size);
  const friendAt = new Uint8Array(b.size);
  for (const id in state.units) {
    const u = state.units[id];
    if (u.status !== 'on-map' || u.hex === null || ctx.unitSpecs.get(id)?.type === 'gunboat')
      continue;
    const i = b.index.get(u.hex);
    if (i === undefined) continue;
    if (u.side === side) friendAt[i] = 1;
    else enemyAt[i] = 1;
  }
  const terrain = blocked.includes('prohibited-terrain');
  const units = blocked.includes('enemy-units');
  const free = (i: number) =>
    !(terrain && b.enter[0][i] === PROHIBITED) &&
    !(units && enemyAt[i]) &&
    !(zoc && zoc[i] && !(rules.friendlyUnitsNegateZoc && friendAt[i]));
  return { free, terrain };
}

/**
 * 1 for each hex (board index) from which a free path, this hex included,
 * runs to one of `targets` for `side` within maxLength hexes
 * (line-of-communication.ts, line-of-communication-controlled.ts).
 */
export function lineReach(
  ctx: GameContext,
  state: GameState,
  side: Side,
  targets: readonly HexId[],
  rules: LineRules,
): Uint8Array {
  const b = ctx.board;
  const { free, terrain } = lineFree(ctx, state, side, rules);
  const maxLength = rules.maxLength ?? Infinity;
  const reached = new Uint8Array(b.size);
  // Breadth-first from the targets: depth = hexes of the path so far.
  let frontier: number[] = [];
  for (const h of targets) {
    const i = b.index.get(h);
    if (i !== undefined && free(i) && !reached[i]) {
      reached[i] = 1;
      frontier.push(i);
    }
  }
  for (let depth = 1; depth < maxLength && frontier.length > 0; depth++) {
    const next: number[] = [];
    for (const i of frontier) {
      for (let d = 0; d < 6; d++) {
        const j = b.nbr[i * 6 + d];
        if (j < 0 || reached[j] || (terrain && b.side[i * 6 + d] === PROHIBITED) || !free(j))
          continue;
        reached[j] = 1;
        next.push(j);
      }
    }
    frontier = next;
  }
  return reached;
}

/**
 * Whether a unit in `hex` has a line by `reached` (lineReach): it stands in a
 * target, or a hex next to it, across a hexside units could cross, is reached
 * (its own hex is not part of the path). Also line-of-communication-roads.ts's.
 */
export function lineFromNeighbour(
  ctx: GameContext,
  reached: Uint8Array,
  targets: readonly HexId[] | ReadonlySet<HexId>,
  hex: HexId,
): boolean {
  if ('has' in targets ? targets.has(hex) : targets.includes(hex)) return true;
  const b = ctx.board;
  const i = b.index.get(hex);
  if (i === undefined) return false;
  for (let d = 0; d < 6; d++) {
    const j = b.nbr[i * 6 + d];
    if (j >= 0 && reached[j] === 1 && b.side[i * 6 + d] !== PROHIBITED) return true;
  }
  return false;
}

/**
 * For each hex (board index), the length of the shortest free path from it
 * to one of `targets` for `side` (0 for a target itself), or -1 if none
 * within maxLength.
 */
export function lineLengths(
  ctx: GameContext,
  state: GameState,
  side: Side,
  targets: readonly HexId[],
  rules: LineRules,
): Int16Array {
  const b = ctx.board;
  const maxLength = rules.maxLength ?? Infinity;
  const { free, terrain } = lineFree(ctx, state, side, rules);
  const out = new Int16Array(b.size).fill(-1);
  // Breadth-first from the targets: a hex next to a free hex at depth d has a line of d + 1 hexes.
  let frontier: number[] = [];
  for (const h of targets) {
    const i = b.index.get(h);
    if (i === undefined || out[i] === 0) continue;
    out[i] = 0;
    if (free(i)) frontier.push(i);
  }
  for (let depth = 1; depth <= maxLength && frontier.length > 0; depth++) {
    const next: number[] = [];
    for (const i of frontier) {
      for (let d = 0; d < 6; d++) {
        const j = b.nbr[i * 6 + d];
        if (j < 0 || out[j] >= 0 || (terrain && b.side[i * 6 + d] === PROHIBITED)) continue;
        out[j] = depth;
        if (free(j)) next.push(j);
      }
    }
    frontier = next;
  }
  return out;
}

/** Whether `from` has a line to one of `targets` for `side` (the start hex excluded, the target included). */
export function hasLine(
  ctx: GameContext,
  state: GameState,
  side: Side,
  from: HexId,
  targets: readonly HexId[],
  rules: LineRules,
): boolean {
  const i = ctx.board.index.get(from);
  return i !== undefined && lineLengths(ctx, state, side, targets, rules)[i] >= 0;
}
