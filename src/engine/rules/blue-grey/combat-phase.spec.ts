/**
 * The Combat Phase end to end, and the property test of the whole game on
 * Shiloh: random legal orders of both phases, both sides and every pending
 * decision, from random seeds. Checked after every order: no exception, no
 * dead end (whoever must act has a legal order), every listed order sampled
 * is accepted, invariants hold (stacking at rest, never both sides in a hex,
 * morale states valid, eliminated units never return), and replaying the
 * same orders with the same seed gives the same states.
 *
 * CI runs a few seeds × a few hundred orders; COMBAT_PROPERTY_LONG=1 runs
 * many more.
 */
import * as fs from 'fs';
import * as path from 'path';
import { applyOrder, legalOrders, newGame, prepareGame, whoMustAct, GameContext } from '../../game';
import type { GameState, Order } from '../../state';
import type { MapDocument, ScenarioDocument } from '../../types';
import { fixedDice, seededDice } from '../../dice';
import { MORALE_STATES } from './morale';
import { combatGame } from './combat.fixtures';
import { combatOf } from './combat';
import { xorshiftPicker } from '../../../../test/support/xorshift';

function shilohContext(): GameContext {
  const dir = path.join(__dirname, '../../../../scenarios/shiloh');
  const scenario = JSON.parse(
    fs.readFileSync(path.join(dir, 'scenario.json'), 'utf8'),
  ) as ScenarioDocument;
  const map = JSON.parse(fs.readFileSync(path.join(dir, 'map.json'), 'utf8')) as MapDocument;
  return prepareGame(scenario, map);
}

const picker = xorshiftPicker;

function checkInvariants(ctx: GameContext, state: GameState, eliminated: Set<string>): void {
  const byHex = new Map<string, { sides: Set<string>; land: number; boats: number }>();
  for (const u of Object.values(state.units)) {
    if (!MORALE_STATES.includes(u.morale)) throw new Error(`12.1: ${u.id} has morale ${u.morale}`);
    if (eliminated.has(u.id) && u.status !== 'eliminated')
      throw new Error(`${u.id} came back after elimination`);
    if (u.status === 'eliminated') eliminated.add(u.id);
    if (u.status !== 'on-map' || !u.hex) continue;
    const e = byHex.get(u.hex) ?? { sides: new Set<string>(), land: 0, boats: 0 };
    e.sides.add(u.side);
    if (ctx.unitSpecs.get(u.id)!.type === 'gunboat') e.boats++;
    else e.land++;
    byHex.set(u.hex, e);
  }
  for (const [hex, e] of byHex) {
    if (e.sides.size > 1) throw new Error(`6.12, 8.72: both sides in ${hex}`);
    // Stacking holds whenever nobody is in the middle of a displacement chain (8.81).
    if (!state.pending && (e.land > 2 || e.boats > 2))
      throw new Error(`6.32: ${e.land} units / ${e.boats} gunboats in ${hex}`);
  }
}

/** Plays `steps` orders; returns the orders played and the states after each. */
function play(ctx: GameContext, seed: string, choose: (n: number) => number, steps: number) {
  let state = newGame(ctx, {}, seededDice(seed, 0));
  const eliminated = new Set<string>();
  const log: Array<{ side: 'union' | 'confederate'; order: Order }> = [];
  const states: string[] = [];
  for (let i = 0; i < steps; i++) {
    const acting = whoMustAct(ctx, state);
    if (!acting) break;
    const orders = legalOrders(ctx, state, acting.side).filter((o) => o.type !== 'resign');
    if (orders.length === 0)
      throw new Error(
        `dead end: ${acting.side} must act (${acting.kind}) with no legal order, turn ${state.turn} ${state.phase}`,
      );
    const other = acting.side === 'union' ? 'confederate' : 'union';
    if (legalOrders(ctx, state, other).some((o) => o.type !== 'resign'))
      throw new Error(`${other} was offered orders while ${acting.side} must act`);
    // Sample one listed order besides the one played: listed ⇒ accepted.
    const sample = orders[choose(orders.length)];
    const probe = applyOrder(ctx, state, acting.side, sample, seededDice(seed, state.diceDrawn));
    if (!probe.ok)
      throw new Error(
        `listed order refused: ${JSON.stringify(sample)} → ${JSON.stringify(probe.refusal)}`,
      );
    // Prefer attacks and decisions in the Combat Phase; end phases now and then so the game moves on.
    const ends = orders.filter((o) => o.type === 'end-phase' || o.type === 'close-combat-phase');
    const attacks = orders.filter((o) => o.type === 'attack');
    const rest = orders.filter((o) => o.type !== 'end-phase' && o.type !== 'close-combat-phase');
    let choice: Order;
    // Moves toward the enemy are what make combats: movement phases run long, attacks are taken when offered.
    if (state.phase === 'combat' && attacks.length > 0 && choose(10) > 0)
      choice = attacks[choose(attacks.length)];
    else if (
      ends.length > 0 &&
      (rest.length === 0 || choose(state.phase === 'movement' ? 25 : 3) === 0)
    )
      choice = ends[0];
    else choice = rest.length > 0 ? rest[choose(rest.length)] : orders[0];
    const r = applyOrder(ctx, state, acting.side, choice, seededDice(seed, state.diceDrawn));
    if (!r.ok)
      throw new Error(
        `listed order refused: ${JSON.stringify(choice)} → ${JSON.stringify(r.refusal)}`,
      );
    state = r.state;
    log.push({ side: acting.side, order: choice });
    states.push(JSON.stringify(state));
    checkInvariants(ctx, state, eliminated);
  }
  return { log, states, state };
}

describe('8.0–12.4 random legal play on Shiloh', () => {
  const ctx = shilohContext();
  const long = process.env.COMBAT_PROPERTY_LONG === '1';
  const seeds = long ? 40 : 6;
  const steps = long ? 3000 : 400;

  it('8.0, 8.11, 12.1: random orders from random seeds never throw, never dead-end, keep invariants and replay identically', () => {
    let attacks = 0;
    for (let k = 0; k < seeds; k++) {
      const seed = `combat-property-${k}`;
      const run1 = play(ctx, seed, picker(1000 + k), steps);
      attacks += run1.log.filter((x) => x.order.type === 'attack').length;
      // Replay: the same orders with the same seed reproduce the same states.
      let state = newGame(ctx, {}, seededDice(seed, 0));
      run1.log.forEach((entry, i) => {
        const r = applyOrder(
          ctx,
          state,
          entry.side,
          entry.order,
          seededDice(seed, state.diceDrawn),
        );
        if (!r.ok) throw new Error(`replay refused order ${i}`);
        state = r.state;
        if (JSON.stringify(state) !== run1.states[i])
          throw new Error(`replay diverged at order ${i}`);
      });
    }
    expect(attacks).toBeGreaterThan(seeds);
  });
});

describe('12.16, 12.32 start and end of the Combat Phase', () => {
  it('12.16: a Shaken unit that did not move may be Routed before any attack, and is no longer obliged to attack', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404' },
        { id: 'c1', side: 'confederate', hex: '0504' },
      ],
      { tweak: (s) => ({ ...s, units: { ...s.units, u1: { ...s.units.u1, morale: 'shaken' } } }) },
    );
    expect(legalOrders(ctx, state, 'union')).toContainEqual({ type: 'voluntary-rout', unit: 'u1' });
    const r = applyOrder(
      ctx,
      state,
      'union',
      { type: 'voluntary-rout', unit: 'u1' },
      fixedDice([]),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.units.u1.morale).toBe('routed');
    expect(combatOf(r.state).obliged).toEqual([]);
    expect(combatOf(r.state).routedBeganInEzoc).toEqual(['u1']);
  });

  it('12.16: a unit that moved this Player-Turn may not be voluntarily Routed', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404' },
        { id: 'c1', side: 'confederate', hex: '0504' },
      ],
      {
        moved: ['u1'],
        tweak: (s) => ({ ...s, units: { ...s.units, u1: { ...s.units.u1, morale: 'shaken' } } }),
      },
    );
    const r = applyOrder(
      ctx,
      state,
      'union',
      { type: 'voluntary-rout', unit: 'u1' },
      fixedDice([]),
    );
    expect(r.ok).toBe(false);
  });

  it('12.32, 12.33: a Routed unit that began the phase in an enemy ZOC retreats at the end of it (its owner chooses where)', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404' },
        { id: 'c1', side: 'confederate', hex: '0504' },
      ],
      { tweak: (s) => ({ ...s, units: { ...s.units, u1: { ...s.units.u1, morale: 'routed' } } }) },
    );
    const orders = legalOrders(ctx, state, 'union');
    expect(orders).toContainEqual({ type: 'close-combat-phase' });
    expect(orders.map((o) => o.type)).not.toContain('end-phase');
    const r = applyOrder(ctx, state, 'union', { type: 'close-combat-phase' }, fixedDice([]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.pending).toMatchObject({ side: 'union', kind: 'phase-end-routed' });
    const retreat = legalOrders(ctx, r.state, 'union').find((o) => o.type === 'retreat')!;
    const r2 = applyOrder(ctx, r.state, 'union', retreat, fixedDice([]));
    expect(r2.ok).toBe(true);
    if (!r2.ok) return;
    expect(r2.state.units.u1.hex).not.toBe('0404');
    expect(legalOrders(ctx, r2.state, 'union')).toContainEqual({ type: 'end-phase' });
  });

  it('12.32: a Routed unit retreating at the end of the Combat Phase gives the enemy no advance after combat (over 8.75)', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404' },
        { id: 'c1', side: 'confederate', hex: '0504' },
      ],
      { tweak: (s) => ({ ...s, units: { ...s.units, u1: { ...s.units.u1, morale: 'routed' } } }) },
    );
    const r = applyOrder(ctx, state, 'union', { type: 'close-combat-phase' }, fixedDice([]));
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    const retreat = legalOrders(ctx, r.state, 'union').find((o) => o.type === 'retreat')!;
    const r2 = applyOrder(ctx, r.state, 'union', retreat, fixedDice([]));
    if (!r2.ok) throw new Error(JSON.stringify(r2.refusal));
    expect(r2.state.units.u1.hex).not.toBe('0404');
    // 0404 is vacated next to c1, yet no advance decision is offered and c1 stays.
    expect(r2.state.pending).toBeNull();
    expect(r2.state.units.c1.hex).toBe('0504');
    expect(r2.events.filter((e) => e.type === 'advanced' || e.type === 'unit-advanced')).toEqual(
      [],
    );
    expect(legalOrders(ctx, r2.state, 'confederate').filter((o) => o.type !== 'resign')).toEqual(
      [],
    );
  });

  it('11.3, 12.41, 12.17: at Night units not in an enemy ZOC recover at the start of their Combat Phase; in a town they stay Disordered', () => {
    const { state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0202' },
        { id: 'u2', side: 'union', hex: '0206' },
        { id: 'u3', side: 'union', hex: '0404' },
        { id: 'c1', side: 'confederate', hex: '0504' },
      ],
      {
        night: true,
        hexes: { '0206': { terrain: 'town' } },
        tweak: (s) => ({
          ...s,
          units: {
            ...s.units,
            u1: { ...s.units.u1, morale: 'routed' },
            u2: { ...s.units.u2, morale: 'shaken' },
            u3: { ...s.units.u3, morale: 'shaken' },
          },
        }),
      },
    );
    expect(state.units.u1.morale).toBe('good');
    expect(state.units.u2.morale).toBe('disordered');
    expect(state.units.u3.morale).toBe('shaken');
  });

  it('12.41, 12.42, 12.43: rally rolls at the start of the Combat Phase; a Routed unit rolling 6 is eliminated and counts as a combat loss', () => {
    const { state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0202' },
        { id: 'u2', side: 'union', hex: '0206', strength: 5 },
      ],
      {
        startDice: [4, 6],
        tweak: (s) => ({
          ...s,
          units: {
            ...s.units,
            u1: { ...s.units.u1, morale: 'shaken', markers: { rally: true } },
            u2: { ...s.units.u2, morale: 'routed', markers: { rally: true } },
          },
        }),
      },
    );
    expect(state.units.u1.morale).toBe('disordered');
    expect(state.units.u1.markers.rally).toBeUndefined();
    expect(state.units.u2.status).toBe('eliminated');
    expect(state.eliminatedStrength.union).toBe(5);
  });

  it('11.21: at Night only units that moved into an enemy ZOC must attack', () => {
    const units = [
      { id: 'u1', side: 'union' as const, hex: '0404' },
      { id: 'u2', side: 'union' as const, hex: '0606' },
      { id: 'c1', side: 'confederate' as const, hex: '0504' },
      { id: 'c2', side: 'confederate' as const, hex: '0706' },
    ];
    const { state } = combatGame(units, { night: true, moved: ['u2'], enteredEnemyZoc: ['u2'] });
    expect(combatOf(state).obliged).toEqual(['u2']);
  });
});
