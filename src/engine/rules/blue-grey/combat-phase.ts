/**
 * The Combat Phase (8.0–9.0, 12.0) seam between the sequence of play
 * (game.ts) and the combat rules. game.ts calls only these four functions
 * for the Combat Phase:
 *   - startCombatPhase when the Movement Phase ends (night recovery, rally
 *     rolls, Breastworks flip, snapshots: 4.0, 12.41, 10.34 ii);
 *   - combatPhaseOrders to list the phasing side's orders;
 *   - applyCombatPhaseOrder for every order of the phase, end-phase
 *     included (it refuses end-phase while obligations remain);
 *   - endCombatPhase once end-phase was accepted, before the sequence moves on.
 *
 * Minimal behaviour until combat lands (owned by the combat engineer from
 * here on): the phase offers only end-phase; mandatory attacks (8.11, 8.12)
 * are reported as "not yet supported" in an event, never silently skipped.
 */
import type { Dice } from '../../dice';
import type { GameEvent, Side } from '../../types';
import type { GameContext } from '../../game';
import type { GameState, Order } from '../../state';
import { flipCompletedBreastworks } from './breastworks-construction';
import { enemyZocOf } from './zoc';
import { refuse } from './refusals';

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; refusal: { code: string; rule: string; message: string } };

/** Units of `side` on the map in an Enemy controlled hex: 8.11/8.12 make attacks mandatory for them. */
function unitsInEnemyZoc(ctx: GameContext, state: GameState, side: Side): string[] {
  const zoc = enemyZocOf(ctx, state, side);
  const out: string[] = [];
  for (const id in state.units) {
    const u = state.units[id];
    if (u.side !== side || u.status !== 'on-map' || u.hex === null) continue;
    if (zoc[ctx.board.index.get(u.hex)!]) out.push(id);
  }
  return out;
}

export function combatPhaseOrders(_ctx: GameContext, state: GameState, side: Side): Order[] {
  if (state.phase !== 'combat' || state.phasing !== side) return [];
  return [{ type: 'end-phase' }];
}

export function applyCombatPhaseOrder(
  _ctx: GameContext,
  state: GameState,
  _side: Side,
  order: Order,
  _dice: Dice,
): ApplyResult {
  if (order.type === 'end-phase') return { ok: true, state, events: [] };
  return refuse('NOT_YET_SUPPORTED', '8.0', `"${order.type}" orders of the Combat Phase are not yet supported`);
}

export function startCombatPhase(ctx: GameContext, state: GameState, _dice: Dice): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  // 10.34 ii (A1): Under Construction markers of units that stayed put flip now.
  const flipped = flipCompletedBreastworks(ctx, state);
  let next = flipped.state;
  events.push(...flipped.events);
  next = { ...next, combat: {} };
  const obliged = unitsInEnemyZoc(ctx, next, next.phasing);
  if (obliged.length > 0) {
    events.push({
      type: 'not-yet-supported',
      rule: '8.11, 8.12',
      message: 'mandatory attacks are not yet supported: these units are in an Enemy Zone of Control and would have to attack',
      units: obliged,
    });
  }
  return { state: next, events };
}

export function endCombatPhase(_ctx: GameContext, state: GameState, _dice: Dice): { state: GameState; events: GameEvent[] } {
  return { state: { ...state, combat: null }, events: [] };
}
