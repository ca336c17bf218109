/**
 * Counting tests in the style of chess perft: for fixed positions, the exact
 * number of hexes each unit can reach, kept as data, each checked by hand
 * (see the comments).
 */
import { legalOrders } from '../../../src/engine/game';
import type { Order } from '../../../src/engine/state';
import { setUp, testMap, testScenario, unit } from './helpers';

function counts(orders: Order[], type = 'move'): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of orders) {
    if (o.type !== type) continue;
    const u = (o as unknown as { unit: string }).unit;
    out[u] = (out[u] ?? 0) + 1;
  }
  return out;
}

describe('perft: reachable hexes per unit', () => {
  it('6.21, 6.15: infantry in the middle of an open 10×10 map reaches every hex within six', () => {
    const f = setUp(
      testMap(),
      testScenario({ units: [unit('m', 'union')], placements: [{ unit: 'm', hex: '0505' }] }),
    );
    // 100 hexes less the start hex less the four corner hexes seven away (1010, 0110, 1001, 0910): 95.
    const byDistance = f.ctx.map.grid
      .all()
      .filter((h) => h !== '0505' && f.ctx.map.grid.distance('0505', h) <= 6).length;
    expect(counts(legalOrders(f.ctx, f.state, 'union'))).toEqual({ m: 95 });
    expect(byDistance).toBe(95);
  });
  it('6.16: a unit of MA 1 ringed by forest reaches exactly its six neighbours', () => {
    const forest = Object.fromEntries(
      ['0504', '0506', '0404', '0405', '0604', '0605'].map((h) => [
        h,
        { terrain: 'forest' as const },
      ]),
    );
    const f = setUp(
      testMap({ hexes: forest }),
      testScenario({
        units: [unit('m', 'union', 'infantry', { movement: 1 })],
        placements: [{ unit: 'm', hex: '0505' }],
      }),
    );
    expect(counts(legalOrders(f.ctx, f.state, 'union'))).toEqual({ m: 6 });
  });
  it('7.0, 7.2: an Enemy unit two hexes north stops movement at its Zone of Control', () => {
    const f = setUp(
      testMap(),
      testScenario({
        units: [unit('m', 'union', 'infantry', { movement: 2 }), unit('e', 'confederate')],
        placements: [
          { unit: 'm', hex: '0505' },
          { unit: 'e', hex: '0503' },
        ],
      }),
    );
    // MA 2 reaches the 18 hexes within two, less the enemy hex 0503: 17. Of these, the EZOC hexes
    // 0504, 0404, 0604 cost 2 and stop; 0403 and 0603 (EZOC) would need 1 + 2 = 3 MP: not reachable. 17 − 2 = 15.
    expect(counts(legalOrders(f.ctx, f.state, 'union'))).toEqual({ m: 15 });
  });
  it('6.22, 6.16: cavalry on a turnpike through forest-rough reaches its nine hexes and ten hexes beside it', () => {
    const road = Array.from({ length: 10 }, (_, k) => `05${String(k + 1).padStart(2, '0')}`);
    const forest = Object.fromEntries(
      testMapHexes().map((h) => [h, { terrain: 'forest-rough' as const }]),
    );
    const f = setUp(
      testMap({ hexes: forest, routes: [{ type: 'turnpike', hexes: road }] }),
      testScenario({
        units: [unit('m', 'union', 'cavalry')],
        placements: [{ unit: 'm', hex: '0510' }],
      }),
    );
    // 8 MP = 24 thirds: the nine turnpike hexes 0509..0501 (2 thirds each, 18 in all); a forest-rough hex beside the
    // turnpike costs 15 thirds, affordable from 0510, 0509, 0508, 0507 and 0506 (0 to 8 spent): 0406..0410 and 0606..0610.
    const c = counts(legalOrders(f.ctx, f.state, 'union'));
    expect(c).toEqual({ m: 9 + 10 });
  });
});

function testMapHexes(): string[] {
  const out: string[] = [];
  for (let c = 1; c <= 10; c++)
    for (let r = 1; r <= 10; r++)
      if (c !== 5) out.push(`${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`);
  return out;
}
