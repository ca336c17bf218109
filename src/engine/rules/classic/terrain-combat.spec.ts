import { TerrainMap } from '../../map';
import { testMapDoc } from '../blue-grey/combat.fixtures';
import type { HexSpec, HexsideSpec } from '../../types';
import { classicDefenceMultiplier } from './terrain-combat';

const map = (hexes: Record<string, HexSpec> = {}, sides: HexsideSpec[] = []) =>
  new TerrainMap(testMapDoc(hexes, sides));

describe('O7.4 and the 1975 TEC: terrain multiplies the defender', () => {
  it('O7.4: a unit with a Combat Strength of 5 defends on a Rough Terrain hex at an effective strength of 10', () => {
    const m = classicDefenceMultiplier(map({ '0405': { terrain: 'rough' } }), '0405', ['0404']);
    expect(5 * m.multiplier).toBe(10);
  });

  it('O9.0: forest alone has no effect on combat (it only blocks Line of Sight)', () => {
    expect(
      classicDefenceMultiplier(map({ '0405': { terrain: 'forest' } }), '0405', ['0404']).multiplier,
    ).toBe(1);
  });

  it('O9.0: forest & rough and town hexes double the defender', () => {
    expect(
      classicDefenceMultiplier(map({ '0405': { terrain: 'forest-rough' } }), '0405', ['0404'])
        .multiplier,
    ).toBe(2);
    expect(
      classicDefenceMultiplier(map({ '0405': { terrain: 'town' } }), '0405', ['0404']).multiplier,
    ).toBe(2);
  });

  it('O9.0: defender doubled only if all attacking units attack across bridge or ford hexsides', () => {
    const sides: HexsideSpec[] = [
      { between: ['0404', '0405'], features: [{ type: 'creek' }, { type: 'bridge' }] },
      { between: ['0406', '0405'], features: [{ type: 'creek' }, { type: 'ford' }] },
    ];
    expect(classicDefenceMultiplier(map({}, sides), '0405', ['0404', '0406']).multiplier).toBe(2);
    const third = [
      '0404',
      '0406',
      map()
        .grid.neighbours('0405')
        .find((h) => h !== '0404' && h !== '0406')!,
    ];
    expect(classicDefenceMultiplier(map({}, sides), '0405', third).multiplier).toBe(1);
  });

  it('O9.0, Chattanooga 18.12: defender tripled if all attack across redoubt hexsides from the barbed side, not from the other side', () => {
    const sides: HexsideSpec[] = [
      { between: ['0404', '0405'], features: [{ type: 'redoubt', friendly: '0405' }] },
    ];
    expect(classicDefenceMultiplier(map({}, sides), '0405', ['0404']).multiplier).toBe(3);
    expect(classicDefenceMultiplier(map({}, sides), '0404', ['0405']).multiplier).toBe(1);
  });

  it('O7.4: multipliers are not cumulative: rough behind a bridge is ×2, rough behind a redoubt ×3', () => {
    const bridge: HexsideSpec[] = [
      { between: ['0404', '0405'], features: [{ type: 'creek' }, { type: 'bridge' }] },
    ];
    const redoubt: HexsideSpec[] = [
      { between: ['0404', '0405'], features: [{ type: 'redoubt', friendly: '0405' }] },
    ];
    expect(
      classicDefenceMultiplier(map({ '0405': { terrain: 'rough' } }, bridge), '0405', ['0404'])
        .multiplier,
    ).toBe(2);
    expect(
      classicDefenceMultiplier(map({ '0405': { terrain: 'rough' } }, redoubt), '0405', ['0404'])
        .multiplier,
    ).toBe(3);
  });

  it('O8.0, O9.0: bombarding artillery attacks across the hexside its line enters by; one not across a bridge cancels the doubling', () => {
    const sides: HexsideSpec[] = [
      { between: ['0404', '0405'], features: [{ type: 'creek' }, { type: 'bridge' }] },
    ];
    // 0402 fires straight down the column into 0405 through 0404's hexside: across the bridge.
    expect(classicDefenceMultiplier(map({}, sides), '0405', ['0404'], ['0402']).multiplier).toBe(2);
    // 0408 fires from the other side: not across the bridge.
    expect(classicDefenceMultiplier(map({}, sides), '0405', ['0404'], ['0408']).multiplier).toBe(1);
  });
});
