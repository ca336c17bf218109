/**
 * Antietam (seed 000 lines 2969-3677) as data: the charts transcribed exactly,
 * the rules as hooks, the victory conditions as a spec, and the reconstructed
 * map agreeing with every fact the text gives. Counts are what the charts print.
 */
import { TerrainMap } from '../../../src/engine/map';
import { evaluateVictory } from '../../../src/engine/victory';
import { antietamMap } from '../../../scenarios/antietam/build-map';
import type { Side } from '../../../src/engine/types';
import {
  chartsOf,
  expectDeployment,
  expectEveryUnitDeployedOnce,
  expectMapJsonIsBuildOutput,
  loadScenario,
  total,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('antietam');
const { unit, placements, placed, at, hook } = chartsOf(scenario);
const SHARPSBURG = ['0815', '0816', '0716', '0616'];

describe('Antietam scenario document', () => {
  it('16.3, 16.4: Union first player, 10 Game-Turns, no Night', () => {
    expect(scenario).toMatchObject({
      id: 'antietam',
      date: '1862-09-17',
      year: 1862,
      firstPlayer: 'union',
      turns: 10,
      nightTurns: [],
    });
    expect(scenario.rules).toEqual({ system: 'blue-grey', version: '2e' });
  });

  it('16.0: unit ids are unique; every unit is set up or a reinforcement exactly once', () => {
    expect(scenario.units).toHaveLength(46 + 41 + 6 + 1);
    expectEveryUnitDeployedOnce(scenario);
    for (const u of scenario.units) expect(u.id).toMatch(u.side === 'union' ? /^us-/ : /^cs-/);
  });

  it('16.1: Union deployment has 46 units totalling 210 CSP: 38 infantry brigades, 5 cavalry, 3 rifled artillery', () => {
    expectDeployment(placed('union'), {
      units: 46,
      csp: 210,
      byType: { infantry: 38, cavalry: 5, artillery: 3 },
    });
  });

  it('16.2: Confederate deployment has 41 units totalling 126 CSP: 33 infantry, 3 cavalry, 5 artillery', () => {
    expectDeployment(placed('confederate'), {
      units: 41,
      csp: 126,
      byType: { infantry: 33, cavalry: 3, artillery: 5 },
    });
  });

  it('16.1: "l/3/I" at 1008 is read as 1/3/I (OCR, battles.md 19) and the note says so', () => {
    expect(at('1008')).toEqual(['1/3/I']);
    expect(unit('us-1-3-i').strength).toBe(5);
    expect(unit('us-1-3-i').notes).toMatch(/l\/3\/I/);
    expect(scenario.units.some((u) => u.designation.startsWith('l'))).toBe(false);
    expect(scenario.notes.join(' ')).toMatch(/l\/3\/I/);
  });

  it('16.1, 16.2: sample chart records are transcribed as printed', () => {
    expect(at('0804')).toEqual(['1/1/I', '3/1/I']);
    expect(at('1518')).toEqual(['1/Ka/IX']);
    expect(at('1809')).toEqual(['2']);
    expect(unit('us-cav-2')).toMatchObject({ type: 'cavalry', strength: 4 });
    expect(at('1513')).toEqual(['A']);
    expect(unit('us-art-a')).toMatchObject({ type: 'artillery', strength: 5 });
    expect(at('0920')).toEqual(['J.G. Walker']);
    expect(unit('cs-j-g-walker').strength).toBe(10);
    expect(at('0916')).toEqual(['Evans', 'Washington']);
    expect(unit('cs-art-washington')).toMatchObject({ type: 'artillery', strength: 3 });
    expect(at('0508')).toEqual(['Pelham']);
    expect(unit('cs-art-pelham')).toMatchObject({ type: 'artillery', strength: 2 });
    expect(at('1013')).toEqual(['Jones']);
    expect(at('0710')).toEqual(['J.R. Jones', 'Hays']);
    expect(at('1218')).toEqual(['Toombs']);
  });

  it('6.32: no set-up hex holds more than two units (the standard limit, not amended)', () => {
    const n = new Map<string, number>();
    for (const p of placements) n.set(p.hex, (n.get(p.hex) ?? 0) + 1);
    expect(Math.max(...n.values())).toBe(2);
    expect([...n.values()].filter((x) => x === 2)).toHaveLength(16);
    expect(scenario.stacking).toEqual({ units: 2 });
  });

  it('17.1, 17.2: VI Corps (6 brigades, 33 CSP) on GT4 at 2112; A.P. Hill 16 on GT7 at 0126', () => {
    expect(
      scenario.reinforcements.map((r) => [
        r.side,
        r.turn,
        r.entry,
        r.units.map((id) => `${unit(id).designation} ${unit(id).strength}`),
      ]),
    ).toEqual([
      [
        'union',
        4,
        ['2112'],
        ['1/1/VI 5', '2/1/VI 5', '3/1/VI 5', '1/2/VI 6', '2/2/VI 6', '3/2/VI 6'],
      ],
      ['confederate', 7, ['0126'], ['A.P. Hill 16']],
    ]);
    expect(total(scenario.reinforcements[0].units.map(unit))).toBe(33);
    expect(Math.max(...scenario.units.map((u) => u.strength))).toBe(16);
  });

  it('18.1, 18.2: the Union rifled artillery is immobile, range 7, no range effects, no 9.53 bonus', () => {
    expect(hook('special-artillery')).toMatchObject({
      case: '18.1, 18.2',
      params: {
        side: 'union',
        units: ['us-art-a', 'us-art-b', 'us-art-c'],
        immobile: true,
        retreatEliminates: true,
        retreatIgnoredWhenAttackedOnlyByArtillery: true,
        range: 7,
        rangeEffects: false,
        defensiveBonus953: false,
      },
    });
    for (const id of ['us-art-a', 'us-art-b', 'us-art-c'])
      expect(unit(id).flags).toEqual(['immobile']);
  });

  it('20.1: Union movement quota 15 on GT1, 10 after; GT4 arrivals count from GT5; lifted for good after a Confederate creek crossing', () => {
    expect(hook('movement-quota')).toMatchObject({
      case: '20.1',
      params: {
        side: 'union',
        limits: [
          { turns: [1], units: 15 },
          { fromTurn: 2, units: 10 },
        ],
        attacks: 'unlimited',
        reinforcementsExempt: [{ arrivalTurn: 4, countFromTurn: 5 }],
        liftedWhen: {
          event: 'enemy-crosses-hexside',
          enemy: 'confederate',
          hexside: 'creek',
          permanent: true,
        },
      },
    });
  });

  it('20.2: the ten Confederate units in 0517, 0416, 0715, 0714, 0613 may not move on GT1', () => {
    const rule = hook('immobile-until')!;
    const p = rule.params as { hexes: string[]; units: string[]; turns: number[]; side: string };
    expect(p.side).toBe('confederate');
    expect(p.turns).toEqual([1]);
    expect(p.hexes).toEqual(['0517', '0416', '0715', '0714', '0613']);
    expect(p.units.map((id) => unit(id).designation).sort()).toEqual(
      [
        'Barksdale',
        'Kershaw',
        'Semmes',
        'Cobb',
        'Wilcox',
        'Pryor',
        'Wright',
        'Featherston',
        'Armistead',
        'Mahone',
      ].sort(),
    );
    expect(
      placements
        .filter((x) => p.hexes.includes(x.hex))
        .map((x) => x.unit)
        .sort(),
    ).toEqual([...p.units].sort());
  });

  it('19.1: LOC to 0126 for Confederate units only, friendly units do not negate enemy ZOC', () => {
    expect(hook('line-of-communication')).toMatchObject({
      case: '19.1',
      params: {
        side: 'confederate',
        targetHexes: ['0126'],
        blockedBy: ['enemy-units', 'enemy-zoc'],
        friendlyUnitsNegateZoc: false,
        effect: 'counts-as-eliminated',
      },
    });
  });

  it('19.1: 1 VP per CSP, Confederate strength without LOC to the Union, 15 VP for all four Sharpsburg hexes held by the Confederate at the start', () => {
    expect(scenario.victory.points).toEqual([
      { kind: 'eliminated-strength', points: 1, case: '19.1' },
      { kind: 'without-line-of-communication', side: 'union', points: 1, case: '19.1' },
      { kind: 'objective-set', hexes: SHARPSBURG, points: 15, case: '19.1' },
    ]);
    expect(scenario.victory.objectives.map((o) => [o.hex, o.initial, o.control])).toEqual(
      SHARPSBURG.map((h) => [h, 'confederate', 'last-to-occupy']),
    );
  });

  const standing = (
    eliminated: Record<Side, number>,
    noLoc: Record<Side, number>,
    objectives: Record<string, Side> = {},
  ) =>
    evaluateVictory(scenario.victory, {
      eliminatedStrength: eliminated,
      objectives,
      withoutLineOfCommunication: noLoc,
    });

  it('19.1, 21.2: at the start the Union is 15 VP behind (Sharpsburg): a Confederate Decisive Victory if nothing happens', () => {
    const s = standing({ union: 0, confederate: 0 }, { union: 0, confederate: 0 });
    expect(s.points).toEqual({ union: 0, confederate: 15 });
    expect([s.winner, s.level, s.competitionScore]).toEqual(['confederate', 'decisive', 2]);
  });

  it('19.2: hand-built end states land on each of the six levels with the printed competition scores', () => {
    const all = { '0815': 'union', '0816': 'union', '0716': 'union', '0616': 'union' } as const;
    const split = { '0815': 'union' } as const; // nobody holds all four: no 15 VP
    // [own losses of each side, strength without LOC, Sharpsburg holders, expected (U VP : C VP)]
    const cases: Array<[Record<Side, number>, Record<Side, number>, Record<string, Side>, string]> =
      [
        [
          { union: 10, confederate: 20 },
          { union: 0, confederate: 5 },
          { ...all },
          'union decisive 2',
        ], // 40 : 10
        [
          { union: 20, confederate: 15 },
          { union: 0, confederate: 0 },
          { ...all },
          'union substantive 1',
        ], // 30 : 20
        [
          { union: 20, confederate: 21 },
          { union: 0, confederate: 0 },
          { ...split },
          'union marginal 0.5',
        ], // 21 : 20
        [
          { union: 10, confederate: 10 },
          { union: 0, confederate: 0 },
          { ...split },
          'confederate marginal 1',
        ], // 10 : 10
        [
          { union: 25, confederate: 20 },
          { union: 0, confederate: 0 },
          { ...split },
          'confederate substantive 1.5',
        ], // 20 : 25
        [
          { union: 30, confederate: 10 },
          { union: 0, confederate: 0 },
          { ...split },
          'confederate decisive 2',
        ], // 10 : 30
      ];
    const results = cases.map(([e, n, o]) => {
      const s = standing(e, n, o);
      return `${s.winner} ${s.level} ${s.competitionScore}`;
    });
    expect(results).toEqual(cases.map((c) => c[3]));
  });
});

// ---------------------------------------------------------------- map ----

describe('Antietam map document', () => {
  const tm = new TerrainMap(map);
  const grid = tm.grid;

  it('19.1: the committed map.json is exactly what build-map.ts builds and checks; reconstructed from the rules text', () => {
    expectMapJsonIsBuildOutput(DIR, antietamMap);
    expect(map.provenance).toBe('reconstructed from the rules text');
  });

  it('19.1: Sharpsburg is the four town hexes 0815, 0816, 0716, 0616', () => {
    for (const h of SHARPSBURG) expect(tm.hex(h).terrain).toBe('town');
    expect(
      Object.entries(map.hexes)
        .filter(([, s]) => s.terrain === 'town')
        .map(([h]) => h)
        .sort(),
    ).toEqual([...SHARPSBURG].sort());
  });

  it("17.1, 17.2, 19.1: 2112 lies on the east edge; 0126 (Boteler's Ford) is a ford on the west edge", () => {
    expect(grid.edgesOf('2112')).toContain('east');
    expect(grid.edgesOf('0126')).toContain('west');
    expect(tm.hex('0126')).toMatchObject({ terrain: 'ford', name: "Boteler's Ford" });
  });

  it('16.1, 16.2: every set-up hex is land a unit may stop in', () => {
    for (const p of placements)
      expect(['clear', 'forest', 'rough', 'forest-rough', 'town']).toContain(tm.hex(p.hex).terrain);
  });

  it('21.1, 6.29: the creek divides II/V/IX Corps, the cavalry and the rifled artillery from every Confederate and I/XII Corps', () => {
    const west = reach(tm, '0816');
    const east = new Set(['1611', '1513', '1414', '1416', '1417', '1518', '1620', '1709', '1909']);
    for (const p of placements) {
      const u = unit(p.unit);
      const eastCorps = /\/(II|V|IX)$/.test(u.designation) || u.type !== 'infantry';
      if (u.side === 'union' && eastCorps) expect(west.has(p.hex)).toBe(false);
      else expect(west.has(p.hex)).toBe(true);
    }
    for (const h of east) expect(west.has(h)).toBe(false);
    // with bridges and fords the whole field is one
    const all = reach(tm, '0816', true);
    for (const p of placements) expect(all.has(p.hex)).toBe(true);
    expect(all.has('2112')).toBe(true);
    expect(all.has('0126')).toBe(true);
  });

  it('21.1: "the fourth bridge (hex 1128)" is a bridge hexside over the creek at 1128, on a road', () => {
    const bridged = grid.neighbours('1128').filter((n) => tm.hexsideHas('1128', n, 'bridge'));
    expect(bridged).toHaveLength(1);
    expect(tm.hexsideHas('1128', bridged[0], 'creek')).toBe(true);
    expect(tm.routesBetween('1128', bridged[0]).length).toBeGreaterThan(0);
  });

  it('21.1: four bridges and "the lower fords" cross Antietam Creek; no road crosses it elsewhere', () => {
    const creek = tm.featuredHexsides().filter((s) => s.features.some((f) => f.type === 'creek'));
    expect(creek.filter((s) => s.features.some((f) => f.type === 'bridge'))).toHaveLength(4);
    expect(
      creek.filter((s) => s.features.some((f) => f.type === 'ford')).length,
    ).toBeGreaterThanOrEqual(2);
    for (const r of map.routes) {
      for (let i = 0; i + 1 < r.hexes.length; i++) {
        const [a, b] = [r.hexes[i], r.hexes[i + 1]];
        expect(grid.adjacent(a, b)).toBe(true);
        if (tm.hexsideHas(a, b, 'creek'))
          expect(tm.hexsideHas(a, b, 'bridge') || tm.hexsideHas(a, b, 'ford')).toBe(true);
      }
    }
  });

  it("19.1: every Confederate set-up hex can reach Boteler's Ford (0126) by land, so an LOC can exist at the start", () => {
    const fromFord = reach(tm, '0126');
    for (const p of placements.filter((x) => unit(x.unit).side === 'confederate'))
      expect(fromFord.has(p.hex)).toBe(true);
  });

  it('21.1: rough terrain lies north-east of Sharpsburg', () => {
    const rough = Object.entries(map.hexes)
      .filter(([, s]) => s.terrain === 'rough')
      .map(([h]) => h);
    expect(rough.length).toBeGreaterThan(0);
    for (const h of rough) {
      const b = grid.bearing('0816', h);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(90);
    }
  });
});

/** Land hexes reachable from `start` ignoring units and costs: never river; creek hexsides only at bridges/fords (if allowed). */
function reach(tm: TerrainMap, start: string, crossings = false): Set<string> {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length) {
    const h = queue.shift()!;
    for (const n of tm.grid.neighbours(h)) {
      if (seen.has(n) || tm.hex(n).terrain === 'river') continue;
      if (
        tm.hexsideHas(h, n, 'creek') &&
        !(crossings && (tm.hexsideHas(h, n, 'bridge') || tm.hexsideHas(h, n, 'ford')))
      )
        continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return seen;
}
