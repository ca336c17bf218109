/**
 * The battle board [6.2] and its geometry (7.4, 7.34, sb "Battle
 * Deployment", sb "Offense and Defense"): each side's battleline of Left,
 * Center and Right plus its Reserve. The Attacker's Right faces the
 * Defender's Left (L904–908): each side's Left faces the other's Right.
 * Fortress battles (7.6) are one-position battles: Center and Reserve only.
 */
import type { BlockBattleState, BlockUnit, CellId, LineCell, Side } from './types';
import { otherSide } from './types';

export function cellId(side: Side, pos: LineCell | 'reserve'): CellId {
  return `${side}:${pos}` as CellId;
}

export function cellSide(cell: CellId): Side {
  return cell.split(':')[0] as Side;
}

export function cellPos(cell: CellId): LineCell | 'reserve' {
  return cell.split(':')[1] as LineCell | 'reserve';
}

export function isLineCell(cell: CellId): boolean {
  return cellPos(cell) !== 'reserve';
}

/** The line positions in play: 7.6 fortress battles use the Center only. */
export function linePositions(state: BlockBattleState): LineCell[] {
  return state.terrain === 'fortress' ? ['C'] : ['L', 'C', 'R'];
}

export function lineCells(state: BlockBattleState, side: Side): CellId[] {
  return linePositions(state).map((p) => cellId(side, p));
}

/** Every cell of the board, in a fixed order. */
export function allCells(state: BlockBattleState): CellId[] {
  const out: CellId[] = [];
  for (const s of [state.attacker, state.defender]) {
    out.push(...lineCells(state, s), cellId(s, 'reserve'));
  }
  return out;
}

/** The enemy cell a line cell faces (L↔R, C↔C). */
export function facingCell(cell: CellId): CellId {
  const pos = cellPos(cell);
  const other = otherSide(cellSide(cell));
  return cellId(other, pos === 'L' ? 'R' : pos === 'R' ? 'L' : 'C');
}

/** 7.34: horizontally adjacent cells of the same battleline (L–C, C–R; never L–R). */
export function lateralCells(state: BlockBattleState, cell: CellId): CellId[] {
  if (state.terrain === 'fortress') return [];
  const s = cellSide(cell);
  switch (cellPos(cell)) {
    case 'L':
    case 'R':
      return [cellId(s, 'C')];
    case 'C':
      return [cellId(s, 'L'), cellId(s, 'R')];
    default:
      return [];
  }
}

/** Blocks standing in a cell (Lost and outflanking blocks are in none). */
export function unitsIn(state: BlockBattleState, cell: CellId, side?: Side): BlockUnit[] {
  return state.units.filter(
    (u) =>
      u.place.kind === 'cell' && u.place.cell === cell && (side === undefined || u.side === side),
  );
}

/** Blocks taking part in the battle: on the board, outflanking or Lost. */
export function inBattle(u: BlockUnit): boolean {
  return u.place.kind === 'cell' || u.place.kind === 'outflanking' || u.place.kind === 'lost';
}

export function battleUnits(state: BlockBattleState, side: Side): BlockUnit[] {
  return state.units.filter((u) => u.side === side && inBattle(u));
}

export function cellOf(u: BlockUnit): CellId | null {
  return u.place.kind === 'cell' ? u.place.cell : null;
}

/** A cell holding blocks of both sides is engaged (7.41). */
export function cellEngaged(state: BlockBattleState, cell: CellId): boolean {
  const here = unitsIn(state, cell);
  return here.some((u) => u.side === 'union') && here.some((u) => u.side === 'confederate');
}

/** A block is engaged when its cell also holds an enemy block; Reserve blocks never are. */
export function isEngaged(state: BlockBattleState, u: BlockUnit): boolean {
  const c = cellOf(u);
  return c !== null && isLineCell(c) && cellEngaged(state, c);
}

/** sb "Offense and Defense": in a cell its holder is on Defense, the other side on Offense. */
export function onDefense(state: BlockBattleState, u: BlockUnit): boolean {
  const c = cellOf(u);
  return c !== null && state.holders[c] === u.side;
}

/**
 * Re-evaluates who holds each line cell: the side that last held it
 * exclusively (sb "Offense and Defense"). An empty cell keeps its holder.
 */
export function updateHolders(state: BlockBattleState): void {
  for (const s of [state.attacker, state.defender])
    for (const c of lineCells(state, s)) {
      const here = unitsIn(state, c);
      if (here.length === 0) continue;
      const sides = new Set(here.map((u) => u.side));
      if (sides.size === 1) state.holders[c] = here[0].side;
    }
}

/**
 * 7.36, 7.6: whether hits on this block count double-defended. Forest and
 * marsh battles: either side while in a cell of its own battleline that it
 * holds (on Defense). Fortress battles: the Defender's blocks in his own
 * Center; never when engaging the Attacker's line, and never in a melee
 * (7.6: "Defending units can melee, but without Double Defense").
 */
export function hasDoubleDefense(state: BlockBattleState, u: BlockUnit, melee: boolean): boolean {
  const c = cellOf(u);
  if (c === null || !isLineCell(c) || cellSide(c) !== u.side) return false;
  if (state.terrain === 'forest' || state.terrain === 'marsh') return state.holders[c] === u.side;
  if (state.terrain === 'fortress') return !melee && u.side === state.defender;
  return false;
}

export function unitById(state: BlockBattleState, id: unknown): BlockUnit | undefined {
  return typeof id === 'string' ? state.units.find((u) => u.id === id) : undefined;
}

export function isCellId(state: BlockBattleState, v: unknown): v is CellId {
  return typeof v === 'string' && (allCells(state) as string[]).includes(v);
}
