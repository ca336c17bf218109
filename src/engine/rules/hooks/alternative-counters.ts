/**
 * Alternative counter substitution (battles.md §17 rank 28): a group of
 * reinforcements arrives as one of several sets of counters, at the owning
 * player's choice.
 *
 * Fredericksburg 17.2 (Confederate reinforcements, Game-Turn Two at 2501):
 * Early's division arrives either as the division counter (Early 20) or as
 * its four brigades (Lawton 7, Trimble 4, Hoke 5, Hays 4).
 *
 * The scenario schedules every alternative as a reinforcement whose
 * condition names this hook ({ hook: "alternative-counters", params:
 * { group, option } }). Readings:
 * - the choice is made by entering: the first unit of the group to enter
 *   the map chooses its option for good (event "alternative-chosen"); from
 *   then on only the units of that option may enter (the rest of them in
 *   this or later Movement Phases, under 5.0 as any reinforcement), and the
 *   units of the other options never enter (they stay off the map, never
 *   eliminated, so they give no Victory Points);
 * - until then every option's units are offered, so the one generator that
 *   lists the entries is the one that checks the choice.
 *
 * params: { side?: Side, groups: Array<{ group: string, options: Record<string, string[]> }> }
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { RuleHook } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

interface Group {
  group: string;
  options: Record<string, string[]>;
}

/** hookState entry: the option chosen for each group, and by which unit on which Game-Turn. */
export interface AlternativesState {
  chosen: Record<string, { option: string; unit: string; turn: number }>;
}

export const alternativeCountersSupport: HookSupport = knownParams(['side', 'groups'], (p) => {
  const groups = p.groups as Group[] | undefined;
  if (!Array.isArray(groups) || groups.length === 0) return 'alternative counters without "groups"';
  for (const g of groups) {
    if (typeof g.group !== 'string' || typeof g.options !== 'object' || g.options === null)
      return `group ${JSON.stringify(g)}`;
    const opts = Object.values(g.options);
    if (opts.length < 2 || !opts.every((o) => Array.isArray(o) && o.length > 0))
      return `group "${g.group}" without two options`;
  }
  return null;
});

export function alternativeCounters(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const groups = (p.groups as Group[]) ?? [];
  const key = hookKey(rule);
  /** unit id → its group and option. */
  const optionOf = new Map<string, { group: string; option: string }>();
  for (const g of groups)
    for (const [option, units] of Object.entries(g.options))
      for (const u of units) optionOf.set(u, { group: g.group, option });

  /** The unit's group and option, from the hook's groups or its reinforcement's condition. */
  const alternativeOf = (
    ctx: GameContext,
    id: string,
  ): { group: string; option: string } | null => {
    const listed = optionOf.get(id);
    if (listed) return listed;
    const c = ctx.reinforcementOf.get(id)?.condition;
    if (
      c?.hook !== rule.hook ||
      typeof c.params?.group !== 'string' ||
      typeof c.params?.option !== 'string'
    )
      return null;
    return { group: c.params.group, option: c.params.option };
  };
  const chosenOf = (state: GameState) =>
    hookStateOf<AlternativesState>(state, key, { chosen: {} }).chosen;

  return {
    hook: rule.hook,
    case: rule.case,
    entryRefusal(ctx, state, unit: UnitState) {
      const alt = alternativeOf(ctx, unit.id);
      if (!alt) return null;
      const chosen = chosenOf(state)[alt.group];
      if (!chosen || chosen.option === alt.option) return null;
      return refusal(
        'ALTERNATIVE_NOT_CHOSEN',
        rule.case,
        `${unit.id} is the "${alt.option}" alternative of ${alt.group}, but ${chosen.unit} entered as "${chosen.option}" on Game-Turn ${chosen.turn}: the other alternative never enters`,
      );
    },
    afterOrder(ctx, before, after, events) {
      let chosen = chosenOf(after);
      const out = [];
      for (const e of events) {
        if (e.type !== 'moved' || e.from !== null || typeof e.unit !== 'string') continue;
        if (before.units[e.unit]?.status !== 'pending') continue;
        const alt = alternativeOf(ctx, e.unit);
        if (!alt || chosen[alt.group]) continue;
        chosen = {
          ...chosen,
          [alt.group]: { option: alt.option, unit: e.unit, turn: before.turn },
        };
        out.push({
          type: 'alternative-chosen',
          group: alt.group,
          option: alt.option,
          unit: e.unit,
          rule: rule.case,
        });
      }
      if (out.length === 0) return null;
      return { state: withHookState(after, key, { chosen }), events: out };
    },
  };
}
