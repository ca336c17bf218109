import {
  levelLabel,
  parseLevel,
  rawOddsLevel,
  reduceLevel,
  resolveLevel,
  shiftLevel,
} from './odds';

const label = (a: number, d: number) => levelLabel(rawOddsLevel(a, d));

describe('8.0 odds ratio', () => {
  it('8.0: thirteen against four is 3.25:1, rounded down to 3:1', () => {
    expect(label(13, 4)).toBe('3:1');
  });
  it("8.0: odds are rounded down in the defender's favour onto the ladder, including 2:3 and 3:2", () => {
    expect(label(7, 5)).toBe('1:1');
    expect(label(5, 7)).toBe('2:3');
    expect(label(3, 2)).toBe('3:2');
    expect(label(2, 3)).toBe('2:3');
    expect(label(1, 2)).toBe('1:2');
    expect(label(5, 11)).toBe('1:3');
    expect(label(1, 5)).toBe('1:5');
    expect(label(11, 2)).toBe('5:1');
    expect(label(12, 2)).toBe('6:1');
  });
  it('8.62: odds below 1:5 are read below the ladder and resolved on the 1:5 column', () => {
    expect(rawOddsLevel(1, 6)).toBe(-1);
    expect(resolveLevel(rawOddsLevel(1, 6))).toEqual({ column: '1:5', dieModifier: 0 });
  });
  it('8.61: above 6:1 the ratio is kept as a virtual level ⌊A/D⌋:1', () => {
    expect(label(14, 2)).toBe('7:1');
    expect(label(25, 2)).toBe('12:1');
    expect(resolveLevel(rawOddsLevel(16, 2))).toEqual({ column: '6:1', dieModifier: -1 });
    expect(resolveLevel(rawOddsLevel(24, 2))).toEqual({ column: '6:1', dieModifier: -3 });
  });
});

describe('8.42 column shifts', () => {
  it('8.42: 14 strength points against 2 in forest/woods is modified to a 6:1 attack', () => {
    expect(levelLabel(shiftLevel(rawOddsLevel(14, 2), -1))).toBe('6:1');
  });
  it('8.42: odds cannot be shifted below 1:5', () => {
    expect(levelLabel(shiftLevel(rawOddsLevel(1, 4), -2))).toBe('1:5');
    expect(levelLabel(shiftLevel(rawOddsLevel(1, 9), -1))).toBe('1:5');
  });
  it('8.42, 8.61: shifts to the right walk beyond 6:1 and earn die modifiers', () => {
    const lvl = shiftLevel(rawOddsLevel(6, 1), 2);
    expect(levelLabel(lvl)).toBe('8:1');
    expect(resolveLevel(lvl)).toEqual({ column: '6:1', dieModifier: -1 });
  });
});

describe('8.9 voluntary reduction of combat odds', () => {
  it('8.9: an attack computed at 5:1 may be resolved at 3:1', () => {
    const lvl = rawOddsLevel(10, 2);
    expect(levelLabel(lvl)).toBe('5:1');
    expect(levelLabel(reduceLevel(lvl, parseLevel('3:1')))).toBe('3:1');
  });
  it('8.9: naming a higher column changes nothing (the attacker may only reduce)', () => {
    expect(levelLabel(reduceLevel(rawOddsLevel(4, 2), parseLevel('6:1')))).toBe('2:1');
  });
  it('8.9: labels of virtual levels parse; nonsense does not', () => {
    expect(levelLabel(parseLevel('9:1')!)).toBe('9:1');
    expect(parseLevel('7:2')).toBeUndefined();
    expect(parseLevel(3)).toBeUndefined();
  });
});
