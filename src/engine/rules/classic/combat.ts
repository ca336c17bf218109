/**
 * The 1975 Combat Phase bookkeeping and the facts the combat rules ask
 * about units and hexes (O7.0-O7.9, O8.0-O8.5). Declarations are in
 * attack.ts, resolution and the decisions it waits on in resolution.ts.
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { GameEvent, HexId, Side } from '../../types';
import { otherSide } from '../../types';
import { enemyZocOf } from '../blue-grey/zoc';
import type { ClassicColumn, ClassicResult } from './crt';
import { noteControl } from './control';

export type ClassicStep =
  | { kind: 'resolve' }
  | { kind: 'exchange-losses'; required: number }
  | { kind: 'retreat'; unit: string; reason: 'result' | 'displaced' | 'ineffective' }
  /** O8.16: bombarding artillery may elect to suffer an Attacker Retreat. */
  | { kind: 'optional-retreat'; unit: string }
  | { kind: 'advance'; side: Side }
  | { kind: 'finish' };

export interface ClassicCombat {
  n: number;
  attackers: string[];
  bombard: string[];
  defenderHexes: HexId[];
  defenders: string[];
  origin: Record<string, HexId>;
  /** O11.1: attackers standing in an Enemy controlled hex at declaration. */
  inEzoc: string[];
  cap?: ClassicColumn;
  column?: ClassicColumn;
  result?: ClassicResult;
  retreated: string[];
  eliminatedDefenders: string[];
}

export interface ClassicCombatPhase {
  system: 'classic';
  /** O7.12: phasing units in an Enemy controlled hex when the phase began (Ineffective ones excepted, O11.2). */
  obliged: string[];
  attacked: string[];
  defended: string[];
  /** O7.75: units that advanced: they may neither attack nor be attacked. */
  advanced: string[];
  /**
   * O7.74: units retreated this phase into a Friendly hex and not attacked there since: they add
   * nothing to the defence of that hex but suffer the result, and (the exception to O7.14) do not
   * keep the hex from being attacked.
   */
  retreatedInto: string[];
  /** O7.22, O8.14: the combat each hex's attacking / bombarding units took part in. */
  attackedFrom: Record<HexId, number>;
  bombardedFrom: Record<HexId, number>;
  /** O7.82: displaced artillery that had not yet fought may not fire this phase. */
  noFire: string[];
  /** O11.31: Ineffective units in an Enemy controlled hex when the phase began. */
  withdraw: string[];
  combats: number;
  current: ClassicCombat | null;
  queue: ClassicStep[];
  /** The end of the phase is under way (O11.31 withdrawals). */
  ending: boolean;
}

export function emptyClassicPhase(): ClassicCombatPhase {
  return {
    system: 'classic',
    obliged: [],
    attacked: [],
    defended: [],
    advanced: [],
    retreatedInto: [],
    attackedFrom: {},
    bombardedFrom: {},
    noFire: [],
    withdraw: [],
    combats: 0,
    current: null,
    queue: [],
    ending: false,
  };
}

export function phaseOf(state: GameState): ClassicCombatPhase {
  const c = state.combat as unknown as ClassicCombatPhase | null;
  return c && c.system === 'classic' ? c : emptyClassicPhase();
}

export function withPhase(state: GameState, p: ClassicCombatPhase): GameState {
  return { ...state, combat: p as unknown as Record<string, unknown> };
}

export function onMap(u: UnitState | undefined): u is UnitState & { hex: HexId } {
  return !!u && u.status === 'on-map' && u.hex !== null;
}

export function isArtillery(ctx: GameContext, id: string): boolean {
  const t = ctx.unitSpecs.get(id)!.type;
  return t === 'artillery' || t === 'horse-artillery';
}

export function unitsAt(state: GameState, hex: HexId, side?: Side): UnitState[] {
  const out: UnitState[] = [];
  for (const id in state.units) {
    const u = state.units[id];
    if (onMap(u) && u.hex === hex && (side === undefined || u.side === side)) out.push(u);
  }
  // By id, never by key order: stored states (JSONB) do not keep it, and events and decisions must re-derive.
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function inEnemyZoc(ctx: GameContext, state: GameState, side: Side, hex: HexId): boolean {
  const i = ctx.board.index.get(hex);
  return i !== undefined && enemyZocOf(ctx, state, side)[i] === 1;
}

/** Whether enemy unit `e` exerts a Zone of Control into `hex` (O6.0, O6.6). */
export function exertsZocInto(ctx: GameContext, e: UnitState, hex: HexId): boolean {
  if (!onMap(e)) return false;
  const b = ctx.board;
  const i = b.index.get(e.hex)!;
  const j = b.index.get(hex);
  if (j === undefined) return false;
  for (let d = 0; d < 6; d++)
    if (b.nbr[i * 6 + d] === j) return !b.zocBlocked[i * 6 + d] && !b.noZocInto[j];
  return false;
}

/** The enemy units exerting a Zone of Control on `u`. */
export function zocSources(ctx: GameContext, state: GameState, u: UnitState): UnitState[] {
  if (!onMap(u)) return [];
  const out: UnitState[] = [];
  for (const n of ctx.map.grid.neighbours(u.hex))
    for (const e of unitsAt(state, n, otherSide(u.side)))
      if (exertsZocInto(ctx, e, u.hex)) out.push(e);
  return out;
}

/** Removes a unit from the map (O7.6). */
export function eliminate(
  state: GameState,
  id: string,
  why: string,
  events: GameEvent[],
): GameState {
  const u = state.units[id];
  if (!onMap(u)) return state;
  events.push({
    type: 'unit-eliminated',
    unit: id,
    side: u.side,
    hex: u.hex,
    strength: u.strength,
    rule: why,
  });
  return {
    ...state,
    units: { ...state.units, [id]: { ...u, status: 'eliminated', hex: null } },
    eliminatedStrength: {
      ...state.eliminatedStrength,
      [u.side]: state.eliminatedStrength[u.side] + u.strength,
    },
  };
}

/** Moves a unit one hex (retreat, advance, displacement), noting control of objective hexes (17.15). */
export function relocate(
  ctx: GameContext,
  state: GameState,
  id: string,
  to: HexId,
  events: GameEvent[],
): GameState {
  const u = state.units[id];
  const next = { ...state, units: { ...state.units, [id]: { ...u, hex: to } } };
  return noteControl(ctx, next, u.side, [to], events);
}
