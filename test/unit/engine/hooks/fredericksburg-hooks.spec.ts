/**
 * Fredericksburg's exclusive rules as hooks: fog-turns (18.2), the
 * movement-quota occupation lift (19.0), immobile-until releases (19.11-19.13),
 * automatic-victory (20.0), alternative-counters (17.2), map-exit (21.33), on
 * the small test map and on the shipped scenarios.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyOrder,
  legalOrders,
  newGame,
  notYetSupported,
  prepareGame,
} from '../../../../src/engine/game';
import { fixedDice, seededDice } from '../../../../src/engine/dice';
import type { GameState, Order } from '../../../../src/engine/state';
import type { MapDocument, RuleHook, ScenarioDocument } from '../../../../src/engine/types';
import { freshMovementPhase } from '../../../../src/engine/rules/blue-grey/sequence-of-play';
import { combatGame } from '../../../../src/engine/rules/blue-grey/combat.fixtures';
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

const load = (id: string) => {
  const dir = join(__dirname, '../../../../scenarios', id);
  const scenario = JSON.parse(readFileSync(join(dir, 'scenario.json'), 'utf8')) as ScenarioDocument;
  const map = JSON.parse(readFileSync(join(dir, scenario.map), 'utf8')) as MapDocument;
  return { scenario, map };
};
const fredericksburg = load('fredericksburg');
const rule = (s: ScenarioDocument, hook: string) => s.specialRules.find((r) => r.hook === hook)!;

const FOG = rule(fredericksburg.scenario, 'fog-turns');

const movementAt = (
  f: Fixture,
  turn: number,
  phasing: 'union' | 'confederate' = 'union',
): GameState => ({
  ...f.state,
  turn,
  phase: 'movement',
  phasing,
  movement: freshMovementPhase(),
});

describe('Fredericksburg 18.2 fog (fog-turns)', () => {
  const fogGame = () =>
    setUp(
      testMap({
        routes: [
          {
            type: 'road',
            hexes: ['0105', '0205', '0305', '0405', '0505', '0605', '0705', '0805', '0905'],
          },
        ],
      }),
      testScenario({
        units: [unit('u1', 'union'), unit('cav', 'union', 'cavalry'), unit('c1', 'confederate')],
        placements: [
          { unit: 'u1', hex: '0105' },
          { unit: 'cav', hex: '0101' },
          { unit: 'c1', hex: '1010' },
        ],
        turns: 8,
        specialRules: [FOG],
      }),
    );
  const furthest = (f: Fixture, id: string, type = 'move') =>
    Math.max(
      ...destinations(f, 'union', id, type).map((h) =>
        f.ctx.map.grid.distance(f.state.units[id].hex!, h),
      ),
    );

  it('Fredericksburg 18.2: on Game-Turns One and Seven every Movement Allowance is halved (infantry 3 MP, cavalry 4 MP in clear terrain); on other Game-Turns it is whole', () => {
    const f = fogGame();
    for (const [turn, inf, cav] of [
      [1, 3, 4],
      [7, 3, 4],
      [2, 6, 8],
    ] as const) {
      f.state = movementAt(f, turn);
      expect([turn, furthest(f, 'u1'), furthest(f, 'cav')]).toEqual([turn, inf, cav]);
    }
  });

  it('Fredericksburg 18.2: the Strategic Movement bonus is halved with the allowance: infantry on a road goes (6 + 2) / 2 = 4 hexes in fog, 8 otherwise', () => {
    const f = fogGame();
    f.state = movementAt(f, 1);
    expect(furthest(f, 'u1', 'strategic-move')).toBe(4);
    f.state = movementAt(f, 2);
    expect(furthest(f, 'u1', 'strategic-move')).toBe(8);
  });

  it('Fredericksburg 18.2: a path longer than the halved allowance is refused on a fog turn and accepted on the next', () => {
    const f = fogGame();
    const order = { type: 'move', unit: 'u1', path: ['0205', '0305', '0405', '0505'] };
    f.state = movementAt(f, 1);
    const r = tryOrder(f, 'union', order);
    expect(r.ok).toBe(false);
    f.state = movementAt(f, 2);
    expect(tryOrder(f, 'union', order).ok).toBe(true);
  });

  it('Fredericksburg 18.2: artillery may not bombard on a fog Game-Turn (refused, not listed); on other Game-Turns it may', () => {
    const units = [
      { id: 'gun', side: 'union' as const, type: 'artillery' as const, strength: 3, hex: '0405' },
      { id: 'c1', side: 'confederate' as const, strength: 1, hex: '0407' },
    ];
    const bombard = { type: 'attack', attackers: [], bombard: ['gun'], defenders: ['0407'] };
    const foggy = combatGame(units, {
      scenario: { specialRules: [FOG] },
      tweak: (s) => ({ ...s, turn: 1 }),
    });
    const listed = legalOrders(foggy.ctx, foggy.state, 'union').filter((o) => o.type === 'attack');
    expect(listed).toEqual([]);
    const r = applyOrder(foggy.ctx, foggy.state, 'union', bombard, fixedDice([6]));
    expect(r.ok ? null : r.refusal.code).toBe('FOG_NO_BOMBARDMENT');
    expect(r.ok ? null : r.refusal.rule).toBe('18.2');
    const clear = combatGame(units, {
      scenario: { specialRules: [FOG] },
      tweak: (s) => ({ ...s, turn: 2 }),
    });
    expect(legalOrders(clear.ctx, clear.state, 'union')).toContainEqual(bombard);
    expect(applyOrder(clear.ctx, clear.state, 'union', bombard, fixedDice([6, 6, 6])).ok).toBe(
      true,
    );
  });

  it('Fredericksburg 18.2: a fog declaration that spares the Strategic bonus or allows bombardment is not implemented and refused', () => {
    expect(
      unsupportedReason({ ...FOG, params: { ...FOG.params, strategicBonusHalved: false } }),
    ).toMatch(/strategicBonusHalved/);
    expect(unsupportedReason({ ...FOG, params: { ...FOG.params, bombardment: true } })).toMatch(
      /bombardment/,
    );
    expect(unsupportedReason(FOG)).toBeNull();
  });
});

describe('Fredericksburg 19.0 Union movement quota lifted by occupying 0206 (movement-quota)', () => {
  const QUOTA: RuleHook = {
    hook: 'movement-quota',
    case: '19.0',
    params: {
      side: 'union',
      limits: [{ units: 1 }],
      liftedWhen: {
        event: 'enemy-occupies-hex',
        enemy: 'confederate',
        hexes: ['0206'],
        effective: 'next-player-turn',
        permanent: true,
      },
    },
  };
  const quotaGame = () =>
    setUp(
      testMap(),
      testScenario({
        units: [unit('u1', 'union'), unit('u2', 'union'), unit('c1', 'confederate')],
        placements: [
          { unit: 'u1', hex: '0101' },
          { unit: 'u2', hex: '0103' },
          { unit: 'c1', hex: '0506' },
        ],
        firstPlayer: 'confederate',
        specialRules: [QUOTA],
      }),
    );
  const movers = (f: Fixture) =>
    new Set(
      legalOrders(f.ctx, f.state, 'union')
        .filter((o) => o.type === 'move')
        .map((o) => (o as { unit: string }).unit),
    );

  it('Fredericksburg 19.0: only the quota of Union units may move (15 in the scenario, 1 here) while no Confederate unit has occupied 0206', () => {
    const f = quotaGame();
    f.state = movementAt(f, 1);
    f.state = play(f, 'union', { type: 'move', unit: 'u1', path: ['0102'] });
    const r = tryOrder(f, 'union', { type: 'move', unit: 'u2', path: ['0104'] });
    expect(r.ok ? null : r.refusal).toMatchObject({ code: 'MOVEMENT_QUOTA', rule: '19.0' });
    expect(movers(f).size).toBe(0);
  });

  it('Fredericksburg 19.0: a Confederate unit moving through 0206 lifts the quota for good from the Union Player-Turn that follows', () => {
    const f = quotaGame();
    f.state = movementAt(f, 1, 'confederate');
    const r = applyOrder(
      f.ctx,
      f.state,
      'confederate',
      { type: 'move', unit: 'c1', path: ['0406', '0306', '0206', '0205'] },
      fixedDice([]),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'movement-quota-lifted',
        fromTurn: 1,
        hex: '0206',
        rule: '19.0',
      }),
    );
    f.state = { ...r.state, phasing: 'union', movement: freshMovementPhase() };
    f.state = play(f, 'union', { type: 'move', unit: 'u1', path: ['0102'] });
    expect(movers(f)).toEqual(new Set(['u2']));
  });

  it('Fredericksburg 19.0: a Confederate unit moving elsewhere lifts nothing', () => {
    const f = quotaGame();
    f.state = movementAt(f, 1, 'confederate');
    const r = applyOrder(
      f.ctx,
      f.state,
      'confederate',
      { type: 'move', unit: 'c1', path: ['0406', '0306'] },
      fixedDice([]),
    );
    expect(r.ok && r.events.some((e) => e.type === 'movement-quota-lifted')).toBe(false);
  });

  it('Fredericksburg 19.0: the scenario exempts the Game-Turn Four reinforcements until Game-Turn Five and lifts on 0206 only', () => {
    const q = rule(fredericksburg.scenario, 'movement-quota');
    expect(q.params).toMatchObject({
      limits: [{ units: 15 }],
      reinforcementsExempt: [{ arrivalTurn: 4, countFromTurn: 5 }],
      liftedWhen: { event: 'enemy-occupies-hex', hexes: ['0206'] },
    });
    expect(unsupportedReason(q)).toBeNull();
  });
});

describe('Fredericksburg 19.1 immobility and its releases (immobile-until)', () => {
  const IMMOBILE: RuleHook = {
    hook: 'immobile-until',
    case: '19.0, 19.11, 19.12, 19.13',
    params: {
      side: 'union',
      units: ['gun', 'cav'],
      releaseAll: [
        { when: 'friendly-unit-exits', exitHexes: ['1005'], case: '19.11' },
        {
          when: 'enemy-occupies',
          enemyHexes: ['0803'],
          during: ['movement', 'retreat', 'advance'],
          case: '19.12',
        },
      ],
      releaseEach: {
        when: 'enemy-within',
        radius: 3,
        during: ['movement', 'retreat', 'advance'],
        case: '19.13',
      },
    },
  };
  const EXIT: RuleHook = {
    hook: 'map-exit',
    case: '21.31',
    params: { exitHexes: ['1005'], cost: 1, ownMovementPhaseOnly: true, mayReturn: false },
  };
  const immobileGame = () =>
    setUp(
      testMap(),
      testScenario({
        units: [
          unit('gun', 'union', 'artillery'),
          unit('cav', 'union', 'cavalry'),
          unit('u1', 'union'),
          unit('c1', 'confederate'),
        ],
        placements: [
          { unit: 'gun', hex: '0101' },
          { unit: 'cav', hex: '0110' },
          { unit: 'u1', hex: '0905' },
          { unit: 'c1', hex: '0801' },
        ],
        firstPlayer: 'confederate',
        turns: 5,
        specialRules: [IMMOBILE, EXIT],
      }),
    );
  const movers = (f: Fixture) =>
    new Set(
      legalOrders(f.ctx, f.state, 'union')
        .filter((o) => o.type === 'move')
        .map((o) => (o as { unit: string }).unit),
    );

  it('Fredericksburg 19.0: Union artillery and cavalry starting east of the Rappahannock may not move until released, on any Game-Turn', () => {
    const f = immobileGame();
    for (const turn of [1, 4]) {
      f.state = movementAt(f, turn);
      expect(movers(f)).toEqual(new Set(['u1']));
      const r = tryOrder(f, 'union', { type: 'move', unit: 'gun', path: ['0102'] });
      expect(r.ok ? null : r.refusal).toMatchObject({ code: 'IMMOBILE' });
    }
  });

  it('Fredericksburg 19.13: a Confederate unit coming within three hexes of one immobile unit releases that unit only', () => {
    const f = immobileGame();
    f.state = movementAt(f, 1, 'confederate');
    const r = applyOrder(
      f.ctx,
      f.state,
      'confederate',
      { type: 'move', unit: 'c1', path: ['0701', '0601', '0501', '0401'] },
      fixedDice([]),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'immobility-released', units: ['gun'], rule: '19.13' }),
    );
    f.state = { ...r.state, phasing: 'union', movement: freshMovementPhase() };
    expect(movers(f)).toEqual(new Set(['u1', 'gun']));
  });

  it('Fredericksburg 19.13: four hexes away is not within three: nothing is released', () => {
    const f = immobileGame();
    f.state = movementAt(f, 1, 'confederate');
    const r = applyOrder(
      f.ctx,
      f.state,
      'confederate',
      { type: 'move', unit: 'c1', path: ['0701', '0601', '0501'] },
      fixedDice([]),
    );
    expect(r.ok && r.events.some((e) => e.type === 'immobility-released')).toBe(false);
  });

  it('Fredericksburg 19.12: a Confederate unit occupying a pontoon bridge or ford hex releases every immobile unit', () => {
    const f = immobileGame();
    f.state = movementAt(f, 1, 'confederate');
    const r = applyOrder(
      f.ctx,
      f.state,
      'confederate',
      { type: 'move', unit: 'c1', path: ['0802', '0803'] },
      fixedDice([]),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'immobility-released', units: 'all', rule: '19.12' }),
    );
    f.state = { ...r.state, phasing: 'union', movement: freshMovementPhase() };
    expect(movers(f)).toEqual(new Set(['u1', 'gun', 'cav']));
  });

  it('Fredericksburg 19.11: any Union unit exiting the map at 2501 or 2027 (here 1005) releases every immobile unit', () => {
    const f = immobileGame();
    f.state = movementAt(f, 2);
    const r = applyOrder(
      f.ctx,
      f.state,
      'union',
      { type: 'exit', unit: 'u1', path: ['1005'] },
      fixedDice([]),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'immobility-released', units: 'all', rule: '19.11' }),
    );
    f.state = r.state;
    expect(movers(f)).toEqual(new Set(['gun', 'cav']));
  });

  it('Fredericksburg 19.0: the scenario makes the ten Union artillery and cavalry units set up east of the river immobile until released', () => {
    const ctx = prepareGame(fredericksburg.scenario, fredericksburg.map);
    const state = newGame(ctx, {}, seededDice('x'));
    const f: Fixture = {
      ctx,
      state: { ...state, phasing: 'union', movement: freshMovementPhase() },
    };
    const listed = new Set(
      legalOrders(f.ctx, f.state, 'union')
        .filter((o) => o.type === 'move')
        .map((o) => (o as { unit: string }).unit),
    );
    for (const id of [
      'us-art-r',
      'us-art-rc',
      'us-art-lc',
      'us-art-l',
      'us-art-rgd',
      'us-art-iii',
      'us-art-v',
      'us-cav-1-c',
      'us-cav-1-r',
      'us-cav-2-r',
    ])
      expect([id, listed.has(id)]).toEqual([id, false]);
  });
});

describe('Fredericksburg 20.0 automatic victory at the end of Game-Turn Five (automatic-victory)', () => {
  const ctx = prepareGame(fredericksburg.scenario, fredericksburg.map);
  /** The Union Movement Phase of Game-Turn `turn` (the Union is the Second Player). */
  const endOfTurn = (turn: number, tweak: (s: GameState) => GameState = (s) => s): GameState =>
    tweak({
      ...newGame(ctx, {}, seededDice('auto')),
      turn,
      phasing: 'union',
      movement: freshMovementPhase(),
    });
  /** Ends the Union Movement and Combat Phases: the end of the Game-Turn. */
  const end = (start: GameState) => {
    let state = start;
    const events = [];
    for (let i = 0; i < 2; i++) {
      const endPhase = legalOrders(ctx, state, 'union').find((o: Order) => o.type === 'end-phase');
      expect(endPhase).toBeDefined();
      const r = applyOrder(ctx, state, 'union', endPhase, seededDice('auto', state.diceDrawn));
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      state = r.state;
      events.push(...r.events);
    }
    return { state, events };
  };
  const losses = (union: number, confederate: number) => (s: GameState) => ({
    ...s,
    eliminatedStrength: { union, confederate },
  });

  it('Fredericksburg 20.0: Confederate elimination VP 3:1 or more (Union losses 9, Confederate 3) and no Union unit in 1113, 1711 or 2401: the Confederate wins automatically at the end of Game-Turn Five', () => {
    const r = end(endOfTurn(5, losses(9, 3)));
    expect(r.state.phase).toBe('finished');
    expect(r.state.result).toMatchObject({ winner: 'confederate', level: 'decisive' });
    expect(r.state.result!.reason).toMatch(/automatic victory.*20\.0.*Game-Turn 5/);
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'game-ended', winner: 'confederate' }),
    );
  });

  it('Fredericksburg 20.0: only elimination points count: the 4 initial VP (21.35) and the occupation points do not make 8:3 a 3:1', () => {
    const r = end(endOfTurn(5, losses(8, 3)));
    expect(r.state.phase).toBe('movement');
    expect(r.state.turn).toBe(6);
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'automatic-victory-checked', holds: false }),
    );
  });

  it("Fredericksburg 20.0: with the Union occupying 1113 (Marye's Heights) the game goes on to Game-Turn Six even at 3:1", () => {
    const r = end(
      endOfTurn(5, (s) => {
        // A Union brigade in 1113 (21.21 occupation); the Confederate units are taken off the map so
        // that no attack is compulsory (8.11) — the elimination VP are set apart, 9:3.
        const units = { ...s.units };
        for (const id in units)
          if (units[id].side === 'confederate')
            units[id] = { ...units[id], hex: null, status: 'eliminated' };
        units['us-1-1-i'] = { ...units['us-1-1-i'], hex: '1113' };
        return { ...losses(9, 3)(s), units, objectives: { ...s.objectives, '1113': 'union' } };
      }),
    );
    expect(r.state.phase).toBe('movement');
    expect(r.state.turn).toBe(6);
  });

  it('Fredericksburg 20.0: no elimination points at all is no 3:1 (0:0), and the check is made only at the end of Game-Turn Five', () => {
    expect(end(endOfTurn(5, losses(0, 0))).state.turn).toBe(6);
    const r4 = end(endOfTurn(4, losses(9, 3)));
    expect(r4.state.turn).toBe(5);
    expect(r4.events.some((e) => e.type === 'automatic-victory-checked')).toBe(false);
  });
});

describe('Fredericksburg 17.2 Early as a division or four brigades (alternative-counters)', () => {
  const ctx = prepareGame(fredericksburg.scenario, fredericksburg.map);
  const gt2 = (): GameState => ({
    ...newGame(ctx, {}, seededDice('early')),
    turn: 2,
    movement: freshMovementPhase(),
  });
  const entering = (state: GameState) =>
    new Set(
      legalOrders(ctx, state, 'confederate')
        .filter((o) => o.type === 'enter')
        .map((o) => (o as { unit: string }).unit),
    );
  const enterOrder = (state: GameState, id: string) =>
    legalOrders(ctx, state, 'confederate').find(
      (o) => o.type === 'enter' && (o as { unit: string }).unit === id,
    )!;

  it('Fredericksburg 17.2: on Game-Turn Two both alternatives are offered at 2501: the division counter and the four brigades', () => {
    const offered = entering(gt2());
    for (const id of ['cs-early', 'cs-lawton', 'cs-trimble', 'cs-hoke', 'cs-hays'])
      expect([id, offered.has(id)]).toEqual([id, true]);
  });

  it('Fredericksburg 17.2: entering a brigade chooses the brigades: the division never enters, the other brigades still may', () => {
    const s = gt2();
    const r = applyOrder(ctx, s, 'confederate', enterOrder(s, 'cs-lawton'), seededDice('e'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'alternative-chosen',
        group: 'early',
        option: 'brigades',
        rule: '17.2',
      }),
    );
    const offered = entering(r.state);
    expect(offered.has('cs-early')).toBe(false);
    expect(offered.has('cs-trimble')).toBe(true);
    const refused = applyOrder(
      ctx,
      r.state,
      'confederate',
      { type: 'enter', unit: 'cs-early', hex: '2501', path: ['2501'] },
      seededDice('e'),
    );
    expect(refused.ok ? null : refused.refusal).toMatchObject({
      code: 'ALTERNATIVE_NOT_CHOSEN',
      rule: '17.2',
    });
  });

  it('Fredericksburg 17.2: entering the division counter chooses the division: none of the four brigades enters', () => {
    const s = gt2();
    const r = applyOrder(ctx, s, 'confederate', enterOrder(s, 'cs-early'), seededDice('e'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const offered = entering(r.state);
    for (const id of ['cs-lawton', 'cs-trimble', 'cs-hoke', 'cs-hays'])
      expect([id, offered.has(id)]).toEqual([id, false]);
  });
});

describe('Fredericksburg 21.3 exits and the playable scenarios', () => {
  it('Fredericksburg 21.33: "units forced to retreat off the map sheet are eliminated instead" is the standard 8.72, so the map-exit declaration is played; declaring the opposite is refused', () => {
    const exit = rule(fredericksburg.scenario, 'map-exit');
    expect(unsupportedReason(exit)).toBeNull();
    expect(
      unsupportedReason({ ...exit, params: { ...exit.params, retreatOffMapEliminates: false } }),
    ).toMatch(/retreatOffMapEliminates/);
  });

  it('Fredericksburg 16.0, 22.0: Fredericksburg and its 3 May 1863 scenario declare only special rules the engine implements', () => {
    expect(notYetSupported(fredericksburg.scenario)).toEqual([]);
    expect(notYetSupported(load('fredericksburg-3-may-1863').scenario)).toEqual([]);
  });
});
