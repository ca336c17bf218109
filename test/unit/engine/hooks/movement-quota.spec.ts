/**
 * movement-quota and immobile-until (Antietam 20.1, 20.2), on the small test
 * map and on the shipped Antietam scenario.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { legalOrders, newGame, prepareGame } from '../../../../src/engine/game';
import { fixedDice, seededDice } from '../../../../src/engine/dice';
import type { GameState, Order } from '../../../../src/engine/state';
import type { MapDocument, RuleHook, ScenarioDocument } from '../../../../src/engine/types';
import { freshMovementPhase } from '../../../../src/engine/rules/blue-grey/sequence-of-play';
import { Fixture, play, setUp, testMap, testScenario, tryOrder, unit } from '../helpers';

const QUOTA: RuleHook = {
  hook: 'movement-quota',
  case: '20.1',
  params: {
    side: 'union',
    limits: [
      { turns: [1], units: 2 },
      { fromTurn: 2, units: 1 },
    ],
    attacks: 'unlimited',
    reinforcementsExempt: [{ arrivalTurn: 2, countFromTurn: 3 }],
    liftedWhen: {
      event: 'enemy-crosses-hexside',
      enemy: 'confederate',
      hexside: 'creek',
      effective: 'next-player-turn',
      permanent: true,
    },
  },
};

function quotaGame(): Fixture {
  return setUp(
    testMap({
      hexsides: [{ between: ['0808', '0809'], features: [{ type: 'creek' }, { type: 'bridge' }] }],
    }),
    testScenario({
      units: [
        unit('u1', 'union'),
        unit('u2', 'union'),
        unit('u3', 'union'),
        unit('r1', 'union'),
        unit('c1', 'confederate'),
      ],
      placements: [
        { unit: 'u1', hex: '0101' },
        { unit: 'u2', hex: '0301' },
        { unit: 'u3', hex: '0501' },
        { unit: 'c1', hex: '0808' },
      ],
      reinforcements: [{ side: 'union', turn: 2, entry: ['0110'], units: ['r1'] }],
      specialRules: [QUOTA],
    }),
  );
}

const at = (f: Fixture, turn: number): GameState => ({
  ...f.state,
  turn,
  phase: 'movement',
  phasing: 'union',
  movement: freshMovementPhase(),
});
const unitsWithMoves = (orders: Order[]) =>
  new Set(
    orders
      .filter((o) => o.type === 'move' || o.type === 'enter')
      .map((o) => (o as { unit: string }).unit),
  );

describe('Antietam 20.1 Union movement quota (movement-quota)', () => {
  it('Antietam 20.1: no more than the quota of Union units may move in a Movement Phase (fifteen on Game-Turn One, here two); the next one is refused and no longer listed', () => {
    const f = quotaGame();
    f.state = play(f, 'union', { type: 'move', unit: 'u1', path: ['0102'] });
    expect(unitsWithMoves(legalOrders(f.ctx, f.state, 'union'))).toEqual(new Set(['u2', 'u3']));
    f.state = play(f, 'union', { type: 'move', unit: 'u2', path: ['0302'] });
    expect(unitsWithMoves(legalOrders(f.ctx, f.state, 'union')).size).toBe(0);
    expect(tryOrder(f, 'union', { type: 'move', unit: 'u3', path: ['0502'] })).toMatchObject({
      ok: false,
      refusal: { code: 'MOVEMENT_QUOTA', rule: '20.1' },
    });
    expect(tryOrder(f, 'union', { type: 'end-phase' }).ok).toBe(true);
  });

  it('Antietam 20.1: only ten units on each following Game-Turn (here one); reinforcements arriving on Game-Turn Four (here 2) do not count until Game-Turn Five (here 3)', () => {
    const f = quotaGame();
    f.state = at(f, 2);
    f.state = play(f, 'union', { type: 'move', unit: 'u1', path: ['0102'] });
    expect(tryOrder(f, 'union', { type: 'move', unit: 'u2', path: ['0302'] })).toMatchObject({
      ok: false,
      refusal: { code: 'MOVEMENT_QUOTA' },
    });
    // The exempt reinforcement enters although the quota is used up.
    expect(unitsWithMoves(legalOrders(f.ctx, f.state, 'union'))).toEqual(new Set(['r1']));
    f.state = play(f, 'union', { type: 'enter', unit: 'r1', hex: '0110', path: ['0110'] });
    // From Game-Turn 3 it counts like any other unit.
    f.state = at(f, 3);
    f.state = play(f, 'union', { type: 'move', unit: 'r1', path: ['0109'] });
    expect(tryOrder(f, 'union', { type: 'move', unit: 'u1', path: ['0103'] })).toMatchObject({
      ok: false,
      refusal: { code: 'MOVEMENT_QUOTA' },
    });
  });

  it('Antietam 20.1: all limits are lifted permanently from the Union Player-Turn following the movement of a Confederate unit across a creek hexside', () => {
    const f = quotaGame();
    f.state = play(f, 'union', { type: 'end-phase' });
    f.state = play(f, 'union', { type: 'end-phase' });
    expect(f.state.phasing).toBe('confederate');
    const crossed = tryOrder(f, 'confederate', { type: 'move', unit: 'c1', path: ['0809'] });
    if (!crossed.ok) throw new Error(JSON.stringify(crossed.refusal));
    expect(crossed.events).toContainEqual(
      expect.objectContaining({
        type: 'movement-quota-lifted',
        side: 'union',
        fromTurn: 2,
        unit: 'c1',
        rule: '20.1',
      }),
    );
    f.state = crossed.state;
    f.state = play(f, 'confederate', { type: 'end-phase' });
    f.state = play(f, 'confederate', { type: 'end-phase' });
    expect(f.state).toMatchObject({ turn: 2, phasing: 'union', phase: 'movement' });
    for (const [u, h] of [
      ['u1', '0102'],
      ['u2', '0302'],
      ['u3', '0502'],
    ])
      f.state = play(f, 'union', { type: 'move', unit: u, path: [h] });
    f.state = play(f, 'union', { type: 'enter', unit: 'r1', hex: '0110', path: ['0110'] });
  });

  it('Antietam 20.1: a Confederate move that crosses no creek hexside lifts nothing', () => {
    const f = quotaGame();
    f.state = { ...f.state, phasing: 'confederate' };
    const r = tryOrder(f, 'confederate', { type: 'move', unit: 'c1', path: ['0807'] });
    expect(r.ok && r.events.some((e) => e.type === 'movement-quota-lifted')).toBe(false);
  });
});

describe('Antietam 20.2 Confederate units immobile on Game-Turn One (immobile-until)', () => {
  const dir = join(__dirname, '../../../../scenarios/antietam');
  const scenario = JSON.parse(readFileSync(join(dir, 'scenario.json'), 'utf8')) as ScenarioDocument;
  const map = JSON.parse(readFileSync(join(dir, 'map.json'), 'utf8')) as MapDocument;
  const ctx = prepareGame(scenario, map);
  const fixed = [
    'cs-barksdale',
    'cs-kershaw',
    'cs-semmes',
    'cs-cobb',
    'cs-wilcox',
    'cs-pryor',
    'cs-wright',
    'cs-featherston',
    'cs-armistead',
    'cs-mahone',
  ];

  it('Antietam 20.2: the Confederate units which begin in 0517, 0416, 0715, 0714 and 0613 may not move during Game-Turn One; the others may', () => {
    const start = newGame(ctx, {}, seededDice('a'));
    expect(new Set(fixed.map((id) => start.units[id].hex))).toEqual(
      new Set(['0517', '0416', '0715', '0714', '0613']),
    );
    const state: GameState = { ...start, phasing: 'confederate', movement: freshMovementPhase() };
    const movers = unitsWithMoves(legalOrders(ctx, state, 'confederate'));
    for (const id of fixed) expect(movers.has(id)).toBe(false);
    expect(movers.size).toBeGreaterThan(20);
    const f = { ctx, state };
    const somewhere = ctx.map.grid.neighbours(start.units['cs-barksdale'].hex!)[0];
    expect(
      tryOrder(f, 'confederate', { type: 'move', unit: 'cs-barksdale', path: [somewhere] }),
    ).toMatchObject({ ok: false, refusal: { code: 'IMMOBILE', rule: '20.2' } });
    // Game-Turn Two: free to move.
    const later = unitsWithMoves(legalOrders(ctx, { ...state, turn: 2 }, 'confederate'));
    expect(fixed.some((id) => later.has(id))).toBe(true);
  });

  it('Antietam 20.2: without a unit list the immobile units are those the set-up places in the listed hexes', () => {
    const byHex = {
      ...scenario,
      specialRules: scenario.specialRules.map((r) =>
        r.hook === 'immobile-until'
          ? { ...r, params: { side: 'confederate', hexes: ['0517'], turns: [1] } }
          : r,
      ),
    };
    const c2 = prepareGame(byHex, map);
    const state: GameState = {
      ...newGame(c2, {}, fixedDice([])),
      phasing: 'confederate',
      movement: freshMovementPhase(),
    };
    const movers = unitsWithMoves(legalOrders(c2, state, 'confederate'));
    const in0517 = byHex.setup.placements!.filter((p) => p.hex === '0517').map((p) => p.unit);
    expect(in0517.length).toBeGreaterThan(0);
    for (const id of in0517) expect(movers.has(id)).toBe(false);
    expect(movers.has('cs-wright')).toBe(true);
  });

  it('Antietam 20.1: no more than 15 Union units may move on Game-Turn One of the shipped scenario', () => {
    let state = newGame(ctx, {}, seededDice('q'));
    const f = { ctx, state };
    for (let k = 0; k < 15; k++) {
      const o = legalOrders(ctx, f.state, 'union').find((x) => x.type === 'move')!;
      f.state = play(f, 'union', o);
    }
    expect(
      legalOrders(ctx, f.state, 'union').some(
        (x) => x.type === 'move' || x.type === 'strategic-move',
      ),
    ).toBe(false);
    state = f.state;
    expect(state.movement!.moved).toHaveLength(15);
  });
});
