/**
 * The Movement Phase (4.0 A; 5.0; 6.0; 6.4; 10.34 i; 12.41 b): one
 * generator per order type that both lists the phasing side's orders and
 * checks a submitted one with the same functions (movement.ts).
 */
import type { Dice } from '../../dice';
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order, UnitState } from '../../state';
import type { GameEvent, HexId, Refusal, Side } from '../../types';
import type { MoveConstraint, MovementPhaseAccess, MoveRules, UnitMove } from '../hooks';
import {
  abandonConstruction,
  buildRefusal,
  completeRefusal,
  declareFacing,
  facingChoices,
  placeUnderConstruction,
  underConstructionOf,
} from './breastworks-construction';
import { checkGunboatPath, gunboatWater, reachGunboat } from './gunboats';
import {
  CrossingCheck,
  LabelledReach,
  MoveEnv,
  Mover,
  Reach,
  checkPath,
  fmt,
  movementPoints,
  moveEnv,
  moverFor,
  reachHexes,
} from './movement';
import {
  entersAlone,
  entryCost,
  entryHexes,
  entryRefusal,
  markBlockedReinforcements,
} from './reinforcements';
import { refuse, refusal } from './refusals';
import { toCombatPhase } from './sequence-of-play';
import { atRevision, MP_AS_NUMBERS } from '../../revision';
import { appendAll } from '../../lists';

type MoveKind = 'move' | 'strategic-move' | 'enter';

function crossingCheck(ctx: GameContext, state: GameState, side: Side): CrossingCheck {
  const hooks = ctx.hooks.filter((h) => h.crossing);
  if (hooks.length === 0) return () => null;
  const ids = ctx.board.ids;
  return (from, via, to) => {
    let out: Refusal | number | null = null;
    for (const h of hooks) {
      const r = h.crossing!(ctx, state, side, ids[from], ids[via], ids[to]);
      if (r !== null && typeof r === 'object') return r;
      if (typeof r === 'number') out = r;
    }
    return out;
  };
}

function constraintOf(ctx: GameContext, state: GameState, unit: UnitState): MoveConstraint | null {
  for (const h of ctx.hooks) {
    const c = h.constraint?.(ctx, state, unit);
    if (c) return c;
  }
  return null;
}

/** Why this unit may not act at all this phase (6.11, 6.18, 12.41b, 10.34), or null. */
function unitRefusal(
  ctx: GameContext,
  state: GameState,
  side: Side,
  unitId: unknown,
): Refusal | UnitState {
  if (typeof unitId !== 'string' || !(unitId in state.units))
    return refusal('UNKNOWN_UNIT', '—', `no unit ${String(unitId)} in this game`);
  const unit = state.units[unitId];
  if (unit.side !== side)
    return refusal('NOT_YOUR_UNIT', '6.11', `${unitId} belongs to the other player`);
  if (state.movement!.moved.includes(unitId))
    return refusal('ALREADY_MOVED', '6.18', `${unitId} has already moved this Movement Phase`);
  if (state.movement!.marked.includes(unitId))
    return refusal(
      'MARKED_NO_MOVE',
      '12.41',
      `${unitId} has a marker placed instead of moving this phase`,
    );
  return unit;
}

function isGunboat(ctx: GameContext, unit: UnitState): boolean {
  return ctx.unitSpecs.get(unit.id)!.type === 'gunboat';
}

/** A unit with a declared Breastworks facing stays put this phase (10.34 ii). */
function completing(state: GameState, unit: UnitState): boolean {
  const m = underConstructionOf(state, unit.id);
  return !!m && m.facing.length > 0;
}

/** Paths of hex indices as the hex labels orders carry. */
function labelled(ctx: GameContext, reaches: Reach[]): LabelledReach[] {
  return reaches.map((r) => ({ to: r.to, cost: r.cost, path: ids(ctx, r.path) }));
}

/** Every destination of one unit and move kind (paths in hex labels), or a refusal for the unit as a whole. */
function unitReach(
  ctx: GameContext,
  state: GameState,
  env: MoveEnv,
  unit: UnitState,
  kind: MoveKind,
  entryHex?: number,
): LabelledReach[] {
  const b = ctx.board;
  if (completing(state, unit)) return [];
  if (kind === 'enter') {
    if (isGunboat(ctx, unit)) {
      if (!gunboatWater(env, entryHex!) || env.enemyAt[entryHex!]) return [];
      return labelled(ctx, reachGunboat(env, unit, -1, entryHex!));
    }
    const m = moverFor(env, unit, false, false);
    const cost = entryCost(env, m, entryHex!);
    if (typeof cost !== 'number') return [];
    return reachHexes(
      env,
      m,
      { kind: 'entry', at: entryHex!, cost },
      crossingCheck(ctx, state, unit.side),
    );
  }
  const at = b.index.get(unit.hex!)!;
  const c = constraintOf(ctx, state, unit);
  if (c?.kind === 'forbidden') return [];
  if (isGunboat(ctx, unit))
    return kind === 'move' && !c ? labelled(ctx, reachGunboat(env, unit, at)) : [];
  const inZoc = env.enemyZoc[at] === 1;
  if (kind === 'strategic-move') {
    if (c || env.nearEnemy[at] || strategicBonusZero(ctx, unit)) return [];
    if (strategicRefusal(ctx, state, unit)) return [];
  }
  const m = moverFor(env, unit, kind === 'strategic-move', inZoc);
  if (c?.kind === 'one-hex') {
    const out: LabelledReach[] = [];
    for (const h of c.hexes) {
      const j = b.index.get(h);
      if (j === undefined) continue;
      const r = checkPath(env, m, { kind: 'hex', at }, [j], crossingCheck(ctx, state, unit.side));
      if ('end' in r) out.push({ to: j, cost: r.cost, path: [b.ids[j]] });
    }
    return out;
  }
  return reachHexes(env, m, { kind: 'hex', at }, crossingCheck(ctx, state, unit.side));
}

/** Why an exclusive rule forbids this unit Strategic Movement now (Peachtree Creek 17.2), or null. */
function strategicRefusal(ctx: GameContext, state: GameState, unit: UnitState): Refusal | null {
  for (const h of ctx.hooks) {
    const r = h.strategicMovementRefusal?.(ctx, state, unit);
    if (r) return r;
  }
  return null;
}

function strategicBonusZero(ctx: GameContext, unit: UnitState): boolean {
  const t = ctx.unitSpecs.get(unit.id)!.type;
  return !(t === 'infantry' || t === 'cavalry' || t === 'artillery' || t === 'horse-artillery');
}

function ids(ctx: GameContext, path: number[]): HexId[] {
  return path.map((i) => ctx.board.ids[i]);
}

/** All orders of the phasing side's Movement Phase. */
export function movementPhaseOrders(ctx: GameContext, state: GameState, side: Side): Order[] {
  if (state.phase !== 'movement' || state.phasing !== side || !state.movement) return [];
  const env = moveEnv(ctx, state, side);
  const orders: Order[] = [];
  const canMove = new Set<string>();
  for (const id in state.units) {
    const unit = state.units[id];
    if (unit.side !== side || env.done.has(id)) continue;
    if (unit.status === 'on-map') {
      const moves = unitReach(ctx, state, env, unit, 'move');
      if (moves.length > 0) canMove.add(id);
      for (const r of moves) orders.push({ type: 'move', unit: id, path: r.path });
      for (const r of unitReach(ctx, state, env, unit, 'strategic-move'))
        orders.push({ type: 'strategic-move', unit: id, path: r.path });
      if (markerRefusal(ctx, state, env, unit, 'rally-marker') === null)
        orders.push({ type: 'rally-marker', unit: id });
      if (markerRefusal(ctx, state, env, unit, 'build-breastworks') === null)
        orders.push({ type: 'build-breastworks', unit: id });
      if (markerRefusal(ctx, state, env, unit, 'complete-breastworks') === null)
        for (const facing of facingChoices(ctx, unit.hex!))
          orders.push({ type: 'complete-breastworks', unit: id, facing });
    } else if (unit.status === 'pending' && entryRefusal(ctx, state, unit) === null) {
      for (const hex of entryHexes(ctx, state, unit)) {
        for (const r of unitReach(ctx, state, env, unit, 'enter', ctx.board.index.get(hex)!)) {
          orders.push({ type: 'enter', unit: id, hex, path: r.path });
          canMove.add(id);
        }
      }
    }
  }
  // Orders of exclusive-rule hooks (map exits), listed and checked by the hook's own generator.
  const hooked = ctx.hooks.filter((h) => h.movementOrders);
  if (hooked.length > 0) {
    const access = phaseAccess(ctx, state, side, env);
    for (const h of hooked) appendAll(orders, h.movementOrders!(ctx, state, side, access));
  }
  if (endPhaseRefusal(ctx, state, side, (u) => canMove.has(u.id)) === null)
    orders.push({ type: 'end-phase' });
  return orders;
}

/** What a hook's own Movement Phase orders see: each unit's ordinary moves and eligibility (hooks/movement-hook.ts). */
function phaseAccess(
  ctx: GameContext,
  state: GameState,
  side: Side,
  env: MoveEnv,
): MovementPhaseAccess {
  return {
    movesOf: (unit) => {
      if (unit.status !== 'on-map') return [];
      const at = ctx.board.index.get(unit.hex!)!;
      const allowance = moverFor(env, unit, false, env.enemyZoc[at] === 1).allowance;
      return unitReach(ctx, state, env, unit, 'move').map((r) => ({
        path: r.path,
        cost: r.cost,
        allowance,
      }));
    },
    unitRefusal: (id) => unitRefusal(ctx, state, side, id),
    inEnemyZoc: (hex) => env.enemyZoc[ctx.board.index.get(hex)!] === 1,
    movesUnder: (unit, rules) => movesUnder(ctx, state, env, unit, rules),
    applyUnder: (unit, move, rules, events) => {
      const path = asPath(ctx, move.path);
      if (!Array.isArray(path)) return { ok: false, refusal: path };
      const r = checkUnder(ctx, state, env, unit, move.hex, path, rules);
      if (!('end' in r)) return { ok: false, refusal: r };
      const { end, cost } = r;
      const entered: GameEvent[] =
        move.hex !== undefined
          ? [{ type: 'entered', unit: unit.id, hex: move.hex, rule: '5.0' }]
          : [];
      return finishMove(
        ctx,
        state,
        env,
        unit,
        path,
        end,
        cost,
        move.hex !== undefined ? 'enter' : 'move',
        [...events, ...entered],
        rules.allowance,
      );
    },
  };
}

/** A mover under an exclusive rule's allowance (MoveRules), or null if the move may not begin where it does. */
function moverUnder(env: MoveEnv, unit: UnitState, startedInZoc: boolean, rules: MoveRules): Mover {
  const base = moverFor(env, unit, false, startedInZoc);
  const b = env.board;
  let forbidden = base.forbidden;
  if (rules.within) {
    const at = new Uint8Array(b.size);
    if (forbidden) at.set(forbidden.at);
    const prev = forbidden;
    const outside = refusal(
      'OUTSIDE_ALLOWED_HEXES',
      '6.15',
      'this move may not leave the hexes its Movement Allowance is given for',
    );
    for (let i = 0; i < b.size; i++) if (!rules.within.has(b.ids[i])) at[i] = 1;
    forbidden = { at, refusal: (j) => (prev?.at[j] ? prev.refusal(j) : outside) };
  }
  return {
    ...base,
    allowance: rules.allowance,
    ...(rules.noEnemyZoc ? { zocAllowance: -1 } : {}),
    forbidden,
  };
}

/** Every move or entry of the unit under MoveRules (access.movesUnder). */
function movesUnder(
  ctx: GameContext,
  state: GameState,
  env: MoveEnv,
  unit: UnitState,
  rules: MoveRules,
): Array<UnitMove & { hex?: HexId }> {
  const b = ctx.board;
  if (completing(state, unit) || isGunboat(ctx, unit) || env.done.has(unit.id)) return [];
  const keep = (r: LabelledReach) =>
    !(rules.noEnemyZoc && env.enemyZoc[r.to]) && r.cost <= rules.allowance;
  if (unit.status === 'pending') {
    if (entryRefusal(ctx, state, unit) !== null) return [];
    const out: Array<UnitMove & { hex?: HexId }> = [];
    const m = moverUnder(env, unit, false, rules);
    for (const hex of entryHexes(ctx, state, unit)) {
      const i = b.index.get(hex)!;
      const cost = entryCost(env, m, i);
      if (typeof cost !== 'number') continue;
      for (const r of reachHexes(
        env,
        m,
        { kind: 'entry', at: i, cost },
        crossingCheck(ctx, state, unit.side),
      ))
        if (keep(r)) out.push({ hex, path: r.path, cost: r.cost, allowance: rules.allowance });
    }
    return out;
  }
  if (unit.status !== 'on-map') return [];
  if (rules.within && !rules.within.has(unit.hex!)) return [];
  const c = constraintOf(ctx, state, unit);
  if (c) return []; // a unit an exclusive rule holds or restricts to one hex does not move under another allowance
  const at = b.index.get(unit.hex!)!;
  const m = moverUnder(env, unit, env.enemyZoc[at] === 1, rules);
  return reachHexes(env, m, { kind: 'hex', at }, crossingCheck(ctx, state, unit.side))
    .filter(keep)
    .map((r) => ({ path: r.path, cost: r.cost, allowance: rules.allowance }));
}

/** A move under MoveRules checked as an ordinary move is (checkPath), with the rules' own limits: its end and cost, or why not. */
function checkUnder(
  ctx: GameContext,
  state: GameState,
  env: MoveEnv,
  unit: UnitState,
  hex: HexId | undefined,
  path: number[],
  rules: MoveRules,
): Refusal | { end: number; cost: number } {
  const b = ctx.board;
  if (env.done.has(unit.id))
    return refusal('ALREADY_MOVED', '6.18', `${unit.id} has already moved this Movement Phase`);
  if (isGunboat(ctx, unit))
    return refusal('NOT_ELIGIBLE', '6.15', 'Gunboats do not move under this Movement Allowance');
  const limits = (r: { end: number; cost: number }) => {
    if (rules.noEnemyZoc && env.enemyZoc[r.end])
      return refusal(
        'INTO_ENEMY_ZOC',
        '7.0',
        `this move may not enter the Enemy controlled hex ${b.ids[r.end]}`,
      );
    if (r.cost > rules.allowance)
      return refusal(
        'EXCEEDS_ALLOWANCE',
        '6.15',
        `the path costs ${fmt(r.cost)} MP, more than ${fmt(rules.allowance)}`,
      );
    return { end: r.end, cost: r.cost };
  };
  if (completing(state, unit))
    return refusal(
      'MARKED_NO_MOVE',
      '10.34',
      `${unit.id} is completing Breastworks and may not move`,
    );
  const c = unit.status === 'on-map' ? constraintOf(ctx, state, unit) : null;
  if (c) return c.refusal;
  if (unit.status === 'pending') {
    const r0 = entryRefusal(ctx, state, unit);
    if (r0) return r0;
    if (hex === undefined || !entryHexes(ctx, state, unit).includes(hex))
      return refusal('ENTRY_HEX_NOT_ALLOWED', '5.5', `${unit.id} may not enter at ${String(hex)}`);
    const i = b.index.get(hex)!;
    if (path[0] !== i)
      return refusal('BAD_ORDER', '5.0', 'the path of an entering unit starts at its entry hex');
    const m = moverUnder(env, unit, false, rules);
    const cost = entryCost(env, m, i);
    if (typeof cost !== 'number') return cost;
    const r = checkPath(
      env,
      m,
      { kind: 'entry', at: i, cost },
      path,
      crossingCheck(ctx, state, unit.side),
    );
    return 'end' in r ? limits(r) : r;
  }
  if (hex !== undefined)
    return refusal('BAD_ORDER', '5.0', `${unit.id} is on the map: a move has no entry hex`);
  if (unit.status !== 'on-map') return refusal('NOT_ON_MAP', '5.0', `${unit.id} is not on the map`);
  if (rules.within && !rules.within.has(unit.hex!))
    return refusal(
      'OUTSIDE_ALLOWED_HEXES',
      '6.15',
      `${unit.id} does not begin in the hexes this Movement Allowance is given for`,
    );
  const at = b.index.get(unit.hex!)!;
  const m = moverUnder(env, unit, env.enemyZoc[at] === 1, rules);
  const r = checkPath(env, m, { kind: 'hex', at }, path, crossingCheck(ctx, state, unit.side));
  return 'end' in r ? limits(r) : r;
}

/** Marker orders placed instead of moving (12.41b, 10.34 i–ii): why not, or null. */
function markerRefusal(
  ctx: GameContext,
  state: GameState,
  env: MoveEnv,
  unit: UnitState,
  type: 'rally-marker' | 'build-breastworks' | 'complete-breastworks',
  facing?: unknown,
): Refusal | null {
  if (unit.status !== 'on-map')
    return refusal('NOT_ON_MAP', '12.41', `${unit.id} is not on the map`);
  if (isGunboat(ctx, unit))
    return refusal(
      'NOT_ELIGIBLE',
      type === 'rally-marker' ? '12.41' : '10.34',
      'Gunboats take no markers',
    );
  for (const h of ctx.hooks) {
    const r = h.markerRefusal?.(ctx, state, unit);
    if (r) return r;
  }
  if (type === 'rally-marker') {
    if (unit.morale === 'good')
      return refusal(
        'RALLY_GOOD_ORDER',
        '12.41',
        `${unit.id} is neither Disordered, Shaken nor Routed`,
      );
    if (env.enemyZoc[ctx.board.index.get(unit.hex!)!])
      return refusal(
        'RALLY_IN_ENEMY_ZOC',
        '12.41',
        'units in an Enemy Zone of Control may not Rally',
      );
    if (completing(state, unit))
      return refusal('MARKED_NO_MOVE', '10.34', `${unit.id} is completing Breastworks`);
    return null;
  }
  if (type === 'build-breastworks') return buildRefusal(ctx, state, unit);
  return completeRefusal(ctx, state, unit, facing ?? facingChoices(ctx, unit.hex!)[0]);
}

/** Why the side may not end its Movement Phase yet (exclusive-rule obligations), or null. */
function endPhaseRefusal(
  ctx: GameContext,
  state: GameState,
  side: Side,
  known?: (u: UnitState) => boolean,
): Refusal | null {
  const env = moveEnv(ctx, state, side);
  // A unit "can move" if it has a move, or, waiting to enter, an entry (Second Bull Run 17.3 obligations).
  const canMove =
    known ??
    ((u: UnitState) =>
      !env.done.has(u.id) &&
      (u.status === 'pending'
        ? entryRefusal(ctx, state, u) === null &&
          entryHexes(ctx, state, u).some(
            (h) => unitReach(ctx, state, env, u, 'enter', ctx.board.index.get(h)!).length > 0,
          )
        : unitReach(ctx, state, env, u, 'move').length > 0));
  for (const h of ctx.hooks) {
    const r = h.endPhaseRefusal?.(ctx, state, side, canMove);
    if (r) return r;
  }
  return null;
}

function asPath(ctx: GameContext, path: unknown): number[] | Refusal {
  if (!Array.isArray(path) || path.length === 0 || !path.every((h) => typeof h === 'string'))
    return refusal('BAD_ORDER', '6.17', 'path must be a non-empty list of hex labels');
  const out: number[] = [];
  for (const h of path as string[]) {
    const i = ctx.board.index.get(h);
    if (i === undefined)
      return refusal(
        'OFF_MAP',
        '2.1',
        `${h} is not a hex of this map; units may not move off the map`,
      );
    out.push(i);
  }
  return out;
}

export function applyMovementPhaseOrder(
  ctx: GameContext,
  state: GameState,
  side: Side,
  order: Order,
  dice: Dice,
): ApplyResult {
  const o = order as Order & Record<string, unknown>;
  switch (o.type) {
    case 'end-phase': {
      const r = endPhaseRefusal(ctx, state, side);
      if (r) return { ok: false, refusal: r };
      const env = moveEnv(ctx, state, side);
      const blocked = markBlockedReinforcements(ctx, state, (u) =>
        entryHexes(ctx, state, u).some(
          (h) => unitReach(ctx, state, env, u, 'enter', ctx.board.index.get(h)!).length > 0,
        ),
      );
      const base = blocked.length
        ? { ...state, blockedReinforcements: [...state.blockedReinforcements, ...blocked] }
        : state;
      const next = toCombatPhase(ctx, base, dice);
      const events: GameEvent[] = blocked.length
        ? [{ type: 'reinforcements-blocked', units: blocked, rule: '5.5' }, ...next.events]
        : next.events;
      return { ok: true, state: next.state, events };
    }
    case 'move':
    case 'strategic-move':
      return applyMove(ctx, state, side, o, o.type);
    case 'enter':
      return applyEnter(ctx, state, side, o);
    case 'rally-marker':
    case 'build-breastworks':
    case 'complete-breastworks': {
      const u = unitRefusal(ctx, state, side, o.unit);
      if (!('id' in u)) return { ok: false, refusal: u };
      const env = moveEnv(ctx, state, side);
      const r = markerRefusal(ctx, state, env, u, o.type, o.facing);
      if (r) return { ok: false, refusal: r };
      const movement = { ...state.movement!, marked: [...state.movement!.marked, u.id] };
      if (o.type === 'rally-marker') {
        const unit = { ...u, markers: { ...u.markers, rally: true } };
        return {
          ok: true,
          state: { ...state, movement, units: { ...state.units, [u.id]: unit } },
          events: [{ type: 'rally-marker-placed', unit: u.id, hex: u.hex, rule: '12.41' }],
        };
      }
      const done =
        o.type === 'build-breastworks'
          ? placeUnderConstruction(state, u)
          : declareFacing(state, u, o.facing as HexId[]);
      return { ok: true, state: { ...done.state, movement }, events: done.events };
    }
    case 'attack':
      return refuse(
        'NO_COMBAT_IN_MOVEMENT',
        '6.14',
        'no combat may take place during the Movement Phase',
      );
    default: {
      // Several declarations may share an order type (Hooker and Lee 18.11 and 18.21: one map exit per side):
      // the first that accepts the order applies it, else the refusal of a declaration that covers the unit
      // (handlesUnit), else the first refusal.
      const hooks = ctx.hooks.filter(
        (h) => h.applyMovementOrder && h.orderTypes?.includes(String(o.type)),
      );
      let first: ApplyResult | null = null;
      let own: ApplyResult | null = null;
      for (const hook of hooks) {
        const r = hook.applyMovementOrder!(
          ctx,
          state,
          side,
          o,
          phaseAccess(ctx, state, side, moveEnv(ctx, state, side)),
          dice,
        );
        if (r.ok) return r;
        first ??= r;
        if (!own && typeof o.unit === 'string' && hook.handlesUnit?.(ctx, state, o.unit)) own = r;
      }
      if (own ?? first) return (own ?? first)!;
      return refuse(
        'BAD_ORDER',
        '4.0',
        `"${String(o.type)}" is not an order of the Movement Phase`,
      );
    }
  }
}

function applyMove(
  ctx: GameContext,
  state: GameState,
  side: Side,
  o: Record<string, unknown>,
  kind: 'move' | 'strategic-move',
): ApplyResult {
  const u = unitRefusal(ctx, state, side, o.unit);
  if (!('id' in u)) return { ok: false, refusal: u };
  if (u.status !== 'on-map')
    return refuse(
      'NOT_ON_MAP',
      '5.0',
      `${u.id} is not on the map${u.status === 'pending' ? '; bring it on with an enter order' : ''}`,
    );
  const path = asPath(ctx, o.path);
  if (!Array.isArray(path)) return { ok: false, refusal: path };
  if (completing(state, u))
    return refuse('MARKED_NO_MOVE', '10.34', `${u.id} is completing Breastworks and may not move`);
  const env = moveEnv(ctx, state, side);
  const at = ctx.board.index.get(u.hex!)!;
  const c = constraintOf(ctx, state, u);
  if (c?.kind === 'forbidden') return { ok: false, refusal: c.refusal };
  let end: number;
  let cost = 0;
  let allowance: number | null = null; // gunboats spend no Movement Points (9.6)
  if (isGunboat(ctx, u)) {
    if (kind === 'strategic-move')
      return refuse('NOT_ELIGIBLE', '6.4', 'Gunboats do not use Strategic Movement');
    if (c) return { ok: false, refusal: c.refusal };
    const r = checkGunboatPath(env, u, at, path);
    if (!('end' in r)) return { ok: false, refusal: r };
    end = r.end;
  } else {
    if (c?.kind === 'one-hex') {
      if (
        kind === 'strategic-move' ||
        path.length !== 1 ||
        !c.hexes.includes(ctx.board.ids[path[0]])
      )
        return { ok: false, refusal: c.refusal };
    }
    if (kind === 'strategic-move') {
      if (strategicBonusZero(ctx, u))
        return refuse('NOT_ELIGIBLE', '6.42', `${u.id} may not use Strategic Movement`);
      const barred = strategicRefusal(ctx, state, u);
      if (barred) return { ok: false, refusal: barred };
      if (env.nearEnemy[at])
        return refuse(
          'STRATEGIC_NOT_ELIGIBLE',
          '6.41',
          'Strategic Movement only for units beginning three or more hexes from any Enemy unit',
        );
    }
    const m: Mover = moverFor(env, u, kind === 'strategic-move', env.enemyZoc[at] === 1);
    const r = checkPath(env, m, { kind: 'hex', at }, path, crossingCheck(ctx, state, side));
    if (!('end' in r)) return { ok: false, refusal: r };
    end = r.end;
    cost = r.cost;
    allowance = m.allowance;
  }
  return finishMove(ctx, state, env, u, path, end, cost, kind, [], allowance);
}

function applyEnter(
  ctx: GameContext,
  state: GameState,
  side: Side,
  o: Record<string, unknown>,
): ApplyResult {
  const u = unitRefusal(ctx, state, side, o.unit);
  if (!('id' in u)) return { ok: false, refusal: u };
  const r0 = entryRefusal(ctx, state, u);
  if (r0) return { ok: false, refusal: r0 };
  if (typeof o.hex !== 'string') return refuse('BAD_ORDER', '5.0', 'enter needs the entry hex');
  const path = asPath(ctx, o.path);
  if (!Array.isArray(path)) return { ok: false, refusal: path };
  if (!entryHexes(ctx, state, u).includes(o.hex))
    return refuse('ENTRY_HEX_NOT_ALLOWED', '5.5', `${u.id} may not enter at ${o.hex}`);
  const entry = ctx.board.index.get(o.hex)!;
  if (path[0] !== entry)
    return refuse('BAD_ORDER', '5.0', 'the path of an entering unit starts at its entry hex');
  const env = moveEnv(ctx, state, side);
  let end: number;
  let cost = 0;
  let allowance: number | null = null; // gunboats spend no Movement Points (9.6)
  if (isGunboat(ctx, u)) {
    const r = checkGunboatPath(env, u, -1, path);
    if (!('end' in r)) return { ok: false, refusal: r };
    end = r.end;
  } else {
    const m = moverFor(env, u, false, false);
    const enterCost = entryCost(env, m, entry);
    if (typeof enterCost !== 'number') return { ok: false, refusal: enterCost };
    const r = checkPath(
      env,
      m,
      { kind: 'entry', at: entry, cost: enterCost },
      path,
      crossingCheck(ctx, state, side),
    );
    if (!('end' in r)) return { ok: false, refusal: r };
    end = r.end;
    cost = r.cost;
    allowance = m.allowance;
  }
  return finishMove(
    ctx,
    state,
    env,
    u,
    path,
    end,
    cost,
    'enter',
    [{ type: 'entered', unit: u.id, hex: o.hex, rule: '5.0' }],
    allowance,
  );
}

/** The unit arrives: the new state, objectives passed (18.31), towns entered (12.17), abandoned Breastworks. */
function finishMove(
  ctx: GameContext,
  state: GameState,
  env: MoveEnv,
  u: UnitState,
  path: number[],
  end: number,
  cost: number,
  kind: MoveKind,
  events: GameEvent[],
  /** The Movement Allowance in thirds the move was checked against; null for gunboats (no MP). */
  allowance: number | null,
): ApplyResult {
  const b = ctx.board;
  const hexes = ids(ctx, path);
  const to = b.ids[end];
  const gunboat = isGunboat(ctx, u);
  let morale = u.morale;
  const out: GameEvent[] = [
    ...events,
    {
      type: kind === 'strategic-move' ? 'strategic-moved' : 'moved',
      unit: u.id,
      from: u.hex,
      path: hexes,
      to,
      mp: fmt(cost),
      // Revision 5 on: the same figure as numbers, with what remains of the allowance (issue 19).
      ...(allowance !== null && atRevision(state, MP_AS_NUMBERS)
        ? { points: movementPoints(cost, allowance) }
        : {}),
      rule: kind === 'enter' ? '5.0' : kind === 'move' ? '6.0' : '6.4',
    },
  ];
  if (!gunboat && morale === 'good' && hexes.some((h) => ctx.map.hex(h).terrain === 'town')) {
    morale = 'disordered';
    out.push({ type: 'disordered', unit: u.id, rule: '12.17', reason: 'entered a town hex' });
  }
  let next: GameState = state;
  if (u.markers.buildingBreastworks) {
    const a = abandonConstruction(next, u.id);
    next = a.state;
    out.push(...a.events);
  }
  const cur = next.units[u.id];
  const movement = { ...next.movement! };
  movement.moved = [...movement.moved, u.id];
  if (kind === 'enter') {
    // 5.0 column: the entered units fill stacks of two; one that stacks alone fills a whole stack (entryCost).
    const n = movement.entered[hexes[0]] ?? 0;
    movement.entered = {
      ...movement.entered,
      [hexes[0]]: entersAlone(ctx, u.id) ? 2 * Math.ceil(n / 2) + 2 : n + 1,
    };
  }
  if (!gunboat && env.enemyZoc[end]) movement.enteredEnemyZoc = [...movement.enteredEnemyZoc, u.id];
  let objectives = next.objectives;
  if (!gunboat) {
    for (const h of hexes) {
      if (ctx.objectiveHexes.has(h) && objectives[h] !== u.side) {
        objectives = { ...objectives, [h]: u.side };
        out.push({ type: 'objective-occupied', hex: h, side: u.side, rule: '18.31' });
      }
    }
  }
  next = {
    ...next,
    movement,
    objectives,
    units: { ...next.units, [u.id]: { ...cur, hex: to, status: 'on-map', morale } },
  };
  return { ok: true, state: next, events: out };
}
