/**
 * Road to Richmond's exclusive rules as hooks, on small test maps with the
 * shipped scenario's declarations: 17.1, 17.2, 17.32, 17.4/17.5 (and 22.14),
 * 17.61 (refused), 18.2/20.1-20.3, 18.51, 18.52, 18.6, 21.11-21.16, 21.21-21.24,
 * 22.13, 22.21.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { legalOrders, notYetSupported, view } from '../../../../src/engine/game';
import { hiddenFrom, orderForReader, stateForReader } from '../../../../src/engine/secrecy';
import type { GameState } from '../../../../src/engine/state';
import type {
  HexsideSpec,
  RouteSpec,
  RuleHook,
  ScenarioDocument,
} from '../../../../src/engine/types';
import { freshMovementPhase } from '../../../../src/engine/rules/blue-grey/sequence-of-play';
import { terrainBenefits } from '../../../../src/engine/rules/blue-grey/terrain-combat';
import { combatStrengths, terrainOptions } from '../../../../src/engine/rules/blue-grey/combat';
import { victoryInputs } from '../../../../src/engine/rules/blue-grey/victory';
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

const dir = join(__dirname, '../../../../scenarios/road-to-richmond');
const richmond = JSON.parse(readFileSync(join(dir, 'scenario.json'), 'utf8')) as ScenarioDocument;
const declared = (c: string): RuleHook => richmond.specialRules.find((r) => r.case === c)!;
const withParams = (c: string, params: Record<string, unknown>): RuleHook => ({
  ...declared(c),
  params: { ...declared(c).params, ...params },
});

const at = (f: Fixture, turn: number, phasing: 'union' | 'confederate'): GameState => ({
  ...f.state,
  turn,
  phase: 'movement',
  phasing,
  movement: freshMovementPhase(),
});
/** Hexes where a pending unit may come on now (listed `enter {unit, hex, path}` orders). */
const entries = (f: Fixture, side: 'union' | 'confederate', id: string) =>
  [
    ...new Set(
      legalOrders(f.ctx, f.state, side)
        .filter((o) => o.type === 'enter' && (o as { unit?: string }).unit === id)
        .map((o) => (o as unknown as { hex: string }).hex),
    ),
  ].sort();

describe('Road to Richmond: which declarations the engine plays', () => {
  it('Road to Richmond: every exclusive rule it declares is implemented (the game is no longer refused)', () => {
    expect(notYetSupported(richmond)).toEqual([]);
    expect(unsupportedReason(withParams('17.61, 17.62, 17.63, 17.64', { hidden: false }))).toMatch(
      /hidden/,
    );
  });

  it('Road to Richmond 17.32, 22.21: a declaration with a parameter the hook does not know is still refused', () => {
    expect(unsupportedReason(withParams('17.32', { delayTurns: 1 }))).toMatch(/delayTurns/);
    expect(unsupportedReason(withParams('22.21', { toEdge: 'east' }))).toMatch(/toEdge/);
    expect(unsupportedReason(withParams('18.51', { attackerHalved: true }))).toMatch(
      /attackerHalved/,
    );
  });
});

describe('Road to Richmond 17.2 double movement on Game-Turn One (named-unit-ability)', () => {
  const game = (union: string) =>
    setUp(
      testMap({ columns: 20, rows: 10 }),
      testScenario({
        units: [unit('c1', 'confederate'), unit('u1', 'union')],
        placements: [
          { unit: 'c1', hex: '0105' },
          { unit: 'u1', hex: union },
        ],
        firstPlayer: 'confederate',
        turns: 3,
        specialRules: [withParams('17.2', { units: ['c1'] })],
      }),
    );

  it('Road to Richmond 17.2: twice the Movement Allowance on Game-Turn One (12 clear hexes), the normal one (6) on Game-Turn Two', () => {
    const f = game('2001');
    f.state = at(f, 1, 'confederate');
    expect(destinations(f, 'confederate', 'c1')).toContain('1305');
    expect(destinations(f, 'confederate', 'c1')).not.toContain('1405');
    f.state = at(f, 2, 'confederate');
    expect(destinations(f, 'confederate', 'c1')).toContain('0705');
    expect(destinations(f, 'confederate', 'c1')).not.toContain('0805');
  });

  it('Road to Richmond 17.2: "as long as they do not enter Union Zones of Control": a move ending in one costs no more than the normal 6 MP', () => {
    const f = game('1005');
    f.state = at(f, 1, 'confederate');
    // 0905, in u1's Zone of Control, is 8 MP away: within twice the allowance, not within the normal one.
    expect(destinations(f, 'confederate', 'c1')).not.toContain('0905');
    const r = tryOrder(f, 'confederate', {
      type: 'move',
      unit: 'c1',
      path: ['0205', '0305', '0405', '0505', '0605', '0705', '0805', '0905'],
    });
    expect(r.ok ? null : r.refusal.code).toBe('EXCEEDS_ALLOWANCE');
    // 0605, in the Zone of Control of a unit at 0705, costs 4 + 2 MP (7.2): within the normal allowance, it may be entered.
    const g = game('0705');
    g.state = at(g, 1, 'confederate');
    expect(destinations(g, 'confederate', 'c1')).toContain('0605');
  });
});

describe('Road to Richmond 17.2 worked example: the reinforcement column against the doubled allowance', () => {
  it('Road to Richmond 17.2, 5.0: "first two units to arrive: 12 Movement Points; second two units to arrive: 11"', () => {
    const ids = ['c1', 'c2', 'c3'];
    const f = setUp(
      testMap({ columns: 20, rows: 10 }),
      testScenario({
        units: [...ids.map((id) => unit(id, 'confederate')), unit('u1', 'union')],
        placements: [{ unit: 'u1', hex: '2010' }],
        reinforcements: [
          { side: 'confederate', turn: 1, entry: ['0105'], units: ids, case: '17.32' },
        ],
        firstPlayer: 'confederate',
        turns: 3,
        specialRules: [withParams('17.2', { units: ids })],
      }),
    );
    const farthest = (id: string) =>
      Math.max(
        ...legalOrders(f.ctx, f.state, 'confederate')
          .filter((o) => o.type === 'enter' && (o as { unit?: string }).unit === id)
          .map((o) => (o as unknown as { path: string[] }).path.length),
      );
    // A path of 12 clear hexes (the entry hex included) costs 12 MP.
    expect(farthest('c1')).toBe(12);
    f.state = play(f, 'confederate', {
      type: 'enter',
      unit: 'c1',
      hex: '0105',
      path: ['0105', '0205'],
    });
    expect(farthest('c2')).toBe(12);
    f.state = play(f, 'confederate', {
      type: 'enter',
      unit: 'c2',
      hex: '0105',
      path: ['0105', '0104'],
    });
    expect(farthest('c3')).toBe(11);
  });
});

describe('Road to Richmond 17.32 Jackson at 1301 or 1901 (conditional-reinforcements, blocked-entry)', () => {
  const game = (union: string) =>
    setUp(
      testMap({ columns: 20, rows: 10 }),
      testScenario({
        units: [unit('cj', 'confederate'), unit('u1', 'union')],
        placements: [{ unit: 'u1', hex: union }],
        reinforcements: [
          {
            side: 'confederate',
            turn: 2,
            entry: ['1301', '1901'],
            units: ['cj'],
            case: '17.32',
            condition: { hook: 'conditional-reinforcements', params: { mode: 'blocked-entry' } },
          },
        ],
        firstPlayer: 'confederate',
        turns: 3,
        specialRules: [declared('17.32')],
      }),
    );

  it('Road to Richmond 17.32: Jackson enters at 1301 while no Union unit occupies or controls it', () => {
    const f = game('1008');
    f.state = at(f, 2, 'confederate');
    expect(entries(f, 'confederate', 'cj')).toEqual(['1301']);
  });

  it('Road to Richmond 17.32: with 1301 in a Union Zone of Control, Jackson enters at 1901 instead, on the same Game-Turn', () => {
    const f = game('1302');
    f.state = at(f, 2, 'confederate');
    expect(entries(f, 'confederate', 'cj')).toEqual(['1901']);
    const r = tryOrder(f, 'confederate', {
      type: 'enter',
      unit: 'cj',
      hex: '1301',
      path: ['1301'],
    });
    expect(r.ok).toBe(false);
  });
});

describe('Road to Richmond 17.4, 17.5, 22.14 early arrival (conditional-reinforcements)', () => {
  const early = withParams('17.4, 17.5', {
    triggers: [
      { when: 'unit-in-hexes', case: '17.4 i', triggerHexes: ['0505'] },
      { when: 'unit-within-range', case: '17.4 ii', ofHexes: ['2010'], range: 6, inclusive: true },
    ],
  });
  const cond = (k: number) => ({
    hook: 'conditional-reinforcements',
    params: { mode: 'early-arrival', turnsAfterActivation: k },
  });
  const game = () =>
    setUp(
      testMap({ columns: 20, rows: 10 }),
      testScenario({
        units: [
          unit('c1', 'confederate'),
          unit('u13', 'union'),
          unit('u14', 'union'),
          unit('c18', 'confederate'),
        ],
        placements: [{ unit: 'c1', hex: '0105' }],
        reinforcements: [
          {
            side: 'union',
            turn: 13,
            entry: ['2005'],
            units: ['u13'],
            case: '17.31',
            condition: cond(1),
          },
          {
            side: 'union',
            turn: 14,
            entry: ['2006'],
            units: ['u14'],
            case: '17.31',
            condition: cond(2),
          },
          {
            side: 'confederate',
            turn: 18,
            entry: ['0101'],
            units: ['c18'],
            case: '17.32',
            condition: cond(6),
          },
        ],
        firstPlayer: 'confederate',
        turns: 20,
        specialRules: [early],
      }),
    );

  it('Road to Richmond 17.4 i, 17.5: a Confederate unit on a trigger hex in its Movement Phase activates; the Game-Turn 13 group may come on the next Game-Turn, 14 two after, 18 six after', () => {
    const f = game();
    f.state = at(f, 3, 'confederate');
    expect(victoryInputs(f.ctx, f.state).events).toEqual([]);
    const r = tryOrder(f, 'confederate', {
      type: 'move',
      unit: 'c1',
      path: ['0205', '0305', '0405', '0505'],
    });
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    expect(r.events.map((e) => e.type)).toContain('early-reinforcements-activated');
    expect(victoryInputs(f.ctx, r.state).events).toEqual(['early-reinforcements-activated']);
    f.state = {
      ...r.state,
      turn: 3,
      phase: 'movement',
      phasing: 'union',
      movement: freshMovementPhase(),
    };
    expect(entries(f, 'union', 'u13')).toEqual([]);
    f.state = { ...f.state, turn: 4 };
    expect(entries(f, 'union', 'u13')).toEqual(['2005']);
    expect(entries(f, 'union', 'u14')).toEqual([]);
    f.state = { ...f.state, turn: 5 };
    expect(entries(f, 'union', 'u14')).toEqual(['2006']);
    f.state = { ...f.state, turn: 8, phasing: 'confederate' };
    expect(entries(f, 'confederate', 'c18')).toEqual([]);
    f.state = { ...f.state, turn: 9 };
    expect(entries(f, 'confederate', 'c18')).toEqual(['0101']);
  });

  it('Road to Richmond 17.4 ii: coming within six hexes (inclusive) of the named hex activates; seven hexes does not; without Activation nothing comes early', () => {
    const f = game();
    f.state = at(f, 3, 'confederate');
    f.state = { ...f.state, units: { ...f.state.units, c1: { ...f.state.units.c1, hex: '1205' } } };
    const far = tryOrder(f, 'confederate', { type: 'move', unit: 'c1', path: ['1305'] });
    if (!far.ok) throw new Error(JSON.stringify(far.refusal));
    expect(f.ctx.map.grid.distance('1305', '2010')).toBeGreaterThan(6);
    expect(far.events.map((e) => e.type)).not.toContain('early-reinforcements-activated');
    f.state = { ...far.state, turn: 12, phasing: 'union', movement: freshMovementPhase() };
    expect(entries(f, 'union', 'u13')).toEqual([]);
    f.state = at(f, 3, 'confederate');
    f.state = { ...f.state, units: { ...f.state.units, c1: { ...f.state.units.c1, hex: '1309' } } };
    const near = tryOrder(f, 'confederate', { type: 'move', unit: 'c1', path: ['1410'] });
    if (!near.ok) throw new Error(JSON.stringify(near.refusal));
    expect(f.ctx.map.grid.distance('1410', '2010')).toBe(6);
    expect(near.events.map((e) => e.type)).toContain('early-reinforcements-activated');
  });

  it('Road to Richmond 17.4: a Union unit on a trigger hex activates nothing (the Confederate triggers it)', () => {
    const f = game();
    f.state = at(f, 13, 'union');
    const r = tryOrder(f, 'union', {
      type: 'enter',
      unit: 'u13',
      hex: '2005',
      path: ['2005', '1905'],
    });
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    expect(r.events.map((e) => e.type)).not.toContain('early-reinforcements-activated');
  });
});

describe('Road to Richmond 18.2, 20.1-20.3 the Command Control Zone (movement-prohibition)', () => {
  const zone = withParams('18.2, 20.1, 20.2, 20.3', {
    zoneHexes: ['0505', '0506'],
    liftedWhen: [
      { event: 'unit-exited', unit: 'us-train', exitHex: '1528', afterTurns: 3 },
      { event: 'reinforcements-entered', side: 'union', scheduledTurn: 14, afterTurns: 3 },
    ],
  });
  const game = () =>
    setUp(
      testMap(),
      testScenario({
        units: [unit('u1', 'union'), unit('u14', 'union'), unit('c1', 'confederate')],
        placements: [
          { unit: 'u1', hex: '0305' },
          { unit: 'c1', hex: '0905' },
        ],
        reinforcements: [
          { side: 'union', turn: 14, entry: ['0101'], units: ['u14'], case: '17.31' },
        ],
        firstPlayer: 'confederate',
        turns: 20,
        specialRules: [zone],
      }),
    );

  it('Road to Richmond 20.1: Union units may not enter the zone; Confederate units may', () => {
    const f = game();
    f.state = at(f, 2, 'union');
    expect(destinations(f, 'union', 'u1')).not.toContain('0505');
    expect(destinations(f, 'union', 'u1')).toContain('0405');
    const r = tryOrder(f, 'union', { type: 'move', unit: 'u1', path: ['0405', '0505'] });
    expect(r.ok ? null : r.refusal.code).toBe('PROHIBITED_BY_SCENARIO');
    f.state = at(f, 2, 'confederate');
    expect(destinations(f, 'confederate', 'c1')).toContain('0506');
  });

  it('Road to Richmond 20.1: three Game-Turns after the Game-Turn 14 reinforcements are on, the zone opens (not two)', () => {
    const f = game();
    f.state = at(f, 14, 'union');
    f.state = play(f, 'union', { type: 'enter', unit: 'u14', hex: '0101', path: ['0101'] });
    f.state = { ...f.state, turn: 16, movement: freshMovementPhase() };
    expect(destinations(f, 'union', 'u1')).not.toContain('0505');
    f.state = { ...f.state, turn: 17 };
    expect(destinations(f, 'union', 'u1')).toContain('0505');
  });
});

describe('Road to Richmond 18.51, 18.52, 18.6 streams and swamps (terrain-override)', () => {
  const stream: HexsideSpec[] = [
    { between: ['0404', '0405'], features: [{ type: 'stream' }] },
    { between: ['0504', '0505'], features: [{ type: 'stream' }, { type: 'bridge' }] },
  ];
  const game = () =>
    setUp(
      testMap({ hexsides: stream, hexes: { '0606': { terrain: 'swamp' } } }),
      testScenario({
        units: [
          unit('u1', 'union'),
          unit('u2', 'union'),
          unit('c1', 'confederate'),
          unit('c2', 'confederate'),
          unit('c3', 'confederate'),
        ],
        placements: [
          { unit: 'u1', hex: '0405' },
          { unit: 'u2', hex: '0505' },
          { unit: 'c1', hex: '0404' },
          { unit: 'c2', hex: '0504' },
          { unit: 'c3', hex: '0605' },
        ],
        specialRules: [declared('18.51'), declared('18.52'), declared('18.6')],
      }),
    );

  it('Road to Richmond 18.51: attackers across a stream, bridged or not, are not halved (the chart halves them without the rule)', () => {
    const f = game();
    const c = {
      attackers: ['c1'],
      bombard: [],
      defenders: ['u1'],
      defenderHexes: ['0405'],
    } as never;
    expect(terrainOptions(f.ctx, f.state, c).every((o) => Object.keys(o.halved).length === 0)).toBe(
      true,
    );
    const b = {
      attackers: ['c2'],
      bombard: [],
      defenders: ['u2'],
      defenderHexes: ['0505'],
    } as never;
    expect(terrainOptions(f.ctx, f.state, b).every((o) => Object.keys(o.halved).length === 0)).toBe(
      true,
    );
    // The standard chart (no waiver) halves the same attacker.
    const plain = terrainBenefits({
      map: f.ctx.map,
      attackers: [
        { id: 'c1', hex: '0404', artillery: false, adjacent: true, through: { '0405': ['0404'] } },
      ],
      defenderHexes: ['0405'],
      fieldworks: [],
      trenchEffect: 'halve',
    });
    expect(plain.options.some((o) => o.halved.c1)).toBe(true);
  });

  it('Road to Richmond 18.52, 18.6: no advance across a stream hexside without a bridge, nor into swamp; across a bridge it may', () => {
    const f = game();
    const refuses = (id: string, hex: string) =>
      f.ctx.hooks.some((h) => h.advanceIntoRefused?.(f.ctx, f.state, id, hex));
    expect(refuses('c1', '0405')).toBe(true);
    expect(refuses('c2', '0505')).toBe(false);
    expect(refuses('c3', '0606')).toBe(true);
    expect(refuses('c3', '0705')).toBe(false);
  });
});

describe('Road to Richmond 21.1, 21.2 the Train and the Siege Train (train-unit, special-artillery)', () => {
  const road: RouteSpec[] = [{ type: 'road', hexes: ['0305', '0405', '0505', '0605'] }];
  const creek: HexsideSpec[] = [{ between: ['0505', '0605'], features: [{ type: 'creek' }] }];
  const game = (confederate: string, siege = '0405') =>
    setUp(
      testMap({ routes: road, hexsides: creek }),
      testScenario({
        units: [
          unit('us-train', 'union', 'train', { strength: 1, movement: 6 }),
          unit('us-siege-train', 'union', 'artillery', { strength: 8 }),
          unit('c1', 'confederate'),
        ],
        placements: [
          { unit: 'us-train', hex: '0505' },
          { unit: 'us-siege-train', hex: siege },
          { unit: 'c1', hex: confederate },
        ],
        specialRules: [
          declared('21.11, 21.12, 21.15, 21.16, 21.17'),
          declared('21.21, 21.22, 21.23, 21.24'),
        ],
      }),
    );

  it('Road to Richmond 21.11: a Confederate unit across a creek hexside without bridge or ford does not make the Train retreat; one across a plain hexside does', () => {
    const f = game('0605');
    f.state = at(f, 1, 'union');
    expect(legalOrders(f.ctx, f.state, 'union').some((o) => o.type === 'train-retreat')).toBe(
      false,
    );
    const g = game('0506', '0305');
    g.state = at(g, 1, 'union');
    expect(legalOrders(g.ctx, g.state, 'union').filter((o) => o.type === 'train-retreat')).toEqual([
      { type: 'train-retreat', unit: 'us-train', to: '0405' },
    ]);
  });

  it('Road to Richmond 21.15, 21.23: the Train and the Siege Train may not retreat into a hex without road or trail; 21.16 the Train may be displaced', () => {
    const f = game('0902');
    const refused = (id: string, to: string) =>
      f.ctx.hooks
        .map((h) =>
          h.retreatStepRefused?.(f.ctx, f.state, f.state.units[id], f.state.units[id].hex!, to),
        )
        .find((x) => x);
    expect(refused('us-train', '0506')).toMatch(/21\.1/);
    expect(refused('us-train', '0605')).toBeUndefined();
    expect(refused('us-siege-train', '0404')).toMatch(/21\.2/);
    expect(refused('us-siege-train', '0305')).toBeUndefined();
    expect(f.ctx.hooks.some((h) => h.noDisplacement?.(f.ctx, 'us-train'))).toBe(false);
  });

  it('Road to Richmond 21.23: the Siege Train moves only along roads and trails, and defends with 1 CSP, never raised for adjacent attackers (9.53)', () => {
    const f = game('0902');
    f.state = at(f, 1, 'union');
    const to = destinations(f, 'union', 'us-siege-train');
    expect(to).toContain('0305');
    expect(to.every((h) => f.ctx.map.routesIn(h).includes('road'))).toBe(true);
    expect(tryOrder(f, 'union', { type: 'move', unit: 'us-siege-train', path: ['0404'] }).ok).toBe(
      false,
    );
    const c = {
      attackers: ['c1'],
      bombard: [],
      defenders: ['us-siege-train'],
      defenderHexes: ['0405'],
    } as never;
    const s = combatStrengths(
      f.ctx,
      { ...f.state, units: { ...f.state.units, c1: { ...f.state.units.c1, hex: '0404' } } },
      c,
      {
        option: 'other',
        halved: {},
        left: { shift: 0, source: null },
        right: { shift: 0, source: null },
      } as never,
    );
    expect(s.perDefender['us-siege-train']).toBe(1);
  });
});

describe('Road to Richmond 22.13 and 22.21 (objective-control tallies, line-of-communication)', () => {
  const tally = withParams('22.13', { hexes: ['0505', '0606'] });
  const line = withParams('22.21', { fromHexes: ['0101'], toHexes: ['0105'] });
  const game = () =>
    setUp(
      testMap({ routes: [{ type: 'road', hexes: ['0101', '0102', '0103', '0104', '0105'] }] }),
      testScenario({
        units: [unit('u1', 'union'), unit('c1', 'confederate')],
        placements: [
          { unit: 'u1', hex: '0505' },
          { unit: 'c1', hex: '0903' },
        ],
        firstPlayer: 'confederate',
        turns: 20,
        specialRules: [tally, line],
      }),
    );

  it('Road to Richmond 22.13: at the end of each Game-Turn from Game-Turn 9, who physically occupies each hex is tallied (not before, not after the first Player-Turn)', () => {
    const f = game();
    f.state = at(f, 8, 'union');
    f.state = play(f, 'union', { type: 'end-phase' });
    f.state = play(f, 'union', { type: 'end-phase' });
    expect(victoryInputs(f.ctx, f.state).occupationTallies).toEqual([]);
    f.state = at(f, 9, 'confederate');
    f.state = play(f, 'confederate', { type: 'end-phase' });
    f.state = play(f, 'confederate', { type: 'end-phase' });
    expect(victoryInputs(f.ctx, f.state).occupationTallies).toEqual([]);
    f.state = play(f, 'union', { type: 'end-phase' });
    f.state = play(f, 'union', { type: 'end-phase' });
    expect(victoryInputs(f.ctx, f.state).occupationTallies).toEqual([
      { turn: 9, occupied: { '0505': 'union', '0606': null } },
    ]);
  });

  it("Road to Richmond 22.21: each side's Line of Communication along the road, blocked only by an enemy unit on it", () => {
    const f = game();
    expect(victoryInputs(f.ctx, f.state).exitLineOfCommunication).toEqual({
      union: true,
      confederate: true,
    });
    const s = { ...f.state, units: { ...f.state.units, c1: { ...f.state.units.c1, hex: '0103' } } };
    expect(victoryInputs(f.ctx, s).exitLineOfCommunication).toEqual({
      union: false,
      confederate: true,
    });
  });
});

describe('Road to Richmond 17.61-17.64 the secret reallocation (conditional-reinforcements)', () => {
  const realloc = withParams('17.61, 17.62, 17.63, 17.64', {
    fromHexes: ['0101'],
    units: ['c1', 'c2'],
    toGroups: [
      { turn: 15, entryHexes: ['0105'] },
      { turn: 18, entryHexes: ['0110'] },
    ],
  });
  const early = withParams('17.4, 17.5', {
    triggers: [{ when: 'unit-in-hexes', triggerHexes: ['0909'] }],
  });
  const game = (rules: RuleHook[] = [realloc]) =>
    setUp(
      testMap(),
      testScenario({
        units: [
          unit('c1', 'confederate'),
          unit('c2', 'confederate'),
          unit('c3', 'confederate'),
          unit('u1', 'union'),
        ],
        placements: [{ unit: 'u1', hex: '1005' }],
        reinforcements: [
          { side: 'confederate', turn: 1, entry: ['0101'], units: ['c1', 'c2'], case: '17.32' },
        ],
        firstPlayer: 'confederate',
        turns: 20,
        specialRules: rules,
      }),
    );
  const written = (state: GameState) =>
    state.hookState['conditional-reinforcements:17.61, 17.62, 17.63, 17.64'];

  it('Road to Richmond 17.61, 17.62: before any unit moves on Game-Turn One the Confederate lists units for the Game-Turn 15 or 18 groups; the list is kept out of view() and its event names no unit', () => {
    const f = game();
    const listed = legalOrders(f.ctx, f.state, 'confederate').filter(
      (o) => o.type === 'reallocate-reinforcement',
    );
    expect(listed).toHaveLength(4);
    const r = tryOrder(f, 'confederate', {
      type: 'reallocate-reinforcement',
      unit: 'c1',
      toTurn: 15,
    });
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    expect(r.events).toEqual([
      { type: 'reallocation-written', side: 'confederate', rule: '17.61, 17.62, 17.63, 17.64' },
    ]);
    expect(JSON.stringify(view(f.ctx, r.state))).not.toContain('reallocat');
    f.state = r.state;
    // c1 no longer enters at 0101 on Game-Turn One; c2 (not listed) does, or may be held back (5.0).
    expect(entries(f, 'confederate', 'c1')).toEqual([]);
    expect(
      tryOrder(f, 'confederate', { type: 'enter', unit: 'c1', hex: '0101', path: ['0101'] }).ok,
    ).toBe(false);
    expect(entries(f, 'confederate', 'c2')).toEqual(['0101']);
    expect(
      tryOrder(f, 'confederate', { type: 'reallocate-reinforcement', unit: 'c1', toTurn: 18 }).ok,
    ).toBe(false);
    expect(
      tryOrder(f, 'confederate', { type: 'reallocate-reinforcement', unit: 'c3', toTurn: 18 }).ok,
    ).toBe(false);
    expect(
      tryOrder(f, 'confederate', { type: 'reallocate-reinforcement', unit: 'c2', toTurn: 16 }).ok,
    ).toBe(false);
    expect(written(f.state)).toEqual({ written: { c1: 15 }, closed: false });
  });

  it('Road to Richmond 17.62 "secretly writes down": the orders and the written list are sealed from the Union and spectators until the game is over (secrecy.ts)', () => {
    const f = game();
    const order = { type: 'reallocate-reinforcement', unit: 'c1', toTurn: 15 };
    const r = tryOrder(f, 'confederate', order);
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    const sealed = { type: 'sealed', side: 'confederate', rule: '17.61, 17.62, 17.63, 17.64' };
    expect(orderForReader(f.ctx, order, 'union', false)).toEqual(sealed);
    expect(orderForReader(f.ctx, order, null, false)).toEqual(sealed);
    expect(orderForReader(f.ctx, order, 'confederate', false)).toEqual(order);
    expect(orderForReader(f.ctx, order, 'union', true)).toEqual(order);
    // Other orders are never sealed.
    const entry = { type: 'enter', unit: 'c2', hex: '0101', path: ['0101'] };
    expect(orderForReader(f.ctx, entry, 'union', false)).toEqual(entry);

    expect(hiddenFrom(f.ctx, r.state, 'union')).toBe(true);
    expect(hiddenFrom(f.ctx, r.state, 'confederate')).toBe(false);
    expect(JSON.stringify(stateForReader(f.ctx, r.state, 'union'))).not.toContain('c1":15');
    expect(written(stateForReader(f.ctx, r.state, 'union'))).toBeUndefined();
    expect(written(stateForReader(f.ctx, r.state, null))).toBeUndefined();
    expect(stateForReader(f.ctx, r.state, 'confederate')).toBe(r.state);
    // The log keeps it whole: the state itself is untouched, and once the game is over all is shown.
    expect(written(r.state)).toEqual({ written: { c1: 15 }, closed: false });
    const over: GameState = {
      ...r.state,
      phase: 'finished',
      result: { winner: null, level: 'draw', reason: 'test' },
    };
    expect(hiddenFrom(f.ctx, over, 'union')).toBe(false);
    expect(stateForReader(f.ctx, over, 'union')).toBe(over);
  });

  it('Road to Richmond 17.62: the list is closed by the first other order (here an entry): nothing more may be listed', () => {
    const f = game();
    f.state = play(f, 'confederate', { type: 'enter', unit: 'c2', hex: '0101', path: ['0101'] });
    expect(
      legalOrders(f.ctx, f.state, 'confederate').some((o) => o.type === 'reallocate-reinforcement'),
    ).toBe(false);
    const r = tryOrder(f, 'confederate', {
      type: 'reallocate-reinforcement',
      unit: 'c1',
      toTurn: 15,
    });
    expect(r.ok ? null : r.refusal.code).toBe('NOT_ELIGIBLE');
  });

  it("Road to Richmond 17.63, 17.64: a listed unit enters at its group's hexes from the group's Game-Turn, or from Activation + 3 / + 6 under 17.5", () => {
    const f = game([realloc, early]);
    f.state = play(f, 'confederate', { type: 'reallocate-reinforcement', unit: 'c1', toTurn: 15 });
    f.state = play(f, 'confederate', { type: 'reallocate-reinforcement', unit: 'c2', toTurn: 18 });
    f.state = at(f, 14, 'confederate');
    expect(entries(f, 'confederate', 'c1')).toEqual([]);
    f.state = at(f, 15, 'confederate');
    expect(entries(f, 'confederate', 'c1')).toEqual(['0105']);
    expect(entries(f, 'confederate', 'c2')).toEqual([]);
    f.state = at(f, 18, 'confederate');
    expect(entries(f, 'confederate', 'c2')).toEqual(['0110']);
    // Activation on Game-Turn 4: the Game-Turn 15 group from 7, the 18 group from 10.
    const activated = {
      ...f.state.hookState,
      'conditional-reinforcements:17.4, 17.5': { activatedOnTurn: 4 },
    };
    f.state = { ...at(f, 6, 'confederate'), hookState: activated };
    expect(entries(f, 'confederate', 'c1')).toEqual([]);
    f.state = { ...at(f, 7, 'confederate'), hookState: activated };
    expect(entries(f, 'confederate', 'c1')).toEqual(['0105']);
    expect(entries(f, 'confederate', 'c2')).toEqual([]);
    f.state = { ...at(f, 10, 'confederate'), hookState: activated };
    expect(entries(f, 'confederate', 'c2')).toEqual(['0110']);
  });
});
