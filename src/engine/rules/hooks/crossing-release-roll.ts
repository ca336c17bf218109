/**
 * A crossing closed to some units until a die roll releases it (battles.md §17).
 *
 * Hooker and Lee 19.14: "The units of Averill's Cavalry Division may not
 * cross Ely's Ford until the Union Player rolls a '1' on the die. The die is
 * rolled once for each Game-Turn. As soon as a '1' is rolled, both Averill
 * units may cross, either on that Game-Turn or on any following Game-Turn.
 * These units may not cross at any other River ferry hex."
 *
 * Readings: the die is rolled at the start of the side's Movement Phase, once
 * each Game-Turn, from the first Game-Turn on which one of the units is in
 * play (`rollsFrom: "arrival"`: Averill arrives on Game-Turn 5 and the roll
 * decides his crossing, not events before he is on the board — doubtful, the
 * text does not say from when), until a release number is rolled; the roll
 * and what it decided are recorded as events. Until then the units may not
 * enter the named crossing hexes (entering a river ferry hex is crossing it,
 * 6.28); with `otherCrossings: "forbidden"` they may never enter any other
 * river ferry or pontoon hex. Retreats never enter ferry hexes anyway (8.72).
 *
 * params: { side: Side, units: string[], crossingHexes: HexId[], releasedOn: number[] (die faces),
 *           rollsPerTurn?: 1, rollsFrom?: "arrival", otherCrossings?: "forbidden" | "allowed" }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export const crossingReleaseRollSupport: HookSupport = knownParams(
  ['side', 'units', 'crossingHexes', 'releasedOn', 'rollsPerTurn', 'rollsFrom', 'otherCrossings'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    if (!Array.isArray(p.units) || p.units.length === 0) return 'a release roll without "units"';
    if (!Array.isArray(p.crossingHexes) || p.crossingHexes.length === 0)
      return 'a release roll without "crossingHexes"';
    if (
      !Array.isArray(p.releasedOn) ||
      p.releasedOn.length === 0 ||
      p.releasedOn.some((f) => !Number.isInteger(f) || (f as number) < 1 || (f as number) > 6)
    )
      return `releasedOn ${JSON.stringify(p.releasedOn)}`;
    if (p.rollsPerTurn !== undefined && p.rollsPerTurn !== 1)
      return `rollsPerTurn ${String(p.rollsPerTurn)}`;
    if (p.rollsFrom !== undefined && p.rollsFrom !== 'arrival')
      return `rollsFrom "${String(p.rollsFrom)}"`;
    if (
      p.otherCrossings !== undefined &&
      p.otherCrossings !== 'forbidden' &&
      p.otherCrossings !== 'allowed'
    )
      return `otherCrossings "${String(p.otherCrossings)}"`;
    return null;
  },
);

/** hookState entry: the Game-Turns rolled for, and the one whose roll released the crossing. */
export interface ReleaseState {
  rolledTurns: number[];
  releasedOnTurn: number | null;
}

export function crossingReleaseRoll(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const units = new Set(p.units as string[]);
  const closed = new Set(p.crossingHexes as HexId[]);
  const faces = p.releasedOn as number[];
  const othersForbidden = p.otherCrossings === 'forbidden';
  const key = hookKey(rule);
  const empty: ReleaseState = { rolledTurns: [], releasedOnTurn: null };
  const others = new WeakMap<GameContext, HexId[]>();
  const otherCrossings = (ctx: GameContext) => {
    let o = others.get(ctx);
    if (!o)
      others.set(
        ctx,
        (o = ctx.board.ids.filter((h, i) => ctx.board.crossingHex[i] && !closed.has(h))),
      );
    return o;
  };

  /** 19.14: one of the units is in play now (on the map, or due to enter). */
  const inPlay = (ctx: GameContext, state: GameState) =>
    [...units].some((id) => {
      const u = state.units[id];
      if (!u) return false;
      if (u.status === 'on-map') return true;
      const r = ctx.reinforcementOf.get(id);
      return u.status === 'pending' && (!r || r.turn <= state.turn);
    });

  return {
    hook: rule.hook,
    case: rule.case,
    forbiddenHexes(ctx, state, unit) {
      if (!units.has(unit.id)) return null;
      const released = hookStateOf<ReleaseState>(state, key, empty).releasedOnTurn !== null;
      const hexes = [...(released ? [] : closed), ...(othersForbidden ? otherCrossings(ctx) : [])];
      if (hexes.length === 0) return null;
      return {
        hexes,
        refusal: (hex) =>
          closed.has(hex)
            ? refusal(
                'CROSSING_NOT_RELEASED',
                rule.case,
                `${unit.id} may not cross at ${hex} until the ${side} player rolls ${faces.join(' or ')} (rolled once each Game-Turn)`,
              )
            : refusal(
                'CROSSING_FORBIDDEN',
                rule.case,
                `${unit.id} may cross the river only at ${[...closed].join(', ')}, never at ${hex}`,
              ),
      };
    },
    afterOrder(ctx, _before, after, _events, dice) {
      if (after.phase !== 'movement' || after.phasing !== side || !dice) return null;
      const hs = hookStateOf<ReleaseState>(after, key, empty);
      if (hs.releasedOnTurn !== null || hs.rolledTurns.includes(after.turn) || !inPlay(ctx, after))
        return null;
      const roll = dice.d6();
      const released = faces.includes(roll);
      const next: ReleaseState = {
        rolledTurns: [...hs.rolledTurns, after.turn],
        releasedOnTurn: released ? after.turn : null,
      };
      return {
        state: withHookState(after, key, next),
        events: [
          {
            type: 'die-rolled',
            purpose: 'crossing-release',
            rule: rule.case,
            side,
            turn: after.turn,
            roll,
            units: [...units],
            hexes: [...closed],
            released,
          },
        ],
      };
    },
  };
}
