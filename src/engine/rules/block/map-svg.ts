/**
 * A block game's mapboard (map.ts) drawn as SVG: hexes by terrain with a
 * tint of their home territory (1.2), coast, rivers on hexsides (Major thick,
 * navigable darker, bridges brown: 1.37, 10.21), Mountain hexsides and named
 * gaps (1.36), Marsh and Forest hexsides, railroads between hex centres by
 * gauge (1.5), the Valley Turnpike (1.7), supply hexes (1.6), and the named
 * locations (cities octagons, towns circles, villages dots; fortresses ringed,
 * ports anchored: 1.4) and, if given, blocks standing upright: their side
 * and number per hex, what every reader may see of them (notes §8.1), with
 * the strengths of those the reader may see whole (a seat's own, or revealed)
 * under them. Pure string building.
 */
import { HexGrid, hexsideKey } from '../../hex';
import type { BlockMapDocument, BlockMapHex } from './map';

const FILL: Record<BlockMapHex['terrain'], string> = {
  clear: '#f4eed7',
  forest: '#9cc487',
  mountain: '#b9a58a',
  water: '#a9cce3',
};
const HOME: Record<string, string> = { union: '#3b5ba9', confederate: '#9a3b3b' };

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f = (n: number): string => (Math.round(n * 10) / 10).toString();

/** Blocks standing in a hex, as everyone sees them upright: their side and how many (notes §8.1). */
export interface UprightBlocks {
  hex: string;
  side: 'union' | 'confederate';
  count: number;
  /**
   * Those of them the reader may see whole (his own, or revealed), by name and
   * strength: drawn under the stack, every strength shown, and named in its title.
   */
  shown?: Array<{ name: string; cv: number }>;
}

export function renderBlockMapSvg(
  doc: BlockMapDocument,
  opts: { hexSize?: number; blocks?: UprightBlocks[]; caption?: string } = {},
): string {
  const size = opts.hexSize ?? 28;
  const grid = new HexGrid(doc.grid);
  const labels = grid.all();
  const centre = (h: string) => {
    const c = grid.centre(h);
    return { x: c.x * size, y: c.y * size };
  };
  const xs = labels.map((h) => centre(h).x);
  const ys = labels.map((h) => centre(h).y);
  const minX = Math.min(...xs) - size * 1.2;
  const minY = Math.min(...ys) - size * 1.2;
  const width = Math.max(...xs) - minX + size * 1.2;
  const height = Math.max(...ys) - minY + size * 1.2;
  const corners = (h: string) => {
    const c = centre(h);
    return [0, 1, 2, 3, 4, 5].map((i) => {
      const a = ((-90 + 60 * i) * Math.PI) / 180;
      return { x: c.x + size * Math.cos(a), y: c.y + size * Math.sin(a) };
    });
  };
  /** The two corners hexes a and b share. */
  const edge = (a: string, b: string) => {
    const cb = centre(b);
    return corners(a).filter((k) => Math.abs(Math.hypot(k.x - cb.x, k.y - cb.y) - size) < 0.01);
  };
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${f(minX)} ${f(minY)} ${f(width)} ${f(height)}" width="${f(width)}" height="${f(height)}" font-family="sans-serif">`,
    `<title>${esc(doc.title)}</title>`,
    `<desc>${esc(doc.provenance)}</desc>`,
  );
  // Hexes.
  out.push('<g id="hexes" stroke="#8a8170" stroke-width="0.5">');
  for (const h of labels) {
    const x = doc.hexes[h] ?? { terrain: 'water' as const };
    const pts = corners(h)
      .map((k) => `${f(k.x)},${f(k.y)}`)
      .join(' ');
    out.push(`<polygon points="${pts}" fill="${FILL[x.terrain]}" data-hex="${h}"/>`);
    if (x.home && x.terrain !== 'water')
      out.push(
        `<polygon points="${pts}" fill="${HOME[x.home]}" fill-opacity="0.07" stroke="none"/>`,
      );
  }
  out.push('</g>');
  // Hexsides.
  out.push('<g id="hexsides" stroke-linecap="round">');
  for (const s of doc.hexsides) {
    const [a, b] = s.between;
    if (!grid.adjacent(a, b)) continue;
    const [p, q] = edge(a, b);
    if (!p || !q) continue;
    const seg = (stroke: string, w: number, extra = '') =>
      out.push(
        `<line x1="${f(p.x)}" y1="${f(p.y)}" x2="${f(q.x)}" y2="${f(q.y)}" stroke="${stroke}" stroke-width="${w}"${extra} data-hexside="${hexsideKey(a, b)}"/>`,
      );
    if (s.terrain === 'mountain') seg('#6b4f2a', 5);
    if (s.terrain === 'gap') seg('#6b4f2a', 5, ' stroke-dasharray="4 6"');
    if (s.terrain === 'marsh') seg('#5f8f6f', 4, ' stroke-dasharray="2 3"');
    if (s.terrain === 'forest') seg('#4f7f3f', 2);
    if (s.river) seg(s.river.navigable ? '#1f4e9c' : '#3f7fd0', s.river.class === 'major' ? 4 : 2);
    if (s.bridge) seg('#8b5a2b', 6, ' stroke-opacity="0.6"');
  }
  out.push('</g>');
  // Railroads and the Valley Turnpike.
  out.push('<g id="rails" fill="none">');
  for (const r of doc.rails) {
    const pts = r.hexes
      .map((h) => centre(h))
      .map((c) => `${f(c.x)},${f(c.y)}`)
      .join(' ');
    const dash = r.gauge === 'broad' ? '9 4' : '4 3';
    out.push(
      `<polyline points="${pts}" stroke="#7a4a1a" stroke-width="2" stroke-dasharray="${dash}"><title>${esc(r.name)} (${r.gauge} gauge${r.from ? ', from ' + r.from : ''})</title></polyline>`,
    );
  }
  const tp = doc.turnpike.hexes
    .map((h) => centre(h))
    .map((c) => `${f(c.x)},${f(c.y)}`)
    .join(' ');
  out.push(
    `<polyline points="${tp}" stroke="#c0392b" stroke-width="2.5"><title>${esc(doc.turnpike.name)}</title></polyline>`,
  );
  out.push('</g>');
  // Supply hexes.
  out.push('<g id="supply">');
  for (const s of doc.supply) {
    const c = centre(s.hex);
    out.push(
      `<rect x="${f(c.x - size * 0.35)}" y="${f(c.y - size * 0.75)}" width="${f(size * 0.7)}" height="${f(size * 0.3)}" fill="${HOME[s.side]}"><title>supply hex: ${esc(s.name)}</title></rect>`,
    );
  }
  out.push('</g>');
  // Locations.
  out.push('<g id="locations" font-size="8" text-anchor="middle">');
  for (const [id, l] of Object.entries(doc.locations).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const c = centre(l.hex);
    const colour = HOME[l.side];
    if (l.settlement === 'city') {
      const r = size * 0.28;
      const pts = [0, 1, 2, 3, 4, 5, 6, 7]
        .map((i) => {
          const a = ((22.5 + 45 * i) * Math.PI) / 180;
          return `${f(c.x + r * Math.cos(a))},${f(c.y + r * Math.sin(a))}`;
        })
        .join(' ');
      out.push(`<polygon points="${pts}" fill="${colour}"/>`);
    } else if (l.settlement === 'town') {
      out.push(`<circle cx="${f(c.x)}" cy="${f(c.y)}" r="${f(size * 0.2)}" fill="${colour}"/>`);
    } else {
      out.push(`<circle cx="${f(c.x)}" cy="${f(c.y)}" r="${f(size * 0.1)}" fill="${colour}"/>`);
    }
    if (l.fortress)
      out.push(
        `<circle cx="${f(c.x)}" cy="${f(c.y)}" r="${f(size * 0.38)}" fill="none" stroke="#222" stroke-width="1.5"/>`,
      );
    if (l.port)
      out.push(
        `<text x="${f(c.x + size * 0.45)}" y="${f(c.y - size * 0.2)}" font-size="9">⚓</text>`,
      );
    out.push(
      `<text x="${f(c.x)}" y="${f(c.y + size * 0.62)}" data-location="${esc(id)}">${esc(l.name)}</text>`,
    );
  }
  out.push('</g>');
  // Upright blocks: a block of its side's colour per hex and side, with the count; nothing of what they are.
  if (opts.blocks?.length) {
    out.push('<g id="blocks" font-size="9" font-weight="bold" text-anchor="middle" fill="#fff">');
    const sorted = [...opts.blocks].sort((a, b) => (a.hex + a.side < b.hex + b.side ? -1 : 1));
    for (const b of sorted) {
      const c = centre(b.hex);
      const dx = b.side === 'union' ? -size * 0.32 : size * 0.32;
      const shown = [...(b.shown ?? [])].sort((x, y) => y.cv - x.cv || (x.name < y.name ? -1 : 1));
      const title = shown.length
        ? `<title>${esc(shown.map((x) => `${x.name} ${x.cv}`).join(', '))}${b.count > shown.length ? ` and ${b.count - shown.length} hidden` : ''}</title>`
        : '';
      out.push(
        `<g>${title}`,
        `<rect x="${f(c.x + dx - size * 0.2)}" y="${f(c.y - size * 0.2)}" width="${f(size * 0.4)}" height="${f(size * 0.4)}" rx="2" fill="${HOME[b.side]}" stroke="#111" stroke-width="0.8" data-blocks="${b.side}:${b.count}" data-at="${b.hex}"${shown.length ? ` data-shown="${shown.length}"` : ''}/>`,
        `<text x="${f(c.x + dx)}" y="${f(c.y + size * 0.12)}">${b.count}</text>`,
        // Every strength the reader may see, under the stack (a label never hides one).
        shown.length
          ? `<text x="${f(c.x + dx)}" y="${f(c.y + size * 0.42)}" font-size="6" fill="#111">${shown.map((x) => x.cv).join('·')}</text>`
          : '',
        '</g>',
      );
    }
    out.push('</g>');
  }
  if (opts.caption)
    out.push(
      `<text x="${f(minX + size * 0.5)}" y="${f(minY + size * 0.8)}" font-size="12" font-weight="bold" fill="#222" id="caption">${esc(opts.caption)}</text>`,
    );
  // Hex labels.
  out.push('<g id="labels" font-size="5" fill="#6d6657" text-anchor="middle">');
  for (const h of labels) {
    const c = centre(h);
    out.push(`<text x="${f(c.x)}" y="${f(c.y - size * 0.45)}">${h}</text>`);
  }
  out.push('</g>', '</svg>');
  return out.join('\n') + '\n';
}
