/**
 * What victory point rules read from the course of the game or the board at
 * its end, kept or traced by the engine for every scenario whose victory
 * spec has such a rule (not a declared exclusive rule: the spec's point rule
 * is the declaration).
 *
 * - objective-ever-held (Chattanooga 21.11 ii: "four Victory Points for
 *   either of the following hexes: 1514 and 1417 if he ever controls either
 *   hex during the game ... awarded only at the time of control ... only
 *   awarded once"): after every accepted order, the side that controls each
 *   listed hex (18.15: a unit in it, else the last to move a unit through it)
 *   is recorded; the record only grows, so the award is made once, at the
 *   time of control (an event says so), and is kept if control is lost.
 * - hexes-in-zone-of-control (Chattanooga 21.12 i: "each Chattanooga town
 *   hex which is in the Zone of Control of one (or more) Confederate infantry
 *   units. The presence of a Union unit in a Chattanooga town hex does not
 *   negate the Zone of Control"): traced on the board as it stands, the Zone
 *   of Control of the units of the listed types by 7.1/7.6 (not across a
 *   creek hexside without a bridge, not into river or ferry hexes); units in
 *   the hex never negate a Zone of Control in this engine (7.5).
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent, HexId, ScenarioDocument, Side, UnitType } from '../../types';
import { exertsZocInto, onMap } from '../blue-grey/combat';
import { hookStateOf, withHookState } from './hook-state';
import type { MovementHook } from './movement-hook';

const KEY = 'victory-records';

/** hookState entry: every side that has controlled each recorded hex. */
export interface VictoryRecords {
  everHeld: Record<HexId, Side[]>;
}

/** The side controlling `hex` now (18.15, 21.2): a unit in it, else the last to move through it. */
export function controllerOf(ctx: GameContext, state: GameState, hex: HexId): Side | null {
  for (const id in state.units) {
    const u = state.units[id];
    if (u.status === 'on-map' && u.hex === hex && ctx.unitSpecs.get(id)?.type !== 'gunboat')
      return u.side;
  }
  return state.objectives?.[hex] ?? null;
}

/** Hexes of `hexes` in the Zone of Control of `side`'s units of each type (7.1, 7.6). */
export function zonesOfControlOver(
  ctx: GameContext,
  state: GameState,
  side: Side,
  types: readonly UnitType[],
  hexes: readonly HexId[],
): Partial<Record<UnitType, HexId[]>> {
  const out: Partial<Record<UnitType, HexId[]>> = {};
  for (const t of types) out[t] = [];
  for (const hex of hexes) {
    if (!ctx.map.has(hex)) continue;
    for (const n of ctx.map.grid.neighbours(hex)) {
      for (const id in state.units) {
        const u = state.units[id];
        if (u.side !== side || !onMap(u) || u.hex !== n) continue;
        const t = ctx.unitSpecs.get(id)!.type;
        const list = out[t];
        if (!list || list.includes(hex)) continue;
        if (exertsZocInto(ctx, state, u, hex)) list.push(hex);
      }
    }
  }
  return out;
}

/** The engine's victory records a scenario's spec needs, as a hook; null if it needs none. */
export function victoryRecords(scenario: ScenarioDocument): MovementHook | null {
  const ever = scenario.victory.points.filter((r) => r.kind === 'objective-ever-held');
  const zoc = scenario.victory.points.filter((r) => r.kind === 'hexes-in-zone-of-control');
  if (ever.length === 0 && zoc.length === 0) return null;
  const everHexes = [
    ...new Set(ever.flatMap((r) => (r.kind === 'objective-ever-held' ? r.hexes : []))),
  ];
  const cases = [...ever, ...zoc].map((r) => r.case).join(', ');
  const empty: VictoryRecords = { everHeld: {} };
  return {
    hook: KEY,
    case: cases,
    afterOrder(ctx, _before, after) {
      if (everHexes.length === 0) return null;
      const rec = hookStateOf<VictoryRecords>(after, KEY, empty);
      let everHeld = rec.everHeld;
      const events: GameEvent[] = [];
      for (const hex of everHexes) {
        const side = controllerOf(ctx, after, hex);
        if (!side || (everHeld[hex] ?? []).includes(side)) continue;
        everHeld = { ...everHeld, [hex]: [...(everHeld[hex] ?? []), side] };
        for (const r of ever)
          if (r.kind === 'objective-ever-held' && r.side === side && r.hexes.includes(hex))
            events.push({
              type: 'objective-first-controlled',
              hex,
              side,
              points: r.points,
              rule: r.case,
            });
      }
      if (everHeld === rec.everHeld) return null;
      return { state: withHookState(after, KEY, { ...rec, everHeld }), events };
    },
    victoryInputs(ctx, state) {
      const out: {
        objectivesEverHeld?: Record<HexId, Side[]>;
        zonesOfControl?: Partial<Record<Side, Partial<Record<UnitType, HexId[]>>>>;
      } = {};
      if (everHexes.length > 0) {
        const everHeld = { ...hookStateOf<VictoryRecords>(state, KEY, empty).everHeld };
        for (const hex of everHexes) {
          const side = controllerOf(ctx, state, hex);
          if (side && !(everHeld[hex] ?? []).includes(side))
            everHeld[hex] = [...(everHeld[hex] ?? []), side];
        }
        out.objectivesEverHeld = everHeld;
      }
      if (zoc.length > 0) {
        const zones: Partial<Record<Side, Partial<Record<UnitType, HexId[]>>>> = {};
        for (const r of zoc) {
          if (r.kind !== 'hexes-in-zone-of-control') continue;
          const traced = zonesOfControlOver(ctx, state, r.side, r.unitTypes, r.zoneHexes);
          const mine = (zones[r.side] ??= {});
          for (const t of r.unitTypes)
            mine[t] = [...new Set([...(mine[t] ?? []), ...(traced[t] ?? [])])];
        }
        out.zonesOfControl = zones;
      }
      return out;
    },
  };
}
