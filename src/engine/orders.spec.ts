import { playedScenarios } from '../../test/unit/scenarios/shipped';
import { seededDice } from './dice';
import { applyOrder, legalOrders, newGame, notYetSupported, prepareGame, whoMustAct } from './game';
import { ORDER_FIELDS, unexpectedFields } from './orders';

/** A shipped scenario prepared as the playouts play it (with its test counters, where it takes counters). */
const shipped = playedScenarios();
const load = (id: string) => {
  const s = shipped.find((x) => x.id === id)!;
  return prepareGame(s.played, s.map);
};

describe('order shapes', () => {
  it('an order carrying a field its type does not have is refused, not accepted with the field ignored', () => {
    const ctx = load('shiloh');
    const state = newGame(ctx, {}, seededDice('orders'));
    const listed = legalOrders(ctx, state, 'confederate').find((o) => o.type === 'move')!;
    expect(applyOrder(ctx, state, 'confederate', listed, seededDice('orders')).ok).toBe(true);
    for (const junk of [
      { ...listed, speed: 'double' },
      { type: 'end-phase', now: true },
    ]) {
      const r = applyOrder(ctx, state, 'confederate', junk, seededDice('orders'));
      expect(r).toEqual({
        ok: false,
        refusal: expect.objectContaining({
          code: 'BAD_ORDER',
          message: expect.stringMatching(/has no field "(speed|now)"/),
        }),
      });
    }
  });

  it('every order the engine lists, in random games of every playable scenario, has a registered type and only its fields', () => {
    // hex-game scenarios: the block game's battle scenarios have their own orders (src/engine/rules/block)
    // Hex-game scenarios (shipped.ts leaves out the block game's, which have no map).
    const ids = shipped.map((x) => x.id);
    let checked = 0;
    for (const id of ids) {
      const ctx = load(id);
      if (notYetSupported(ctx.scenario).length > 0) continue;
      let state = newGame(ctx, {}, seededDice(`orders-${id}`));
      let pick = 17;
      for (let i = 0; i < 40 && state.phase !== 'finished'; i++) {
        const acting = whoMustAct(ctx, state);
        if (!acting) break;
        const orders = legalOrders(ctx, state, acting.side).filter((o) => o.type !== 'resign');
        for (const o of orders) {
          expect(
            ORDER_FIELDS[o.type]
              ? o.type
              : `unregistered order type "${o.type}" (add it to ORDER_FIELDS)`,
          ).toBe(o.type);
          expect(unexpectedFields(o)).toEqual([]);
          checked++;
        }
        pick = (pick * 48271) % 2147483647;
        const next = applyOrder(
          ctx,
          state,
          acting.side,
          orders[pick % orders.length],
          seededDice(`orders-${id}`, state.diceDrawn),
        );
        expect(next.ok).toBe(true);
        if (next.ok) state = next.state;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});
