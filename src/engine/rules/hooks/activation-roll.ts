/**
 * Randomised activation (battles.md §17 rank 23): a die roll decides whether
 * a group of units may move in a Movement Phase.
 *
 * Wilderness 20.2 (optional rule, General Burnside): "At the beginning of each
 * Union Movement Phase, whenever any unit of the Union IX corps is to be
 * moved, a special die roll is required. If the result is a '6', none of the
 * IX Corps units may move during that Movement Phase. They may attack and
 * defend normally during that Game-Turn. ... Train Defence units are not
 * affected."
 *
 * Readings:
 * - an optional rule: in force only in games created with the game option
 *   `option` set (GameOptions[option] === true), off by default;
 * - the roll is the order `activation-roll {rule}` of the side's Movement
 *   Phase, offered once per Movement Phase while one of the listed units is
 *   on the map or may enter; until it is made, no listed unit may move or
 *   enter in that phase (the roll comes before any of them is moved). Units
 *   of the side not listed (the Train Defence units, `exempt`) move freely;
 * - on a result in `failOn` no listed unit moves or enters in that Movement
 *   Phase; otherwise they move normally. Placing a Rally marker is not a
 *   move and stays allowed; attacking and defending are unaffected;
 * - the die is drawn from the game's dice and recorded in the event with what
 *   it decided.
 *
 * params: { option: string, side: Side, units: string[], exempt?: string[], failOn: number[] }
 */
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order, UnitState } from '../../state';
import type { RuleHook, Side } from '../../types';
import { refusal, refuse } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

/** hookState entry: the last roll, by Game-Turn (one Movement Phase of the side per Game-Turn). */
export interface ActivationState {
  rolled: { turn: number; roll: number; moves: boolean } | null;
}

export const activationRollSupport: HookSupport = knownParams(
  ['option', 'side', 'units', 'exempt', 'failOn'],
  (p) => {
    if (typeof p.option !== 'string') return 'an activation roll without its game "option"';
    if (p.side !== 'union' && p.side !== 'confederate') return 'an activation roll without "side"';
    if (!Array.isArray(p.units) || p.units.length === 0)
      return 'an activation roll without "units"';
    const fail = p.failOn;
    if (
      !Array.isArray(fail) ||
      fail.length === 0 ||
      fail.some((n) => !Number.isInteger(n) || n < 1 || n > 6)
    )
      return `failOn ${JSON.stringify(fail)}`;
    if (Array.isArray(p.exempt) && p.exempt.some((u) => (p.units as unknown[]).includes(u)))
      return 'a unit both rolled for and exempt';
    return null;
  },
);

export function activationRoll(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const option = p.option as string;
  const side = p.side as Side;
  const units = new Set(p.units as string[]);
  const failOn = p.failOn as number[];
  const key = hookKey(rule);

  const inForce = (state: GameState) =>
    state.options?.[option] === true &&
    state.phase === 'movement' &&
    state.phasing === side &&
    state.movement !== null;
  const rolledNow = (state: GameState) => {
    const r = hookStateOf<ActivationState>(state, key, { rolled: null }).rolled;
    return r && r.turn === state.turn ? r : null;
  };
  /** Why a listed unit may not move or enter now, or null. */
  const held = (state: GameState, unit: UnitState) => {
    if (!units.has(unit.id) || !inForce(state)) return null;
    const r = rolledNow(state);
    if (!r)
      return refusal(
        'ACTIVATION_ROLL_FIRST',
        rule.case,
        `${unit.id} is a unit of the group that needs a die roll before it moves this Movement Phase (order "activation-roll")`,
      );
    if (r.moves) return null;
    return refusal(
      'NOT_ACTIVATED',
      rule.case,
      `the activation roll was ${r.roll}: no unit of the group moves this Movement Phase`,
    );
  };
  const due = (ctx: GameContext, state: GameState) =>
    [...units].some((id) => {
      const u = state.units[id];
      if (!u || u.side !== side) return false;
      if (u.status === 'on-map')
        return !state.movement!.moved.includes(id) && !state.movement!.marked.includes(id);
      return (
        u.status === 'pending' && (ctx.reinforcementOf.get(id)?.turn ?? Infinity) <= state.turn
      );
    });

  return {
    hook: rule.hook,
    case: rule.case,
    orderTypes: ['activation-roll'],
    constraint(_ctx, state, unit) {
      const r = held(state, unit);
      return r ? { kind: 'forbidden', refusal: r } : null;
    },
    entryRefusal(_ctx, state, unit) {
      return held(state, unit);
    },
    movementOrders(ctx, state, s): Order[] {
      if (s !== side || !inForce(state) || rolledNow(state) || !due(ctx, state)) return [];
      return [{ type: 'activation-roll', rule: rule.case }];
    },
    applyMovementOrder(ctx, state, s, o, _access, dice): ApplyResult {
      if (o.rule !== undefined && o.rule !== rule.case)
        return refuse(
          'BAD_ORDER',
          rule.case,
          `activation-roll names rule ${String(o.rule)}, not ${rule.case}`,
        );
      if (s !== side || !inForce(state))
        return refuse(
          'NO_ACTIVATION_ROLL',
          rule.case,
          `no activation roll is made now (optional rule ${rule.case}, the ${side} Movement Phase)`,
        );
      if (rolledNow(state))
        return refuse(
          'ALREADY_ROLLED',
          rule.case,
          'the activation roll has been made this Movement Phase',
        );
      if (!due(ctx, state))
        return refuse(
          'NO_ACTIVATION_ROLL',
          rule.case,
          'no unit of the group may move this Movement Phase',
        );
      if (!dice) return refuse('BAD_ORDER', rule.case, 'the activation roll needs the game dice');
      const roll = dice.d6();
      const moves = !failOn.includes(roll);
      return {
        ok: true,
        state: withHookState(state, key, { rolled: { turn: state.turn, roll, moves } }),
        events: [
          {
            type: 'activation-rolled',
            side,
            roll,
            moves,
            units: [...units],
            rule: rule.case,
            decided: moves
              ? 'the group moves this Movement Phase'
              : 'no unit of the group moves this Movement Phase',
          },
        ],
      };
    },
  };
}
