/**
 * Non-combat "Train" units (battles.md §17 rank 12), the Wilderness form of
 * the train-unit hook: several named units (`units`), as the Train Defence
 * units of the Union IX Corps.
 *
 * Wilderness 18.31: "The Train Defence units may never attack an Enemy unit.
 * If a Train Defence unit should find itself adjacent to an Enemy unit during
 * the Union Combat Phase, it automatically suffers an Attacker Retreat combat
 * result before any Union attacks are resolved. The Confederate unit(s) to
 * which the unit was adjacent may advance after combat."
 * 18.32: "The Train Defence units may never enter an Enemy controlled hex."
 * 18.33 (stacking: the stacking-override hook, named-unit form).
 * 18.34: "The Train Defence units have a normal Movement Allowance of six
 * Movement Points. They may only enter hexes containing roads and/or trails.
 * If forced to retreat to a non-road, non-trail hex as a result of combat,
 * they are eliminated."
 * 18.35: "The Train Defence units may Displace and be Displaced as long as
 * the special stacking and Terrain restrictions for them are observed."
 *
 * Readings:
 * - the units are of type "train" (2.3): they never attack (attack.ts refuses
 *   non-combat units), exert no Zone of Control and defend with their printed
 *   strength; their MA of six is printed on the units (`movement` restates it);
 * - moves: a Train Defence unit enters only hexes a route of `onlyOnRoutes`
 *   runs through and no Enemy controlled hex, entry hexes included (the
 *   Movement Phase's forbidden hexes);
 * - retreats: only into such hexes; with none open it is eliminated (8.72),
 *   which is 18.34's "eliminated" (a retreat it could make elsewhere is
 *   made there). Displacement is the standard 8.81-8.82 within these limits;
 * - the automatic Attacker Retreat (18.31): at the start of the Union Combat
 *   Phase, before any attack is declared, the Train Defence units next to an
 *   enemy unit take an Ar as the attackers of one combat whose defenders are
 *   the enemy units next to them: each retreats one hex (the owner choosing
 *   among the legal retreats, 8.71), Ar's morale effect applies (12.11), and
 *   the enemy units next to a vacated hex may advance into it (8.75, the
 *   Confederate player choosing). No die is rolled; it is no attack (8.14:
 *   the enemy units count as not yet attacked). Units that retreat into
 *   contact later in the phase do not retreat again until the next Union
 *   Combat Phase.
 *
 * params: { units: string[], mayAttack?: false, autoRetreatWhenAdjacentInCombatPhaseOf: Side,
 *           enemyMayAdvanceAfterward?: true, mayEnterEnemyZoc?: false, movement?: number,
 *           onlyOnRoutes: RouteType[], retreatOffRoute?: "eliminated", displacement?: "allowed" }
 */
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { GameEvent, HexId, RouteType, RuleHook, Side } from '../../types';
import { otherSide } from '../../types';
import type { Combat, Step } from '../blue-grey/combat';
import { combatOf, inEnemyZoc, onMap, withCombat } from '../blue-grey/combat';
import { run } from '../blue-grey/decisions';
import { refusal } from '../blue-grey/refusals';
import { enemyZocOf } from '../blue-grey/zoc';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

const ROUTES = ['turnpike', 'road', 'railway', 'trail', 'sunken-road'];

/** Whether a train-unit declaration is this form (several named units) rather than Chickamauga's single Train. */
export function isTrainDefenceForm(rule: RuleHook): boolean {
  return Array.isArray((rule.params ?? {}).units);
}

export const trainDefenceSupport: HookSupport = knownParams(
  [
    'units',
    'mayAttack',
    'autoRetreatWhenAdjacentInCombatPhaseOf',
    'enemyMayAdvanceAfterward',
    'mayEnterEnemyZoc',
    'movement',
    'onlyOnRoutes',
    'retreatOffRoute',
    'displacement',
  ],
  (p) => {
    if (
      !Array.isArray(p.units) ||
      p.units.length === 0 ||
      !p.units.every((u) => typeof u === 'string')
    )
      return 'train units without "units"';
    if (p.mayAttack !== undefined && p.mayAttack !== false)
      return `mayAttack ${JSON.stringify(p.mayAttack)}`;
    if (p.enemyMayAdvanceAfterward !== undefined && p.enemyMayAdvanceAfterward !== true)
      return `enemyMayAdvanceAfterward ${JSON.stringify(p.enemyMayAdvanceAfterward)} (with several units)`;
    if (p.mayEnterEnemyZoc !== undefined && p.mayEnterEnemyZoc !== false)
      return `mayEnterEnemyZoc ${JSON.stringify(p.mayEnterEnemyZoc)}`;
    if (p.retreatOffRoute !== undefined && p.retreatOffRoute !== 'eliminated')
      return `retreatOffRoute ${JSON.stringify(p.retreatOffRoute)}`;
    if (p.displacement !== undefined && p.displacement !== 'allowed')
      return `displacement ${JSON.stringify(p.displacement)} (with several units)`;
    const side = p.autoRetreatWhenAdjacentInCombatPhaseOf;
    if (side !== 'union' && side !== 'confederate')
      return `autoRetreatWhenAdjacentInCombatPhaseOf ${JSON.stringify(side)}`;
    if (
      !Array.isArray(p.onlyOnRoutes) ||
      p.onlyOnRoutes.length === 0 ||
      p.onlyOnRoutes.some((r) => !ROUTES.includes(r as string))
    )
      return `onlyOnRoutes ${JSON.stringify(p.onlyOnRoutes)}`;
    if (p.movement !== undefined && (typeof p.movement !== 'number' || p.movement <= 0))
      return `movement ${JSON.stringify(p.movement)}`;
    return null;
  },
);

export function trainDefence(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const units = new Set(p.units as string[]);
  const routes = p.onlyOnRoutes as RouteType[];
  const autoSide = p.autoRetreatWhenAdjacentInCombatPhaseOf as Side;
  const noEnemyZoc = p.mayEnterEnemyZoc === false;

  const onRoute = (ctx: GameContext, hex: HexId) =>
    ctx.map.routesIn(hex).some((r) => routes.includes(r));
  const enemiesNextTo = (
    ctx: GameContext,
    state: GameState,
    u: UnitState & { hex: HexId },
  ): UnitState[] => {
    const around = new Set(ctx.map.grid.neighbours(u.hex));
    return Object.values(state.units).filter(
      (e) => e.side !== u.side && onMap(e) && around.has(e.hex),
    );
  };

  return {
    hook: rule.hook,
    case: rule.case,
    forbiddenHexes(ctx, state, unit) {
      if (!units.has(unit.id)) return null;
      const zoc = noEnemyZoc ? enemyZocOf(ctx, state, unit.side) : null;
      const hexes: HexId[] = [];
      const b = ctx.board;
      for (let j = 0; j < b.size; j++) {
        const hex = b.ids[j];
        if (!onRoute(ctx, hex) || (zoc !== null && zoc[j] === 1)) hexes.push(hex);
      }
      return {
        hexes,
        refusal: (hex) =>
          onRoute(ctx, hex)
            ? refusal(
                'TRAIN_INTO_ENEMY_ZOC',
                rule.case,
                `${unit.id} may never enter an Enemy controlled hex (${hex}, 18.32)`,
              )
            : refusal(
                'TRAIN_OFF_ROUTE',
                rule.case,
                `${unit.id} may enter only hexes with a ${routes.join(' or ')} (${hex}, 18.34)`,
              ),
      };
    },
    retreatStepRefused(ctx, _state, unit, _from, to) {
      if (!units.has(unit.id) || onRoute(ctx, to)) return null;
      return `${unit.id} may not retreat into ${to}, a hex without ${routes.join(' or ')}: eliminated if no other retreat (18.34)`;
    },
    beforeAttacks(ctx, state, dice) {
      if (state.phasing !== autoSide) return null;
      const phase = combatOf(state);
      if (phase.current || phase.queue.length > 0) return null;
      const trains: Array<UnitState & { hex: HexId }> = [];
      const enemies = new Map<string, UnitState & { hex: HexId }>();
      for (const id of [...units].sort()) {
        const u = state.units[id];
        if (!onMap(u) || u.side !== autoSide) continue;
        const next = enemiesNextTo(ctx, state, u);
        if (next.length === 0) continue;
        trains.push(u);
        for (const e of next) enemies.set(e.id, e as UnitState & { hex: HexId });
      }
      if (trains.length === 0) return null;
      const defenders = [...enemies.keys()].sort();
      const origin: Record<string, HexId> = {};
      for (const u of [...trains, ...enemies.values()]) origin[u.id] = u.hex;
      const combat: Combat = {
        n: 0,
        attackers: trains.map((u) => u.id),
        bombard: [],
        defenderHexes: [...new Set([...enemies.values()].map((e) => e.hex))].sort(),
        defenders,
        origin,
        inEzoc: trains.filter((u) => inEnemyZoc(ctx, state, u.side, u.hex)).map((u) => u.id),
        vacatedBefore: [],
        result: 'Ar',
        retreated: [],
        retreatedBefore: [],
        accepted: [],
        advanced: [],
        eliminatedDefenders: [],
      };
      // The engine's own Ar sequence (8.6, 12.11, 8.75): retreats, morale, the enemy's advances.
      const queue: Step[] = [
        { kind: 'retreats', who: 'attackers' },
        { kind: 'morale' },
        { kind: 'advances', loser: 'attackers' },
        { kind: 'finish' },
      ];
      const events: GameEvent[] = [
        {
          type: 'automatic-attacker-retreat',
          units: combat.attackers,
          adjacentTo: defenders,
          side: autoSide,
          enemy: otherSide(autoSide),
          rule: rule.case,
        },
      ];
      const next = run(ctx, withCombat(state, { ...phase, current: combat, queue }), dice, events);
      return { state: next, events };
    },
  };
}
