import { TerrainMap } from '../../map';
import { buildBoard, directionTo } from '../blue-grey/board';
import { testMapDoc } from '../blue-grey/combat.fixtures';
import type { HexSpec, HexsideSpec, RouteSpec } from '../../types';
import {
  PROHIBITED,
  classicBoard,
  classicHexCost,
  classicMapSupport,
  classicStepMp,
} from './terrain-costs';

function step(
  hexes: Record<string, HexSpec>,
  hexsides: HexsideSpec[],
  routes: RouteSpec[],
  from: string,
  to: string,
): number {
  const map = new TerrainMap(testMapDoc(hexes, hexsides, routes));
  const board = buildBoard(map);
  const cb = classicBoard(map, board);
  const i = board.index.get(from)!;
  const j = board.index.get(to)!;
  return classicStepMp(cb, i * 6 + directionTo(board, i, j), j);
}

describe('O5.2 and the 1975 Terrain Effects Chart: movement costs', () => {
  it('O5.21, O9.0: clear 1, forest 3, rough 3, forest & rough 6, town 1, ferry 3, river never', () => {
    expect(classicHexCost('clear')).toBe(1);
    expect(classicHexCost('forest')).toBe(3);
    expect(classicHexCost('rough')).toBe(3);
    expect(classicHexCost('forest-rough')).toBe(6);
    expect(classicHexCost('town')).toBe(1);
    expect(classicHexCost('ferry')).toBe(3);
    expect(classicHexCost('pontoon')).toBe(1);
    expect(classicHexCost('river')).toBe(PROHIBITED);
  });

  it('O5.25: if a unit moves through a ford hexside into a forest hex, the cost is four Movement Points', () => {
    const sides: HexsideSpec[] = [
      { between: ['0404', '0405'], features: [{ type: 'creek' }, { type: 'ford' }] },
    ];
    expect(step({ '0405': { terrain: 'forest' } }, sides, [], '0404', '0405')).toBe(4);
  });

  it('O5.25: there is no additional cost for moving through a bridge hexside (revised: +1)', () => {
    const sides: HexsideSpec[] = [
      { between: ['0404', '0405'], features: [{ type: 'creek' }, { type: 'bridge' }] },
    ];
    expect(step({ '0405': { terrain: 'forest' } }, sides, [], '0404', '0405')).toBe(3);
    expect(step({}, sides, [], '0404', '0405')).toBe(1);
  });

  it('O5.25: units may never cross creek hexsides except at bridges or fords', () => {
    const sides: HexsideSpec[] = [{ between: ['0404', '0405'], features: [{ type: 'creek' }] }];
    expect(step({}, sides, [], '0404', '0405')).toBe(PROHIBITED);
  });

  it('O5.24: units may never enter river hexes', () => {
    expect(step({ '0405': { terrain: 'river' } }, [], [], '0404', '0405')).toBe(PROHIBITED);
  });

  it('O5.22: road hex to road hex through a road hexside costs 1 MP regardless of other terrain in the hex', () => {
    const road: RouteSpec[] = [{ type: 'road', hexes: ['0404', '0405'] }];
    expect(step({ '0405': { terrain: 'forest-rough' } }, [], road, '0404', '0405')).toBe(1);
    expect(step({ '0405': { terrain: 'forest-rough' } }, [], [], '0404', '0405')).toBe(6);
  });

  it('O5.23: along a trail, 2 MP into forest and/or rough, 1 MP into clear (ignore trails in clear terrain)', () => {
    const trail: RouteSpec[] = [{ type: 'trail', hexes: ['0404', '0405'] }];
    expect(step({ '0405': { terrain: 'forest-rough' } }, [], trail, '0404', '0405')).toBe(2);
    expect(step({ '0405': { terrain: 'rough' } }, [], trail, '0404', '0405')).toBe(2);
    expect(step({}, [], trail, '0404', '0405')).toBe(1);
  });

  it('O9.0: a redoubt hexside costs no additional Movement Points', () => {
    const sides: HexsideSpec[] = [
      { between: ['0404', '0405'], features: [{ type: 'redoubt', friendly: '0405' }] },
    ];
    expect(step({}, sides, [], '0404', '0405')).toBe(1);
  });

  it('O9.0: terrain the 1975 chart does not have makes a map unplayable under it, listed by kind', () => {
    const map = new TerrainMap(
      testMapDoc(
        { '0101': { terrain: 'swamp' } },
        [{ between: ['0404', '0405'], features: [{ type: 'stream' }] }],
        [{ type: 'turnpike', hexes: ['0202', '0203'] }],
      ),
    );
    expect(classicMapSupport(map)).toEqual(['stream hexsides', 'swamp hexes', 'turnpike routes']);
    expect(
      classicMapSupport(new TerrainMap(testMapDoc({ '0101': { terrain: 'forest-rough' } }))),
    ).toEqual([]);
  });
});
