/**
 * movement-quota, form "a quota for each command, rolled by die" (battles.md
 * §17 rank 4: die-rolled quotas; rank 23: randomised command). The fixed
 * quotas of a whole side are movement-quota.ts; a declaration with
 * `commands` is this form.
 *
 * Peachtree Creek 17.3: "The Confederate Player refers to the Confederate
 * Command Allocation Table (Case 17.4) to determine how many of his units may
 * move each Game-Turn. The Confederate Player rolls the die once for
 * Stewart's command (marked in blue) and once for Hardee's command (marked in
 * red) at the beginning of each Friendly Movement Phase and may move the
 * indicated number of units during that Movement Phase. Units that are in an
 * Enemy Zone of Control do not count against these allocations. Allocations
 * may not be transferred from Stewart to Hardee or vice versa; allocations
 * may not be saved from one Game-Turn for use on a later Game-Turn."
 * 17.4 (table): Game-Turn One 1-2 → 4 units, 3-4 → 5, 5 → 6, 6 → 7;
 * Game-Turns Two-Six 1-2 → 3, 3-4 → 4, 5 → 5, 6 → 6.
 *
 * Readings:
 * - a unit belongs to a command by a flag on its counter (UnitSpec.flags):
 *   the text names the commands and says their counters are marked in blue
 *   and red, but prints no unit, so the players supplying the counters give
 *   each Confederate unit its command's flag. A unit of the side with no
 *   command flag has no allocation to move under: it may not move (refused
 *   naming the case and the flags), never moved silently outside the table;
 * - the roll is the order `activation-roll {rule}` of the side's Movement
 *   Phase (the order type of Wilderness 20.2, a die roll that decides what a
 *   group of units may do this Movement Phase): one die per command, in the
 *   order the scenario lists them, recorded in the event with the allocation
 *   each decided. Until it is made no counted unit of a command moves or
 *   enters. The phase may still end without it (nothing counted has moved);
 * - a unit "moves" as in movement-quota.ts (moves, strategic moves, entries,
 *   map exits in its Movement Phase; state.movement.moved); Rally and
 *   Breastworks markers, attacks, retreats and advances are not moves;
 * - "units that are in an Enemy Zone of Control": a unit that begins its
 *   move in an Enemy controlled hex (7.0) neither counts against its
 *   command's allocation nor is refused by it, before or after the roll;
 * - no transfer, no saving: each command's allocation is its own and lasts
 *   one Movement Phase (the record is per Game-Turn).
 *
 * params: { side: Side,
 *           commands: Array<{ name: string, flag: string, marking?: string }>,
 *           limits: Array<{ byDie: number[6] | units: number, turns?: number[], fromTurn?: number, toTurn?: number }>,
 *           notCounted?: ["in-enemy-zoc"] }
 */
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order, UnitState } from '../../state';
import type { GameEvent, RuleHook, Side } from '../../types';
import { enemyZocOf } from '../blue-grey/zoc';
import { refusal, refuse } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export interface CommandSpec {
  name: string;
  /** The flag (UnitSpec.flags) that marks a unit of this command. */
  flag: string;
  /** How the counters are marked ("blue"), as the text says. */
  marking?: string;
}

interface CommandLimit {
  /** The allocation for each die roll 1-6. */
  byDie?: number[];
  /** A fixed allocation for each command. */
  units?: number;
  turns?: number[];
  fromTurn?: number;
  toTurn?: number;
}

/** hookState entry: this Game-Turn's allocations and the units that moved out of an Enemy Zone of Control. */
export interface CommandQuotaState {
  turn: number;
  /** The die rolled for each command (null until the roll; none for a fixed allocation). */
  rolls: Record<string, number> | null;
  /** Units that moved from an Enemy controlled hex this Movement Phase (not counted). */
  uncounted: string[];
}

export function isCommandQuotaForm(p: Record<string, unknown>): boolean {
  return p.commands !== undefined;
}

const allocation = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;

export const commandQuotaSupport: HookSupport = knownParams(
  ['side', 'commands', 'limits', 'notCounted'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    const commands = p.commands as CommandSpec[];
    if (!Array.isArray(commands) || commands.length === 0) return 'a quota without "commands"';
    const names = new Set<string>();
    const flags = new Set<string>();
    for (const c of commands) {
      const extra = Object.keys(c ?? {}).filter((k) => !['name', 'flag', 'marking'].includes(k));
      if (extra.length > 0) return `command ${extra.map((k) => `"${k}"`).join(', ')}`;
      if (typeof c.name !== 'string' || typeof c.flag !== 'string')
        return 'a command without "name" or "flag"';
      if (names.has(c.name) || flags.has(c.flag)) return `command ${c.name} listed twice`;
      names.add(c.name);
      flags.add(c.flag);
    }
    const limits = p.limits as CommandLimit[];
    if (!Array.isArray(limits) || limits.length === 0) return 'a quota without "limits"';
    for (const l of limits) {
      const extra = Object.keys(l ?? {}).filter(
        (k) => !['byDie', 'units', 'turns', 'fromTurn', 'toTurn'].includes(k),
      );
      if (extra.length > 0) return `limit ${extra.map((k) => `"${k}"`).join(', ')}`;
      if ((l.byDie === undefined) === (l.units === undefined))
        return 'a limit with neither or both of "byDie" and "units"';
      if (l.byDie !== undefined && (!Array.isArray(l.byDie) || l.byDie.length !== 6))
        return `byDie ${JSON.stringify(l.byDie)} (one allocation for each roll 1-6)`;
      if (l.byDie !== undefined && !l.byDie.every(allocation))
        return `byDie ${JSON.stringify(l.byDie)}`;
      if (l.units !== undefined && !allocation(l.units)) return `units ${JSON.stringify(l.units)}`;
    }
    const nc = p.notCounted;
    if (
      nc !== undefined &&
      (!Array.isArray(nc) || nc.length !== 1 || (nc as unknown[])[0] !== 'in-enemy-zoc')
    )
      return `notCounted ${JSON.stringify(nc)}`;
    return null;
  },
);

export function commandQuota(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const commands = p.commands as CommandSpec[];
  const limits = p.limits as CommandLimit[];
  const zocNotCounted = Array.isArray(p.notCounted) && p.notCounted.includes('in-enemy-zoc');
  const key = hookKey(rule);

  const limitFor = (turn: number): CommandLimit | null =>
    limits.find((l) =>
      l.turns
        ? l.turns.includes(turn)
        : (l.fromTurn ?? 1) <= turn && turn <= (l.toTurn ?? Infinity),
    ) ?? null;
  const commandOf = (ctx: GameContext, id: string): CommandSpec | null => {
    const flags = ctx.unitSpecs.get(id)?.flags ?? [];
    return commands.find((c) => flags.includes(c.flag)) ?? null;
  };
  const inForce = (state: GameState) =>
    state.phase === 'movement' &&
    state.phasing === side &&
    state.movement !== null &&
    limitFor(state.turn) !== null;
  const record = (state: GameState): CommandQuotaState => {
    const r = hookStateOf<CommandQuotaState | null>(state, key, null);
    return r && r.turn === state.turn ? r : { turn: state.turn, rolls: null, uncounted: [] };
  };
  const inEnemyZoc = (ctx: GameContext, state: GameState, unit: UnitState) =>
    zocNotCounted &&
    unit.status === 'on-map' &&
    unit.hex !== null &&
    enemyZocOf(ctx, state, side)[ctx.board.index.get(unit.hex)!] === 1;
  /** Each command's allocation this Movement Phase, or null until the roll it needs. */
  const allocations = (state: GameState): Record<string, number> | null => {
    const l = limitFor(state.turn)!;
    if (l.units !== undefined) return Object.fromEntries(commands.map((c) => [c.name, l.units!]));
    const rolls = record(state).rolls;
    if (!rolls) return null;
    return Object.fromEntries(commands.map((c) => [c.name, l.byDie![rolls[c.name] - 1]]));
  };
  /** Units of the command counted against its allocation so far this Movement Phase. */
  const used = (ctx: GameContext, state: GameState, c: CommandSpec): number => {
    const uncounted = new Set(record(state).uncounted);
    return state.movement!.moved.filter(
      (id) =>
        !uncounted.has(id) && state.units[id]?.side === side && commandOf(ctx, id)?.name === c.name,
    ).length;
  };
  /** Units the roll order could let move now: a counted unit of a command not yet moved or marked. */
  const due = (ctx: GameContext, state: GameState) =>
    Object.values(state.units).some((u) => {
      if (u.side !== side || !commandOf(ctx, u.id)) return false;
      if (u.status === 'on-map')
        return !state.movement!.moved.includes(u.id) && !state.movement!.marked.includes(u.id);
      return (
        u.status === 'pending' && (ctx.reinforcementOf.get(u.id)?.turn ?? Infinity) <= state.turn
      );
    });

  const check = (ctx: GameContext, state: GameState, unit: UnitState) => {
    if (unit.side !== side || !inForce(state)) return null;
    if (inEnemyZoc(ctx, state, unit)) return null;
    const c = commandOf(ctx, unit.id);
    if (!c)
      return refusal(
        'NO_COMMAND',
        rule.case,
        `${unit.id} belongs to no command (its counter carries none of the flags ${commands.map((x) => `"${x.flag}"`).join(', ')}): a ${side} unit moves only under its command's allocation`,
      );
    const alloc = allocations(state);
    if (!alloc)
      return refusal(
        'ALLOCATION_ROLL_FIRST',
        rule.case,
        `roll for each command's allocation first (order "activation-roll" with rule "${rule.case}")`,
      );
    const n = used(ctx, state, c);
    if (n < alloc[c.name]) return null;
    return refusal(
      'MOVEMENT_QUOTA',
      rule.case,
      `${c.name}'s command may move only ${alloc[c.name]} units this Movement Phase, and ${n} have moved (allocations are not transferred)`,
    );
  };

  return {
    hook: rule.hook,
    case: rule.case,
    orderTypes: ['activation-roll'],
    constraint(ctx, state, unit) {
      const r = check(ctx, state, unit);
      return r ? { kind: 'forbidden', refusal: r } : null;
    },
    entryRefusal(ctx, state, unit) {
      return check(ctx, state, unit);
    },
    movementOrders(ctx, state, s): Order[] {
      if (s !== side || !inForce(state) || limitFor(state.turn)!.byDie === undefined) return [];
      if (record(state).rolls || !due(ctx, state)) return [];
      return [{ type: 'activation-roll', rule: rule.case }];
    },
    applyMovementOrder(ctx, state, s, o, _access, dice): ApplyResult {
      if (o.rule !== undefined && o.rule !== rule.case)
        return refuse(
          'BAD_ORDER',
          rule.case,
          `activation-roll names rule ${String(o.rule)}, not ${rule.case}`,
        );
      if (s !== side || !inForce(state) || limitFor(state.turn)!.byDie === undefined)
        return refuse(
          'NO_ALLOCATION_ROLL',
          rule.case,
          `no allocation roll is made now (the ${side} Movement Phase, Game-Turns with a rolled allocation)`,
        );
      const rec = record(state);
      if (rec.rolls)
        return refuse(
          'ALREADY_ROLLED',
          rule.case,
          'the allocations have been rolled this Movement Phase',
        );
      if (!due(ctx, state))
        return refuse('NO_ALLOCATION_ROLL', rule.case, 'no unit of a command may move now');
      if (!dice) return refuse('BAD_ORDER', rule.case, 'the allocation roll needs the game dice');
      const byDie = limitFor(state.turn)!.byDie!;
      const rolls: Record<string, number> = {};
      const allocated: Record<string, number> = {};
      for (const c of commands) {
        rolls[c.name] = dice.d6();
        allocated[c.name] = byDie[rolls[c.name] - 1];
      }
      const event: GameEvent = {
        type: 'allocation-rolled',
        side,
        rolls,
        allocated,
        rule: rule.case,
        decided: commands
          .map((c) => `${c.name} may move ${allocated[c.name]} units this Movement Phase`)
          .join('; '),
      };
      return {
        ok: true,
        state: withHookState<CommandQuotaState>(state, key, { ...rec, rolls }),
        events: [event],
      };
    },
    afterOrder(ctx, before, after) {
      // A unit that moved from an Enemy controlled hex does not count (17.3).
      if (!zocNotCounted || !before.movement || !after.movement || before.phasing !== side)
        return null;
      if (before.phase !== 'movement' || after.turn !== before.turn) return null;
      const fresh = after.movement.moved.filter((id) => !before.movement!.moved.includes(id));
      const out = fresh.filter((id) => {
        const u = before.units[id];
        return u && u.side === side && inEnemyZoc(ctx, before, u);
      });
      if (out.length === 0) return null;
      const rec = record(after);
      return {
        state: withHookState<CommandQuotaState>(after, key, {
          ...rec,
          uncounted: [...rec.uncounted, ...out],
        }),
        events: [],
      };
    },
  };
}
