/**
 * objective-control, form "occupation events" (battles.md §17 rank 2
 * objectives with occupation tracking, rank 7 time-based awards: first
 * occurrence). Records when each side first gains occupation of an objective
 * hex, and whether a side occupies a set of hexes at the end, as named game
 * events the victory point rules read (VictoryInputs.events, `fact` rules).
 *
 * Savage's Station 19.11 ii: "If during any of Game-Turn's One to Three the
 * Confederate Player occupies Savage's Station (hex 2516) he is awarded 25
 * Victory Points. If during Game-Turn Four onwards the Confederate Player
 * occupies Savage's Station (hex 2516) he is awarded 15 Victory Points.
 * These are single and exclusive awards ... 25 Victory Points would be
 * awarded only for the first occurrence. ii) The Union Player receives 15
 * Victory Points on the first occurrence for occupying hex 2516 at any time."
 * 19.12 ii: "The Union Player receives ten Victory Points if the Confederate
 * Player has failed to occupy all of hexes 1835, 3216 and 4716 at the end of
 * the game." 19.13: "Occupation is defined as being the last Player to have
 * a unit in the hex in question. All territorial objectives are regarded
 * initially as occupied by the Union Player."
 *
 * Readings:
 * - occupation is the engine's objective control: a unit in the hex, else
 *   the last side to move a unit into or through it (state.objectives,
 *   moves, retreats and advances), else the initial holder (19.13);
 * - an occurrence of occupying is a side gaining occupation it did not
 *   have: after every accepted order, a hex of `firstGained` whose occupier
 *   changed to a side records that side's first gain with the Game-Turn,
 *   once (later gains do not count). Holding a hex from the start (19.13's
 *   initial occupation) is not an occurrence, so the Union's 15 VP is for
 *   retaking 2516 after the Confederate has taken it (the text's award to a
 *   side that holds the hex from the start is otherwise meaningless: NOTES);
 * - event names: "<side>-first-occupies-<hex>-on-game-turn-<n>" for a
 *   first gain; "<side>-occupies-all-of-<hexes joined by '-'>" or
 *   "<side>-fails-to-occupy-all-of-<...>" for each `atEnd` set, read on the
 *   board as it stands (as if the game ended now).
 *
 * params: { record: "occupation-events", control: "last-to-occupy", firstGained: HexId[],
 *           atEnd?: Array<{ side: Side, occupiesAll: HexId[] }> }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent, HexId, RuleHook, Side } from '../../types';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { controllerOf } from './victory-records';

/** hookState entry: the Game-Turn each side first gained each hex. */
export interface OccupationEventsState {
  firstGained: Record<HexId, Partial<Record<Side, number>>>;
}

export const isOccupationEventsForm = (p: Record<string, unknown>): boolean =>
  p.record === 'occupation-events';

const isSide = (s: unknown) => s === 'union' || s === 'confederate';
const hexes = (v: unknown) =>
  Array.isArray(v) && v.length > 0 && v.every((h) => typeof h === 'string');

export const occupationEventsSupport: HookSupport = knownParams(
  ['record', 'control', 'firstGained', 'atEnd'],
  (p) => {
    if (p.control !== 'last-to-occupy') return `control ${JSON.stringify(p.control)}`;
    if (!hexes(p.firstGained)) return 'occupation events without "firstGained" hexes';
    if (p.atEnd !== undefined) {
      if (!Array.isArray(p.atEnd)) return `atEnd ${JSON.stringify(p.atEnd)}`;
      for (const a of p.atEnd as Array<Record<string, unknown>>) {
        const extra = Object.keys(a ?? {}).filter((k) => k !== 'side' && k !== 'occupiesAll');
        if (extra.length > 0) return `atEnd ${extra.map((k) => `"${k}"`).join(', ')}`;
        if (!isSide(a.side) || !hexes(a.occupiesAll)) return `atEnd ${JSON.stringify(a)}`;
      }
    }
    return null;
  },
);

/** The event name of `side`'s first gain of `hex` on Game-Turn `turn`. */
export const firstGainEvent = (side: Side, hex: HexId, turn: number): string =>
  `${side}-first-occupies-${hex}-on-game-turn-${turn}`;
/** The event names of `side` occupying, or failing to occupy, every hex of a set. */
export const allOccupiedEvent = (side: Side, hexList: HexId[], holds: boolean): string =>
  `${side}-${holds ? 'occupies' : 'fails-to-occupy'}-all-of-${hexList.join('-')}`;

export function occupationEvents(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const watched = p.firstGained as HexId[];
  const atEnd = (p.atEnd as Array<{ side: Side; occupiesAll: HexId[] }>) ?? [];
  const key = hookKey(rule);
  const empty: OccupationEventsState = { firstGained: {} };

  return {
    hook: rule.hook,
    case: rule.case,
    afterOrder(ctx: GameContext, before: GameState, after: GameState) {
      const rec = hookStateOf<OccupationEventsState>(after, key, empty);
      let firstGained = rec.firstGained;
      const events: GameEvent[] = [];
      for (const hex of watched) {
        const was = controllerOf(ctx, before, hex);
        const now = controllerOf(ctx, after, hex);
        if (now === null || now === was || firstGained[hex]?.[now] !== undefined) continue;
        firstGained = { ...firstGained, [hex]: { ...firstGained[hex], [now]: after.turn } };
        events.push({
          type: 'objective-first-occupied',
          hex,
          side: now,
          turn: after.turn,
          rule: rule.case,
          event: firstGainEvent(now, hex, after.turn),
        });
      }
      if (firstGained === rec.firstGained) return null;
      return { state: withHookState(after, key, { ...rec, firstGained }), events };
    },
    victoryInputs(ctx, state) {
      const rec = hookStateOf<OccupationEventsState>(state, key, empty);
      const out: string[] = [];
      for (const hex of watched)
        for (const [side, turn] of Object.entries(rec.firstGained[hex] ?? {}))
          out.push(firstGainEvent(side as Side, hex, turn));
      for (const a of atEnd) {
        const holds = a.occupiesAll.every((h) => controllerOf(ctx, state, h) === a.side);
        out.push(allOccupiedEvent(a.side, a.occupiesAll, holds));
      }
      return { events: out };
    },
  };
}
