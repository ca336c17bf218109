/**
 * Issue 13: the engine's results depend only on the content of its inputs,
 * never on the key order of an object. Real mid-game states of every shipped
 * scenario (seeded random play, counters-supplied ones with their test
 * counters, both rules systems) are given to the engine with the keys of
 * every object shuffled, and in the key order PostgreSQL's jsonb gives them
 * back: the legal orders, and the events and state hash of an order applied
 * to each copy, are identical to those of the state as built.
 */
import { databaseKeyOrder } from '../../../src/engine/canonical';
import { seededDice } from '../../../src/engine/dice';
import {
  applyOrder,
  legalOrders,
  newGame,
  notYetSupported,
  prepareGame,
  view,
  whoMustAct,
  type GameContext,
} from '../../../src/engine/game';
import type { GameOptions, GameState, Order } from '../../../src/engine/state';
import { stateHash } from '../../../src/games/state-hash';
import { playedScenarios } from '../scenarios/shipped';
import { picker } from '../scenarios/support';
import { shuffleKeys } from '../../support/key-order';

/** States met in a seeded random game (every `every`-th one, at most `count`), with the dice seed. */
function sampleStates(
  ctx: GameContext,
  options: GameOptions,
  seed: string,
  count: number,
  every: number,
): GameState[] {
  const choose = picker(104729);
  let state = newGame(ctx, options, seededDice(seed, 0));
  const out: GameState[] = [];
  for (let n = 0; out.length < count && n < count * every * 4; n++) {
    if (n % every === every - 1) out.push(state);
    const acting = whoMustAct(ctx, state);
    if (!acting) break;
    const orders = legalOrders(ctx, state, acting.side).filter((o) => o.type !== 'resign');
    const end = orders.find((o) => o.type === 'end-phase');
    const choice = end && choose(4) === 0 ? end : orders[choose(orders.length)];
    const r = applyOrder(ctx, state, acting.side, choice, seededDice(seed, state.diceDrawn));
    if (!r.ok) throw new Error(`listed order refused: ${JSON.stringify(r.refusal)}`);
    state = r.state;
  }
  return out;
}

/** What the engine gives for a state: its legal orders, and the events and hash of `order` applied to it. */
function outcome(ctx: GameContext, state: GameState, seed: string, order: Order | null) {
  const acting = whoMustAct(ctx, state);
  const side = acting?.side ?? 'union';
  const orders = legalOrders(ctx, state, side);
  const applied = order
    ? applyOrder(ctx, state, side, order, seededDice(seed, state.diceDrawn))
    : null;
  return {
    orders: JSON.stringify(orders),
    view: JSON.stringify(view(ctx, state).units.map((u) => u.id)),
    events: applied && applied.ok ? JSON.stringify(applied.events) : JSON.stringify(applied),
    hash: applied && applied.ok ? stateHash(applied.state) : null,
  };
}

describe('issue 13: legal orders, events and states do not depend on key order', () => {
  const scenarios = playedScenarios().filter((s) => notYetSupported(s.played).length === 0);

  it('covers every shipped scenario of both rules systems', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(21);
    expect(new Set(scenarios.map((s) => s.scenario.rules.system))).toEqual(
      new Set(['blue-grey', 'classic']),
    );
  });

  for (const s of scenarios) {
    it(`${s.scenario.title}: shuffled and database key orders give the same orders, events and hashes`, () => {
      const ctx = prepareGame(s.played, s.map);
      const seed = `key-order-${s.id}`;
      const states = sampleStates(ctx, s.options, seed, 6, 23);
      expect(states.length).toBeGreaterThan(0);
      const random = picker(7);
      for (const state of states) {
        const acting = whoMustAct(ctx, state);
        const listed = acting ? legalOrders(ctx, state, acting.side) : [];
        // An order the side may give (not resigning): the one that changes the most is as good as any.
        const order =
          listed.find((o) => o.type !== 'resign' && o.type !== 'end-phase') ?? listed[0] ?? null;
        const expected = outcome(ctx, state, seed, order);
        for (let k = 0; k < 3; k++) {
          expect(outcome(ctx, shuffleKeys(state, random), seed, order)).toEqual(expected);
        }
        expect(outcome(ctx, databaseKeyOrder(state), seed, order)).toEqual(expected);
        expect(outcome(ctx, JSON.parse(JSON.stringify(state)) as GameState, seed, order)).toEqual(
          expected,
        );
      }
    });
  }
});
