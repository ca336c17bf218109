/**
 * Leaders (battles.md §17 rank 27): counters above the combat units that
 * move, stack and die by rules of their own and lend their stack strength,
 * steadiness and rallies.
 *
 * Grand Chancellorsville 23.5: "Players use the Leader counters provided to
 * affect combat; eliminating Enemy Leader units garners Victory Point.
 * Leaders with one star are Confederate divisional and Union corps
 * commanders. Leaders with more than one star are army (Union and
 * Confederate) and corps (Confederate) commanders."
 * 23.51: "Leaders have no Combat Strength by themselves. They have a Movement
 * Allowance of twelve and may use Forced March Movement to double this to 24
 * Movement Points. Leaders may not use Strategic Movement."
 * 23.52: "Leader have no stacking limitations and may ignore the stacking
 * restrictions of combat units ... Only the highest ranking Leader in an
 * attack will affect combat."
 * 23.53: "One-star Leaders may stack only with units of their command.
 * Exception: a one-star Leader may stack in any hex where there is a higher
 * commander present. ... If all units within a particular command have been
 * eliminated the commander is removed from play."
 * 23.54: "... if alone in a hex they do not impede the movement of any Enemy
 * units; Enemy units may move through them as if they did not exist. If an
 * Enemy combat unit moves into or through a hex containing a Leader, that
 * Leader is eliminated. Unaccompanied Leaders are not affected by bombarding
 * artillery units."
 * 23.55: "... Any unit suffering a Disruption result that is stacked with a
 * Leader receives a 'saving' die roll ...: on a die roll of '1–3' the
 * Disruption result is void. Exception: Hooker does not produce this
 * benefit. In addition, any Leader with more than one star adds one Combat
 * Strength Point to any non-artillery unit or units with which it is
 * stacked. Only one Leader may affect units in a stack."
 * 23.56: "... Roll a die for each Leader present with the destroyed combat
 * unit. A die roll of '1' results in the Leader being killed. Any other
 * result requires that the Leader is placed immediately on the nearest unit
 * of his command."
 * 23.57: "Units that attempt to Rally automatically succeed if stacked with a
 * Leader."
 * 23.58: "Opposing Players receive Victory Points equivalent to twice the
 * number of stars on the counter for eliminating a commander" (the victory
 * spec's eliminated-leader-stars rule reads the stars recorded here).
 *
 * The counters: the text names Hooker, Lee, Jackson (3 stars, 23.58) and
 * Stuart and lists no Leader counter, so the players supply them (the
 * scenario's `counters` block): units of type "leader" with `stars` and, for
 * a one-star leader, the `command` he commands (a key of `commands`). A game
 * without leader counters has no leaders and this rule acts on nothing.
 *
 * Readings:
 * - a leader is every unit of type "leader"; his stars are the text's where
 *   it gives them (`stars`, Jackson 3: they win over the counter's), else the
 *   counter's, else one (23.5: one star is every commander's rank below army
 *   and Confederate corps). A leader without `command` commands his whole
 *   side (the army commanders); `commands` lists each command's units by id
 *   or by the name of another command (a corps of divisions);
 * - no Combat Strength (23.51, 23.54): he never attacks (2.3, he is no
 *   combat unit), is never a defender, a hex he alone holds is never
 *   attacked nor bombarded, and he counts for no stacking limit
 *   (noCombatPresence); Enemy units move and retreat through and into his
 *   hex as if he were not there, and a hex he alone is left in counts as
 *   vacated for advances after combat;
 * - he is not touched by combat results: his stack may retreat or be
 *   eliminated around him, he stays (the text moves him only by 23.56), and
 *   an Enemy combat unit that then advances, moves or retreats into his hex
 *   eliminates him (23.54). "Into or through": the hexes of a move's or a
 *   retreat's path and the hex every Enemy combat unit stands in after an
 *   order;
 * - 23.53 is checked where each move, retreat, advance or placement ends
 *   (6.32's moment; stackingCheck): a one-star leader, unless a leader of
 *   more stars of his side is there, may share his hex only with units of
 *   his command, and may end his own move only with at least one of them;
 *   a unit leaving him alone is not refused (the text binds the leader, who
 *   follows in his own Movement Phase), nor a retreat or advance after combat
 *   into his hex (never made impossible for a leader's sake);
 * - Movement Allowance 12 whatever the counter prints, less one at Night
 *   (11.11); a Forced March gives him 24 (less one at Night) on the
 *   Game-Turns the forced-march rule gives his side (23.21, 23.22);
 *   Strategic Movement is refused (6.42: his type has none); he places no
 *   Rally or Breastworks marker;
 * - in each combat the leader that counts for a side is its highest ranking
 *   one (most stars; between equals the one with more of the side's units of
 *   the combat in his hex, then by id) in a hex a unit of that side's stood in
 *   when the combat was declared (attackers, bombarding units, defenders):
 *   with more than one star he adds `multiStarStrengthBonus` CSP to each
 *   non-artillery unit of that hex (before the 8.32 modifications); a unit of
 *   that hex that the combat Disorders (12.11-12.13) rolls to save it, void on
 *   `disorderSave`, unless the leader is one of `noDisorderSave` (Hooker:
 *   where he is the highest ranking, nobody of the combat is saved);
 * - 23.56: after an order, a leader in whose hex a friendly unit was
 *   eliminated in the Combat Phase rolls once: `killedWhenStackEliminatedOn`
 *   kills him, else he is placed on the nearest unit of his command (his own
 *   hex if one is still there; equal distances by hex label), or removed if
 *   none is left;
 * - 23.53's removal: a one-star leader whose command's units are all
 *   eliminated is removed, worth no Victory Points (the Enemy eliminated his
 *   units, not him); leaders killed (23.56) or eliminated (23.54) are worth
 *   their stars to the Enemy (VictoryInputs.eliminatedLeaderStars);
 * - 23.57: a Rally attempt of a unit stacked with any leader of its side
 *   succeeds without a roll (the 12.41b table's best line).
 *
 * params: { counters: "supplied", stars?: {id: n}, movement: 12, forcedMarchMovement?: 24,
 *           strategicMovement: false, stacking: "unlimited", commands?: {name: string[]},
 *           oneStarStaysWithCommand?: true, removedWhenCommandEliminated?: true,
 *           eliminatedWhenEnemyEnters: true, disorderSave?: number[], noDisorderSave?: string[],
 *           multiStarStrengthBonus?: number, oneLeaderPerStack: true, highestInAttackCounts: true,
 *           killedWhenStackEliminatedOn?: number[], rallyAutomatic?: true }
 */
import type { Dice } from '../../dice';
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { GameEvent, HexId, RuleHook, Side } from '../../types';
import { otherSide } from '../../types';
import type { Combat } from '../blue-grey/combat';
import { eliminate } from '../blue-grey/combat';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { commandMembers } from './leaders-deployment';

/** hookState entry: the leaders the Enemy eliminated (23.54, 23.56), with their stars (23.58). */
export interface LeadersState {
  eliminated: Array<{ unit: string; side: Side; stars: number; rule: string }>;
}

const isDieList = (x: unknown): x is number[] =>
  Array.isArray(x) &&
  x.length > 0 &&
  x.every((n) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6);
const isIdList = (x: unknown): x is string[] =>
  Array.isArray(x) && x.every((s) => typeof s === 'string' && s.length > 0);
const isCount = (x: unknown, min: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min;

export const leadersSupport: HookSupport = knownParams(
  [
    'counters',
    'stars',
    'movement',
    'forcedMarchMovement',
    'strategicMovement',
    'stacking',
    'commands',
    'oneStarStaysWithCommand',
    'removedWhenCommandEliminated',
    'eliminatedWhenEnemyEnters',
    'disorderSave',
    'noDisorderSave',
    'multiStarStrengthBonus',
    'oneLeaderPerStack',
    'highestInAttackCounts',
    'killedWhenStackEliminatedOn',
    'rallyAutomatic',
  ],
  (p) => {
    if (p.counters !== 'supplied')
      return `counters ${JSON.stringify(p.counters)} (the leader counters are the players', "supplied")`;
    if (
      p.stars !== undefined &&
      (typeof p.stars !== 'object' ||
        p.stars === null ||
        Object.values(p.stars).some((n) => !isCount(n, 1)))
    )
      return `stars ${JSON.stringify(p.stars)}`;
    if (!isCount(p.movement, 1)) return `movement ${JSON.stringify(p.movement)}`;
    if (p.forcedMarchMovement !== undefined && !isCount(p.forcedMarchMovement, 1))
      return `forcedMarchMovement ${JSON.stringify(p.forcedMarchMovement)}`;
    // What the leader type and the hook points give; anything else is not implemented.
    if (p.strategicMovement !== false) return 'strategicMovement other than false';
    if (p.stacking !== 'unlimited') return `stacking ${JSON.stringify(p.stacking)}`;
    if (p.eliminatedWhenEnemyEnters !== true) return 'eliminatedWhenEnemyEnters other than true';
    if (p.oneLeaderPerStack !== true) return 'oneLeaderPerStack other than true';
    if (p.highestInAttackCounts !== true) return 'highestInAttackCounts other than true';
    for (const k of ['oneStarStaysWithCommand', 'removedWhenCommandEliminated', 'rallyAutomatic'])
      if (p[k] !== undefined && p[k] !== true) return `${k} other than true`;
    if (
      p.commands !== undefined &&
      (typeof p.commands !== 'object' ||
        p.commands === null ||
        Object.values(p.commands).some((l) => !isIdList(l)))
    )
      return `commands ${JSON.stringify(p.commands)}`;
    if ((p.oneStarStaysWithCommand || p.removedWhenCommandEliminated) && p.commands === undefined)
      return 'a command rule without "commands"';
    for (const k of ['disorderSave', 'killedWhenStackEliminatedOn'])
      if (p[k] !== undefined && !isDieList(p[k])) return `${k} ${JSON.stringify(p[k])}`;
    if (p.noDisorderSave !== undefined && !isIdList(p.noDisorderSave))
      return `noDisorderSave ${JSON.stringify(p.noDisorderSave)}`;
    if (p.multiStarStrengthBonus !== undefined && !isCount(p.multiStarStrengthBonus, 0))
      return `multiStarStrengthBonus ${JSON.stringify(p.multiStarStrengthBonus)}`;
    return null;
  },
);

const onMapUnit = (u: UnitState | undefined): u is UnitState & { hex: HexId } =>
  !!u && u.status === 'on-map' && u.hex !== null;

export function leaders(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const textStars = (p.stars ?? {}) as Record<string, number>;
  const movement = p.movement as number;
  const forcedMarch = p.forcedMarchMovement as number | undefined;
  const commands = (p.commands ?? {}) as Record<string, string[]>;
  const withCommand = p.oneStarStaysWithCommand === true;
  const removal = p.removedWhenCommandEliminated === true;
  const save = p.disorderSave as number[] | undefined;
  const noSave = new Set((p.noDisorderSave ?? []) as string[]);
  const bonus = (p.multiStarStrengthBonus ?? 0) as number;
  const killedOn = p.killedWhenStackEliminatedOn as number[] | undefined;
  const rally = p.rallyAutomatic === true;
  const key = hookKey(rule);

  const isLeader = (ctx: GameContext, id: string) => ctx.unitSpecs.get(id)?.type === 'leader';
  const starsOf = (ctx: GameContext, id: string): number =>
    textStars[id] ?? ctx.unitSpecs.get(id)?.stars ?? 1;

  /** The units of each command, commands named inside another expanded (a corps of divisions). */
  const members = commandMembers(commands);
  /** Whether combat unit `unitId` is of leader `leaderId`'s command (all his side's if he has none). */
  const ofCommand = (ctx: GameContext, leaderId: string, unitId: string): boolean => {
    const leader = ctx.unitSpecs.get(leaderId)!;
    const unit = ctx.unitSpecs.get(unitId);
    if (!unit || unit.side !== leader.side) return false;
    if (leader.command === undefined) return true;
    return !!members.get(leader.command)?.has(unitId) || unit.command === leader.command;
  };
  const isCombatant = (ctx: GameContext, id: string) => {
    const t = ctx.unitSpecs.get(id)?.type;
    return t !== undefined && t !== 'leader' && t !== 'gunboat';
  };

  const stateOf = (state: GameState) => hookStateOf<LeadersState>(state, key, { eliminated: [] });

  /** The combat units of each leader's command, from the counters alone: found once per game, not after every order (23.53). */
  const commandUnits = new WeakMap<GameContext, Map<string, string[]>>();
  const commandOf = (ctx: GameContext, leaderId: string): string[] => {
    let byLeader = commandUnits.get(ctx);
    if (!byLeader) commandUnits.set(ctx, (byLeader = new Map()));
    let ids = byLeader.get(leaderId);
    if (!ids) {
      ids = [...ctx.unitSpecs.keys()].filter(
        (id) => isCombatant(ctx, id) && ofCommand(ctx, leaderId, id),
      );
      byLeader.set(leaderId, ids);
    }
    return ids;
  };

  /** The leader that counts for `side` in combat `c` (23.52, 23.55), or null. */
  const countingLeader = (
    ctx: GameContext,
    state: GameState,
    c: Combat,
    side: Side,
  ): { id: string; hex: HexId } | null => {
    const ids = side === state.phasing ? [...c.attackers, ...c.bombard] : c.defenders;
    const perHex = new Map<HexId, number>();
    for (const id of ids) {
      const h = c.origin[id];
      if (h !== undefined && state.units[id]?.side === side)
        perHex.set(h, (perHex.get(h) ?? 0) + 1);
    }
    let best: { id: string; hex: HexId; stars: number; units: number } | null = null;
    for (const id in state.units) {
      const u = state.units[id];
      if (u.side !== side || !onMapUnit(u) || !isLeader(ctx, id)) continue;
      const units = perHex.get(u.hex);
      if (!units) continue;
      const stars = starsOf(ctx, id);
      if (
        !best ||
        stars > best.stars ||
        (stars === best.stars && (units > best.units || (units === best.units && id < best.id)))
      )
        best = { id, hex: u.hex, stars, units };
    }
    return best && { id: best.id, hex: best.hex };
  };
  const sideOf = (state: GameState, id: string) => state.units[id]?.side;

  return {
    hook: rule.hook,
    case: rule.case,

    noCombatPresence: (ctx, unitId) => isLeader(ctx, unitId),

    movementOf: (ctx, unitId) => (isLeader(ctx, unitId) ? movement : null),

    forcedMarchMovementOf: (ctx, unitId) =>
      forcedMarch !== undefined && isLeader(ctx, unitId) ? forcedMarch : null,

    markerRefusal(ctx, _state, unit) {
      if (!isLeader(ctx, unit.id)) return null;
      return refusal(
        'LEADER_NO_MARKER',
        '23.51',
        `${unit.id} is a Leader (no Combat Strength): he places no Rally or Breastworks marker`,
      );
    },

    stackingCheck(ctx, state, side) {
      if (!withCommand) return null;
      const leaders: string[] = [];
      for (const id of ctx.unitSpecs.keys()) {
        const s = ctx.unitSpecs.get(id)!;
        if (s.side === side && s.type === 'leader') leaders.push(id);
      }
      if (!leaders.some((id) => starsOf(ctx, id) === 1)) return null;
      const byHex = new Map<HexId, { leaders: string[]; units: string[] }>();
      for (const id in state.units) {
        const u = state.units[id];
        if (u.side !== side || !onMapUnit(u)) continue;
        let here = byHex.get(u.hex);
        if (!here) byHex.set(u.hex, (here = { leaders: [], units: [] }));
        if (isLeader(ctx, id)) here.leaders.push(id);
        else if (isCombatant(ctx, id)) here.units.push(id);
      }
      // Retreats and advances after combat are never refused for a leader's sake (the rule binds moves and placements).
      const combatPhase = state.phase === 'combat';
      return (unitId, hex) => {
        const moverIsLeader = isLeader(ctx, unitId);
        if (combatPhase && !moverIsLeader) return null;
        const here = byHex.get(hex);
        const others = (here?.leaders ?? []).filter((l) => l !== unitId);
        if (
          !(moverIsLeader && starsOf(ctx, unitId) === 1) &&
          !others.some((l) => starsOf(ctx, l) === 1)
        )
          return null;
        const present = moverIsLeader ? [...others, unitId] : others;
        if (present.some((l) => starsOf(ctx, l) > 1)) return null; // a higher commander is present
        const units = (here?.units ?? []).filter((u) => u !== unitId);
        if (!moverIsLeader && isCombatant(ctx, unitId)) units.push(unitId);
        for (const l of present) {
          const foreign = units.find((u) => !ofCommand(ctx, l, u));
          if (foreign !== undefined)
            return refusal(
              'LEADER_COMMAND',
              '23.53',
              `one-star Leader ${l} may stack only with units of his command, and ${foreign} is not (${hex}; no higher commander there)`,
            );
          if (l === unitId && units.length === 0)
            return refusal(
              'LEADER_COMMAND',
              '23.53',
              `one-star Leader ${l} stays with units of his command: none is in ${hex}, and no higher commander`,
            );
        }
        return null;
      };
    },

    strengthBonus(ctx, state, c, unitId) {
      if (bonus === 0) return 0;
      const side = sideOf(state, unitId);
      const t = ctx.unitSpecs.get(unitId)?.type;
      if (!side || !isCombatant(ctx, unitId) || t === 'artillery' || t === 'horse-artillery')
        return 0;
      const l = countingLeader(ctx, state, c, side);
      if (!l || l.hex !== c.origin[unitId] || starsOf(ctx, l.id) <= 1) return 0;
      return bonus;
    },

    disorderSave(ctx, state, c, unitId) {
      if (!save) return null;
      const side = sideOf(state, unitId);
      if (!side) return null;
      const l = countingLeader(ctx, state, c, side);
      if (!l || l.hex !== c.origin[unitId] || noSave.has(l.id)) return null;
      return { cancelOn: save, rule: '23.55', by: l.id };
    },

    rallyAutomatic(ctx, state, unitId) {
      if (!rally) return null;
      const u = state.units[unitId];
      if (!onMapUnit(u)) return null;
      for (const id in state.units) {
        const o = state.units[id];
        if (o.side === u.side && onMapUnit(o) && o.hex === u.hex && isLeader(ctx, id))
          return { rule: '23.57', by: id };
      }
      return null;
    },

    afterOrder(ctx, before, after, events, dice?: Dice) {
      const leaderIds = Object.keys(after.units).filter((id) => isLeader(ctx, id));
      if (leaderIds.length === 0) return null;
      let state = after;
      const out: GameEvent[] = [];
      const killed: LeadersState['eliminated'] = [];
      const kill = (id: string, why: string) => {
        const u = state.units[id];
        killed.push({ unit: id, side: u.side, stars: starsOf(ctx, id), rule: why });
        state = eliminate(state, id, why, out);
      };

      // 23.56: a friendly unit eliminated in the Combat Phase in the leader's hex.
      if (killedOn && before.phase === 'combat') {
        const rolled = new Set<string>();
        for (const e of events) {
          if (e.type !== 'unit-eliminated' || typeof e.unit !== 'string') continue;
          if (isLeader(ctx, e.unit) || typeof e.hex !== 'string') continue;
          for (const l of leaderIds) {
            const u = state.units[l];
            if (rolled.has(l) || !onMapUnit(u) || u.side !== e.side || u.hex !== e.hex) continue;
            rolled.add(l);
            if (!dice) continue; // game.ts always passes the game's dice
            const roll = dice.d6();
            const dies = killedOn.includes(roll);
            out.push({
              type: 'die-rolled',
              purpose: 'leader-casualty',
              rule: '23.56',
              unit: l,
              roll,
              killed: dies,
            });
            if (dies) {
              kill(l, '23.56');
              continue;
            }
            const to = nearestOfCommand(ctx, state, l, u.hex);
            if (to === null) {
              out.push({
                type: 'leader-removed',
                unit: l,
                rule: '23.56, 23.53',
                reason: 'no unit of his command is left',
              });
              state = eliminate(state, l, '23.56, 23.53', out);
            } else if (to !== u.hex) {
              out.push({ type: 'leader-placed', unit: l, from: u.hex, to, rule: '23.56' });
              state = { ...state, units: { ...state.units, [l]: { ...state.units[l], hex: to } } };
            }
          }
        }
      }

      // 23.54: an Enemy combat unit moved into or through, or stands in, the leader's hex.
      const entered = new Set<string>();
      for (const e of events) {
        if (typeof e.unit !== 'string' || !Array.isArray(e.path)) continue;
        if (e.type !== 'moved' && e.type !== 'strategic-moved' && e.type !== 'unit-retreated')
          continue;
        const side = state.units[e.unit]?.side ?? before.units[e.unit]?.side;
        if (!side || !isCombatant(ctx, e.unit)) continue;
        for (const h of e.path as HexId[]) entered.add(`${h}|${side}`);
      }
      const standing = new Set<string>();
      for (const id in state.units) {
        const u = state.units[id];
        if (onMapUnit(u) && isCombatant(ctx, id)) standing.add(`${u.hex}|${u.side}`);
      }
      for (const l of leaderIds) {
        const u = state.units[l];
        if (!onMapUnit(u)) continue;
        const enemy = `${u.hex}|${otherSide(u.side)}`;
        if (standing.has(enemy) || entered.has(enemy)) kill(l, '23.54');
      }

      // 23.53: a one-star leader whose command is all eliminated is removed from play.
      if (removal) {
        for (const l of leaderIds) {
          const u = state.units[l];
          const spec = ctx.unitSpecs.get(l)!;
          if (u.status !== 'on-map' && u.status !== 'pending') continue;
          if (starsOf(ctx, l) !== 1 || spec.command === undefined) continue;
          const own = commandOf(ctx, l).filter((id) => state.units[id] !== undefined);
          if (own.length === 0 || own.some((id) => state.units[id].status !== 'eliminated'))
            continue;
          out.push({
            type: 'leader-removed',
            unit: l,
            rule: '23.53',
            reason: 'every unit of his command is eliminated',
          });
          state =
            u.status === 'on-map'
              ? eliminate(state, l, '23.53', out)
              : { ...state, units: { ...state.units, [l]: { ...u, status: 'eliminated' } } };
        }
      }

      if (out.length === 0) return null;
      if (killed.length > 0) {
        const s = stateOf(state);
        state = withHookState(state, key, { eliminated: [...s.eliminated, ...killed] });
      }
      return { state, events: out };
    },

    victoryInputs(ctx, state) {
      const stars: Record<Side, number> = { union: 0, confederate: 0 };
      for (const e of stateOf(state).eliminated) stars[e.side] += e.stars;
      return { eliminatedLeaderStars: stars };
    },
  };

  /** The hex of the nearest combat unit of the leader's command on the map (his own if one is there), or null (23.56). */
  function nearestOfCommand(
    ctx: GameContext,
    state: GameState,
    leaderId: string,
    from: HexId,
  ): HexId | null {
    let best: { hex: HexId; d: number } | null = null;
    for (const id in state.units) {
      const u = state.units[id];
      if (!onMapUnit(u) || !isCombatant(ctx, id) || !ofCommand(ctx, leaderId, id)) continue;
      const d = ctx.map.grid.distance(from, u.hex);
      if (!best || d < best.d || (d === best.d && u.hex < best.hex)) best = { hex: u.hex, d };
    }
    return best?.hex ?? null;
  }
}
