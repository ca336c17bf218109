/**
 * Ezra Church, 28 July 1864 (seed 000 lines 8912-8971; the title line is
 * lost, the battle identified from its introduction) as data: no unit in the
 * text (16.1 counter backs), so the players supply their counters; the rules
 * as hooks; the victory conditions as a spec, with hand-built end states on
 * every level; and the shared Ezra Church/Atlanta sheet agreeing with every
 * fact the text gives (1212, 1504, 1508, 1602, 1608, 19XX, 1026-2616).
 */
import { newGame, prepareGame } from '../../../src/engine/game';
import { fixedDice } from '../../../src/engine/dice';
import { gameScenario } from '../../../src/engine/scenario/counters';
import { validateScenario } from '../../../src/engine/scenario/validate';
import { TerrainMap } from '../../../src/engine/map';
import { evaluateVictory, type VictoryInputs } from '../../../src/engine/victory';
import type { Side } from '../../../src/engine/types';
import {
  ENTRENCHMENTS,
  EZRA_CONFEDERATE_AREA,
  EZRA_NO_BREASTWORKS,
  EZRA_OBJECTIVES,
  EZRA_UNION_AREA,
  ROW_19XX,
  ZONE_LINE,
  ezraChurchAtlantaMap,
} from '../../../scenarios/atlanta/build-map';
import { chartsOf, expectMapJsonIsBuildOutput, loadScenario, readCountersFixture } from './support';

const { dir: DIR, scenario, map } = loadScenario('ezra-church');
const { hook } = chartsOf(scenario);
const FIXTURE = readCountersFixture('ezra-church');

describe('Ezra Church scenario document', () => {
  it('15.0, 16.2, 16.3: the title line is lost — identified from the introduction; Confederate first, five Game-Turns, no Night, 28 July 1864', () => {
    expect(scenario).toMatchObject({
      id: 'ezra-church',
      title: 'Ezra Church',
      date: '1864-07-28',
      year: 1864,
      firstPlayer: 'confederate',
      turns: 5,
      nightTurns: [],
      reinforcements: [],
    });
    expect(scenario.notes.join(' ')).toMatch(/title line is missing.*introduction/);
  });

  it('16.1: no unit is in the text: the players supply both sides from their counters (no named unit), and a game without them is refused', () => {
    expect(scenario.units).toEqual([]);
    expect(scenario.counters).toMatchObject({
      case: '16.1',
      sides: ['union', 'confederate'],
      named: [],
    });
    expect(scenario.missing).toEqual([
      { case: '16.1', what: expect.stringMatching(/counter back/) },
    ]);
    expect(() => newGame(prepareGame(scenario, map), {}, fixedDice([]))).toThrow(/16\.1/);
  });

  it('16.1: free set-up areas reconstructed from history, as the shared map build defines them; with the test counters the scenario is valid and starts with the set-up', () => {
    expect(scenario.setup).toEqual({
      kind: 'free',
      areas: [
        { side: 'union', hexes: EZRA_UNION_AREA },
        { side: 'confederate', hexes: EZRA_CONFEDERATE_AREA },
      ],
    });
    expect(FIXTURE.note).toMatch(/NOT the historical order of battle/);
    const merged = gameScenario(
      scenario,
      { counters: { units: FIXTURE.units, placements: FIXTURE.placements } },
      map,
    );
    expect(validateScenario(merged, map)).toEqual([]);
    const state = newGame(prepareGame(merged, map), {}, fixedDice([]));
    expect([state.phase, state.phasing]).toEqual(['setup', 'confederate']);
  });

  it('16.1, 17.2-17.4: the exclusive rules are declared as hooks the engine implements', () => {
    expect(hook('setup-breastworks', '16.1')!.params).toEqual({
      side: 'union',
      place: 'occupied',
      exceptHexes: ['1508', '1608'],
      facing: 'south',
      facings: [{ columns: { from: 19, to: 19 }, facing: 'south-east' }],
    });
    expect(hook('immobile-until', '17.2')!.params).toEqual({
      side: 'union',
      hexes: ROW_19XX,
      releaseAll: [{ when: 'attacked' }],
      releaseEach: { when: 'one-per-turn', fromTurn: 1 },
    });
    expect(hook('movement-quota', '17.3')!.params).toEqual({
      side: 'confederate',
      limits: [{ units: 7 }],
    });
    expect(hook('morale-die-modifier', '17.4')!.params).toEqual({
      side: 'confederate',
      rolls: ['disorder', 'rally'],
      modifier: 1,
    });
  });
});

describe('Ezra Church victory conditions (18.0)', () => {
  const spec = scenario.victory;
  const state = (o: {
    unionLost?: number;
    confederateLost?: number;
    holds1212?: Side;
    took1504?: boolean;
    took1602?: boolean;
  }) =>
    ({
      eliminatedStrength: { union: o.unionLost ?? 0, confederate: o.confederateLost ?? 0 },
      objectives: { '1212': o.holds1212 ?? 'union', '1504': 'union', '1602': 'union' },
      units: {},
      objectivesEverHeld: {
        '1212': ['union'],
        '1504': o.took1504 ? ['union', 'confederate'] : ['union'],
        '1602': o.took1602 ? ['union', 'confederate'] : ['union'],
      },
    }) as VictoryInputs;

  it('18.11-18.13: 1 VP per enemy CSP; 5 VP for 1212 at the end to whoever occupies it; 10 and 25 Confederate VP for 1504 and 1602 occupied at any time; the Union holds all three at the start', () => {
    expect(spec.objectives.map((o) => [o.hex, o.initial, o.control])).toEqual(
      EZRA_OBJECTIVES.map((h) => [h, 'union', 'last-to-occupy']),
    );
    expect(
      evaluateVictory(
        spec,
        state({
          unionLost: 2,
          confederateLost: 3,
          holds1212: 'confederate',
          took1504: true,
          took1602: true,
        }),
      ).points,
    ).toEqual({ union: 3, confederate: 2 + 5 + 10 + 25 });
  });

  it.each([
    ['nothing happens: the Union holds 1212 and wins by 5', {}, 'union', 'victory'],
    ['a draw at a Union lead of 4 (1212 against 1 Union CSP)', { unionLost: 1 }, null, 'draw'],
    [
      'the Confederate takes 1212: Confederate by 5',
      { holds1212: 'confederate' },
      'confederate',
      'victory',
    ],
    [
      '1504 taken (10) against 1212 (5): Confederate by 5',
      { took1504: true },
      'confederate',
      'victory',
    ],
    [
      '1504 taken against 1212 and 1 Confederate CSP: a draw',
      { took1504: true, confederateLost: 1 },
      null,
      'draw',
    ],
    [
      '1602 taken (25) against 1212 and 15 CSP: Confederate by 5',
      { took1602: true, confederateLost: 15 },
      'confederate',
      'victory',
    ],
    [
      'Union by CSP with 1212 lost: 10 Confederate CSP against 1212',
      { holds1212: 'confederate', confederateLost: 10 },
      'union',
      'victory',
    ],
  ] as const)('18.0: hand-built end state: %s', (_t, o, winner, level) => {
    const s = evaluateVictory(spec, state(o));
    expect(s.winner).toBe(winner as Side | null);
    expect(s.level).toBe(level);
  });
});

describe('Ezra Church/Atlanta map document (Ezra Church)', () => {
  const tm = new TerrainMap(map);
  const grid = tm.grid;

  it('16.1: the shared sheet, built once by scenarios/atlanta/build-map.ts: this map.json is its output', () => {
    expect(map.id).toBe('ezra-church-atlanta');
    expectMapJsonIsBuildOutput(DIR, ezraChurchAtlantaMap);
  });

  it('16.1, 17.2, 18.1: 1212, 1504, 1602, 1508, 1608 and hex row 19XX are on the sheet, west of Atlanta, in the Union set-up area', () => {
    for (const h of [...EZRA_OBJECTIVES, ...EZRA_NO_BREASTWORKS]) {
      expect(tm.has(h)).toBe(true);
      expect(EZRA_UNION_AREA).toContain(h);
      expect(grid.bearing('3613', h)).toBeGreaterThan(225);
    }
    expect(ROW_19XX).toHaveLength(30);
    expect(ROW_19XX.filter((h) => EZRA_UNION_AREA.includes(h)).length).toBeGreaterThan(5);
  });

  it('TEC # (i): between 1026 and 2616 inclusive the entrenchments are defended from the south', () => {
    expect([ZONE_LINE[0], ZONE_LINE[ZONE_LINE.length - 1]]).toEqual(['2616', '1026']);
    const zone = ENTRENCHMENTS.filter((e) => e.inZone);
    expect(zone.length).toBeGreaterThanOrEqual(ZONE_LINE.length);
    for (const e of zone) {
      const other = e.between.find((h) => h !== e.friendly)!;
      expect(map.hexsides).toContainEqual({
        between: e.between,
        features: [{ type: 'entrenchment', friendly: e.friendly }],
      });
      const b = grid.bearing(other, e.friendly);
      expect(b > 90 && b < 270).toBe(true);
    }
  });
});
