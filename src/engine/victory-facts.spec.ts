/**
 * Victory point rules that depend on facts at the end of the game and on
 * per-turn occupation (Road to Richmond 22.12-22.14, 22.22).
 */
import type { Side, VictorySpec } from './types';
import { victoryPoints, type VictoryInputs } from './victory';

const spec = (points: VictorySpec['points']): VictorySpec => ({
  points,
  objectives: [
    { hex: '1823', control: 'last-to-occupy', case: '22.13' },
    { hex: '1826', control: 'last-to-occupy', case: '22.13' },
  ],
  levels: [],
  otherwise: 'draw',
});
const none: Record<Side, number> = { union: 0, confederate: 0 };
const base = (over: Partial<VictoryInputs> = {}): VictoryInputs => ({
  eliminatedStrength: none,
  objectives: {},
  units: {
    'us-train': { side: 'union', hex: null, status: 'pending' },
    'us-1': { side: 'union', hex: null, status: 'exited' },
    'cs-1': { side: 'confederate', hex: null, status: 'exited' },
  },
  exited: [],
  events: [],
  exitLineOfCommunication: { union: true, confederate: true },
  ...over,
});
const trainExited = (hex = '1528') => ({
  units: {
    'us-train': { side: 'union' as Side, hex: null, status: 'exited' },
  },
  exited: [{ unit: 'us-train', side: 'union' as Side, hex, type: 'train' as const, strength: 1 }],
});

describe('Road to Richmond 22.12, 22.14: point rules on facts', () => {
  it('22.12 iii: 5 VP to the Union only if the Train exited at 1528', () => {
    const s = spec([
      {
        kind: 'fact',
        side: 'union',
        when: { unitExited: 'us-train', atHexes: ['1528'] },
        points: 5,
        case: '22.12',
      },
    ]);
    expect(victoryPoints(s, base()).union).toBe(0);
    expect(victoryPoints(s, base(trainExited('1528'))).union).toBe(5);
    expect(victoryPoints(s, base(trainExited('0117'))).union).toBe(0);
  });

  it('22.12 vi: 20 VP to the Confederate if the Train never entered; none once it entered', () => {
    const s = spec([
      {
        kind: 'fact',
        side: 'confederate',
        when: { unitNeverEntered: 'us-train' },
        points: 20,
        case: '22.12',
      },
    ]);
    expect(victoryPoints(s, base()).confederate).toBe(20);
    const entered = base({
      units: { 'us-train': { side: 'union', hex: '2426', status: 'on-map' } },
    });
    expect(victoryPoints(s, entered).confederate).toBe(0);
  });

  it('22.14: 5 VP to the Union if the Confederate triggered early arrival; refused without the event record', () => {
    const s = spec([
      {
        kind: 'fact',
        side: 'union',
        when: { event: 'early-reinforcements-activated' },
        points: 5,
        case: '22.14',
      },
    ]);
    expect(victoryPoints(s, base()).union).toBe(0);
    expect(victoryPoints(s, base({ events: ['early-reinforcements-activated'] })).union).toBe(5);
    expect(() => victoryPoints(s, base({ events: undefined }))).toThrow(/22.14.*not yet supported/);
  });

  it('22.12 i: 1 VP per Union unit exited at 1528, the Train excluded (it scores by iii)', () => {
    const s = spec([
      {
        kind: 'exited-units',
        side: 'union',
        exitHexes: ['1528'],
        per: 'unit',
        values: { infantry: 1, artillery: 1, cavalry: 1, other: 1 },
        excludeUnits: ['us-train'],
        case: '22.12',
      },
    ]);
    const state = base({
      exited: [
        { unit: 'us-1', side: 'union', hex: '1528', type: 'infantry', strength: 7 },
        { unit: 'us-s', side: 'union', hex: '1528', type: 'siege-train', strength: 8 },
        { unit: 'us-train', side: 'union', hex: '1528', type: 'train', strength: 1 },
        { unit: 'us-2', side: 'union', hex: '0117', type: 'infantry', strength: 5 },
      ],
    });
    expect(victoryPoints(s, state).union).toBe(2);
  });

  it('22.12 ii, iv, v: exit points per strength point only if the Train exited (and the LOC holds) or was eliminated / never entered', () => {
    const ii = spec([
      {
        kind: 'exited-units',
        side: 'union',
        exitHexes: ['0117'],
        per: 'strength-point',
        values: { infantry: 1, artillery: 1, cavalry: 1, other: 1 },
        onlyIf: {
          allOf: [{ unitExited: 'us-train', atHexes: ['1528'] }, { lineOfCommunication: 'union' }],
        },
        case: '22.12',
      },
    ]);
    const v = spec([
      {
        kind: 'exited-units',
        side: 'confederate',
        exitHexes: ['1528'],
        per: 'strength-point',
        values: { infantry: 1, artillery: 1, cavalry: 1 },
        onlyIf: { anyOf: [{ unitEliminated: 'us-train' }, { unitNeverEntered: 'us-train' }] },
        case: '22.12',
      },
    ]);
    const exited = [
      { unit: 'us-1', side: 'union' as Side, hex: '0117', type: 'infantry' as const, strength: 7 },
      {
        unit: 'cs-1',
        side: 'confederate' as Side,
        hex: '1528',
        type: 'infantry' as const,
        strength: 8,
      },
    ];
    // Train exited at 1528, LOC open: the Union scores 7; the Confederate (v) nothing.
    const t = trainExited('1528');
    const afterTrain = base({ units: t.units, exited: [...t.exited, ...exited] });
    expect(victoryPoints(ii, afterTrain).union).toBe(7);
    expect(victoryPoints(v, afterTrain).confederate).toBe(0);
    // LOC cut: nothing for the Union.
    expect(
      victoryPoints(ii, { ...afterTrain, exitLineOfCommunication: { union: false } }).union,
    ).toBe(0);
    // Train never entered: nothing for the Union (ii), 8 for the Confederate (v).
    const never = base({ exited });
    expect(victoryPoints(ii, never).union).toBe(0);
    expect(victoryPoints(v, never).confederate).toBe(8);
    // Train eliminated: 8 for the Confederate.
    const dead = base({
      exited,
      units: { 'us-train': { side: 'union', hex: null, status: 'eliminated' } },
    });
    expect(victoryPoints(v, dead).confederate).toBe(8);
  });

  it('22.22: strength without a Line of Communication counts only when its condition holds', () => {
    const s = spec([
      {
        kind: 'without-line-of-communication',
        side: 'confederate',
        points: 1,
        onlyIf: { unitNeverEntered: 'us-train' },
        case: '22.22',
      },
    ]);
    const cut = { union: 12, confederate: 0 };
    expect(victoryPoints(s, base({ withoutLineOfCommunication: cut })).confederate).toBe(12);
    const entered = base({
      withoutLineOfCommunication: cut,
      units: { 'us-train': { side: 'union', hex: '2426', status: 'on-map' } },
    });
    expect(victoryPoints(s, entered).confederate).toBe(0);
  });
});

describe('Road to Richmond 22.13: hexes occupied at the end of each Game-Turn', () => {
  const s = spec([
    { kind: 'occupied-each-turn', hexes: ['1823', '1826'], fromTurn: 9, points: 1, case: '22.13' },
  ]);

  it('22.13: 1 VP per hex per Game-Turn after Game-Turn 8, to whoever physically occupies it', () => {
    const tallies = [
      { turn: 8, occupied: { '1823': 'union' as Side, '1826': 'union' as Side } },
      { turn: 9, occupied: { '1823': 'union' as Side, '1826': null } },
      { turn: 10, occupied: { '1823': 'confederate' as Side, '1826': 'union' as Side } },
      { turn: 11, occupied: { '1823': 'confederate' as Side, '1826': 'confederate' as Side } },
    ];
    expect(victoryPoints(s, base({ occupationTallies: tallies }))).toEqual({
      union: 2,
      confederate: 3,
    });
  });

  it('22.13: refused, not scored as zero, when the state keeps no tallies', () => {
    expect(() => victoryPoints(s, base())).toThrow(
      /occupied-each-turn \(22.13\).*not yet supported/,
    );
  });
});
