/**
 * Seeded random playouts of the Bobby Lee campaign through the engine
 * contract (src/engine/rules/block-campaign-system.ts), as the service plays
 * them: at every step the seat that must act gives an order chosen from
 * legalOrders, and it is accepted; no seat's view, stored state or events
 * (nor the public's) ever show an enemy block's identity or strength while
 * it stands upright (notes §8); the game goes on until it is over or stops
 * where the engine lacks the rules that come next (NOT_YET_SUPPORTED naming
 * the case), and the log then re-runs from the seed to the same state hashes
 * (src/engine/replay.ts). How far each playout got is printed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { parse } from 'yaml';
import { CAMPAIGN_EVENTS } from '../../../src/engine/event-catalog';
import {
  campaignBattleEventSchemaName,
  campaignEventSchemaName,
} from '../../../src/engine/event-schema';
import { campaignOrderSchemaName } from '../../../src/engine/order-schema';
import { typedMemberName } from '../../../src/games/graphql/typed-unions';
import { gameDice } from '../../../src/engine/dice';
import { rerunReplayOf, type ReplayEntryInput } from '../../../src/engine/replay';
import { ENGINE_REVISION, revisionOf } from '../../../src/engine/revision';
import { DEFAULT_RULES, rulesFor } from '../../../src/engine/rules';
import {
  BLOCK_CAMPAIGN_RULES,
  CAMPAIGN_GAPS,
  type BlockCampaignContext,
  type BlockCampaignGameState,
} from '../../../src/engine/rules/block-campaign-system';
import { campaignBlocked } from '../../../src/engine/rules/block/campaign/campaign';
import type { CampaignBlock, CampaignState } from '../../../src/engine/rules/block/campaign/types';
import { blockView } from '../../../src/engine/rules/block/block-view';
import type { Order } from '../../../src/engine/state';
import type { GameEvent, Side } from '../../../src/engine/types';
import { stateHash } from '../../../src/games/state-hash';
import { xorshiftRandom } from '../../support/xorshift';

const ROOT = join(__dirname, '..', '..', '..', 'scenarios');
const load = (id: string): unknown =>
  JSON.parse(readFileSync(join(ROOT, id, 'scenario.json'), 'utf8'));
const SYSTEM = BLOCK_CAMPAIGN_RULES;
const READERS: ReadonlyArray<Side | null> = ['union', 'confederate', null];
/** The fields an upright enemy block shows (view.ts UprightBlock): nothing of its identity. */
const UPRIGHT_KEYS = ['forceMarch', 'hex', 'hidden', 'id', 'moved', 'side'];
/** What identifies a block or tells its strength (a view's block; an event's `type` is its own). */
const IDENTITY_KEYS = ['cv', 'maxCv', 'name', 'type', 'hq', 'code', 'modified'];
const EVENT_IDENTITY_KEYS = IDENTITY_KEYS.filter((k) => k !== 'type').concat('unitType');
/**
 * Events that reveal the block they name to everyone at that moment, by the
 * rules (notes §8.3): HQ Supply shows the HQ's identity and CV, then it is
 * upright again (11.7). HQ activation needs no entry: the HQ is face-up after it.
 */
const REVEALING_EVENTS: Readonly<Record<string, string>> = { 'hq-supply': '11.7' };

/**
 * What the playouts gave each reader, for the contract check: every distinct
 * event as a reader saw it and every distinct order listed.
 */
const samples = { events: new Map<string, GameEvent>(), orders: new Map<string, Order>() };
const sample = (into: Map<string, unknown>, value: object) => {
  const key = JSON.stringify(value);
  if (!into.has(key)) into.set(key, value);
};

const rng = xorshiftRandom;

/**
 * The blocks `reader` may not see: the enemy's (every one for the public)
 * standing upright, but those a battle being fought shows it (on the board
 * or held on the shared clock, A34: fired or
 * engaged, 7.41: the battle engine's fog, checked by its own playouts).
 */
function hiddenFrom(state: CampaignState, reader: Side | null): CampaignBlock[] {
  // The battle on the board and those held on the shared clock (A34) alike.
  const battles = [...(state.battle ? [state.battle] : []), ...(state.clock?.held ?? [])];
  const shown = new Set(
    battles.flatMap((battle) =>
      blockView(battle.state, reader)
        .units.filter((u) => !u.hidden)
        .map((u) => battle.blocks[u.id]),
    ),
  );
  return state.blocks.filter((b) => b.side !== reader && !b.active && !shown.has(b.id));
}

/** A name appearing only on hidden blocks (a name a visible block shares tells nothing). */
function secretNames(state: CampaignState, reader: Side | null): string[] {
  const blocks = state.blocks;
  const hidden = hiddenFrom(state, reader);
  const shown = new Set(blocks.filter((b) => !hidden.includes(b)).map((b) => b.name));
  return [...new Set(hidden.map((b) => b.name))].filter(
    (n): n is string => n !== null && n.length > 2 && !shown.has(n),
  );
}

/**
 * The fog-of-war invariant for one reader: view and stored state of a
 * position. Each breach is added to `leaks` (one expect per playout: jest's
 * matchers cost more than the game).
 */
function checkView(
  ctx: BlockCampaignContext,
  state: BlockCampaignGameState,
  reader: Side | null,
  leaks: string[],
) {
  const leak = (what: string) => leaks.push(`${state.campaign.month} ${String(reader)}: ${what}`);
  const hidden = hiddenFrom(state.campaign, reader);
  const view = SYSTEM.view(ctx, state, reader) as {
    campaign: { blocks: Array<Record<string, unknown>>; bids: unknown; battle: unknown };
  };
  for (const b of hidden) {
    const shown = view.campaign.blocks.find((x) => x.id === b.id)!;
    if (Object.keys(shown).sort().join() !== UPRIGHT_KEYS.join())
      leak(`view shows ${JSON.stringify(shown)}`);
  }
  const stored = SYSTEM.stateFor(ctx, state, reader, false);
  if (!stored.redacted) leak('stored state not redacted');
  const seen = JSON.stringify([view, stored.state]);
  for (const name of secretNames(state.campaign, reader))
    if (seen.includes(`"${name}"`)) leak(`view or state names ${name}`);
  // The battle on the board: a hidden battle block shows no type, strength or name.
  const board = (view.campaign.battle as { board?: { units: Array<Record<string, unknown>> } })
    ?.board;
  for (const u of board?.units ?? [])
    if (u.hidden === true && IDENTITY_KEYS.some((k) => k in u))
      leak(`battle board shows ${JSON.stringify(u)}`);
  // The sealed bids: only the reader's own answer.
  const bids = view.campaign.bids as { answers: Record<string, unknown> } | null;
  if (bids && !Object.keys(bids.answers).every((s) => s === reader))
    leak(`bids show ${JSON.stringify(bids.answers)}`);
}

/** No event a reader may see tells it the identity or strength of a block hidden before and after it. */
function checkEvents(
  ctx: BlockCampaignContext,
  before: BlockCampaignGameState,
  after: BlockCampaignGameState,
  events: GameEvent[],
  reader: Side | null,
  leaks: string[],
) {
  const leak = (what: string) => leaks.push(`${after.campaign.month} ${String(reader)}: ${what}`);
  const after_ = new Set(hiddenFrom(after.campaign, reader).map((b) => b.id));
  const hidden = hiddenFrom(before.campaign, reader).filter((b) => after_.has(b.id));
  const ids = new Set(hidden.map((b) => b.id));
  const seen = SYSTEM.eventsFor(ctx, events, reader, false);
  const names = secretNames(before.campaign, reader).filter((n) =>
    secretNames(after.campaign, reader).includes(n),
  );
  // The blocks on the battle board before or after: the battle engine's events about them follow
  // its own fog (a block revealed by its fire, 7.41, even in the order that ends the battle).
  const fighting = new Set(
    [before, after].flatMap((s) => Object.values(s.campaign.battle?.blocks ?? {})),
  );
  const fightingNames = new Set(
    before.campaign.blocks.filter((b) => fighting.has(b.id)).map((b) => b.name),
  );
  for (const e of seen) {
    const text = JSON.stringify(e);
    const fromBattle = (e as { battle?: unknown }).battle !== undefined;
    for (const n of names)
      if (!(fromBattle && fightingNames.has(n)) && text.includes(`"${n}"`))
        leak(`event names ${n}: ${text}`);
    const block = (e as { block?: unknown }).block;
    if (REVEALING_EVENTS[e.type] !== undefined) continue;
    if (typeof block === 'string' && ids.has(block))
      if (EVENT_IDENTITY_KEYS.some((k) => k in e)) leak(`event tells of ${block}: ${text}`);
  }
}

export interface Playout {
  orders: number;
  months: number;
  state: BlockCampaignGameState;
  stopped: { rule: string; what: string } | null;
  replay: { ok: boolean; verified: number };
  /** Breaches of the fog of war found on the way (none expected). */
  leaks: string[];
}

/**
 * Plays `id` with seed `seed`: listed orders chosen at random (moves and
 * attacks preferred to ending the moves) until the game is over, stops
 * (campaignBlocked), or `maxOrders` or `maxMonths` is reached.
 */
export function playCampaign(id: string, seed: number, maxOrders = 400, maxMonths = 1): Playout {
  const doc = load(id);
  expect(rulesFor(DEFAULT_RULES, doc)).toBe(SYSTEM);
  const ctx = SYSTEM.prepare(doc, undefined);
  const gameSeed = `${id}-playout-${seed}`;
  let state = SYSTEM.newGame(ctx, {}, gameDice(gameSeed, 0, ENGINE_REVISION));
  const random = rng(seed * 7919 + 17);
  const entries: ReplayEntryInput[] = [];
  const startMonth = state.turn;
  const leaks: string[] = [];
  while (entries.length < maxOrders && !state.result && state.turn - startMonth < maxMonths) {
    for (const reader of READERS) checkView(ctx, state, reader, leaks);
    if (campaignBlocked(state.campaign)) break;
    const act = SYSTEM.mustAct(ctx, state, null);
    if (!act) throw new Error(`nobody must act in ${JSON.stringify(state.campaign.phase)}`);
    // A seat not named has nothing to do.
    for (const s of ['union', 'confederate'] as const)
      if (!act.seats.includes(s) && SYSTEM.legalOrders(ctx, state, s).length > 0)
        throw new Error(`${s} has orders listed but need not act`);
    const seat = act.seats[Math.floor(random() * act.seats.length)];
    const orders = SYSTEM.legalOrders(ctx, state, seat);
    if (orders.length === 0) throw new Error(`${seat} must act and has no order listed`);
    // Ending: the moves, a Pass, or a battle deployment (placing blocks again and again
    // is a random walk that may outlast the order budget).
    const ends = (o: Order) =>
      o.type === 'end-moves' ||
      o.type === 'pass' ||
      (o.type === 'battle' && (o.order as { type?: string }).type === 'deploy-done');
    const end = orders.filter(ends);
    const others = orders.filter((o) => !ends(o));
    const order: Order =
      others.length > 0 && (end.length === 0 || random() < 0.85)
        ? others[Math.floor(random() * others.length)]
        : end[Math.floor(random() * end.length)];
    const r = SYSTEM.applyOrder(
      ctx,
      state,
      seat,
      order,
      gameDice(gameSeed, state.diceDrawn, revisionOf(state)),
    );
    if (!r.ok)
      throw new Error(`listed order refused: ${JSON.stringify(order)} → ${r.refusal.message}`);
    for (const reader of READERS) {
      checkEvents(ctx, state, r.state, r.events, reader, leaks);
      for (const e of SYSTEM.eventsFor(ctx, r.events, reader, false)) sample(samples.events, e);
    }
    for (const o of orders.slice(0, 40)) sample(samples.orders, o);
    // A bid is sealed from everyone but its seat until the game is over.
    if (
      order.type === 'bid' &&
      JSON.stringify(SYSTEM.orderFor(ctx, order, seat, null, false)) !==
        JSON.stringify({ type: 'sealed', side: seat, rule: '3.12' })
    )
      leaks.push(`a bid shown to the public: ${JSON.stringify(order)}`);
    state = r.state;
    entries.push({
      seq: entries.length + 1,
      side: seat,
      order,
      events: r.events,
      stateHash: stateHash(state),
    });
  }
  const stopped = state.result ? null : campaignBlocked(state.campaign);
  if (stopped) {
    // Stopped: nobody must act, nothing is listed, and any order is refused naming the case.
    expect(SYSTEM.mustAct(ctx, state, null)).toBeNull();
    for (const s of ['union', 'confederate'] as const) {
      expect(SYSTEM.legalOrders(ctx, state, s)).toEqual([]);
      const r = SYSTEM.applyOrder(
        ctx,
        state,
        s,
        { type: 'end-moves' },
        gameDice(gameSeed, state.diceDrawn, revisionOf(state)),
      );
      expect(r).toMatchObject({
        ok: false,
        refusal: { code: 'NOT_YET_SUPPORTED', rule: stopped.rule },
      });
    }
    expect(SYSTEM.view(ctx, state, null)).toMatchObject({
      stopped: { code: 'NOT_YET_SUPPORTED', rule: stopped.rule },
      ...(CAMPAIGN_GAPS.length > 0 ? { notYetSupported: [...CAMPAIGN_GAPS] } : {}),
    });
  }
  const replay = rerunReplayOf({ system: SYSTEM, ctx }, {}, gameSeed, entries, stateHash);
  return {
    orders: entries.length,
    months: state.turn - startMonth + 1,
    state,
    stopped,
    replay: { ok: replay.ok, verified: replay.verified },
    leaks,
  };
}

const report = (id: string, seed: number, p: Playout) =>
  `${id} seed ${seed}: ${p.orders} orders, month ${p.state.campaign.month} (${p.months} played), phase ${p.state.phase}` +
  (p.stopped ? `, stopped NOT_YET_SUPPORTED ${p.stopped.rule} (${p.stopped.what})` : '');

/** `npm run fuzz` (PLAYOUTS_LONG=1): the campaign game for ten months, through the winter, not three. */
const LONG = process.env.PLAYOUTS_LONG === '1';
const CAMPAIGN_MONTHS = LONG ? 10 : 3;

describe('Bobby Lee campaign: seeded random playouts through the engine contract, fog of war checked at every step (notes §8)', () => {
  const lines: string[] = [];
  let finished = 0;
  afterAll(() => console.log(lines.join('\n')));

  it.each([1, 2, 3, 4, 5, 6])(
    'B3.0, B3.12, B3.22, B5.11: bobby-lee-1861 seed %i: every listed order accepted, nothing hidden shown, played to its end or its stop, the replay re-runs to the same hashes',
    (seed) => {
      const p = playCampaign('bobby-lee-1861', seed, 900, 5);
      lines.push(report('bobby-lee-1861', seed, p));
      expect(p.orders).toBeGreaterThan(2);
      expect(p.state.result !== null || p.stopped !== null).toBe(true);
      if (p.state.result) {
        finished++;
        // Over: the result is the month end's (4.26), every block shown, the standing agrees.
        expect(p.state.phase).toBe('finished');
        expect(p.state.campaign.victory.result).not.toBeNull();
        const ctx = SYSTEM.prepare(load('bobby-lee-1861'), undefined);
        expect(SYSTEM.victory(ctx, p.state, null).winner).toBe(p.state.result.winner);
        const seen = SYSTEM.view(ctx, p.state, 'union') as {
          campaign: { blocks: CampaignBlock[] };
        };
        expect(
          seen.campaign.blocks.every((b) => (b as { hidden?: boolean }).hidden === false),
        ).toBe(true);
      }
      expect(p.leaks).toEqual([]);
      expect(p.replay).toEqual({ ok: true, verified: p.orders });
    },
  );

  it('B4.26: bobby-lee-1861 is played to its end (October 1861) in most of those seeds', () => {
    expect(finished).toBeGreaterThanOrEqual(3);
  });

  it.each(['bobby-lee-1862', 'bobby-lee-1863', 'bobby-lee-1864'])(
    'B4.21, B4.26: %s is played to its end (October) through the contract, nothing hidden shown, and replays',
    (id) => {
      const p = playCampaign(id, 11, LONG ? 20_000 : 5_000, 12);
      lines.push(report(id, 11, p));
      expect(p.stopped).toBeNull();
      expect(p.state.result).not.toBeNull();
      expect(p.state.campaign.victory.result).not.toBeNull();
      expect(p.leaks).toEqual([]);
      expect(p.replay).toEqual({ ok: true, verified: p.orders });
    },
  );

  it(`B4.31, B4.4: bobby-lee-campaign plays ${CAMPAIGN_MONTHS} months (through its first winter under npm run fuzz) through the contract and replays`, () => {
    const p = playCampaign('bobby-lee-campaign', 11, LONG ? 40_000 : 5_000, CAMPAIGN_MONTHS);
    lines.push(report('bobby-lee-campaign', 11, p));
    expect(p.stopped).toBeNull();
    expect(p.months).toBeGreaterThanOrEqual(Math.min(CAMPAIGN_MONTHS, 2));
    expect(p.leaks).toEqual([]);
    expect(p.replay).toEqual({ ok: true, verified: p.orders });
  });

  it('the typed contract describes every event each reader saw and every order listed (openapi.yaml CampaignEvent, CampaignBattleEvent, CampaignOrder; GraphQL TypedGameEvent, TypedOrder)', () => {
    const doc = parse(readFileSync(join(__dirname, '../../../openapi.yaml'), 'utf8')) as object;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ ...doc, $id: 'https://muster.invalid/openapi.json' });
    const check = (name: string, value: unknown): string => {
      const v = ajv.getSchema(`https://muster.invalid/openapi.json#/components/schemas/${name}`);
      if (!v) return `no schema ${name}`;
      return v(value) ? 'valid' : JSON.stringify(v.errors?.slice(0, 2));
    };
    const wrong: unknown[] = [];
    const types = new Set<string>();
    for (const e of samples.events.values()) {
      const t = String(e.type);
      const fromBattle = (e as { battle?: unknown }).battle !== undefined;
      const own = fromBattle
        ? campaignBattleEventSchemaName(t)
        : t in CAMPAIGN_EVENTS
          ? campaignEventSchemaName(t)
          : `EventOf${t}`;
      const typed = check(own, e);
      const whole = check('GameEvent', e);
      const graphql = typedMemberName('event', e);
      if (typed !== 'valid' || whole !== 'valid' || graphql !== own)
        wrong.push({ event: e, typed, whole, graphql });
      types.add(fromBattle ? `battle:${t}` : t);
    }
    for (const o of samples.orders.values()) {
      const own = campaignOrderSchemaName(o.type);
      const typed = check(own, o);
      const whole = check('Order', o);
      const graphql = typedMemberName('order', o);
      if (typed !== 'valid' || whole !== 'valid' || graphql !== own)
        wrong.push({ order: o, typed, whole, graphql });
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // Not vacuous: the playouts reached most of the campaign's events and the battles'.
    expect([...types].filter((t) => !t.startsWith('battle:')).length).toBeGreaterThan(30);
    expect([...types].filter((t) => t.startsWith('battle:')).length).toBeGreaterThan(10);
  });
});
