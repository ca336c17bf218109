import fc from 'fast-check';
import { seededDice } from '../../../src/engine/dice';
import { applyOrder, legalOrders, newGame, whoMustAct } from '../../../src/engine/game';
import type { GameState, Order } from '../../../src/engine/state';
import type { Side } from '../../../src/engine/types';
import { shiloh } from './shiloh';

const ctx = shiloh();

function dest(o: Order): string {
  const p = (o as unknown as { path: string[] }).path;
  return p[p.length - 1];
}

/** No two sides in one hex; at the end of a phase no hex over the stacking limit (6.12, 6.32, 9.63). */
function checkInvariants(state: GameState): void {
  const byHex = new Map<string, { sides: Set<Side>; land: number; boats: number }>();
  for (const u of Object.values(state.units)) {
    if (u.status !== 'on-map' || !u.hex) continue;
    const e = byHex.get(u.hex) ?? { sides: new Set<Side>(), land: 0, boats: 0 };
    e.sides.add(u.side);
    if (ctx.unitSpecs.get(u.id)!.type === 'gunboat') e.boats++;
    else e.land++;
    byHex.set(u.hex, e);
  }
  for (const [hex, e] of byHex) {
    if (e.sides.size > 1) throw new Error(`6.12: both sides in ${hex}`);
    if (e.land > 2 || e.boats > 2)
      throw new Error(`6.32: ${e.land} units / ${e.boats} gunboats in ${hex}`);
  }
}

describe('6.12, 6.32, 6.0: random legal sequences of movement orders on Shiloh', () => {
  it('6.12, 6.32: never break stacking, never put a unit in an enemy hex, and legalOrders ⇔ accepted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 30, maxLength: 120 }),
        fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
        (picks, walk) => {
          let state = newGame(ctx, {}, seededDice('property', 0));
          let w = 0;
          const nat = () => walk[w++ % walk.length];
          for (const pick of picks) {
            const acting = whoMustAct(ctx, state);
            if (!acting || state.phase !== 'movement') {
              if (!acting) break;
              // Combat Phases are combat's to test: leave them by the first listed way out.
              const orders = legalOrders(ctx, state, acting.side).filter(
                (o) => o.type !== 'resign',
              );
              const way = orders.find((o) => o.type === 'end-phase') ?? orders[0];
              const r = applyOrder(
                ctx,
                state,
                acting.side,
                way,
                seededDice('property', state.diceDrawn),
              );
              if (!r.ok)
                throw new Error(
                  `listed combat order refused: ${JSON.stringify(way)} ${JSON.stringify(r.refusal)}`,
                );
              state = r.state;
              continue;
            }
            const side = acting.side;
            const orders = legalOrders(ctx, state, side).filter((o) => o.type !== 'resign');
            expect(orders.length).toBeGreaterThan(0);
            // Listed ⇒ accepted unchanged (a sample besides the one played).
            const sample = orders[nat() % orders.length];
            expect(
              applyOrder(ctx, state, side, sample, seededDice('property', state.diceDrawn)).ok,
            ).toBe(true);
            // Accepted ⇒ listed: a random walk for a random unit is accepted only if its end is listed for that unit.
            const movers = orders.filter((o) => o.type === 'move');
            const probeUnit = Object.values(state.units).filter(
              (u) => u.side === side && u.status === 'on-map',
            )[nat() % 40];
            if (probeUnit && state.phase === 'movement') {
              const pathHexes: string[] = [];
              let at = probeUnit.hex!;
              const len = 1 + (nat() % 5);
              for (let k = 0; k < len; k++) {
                const n = ctx.map.grid.neighbours(at);
                at = n[nat() % n.length];
                pathHexes.push(at);
              }
              const probe = { type: 'move', unit: probeUnit.id, path: pathHexes };
              const r = applyOrder(
                ctx,
                state,
                side,
                probe,
                seededDice('property', state.diceDrawn),
              );
              const listed = movers.some(
                (o) => (o as unknown as { unit: string }).unit === probeUnit.id && dest(o) === at,
              );
              if (r.ok && !listed)
                throw new Error(
                  `accepted but not listed: ${JSON.stringify(probe)} on turn ${state.turn} (${side})`,
                );
            }
            // Prefer moves so that positions develop; end phases now and then.
            const nonEnd = orders.filter((o) => o.type !== 'end-phase');
            const choice =
              pick % 5 === 0 || nonEnd.length === 0
                ? (orders.find((o) => o.type === 'end-phase') ?? orders[0])
                : nonEnd[pick % nonEnd.length];
            const r = applyOrder(ctx, state, side, choice, seededDice('property', state.diceDrawn));
            expect(r.ok).toBe(true);
            if (!r.ok) return;
            state = r.state;
            checkInvariants(state);
          }
        },
      ),
      { numRuns: 15, endOnFailure: true },
    );
  });
});
