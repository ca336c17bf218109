/**
 * The point rules added for Antietam (19.1) and Cemetery Hill (20.11, 20.12,
 * 20.3) on top of Shiloh's eliminated-strength rule: per-side multipliers,
 * strength without a Line of Communication, a set of objective hexes held
 * together, and the exited-cavalry race. Hand-built end states.
 */
import { evaluateVictory, victoryPoints } from './victory';
import type { VictoryInputs } from './victory';
import type { VictorySpec } from './types';

const SHARPSBURG = ['0815', '0816', '0716', '0616'];

/** Antietam 19.1/19.2 as data (the same shape scenarios/antietam/scenario.json carries). */
const antietam: VictorySpec = {
  points: [
    { kind: 'eliminated-strength', points: 1, case: '19.1' },
    { kind: 'without-line-of-communication', side: 'union', points: 1, case: '19.1' },
    { kind: 'objective-set', hexes: SHARPSBURG, points: 15, case: '19.1' },
  ],
  objectives: SHARPSBURG.map((hex) => ({
    hex,
    control: 'last-to-occupy' as const,
    initial: 'confederate' as const,
    case: '19.1',
  })),
  levels: [
    {
      side: 'union',
      level: 'decisive',
      when: { all: [{ pointsAtLeastTimes: 2 }, { pointsMoreThanTimes: 1 }] },
      competitionScore: 2,
      case: '19.2',
    },
    {
      side: 'union',
      level: 'substantive',
      when: { all: [{ pointsAtLeastTimes: 1.5 }, { pointsMoreThanTimes: 1 }] },
      competitionScore: 1,
      case: '19.2',
    },
    {
      side: 'union',
      level: 'marginal',
      when: { pointsMoreThanTimes: 1 },
      competitionScore: 0.5,
      case: '19.2',
    },
    {
      side: 'confederate',
      level: 'decisive',
      when: { pointsMoreThanTimes: 1.5 },
      competitionScore: 2,
      case: '19.2',
    },
    {
      side: 'confederate',
      level: 'substantive',
      when: { all: [{ pointsAtLeastTimes: 1.25 }, { pointsMoreThanTimes: 1 }] },
      competitionScore: 1.5,
      case: '19.2',
    },
    {
      side: 'confederate',
      level: 'marginal',
      when: { pointsAtLeastTimes: 1 },
      competitionScore: 1,
      case: '19.2',
    },
  ],
  otherwise: 'draw',
};

const state = (over: Partial<VictoryInputs>): VictoryInputs => ({
  eliminatedStrength: { union: 0, confederate: 0 },
  objectives: {},
  withoutLineOfCommunication: { union: 0, confederate: 0 },
  ...over,
});

describe('19.1 Antietam victory points', () => {
  it('19.1: 1 VP per enemy CSP eliminated, and Sharpsburg (held by the Confederate at the start) is worth 15 VP', () => {
    expect(
      victoryPoints(antietam, state({ eliminatedStrength: { union: 12, confederate: 20 } })),
    ).toEqual({
      union: 20,
      confederate: 12 + 15,
    });
  });

  it('19.1: Sharpsburg scores only for all four hexes; three of four give nothing', () => {
    const three = { '0815': 'union', '0816': 'union', '0716': 'union' } as const;
    expect(victoryPoints(antietam, state({ objectives: { ...three } }))).toEqual({
      union: 0,
      confederate: 0,
    });
    expect(victoryPoints(antietam, state({ objectives: { ...three, '0616': 'union' } }))).toEqual({
      union: 15,
      confederate: 0,
    });
  });

  it('19.1: a Union unit standing in a Sharpsburg hex holds it (18.31-style occupation)', () => {
    const units = { u1: { side: 'union' as const, hex: '0616', status: 'on-map' } };
    const objectives = {
      '0815': 'union',
      '0816': 'union',
      '0716': 'union',
      '0616': 'confederate',
    } as const;
    expect(victoryPoints(antietam, state({ objectives: { ...objectives }, units })).union).toBe(15);
  });

  it('19.1: Confederate strength without a Line of Communication to 0126 counts as eliminated for the Union only', () => {
    const s = state({
      eliminatedStrength: { union: 0, confederate: 10 },
      withoutLineOfCommunication: { union: 30, confederate: 16 },
    });
    expect(victoryPoints(antietam, s)).toEqual({ union: 26, confederate: 15 });
  });

  it('19.1: without the traced Line of Communication the evaluator refuses rather than guessing', () => {
    expect(() =>
      victoryPoints(antietam, { eliminatedStrength: { union: 0, confederate: 0 }, objectives: {} }),
    ).toThrow(/not yet supported/);
  });
});

describe('19.2 Antietam ratio levels', () => {
  const at = (union: number, confederate: number) => {
    // Union VP from Confederate losses, Confederate VP from Union losses; Sharpsburg split (no 15 VP).
    const s = state({
      eliminatedStrength: { union: confederate, confederate: union },
      objectives: { '0815': 'union' },
    });
    const r = evaluateVictory(antietam, s);
    expect(r.points).toEqual({ union, confederate });
    return [r.winner, r.level, r.competitionScore];
  };
  it('19.2: each level at and around its printed boundaries', () => {
    expect(at(40, 20)).toEqual(['union', 'decisive', 2]);
    expect(at(39, 20)).toEqual(['union', 'substantive', 1]);
    expect(at(30, 20)).toEqual(['union', 'substantive', 1]);
    expect(at(29, 20)).toEqual(['union', 'marginal', 0.5]);
    expect(at(21, 20)).toEqual(['union', 'marginal', 0.5]);
    expect(at(20, 20)).toEqual(['confederate', 'marginal', 1]);
    expect(at(20, 24)).toEqual(['confederate', 'marginal', 1]);
    expect(at(20, 25)).toEqual(['confederate', 'substantive', 1.5]);
    expect(at(20, 30)).toEqual(['confederate', 'substantive', 1.5]);
    expect(at(20, 31)).toEqual(['confederate', 'decisive', 2]);
    expect(at(0, 5)).toEqual(['confederate', 'decisive', 2]);
    expect(at(5, 0)).toEqual(['union', 'decisive', 2]);
  });
  it('19.2: 0:0 is read as 1:1, a Confederate Marginal Victory', () => {
    expect(at(0, 0)).toEqual(['confederate', 'marginal', 1]);
  });
});

/** Cemetery Hill 20.1, 20.3 point rules. */
const cemeteryHill: VictorySpec = {
  points: [
    { kind: 'eliminated-strength', side: 'confederate', points: 2, case: '20.11' },
    { kind: 'without-line-of-communication', side: 'confederate', points: 1, case: '20.11' },
    { kind: 'eliminated-strength', side: 'union', points: 3, case: '20.12' },
    { kind: 'without-line-of-communication', side: 'union', points: 1, case: '20.12' },
    {
      kind: 'exited-excess',
      side: 'confederate',
      unitType: 'cavalry',
      points: 5,
      tally: 'end-of-union-player-turn',
      case: '20.3',
    },
  ],
  objectives: [],
  levels: [],
  otherwise: 'draw',
};

describe('20.1, 20.3 Cemetery Hill victory points', () => {
  it('20.11, 20.12: the Confederate scores 2 per Union CSP eliminated, the Union 3 per Confederate CSP', () => {
    expect(
      victoryPoints(cemeteryHill, state({ eliminatedStrength: { union: 10, confederate: 10 } })),
    ).toEqual({ union: 30, confederate: 20 });
  });

  it('20.11, 20.12: 1 VP per remaining enemy CSP without a Line of Communication, both ways', () => {
    expect(
      victoryPoints(
        cemeteryHill,
        state({ withoutLineOfCommunication: { union: 7, confederate: 4 } }),
      ),
    ).toEqual({ union: 4, confederate: 7 });
  });

  it('20.3: the worked example: 3 Confederate cavalry exit on GT12, 2 Union on GT13: 5 VP at the end of the GT13 Union Player-Turn, 5 more each later turn', () => {
    const tally = (turn: number, c: number, u: number) => ({
      turn,
      exited: { confederate: { cavalry: c }, union: { cavalry: u } },
    });
    // GT12's Union Player-Turn comes before the Confederate one in which the three exit.
    const tallies = [tally(12, 0, 0), tally(13, 3, 2)];
    expect(victoryPoints(cemeteryHill, state({ exitTallies: tallies })).confederate).toBe(5);
    expect(
      victoryPoints(cemeteryHill, state({ exitTallies: [...tallies, tally(14, 3, 2)] }))
        .confederate,
    ).toBe(10);
  });

  it('20.3: a Union excess of exited cavalry scores nothing for either side', () => {
    const tallies = [{ turn: 8, exited: { confederate: { cavalry: 1 }, union: { cavalry: 3 } } }];
    expect(victoryPoints(cemeteryHill, state({ exitTallies: tallies }))).toEqual({
      union: 0,
      confederate: 0,
    });
  });
});
