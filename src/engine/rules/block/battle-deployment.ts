/**
 * 6.2 Battle Deployment (sb "Battle Deployment", sb "Battle Fog of War"),
 * and the Night redeployment of 6.31.
 *
 * Hidden-sequential (notes §10 D8): the Defender places all his blocks
 * upright first — the first in the Center, the second on a wing, the third
 * on the other wing, the rest anywhere (A35: an HQ is exempt when a non-HQ
 * block holds the Center); then the Attacker, who sees only how many blocks
 * stand in each cell, places his: at least one block facing every occupied
 * Defender cell (A36: with too few, the Center first, then wings of his
 * choice). Heavy Artillery goes only in the Center (7.31); a fortress
 * battle has only the Center and the Reserve (7.6). Blocks are placed one
 * order at a time and may be placed again until the side declares
 * deploy-done, after which its deployment is frozen.
 *
 * At Night (6.31) each side, Defender first, may place its Night
 * reinforcements and Reserve blocks in any of its own cells; the others
 * stay where they are.
 */
import type { BlockUnit, CellId, Side } from './types';
import { otherSide } from './types';
import { cellId, cellPos, facingCell, lineCells, unitsIn } from './battle-board';
import { emit, refuse, type Run } from './battle-run';
import { placeInCell } from './battle-moves';

export function deployableUnits(run: Run, side: Side): BlockUnit[] {
  const p = run.s.phase;
  if (p.name !== 'deploy' || p.side !== side) return [];
  return run.s.units.filter(
    (u) =>
      u.side === side &&
      (p.night
        ? p.movable.includes(u.id)
        : u.place.kind === 'undeployed' || (u.place.kind === 'cell' && p.movable.includes(u.id))),
  );
}

export function deployCells(run: Run, u: BlockUnit): CellId[] {
  const cells: CellId[] = [...lineCells(run.s, u.side), cellId(u.side, 'reserve')];
  return cells.filter((c) => {
    if (u.type === 'heavy-artillery' && cellPos(c) !== 'C') return false; // 7.31
    if (run.s.options.battleStacking && cellPos(c) !== 'reserve') {
      const here = unitsIn(run.s, c, u.side).filter((x) => x.id !== u.id);
      if (here.length >= 4) return false;
    }
    return true;
  });
}

export function placeOrder(run: Run, side: Side, unitId: unknown, cell: unknown): void {
  const u = deployableUnits(run, side).find((x) => x.id === unitId);
  if (!u)
    refuse('NOT_DEPLOYABLE', '6.2', `${String(unitId)} is not one of your blocks to deploy now`);
  const c = deployCells(run, u).find((x) => x === cell);
  if (!c)
    refuse(
      'BAD_CELL',
      u.type === 'heavy-artillery' ? '7.31' : '6.2',
      u.type === 'heavy-artillery'
        ? 'Heavy Artillery may only be deployed in the Center (7.31)'
        : `${String(cell)} is not one of your cells${run.s.terrain === 'fortress' ? ' (a fortress battle has only the Center and the Reserve, 7.6)' : ''}`,
    );
  placeInCell(run, u, c);
  const p = run.s.phase;
  if (p.name === 'deploy' && !p.movable.includes(u.id)) p.movable.push(u.id);
  emit(run, { type: 'placed', unit: u.id, side, cell: c });
}

/** Why this side's deployment may not be declared done yet (null = it may). */
export function deploymentProblem(run: Run, side: Side): { rule: string; message: string } | null {
  const s = run.s;
  const p = s.phase;
  if (p.name !== 'deploy' || p.side !== side)
    return { rule: '6.2', message: 'it is not your deployment' };
  const mine = s.units.filter(
    (u) => u.side === side && (u.place.kind === 'cell' || u.place.kind === 'undeployed'),
  );
  if (mine.some((u) => u.place.kind === 'undeployed'))
    return { rule: '6.2', message: 'every block in the battle hex must be placed first' };
  if (p.night) return null;
  const inCell = (c: CellId) => unitsIn(s, c, side);
  const center = cellId(side, 'C');
  if (side === s.defender) {
    // A35
    const nonHqInCenter = inCell(center).some((u) => u.type !== 'hq');
    const k = mine.filter((u) => !(u.type === 'hq' && nonHqInCenter)).length;
    if (inCell(center).length === 0)
      return { rule: '6.2', message: 'the first block must be deployed in the Center' };
    if (s.terrain === 'fortress') return null;
    const wings = ['L', 'R'].filter((w) => inCell(cellId(side, w as 'L')).length > 0).length;
    if (k >= 2 && wings < 1)
      return { rule: '6.2', message: 'the second block must be deployed on a wing' };
    if (k >= 3 && wings < 2)
      return { rule: '6.2', message: 'the third block must be deployed on the other wing' };
    return null;
  }
  // the Attacker matches every occupied Defender cell (A36: Center first)
  const required = lineCells(s, otherSide(side))
    .filter((c) => unitsIn(s, c, otherSide(side)).length > 0)
    .map((c) => facingCell(c));
  const covered = required.filter((c) => inCell(c).length > 0);
  const need = Math.min(required.length, mine.length);
  if (required.includes(center) && inCell(center).length === 0)
    return {
      rule: '6.2',
      message: "the Attacker must match the Defender's Center with at least one block (6.2, A36)",
    };
  if (covered.length < need)
    return {
      rule: '6.2',
      message: `the Attacker must place at least one block facing each occupied Defender position (${required.join(', ')})`,
    };
  return null;
}

export function deployDone(run: Run, side: Side): void {
  const problem = deploymentProblem(run, side);
  if (problem) refuse('DEPLOYMENT_INCOMPLETE', problem.rule, problem.message);
  const s = run.s;
  const p = s.phase;
  if (p.name !== 'deploy') return;
  emit(run, { type: 'deployed', side, night: p.night });
  if (p.night) {
    if (side === s.defender)
      s.phase = {
        name: 'deploy',
        side: s.attacker,
        night: true,
        movable: nightMovable(run, s.attacker),
      };
    else s.phase = { name: 'retreat' }; // replaced by the new day's first turn by the caller
    return;
  }
  if (side === s.defender)
    s.phase = { name: 'deploy', side: s.attacker, night: false, movable: [] };
  else s.phase = { name: 'retreat' };
}

/** 6.31: the blocks a side may redeploy at Night: its Reserve (Night reinforcements included). */
export function nightMovable(run: Run, side: Side): string[] {
  return unitsIn(run.s, cellId(side, 'reserve'), side)
    .filter((u) => u.disruptedThroughDay === null)
    .map((u) => u.id);
}
