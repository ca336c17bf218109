/**
 * movement-quota, form "the side's quota rolled by die each Movement Phase"
 * (battles.md §17 rank 4: die-rolled quotas; rank 23: randomised command).
 * The fixed quotas are movement-quota.ts; a quota for each command is
 * movement-quota-commands.ts; a declaration with `byDie` and no `commands`
 * is this form.
 *
 * Savage's Station 18.1: "At the beginning of each of Union Player Movement
 * Phase, the Union Player rolls a die and refers to the Union Command Table.
 * The result is the number of units that the Union Player may move during
 * the Movement Phase. For each two groups of Confederate Reinforcements that
 * have entered play, one is added to the Union Player's die roll."
 * 18.2 (table): 1 → 3 units, 2 → 4, 3 → 5, 4 → 6, 5 → 7, 6 → 8.
 *
 * Readings:
 * - the roll is the engine's, at the beginning of each Movement Phase of
 *   `side` (the player has no say in it), recorded in the event with the
 *   modifier and the number of units it allows;
 * - the modifier: +`plus` for every `per` groups of the reinforcement table
 *   (the scenario's conditional-reinforcements declaration of case
 *   `reinforcementTable`, reinforcement-table.ts) that have entered play when
 *   the roll is made: a group has entered play once one of its units has
 *   entered the map;
 * - a modified roll above the table's last row reads the last row
 *   (`above: "last-row"`: the table stops at 6, and the text says nothing
 *   of 7 or 8 — doubtful);
 * - a unit "moves" as in movement-quota.ts: moves, strategic moves, entries
 *   and map exits in its Movement Phase (state.movement.moved); Rally and
 *   Breastworks markers, attacks, retreats and advances are not moves;
 * - the roll is made as the phase begins (phase-roll.ts: by the engine after
 *   the order that reaches the phase, or by the order `activation-roll
 *   {rule}` in a game created straight into it); until it is made no unit of
 *   the side moves or enters and the phase may not end (ROLL_FIRST).
 *
 * params: { side: Side, byDie: number[6], rollAt: "start-of-movement-phase",
 *           dieModifier?: { plus: number, per: number, reinforcementTable: case },
 *           above: "last-row" }
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { Refusal, RuleHook, Side } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { isReinforcementTableForm, reinforcementGroupsEntered } from './reinforcement-table';
import { phaseRollPoints } from './phase-roll';

interface DieModifier {
  plus: number;
  per: number;
  /** The case of the scenario's reinforcement table declaration whose groups count. */
  reinforcementTable: string;
}

/** hookState entry: this Game-Turn's roll and the number of units it allows. */
export interface RolledQuotaState {
  turn: number;
  roll: number;
  modifier: number;
  units: number;
}

export const isRolledQuotaForm = (p: Record<string, unknown>): boolean =>
  p.byDie !== undefined && p.commands === undefined;

const isSide = (s: unknown) => s === 'union' || s === 'confederate';
const count = (n: unknown, min: number) => Number.isInteger(n) && (n as number) >= min;

export const rolledQuotaSupport: HookSupport = knownParams(
  ['side', 'byDie', 'rollAt', 'dieModifier', 'above'],
  (p) => {
    if (!isSide(p.side)) return 'a "side"';
    const byDie = p.byDie as unknown[];
    if (!Array.isArray(byDie) || byDie.length !== 6 || !byDie.every((n) => count(n, 0)))
      return `byDie ${JSON.stringify(p.byDie)} (one number of units for each roll 1-6)`;
    if (p.rollAt !== 'start-of-movement-phase') return `rollAt ${JSON.stringify(p.rollAt)}`;
    if (p.above !== 'last-row') return `above ${JSON.stringify(p.above)}`;
    const m = p.dieModifier as Record<string, unknown> | undefined;
    if (m !== undefined) {
      const extra = Object.keys(m ?? {}).filter(
        (k) => !['plus', 'per', 'reinforcementTable'].includes(k),
      );
      if (extra.length > 0) return `dieModifier ${extra.map((k) => `"${k}"`).join(', ')}`;
      if (!count(m.plus, 1) || !count(m.per, 1) || typeof m.reinforcementTable !== 'string')
        return `dieModifier ${JSON.stringify(m)}`;
    }
    return null;
  },
);

export function rolledQuota(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const byDie = p.byDie as number[];
  const modifier = p.dieModifier as DieModifier | undefined;
  const key = hookKey(rule);

  const rolledNow = (state: GameState): RolledQuotaState | null => {
    const r = hookStateOf<RolledQuotaState | null>(state, key, null);
    return r && r.turn === state.turn ? r : null;
  };
  const modifierOf = (ctx: GameContext, state: GameState): number => {
    if (!modifier) return 0;
    const table = ctx.scenario.specialRules.find(
      (r) =>
        r.hook === 'conditional-reinforcements' &&
        r.case === modifier.reinforcementTable &&
        isReinforcementTableForm(r.params ?? {}),
    );
    // The declaration names a table the scenario must have: a data error, never read as no group.
    if (!table)
      throw new Error(
        `movement-quota (${rule.case}) counts the groups of reinforcement table ${modifier.reinforcementTable}, which the scenario does not declare`,
      );
    const entered = reinforcementGroupsEntered(ctx, state, table).length;
    return modifier.plus * Math.floor(entered / modifier.per);
  };

  const points = phaseRollPoints(rule, {
    side,
    what: 'the Command Table',
    rollsOn: () => true,
    rolled: (state) => rolledNow(state) !== null,
    roll(ctx, state, dice) {
      const roll = dice.d6();
      const plus = modifierOf(ctx, state);
      const row = Math.min(roll + plus, byDie.length);
      const next: RolledQuotaState = {
        turn: state.turn,
        roll,
        modifier: plus,
        units: byDie[row - 1],
      };
      return {
        state: withHookState(state, key, next),
        events: [
          {
            type: 'die-rolled',
            purpose: 'movement-quota',
            rule: rule.case,
            side,
            turn: state.turn,
            roll,
            modifier: plus,
            row,
            units: next.units,
            decided: `the ${side} player may move ${next.units} units this Movement Phase`,
          },
        ],
      };
    },
  });
  /** Why this unit of the side may not move or enter now: the roll not made, or the quota used up. */
  const check = (state: GameState, unit: UnitState): Refusal | null => {
    if (unit.side !== side || state.phase !== 'movement' || state.phasing !== side) return null;
    const pending = points.pending(state, unit);
    if (pending) return pending;
    const r = rolledNow(state);
    if (!r || !state.movement) return null;
    const used = state.movement.moved.filter((id) => state.units[id]?.side === side).length;
    if (used < r.units) return null;
    return refusal(
      'MOVEMENT_QUOTA',
      rule.case,
      `the ${side} player rolled ${r.roll}${r.modifier ? ` +${r.modifier}` : ''} on the Command Table and may move only ${r.units} units this Movement Phase, and ${used} have moved`,
    );
  };

  return {
    hook: rule.hook,
    case: rule.case,
    ...points,
    constraint(_ctx, state, unit) {
      const r = check(state, unit);
      return r ? { kind: 'forbidden', refusal: r } : null;
    },
    entryRefusal(_ctx, state, unit) {
      return check(state, unit);
    },
  };
}
