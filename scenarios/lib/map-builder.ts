/**
 * The mechanics every scenarios/<battle>/build-map.ts shares: labels and
 * lists of hexes, routes drawn through waypoints, the hex and hexside tables
 * a map is built in, the land-movement flood fill and the route checks the
 * battles run on their maps, and writing map.json deterministically.
 *
 * What a battle's map is (its grid, rivers, creeks, roads, terrain, notes) and
 * the facts of its rules text it checks stay in that battle's build-map.ts:
 * they are its evidence. Only the mechanics live here.
 *
 * Not part of the engine (no rules are decided here); run with ts-node from
 * the build scripts and imported by the scenario specs under
 * test/unit/scenarios/.
 */
import { writeFileSync } from 'fs';
import { HexGrid, formatLabel, hexsideKey, parseLabel } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import type {
  HexSpec,
  HexsideFeature,
  HexsideSpec,
  MapDocument,
  RouteSpec,
} from '../../src/engine/types';

// ----------------------------------------------------------------- labels ----

/** The label "CCRR" of column c, row r. */
export const L = (c: number, r: number): string => formatLabel(c, r);
/** The column of a label. */
export const col = (h: string): number => parseLabel(h)!.column;
/** The row of a label. */
export const row = (h: string): number => parseLabel(h)!.row;
/** Hexes written as one string, "0101 0102 0203", split into labels. */
export const hexList = (s: string): string[] => s.trim().split(/\s+/);

/**
 * The half hexes at the foot of the lower (even) columns of a flat-topped,
 * even-shifted sheet: row `lastRow` of columns 2, 4, ... up to `lastColumn`.
 * Leaving them off the sheet puts odd and even columns' last hexes on one edge.
 */
export function evenColumnHalfHexes(lastColumn: number, lastRow: number): string[] {
  const out: string[] = [];
  for (let c = 2; c <= lastColumn; c += 2) out.push(formatLabel(c, lastRow));
  return out;
}

/**
 * A sheet drawn the SPI way: flat-topped hexes in vertical columns, "0101" at
 * the top left, even columns half a hex lower, columns 01-`lastColumn` and rows
 * 01-`lastRow`; `top` is the compass direction the sheet's top faces. With
 * `halfHexesAtFoot`, the even columns' last row is left off the sheet (see
 * evenColumnHalfHexes).
 */
export function spiSheet(
  lastColumn: number,
  lastRow: number,
  top: GridLayout['top'],
  opts: { halfHexesAtFoot?: boolean } = {},
): GridLayout {
  return {
    orientation: 'flat',
    shifted: 'even',
    columns: { first: 1, last: lastColumn },
    rows: { first: 1, last: lastRow },
    top,
    ...(opts.halfHexesAtFoot ? { missing: evenColumnHalfHexes(lastColumn, lastRow) } : {}),
  };
}

/** Every pair of adjacent hexes once, as [a, b] with a < b, in grid order. */
export function* adjacentPairs(grid: HexGrid): Generator<[string, string]> {
  for (const a of grid.all()) {
    for (const b of grid.neighbours(a)) if (a < b) yield [a, b];
  }
}

// ----------------------------------------------------------------- routes ----

/** Straight hex line between two hexes (cube rounding, nudged off ties), ends included. */
export function line(grid: HexGrid, a: string, b: string): string[] {
  const p = grid.coord(a);
  const q = grid.coord(b);
  const n = grid.distance(a, b);
  const out: string[] = [];
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    const x = p.q + (q.q - p.q) * t + 1e-6;
    const z = p.r + (q.r - p.r) * t + 2e-6;
    const y = -x - z;
    let rx = Math.round(x);
    let rz = Math.round(z);
    const ry = Math.round(y);
    const dx = Math.abs(rx - x);
    const dy = Math.abs(ry - y);
    const dz = Math.abs(rz - z);
    if (dx > dy && dx > dz) rx = -ry - rz;
    else if (dz > dy) rz = -rx - ry;
    const h = grid.labelAt({ q: rx, r: rz });
    if (!h) throw new Error(`line ${a}-${b} leaves the map`);
    if (out[out.length - 1] !== h) out.push(h);
  }
  return out;
}

/** A chain of straight lines (see line) through the waypoints. */
export function path(grid: HexGrid, ...waypoints: string[]): string[] {
  const out: string[] = [waypoints[0]];
  for (let i = 0; i + 1 < waypoints.length; i++) {
    out.push(...line(grid, waypoints[i], waypoints[i + 1]).slice(1));
  }
  return out;
}

/** The smaller angle between two bearings, in degrees. */
export const angle = (a: number, b: number): number =>
  Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

/**
 * A route through waypoints (one string, see hexList), hex by hex: each step
 * goes to the neighbour nearer the next waypoint whose bearing is closest to
 * it, so the listed course is contiguous.
 */
export function via(grid: HexGrid, waypoints: string): string[] {
  const pts = hexList(waypoints);
  const out = [pts[0]];
  for (const target of pts.slice(1)) {
    let cur = out[out.length - 1];
    while (cur !== target) {
      const want = grid.bearing(cur, target);
      const d = grid.distance(cur, target);
      const next = grid
        .neighbours(cur)
        .filter((n) => grid.distance(n, target) < d)
        .sort((a, b) => angle(grid.bearing(cur, a), want) - angle(grid.bearing(cur, b), want))[0];
      out.push(next);
      cur = next;
    }
  }
  return out;
}

/** Every link of every route: consecutive hexes a, b and the route they are on. */
export function* routeLinks(routes: RouteSpec[]): Generator<[string, string, RouteSpec]> {
  for (const r of routes) {
    for (let i = 0; i + 1 < r.hexes.length; i++) yield [r.hexes[i], r.hexes[i + 1], r];
  }
}

// ------------------------------------------------------------------- hexes ----

/** The hexes of a map being built, and how to describe them. */
export interface HexTable {
  /** The hexes described so far (not the default terrain). */
  readonly hexes: Record<string, HexSpec>;
  /** Describes a hex, or amends one already described (later keys win); a new hex needs its terrain. */
  set(h: string, spec: Partial<HexSpec>): void;
  /** Describes a group of hexes alike; the first carries the group's name. */
  setNamed(name: string, list: string[], spec: Partial<HexSpec>): void;
}

export function hexTable(grid: HexGrid): HexTable {
  const hexes: Record<string, HexSpec> = {};
  const set = (h: string, spec: Partial<HexSpec>): void => {
    if (!grid.has(h)) throw new Error(`no hex ${h}`);
    const merged = { ...(hexes[h] ?? {}), ...spec };
    if (!merged.terrain) throw new Error(`hex ${h} has no terrain`);
    hexes[h] = merged as HexSpec;
  };
  const setNamed = (name: string, list: string[], spec: Partial<HexSpec>): void =>
    list.forEach((h, i) => set(h, { ...spec, ...(i === 0 ? { name } : {}) }));
  return { hexes, set, setNamed };
}

// ---------------------------------------------------------------- hexsides ----

/** The hexsides of a map being built: features by hexside, each side listed with its hexes in label order. */
export class HexsideTable {
  private readonly sides = new Map<string, HexsideSpec>();

  /**
   * @param grid the map's grid (features go only between adjacent hexes)
   * @param same when a feature is already on a hexside: 'type' keeps one
   *   feature of a type; 'exact' keeps features of one type that differ
   *   (two redoubts facing opposite ways)
   */
  constructor(
    private readonly grid: HexGrid,
    private readonly same: 'type' | 'exact' = 'type',
  ) {}

  add(a: string, b: string, f: HexsideFeature): void {
    if (!this.grid.adjacent(a, b)) throw new Error(`${a} and ${b} are not adjacent`);
    const k = hexsideKey(a, b);
    const s = this.sides.get(k) ?? {
      between: (a < b ? [a, b] : [b, a]) as [string, string],
      features: [],
    };
    const isSame = (x: HexsideFeature): boolean =>
      x.type === f.type && (this.same === 'type' || JSON.stringify(x) === JSON.stringify(f));
    if (!s.features.some(isSame)) s.features.push(f);
    this.sides.set(k, s);
  }

  /** The features on the hexside between a and b (none if it has none). */
  features(a: string, b: string): HexsideFeature[] {
    return this.sides.get(hexsideKey(a, b))?.features ?? [];
  }

  has(a: string, b: string, type: HexsideFeature['type']): boolean {
    return this.features(a, b).some((f) => f.type === type);
  }

  /** Takes every feature of a type off a hexside (a lake hexside drawn where a stream ran replaces it). */
  remove(a: string, b: string, type: HexsideFeature['type']): void {
    const s = this.sides.get(hexsideKey(a, b));
    if (s) s.features = s.features.filter((f) => f.type !== type);
  }

  /** Every hexside with a feature, in the order first given one. */
  values(): HexsideSpec[] {
    return [...this.sides.values()];
  }
}

/** Water no land unit may stand in (6.27): river, lake and pond hexes. */
export const isWater = (terrain: string): boolean =>
  terrain === 'river' || terrain === 'lake' || terrain === 'pond';

/** 6.29: a creek hexside blocks land movement unless a bridge or ford crosses it. */
export const creekBlocks = (f: HexsideFeature[]): boolean =>
  f.some((x) => x.type === 'creek') && !f.some((x) => x.type === 'bridge' || x.type === 'ford');

// ------------------------------------------------------------ the document ----

/** The hexes by label and the hexsides by their hexes' labels: the order map.json is written in. */
export function sortedHexes(hexes: Record<string, HexSpec>): Record<string, HexSpec> {
  return Object.fromEntries(Object.entries(hexes).sort(([a], [b]) => (a < b ? -1 : 1)));
}
export function sortedHexsides(sides: HexsideSpec[]): HexsideSpec[] {
  return [...sides].sort((x, y) => (x.between.join() < y.between.join() ? -1 : 1));
}

/** A reconstructed map document, its hexes and hexsides in written order. */
export function reconstructedMap(m: {
  id: string;
  title: string;
  grid: MapDocument['grid'];
  defaultHex: HexSpec;
  hexes: Record<string, HexSpec>;
  hexsides: HexsideSpec[];
  routes: RouteSpec[];
  notes: string[];
}): MapDocument {
  return {
    id: m.id,
    title: m.title,
    provenance: 'reconstructed from the rules text',
    grid: m.grid,
    defaultHex: m.defaultHex,
    hexes: sortedHexes(m.hexes),
    hexsides: sortedHexsides(m.hexsides),
    routes: m.routes,
    notes: m.notes,
  };
}

/** The terrain of a hex on a built map (its default if not listed). */
export const hexSpecOf =
  (doc: MapDocument) =>
  (h: string): HexSpec =>
    doc.hexes[h] ?? doc.defaultHex;

/** The text of map.json for a document: the same document always gives the same bytes. */
export const mapJsonText = (doc: MapDocument): string => JSON.stringify(doc, null, 2) + '\n';

/** Writes map.json; returns a one-line summary for the build script to print. */
export function writeMapJson(file: string, doc: MapDocument): string {
  writeFileSync(file, mapJsonText(doc));
  return (
    `wrote ${file}: ${Object.keys(doc.hexes).length} hexes, ${doc.hexsides.length} hexsides, ` +
    `${doc.routes.length} routes`
  );
}

// ------------------------------------------------------------------ checks ----

/** The facts a build checks before it writes: every failure is collected, then thrown at once. */
export class FactChecks {
  readonly problems: string[] = [];

  constructor(private readonly mapName: string) {}

  /** Records a failure unless `ok` (an arrow, so it can be taken off: `const { check } = checks`). */
  readonly check = (ok: boolean, msg: string): void => {
    if (!ok) this.problems.push(msg);
  };

  /** Throws with every failed fact, if any. */
  done(): void {
    if (this.problems.length > 0) {
      throw new Error(`${this.mapName} map fails its checks:\n${this.problems.join('\n')}`);
    }
  }
}

/**
 * Hexes reachable from `from` over the grid, stepping from h to a neighbour n
 * only where `canStep(h, n)` (breadth first).
 */
export function reach(
  grid: HexGrid,
  from: string,
  canStep: (h: string, n: string) => boolean,
): Set<string> {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const h = queue.shift()!;
    for (const n of grid.neighbours(h)) {
      if (seen.has(n) || !canStep(h, n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return seen;
}

/**
 * 6.28: a ferry or pontoon hex is entered only from, and left only toward,
 * the hexes its arrows point to (its `crossing`); other hexes do not restrict.
 */
export function crossingAllows(spec: (h: string) => HexSpec, h: string, n: string): boolean {
  const into = spec(n);
  const from = spec(h);
  if (into.crossing && !into.crossing.includes(h)) return false;
  if (from.crossing && !from.crossing.includes(n)) return false;
  return true;
}

/**
 * Every route is contiguous, and (if given) stays on hexes `onLand` accepts and
 * crosses creeks only where a bridge or ford does (6.29).
 */
export function checkRoutes(
  checks: FactChecks,
  grid: HexGrid,
  routes: RouteSpec[],
  opts: { onLand?: (h: string) => boolean; sides?: HexsideTable } = {},
): void {
  for (const [a, b, r] of routeLinks(routes)) {
    checks.check(grid.adjacent(a, b), `${r.name} is contiguous at ${a}-${b}`);
    if (opts.sides && creekBlocks(opts.sides.features(a, b))) {
      checks.check(false, `${r.name} crosses a creek at ${a}/${b} without a bridge or ford`);
    }
  }
  if (opts.onLand) {
    for (const r of routes)
      for (const h of r.hexes) checks.check(opts.onLand(h), `${r.name} stays on land at ${h}`);
  }
}
