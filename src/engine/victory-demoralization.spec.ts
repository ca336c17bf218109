/**
 * Hooker and Lee 21.3: a Demoralized winner's level of victory drops one
 * step; no effect when both armies are Demoralized. Evaluated from the
 * VictorySpec's `demoralization` rule and VictoryInputs.demoralized.
 */
import { evaluateVictory, victoryResult } from './victory';
import type { VictorySpec } from './types';

/** The Hooker and Lee 21.2 ladder, Confederate VP to Union VP, with 21.3. */
const spec: VictorySpec = {
  points: [
    { kind: 'eliminated-strength', points: 2, case: '21.11', side: 'confederate' },
    { kind: 'eliminated-strength', points: 3, case: '21.12', side: 'union' },
  ],
  objectives: [],
  levels: [
    { side: 'confederate', level: 'decisive', when: { pointsAtLeastTimes: 2 }, case: '21.2' },
    { side: 'confederate', level: 'substantive', when: { pointsAtLeastTimes: 1.5 }, case: '21.2' },
    { side: 'confederate', level: 'marginal', when: { pointsMoreThanTimes: 1 }, case: '21.2' },
    { side: 'union', level: 'decisive', when: { pointsAtLeastTimes: 2 }, case: '21.2' },
    { side: 'union', level: 'substantive', when: { pointsAtLeastTimes: 1.5 }, case: '21.2' },
    { side: 'union', level: 'marginal', when: { pointsAtLeastTimes: 1 }, case: '21.2' },
  ],
  otherwise: 'draw',
  demoralization: {
    case: '21.3',
    levelsDown: 1,
    bothDemoralized: 'no-effect',
    belowMarginal: 'otherwise',
  },
};

/** Confederate VP = 2 × Union losses, Union VP = 3 × Confederate losses. */
const state = (
  unionLost: number,
  confederateLost: number,
  demoralized: { union?: boolean; confederate?: boolean },
) => ({
  eliminatedStrength: { union: unionLost, confederate: confederateLost },
  objectives: {},
  demoralized,
});

describe('21.3 effects of Demoralization on the level of victory', () => {
  it('21.3: without Demoralization the 21.2 level stands (C 120 : U 60 is Confederate Decisive)', () => {
    const s = evaluateVictory(spec, state(60, 20, {}));
    expect(s.points).toEqual({ union: 60, confederate: 120 });
    expect([s.winner, s.level, s.case]).toEqual(['confederate', 'decisive', '21.2']);
  });

  it('21.3: a Demoralized Decisive winner gets Substantive, a Demoralized Substantive winner Marginal (the printed example)', () => {
    expect(evaluateVictory(spec, state(60, 20, { confederate: true }))).toMatchObject({
      winner: 'confederate',
      level: 'substantive',
      case: '21.2, 21.3',
    });
    // C 90 : U 60 = 1.5:1, Confederate Substantive; Demoralized: Marginal.
    expect(evaluateVictory(spec, state(45, 20, { confederate: true }))).toMatchObject({
      winner: 'confederate',
      level: 'marginal',
    });
    // U 120 : C 60 = 1:2, Union Decisive; Demoralized Union: Substantive.
    expect(evaluateVictory(spec, state(30, 40, { union: true }))).toMatchObject({
      winner: 'union',
      level: 'substantive',
    });
  });

  it("21.3: a Demoralized Marginal winner has no level left: the spec's otherwise, a draw", () => {
    // C 66 : U 60 > 1:1, Confederate Marginal.
    expect(evaluateVictory(spec, state(33, 20, {}))).toMatchObject({
      winner: 'confederate',
      level: 'marginal',
    });
    const s = evaluateVictory(spec, state(33, 20, { confederate: true }));
    expect([s.winner, s.level, s.case]).toEqual([null, 'draw', null]);
    expect(victoryResult(spec, state(33, 20, { confederate: true })).winner).toBeNull();
  });

  it("21.3: only the winner's Demoralization matters, and none when both armies are Demoralized", () => {
    expect(evaluateVictory(spec, state(60, 20, { union: true }))).toMatchObject({
      winner: 'confederate',
      level: 'decisive',
    });
    expect(evaluateVictory(spec, state(60, 20, { union: true, confederate: true }))).toMatchObject({
      winner: 'confederate',
      level: 'decisive',
      case: '21.2',
    });
  });

  it('21.3: refused (not yet supported), never guessed, when the state does not say who is Demoralized', () => {
    expect(() =>
      evaluateVictory(spec, { eliminatedStrength: { union: 60, confederate: 20 }, objectives: {} }),
    ).toThrow(/21\.3.*not yet supported/);
  });

  it('21.3: a spec without the rule ignores VictoryInputs.demoralized (Shiloh and the others are unchanged)', () => {
    const { demoralization: _omit, ...plain } = spec;
    void _omit;
    expect(evaluateVictory(plain, state(60, 20, { confederate: true }))).toMatchObject({
      level: 'decisive',
    });
  });
});
