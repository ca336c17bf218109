/**
 * Shiloh (seed 000 lines 1120-1664) as data: the charts transcribed exactly,
 * the rules as hooks, and the reconstructed map agreeing with every fact the
 * text gives. Counts are independent of the JSON: they are what the charts print.
 */
import { readFileSync, existsSync } from 'fs';
import { join } from 'path';
import { HexGrid } from '../../../src/engine/hex';
import type { MapDocument, ScenarioDocument, UnitSpec, HexSpec } from '../../../src/engine/types';

const DIR = join(__dirname, '../../../scenarios/shiloh');
const scenario = JSON.parse(readFileSync(join(DIR, 'scenario.json'), 'utf8')) as ScenarioDocument;
const mapPath = join(DIR, 'map.json');
const map: MapDocument | undefined = existsSync(mapPath)
  ? (JSON.parse(readFileSync(mapPath, 'utf8')) as MapDocument)
  : undefined;

const byId = new Map(scenario.units.map((u) => [u.id, u]));
const unit = (id: string): UnitSpec => {
  const u = byId.get(id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
};
const placements = scenario.setup.kind === 'fixed' ? scenario.setup.placements : [];
const placed = (side: 'union' | 'confederate'): UnitSpec[] =>
  placements.map((p) => unit(p.unit)).filter((u) => u.side === side);
const total = (us: UnitSpec[]): number => us.reduce((a, u) => a + u.strength, 0);
const countBy = (us: UnitSpec[]): Record<string, number> =>
  us.reduce<Record<string, number>>((a, u) => ({ ...a, [u.type]: (a[u.type] ?? 0) + 1 }), {});
const at = (hex: string): string[] => placements.filter((p) => p.hex === hex).map((p) => unit(p.unit).designation);

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
    const seen = [...placements.map((p) => p.unit), ...scenario.reinforcements.flatMap((r) => r.units)];
    expect(seen.sort()).toEqual(scenario.units.map((u) => u.id).sort());
  });

  it("16.1, 22.1: Union deployment has 26 units totalling 121 CSP (the Designer's Notes' starting total)", () => {
    const us = placed('union');
    expect(us).toHaveLength(26);
    expect(total(us)).toBe(121);
    expect(countBy(us)).toEqual({ infantry: 17, cavalry: 3, artillery: 6 });
  });

  it('16.2: Confederate deployment has 25 units totalling 132 CSP', () => {
    const cs = placed('confederate');
    expect(cs).toHaveLength(25);
    expect(total(cs)).toBe(132);
    expect(countBy(cs)).toEqual({ infantry: 16, cavalry: 2, artillery: 7 });
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
    expect(unit('cs-cav-i')).toMatchObject({ side: 'confederate', type: 'cavalry', strength: 2, designation: 'I' });
    expect(scenario.units.some((u) => u.side === 'confederate' && u.designation === '2')).toBe(false);
  });

  it('6.32: the set-up puts one unit in each hex, within the stacking limit of 2', () => {
    const hexes = placements.map((p) => p.hex);
    expect(new Set(hexes).size).toBe(hexes.length);
    expect(scenario.stacking ?? { units: 2 }).toEqual({ units: 2 });
  });

  it('17.1: Union reinforcements are 17 units in 5 arrivals: 66 CSP of land units and the gunboats Lexington (1) and Tyler (2)', () => {
    const rs = scenario.reinforcements;
    expect(rs.map((r) => [r.side, r.turn, r.entry, r.units.map((id) => unit(id).designation)])).toEqual([
      ['union', 5, ['1701'], ['Lexington', 'Tyler']],
      ['union', 5, ['1905'], ['10/4']],
      ['union', 6, ['0901'], ['1/3', '2/3', '3/3', '3', '3']],
      ['union', 6, ['1905'], ['19/4', '22/4', '14/5', '4/2', '11/5', '5']],
      ['union', 9, ['1905'], ['5/2', '6/2', '2']],
    ]);
    const units = rs.flatMap((r) => r.units.map(unit));
    expect(units).toHaveLength(17);
    expect(total(units.filter((u) => u.type !== 'gunboat'))).toBe(66);
    expect(units.filter((u) => u.type === 'gunboat').map((u) => [u.designation, u.strength])).toEqual([
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
    const hook = (name: string) => scenario.specialRules.find((r) => r.hook === name);
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
      params: { side: 'union', from: 'east', to: 'west', entryCost: 3, blockedWhenOccupiedBy: 'confederate', blockingHex: '1508' },
    });
  });

  it('18.1, 18.31: 1 VP per enemy CSP eliminated; 1508 held by the last to occupy, nobody at the start', () => {
    expect(scenario.victory.points).toEqual([{ kind: 'eliminated-strength', points: 1, case: '18.1' }]);
    expect(scenario.victory.objectives).toEqual([{ hex: '1508', control: 'last-to-occupy', case: '18.31' }]);
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
    const when = (side: string, level: string) => levels.find((l) => l.side === side && l.level === level)?.when;
    expect(when('confederate', 'decisive')).toEqual({ all: [{ pointsAtLeastTimes: 2 }, { occupies: ['1508'] }] });
    expect(when('confederate', 'substantive')).toEqual({ all: [{ occupies: ['1508'] }, { pointsAtLeastTimes: 1 }] });
    expect(when('confederate', 'marginal')).toEqual({ pointsAtLeastTimes: 2 });
    expect(when('union', 'marginal')).toEqual({ all: [{ occupies: ['1508'] }, { pointsMoreThanTimes: 0.5 }] });
    expect(when('union', 'substantive')).toEqual({ all: [{ occupies: ['1508'] }, { pointsAtLeastTimes: 1 }] });
    expect(when('union', 'decisive')).toEqual({ all: [{ occupies: ['1508'] }, { pointsAtLeastTimes: 2 }] });
    expect(scenario.victory.otherwise).toBe('draw');
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

(map ? describe : describe.skip)('Shiloh map document', () => {
  const doc = map as MapDocument;
  const grid = doc ? new HexGrid(Array.isArray(doc.grid) ? doc.grid : [{ layout: doc.grid }]) : (undefined as never);
  const terrain = (hex: string): HexSpec => doc.hexes[hex] ?? doc.defaultHex;

  it('18.0, 20.0: the map is reconstructed from the rules text and names Pittsburg Landing 1508', () => {
    expect(doc.id).toBe('shiloh');
    expect(doc.provenance).toBe('reconstructed from the rules text');
    expect(grid.has('1508')).toBe(true);
    expect(terrain('1508').name).toMatch(/Pittsburg Landing/);
    expect(WATER).not.toContain(terrain('1508').terrain);
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
});

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
