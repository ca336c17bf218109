/**
 * Land movement, command and forced march in fixed positions (seed 002,
 * 5.1-5.32, 1.3x, 1.7): legal orders counted by hand on the 9 x 9 test map
 * (campaign.fixtures.ts), chessops style, and the listed orders applied.
 */
import { fixedDice, type Dice } from '../../../dice';
import { applyCampaignOrder, campaignLegalOrders } from './campaign';
import { commandZone } from './command';
import { FIXTURE_GRID, fixtureMap, fixtureState, type FixtureBlock } from './campaign.fixtures';
import { campaignMapOf } from './terrain';
import type { BlockMapDocument, BlockMapHexside } from '../map';
import type { CampaignOrder, CampaignState, Side } from './types';

const N = FIXTURE_GRID.neighbours('0505'); // ['0605','0604','0504','0405','0506','0606']
const noDice: Dice = fixedDice([]);

function play(
  doc: BlockMapDocument,
  state: CampaignState,
  seat: Side,
  order: CampaignOrder,
  dice: Dice = noDice,
) {
  const r = applyCampaignOrder(state, campaignMapOf(doc), seat, order, dice);
  if (!r.ok) throw new Error(`${r.refusal.code} ${r.refusal.rule}: ${r.refusal.message}`);
  return r;
}

/** A position with `blocks`, the seat's HQs `hqs` activated: the units' moves are listed. */
function commanded(doc: BlockMapDocument, blocks: FixtureBlock[], hqs: string[], month?: string) {
  const side = blocks.find((b) => b.id === hqs[0])!.side;
  const s = fixtureState(doc, blocks, { active: side, month });
  return play(doc, s, side, { type: 'activate', hqs }).state;
}

const movesOf = (doc: BlockMapDocument, s: CampaignState, block: string) =>
  campaignLegalOrders(s, campaignMapOf(doc), s.active!).filter(
    (o): o is Extract<CampaignOrder, { type: 'move' }> => o.type === 'move' && o.block === block,
  );
const destinations = (moves: Array<{ to: string; forceMarch: boolean }>, fm: boolean) =>
  [...new Set(moves.filter((m) => m.forceMarch === fm).map((m) => m.to))].sort();

const side = (a: string, b: string, rest: Partial<BlockMapHexside>): BlockMapHexside => ({
  between: [a, b],
  terrain: 'clear',
  ...rest,
});

const AP = { id: 'h1', side: 'union', type: 'usa-hq', hq: 'AP', hex: '0505' } as const;
const ANV = { id: 'h1', side: 'confederate', type: 'csa-hq', hq: 'ANV', hex: '0505' } as const;
const inf = (id: string, hex: string, s: Side = 'union', cv = 2): FixtureBlock => ({
  id,
  side: s,
  type: 'infantry',
  hex,
  cv,
});

describe('campaign land movement (fixed positions)', () => {
  it('B5.3, B2.3: a lone infantry division on open ground has 18 moves within its speed 2 and 30 forced marches to the third ring', () => {
    const doc = fixtureMap();
    const s = commanded(doc, [AP, inf('u1', '0505')], ['h1']);
    const moves = movesOf(doc, s, 'u1');
    // One order per hex within 2 (6 + 12); forced marches into each third-ring hex from each second-ring neighbour: 6 corners x 1 + 12 sides x 2.
    expect(moves.filter((m) => !m.forceMarch)).toHaveLength(18);
    expect(moves.filter((m) => m.forceMarch)).toHaveLength(30);
    expect(destinations(moves, false)).toEqual(
      FIXTURE_GRID.within('0505', 2)
        .filter((h) => h !== '0505')
        .sort(),
    );
    // The active HQ does not move while it commands (A16); end-moves is always there.
    expect(campaignLegalOrders(s, campaignMapOf(doc), 'union')).toHaveLength(18 + 30 + 1);
  });

  it('B5.3: cavalry (speed 3) has 36 moves and 42 forced marches; a unit moves once per Campaign Turn', () => {
    const doc = fixtureMap();
    const s0 = commanded(
      doc,
      [AP, { id: 'c1', side: 'union', type: 'cavalry', hex: '0505' }],
      ['h1'],
    );
    const moves = movesOf(doc, s0, 'c1');
    expect(moves.filter((m) => !m.forceMarch)).toHaveLength(36);
    expect(moves.filter((m) => m.forceMarch)).toHaveLength(6 + 18 * 2);
    const s1 = play(
      doc,
      s0,
      'union',
      moves.find((m) => m.to === '0705' && !m.forceMarch)!,
    ).state;
    expect(s1.blocks.find((b) => b.id === 'c1')!.hex).toBe('0705');
    expect(movesOf(doc, s1, 'c1')).toHaveLength(0);
    const again = applyCampaignOrder(
      s1,
      campaignMapOf(doc),
      'union',
      {
        type: 'move',
        block: 'c1',
        to: '0805',
        via: '0705',
        forceMarch: false,
      },
      noDice,
    );
    expect(again).toMatchObject({ ok: false, refusal: { code: 'MAY_NOT_MOVE' } });
  });

  it('B4.42: in Mud speeds drop by one (infantry 1) and Heavy Artillery cannot move', () => {
    const doc = fixtureMap();
    const s = commanded(
      doc,
      [AP, inf('u1', '0505'), { id: 'v1', side: 'union', type: 'heavy-artillery', hex: '0505' }],
      ['h1'],
      '1862-01',
    );
    expect(s.weather).toBe('mud');
    const moves = movesOf(doc, s, 'u1');
    expect(moves.filter((m) => !m.forceMarch)).toHaveLength(6);
    expect(moves.filter((m) => m.forceMarch)).toHaveLength(6 + 6 * 2);
    expect(movesOf(doc, s, 'v1')).toHaveLength(0);
  });

  it('B5.2: any number of blocks stack in a hex and move through friendly blocks', () => {
    const doc = fixtureMap();
    const blocks = [AP, ...Array.from({ length: 9 }, (_, i) => inf(`u${i}`, '0505'))];
    let s = commanded(doc, [...blocks, inf('w1', N[0]), inf('w2', '0705')], ['h1']);
    for (let i = 0; i < 9; i++)
      s = play(doc, s, 'union', {
        type: 'move',
        block: `u${i}`,
        to: '0705',
        via: N[0],
        forceMarch: false,
      }).state;
    expect(s.blocks.filter((b) => b.hex === '0705')).toHaveLength(10);
  });

  it('B1.36, B1.37: Mountain hexsides and Major rivers without bridge or ford stop movement; a bridge or ford does not', () => {
    const doc = fixtureMap({
      hexsides: [
        side('0505', N[0], { terrain: 'mountain' }),
        side('0505', N[1], { river: { name: 'Potomac', class: 'major' } }),
        side('0505', N[2], { river: { name: 'Potomac', class: 'major' }, bridge: 'ford' }),
      ],
    });
    const s = commanded(doc, [AP, inf('u1', '0505')], ['h1']);
    const moves = movesOf(doc, s, 'u1');
    const plain = destinations(moves, false);
    // N[0] and N[1] are still reached round the obstacle in two hexes, never across it.
    expect(moves.some((m) => m.to === N[0] && m.via === '0505')).toBe(false);
    expect(moves.some((m) => m.to === N[1] && m.via === '0505')).toBe(false);
    expect(moves.find((m) => m.to === N[2])!.via).toBe('0505');
    expect(plain).toContain(N[0]);
    expect(plain).toContain(N[2]);
  });

  it('B1.34: a unit stops on entering a vacant Forest hex, not one a friendly unit holds', () => {
    const forest = { [N[0]]: { terrain: 'forest' as const } };
    const doc = fixtureMap({ hexes: forest });
    const beyond = '0705'; // two hexes east, straight through N[0] (0605)
    const s = commanded(doc, [AP, inf('u1', '0505')], ['h1']);
    const viaForest = movesOf(doc, s, 'u1').filter((m) => m.to === beyond);
    expect(viaForest.every((m) => m.forceMarch)).toBe(true);
    const held = commanded(doc, [AP, inf('u1', '0505'), inf('u2', N[0])], ['h1']);
    expect(movesOf(doc, held, 'u1').find((m) => m.to === beyond)).toMatchObject({
      via: N[0],
      forceMarch: false,
    });
  });

  it('B1.352: a unit stops after crossing a Marsh hexside', () => {
    const doc = fixtureMap({ hexsides: [side('0505', N[0], { terrain: 'marsh' })] });
    const s = commanded(doc, [AP, inf('u1', '0505')], ['h1']);
    const moves = movesOf(doc, s, 'u1');
    expect(moves.find((m) => m.to === N[0])).toMatchObject({ via: '0505', forceMarch: false });
    // 0705 lies two hexes away through N[0] only: now a forced march, round the marsh hexside.
    const beyond = moves.filter((m) => m.to === '0705');
    expect(beyond.length).toBeGreaterThan(0);
    expect(beyond.every((m) => m.forceMarch)).toBe(true);
    const noMarsh = commanded(fixtureMap(), [AP, inf('u1', '0505')], ['h1']);
    expect(movesOf(fixtureMap(), noMarsh, 'u1').find((m) => m.to === '0705')).toMatchObject({
      forceMarch: false,
    });
  });

  it('B1.7: on the Valley Turnpike a unit that starts, moves and ends on it has one hex more', () => {
    const pike = ['0105', '0205', '0305', '0405', '0505', '0605', '0705', '0805', '0905'];
    const doc = fixtureMap({ turnpike: pike });
    const hq = { ...AP, hex: '0205' };
    const s = commanded(doc, [hq, inf('u1', '0205')], ['h1']);
    const moves = movesOf(doc, s, 'u1');
    expect(moves.find((m) => m.to === '0505')).toMatchObject({ forceMarch: false, via: '0405' });
    expect(moves.find((m) => m.to === '0605')).toMatchObject({ forceMarch: true, via: '0505' });
    // Off the road the speed is 2: 0504 (off it) is three hexes away, a forced march.
    expect(moves.filter((m) => m.to === '0504').every((m) => m.forceMarch)).toBe(true);
    const off = commanded(fixtureMap(), [hq, inf('u1', '0205')], ['h1']);
    expect(movesOf(fixtureMap(), off, 'u1').filter((m) => m.to === '0505')).toEqual([
      expect.objectContaining({ forceMarch: true, via: '0405' }),
    ]);
  });

  it('B5.31, B1.31: entering an enemy hex is an attack that stops the unit; at most the Attack Limit cross each hexside, then it is closed', () => {
    const X = N[0];
    const doc = fixtureMap({ hexsides: [side(N[1], X, { terrain: 'gap', gap: 'Test Gap' })] });
    const blocks = [AP, ...[1, 2, 3, 4, 5].map((i) => inf(`u${i}`, '0505')), inf('u6', N[1])];
    let s = commanded(doc, [...blocks, inf('e1', X, 'confederate')], ['h1']);
    const first = movesOf(doc, s, 'u1').filter((m) => m.to === X && !m.forceMarch);
    // Attacks end in X; nothing goes beyond it through the enemy.
    expect(first.map((m) => m.via).sort()).toEqual(
      FIXTURE_GRID.neighbours(X)
        .filter((h) => FIXTURE_GRID.distance('0505', h) <= 1)
        .sort(),
    );
    expect(
      movesOf(doc, s, 'u1').some((m) => FIXTURE_GRID.distance(X, m.to) === 1 && m.via === X),
    ).toBe(false);
    for (let i = 1; i <= 4; i++)
      s = play(doc, s, 'union', {
        type: 'move',
        block: `u${i}`,
        to: X,
        via: '0505',
        forceMarch: false,
      }).state;
    expect(s.attacks[`${X}<0505`]).toBe(4);
    // Clear: 4 a Campaign Turn. The fifth may not cross it, but may attack across another hexside.
    const fifth = movesOf(doc, s, 'u5').filter((m) => m.to === X);
    expect(fifth.some((m) => m.via === '0505')).toBe(false);
    expect(fifth.length).toBeGreaterThan(0);
    // The Gap hexside N[1]-X admits one attacker in Dry.
    const gap = movesOf(doc, s, 'u6').filter((m) => m.to === X && m.via === N[1]);
    expect(gap).toHaveLength(1);
    s = play(doc, s, 'union', gap[0]).state;
    expect(movesOf(doc, s, 'u5').some((m) => m.to === X && m.via === N[1])).toBe(false);
  });

  it('B5.32, B5.321, B5.322: forced marches are rolled after every other move; USA fails 1-4, CSA 4-6 succeeds; cavalry +1, artillery -1, rough -1', () => {
    const doc = fixtureMap({
      hexsides: [side('0805', '0905', { river: { name: 'Run', class: 'minor' } })],
    });
    const csaHq = { id: 'h2', side: 'confederate', type: 'csa-hq', hq: 'AV', hex: '0505' } as const;
    // CSA range 2 commands them all; each force-marches three hexes east or west.
    const blocks: FixtureBlock[] = [
      csaHq,
      inf('a', '0505', 'confederate', 1),
      { id: 'b', side: 'confederate', type: 'artillery', hex: '0505', cv: 2 },
      { id: 'c', side: 'confederate', type: 'cavalry', hex: '0505', cv: 2 },
      inf('d', '0605', 'confederate', 2),
    ];
    let s = commanded(doc, blocks, ['h2']);
    const go = (id: string, to: string, via: string) =>
      (s = play(doc, s, 'confederate', {
        type: 'move',
        block: id,
        to,
        via,
        forceMarch: true,
      }).state);
    go('a', '0205', '0305'); // infantry, clear: 3 fails (CSA needs 4)
    go('b', '0805', '0705'); // artillery -1: 5 - 1 = 4 succeeds
    go('c', '0905', '0805'); // cavalry speed 3 forces a fourth hex: +1, rough (minor river) -1: 4 succeeds
    go('d', '0905', '0805'); // infantry, rough: 4 - 1 = 3 fails
    expect(s.blocks.filter((b) => b.forceMarch).map((b) => b.id)).toEqual(['a', 'b', 'c', 'd']);
    s = play(doc, s, 'confederate', { type: 'end-moves' }).state;
    expect(s.phase).toEqual({ name: 'movement', step: 'hq-moves' });
    const r = play(doc, s, 'confederate', { type: 'end-moves' }, fixedDice([3, 5, 4, 4]));
    const at = (id: string) => r.state.blocks.find((b) => b.id === id)!;
    expect(at('a')).toMatchObject({ hex: null, cv: 0 }); // 1cv: eliminated by stragglers
    expect(at('b')).toMatchObject({ hex: '0805', cv: 2 });
    expect(at('c')).toMatchObject({ hex: '0905', cv: 2 });
    expect(at('d')).toMatchObject({ hex: '0805', cv: 1 }); // back to the hex its speed reached, one step lost
    expect(r.events.filter((e) => e.type === 'force-march').map((e) => e.success)).toEqual([
      false,
      true,
      true,
      false,
    ]);
    // The modified total tells the type: only its owner sees it.
    expect(
      r.events
        .filter((e) => e.type === 'force-march-total')
        .every((e) => e.visibleTo === 'confederate'),
    ).toBe(true);
  });

  it('B5.322: a USA unit needs 5-6', () => {
    const doc = fixtureMap();
    let s = commanded(doc, [AP, inf('u1', '0505')], ['h1']);
    s = play(doc, s, 'union', {
      type: 'move',
      block: 'u1',
      to: '0805',
      via: '0705',
      forceMarch: true,
    }).state;
    s = play(doc, s, 'union', { type: 'end-moves' }).state;
    const r = play(doc, s, 'union', { type: 'end-moves' }, fixedDice([4]));
    expect(r.state.blocks.find((b) => b.id === 'u1')).toMatchObject({ hex: '0705', cv: 1 });
  });
});

describe('HQ activation and command range (fixed positions)', () => {
  const zone = (doc: BlockMapDocument, s: CampaignState, hq: Side, range: number) =>
    commandZone(s, campaignMapOf(doc), hq, '0505', range);

  it('B5.12: a USA Field HQ commands its hex and the six adjacent, a CSA one two hexes (19)', () => {
    const doc = fixtureMap();
    expect(commanded(doc, [AP], ['h1']).zone).toHaveLength(7);
    expect(commanded(doc, [ANV], ['h1']).zone).toHaveLength(19);
  });

  it('B5.12, B1.31: Command Range crosses rivers, Major included, but not Mountain hexsides nor enemy-occupied hexes', () => {
    const river = fixtureMap({
      hexsides: [side('0505', N[0], { river: { name: 'Potomac', class: 'major' } })],
    });
    expect(commanded(river, [AP], ['h1']).zone).toHaveLength(7);
    const ridge = fixtureMap({ hexsides: [side('0505', N[0], { terrain: 'mountain' })] });
    expect(commanded(ridge, [AP], ['h1']).zone).toHaveLength(6);
    // CSA range 2: the ridge hex is reached round it; the hex beyond it no longer.
    expect(commanded(ridge, [ANV], ['h1']).zone).toHaveLength(18);
    const doc = fixtureMap();
    const s = fixtureState(doc, [AP, inf('e1', N[0], 'confederate')]);
    expect(zone(doc, s, 'union', 1)).toHaveLength(6);
    const c = fixtureState(doc, [ANV, inf('e1', N[0])], { active: 'confederate' });
    expect(zone(doc, c, 'confederate', 2)).toHaveLength(17);
  });

  it('B1.31: in Mud, Command Range is not traced across Gap or Marsh hexsides (seasonally impassable)', () => {
    const doc = fixtureMap({
      hexsides: [
        side('0505', N[0], { terrain: 'gap', gap: 'G' }),
        side('0505', N[1], { terrain: 'marsh' }),
      ],
    });
    expect(commanded(doc, [AP], ['h1'], '1861-08').zone).toHaveLength(7);
    expect(commanded(doc, [AP], ['h1'], '1862-01').zone).toHaveLength(5);
  });

  it('B5.121: the ANV commands 3 hexes from June 1862 (Lee), the AP 2 from March 1864 (Grant)', () => {
    const doc = fixtureMap();
    expect(commanded(doc, [ANV], ['h1'], '1862-05').zone).toHaveLength(19);
    expect(commanded(doc, [ANV], ['h1'], '1862-06').zone).toHaveLength(37);
    expect(commanded(doc, [AP], ['h1'], '1864-02').zone).toHaveLength(7);
    expect(commanded(doc, [AP], ['h1'], '1864-03').zone).toHaveLength(19);
  });

  it("B5.11: units outside every active HQ's range do not move; the active HQs lose a step, then move; one activated at 1cv is eliminated", () => {
    const doc = fixtureMap();
    const aj = { id: 'h2', side: 'union', type: 'usa-hq', hq: 'AJ', hex: '0909', cv: 1 } as const;
    let s = commanded(
      doc,
      [{ ...AP, cv: 3 }, aj, inf('u1', '0505'), inf('u2', '0705')],
      ['h1', 'h2'],
    );
    expect(movesOf(doc, s, 'u2')).toHaveLength(0); // two hexes from AP, USA range 1
    expect(movesOf(doc, s, 'u1').length).toBeGreaterThan(0);
    expect(movesOf(doc, s, 'h1')).toHaveLength(0);
    const r = play(doc, s, 'union', { type: 'end-moves' });
    s = r.state;
    expect(s.blocks.find((b) => b.id === 'h1')).toMatchObject({ cv: 2, active: false });
    expect(s.blocks.find((b) => b.id === 'h2')).toMatchObject({ hex: null });
    expect(r.events.map((e) => e.type)).toEqual(['hq-reduced', 'hq-eliminated']);
    // Now only the HQs that commanded move: AP at speed 2 (48 orders), end-moves.
    const orders = campaignLegalOrders(s, campaignMapOf(doc), 'union');
    expect(
      orders.filter((o) => o.type === 'move').every((o) => o.type === 'move' && o.block === 'h1'),
    ).toBe(true);
    expect(orders).toHaveLength(48 + 1);
  });

  it('B5.13, B5.4: a Supreme HQ has no range but gives Strategic Moves equal to its CV: land moves of units anywhere', () => {
    const doc = fixtureMap();
    const usa = { id: 'h9', side: 'union', type: 'usa-hq', hq: 'USA', hex: '0101', cv: 2 } as const;
    let s = commanded(doc, [usa, inf('u1', '0505'), inf('u2', '0909'), inf('u3', '0901')], ['h9']);
    expect(s.zone).toEqual([]);
    expect(s.strategicMoves).toBe(2);
    s = play(doc, s, 'union', movesOf(doc, s, 'u1')[0]).state;
    s = play(doc, s, 'union', movesOf(doc, s, 'u2')[0]).state;
    expect(s.strategicMoves).toBe(0);
    expect(movesOf(doc, s, 'u3')).toHaveLength(0);
  });
});
