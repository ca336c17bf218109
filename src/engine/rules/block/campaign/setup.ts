/**
 * Starting a scenario (seed 002, 4.23, 4.24): historical deployment, every
 * block of the scenario's orders of battle at its printed type, strength and
 * location on the theater's map. The blocks get opaque ids from a seeded
 * shuffle (notes §8.4.1: an id says nothing of the block). The first month
 * then begins (3.11: its Replacement Turn is skipped).
 *
 * 4.23: the spare blocks (the full counter set less the starting OB) go to
 * the Victory Track, the pool the replacements draw on (replacements.ts).
 *
 * 4.25 free deployment (deployment.ts): the same historical set-up, then a
 * sealed round in which each side permutes its blocks among its locations;
 * the first month begins when both have ended.
 */
import type { Dice } from '../../../dice';
import { NotYetSupportedError } from '../../../errors';
import {
  blockMaxCv,
  blockScenario,
  hqByCode,
  monthWeather,
  orderOfBattle,
  type UnitTypeId,
} from '../data';
import type { BlockMapDocument } from '../map';
import { opaqueIds } from '../opaque-ids';
import { updateControl } from './control';
import { startingPool } from './replacements';
import { beginMonth } from './sequence';
import { victoryAtStart } from './victory';
import { openFreeDeployment, type CampaignDeployment } from './deployment';
import type { CampaignBlock, CampaignEvent, CampaignState, CampaignVictoryValues } from './types';
import { SIDES } from './types';

/** 4.24: the blocks of a calendar entry's orders of battle, on `map`, not yet given ids. */
export function historicalDeployment(
  scenario: string,
  map: BlockMapDocument,
): Array<Omit<CampaignBlock, 'id'>> {
  const entry = blockScenario(scenario);
  if (!entry) throw new NotYetSupportedError('4.23', `no scenario ${scenario} in the calendar`);
  const out: Array<Omit<CampaignBlock, 'id'>> = [];
  for (const obId of entry.orders) {
    const ob = orderOfBattle(obId);
    if (!ob) throw new NotYetSupportedError('4.23', `no order of battle ${obId}`);
    for (const side of SIDES)
      for (const u of ob.sides[side].units) {
        const where = u.location === null ? undefined : map.locations[u.location]?.hex;
        if (u.type === null || u.cv === null || where === undefined)
          throw new NotYetSupportedError(
            '4.24',
            `${obId}: ${u.id} has no ${u.type === null ? 'type' : u.cv === null ? 'strength' : 'location on the map'} (${u.missing ?? 'see the OCR-defect register'})`,
          );
        const type: UnitTypeId = u.type;
        const hq = u.hq ? hqByCode(ob.theater, side, u.hq) : undefined;
        const maxCv = blockMaxCv(ob.theater, side, { type, hq: hq?.code });
        if (maxCv === null)
          throw new NotYetSupportedError('2.4', `${obId}: ${u.id}'s maximum CV is not in the text`);
        out.push({
          side,
          type,
          name: u.name,
          ...(hq ? { hq: { code: hq.code, supreme: hq.role === 'supreme' } } : {}),
          cv: u.cv,
          maxCv,
          hex: where,
          active: false,
          moved: false,
          forceMarch: null,
        });
      }
  }
  return out;
}

/** The options of a new campaign game (4.23). */
export interface NewCampaignOptions {
  /** 4.24 historical (the default) or 4.25 free deployment. */
  deployment?: CampaignDeployment;
}

/**
 * A new campaign game of a calendar entry on its map, historical deployment
 * (4.24) or free deployment (4.25: the game opens in the sealed deployment
 * phase, deployment.ts, and the first month begins when both sides are done), the Victory Track's values the scenario document gives (its
 * `reconstructed` section: start VP, track levels, CSA VP months, city VPs;
 * replaceable per game), opened at its first month: no Replacement Turn (3.11), straight to
 * the initiative bids (3.12).
 */
export function newCampaign(
  scenario: string,
  map: BlockMapDocument,
  dice: Dice,
  victory: CampaignVictoryValues,
  options: NewCampaignOptions = {},
): { state: CampaignState; events: CampaignEvent[] } {
  const entry = blockScenario(scenario)!;
  const placed = historicalDeployment(scenario, map);
  const ids = opaqueIds(placed.length, 'k', dice);
  const blocks: CampaignBlock[] = placed.map((b, i) => ({
    id: ids[i],
    ...b,
  }));
  blocks.sort((a, b) => (a.id < b.id ? -1 : 1));
  const state: CampaignState = {
    system: 'block-campaign',
    kind: 'campaign',
    scenario,
    theater: map.theater,
    map: map.id,
    start: entry.start,
    end: entry.end,
    month: entry.start,
    weather: monthWeather(entry.start).weather,
    weatherChanged: false,
    phase: { name: 'initiative' },
    bids: null,
    initiative: null,
    active: null,
    turn: 0,
    passes: 0,
    zone: [],
    commanded: [],
    strategicMoves: 0,
    attacks: {},
    invasions: [],
    heldSince: {},
    control: {},
    battles: [],
    battle: null,
    clock: null,
    supply: null,
    surrender: null,
    sieges: [],
    blocks,
    pool: {
      union: startingPool(entry.orders, 'union'),
      confederate: startingPool(entry.orders, 'confederate'),
    },
    replacements: null,
    deployment: null,
    victory: victoryAtStart(victory, map, {}),
    politics: { drafts: [], emancipation: null, majorUsaWin: null },
    diceDrawn: dice.drawn,
  };
  updateControl(state, map);
  // 4.23, 4.51: the marker on the start position, each VP city held by its controller at set-up.
  state.victory = victoryAtStart(victory, map, state.control);
  if (options.deployment === 'free') {
    openFreeDeployment(state);
    return {
      state,
      events: [{ type: 'free-deployment', rule: '4.25', scenario, month: entry.start }],
    };
  }
  const events: CampaignEvent[] = [
    { type: 'deployed', rule: '4.24', scenario, month: entry.start, blocks: blocks.length },
  ];
  beginMonth(state, events);
  return { state, events };
}
