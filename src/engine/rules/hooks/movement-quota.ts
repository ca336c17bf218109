/**
 * Movement quotas (battles.md §17 rank 4): at most N units of a side may move
 * in each of its Movement Phases.
 *
 * Antietam 20.1: "The Union Player may move only fifteen units on Game-Turn
 * One. He may move only ten units on each following Game-Turn. There are no
 * limitations on the number of units that may attack. Union Reinforcements
 * arriving on Game-Turn Four do not count against this restriction until
 * Game-Turn Five. All movement restrictions are permanently removed from the
 * Union Player in the Union Player-Turn following the movement of any
 * Confederate unit across a creek hex side."
 *
 * Reading: a unit "moves" when it moves, moves strategically, enters as a
 * reinforcement or exits the map in its Movement Phase (state.movement.moved);
 * placing a Rally or Breastworks marker is not a move, and attacks, retreats
 * and advances are never counted. Once the quota is used up, every other
 * counted unit is refused. Exempt units (reinforcements of a given arrival
 * turn until a given turn, named units) neither count nor are refused. The
 * lift trigger is an enemy unit crossing a hexside with the named feature
 * (creek: bridges and fords included, since the hexside is still a creek
 * hexside) by any movement — moving, retreating or advancing (NOTES 6,
 * doubtful) — and takes effect from the quota side's next Player-Turn.
 *
 * Fredericksburg 19.0 ("only 15 Union units may move per Game-Turn ... lifted
 * if a Confederates unit occupies Burnside's headquarters (hex 0206), either
 * due to movement, or retreat or advance") uses the same shape with the lift
 * trigger "enemy-occupies-hex": an enemy unit entering one of the hexes by
 * any movement, passing through included (21.21's occupation).
 *
 * params: { side: Side, limits: Array<{ units: number, turns?: number[], fromTurn?: number, toTurn?: number }>,
 *           attacks?: "unlimited", advancesAndRetreats?: "unlimited",
 *           reinforcementsExempt?: Array<{ arrivalTurn: number, countFromTurn: number }>,
 *           exemptUnits?: string[],
 *           liftedWhen?: { event: "enemy-crosses-hexside", enemy?: Side, hexside: HexsideFeature type,
 *                          | { event: "enemy-occupies-hex", enemy?: Side, hexes: HexId[], ...
 *                          effective?: "next-player-turn", permanent?: true },
 *           bonus?: { units: number, controlHex: HexId } }
 *
 * Chattanooga 18.14/18.15: "The Union Player may move an additional seven
 * units during any Movement Phase in which he controls hex 1025. If the
 * Union Player subsequently loses control of hex 1025, he may not move the
 * additional units. Control is defined as having a unit in the hex or being
 * the last to have a unit move through the hex." Reading (bonus): the limit
 * is raised by `units` whenever the quota side controls the hex at the
 * moment a unit would move — a unit of either side in it decides, else the
 * last side to move through it (state.objectives, so the hex must be an
 * objective of the scenario to be tracked). Gaining control during the
 * phase (a unit moving through 1025) opens the bonus at once; control lost
 * later closes it for later phases.
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { GameEvent, HexId, HexsideFeature, RuleHook, Side } from '../../types';
import { otherSide } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { hexesEntered } from './hexes-entered';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { commandQuota, commandQuotaSupport, isCommandQuotaForm } from './movement-quota-commands';

interface QuotaLimit {
  units: number;
  turns?: number[];
  fromTurn?: number;
  toTurn?: number;
}

interface LiftTrigger {
  event: 'enemy-crosses-hexside' | 'enemy-occupies-hex';
  enemy?: Side;
  /** enemy-crosses-hexside: the hexside feature crossed. */
  hexside?: HexsideFeature['type'];
  /** enemy-occupies-hex (Fredericksburg 19.0): the hexes an enemy unit enters by movement, retreat or advance. */
  hexes?: HexId[];
  effective?: 'next-player-turn';
  permanent?: boolean;
}

/** hookState entry: from which Game-Turn the quota no longer applies, and what lifted it. */
export interface QuotaState {
  liftedFromTurn: number | null;
  liftedBy?: { unit: string; from: HexId; to: HexId; turn: number };
}

// Peachtree Creek 17.3/17.4: a quota for each command, rolled by die (movement-quota-commands.ts).
export const movementQuotaSupport: HookSupport = (rule) =>
  isCommandQuotaForm(rule.params ?? {}) ? commandQuotaSupport(rule) : sideQuotaSupport(rule);

const sideQuotaSupport: HookSupport = knownParams(
  [
    'side',
    'limits',
    'attacks',
    'advancesAndRetreats',
    'reinforcementsExempt',
    'exemptUnits',
    'liftedWhen',
    'bonus',
  ],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    if (!Array.isArray(p.limits) || p.limits.length === 0) return 'a quota without "limits"';
    if (p.attacks !== undefined && p.attacks !== 'unlimited')
      return `attacks "${String(p.attacks)}"`;
    if (p.advancesAndRetreats !== undefined && p.advancesAndRetreats !== 'unlimited')
      return `advancesAndRetreats "${String(p.advancesAndRetreats)}"`;
    const lift = p.liftedWhen as LiftTrigger | undefined;
    if (lift) {
      if (lift.event !== 'enemy-crosses-hexside' && lift.event !== 'enemy-occupies-hex')
        return `lift trigger "${String(lift.event)}"`;
      if (
        lift.event === 'enemy-occupies-hex' &&
        (!Array.isArray(lift.hexes) || lift.hexes.length === 0)
      )
        return 'a lift on occupation without "hexes"';
      if (lift.event === 'enemy-crosses-hexside' && typeof lift.hexside !== 'string')
        return 'a lift on crossing without "hexside"';
      if (lift.effective !== undefined && lift.effective !== 'next-player-turn')
        return `lift effective "${String(lift.effective)}"`;
      if (lift.permanent === false) return 'a lift that is not permanent';
    }
    const bonus = p.bonus as { units?: unknown; controlHex?: unknown } | undefined;
    if (bonus !== undefined) {
      const keys = Object.keys(bonus ?? {}).filter((k) => k !== 'units' && k !== 'controlHex');
      if (keys.length > 0) return `bonus ${keys.map((k) => `"${k}"`).join(', ')}`;
      if (typeof bonus.units !== 'number' || !Number.isInteger(bonus.units) || bonus.units < 1)
        return `bonus units ${String(bonus.units)}`;
      if (typeof bonus.controlHex !== 'string') return 'a bonus without "controlHex"';
    }
    return null;
  },
);

/** Game-Turn of `side`'s next Player-Turn after the current moment of `state`. */
export function nextPlayerTurnOf(ctx: GameContext, state: GameState, side: Side): number {
  if (state.phasing === side) return state.turn + 1;
  return side === ctx.scenario.firstPlayer ? state.turn + 1 : state.turn;
}

/** Each step (from → to) of unit movement the events report: moves, entries, exits, retreats, advances. */
export function movementSteps(
  events: GameEvent[],
): Array<{ unit: string; from: HexId; to: HexId }> {
  const out: Array<{ unit: string; from: HexId; to: HexId }> = [];
  for (const e of events) {
    const unit = e.unit as string;
    let hexes: HexId[] = [];
    if (
      e.type === 'moved' ||
      e.type === 'strategic-moved' ||
      e.type === 'unit-retreated' ||
      e.type === 'exited-map'
    ) {
      const path = Array.isArray(e.path) ? (e.path as HexId[]) : [];
      hexes = typeof e.from === 'string' ? [e.from, ...path] : path;
    } else if (
      e.type === 'unit-advanced' &&
      typeof e.from === 'string' &&
      typeof e.to === 'string'
    ) {
      hexes = [e.from, e.to];
    }
    for (let i = 1; i < hexes.length; i++)
      if (hexes[i - 1] !== hexes[i]) out.push({ unit, from: hexes[i - 1], to: hexes[i] });
  }
  return out;
}

export function movementQuota(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  if (isCommandQuotaForm(p)) return commandQuota(rule);
  const side = p.side as Side;
  const limits = (p.limits as QuotaLimit[]) ?? [];
  const exemptArrivals =
    (p.reinforcementsExempt as Array<{ arrivalTurn: number; countFromTurn: number }>) ?? [];
  const exemptUnits = new Set((p.exemptUnits as string[]) ?? []);
  const lift = p.liftedWhen as LiftTrigger | undefined;
  const bonus = p.bonus as { units: number; controlHex: HexId } | undefined;
  const key = hookKey(rule);

  /** Chattanooga 18.15: a unit in the hex, else the last side to move through it. */
  const controls = (ctx: GameContext, state: GameState, hex: HexId): boolean => {
    for (const id in state.units) {
      const u = state.units[id];
      if (u.status === 'on-map' && u.hex === hex && ctx.unitSpecs.get(id)?.type !== 'gunboat')
        return u.side === side;
    }
    return state.objectives?.[hex] === side;
  };

  const limitFor = (turn: number): number | null => {
    for (const l of limits) {
      if (
        l.turns
          ? l.turns.includes(turn)
          : (l.fromTurn ?? 1) <= turn && turn <= (l.toTurn ?? Infinity)
      )
        return l.units;
    }
    return null;
  };
  const counts = (ctx: GameContext, state: GameState, id: string): boolean => {
    if (exemptUnits.has(id) || state.units[id]?.side !== side) return false;
    const r = ctx.reinforcementOf.get(id);
    return !(
      r && exemptArrivals.some((x) => r.turn === x.arrivalTurn && state.turn < x.countFromTurn)
    );
  };
  /** The quota in force now for the phasing side, or null if none applies. */
  const active = (state: GameState): number | null => {
    if (state.phase !== 'movement' || state.phasing !== side || !state.movement) return null;
    const lifted = hookStateOf<QuotaState>(state, key, { liftedFromTurn: null }).liftedFromTurn;
    if (lifted !== null && state.turn >= lifted) return null;
    return limitFor(state.turn);
  };
  const check = (ctx: GameContext, state: GameState, unit: UnitState) => {
    let limit = active(state);
    if (limit === null || !counts(ctx, state, unit.id)) return null;
    if (bonus && controls(ctx, state, bonus.controlHex)) limit += bonus.units;
    const used = state.movement!.moved.filter((id) => counts(ctx, state, id)).length;
    if (used < limit) return null;
    return refusal(
      'MOVEMENT_QUOTA',
      rule.case,
      `the ${side} player may move only ${limit} units on Game-Turn ${state.turn}${bonus ? ` (${bonus.units} more only while controlling ${bonus.controlHex})` : ''}, and ${used} have moved`,
    );
  };

  return {
    hook: rule.hook,
    case: rule.case,
    constraint(ctx, state, unit) {
      const r = check(ctx, state, unit);
      return r ? { kind: 'forbidden', refusal: r } : null;
    },
    entryRefusal(ctx, state, unit) {
      return check(ctx, state, unit);
    },
    afterOrder(ctx, before, after, events) {
      if (!lift) return null;
      const current = hookStateOf<QuotaState>(after, key, { liftedFromTurn: null });
      if (current.liftedFromTurn !== null) return null;
      const enemy = lift.enemy ?? otherSide(side);
      if (lift.event === 'enemy-occupies-hex') {
        // Fredericksburg 19.0: "if a Confederate unit occupies Burnside's headquarters (hex 0206),
        // either due to movement, or retreat or advance": entering the hex (passing through included, 21.21).
        const at = hexesEntered(events).find(
          (x) => before.units[x.unit]?.side === enemy && lift.hexes!.includes(x.hex),
        );
        if (!at) return null;
        const from = nextPlayerTurnOf(ctx, before, side);
        const next: QuotaState = {
          liftedFromTurn: from,
          liftedBy: { unit: at.unit, from: at.hex, to: at.hex, turn: before.turn },
        };
        return {
          state: withHookState(after, key, next),
          events: [
            {
              type: 'movement-quota-lifted',
              side,
              fromTurn: from,
              unit: at.unit,
              hex: at.hex,
              rule: rule.case,
              reason: `${at.unit} occupied ${at.hex} by ${at.by}`,
            },
          ],
        };
      }
      for (const s of movementSteps(events)) {
        if (before.units[s.unit]?.side !== enemy) continue;
        if (!ctx.map.hexsideHas(s.from, s.to, lift.hexside!)) continue;
        const from = nextPlayerTurnOf(ctx, before, side);
        const next: QuotaState = { liftedFromTurn: from, liftedBy: { ...s, turn: before.turn } };
        return {
          state: withHookState(after, key, next),
          events: [
            {
              type: 'movement-quota-lifted',
              side,
              fromTurn: from,
              unit: s.unit,
              hexside: [s.from, s.to],
              rule: rule.case,
              reason: `${s.unit} crossed a ${lift.hexside} hexside`,
            },
          ],
        };
      }
      return null;
    },
  };
}
