import type { MapDocument, ScenarioDocument } from '../types';
import mapJson from '../../../test/fixtures/scenarios/valid-small/map.json';
import scenarioJson from '../../../test/fixtures/scenarios/valid-small/scenario.json';
import { renderMapSvg } from './svg';

const map = mapJson as unknown as MapDocument;
const scenario = scenarioJson as unknown as ScenarioDocument;
const count = (svg: string, re: RegExp): number => (svg.match(re) ?? []).length;

/** Every opened element is closed in order: enough XML well-formedness for a generated document. */
function balanced(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name);
  }
  return stack.length === 0;
}

describe('map SVG', () => {
  const svg = renderMapSvg(map, { scenario });

  it('is one well-formed SVG document', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(balanced(svg)).toBe(true);
  });

  it('draws every hex once, coloured by its terrain, with its label', () => {
    expect(count(svg, /<polygon class="hex /g)).toBe(48);
    expect(svg).toContain('data-hex="0303" points=');
    expect(svg).toMatch(/class="hex terrain-forest" data-hex="0303"[^>]*fill="#9cc487"/);
    expect(svg).toMatch(/class="hex terrain-clear" data-hex="0202"[^>]*fill="#cfb172"/);
    for (const label of ['0101', '0806', '0703']) expect(svg).toContain(`>${label}</text>`);
    expect(svg).toContain('>Smallville</text>');
  });

  it('draws hexside features on the shared edge and routes between centres', () => {
    for (const t of [
      'creek',
      'stream',
      'river',
      'bridge',
      'ford',
      'slope',
      'ridge',
      'redoubt',
      'entrenchment',
      'sunken-road',
    ]) {
      expect(svg).toContain(`class="hexside hexside-${t}"`);
    }
    expect(svg).toContain('<title>creek 0302|0303</title>');
    expect(count(svg, /<polyline class="route /g)).toBe(map.routes.length);
    expect(svg).toContain('<title>road: Ferry Road</title>');
  });

  it('draws the set-up: one counter per placed unit, objectives, entry hexes', () => {
    expect(count(svg, /<g class="unit unit-union"/g)).toBe(4);
    expect(count(svg, /<g class="unit unit-confederate"/g)).toBe(4);
    expect(svg).toContain('data-unit="u-1"');
    expect(svg).toContain('<title>objective 0502 (18.31)</title>');
    expect(svg).toContain('▶ U2');
    expect(svg).toContain('▶ C2');
  });

  it('without a scenario draws the bare map', () => {
    const bare = renderMapSvg(map);
    expect(bare).not.toContain('class="unit ');
    expect(balanced(bare)).toBe(true);
  });

  it('escapes text taken from the documents', () => {
    const named = structuredClone(map);
    named.hexes['0101'] = { terrain: 'clear', name: 'Smith & <Sons> "Mill"' };
    const out = renderMapSvg(named);
    expect(out).toContain('Smith &amp; &lt;Sons&gt; &quot;Mill&quot;');
    expect(balanced(out)).toBe(true);
  });

  it('is deterministic', () => {
    expect(renderMapSvg(map, { scenario })).toBe(svg);
  });
});
