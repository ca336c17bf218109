/**
 * The mapboard as movement, command and battles read it (seed 002, 1.3-1.37,
 * 1.7; notes §3.1-3.2): which hexes are playable, each hexside's row of the
 * Terrain Effects chart, the Valley Turnpike. Built once per map document
 * (cached) from block/map.ts's document; pure.
 *
 * A hexside the document does not list is Clear (the document lists only
 * hexsides with terrain or a river). A hexside's chart row is the most
 * restrictive of what it holds (1.3 "assume the most restrictive"): Mountain,
 * then a Major river without bridge or ford (1.37), then Marsh (which
 * prevails over a Minor river or Forest, 1.352 NOTE), Gap (1.36), a Minor
 * river or a bridged Major river (1.37), Forest, Clear. A12: Minor river and
 * Forest give the same limits, so the order between them is moot.
 */
import { HexGrid, hexsideKey } from '../../../hex';
import type { HexsideTerrainId, Weather } from '../data';
import { attackLimit, hexsideTerrain } from '../data';
import type { BlockMapDocument, BlockMapHexside } from '../map';

export interface CampaignMap {
  doc: BlockMapDocument;
  grid: HexGrid;
  /** Land hexes units may enter (not all-water, not Mountain hexes: 1.3, 1.36). */
  playable: (hex: string) => boolean;
  /** The Terrain Effects row of the hexside between two adjacent hexes. */
  hexside: (a: string, b: string) => HexsideTerrainId;
  /** The map's record of that hexside (undefined: a plain Clear hexside). */
  hexsideRecord: (a: string, b: string) => BlockMapHexside | undefined;
  /** 1.7: both hexes are consecutive on the Valley Turnpike. */
  turnpikeStep: (a: string, b: string) => boolean;
  onTurnpike: (hex: string) => boolean;
  /** The playable neighbours of a hex, in the grid's fixed direction order. */
  neighbours: (hex: string) => readonly string[];
}

function rowOf(side: BlockMapHexside): HexsideTerrainId {
  if (side.terrain === 'mountain') return 'mountain';
  if (side.river?.class === 'major' && !side.bridge) return 'major-river';
  if (side.terrain === 'marsh') return 'marsh';
  if (side.terrain === 'gap') return 'gap';
  if (side.river) return side.river.class === 'major' ? 'bridge' : 'minor-river';
  if (side.terrain === 'forest') return 'forest';
  return 'clear';
}

const CACHE = new WeakMap<BlockMapDocument, CampaignMap>();

export function campaignMapOf(doc: BlockMapDocument): CampaignMap {
  const cached = CACHE.get(doc);
  if (cached) return cached;
  const grid = new HexGrid(doc.grid);
  const sides = new Map<string, HexsideTerrainId>();
  const records = new Map<string, BlockMapHexside>();
  for (const s of doc.hexsides) {
    sides.set(hexsideKey(s.between[0], s.between[1]), rowOf(s));
    records.set(hexsideKey(s.between[0], s.between[1]), s);
  }
  const playable = (hex: string) => {
    const h = doc.hexes[hex];
    return h !== undefined && h.terrain !== 'water' && h.terrain !== 'mountain';
  };
  const pike = new Map<string, number>();
  doc.turnpike.hexes.forEach((h, i) => pike.set(h, i));
  const neighbourCache = new Map<string, string[]>();
  const map: CampaignMap = {
    doc,
    grid,
    playable,
    hexside: (a, b) => sides.get(hexsideKey(a, b)) ?? 'clear',
    hexsideRecord: (a, b) => records.get(hexsideKey(a, b)),
    onTurnpike: (hex) => pike.has(hex),
    turnpikeStep: (a, b) => {
      const i = pike.get(a);
      const j = pike.get(b);
      return i !== undefined && j !== undefined && Math.abs(i - j) === 1;
    },
    neighbours(hex) {
      let n = neighbourCache.get(hex);
      if (!n) {
        n = grid.has(hex) ? grid.neighbours(hex).filter(playable) : [];
        neighbourCache.set(hex, n);
      }
      return n;
    },
  };
  CACHE.set(doc, map);
  return map;
}

/** 1.37, 1.36: land movement may never cross a Mountain hexside or a Major river without bridge or ford. */
export const crossable = (row: HexsideTerrainId): boolean =>
  row !== 'mountain' && row !== 'major-river';

/**
 * The weather a hexside's limits read: 1.7, Turnpike hexsides are Dry in Mud.
 */
export function hexsideWeather(map: CampaignMap, a: string, b: string, weather: Weather): Weather {
  return weather === 'mud' && map.turnpikeStep(a, b) ? 'dry' : weather;
}

/** 5.31, 1.31: how many units may attack across the hexside from `from` into `to` this Campaign Turn. */
export function hexsideAttackLimit(
  map: CampaignMap,
  from: string,
  to: string,
  weather: Weather,
): number {
  return attackLimit(map.hexside(from, to), hexsideWeather(map, from, to, weather));
}

/**
 * 1.31, 5.12: Command Range (and Supply Lines) may not be traced through
 * Mountain hexsides nor seasonally impassable ones (Marsh and Gap in Mud);
 * they may cross every river, Major included.
 */
export function traceable(map: CampaignMap, a: string, b: string, weather: Weather): boolean {
  const row = map.hexside(a, b);
  if (row === 'mountain') return false;
  if ((row === 'marsh' || row === 'gap') && hexsideWeather(map, a, b, weather) === 'mud')
    return false;
  return true;
}

const STOPS = new Map<HexsideTerrainId, boolean>();
/** 1.352: a unit must stop after crossing a Marsh hexside. */
export function stopsAfter(row: HexsideTerrainId): boolean {
  let v = STOPS.get(row);
  if (v === undefined) STOPS.set(row, (v = hexsideTerrain(row).stopAfterCrossing));
  return v;
}

/** 5.322: anything but a Clear hexside is rough for the Force March roll. */
export const rough = (row: HexsideTerrainId): boolean => hexsideTerrain(row).rough;
