/**
 * Atlanta, 22 July 1864 (seed 000 lines 8854-8911) as data: no unit in the
 * text (16.1 counter backs), so the players supply their counters; the
 * rules as hooks; the victory conditions as a spec, with hand-built end
 * states on every level; and the shared Ezra Church/Atlanta sheet agreeing
 * with every fact the text gives (TEC footnote #, 55XX, 4902, 5413, 6012).
 */
import { join } from 'node:path';
import { newGame, prepareGame } from '../../../src/engine/game';
import { fixedDice } from '../../../src/engine/dice';
import { gameScenario } from '../../../src/engine/scenario/counters';
import { validateScenario } from '../../../src/engine/scenario/validate';
import { TerrainMap } from '../../../src/engine/map';
import { evaluateVictory, type VictoryInputs } from '../../../src/engine/victory';
import type { Side } from '../../../src/engine/types';
import {
  ATLANTA_CONFEDERATE_AREA,
  ATLANTA_NO_BREASTWORKS,
  ATLANTA_UNION_AREA,
  ENTRENCHMENTS,
  HEX_3613,
  HEX_6012,
  ROW_55XX,
  ezraChurchAtlantaMap,
} from '../../../scenarios/atlanta/build-map';
import {
  SCENARIOS_ROOT,
  chartsOf,
  expectMapJsonIsBuildOutput,
  loadScenario,
  readCountersFixture,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('atlanta');
const { hook } = chartsOf(scenario);
const FIXTURE = readCountersFixture('atlanta');

describe('Atlanta scenario document', () => {
  it('16.2, 16.3: Confederate first player, eight Game-Turns, no Night, 22 July 1864', () => {
    expect(scenario).toMatchObject({
      id: 'atlanta',
      title: 'Atlanta',
      date: '1864-07-22',
      year: 1864,
      firstPlayer: 'confederate',
      turns: 8,
      nightTurns: [],
      reinforcements: [],
    });
  });

  it('16.1: no unit is in the text: the players supply both sides from their counters (no named unit), and a game without them is refused COUNTERS_REQUIRED', () => {
    expect(scenario.units).toEqual([]);
    expect(scenario.counters).toMatchObject({
      case: '16.1',
      sides: ['union', 'confederate'],
      named: [],
    });
    expect(scenario.missing).toEqual([
      { case: '16.1', what: expect.stringMatching(/counter back.*Appendix I/) },
    ]);
    expect(() => newGame(prepareGame(scenario, map), {}, fixedDice([]))).toThrow(/16\.1/);
  });

  it('16.1: free set-up areas reconstructed from history (the counter-back hexes are not in the text), as the shared map build defines them', () => {
    expect(scenario.setup).toEqual({
      kind: 'free',
      areas: [
        { side: 'union', hexes: ATLANTA_UNION_AREA },
        { side: 'confederate', hexes: ATLANTA_CONFEDERATE_AREA },
      ],
    });
    expect(scenario.notes.join(' ')).toMatch(/RECONSTRUCTED FROM HISTORY/);
  });

  it('16.1: with the test counters supplied the scenario is valid and a game starts in the free set-up, Confederate first', () => {
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

  it('16.1, 17.2: the exclusive rules are declared as hooks the engine implements', () => {
    expect(hook('setup-breastworks', '16.1')!.params).toEqual({
      side: 'union',
      place: 'occupied',
      columns: { to: 54 },
      exceptHexes: ['4902', '5413'],
      facing: 'south-west',
    });
    const quotas = scenario.specialRules.filter((r) => r.hook === 'movement-quota');
    expect(quotas.map((r) => [r.case, r.params])).toEqual([
      ['17.2', { side: 'confederate', limits: [{ units: 12 }] }],
      ['17.2', { side: 'union', limits: [{ units: 12 }] }],
    ]);
  });
});

describe('Atlanta victory conditions (18.0)', () => {
  const spec = scenario.victory;
  const state = (o: { unionLost?: number; confederateLost?: number; held6012?: boolean }) =>
    ({
      eliminatedStrength: { union: o.unionLost ?? 0, confederate: o.confederateLost ?? 0 },
      objectives: { [HEX_6012]: 'union' },
      units: {},
      objectivesEverHeld: { [HEX_6012]: o.held6012 ? ['union', 'confederate'] : ['union'] },
    }) as VictoryInputs;

  it('18.11-18.13: 1 VP per enemy CSP each way, 25 Confederate VP for 6012 occupied at any time (awarded once, kept when lost), the Union holding it at the start', () => {
    expect(spec.objectives).toEqual([
      { hex: '6012', control: 'last-to-occupy', initial: 'union', case: '18.13' },
    ]);
    expect(
      evaluateVictory(spec, state({ unionLost: 7, confederateLost: 3, held6012: true })).points,
    ).toEqual({ union: 3, confederate: 32 });
  });

  it.each([
    ['nothing lost, 6012 never taken: a draw', {}, null, 'draw'],
    ['Union by a lead of 5 (5 Confederate CSP)', { confederateLost: 5 }, 'union', 'victory'],
    ['a draw at a Union lead of 4', { confederateLost: 9, unionLost: 5 }, null, 'draw'],
    ['Confederate by a lead of 5 (5 Union CSP)', { unionLost: 5 }, 'confederate', 'victory'],
    [
      'Confederate by 6012 (25) against 20 CSP',
      { held6012: true, confederateLost: 20 },
      'confederate',
      'victory',
    ],
    [
      'a draw at a Confederate lead of 4 (6012 against 21 CSP)',
      { held6012: true, confederateLost: 21 },
      null,
      'draw',
    ],
  ] as const)('18.0: hand-built end state: %s', (_t, o, winner, level) => {
    const s = evaluateVictory(spec, state(o));
    expect(s.winner).toBe(winner as Side | null);
    expect(s.level).toBe(level);
  });
});

describe('Ezra Church/Atlanta map document (Atlanta)', () => {
  const tm = new TerrainMap(map);
  const grid = tm.grid;

  it('TEC #: the shared sheet is reconstructed, built once: map.json here and in ezra-church are exactly what scenarios/atlanta/build-map.ts builds and checks', () => {
    expect(map.provenance).toBe('reconstructed from the rules text');
    expectMapJsonIsBuildOutput(DIR, ezraChurchAtlantaMap);
    expectMapJsonIsBuildOutput(join(SCENARIOS_ROOT, 'ezra-church'), ezraChurchAtlantaMap);
  });

  it('16.1, 18.12: hex row 55XX runs the sheet; 4902 and 5413 lie west of it and in the Union area; 6012 east of Atlanta (3613), Union-held', () => {
    expect(ROW_55XX).toHaveLength(30);
    for (const h of ATLANTA_NO_BREASTWORKS) {
      expect(tm.has(h)).toBe(true);
      expect(ATLANTA_UNION_AREA).toContain(h);
    }
    expect(grid.bearing('5502', '4902')).toBeGreaterThan(180);
    expect(grid.bearing('5513', '5413')).toBeGreaterThan(180);
    expect(grid.bearing(HEX_3613, HEX_6012)).toBeCloseTo(90, -1);
    expect(map.hexes[HEX_6012]).toMatchObject({ terrain: 'town' });
  });

  it('TEC #: every entrenchment hexside has its Friendly side closer to 3613, or south of it between 1026 and 2616', () => {
    const onMap = map.hexsides.filter((s) => s.features.some((f) => f.type === 'entrenchment'));
    expect(onMap).toHaveLength(ENTRENCHMENTS.length);
    for (const s of onMap) {
      const f = s.features.find((x) => x.type === 'entrenchment') as { friendly: string };
      const other = s.between.find((h) => h !== f.friendly)!;
      const e = ENTRENCHMENTS.find((x) => x.friendly === f.friendly && x.between.includes(other))!;
      if (e.inZone) {
        const b = grid.bearing(other, f.friendly);
        expect(b > 90 && b < 270).toBe(true);
      } else
        expect(grid.distance(f.friendly, HEX_3613)).toBeLessThan(grid.distance(other, HEX_3613));
    }
  });
});
