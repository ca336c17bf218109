/**
 * Sudden-death / automatic victory checks (battles.md §17 rank 20).
 *
 * Fredericksburg 20.0: "At the end of Game-Turn Five, each Player totals his
 * Victory Points. If the Confederate Player has a total in Victory Points of
 * 3:1 or greater than the Union Player (counting Points for elimination of
 * Enemy units only), and if the Union Player does not occupy hexes 1113,
 * 1711 or 2401, the Confederate Player automatically wins the game. If these
 * conditions are not met, Players continue the game through Game-Turn
 * Eleven."
 *
 * The conditions are victory data (VictorySpec.automatic, evaluated by
 * victory.ts automaticVictory with only the point kinds they count); this
 * hook says when they are checked and ends the game when one holds: at the
 * end of Game-Turn `afterTurn`, i.e. at the end of its last Player-Turn (the
 * Second Player's), before the Game-Turn Record Interphase. Occupation is
 * read as at the end of the game (the exclusive rules' trackers, victory
 * inputs of the other hooks included).
 *
 * params: { afterTurn: number }
 *
 * Olustee 20.0: "The game ends automatically in a Union Player Decisive
 * Victory whenever any Union units occupy either hex of Olustee Station.
 * Conversely, if the Confederate Player is able to exit a Confederate
 * infantry unit off the eastern map edge via hexes 4104 or 4108, this results
 * in an immediate Confederate Decisive Victory. Decisive Victory requires a
 * Line of Communication (free of the obstructions described in Case 19.2
 * [read 19.4]) between either hex of Olustee Station and any clear, road or
 * railway hex on the eastern map edge for the Union Player. For the
 * Confederate Player a Line of Communication must exist between the map edge
 * exit hex and the railway hex 1011."
 *
 * The second form, `checkedWhen: "after-every-order"`, carries its own
 * conditions, checked after every accepted order (the game ends there, in
 * the middle of a phase if need be, with the first that holds):
 * - occupiesAnyOf: a unit of `side` stands in one of the hexes (at the end of
 *   an order: a move through a hex is no occupation);
 * - exits: a unit of `side` of one of `unitTypes` leaves the map through one
 *   of `hexes` in this order (the map-exit hook's `exited-map` event);
 * - lineTo (optional): from that hex (the occupied or exit hex) a Line of
 *   Communication runs, under `line` (supply-line.ts: the start hex excluded,
 *   the target included), to `hexes`, or to the hexes on `edge` whose terrain
 *   is one of `terrain` or through which one of `routes` runs.
 *
 * params: { checkedWhen: "after-every-order",
 *           conditions: Array<{ side, level, case?, occupiesAnyOf?: HexId[],
 *                               exits?: { unitTypes?: UnitType[], hexes: HexId[] },
 *                               lineTo?: { hexes?: HexId[], edge?: compass edge, terrain?: HexTerrain[],
 *                                          routes?: RouteType[] } }>,
 *           line?: { blockedBy?, friendlyUnitsNegateZoc?, maxLength?, case? } }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type {
  GameEvent,
  HexId,
  HexTerrain,
  RouteType,
  RuleHook,
  Side,
  UnitType,
  VictoryLevelName,
} from '../../types';
import { otherSide } from '../../types';
import { automaticVictory } from '../../victory';
import { canOccupy, victoryInputs } from '../blue-grey/victory';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { lineLengths, lineRulesRefusal, type LineRules } from './supply-line';

interface Condition {
  side: Side;
  level: VictoryLevelName;
  case?: string;
  occupiesAnyOf?: HexId[];
  exits?: { unitTypes?: UnitType[]; hexes: HexId[] };
  lineTo?: { hexes?: HexId[]; edge?: string; terrain?: HexTerrain[]; routes?: RouteType[] };
}

const EDGES = ['north', 'east', 'south', 'west'];
const LEVELS = ['decisive', 'substantive', 'marginal'];

/** Why the "after-every-order" form's conditions are not ones this hook implements, or null. */
function conditionsRefusal(p: Record<string, unknown>): string | null {
  const cs = p.conditions;
  if (!Array.isArray(cs) || cs.length === 0) return 'an automatic victory without "conditions"';
  for (const c of cs as Array<Record<string, unknown>>) {
    const extra = Object.keys(c).filter(
      (k) => !['side', 'level', 'case', 'occupiesAnyOf', 'exits', 'lineTo'].includes(k),
    );
    if (extra.length > 0)
      return `condition parameter${extra.length > 1 ? 's' : ''} ${extra.join(', ')}`;
    if (c.side !== 'union' && c.side !== 'confederate')
      return `condition side ${JSON.stringify(c.side)}`;
    if (!LEVELS.includes(c.level as string)) return `condition level ${JSON.stringify(c.level)}`;
    if ((c.occupiesAnyOf === undefined) === (c.exits === undefined))
      return 'a condition with neither or both of "occupiesAnyOf" and "exits"';
    const x = c.exits as Record<string, unknown> | undefined;
    if (
      x !== undefined &&
      (!Array.isArray(x.hexes) || Object.keys(x).some((k) => k !== 'hexes' && k !== 'unitTypes'))
    )
      return `condition exits ${JSON.stringify(x)}`;
    const l = c.lineTo as Record<string, unknown> | undefined;
    if (l !== undefined) {
      if (Object.keys(l).some((k) => !['hexes', 'edge', 'terrain', 'routes'].includes(k)))
        return `condition lineTo ${JSON.stringify(l)}`;
      if ((l.hexes === undefined) === (l.edge === undefined))
        return 'a lineTo with neither or both of "hexes" and "edge"';
      if (l.edge !== undefined && !EDGES.includes(l.edge as string))
        return `lineTo edge ${JSON.stringify(l.edge)}`;
    }
  }
  if (p.line !== undefined) {
    if (typeof p.line !== 'object' || p.line === null) return 'line that is not an object';
    const why = lineRulesRefusal(p.line as Record<string, unknown>);
    if (why) return why;
  }
  return null;
}

export const automaticVictorySupport: HookSupport = knownParams(
  ['afterTurn', 'checkedWhen', 'conditions', 'line'],
  (p) => {
    if (p.checkedWhen !== undefined) {
      if (p.checkedWhen !== 'after-every-order')
        return `checkedWhen ${JSON.stringify(p.checkedWhen)}`;
      if (p.afterTurn !== undefined) return 'afterTurn with checkedWhen';
      return conditionsRefusal(p);
    }
    if (p.conditions !== undefined || p.line !== undefined) return 'conditions without checkedWhen';
    return Number.isInteger(p.afterTurn) && (p.afterTurn as number) >= 1
      ? null
      : 'an automatic victory without "afterTurn"';
  },
);

export function automaticVictoryHook(rule: RuleHook): MovementHook {
  if ((rule.params ?? {}).checkedWhen === 'after-every-order') return wheneverVictory(rule);
  const afterTurn = (rule.params ?? {}).afterTurn as number;
  return {
    hook: rule.hook,
    case: rule.case,
    endOfPlayerTurn(ctx, state, side) {
      // The end of the Game-Turn: the Second Player's Player-Turn ends.
      if (state.turn !== afterTurn || side !== otherSide(ctx.scenario.firstPlayer)) return null;
      const won = automaticVictory(
        ctx.scenario.victory,
        victoryInputs(ctx, state),
        state.turn,
        canOccupy(ctx),
      );
      const checked = {
        type: 'automatic-victory-checked',
        turn: state.turn,
        holds: won !== null,
        rule: rule.case,
      };
      if (!won) return { state, events: [checked] };
      const who = won.winner === 'union' ? 'Union' : 'Confederate';
      const reason = `${who} automatic victory: the victory conditions of ${won.case} hold at the end of Game-Turn ${state.turn} (${won.points.union}–${won.points.confederate} VP counted, Union–Confederate)`;
      const result: GameState['result'] = { winner: won.winner, level: won.level, reason };
      return {
        state: { ...state, phase: 'finished', movement: null, combat: null, pending: null, result },
        events: [
          { ...checked, winner: won.winner, level: won.level, points: won.points },
          { type: 'game-ended', reason, winner: won.winner, level: won.level },
        ],
      };
    },
  };
}

/** Olustee 20.0: conditions checked after every order; the first that holds ends the game. */
function wheneverVictory(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const conditions = p.conditions as Condition[];
  const line = (p.line as LineRules | undefined) ?? {};
  const targetCache = new Map<string, HexId[]>();

  const targetsOf = (ctx: GameContext, c: Condition, i: number): HexId[] => {
    const k = `${ctx.scenario.id}:${i}`;
    let t = targetCache.get(k);
    if (t) return t;
    const l = c.lineTo!;
    if (l.hexes) t = l.hexes.filter((h) => ctx.map.has(h));
    else
      t = ctx.map.grid
        .all()
        .filter((h) => ctx.map.grid.edgesOf(h).includes(l.edge as never))
        .filter(
          (h) =>
            (l.terrain ?? []).includes(ctx.map.hex(h).terrain) ||
            ctx.map.routesIn(h).some((r) => (l.routes ?? []).includes(r)),
        );
    targetCache.set(k, t);
    return t;
  };
  /** The hex from which the condition holds now, or null. */
  const holdsFrom = (
    ctx: GameContext,
    state: GameState,
    events: GameEvent[],
    c: Condition,
    i: number,
  ): HexId | null => {
    const starts: HexId[] = [];
    if (c.occupiesAnyOf) {
      for (const id of Object.keys(state.units).sort()) {
        const u = state.units[id];
        if (u.side === c.side && u.status === 'on-map' && u.hex && c.occupiesAnyOf.includes(u.hex))
          starts.push(u.hex);
      }
    } else if (c.exits) {
      for (const e of events) {
        if (e.type !== 'exited-map') continue;
        const u = state.units[e.unit as string];
        const type = ctx.unitSpecs.get(e.unit as string)?.type;
        if (!u || u.side !== c.side || !c.exits.hexes.includes(e.hex as HexId)) continue;
        if (c.exits.unitTypes && (!type || !c.exits.unitTypes.includes(type))) continue;
        starts.push(e.hex as HexId);
      }
    }
    if (starts.length === 0) return null;
    if (!c.lineTo) return starts[0];
    // One trace from the targets serves every start hex (each unit there, each exit of the order).
    const lengths = lineLengths(ctx, state, c.side, targetsOf(ctx, c, i), line);
    return starts.find((h) => (lengths[ctx.board.index.get(h) ?? -1] ?? -1) >= 0) ?? null;
  };

  return {
    hook: rule.hook,
    case: rule.case,
    afterOrder(ctx, _before, after, events) {
      if (after.phase === 'finished') return null;
      for (let i = 0; i < conditions.length; i++) {
        const c = conditions[i];
        const hex = holdsFrom(ctx, after, events, c, i);
        if (hex === null) continue;
        const at = c.case ?? rule.case;
        const who = c.side === 'union' ? 'Union' : 'Confederate';
        const how = c.occupiesAnyOf ? `occupies ${hex}` : `exited the map at ${hex}`;
        const reason = `${who} automatic ${c.level} victory (${at}): a ${who} unit ${how}${c.lineTo ? ' with a Line of Communication' : ''}`;
        const result: GameState['result'] = { winner: c.side, level: c.level, reason };
        return {
          state: {
            ...after,
            phase: 'finished',
            movement: null,
            combat: null,
            pending: null,
            result,
          },
          events: [
            { type: 'automatic-victory', winner: c.side, level: c.level, hex, rule: at },
            { type: 'game-ended', reason, winner: c.side, level: c.level },
          ],
        };
      }
      return null;
    },
  };
}
