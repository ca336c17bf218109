import fc from 'fast-check';
import { HexGrid, formatLabel, hexsideKey, offsetToAxial, parseLabel } from './grid';
import type { GridLayout } from './layout';

/** SPI norm: flat-topped hexes, columns run down the sheet, odd columns sit half a hex lower. */
const FLAT: GridLayout = {
  orientation: 'flat',
  shifted: 'odd',
  columns: { first: 1, last: 10 },
  rows: { first: 1, last: 10 },
  top: 'north',
};

/** Pointy-topped hexes in horizontal rows, odd rows pushed half a hex right. */
const POINTY: GridLayout = {
  orientation: 'pointy',
  shifted: 'odd',
  columns: { first: 1, last: 10 },
  rows: { first: 1, last: 10 },
  top: 'north',
};

const sorted = (xs: readonly string[]): string[] => [...xs].sort();
const pairs = (xs: Array<[string | null, string | null]>): string[] =>
  xs.map(([a, b]) => [a ?? '-', b ?? '-'].sort().join('|'));

/** Breadth-first step count over neighbours: an independent measure of distance. */
function stepsBetween(grid: HexGrid, from: string, to: string): number {
  const seen = new Map<string, number>([[from, 0]]);
  const queue = [from];
  while (queue.length > 0) {
    const h = queue.shift()!;
    if (h === to) return seen.get(h)!;
    for (const n of grid.neighbours(h)) {
      if (!seen.has(n)) {
        seen.set(n, seen.get(h)! + 1);
        queue.push(n);
      }
    }
  }
  return Infinity;
}

describe('hex labels', () => {
  it('formats and parses "CCRR" labels with an optional sheet prefix', () => {
    expect(formatLabel(3, 7)).toBe('0307');
    expect(formatLabel(13, 28, 'F')).toBe('F1328');
    expect(parseLabel('F1328')).toEqual({ prefix: 'F', column: 13, row: 28 });
    expect(parseLabel('0101')).toEqual({ prefix: '', column: 1, row: 1 });
    expect(parseLabel('101')).toBeUndefined();
    expect(parseLabel('01012')).toBeUndefined();
    expect(parseLabel('f1328')).toBeUndefined();
  });

  it('round-trips label -> parts -> label for every column and row 0..99', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom('', 'F', 'H', 'AB'),
        (c, r, prefix) => {
          const label = formatLabel(c, r, prefix);
          expect(parseLabel(label)).toEqual({ prefix, column: c, row: r });
        },
      ),
    );
  });

  it('round-trips label <-> axial coordinate on every layout, and coordinates are unique', () => {
    const layouts = fc.record({
      orientation: fc.constantFrom<'flat' | 'pointy'>('flat', 'pointy'),
      shifted: fc.constantFrom<'odd' | 'even'>('odd', 'even'),
      c0: fc.integer({ min: 0, max: 5 }),
      r0: fc.integer({ min: 0, max: 5 }),
      w: fc.integer({ min: 1, max: 12 }),
      h: fc.integer({ min: 1, max: 12 }),
    });
    fc.assert(
      fc.property(layouts, ({ orientation, shifted, c0, r0, w, h }) => {
        const grid = new HexGrid({
          orientation,
          shifted,
          columns: { first: c0, last: c0 + w - 1 },
          rows: { first: r0, last: r0 + h - 1 },
          top: 'north',
        });
        expect(grid.all()).toHaveLength(w * h);
        const coords = new Set<string>();
        for (const label of grid.all()) {
          const a = grid.coord(label);
          expect(grid.labelAt(a)).toBe(label);
          coords.add(`${a.q},${a.r}`);
        }
        expect(coords.size).toBe(w * h);
      }),
    );
  });

  it('maps offset to axial as in the Red Blob "odd-q" / "odd-r" conventions', () => {
    expect(offsetToAxial(FLAT, 1, 1)).toEqual({ q: 1, r: 1 });
    expect(offsetToAxial(FLAT, 2, 1)).toEqual({ q: 2, r: 0 });
    expect(offsetToAxial(POINTY, 1, 1)).toEqual({ q: 1, r: 1 });
    expect(offsetToAxial(POINTY, 1, 2)).toEqual({ q: 0, r: 2 });
  });

  it('knows which hexes exist, honouring `missing` labels', () => {
    const grid = new HexGrid({ ...FLAT, missing: ['0110'] });
    expect(grid.has('0101')).toBe(true);
    expect(grid.has('1010')).toBe(true);
    expect(grid.has('0110')).toBe(false);
    expect(grid.has('1101')).toBe(false);
    expect(grid.has('0100')).toBe(false);
    expect(() => grid.coord('1111')).toThrow(/no hex 1111/);
    expect(grid.neighbours('0109')).not.toContain('0110');
  });
});

describe('neighbours, flat-topped columns (odd columns shifted down)', () => {
  const grid = new HexGrid(FLAT);

  it('an odd (lower) column hex touches the rows level with it and one below in the next columns', () => {
    expect(sorted(grid.neighbours('0505'))).toEqual([
      '0405',
      '0406',
      '0504',
      '0506',
      '0605',
      '0606',
    ]);
  });

  it('an even (higher) column hex touches the rows level with it and one above in the next columns', () => {
    expect(sorted(grid.neighbours('0404'))).toEqual([
      '0303',
      '0304',
      '0403',
      '0405',
      '0503',
      '0504',
    ]);
  });

  it('corner and edge hexes have only their on-map neighbours', () => {
    expect(sorted(grid.neighbours('0101'))).toEqual(['0102', '0201', '0202']);
    expect(sorted(grid.neighbours('1001'))).toEqual(['0901', '1002']);
    expect(sorted(grid.neighbours('1010'))).toEqual(['0909', '0910', '1009']);
    expect(sorted(grid.neighbours('0110'))).toEqual(['0109', '0210']);
  });

  it('even-shifted columns mirror it: the even column is the lower one', () => {
    const even = new HexGrid({ ...FLAT, shifted: 'even' });
    expect(sorted(even.neighbours('0505'))).toEqual([
      '0404',
      '0405',
      '0504',
      '0506',
      '0604',
      '0605',
    ]);
    expect(sorted(even.neighbours('0404'))).toEqual([
      '0304',
      '0305',
      '0403',
      '0405',
      '0504',
      '0505',
    ]);
  });

  it('adjacency is symmetric and every neighbour is at distance 1', () => {
    for (const h of grid.all()) {
      for (const n of grid.neighbours(h)) {
        expect(grid.neighbours(n)).toContain(h);
        expect(grid.distance(h, n)).toBe(1);
        expect(grid.adjacent(h, n)).toBe(true);
      }
    }
    expect(grid.adjacent('0505', '0507')).toBe(false);
  });
});

describe('neighbours, pointy-topped rows (odd rows shifted right)', () => {
  const grid = new HexGrid(POINTY);

  it('an odd (right-shifted) row hex touches its own column and the next one in the rows above and below', () => {
    expect(sorted(grid.neighbours('0505'))).toEqual([
      '0405',
      '0504',
      '0506',
      '0604',
      '0605',
      '0606',
    ]);
  });

  it('an even row hex touches its own column and the previous one in the rows above and below', () => {
    expect(sorted(grid.neighbours('0504'))).toEqual([
      '0403',
      '0404',
      '0405',
      '0503',
      '0505',
      '0604',
    ]);
  });

  it('corner hexes have only their on-map neighbours', () => {
    expect(sorted(grid.neighbours('0101'))).toEqual(['0102', '0201', '0202']);
    expect(sorted(grid.neighbours('0110'))).toEqual(['0109', '0210']);
  });
});

describe("9.12 distance (range counts the target hex, not the firer's)", () => {
  it('9.12: adjacent hexes are at range 1 and a hex is at range 0 from itself', () => {
    const grid = new HexGrid(FLAT);
    expect(grid.distance('0505', '0505')).toBe(0);
    expect(grid.distance('0505', '0506')).toBe(1);
  });

  it('9.12: flat-topped: straight down a column, and zigzagging across a printed row', () => {
    const grid = new HexGrid(FLAT);
    expect(grid.distance('0101', '0105')).toBe(4);
    // Along a printed row the hexes zigzag, but each step is still one hex.
    expect(grid.distance('0101', '0501')).toBe(4);
    // Diagonally down-right from an odd column gains a row every other column.
    expect(grid.distance('0101', '0503')).toBe(4);
    expect(grid.distance('0101', '0504')).toBe(5);
    expect(grid.distance('0101', '1010')).toBe(13);
  });

  it('9.12: pointy-topped: straight along a row, and zigzagging down a printed column', () => {
    const grid = new HexGrid(POINTY);
    expect(grid.distance('0101', '0501')).toBe(4);
    expect(grid.distance('0101', '0105')).toBe(4);
    expect(grid.distance('0101', '0305')).toBe(4);
    expect(grid.distance('0101', '0405')).toBe(5);
  });

  it('9.12: distance equals the fewest neighbour steps between two hexes, on both layouts and parities', () => {
    const layouts: GridLayout[] = [
      FLAT,
      { ...FLAT, shifted: 'even' },
      POINTY,
      { ...POINTY, shifted: 'even' },
    ];
    for (const layout of layouts) {
      const grid = new HexGrid(layout);
      const all = grid.all();
      fc.assert(
        fc.property(fc.constantFrom(...all), fc.constantFrom(...all), (a, b) => {
          expect(grid.distance(a, b)).toBe(stepsBetween(grid, a, b));
          expect(grid.distance(b, a)).toBe(grid.distance(a, b));
        }),
        { numRuns: 200 },
      );
    }
  });

  it('9.11: within(3) is every hex an artillery unit may bombard: 37 in open ground, clipped by the map edge', () => {
    const grid = new HexGrid(FLAT);
    expect(grid.within('0505', 0)).toEqual(['0505']);
    expect(grid.within('0505', 1)).toHaveLength(7);
    expect(grid.within('0505', 3)).toHaveLength(37);
    for (const h of grid.within('0505', 3)) expect(grid.distance('0505', h)).toBeLessThanOrEqual(3);
    expect(sorted(grid.within('0101', 1))).toEqual(['0101', '0102', '0201', '0202']);
  });
});

describe('hexsides', () => {
  it('a hexside is an unordered pair: the same key from either side', () => {
    expect(hexsideKey('0506', '0505')).toBe('0505|0506');
    expect(hexsideKey('0505', '0506')).toBe(hexsideKey('0506', '0505'));
  });
});

describe('map edges', () => {
  const grid = new HexGrid(FLAT);

  it('edge hexes lack a neighbour; interior hexes have six', () => {
    expect(grid.isEdge('0505')).toBe(false);
    expect(grid.isEdge('0105')).toBe(true);
    expect(grid.isEdge('0501')).toBe(true);
    expect(grid.isEdge('1005')).toBe(true);
  });

  it('names the compass edges of a north-up flat map, corners lying on two', () => {
    expect(grid.edgesOf('0101')).toEqual(['north', 'west']);
    expect(grid.edgesOf('0201')).toEqual(['north']);
    expect(grid.edgesOf('0105')).toEqual(['west']);
    expect(grid.edgesOf('1005')).toEqual(['east']);
    expect(grid.edgesOf('0510')).toEqual(['south']);
    expect(grid.edgesOf('1010')).toEqual(['east', 'south']);
    expect(grid.edgesOf('0505')).toEqual([]);
  });

  it('a sheet whose top faces south puts the printed first row on the south edge (battles.md §0)', () => {
    const south = new HexGrid({ ...FLAT, top: 'south' });
    expect(south.edgesOf('0501')).toEqual(['south']);
    expect(south.edgesOf('0105')).toEqual(['east']);
  });

  it('names the edges of a pointy map', () => {
    const pointy = new HexGrid(POINTY);
    expect(pointy.edgesOf('0501')).toEqual(['north']);
    expect(pointy.edgesOf('0510')).toEqual(['south']);
    expect(pointy.edgesOf('0104')).toEqual(['west']);
    expect(pointy.edgesOf('1005')).toEqual(['east']);
  });
});

describe('bearings', () => {
  it('measures compass bearings from the map data, not from the drawing', () => {
    const grid = new HexGrid(FLAT);
    expect(grid.bearing('0505', '0504')).toBeCloseTo(0);
    expect(grid.bearing('0505', '0506')).toBeCloseTo(180);
    expect(grid.bearing('0505', '0605')).toBeCloseTo(60);
    const east = new HexGrid({ ...FLAT, top: 'east' });
    expect(east.bearing('0505', '0504')).toBeCloseTo(90);
  });

  it('neighboursToward picks the hexes lying toward a compass direction ("north or north-east")', () => {
    const grid = new HexGrid(FLAT);
    expect(grid.neighboursToward('0505', 0)).toEqual(['0504']);
    // North-east (45°) lies between the north (0°) and the 60° neighbours: both within 45°.
    expect(sorted(grid.neighboursToward('0505', 45, 45))).toEqual(['0504', '0605']);
    const pointy = new HexGrid(POINTY);
    expect(sorted(pointy.neighboursToward('0505', 0))).toEqual(['0504', '0604']);
  });
});

describe('joined sheets', () => {
  // Sheet H continues sheet F to the east: H column 1 sits where F column 5 would.
  const grid = new HexGrid([
    {
      layout: { ...FLAT, columns: { first: 1, last: 4 }, rows: { first: 1, last: 4 }, prefix: 'F' },
    },
    {
      layout: { ...FLAT, columns: { first: 1, last: 4 }, rows: { first: 1, last: 4 }, prefix: 'H' },
      offset: { q: 4, r: -2 },
    },
  ]);

  it('labels carry the sheet prefix and hexes across the seam are neighbours', () => {
    expect(grid.all()).toHaveLength(32);
    expect(grid.has('F0401')).toBe(true);
    expect(grid.has('H0101')).toBe(true);
    expect(grid.neighbours('F0402')).toContain('H0101');
    expect(grid.neighbours('F0402')).toContain('H0102');
    expect(grid.distance('F0101', 'H0101')).toBe(4);
    expect(grid.labelAt(grid.coord('H0304'))).toBe('H0304');
  });

  it('refuses overlapping sheets and mixed orientations', () => {
    expect(
      () =>
        new HexGrid([
          { layout: { ...FLAT, prefix: 'F' } },
          { layout: { ...FLAT, prefix: 'H' }, offset: { q: 2, r: 0 } },
        ]),
    ).toThrow(/overlap/);
    expect(
      () =>
        new HexGrid([
          { layout: FLAT },
          { layout: { ...POINTY, prefix: 'P' }, offset: { q: 50, r: 0 } },
        ]),
    ).toThrow(/orientation/);
  });
});

describe('9.31, 9.32 line of sight', () => {
  const grid = new HexGrid(FLAT);

  it('9.36: adjacent hexes have nothing in between', () => {
    expect(grid.lineOfSight('0505', '0506')).toEqual({ hexes: [], alongHexsides: [] });
    expect(grid.lineOfSight('0505', '0505')).toEqual({ hexes: [], alongHexsides: [] });
  });

  it('9.31: straight down a column passes through the hexes between, never the two ends', () => {
    expect(grid.lineOfSight('0502', '0506')).toEqual({
      hexes: ['0503', '0504', '0505'],
      alongHexsides: [],
    });
  });

  it('9.31: a line through hex interiors lists each hex it crosses, in order from the firer', () => {
    const path = grid.lineOfSight('0101', '0405');
    expect(path.alongHexsides).toEqual([]);
    expect(path.hexes).toHaveLength(grid.distance('0101', '0405') - 1);
    expect(path.hexes).toEqual(['0202', '0203', '0303', '0304']);
    expect(grid.lineOfSight('0405', '0101').hexes).toEqual(['0304', '0303', '0203', '0202']);
  });

  it('9.32: a ray exactly along a hexside: across a printed row of a flat map, between the two hexes of the middle column', () => {
    // 0101 and 0301 sit level; the horizontal line between them runs along the 0201|0202 hexside.
    const path = grid.lineOfSight('0101', '0301');
    expect(path.hexes).toEqual([]);
    expect(pairs(path.alongHexsides)).toEqual(['0201|0202']);
  });

  it('9.32: a longer ray alternates hexsides and hex centres', () => {
    // From 0202 two steps "between" the down and down-right directions.
    const path = grid.lineOfSight('0202', '0405');
    expect(path.hexes).toEqual(['0303']);
    expect(pairs(path.alongHexsides)).toEqual(['0203|0302', '0304|0404']);
  });

  it('9.32: on the map edge, the off-map side of the hexside is null', () => {
    const path = grid.lineOfSight('0201', '0401');
    expect(path.hexes).toEqual([]);
    expect(path.alongHexsides).toHaveLength(1);
    expect(pairs(path.alongHexsides)).toEqual(['-|0301']);
  });

  it('9.32: on a pointy map the ray along a hexside runs straight down a printed column', () => {
    const pointy = new HexGrid(POINTY);
    const path = pointy.lineOfSight('0101', '0103');
    expect(path.hexes).toEqual([]);
    expect(pairs(path.alongHexsides)).toEqual(['0102|0202']);
  });

  it('9.31, 9.32: the line is the same seen from either end', () => {
    const all = grid.all();
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.constantFrom(...all), (a, b) => {
        const there = grid.lineOfSight(a, b);
        const back = grid.lineOfSight(b, a);
        expect(sorted(back.hexes)).toEqual(sorted(there.hexes));
        expect(sorted(pairs(back.alongHexsides))).toEqual(sorted(pairs(there.alongHexsides)));
        // Every step of the line is either a hex or a hexside; the ends are never included.
        expect(there.hexes.length + there.alongHexsides.length).toBe(
          Math.max(0, grid.distance(a, b) - 1),
        );
        expect(there.hexes).not.toContain(a);
        expect(there.hexes).not.toContain(b);
      }),
      { numRuns: 300 },
    );
  });

  it('9.32: every hexside the line runs along joins two adjacent hexes', () => {
    const all = grid.all();
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.constantFrom(...all), (a, b) => {
        for (const [x, y] of grid.lineOfSight(a, b).alongHexsides) {
          if (x !== null && y !== null) expect(grid.adjacent(x, y)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
