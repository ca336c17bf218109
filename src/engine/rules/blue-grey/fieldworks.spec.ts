/**
 * Fieldworks (10.3) through play: Breastworks, Trenches and Under
 * Construction markers in combat, at set-up, in construction and at the end
 * of the Combat Phase. Positions on the combat test sheet (combat.fixtures.ts)
 * or the 10×10 engine test map (test/unit/engine/helpers.ts).
 */
import { legalOrders, newGame, prepareGame } from '../../game';
import type { GameState } from '../../state';
import type { HexsideSpec } from '../../types';
import { fixedDice } from '../../dice';
import {
  act,
  combatGame,
  ofType,
  resolved,
  testScenario as combatScenario,
  testMapDoc,
} from './combat.fixtures';
import {
  play,
  setUp,
  testMap,
  testScenario,
  tryOrder,
  unit,
} from '../../../../test/unit/engine/helpers';

type Side = 'union' | 'confederate';
type Fieldwork = GameState['fieldworks'][number];

/** u1 (0404) attacks c1 (0504), which holds the given marker; 8 against 4 = 2:1 before shifts. */
function attackOn(works: Fieldwork[], hexsides: HexsideSpec[] = []) {
  const { ctx, state } = combatGame(
    [
      { id: 'u1', side: 'union', hex: '0404', strength: 8 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
    ],
    { hexsides, tweak: (s) => ({ ...s, fieldworks: works }) },
  );
  return act(
    ctx,
    state,
    'union',
    { type: 'attack', attackers: ['u1'], defenders: ['0504'] },
    [6, 6, 6],
  );
}
const marker = (kind: Fieldwork['kind'], extra: Partial<Fieldwork> = {}): Fieldwork =>
  ({ hex: '0504', kind, facing: ['0404', '0405'], side: 'confederate', ...extra }) as Fieldwork;

describe('10.3 fieldworks', () => {
  it('10.31: Breastworks and Trenches are both Fieldworks and shift the odds; a printed entrenchment hexside is terrain, not a marker', () => {
    const bw = resolved(attackOn([marker('breastworks')]).events);
    expect(bw.terrain.left).toEqual({ shift: 1, source: 'breastworks (10.38)' });
    const tr = resolved(attackOn([marker('trench')]).events);
    expect(tr.terrain.left).toEqual({ shift: 1, source: 'trench (10.38, 10.39)' });
    const printed = resolved(
      attackOn(
        [],
        [{ between: ['0404', '0504'], features: [{ type: 'entrenchment', friendly: '0504' }] }],
      ).events,
    );
    expect(printed.terrain.left.source).toContain('entrenchment hexside');
    // The printed entrenchment does not take the place of a marker: a unit there may still start Breastworks.
    const f = setUp(
      testMap({
        hexsides: [
          { between: ['0505', '0504'], features: [{ type: 'entrenchment', friendly: '0505' }] },
        ],
      }),
      testScenario({
        units: [unit('i', 'union'), unit('e', 'confederate')],
        placements: [
          { unit: 'i', hex: '0505' },
          { unit: 'e', hex: '1010' },
        ],
        year: 1863,
      }),
    );
    expect(legalOrders(f.ctx, f.state, 'union')).toContainEqual({
      type: 'build-breastworks',
      unit: 'i',
    });
  });

  it('10.32: a Breastworks marker shifts the odds one column left, its Under Construction side one column right', () => {
    const bw = resolved(attackOn([marker('breastworks')]).events);
    expect(bw).toMatchObject({ odds: '2:1', shift: -1, column: '3:2' });
    const uc = resolved(
      attackOn([marker('under-construction', { facing: [], unit: 'c1' } as Partial<Fieldwork>)])
        .events,
    );
    expect(uc).toMatchObject({ odds: '2:1', shift: 1, column: '3:1' });
    expect(uc.terrain.right).toEqual({
      shift: 1,
      source: 'breastworks under construction (10.34 i)',
    });
  });

  it('10.33: Breastworks of the Initial Deployment are Trenches; markers built in play are Breastworks, never Trenches', () => {
    const scenario = combatScenario(
      [
        { id: 'u1', side: 'union', hex: '0404' },
        { id: 'c1', side: 'confederate', hex: '0504' },
      ],
      {},
    );
    const withWorks = {
      ...scenario,
      setup: {
        ...(scenario.setup as { kind: 'fixed'; placements: { unit: string; hex: string }[] }),
        fieldworks: [{ hex: '0504', type: 'breastworks' as const, facing: ['0404'] }],
      },
    };
    const ctx = prepareGame(withWorks, testMapDoc());
    const state = newGame(ctx, {}, fixedDice([]));
    expect(state.fieldworks).toEqual([
      expect.objectContaining({
        hex: '0504',
        kind: 'trench',
        facing: ['0404'],
        side: 'confederate',
      }),
    ]);

    const f = setUp(
      testMap(),
      testScenario({
        units: [unit('i', 'union'), unit('e', 'confederate')],
        placements: [
          { unit: 'i', hex: '0505' },
          { unit: 'e', hex: '1010' },
        ],
        year: 1863,
        turns: 5,
      }),
    );
    f.state = play(f, 'union', { type: 'build-breastworks', unit: 'i' });
    for (let k = 0; k < 4; k++) f.state = play(f, f.state.phasing, { type: 'end-phase' });
    const complete = legalOrders(f.ctx, f.state, 'union').find(
      (o) => o.type === 'complete-breastworks',
    )!;
    f.state = play(f, 'union', complete);
    f.state = play(f, 'union', { type: 'end-phase' });
    expect(f.state.fieldworks.map((w) => w.kind)).toEqual(['breastworks']);
  });

  it('10.35: a unit building Breastworks that is forced to retreat by a bombardment loses its Under Construction marker', () => {
    const { ctx, state } = combatGame(
      [
        { id: 'gun', side: 'union', type: 'artillery', hex: '0304', strength: 6 },
        { id: 'c1', side: 'confederate', hex: '0504', strength: 2 },
      ],
      {
        tweak: (s) => ({
          ...s,
          units: { ...s.units, c1: { ...s.units.c1, markers: { buildingBreastworks: true } } },
          fieldworks: [
            marker('under-construction', { facing: [], unit: 'c1' } as Partial<Fieldwork>),
          ],
        }),
      },
    );
    // 6 against 2 = 3:1, +1 column for the marker = 4:1; die 2 → Dr
    let r = act(
      ctx,
      state,
      'union',
      { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0504'] },
      [2],
    );
    expect(resolved(r.events)).toMatchObject({ column: '4:1', result: 'Dr' });
    let s = r.state;
    const events = [...r.events];
    while (s.pending) {
      const side = s.pending.side as Side;
      r = act(ctx, s, side, legalOrders(ctx, s, side)[0], [6, 6]);
      events.push(...r.events);
      s = r.state;
    }
    expect(s.units.c1.hex).not.toBe('0504');
    expect(s.units.c1.markers.buildingBreastworks).toBeFalsy();
    expect(s.fieldworks).toEqual([]);
    expect(ofType(events, 'fieldwork-removed')).toEqual([
      expect.objectContaining({ hex: '0504', kind: 'under-construction' }),
    ]);
  });

  it('10.36: a unit may not start Breastworks in a hex that already has a marker', () => {
    const f = setUp(
      testMap(),
      testScenario({
        units: [unit('i', 'union'), unit('e', 'confederate')],
        placements: [
          { unit: 'i', hex: '0505' },
          { unit: 'e', hex: '1010' },
        ],
        year: 1863,
      }),
    );
    expect(legalOrders(f.ctx, f.state, 'union')).toContainEqual({
      type: 'build-breastworks',
      unit: 'i',
    });
    f.state = {
      ...f.state,
      fieldworks: [{ hex: '0505', kind: 'trench', facing: ['0504'], side: 'union' } as Fieldwork],
    };
    expect(legalOrders(f.ctx, f.state, 'union')).not.toContainEqual({
      type: 'build-breastworks',
      unit: 'i',
    });
    expect(tryOrder(f, 'union', { type: 'build-breastworks', unit: 'i' })).toMatchObject({
      ok: false,
      refusal: { code: 'FIELDWORK_PRESENT', rule: '10.36' },
    });
  });

  it("10.37: at the end of his Combat Phase a player with infantry in a marker hex, his own or the enemy's, may remove it", () => {
    const { ctx, state } = combatGame(
      [
        { id: 'u1', side: 'union', hex: '0404' },
        { id: 'gun', side: 'union', type: 'artillery', hex: '0606' },
        { id: 'c1', side: 'confederate', hex: '0808' },
      ],
      {
        tweak: (s) => ({
          ...s,
          fieldworks: [
            {
              hex: '0404',
              kind: 'breastworks',
              facing: ['0504'],
              side: 'confederate',
            } as Fieldwork,
            { hex: '0606', kind: 'breastworks', facing: ['0706'], side: 'union' } as Fieldwork,
          ],
        }),
      },
    );
    const orders = legalOrders(ctx, state, 'union');
    expect(orders).toContainEqual({ type: 'close-combat-phase' });
    expect(orders).not.toContainEqual({ type: 'end-phase' });
    let r = act(ctx, state, 'union', { type: 'close-combat-phase' });
    // only the hex held by infantry is offered: artillery alone (0606) may not remove a marker
    expect(r.state.pending).toMatchObject({
      side: 'union',
      kind: 'breastworks-removal',
      hex: '0404',
      rule: '10.37',
    });
    r = act(ctx, r.state, 'union', { type: 'remove-breastworks', hex: '0404', remove: true });
    expect(ofType(r.events, 'fieldwork-removed')).toEqual([
      expect.objectContaining({ hex: '0404', rule: '10.37', by: 'union' }),
    ]);
    expect(r.state.pending).toBeNull();
    expect(r.state.fieldworks.map((w) => w.hex)).toEqual(['0606']);
    expect(legalOrders(ctx, r.state, 'union')).toContainEqual({ type: 'end-phase' });
  });

  it('10.37: a unit that moves into a marker hex may not remove it in the Movement Phase', () => {
    const f = setUp(
      testMap(),
      testScenario({
        units: [unit('i', 'union'), unit('e', 'confederate')],
        placements: [
          { unit: 'i', hex: '0505' },
          { unit: 'e', hex: '1010' },
        ],
      }),
    );
    f.state = {
      ...f.state,
      fieldworks: [
        { hex: '0504', kind: 'breastworks', facing: ['0503'], side: 'confederate' } as Fieldwork,
      ],
    };
    f.state = play(f, 'union', { type: 'move', unit: 'i', path: ['0504'] });
    expect(legalOrders(f.ctx, f.state, 'union').map((o) => o.type)).not.toContain(
      'remove-breastworks',
    );
    expect(tryOrder(f, 'union', { type: 'remove-breastworks', hex: '0504', remove: true }).ok).toBe(
      false,
    );
    expect(f.state.fieldworks).toHaveLength(1);
  });
});
