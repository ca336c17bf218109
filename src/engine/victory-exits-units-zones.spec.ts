/**
 * Victory point rules added for Chickamauga (21.11-21.13, 21.31) and
 * Chattanooga (21.11, 21.12): exited strength with and without an exit Line
 * of Communication, a unit that fails to exit, per-unit elimination,
 * objectives held by one side only, objectives ever held, and hexes in a
 * Zone of Control. Each rule refuses to score when the state lacks its input.
 */
import { evaluateVictory, victoryPoints, type VictoryInputs } from './victory';
import type { VictorySpec } from './types';

const base = (
  points: VictorySpec['points'],
  objectives: VictorySpec['objectives'] = [],
): VictorySpec => ({
  points,
  objectives,
  levels: [],
  otherwise: 'draw',
});
const inputs = (extra: Partial<VictoryInputs> = {}): VictoryInputs => ({
  eliminatedStrength: { union: 0, confederate: 0 },
  objectives: {},
  ...extra,
});

describe('21.11, 21.31: exited-strength (Chickamauga)', () => {
  const units = {
    a: { side: 'union' as const, hex: null, status: 'exited', strength: 5 },
    b: { side: 'union' as const, hex: '1317', status: 'on-map', strength: 4 },
    c: { side: 'confederate' as const, hex: null, status: 'exited', strength: 3 },
    d: { side: 'confederate' as const, hex: null, status: 'exited', strength: 4 },
    e: { side: 'confederate' as const, hex: null, status: 'eliminated', strength: 6 },
  };
  const spec = base([
    { kind: 'exited-strength', side: 'union', points: 1, case: '21.11' },
    {
      kind: 'exited-strength',
      side: 'confederate',
      points: 5,
      case: '21.11',
      lineOfCommunication: '21.31',
    },
  ]);

  it('21.11: the Union scores 1 VP per exited Union CSP; the Confederate 5 per exited Confederate CSP with a line of communication', () => {
    const vp = victoryPoints(
      spec,
      inputs({ units, exitLineOfCommunication: { confederate: true } }),
    );
    expect(vp).toEqual({ union: 5, confederate: 35 });
  });

  it('21.31: without the line of communication the Confederate exit points are void', () => {
    const vp = victoryPoints(
      spec,
      inputs({ units, exitLineOfCommunication: { confederate: false } }),
    );
    expect(vp).toEqual({ union: 5, confederate: 0 });
  });

  it('21.31: a rule that needs the line is refused when nobody traced it', () => {
    expect(() => victoryPoints(spec, inputs({ units }))).toThrow(/not yet supported/);
  });

  it('21.11: exit points need the units; without them the rule is refused, not scored 0', () => {
    expect(() => victoryPoints(base([spec.points[0]]), inputs())).toThrow(/not yet supported/);
  });
});

describe('21.11: unit-not-exited (Chickamauga, the Union Train)', () => {
  const spec = base([
    { kind: 'unit-not-exited', side: 'confederate', unit: 'us-train', points: 10, case: '21.11' },
  ]);
  it('21.11: 10 VP to the Confederate while the Union Train has not exited (on the map, pending or eliminated)', () => {
    for (const status of ['on-map', 'pending', 'eliminated']) {
      const units = { 'us-train': { side: 'union' as const, hex: null, status } };
      expect(victoryPoints(spec, inputs({ units }))).toEqual({ union: 0, confederate: 10 });
    }
  });
  it('21.11: nothing once the Train has exited', () => {
    const units = { 'us-train': { side: 'union' as const, hex: null, status: 'exited' } };
    expect(victoryPoints(spec, inputs({ units }))).toEqual({ union: 0, confederate: 0 });
  });
  it('21.11: a unit the game does not have is an error', () => {
    expect(() => victoryPoints(spec, inputs({ units: {} }))).toThrow(/us-train/);
  });
});

describe('21.11: eliminated-units (Chattanooga)', () => {
  it('21.11: 3 VP to the Confederate per Union unit and 2 VP to the Union per Confederate unit eliminated, whatever their strength', () => {
    const spec = base([
      { kind: 'eliminated-units', side: 'confederate', points: 3, case: '21.11' },
      { kind: 'eliminated-units', side: 'union', points: 2, case: '21.11' },
    ]);
    const units = {
      u1: { side: 'union' as const, hex: null, status: 'eliminated' },
      u2: { side: 'union' as const, hex: '1514', status: 'on-map' },
      c1: { side: 'confederate' as const, hex: null, status: 'eliminated' },
      c2: { side: 'confederate' as const, hex: null, status: 'eliminated' },
      c3: { side: 'confederate' as const, hex: null, status: 'exited' },
    };
    expect(victoryPoints(spec, inputs({ units }))).toEqual({ union: 4, confederate: 3 });
  });
});

describe('21.12: objective-set scored by one side only (Chickamauga)', () => {
  const spec = base(
    [
      { kind: 'objective-set', hexes: ['1922'], points: 10, side: 'union', case: '21.12' },
      { kind: 'objective-set', hexes: ['0822'], points: 5, case: '21.12' },
    ],
    [
      { hex: '1922', control: 'last-to-occupy', initial: 'confederate', case: '21.2' },
      { hex: '0822', control: 'last-to-occupy', initial: 'union', case: '21.2' },
    ],
  );
  it("21.12: Alexander's Bridge scores for the Union only; Wither's for either player", () => {
    expect(victoryPoints(spec, inputs())).toEqual({ union: 5, confederate: 0 });
    expect(
      victoryPoints(spec, inputs({ objectives: { '1922': 'union', '0822': 'confederate' } })),
    ).toEqual({
      union: 10,
      confederate: 5,
    });
  });
});

describe('21.11, 18.15: objective-ever-held (Chattanooga)', () => {
  const spec = base(
    [
      {
        kind: 'objective-ever-held',
        side: 'confederate',
        hexes: ['1514', '1417'],
        points: 4,
        case: '21.11',
      },
    ],
    [
      { hex: '1514', control: 'last-to-occupy', initial: 'union', case: '18.15' },
      { hex: '1417', control: 'last-to-occupy', initial: 'union', case: '18.15' },
    ],
  );
  it('21.11: 4 VP for one of 1514/1417 ever controlled, 8 for both, even if the Union took them back', () => {
    expect(
      victoryPoints(spec, inputs({ objectivesEverHeld: { '1514': ['union'], '1417': ['union'] } })),
    ).toEqual({
      union: 0,
      confederate: 0,
    });
    expect(
      victoryPoints(
        spec,
        inputs({
          objectives: { '1514': 'union' },
          objectivesEverHeld: { '1514': ['union', 'confederate'] },
        }),
      ),
    ).toEqual({ union: 0, confederate: 4 });
    expect(
      victoryPoints(
        spec,
        inputs({
          objectivesEverHeld: {
            '1514': ['union', 'confederate'],
            '1417': ['union', 'confederate'],
          },
        }),
      ),
    ).toEqual({ union: 0, confederate: 8 });
  });
  it('18.15: the current holder has controlled the hex whatever the record says', () => {
    expect(
      victoryPoints(
        spec,
        inputs({ objectives: { '1417': 'confederate' }, objectivesEverHeld: {} }),
      ),
    ).toEqual({
      union: 0,
      confederate: 4,
    });
  });
  it('21.11: refused when the state keeps no record of past control', () => {
    expect(() => victoryPoints(spec, inputs())).toThrow(/not yet supported/);
  });
});

describe('21.12, 7.6: hexes-in-zone-of-control (Chattanooga)', () => {
  const spec = base([
    {
      kind: 'hexes-in-zone-of-control',
      side: 'confederate',
      zoneHexes: ['1213', '1313', '1214'],
      unitTypes: ['infantry'],
      points: 4,
      case: '21.12',
    },
  ]);
  it('21.12: 4 VP per town hex in the Zone of Control of Confederate infantry; artillery ZOC does not count', () => {
    const zonesOfControl = {
      confederate: { infantry: ['1313', '1214', '1415'], artillery: ['1213'] },
    };
    expect(victoryPoints(spec, inputs({ zonesOfControl }))).toEqual({ union: 0, confederate: 8 });
  });
  it('21.12: refused when the Zones of Control were not computed', () => {
    expect(() => victoryPoints(spec, inputs())).toThrow(/not yet supported/);
  });
});

describe('21.13, 21.2: differential levels (Chickamauga, Chattanooga)', () => {
  it('21.13: net = Union VP - Confederate VP read through pointsLeadAtLeast', () => {
    const spec: VictorySpec = {
      ...base([{ kind: 'eliminated-strength', points: 1, case: '21.11' }]),
      levels: [
        {
          side: 'union',
          level: 'decisive',
          when: { pointsLeadAtLeast: 51 },
          competitionScore: 2,
          case: '21.13',
        },
        {
          side: 'confederate',
          level: 'decisive',
          when: { pointsLeadAtLeast: 51 },
          competitionScore: 2,
          case: '21.13',
        },
        {
          side: 'union',
          level: 'marginal',
          when: { pointsLeadAtLeast: 11 },
          competitionScore: 0.5,
          case: '21.13',
        },
        {
          side: 'confederate',
          level: 'marginal',
          when: { pointsLeadAtLeast: 11 },
          competitionScore: 0.5,
          case: '21.13',
        },
      ],
    };
    const at = (u: number, c: number) =>
      evaluateVictory(spec, inputs({ eliminatedStrength: { union: c, confederate: u } }));
    expect(at(51, 0)).toMatchObject({ winner: 'union', level: 'decisive' });
    expect(at(50, 0)).toMatchObject({ winner: 'union', level: 'marginal' });
    expect(at(10, 0)).toMatchObject({ winner: null, level: 'draw' });
    expect(at(0, 11)).toMatchObject({ winner: 'confederate', level: 'marginal' });
  });
});
