/**
 * Shiloh 19.1 Surprise Assault: on each of the first two Game-Turns, every
 * Union unit not locked by Confederate Zones of Control must move one, and
 * only one, hex to the north or north-east; a unit in an Enemy Zone of
 * Control may not move.
 *
 * Reading (docs/rules-decisions.md, Movement): "north" is a neighbour whose
 * bearing lies within 30° of 0°, "north-east" within 30° of 45°
 * (grid.neighboursToward), so on a north-up flat-topped grid the two hexes at
 * 0° and 60°. The move is an ordinary one-hex move (terrain, stacking and
 * 6.16 apply); no Strategic Movement, no Rally or Breastworks marker instead.
 * A unit with no legal such move is excused. The Union Movement Phase ends
 * only when every obliged unit that can comply has moved. Units entering as
 * reinforcements are not bound (none arrive on Game-Turns 1–2 at Shiloh).
 *
 * params: { side?: Side (default "union"), turns?: number[] (default [1, 2]),
 *           bearings?: Array<number | compass name> (default [0, 45]) }
 */
import { COMPASS } from '../../hex';
import type { RuleHook, Side } from '../../types';
import { enemyZocOf } from '../blue-grey/zoc';
import { refusal } from '../blue-grey/refusals';
import type { MovementHook } from './movement-hook';

export function surpriseAssault(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = (p.side as Side) ?? 'union';
  const turns = (p.turns as number[]) ?? [1, 2];
  // Bearings in degrees or as compass names ("north", "north-east").
  const bearings = ((p.bearings as Array<number | string>) ?? [0, 45]).map((b) =>
    typeof b === 'number' ? b : COMPASS[b],
  );
  const toward = new Map<string, string[]>(); // per hex: its north / north-east neighbours (the map never changes)
  const active = (turn: number, phasing: Side) => phasing === side && turns.includes(turn);
  return {
    hook: rule.hook,
    case: rule.case,
    constraint(ctx, state, unit) {
      if (!active(state.turn, state.phasing) || unit.side !== side || unit.status !== 'on-map')
        return null;
      if (ctx.unitSpecs.get(unit.id)!.type === 'gunboat') return null;
      const i = ctx.board.index.get(unit.hex!)!;
      if (enemyZocOf(ctx, state, unit.side)[i])
        return {
          kind: 'forbidden',
          refusal: refusal(
            'SURPRISE_ASSAULT_LOCKED',
            rule.case,
            `a ${side} unit in an Enemy Zone of Control may not move on Game-Turns ${turns.join(', ')}`,
          ),
        };
      let hexes = toward.get(unit.hex!);
      if (!hexes) {
        const set = new Set<string>();
        for (const b of bearings)
          for (const n of ctx.map.grid.neighboursToward(unit.hex!, b)) set.add(n);
        hexes = [...set];
        toward.set(unit.hex!, hexes);
      }
      return {
        kind: 'one-hex',
        hexes,
        refusal: refusal(
          'SURPRISE_ASSAULT_ONE_HEX',
          rule.case,
          `${side} units must move one, and only one, hex north or north-east on Game-Turns ${turns.join(', ')}`,
        ),
      };
    },
    markerRefusal(_ctx, state, unit) {
      if (!active(state.turn, state.phasing) || unit.side !== side) return null;
      return refusal(
        'SURPRISE_ASSAULT_ONE_HEX',
        rule.case,
        `${side} units must move on Game-Turns ${turns.join(', ')}, not place markers`,
      );
    },
    endPhaseRefusal(ctx, state, phasing, canMove) {
      if (!active(state.turn, phasing)) return null;
      const zoc = enemyZocOf(ctx, state, phasing);
      const waiting: string[] = [];
      for (const id in state.units) {
        const u = state.units[id];
        if (
          u.side !== phasing ||
          u.status !== 'on-map' ||
          ctx.unitSpecs.get(id)!.type === 'gunboat'
        )
          continue;
        if (zoc[ctx.board.index.get(u.hex!)!]) continue;
        if (canMove(u)) waiting.push(id);
      }
      if (waiting.length === 0) return null;
      return refusal(
        'SURPRISE_ASSAULT_MOVE_REQUIRED',
        rule.case,
        `these ${side} units must still move one hex north or north-east: ${waiting.join(', ')}`,
      );
    },
  };
}
