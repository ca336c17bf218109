import { GameHooks } from './game-hooks';

describe('GameHooks.appliesSql (issue 20: the order hooks are skipped where no set applies)', () => {
  it('is false with no set whose order hooks could do anything', () => {
    const hooks = new GameHooks();
    expect(hooks.appliesSql()).toBe('false');
    hooks.register({ sideForToken: () => Promise.resolve(null), appliesSql: 'true' });
    expect(hooks.appliesSql()).toBe('false');
  });

  it("ORs the sets' conditions, and is true when a set with order hooks gives none", () => {
    const hooks = new GameHooks();
    hooks.register({ appliesSql: 'EXISTS (SELECT 1)', afterOrder: () => Promise.resolve() });
    expect(hooks.appliesSql()).toBe('((EXISTS (SELECT 1)))');
    hooks.register({ appliesSql: 'games.id IS NULL', committed: () => Promise.resolve() });
    expect(hooks.appliesSql()).toBe('((EXISTS (SELECT 1)) OR (games.id IS NULL))');
    hooks.register({ beforeOrder: () => Promise.resolve() });
    expect(hooks.appliesSql()).toBe('true');
  });
});
