/**
 * The 1975 Blue & Gray II Chattanooga (seed 001 lines 456-836) as data: the
 * charts transcribed, the exclusive rules as hooks, victory as data, and the
 * reconstructed map agreeing with every fact the text gives. Counts are
 * independent of the JSON: they are what the charts print.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { TerrainMap } from '../../../src/engine/map';
import { chattanooga1975Map } from '../../../scenarios/chattanooga-1975/build-map';
import type { MapDocument, ScenarioDocument, UnitSpec } from '../../../src/engine/types';

const DIR = join(__dirname, '../../../scenarios/chattanooga-1975');
const scenario = JSON.parse(readFileSync(join(DIR, 'scenario.json'), 'utf8')) as ScenarioDocument;
const mapDoc = JSON.parse(readFileSync(join(DIR, 'map.json'), 'utf8')) as MapDocument;
const map = new TerrainMap(mapDoc);

const byId = new Map(scenario.units.map((u) => [u.id, u]));
const placements = scenario.setup.kind === 'fixed' ? scenario.setup.placements : [];
const placed = (side: 'union' | 'confederate'): UnitSpec[] =>
  placements.map((p) => byId.get(p.unit)!).filter((u) => u.side === side);
const total = (us: UnitSpec[]): number => us.reduce((a, u) => a + u.strength, 0);
const countBy = (us: UnitSpec[]): Record<string, number> =>
  us.reduce<Record<string, number>>((a, u) => ({ ...a, [u.type]: (a[u.type] ?? 0) + 1 }), {});
const at = (hex: string): string[] =>
  placements
    .filter((p) => p.hex === hex)
    .map(
      (p) =>
        `${byId.get(p.unit)!.strength}${byId.get(p.unit)!.type === 'artillery' ? 'a' : byId.get(p.unit)!.type === 'cavalry' ? 'c' : ''} ${byId.get(p.unit)!.designation}`,
    );
const hook = (name: string) => scenario.specialRules.find((r) => r.hook === name)!;

describe('Chattanooga 1975 scenario document', () => {
  it('O14.31, O14.32: Union first player, ten Game-Turns, Game-Turn Five is Night; rules classic 1975', () => {
    expect(scenario.rules).toEqual({ system: 'classic', version: '1975' });
    expect(scenario.firstPlayer).toBe('union');
    expect(scenario.turns).toBe(10);
    expect(scenario.nightTurns).toEqual([5]);
    expect(scenario.year).toBe(1863);
  });

  it('O14.1: 38 Union units set up (30 infantry, 6 artillery, 2 cavalry), 191 strength points', () => {
    const u = placed('union');
    expect(u).toHaveLength(38);
    expect(countBy(u)).toEqual({ infantry: 30, artillery: 6, cavalry: 2 });
    expect(total(u)).toBe(191);
  });

  it('O14.2: 36 Confederate units set up (27 infantry, 9 artillery), 124 strength points', () => {
    const c = placed('confederate');
    expect(c).toHaveLength(36);
    expect(countBy(c)).toEqual({ infantry: 27, artillery: 9 });
    expect(total(c)).toBe(124);
  });

  it('O14.1, O14.2: sample chart lines as printed, including the stacks and the 1a artillery', () => {
    expect(at('1514').sort()).toEqual(['3 3/3/XI', '4a XI']);
    expect(at('1304')).toEqual(['1a Sherman']);
    expect(at('0907')).toEqual(['6c 2']);
    expect(at('0425')).toEqual(['9 1/1/IV']);
    expect(at('2305').sort()).toEqual(['4 Wright', '5 Polk']);
    expect(at('2317').sort()).toEqual(['1a Cobb', '3 Finley']);
    expect(at('1025')).toEqual(['1a Corput']);
    expect(at('0724')).toEqual(['3 Walthall']);
  });

  it('O14.1: 1/2/XIV is printed at both 1204 and 1320: two units', () => {
    expect(at('1204')).toEqual(['6 1/2/XIV']);
    expect(at('1320')).toEqual(['6 1/2/XIV']);
  });

  it('O15.21: three Union reinforcements of 4 on Game-Turn Two at 0427, 0528, 0627 and/or 0728', () => {
    expect(scenario.reinforcements).toHaveLength(1);
    const r = scenario.reinforcements[0];
    expect(r).toMatchObject({ side: 'union', turn: 2, entry: ['0427', '0528', '0627', '0728'] });
    expect(r.units.map((id) => byId.get(id)!.designation)).toEqual([
      '1/2/XII',
      '2/2/XII',
      '3/2/XII',
    ]);
    expect(r.units.every((id) => byId.get(id)!.strength === 4)).toBe(true);
  });

  it('O16.11, O16.13: every Union artillery unit but the 1a Sherman is immobile', () => {
    const art = scenario.units.filter((u) => u.side === 'union' && u.type === 'artillery');
    expect(art.filter((u) => !u.flags?.includes('immobile')).map((u) => u.designation)).toEqual([
      'Sherman',
    ]);
    expect(hook('special-artillery').params).toMatchObject({
      side: 'union',
      immobile: true,
      retreatEliminates: true,
      mayNotAdvance: true,
    });
    expect((hook('special-artillery').params!.units as string[]).sort()).toEqual(
      art
        .filter((u) => u.designation !== 'Sherman')
        .map((u) => u.id)
        .sort(),
    );
  });

  it('O17.11-17.14, O17.2, O19.1: quota 11 (+7 with 1025), night movement, ferries as hooks', () => {
    expect(hook('movement-quota').params).toMatchObject({
      side: 'union',
      limits: [{ fromTurn: 1, units: 11 }],
      bonus: { controlHex: '1025', units: 7 },
    });
    expect(hook('night-movement').params).toEqual({
      union: 'no-movement',
      confederate: 'may-exit-enemy-zoc',
    });
    expect(hook('river-ferry').params).toEqual({
      hexes: ['1305', '1013', '0814', '0517'],
      retreatEliminates: true,
    });
  });

  it('O20.11, O20.12, O20.2: victory points per unit, hexes and town ZOC; levels +26/+16/+6 either way, else a draw', () => {
    expect(hook('victory-points-per-unit').params).toEqual({ confederate: 3, union: 2 });
    expect(hook('victory-points-ever-controlled').params).toEqual({
      side: 'confederate',
      hexes: ['1514', '1417'],
      points: 4,
    });
    expect(hook('victory-points-last-control').params).toEqual({
      side: 'union',
      hexes: ['2207', '2311', '2416', '2419'],
      points: 4,
    });
    expect(
      scenario.victory.levels.map((l) => [
        l.side,
        l.level,
        (l.when as { pointsLeadAtLeast: number }).pointsLeadAtLeast,
      ]),
    ).toEqual([
      ['union', 'decisive', 26],
      ['union', 'substantive', 16],
      ['union', 'marginal', 6],
      ['confederate', 'decisive', 26],
      ['confederate', 'substantive', 16],
      ['confederate', 'marginal', 6],
    ]);
    expect(scenario.victory.otherwise).toBe('draw');
  });
});

describe('Chattanooga 1975 map (reconstructed)', () => {
  it('map.json is exactly what build-map.ts builds and checks', () => {
    expect(mapDoc).toEqual(JSON.parse(JSON.stringify(chattanooga1975Map)));
  });

  it('O19.11: 1305, 1013, 0814 and 0517 are river ferry hexes whose arrows join the two banks', () => {
    for (const h of ['1305', '1013', '0814', '0517']) {
      expect(map.hex(h).terrain).toBe('ferry');
      const [a, b] = map.hex(h).crossing!;
      expect(map.grid.adjacent(a, h) && map.grid.adjacent(b, h)).toBe(true);
      expect(map.hex(a).terrain).not.toBe('river');
      expect(map.hex(b).terrain).not.toBe('river');
    }
  });

  it('O15.21: the entry hexes lie on the map edge', () => {
    for (const h of ['0427', '0528', '0627', '0728']) expect(map.grid.isEdge(h)).toBe(true);
  });

  it('O9.0: only terrain of the 1975 Chattanooga chart appears; Chattanooga has town hexes and redoubts', () => {
    const terrains = new Set([
      mapDoc.defaultHex.terrain,
      ...Object.values(mapDoc.hexes).map((h) => h.terrain),
    ]);
    expect([...terrains].sort()).toEqual([
      'clear',
      'ferry',
      'forest',
      'forest-rough',
      'river',
      'rough',
      'town',
    ]);
    const features = new Set(mapDoc.hexsides.flatMap((s) => s.features.map((f) => f.type)));
    expect([...features].sort()).toEqual(['bridge', 'creek', 'ford', 'redoubt']);
    expect(Object.values(mapDoc.hexes).filter((h) => h.terrain === 'town').length).toBeGreaterThan(
      0,
    );
  });
});
