import type { Side } from '../engine/types';

/**
 * Time controls that fit these games.
 * - correspondence: a number of days for each decision. The clock of the side
 *   that must act starts afresh at the full allowance each time play passes to
 *   it (no bank is carried over): an abandoned game cannot stay active forever.
 * - live: a time bank per side, with an increment added after each order, or
 *   once per Player-Turn (when the mover's Player-Turn ends), as chosen.
 */
export type TimeControl =
  | { kind: 'correspondence'; daysPerDecision: number }
  | {
      kind: 'live';
      initialSeconds: number;
      incrementSeconds: number;
      incrementPer: 'order' | 'player-turn';
    };

/**
 * A game's clock. The clocks of the sides that must act run (both, while
 * both answer a sealed simultaneous decision); `since` is when they started.
 */
export interface ClockState {
  remainingMs: Record<Side, number>;
  running: Side[];
  since: string;
}

/** A time control as the client sent it, checked: the control, or what is wrong with it. */
export function checkTimeControl(
  raw: unknown,
): { ok: true; tc: TimeControl } | { ok: false; problem: string } {
  const o = raw as Record<string, unknown> | null;
  if (typeof o !== 'object' || o === null || Array.isArray(o))
    return { ok: false, problem: 'a time control is an object with a "kind"' };
  const int = (v: unknown, min: number, max: number) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
  if (o.kind === 'correspondence') {
    if (Object.keys(o).some((k) => k !== 'kind' && k !== 'daysPerDecision'))
      return { ok: false, problem: 'a correspondence time control has only "daysPerDecision"' };
    if (!int(o.daysPerDecision, 1, 30))
      return { ok: false, problem: '"daysPerDecision" is a whole number of days from 1 to 30' };
    return {
      ok: true,
      tc: { kind: 'correspondence', daysPerDecision: o.daysPerDecision as number },
    };
  }
  if (o.kind === 'live') {
    const known = ['kind', 'initialSeconds', 'incrementSeconds', 'incrementPer'];
    if (Object.keys(o).some((k) => !known.includes(k)))
      return { ok: false, problem: `a live time control has only ${known.slice(1).join(', ')}` };
    if (!int(o.initialSeconds, 1, 7 * 86400))
      return { ok: false, problem: '"initialSeconds" is a whole number from 1 to 604800' };
    if (!int(o.incrementSeconds ?? 0, 0, 86400))
      return { ok: false, problem: '"incrementSeconds" is a whole number from 0 to 86400' };
    const per = o.incrementPer ?? 'order';
    if (per !== 'order' && per !== 'player-turn')
      return { ok: false, problem: '"incrementPer" is "order" or "player-turn"' };
    return {
      ok: true,
      tc: {
        kind: 'live',
        initialSeconds: o.initialSeconds as number,
        incrementSeconds: (o.incrementSeconds as number | undefined) ?? 0,
        incrementPer: per,
      },
    };
  }
  return { ok: false, problem: '"kind" is "correspondence" or "live"' };
}

/** Full allowance of one decision (correspondence) or the initial bank (live), ms. */
function allowanceMs(tc: TimeControl): number {
  return tc.kind === 'correspondence' ? tc.daysPerDecision * 86_400_000 : tc.initialSeconds * 1000;
}

/** The clock at the start of a game, running for the sides that must act first. */
export function startClock(tc: TimeControl, running: Side[], now: Date): ClockState {
  const full = allowanceMs(tc);
  return { remainingMs: { union: full, confederate: full }, running, since: now.toISOString() };
}

/** Time left to each side at `now` (running clocks counted down, never below 0). */
export function remainingAt(clock: ClockState, now: Date): Record<Side, number> {
  const out = { ...clock.remainingMs };
  const elapsed = Math.max(0, now.getTime() - Date.parse(clock.since));
  for (const side of clock.running) out[side] = Math.max(0, out[side] - elapsed);
  return out;
}

/** The sides whose time has run out at `now` (only a running clock can run out). */
export function flaggedAt(clock: ClockState, now: Date): Side[] {
  const left = remainingAt(clock, now);
  return clock.running.filter((side) => left[side] <= 0);
}

/**
 * Where play stands, as the clock needs it: who must act, and the Player-Turn
 * (the phasing side and Game-Turn, for systems that have them).
 */
export interface PlayPoint {
  mustAct: Side[];
  phasing: Side | null;
  turn: number;
}

/**
 * The clock after `mover`'s order at `now`, play having gone from `before` to
 * `after`: elapsed time is taken off the running clocks; a live increment is
 * added to the mover (after each order, or when his Player-Turn ended — for a
 * system without phasing sides, when play passed away from him); the sides
 * that must act next run — each with a fresh allowance under correspondence
 * when play has passed to it.
 */
export function clockAfterOrder(
  tc: TimeControl,
  clock: ClockState,
  mover: Side,
  before: PlayPoint,
  after: PlayPoint,
  now: Date,
): ClockState {
  const remainingMs = remainingAt(clock, now);
  if (tc.kind === 'live') {
    const playerTurnEnded =
      before.phasing !== null
        ? before.phasing === mover &&
          (after.phasing !== before.phasing || after.turn !== before.turn)
        : !after.mustAct.includes(mover);
    if (tc.incrementPer === 'order' || playerTurnEnded)
      remainingMs[mover] += tc.incrementSeconds * 1000;
  } else {
    for (const side of after.mustAct)
      if (!clock.running.includes(side)) remainingMs[side] = allowanceMs(tc);
  }
  return { remainingMs, running: [...after.mustAct], since: now.toISOString() };
}

/** The clock as views show it. */
export interface ClockView {
  running: Side[];
  /** Milliseconds left to each side now. */
  remainingMs: Record<Side, number>;
  /** When the first running clock runs out, if nothing happens before. */
  flagAt: string | null;
  /** The sides whose time has run out (the other may claim the game). */
  flagged: Side[];
}

export function clockView(clock: ClockState, now: Date): ClockView {
  const ends = clock.running.map((side) => Date.parse(clock.since) + clock.remainingMs[side]);
  return {
    running: [...clock.running],
    remainingMs: remainingAt(clock, now),
    flagAt: ends.length > 0 ? new Date(Math.min(...ends)).toISOString() : null,
    flagged: flaggedAt(clock, now),
  };
}
