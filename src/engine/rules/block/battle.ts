/**
 * The block battle engine (Bobby Lee & Sam Grant, 6.0 Battles – 7.6):
 * who must act, the orders a seat may give, applying one, and the result.
 * Pure: every call clones the state it is given.
 *
 * One legal-order generator (battleLegalOrders) lists exactly the orders
 * applyBattleOrder accepts; both rest on the same per-section predicates
 * (fireOptions, moveOptions, outflankTargets, unitRetreatHexsides, …).
 *
 * After each order the engine runs on by itself (advance) through what
 * needs no decision — hits, pursuit, melee rounds, routs, the end of the
 * battle, phases in which the phasing player has nothing to choose — and
 * stops where a seat must decide.
 */
import type { Dice } from '../../dice';
import type { BlockApplyResult, BlockBattleState, BlockOrder, BlockUnit, Side } from './types';
import { otherSide } from './types';
import { battleUnits, cellId, isEngaged, unitById } from './battle-board';
import { BattleRefusal, emit, refuse, type Run } from './battle-run';
import { applyHitQueue } from './battle-hits';
import {
  declareRetreat,
  enqueuePursuit,
  finishRetreat,
  mayRetreatBySea,
  NAVAL,
  unitRetreatHexsides,
  retreatRoom,
  retreatRouteOpen,
  retreatableUnits,
} from './battle-retreat';
import { fireOptions, fireOrder } from './battle-fire';
import { afterMeleeRound, meleeCells, meleeChoice, meleeOrder } from './battle-melee';
import {
  endMoves,
  forceDisengage,
  lostChoice,
  moveOptions,
  moveOrder,
  outflankOrder,
  outflankTargets,
} from './battle-moves';
import { reinforceOrder, reinforcements } from './battle-reinforcements';
import {
  deployCells,
  deployDone,
  deployableUnits,
  deploymentProblem,
  placeOrder,
} from './battle-deployment';
import { endTurn, nextDay, startTurn } from './battle-time';
import { battleHqs, endNightTurn, nightChoice } from './battle-night';
import { regroupOrder } from './battle-regroup';

export interface MustAct {
  seats: Side[];
  kind: string;
  simultaneous?: boolean;
}

/** Who must act now, and on what (notes §10). Never both seats in a battle: deployment is hidden-sequential. */
export function battleMustAct(state: BlockBattleState): MustAct | null {
  if (state.pending) return { seats: [state.pending.side], kind: state.pending.kind };
  const p = state.phase;
  switch (p.name) {
    case 'over':
      return null;
    case 'deploy':
      return { seats: [p.side], kind: p.night ? 'night-deploy' : 'deploy' };
    case 'night-choice':
    case 'night-retreat':
    case 'night-reinforce':
    case 'regroup':
      return { seats: [p.side], kind: p.name };
    default:
      return { seats: [state.turnSide], kind: p.name };
  }
}

function clone(state: BlockBattleState): BlockBattleState {
  return structuredClone(state);
}

/** Every order `seat` may give now. */
export function battleLegalOrders(state: BlockBattleState, seat: Side): BlockOrder[] {
  const run: Run = { s: clone(state), dice: noDice, events: [] };
  return listOrders(run, seat, true);
}

const noDice: Dice = {
  d6() {
    throw new Error('listing orders rolls no dice');
  },
  drawn: 0,
};

function listOrders(run: Run, seat: Side, withEndPhase: boolean): BlockOrder[] {
  const s = run.s;
  const act = battleMustAct(s);
  if (!act || !act.seats.includes(seat)) return [];
  const out: BlockOrder[] = [];
  const end = () => {
    if (withEndPhase) out.push({ type: 'end-phase' });
  };
  if (s.pending?.kind === 'allocate-hit') {
    for (const id of s.pending.candidates) out.push({ type: 'take-hit', unit: id });
    return out;
  }
  if (s.pending?.kind === 'lost-choice') {
    const unit = s.pending.units[0];
    out.push({ type: 'outflank-engage', unit }, { type: 'outflank-return', unit });
    return out;
  }
  if (s.pending?.kind === 'melee-choice') {
    if (s.melee?.stage === 'active-choice')
      out.push({ type: 'melee-continue' }, { type: 'melee-disengage' });
    else out.push({ type: 'melee-fight' }, { type: 'melee-disengage' });
    return out;
  }
  const p = s.phase;
  switch (p.name) {
    case 'deploy':
      for (const u of deployableUnits(run, seat))
        for (const c of deployCells(run, u)) out.push({ type: 'place', unit: u.id, cell: c });
      if (deploymentProblem(run, seat) === null) out.push({ type: 'deploy-done' });
      return out;
    case 'retreat':
    case 'night-retreat':
      for (const u of retreatableUnits(run, seat)) {
        for (const h of unitRetreatHexsides(run, u))
          out.push({ type: 'retreat', unit: u.id, hexside: h.id });
        // 10.5: an invader may also go back by sea
        if (mayRetreatBySea(run, u)) out.push({ type: 'retreat', unit: u.id, hexside: NAVAL });
      }
      end();
      return out;
    case 'fire':
      for (const c of meleeCells(run)) out.push({ type: 'melee', cell: c });
      for (const u of s.units)
        if (u.side === seat)
          for (const o of fireOptions(run, u))
            out.push({ type: 'fire', unit: u.id, target: o.target });
      end();
      return out;
    case 'moves':
      for (const u of s.units) {
        if (u.side !== seat) continue;
        for (const m of moveOptions(run, u)) out.push({ type: 'move', unit: u.id, to: m.to });
        for (const t of outflankTargets(run, u))
          out.push({ type: 'outflank', unit: u.id, target: t });
      }
      end();
      return out;
    case 'reinforce':
    case 'night-reinforce':
      for (const u of reinforcements(run, seat)) out.push({ type: 'reinforce', unit: u.id });
      end();
      return out;
    case 'night-choice':
      out.push({ type: 'night-retreat' });
      if (seat === s.defender) out.push({ type: 'night-continue' });
      else for (const hq of battleHqs(run, seat)) out.push({ type: 'night-continue', hq: hq.id });
      return out;
    case 'regroup':
      if (p.mode !== 'reinforce')
        for (const u of battleUnits(s, seat))
          if (u.place.kind === 'cell')
            for (const h of s.hexsides)
              if (retreatRouteOpen(run, seat, h) && retreatRoom(run, seat, h) > 0)
                out.push({ type: 'regroup-retreat', unit: u.id, hexside: h.id });
      if (p.mode !== 'retreat')
        for (const u of reinforcements(run, seat))
          out.push({ type: 'regroup-reinforce', unit: u.id });
      end();
      return out;
    default:
      return out;
  }
}

/** Applies one order of `seat`; a refusal leaves the state untouched. */
export function applyBattleOrder(
  state: BlockBattleState,
  seat: Side,
  order: unknown,
  dice: Dice,
): BlockApplyResult {
  const run: Run = { s: clone(state), dice, events: [] };
  try {
    if (
      typeof order !== 'object' ||
      order === null ||
      typeof (order as BlockOrder).type !== 'string'
    )
      refuse('BAD_ORDER', '—', 'an order is an object with a "type"');
    const act = battleMustAct(run.s);
    if (!act) refuse('GAME_OVER', '6.1', 'the battle is over');
    if (!act.seats.includes(seat))
      refuse(
        'NOT_YOUR_TURN',
        '6.1',
        `it is not for ${seat} to act now (${act.kind} of ${act.seats.join(', ')})`,
      );
    dispatch(run, seat, order as BlockOrder);
    advance(run);
  } catch (err) {
    if (err instanceof BattleRefusal) return { ok: false, refusal: err.refusal };
    throw err;
  }
  run.s.diceDrawn = dice.drawn;
  return { ok: true, state: run.s, events: run.events };
}

function dispatch(run: Run, seat: Side, o: BlockOrder): void {
  const s = run.s;
  if (s.pending?.kind === 'allocate-hit') {
    if (o.type !== 'take-hit')
      refuse('HIT_CHOICE_PENDING', '7.32', 'choose which block takes the hit first (take-hit)');
    const pending = s.pending;
    if (!pending.candidates.includes(o.unit as string))
      refuse(
        'BAD_HIT_CHOICE',
        '7.32',
        `the hit must go to one of your highest-CV blocks: ${pending.candidates.join(', ')}`,
      );
    s.pending = null;
    applyHitQueue(run, o.unit as string);
    return;
  }
  if (s.pending?.kind === 'melee-choice') return meleeChoice(run, seat, o.type);
  if (s.pending?.kind === 'lost-choice') {
    if (lostChoice(run, o.type, o.unit)) s.phase = { name: 'reinforce' };
    return;
  }
  const p = s.phase;
  switch (o.type) {
    case 'place':
      return placeOrder(run, seat, o.unit, o.cell);
    case 'deploy-done': {
      const night = p.name === 'deploy' && p.night;
      deployDone(run, seat);
      if (seat === s.attacker) {
        if (night) nextDay(run);
        else {
          s.day = 1;
          s.slot = 'dawn';
          startTurn(run, s.attacker);
        }
      }
      return;
    }
    case 'retreat':
      if (p.name !== 'retreat' && p.name !== 'night-retreat')
        refuse(
          'WRONG_PHASE',
          '7.1',
          'retreats are declared in the Retreat phase (7.1) or a night retreat (6.31)',
        );
      return declareRetreat(run, seat, o.unit, o.hexside);
    case 'melee':
      if (p.name !== 'fire')
        refuse('WRONG_PHASE', '7.35', 'melees are declared in the Combat phase (7.35)');
      return meleeOrder(run, o.cell);
    case 'fire':
      if (p.name !== 'fire') refuse('WRONG_PHASE', '7.3', 'blocks fire in the Combat phase (7.3)');
      return fireOrder(run, o.unit, o.target);
    case 'move':
      if (p.name !== 'moves')
        refuse('WRONG_PHASE', '7.4', 'battle moves are made in the Battle Moves phase (7.4)');
      return moveOrder(run, o.unit, o.to);
    case 'outflank':
      if (p.name !== 'moves') refuse('WRONG_PHASE', '7.43', 'outflanking is a battle move (7.43)');
      return outflankOrder(run, o.unit, o.target);
    case 'outflank-two-space':
      return refuse(
        'NOT_YET_SUPPORTED',
        '7.43',
        'the two-space move by the Outflank roll (7.43, last paragraph) is not yet supported',
      );
    case 'reinforce':
      if (p.name !== 'reinforce' && p.name !== 'night-reinforce')
        refuse(
          'WRONG_PHASE',
          '7.5',
          'reinforcements enter in the Reinforcements phase (7.5) or at night (6.31)',
        );
      return reinforceOrder(run, seat, o.unit);
    case 'night-retreat':
    case 'night-continue':
      if (p.name !== 'night-choice')
        refuse('WRONG_PHASE', '6.31', 'night choices are made at night (6.31)');
      return nightChoice(run, seat, o.type, o.hq);
    case 'regroup-retreat':
    case 'regroup-reinforce':
      return regroupOrder(run, seat, o.type, o.unit, o.hexside);
    case 'end-phase':
      return endPhase(run, seat);
    default:
      refuse('BAD_ORDER', '—', `unknown order type "${o.type}"`);
  }
}

function endPhase(run: Run, seat: Side): void {
  const s = run.s;
  const p = s.phase;
  switch (p.name) {
    case 'retreat':
      enqueuePursuit(run, seat, false);
      s.resolvingRetreat = seat;
      s.phase = { name: 'fire' };
      return;
    case 'fire':
      s.phase = { name: 'moves' };
      // 7.2 (A54): a Morale Poor block makes a forced Disengage
      for (const u of s.units)
        if (u.side === seat && u.moralePoor && isEngaged(s, u))
          forceDisengage(run, u, 'Morale Poor (7.2)');
      return;
    case 'moves':
      if (endMoves(run)) s.phase = { name: 'reinforce' };
      return;
    case 'reinforce':
      return endTurn(run);
    case 'night-retreat':
    case 'night-reinforce':
      return endNightTurn(run, seat);
    case 'regroup':
      s.phase = { name: 'over' };
      emit(run, { type: 'regroup-over', side: seat });
      return;
    default:
      refuse('WRONG_PHASE', '6.1', `there is no phase to end now (${p.name})`);
  }
}

function battleOver(run: Run): boolean {
  const s = run.s;
  if (s.result || (s.phase.name === 'deploy' && !s.phase.night)) return false;
  const a = battleUnits(s, s.attacker).length;
  const d = battleUnits(s, s.defender).length;
  if (a > 0 && d > 0) return false;
  const victor = a > 0 ? s.attacker : d > 0 ? s.defender : null;
  s.result = {
    victor,
    reason:
      victor === null
        ? 'both sides gone from the battle (A52)'
        : `the ${otherSide(victor)} side has no block left in the battle (6.1)`,
    confederateUnits: s.units.filter((u) => u.side === 'confederate' && u.fought).length,
  };
  s.melee = null;
  s.pending = null;
  s.hitQueue = [];
  s.routing = null;
  emit(run, {
    type: 'battle-over',
    victor,
    reason: s.result.reason,
    confederateUnits: s.result.confederateUnits,
    rule: '6.1',
  });
  s.phase = victor ? { name: 'regroup', side: victor, mode: null } : { name: 'over' };
  return true;
}

/** Whether the seat to act has anything to decide besides ending the phase. */
function onlyEndPhase(run: Run): boolean {
  const act = battleMustAct(run.s);
  if (!act || run.s.pending) return false;
  const orders = listOrders(run, act.seats[0], false);
  return (
    orders.length === 0 &&
    [
      'retreat',
      'fire',
      'moves',
      'reinforce',
      'night-retreat',
      'night-reinforce',
      'regroup',
    ].includes(run.s.phase.name)
  );
}

/** Runs on until a seat must decide (or the battle is over). */
function advance(run: Run): void {
  const s = run.s;
  for (let guard = 0; guard < 10000; guard++) {
    if (s.phase.name === 'over') return;
    if (s.pending) return;
    if (s.hitQueue.length > 0) {
      if (!applyHitQueue(run)) return;
      continue;
    }
    if (s.melee && s.melee.stage === 'resolving') {
      afterMeleeRound(run);
      continue;
    }
    if (s.resolvingRetreat) {
      const side = s.resolvingRetreat;
      const wasRouting = s.routing === side;
      s.resolvingRetreat = null;
      finishRetreat(run, side);
      if (wasRouting) s.routing = null;
      continue;
    }
    if (battleOver(run)) continue;
    if (s.melee) return; // a melee choice is pending
    if (onlyEndPhase(run)) {
      endPhase(run, battleMustAct(s)!.seats[0]);
      continue;
    }
    return;
  }
  throw new Error(
    `battle engine did not settle: ${JSON.stringify({ phase: s.phase, slot: s.slot, day: s.day, turnSide: s.turnSide, q: s.hitQueue, melee: s.melee, routing: s.routing, res: s.resolvingRetreat, ev: run.events.slice(-6) })}`,
  );
}

export interface BattleVictory {
  over: boolean;
  winner: Side | null;
  reason: string | null;
  confederateUnits: number | null;
}

export function battleVictory(state: BlockBattleState): BattleVictory {
  return {
    over: state.phase.name === 'over',
    winner: state.result?.victor ?? null,
    reason: state.result?.reason ?? null,
    confederateUnits: state.result?.confederateUnits ?? null,
  };
}

export { cellId, unitById };
export type { BlockUnit };
