/**
 * How reinforcements enter (battles.md §17): a battle's restatement of 5.0
 * with its own differences.
 *
 * Grand Chancellorsville 22.6: "All Reinforcements enter the map in column
 * formation, i.e., the first stack of units to enter the map sheet expends
 * one Movement Point for the entry hex, the second stack of units pays two
 * Movement Points for the first entry hex, etc. Note, however, the Union
 * Stacking Restriction (Case 23.1). The entry of Reinforcement units may be
 * delayed at the choice of the Owning Player, but if Reinforcement units
 * enter they must enter where noted. Reinforcements units may enter the map
 * sheet in Enemy Zones of Control, but may not enter Enemy occupied hexes."
 *
 * Readings:
 * - the column, the owner's delay, entry into an Enemy Zone of Control and
 *   never into an Enemy occupied hex are the standard 5.0, 5.1, 5.3 and 5.4
 *   (reinforcements.ts): "one Movement Point for the entry hex" is 5.0's
 *   example of a clear or road entry hex, so the entry hex's own cost (and
 *   5.0's turnpike exception) stand. The Union Stacking Restriction is the
 *   engine's column rule for units that stack alone: a Union division is a
 *   stack by itself, behind a half-filled stack too (entryCost);
 * - "they must enter where noted": the chart's entry hexes only, never 5.5's
 *   map edge hexes within three hexes of them, on any Game-Turn — the one
 *   change this hook makes (entryHexes).
 *
 * params: { column: true, voluntaryDelay: true, onlyListedEntries: true, relocation55: false,
 *           mayEnterEnemyZoc: true, mayEnterEnemyOccupied: false }
 */
import type { GameContext } from '../../game';
import type { HexId, RuleHook } from '../../types';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

/** The values this hook plays: the standard 5.0-5.4 and no 5.5. */
const PLAYED: Record<string, boolean> = {
  column: true,
  voluntaryDelay: true,
  onlyListedEntries: true,
  relocation55: false,
  mayEnterEnemyZoc: true,
  mayEnterEnemyOccupied: false,
};

export const reinforcementEntrySupport: HookSupport = knownParams(Object.keys(PLAYED), (p) => {
  for (const [k, v] of Object.entries(PLAYED))
    if (p[k] !== undefined && p[k] !== v) return `${k} ${JSON.stringify(p[k])}`;
  if (p.onlyListedEntries !== true)
    return 'a reinforcement entry without onlyListedEntries (the standard 5.0-5.5 needs no hook)';
  return null;
});

export function reinforcementEntry(rule: RuleHook): MovementHook {
  return {
    hook: rule.hook,
    case: rule.case,
    entryHexes(ctx: GameContext, _state, unit, standard: HexId[]): HexId[] {
      const listed = ctx.reinforcementOf.get(unit.id)?.entry;
      if (!listed) return standard; // an exclusive rule's own arrival (none in the battles that declare this)
      return standard.filter((h) => listed.includes(h));
    },
  };
}
