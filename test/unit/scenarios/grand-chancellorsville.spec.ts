/**
 * Grand Chancellorsville (the Hooker and Lee option, 22.0-23.6, seed 000
 * lines 5176-5702): charts as transcribed, defect resolutions, hooks, victory
 * on hand-built end states, and the joined H/F map.
 */
import type { Side } from '../../../src/engine/types';
import { HexGrid } from '../../../src/engine/hex';
import { seededDice } from '../../../src/engine/dice';
import { newGame, prepareGame, victoryStanding } from '../../../src/engine/game';
import { gameScenario } from '../../../src/engine/scenario/counters';
import { evaluateVictory } from '../../../src/engine/victory';
import { grandChancellorsvilleMap } from '../../../scenarios/grand-chancellorsville/build-map';
import { hexSpecOf } from '../../../scenarios/lib/map-builder';
import {
  chartsOf,
  expectDeployment,
  expectEveryUnitDeployedOnce,
  expectMapJsonIsBuildOutput,
  loadScenario,
  readCountersFixture,
  total,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('grand-chancellorsville');
const { unit, placements, placed, arrivals: arriving } = chartsOf(scenario);
/** The i-th special rule with this hook (the scenario declares some hooks more than once). */
const hook = (name: string, i = 0) => scenario.specialRules.filter((r) => r.hook === name)[i];

describe('Grand Chancellorsville scenario document', () => {
  it('22.3, 22.4: Confederate first (no Player-Turn on GT1), 20 Game-Turns, Night 1, 6, 11, 16', () => {
    expect(scenario.firstPlayer).toBe('confederate');
    expect(scenario.turns).toBe(20);
    expect(scenario.nightTurns).toEqual([1, 6, 11, 16]);
    expect(hook('skip-player-turn').params).toEqual({ side: 'confederate', turns: [1] });
  });

  it('22.5: every unit is set up or arrives exactly once, with unique ids', () => {
    expectEveryUnitDeployedOnce(scenario);
  });

  it('22.51: Union set-up 14 units totalling 147 CSP; 22.52: Confederate 18 units totalling 77 CSP', () => {
    expectDeployment(placed('union'), { units: 14, csp: 147 });
    expectDeployment(placed('confederate'), { units: 18, csp: 77 });
  });

  it('22.61: Union reinforcements 19 units (159 CSP) in 6 arrivals at the listed hexes', () => {
    const rs = arriving('union');
    expect(rs.map((r) => [r.turn, r.entry, r.units.length])).toEqual([
      [1, ['F1301'], 4],
      [1, ['H0128'], 3],
      [2, ['H1128', 'H0128'], 5],
      [4, ['H1128', 'H0128'], 4],
      [5, ['H0128'], 1],
      [16, ['H0128'], 2],
    ]);
    expect(total(rs.flatMap((r) => r.units.map(unit)))).toBe(159);
  });

  it("22.62: Confederate reinforcements 22 units (86 CSP): Jackson's 18 at F2501 on GT2, the cavalry and Beckham on GT8-10", () => {
    const rs = arriving('confederate');
    expect(rs.map((r) => [r.turn, r.units.length])).toEqual([
      [2, 18],
      [8, 2],
      [9, 1],
      [10, 1],
    ]);
    expect(rs[0].entry).toEqual(['F2501']);
    expect(total(rs.flatMap((r) => r.units.map(unit)))).toBe(86);
    expect(rs[3].units.map((id) => unit(id).designation)).toEqual(['3/F. Lee/S']);
  });

  it('22.51: the duplicate "2/VI" at F1505 (19) is read as 3/VI, the one at F1105 (17) stays 2/VI', () => {
    const at = (id: string) => placements.find((p) => p.unit === id)?.hex;
    expect([at('us-2-vi'), unit('us-2-vi').strength, unit('us-2-vi').designation]).toEqual([
      'F1105',
      17,
      '2/VI',
    ]);
    expect([at('us-3-vi'), unit('us-3-vi').strength, unit('us-3-vi').designation]).toEqual([
      'F1505',
      19,
      '3/VI',
    ]);
    expect(unit('us-3-vi').notes).toMatch(/Printed "2\/VI"/);
  });

  it('23.23: "la Beckham" is 1a Beckham, horse artillery that may not bombard after a Forced March', () => {
    expect(unit('cs-beckham-s')).toMatchObject({ type: 'horse-artillery', strength: 1 });
    expect((hook('forced-march').params as any).horseArtillery).toEqual({
      units: ['cs-beckham-s'],
      noBombardmentAfterForcedMarch: true,
    });
  });

  it('22.62: H1028 is not on the sheet and is dropped from the cavalry entry hexes (noted)', () => {
    for (const r of arriving('confederate').slice(1))
      expect(r.entry).toEqual(['H1427', 'H1928', 'H2328', 'H1128', 'H1027']);
    expect(scenario.notes.some((n) => n.includes('H1028'))).toBe(true);
  });

  it('23.2: Forced March 12 MP: Union GT1-5 north of the Rappahannock, Confederate GT2-3, cavalry always', () => {
    expect(hook('forced-march').params).toMatchObject({
      movement: 12,
      notWithStrategicMovement: true,
      noEnemyZocThatTurn: true,
      union: { turns: [1, 2, 3, 4, 5] },
      confederate: { turns: [2, 3] },
      cavalry: { turns: 'all' },
    });
  });

  it('23.31, 23.32, 23.4: Union exits only at F2501, no Confederate exits; Union command control from GT7 on 1-3, cavalry 1-4', () => {
    // 23.32: map-exit names the Union only, so no Confederate unit has an exit order.
    expect(hook('map-exit').params).toEqual({
      sides: ['union'],
      hexes: ['F2501'],
      cost: 1,
      mayReturn: false,
      countsAsEliminated: false,
      retreatOffMapEliminates: true,
      otherExits: 'forbidden',
    });
    const cc = hook('command-control').params as any;
    expect(cc).toMatchObject({
      side: 'union',
      fromTurn: 7,
      moveOn: [1, 2, 3],
      cavalryCorps: { moveOn: [1, 2, 3, 4] },
    });
    expect(Object.keys(cc.corps).sort()).toEqual(['I', 'II', 'III', 'V', 'VI', 'XI', 'XII'].sort());
    expect(cc.assignable).toEqual({ unit: 'us-art-reserve', toAnyCorpsExcept: 'cavalry' });
  });

  it('23.5, 23.61: leaders are a hook on counters the players supply (none in the text), 2 VP per star; the list marker "2." is read as ii)', () => {
    const p = hook('leaders').params as any;
    expect(p.counters).toBe('supplied');
    expect(p.stars).toEqual({ 'cs-jackson': 3 });
    expect(scenario.counters?.named.map((n) => n.id).sort()).toEqual([
      'cs-jackson',
      'cs-lee',
      'cs-stuart',
      'us-hooker',
    ]);
    expect(scenario.units.some((u) => u.type === 'leader')).toBe(false);
    expect(scenario.victory.points).toContainEqual({
      kind: 'eliminated-leader-stars',
      points: 2,
      case: '23.58, 23.61',
    });
    expect(scenario.notes.some((n) => n.includes('"2."') && n.includes('ii)'))).toBe(true);
  });

  it("22.2: neither game's exclusive rules are declared (no quota, flank march or demoralization)", () => {
    const names = scenario.specialRules.map((r) => r.hook);
    for (const n of ['movement-quota', 'flank-march', 'army-demoralization', 'immobile-until'])
      expect(names).not.toContain(n);
    expect(scenario.victory.demoralization).toBeUndefined();
  });
});

describe('23.6 Grand Chancellorsville victory on hand-built end states', () => {
  const spec = scenario.victory;
  const end = (
    unionLost: number,
    confLost: number,
    holders: Record<string, Side | null> = {},
    exited = 0,
    loc = true,
    leaderStars: Record<Side, number> = { union: 0, confederate: 0 },
  ) =>
    evaluateVictory(spec, {
      eliminatedStrength: { union: unionLost, confederate: confLost },
      // 23.58: stars of each side's leaders eliminated (the leaders hook's input).
      eliminatedLeaderStars: leaderStars,
      objectives: {
        F2401: null,
        F1326: null,
        F0825: null,
        F2027: null,
        H1928: null,
        H0328: null,
        ...holders,
      },
      units: {
        'us-out': { side: 'union', hex: null, status: 'exited', strength: exited },
      } as never,
      exitLineOfCommunication: { union: loc },
      // 23.61 i: without the line the exited units are considered eliminated (the line-of-communication hook's input).
      withoutLineOfCommunication: { union: loc ? 0 : exited, confederate: 0 },
    });

  it('23.61: the hex VPs go to whichever player occupies the hex (the text names no recipient)', () => {
    expect(end(0, 0, { F2401: 'confederate', H1928: 'union' }).points).toEqual({
      confederate: 25,
      union: 15,
    });
    expect(
      end(0, 0, { F1326: 'union', F0825: 'union', F2027: 'union', H0328: 'union' }).points,
    ).toEqual({ confederate: 0, union: 20 });
  });

  it('23.61: 2 VP per enemy CSP each; 1 VP per Union CSP exited at F2501 only with a Line of Communication, else they count as eliminated', () => {
    expect(end(10, 5, {}, 8, true).points).toEqual({ confederate: 20, union: 10 + 8 });
    expect(end(10, 5, {}, 8, false).points).toEqual({ confederate: 20 + 16, union: 10 });
  });

  it('23.58, 23.61: 2 VP per star of an enemy leader eliminated (Jackson: 6 to the Union)', () => {
    expect(end(0, 0, {}, 0, true, { union: 2, confederate: 3 }).points).toEqual({
      confederate: 4,
      union: 6,
    });
  });

  it.each([
    [40, 20, 'confederate', 'decisive'], // 80 : 40
    [30, 20, 'confederate', 'substantive'], // 60 : 40
    [21, 20, 'confederate', 'marginal'], // 42 : 40
    [20, 20, 'union', 'marginal'], // 40 : 40
    [20, 30, 'union', 'substantive'], // 40 : 60
    [20, 40, 'union', 'decisive'], // 40 : 80
  ])('23.62: Union losses %i, Confederate losses %i give %s %s', (u, c, winner, level) => {
    expect(end(u, c)).toMatchObject({ winner, level });
  });

  it('23.62: 0:0 is read as 1:1, a Union Marginal Victory (as a tie is); x:0 is the side with points Decisive', () => {
    expect(end(0, 0)).toMatchObject({ points: { union: 0, confederate: 0 } });
    expect(end(0, 0)).toMatchObject({ winner: 'union', level: 'marginal' });
    expect(end(0, 0, { H0328: 'union' })).toMatchObject({ winner: 'union', level: 'decisive' });
    expect(end(0, 0, { H0328: 'confederate' })).toMatchObject({
      winner: 'confederate',
      level: 'decisive',
    });
  });

  it("23.61: the standing during play (victoryStanding, GET /v1/games/{id}/victory) reads the hooks' inputs (exit Line of Communication, leaders): at the start 10 VP to the Confederate, who stands in F2027 and F1326", () => {
    const { note: _note, ...counters } = readCountersFixture('grand-chancellorsville');
    for (const options of [{}, { counters }]) {
      const ctx = prepareGame(gameScenario(scenario, options, map), map);
      const s = victoryStanding(ctx, newGame(ctx, options, seededDice('standing', 0)));
      expect(s.points).toEqual({ union: 0, confederate: 10 });
      expect(s.objectives).toMatchObject({
        F2027: 'confederate',
        F1326: 'confederate',
        F2401: null,
      });
      expect(s).toMatchObject({ winner: 'confederate', level: 'decisive' });
    }
  });
});

describe('Grand Chancellorsville map document', () => {
  const grid = new HexGrid(map.grid as never);
  const terrain = (h: string) => hexSpecOf(map)(h).terrain;

  it('22.0: map.json is exactly what build-map.ts builds from the two sheets', () => {
    expect(map.provenance).toBe('reconstructed from the rules text');
    expectMapJsonIsBuildOutput(DIR, grandChancellorsvilleMap);
  });

  it('22.0: two sheets, prefixes H and F; F1328 lies on H1301, so F1327 borders H1301 in the same column', () => {
    expect(
      (map.grid as Array<{ layout: { prefix?: string } }>).map((s) => s.layout.prefix),
    ).toEqual(['H', 'F']);
    expect(grid.adjacent('F1327', 'H1301')).toBe(true);
    expect(grid.has('F1328')).toBe(false);
    expect(grid.edgesOf('F1301')).toContain('east');
    expect(grid.edgesOf('H1128')).toContain('west');
  });

  it('22.5, 22.6: every set-up hex is land one may stop in; every entry hex is on the map edge', () => {
    for (const p of placements)
      expect(['river', 'lake', 'pond', 'ferry', 'pontoon']).not.toContain(terrain(p.hex));
    for (const r of scenario.reinforcements)
      for (const h of r.entry) expect(grid.isEdge(h)).toBe(true);
  });

  it("22.11: the F sheet's creek hexsides are fords except the canal", () => {
    const creeks = map.hexsides.filter((s) => s.features.some((f) => f.type === 'creek'));
    expect(creeks.length).toBeGreaterThan(0);
    for (const s of creeks)
      for (const h of s.between)
        expect(['F0413', 'F0513', 'F0613', 'F0414', 'F0514', 'F0614']).toContain(h);
    expect(
      map.hexsides.some(
        (s) => s.between[0].startsWith('F') && s.features.some((f) => f.type === 'ford'),
      ),
    ).toBe(true);
  });

  it('22.0: the Rappahannock runs on across the seam from the F sheet (F0327) into the H sheet (H0301)', () => {
    expect(terrain('H0301')).toBe('river');
    expect(terrain('F0327')).toBe('river');
    expect(grid.adjacent('F0327', 'H0301')).toBe(true);
  });
});
