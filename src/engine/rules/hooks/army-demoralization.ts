/**
 * Army Demoralization (battles.md §17): past a level of combat losses an
 * army may no longer advance after combat nor attack at low odds.
 *
 * Hooker and Lee 20.11: "If the Union Army suffers combat losses in excess
 * of the following, it becomes Demoralized: i) Before all I Corps units cross
 * the river, 47 Combat Strength Points; or ii) After all I Corps units cross
 * the river, 58 ..." 20.12: "Demoralized units may move and attack normally;
 * however, they may not advance after combat and they may not voluntarily
 * attack at odds of less than 1:3." 20.13: "The effect of Demoralization is
 * immediate ... If there are any further battles to be fought that
 * Game-Turn, they are resolved in a Demoralized state, with the exception
 * that all attacks at odds of less than 1:3 that have already been scheduled
 * for that Game-Turn may be resolved." 20.14: "... the Union Player must
 * avoid making attacks at less than 1:3 odds if at all possible. If after the
 * Game-Turn of Demoralization an attack at 1:3 odds is unavoidable, the Union
 * units making such an attack automatically receive an Attacker Retreat
 * combat result." 20.15: I Corps "may act to 'recover' a Demoralized army
 * ... If all the Reinforcement units of Reynolds' I Corps arrive and Union
 * losses are lower than 59 Combat Strength Points, the Union Player's units
 * are recovered ... no effect on recovery/Demoralization until they all
 * cross the Rappahannock River." 20.21: the Confederate over 52; 20.22 the
 * same effects; 20.23 never recovered. 21.3 lowers a Demoralized winner's
 * victory one level (victory.ts; this hook feeds VictoryInputs.demoralized).
 *
 * Readings:
 * - Combat losses are the strength points of the side's units eliminated
 *   (state.eliminatedStrength: results, retreats off the map, exchanges).
 * - A unit of `crossed.units` has crossed once it has stepped from one of
 *   the crossing hexes into the far-bank hex (U.S. Ford 0411 to 0511 on our
 *   reconstructed map); "all I Corps units" means every one of them has.
 * - So the Union army is Demoralized exactly while its losses exceed 47, or
 *   58 once all of I Corps has crossed: 20.15's recovery ("lower than 59"
 *   after all cross) is the same test, re-evaluated after every order. The
 *   Confederate army, once Demoralized, stays so (20.23).
 * - The 1:3 test uses the odds the attack would be resolved at (raw odds,
 *   terrain shifts, any voluntary reduction 8.9), at the reading least
 *   favourable to the attacker when the terrain allows several; the Night
 *   die is not known at declaration and is not considered.
 * - An attack is unavoidable (not voluntary) when it takes in a unit obliged
 *   to attack or a hex that must be attacked (8.11, 8.12, A15); any other
 *   attack below 1:3 by a Demoralized army is refused. On the Game-Turn the
 *   army became Demoralized its unavoidable attacks below 1:3 — the ones
 *   "already scheduled", the obligations being fixed at the start of the
 *   Combat Phase — are resolved normally (20.13); on later Game-Turns they
 *   are an automatic Ar without a die roll (20.14).
 *
 * params: { union?/confederate?: { lossesAbove: Array<{ strength: number, until?: "crossed", after?: "crossed" }>,
 *             crossed?: { units: string[], river?: string, crossingHexes: HexId[], farBankHex: HexId },
 *             recovery: null | { units: string[] (= crossed.units), lossesBelow: number (= the after-crossing level + 1),
 *                                excludedUnits?: string[] (arrivals that play no part) } },
 *           effects: { advanceAfterCombat: false, noVoluntaryAttackBelow: odds label,
 *                      alreadyScheduledAttacksMayResolve?: true, unavoidableAttackBelowResult?: "Ar", immediate?: true } }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { GameEvent, HexId, RuleHook, Side } from '../../types';
import { combatOf, combatRawLevel, combatStrengths, terrainOptions } from '../blue-grey/combat';
import { obligations, provisionalCombat } from '../blue-grey/attack';
import { levelLabel, parseLevel, reduceLevel, shiftLevel } from '../blue-grey/odds';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { movementSteps } from './movement-quota';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

interface Threshold {
  strength: number;
  until?: 'crossed';
  after?: 'crossed';
}

interface ArmyParams {
  lossesAbove: Threshold[];
  crossed?: { units: string[]; river?: string; crossingHexes: HexId[]; farBankHex: HexId };
  recovery: null | { units: string[]; lossesBelow: number; excludedUnits?: string[] };
}

const SIDES: Side[] = ['union', 'confederate'];

function armyReason(a: unknown, s: Side): string | null {
  if (typeof a !== 'object' || a === null) return `${s} without its levels`;
  const x = a as Record<string, unknown>;
  const extra = Object.keys(x).filter((k) => !['lossesAbove', 'crossed', 'recovery'].includes(k));
  if (extra.length) return `${s} ${extra.map((k) => `"${k}"`).join(', ')}`;
  const levels = x.lossesAbove as Threshold[];
  if (!Array.isArray(levels) || levels.length === 0 || levels.length > 2)
    return `${s} lossesAbove ${JSON.stringify(levels)}`;
  for (const l of levels) {
    if (!Number.isInteger(l?.strength)) return `${s} lossesAbove ${JSON.stringify(l)}`;
    const keys = Object.keys(l).filter((k) => k !== 'strength');
    if (
      keys.some((k) => k !== 'until' && k !== 'after') ||
      (l.until ?? 'crossed') !== 'crossed' ||
      (l.after ?? 'crossed') !== 'crossed'
    )
      return `${s} lossesAbove ${JSON.stringify(l)}`;
  }
  const staged = levels.length === 2;
  const crossed = x.crossed as ArmyParams['crossed'];
  if (staged) {
    if (!levels.some((l) => l.until) || !levels.some((l) => l.after))
      return `${s} two levels not split by the crossing`;
    if (
      !crossed ||
      !Array.isArray(crossed.units) ||
      crossed.units.length === 0 ||
      !Array.isArray(crossed.crossingHexes) ||
      typeof crossed.farBankHex !== 'string'
    )
      return `${s} levels by a crossing without "crossed" units, crossingHexes and farBankHex`;
  } else if (levels[0].until || levels[0].after) return `${s} a crossing level without the other`;
  const rec = x.recovery as ArmyParams['recovery'] | undefined;
  if (rec === undefined) return `${s} without "recovery"`;
  if (rec !== null) {
    // 20.15: recovery is the after-crossing test itself; any other recovery is not implemented.
    const after = levels.find((l) => l.after);
    if (!staged || !after || rec.lossesBelow !== after.strength + 1)
      return `${s} recovery ${JSON.stringify(rec)}`;
    const same =
      rec.units.length === crossed!.units.length &&
      rec.units.every((u) => crossed!.units.includes(u));
    if (!same) return `${s} recovery units other than the crossing units`;
  }
  return null;
}

export const armyDemoralizationSupport: HookSupport = knownParams(
  ['union', 'confederate', 'effects'],
  (p) => {
    if (p.union === undefined && p.confederate === undefined) return 'no army';
    for (const s of SIDES)
      if (p[s] !== undefined) {
        const r = armyReason(p[s], s);
        if (r) return r;
      }
    const e = (p.effects ?? {}) as Record<string, unknown>;
    const known = [
      'advanceAfterCombat',
      'noVoluntaryAttackBelow',
      'alreadyScheduledAttacksMayResolve',
      'unavoidableAttackBelowResult',
      'immediate',
    ];
    const extra = Object.keys(e).filter((k) => !known.includes(k));
    if (extra.length) return `effects ${extra.map((k) => `"${k}"`).join(', ')}`;
    if (e.advanceAfterCombat !== false) return 'effects without advanceAfterCombat false';
    if (parseLevel(e.noVoluntaryAttackBelow) === undefined)
      return `effects noVoluntaryAttackBelow ${JSON.stringify(e.noVoluntaryAttackBelow)}`;
    if (
      e.alreadyScheduledAttacksMayResolve !== undefined &&
      e.alreadyScheduledAttacksMayResolve !== true
    )
      return 'alreadyScheduledAttacksMayResolve false';
    if (e.unavoidableAttackBelowResult !== undefined && e.unavoidableAttackBelowResult !== 'Ar')
      return `unavoidableAttackBelowResult ${JSON.stringify(e.unavoidableAttackBelowResult)}`;
    if (e.immediate !== undefined && e.immediate !== true) return 'immediate false';
    return null;
  },
);

/** hookState entry: the crossing units that have crossed, and since which Game-Turn each army is Demoralized (null: it is not). */
export interface DemoralizationState {
  crossed: string[];
  since: Record<Side, number | null>;
}

export function armyDemoralization(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const armies: Partial<Record<Side, ArmyParams>> = {};
  for (const s of SIDES) if (p[s]) armies[s] = p[s] as ArmyParams;
  const e = p.effects as Record<string, unknown>;
  const floor = parseLevel(e.noVoluntaryAttackBelow)!;
  const key = hookKey(rule);
  const empty: DemoralizationState = { crossed: [], since: { union: null, confederate: null } };

  /** The loss level the side must exceed now (20.11, 20.21). */
  const limitOf = (s: Side, hs: DemoralizationState): number | null => {
    const a = armies[s];
    if (!a) return null;
    if (a.lossesAbove.length === 1) return a.lossesAbove[0].strength;
    const all = a.crossed!.units.every((u) => hs.crossed.includes(u));
    return a.lossesAbove.find((l) => (all ? l.after : l.until))!.strength;
  };
  /** Whether the side's army is Demoralized in this state, from its losses (and, for one never recovered, its record). */
  const demoralizedNow = (state: GameState, s: Side, hs: DemoralizationState): boolean => {
    const limit = limitOf(s, hs);
    if (limit === null) return false;
    if (armies[s]!.recovery === null && hs.since[s] !== null) return true; // 20.23
    return state.eliminatedStrength[s] > limit;
  };
  /** 20.13 "immediate": read from the losses now, even inside the order that pushed them over (an advance decided in the same combat). */
  const isDemoralized = (state: GameState, s: Side) =>
    demoralizedNow(state, s, hookStateOf<DemoralizationState>(state, key, empty));

  /** The odds level the attack would be resolved at, least favourable terrain reading (before any Night die). */
  const declaredLevel = (
    ctx: GameContext,
    state: GameState,
    a: Parameters<NonNullable<MovementHook['attackRefusal']>>[3],
  ): number => {
    const c = provisionalCombat(state, { type: 'attack', ...a });
    const levels = terrainOptions(ctx, state, c).map((o) => {
      const shifted = shiftLevel(
        combatRawLevel(combatStrengths(ctx, state, c, o)),
        o.right.shift - o.left.shift,
      );
      return reduceLevel(shifted, c.cap);
    });
    return Math.min(...levels);
  };
  /** 20.14: an attack the side could not avoid: it takes in an obliged unit or a hex that must be attacked (8.11, 8.12). */
  const unavoidable = (
    ctx: GameContext,
    state: GameState,
    attackers: string[],
    defenders: HexId[],
  ): boolean => {
    const ob = obligations(ctx, state, combatOf(state));
    return (
      attackers.some((id) => ob.units.includes(id)) || defenders.some((h) => ob.hexes.includes(h))
    );
  };

  return {
    hook: rule.hook,
    case: rule.case,
    afterOrder(_ctx, before, after, events) {
      const hs = hookStateOf<DemoralizationState>(after, key, empty);
      let crossed = hs.crossed;
      for (const s of SIDES) {
        const c = armies[s]?.crossed;
        if (!c) continue;
        for (const step of movementSteps(events)) {
          if (
            c.units.includes(step.unit) &&
            !crossed.includes(step.unit) &&
            c.crossingHexes.includes(step.from) &&
            step.to === c.farBankHex
          )
            crossed = [...crossed, step.unit];
        }
      }
      const next: DemoralizationState = { crossed, since: { ...hs.since } };
      const out: GameEvent[] = [];
      for (const s of SIDES) {
        if (!armies[s]) continue;
        const now = demoralizedNow(after, s, next);
        const was = hs.since[s] !== null;
        if (now === was) continue;
        next.since[s] = now ? after.turn : null;
        out.push({
          type: now ? 'army-demoralized' : 'army-recovered',
          side: s,
          losses: after.eliminatedStrength[s],
          limit: limitOf(s, next),
          turn: after.turn,
          rule: rule.case,
        });
      }
      if (crossed === hs.crossed && out.length === 0) return null;
      void before;
      return { state: withHookState(after, key, next), events: out };
    },
    attackRefusal(ctx, state, side, a) {
      if (!isDemoralized(state, side)) return null;
      const level = declaredLevel(ctx, state, a);
      if (level >= floor || unavoidable(ctx, state, a.attackers, a.defenders)) return null;
      return refusal(
        'DEMORALIZED_ODDS',
        '20.12, 20.14',
        `the ${side} army is Demoralized: it may not voluntarily attack at odds of less than ${levelLabel(floor)} (this attack: ${levelLabel(level)})`,
      );
    },
    forcedCombatResult(ctx, state, c, level) {
      const s = state.phasing;
      const since = hookStateOf<DemoralizationState>(state, key, empty).since[s];
      if (since === null || since >= state.turn || level >= floor) return null;
      return {
        result: 'Ar',
        rule: '20.14',
        why: `the ${s} army has been Demoralized since Game-Turn ${since}: an unavoidable attack at less than ${levelLabel(floor)} is an automatic Attacker Retreat`,
      };
    },
    advanceRefused(_ctx, state, unitId) {
      const u = state.units[unitId];
      return !!u && isDemoralized(state, u.side);
    },
    victoryInputs(_ctx, state) {
      const hs = hookStateOf<DemoralizationState>(state, key, empty);
      const demoralized: Partial<Record<Side, boolean>> = {};
      for (const s of SIDES) demoralized[s] = demoralizedNow(state, s, hs);
      return { demoralized };
    },
  };
}
