/**
 * The 1975 Movement Phase (O4.1 A, O5.0-O5.3, O6.0, O10.2, O11.2 and the
 * exclusive rules' movement hooks): the phasing player moves units one at a
 * time (`move`), brings on reinforcements (`enter`), then ends the phase.
 * One generator lists the orders and checks a submitted one with the same
 * functions (movement.ts). There is no strategic movement, no Rally or
 * Breastworks marker and no minimum move in 1975: those orders are refused.
 */
import { atRevision, MP_AS_NUMBERS } from '../../revision';
import { movementPoints } from '../blue-grey/movement';
import type { GameContext } from '../../game';
import type { GameState, Order, UnitState } from '../../state';
import type { GameEvent, HexId, Refusal, Side } from '../../types';
import { refusal } from '../blue-grey/refusals';
import {
  ClassicEnv,
  ClassicMover,
  classicCheckPath,
  classicEnv,
  classicMover,
  classicReach,
} from './movement';
import { countsForQuota, immobile, nightMovement, quotaLeft, reinforcementDeadline } from './hooks';
import { noteControl } from './control';
import { PROHIBITED } from './terrain-costs';

type Result = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; refusal: Refusal };

/** Why this unit may not move at all now (O5.11, O5.17, exclusive rules), or the unit. */
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
    return refusal('NOT_YOUR_UNIT', 'O5.11', `${unitId} belongs to the other player`);
  if (state.movement!.moved.includes(unitId))
    return refusal('ALREADY_MOVED', 'O5.17', `${unitId} has already moved this Movement Phase`);
  const night = state.night ? nightMovement(ctx, side) : null;
  if (night?.kind === 'no-movement')
    return refusal(
      'NIGHT_NO_MOVEMENT',
      night.rule.case,
      `no ${side} unit may move during a Night Game-Turn`,
    );
  const im = unit.status === 'on-map' ? immobile(ctx, unitId) : null;
  if (im) return refusal('IMMOBILE', im.case, `${unitId} may not be moved`);
  if (countsForQuota(ctx, state, unit)) {
    const q = quotaLeft(ctx, state, side);
    if (q && q.left <= 0)
      return refusal(
        'MOVEMENT_QUOTA',
        q.rule.case,
        `the ${side} player may move no more than ${q.limit} units this Movement Phase`,
      );
  }
  return unit;
}

/** Why this pending reinforcement may not enter now, or null (the exclusive rules' schedule, Chattanooga 15.11). */
function entryRefusal(ctx: GameContext, state: GameState, unit: UnitState): Refusal | null {
  if (unit.status !== 'pending')
    return refusal('NOT_A_REINFORCEMENT', '15.0', `${unit.id} is not waiting to enter`);
  const spec = ctx.reinforcementOf.get(unit.id);
  if (!spec)
    return refusal('NOT_A_REINFORCEMENT', '15.0', `${unit.id} has no reinforcement schedule`);
  if (state.turn < spec.turn)
    return refusal(
      'REINFORCEMENT_NOT_YET',
      spec.case ?? '15.0',
      `${unit.id} arrives on Game-Turn ${spec.turn}`,
    );
  const dl = reinforcementDeadline(ctx, unit.side);
  if (dl && state.turn > dl.turn)
    return refusal(
      'REINFORCEMENT_TOO_LATE',
      dl.rule.case,
      `${unit.id} could enter only up to Game-Turn ${dl.turn}`,
    );
  if (spec.condition)
    return refusal(
      'NOT_YET_SUPPORTED',
      spec.case ?? '15.0',
      `conditional reinforcements ("${spec.condition.hook}") are not yet supported under the 1975 rules`,
    );
  return null;
}

/** Chattanooga 15.12, 15.13, 15.15: the cost of the entry hex, or why not. */
function entryStart(
  env: ClassicEnv,
  i: number,
): { kind: 'entry'; at: number; cost: number } | Refusal {
  const b = env.ctx.board;
  const hex = b.ids[i];
  if (env.enemyAt[i])
    return refusal(
      'ENTRY_HEX_OCCUPIED',
      'O5.12',
      `reinforcements may not enter the Enemy-occupied hex ${hex}`,
    );
  if (env.enemyZoc[i])
    return refusal(
      'ENTRY_HEX_ENEMY_ZOC',
      '15.12',
      `reinforcing units may not enter an entry hex which is an Enemy controlled hex (${hex})`,
    );
  const cost = env.cb.enter[i];
  if (cost === PROHIBITED || b.crossingHex[i])
    return refusal('PROHIBITED_TERRAIN', 'O5.24', `units may not enter at ${hex}`);
  return { kind: 'entry', at: i, cost };
}

function ids(ctx: GameContext, path: number[]): HexId[] {
  return path.map((i) => ctx.board.ids[i]);
}

export function classicMovementOrders(ctx: GameContext, state: GameState, side: Side): Order[] {
  if (state.phase !== 'movement' || state.phasing !== side || !state.movement) return [];
  const env = classicEnv(ctx, state, side);
  const out: Order[] = [];
  for (const id of Object.keys(state.units).sort()) {
    const unit = state.units[id];
    if (unit.side !== side) continue;
    if (unit.status === 'on-map') {
      if (!('id' in unitRefusal(ctx, state, side, id))) continue;
      const m = classicMover(env, unit);
      for (const r of classicReach(env, m, { kind: 'hex', at: ctx.board.index.get(unit.hex!)! }))
        out.push({ type: 'move', unit: id, path: ids(ctx, r.path) });
    } else if (unit.status === 'pending') {
      if (entryRefusal(ctx, state, unit) || !('id' in unitRefusal(ctx, state, side, id))) continue;
      const m = classicMover(env, unit);
      for (const hex of ctx.reinforcementOf.get(id)!.entry) {
        const i = ctx.board.index.get(hex);
        if (i === undefined) continue;
        const start = entryStart(env, i);
        if (!('kind' in start)) continue;
        for (const r of classicReach(env, m, start))
          out.push({ type: 'enter', unit: id, hex, path: ids(ctx, r.path) });
      }
    }
  }
  out.push({ type: 'end-phase' });
  return out;
}

function asPath(ctx: GameContext, path: unknown): number[] | Refusal {
  if (!Array.isArray(path) || path.length === 0 || !path.every((h) => typeof h === 'string'))
    return refusal('BAD_ORDER', 'O5.16', 'path must be a non-empty list of hex labels');
  const out: number[] = [];
  for (const h of path as string[]) {
    const i = ctx.board.index.get(h);
    if (i === undefined) return refusal('OFF_MAP', 'O2.1', `${h} is not a hex of this map`);
    out.push(i);
  }
  return out;
}

/** A Movement Phase order other than end-phase (which sequence-of-play.ts handles). */
export function applyClassicMovementOrder(
  ctx: GameContext,
  state: GameState,
  side: Side,
  order: Order,
): Result {
  const o = order as Order & Record<string, unknown>;
  if (o.type === 'strategic-move')
    return {
      ok: false,
      refusal: refusal('NOT_IN_THESE_RULES', 'O5.0', 'the 1975 rules have no strategic movement'),
    };
  if (
    o.type === 'rally-marker' ||
    o.type === 'build-breastworks' ||
    o.type === 'complete-breastworks'
  )
    return {
      ok: false,
      refusal: refusal(
        'NOT_IN_THESE_RULES',
        'O4.1',
        `the 1975 rules have no ${o.type === 'rally-marker' ? 'morale or Rally' : 'fieldworks'}`,
      ),
    };
  if (o.type !== 'move' && o.type !== 'enter')
    return {
      ok: false,
      refusal: refusal(
        'BAD_ORDER',
        'O4.1',
        `"${String(o.type)}" is not an order of the Movement Phase`,
      ),
    };
  const u = unitRefusal(ctx, state, side, o.unit);
  if (!('id' in u)) return { ok: false, refusal: u };
  const path = asPath(ctx, o.path);
  if (!Array.isArray(path)) return { ok: false, refusal: path };
  const env = classicEnv(ctx, state, side);
  const m: ClassicMover = classicMover(env, u);
  let r;
  if (o.type === 'move') {
    if (u.status !== 'on-map')
      return {
        ok: false,
        refusal: refusal(
          'NOT_ON_MAP',
          'O5.0',
          `${u.id} is not on the map${u.status === 'pending' ? '; bring it on with an enter order' : ''}`,
        ),
      };
    r = classicCheckPath(env, m, { kind: 'hex', at: ctx.board.index.get(u.hex!)! }, path);
  } else {
    const why = entryRefusal(ctx, state, u);
    if (why) return { ok: false, refusal: why };
    if (typeof o.hex !== 'string' || !ctx.reinforcementOf.get(u.id)!.entry.includes(o.hex))
      return {
        ok: false,
        refusal: refusal(
          'ENTRY_HEX_NOT_ALLOWED',
          ctx.reinforcementOf.get(u.id)!.case ?? '15.0',
          `${u.id} may not enter at ${String(o.hex)}`,
        ),
      };
    const i = ctx.board.index.get(o.hex)!;
    if (path[0] !== i)
      return {
        ok: false,
        refusal: refusal(
          'BAD_ORDER',
          '15.13',
          'the path of an entering unit starts at its entry hex',
        ),
      };
    const start = entryStart(env, i);
    if (!('kind' in start)) return { ok: false, refusal: start };
    r = classicCheckPath(env, m, start, path);
  }
  if (!('end' in r)) return { ok: false, refusal: r };
  const hexes = ids(ctx, path);
  const to = ctx.board.ids[r.end];
  const events: GameEvent[] = [];
  if (o.type === 'enter') events.push({ type: 'entered', unit: u.id, hex: o.hex, rule: '15.0' });
  events.push({
    type: 'moved',
    unit: u.id,
    from: u.hex,
    path: hexes,
    to,
    mp: `${r.cost}`,
    // Revision 5 on: the same figure as numbers, with what remains of the allowance (issue 19; whole MP in 1975).
    ...(atRevision(state, MP_AS_NUMBERS)
      ? { points: movementPoints(r.cost * 3, m.allowance * 3) }
      : {}),
    rule: 'O5.0',
  });
  let next: GameState = {
    ...state,
    movement: { ...state.movement!, moved: [...state.movement!.moved, u.id] },
    units: { ...state.units, [u.id]: { ...u, hex: to, status: 'on-map' } },
  };
  next = noteControl(ctx, next, u.side, hexes, events);
  return { ok: true, state: next, events };
}

/** Chattanooga 15.12: reinforcements of the phasing side that missed their last Game-Turn are eliminated. */
export function missedReinforcements(
  ctx: GameContext,
  state: GameState,
  events: GameEvent[],
): GameState {
  const dl = reinforcementDeadline(ctx, state.phasing);
  if (!dl || !dl.eliminated || state.turn < dl.turn) return state;
  const units = { ...state.units };
  const gone: string[] = [];
  for (const id of Object.keys(units).sort()) {
    const u = units[id];
    if (u.side !== state.phasing || u.status !== 'pending') continue;
    const spec = ctx.reinforcementOf.get(id);
    if (!spec || spec.turn > dl.turn) continue;
    units[id] = { ...u, status: 'eliminated' };
    gone.push(id);
  }
  if (gone.length === 0) return state;
  events.push({
    type: 'reinforcements-eliminated',
    units: gone,
    rule: dl.rule.case,
    reason: 'not able to enter the map on their Game-Turn',
  });
  const strength = gone.reduce((a, id) => a + units[id].strength, 0);
  return {
    ...state,
    units,
    eliminatedStrength: {
      ...state.eliminatedStrength,
      [state.phasing]: state.eliminatedStrength[state.phasing] + strength,
    },
  };
}
