/**
 * Fredericksburg's 3 May 1863 scenario (seed 000 lines 4407-4589): Sedgwick's
 * attack on Marye's Heights. Charts as printed, the inherited Fredericksburg
 * rules, 22.11 on the map and 22.12 in the victory schedule.
 */
import { hexsideKey } from '../../../src/engine/hex';
import {
  fredericksburg3May1863Map,
  fredericksburgMap,
  CANAL_HEXSIDES,
} from '../../../scenarios/fredericksburg/build-map';
import { automaticVictory, evaluateVictory } from '../../../src/engine/victory';
import type { VictoryInputs } from '../../../src/engine/victory';
import type { Side } from '../../../src/engine/types';
import { chartsOf, expectMapJsonIsBuildOutput, loadScenario, total } from './support';

const { dir: DIR, scenario, map } = loadScenario('fredericksburg-3-may-1863');
const base = loadScenario('fredericksburg').scenario;
const { unit, placements, placed, at } = chartsOf(scenario);
const end = (
  lost: Partial<Record<Side, number>>,
  held: Record<string, Side | null>,
): VictoryInputs => ({
  eliminatedStrength: { union: lost.union ?? 0, confederate: lost.confederate ?? 0 },
  objectives: held,
  units: {},
  exited: [],
});

describe('Fredericksburg 3 May 1863 scenario document', () => {
  it('22.0, 16.3, 16.4: unstated parameters inherited from Fredericksburg: Confederate first, 11 Game-Turns, GT6 Night', () => {
    expect(scenario).toMatchObject({
      id: 'fredericksburg-3-may-1863',
      date: '1863-05-03',
      year: 1863,
      firstPlayer: 'confederate',
      turns: 11,
      nightTurns: [6],
    });
    expect([scenario.firstPlayer, scenario.turns, scenario.nightTurns]).toEqual([
      base.firstPlayer,
      base.turns,
      base.nightTurns,
    ]);
    expect(Math.max(...scenario.reinforcements.map((r) => r.turn))).toBeLessThanOrEqual(
      scenario.turns,
    );
  });

  it('22.2: Union set-up is 11 units totalling 69 CSP (10 infantry brigades and LGd 3a)', () => {
    const us = placed('union');
    expect(us).toHaveLength(11);
    expect(total(us)).toBe(69);
    expect(
      us.filter((u) => u.type === 'artillery').map((u) => [u.designation, u.strength]),
    ).toEqual([['LGd', 3]]);
    expect(at('0810')).toEqual(['2/3/VI', '3/3/VI']);
    expect(at('0712')).toEqual(['1/2/II', '3/2/II']);
  });

  it('22.3: Confederate set-up is 8 units totalling 34 CSP', () => {
    const cs = placed('confederate');
    expect(cs).toHaveLength(8);
    expect(total(cs)).toBe(34);
    expect(
      placements
        .filter((p) => unit(p.unit).side === 'confederate')
        .map((p) => `${p.hex} ${unit(p.unit).designation} ${unit(p.unit).strength}`),
    ).toEqual([
      '0618 Wilcox 5',
      '1012 Hays 4',
      '1211 Barksdale 5',
      '2008 Hoke 5',
      '2006 Lawton 7',
      '2202 Trimble 4',
      '2004 Walker 1',
      '1212 Pendleton 3',
    ]);
  });

  it('22.4: Confederate reinforcements at 2027: GT4 18 CSP, GT5 7 CSP, GT9 10 CSP; no Union reinforcements', () => {
    expect(
      scenario.reinforcements.map((r) => [
        r.side,
        r.turn,
        r.entry,
        r.units.map((id) => unit(id).designation),
        total(r.units.map(unit)),
      ]),
    ).toEqual([
      ['confederate', 4, ['2027'], ['Cobb', 'Semmes', 'Kershaw', 'Cabell'], 18],
      ['confederate', 5, ['2027'], ['Mahone', 'I'], 7],
      ['confederate', 9, ['2027'], ['Wright', 'Featherston', 'Perry'], 10],
    ]);
    expect(scenario.units).toHaveLength(11 + 8 + 9);
  });

  it('22.0, 18.2, 19.0, 21.3, 20.0: the Fredericksburg rules carry over unchanged; immobility has no unit to hold', () => {
    const hooks = Object.fromEntries(scenario.specialRules.map((r) => [r.hook, r.params]));
    const baseHooks = Object.fromEntries(base.specialRules.map((r) => [r.hook, r.params]));
    expect(hooks['fog-turns']).toEqual(baseHooks['fog-turns']);
    expect(hooks['map-exit']).toEqual(baseHooks['map-exit']);
    expect(hooks['automatic-victory']).toEqual(baseHooks['automatic-victory']);
    expect(hooks['movement-quota']).toEqual({
      side: 'union',
      limits: [{ units: 15 }],
      liftedWhen: {
        event: 'enemy-occupies-hex',
        enemy: 'confederate',
        hexes: ['0206'],
        effective: 'next-player-turn',
        permanent: true,
      },
    });
    expect(hooks['immobile-until']).toBeUndefined();
    expect(placed('union').every((u) => u.type === 'infantry' || u.designation === 'LGd')).toBe(
      true,
    );
    expect(scenario.victory.levels).toEqual(base.victory.levels);
    expect(scenario.victory.automatic).toEqual(base.victory.automatic);
  });

  it('22.12: no VP for 1711, 0206, 0511 or 1504; 1113 and 2401 keep theirs', () => {
    const hexVp = scenario.victory.points.flatMap((p) =>
      p.kind === 'objective-set' ? [[p.hexes.join(), p.points]] : [],
    );
    expect(hexVp).toEqual([
      ['1113', 15],
      ['2401', 25],
    ]);
    // 1711 Union occupation, worth nothing now, still decides the 20.0 automatic victory
    const held = { '1113': 'confederate', '1711': 'union', '2401': 'confederate' } as Record<
      string,
      Side
    >;
    const s = evaluateVictory(scenario.victory, end({ union: 12 }, held));
    expect(s.points).toEqual({ union: 0, confederate: 4 + 12 + 15 + 25 });
    expect(
      automaticVictory(scenario.victory, end({ union: 12, confederate: 3 }, held), 5),
    ).toBeNull();
    expect(
      automaticVictory(
        scenario.victory,
        end({ union: 12, confederate: 3 }, { ...held, '1711': 'confederate' }),
        5,
      ),
    ).toMatchObject({ winner: 'confederate' });
  });

  it("21.4: Sedgwick taking Marye's Heights and Hamilton's Crossing with even losses is a Union Decisive Victory", () => {
    const s = evaluateVictory(
      scenario.victory,
      end(
        { union: 20, confederate: 20 },
        { '1113': 'union', '1711': 'confederate', '2401': 'union' },
      ),
    );
    // U 20 + 40 = 60, C 4 + 20 = 24
    expect([s.points.union, s.points.confederate, s.winner, s.level]).toEqual([
      60,
      24,
      'union',
      'decisive',
    ]);
  });
});

describe('Fredericksburg 3 May 1863 map', () => {
  it('22.11: the map is the Fredericksburg map with a ford on every creek hexside except the canal', () => {
    expectMapJsonIsBuildOutput(DIR, fredericksburg3May1863Map);
    expect(map.hexes).toEqual(fredericksburgMap.hexes);
    expect(map.routes).toEqual(fredericksburgMap.routes);
    const canal = new Set(CANAL_HEXSIDES.map(([a, b]) => hexsideKey(a, b)));
    const creeks = map.hexsides.filter((s) => s.features.some((f) => f.type === 'creek'));
    for (const s of creeks) {
      const isCanal = canal.has(hexsideKey(s.between[0], s.between[1]));
      const crossing = s.features.some((f) => f.type === 'ford' || f.type === 'bridge');
      expect([s.between.join('/'), crossing]).toEqual([s.between.join('/'), !isCanal]);
    }
    expect(creeks.filter((s) => canal.has(hexsideKey(s.between[0], s.between[1])))).toHaveLength(
      CANAL_HEXSIDES.length,
    );
  });
});
