import type { GamesService, LoadedGame } from './games.service';
import { PastPositions } from './past-positions';

describe('PastPositions', () => {
  function setUp(status: 'finished' | 'playing') {
    const orders = Array.from({ length: 5 }, (_, i) => ({ type: 'pass', i }));
    const system = {
      mustAct: jest.fn(() => ({ seats: ['union'], kind: 'order' })),
      legalOrders: jest.fn(() => orders),
    };
    const loaded = {
      row: { id: 'g1' },
      prepared: { system, ctx: {} },
      state: { phase: status === 'finished' ? 'finished' : 'combat', result: null },
    } as unknown as LoadedGame;
    const games = {
      load: jest.fn(async () => loaded),
      storedPosition: jest.fn(async () => ({ state: {}, stateHash: 'h', at: new Date() })),
    };
    return { past: new PastPositions(games as unknown as GamesService), games, system, orders };
  }

  it('pages through a listing re-deriving the position and its orders once', async () => {
    const { past, games, system, orders } = setUp('finished');
    const first = await past.legalOrdersAt('g1', 3, 'union', null, { offset: 0, limit: 2 });
    const second = await past.legalOrdersAt('g1', 3, 'union', null, { offset: 2, limit: 2 });
    expect(first.orders).toEqual(orders.slice(0, 2));
    expect(second.orders).toEqual(orders.slice(2, 4));
    expect(second.total).toBe(5);
    expect(games.storedPosition).toHaveBeenCalledTimes(1);
    expect(system.legalOrders).toHaveBeenCalledTimes(1);
    // Another seq is another position.
    await past.legalOrdersAt('g1', 4, 'union', null, { offset: 0, limit: 2 });
    expect(games.storedPosition).toHaveBeenCalledTimes(2);
  });

  it('checks the reader before a kept listing is used', async () => {
    const { past } = setUp('playing');
    await past.legalOrdersAt('g1', 3, 'union', 'union', { offset: 0, limit: 2 });
    await expect(
      past.legalOrdersAt('g1', 3, 'union', 'confederate', { offset: 0, limit: 2 }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      past.legalOrdersAt('g1', 3, 'union', null, { offset: 0, limit: 2 }),
    ).rejects.toBeDefined();
  });
});
