/**
 * movement-prohibition, variant "a zone closed to one side until an event"
 * (battles.md §17 rank 14).
 *
 * Road to Richmond 18.2: "The Command Control Zone comprises the three rows
 * of hexes including 0116 to 0122, 0215 to 0221 and 0316 to 0312 [read
 * 0322] inclusive." 20.1: "Union units may not enter the Command Control Zone
 * until three Game-Turns after the Union Player has exited the Union Train
 * unit from the map sheet at hex 1528, or three Game-Turns after the Union
 * Game-Turn Fourteen Reinforcements are brought on to the map sheet (they
 * could arrive early, Case 17.4)." 20.2: Union units exert a Zone of
 * Control into it as normal (zocExtendsInto true: the standard rules);
 * 20.3: they may attack (and bombard) units in it (mayAttackInto true: the
 * standard rules).
 *
 * Readings:
 * - "three Game-Turns after" an event of Game-Turn T: from Game-Turn T + 3
 *   on; the first of the listed events to happen lifts the prohibition;
 * - unit-exited: the named unit left the map at the exit hex (map-exit's
 *   event); reinforcements-entered: the Game-Turn on which the last unit of
 *   the side's reinforcement groups printed for `scheduledTurn` came on to
 *   the map (early or not);
 * - "may not enter" covers moves, reinforcement entries and map exits
 *   through it (0117 is a zone hex) and advances after combat; a retreat goes
 *   into the zone only when no retreat avoids it (a retreat is forced; the
 *   rule speaks of entering at will) — doubtful.
 *
 * params: { side: Side, zoneHexes: HexId[], liftedWhen: Array<{ event: "unit-exited", unit, exitHex, afterTurns }
 *           | { event: "reinforcements-entered", side, scheduledTurn, afterTurns }>, zocExtendsInto: true, mayAttackInto: true }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

type Lift =
  | { event: 'unit-exited'; unit: string; exitHex: HexId; afterTurns: number }
  | { event: 'reinforcements-entered'; side: Side; scheduledTurn: number; afterTurns: number };

/** hookState entry: the Game-Turn each lifting event happened, by its index in liftedWhen. */
export interface ZoneState {
  happened: Record<string, number>;
}

export function isZoneForm(p: Record<string, unknown>): boolean {
  return p.zoneHexes !== undefined;
}

const turns = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export const commandControlZoneSupport: HookSupport = knownParams(
  ['side', 'zoneHexes', 'liftedWhen', 'zocExtendsInto', 'mayAttackInto'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a zone without "side"';
    if (!Array.isArray(p.zoneHexes) || p.zoneHexes.length === 0)
      return 'a zone without "zoneHexes"';
    if (p.zocExtendsInto !== undefined && p.zocExtendsInto !== true)
      return `zocExtendsInto ${JSON.stringify(p.zocExtendsInto)}`;
    if (p.mayAttackInto !== undefined && p.mayAttackInto !== true)
      return `mayAttackInto ${JSON.stringify(p.mayAttackInto)}`;
    const lifts = (p.liftedWhen ?? []) as Array<Record<string, unknown>>;
    if (!Array.isArray(lifts)) return 'liftedWhen';
    for (const l of lifts) {
      if (l.event === 'unit-exited') {
        if (
          typeof l.unit !== 'string' ||
          typeof l.exitHex !== 'string' ||
          !turns(l.afterTurns) ||
          Object.keys(l).length !== 4
        )
          return `liftedWhen ${JSON.stringify(l)}`;
      } else if (l.event === 'reinforcements-entered') {
        if (
          (l.side !== 'union' && l.side !== 'confederate') ||
          !turns(l.scheduledTurn) ||
          !turns(l.afterTurns) ||
          Object.keys(l).length !== 4
        )
          return `liftedWhen ${JSON.stringify(l)}`;
      } else return `liftedWhen event ${JSON.stringify(l.event)}`;
    }
    return null;
  },
);

export function commandControlZone(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const zone = new Set(p.zoneHexes as HexId[]);
  const lifts = (p.liftedWhen ?? []) as Lift[];
  const key = hookKey(rule);
  const empty: ZoneState = { happened: {} };

  const closed = (state: GameState): boolean => {
    const h = hookStateOf<ZoneState>(state, key, empty).happened;
    return !lifts.some((l, i) => h[i] !== undefined && state.turn >= h[i] + l.afterTurns);
  };
  const why = (hex: HexId) =>
    refusal(
      'PROHIBITED_BY_SCENARIO',
      rule.case,
      `${side} units may not enter the Command Control Zone (${hex}) until the prohibition is lifted`,
    );
  const groupUnits = (ctx: GameContext, l: Extract<Lift, { event: 'reinforcements-entered' }>) =>
    ctx.scenario.reinforcements
      .filter((r) => r.side === l.side && r.turn === l.scheduledTurn)
      .flatMap((r) => r.units);

  return {
    hook: rule.hook,
    case: rule.case,
    forbiddenHexes(_ctx, state, unit) {
      if (unit.side !== side || !closed(state)) return null;
      return { hexes: zone, refusal: why };
    },
    entryHexes(_ctx, state, unit, standard) {
      if (unit.side !== side || !closed(state)) return standard;
      return standard.filter((h) => !zone.has(h));
    },
    advanceIntoRefused(_ctx, state, unitId, hex) {
      return state.units[unitId]?.side === side && zone.has(hex) && closed(state);
    },
    retreatAvoids(_ctx, state, unit, hex) {
      return unit.side === side && zone.has(hex) && closed(state);
    },
    afterOrder(ctx, _before, after, events) {
      const current = hookStateOf<ZoneState>(after, key, empty);
      const happened = { ...current.happened };
      let changed = false;
      lifts.forEach((l, i) => {
        if (happened[i] !== undefined) return;
        if (l.event === 'unit-exited') {
          if (
            events.some((e) => e.type === 'exited-map' && e.unit === l.unit && e.hex === l.exitHex)
          )
            happened[i] = after.turn;
        } else {
          const units = groupUnits(ctx, l);
          if (
            units.length > 0 &&
            units.every((u) => after.units[u] && after.units[u].status !== 'pending')
          )
            happened[i] = after.turn;
        }
        if (happened[i] !== undefined) changed = true;
      });
      if (!changed) return null;
      return {
        state: withHookState(after, key, { happened }),
        events: [{ type: 'zone-lift-triggered', rule: rule.case, happened }],
      };
    },
  };
}
