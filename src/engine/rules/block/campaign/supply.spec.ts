/**
 * The Supply Phase in fixed positions (seed 002, 3.24, 3.4, 11.1-11.7, 1.7,
 * 9.1) on the 9 x 9 test map (rows 1-4 USA, 5-9 CSA): a USA supply hex at
 * the west end of a Northern line along row 3, a CSA supply hex at the east
 * end of a Southern line along row 7, a line down column 9 joining them
 * (0903-0904 Northern, 0905-0907 Southern) and the Valley Turnpike from the
 * Southern line at 0507 north to 0505. And one check on the Eastern map.
 */
import { fixedDice, keyedDice } from '../../../dice';
import type {
  BlockMapDocument,
  BlockMapHex,
  BlockMapHexside,
  BlockMapLocation,
  BlockMapRail,
} from '../map';
import { BLOCK_MAPS } from '../map';
import { applyCampaignOrder, campaignLegalOrders, campaignMustAct } from './campaign';
import {
  FIXTURE_GRID,
  fixtureMap,
  fixtureState,
  scenarioVictory,
  type FixtureBlock,
} from './campaign.fixtures';
import { updateControl } from './control';
import { newCampaign } from './setup';
import { forageCapacity, suppliedHexes, supplyLine, supplyNetwork, supplySources } from './supply';
import { campaignMapOf } from './terrain';
import type { CampaignEvent, CampaignState, Side } from './types';
import { campaignEventsFor, campaignView } from './view';

const row = (r: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `0${from + i}0${r}`);
const RAILS: BlockMapRail[] = [
  { name: 'North', gauge: 'standard', hexes: row(3, 1, 9) },
  { name: 'South', gauge: 'broad', hexes: row(7, 1, 9) },
  { name: 'Link', gauge: 'standard', hexes: ['0903', '0904', '0905', '0906', '0907'] },
];
const SUPPLY: BlockMapDocument['supply'] = [
  { hex: '0103', side: 'union', name: 'North edge', note: 'test' },
  { hex: '0907', side: 'confederate', name: 'South edge', note: 'test' },
];
const place = (
  hex: string,
  settlement: BlockMapLocation['settlement'],
  extra: Partial<BlockMapLocation> = {},
): BlockMapLocation => ({
  hex,
  name: hex,
  settlement,
  side: 'confederate',
  lat: 0,
  lon: 0,
  source: 'test',
  cited: 'test',
  ...extra,
});

function doc(
  opts: {
    hexsides?: BlockMapHexside[];
    locations?: BlockMapDocument['locations'];
    hexes?: Record<string, Partial<BlockMapHex>>;
  } = {},
): BlockMapDocument {
  const d = fixtureMap({ turnpike: ['0507', '0506', '0505'], ...opts });
  d.rails = RAILS;
  d.supply = SUPPLY;
  for (const s of SUPPLY) d.hexes[s.hex] = { ...d.hexes[s.hex], rail: true, supply: s.side };
  return d;
}

const unit = (
  id: string,
  hex: string,
  cv: number,
  side: Side = 'union',
  type: FixtureBlock['type'] = 'infantry',
): FixtureBlock => ({ id, side, type, hex, cv });
const stack = (prefix: string, hex: string, cvs: number[], side: Side = 'union') =>
  cvs.map((cv, i) => unit(`${prefix}${i}`, hex, cv, side));

/** The active player passes (3.4): his Supply Phase follows at once. */
function pass(state: CampaignState, d: BlockMapDocument, seat: Side = 'union') {
  const r = applyCampaignOrder(state, campaignMapOf(d), seat, { type: 'pass' }, fixedDice([]));
  if (!r.ok) throw new Error(r.refusal.message);
  return r;
}
const cvs = (s: CampaignState, ids: string[]) =>
  ids.map((id) => s.blocks.find((b) => b.id === id)!.cv);
const ofType = (events: CampaignEvent[], type: string) => events.filter((e) => e.type === type);

describe('supply sources and supply lines (fixed positions)', () => {
  it('B11.3, B1.6, B11.4, B11.41: a hex on or adjacent to a rail line linked to a friendly supply hex is supplied; two hexes off it is not', () => {
    const d = doc();
    const map = campaignMapOf(d);
    const s = fixtureState(d, []);
    expect(supplySources(s, d, 'union')).toEqual(['0103']);
    // 9.1: the USA line stops where CSA rail begins (0905, vacant).
    expect(supplyLine(s, map, 'union', ['0103'])).toEqual([...row(3, 1, 9), '0904']);
    const supplied = suppliedHexes(s, map, 'union');
    for (const h of ['0103', '0903', '0102', '0504', '0904', '0905'])
      expect(supplied.has(h)).toBe(true);
    for (const h of ['0101', '0505', '0906']) expect(supplied.has(h)).toBe(false);
    // 27 hexes of rows 2-4, plus the row-5 neighbours of 0904 (0905 and the hex beside it).
    expect(supplied.size).toBe(
      27 + FIXTURE_GRID.neighbours('0904').filter((n) => n.endsWith('05')).length,
    );
  });

  it('B11.4: adjacency is not traced across a Mountain hexside, nor a Gap in Mud, but is across a Major river (11.4 NOTE)', () => {
    const across = (hex: string, side: Partial<BlockMapHexside>): BlockMapHexside[] =>
      FIXTURE_GRID.neighbours(hex)
        .filter((n) => n.endsWith('03'))
        .map((n) => ({ between: [hex, n], terrain: 'clear', ...side }) as BlockMapHexside);
    const d = doc({
      hexsides: [
        ...across('0204', { terrain: 'mountain' }),
        ...across('0404', { river: { name: 'Major', class: 'major' } }),
        ...across('0604', { terrain: 'gap', gap: 'Test Gap' }),
      ],
    });
    const map = campaignMapOf(d);
    const dry = suppliedHexes(fixtureState(d, [], { month: '1861-08' }), map, 'union');
    expect([dry.has('0204'), dry.has('0404'), dry.has('0604')]).toEqual([false, true, true]);
    const mud = suppliedHexes(fixtureState(d, [], { month: '1861-12' }), map, 'union');
    expect([mud.has('0204'), mud.has('0404'), mud.has('0604')]).toEqual([false, true, false]);
  });

  it('B11.3, B8.1: a supply hex the enemy occupies is no source, for its owner nor for the captor', () => {
    const d = doc();
    const map = campaignMapOf(d);
    const s = fixtureState(d, [unit('c', '0103', 2, 'confederate'), unit('u', '0907', 2)]);
    expect(supplySources(s, d, 'union')).toEqual([]);
    expect(supplySources(s, d, 'confederate')).toEqual([]);
    expect(suppliedHexes(s, map, 'union').size).toBe(0);
  });

  it('B9.1, B11.41: the USA traces along CSA rail only where it occupies every rail hex; the CSA never along Northern rail', () => {
    const d = doc();
    const map = campaignMapOf(d);
    const held = fixtureState(d, [unit('a', '0905', 2), unit('b', '0906', 2)]);
    expect(supplyLine(held, map, 'union', ['0103'])).toContain('0906');
    expect(suppliedHexes(held, map, 'union').has('0807')).toBe(true);
    const gap = fixtureState(d, [unit('b', '0906', 2)]);
    expect(supplyLine(gap, map, 'union', ['0103'])).not.toContain('0906');
    expect(suppliedHexes(gap, map, 'union').has('0906')).toBe(false);
    // The CSA, holding the whole Northern line, still traces none of it.
    const csa = fixtureState(
      d,
      row(3, 1, 9).map((h) => unit(`c${h}`, h, 1, 'confederate')),
    );
    const line = supplyLine(csa, map, 'confederate', supplySources(csa, d, 'confederate'));
    expect(line.filter((h) => Number(h.slice(2)) <= 4)).toEqual([]);
    expect(suppliedHexes(csa, map, 'confederate').has('0803')).toBe(false);
  });

  it('B11.411, B1.7, B9.612: the Valley Turnpike is a supply line for the CSA only', () => {
    const d = doc();
    const map = campaignMapOf(d);
    const s = fixtureState(d, [unit('a', '0506', 2), unit('b', '0507', 2)]);
    const csa = fixtureState(d, []);
    const line = supplyLine(csa, map, 'confederate', ['0907']);
    expect(line).toEqual(expect.arrayContaining(['0505', '0506']));
    expect(suppliedHexes(csa, map, 'confederate').has('0504')).toBe(true);
    expect(supplyLine(s, map, 'union', ['0507'])).toEqual(['0507']);
  });
});

describe('forage limits and supply attrition (fixed positions)', () => {
  it('B11.2, B11.5, B1.32, B1.33, B1.41, B1.42: Forage Limits: Clear 4/2, Forest 2/1, a City +2 and a Town +1, not reduced by Mud', () => {
    const d = doc({
      hexes: { '0505': { terrain: 'forest' }, '0707': { terrain: 'forest' } },
      locations: {
        city: place('0606', 'city'),
        town: place('0707', 'town'),
        v: place('0808', 'village'),
      },
    });
    const at = (month: string) =>
      ['0909', '0505', '0606', '0707', '0808'].map((h) =>
        forageCapacity(fixtureState(d, [], { month }), d, h),
      );
    expect(at('1861-08')).toEqual([4, 2, 6, 3, 4]);
    expect(at('1861-12')).toEqual([2, 1, 4, 2, 2]);
  });

  it('B11.61, B11.6, B3.24: seven units in a clear hex without a supply line: three lose a step in Dry, five in Mud, the largest first', () => {
    const d = doc();
    const seven = [4, 3, 3, 2, 2, 1, 1];
    const ids = seven.map((_, i) => `u${i}`);
    const dry = pass(fixtureState(d, stack('u', '0506', seven), { month: '1861-08' }), d);
    expect(cvs(dry.state, ids)).toEqual([3, 2, 2, 2, 2, 1, 1]);
    expect(ofType(dry.events, 'supply-check')).toEqual([
      {
        type: 'supply-check',
        side: 'union',
        sources: ['0103'],
        unsupplied: ['0506'],
        overCapacity: [{ hex: '0506', units: 7, capacity: 4 }],
        rule: '11.1',
      },
    ]);
    const mud = pass(fixtureState(d, stack('u', '0506', seven), { month: '1861-12' }), d);
    expect(cvs(mud.state, ids)).toEqual([3, 2, 2, 1, 1, 1, 1]);
    expect(ofType(mud.events, 'supply-loss')).toHaveLength(5);
    // The same seven beside the line lose nothing (11.5: a supplied hex has no limit).
    const fed = pass(fixtureState(d, stack('u', '0504', seven), { month: '1861-12' }), d);
    expect(cvs(fed.state, ids)).toEqual(seven);
    // 3.2: the Supply Phase ends the turn.
    expect(mud.state.active).toBe('confederate');
    expect(mud.state.phase).toEqual({ name: 'movement', step: 'activate' });
  });

  it("B11.1, B3.4: only the active player's units are checked, in a Pass turn as in any other", () => {
    const d = doc();
    const s = fixtureState(d, [
      ...stack('u', '0506', [3, 2, 2, 2, 2]),
      ...stack('c', '0202', [2, 2, 2, 2, 2, 2], 'confederate'),
    ]);
    const r = pass(s, d);
    expect(cvs(r.state, ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'])).toEqual([2, 2, 2, 2, 2, 2]);
    expect(ofType(r.events, 'supply-check').map((e) => e.side)).toEqual(['union']);
    expect(cvs(r.state, ['u0'])).toEqual([2]);
    expect(r.state.passes).toBe(1);
  });

  it('B11.6, B3.24: the owner chooses among tied largest units: one supply-loss order per tied block, hidden from the enemy', () => {
    const d = doc();
    const map = campaignMapOf(d);
    const r = pass(fixtureState(d, stack('u', '0506', [4, 4, 3, 3, 2, 2, 1])), d);
    // The two 4s lose their step at once; one of the two 3s is the owner's choice.
    expect(cvs(r.state, ['u0', 'u1', 'u2', 'u3'])).toEqual([3, 3, 3, 3]);
    expect(campaignMustAct(r.state)).toEqual({ seats: ['union'], kind: 'supply-loss' });
    const orders = campaignLegalOrders(r.state, map, 'union');
    expect(orders).toEqual([
      { type: 'supply-loss', block: 'u2' },
      { type: 'supply-loss', block: 'u3' },
    ]);
    expect(campaignLegalOrders(r.state, map, 'confederate')).toEqual([]);
    expect(campaignView(r.state, 'confederate').supply?.choice).toEqual({ hex: '0506' });
    expect(campaignView(r.state, 'union').supply?.choice).toEqual({
      hex: '0506',
      candidates: ['u2', 'u3'],
      picks: 1,
    });
    const off = applyCampaignOrder(
      r.state,
      map,
      'union',
      { type: 'supply-loss', block: 'u0' },
      fixedDice([]),
    );
    expect(off).toMatchObject({
      ok: false,
      refusal: { code: 'ILLEGAL_SUPPLY_LOSS', rule: '11.6' },
    });
    const done = applyCampaignOrder(r.state, map, 'union', orders[1], fixedDice([]));
    if (!done.ok) throw new Error(done.refusal.message);
    expect(cvs(done.state, ['u2', 'u3'])).toEqual([3, 2]);
    expect(done.state.active).toBe('confederate');
    expect(done.state.supply).toBeNull();
    // The enemy sees that a block lost a step, never its new strength.
    const all = [...r.events, ...done.events];
    for (const e of campaignEventsFor(all, 'confederate')) expect(e).not.toHaveProperty('cv');
    expect(
      campaignEventsFor(all, 'union').filter((e) => e.type === 'supply-loss-detail'),
    ).toHaveLength(3);
  });

  it('B11.6, B2.5: a 1cv unit losing a step to supply attrition is eliminated', () => {
    const d = doc();
    const map = campaignMapOf(d);
    const r = pass(fixtureState(d, stack('u', '0506', [1, 1, 1]), { month: '1861-12' }), d);
    expect(campaignLegalOrders(r.state, map, 'union')).toHaveLength(3);
    const done = applyCampaignOrder(
      r.state,
      map,
      'union',
      { type: 'supply-loss', block: 'u1' },
      fixedDice([]),
    );
    if (!done.ok) throw new Error(done.refusal.message);
    expect(done.state.blocks.find((b) => b.id === 'u1')).toMatchObject({ hex: null, cv: 0 });
    expect(done.events[0]).toEqual({
      type: 'supply-loss',
      block: 'u1',
      side: 'union',
      hex: '0506',
      eliminated: true,
      rule: '11.6',
    });
  });
});

describe('HQ supply (fixed positions)', () => {
  const hq = (id: string, code: string, hex: string, cv: number): FixtureBlock => ({
    id,
    side: 'union',
    type: 'usa-hq',
    hq: code,
    hex,
    cv,
  });

  it('B11.7: a Field HQ may reveal itself and lose a step to cancel the attrition within its Command Range; a Supreme HQ may not', () => {
    const d = doc();
    const map = campaignMapOf(d);
    const s = fixtureState(d, [
      hq('ap', 'AP', '0506', 3),
      ...stack('u', '0506', [4, 4, 2, 2, 2]),
      // Within AP's range (1): the next hex, over its limit too.
      ...stack('v', '0606', [4, 2, 2, 2, 2]),
      // Out of range, with the Supreme HQ.
      hq('sm', 'USA', '0509', 4),
      ...stack('w', '0509', [3, 3, 3, 3]),
    ]);
    const r = pass(s, d);
    expect(campaignMustAct(r.state)).toEqual({ seats: ['union'], kind: 'supply-hq' });
    expect(campaignLegalOrders(r.state, map, 'union')).toEqual([
      { type: 'hq-supply', hq: 'ap' },
      { type: 'take-attrition' },
    ]);
    expect(
      applyCampaignOrder(r.state, map, 'union', { type: 'hq-supply', hq: 'sm' }, fixedDice([])),
    ).toMatchObject({ ok: false, refusal: { code: 'ILLEGAL_HQ_SUPPLY', rule: '11.7' } });
    const given = applyCampaignOrder(
      r.state,
      map,
      'union',
      { type: 'hq-supply', hq: 'ap' },
      fixedDice([]),
    );
    if (!given.ok) throw new Error(given.refusal.message);
    expect(given.events[0]).toEqual({
      type: 'hq-supply',
      block: 'ap',
      hex: '0506',
      code: 'AP',
      cv: 3,
      range: 1,
      cancelled: ['0506', '0606'],
      eliminated: false,
      rule: '11.7',
    });
    expect(cvs(given.state, ['ap', 'u0', 'v0', 'sm', 'w0', 'w1'])).toEqual([2, 4, 4, 3, 3, 3]);
    // 0509: five units, one over four: the largest, the 4cv Supreme HQ (HQs count, 11.6).
    expect(ofType(given.events, 'supply-loss').map((e) => e.block)).toEqual(['sm']);
    expect(given.state.active).toBe('confederate');
    // Declining: every over-limit hex takes its losses.
    const declined = applyCampaignOrder(
      r.state,
      map,
      'union',
      { type: 'take-attrition' },
      fixedDice([]),
    );
    if (!declined.ok) throw new Error(declined.refusal.message);
    expect(ofType(declined.events, 'supply-loss').map((e) => e.block)).toEqual([
      'u0',
      'u1',
      'sm',
      'v0',
    ]); // hex by hex: 0506, 0509, 0606
  });
});

describe('supply on the Eastern map', () => {
  it('B11.31, B11.34, B11.4, B11.2: after the 1861 set-up every block is in supply or within its Forage Limit (Ft. Monroe by sea, Yorktown foraging)', () => {
    const east = BLOCK_MAPS.east!;
    const map = campaignMapOf(east);
    const { state } = newCampaign(
      'east-1861',
      east,
      keyedDice('supply-east'),
      scenarioVictory('east-1861'),
    );
    expect(supplySources(state, east, 'union')).toEqual(['0107', '1001', '1208', '1605']);
    expect(supplySources(state, east, 'confederate')).toEqual(['0119', '0124', '0824']);
    const unsupplied = (side: Side) => {
      const supplied = suppliedHexes(state, map, side);
      const hexes = [...new Set(state.blocks.filter((b) => b.side === side).map((b) => b.hex!))];
      return hexes.filter((h) => !supplied.has(h)).sort();
    };
    // Ft. Monroe (1321) has no rail: it is a source through its naval line to Baltimore
    // (11.34). Yorktown (1320) has neither rail nor, on the York, CSA naval supply (11.421).
    expect(unsupplied('union')).toEqual([]);
    expect(unsupplied('confederate')).toEqual(['1320']);
    expect(supplyNetwork(state, map, 'union')).toContain('1321');
    const count = (hex: string) => state.blocks.filter((b) => b.hex === hex).length;
    expect([count('1320'), forageCapacity(state, east, '1320')]).toEqual([3, 4]);
    // Alexandria's nine USA blocks: beside Washington's rail line, so supplied.
    expect(count('1010')).toBe(9);
    expect(suppliedHexes(state, map, 'union').has('1010')).toBe(true);
  });

  it('B11.42, B11.421: rail and naval lines link at ports; Yorktown lost or left vacant cuts the sea line to West Point (the supply example: Fair Oaks, White House, West Point)', () => {
    const east = BLOCK_MAPS.east!;
    const map = campaignMapOf(east);
    const base = newCampaign(
      'east-1861',
      east,
      keyedDice('supply-example'),
      scenarioVictory('east-1861'),
    ).state;
    // Four USA blocks from Alexandria to Fair Oaks, White House, West Point and Yorktown;
    // Yorktown's CSA blocks to Richmond.
    /** Yorktown held by `yorktown` (null: left vacant); Ft. Monroe stays USA. */
    const at = (yorktown: Side | null): CampaignState => {
      const s = structuredClone(base);
      const usa = s.blocks.filter((b) => b.side === 'union' && b.hex === '1010');
      ['1018', '1017', '1118'].forEach((h, i) => (usa[i].hex = h));
      for (const b of s.blocks) if (b.hex === '1320') b.hex = '0918';
      if (yorktown === 'union') usa[3].hex = '1320';
      if (yorktown === 'confederate')
        s.blocks.find((b) => b.side === 'confederate' && b.hex === '0918')!.hex = '1320';
      updateControl(s, east);
      return s;
    };
    const example = ['1018', '1017', '1118'];
    const held = suppliedHexes(at('union'), map, 'union');
    expect(example.map((h) => held.has(h))).toEqual([true, true, true]);
    // The York River railroad is CSA rail: it serves only because the USA holds every hex (9.1).
    const line = supplyNetwork(at('union'), map, 'union');
    expect(example.every((h) => line.includes(h))).toBe(true);
    // "if Yorktown is re-occupied by the CSA (or even if left vacant by the USA), then the
    // sea supply line to West Point is cut": all three are unsupplied.
    for (const yorktown of ['confederate', null] as const) {
      const cut = suppliedHexes(at(yorktown), map, 'union');
      expect(example.map((h) => cut.has(h))).toEqual([false, false, false]);
      expect(cut.has('1321')).toBe(true); // Ft. Monroe keeps its own line to Baltimore
    }
  });
});
