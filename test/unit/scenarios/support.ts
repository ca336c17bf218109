/**
 * What the scenario and hook specs share: loading a shipped scenario with its
 * map and its test counters, reading its charts (units, set-up, arrivals,
 * hooks), counting units and Combat Strength Points, the assertions every
 * battle makes the same way, and playing orders on a prepared game (a
 * Movement Phase position, the orders listed, accepted or refused).
 * The facts each battle pins (its counts, hexes, cases) stay in its own spec.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { mapJsonText } from '../../../scenarios/lib/map-builder';
import { fixedDice, seededDice } from '../../../src/engine/dice';
import { applyOrder, legalOrders, whoMustAct, type GameContext } from '../../../src/engine/game';
import { freshMovementPhase } from '../../../src/engine/rules/blue-grey/sequence-of-play';
import type { GameState, Order } from '../../../src/engine/state';
import type {
  GameEvent,
  HexId,
  MapDocument,
  Refusal,
  RuleHook,
  ScenarioDocument,
  Side,
  SuppliedCounters,
  UnitSpec,
} from '../../../src/engine/types';
import { xorshiftPicker } from '../../support/xorshift';

/** The scenarios/ folder of the repository. */
export const SCENARIOS_ROOT = join(__dirname, '../../../scenarios');

export interface LoadedScenario {
  dir: string;
  scenario: ScenarioDocument;
  map: MapDocument;
}

/** scenarios/<id>/scenario.json and map.json, as the files hold them. */
export function loadScenario(id: string): LoadedScenario {
  const dir = join(SCENARIOS_ROOT, id);
  const read = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return {
    dir,
    scenario: read('scenario.json') as ScenarioDocument,
    map: read('map.json') as MapDocument,
  };
}

/** test/fixtures/counters/<id>.json: a battle's TEST counters (not history), with the note saying so. */
export function readCountersFixture(id: string): SuppliedCounters & { note: string } {
  return JSON.parse(
    readFileSync(join(__dirname, '../../fixtures/counters', `${id}.json`), 'utf8'),
  ) as SuppliedCounters & { note: string };
}

/** A scenario's charts, read by unit, hex, side and hook. */
export interface Charts {
  /** The unit with this id (throws if the scenario has none). */
  unit(id: string): UnitSpec;
  /** The set-up of a fixed set-up (none for a free one). */
  placements: Array<{ unit: string; hex: string }>;
  /** The units a side sets up, in chart order. */
  placed(side: Side): UnitSpec[];
  /** The designations of the units set up in a hex, in chart order. */
  at(hex: string): string[];
  /** A side's reinforcement entries, in chart order. */
  arrivals(side: Side): ScenarioDocument['reinforcements'];
  /** The first special rule with this hook (and case, if given). */
  hook(name: string, ruleCase?: string): RuleHook | undefined;
}

export function chartsOf(scenario: ScenarioDocument): Charts {
  const byId = new Map(scenario.units.map((u) => [u.id, u]));
  const unit = (id: string): UnitSpec => {
    const u = byId.get(id);
    if (!u) throw new Error(`no unit ${id}`);
    return u;
  };
  const placements = scenario.setup.kind === 'fixed' ? scenario.setup.placements : [];
  return {
    unit,
    placements,
    placed: (side) => placements.map((p) => unit(p.unit)).filter((u) => u.side === side),
    at: (hex) => placements.filter((p) => p.hex === hex).map((p) => unit(p.unit).designation),
    arrivals: (side) => scenario.reinforcements.filter((r) => r.side === side),
    hook: (name, ruleCase) =>
      scenario.specialRules.find((r) => r.hook === name && (!ruleCase || r.case === ruleCase)),
  };
}

/** Total Combat Strength Points of some units. */
export const total = (us: Array<{ strength: number }>): number =>
  us.reduce((a, u) => a + u.strength, 0);

/** How many units of each type. */
export const countBy = (us: UnitSpec[]): Record<string, number> =>
  us.reduce<Record<string, number>>((a, u) => ({ ...a, [u.type]: (a[u.type] ?? 0) + 1 }), {});

/** A deployment as the chart prints it: so many units, so many CSP, and (if given) so many of each type. */
export function expectDeployment(
  us: UnitSpec[],
  printed: { units: number; csp: number; byType?: Record<string, number> },
): void {
  expect(us).toHaveLength(printed.units);
  expect(total(us)).toBe(printed.csp);
  if (printed.byType) expect(countBy(us)).toEqual(printed.byType);
}

/** Unit ids are unique, and every unit is set up or arrives as a reinforcement exactly once. */
export function expectEveryUnitDeployedOnce(scenario: ScenarioDocument): void {
  const ids = scenario.units.map((u) => u.id);
  expect(new Set(ids).size).toBe(ids.length);
  const placements = scenario.setup.kind === 'fixed' ? scenario.setup.placements : [];
  const deployed = [
    ...placements.map((p) => p.unit),
    ...scenario.reinforcements.flatMap((r) => r.units),
  ];
  expect(deployed.sort()).toEqual([...ids].sort());
}

/**
 * The committed map.json is byte for byte what the battle's build-map.ts
 * builds (and has checked): `built` is the document it exports.
 */
export function expectMapJsonIsBuildOutput(dir: string, built: MapDocument): void {
  expect(readFileSync(join(dir, 'map.json'), 'utf8')).toBe(mapJsonText(built));
}

/**
 * `base` at the start of `side`'s Movement Phase of Game-Turn `turn` (Night
 * as the scenario's chart says), units placed as given (null: eliminated).
 * A pending decision of `base` is kept.
 */
export function movementPhaseAt(
  ctx: GameContext,
  base: GameState,
  turn: number,
  side: Side,
  placed: Record<string, HexId | null> = {},
): GameState {
  const units = { ...base.units };
  for (const [id, hex] of Object.entries(placed))
    units[id] = { ...units[id], hex, status: hex === null ? 'eliminated' : 'on-map' };
  return {
    ...base,
    turn,
    night: ctx.scenario.nightTurns.includes(turn),
    phase: 'movement',
    phasing: side,
    movement: freshMovementPhase(),
    combat: null,
    units,
  };
}

/** Playing orders on one prepared game, with fixed dice. */
export interface OrderPlay {
  /** The legal orders of a type (of one unit, if given). */
  orders(s: GameState, side: Side, type: string, unit?: string): Order[];
  /** The result of an order that must be accepted (throws with the refusal if not). */
  accepted(
    s: GameState,
    side: Side,
    order: unknown,
    dice?: number[],
  ): { state: GameState; events: GameEvent[] };
  /** The refusal of an order that must be refused (throws if accepted). */
  refusalOf(s: GameState, side: Side, order: unknown, dice?: number[]): Refusal;
  /** The refusal of an order, or null if it is accepted. */
  refusalOrNull(s: GameState, side: Side, order: unknown, dice?: number[]): Refusal | null;
}

export function orderPlay(ctx: GameContext): OrderPlay {
  const apply = (s: GameState, side: Side, order: unknown, dice: number[] = []) =>
    applyOrder(ctx, s, side, order, fixedDice(dice));
  return {
    orders: (s, side, type, unit) =>
      legalOrders(ctx, s, side).filter(
        (o) => o.type === type && (unit === undefined || (o as { unit?: string }).unit === unit),
      ),
    accepted(s, side, order, dice) {
      const r = apply(s, side, order, dice);
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      return r;
    },
    refusalOf(s, side, order, dice) {
      const r = apply(s, side, order, dice);
      if (r.ok) throw new Error('accepted');
      return r.refusal;
    },
    refusalOrNull(s, side, order, dice) {
      const r = apply(s, side, order, dice);
      return r.ok ? null : r.refusal;
    },
  };
}

/** The test's own choices (never the game's dice): xorshift32 from `seed`. */
export const picker = xorshiftPicker;

/** A free set-up played out: each side places units where the first listed place order puts them, then ends; dice seeded by `seed`. */
export function playFreeSetUp(ctx: GameContext, start: GameState, seed: string): GameState {
  let state = start;
  for (let n = 0; state.phase === 'setup' && n < 100; n++) {
    const side = whoMustAct(ctx, state)!.side;
    const order = legalOrders(ctx, state, side).find((o) => o.type === 'place') ?? {
      type: 'end-phase',
    };
    const r = applyOrder(ctx, state, side, order, seededDice(seed, state.diceDrawn));
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    state = r.state;
  }
  return state;
}

/**
 * Ends phases (closing each Combat Phase first, keeping Breastworks, 10.37)
 * until `side`'s next Movement Phase; `play` plays each order on `g`.
 */
export function endPhasesUntilMovementOf<G extends { ctx: GameContext; state: GameState }>(
  g: G,
  side: Side,
  play: (g: G, side: Side, order: Order) => unknown,
): void {
  do {
    const acting = g.state.pending?.side ?? g.state.phasing;
    const orders = legalOrders(g.ctx, g.state, acting);
    const o =
      orders.find((x) => x.type === 'end-phase') ??
      orders.find((x) => x.type === 'close-combat-phase') ??
      orders.find(
        (x) => x.type === 'remove-breastworks' && (x as { remove?: boolean }).remove === false,
      );
    if (!o) throw new Error(`no way to end the phase: ${JSON.stringify(orders.slice(0, 3))}`);
    play(g, acting, o);
  } while (!(g.state.phasing === side && g.state.phase === 'movement'));
}
