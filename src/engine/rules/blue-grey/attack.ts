/**
 * Declaring attacks (8.1, 8.2, 9.1, 9.2, 9.4, 10.39, 11.2, 12.23) and the
 * obligations of the Combat Phase (8.11, 8.12, 8.23; A15–A17, A20, A25).
 *
 * An attack order names the attacking units adjacent to every defending hex
 * (`attackers`, 8.25), any bombarding artillery or gunboats (`bombard`, 9.1,
 * 9.2), the defending hexes, and optionally the odds level to resolve at
 * (8.9). The same function checks an order and filters the listed ones.
 *
 * Obligations (A15): a phasing unit in an enemy ZOC at the start of the phase
 * must attack unless Routed (12.23) or, at Night, it did not move into the
 * ZOC this turn (11.21); every enemy unit exerting ZOC on such a unit must be
 * attacked (8.11, 8.23). A declaration that would leave an obligation
 * impossible to meet is refused (A17): a small search looks for a way to
 * meet every remaining obligation afterwards.
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId, Refusal, Side } from '../../types';
import { otherSide } from '../../types';
import {
  Combat,
  CombatPhaseState,
  bombardsAsArtillery,
  combatOf,
  combatStrengths,
  combatRawLevel,
  inEnemyZoc,
  isArtillery,
  isCombatUnit,
  isGunboat,
  onMap,
  spec,
  terrainOptions,
  unitsAt,
  zocSources,
  exertsZocInto,
} from './combat';
import { bombardRefusal, bombardTargetRefusal, bombardRange } from './artillery';
import { attackList, parseAttackOrder } from './attack-order';
import { parseLevel } from './odds';
import { refusal } from './refusals';
import { noCombatPresence } from './stacking';
import { AttackGroup, WitnessCombat, coverObligations } from './obligation-search';
import { atRevision, SPECIFIC_OVER_GENERAL } from '../../revision';

export interface AttackOrder {
  type: 'attack';
  attackers: string[];
  defenders: HexId[];
  bombard?: string[];
  reduceOddsTo?: string;
}

/** Shape check of an untrusted attack order (8.0, 9.1; 8.9: the label is kept as written). */
export function parseAttack(order: Record<string, unknown>): AttackOrder | Refusal {
  return parseAttackOrder(order, {
    cases: { attack: '8.0', bombard: '9.1', reduceOddsTo: '8.9' },
    column: (label) => (parseLevel(label) === undefined ? undefined : (label as string)),
    example: '3:1',
    table: 'an odds column',
  });
}

// ------------------------------------------------------------ eligibility ----

/**
 * Whether a hex may be attacked now: it holds enemy units, none already attacked there or advanced
 * (8.14, 8.21, 8.75), not only gunboats (9.66). A unit retreated into it as a Friendly hex was
 * attacked elsewhere and does not protect it (8.74: it suffers the result of the later attack).
 */
export function attackableHex(
  ctx: GameContext,
  state: GameState,
  phase: CombatPhaseState,
  hex: HexId,
  side: Side,
): boolean {
  // Grand Chancellorsville 23.54: Leaders alone are never attacked (noCombatPresence).
  const units = unitsAt(state, hex, otherSide(side)).filter((u) => !noCombatPresence(ctx, u.id));
  if (units.length === 0) return false;
  if (units.every((u) => isGunboat(ctx, u.id))) return false;
  return units.every((u) => !alreadyDefended(state, phase, u.id) && !phase.advanced.includes(u.id));
}

/** 8.14 with 8.74: the unit has been attacked this phase, and not since retreated into a Friendly hex. */
export function alreadyDefended(state: GameState, phase: CombatPhaseState, id: string): boolean {
  if (!phase.defended.includes(id)) return false;
  // Games of earlier revisions keep 8.14 alone, so their replays re-run as they were played.
  return !atRevision(state, SPECIFIC_OVER_GENERAL) || !phase.retreatedInto.includes(id);
}

/** A unit that may still attack this phase (8.14, 8.75, 12.23). */
export function mayAttack(ctx: GameContext, phase: CombatPhaseState, u: UnitState): boolean {
  return (
    onMap(u) &&
    (isCombatUnit(ctx, u.id) || bombardsAsArtillery(ctx, u.id)) &&
    u.morale !== 'routed' &&
    !phase.attacked.includes(u.id) &&
    !phase.advanced.includes(u.id)
  );
}

/** TEC: only artillery may attack across creek and river hexsides (and lake, A18), bridges and fords excepted. */
function attackBarrier(ctx: GameContext, a: HexId, b: HexId): boolean {
  const f = ctx.map.hexside(a, b);
  const barrier = f.some((x) => x.type === 'creek' || x.type === 'river' || x.type === 'lake');
  const crossing = f.some((x) => x.type === 'bridge' || x.type === 'ford');
  return barrier && !crossing;
}

/** Why `u` may not attack `hex` as an adjacent (non-bombarding) attacker, or null. */
export function adjacentAttackRefusal(
  ctx: GameContext,
  state: GameState,
  u: UnitState,
  hex: HexId,
): Refusal | null {
  if (!onMap(u)) return refusal('NOT_ON_MAP', '8.0', `${u.id} is not on the map`);
  if (!isCombatUnit(ctx, u.id))
    return refusal('NOT_A_COMBAT_UNIT', '2.3', `${u.id} is not a combat unit`);
  if (!ctx.map.grid.adjacent(u.hex, hex))
    return refusal(
      'NOT_ADJACENT',
      '8.25',
      `${u.id} is not adjacent to ${hex}: every attacking unit must be adjacent to every defending hex`,
    );
  if (isGunboat(ctx, u.id))
    return refusal('GUNBOAT_BOMBARDS', '9.65', `gunboat ${u.id} attacks only by bombardment`);
  if (isArtillery(ctx, u.id)) {
    if (!inEnemyZoc(ctx, state, u.side, u.hex))
      return refusal(
        'ARTILLERY_BOMBARDS',
        '9.0',
        `${u.id} is not in an Enemy Zone of Control: list it under "bombard"`,
      );
    const exerts = unitsAt(state, hex, otherSide(u.side)).some((e) =>
      exertsZocInto(ctx, state, e, u.hex),
    );
    if (!exerts)
      return refusal(
        'ARTILLERY_ZOC_ONLY',
        '9.42',
        `${u.id} may attack from an Enemy controlled hex only units exerting that Zone of Control`,
      );
    return null; // 9.44: terrain never prohibits adjacent artillery attacks
  }
  if (attackBarrier(ctx, u.hex, hex))
    return refusal(
      'PROHIBITED_HEXSIDE',
      'TEC',
      `only artillery may attack across the creek or river hexside between ${u.hex} and ${hex}`,
    );
  return null;
}

function sunkenRoad(ctx: GameContext, hexes: HexId[]): boolean {
  return hexes.some((h) =>
    ctx.map.grid.neighbours(h).some((n) => ctx.map.hexsideHas(n, h, 'sunken-road')),
  );
}

// ------------------------------------------------------------ obligations ----

export interface Obligations {
  /** Obliged units that have not attacked and still can. */
  units: string[];
  /** Enemy hexes that must still be attacked. */
  hexes: HexId[];
  /** Obliged units in an enemy ZOC with nothing left they may attack. */
  stranded: string[];
}

/** An exclusive rule makes the attack from `from` on `to` optional (Road to Vicksburg 19.15: across a Baker's Creek bridge hexside). */
export function attackOptional(ctx: GameContext, from: HexId, to: HexId): boolean {
  return (ctx.hooks ?? []).some((h) => h.attackOptionalAcross?.(ctx, from, to));
}

export function obligations(
  ctx: GameContext,
  state: GameState,
  phase: CombatPhaseState,
): Obligations {
  const side = state.phasing;
  const units: string[] = [];
  const stranded: string[] = [];
  const hexes = new Set<HexId>();
  for (const id of phase.obliged) {
    const u = state.units[id];
    if (!onMap(u) || phase.lapsed.includes(id)) continue;
    const sources = zocSources(ctx, state, u).filter(
      (e) => !isGunboat(ctx, e.id) && !attackOptional(ctx, u.hex, e.hex!),
    );
    const open = sources.filter((e) => attackableHex(ctx, state, phase, e.hex!, side));
    for (const e of open) hexes.add(e.hex!);
    if (phase.attacked.includes(id) || phase.advanced.includes(id)) continue;
    if (sources.length === 0) continue; // no longer in an enemy ZOC: nothing to do
    if (u.morale === 'routed') continue; // 12.23 (became Routed during the phase)
    if (open.some((e) => adjacentAttackRefusal(ctx, state, u, e.hex!) === null)) units.push(id);
    else stranded.push(id);
  }
  for (const h of phase.extraRequired) if (attackableHex(ctx, state, phase, h, side)) hexes.add(h);
  return { units, hexes: [...hexes], stranded };
}

/**
 * A17: can every remaining obligation still be met? A search
 * (obligation-search.ts) for a set of attacks (adjacent attackers only, each
 * unit on its own) covering every obliged unit and required hex. Returns the
 * attacks found, or null if there are none; if the search runs out of budget
 * it answers with an empty witness (treated as feasible; end-phase then
 * lapses what cannot be met, combat-phase.ts).
 */
export function witness(
  ctx: GameContext,
  state: GameState,
  phase: CombatPhaseState,
  ob: Obligations = obligations(ctx, state, phase),
): WitnessCombat[] | null {
  if (ob.units.length === 0 && ob.hexes.length === 0) return [];
  const side = state.phasing;
  const groups: AttackGroup[] = [];
  for (const id in state.units) {
    const u = state.units[id];
    if (u.side !== side || !mayAttack(ctx, phase, u) || isGunboat(ctx, id)) continue;
    const adjacent: HexId[] = [];
    for (const n of ctx.map.grid.neighbours(u.hex!)) {
      if (
        attackableHex(ctx, state, phase, n, side) &&
        adjacentAttackRefusal(ctx, state, u, n) === null
      )
        adjacent.push(n);
    }
    groups.push({ id, adjacent, ranged: [] });
  }
  return coverObligations(ob.units, ob.hexes, groups);
}

/** The current phase's obligations and, once asked for, its witness. */
interface Position {
  ob: Obligations;
  witness?: WitnessCombat[] | null;
}

// Per state: every candidate attack a listing checks compares with the same position.
const positions = new WeakMap<GameState, Position>();

function position(ctx: GameContext, state: GameState): Position {
  let pos = positions.get(state);
  if (!pos) {
    pos = { ob: obligations(ctx, state, combatOf(state)) };
    positions.set(state, pos);
  }
  return pos;
}

/** witness() of the state's own Combat Phase, searched once per state. */
function currentWitness(ctx: GameContext, state: GameState): WitnessCombat[] | null {
  const pos = position(ctx, state);
  if (pos.witness === undefined) pos.witness = witness(ctx, state, combatOf(state), pos.ob);
  return pos.witness;
}

// ------------------------------------------------------------ declaration ----

/** The bookkeeping after declaring this attack (8.14), before any result. */
export function declared(
  ctx: GameContext,
  state: GameState,
  phase: CombatPhaseState,
  a: AttackOrder,
): CombatPhaseState {
  const defenders = a.defenders.flatMap((h) =>
    unitsAt(state, h, otherSide(state.phasing)).map((u) => u.id),
  );
  const participants = [...a.attackers, ...(a.bombard ?? [])];
  const extra = [...phase.extraRequired];
  // A25: a Trench occupant that attacks must see every adjacent enemy attacked.
  for (const id of a.attackers) {
    const u = state.units[id];
    if (!state.fieldworks.some((f) => f.kind === 'trench' && f.hex === u.hex)) continue;
    for (const n of ctx.map.grid.neighbours(u.hex!)) {
      if (
        !a.defenders.includes(n) &&
        unitsAt(state, n, otherSide(u.side)).length > 0 &&
        !extra.includes(n)
      )
        extra.push(n);
    }
  }
  return {
    ...phase,
    attacked: [...phase.attacked, ...participants],
    defended: [...phase.defended, ...defenders],
    extraRequired: extra,
  };
}

/** Every reason an attack order is illegal now, first found; null if it may be made (8.1–8.2, 9.x, 11.2, 12.23, A17). */
export function attackRefusal(
  ctx: GameContext,
  state: GameState,
  side: Side,
  a: AttackOrder,
): Refusal | null {
  const phase = combatOf(state);
  if (state.phase !== 'combat' || state.phasing !== side)
    return refusal(
      'NOT_COMBAT_PHASE',
      '4.0',
      "attacks are made only in the phasing player's Combat Phase",
    );
  if (state.pending || phase.current)
    return refusal('COMBAT_IN_PROGRESS', '8.0', 'finish the combat under way first');
  if (phase.ending)
    return refusal('PHASE_ENDING', '4.0', 'the Combat Phase is ending: no more attacks');
  const bombard = a.bombard ?? [];
  const all = [...a.attackers, ...bombard];
  if (all.length === 0)
    return refusal('BAD_ORDER', '8.0', 'an attack needs at least one attacking unit');
  if (new Set(all).size !== all.length)
    return refusal('UNIT_TWICE', '8.31', 'a unit may take part in an attack only once');
  if (new Set(a.defenders).size !== a.defenders.length)
    return refusal('BAD_ORDER', '8.0', 'a defending hex is listed twice');
  for (const id of all) {
    const u = state.units[id];
    if (!u) return refusal('UNKNOWN_UNIT', '—', `no unit ${id}`);
    if (u.side !== side) return refusal('NOT_YOUR_UNIT', '8.0', `${id} is not a ${side} unit`);
    if (!onMap(u)) return refusal('NOT_ON_MAP', '8.0', `${id} is not on the map`);
    // An exclusive rule may let a non-combat unit bombard (Olustee 19.5 the Rail Gun).
    if (!isCombatUnit(ctx, id) && !(bombard.includes(id) && bombardsAsArtillery(ctx, id)))
      return refusal('NOT_A_COMBAT_UNIT', '2.3', `${id} is not a combat unit`);
    if (phase.attacked.includes(id))
      return refusal('ALREADY_ATTACKED', '8.14', `${id} has already attacked this Combat Phase`);
    if (phase.advanced.includes(id))
      return refusal(
        'ADVANCED',
        '8.75',
        `${id} advanced after combat and may not attack this phase`,
      );
    if (u.morale === 'routed')
      return refusal('ROUTED_MAY_NOT_ATTACK', '12.23', `${id} is Routed and may not attack`);
  }
  for (const h of a.defenders) {
    if (!ctx.map.has(h)) return refusal('BAD_ORDER', '—', `no hex ${h} on this map`);
    const enemy = unitsAt(state, h, otherSide(side)).filter((u) => !noCombatPresence(ctx, u.id));
    if (enemy.length === 0) return refusal('NO_ENEMY', '8.0', `there is no enemy unit in ${h}`);
    if (enemy.every((u) => isGunboat(ctx, u.id)))
      return refusal('GUNBOAT_IMMUNE', '9.66', 'gunboats may never be attacked');
    if (enemy.some((u) => alreadyDefended(state, phase, u.id)))
      return refusal(
        'ALREADY_DEFENDED',
        '8.14, 8.74',
        `units in ${h} have already been attacked this Combat Phase`,
      );
    if (enemy.some((u) => phase.advanced.includes(u.id)))
      return refusal(
        'ADVANCED',
        '8.75',
        `a unit in ${h} advanced after combat and may not be attacked this phase`,
      );
  }
  if (sunkenRoad(ctx, a.defenders))
    return refusal(
      'NOT_YET_SUPPORTED',
      'TEC, A31',
      'attacks against sunken-road positions are not yet supported',
    );
  for (const id of a.attackers) {
    for (const h of a.defenders) {
      const r = adjacentAttackRefusal(ctx, state, state.units[id], h);
      if (r) return r;
    }
  }
  for (const id of bombard) {
    const u = state.units[id];
    const r = bombardRefusal(ctx, state, phase, u);
    if (r) return r;
    const reasons = a.defenders.map((h) =>
      bombardTargetRefusal(ctx, state, u as UnitState & { hex: HexId }, h),
    );
    if (reasons.every((x) => x !== null)) return reasons[0]; // 9.22: range and LOS to one defending hex suffice
  }
  if (a.attackers.length === 0 && a.defenders.length > 1)
    return refusal(
      'BOMBARD_ONE_HEX',
      '9.13',
      'artillery attacking from non-adjacent hexes may attack only one hex, except in a combined attack',
    );
  if (a.attackers.length === 0 && !(ctx.hooks ?? []).some((h) => h.waivesCase?.('9.18'))) {
    // 9.18 (A35), unless the battle waives it (Chattanooga 19.14): a bombardment alone may not be made at odds below 1:5 (before shifts, at the weakest terrain reading).
    const c = provisionalCombat(state, a, 0, ctx);
    const levels = terrainOptions(ctx, state, c).map((o) =>
      combatRawLevel(combatStrengths(ctx, state, c, o)),
    );
    if (Math.min(...levels) < 0)
      return refusal(
        'BOMBARD_BELOW_ONE_TO_FIVE',
        '9.18',
        'artillery may not bombard at less than 1:5',
      );
  }
  // Exclusive rules (Hooker and Lee 20.12: a Demoralized army may not attack voluntarily below 1:3).
  for (const h of ctx.hooks ?? []) {
    const r = h.attackRefusal?.(ctx, state, side, a);
    if (r) return r;
  }
  // A17: the obligations must remain possible to meet.
  const before = position(ctx, state).ob;
  const after = declared(ctx, state, phase, a);
  const ob = obligations(ctx, state, after);
  const newlyStranded = ob.stranded.filter((id) => !before.stranded.includes(id));
  if (newlyStranded.length > 0)
    return refusal(
      'OBLIGATION_STRANDED',
      '8.12, 8.23',
      `this attack would leave ${newlyStranded.join(', ')} in an Enemy Zone of Control with no enemy left it may attack`,
    );
  if (witness(ctx, state, after, ob) === null && currentWitness(ctx, state) !== null)
    return refusal(
      'OBLIGATIONS_UNMEETABLE',
      '8.11, 8.12',
      'after this attack the remaining mandatory attacks could no longer all be made',
    );
  return null;
}

/** A combat as declared, before anything is resolved; with `ctx`, units with no combat presence (23.52 leaders) are no defenders. */
export function provisionalCombat(
  state: GameState,
  a: AttackOrder,
  n = 0,
  ctx?: GameContext,
): Combat {
  const defenders = a.defenders.flatMap((h) =>
    unitsAt(state, h, otherSide(state.phasing))
      .filter((u) => !ctx || !noCombatPresence(ctx, u.id))
      .map((u) => u.id),
  );
  const bombard = a.bombard ?? [];
  const origin: Record<string, HexId> = {};
  for (const id of [...a.attackers, ...bombard, ...defenders]) origin[id] = state.units[id].hex!;
  return {
    n,
    attackers: [...a.attackers],
    bombard: [...bombard],
    defenderHexes: [...a.defenders],
    defenders,
    origin,
    inEzoc: [],
    cap: a.reduceOddsTo === undefined ? undefined : parseLevel(a.reduceOddsTo),
    vacatedBefore: [],
    retreated: [],
    retreatedBefore: [],
    accepted: [],
    advanced: [],
    eliminatedDefenders: [],
  };
}

// ---------------------------------------------------------------- listing ----

/**
 * Attack orders to list: for each attackable enemy hex, each eligible
 * adjacent unit alone, all of them together, and all of them with every
 * artillery unit that can bombard it; each bombarding unit alone; each unit
 * against every hex it is adjacent to; and the first attack of a plan that
 * meets every obligation. Only those attackRefusal accepts are listed.
 */
export function candidateAttacks(ctx: GameContext, state: GameState, side: Side): AttackOrder[] {
  const phase = combatOf(state);
  const { out, push } = attackList<AttackOrder>((a) => attackRefusal(ctx, state, side, a) === null);
  const mine: UnitState[] = [];
  for (const id in state.units) {
    const u = state.units[id];
    if (u.side === side && mayAttack(ctx, phase, u)) mine.push(u);
  }
  const plan = currentWitness(ctx, state);
  if (plan && plan.length > 0)
    push({ type: 'attack', attackers: [...plan[0].units], defenders: [...plan[0].hexes] });
  // Only hexes holding an enemy unit are judged, each once: attackableHex scans every unit,
  // and the artillery's ranges overlap (the listing's costliest part otherwise).
  const enemyHexes = new Set<HexId>();
  for (const id in state.units) {
    const u = state.units[id];
    if (u.side !== side && onMap(u)) enemyHexes.add(u.hex);
  }
  const attackable = new Set<HexId>();
  for (const h of enemyHexes) if (attackableHex(ctx, state, phase, h, side)) attackable.add(h);
  const targets = new Set<HexId>();
  for (const u of mine) {
    const r =
      isGunboat(ctx, u.id) || isArtillery(ctx, u.id) || bombardsAsArtillery(ctx, u.id)
        ? Math.max(1, bombardRange(ctx, u.id))
        : 1;
    for (const h of ctx.map.grid.within(u.hex!, r))
      if (h !== u.hex && attackable.has(h)) targets.add(h);
  }
  for (const h of [...targets].sort()) {
    const adj = mine.filter((u) => adjacentAttackRefusal(ctx, state, u, h) === null);
    const guns = mine.filter(
      (u) =>
        bombardRefusal(ctx, state, phase, u) === null &&
        bombardTargetRefusal(ctx, state, u as UnitState & { hex: HexId }, h) === null,
    );
    for (const u of adj) push({ type: 'attack', attackers: [u.id], defenders: [h] });
    if (adj.length > 1) push({ type: 'attack', attackers: adj.map((u) => u.id), defenders: [h] });
    for (const g of guns) push({ type: 'attack', attackers: [], bombard: [g.id], defenders: [h] });
    if (adj.length > 0 && guns.length > 0)
      push({
        type: 'attack',
        attackers: adj.map((u) => u.id),
        bombard: guns.map((g) => g.id),
        defenders: [h],
      });
  }
  for (const u of mine) {
    const hs = ctx.map.grid
      .neighbours(u.hex!)
      .filter((h) => targets.has(h) && adjacentAttackRefusal(ctx, state, u, h) === null);
    if (hs.length > 1) push({ type: 'attack', attackers: [u.id], defenders: hs });
  }
  return out;
}

/** Attackers standing in an enemy ZOC at declaration (12.11–12.13): adjacent attackers and defenders. */
export function participantsInEzoc(ctx: GameContext, state: GameState, c: Combat): string[] {
  return [...c.attackers, ...c.defenders].filter((id) => {
    const u = state.units[id];
    return onMap(u) && inEnemyZoc(ctx, state, u.side, u.hex);
  });
}

export { spec };
