/**
 * The Combat Phase on the battle board (seed 002, 3.23, 6.1; notes §5.1):
 * each battle the moves made is handed to the battle engine (block/battle.ts,
 * rules 6.0-7.6) through battleScenarioFor, fought to its end with the
 * engine's own orders, and its outcome brought back to the map: every
 * block's strength, the eliminated blocks gone, the blocks that retreated
 * (or never came in from the hexes around) in the hex across the hexside
 * they stand beyond, the victor's blocks (regrouped ones included) in the
 * battle hex. Blocks go upright again at the end (notes §8.3): the finished
 * battle is dropped, so its whole view (the battle engine shows all once a
 * battle is over) is never shown.
 *
 * The battles of one Combat Phase run on one shared clock (A34): a unit may
 * retreat into or reinforce a neighbouring battle, and victorious units may
 * reinforce another (7.52). When two battle hexes lie within two hexes of
 * each other they are fought in lockstep (battle-clock.ts); otherwise one
 * after another, which is the same (no block touches two battles and no
 * retreat reaches another battle, so the order cannot matter).
 */
import type { Dice } from '../../../dice';
import { NotYetSupportedError } from '../../../errors';
import { applyBattleOrder } from '../battle';
import { newBattle } from '../battle-scenario';
import type { BlockUnit } from '../types';
import { afterClockOrder } from './battle-clock';
import { battleScenarioFor } from './battles';
import { recordBattleResult } from './draft';
import type { CampaignMap } from './terrain';
import type {
  CampaignBattle,
  CampaignEvent,
  CampaignRefusal,
  CampaignState,
  PendingBattle,
  Side,
} from './types';

/** A34: the battles are independent when no two battle hexes lie within two hexes. */
export function battlesInteract(state: CampaignState, map: CampaignMap): boolean {
  const hexes = state.battles.map((b) => b.hex);
  return hexes.some((a, i) => hexes.some((b, j) => j > i && map.grid.distance(a, b) <= 2));
}

const tuple = (
  side: string,
  type: string,
  name: string,
  cv: number,
  maxCv: number,
  at: string,
  invader: boolean,
): string => JSON.stringify([side, type, name, cv, maxCv, at, invader]);

/**
 * Starts the first pending battle on the board. Blocks are matched to the
 * battle engine's opaque ids by everything the battle knows of them; blocks
 * alike in all of it are interchangeable, so any pairing of them is the same.
 */
export function startBattle(
  state: CampaignState,
  map: CampaignMap,
  dice: Dice,
  events: CampaignEvent[],
): void {
  const pending = state.battles[0];
  state.battle = openBattle(state, map, pending, dice);
  events.push({ type: 'battle-begins', hex: pending.hex, attacker: pending.attacker, rule: '6.1' });
}

/** A pending battle set up on the board (its blocks matched to the campaign's, see startBattle). */
export function openBattle(
  state: CampaignState,
  map: CampaignMap,
  pending: PendingBattle,
  dice: Dice,
): CampaignBattle {
  const doc = battleScenarioFor(state, map, pending);
  const battle = newBattle(doc, {}, dice);
  const want = new Map<string, string[]>();
  for (const u of doc.units) {
    // 10.5: an invader (it may retreat by sea) is not interchangeable with a block that came by land.
    const invader =
      doc.navalInvasion !== undefined &&
      u.side === doc.attacker &&
      u.at === 'battle' &&
      u.invader !== false;
    const k = tuple(
      u.side,
      u.type,
      u.name,
      u.cv,
      u.maxCv!,
      u.at === 'battle' ? '' : u.at.hexside,
      invader,
    );
    want.set(k, [...(want.get(k) ?? []), u.key]);
  }
  const blocks: Record<string, string> = {};
  for (const u of battle.units) {
    const at = u.place.kind === 'adjacent' ? u.place.hexside : '';
    const k = tuple(u.side, u.type, u.name, u.cv, u.maxCv, at, u.invader === true);
    const id = want.get(k)?.shift();
    if (id === undefined) throw new Error(`battle block ${u.id} matches no campaign block`);
    blocks[u.id] = id;
  }
  return { hex: pending.hex, state: battle, blocks };
}

export function placeOf(u: BlockUnit, hex: string, port: string | undefined): string | null {
  switch (u.place.kind) {
    case 'eliminated':
      return null;
    case 'adjacent':
      return u.place.hexside;
    case 'naval-retreat':
      // 10.5: a free move back to the port it sailed from (the battle engine allows it invaders only).
      if (port === undefined)
        throw new Error(`battle block ${u.id} retreated by sea but did not land`);
      return port;
    default:
      return hex;
  }
}

/** Brings a finished battle's outcome back to the map and starts the next battle, if any. */
export function finishBattle(
  state: CampaignState,
  map: CampaignMap,
  dice: Dice,
  events: CampaignEvent[],
): void {
  const { hex, state: battle, blocks } = state.battle!;
  for (const u of battle.units) {
    const b = state.blocks.find((x) => x.id === blocks[u.id])!;
    b.hex = placeOf(u, hex, state.invasions.find((i) => i.block === b.id)?.from);
    b.cv = b.hex === null ? 0 : u.cv;
  }
  events.push({
    type: 'battle-ended',
    hex,
    victor: battle.result?.victor ?? null,
    rule: '6.1',
  });
  recordBattleResult(state, battle.result);
  state.battle = null;
  state.battles = state.battles.slice(1);
  if (state.battles.length === 0) return;
  try {
    startBattle(state, map, dice, events);
  } catch (e) {
    // The game then stops at this battle (campaignBlocked).
    if (!(e instanceof NotYetSupportedError)) throw e;
  }
}

/** An order in the battle being fought; a refusal is the battle engine's. */
export function battleOrder(
  state: CampaignState,
  map: CampaignMap,
  seat: Side,
  order: unknown,
  dice: Dice,
  events: CampaignEvent[],
): CampaignRefusal | null {
  const current = state.battle!;
  const before = current.state;
  const r = applyBattleOrder(current.state, seat, order, dice);
  if (!r.ok) return r.refusal;
  current.state = r.state;
  for (const e of r.events) events.push({ ...e, battle: current.hex });
  // A34: on the shared clock the battle clock moves the blocks and picks the next battle.
  if (state.clock) afterClockOrder(state, map, before, events);
  else if (r.state.phase.name === 'over') finishBattle(state, map, dice, events);
  return null;
}
