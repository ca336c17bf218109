/**
 * Shiloh (seed 000 lines 1120-1664) as data: the charts transcribed exactly,
 * the rules as hooks, and the reconstructed map agreeing with every fact the
 * text gives. Counts are independent of the JSON: they are what the charts print.
 */
import { HexGrid } from '../../../src/engine/hex';
import { TerrainMap } from '../../../src/engine/map';
import { shilohMap } from '../../../scenarios/shiloh/build-map';
import type { MapDocument, HexSpec, Side } from '../../../src/engine/types';
import { evaluateVictory } from '../../../src/engine/victory';
import {
  chartsOf,
  expectDeployment,
  expectEveryUnitDeployedOnce,
  expectMapJsonIsBuildOutput,
  loadScenario,
  total,
} from './support';

const { dir: DIR, scenario, map } = loadScenario('shiloh');
const { unit, placements, placed, at, hook } = chartsOf(scenario);

describe('Shiloh scenario document', () => {
  it('16.3, 16.4: Confederate first player, 13 Game-Turns, Game-Turn 7 is Night', () => {
    expect(scenario.id).toBe('shiloh');
    expect(scenario.date).toBe('1862-04-06');
    expect(scenario.year).toBe(1862);
    expect(scenario.rules).toEqual({ system: 'blue-grey', version: '2e' });
    expect(scenario.map).toBe('map.json');
    expect(scenario.firstPlayer).toBe('confederate');
    expect(scenario.turns).toBe(13);
    expect(scenario.nightTurns).toEqual([7]);
  });

  it('16.0: unit ids are unique, every unit has a side, a known type and a whole strength', () => {
    expect(new Set(scenario.units.map((u) => u.id)).size).toBe(scenario.units.length);
    for (const u of scenario.units) {
      expect(['union', 'confederate']).toContain(u.side);
      expect(['infantry', 'cavalry', 'artillery', 'gunboat']).toContain(u.type);
      expect(Number.isInteger(u.strength) && u.strength > 0).toBe(true);
      expect(u.id).toMatch(u.side === 'union' ? /^us-/ : /^cs-/);
    }
    expect(scenario.units).toHaveLength(26 + 25 + 17);
  });

  it('16.0: every unit is either set up or a reinforcement, exactly once', () => {
    expectEveryUnitDeployedOnce(scenario);
  });

  it("16.1, 22.1: Union deployment has 26 units totalling 121 CSP (the Designer's Notes' starting total)", () => {
    expectDeployment(placed('union'), {
      units: 26,
      csp: 121,
      byType: { infantry: 17, cavalry: 3, artillery: 6 },
    });
  });

  it('16.2: Confederate deployment has 25 units totalling 132 CSP', () => {
    expectDeployment(placed('confederate'), {
      units: 25,
      csp: 132,
      byType: { infantry: 16, cavalry: 2, artillery: 7 },
    });
  });

  it('16.1, 16.2: sample chart records are transcribed as printed', () => {
    expect(at('1515')).toEqual(['2/5']);
    expect(unit('us-2-5').strength).toBe(5);
    expect(at('1413')).toEqual(['2/2']);
    expect(unit('us-2-2').strength).toBe(8);
    expect(at('0809')).toEqual(['Army']);
    expect(unit('us-army-art')).toMatchObject({ type: 'artillery', strength: 5 });
    expect(at('0211')).toEqual(['5']);
    expect(unit('us-cav-5')).toMatchObject({ type: 'cavalry', strength: 1 });
    expect(at('0616')).toEqual(['Wood']);
    expect(unit('cs-wood').strength).toBe(9);
    expect(at('0119')).toEqual(['Reserve']);
    expect(unit('cs-art-reserve')).toMatchObject({ type: 'artillery', strength: 4 });
    expect(at('0116')).toEqual(['Army']);
    expect(unit('cs-cav-army')).toMatchObject({ type: 'cavalry', strength: 3 });
  });

  it('23.0: the Confederate cavalry brigade at 0518 is "I" (the counter\'s "2" is the erratum)', () => {
    expect(at('0518')).toEqual(['I']);
    expect(unit('cs-cav-i')).toMatchObject({
      side: 'confederate',
      type: 'cavalry',
      strength: 2,
      designation: 'I',
    });
    expect(scenario.units.some((u) => u.side === 'confederate' && u.designation === '2')).toBe(
      false,
    );
  });

  it('6.32: the set-up puts one unit in each hex, within the stacking limit of 2', () => {
    const hexes = placements.map((p) => p.hex);
    expect(new Set(hexes).size).toBe(hexes.length);
    expect(scenario.stacking ?? { units: 2 }).toEqual({ units: 2 });
  });

  it('17.1: Union reinforcements are 17 units in 5 arrivals: 66 CSP of land units and the gunboats Lexington (1) and Tyler (2)', () => {
    const rs = scenario.reinforcements;
    expect(
      rs.map((r) => [r.side, r.turn, r.entry, r.units.map((id) => unit(id).designation)]),
    ).toEqual([
      ['union', 5, ['1701'], ['Lexington', 'Tyler']],
      ['union', 5, ['1905'], ['10/4']],
      ['union', 6, ['0901'], ['1/3', '2/3', '3/3', '3', '3']],
      ['union', 6, ['1905'], ['19/4', '22/4', '14/5', '4/2', '11/5', '5']],
      ['union', 9, ['1905'], ['5/2', '6/2', '2']],
    ]);
    const units = rs.flatMap((r) => r.units.map(unit));
    expect(units).toHaveLength(17);
    expect(total(units.filter((u) => u.type !== 'gunboat'))).toBe(66);
    expect(
      units.filter((u) => u.type === 'gunboat').map((u) => [u.designation, u.strength]),
    ).toEqual([
      ['Lexington', 1],
      ['Tyler', 2],
    ]);
    expect(units.filter((u) => u.type === 'cavalry').map((u) => u.id)).toEqual(['us-cav-3']);
    expect(units.filter((u) => u.type === 'artillery').map((u) => [u.id, u.strength])).toEqual([
      ['us-art-3', 2],
      ['us-ohio-art-5', 3],
      ['us-ohio-art-2', 1],
    ]);
  });

  it('9.62: gunboats may use hex 1701 besides the river', () => {
    expect(scenario.gunboatHexes).toEqual(['1701']);
  });

  it('19.1, 19.2, 20.0: the special rules are hooks with the printed parameters', () => {
    expect(hook('surprise-assault')).toMatchObject({
      case: '19.1',
      params: { turns: [1, 2], side: 'union', bearings: ['north', 'north-east'] },
    });
    expect(hook('combat-die-modifier')).toMatchObject({
      case: '19.2',
      params: { side: 'confederate', turns: [1, 2], modifier: -1 },
    });
    expect(hook('ferry-crossing')).toMatchObject({
      case: '20.0',
      params: {
        side: 'union',
        from: 'east',
        to: 'west',
        entryCost: 3,
        blockedWhenOccupiedBy: 'confederate',
        blockingHex: '1508',
      },
    });
  });

  it('18.1, 18.31: 1 VP per enemy CSP eliminated; 1508 held by the last to occupy, nobody at the start', () => {
    expect(scenario.victory.points).toEqual([
      { kind: 'eliminated-strength', points: 1, case: '18.1' },
    ]);
    expect(scenario.victory.objectives).toEqual([
      { hex: '1508', control: 'last-to-occupy', case: '18.31' },
    ]);
    expect(placements.some((p) => p.hex === '1508')).toBe(false);
  });

  it('18.2: six levels, highest competition score first, otherwise a draw', () => {
    const levels = scenario.victory.levels;
    expect(levels.map((l) => `${l.side} ${l.level} ${l.competitionScore}`)).toEqual([
      'confederate decisive 2',
      'union decisive 2',
      'confederate substantive 1',
      'union substantive 1',
      'confederate marginal 0.5',
      'union marginal 0.5',
    ]);
    const when = (side: string, level: string) =>
      levels.find((l) => l.side === side && l.level === level)?.when;
    expect(when('confederate', 'decisive')).toEqual({
      all: [{ pointsAtLeastTimes: 2 }, { occupies: ['1508'] }, { pointsMoreThanTimes: 1 }],
    });
    expect(when('confederate', 'substantive')).toEqual({
      all: [{ occupies: ['1508'] }, { pointsAtLeastTimes: 1 }],
    });
    expect(when('confederate', 'marginal')).toEqual({
      all: [{ pointsAtLeastTimes: 2 }, { pointsMoreThanTimes: 1 }],
    });
    expect(when('union', 'marginal')).toEqual({
      all: [{ occupies: ['1508'] }, { pointsMoreThanTimes: 0.5 }],
    });
    expect(when('union', 'substantive')).toEqual({
      all: [{ occupies: ['1508'] }, { pointsAtLeastTimes: 1 }],
    });
    expect(when('union', 'decisive')).toEqual({
      all: [{ occupies: ['1508'] }, { pointsAtLeastTimes: 2 }, { pointsMoreThanTimes: 1 }],
    });
    expect(scenario.victory.otherwise).toBe('draw');
  });

  it('18.2: 0:0 VP is read as 1:1 (as in every other battle): the occupier of 1508 wins a Substantive Victory, nobody occupying it a Draw — never a Decisive or a Confederate Marginal by the letter', () => {
    const atEnd = (holder: Side | null) =>
      evaluateVictory(scenario.victory, {
        eliminatedStrength: { union: 0, confederate: 0 },
        objectives: { '1508': holder },
      });
    expect([atEnd('union').winner, atEnd('union').level]).toEqual(['union', 'substantive']);
    expect([atEnd('confederate').winner, atEnd('confederate').level]).toEqual([
      'confederate',
      'substantive',
    ]);
    expect([atEnd(null).winner, atEnd(null).level]).toEqual([null, 'draw']);
    // x:0 stays the scoring side's Decisive / Marginal.
    const cOnly = evaluateVictory(scenario.victory, {
      eliminatedStrength: { union: 3, confederate: 0 },
      objectives: { '1508': null },
    });
    expect([cOnly.winner, cOnly.level]).toEqual(['confederate', 'marginal']);
  });

  it('23.0, 18.2: sources cite seed 000 and the notes record the erratum and the overlap reading', () => {
    for (const s of scenario.sources) {
      expect(s.seed).toBe('000');
      expect(s.lines[0]).toBeLessThanOrEqual(s.lines[1]);
    }
    expect(scenario.sources.some((s) => s.lines[0] === 1141)).toBe(true);
    expect(scenario.notes.join(' ')).toMatch(/23\.0/);
    expect(scenario.notes.join(' ')).toMatch(/overlap/);
  });
});

// ---------------------------------------------------------------- map ----

const WATER: ReadonlyArray<HexSpec['terrain']> = ['river', 'lake', 'pond'];

describe('Shiloh map document', () => {
  const doc = map;
  const terrainMap = new TerrainMap(doc);
  const grid = terrainMap.grid;
  const terrain = (hex: string): HexSpec => terrainMap.hex(hex);

  it('18.0, 20.0: the map is reconstructed from the rules text and names Pittsburg Landing 1508', () => {
    expect(doc.id).toBe('shiloh');
    expect(doc.provenance).toBe('reconstructed from the rules text');
    expect(grid.has('1508')).toBe(true);
    expect(terrain('1508').name).toMatch(/Pittsburg Landing/);
    expect(WATER).not.toContain(terrain('1508').terrain);
  });

  it('18.0: the committed map.json is exactly what scenarios/shiloh/build-map.ts builds and checks', () => {
    expectMapJsonIsBuildOutput(DIR, shilohMap);
  });

  it('16.1, 16.2: every set-up hex exists and is land a unit may end its move in', () => {
    for (const p of placements) {
      expect(grid.has(p.hex)).toBe(true);
      expect([...WATER, 'ferry', 'pontoon']).not.toContain(terrain(p.hex).terrain);
    }
  });

  it('17.1, 9.62: 1701 is a gunboat hex on the north edge touching the river', () => {
    expect(grid.edgesOf('1701')).toContain('north');
    expect(grid.neighbours('1701').some((n) => terrain(n).terrain === 'river')).toBe(true);
  });

  it('17.1, 20.0: entry hex 1905 is land on the east edge, on the east bank of the Tennessee', () => {
    expect(grid.edgesOf('1905')).toContain('east');
    expect(WATER).not.toContain(terrain('1905').terrain);
    const bank = bankOf(doc, grid);
    expect(bank.get('1905')).toBe('east');
    expect(bank.get('1508')).toBe('west');
  });

  it('17.1: entry hex 0901 (Lew Wallace) is land on the north edge', () => {
    expect(grid.edgesOf('0901')).toContain('north');
    expect(WATER).not.toContain(terrain('0901').terrain);
  });

  it('20.0, 6.28: the ferry hexes exist, are ferry hexes, and their arrows join the east bank to Pittsburg Landing', () => {
    const ferry = scenario.specialRules.find((r) => r.hook === 'ferry-crossing')!;
    const hexes = (ferry.params as { hexes: string[] }).hexes;
    expect(hexes.length).toBeGreaterThan(0);
    const bank = bankOf(doc, grid);
    for (const h of hexes) {
      expect(terrain(h).terrain).toBe('ferry');
      const crossing = terrain(h).crossing ?? [];
      expect(crossing).toContain('1508');
      for (const c of crossing) expect(grid.adjacent(h, c)).toBe(true);
      expect(crossing.some((c) => bank.get(c) === 'east')).toBe(true);
    }
  });

  it('21.2, 6.29: 0905 is "the bridge": Lew Wallace\'s road from 0901 crosses Snake Creek there, and only by bridges', () => {
    expect(terrain('0905').name).toMatch(/bridge/i);
    const sides = grid.neighbours('0905').filter((n) => terrainMap.hexsideHas('0905', n, 'bridge'));
    expect(sides).toHaveLength(1);
    expect(terrainMap.hexsideHas('0905', sides[0], 'creek')).toBe(true);
    expect(terrainMap.routesBetween('0905', sides[0])).toContain('road');
    const north = reach(terrainMap, '0901');
    expect(north.has('0905')).toBe(true);
    expect(north.has('1508')).toBe(true);
    // without the bridge Lew Wallace could not reach the field
    const noBridge = reach(
      terrainMap,
      '0901',
      (a, b) => !(terrainMap.hexsideHas(a, b, 'bridge') && [a, b].includes('0905')),
    );
    expect(noBridge.has('0905')).toBe(false);
    expect(noBridge.has('1508')).toBe(false);
  });

  it('6.29: every creek hexside joins two land hexes, and every road over a creek has a bridge', () => {
    const creeks = terrainMap
      .featuredHexsides()
      .filter((s) => s.features.some((f) => f.type === 'creek'));
    expect(creeks.length).toBeGreaterThan(30);
    for (const s of creeks) {
      expect(grid.adjacent(s.between[0], s.between[1])).toBe(true);
      for (const h of s.between) expect(WATER).not.toContain(terrain(h).terrain);
    }
    for (const r of doc.routes) {
      for (let i = 0; i + 1 < r.hexes.length; i++) {
        const [a, b] = [r.hexes[i], r.hexes[i + 1]];
        expect(grid.adjacent(a, b)).toBe(true);
        if (terrainMap.hexsideHas(a, b, 'creek'))
          expect(terrainMap.hexsideHas(a, b, 'bridge')).toBe(true);
      }
      for (const h of r.hexes) expect([...WATER, 'ferry']).not.toContain(terrain(h).terrain);
    }
  });

  it('16.1, 16.2, 6.29: every set-up hex is joined by land to Pittsburg Landing, so the armies can meet', () => {
    const field = reach(terrainMap, '1508');
    for (const p of placements) expect(field.has(p.hex)).toBe(true);
  });

  it('20.0, 6.27: from 1905 the west bank is reached only through the ferry', () => {
    const east = reach(terrainMap, '1905');
    expect(east.has('1508')).toBe(false);
    const ferry = (
      scenario.specialRules.find((r) => r.hook === 'ferry-crossing')!.params as { hexes: string[] }
    ).hexes;
    const withFerry = reach(terrainMap, '1905', undefined, ferry);
    expect(withFerry.has('1508')).toBe(true);
    // east to west only: from the landing the ferry leads nowhere
    expect([...reach(terrainMap, '1508', undefined, ferry)].some((h) => east.has(h))).toBe(false);
  });

  it('9.62, 17.1: gunboats entering at 1701 can sail the river past Pittsburg Landing to the south edge', () => {
    const navigable = (h: string) =>
      ['river', 'ferry'].includes(terrain(h).terrain) || scenario.gunboatHexes!.includes(h);
    const seen = new Set<string>(['1701']);
    const queue: string[] = ['1701'];
    while (queue.length) {
      const h = queue.shift()!;
      for (const n of grid.neighbours(h)) {
        if (!seen.has(n) && navigable(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
    }
    expect(grid.neighbours('1508').some((n) => seen.has(n))).toBe(true);
    expect([...seen].some((h) => grid.edgesOf(h).includes('south'))).toBe(true);
    for (const p of placements) expect(seen.has(p.hex)).toBe(false);
  });

  it('19.1: every Union unit in the set-up has a hex north or north-east it may enter', () => {
    for (const p of placements.filter((x) => unit(x.unit).side === 'union')) {
      const targets = [...grid.neighboursToward(p.hex, 0), ...grid.neighboursToward(p.hex, 45)];
      const open = targets.filter(
        (n) =>
          ![...WATER, 'ferry'].includes(terrain(n).terrain) &&
          !(terrainMap.hexsideHas(p.hex, n, 'creek') && !terrainMap.hexsideHas(p.hex, n, 'bridge')),
      );
      expect(open.length).toBeGreaterThan(0);
    }
  });

  it('19.1: north is the top of the map, so "north or north-east" leads from the camps toward the landing', () => {
    expect(grid.neighboursToward('1413', 0)).toEqual(['1412']);
    expect(grid.neighboursToward('1413', 45)).toEqual(['1513']);
    expect(grid.bearing('0412', '1508')).toBeGreaterThan(0);
    expect(grid.bearing('0412', '1508')).toBeLessThan(90);
  });
});

/**
 * Hexes a land unit could reach from `start` (ignoring costs and units):
 * never water; creek hexsides only at a bridge or ford (6.29); a ferry hex only
 * if listed in `ferries`, entered and left through its arrows, east to west (20.0).
 */
function reach(
  tm: TerrainMap,
  start: string,
  allowSide: (a: string, b: string) => boolean = () => true,
  ferries: string[] = [],
): Set<string> {
  const seen = new Set<string>([start]);
  const queue: string[] = [start];
  const westward = (a: string, b: string) => {
    const bearing = tm.grid.bearing(a, b);
    return bearing > 180 && bearing < 360;
  };
  while (queue.length) {
    const h = queue.shift()!;
    const here = tm.hex(h);
    for (const n of tm.grid.neighbours(h)) {
      if (seen.has(n) || !allowSide(h, n)) continue;
      const t = tm.hex(n).terrain;
      if (['river', 'lake', 'pond', 'pontoon'].includes(t)) continue;
      if (t === 'ferry' && !(ferries.includes(n) && (tm.hex(n).crossing ?? []).includes(h)))
        continue;
      if (here.terrain === 'ferry') {
        const entry = (here.crossing ?? []).find((c) => seen.has(c) && c !== n);
        if (!(here.crossing ?? []).includes(n) || !entry || !westward(entry, n)) continue;
      }
      if (
        tm.hexsideHas(h, n, 'creek') &&
        !tm.hexsideHas(h, n, 'bridge') &&
        !tm.hexsideHas(h, n, 'ford')
      )
        continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return seen;
}

/**
 * Which bank of the Tennessee each land hex lies on: the land hexes reachable
 * from 1508 without entering water or a ferry are the west bank; from 1905, the
 * east bank. A hex reachable from both would mean the river leaks.
 */
function bankOf(doc: MapDocument, grid: HexGrid): Map<string, 'west' | 'east' | 'both'> {
  const land = (h: string) => {
    const t = (doc.hexes[h] ?? doc.defaultHex).terrain;
    return !['river', 'lake', 'pond', 'ferry', 'pontoon'].includes(t);
  };
  const out = new Map<string, 'west' | 'east' | 'both'>();
  for (const [start, side] of [
    ['1508', 'west'],
    ['1905', 'east'],
  ] as const) {
    const seen = new Set<string>([start]);
    const queue: string[] = [start];
    while (queue.length) {
      const h = queue.shift()!;
      out.set(h, out.has(h) && out.get(h) !== side ? 'both' : side);
      for (const n of grid.neighbours(h)) {
        if (!seen.has(n) && land(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
    }
  }
  return out;
}
