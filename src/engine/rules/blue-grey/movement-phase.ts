/**
 * The Movement Phase (4.0 A, 5.0, 6.0): listing and applying its orders.
 */
import type { Dice } from '../../dice';
import type { GameContext, ApplyResult } from '../../game';
import type { GameState, Order } from '../../state';
import type { Side } from '../../types';
import { refuse } from './refusals';
import { toCombatPhase } from './sequence-of-play';

export function movementPhaseOrders(_ctx: GameContext, state: GameState, side: Side): Order[] {
  if (state.phase !== 'movement' || state.phasing !== side) return [];
  return [{ type: 'end-phase' }];
}

export function applyMovementPhaseOrder(ctx: GameContext, state: GameState, _side: Side, order: Order, dice: Dice): ApplyResult {
  if (order.type === 'end-phase') {
    const r = toCombatPhase(ctx, state, dice);
    return { ok: true, state: r.state, events: r.events };
  }
  return refuse('NOT_YET_SUPPORTED', '6.0', `"${order.type}" orders are not yet supported`);
}
