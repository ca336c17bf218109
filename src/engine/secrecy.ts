/**
 * What a reader may see of a game under way. Some exclusive rules give a
 * player a sealed choice (Road to Richmond 17.62: the Confederate Player
 * "secretly writes down" which reinforcements he reallocates): the engine
 * plays the orders as any other, and the hook that owns the choice declares
 * it `sealed` (its side, its order types, its hook-state entry). Until the
 * game is over, everyone but that side — the other seat and spectators — is
 * shown the order as `{type: "sealed"}` and the state without the entry.
 *
 * Nothing is lost: the log keeps every order and every stored state in full,
 * the entry's state hash commits to the full state, and once the game is
 * over (when the seed is revealed and a replay can be verified) everything
 * is shown. Pure: the service calls these on what it reads from the log.
 */
import type { GameContext } from './game';
import type { GameState, Order } from './state';
import type { Side } from './types';

/** What a sealed order becomes for a reader who may not see it. */
export interface SealedOrder {
  type: 'sealed';
  /** The side whose sealed choice it is. */
  side: Side;
  /** The case of the rule that seals it. */
  rule: string;
}

function sealingOf(ctx: GameContext, order: unknown) {
  const type = (order as Order | null)?.type;
  if (typeof type !== 'string') return null;
  for (const h of ctx.hooks)
    if (h.sealed?.orderTypes.includes(type)) return { ...h.sealed, case: h.case };
  return null;
}

/** The order as `reader` (a side, or null for a spectator) may see it while `finished` is false. */
export function orderForReader(
  ctx: GameContext,
  order: unknown,
  reader: Side | null,
  finished: boolean,
): unknown {
  if (finished) return order;
  const sealing = sealingOf(ctx, order);
  if (!sealing || sealing.side === reader) return order;
  const sealed: SealedOrder = { type: 'sealed', side: sealing.side, rule: sealing.case };
  return sealed;
}

/** True if some part of `state` is hidden from `reader` (so its state hash is of more than he sees). */
export function hiddenFrom(ctx: GameContext, state: GameState, reader: Side | null): boolean {
  if (state.result) return false;
  return ctx.hooks.some(
    (h) => h.sealed && h.sealed.side !== reader && h.sealed.stateKey in (state.hookState ?? {}),
  );
}

/** The state as `reader` may see it: sealed hook-state entries of the other side removed until the game is over. */
export function stateForReader(ctx: GameContext, state: GameState, reader: Side | null): GameState {
  if (!hiddenFrom(ctx, state, reader)) return state;
  const hookState = { ...state.hookState };
  for (const h of ctx.hooks)
    if (h.sealed && h.sealed.side !== reader) delete hookState[h.sealed.stateKey];
  return { ...state, hookState };
}
