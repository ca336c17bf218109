/**
 * 7.32 Combat Losses and 7.36 Double Defense.
 *
 * Each hit takes one step off the target-set block with the highest CV at
 * that instant; the owner chooses among equal CVs. With Double Defense a
 * hit only counts every second time: a lone hit waits as a half-hit, kept
 * per (side, cell) for the Battle Turn (per block for counter-battery, A42)
 * and forfeit at its end. A 1cv block that is hit is eliminated.
 *
 * Hit choice (notes §10 D9): option hitAllocation "auto" (the stated
 * default) takes the step off an already revealed block first, then the
 * lowest block id (ids are a seeded shuffle); "ask" makes it an interrupt
 * of the owner — asked whenever two or more blocks are in the target set,
 * not only on a tie, so the question itself never tells the opponent that
 * hidden strengths are equal.
 *
 * Fog (A62 default): everyone learns which block lost a step; its new CV
 * is told to its owner only, unless the block is revealed.
 */
import type { BlockUnit, HitBatch } from './types';
import { emit, type Run } from './battle-run';
import { cellOf, inBattle, unitById, updateHolders } from './battle-board';
import { checkRout } from './battle-retreat';

export function enqueueHits(run: Run, batch: HitBatch): void {
  if (batch.hits > 0 && batch.targets.length > 0) run.s.hitQueue.push(batch);
}

/** Highest-CV blocks of a target set: the ones a hit may fall on (7.32). */
export function hitCandidates(targets: BlockUnit[]): BlockUnit[] {
  const top = Math.max(...targets.map((u) => u.cv));
  return targets.filter((u) => u.cv === top);
}

/** The stated default among equal CVs: a revealed block first, then the lowest id. */
export function defaultHitChoice(candidates: BlockUnit[]): BlockUnit {
  return [...candidates].sort(
    (a, b) => Number(b.revealed) - Number(a.revealed) || (a.id < b.id ? -1 : 1),
  )[0];
}

function liveTargets(run: Run, batch: HitBatch): BlockUnit[] {
  return batch.targets
    .map((id) => unitById(run.s, id))
    .filter((u): u is BlockUnit => u !== undefined && inBattle(u));
}

/** Takes one step off a block (7.32); at 1cv it is eliminated. */
export function takeStep(run: Run, u: BlockUnit, why: string): void {
  const cell = cellOf(u);
  if (u.cv <= 1) {
    u.cv = 0;
    u.place = { kind: 'eliminated' };
    u.retreating = null;
    emit(run, { type: 'eliminated', unit: u.id, side: u.side, cell, why });
    updateHolders(run.s);
    checkRout(run);
    return;
  }
  u.cv -= 1;
  if (u.revealed) emit(run, { type: 'step-lost', unit: u.id, side: u.side, cell, cv: u.cv, why });
  else {
    emit(run, { type: 'step-lost', unit: u.id, side: u.side, cell, why });
    emit(run, { type: 'step-lost-detail', visibleTo: u.side, unit: u.id, cv: u.cv });
  }
}

/**
 * Applies queued hits until the queue is empty (true) or an owner must
 * choose which block takes the next one (false: state.pending is set).
 * `chosen` is the owner's answer to that question.
 */
export function applyHitQueue(run: Run, chosen?: string): boolean {
  const s = run.s;
  while (s.hitQueue.length > 0) {
    const batch = s.hitQueue[0];
    const targets = liveTargets(run, batch);
    if (batch.hits <= 0 || targets.length === 0) {
      s.hitQueue.shift();
      continue;
    }
    if (batch.dd && !chosen) {
      const half = s.turn.halfHits[batch.halfKey] ?? 0;
      if (half === 0) {
        s.turn.halfHits[batch.halfKey] = 1;
        batch.hits -= 1;
        emit(run, { type: 'half-hit', side: batch.side, key: batch.halfKey, why: batch.why });
        continue;
      }
    }
    const candidates = hitCandidates(targets);
    let victim: BlockUnit | undefined;
    if (chosen) {
      victim = candidates.find((u) => u.id === chosen);
      chosen = undefined;
    } else if (s.options.hitAllocation === 'ask' && targets.length >= 2) {
      s.pending = {
        kind: 'allocate-hit',
        side: batch.side,
        candidates: candidates.map((u) => u.id),
      };
      return false;
    }
    victim ??= defaultHitChoice(candidates);
    if (batch.dd) s.turn.halfHits[batch.halfKey] = 0;
    batch.hits -= 1;
    takeStep(run, victim, batch.why);
  }
  return true;
}
