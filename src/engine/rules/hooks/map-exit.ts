/**
 * Voluntary map exit (battles.md §17 rank 9), and the exited-cavalry race
 * (rank 26) that counts exits.
 *
 * Cemetery Hill 18.2: "Only cavalry units may exit the map sheet. They may
 * only exit on the east or south edges of the map sheet. Once they have
 * exited they may never return. Exited units are not considered destroyed for
 * Victory Point purposes, and may ignore Line of Communication rules. Exiting
 * the map sheet costs one Movement Point."
 * Cemetery Hill 20.3: "At the end of each Union Player-Turn, each Player
 * determines the cumulative total of his Cavalry units which have exited the
 * map sheet up to that point in the game ..."
 *
 * The order: `exit {unit, path}` in the unit's own Movement Phase — an
 * ordinary move along `path` (start hex excluded; empty to exit from where it
 * stands) to a hex on one of the exit edges (or one of the exit hexes),
 * leaving at least `cost` MP to step off. Listed and checked by the same
 * function (exitMoves). Readings: the exit hex must not be in an Enemy Zone of
 * Control (a unit entering one stops there, 7.0; one beginning in one leaves
 * it by an ordinary move first); exiting is the unit's move for the phase
 * (6.18, and a move for movement quotas); exited units never return and are
 * not on the map, so no Line of Communication is traced for them.
 *
 * Tallies: for every `exited-excess` victory rule, at the end of each
 * Player-Turn its `tally` names (also one with no Player-Turn, 16.32), the
 * cumulative exited units of each side by type are recorded for victory
 * (VictoryInputs.exitTallies); every exit is recorded too (VictoryInputs.exited).
 *
 * params: { unitTypes?: UnitType[], sides?: Side[], edges?: compass edges, hexes?/exitHexes?: HexId[],
 *           cost?: number (MP, default 1), mayReturn?: false, countsAsEliminated?: false,
 *           ignoresLineOfCommunication?: true, ownMovementPhaseOnly?: true,
 *           retreatOffMapEliminates?: true (the standard 8.72, Fredericksburg 21.33),
 *           notWhenEnemyOccupiesOrControls?: true (what the exit already requires; Hooker and Lee 18.11, 18.21),
 *           otherExits?: "forbidden" (the standard rule; Hooker and Lee 18.12),
 *           retreatOffMapThroughExits?: "exited" (Hooker and Lee 18.21: a unit in an exit hex with no retreat
 *             left on the map leaves through it and is exited, not eliminated) }
 */
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order, UnitState } from '../../state';
import type { GameEvent, HexId, RuleHook, Side, UnitType } from '../../types';
import { abandonConstruction } from '../blue-grey/breastworks-construction';
import { refuse } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import {
  knownParams,
  type HookSupport,
  type MovementHook,
  type MovementPhaseAccess,
} from './movement-hook';

const EDGES = ['north', 'east', 'south', 'west'];

export const mapExitSupport: HookSupport = knownParams(
  [
    'unitTypes',
    'sides',
    'edges',
    'hexes',
    'exitHexes',
    'cost',
    'mayReturn',
    'countsAsEliminated',
    'ignoresLineOfCommunication',
    'ownMovementPhaseOnly',
    'retreatOffMapEliminates',
    'notWhenEnemyOccupiesOrControls',
    'otherExits',
    'retreatOffMapThroughExits',
  ],
  (p) => {
    // Fredericksburg 21.33: "Units forced to retreat off the map sheet as a result of combat are
    // eliminated instead" — what 8.72 already does (no retreat off the map; no path left eliminates).
    if (p.retreatOffMapEliminates === false) return 'retreatOffMapEliminates false';
    // Hooker and Lee 18.21: through the exit hexes a unit forced off the map is exited, not eliminated (retreatOffMap below).
    if (p.retreatOffMapThroughExits !== undefined && p.retreatOffMapThroughExits !== 'exited')
      return `retreatOffMapThroughExits ${JSON.stringify(p.retreatOffMapThroughExits)}`;
    // Hooker and Lee 18.11, 18.21: never through a hex occupied or controlled by the enemy — what exitMoves checks.
    if (p.notWhenEnemyOccupiesOrControls === false) return 'notWhenEnemyOccupiesOrControls false';
    // 18.12: "cannot otherwise voluntarily have his units leave the map sheet" — the standard rule (1.0).
    if (p.otherExits !== undefined && p.otherExits !== 'forbidden')
      return `otherExits ${JSON.stringify(p.otherExits)}`;
    if (p.mayReturn === true) return 'mayReturn true';
    if (p.countsAsEliminated === true) return 'countsAsEliminated true';
    if (p.ignoresLineOfCommunication === false) return 'ignoresLineOfCommunication false';
    if (p.ownMovementPhaseOnly === false) return 'ownMovementPhaseOnly false';
    if (p.edges === undefined && p.hexes === undefined && p.exitHexes === undefined)
      return 'an exit without "edges" or "hexes"';
    if (
      p.edges !== undefined &&
      (!Array.isArray(p.edges) || p.edges.some((e) => !EDGES.includes(e as string)))
    )
      return `edges ${JSON.stringify(p.edges)}`;
    return null;
  },
);

export interface ExitRecord {
  unit: string;
  side: Side;
  hex: HexId;
  type: UnitType;
  size?: string;
  strength: number;
  turn: number;
}

/** hookState entry: every exit, and the tallies taken for exited-excess victory rules. */
export interface ExitState {
  exits: ExitRecord[];
  tallies: Array<{ turn: number; exited: Record<Side, Partial<Record<UnitType, number>>> }>;
}

export function mapExit(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const types = p.unitTypes ? new Set(p.unitTypes as UnitType[]) : null;
  const sides = p.sides ? new Set(p.sides as Side[]) : null;
  const edges = (p.edges as string[]) ?? [];
  const hexes = new Set([...((p.hexes as HexId[]) ?? []), ...((p.exitHexes as HexId[]) ?? [])]);
  const cost = ((p.cost as number) ?? 1) * 3;
  const key = hookKey(rule);
  const empty: ExitState = { exits: [], tallies: [] };

  const exitHex = (ctx: GameContext, hex: HexId) =>
    hexes.has(hex) ||
    (edges.length > 0 && ctx.map.grid.edgesOf(hex).some((e) => edges.includes(e)));
  const eligible = (ctx: GameContext, unit: UnitState) =>
    unit.status === 'on-map' &&
    (!types || types.has(ctx.unitSpecs.get(unit.id)!.type)) &&
    (!sides || sides.has(unit.side));

  /** Every path along which the unit may exit now (18.2). */
  const exitMoves = (
    ctx: GameContext,
    state: GameState,
    unit: UnitState,
    access: MovementPhaseAccess,
  ): HexId[][] => {
    if (!eligible(ctx, unit)) return [];
    const moves = access.movesOf(unit);
    if (moves.length === 0) return [];
    const out: HexId[][] = [];
    const allowance = moves[0].allowance;
    if (exitHex(ctx, unit.hex!) && !access.inEnemyZoc(unit.hex!) && cost <= allowance) out.push([]);
    for (const m of moves) {
      const end = m.path[m.path.length - 1];
      if (exitHex(ctx, end) && !access.inEnemyZoc(end) && m.cost + cost <= m.allowance)
        out.push(m.path);
    }
    return out;
  };

  return {
    hook: rule.hook,
    case: rule.case,
    orderTypes: ['exit'],
    handlesUnit(ctx, state, unitId) {
      const u = state.units[unitId];
      return (
        !!u && (!types || types.has(ctx.unitSpecs.get(u.id)!.type)) && (!sides || sides.has(u.side))
      );
    },
    movementOrders(ctx, state, side, access) {
      const orders: Order[] = [];
      for (const id in state.units) {
        const u = state.units[id];
        if (u.side !== side || !eligible(ctx, u) || !('id' in access.unitRefusal(id))) continue;
        for (const path of exitMoves(ctx, state, u, access))
          orders.push({ type: 'exit', unit: id, path });
      }
      return orders;
    },
    applyMovementOrder(ctx, state, side, o, access): ApplyResult {
      const u = access.unitRefusal(o.unit);
      if (!('id' in u)) return { ok: false, refusal: u };
      if (!Array.isArray(o.path) || !o.path.every((h) => typeof h === 'string'))
        return refuse(
          'BAD_ORDER',
          rule.case,
          'exit needs a path: a list of hex labels (empty to exit from where the unit stands)',
        );
      if (!eligible(ctx, u)) {
        const what = [
          types ? [...types].join(' or ') : null,
          sides ? `${[...sides].join(' or ')} units` : null,
        ]
          .filter(Boolean)
          .join(', ');
        return refuse(
          'EXIT_NOT_ALLOWED',
          rule.case,
          `${u.id} may not exit the map: only ${what || 'units on the map'} may`,
        );
      }
      const path = o.path as HexId[];
      const end = path.length > 0 ? path[path.length - 1] : u.hex!;
      if (!exitHex(ctx, end))
        return refuse(
          'EXIT_NOT_ALLOWED',
          rule.case,
          `units may exit only ${edges.length ? `across the ${edges.join(' or ')} map edges` : ''}${edges.length && hexes.size ? ' or ' : ''}${hexes.size ? `through ${[...hexes].join(', ')}` : ''}; ${end} is not such a hex`,
        );
      const ok = exitMoves(ctx, state, u, access).some(
        (p2) => p2.length === path.length && p2.every((h, i) => h === path[i]),
      );
      if (!ok)
        return refuse(
          'EXIT_NOT_ALLOWED',
          rule.case,
          `${u.id} cannot exit along that path: it must be a legal move to the exit hex leaving ${cost / 3} MP to leave the map, not ending in an Enemy Zone of Control`,
        );
      let next = state;
      const events: GameEvent[] = [];
      if (u.markers.buildingBreastworks) {
        const a = abandonConstruction(next, u.id);
        next = a.state;
        events.push(...a.events);
      }
      const spec = ctx.unitSpecs.get(u.id)!;
      const record: ExitRecord = {
        unit: u.id,
        side: u.side,
        hex: end,
        type: spec.type,
        strength: u.strength,
        turn: state.turn,
      };
      if (spec.size) record.size = spec.size;
      const hs = hookStateOf<ExitState>(next, key, empty);
      let objectives = next.objectives;
      for (const h of path) {
        if (ctx.objectiveHexes.has(h) && objectives[h] !== u.side) {
          objectives = { ...objectives, [h]: u.side };
          events.push({ type: 'objective-occupied', hex: h, side: u.side, rule: '18.31' });
        }
      }
      next = withHookState(next, key, { ...hs, exits: [...hs.exits, record] });
      next = {
        ...next,
        objectives,
        movement: { ...next.movement!, moved: [...next.movement!.moved, u.id] },
        units: { ...next.units, [u.id]: { ...next.units[u.id], status: 'exited', hex: null } },
      };
      events.push({ type: 'exited-map', unit: u.id, from: u.hex, path, hex: end, rule: rule.case });
      return { ok: true, state: next, events };
    },
    endOfPlayerTurn(ctx, state, side) {
      const rules = ctx.scenario.victory.points.filter((r) => r.kind === 'exited-excess');
      const due = (tally: string) =>
        tally === `end-of-${side}-player-turn` ||
        (tally === 'end-of-game-turn' && side !== ctx.scenario.firstPlayer);
      if (!rules.some((r) => r.kind === 'exited-excess' && due(r.tally))) return null;
      const exited: Record<Side, Partial<Record<UnitType, number>>> = {
        union: {},
        confederate: {},
      };
      for (const id in state.units) {
        const u = state.units[id];
        if (u.status !== 'exited') continue;
        const t = ctx.unitSpecs.get(id)!.type;
        exited[u.side][t] = (exited[u.side][t] ?? 0) + 1;
      }
      const hs = hookStateOf<ExitState>(state, key, empty);
      return {
        state: withHookState(state, key, {
          ...hs,
          tallies: [...hs.tallies, { turn: state.turn, exited }],
        }),
        events: [
          {
            type: 'exits-tallied',
            turn: state.turn,
            side,
            exited,
            rule: rules.map((r) => r.case).join(', '),
          },
        ],
      };
    },
    retreatOffMap(ctx, state, unitId) {
      // Hooker and Lee 18.21: "Confederate units exiting the map sheet through these hexes for any
      // reason, even as a result of combat, are not considered eliminated." Reading: a unit in an exit
      // hex left with no retreat on the map (8.72) leaves through that hex and is exited, not eliminated.
      if (p.retreatOffMapThroughExits !== 'exited') return null;
      const u = state.units[unitId];
      if (!u || u.hex === null || !eligible(ctx, u) || !exitHex(ctx, u.hex)) return null;
      const spec = ctx.unitSpecs.get(u.id)!;
      const record: ExitRecord = {
        unit: u.id,
        side: u.side,
        hex: u.hex,
        type: spec.type,
        strength: u.strength,
        turn: state.turn,
      };
      if (spec.size) record.size = spec.size;
      const hs = hookStateOf<ExitState>(state, key, empty);
      let next = withHookState(state, key, { ...hs, exits: [...hs.exits, record] });
      next = {
        ...next,
        units: {
          ...next.units,
          [u.id]: { ...next.units[u.id], status: 'exited', hex: null, markers: {} },
        },
        fieldworks: next.fieldworks.filter(
          (f) => !(f.kind === 'under-construction' && f.unit === u.id),
        ),
      };
      return {
        state: next,
        events: [
          {
            type: 'exited-map',
            unit: u.id,
            from: u.hex,
            path: [],
            hex: u.hex,
            forced: true,
            rule: rule.case,
          },
        ],
      };
    },
    victoryInputs(_ctx, state) {
      const hs = hookStateOf<ExitState>(state, key, empty);
      return {
        exitTallies: hs.tallies,
        exited: hs.exits.map(({ turn, ...e }) => (void turn, e)),
      };
    },
  };
}
