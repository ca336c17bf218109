/**
 * 1975 sequence of play (O4.1, O10.0, O11.4): each Game-Turn a First and a
 * Second Player-Turn, each a Movement Phase then a Combat Phase; on Night
 * Game-Turns the Combat Phase is omitted (O10.1); the Game-Turn Record
 * Interphase advances the turn, and at the end of a Night Game-Turn every
 * Ineffective unit recovers (O11.4); after the last Game-Turn the victory
 * conditions decide (O4.0). Phases end only by an explicit end-phase order.
 */
import type { Dice } from '../../dice';
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order } from '../../state';
import type { GameEvent, Side } from '../../types';
import { otherSide } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { recoverEffectiveness } from './attack-effectiveness';
import {
  applyClassicCombatOrder,
  classicCombatOrders,
  endClassicCombatPhase,
  startClassicCombatPhase,
} from './combat-phase';
import {
  applyClassicMovementOrder,
  classicMovementOrders,
  missedReinforcements,
} from './movement-phase';
import { CLASSIC_1975 } from './parameters';
import { evaluateClassicVictory } from './victory';

function freshMovement(): GameState['movement'] {
  return { moved: [], entered: {}, marked: [], enteredEnemyZoc: [] };
}

export function classicOrders(ctx: GameContext, state: GameState, side: Side): Order[] {
  if (state.phase === 'movement' && !state.pending) return classicMovementOrders(ctx, state, side);
  return classicCombatOrders(ctx, state, side);
}

export function applyClassicOrder(
  ctx: GameContext,
  state: GameState,
  side: Side,
  order: Order,
  dice: Dice,
): ApplyResult {
  if (state.phase === 'movement' && !state.pending) {
    if (side !== state.phasing)
      return {
        ok: false,
        refusal: refusal('NOT_YOUR_TURN', 'O5.11', `it is ${state.phasing}'s Movement Phase`),
      };
    if (order.type !== 'end-phase') return applyClassicMovementOrder(ctx, state, side, order);
    const events: GameEvent[] = [];
    let next = missedReinforcements(ctx, state, events);
    events.push({ type: 'phase-ended', phase: 'movement', side: state.phasing, turn: state.turn });
    if (next.night && !CLASSIC_1975.nightCombat) {
      events.push({ type: 'combat-phase-omitted', rule: 'O10.1', reason: 'Night Game-Turn' });
      const after = afterPlayerTurn(ctx, { ...next, movement: null }, events);
      return { ok: true, state: after, events };
    }
    next = { ...next, phase: 'combat' };
    events.push({ type: 'phase-started', phase: 'combat', side: state.phasing, turn: state.turn });
    next = startClassicCombatPhase(ctx, next, events);
    return { ok: true, state: next, events };
  }
  const r = applyClassicCombatOrder(ctx, state, side, order, dice);
  if (!r.ok || !r.ended) return r.ok ? { ok: true, state: r.state, events: r.events } : r;
  const events = [
    ...r.events,
    { type: 'phase-ended', phase: 'combat', side: state.phasing, turn: state.turn },
  ];
  const after = afterPlayerTurn(ctx, endClassicCombatPhase(r.state), events);
  return { ok: true, state: after, events };
}

/** The end of a Player-Turn: the Second Player-Turn, or the Interphase and the next Game-Turn, or the end. */
function afterPlayerTurn(ctx: GameContext, state: GameState, events: GameEvent[]): GameState {
  let next = state;
  if (next.phasing === ctx.scenario.firstPlayer) {
    next = {
      ...next,
      phase: 'movement',
      phasing: otherSide(next.phasing),
      movement: freshMovement(),
      combat: null,
      pending: null,
    };
  } else {
    if (next.night) next = recoverEffectiveness(next, events); // O11.4
    const turn = next.turn + 1;
    if (turn > ctx.scenario.turns) {
      const result = evaluateClassicVictory(ctx, next);
      events.push({
        type: 'game-ended',
        reason: result.reason,
        winner: result.winner,
        level: result.level,
      });
      return { ...next, phase: 'finished', movement: null, combat: null, pending: null, result };
    }
    const night = ctx.scenario.nightTurns.includes(turn);
    next = {
      ...next,
      turn,
      night,
      phase: 'movement',
      phasing: ctx.scenario.firstPlayer,
      movement: freshMovement(),
      combat: null,
      pending: null,
    };
    events.push({ type: 'turn-started', turn, night });
  }
  events.push({ type: 'phase-started', phase: 'movement', side: next.phasing, turn: next.turn });
  return next;
}
