/**
 * The Blue & Grey hex games behind the engine contract (system.ts): the
 * revised 2nd edition ("blue-grey") and the 1975 SPI rules ("classic") are
 * both played by src/engine/game.ts, which dispatches on the rules a game is
 * pinned to (state.rules, chosen by chooseRules from the scenario and
 * options.rules). The two adapters differ only in the scenario system they
 * claim; nothing here changes how a hex game is played.
 *
 * Hidden information in these games is limited to sealed exclusive-rule
 * choices (Road to Richmond 17.62), handled by secrecy.ts; everything else
 * on a hex map is public.
 */
import { boardPosition, renderBoardSvg } from '../board';
import { isSettled } from '../canonical';
import type { Dice } from '../dice';
import {
  applyOrder,
  attackOdds,
  buildMapTables,
  legalOrders,
  newGame,
  notYetSupported,
  prepareGame,
  victoryStanding,
  canonicalStateOf,
  victoryPointsOf,
  whoMustAct,
  type GameContext,
  type MapTables,
} from '../game';
import { gameScenario } from '../scenario/counters';
import { hiddenFrom, orderForReader, stateForReader } from '../secrecy';
import type { GameOptions, GameResult, GameState, PendingDecision, UnitState } from '../state';
import type { HexId, MapDocument, ScenarioDocument, Side } from '../types';
import { competitionScoreOf, objectiveHolders } from '../victory';
import { canOccupy } from './blue-grey/victory';
import { validateScenarioPackage } from '../scenario/validate';
import type { DocumentProblem, MustAct, Reader, RulesSystem, SystemView } from './system';

/** A unit as a hex game's view shows it. */
export interface HexUnitView {
  id: string;
  side: Side;
  designation: string;
  type: string;
  /** Hex on the map; null when pending, eliminated or exited. */
  hex: HexId | null;
  /** "on-map", "pending" (reinforcement to come), "eliminated" or "exited". */
  status: string;
  strength: number;
  morale: string;
  markers: Record<string, unknown>;
}

export interface HexReinforcementView {
  unit: string;
  side: Side;
  /** Game-Turn the unit is scheduled to enter. */
  turn: number;
  /** Entry hexes the owner chooses from. */
  entry: HexId[];
  /** 5.5: could not enter when scheduled; may enter at an edge hex within three hexes later. */
  blocked: boolean;
  case?: string;
}

/** The hex game's part of GET /v1/games/{id}. */
export interface HexGameView extends SystemView {
  turn: number;
  /** Number of Game-Turns in the scenario. */
  turns: number;
  night: boolean;
  /** 'setup' (free-deployment set-up before Game-Turn One, 3.0), 'movement', 'combat' or 'finished'. */
  phase: string;
  phasing: Side;
  units: HexUnitView[];
  reinforcements: HexReinforcementView[];
  fieldworks: unknown[];
  points: Record<Side, number>;
  eliminatedStrength: Record<Side, number>;
  /** Who occupies each objective hex now (18.31). */
  objectives: Record<HexId, Side | null>;
}

/** Each scenario unit's place in the scenario's order, per context (built once: views are on the order path). */
const scenarioRanks = new WeakMap<GameContext, Map<string, number>>();

function sortByScenarioOrder<T extends { id: string }>(ctx: GameContext, units: T[]): T[] {
  let order = scenarioRanks.get(ctx);
  if (!order) {
    order = new Map(ctx.scenario.units.map((u, i) => [u.id, i]));
    scenarioRanks.set(ctx, order);
  }
  const ranks = order;
  const rank = (id: string) => ranks.get(id) ?? Number.MAX_SAFE_INTEGER;
  // A canonical state's units are already in the scenario's order (canonical.ts).
  let sorted = true;
  for (let i = 1; i < units.length && sorted; i++) {
    const a = rank(units[i - 1].id);
    sorted = a < rank(units[i].id) && a !== Number.MAX_SAFE_INTEGER;
  }
  if (sorted) return units;
  return [...units].sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}

/**
 * Each settled unit's view, per context: a unit an order left as it was is the
 * same frozen object in the next state (canonical.ts), so its view is made once,
 * and frozen too, not again with every answer (issue 20).
 */
const unitViews = new WeakMap<GameContext, WeakMap<UnitState, HexUnitView>>();

function unitView(ctx: GameContext, u: UnitState): HexUnitView {
  let views = unitViews.get(ctx);
  if (!views) {
    views = new WeakMap();
    unitViews.set(ctx, views);
  }
  const known = views.get(u);
  if (known) return known;
  const spec = ctx.unitSpecs.get(u.id)!;
  const view: HexUnitView = {
    id: u.id,
    side: u.side,
    designation: spec.designation,
    type: spec.type,
    hex: u.hex,
    status: u.status,
    strength: u.strength,
    morale: u.morale,
    markers: { ...u.markers },
  };
  if (isSettled(u)) {
    Object.freeze(view.markers);
    views.set(u, Object.freeze(view));
  }
  return view;
}

/** The hex game's view: everything on a hex map is public, so every reader sees the same. */
export function hexGameView(ctx: GameContext, given: GameState): HexGameView {
  // What the engine's view() holds, less what this view leaves out (who must act, the
  // result) and without copying every unit twice: built once per accepted order.
  const state = canonicalStateOf(ctx, given);
  const blocked = new Set(state.blockedReinforcements ?? []);
  const reinforcements: HexReinforcementView[] = [];
  for (const u of Object.values(state.units)) {
    if (u.status !== 'pending') continue;
    const spec = ctx.reinforcementOf.get(u.id);
    if (!spec) continue;
    reinforcements.push({
      unit: u.id,
      side: u.side,
      turn: spec.turn,
      entry: [...spec.entry],
      blocked: blocked.has(u.id),
      ...(spec.case ? { case: spec.case } : {}),
    });
  }
  reinforcements.sort((a, b) => a.turn - b.turn || a.unit.localeCompare(b.unit));
  return {
    turn: state.turn,
    turns: ctx.scenario.turns,
    night: state.night,
    phase: state.phase,
    phasing: state.phasing,
    // In the scenario's order: the stored state's key order is not kept by jsonb.
    units: sortByScenarioOrder(ctx, Object.values(state.units)).map((u) => unitView(ctx, u)),
    reinforcements,
    fieldworks: state.fieldworks,
    points: victoryPointsOf(ctx, state),
    eliminatedStrength: { ...state.eliminatedStrength },
    objectives: objectiveHolders(ctx.scenario.victory, state, canOccupy(ctx)),
  };
}

function hexMustAct(ctx: GameContext, state: GameState): MustAct | null {
  const acting = whoMustAct(ctx, state);
  if (!acting) return null;
  return {
    seats: [acting.side],
    kind: acting.kind,
    ...(acting.decision ? { decision: acting.decision as PendingDecision } : {}),
  };
}

/** What GET /v1/scenarios shows of a hex scenario besides its id, title, rules and playability. */
function hexSummary(doc: ScenarioDocument, mapProvenance: string | undefined) {
  return {
    date: doc.date,
    year: doc.year,
    turns: doc.turns,
    setup: doc.setup.kind,
    orderOfBattle: doc.counters || doc.missing?.length ? 'incomplete' : 'printed',
    ...(doc.counters ? { counters: doc.counters } : {}),
    // A side the players supply with no printed unit: a game needs options.counters
    // (else 422 COUNTERS_REQUIRED, 16.1; requireArmies in scenario/counters.ts).
    needsCounters: (doc.counters?.sides ?? []).some(
      (side) => !doc.units.some((u) => u.side === side),
    ),
    ...(doc.missing?.length ? { missing: doc.missing } : {}),
    mapProvenance,
  };
}

function hexSystem(id: 'blue-grey' | 'classic'): RulesSystem<GameContext, GameState> {
  return {
    id,
    scenarios: {
      schemas: { scenario: 'scenario.schema.json', map: 'map.schema.json' },
      check: (scenario, map) =>
        validateScenarioPackage(scenario as ScenarioDocument, map as MapDocument).filter(
          (e): e is DocumentProblem => e.document !== 'counters',
        ),
      summary: (scenario, mapProvenance) => hexSummary(scenario as ScenarioDocument, mapProvenance),
    },
    prepare(scenario: unknown, map: unknown, options?: GameOptions, tables?: unknown): GameContext {
      const doc = scenario as ScenarioDocument;
      const mapDoc = map as MapDocument;
      // Counters the players supply are merged first (422 INVALID_COUNTERS from the service).
      const counters = options?.counters;
      return prepareGame(
        gameScenario(doc, counters === undefined ? undefined : { counters }, mapDoc),
        mapDoc,
        tables as MapTables | undefined,
      );
    },
    // The map's terrain tables and movement board: most of a preparation's CPU on a large map.
    prepareTables: (map: unknown): MapTables => buildMapTables(map as MapDocument),
    scenarioId: (ctx) => ctx.scenario.id,
    gaps: (scenario) => notYetSupported(scenario as ScenarioDocument),
    newGame: (ctx, options: GameOptions, dice: Dice, revision?: number) =>
      newGame(ctx, options, dice, revision),
    // A hex game's pending decisions are public: every reader sees the choices.
    mustAct: (ctx, state) => hexMustAct(ctx, state),
    legalOrders: (ctx, state, seat) => legalOrders(ctx, state, seat),
    applyOrder: (ctx, state, seat, order, dice) => applyOrder(ctx, state, seat, order, dice),
    attackOdds: (ctx, state, seat, order) => attackOdds(ctx, state, seat, order),
    view: (ctx, state) => hexGameView(ctx, state),
    stateFor(ctx, state, reader: Reader, finished: boolean) {
      // Sealed choices of the other side are left out until the game is over (secrecy.ts).
      if (finished || !hiddenFrom(ctx, state, reader)) return { state, redacted: false };
      return { state: stateForReader(ctx, state, reader), redacted: true };
    },
    // No event of a hex game carries a sealed choice: the orders do (17.62).
    eventsFor: (_ctx, events) => events,
    orderFor: (ctx, order, _seat, reader, finished) => orderForReader(ctx, order, reader, finished),
    victory: (ctx, state) => victoryStanding(ctx, state),
    competitionScore: (ctx, result: GameResult) =>
      competitionScoreOf(ctx.scenario.victory, result.winner, result.level),
    renderBoard: (ctx, seq, state, before, last) =>
      renderBoardSvg(
        ctx,
        boardPosition(ctx, seq, state as GameState, before as GameState | null, last),
      ),
  };
}

/** The revised 2nd edition (and the 1975 rules when a game's options.rules ask for them). */
export const BLUE_GREY_RULES = hexSystem('blue-grey');
/** Scenarios written for the 1975 SPI standard rules. */
export const CLASSIC_RULES = hexSystem('classic');
