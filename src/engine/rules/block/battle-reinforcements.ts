/**
 * 7.5 Reinforcements, 7.51 Reinforcement Limits, 7.53 Nighttime
 * Reinforcements (Western Theater); 6.31 doubles the limits at Night.
 *
 * Last phase of a player's Battle Turn: his unengaged blocks in adjacent
 * hexes (here: waiting across a hexside of the battle hex) enter his
 * Reserve, hidden, up to the hexside's Reinforce limit per Battle Turn. A
 * "DR" hexside admits one block on a 1d6 roll of 4+, rolled once per
 * hexside and turn; at Night a DR is rolled twice, each success admitting
 * one (A47), and 0 stays 0. Disrupted blocks may not reinforce (7.13). In
 * the West the USA, as Defender, may reinforce at Night across a Major
 * River without a bridge, two blocks per hexside (7.53). An Attacker's
 * reinforcement hexside becomes one of his retreat routes (7.11).
 */
import type { BattleHexside, BlockUnit, Side } from './types';
import { reinforceLimit, type Limit } from './battle-units';
import { cellId } from './battle-board';
import { emit, refuse, roll, type Run } from './battle-run';
import { placeInCell } from './battle-moves';

export function hexsideReinforceLimit(run: Run, side: Side, h: BattleHexside): Limit {
  const s = run.s;
  const night = s.slot === 'night';
  if (
    night &&
    h.terrain === 'major-river' &&
    s.theater === 'west' &&
    side === 'union' &&
    s.defender === 'union'
  )
    return 2; // 7.53
  const base = reinforceLimit(h.terrain, s.weather);
  if (base === 'DR' || !night) return base;
  return base * 2;
}

function key(side: Side, h: BattleHexside): string {
  return `${side}|${h.id}`;
}

/** Room left across `h` this turn; null = a DR not yet rolled. */
export function reinforceRoom(run: Run, side: Side, h: BattleHexside): number | null {
  const s = run.s;
  const limit = hexsideReinforceLimit(run, side, h);
  const used = s.turn.reinforcements[key(side, h)] ?? 0;
  if (limit !== 'DR') return limit - used;
  const admits = s.turn.drAdmits[key(side, h)];
  return admits === undefined ? null : admits - used;
}

/** Blocks of `side` that may enter the battle now. */
export function reinforcements(run: Run, side: Side): BlockUnit[] {
  const s = run.s;
  return s.units.filter((u) => {
    if (u.side !== side || u.place.kind !== 'adjacent') return false;
    if (u.disruptedThroughDay !== null || u.regrouped || u.availableDay > s.day) return false;
    const hexside = u.place.hexside;
    const h = s.hexsides.find((x) => x.id === hexside)!;
    const room = reinforceRoom(run, side, h);
    return room === null || room > 0;
  });
}

export function reinforceOrder(run: Run, side: Side, unitId: unknown, why = '7.5'): void {
  const s = run.s;
  const u = s.units.find((x) => x.id === unitId && x.side === side);
  if (!u || u.place.kind !== 'adjacent')
    refuse(
      'NOT_ADJACENT',
      '7.5',
      `${String(unitId)} is not one of your blocks in a hex adjacent to the battle`,
    );
  if (u.disruptedThroughDay !== null)
    refuse('DISRUPTED', '7.13', `${u.id} is Disrupted and may not reinforce this Battle Day`);
  if (u.regrouped) refuse('REGROUPED', '7.52', `${u.id} regrouped and may not reinforce`);
  if (u.availableDay > s.day)
    refuse(
      'NOT_YET_ARRIVED',
      '7.5',
      `${u.id} reaches the adjacent hex only on day ${u.availableDay}`,
    );
  const hexside = u.place.hexside;
  const h = s.hexsides.find((x) => x.id === hexside)!;
  let room = reinforceRoom(run, side, h);
  if (room === null) {
    const dice = roll(run, s.slot === 'night' ? 2 : 1);
    const admits = dice.filter((d) => d >= 4).length;
    s.turn.drAdmits[key(side, h)] = admits;
    emit(run, { type: 'reinforce-roll', side, hexside: h.id, dice, admits, rule: '7.51' });
    room = admits - (s.turn.reinforcements[key(side, h)] ?? 0);
    if (room <= 0) return; // the roll failed: nobody crosses this hexside this turn
  }
  if (room <= 0)
    refuse(
      'HEXSIDE_LIMIT',
      '7.51',
      `the reinforcement limit of hexside ${h.id} is used up this Battle Turn`,
    );
  s.turn.reinforcements[key(side, h)] = (s.turn.reinforcements[key(side, h)] ?? 0) + 1;
  placeInCell(run, u, cellId(side, 'reserve'));
  u.revealed = false;
  u.fought = true;
  if (side === s.attacker && !s.attackerHexsides.includes(h.id)) s.attackerHexsides.push(h.id);
  emit(run, { type: 'reinforced', unit: u.id, side, hexside: h.id, rule: why });
}
