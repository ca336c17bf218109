/**
 * The free-deployment set-up phase (3.0) for scenarios whose set-up is not in
 * the rules text (Setup kind 'free'): before Game-Turn One each side places
 * each of its unplaced units, one `place {unit, hex}` order at a time, in the
 * hexes of its set-up areas, then gives `end-phase`.
 *
 * Order of the sides: 3.0 has both players set up "simultaneously" from their
 * charts; a free deployment cannot be simultaneous in a sequential game, so
 * the First Player places first and the Second Player second (the second
 * placer sees the first's deployment; the first moves first). A side with
 * nothing to place is skipped.
 *
 * A placement is legal where the unit could end a move (6.27, 6.28: never a
 * river, lake, pond, ferry or pontoon hex; 9.62: gunboats only in river hexes
 * and the scenario's gunboat hexes), in none of the Enemy's hexes (6.12),
 * within the stacking limit (6.32 and the scenario's override; 9.63 two
 * gunboats), and only if every unit the side still has to place can still be
 * placed afterwards — so random legal placements can never leave a side
 * stuck. With a unit-count limit that last check is exact (a bipartite
 * matching of the remaining units to the free stacking slots); with a
 * strength-point limit or a "no-stack" unit it is a deterministic
 * first-fit packing, which can only be stricter than necessary, never
 * looser, and always lets its own next placement through.
 *
 * The two sides' areas may not share a hex (prepare-time check), so one
 * side's placements never take room the other needs.
 */
import type { Dice } from '../../dice';
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order, UnitState } from '../../state';
import { freshMovementPhase, skipPlayerTurns } from './sequence-of-play';
import type { GameEvent, HexId, Refusal, Side } from '../../types';
import { otherSide } from '../../types';
import { refuse, refusal } from './refusals';
import { GUNBOAT_STACK, StackTally, stackingRefusal, tallyStacks } from './stacking';

/** Terrain where no land unit may be set up: it could never end a move there (6.27, 6.28). */
const NO_LAND_SETUP = new Set(['river', 'lake', 'pond', 'ferry', 'pontoon']);

export interface PlaceOrder {
  type: 'place';
  unit: string;
  hex: HexId;
}

/** What the scenario's free set-up asks of each side; built once per context. */
export interface SetupPlan {
  /** Units placed in the set-up phase, in a fixed order (most constrained first). */
  units: string[];
  /** Board indices of the area hexes each of those units may be placed in, terrain permitting. */
  allowed: Map<string, number[]>;
  /** Board indices of the area hexes each unit's areas hold, whatever the terrain (for refusals). */
  areaHexes: Map<string, Set<number>>;
  /** The sides that place, in order. */
  order: Side[];
}

const plans = new WeakMap<GameContext, SetupPlan | null>();

function isGunboat(ctx: GameContext, id: string): boolean {
  return ctx.unitSpecs.get(id)!.type === 'gunboat';
}

function terrainAllows(ctx: GameContext, id: string, i: number): boolean {
  const terrain = ctx.map.hex(ctx.board.ids[i]).terrain;
  if (isGunboat(ctx, id))
    return ctx.board.river[i] === 1 || ctx.board.crossingHex[i] === 1 || ctx.gunboatHexes.has(i);
  return !NO_LAND_SETUP.has(terrain);
}

/**
 * The free set-up of the scenario, or null when it has none (fixed set-up,
 * or every unit placed or arriving). Throws on an inconsistent scenario: a
 * unit with no area, or areas of both sides sharing a hex.
 */
export function setupPlan(ctx: GameContext): SetupPlan | null {
  if (plans.has(ctx)) return plans.get(ctx)!;
  const plan = buildPlan(ctx);
  plans.set(ctx, plan);
  return plan;
}

function buildPlan(ctx: GameContext): SetupPlan | null {
  const setup = ctx.scenario.setup;
  if (setup.kind !== 'free') return null;
  const b = ctx.board;
  const placed = new Set((setup.placements ?? []).map((p) => p.unit));
  const arriving = new Set(ctx.scenario.reinforcements.flatMap((r) => r.units));
  const listed = new Map<string, Set<number>>();
  const open: Record<Side, Set<number>> = { union: new Set(), confederate: new Set() };
  const sideOf = new Map<number, Side>();
  for (const area of setup.areas) {
    const hexes: number[] = [];
    for (const h of area.hexes) {
      const i = b.index.get(h);
      if (i === undefined) throw new Error(`set-up area hex ${h} is not on the map (3.0)`);
      const other = sideOf.get(i);
      if (other !== undefined && other !== area.side)
        throw new Error(`set-up areas of both sides hold hex ${h} (3.0, 6.12)`);
      sideOf.set(i, area.side);
      hexes.push(i);
    }
    if (area.units) {
      for (const u of area.units) {
        const s = listed.get(u) ?? new Set<number>();
        hexes.forEach((i) => s.add(i));
        listed.set(u, s);
      }
    } else hexes.forEach((i) => open[area.side].add(i));
  }
  // Hexes holding a unit of the other side from the scenario's fixed placements are closed (6.12).
  const fixedSide = new Map<number, Side>();
  for (const p of setup.placements ?? []) {
    const i = b.index.get(p.hex);
    if (i !== undefined) fixedSide.set(i, ctx.unitSpecs.get(p.unit)!.side);
  }
  const areaHexes = new Map<string, Set<number>>();
  const allowed = new Map<string, number[]>();
  for (const spec of ctx.scenario.units) {
    if (placed.has(spec.id) || arriving.has(spec.id)) continue;
    const hexes = listed.get(spec.id) ?? (open[spec.side].size > 0 ? open[spec.side] : undefined);
    if (!hexes)
      throw new Error(`unit ${spec.id} is neither placed, arriving nor in a set-up area (3.0)`);
    areaHexes.set(spec.id, hexes);
    allowed.set(
      spec.id,
      [...hexes]
        .filter(
          (i) => terrainAllows(ctx, spec.id, i) && (fixedSide.get(i) ?? spec.side) === spec.side,
        )
        .sort((x, y) => x - y),
    );
  }
  if (allowed.size === 0) return null;
  const strength = (id: string) => ctx.unitSpecs.get(id)!.strength;
  const units = [...allowed.keys()].sort(
    (x, y) =>
      allowed.get(x)!.length - allowed.get(y)!.length ||
      strength(y) - strength(x) ||
      (x < y ? -1 : x > y ? 1 : 0),
  );
  const first = ctx.scenario.firstPlayer;
  const order = [first, otherSide(first)].filter((s) =>
    units.some((u) => ctx.unitSpecs.get(u)!.side === s),
  );
  return { units, allowed, areaHexes, order };
}

/** Units of `side` still to be placed. */
export function unplacedUnits(ctx: GameContext, state: GameState, side: Side): string[] {
  const plan = setupPlan(ctx);
  if (!plan) return [];
  return plan.units.filter(
    (id) => state.units[id].side === side && state.units[id].status === 'pending',
  );
}

// ------------------------------------------------------------ capacity ----

/** Room left in each hex for one side, as the stacking rules count it. */
interface Room {
  units: Int32Array;
  strength: Int32Array;
  gunboats: Int32Array;
  noStack: Uint8Array;
}

function roomOf(ctx: GameContext, state: GameState, side: Side): Room {
  return copyRoom(tallyStacks(ctx, state, side));
}

function copyRoom(t: Room): Room {
  return {
    units: t.units.slice(),
    strength: t.strength.slice(),
    gunboats: t.gunboats.slice(),
    noStack: t.noStack.slice(),
  };
}

/** One side's stacks and the Enemy's hexes, computed once per state (listing checks every unit × hex). */
interface Position {
  tally: StackTally;
  room: Room;
  enemy: Set<HexId>;
  /** A matching of the side's units still to place (exact mode), computed on first use. */
  base?: Map<string, number> | null;
}

const positions = new WeakMap<GameState, Partial<Record<Side, Position>>>();

function position(ctx: GameContext, state: GameState, side: Side): Position {
  const cached = positions.get(state)?.[side];
  if (cached) return cached;
  const tally = tallyStacks(ctx, state, side);
  const enemy = new Set<HexId>();
  for (const id in state.units) {
    const u = state.units[id];
    if (u.side !== side && u.status === 'on-map' && u.hex !== null) enemy.add(u.hex);
  }
  const pos = { tally, room: copyRoom(tally), enemy };
  positions.set(state, { ...positions.get(state), [side]: pos });
  return pos;
}

function unitLimit(ctx: GameContext): number | null {
  const limit = ctx.scenario.stacking ?? { units: 2 };
  return 'units' in limit ? limit.units : null;
}

/** Whether `id` fits in hex `i` given the room (the same tests as stackingRefusal). */
function fits(ctx: GameContext, room: Room, id: string, i: number): boolean {
  const spec = ctx.unitSpecs.get(id)!;
  if (spec.type === 'gunboat') return room.gunboats[i] + 1 <= GUNBOAT_STACK;
  if (room.units[i] > 0 && (spec.flags?.includes('no-stack') || room.noStack[i])) return false;
  const limit = ctx.scenario.stacking ?? { units: 2 };
  if ('units' in limit) return room.units[i] + 1 <= limit.units;
  return room.strength[i] + spec.strength <= limit.strengthPoints;
}

function take(ctx: GameContext, room: Room, id: string, i: number): void {
  const spec = ctx.unitSpecs.get(id)!;
  if (spec.type === 'gunboat') {
    room.gunboats[i]++;
    return;
  }
  room.units[i]++;
  room.strength[i] += spec.strength;
  if (spec.flags?.includes('no-stack')) room.noStack[i] = 1;
}

/**
 * Whether every unit in `rest` can still be placed, given the room. Exact
 * (augmenting paths over stacking slots) with a unit-count limit and no
 * "no-stack" unit; otherwise a first-fit packing in the plan's fixed order.
 */
function canPlaceAll(ctx: GameContext, plan: SetupPlan, room: Room, rest: string[]): boolean {
  if (!exactMode(ctx, rest)) {
    const r = copyRoom(room);
    for (const id of rest) {
      const i = plan.allowed.get(id)!.find((j) => fits(ctx, r, id, j));
      if (i === undefined) return false;
      take(ctx, r, id, i);
    }
    return true;
  }
  return matchAll(ctx, plan, room, rest) !== null;
}

function exactMode(ctx: GameContext, rest: string[]): boolean {
  return (
    unitLimit(ctx) !== null &&
    !rest.some((id) => ctx.unitSpecs.get(id)!.flags?.includes('no-stack'))
  );
}

/** A hex for each unit of `rest` within the free stacking slots (exact mode), or null if there is none. */
function matchAll(
  ctx: GameContext,
  plan: SetupPlan,
  room: Room,
  rest: string[],
): Map<string, number> | null {
  const limit = unitLimit(ctx);
  // Slots per hex: land and gunboat pools are separate (9.63).
  const cap = (id: string, i: number): number => {
    if (isGunboat(ctx, id)) return GUNBOAT_STACK - room.gunboats[i];
    return room.noStack[i] ? 0 : limit! - room.units[i];
  };
  const landLoad = new Map<number, string[]>();
  const boatLoad = new Map<number, string[]>();
  const loadOf = (id: string) => (isGunboat(ctx, id) ? boatLoad : landLoad);
  const at = new Map<string, number>();
  const augment = (id: string, seen: Set<number>): boolean => {
    const load = loadOf(id);
    for (const i of plan.allowed.get(id)!) {
      if (seen.has(i)) continue;
      seen.add(i);
      const here = load.get(i) ?? [];
      if (here.length < cap(id, i)) {
        load.set(i, [...here, id]);
        at.set(id, i);
        return true;
      }
      for (const other of here) {
        if (augment(other, seen)) {
          // `other` moved elsewhere; `id` takes its slot here.
          const now = load.get(i)!.filter((x) => x !== other);
          load.set(i, [...now, id]);
          at.set(id, i);
          return true;
        }
      }
    }
    return false;
  };
  for (const id of rest) {
    // Separate seen sets per pool are unnecessary: a unit only visits its own pool's hexes.
    if (!augment(id, new Set())) return null;
  }
  return at;
}

/**
 * Shortcut for listing (exact mode): with one matching of the units still to
 * place, a placement keeps the rest placeable if the matching already puts
 * the unit there, or leaves a slot of that hex free. Else undecided (null).
 */
function quickFeasible(
  ctx: GameContext,
  plan: SetupPlan,
  pos: Position,
  rest: string[],
  unitId: string,
  i: number,
): boolean | null {
  if (!exactMode(ctx, rest)) return null;
  if (pos.base === undefined) pos.base = matchAll(ctx, plan, pos.room, rest);
  const base = pos.base;
  if (!base) return null;
  if (base.get(unitId) === i) return true;
  const boat = isGunboat(ctx, unitId);
  let load = 0;
  for (const [id, j] of base) if (j === i && isGunboat(ctx, id) === boat) load++;
  const free = boat
    ? GUNBOAT_STACK - pos.room.gunboats[i]
    : pos.room.noStack[i]
      ? 0
      : unitLimit(ctx)! - pos.room.units[i];
  return load <= free - 1 ? true : null;
}

// ----------------------------------------------------------- placement ----

/** Why `unitId` may not be placed in `hex` now, or null (3.0, 6.12, 6.27, 6.28, 6.32, 9.62, 9.63). */
function placeRefusal(
  ctx: GameContext,
  state: GameState,
  side: Side,
  unitId: unknown,
  hex: unknown,
): Refusal | null {
  const plan = setupPlan(ctx);
  if (typeof unitId !== 'string' || !(unitId in state.units))
    return refusal('UNKNOWN_UNIT', '—', `no unit ${String(unitId)} in this game`);
  if (typeof hex !== 'string')
    return refusal('BAD_ORDER', '3.0', 'place needs a unit and a hex label');
  const unit = state.units[unitId];
  if (unit.side !== side)
    return refusal('NOT_YOUR_UNIT', '3.0', `${unitId} belongs to the other player`);
  if (!plan || !plan.allowed.has(unitId))
    return refusal(
      'NOT_PLACED_IN_SETUP',
      '3.0',
      `${unitId} is not set up by the players (fixed set-up or reinforcement)`,
    );
  if (unit.status !== 'pending')
    return refusal('ALREADY_PLACED', '3.0', `${unitId} has already been placed`);
  const i = ctx.board.index.get(hex);
  if (i === undefined) return refusal('OFF_MAP', '2.1', `${hex} is not a hex of this map`);
  if (!plan.areaHexes.get(unitId)!.has(i))
    return refusal('OUTSIDE_SETUP_AREA', '3.0', `${hex} is not in a set-up area of ${unitId}`);
  if (!terrainAllows(ctx, unitId, i)) {
    return isGunboat(ctx, unitId)
      ? refusal('GUNBOAT_OFF_RIVER', '9.62', `Gunboats may be only in river hexes (${hex})`)
      : refusal(
          'PROHIBITED_TERRAIN',
          '6.27',
          `units may never end a move in ${hex} (river, lake, pond, ferry or pontoon)`,
        );
  }
  const pos = position(ctx, state, side);
  if (pos.enemy.has(hex))
    return refusal('ENTERS_ENEMY_HEX', '6.12', `hex ${hex} contains an Enemy unit`);
  const stack = stackingRefusal(ctx, pos.tally, unit, -1, i);
  if (stack) return stack;
  const left = unplacedUnits(ctx, state, side);
  if (quickFeasible(ctx, plan, pos, left, unitId, i)) return null;
  const room = copyRoom(pos.room);
  take(ctx, room, unitId, i);
  const rest = left.filter((id) => id !== unitId);
  if (!canPlaceAll(ctx, plan, room, rest))
    return refusal(
      'SETUP_BLOCKED',
      '3.0',
      `placing ${unitId} in ${hex} would leave no room in the set-up areas for the units still to place`,
    );
  return null;
}

/** The set-up phase orders of `side`: every legal placement, and end-phase once all its units are placed. */
export function setupPhaseOrders(ctx: GameContext, state: GameState, side: Side): Order[] {
  if (state.phase !== 'setup' || state.phasing !== side) return [];
  const plan = setupPlan(ctx);
  const left = unplacedUnits(ctx, state, side);
  if (!plan || left.length === 0) return [{ type: 'end-phase' }];
  const orders: Order[] = [];
  for (const id of left) {
    for (const i of plan.allowed.get(id)!) {
      const hex = ctx.board.ids[i];
      if (placeRefusal(ctx, state, side, id, hex) === null)
        orders.push({ type: 'place', unit: id, hex });
    }
  }
  return orders;
}

export function applySetupPhaseOrder(
  ctx: GameContext,
  state: GameState,
  side: Side,
  order: Order,
  dice: Dice,
): ApplyResult {
  const o = order as Order & Record<string, unknown>;
  if (o.type === 'place') {
    const r = placeRefusal(ctx, state, side, o.unit, o.hex);
    if (r) return { ok: false, refusal: r };
    const unit: UnitState = {
      ...state.units[o.unit as string],
      hex: o.hex as HexId,
      status: 'on-map',
    };
    return {
      ok: true,
      state: { ...state, units: { ...state.units, [unit.id]: unit } },
      events: [{ type: 'placed', unit: unit.id, hex: unit.hex, rule: '3.0' }],
    };
  }
  if (o.type === 'end-phase') {
    const left = unplacedUnits(ctx, state, side);
    if (left.length > 0)
      return refuse(
        'SETUP_INCOMPLETE',
        '3.0',
        `${left.length} unit(s) still to place: ${left.join(', ')}`,
      );
    return { ok: true, ...endSetupTurn(ctx, state, side, dice) };
  }
  return refuse(
    'BAD_ORDER',
    '3.0',
    `"${String(o.type)}" is not an order of the set-up; place units with {type: "place", unit, hex}`,
  );
}

/** The side is done: the next side places, or Game-Turn One begins. */
function endSetupTurn(
  ctx: GameContext,
  state: GameState,
  side: Side,
  dice: Dice,
): { state: GameState; events: GameEvent[] } {
  const plan = setupPlan(ctx)!;
  const events: GameEvent[] = [{ type: 'phase-ended', phase: 'setup', side, turn: state.turn }];
  const next = plan.order
    .slice(plan.order.indexOf(side) + 1)
    .find((s) => unplacedUnits(ctx, state, s).length > 0);
  if (next) {
    events.push({ type: 'phase-started', phase: 'setup', side: next, turn: state.turn });
    return { state: { ...state, phasing: next }, events };
  }
  const first = ctx.scenario.firstPlayer;
  const started: GameState = {
    ...state,
    phase: 'movement',
    phasing: first,
    movement: freshMovementPhase(),
    objectives: initialObjectives(ctx, state),
  };
  events.push({ type: 'phase-started', phase: 'movement', side: first, turn: state.turn });
  // A first Player-Turn an exclusive rule takes away is skipped now, as newGame does for fixed set-ups.
  const skipped = skipPlayerTurns(ctx, started, dice);
  return { state: skipped.state, events: [...events, ...skipped.events] };
}

/** Objective hexes start with their occupant, else the scenario's initial owner (18.31). */
export function initialObjectives(ctx: GameContext, state: GameState): Record<HexId, Side | null> {
  const objectives: Record<HexId, Side | null> = {};
  for (const o of ctx.scenario.victory.objectives) {
    const occupant = Object.values(state.units).find(
      (u) =>
        u.status === 'on-map' && u.hex === o.hex && ctx.unitSpecs.get(u.id)!.type !== 'gunboat',
    );
    objectives[o.hex] = occupant?.side ?? o.initial ?? null;
  }
  return objectives;
}

/**
 * 3.0: a new game whose scenario has a free set-up begins in the set-up
 * phase with the first side that has units to place; otherwise unchanged.
 * Throws if the areas cannot hold the units at all.
 */
export function beginSetup(ctx: GameContext, state: GameState): GameState {
  const plan = setupPlan(ctx);
  if (!plan) return state;
  for (const side of plan.order) {
    if (!canPlaceAll(ctx, plan, roomOf(ctx, state, side), unplacedUnits(ctx, state, side)))
      throw new Error(`the ${side} set-up areas cannot hold all its units (3.0, 6.32)`);
  }
  return { ...state, phase: 'setup', phasing: plan.order[0], movement: null };
}
