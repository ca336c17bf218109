/**
 * Declaring 1975 attacks (O7.1, O7.2, O7.9, O8.1-O8.4, O10.1, O11.2) and the
 * obligations of the Combat Phase (O7.11, O7.12, O8.41).
 *
 * An attack names the adjacent attackers (`attackers`, every one adjacent to
 * every defending hex, O7.25), bombarding artillery (`bombard`, O8.1), the
 * defending hexes (all units in a hex defend together, O7.21) and
 * optionally a lower odds column (`reduceOddsTo`, O7.9).
 *
 *   O7.22: the units of one hex attack as one strength: an attack from a hex
 *          includes every unit there that may still attack;
 *   O8.14: two artillery units in one hex bombarding bombard the same hex;
 *   O8.41: artillery in an Enemy controlled hex attacks as infantry, never
 *          bombards; O8.45: artillery across a creek from its only adjacent
 *          enemy is in no Zone of Control and may bombard, that unit included;
 *   O8.13: bombardment alone attacks a single hex;
 *   O8.22: in a combined attack on several hexes the artillery needs range
 *          (and Line of Sight, O8.3) to one of them;
 *   TEC:   only artillery attacks across a creek hexside without a bridge or ford.
 *
 * Obligations: every phasing unit in an Enemy controlled hex at the start of
 * the phase must attack (O7.12, O8.41) and every enemy unit exerting a Zone
 * of Control on one must be attacked (O7.11, O7.23), while that is still the
 * case. A declaration that would leave an obliged unit nothing it could
 * attack, or an enemy unit that must be attacked nothing that could attack
 * it, is refused (OBLIGATION_STRANDED); so is one after which the open
 * obligations, each still possible alone, could no longer all be met by one
 * set of attacks (OBLIGATIONS_UNMEETABLE), found by the search the revised
 * rules use (obligation-search.ts) over the 1975 attacking groups: the units
 * of a hex together (O7.22), adjacent to every defending hex (O7.25), and
 * bombarding artillery, which alone attacks one hex (O8.13).
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId, Refusal, Side } from '../../types';
import { otherSide } from '../../types';
import { AttackGroup, WitnessCombat, coverObligations } from '../blue-grey/obligation-search';
import { attackList, parseAttackOrder } from '../blue-grey/attack-order';
import { refusal } from '../blue-grey/refusals';
import { isIneffective } from './attack-effectiveness';
import {
  ClassicCombatPhase,
  inEnemyZoc,
  isArtillery,
  onMap,
  phaseOf,
  unitsAt,
  withPhase,
  zocSources,
} from './combat';
import { classicLineOfSight } from './line-of-sight';
import { parseClassicColumn } from './odds';
import { CLASSIC_1975 } from './parameters';
import type { ClassicColumn } from './crt';
import { atRevision, SPECIFIC_OVER_GENERAL } from '../../revision';

export interface ClassicAttack {
  type: 'attack';
  attackers: string[];
  defenders: HexId[];
  bombard?: string[];
  reduceOddsTo?: ClassicColumn;
}

/** Shape check of an untrusted attack order (O7.0, O8.1; O7.9: a column of the 1975 table). */
export function parseClassicAttack(o: Record<string, unknown>): ClassicAttack | Refusal {
  return parseAttackOrder(o, {
    cases: { attack: 'O7.0', bombard: 'O8.1', reduceOddsTo: 'O7.9' },
    column: parseClassicColumn,
    example: '3-1',
    table: 'a column of the 1975 table',
  });
}

function creekBetween(ctx: GameContext, a: HexId, b: HexId): boolean {
  const f = ctx.map.hexside(a, b);
  return (
    f.some((x) => x.type === 'creek' || x.type === 'river') &&
    !f.some((x) => x.type === 'bridge' || x.type === 'ford')
  );
}

/** A phasing unit that may still attack (O7.14, O7.75, O11.2). */
export function mayAttack(ctx: GameContext, p: ClassicCombatPhase, u: UnitState): boolean {
  return (
    onMap(u) &&
    ctx.unitSpecs.get(u.id)!.strength > 0 &&
    !p.attacked.includes(u.id) &&
    !p.advanced.includes(u.id) &&
    !isIneffective(u) &&
    !p.noFire.includes(u.id)
  );
}

/**
 * Whether the enemy units in `hex` may be attacked now (O7.14, O7.75): none attacked there or
 * advanced. A unit retreated into it as a Friendly hex does not protect it (O7.74: it suffers
 * the result of the later attack).
 */
export function attackableHex(
  state: GameState,
  p: ClassicCombatPhase,
  hex: HexId,
  side: Side,
): boolean {
  const units = unitsAt(state, hex, otherSide(side));
  return (
    units.length > 0 &&
    units.every(
      (e) =>
        // O7.74; games of earlier revisions keep O7.14 alone, so their replays re-run as played.
        !(
          p.defended.includes(e.id) &&
          (!atRevision(state, SPECIFIC_OVER_GENERAL) || !p.retreatedInto.includes(e.id))
        ) && !p.advanced.includes(e.id),
    )
  );
}

/** Why `u` may not attack `hex` from an adjacent hex, or null. */
export function adjacentRefusal(
  ctx: GameContext,
  state: GameState,
  u: UnitState,
  hex: HexId,
): Refusal | null {
  if (!onMap(u)) return refusal('NOT_ON_MAP', 'O7.0', `${u.id} is not on the map`);
  if (!ctx.map.grid.adjacent(u.hex, hex))
    return refusal(
      'NOT_ADJACENT',
      'O7.25',
      `${u.id} is not adjacent to ${hex}: every attacking unit must be adjacent to every defending hex`,
    );
  if (isArtillery(ctx, u.id)) {
    if (!inEnemyZoc(ctx, state, u.side, u.hex))
      return refusal(
        'ARTILLERY_BOMBARDS',
        'O8.45',
        `${u.id} is in no Enemy Zone of Control: it attacks by bombardment (list it under "bombard")`,
      );
    return null; // O8.44: terrain does not prohibit artillery attacks into adjacent hexes
  }
  if (creekBetween(ctx, u.hex, hex))
    return refusal(
      'PROHIBITED_HEXSIDE',
      'O9.0',
      `only artillery may attack across the creek hexside between ${u.hex} and ${hex}`,
    );
  return null;
}

/** Why `u` may not bombard `hex`, or null (O8.11-O8.14, O8.3, O8.41, O7.82, O11.2). */
export function bombardRefusal(
  ctx: GameContext,
  state: GameState,
  p: ClassicCombatPhase,
  u: UnitState,
  hex: HexId,
): Refusal | null {
  if (!onMap(u)) return refusal('NOT_ON_MAP', 'O8.0', `${u.id} is not on the map`);
  if (!isArtillery(ctx, u.id))
    return refusal('NOT_ARTILLERY', 'O8.0', `${u.id} is not artillery: only artillery bombards`);
  if (p.noFire.includes(u.id))
    return refusal(
      'DISPLACED_ARTILLERY',
      'O7.82',
      `${u.id} was displaced before it fought and may not fire this Combat Phase`,
    );
  if (inEnemyZoc(ctx, state, u.side, u.hex))
    return refusal(
      'ARTILLERY_IN_ENEMY_ZOC',
      'O8.41',
      `${u.id} is in an Enemy controlled hex: it attacks adjacent units and may not bombard`,
    );
  const r = ctx.map.grid.distance(u.hex, hex);
  if (r > CLASSIC_1975.bombardRange.max)
    return refusal(
      'OUT_OF_RANGE',
      'O8.11',
      `${hex} is ${r} hexes from ${u.id}; artillery bombards up to ${CLASSIC_1975.bombardRange.max}`,
    );
  if (!classicLineOfSight(ctx.map, u.hex, hex))
    return refusal(
      'NO_LINE_OF_SIGHT',
      'O8.31',
      `forest or town blocks the Line of Sight from ${u.hex} to ${hex}`,
    );
  return null;
}

export function classicAttackRefusal(
  ctx: GameContext,
  state: GameState,
  side: Side,
  a: ClassicAttack,
): Refusal | null {
  const p = phaseOf(state);
  const bombard = a.bombard ?? [];
  const all = [...a.attackers, ...bombard];
  if (all.length === 0)
    return refusal('NO_ATTACKERS', 'O7.0', 'an attack needs at least one attacking unit');
  if (new Set(all).size !== all.length)
    return refusal('BAD_ORDER', 'O7.3', 'a unit is listed twice: its strength may not be divided');
  if (new Set(a.defenders).size !== a.defenders.length)
    return refusal('BAD_ORDER', 'O7.21', 'a defending hex is listed twice');
  for (const id of all) {
    const u = state.units[id];
    if (!u) return refusal('UNKNOWN_UNIT', '—', `no unit ${id} in this game`);
    if (u.side !== side)
      return refusal('NOT_YOUR_UNIT', 'O7.0', `${id} belongs to the other player`);
    if (!onMap(u)) return refusal('NOT_ON_MAP', 'O7.0', `${id} is not on the map`);
    if (isIneffective(u))
      return refusal(
        'INEFFECTIVE',
        'O11.2',
        `${id} has lost its Attack Effectiveness and may not attack`,
      );
    if (p.attacked.includes(id))
      return refusal('ALREADY_ATTACKED', 'O7.14', `${id} has already attacked this Combat Phase`);
    if (p.advanced.includes(id))
      return refusal(
        'ADVANCED',
        'O7.75',
        `${id} advanced after combat and may not attack this phase`,
      );
    if (ctx.unitSpecs.get(id)!.strength <= 0)
      return refusal('NOT_A_COMBAT_UNIT', 'O7.0', `${id} has no combat strength`);
  }
  for (const h of a.defenders) {
    if (!ctx.board.index.has(h)) return refusal('OFF_MAP', 'O2.1', `${h} is not a hex of this map`);
    if (unitsAt(state, h, otherSide(side)).length === 0)
      return refusal('NO_DEFENDER', 'O7.0', `no Enemy unit in ${h}`);
    if (!attackableHex(state, p, h, side))
      return refusal(
        'ALREADY_DEFENDED',
        'O7.14, O7.74, O7.75',
        `the units in ${h} have already been attacked or advanced this phase`,
      );
  }
  if (a.attackers.length === 0 && a.defenders.length > 1)
    return refusal('BOMBARD_ONE_HEX', 'O8.13', 'artillery bombarding alone attacks a single hex');
  for (const id of a.attackers) {
    for (const h of a.defenders) {
      const r = adjacentRefusal(ctx, state, state.units[id], h);
      if (r) return r;
    }
  }
  for (const id of bombard) {
    const u = state.units[id];
    const refusals = a.defenders.map((h) => bombardRefusal(ctx, state, p, u, h));
    if (refusals.every((r) => r !== null)) return refusals[0];
  }
  // O7.22: every unit of an attacking hex that may attack attacks with it.
  const hexes = new Set(a.attackers.map((id) => state.units[id].hex!));
  for (const h of hexes) {
    if (p.attackedFrom[h] !== undefined)
      return refusal(
        'STACK_ATTACKS_TOGETHER',
        'O7.22',
        `units in ${h} have already attacked: the units in one hex attack as one strength`,
      );
    for (const mate of unitsAt(state, h, side)) {
      if (!a.attackers.includes(mate.id) && mayAttack(ctx, p, mate))
        return refusal(
          'STACK_ATTACKS_TOGETHER',
          'O7.22',
          `${mate.id} in ${h} must attack with the other units of its hex`,
        );
    }
  }
  // O8.14: artillery of one hex bombarding bombards the same hex.
  for (const id of bombard) {
    const h = state.units[id].hex!;
    if (p.bombardedFrom[h] !== undefined)
      return refusal(
        'STACK_BOMBARDS_TOGETHER',
        'O8.14',
        `artillery in ${h} has already bombarded another hex: two artillery units in one hex bombard the same hex`,
      );
  }
  return feasibilityRefusal(ctx, state, a);
}

/** O7.11, O7.12, O7.23: the obligations still open. */
export function openObligations(
  ctx: GameContext,
  state: GameState,
): { units: string[]; enemies: string[] } {
  const p = phaseOf(state);
  const units: string[] = [];
  const enemies = new Set<string>();
  for (const id of p.obliged) {
    const u = state.units[id];
    if (!onMap(u)) continue;
    const sources = zocSources(ctx, state, u).filter((e) => !p.advanced.includes(e.id));
    if (sources.length === 0) continue;
    if (!p.attacked.includes(id) && !isIneffective(u)) units.push(id);
    for (const e of sources) if (!p.defended.includes(e.id)) enemies.add(e.id);
  }
  return { units, enemies: [...enemies].sort() };
}

/** The phase as it stands once `a` is declared, before any result (O7.14, O7.22, O8.14). */
export function declaredPhase(
  state: GameState,
  p: ClassicCombatPhase,
  a: ClassicAttack,
  n: number,
): ClassicCombatPhase {
  const bombard = a.bombard ?? [];
  const defenders = a.defenders.flatMap((h) =>
    unitsAt(state, h, otherSide(state.phasing)).map((u) => u.id),
  );
  const attackedFrom = { ...p.attackedFrom };
  for (const id of a.attackers) attackedFrom[state.units[id].hex!] = n;
  const bombardedFrom = { ...p.bombardedFrom };
  for (const id of bombard) bombardedFrom[state.units[id].hex!] = n;
  return {
    ...p,
    attacked: [...p.attacked, ...a.attackers, ...bombard],
    defended: [...p.defended, ...defenders],
    attackedFrom,
    bombardedFrom,
  };
}

interface ClassicObligations {
  /** Hex groups (O7.22) holding a unit that must still attack and can. */
  obliged: string[];
  /** Hexes of Enemy units that must still be attacked and can be. */
  required: HexId[];
  groups: AttackGroup[];
  /** Units that must attack with nothing left they may attack. */
  strandedUnits: string[];
  /** Enemy units that must be attacked with nothing left that may attack them. */
  strandedEnemies: string[];
}

/**
 * The open obligations (O7.11, O7.12, O7.23) as the shared search sees them:
 * the units of a hex attack adjacent hexes as one group (O7.22, O7.25; a hex
 * whose units have attacked attacks no more), the artillery of a hex in no
 * Enemy Zone of Control bombards as one group (O8.11-O8.14, O8.3).
 */
function classicObligations(ctx: GameContext, state: GameState): ClassicObligations {
  const p = phaseOf(state);
  const side = state.phasing;
  const ob = openObligations(ctx, state);
  const stacks = new Map<HexId, UnitState[]>();
  const batteries = new Map<HexId, UnitState[]>();
  for (const id of Object.keys(state.units).sort()) {
    const u = state.units[id];
    if (u.side !== side || !mayAttack(ctx, p, u)) continue;
    const h = u.hex!;
    stacks.set(h, [...(stacks.get(h) ?? []), u]);
    if (
      isArtillery(ctx, id) &&
      !inEnemyZoc(ctx, state, side, h) &&
      p.bombardedFrom[h] === undefined
    )
      batteries.set(h, [...(batteries.get(h) ?? []), u]);
  }
  const enemyHexes = [...new Set(ob.enemies.map((id) => state.units[id].hex!))];
  const groups: AttackGroup[] = [];
  for (const [h, units] of [...stacks].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const adjacent =
      p.attackedFrom[h] !== undefined
        ? []
        : ctx.map.grid
            .neighbours(h)
            .filter(
              (n) =>
                attackableHex(state, p, n, side) &&
                units.every((u) => adjacentRefusal(ctx, state, u, n) === null),
            );
    groups.push({ id: `stack ${h}`, adjacent, ranged: [] });
  }
  for (const [h, guns] of [...batteries].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const ranged = enemyHexes.filter(
      (e) =>
        attackableHex(state, p, e, side) &&
        guns.some((g) => bombardRefusal(ctx, state, p, g, e) === null),
    );
    groups.push({ id: `battery ${h}`, adjacent: [], ranged });
  }
  const byId = new Map(groups.map((g) => [g.id, g]));
  const obliged = new Set<string>();
  const strandedUnits: string[] = [];
  for (const id of ob.units) {
    const g = byId.get(`stack ${state.units[id].hex}`);
    if (g && g.adjacent.length > 0) obliged.add(g.id);
    else strandedUnits.push(id);
  }
  const required = new Set<HexId>();
  const strandedEnemies: string[] = [];
  for (const id of ob.enemies) {
    const h = state.units[id].hex!;
    const reachable =
      attackableHex(state, p, h, side) &&
      groups.some((g) => g.adjacent.includes(h) || g.ranged.includes(h));
    if (reachable) required.add(h);
    else strandedEnemies.push(id);
  }
  return { obliged: [...obliged], required: [...required], groups, strandedUnits, strandedEnemies };
}

/** A position's obligations and, once asked for, the attacks that meet them. */
interface Position {
  ob: ClassicObligations;
  witness?: WitnessCombat[] | null;
}

// Per state: checking each candidate attack of a listing compares with the same position.
const positions = new WeakMap<GameState, Position>();

function position(ctx: GameContext, state: GameState): Position {
  let pos = positions.get(state);
  if (!pos) {
    pos = { ob: classicObligations(ctx, state) };
    positions.set(state, pos);
  }
  return pos;
}

/**
 * O7.11, O7.12: a set of attacks meeting every open obligation that can be
 * met (shared search, obligation-search.ts), or null when there is none.
 */
export function classicWitness(ctx: GameContext, state: GameState): WitnessCombat[] | null {
  const pos = position(ctx, state);
  if (pos.witness === undefined)
    pos.witness = coverObligations(pos.ob.obliged, pos.ob.required, pos.ob.groups);
  return pos.witness;
}

/** O7.11, O7.12: the obligations must remain possible to meet once `a` is declared. */
function feasibilityRefusal(ctx: GameContext, state: GameState, a: ClassicAttack): Refusal | null {
  const p = phaseOf(state);
  const before = position(ctx, state).ob;
  const next = withPhase(state, declaredPhase(state, p, a, p.combats + 1));
  const after = classicObligations(ctx, next);
  const units = after.strandedUnits.filter((id) => !before.strandedUnits.includes(id));
  if (units.length > 0)
    return refusal(
      'OBLIGATION_STRANDED',
      'O7.12',
      `${units.join(', ')} must attack, and after this attack no Enemy unit would be left for it to attack`,
    );
  const enemies = after.strandedEnemies.filter((id) => !before.strandedEnemies.includes(id));
  if (enemies.length > 0)
    return refusal(
      'OBLIGATION_STRANDED',
      'O7.11',
      `${enemies.map((id) => `${id} in ${state.units[id].hex}`).join(', ')} must be attacked, and after this attack no unit could attack it`,
    );
  if (
    coverObligations(after.obliged, after.required, after.groups) === null &&
    classicWitness(ctx, state) !== null
  )
    return refusal(
      'OBLIGATIONS_UNMEETABLE',
      'O7.11, O7.12',
      'after this attack the remaining mandatory attacks could no longer all be made',
    );
  return null;
}

/** A representative list of legal attacks: each hex's units against each adjacent hex, together, with artillery. */
export function classicCandidateAttacks(
  ctx: GameContext,
  state: GameState,
  side: Side,
): ClassicAttack[] {
  const p = phaseOf(state);
  const { out, push } = attackList<ClassicAttack>(
    (a) => classicAttackRefusal(ctx, state, side, a) === null,
  );
  const groups = new Map<HexId, string[]>();
  const guns: UnitState[] = [];
  for (const id of Object.keys(state.units).sort()) {
    const u = state.units[id];
    if (u.side !== side || !mayAttack(ctx, p, u)) continue;
    if (isArtillery(ctx, id) && !inEnemyZoc(ctx, state, side, u.hex!)) guns.push(u);
    else groups.set(u.hex!, [...(groups.get(u.hex!) ?? []), id]);
  }
  const targets = new Set<HexId>();
  for (const h of groups.keys())
    for (const n of ctx.map.grid.neighbours(h))
      if (attackableHex(state, p, n, side)) targets.add(n);
  for (const g of guns)
    for (const n of ctx.map.grid.within(g.hex!, CLASSIC_1975.bombardRange.max))
      if (attackableHex(state, p, n, side)) targets.add(n);
  for (const h of [...targets].sort()) {
    const adj = [...groups.entries()].filter(
      ([gh, ids]) =>
        ctx.map.grid.adjacent(gh, h) &&
        ids.every((id) => adjacentRefusal(ctx, state, state.units[id], h) === null),
    );
    const fire = guns.filter((g) => bombardRefusal(ctx, state, p, g, h) === null).map((g) => g.id);
    for (const [, ids] of adj) push({ type: 'attack', attackers: ids, defenders: [h] });
    if (adj.length > 1)
      push({ type: 'attack', attackers: adj.flatMap(([, ids]) => ids), defenders: [h] });
    for (const g of fire) push({ type: 'attack', attackers: [], bombard: [g], defenders: [h] });
    if (fire.length > 0)
      push({
        type: 'attack',
        attackers: adj.flatMap(([, ids]) => ids),
        bombard: fire,
        defenders: [h],
      });
  }
  for (const [gh, ids] of groups) {
    const hs = ctx.map.grid
      .neighbours(gh)
      .filter(
        (h) =>
          targets.has(h) &&
          ids.every((id) => adjacentRefusal(ctx, state, state.units[id], h) === null),
      );
    if (hs.length > 1) push({ type: 'attack', attackers: ids, defenders: hs });
  }
  return out;
}
