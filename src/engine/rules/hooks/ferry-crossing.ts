/**
 * Shiloh 20.0 River Ferry Crossing: only Union units may use the ferry, only
 * from east to west; entering the ferry hex costs 3 MP; the ferry may not be
 * used while Pittsburg Landing (1508) is occupied by Confederate units (a
 * Confederate Zone of Control there does not close it).
 *
 * "East to west" reading: the bank hex the unit leaves the ferry into lies
 * less than 90° from due west of the bank hex it came from.
 *
 * params: { hexes: HexId[] (the ferry hexes), blockingHex (or objective): HexId (1508),
 *           side?: Side (default "union"), entryCost?: number (MP, default 3),
 *           from?/to?: compass names (default "east" → "west") }
 */
import { COMPASS } from '../../hex';
import type { HexId, RuleHook, Side } from '../../types';
import { refusal } from '../blue-grey/refusals';
import type { MovementHook } from './movement-hook';

export function ferryCrossing(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const hexes = new Set((p.hexes as HexId[]) ?? []);
  const objective = (p.blockingHex ?? p.objective) as HexId | undefined;
  const side = (p.side as Side) ?? 'union';
  const cost = ((p.entryCost ?? p.cost ?? 3) as number) * 3;
  // Direction of use, as compass names (default east → west): the exit bank must lie toward `to`.
  const toward = COMPASS[(p.to as string) ?? 'west'] ?? 270;
  return {
    hook: rule.hook,
    case: rule.case,
    crossing(ctx, state, mover, from, via, to) {
      if (!hexes.has(via)) return null;
      if (mover !== side)
        return refusal('FERRY_CLOSED', rule.case, `only ${side} units may use the Ferry Crossing`);
      const bearing = ctx.map.grid.bearing(from, to);
      if (Math.abs(((bearing - toward + 540) % 360) - 180) >= 90)
        return refusal(
          'FERRY_DIRECTION',
          rule.case,
          'the Ferry Crossing may be used only from east to west',
        );
      if (objective) {
        for (const id in state.units) {
          const u = state.units[id];
          if (u.status === 'on-map' && u.hex === objective && u.side !== side)
            return refusal(
              'FERRY_CLOSED',
              rule.case,
              `the Ferry Crossing may not be used while ${objective} is occupied by the enemy`,
            );
        }
      }
      return cost;
    },
  };
}
