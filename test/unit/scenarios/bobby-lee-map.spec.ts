/**
 * The reconstructed Bobby Lee mapboard (seed 002, Eastern theatre;
 * scenarios/bobby-lee-campaign/build-map.ts): the build's checks of every
 * fact the rules text states pass, the committed map is the build's output,
 * the document is valid against its schema, and its counts are pinned so a
 * change to the geography or the tracing shows up here.
 */
import Ajv2020 from 'ajv/dist/2020';
import { readFileSync } from 'fs';
import { join } from 'path';
import {
  MAP_FILE,
  PROVENANCE,
  buildEastMap,
  mapText,
} from '../../../scenarios/bobby-lee-campaign/build-map';
import { PLACES } from '../../../scenarios/bobby-lee-campaign/places';
import { HexGrid, hexsideKey } from '../../../src/engine/hex';
import { BLOCK_MAPS } from '../../../src/engine/rules/block/map';
import { BLOCK_DATA } from '../../../src/engine/rules/block/data';

const ROOT = join(__dirname, '..', '..', '..');
const built = buildEastMap();
const doc = built.doc;
const grid = new HexGrid(doc.grid);
const side = (a: string, b: string) =>
  doc.hexsides.find((s) => hexsideKey(...s.between) === hexsideKey(a, b));
const hexOf = (id: string) => doc.locations[id].hex;

describe('Bobby Lee map (reconstructed)', () => {
  it('passes every check of its build (the facts the rules text states)', () => {
    expect(built.problems).toEqual([]);
  });

  it('is committed as the build writes it, and is the map the engine reads', () => {
    expect(readFileSync(MAP_FILE, 'utf8')).toBe(mapText(doc));
    expect(BLOCK_MAPS.east).toEqual(JSON.parse(mapText(doc)));
  });

  it('is valid against scenarios/schema/block-map.schema.json', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
    const validate = ajv.compile(
      JSON.parse(readFileSync(join(ROOT, 'scenarios', 'schema', 'block-map.schema.json'), 'utf8')),
    );
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
  });

  it("says it is a reconstruction, not the publisher's map", () => {
    expect(doc.provenance).toBe(PROVENANCE);
    expect(PROVENANCE).toBe(
      "reconstructed from the rules text and public geography, not the publisher's map",
    );
  });

  it('places every Eastern location of the orders of battle and the rules text, each in its own hex', () => {
    const obIds = BLOCK_DATA.locations.locations
      .filter((l) => l.theater === 'east')
      .map((l) => l.id);
    for (const id of obIds) expect(doc.locations[id]).toBeDefined();
    expect(Object.keys(doc.locations).sort()).toEqual(PLACES.map((p) => p.id).sort());
    expect(new Set(Object.values(doc.locations).map((l) => l.hex)).size).toBe(PLACES.length);
  });

  it("B1.811: Conrad's Store's West hexside to Harrisonburg is Mountain", () => {
    const cs = hexOf('conrads-store');
    const hb = hexOf('harrisonburg');
    expect(grid.adjacent(cs, hb)).toBe(true);
    expect(Math.round(grid.bearing(cs, hb))).toBe(270);
    expect(side(cs, hb)?.terrain).toBe('mountain');
  });

  it("B1.811: Harpers Ferry's East hexside to Frederick is a Major river with a bridge, not a Gap", () => {
    const hf = hexOf('harpers-ferry');
    const fr = hexOf('frederick');
    expect(Math.round(grid.bearing(hf, fr))).toBe(90);
    const s = side(hf, fr)!;
    expect(s.river).toMatchObject({ name: 'Potomac', class: 'major' });
    expect(s.bridge).toBeDefined();
    expect(s.terrain).not.toBe('gap');
  });

  it("B1.811: Suffolk's NW hexside is the James", () => {
    const su = hexOf('suffolk');
    const nw = grid.neighbours(su).find((n) => Math.round(grid.bearing(su, n)) === 330)!;
    expect(side(su, nw)?.river?.name).toBe('James');
  });

  it('B10.21: heads of navigation: each is a port on its navigable river', () => {
    const heads: Array<[string, string]> = [
      ['Potomac', 'washington'],
      ['Rappahannock', 'port-royal'],
      ['York', 'west-point'],
      ['James', 'richmond'],
      ['Appomattox', 'petersburg'],
      ['Susquehanna', 'harrisburg'],
    ];
    for (const [river, id] of heads) {
      const h = hexOf(id);
      expect(doc.locations[id].port).toBe(true);
      expect(
        grid
          .neighbours(h)
          .some((n) => side(h, n)?.river?.name === river && side(h, n)?.river?.navigable),
      ).toBe(true);
    }
  });

  it('B1.451, B1.21: the fortresses are the five cities and Ft. Monroe; Ft. Monroe is USA, in the south-east corner', () => {
    const fortresses = Object.entries(doc.locations)
      .filter(([, l]) => l.fortress)
      .map(([id]) => id);
    expect(fortresses.sort()).toEqual([
      'alexandria',
      'baltimore',
      'ft-monroe',
      'petersburg',
      'richmond',
      'washington',
    ]);
    const fm = hexOf('ft-monroe');
    expect(doc.hexes[fm].home).toBe('union');
    expect(doc.locations['ft-monroe'].settlement).toBeNull();
    expect(Number(fm.slice(0, 2))).toBeGreaterThan((3 * doc.grid.columns.last) / 4);
    expect(Number(fm.slice(2))).toBeGreaterThan((3 * doc.grid.rows.last) / 4);
  });

  it('B1.411, B1.41: five cities: Washington and Baltimore USA, Alexandria, Richmond and Petersburg CSA, all fortified', () => {
    const cities = Object.entries(doc.locations)
      .filter(([, l]) => l.settlement === 'city')
      .map(([id, l]) => `${id}:${doc.hexes[l.hex].home}:${l.fortress ? 'fortified' : 'open'}`)
      .sort();
    expect(cities).toEqual([
      'alexandria:confederate:fortified',
      'baltimore:union:fortified',
      'petersburg:confederate:fortified',
      'richmond:confederate:fortified',
      'washington:union:fortified',
    ]);
  });

  it('B1.21: home territory: Maryland and Pennsylvania USA, Virginia CSA, the South Branch counties of West Virginia USA', () => {
    for (const [h, x] of Object.entries(doc.hexes)) {
      if (x.terrain === 'water') continue;
      if (x.state === 'MD' || x.state === 'PA' || x.state === 'DC')
        expect([h, x.home]).toEqual([h, 'union']);
      if (x.state === 'VA' && h !== hexOf('ft-monroe'))
        expect([h, x.home]).toEqual([h, 'confederate']);
    }
    expect(doc.locations.franklin.side).toBe('union');
    expect(doc.locations.moorefield.side).toBe('union');
    expect(doc.locations.winchester.side).toBe('confederate');
  });

  it('B1.7: the Valley Turnpike runs from Staunton to Martinsburg', () => {
    const t = doc.turnpike.hexes;
    expect(t[0]).toBe(hexOf('staunton'));
    expect(t[t.length - 1]).toBe(hexOf('martinsburg'));
    for (const id of ['harrisonburg', 'new-market', 'winchester']) expect(t).toContain(hexOf(id));
  });

  it('B1.6, B13.3: three USA and three CSA supply hexes on map edges, Lynchburg one of them (13.3)', () => {
    expect(doc.supply.filter((s) => s.side === 'union')).toHaveLength(3);
    expect(doc.supply.filter((s) => s.side === 'confederate')).toHaveLength(3);
    for (const s of doc.supply) expect(grid.isEdge(s.hex)).toBe(true);
    expect(doc.supply.find((s) => s.hex === hexOf('lynchburg'))?.side).toBe('confederate');
  });

  it('B1.5, B1.51, B9.611: railroads carry their gauge; the Washington-Alexandria link exists from January 1862, or six months of USA occupation of Alexandria', () => {
    expect(new Set(doc.rails.map((r) => r.gauge))).toEqual(new Set(['standard', 'broad']));
    const link = doc.rails.find((r) => r.name.startsWith('Washington-Alexandria'))!;
    expect(link.from).toBe('1862-01');
    expect(link.heldFor).toEqual({ hex: hexOf('alexandria'), side: 'union', months: 6 });
    expect(link.hexes).toEqual([hexOf('washington'), hexOf('alexandria')]);
  });

  it('B10.1, B10.3, B10.11, B1.441: the naval examples hold: Acquia Landing closes the Potomac, Yorktown the York; Ft. Monroe lies below Norfolk', () => {
    const { navalReach } = built;
    for (const id of [
      'washington',
      'alexandria',
      'acquia',
      'ft-monroe',
      'norfolk',
      'yorktown',
      'west-point',
      'port-royal',
      'richmond',
      'petersburg',
      'harrisburg',
    ])
      expect([id, navalReach(id, 'baltimore')]).toEqual([id, true]);
    expect(navalReach('alexandria', 'ft-monroe')).toBe(true);
    expect(navalReach('alexandria', 'ft-monroe', 'acquia')).toBe(false);
    expect(navalReach('west-point', 'baltimore', 'yorktown')).toBe(false);
    expect(navalReach('ft-monroe', 'baltimore', 'norfolk')).toBe(true);
    expect(navalReach('richmond', 'norfolk') && navalReach('petersburg', 'norfolk')).toBe(true);
  });

  it('pins its counts', () => {
    const hexes = Object.values(doc.hexes);
    const rivers = doc.hexsides.filter((s) => s.river);
    expect({
      hexes: hexes.length,
      land: hexes.filter((h) => h.terrain !== 'water').length,
      forest: hexes.filter((h) => h.terrain === 'forest').length,
      locations: Object.keys(doc.locations).length,
      riverHexsides: rivers.length,
      majorRiverHexsides: rivers.filter((s) => s.river!.class === 'major').length,
      navigableHexsides: rivers.filter((s) => s.river!.navigable).length,
      mountainHexsides: doc.hexsides.filter((s) => s.terrain === 'mountain').length,
      gaps: doc.hexsides.filter((s) => s.terrain === 'gap').length,
      marshHexsides: doc.hexsides.filter((s) => s.terrain === 'marsh').length,
      bridges: doc.hexsides.filter((s) => s.bridge).length,
      railroads: doc.rails.length,
      railHexes: hexes.filter((h) => h.rail).length,
      turnpikeHexes: doc.turnpike.hexes.length,
      usaHomeHexes: hexes.filter((h) => h.home === 'union').length,
    }).toEqual({
      hexes: 384,
      land: 345,
      forest: 2,
      locations: 42,
      riverHexsides: 181,
      majorRiverHexsides: 97,
      navigableHexsides: 53,
      mountainHexsides: 47,
      gaps: 14,
      marshHexsides: 15,
      bridges: 11,
      railroads: 24,
      railHexes: 113,
      turnpikeHexes: 9,
      usaHomeHexes: 156,
    });
  });
});
