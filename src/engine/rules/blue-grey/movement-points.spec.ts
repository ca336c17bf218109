/**
 * Movement Points as numbers (issue 19, engine revision 5): every move event
 * carries `points` — spent, remaining and the allowance in MP to 3 places and
 * exactly in thirds — beside the printed figure `mp`; games of earlier
 * revisions keep `mp` alone so their replays re-derive unchanged.
 */
import { applyOrder, legalOrders, newGame, prepareGame, whoMustAct } from '../../game';
import type { GameContext } from '../../game';
import { seededDice } from '../../dice';
import type { GameEvent } from '../../types';
import type { GameState } from '../../state';
import { ENGINE_REVISION, MP_AS_NUMBERS } from '../../revision';
import { movementPoints, type MovementPoints } from './movement';
import { playedScenarios } from '../../../../test/unit/scenarios/shipped';
import { picker } from '../../../../test/unit/scenarios/support';

function contextOf(id: string): { ctx: GameContext; options: Record<string, unknown> } {
  const s = playedScenarios().find((x) => x.id === id)!;
  return { ctx: prepareGame(s.played, s.map), options: s.options };
}

/** "4 2/3" → 14 thirds. */
function thirdsOf(mp: string): number {
  const m = /^(?:(\d+))?(?: ?(\d)\/3)?$/.exec(mp)!;
  return Number(m[1] ?? 0) * 3 + Number(m[2] ?? 0);
}

/** The move events of the first `steps` random legal orders (moves preferred) from a seed. */
function moveEvents(id: string, seed: string, steps: number, revision: number): GameEvent[] {
  const { ctx, options } = contextOf(id);
  let state: GameState = newGame(ctx, options, seededDice(seed, 0), revision);
  const pick = picker(2463534242);
  const out: GameEvent[] = [];
  for (let i = 0; i < steps; i++) {
    const acting = whoMustAct(ctx, state);
    if (!acting) break;
    const orders = legalOrders(ctx, state, acting.side).filter((o) => o.type !== 'resign');
    const moves = orders.filter((o) => ['move', 'strategic-move', 'enter'].includes(o.type));
    const order =
      moves.length > 0 && pick(8) > 0
        ? moves[pick(moves.length)]
        : (orders.find((o) => o.type === 'end-phase') ?? orders[pick(orders.length)]);
    const r = applyOrder(ctx, state, acting.side, order, seededDice(seed, state.diceDrawn));
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    out.push(...r.events.filter((e) => e.type === 'moved' || e.type === 'strategic-moved'));
    state = r.state;
  }
  return out;
}

describe('Movement Points as numbers', () => {
  it('6.22: thirds are exact and the numbers are MP to 3 places (turnpike 2/3 MP)', () => {
    expect(movementPoints(20, 24)).toEqual({
      spent: 6.667,
      remaining: 1.333,
      allowance: 8,
      thirds: { spent: 20, remaining: 4, allowance: 24 },
    });
    // 6.16: an entry hex beyond the allowance leaves nothing, never a negative remainder.
    expect(movementPoints(9, 6)).toMatchObject({ remaining: 0, thirds: { remaining: 0 } });
  });

  it('6.0, 6.4: every move in random play on Shiloh carries its MP as numbers, agreeing with the printed figure (fractions: movement.spec 6.22)', () => {
    expect(ENGINE_REVISION).toBeGreaterThanOrEqual(MP_AS_NUMBERS);
    const events = moveEvents('shiloh', 'mp-numbers', 300, ENGINE_REVISION);
    expect(events.length).toBeGreaterThan(20);
    const { ctx } = contextOf('shiloh');
    for (const e of events) {
      const p = e.points as MovementPoints;
      // 9.6: gunboats move along the river without Movement Points.
      if (ctx.unitSpecs.get(e.unit as string)!.type === 'gunboat') {
        expect(p).toBeUndefined();
        continue;
      }
      expect(p).toBeDefined();
      expect(p.thirds.spent).toBe(thirdsOf(e.mp as string));
      expect(p.spent).toBe(Math.round((p.thirds.spent / 3) * 1000) / 1000);
      expect(p.allowance).toBe(Math.round((p.thirds.allowance / 3) * 1000) / 1000);
      expect(p.thirds.remaining).toBe(Math.max(0, p.thirds.allowance - p.thirds.spent));
    }
  });

  it('O5.0: 1975 moves carry whole MP as numbers', () => {
    const events = moveEvents('chattanooga-1975', 'mp-numbers', 200, ENGINE_REVISION);
    expect(events.length).toBeGreaterThan(10);
    for (const e of events) {
      const p = e.points as MovementPoints;
      expect(p.spent).toBe(Number(e.mp));
      expect(p.thirds.spent).toBe(3 * Number(e.mp));
      expect(Number.isInteger(p.allowance)).toBe(true);
    }
  });

  it('6.0: games of revisions before 5 keep the printed figure alone, so their replays re-derive unchanged', () => {
    const events = moveEvents('shiloh', 'mp-numbers', 100, MP_AS_NUMBERS - 1);
    expect(events.length).toBeGreaterThan(5);
    for (const e of events) {
      expect(e.points).toBeUndefined();
      expect(typeof e.mp).toBe('string');
    }
  });
});
