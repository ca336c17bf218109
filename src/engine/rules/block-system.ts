/**
 * The Bobby Lee / Sam Grant block game behind the engine contract
 * (system.ts): a battle scenario (scenarios/schema/block-battle.schema.json)
 * played on its own by the battle engine of src/engine/rules/block, until
 * the campaign maps exist. The game state is an envelope the service reads
 * like any system's (rules, turn, phase, result, dice drawn) around the
 * battle engine's own state, which it never interprets.
 *
 * Fog of war (notes §8): every read goes through the battle engine's
 * blockView and blockEventsFor, so a seat sees its own blocks and, of the
 * enemy's, where they stand and what has been revealed, and the public
 * sees no block's identity or strength until revealed. A pending interrupt
 * (hit allocation among equal-CV blocks, the melee choice) shows its
 * candidates to its seat only. Once the game is over — the battle ended or a
 * seat resigned — everything is shown and the replay can be verified.
 */
import { ENGINE_REVISION } from '../revision';
import type { Dice } from '../dice';
import { NotYetSupportedError } from '../errors';
import type { GameOptions, GameResult, Order } from '../state';
import type { GameEvent, Side } from '../types';
import { applyBattleOrder, battleLegalOrders, battleMustAct, battleVictory } from './block/battle';
import {
  BLOCK_SYSTEM,
  BLOCK_VERSION,
  isBlockBattleScenario,
  newBattle,
  validateBattleScenario,
  type BlockBattleScenario,
} from './block/battle-scenario';
import { blockEventsFor, blockView } from './block/block-view';
import type { BlockBattleState, BlockEvent } from './block/types';
import type {
  DocumentProblem,
  MustAct,
  Reader,
  RulesSystem,
  ScenarioGap,
  SystemState,
  SystemVictory,
} from './system';

/** A prepared block battle scenario: the checked document. */
export interface BlockContext {
  scenario: BlockBattleScenario;
}

/** A block game: what the service reads of every system, around the battle engine's state. */
export interface BlockGameState extends SystemState {
  schema: 1;
  /** revision: the engine revision the game was created under (absent: 1, sfc32 dice). */
  rules: { system: typeof BLOCK_SYSTEM; version: string; revision?: number };
  /** The battle day (6.3). */
  turn: number;
  /** The battle engine's phase; "finished" once the battle is over or a seat resigned. */
  phase: string;
  battle: BlockBattleState;
}

const other = (s: Side): Side => (s === 'union' ? 'confederate' : 'union');

/** "/hexsides/0/id" (the battle engine's problem paths) as the service's "hexsides[0].id". */
function dottedPath(pointer: string): string {
  const parts = pointer.split('/').filter((p) => p !== '');
  if (parts.length === 0) return '(document)';
  return parts.reduce(
    (path, p) => (/^\d+$/.test(p) ? `${path}[${p}]` : path ? `${path}.${p}` : p),
    '',
  );
}

function problemsOf(doc: unknown): DocumentProblem[] {
  if (!isBlockBattleScenario(doc))
    return [
      {
        document: 'scenario',
        path: 'kind',
        message:
          'a block scenario is a battle scenario (kind "block-battle", rules.system "block")',
      },
    ];
  return validateBattleScenario(doc).map((p) => ({
    document: 'scenario',
    path: dottedPath(p.path),
    message: p.message,
  }));
}

/** Nothing of a battle scenario is refused: naval invasion battles (10.4, 10.5) are played too. */
function gapsOf(_doc: unknown): ScenarioGap[] {
  return [];
}

/** The result the views show: the battle's Victor (6.4), or the side that did not resign. */
function resultOf(battle: BlockBattleState): GameResult | null {
  if (battle.phase.name !== 'over') return null;
  const victory = battleVictory(battle);
  return { winner: victory.winner, level: null, reason: victory.reason ?? 'the battle is over' };
}

/** The envelope around a battle state (after every order: the battle engine decides, this copies). */
function envelope(
  rules: BlockGameState['rules'],
  options: GameOptions,
  battle: BlockBattleState,
  resigned: GameResult | null = null,
): BlockGameState {
  const result = resigned ?? resultOf(battle);
  return {
    schema: 1,
    rules,
    scenarioId: battle.scenarioId,
    options,
    turn: battle.day,
    phase: result ? 'finished' : battle.phase.name,
    result,
    diceDrawn: battle.diceDrawn,
    battle,
  };
}

/** The battle as the views draw it: once the game is over (a resignation included) every block is shown. */
function shownBattle(state: BlockGameState): BlockBattleState {
  return state.result && state.battle.phase.name !== 'over'
    ? { ...state.battle, phase: { name: 'over' }, pending: null }
    : state.battle;
}

function blockMustAct(state: BlockGameState, reader: Reader): MustAct | null {
  if (state.result) return null;
  const acting = battleMustAct(state.battle);
  if (!acting) return null;
  const pending = state.battle.pending;
  // An interrupt's candidates (which of the seat's blocks may take the hit) are its seat's alone.
  const decision =
    pending === null
      ? undefined
      : pending.side === reader
        ? pending
        : { kind: pending.kind, side: pending.side };
  return {
    seats: [...acting.seats],
    kind: acting.kind,
    ...(acting.simultaneous ? { simultaneous: true } : {}),
    ...(decision ? { decision } : {}),
  };
}

/**
 * A seat resigns (accepted at any moment in both block systems, never
 * listed): the result, the other side winning, and its two events; or the
 * refusal of a resign order carrying anything else.
 */
export function resignation(
  seat: Side,
  order: object,
): { ok: true; result: GameResult; events: GameEvent[] } | ReturnType<typeof refusal> {
  if (Object.keys(order).length !== 1)
    return refusal('BAD_ORDER', '—', 'a "resign" order has no other field');
  const reason = `${seat} resigned`;
  return {
    ok: true,
    result: { winner: other(seat), level: null, reason },
    events: [
      { type: 'resigned', side: seat },
      { type: 'game-ended', reason, winner: other(seat), level: null },
    ],
  };
}

function refusal(code: string, rule: string, message: string) {
  return { ok: false as const, refusal: { code, rule, message } };
}

export const BLOCK_RULES: RulesSystem<BlockContext, BlockGameState> = {
  id: BLOCK_SYSTEM,
  scenarios: {
    schemas: { scenario: 'block-battle.schema.json' },
    check: (scenario) => problemsOf(scenario),
    summary(scenario) {
      const doc = scenario as BlockBattleScenario;
      const count = (side: Side) => doc.units.filter((u) => u.side === side).length;
      return {
        kind: doc.kind,
        date: doc.date,
        year: doc.year,
        theater: doc.theater,
        weather: doc.weather,
        hex: doc.hex,
        attacker: doc.attacker,
        blocks: { union: count('union'), confederate: count('confederate') },
      };
    },
  },
  prepare(scenario: unknown, _map: unknown, options?: GameOptions): BlockContext {
    if (options?.counters !== undefined)
      throw new NotYetSupportedError(
        'options.counters',
        'a block battle takes its forces from the scenario; it has no supplied counters',
      );
    const problems = problemsOf(scenario);
    if (problems.length > 0)
      throw new Error(problems.map((p) => `${p.path}: ${p.message}`).join('; '));
    return { scenario: scenario as BlockBattleScenario };
  },
  scenarioId: (ctx) => ctx.scenario.id,
  gaps: (scenario) => gapsOf(scenario),
  newGame(ctx, options, dice: Dice, revision: number = ENGINE_REVISION): BlockGameState {
    const asked = options.rules as { system?: unknown } | undefined;
    if (asked !== undefined && asked?.system !== BLOCK_SYSTEM)
      throw new NotYetSupportedError(
        'options.rules',
        `a block battle is played under the block rules only (asked: ${JSON.stringify(asked)})`,
      );
    const version = ctx.scenario.rules.version || BLOCK_VERSION;
    return envelope(
      { system: BLOCK_SYSTEM, version, revision },
      options,
      newBattle(ctx.scenario, options, dice),
    );
  },
  mustAct: (_ctx, state, reader = null) => blockMustAct(state, reader),
  legalOrders(_ctx, state, seat): Order[] {
    if (state.result) return [];
    // Resigning is accepted at any moment, never listed (as in the hex games).
    return battleLegalOrders(state.battle, seat) as Order[];
  },
  applyOrder(_ctx, state, seat, order, dice) {
    if (seat !== 'union' && seat !== 'confederate')
      return refusal('BAD_ORDER', '—', `unknown side ${String(seat)}`);
    if (state.result) return refusal('GAME_OVER', '6.1', 'the game is over');
    if ((order as { type?: unknown } | null)?.type === 'resign') {
      const r = resignation(seat, order as object);
      if (!r.ok) return r;
      return {
        ok: true,
        state: envelope(state.rules, state.options, state.battle, r.result),
        events: r.events,
      };
    }
    try {
      const r = applyBattleOrder(state.battle, seat, order, dice);
      if (!r.ok) return r;
      return {
        ok: true,
        state: envelope(state.rules, state.options, r.state),
        events: r.events as GameEvent[],
      };
    } catch (e) {
      // Untrusted input never makes the contract throw: what the battle engine cannot take is a bad order.
      return refusal('BAD_ORDER', '—', `the order could not be applied: ${(e as Error).message}`);
    }
  },
  view: (_ctx, state, reader) => ({ battle: blockView(shownBattle(state), reader) }),
  stateFor(_ctx, state, reader, finished) {
    if (finished || state.result) return { state, redacted: false };
    // The battle engine's state holds every block's identity and strength: the reader gets its view.
    const { battle, ...rest } = state;
    return { state: { ...rest, battle: blockView(battle, reader) }, redacted: true };
  },
  eventsFor: (_ctx, events, reader, finished) =>
    blockEventsFor(events as BlockEvent[], reader, finished) as GameEvent[],
  // A battle's orders name opaque block ids, cells and hexsides: what the physical game shows.
  orderFor: (_ctx, order) => order,
  victory(_ctx, state): SystemVictory {
    const winner = state.result?.winner ?? null;
    return {
      points: { union: 0, confederate: 0 },
      objectives: {},
      level: winner ? 'victor' : 'draw',
      winner,
      competitionScore: null,
      case: winner ? '6.4' : null,
    };
  },
  competitionScore: () => null,
};
