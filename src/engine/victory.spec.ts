import type { Side, VictorySpec } from './types';
import fc from 'fast-check';
import type { GameContext } from './game';
import type { GameState } from './state';
import { evaluateVictory as engineResultAtEnd } from './rules/blue-grey/victory';
import {
  competitionScoreOf,
  conditionHolds,
  evaluateVictory,
  victoryPoints,
  victoryResult,
  type VictoryInputs,
} from './victory';

/**
 * Shiloh's victory conditions (seed 000, [18.0]–[18.3]) as a VictorySpec:
 * 1 VP per enemy CSP eliminated, occupation of Pittsburg Landing (1508),
 * six levels with their competition scores. Decisive levels come before
 * the lesser ones of the same side so that the strongest level that holds wins.
 */
const SHILOH: VictorySpec = {
  points: [{ kind: 'eliminated-strength', points: 1, case: '18.1' }],
  objectives: [{ hex: '1508', control: 'last-to-occupy', initial: 'union', case: '18.31' }],
  levels: [
    {
      side: 'confederate',
      level: 'decisive',
      when: { all: [{ pointsAtLeastTimes: 2 }, { occupies: ['1508'] }] },
      competitionScore: 2,
      case: '18.2',
    },
    {
      side: 'confederate',
      level: 'substantive',
      when: { all: [{ occupies: ['1508'] }, { pointsAtLeastTimes: 1 }] },
      competitionScore: 1,
      case: '18.2',
    },
    {
      side: 'union',
      level: 'decisive',
      when: { all: [{ occupies: ['1508'] }, { pointsAtLeastTimes: 2 }] },
      competitionScore: 2,
      case: '18.2',
    },
    {
      side: 'union',
      level: 'substantive',
      when: { all: [{ occupies: ['1508'] }, { pointsAtLeastTimes: 1 }] },
      competitionScore: 1,
      case: '18.2',
    },
    {
      side: 'confederate',
      level: 'marginal',
      when: { pointsAtLeastTimes: 2 },
      competitionScore: 0.5,
      case: '18.2',
    },
    {
      side: 'union',
      level: 'marginal',
      when: { all: [{ occupies: ['1508'] }, { pointsMoreThanTimes: 0.5 }] },
      competitionScore: 0.5,
      case: '18.2',
    },
  ],
  otherwise: 'draw',
};

/** A state where the Union lost `unionLost` CSP, the Confederates `confLost`, and 1508 is held by `holder`. */
function state(unionLost: number, confLost: number, holder: Side | null): VictoryInputs {
  return {
    eliminatedStrength: { union: unionLost, confederate: confLost },
    objectives: { '1508': holder },
  };
}

describe('18.1 victory point schedule', () => {
  it('18.1: one VP for each enemy Combat Strength Point eliminated', () => {
    expect(victoryPoints(SHILOH, state(12, 5, null))).toEqual({ confederate: 12, union: 5 });
  });

  it('18.1: a schedule worth 2 VP per point doubles, and several rules add up', () => {
    const spec: VictorySpec = {
      ...SHILOH,
      points: [
        { kind: 'eliminated-strength', points: 2, case: 'x' },
        { kind: 'eliminated-strength', points: 1, case: 'y' },
      ],
    };
    expect(victoryPoints(spec, state(4, 1, null))).toEqual({ confederate: 12, union: 3 });
  });

  it('18.1: no eliminations, no points', () => {
    expect(victoryPoints(SHILOH, state(0, 0, 'union'))).toEqual({ union: 0, confederate: 0 });
  });
});

describe('18.2 levels of victory (Shiloh)', () => {
  it('18.2: Confederate Decisive — twice the Union VP and occupies 1508 [2.0]', () => {
    const s = evaluateVictory(SHILOH, state(20, 10, 'confederate'));
    expect(s).toMatchObject({
      level: 'decisive',
      winner: 'confederate',
      competitionScore: 2,
      case: '18.2',
    });
    expect(s.points).toEqual({ confederate: 20, union: 10 });
  });

  it('18.2: Confederate Substantive — occupies 1508 with at least as many VP [1.0]', () => {
    expect(evaluateVictory(SHILOH, state(10, 10, 'confederate'))).toMatchObject({
      level: 'substantive',
      winner: 'confederate',
      competitionScore: 1,
    });
    expect(evaluateVictory(SHILOH, state(19, 10, 'confederate'))).toMatchObject({
      level: 'substantive',
    });
  });

  it('18.2: Confederate Marginal — twice the Union VP without 1508 [0.5]', () => {
    expect(evaluateVictory(SHILOH, state(20, 10, 'union'))).toMatchObject({
      level: 'marginal',
      winner: 'confederate',
      competitionScore: 0.5,
    });
    expect(evaluateVictory(SHILOH, state(20, 10, null))).toMatchObject({
      level: 'marginal',
      winner: 'confederate',
    });
  });

  it('18.2: Union Marginal — occupies 1508 with more than half the Confederate VP [0.5]', () => {
    expect(evaluateVictory(SHILOH, state(11, 6, 'union'))).toMatchObject({
      level: 'marginal',
      winner: 'union',
      competitionScore: 0.5,
    });
  });

  it('18.2: exactly half the Confederate VP is not "more than half": Confederate Marginal instead', () => {
    expect(evaluateVictory(SHILOH, state(12, 6, 'union'))).toMatchObject({
      level: 'marginal',
      winner: 'confederate',
    });
  });

  it('18.2: Union Substantive — occupies 1508 with at least as many VP [1.0]', () => {
    expect(evaluateVictory(SHILOH, state(8, 8, 'union'))).toMatchObject({
      level: 'substantive',
      winner: 'union',
      competitionScore: 1,
    });
  });

  it('18.2: Union Decisive — occupies 1508 with at least twice the Confederate VP [2.0]', () => {
    expect(evaluateVictory(SHILOH, state(5, 10, 'union'))).toMatchObject({
      level: 'decisive',
      winner: 'union',
      competitionScore: 2,
    });
  });

  it('18.2: without 1508 the Union wins nothing; short of twice the VP the Confederates neither — a draw', () => {
    const s = evaluateVictory(SHILOH, state(3, 30, 'confederate'));
    expect(s).toEqual({
      points: { confederate: 3, union: 30 },
      objectives: { '1508': 'confederate' },
      level: 'draw',
      winner: null,
      competitionScore: null,
      case: null,
    });
    expect(evaluateVictory(SHILOH, state(15, 10, null))).toMatchObject({
      level: 'draw',
      winner: null,
    });
  });
});

describe('18.31 occupation', () => {
  it('18.31: an objective the state does not track yet is held by its initial holder', () => {
    const s = evaluateVictory(SHILOH, {
      eliminatedStrength: { union: 0, confederate: 0 },
      objectives: {},
    });
    expect(s.objectives).toEqual({ '1508': 'union' });
    expect(s.winner).toBe('union');
  });

  it('18.31: occupation is read from the state, the last side to move into or through the hex', () => {
    expect(evaluateVictory(SHILOH, state(0, 0, 'confederate')).objectives).toEqual({
      '1508': 'confederate',
    });
  });
});

describe('18.0 victory conditions as data', () => {
  const points = { union: 10, confederate: 4 };
  it('18.0: conditions compose with all / any / not and read from the level side’s point of view', () => {
    expect(conditionHolds({ pointsLeadAtLeast: 5 }, 'union', points, {})).toBe(true);
    expect(conditionHolds({ pointsLeadAtLeast: 5 }, 'confederate', points, {})).toBe(false);
    expect(
      conditionHolds(
        { any: [{ occupies: ['0101'] }, { pointsMoreThanTimes: 2 }] },
        'union',
        points,
        {},
      ),
    ).toBe(true);
    expect(conditionHolds({ not: { pointsAtLeastTimes: 1 } }, 'confederate', points, {})).toBe(
      true,
    );
    expect(
      conditionHolds({ all: [{ occupies: ['0101', '0102'] }] }, 'union', points, {
        '0101': 'union',
      }),
    ).toBe(false);
  });

  it('18.0: the result at the end names the winner, level and score for the state', () => {
    expect(victoryResult(SHILOH, state(20, 10, 'confederate'))).toEqual({
      winner: 'confederate',
      level: 'decisive',
      reason:
        'Confederate decisive victory (18.2) at the end of the game, 10–20 VP (Union–Confederate).',
    });
    expect(victoryResult(SHILOH, state(3, 30, 'confederate'))).toMatchObject({
      winner: null,
      level: 'draw',
    });
  });
});

describe('18.31 occupation by units in the hex', () => {
  const units = {
    'c-1': { side: 'confederate' as Side, hex: '1508', status: 'on-map' },
    'u-gb': { side: 'union' as Side, hex: '1701', status: 'on-map' },
  };

  it('18.31: a unit physically in the objective occupies it, whoever moved through it last', () => {
    const s = evaluateVictory(SHILOH, { ...state(0, 0, 'union'), units });
    expect(s.objectives).toEqual({ '1508': 'confederate' });
  });

  it('18.31: units that cannot hold ground (gunboats, 9.6) do not occupy; eliminated units neither', () => {
    const gunboatIn1508 = { 'u-gb': { side: 'union' as Side, hex: '1508', status: 'on-map' } };
    const s = evaluateVictory(
      SHILOH,
      { ...state(0, 0, 'confederate'), units: gunboatIn1508 },
      (id) => id !== 'u-gb',
    );
    expect(s.objectives).toEqual({ '1508': 'confederate' });
    const gone = { 'c-1': { side: 'confederate' as Side, hex: '1508', status: 'eliminated' } };
    expect(evaluateVictory(SHILOH, { ...state(0, 0, 'union'), units: gone }).objectives).toEqual({
      '1508': 'union',
    });
  });
});

describe('18.2 competition scores', () => {
  it('18.2: the score printed with each level, none for a draw or a level the scenario does not print', () => {
    expect(competitionScoreOf(SHILOH, 'confederate', 'decisive')).toBe(2);
    expect(competitionScoreOf(SHILOH, 'union', 'marginal')).toBe(0.5);
    expect(competitionScoreOf(SHILOH, null, 'draw')).toBeNull();
    expect(competitionScoreOf(SHILOH, 'union', null)).toBeNull();
  });
});

describe('18.2 agreement with the end-of-game result', () => {
  it('18.2: the standing gives the same winner and level as the result the sequence of play records at the end', () => {
    const ctx = {
      scenario: { victory: SHILOH },
      unitSpecs: new Map([
        ['c-1', { type: 'infantry' }],
        ['u-1', { type: 'infantry' }],
      ]),
    } as unknown as GameContext;
    const side = fc.constantFrom<Side | null>('union', 'confederate', null);
    fc.assert(
      fc.property(fc.nat(40), fc.nat(40), side, side, (uLost, cLost, tracked, inHex) => {
        const units: GameState['units'] = {};
        if (inHex) {
          const id = inHex === 'union' ? 'u-1' : 'c-1';
          units[id] = {
            id,
            side: inHex,
            hex: '1508',
            status: 'on-map',
            strength: 3,
            morale: 'good',
            markers: {},
          };
        }
        const gs = { ...state(uLost, cLost, tracked), units } as unknown as GameState;
        const mine = evaluateVictory(SHILOH, gs);
        const atEnd = engineResultAtEnd(ctx, gs);
        expect({ winner: mine.winner, level: mine.level }).toEqual({
          winner: atEnd.winner,
          level: atEnd.level,
        });
      }),
    );
  });
});

describe('18.2 Shiloh as shipped (scenarios/shiloh/scenario.json)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const shipped = (require('../../scenarios/shiloh/scenario.json') as { victory: VictorySpec })
    .victory;

  it.each([
    ['confederate', 'decisive', 2, state(20, 10, 'confederate')],
    ['confederate', 'substantive', 1, state(10, 10, 'confederate')],
    ['confederate', 'marginal', 0.5, state(20, 10, 'union')],
    ['union', 'marginal', 0.5, state(11, 6, 'union')],
    ['union', 'substantive', 1, state(8, 8, 'union')],
    ['union', 'decisive', 2, state(5, 10, 'union')],
  ] as const)('18.2: %s %s [%s] is reachable from the shipped data', (winner, level, score, s) => {
    expect(evaluateVictory(shipped, s)).toMatchObject({
      winner,
      level,
      competitionScore: score,
      case: '18.2',
    });
  });

  it('18.1, 18.2: one VP per enemy CSP, and a draw when no level holds', () => {
    expect(victoryPoints(shipped, state(7, 3, null))).toEqual({ confederate: 7, union: 3 });
    expect(evaluateVictory(shipped, state(3, 30, 'confederate'))).toMatchObject({
      level: 'draw',
      winner: null,
    });
  });
});
