/**
 * A tiny rules system for tests of the service's sealed simultaneous
 * decisions (src/engine/rules/system.ts), built on the engine's one sealing
 * mechanism (src/engine/secrecy.ts SealedRound): each round both seats bid
 * 0–9 at once, each bid held unseen by the other seat and the public until
 * both are in, then both revealed together; the higher bid wins the round
 * and its seat must answer an interrupt (claim one of two prizes); after
 * `rounds` rounds the seat with more prizes wins. The block game's initiative
 * bids and replacement stages (002 [3.1], [12.0]) have this shape.
 */
import type { Dice } from '../../src/engine/dice';
import {
  answerSealedRound,
  openSealedRound,
  sealedOrder,
  sealedRoundFor,
  stillToAnswer,
  type SealedRound,
} from '../../src/engine/secrecy';
import type { RulesSystem, SystemState } from '../../src/engine/rules';
import type { GameResult, Order } from '../../src/engine/state';
import type { Side } from '../../src/engine/types';

export const SEALED_BIDS = 'test-sealed-bids';
const RULE = 'test 1.1';
const SEATS: Side[] = ['union', 'confederate'];

export interface SealedBidsScenario {
  id: string;
  title: string;
  rules: { system: typeof SEALED_BIDS; version: string };
  rounds: number;
}

export interface SealedBidsState extends SystemState {
  round: SealedRound<number>;
  /** The seat that won the last round and must claim a prize. */
  claiming: Side | null;
  prizes: Record<Side, number>;
}

export const SEALED_BIDS_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://muster.example/schema/test-sealed-bids.schema.json',
  type: 'object',
  required: ['id', 'title', 'rules', 'rounds'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9-]+$' },
    title: { type: 'string' },
    rules: {
      type: 'object',
      required: ['system', 'version'],
      additionalProperties: false,
      properties: { system: { const: SEALED_BIDS }, version: { type: 'string' } },
    },
    rounds: { type: 'integer', minimum: 1, maximum: 9 },
  },
};

const other = (s: Side): Side => (s === 'union' ? 'confederate' : 'union');

function finish(state: SealedBidsState): SealedBidsState {
  const { union, confederate } = state.prizes;
  const winner = union === confederate ? null : union > confederate ? 'union' : 'confederate';
  const result: GameResult = { winner, level: null, reason: 'all rounds bid' };
  return { ...state, phase: 'finished', result };
}

export const SEALED_BIDS_RULES: RulesSystem<SealedBidsScenario, SealedBidsState> = {
  id: SEALED_BIDS,
  scenarios: {
    schemas: { scenario: SEALED_BIDS_SCHEMA },
    check: () => [],
    summary: (scenario) => ({ rounds: (scenario as SealedBidsScenario).rounds }),
  },
  prepare: (scenario) => scenario as SealedBidsScenario,
  scenarioId: (ctx) => ctx.id,
  gaps: () => [],
  newGame: (ctx, options, dice: Dice) => ({
    rules: { system: SEALED_BIDS, version: ctx.rules.version },
    scenarioId: ctx.id,
    options,
    turn: 1,
    phase: 'bid',
    result: null,
    diceDrawn: dice.drawn,
    round: openSealedRound<number>('bid', RULE, SEATS),
    claiming: null,
    prizes: { union: 0, confederate: 0 },
  }),
  mustAct(_ctx, state) {
    if (state.result) return null;
    if (state.claiming)
      return { seats: [state.claiming], kind: 'decision', decision: { kind: 'claim' } };
    return { seats: stillToAnswer(state.round), kind: 'bid', simultaneous: true };
  },
  legalOrders(ctx, state, seat): Order[] {
    const acting = this.mustAct(ctx, state);
    if (!acting) return [];
    const orders: Order[] = [];
    if (acting.seats.includes(seat)) {
      if (state.claiming) orders.push({ type: 'claim', prize: 'a' }, { type: 'claim', prize: 'b' });
      else for (let bid = 0; bid <= 9; bid++) orders.push({ type: 'bid', bid });
    }
    return orders;
  },
  applyOrder(ctx, state, seat, order, dice) {
    const refuse = (code: string, message: string) => ({
      ok: false as const,
      refusal: { code, rule: RULE, message },
    });
    const o = order as { type?: unknown; bid?: unknown; prize?: unknown } | null;
    if (state.result) return refuse('GAME_OVER', 'the game is over');
    if (o?.type === 'resign') {
      const result: GameResult = { winner: other(seat), level: null, reason: `${seat} resigned` };
      return {
        ok: true,
        state: { ...state, phase: 'finished', result },
        events: [{ type: 'resigned', side: seat }],
      };
    }
    const acting = this.mustAct(ctx, state)!;
    if (!acting.seats.includes(seat))
      return refuse('NOT_YOUR_TURN', `${seat} has nothing to do now`);
    if (state.claiming) {
      if (o?.type !== 'claim' || (o.prize !== 'a' && o.prize !== 'b'))
        return refuse('BAD_ORDER', 'claim prize "a" or "b"');
      let next: SealedBidsState = {
        ...state,
        claiming: null,
        prizes: { ...state.prizes, [seat]: state.prizes[seat] + 1 },
        turn: state.turn + 1,
        round: openSealedRound<number>('bid', RULE, SEATS),
      };
      const events = [{ type: 'claimed', side: seat, prize: o.prize }];
      if (state.turn >= ctx.rounds) next = finish(next);
      return { ok: true, state: { ...next, diceDrawn: dice.drawn }, events };
    }
    if (
      o?.type !== 'bid' ||
      typeof o.bid !== 'number' ||
      !Number.isInteger(o.bid) ||
      o.bid < 0 ||
      o.bid > 9
    )
      return refuse('BAD_ORDER', 'bid a whole number from 0 to 9');
    const { round, complete } = answerSealedRound(state.round, seat, o.bid);
    if (!complete)
      return { ok: true, state: { ...state, round }, events: [{ type: 'bid-sealed', side: seat }] };
    // Both bids are in: revealed together; ties go to the die.
    const bids = round.answers as Record<Side, number>;
    const roll = bids.union === bids.confederate ? dice.d6() : null;
    const winner =
      bids.union > bids.confederate
        ? 'union'
        : bids.confederate > bids.union
          ? 'confederate'
          : roll! <= 3
            ? 'union'
            : 'confederate';
    return {
      ok: true,
      state: { ...state, round, claiming: winner, diceDrawn: dice.drawn },
      events: [
        { type: 'bids-revealed', bids: { ...bids }, ...(roll !== null ? { roll } : {}), winner },
      ],
    };
  },
  view: (_ctx, state, reader) => ({
    round: state.result ? state.round : sealedRoundFor(state.round, reader),
    claiming: state.claiming,
    prizes: state.prizes,
  }),
  stateFor(_ctx, state, reader, finished) {
    const hidden = SEATS.some((s) => s !== reader && s in state.round.answers);
    if (finished || state.result || !hidden || state.claiming) return { state, redacted: false };
    return { state: { ...state, round: sealedRoundFor(state.round, reader) }, redacted: true };
  },
  eventsFor: (_ctx, events) => events,
  orderFor: (_ctx, order, seat, reader, finished) =>
    finished || reader === seat || (order as { type?: unknown })?.type !== 'bid'
      ? order
      : sealedOrder(seat, RULE),
  victory: (_ctx, state) => ({
    points: { ...state.prizes },
    objectives: {},
    level: state.result?.winner ? 'winner' : 'draw',
    winner: state.result?.winner ?? null,
    competitionScore: null,
    case: null,
  }),
  competitionScore: () => null,
};
