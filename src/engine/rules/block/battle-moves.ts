/**
 * 7.4 Battle Moves, 7.41 Engaging, 7.42 Disengaging, 7.43 Outflanking,
 * 7.44 Cavalry Moves (and the battle-move diagram, L1105–1117).
 *
 * Moves go to an adjacent cell: own Reserve ↔ own line cells, a line cell
 * ↔ the enemy cell it faces; never laterally, diagonally or into the enemy
 * Reserve. A block that fired makes no move. An engaged block's only move is
 * Disengage (A44): from the enemy battleline back to its own facing cell,
 * from its own battleline to its Reserve. HQs never engage and move only
 * between their Reserve and own line cells free of enemies (A43); Heavy
 * Artillery never moves except to retreat (7.31). Cavalry may make two
 * moves, but not Disengage and Engage in one turn, nor join an Outflank to
 * another move (7.44). Engaged blocks of both sides are revealed only when
 * all the turn's moves, Outflank rolls included, are done (7.41).
 */
import type { BlockUnit, CellId, MoveKind } from './types';
import { otherSide } from './types';
import { forceMarchSucceeds, outflankModifier } from './battle-units';
import {
  cellId,
  cellOf,
  cellPos,
  cellSide,
  facingCell,
  isEngaged,
  isLineCell,
  lineCells,
  unitsIn,
  updateHolders,
} from './battle-board';
import { emit, refuse, roll, type Run } from './battle-run';
import { checkRout } from './battle-retreat';
import { fireOptions, resolveFire } from './battle-fire';

export interface MoveOption {
  to: CellId;
  kind: MoveKind;
}

/** 7.42: where an engaged block disengages to, if anywhere. */
export function disengageTarget(run: Run, u: BlockUnit): CellId | null {
  const c = cellOf(u);
  if (c === null || !isLineCell(c)) return null;
  if (cellSide(c) === u.side) return cellId(u.side, 'reserve');
  const back = facingCell(c);
  return unitsIn(run.s, back, otherSide(u.side)).length === 0 ? back : null;
}

function stackingRoom(run: Run, u: BlockUnit, to: CellId): boolean {
  // sb "Battle Stacking" (optional): at most 4 blocks of a side in each of L, C, R
  return !run.s.options.battleStacking || !isLineCell(to) || unitsIn(run.s, to, u.side).length < 4;
}

function mayStillMove(run: Run, u: BlockUnit): boolean {
  const s = run.s;
  if (u.side !== s.turnSide || u.fired || u.retreating !== null || u.place.kind !== 'cell')
    return false;
  if (u.type === 'heavy-artillery') return false;
  if (u.disruptedThroughDay !== null) return false; // 7.13: stays in Reserve
  if (u.moves.length === 0) return true;
  return u.type === 'cavalry' && u.moves.length === 1 && u.moves[0] !== 'outflank';
}

/** The battle moves `u` may make now (7.4). */
export function moveOptions(run: Run, u: BlockUnit): MoveOption[] {
  const s = run.s;
  if (!mayStillMove(run, u)) return [];
  const c = cellOf(u)!;
  const enemy = otherSide(u.side);
  const prev = u.moves[0];
  if (isEngaged(s, u)) {
    if (prev === 'engage') return []; // 7.44: not Engage and Disengage in one turn
    const back = disengageTarget(run, u);
    return back && stackingRoom(run, u, back) ? [{ to: back, kind: 'disengage' }] : [];
  }
  if (u.moralePoor) return [];
  const adjacent: CellId[] =
    cellPos(c) === 'reserve'
      ? lineCells(s, u.side)
      : cellSide(c) === u.side
        ? [cellId(u.side, 'reserve'), facingCell(c)]
        : [facingCell(c)];
  const out: MoveOption[] = [];
  for (const to of adjacent) {
    if (!stackingRoom(run, u, to)) continue;
    const foes = unitsIn(s, to, enemy).length > 0;
    if (u.type === 'hq') {
      // A43: Reserve ↔ own line cells holding no enemy
      if (cellSide(to) === u.side && !foes) out.push({ to, kind: 'plain' });
      continue;
    }
    if (foes) {
      if (prev === 'disengage') continue; // 7.44
      out.push({ to, kind: 'engage' });
    } else if (isLineCell(to) && cellSide(to) !== u.side) out.push({ to, kind: 'occupy' });
    else out.push({ to, kind: 'plain' });
  }
  return out;
}

export function placeInCell(run: Run, u: BlockUnit, to: CellId): void {
  u.place = { kind: 'cell', cell: to };
  // sb "Battle Fog of War": a revealed block stays face-up until it moves to the Reserve
  if (cellPos(to) === 'reserve') u.revealed = false;
}

export function moveOrder(run: Run, unitId: unknown, to: unknown): void {
  const u = run.s.units.find((x) => x.id === unitId && x.side === run.s.turnSide);
  if (!u) refuse('NOT_YOUR_BLOCK', '7.4', `${String(unitId)} is not one of your blocks`);
  if (u.fired) refuse('FIRED', '7.3', `${u.id} fired this Battle Turn and may not move`);
  const opt = moveOptions(run, u).find((o) => o.to === to);
  if (!opt)
    refuse(
      'BAD_BATTLE_MOVE',
      '7.4',
      `${u.id} may not move to ${String(to)}: moves go to an adjacent cell, never laterally or into the enemy Reserve; an engaged block may only Disengage (7.42); HQs never engage and Heavy Artillery never moves (7.41); cavalry may make two moves, not Disengage and Engage (7.44)`,
    );
  const from = cellOf(u);
  placeInCell(run, u, opt.to);
  u.moves.push(opt.kind);
  emit(run, { type: 'battle-move', unit: u.id, side: u.side, from, to: opt.to, kind: opt.kind });
  updateHolders(run.s);
  checkRout(run);
}

/** Disengages a block (7.42) outside the move phase: a melee's end, Morale Poor. */
export function forceDisengage(run: Run, u: BlockUnit, why: string): void {
  const to = disengageTarget(run, u);
  const from = cellOf(u);
  if (!to) {
    emit(run, { type: 'cannot-disengage', unit: u.id, side: u.side, cell: from, why });
    return;
  }
  placeInCell(run, u, to);
  emit(run, { type: 'battle-move', unit: u.id, side: u.side, from, to, kind: 'disengage', why });
  updateHolders(run.s);
  checkRout(run);
}

/**
 * 7.43: the flank cells a Reserve block may try to Outflank to: a flank of
 * its own battleline the enemy has engaged or occupied, or an engaged enemy
 * flank whose facing own flank is not engaged or occupied by the enemy
 * (IMPORTANT: no bypassing). Not in fortress battles (7.6).
 */
export function outflankTargets(run: Run, u: BlockUnit): CellId[] {
  const s = run.s;
  if (s.terrain === 'fortress' || !mayStillMove(run, u) || u.moves.length > 0) return [];
  if (cellOf(u) !== cellId(u.side, 'reserve') || u.type === 'hq' || u.type === 'heavy-artillery')
    return [];
  const enemy = otherSide(u.side);
  const out: CellId[] = [];
  for (const p of ['L', 'R'] as const) {
    const own = cellId(u.side, p);
    if (unitsIn(s, own, enemy).length > 0) {
      if (stackingRoom(run, u, own)) out.push(own);
      continue;
    }
    const theirs = facingCell(own);
    const here = unitsIn(s, theirs);
    if (
      here.some((x) => x.side === enemy) &&
      here.some((x) => x.side === u.side) &&
      stackingRoom(run, u, theirs)
    )
      out.push(theirs);
  }
  return out;
}

export function outflankOrder(run: Run, unitId: unknown, target: unknown): void {
  const u = run.s.units.find((x) => x.id === unitId && x.side === run.s.turnSide);
  if (!u) refuse('NOT_YOUR_BLOCK', '7.43', `${String(unitId)} is not one of your blocks`);
  const t = outflankTargets(run, u).find((c) => c === target);
  if (!t)
    refuse(
      'BAD_OUTFLANK',
      '7.43',
      `${u.id} may not outflank to ${String(target)}: only Reserve blocks outflank, to a friendly flank the enemy engaged or occupied or to an engaged enemy flank not screened by an enemy engagement of your own facing flank; never in a fortress battle (7.6)`,
    );
  u.place = { kind: 'outflanking', target: t };
  u.revealed = false;
  u.moves.push('outflank');
  emit(run, { type: 'outflank-declared', unit: u.id, side: u.side, target: t });
}

/**
 * End of the Battle Moves phase (7.43, 7.41): every outflanking or Lost
 * block of the phasing side rolls on the Force March table. An outflanking
 * block that succeeds engages the flank and fires at once (normal fire, not
 * melee) — or returns to the Reserve if the flank no longer holds the
 * enemy; failure leaves it Lost. A block already Lost that succeeds "may
 * Engage and Fire, or move back to Reserve": its owner is asked (pending
 * lost-choice). Returns false while such a choice is pending; finishMoves
 * then ends the phase.
 */
export function endMoves(run: Run): boolean {
  const s = run.s;
  const choices: string[] = [];
  for (const u of s.units) {
    if (u.side !== s.turnSide) continue;
    if (u.place.kind !== 'outflanking' && u.place.kind !== 'lost') continue;
    const wasLost = u.place.kind === 'lost';
    const target = u.place.target;
    const [die] = roll(run, 1);
    const mod = outflankModifier(u.type, s.weather, s.terrain);
    const ok = forceMarchSucceeds(u.side, die + mod);
    emit(run, {
      type: 'outflank-roll',
      unit: u.id,
      side: u.side,
      target,
      die,
      modifier: mod,
      success: ok,
      rule: '7.43',
    });
    if (!ok) {
      u.place = { kind: 'lost', target };
      continue;
    }
    if (unitsIn(s, target, otherSide(u.side)).length === 0) {
      placeInCell(run, u, cellId(u.side, 'reserve'));
      emit(run, { type: 'outflank-returned', unit: u.id, side: u.side });
    } else if (wasLost) choices.push(u.id);
    else outflankEngages(run, u, target);
  }
  if (choices.length > 0) {
    s.pending = { kind: 'lost-choice', side: s.turnSide, units: choices };
    return false;
  }
  finishMoves(run);
  return true;
}

/** 7.43: a successful outflanker engages its flank and fires at once. */
function outflankEngages(run: Run, u: BlockUnit, target: CellId): void {
  placeInCell(run, u, target);
  updateHolders(run.s);
  const opt = fireOptions(run, u).find((o) => o.target === target && !o.counterBattery);
  if (opt) resolveFire(run, u, opt, '7.43');
}

/** The owner's answer for the first Lost block of a pending lost-choice (7.43). */
export function lostChoice(run: Run, type: string, unitId: unknown): boolean {
  const s = run.s;
  const p = s.pending;
  if (!p || p.kind !== 'lost-choice')
    refuse('NO_LOST_CHOICE', '7.43', 'no Lost block waits for your choice');
  const u = s.units.find((x) => x.id === p.units[0])!;
  if (unitId !== u.id)
    refuse(
      'BAD_LOST_CHOICE',
      '7.43',
      `answer for ${u.id} first (outflank-engage or outflank-return)`,
    );
  if (u.place.kind !== 'lost') refuse('BAD_LOST_CHOICE', '7.43', `${u.id} is no longer Lost`);
  const target = u.place.target;
  if (type === 'outflank-engage' && unitsIn(s, target, otherSide(u.side)).length > 0)
    outflankEngages(run, u, target);
  else if (type === 'outflank-engage' || type === 'outflank-return') {
    placeInCell(run, u, cellId(u.side, 'reserve'));
    emit(run, { type: 'outflank-returned', unit: u.id, side: u.side });
  } else refuse('BAD_LOST_CHOICE', '7.43', 'answer outflank-engage or outflank-return');
  const rest = p.units.slice(1);
  s.pending = rest.length > 0 ? { ...p, units: rest } : null;
  if (rest.length > 0) return false;
  finishMoves(run);
  return true;
}

/** After all battle moves and Outflank rolls: engaged blocks of both sides are revealed (7.41). */
export function finishMoves(run: Run): void {
  const s = run.s;
  updateHolders(s);
  for (const u of s.units)
    if (!u.revealed && isEngaged(s, u)) {
      u.revealed = true;
      emit(run, {
        type: 'revealed',
        unit: u.id,
        side: u.side,
        unitType: u.type,
        cv: u.cv,
        name: u.name,
        ...(u.hq ? { hq: u.hq.code } : {}),
        cell: cellOf(u),
        rule: '7.41',
      });
    }
  checkRout(run);
}
