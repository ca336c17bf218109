/**
 * named-unit-ability, two forms for named units' one-time bursts (battles.md
 * §17 rank 17): a Movement Allowance on the Game-Turn a restriction is lifted,
 * and a counterattack with tripled strength, a die modifier and a long advance.
 *
 * Road to Vicksburg 19.51: "On the Game-Turn that Bowen's division is
 * released, its infantry brigades can use 'double-quick time'. For that
 * Game-Turn only, they have a Movement Allowance of nine Movement Points.
 * These units may not utilise double-quick time and Strategic Movement in the
 * same Movement Phase."
 * Form { units?, flag?, unitTypes?, movementOnReleaseTurn, releasedBy, notWithStrategicMovement: true }:
 * in its side's Movement Phase of the Game-Turn on which the immobile-until
 * declaration `releasedBy` (release-restrictions.ts) recorded its release, a
 * unit of the group (listed, or flagged, of `unitTypes`) has that Movement
 * Allowance for an ordinary move; a Strategic Move keeps its own.
 *
 * 19.52: "The two infantry brigades of Bowen's division (Green and Cockrell)
 * have special bonuses for their first attack. They only receive these
 * bonuses if: i) Both units attack in the same Combat Phase; and ii) Both
 * units are stacked with or adjacent to each other." 19.53: "They do not have
 * to attack the same hex to receive these benefits. ... i) Both brigades have
 * their Combat Strength tripled for that Player-Turn only; ii) Any die rolls
 * for their attacks are modified by subtracting one; iii) Each brigade may
 * advance up to four hexes after combat (exception to normal advance limit),
 * regardless of Terrain, subject only to ...: a) ... more than one unit can
 * advance into a given hex ...; b) A prohibited hex side cannot be crossed;
 * c) The first hex entered by each brigade must be the hex vacated by the
 * unit or units that the brigade attacked; d) The advance must cease
 * immediately when an Enemy Zone of Control is entered (this includes the
 * first hex entered). e) The distance of the advance modifies the Ammunition
 * Depletion die roll (Case 19.6)."
 * Form { counterattack: { units: [a, b], together: "stacked-or-adjacent",
 *   strengthFactor, dieModifier, advanceDistance, event } }. Readings:
 * - the counterattack is made in the first Combat Phase of the units' side in
 *   which one of them attacks (not by bombardment) while both are on the map,
 *   stacked or adjacent, and the other one attacks in that phase too: it is in
 *   the same combat, has already attacked, or is obliged to attack (8.11: it
 *   is in an Enemy Zone of Control, so it must); "first attack" is that phase;
 * - from then to the end of that Player-Turn each of their attacks has their
 *   strength multiplied (strengthBonus: the printed strength times the factor
 *   less one, before any other adjustment) and the die modified;
 * - after each such combat each of them that advances into the vacated hex
 *   may go on, hex by hex at its owner's choice, up to `advanceDistance` in all,
 *   into hexes with no unit, never across a prohibited hexside, stopping on
 *   entering an Enemy Zone of Control (decisions.ts advance-on). Two of them
 *   may each advance into their own vacated hexes; into one vacated hex, the
 *   second may follow once the first has gone on (the hex is vacated again);
 * - the event `event` is reported when the counterattack is made, and with
 *   the longest advance when each goes on ({longestAdvance, dieModifier}:
 *   minus one per hex after the first, at most three, 19.62).
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent, RuleHook, UnitType } from '../../types';
import type { Combat } from '../blue-grey/combat';
import { combatOf, onMap } from '../blue-grey/combat';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { releaseOf } from './release-restrictions';

export function isReleaseTurnMovementForm(rule: RuleHook): boolean {
  return rule.params?.movementOnReleaseTurn !== undefined;
}
export function isCounterattackForm(rule: RuleHook): boolean {
  return rule.params?.counterattack !== undefined;
}

export const releaseTurnMovementSupport: HookSupport = knownParams(
  ['units', 'flag', 'unitTypes', 'movementOnReleaseTurn', 'releasedBy', 'notWithStrategicMovement'],
  (p) => {
    const m = p.movementOnReleaseTurn;
    if (typeof m !== 'number' || !Number.isInteger(m) || m < 1)
      return `movementOnReleaseTurn ${JSON.stringify(m)}`;
    if (typeof p.releasedBy !== 'string') return 'a release-turn allowance without "releasedBy"';
    if (p.notWithStrategicMovement !== true)
      return `notWithStrategicMovement ${JSON.stringify(p.notWithStrategicMovement)}`;
    if (p.units === undefined && p.flag === undefined) return 'no "units" or "flag"';
    return null;
  },
);

export function releaseTurnMovement(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const listed = new Set((p.units as string[] | undefined) ?? []);
  const flag = p.flag as string | undefined;
  const types = p.unitTypes ? new Set(p.unitTypes as UnitType[]) : null;
  const thirds = (p.movementOnReleaseTurn as number) * 3;
  const by = p.releasedBy as string;
  const member = (ctx: GameContext, id: string) => {
    const s = ctx.unitSpecs.get(id);
    if (!s || (types && !types.has(s.type))) return false;
    return listed.has(id) || (flag !== undefined && (s.flags ?? []).includes(flag));
  };
  return {
    hook: rule.hook,
    case: rule.case,
    movementAllowance(ctx, state, unit, _thirds, strategic) {
      if (strategic || state.phasing !== unit.side || !member(ctx, unit.id)) return null;
      const r = releaseOf(state, by);
      return r && r.turn === state.turn ? thirds : null;
    },
  };
}

interface Counterattack {
  units: string[];
  together: 'stacked-or-adjacent';
  strengthFactor: number;
  dieModifier: number;
  advanceDistance: number;
  event: string;
}

export const counterattackSupport: HookSupport = knownParams(['counterattack'], (p) => {
  const c = p.counterattack as Record<string, unknown>;
  if (typeof c !== 'object' || c === null) return 'counterattack that is not an object';
  const extra = Object.keys(c).filter(
    (k) =>
      !['units', 'together', 'strengthFactor', 'dieModifier', 'advanceDistance', 'event'].includes(
        k,
      ),
  );
  if (extra.length > 0) return `counterattack ${extra.map((k) => `"${k}"`).join(', ')}`;
  if (!Array.isArray(c.units) || c.units.length !== 2) return 'a counterattack without two "units"';
  if (c.together !== 'stacked-or-adjacent') return `together ${JSON.stringify(c.together)}`;
  const int = (x: unknown) => typeof x === 'number' && Number.isInteger(x);
  if (!int(c.strengthFactor) || (c.strengthFactor as number) < 1)
    return `strengthFactor ${JSON.stringify(c.strengthFactor)}`;
  if (!int(c.dieModifier)) return `dieModifier ${JSON.stringify(c.dieModifier)}`;
  if (!int(c.advanceDistance) || (c.advanceDistance as number) < 1)
    return `advanceDistance ${JSON.stringify(c.advanceDistance)}`;
  if (typeof c.event !== 'string') return 'a counterattack without "event"';
  return null;
});

/** hookState entry of the counterattack. */
export interface CounterattackState {
  /** Game-Turn of the counterattack, or null. */
  madeOnTurn: number | null;
  /** Hexes entered by each unit's advance after it. */
  advanced: Record<string, number>;
}
const EMPTY: CounterattackState = { madeOnTurn: null, advanced: {} };

export function counterattack(rule: RuleHook): MovementHook {
  const c = (rule.params ?? {}).counterattack as Counterattack;
  const [a, b] = c.units;
  const key = hookKey(rule);
  const hs = (s: GameState) => hookStateOf<CounterattackState>(s, key, EMPTY);

  /** The counterattack applies to this combat now (or was made this Player-Turn). */
  const applies = (ctx: GameContext, state: GameState, combat: Combat): boolean => {
    if (state.phase !== 'combat') return false;
    const h = hs(state);
    const ours = combat.attackers.filter((id) => id === a || id === b);
    if (ours.length === 0) return false;
    const ua = state.units[a];
    const ub = state.units[b];
    if (!ua || !ub || ua.side !== state.phasing) return false;
    if (h.madeOnTurn !== null) return h.madeOnTurn === state.turn;
    if (!onMap(ua) || !onMap(ub)) return false;
    const pa = combat.origin[a] ?? ua.hex;
    const pb = combat.origin[b] ?? ub.hex;
    if (ctx.map.grid.distance(pa, pb) > 1) return false;
    const phase = combatOf(state);
    const other = ours.includes(a) ? b : a;
    return (
      combat.attackers.includes(other) ||
      phase.attacked.includes(other) ||
      (phase.obliged.includes(other) && !phase.lapsed.includes(other))
    );
  };

  return {
    hook: rule.hook,
    case: rule.case,
    strengthBonus(ctx, state, combat, unitId) {
      if ((unitId !== a && unitId !== b) || !combat.attackers.includes(unitId)) return 0;
      if (!applies(ctx, state, combat)) return 0;
      return state.units[unitId].strength * (c.strengthFactor - 1);
    },
    combatDieModifier(ctx, state, combat) {
      return applies(ctx, state, combat) ? { modifier: c.dieModifier, case: rule.case } : null;
    },
    advanceFurther(_ctx, state, unitId) {
      if (unitId !== a && unitId !== b) return null;
      const h = hs(state);
      if (h.madeOnTurn !== state.turn || state.phase !== 'combat') return null;
      if (state.units[unitId]?.side !== state.phasing) return null; // its own attacks' advances only
      return { hexes: c.advanceDistance - 1, rule: `${rule.case} iii` };
    },
    afterOrder(_ctx, _before, after, events) {
      let next = after;
      const out: GameEvent[] = [];
      let h = hs(next);
      if (h.madeOnTurn === null) {
        // The combat's die modifiers name this rule when the counterattack applied to it (decisions.ts).
        const made = events.find(
          (e) =>
            e.type === 'combat-resolved' &&
            ((e.modifiers as Array<{ case?: string }>) ?? []).some((m) => m.case === rule.case),
        );
        if (made) {
          next = withHookState(next, key, { ...h, madeOnTurn: after.turn });
          h = hs(next);
          out.push({ type: c.event, units: [a, b], turn: after.turn, rule: rule.case });
        }
      }
      if (h.madeOnTurn === after.turn) {
        for (const e of events) {
          if (e.type !== 'unit-advanced' || (e.unit !== a && e.unit !== b)) continue;
          const n = (h.advanced[e.unit as string] ?? 0) + 1;
          next = withHookState(next, key, {
            ...h,
            advanced: { ...h.advanced, [e.unit as string]: n },
          });
          h = hs(next);
          const longest = Math.max(...Object.values(h.advanced));
          out.push({
            type: c.event,
            advance: true,
            unit: e.unit,
            hexes: n,
            longestAdvance: longest,
            dieModifier: -Math.min(3, Math.max(0, longest - 1)),
            rule: `${rule.case} iii, 19.62`,
          });
        }
      }
      if (next === after) return null;
      return { state: next, events: out };
    },
  };
}

/** The 19.62 die modifier of the counterattack recorded in `state` (0 if none). */
export function counterattackDieModifier(state: GameState, ruleCase: string): number {
  const h = hookStateOf<CounterattackState>(state, `named-unit-ability:${ruleCase}`, EMPTY);
  const longest = Math.max(0, ...Object.values(h.advanced));
  return -Math.min(3, Math.max(0, longest - 1));
}
