/**
 * Hand-made maps and games for the 1975 rules tests: the combat test sheet
 * (columns and rows 01..08, odd columns shifted, north up) under
 * rules {system: "classic", version: "1975"}, driven through the classic
 * sequence of play.
 */
import { fixedDice } from '../../dice';
import type { Dice } from '../../dice';
import { GameContext, prepareGame } from '../../game';
import type { GameOptions, GameState, Order } from '../../state';
import type {
  GameEvent,
  HexSpec,
  HexsideSpec,
  Refusal,
  RouteSpec,
  ScenarioDocument,
  Side,
} from '../../types';
import { TestUnit, testMapDoc, testScenario } from '../blue-grey/combat.fixtures';
import { applyClassicOrder, classicOrders } from './sequence-of-play';
import { newClassicGame } from './set-up';
import { ENGINE_REVISION } from '../../revision';

export type { TestUnit };

export function classicScenario(
  units: TestUnit[],
  extra: Partial<ScenarioDocument> = {},
): ScenarioDocument {
  return testScenario(units, { rules: { system: 'classic', version: '1975' }, ...extra });
}

/**
 * A new 1975 game (game.ts's newGame calls the same set-up for classic games), pinned as newGame
 * pins it; `revision` 1 leaves the revision out, as in games stored before revisions were recorded.
 */
export function classicState(
  ctx: GameContext,
  options: GameOptions = {},
  revision: number = ENGINE_REVISION,
): GameState {
  const s = newClassicGame(ctx, options, fixedDice([]), '1975');
  return revision === 1 ? s : { ...s, rules: { ...s.rules, revision } };
}

export function classicGame(
  units: TestUnit[],
  opts: {
    hexes?: Record<string, HexSpec>;
    hexsides?: HexsideSpec[];
    routes?: RouteSpec[];
    scenario?: Partial<ScenarioDocument>;
    options?: GameOptions;
    revision?: number;
  } = {},
): { ctx: GameContext; state: GameState } {
  const ctx = prepareGame(
    classicScenario(units, opts.scenario),
    testMapDoc(opts.hexes ?? {}, opts.hexsides ?? [], opts.routes ?? []),
  );
  return { ctx, state: classicState(ctx, opts.options, opts.revision) };
}

export type Outcome = { state: GameState; events: GameEvent[] };

/** Applies an order that must be accepted. */
export function act(
  ctx: GameContext,
  state: GameState,
  side: Side,
  order: Order,
  dice: Dice = fixedDice([]),
): Outcome {
  const r = applyClassicOrder(ctx, state, side, order, dice);
  if (!r.ok) throw new Error(`refused: ${r.refusal.code} (${r.refusal.rule}) ${r.refusal.message}`);
  return { state: r.state, events: r.events };
}

/** Applies an order that must be refused; returns the refusal. */
export function refused(
  ctx: GameContext,
  state: GameState,
  side: Side,
  order: Order,
  dice: Dice = fixedDice([]),
): Refusal {
  const r = applyClassicOrder(ctx, state, side, order, dice);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(order)}`);
  return r.refusal;
}

/** The game moved on to the phasing side's Combat Phase. */
export function toCombat(ctx: GameContext, state: GameState): GameState {
  return act(ctx, state, state.phasing, { type: 'end-phase' }).state;
}

export { classicOrders };
