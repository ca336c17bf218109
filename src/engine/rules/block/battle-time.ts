/**
 * 6.3 Battle Time and 7.0 Battle Turns; 7.2 Morale (optional).
 *
 * A Battle Day is four pairs of Battle Turns — Dawn, Morning, Afternoon,
 * Dusk, the Attacker first in each — then a Night turn for each side, the
 * Defender first (6.31, battle-night.ts). Each Battle Turn has five phases:
 * Retreat & Pursuit (7.1), Morale (7.2), Combat (7.3), Battle Moves (7.4),
 * Reinforcements (7.5). A half-hit left at the end of a Battle Turn is
 * forfeit (7.36).
 */
import type { Side, Slot, TurnCounters } from './types';
import {
  battleUnits,
  facingCell,
  cellSide,
  isEngaged,
  isLineCell,
  lineCells,
} from './battle-board';
import { emit, roll, type Run } from './battle-run';
import { lostUnitRetreats } from './battle-retreat';
import { placeInCell } from './battle-moves';

export const DAY_SLOTS: readonly Slot[] = ['dawn', 'morning', 'afternoon', 'dusk'];

export function freshTurn(): TurnCounters {
  return { retreats: {}, reinforcements: {}, drAdmits: {}, halfHits: {}, fireStarted: false };
}

function clearTurn(run: Run): void {
  const s = run.s;
  const forfeit = Object.entries(s.turn.halfHits)
    .filter(([, v]) => v > 0)
    .map(([k]) => k);
  if (forfeit.length > 0) emit(run, { type: 'half-hits-forfeit', keys: forfeit, rule: '7.36' });
  s.turn = freshTurn();
  for (const u of s.units) {
    u.fired = false;
    u.moves = [];
    u.moralePoor = false;
  }
}

/** Starts a Battle Turn of `side` in the current slot (7.0), with its Morale checks (7.2). */
export function startTurn(run: Run, side: Side): void {
  const s = run.s;
  clearTurn(run);
  s.turnSide = side;
  s.phase = { name: 'retreat' };
  emit(run, { type: 'battle-turn', day: s.day, slot: s.slot, side });
  if (!s.options.morale) return;
  // 7.2: every engaged 1cv block of the phasing side rolls; 1–3 Morale Poor (A54)
  for (const u of battleUnits(s, side)) {
    if (u.cv !== 1 || !isEngaged(s, u)) continue;
    const [die] = roll(run, 1);
    u.moralePoor = die <= 3;
    emit(run, { type: 'morale-check', unit: u.id, side, die, poor: u.moralePoor, rule: '7.2' });
  }
}

/** Ends the current Battle Turn and starts the next one, or Night (6.3). */
export function endTurn(run: Run): void {
  const s = run.s;
  if (s.turnSide === s.attacker) return startTurn(run, s.defender);
  const i = DAY_SLOTS.indexOf(s.slot);
  if (i >= 0 && i < DAY_SLOTS.length - 1) {
    s.slot = DAY_SLOTS[i + 1];
    return startTurn(run, s.attacker);
  }
  nightfall(run);
}

/**
 * 6.31 (A48): at Night both sides disengage from offensive positions —
 * every block in an enemy-line cell returns to its own facing cell, and
 * each line cell is again its owner's; Disrupted blocks recover; blocks
 * still Lost lose 1cv and retreat (7.43). Then the Defender's night choice.
 */
export function nightfall(run: Run): void {
  const s = run.s;
  clearTurn(run);
  s.slot = 'night';
  s.turnSide = s.defender;
  emit(run, { type: 'night', day: s.day, rule: '6.31' });
  for (const u of s.units) {
    if (u.place.kind !== 'cell') continue;
    const c = u.place.cell;
    if (isLineCell(c) && cellSide(c) !== u.side) {
      const back = facingCell(c);
      placeInCell(run, u, back);
      emit(run, {
        type: 'battle-move',
        unit: u.id,
        side: u.side,
        from: c,
        to: back,
        kind: 'disengage',
        why: 'night (6.31)',
      });
    }
  }
  for (const side of [s.attacker, s.defender])
    for (const c of lineCells(s, side)) s.holders[c] = side;
  for (const u of s.units)
    if (u.disruptedThroughDay !== null && u.disruptedThroughDay <= s.day) {
      u.disruptedThroughDay = null;
      emit(run, { type: 'recovered', unit: u.id, side: u.side, rule: '7.13' });
    }
  for (const u of s.units)
    if (u.place.kind === 'lost' || u.place.kind === 'outflanking')
      lostUnitRetreats(run, u, '7.43: still Lost at nightfall');
  s.night = { defender: null, attacker: null };
  s.phase = { name: 'night-choice', side: s.defender };
}

/** The next Battle Day's Dawn (6.31: "The next day of battle then begins with the Attacker's Dawn turn"). */
export function nextDay(run: Run): void {
  const s = run.s;
  s.day += 1;
  s.slot = 'dawn';
  emit(run, { type: 'battle-day', day: s.day });
  startTurn(run, s.attacker);
}
