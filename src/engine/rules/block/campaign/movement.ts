/**
 * Normal land movement (seed 002, 5.2, 5.3, 5.31, 1.3-1.37, 1.7, 4.42;
 * notes §4.3, §4.5). One function lists a block's moves and the same list
 * checks a submitted one (an order not listed is refused).
 *
 * - Speed is hexes per Campaign Turn by type, Dry/Mud (Unit Data chart, 2.3,
 *   4.42); every hex costs one. A unit moves once per Campaign Turn (5.3).
 * - Any number of units may stack and pass through friendly units (5.2).
 * - Mountain hexes and hexsides, and Major rivers without bridge or ford,
 *   may not be crossed (1.36, 1.37); all-water hexes are not playable.
 * - A unit stops on entering a vacant Forest hex (1.34: not one a friendly
 *   unit holds already), and after crossing a Marsh hexside (1.352).
 * - Entering a hex holding enemy units is an attack: the unit stops and a
 *   battle results (5.31). At most the hexside's Attack Limit of units may
 *   attack across it per Campaign Turn (1.31: Clear 4/2, Forest 2/1, Marsh
 *   1/0, Minor river or bridge 2/1, Gap 1/0); once met, the hexside is
 *   closed to all further movement (5.31). Units not attacking ignore the
 *   limits (1.31).
 * - Valley Turnpike (1.7): a unit that starts, moves and ends on it, every
 *   step along it, has +1 hex; its hexsides are Dry in Mud (terrain.ts).
 * - Forced march (5.32): any moving unit may try one extra hex, attacking
 *   included (not to reinforce or retreat); the die is rolled after all
 *   other moves (force-march.ts).
 *
 * A move is named by where it ends and the hex it enters that one from
 * (the hexside crossed last: it fixes the attack limit, the Attacker's
 * retreat route, and for a forced march the rough-terrain modifier and the
 * hex it falls back to); the path between is the engine's shortest, since
 * nothing else about it has any effect. A plain move (no attack, no forced
 * march) is listed once per destination, its `via` the engine's.
 */
import { unitType } from '../data';
import { occupants } from './control';
import type { CampaignMap } from './terrain';
import { crossable, hexsideAttackLimit, rough, stopsAfter } from './terrain';
import type { CampaignBlock, CampaignState, Side } from './types';
import { attackKey, otherSide } from './types';

export interface MoveOption {
  to: string;
  via: string;
  forceMarch: boolean;
  /** The hexes entered, in order, ending with `to`. */
  path: string[];
  attack: boolean;
}

/** 2.3, 4.42: a block's speed this turn (Mud one less; Heavy Artillery 0 in Mud). */
export function speedOf(state: CampaignState, b: CampaignBlock): number {
  return unitType(b.type).speed[state.weather];
}

/** Units that attacked across the hexside between a and b this turn, either way (5.31). */
function attackedAcross(state: CampaignState, a: string, b: string): number {
  return (state.attacks[attackKey(a, b)] ?? 0) + (state.attacks[attackKey(b, a)] ?? 0);
}

/** 5.31: a battle hexside whose Attack Limit is met is closed to all further movement. */
export function closed(state: CampaignState, map: CampaignMap, a: string, b: string): boolean {
  const n = attackedAcross(state, a, b);
  return n > 0 && n >= hexsideAttackLimit(map, a, b, state.weather);
}

/** 5.31: may one more unit attack from `from` into `to`? */
export function attackRoom(
  state: CampaignState,
  map: CampaignMap,
  from: string,
  to: string,
): number {
  return hexsideAttackLimit(map, from, to, state.weather) - attackedAcross(state, from, to);
}

interface Search {
  speed: number;
  turnpikeOnly: boolean;
}

function search(
  state: CampaignState,
  map: CampaignMap,
  b: CampaignBlock,
  occ: Map<string, Set<Side>>,
  { speed, turnpikeOnly }: Search,
  out: Map<string, MoveOption>,
): void {
  const start = b.hex!;
  const enemy = otherSide(b.side);
  const friendlyIn = (h: string) => occ.get(h)?.has(b.side) ?? false;
  const limit = speed + 1; // 5.32: one extra hex by forced march
  const parent = new Map<string, string>();
  const path = (h: string): string[] => {
    const p: string[] = [];
    for (let x: string | undefined = h; x !== undefined && x !== start; x = parent.get(x))
      p.unshift(x);
    return p;
  };
  const anyAttack = Object.keys(state.attacks).length > 0;
  const reached = new Set<string>([start]);
  let frontier = [start];
  for (let d = 0; d < limit && frontier.length > 0; d++) {
    const next: string[] = [];
    for (const h of frontier)
      for (const n of map.neighbours(h)) {
        if (n === start) continue;
        if (turnpikeOnly && !map.turnpikeStep(h, n)) continue;
        const row = map.hexside(h, n);
        if (!crossable(row) || (anyAttack && closed(state, map, h, n))) continue;
        const attack = occ.get(n)?.has(enemy) ?? false;
        if (attack && attackRoom(state, map, h, n) <= 0) continue;
        const key = `${n}|${h}`;
        const forceMarch = d + 1 > speed;
        const prior = out.get(key);
        if (!prior || (prior.forceMarch && !forceMarch))
          out.set(key, { to: n, via: h, forceMarch, path: [...path(h), n], attack });
        if (attack || reached.has(n)) continue;
        // 1.34: stop in a vacant forest hex; 1.352: stop after a Marsh hexside.
        const stop = (map.doc.hexes[n].terrain === 'forest' && !friendlyIn(n)) || stopsAfter(row);
        if (stop) continue;
        reached.add(n);
        parent.set(n, h);
        next.push(n);
      }
    frontier = next;
  }
}

/** Every move `b` may make now (no authority check: the caller decides who may move). */
export function moveOptions(
  state: CampaignState,
  map: CampaignMap,
  b: CampaignBlock,
  occ: Map<string, Set<Side>> = occupants(state),
): MoveOption[] {
  if (b.hex === null || b.moved) return [];
  const speed = speedOf(state, b);
  if (speed <= 0) return [];
  const out = new Map<string, MoveOption>();
  search(state, map, b, occ, { speed, turnpikeOnly: false }, out);
  if (map.onTurnpike(b.hex))
    search(state, map, b, occ, { speed: speed + 1, turnpikeOnly: true }, out);
  // A plain move (no attack, no forced march) is the same whichever hex it enters
  // its end from: one order per destination, and no forced march to a hex the
  // block reaches at its normal speed.
  const plain = new Map<string, MoveOption>();
  for (const m of out.values())
    if (!m.attack && !m.forceMarch && !plain.has(m.to)) plain.set(m.to, m);
  const list = [...out.values()].filter((m) =>
    m.attack ? true : plain.has(m.to) ? plain.get(m.to) === m : true,
  );
  return list.sort((x, y) =>
    x.to !== y.to ? (x.to < y.to ? -1 : 1) : x.via < y.via ? -1 : x.via > y.via ? 1 : 0,
  );
}

/** Makes a listed move: the block stands in `to`, marked if force-marching; an attack counts against the hexside (5.31). */
export function makeMove(
  state: CampaignState,
  map: CampaignMap,
  b: CampaignBlock,
  m: MoveOption,
): void {
  b.hex = m.to;
  b.moved = true;
  if (m.forceMarch) b.forceMarch = { via: m.via, rough: rough(map.hexside(m.via, m.to)) };
  if (m.attack) {
    const k = attackKey(m.to, m.via);
    state.attacks[k] = (state.attacks[k] ?? 0) + 1;
  }
}
