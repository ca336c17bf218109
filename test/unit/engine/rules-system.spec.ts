/**
 * The engine contract (src/engine/rules/system.ts): the registry gives each
 * scenario the system its `rules.system` names, and the hex games behind it
 * play exactly as the engine's own entry points (game.ts) do — same states,
 * same events, same legal orders, one seat at a time.
 */
import { gameDice } from '../../../src/engine/dice';
import { ENGINE_REVISION, revisionOf } from '../../../src/engine/revision';
import {
  applyOrder,
  legalOrders,
  newGame,
  prepareGame,
  whoMustAct,
} from '../../../src/engine/game';
import { DEFAULT_RULES, rulesFor, rulesRegistry } from '../../../src/engine/rules';
import { BLUE_GREY_RULES, CLASSIC_RULES } from '../../../src/engine/rules/hex-system';
import { initialStateOf, rerunReplayOf, type ReplayEntryInput } from '../../../src/engine/replay';
import type { GameState } from '../../../src/engine/state';
import { stateHash } from '../../../src/games/state-hash';
import { loadScenario } from '../scenarios/support';

function pick<T>(items: T[], n: number): T {
  return items[n % items.length];
}

describe('rules systems: the registry and the hex games behind the engine contract', () => {
  it('rulesFor: the system the scenario names (blue-grey, classic); NOT_YET_SUPPORTED for another', () => {
    expect(rulesFor(DEFAULT_RULES, loadScenario('shiloh').scenario)).toBe(BLUE_GREY_RULES);
    expect(rulesFor(DEFAULT_RULES, loadScenario('chattanooga-1975').scenario)).toBe(CLASSIC_RULES);
    expect(() => rulesFor(DEFAULT_RULES, { rules: { system: 'chess' } })).toThrow(
      /rules system "chess" is not supported \(blue-grey, classic, block, block-campaign\)/,
    );
    expect(() => rulesFor(DEFAULT_RULES, {})).toThrow(/not supported/);
    const only = rulesRegistry(CLASSIC_RULES);
    expect(() => rulesFor(only, loadScenario('shiloh').scenario)).toThrow(/not supported/);
  });

  it.each(['shiloh', 'chattanooga-1975'])(
    '%s through the contract: the same states, events and orders as game.ts, one seat at a time; the replay re-derives',
    (id) => {
      const { scenario, map } = loadScenario(id);
      const system = rulesFor(DEFAULT_RULES, scenario);
      const ctx = system.prepare(scenario, map);
      const direct = prepareGame(scenario, map);
      expect(system.scenarioId(ctx)).toBe(id);
      expect(system.gaps(scenario)).toEqual([]);
      const seed = `contract-${id}`;
      let state = system.newGame(ctx, {}, gameDice(seed, 0, ENGINE_REVISION)) as GameState;
      let mirror = newGame(direct, {}, gameDice(seed, 0, ENGINE_REVISION));
      expect(state).toEqual(mirror);
      expect(initialStateOf({ system, ctx }, {}, seed)).toEqual(state);
      const entries: ReplayEntryInput[] = [];
      for (let n = 0; n < 40 && state.phase !== 'finished'; n++) {
        const acting = system.mustAct(ctx, state, null)!;
        const expected = whoMustAct(direct, mirror)!;
        expect(acting.seats).toEqual([expected.side]);
        expect(acting.kind).toBe(expected.kind);
        const seat = acting.seats[0];
        const orders = system.legalOrders(ctx, state, seat);
        expect(orders).toEqual(legalOrders(direct, mirror, seat));
        const other = seat === 'union' ? 'confederate' : 'union';
        expect(system.legalOrders(ctx, state, other)).toEqual([]);
        const playable = orders.filter((o) => o.type !== 'resign');
        const order = pick(playable, n * 7 + 3);
        const a = system.applyOrder(
          ctx,
          state,
          seat,
          order,
          gameDice(seed, state.diceDrawn, revisionOf(state)),
        );
        const b = applyOrder(
          direct,
          mirror,
          seat,
          order,
          gameDice(seed, mirror.diceDrawn, revisionOf(mirror)),
        );
        expect(a).toEqual(b);
        if (!a.ok || !b.ok) throw new Error(`refused ${JSON.stringify(order)}`);
        entries.push({
          seq: entries.length + 1,
          side: seat,
          order,
          events: a.events,
          stateHash: stateHash(a.state),
        });
        state = a.state as GameState;
        mirror = b.state;
        // Everything on a hex map is public: the seats and the public read the same view.
        const publicView = system.view(ctx, state, null);
        expect(system.view(ctx, state, 'union')).toEqual(publicView);
        expect(system.eventsFor(ctx, a.events, null, false)).toEqual(a.events);
        expect(system.orderFor(ctx, order, seat, other, false)).toEqual(order);
      }
      const check = rerunReplayOf({ system, ctx }, {}, seed, entries, stateHash);
      expect(check).toMatchObject({ ok: true, verified: entries.length });
    },
  );
});
