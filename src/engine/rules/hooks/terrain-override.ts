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
 *       | { redoubt: string[], equalForDefenceAndMovement: true }
 *
 * Chattanooga 20.1: "The term redoubt refers to both the Union
 * fortifications and the Confederate rifle pits. They are considered equal
 * in terms of defensive and movement cost purposes." Reading (the second
 * form): a definition of what the map's redoubt hexsides stand for. The map
 * draws every fort and rifle pit as the one standard redoubt hexside feature
 * (TEC, 10.2), so both already cost and defend alike; the declaration names
 * what the feature covers and changes no line of the chart (the map's build
 * checks and the scenario spec pin that both are drawn as redoubts). A
 * declaration that would make them unequal is refused.
 */
import type { HexTerrain, RuleHook } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export const terrainOverrideSupport: HookSupport = knownParams(
  ['terrain', 'attackerHalved', 'redoubt', 'equalForDefenceAndMovement'],
  (p) => {
    if (p.redoubt !== undefined || p.equalForDefenceAndMovement !== undefined) {
      if (p.terrain !== undefined || p.attackerHalved !== undefined) return 'a redoubt definition mixed with a terrain line';
      if (!Array.isArray(p.redoubt) || p.redoubt.length === 0) return 'a redoubt definition without "redoubt"';
      if (p.equalForDefenceAndMovement !== true) return `equalForDefenceAndMovement ${JSON.stringify(p.equalForDefenceAndMovement)}`;
      return null;
    }
    if (typeof p.terrain !== 'string') return 'a "terrain"';
    if (typeof p.attackerHalved !== 'boolean') return 'a terrain override without "attackerHalved"';
    return null;
  },
);

export function terrainOverride(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const terrain = p.terrain as HexTerrain;
  const halved = p.attackerHalved as boolean;
  if (p.redoubt !== undefined) return { hook: rule.hook, case: rule.case }; // a definition the map's one redoubt feature carries
  return {
    hook: rule.hook,
    case: rule.case,
    hexHalving(t) {
      if (t !== terrain) return null;
      return { halved, source: `${terrain} hex (${rule.case})` };
    },
  };
}
