import { applyOrder, legalOrders } from '../../game';
import { fixedDice } from '../../dice';
import { SPECIFIC_OVER_GENERAL } from '../../revision';
import type { GameEvent } from '../../types';
import {
  play,
  setUp,
  testMap,
  testScenario,
  tryOrder,
  unit,
} from '../../../../test/unit/engine/helpers';

function world(year = 1863, enemyAt = '1010') {
  return setUp(
    testMap(),
    testScenario({
      units: [unit('i', 'union'), unit('a', 'union', 'artillery'), unit('e', 'confederate')],
      placements: [
        { unit: 'i', hex: '0505' },
        { unit: 'a', hex: '0305' },
        { unit: 'e', hex: enemyAt },
      ],
      year,
      turns: 5,
    }),
  );
}
const endTurn = (f: ReturnType<typeof world>) => {
  for (let k = 0; k < 4; k++) f.state = play(f, f.state.phasing, { type: 'end-phase' });
};

describe('10.34 building Breastworks in the Movement Phase', () => {
  it('10.34: an infantry unit with no Enemy within three hexes may start Breastworks instead of moving', () => {
    const f = world();
    f.state = play(f, 'union', { type: 'build-breastworks', unit: 'i' });
    expect(f.state.fieldworks).toEqual([
      expect.objectContaining({ hex: '0505', kind: 'under-construction', unit: 'i' }),
    ]);
    expect(tryOrder(f, 'union', { type: 'move', unit: 'i', path: ['0504'] })).toMatchObject({
      ok: false,
      refusal: { code: 'MARKED_NO_MOVE' },
    });
  });
  it('10.34: not before 1863, not artillery, not with an Enemy unit within three hexes', () => {
    expect(tryOrder(world(1862), 'union', { type: 'build-breastworks', unit: 'i' })).toMatchObject({
      ok: false,
      refusal: { code: 'BREASTWORKS_BEFORE_1863' },
    });
    expect(tryOrder(world(), 'union', { type: 'build-breastworks', unit: 'a' })).toMatchObject({
      ok: false,
      refusal: { code: 'BREASTWORKS_NOT_INFANTRY' },
    });
    expect(
      tryOrder(world(1863, '0508'), 'union', { type: 'build-breastworks', unit: 'i' }),
    ).toMatchObject({ ok: false, refusal: { code: 'ENEMY_WITHIN_THREE' } });
  });
  it('10.34: if the unit stays put in its next Movement Phase the marker flips to Breastworks at the start of the Combat Phase', () => {
    const f = world();
    f.state = play(f, 'union', { type: 'build-breastworks', unit: 'i' });
    endTurn(f);
    const choices = legalOrders(f.ctx, f.state, 'union').filter(
      (o) => o.type === 'complete-breastworks',
    );
    expect(choices).toHaveLength(6);
    const facing = (choices[0] as unknown as { facing: string[] }).facing;
    f.state = play(f, 'union', { type: 'complete-breastworks', unit: 'i', facing });
    expect(f.state.fieldworks[0].kind).toBe('under-construction');
    f.state = play(f, 'union', { type: 'end-phase' });
    expect(f.state.fieldworks[0]).toMatchObject({ kind: 'breastworks', facing });
  });
  it('10.34: a unit that moves off its Under Construction marker abandons it', () => {
    const f = world();
    f.state = play(f, 'union', { type: 'build-breastworks', unit: 'i' });
    endTurn(f);
    f.state = play(f, 'union', { type: 'move', unit: 'i', path: ['0504'] });
    expect(f.state.fieldworks).toEqual([]);
  });
});

describe('12.41 rally markers', () => {
  it('12.41: a Disordered unit not in an Enemy Zone of Control may take a Rally marker and then may not move', () => {
    const f = world();
    f.state = {
      ...f.state,
      units: { ...f.state.units, i: { ...f.state.units.i, morale: 'disordered' } },
    };
    expect(tryOrder(f, 'union', { type: 'rally-marker', unit: 'a' })).toMatchObject({
      ok: false,
      refusal: { code: 'RALLY_GOOD_ORDER' },
    });
    f.state = play(f, 'union', { type: 'rally-marker', unit: 'i' });
    expect(f.state.units.i.markers.rally).toBe(true);
    expect(tryOrder(f, 'union', { type: 'move', unit: 'i', path: ['0504'] })).toMatchObject({
      ok: false,
      refusal: { code: 'MARKED_NO_MOVE' },
    });
  });

  it('12.41, 12.17: a Disordered unit rallying in a town still rolls (12.41b): 1-5 it stays Disordered, 6 makes it Shaken', () => {
    for (const [die, after] of [
      [3, 'disordered'],
      [6, 'shaken'],
    ] as const) {
      const f = setUp(
        testMap({ hexes: { '0505': { terrain: 'town' } } }),
        testScenario({
          units: [unit('i', 'union'), unit('e', 'confederate')],
          placements: [
            { unit: 'i', hex: '0505' },
            { unit: 'e', hex: '1010' },
          ],
          turns: 5,
        }),
      );
      f.state = {
        ...f.state,
        units: { ...f.state.units, i: { ...f.state.units.i, morale: 'disordered' } },
      };
      expect(legalOrders(f.ctx, f.state, 'union')).toContainEqual({
        type: 'rally-marker',
        unit: 'i',
      });
      f.state = play(f, 'union', { type: 'rally-marker', unit: 'i' });
      // End of the Movement Phase: the Combat Phase opens with the Rally roll (12.41b), before any attack.
      const r = applyOrder(f.ctx, f.state, 'union', { type: 'end-phase' }, fixedDice([die]));
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      const rolled = r.events.filter((e: GameEvent) => e.type === 'die-rolled');
      expect(rolled).toEqual([
        expect.objectContaining({ purpose: 'rally', unit: 'i', roll: die, outcome: after }),
      ]);
      expect(r.events.some((e: GameEvent) => e.type === 'rally-cancelled')).toBe(false);
      expect(r.state.units.i).toMatchObject({ morale: after, markers: {} });
      expect(r.state.units.i.markers.rally).toBeUndefined();
    }
  });

  it('12.41, 12.17: a game created under an earlier engine revision keeps cancelling that roll, so its replay re-runs as played', () => {
    const f = setUp(
      testMap({ hexes: { '0505': { terrain: 'town' } } }),
      testScenario({
        units: [unit('i', 'union'), unit('e', 'confederate')],
        placements: [
          { unit: 'i', hex: '0505' },
          { unit: 'e', hex: '1010' },
        ],
        turns: 5,
      }),
    );
    f.state = {
      ...f.state,
      rules: { ...f.state.rules, revision: SPECIFIC_OVER_GENERAL - 1 },
      units: { ...f.state.units, i: { ...f.state.units.i, morale: 'disordered' } },
    };
    f.state = play(f, 'union', { type: 'rally-marker', unit: 'i' });
    const r = applyOrder(f.ctx, f.state, 'union', { type: 'end-phase' }, fixedDice([6]));
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    expect(r.events.some((e: GameEvent) => e.type === 'rally-cancelled')).toBe(true);
    expect(r.state.units.i.morale).toBe('disordered');
  });

  for (const [revision, rolls] of [
    [1, false],
    [2, true],
  ] as const) {
    it(`12.41b, 12.17 (revision ${revision}): a Disordered unit rallying in a town ${rolls ? 'rolls (the fix predates revision 2)' : 'rolls no die; the Rally is cancelled'}`, () => {
      // Revision 1 behaviour kept for games created before the fix (src/engine/revision.ts).
      const f = setUp(
        testMap({ hexes: { '0505': { terrain: 'town' } } }),
        testScenario({
          units: [unit('i', 'union'), unit('e', 'confederate')],
          placements: [
            { unit: 'i', hex: '0505' },
            { unit: 'e', hex: '1010' },
          ],
          turns: 5,
        }),
      );
      const { system, version } = f.state.rules;
      f.state = {
        ...f.state,
        rules: revision === 1 ? { system, version } : { system, version, revision },
        units: { ...f.state.units, i: { ...f.state.units.i, morale: 'disordered' } },
      };
      f.state = play(f, 'union', { type: 'rally-marker', unit: 'i' });
      const r = applyOrder(f.ctx, f.state, 'union', { type: 'end-phase' }, fixedDice([6]));
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      const rolled = r.events.filter((e: GameEvent) => e.type === 'die-rolled');
      if (rolls) {
        expect(rolled).toEqual([expect.objectContaining({ purpose: 'rally', unit: 'i', roll: 6 })]);
        expect(r.state.units.i.morale).toBe('shaken');
      } else {
        expect(rolled).toEqual([]);
        expect(r.events).toContainEqual(
          expect.objectContaining({ type: 'rally-cancelled', unit: 'i', rule: '12.41b, A3' }),
        );
        expect(r.state.units.i).toMatchObject({ morale: 'disordered', markers: {} });
      }
    });
  }
});
