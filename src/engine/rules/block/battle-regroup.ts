/**
 * 6.4 Regrouping (and 7.52). At the instant of victory the Victor may
 * either Retreat any or all of his blocks from the battle hex or Reinforce
 * it with any or all adjacent blocks — never both — under the normal rules
 * and limits (the Attacker retreats only across hexsides he attacked or
 * reinforced across, 7.11). Regrouped blocks are Disrupted to the end of
 * the Battle Day (7.13) and may not reinforce another battle (7.52).
 */
import type { Side } from './types';
import { battleUnits } from './battle-board';
import { emit, refuse, type Run } from './battle-run';
import { leaveBattle, retreatRoom, retreatRouteOpen } from './battle-retreat';
import { reinforceOrder } from './battle-reinforcements';

export function regroupOrder(
  run: Run,
  side: Side,
  type: string,
  unitId: unknown,
  hexsideId: unknown,
): void {
  const s = run.s;
  const p = s.phase;
  if (p.name !== 'regroup' || p.side !== side)
    refuse('NOT_REGROUP', '6.4', 'you may not regroup now');
  const mode = type === 'regroup-retreat' ? 'retreat' : 'reinforce';
  if (p.mode !== null && p.mode !== mode)
    refuse(
      'REGROUP_EXCLUSIVE',
      '6.4',
      'a Victor may Retreat or Reinforce when he regroups, not both (6.4)',
    );
  if (mode === 'retreat') {
    const u = battleUnits(s, side).find((x) => x.id === unitId && x.place.kind === 'cell');
    if (!u)
      refuse('NOT_RETREATABLE', '6.4', `${String(unitId)} is not one of your blocks in the battle`);
    const h = s.hexsides.find((x) => x.id === hexsideId);
    if (!h || !retreatRouteOpen(run, side, h) || retreatRoom(run, side, h) <= 0)
      refuse(
        'RETREAT_ROUTE_CLOSED',
        '7.11',
        `you may not retreat across ${String(hexsideId)} (7.11, 7.12)`,
      );
    s.turn.retreats[`${side}|${h.id}`] = (s.turn.retreats[`${side}|${h.id}`] ?? 0) + 1;
    leaveBattle(run, u, h.id, 'regroup (6.4)');
    u.regrouped = true;
    u.disruptedThroughDay = s.day;
  } else {
    reinforceOrder(run, side, unitId, '6.4');
    const u = s.units.find((x) => x.id === unitId)!;
    if (u.place.kind === 'cell') {
      u.regrouped = true;
      u.disruptedThroughDay = s.day;
    }
  }
  p.mode = mode;
  emit(run, { type: 'regrouped', side, unit: unitId, mode, rule: '6.4' });
}
