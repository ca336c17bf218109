import { classicOddsColumn, parseClassicColumn, reduceClassicColumn } from './odds';

describe('O7.0 odds, rounded in favour of the defender', () => {
  it('O7.0: thirteen strength points attacking four is 3.25 to 1, rounded down to 3-1', () => {
    expect(classicOddsColumn(13, 4)).toBe('3-1');
  });
  it('O7.0: odds below 1-1 round down too (5 against 11 is 1-3, not 1-2)', () => {
    expect(classicOddsColumn(5, 11)).toBe('1-3');
    expect(classicOddsColumn(5, 10)).toBe('1-2');
    expect(classicOddsColumn(9, 10)).toBe('1-2');
  });
  it('O7.6: attacks at greater than 6-1 are treated as 6-1; worse than 1-5 as 1-5', () => {
    expect(classicOddsColumn(30, 2)).toBe('6-1');
    expect(classicOddsColumn(1, 9)).toBe('1-5');
  });
  it('O7.0: there is no 2-3 or 3-2 column in 1975 (revised only)', () => {
    expect(classicOddsColumn(2, 3)).toBe('1-2');
    expect(classicOddsColumn(3, 2)).toBe('1-1');
  });
  it('O7.74: a hex defended only by units retreated into it (strength 0) is attacked at 6-1', () => {
    expect(classicOddsColumn(1, 0)).toBe('6-1');
  });
});

describe('O7.9 voluntary reduction of combat odds', () => {
  it('O7.9: a 5-1 attack announced as a 3-1 is resolved on the 3-1 column', () => {
    expect(reduceClassicColumn(classicOddsColumn(10, 2), parseClassicColumn('3-1'))).toBe('3-1');
  });
  it('O7.9: the attacker may only reduce; naming a higher column changes nothing', () => {
    expect(reduceClassicColumn('2-1', '4-1')).toBe('2-1');
  });
  it('O7.9: columns are named "3-1" (or "3:1"); anything else is not a column', () => {
    expect(parseClassicColumn('3:1')).toBe('3-1');
    expect(parseClassicColumn('2:3')).toBeUndefined();
    expect(parseClassicColumn(7)).toBeUndefined();
  });
});
