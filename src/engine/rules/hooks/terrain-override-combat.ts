/**
 * terrain-override, the combat lines of a battle's own Terrain Effects Chart
 * for hexsides and advances (battles.md §17 rank 11).
 *
 * Road to Richmond 18.51: "The Defender is not doubled when attacked
 * exclusively across stream hex sides (fordable creeks), even if a bridge is
 * present (exception to Case 10.1: Terrain Effects Chart)."
 * 18.52: "Units may not advance after combat across a stream hex side
 * (fordable creeks), except where a bridge is present."
 * 18.6: "Units may not advance after combat into a swamp hex."
 *
 * Readings:
 * - 18.51 is written in the 1st edition's terms (the defender doubled);
 *   the revised chart halves each attacker attacking across a stream (or a
 *   bridge over one) instead (rules-editions.md). With the defender never
 *   doubled for it, no attacker is halved for a stream hexside, bridged or
 *   not (includingBridge): the stream's line of the chart is void in this
 *   battle. Other hexsides (creek bridges, fords, slopes, works) and the
 *   defending hex's own terrain still halve. Form
 *   { hexside: "stream", includingBridge: boolean, attackerHalved: false };
 * - 18.52: no unit advances after combat across a stream hexside, unless the
 *   hexside also carries a bridge (exceptAtBridge). Form
 *   { hexside: "stream", advanceAfterCombatAcross: false, exceptAtBridge: boolean };
 * - 18.6: no unit advances after combat into a hex of the terrain. Form
 *   { terrain: HexTerrain, advanceAfterCombatInto: false }.
 */
import type { HexTerrain, RuleHook } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

/** Whether a terrain-override declaration is one of these combat forms. */
export function isCombatTerrainForm(p: Record<string, unknown>): boolean {
  return p.hexside !== undefined || p.advanceAfterCombatInto !== undefined;
}

export const combatTerrainOverrideSupport: HookSupport = knownParams(
  [
    'hexside',
    'includingBridge',
    'attackerHalved',
    'advanceAfterCombatAcross',
    'exceptAtBridge',
    'terrain',
    'advanceAfterCombatInto',
  ],
  (p) => {
    if (p.advanceAfterCombatInto !== undefined) {
      if (p.hexside !== undefined || typeof p.terrain !== 'string')
        return 'an advance-into line without "terrain"';
      if (p.advanceAfterCombatInto !== false)
        return `advanceAfterCombatInto ${JSON.stringify(p.advanceAfterCombatInto)}`;
      if (Object.keys(p).length !== 2) return 'an advance-into line mixed with another line';
      return null;
    }
    if (p.hexside !== 'stream') return `hexside ${JSON.stringify(p.hexside)}`;
    if (p.terrain !== undefined) return 'a hexside line with "terrain"';
    if (p.advanceAfterCombatAcross !== undefined) {
      if (p.advanceAfterCombatAcross !== false)
        return `advanceAfterCombatAcross ${JSON.stringify(p.advanceAfterCombatAcross)}`;
      if (typeof p.exceptAtBridge !== 'boolean')
        return 'an advance-across line without "exceptAtBridge"';
      if (p.attackerHalved !== undefined || p.includingBridge !== undefined)
        return 'an advance-across line mixed with a halving line';
      return null;
    }
    if (p.attackerHalved !== false) return `attackerHalved ${JSON.stringify(p.attackerHalved)}`;
    if (typeof p.includingBridge !== 'boolean')
      return 'a stream halving line without "includingBridge"';
    if (p.exceptAtBridge !== undefined) return 'a halving line with "exceptAtBridge"';
    return null;
  },
);

export function combatTerrainOverride(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const base = { hook: rule.hook, case: rule.case };
  if (p.advanceAfterCombatInto === false) {
    const terrain = p.terrain as HexTerrain;
    return {
      ...base,
      advanceIntoRefused: (ctx, _state, _unit, hex) => ctx.map.hex(hex).terrain === terrain,
    };
  }
  if (p.advanceAfterCombatAcross === false) {
    const exceptAtBridge = p.exceptAtBridge === true;
    return {
      ...base,
      advanceIntoRefused(ctx, state, unitId, hex) {
        const from = state.units[unitId]?.hex;
        if (!from || ctx.map.grid.distance(from, hex) !== 1) return false;
        const types = ctx.map.hexside(from, hex).map((f) => f.type);
        return types.includes('stream') && !(exceptAtBridge && types.includes('bridge'));
      },
    };
  }
  const includingBridge = p.includingBridge === true;
  return {
    ...base,
    hexsideHalvingWaived: (types) =>
      types.includes('stream') && (includingBridge || !types.includes('bridge')),
  };
}
