/**
 * Jonesborough's exclusive rules as hooks: 17.2 the Confederate quota of
 * nineteen minus the Game-Turn (movement-quota, as the scenario declares it)
 * on the small test map, 17.1 the Union unrestricted.
 */
import { legalOrders } from '../../../../src/engine/game';
import type { GameState, Order } from '../../../../src/engine/state';
import type { UnitSpec } from '../../../../src/engine/types';
import { unsupportedReason } from '../../../../src/engine/rules/hooks';
import { freshMovementPhase } from '../../../../src/engine/rules/blue-grey/sequence-of-play';
import { Fixture, play, setUp, testMap, testScenario, tryOrder, unit } from '../helpers';
import { chartsOf, loadScenario } from '../../scenarios/support';

const { scenario } = loadScenario('jonesborough');
const QUOTA = chartsOf(scenario).hook('movement-quota', '17.2')!;

/** Twenty Confederate units in rows 02 and 05 (columns 01-10), a Union unit far off in row 09. */
function quotaGame(): Fixture {
  const units: UnitSpec[] = [];
  const placements: Array<{ unit: string; hex: string }> = [];
  for (let i = 0; i < 20; i++) {
    const id = `c${i + 1}`;
    units.push(unit(id, 'confederate'));
    placements.push({
      unit: id,
      hex: `${String((i % 10) + 1).padStart(2, '0')}${i < 10 ? '02' : '05'}`,
    });
  }
  units.push(unit('u1', 'union'), unit('u2', 'union'));
  placements.push({ unit: 'u1', hex: '0109' }, { unit: 'u2', hex: '0909' });
  return setUp(
    testMap(),
    testScenario({
      units,
      placements,
      firstPlayer: 'confederate',
      turns: 7,
      specialRules: [QUOTA],
    }),
  );
}
const at = (
  f: Fixture,
  turn: number,
  side: 'union' | 'confederate' = 'confederate',
): GameState => ({
  ...f.state,
  turn,
  phase: 'movement',
  phasing: side,
  movement: freshMovementPhase(),
});
const movers = (orders: Order[]) =>
  new Set(orders.filter((o) => o.type === 'move').map((o) => (o as { unit: string }).unit));
/** Moves units c1, c2, ... one hex south each until one is refused; the number moved. */
function moveAll(f: Fixture): number {
  let n = 0;
  for (let i = 1; i <= 20; i++) {
    const id = `c${i}`;
    const from = f.state.units[id].hex!;
    const to = `${from.slice(0, 2)}${String(Number(from.slice(2)) + 1).padStart(2, '0')}`;
    const r = tryOrder(f, 'confederate', { type: 'move', unit: id, path: [to] });
    if (!r.ok) {
      expect(r.refusal).toMatchObject({ code: 'MOVEMENT_QUOTA', rule: '17.2' });
      return n;
    }
    f.state = r.state;
    n++;
  }
  return n;
}

describe('Jonesborough 17.2 Confederate movement quota (movement-quota)', () => {
  it('Jonesborough 17.2: the declaration is the side quota, 19 − Game-Turn written as its seven values, and is implemented', () => {
    expect(QUOTA.params).toEqual({
      side: 'confederate',
      limits: [1, 2, 3, 4, 5, 6, 7].map((t) => ({ turns: [t], units: 19 - t })),
    });
    expect(unsupportedReason(QUOTA)).toBeNull();
  });

  it('Jonesborough 17.2: on Game-Turn One the Confederate may move eighteen units (19 − 1); the nineteenth is refused and no longer listed', () => {
    const f = quotaGame();
    expect(f.state.turn).toBe(1);
    expect(moveAll(f)).toBe(18);
    expect(movers(legalOrders(f.ctx, f.state, 'confederate')).size).toBe(0);
  });

  it('Jonesborough 17.2: on Game-Turn Five fourteen (19 − 5), on Game-Turn Seven twelve; nothing is saved from a Game-Turn to the next', () => {
    for (const [turn, n] of [
      [5, 14],
      [7, 12],
    ]) {
      const f = quotaGame();
      f.state = at(f, turn);
      expect(moveAll(f)).toBe(n);
    }
    const f = quotaGame();
    f.state = play(f, 'confederate', { type: 'end-phase' });
    f.state = at(f, 2);
    expect(moveAll(f)).toBe(17);
  });

  it('Jonesborough 17.1: the Union Player moves all his units without restriction', () => {
    const f = quotaGame();
    f.state = at(f, 1, 'union');
    expect(movers(legalOrders(f.ctx, f.state, 'union'))).toEqual(new Set(['u1', 'u2']));
    expect(scenario.specialRules.filter((r) => r.params?.side === 'union')).toEqual([
      expect.objectContaining({ hook: 'setup-breastworks' }),
    ]);
  });
});
