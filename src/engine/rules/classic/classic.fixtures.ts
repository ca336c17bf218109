/**
 * Hand-made maps and games for the 1975 rules tests: the combat test sheet
 * (columns and rows 01..08, odd columns shifted, north up) under
 * rules {system: "classic", version: "1975"}.
 */
import { fixedDice } from '../../dice';
import { GameContext, newGame, prepareGame } from '../../game';
import type { GameOptions, GameState } from '../../state';
import type { HexSpec, HexsideSpec, RouteSpec, ScenarioDocument } from '../../types';
import { TestUnit, testMapDoc, testScenario } from '../blue-grey/combat.fixtures';

export type { TestUnit };

export function classicScenario(
  units: TestUnit[],
  extra: Partial<ScenarioDocument> = {},
): ScenarioDocument {
  return testScenario(units, { rules: { system: 'classic', version: '1975' }, ...extra });
}

export function classicGame(
  units: TestUnit[],
  opts: {
    hexes?: Record<string, HexSpec>;
    hexsides?: HexsideSpec[];
    routes?: RouteSpec[];
    scenario?: Partial<ScenarioDocument>;
    options?: GameOptions;
    size?: number;
  } = {},
): { ctx: GameContext; state: GameState } {
  const ctx = prepareGame(
    classicScenario(units, opts.scenario),
    testMapDoc(opts.hexes ?? {}, opts.hexsides ?? [], opts.routes ?? [], opts.size),
  );
  const state = newGame(ctx, opts.options ?? {}, fixedDice([]));
  return { ctx, state };
}
