/**
 * 7.1 Retreats, 7.11 Retreat Hexes, 7.12 Hexside Limits, 7.13 Retreat
 * Disruption, 7.14 Pursuit Fire, 7.15 Routs (sb "Enfilade and Pursuit",
 * sb "Pursuit Fire Example").
 *
 * A retreat is declared block by block (the block is marked, and counts
 * against its hexside's limit at once); when the phase ends, Pursuit Fire
 * is resolved cell by cell against the marked blocks, and the survivors
 * leave the battle into the hex across their hexside, Disrupted.
 */
import type { BattleHexside, BlockUnit, CellId, Side } from './types';
import { otherSide } from './types';
import { attackLimit, pursuitFirepower, speed } from './battle-units';
import {
  battleUnits,
  cellId,
  cellOf,
  hasDoubleDefense,
  isEngaged,
  isLineCell,
  lateralCells,
  unitsIn,
  updateHolders,
} from './battle-board';
import { emit, refuse, roll, type Run } from './battle-run';
import { enqueueHits, takeStep } from './battle-hits';

/** 7.11 (and A37): whether `side` may retreat across this hexside at all. */
export function retreatRouteOpen(run: Run, side: Side, h: BattleHexside): boolean {
  const s = run.s;
  const attackerRoute = s.attackerHexsides.includes(h.id);
  if (side === s.attacker ? !attackerRoute : attackerRoute) return false;
  if (attackLimit(h.terrain, s.weather) === 0) return false;
  if (h.occupant === otherSide(side)) return false;
  return !s.units.some(
    (u) => u.side !== side && u.place.kind === 'adjacent' && u.place.hexside === h.id,
  );
}

/** 7.12: units that may still retreat across `h` this Battle Turn (Attack limit, doubled at Night). */
export function retreatRoom(run: Run, side: Side, h: BattleHexside): number {
  const s = run.s;
  const limit = attackLimit(h.terrain, s.weather) * (s.slot === 'night' ? 2 : 1);
  return limit - (s.turn.retreats[`${side}|${h.id}`] ?? 0);
}

/**
 * 10.5: an invader may also retreat by land into an adjacent friendly hex
 * (the scenario's `controller` of the hex across, else the side whose
 * blocks stand there), across any passable hexside no enemy holds.
 */
function invaderLandRoute(run: Run, u: BlockUnit, h: BattleHexside): boolean {
  const enemy = otherSide(u.side);
  return (
    mayRetreatBySea(run, u) &&
    (h.controller !== undefined ? h.controller : h.occupant) === u.side &&
    attackLimit(h.terrain, run.s.weather) > 0 &&
    h.occupant !== enemy &&
    !run.s.units.some(
      (x) => x.side === enemy && x.place.kind === 'adjacent' && x.place.hexside === h.id,
    )
  );
}

/** The hexsides block `u` may retreat across now (7.11, 7.12, 10.5). */
export function unitRetreatHexsides(run: Run, u: BlockUnit): BattleHexside[] {
  return run.s.hexsides.filter(
    (h) =>
      (retreatRouteOpen(run, u.side, h) || invaderLandRoute(run, u, h)) &&
      retreatRoom(run, u.side, h) > 0,
  );
}

/** Blocks of `side` that may be declared retreating now (on the board, not yet marked). */
export function retreatableUnits(run: Run, side: Side): BlockUnit[] {
  return battleUnits(run.s, side).filter((u) => u.place.kind === 'cell' && u.retreating === null);
}

/** 10.5: the pseudo-hexside of a naval retreat, back to the invaders' port. */
export const NAVAL = 'naval';

/** 10.5: an invader may retreat by sea, without limit, during the invasion battle. */
export function mayRetreatBySea(run: Run, u: BlockUnit): boolean {
  return run.s.navalPort !== null && u.invader === true;
}

export function declareRetreat(run: Run, side: Side, unitId: unknown, hexsideId: unknown): void {
  const u = retreatableUnits(run, side).find((x) => x.id === unitId);
  if (!u)
    refuse(
      'NOT_RETREATABLE',
      '7.1',
      `${String(unitId)} is not one of your blocks on the battle board`,
    );
  if (hexsideId === NAVAL) {
    if (!mayRetreatBySea(run, u))
      refuse(
        'NO_NAVAL_RETREAT',
        '10.5',
        'only blocks that landed by naval invasion may retreat by sea, during that battle (10.5)',
      );
    u.retreating = NAVAL;
    emit(run, {
      type: 'retreat-declared',
      unit: u.id,
      side: u.side,
      cell: cellOf(u),
      hexside: NAVAL,
      rule: '10.5',
    });
    return;
  }
  const h = run.s.hexsides.find((x) => x.id === hexsideId);
  if (!h) refuse('BAD_HEXSIDE', '7.11', `no hexside "${String(hexsideId)}" around the battle hex`);
  if (!retreatRouteOpen(run, side, h) && !invaderLandRoute(run, u, h))
    refuse(
      'RETREAT_ROUTE_CLOSED',
      '7.11',
      side === run.s.attacker
        ? `the Attacker may retreat only across the hexsides he attacked or reinforced across (7.11); ${h.id} is not one, or is impassable or enemy-held`
        : `the Defender may not retreat across ${h.id}: it is open to the Attacker, impassable or enemy-held (7.11, A37)`,
    );
  if (retreatRoom(run, side, h) <= 0)
    refuse(
      'HEXSIDE_LIMIT',
      '7.12',
      `the retreat limit of hexside ${h.id} is used up this Battle Turn`,
    );
  markRetreat(run, u, h);
}

function markRetreat(run: Run, u: BlockUnit, h: BattleHexside): void {
  u.retreating = h.id;
  const key = `${u.side}|${h.id}`;
  run.s.turn.retreats[key] = (run.s.turn.retreats[key] ?? 0) + 1;
  emit(run, { type: 'retreat-declared', unit: u.id, side: u.side, cell: cellOf(u), hexside: h.id });
}

/**
 * 7.14 (A38): the enemy blocks that pursue blocks retreating from `cell`:
 * those engaged in it, unengaged enemy blocks in an enfilade position beside
 * it in the same battleline, and, for a Reserve, enemy blocks occupying a
 * cell of the retreating side's own battleline (sb "Enfilade and Pursuit").
 */
export function pursuers(run: Run, side: Side, cell: CellId): BlockUnit[] {
  const s = run.s;
  const enemy = otherSide(side);
  const out: BlockUnit[] = [];
  if (isLineCell(cell)) {
    out.push(...unitsIn(s, cell, enemy).filter((u) => u.retreating === null));
    for (const lat of lateralCells(s, cell))
      out.push(
        ...unitsIn(s, lat, enemy).filter(
          (u) => u.type !== 'hq' && u.retreating === null && !isEngaged(s, u),
        ),
      );
  } else {
    for (const p of ['L', 'C', 'R'] as const) {
      const own = cellId(side, p);
      out.push(...unitsIn(s, own, enemy).filter((u) => u.retreating === null && !isEngaged(s, u)));
    }
  }
  return out;
}

/**
 * Enqueues Pursuit Fire on the blocks of `side` marked retreating (7.14):
 * per cell, each pursuer faster than the slowest retreating block there
 * fires F2, as fast F1, slower not at all; dice = its CV; twice in a Rout
 * (7.15). None at Night (sb "Enfilade and Pursuit"). Hits go to the
 * retreating blocks of that cell, with Double Defense where they would have
 * it (7.1 "terrain benefit", A39). Pursuit does not count as firing.
 */
export function enqueuePursuit(run: Run, side: Side, rout: boolean): void {
  const s = run.s;
  if (s.slot === 'night') return;
  // per cell, and apart the invaders retreating by sea: engaged ones suffer double pursuit (10.5)
  const groups = new Map<string, { cell: CellId; naval: boolean; units: BlockUnit[] }>();
  for (const u of battleUnits(s, side)) {
    const c = cellOf(u);
    if (u.retreating === null || c === null) continue;
    const naval = u.retreating === NAVAL;
    const key = `${c}|${naval}`;
    const g = groups.get(key) ?? { cell: c, naval, units: [] };
    g.units.push(u);
    groups.set(key, g);
  }
  for (const { cell, naval, units: retreating } of groups.values()) {
    const volleys = rout
      ? 2
      : naval && isLineCell(cell) && unitsIn(s, cell, otherSide(side)).length > 0
        ? 2
        : 1;
    const slowest = Math.min(...retreating.map((u) => speed(u.type, u.side, s.weather)));
    for (const p of pursuers(run, side, cell)) {
      const ps = speed(p.type, p.side, s.weather);
      const fp = pursuitFirepower(ps, slowest);
      if (fp === 0) continue;
      for (let volley = 0; volley < volleys; volley++) {
        const dice = roll(run, p.cv);
        const hits = dice.filter((d) => d <= fp).length;
        p.revealed = true;
        emit(run, {
          type: 'pursuit-fire',
          unit: p.id,
          side: p.side,
          unitType: p.type,
          cv: p.cv,
          firepower: fp,
          cell,
          dice,
          hits,
          rule: rout ? '7.15' : volleys === 2 ? '10.5' : '7.14',
        });
        enqueueHits(run, {
          side,
          targets: retreating.map((u) => u.id),
          hits,
          dd: hasDoubleDefense(s, retreating[0], false),
          halfKey: `${side}|${cell}`,
          why: rout ? 'rout pursuit (7.15)' : 'pursuit fire (7.14)',
        });
      }
    }
  }
}

/** Moves a block out of the battle into the hex across `hexside` (7.13: Disrupted, hidden again). */
export function leaveBattle(run: Run, u: BlockUnit, hexside: string, why: string): void {
  const s = run.s;
  const from = cellOf(u);
  u.place =
    hexside === NAVAL
      ? { kind: 'naval-retreat', port: s.navalPort ?? '' }
      : { kind: 'adjacent', hexside };
  u.retreating = null;
  u.revealed = false;
  // 7.13: disrupted to the end of this Battle Day; a night retreat through the next one
  u.disruptedThroughDay = s.slot === 'night' ? s.day + 1 : s.day;
  emit(run, { type: 'retreated', unit: u.id, side: u.side, from, hexside, why });
}

/**
 * Ends a retreat once its pursuit hits are applied: the surviving marked
 * blocks leave. Blocks still Lost when their side is gone from the board
 * lose a step and retreat without pursuit (7.43).
 */
export function finishRetreat(run: Run, side: Side): void {
  const s = run.s;
  for (const u of battleUnits(s, side))
    if (u.retreating !== null) leaveBattle(run, u, u.retreating, 'retreat (7.1)');
  const left = battleUnits(s, side);
  if (left.length > 0 && left.every((u) => u.place.kind !== 'cell'))
    for (const u of left) lostUnitRetreats(run, u, '7.43: still Lost when its side retreated');
  updateHolders(s);
  checkRout(run);
}

/** 7.43: a Lost (or outflanking) block loses 1cv and must retreat, without pursuit. */
export function lostUnitRetreats(run: Run, u: BlockUnit, why: string): void {
  takeStep(run, u, why);
  if (u.place.kind === 'eliminated') return;
  if (mayRetreatBySea(run, u)) return leaveBattle(run, u, NAVAL, why);
  const h = autoRetreatHexside(run, u.side);
  if (h) {
    const key = `${u.side}|${h.id}`;
    run.s.turn.retreats[key] = (run.s.turn.retreats[key] ?? 0) + 1;
    leaveBattle(run, u, h.id, why);
  } else {
    u.place = { kind: 'eliminated' };
    emit(run, {
      type: 'eliminated',
      unit: u.id,
      side: u.side,
      why: `${why}; no hexside open (7.15)`,
    });
  }
}

/**
 * The hexside a block retreats across when the owner is not asked (Rout,
 * Lost blocks): the first open one in the scenario's hexside order with
 * room left (the owner's choice of hexsides in a Rout is not asked: 7.15).
 */
export function autoRetreatHexside(run: Run, side: Side): BattleHexside | undefined {
  return run.s.hexsides.find(
    (h) => retreatRouteOpen(run, side, h) && retreatRoom(run, side, h) > 0,
  );
}

/**
 * 7.15: a side routs at once when its own Center holds an enemy block and
 * none of its own (the enfilade-on-a-vacant-Center trigger is the fire
 * order's: battle-fire.ts).
 */
export function checkRout(run: Run): void {
  const s = run.s;
  if (s.routing || s.result || s.phase.name === 'deploy' || s.phase.name === 'regroup') return;
  for (const side of [s.turnSide, otherSide(s.turnSide)]) {
    const center = cellId(side, 'C');
    const own = unitsIn(s, center, side);
    const enemy = unitsIn(s, center, otherSide(side));
    if (own.length === 0 && enemy.length > 0 && battleUnits(s, side).length > 0) {
      startRout(run, side, `an enemy block holds the ${side} Center unopposed`);
      return;
    }
  }
}

/**
 * 7.15 Rout: an immediate, mandatory retreat of every block of the side,
 * within the current Battle Turn's retreat limits, with doubled Pursuit
 * Fire. Blocks that cannot retreat, Disrupted blocks and Heavy Artillery
 * are eliminated; Lost blocks lose 1cv and retreat (7.43).
 */
export function startRout(run: Run, side: Side, why: string): void {
  const s = run.s;
  s.routing = side;
  s.resolvingRetreat = side;
  emit(run, { type: 'rout', side, why, rule: '7.15' });
  for (const u of battleUnits(s, side)) {
    if (u.place.kind === 'lost' || u.place.kind === 'outflanking') {
      lostUnitRetreats(run, u, '7.43: Lost when its side routed');
      continue;
    }
    if (u.retreating !== null) continue;
    if (mayRetreatBySea(run, u)) {
      // 10.5: in a rout engaged invaders are eliminated; unengaged ones may retreat by sea
      if (isEngaged(s, u)) {
        u.cv = 0;
        u.place = { kind: 'eliminated' };
        emit(run, {
          type: 'eliminated',
          unit: u.id,
          side: u.side,
          why: 'engaged invaders are eliminated in a rout (10.5)',
        });
      } else {
        u.retreating = NAVAL;
        emit(run, {
          type: 'retreat-declared',
          unit: u.id,
          side: u.side,
          cell: cellOf(u),
          hexside: NAVAL,
          rule: '10.5',
        });
      }
      continue;
    }
    const disrupted = u.disruptedThroughDay !== null;
    const h = disrupted || u.type === 'heavy-artillery' ? undefined : autoRetreatHexside(run, side);
    if (!h) {
      const reason = disrupted
        ? 'Disrupted blocks are eliminated in a Rout (7.13, 7.15)'
        : u.type === 'heavy-artillery'
          ? 'Heavy Artillery is eliminated in a Rout (7.15)'
          : 'no hexside left to retreat across (7.15)';
      u.cv = 0;
      u.place = { kind: 'eliminated' };
      emit(run, { type: 'eliminated', unit: u.id, side: u.side, why: reason });
      continue;
    }
    markRetreat(run, u, h);
  }
  enqueuePursuit(run, side, true);
}
