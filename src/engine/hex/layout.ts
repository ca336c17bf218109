/**
 * How a printed map sheet lays its hexes out. This is map data, not an
 * assumption: the rules documents show that the "CCRR" digits run in
 * different compass directions on different maps (battles.md §0), so each
 * map states its own orientation, shifted columns/rows and which way is north.
 *
 * Conventions of the drawing frame: column numbers grow to the right, row
 * numbers grow downwards, as printed. `top` says which compass direction the
 * top edge of that drawing faces.
 */
export interface GridLayout {
  /**
   * 'flat': flat-topped hexes standing in straight vertical columns (the SPI
   * norm: "0101" top left, columns run down the sheet).
   * 'pointy': pointy-topped hexes lying in straight horizontal rows.
   */
  orientation: 'flat' | 'pointy';
  /**
   * Which columns (flat) or rows (pointy), by printed number, are pushed half
   * a hex down (flat) or right (pointy) relative to their neighbours.
   */
  shifted: 'odd' | 'even';
  columns: { first: number; last: number };
  rows: { first: number; last: number };
  /** Compass direction the top edge of the sheet faces. */
  top: 'north' | 'east' | 'south' | 'west';
  /** Label prefix of this sheet on joined maps ("F", "H"); absent on single maps. */
  prefix?: string;
  /** Labels inside the rectangle that are not on the sheet (cut corners, half hexes). */
  missing?: string[];
}

/** Compass bearings in degrees, clockwise from north. */
export const COMPASS: Record<string, number> = {
  north: 0,
  'north-east': 45,
  east: 90,
  'south-east': 135,
  south: 180,
  'south-west': 225,
  west: 270,
  'north-west': 315,
};
