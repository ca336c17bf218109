/**
 * A map drawn as SVG, to compare with a printed map and to spot authoring
 * mistakes: hexes coloured by terrain (10.1), hexside features as thick
 * coloured edges, routes as lines between hex centres, hex labels, place
 * names, and optionally a scenario's set-up (unit counters, fieldworks,
 * objectives, reinforcement entry hexes). Pure string building.
 */
import { HexGrid } from '../hex';
import type {
  HexId,
  HexSpec,
  HexsideFeature,
  MapDocument,
  RouteType,
  ScenarioDocument,
  Side,
  UnitSpec,
} from '../types';
import type { GameState, PendingDecision, UnitState } from '../state';
import { TerrainMap } from './terrain-map';
import { appendAll, extent } from '../lists';

/**
 * A position of a game to draw instead of a scenario's set-up: the state as
 * the reader may see it (the caller redacts it), the order that led to it
 * (drawn over the board) and who must act now.
 */
export interface BoardPosition {
  /** Entry number of the position (0 = the set-up). */
  seq: number;
  state: GameState;
  /** The state before the last order, to find where the units it moved started. */
  before: GameState | null;
  /** The last order (as the reader may see it: a sealed order is drawn as such) and its side. */
  last: { side: Side; order: unknown } | null;
  /** Who must act now; null when the game is over. */
  toAct: { side: Side; kind: 'phase' | 'decision'; decision?: PendingDecision } | null;
  /** Markers exclusive rules put on units (out of ammunition, 19.61...), by unit id. */
  unitMarkers: Record<string, string[]>;
}

export interface MapSvgOptions {
  /** Draw this scenario's set-up on the map (or, with `position`, only its objectives and entry hexes). */
  scenario?: ScenarioDocument;
  /** Draw this position of a game (needs `scenario`, whose unit designations it prints). */
  position?: BoardPosition;
  /** Hex circumradius in pixels (default 30). */
  hexSize?: number;
  /** Print each hex's label (default true). */
  labels?: boolean;
}

type Point = { x: number; y: number };

/** Fill of each hex terrain; clear shades darker with level (6.26, 9.34). */
export const TERRAIN_FILL: Record<HexSpec['terrain'], string> = {
  clear: '#f4eed7',
  forest: '#9cc487',
  rough: '#d2b48c',
  'forest-rough': '#7fa36b',
  swamp: '#b3d1c4',
  town: '#e0a8a0',
  river: '#7fb2e5',
  lake: '#6aa3dd',
  pond: '#8fc0ec',
  bridge: '#7fb2e5',
  ford: '#7fb2e5',
  ferry: '#7fb2e5',
  pontoon: '#7fb2e5',
};
const CLEAR_LEVEL_FILL = ['#f4eed7', '#f4eed7', '#e6d39f', '#cfb172'];

const HEXSIDE_STYLE: Record<
  HexsideFeature['type'],
  { stroke: string; width: number; dash?: string }
> = {
  creek: { stroke: '#2f6fb7', width: 0.13 },
  stream: { stroke: '#4f97d9', width: 0.1, dash: '0.18 0.08' },
  river: { stroke: '#1c4587', width: 0.2 },
  lake: { stroke: '#1c4587', width: 0.2 },
  bridge: { stroke: '#6b4423', width: 0.08 },
  ford: { stroke: '#6b4423', width: 0.08, dash: '0.06 0.06' },
  slope: { stroke: '#b8860b', width: 0.1, dash: '0.05 0.05' },
  ridge: { stroke: '#7a4a12', width: 0.18 },
  'sunken-road': { stroke: '#555555', width: 0.12, dash: '0.2 0.05' },
  redoubt: { stroke: '#b22222', width: 0.12 },
  entrenchment: { stroke: '#7b3fa0', width: 0.12 },
};

const ROUTE_STYLE: Record<RouteType, { stroke: string; width: number; dash?: string }> = {
  turnpike: { stroke: '#3a2a1a', width: 0.14 },
  road: { stroke: '#8a5a2b', width: 0.09 },
  railway: { stroke: '#111111', width: 0.06, dash: '0.12 0.06' },
  trail: { stroke: '#8a5a2b', width: 0.05, dash: '0.1 0.08' },
  'sunken-road': { stroke: '#555555', width: 0.12 },
};

const SIDE_FILL: Record<Side, string> = { union: '#3b5b9d', confederate: '#9a9a9a' };
const SIDE_TEXT: Record<Side, string> = { union: '#ffffff', confederate: '#111111' };
const TYPE_MARK: Record<UnitSpec['type'], string> = {
  infantry: 'I',
  cavalry: 'C',
  artillery: 'A',
  'horse-artillery': 'HA',
  gunboat: 'G',
  train: 'T',
  'siege-train': 'ST',
  leader: 'L',
};

/** Renders a map (and optionally a scenario's set-up) as a standalone SVG document. */
export function renderMapSvg(mapDoc: MapDocument, options: MapSvgOptions = {}): string {
  const map = new TerrainMap(mapDoc);
  const grid = map.grid;
  const s = options.hexSize ?? 30;
  const labels = options.labels ?? true;
  const scenario = options.scenario;
  const position = scenario ? options.position : undefined;
  const flat = grid.orientation === 'flat';

  const centre = (h: HexId): Point => {
    const c = grid.centre(h);
    return { x: c.x * s, y: c.y * s };
  };
  const all = grid.all();
  const xs = all.map((h) => centre(h).x);
  const ys = all.map((h) => centre(h).y);
  const margin = s * 1.5;
  const legendWidth = s * 7;
  const titleHeight = s * 1.4;
  // Not Math.min(...xs): a map of 500 000 hexes overflowed the stack with it.
  const xExtent = extent(xs);
  const yExtent = extent(ys);
  const minX = xExtent.min - margin;
  const minY = yExtent.min - margin - titleHeight;
  const mapWidth = xExtent.max - xExtent.min + 2 * margin;
  // The legend has 35 rows of half a hex; the drawing is at least that tall.
  const height = Math.max(yExtent.max - yExtent.min + 2 * margin, s * 19) + titleHeight;
  const width = mapWidth + legendWidth;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" ` +
      `viewBox="${n(minX)} ${n(minY)} ${n(width)} ${n(height)}" font-family="Helvetica, Arial, sans-serif">`,
  );
  out.push(`<title>${esc(mapDoc.title)}</title>`);
  out.push(
    `<rect x="${n(minX)}" y="${n(minY)}" width="${n(width)}" height="${n(height)}" fill="#ffffff"/>`,
  );
  out.push(
    `<text x="${n(minX + s * 0.5)}" y="${n(minY + s * 0.9)}" font-size="${n(s * 0.6)}" font-weight="bold">` +
      `${esc(scenario ? `${scenario.title} (${scenario.date})` : mapDoc.title)}</text>`,
  );
  out.push(
    `<text x="${n(minX + s * 0.5)}" y="${n(minY + s * 1.35)}" font-size="${n(s * 0.32)}" fill="#555">` +
      `${esc(position ? positionCaption(position) : `map: ${mapDoc.id}, ${mapDoc.provenance}; top of sheet faces ${topOf(mapDoc)}`)}</text>`,
  );

  // Hexes
  out.push('<g class="hexes" stroke="#999" stroke-width="0.6">');
  for (const h of all) {
    const spec = map.hex(h);
    const c = centre(h);
    const fill =
      spec.terrain === 'clear' ? CLEAR_LEVEL_FILL[spec.level ?? 1] : TERRAIN_FILL[spec.terrain];
    out.push(
      `<polygon class="hex terrain-${spec.terrain}" data-hex="${esc(h)}" points="${polygon(c, s, flat)}" fill="${fill}"/>`,
    );
  }
  out.push('</g>');

  // Symbols inside hexes: rough dots, forest trees, slopes, forts, crossings
  out.push('<g class="hex-symbols">');
  for (const h of all) appendAll(out, hexSymbols(h, map.hex(h), centre, s));
  out.push('</g>');

  // Routes under hexside features so rivers read over roads at bridges
  out.push('<g class="routes" fill="none" stroke-linecap="round" stroke-linejoin="round">');
  for (const route of mapDoc.routes) {
    const st = ROUTE_STYLE[route.type];
    const pts = route.hexes.filter((h) => grid.has(h)).map((h) => centre(h));
    out.push(
      `<polyline class="route route-${route.type}" points="${pts.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}" ` +
        `stroke="${st.stroke}" stroke-width="${n(st.width * s)}"${st.dash ? ` stroke-dasharray="${dash(st.dash, s)}"` : ''}>` +
        `<title>${esc(`${route.type}${route.name ? `: ${route.name}` : ''}`)}</title></polyline>`,
    );
  }
  out.push('</g>');

  // Hexside features
  out.push('<g class="hexsides" stroke-linecap="round">');
  for (const side of map.featuredHexsides()) {
    const [a, b] = side.between;
    if (!grid.has(a) || !grid.has(b)) continue;
    const ca = centre(a);
    const cb = centre(b);
    const [p, q] = sharedEdge(ca, cb, s);
    // Draw water first, crossings and works over it.
    const order = [...side.features].sort((x, y) => featureRank(x) - featureRank(y));
    for (const f of order) out.push(...hexsideFeature(f, a, b, ca, cb, p, q, s));
  }
  out.push('</g>');

  if (labels) {
    out.push(`<g class="labels" font-size="${n(s * 0.26)}" fill="#666" text-anchor="middle">`);
    for (const h of all) {
      const c = centre(h);
      out.push(`<text x="${n(c.x)}" y="${n(c.y - s * 0.55)}">${esc(h)}</text>`);
    }
    out.push('</g>');
  }

  out.push(
    `<g class="names" font-size="${n(s * 0.3)}" font-style="italic" text-anchor="middle" fill="#222">`,
  );
  for (const h of all) {
    const name = map.hex(h).name;
    if (!name) continue;
    const c = centre(h);
    out.push(
      `<text x="${n(c.x)}" y="${n(c.y + s * 0.78)}" stroke="#fff" stroke-width="${n(s * 0.08)}" paint-order="stroke">${esc(name)}</text>`,
    );
  }
  out.push('</g>');

  if (scenario && position)
    appendAll(out, positionLayer(scenario, position, grid, centre, s, flat));
  else if (scenario) appendAll(out, setupLayer(scenario, grid, centre, s));
  out.push(...legend(minX + mapWidth, minY + titleHeight, s));
  out.push('</svg>');
  return out.join('\n') + '\n';
}

// ------------------------------------------------------------ geometry ----

function n(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

function dash(pattern: string, s: number): string {
  return pattern
    .split(' ')
    .map((d) => n(Number(d) * s))
    .join(' ');
}

function corners(c: Point, s: number, flat: boolean): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const angle = ((flat ? 60 * i : 60 * i - 30) * Math.PI) / 180;
    out.push({ x: c.x + s * Math.cos(angle), y: c.y + s * Math.sin(angle) });
  }
  return out;
}

function polygon(c: Point, s: number, flat: boolean): string {
  return corners(c, s, flat)
    .map((p) => `${n(p.x)},${n(p.y)}`)
    .join(' ');
}

/** The two end points of the hexside shared by adjacent hexes with centres a and b. */
function sharedEdge(a: Point, b: Point, s: number): [Point, Point] {
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  const px = (-dy / len) * (s / 2);
  const py = (dx / len) * (s / 2);
  return [
    { x: mid.x + px, y: mid.y + py },
    { x: mid.x - px, y: mid.y - py },
  ];
}

function line(p: Point, q: Point, attrs: string): string {
  return `<line x1="${n(p.x)}" y1="${n(p.y)}" x2="${n(q.x)}" y2="${n(q.y)}" ${attrs}/>`;
}

const toward = (from: Point, to: Point, t: number): Point => ({
  x: from.x + (to.x - from.x) * t,
  y: from.y + (to.y - from.y) * t,
});

// ------------------------------------------------------------- symbols ----

function hexSymbols(h: HexId, spec: HexSpec, centre: (h: HexId) => Point, s: number): string[] {
  const c = centre(h);
  const out: string[] = [];
  if (spec.terrain === 'forest' || spec.terrain === 'forest-rough') {
    for (const [dx, dy] of [
      [-0.3, -0.05],
      [0.3, -0.05],
      [0, 0.25],
    ]) {
      const x = c.x + dx * s;
      const y = c.y + dy * s;
      out.push(
        `<path d="M${n(x)},${n(y - s * 0.16)} L${n(x + s * 0.11)},${n(y + s * 0.08)} L${n(x - s * 0.11)},${n(y + s * 0.08)} Z" fill="#3f6e2f"/>`,
      );
    }
  }
  if (spec.terrain === 'rough' || spec.terrain === 'forest-rough') {
    for (const [dx, dy] of [
      [-0.4, 0.3],
      [0.4, 0.3],
      [-0.15, -0.35],
      [0.2, -0.3],
    ]) {
      out.push(
        `<path d="M${n(c.x + (dx - 0.08) * s)},${n(c.y + dy * s)} l${n(0.08 * s)},${n(-0.1 * s)} l${n(0.08 * s)},${n(0.1 * s)}" fill="none" stroke="#6b4a2b" stroke-width="${n(s * 0.03)}"/>`,
      );
    }
  }
  if (spec.terrain === 'swamp') {
    for (const dy of [-0.15, 0.1, 0.35]) {
      out.push(
        line(
          { x: c.x - s * 0.35, y: c.y + dy * s },
          { x: c.x + s * 0.35, y: c.y + dy * s },
          `stroke="#3d7a68" stroke-width="${n(s * 0.03)}"`,
        ),
      );
    }
  }
  if (spec.terrain === 'town') {
    out.push(
      `<rect x="${n(c.x - s * 0.22)}" y="${n(c.y - s * 0.22)}" width="${n(s * 0.44)}" height="${n(s * 0.44)}" fill="#8b3a3a"/>`,
    );
  }
  if (spec.slope) {
    out.push(
      `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(s * 0.7)}" fill="none" stroke="#b8860b" stroke-width="${n(s * 0.04)}" stroke-dasharray="${n(s * 0.06)} ${n(s * 0.06)}"/>`,
    );
  }
  if (spec.terrain === 'clear' && (spec.level ?? 1) > 1) {
    out.push(
      `<text x="${n(c.x + s * 0.55)}" y="${n(c.y + s * 0.1)}" font-size="${n(s * 0.24)}" fill="#7a5b12" text-anchor="middle">L${spec.level}</text>`,
    );
  }
  if (spec.fort) {
    out.push(
      `<polygon points="${star(c, s * 0.32)}" fill="none" stroke="#222" stroke-width="${n(s * 0.05)}"/>`,
    );
  }
  if (spec.terrain === 'bridge') {
    out.push(
      `<rect x="${n(c.x - s * 0.12)}" y="${n(c.y - s * 0.5)}" width="${n(s * 0.24)}" height="${n(s)}" fill="#6b4423"/>`,
    );
  }
  if (spec.terrain === 'ford') {
    out.push(
      line(
        { x: c.x, y: c.y - s * 0.55 },
        { x: c.x, y: c.y + s * 0.55 },
        `stroke="#6b4423" stroke-width="${n(s * 0.1)}" stroke-dasharray="${n(s * 0.08)} ${n(s * 0.08)}"`,
      ),
    );
  }
  if ((spec.terrain === 'ferry' || spec.terrain === 'pontoon') && spec.crossing) {
    const colour = spec.terrain === 'ferry' ? '#000' : '#6b4423';
    for (const other of spec.crossing) {
      let to: Point;
      try {
        to = toward(c, centre(other), 0.5);
      } catch {
        continue; // off the map: validation reports it
      }
      out.push(
        line(c, to, `stroke="${colour}" stroke-width="${n(s * 0.07)}"`),
        `<circle cx="${n(to.x)}" cy="${n(to.y)}" r="${n(s * 0.08)}" fill="${colour}"/>`,
      );
    }
    out.push(
      `<text x="${n(c.x)}" y="${n(c.y + s * 0.1)}" font-size="${n(s * 0.26)}" font-weight="bold" text-anchor="middle" fill="${colour}">${spec.terrain === 'ferry' ? 'F' : 'P'}</text>`,
    );
  }
  return out;
}

function star(c: Point, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const rr = i % 2 === 0 ? r : r * 0.45;
    const a = ((-90 + 36 * i) * Math.PI) / 180;
    pts.push(`${n(c.x + rr * Math.cos(a))},${n(c.y + rr * Math.sin(a))}`);
  }
  return pts.join(' ');
}

function featureRank(f: HexsideFeature): number {
  return ['river', 'lake', 'creek', 'stream'].includes(f.type) ? 0 : f.type === 'slope' ? 1 : 2;
}

function hexsideFeature(
  f: HexsideFeature,
  a: HexId,
  b: HexId,
  ca: Point,
  cb: Point,
  p: Point,
  q: Point,
  s: number,
): string[] {
  const st = HEXSIDE_STYLE[f.type];
  const title = `<title>${esc(`${f.type} ${a}|${b}`)}</title>`;
  const attrs = (extra = '') =>
    `class="hexside hexside-${f.type}" stroke="${st.stroke}" stroke-width="${n(st.width * s)}"` +
    `${st.dash ? ` stroke-dasharray="${dash(st.dash, s)}"` : ''}${extra}`;
  const withTitle = (el: string) => el.replace(/\/>$/, `>${title}</line>`);
  if (f.type === 'bridge') {
    // A plank across the water, along the line joining the two hexes.
    const mid = toward(ca, cb, 0.5);
    return [withTitle(line(toward(mid, ca, 0.35), toward(mid, cb, 0.35), attrs()))];
  }
  if (f.type === 'ford') {
    const mid = toward(ca, cb, 0.5);
    return [withTitle(line(toward(mid, ca, 0.3), toward(mid, cb, 0.3), attrs()))];
  }
  const out = [withTitle(line(toward(p, q, 0.04), toward(q, p, 0.04), attrs()))];
  // Ticks show direction: slopes hachure toward the low side; works barb toward the enemy side (8.46).
  const pointsTo =
    f.type === 'slope'
      ? f.high === a
        ? cb
        : ca
      : f.type === 'redoubt' || f.type === 'entrenchment'
        ? f.friendly === a
          ? cb
          : ca
        : undefined;
  if (pointsTo) {
    const from = pointsTo === cb ? ca : cb;
    const dx =
      ((pointsTo.x - from.x) / Math.hypot(pointsTo.x - from.x, pointsTo.y - from.y)) * s * 0.16;
    const dy =
      ((pointsTo.y - from.y) / Math.hypot(pointsTo.x - from.x, pointsTo.y - from.y)) * s * 0.16;
    for (const t of [0.25, 0.5, 0.75]) {
      const m = toward(p, q, t);
      out.push(
        line(
          m,
          { x: m.x + dx, y: m.y + dy },
          `stroke="${st.stroke}" stroke-width="${n(s * 0.05)}"`,
        ),
      );
    }
  }
  return out;
}

// --------------------------------------------------------------- set-up ----

function setupLayer(
  scenario: ScenarioDocument,
  grid: HexGrid,
  centre: (h: HexId) => Point,
  s: number,
): string[] {
  const out: string[] = [];
  const units = new Map(scenario.units.map((u) => [u.id, u]));

  // Objectives (victory conditions)
  out.push('<g class="objectives">');
  for (const o of scenario.victory.objectives) {
    if (!grid.has(o.hex)) continue;
    const c = centre(o.hex);
    out.push(
      `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(s * 0.82)}" fill="none" stroke="#d00000" stroke-width="${n(s * 0.08)}"><title>${esc(`objective ${o.hex} (${o.case})`)}</title></circle>`,
    );
  }
  out.push('</g>');

  // Reinforcement entry hexes, with turn and side
  out.push(`<g class="entries" font-size="${n(s * 0.24)}" text-anchor="middle">`);
  const entries = new Map<HexId, string[]>();
  for (const r of scenario.reinforcements) {
    for (const h of r.entry) {
      const list = entries.get(h) ?? [];
      const tag = `${r.side === 'union' ? 'U' : 'C'}${r.turn}`;
      if (!list.includes(tag)) list.push(tag);
      entries.set(h, list);
    }
  }
  for (const [h, tags] of entries) {
    if (!grid.has(h)) continue;
    const c = centre(h);
    const text = `▶ ${tags.join(' ')}`;
    const w = Math.max(s * 1.2, text.length * s * 0.16);
    out.push(
      `<rect x="${n(c.x - w / 2)}" y="${n(c.y + s * 0.3)}" width="${n(w)}" height="${n(s * 0.32)}" rx="${n(s * 0.08)}" fill="#fff3b0" stroke="#a08000" stroke-width="${n(s * 0.03)}"/>`,
      `<text x="${n(c.x)}" y="${n(c.y + s * 0.54)}" fill="#5a4800">${esc(text)}</text>`,
    );
  }
  out.push('</g>');

  // Fieldworks along the hexsides they face (10.38)
  if (scenario.setup.kind === 'fixed') {
    out.push('<g class="fieldworks">');
    for (const f of scenario.setup.fieldworks ?? []) {
      if (!grid.has(f.hex)) continue;
      const c = centre(f.hex);
      for (const other of f.facing) {
        if (!grid.has(other) || !grid.adjacent(f.hex, other)) continue;
        const [p, q] = sharedEdge(c, centre(other), s);
        const inward = (pt: Point) => toward(pt, c, 0.12);
        out.push(
          line(
            inward(p),
            inward(q),
            `stroke="#5b3a1a" stroke-width="${n(s * 0.1)}" stroke-dasharray="${n(s * 0.05)} ${n(s * 0.04)}"`,
          ),
        );
      }
    }
    out.push('</g>');
  }

  // Unit counters
  out.push(`<g class="units" text-anchor="middle">`);
  const stacks = new Map<HexId, UnitSpec[]>();
  for (const p of scenario.setup.placements ?? []) {
    const u = units.get(p.unit);
    if (!u || !grid.has(p.hex)) continue;
    const list = stacks.get(p.hex) ?? [];
    list.push(u);
    stacks.set(p.hex, list);
  }
  const size = s * 0.78;
  for (const [h, stack] of stacks) {
    const c = centre(h);
    stack.forEach((u, i) => {
      const off = (i - (stack.length - 1) / 2) * s * 0.22;
      const x = c.x - size / 2 + off;
      const y = c.y - size / 2 + off;
      out.push(
        `<g class="unit unit-${u.side}" data-unit="${esc(u.id)}">` +
          `<title>${esc(`${u.id}: ${u.designation} ${u.type} ${u.strength}${u.reducedStrength !== undefined ? `/${u.reducedStrength}` : ''} at ${h}`)}</title>` +
          `<rect x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size)}" rx="${n(s * 0.05)}" fill="${SIDE_FILL[u.side]}" stroke="#111" stroke-width="${n(s * 0.03)}"/>` +
          `<text x="${n(x + size / 2)}" y="${n(y + size * 0.36)}" font-size="${n(s * 0.22)}" fill="${SIDE_TEXT[u.side]}">${esc(u.designation)}</text>` +
          `<text x="${n(x + size / 2)}" y="${n(y + size * 0.82)}" font-size="${n(s * 0.26)}" font-weight="bold" fill="${SIDE_TEXT[u.side]}">${esc(`${u.strength}${TYPE_MARK[u.type]}`)}</text>` +
          `</g>`,
      );
    });
  }
  out.push('</g>');
  return out;
}

// ------------------------------------------------------------- position ----

const MORALE_MARK: Record<UnitState['morale'], { label: string; stroke: string } | null> = {
  good: null,
  disordered: { label: 'D', stroke: '#e0a000' },
  shaken: { label: 'Sh', stroke: '#e06000' },
  routed: { label: 'R', stroke: '#d00000' },
};
const SIDE_NAME: Record<Side, string> = { union: 'Union', confederate: 'Confederate' };

/** The caption under the title: entry, Game-Turn, phase and who must act (or the result). */
function positionCaption(p: BoardPosition): string {
  const st = p.state;
  const where = `entry ${p.seq} · Game-Turn ${st.turn}${st.night ? ' (night)' : ''} · ${SIDE_NAME[st.phasing]} ${st.phase} phase`;
  if (st.result) {
    const winner = st.result.winner ? `${SIDE_NAME[st.result.winner]} win` : 'draw';
    return `${where} · game over: ${winner}${st.result.level ? ` (${st.result.level})` : ''}`;
  }
  if (!p.toAct) return where;
  return p.toAct.kind === 'decision'
    ? `${where} · ${SIDE_NAME[p.toAct.side]} to answer: ${p.toAct.decision?.kind ?? 'decision'}`
    : `${where} · ${SIDE_NAME[p.toAct.side]} to act`;
}

/** The status words of a unit, as printed on its counter: morale (12.1) and markers. */
export function unitStatusMarks(u: UnitState, hookMarkers: readonly string[] = []): string[] {
  const out: string[] = [];
  const morale = MORALE_MARK[u.morale];
  if (morale) out.push(morale.label);
  if (u.markers.rally) out.push('Rally');
  if (u.markers.buildingBreastworks) out.push('BW');
  if (u.markers.ineffective) out.push('Ineff');
  out.push(...hookMarkers);
  return out;
}

const isStringList = (x: unknown): x is string[] =>
  Array.isArray(x) && x.every((e) => typeof e === 'string');

function positionLayer(
  scenario: ScenarioDocument,
  p: BoardPosition,
  grid: HexGrid,
  centre: (h: HexId) => Point,
  s: number,
  flat: boolean,
): string[] {
  const out: string[] = [];
  const st = p.state;
  const specs = new Map(scenario.units.map((u) => [u.id, u]));

  // Free set-up areas while the set-up lasts (3.0)
  if (st.phase === 'setup' && scenario.setup.kind === 'free') {
    out.push('<g class="setup-areas">');
    for (const area of scenario.setup.areas) {
      for (const h of area.hexes) {
        if (!grid.has(h)) continue;
        out.push(
          `<polygon class="setup-area setup-area-${area.side}" data-hex="${esc(h)}" points="${polygon(centre(h), s * 0.9, flat)}" ` +
            `fill="${SIDE_FILL[area.side]}" fill-opacity="0.18" stroke="${SIDE_FILL[area.side]}" stroke-width="${n(s * 0.05)}"/>`,
        );
      }
    }
    out.push('</g>');
  }

  // Objectives, coloured by the side that last occupied them (18.31)
  out.push('<g class="objectives">');
  for (const o of scenario.victory.objectives) {
    if (!grid.has(o.hex)) continue;
    const c = centre(o.hex);
    const holder = st.objectives[o.hex] ?? null;
    out.push(
      `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(s * 0.82)}" fill="none" stroke="${holder ? SIDE_FILL[holder] : '#d00000'}" stroke-width="${n(s * 0.08)}">` +
        `<title>${esc(`objective ${o.hex} (${o.case})${holder ? `: ${holder}` : ''}`)}</title></circle>`,
    );
  }
  out.push('</g>');

  // Fieldworks along the hexsides they face (10.34, 10.38); under construction dashed thinner
  out.push('<g class="fieldworks">');
  for (const f of st.fieldworks) {
    if (!grid.has(f.hex)) continue;
    const c = centre(f.hex);
    const building = f.kind === 'under-construction';
    for (const other of f.facing) {
      if (!grid.has(other) || !grid.adjacent(f.hex, other)) continue;
      const [a, b] = sharedEdge(c, centre(other), s);
      const inward = (pt: Point) => toward(pt, c, 0.12);
      out.push(
        line(
          inward(a),
          inward(b),
          `class="fieldwork fieldwork-${f.kind}" stroke="${f.kind === 'trench' ? '#3a2410' : '#5b3a1a'}" ` +
            `stroke-width="${n(s * (building ? 0.06 : 0.1))}" stroke-dasharray="${n(s * 0.05)} ${n(s * (building ? 0.08 : 0.04))}"`,
        ).replace(/\/>$/, `><title>${esc(`${f.kind} ${f.hex} (${f.side})`)}</title></line>`),
      );
    }
  }
  out.push('</g>');

  // Units: each counter of a stack in its own slot, side by side, so no label covers another's strength
  out.push('<g class="units" text-anchor="middle">');
  const stacks = new Map<HexId, UnitState[]>();
  for (const id of Object.keys(st.units).sort()) {
    const u = st.units[id];
    if (u.status !== 'on-map' || u.hex === null || !grid.has(u.hex)) continue;
    const list = stacks.get(u.hex) ?? [];
    list.push(u);
    stacks.set(u.hex, list);
  }
  for (const [h, stack] of stacks) {
    const c = centre(h);
    const k = stack.length;
    const w = Math.min(s * 0.78, (s * 1.5) / k);
    const hgt = s * 0.78;
    const scale = w / (s * 0.78);
    stack.forEach((u, i) => {
      const spec = specs.get(u.id);
      const x = c.x - (k * w) / 2 + i * w;
      const y = c.y - hgt / 2;
      const marks = unitStatusMarks(u, p.unitMarkers[u.id]);
      const morale = MORALE_MARK[u.morale];
      const strength = `${u.strength}${spec ? TYPE_MARK[spec.type] : ''}`;
      const designation = spec?.designation ?? u.id;
      out.push(
        `<g class="unit unit-${u.side}" data-unit="${esc(u.id)}" data-hex="${esc(h)}" data-strength="${u.strength}" data-status="${esc(marks.join(' '))}">` +
          `<title>${esc(`${u.id}: ${designation} ${spec?.type ?? ''} ${u.strength} at ${h}, ${u.morale}${marks.length ? ` (${marks.join(', ')})` : ''}`)}</title>` +
          `<rect x="${n(x + s * 0.01)}" y="${n(y)}" width="${n(w - s * 0.02)}" height="${n(hgt)}" rx="${n(s * 0.05)}" fill="${SIDE_FILL[u.side]}" ` +
          `stroke="${morale ? morale.stroke : '#111'}" stroke-width="${n(s * (morale ? 0.07 : 0.03))}"/>` +
          `<text x="${n(x + w / 2)}" y="${n(y + hgt * 0.3)}" font-size="${n(s * 0.18 * scale)}" fill="${SIDE_TEXT[u.side]}">${esc(designation)}</text>` +
          `<text class="strength" x="${n(x + w / 2)}" y="${n(y + hgt * 0.64)}" font-size="${n(s * 0.26 * Math.max(scale, 0.7))}" font-weight="bold" fill="${SIDE_TEXT[u.side]}">${esc(strength)}</text>` +
          (marks.length
            ? `<text class="status" x="${n(x + w / 2)}" y="${n(y + hgt * 0.92)}" font-size="${n(s * 0.16 * Math.max(scale, 0.7))}" fill="${morale ? morale.stroke : '#ffd24a'}" font-weight="bold">${esc(marks.join(' '))}</text>`
            : '') +
          `</g>`,
      );
    });
  }
  out.push('</g>');

  out.push(...lastOrderLayer(p, grid, centre, s));
  return out;
}

/** The last order over the board: a move's or retreat's path, an attack's arrows, an advance, a placement. */
function lastOrderLayer(
  p: BoardPosition,
  grid: HexGrid,
  centre: (h: HexId) => Point,
  s: number,
): string[] {
  if (!p.last || typeof p.last.order !== 'object' || p.last.order === null) return [];
  const o = p.last.order as Record<string, unknown>;
  const type = typeof o.type === 'string' ? o.type : '';
  const before = p.before ?? p.state;
  const hexOf = (unit: unknown): HexId | null =>
    typeof unit === 'string' ? (before.units[unit]?.hex ?? p.state.units[unit]?.hex ?? null) : null;
  const colour = p.last.side === 'union' ? '#1f3f8f' : '#8f1f1f';
  const arrowId = `arrow-${p.last.side}`;
  const out: string[] = [
    `<g class="last-order last-order-${esc(type)}" fill="none" stroke="${colour}" stroke-width="${n(s * 0.09)}" stroke-linecap="round" stroke-linejoin="round">`,
    `<defs><marker id="${arrowId}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">` +
      `<path d="M0,0 L10,5 L0,10 z" fill="${colour}" stroke="none"/></marker></defs>`,
    `<title>${esc(`last order (${p.last.side}): ${type}`)}</title>`,
  ];
  const track = (hexes: HexId[], cls: string) => {
    const pts = hexes.filter((h) => grid.has(h)).map((h) => centre(h));
    if (pts.length < 2) return;
    out.push(
      `<polyline class="${cls}" points="${pts.map((q) => `${n(q.x)},${n(q.y)}`).join(' ')}" stroke-dasharray="${n(s * 0.2)} ${n(s * 0.08)}" marker-end="url(#${arrowId})"/>`,
    );
  };
  const ring = (h: unknown, cls: string) => {
    if (typeof h !== 'string' || !grid.has(h)) return;
    const c = centre(h);
    out.push(`<circle class="${cls}" cx="${n(c.x)}" cy="${n(c.y)}" r="${n(s * 0.6)}"/>`);
  };
  if (isStringList(o.path)) {
    // Movement, entry, exit, forced and flank marches, retreats: from where the unit stood (an entry starts on the map edge)
    const start = type === 'enter' ? null : hexOf(o.unit);
    track(start ? [start, ...o.path] : o.path, type === 'retreat' ? 'retreat-path' : 'move-path');
    if (o.path.length === 1 && !start) ring(o.path[0], 'move-path');
  } else if (type === 'attack') {
    const targets = isStringList(o.defenders) ? o.defenders.filter((h) => grid.has(h)) : [];
    const attackers = [
      ...(isStringList(o.attackers) ? o.attackers : []),
      ...(isStringList(o.bombard) ? o.bombard : []),
    ];
    for (const target of targets) {
      ring(target, 'attack-target');
      for (const a of attackers) {
        const from = hexOf(a);
        if (!from || !grid.has(from) || from === target) continue;
        const q = toward(centre(from), centre(target), 0.72);
        out.push(line(centre(from), q, `class="attack-arrow" marker-end="url(#${arrowId})"`));
      }
    }
  } else if (type === 'advance') {
    const from = hexOf(o.unit);
    if (from && typeof o.to === 'string') track([from, o.to], 'advance-path');
  } else {
    // place, decline-advance, breastworks, markers: ring the hex (or the unit's hex)
    ring(typeof o.hex === 'string' ? o.hex : hexOf(o.unit), 'order-hex');
  }
  out.push('</g>');
  return out;
}

// --------------------------------------------------------------- legend ----

function legend(x0: number, y0: number, s: number): string[] {
  const out: string[] = [`<g class="legend" font-size="${n(s * 0.3)}" fill="#222">`];
  let y = y0 + s * 0.5;
  const x = x0 + s * 0.3;
  const row = (swatch: string, label: string) => {
    out.push(swatch, `<text x="${n(x + s * 1.1)}" y="${n(y + s * 0.12)}">${esc(label)}</text>`);
    y += s * 0.5;
  };
  const box = (fill: string) =>
    `<rect x="${n(x)}" y="${n(y - s * 0.15)}" width="${n(s * 0.8)}" height="${n(s * 0.34)}" fill="${fill}" stroke="#999" stroke-width="0.6"/>`;
  const stroke = (st: { stroke: string; width: number; dash?: string }) =>
    line(
      { x, y },
      { x: x + s * 0.8, y },
      `stroke="${st.stroke}" stroke-width="${n(st.width * s)}"${st.dash ? ` stroke-dasharray="${dash(st.dash, s)}"` : ''}`,
    );
  out.push(`<text x="${n(x)}" y="${n(y)}" font-weight="bold">Terrain (10.1)</text>`);
  y += s * 0.5;
  row(box(CLEAR_LEVEL_FILL[1]), 'clear (level 1)');
  row(box(CLEAR_LEVEL_FILL[2]), 'clear level 2');
  row(box(CLEAR_LEVEL_FILL[3]), 'clear level 3');
  for (const t of [
    'forest',
    'rough',
    'forest-rough',
    'swamp',
    'town',
    'river',
    'lake',
    'pond',
  ] as const) {
    row(box(TERRAIN_FILL[t]), t);
  }
  row(box(TERRAIN_FILL.river), 'bridge/ford/ferry F/pontoon P');
  y += s * 0.2;
  out.push(`<text x="${n(x)}" y="${n(y)}" font-weight="bold">Hexsides</text>`);
  y += s * 0.5;
  for (const [t, st] of Object.entries(HEXSIDE_STYLE)) row(stroke(st), t);
  y += s * 0.2;
  out.push(`<text x="${n(x)}" y="${n(y)}" font-weight="bold">Routes</text>`);
  y += s * 0.5;
  for (const [t, st] of Object.entries(ROUTE_STYLE)) row(stroke(st), t);
  y += s * 0.2;
  out.push(`<text x="${n(x)}" y="${n(y)}" font-weight="bold">Set-up</text>`);
  y += s * 0.5;
  row(box(SIDE_FILL.union), 'Union unit (strength, type)');
  row(box(SIDE_FILL.confederate), 'Confederate unit');
  row(
    `<circle cx="${n(x + s * 0.4)}" cy="${n(y)}" r="${n(s * 0.15)}" fill="none" stroke="#d00000" stroke-width="${n(s * 0.06)}"/>`,
    'objective hex',
  );
  row(box('#fff3b0'), 'entry hex: side + turn');
  out.push('</g>');
  return out;
}

function topOf(map: MapDocument): string {
  return Array.isArray(map.grid) ? map.grid.map((g) => g.layout.top).join('/') : map.grid.top;
}

function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
