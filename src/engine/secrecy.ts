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
  return sealedOrder(sealing.side, sealing.case);
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

// ------------------------------------------------- simultaneous sealed answers ----

/**
 * A sealed simultaneous decision (Bobby Lee / Sam Grant initiative bids,
 * replacement stages, free deployment): every seat in `seats` answers once,
 * by an ordinary order; each answer is held here unseen by the others until
 * the last one is in, when the system reveals them all together in that
 * order's events and closes the round. The same sealing as a hook's sealed
 * choice above: while the round is open, `orderFor` shows an answer to
 * anyone but its seat as a SealedOrder, and `sealedRoundFor` leaves the
 * other seats' answers out of the state a reader sees.
 */
export interface SealedRound<Answer = unknown> {
  /** What is being decided ("initiative-bid"); the MustAct kind while the round is open. */
  kind: string;
  /** The case of the rule that makes it sealed and simultaneous. */
  rule: string;
  /** The seats that must answer. */
  seats: Side[];
  /** The answers in so far, by seat: hidden from every other reader until the round closes. */
  answers: Partial<Record<Side, Answer>>;
}

/** A new round in which every one of `seats` must answer. */
export function openSealedRound<Answer>(
  kind: string,
  rule: string,
  seats: readonly Side[],
): SealedRound<Answer> {
  return { kind, rule, seats: [...seats], answers: {} };
}

/** The seats of the round still to answer, in the round's order. */
export function stillToAnswer(round: SealedRound): Side[] {
  return round.seats.filter((s) => !(s in round.answers));
}

/**
 * Holds `seat`'s answer. `complete` is true once every seat has answered: the
 * caller then reveals `round.answers` in its events and resolves the decision.
 * Throws if the seat is not one that must answer or has answered already
 * (callers refuse such orders first, citing their case).
 */
export function answerSealedRound<Answer>(
  round: SealedRound<Answer>,
  seat: Side,
  answer: Answer,
): { round: SealedRound<Answer>; complete: boolean } {
  if (!stillToAnswer(round).includes(seat))
    throw new Error(`${seat} has no answer to give in the ${round.kind} round`);
  const next = { ...round, answers: { ...round.answers, [seat]: answer } };
  return { round: next, complete: stillToAnswer(next).length === 0 };
}

/** The round as `reader` may see it while it is open: only the reader's own answer; who has answered is public. */
export function sealedRoundFor<Answer>(
  round: SealedRound<Answer>,
  reader: Side | null,
): SealedRound<Answer> & { answered: Side[] } {
  const answers: Partial<Record<Side, Answer>> = {};
  if (reader !== null && reader in round.answers) answers[reader] = round.answers[reader];
  const answered = round.seats.filter((s) => s in round.answers);
  return { ...round, answers, answered };
}

/** The sealed form of an order `seat` gave under `rule`, for a reader other than `seat` while it is hidden. */
export function sealedOrder(seat: Side, rule: string): SealedOrder {
  return { type: 'sealed', side: seat, rule };
}
