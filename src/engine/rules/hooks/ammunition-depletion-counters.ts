/**
 * ammunition-depletion, the "Out of Ammo counters" form (battles.md §17 rank
 * 22), beside the general hook of ammunition-depletion.ts (whose header
 * leaves this effect and the die modifier to another form).
 *
 * Road to Vicksburg 19.61: "At the start of the Confederate Movement Phase
 * in the Game-Turn following Bowen's Counterattack, the Confederate Player
 * must roll a die to determine if the brigades of Green and Cockrell run out
 * of ammunition. If the die roll is '1-2', then both brigades have run out of
 * ammunition for the rest of the game. Replace the Green and Cockrell brigade
 * units with the reduced Combat Strength units that have 'Out of Ammo'
 * printed on them." 19.62: "... Subtract '1' from the die roll for each hex
 * entered after the first, during the advance after combat following Bowen's
 * Counterattack (up to a maximum modifier of minus '3' for a four-hex
 * advance). For example, if one brigade advances two hexes and the other
 * brigade advances three hexes, the modifier ... is minus '2'. Bowen's
 * infantry brigades run out of ammunition on a die roll of '1-4'." 19.63:
 * "Both brigades are still counted at full strength for Victory Point
 * purposes even if Ammunition Depleted."
 *
 * Readings:
 * - the roll is made once, when the side's Movement Phase of the Game-Turn
 *   `turnsAfter` after the first event `afterEvent.type` begins (the
 *   counterattack, named-unit-counterattack.ts); the modifier is the most
 *   negative `dieModifier` field of those events (the longest advance); the
 *   modified roll runs out at or below the highest of `outOn` (19.62's
 *   example: -2 makes 1-4);
 * - the Out of Ammo counter is the unit's `reducedStrength` (the players
 *   supply it with the counter): from then on the unit fights with that
 *   strength, attacking and defending (strengthBonus: the difference), while
 *   its printed strength stays what every Victory Point count reads —
 *   eliminated, without a Line of Communication, exited (19.63). A unit with
 *   no reducedStrength keeps its strength (the event says so).
 *
 * params: { side: Side, units: string[],
 *           trigger: { at: "start-of-movement-phase", afterEvent: { type: string, turnsAfter?: number },
 *                      outOn: number[], repeat: "once", dieModifierFromEvent?: { type: string, field: string } },
 *           effect: { replaceByReducedStrength: true, victoryAtPrintedStrength: true } }
 */
import type { Dice } from '../../dice';
import type { GameState } from '../../state';
import type { GameEvent, RuleHook, Side } from '../../types';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export function isOutOfAmmoCountersForm(rule: RuleHook): boolean {
  const e = rule.params?.effect as Record<string, unknown> | undefined;
  return e?.replaceByReducedStrength !== undefined;
}

export const outOfAmmoCountersSupport: HookSupport = knownParams(
  ['side', 'units', 'trigger', 'effect'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'ammunition without "side"';
    if (!Array.isArray(p.units) || p.units.length === 0) return 'ammunition without "units"';
    const t = p.trigger as Record<string, unknown>;
    if (typeof t !== 'object' || t === null) return 'ammunition without "trigger"';
    const tk = Object.keys(t).filter(
      (k) => !['at', 'afterEvent', 'outOn', 'repeat', 'dieModifierFromEvent'].includes(k),
    );
    if (tk.length > 0) return `trigger parameter ${tk.map((k) => `"${k}"`).join(', ')}`;
    if (t.at !== 'start-of-movement-phase') return `trigger at ${JSON.stringify(t.at)}`;
    const ae = t.afterEvent as { type?: unknown; turnsAfter?: unknown } | undefined;
    if (!ae || typeof ae.type !== 'string') return 'a trigger without "afterEvent"';
    if (
      ae.turnsAfter !== undefined &&
      (!Number.isInteger(ae.turnsAfter) || (ae.turnsAfter as number) < 1)
    )
      return `turnsAfter ${JSON.stringify(ae.turnsAfter)}`;
    if (
      !Array.isArray(t.outOn) ||
      t.outOn.length === 0 ||
      !t.outOn.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)
    )
      return `outOn ${JSON.stringify(t.outOn)}`;
    if (t.repeat !== 'once') return `repeat ${JSON.stringify(t.repeat)}`;
    const dm = t.dieModifierFromEvent as { type?: unknown; field?: unknown } | undefined;
    if (dm !== undefined && (typeof dm.type !== 'string' || typeof dm.field !== 'string'))
      return `dieModifierFromEvent ${JSON.stringify(dm)}`;
    const e = p.effect as Record<string, unknown>;
    if (
      Object.keys(e).sort().join() !== 'replaceByReducedStrength,victoryAtPrintedStrength' ||
      e.replaceByReducedStrength !== true ||
      e.victoryAtPrintedStrength !== true
    )
      return `effect ${JSON.stringify(e)}`;
    return null;
  },
);

/** hookState entry. */
export interface OutOfAmmoState {
  eventTurn: number | null;
  modifier: number;
  rolled: boolean;
  out: string[];
}
const EMPTY: OutOfAmmoState = { eventTurn: null, modifier: 0, rolled: false, out: [] };

export function outOfAmmoCounters(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const units = p.units as string[];
  const t = p.trigger as {
    afterEvent: { type: string; turnsAfter?: number };
    outOn: number[];
    dieModifierFromEvent?: { type: string; field: string };
  };
  const after = t.afterEvent.turnsAfter ?? 1;
  const worst = Math.max(...t.outOn);
  const key = hookKey(rule);
  const hs = (s: GameState) => hookStateOf<OutOfAmmoState>(s, key, EMPTY);
  return {
    hook: rule.hook,
    case: rule.case,
    afterOrder(ctx, _before, state, events, dice?: Dice) {
      let h = hs(state);
      let next = state;
      const out: GameEvent[] = [];
      if (!h.rolled) {
        let eventTurn = h.eventTurn;
        let modifier = h.modifier;
        for (const e of events) {
          if (e.type === t.afterEvent.type && eventTurn === null) eventTurn = state.turn;
          const dm = t.dieModifierFromEvent;
          if (dm && e.type === dm.type && typeof e[dm.field] === 'number')
            modifier = Math.min(modifier, e[dm.field] as number);
        }
        if (eventTurn !== h.eventTurn || modifier !== h.modifier) {
          next = withHookState(next, key, { ...h, eventTurn, modifier });
          h = hs(next);
        }
      }
      if (
        !h.rolled &&
        dice &&
        h.eventTurn !== null &&
        state.phase === 'movement' &&
        state.phasing === side &&
        state.turn === h.eventTurn + after
      ) {
        const roll = dice.d6();
        const modified = roll + h.modifier;
        const depleted = modified <= worst;
        out.push({
          type: 'die-rolled',
          purpose: 'ammunition-depletion',
          rule: rule.case,
          roll,
          modifier: h.modifier,
          modified,
          depleted,
        });
        const gone = depleted ? units.filter((id) => ctx.unitSpecs.has(id)) : [];
        next = withHookState(next, key, { ...h, rolled: true, out: gone });
        if (depleted)
          out.push({
            type: 'ammunition-depleted',
            side,
            units: gone.map((id) => ({
              unit: id,
              strength: ctx.unitSpecs.get(id)!.reducedStrength ?? ctx.unitSpecs.get(id)!.strength,
              printed: ctx.unitSpecs.get(id)!.strength,
            })),
            rule: rule.case,
          });
      }
      if (next === state) return null;
      return { state: next, events: out };
    },
    unitMarkers(_ctx, state) {
      return hs(state).out.map((unit) => ({ unit, marker: 'OoA' }));
    },
    strengthBonus(ctx, state, _combat, unitId) {
      if (!hs(state).out.includes(unitId)) return 0;
      const reduced = ctx.unitSpecs.get(unitId)?.reducedStrength;
      const u = state.units[unitId];
      return reduced === undefined || !u ? 0 : reduced - u.strength;
    },
  };
}
