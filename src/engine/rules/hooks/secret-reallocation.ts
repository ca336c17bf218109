/**
 * conditional-reinforcements, mode "secret-reallocation" (battles.md §17
 * rank 6): Road to Richmond 17.61-17.64.
 *
 * 17.61: "The Confederate Player may choose to change his avenue of attack by
 * choosing some, none, or all of his units listed as Game-Turn One
 * Reinforcements from hex 0103 to arrive with his Game-Turn Fifteen
 * Reinforcements from hex 0117, and/or Game-Turn Eighteen Reinforcements
 * from hexes 0126, 0328 or 0728." 17.62: "The Confederate Player secretly
 * writes down which of his First Turn Reinforcements will arrive as
 * Game-Turn Fifteen and/or Game-Turn Eighteen Reinforcements before the game
 * starts. On Game-Turn One, and on succeeding Game-Turns, he may
 * deliberately withhold some of his Game-Turn One Reinforcements that he has
 * not listed ... from arriving on hex 0130 [read 0103] to further confuse the
 * Union Player." 17.63/17.64: such units "may arrive with" the Game-Turn 15
 * / 18 Reinforcements "according to the Early Arrival Rules".
 *
 * Readings:
 * - the list is written with `reallocate-reinforcement {unit, toTurn}`
 *   orders, one unit each, in the Confederate Movement Phase of Game-Turn
 *   One before any unit of the side has moved or entered ("before the game
 *   starts": the Confederate Player-Turn is the first of the game); the first
 *   other order closes the list (no order: none reallocated);
 * - it is a sealed choice (`sealed`, src/engine/secrecy.ts): kept in hook
 *   state, which view() does not show, and its events name no unit; the
 *   service shows the orders as {type: "sealed"} and the states without the
 *   list to everyone but the Confederate seat until the game is over (the
 *   log keeps them whole; the entries' state hashes commit to them);
 * - a listed unit enters only at its group's hexes, from the group's printed
 *   Game-Turn, or earlier under 17.5 from Activation + the group's delay
 *   (the early-arrival declaration's schedule), never at 0103;
 * - units not listed are Game-Turn One reinforcements as printed; holding
 *   them back (mayWithholdUnlisted) is the standard 5.0, which already lets
 *   a player hold reinforcements back at will.
 *
 * params: { side: Side, fromTurn: number, fromHexes: HexId[], units: string[],
 *           toGroups: Array<{ turn: number, entryHexes: HexId[] }>, writtenBefore: "start-of-game",
 *           hidden: true, mayWithholdUnlisted: true }
 */
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';
import { refusal, refuse } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { activationTurn } from './reinforcement-arrival';

export const secretReallocationSupport: HookSupport = knownParams(
  [
    'mode',
    'side',
    'fromTurn',
    'fromHexes',
    'units',
    'toGroups',
    'writtenBefore',
    'hidden',
    'mayWithholdUnlisted',
  ],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a reallocation without "side"';
    if (!Number.isInteger(p.fromTurn)) return 'a reallocation without "fromTurn"';
    if (!Array.isArray(p.fromHexes) || p.fromHexes.length === 0)
      return 'a reallocation without "fromHexes"';
    if (
      !Array.isArray(p.units) ||
      p.units.length === 0 ||
      p.units.some((u) => typeof u !== 'string')
    )
      return 'a reallocation without "units"';
    const groups = p.toGroups as Array<Record<string, unknown>>;
    if (
      !Array.isArray(groups) ||
      groups.length === 0 ||
      groups.some(
        (g) =>
          !Number.isInteger(g.turn) ||
          !Array.isArray(g.entryHexes) ||
          (g.entryHexes as unknown[]).length === 0 ||
          Object.keys(g).length !== 2,
      )
    )
      return `toGroups ${JSON.stringify(p.toGroups)}`;
    if (p.writtenBefore !== 'start-of-game')
      return `writtenBefore ${JSON.stringify(p.writtenBefore)}`;
    if (p.hidden !== true) return `hidden ${JSON.stringify(p.hidden)}`;
    if (p.mayWithholdUnlisted !== true)
      return `mayWithholdUnlisted ${JSON.stringify(p.mayWithholdUnlisted)}`;
    return null;
  },
);

/** hookState entry: the written list (unit → the Game-Turn of the group it joins) and whether it is closed. */
export interface ReallocationState {
  written: Record<string, number>;
  closed: boolean;
}

export function secretReallocation(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const fromTurn = p.fromTurn as number;
  const fromHexes = p.fromHexes as HexId[];
  const units = new Set(p.units as string[]);
  const groups = p.toGroups as Array<{ turn: number; entryHexes: HexId[] }>;
  const key = hookKey(rule);
  const empty: ReallocationState = { written: {}, closed: false };
  const stateOf = (s: GameState) => hookStateOf<ReallocationState>(s, key, empty);

  /** The list may still be written: the side's first Movement Phase, before any of its units moved or entered. */
  const open = (s: GameState): boolean =>
    !stateOf(s).closed &&
    s.turn === fromTurn &&
    s.phase === 'movement' &&
    s.phasing === side &&
    (s.movement?.moved.length ?? 0) === 0;
  const groupOf = (s: GameState, unit: string) => {
    const t = stateOf(s).written[unit];
    return t === undefined ? null : (groups.find((g) => g.turn === t) ?? null);
  };
  const candidates = (s: GameState) =>
    [...units]
      .filter((u) => s.units[u]?.status === 'pending' && stateOf(s).written[u] === undefined)
      .sort();

  return {
    hook: rule.hook,
    case: rule.case,
    orderTypes: ['reallocate-reinforcement'],
    // 17.62 "secretly writes down": the orders and the written list are the side's alone until the end (secrecy.ts).
    sealed: { side, orderTypes: ['reallocate-reinforcement'], stateKey: key },
    movementOrders(_ctx, state, s) {
      if (s !== side || !open(state)) return [];
      return candidates(state).flatMap((unit) =>
        groups.map((g) => ({ type: 'reallocate-reinforcement', unit, toTurn: g.turn }) as Order),
      );
    },
    applyMovementOrder(_ctx, state, s, o): ApplyResult {
      if (s !== side || !open(state))
        return refuse(
          'NOT_ELIGIBLE',
          rule.case,
          `the ${side} player writes the reallocation before the game starts: in his Game-Turn ${fromTurn} Movement Phase before any unit moves or enters`,
        );
      if (typeof o.unit !== 'string' || !candidates(state).includes(o.unit))
        return refuse(
          'BAD_ORDER',
          rule.case,
          `${String(o.unit)} is not a Game-Turn ${fromTurn} reinforcement still to be listed`,
        );
      const g = groups.find((x) => x.turn === o.toTurn);
      if (!g)
        return refuse(
          'BAD_ORDER',
          rule.case,
          `toTurn must be one of ${groups.map((x) => x.turn).join(', ')} (the groups of ${rule.case})`,
        );
      const cur = stateOf(state);
      const next = withHookState(state, key, {
        ...cur,
        written: { ...cur.written, [o.unit]: g.turn },
      });
      // The event names no unit: the list is secret (17.62).
      return {
        ok: true,
        state: next,
        events: [{ type: 'reallocation-written', side, rule: rule.case }],
      };
    },
    afterOrder(_ctx, before, after, events) {
      // Any other order of the side in that phase (a move, an entry, the end of the phase) closes the list.
      if (stateOf(after).closed || !open(before)) return null;
      if (events.some((e) => e.type === 'reallocation-written') && open(after)) return null;
      return { state: withHookState(after, key, { ...stateOf(after), closed: true }), events: [] };
    },
    entryRefusal(ctx, state, unit) {
      const g = groupOf(state, unit.id);
      if (!g || state.turn >= g.turn) return null;
      const a = activationTurn(ctx, state);
      const k = a?.after(g.turn);
      if (a && a.turn !== null && k !== null && k !== undefined && state.turn >= a.turn + k)
        return null;
      return refusal(
        'REINFORCEMENT_NOT_YET',
        rule.case,
        `${unit.id} was listed to arrive with the Game-Turn ${g.turn} reinforcements (17.63, 17.64)`,
      );
    },
    entryHexes(ctx: GameContext, state, unit, standard) {
      const g = groupOf(state, unit.id);
      if (!g) return standard;
      void fromHexes;
      return g.entryHexes.filter((h) => ctx.map.has(h));
    },
  };
}
