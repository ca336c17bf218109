import { TerrainMap } from '../../map';
import { testMapDoc } from '../blue-grey/combat.fixtures';
import type { HexSpec } from '../../types';
import { classicLineOfSight } from './line-of-sight';

const map = (hexes: Record<string, HexSpec> = {}) => new TerrainMap(testMapDoc(hexes));

describe('O8.3 line of sight (1975, no elevation)', () => {
  it('O8.31, O8.33: an intervening forest, forest & rough or town hex blocks', () => {
    for (const terrain of ['forest', 'forest-rough', 'town'] as const) {
      expect(classicLineOfSight(map({ '0403': { terrain } }), '0402', '0404')).toBe(false);
    }
  });
  it('O8.33: rough terrain by itself does not block', () => {
    expect(classicLineOfSight(map({ '0403': { terrain: 'rough' } }), '0402', '0404')).toBe(true);
  });
  it('O8.34: the terrain of the firing and target hexes does not block', () => {
    expect(
      classicLineOfSight(
        map({ '0402': { terrain: 'forest' }, '0405': { terrain: 'town' } }),
        '0402',
        '0405',
      ),
    ).toBe(true);
  });
  it('O8.32: a line along a hexside is blocked only if both hexes beside it block', () => {
    const m = map();
    const path = m.grid.lineOfSight('0202', '0402');
    expect(path.alongHexsides.length).toBeGreaterThan(0);
    const [p, q] = path.alongHexsides[0];
    expect(classicLineOfSight(map({ [p!]: { terrain: 'forest' } }), '0202', '0402')).toBe(true);
    expect(
      classicLineOfSight(
        map({ [p!]: { terrain: 'forest' }, [q!]: { terrain: 'town' } }),
        '0202',
        '0402',
      ),
    ).toBe(false);
  });
});
