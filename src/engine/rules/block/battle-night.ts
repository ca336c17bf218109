/**
 * 6.31 Night Turns and 6.32 Battle HQs.
 *
 * After nightfall (battle-time.ts) the Defender, then the Attacker, chooses
 * (notes §10 D12): Retreat any blocks — no pursuit, retreat limits doubled
 * (7.12), Disrupted through the next Battle Day (7.13) — or continue and
 * Reinforce at doubled limits. Retreat and Reinforce exclude each other
 * (A49); a Defender who retreats only some blocks fights on with the rest.
 * To continue the Attacker needs a Battle HQ in the battle — a Field HQ,
 * never a Supreme HQ — which he reveals and reduces 1cv (a 1cv HQ may pay
 * and is eliminated, A50); without one he must retreat every block. If
 * both continue, each side, the Defender first, redeploys its Night
 * reinforcements and Reserve (battle-deployment.ts), and the next day
 * begins with the Attacker's Dawn turn.
 */
import type { BlockUnit, Side } from './types';
import { battleUnits } from './battle-board';
import { emit, refuse, type Run } from './battle-run';
import { takeStep } from './battle-hits';
import { autoRetreatHexside, mayRetreatBySea, NAVAL, retreatRoom } from './battle-retreat';
import { nightMovable } from './battle-deployment';

/** 6.32: the Attacker's possible Battle HQs: his Field HQs on the battle board. */
export function battleHqs(run: Run, side: Side): BlockUnit[] {
  return battleUnits(run.s, side).filter(
    (u) => u.type === 'hq' && u.hq && !u.hq.supreme && u.place.kind === 'cell',
  );
}

export function nightChoice(run: Run, side: Side, type: string, hqId: unknown): void {
  const s = run.s;
  const role = side === s.attacker ? 'attacker' : 'defender';
  if (type === 'night-retreat') {
    s.night[role] = 'retreat';
    emit(run, { type: 'night-choice', side, choice: 'retreat', rule: '6.31' });
    s.phase = { name: 'night-retreat', side };
    return;
  }
  if (role === 'attacker') {
    const hq = battleHqs(run, side).find((u) => u.id === hqId);
    if (!hq)
      refuse(
        'NO_BATTLE_HQ',
        '6.32',
        hqId === undefined
          ? 'to fight another day the Attacker must name a Battle HQ (a Field HQ in the battle) and reduce it 1cv (6.32)'
          : `${String(hqId)} is not a Field HQ of yours in this battle; a Supreme HQ cannot be a Battle HQ (6.32)`,
      );
    // 6.32: revealed, then reduced 1cv (A50: a 1cv HQ pays and is eliminated)
    emit(run, {
      type: 'battle-hq',
      unit: hq.id,
      side,
      hq: hq.hq!.code,
      name: hq.name,
      cv: hq.cv,
      rule: '6.32',
    });
    takeStep(run, hq, 'Battle HQ pays for another day (6.32)');
  }
  s.night[role] = 'continue';
  emit(run, { type: 'night-choice', side, choice: 'continue', rule: '6.31' });
  s.phase = { name: 'night-reinforce', side };
}

/**
 * Ends a side's night turn. An Attacker who chose to retreat must take
 * every block out (6.32): those he did not march off go across the first
 * open hexside with room, and are eliminated if none has room.
 */
export function endNightTurn(run: Run, side: Side): void {
  const s = run.s;
  if (s.phase.name === 'night-retreat') {
    if (side === s.attacker)
      for (const u of battleUnits(s, side)) {
        if (u.retreating !== null || u.place.kind !== 'cell') continue;
        if (mayRetreatBySea(run, u)) {
          u.retreating = NAVAL; // 10.5
          emit(run, { type: 'retreat-declared', unit: u.id, side, hexside: NAVAL, rule: '10.5' });
          continue;
        }
        const h = autoRetreatHexside(run, side);
        if (h && retreatRoom(run, side, h) > 0) {
          u.retreating = h.id;
          s.turn.retreats[`${side}|${h.id}`] = (s.turn.retreats[`${side}|${h.id}`] ?? 0) + 1;
          emit(run, { type: 'retreat-declared', unit: u.id, side, hexside: h.id });
        } else {
          u.cv = 0;
          u.place = { kind: 'eliminated' };
          emit(run, {
            type: 'eliminated',
            unit: u.id,
            side,
            why: 'no room to retreat at night (6.32, 7.12)',
          });
        }
      }
    s.resolvingRetreat = side;
  }
  if (side === s.defender) {
    s.turnSide = s.attacker;
    s.phase = { name: 'night-choice', side: s.attacker };
    return;
  }
  s.turnSide = s.defender;
  s.phase = {
    name: 'deploy',
    side: s.defender,
    night: true,
    movable: nightMovable(run, s.defender),
  };
}
