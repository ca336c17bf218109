/**
 * Hooker and Lee (Chancellorsville, 2-3 May 1863): the scenario document as
 * transcribed from seed 000 lines 4645-5175, its victory conditions on
 * hand-built end states, and the reconstructed map's facts.
 */
import type { Side } from '../../../src/engine/types';
import { HexGrid } from '../../../src/engine/hex';
import { evaluateVictory } from '../../../src/engine/victory';
import { hookerAndLeeMap, US_FORD, ELYS_FORD } from '../../../scenarios/hooker-and-lee/build-map';
import { hexSpecOf } from '../../../scenarios/lib/map-builder';
import {
  chartsOf,
  expectDeployment,
  expectEveryUnitDeployedOnce,
  expectMapJsonIsBuildOutput,
  loadScenario,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('hooker-and-lee');
const { unit, placements, placed: setUp } = chartsOf(scenario);
/** The i-th special rule with this hook (the scenario declares some hooks twice). */
const hook = (name: string, i = 0) => scenario.specialRules.filter((r) => r.hook === name)[i];

describe('Hooker and Lee scenario document', () => {
  it('16.3, 16.4: Confederate first player, nine Game-Turns, Game-Turn 5 is Night', () => {
    expect(scenario.firstPlayer).toBe('confederate');
    expect(scenario.turns).toBe(9);
    expect(scenario.nightTurns).toEqual([5]);
    expect(scenario.year).toBe(1863);
  });

  it('16.0: unit ids are unique and every unit is set up or a reinforcement exactly once', () => {
    expectEveryUnitDeployedOnce(scenario);
  });

  it('16.1: Union deployment has 21 units (13 divisions, 6 artillery, 2 cavalry) totalling 188 CSP', () => {
    const us = setUp('union');
    expectDeployment(us, { units: 21, csp: 188 });
    expect(us.filter((u) => u.type === 'infantry' && u.size === 'division')).toHaveLength(13);
    expect(us.filter((u) => u.type === 'artillery')).toHaveLength(6);
    expect(us.filter((u) => u.type === 'cavalry')).toHaveLength(2);
  });

  it('16.2: Confederate deployment has 33 units (22 brigades, 8 artillery with Beckham, 3 cavalry) totalling 133 CSP', () => {
    const cs = setUp('confederate');
    expectDeployment(cs, { units: 33, csp: 133 });
    expect(cs.filter((u) => u.type === 'infantry')).toHaveLength(22);
    expect(cs.filter((u) => u.type === 'artillery' || u.type === 'horse-artillery')).toHaveLength(
      8,
    );
    expect(cs.filter((u) => u.type === 'cavalry')).toHaveLength(3);
  });

  it('16.1, 16.2: sample chart records are transcribed as printed', () => {
    const at = (id: string) => placements.find((p) => p.unit === id)?.hex;
    expect([at('us-2-v'), unit('us-2-v').strength, unit('us-2-v').designation]).toEqual([
      '0912',
      9,
      '2/V',
    ]);
    expect([at('us-1-v'), unit('us-1-v').strength]).toEqual(['1115', 19]);
    expect([
      at('us-art-reserve'),
      unit('us-art-reserve').type,
      unit('us-art-reserve').strength,
    ]).toEqual(['1716', 'artillery', 2]);
    expect([at('us-2-iii'), unit('us-2-iii').strength]).toEqual(['1919', 16]);
    expect([at('us-2-xi'), unit('us-2-xi').strength]).toEqual(['1524', 8]);
    expect([at('cs-kershaw-m'), unit('cs-kershaw-m').strength]).toEqual(['1608', 6]);
    expect([
      at('cs-crutchfield'),
      unit('cs-crutchfield').type,
      unit('cs-crutchfield').strength,
    ]).toEqual(['2012', 'artillery', 4]);
    expect([at('cs-2-f-lee-s'), unit('cs-2-f-lee-s').type, unit('cs-2-f-lee-s').strength]).toEqual([
      '1510',
      'cavalry',
      2,
    ]);
    expect([at('cs-beckham-s'), unit('cs-beckham-s').type, unit('cs-beckham-s').strength]).toEqual([
      '2319',
      'horse-artillery',
      1,
    ]);
    // Stacks of two as printed: Heth and Lane at 2215, Paxton and H. Jones at 2311.
    expect(placements.filter((p) => p.hex === '2215').map((p) => unit(p.unit).designation)).toEqual(
      ['Heth/H', 'Lane/H'],
    );
    expect(placements.filter((p) => p.hex === '2311').map((p) => unit(p.unit).designation)).toEqual(
      ['Paxton/C', 'H. Jones/C'],
    );
  });

  it('19.21, 6.32: every Union set-up hex holds one unit; Confederate stacks are at most two', () => {
    const count = new Map<string, number>();
    for (const p of placements) count.set(p.hex, (count.get(p.hex) ?? 0) + 1);
    for (const p of placements) {
      if (unit(p.unit).side === 'union') expect(count.get(p.hex)).toBe(1);
      else expect(count.get(p.hex)).toBeLessThanOrEqual(2);
    }
  });

  it('17.1: Union reinforcements are I Corps (43 CSP) on Game-Turn 4 at 0111 and Averill (7 CSP) on Game-Turn 5 at 0128; no Confederate chart', () => {
    expect(
      scenario.reinforcements.map((r) => [
        r.side,
        r.turn,
        r.entry,
        r.units.map((id) => `${unit(id).designation} ${unit(id).strength}`),
      ]),
    ).toEqual([
      ['union', 4, ['0111'], ['1/I 19', '2/I 12', '3/I 7', 'I 5']],
      ['union', 5, ['0128'], ['1/Averill 4', '2/Averill 3']],
    ]);
    expect(unit('us-art-i').type).toBe('artillery');
    expect(unit('us-1-averill').type).toBe('cavalry');
  });

  it('18.11, 18.21: exits only at 1501, 2001, 2101, not while the enemy occupies or controls them; Union forced exits eliminate, Confederate never', () => {
    expect(hook('map-exit', 0).params).toMatchObject({
      sides: ['union'],
      hexes: ['1501', '2001', '2101'],
      notWhenEnemyOccupiesOrControls: true,
      mayReturn: false,
      retreatOffMapEliminates: true,
    });
    expect(hook('map-exit', 1).params).toMatchObject({
      sides: ['confederate'],
      hexes: ['1501', '2001', '2101'],
      countsAsEliminated: false,
      retreatOffMapThroughExits: 'exited',
    });
  });

  it('18.22-18.27: the flank march: 20 units, GT1-2 out at 2518/2514, back GT4/GT5 on the west edge 1027-1928, elimination after GT2', () => {
    const p = hook('flank-march').params!;
    expect(p).toMatchObject({
      side: 'confederate',
      exitTurns: [1, 2],
      maxUnits: 20,
      exitHexes: ['2518', '2514'],
      returnTurn: { '1': 4, '2': 5 },
      column: true,
      overflowNextTurn: true,
      mayEnterEnemyZoc: true,
      retreatOffMapEliminates: true,
      laterExitEliminatedFromTurn: 3,
    });
    const grid = new HexGrid(map.grid as never);
    const west = grid
      .all()
      .filter(
        (h) =>
          grid.edgesOf(h).includes('west') &&
          Number(h.slice(0, 2)) >= 10 &&
          Number(h.slice(0, 2)) <= 19,
      );
    expect([...(p.reentryHexes as string[])].sort()).toEqual(west.sort());
    expect(p.reentryHexes).toContain('1027');
    expect(p.reentryHexes).toContain('1928');
  });

  it("19.11-19.14: six-unit Union quota with the GT4/GT5 reinforcements exempt; no Union move near the west edge before GT4; Averill waits for a 1 at Ely's Ford", () => {
    expect(hook('movement-quota').params).toMatchObject({
      side: 'union',
      limits: [{ fromTurn: 1, units: 6 }],
      attacks: 'unlimited',
    });
    expect([...(hook('movement-quota').params!.exemptUnits as string[])].sort()).toEqual(
      ['us-1-i', 'us-2-i', 'us-3-i', 'us-art-i', 'us-1-averill', 'us-2-averill'].sort(),
    );
    expect(hook('edge-zone-prohibition').params).toMatchObject({
      side: 'union',
      edge: 'west',
      distance: 2,
      beforeTurn: 4,
    });
    expect(hook('crossing-release-roll').params).toMatchObject({
      units: ['us-1-averill', 'us-2-averill'],
      crossingHexes: [ELYS_FORD],
      releasedOn: [1],
      rollsPerTurn: 1,
      otherCrossings: 'forbidden',
    });
  });

  it('19.21-19.23: Union divisions stack alone, brigades two together; every Union infantry unit is a division', () => {
    const p = hook('stacking-override').params!;
    const divisions = scenario.units
      .filter((u) => u.side === 'union' && u.type === 'infantry')
      .map((u) => u.id);
    expect([...(p.divisions as string[])].sort()).toEqual(divisions.sort());
    expect(p).toMatchObject({
      side: 'union',
      divisionAlone: true,
      brigadesTogether: 2,
      mayMoveThrough: true,
    });
  });

  it('20.11, 20.15, 20.21: demoralization above 47 (before I Corps crosses) / 58 (after) Union CSP, recovery below 59; Confederate above 52, never recovered; "l:3" read 1:3', () => {
    const p = hook('army-demoralization').params as Record<string, any>;
    expect(p.union.lossesAbove).toEqual([
      { until: 'crossed', strength: 47 },
      { after: 'crossed', strength: 58 },
    ]);
    expect(p.union.crossed.crossingHexes).toEqual([US_FORD]);
    expect(p.union.recovery.lossesBelow).toBe(59);
    expect(p.confederate).toEqual({ lossesAbove: [{ strength: 52 }], recovery: null });
    expect(p.effects).toMatchObject({
      advanceAfterCombat: false,
      noVoluntaryAttackBelow: '1:3',
      unavoidableAttackBelowResult: 'Ar',
    });
    expect(scenario.notes.some((n) => n.includes('"l:3"') && n.includes('1:3'))).toBe(true);
  });
});

describe('21.0 Hooker and Lee victory on hand-built end states', () => {
  const spec = scenario.victory;
  type End = {
    unionLost?: number;
    confLost?: number;
    exited?: number;
    holders?: Record<string, Side | null>;
    demoralized?: Partial<Record<Side, boolean>>;
  };
  const end = ({ unionLost = 0, confLost = 0, exited = 0, holders = {}, demoralized = {} }: End) =>
    evaluateVictory(spec, {
      eliminatedStrength: { union: unionLost, confederate: confLost },
      objectives: { '0328': null, '0511': null, '1501': null, ...holders },
      units: {
        'us-exited': { side: 'union', hex: null, status: 'exited', strength: exited },
      } as never,
      demoralized,
    });

  it('21.11, 21.12: C 2 VP per Union CSP and 10 per 0328/0511/1501; U 3 VP per Confederate CSP, 1 per exited CSP, 15 for 1501', () => {
    expect(
      end({
        unionLost: 10,
        confLost: 4,
        exited: 7,
        holders: { '0328': 'confederate', '0511': 'confederate', '1501': 'union' },
      }).points,
    ).toEqual({
      confederate: 2 * 10 + 20,
      union: 3 * 4 + 7 + 15,
    });
    expect(end({ holders: { '1501': 'confederate' } }).points).toEqual({
      confederate: 10,
      union: 0,
    });
  });

  it.each([
    // [unionLost, confLost, winner, level]  (C VP = 2 × unionLost, U VP = 3 × confLost)
    [30, 10, 'confederate', 'decisive'], // 60 : 30 = 2:1
    [45, 20, 'confederate', 'substantive'], // 90 : 60 = 1.5:1
    [31, 20, 'confederate', 'marginal'], // 62 : 60 > 1:1
    [30, 20, 'union', 'marginal'], // 60 : 60 = 1:1
    [20, 20, 'union', 'substantive'], // 40 : 60 = 1:1.5
    [15, 20, 'union', 'decisive'], // 30 : 60 = 1:2
  ])(
    '21.2: Union losses %i, Confederate losses %i give %s %s',
    (unionLost, confLost, winner, level) => {
      expect(end({ unionLost, confLost })).toMatchObject({ winner, level, competitionScore: null });
    },
  );

  it('21.2: 0:0 is read as 1:1, a Union Marginal Victory (as a tie is); x:0 is the side with points Decisive', () => {
    expect(end({})).toMatchObject({ points: { union: 0, confederate: 0 } });
    expect(end({})).toMatchObject({ winner: 'union', level: 'marginal' });
    expect(end({ confLost: 1 })).toMatchObject({ winner: 'union', level: 'decisive' });
    expect(end({ unionLost: 1 })).toMatchObject({ winner: 'confederate', level: 'decisive' });
  });

  it('21.3: a Demoralized winner drops one level; both Demoralized, no effect', () => {
    expect(end({ unionLost: 45, confLost: 20, demoralized: { confederate: true } })).toMatchObject({
      winner: 'confederate',
      level: 'marginal',
    });
    expect(end({ unionLost: 15, confLost: 20, demoralized: { union: true } })).toMatchObject({
      winner: 'union',
      level: 'substantive',
    });
    expect(
      end({ unionLost: 30, confLost: 10, demoralized: { union: true, confederate: true } }),
    ).toMatchObject({ winner: 'confederate', level: 'decisive' });
    expect(end({ unionLost: 31, confLost: 20, demoralized: { confederate: true } })).toMatchObject({
      winner: null,
      level: 'draw',
    });
  });
});

describe('Hooker and Lee map document', () => {
  const grid = new HexGrid(map.grid as never);
  const terrain = (h: string) => hexSpecOf(map)(h).terrain;

  it('21.0: the map is reconstructed from the rules text; map.json is exactly what build-map.ts builds and checks', () => {
    expect(map.provenance).toBe('reconstructed from the rules text');
    expectMapJsonIsBuildOutput(DIR, hookerAndLeeMap);
  });

  it('18.22, 18.24: the top faces east: 25xx is the south edge, xx27/28 the west edge, xx01 the east edge, 01xx the north edge', () => {
    expect(grid.edgesOf('2518')).toContain('south');
    expect(grid.edgesOf('2514')).toContain('south');
    expect(grid.edgesOf('1027')).toContain('west');
    expect(grid.edgesOf('1928')).toContain('west');
    for (const h of ['1501', '2001', '2101']) expect(grid.edgesOf(h)).toContain('east');
    expect(grid.edgesOf('0111')).toContain('north');
  });

  it('16.1, 16.2: every set-up hex exists and is land a unit may end its move in', () => {
    for (const p of placements) {
      expect(grid.has(p.hex)).toBe(true);
      expect(['river', 'lake', 'pond', 'ferry', 'pontoon']).not.toContain(terrain(p.hex));
    }
  });

  it("19.14, 20.11: U.S. Ford and Ely's Ford are River ferry hexes whose arrows join the entry banks to the battlefield", () => {
    expect(map.hexes[US_FORD]).toMatchObject({ terrain: 'ferry', name: 'U.S. Ford' });
    expect(map.hexes[ELYS_FORD]).toMatchObject({ terrain: 'ferry', name: "Ely's Ford" });
    for (const f of [US_FORD, ELYS_FORD])
      for (const n of map.hexes[f].crossing!) expect(grid.adjacent(f, n)).toBe(true);
    expect(map.hexes[ELYS_FORD].crossing).toContain('0328');
    expect(map.hexes[US_FORD].crossing).toContain('0511');
  });

  it('21.11: the VP hexes 0328, 0511, 1501 are land; Chancellorsville, Fairview, Hazel Grove and Catharine Furnace are named clearings', () => {
    for (const h of ['0328', '0511', '1501'])
      expect(['clear', 'forest', 'forest-rough']).toContain(terrain(h));
    expect(map.hexes['1616']).toMatchObject({ terrain: 'clear', name: 'Chancellorsville' });
    expect(map.hexes['1717']).toMatchObject({ name: 'Fairview', level: 2 });
    expect(map.hexes['1919']).toMatchObject({ name: 'Hazel Grove', level: 2 });
    expect(map.hexes['2119']).toMatchObject({ name: 'Catharine Furnace' });
    expect(map.defaultHex.terrain).toBe('forest');
  });

  it("18.22: the Furnace Road leads from Jackson's start on the Plank Road past the Furnace to the south-edge exit 2518; the Turnpike runs from 1501 through Chancellorsville to the west edge", () => {
    const furnace = map.routes.find((r) => r.name?.startsWith('Furnace Road'))!.hexes;
    expect(furnace[0]).toBe('2014');
    expect(furnace).toContain('2119');
    expect(furnace[furnace.length - 1]).toBe('2518');
    const pike = map.routes.find((r) => r.name === 'Orange Turnpike')!;
    expect(pike.type).toBe('turnpike');
    expect(pike.hexes[0]).toBe('1501');
    expect(pike.hexes).toContain('1616');
    expect(grid.edgesOf(pike.hexes[pike.hexes.length - 1])).toContain('west');
  });
});
