import {
  destinations,
  setUp,
  testMap,
  testScenario,
  tryOrder,
  unit,
} from '../../../../test/unit/engine/helpers';

const river = Object.fromEntries(
  ['0101', '0102', '0103', '0104', '0105', '0106', '0107', '0108', '0109', '0110'].map((h) => [
    h,
    { terrain: 'river' as const },
  ]),
);

function world() {
  return setUp(
    testMap({ hexes: river }),
    testScenario({
      units: [
        unit('g1', 'union', 'gunboat'),
        unit('g2', 'union', 'gunboat'),
        unit('g3', 'union', 'gunboat'),
        unit('e', 'confederate'),
      ],
      placements: [
        { unit: 'g1', hex: '0101' },
        { unit: 'g2', hex: '0110' },
        { unit: 'g3', hex: '0110' },
        { unit: 'e', hex: '0205' },
      ],
      gunboatHexes: ['0201'],
    }),
  );
}

describe('9.6 gunboats', () => {
  it('9.62: Gunboats have an unlimited Movement Allowance along contiguous river hexes', () => {
    const f = world();
    const r = tryOrder(f, 'union', {
      type: 'move',
      unit: 'g1',
      path: ['0102', '0103', '0104', '0105', '0106', '0107', '0108', '0109'],
    });
    expect(r.ok).toBe(true);
    expect(tryOrder(f, 'union', { type: 'move', unit: 'g1', path: ['0202'] })).toMatchObject({
      ok: false,
      refusal: { code: 'GUNBOAT_OFF_RIVER' },
    });
  });
  it('9.62: the scenario may add hexes gunboats may use (Shiloh 1701)', () => {
    expect(tryOrder(world(), 'union', { type: 'move', unit: 'g1', path: ['0201'] }).ok).toBe(true);
  });
  it('9.63: two Gunboats may stack in the same hex, not three', () => {
    const f = world();
    expect(
      tryOrder(f, 'union', {
        type: 'move',
        unit: 'g1',
        path: ['0102', '0103', '0104', '0105', '0106', '0107', '0108', '0109', '0110'],
      }),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'STACKING_LIMIT', rule: '9.63' },
    });
    expect(destinations(f, 'union', 'g1')).toEqual([
      '0102',
      '0103',
      '0104',
      '0105',
      '0106',
      '0107',
      '0108',
      '0109',
      '0201',
    ]);
  });
  it('9.64: Gunboats are not affected by Enemy Zones of Control', () => {
    expect(
      tryOrder(world(), 'union', {
        type: 'move',
        unit: 'g1',
        path: ['0102', '0103', '0104', '0105', '0106', '0107'],
      }).ok,
    ).toBe(true);
  });
});
