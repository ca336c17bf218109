/**
 * Whether the 1975 rules can play a scenario: its map must use only terrain
 * of the 1975 chart, its units only infantry, cavalry and artillery, its
 * set-up fixed, and its exclusive rules and victory points only those the
 * classic rules read. Anything else is reported, never ignored.
 */
import type { GameContext } from '../../game';
import type { ScenarioDocument } from '../../types';
import { CLASSIC_HOOKS } from './hooks';
import { classicMapSupport } from './terrain-costs';

export interface ClassicGap {
  case: string;
  what: string;
}

/** What the scenario itself (without its map) needs that the classic rules lack. */
export function classicScenarioGaps(scenario: ScenarioDocument): ClassicGap[] {
  const out: ClassicGap[] = [];
  for (const r of scenario.specialRules) {
    if (!(CLASSIC_HOOKS as readonly string[]).includes(r.hook))
      out.push({ case: r.case, what: `special rule "${r.hook}" under the 1975 rules` });
  }
  const types = new Set(
    scenario.units
      .filter((u) => !['infantry', 'cavalry', 'artillery'].includes(u.type))
      .map((u) => u.type),
  );
  for (const t of types)
    out.push({
      case: 'O2.4',
      what: `${t} units (the 1975 rules have infantry, cavalry and artillery)`,
    });
  if (scenario.setup.kind !== 'fixed')
    out.push({ case: 'O3.0', what: 'free-deployment set-up under the 1975 rules' });
  for (const r of scenario.reinforcements)
    if (r.condition)
      out.push({
        case: r.case ?? '—',
        what: `conditional reinforcements ("${r.condition.hook}") under the 1975 rules`,
      });
  for (const p of scenario.victory.points)
    if (p.kind !== 'eliminated-strength')
      out.push({ case: p.case, what: `victory point rule "${p.kind}" under the 1975 rules` });
  return out;
}

/** Everything, map included, as sentences. */
export function classicSupport(ctx: GameContext): string[] {
  const out = classicMapSupport(ctx.map).map((x) => `the 1975 Terrain Effects Chart has no ${x}`);
  for (const g of classicScenarioGaps(ctx.scenario))
    out.push(`${g.what} (${g.case}) is not yet supported`);
  return [...new Set(out)];
}
