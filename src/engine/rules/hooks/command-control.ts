/**
 * Command control by die roll (battles.md §17): before a side's Movement
 * Phase, one die per formation decides whether its units may move.
 *
 * Grand Chancellorsville 23.4: "Corps identification is the final character
 * in Union unit designations. Starting with Game-Turn Seven, the Union Player
 * has a Command Control Phase preceding his Movement Phase. During this
 * Phase, the Union Player rolls the die for each Corps (I, II, III, V, XI,
 * etc.) on the map sheet. On a roll of '1–3', all units in that particular
 * corps may move on that Game-Turn. On a die roll of '4–6', no units in that
 * corps may move on that Game-Turn. All cavalry units are considered as
 * belonging to one separate corps, and may move on a die roll of '1–4'. The
 * Reserve artillery unit may be considered as belonging to any corps to which
 * it is assigned by the Union Player at the beginning of any particular
 * Command Control Phase, except the Cavalry Corps."
 *
 * Readings:
 * - the Command Control Phase is the order `command-control {reserveTo?}`,
 *   the first thing of the side's Movement Phase from Game-Turn `fromTurn`
 *   on: until it is made no unit of a corps may move or enter and the phase
 *   may not end (it precedes the Movement Phase). It is due only if a unit of
 *   some corps is on the map;
 * - a corps is "on the map sheet" if one of its units is on the map when the
 *   phase is played; one die is rolled for each such corps, in the order the
 *   scenario lists them, then for the cavalry corps. A corps with no unit on
 *   the map is not rolled for, and its units that enter this Game-Turn move
 *   freely (no roll governs them; doubtful);
 * - `reserveTo` names the corps the assignable unit (the Reserve artillery)
 *   belongs to this Game-Turn: a rolled corps other than the cavalry, given
 *   whenever the unit is on the map and a corps is rolled; it then moves
 *   exactly when that corps does;
 * - "may not move": no move, entry or map exit (the unit's move, 6.18) in
 *   this Game-Turn's Movement Phase; attacking, defending, retreating,
 *   advancing and placing a Rally or Breastworks marker (not moves) stay
 *   allowed;
 * - the dice are drawn from the game's dice and recorded in the event with
 *   what each decided.
 *
 * params: { side: Side, fromTurn: number, phaseBefore: "movement", groups: "corps",
 *           corps: Record<name, unitId[]>, moveOn: number[],
 *           cavalryCorps: { units: unitId[], moveOn: number[] },
 *           assignable: { unit: unitId, toAnyCorpsExcept: "cavalry" } }
 */
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order, UnitState } from '../../state';
import type { RuleHook, Side } from '../../types';
import { refusal, refuse } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

/** The cavalry corps' name in rolls and events. */
export const CAVALRY_CORPS = 'Cavalry';

/** hookState entry: this Game-Turn's rolls. */
export interface CommandControlState {
  rolled: {
    turn: number;
    rolls: Record<string, number>;
    moves: string[];
    reserveTo: string | null;
  } | null;
}

const dieFaces = (v: unknown) =>
  Array.isArray(v) && v.length > 0 && v.every((n) => Number.isInteger(n) && n >= 1 && n <= 6);

export const commandControlSupport: HookSupport = knownParams(
  ['side', 'fromTurn', 'phaseBefore', 'groups', 'corps', 'moveOn', 'cavalryCorps', 'assignable'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    if (!Number.isInteger(p.fromTurn) || (p.fromTurn as number) < 1)
      return `fromTurn ${JSON.stringify(p.fromTurn)}`;
    if (p.phaseBefore !== 'movement') return `phaseBefore ${JSON.stringify(p.phaseBefore)}`;
    if (p.groups !== 'corps') return `groups ${JSON.stringify(p.groups)}`;
    const corps = p.corps as Record<string, unknown> | undefined;
    if (!corps || typeof corps !== 'object' || Object.keys(corps).length === 0)
      return 'command control without "corps"';
    for (const [name, units] of Object.entries(corps)) {
      if (!Array.isArray(units) || units.length === 0) return `corps ${name} without units`;
      if (name === CAVALRY_CORPS)
        return `a corps named ${CAVALRY_CORPS} (the cavalry corps is "cavalryCorps")`;
    }
    if (!dieFaces(p.moveOn)) return `moveOn ${JSON.stringify(p.moveOn)}`;
    const cav = p.cavalryCorps as { units?: unknown; moveOn?: unknown } | undefined;
    if (
      cav !== undefined &&
      (!Array.isArray(cav.units) ||
        !dieFaces(cav.moveOn) ||
        Object.keys(cav).some((k) => k !== 'units' && k !== 'moveOn'))
    )
      return `cavalryCorps ${JSON.stringify(cav)}`;
    const a = p.assignable as { unit?: unknown; toAnyCorpsExcept?: unknown } | undefined;
    if (a !== undefined) {
      if (
        typeof a.unit !== 'string' ||
        a.toAnyCorpsExcept !== 'cavalry' ||
        Object.keys(a).length !== 2
      )
        return `assignable ${JSON.stringify(a)}`;
      if (Object.values(corps).some((us) => (us as unknown[]).includes(a.unit)))
        return `assignable unit ${a.unit} also listed in a corps`;
    }
    return null;
  },
);

export function commandControl(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const fromTurn = p.fromTurn as number;
  const corps = p.corps as Record<string, string[]>;
  const moveOn = p.moveOn as number[];
  const cav = p.cavalryCorps as { units: string[]; moveOn: number[] } | undefined;
  const assignable = (p.assignable as { unit: string } | undefined)?.unit ?? null;
  const key = hookKey(rule);

  const corpsOf = new Map<string, string>();
  for (const [name, units] of Object.entries(corps)) for (const u of units) corpsOf.set(u, name);
  if (cav) for (const u of cav.units) corpsOf.set(u, CAVALRY_CORPS);
  const members: Record<string, string[]> = {
    ...corps,
    ...(cav ? { [CAVALRY_CORPS]: cav.units } : {}),
  };

  const inForce = (state: GameState) =>
    state.turn >= fromTurn &&
    state.phase === 'movement' &&
    state.phasing === side &&
    state.movement !== null;
  const rolledNow = (state: GameState) => {
    const r = hookStateOf<CommandControlState>(state, key, { rolled: null }).rolled;
    return r && r.turn === state.turn ? r : null;
  };
  /** The corps on the map now, in the scenario's order, the cavalry last. */
  const onMap = (state: GameState) =>
    Object.keys(members).filter((name) =>
      members[name].some((id) => state.units[id]?.status === 'on-map'),
    );
  const reserveChoices = (state: GameState): Array<string | null> => {
    const rolled = onMap(state).filter((c) => c !== CAVALRY_CORPS);
    if (!assignable || state.units[assignable]?.status !== 'on-map' || rolled.length === 0)
      return [null];
    return rolled;
  };

  /** Why this unit may not move or enter now, or null. */
  const held = (state: GameState, unit: UnitState) => {
    if (unit.side !== side || !inForce(state)) return null;
    const isAssignable = unit.id === assignable;
    if (!isAssignable && !corpsOf.has(unit.id)) return null;
    const r = rolledNow(state);
    if (!r) {
      if (onMap(state).length === 0) return null;
      return refusal(
        'COMMAND_CONTROL_FIRST',
        rule.case,
        `the Command Control Phase precedes the Movement Phase: roll for each corps first (order "command-control")`,
      );
    }
    const name = isAssignable ? r.reserveTo : corpsOf.get(unit.id)!;
    if (name === null || !(name in r.rolls)) return null; // not rolled for: no roll governs it
    if (r.moves.includes(name)) return null;
    return refusal(
      'NO_COMMAND_CONTROL',
      rule.case,
      `${unit.id} belongs to the ${name} corps, which rolled ${r.rolls[name]}: no unit of it may move this Game-Turn`,
    );
  };

  return {
    hook: rule.hook,
    case: rule.case,
    orderTypes: ['command-control'],
    forbiddenHexes(ctx, state, unit) {
      const r = held(state, unit);
      if (!r) return null;
      return { hexes: ctx.board.ids, refusal: () => r };
    },
    entryRefusal(_ctx, state, unit) {
      return held(state, unit);
    },
    endPhaseRefusal(_ctx, state, s) {
      if (s !== side || !inForce(state) || rolledNow(state) || onMap(state).length === 0)
        return null;
      return refusal(
        'COMMAND_CONTROL_FIRST',
        rule.case,
        'the Command Control Phase has not been played this Game-Turn (order "command-control")',
      );
    },
    movementOrders(_ctx, state, s): Order[] {
      if (s !== side || !inForce(state) || rolledNow(state) || onMap(state).length === 0) return [];
      return reserveChoices(state).map((c) =>
        c === null ? { type: 'command-control' } : { type: 'command-control', reserveTo: c },
      );
    },
    applyMovementOrder(_ctx: GameContext, state, s, o, _access, dice): ApplyResult {
      if (s !== side || !inForce(state))
        return refuse(
          'NO_COMMAND_CONTROL_PHASE',
          rule.case,
          `there is no Command Control Phase now (the ${side} Movement Phase from Game-Turn ${fromTurn})`,
        );
      if (rolledNow(state))
        return refuse(
          'ALREADY_ROLLED',
          rule.case,
          'the Command Control Phase has been played this Game-Turn',
        );
      const corpsNow = onMap(state);
      if (corpsNow.length === 0)
        return refuse('NO_COMMAND_CONTROL_PHASE', rule.case, 'no corps is on the map');
      const choices = reserveChoices(state);
      const reserveTo = (o.reserveTo ?? null) as unknown;
      if (!choices.includes(reserveTo as string | null)) {
        const want =
          choices[0] === null
            ? 'no reserveTo (the Reserve artillery is not on the map)'
            : `reserveTo one of ${choices.join(', ')}`;
        return refuse(
          'BAD_ORDER',
          rule.case,
          `the Reserve artillery may be assigned to a corps on the map other than the cavalry: give ${want}`,
        );
      }
      if (!dice)
        return refuse('BAD_ORDER', rule.case, 'the Command Control Phase needs the game dice');
      const rolls: Record<string, number> = {};
      const moves: string[] = [];
      const decided: Record<string, string> = {};
      for (const name of corpsNow) {
        const roll = dice.d6();
        rolls[name] = roll;
        const ok = (name === CAVALRY_CORPS ? cav!.moveOn : moveOn).includes(roll);
        if (ok) moves.push(name);
        decided[name] = ok
          ? 'all its units may move this Game-Turn'
          : 'none of its units may move this Game-Turn';
      }
      const rolled = { turn: state.turn, rolls, moves, reserveTo: reserveTo as string | null };
      return {
        ok: true,
        state: withHookState(state, key, { rolled }),
        events: [
          {
            type: 'command-control-rolled',
            side,
            rolls,
            moves,
            reserveTo,
            decided,
            rule: rule.case,
          },
        ],
      };
    },
  };
}
