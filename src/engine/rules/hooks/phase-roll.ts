/**
 * A die roll an exclusive rule makes "at the beginning of each <side>
 * Movement Phase" (Savage's Station 17.1 the Confederate Reinforcement
 * Table, 18.1 the Union Command Table): the hook points that make it and
 * hold play until it is made.
 *
 * - The engine makes the roll itself as the phase begins: after the order
 *   that brings play to that Movement Phase (afterOrder, with the game's
 *   dice), so a player never has to ask for it.
 * - A game created straight into that phase (no free set-up phase to end,
 *   so no order has brought play there) has not rolled yet: the side then
 *   makes it with the order `activation-roll {rule}` (Wilderness 20.2's
 *   order type for a die roll that decides what a side may do this
 *   Movement Phase), listed only then. Until the roll is made no unit of
 *   the side moves or enters and the phase may not end (`ROLL_FIRST`).
 *
 * Either way the roll and what it decided are recorded in the events.
 */
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order, UnitState } from '../../state';
import type { GameEvent, Refusal, RuleHook, Side } from '../../types';
import type { Dice } from '../../dice';
import { refusal, refuse } from '../blue-grey/refusals';
import type { MovementHook } from './movement-hook';

export interface PhaseRoll {
  side: Side;
  /** Whether the rule rolls in this Movement Phase of the side at all (Game-Turns it covers). */
  rollsOn(state: GameState): boolean;
  /** Whether this phase's roll has been made. */
  rolled(state: GameState): boolean;
  /** Makes the roll: the state with it recorded, and its events. */
  roll(ctx: GameContext, state: GameState, dice: Dice): { state: GameState; events: GameEvent[] };
  /** What waits for the roll, for the refusal ("the Union Command Table"). */
  what: string;
}

/** The hook points of a roll made at the beginning of the side's Movement Phase. */
export function phaseRollPoints(
  rule: RuleHook,
  r: PhaseRoll,
): Pick<
  MovementHook,
  | 'constraint'
  | 'movementOrders'
  | 'orderTypes'
  | 'applyMovementOrder'
  | 'endPhaseRefusal'
  | 'afterOrder'
> & { pending(state: GameState, unit?: UnitState): Refusal | null } {
  const due = (state: GameState) =>
    state.phase === 'movement' &&
    state.phasing === r.side &&
    state.movement !== null &&
    r.rollsOn(state) &&
    !r.rolled(state);
  const pending = (state: GameState, unit?: UnitState): Refusal | null => {
    if ((unit && unit.side !== r.side) || !due(state)) return null;
    return refusal(
      'ROLL_FIRST',
      rule.case,
      `the ${r.side} player rolls on ${r.what} at the beginning of the Movement Phase (order "activation-roll", rule ${rule.case}) before any unit moves or enters, and before the phase ends`,
    );
  };
  return {
    pending,
    constraint(_ctx, state, unit) {
      const why = pending(state, unit);
      return why ? { kind: 'forbidden', refusal: why } : null;
    },
    orderTypes: ['activation-roll'],
    movementOrders(_ctx, state, side): Order[] {
      return side === r.side && due(state) ? [{ type: 'activation-roll', rule: rule.case }] : [];
    },
    applyMovementOrder(ctx, state, side, o, _access, dice): ApplyResult {
      if (o.rule !== rule.case)
        return refuse(
          'BAD_ORDER',
          rule.case,
          `activation-roll names rule ${String(o.rule)}, not ${rule.case}`,
        );
      if (side !== r.side || !due(state))
        return refuse(
          'NO_ROLL_DUE',
          rule.case,
          `no roll on ${r.what} is due now (made as the ${r.side} Movement Phase begins, once)`,
        );
      if (!dice) return refuse('BAD_ORDER', rule.case, `the roll on ${r.what} needs the game dice`);
      return { ok: true, ...r.roll(ctx, state, dice) };
    },
    endPhaseRefusal(_ctx, state, side) {
      return side === r.side ? pending(state) : null;
    },
    afterOrder(ctx, _before, after, _events, dice) {
      if (!dice || !due(after)) return null;
      return r.roll(ctx, after, dice);
    },
  };
}
