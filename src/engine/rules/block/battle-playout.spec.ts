/**
 * Seeded random battles of the shipped block battle scenarios, played to
 * their end, checking at every step that neither the opponent's view nor
 * the public one holds a hidden block's identity or strength (notes §8).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededDice } from '../../dice';
import type { BlockBattleScenario } from './battle-scenario';
import { newBattle } from './battle-scenario';
import { applyBattleOrder, battleLegalOrders, battleMustAct } from './battle';
import { blockView } from './block-view';
import type { BlockBattleState, BlockOrder, Side } from './types';
import { xorshiftRandom } from '../../../../test/support/xorshift';

const ROOT = join(__dirname, '..', '..', '..', '..', 'scenarios');
export function loadBattleScenario(id: string): BlockBattleScenario {
  return JSON.parse(readFileSync(join(ROOT, id, 'scenario.json'), 'utf8')) as BlockBattleScenario;
}

const HIDDEN_KEYS = ['disrupted', 'fired', 'hidden', 'id', 'moves', 'place', 'retreating', 'side'];

/** The fog-of-war invariant for one reader: no hidden block shows its type, strength, name or HQ. */
export function checkFog(state: BlockBattleState, reader: Side | null): void {
  const view = blockView(state, reader);
  const over = state.phase.name === 'over';
  const text = JSON.stringify(view);
  const visibleNames = state.units
    .filter((u) => over || u.side === reader || u.revealed)
    .map((u) => u.name);
  for (const u of state.units) {
    const v = view.units.find((x) => x.id === u.id)!;
    if (over || u.side === reader || u.revealed) {
      expect(v.hidden).toBe(false);
      continue;
    }
    expect(Object.keys(v).sort()).toEqual(HIDDEN_KEYS);
    // a hidden block's name appears nowhere (unless it is part of a visible name)
    if (!visibleNames.some((n) => n.includes(u.name)) && !['L', 'C', 'R'].includes(u.name))
      expect(text.includes(`"${u.name}"`)).toBe(false);
  }
  if (state.pending && state.pending.side !== reader && !over)
    expect(Object.keys(view.pending!).sort()).toEqual(['kind', 'side']);
}

const rng = xorshiftRandom;

function pick(orders: BlockOrder[], r: () => number, state: BlockBattleState): BlockOrder {
  const place = orders.filter((o) => o.type === 'place');
  if (state.phase.name === 'deploy') {
    const undeployed = place.filter(
      (o) => state.units.find((u) => u.id === o.unit)?.place.kind === 'undeployed',
    );
    if (undeployed.length > 0) return undeployed[Math.floor(r() * undeployed.length)];
    const done = orders.find((o) => o.type === 'deploy-done');
    if (done && r() < 0.8) return done;
    return orders[Math.floor(r() * orders.length)];
  }
  const end = orders.find((o) => o.type === 'end-phase');
  const others = orders.filter((o) => o.type !== 'end-phase');
  if (end && (others.length === 0 || r() < 0.25)) return end;
  return others[Math.floor(r() * others.length)];
}

export function playOut(id: string, seed: number, options: Record<string, unknown> = {}) {
  const doc = loadBattleScenario(id);
  const gameSeed = `${id}-${seed}`;
  let state = newBattle(doc, options, seededDice(gameSeed));
  const r = rng(seed * 7919 + 17);
  let steps = 0;
  for (; steps < 20000; steps++) {
    for (const reader of ['union', 'confederate', null] as const) checkFog(state, reader);
    const act = battleMustAct(state);
    if (!act) break;
    const seat = act.seats[0];
    const orders = battleLegalOrders(state, seat);
    expect(orders.length).toBeGreaterThan(0);
    // the other seat has nothing to do
    expect(battleLegalOrders(state, seat === 'union' ? 'confederate' : 'union')).toEqual([]);
    const order = pick(orders, r, state);
    const res = applyBattleOrder(state, seat, order, seededDice(gameSeed, state.diceDrawn));
    if (!res.ok)
      throw new Error(`listed order refused: ${JSON.stringify(order)} → ${res.refusal.message}`);
    state = res.state;
  }
  return { state, steps };
}

describe('block battles: seeded random playouts to the end with the fog-of-war check at every step (6.1, notes §8)', () => {
  for (const id of ['block-first-manassas', 'block-wilderness'])
    for (const seed of [1, 2, 3, 4])
      it(`B6.1: ${id} seed ${seed} ends with a result`, () => {
        const { state } = playOut(id, seed);
        expect(state.phase.name).toBe('over');
        expect(state.result).not.toBeNull();
      });

  it('B7.32, B7.2, sb "Battle Stacking": a playout with hits asked of the owner, Morale and battle stacking on', () => {
    const { state } = playOut('block-wilderness', 9, {
      block: { hitAllocation: 'ask', morale: true, battleStacking: true },
    });
    expect(state.phase.name).toBe('over');
  });
});
