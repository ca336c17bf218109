/**
 * A Line of Communication across a river to its far bank (battles.md §17
 * rank 8): the form of the line-of-communication hook with `toBankOf`.
 *
 * Grand Chancellorsville 23.61 i: "One Victory Point for each Combat Strength
 * Point exited through hex F2501 if he can trace a Line of Communications. A
 * Line of Communications consists of a series of contiguous hexes
 * unobstructed by Enemy units or Zones of Control from hex F2501 to any hex
 * north of the Rappahannock River through a bridge, River ferry or pontoon
 * hex. Friendly units do not negate Enemy Zones of Control for the purpose
 * of tracing a Line of Communications. If these exited units cannot trace a
 * Line of Communications they are considered eliminated."
 *
 * Readings:
 * - "north of the Rappahannock": the land hexes joined to `toBankOf` (F0206,
 *   Burnside's headquarters on the Stafford bank) without entering a river,
 *   ford, river ferry, pontoon or lake hex — the bank the river bounds;
 * - the line: contiguous hexes from one of `fromHexes` (included) to a hex
 *   of that bank (included), each free of Enemy units and of Enemy Zones of
 *   Control (7.0, computed with no friendly negation: a hex an Enemy unit
 *   controls blocks whoever stands in it), along steps a unit could take
 *   (no prohibited hex or hexside, 6.27); river ferry and pontoon hexes only
 *   through their arrowed hexsides (6.28). A ford hex is not "a bridge, River
 *   ferry or pontoon hex", so the line does not pass through one;
 * - traced at the end of the game; the answer is
 *   VictoryInputs.exitLineOfCommunication[side], and without it the side's
 *   exited strength is VictoryInputs.withoutLineOfCommunication[side] ("
 *   considered eliminated": the scenario's without-line-of-communication
 *   point rule gives the enemy its elimination VP for them).
 *
 * params: { side: Side, purpose: "exit-points", fromHexes: HexId[], toBankOf: HexId,
 *           acrossRiverAt: ["bridge", "ferry", "pontoon"], blockedBy: ["enemy-units", "enemy-zoc"],
 *           friendlyUnitsNegateZoc: false, when?: "end-of-game", exitedWithoutLine: "count-as-eliminated" }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';
import { PROHIBITED } from '../blue-grey/terrain-costs';
import { enemyZocOf } from '../blue-grey/zoc';
import { noCombatPresence } from '../blue-grey/stacking';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

/** Hex terrains that are not land of either bank. */
const WATER = new Set(['river', 'ford', 'ferry', 'pontoon', 'lake', 'pond']);

/** True for the declaration form this file plays. */
export function isBankLineForm(rule: RuleHook): boolean {
  return rule.params?.toBankOf !== undefined;
}

export const bankLineSupport: HookSupport = knownParams(
  [
    'side',
    'purpose',
    'fromHexes',
    'toBankOf',
    'acrossRiverAt',
    'blockedBy',
    'friendlyUnitsNegateZoc',
    'when',
    'exitedWithoutLine',
  ],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    if (p.purpose !== 'exit-points') return `purpose ${JSON.stringify(p.purpose)}`;
    if (!Array.isArray(p.fromHexes) || p.fromHexes.length === 0)
      return 'a line without "fromHexes"';
    if (typeof p.toBankOf !== 'string') return `toBankOf ${JSON.stringify(p.toBankOf)}`;
    const across = p.acrossRiverAt;
    if (!Array.isArray(across) || [...across].sort().join() !== 'bridge,ferry,pontoon')
      return `acrossRiverAt ${JSON.stringify(across)}`;
    const blocked = p.blockedBy;
    if (!Array.isArray(blocked) || [...blocked].sort().join() !== 'enemy-units,enemy-zoc')
      return `blockedBy ${JSON.stringify(blocked)}`;
    if (p.friendlyUnitsNegateZoc !== false)
      return `friendlyUnitsNegateZoc ${JSON.stringify(p.friendlyUnitsNegateZoc)}`;
    if (p.when !== undefined && p.when !== 'end-of-game') return `when ${JSON.stringify(p.when)}`;
    if (p.exitedWithoutLine !== 'count-as-eliminated')
      return `exitedWithoutLine ${JSON.stringify(p.exitedWithoutLine)}`;
    return null;
  },
);

/** The land hexes of the bank `of` stands on (board indices), cached per board. */
const banks = new WeakMap<object, Map<HexId, Uint8Array>>();
function bankOf(ctx: GameContext, of: HexId): Uint8Array {
  let byHex = banks.get(ctx.board);
  if (!byHex) banks.set(ctx.board, (byHex = new Map()));
  const cached = byHex.get(of);
  if (cached) return cached;
  const b = ctx.board;
  const out = new Uint8Array(b.size);
  const land = (i: number) =>
    !WATER.has(ctx.map.hex(b.ids[i]).terrain) && b.enter[0][i] !== PROHIBITED;
  const start = b.index.get(of);
  if (start !== undefined && land(start)) {
    out[start] = 1;
    const queue = [start];
    while (queue.length > 0) {
      const i = queue.pop()!;
      for (let d = 0; d < 6; d++) {
        const j = b.nbr[i * 6 + d];
        if (j < 0 || out[j] || !land(j)) continue;
        out[j] = 1;
        queue.push(j);
      }
    }
  }
  byHex.set(of, out);
  return out;
}

/** The land hexes of the bank `of` stands on (Grand Chancellorsville 23.21 "north of the Rappahannock"). */
const bankSets = new WeakMap<Uint8Array, Set<HexId>>();
export function bankHexes(ctx: GameContext, of: HexId): ReadonlySet<HexId> {
  const at = bankOf(ctx, of);
  let out = bankSets.get(at);
  if (!out) {
    out = new Set();
    for (let i = 0; i < at.length; i++) if (at[i]) out.add(ctx.board.ids[i]);
    bankSets.set(at, out);
  }
  return out;
}

/** Whether `side` can trace the line from one of `from` to the bank of `toBankOf` now. */
export function bankLineHolds(
  ctx: GameContext,
  state: GameState,
  side: Side,
  from: readonly HexId[],
  toBankOf: HexId,
): boolean {
  const b = ctx.board;
  const bank = bankOf(ctx, toBankOf);
  const zoc = enemyZocOf(ctx, state, side);
  const enemy = new Uint8Array(b.size);
  for (const id in state.units) {
    const u = state.units[id];
    if (u.side === side || u.status !== 'on-map' || u.hex === null) continue;
    if (noCombatPresence(ctx, id)) continue; // 23.54: a Leader alone is passed as if he did not exist
    const i = b.index.get(u.hex);
    if (i !== undefined) enemy[i] = 1;
  }
  const free = (i: number) =>
    !enemy[i] &&
    !zoc[i] &&
    b.enter[0][i] !== PROHIBITED &&
    ctx.map.hex(b.ids[i]).terrain !== 'ford';
  const seen = new Uint8Array(b.size);
  const queue: number[] = [];
  for (const h of from) {
    const i = b.index.get(h);
    if (i === undefined || seen[i] || !free(i)) continue;
    seen[i] = 1;
    queue.push(i);
  }
  while (queue.length > 0) {
    const i = queue.pop()!;
    if (bank[i]) return true;
    for (let d = 0; d < 6; d++) {
      const j = b.nbr[i * 6 + d];
      if (j < 0 || seen[j] || !free(j) || b.side[i * 6 + d] === PROHIBITED) continue;
      // 6.28: river ferry and pontoon hexes only through their arrowed / joined hexsides.
      if (b.crossingHex[j] && !(b.crossingOf.get(j) ?? []).includes(i)) continue;
      if (b.crossingHex[i] && !(b.crossingOf.get(i) ?? []).includes(j)) continue;
      seen[j] = 1;
      queue.push(j);
    }
  }
  return false;
}

export function bankLine(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const from = p.fromHexes as HexId[];
  const toBankOf = p.toBankOf as HexId;
  return {
    hook: rule.hook,
    case: rule.case,
    victoryInputs(ctx, state) {
      const holds = bankLineHolds(ctx, state, side, from, toBankOf);
      let exited = 0;
      if (!holds)
        for (const id in state.units)
          if (state.units[id].side === side && state.units[id].status === 'exited')
            exited += state.units[id].strength;
      const cut: Record<Side, number> = { union: 0, confederate: 0 };
      cut[side] = exited;
      return { exitLineOfCommunication: { [side]: holds }, withoutLineOfCommunication: cut };
    },
  };
}
