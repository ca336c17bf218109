/**
 * The Bobby Lee / Sam Grant campaign game (seed 002, 3.0-13.7) behind the
 * engine contract (system.ts): its scenarios (scenarios/schema/
 * block-campaign.schema.json) are the yearly scenarios and the campaign game
 * of a theater (4.21, 4.31), set up from the orders of battle
 * (data/orders-of-battle) on the theater's mapboard (data/map-east.json) and
 * played by the campaign engine of src/engine/rules/block/campaign. The game
 * state is an envelope the service reads like any system's (rules, turn,
 * phase, result, dice drawn) around the campaign engine's own state.
 *
 * Fog of war (notes §8): every read goes through campaignView and
 * campaignEventsFor (campaign/view.ts): a seat sees its own blocks and, of
 * the enemy's upright blocks, only side, hex and markers; the public sees
 * only sides; the sealed initiative bids show only the reader's own. Once
 * the game is over everything is shown and the replay can be verified.
 *
 * What the engine lacks is CAMPAIGN_GAPS, by case (empty now). While it is
 * not empty a scenario is listed `playable: false` and the service creates a
 * game of it only for testing (`"testing": true`); the game's view lists the
 * gaps, and where a missing part begins the game stops (campaignBlocked):
 * every order is refused NOT_YET_SUPPORTED naming the case, never played with
 * the rule silently missing.
 */
import type { Dice } from '../dice';
import { NotYetSupportedError } from '../errors';
import { ENGINE_REVISION } from '../revision';
import { sealedOrder } from '../secrecy';
import type { GameOptions, GameResult, Order } from '../state';
import type { GameEvent, Side } from '../types';
import {
  applyCampaignOrder,
  campaignBlocked,
  campaignLegalOrders,
  campaignMustAct,
} from './block/campaign/campaign';
import { newCampaign } from './block/campaign/setup';
import { campaignMapOf, type CampaignMap } from './block/campaign/terrain';
import type {
  CampaignBattle,
  CampaignBlock,
  CampaignEvent,
  CampaignState,
  CampaignVictoryValues,
} from './block/campaign/types';
import { campaignCompetitionScore, campaignStanding } from './block/campaign/victory';
import { campaignEventsFor, campaignView, type UprightBlock } from './block/campaign/view';
import { blockView } from './block/block-view';
import { resignation } from './block-system';
import { BLOCK_DATA, orderOfBattle } from './block/data';
import { BLOCK_MAPS, type BlockMapDocument } from './block/map';
import { renderBlockMapSvg, type UprightBlocks } from './block/map-svg';
import type {
  DocumentProblem,
  MustAct,
  Reader,
  RulesSystem,
  ScenarioGap,
  SystemState,
  SystemVictory,
} from './system';

export const BLOCK_CAMPAIGN_SYSTEM = 'block-campaign';

/** A campaign scenario document (mirrors block-campaign.schema.json). */
export interface BlockCampaignScenario {
  id: string;
  title: string;
  kind: 'block-campaign';
  rules: { system: typeof BLOCK_CAMPAIGN_SYSTEM; version: string };
  theater: 'east' | 'west';
  /** The entry of data/calendar.json it is (4.21-4.34). */
  calendar: string;
  start: string;
  end: string | null;
  /** The map document's id (BLOCK_MAPS[theater].id). */
  map: string;
  ordersOfBattle: string[];
  /** 4.24 historical, 4.25 free deployment. */
  deployment: Array<'historical' | 'free'>;
  reconstructed: Record<string, unknown>;
  sources: string[];
  notes: string[];
}

/**
 * What the campaign engine lacks, by the cases of seed 002 (the service's
 * playability gate reads it through gaps()). Empty: every Eastern case is
 * played, one file per rules section in block/campaign/ — set-up (4.24,
 * 4.25), the month's sequence and initiative (3.x), command (5.1x), movement
 * and forced march (5.2-5.32), rail, naval and river moves (9.x, 10.x),
 * control (8.1), battles on the battle board and the shared battle clock
 * (6.1, 3.23, A34, 7.52), supply and siege (11.x), replacements, draft and
 * Emancipation (12.x, 4.53, 4.55), the month end and results (3.3, 4.1,
 * 4.5x, 4.26, 4.27, 4.34). The Western theater's cases wait for its map
 * (no Western scenario exists), and refuse NOT_YET_SUPPORTED where reached.
 */
export const CAMPAIGN_GAPS: readonly ScenarioGap[] = Object.freeze([]);

const isCampaign = (doc: unknown): doc is BlockCampaignScenario =>
  typeof doc === 'object' && doc !== null && (doc as { kind?: unknown }).kind === 'block-campaign';

/** The scenario's map document, if its theater has one and it is the one named. */
export function campaignMap(doc: BlockCampaignScenario): BlockMapDocument | undefined {
  const map = BLOCK_MAPS[doc.theater];
  return map && map.id === doc.map ? map : undefined;
}

function problemsOf(doc: unknown): DocumentProblem[] {
  const out: DocumentProblem[] = [];
  const add = (path: string, message: string) => out.push({ document: 'scenario', path, message });
  if (!isCampaign(doc)) {
    add('kind', 'a block campaign scenario has kind "block-campaign"');
    return out;
  }
  const map = campaignMap(doc);
  if (!map) add('map', `no mapboard "${doc.map}" for the ${doc.theater} theater`);
  const entry = BLOCK_DATA.calendar.scenarios.find((s) => s.id === doc.calendar);
  if (!entry) add('calendar', `no scenario "${doc.calendar}" in the calendar (data/calendar.json)`);
  else {
    if (!entry.theaters.includes(doc.theater))
      add('calendar', `${doc.calendar} is not a ${doc.theater} scenario`);
    if (entry.start !== doc.start)
      add('start', `${doc.calendar} starts ${entry.start}, not ${doc.start}`);
    if (entry.end !== doc.end)
      add(
        'end',
        `${doc.calendar} ends ${entry.end ?? 'open-ended'}, not ${doc.end ?? 'open-ended'}`,
      );
    if (entry.orders.join() !== doc.ordersOfBattle.join())
      add('ordersOfBattle', `${doc.calendar} sets up ${entry.orders.join(', ')}`);
  }
  // 4.51: VPs are printed on cities and towns; a reconstructed value must name one of the map's.
  const cityVp =
    (doc.reconstructed as { cityVp?: Record<string, number> } | undefined)?.cityVp ?? {};
  for (const id of Object.keys(cityVp).sort()) {
    const l = map?.locations[id];
    if (map && (!l || (l.settlement !== 'city' && l.settlement !== 'town')))
      add(`reconstructed.cityVp.${id}`, `${id} is not a city or town of the map (4.51)`);
  }
  doc.ordersOfBattle.forEach((id, i) => {
    const ob = orderOfBattle(id);
    if (!ob) return add(`ordersOfBattle[${i}]`, `no order of battle "${id}"`);
    if (ob.theater !== doc.theater)
      add(`ordersOfBattle[${i}]`, `${id} is not of the ${doc.theater} theater`);
    if (!map) return;
    for (const side of ['union', 'confederate'] as const)
      for (const u of ob.sides[side].units)
        if (u.location !== null && !map.locations[u.location])
          add(
            `ordersOfBattle[${i}]`,
            `${id}: ${u.id} stands at ${u.location}, which is not on the map`,
          );
  });
  return out;
}

/** The set-up's block counts per side (the starting orders of battle). */
function blocks(doc: BlockCampaignScenario): Record<Side, number> {
  const count = (side: Side) =>
    doc.ordersOfBattle.reduce((n, id) => n + (orderOfBattle(id)?.sides[side].units.length ?? 0), 0);
  return { union: count('union'), confederate: count('confederate') };
}

/** A prepared campaign scenario: the checked document and the mapboard as the rules read it. */
export interface BlockCampaignContext {
  scenario: BlockCampaignScenario;
  map: CampaignMap;
}

/** A campaign game: what the service reads of every system, around the campaign engine's state. */
export interface BlockCampaignGameState extends SystemState {
  schema: 1;
  rules: { system: typeof BLOCK_CAMPAIGN_SYSTEM; version: string; revision?: number };
  /** The month of the scenario, counted from 1 at its first month (4.21). */
  turn: number;
  /** The campaign engine's phase; "finished" once the game is over or a seat resigned. */
  phase: string;
  campaign: CampaignState;
}

/** The campaign game's own options (GameOptions of this system); anything else is refused. */
const OPTION_KEYS = ['deployment', 'rules'];

/**
 * Orders the other seat and the public see only as `{type: "sealed"}` until
 * the game is over, and the case that hides them: the initiative bids (3.12);
 * the Replacement Turn's spending and political choices, made simultaneously
 * so neither player can follow the other's strategy (12.1, notes §8.2: the
 * blocks a side built are never shown); the free deployment's placements
 * (4.25: which block went where; its blocks take fresh ids once both have
 * ended, so only the hexes' counts become public).
 */
const SEALED_ORDERS: Readonly<Record<string, string>> = {
  bid: '3.12',
  politics: '12.1',
  replace: '12.1',
  muster: '12.1',
  'end-replacements': '12.1',
  place: '4.25',
  'end-deployment': '4.25',
};

/** "1861-07" as months since year 0, to count a scenario's months. */
const monthNumber = (ym: string): number => {
  const [y, m] = ym.split('-').map(Number);
  return y * 12 + (m - 1);
};

/** The result once the campaign is over: its Victory Check or last month (4.26, 4.27, 4.34, month-end.ts). */
function resultOf(campaign: CampaignState): GameResult | null {
  if (campaign.phase.name !== 'over' || !campaign.victory.result) return null;
  const { winner, level, reason } = campaign.victory.result;
  return { winner, level, reason };
}

/** The envelope around a campaign state (after every order: the campaign engine decides, this copies). */
function envelope(
  rules: BlockCampaignGameState['rules'],
  scenarioId: string,
  options: GameOptions,
  campaign: CampaignState,
  resigned: GameResult | null = null,
): BlockCampaignGameState {
  const result = resigned ?? resultOf(campaign);
  return {
    schema: 1,
    rules,
    scenarioId,
    options,
    turn: monthNumber(campaign.month) - monthNumber(campaign.start) + 1,
    phase: result ? 'finished' : campaign.phase.name,
    result,
    diceDrawn: campaign.diceDrawn,
    campaign,
  };
}

/**
 * The whole campaign, every block shown: once the game is over (the replay
 * can then be verified), as the battle board shows a finished battle.
 */
function wholeView(campaign: CampaignState) {
  return {
    ...campaign,
    blocks: campaign.blocks.map((b) => ({ ...b, hidden: false as const })),
    battle: campaign.battle && wholeBattle(campaign.battle),
    // A34: the other battles under way on the shared clock, shown the same way.
    clock: campaign.clock && { ...campaign.clock, held: campaign.clock.held.map(wholeBattle) },
  };
}

function wholeBattle(battle: CampaignBattle) {
  return {
    hex: battle.hex,
    board: blockView({ ...battle.state, phase: { name: 'over' }, pending: null }, null),
    blocks: battle.blocks,
  };
}

/** The campaign as `reader` may see it: its own blocks whole, the enemy's upright ones by side and hex only (notes §8). */
function campaignFor(state: BlockCampaignGameState, reader: Reader, finished: boolean) {
  return finished || state.result
    ? wholeView(state.campaign)
    : campaignView(state.campaign, reader);
}

function refusal(code: string, rule: string, message: string) {
  return { ok: false as const, refusal: { code, rule, message } };
}

export const BLOCK_CAMPAIGN_RULES: RulesSystem<BlockCampaignContext, BlockCampaignGameState> = {
  id: BLOCK_CAMPAIGN_SYSTEM,
  scenarios: {
    schemas: { scenario: 'block-campaign.schema.json' },
    check: (scenario) => problemsOf(scenario),
    summary(scenario) {
      const doc = scenario as BlockCampaignScenario;
      const map = campaignMap(doc);
      return {
        kind: doc.kind,
        theater: doc.theater,
        start: doc.start,
        end: doc.end,
        ordersOfBattle: doc.ordersOfBattle,
        deployment: doc.deployment,
        blocks: blocks(doc),
        ...(map ? { mapProvenance: map.provenance } : {}),
      };
    },
  },
  /**
   * The context: the checked document and the theater's mapboard. What the
   * engine lacks (gaps) does not stop the preparation: the service allows a
   * testing game of a scenario with gaps and refuses any other (README).
   */
  prepare(scenario: unknown, _map: unknown, options?: GameOptions): BlockCampaignContext {
    if (options?.counters !== undefined)
      throw new NotYetSupportedError(
        'options.counters',
        'a campaign takes its forces from the orders of battle (4.24); it has no supplied counters',
      );
    const problems = problemsOf(scenario);
    if (problems.length > 0)
      throw new Error(problems.map((p) => `${p.path}: ${p.message}`).join('; '));
    const doc = scenario as BlockCampaignScenario;
    return { scenario: doc, map: campaignMapOf(campaignMap(doc)!) };
  },
  scenarioId: (ctx) => ctx.scenario.id,
  gaps: () => [...CAMPAIGN_GAPS],
  newGame(ctx, options, dice: Dice, revision: number = ENGINE_REVISION): BlockCampaignGameState {
    for (const k of Object.keys(options).sort())
      if (!OPTION_KEYS.includes(k))
        throw new NotYetSupportedError(
          `options.${k}`,
          `a campaign game has no option "${k}" (${OPTION_KEYS.join(', ')})`,
        );
    const asked = options.rules as { system?: unknown } | undefined;
    if (asked !== undefined && asked?.system !== BLOCK_CAMPAIGN_SYSTEM)
      throw new NotYetSupportedError(
        'options.rules',
        `a campaign scenario is played under the block-campaign rules only (asked: ${JSON.stringify(asked)})`,
      );
    const deployment = options.deployment ?? 'historical';
    if (deployment !== 'historical' && deployment !== 'free')
      throw new NotYetSupportedError(
        '4.24',
        `deployment is "historical" (4.24) or "free" (4.25), not ${JSON.stringify(deployment)}`,
      );
    if (!ctx.scenario.deployment.includes(deployment))
      throw new NotYetSupportedError(
        deployment === 'free' ? '4.25' : '4.24',
        `${ctx.scenario.id} is not set up by ${deployment} deployment (${ctx.scenario.deployment.join(', ')})`,
      );
    // The Victory Track's values are the scenario's reconstruction (its `reconstructed` section).
    const values = ctx.scenario.reconstructed as unknown as CampaignVictoryValues;
    // 4.25: free deployment opens a sealed round in which each side places its blocks (campaign/deployment.ts).
    const { state } = newCampaign(ctx.scenario.calendar, ctx.map.doc, dice, values, { deployment });
    return envelope(
      { system: BLOCK_CAMPAIGN_SYSTEM, version: ctx.scenario.rules.version, revision },
      ctx.scenario.id,
      options,
      state,
    );
  },
  mustAct(_ctx, state): MustAct | null {
    if (state.result) return null;
    const act = campaignMustAct(state.campaign);
    if (!act) return null;
    // The seats and kind are public; the sealed bids' answers stay in the state (view: sealedRoundFor).
    return {
      seats: [...act.seats],
      kind: act.kind,
      ...(act.simultaneous ? { simultaneous: true } : {}),
    };
  },
  legalOrders(ctx, state, seat): Order[] {
    if (state.result) return [];
    // Resigning is accepted at any moment, never listed (as in the other systems).
    return campaignLegalOrders(state.campaign, ctx.map, seat) as unknown as Order[];
  },
  applyOrder(ctx, state, seat, order, dice) {
    if (seat !== 'union' && seat !== 'confederate')
      return refusal('BAD_ORDER', '—', `unknown side ${String(seat)}`);
    if (state.result) return refusal('GAME_OVER', '4.26', 'the game is over');
    if ((order as { type?: unknown } | null)?.type === 'resign') {
      const r = resignation(seat, order as object);
      if (!r.ok) return r;
      return {
        ok: true,
        state: envelope(state.rules, state.scenarioId, state.options, state.campaign, r.result),
        events: r.events,
      };
    }
    try {
      const r = applyCampaignOrder(state.campaign, ctx.map, seat, order, dice);
      if (!r.ok) return r;
      return {
        ok: true,
        state: envelope(state.rules, state.scenarioId, state.options, r.state),
        events: r.events as GameEvent[],
      };
    } catch (e) {
      // Untrusted input never makes the contract throw: what the campaign engine cannot take is refused.
      if (e instanceof NotYetSupportedError) return refusal('NOT_YET_SUPPORTED', e.rule, e.message);
      return refusal('BAD_ORDER', '—', `the order could not be applied: ${(e as Error).message}`);
    }
  },
  view(_ctx, state, reader) {
    const stopped = state.result ? null : campaignBlocked(state.campaign);
    return {
      campaign: campaignFor(state, reader, false),
      // While the engine lacks part of the rules, the game says so (a testing game only, README).
      ...(CAMPAIGN_GAPS.length > 0 ? { notYetSupported: [...CAMPAIGN_GAPS] } : {}),
      // Where the game stands still: the rules that come next are not implemented yet.
      ...(stopped ? { stopped: { code: 'NOT_YET_SUPPORTED', ...stopped } } : {}),
    };
  },
  stateFor(_ctx, state, reader, finished) {
    if (finished || state.result) return { state, redacted: false };
    // The campaign state holds every block's identity and strength: the reader gets its view.
    const { campaign, ...rest } = state;
    return { state: { ...rest, campaign: campaignView(campaign, reader) }, redacted: true };
  },
  eventsFor: (_ctx, events, reader, finished) =>
    finished ? events : (campaignEventsFor(events as CampaignEvent[], reader) as GameEvent[]),
  /**
   * 3.12: a bid is sealed until the game is over (the initiative event
   * reveals both once both are in); the other orders name opaque block ids
   * and hexes, what the physical game shows.
   */
  orderFor(_ctx, order, seat, reader, finished) {
    if (finished || reader === seat) return order;
    const sealedRule = SEALED_ORDERS[String((order as { type?: unknown } | null)?.type)];
    return sealedRule ? sealedOrder(seat, sealedRule) : order;
  },
  victory(_ctx, state): SystemVictory {
    // The Victory Track, VP cities and the result (4.1, 4.5x, 4.26, 4.27): public, as on the board.
    const standing = campaignStanding(state.campaign);
    if (!state.result || state.campaign.victory.result) return standing;
    // A resignation: the other side wins, with no level of the track.
    return {
      ...standing,
      level: 'victor',
      winner: state.result.winner,
      competitionScore: null,
      case: null,
    };
  },
  competitionScore: (_ctx, result: GameResult) => campaignCompetitionScore(result),
  /**
   * A picture of a position on the map (GET /v1/games/{id}/board.svg and
   * states/{seq}/board.svg): `state` is what this reader may see of it
   * (stateFor), so an upright enemy block is a block of its colour in the
   * hex's count and nothing more; the reader's own blocks (and any revealed
   * one, and every block once the game is over) add their names and strengths.
   */
  renderBoard(ctx, _seq, state) {
    const s = state as BlockCampaignGameState;
    const stacks = new Map<string, UprightBlocks>();
    const blocks = [...(s.campaign.blocks as Array<CampaignBlock | UprightBlock>)].sort((a, b) =>
      a.id < b.id ? -1 : 1,
    );
    for (const b of blocks) {
      if (b.hex === null) continue;
      const k = `${b.hex}:${b.side}`;
      const stack = stacks.get(k) ?? { hex: b.hex, side: b.side, count: 0, shown: [] };
      stack.count++;
      // A block of the reader's view is hidden: true when he may not see it; a whole state has no mark.
      if (!('hidden' in b && b.hidden) && 'cv' in b)
        stack.shown!.push({ name: b.name ?? b.type, cv: b.cv });
      stacks.set(k, stack);
    }
    const c = s.campaign;
    // Month, phase and whose Campaign Turn it is: what the board and its markers show everyone.
    const caption = [
      c.month,
      s.phase,
      s.result
        ? `over: ${s.result.winner ?? 'drawn'}`
        : c.active
          ? `${c.active}'s Campaign Turn`
          : '',
    ]
      .filter(Boolean)
      .join(' · ');
    return renderBlockMapSvg(ctx.map.doc, { blocks: [...stacks.values()], caption });
  },
  scenarioMapSvg(scenario) {
    if (!isCampaign(scenario)) return undefined;
    const map = campaignMap(scenario);
    if (!map) return undefined;
    // The set-up as the public sees it: upright blocks, their side and number per hex (notes §8.1).
    const count = new Map<string, UprightBlocks>();
    for (const id of scenario.ordersOfBattle) {
      const ob = orderOfBattle(id);
      for (const side of ['union', 'confederate'] as const)
        for (const u of ob?.sides[side].units ?? []) {
          const hex = u.location ? map.locations[u.location]?.hex : undefined;
          if (!hex) continue;
          const k = `${hex}:${side}`;
          const b = count.get(k) ?? { hex, side, count: 0 };
          b.count++;
          count.set(k, b);
        }
    }
    return renderBlockMapSvg(map, { blocks: [...count.values()] });
  },
};
