import { testMap } from './combat.fixtures';
import { TerrainAttacker, TerrainInput, terrainBenefits, FieldworkLike } from './terrain-combat';
import { attackingStrength } from './strength';
import { levelLabel, rawOddsLevel, shiftLevel } from './odds';
import type { HexSpec, HexsideSpec } from '../../types';

// Defending hexes 0404 and 0403; neighbours of 0404: 0504 0503 0403 0303 0304 0405.
const adj = (id: string, hex: string, targets: string[], artillery = false): TerrainAttacker => ({
  id,
  hex,
  artillery,
  adjacent: true,
  through: Object.fromEntries(targets.map((t) => [t, [hex]])),
});

function verdict(
  hexes: Record<string, HexSpec>,
  attackers: TerrainAttacker[],
  defenderHexes: string[],
  hexsides: HexsideSpec[] = [],
  fieldworks: FieldworkLike[] = [],
  trenchEffect: TerrainInput['trenchEffect'] = 'halve-and-shift',
) {
  return terrainBenefits({
    map: testMap(hexes, hexsides),
    attackers,
    defenderHexes,
    fieldworks,
    trenchEffect,
  });
}

describe('8.4 effects of terrain on combat', () => {
  it('8.41: attacking into rough halves the attacker; a 5 attacks at 3', () => {
    const v = verdict({ '0404': { terrain: 'rough' } }, [adj('a', '0504', ['0404'])], ['0404']);
    expect(v.options).toHaveLength(1);
    expect(Object.keys(v.options[0].halved)).toEqual(['a']);
    expect(
      attackingStrength({ strength: 5, kind: 'other', morale: 'good', range: 1, halved: true })
        .terrain,
    ).toBe(3);
  });

  it('8.42: 14 against 2 in forest/woods is a 6:1 attack (forest shifts one column left)', () => {
    const v = verdict({ '0404': { terrain: 'forest' } }, [adj('a', '0504', ['0404'])], ['0404']);
    expect(v.options).toHaveLength(1);
    expect(v.options[0].option).toBe('forest');
    const net = v.options[0].right.shift - v.options[0].left.shift;
    expect(levelLabel(shiftLevel(rawOddsLevel(14, 2), net))).toBe('6:1');
  });

  it('8.43: a unit attacking a clear hex and a rough hex is halved', () => {
    const v = verdict(
      { '0403': { terrain: 'rough' } },
      [adj('a', '0303', ['0404', '0403'])],
      ['0404', '0403'],
    );
    expect(v.options[0].halved.a).toMatch(/rough/);
  });

  it('8.44, 10.27: the best right shift is netted against the best left shift', () => {
    const v = verdict(
      { '0404': { terrain: 'bridge' }, '0403': { terrain: 'town' } },
      [adj('a', '0303', ['0404', '0403'])],
      ['0404', '0403'],
    );
    expect(v.options[0].left.shift).toBe(1);
    expect(v.options[0].right.shift).toBe(2);
  });

  it('8.45: attacking forest/woods and forest/woods-rough: the defender chooses the halving or the column shift', () => {
    const v = verdict(
      { '0404': { terrain: 'forest' }, '0403': { terrain: 'forest-rough' } },
      [adj('a', '0303', ['0404', '0403'])],
      ['0404', '0403'],
    );
    expect(v.options.map((o) => o.option)).toEqual(['forest', 'other']);
    expect(v.options[0].halved).toEqual({});
    expect(v.options[0].left.shift).toBe(1);
    expect(Object.keys(v.options[1].halved)).toEqual(['a']);
    expect(v.options[1].left.shift).toBe(0);
  });

  it('8.46: a redoubt halves and shifts one left when attacked from its barbed side', () => {
    const hs: HexsideSpec[] = [
      { between: ['0504', '0404'], features: [{ type: 'redoubt', friendly: '0404' }] },
    ];
    const v = verdict({}, [adj('a', '0504', ['0404'])], ['0404'], hs);
    expect(v.options[0].halved.a).toMatch(/redoubt/);
    expect(v.options[0].left.shift).toBe(1);
    const back = verdict({}, [adj('a', '0404', ['0504'])], ['0504'], hs);
    expect(back.options[0].halved).toEqual({});
    expect(back.options[0].left.shift).toBe(0);
  });

  it('8.47: artillery is not halved across stream, bridge or ford hexsides, but is up a slope', () => {
    const hs: HexsideSpec[] = [
      { between: ['0504', '0404'], features: [{ type: 'stream' }] },
      { between: ['0303', '0404'], features: [{ type: 'slope', high: '0404' }] },
    ];
    const v = verdict(
      {},
      [
        adj('gun', '0504', ['0404'], true),
        adj('inf', '0504', ['0404']),
        adj('gun2', '0303', ['0404'], true),
      ],
      ['0404'],
      hs,
    );
    expect(Object.keys(v.options[0].halved).sort()).toEqual(['gun2', 'inf']);
  });
});

describe('10.2 terrain effects', () => {
  it('10.21: some attackers may be halved while others are not', () => {
    const hs: HexsideSpec[] = [{ between: ['0504', '0404'], features: [{ type: 'stream' }] }];
    const v = verdict({}, [adj('a', '0504', ['0404']), adj('b', '0303', ['0404'])], ['0404'], hs);
    expect(Object.keys(v.options[0].halved)).toEqual(['a']);
  });

  it('10.22: a unit is halved once however many halving terrains it attacks over', () => {
    const hs: HexsideSpec[] = [{ between: ['0303', '0404'], features: [{ type: 'stream' }] }];
    const v = verdict({ '0404': { terrain: 'rough' } }, [adj('a', '0303', ['0404'])], ['0404'], hs);
    expect(Object.keys(v.options[0].halved)).toEqual(['a']);
    expect(
      attackingStrength({ strength: 8, kind: 'other', morale: 'good', range: 1, halved: true })
        .terrain,
    ).toBe(4);
  });

  it('10.23: a redoubt shift applies only if every attacker attacks over a redoubt hexside', () => {
    const hs: HexsideSpec[] = [
      { between: ['0504', '0404'], features: [{ type: 'redoubt', friendly: '0404' }] },
    ];
    const v = verdict({}, [adj('a', '0504', ['0404']), adj('b', '0303', ['0404'])], ['0404'], hs);
    expect(v.options[0].left.shift).toBe(0);
    expect(Object.keys(v.options[0].halved)).toEqual(['a']);
  });

  it('10.23: bombarding artillery attacking across the redoubt hexside is halved and counts toward the shift', () => {
    const hs: HexsideSpec[] = [
      { between: ['0504', '0404'], features: [{ type: 'redoubt', friendly: '0404' }] },
    ];
    const gun: TerrainAttacker = {
      id: 'gun',
      hex: '0704',
      artillery: true,
      adjacent: false,
      through: { '0404': ['0504'] },
    };
    const v = verdict({}, [adj('a', '0504', ['0404']), gun], ['0404'], hs);
    expect(v.options[0].left.shift).toBe(1);
    expect(Object.keys(v.options[0].halved).sort()).toEqual(['a', 'gun']);
  });

  it('10.24: attacking two hexes, over a stream into one and into rough in the other: halved once, no shift in the revised chart', () => {
    // The example's "one odds column shift to the left" has no source in the revised TEC (rough and stream
    // only halve); see docs/rules-decisions.md C5. Hex terrain counts for every attacker (10.24).
    const hs: HexsideSpec[] = [{ between: ['0303', '0404'], features: [{ type: 'stream' }] }];
    const v = verdict(
      { '0403': { terrain: 'rough' } },
      [adj('a', '0303', ['0404', '0403'])],
      ['0404', '0403'],
      hs,
    );
    expect(Object.keys(v.options[0].halved)).toEqual(['a']);
    expect(v.options[0].left.shift).toBe(0);
  });

  it('10.24: a hex shift applies to every unit attacking any defending hex', () => {
    const v = verdict(
      { '0403': { terrain: 'town' } },
      [adj('a', '0303', ['0404', '0403']), adj('b', '0304', ['0404', '0403'])],
      ['0404', '0403'],
    );
    expect(v.options[0].left).toEqual({ shift: 1, source: 'town/urban hex (TEC)' });
  });

  it('10.25: Breastworks in a forest/woods hex have no effect (one option: the forest shift)', () => {
    const fw: FieldworkLike[] = [
      { hex: '0404', kind: 'breastworks', facing: ['0504', '0503', '0403'] },
    ];
    const v = verdict(
      { '0404': { terrain: 'forest' } },
      [adj('a', '0504', ['0404'])],
      ['0404'],
      [],
      fw,
    );
    expect(v.options).toHaveLength(1);
    expect(v.options[0].left.shift).toBe(1);
  });

  it('10.25: Breastworks in forest/woods-rough shift one left in addition to halving', () => {
    const fw: FieldworkLike[] = [
      { hex: '0404', kind: 'breastworks', facing: ['0504', '0503', '0403'] },
    ];
    const v = verdict(
      { '0404': { terrain: 'forest-rough' } },
      [adj('a', '0504', ['0404'])],
      ['0404'],
      [],
      fw,
    );
    expect(v.options).toHaveLength(1);
    expect(v.options[0].left.shift).toBe(1);
    expect(Object.keys(v.options[0].halved)).toEqual(['a']);
  });

  it('10.26: the attacker takes the best right shift (bridge hex 2 beats a marker under construction)', () => {
    const fw: FieldworkLike[] = [{ hex: '0404', kind: 'under-construction', facing: [] }];
    const v = verdict(
      { '0404': { terrain: 'bridge' } },
      [adj('a', '0504', ['0404'])],
      ['0404'],
      [],
      fw,
    );
    expect(v.options[0].right.shift).toBe(2);
  });

  it('TEC, A9: in a bridge hex the bridge hexside does not halve', () => {
    const hs: HexsideSpec[] = [
      { between: ['0504', '0404'], features: [{ type: 'creek' }, { type: 'bridge' }] },
    ];
    expect(
      verdict({ '0404': { terrain: 'bridge' } }, [adj('a', '0504', ['0404'])], ['0404'], hs)
        .options[0].halved,
    ).toEqual({});
    expect(
      Object.keys(verdict({}, [adj('a', '0504', ['0404'])], ['0404'], hs).options[0].halved),
    ).toEqual(['a']);
  });

  it('TEC: a fort shifts two columns left; a ford hex one right', () => {
    const v = verdict(
      { '0404': { terrain: 'ford', fort: true } },
      [adj('a', '0504', ['0404'])],
      ['0404'],
    );
    expect(v.options[0].left.shift).toBe(2);
    expect(v.options[0].right.shift).toBe(1);
  });
});

describe('10.3 fieldworks in combat', () => {
  const facing = ['0504', '0503', '0403'];
  it('10.38: Breastworks shift one left only if every adjacent attacker comes through its hexsides', () => {
    const fw: FieldworkLike[] = [{ hex: '0404', kind: 'breastworks', facing }];
    expect(verdict({}, [adj('a', '0504', ['0404'])], ['0404'], [], fw).options[0].left.shift).toBe(
      1,
    );
    expect(
      verdict({}, [adj('a', '0504', ['0404']), adj('b', '0405', ['0404'])], ['0404'], [], fw)
        .options[0].left.shift,
    ).toBe(0);
  });
  it('10.38: non-adjacent artillery never cancels the Breastworks shift, from any direction', () => {
    const fw: FieldworkLike[] = [{ hex: '0404', kind: 'breastworks', facing }];
    const gun: TerrainAttacker = {
      id: 'gun',
      hex: '0406',
      artillery: true,
      adjacent: false,
      through: { '0404': ['0405'] },
    };
    expect(
      verdict({}, [adj('a', '0504', ['0404']), gun], ['0404'], [], fw).options[0].left.shift,
    ).toBe(1);
  });
  it('10.39, A30: a Trench halves and shifts attackers through its hexsides (default union reading)', () => {
    const fw: FieldworkLike[] = [{ hex: '0404', kind: 'trench', facing }];
    const v = verdict({}, [adj('a', '0504', ['0404'])], ['0404'], [], fw);
    expect(v.options[0].left.shift).toBe(1);
    expect(Object.keys(v.options[0].halved)).toEqual(['a']);
    expect(
      verdict({}, [adj('a', '0504', ['0404'])], ['0404'], [], fw, 'halve').options[0].left.shift,
    ).toBe(0);
    expect(
      verdict({}, [adj('a', '0504', ['0404'])], ['0404'], [], fw, 'shift').options[0].halved,
    ).toEqual({});
  });
  it('10.34 i: attacking a unit under a Breastworks Under Construction marker shifts one right', () => {
    const fw: FieldworkLike[] = [{ hex: '0404', kind: 'under-construction', facing: [] }];
    expect(verdict({}, [adj('a', '0504', ['0404'])], ['0404'], [], fw).options[0].right.shift).toBe(
      1,
    );
  });
});
