/**
 * Geographic objectives with occupation tracking (battles.md §17 rank 2),
 * variant "a Zone of Control counts".
 *
 * Wilderness 19.13: "Occupation is defined as being the last Player to have
 * a unit (or Zone of Control) in the hex in question. All territorial
 * objectives are initially controlled by the Confederate Player. Occupation
 * for Victory Point purposes is calculated at the end of Game-Turn Sixteen."
 *
 * The movement rules already record the last side to move a unit into or
 * through an objective hex (state.objectives), and a unit in the hex decides
 * (victory.ts). This hook adds the Zones of Control (7.1): after every
 * accepted order, for each objective hex whose occupant or coverage changed,
 * with no unit in it, the sides whose Zone of Control covers it are compared
 * with those that covered it before the order. If one side alone covers it,
 * it is that side's; if both do, the
 * side whose Zone of Control newly arrived is the last to have one there (if
 * both arrived, or neither, nothing changes); if neither does, the last holder
 * keeps it. A unit in the hex makes it that side's (a unit's own hex is in no
 * enemy Zone of Control it must respect, and 19.13 puts units first). The
 * initial holder is the scenario's objective `initial` (set up by newGame).
 *
 * params: { hexes: HexId[], control: "last-unit-or-zoc", initial?: Side }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent, HexId, RuleHook, Side } from '../../types';
import { SIDES } from '../../types';
import { zocOf } from '../blue-grey/zoc';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { isOccupationTally, occupationTally, occupationTallySupport } from './occupation-tally';

// Road to Richmond 22.13: the per-Game-Turn tally form (occupation-tally.ts).
export const objectiveControlSupport: HookSupport = (rule) =>
  isOccupationTally(rule.params ?? {}) ? occupationTallySupport(rule) : lastUnitOrZocSupport(rule);

const lastUnitOrZocSupport: HookSupport = knownParams(['hexes', 'control', 'initial'], (p) => {
  if (!Array.isArray(p.hexes) || p.hexes.length === 0) return 'objective control without "hexes"';
  if (p.control !== 'last-unit-or-zoc') return `control ${JSON.stringify(p.control)}`;
  if (p.initial !== undefined && p.initial !== 'union' && p.initial !== 'confederate')
    return `initial ${JSON.stringify(p.initial)}`;
  return null;
});

type Presence = { unit: Side | null; zoc: Side[] };

/** For each of `hexes`: the side of a unit in it (gunboats aside), and the sides whose Zone of Control covers it. */
function presence(
  ctx: GameContext,
  state: GameState,
  hexes: readonly HexId[],
): Map<HexId, Presence> {
  const zoc = Object.fromEntries(SIDES.map((s) => [s, zocOf(ctx, state, s)])) as Record<
    Side,
    Uint8Array
  >;
  // One pass over the units for all the hexes (this runs twice after every order).
  const listed = new Set(hexes);
  const occupant = new Map<HexId, Side>();
  for (const id in state.units) {
    const u = state.units[id];
    if (u.status !== 'on-map' || u.hex === null || !listed.has(u.hex)) continue;
    if (ctx.unitSpecs.get(id)?.type !== 'gunboat') occupant.set(u.hex, u.side);
  }
  const out = new Map<HexId, Presence>();
  for (const hex of hexes) {
    const i = ctx.board.index.get(hex);
    if (i === undefined) continue;
    out.set(hex, { unit: occupant.get(hex) ?? null, zoc: SIDES.filter((s) => zoc[s][i] === 1) });
  }
  return out;
}

/**
 * The objectives of `hexes` after an order, by units and Zones of Control
 * (this file and objective-control-contested.ts): for each hex whose occupant
 * or coverage changed (so a Zone of Control covering it from the start leaves
 * the initial holder), a unit in it makes it that side's, else one side's Zone
 * of Control alone makes it that side's, else both sides' decide by
 * `bothZoc(before, now)` (undefined: no change), else the last holder keeps
 * it. An event for each change (`objective-contested` for a change to null).
 */
export function zocControlAfterOrder(
  ctx: GameContext,
  before: GameState,
  after: GameState,
  hexes: readonly HexId[],
  ruleCase: string,
  bothZoc: (was: Presence, now: Presence) => Side | null | undefined,
): { state: GameState; events: GameEvent[] } | null {
  const was = presence(ctx, before, hexes);
  const now = presence(ctx, after, hexes);
  let objectives = after.objectives;
  const out: GameEvent[] = [];
  for (const [hex, n] of now) {
    const w = was.get(hex)!;
    if (w.unit === n.unit && w.zoc.join() === n.zoc.join()) continue;
    let holder: Side | null | undefined;
    if (n.unit) holder = n.unit;
    else if (n.zoc.length === 1) holder = n.zoc[0];
    else if (n.zoc.length === 2) holder = bothZoc(w, n);
    const current = hex in objectives ? objectives[hex] : undefined;
    if (holder === undefined || holder === current) continue;
    objectives = { ...objectives, [hex]: holder };
    out.push({
      type: holder === null ? 'objective-contested' : 'objective-occupied',
      hex,
      side: holder,
      by: n.unit ? 'unit' : 'zone-of-control',
      rule: ruleCase,
    });
  }
  if (out.length === 0) return null;
  return { state: { ...after, objectives }, events: out };
}

export function objectiveControl(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  if (isOccupationTally(p)) return occupationTally(rule);
  const hexes = (p.hexes as HexId[]) ?? [];

  return {
    hook: rule.hook,
    case: rule.case,
    afterOrder(ctx, before, after) {
      if (after.phase === 'setup') return null;
      // Both covering it: the side whose Zone of Control newly arrived (if both, or neither, no change).
      return zocControlAfterOrder(ctx, before, after, hexes, rule.case, (w, n) => {
        const arrived = n.zoc.filter((s) => !w.zoc.includes(s));
        return arrived.length === 1 ? arrived[0] : undefined;
      });
    },
  };
}
