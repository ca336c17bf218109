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
 *       | { side: Side, terrain: HexTerrain, entryCost: number (MP) }
 *       | { side: Side, route: "trail", alongCost: number (MP) }
 *
 * Wilderness 18.13: "Union units pay three Movement Points to enter forest
 * hexes." Reading (the third form): the side's cost to enter a hex of that
 * terrain off routes (10.1), for every unit type, in place of the chart's;
 * along a road or trail the route rate still applies (6.22-6.24), and an
 * Enemy controlled hex still costs at least 2 MP (7.2) — here the 3.
 * Wilderness 18.21: "All Confederate units may move along trails at the road
 * movement rate, i.e., one Movement Point per hex." Reading (the fourth
 * form): the side's cost along a trail (6.24) is `alongCost` into any hex a
 * trail leads into, whatever its terrain.
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
 *
 * Grand Chancellorsville 22.12: "Redoubts and pontoon bridges are treated as
 * in the Fredericksburg rules." Reading (the fifth form, { standardLines:
 * ["pontoon", "redoubt"], asIn }): Fredericksburg 18.1 makes pontoons
 * "identical in their use to river ferry hexes (Case 6.27), except for the
 * entry cost (Case 10.1: Terrain Effects Chart)" and declares no hook for
 * either, so both are the standard chart's lines (pontoon entry 1 MP, 6.27,
 * 6.28; redoubt hexsides 8.46) that the map's pontoon hexes and redoubt
 * hexsides carry; the declaration changes nothing, and says that 22.11's
 * changes to River ferry hexes (terrain-override 22.11) do not reach
 * pontoons. Any other line is refused.
 *
 * Grand Chancellorsville 22.11, first sentence: "All creek hex sides on the
 * Fredericksburg map sheet, except the canal, are considered ford hex
 * sides." Reading (the sixth form, { creekHexsidesOnSheet, becomeFords:
 * true, exceptCanal, appliedInMapData: true }): the scenario's map draws
 * those hexsides as fords (its build and spec pin it), so the declaration
 * changes nothing in play. The rest of 22.11 (River ferry hexes) is its own
 * declaration, { riverFerry }: terrain-override-ferry.ts.
 */
import type { HexTerrain, RuleHook } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import {
  combatTerrainOverride,
  combatTerrainOverrideSupport,
  isCombatTerrainForm,
} from './terrain-override-combat';
import {
  ferryTerrainOverride,
  ferryTerrainOverrideSupport,
  isFerryTerrainForm,
} from './terrain-override-ferry';

// Road to Richmond 18.51, 18.52, 18.6: hexside and advance lines (terrain-override-combat.ts).
export const terrainOverrideSupport: HookSupport = (rule) =>
  isFerryTerrainForm(rule.params ?? {})
    ? ferryTerrainOverrideSupport(rule) // Grand Chancellorsville 22.11 River ferries (terrain-override-ferry.ts)
    : isCombatTerrainForm(rule.params ?? {})
      ? combatTerrainOverrideSupport(rule)
      : hexAndCostSupport(rule);

const hexAndCostSupport: HookSupport = knownParams(
  [
    'terrain',
    'attackerHalved',
    'redoubt',
    'equalForDefenceAndMovement',
    'side',
    'entryCost',
    'route',
    'alongCost',
    'standardLines',
    'asIn',
    'creekHexsidesOnSheet',
    'becomeFords',
    'exceptCanal',
    'appliedInMapData',
  ],
  (p) => {
    if (p.appliedInMapData !== undefined) {
      // Grand Chancellorsville 22.11 (first sentence): a change the map's hexsides carry.
      if (p.appliedInMapData !== true || p.becomeFords !== true)
        return 'a map-data change not applied in the map data';
      const own = ['appliedInMapData', 'becomeFords', 'creekHexsidesOnSheet', 'exceptCanal'];
      if (Object.keys(p).some((k) => !own.includes(k)))
        return 'a map-data change mixed with another line';
      return null;
    }
    if (p.standardLines !== undefined || p.asIn !== undefined) {
      // Grand Chancellorsville 22.12: lines of another game that are the standard chart's.
      const lines = p.standardLines;
      if (
        !Array.isArray(lines) ||
        lines.length === 0 ||
        lines.some((l) => l !== 'pontoon' && l !== 'redoubt')
      )
        return `standardLines ${JSON.stringify(lines)}`;
      if (Object.keys(p).some((k) => k !== 'standardLines' && k !== 'asIn'))
        return 'standard lines mixed with another line';
      return null;
    }
    if (
      p.side !== undefined ||
      p.entryCost !== undefined ||
      p.route !== undefined ||
      p.alongCost !== undefined
    ) {
      if (p.side !== 'union' && p.side !== 'confederate')
        return 'a movement cost override without "side"';
      if (p.attackerHalved !== undefined || p.redoubt !== undefined)
        return 'a movement cost mixed with another line';
      const mp = (v: unknown) => typeof v === 'number' && v > 0 && Number.isInteger(v * 3);
      if (p.route !== undefined) {
        if (p.route !== 'trail') return `route "${String(p.route)}"`;
        if (!mp(p.alongCost) || p.terrain !== undefined || p.entryCost !== undefined)
          return 'a trail rate without "alongCost"';
        return null;
      }
      if (typeof p.terrain !== 'string' || !mp(p.entryCost))
        return 'a terrain cost without "terrain" and "entryCost"';
      return null;
    }
    if (p.redoubt !== undefined || p.equalForDefenceAndMovement !== undefined) {
      if (p.terrain !== undefined || p.attackerHalved !== undefined)
        return 'a redoubt definition mixed with a terrain line';
      if (!Array.isArray(p.redoubt) || p.redoubt.length === 0)
        return 'a redoubt definition without "redoubt"';
      if (p.equalForDefenceAndMovement !== true)
        return `equalForDefenceAndMovement ${JSON.stringify(p.equalForDefenceAndMovement)}`;
      return null;
    }
    if (typeof p.terrain !== 'string') return 'a "terrain"';
    if (typeof p.attackerHalved !== 'boolean') return 'a terrain override without "attackerHalved"';
    return null;
  },
);

export function terrainOverride(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  if (isFerryTerrainForm(p)) return ferryTerrainOverride(rule);
  if (isCombatTerrainForm(p)) return combatTerrainOverride(rule);
  const terrain = p.terrain as HexTerrain;
  const halved = p.attackerHalved as boolean;
  if (p.redoubt !== undefined) return { hook: rule.hook, case: rule.case }; // a definition the map's one redoubt feature carries
  if (p.standardLines !== undefined) return { hook: rule.hook, case: rule.case }; // the chart's own pontoon and redoubt lines
  if (p.appliedInMapData !== undefined) return { hook: rule.hook, case: rule.case }; // creek hexsides drawn as fords in the map
  if (p.side !== undefined) {
    // Wilderness 18.13 / 18.21: one side's movement cost (thirds).
    const entry = p.entryCost !== undefined ? Math.round((p.entryCost as number) * 3) : null;
    const along = p.alongCost !== undefined ? Math.round((p.alongCost as number) * 3) : null;
    return {
      hook: rule.hook,
      case: rule.case,
      terrainCost(ctx, side, _cls, hex, standard) {
        if (side !== p.side) return null;
        if (entry !== null) {
          if (ctx.map.hex(hex).terrain !== terrain || standard.enter < 0) return null;
          return { enter: entry, trail: standard.trail };
        }
        if (along === null || standard.trail < 0) return null;
        return { enter: standard.enter, trail: along };
      },
    };
  }
  return {
    hook: rule.hook,
    case: rule.case,
    hexHalving(t) {
      if (t !== terrain) return null;
      return { halved, source: `${terrain} hex (${rule.case})` };
    },
  };
}
