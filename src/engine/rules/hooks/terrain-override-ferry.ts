/**
 * terrain-override, the River ferry line of a battle's own Terrain Effects
 * Chart (battles.md §17 rank 11).
 *
 * Grand Chancellorsville 22.11 (after its first sentence, the creek fords):
 * "All River ferry hexes may in Grand Chancellorsville only be entered at a
 * cost of two Movement Points rather than three. Additionally, units may end
 * their Movement Phase in a River ferry hex. Units in River ferry hexes have
 * their Combat Strength halved when attacking and defending. Zones of Control
 * extend into and out of River ferry hexes solely through the entry hex sides
 * of that hex. Artillery units may not bombard from a River ferry hex."
 *
 * Form { riverFerry: { entryCost, mayEndMovement, strengthHalvedAttackingAndDefending,
 * zocOnlyThroughCrossingHexsides, noBombardmentFrom } }; each line is one hook
 * point the standard rules consult, for the map's `ferry` hexes only (never
 * pontoons: 22.12 sends those to Fredericksburg 18.1, the standard lines).
 *
 * Readings:
 * - entryCost: the hex's entry cost for every unit and side, in place of the
 *   chart's 3 MP (terrainCost); an Enemy controlled ferry hex still costs at
 *   least 2 MP (7.2). Entering still needs the arrowed hexside (6.28). A move
 *   may still pass straight through, at the ferry's cost plus the far bank's.
 * - mayEndMovement: the 6.28 "never end" is lifted (mayEndMoveIn): a move may
 *   stop in the ferry hex, and the next one leaves it only through an arrowed
 *   hexside (6.28's "only enter and exit ... through the hex sides to which
 *   the arrow indicators point" stands; so do retreats out of it). Retreats
 *   and advances after combat into a ferry hex stay forbidden (8.72; the rule
 *   speaks of the Movement Phase only).
 * - zocOnlyThroughCrossingHexsides: 7.6's "never into river ferry hexes"
 *   becomes "into and out of them only through their entry hexsides"
 *   (zocThroughEntryHexsidesOnly): a unit on either bank next to the arrowed
 *   hexside controls the ferry hex, and a unit in it controls those two bank
 *   hexes only. An Enemy controlled ferry hex stops a move that enters it
 *   (7.0), so it is then no longer passed through.
 * - strengthHalvedAttackingAndDefending: stage 3 of the strength pipeline
 *   (8.32) for each unit in the hex: an attacker at most once (10.22, with the
 *   chart's halving), a defender too (unitHalved).
 * - noBombardmentFrom: an artillery unit in the hex may not bombard (9.1);
 *   it may still attack adjacent units as an attacker, halved.
 */
import type { RuleHook } from '../../types';
import { refusal } from '../blue-grey/refusals';
import type { HookSupport, MovementHook } from './movement-hook';

const LINES = [
  'entryCost',
  'mayEndMovement',
  'strengthHalvedAttackingAndDefending',
  'zocOnlyThroughCrossingHexsides',
  'noBombardmentFrom',
] as const;

/** Whether a terrain-override declaration is the River ferry form. */
export function isFerryTerrainForm(p: Record<string, unknown>): boolean {
  return p.riverFerry !== undefined;
}

export const ferryTerrainOverrideSupport: HookSupport = (rule) => {
  const p = rule.params ?? {};
  if (Object.keys(p).some((k) => k !== 'riverFerry'))
    return 'a River ferry line mixed with another line';
  const f = p.riverFerry;
  if (typeof f !== 'object' || f === null || Array.isArray(f)) return 'riverFerry not an object';
  const r = f as Record<string, unknown>;
  const unknown = Object.keys(r).filter((k) => !(LINES as readonly string[]).includes(k));
  if (unknown.length > 0) return `riverFerry ${unknown.map((k) => `"${k}"`).join(', ')}`;
  if (Object.keys(r).length === 0) return 'an empty riverFerry';
  if (
    r.entryCost !== undefined &&
    !(typeof r.entryCost === 'number' && r.entryCost > 0 && Number.isInteger(r.entryCost * 3))
  )
    return `riverFerry entryCost ${JSON.stringify(r.entryCost)}`;
  for (const k of LINES.slice(1))
    if (r[k] !== undefined && typeof r[k] !== 'boolean')
      return `riverFerry ${k} ${JSON.stringify(r[k])}`;
  return null;
};

export function ferryTerrainOverride(rule: RuleHook): MovementHook {
  const f = (rule.params?.riverFerry ?? {}) as Record<string, unknown>;
  const entry = typeof f.entryCost === 'number' ? Math.round(f.entryCost * 3) : null;
  const isFerry = (ctx: Parameters<NonNullable<MovementHook['mayEndMoveIn']>>[0], hex: string) =>
    ctx.map.hex(hex).terrain === 'ferry';
  const hook: MovementHook = { hook: rule.hook, case: rule.case };
  if (entry !== null)
    hook.terrainCost = (ctx, _side, _cls, hex, standard) =>
      isFerry(ctx, hex) && standard.enter >= 0 ? { enter: entry, trail: standard.trail } : null;
  if (f.mayEndMovement === true) hook.mayEndMoveIn = isFerry;
  if (f.zocOnlyThroughCrossingHexsides === true) hook.zocThroughEntryHexsidesOnly = isFerry;
  if (f.strengthHalvedAttackingAndDefending === true)
    hook.unitHalved = (ctx, state, id) => {
      const u = state.units[id];
      if (!u || u.status !== 'on-map' || u.hex === null || !isFerry(ctx, u.hex)) return null;
      return `River ferry hex ${u.hex} (${rule.case})`;
    };
  if (f.noBombardmentFrom === true)
    hook.bombardRefusal = (ctx, _state, u) =>
      u.hex !== null && isFerry(ctx, u.hex)
        ? refusal(
            'BOMBARD_FROM_FERRY',
            rule.case,
            `artillery may not bombard from a River ferry hex (${u.id} in ${u.hex})`,
          )
        : null;
  return hook;
}
