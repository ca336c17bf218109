import { HexGrid, hexsideKey, type HexGridTables } from '../hex';
import type { HexId, HexSpec, HexsideFeature, MapDocument, RouteType } from '../types';

const NO_FEATURES: readonly HexsideFeature[] = Object.freeze([]);
const NO_ROUTES: readonly RouteType[] = Object.freeze([]);

/**
 * A TerrainMap's tables as plain data (structured-cloneable, so a worker
 * thread can build them): `TerrainMap.fromTables(doc, tables)` is the map
 * `new TerrainMap(doc)` would build, without the work.
 */
export interface TerrainTables {
  grid: HexGridTables;
  sides: Map<string, HexsideFeature[]>;
  routeLinks: Map<string, RouteType[]>;
  routeHexes: Map<HexId, RouteType[]>;
}

/**
 * A map document made queryable: terrain of each hex, features of each
 * hexside, and the route network as connections through hexsides. Built once
 * per map and shared by every game on it; never changes.
 *
 * It answers "what is there", not "what does it cost": costs and combat
 * effects are rules and live in the rules sections (movement.ts, combat…).
 */
export class TerrainMap {
  readonly grid: HexGrid;
  readonly doc: MapDocument;
  private readonly sides = new Map<string, HexsideFeature[]>();
  private readonly routeLinks = new Map<string, RouteType[]>();
  private readonly routeHexes = new Map<HexId, RouteType[]>();

  constructor(doc: MapDocument) {
    this.doc = doc;
    this.grid = new HexGrid(Array.isArray(doc.grid) ? doc.grid : [{ layout: doc.grid }]);
    for (const side of doc.hexsides) {
      const k = hexsideKey(side.between[0], side.between[1]);
      const list = this.sides.get(k) ?? [];
      list.push(...side.features);
      this.sides.set(k, list);
    }
    for (const route of doc.routes) {
      for (let i = 0; i + 1 < route.hexes.length; i++) {
        const k = hexsideKey(route.hexes[i], route.hexes[i + 1]);
        const list = this.routeLinks.get(k) ?? [];
        if (!list.includes(route.type)) list.push(route.type);
        this.routeLinks.set(k, list);
      }
      for (const h of route.hexes) {
        const list = this.routeHexes.get(h) ?? [];
        if (!list.includes(route.type)) list.push(route.type);
        this.routeHexes.set(h, list);
      }
    }
  }

  /** The tables built from the document (shared, not copied: neither side may change them). */
  tables(): TerrainTables {
    return {
      grid: this.grid.tables(),
      sides: this.sides,
      routeLinks: this.routeLinks,
      routeHexes: this.routeHexes,
    };
  }

  /**
   * The map of `doc` from the tables `new TerrainMap(doc).tables()` gave
   * (here or on another thread): the same answers, nothing recomputed. The
   * caller pairs a document with its own tables.
   */
  static fromTables(doc: MapDocument, t: TerrainTables): TerrainMap {
    const map = Object.create(TerrainMap.prototype) as TerrainMap;
    Object.assign(map, {
      doc,
      grid: HexGrid.fromTables(t.grid),
      sides: t.sides,
      routeLinks: t.routeLinks,
      routeHexes: t.routeHexes,
    });
    return map;
  }

  get id(): string {
    return this.doc.id;
  }

  has(hex: HexId): boolean {
    return this.grid.has(hex);
  }

  /** The terrain of a hex (the map's default where the document lists none). */
  hex(hex: HexId): HexSpec {
    return this.doc.hexes[hex] ?? this.doc.defaultHex;
  }

  /** Level of a hex for slopes and line of sight; 1 unless the map says otherwise. */
  level(hex: HexId): number {
    return this.hex(hex).level ?? 1;
  }

  /** The features of the hexside between two adjacent hexes (none: empty). */
  hexside(a: HexId, b: HexId): readonly HexsideFeature[] {
    return this.sides.get(hexsideKey(a, b)) ?? NO_FEATURES;
  }

  hexsideHas(a: HexId, b: HexId, type: HexsideFeature['type']): boolean {
    return this.hexside(a, b).some((f) => f.type === type);
  }

  /** The route types that join two adjacent hexes through their hexside (6.22–6.24). */
  routesBetween(a: HexId, b: HexId): readonly RouteType[] {
    return this.routeLinks.get(hexsideKey(a, b)) ?? NO_ROUTES;
  }

  /** The route types that pass through a hex. */
  routesIn(hex: HexId): readonly RouteType[] {
    return this.routeHexes.get(hex) ?? NO_ROUTES;
  }

  /** Every hexside that has at least one feature, for drawing and checking. */
  featuredHexsides(): Array<{ between: [HexId, HexId]; features: readonly HexsideFeature[] }> {
    return [...this.sides.entries()].map(([k, features]) => {
      const [a, b] = k.split('|');
      return { between: [a, b], features };
    });
  }
}
