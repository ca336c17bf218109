/**
 * O3.0 Setting up the game under the 1975 rules: every unit of the Initial
 * Deployment Chart on its hex, the rest waiting for the Reinforcement Chart,
 * Game-Turn One, the First Player's Movement Phase (the exclusive rules name
 * him, e.g. Chattanooga 14.31). A scenario the 1975 rules cannot play (its
 * map, units or exclusive rules) is refused as not yet supported.
 */
import type { Dice } from '../../dice';
import type { GameContext } from '../../game';
import type { GameOptions, GameState } from '../../state';
import type { HexId, Side } from '../../types';
import { classicSupport } from './support';
import { CLASSIC_SYSTEM } from './parameters';
import { NotYetSupportedError } from '../../errors';

export function newClassicGame(
  ctx: GameContext,
  options: GameOptions,
  dice: Dice,
  version: string,
): GameState {
  const missing = classicSupport(ctx);
  if (missing.length > 0) throw new NotYetSupportedError(`classic ${version}`, missing.join('; '));
  const { scenario } = ctx;
  const placed = new Map<string, HexId>();
  if (scenario.setup.kind === 'fixed')
    for (const p of scenario.setup.placements) placed.set(p.unit, p.hex);
  const units: GameState['units'] = {};
  for (const s of scenario.units) {
    const hex = placed.get(s.id) ?? null;
    units[s.id] = {
      id: s.id,
      side: s.side,
      hex,
      status: hex !== null ? 'on-map' : 'pending',
      strength: s.strength,
      morale: 'good',
      markers: {},
    };
  }
  const objectives: Record<HexId, Side | null> = {};
  for (const o of scenario.victory.objectives) {
    const occupant = Object.values(units).find((u) => u.hex === o.hex);
    objectives[o.hex] = occupant?.side ?? o.initial ?? null;
  }
  return {
    schema: 1,
    rules: { system: CLASSIC_SYSTEM, version },
    scenarioId: scenario.id,
    options,
    turn: 1,
    night: scenario.nightTurns.includes(1),
    phase: 'movement',
    phasing: scenario.firstPlayer,
    units,
    fieldworks: [],
    movement: { moved: [], entered: {}, marked: [], enteredEnemyZoc: [] },
    combat: null,
    pending: null,
    objectives,
    eliminatedStrength: { union: 0, confederate: 0 },
    hookState: {},
    blockedReinforcements: [],
    diceDrawn: dice.drawn,
    result: null,
  };
}
