/**
 * A block game's mapboard (scenarios/schema/block-map.schema.json): the hex
 * grid, each hex's terrain, state and home territory (1.2, 1.3), the
 * hexsides with terrain, rivers (Major/Minor, navigable, bridges: 1.37,
 * 10.2), the named locations (cities, towns, villages, fortresses, ports:
 * 1.4), railroads with their gauge (1.5), supply hexes (1.6) and the Valley
 * Turnpike (1.7). The Eastern one is data/map-east.json, built and checked by
 * scenarios/bobby-lee-campaign/build-map.ts.
 */
import type { GridLayout } from '../../hex';
import type { Side } from '../../types';
import mapEast from './data/map-east.json';

export type BlockHexTerrain = 'clear' | 'forest' | 'mountain' | 'water';
export type BlockHexsideTerrain = 'clear' | 'forest' | 'marsh' | 'gap' | 'mountain';

export interface BlockMapHex {
  terrain: BlockHexTerrain;
  /** Postal code of the state its land lies in (water hexes have none). */
  state?: string;
  /** 1.2: whose home territory it is. */
  home?: Side;
  /** Part sea or wide river: a coastal hex (1.3, 10.4). */
  coastal?: true;
  /** The location id of its named place. */
  location?: string;
  rail?: true;
  turnpike?: true;
  /** 1.6: a supply hex, by original owner. */
  supply?: Side;
}

export interface BlockMapHexside {
  between: [string, string];
  terrain: BlockHexsideTerrain;
  /** The named pass of a gap hexside. */
  gap?: string;
  river?: { name: string; class: 'major' | 'minor'; navigable?: true };
  /** A bridge or ford over a Major river (brown, 1.37): why it is there. */
  bridge?: string;
}

export interface BlockMapLocation {
  hex: string;
  name: string;
  printed?: string[];
  settlement: 'city' | 'town' | 'village' | null;
  /** Original owner (the colour of its symbol, 1.4). */
  side: Side;
  fortress?: true;
  port?: true;
  lat: number;
  lon: number;
  source: string;
  cited: string;
}

export interface BlockMapRail {
  name: string;
  gauge: 'standard' | 'broad';
  hexes: string[];
  /** The month (YYYY-MM) the line exists from (9.611). */
  from?: string;
  /** 9.611: the line exists sooner once `side` has occupied `hex` continuously for `months` months. */
  heldFor?: { hex: string; side: Side; months: number };
  note?: string;
}

export interface BlockMapDocument {
  id: string;
  title: string;
  kind: 'block-map';
  theater: 'east' | 'west';
  provenance: string;
  grid: GridLayout;
  scale: { kmBetweenHexCentres: number; projection: string };
  hexes: Record<string, BlockMapHex>;
  hexsides: BlockMapHexside[];
  locations: Record<string, BlockMapLocation>;
  rails: BlockMapRail[];
  turnpike: { name: string; hexes: string[] };
  supply: Array<{ hex: string; side: Side; name: string; note: string }>;
  sources: string[];
  notes: string[];
}

/** The mapboards by theater (the West's is not built yet). */
export const BLOCK_MAPS: Readonly<Partial<Record<'east' | 'west', BlockMapDocument>>> = {
  east: mapEast as unknown as BlockMapDocument,
};
