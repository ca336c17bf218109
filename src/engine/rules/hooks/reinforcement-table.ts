/**
 * conditional-reinforcements (battles.md §17 rank 6), mode "die-roll-table":
 * a die roll each Game-Turn on a table decides which group of reinforcements
 * enters, and where.
 *
 * Savage's Station 17.1: "At the beginning of each Confederate Movement
 * Phase, the Confederate Player rolls a die and refers to the Confederate
 * Reinforcement Table, using the column that corresponds to the current
 * Game-Turn. The result is the units that enter and the hexes at which they
 * enter. If units in the result have previously entered as Reinforcements,
 * then the result is considered to be no Reinforcements for the Game-Turn."
 * 17.2 prints the table: die roll 1-6 by Game-Turn 1-6, each result a group
 * (A-D) and an entry point (a-c), or "-/-" for none.
 *
 * The text never says which units make up groups A-D, nor where entry
 * points a-c are. So:
 * - the groups' units are supplied by the players (the scenario's
 *   `counters`) as reinforcements, each carrying its group's flag
 *   (UnitSpec.flags, `groups`: "group-A" ...), as Peachtree Creek's
 *   supplied counters carry their command's; the reinforcement's `turn` and
 *   `entry` are not used (the table decides when and where). A flagged unit
 *   set up on the map is not a reinforcement and the table does not concern it;
 * - the entry points are the scenario's data (`entryPoints`: map-edge hexes
 *   for each letter, reconstructed in the scenario's map).
 *
 * Readings:
 * - the roll is made at the beginning of each `side` Movement Phase of a
 *   Game-Turn the table has a column for (the player has no say in it;
 *   phase-roll.ts: by the engine after the order that reaches the phase, or
 *   by the order `activation-roll {rule}` in a game created straight into
 *   it; until then no unit of the side moves or enters and the phase may
 *   not end): the die, the cell and what it decided are recorded in the event;
 * - a group is received the first time the table names it: its units may
 *   enter from that Movement Phase on, only at the hexes of the entry point
 *   of that result (17.1 "the hexes at which they enter"; 5.0's holding back
 *   applies, 5.5's relocation does not: the entry point is the table's);
 *   before that they may not enter at all;
 * - a later result naming a received group is no reinforcements (17.1),
 *   whether or not its units have all entered yet, and its entry point does
 *   not change;
 * - a result naming a group with no unit in the game (not supplied) is
 *   recorded and brings nothing;
 * - a group "has entered play" (18.1's count, reinforcementGroupsEntered)
 *   once one of its flagged reinforcements has entered the map.
 *
 * params: { mode: "die-roll-table", side: Side, rollAt: "start-of-movement-phase",
 *           table: string[6][turns] ("A/a" | "-/-", row = die roll 1-6, column = Game-Turn),
 *           groups: Array<{ group: string, flag: string }>,
 *           entryPoints: Record<letter, HexId[]>, repeatedGroup: "no-reinforcements" }
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { phaseRollPoints } from './phase-roll';

/** hookState entry: the Game-Turns rolled for, and each group received (when, where, on what roll). */
export interface ReinforcementTableState {
  rolledTurns: number[];
  received: Record<string, { turn: number; entryPoint: string; roll: number }>;
}

const CELL = /^(?:([A-Z])\/([a-z])|-\/-)$/;

export const isReinforcementTableForm = (p: Record<string, unknown>): boolean =>
  p.mode === 'die-roll-table';

export const reinforcementTableSupport: HookSupport = knownParams(
  ['mode', 'side', 'rollAt', 'table', 'groups', 'entryPoints', 'repeatedGroup'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate')
      return 'a reinforcement table without "side"';
    if (p.rollAt !== 'start-of-movement-phase') return `rollAt ${JSON.stringify(p.rollAt)}`;
    if (p.repeatedGroup !== 'no-reinforcements')
      return `repeatedGroup ${JSON.stringify(p.repeatedGroup)}`;
    const table = p.table as unknown[];
    if (!Array.isArray(table) || table.length !== 6)
      return 'a reinforcement table without six rows (die rolls 1-6)';
    const columns = (table[0] as unknown[] | undefined)?.length ?? 0;
    if (columns === 0) return 'a reinforcement table without Game-Turn columns';
    const groups = p.groups as Array<Record<string, unknown>>;
    if (!Array.isArray(groups) || groups.length === 0)
      return 'a reinforcement table without "groups"';
    const names = new Set<unknown>();
    const flags = new Set<unknown>();
    for (const g of groups) {
      const extra = Object.keys(g ?? {}).filter((k) => k !== 'group' && k !== 'flag');
      if (extra.length > 0) return `group ${extra.map((k) => `"${k}"`).join(', ')}`;
      if (typeof g.group !== 'string' || typeof g.flag !== 'string')
        return 'a group without "group" or "flag"';
      if (names.has(g.group) || flags.has(g.flag)) return `group ${g.group} listed twice`;
      names.add(g.group);
      flags.add(g.flag);
    }
    const points = (p.entryPoints ?? {}) as Record<string, unknown>;
    for (const [letter, hexes] of Object.entries(points)) {
      if (!/^[a-z]$/.test(letter)) return `entry point "${letter}"`;
      if (!Array.isArray(hexes) || hexes.length === 0 || hexes.some((h) => typeof h !== 'string'))
        return `entry point ${letter} without hexes`;
    }
    for (const r of table) {
      if (!Array.isArray(r) || r.length !== columns)
        return 'a reinforcement table whose rows differ in length';
      for (const cell of r) {
        const m = typeof cell === 'string' ? CELL.exec(cell) : null;
        if (!m) return `table cell ${JSON.stringify(cell)}`;
        if (m[1] !== undefined && !names.has(m[1])) return `group "${m[1]}" without a flag`;
        if (m[2] !== undefined && !(m[2] in points)) return `entry point "${m[2]}" without hexes`;
      }
    }
    return null;
  },
);

/** The groups of a table declaration, by flag. */
const groupsOf = (rule: RuleHook): Array<{ group: string; flag: string }> =>
  (rule.params?.groups as Array<{ group: string; flag: string }>) ?? [];

/** The table group of a unit: a reinforcement of the table's side carrying a group's flag; null if none. */
export function tableGroupOf(ctx: GameContext, rule: RuleHook, unitId: string): string | null {
  const spec = ctx.unitSpecs.get(unitId);
  const r = ctx.reinforcementOf.get(unitId);
  if (!spec || !r || spec.side !== rule.params?.side) return null;
  return groupsOf(rule).find((g) => spec.flags?.includes(g.flag))?.group ?? null;
}

/**
 * Groups of a table declaration with a unit that has entered the map
 * (Savage's Station 18.1: "groups of Confederate Reinforcements that have
 * entered play"), in the table's order.
 */
export function reinforcementGroupsEntered(
  ctx: GameContext,
  state: GameState,
  rule: RuleHook,
): string[] {
  const entered = new Set<string>();
  for (const id in state.units) {
    if (state.units[id].status === 'pending') continue;
    const g = tableGroupOf(ctx, rule, id);
    if (g !== null) entered.add(g);
  }
  return groupsOf(rule)
    .map((g) => g.group)
    .filter((g) => entered.has(g));
}

export function reinforcementTable(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const table = p.table as string[][];
  const entryPoints = p.entryPoints as Record<string, HexId[]>;
  const key = hookKey(rule);
  const empty: ReinforcementTableState = { rolledTurns: [], received: {} };
  const stateOf = (state: GameState) => hookStateOf<ReinforcementTableState>(state, key, empty);

  /** The group this unit belongs to under this table, or null. */
  const groupOf = (ctx: GameContext, unit: UnitState): string | null =>
    tableGroupOf(ctx, rule, unit.id);
  const groupUnits = (ctx: GameContext, group: string): string[] =>
    ctx.scenario.units.map((u) => u.id).filter((id) => tableGroupOf(ctx, rule, id) === group);

  const points = phaseRollPoints(rule, {
    side,
    what: 'the Reinforcement Table',
    rollsOn: (state) => state.turn <= table[0].length,
    rolled: (state) => stateOf(state).rolledTurns.includes(state.turn),
    roll(ctx, state, dice) {
      const hs = stateOf(state);
      const roll = dice.d6();
      const cell = table[roll - 1][state.turn - 1];
      const m = CELL.exec(cell)!;
      const group = m[1] ?? null;
      const entryPoint = m[2] ?? null;
      let decided: string;
      let received = hs.received;
      if (group === null) decided = 'no reinforcements';
      else if (hs.received[group] !== undefined)
        decided = `no reinforcements: group ${group} was received on Game-Turn ${hs.received[group].turn}`;
      else {
        received = { ...received, [group]: { turn: state.turn, entryPoint: entryPoint!, roll } };
        const units = groupUnits(ctx, group);
        decided =
          units.length > 0
            ? `group ${group} enters at entry point ${entryPoint} (${entryPoints[entryPoint!].join(', ')})`
            : `group ${group} at entry point ${entryPoint}: no unit of group ${group} is in this game`;
      }
      const next: ReinforcementTableState = {
        rolledTurns: [...hs.rolledTurns, state.turn],
        received,
      };
      const got = received !== hs.received;
      return {
        state: withHookState(state, key, next),
        events: [
          {
            type: 'die-rolled',
            purpose: 'reinforcement-table',
            rule: rule.case,
            side,
            turn: state.turn,
            roll,
            result: cell,
            group: got ? group : null,
            entryPoint: got ? entryPoint : null,
            units: got && group ? groupUnits(ctx, group) : [],
            decided,
          },
        ],
      };
    },
  });

  return {
    hook: rule.hook,
    case: rule.case,
    ...points,
    entryRefusal(ctx, state, unit) {
      const pending = points.pending(state, unit);
      if (pending) return pending;
      const g = groupOf(ctx, unit);
      if (g === null) return null;
      if (stateOf(state).received[g] === undefined)
        return refusal(
          'REINFORCEMENT_GROUP_NOT_RECEIVED',
          rule.case,
          `${unit.id} is of group ${g}, which has not been rolled on the reinforcement table (${rule.case})`,
        );
      return null;
    },
    arrivesEarly(ctx, state, unit) {
      const g = groupOf(ctx, unit);
      return g !== null && stateOf(state).received[g] !== undefined;
    },
    entryHexes(ctx, state, unit, standard) {
      const g = groupOf(ctx, unit);
      if (g === null) return standard;
      const got = stateOf(state).received[g];
      if (!got) return [];
      return (entryPoints[got.entryPoint] ?? []).filter((h) => ctx.board.index.has(h));
    },
  };
}
