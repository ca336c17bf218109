/**
 * Combat (8.0–8.9): the bookkeeping of the Combat Phase, the facts every
 * other combat file asks about units and hexes, the strength and odds of a
 * declared combat (8.3, 8.4, 9.x, 11.23, 12.2), and the primitive effects of
 * results (elimination, morale changes). Declarations and obligations are in
 * attack.ts, the step-by-step resolution and its pending decisions in
 * decisions.ts, retreats in retreat.ts/displacement.ts, advances in advance.ts.
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { GameEvent, HexId, Side, UnitSpec } from '../../types';
import { otherSide } from '../../types';
import { exertsZoc, enemyZocOf } from './zoc';
import { Morale, disorder, townDisorder } from './morale';
import { TerrainAttacker, TerrainBenefit, TrenchEffect, terrainBenefits } from './terrain-combat';
import { attackingStrength, defendingStrength, nightTotal } from './strength';
import { rawOddsLevel } from './odds';
import type { CombatResult } from './crt';
import { entryHexsides, lineOfSight } from './line-of-sight';
import { zocCrosses } from './crossing-rules';

// ------------------------------------------------------------ bookkeeping ----

/** One step of a combat's resolution still to be done; decisions.ts runs them in order. */
export type Step =
  | { kind: 'routed-rbc-election' }
  | { kind: 'cavalry-rbc-election' }
  | { kind: 'retreat'; unit: string; hexes: 1 | 2; reason: RetreatReason }
  | { kind: 'resolve' }
  | { kind: 'terrain-choice' }
  | { kind: 'ae-star-victim' }
  | { kind: 'ex-star-victim' }
  | { kind: 'exchange-losses'; required: number }
  | { kind: 'accept-retreat' }
  | { kind: 'retreats'; who: 'attackers' | 'defenders' }
  | { kind: 'advances'; loser: 'attackers' | 'defenders' }
  | { kind: 'advance'; hex: HexId; side: Side }
  /** An exclusive rule lets `unit` go on advancing, `left` hexes more at most (Road to Vicksburg 19.53 iii). */
  | { kind: 'advance-on'; unit: string; left: number; rule: string }
  | { kind: 'morale' }
  | { kind: 'finish' }
  | { kind: 'phase-end-routed'; unit: string }
  | { kind: 'breastworks-removal'; hex: HexId };

export type RetreatReason =
  'result' | 'routed-rbc' | 'cavalry-rbc' | 'displaced' | 'routed-end' | 'accepted-ar';

export interface Combat {
  n: number;
  /** Non-bombarding attackers: adjacent to every defending hex (8.25); they suffer results (9.24). */
  attackers: string[];
  /** Bombarding artillery and gunboats: immune to results (9.15) except by choice on Ar (9.17). */
  bombard: string[];
  defenderHexes: HexId[];
  /** Units in the defending hexes at declaration (8.21), including any retreated there earlier (8.74). */
  defenders: string[];
  /** Hex each participant stood in at declaration. */
  origin: Record<string, HexId>;
  /** Participants that stood in an enemy ZOC at declaration (12.11–12.13). */
  inEzoc: string[];
  /** 8.9: the attacker resolves at no more than this level. */
  cap?: number;
  /** Hexes vacated before combat (8.77, 12.34). */
  vacatedBefore: HexId[];
  terrainOption?: 'forest' | 'other';
  result?: CombatResult;
  /** Units that retreated as a result of this combat (12.12). */
  retreated: string[];
  /** Units that retreated before combat (12.19: never Disordered). */
  retreatedBefore: string[];
  /** Bombarding units that chose to comply with an Ar (9.17). */
  accepted: string[];
  /** Who advanced after this combat. */
  advanced: string[];
  /** Ex/Ex* defenders eliminated, for the printed-strength requirement (12.26). */
  eliminatedDefenders: string[];
}

export interface CombatPhaseState {
  /** 8.11, 8.12, 11.21 (A15): phasing units obliged to attack, fixed at the start of the phase. */
  obliged: string[];
  /** 9.41: artillery that began the phase in an enemy ZOC may not bombard. */
  artilleryBeganInEzoc: string[];
  /** 12.32, 12.33: Routed units in an enemy ZOC at the start of the phase. */
  routedBeganInEzoc: string[];
  /** 12.16: units that did not move this Player-Turn. */
  unmoved: string[];
  /** 8.14: phasing units that have attacked (or are deemed to have, 8.78, 8.79, 8.82). */
  attacked: string[];
  /** 8.14: enemy units that have been attacked. */
  defended: string[];
  /** 8.75: units that advanced; they may neither attack nor be attacked. */
  advanced: string[];
  /**
   * 8.74: units retreated this phase into a Friendly hex and not attacked there since: they add
   * nothing to the defence of that hex but suffer the result, and (the exception to 8.14) do not
   * keep the hex from being attacked.
   */
  retreatedInto: string[];
  /** A25: enemy hexes that must be attacked because a Trench occupant attacked. */
  extraRequired: HexId[];
  /** Obligations that lapsed through combat results (events say why). */
  lapsed: string[];
  combats: number;
  current: Combat | null;
  queue: Step[];
  /** End-of-phase procedures under way (12.32, 10.37): no more attacks. */
  ending: boolean;
  /** 10.37: markers whose removal has been decided this phase. */
  removalDecided: HexId[];
}

export function emptyCombatPhase(): CombatPhaseState {
  return {
    obliged: [],
    artilleryBeganInEzoc: [],
    routedBeganInEzoc: [],
    unmoved: [],
    attacked: [],
    defended: [],
    advanced: [],
    retreatedInto: [],
    extraRequired: [],
    lapsed: [],
    combats: 0,
    current: null,
    queue: [],
    ending: false,
    removalDecided: [],
  };
}

export function combatOf(state: GameState): CombatPhaseState {
  const c = state.combat as unknown as CombatPhaseState | null;
  if (!c || !Array.isArray((c as CombatPhaseState).obliged)) return emptyCombatPhase();
  return c;
}

export function withCombat(state: GameState, combat: CombatPhaseState): GameState {
  return { ...state, combat: combat as unknown as Record<string, unknown> };
}

// ------------------------------------------------------------------ facts ----

export function spec(ctx: GameContext, id: string): UnitSpec {
  const s = ctx.unitSpecs.get(id);
  if (!s) throw new Error(`unknown unit ${id}`);
  return s;
}

/** Artillery and horse artillery (9.0). */
export function isArtillery(ctx: GameContext, id: string): boolean {
  const t = spec(ctx, id).type;
  return t === 'artillery' || t === 'horse-artillery';
}

export function isGunboat(ctx: GameContext, id: string): boolean {
  return spec(ctx, id).type === 'gunboat';
}

/** Units that fight: infantry, cavalry, artillery, gunboats with a strength (2.3: non-combat units do not attack). */
export function isCombatUnit(ctx: GameContext, id: string): boolean {
  const s = spec(ctx, id);
  return (exertsZoc(s.type) || s.type === 'gunboat') && s.strength > 0;
}

/** A unit an exclusive rule lets bombard though it is not artillery (Olustee 19.5 the Rail Gun). */
export function bombardsAsArtillery(ctx: GameContext, id: string): boolean {
  return (ctx.hooks ?? []).some((h) => h.bombardsAs?.(ctx, id) === true);
}

/** Column shifts exclusive rules add to a combat's odds, each with its source (Olustee 19.6). */
export function exclusiveShifts(
  ctx: GameContext,
  state: GameState,
  c: Combat,
): Array<{ shift: number; source: string }> {
  const out: Array<{ shift: number; source: string }> = [];
  for (const h of ctx.hooks ?? []) {
    const s = h.oddsShift?.(ctx, state, c);
    if (s) out.push(s);
  }
  return out;
}

export function onMap(u: UnitState | undefined): u is UnitState & { hex: HexId } {
  return !!u && u.status === 'on-map' && u.hex !== null;
}

export function unitsAt(state: GameState, hex: HexId, side?: Side): UnitState[] {
  const out: UnitState[] = [];
  for (const id in state.units) {
    const u = state.units[id];
    if (onMap(u) && u.hex === hex && (side === undefined || u.side === side)) out.push(u);
  }
  return out;
}

/** Whether hex `hex` lies in the Zone of Control of the enemies of `side` (7.0). */
export function inEnemyZoc(ctx: GameContext, state: GameState, side: Side, hex: HexId): boolean {
  const i = ctx.board.index.get(hex);
  if (i === undefined) return false;
  return enemyZocOf(ctx, state, side)[i] === 1;
}

/** Whether unit `e` (on the map) exerts a Zone of Control into `hex` (7.1, 7.6, 9.64, 10.39). */
export function exertsZocInto(
  ctx: GameContext,
  state: GameState,
  e: UnitState,
  hex: HexId,
): boolean {
  if (!onMap(e) || !exertsZoc(spec(ctx, e.id).type)) return false;
  const b = ctx.board;
  const i = b.index.get(e.hex);
  const j = b.index.get(hex);
  if (i === undefined || j === undefined) return false;
  for (let d = 0; d < 6; d++) {
    if (b.nbr[i * 6 + d] !== j) continue;
    if (!zocCrosses(ctx, b, i * 6 + d, i, j)) return false; // 7.6 (Grand Chancellorsville 22.11 ferries)
    const trench = state.fieldworks.find((f) => f.kind === 'trench' && f.hex === hex);
    return !(trench && trench.facing.includes(e.hex));
  }
  return false;
}

/** The enemy units exerting a Zone of Control on unit `u`. */
export function zocSources(ctx: GameContext, state: GameState, u: UnitState): UnitState[] {
  if (!onMap(u)) return [];
  const out: UnitState[] = [];
  for (const n of ctx.map.grid.neighbours(u.hex)) {
    for (const e of unitsAt(state, n, otherSide(u.side)))
      if (exertsZocInto(ctx, state, e, u.hex)) out.push(e);
  }
  return out;
}

/** The strength that counts for losses: printed, face value (12.26). */
export function printedStrength(state: GameState, id: string): number {
  return state.units[id].strength;
}

// -------------------------------------------------------------- effects ----

/** Eliminates a unit (counts for victory points: 18.0, 12.43). */
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
    units: { ...state.units, [id]: { ...u, status: 'eliminated', hex: null, markers: {} } },
    eliminatedStrength: {
      ...state.eliminatedStrength,
      [u.side]: state.eliminatedStrength[u.side] + u.strength,
    },
    fieldworks: state.fieldworks.filter((f) => !(f.kind === 'under-construction' && f.unit === id)),
  };
}

export function setMorale(
  state: GameState,
  id: string,
  morale: Morale,
  why: string,
  events: GameEvent[],
): GameState {
  const u = state.units[id];
  if (u.morale === morale) return state;
  events.push({ type: 'morale-changed', unit: id, from: u.morale, to: morale, rule: why });
  return { ...state, units: { ...state.units, [id]: { ...u, morale } } };
}

export function addDisorder(
  state: GameState,
  id: string,
  steps: number,
  why: string,
  events: GameEvent[],
): GameState {
  const u = state.units[id];
  if (!onMap(u)) return state;
  return setMorale(state, id, disorder(u.morale, steps), why, events);
}

/** Moves a unit to a hex (retreat, advance, displacement), applying town Disorder on entry unless exempt (12.17–12.19). */
export function relocate(
  ctx: GameContext,
  state: GameState,
  id: string,
  path: HexId[],
  townDisorderApplies: boolean,
  events: GameEvent[],
): GameState {
  const u = state.units[id];
  const to = path[path.length - 1];
  let next: GameState = {
    ...state,
    units: {
      ...state.units,
      [id]: { ...u, hex: to, markers: { ...u.markers, buildingBreastworks: undefined } },
    },
    // 10.34 i, 10.35: a unit leaving its Under Construction marker abandons it.
    fieldworks: state.fieldworks.filter((f) => !(f.kind === 'under-construction' && f.unit === id)),
  };
  if (townDisorderApplies) {
    const passThrough = state.options.townDisorderOnPassThrough !== false;
    const entered = passThrough ? path : [to];
    if (entered.some((h) => ctx.map.hex(h).terrain === 'town')) {
      next = setMorale(next, id, townDisorder(next.units[id].morale), '12.17', events);
    }
  }
  // 18.31 occupation: the last side to move into or through an objective hex.
  if (ctx.objectiveHexes.size > 0 && !isGunboat(ctx, id)) {
    let objectives = next.objectives;
    for (const h of path)
      if (ctx.objectiveHexes.has(h) && objectives[h] !== u.side)
        objectives = { ...objectives, [h]: u.side };
    if (objectives !== next.objectives) next = { ...next, objectives };
  }
  return next;
}

// ---------------------------------------------------------- computation ----

export function trenchEffect(state: GameState): TrenchEffect {
  const v = state.options.trenchEffect;
  return v === 'halve' || v === 'shift' ? v : 'halve-and-shift';
}

/** Range of a unit to the nearest defending hex it can see (A22), 1 when adjacent. */
export function rangeToCombat(ctx: GameContext, from: HexId, hexes: HexId[]): number {
  let best = Infinity;
  for (const h of hexes) {
    const d = ctx.map.grid.distance(from, h);
    if (d < best && (d <= 1 || lineOfSight(ctx.map, from, h).clear)) best = d;
  }
  return best;
}

/** The units of a combat seen by terrain-combat.ts: which hexsides each attacks over (10.24, A21). */
export function terrainAttackers(ctx: GameContext, state: GameState, c: Combat): TerrainAttacker[] {
  const out: TerrainAttacker[] = [];
  for (const id of [...c.attackers, ...c.bombard]) {
    const u = state.units[id];
    if (!onMap(u)) continue;
    const through: Record<HexId, HexId[]> = {};
    let adjacent = false;
    for (const h of c.defenderHexes) {
      const d = ctx.map.grid.distance(u.hex, h);
      if (d === 1) {
        through[h] = [u.hex];
        adjacent = true;
      } else if (lineOfSight(ctx.map, u.hex, h).clear) {
        through[h] = entryHexsides(ctx.map, u.hex, h);
      } else through[h] = [];
    }
    out.push({
      id,
      hex: u.hex,
      artillery: isArtillery(ctx, id) || isGunboat(ctx, id),
      adjacent,
      through,
    });
  }
  return out;
}

/** Extra right shifts from exclusive-rule hooks (none in the standard rules). */
export function terrainOptions(ctx: GameContext, state: GameState, c: Combat): TerrainBenefit[] {
  const options = terrainBenefits({
    map: ctx.map,
    attackers: terrainAttackers(ctx, state, c),
    defenderHexes: c.defenderHexes,
    fieldworks: state.fieldworks,
    trenchEffect: trenchEffect(state),
    hexHalving: (t) => {
      for (const h of ctx.hooks) {
        const o = h.hexHalving?.(t);
        if (o) return o; // e.g. Cemetery Hill 19.1
      }
      return null;
    },
    hexsideHalvingWaived: (features) => ctx.hooks.some((h) => h.hexsideHalvingWaived?.(features)), // e.g. Road to Richmond 18.51
  }).options;
  // Attackers an exclusive rule halves where they stand (Grand Chancellorsville 22.11), at most once (10.22).
  const own: Record<string, string> = {};
  for (const id of [...c.attackers, ...c.bombard]) {
    const why = unitHalvedBy(ctx, state, id);
    if (why !== null) own[id] = why;
  }
  if (Object.keys(own).length === 0) return options;
  return options.map((o) => ({ ...o, halved: { ...own, ...o.halved } }));
}

/** The exclusive rule halving a unit attacking and defending where it stands, or null (Grand Chancellorsville 22.11). */
function unitHalvedBy(ctx: GameContext, state: GameState, id: string): string | null {
  for (const h of ctx.hooks) {
    const why = h.unitHalved?.(ctx, state, id);
    if (why) return why;
  }
  return null;
}

export interface CombatStrengths {
  attack: number;
  defence: number;
  perAttacker: Record<string, number>;
  perDefender: Record<string, number>;
}

/** 8.32, 12.25: per-unit Range → Morale → Terrain, then the totals. */
export function combatStrengths(
  ctx: GameContext,
  state: GameState,
  c: Combat,
  benefit: TerrainBenefit,
): CombatStrengths {
  const perAttacker: Record<string, number> = {};
  let attack = 0;
  for (const id of [...c.attackers, ...c.bombard]) {
    const u = state.units[id];
    if (!onMap(u)) continue;
    const kind = isGunboat(ctx, id) ? 'gunboat' : isArtillery(ctx, id) ? 'artillery' : 'other';
    const range = kind === 'other' ? 1 : rangeToCombat(ctx, u.hex, c.defenderHexes);
    const noRangeEffects = ctx.hooks.some((h) => h.noRangeEffects?.(ctx, id)); // e.g. Antietam 18.2
    const strength = u.strength + strengthBonusOf(ctx, state, c, id); // e.g. Grand Chancellorsville 23.55
    // A unit with no strength at all adds none (Olustee 19.6: the Rail Gun's part is its column shift); the stages' floor of 1 is for strengths modifiers reduce.
    const s =
      strength <= 0
        ? 0
        : attackingStrength({
            strength,
            kind,
            morale: u.morale,
            range,
            halved: !!benefit.halved[id],
            noRangeEffects,
          }).terrain;
    perAttacker[id] = s;
    attack += s;
  }
  const adjacentAttack = c.attackers.length > 0;
  const combat = combatOf(state);
  const perDefender: Record<string, number> = {};
  let defence = 0;
  for (const id of c.defenders) {
    const u = state.units[id];
    if (!onMap(u) || !c.defenderHexes.includes(u.hex)) continue;
    let own: number | null = null;
    for (const h of ctx.hooks) own ??= h.defenceStrength?.(ctx, state, id) ?? null; // e.g. Road to Richmond 21.23
    const s = defendingStrength({
      strength: (own ?? u.strength) + strengthBonusOf(ctx, state, c, id), // e.g. Grand Chancellorsville 23.55
      morale: u.morale,
      artilleryBonus:
        isArtillery(ctx, id) &&
        adjacentAttack &&
        u.morale !== 'routed' &&
        supported(ctx, state, u) &&
        !ctx.hooks.some((h) => h.noArtilleryDefenceBonus?.(ctx, id)), // e.g. Antietam 18.2
      retreatedInto: combat.retreatedInto.includes(id),
      halved: unitHalvedBy(ctx, state, id) !== null, // e.g. Grand Chancellorsville 22.11
    }).terrain;
    perDefender[id] = s;
    defence += s;
  }
  return { attack, defence, perAttacker, perDefender };
}

/** Combat Strength Points exclusive rules add to a unit in this combat (Grand Chancellorsville 23.55 Leaders). */
function strengthBonusOf(ctx: GameContext, state: GameState, c: Combat, id: string): number {
  let bonus = 0;
  for (const h of ctx.hooks ?? []) bonus += h.strengthBonus?.(ctx, state, c, id) ?? 0;
  return bonus;
}

/** 9.53: artillery stacked with or adjacent to friendly infantry or cavalry. */
function supported(ctx: GameContext, state: GameState, u: UnitState & { hex: HexId }): boolean {
  const hexes = [u.hex, ...ctx.map.grid.neighbours(u.hex)];
  return hexes.some((h) =>
    unitsAt(state, h, u.side).some(
      (o) => o.id !== u.id && ['infantry', 'cavalry'].includes(spec(ctx, o.id).type),
    ),
  );
}

/** Raw odds level of a combat for a terrain option, before shifts; with the night die if given (11.23). */
export function combatRawLevel(strengths: CombatStrengths, nightDie?: number): number {
  const attack = nightDie === undefined ? strengths.attack : nightTotal(strengths.attack, nightDie);
  return rawOddsLevel(attack, strengths.defence);
}
