/**
 * Hand-made maps for the combat tests: a small flat-topped sheet, columns
 * and rows 01..08, odd columns shifted, north at the top. Terrain and
 * hexsides are given per test.
 */
import { TerrainMap } from '../../map';
import type { HexSpec, HexsideSpec, MapDocument, RouteSpec } from '../../types';

export function testMapDoc(
  hexes: Record<string, HexSpec> = {},
  hexsides: HexsideSpec[] = [],
  routes: RouteSpec[] = [],
  size = 8,
): MapDocument {
  return {
    id: 'combat-test',
    title: 'Combat test sheet',
    provenance: 'reconstructed from the rules text',
    grid: {
      orientation: 'flat',
      shifted: 'odd',
      columns: { first: 1, last: size },
      rows: { first: 1, last: size },
      top: 'north',
    },
    defaultHex: { terrain: 'clear', level: 1 },
    hexes,
    hexsides,
    routes,
  };
}

export function testMap(
  hexes: Record<string, HexSpec> = {},
  hexsides: HexsideSpec[] = [],
): TerrainMap {
  return new TerrainMap(testMapDoc(hexes, hexsides));
}

import { GameContext, applyOrder, legalOrders, prepareGame, newGame } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent } from '../../types';
import type {
  ScenarioDocument,
  Side,
  UnitType,
  HexsideSpec as Hs,
  HexSpec as Hx,
} from '../../types';
import { fixedDice } from '../../dice';
import { startCombatPhase } from './combat-phase';

export interface TestUnit {
  id: string;
  side: Side;
  type?: UnitType;
  strength?: number;
  hex: string;
}

/** A scenario on the test sheet with these units placed; Union moves first. */
export function testScenario(
  units: TestUnit[],
  extra: Partial<ScenarioDocument> = {},
): ScenarioDocument {
  return {
    id: 'combat-test',
    title: 'Combat test',
    date: '1862-04-06',
    year: 1862,
    rules: { system: 'blue-grey', version: '2e' },
    map: 'combat-test',
    firstPlayer: 'union',
    turns: 5,
    nightTurns: [],
    units: units.map((u) => ({
      id: u.id,
      side: u.side,
      designation: u.id,
      type: u.type ?? 'infantry',
      strength: u.strength ?? 4,
    })),
    setup: { kind: 'fixed', placements: units.map((u) => ({ unit: u.id, hex: u.hex })) },
    reinforcements: [],
    specialRules: [],
    victory: {
      points: [{ kind: 'eliminated-strength', points: 1, case: '—' }],
      objectives: [],
      levels: [],
      otherwise: 'draw',
    },
    sources: [],
    notes: [],
    ...extra,
  };
}

/**
 * A game on the test sheet, already in the phasing side's Combat Phase
 * (startCombatPhase run on it), with the given terrain and state tweaks.
 */
export function combatGame(
  units: TestUnit[],
  opts: {
    hexes?: Record<string, Hx>;
    hexsides?: Hs[];
    phasing?: Side;
    night?: boolean;
    scenario?: Partial<ScenarioDocument>;
    tweak?: (s: GameState) => GameState;
    moved?: string[];
    enteredEnemyZoc?: string[];
    startDice?: number[];
  } = {},
): { ctx: GameContext; state: GameState } {
  const ctx = prepareGame(
    testScenario(units, opts.scenario),
    testMapDoc(opts.hexes ?? {}, opts.hexsides ?? []),
  );
  let state = newGame(ctx, {}, fixedDice([]));
  state = {
    ...state,
    phase: 'combat',
    phasing: opts.phasing ?? 'union',
    night: !!opts.night,
    movement: {
      moved: opts.moved ?? [],
      entered: {},
      marked: [],
      enteredEnemyZoc: opts.enteredEnemyZoc ?? [],
    },
  };
  if (opts.tweak) state = opts.tweak(state);
  state = startCombatPhase(ctx, state, fixedDice(opts.startDice ?? [])).state;
  return { ctx, state };
}

// ---------------------------------------------------- playing on the sheet ----

type PlayingSide = 'union' | 'confederate';

/** Applies an order that must be accepted, with the given dice; throws the refusal otherwise. */
export function act(
  ctx: GameContext,
  state: GameState,
  side: PlayingSide,
  order: unknown,
  rolls: number[] = [],
) {
  const r = applyOrder(ctx, state, side, order, fixedDice(rolls, state.diceDrawn));
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.refusal)}`);
  return r;
}

/** Applies an order that may be refused, with no dice. */
export function attempt(ctx: GameContext, state: GameState, side: PlayingSide, order: unknown) {
  return applyOrder(ctx, state, side, order, fixedDice([], state.diceDrawn));
}

export const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type);

/** The first combat-resolved event, loosely typed so assertions can reach into it. */
export const resolved = (events: GameEvent[]) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ofType(events, 'combat-resolved')[0] as Record<string, any>;

/** Answers pending decisions with the first listed answer (dice as given) until none is pending. */
export function drain(
  ctx: GameContext,
  state: GameState,
  rolls: number[] = [6, 6, 6, 6],
): { state: GameState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  while (s.pending) {
    const side = s.pending.side as PlayingSide;
    const ans = legalOrders(ctx, s, side).find((o) => o.type !== 'resign')!;
    const r = act(ctx, s, side, ans, rolls);
    events.push(...r.events);
    s = r.state;
  }
  return { state: s, events };
}
