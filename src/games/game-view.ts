import type { GameContext } from '../engine/game';
import { canOccupy } from '../engine/rules/blue-grey/victory';
import { view } from '../engine/game';
import type { GameResult, GameState, PendingDecision } from '../engine/state';
import type { HexId, Side } from '../engine/types';
import { competitionScoreOf, objectiveHolders } from '../engine/victory';

/** Row data a view needs besides the state. */
export interface GameMeta {
  id: string;
  scenarioId: string;
  rulesSystem: string;
  rulesVersion: string;
  createdAt: Date;
}

export interface UnitView {
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

export interface ReinforcementView {
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

export interface MustActView {
  side: Side;
  /** "phase": the phasing side's turn to give orders; "decision": a pending decision to answer. */
  kind: 'phase' | 'decision';
  /** The pending decision with its choices, when kind is "decision". */
  decision?: PendingDecision;
}

export interface ResultView {
  winner: Side | null;
  level: string | null;
  reason: string;
  /** Competition score the scenario prints for the winner's level; null for a draw or resignation without a level. */
  competitionScore: number | null;
}

/** GET /v1/games/{id}: the whole visible state. Never carries the seed or the dice. */
export interface GameViewDto {
  id: string;
  scenario: string;
  rulesSystem: string;
  rulesVersion: string;
  /** "active" or "finished". */
  status: 'active' | 'finished';
  version: number;
  turn: number;
  /** Number of Game-Turns in the scenario. */
  turns: number;
  night: boolean;
  /** 'setup' (free-deployment set-up before Game-Turn One, 3.0), 'movement', 'combat' or 'finished'. */
  phase: string;
  phasing: Side;
  mustAct: MustActView | null;
  units: UnitView[];
  reinforcements: ReinforcementView[];
  fieldworks: unknown[];
  points: Record<Side, number>;
  eliminatedStrength: Record<Side, number>;
  /** Who occupies each objective hex now (18.31). */
  objectives: Record<HexId, Side | null>;
  result: ResultView | null;
  createdAt: string;
  updatedAt: string;
}

export function gameStatus(state: GameState): 'active' | 'finished' {
  return state.phase === 'finished' || state.result !== null ? 'finished' : 'active';
}

/** Which units can occupy an objective hex: the engine's reading (gunboats never do, 9.6). */
export { canOccupy };

export function resultView(ctx: GameContext, state: GameState): ResultView | null {
  return state.result ? resultOf(ctx, state.result) : null;
}

/** A game result as the views show it, with the competition score the scenario prints for it. */
export function resultOf(ctx: GameContext, result: GameResult): ResultView {
  const { winner, level, reason } = result;
  return {
    winner,
    level,
    reason,
    competitionScore: competitionScoreOf(ctx.scenario.victory, winner, level),
  };
}

function sortByScenarioOrder<T extends { id: string }>(ctx: GameContext, units: T[]): T[] {
  const order = new Map(ctx.scenario.units.map((u, i) => [u.id, i]));
  const rank = (id: string) => order.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...units].sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}

/** Builds the client view of `state` (engine view() plus row data) as of `version` / `updatedAt`. */
export function gameView(
  ctx: GameContext,
  meta: GameMeta,
  state: GameState,
  version: number,
  updatedAt: Date,
): GameViewDto {
  const v = view(ctx, state);
  const blocked = new Set(state.blockedReinforcements ?? []);
  const reinforcements: ReinforcementView[] = [];
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
    id: meta.id,
    scenario: meta.scenarioId,
    rulesSystem: meta.rulesSystem,
    rulesVersion: meta.rulesVersion,
    status: gameStatus(state),
    version,
    turn: v.turn,
    turns: v.turns,
    night: v.night,
    phase: v.phase,
    phasing: v.phasing,
    mustAct: v.mustAct
      ? {
          side: v.mustAct.side,
          kind: v.mustAct.kind,
          ...(v.mustAct.decision ? { decision: v.mustAct.decision } : {}),
        }
      : null,
    // In the scenario's order: the stored state's key order is not kept by jsonb.
    units: sortByScenarioOrder(ctx, v.units).map((u) => ({
      id: u.id,
      side: u.side,
      designation: u.designation,
      type: u.type,
      hex: u.hex,
      status: u.status,
      strength: u.strength,
      morale: u.morale,
      markers: { ...u.markers },
    })),
    reinforcements,
    fieldworks: v.fieldworks,
    points: { union: v.victoryPoints.union, confederate: v.victoryPoints.confederate },
    eliminatedStrength: { ...v.eliminatedStrength },
    objectives: objectiveHolders(ctx.scenario.victory, state, canOccupy(ctx)),
    result: resultView(ctx, state),
    createdAt: meta.createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}
