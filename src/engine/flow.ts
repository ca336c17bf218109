/**
 * Game-flow entries: how a game ends off the board (a draw agreed, an abort,
 * a side out of time, an adjudication) and takebacks, written into the game's
 * order log like any order so that the replay shows how the game ended and
 * verification re-derives it. The service decides *when* (it has the clock,
 * the draw offer, the round deadline); these pure functions decide *what*
 * the entry does to the state, so re-running the log gives the same result:
 *
 *   draw-agreed            side accepted the other's offer: a draw
 *   abort                  side aborted before each side's first order: no result
 *   timeout  flagged       `flagged` ran out of time: the other side wins (no level)
 *   adjudicate  reason     the victory conditions as they stand now (victory(), the
 *                          public's reading): its winner and level, or a draw
 *   takeback  to           back to the position after entry `to` (see below)
 *
 * Resignation needs none of these: it is the rules systems' own `resign`
 * order (4.0), the other side winning.
 *
 * Takebacks keep the log append-only. A takeback entry supersedes the
 * entries after `to`: its state is exactly the state after entry `to` (same
 * hash), and the entries it undoes stay in the log, listed in its event. So
 * seq numbers and versions only grow (expectedVersion and Idempotency-Key
 * answers stay true to what happened), and a replay re-runs the takeback
 * like any entry. A takeback is refused unless, since the position taken
 * back to, no die was rolled (the dice drawn are unchanged) and nothing was
 * hidden from any reader (every state from that position on, and every order
 * and event after it, is the same for both seats and the public — so nothing
 * hidden can have been revealed; in a block game, whose fog of war hides the
 * enemy's blocks in every position, no takeback is possible). It cannot
 * reach a position an earlier takeback superseded.
 *
 * No clock here: a timeout entry records which side ran out; the service
 * checks the clock before writing it.
 */
import { sameData } from './same-data';
import type { PreparedScenario, Reader, SystemApplyResult, SystemState } from './rules/system';
import type { GameResult } from './state';
import { otherSide as other, type GameEvent, type Side } from './types';

/** The entry types the service writes for the game's flow (never accepted as an order). */
export const FLOW_ENTRY_TYPES = [
  'draw-agreed',
  'abort',
  'timeout',
  'adjudicate',
  'takeback',
] as const;
export type FlowEntryType = (typeof FLOW_ENTRY_TYPES)[number];

export type FlowEntry =
  | { type: 'draw-agreed' }
  | { type: 'abort' }
  | { type: 'timeout'; flagged: Side }
  | { type: 'adjudicate'; reason: string }
  | { type: 'takeback'; to: number };

/** The fields of each flow entry besides `type` (the notation's table lists them too). */
export const FLOW_ENTRY_FIELDS: Readonly<Record<FlowEntryType, readonly string[]>> = {
  'draw-agreed': [],
  abort: [],
  timeout: ['flagged'],
  adjudicate: ['reason'],
  takeback: ['to'],
};

/**
 * The events flow entries produce, with their fields (for typed event
 * contracts): each entry's own event, then `game-ended` for every ending.
 */
export const FLOW_EVENT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'draw-agreed': ['offeredBy', 'acceptedBy'],
  aborted: ['side'],
  'time-out': ['flagged', 'winner'],
  adjudicated: ['reason', 'points', 'winner', 'level', 'case'],
  'taken-back': ['to', 'undone', 'requestedBy', 'acceptedBy'],
  'game-ended': ['reason', 'winner', 'level'],
};

/** The longest adjudication reason an entry carries. */
export const MAX_REASON_LENGTH = 200;

/** Whether an order of the log is a flow entry (by its type alone). */
export function isFlowEntry(order: unknown): boolean {
  const type = (order as { type?: unknown } | null)?.type;
  return typeof type === 'string' && (FLOW_ENTRY_TYPES as readonly string[]).includes(type);
}

const isSide = (s: unknown): s is Side => s === 'union' || s === 'confederate';

/** One position of the takeback window: the state after entry `seq`, and the entry that made it. */
export interface LinePosition<State extends SystemState = SystemState> {
  seq: number;
  state: State;
  /** The entry that led here (absent for the position the window starts from). */
  entry?: { side: Side; order: unknown; events: GameEvent[] };
}

/**
 * The positions a takeback may still reach: those since the last die roll,
 * none an earlier takeback superseded. Fed every entry in order (`start`,
 * then `push`); replay verification builds it from the set-up, the service
 * from the position a request names, and both reach the same decision.
 */
/**
 * How many entries a takeback may undo at most: the service refuses one further
 * back (409 TAKEBACK_TOO_FAR), so no log holds one, and the window keeps no more
 * positions than that — replaying a long stretch without dice holds at most this
 * many states, and checking a takeback looks at no more.
 */
export const MAX_TAKEBACK_DEPTH = 100;

export class TakebackWindow<State extends SystemState = SystemState> {
  private positions: LinePosition<State>[];

  constructor(seq: number, state: State) {
    this.positions = [{ seq, state }];
  }

  get current(): LinePosition<State> {
    return this.positions[this.positions.length - 1];
  }

  /** The positions, oldest first. */
  get all(): readonly LinePosition<State>[] {
    return this.positions;
  }

  /** The entry `seq` was played and led to `state`. */
  push(seq: number, side: Side, order: unknown, events: GameEvent[], state: State): void {
    const position: LinePosition<State> = { seq, state, entry: { side, order, events } };
    const to =
      (order as { type?: unknown; to?: unknown }).type === 'takeback'
        ? (order as { to: unknown }).to
        : undefined;
    if (to !== undefined) {
      // Back to `to`: what it supersedes can be reached no more.
      const at = this.positions.findIndex((p) => p.seq === to);
      this.positions = at < 0 ? [position] : [...this.positions.slice(0, at + 1), position];
      return;
    }
    if (state.diceDrawn !== this.current.state.diceDrawn) {
      // A die was rolled: no takeback reaches behind this position.
      this.positions = [position];
      return;
    }
    this.positions.push(position);
    // Positions further back than any takeback may reach are dropped.
    if (this.positions.length > MAX_TAKEBACK_DEPTH + 1) this.positions.shift();
  }
}

/** Why a takeback to `to` is refused, or null when it may be taken. */
export function takebackRefusal<Ctx, State extends SystemState>(
  { system, ctx }: PreparedScenario<Ctx, State>,
  window: TakebackWindow<State>,
  to: number,
): { code: string; message: string } | null {
  const now = window.current;
  if (!Number.isSafeInteger(to) || to < 0 || to >= now.seq)
    return {
      code: 'BAD_TAKEBACK',
      message: `a takeback goes back to an earlier entry (0 to ${now.seq - 1}), not ${String(to)}`,
    };
  if (now.state.result !== null || now.state.phase === 'finished')
    return { code: 'GAME_OVER', message: 'the game is over' };
  const at = window.all.findIndex((p) => p.seq === to);
  if (at < 0)
    return {
      code: 'TAKEBACK_NOT_ALLOWED',
      message: `the position after entry ${to} cannot be taken back to: a die was rolled since, or an earlier takeback superseded it`,
    };
  const readers: Reader[] = ['union', 'confederate', null];
  const positions = window.all.slice(at);
  for (const p of positions) {
    for (const r of readers) {
      if (system.stateFor(ctx, p.state, r, false).redacted)
        return {
          code: 'TAKEBACK_NOT_ALLOWED',
          message: `the position after entry ${p.seq} holds something hidden from ${r ?? 'the public'}: taking it back could undo what was revealed`,
        };
      const e = p.entry;
      if (
        e &&
        p.seq > to &&
        (!sameData(system.orderFor(ctx, e.order, e.side, r, false), e.order) ||
          !sameData(system.eventsFor(ctx, e.events, r, false), e.events))
      )
        return {
          code: 'TAKEBACK_NOT_ALLOWED',
          message: `entry ${p.seq} holds something hidden from ${r ?? 'the public'}: taking it back could undo what was revealed`,
        };
    }
  }
  return null;
}

/** The state marked finished with `result`, as the rules systems end a game on resignation. */
function finish<State extends SystemState>(state: State, result: GameResult): State {
  return {
    ...state,
    phase: 'finished',
    result,
    // Nothing in progress or pending any more (the hex systems' movement and pending decision).
    ...('movement' in state ? { movement: null } : {}),
    ...('pending' in state ? { pending: null } : {}),
  };
}

const refused = <State>(code: string, message: string): SystemApplyResult<State> => ({
  ok: false,
  refusal: { code, rule: '—', message },
});

/**
 * Applies a flow entry given by `side` to the current position of `window`:
 * the next state and its events, or a refusal. Pure and deterministic like
 * applyOrder; never throws on untrusted input.
 */
export function applyFlowEntry<Ctx, State extends SystemState>(
  prepared: PreparedScenario<Ctx, State>,
  window: TakebackWindow<State>,
  side: Side,
  entry: unknown,
): SystemApplyResult<State> {
  const state = window.current.state;
  if (!isSide(side)) return refused('BAD_ORDER', `unknown side ${String(side)}`);
  if (typeof entry !== 'object' || entry === null || !isFlowEntry(entry))
    return refused('BAD_ORDER', 'a flow entry is an object with a flow type');
  const o = entry as Record<string, unknown> & { type: FlowEntryType };
  const allowed = FLOW_ENTRY_FIELDS[o.type];
  const extra = Object.keys(o).filter((k) => k !== 'type' && !allowed.includes(k));
  if (extra.length > 0)
    return refused('BAD_ORDER', `a "${o.type}" entry has no field "${extra[0]}"`);
  if (state.result !== null || state.phase === 'finished')
    return refused('GAME_OVER', 'the game is over');
  const ended = (result: GameResult, first: GameEvent): SystemApplyResult<State> => ({
    ok: true,
    state: finish(state, result),
    events: [
      first,
      { type: 'game-ended', reason: result.reason, winner: result.winner, level: result.level },
    ],
  });
  switch (o.type) {
    case 'draw-agreed':
      return ended(
        { winner: null, level: null, reason: 'draw agreed' },
        { type: 'draw-agreed', offeredBy: other(side), acceptedBy: side },
      );
    case 'abort':
      return ended(
        { winner: null, level: null, reason: `aborted by ${side}` },
        { type: 'aborted', side },
      );
    case 'timeout': {
      if (!isSide(o.flagged))
        return refused('BAD_ORDER', 'a timeout names the side that ran out of time (flagged)');
      const winner = other(o.flagged);
      return ended(
        { winner, level: null, reason: `${o.flagged} ran out of time` },
        { type: 'time-out', flagged: o.flagged, winner },
      );
    }
    case 'adjudicate': {
      if (
        typeof o.reason !== 'string' ||
        o.reason.length === 0 ||
        o.reason.length > MAX_REASON_LENGTH
      )
        return refused(
          'BAD_ORDER',
          `an adjudication gives its reason (1 to ${MAX_REASON_LENGTH} characters)`,
        );
      const standing = prepared.system.victory(prepared.ctx, state, null);
      const drawn = standing.winner === null || standing.level === 'draw';
      const winner = drawn ? null : standing.winner;
      const level = drawn ? null : standing.level;
      return ended(
        {
          winner,
          level,
          reason: `adjudicated (${o.reason})${standing.case ? `: ${standing.case}` : ''}`,
        },
        {
          type: 'adjudicated',
          reason: o.reason,
          points: standing.points,
          winner,
          level,
          case: standing.case,
        },
      );
    }
    case 'takeback': {
      const to = o.to as number;
      const why = takebackRefusal(prepared, window, to);
      if (why) return refused(why.code, why.message);
      const back = window.all.find((p) => p.seq === to)!;
      const undone = window.all.filter((p) => p.seq > to).map((p) => p.seq);
      return {
        ok: true,
        state: back.state,
        events: [{ type: 'taken-back', to, undone, requestedBy: side, acceptedBy: other(side) }],
      };
    }
  }
}
