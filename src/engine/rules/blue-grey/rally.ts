/**
 * Recovery at the start of the friendly Combat Phase (11.3, 12.41, 12.42,
 * 12.43; A3): first Night recovery for units not in an enemy ZOC, then a
 * Rally roll for every unit with a Rally marker (cancelled without a roll if
 * Night recovery already restored it; in a town the roll is made and its
 * result floored at Disordered, 12.17), the marker removed after each roll.
 */
import type { Dice } from '../../dice';
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent } from '../../types';
import { eliminate, inEnemyZoc, onMap, setMorale } from './combat';
import { type Morale, nightRecovery, rallyOutcome } from './morale';
import { modifiedDie, moraleDieModifier } from '../hooks/morale-die-modifier';
import { atRevision, SPECIFIC_OVER_GENERAL } from '../../revision';

export function recoverAndRally(
  ctx: GameContext,
  state: GameState,
  dice: Dice,
  events: GameEvent[],
): GameState {
  let next = state;
  const side = state.phasing;
  const ids = Object.keys(state.units).sort();
  if (state.night) {
    for (const id of ids) {
      const u = next.units[id];
      if (u.side !== side || !onMap(u) || u.morale === 'good') continue;
      if (inEnemyZoc(ctx, next, side, u.hex)) continue;
      next = setMorale(
        next,
        id,
        nightRecovery(u.morale, ctx.map.hex(u.hex).terrain === 'town'),
        '11.3, 12.41a',
        events,
      );
    }
  }
  for (const id of ids) {
    const u = next.units[id];
    if (u.side !== side || !u.markers.rally) continue;
    next = {
      ...next,
      units: { ...next.units, [id]: { ...u, markers: { ...u.markers, rally: undefined } } },
    };
    if (!onMap(u)) continue;
    const inTown = ctx.map.hex(u.hex).terrain === 'town';
    // 12.41b: "a die roll is required for each Rallying unit"; in a town 12.17 only floors the result at
    // Disordered, so a Disordered unit there still rolls and a 6 makes it Shaken.
    // (Games of earlier revisions cancelled that roll: they keep doing so, so their replays re-run.)
    const townCancels =
      !atRevision(state, SPECIFIC_OVER_GENERAL) && u.morale === 'disordered' && inTown;
    if (u.morale === 'good' || townCancels) {
      events.push({
        type: 'rally-cancelled',
        unit: id,
        rule: '12.41b, A3',
        reason: 'nothing to rally from',
      });
      continue;
    }
    // An exclusive rule's automatic success (Grand Chancellorsville 23.57: stacked with a Leader): no roll, the table's best line.
    const auto = (ctx.hooks ?? []).map((h) => h.rallyAutomatic?.(ctx, next, id)).find((x) => x);
    if (auto) {
      const outcome = rallyOutcome(u.morale, 1, inTown);
      events.push({
        type: 'rally-automatic',
        unit: id,
        by: auto.by,
        rule: `12.41b, ${auto.rule}`,
        from: u.morale,
        outcome,
      });
      next = setMorale(next, id, outcome as Morale, auto.rule, events);
      continue;
    }
    const roll = dice.d6();
    // An exclusive rule's modifier to Rally attempts (Ezra Church 17.4).
    const m = moraleDieModifier(ctx.scenario, u.side, 'rally', state.turn);
    const read = m.modifier === 0 ? roll : modifiedDie(roll, m.modifier);
    const outcome = rallyOutcome(u.morale, read, inTown);
    events.push({
      type: 'die-rolled',
      purpose: 'rally',
      rule: '12.41b',
      unit: id,
      roll,
      ...(m.modifier === 0
        ? {}
        : { modifier: m.modifier, modified: read, modifierRule: m.cases.join(', ') }),
      from: u.morale,
      outcome,
    });
    if (outcome === 'eliminated') next = eliminate(next, id, '12.41b iii, 12.43', events);
    else next = setMorale(next, id, outcome, '12.41b', events);
  }
  return next;
}
