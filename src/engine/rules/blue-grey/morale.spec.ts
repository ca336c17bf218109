import { disorder, nightRecovery, rallyOutcome, townDisorder, disorderRollHits } from './morale';

describe('12.1 how units become Disordered, Shaken and Routed', () => {
  it('12.14, 12.15: each Disorder is one step; Routed units are not further affected', () => {
    expect(disorder('good')).toBe('disordered');
    expect(disorder('disordered')).toBe('shaken');
    expect(disorder('shaken')).toBe('routed');
    expect(disorder('routed')).toBe('routed');
  });
  it('12.11: retreating attacking artillery takes an extra Disorder (at least Shaken)', () => {
    expect(disorder('good', 2)).toBe('shaken');
    expect(disorder('disordered', 2)).toBe('routed');
  });
  it('12.17: a town Disorders a Good unit and never escalates a worse one', () => {
    expect(townDisorder('good')).toBe('disordered');
    expect(townDisorder('disordered')).toBe('disordered');
    expect(townDisorder('shaken')).toBe('shaken');
  });
  it('12.12, 12.13: a die roll of 4–6 Disorders', () => {
    expect([1, 2, 3, 4, 5, 6].map(disorderRollHits)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});

describe('12.41 recovery', () => {
  it('12.41b: the rally table for Disordered, Shaken and Routed units', () => {
    const row = (m: 'disordered' | 'shaken' | 'routed') =>
      [1, 2, 3, 4, 5, 6].map((d) => rallyOutcome(m, d, false));
    expect(row('disordered')).toEqual(['good', 'good', 'good', 'good', 'good', 'shaken']);
    expect(row('shaken')).toEqual(['good', 'good', 'good', 'disordered', 'disordered', 'routed']);
    expect(row('routed')).toEqual([
      'good',
      'disordered',
      'disordered',
      'shaken',
      'shaken',
      'eliminated',
    ]);
  });
  it('12.41, 12.17: a unit rallying in a town stays at least Disordered', () => {
    expect(rallyOutcome('shaken', 1, true)).toBe('disordered');
    expect(rallyOutcome('routed', 4, true)).toBe('shaken');
  });
  it('11.3, 12.41a: night recovery restores Good, except Disordered in a town', () => {
    expect(nightRecovery('routed', false)).toBe('good');
    expect(nightRecovery('shaken', true)).toBe('disordered');
  });
});
