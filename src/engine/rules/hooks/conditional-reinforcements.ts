/**
 * Conditional reinforcements (battles.md §17 rank 6), mode "blocked-entry":
 * reinforcements whose entry hex the enemy holds are delayed and arrive
 * elsewhere along the map edge.
 *
 * Cemetery Hill 18.1: "If a Reinforcement hex is controlled or occupied by an
 * Enemy unit, the Reinforcement units are delayed one Game-Turn. Union
 * arrival is on the next unblocked map edge road hex to the south and/or east
 * of the original entry hex. Confederate arrival must be on the next
 * unblocked map edge hex north and/or west of the original entry hex."
 *
 * Readings (NOTES 7):
 * - blocked = an Enemy unit in the hex, or the hex in an Enemy Zone of
 *   Control (blockedWhen); while its entry hex is blocked a unit may not enter
 *   there (this replaces 5.4's entry into Enemy controlled hexes and 5.5);
 * - a unit whose entry hex is blocked at the end of its side's Movement Phase
 *   (on its Game-Turn or later, not yet entered) is delayed: it may not enter
 *   before Game-Turn (that turn + delayTurns), and then only at the
 *   relocated hex;
 * - the relocated hex is the nearest unblocked map edge hex (for the Union a
 *   map edge hex with a road or turnpike) lying "to the south and/or east":
 *   its bearing from the original entry hex within 45° of one of the named
 *   directions (south-east quadrant, widened so the ragged edge of a hex grid
 *   counts); all hexes at the least distance are offered; if there is none,
 *   the original hex again once it is unblocked.
 *
 * Mode "optional" (Wilderness 20.1 Pickett's Division, an optional rule):
 * the listed units enter as their chart says only in games created with the
 * named game option set (GameOptions[option] === true); otherwise they never
 * enter (off by default).
 *
 * Mode "die-roll" (Second Bull Run 17.3, groups arriving on a die roll):
 * reinforcement-die-roll.ts.
 *
 * params: { mode: "optional", option: string, units: string[] }
 *       | { mode: "blocked-entry", blockedWhen?: Array<"enemy-occupied" | "enemy-controlled">,
 *           delayTurns?: number (default 1),
 *           relocate: { [side]: { toward: compass names, edgeRoadHexesOnly?: boolean } } }
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';
import { COMPASS } from '../../hex';
import { enemyZocOf } from '../blue-grey/zoc';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { arrival, arrivalSupport, isArrivalForm } from './reinforcement-arrival';
import { dieRollReinforcements, dieRollSupport, isDieRollForm } from './reinforcement-die-roll';

interface Relocation {
  toward: string[];
  edgeRoadHexesOnly?: boolean;
}

/** hookState entry: the Game-Turn each delayed unit was found blocked. */
export interface DelayState {
  delayed: Record<string, number>;
}

// Road to Richmond 17.1, 17.32, 17.4/17.5: arrival anywhere in a zone, an alternate hex, early arrival (reinforcement-arrival.ts).
// Second Bull Run 17.3: groups arriving on a die roll (reinforcement-die-roll.ts).
export const conditionalReinforcementsSupport: HookSupport = (rule) =>
  isArrivalForm(rule.params ?? {})
    ? arrivalSupport(rule)
    : isDieRollForm(rule.params ?? {})
      ? dieRollSupport(rule)
      : delayAndOptionSupport(rule);

const delayAndOptionSupport: HookSupport = knownParams(
  ['mode', 'blockedWhen', 'delayTurns', 'relocate', 'option', 'units'],
  (p) => {
    if (p.mode === 'optional') {
      const other = ['blockedWhen', 'delayTurns', 'relocate'].filter((k) => k in p);
      if (other.length > 0)
        return `optional reinforcements with ${other.map((k) => `"${k}"`).join(', ')}`;
      if (typeof p.option !== 'string' || !Array.isArray(p.units) || p.units.length === 0)
        return 'optional reinforcements without "option" and "units"';
      return null;
    }
    if (p.option !== undefined || p.units !== undefined)
      return 'blocked-entry reinforcements with "option" or "units"';
    if (p.mode !== 'blocked-entry') return `mode "${String(p.mode)}"`;
    const when = (p.blockedWhen as unknown[]) ?? [];
    if (
      !Array.isArray(when) ||
      when.some((w) => w !== 'enemy-occupied' && w !== 'enemy-controlled')
    )
      return `blockedWhen ${JSON.stringify(p.blockedWhen)}`;
    const relocate = (p.relocate ?? {}) as Record<string, Relocation>;
    for (const side of Object.keys(relocate)) {
      if (side !== 'union' && side !== 'confederate') return `relocate side "${side}"`;
      if (!relocate[side].toward?.every((t) => t in COMPASS))
        return `relocate toward ${JSON.stringify(relocate[side].toward)}`;
    }
    return null;
  },
);

export function conditionalReinforcements(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  if (isArrivalForm(p)) return arrival(rule);
  if (isDieRollForm(p)) return dieRollReinforcements(rule);
  if (p.mode === 'optional') return optionalReinforcements(rule);
  const blockedWhen = (p.blockedWhen as string[]) ?? ['enemy-occupied', 'enemy-controlled'];
  const delayTurns = (p.delayTurns as number) ?? 1;
  const relocate = (p.relocate ?? {}) as Partial<Record<Side, Relocation>>;
  const key = hookKey(rule);

  const blockedIn = (ctx: GameContext, state: GameState, side: Side) => {
    const zoc = blockedWhen.includes('enemy-controlled') ? enemyZocOf(ctx, state, side) : null;
    const occupied = new Set<HexId>();
    if (blockedWhen.includes('enemy-occupied'))
      for (const id in state.units) {
        const u = state.units[id];
        if (u.side !== side && u.status === 'on-map' && u.hex) occupied.add(u.hex);
      }
    return (hex: HexId) =>
      occupied.has(hex) || (zoc !== null && zoc[ctx.board.index.get(hex)!] === 1);
  };

  /** The nearest unblocked edge hexes toward the side's directions from `origin` (18.1). */
  const relocated = (
    ctx: GameContext,
    origin: HexId,
    side: Side,
    blocked: (h: HexId) => boolean,
  ): HexId[] => {
    const r = relocate[side];
    if (!r) return [];
    const grid = ctx.map.grid;
    const bearings = r.toward.map((t) => COMPASS[t]);
    let best = Infinity;
    let out: HexId[] = [];
    for (const h of grid.all()) {
      if (h === origin || !grid.isEdge(h) || blocked(h)) continue;
      if (r.edgeRoadHexesOnly && !ctx.map.routesIn(h).some((t) => t === 'road' || t === 'turnpike'))
        continue;
      const bearing = grid.bearing(origin, h);
      if (!bearings.some((b) => Math.abs(((bearing - b + 540) % 360) - 180) <= 45 + 1e-9)) continue;
      const d = grid.distance(origin, h);
      if (d < best) {
        best = d;
        out = [h];
      } else if (d === best) out.push(h);
    }
    return out.sort();
  };

  const delayOf = (state: GameState, unit: string) =>
    hookStateOf<DelayState>(state, key, { delayed: {} }).delayed[unit];

  return {
    hook: rule.hook,
    case: rule.case,
    entryRefusal(ctx, state, unit) {
      const d = delayOf(state, unit.id);
      if (d !== undefined && state.turn < d + delayTurns)
        return refusal(
          'REINFORCEMENT_DELAYED',
          rule.case,
          `${unit.id} was blocked on Game-Turn ${d} and is delayed until Game-Turn ${d + delayTurns}`,
        );
      return null;
    },
    entryHexes(ctx, state, unit: UnitState, standard) {
      void standard;
      const spec = ctx.reinforcementOf.get(unit.id);
      if (!spec) return [];
      const blocked = blockedIn(ctx, state, unit.side);
      const original = spec.entry.filter((h) => ctx.map.has(h));
      if (delayOf(state, unit.id) === undefined) return original.filter((h) => !blocked(h));
      const out = new Set<HexId>();
      for (const h of original) for (const r of relocated(ctx, h, unit.side, blocked)) out.add(r);
      if (out.size === 0) for (const h of original) if (!blocked(h)) out.add(h);
      return [...out];
    },
    afterOrder(ctx, before, after, events) {
      // End of a Movement Phase: reinforcements due whose entry hexes are all blocked are delayed.
      if (!events.some((e) => e.type === 'phase-ended' && e.phase === 'movement')) return null;
      if (before.phase !== 'movement') return null;
      const side = before.phasing;
      const blocked = blockedIn(ctx, before, side);
      const current = hookStateOf<DelayState>(after, key, { delayed: {} });
      const newly: string[] = [];
      for (const id in before.units) {
        const u = before.units[id];
        if (u.side !== side || u.status !== 'pending' || current.delayed[id] !== undefined)
          continue;
        const spec = ctx.reinforcementOf.get(id);
        if (!spec || spec.turn > before.turn) continue;
        const hexes = spec.entry.filter((h) => ctx.map.has(h));
        if (hexes.length > 0 && hexes.every(blocked)) newly.push(id);
      }
      if (newly.length === 0) return null;
      const delayed = { ...current.delayed };
      for (const id of newly) delayed[id] = before.turn;
      return {
        state: withHookState(after, key, { delayed }),
        events: [
          {
            type: 'reinforcements-delayed',
            units: newly,
            turn: before.turn,
            untilTurn: before.turn + delayTurns,
            rule: rule.case,
          },
        ],
      };
    },
  };
}

/** Wilderness 20.1: units that enter only when the game option is chosen (off by default). */
function optionalReinforcements(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const option = p.option as string;
  const units = new Set(p.units as string[]);
  return {
    hook: rule.hook,
    case: rule.case,
    entryRefusal(_ctx, state, unit) {
      if (!units.has(unit.id) || state.options?.[option] === true) return null;
      return refusal(
        'OPTIONAL_RULE_NOT_CHOSEN',
        rule.case,
        `${unit.id} enters only under the optional rule ${rule.case} (game option "${option}"), not chosen for this game`,
      );
    },
  };
}
