/**
 * The public face of the rules engine: prepareGame, newGame, legalOrders,
 * applyOrder, whoMustAct, view. Pure functions over plain JSON state; the
 * state passed in is never mutated; untrusted orders never make it throw.
 *
 * legalOrders and applyOrder share one generator per phase: the Movement
 * Phase lists and checks orders with the same step and path functions
 * (movement.ts), and the Combat Phase goes through combat-phase.ts.
 */
import type { Dice } from './dice';
import { NotYetSupportedError } from './errors';
import { assertCountersMerged, requireArmies } from './scenario/counters';
import { TerrainMap, type TerrainTables } from './map';
import { RULES_SYSTEM, RULES_VERSION } from './state';
import { canonicalState, sortKeysDeep } from './canonical';
import { atRevision, CANONICAL_KEY_ORDER, ENGINE_REVISION } from './revision';
import type { GameOptions, GameState, Order, PendingDecision, UnitState } from './state';
import type {
  GameEvent,
  HexId,
  MapDocument,
  ReinforcementSpec,
  Refusal,
  ScenarioDocument,
  Side,
  UnitSpec,
} from './types';
import { otherSide, SIDES } from './types';
import { Board, buildBoard } from './rules/blue-grey/board';
import { applyCombatPhaseOrder, combatPhaseOrders } from './rules/blue-grey/combat-phase';
import { applyMovementPhaseOrder, movementPhaseOrders } from './rules/blue-grey/movement-phase';
import { refuse } from './rules/blue-grey/refusals';
import { unexpectedFields } from './orders';
import {
  afterCombatPhase,
  freshMovementPhase,
  isNight,
  skipPlayerTurns,
  toCombatPhase,
} from './rules/blue-grey/sequence-of-play';
import { applySetupPhaseOrder, beginSetup, setupPhaseOrders } from './rules/blue-grey/setup-phase';
import {
  MovementHook,
  resolveMovementHooks,
  unsupportedHooks,
  unsupportedReason,
} from './rules/hooks';
import {
  canOccupy,
  evaluateVictory,
  victoryInputs,
  victoryPoints,
} from './rules/blue-grey/victory';
import { evaluateVictory as standingOf, type VictoryStanding } from './victory';
import { chooseRules, isClassic } from './rules';
import {
  applyClassicOrder,
  classicOrders,
  classicStanding,
  classicScenarioGaps,
  classicVictoryPoints,
  newClassicGame,
} from './rules/classic';
import { appendAll } from './lists';
import { attackRefusal, parseAttack } from './rules/blue-grey/attack';
import { attackOddsPreview, type AttackOddsPreview } from './rules/blue-grey/combat-odds';
import { classicAttackRefusal, parseClassicAttack } from './rules/classic/attack';
import {
  classicAttackOddsPreview,
  type ClassicAttackOddsPreview,
} from './rules/classic/combat-odds';

export interface GameContext {
  scenario: ScenarioDocument;
  map: TerrainMap;
  /** The map as integer-indexed tables for the movement and ZOC inner loops. */
  board: Board;
  unitSpecs: Map<string, UnitSpec>;
  /** The reinforcement entry that schedules each reinforcement unit (5.0). */
  reinforcementOf: Map<string, ReinforcementSpec>;
  /** Board indices of the hexes gunboats may use besides river hexes (9.62). */
  gunboatHexes: Set<number>;
  /** Objective hexes with occupation tracking (18.31). */
  objectiveHexes: Set<HexId>;
  /** Movement-side exclusive-rule hooks the scenario declares. */
  hooks: MovementHook[];
  /** The scenario's unit ids in its order: the canonical order of a state's units (canonical.ts). */
  unitOrder: string[];
}

export type ApplyResult =
  { ok: true; state: GameState; events: GameEvent[] } | { ok: false; refusal: Refusal };

export interface GameView {
  scenarioId: string;
  rules: GameState['rules'];
  turn: number;
  turns: number;
  night: boolean;
  phase: GameState['phase'];
  phasing: Side;
  mustAct: ReturnType<typeof whoMustAct>;
  units: Array<UnitState & { designation: string; type: string }>;
  fieldworks: GameState['fieldworks'];
  objectives: GameState['objectives'];
  victoryPoints: Record<Side, number>;
  eliminatedStrength: Record<Side, number>;
  result: GameState['result'];
}

/**
 * The costly part of preparing a game, a function of the map document alone
 * (counters merged into a scenario never change it): the TerrainMap's tables
 * and the Board. Plain data — Maps, arrays, typed arrays — so it can be built
 * on a worker thread and handed over by structured clone.
 */
export interface MapTables {
  terrain: TerrainTables;
  board: Board;
}

/** Builds the tables prepareGame would build for `mapDoc` (pure, deterministic). */
export function buildMapTables(mapDoc: MapDocument): MapTables {
  const map = new TerrainMap(mapDoc);
  return { terrain: map.tables(), board: buildBoard(map) };
}

/**
 * Once per scenario: the map and lookups every game of it shares. Throws on an
 * inconsistent scenario. `tables`, when given, are buildMapTables(mapDoc) built
 * elsewhere (a worker thread): used as they are instead of being built again —
 * the context, and so every game played on it, is the same.
 */
export function prepareGame(
  scenario: ScenarioDocument,
  mapDoc: MapDocument,
  tables?: MapTables,
): GameContext {
  const map = tables ? TerrainMap.fromTables(mapDoc, tables.terrain) : new TerrainMap(mapDoc);
  const board = tables ? tables.board : buildBoard(map);
  const unitSpecs = new Map(scenario.units.map((u) => [u.id, u]));
  const reinforcementOf = new Map<string, ReinforcementSpec>();
  for (const r of scenario.reinforcements) for (const u of r.units) reinforcementOf.set(u, r);
  const gunboatHexes = new Set<number>();
  for (const h of scenario.gunboatHexes ?? []) {
    const i = board.index.get(h);
    if (i !== undefined) gunboatHexes.add(i);
  }
  const ctx: GameContext = {
    scenario,
    map,
    board,
    unitSpecs,
    reinforcementOf,
    gunboatHexes,
    objectiveHexes: new Set(scenario.victory.objectives.map((o) => o.hex)),
    hooks: [],
    unitOrder: scenario.units.map((u) => u.id),
  };
  ctx.hooks = resolveMovementHooks(scenario);
  return ctx;
}

/** Something a scenario needs that the engine does not implement yet. */
export interface NotYetSupported {
  /** Case of the rule ("17.1", "3.0"). */
  case: string;
  what: string;
}

/**
 * What a scenario needs that this engine cannot play yet: special rules
 * (hooks) nothing consults. Games of such a scenario are refused rather than
 * played without them. (A free-deployment set-up is played in the set-up
 * phase, setup-phase.ts; units the text does not print are supplied by the
 * players, src/engine/scenario/counters.ts.)
 */
export function notYetSupported(scenario: ScenarioDocument): NotYetSupported[] {
  // A scenario of the 1975 rules is played by them (src/engine/rules/classic), with their own hooks.
  if (scenario.rules.system === 'classic') return classicScenarioGaps(scenario);
  // `missing` (data the text lacks) is not listed: the players supply the units
  // (scenario.counters, options.counters), and newGame refuses a game in which a
  // side has none (requireArmies, src/engine/scenario/counters.ts).
  return unsupportedHooks(scenario).map((r) => ({
    case: r.case,
    what: unsupportedReason(r) ?? `special rule "${r.hook}"`,
  }));
}

/**
 * Where a game stands on victory now, under the rules it is played by:
 * points so far, who holds each objective, and the level (with its side,
 * case and competition score) that would be awarded if the game ended now.
 */
export function victoryStanding(ctx: GameContext, given: GameState): VictoryStanding {
  const state = canonical(ctx, given);
  if (isClassic(state)) return classicStanding(ctx, state);
  // What the hooks trace or record (Lines of Communication, exits, tallies, leaders), as at the end.
  return standingOf(ctx.scenario.victory, victoryInputs(ctx, state), canOccupy(ctx));
}

/**
 * The state with its keyed objects in canonical order (canonical.ts): every
 * entry point below reads the state it is given through this, so the rules'
 * walks over units and hook state follow the content, not the key order.
 */
function canonical(ctx: GameContext, state: GameState): GameState {
  return canonicalState(state, ctx.unitOrder);
}

/**
 * 3.0: set up from the scenario; Game-Turn One, the first player's Movement
 * Phase. The game is pinned to engine revision `revision` (revision.ts): the
 * current one for a new game, the recorded one when a replay is re-run.
 */
export function newGame(
  ctx: GameContext,
  givenOptions: GameOptions,
  dice: Dice,
  revision: number = ENGINE_REVISION,
): GameState {
  const pinned = { rules: { revision } };
  const options = atRevision(pinned, CANONICAL_KEY_ORDER)
    ? sortKeysDeep(givenOptions)
    : givenOptions;
  const created = newGameOf(ctx, options, dice, revision);
  return revision === 1 ? created : canonical(ctx, created);
}

function newGameOf(
  ctx: GameContext,
  options: GameOptions,
  dice: Dice,
  revision: number,
): GameState {
  const { scenario } = ctx;
  // Counters the players supply are merged before the context is prepared (gameScenario).
  assertCountersMerged(ctx.unitSpecs, options);
  // A side with no unit at all: COUNTERS_REQUIRED, or NOT_YET_SUPPORTED citing `missing`.
  requireArmies(scenario);
  // The rules system: options.rules over scenario.rules (src/engine/rules/index.ts).
  const rules = chooseRules(scenario, options);
  if (rules.system === 'classic') {
    if (scenario.start)
      throw new NotYetSupportedError(
        'start',
        'a later start (scenario.start) is not yet supported under the 1975 rules',
      );
    const classic = newClassicGame(ctx, options, dice, rules.version);
    return revision === 1 ? classic : { ...classic, rules: { ...classic.rules, revision } };
  }
  if (scenario.rules.system !== 'blue-grey')
    throw new NotYetSupportedError(
      'rules',
      `"${scenario.id}" is a ${scenario.rules.system} scenario; it is not yet playable under the revised rules`,
    );
  const missing = notYetSupported(scenario);
  if (missing.length > 0) {
    const cases = missing.map((m) => m.case).join(', ');
    const what = missing.map((m) => `${m.what} (${m.case})`).join(', ');
    throw new NotYetSupportedError(cases, `${what} not yet supported by the engine`);
  }
  const setup = scenario.setup;
  const placed = new Map<string, HexId>();
  for (const p of setup.placements ?? []) placed.set(p.unit, p.hex);
  const units: Record<string, UnitState> = {};
  for (const spec of scenario.units) {
    const hex = placed.get(spec.id) ?? null;
    units[spec.id] = {
      id: spec.id,
      side: spec.side,
      hex,
      status: hex !== null ? 'on-map' : 'pending',
      strength: spec.strength,
      morale: 'good',
      markers: {},
    };
  }
  // A later start (scenario.start, a custom situation): placed units' morale (12.1).
  const start = scenario.start ?? {};
  for (const m of start.units ?? []) {
    const u = units[m.unit];
    if (!u || u.status !== 'on-map')
      throw new Error(`start.units: ${m.unit} is not a unit placed in the set-up`);
    units[m.unit] = { ...u, morale: m.morale };
  }
  const turn = start.turn ?? 1;
  const phasing =
    start.player === 'second' ? otherSide(scenario.firstPlayer) : scenario.firstPlayer;
  const fieldworks: GameState['fieldworks'] = [];
  if (setup.kind === 'fixed') {
    for (const f of setup.fieldworks ?? []) {
      const occupant = Object.values(units).find((u) => u.hex === f.hex);
      // 10.33, 10.39: Breastworks placed in the Initial Deployment are Trenches.
      fieldworks.push({
        hex: f.hex,
        kind: 'trench',
        facing: [...f.facing],
        side: occupant?.side ?? scenario.firstPlayer,
      });
    }
  }
  const objectives: Record<HexId, Side | null> = {};
  for (const o of scenario.victory.objectives) {
    const occupant = Object.values(units).find(
      (u) => u.hex === o.hex && ctx.unitSpecs.get(u.id)!.type !== 'gunboat',
    );
    objectives[o.hex] = occupant?.side ?? o.initial ?? null;
  }
  const state: GameState = {
    schema: 1,
    rules: {
      system: RULES_SYSTEM,
      version: scenario.rules.version || RULES_VERSION,
      ...(revision === 1 ? {} : { revision }),
    },
    scenarioId: scenario.id,
    options,
    turn,
    night: isNight(ctx, turn),
    phase: 'movement',
    phasing,
    units,
    fieldworks,
    movement: freshMovementPhase(),
    combat: null,
    pending: null,
    objectives,
    eliminatedStrength: { union: 0, confederate: 0 },
    hookState: {},
    blockedReinforcements: [],
    diceDrawn: dice.drawn,
    result: null,
  };
  // A victory rule the engine cannot evaluate would only surface when the
  // game ends; refuse the game now instead of failing at its last order.
  try {
    evaluateVictory(ctx, state);
  } catch (e) {
    throw new NotYetSupportedError('victory', (e as Error).message);
  }
  // 3.0: a free-deployment scenario starts with its set-up phase; a first
  // Player-Turn that an exclusive rule takes away is skipped (Cemetery Hill 16.32).
  const begun = beginSetup(ctx, canonical(ctx, state));
  const started = begun.phase === 'setup' ? begun : startOfPlay(ctx, begun).state;
  // A start in the Combat Phase (a fixed set-up only): the Movement Phase is over with nothing
  // moved, and the Combat Phase begins as after end-phase (8.11 obligations, 12.41 rally).
  if (start.phase === 'combat') {
    if (started.phase !== 'movement')
      throw new Error('start.phase "combat" needs a fixed set-up (3.0)');
    return { ...toCombatPhase(ctx, started, dice).state, diceDrawn: dice.drawn };
  }
  // The skipped Player-Turn's end rules may roll (First Bull Run 18.0): the dice drawn are counted after them.
  return { ...skipPlayerTurns(ctx, started, dice).state, diceDrawn: dice.drawn };
}

/** The exclusive-rule hook whose own decision is pending (Jonesborough 16.1 Breastworks facing), if any. */
function deciding(ctx: GameContext, state: GameState): MovementHook | undefined {
  const kind = state.pending?.kind;
  if (kind === undefined) return undefined;
  return ctx.hooks.find((h) => h.decisionKinds?.includes(kind));
}

/** Exclusive rules applied once when play begins, after the set-up (Atlanta 16.1 Breastworks at set-up). */
function startOfPlay(
  ctx: GameContext,
  state: GameState,
): { state: GameState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const h of ctx.hooks) {
    const r = h.atStartOfPlay?.(ctx, s);
    if (r) {
      s = r.state;
      events.push(...r.events);
    }
  }
  return { state: s, events };
}

/** Who must act now: the phasing side, or the side a pending decision waits on; null when the game is over. */
export function whoMustAct(
  ctx: GameContext,
  state: GameState,
): { side: Side; kind: 'phase' | 'decision'; decision?: PendingDecision } | null {
  if (state.phase === 'finished') return null;
  if (state.pending) return { side: state.pending.side, kind: 'decision', decision: state.pending };
  void ctx;
  return { side: state.phasing, kind: 'phase' };
}

/** Every order `side` may give now, each accepted unchanged by applyOrder; empty when that side may not act. Resignation is never listed. */
export function legalOrders(ctx: GameContext, given: GameState, side: Side): Order[] {
  if (given.phase === 'finished') return [];
  const state = canonical(ctx, given);
  const acting = whoMustAct(ctx, state);
  const orders: Order[] = [];
  if (acting && acting.side === side) {
    const hook = isClassic(state) ? undefined : deciding(ctx, state);
    if (isClassic(state)) appendAll(orders, classicOrders(ctx, state, side));
    else if (hook) appendAll(orders, hook.decisionOrders!(ctx, state, side));
    else if (state.pending) appendAll(orders, combatPhaseOrders(ctx, state, side));
    else if (state.phase === 'setup') appendAll(orders, setupPhaseOrders(ctx, state, side));
    else if (state.phase === 'movement') appendAll(orders, movementPhaseOrders(ctx, state, side));
    else appendAll(orders, combatPhaseOrders(ctx, state, side));
  }
  // Resignation is not listed: it is no move of the game but a player's decision to stop
  // (POST /v1/games/{id}/resign); a bot choosing among legal orders would resign by accident.
  // applyOrder still accepts { type: 'resign' } from either side at any moment.
  return orders;
}

function isOrderShape(order: unknown): order is Order {
  return (
    typeof order === 'object' &&
    order !== null &&
    !Array.isArray(order) &&
    typeof (order as { type?: unknown }).type === 'string'
  );
}

/** Apply one untrusted order: the next state and its events, or a refusal naming the case. Never throws, never mutates. */
export function applyOrder(
  ctx: GameContext,
  state: GameState,
  side: Side,
  order: unknown,
  dice: Dice,
): ApplyResult {
  try {
    return applyOrderUnsafe(ctx, canonical(ctx, state), side, order, dice);
  } catch (err) {
    return refuse('BAD_ORDER', '—', `the order could not be applied: ${(err as Error).message}`);
  }
}

function applyOrderUnsafe(
  ctx: GameContext,
  state: GameState,
  side: Side,
  order: unknown,
  dice: Dice,
): ApplyResult {
  if (!SIDES.includes(side)) return refuse('BAD_ORDER', '—', `unknown side ${String(side)}`);
  if (!isOrderShape(order))
    return refuse('BAD_ORDER', '—', 'an order is an object with a string "type"');
  const extra = unexpectedFields(order);
  if (extra.length > 0) {
    const names = extra.map((f) => `"${f}"`).join(', ');
    return refuse('BAD_ORDER', '—', `a "${order.type}" order has no field ${names}`);
  }
  if (state.phase === 'finished') return refuse('GAME_OVER', '4.0', 'the game is over');
  if (order.type === 'resign') {
    const winner = side === 'union' ? 'confederate' : 'union';
    const result = { winner, level: null, reason: `${side} resigned` } as GameState['result'];
    return {
      ok: true,
      state: { ...state, phase: 'finished', movement: null, pending: null, result },
      events: [
        { type: 'resigned', side },
        { type: 'game-ended', reason: `${side} resigned`, winner, level: null },
      ],
    };
  }
  const acting = whoMustAct(ctx, state)!;
  if (acting.side !== side) {
    return refuse(
      'NOT_YOUR_TURN',
      state.pending ? '—' : '6.11',
      `it is ${acting.side}'s turn to act`,
    );
  }
  if (isClassic(state)) {
    // The 1975 rules run their own phases and exclusive-rule hooks (src/engine/rules/classic).
    const r = applyClassicOrder(ctx, state, side, order, dice);
    return r.ok ? { ok: true, state: { ...r.state, diceDrawn: dice.drawn }, events: r.events } : r;
  }
  let result: ApplyResult;
  const hook = deciding(ctx, state);
  if (hook) {
    result = hook.applyDecision!(ctx, state, side, order);
  } else if (state.phase === 'setup') {
    result = applySetupPhaseOrder(ctx, state, side, order, dice);
  } else if (state.phase === 'movement' && !state.pending) {
    result = applyMovementPhaseOrder(ctx, state, side, order, dice);
  } else {
    result = applyCombatPhaseOrder(ctx, state, side, order, dice);
    if (result.ok && order.type === 'end-phase' && !state.pending) {
      const after = afterCombatPhase(ctx, result.state, dice);
      result = { ok: true, state: after.state, events: [...result.events, ...after.events] };
    }
  }
  if (!result.ok) return result;
  if (state.phase === 'setup' && result.state.phase === 'movement') {
    const started = startOfPlay(ctx, result.state);
    const skipped = skipPlayerTurns(ctx, started.state, dice);
    result = {
      ok: true,
      state: skipped.state,
      events: [...result.events, ...started.events, ...skipped.events],
    };
  }
  const hooked = afterOrderHooks(ctx, state, result.state, result.events, dice);
  return { ok: true, state: { ...hooked.state, diceDrawn: dice.drawn }, events: hooked.events };
}

/** Exclusive-rule bookkeeping after every accepted order (lift triggers, delays): hooks see the order's events. */
function afterOrderHooks(
  ctx: GameContext,
  before: GameState,
  after: GameState,
  events: GameEvent[],
  dice: Dice,
): { state: GameState; events: GameEvent[] } {
  let state = after;
  let out = events;
  for (const h of ctx.hooks) {
    // Dice for rolls an exclusive rule makes when play reaches a point (Hooker and Lee 19.14), recorded in its events.
    const r = h.afterOrder?.(ctx, before, state, out, dice);
    if (r) {
      state = r.state;
      out = [...out, ...r.events];
    }
  }
  return { state, events: out };
}

/** The whole visible state for clients. */
export function view(ctx: GameContext, given: GameState): GameView {
  const state = canonical(ctx, given);
  return {
    scenarioId: state.scenarioId,
    rules: state.rules,
    turn: state.turn,
    turns: ctx.scenario.turns,
    night: state.night,
    phase: state.phase,
    phasing: state.phasing,
    mustAct: whoMustAct(ctx, state),
    units: Object.values(state.units).map((u) => {
      const spec = ctx.unitSpecs.get(u.id)!;
      return { ...u, designation: spec.designation, type: spec.type };
    }),
    fieldworks: state.fieldworks,
    objectives: state.objectives,
    victoryPoints: victoryPointsOf(ctx, state),
    eliminatedStrength: state.eliminatedStrength,
    result: state.result,
  };
}

/** Both sides' victory points now, by the game's rules (the 1975 or the revised count). */
export function victoryPointsOf(
  ctx: GameContext,
  state: GameState,
): { union: number; confederate: number } {
  return isClassic(state)
    ? {
        union: classicVictoryPoints(ctx, state, 'union'),
        confederate: classicVictoryPoints(ctx, state, 'confederate'),
      }
    : {
        union: victoryPoints(ctx, state, 'union'),
        confederate: victoryPoints(ctx, state, 'confederate'),
      };
}

/** The state with its keyed objects in canonical order (canonical.ts), as every entry point reads it. */
export function canonicalStateOf(ctx: GameContext, state: GameState): GameState {
  return canonical(ctx, state);
}

// ------------------------------------------------------------ odds preview ----

/** An attack's odds without rolling: the Blue & Grey (2e) or the 1975 preview. */
export type AttackOdds = AttackOddsPreview | ClassicAttackOddsPreview;

/** Dice for a check that must never roll: a refusal always comes before any die. */
const NO_DICE: Dice = {
  d6: () => {
    throw new Error('the odds preview rolls no die');
  },
  drawn: 0,
};

/**
 * The odds of an attack order `side` could give now, without rolling (8.0–8.9, 11.23; 1975 O7.0–O7.9):
 * strengths, terrain, shifts, modifiers, the column and the result of every die, from the very
 * function the combat is resolved with (combat-odds.ts). An order the engine would refuse is refused
 * with the same refusal: the same checks run, in the same order, as applyOrder's.
 */
export function attackOdds(
  ctx: GameContext,
  given: GameState,
  side: Side,
  order: unknown,
): { ok: true; odds: AttackOdds } | { ok: false; refusal: Refusal } {
  try {
    const state = canonical(ctx, given);
    if (isOrderShape(order) && order.type !== 'attack')
      return refuse(
        'BAD_ORDER',
        '8.0',
        `odds are previewed for "attack" orders, not "${order.type}"`,
      );
    const o = order as Record<string, unknown>;
    const previewable =
      isOrderShape(order) &&
      SIDES.includes(side) &&
      unexpectedFields(order).length === 0 &&
      state.phase === 'combat' &&
      !state.pending &&
      state.phasing === side;
    if (!previewable) {
      // Not a moment an attack may be made: the order itself says why.
      const r = applyOrder(ctx, state, side, order, NO_DICE);
      if (!r.ok) return r;
      return refuse('BAD_ORDER', '8.0', 'no attack can be made now');
    }
    if (isClassic(state)) {
      const a = parseClassicAttack(o);
      if ('code' in a) return { ok: false, refusal: a };
      const why = classicAttackRefusal(ctx, state, side, a);
      if (why) return { ok: false, refusal: why };
      return { ok: true, odds: classicAttackOddsPreview(ctx, state, a) };
    }
    const a = parseAttack(o);
    if ('code' in a) return { ok: false, refusal: a };
    const why = attackRefusal(ctx, state, side, a);
    if (why) return { ok: false, refusal: why };
    return { ok: true, odds: attackOddsPreview(ctx, state, a) };
  } catch (err) {
    return refuse('BAD_ORDER', '—', `the order could not be read: ${(err as Error).message}`);
  }
}
