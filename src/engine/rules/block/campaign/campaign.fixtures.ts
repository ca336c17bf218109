/**
 * Fixed positions for the campaign engine's tests: a small 9 x 9 map of
 * Clear hexes (pointy, odd rows shifted, as the Eastern map), rows 1-4 USA
 * home territory and 5-9 CSA, with the hexsides, hexes and turnpike a test
 * names; and a state holding the blocks a test places. Counting legal orders
 * on it checks the rules by hand, whatever becomes of the reconstructed map.
 */
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { HexGrid, formatLabel } from '../../../hex';
import { blockMaxCv, hqByCode, monthWeather, type UnitTypeId } from '../data';
import type { BlockMapDocument, BlockMapHex, BlockMapHexside } from '../map';
import { updateControl } from './control';
import type {
  CampaignBlock,
  CampaignPhase,
  CampaignState,
  CampaignVictoryValues,
  Side,
} from './types';
import { victoryAtStart } from './victory';

/** The fixture's Victory Track (4.1): Marginal from 1, 4, 7, Decisive from 10; CSA VP in Dec-Mar. */
export const FIXTURE_VICTORY: CampaignVictoryValues = {
  startVp: 0,
  victoryTrack: { marginal: [1, 4, 7], decisive: 10 },
  csaVpMonths: ['12', '01', '02', '03'],
  cityVp: {},
};

const SCENARIOS = join(__dirname, '../../../../../scenarios');

/** The Victory Track values (its `reconstructed` section) of the scenario document of a calendar entry. */
export function scenarioVictory(calendar: string): CampaignVictoryValues {
  for (const dir of readdirSync(SCENARIOS)
    .filter((d) => d.startsWith('bobby-lee-'))
    .sort()) {
    const doc = JSON.parse(readFileSync(join(SCENARIOS, dir, 'scenario.json'), 'utf8')) as {
      calendar: string;
      reconstructed: CampaignVictoryValues;
    };
    if (doc.calendar === calendar) return doc.reconstructed;
  }
  throw new Error(`no scenario document of ${calendar}`);
}

export const GRID = {
  orientation: 'pointy' as const,
  shifted: 'odd' as const,
  columns: { first: 1, last: 9 },
  rows: { first: 1, last: 9 },
  top: 'north' as const,
};
export const FIXTURE_GRID = new HexGrid(GRID);

export function fixtureMap(
  opts: {
    hexsides?: BlockMapHexside[];
    hexes?: Record<string, Partial<BlockMapHex>>;
    turnpike?: string[];
    locations?: BlockMapDocument['locations'];
    /** 1.6: supply hexes (also marked on their hexes). */
    supply?: BlockMapDocument['supply'];
  } = {},
): BlockMapDocument {
  const hexes: Record<string, BlockMapHex> = {};
  for (let c = 1; c <= 9; c++)
    for (let r = 1; r <= 9; r++) {
      const label = formatLabel(c, r);
      hexes[label] = {
        terrain: 'clear',
        state: 'VA',
        home: r <= 4 ? 'union' : 'confederate',
        ...(opts.supply?.some((s) => s.hex === label)
          ? { supply: opts.supply.find((s) => s.hex === label)!.side }
          : {}),
        ...opts.hexes?.[label],
      };
    }
  return {
    id: 'fixture',
    title: 'test map',
    kind: 'block-map',
    theater: 'east',
    provenance: 'test fixture',
    grid: GRID,
    scale: { kmBetweenHexCentres: 30, projection: 'none' },
    hexes,
    hexsides: opts.hexsides ?? [],
    locations: opts.locations ?? {},
    rails: [],
    turnpike: { name: 'Valley Turnpike', hexes: opts.turnpike ?? [] },
    supply: opts.supply ?? [],
    sources: [],
    notes: [],
  };
}

export interface FixtureBlock {
  id: string;
  side: Side;
  type: UnitTypeId;
  hex: string | null;
  cv?: number;
  hq?: string;
  name?: string;
  moved?: boolean;
  active?: boolean;
}

export function fixtureState(
  map: BlockMapDocument,
  blocks: FixtureBlock[],
  opts: {
    month?: string;
    active?: Side;
    phase?: CampaignPhase;
    start?: string;
    /** 4.23: spare blocks by unit key. */
    pool?: Partial<CampaignState['pool']>;
    /** The scenario's last month (null: the open-ended campaign game). */
    end?: string | null;
    victory?: Partial<CampaignVictoryValues>;
  } = {},
): CampaignState {
  const month = opts.month ?? '1861-08';
  const list: CampaignBlock[] = blocks.map((b) => {
    const hq = b.hq ? hqByCode('east', b.side, b.hq) : undefined;
    const maxCv = blockMaxCv('east', b.side, { type: b.type, hq: hq?.code })!;
    return {
      id: b.id,
      side: b.side,
      type: b.type,
      name: b.name ?? null,
      ...(hq ? { hq: { code: hq.code, supreme: hq.role === 'supreme' } } : {}),
      cv: b.cv ?? maxCv,
      maxCv,
      hex: b.hex,
      active: b.active ?? false,
      moved: b.moved ?? false,
      forceMarch: null,
    };
  });
  list.sort((a, b) => (a.id < b.id ? -1 : 1));
  const state: CampaignState = {
    system: 'block-campaign',
    kind: 'campaign',
    scenario: 'east-1861',
    theater: 'east',
    map: map.id,
    start: opts.start ?? '1861-07',
    end: opts.end === undefined ? '1861-10' : opts.end,
    month,
    weather: monthWeather(month).weather,
    weatherChanged: false,
    phase: opts.phase ?? { name: 'movement', step: 'activate' },
    bids: null,
    initiative: null,
    active: opts.active ?? 'union',
    turn: 1,
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
    blocks: list,
    pool: { union: { ...opts.pool?.union }, confederate: { ...opts.pool?.confederate } },
    replacements: null,
    deployment: null,
    victory: victoryAtStart({ ...FIXTURE_VICTORY, ...opts.victory }, map, {}),
    politics: { drafts: [], emancipation: null, majorUsaWin: null },
    diceDrawn: 0,
  };
  updateControl(state, map);
  state.victory = victoryAtStart({ ...FIXTURE_VICTORY, ...opts.victory }, map, state.control);
  return state;
}
