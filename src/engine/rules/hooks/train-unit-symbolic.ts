/**
 * train-unit, the "symbolic Train" form (battles.md §17 rank 12): a Train
 * with no Combat Strength at all, held on its set-up hex until the enemy
 * comes near, then crawling one hex a Game-Turn along roads.
 *
 * Road to Vicksburg 18.1: "The Train unit has no Combat Strength; it may
 * never attack and has no Defence Strength. If forced to retreat after a
 * combat, it is eliminated. The Train unit cannot be eliminated solely by
 * artillery bombardment, but the Confederate Player can gain Victory Points
 * by bombarding the Union Train unit (Case 21.3)."
 * 18.2: "The Train unit may stack with any other unit and does not count
 * against the stacking limit in a hex. A Friendly unit may move through the
 * Train unit's hex as normal."
 * 18.3: "The Train unit has no Zone of Control. If the Train unit is in an
 * Enemy Zone of Control at any time while not stacked with a Friendly unit,
 * it is eliminated."
 * 18.4: "The Train unit cannot move from its set-up hex unless a Confederate
 * unit is three hexes or less away from the Train unit at the end of any
 * Game-Turn (count the hex occupied by the Enemy unit, but not the hex
 * occupied by the Train unit). After this, the Train unit has a Movement
 * Allowance of one hex per Game-Turn, but can only move along roads. The
 * Train unit can continue to move one hex during the Night Game-Turn."
 *
 * Readings:
 * - having no strength, the Train takes no part in combat (noCombatPresence):
 *   it is never a defender, adds nothing to a defence and counts against no
 *   stacking limit (18.2). It is never "forced to retreat" itself: when the
 *   units it stands with are eliminated or retreat, it is left alone next to
 *   the enemy that attacked — in an Enemy Zone of Control — and eliminated by
 *   18.3, which is 18.1's "eliminated if forced to retreat"; a bombardment
 *   alone from beyond adjacent hexes leaves it alone but out of any Enemy
 *   Zone of Control, so it survives (18.1). A hex holding the Train alone has
 *   no defender and cannot be attacked (2.3);
 * - "bombarded": Confederate artillery attacking a hex the Train is in (its
 *   stack); each Game-Turn in which that happens is recorded once (the event
 *   named `bombardedEvent`, read by a per-event victory rule);
 * - 18.3 is checked after every order: alone (no other Friendly unit in its
 *   hex) in an Enemy Zone of Control, it is eliminated at once — also when an
 *   enemy unit only passed by it (entered a hex next to it, its Zone of
 *   Control reaching across the hexside, or its very hex: the Train is no
 *   obstacle to enemy moves) during the order;
 * - 18.4: the Train may not move until, at the end of a Game-Turn (the end of
 *   the second Player-Turn), an enemy unit is within `enemyWithin` hexes;
 *   then each Movement Phase of its side (one a Game-Turn, Night included) it
 *   may move one hex, along a road (the hexside a road crosses), never by
 *   Strategic Movement (6.42, non-combat units); its allowance for that hex is
 *   the road rate (1 MP), whatever is printed. Its first move off its set-up
 *   hex — to another hex or off the map through an exit (19.3) — is recorded
 *   (`movedEvent`, 21.3: 5 VP).
 *
 * params: { unit: string, strength: 0, mayAttack: false, retreat: "eliminated",
 *           bombardmentAlone: "not-eliminated", bombardedEvent: string, stacking: "not-counted",
 *           zoneOfControl: false, aloneInEnemyZoc: "eliminated",
 *           immobileUntil: { enemyWithin: number, at: "end-of-game-turn" },
 *           hexesPerGameTurn: 1, routes: RouteType[], night: true, movedEvent: string }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent, HexId, RouteType, RuleHook } from '../../types';
import { otherSide } from '../../types';
import { eliminate, inEnemyZoc, isArtillery, onMap, unitsAt } from '../blue-grey/combat';
import { refusal } from '../blue-grey/refusals';
import { exertsZoc } from '../blue-grey/zoc';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { hexesEntered } from './hexes-entered';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

/** Whether a train-unit declaration is this form. */
export function isSymbolicTrainForm(rule: RuleHook): boolean {
  return rule.params?.immobileUntil !== undefined || rule.params?.hexesPerGameTurn !== undefined;
}

const ROUTES = ['turnpike', 'road', 'railway', 'trail', 'sunken-road'];

export const symbolicTrainSupport: HookSupport = knownParams(
  [
    'unit',
    'strength',
    'mayAttack',
    'retreat',
    'bombardmentAlone',
    'bombardedEvent',
    'stacking',
    'zoneOfControl',
    'aloneInEnemyZoc',
    'immobileUntil',
    'hexesPerGameTurn',
    'routes',
    'night',
    'movedEvent',
  ],
  (p) => {
    if (typeof p.unit !== 'string') return 'a train without "unit"';
    const fixed: Record<string, unknown> = {
      strength: 0,
      mayAttack: false,
      retreat: 'eliminated',
      bombardmentAlone: 'not-eliminated',
      stacking: 'not-counted',
      zoneOfControl: false,
      aloneInEnemyZoc: 'eliminated',
      hexesPerGameTurn: 1,
      night: true,
    };
    for (const [k, v] of Object.entries(fixed))
      if (p[k] !== undefined && p[k] !== v) return `${k} ${JSON.stringify(p[k])}`;
    const im = p.immobileUntil as { enemyWithin?: unknown; at?: unknown } | undefined;
    if (
      im !== undefined &&
      (!Number.isInteger(im.enemyWithin) ||
        (im.enemyWithin as number) < 1 ||
        im.at !== 'end-of-game-turn' ||
        Object.keys(im).some((k) => k !== 'enemyWithin' && k !== 'at'))
    )
      return `immobileUntil ${JSON.stringify(im)}`;
    if (
      !Array.isArray(p.routes) ||
      p.routes.length === 0 ||
      p.routes.some((r) => !ROUTES.includes(r as string))
    )
      return `routes ${JSON.stringify(p.routes)}`;
    for (const k of ['bombardedEvent', 'movedEvent'])
      if (p[k] !== undefined && typeof p[k] !== 'string') return `${k} ${JSON.stringify(p[k])}`;
    return null;
  },
);

/** hookState entry. */
export interface SymbolicTrainState {
  /** Game-Turn on whose end an enemy unit came near (free to move from then on), or null. */
  releasedOnTurn: number | null;
  /** Game-Turns on which it moved. */
  movedOnTurns: number[];
  /** Game-Turns in which it was bombarded. */
  bombardedOnTurns: number[];
}

const EMPTY: SymbolicTrainState = { releasedOnTurn: null, movedOnTurns: [], bombardedOnTurns: [] };

/** 7.6: a Zone of Control crosses the hexside unless it is a creek, river or lake hexside without a bridge or ford. */
function zocCrosses(ctx: GameContext, a: HexId, b: HexId): boolean {
  const t = ctx.map.hexside(a, b).map((f) => f.type as string);
  const barrier = t.some((x) => x === 'creek' || x === 'river' || x === 'lake');
  return !barrier || t.includes('bridge') || t.includes('ford');
}

export function symbolicTrain(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const id = p.unit as string;
  const routes = p.routes as RouteType[];
  const within = (p.immobileUntil as { enemyWithin: number } | undefined)?.enemyWithin ?? null;
  const bombardedEvent = p.bombardedEvent as string | undefined;
  const movedEvent = p.movedEvent as string | undefined;
  const key = hookKey(rule);
  const hs = (s: GameState) => hookStateOf<SymbolicTrainState>(s, key, EMPTY);
  const free = (s: GameState) => within === null || hs(s).releasedOnTurn !== null;
  const roadNeighbours = (ctx: GameContext, hex: HexId) =>
    ctx.map.grid
      .neighbours(hex)
      .filter((n) => ctx.map.routesBetween(hex, n).some((r) => routes.includes(r)));
  const alone = (s: GameState) => {
    const u = s.units[id];
    return onMap(u) && unitsAt(s, u.hex, u.side).every((o) => o.id === id);
  };

  return {
    hook: rule.hook,
    case: rule.case,
    noCombatPresence: (_ctx: GameContext, unitId: string) => unitId === id,
    constraint(ctx, state, unit) {
      if (unit.id !== id) return null;
      if (!free(state))
        return {
          kind: 'forbidden',
          refusal: refusal(
            'IMMOBILE',
            rule.case,
            `the Train may not move from its set-up hex until an enemy unit is within ${within} hexes of it at the end of a Game-Turn`,
          ),
        };
      if (!onMap(unit)) return null;
      return {
        kind: 'one-hex',
        hexes: roadNeighbours(ctx, unit.hex),
        refusal: refusal(
          'TRAIN_OFF_ROUTE',
          rule.case,
          `the Train moves one hex a Game-Turn, along a ${routes.join(' or ')}`,
        ),
      };
    },
    movementAllowance(_ctx, _state, unit, thirds, strategic) {
      if (unit.id !== id || strategic) return null;
      return Math.max(thirds, 3); // one hex along a road: the road rate, 1 MP (18.4)
    },
    stepForbidden(ctx, _state, unit) {
      if (unit.id !== id) return null;
      return (from, to) =>
        ctx.map.routesBetween(from, to).some((r) => routes.includes(r))
          ? null
          : refusal(
              'TRAIN_OFF_ROUTE',
              rule.case,
              `the Train moves only along ${routes.join(' or ')} hexsides (${from} to ${to})`,
            );
    },
    afterOrder(ctx, before, after, events) {
      if (after.phase === 'setup') return null;
      const u = after.units[id];
      if (!u) return null;
      let next = after;
      const out: GameEvent[] = [];
      let h = hs(next);
      const b = before.units[id];
      // A move off its hex, or off the map (19.3: an exit leaves the set-up hex too).
      const moved =
        onMap(b) &&
        ((onMap(u) &&
          b.hex !== u.hex &&
          events.some((e) => e.unit === id && (e.type === 'unit-moved' || e.type === 'moved'))) ||
          (u.status === 'exited' && events.some((e) => e.unit === id && e.type === 'exited-map')));
      if (moved && before.phase !== 'setup' && !h.movedOnTurns.includes(after.turn)) {
        next = withHookState(next, key, { ...h, movedOnTurns: [...h.movedOnTurns, after.turn] });
        h = hs(next);
        if (h.movedOnTurns.length === 1 && movedEvent)
          out.push({ type: 'train-moved', unit: id, event: movedEvent, rule: rule.case });
      }
      for (const e of events) {
        if (e.type !== 'attack-declared' || !onMap(b)) continue;
        const hexes = (e.defenderHexes as HexId[]) ?? [];
        if (!hexes.includes(b.hex)) continue;
        const guns = [...((e.attackers as string[]) ?? []), ...((e.bombard as string[]) ?? [])];
        if (!guns.some((g) => isArtillery(ctx, g) && before.units[g]?.side !== b.side)) continue;
        if (h.bombardedOnTurns.includes(after.turn)) continue;
        next = withHookState(next, key, {
          ...h,
          bombardedOnTurns: [...h.bombardedOnTurns, after.turn],
        });
        h = hs(next);
        out.push({ type: 'train-bombarded', unit: id, turn: after.turn, rule: rule.case });
      }
      // 18.3: alone in an Enemy Zone of Control, at any time — also while an enemy unit passed by
      // it during this order, or came into its hex (it is no obstacle to enemy moves).
      const now = next.units[id];
      const passedBy =
        onMap(now) &&
        hexesEntered(events).some(
          (x) =>
            next.units[x.unit]?.side !== now.side &&
            exertsZoc(ctx.unitSpecs.get(x.unit)?.type ?? 'train') &&
            (x.hex === now.hex ||
              (ctx.map.grid.adjacent(x.hex, now.hex) && zocCrosses(ctx, x.hex, now.hex))),
        );
      if (onMap(now) && alone(next) && (passedBy || inEnemyZoc(ctx, next, now.side, now.hex))) {
        const ev: GameEvent[] = [];
        next = eliminate(next, id, `${rule.case} (18.3: alone in an Enemy Zone of Control)`, ev);
        out.push(...ev);
      }
      if (next === after) return null;
      return { state: next, events: out };
    },
    endOfPlayerTurn(ctx, state, side) {
      if (within === null || side === ctx.scenario.firstPlayer) return null; // the end of a Game-Turn
      const u = state.units[id];
      if (!onMap(u) || hs(state).releasedOnTurn !== null) return null;
      const near = Object.values(state.units).find(
        (e) =>
          e.side === otherSide(u.side) && onMap(e) && ctx.map.grid.distance(e.hex, u.hex) <= within,
      );
      if (!near) return null;
      return {
        state: withHookState(state, key, { ...hs(state), releasedOnTurn: state.turn }),
        events: [
          {
            type: 'immobility-released',
            units: [id],
            side: u.side,
            rule: rule.case,
            reason: `${near.id} within ${within} hexes of the Train at the end of Game-Turn ${state.turn}`,
          },
        ],
      };
    },
    victoryInputs(_ctx, state) {
      const h = hs(state);
      const events: string[] = [];
      if (bombardedEvent) for (const _t of h.bombardedOnTurns) events.push(bombardedEvent);
      if (movedEvent && h.movedOnTurns.length > 0) events.push(movedEvent);
      return { events };
    },
  };
}
