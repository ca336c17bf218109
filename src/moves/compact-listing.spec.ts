import type { Order } from '../engine/state';
import { compactPage, ordersOfCompact } from './compact-listing';

const page = (orders: object[], more: object = {}) => ({
  version: 7,
  side: 'union' as const,
  orders: orders as Order[],
  ...more,
});
const sorted = (orders: object[]) => orders.map((o) => JSON.stringify(o)).sort();

describe('compact listing (GET legal-orders?format=compact)', () => {
  it('groups {type, unit, path} orders by type and unit, each path one string, in the listing order', () => {
    const orders = [
      { type: 'move', unit: 'a', path: ['0101'] },
      { type: 'move', unit: 'a', path: ['0101', '0102'] },
      { type: 'strategic-move', unit: 'a', path: ['0201', '0202', '0203'] },
      { type: 'move', unit: 'b', path: ['0301'] },
      // Back to an earlier group: it joins that group, not a new one.
      { type: 'move', unit: 'a', path: ['0103'] },
      { type: 'end-phase' },
    ];
    const compact = compactPage(page(orders));
    expect(compact).toEqual({
      version: 7,
      side: 'union',
      format: 'compact',
      count: 6,
      byUnit: [
        { type: 'move', unit: 'a', paths: ['0101', '0101 0102', '0103'] },
        { type: 'strategic-move', unit: 'a', paths: ['0201 0202 0203'] },
        { type: 'move', unit: 'b', paths: ['0301'] },
      ],
      orders: [{ type: 'end-phase' }],
    });
    expect(sorted(ordersOfCompact(compact))).toEqual(sorted(orders));
  });

  it('lists whole every order a space-joined path could not give back: other members, a hex with a space or empty, no path, no unit', () => {
    const odd = [
      { type: 'move', unit: 'a', path: ['0101'], mode: 'column' },
      { type: 'move', unit: 'a', path: ['Harpers Ferry'] },
      { type: 'move', unit: 'a', path: [''] },
      { type: 'move', unit: 'a', path: [] },
      { type: 'move', unit: 7, path: ['0101'] },
      { type: 'rally-marker', unit: 'a' },
      { type: 'attack', attackers: ['a'], defenders: ['x'] },
    ];
    const compact = compactPage(page([...odd, { type: 'move', unit: 'a', path: ['0104'] }]));
    expect(compact.byUnit).toEqual([{ type: 'move', unit: 'a', paths: ['0104'] }]);
    expect(compact.orders).toEqual(odd);
    expect(compact.count).toBe(8);
    expect(sorted(ordersOfCompact(compact))).toEqual(
      sorted([...odd, { type: 'move', unit: 'a', path: ['0104'] }]),
    );
  });

  it("keeps the page's truncated and next, and an empty listing is empty", () => {
    const truncated = compactPage(
      page([{ type: 'move', unit: 'a', path: ['0101'] }], { truncated: true, next: '7.1' }),
    );
    expect(truncated).toMatchObject({ count: 1, truncated: true, next: '7.1' });
    expect(compactPage(page([]))).toEqual({
      version: 7,
      side: 'union',
      format: 'compact',
      count: 0,
      byUnit: [],
      orders: [],
    });
  });
});
