import { CLASSIC_COLUMNS, classicCrt, classicCrtLookup } from './crt';

describe('O7.6 the 1975 Combat Results Table', () => {
  it('O7.6: ten columns 1-5 .. 6-1 and only Ae, Ar, Dr, De, Ex (no partial results)', () => {
    expect([...CLASSIC_COLUMNS]).toEqual([
      '1-5',
      '1-4',
      '1-3',
      '1-2',
      '1-1',
      '2-1',
      '3-1',
      '4-1',
      '5-1',
      '6-1',
    ]);
    const all = new Set(Object.values(classicCrt()).flat());
    expect([...all].sort()).toEqual(['Ae', 'Ar', 'De', 'Dr', 'Ex']);
  });

  it('O7.6: rows 5 and 6 as printed, complete in the scan', () => {
    const t = classicCrt();
    expect(CLASSIC_COLUMNS.map((c) => t[c][4])).toEqual([
      'Ae',
      'Ae',
      'Ar',
      'Ar',
      'Ar',
      'Ar',
      'Dr',
      'Ex',
      'Ex',
      'Dr',
    ]);
    expect(CLASSIC_COLUMNS.map((c) => t[c][5])).toEqual([
      'Ae',
      'Ae',
      'Ae',
      'Ae',
      'Ar',
      'Ar',
      'Ex',
      'Ex',
      'Ex',
      'Ex',
    ]);
  });

  it('O7.6: the garbled rows 1-4 keep every printed cell in order, the missing one restored inside the run of Dr', () => {
    const printed = [
      'Ar Ar Dr Dr Dr De De De De',
      'Ar Ar Ar Dr Dr Dr De De De',
      'Ar Ar Ar Ar Dr Dr Dr De De',
      'Ae Ar Ar Ar Ar Dr Dr Dr Dr',
    ];
    const t = classicCrt();
    printed.forEach((line, r) => {
      const row = CLASSIC_COLUMNS.map((c) => t[c][r]);
      const cells = line.split(' ');
      // Removing one Dr from the reconstructed row gives back the printed nine cells.
      const i = row.indexOf('Dr');
      expect(row.filter((_, k) => k !== i)).toEqual(cells);
    });
  });

  it('O7.6: reconstructed columns match the revised columns built from them (2-1 is the revised 3:2, 3-1 the revised 3:1)', () => {
    const t = classicCrt();
    expect(t['2-1']).toEqual(['Dr', 'Dr', 'Dr', 'Dr', 'Ar', 'Ar']);
    expect(t['3-1']).toEqual(['De', 'Dr', 'Dr', 'Dr', 'Dr', 'Ex']);
    expect(t['4-1']).toEqual(['De', 'De', 'Dr', 'Dr', 'Ex', 'Ex']);
    expect(t['5-1']).toEqual(['De', 'De', 'De', 'Dr', 'Ex', 'Ex']);
    expect(t['1-1']).toEqual(['Dr', 'Dr', 'Dr', 'Ar', 'Ar', 'Ar']);
  });

  it('O7.6: the 6-1 / die 5 cell is "Dr" as printed and configurable', () => {
    expect(classicCrtLookup('6-1', 5)).toBe('Dr');
    expect(classicCrt('Ex')['6-1'][4]).toBe('Ex');
    expect(classicCrt()['6-1'][4]).toBe('Dr');
  });

  it('O7.6: a die roll outside 1..6 is an error', () => {
    expect(() => classicCrtLookup('1-1', 0)).toThrow();
    expect(() => classicCrtLookup('1-1', 7)).toThrow();
  });
});
