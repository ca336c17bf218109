/**
 * Replay verification: re-run a game from its seed and its orders alone and
 * check, entry by entry, that the engine gives the very same events (every
 * die roll included) and the very same state. Because every roll comes from
 * the seeded dice (dice.ts) and the rules are pure functions, an honest log
 * re-derives bit for bit; the first entry that does not is reported.
 *
 * The engine stays free of I/O and node modules, so the state hash function
 * (sha256 of canonical JSON, src/games/state-hash.ts) is passed in.
 */
// The engine's entry point first: it loads the rules registry, which loads the systems, in the
// one order their modules' cycle allows (hex-system → board → game → rules/index → hex-system
// fails when this file is the first of the engine a program loads).
import './game';
import { databaseKeyOrder } from './canonical';
import { sameData } from './same-data';
import { gameDice } from './dice';
import { atRevision, CANONICAL_KEY_ORDER, ENGINE_REVISION, revisionOf } from './revision';
import type { GameContext } from './game';
import { BLUE_GREY_RULES } from './rules/hex-system';
import type { PreparedScenario, SystemApplyResult, SystemState } from './rules/system';
import { applyFlowEntry, isFlowEntry, TakebackWindow } from './flow';
import type { GameOptions, GameState } from './state';
import type { GameEvent, Side } from './types';

/** One logged entry as a replay carries it. */
export interface ReplayEntryInput {
  seq: number;
  side: Side;
  order: unknown;
  events: GameEvent[];
  /** Hash of the state after this entry. */
  stateHash: string;
}

export type ReplayMismatchKind = 'sequence' | 'refused' | 'events' | 'state-hash';

export interface ReplayMismatch {
  /** seq of the first entry that does not re-derive. */
  seq: number;
  kind: ReplayMismatchKind;
  /** A sentence saying what differs. */
  detail: string;
  /** For 'events': the events the log holds and the ones the engine gives; for 'state-hash': the two hashes. */
  expected?: unknown;
  actual?: unknown;
}

export interface ReplayCheck<State = GameState> {
  /** True when every entry re-derived exactly. */
  ok: boolean;
  /** Entries re-run and found equal before the first mismatch (all of them when ok). */
  verified: number;
  mismatch: ReplayMismatch | null;
  /** The state after the last entry that re-derived. */
  finalState: State;
}

export { sameData };

/** Index of the first event that differs, for a readable mismatch. */
function firstDifferentEvent(expected: GameEvent[], actual: GameEvent[]): number {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) if (!sameData(expected[i], actual[i])) return i;
  return n;
}

/**
 * The state a game starts from: newGame with dice from the seed (drawn from
 * position 0), exactly as the service creates it, under engine revision
 * `revision` (the current one for a new game; a replay's own when re-run).
 */
export function initialState(
  ctx: GameContext,
  options: GameOptions,
  seed: string,
  revision: number = ENGINE_REVISION,
): GameState {
  return initialStateOf({ system: BLUE_GREY_RULES, ctx }, options, seed, revision);
}

/** initialState for a game of any rules system (src/engine/rules/system.ts). */
export function initialStateOf<Ctx, State extends SystemState>(
  { system, ctx }: PreparedScenario<Ctx, State>,
  options: GameOptions,
  seed: string,
  revision: number = ENGINE_REVISION,
): State {
  return system.newGame(ctx, options, gameDice(seed, 0, revision), revision);
}

/**
 * The state as the next order of a game received it. Revision-1 games were
 * played by a service that read every state back from a jsonb column, and
 * their rules followed the key order they were given (revision.ts): they are
 * re-run in that order. From revision 2 the engine's result does not depend
 * on key order, and the state is used as it is.
 */
export function stateAsPlayed<State extends SystemState>(state: State): State {
  return atRevision(state, CANONICAL_KEY_ORDER) ? state : databaseKeyOrder(state);
}

/**
 * One entry of a log applied to the current position of `window`: a flow
 * entry (a draw agreed, an abort, a timeout, an adjudication, a takeback:
 * src/engine/flow.ts) by applyFlowEntry, any other order by the rules
 * system with dice from the seed. Replay verification and import use it, so
 * both re-derive every kind of entry the service writes.
 */
export function applyLoggedEntry<Ctx, State extends SystemState>(
  prepared: PreparedScenario<Ctx, State>,
  window: TakebackWindow<State>,
  side: Side,
  order: unknown,
  seed: string,
): SystemApplyResult<State> {
  if (isFlowEntry(order)) return applyFlowEntry(prepared, window, side, order);
  const state = window.current.state;
  return prepared.system.applyOrder(
    prepared.ctx,
    state,
    side,
    order,
    gameDice(seed, state.diceDrawn, revisionOf(state)),
  );
}

/**
 * Re-runs `entries` in order from the seed and reports the first entry whose
 * sequence number, acceptance, events or resulting state hash differs from
 * the log. Never throws on a bad log: a malformed or refused order is a
 * mismatch like any other.
 */
export function rerunReplay(
  ctx: GameContext,
  options: GameOptions,
  seed: string,
  entries: ReplayEntryInput[],
  hash: (state: GameState) => string,
  /** The set-up, when the caller has already built it from the same seed and options. */
  start: GameState = initialState(ctx, options, seed),
): ReplayCheck {
  return rerunReplayOf({ system: BLUE_GREY_RULES, ctx }, options, seed, entries, hash, start);
}

/** rerunReplay for a game of any rules system (src/engine/rules/system.ts). */
export function rerunReplayOf<Ctx, State extends SystemState>(
  prepared: PreparedScenario<Ctx, State>,
  options: GameOptions,
  seed: string,
  entries: ReplayEntryInput[],
  hash: (state: State) => string,
  start: State = initialStateOf(prepared, options, seed),
): ReplayCheck<State> {
  let state = stateAsPlayed(start);
  const window = new TakebackWindow(0, state);
  let verified = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const fail = (m: Omit<ReplayMismatch, 'seq'>): ReplayCheck<State> => ({
      ok: false,
      verified,
      mismatch: { seq: entry.seq, ...m },
      finalState: state,
    });
    if (entry.seq !== i + 1) {
      return fail({
        kind: 'sequence',
        detail: `Entry ${i + 1} of the log carries seq ${entry.seq}; entries must be numbered 1, 2, 3… without gaps.`,
      });
    }
    const result = applyLoggedEntry(prepared, window, entry.side, entry.order, seed);
    if (!result.ok) {
      return fail({
        kind: 'refused',
        detail: `The engine refuses the ${entry.side} order of entry ${entry.seq}: ${result.refusal.message} (${result.refusal.code}, ${result.refusal.rule}).`,
        actual: result.refusal,
      });
    }
    const logged = Array.isArray(entry.events) ? entry.events : [];
    if (!sameData(logged, result.events)) {
      const at = firstDifferentEvent(logged, result.events);
      return fail({
        kind: 'events',
        detail: `Entry ${entry.seq}: event ${at + 1} differs from what the engine derives from the seed and the order.`,
        expected: logged,
        actual: result.events,
      });
    }
    const actualHash = hash(result.state);
    if (actualHash !== entry.stateHash) {
      return fail({
        kind: 'state-hash',
        detail: `Entry ${entry.seq}: the state hash differs from the state the engine derives.`,
        expected: entry.stateHash,
        actual: actualHash,
      });
    }
    state = stateAsPlayed(result.state);
    window.push(entry.seq, entry.side, entry.order, result.events, state);
    verified++;
  }
  return { ok: true, verified, mismatch: null, finalState: state };
}
