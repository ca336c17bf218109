/**
 * Battle-specific terrain overrides (battles.md §17 rank 11): a battle's own
 * line of the Terrain Effects Chart. Implemented: whether attacking into a
 * hex of a terrain halves the attacker.
 *
 * Cemetery Hill 19.1: "Units are not halved attacking into town hexes."
 *
 * Reading: the override replaces the chart's halving for the hex's own
 * terrain (10.1 TEC, "attacker halved" column): a defending hex of that
 * terrain does not halve the attackers (attackerHalved false) or halves them
 * (true); hexside halving (streams,
 * slopes, works) is another line of the chart and still applies. Under the
 * 2nd-edition chart a town hex already gives one column left and no halving,
 * so Cemetery Hill 19.1 restates it (NOTES 8); the hook makes that explicit
 * and would undo a halving a chart did give. Other overrides (movement costs
 * by side, routes, redoubt definitions) are not implemented: a declaration
 * with them is refused.
 *
 * params: { terrain: HexTerrain, attackerHalved: boolean }
 */
import type { HexTerrain, RuleHook } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export const terrainOverrideSupport: HookSupport = knownParams(
  ['terrain', 'attackerHalved'],
  (p) => {
    if (typeof p.terrain !== 'string') return 'a "terrain"';
    if (typeof p.attackerHalved !== 'boolean') return 'a terrain override without "attackerHalved"';
    return null;
  },
);

export function terrainOverride(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const terrain = p.terrain as HexTerrain;
  const halved = p.attackerHalved as boolean;
  return {
    hook: rule.hook,
    case: rule.case,
    hexHalving(t) {
      if (t !== terrain) return null;
      return { halved, source: `${terrain} hex (${rule.case})` };
    },
  };
}
