import {
  attackingStrength,
  defendingStrength,
  nightTotal,
  scaleRounded,
  stage,
  ONE_HALF,
} from './strength';

describe('8.32 rounding at each stage', () => {
  it('8.32: 0.499 rounds down and 0.5 rounds up, never below 1', () => {
    expect(scaleRounded(5, ONE_HALF)).toBe(3);
    expect(scaleRounded(3, [1, 3])).toBe(1);
    expect(scaleRounded(4, [1, 3])).toBe(1); // 1.33
    expect(scaleRounded(5, [1, 3])).toBe(2); // 1.67
    expect(stage(1, [1, 3])).toBe(1);
  });
});

describe('8.41 terrain halving', () => {
  it('8.41: a unit of 5 attacking a rough hex attacks at 3', () => {
    expect(
      attackingStrength({ strength: 5, kind: 'other', morale: 'good', range: 1, halved: true })
        .terrain,
    ).toBe(3);
  });
  it('10.22: halving never takes a unit below 1', () => {
    expect(
      attackingStrength({ strength: 1, kind: 'other', morale: 'shaken', range: 1, halved: true })
        .terrain,
    ).toBe(1);
  });
});

describe('12.25 order of modification: range, morale, terrain', () => {
  it('9.48, 12.21, 8.41: a Disordered artillery unit of 5 attacking adjacent across a slope: 8, 5, 3', () => {
    const s = attackingStrength({
      strength: 5,
      kind: 'artillery',
      morale: 'disordered',
      range: 1,
      halved: true,
    });
    expect([s.range, s.morale, s.terrain]).toEqual([8, 5, 3]);
  });
  it('9.19, 9.25: artillery at three hexes loses a third, minimum 1 before terrain', () => {
    expect(
      attackingStrength({ strength: 4, kind: 'artillery', morale: 'good', range: 3, halved: false })
        .terrain,
    ).toBe(3);
    expect(
      attackingStrength({ strength: 1, kind: 'artillery', morale: 'good', range: 3, halved: false })
        .range,
    ).toBe(1);
    expect(
      attackingStrength({ strength: 4, kind: 'artillery', morale: 'good', range: 2, halved: false })
        .terrain,
    ).toBe(4);
  });
  it('9.65: gunboats have no range effects at any range', () => {
    expect(
      attackingStrength({ strength: 2, kind: 'gunboat', morale: 'good', range: 1, halved: false })
        .terrain,
    ).toBe(2);
    expect(
      attackingStrength({ strength: 2, kind: 'gunboat', morale: 'good', range: 6, halved: false })
        .terrain,
    ).toBe(2);
  });
  it('12.21, 12.22: attacking Disordered units lose a third, Shaken two thirds', () => {
    expect(
      attackingStrength({
        strength: 6,
        kind: 'other',
        morale: 'disordered',
        range: 1,
        halved: false,
      }).terrain,
    ).toBe(4);
    expect(
      attackingStrength({ strength: 6, kind: 'other', morale: 'shaken', range: 1, halved: false })
        .terrain,
    ).toBe(2);
  });
  it('12.23: a Routed unit may not attack', () => {
    expect(() =>
      attackingStrength({ strength: 6, kind: 'other', morale: 'routed', range: 1, halved: false }),
    ).toThrow(/12.23/);
  });
  it('12.21–12.23: defending Disordered units are unaffected, Shaken lose a third, Routed two thirds', () => {
    const d = (morale: 'good' | 'disordered' | 'shaken' | 'routed') =>
      defendingStrength({ strength: 6, morale, artilleryBonus: false, retreatedInto: false })
        .terrain;
    expect([d('good'), d('disordered'), d('shaken'), d('routed')]).toEqual([6, 6, 4, 2]);
  });
  it('9.53, A24: defending artillery gains one half before morale', () => {
    expect(
      defendingStrength({
        strength: 3,
        morale: 'shaken',
        artilleryBonus: true,
        retreatedInto: false,
      }).terrain,
    ).toBe(3); // 4.5→5, ×2/3 = 3.33→3
  });
  it('8.74: a unit retreated into the defending hex adds nothing', () => {
    expect(
      defendingStrength({ strength: 7, morale: 'good', artilleryBonus: false, retreatedInto: true })
        .terrain,
    ).toBe(0);
  });
});

describe('11.23 night die', () => {
  it('11.23: 1 doubles the attacking total, 2–3 leaves it, 4–6 halves it rounding to nearest', () => {
    expect(nightTotal(7, 1)).toBe(14);
    expect(nightTotal(7, 2)).toBe(7);
    expect(nightTotal(7, 3)).toBe(7);
    expect(nightTotal(7, 4)).toBe(4);
    expect(nightTotal(1, 6)).toBe(1);
  });
});
