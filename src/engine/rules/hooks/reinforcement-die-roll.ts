/**
 * conditional-reinforcements (battles.md §17 rank 6), mode "die-roll":
 * groups of reinforcements that arrive only on a die roll.
 *
 * Second Bull Run 17.3: "Beginning with Game-Turn Ten, the Union Player
 * rolls the die at the start of his Player-Turn to determine whether his II
 * Corps will arrive on the battlefield. On a die roll result of '6' he
 * receives the following units at hex 0116 ... Beginning with Game-Turn
 * Twelve, the Union Player rolls the die at the start of his Player-Turn to
 * determine whether his Kanawha Division will arrive on the battlefield. If
 * the II Corps has not arrived, make separate die rolls for each group of
 * reinforcements. On a die roll result of '6' he receives the following unit
 * at hex 1827 ... The Union Player may not decline to bring his Conditional
 * Reinforcements into play."
 *
 * Readings:
 * - each group's units are on the reinforcement chart at its first Game-Turn
 *   (`fromTurn`) and entry hexes, with a `condition` naming this hook;
 * - at the start of each Player-Turn of `side` from a group's `fromTurn` on,
 *   until it arrives, the engine rolls one die for it (one roll per group,
 *   separateRollPerGroup; the player has no say in it): the roll and what it
 *   decided are recorded as events. Play reaches the start of a Player-Turn
 *   when its Movement Phase begins (after the order that ended the previous
 *   Player-Turn, or the set-up);
 * - on a face of `succeedOn` the group arrives: its units may enter from that
 *   Movement Phase on, at the chart's entry hexes; before that they may not
 *   enter at all;
 * - mayDecline false ("may not decline to bring them into play"): an arrived
 *   unit that can enter in this Movement Phase must (the Movement Phase may
 *   not end while one of them can still enter), against 5.0's holding back;
 *   one that cannot (5.3, 5.4) enters as soon as it can, and only then, on
 *   a later Game-Turn, may it use 5.5's hexes within three of its entry hex
 *   (its "scheduled Game-Turn" is the one it arrived on, not `fromTurn`).
 *
 * params: { mode: "die-roll", side: Side, rollAt: "start-of-player-turn", succeedOn: number[] (die faces),
 *           separateRollPerGroup: true, mayDecline: boolean,
 *           groups: Array<{ group: string, fromTurn: number, units: string[], entry?: HexId[] }> }
 */
import type { GameState, UnitState } from '../../state';
import type { GameEvent, HexId, RuleHook, Side } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

interface Group {
  group: string;
  fromTurn: number;
  units: string[];
  entry?: HexId[];
}

/** hookState entry: the Game-Turns each group was rolled for, and the Game-Turn it arrived (if it has). */
export interface DieRollReinforcementState {
  rolled: Record<string, number[]>;
  arrived: Record<string, number>;
}

export const isDieRollForm = (p: Record<string, unknown>): boolean => p.mode === 'die-roll';

export const dieRollSupport: HookSupport = knownParams(
  ['mode', 'side', 'rollAt', 'succeedOn', 'separateRollPerGroup', 'mayDecline', 'groups'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate')
      return 'die-roll reinforcements without "side"';
    if (p.rollAt !== 'start-of-player-turn') return `rollAt ${JSON.stringify(p.rollAt)}`;
    const faces = p.succeedOn as unknown[];
    if (
      !Array.isArray(faces) ||
      faces.length === 0 ||
      faces.some((f) => !Number.isInteger(f) || (f as number) < 1 || (f as number) > 6)
    )
      return `succeedOn ${JSON.stringify(p.succeedOn)}`;
    if (p.separateRollPerGroup !== true)
      return `separateRollPerGroup ${JSON.stringify(p.separateRollPerGroup)}`;
    if (typeof p.mayDecline !== 'boolean') return `mayDecline ${JSON.stringify(p.mayDecline)}`;
    const groups = p.groups as Group[];
    if (!Array.isArray(groups) || groups.length === 0)
      return 'die-roll reinforcements without "groups"';
    const names = new Set<string>();
    for (const g of groups) {
      const extra = Object.keys(g ?? {}).filter(
        (k) => !['group', 'fromTurn', 'units', 'entry'].includes(k),
      );
      if (extra.length > 0) return `group parameters ${extra.map((k) => `"${k}"`).join(', ')}`;
      if (typeof g.group !== 'string' || names.has(g.group))
        return `group name ${JSON.stringify(g.group)}`;
      names.add(g.group);
      if (!Number.isInteger(g.fromTurn) || g.fromTurn < 1)
        return `group "${g.group}" fromTurn ${JSON.stringify(g.fromTurn)}`;
      if (!Array.isArray(g.units) || g.units.length === 0)
        return `group "${g.group}" without "units"`;
    }
    return null;
  },
);

export function dieRollReinforcements(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const faces = p.succeedOn as number[];
  const mayDecline = p.mayDecline === true;
  const groups = p.groups as Group[];
  const groupOf = new Map<string, Group>();
  for (const g of groups) for (const u of g.units) groupOf.set(u, g);
  const key = hookKey(rule);
  const empty: DieRollReinforcementState = { rolled: {}, arrived: {} };
  const stateOf = (state: GameState) => hookStateOf<DieRollReinforcementState>(state, key, empty);
  const arrivedOn = (state: GameState, unit: string): number | undefined => {
    const g = groupOf.get(unit);
    return g ? stateOf(state).arrived[g.group] : undefined;
  };

  return {
    hook: rule.hook,
    case: rule.case,
    entryRefusal(_ctx, state, unit) {
      const g = groupOf.get(unit.id);
      if (!g || stateOf(state).arrived[g.group] !== undefined) return null;
      return refusal(
        'REINFORCEMENT_NOT_ARRIVED',
        rule.case,
        `${unit.id} (${g.group}) arrives only on a die roll of ${faces.join(' or ')} at the start of a ${side} Player-Turn from Game-Turn ${g.fromTurn}; it has not arrived`,
      );
    },
    entryHexes(ctx, state, unit, standard) {
      // On the Game-Turn it arrives a group enters at its chart hexes; 5.5's hexes only after that.
      if (arrivedOn(state, unit.id) !== state.turn) return standard;
      const printed = ctx.reinforcementOf.get(unit.id)?.entry ?? [];
      return standard.filter((h) => printed.includes(h));
    },
    endPhaseRefusal(_ctx, state, phasing, canMove) {
      if (mayDecline || phasing !== side) return null;
      const waiting: string[] = [];
      for (const g of groups) {
        if (stateOf(state).arrived[g.group] === undefined) continue;
        for (const id of g.units) {
          const u: UnitState | undefined = state.units[id];
          if (u && u.status === 'pending' && canMove(u)) waiting.push(id);
        }
      }
      if (waiting.length === 0) return null;
      return refusal(
        'REINFORCEMENTS_MUST_ENTER',
        rule.case,
        `the ${side} player may not decline his conditional reinforcements: these units can still enter this Movement Phase: ${waiting.join(', ')}`,
      );
    },
    afterOrder(_ctx, _before, after, _events, dice) {
      if (after.phase !== 'movement' || after.phasing !== side || !dice) return null;
      const hs = stateOf(after);
      const rolled = { ...hs.rolled };
      const arrived = { ...hs.arrived };
      const events: GameEvent[] = [];
      for (const g of groups) {
        if (after.turn < g.fromTurn || arrived[g.group] !== undefined) continue;
        if ((rolled[g.group] ?? []).includes(after.turn)) continue;
        const roll = dice.d6();
        const ok = faces.includes(roll);
        rolled[g.group] = [...(rolled[g.group] ?? []), after.turn];
        if (ok) arrived[g.group] = after.turn;
        events.push({
          type: 'die-rolled',
          purpose: 'conditional-reinforcements',
          rule: rule.case,
          side,
          turn: after.turn,
          group: g.group,
          roll,
          arrived: ok,
        });
        if (ok)
          events.push({
            type: 'reinforcements-arrived',
            group: g.group,
            units: g.units,
            turn: after.turn,
            rule: rule.case,
          });
      }
      if (events.length === 0) return null;
      return { state: withHookState(after, key, { rolled, arrived }), events };
    },
  };
}
