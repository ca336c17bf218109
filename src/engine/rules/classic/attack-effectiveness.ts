/**
 * OPTIONAL RULE 11.0, Attack Effectiveness (1975), a game option
 * (options.attackEffectiveness = true).
 *
 *   O11.1: an attacking unit that suffers Attacker Retreat while attacking
 *          from an Enemy controlled hex becomes Ineffective (face-down);
 *          bombarding artillery, never in an EZOC, never does.
 *   O11.2: an Ineffective unit may not attack nor enter an Enemy controlled
 *          hex; it moves, defends and exerts a Zone of Control normally.
 *   O11.31: Ineffective units in an EZOC at the beginning of a friendly
 *          Combat Phase must retreat (O7.7) unless the combats of that phase
 *          leave no Enemy ZOC on their hex; no Enemy advance follows. The
 *          text fixes no moment: the end of the Combat Phase (rules-editions
 *          1.9, as R12.32 does).
 *   O11.32: units not in an EZOC at the beginning of the phase are exempt.
 *   O11.4: at the end of any Night Game-Turn every unit recovers.
 * The strength of an Ineffective unit stays visible to both players (the
 * procedure's pencilled backs): the view shows units as they are.
 */
import type { GameState, UnitState } from '../../state';
import type { GameEvent } from '../../types';

export interface ClassicMarkers {
  /** O11.0: face-down, Attack Effectiveness lost. */
  ineffective?: boolean;
}

export function attackEffectivenessInUse(state: GameState): boolean {
  return state.options.attackEffectiveness === true;
}

export function isIneffective(u: UnitState): boolean {
  return (u.markers as ClassicMarkers).ineffective === true;
}

/** O11.1: these attackers, which attacked from an Enemy controlled hex, suffered Ar. */
export function loseEffectiveness(
  state: GameState,
  ids: readonly string[],
  events: GameEvent[],
): GameState {
  if (!attackEffectivenessInUse(state) || ids.length === 0) return state;
  const units = { ...state.units };
  const lost: string[] = [];
  for (const id of ids) {
    const u = units[id];
    if (u.status !== 'on-map' || isIneffective(u)) continue;
    units[id] = { ...u, markers: { ...u.markers, ineffective: true } as UnitState['markers'] };
    lost.push(id);
  }
  if (lost.length === 0) return state;
  events.push({ type: 'attack-effectiveness-lost', units: lost, rule: '11.1' });
  return { ...state, units };
}

/** O11.4: at the end of a Night Game-Turn all units flip face-up. */
export function recoverEffectiveness(state: GameState, events: GameEvent[]): GameState {
  const recovered = Object.values(state.units)
    .filter(isIneffective)
    .map((u) => u.id)
    .sort();
  if (recovered.length === 0) return state;
  const units = { ...state.units };
  for (const id of recovered) {
    const markers = { ...units[id].markers } as ClassicMarkers & UnitState['markers'];
    delete markers.ineffective;
    units[id] = { ...units[id], markers };
  }
  events.push({ type: 'attack-effectiveness-recovered', units: recovered, rule: '11.4' });
  return { ...state, units };
}
