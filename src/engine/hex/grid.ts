import { COMPASS, GridLayout } from './layout';

/** Axial hex coordinate (Red Blob Games, "Hexagonal Grids"); cube s = -q - r. */
export interface Axial {
  q: number;
  r: number;
}

/** A sheet of a (possibly joined) map: its layout and where it sits in the shared axial space. */
export interface GridSheet {
  layout: GridLayout;
  /** Translation of this sheet's axial coordinates; {0,0} for the first sheet. */
  offset?: Axial;
}

/** What a straight line between two hex centres passes through (9.31, 9.32). */
export interface LineOfSightPath {
  /** Hexes strictly between the two ends that the line crosses through their interior. */
  hexes: string[];
  /**
   * Places where the line runs exactly along a hexside: the two hexes on either
   * side of it (null where one lies off the map). 9.32: such a line is blocked
   * only if both are blocking terrain.
   */
  alongHexsides: Array<[string | null, string | null]>;
}

/**
 * A HexGrid's tables as compact plain data (structured-cloneable, and cheap to
 * clone: typed arrays and one array of labels): built by `tables()`, possibly
 * on another thread, and made a grid again by `HexGrid.fromTables` without the
 * label and coordinate arithmetic of the constructor.
 */
export interface HexGridTables {
  orientation: 'flat' | 'pointy';
  labels: string[];
  /** q, r of labels[i] at 2i, 2i + 1. */
  axial: Int32Array;
  /** The compass bearing of the sheet's top for labels[i]. */
  tops: Float64Array;
}

/** The six axial directions, in order; index i and (i + 3) % 6 are opposite. */
const DIRECTIONS: readonly Axial[] = [
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
];

const SQRT3 = Math.sqrt(3);
const EPSILON = 1e-6;

const key = (q: number, r: number): string => `${q},${r}`;
const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/** Printed label of a hex: optional sheet prefix, then two digits of column and two of row. */
export function formatLabel(column: number, row: number, prefix = ''): string {
  return `${prefix}${pad2(column)}${pad2(row)}`;
}

const LABEL = /^([A-Z]*)(\d{2})(\d{2})$/;

/** Splits "F1328" into {prefix "F", column 13, row 28}; undefined if not a label. */
export function parseLabel(
  label: string,
): { prefix: string; column: number; row: number } | undefined {
  const m = LABEL.exec(label);
  if (!m) return undefined;
  return { prefix: m[1], column: Number(m[2]), row: Number(m[3]) };
}

/** Offset (printed column/row) to axial, per the sheet's orientation and shifted parity. */
export function offsetToAxial(layout: GridLayout, column: number, row: number): Axial {
  const odd = layout.shifted === 'odd';
  if (layout.orientation === 'flat') {
    const parity = column & 1;
    const r = odd ? row - (column - parity) / 2 : row - (column + parity) / 2;
    return { q: column, r };
  }
  const parity = row & 1;
  const q = odd ? column - (row - parity) / 2 : column - (row + parity) / 2;
  return { q, r: row };
}

/** Unordered pair of adjacent hexes naming the hexside between them ("0905|0906"). */
export function hexsideKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/**
 * The hex grid of one map (one or more sheets). Public ids are printed labels;
 * geometry is done in axial/cube coordinates. Immutable after construction;
 * neighbour lists are precomputed because movement and ZOC ask for them in
 * their inner loops (a grid made from tables, HexGrid.fromTables, fills them
 * as they are first asked: the same lists, without the up-front cost on the
 * event loop).
 */
export class HexGrid {
  readonly orientation: 'flat' | 'pointy';
  private readonly labels: string[] = [];
  private readonly coords = new Map<string, Axial>();
  private readonly byCoord = new Map<string, string>();
  private readonly tops = new Map<string, number>();
  private readonly neighbourCache = new Map<string, string[]>();

  constructor(sheets: GridLayout | GridSheet[]) {
    const list: GridSheet[] = Array.isArray(sheets) ? sheets : [{ layout: sheets }];
    if (list.length === 0) throw new Error('a grid needs at least one sheet');
    this.orientation = list[0].layout.orientation;
    for (const sheet of list) {
      const { layout } = sheet;
      if (layout.orientation !== this.orientation) {
        throw new Error('joined sheets must share one orientation');
      }
      const missing = new Set(layout.missing ?? []);
      const dq = sheet.offset?.q ?? 0;
      const dr = sheet.offset?.r ?? 0;
      for (let c = layout.columns.first; c <= layout.columns.last; c++) {
        for (let r = layout.rows.first; r <= layout.rows.last; r++) {
          const label = formatLabel(c, r, layout.prefix ?? '');
          if (missing.has(label)) continue;
          const a = offsetToAxial(layout, c, r);
          const at = { q: a.q + dq, r: a.r + dr };
          const k = key(at.q, at.r);
          if (this.byCoord.has(k)) throw new Error(`sheets overlap at ${label}`);
          if (this.coords.has(label)) throw new Error(`duplicate hex label ${label}`);
          this.labels.push(label);
          this.coords.set(label, at);
          this.byCoord.set(k, label);
          this.tops.set(label, COMPASS[layout.top]);
        }
      }
    }
    this.cacheNeighbours();
  }

  /** The grid's tables (the labels array shared, not copied: neither side may change it). */
  tables(): HexGridTables {
    const n = this.labels.length;
    const axial = new Int32Array(2 * n);
    const tops = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const label = this.labels[i];
      const a = this.coords.get(label)!;
      axial[2 * i] = a.q;
      axial[2 * i + 1] = a.r;
      tops[i] = this.tops.get(label)!;
    }
    return { orientation: this.orientation, labels: this.labels, axial, tops };
  }

  /** The grid whose `tables()` these are: the same answers to every question. */
  static fromTables(t: HexGridTables): HexGrid {
    const grid = Object.create(HexGrid.prototype) as HexGrid;
    const coords = new Map<string, Axial>();
    const byCoord = new Map<string, string>();
    const tops = new Map<string, number>();
    for (let i = 0; i < t.labels.length; i++) {
      const label = t.labels[i];
      const q = t.axial[2 * i];
      const r = t.axial[2 * i + 1];
      coords.set(label, { q, r });
      byCoord.set(key(q, r), label);
      tops.set(label, t.tops[i]);
    }
    Object.assign(grid, {
      orientation: t.orientation,
      labels: t.labels,
      coords,
      byCoord,
      tops,
      // Filled as neighbours() is asked (the same lists the constructor makes up front).
      neighbourCache: new Map<string, string[]>(),
    });
    return grid;
  }

  /** Every hex's on-map neighbours, in the order of DIRECTIONS (the movement and ZOC loops ask for them). */
  private cacheNeighbours(): void {
    for (const label of this.labels) this.neighbourCache.set(label, this.neighboursOf(label));
  }

  private neighboursOf(label: string): string[] {
    const a = this.coords.get(label)!;
    const list: string[] = [];
    for (const d of DIRECTIONS) {
      const n = this.byCoord.get(key(a.q + d.q, a.r + d.r));
      if (n !== undefined) list.push(n);
    }
    return list;
  }

  /** Every hex label on the map, sheet by sheet, column by column. */
  all(): readonly string[] {
    return this.labels;
  }

  has(label: string): boolean {
    return this.coords.has(label);
  }

  coord(label: string): Axial {
    const a = this.coords.get(label);
    if (!a) throw new Error(`no hex ${label} on this map`);
    return a;
  }

  labelAt(a: Axial): string | undefined {
    return this.byCoord.get(key(a.q, a.r));
  }

  /** The on-map neighbours of a hex (up to six). */
  neighbours(label: string): readonly string[] {
    let n = this.neighbourCache.get(label);
    if (!n) {
      if (!this.coords.has(label)) throw new Error(`no hex ${label} on this map`);
      n = this.neighboursOf(label);
      this.neighbourCache.set(label, n);
    }
    return n;
  }

  /** The hex in axial direction 0..5, on or off the map (undefined if off). */
  neighbourInDirection(label: string, direction: number): string | undefined {
    const a = this.coord(label);
    const d = DIRECTIONS[((direction % 6) + 6) % 6];
    return this.byCoord.get(key(a.q + d.q, a.r + d.r));
  }

  adjacent(a: string, b: string): boolean {
    return this.distance(a, b) === 1;
  }

  /**
   * Hexes between two hexes counting the far one but not the near one, which
   * is exactly the range count of 9.12 (adjacent = 1).
   */
  distance(a: string, b: string): number {
    const x = this.coord(a);
    const y = this.coord(b);
    const dq = x.q - y.q;
    const dr = x.r - y.r;
    return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
  }

  /** Hexes within `radius` of a hex (the hex itself included), on the map only. */
  within(label: string, radius: number): string[] {
    const c = this.coord(label);
    const out: string[] = [];
    for (let dq = -radius; dq <= radius; dq++) {
      const lo = Math.max(-radius, -dq - radius);
      const hi = Math.min(radius, -dq + radius);
      for (let dr = lo; dr <= hi; dr++) {
        const n = this.byCoord.get(key(c.q + dq, c.r + dr));
        if (n !== undefined) out.push(n);
      }
    }
    return out;
  }

  /** Centre of a hex in the drawing frame (unit hex size; x right, y down). */
  centre(label: string): { x: number; y: number } {
    return this.pixel(this.coord(label));
  }

  private pixel(a: { q: number; r: number }): { x: number; y: number } {
    if (this.orientation === 'flat') {
      return { x: 1.5 * a.q, y: SQRT3 * (a.r + a.q / 2) };
    }
    return { x: SQRT3 * (a.q + a.r / 2), y: 1.5 * a.r };
  }

  /** Compass bearing (degrees clockwise from north) from the centre of a to the centre of b. */
  bearing(a: string, b: string): number {
    const p = this.centre(a);
    const q = this.centre(b);
    const screen = (Math.atan2(q.x - p.x, -(q.y - p.y)) * 180) / Math.PI;
    const top = this.tops.get(a) ?? 0;
    return (((screen + top) % 360) + 360) % 360;
  }

  /**
   * The neighbours of a hex whose bearing lies within `tolerance` degrees of a
   * compass direction, e.g. Shiloh 19.1's "north or north-east".
   */
  neighboursToward(label: string, bearing: number, tolerance = 30): string[] {
    return this.neighbours(label).filter((n) => {
      const d = Math.abs(((this.bearing(label, n) - bearing + 540) % 360) - 180);
      return d <= tolerance + EPSILON;
    });
  }

  /** True if the hex lacks at least one of its six neighbours: it lies on a map edge. */
  isEdge(label: string): boolean {
    return this.neighbours(label).length < 6;
  }

  /**
   * The compass edges a hex lies on. A hex is on the north edge when every
   * neighbour direction within 45 degrees of north is off the map (one
   * direction on flat-topped grids facing north, two on pointy-topped ones),
   * and likewise for east, south and west; a corner hex is on two edges.
   */
  edgesOf(label: string): Array<'north' | 'east' | 'south' | 'west'> {
    const a = this.coord(label);
    const p = this.pixel(a);
    const top = this.tops.get(label) ?? 0;
    const names = ['north', 'east', 'south', 'west'] as const;
    const out: Array<'north' | 'east' | 'south' | 'west'> = [];
    for (let i = 0; i < 4; i++) {
      let inSector = 0;
      let missing = 0;
      for (const d of DIRECTIONS) {
        const n = this.pixel({ q: a.q + d.q, r: a.r + d.r });
        const screen = (Math.atan2(n.x - p.x, -(n.y - p.y)) * 180) / Math.PI;
        const b = (((screen + top) % 360) + 360) % 360;
        if (Math.abs(((b - i * 90 + 540) % 360) - 180) < 45) {
          inSector++;
          if (!this.byCoord.has(key(a.q + d.q, a.r + d.r))) missing++;
        }
      }
      if (inSector > 0 && missing === inSector) out.push(names[i]);
    }
    return out;
  }

  /**
   * The straight line between two hex centres (9.31): the intervening hexes it
   * crosses, and the hexsides it runs exactly along (9.32). The two end hexes
   * are never included (9.36: they do not block).
   *
   * Method: sample the line at each of its N = distance steps and round to the
   * nearest hex twice, with the line nudged a hair to either side. Where the two
   * nudged samples fall in different hexes, the line lies exactly on the
   * hexside between them.
   */
  lineOfSight(from: string, to: string): LineOfSightPath {
    const a = this.coord(from);
    const b = this.coord(to);
    const n = this.distance(from, to);
    const path: LineOfSightPath = { hexes: [], alongHexsides: [] };
    if (n <= 1) return path;
    const ac = { x: a.q, y: a.r, z: -a.q - a.r };
    const bc = { x: b.q, y: b.r, z: -b.q - b.r };
    const nudges = [
      { x: EPSILON, y: 2 * EPSILON, z: -3 * EPSILON },
      { x: -EPSILON, y: -2 * EPSILON, z: 3 * EPSILON },
    ];
    for (let i = 1; i < n; i++) {
      const t = i / n;
      const found = nudges.map((e) =>
        cubeRound(
          ac.x + e.x + (bc.x - ac.x) * t,
          ac.y + e.y + (bc.y - ac.y) * t,
          ac.z + e.z + (bc.z - ac.z) * t,
        ),
      );
      const [p, q] = found;
      const lp = this.labelAt(p) ?? null;
      if (p.q === q.q && p.r === q.r) {
        if (lp !== null) path.hexes.push(lp);
      } else {
        path.alongHexsides.push([lp, this.labelAt(q) ?? null]);
      }
    }
    return path;
  }
}

function cubeRound(x: number, y: number, z: number): Axial {
  let rx = Math.round(x);
  let ry = Math.round(y);
  const rz = Math.round(z);
  const dx = Math.abs(rx - x);
  const dy = Math.abs(ry - y);
  const dz = Math.abs(rz - z);
  if (dx > dy && dx > dz) rx = -ry - rz;
  else if (dy > dz) ry = -rx - rz;
  return { q: rx, r: ry };
}
