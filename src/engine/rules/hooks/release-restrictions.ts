/**
 * immobile-until, the "restricted until released" form (battles.md §17 rank
 * 5: immobility and release triggers): a group of units labours under a
 * restriction — not a full immobility, or an immobility with triggers of its
 * own — until one of several release conditions occurs, and is then free for
 * good.
 *
 * Road to Vicksburg 17.0: "Such restrictions do not apply to bombardment
 * attacks unless specifically stated. Once released, the restricted units
 * become available in the Friendly Movement Phase and can move and attack
 * freely for the rest of the game."
 * 17.1 (Bowen) / 17.2 (Loring): "No unit of [the] division may move more than
 * two hexes from its initial position or enter an Enemy Zone of Control. The
 * division is released: i) If any unit of the division is attacked by an
 * adjacent Union unit. ii) If any unit of [the other] division is attacked by
 * an adjacent Union unit. iii) If, during the Confederate Movement Phase of
 * Game-Turn Three [Four], the Confederate Player rolls a '6' on a die. iv)
 * Otherwise, in the Confederate Movement Phase of Game-Turn Four [Five]."
 * 17.3 (Union 9th Division): "i) All units attack at half Combat Strength ...
 * ii) The 2nd brigade and the 1st Wisconsin battery cannot enter an Enemy
 * Zone of Control until: a) Game-Turn Four; b) The Union Movement Phase after
 * the 1st brigade has suffered a combat result of Ae or Ar; or c) Until the
 * 9th division is otherwise released. The 9th division is released when ...
 * i) A unit of the division is attacked by a Confederate unit, and no unit of
 * the division has taken part in a non-bombardment attack. ii) When Jackson's
 * force, or its Zone of Control, no longer blocks the Middle Road east of
 * Jackson's Creek at the end of a Confederate Player-Turn. iii) If, during
 * the Union Movement Phase of Game-Turn Five, the Union Player rolls a '6'
 * on a die. iv) Otherwise, in the Union Movement Phase of Game-Turn Six."
 * 17.4: the 14th Division enters no Enemy Zone of Control until released, on
 * the same conditions. 17.5: "The 2nd Ohio battery cannot move. It is
 * released when: i) A Confederate unit ends a Confederate Player-Turn within
 * three hexes of the battery's set-up location. ii) Otherwise, ... during the
 * Union Movement Phase of Game-Turn Five."
 *
 * The group is `units` (ids, which need not be in the game: counters the
 * players did not supply are simply absent) and every unit whose counter
 * carries `flag`. Restrictions (`restrict`), each only until the release:
 * - maxHexesFromStart: no step of a move ends farther than this from the
 *   hex the unit stood in when play began (or where it first appeared on the
 *   map, for a unit arriving later);
 * - enterEnemyZoc false: no step of a move enters an Enemy controlled hex;
 * - move false: the unit does not move at all (markers are not moves);
 * - attackStrength: the factor on each unit's strength when it attacks
 *   adjacent (not when it bombards, 17.0), before any other adjustment
 *   ("in addition to any other adjustments").
 * Movement restrictions bind Movement Phases only: retreats and advances
 * after combat are not moves.
 *
 * Release triggers (`release`), the first to occur releasing every unit of
 * the group for good:
 * - "attacked-by-adjacent-enemy" {groups}: an attack whose adjacent
 *   (non-bombarding) attackers include an enemy unit, against a hex holding a
 *   unit of one of `groups` ({units?, flag?});
 * - "attacked-before-attacking": a unit of the group is among the defenders
 *   of an enemy attack (bombardment included: "attacked by a Confederate
 *   unit") while no unit of the group has yet attacked other than by
 *   bombardment;
 * - "enemy-no-longer-blocks" {units?, flag?, hexes}: at the end of an enemy
 *   Player-Turn, no unit of the blocking force stands in, or has its Zone of
 *   Control in, any of `hexes` (the Middle Road east of Jackson's Creek); a
 *   force not in the game blocks nothing;
 * - "die-roll" {turn, rolls}: a die rolled when the side's Movement Phase of
 *   Game-Turn `turn` begins (recorded in the events), releasing on `rolls`;
 * - "turn" {turn}: the side's Movement Phase of Game-Turn `turn`;
 * - "combat-result" {units, results, from: "next-movement-phase"}: the
 *   side's Movement Phase after one of `units` suffered one of `results` as an
 *   attacker;
 * - "released" {by}: the declaration of this hook with case `by` is released;
 * - "enemy-ends-player-turn-within" {radius, of: "set-up-hex"}: an enemy
 *   unit ends an enemy Player-Turn within `radius` hexes (9.12 count) of the
 *   hex a unit of the group stood in when play began.
 * A release recorded during the enemy's Player-Turn frees the units from
 * their own next Movement Phase on, which is the next thing they do (17.0).
 * The release, its Game-Turn and reason are in hook state and events
 * ("immobility-released"); other declarations read them (releaseOf).
 *
 * params: { side: Side, group?: string, units?: string[], flag?: string,
 *           restrict: { maxHexesFromStart?: number, enterEnemyZoc?: false, move?: false, attackStrength?: number },
 *           release: Release[] }
 */
import type { Dice } from '../../dice';
import type { GameContext } from '../../game';
import type { GameState, UnitState } from '../../state';
import type { GameEvent, HexId, RuleHook, Side } from '../../types';
import { otherSide } from '../../types';
import { exertsZocInto, onMap } from '../blue-grey/combat';
import { refusal } from '../blue-grey/refusals';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

type Members = { units?: string[]; flag?: string };
type Release =
  | { when: 'attacked-by-adjacent-enemy'; groups: Members[] }
  | { when: 'attacked-before-attacking' }
  | {
      when: 'enemy-no-longer-blocks';
      units?: string[];
      flag?: string;
      hexes: HexId[];
      at: 'end-of-enemy-player-turn';
    }
  | { when: 'die-roll'; turn: number; rolls: number[] }
  | { when: 'turn'; turn: number }
  | { when: 'combat-result'; units: string[]; results: string[]; from: 'next-movement-phase' }
  | { when: 'released'; by: string }
  | { when: 'enemy-ends-player-turn-within'; radius: number; of: 'set-up-hex' };

interface Restrict {
  maxHexesFromStart?: number;
  enterEnemyZoc?: false;
  move?: false;
  attackStrength?: number;
}

/** hookState entry of a restriction. */
export interface RestrictionState {
  released: { turn: number; reason: string } | null;
  /** Where each unit of the group stood when play began (or first appeared). */
  start: Record<string, HexId>;
  /** A unit of the group has attacked other than by bombardment. */
  attacked: boolean;
  /** Game-Turns of the die rolls made. */
  rolled: number[];
  /** Game-Turn of the combat result that frees from the next Movement Phase. */
  resultTurn: number | null;
}

const EMPTY: RestrictionState = {
  released: null,
  start: {},
  attacked: false,
  rolled: [],
  resultTurn: null,
};

/** Whether an immobile-until declaration is this form. */
export function isRestrictionForm(rule: RuleHook): boolean {
  return rule.params?.restrict !== undefined;
}

/** The release a declaration of this form has recorded (Game-Turn and reason), or null. */
export function releaseOf(
  state: GameState,
  ruleCase: string,
): { turn: number; reason: string } | null {
  return hookStateOf<RestrictionState>(state, `immobile-until:${ruleCase}`, EMPTY).released;
}

const WHENS = [
  'attacked-by-adjacent-enemy',
  'attacked-before-attacking',
  'enemy-no-longer-blocks',
  'die-roll',
  'turn',
  'combat-result',
  'released',
  'enemy-ends-player-turn-within',
];
const RELEASE_KEYS: Record<string, string[]> = {
  'attacked-by-adjacent-enemy': ['groups'],
  'attacked-before-attacking': [],
  'enemy-no-longer-blocks': ['units', 'flag', 'hexes', 'at'],
  'die-roll': ['turn', 'rolls'],
  turn: ['turn'],
  'combat-result': ['units', 'results', 'from'],
  released: ['by'],
  'enemy-ends-player-turn-within': ['radius', 'of'],
};
const isTurn = (x: unknown) => typeof x === 'number' && Number.isInteger(x) && x >= 1;
const isIds = (x: unknown) => Array.isArray(x) && x.every((y) => typeof y === 'string');

export const restrictionSupport: HookSupport = knownParams(
  ['side', 'group', 'units', 'flag', 'restrict', 'release'],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a restriction without "side"';
    if (p.units !== undefined && !isIds(p.units)) return `units ${JSON.stringify(p.units)}`;
    if (p.flag !== undefined && typeof p.flag !== 'string') return `flag ${JSON.stringify(p.flag)}`;
    if (p.units === undefined && p.flag === undefined)
      return 'a restriction without "units" or "flag"';
    const r = p.restrict as Record<string, unknown>;
    if (typeof r !== 'object' || r === null) return 'restrict that is not an object';
    const extra = Object.keys(r).filter(
      (k) => !['maxHexesFromStart', 'enterEnemyZoc', 'move', 'attackStrength'].includes(k),
    );
    if (extra.length > 0) return `restriction ${extra.map((k) => `"${k}"`).join(', ')}`;
    if (Object.keys(r).length === 0) return 'a restriction that restricts nothing';
    if (r.maxHexesFromStart !== undefined && !isTurn(r.maxHexesFromStart))
      return `maxHexesFromStart ${JSON.stringify(r.maxHexesFromStart)}`;
    if (r.enterEnemyZoc !== undefined && r.enterEnemyZoc !== false)
      return `enterEnemyZoc ${JSON.stringify(r.enterEnemyZoc)}`;
    if (r.move !== undefined && r.move !== false) return `move ${JSON.stringify(r.move)}`;
    if (
      r.attackStrength !== undefined &&
      (typeof r.attackStrength !== 'number' || !(r.attackStrength > 0))
    )
      return `attackStrength ${JSON.stringify(r.attackStrength)}`;
    const rel = p.release;
    if (!Array.isArray(rel) || rel.length === 0) return 'a restriction without "release"';
    for (const x of rel as Array<Record<string, unknown>>) {
      const when = x.when as string;
      if (!WHENS.includes(when)) return `release trigger ${JSON.stringify(when)}`;
      const bad = Object.keys(x).filter((k) => k !== 'when' && !RELEASE_KEYS[when].includes(k));
      if (bad.length > 0) return `release parameter ${bad.map((k) => `"${k}"`).join(', ')}`;
      if (when === 'attacked-by-adjacent-enemy' && !Array.isArray(x.groups))
        return 'an attacked release without "groups"';
      if (when === 'enemy-no-longer-blocks') {
        if (!isIds(x.hexes) || x.at !== 'end-of-enemy-player-turn')
          return 'a blocking release without "hexes" at the end of an enemy Player-Turn';
      }
      if ((when === 'die-roll' || when === 'turn') && !isTurn(x.turn))
        return `release turn ${JSON.stringify(x.turn)}`;
      if (
        when === 'die-roll' &&
        (!Array.isArray(x.rolls) || !x.rolls.every((d) => Number.isInteger(d) && d >= 1 && d <= 6))
      )
        return `release rolls ${JSON.stringify(x.rolls)}`;
      if (
        when === 'combat-result' &&
        (!isIds(x.units) || !isIds(x.results) || x.from !== 'next-movement-phase')
      )
        return 'a combat-result release without "units", "results" and "from"';
      if (when === 'released' && typeof x.by !== 'string') return 'a release without "by"';
      if (when === 'enemy-ends-player-turn-within' && (!isTurn(x.radius) || x.of !== 'set-up-hex'))
        return 'a release within a radius of the set-up hex without "radius"';
    }
    return null;
  },
);

export function restrictedUntilReleased(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const enemy = otherSide(side);
  const listed = new Set((p.units as string[] | undefined) ?? []);
  const flag = p.flag as string | undefined;
  const restrict = p.restrict as Restrict;
  const releases = p.release as Release[];
  const key = hookKey(rule);
  const name = (p.group as string | undefined) ?? `the units of ${rule.case}`;

  const hasFlag = (ctx: GameContext, id: string, f: string | undefined) =>
    f !== undefined && (ctx.unitSpecs.get(id)?.flags ?? []).includes(f);
  const inGroup = (ctx: GameContext, id: string, g?: Members) =>
    g
      ? (g.units ?? []).includes(id) || hasFlag(ctx, id, g.flag)
      : listed.has(id) || hasFlag(ctx, id, flag);
  const hs = (state: GameState) => hookStateOf<RestrictionState>(state, key, EMPTY);

  /** The release that holds in `state` without any event: a Game-Turn reached, another declaration released, a result's next Movement Phase. */
  const standingRelease = (state: GameState): { turn: number; reason: string } | null => {
    const own = state.phase !== 'setup' && state.phasing === side;
    for (const r of releases) {
      if (r.when === 'turn' && (state.turn > r.turn || (state.turn === r.turn && own)))
        return { turn: r.turn, reason: `Game-Turn ${r.turn} (${rule.case})` };
      if (r.when === 'released') {
        const other = releaseOf(state, r.by);
        if (other) return { turn: other.turn, reason: `released with ${r.by}: ${other.reason}` };
      }
      if (r.when === 'combat-result') {
        const t = hs(state).resultTurn;
        if (t !== null && (state.turn > t + 1 || (state.turn === t + 1 && own)))
          return {
            turn: t + 1,
            reason: `the Movement Phase after the combat result of Game-Turn ${t}`,
          };
      }
    }
    return null;
  };
  const released = (state: GameState) => hs(state).released ?? standingRelease(state);

  const restricted = (ctx: GameContext, state: GameState, unitId: string) =>
    inGroup(ctx, unitId) && released(state) === null;

  const release = (
    state: GameState,
    turn: number,
    reason: string,
    events: GameEvent[],
  ): GameState => {
    events.push({
      type: 'immobility-released',
      units: 'all',
      side,
      group: name,
      rule: rule.case,
      reason,
    });
    return withHookState(state, key, { ...hs(state), released: { turn, reason } });
  };

  return {
    hook: rule.hook,
    case: rule.case,
    constraint(ctx, state, unit) {
      if (restrict.move !== false || !restricted(ctx, state, unit.id)) return null;
      return {
        kind: 'forbidden',
        refusal: refusal('IMMOBILE', rule.case, `${unit.id} (${name}) may not move until released`),
      };
    },
    stepForbidden(ctx, state, unit) {
      if (restrict.maxHexesFromStart === undefined && restrict.enterEnemyZoc !== false) return null;
      if (!restricted(ctx, state, unit.id)) return null;
      const start = hs(state).start[unit.id] ?? unit.hex;
      const max = restrict.maxHexesFromStart;
      return (_from, to, intoEnemyZoc) => {
        if (restrict.enterEnemyZoc === false && intoEnemyZoc)
          return refusal(
            'RESTRICTED',
            rule.case,
            `${unit.id} (${name}) may not enter an Enemy Zone of Control (${to}) until released`,
          );
        if (max !== undefined && start && ctx.map.grid.distance(start, to) > max)
          return refusal(
            'RESTRICTED',
            rule.case,
            `${unit.id} (${name}) may not move more than ${max} hexes from its initial position ${start} (${to}) until released`,
          );
        return null;
      };
    },
    strengthBonus(ctx, state, combat, unitId) {
      const f = restrict.attackStrength;
      if (f === undefined || !combat.attackers.includes(unitId)) return 0;
      if (!restricted(ctx, state, unitId)) return 0;
      const u = state.units[unitId];
      return u ? u.strength * (f - 1) : 0;
    },
    afterOrder(ctx, before, after, events, dice?: Dice) {
      if (after.phase === 'setup' || after.phase === 'finished') return null;
      const out: GameEvent[] = [];
      let next = after;
      let h = hs(next);
      // Once released the group is free for good: nothing below reads anything but the release.
      if (h.released) return null;
      // Where each unit of the group stood when play began (or first appeared).
      const base = before.phase === 'setup' ? after : before;
      let start = h.start;
      for (const id in after.units) {
        const u = base.units[id] ?? after.units[id];
        const v = onMap(u) ? u : after.units[id];
        if (start[id] || !onMap(v) || !inGroup(ctx, id)) continue;
        start = { ...start, [id]: v.hex };
      }
      if (start !== h.start) {
        next = withHookState(next, key, { ...h, start });
        h = hs(next);
      }
      const standing = standingRelease(next);
      if (standing) {
        next = release(next, standing.turn, standing.reason, out);
        return { state: next, events: out };
      }
      // Combats of this order: who attacked whom.
      for (const e of events) {
        if (e.type === 'attack-declared') {
          const attackers = (e.attackers as string[]) ?? [];
          const bombard = (e.bombard as string[]) ?? [];
          const defenders = (e.defenders as string[]) ?? [];
          const bySide = (ids: string[], s: Side) =>
            ids.filter((id) => (before.units[id] ?? after.units[id])?.side === s);
          if (bySide(attackers, side).some((id) => inGroup(ctx, id)) && !h.attacked) {
            next = withHookState(next, key, { ...h, attacked: true });
            h = hs(next);
          }
          for (const r of releases) {
            if (h.released) break;
            if (r.when === 'attacked-by-adjacent-enemy') {
              if (bySide(attackers, enemy).length === 0) continue;
              const hit = defenders.find((d) => r.groups.some((g) => inGroup(ctx, d, g)));
              if (hit)
                next = release(next, after.turn, `${hit} attacked by an adjacent enemy unit`, out);
            } else if (r.when === 'attacked-before-attacking') {
              if (bySide([...attackers, ...bombard], enemy).length === 0 || h.attacked) continue;
              const hit = defenders.find((d) => inGroup(ctx, d));
              if (hit)
                next = release(next, after.turn, `${hit} attacked before the group attacked`, out);
            }
            h = hs(next);
          }
        }
        if (e.type === 'combat-resolved' && !h.released) {
          for (const r of releases) {
            if (r.when !== 'combat-result' || h.resultTurn !== null) continue;
            const attackers = (e.attackers as string[]) ?? [];
            if (
              attackers.some((a) => r.units.includes(a)) &&
              r.results.includes(e.result as string)
            ) {
              next = withHookState(next, key, { ...h, resultTurn: after.turn });
              h = hs(next);
              out.push({
                type: 'restriction-result-noted',
                group: name,
                result: e.result,
                rule: rule.case,
                releasesFromTurn: after.turn + 1,
              });
            }
          }
        }
      }
      // A die rolled when the side's Movement Phase of the Game-Turn begins.
      if (!h.released && dice && after.phase === 'movement' && after.phasing === side) {
        for (const r of releases) {
          if (r.when !== 'die-roll' || r.turn !== after.turn || h.rolled.includes(r.turn)) continue;
          const roll = dice.d6();
          const ok = r.rolls.includes(roll);
          out.push({
            type: 'die-rolled',
            purpose: 'release',
            rule: rule.case,
            group: name,
            roll,
            releases: ok,
          });
          next = withHookState(next, key, { ...h, rolled: [...h.rolled, r.turn] });
          if (ok)
            next = release(next, after.turn, `a ${roll} rolled on Game-Turn ${after.turn}`, out);
          h = hs(next);
        }
      }
      if (next === after) return null;
      return { state: next, events: out };
    },
    endOfPlayerTurn(ctx, state, ended) {
      if (ended !== enemy) return null;
      const h = hs(state);
      if (h.released || released(state)) return null;
      const out: GameEvent[] = [];
      for (const r of releases) {
        if (r.when === 'enemy-no-longer-blocks') {
          const force = Object.values(state.units).filter(
            (u) =>
              u.side === enemy && onMap(u) && inGroup(ctx, u.id, { units: r.units, flag: r.flag }),
          );
          const blocks = r.hexes.some((hex) =>
            force.some((u) => u.hex === hex || exertsZocInto(ctx, state, u, hex)),
          );
          if (!blocks)
            return {
              state: release(
                state,
                state.turn,
                `the blocking force no longer blocks ${r.hexes.join(', ')}`,
                out,
              ),
              events: out,
            };
        }
        if (r.when === 'enemy-ends-player-turn-within') {
          // Set-up hexes recorded when play began; a unit not yet recorded has not moved since.
          const starts = Object.values(state.units)
            .filter((x) => inGroup(ctx, x.id) && (h.start[x.id] || onMap(x)))
            .map((x) => [x.id, h.start[x.id] ?? x.hex!] as const);
          const near = Object.values(state.units).find(
            (u) =>
              u.side === enemy &&
              onMap(u) &&
              starts.some(([, hex]) => ctx.map.grid.distance(hex, u.hex) <= r.radius),
          );
          if (near)
            return {
              state: release(
                state,
                state.turn,
                `${near.id} ended a Player-Turn within ${r.radius} hexes of the set-up hex`,
                out,
              ),
              events: out,
            };
        }
      }
      return null;
    },
  };
}

/** For specs: the units of the group present in a state. */
export function groupUnits(ctx: GameContext, state: GameState, rule: RuleHook): UnitState[] {
  const p = rule.params ?? {};
  const listed = (p.units as string[] | undefined) ?? [];
  const flag = p.flag as string | undefined;
  return Object.values(state.units).filter(
    (u) =>
      listed.includes(u.id) ||
      (flag !== undefined && (ctx.unitSpecs.get(u.id)?.flags ?? []).includes(flag)),
  );
}
