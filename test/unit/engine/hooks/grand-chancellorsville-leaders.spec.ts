/**
 * Grand Chancellorsville's Leaders (23.5-23.59) through the engine, on the
 * shipped scenario and map with leader counters supplied as the players
 * would (the text lists none: these are TEST counters, not history; only
 * Jackson's 3 stars are the text's, 23.58).
 */
import {
  applyOrder,
  legalOrders,
  whoMustAct,
  newGame,
  notYetSupported,
  prepareGame,
  type GameContext,
} from '../../../../src/engine/game';
import { fixedDice } from '../../../../src/engine/dice';
import type { GameState } from '../../../../src/engine/state';
import type {
  GameEvent,
  HexId,
  RuleHook,
  ScenarioDocument,
  Side,
  UnitSpec,
} from '../../../../src/engine/types';
import { moveEnv, moverFor } from '../../../../src/engine/rules/blue-grey/movement';
import { victoryInputs, victoryPoints } from '../../../../src/engine/rules/blue-grey/victory';
import {
  combatOf,
  combatStrengths,
  terrainOptions,
} from '../../../../src/engine/rules/blue-grey/combat';
import {
  attackRefusal,
  attackableHex,
  provisionalCombat,
} from '../../../../src/engine/rules/blue-grey/attack';
import { recoverAndRally } from '../../../../src/engine/rules/blue-grey/rally';
import { stackingRefusal, tallyStacks } from '../../../../src/engine/rules/blue-grey/stacking';
import { classicScenarioGaps } from '../../../../src/engine/rules/classic/support';
import { countersErrors, gameScenario } from '../../../../src/engine/scenario/counters';
import { seededDice } from '../../../../src/engine/dice';
import { unsupportedReason } from '../../../../src/engine/rules/hooks';
import { hookKey, withHookState } from '../../../../src/engine/rules/hooks/hook-state';
import {
  loadScenario,
  movementPhaseAt,
  orderPlay,
  readCountersFixture,
} from '../../scenarios/support';

const { scenario: shipped, map } = loadScenario('grand-chancellorsville');
const leadersRule = shipped.specialRules.find((r) => r.hook === 'leaders')!;

/** Test leader counters (labelled, not the historical counter sheet). */
const leader = (
  id: string,
  side: Side,
  designation: string,
  stars: number,
  command?: string,
): UnitSpec => ({
  id,
  side,
  designation,
  type: 'leader',
  strength: 0,
  stars,
  ...(command ? { command } : {}),
  notes: 'TEST counter',
});
const LEADERS: UnitSpec[] = [
  leader('us-hooker', 'union', 'Hooker (test)', 2),
  leader('us-couch', 'union', 'Couch (test)', 1, 'II'),
  leader('cs-lee', 'confederate', 'Lee (test)', 2),
  // The counter says 2: the text's 3 (23.58) wins.
  leader('cs-jackson', 'confederate', 'Jackson (test)', 2, 'Jackson'),
  leader('cs-anderson', 'confederate', 'Anderson (test)', 1, 'A'),
];
const scenario: ScenarioDocument = { ...shipped, units: [...shipped.units, ...LEADERS] };
const ctx: GameContext = prepareGame(scenario, map);
const hook = ctx.hooks.find((h) => h.hook === 'leaders')!;
const start = newGame(ctx, {}, fixedDice([]));

/** The start position in `side`'s Movement Phase of Game-Turn `turn`, units placed as given (null: eliminated). */
const at = (turn: number, side: Side, placed: Record<string, HexId | null> = {}): GameState =>
  movementPhaseAt(ctx, start, turn, side, placed);
const inCombat = (s: GameState): GameState => ({ ...s, phase: 'combat', movement: null });
const movesOf = (s: GameState, side: Side, unit: string, type = 'move') =>
  legalOrders(ctx, s, side).filter(
    (o) => o.type === type && (o as { unit?: string }).unit === unit,
  ) as Array<{ type: string; unit: string; path: HexId[] }>;
const endsIn = (s: GameState, side: Side, unit: string, hex: HexId) =>
  movesOf(s, side, unit).some((o) => o.path[o.path.length - 1] === hex);
const { accepted, refusalOrNull: refusalOf } = orderPlay(ctx);
/** A neighbour of `hex` with clear terrain, no hexside feature and no unit in `s`. */
function clearNeighbour(s: GameState, hex: HexId, not: HexId[] = []): HexId {
  const n = ctx.map.grid
    .neighbours(hex)
    .filter((h) => ctx.map.has(h) && !not.includes(h))
    .find(
      (h) =>
        ctx.map.hex(h).terrain === 'clear' &&
        ctx.map.hexside(hex, h).length === 0 &&
        !Object.values(s.units).some((u) => u.status === 'on-map' && u.hex === h),
    );
  if (!n) throw new Error(`no clear empty neighbour of ${hex}`);
  return n;
}
const eliminatedBy = (events: GameEvent[], unit: string) =>
  events.find((e) => e.type === 'unit-eliminated' && e.unit === unit)?.rule;

describe('Grand Chancellorsville 23.5 leaders: the declaration and the counters', () => {
  it("Grand Chancellorsville 23.5: the leaders rule is played; its counters are the players' (counters block, case 23.5, Hooker, Lee, Jackson, Stuart named)", () => {
    expect(unsupportedReason(leadersRule)).toBeNull();
    expect(notYetSupported(shipped)).toEqual([]);
    expect(shipped.counters).toMatchObject({ case: '23.5', sides: ['union', 'confederate'] });
    const named = Object.fromEntries(shipped.counters!.named.map((n) => [n.id, n]));
    expect(named['cs-jackson']).toMatchObject({ type: 'leader', turn: 2, entry: ['F2501'] });
    expect(named['cs-stuart']).toMatchObject({ type: 'leader', turn: 8 });
    expect(named['us-hooker'].turn).toBeUndefined();
    expect(named['cs-lee'].hex).toBeUndefined();
    expect(leadersRule.params!.stars).toEqual({ 'cs-jackson': 3 });
  });

  it('Grand Chancellorsville 23.5: a declaration asking for what the hook does not implement is refused', () => {
    const p = leadersRule.params!;
    for (const bad of [
      { ...p, counters: 'from the text' },
      { ...p, strategicMovement: true },
      { ...p, stacking: 3 },
      { ...p, disorderSave: [0, 7] },
      { ...p, commands: undefined },
      { ...p, vpPerStar: 2 },
    ])
      expect(unsupportedReason({ ...leadersRule, params: bad } as RuleHook)).not.toBeNull();
  });

  it('Grand Chancellorsville 23.5: without leader counters the game has no leaders and the rule acts on nothing', () => {
    const plain = prepareGame(shipped, map);
    const s = newGame(plain, {}, fixedDice([]));
    expect(Object.values(s.units).some((u) => plain.unitSpecs.get(u.id)!.type === 'leader')).toBe(
      false,
    );
    const h = plain.hooks.find((x) => x.hook === 'leaders')!;
    expect(h.afterOrder!(plain, s, s, [], fixedDice([]))).toBeNull();
    expect(h.victoryInputs!(plain, s)).toEqual({
      eliminatedLeaderStars: { union: 0, confederate: 0 },
    });
  });

  it('Grand Chancellorsville 23.5: the 1975 rules refuse leader units and the leaders rule (O2.4)', () => {
    const gaps = classicScenarioGaps(scenario).map((g) => `${g.case} ${g.what}`);
    expect(gaps).toContain(
      'O2.4 leader units (the 1975 rules have infantry, cavalry and artillery)',
    );
    expect(gaps).toContain('23.5-23.59 special rule "leaders" under the 1975 rules');
  });
});

describe('Grand Chancellorsville 23.51 movement', () => {
  it('Grand Chancellorsville 23.51: a leader has a Movement Allowance of twelve (eleven at Night), whatever the counter prints', () => {
    const day = at(3, 'union', { 'us-hooker': 'H0307' });
    expect(
      moverFor(moveEnv(ctx, day, 'union'), day.units['us-hooker'], false, false).allowance,
    ).toBe(36);
    const night = at(6, 'union', { 'us-hooker': 'H0307' });
    expect(
      moverFor(moveEnv(ctx, night, 'union'), night.units['us-hooker'], false, false).allowance,
    ).toBe(33);
  });

  it('Grand Chancellorsville 23.51: a leader may not use Strategic Movement (6.42)', () => {
    const s = at(3, 'union', { 'us-hooker': 'H0307' });
    expect(movesOf(s, 'union', 'us-hooker', 'strategic-move')).toEqual([]);
    const to = movesOf(s, 'union', 'us-hooker')[0].path.slice(0, 1);
    expect(
      refusalOf(s, 'union', { type: 'strategic-move', unit: 'us-hooker', path: to }),
    ).toMatchObject({ code: 'NOT_ELIGIBLE', rule: '6.42' });
  });

  it('Grand Chancellorsville 23.51: a leader Forced Marches with 24 MP, more than any infantry unit (12)', () => {
    const s = at(3, 'union', { 'us-hooker': 'F0608' });
    const fm = movesOf(s, 'union', 'us-hooker', 'forced-march');
    expect(fm.length).toBeGreaterThan(0);
    const longest = fm.reduce((a, b) => (b.path.length > a.path.length ? b : a));
    const r = accepted(s, 'union', longest);
    const mp = (r.events.find((e) => e.type === 'moved') as unknown as { mp: string }).mp;
    const value = mp.split(' ').reduce((t, x) => t + (x.includes('/') ? 1 / 3 : Number(x)), 0);
    expect(value).toBeGreaterThan(12);
    expect(value).toBeLessThanOrEqual(24);
  });

  it('Grand Chancellorsville 23.51: a leader places no Rally or Breastworks marker and never attacks (2.3)', () => {
    const s = at(3, 'union', { 'us-hooker': 'H0307' });
    expect(refusalOf(s, 'union', { type: 'rally-marker', unit: 'us-hooker' })).toMatchObject({
      code: 'LEADER_NO_MARKER',
      rule: '23.51',
    });
    expect(refusalOf(s, 'union', { type: 'build-breastworks', unit: 'us-hooker' })).toMatchObject({
      code: 'LEADER_NO_MARKER',
    });
    const target = clearNeighbour(s, 'H0307');
    const c = inCombat(at(3, 'union', { 'us-hooker': 'H0307', 'cs-wilcox-a': target }));
    expect(
      attackRefusal(ctx, c, 'union', {
        type: 'attack',
        attackers: ['us-hooker'],
        defenders: [target],
      }),
    ).toMatchObject({ code: 'NOT_A_COMBAT_UNIT' });
  });
});

describe('Grand Chancellorsville 23.52, 23.53 stacking', () => {
  it("Grand Chancellorsville 23.52: a leader ignores the combat units' stacking restrictions (here a Union division that stacks alone, 23.1)", () => {
    const s = at(3, 'union', { 'us-hooker': 'H0306' });
    expect(endsIn(s, 'union', 'us-hooker', 'H0307')).toBe(true);
    const r = accepted(s, 'union', { type: 'move', unit: 'us-hooker', path: ['H0307'] });
    expect(r.state.units['us-hooker'].hex).toBe('H0307');
    // And the division's own stacking is not touched by him: the hex still holds one combat unit.
    expect(
      refusalOf(r.state, 'union', { type: 'move', unit: 'us-3-ii', path: ['H0307'] }),
    ).toMatchObject({ code: 'STACKING_LIMIT' });
  });

  it('Grand Chancellorsville 23.53: a one-star leader stacks only with units of his command, and ends his move with one of them', () => {
    const base = at(3, 'union', { 'us-couch': 'H0307' });
    const foreign = clearNeighbour(base, 'H0307');
    const empty = clearNeighbour(base, 'H0307', [foreign]);
    const s = at(3, 'union', { 'us-couch': 'H0307', 'us-art-iii': foreign });
    expect(endsIn(s, 'union', 'us-couch', 'H0306')).toBe(true); // 3/II, his corps
    expect(endsIn(s, 'union', 'us-couch', foreign)).toBe(false); // III Corps artillery
    expect(endsIn(s, 'union', 'us-couch', empty)).toBe(false);
    expect(
      refusalOf(s, 'union', { type: 'move', unit: 'us-couch', path: [foreign] }),
    ).toMatchObject({
      code: 'LEADER_COMMAND',
      rule: '23.53',
    });
    expect(refusalOf(s, 'union', { type: 'move', unit: 'us-couch', path: [empty] })).toMatchObject({
      code: 'LEADER_COMMAND',
    });
  });

  it('Grand Chancellorsville 23.53: a unit of another command may not join a one-star leader; a higher commander present lifts it', () => {
    const base = at(3, 'union', { 'us-couch': 'H0305' });
    const next = clearNeighbour(base, 'H0305');
    const s = at(3, 'union', { 'us-couch': 'H0305', 'us-art-iii': next });
    expect(
      refusalOf(s, 'union', { type: 'move', unit: 'us-art-iii', path: ['H0305'] }),
    ).toMatchObject({
      code: 'LEADER_COMMAND',
    });
    const withHooker = at(3, 'union', {
      'us-couch': 'H0305',
      'us-art-iii': next,
      'us-hooker': 'H0305',
    });
    expect(
      accepted(withHooker, 'union', { type: 'move', unit: 'us-art-iii', path: ['H0305'] }).state
        .units['us-art-iii'].hex,
    ).toBe('H0305');
    // The one-star leader himself may join a unit of another command where a higher commander is.
    expect(endsIn(s, 'union', 'us-couch', next)).toBe(false);
    const withHookerThere = at(3, 'union', {
      'us-couch': 'H0305',
      'us-art-iii': next,
      'us-hooker': next,
    });
    expect(endsIn(withHookerThere, 'union', 'us-couch', next)).toBe(true);
  });

  it("Grand Chancellorsville 23.53: a retreat or advance after combat into a one-star leader's hex is never refused for his sake", () => {
    const base = at(3, 'union', { 'us-couch': 'H0305' });
    const next = clearNeighbour(base, 'H0305');
    const s = at(3, 'union', { 'us-couch': 'H0305', 'us-art-iii': next });
    const j = ctx.board.index.get('H0305')!;
    const from = ctx.board.index.get(next)!;
    expect(
      stackingRefusal(ctx, tallyStacks(ctx, s, 'union'), s.units['us-art-iii'], from, j),
    ).toMatchObject({ code: 'LEADER_COMMAND' });
    const c = inCombat(s);
    expect(
      stackingRefusal(ctx, tallyStacks(ctx, c, 'union'), c.units['us-art-iii'], from, j),
    ).toBeNull();
  });

  it('Grand Chancellorsville 23.53: a one-star leader whose command is all eliminated is removed from play, worth no Victory Points', () => {
    const gone = Object.fromEntries(
      (leadersRule.params!.commands as Record<string, string[]>).A.map((id) => [id, null]),
    );
    const s = at(3, 'confederate', { 'cs-anderson': 'H1523' });
    const after = at(3, 'confederate', { ...gone, 'cs-anderson': 'H1523' });
    const r = hook.afterOrder!(ctx, s, after, [], fixedDice([]))!;
    expect(r.events.find((e) => e.type === 'leader-removed')).toMatchObject({
      unit: 'cs-anderson',
      rule: '23.53',
    });
    expect(r.state.units['cs-anderson'].status).toBe('eliminated');
    expect(hook.victoryInputs!(ctx, r.state)).toEqual({
      eliminatedLeaderStars: { union: 0, confederate: 0 },
    });
  });
});

describe('Grand Chancellorsville 23.54 Enemy units and leaders', () => {
  it('Grand Chancellorsville 23.54: a leader alone does not impede Enemy movement; the Enemy combat unit moving through his hex eliminates him', () => {
    const base = at(3, 'union');
    const lee = clearNeighbour(base, 'H0307');
    const s = at(3, 'union', { 'cs-lee': lee });
    const through = movesOf(s, 'union', 'us-1-ii').find(
      (o) => o.path.length > 1 && o.path.slice(0, -1).includes(lee),
    );
    const into = movesOf(s, 'union', 'us-1-ii').find((o) => o.path[o.path.length - 1] === lee);
    expect(into).toBeDefined();
    const r = accepted(s, 'union', through ?? into);
    expect(eliminatedBy(r.events, 'cs-lee')).toBe('23.54');
    expect(r.state.units['cs-lee'].status).toBe('eliminated');
    expect(hook.victoryInputs!(ctx, r.state)).toEqual({
      eliminatedLeaderStars: { union: 0, confederate: 2 },
    });
  });

  it('Grand Chancellorsville 23.54: a hex a leader holds alone is neither attacked nor bombarded; he is never a defender', () => {
    const base = at(3, 'union');
    const lee = clearNeighbour(base, 'H0307');
    const s = inCombat(at(3, 'union', { 'cs-lee': lee }));
    expect(attackableHex(ctx, s, combatOf(s), lee, 'union')).toBe(false);
    expect(
      attackRefusal(ctx, s, 'union', { type: 'attack', attackers: ['us-1-ii'], defenders: [lee] }),
    ).toMatchObject({ code: 'NO_ENEMY' });
    const stacked = inCombat(at(3, 'union', { 'cs-lee': lee, 'cs-wilcox-a': lee }));
    const c = provisionalCombat(
      stacked,
      { type: 'attack', attackers: ['us-1-ii'], defenders: [lee] },
      0,
      ctx,
    );
    expect(c.defenders).toEqual(['cs-wilcox-a']);
  });
});

describe('Grand Chancellorsville 23.54, 23.61 i a leader and the Line of Communication', () => {
  it('Grand Chancellorsville 23.54, 23.61 i: an Enemy Leader alone in F2501 does not cut the Union line (Enemy units pass him as if he did not exist); a combat unit there does', () => {
    const noConfederates = Object.fromEntries(
      Object.keys(start.units)
        .filter((id) => start.units[id].side === 'confederate')
        .map((id) => [id, null]),
    );
    const exited = (s: GameState): GameState => ({
      ...s,
      units: { ...s.units, 'us-3-v': { ...s.units['us-3-v'], hex: null, status: 'exited' } },
    });
    const lee = exited(at(20, 'union', { ...noConfederates, 'cs-lee': 'F2501' }));
    expect(victoryInputs(ctx, lee).exitLineOfCommunication).toEqual({ union: true });
    const heth = exited(at(20, 'union', { ...noConfederates, 'cs-heth-h': 'F2501' }));
    expect(victoryInputs(ctx, heth).exitLineOfCommunication).toEqual({ union: false });
  });
});

describe('Grand Chancellorsville 23.55 leaders in combat', () => {
  /** Union us-1-ii at H0307 attacks Confederate units at a clear neighbour; more units placed as given. */
  function combat(placed: Record<string, HexId | null>, attackers = ['us-1-ii']) {
    const base = at(3, 'union');
    const target = clearNeighbour(base, 'H0307');
    const s = inCombat(at(3, 'union', { 'cs-wilcox-a': target, ...placed }));
    const c = provisionalCombat(s, { type: 'attack', attackers, defenders: [target] }, 0, ctx);
    c.origin = Object.fromEntries(
      [...c.attackers, ...c.defenders].map((id) => [id, s.units[id].hex!]),
    );
    const strengths = combatStrengths(ctx, s, c, terrainOptions(ctx, s, c)[0]);
    return { s, c, target, strengths };
  }

  it('Grand Chancellorsville 23.55: a leader of more than one star adds 1 CSP to non-artillery units in his stack; a one-star leader adds none', () => {
    const plain = combat({});
    expect(plain.strengths.perAttacker['us-1-ii']).toBe(16);
    expect(combat({ 'us-hooker': 'H0307' }).strengths.perAttacker['us-1-ii']).toBe(17);
    expect(combat({ 'us-couch': 'H0307' }).strengths.perAttacker['us-1-ii']).toBe(16);
    const def = combat({ 'cs-jackson': plain.target });
    expect(def.strengths.perDefender['cs-wilcox-a']).toBe(
      plain.strengths.perDefender['cs-wilcox-a'] + 1,
    );
    // Artillery in his stack gains nothing.
    const art = combat({ 'cs-jackson': plain.target, 'cs-garnett-a': plain.target });
    const artPlain = combat({ 'cs-garnett-a': plain.target });
    expect(art.strengths.perDefender['cs-garnett-a']).toBe(
      artPlain.strengths.perDefender['cs-garnett-a'],
    );
  });

  it('Grand Chancellorsville 23.52: only the highest ranking leader in an attack affects it (Jackson, 3 stars by the text, over Lee)', () => {
    const base = at(3, 'union');
    const target = clearNeighbour(base, 'H0307');
    const other = ctx.map.grid
      .neighbours(target)
      .find(
        (h) =>
          ctx.map.has(h) &&
          h !== 'H0307' &&
          ctx.map.grid.adjacent(h, 'H0307') &&
          ctx.map.hex(h).terrain !== 'river',
      )!;
    const s = inCombat(
      at(3, 'union', {
        'cs-wilcox-a': target,
        'cs-perry-a': other,
        'cs-lee': other,
        'cs-jackson': target,
      }),
    );
    const c = provisionalCombat(
      s,
      { type: 'attack', attackers: ['us-1-ii'], defenders: [target, other] },
      0,
      ctx,
    );
    expect(hook.strengthBonus!(ctx, s, c, 'cs-wilcox-a')).toBe(1);
    expect(hook.strengthBonus!(ctx, s, c, 'cs-perry-a')).toBe(0);
    expect(hook.disorderSave!(ctx, s, c, 'cs-perry-a')).toBeNull();
    expect(hook.disorderSave!(ctx, s, c, 'cs-wilcox-a')).toEqual({
      cancelOn: [1, 2, 3],
      rule: '23.55',
      by: 'cs-jackson',
    });
  });

  it('Grand Chancellorsville 23.55: a unit stacked with a leader saves a Disorder on 1-3; Hooker gives no save', () => {
    const couch = combat({ 'us-couch': 'H0307' });
    expect(hook.disorderSave!(ctx, couch.s, couch.c, 'us-1-ii')).toMatchObject({
      cancelOn: [1, 2, 3],
      by: 'us-couch',
    });
    const hooker = combat({ 'us-hooker': 'H0307', 'us-couch': 'H0307' });
    expect(hook.disorderSave!(ctx, hooker.s, hooker.c, 'us-1-ii')).toBeNull();
    expect(hook.disorderSave!(ctx, combat({}).s, combat({}).c, 'us-1-ii')).toBeNull();
  });
});

describe('Grand Chancellorsville 23.56 leader casualties', () => {
  const stack = (): { before: GameState; after: GameState; events: GameEvent[] } => {
    const before = inCombat(at(3, 'union', { 'cs-anderson': 'F1326' }));
    const after: GameState = {
      ...before,
      units: {
        ...before.units,
        'cs-wilcox-a': { ...before.units['cs-wilcox-a'], status: 'eliminated', hex: null },
      },
    };
    const events: GameEvent[] = [
      {
        type: 'unit-eliminated',
        unit: 'cs-wilcox-a',
        side: 'confederate',
        hex: 'F1326',
        strength: 5,
        rule: '8.6 De',
      },
    ];
    return { before, after, events };
  };

  it('Grand Chancellorsville 23.56: a leader whose stack is eliminated is killed on a 1; the Enemy scores 2 VP per star (23.58)', () => {
    const { before, after, events } = stack();
    const r = hook.afterOrder!(ctx, before, after, events, fixedDice([1]))!;
    expect(r.events.find((e) => e.type === 'die-rolled')).toMatchObject({
      purpose: 'leader-casualty',
      roll: 1,
      killed: true,
    });
    expect(eliminatedBy(r.events, 'cs-anderson')).toBe('23.56');
    const union = victoryPoints(ctx, r.state, 'union') - victoryPoints(ctx, after, 'union');
    expect(union).toBe(2);
  });

  it('Grand Chancellorsville 23.56: on any other roll he is placed on the nearest unit of his command', () => {
    const { before, after, events } = stack();
    const r = hook.afterOrder!(ctx, before, after, events, fixedDice([4]))!;
    const a = (leadersRule.params!.commands as Record<string, string[]>).A.filter(
      (id) => after.units[id].status === 'on-map',
    );
    const d = (id: string) => ctx.map.grid.distance('F1326', after.units[id].hex!);
    const nearest = Math.min(...a.map(d));
    const to = a
      .filter((id) => d(id) === nearest)
      .map((id) => after.units[id].hex!)
      .sort()[0];
    expect(r.events.find((e) => e.type === 'leader-placed')).toMatchObject({
      unit: 'cs-anderson',
      from: 'F1326',
      to,
      rule: '23.56',
    });
    expect(r.state.units['cs-anderson']).toMatchObject({ status: 'on-map', hex: to });
  });
});

describe('Grand Chancellorsville 23.57, 23.58 rally and victory', () => {
  it('Grand Chancellorsville 23.57: a unit attempting to Rally stacked with a leader succeeds without a roll', () => {
    const s0 = inCombat(at(4, 'confederate', { 'cs-anderson': 'F1326' }));
    const s: GameState = {
      ...s0,
      units: {
        ...s0.units,
        'cs-wilcox-a': { ...s0.units['cs-wilcox-a'], morale: 'routed', markers: { rally: true } },
      },
    };
    const events: GameEvent[] = [];
    const after = recoverAndRally(ctx, s, fixedDice([]), events);
    expect(after.units['cs-wilcox-a'].morale).toBe('good');
    expect(events.find((e) => e.type === 'rally-automatic')).toMatchObject({
      unit: 'cs-wilcox-a',
      by: 'cs-anderson',
    });
    // Without him, the 12.41b roll: a 6 eliminates a Routed unit.
    const alone = {
      ...s,
      units: { ...s.units, 'cs-anderson': { ...s.units['cs-anderson'], hex: 'H1523' } },
    };
    const rolled = recoverAndRally(ctx, alone, fixedDice([6]), []);
    expect(rolled.units['cs-wilcox-a'].status).toBe('eliminated');
  });

  it('Grand Chancellorsville 23.58, 23.61: killing Jackson (3 stars by the text) gives the Union 6 VP; a Union leader the Confederate 2 per star', () => {
    const s = at(10, 'union');
    const key = hookKey(leadersRule);
    const jackson = withHookState(s, key, {
      eliminated: [{ unit: 'cs-jackson', side: 'confederate', stars: 3, rule: '23.56' }],
    });
    expect(victoryPoints(ctx, jackson, 'union') - victoryPoints(ctx, s, 'union')).toBe(6);
    const hooker = withHookState(s, key, {
      eliminated: [{ unit: 'us-hooker', side: 'union', stars: 2, rule: '23.54' }],
    });
    expect(victoryPoints(ctx, hooker, 'confederate') - victoryPoints(ctx, s, 'confederate')).toBe(
      4,
    );
    expect(shipped.victory.points).toContainEqual({
      kind: 'eliminated-leader-stars',
      points: 2,
      case: '23.58, 23.61',
    });
  });
});

describe('Grand Chancellorsville 23.55, 23.56 through a combat', () => {
  /** The Union Combat Phase of Game-Turn 3 with us-1-ii at H0307 next to the given Confederate stack ("T"). */
  function combatPhase(placed: Record<string, HexId | null>): { s: GameState; target: HexId } {
    const target = clearNeighbour(at(3, 'union'), 'H0307');
    const placedHere = Object.fromEntries(
      Object.entries(placed).map(([id, h]) => [id, h === 'T' ? target : h]),
    );
    // 3/II (H0306), also next to the target, is taken off so that us-1-ii attacks alone.
    const s = at(3, 'union', { 'us-3-ii': null, ...placedHere });
    return { s: accepted(s, 'union', { type: 'end-phase' }).state, target };
  }
  /** Answers every pending decision with its first legal order, rolling `dice` in turn. */
  function play(s: GameState, order: unknown, dice: number[]) {
    const all: GameEvent[] = [];
    let state = s;
    let r = applyOrder(ctx, state, state.phasing, order, fixedDice(dice));
    for (let i = 0; i < 10; i++) {
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      all.push(...r.events);
      state = r.state;
      if (!state.pending) break;
      const o = legalOrders(ctx, state, state.pending.side)[0];
      r = applyOrder(
        ctx,
        state,
        state.pending.side,
        o,
        fixedDice(dice.slice(state.diceDrawn - s.diceDrawn)),
      );
    }
    return { state, events: all };
  }

  it("Grand Chancellorsville 23.56: a De eliminates the leader's stack; he survives a 2 and joins the nearest unit of his command", () => {
    const { s, target } = combatPhase({ 'cs-wilcox-a': 'T', 'cs-anderson': 'T' });
    // 16 against 5 in the open: 3:1, a 1 is De.
    const r = play(s, { type: 'attack', attackers: ['us-1-ii'], defenders: [target] }, [1, 2]);
    expect(r.events.find((e) => e.type === 'combat-resolved')).toMatchObject({ result: 'De' });
    expect(r.events.find((e) => e.purpose === 'leader-casualty')).toMatchObject({
      unit: 'cs-anderson',
      roll: 2,
      killed: false,
    });
    expect(r.state.units['cs-anderson'].status).toBe('on-map');
    expect(r.state.units['cs-anderson'].hex).not.toBe(target);
  });

  it('Grand Chancellorsville 23.55: an attacker stacked with a leader saves the 12.11 Disorder of an Ar on 1-3', () => {
    const { s, target } = combatPhase({
      'cs-wilcox-a': 'T',
      'cs-kershaw-m': 'T',
      'us-couch': 'H0307',
    });
    // 16 against 11: 1:1, a 4 is Ar; us-1-ii retreats from an Enemy Zone of Control (12.11).
    const r = play(
      s,
      { type: 'attack', attackers: ['us-1-ii'], defenders: [target] },
      [4, 2, 2, 2],
    );
    expect(r.events.find((e) => e.type === 'combat-resolved')).toMatchObject({ result: 'Ar' });
    expect(r.events.find((e) => e.type === 'disorder-save')).toMatchObject({
      unit: 'us-1-ii',
      by: 'us-couch',
      roll: 2,
      cancelled: true,
      rule: '23.55',
    });
    expect(r.state.units['us-1-ii'].morale).toBe('good');
  });
});

describe('Grand Chancellorsville 23.59 the test counters (test/fixtures/counters/grand-chancellorsville.json)', () => {
  const fixture = readCountersFixture('grand-chancellorsville');
  const { note: _note, ...counters } = fixture;

  it('Grand Chancellorsville 23.59: the test leaders are valid counters: named ones fill Hooker, Lee, Jackson and Stuart, each is deployed with his command', () => {
    expect(fixture.note).toMatch(/NOT the historical order of battle/);
    expect(countersErrors(shipped, map, counters)).toEqual([]);
    const merged = gameScenario(shipped, { counters }, map);
    const g = prepareGame(merged, map);
    const s = newGame(g, { counters }, fixedDice([]));
    expect(s.units['us-hooker']).toMatchObject({ status: 'on-map', hex: 'F1202' });
    expect(s.units['us-couch']).toMatchObject({ status: 'on-map', hex: 'H0306' });
    // Jackson and Stuart arrive as the named counters say (23.59), Reynolds with I Corps.
    const arriving = (id: string) => merged.reinforcements.find((r) => r.units.includes(id));
    expect(arriving('cs-jackson')).toMatchObject({ turn: 2, entry: ['F2501'] });
    expect(arriving('cs-stuart')).toMatchObject({ turn: 8 });
    expect(arriving('us-reynolds')).toMatchObject({ turn: 1, entry: ['F1301'] });
  });

  it('Grand Chancellorsville 23.59: a leader deployed away from his command, or an army commander arriving after Game-Turn 1, is refused at its counters path', () => {
    const placements = [
      { unit: 'us-couch', hex: 'F1302' }, // 1/III: not his corps
      { unit: 'cs-lee', hex: 'F1326' },
      { unit: 'cs-anderson', hex: 'H1523' },
      { unit: 'cs-early', hex: 'F1711' },
    ];
    const errors = countersErrors(shipped, map, {
      ...counters,
      placements,
      reinforcements: [
        ...(counters.reinforcements ?? []),
        { side: 'union', turn: 2, entry: ['H1128', 'H0128'], units: ['us-hooker'] },
      ],
    }).map((e) => `${e.path}: ${e.message}`);
    expect(errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/^placements\[0\]\.hex: .*us-couch.*23\.59/)]),
    );
    expect(errors.some((e) => /us-hooker/.test(e))).toBe(true);
    // A one-star leader names his command, one the rule knows.
    const units = counters.units.map((u) =>
      u.id === 'us-couch'
        ? { ...u, command: undefined }
        : u.id === 'cs-early'
          ? { ...u, command: 'Z' }
          : u,
    );
    const bad = countersErrors(shipped, map, { ...counters, units }).map((e) => e.path);
    expect(bad).toEqual(expect.arrayContaining(['units[1].command', 'units[7].command']));
    // Reynolds with the I Corps on Game-Turn 1 at F1301, Stuart with the cavalry: accepted.
    expect(countersErrors(shipped, map, counters)).toEqual([]);
  });

  it('Grand Chancellorsville 23.5-23.59: a seeded random playout with the test leaders reaches a result', () => {
    const merged = gameScenario(shipped, { counters }, map);
    const g = prepareGame(merged, map);
    const seed = process.env.LEADERS_SEED ?? 'leaders-playout-0';
    let state = newGame(g, { counters }, seededDice(seed, 0));
    let x = 12345;
    const pick = (n: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % n;
    };
    let inPhase = 0;
    let key = '';
    const seen: Record<string, number> = {};
    for (let n = 0; n < 40000 && state.phase !== 'finished'; n++) {
      const acting = whoMustAct(g, state)!;
      const k = `${state.turn}/${state.phasing}/${state.phase}`;
      if (k !== key) [key, inPhase] = [k, 0];
      const orders = legalOrders(g, state, acting.side).filter((o) => o.type !== 'resign');
      expect(orders.length).toBeGreaterThan(0);
      const end = orders.find((o) => o.type === 'end-phase');
      const others = orders.filter((o) => o.type !== 'end-phase');
      const choice =
        acting.kind === 'decision' || !end
          ? orders[pick(orders.length)]
          : inPhase++ >= 6 || others.length === 0 || pick(10) === 0
            ? end
            : others[pick(others.length)];
      const r = applyOrder(g, state, acting.side, choice, seededDice(seed, state.diceDrawn));
      if (!r.ok) throw new Error(`${JSON.stringify(choice)} refused: ${JSON.stringify(r.refusal)}`);
      for (const e of r.events)
        if (e.rule && String(e.rule).includes('23.5'))
          seen[String(e.rule)] = (seen[String(e.rule)] ?? 0) + 1;
      state = r.state;
    }
    if (process.env.PLAYOUTS_REPORT) console.log(JSON.stringify(seen), state.result);
    expect(state.phase).toBe('finished');
    expect(state.result).not.toBeNull();
  });
});
