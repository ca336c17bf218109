import { testMap } from './combat.fixtures';
import { elevation, entryHexsides, lineOfSight } from './line-of-sight';

/** A hex two away from 0404 whose line to it runs along a hexside (9.32). */
function alongTarget(): string {
  const g = testMap().grid;
  return g
    .within('0404', 2)
    .find((h) => g.distance('0404', h) === 2 && g.lineOfSight('0404', h).alongHexsides.length > 0)!;
}

// 0404 → 0704 passes through 0504 and 0604; 0204 → 0503 through 0303 and 0404.
describe('9.3 line of sight', () => {
  it('9.31: a clear line sees the target; blocking terrain between blocks it', () => {
    expect(lineOfSight(testMap(), '0404', '0704').clear).toBe(true);
    const v = lineOfSight(testMap({ '0504': { terrain: 'forest' } }), '0404', '0704');
    expect(v).toEqual({ clear: false, blockedBy: { hex: '0504' } });
    expect(lineOfSight(testMap({ '0604': { terrain: 'town' } }), '0404', '0704').clear).toBe(false);
  });

  it('9.33: rough by itself does not block between ends of the same level... but is elevated (9.35)', () => {
    // Rough is an elevated hex (A34: level 2); between two level-1 hexes it blocks by elevation.
    expect(elevation(testMap({ '0504': { terrain: 'rough' } }), '0504')).toBe(2);
    expect(lineOfSight(testMap({ '0504': { terrain: 'rough' } }), '0404', '0704').clear).toBe(
      false,
    );
    // Between elevated ends (level 2) rough does not block.
    const m = testMap({
      '0404': { terrain: 'clear', level: 2 },
      '0704': { terrain: 'clear', level: 2 },
      '0504': { terrain: 'rough' },
    });
    expect(lineOfSight(m, '0404', '0704').clear).toBe(true);
  });

  it('9.34: when both ends are elevated, blocking terrain at a lower elevation is ignored', () => {
    const m = testMap({
      '0404': { terrain: 'clear', level: 2 },
      '0704': { terrain: 'rough' },
      '0504': { terrain: 'forest' },
    });
    expect(lineOfSight(m, '0404', '0704').clear).toBe(true);
  });

  it('9.33: blocking terrain at the level of either end blocks', () => {
    const m = testMap({ '0404': { terrain: 'clear', level: 2 }, '0504': { terrain: 'forest' } });
    expect(lineOfSight(m, '0404', '0704').clear).toBe(false);
  });

  it('9.35: between elevated hexes an even higher (level 3) hex blocks', () => {
    const m = testMap({
      '0404': { terrain: 'clear', level: 2 },
      '0704': { terrain: 'clear', level: 2 },
      '0604': { terrain: 'clear', level: 3 },
    });
    expect(lineOfSight(m, '0404', '0704').clear).toBe(false);
  });

  it('9.36: the terrain of the firing and target hexes never blocks', () => {
    const m = testMap({ '0404': { terrain: 'forest' }, '0704': { terrain: 'town' } });
    expect(lineOfSight(m, '0404', '0704').clear).toBe(true);
  });

  it('9.36: a ridge hexside blocks only when it is a side of neither end hex', () => {
    const mid = testMap({}, [{ between: ['0504', '0604'], features: [{ type: 'ridge' }] }]);
    expect(lineOfSight(mid, '0404', '0704').clear).toBe(false);
    const nearFirer = testMap({}, [{ between: ['0404', '0504'], features: [{ type: 'ridge' }] }]);
    expect(lineOfSight(nearFirer, '0404', '0704').clear).toBe(true);
    const nearTarget = testMap({}, [{ between: ['0604', '0704'], features: [{ type: 'ridge' }] }]);
    expect(lineOfSight(nearTarget, '0404', '0704').clear).toBe(true);
  });

  it('9.32: a line along a hexside is blocked only if both hexes beside it block', () => {
    const map = testMap();
    const target = alongTarget();
    const [p, q] = map.grid.lineOfSight('0404', target).alongHexsides[0] as [string, string];
    expect(lineOfSight(testMap({ [p]: { terrain: 'forest' } }), '0404', target).clear).toBe(true);
    expect(
      lineOfSight(
        testMap({ [p]: { terrain: 'forest' }, [q]: { terrain: 'forest' } }),
        '0404',
        target,
      ).clear,
    ).toBe(false);
  });

  it('A21: a bombardment enters the target through the hexside facing the last hex crossed', () => {
    expect(entryHexsides(testMap(), '0704', '0404')).toEqual(['0504']);
    expect(entryHexsides(testMap(), '0504', '0404')).toEqual(['0504']);
    expect(entryHexsides(testMap(), alongTarget(), '0404')).toHaveLength(2);
  });
});
