/**
 * The shared battle clock (seed 002, 3.23, 6.1, 6.3, 7.11, 7.13, 7.52; A34)
 * on the 9x9 fixture map: battles within two hexes of one another are
 * deployed before any fighting, fought Battle Turn by Battle Turn in
 * lockstep, each to its end and back to the map; victors reinforce an
 * adjacent battle; a block beside two battles enters only one.
 */
import { keyedDice, type Dice } from '../../../dice';
import type { BlockOrder } from '../types';
import { clockTime } from './battle-clock';
import { applyCampaignOrder, campaignLegalOrders, campaignMustAct } from './campaign';
import { fixtureMap, fixtureState, type FixtureBlock } from './campaign.fixtures';
import { campaignMapOf, type CampaignMap } from './terrain';
import type { CampaignEvent, CampaignOrder, CampaignState, Side } from './types';
import { campaignView } from './view';

const MAP: CampaignMap = campaignMapOf(fixtureMap());

function go(s: CampaignState, seat: Side, o: CampaignOrder, dice: Dice, log: CampaignEvent[]) {
  const r = applyCampaignOrder(s, MAP, seat, o, dice);
  if (!r.ok) throw new Error(`${r.refusal.rule}: ${r.refusal.message}`);
  log.push(...r.events);
  return r.state;
}

/** CSA (active) moves the blocks named to the hexes named, then ends both movement steps. */
function attack(blocks: FixtureBlock[], moves: [string, string, string][], dice: Dice) {
  let s = fixtureState(fixtureMap(), blocks, { active: 'confederate' });
  const log: CampaignEvent[] = [];
  s = go(s, 'confederate', { type: 'activate', hqs: ['h1'] }, dice, log);
  for (const [block, to, via] of moves)
    s = go(s, 'confederate', { type: 'move', block, to, via, forceMarch: false }, dice, log);
  s = go(s, 'confederate', { type: 'end-moves' }, dice, log);
  s = go(s, 'confederate', { type: 'end-moves' }, dice, log);
  return { s, log };
}

/**
 * Plays the Combat Phase out: `choose` may pick an order (else deployment
 * first, then seeded random orders), checking after each order that the
 * battle on the board is the earliest on the shared clock (A34).
 */
function fight(
  start: CampaignState,
  dice: Dice,
  log: CampaignEvent[],
  choose: (s: CampaignState, seat: Side, list: BlockOrder[]) => BlockOrder | undefined = () =>
    undefined,
): { s: CampaignState; boards: string[] } {
  let s = start;
  let x = 4242;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const boards: string[] = [];
  for (let i = 0; i < 5000 && s.phase.name === 'combat'; i++) {
    const held = s.clock?.held ?? [];
    for (const b of held)
      expect(clockTime(s.battle!.state)).toBeLessThanOrEqual(clockTime(b.state));
    const act = campaignMustAct(s)!;
    const seat = act.seats[0];
    if (act.kind === 'battle-first') {
      // 6.1: the player to act names the battle fought first; here the last of those tied.
      const first = campaignLegalOrders(s, MAP, seat);
      expect(first.map((o) => o.type)).toEqual(first.map(() => 'battle-first'));
      s = go(s, seat, first[first.length - 1], dice, log);
      continue;
    }
    if (boards[boards.length - 1] !== s.battle!.hex) boards.push(s.battle!.hex);
    const list = campaignLegalOrders(s, MAP, seat).map(
      (o) => (o as Extract<CampaignOrder, { type: 'battle' }>).order,
    );
    const board = s.battle!.state;
    const undeployed = list.filter(
      (o) =>
        o.type === 'place' && board.units.find((u) => u.id === o.unit)?.place.kind === 'undeployed',
    );
    const end = list.find((o) => o.type === 'end-phase' || o.type === 'deploy-done');
    const others = list.filter((o) => o.type !== 'end-phase' && o.type !== 'deploy-done');
    const order =
      choose(s, seat, list) ??
      (undeployed.length > 0
        ? undeployed[0]
        : end && (others.length === 0 || rnd() < 0.3)
          ? end
          : others[Math.floor(rnd() * others.length)]);
    s = go(s, seat, { type: 'battle', order }, dice, log);
    for (const reader of ['union', 'confederate', null] as const)
      for (const v of [
        campaignView(s, reader).battle,
        ...(campaignView(s, reader).clock?.held ?? []),
      ])
        for (const u of v?.board.units ?? []) if (u.hidden) expect(u).not.toHaveProperty('cv');
  }
  return { s, boards };
}

describe('the shared battle clock (A34)', () => {
  it.each(['one', 'two', 'three'])(
    'B6.1, B3.23, B6.3: two battles two hexes apart are deployed first, then fought Battle Turn by Battle Turn in lockstep to the end and brought back to the map (dice %s)',
    (seed) => {
      const dice = keyedDice(`clock-${seed}`);
      const { s: begun, log } = attack(
        [
          { id: 'h1', side: 'confederate', type: 'csa-hq', hq: 'ANV', hex: '0505' },
          { id: 'a', side: 'confederate', type: 'infantry', hex: '0505', cv: 3 },
          { id: 'b', side: 'confederate', type: 'infantry', hex: '0505', cv: 3 },
          { id: 'c', side: 'confederate', type: 'infantry', hex: '0505', cv: 2 },
          { id: 'x', side: 'union', type: 'infantry', hex: '0605', cv: 2 },
          { id: 'y', side: 'union', type: 'infantry', hex: '0405', cv: 2 },
        ],
        [
          ['a', '0605', '0505'],
          ['b', '0405', '0505'],
        ],
        dice,
      );
      expect(begun.battles.map((b) => b.hex)).toEqual(['0405', '0605']);
      // 6.2, A34: the Defender deploys first, in every battle, before anyone fights;
      // 6.1: he chooses which battle first, and nothing else is listed until he has.
      expect(campaignMustAct(begun)).toEqual({ seats: ['union'], kind: 'battle-first' });
      expect(campaignLegalOrders(begun, MAP, 'union')).toEqual([
        { type: 'battle-first', hex: '0405' },
        { type: 'battle-first', hex: '0605' },
      ]);
      expect(campaignLegalOrders(begun, MAP, 'confederate')).toEqual([]);
      const early = applyCampaignOrder(
        begun,
        MAP,
        'union',
        { type: 'battle', order: { type: 'deploy-done' } },
        dice,
      );
      expect(early.ok || early.refusal.rule).toBe('6.1');
      const off = applyCampaignOrder(
        begun,
        MAP,
        'union',
        { type: 'battle-first', hex: '0505' },
        dice,
      );
      expect(off.ok || off.refusal.rule).toBe('6.1');
      // c waits in 0505, beside both battles: a reinforcement of either (7.5).
      for (const b of [begun.battle!, ...begun.clock!.held])
        expect(Object.values(b.blocks).sort()).toContain('c');
      const { s, boards } = fight(begun, dice, log);
      // Deployment of both battles (Defender, then Attacker) before the first Battle
      // Turn, each time in the order chosen (the last listed first).
      expect(boards.slice(0, 4)).toEqual(['0605', '0405', '0605', '0405']);
      // Both battles ended, then the Supply Phase ended the CSA turn.
      expect(
        log
          .filter((e) => e.type === 'battle-ended')
          .map((e) => e.hex)
          .sort(),
      ).toEqual(['0405', '0605']);
      expect(s.phase.name).not.toBe('combat');
      expect(s.battle).toBeNull();
      expect(s.clock).toBeNull();
      // Back on the map: no hex holds both sides; c entered one battle at most.
      for (const hex of ['0405', '0505', '0605'])
        expect(
          new Set(s.blocks.filter((b) => b.hex === hex).map((b) => b.side)).size,
        ).toBeLessThanOrEqual(1);
      for (const b of s.blocks) if (b.hex === null) expect(b.cv).toBe(0);
      // Each Battle Turn of the day is taken in every battle before the next (6.1, 6.3).
      const turns = log.filter((e) => e.type === 'battle-turn');
      const seq = turns.map(
        (e) =>
          Number(e.day) * 100 +
          ['dawn', 'morning', 'afternoon', 'dusk'].indexOf(String(e.slot)) * 2 +
          (e.side === 'confederate' ? 0 : 1),
      );
      for (let i = 1; i < seq.length; i++) expect(seq[i]).toBeGreaterThanOrEqual(seq[i - 1]);
    },
  );

  const adjacent: FixtureBlock[] = [
    { id: 'h1', side: 'confederate', type: 'csa-hq', hq: 'ANV', hex: '0606' },
    { id: 'a', side: 'confederate', type: 'infantry', hex: '0606', cv: 2 },
    { id: 'b', side: 'confederate', type: 'infantry', hex: '0606', cv: 2 },
    { id: 'x', side: 'union', type: 'infantry', hex: '0505', cv: 2 },
    { id: 'y', side: 'union', type: 'infantry', hex: '0605', cv: 3 },
    { id: 'z', side: 'union', type: 'infantry', hex: '0604', cv: 2 },
  ];
  const moves: [string, string, string][] = [
    ['b', '0505', '0606'],
    ['a', '0605', '0606'],
  ];
  const idOf = (s: CampaignState, hex: string, block: string) => {
    const b = [s.battle!, ...s.clock!.held].find((x) => x.hex === hex)!;
    return Object.entries(b.blocks).find(([, id]) => id === block)?.[0];
  };

  it('B7.52, B7.13: the victors of a battle reinforce the adjacent battle from the next Battle Turn; the loser retreated beside it stays out, disrupted', () => {
    const dice = keyedDice('victors');
    const { s: begun, log } = attack(adjacent, moves, dice);
    expect(begun.battles.map((b) => b.hex)).toEqual(['0505', '0605']);
    let sawVictor = false;
    let sawRetreated = false;
    let yEntered = false;
    const { s } = fight(begun, dice, log, (s, seat, list) => {
      const hex = s.battle!.hex;
      const p = s.battle!.state.phase;
      // Right after its reinforcement y stands in 0505 on the map, gone from 0605.
      if (sawVictor && !yEntered) {
        expect(s.blocks.find((b) => b.id === 'y')!.hex).toBe('0505');
        yEntered = true;
      }
      // In 0605 the CSA's a retreats at its first chance: the USA wins there.
      if (hex === '0605' && seat === 'confederate' && p.name === 'retreat')
        return list.find((o) => o.type === 'retreat');
      if (p.name === 'regroup') return list.find((o) => o.type === 'end-phase');
      if (hex === '0505' && p.name === 'reinforce' && s.battles.length === 1) {
        const y = idOf(s, '0505', 'y');
        const a = idOf(s, '0505', 'a');
        if (seat === 'union' && y !== undefined && !sawVictor) {
          sawVictor = true;
          expect(list).toContainEqual({ type: 'reinforce', unit: y });
          return { type: 'reinforce', unit: y };
        }
        if (seat === 'confederate' && a !== undefined) {
          // a retreated into 0606, beside 0505: disrupted, no reinforcement this Battle Day (7.13).
          sawRetreated = true;
          const unit = s.battle!.state.units.find((u) => u.id === a)!;
          expect(unit.disruptedThroughDay).toBe(1);
          expect(list).not.toContainEqual({ type: 'reinforce', unit: a });
        }
      }
      // Nobody else reinforces or regroups, so the outcome of 7.52 is plain.
      if (p.name === 'reinforce') return list.find((o) => o.type === 'end-phase');
      return undefined;
    });
    expect(log.find((e) => e.type === 'battle-ended' && e.hex === '0605')).toMatchObject({
      victor: 'union',
    });
    expect(sawVictor).toBe(true);
    expect(sawRetreated).toBe(true);
    expect(yEntered).toBe(true);
    expect(s.phase.name).not.toBe('combat');
  });

  it('B7.5, B6.1: a block beside two battles is a reinforcement of both until it enters one; then only there', () => {
    const dice = keyedDice('shared');
    const { s: begun, log } = attack(adjacent, moves, dice);
    expect(idOf(begun, '0505', 'z')).toBeDefined();
    expect(idOf(begun, '0605', 'z')).toBeDefined();
    let entered = false;
    let checked = false;
    fight(begun, dice, log, (s, seat, list) => {
      const p = s.battle!.state.phase;
      // Nobody retreats until z has entered, so both battles go on.
      if (p.name === 'retreat' && !checked) return list.find((o) => o.type === 'end-phase');
      const hex = s.battle!.hex;
      // The next time 0605 is on the board z is no longer waiting beside it (its
      // reinforcement phase has no one left to bring in).
      if (entered && hex === '0605' && !checked) {
        checked = true;
        expect(idOf(s, '0605', 'z')).toBeUndefined();
        expect(s.blocks.find((b) => b.id === 'z')!.hex).toBe('0505');
      }
      if (p.name !== 'reinforce' || seat !== 'union') return undefined;
      if (!entered && hex === '0505') {
        const z = idOf(s, '0505', 'z')!;
        // Listed in 0605 too, until it enters here.
        expect(idOf(s, '0605', 'z')).toBeDefined();
        entered = true;
        return { type: 'reinforce', unit: z };
      }
      return list.find((o) => o.type === 'end-phase');
    });
    expect(entered).toBe(true);
    expect(checked).toBe(true);
  });

  it('B7.11, B7.13: the Defender retreats from one battle into the adjacent one where he defends too: disrupted, in his Reserve there', () => {
    const dice = keyedDice('into');
    const { s: begun, log } = attack(adjacent, moves, dice);
    let retreated = false;
    let checked = false;
    const { s } = fight(begun, dice, log, (s, seat, list) => {
      const hex = s.battle!.hex;
      const p = s.battle!.state.phase;
      if (retreated && !checked && hex === '0605') {
        checked = true;
        const x = idOf(s, '0605', 'x')!;
        const unit = s.battle!.state.units.find((u) => u.id === x)!;
        expect(unit.place).toEqual({ kind: 'cell', cell: 'union:reserve' });
        expect(unit.disruptedThroughDay).toBe(1);
        expect(s.blocks.find((b) => b.id === 'x')!.hex).toBe('0605');
      }
      // Nobody leaves 0605 before x arrives.
      if (hex === '0605' && p.name === 'retreat' && !checked)
        return list.find((o) => o.type === 'end-phase');
      if (hex === '0505' && seat === 'union' && p.name === 'retreat' && !retreated) {
        const x = idOf(s, '0505', 'x')!;
        const order = list.find(
          (o) => o.type === 'retreat' && o.unit === x && o.hexside === '0605',
        );
        expect(order).toBeDefined();
        retreated = true;
        return order;
      }
      return undefined;
    });
    expect(checked).toBe(true);
    expect(log.find((e) => e.type === 'battle-ended' && e.hex === '0505')).toMatchObject({
      victor: 'confederate',
    });
    expect(s.phase.name).not.toBe('combat');
  });
});
