/**
 * Retreat into a river ferry hex eliminates (Chattanooga 20.23): "Any unit
 * which is forced to retreat into a river ferry hex is eliminated instead."
 *
 * Reading: the owning player chooses where his units retreat (8.71), so a
 * unit retreats into one of the listed hexes only when no other retreat is
 * open; the rule makes those hexes closed to every retreat step, and a unit
 * left with no retreat is eliminated (8.72). Standard 8.72 already closes
 * river ferry and pontoon hexes to retreats; the hook names this battle's
 * four ferry hexes so the elimination holds even where a map marks one of
 * them differently, and its tests pin the effect.
 *
 * params: { hexes: HexId[] }
 */
import type { HexId, RuleHook } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export const ferryRetreatEliminationSupport: HookSupport = knownParams(['hexes'], (p) => {
  if (
    !Array.isArray(p.hexes) ||
    p.hexes.length === 0 ||
    !p.hexes.every((h) => typeof h === 'string')
  )
    return 'ferry retreat elimination without "hexes"';
  return null;
});

export function ferryRetreatElimination(rule: RuleHook): MovementHook {
  const hexes = new Set(((rule.params ?? {}).hexes as HexId[]) ?? []);
  return {
    hook: rule.hook,
    case: rule.case,
    retreatStepRefused(_ctx, _state, _unit, _from, to) {
      return hexes.has(to)
        ? `a unit forced to retreat into the river ferry hex ${to} is eliminated instead (${rule.case})`
        : null;
    },
  };
}
