/**
 * Naval Moves and Naval Invasions in fixed positions (seed 002, 10.1-10.4,
 * 5.4, 8.1) on the 9 x 9 test map, made a small Chesapeake: column 9 and
 * 0809 are water (the bay), column 8 its coast; the "Potomac" is navigable
 * between rows 4 and 5 from the bay up to its head at 0504 and Major but not
 * navigable above; the "James" is navigable between rows 7 and 8 from the
 * bay up to Richmond (0507). Ports: Baltimore 0802 (USA), Upriver 0504 (the
 * Potomac's head, USA), the Landing 0705 (a USA-home port on the Potomac
 * below the head), Ft. Monroe 0808 (USA, on the James at the bay),
 * Petersburg 0708 and Richmond 0507 (CSA, fortresses, on the James), Norfolk
 * 0709 (CSA, on the bay at 0809). And the naval invasion battle it makes,
 * with the naval retreat back to the port (10.5), and the real Eastern map.
 */
import { fixedDice } from '../../../dice';
import type { BlockMapDocument, BlockMapHexside, BlockMapLocation } from '../map';
import { BLOCK_MAPS } from '../map';
import { applyCampaignOrder, campaignLegalOrders } from './campaign';
import { fixtureMap, fixtureState, type FixtureBlock } from './campaign.fixtures';
import { finishBattle } from './combat';
import { campaignMapOf } from './terrain';
import type { CampaignEvent, CampaignOrder, CampaignState, Side } from './types';

const river =
  (name: string, navigable: boolean) =>
  (a: string, b: string): BlockMapHexside => ({
    between: [a, b],
    terrain: 'clear',
    river: { name, class: 'major', ...(navigable ? { navigable: true as const } : {}) },
  });
const potomac = river('Potomac', true);
const upperPotomac = river('Potomac', false);
const james = river('James', true);
const port = (hex: string, name: string, side: Side, fortress = false): BlockMapLocation => ({
  hex,
  name,
  settlement: 'town',
  side,
  port: true,
  ...(fortress ? { fortress: true as const } : {}),
  lat: 0,
  lon: 0,
  source: 'test',
  cited: 'test',
});
const water = { terrain: 'water' as const };
const coast = { coastal: true as const };
const DOC: BlockMapDocument = fixtureMap({
  hexsides: [
    upperPotomac('0304', '0305'),
    upperPotomac('0404', '0305'),
    upperPotomac('0404', '0405'),
    upperPotomac('0504', '0405'),
    potomac('0504', '0505'),
    potomac('0604', '0505'),
    potomac('0604', '0605'),
    potomac('0704', '0605'),
    potomac('0704', '0705'),
    potomac('0804', '0705'),
    potomac('0804', '0805'),
    james('0508', '0507'),
    james('0608', '0507'),
    james('0608', '0607'),
    james('0708', '0607'),
    james('0708', '0707'),
    james('0808', '0707'),
    james('0808', '0807'),
  ],
  hexes: {
    ...Object.fromEntries(
      ['0901', '0902', '0903', '0904', '0905', '0906', '0907', '0908', '0909', '0809'].map((h) => [
        h,
        water,
      ]),
    ),
    ...Object.fromEntries(
      ['0801', '0802', '0803', '0804', '0805', '0806', '0807', '0808', '0709'].map((h) => [
        h,
        coast,
      ]),
    ),
    '0705': { home: 'union' },
    '0808': { home: 'union', coastal: true },
  },
  locations: {
    baltimore: port('0802', 'Baltimore', 'union', true),
    upriver: port('0504', 'Upriver', 'union'),
    landing: port('0705', 'the Landing', 'union'),
    'ft-monroe': port('0808', 'Ft. Monroe', 'union', true),
    petersburg: port('0708', 'Petersburg', 'confederate', true),
    richmond: port('0507', 'Richmond', 'confederate', true),
    norfolk: port('0709', 'Norfolk', 'confederate'),
  },
});
// Each port's hex names it, as on the real map.
for (const [id, l] of Object.entries(DOC.locations)) DOC.hexes[l.hex].location = id;
const MAP = campaignMapOf(DOC);

const SHQ = (side: Side, cv: number, hex: string): FixtureBlock =>
  side === 'union'
    ? { id: 's', side, type: 'usa-hq', hq: 'USA', hex, cv }
    : { id: 's', side, type: 'csa-hq', hq: 'CSA', hex, cv };
const inf = (id: string, hex: string, side: Side = 'union'): FixtureBlock => ({
  id,
  side,
  type: 'infantry',
  hex,
  cv: 2,
});

function activated(
  side: Side,
  sm: number,
  blocks: FixtureBlock[],
  doc: BlockMapDocument = DOC,
  shqHex = side === 'union' ? '0101' : '0109',
): CampaignState {
  const s = fixtureState(doc, [SHQ(side, sm, shqHex), ...blocks], { active: side });
  const r = applyCampaignOrder(
    s,
    campaignMapOf(doc),
    side,
    { type: 'activate', hqs: ['s'] },
    fixedDice([]),
  );
  if (!r.ok) throw new Error(r.refusal.message);
  return r.state;
}
const ordersOf = (
  s: CampaignState,
  type: 'naval' | 'naval-invasion',
  block: string,
  doc: BlockMapDocument = DOC,
) =>
  campaignLegalOrders(s, campaignMapOf(doc), s.active!)
    .filter((o): o is Extract<CampaignOrder, { type: typeof type }> => o.type === type)
    .filter((o) => o.block === block)
    .map((o) => o.to);
function play(s: CampaignState, side: Side, order: unknown, rolls: number[] = []): CampaignState {
  const r = applyCampaignOrder(s, MAP, side, order, fixedDice(rolls));
  if (!r.ok) throw new Error(`${JSON.stringify(order)}: ${r.refusal.message}`);
  return r.state;
}

describe('Naval Moves (fixed positions)', () => {
  it('B10.3, B10.1: from a friendly port to every friendly port along the bay and navigable rivers, for one Strategic Move', () => {
    const s = activated('union', 1, [inf('u', '0802')]);
    expect(ordersOf(s, 'naval', 'u')).toEqual(['0504', '0705', '0808']);
    const r = applyCampaignOrder(
      s,
      MAP,
      'union',
      { type: 'naval', block: 'u', to: '0504' },
      fixedDice([]),
    );
    if (!r.ok) throw new Error(r.refusal.message);
    expect(r.state.blocks.find((b) => b.id === 'u')).toMatchObject({ hex: '0504', moved: true });
    expect(r.state.strategicMoves).toBe(0);
    expect(r.events).toContainEqual({
      type: 'naval-moved',
      block: 'u',
      from: '0802',
      to: '0504',
      cost: 1,
      rule: '10.3',
    });
    // Moved: no second move, by water or otherwise.
    expect(ordersOf(r.state, 'naval', 'u')).toEqual([]);
  });

  it('B10.3, B5.4: no Naval Move from a hex that is not a friendly port, nor without a Strategic Move', () => {
    expect(ordersOf(activated('union', 1, [inf('u', '0803')]), 'naval', 'u')).toEqual([]);
    const none = fixtureState(DOC, [
      { id: 'h', side: 'union', type: 'usa-hq', hq: 'AP', hex: '0802' },
      inf('u', '0802'),
    ]);
    const r = applyCampaignOrder(
      none,
      MAP,
      'union',
      { type: 'activate', hqs: ['h'] },
      fixedDice([]),
    );
    expect(r.ok && ordersOf(r.state, 'naval', 'u')).toEqual([]);
  });

  it('B10.1, B10.3: never past an enemy-controlled port (CSA control of the Landing closes the river to the bay)', () => {
    const s = activated('union', 1, [
      inf('u', '0802'),
      inf('v', '0504'),
      inf('c', '0705', 'confederate'),
    ]);
    // The Landing is the CSA's now (8.1): not a destination, and the river above it is closed.
    expect(ordersOf(s, 'naval', 'u')).toEqual(['0808']);
    expect(ordersOf(s, 'naval', 'v')).toEqual([]);
    expect(
      applyCampaignOrder(s, MAP, 'union', { type: 'naval', block: 'v', to: '0802' }, fixedDice([])),
    ).toMatchObject({ ok: false, refusal: { code: 'ILLEGAL_NAVAL_MOVE', rule: '10.3' } });
  });

  it('B10.3: never past a fortress an enemy unit holds, though the USA controls it (a battle there)', () => {
    const s = activated('union', 1, [
      inf('u', '0802'),
      inf('f', '0808'),
      inf('c', '0808', 'confederate'),
    ]);
    // Ft. Monroe stays the USA's while both sides are in it (A28), but it is no destination
    // (enemy units) and the James beyond it is closed.
    expect(ordersOf(s, 'naval', 'u')).toEqual(['0504', '0705']);
  });

  it('B10.2, B10.21: no naval movement above the head of navigation; Major above it is not navigable', () => {
    const s = activated('union', 2, [inf('u', '0802')]);
    const landings = ordersOf(s, 'naval-invasion', 'u');
    for (const above of ['0304', '0305', '0404', '0405']) expect(landings).not.toContain(above);
    expect(landings).toContain('0505');
  });

  it('B10.11: the CSA sails only the James and Appomattox, and only while it controls Norfolk', () => {
    const s = activated('confederate', 1, [inf('c', '0507', 'confederate')]);
    // Petersburg, along the James; never the bay (Norfolk, Baltimore) nor a USA port.
    expect(ordersOf(s, 'naval', 'c')).toEqual(['0708']);
    expect(ordersOf(s, 'naval-invasion', 'c')).toEqual([]);
    const lost = activated('confederate', 1, [inf('c', '0507', 'confederate'), inf('u', '0709')]);
    expect(ordersOf(lost, 'naval', 'c')).toEqual([]);
  });
});

describe('Naval Invasions (fixed positions)', () => {
  it('B10.4: USA infantry invades any coastal or navigable-river hex from a friendly port for two Strategic Moves, never past an enemy port', () => {
    const s = activated('union', 2, [inf('u', '0802')]);
    // Coastal hexes (column 8, Norfolk's 0709), the Potomac's banks below the head and the
    // James's below Petersburg; not the friendly ports a Naval Move reaches (0504, 0705,
    // 0808), nor the James above Petersburg (0507, 0508, 0607, 0608: past it).
    expect(ordersOf(s, 'naval-invasion', 'u')).toEqual([
      '0505',
      '0604',
      '0605',
      '0704',
      '0707',
      '0708',
      '0709',
      '0801',
      '0803',
      '0804',
      '0805',
      '0806',
      '0807',
    ]);
    const r = applyCampaignOrder(
      s,
      MAP,
      'union',
      { type: 'naval-invasion', block: 'u', to: '0708' },
      fixedDice([]),
    );
    if (!r.ok) throw new Error(r.refusal.message);
    expect(r.state.strategicMoves).toBe(0);
    expect(r.state.invasions).toEqual([{ block: 'u', from: '0802', to: '0708' }]);
    expect(r.events).toContainEqual({
      type: 'naval-invasion',
      block: 'u',
      from: '0802',
      to: '0708',
      cost: 2,
      rule: '10.4',
    });
  });

  it("B10.4: against an enemy port itself, never past one: with Petersburg the USA's, Richmond can be invaded", () => {
    const s = activated('union', 2, [inf('u', '0802'), inf('p', '0708')]);
    const landings = ordersOf(s, 'naval-invasion', 'u');
    expect(landings).toEqual(expect.arrayContaining(['0507', '0607', '0608']));
    // 0508 lies above Richmond (the James's hexsides beside it are Richmond's).
    expect(landings).not.toContain('0508');
    expect(ordersOf(s, 'naval', 'u')).toEqual(['0504', '0705', '0708', '0808']);
  });

  it('B10.4: only USA infantry invades, and only with two Strategic Moves', () => {
    const s = activated('union', 2, [
      { id: 'k', side: 'union', type: 'cavalry', hex: '0802', cv: 2 },
    ]);
    expect(ordersOf(s, 'naval-invasion', 'k')).toEqual([]);
    expect(ordersOf(s, 'naval', 'k')).toEqual(['0504', '0705', '0808']);
    const one = activated('union', 1, [inf('u', '0802')]);
    expect(ordersOf(one, 'naval-invasion', 'u')).toEqual([]);
    expect(
      applyCampaignOrder(
        one,
        MAP,
        'union',
        { type: 'naval-invasion', block: 'u', to: '0805' },
        fixedDice([]),
      ),
    ).toMatchObject({ ok: false, refusal: { code: 'ILLEGAL_NAVAL_INVASION', rule: '10.4' } });
  });

  it('B10.4: naval orders are parsed strictly', () => {
    const s = activated('union', 2, [inf('u', '0802')]);
    expect(
      applyCampaignOrder(
        s,
        MAP,
        'union',
        { type: 'naval', block: 'u', to: '0504', via: '0802' },
        fixedDice([]),
      ),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'BAD_ORDER', message: 'unknown field via in a naval order' },
    });
    expect(
      applyCampaignOrder(s, MAP, 'union', { type: 'naval-invasion', block: 'u' }, fixedDice([])),
    ).toMatchObject({ ok: false, refusal: { code: 'BAD_ORDER', rule: '10.4' } });
  });

  it('B10.4: a landing alone is a battle with no hexside attacked across (A53: no attack limit)', () => {
    let s = activated('union', 6, [
      inf('u', '0802'),
      inf('v', '0802'),
      inf('w', '0802'),
      inf('c', '0805', 'confederate'),
    ]);
    // Three invaders, across no hexside: 5.31's attack limits do not hold them (A53).
    for (const id of ['u', 'v', 'w'])
      s = play(s, 'union', { type: 'naval-invasion', block: id, to: '0805' });
    s = play(s, 'union', { type: 'end-moves' });
    s = play(s, 'union', { type: 'end-moves' }, Array(40).fill(1));
    expect(s.battles).toEqual([{ hex: '0805', attacker: 'union', attackedFrom: [] }]);
    expect(s.battle?.state.navalPort).toBe('Baltimore');
    expect(s.battle?.state.units.filter((u) => u.invader).length).toBe(3);
  });

  it('B10.4, B10.5: an invasion of an enemy-held hex is a naval invasion battle; invaders alone retreat by sea, back to their port', () => {
    let s = activated('union', 5, [
      inf('u', '0802'),
      inf('w', '0802'),
      inf('l', '0806'),
      inf('c', '0805', 'confederate'),
      inf('d', '0805', 'confederate'),
    ]);
    s = play(s, 'union', { type: 'naval-invasion', block: 'u', to: '0805' });
    s = play(s, 'union', { type: 'naval-invasion', block: 'w', to: '0805' });
    // Two invaders, and one block attacking by land (it may not retreat by sea).
    s = play(s, 'union', { type: 'move', block: 'l', to: '0805', via: '0806', forceMarch: false });
    s = play(s, 'union', { type: 'end-moves' });
    s = play(s, 'union', { type: 'end-moves' }, Array(40).fill(1));
    expect(s.phase).toEqual({ name: 'combat' });
    expect(s.battle?.hex).toBe('0805');
    const battle = s.battle!.state;
    expect(battle.navalPort).toBe('Baltimore');
    const invaders = battle.units
      .filter((u) => u.invader)
      .map((u) => s.battle!.blocks[u.id])
      .sort();
    expect(invaders).toEqual(['u', 'w']);
    // 10.5: the Landing (0705, USA) is a friendly hex the invaders may retreat into by land;
    // 0806, left by the land attacker, is the CSA's again (8.1); 0804 lies across the
    // navigable Potomac (no land retreat).
    expect(battle.hexsides.map((h) => [h.id, h.controller, h.terrain]).sort()).toEqual([
      ['0705', 'union', 'clear'],
      ['0804', 'union', 'major-river'],
      ['0806', 'confederate', 'clear'],
    ]);
    // The battle over: one invader gone back by sea, one eliminated; Baltimore is where it lands.
    const byCampaign = (id: string) => battle.units.find((u) => s.battle!.blocks[u.id] === id)!;
    byCampaign('u').place = { kind: 'naval-retreat', port: 'Baltimore' };
    byCampaign('w').place = { kind: 'eliminated' };
    byCampaign('l').place = { kind: 'adjacent', hexside: '0806' };
    battle.phase = { name: 'over' } as typeof battle.phase;
    const events: CampaignEvent[] = [];
    finishBattle(s, MAP, fixedDice([]), events);
    expect(s.blocks.find((b) => b.id === 'u')?.hex).toBe('0802');
    expect(s.blocks.find((b) => b.id === 'w')?.hex).toBeNull();
    expect(s.blocks.find((b) => b.id === 'l')?.hex).toBe('0806');
  });
});

describe('Rail/naval moves (fixed positions)', () => {
  // A USA line west from Upriver (0504) to 0304, on the test bay.
  const RAILED: BlockMapDocument = structuredClone(DOC);
  RAILED.rails = [{ name: 'Upriver line', gauge: 'standard', hexes: ['0504', '0404', '0304'] }];
  const RAILED_MAP = campaignMapOf(RAILED);
  const railsOf = (s: CampaignState, block: string) =>
    campaignLegalOrders(s, RAILED_MAP, 'union')
      .filter((o): o is Extract<CampaignOrder, { type: 'rail' }> => o.type === 'rail')
      .filter((o) => o.block === block)
      .map((o) => o.to);

  it('B9.5, B10.3: rail and naval moves combine, each switch one Strategic Move more', () => {
    // By water to Upriver (1), then by rail (1 more); the ports alone are Naval Moves.
    expect(railsOf(activated('union', 1, [inf('u', '0802')], RAILED), 'u')).toEqual([]);
    const s = activated('union', 2, [inf('u', '0802')], RAILED);
    expect(railsOf(s, 'u')).toEqual(['0304', '0404']);
    const r = applyCampaignOrder(
      s,
      RAILED_MAP,
      'union',
      { type: 'rail', block: 'u', to: '0304' },
      fixedDice([]),
    );
    expect(r.ok && r.state.blocks.find((b) => b.id === 'u')?.hex).toBe('0304');
    expect(r.ok && r.state.strategicMoves).toBe(0);
    // And back: by rail to Upriver, then by water to every port it reaches.
    const back = activated('union', 2, [inf('v', '0304')], RAILED);
    expect(railsOf(back, 'v')).toEqual(['0404', '0504', '0705', '0802', '0808']);
  });
});

describe('Naval Moves on the Eastern map', () => {
  const EAST = BLOCK_MAPS.east!;
  const hexOf = (id: string) => EAST.locations[id].hex;

  it('B10.3, B10.21: from Washington by water to Ft. Monroe once the USA holds Acquia Landing, never above the head of navigation', () => {
    const washington = hexOf('washington');
    const closed = activated('union', 2, [inf('u', washington)], EAST, hexOf('harrisburg'));
    // 1861: Acquia Landing is the CSA's, and closes the Potomac below it (the rules' example).
    expect(ordersOf(closed, 'naval', 'u', EAST)).not.toContain(hexOf('ft-monroe'));
    const open = activated(
      'union',
      2,
      [inf('u', washington), inf('a', hexOf('acquia')), inf('x', hexOf('alexandria'))],
      EAST,
      hexOf('harrisburg'),
    );
    const ports = ordersOf(open, 'naval', 'u', EAST);
    expect(ports).toEqual(
      expect.arrayContaining([hexOf('ft-monroe'), hexOf('baltimore'), hexOf('alexandria')]),
    );
    // Above Washington the Potomac is Major, not navigable: no landing there.
    const landings = ordersOf(open, 'naval-invasion', 'u', EAST);
    const above = EAST.hexsides
      .filter((x) => x.river?.name === 'Potomac' && x.river.class === 'major' && !x.river.navigable)
      .flatMap((x) => x.between)
      .filter((h) => !EAST.hexsides.some((y) => y.river?.navigable && y.between.includes(h)));
    expect(above.length).toBeGreaterThan(5);
    for (const h of above) if (!EAST.hexes[h].coastal) expect(landings).not.toContain(h);
    // Baltimore reaches Ft. Monroe down the bay whoever holds Acquia.
    const fort = activated('union', 2, [inf('f', hexOf('ft-monroe'))], EAST, hexOf('harrisburg'));
    // 10.11 NOTE, 11.34: Ft. Monroe keeps its sea lane to Baltimore beside CSA Norfolk and
    // Yorktown; it may land against either, not past Yorktown up the York to West Point.
    expect(ordersOf(fort, 'naval', 'f', EAST)).toEqual(
      expect.arrayContaining([hexOf('baltimore'), hexOf('harrisburg')]),
    );
    const fromFort = ordersOf(fort, 'naval-invasion', 'f', EAST);
    expect(fromFort).toEqual(expect.arrayContaining([hexOf('yorktown'), hexOf('norfolk')]));
    expect(fromFort).not.toContain(hexOf('west-point'));
    // The York: CSA Yorktown closes West Point to the bay; taken, it opens.
    const york = (blocks: FixtureBlock[]) =>
      ordersOf(activated('union', 1, blocks, EAST, hexOf('harrisburg')), 'naval', 'w', EAST);
    expect(york([inf('w', hexOf('west-point'))])).toEqual([]);
    expect(york([inf('w', hexOf('west-point')), inf('y', hexOf('yorktown'))])).toEqual(
      expect.arrayContaining([hexOf('yorktown'), hexOf('baltimore'), hexOf('ft-monroe')]),
    );
    const bay = activated('union', 1, [inf('b', hexOf('baltimore'))], EAST, hexOf('harrisburg'));
    expect(ordersOf(bay, 'naval', 'b', EAST)).toContain(hexOf('ft-monroe'));
  });

  it('B10.4, B10.3: from Baltimore up the James past friendly Ft. Monroe (Hampton Roads opens on the bay through its hex) to land against Petersburg', () => {
    const s = activated('union', 2, [inf('b', hexOf('baltimore'))], EAST, hexOf('harrisburg'));
    const landings = ordersOf(s, 'naval-invasion', 'b', EAST);
    expect(landings).toEqual(expect.arrayContaining([hexOf('petersburg'), hexOf('yorktown')]));
    expect(landings).not.toContain(hexOf('west-point'));
    // With Ft. Monroe the CSA's, the James is shut.
    const shut = activated(
      'union',
      2,
      [inf('b', hexOf('baltimore')), inf('c', hexOf('ft-monroe'), 'confederate')],
      EAST,
      hexOf('harrisburg'),
    );
    expect(ordersOf(shut, 'naval-invasion', 'b', EAST)).not.toContain(hexOf('petersburg'));
  });

  it('B10.11: the CSA sails the James from Richmond to Petersburg while it holds Norfolk, though USA Ft. Monroe commands the river mouth', () => {
    const richmond = hexOf('richmond');
    const s = activated(
      'confederate',
      1,
      [inf('c', richmond, 'confederate')],
      EAST,
      hexOf('lynchburg'),
    );
    expect(ordersOf(s, 'naval', 'c', EAST)).toEqual([hexOf('petersburg')]);
    const lost = activated(
      'confederate',
      1,
      [inf('c', richmond, 'confederate'), inf('u', hexOf('norfolk'))],
      EAST,
      hexOf('lynchburg'),
    );
    expect(ordersOf(lost, 'naval', 'c', EAST)).toEqual([]);
  });
});
