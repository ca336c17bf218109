/**
 * 7.3 Combat, 7.31 Firepower, 7.33 Counter-Battery, 7.34 Enfilade.
 *
 * Each block of the phasing side fires at most once a Battle Turn, in any
 * order. Reserve blocks neither fire nor are fired at, except by Heavy
 * Artillery (7.3). Infantry, brigades, garrisons, cavalry and HQs fire only
 * when engaged, at the enemy blocks in their cell; unengaged blocks in a
 * battleline may Enfilade a horizontally adjacent cell of that battleline
 * (7.34); unengaged Field Artillery in its own battleline fires long range
 * at the facing cell, and every 6 then hits its own side if that cell is
 * engaged (7.31); Heavy Artillery fires from its own Center into any enemy
 * cell, the enemy Reserve included (7.31, A31). Counter-battery (7.33)
 * aims at one revealed enemy artillery block. Firing reveals the firer
 * (sb "Battle Fog of War").
 */
import type { BlockUnit, CellId } from './types';
import { otherSide } from './types';
import { firepower, type FireMode } from './battle-units';
import {
  allCells,
  cellEngaged,
  cellId,
  cellOf,
  cellPos,
  cellSide,
  facingCell,
  hasDoubleDefense,
  isEngaged,
  isLineCell,
  lateralCells,
  onDefense,
  unitsIn,
} from './battle-board';
import { emit, refuse, roll, type Run } from './battle-run';
import { enqueueHits } from './battle-hits';
import { startRout } from './battle-retreat';

export interface FireOption {
  /** A cell id, or a block id for counter-battery. */
  target: string;
  cell: CellId;
  mode: FireMode | 'enfilade-vacant-center';
  firepower: number;
  counterBattery: boolean;
  /** 7.31: long-range fire into an engaged cell, whose 6s hit the firer's side. */
  friendlySixes: boolean;
}

function isArtillery(u: BlockUnit): boolean {
  return u.type === 'artillery' || u.type === 'heavy-artillery';
}

/** Every way `u` may fire now (empty if it may not). */
export function fireOptions(run: Run, u: BlockUnit): FireOption[] {
  const s = run.s;
  const c = cellOf(u);
  if (
    c === null ||
    u.side !== s.turnSide ||
    u.fired ||
    u.moralePoor ||
    u.retreating !== null ||
    !isLineCell(c)
  )
    return [];
  const enemy = otherSide(u.side);
  const out: FireOption[] = [];
  const add = (
    cell: CellId,
    mode: FireMode,
    opts: { friendlySixes?: boolean; counterBatteryOnly?: boolean } = {},
  ) => {
    const fp = firepower(u.type, u.side, mode, s, s.terrain);
    if (fp === 0) return;
    const foes = unitsIn(s, cell, enemy);
    if (foes.length === 0) return;
    if (!opts.counterBatteryOnly)
      out.push({
        target: cell,
        cell,
        mode,
        firepower: fp,
        counterBattery: false,
        friendlySixes: !!opts.friendlySixes,
      });
    // 7.33: a specific revealed enemy artillery block, at long range (facing cell, A41) or close
    if (mode === 'offense' || mode === 'defense' || (mode === 'long' && u.type === 'artillery'))
      for (const t of foes)
        if (isArtillery(t) && t.revealed)
          out.push({
            target: t.id,
            cell,
            mode,
            firepower: fp,
            counterBattery: true,
            friendlySixes: !!opts.friendlySixes,
          });
  };
  const engaged = isEngaged(s, u);
  if (u.type === 'heavy-artillery') {
    // 7.31: from its own Center into any enemy-occupied cell, the enemy Reserve included
    if (c !== cellId(u.side, 'C')) return [];
    for (const cell of allCells(s)) {
      if (cell === c) {
        if (engaged) add(cell, onDefense(s, u) ? 'defense' : 'offense');
      } else add(cell, 'long', { friendlySixes: cellEngaged(s, cell) });
    }
    return out;
  }
  if (engaged) {
    add(c, onDefense(s, u) ? 'defense' : 'offense');
    return out;
  }
  if (u.type === 'artillery' && cellSide(c) === u.side) {
    const f = facingCell(c);
    add(f, 'long', { friendlySixes: cellEngaged(s, f) });
  }
  if (u.type !== 'hq') {
    const mode: FireMode = cellSide(c) === u.side ? 'enfilade-own' : 'enfilade-enemy';
    for (const lat of lateralCells(s, c)) {
      // 7.15: an enfilading block "fires on" the enemy's vacant Center: a rout
      if (cellSide(lat) === enemy && cellPos(lat) === 'C' && unitsIn(s, lat).length === 0) {
        if (firepower(u.type, u.side, mode, s, s.terrain) > 0)
          out.push({
            target: lat,
            cell: lat,
            mode: 'enfilade-vacant-center',
            firepower: 0,
            counterBattery: false,
            friendlySixes: false,
          });
        continue;
      }
      add(lat, mode);
    }
  }
  return out;
}

export function firers(run: Run): BlockUnit[] {
  return run.s.units.filter((u) => fireOptions(run, u).length > 0);
}

/** Rolls one block's fire and queues its hits (and its friendly 6s). */
export function resolveFire(run: Run, u: BlockUnit, opt: FireOption, rule = '7.3'): void {
  const s = run.s;
  const enemy = otherSide(u.side);
  u.fired = true;
  u.revealed = true;
  s.turn.fireStarted = true;
  if (opt.mode === 'enfilade-vacant-center') {
    emit(run, {
      type: 'fire',
      unit: u.id,
      side: u.side,
      unitType: u.type,
      cv: u.cv,
      mode: opt.mode,
      target: opt.target,
      rule: '7.15',
    });
    startRout(run, enemy, `an enfilading block fired on the vacant ${enemy} Center`);
    return;
  }
  const dice = roll(run, u.cv);
  const hits = dice.filter((d) => d <= opt.firepower).length;
  const sixes = opt.friendlySixes ? dice.filter((d) => d === 6).length : 0;
  emit(run, {
    type: 'fire',
    unit: u.id,
    side: u.side,
    unitType: u.type,
    cv: u.cv,
    mode: opt.mode,
    firepower: opt.firepower,
    target: opt.target,
    cell: opt.cell,
    counterBattery: opt.counterBattery,
    dice,
    hits,
    friendlyHits: sixes,
    rule,
  });
  const targets = opt.counterBattery
    ? unitsIn(s, opt.cell).filter((t) => t.id === opt.target)
    : unitsIn(s, opt.cell, enemy);
  if (targets.length > 0)
    enqueueHits(run, {
      side: enemy,
      targets: targets.map((t) => t.id),
      hits,
      dd: hasDoubleDefense(s, targets[0], false),
      halfKey: opt.counterBattery ? `unit|${opt.target}` : `${enemy}|${opt.cell}`,
      why: `${opt.counterBattery ? 'counter-battery (7.33)' : 'fire (7.31)'} by ${u.id}`,
    });
  if (sixes > 0) {
    const own = unitsIn(s, opt.cell, u.side);
    if (own.length > 0)
      enqueueHits(run, {
        side: u.side,
        targets: own.map((t) => t.id),
        hits: sixes,
        dd: hasDoubleDefense(s, own[0], false),
        halfKey: `${u.side}|${opt.cell}`,
        why: `long-range 6s of ${u.id} on its own side (7.31)`,
      });
  }
}

export function fireOrder(run: Run, unitId: unknown, target: unknown): void {
  const u = run.s.units.find((x) => x.id === unitId && x.side === run.s.turnSide);
  if (!u) refuse('NOT_YOUR_BLOCK', '7.3', `${String(unitId)} is not one of your blocks`);
  if (u.fired) refuse('ALREADY_FIRED', '7.3', `${u.id} has already fired this Battle Turn`);
  const opts = fireOptions(run, u);
  if (opts.length === 0)
    refuse(
      'CANNOT_FIRE',
      '7.31',
      `${u.id} cannot fire now: only engaged blocks fire, unengaged ones only to enfilade (7.34) or as artillery at long range (7.31); Reserve blocks never fire (7.3)`,
    );
  const opt = opts.find((o) => o.target === target);
  if (!opt)
    refuse(
      'BAD_TARGET',
      '7.31',
      `${u.id} may fire at ${opts.map((o) => o.target).join(', ')}, not ${String(target)}`,
    );
  resolveFire(run, u, opt);
}
