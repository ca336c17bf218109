/**
 * Sequence of play (4.0): Game-Turns of two Player-Turns, each a Movement
 * Phase then a Combat Phase; the Game-Turn Record Interphase advances the
 * turn; the game ends after the last Game-Turn (3.0, 4.0). Night turns come
 * from the scenario (11.0). Phases end only by an explicit end-phase order.
 */
import type { Dice } from '../../dice';
import type { GameContext } from '../../game';
import type { GameState, MovementPhaseState } from '../../state';
import type { GameEvent, Side } from '../../types';
import { otherSide } from '../../types';
import { endCombatPhase, startCombatPhase } from './combat-phase';
import { evaluateVictory } from './victory';

export function freshMovementPhase(): MovementPhaseState {
  return { moved: [], entered: {}, marked: [], enteredEnemyZoc: [] };
}

export function isNight(ctx: GameContext, turn: number): boolean {
  return ctx.scenario.nightTurns.includes(turn);
}

/** Movement Phase → Combat Phase (4.0 A → B). */
export function toCombatPhase(
  ctx: GameContext,
  state: GameState,
  dice: Dice,
): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [
    { type: 'phase-ended', phase: 'movement', side: state.phasing, turn: state.turn },
  ];
  // startCombatPhase reads the Movement Phase's record (12.16 units that moved, 11.21 units that
  // moved into an enemy ZOC) before it clears it.
  const next: GameState = { ...state, phase: 'combat' };
  const started = startCombatPhase(ctx, next, dice);
  events.push({ type: 'phase-started', phase: 'combat', side: state.phasing, turn: state.turn });
  events.push(...started.events);
  return { state: started.state, events };
}

/**
 * Combat Phase → next Player-Turn's Movement Phase, or through the
 * Game-Turn Record Interphase to the next Game-Turn, or the end of the game.
 */
export function afterCombatPhase(
  ctx: GameContext,
  state: GameState,
  dice: Dice,
): { state: GameState; events: GameEvent[] } {
  const ended = endCombatPhase(ctx, state, dice);
  const events: GameEvent[] = [
    ...ended.events,
    { type: 'phase-ended', phase: 'combat', side: state.phasing, turn: state.turn },
  ];
  const next = nextPlayerTurn(ctx, ended.state, dice);
  return { state: next.state, events: [...events, ...next.events] };
}

/** Whether an exclusive rule leaves `side` without a Player-Turn on `turn` (Cemetery Hill 16.32). */
export function playerTurnSkipped(ctx: GameContext, turn: number, side: Side): boolean {
  return ctx.hooks.some((h) => h.skipsPlayerTurn?.(ctx, turn, side));
}

/**
 * At the start of a Movement Phase: if its side has no Player-Turn now
 * (Cemetery Hill 16.32), the Player-Turn is skipped — its end-of-Player-Turn
 * rules still run — and play goes on to the next Player-Turn; repeated while
 * skipped.
 */
export function skipPlayerTurns(
  ctx: GameContext,
  state: GameState,
  dice?: Dice,
): { state: GameState; events: GameEvent[] } {
  if (state.phase !== 'movement' || !playerTurnSkipped(ctx, state.turn, state.phasing))
    return { state, events: [] };
  const events: GameEvent[] = [
    { type: 'player-turn-skipped', side: state.phasing, turn: state.turn },
  ];
  const next = nextPlayerTurn(ctx, state, dice);
  return { state: next.state, events: [...events, ...next.events] };
}

/** End-of-Player-Turn rules of the exclusive-rule hooks (Cemetery Hill 20.3 tallies; First Bull Run 18.0 rolls). */
function endOfPlayerTurn(
  ctx: GameContext,
  state: GameState,
  dice?: Dice,
): { state: GameState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const h of ctx.hooks) {
    const r = h.endOfPlayerTurn?.(ctx, s, s.phasing, dice);
    if (r) {
      s = r.state;
      events.push(...r.events);
    }
  }
  return { state: s, events };
}

/** From the end of the phasing side's Player-Turn to the next Player-Turn's Movement Phase, or the end of the game. */
function nextPlayerTurn(
  ctx: GameContext,
  state: GameState,
  dice?: Dice,
): { state: GameState; events: GameEvent[] } {
  const ended = endOfPlayerTurn(ctx, state, dice);
  // An exclusive rule may end the game here (Fredericksburg 20.0 automatic victory).
  if (ended.state.phase === 'finished') return ended;
  const events: GameEvent[] = [...ended.events];
  let next = ended.state;
  if (next.phasing === ctx.scenario.firstPlayer) {
    // 4.0: the Second Player-Turn.
    next = {
      ...next,
      phase: 'movement',
      phasing: otherSide(next.phasing),
      movement: freshMovementPhase(),
      combat: null,
    };
  } else {
    // 4.0 (3): Game-Turn Record Interphase.
    const turn = next.turn + 1;
    if (turn > ctx.scenario.turns) {
      const result = evaluateVictory(ctx, next);
      next = { ...next, phase: 'finished', movement: null, combat: null, result };
      events.push({
        type: 'game-ended',
        reason: result.reason,
        winner: result.winner,
        level: result.level,
      });
      return { state: next, events };
    }
    next = {
      ...next,
      turn,
      night: isNight(ctx, turn),
      phase: 'movement',
      phasing: ctx.scenario.firstPlayer,
      movement: freshMovementPhase(),
      combat: null,
    };
    events.push({ type: 'turn-started', turn, night: next.night });
  }
  events.push({ type: 'phase-started', phase: 'movement', side: next.phasing, turn: next.turn });
  const skipped = skipPlayerTurns(ctx, next, dice);
  return { state: skipped.state, events: [...events, ...skipped.events] };
}
