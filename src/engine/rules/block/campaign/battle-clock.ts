/**
 * The shared battle clock (seed 002, 3.23, 6.1, 6.3, 7.11, 7.13, 7.52;
 * notes §5.1, resolution A34). "Often, several battles in different hexes are
 * fought simultaneously" (3.23); "A player must complete all phases of a
 * Battle Turn in one battle (of his choice) before proceeding to the next"
 * (6.1). When two battle hexes lie within two hexes of one another the
 * battles can touch (a block adjacent to both, a retreat next to or into the
 * other, victors reinforcing the other, 7.52), so they are fought in
 * lockstep: every battle is deployed (Defender, then Attacker) before any
 * fighting, then each Battle Turn of the shared day (6.3) is taken in every
 * battle before the next one starts, the Night turns likewise (Defender's
 * first), and a battle holds the board until its Battle Turn is finished.
 *
 * Between the battles the campaign map is the truth: a block that enters a
 * battle is in its hex (and no longer waiting beside any other battle), one
 * that retreats stands in the hex it went to, carrying its Disruption (7.13)
 * and Regroup (6.4). After every order each battle under way is brought in
 * line with the map: the unengaged blocks in the hexes around it (not in
 * another battle under way) wait there as reinforcements (7.5), a Defender's
 * block that retreated into it from an adjacent battle stands disrupted in
 * his Reserve (7.11, 7.13), and the victors of a finished battle, except
 * those that Regrouped, may reinforce it from the Battle Turn after their
 * victory (7.52).
 *
 * Which battle goes first within a Battle Turn is the player's choice (6.1):
 * when several battles stand at the same Battle Turn, the player to act in
 * them names one (`battle-first`); a battle once begun keeps the board to
 * the end of its Battle Turn.
 */
import { battleMustAct } from '../battle';
import { DAY_SLOTS } from '../battle-time';
import type { BlockBattleState, BlockUnit, UnitType } from '../types';
import { openBattle, placeOf } from './combat';
import { recordBattleResult } from './draft';
import type { CampaignMap } from './terrain';
import type { CampaignBattle, CampaignBlock, CampaignEvent, CampaignState, Side } from './types';
import type { Dice } from '../../../dice';

/**
 * Where a battle stands on the shared clock (6.3): the day's deployment
 * (Defender, then Attacker), the eight Battle Turns (Attacker first in each
 * slot), the Night turns (Defender first), the night redeployment. A battle
 * regrouping at the instant of victory stays at its Battle Turn.
 */
export function clockTime(s: BlockBattleState): number {
  const p = s.phase;
  const base = s.day * 100;
  const first = (side: string) => (side === s.defender ? 0 : 1);
  if (p.name === 'deploy') return base + (p.night ? 22 : 0) + first(p.side);
  if (p.name === 'night-choice' || p.name === 'night-retreat' || p.name === 'night-reinforce')
    return base + 20 + first(p.side);
  if (s.slot === 'night') return base + 20 + first(s.turnSide);
  return base + 10 + 2 * DAY_SLOTS.indexOf(s.slot) + (s.turnSide === s.attacker ? 0 : 1);
}

const onBoard = (u: BlockUnit) =>
  u.place.kind === 'cell' ||
  u.place.kind === 'outflanking' ||
  u.place.kind === 'lost' ||
  u.place.kind === 'undeployed';

const ongoing = (b: CampaignBattle) => b.state.phase.name !== 'over';

/** All the battles under way: the one on the board, then those held. */
function allBattles(state: CampaignState): CampaignBattle[] {
  return [...(state.battle ? [state.battle] : []), ...state.clock!.held];
}

/** 3.23, A34: every battle of the Combat Phase set up and deployed before any fighting. */
export function startSharedClock(
  state: CampaignState,
  map: CampaignMap,
  dice: Dice,
  events: CampaignEvent[],
): void {
  const opened = state.battles.map((p) => openBattle(state, map, p, dice));
  for (const p of state.battles)
    events.push({ type: 'battle-begins', hex: p.hex, attacker: p.attacker, rule: '6.1' });
  state.clock = { held: opened.slice(1), carry: {}, added: 0, choosing: null };
  state.battle = opened[0];
  alignBattles(state, map);
  pickBattle(state, null);
}

/**
 * After an order in the battle on the board: the blocks it moved go to the
 * map, a finished battle is brought back (7.52: its victors may reinforce
 * from the next Battle Turn), every battle under way is aligned with the map
 * and the next battle on the clock takes the board.
 */
export function afterClockOrder(
  state: CampaignState,
  map: CampaignMap,
  before: BlockBattleState,
  events: CampaignEvent[],
): void {
  const current = state.battle!;
  const time = clockTime(before);
  const was = new Map(before.units.map((u) => [u.id, u]));
  for (const u of current.state.units) {
    const id = current.blocks[u.id];
    const old = was.get(u.id);
    if (
      id === undefined ||
      (old && JSON.stringify(old.place) === JSON.stringify(u.place) && old.cv === u.cv)
    )
      continue;
    const b = state.blocks.find((x) => x.id === id)!;
    if (onBoard(u)) {
      b.hex = current.hex;
      b.cv = u.cv;
      continue;
    }
    if (u.place.kind === 'adjacent' && !u.fought) continue;
    b.hex = placeOf(u, current.hex, state.invasions.find((i) => i.block === b.id)?.from);
    b.cv = b.hex === null ? 0 : u.cv;
    if (b.hex !== null)
      state.clock!.carry[b.id] = {
        disruptedThroughDay: u.disruptedThroughDay,
        regrouped: u.regrouped,
        after: 0,
      };
  }
  if (current.state.phase.name === 'over') {
    const result = current.state.result;
    events.push({
      type: 'battle-ended',
      hex: current.hex,
      victor: result?.victor ?? null,
      rule: '6.1',
    });
    recordBattleResult(state, result);
    // 7.52: "beginning on the battle turn after their victory"; 6.4, 7.13: Regrouped ones are Disrupted.
    for (const u of current.state.units) {
      const id = current.blocks[u.id];
      if (id === undefined || !onBoard(u)) continue;
      state.clock!.carry[id] = {
        disruptedThroughDay: u.regrouped ? current.state.day : null,
        regrouped: u.regrouped,
        after: time,
      };
    }
    state.battles = state.battles.filter((p) => p.hex !== current.hex);
  }
  alignBattles(state, map);
  pickBattle(state, ongoing(current) && clockTime(current.state) === time ? current : null);
}

/** The battle on the board: the one still in its Battle Turn, else the earliest on the clock (hex order). */
function pickBattle(state: CampaignState, keep: CampaignBattle | null): void {
  const live = allBattles(state)
    .filter(ongoing)
    .sort((a, b) => clockTime(a.state) - clockTime(b.state) || (a.hex < b.hex ? -1 : 1));
  const next = keep ?? live[0] ?? null;
  state.battle = next;
  state.clock!.held = live.filter((b) => b !== next);
  if (next === null) {
    state.battles = [];
    state.clock = null;
    return;
  }
  // 6.1: "one battle (of his choice)": with several battles at the same Battle Turn, the player chooses.
  const tied = live.filter((b) => clockTime(b.state) === clockTime(next.state));
  state.clock!.choosing = keep === null && tied.length > 1 ? tied.map((b) => b.hex) : null;
}

/** 6.1: who chooses the next battle: the player to act in the tied battles. */
export function battleChooser(state: CampaignState): Side {
  return battleMustAct(state.battle!.state)!.seats[0];
}

/** 6.1: the battle named (one of clock.choosing) is fought first among those tied on the clock. */
export function chooseBattle(state: CampaignState, hex: string): void {
  const clock = state.clock!;
  const all = allBattles(state);
  state.battle = all.find((b) => b.hex === hex)!;
  clock.held = all.filter((b) => b !== state.battle);
  clock.choosing = null;
}

const battleType = (b: CampaignBlock): UnitType =>
  b.type === 'csa-hq' || b.type === 'usa-hq' ? 'hq' : b.type;

/** Every battle under way made to agree with the map (see the head of this file). */
function alignBattles(state: CampaignState, map: CampaignMap): void {
  const clock = state.clock!;
  const battles = allBattles(state).filter(ongoing);
  const battleHexes = new Set(battles.map((b) => b.hex));
  for (const battle of battles) {
    const s = battle.state;
    const around = map.neighbours(battle.hex);
    const now = clockTime(s);
    const mapped = new Map(Object.entries(battle.blocks).map(([uid, bid]) => [bid, uid]));
    // A block waits beside this battle if it stands in a hex around it outside any battle (7.5),
    // and (7.52) a victor only from the Battle Turn after its victory.
    const waits = (b: CampaignBlock) =>
      b.hex !== null &&
      around.includes(b.hex) &&
      !battleHexes.has(b.hex) &&
      (clock.carry[b.id]?.after ?? -1) < now;
    for (const u of [...s.units]) {
      const id = battle.blocks[u.id];
      if (id === undefined || u.place.kind !== 'adjacent') continue;
      const b = state.blocks.find((x) => x.id === id)!;
      if (waits(b) && b.hex === u.place.hexside) {
        u.cv = b.cv;
        continue;
      }
      // Gone elsewhere (into another battle, eliminated, or not yet free): no longer waiting here.
      delete battle.blocks[u.id];
      mapped.delete(id);
      if (u.fought) u.availableDay = Number.MAX_SAFE_INTEGER;
      else s.units = s.units.filter((x) => x !== u);
    }
    for (const b of state.blocks) {
      if (mapped.has(b.id)) continue;
      const carried = clock.carry[b.id];
      let place: BlockUnit['place'];
      if (b.hex === battle.hex) {
        // 7.11, 7.13: a Defender's block retreated in from an adjacent battle, disrupted in his Reserve.
        if (b.side !== s.defender)
          throw new Error(`block ${b.id} of the Attacker entered battle ${battle.hex} by retreat`);
        place = { kind: 'cell', cell: `${s.defender}:reserve` };
      } else if (waits(b)) place = { kind: 'adjacent', hexside: b.hex! };
      else continue;
      clock.added += 1;
      const uid = `r${clock.added}`;
      s.units.push({
        id: uid,
        side: b.side,
        type: battleType(b),
        name: b.name ?? b.type,
        ...(b.hq ? { hq: { ...b.hq } } : {}),
        cv: b.cv,
        maxCv: b.maxCv,
        place,
        revealed: false,
        disruptedThroughDay: carried?.disruptedThroughDay ?? null,
        fired: false,
        moves: [],
        retreating: null,
        regrouped: carried?.regrouped ?? false,
        availableDay: 0,
        moralePoor: false,
        fought: place.kind === 'cell',
      });
      battle.blocks[uid] = b.id;
    }
    s.units.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    // A37: which side stands beyond each hexside follows the map.
    for (const side of s.hexsides) {
      const there = new Set(state.blocks.filter((b) => b.hex === side.id).map((b) => b.side));
      side.occupant = there.size === 1 ? [...there][0] : null;
    }
  }
}
