/**
 * Forced March (battles.md §17): a larger Movement Allowance bought by
 * staying out of Enemy Zones of Control.
 *
 * Grand Chancellorsville 23.2: "Both Players have Forced March Movement
 * capabilities, although they differ for each Player. Forced March Movement
 * may not be combined with Strategic Movement."
 * 23.21: "For the first five Game-Turns for the Union Player only, all units
 * moving in hexes north of the Rappahannock River; not including the River
 * ferry or pontoon hexes, may Forced March move with twelve Movement Points,
 * but may not enter Enemy Zones of Control during a Game-Turn in which they
 * do so."
 * 23.22: "On Game-Turns Two and Three only, any Confederate unit may Forced
 * March move with twelve Movement Points, but may not enter Enemy Zones of
 * Control during a Game-Turn in which they do so. ..."
 * 23.23: "All cavalry units have Forced March Movement capabilities
 * throughout the entire game. Cavalry units may move twelve Movement Points
 * on any Game-Turn in which they do not enter an Enemy Zone of Control. ...
 * Note that la [1a] Beckham (Confederate) is a horse artillery unit and is
 * treated as cavalry for movement purposes, but it may not bombard if it uses
 * Forced March Movement."
 *
 * Readings:
 * - a Forced March is the owner's choice, the order `forced-march {unit,
 *   path, hex?}` in place of the unit's move (or, with `hex`, its entry as a
 *   reinforcement, 5.0): an ordinary move in every other respect (terrain,
 *   the 5.0 column, stacking, 6.28 crossings, exclusive rules' holds) with
 *   `movement` MP, less one at Night (11.11 reduces the basic allowance the
 *   Forced March replaces; doubtful), never a Strategic Movement;
 * - "may not enter Enemy Zones of Control during a Game-Turn in which they do
 *   so": a Forced March may not enter an Enemy controlled hex. A unit enters
 *   Enemy Zones of Control only by moving (a move stops on entering one, 7.0;
 *   retreats may not, 8.72; advances ignore them), and moves once per
 *   Game-Turn, so the ordinary move is the one that may enter one;
 * - a path whose cost fits the unit's ordinary allowance is an ordinary move,
 *   not a Forced March (refused, so a Forced March is only what needs it);
 * - 23.21: the Union Forced March begins, runs and ends in land hexes "north
 *   of the Rappahannock": those joined to `withinBankOf` (F0206) without
 *   entering a river, ford, ferry, pontoon or lake hex, so neither crossing
 *   hexes nor the far bank are part of it;
 * - 23.23: the listed cavalry (and Beckham) on any Game-Turn, anywhere; a
 *   horse artillery unit that Forced Marched may not bombard that Game-Turn.
 *
 * params: { movement: number, notWithStrategicMovement: true, noEnemyZocThatTurn: true,
 *           union?: { turns: number[], withinBankOf: HexId }, confederate?: { turns: number[] },
 *           cavalry?: { units: string[], turns: "all" },
 *           horseArtillery?: { units: string[], noBombardmentAfterForcedMarch: true } }
 */
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order, UnitState } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';
import { movementAllowance } from '../blue-grey/movement';
import { refusal, refuse } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { bankHexes } from './line-of-communication-bank';
import { knownParams, type HookSupport, type MovementHook, type MoveRules } from './movement-hook';

/** hookState entry: who Forced Marched this Game-Turn. */
export interface ForcedMarchState {
  turn: number;
  units: string[];
}

const turnList = (v: unknown) =>
  Array.isArray(v) && v.length > 0 && v.every((n) => Number.isInteger(n) && n >= 1);
const exactly = (o: unknown, keys: string[]) =>
  !!o &&
  typeof o === 'object' &&
  Object.keys(o).length === keys.length &&
  keys.every((k) => k in (o as object));

export const forcedMarchSupport: HookSupport = knownParams(
  [
    'movement',
    'notWithStrategicMovement',
    'noEnemyZocThatTurn',
    'union',
    'confederate',
    'cavalry',
    'horseArtillery',
  ],
  (p) => {
    if (typeof p.movement !== 'number' || !Number.isInteger(p.movement) || p.movement < 1)
      return `movement ${JSON.stringify(p.movement)}`;
    if (p.notWithStrategicMovement !== true)
      return `notWithStrategicMovement ${JSON.stringify(p.notWithStrategicMovement)}`;
    if (p.noEnemyZocThatTurn !== true)
      return `noEnemyZocThatTurn ${JSON.stringify(p.noEnemyZocThatTurn)}`;
    const u = p.union as { turns?: unknown; withinBankOf?: unknown } | undefined;
    if (
      u !== undefined &&
      (!exactly(u, ['turns', 'withinBankOf']) ||
        !turnList(u.turns) ||
        typeof u.withinBankOf !== 'string')
    )
      return `union ${JSON.stringify(u)}`;
    const c = p.confederate as { turns?: unknown } | undefined;
    if (c !== undefined && (!exactly(c, ['turns']) || !turnList(c.turns)))
      return `confederate ${JSON.stringify(c)}`;
    const cav = p.cavalry as { units?: unknown; turns?: unknown } | undefined;
    if (
      cav !== undefined &&
      (!exactly(cav, ['units', 'turns']) || !Array.isArray(cav.units) || cav.turns !== 'all')
    )
      return `cavalry ${JSON.stringify(cav)}`;
    const ha = p.horseArtillery as
      { units?: unknown; noBombardmentAfterForcedMarch?: unknown } | undefined;
    if (
      ha !== undefined &&
      (!exactly(ha, ['units', 'noBombardmentAfterForcedMarch']) ||
        !Array.isArray(ha.units) ||
        ha.noBombardmentAfterForcedMarch !== true)
    )
      return `horseArtillery ${JSON.stringify(ha)}`;
    return null;
  },
);

export function forcedMarch(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const movement = p.movement as number;
  const union = p.union as { turns: number[]; withinBankOf: HexId } | undefined;
  const confederate = p.confederate as { turns: number[] } | undefined;
  const cavalry = new Set((p.cavalry as { units: string[] } | undefined)?.units ?? []);
  const horseArtillery = new Set(
    (p.horseArtillery as { units: string[] } | undefined)?.units ?? [],
  );
  const key = hookKey(rule);

  /** The Movement Allowance and limits of this unit's Forced March now, or null if it has none. */
  const rulesFor = (ctx: GameContext, state: GameState, unit: UnitState): MoveRules | null => {
    // An exclusive rule's own Forced March allowance for the unit (Grand Chancellorsville 23.51: Leaders 24).
    let mp = movement;
    for (const h of ctx.hooks ?? []) mp = h.forcedMarchMovementOf?.(ctx, unit.id) ?? mp;
    const allowance = (mp - (state.night ? 1 : 0)) * 3;
    if (cavalry.has(unit.id)) return { allowance, noEnemyZoc: true };
    if (unit.side === 'confederate' && confederate?.turns.includes(state.turn))
      return { allowance, noEnemyZoc: true };
    if (unit.side === 'union' && union?.turns.includes(state.turn))
      return { allowance, noEnemyZoc: true, within: bankHexes(ctx, union.withinBankOf) };
    return null;
  };
  const forcedThisTurn = (state: GameState) => {
    const s = hookStateOf<ForcedMarchState>(state, key, { turn: 0, units: [] });
    return s.turn === state.turn ? s.units : [];
  };
  const ordinary = (ctx: GameContext, state: GameState, unit: UnitState) =>
    movementAllowance(ctx, unit.id, state.night);

  return {
    hook: rule.hook,
    case: rule.case,
    orderTypes: ['forced-march'],
    movementOrders(ctx, state, side: Side, access): Order[] {
      if (!access.movesUnder) return [];
      const out: Order[] = [];
      for (const id in state.units) {
        const unit = state.units[id];
        if (unit.side !== side || (unit.status !== 'on-map' && unit.status !== 'pending')) continue;
        const rules = rulesFor(ctx, state, unit);
        if (!rules || !('id' in access.unitRefusal(id))) continue;
        const normal = ordinary(ctx, state, unit);
        for (const m of access.movesUnder(unit, rules)) {
          if (m.cost <= normal) continue;
          out.push(
            m.hex !== undefined
              ? { type: 'forced-march', unit: id, hex: m.hex, path: m.path }
              : { type: 'forced-march', unit: id, path: m.path },
          );
        }
      }
      return out;
    },
    applyMovementOrder(ctx, state, side, o, access): ApplyResult {
      const u = access.unitRefusal(o.unit);
      if (!('id' in u)) return { ok: false, refusal: u };
      if (!access.applyUnder)
        return refuse(
          'NOT_YET_SUPPORTED',
          rule.case,
          'this Movement Phase cannot play a Forced March',
        );
      const rules = rulesFor(ctx, state, u);
      if (!rules) {
        return refuse(
          'NO_FORCED_MARCH',
          rule.case,
          `${u.id} may not Forced March on Game-Turn ${state.turn} (23.21 Union GT${union?.turns.join(',')} north of the Rappahannock, 23.22 Confederate GT${confederate?.turns.join(',')}, 23.23 cavalry)`,
        );
      }
      if (o.hex !== undefined && typeof o.hex !== 'string')
        return refuse('BAD_ORDER', rule.case, 'hex must be an entry hex label');
      if (u.status === 'pending' && o.hex === undefined)
        return refuse('BAD_ORDER', '5.0', `${u.id} is not on the map: give its entry hex`);
      const path = o.path;
      if (!Array.isArray(path) || path.length === 0 || !path.every((h) => typeof h === 'string'))
        return refuse('BAD_ORDER', '6.17', 'path must be a non-empty list of hex labels');
      const listed = access.movesUnder!(u, rules).find(
        (m) =>
          m.hex === o.hex && m.path.length === path.length && m.path.every((h, k) => h === path[k]),
      );
      const cost = listed?.cost;
      if (cost !== undefined && cost <= ordinary(ctx, state, u))
        return refuse(
          'FORCED_MARCH_NOT_NEEDED',
          rule.case,
          `this path fits ${u.id}'s ordinary Movement Allowance: move it with a move order`,
        );
      const event = {
        type: 'forced-march',
        unit: u.id,
        allowance: rules.allowance / 3,
        rule: rule.case,
      };
      const r = access.applyUnder(
        u,
        { ...(o.hex !== undefined ? { hex: o.hex as HexId } : {}), path: path as HexId[] },
        rules,
        [event],
      );
      if (!r.ok) return r;
      // A path other than the listed cheapest one: still a Forced March only if the ordinary allowance would not do.
      if (cost === undefined) {
        const mp = r.events.find((e) => e.type === 'moved' || e.type === 'strategic-moved') as
          { mp?: string } | undefined;
        const spent = mp?.mp !== undefined ? thirdsOf(mp.mp) : Infinity;
        if (spent <= ordinary(ctx, state, u))
          return refuse(
            'FORCED_MARCH_NOT_NEEDED',
            rule.case,
            `this path fits ${u.id}'s ordinary Movement Allowance: move it with a move order`,
          );
      }
      const units = [...forcedThisTurn(state), u.id];
      return {
        ok: true,
        state: withHookState(r.state, key, { turn: state.turn, units }),
        events: r.events,
      };
    },
    bombardRefusal(_ctx, state, unit) {
      if (!horseArtillery.has(unit.id) || !forcedThisTurn(state).includes(unit.id)) return null;
      return refusal(
        'FORCED_MARCHED',
        rule.case,
        `${unit.id} Forced Marched this Game-Turn and may not bombard (23.23)`,
      );
    },
  };
}

/** "4 2/3" (movement.ts fmt) back to thirds. */
function thirdsOf(mp: string): number {
  const m = /^(?:(\d+))?(?:\s*(\d)\/3)?$/.exec(mp.trim());
  if (!m) return Infinity;
  return Number(m[1] ?? 0) * 3 + Number(m[2] ?? 0);
}
