/**
 * The shape of a movement-side exclusive-rule hook (battles.md §17).
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId, Refusal, RuleHook, Side } from '../../types';

/** What a hook says about one unit's move this phase. */
export type MoveConstraint =
  /** The unit may not move at all (and may not place a marker instead). */
  | { kind: 'forbidden'; refusal: Refusal }
  /** The unit may move only one hex, into one of these hexes. */
  | { kind: 'one-hex'; hexes: HexId[]; refusal: Refusal };

export interface MovementHook {
  hook: string;
  case: string;
  /** Restriction on a unit's move, or null. */
  constraint?(ctx: GameContext, state: GameState, unit: UnitState): MoveConstraint | null;
  /** Why the unit may not place a Rally or Breastworks marker instead of moving, or null. */
  markerRefusal?(ctx: GameContext, state: GameState, unit: UnitState): Refusal | null;
  /**
   * A unit crossing a river ferry or pontoon hex `via` from `from` to `to`
   * (6.28): a refusal if the exclusive rule forbids it; otherwise the
   * hex's entry cost in thirds, or null for the chart's.
   */
  crossing?(ctx: GameContext, state: GameState, side: Side, from: HexId, via: HexId, to: HexId): Refusal | number | null;
  /** Why the phasing side may not end its Movement Phase yet (obligations), or null. */
  endPhaseRefusal?(ctx: GameContext, state: GameState, side: Side, canMove: (unit: UnitState) => boolean): Refusal | null;
}

export type HookFactory = (rule: RuleHook) => MovementHook;
