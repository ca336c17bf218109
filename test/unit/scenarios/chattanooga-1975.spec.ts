/**
 * The 1975 Blue & Gray II Chattanooga (seed 001 lines 456-836) as data: the
 * charts transcribed, the exclusive rules as hooks, victory as data, and the
 * reconstructed map agreeing with every fact the text gives. Counts are
 * independent of the JSON: they are what the charts print.
 */
import { ENGINE_REVISION } from '../../../src/engine/revision';
import { TerrainMap } from '../../../src/engine/map';
import { chattanooga1975Map } from '../../../scenarios/chattanooga-1975/build-map';
import type { GameEvent } from '../../../src/engine/types';
import { fixedDice, seededDice } from '../../../src/engine/dice';
import {
  GameContext,
  applyOrder,
  legalOrders,
  newGame,
  notYetSupported,
  prepareGame,
  view,
  whoMustAct,
} from '../../../src/engine/game';
import { rerunReplay } from '../../../src/engine/replay';
import type { GameState, Order } from '../../../src/engine/state';
import { classicState } from '../../../src/engine/rules/classic/classic.fixtures';
import {
  applyClassicOrder,
  classicOrders,
} from '../../../src/engine/rules/classic/sequence-of-play';
import { classicFinalPoints } from '../../../src/engine/rules/classic/victory';
import { chartsOf, expectDeployment, expectMapJsonIsBuildOutput, loadScenario } from './support';

const { dir: DIR, scenario, map: mapDoc } = loadScenario('chattanooga-1975');
const map = new TerrainMap(mapDoc);

const charts = chartsOf(scenario);
const { unit, placements, placed } = charts;
/** A chart line as printed: strength, a/c for artillery/cavalry, designation. */
const at = (hex: string): string[] =>
  placements
    .filter((p) => p.hex === hex)
    .map((p) => unit(p.unit))
    .map(
      (u) =>
        `${u.strength}${u.type === 'artillery' ? 'a' : u.type === 'cavalry' ? 'c' : ''} ${u.designation}`,
    );
const placementsAt = (hex: string): boolean => placements.some((p) => p.hex === hex);
const hook = (name: string) => charts.hook(name)!;

describe('Chattanooga 1975 scenario document', () => {
  it('O14.31, O14.32: Union first player, ten Game-Turns, Game-Turn Five is Night; rules classic 1975', () => {
    expect(scenario.rules).toEqual({ system: 'classic', version: '1975' });
    expect(scenario.firstPlayer).toBe('union');
    expect(scenario.turns).toBe(10);
    expect(scenario.nightTurns).toEqual([5]);
    expect(scenario.year).toBe(1863);
  });

  it('O14.1: 38 Union units set up (30 infantry, 6 artillery, 2 cavalry), 191 strength points', () => {
    expectDeployment(placed('union'), {
      units: 38,
      csp: 191,
      byType: { infantry: 30, artillery: 6, cavalry: 2 },
    });
  });

  it('O14.2: 36 Confederate units set up (27 infantry, 9 artillery), 124 strength points', () => {
    expectDeployment(placed('confederate'), {
      units: 36,
      csp: 124,
      byType: { infantry: 27, artillery: 9 },
    });
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
    expect(r.units.map((id) => unit(id).designation)).toEqual(['1/2/XII', '2/2/XII', '3/2/XII']);
    expect(r.units.every((id) => unit(id).strength === 4)).toBe(true);
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
    expectMapJsonIsBuildOutput(DIR, chattanooga1975Map);
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

// ------------------------------------------------------------ play ----

function play(
  ctx: GameContext,
  state: GameState,
  side: 'union' | 'confederate',
  order: Order,
  rolls: number[] = [],
): GameState {
  const r = applyClassicOrder(ctx, state, side, order, fixedDice(rolls));
  if (!r.ok) throw new Error(`${r.refusal.code} (${r.refusal.rule}) ${r.refusal.message}`);
  return r.state;
}
function refusalOf(
  ctx: GameContext,
  state: GameState,
  side: 'union' | 'confederate',
  order: Order,
): string {
  const r = applyClassicOrder(ctx, state, side, order, fixedDice([]));
  if (r.ok) throw new Error(`accepted ${JSON.stringify(order)}`);
  return r.refusal.code;
}

/** Listed orders with their fields readable (an Order's fields depend on its type). */
type Listed = Order & Record<string, any>;
const listed = (s: GameState, side: 'union' | 'confederate'): Listed[] =>
  classicOrders(ctxOf(), s, side) as Listed[];
let cachedCtx: GameContext | undefined;
function ctxOf(): GameContext {
  return (cachedCtx ??= prepareGame(scenario, mapDoc));
}

describe('Chattanooga 1975 exclusive rules in play', () => {
  const ctx = ctxOf();
  const start = classicState(ctx);
  const firstMove = (s: GameState, unit: string) =>
    listed(s, s.phasing).find((o) => o.type === 'move' && o.unit === unit)!;

  it('O17.11: the Union Player may move no more than eleven units in a Movement Phase', () => {
    let s = start;
    const movers = [
      ...new Set(
        listed(s, 'union')
          .filter((o) => o.type === 'move')
          .map((o) => o.unit as string),
      ),
    ];
    expect(movers.length).toBeGreaterThan(11);
    for (const id of movers.slice(0, 11)) s = play(ctx, s, 'union', firstMove(s, id));
    expect(refusalOf(ctx, s, 'union', firstMove(start, movers[11]))).toBe('MOVEMENT_QUOTA');
    expect(listed(s, 'union').filter((o) => o.type === 'move')).toEqual([]);
  });

  it('O17.14, O17.15: seven more units while the Union controls 1025', () => {
    let s: GameState = {
      ...start,
      objectives: { ...start.objectives, '1025': 'union' },
      units: {
        ...start.units,
        'cs-corput-art': { ...start.units['cs-corput-art'], status: 'eliminated', hex: null },
      },
    };
    const movers = [
      ...new Set(
        listed(s, 'union')
          .filter((o) => o.type === 'move')
          .map((o) => o.unit as string),
      ),
    ];
    for (const id of movers.slice(0, 18)) s = play(ctx, s, 'union', firstMove(s, id));
    expect(s.movement!.moved).toHaveLength(18);
    expect(listed(s, 'union').filter((o) => o.type === 'move')).toEqual([]);
  });

  it('O16.11, O16.13: Union artillery may not move, except the 1a Sherman', () => {
    expect(
      refusalOf(ctx, start, 'union', { type: 'move', unit: 'us-xi-art', path: ['1513'] }),
    ).toBe('IMMOBILE');
    expect(
      listed(start, 'union').some((o) => o.type === 'move' && o.unit === 'us-sherman-art'),
    ).toBe(true);
  });

  it('O17.2: no Union unit may move during the Night Game-Turn', () => {
    const s: GameState = { ...start, turn: 5, night: true };
    expect(listed(s, 'union')).toEqual([{ type: 'end-phase' }]);
    expect(refusalOf(ctx, s, 'union', firstMove(start, 'us-1-2-xv'))).toBe('NIGHT_NO_MOVEMENT');
  });

  it('O17.2: at Night Confederate units may exit, but not enter, Enemy Zones of Control', () => {
    // Walthall placed next to the Union 2/1/XV (0524), at Night, in the Confederate Movement Phase.
    const next = map.grid
      .neighbours('0524')
      .find((h) => !placementsAt(h) && map.hex(h).terrain !== 'river')!;
    const s: GameState = {
      ...start,
      turn: 5,
      night: true,
      phasing: 'confederate',
      units: { ...start.units, 'cs-walthall': { ...start.units['cs-walthall'], hex: next } },
    };
    const unionHexes = Object.values(s.units)
      .filter((u) => u.side === 'union' && u.hex)
      .map((u) => u.hex!);
    const inUnionZoc = (h: string) => map.grid.neighbours(h).some((n) => unionHexes.includes(n));
    const ends = listed(s, 'confederate')
      .filter((o) => o.type === 'move' && o.unit === 'cs-walthall')
      .map((o) => (o.path as string[])[(o.path as string[]).length - 1]);
    expect(ends.length).toBeGreaterThan(0);
    expect(ends.filter(inUnionZoc)).toEqual([]);
    // By day it could not leave at all (O5.13).
    expect(
      listed({ ...s, turn: 4, night: false }, 'confederate').some(
        (o) => o.type === 'move' && o.unit === 'cs-walthall',
      ),
    ).toBe(false);
  });

  it('O15.11, O15.12: the reinforcements enter only on Game-Turn Two; those that did not are eliminated and count for victory', () => {
    const s2: GameState = { ...start, turn: 2 };
    const enter = listed(s2, 'union').filter((o) => o.type === 'enter');
    expect(new Set(enter.map((o) => o.hex))).toEqual(new Set(['0427', '0528', '0627', '0728']));
    const entered = play(
      ctx,
      s2,
      'union',
      enter.find((o) => o.unit === 'us-1-2-xii')!,
    );
    // 17.12: they do not count toward the quota until Game-Turn Five.
    expect(entered.movement!.moved).toEqual(['us-1-2-xii']);
    const after = applyClassicOrder(ctx, entered, 'union', { type: 'end-phase' }, fixedDice([]));
    if (!after.ok) throw new Error(after.refusal.message);
    expect(after.events).toContainEqual(
      expect.objectContaining({
        type: 'reinforcements-eliminated',
        units: ['us-2-2-xii', 'us-3-2-xii'],
      }),
    );
    expect(classicFinalPoints(ctx, after.state).confederate).toBeGreaterThanOrEqual(6);
  });

  it('O20.12, O20.2: at the start the Confederates hold 2207, 2311, 2416, 2419 and score the town hexes they control by ZOC; the differential decides', () => {
    const vp = classicFinalPoints(ctx, start);
    expect(vp.union).toBe(0);
    expect(vp.confederate % 4).toBe(0);
  });

  it('O4.0, O4.1, O14.32: a seeded random playout of all ten Game-Turns ends with a result', () => {
    const dice = seededDice('chattanooga-1975-playout');
    let rng = 12345;
    const rand = (n: number) => {
      rng = (rng * 1103515245 + 12345) % 2147483648;
      return rng % n;
    };
    let s = start;
    let steps = 0;
    let combats = 0;
    while (s.phase !== 'finished' && steps < 4000) {
      steps++;
      const side = s.pending ? s.pending.side : s.phasing;
      const orders = listed(s, side);
      expect(orders.length).toBeGreaterThan(0);
      let pick: Order;
      const end = orders.find((o) => o.type === 'end-phase');
      const attacks = orders.filter((o) => o.type === 'attack');
      const moves = orders.filter((o) => o.type === 'move' || o.type === 'enter');
      if (s.pending) pick = orders[rand(orders.length)];
      else if (s.phase === 'movement') {
        // Half the time close with the enemy: a move ending next to an enemy unit.
        const enemyHexes = new Set(
          Object.values(s.units)
            .filter((u) => u.side !== side && u.hex)
            .map((u) => u.hex!),
        );
        const contact = moves.filter((o) => {
          const path = o.path as string[];
          return map.grid.neighbours(path[path.length - 1]).some((n) => enemyHexes.has(n));
        });
        if (moves.length === 0 || rand(5) === 0) pick = end!;
        else
          pick =
            contact.length > 0 && rand(2) === 0
              ? contact[rand(contact.length)]
              : moves[rand(moves.length)];
      } else
        pick = attacks.length > 0 && (!end || rand(3) !== 0) ? attacks[rand(attacks.length)] : end!;
      if (pick.type === 'attack') combats++;
      const r = applyClassicOrder(ctx, s, side, pick, dice);
      if (!r.ok)
        throw new Error(
          `listed order refused: ${JSON.stringify(pick)}: ${r.refusal.code} ${r.refusal.message}`,
        );
      s = r.state;
    }
    expect(s.phase).toBe('finished');
    expect(s.turn).toBe(10);
    expect(s.result).not.toBeNull();
    expect(combats).toBeGreaterThan(5);
  });
});

describe('Chattanooga 1975 through the engine API (prepareGame, newGame, legalOrders, applyOrder, replay)', () => {
  const ctx = ctxOf();

  it('O3.0: a new game records rules classic 1975 and is refused under the revised rules', () => {
    const g = newGame(ctx, {}, seededDice('x', 0));
    // Pinned to the engine revision it was created under (src/engine/revision.ts, issue 13).
    expect(g.rules).toEqual({ system: 'classic', version: '1975', revision: ENGINE_REVISION });
    expect(notYetSupported(scenario)).toEqual([]);
    expect(() =>
      newGame(ctx, { rules: { system: 'blue-grey', version: '2e' } }, seededDice('x', 0)),
    ).toThrow(/NOT_YET_SUPPORTED/);
    expect(() =>
      newGame(ctx, { rules: { system: 'classic', version: '1977' } }, seededDice('x', 0)),
    ).toThrow(/NOT_YET_SUPPORTED/);
  });

  it('O3.0: a revised-edition scenario asked for under classic is refused with what the 1975 rules lack', () => {
    const { scenario: shiloh, map: shilohMap } = loadScenario('shiloh');
    const sctx = prepareGame(shiloh, shilohMap);
    expect(() =>
      newGame(sctx, { rules: { system: 'classic', version: '1975' } }, seededDice('x', 0)),
    ).toThrow(/NOT_YET_SUPPORTED \(classic 1975\).*swamp hexes.*gunboat/);
  });

  it('O4.1: a seeded game through applyOrder with Attack Effectiveness re-runs identically from its seed and orders', () => {
    const options = { attackEffectiveness: true };
    const seed = 'chattanooga-1975-replay';
    let s = newGame(ctx, options, seededDice(seed, 0));
    const entries: Array<{
      seq: number;
      side: 'union' | 'confederate';
      order: unknown;
      events: GameEvent[];
      stateHash: string;
    }> = [];
    const hash = (x: GameState) => JSON.stringify(x);
    let rng = 7;
    const rand = (n: number) => {
      rng = (rng * 1103515245 + 12345) % 2147483648;
      return rng % n;
    };
    for (let i = 0; i < 120 && s.phase !== 'finished'; i++) {
      const who = whoMustAct(ctx, s)!;
      const orders = legalOrders(ctx, s, who.side).filter((o) => o.type !== 'resign');
      const end = orders.find((o) => o.type === 'end-phase');
      const pick = s.pending || !end || rand(4) !== 0 ? orders[rand(orders.length)] : end;
      const r = applyOrder(ctx, s, who.side, pick, seededDice(seed, s.diceDrawn));
      if (!r.ok) throw new Error(r.refusal.message);
      s = r.state;
      entries.push({
        seq: entries.length + 1,
        side: who.side,
        order: pick,
        events: r.events,
        stateHash: hash(s),
      });
    }
    expect(s.turn).toBeGreaterThan(1);
    const check = rerunReplay(ctx, options, seed, entries, hash);
    expect(check).toMatchObject({ ok: true, verified: entries.length, mismatch: null });
    expect(view(ctx, s).rules).toEqual({
      system: 'classic',
      version: '1975',
      revision: ENGINE_REVISION,
    });
  });
});
