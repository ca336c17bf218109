import {
  COMBAT_RESULTS_TABLE,
  ODDS_COLUMNS,
  clampDie,
  crtLookup,
  highOddsDieModifier,
} from './crt';

describe('8.6 Combat Results Table', () => {
  it('8.6: has twelve columns of six results, 1:5 to 6:1', () => {
    expect(ODDS_COLUMNS).toEqual([
      '1:5',
      '1:4',
      '1:3',
      '1:2',
      '2:3',
      '1:1',
      '3:2',
      '2:1',
      '3:1',
      '4:1',
      '5:1',
      '6:1',
    ]);
    for (const c of ODDS_COLUMNS) expect(COMBAT_RESULTS_TABLE[c]).toHaveLength(6);
  });

  it('8.6: every row reads as printed (seed 000 lines 584–655)', () => {
    const rows = [
      'Ar Ar Ar Dr Dr Dr Dr Dr De De De De',
      'Ar Ar Ar Ar Dr Dr Dr Dr Dr Dr De De',
      'Ae* Ar Ar Ar Ar Dr Dr Dr Dr Dr Dr De',
      'Ae Ae* Ar Ar Ar Ar Dr Dr Dr Dr Dr Dr',
      'Ae Ae Ae* Ar Ar Ar Ar Ar Dr Ex* Ex Ex',
      'Ae Ae Ae Ae* Ar Ar Ar Ex* Ex Ex Ex Ex',
    ];
    rows.forEach((row, i) => {
      expect(ODDS_COLUMNS.map((c) => crtLookup(c, i + 1)).join(' ')).toBe(row);
    });
  });

  it('8.6: refuses a die roll outside 1..6', () => {
    expect(() => crtLookup('1:1', 0)).toThrow();
    expect(() => crtLookup('1:1', 7)).toThrow();
  });
});

describe('8.61 odds above 6:1', () => {
  it('8.61: 7:1 has no modifier; 8:1 −1; 10:1 −2; 12:1 −3', () => {
    expect(highOddsDieModifier(7)).toBe(0);
    expect(highOddsDieModifier(8)).toBe(-1);
    expect(highOddsDieModifier(9)).toBe(-1);
    expect(highOddsDieModifier(10)).toBe(-2);
    expect(highOddsDieModifier(11)).toBe(-2);
    expect(highOddsDieModifier(12)).toBe(-3);
  });
  it('8.61 (A36): the modifier stops at −3 and modified rolls read as 1..6', () => {
    expect(highOddsDieModifier(20)).toBe(-3);
    expect(clampDie(1 - 3)).toBe(1);
    expect(clampDie(7)).toBe(6);
  });
});
