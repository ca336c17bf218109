/**
 * conditional-reinforcements (battles.md §17 rank 6), the Road to Richmond
 * forms: where and when reinforcements may arrive.
 *
 * 17.1 (mode "anywhere-in-zone"): "Union Reinforcements so indicated may
 * arrive anywhere within the Command Control Zone." The listed units may
 * enter at any hex of the zone besides their printed hexes. The chart marks
 * no unit (battles.md §19), so the declaration lists none and changes
 * nothing; a marked chart fills in `units`.
 *
 * 17.32 (mode "blocked-entry" with primaryHex/alternateHex): Jackson's
 * command (Game-Turn 2, printed at 1301 and 1901) enters at 1901 only while
 * 1301 is occupied by, or in the Zone of Control of, a Union unit
 * (blockedWhen), and at 1301 otherwise; decided for each entry, with no delay
 * (delayTurns 0, the only value implemented). Any 5.5 hexes the standard
 * rules add for a group that could not enter on its Game-Turn are kept.
 *
 * 17.4, 17.5 (mode "early-arrival"): "Activation of early Reinforcements
 * may occur; either one of the following conditions will trigger
 * activation: i) A Confederate unit exists during some part of its Movement
 * or Combat Phase on a hex on the south side of the Chickahominy River ...
 * ii) A Confederate unit comes within six hexes (inclusive) of hex 2426 or
 * 1826 during some part of its Movement or Combat Phase." Then the
 * Game-Turn 13, 14, 15 and 18 reinforcements "may arrive" 1, 2, 3 and 6
 * Game-Turns after Activation. Readings:
 * - a unit of the activating side "exists" on a hex during its own Movement
 *   or Combat Phase if it stands there at any point of the phase (after any
 *   order of it, so also one that began the phase there) or passes through
 *   it (the path of a move, an entry, a retreat, an advance: hexes-entered);
 * - trigger "unit-in-hexes": one of `triggerHexes` (the south bank as the
 *   scenario computes it from the map); "unit-within-range": at most `range`
 *   hexes (9.12 count, inclusive) from one of `ofHexes`;
 * - Activation happens once, on the Game-Turn of the trigger (A); a group
 *   printed for Game-Turn T with k in `schedule` may enter from Game-Turn
 *   A + k if that is before T (onlyEarlier: never later than printed), for
 *   both sides (`sides`); entering early is the owner's choice ("may");
 * - the event (`event`) is recorded in hook state and given to victory
 *   (VictoryInputs.events) for 22.14.
 *
 * 17.61-17.64 (mode "secret-reallocation"): secret-reallocation.ts.
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { GameEvent, HexId, RuleHook, Side } from '../../types';
import { enemyZocOf } from '../blue-grey/zoc';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { hexesEntered } from './hexes-entered';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { secretReallocation, secretReallocationSupport } from './secret-reallocation';

const isSide = (s: unknown): s is Side => s === 'union' || s === 'confederate';
const isHexList = (v: unknown) => Array.isArray(v) && v.every((h) => typeof h === 'string');

/** Whether a conditional-reinforcements declaration is one of the forms of this file. */
export function isArrivalForm(p: Record<string, unknown>): boolean {
  return (
    p.mode === 'secret-reallocation' ||
    p.mode === 'anywhere-in-zone' ||
    p.mode === 'early-arrival' ||
    (p.mode === 'blocked-entry' && p.primaryHex !== undefined)
  );
}

const zoneSupport = knownParams(['mode', 'side', 'zoneHexes', 'units'], (p) => {
  if (!isSide(p.side)) return 'a zone arrival without "side"';
  if (!isHexList(p.zoneHexes) || (p.zoneHexes as unknown[]).length === 0)
    return 'a zone arrival without "zoneHexes"';
  if (!Array.isArray(p.units) || p.units.some((u) => typeof u !== 'string'))
    return 'a zone arrival without "units"';
  return null;
});

const alternateSupport = knownParams(
  ['mode', 'side', 'turn', 'primaryHex', 'alternateHex', 'blockedWhen', 'delayTurns'],
  (p) => {
    if (!isSide(p.side)) return 'an alternate entry without "side"';
    if (!Number.isInteger(p.turn)) return 'an alternate entry without "turn"';
    if (typeof p.primaryHex !== 'string' || typeof p.alternateHex !== 'string')
      return 'an alternate entry without "primaryHex" and "alternateHex"';
    const when = p.blockedWhen as unknown[] | undefined;
    if (
      !Array.isArray(when) ||
      when.length === 0 ||
      when.some((w) => w !== 'enemy-occupied' && w !== 'enemy-controlled')
    )
      return `blockedWhen ${JSON.stringify(p.blockedWhen)}`;
    if (p.delayTurns !== undefined && p.delayTurns !== 0)
      return `delayTurns ${JSON.stringify(p.delayTurns)} with an alternate hex`;
    return null;
  },
);

interface Trigger {
  when: 'unit-in-hexes' | 'unit-within-range';
  case?: string;
  triggerHexes?: HexId[];
  reading?: string;
  ofHexes?: HexId[];
  range?: number;
  inclusive?: boolean;
}

const earlySupport = knownParams(
  ['mode', 'event', 'activatingSide', 'phases', 'triggers', 'schedule', 'sides', 'onlyEarlier'],
  (p) => {
    if (typeof p.event !== 'string') return 'early arrival without "event"';
    if (!isSide(p.activatingSide)) return 'early arrival without "activatingSide"';
    const phases = p.phases as unknown[];
    if (
      !Array.isArray(phases) ||
      phases.length === 0 ||
      phases.some((x) => x !== 'movement' && x !== 'combat')
    )
      return `phases ${JSON.stringify(p.phases)}`;
    const triggers = p.triggers as Trigger[];
    if (!Array.isArray(triggers) || triggers.length === 0)
      return 'early arrival without "triggers"';
    for (const t of triggers) {
      if (t.when === 'unit-in-hexes') {
        if (
          !isHexList(t.triggerHexes) ||
          Object.keys(t).some((k) => !['when', 'case', 'triggerHexes', 'reading'].includes(k))
        )
          return `trigger ${JSON.stringify(t.when)}`;
      } else if (t.when === 'unit-within-range') {
        if (
          !isHexList(t.ofHexes) ||
          !Number.isInteger(t.range) ||
          t.inclusive !== true ||
          Object.keys(t).some((k) => !['when', 'case', 'ofHexes', 'range', 'inclusive'].includes(k))
        )
          return `trigger ${JSON.stringify(t.when)}`;
      } else return `trigger ${JSON.stringify((t as { when?: unknown }).when)}`;
    }
    const schedule = p.schedule as Array<{ turn?: unknown; turnsAfterActivation?: unknown }>;
    if (
      !Array.isArray(schedule) ||
      schedule.length === 0 ||
      schedule.some(
        (s) =>
          !Number.isInteger(s.turn) ||
          !Number.isInteger(s.turnsAfterActivation) ||
          Object.keys(s).length !== 2,
      )
    )
      return `schedule ${JSON.stringify(p.schedule)}`;
    const sides = p.sides as unknown[];
    if (!Array.isArray(sides) || sides.length === 0 || !sides.every(isSide))
      return `sides ${JSON.stringify(p.sides)}`;
    if (p.onlyEarlier !== true) return `onlyEarlier ${JSON.stringify(p.onlyEarlier)}`;
    return null;
  },
);

export const arrivalSupport: HookSupport = (rule) => {
  const p = rule.params ?? {};
  if (p.mode === 'secret-reallocation') return secretReallocationSupport(rule);
  if (p.mode === 'anywhere-in-zone') return zoneSupport(rule);
  if (p.mode === 'early-arrival') return earlySupport(rule);
  return alternateSupport(rule);
};

export function arrival(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  if (p.mode === 'secret-reallocation') return secretReallocation(rule);
  if (p.mode === 'anywhere-in-zone') return anywhereInZone(rule);
  if (p.mode === 'early-arrival') return earlyArrival(rule);
  return alternateEntry(rule);
}

function anywhereInZone(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const units = new Set(p.units as string[]);
  const zone = p.zoneHexes as HexId[];
  return {
    hook: rule.hook,
    case: rule.case,
    entryHexes(ctx, _state, unit, standard) {
      if (!units.has(unit.id) || unit.side !== p.side) return standard;
      return [...new Set([...standard, ...zone.filter((h) => ctx.map.has(h))])];
    },
  };
}

function alternateEntry(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const turn = p.turn as number;
  const primary = p.primaryHex as HexId;
  const alternate = p.alternateHex as HexId;
  const when = p.blockedWhen as string[];
  const blocked = (ctx: GameContext, state: GameState): boolean => {
    if (when.includes('enemy-occupied'))
      for (const id in state.units) {
        const u = state.units[id];
        if (u.side !== side && u.status === 'on-map' && u.hex === primary) return true;
      }
    if (when.includes('enemy-controlled')) {
      const i = ctx.board.index.get(primary);
      if (i !== undefined && enemyZocOf(ctx, state, side)[i] === 1) return true;
    }
    return false;
  };
  return {
    hook: rule.hook,
    case: rule.case,
    entryHexes(ctx, state, unit, standard) {
      const spec = ctx.reinforcementOf.get(unit.id);
      if (
        unit.side !== side ||
        !spec ||
        spec.turn !== turn ||
        !spec.entry.includes(primary) ||
        !spec.entry.includes(alternate)
      )
        return standard;
      const drop = blocked(ctx, state) ? primary : alternate;
      return standard.filter((h) => h !== drop);
    },
  };
}

/** hookState entry of early arrival: the Game-Turn of Activation, or null. */
export interface ActivationState {
  activatedOnTurn: number | null;
}

/** The Game-Turn of Activation recorded by an early-arrival declaration, if any (secret reallocation reads it). */
export function activationTurn(
  ctx: GameContext,
  state: GameState,
): { turn: number | null; after: (printedTurn: number) => number | null } | null {
  const rule = ctx.scenario.specialRules.find(
    (r) => r.hook === 'conditional-reinforcements' && r.params?.mode === 'early-arrival',
  );
  if (!rule) return null;
  const schedule =
    (rule.params!.schedule as Array<{ turn: number; turnsAfterActivation: number }>) ?? [];
  return {
    turn: hookStateOf<ActivationState>(state, hookKey(rule), { activatedOnTurn: null })
      .activatedOnTurn,
    after: (printedTurn) =>
      schedule.find((s) => s.turn === printedTurn)?.turnsAfterActivation ?? null,
  };
}

function earlyArrival(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const key = hookKey(rule);
  const activating = p.activatingSide as Side;
  const phases = p.phases as string[];
  const triggers = p.triggers as Trigger[];
  const sides = p.sides as Side[];
  const event = p.event as string;
  const schedule = new Map(
    (p.schedule as Array<{ turn: number; turnsAfterActivation: number }>).map((s) => [
      s.turn,
      s.turnsAfterActivation,
    ]),
  );
  const inHexes = new Set(
    triggers.flatMap((t) => (t.when === 'unit-in-hexes' ? t.triggerHexes! : [])),
  );
  const activatedOn = (state: GameState) =>
    hookStateOf<ActivationState>(state, key, { activatedOnTurn: null }).activatedOnTurn;

  const triggering = (ctx: GameContext, hex: HexId): string | null => {
    for (const t of triggers) {
      if (t.when === 'unit-in-hexes' && inHexes.has(hex)) return t.case ?? rule.case;
      if (
        t.when === 'unit-within-range' &&
        t.ofHexes!.some((o) => ctx.map.has(o) && ctx.map.grid.distance(hex, o) <= t.range!)
      )
        return t.case ?? rule.case;
    }
    return null;
  };

  return {
    hook: rule.hook,
    case: rule.case,
    arrivesEarly(ctx, state, unit: UnitState) {
      const a = activatedOn(state);
      if (a === null || !sides.includes(unit.side)) return false;
      const spec = ctx.reinforcementOf.get(unit.id);
      if (!spec || spec.condition?.hook !== rule.hook) return false;
      const k = schedule.get(spec.turn);
      return k !== undefined && state.turn >= a + k;
    },
    afterOrder(ctx, before, after, events) {
      if (activatedOn(after) !== null) return null;
      if (before.phasing !== activating || !phases.includes(before.phase)) return null;
      const seen: Array<{ unit: string; hex: HexId }> = [];
      for (const x of hexesEntered(events))
        if (before.units[x.unit]?.side === activating) seen.push(x);
      if (after.phasing === activating && phases.includes(after.phase))
        for (const id in after.units) {
          const u = after.units[id];
          if (u.side === activating && u.status === 'on-map' && u.hex)
            seen.push({ unit: id, hex: u.hex });
        }
      for (const s of seen) {
        const why = triggering(ctx, s.hex);
        if (why === null) continue;
        const ev: GameEvent = {
          type: event,
          unit: s.unit,
          hex: s.hex,
          turn: before.turn,
          rule: why,
        };
        return { state: withHookState(after, key, { activatedOnTurn: before.turn }), events: [ev] };
      }
      return null;
    },
    victoryInputs(_ctx, state) {
      return { events: activatedOn(state) !== null ? [event] : [] };
    },
  };
}
