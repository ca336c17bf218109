/**
 * The 1975 SPI Blue & Gray standard rules as a rules system ("classic",
 * version "1975"): what the engine calls for a game pinned to it.
 */
import type { GameContext } from '../../game';
import { classicMapSupport } from './terrain-costs';
import { CLASSIC_HOOKS } from './hooks';

export { CLASSIC_1975, CLASSIC_SYSTEM, CLASSIC_VERSION } from './parameters';
export { applyClassicOrder, classicOrders } from './sequence-of-play';
export { classicVictoryPoints } from './victory';

/** What in this scenario and map the 1975 rules cannot play (empty: playable). */
export function classicSupport(ctx: GameContext): string[] {
  const out = classicMapSupport(ctx.map).map((x) => `the 1975 Terrain Effects Chart has no ${x}`);
  for (const r of ctx.scenario.specialRules) {
    if (!(CLASSIC_HOOKS as readonly string[]).includes(r.hook))
      out.push(`exclusive rule ${r.case} ("${r.hook}") is not yet supported under the 1975 rules`);
  }
  for (const u of ctx.scenario.units) {
    if (!['infantry', 'cavalry', 'artillery'].includes(u.type))
      out.push(`${u.type} units do not exist in the 1975 rules (${u.id})`);
  }
  if (ctx.scenario.setup.kind !== 'fixed') out.push('free set-up is not yet supported');
  for (const r of ctx.scenario.reinforcements)
    if (r.condition)
      out.push(
        `conditional reinforcements (${r.case ?? '?'}) are not yet supported under the 1975 rules`,
      );
  for (const p of ctx.scenario.victory.points)
    if (p.kind !== 'eliminated-strength')
      out.push(`victory point rule "${p.kind}" is not yet supported under the 1975 rules`);
  return [...new Set(out)];
}
