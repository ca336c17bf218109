/**
 * Ammunition depletion and resupply (battles.md §17 rank 22).
 *
 * Olustee 19.1: "Beginning on Game-Turn Four, the Confederate Player rolls a
 * die prior to commencing his Player-Turn. On a die roll result of '1-4' the
 * Confederate forces run out of ammunition. No Confederate units may
 * thereafter enter an Enemy Zone of Control, and all Confederate units in an
 * Enemy Zone of Control must during the Combat Phase automatically retreat
 * one hex. If unable to retreat, the Confederate unit is eliminated. A die
 * roll result of '5-6' has no effect. Once the Confederates run out of
 * ammunition, this die roll ceases."
 * 19.3: "Once the Train has moved for the Game-Turn, each Confederate unit
 * that can trace a path of four or fewer hexes in length to the Train is
 * considered immediately re-supplied and ignores the restrictions outlined in
 * Case 19.1. If the path is greater than four hexes in length to the Train,
 * the unit is re-supplied two full Game-Turns after that in which the
 * ammunition ran out. For example, if ammunition ran out on Game-Turn Six,
 * units with a path of greater than four hexes would regain supply at the
 * start of Game-Turn Eight."
 * 19.4: "The path to the Train must be a Line of Communication; that is, a
 * series of contiguous hexes free of prohibited Terrain, Enemy units and
 * Enemy Zones of Control unless the Enemy controlled hexes are occupied by
 * Friendly units."
 *
 * The hook has three parts, each a parameter: which units (`side`, `units`),
 * the trigger (`trigger`: when the die is rolled and what it must show) and
 * the effect while out (`effect`), with an optional resupply (`resupply`).
 *
 * params: {
 *   side: Side,                         the army that can run out
 *   units?: string[],                   the units that run out; all of `side`'s units but the
 *                                       resupply source if absent (units arriving later included)
 *   trigger: {
 *     at: "start-of-player-turn"        rolled when `side`'s Player-Turn begins (Olustee 19.1),
 *       | "start-of-movement-phase",    or its Movement Phase (Road to Vicksburg 19.61) — in this
 *                                       engine the same moment: a Player-Turn begins with it; never
 *                                       before the game's very first Player-Turn (no order precedes it)
 *     fromTurn?: number,                first Game-Turn of the roll (Olustee: 4)
 *     afterEvent?: { type: string,      the roll waits for an event of this type in any order's events
 *                    turnsAfter?: number }  and is made `turnsAfter` (default 1) Game-Turns after the one
 *                                       it happened in (Road to Vicksburg 19.61: the Game-Turn after
 *                                       Bowen's Counterattack, if its hook reports one)
 *     outOn: number[],                  die results that exhaust the ammunition (Olustee: 1-4)
 *     repeat?: "until-out" | "once"     every such Player-Turn until it runs out (Olustee 19.1:
 *                                       "this die roll ceases" once out; the default), or one roll only
 *   },
 *   effect: {                           while a unit is out of ammunition:
 *     mayNotEnterEnemyZoc?: true,       it enters no Enemy controlled hex: not by moving, entering
 *                                       the map or advancing after combat (19.1 "enter")
 *     retreatFromEnemyZoc?: "start-of-own-combat-phase"
 *                                       each one in an Enemy controlled hex at the start of its
 *                                       side's Combat Phase, before any attack, retreats one hex
 *                                       (the owner choosing among the legal retreats, 8.71-8.73,
 *                                       displacement included); with none open it is eliminated
 *                                       (19.1, 8.72). It is no combat result: no morale effect and
 *                                       no enemy advance.
 *   },
 *   resupply?: {                        how units get their ammunition back (for good)
 *     source: string,                   the unit the line is traced to (Olustee: the Rail Gun)
 *     afterSourceMoves?: true,          only once the source has moved (or entered) in the current
 *                                       Game-Turn; from then until the Game-Turn ends, every unit
 *                                       whose line is short enough is resupplied at once (19.3)
 *     maxLength: number,                longest line in hexes, the source's hex included (Olustee: 4)
 *     blockedBy?: ["prohibited-terrain", "enemy-units", "enemy-zoc"],  (all three if absent)
 *     friendlyUnitsNegateZoc?: boolean, (Olustee 19.4: true)
 *     otherwiseAfterGameTurns?: number  every unit still out is resupplied at the start of the
 *                                       Game-Turn this many after the one it ran out in (Olustee: 2)
 *   }
 * }
 *
 * Readings: the roll is one die for the whole army (19.1: "the Confederate
 * forces"); the line of 19.3/19.4 runs as supply-line.ts traces it (from a
 * hex next to the unit to the Train's hex, "four or fewer hexes in length"
 * counting the Train's hex); a unit resupplied stays supplied (the roll has
 * ceased); artillery out of ammunition may still bombard from outside an
 * Enemy Zone of Control, 19.1 restricting only entering and staying in one.
 * Replacing counters by their "Out of Ammo" backs with a die modifier (Road
 * to Vicksburg 19.61-19.63) is the separate "Out of Ammo counters" form,
 * ammunition-depletion-counters.ts; a declaration of this form with a
 * parameter this header does not list is refused as not yet supported.
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { GameEvent, HexId, RuleHook, Side } from '../../types';
import type { Step } from '../blue-grey/combat';
import { combatOf, inEnemyZoc, onMap, withCombat } from '../blue-grey/combat';
import { run } from '../blue-grey/decisions';
import { refusal } from '../blue-grey/refusals';
import { enemyZocOf } from '../blue-grey/zoc';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { lineLengths, lineRulesRefusal, type LineRules } from './supply-line';

interface Trigger {
  at: 'start-of-player-turn' | 'start-of-movement-phase';
  fromTurn?: number;
  afterEvent?: { type: string; turnsAfter?: number };
  outOn: number[];
  repeat?: 'until-out' | 'once';
}
interface Effect {
  mayNotEnterEnemyZoc?: true;
  retreatFromEnemyZoc?: 'start-of-own-combat-phase';
}
interface Resupply extends LineRules {
  source: string;
  afterSourceMoves?: true;
  maxLength: number;
  otherwiseAfterGameTurns?: number;
}

/** hookState entry. */
export interface AmmunitionState {
  /** Game-Turns on which the die was rolled. */
  rolled: number[];
  /** The Game-Turn the ammunition ran out, or null. */
  outOnTurn: number | null;
  /** The Game-Turn of the first `afterEvent` event, or null. */
  eventTurn: number | null;
  /** Units resupplied since (for good). */
  resupplied: string[];
  /** Every unit resupplied (otherwiseAfterGameTurns reached). */
  allResupplied: boolean;
  /** The Game-Turn in which the resupply source last moved, or null. */
  sourceMovedOnTurn: number | null;
}

const EMPTY: AmmunitionState = {
  rolled: [],
  outOnTurn: null,
  eventTurn: null,
  resupplied: [],
  allResupplied: false,
  sourceMovedOnTurn: null,
};

const isSide = (x: unknown): x is Side => x === 'union' || x === 'confederate';
const isDieList = (x: unknown) =>
  Array.isArray(x) && x.length > 0 && x.every((n) => Number.isInteger(n) && n >= 1 && n <= 6);
const extra = (o: Record<string, unknown>, known: string[]) =>
  Object.keys(o).filter((k) => !known.includes(k));

export const ammunitionDepletionSupport: HookSupport = knownParams(
  ['side', 'units', 'trigger', 'effect', 'resupply'],
  (p) => {
    if (!isSide(p.side)) return 'ammunition depletion without a "side"';
    if (
      p.units !== undefined &&
      (!Array.isArray(p.units) || p.units.some((u) => typeof u !== 'string'))
    )
      return `units ${JSON.stringify(p.units)}`;
    const t = p.trigger as Record<string, unknown> | undefined;
    if (!t || typeof t !== 'object') return 'ammunition depletion without a "trigger"';
    const te = extra(t, ['at', 'fromTurn', 'afterEvent', 'outOn', 'repeat']);
    if (te.length > 0) return `trigger parameter${te.length > 1 ? 's' : ''} ${te.join(', ')}`;
    if (t.at !== 'start-of-player-turn' && t.at !== 'start-of-movement-phase')
      return `trigger at ${JSON.stringify(t.at)}`;
    if (t.fromTurn !== undefined && !(Number.isInteger(t.fromTurn) && (t.fromTurn as number) >= 1))
      return `trigger fromTurn ${JSON.stringify(t.fromTurn)}`;
    if (!isDieList(t.outOn)) return `trigger outOn ${JSON.stringify(t.outOn)}`;
    if (t.repeat !== undefined && t.repeat !== 'until-out' && t.repeat !== 'once')
      return `trigger repeat ${JSON.stringify(t.repeat)}`;
    const ev = t.afterEvent as Record<string, unknown> | undefined;
    if (ev !== undefined) {
      if (
        typeof ev !== 'object' ||
        typeof ev.type !== 'string' ||
        extra(ev, ['type', 'turnsAfter']).length > 0
      )
        return `trigger afterEvent ${JSON.stringify(ev)}`;
      if (
        ev.turnsAfter !== undefined &&
        !(Number.isInteger(ev.turnsAfter) && (ev.turnsAfter as number) >= 0)
      )
        return `trigger afterEvent turnsAfter ${JSON.stringify(ev.turnsAfter)}`;
    }
    const e = p.effect as Record<string, unknown> | undefined;
    if (!e || typeof e !== 'object') return 'ammunition depletion without an "effect"';
    const ee = extra(e, ['mayNotEnterEnemyZoc', 'retreatFromEnemyZoc']);
    if (ee.length > 0) return `effect${ee.length > 1 ? 's' : ''} ${ee.join(', ')}`;
    if (e.mayNotEnterEnemyZoc !== undefined && e.mayNotEnterEnemyZoc !== true)
      return `effect mayNotEnterEnemyZoc ${JSON.stringify(e.mayNotEnterEnemyZoc)}`;
    if (
      e.retreatFromEnemyZoc !== undefined &&
      e.retreatFromEnemyZoc !== 'start-of-own-combat-phase'
    )
      return `effect retreatFromEnemyZoc ${JSON.stringify(e.retreatFromEnemyZoc)}`;
    const r = p.resupply as Record<string, unknown> | undefined;
    if (r !== undefined) {
      if (typeof r !== 'object' || typeof r.source !== 'string')
        return 'a resupply without a "source"';
      const { source: _s, afterSourceMoves, otherwiseAfterGameTurns, ...line } = r;
      void _s;
      if (afterSourceMoves !== undefined && afterSourceMoves !== true)
        return `resupply afterSourceMoves ${JSON.stringify(afterSourceMoves)}`;
      if (
        otherwiseAfterGameTurns !== undefined &&
        !(Number.isInteger(otherwiseAfterGameTurns) && (otherwiseAfterGameTurns as number) >= 1)
      )
        return `resupply otherwiseAfterGameTurns ${JSON.stringify(otherwiseAfterGameTurns)}`;
      if (line.maxLength === undefined) return 'a resupply without "maxLength"';
      const why = lineRulesRefusal(line);
      if (why) return `resupply ${why}`;
    }
    return null;
  },
);

/** The ammunition-depletion hook, with `isOut` for tests and other rules. */
export function ammunitionDepletion(rule: RuleHook): MovementHook & {
  isOut(ctx: GameContext, state: GameState, unitId: string): boolean;
} {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const listed = p.units ? new Set(p.units as string[]) : null;
  const trigger = p.trigger as Trigger;
  const effect = p.effect as Effect;
  const resupply = (p.resupply as Resupply | undefined) ?? null;
  const key = hookKey(rule);
  const fromTurn = trigger.fromTurn ?? 1;
  const turnsAfter = trigger.afterEvent?.turnsAfter ?? 1;

  const affected = (unitId: string, u: UnitState | undefined): boolean =>
    !!u && u.side === side && (listed ? listed.has(unitId) : unitId !== resupply?.source);
  const isOut = (_ctx: GameContext, state: GameState, unitId: string): boolean => {
    const hs = hookStateOf<AmmunitionState>(state, key, EMPTY);
    return (
      hs.outOnTurn !== null &&
      !hs.allResupplied &&
      !hs.resupplied.includes(unitId) &&
      affected(unitId, state.units[unitId])
    );
  };

  /** Roll now: the side's Player-Turn (its Movement Phase) has just begun. */
  const roll = (
    state: GameState,
    hs: AmmunitionState,
    before: GameState,
    dice: { d6(): number },
  ): { state: GameState; events: GameEvent[] } | null => {
    const began =
      state.phase === 'movement' &&
      state.phasing === side &&
      !(before.phase === 'movement' && before.phasing === side && before.turn === state.turn);
    if (!began || state.turn < fromTurn || hs.outOnTurn !== null) return null;
    if (hs.rolled.includes(state.turn)) return null;
    if (trigger.repeat === 'once' && hs.rolled.length > 0) return null;
    if (trigger.afterEvent && (hs.eventTurn === null || state.turn < hs.eventTurn + turnsAfter))
      return null;
    const d = dice.d6();
    const out = trigger.outOn.includes(d);
    const next: AmmunitionState = {
      ...hs,
      rolled: [...hs.rolled, state.turn],
      outOnTurn: out ? state.turn : null,
    };
    const events: GameEvent[] = [
      {
        type: 'die-rolled',
        purpose: 'ammunition',
        rule: rule.case,
        side,
        turn: state.turn,
        roll: d,
        outOfAmmunition: out,
      },
    ];
    if (out) events.push({ type: 'ammunition-exhausted', side, turn: state.turn, rule: rule.case });
    return { state: withHookState(state, key, next), events };
  };

  /** Resupply now: by the source's line, or all once the delay is over. */
  const resupplied = (
    ctx: GameContext,
    state: GameState,
    hs: AmmunitionState,
  ): { state: GameState; events: GameEvent[] } | null => {
    if (!resupply || hs.outOnTurn === null || hs.allResupplied) return null;
    const due = resupply.otherwiseAfterGameTurns;
    if (due !== undefined && state.turn >= hs.outOnTurn + due) {
      return {
        state: withHookState(state, key, { ...hs, allResupplied: true }),
        events: [
          {
            type: 'ammunition-resupplied',
            side,
            units: 'all',
            turn: state.turn,
            reason: `${due} full Game-Turns after the ammunition ran out on Game-Turn ${hs.outOnTurn}`,
            rule: rule.case,
          },
        ],
      };
    }
    const src = state.units[resupply.source];
    if (!onMap(src) || src.side !== side) return null;
    if (resupply.afterSourceMoves && hs.sourceMovedOnTurn !== state.turn) return null;
    // The units still out first: with none left the line is not traced (this runs after every order).
    const out = Object.keys(state.units)
      .sort()
      .filter((id) => onMap(state.units[id]) && isOut(ctx, state, id));
    if (out.length === 0) return null;
    const lengths = lineLengths(ctx, state, side, [src.hex], resupply);
    const units = out.filter((id) => {
      const len = lengths[ctx.board.index.get(state.units[id].hex!)!];
      return len >= 0 && len <= resupply.maxLength;
    });
    if (units.length === 0) return null;
    return {
      state: withHookState(state, key, { ...hs, resupplied: [...hs.resupplied, ...units] }),
      events: [
        {
          type: 'ammunition-resupplied',
          side,
          units,
          turn: state.turn,
          reason: `a Line of Communication of ${resupply.maxLength} hexes or fewer to ${resupply.source}`,
          rule: rule.case,
        },
      ],
    };
  };

  return {
    hook: rule.hook,
    case: rule.case,
    isOut,
    unitMarkers(ctx, state) {
      return Object.keys(state.units)
        .filter((id) => isOut(ctx, state, id))
        .map((unit) => ({ unit, marker: 'OoA' }));
    },
    forbiddenHexes(ctx, state, unit) {
      if (!effect.mayNotEnterEnemyZoc || !isOut(ctx, state, unit.id)) return null;
      const zoc = enemyZocOf(ctx, state, unit.side);
      const hexes: HexId[] = [];
      for (let j = 0; j < ctx.board.size; j++) if (zoc[j]) hexes.push(ctx.board.ids[j]);
      return {
        hexes,
        refusal: (hex) =>
          refusal(
            'OUT_OF_AMMUNITION',
            rule.case,
            `${unit.id} is out of ammunition and may not enter the Enemy controlled hex ${hex}`,
          ),
      };
    },
    advanceIntoRefused(ctx, state, unitId, hex) {
      if (!effect.mayNotEnterEnemyZoc || !isOut(ctx, state, unitId)) return false;
      return inEnemyZoc(ctx, state, state.units[unitId].side, hex);
    },
    beforeAttacks(ctx, state, dice) {
      if (effect.retreatFromEnemyZoc !== 'start-of-own-combat-phase' || state.phasing !== side)
        return null;
      const phase = combatOf(state);
      if (phase.current || phase.queue.length > 0) return null;
      const units = Object.keys(state.units)
        .sort()
        .filter((id) => {
          const u = state.units[id];
          return onMap(u) && isOut(ctx, state, id) && inEnemyZoc(ctx, state, u.side, u.hex);
        });
      if (units.length === 0) return null;
      const queue: Step[] = units.map((unit) => ({
        kind: 'retreat',
        unit,
        hexes: 1,
        reason: 'result',
      }));
      const events: GameEvent[] = [{ type: 'ammunition-retreat', side, units, rule: rule.case }];
      const next = run(ctx, withCombat(state, { ...phase, queue }), dice, events);
      return { state: next, events };
    },
    afterOrder(ctx, before, after, events, dice) {
      if (after.phase === 'finished') return null;
      let state = after;
      const out: GameEvent[] = [];
      let hs = hookStateOf<AmmunitionState>(state, key, EMPTY);
      const changed = (r: { state: GameState; events: GameEvent[] } | null) => {
        if (!r) return;
        state = r.state;
        out.push(...r.events);
        hs = hookStateOf<AmmunitionState>(state, key, EMPTY);
      };
      if (trigger.afterEvent && hs.eventTurn === null) {
        const type = trigger.afterEvent.type;
        if (events.some((e) => e.type === type)) {
          state = withHookState(state, key, { ...hs, eventTurn: before.turn });
          hs = hookStateOf<AmmunitionState>(state, key, EMPTY);
        }
      }
      if (resupply) {
        const src = resupply.source;
        const moved = events.some(
          (e) =>
            e.unit === src &&
            (e.type === 'moved' || e.type === 'strategic-moved' || e.type === 'entered'),
        );
        if (moved && hs.sourceMovedOnTurn !== before.turn) {
          state = withHookState(state, key, { ...hs, sourceMovedOnTurn: before.turn });
          hs = hookStateOf<AmmunitionState>(state, key, EMPTY);
        }
      }
      if (dice) changed(roll(state, hs, before, dice));
      changed(resupplied(ctx, state, hs));
      if (state === after) return null;
      return { state, events: out };
    },
  };
}
