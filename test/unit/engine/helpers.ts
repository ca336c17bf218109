/**
 * Small hand-made maps and scenarios for engine tests. A map here is a flat
 * 10×10 grid ("0101".."1010", north up, odd columns shifted) of clear level-1
 * hexes unless a test says otherwise.
 */
import { fixedDice } from '../../../src/engine/dice';
import {
  prepareGame,
  newGame,
  applyOrder,
  legalOrders,
  GameContext,
} from '../../../src/engine/game';
import type { GameState, Order } from '../../../src/engine/state';
import type {
  HexSpec,
  HexsideSpec,
  MapDocument,
  Placement,
  ReinforcementSpec,
  RouteSpec,
  RuleHook,
  ScenarioDocument,
  Side,
  UnitSpec,
} from '../../../src/engine/types';

export function testMap(
  opts: {
    hexes?: Record<string, HexSpec>;
    hexsides?: HexsideSpec[];
    routes?: RouteSpec[];
    columns?: number;
    rows?: number;
  } = {},
): MapDocument {
  return {
    id: 'test-map',
    title: 'test map',
    provenance: 'reconstructed from the rules text',
    grid: {
      orientation: 'flat',
      shifted: 'odd',
      columns: { first: 1, last: opts.columns ?? 10 },
      rows: { first: 1, last: opts.rows ?? 10 },
      top: 'north',
    },
    defaultHex: { terrain: 'clear' },
    hexes: opts.hexes ?? {},
    hexsides: opts.hexsides ?? [],
    routes: opts.routes ?? [],
  };
}

export function unit(
  id: string,
  side: Side,
  type: UnitSpec['type'] = 'infantry',
  extra: Partial<UnitSpec> = {},
): UnitSpec {
  return { id, side, designation: id, type, strength: type === 'gunboat' ? 1 : 4, ...extra };
}

export function testScenario(opts: {
  units: UnitSpec[];
  placements: Placement[];
  reinforcements?: ReinforcementSpec[];
  firstPlayer?: Side;
  turns?: number;
  nightTurns?: number[];
  year?: number;
  specialRules?: RuleHook[];
  gunboatHexes?: string[];
  stacking?: ScenarioDocument['stacking'];
  objectives?: string[];
}): ScenarioDocument {
  return {
    id: 'test',
    title: 'test',
    date: '1862-04-06',
    year: opts.year ?? 1862,
    rules: { system: 'blue-grey', version: 'blue-grey/2e-1' },
    map: 'test-map',
    firstPlayer: opts.firstPlayer ?? 'union',
    turns: opts.turns ?? 3,
    nightTurns: opts.nightTurns ?? [],
    units: opts.units,
    setup: { kind: 'fixed', placements: opts.placements },
    reinforcements: opts.reinforcements ?? [],
    stacking: opts.stacking,
    gunboatHexes: opts.gunboatHexes,
    specialRules: opts.specialRules ?? [],
    victory: {
      points: [{ kind: 'eliminated-strength', points: 1, case: '18.1' }],
      objectives: (opts.objectives ?? []).map((hex) => ({
        hex,
        control: 'last-to-occupy' as const,
        case: '18.31',
      })),
      levels: [],
      otherwise: 'draw',
    },
    sources: [],
    notes: [],
  };
}

export interface Fixture {
  ctx: GameContext;
  state: GameState;
}

export function setUp(map: MapDocument, scenario: ScenarioDocument): Fixture {
  const ctx = prepareGame(scenario, map);
  return { ctx, state: newGame(ctx, {}, fixedDice([])) };
}

/** Apply an order that must be accepted; throws with the refusal otherwise. */
export function play(f: Fixture, side: Side, order: Order): GameState {
  const r = applyOrder(f.ctx, f.state, side, order, fixedDice([]));
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.refusal)}`);
  return r.state;
}

export function tryOrder(f: Fixture, side: Side, order: unknown) {
  return applyOrder(f.ctx, f.state, side, order, fixedDice([]));
}

/** Destinations of a unit's listed orders of one type. */
export function destinations(f: Fixture, side: Side, unitId: string, type = 'move'): string[] {
  return legalOrders(f.ctx, f.state, side)
    .filter((o) => o.type === type && (o as { unit?: string }).unit === unitId)
    .map((o) => {
      const path = (o as unknown as { path: string[] }).path;
      return path[path.length - 1];
    })
    .sort();
}
