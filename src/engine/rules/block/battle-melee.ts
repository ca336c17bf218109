/**
 * 7.35 Melee (and the Melee Diagram, L1105–1111; 7.6 for fortresses).
 *
 * In his Fire phase, before any other block fires, the phasing player may
 * melee in a cell where his blocks are engaged, instead of firing them: all
 * his blocks there that have not fired take part, against every enemy
 * block there (A46). Round 1 is simultaneous (Inf/Brig/Cav F3, Gar F2,
 * Art/HA/HQ F1), with Double Defense in forest and marsh battles. Then the
 * active player chooses a second round or to Disengage; if he fights on,
 * the opponent chooses to fight or to Disengage (conceding the cell). Half
 * hits carry from round 1 to round 2. If the active player has not won the
 * cell after the last round, his melee blocks Disengage at once. The
 * Attacker may not start a melee against a fortress's Defenders; they may
 * start one, but without Double Defense (7.6).
 */
import type { BlockUnit, CellId } from './types';
import { otherSide } from './types';
import { firepower } from './battle-units';
import { cellEngaged, hasDoubleDefense, isLineCell, unitById, unitsIn } from './battle-board';
import { emit, refuse, roll, type Run } from './battle-run';
import { enqueueHits } from './battle-hits';
import { forceDisengage } from './battle-moves';

/** Cells where the phasing player may declare a melee now. */
export function meleeCells(run: Run): CellId[] {
  const s = run.s;
  if (s.turn.fireStarted || s.melee) return [];
  if (s.terrain === 'fortress' && s.turnSide === s.attacker) return []; // 7.6
  const out: CellId[] = [];
  const seen = new Set<string>();
  for (const u of s.units) {
    if (u.side !== s.turnSide || u.place.kind !== 'cell' || u.fired || u.moralePoor) continue;
    const c = u.place.cell;
    if (seen.has(c) || !isLineCell(c) || !cellEngaged(s, c)) continue;
    seen.add(c);
    out.push(c);
  }
  return out;
}

function meleeRound(run: Run): void {
  const s = run.s;
  const m = s.melee!;
  const active = m.units
    .map((id) => unitById(s, id))
    .filter((u): u is BlockUnit => !!u && u.place.kind === 'cell' && u.place.cell === m.cell);
  const foes = unitsIn(s, m.cell, otherSide(m.side));
  // 7.35: melee participants are engaged, so face-up (sb "Battle Fog of War")
  for (const u of [...active, ...foes]) u.revealed = true;
  const volley = (firers: BlockUnit[]) =>
    firers.map((u) => {
      const dice = roll(run, u.cv);
      const fp = firepower(u.type, u.side, 'melee', s, s.terrain);
      return {
        unit: u.id,
        side: u.side,
        cv: u.cv,
        firepower: fp,
        dice,
        hits: dice.filter((d) => d <= fp).length,
      };
    });
  // simultaneous: both sides roll before any hit is applied
  const a = volley(active);
  const d = volley(foes);
  emit(run, {
    type: 'melee-round',
    cell: m.cell,
    round: m.round,
    active: a,
    defending: d,
    rule: '7.35',
  });
  const batch = (targets: BlockUnit[], hits: number) => {
    if (targets.length === 0) return;
    const side = targets[0].side;
    enqueueHits(run, {
      side,
      targets: targets.map((t) => t.id),
      hits,
      dd: hasDoubleDefense(s, targets[0], true),
      halfKey: `${side}|${m.cell}`,
      why: `melee round ${m.round} (7.35)`,
    });
  };
  batch(
    foes,
    a.reduce((n, x) => n + x.hits, 0),
  );
  batch(
    active,
    d.reduce((n, x) => n + x.hits, 0),
  );
  m.stage = 'resolving';
}

export function meleeOrder(run: Run, cell: unknown): void {
  const s = run.s;
  const c = meleeCells(run).find((x) => x === cell);
  if (!c) {
    if (s.terrain === 'fortress' && s.turnSide === s.attacker)
      refuse(
        'NO_MELEE',
        '7.6',
        'the Attacker may not start a melee against the Defenders of a fortress (7.6)',
      );
    refuse(
      'NO_MELEE',
      '7.35',
      s.turn.fireStarted
        ? 'melees must be declared before any other block fires this turn (7.35)'
        : `${String(cell)} is not a cell where your unfired blocks are engaged (7.35)`,
    );
  }
  const units = unitsIn(s, c, s.turnSide).filter((u) => !u.fired && !u.moralePoor);
  for (const u of units) {
    u.fired = true; // melee blocks count as having fired: no battle move (7.35)
    u.revealed = true;
  }
  s.melee = {
    cell: c,
    side: s.turnSide,
    units: units.map((u) => u.id),
    round: 1,
    stage: 'resolving',
  };
  emit(run, { type: 'melee', cell: c, side: s.turnSide, units: s.melee.units, rule: '7.35' });
  meleeRound(run);
}

/** After a round's hits are applied: the cell won, or the next choice (7.35). */
export function afterMeleeRound(run: Run): void {
  const s = run.s;
  const m = s.melee!;
  const activeLeft = unitsIn(s, m.cell, m.side).filter((u) => m.units.includes(u.id));
  const foesLeft = unitsIn(s, m.cell, otherSide(m.side));
  if (foesLeft.length === 0 || activeLeft.length === 0) {
    emit(run, {
      type: 'melee-over',
      cell: m.cell,
      won: foesLeft.length === 0 && activeLeft.length > 0,
    });
    s.melee = null;
    return;
  }
  if (m.round === 2) {
    endMeleeWithDisengage(run, 'the active player did not win the cell in the second round (7.35)');
    return;
  }
  m.stage = 'active-choice';
  s.pending = { kind: 'melee-choice', side: m.side };
}

function endMeleeWithDisengage(run: Run, why: string): void {
  const s = run.s;
  const m = s.melee!;
  s.melee = null;
  for (const u of unitsIn(s, m.cell, m.side).filter((x) => m.units.includes(x.id)))
    forceDisengage(run, u, why);
  emit(run, { type: 'melee-over', cell: m.cell, won: false });
}

/** The answers to the melee interrupt (notes §10 D11). */
export function meleeChoice(run: Run, seat: string, type: string): void {
  const s = run.s;
  const m = s.melee;
  if (!m || !s.pending || s.pending.kind !== 'melee-choice' || s.pending.side !== seat)
    refuse('NO_MELEE_CHOICE', '7.35', 'there is no melee choice of yours to make');
  s.pending = null;
  if (m.stage === 'active-choice') {
    if (type === 'melee-disengage')
      return endMeleeWithDisengage(run, 'declined a second round (7.35)');
    if (type !== 'melee-continue')
      refuse('BAD_MELEE_CHOICE', '7.35', 'answer melee-continue or melee-disengage');
    m.stage = 'defender-choice';
    s.pending = { kind: 'melee-choice', side: otherSide(m.side) };
    emit(run, { type: 'melee-choice', side: m.side, choice: 'continue' });
    return;
  }
  if (type === 'melee-disengage') {
    emit(run, { type: 'melee-choice', side: otherSide(m.side), choice: 'disengage' });
    s.melee = null;
    for (const u of unitsIn(s, m.cell, otherSide(m.side)))
      forceDisengage(run, u, 'disengaged from the melee, conceding the cell (7.35)');
    emit(run, {
      type: 'melee-over',
      cell: m.cell,
      won: unitsIn(s, m.cell, otherSide(m.side)).length === 0,
    });
    return;
  }
  if (type !== 'melee-fight')
    refuse('BAD_MELEE_CHOICE', '7.35', 'answer melee-fight or melee-disengage');
  emit(run, { type: 'melee-choice', side: otherSide(m.side), choice: 'fight' });
  m.round = 2;
  meleeRound(run);
}
