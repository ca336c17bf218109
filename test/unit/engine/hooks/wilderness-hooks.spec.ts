/**
 * The Wilderness's exclusive rules as hooks: movement-prohibition (18.11,
 * 18.12, 18.14), terrain-override movement costs (18.13, 18.21),
 * objective-control by unit or Zone of Control (19.13), the optional Pickett
 * reinforcements (20.1, conditional-reinforcements) and the optional Burnside
 * roll (20.2, activation-roll), on the small test map and the shipped scenario.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyOrder, legalOrders, newGame, prepareGame } from '../../../../src/engine/game';
import { fixedDice, seededDice } from '../../../../src/engine/dice';
import type { GameState } from '../../../../src/engine/state';
import type {
  HexSpec,
  MapDocument,
  RuleHook,
  ScenarioDocument,
  UnitSpec,
} from '../../../../src/engine/types';
import { freshMovementPhase } from '../../../../src/engine/rules/blue-grey/sequence-of-play';
import { retreatPaths } from '../../../../src/engine/rules/blue-grey/retreat';
import { unsupportedReason } from '../../../../src/engine/rules/hooks';
import {
  destinations,
  Fixture,
  play,
  setUp,
  testMap,
  testScenario,
  tryOrder,
  unit,
} from '../helpers';

const dir = join(__dirname, '../../../../scenarios/wilderness');
const wilderness = JSON.parse(readFileSync(join(dir, 'scenario.json'), 'utf8')) as ScenarioDocument;
const wildernessMap = JSON.parse(readFileSync(join(dir, 'map.json'), 'utf8')) as MapDocument;
const declared = (hook: string, c?: string) =>
  wilderness.specialRules.find((r) => r.hook === hook && (c === undefined || r.case === c))!;

const PROHIBITION = declared('movement-prohibition');
const UNION_FOREST = declared('terrain-override', '18.13');
const CONFEDERATE_TRAILS = declared('terrain-override', '18.21');

/** A 10×10 sheet of forest with the listed clear hexes and routes. */
const forestMap = (
  clear: string[] = [],
  routes: Array<{ type: 'road' | 'trail' | 'turnpike'; hexes: string[] }> = [],
) => {
  const hexes: Record<string, HexSpec> = {};
  for (let c = 1; c <= 10; c++)
    for (let r = 1; r <= 10; r++) {
      const h = `${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`;
      hexes[h] = { terrain: clear.includes(h) ? 'clear' : 'forest' };
    }
  return testMap({ hexes, routes });
};
const at = (f: Fixture, turn: number, phasing: 'union' | 'confederate' = 'union'): GameState => ({
  ...f.state,
  turn,
  phase: 'movement',
  phasing,
  movement: freshMovementPhase(),
});
const moveTo = (f: Fixture, side: 'union' | 'confederate', id: string, hex: string) => {
  const o = legalOrders(f.ctx, f.state, side).find(
    (x) =>
      x.type === 'move' &&
      (x as { unit: string }).unit === id &&
      (x as { path: string[] }).path.at(-1) === hex,
  );
  if (!o) throw new Error(`no listed move of ${id} to ${hex}`);
  return o;
};
const reach = (f: Fixture, side: 'union' | 'confederate', id: string) =>
  Math.max(
    0,
    ...destinations(f, side, id).map((h) => f.ctx.map.grid.distance(f.state.units[id].hex!, h)),
  );

describe('Wilderness 18.13, 18.21 movement costs by side (terrain-override)', () => {
  const game = (routes: Array<{ type: 'road' | 'trail' | 'turnpike'; hexes: string[] }> = []) =>
    setUp(
      forestMap([], routes),
      testScenario({
        units: [unit('u1', 'union'), unit('c1', 'confederate')],
        placements: [
          { unit: 'u1', hex: '0102' },
          { unit: 'c1', hex: '0108' },
        ],
        turns: 16,
        specialRules: [UNION_FOREST, CONFEDERATE_TRAILS],
      }),
    );

  it("Wilderness 18.13: Union units pay three Movement Points to enter forest hexes: two forest hexes with MA 6 (Confederates three, at the chart's 2 MP)", () => {
    const f = game();
    f.state = at(f, 8);
    expect(reach(f, 'union', 'u1')).toBe(2);
    const r = tryOrder(f, 'union', { type: 'move', unit: 'u1', path: ['0202', '0302', '0402'] });
    expect(r.ok ? null : r.refusal.code).toBeDefined();
    f.state = at(f, 8, 'confederate');
    expect(reach(f, 'confederate', 'c1')).toBe(3);
  });

  it('Wilderness 18.21: Confederate units move along trails at the road rate, one MP per forest hex: six hexes; Union units pay the trail rate of 6.24 (2 MP): three', () => {
    const trail = ['0105', '0205', '0305', '0405', '0505', '0605', '0705', '0805', '0905', '1005'];
    const f = setUp(
      forestMap([], [{ type: 'trail', hexes: trail }]),
      testScenario({
        units: [unit('u1', 'union'), unit('c1', 'confederate')],
        placements: [
          { unit: 'u1', hex: '0105' },
          { unit: 'c1', hex: '0110' },
        ],
        specialRules: [CONFEDERATE_TRAILS, UNION_FOREST],
      }),
    );
    f.state = at(f, 1);
    expect(destinations(f, 'union', 'u1')).toContain('0405');
    expect(destinations(f, 'union', 'u1')).not.toContain('0505');
    f.state = {
      ...at(f, 1, 'confederate'),
      units: {
        ...f.state.units,
        c1: { ...f.state.units.c1, hex: '0105' },
        u1: { ...f.state.units.u1, hex: '0110' },
      },
    };
    expect(destinations(f, 'confederate', 'c1')).toContain('0705');
    expect(
      tryOrder(f, 'confederate', { type: 'move', unit: 'c1', path: trail.slice(1, 7) }).ok,
    ).toBe(true);
  });

  it('Wilderness 18.13, 18.21: the declarations are played; a cost override without its side is refused', () => {
    expect(unsupportedReason(UNION_FOREST)).toBeNull();
    expect(unsupportedReason(CONFEDERATE_TRAILS)).toBeNull();
    expect(
      unsupportedReason({ ...UNION_FOREST, params: { terrain: 'forest', entryCost: 3 } }),
    ).toMatch(/attackerHalved|side/);
  });
});

describe('Wilderness 18.11, 18.12, 18.14 Union movement prohibitions (movement-prohibition)', () => {
  const road = ['0101', '0201', '0301', '0401', '0501', '0601'];
  const game = (placements: Array<{ unit: string; hex: string }>, extra: UnitSpec[] = []) =>
    setUp(
      forestMap(['0103', '0203', '0104', '0904', '0905'], [{ type: 'road', hexes: road }]),
      testScenario({
        units: [unit('u1', 'union'), unit('c1', 'confederate'), ...extra],
        placements,
        turns: 16,
        specialRules: [PROHIBITION],
      }),
    );

  it('Wilderness 18.11: on the first day a Union unit may not move into forest off the roads and trails, but may along them', () => {
    const f = game([
      { unit: 'u1', hex: '0103' },
      { unit: 'c1', hex: '1010' },
    ]);
    f.state = at(f, 1);
    const r = tryOrder(f, 'union', { type: 'move', unit: 'u1', path: ['0102'] });
    expect(r.ok ? null : r.refusal).toMatchObject({
      code: 'PROHIBITED_BY_SCENARIO',
      rule: '18.11',
    });
    expect(
      destinations(f, 'union', 'u1').every(
        (h) => f.ctx.map.hex(h).terrain === 'clear' || road.includes(h),
      ),
    ).toBe(true);
    expect(destinations(f, 'union', 'u1')).toContain('0203');
    // on the road from a road hex it goes into the forest hexes the road runs through
    f.state = { ...f.state, units: { ...f.state.units, u1: { ...f.state.units.u1, hex: '0101' } } };
    expect(
      tryOrder(f, 'union', { type: 'move', unit: 'u1', path: ['0201', '0301', '0401'] }).ok,
    ).toBe(true);
  });

  it('Wilderness 18.11: a Union unit may always enter a hex in an Enemy Zone of Control, whatever its terrain', () => {
    const f = game([
      { unit: 'u1', hex: '0904' },
      { unit: 'c1', hex: '0907' },
    ]);
    f.state = at(f, 1);
    expect(destinations(f, 'union', 'u1')).toContain('0906'); // forest, next to c1
    expect(tryOrder(f, 'union', { type: 'move', unit: 'u1', path: ['0905', '0906'] }).ok).toBe(
      true,
    );
  });

  it('Wilderness 18.11 (the literal note): a Union unit that began the game in a forest hex without road or trail moves on the first day only into an Enemy Zone of Control', () => {
    const f = game([
      { unit: 'u1', hex: '0505' },
      { unit: 'c1', hex: '0507' },
    ]);
    f.state = at(f, 1);
    expect(destinations(f, 'union', 'u1')).toEqual(
      ['0506', '0406', '0606'].filter((h) => destinations(f, 'union', 'u1').includes(h)),
    );
    for (const h of destinations(f, 'union', 'u1'))
      expect(f.ctx.map.grid.distance(h, '0507')).toBe(1);
    const r = tryOrder(f, 'union', { type: 'move', unit: 'u1', path: ['0504'] });
    expect(r.ok ? null : r.refusal).toMatchObject({
      code: 'PROHIBITED_BY_SCENARIO',
      rule: '18.11',
    });
  });

  it('Wilderness 18.14 (second): a unit that came into a prohibited hex by combat moves out of it freely; one encircled by prohibited hexes cannot move', () => {
    const f = game([
      { unit: 'u1', hex: '0103' },
      { unit: 'c1', hex: '1010' },
    ]);
    // u1 did not set up here: it retreated into 0204 (not its set-up hex)
    f.state = {
      ...at(f, 1),
      units: { ...f.state.units, u1: { ...f.state.units.u1, hex: '0204' } },
    };
    expect(destinations(f, 'union', 'u1')).toContain('0203'); // clear, adjacent
    f.state = { ...f.state, units: { ...f.state.units, u1: { ...f.state.units.u1, hex: '0707' } } };
    expect(destinations(f, 'union', 'u1')).toEqual([]);
  });

  it('Wilderness 18.12: on the second day (Game-Turns 8-16) a Union unit may enter any hex adjacent to a clear, road or trail hex, and no other', () => {
    const f = game([
      { unit: 'u1', hex: '0103' },
      { unit: 'c1', hex: '1010' },
    ]);
    for (const turn of [8, 16]) {
      f.state = at(f, turn);
      const dest = destinations(f, 'union', 'u1');
      expect(dest).toContain('0102'); // forest next to the road and to clear 0103
      expect(dest).not.toContain('0106'); // forest, nothing open next to it
      const r = tryOrder(f, 'union', { type: 'move', unit: 'u1', path: ['0104', '0105', '0106'] });
      expect(r.ok ? null : r.refusal).toMatchObject({
        code: 'PROHIBITED_BY_SCENARIO',
        rule: '18.12',
      });
    }
  });

  it('Wilderness 18.11, 18.12: Confederate units are not restricted', () => {
    const f = game([
      { unit: 'u1', hex: '1010' },
      { unit: 'c1', hex: '0505' },
    ]);
    f.state = at(f, 1, 'confederate');
    expect(destinations(f, 'confederate', 'c1')).toContain('0504');
  });

  it('Wilderness 18.14 (first): a Union unit retreats into a prohibited hex only if no other retreat is open, and never advances into one', () => {
    const f = game([
      { unit: 'u1', hex: '0104' },
      { unit: 'c1', hex: '0105' },
    ]);
    f.state = at(f, 1);
    const u = f.state.units.u1 as GameState['units'][string] & { hex: string };
    // from 0104 the open retreats are clear 0103 (and 0203, clear); forest hexes are avoided
    const paths = retreatPaths(f.ctx, f.state, u, 1).map((p) => p[0]);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((h) => f.ctx.map.hex(h).terrain === 'clear')).toBe(true);
    // with only forest around, the forest retreat is the sole path and is taken
    const g = game([
      { unit: 'u1', hex: '0707' },
      { unit: 'c1', hex: '0708' },
    ]);
    g.state = at(g, 1);
    const v = g.state.units.u1 as GameState['units'][string] & { hex: string };
    expect(retreatPaths(g.ctx, g.state, v, 1).length).toBeGreaterThan(0);
    const hook = g.ctx.hooks.find((h) => h.hook === 'movement-prohibition')!;
    expect(hook.advanceIntoRefused!(g.ctx, g.state, 'u1', '0708')).toBe(true);
    expect(hook.advanceIntoRefused!(g.ctx, g.state, 'u1', '0103')).toBe(false);
    expect(hook.advanceIntoRefused!(g.ctx, g.state, 'c1', '0708')).toBe(false);
  });
});

describe('Wilderness 19.13 occupation by unit or Zone of Control (objective-control)', () => {
  const CONTROL: RuleHook = {
    hook: 'objective-control',
    case: '19.13',
    params: { hexes: ['0505'], control: 'last-unit-or-zoc', initial: 'confederate' },
  };
  const game = () => {
    const s = testScenario({
      units: [unit('u1', 'union'), unit('c1', 'confederate')],
      placements: [
        { unit: 'u1', hex: '0101' },
        { unit: 'c1', hex: '0909' },
      ],
      specialRules: [CONTROL],
      objectives: ['0505'],
    });
    s.victory.objectives = [
      { hex: '0505', control: 'last-unit-or-zoc', initial: 'confederate', case: '19.13' },
    ];
    return setUp(testMap(), s);
  };

  it('Wilderness 19.13: objectives start Confederate; a Union unit whose Zone of Control reaches the hex takes it without entering', () => {
    const f = game();
    expect(f.state.objectives['0505']).toBe('confederate');
    f.state = at(f, 1);
    const move = moveTo(f, 'union', 'u1', '0405');
    const r = applyOrder(f.ctx, f.state, 'union', move, fixedDice([]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.objectives['0505']).toBe('union');
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'objective-occupied',
        hex: '0505',
        side: 'union',
        by: 'zone-of-control',
        rule: '19.13',
      }),
    );
  });

  it('Wilderness 19.13: with both Zones of Control on the hex, the last to bring one there holds it; leaving does not give it back', () => {
    const f = game();
    f.state = {
      ...at(f, 1, 'confederate'),
      objectives: { '0505': 'union' },
      units: { ...f.state.units, u1: { ...f.state.units.u1, hex: '0405' } },
    };
    const r = applyOrder(
      f.ctx,
      f.state,
      'confederate',
      moveTo(f, 'confederate', 'c1', '0606'),
      fixedDice([]),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.objectives['0505']).toBe('confederate');
  });
});

describe('Wilderness 20.1, 20.2 optional rules as game options, off by default', () => {
  // The Train Defence units' rule (train-unit) is left out: these tests are about the optional rules.
  const ctx = prepareGame(
    { ...wilderness, specialRules: wilderness.specialRules.filter((r) => r.hook !== 'train-unit') },
    wildernessMap,
  );
  const gt9 = (options: Record<string, unknown>, phasing: 'union' | 'confederate'): GameState => ({
    ...newGame(ctx, options, seededDice('w')),
    turn: 9,
    phasing,
    movement: freshMovementPhase(),
  });
  const entering = (s: GameState, side: 'union' | 'confederate') =>
    new Set(
      legalOrders(ctx, s, side)
        .filter((o) => o.type === 'enter')
        .map((o) => (o as { unit: string }).unit),
    );
  const IX = ['us-2-1-ix', 'us-2-2-ix', 'us-1-3-ix', 'us-2-3-ix', 'us-art-ix'];

  it('Wilderness 20.1: Pickett\'s division (Hunton, Corse, Terry) never enters unless the game option "pickett" is chosen; with it, it enters on Game-Turn 9', () => {
    expect(entering(gt9({}, 'confederate'), 'confederate').has('cs-hunton')).toBe(false);
    expect(entering(gt9({}, 'confederate'), 'confederate').has('cs-wright')).toBe(true);
    const off = applyOrder(
      ctx,
      gt9({}, 'confederate'),
      'confederate',
      { type: 'enter', unit: 'cs-hunton', hex: '0118', path: ['0118'] },
      seededDice('w'),
    );
    expect(off.ok ? null : off.refusal).toMatchObject({
      code: 'OPTIONAL_RULE_NOT_CHOSEN',
      rule: '20.1',
    });
    const on = entering(gt9({ pickett: true }, 'confederate'), 'confederate');
    for (const id of ['cs-hunton', 'cs-corse', 'cs-terry'])
      expect([id, on.has(id)]).toEqual([id, true]);
  });

  it('Wilderness 20.2: without the option "burnside" the IX Corps moves with no roll', () => {
    const s = gt9({}, 'union');
    expect(legalOrders(ctx, s, 'union').some((o) => o.type === 'activation-roll')).toBe(false);
    expect(entering(s, 'union').has('us-2-1-ix')).toBe(true);
  });

  it('Wilderness 20.2: with the option, a IX Corps unit may not move or enter before the roll; on a 6 none moves that phase, the Train Defence units move freely', () => {
    let s = gt9({ burnside: true }, 'union');
    expect(entering(s, 'union').has('us-2-1-ix')).toBe(false);
    expect(legalOrders(ctx, s, 'union')).toContainEqual({ type: 'activation-roll', rule: '20.2' });
    const before = applyOrder(
      ctx,
      s,
      'union',
      { type: 'enter', unit: 'us-2-1-ix', hex: '0102', path: ['0102'] },
      fixedDice([]),
    );
    expect(before.ok ? null : before.refusal).toMatchObject({
      code: 'ACTIVATION_ROLL_FIRST',
      rule: '20.2',
    });
    const r = applyOrder(
      ctx,
      s,
      'union',
      { type: 'activation-roll', rule: '20.2' },
      fixedDice([6]),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'activation-rolled', roll: 6, moves: false, rule: '20.2' }),
    );
    s = r.state;
    for (const id of IX) expect([id, entering(s, 'union').has(id)]).toEqual([id, false]);
    expect(entering(s, 'union').has('us-td-6')).toBe(true); // exempt (20.2), due since Game-Turn 7
    expect(legalOrders(ctx, s, 'union').some((o) => o.type === 'activation-roll')).toBe(false);
  });

  it('Wilderness 20.2: on any other roll (here 5) the IX Corps moves normally that phase', () => {
    const r = applyOrder(
      ctx,
      gt9({ burnside: true }, 'union'),
      'union',
      { type: 'activation-roll', rule: '20.2' },
      fixedDice([5]),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'activation-rolled', roll: 5, moves: true }),
    );
    expect(entering(r.state, 'union').has('us-2-1-ix')).toBe(true);
    expect(
      play(
        { ctx, state: r.state },
        'union',
        legalOrders(ctx, r.state, 'union').find(
          (o) => o.type === 'enter' && (o as { unit: string }).unit === 'us-2-1-ix',
        )!,
      ),
    ).toBeDefined();
  });
});

describe('Wilderness 18.31-18.35 Train Defence units (train-unit, several units)', () => {
  const TD = declared('train-unit');
  const ALONE = declared('stacking-override');
  const road = ['0103', '0203', '0303', '0403', '0503', '0603', '0703'];
  const game = (placements: Array<{ unit: string; hex: string }>, roads = road) =>
    setUp(
      testMap({ routes: [{ type: 'road', hexes: roads }] }),
      testScenario({
        units: [
          unit('us-td-6', 'union', 'train', { strength: 6, movement: 6 }),
          unit('us-td-10', 'union', 'train', { strength: 10, movement: 6 }),
          unit('u1', 'union'),
          unit('c1', 'confederate'),
        ],
        placements,
        firstPlayer: 'confederate',
        turns: 16,
        specialRules: [TD, ALONE],
      }),
    );
  const endMovement = (f: Fixture) => {
    const r = applyOrder(f.ctx, f.state, 'union', { type: 'end-phase' }, fixedDice([]));
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    return r;
  };

  it('Wilderness 18.34: a Train Defence unit enters only hexes containing a road or trail (MA 6 along the road)', () => {
    const f = game([
      { unit: 'us-td-6', hex: '0103' },
      { unit: 'us-td-10', hex: '1010' },
      { unit: 'u1', hex: '0910' },
      { unit: 'c1', hex: '0101' },
    ]);
    f.state = at(f, 2);
    const dest = destinations(f, 'union', 'us-td-6');
    expect(dest.length).toBeGreaterThan(0);
    expect(dest.every((h) => road.includes(h))).toBe(true);
    const r = tryOrder(f, 'union', { type: 'move', unit: 'us-td-6', path: ['0104'] });
    expect(r.ok ? null : r.refusal).toMatchObject({ code: 'TRAIN_OFF_ROUTE' });
  });

  it('Wilderness 18.32: a Train Defence unit never enters an Enemy controlled hex, even on the road', () => {
    const f = game([
      { unit: 'us-td-6', hex: '0103' },
      { unit: 'us-td-10', hex: '1010' },
      { unit: 'u1', hex: '0910' },
      { unit: 'c1', hex: '0502' },
    ]);
    f.state = at(f, 2);
    const zoc = f.ctx.map.grid.neighbours('0502');
    const dest = destinations(f, 'union', 'us-td-6');
    expect(dest.some((h) => zoc.includes(h))).toBe(false);
    const into = road.find((h) => zoc.includes(h))!;
    const r = tryOrder(f, 'union', {
      type: 'move',
      unit: 'us-td-6',
      path: road.slice(1, road.indexOf(into) + 1),
    });
    expect(r.ok ? null : r.refusal.code).toMatch(/TRAIN_INTO_ENEMY_ZOC|ENTERS_ENEMY_HEX/);
  });

  it('Wilderness 18.31: a Train Defence unit next to an enemy unit in the Union Combat Phase suffers an automatic Attacker Retreat before any attack, and the Confederate unit may advance into the hex it left', () => {
    const f = game([
      { unit: 'us-td-6', hex: '0303' },
      { unit: 'us-td-10', hex: '1010' },
      { unit: 'u1', hex: '0910' },
      { unit: 'c1', hex: '0304' },
    ]);
    f.state = at(f, 2);
    const r = endMovement(f);
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'automatic-attacker-retreat',
        units: ['us-td-6'],
        adjacentTo: ['c1'],
        rule: '18.31, 18.32, 18.34, 18.35',
      }),
    );
    // the Union chooses among the road hexes out of c1's Zone of Control, or it went automatically
    let state = r.state;
    if (state.pending?.kind === 'retreat') {
      const o = legalOrders(f.ctx, state, 'union').find((x) => x.type === 'retreat')!;
      const a = applyOrder(f.ctx, state, 'union', o, fixedDice([]));
      if (!a.ok) throw new Error(JSON.stringify(a.refusal));
      state = a.state;
    }
    const td = state.units['us-td-6'];
    expect(td.hex).not.toBe('0303');
    expect(road).toContain(td.hex);
    expect(state.pending).toMatchObject({ side: 'confederate', kind: 'advance', hex: '0303' });
    const adv = applyOrder(
      f.ctx,
      state,
      'confederate',
      { type: 'advance', unit: 'c1', to: '0303' },
      fixedDice([]),
    );
    expect(adv.ok).toBe(true);
    if (!adv.ok) return;
    expect(adv.state.units.c1.hex).toBe('0303');
    expect(adv.state.pending).toBeNull();
    expect(adv.state.phase).toBe('combat');
    expect(adv.state.phasing).toBe('union');
  });

  it('Wilderness 18.34: a Train Defence unit forced to retreat with no road or trail hex open is eliminated', () => {
    const f = game(
      [
        { unit: 'us-td-6', hex: '0303' },
        { unit: 'us-td-10', hex: '1010' },
        { unit: 'u1', hex: '0910' },
        { unit: 'c1', hex: '0304' },
      ],
      ['0303'],
    );
    f.state = at(f, 2);
    const r = endMovement(f);
    expect(r.state.units['us-td-6'].status).toBe('eliminated');
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'no-retreat', unit: 'us-td-6', rule: '8.72' }),
    );
  });

  it('Wilderness 18.31: Train Defence units never attack', () => {
    const f = game([
      { unit: 'us-td-6', hex: '0303' },
      { unit: 'us-td-10', hex: '1010' },
      { unit: 'u1', hex: '0910' },
      { unit: 'c1', hex: '0304' },
    ]);
    f.state = at(f, 2);
    const r = endMovement(f);
    let state = r.state;
    while (state.pending) {
      const side = state.pending.side;
      const o = legalOrders(f.ctx, state, side).find((x) => x.type !== 'resign')!;
      const a = applyOrder(f.ctx, state, side, o, fixedDice([]));
      if (!a.ok) throw new Error(JSON.stringify(a.refusal));
      state = a.state;
    }
    const attacks = legalOrders(f.ctx, state, 'union').filter((o) => o.type === 'attack');
    expect(
      attacks.some((o) =>
        (o as unknown as { attackers: string[] }).attackers.some((id) => id.startsWith('us-td')),
      ),
    ).toBe(false);
    const refused = applyOrder(
      f.ctx,
      { ...state, units: { ...state.units, c1: { ...state.units.c1, hex: '0304' } } },
      'union',
      { type: 'attack', attackers: ['us-td-6'], defenders: ['0304'] },
      fixedDice([6]),
    );
    expect(refused.ok).toBe(false);
  });

  it("Wilderness 18.31-18.35: the Wilderness form of train-unit is played; Chickamauga's form still goes to its own hook", () => {
    expect(unsupportedReason(TD)).toBeNull();
    expect(
      unsupportedReason({ ...TD, params: { ...TD.params, displacement: 'eliminated' } }),
    ).toMatch(/displacement/);
  });
});
