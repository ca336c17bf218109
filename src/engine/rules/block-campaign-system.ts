/**
 * The Bobby Lee / Sam Grant campaign game (seed 002, 3.0-13.7) behind the
 * engine contract: its scenarios (scenarios/schema/block-campaign.schema.json)
 * are the yearly scenarios and the campaign game of a theater (4.21, 4.31),
 * set up from the orders of battle (data/orders-of-battle) on the theater's
 * mapboard (data/map-east.json).
 *
 * The campaign rules themselves (the month procedure, initiative, movement,
 * supply, replacements, victory…) are not implemented yet: every scenario of
 * this system is listed with `playable: false` and `notYetSupported` naming
 * each missing part by its cases, and a game of it is refused with
 * NOT_YET_SUPPORTED (prepare throws) — never played with rules silently
 * missing. Its documents are checked in full, and its map is drawn.
 */
import type { Dice } from '../dice';
import { NotYetSupportedError } from '../errors';
import type { GameOptions, GameResult } from '../state';
import type { Side } from '../types';
import { BLOCK_DATA, orderOfBattle } from './block/data';
import { BLOCK_MAPS, type BlockMapDocument } from './block/map';
import { renderBlockMapSvg, type UprightBlocks } from './block/map-svg';
import type {
  DocumentProblem,
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
 * What the campaign engine lacks, by the cases of seed 002: every campaign
 * scenario needs all of it, so every one is refused until it exists.
 *
 * Built so far, as pure modules tested in fixed positions (block/campaign/,
 * not yet behind this system): historical set-up (4.24), the month's
 * sequence with the first-month skip, sealed initiative bids and the binding
 * bid, alternating Campaign Turns, Pass and the weather rolls (3.0-3.4,
 * 3.11, 3.12, 4.41, 4.42), HQ activation, command range and exceptional
 * leaders (5.1-5.13), Strategic Land and Rail Moves with gauges and River
 * Crossings (5.4, 9.1, 9.2, 9.4, 10.6, 10.61), land movement, stacking,
 * terrain, the Valley Turnpike's speed bonus and attack limits (5.2, 5.3,
 * 5.31, 1.3x, 1.7), forced marches (5.32x), hex control (8.1), battles found,
 * fought on the battle board by the battle engine and brought back to the map
 * (6.1, 3.23), each seat's view, and the month end: city and town VPs,
 * the Washington VP when CSA-occupied, Time VPs, the Victory Track, the
 * Victory Check and the results of scenarios, campaign and tournaments
 * (3.3, 4.1, 4.5, 4.51, 4.511, 4.52, 4.26, 4.27, 4.34: month-end.ts,
 * victory.ts; campaignStanding gives victory() and the competition score).
 */
export const CAMPAIGN_GAPS: readonly ScenarioGap[] = Object.freeze([
  {
    case: '3.0',
    what: 'the campaign engine (rules/block/campaign: set-up, sequence, initiative, movement) behind this rules system: new games, orders and views through the engine contract',
  },
  {
    case: '6.1, 3.23, 6.3, 7.52',
    what: 'battles within two hexes of one another: the shared battle clock (A34), a block next to two battles, victorious units reinforcing another battle (one battle, or battles further apart, are fought on the board and brought back to the map)',
  },
  {
    case: '11.82',
    what: 'surrender (demanded by the active player or offered by the besieged) and the permanent removal of besieged units eliminated in battle (siege attrition, the Siege of Washington VP and the removal of besieged units eliminated by attrition exist)',
  },
  { case: '4.25', what: 'free deployment (a sealed round)' },
]);

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

function refuse(doc: unknown): never {
  const id = isCampaign(doc) ? doc.id : 'this scenario';
  throw new NotYetSupportedError(
    CAMPAIGN_GAPS.map((g) => g.case).join('; '),
    `${id} is a campaign scenario of the block game; the campaign rules are not implemented yet: ${CAMPAIGN_GAPS.map((g) => g.what).join('; ')}`,
  );
}

const notPlayable = (): never => {
  throw new NotYetSupportedError('3.0', 'the block campaign game is not implemented yet');
};

export const BLOCK_CAMPAIGN_RULES: RulesSystem<never, SystemState> = {
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
  prepare: (scenario) => refuse(scenario),
  scenarioId: notPlayable,
  gaps: () => [...CAMPAIGN_GAPS],
  newGame: (_ctx, _options: GameOptions, _dice: Dice) => notPlayable(),
  mustAct: () => null,
  legalOrders: () => [],
  applyOrder: () => ({
    ok: false,
    refusal: {
      code: 'NOT_YET_SUPPORTED',
      rule: '3.0',
      message: 'the block campaign game is not implemented yet',
    },
  }),
  view: () => ({}),
  stateFor: (_ctx, state) => ({ state, redacted: false }),
  eventsFor: () => [],
  orderFor: (_ctx, order) => order,
  victory: (): SystemVictory => ({
    points: { union: 0, confederate: 0 },
    objectives: {},
    level: 'draw',
    winner: null,
    competitionScore: null,
    case: null,
  }),
  competitionScore: (_ctx, _result: GameResult) => null,
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
