import type { PreparedScenario, Reader, SystemState, SystemView } from '../engine/rules';
import type { GameResult } from '../engine/state';
import type { Side } from '../engine/types';

export type { HexReinforcementView as ReinforcementView } from '../engine/rules/hex-system';
export type { HexUnitView as UnitView } from '../engine/rules/hex-system';

/** Row data a view needs besides the state. */
export interface GameMeta {
  id: string;
  scenarioId: string;
  rulesSystem: string;
  rulesVersion: string;
  /** A testing game (its seed chosen by its creator, never rated); absent: false. */
  testing?: boolean;
  createdAt: Date;
}

export interface MustActView {
  /** The first seat that must act (the only one unless `seats` names several). */
  side: Side;
  /** Every seat that must act now: both at once for a sealed simultaneous decision. */
  seats: Side[];
  /** "phase": the phasing side's turn to give orders; "decision": a pending decision to answer; or the system's own kind. */
  kind: string;
  /** Present (true) when the seats answer a sealed simultaneous decision: answers are held unseen until all are in. */
  simultaneous?: true;
  /** The pending decision with its choices, as the reader may see it. */
  decision?: unknown;
}

export interface ResultView {
  winner: Side | null;
  level: string | null;
  reason: string;
  /** Competition score the scenario prints for the winner's level; null for a draw or resignation without a level. */
  competitionScore: number | null;
}

/** The fields of GET /v1/games/{id} every rules system has. Never carries the seed or the dice. */
export interface GameViewHeader {
  id: string;
  scenario: string;
  rulesSystem: string;
  rulesVersion: string;
  /** "active" or "finished". */
  status: 'active' | 'finished';
  version: number;
  /** The system's count of time (a hex game's Game-Turn, a block game's own). */
  turn: number;
  /** The system's phase; "finished" once over. */
  phase: string;
  mustAct: MustActView | null;
  result: ResultView | null;
  /** True for a game whose creator chose the seed: for testing, never rated (issue 16). */
  testing: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The header fields: everything else in a game view is the rules system's own part (GraphQL Game.view). */
export const GAME_VIEW_HEADER: ReadonlyArray<keyof GameViewHeader> = [
  'id',
  'scenario',
  'rulesSystem',
  'rulesVersion',
  'status',
  'version',
  'turn',
  'phase',
  'mustAct',
  'result',
  'testing',
  'createdAt',
  'updatedAt',
];

/** The rules system's own part of a game view (its fields besides the header). */
export function systemPartOf(view: GameViewDto): Record<string, unknown> {
  const part: Record<string, unknown> = { ...view };
  for (const k of GAME_VIEW_HEADER) delete part[k];
  return part;
}

/**
 * GET /v1/games/{id}: the header and the rules system's own view of the game
 * as the reader may see it (a hex game: turn, phase, units, reinforcements,
 * points… — src/engine/rules/hex-system.ts; a block game: its own fields).
 */
export type GameViewDto = GameViewHeader & SystemView;

export function gameStatus(state: Pick<SystemState, 'phase' | 'result'>): 'active' | 'finished' {
  return state.phase === 'finished' || state.result !== null ? 'finished' : 'active';
}

export function resultView(prepared: PreparedScenario, state: SystemState): ResultView | null {
  return state.result ? resultOf(prepared, state.result) : null;
}

/** A game result as the views show it, with the competition score the scenario prints for it. */
export function resultOf({ system, ctx }: PreparedScenario, result: GameResult): ResultView {
  const { winner, level, reason } = result;
  return { winner, level, reason, competitionScore: system.competitionScore(ctx, result) };
}

/** Who must act, as `reader` may see it: the seats and kind are public, the decision's choices as the system shows them. */
export function mustActView(
  { system, ctx }: PreparedScenario,
  state: SystemState,
  reader: Reader,
): MustActView | null {
  const acting = system.mustAct(ctx, state, reader);
  if (!acting) return null;
  return {
    side: acting.seats[0],
    seats: [...acting.seats],
    kind: acting.kind,
    ...(acting.simultaneous ? { simultaneous: true as const } : {}),
    ...(acting.decision !== undefined ? { decision: acting.decision } : {}),
  };
}

/** Builds the client view of `state` for `reader` (the system's view plus row data) as of `version` / `updatedAt`. */
export function gameView(
  prepared: PreparedScenario,
  meta: GameMeta,
  state: SystemState,
  version: number,
  updatedAt: Date,
  reader: Reader,
): GameViewDto {
  const { system, ctx } = prepared;
  // The header last: a system's view never overrides the game's identity, version or status.
  return {
    ...system.view(ctx, state, reader),
    ...gameViewHeader(prepared, meta, state, version, updatedAt, reader),
  };
}

/** The header of a game view alone (an order's answer with `Prefer: return=minimal`). */
export function gameViewHeader(
  prepared: PreparedScenario,
  meta: GameMeta,
  state: SystemState,
  version: number,
  updatedAt: Date,
  reader: Reader,
): GameViewHeader {
  return {
    id: meta.id,
    scenario: meta.scenarioId,
    rulesSystem: meta.rulesSystem,
    rulesVersion: meta.rulesVersion,
    status: gameStatus(state),
    version,
    turn: state.turn,
    phase: state.phase,
    mustAct: mustActView(prepared, state, reader),
    result: resultView(prepared, state),
    testing: meta.testing === true,
    createdAt: meta.createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}
