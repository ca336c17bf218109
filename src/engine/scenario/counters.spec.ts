import { gameDice } from '../dice';
import { ENGINE_REVISION, revisionOf } from '../revision';
import { CountersRequiredError, InvalidCountersError, NotYetSupportedError } from '../errors';
import { applyOrder, legalOrders, newGame, notYetSupported, prepareGame } from '../game';
import { rerunReplay, type ReplayEntryInput } from '../replay';
import type { GameOptions, GameState } from '../state';
import type { ScenarioDocument, Side, SuppliedCounters } from '../types';
import { stateHash } from '../../games/state-hash';
import { testMap, testScenario, unit } from '../../../test/unit/engine/helpers';
import { checkCounters, countersErrors, gameScenario, supplyCounters } from './counters';
import { validateScenario } from './validate';

/**
 * A hand-built battle whose Confederate order of battle is on the counters
 * (as Jonesborough 16.1): the Union is printed (one unit set up, one
 * arriving), the Confederates are supplied by the players; the text names
 * two of them — Brantly with a set-up hex, Late with a turn and an entry.
 */
function countersScenario(): ScenarioDocument {
  const base = testScenario({
    units: [unit('u-1', 'union'), unit('u-2', 'union')],
    placements: [],
    reinforcements: [{ side: 'union', turn: 2, entry: ['0101'], units: ['u-2'] }],
    firstPlayer: 'confederate',
  });
  return {
    ...base,
    id: 'counters-test',
    setup: {
      kind: 'free',
      placements: [{ unit: 'u-1', hex: '0303' }],
      areas: [{ side: 'confederate', hexes: ['0707', '0708', '0807', '0808', '0809'] }],
    },
    counters: {
      case: '16.1',
      what: 'Set-up hexes and strengths are printed on the counter backs',
      sides: ['confederate'],
      named: [
        { id: 'c-brantly', side: 'confederate', designation: 'Brantly', hex: '0909' },
        {
          id: 'c-late',
          side: 'confederate',
          designation: 'Late',
          type: 'cavalry',
          turn: 2,
          entry: ['1010'],
        },
      ],
    },
    missing: [{ case: '16.1', what: 'the Confederate order of battle is on the counter backs' }],
  };
}

const map = testMap();

const supplied = (): SuppliedCounters => ({
  units: [
    unit('c-brantly', 'confederate', 'infantry', { designation: 'Brantly', strength: 5 }),
    unit('c-late', 'confederate', 'cavalry', { designation: 'Late', strength: 2 }),
    unit('c-a', 'confederate', 'infantry', { strength: 4 }),
    unit('c-b', 'confederate', 'artillery', { strength: 3 }),
  ],
});

const paths = (errors: Array<{ path: string; message: string }>) => errors.map((e) => e.path);

describe('supplyCounters', () => {
  it('16.1 counters: supplied units follow the printed ones; a named unit’s hex becomes a placement, its turn and entry a reinforcement', () => {
    const scenario = countersScenario();
    const merged = supplyCounters(scenario, supplied());
    expect(merged.units.map((u) => u.id)).toEqual([
      'u-1',
      'u-2',
      'c-brantly',
      'c-late',
      'c-a',
      'c-b',
    ]);
    expect(merged.setup.placements).toEqual([
      { unit: 'u-1', hex: '0303' },
      { unit: 'c-brantly', hex: '0909' },
    ]);
    expect(merged.reinforcements).toEqual([
      { side: 'union', turn: 2, entry: ['0101'], units: ['u-2'] },
      { side: 'confederate', turn: 2, entry: ['1010'], units: ['c-late'], case: '16.1' },
    ]);
    // The printed document is untouched, and the merged one is a valid scenario.
    expect(scenario.units).toHaveLength(2);
    expect(scenario.setup.placements).toHaveLength(1);
    expect(countersErrors(scenario, map, supplied())).toEqual([]);
  });

  it('16.1 counters: what the players place or bring on themselves overrides the named hex and turn', () => {
    const merged = supplyCounters(countersScenario(), {
      ...supplied(),
      placements: [{ unit: 'c-late', hex: '0808' }],
      reinforcements: [{ side: 'confederate', turn: 3, entry: ['1001'], units: ['c-brantly'] }],
    });
    expect(merged.setup.placements).toEqual([
      { unit: 'u-1', hex: '0303' },
      { unit: 'c-late', hex: '0808' },
    ]);
    expect(merged.reinforcements[1]).toEqual({
      side: 'confederate',
      turn: 3,
      entry: ['1001'],
      units: ['c-brantly'],
      case: '16.1',
    });
  });

  it('16.1 counters: named units the players do not supply are not in the game', () => {
    const counters = { units: [unit('c-a', 'confederate')] };
    const merged = supplyCounters(countersScenario(), counters);
    expect(merged.units.map((u) => u.id)).toEqual(['u-1', 'u-2', 'c-a']);
    expect(merged.reinforcements).toHaveLength(1);
    expect(countersErrors(countersScenario(), map, counters)).toEqual([]);
  });
});

describe('checkCounters', () => {
  it('16.1 counters: a scenario whose order of battle is printed takes none', () => {
    const printed = testScenario({ units: [unit('u-1', 'union')], placements: [] });
    expect(checkCounters(printed, supplied())).toEqual([
      {
        document: 'counters',
        path: '(counters)',
        message: 'scenario "test" takes no counters (its order of battle is printed)',
      },
    ]);
  });

  it('16.1 counters: ids clashing with printed units or each other, sides the players do not supply, named units of the wrong side or type', () => {
    const errors = checkCounters(countersScenario(), {
      units: [
        unit('u-1', 'confederate'),
        unit('c-a', 'confederate'),
        unit('c-a', 'confederate'),
        unit('u-new', 'union'),
        unit('c-brantly', 'union'),
        unit('c-late', 'confederate', 'infantry'),
      ],
    });
    expect(errors.map((e) => `${e.path}: ${e.message}`)).toEqual([
      'units[0].id: unit id "u-1" is already a unit of the scenario\'s printed order of battle; give a supplied unit a fresh id',
      'units[2].id: unit id "c-a" is supplied twice; ids must be unique',
      'units[3].side: the players supply only confederate units in "counters-test" (16.1); the union order of battle is printed',
      'units[4].side: "c-brantly" is Brantly, a confederate unit (16.1)',
      'units[5].type: "c-late" is Late, which the text makes cavalry (16.1), not infantry',
    ]);
  });

  it('16.1 counters: placements and reinforcements only of supplied units, each once', () => {
    const errors = checkCounters(countersScenario(), {
      ...supplied(),
      placements: [
        { unit: 'c-a', hex: '0707' },
        { unit: 'c-a', hex: '0708' },
        { unit: 'u-1', hex: '0808' },
        { unit: 'c-ghost', hex: '0808' },
      ],
      reinforcements: [
        { side: 'confederate', turn: 2, entry: ['1001'], units: ['c-b', 'c-a', 'c-nobody'] },
        { side: 'confederate', turn: 3, entry: ['1001'], units: ['c-b'] },
        { side: 'union', turn: 9, entry: ['1001'], units: ['c-late'] },
      ],
    });
    expect(errors.map((e) => `${e.path}: ${e.message}`)).toEqual([
      'placements[1].unit: unit "c-a" is already placed at placements[0]',
      'placements[2].unit: unit "u-1" is in the scenario\'s printed order of battle, which the players do not change; only supplied units are placed here',
      'placements[3].unit: unit "c-ghost" is not among the supplied units',
      'reinforcements[0].units[1]: unit "c-a" is already set up at placements[0]',
      'reinforcements[0].units[2]: unit "c-nobody" is not among the supplied units',
      'reinforcements[1].units[0]: unit "c-b" already arrives at reinforcements[0].units[0]',
      'reinforcements[2].turn: turn 9 is after the last Game-Turn 3',
      'reinforcements[2].units[0]: unit "c-late" is confederate, not union',
    ]);
  });

  it('16.1 counters: the shape of each unit as scenario.json has it', () => {
    expect(checkCounters(countersScenario(), 'lots of rebels')).toEqual([
      {
        document: 'counters',
        path: '(counters)',
        message: 'must be an object {units, placements?, reinforcements?}',
      },
    ]);
    expect(paths(checkCounters(countersScenario(), { unit: [] }))).toEqual(['unit', 'units']);
    const errors = checkCounters(countersScenario(), {
      units: [
        { id: 'c x', side: 'rebel', designation: '', type: 'tank', strength: -1, colour: 'grey' },
        7,
      ],
    });
    expect(paths(errors)).toEqual([
      'units[0].colour',
      'units[0].id',
      'units[0].side',
      'units[0].designation',
      'units[0].type',
      'units[0].strength',
      'units[1]',
    ]);
  });

  it('16.1 counters: with a fixed set-up a supplied unit must be placed or brought on', () => {
    const scenario = countersScenario();
    const fixed: ScenarioDocument = {
      ...scenario,
      setup: { kind: 'fixed', placements: [{ unit: 'u-1', hex: '0303' }] },
    };
    expect(
      checkCounters(fixed, { units: [unit('c-a', 'confederate')] }).map((e) => e.message),
    ).toEqual([
      'the set-up of "counters-test" is fixed: place confederate unit "c-a" (placements) or bring it on (reinforcements)',
    ]);
  });
});

describe('countersErrors: the merged scenario checked against the map', () => {
  it('16.1 counters: hexes off the map and stacking at set-up are reported at the counters’ paths', () => {
    const errors = countersErrors(countersScenario(), map, {
      ...supplied(),
      placements: [
        { unit: 'c-a', hex: '0909' },
        { unit: 'c-b', hex: '0909' },
      ],
      reinforcements: [{ side: 'confederate', turn: 2, entry: ['1212'], units: ['c-late'] }],
    });
    expect(errors).toEqual([
      {
        document: 'counters',
        path: 'placements[1].hex',
        message:
          'three units set up in 0909 (c-brantly, c-a, c-b): the stacking limit is 2 per hex (6.32)',
      },
      {
        document: 'counters',
        path: 'reinforcements[0].entry[0]',
        message: 'hex 1212 is not on the map, which runs from 0101 to 1010',
      },
    ]);
  });
});

describe('gameScenario', () => {
  it('16.1 counters: a game without counters is played on the scenario itself', () => {
    const scenario = countersScenario();
    expect(gameScenario(scenario, {}, map)).toBe(scenario);
  });

  it('16.1 counters: bad counters throw INVALID_COUNTERS with every problem', () => {
    let thrown: unknown;
    try {
      gameScenario(countersScenario(), { counters: { units: [unit('u-1', 'union')] } }, map);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(InvalidCountersError);
    expect((thrown as InvalidCountersError).code).toBe('INVALID_COUNTERS');
    expect(paths((thrown as InvalidCountersError).errors)).toEqual(['units[0].id']);
  });
});

describe('newGame with counters', () => {
  const start = (options: GameOptions) => {
    const scenario = countersScenario();
    const ctx = prepareGame(gameScenario(scenario, options, map), map);
    return { ctx, state: newGame(ctx, options, gameDice('counters', 0, ENGINE_REVISION)) };
  };

  it('16.1 counters: `missing` alone no longer refuses a game; a side with no unit is COUNTERS_REQUIRED, naming the side and the case', () => {
    expect(notYetSupported(countersScenario())).toEqual([]);
    let thrown: unknown;
    try {
      start({});
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(CountersRequiredError);
    const e = thrown as CountersRequiredError;
    expect([e.code, e.rule, e.side]).toEqual(['COUNTERS_REQUIRED', '16.1', 'confederate']);
    expect(e.message).toContain(
      'confederate side of "counters-test" has no unit set up or arriving',
    );
    expect(e.message).toContain('options.counters');
    expect(e.message).toContain('"c-brantly", "c-late"');
  });

  it('16.1 counters: a scenario lacking a side it gives the players no way to supply is not yet supported, citing `missing`', () => {
    const rest: ScenarioDocument = { ...countersScenario(), counters: undefined };
    const ctx = prepareGame(rest, map);
    expect(() => newGame(ctx, {}, gameDice('x', 0, ENGINE_REVISION))).toThrow(NotYetSupportedError);
    expect(() => newGame(ctx, {}, gameDice('x', 0, ENGINE_REVISION))).toThrow(
      /NOT_YET_SUPPORTED \(16\.1\)/,
    );
  });

  it('16.1 counters: a context prepared without merging the counters is refused, never played without them', () => {
    const ctx = prepareGame(countersScenario(), map);
    expect(() => newGame(ctx, { counters: supplied() }, gameDice('x', 0, ENGINE_REVISION))).toThrow(
      /prepareGame\(gameScenario/,
    );
  });

  it('16.1 counters, 3.0: supplied units neither placed nor arriving are set up by their side in its free set-up areas', () => {
    const { ctx, state } = start({ counters: supplied() });
    expect(state.phase).toBe('setup');
    expect(state.phasing).toBe('confederate');
    expect(state.units['c-brantly']).toMatchObject({ hex: '0909', status: 'on-map', strength: 5 });
    expect(state.units['c-late']).toMatchObject({ hex: null, status: 'pending' });
    const places = legalOrders(ctx, state, 'confederate').filter((o) => o.type === 'place');
    const placed = new Set(places.map((o) => (o as unknown as { unit: string }).unit));
    expect([...placed].sort()).toEqual(['c-a', 'c-b']);
    const hexes = new Set(places.map((o) => (o as unknown as { hex: string }).hex));
    expect([...hexes].sort()).toEqual(['0707', '0708', '0807', '0808', '0809']);
    // The Union has nothing to place: the Confederates set up, then Game-Turn One begins.
    let s: GameState = state;
    for (const order of [
      { type: 'place', unit: 'c-a', hex: '0707' },
      { type: 'place', unit: 'c-b', hex: '0808' },
      { type: 'end-phase' },
    ]) {
      const r = applyOrder(
        ctx,
        s,
        'confederate',
        order,
        gameDice('counters', s.diceDrawn, revisionOf(s)),
      );
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      s = r.state;
    }
    expect([s.phase, s.turn, s.phasing]).toEqual(['movement', 1, 'confederate']);
    expect(s.units['c-a'].hex).toBe('0707');
  });

  it('16.1 counters: a game with counters re-runs identically from its seed, its options and its orders', () => {
    const options: GameOptions = { counters: supplied() };
    const seed = 'replay-counters';
    const { ctx } = start(options);
    let state = newGame(ctx, options, gameDice(seed, 0, ENGINE_REVISION));
    const entries: ReplayEntryInput[] = [];
    for (let seq = 1; seq <= 40 && state.phase !== 'finished'; seq++) {
      const side: Side = state.pending?.side ?? state.phasing;
      const orders = legalOrders(ctx, state, side).filter((o) => o.type !== 'resign');
      const order = orders[(seq * 7) % orders.length];
      const r = applyOrder(
        ctx,
        state,
        side,
        order,
        gameDice(seed, state.diceDrawn, revisionOf(state)),
      );
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      state = r.state;
      entries.push({ seq, side, order, events: r.events, stateHash: stateHash(state) });
    }
    expect(entries.length).toBeGreaterThan(5);
    // The replay's verifier prepares its own context from the document and the options.
    const again = prepareGame(gameScenario(countersScenario(), options, map), map);
    const check = rerunReplay(again, options, seed, entries, stateHash);
    expect(check).toMatchObject({ ok: true, verified: entries.length, mismatch: null });
    expect(stateHash(check.finalState)).toBe(stateHash(state));
  });
});

describe('the counters block (validateScenario)', () => {
  it('16.1 counters: named ids unique and not printed ones, of the sides supplied, on the map, and a free set-up area for every side supplied', () => {
    const scenario = countersScenario();
    scenario.counters!.sides = ['confederate', 'union'];
    scenario.counters!.named.push(
      { id: 'u-1', side: 'union', designation: 'clash' },
      { id: 'c-brantly', side: 'confederate', designation: 'again', hex: '1111' },
      { id: 'c-x', side: 'confederate', designation: 'inland', turn: 2, entry: ['0505'] },
    );
    const onlyUnion = {
      ...scenario,
      counters: { ...scenario.counters!, sides: ['union' as Side] },
    };
    expect(validateScenario(scenario, map).map((e) => `${e.path}: ${e.message}`)).toEqual([
      'counters.named[2].id: "u-1" is a unit of the printed order of battle; a named counter needs an id of its own',
      'counters.named[3].id: named counter id "c-brantly" is used twice; ids must be unique',
      'counters.named[3].hex: hex 1111 is not on the map, which runs from 0101 to 1010',
      'counters.named[4].entry[0]: entry hex 0505 is not on a map edge (5.0: reinforcements enter from the map edge)',
      'setup.areas: the players supply union units (counters, 16.1); their free set-up needs a union area without a unit list to place them in (3.0)',
    ]);
    expect(paths(validateScenario(onlyUnion, map))).toContain('counters.named[0].side');
  });

  it('16.1 counters: a scenario may print no unit at all only when its players supply them', () => {
    const empty: ScenarioDocument = {
      ...countersScenario(),
      units: [],
      reinforcements: [],
      setup: {
        kind: 'free',
        areas: [{ side: 'confederate', hexes: ['0707'] }],
      },
    };
    expect(validateScenario(empty, map)).toEqual([]);
    expect(
      validateScenario({ ...empty, counters: undefined }, map).map(
        (e) => `${e.path}: ${e.message}`,
      ),
    ).toEqual([
      'units: a scenario needs at least one unit, unless its players supply them (counters)',
    ]);
  });
});
