/**
 * Resolving a declared combat step by step (rules-editions §4.8), with every
 * player choice a pending decision (D-R1–D-R15) answered only by its side:
 *
 *   routed retreat before combat, attacker's election (12.34, D-R8) and the
 *   owner's paths (D-R4) → cavalry retreat before combat, defender's election
 *   and die roll (8.77–8.79, D-R1) and paths (D-R2) → terrain choice (8.45,
 *   D-R3) → night die (11.23) → combat die (8.6, 8.61, hooks) → losses (Ae*
 *   victim D-R6, Ex* victim D-R10, exchange losses D-R11) → retreats with
 *   displacement (8.7, 8.8, D-R5, D-R12) and bombarding artillery's choice on
 *   Ar (9.17, D-R13) → advances (8.75, D-R7, D-R14) → morale (12.11–12.13).
 *
 * The queue of steps lives in state.combat; the head, when it needs a
 * player, is mirrored in state.pending. A decision with a single possible
 * answer is applied at once and recorded; a real choice always waits.
 */
import type { Dice } from '../../dice';
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order, PendingDecision } from '../../state';
import type { GameEvent, HexId, Side } from '../../types';
import { otherSide } from '../../types';
import {
  Combat,
  CombatPhaseState,
  Step,
  addDisorder,
  combatOf,
  eliminate,
  inEnemyZoc,
  isArtillery,
  isGunboat,
  onMap,
  printedStrength,
  relocate,
  spec,
  terrainOptions,
  unitsAt,
  withCombat,
} from './combat';
import { clampDie, crtLookup } from './crt';
import { levelLabel } from './odds';
import { combatOdds } from './combat-odds';
import { disorder, disorderRollHits } from './morale';
import { RetreatOption, retreatOptions } from './displacement';
import { advanceCandidates, advanceStepAllowed, vacatedHexes } from './advance';
import { rollNightDie } from './night-combat';
import { removeAttackedConstruction, removeMarker } from './fieldworks';
import { modifiedDie, moraleDieModifier } from '../hooks/morale-die-modifier';
import { obligations } from './attack';
import type { RetreatOverride } from '../hooks/movement-hook';
import { refuse } from './refusals';
import { atRevision, SPECIFIC_OVER_GENERAL } from '../../revision';

const current = (phase: CombatPhaseState): Combat => {
  if (!phase.current) throw new Error('no combat under way');
  return phase.current;
};

function setPhase(state: GameState, phase: CombatPhaseState): GameState {
  return withCombat(state, phase);
}

function updateCombat(state: GameState, f: (c: Combat) => Combat): GameState {
  const phase = combatOf(state);
  return setPhase(state, { ...phase, current: f(current(phase)) });
}

function shiftQueue(state: GameState): GameState {
  const phase = combatOf(state);
  return setPhase(state, { ...phase, queue: phase.queue.slice(1) });
}

function pushFront(state: GameState, steps: Step[]): GameState {
  const phase = combatOf(state);
  return setPhase(state, { ...phase, queue: [...steps, ...phase.queue] });
}

function participants(c: Combat): string[] {
  return [...c.attackers, ...c.bombard, ...c.defenders];
}

/** Subsets of a list, the empty one first (lists here are a handful of units). */
function subsets<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  const n = Math.min(xs.length, 10);
  for (let m = 0; m < 1 << n; m++) out.push(xs.filter((_, i) => i < n && m & (1 << i)));
  return out;
}

function die(dice: Dice, events: GameEvent[], event: Record<string, unknown>): number {
  const roll = dice.d6();
  events.push({ type: 'die-rolled', roll, ...event });
  return roll;
}

// ------------------------------------------------------------- options ----

export function routedDefenders(state: GameState, c: Combat): string[] {
  return c.defenders.filter((id) => {
    const u = state.units[id];
    return onMap(u) && c.defenderHexes.includes(u.hex) && u.morale === 'routed';
  });
}

/**
 * The die rolls on which a defending unit retreats before combat (8.77): 1-5 for cavalry; a
 * named unit an exclusive rule lets retreat under 8.77 on its own rolls (Chickamauga 20.0 Wilder,
 * 1-4); null for any other unit.
 */
function retreatBeforeCombatRolls(ctx: GameContext, id: string): number[] | null {
  for (const h of ctx.hooks ?? []) {
    const r = h.retreatBeforeCombat?.(ctx, id);
    if (r) return r.dieRolls;
  }
  return spec(ctx, id).type === 'cavalry' ? [1, 2, 3, 4, 5] : null;
}

/** 8.77, 8.78: defending cavalry (and units an exclusive rule treats alike) that may try to retreat before combat. */
export function cavalryRetreatCandidates(ctx: GameContext, state: GameState, c: Combat): string[] {
  if ([...c.attackers, ...c.bombard].some((id) => spec(ctx, id).type === 'cavalry')) return [];
  return c.defenders.filter((id) => {
    const u = state.units[id];
    if (!onMap(u) || !c.defenderHexes.includes(u.hex) || retreatBeforeCombatRolls(ctx, id) === null)
      return false;
    if (c.attackers.length === 0) {
      // 8.78: not from a bombardment unless adjacent to other enemy units.
      const adjacentEnemy = ctx.map.grid
        .neighbours(u.hex)
        .some((n) => unitsAt(state, n, state.phasing).length > 0);
      if (!adjacentEnemy) return false;
    }
    return retreatOptions(ctx, state, u, 2, participants(c)).length > 0;
  });
}

/** D-R11: minimal sets of attackers whose printed strengths reach the requirement (8.6, 12.26, A46). */
function lossSets(state: GameState, pool: string[], required: number): string[][] {
  const out: string[][] = [];
  for (const s of subsets(pool)) {
    const total = s.reduce((t, id) => t + printedStrength(state, id), 0);
    if (total < required) continue;
    if (s.every((id) => total - printedStrength(state, id) < required)) out.push(s);
  }
  return out;
}

function liveAttackers(state: GameState, c: Combat): string[] {
  return c.attackers.filter((id) => onMap(state.units[id]));
}

function liveDefenders(state: GameState, c: Combat): string[] {
  return c.defenders.filter((id) => {
    const u = state.units[id];
    return onMap(u) && c.defenderHexes.includes(u.hex);
  });
}

/** The answers to the decision at the head of the queue, as orders; null if the step needs no player. */
export function stepAnswers(
  ctx: GameContext,
  state: GameState,
  step: Step,
): { side: Side; orders: Order[]; info: Record<string, unknown> } | null {
  const phase = combatOf(state);
  const c = phase.current;
  const attacker = state.phasing;
  const defender = otherSide(attacker);
  switch (step.kind) {
    case 'routed-rbc-election': {
      const r = routedDefenders(state, c!);
      if (r.length === 0) return null;
      return {
        side: attacker,
        orders: subsets(r).map((units) => ({ type: 'force-routed-retreat', units })),
        info: { routed: r, rule: '12.34' },
      };
    }
    case 'cavalry-rbc-election': {
      const cav = cavalryRetreatCandidates(ctx, state, c!);
      if (cav.length === 0) return null;
      return {
        side: defender,
        orders: subsets(cav).map((units) => ({ type: 'cavalry-retreat', units })),
        info: { cavalry: cav, rule: '8.77' },
      };
    }
    case 'retreat': {
      const u = state.units[step.unit];
      if (!onMap(u)) return null;
      if (retreatOverrideOf(ctx, state, step.unit, step.reason, c)) return null;
      const opts = retreatOptions(ctx, state, u, step.hexes, c ? participants(c) : []);
      if (opts.length <= 1) return null;
      return {
        side: u.side,
        orders: opts.map((o) => retreatOrder(step.unit, o)),
        info: {
          unit: step.unit,
          hexes: step.hexes,
          reason: step.reason,
          options: opts,
          rule: '8.71',
        },
      };
    }
    case 'terrain-choice': {
      const opts = terrainOptions(ctx, state, c!);
      if (opts.length < 2) return null;
      return {
        side: defender,
        orders: opts.map((o) => ({ type: 'terrain-choice', option: o.option })),
        info: {
          options: opts.map((o) => ({ ...o, column: projectedColumn(ctx, state, c!, o) })),
          rule: '8.45',
        },
      };
    }
    case 'ae-star-victim': {
      const pool = liveAttackers(state, c!);
      if (pool.length <= 1) return null;
      return {
        side: defender,
        orders: pool.map((id) => ({ type: 'choose-losses', units: [id] })),
        info: { pool, rule: '8.6 Ae*' },
      };
    }
    case 'ex-star-victim': {
      const pool = liveDefenders(state, c!);
      if (pool.length <= 1) return null;
      return {
        side: attacker,
        orders: pool.map((id) => ({ type: 'choose-losses', units: [id] })),
        info: { pool, rule: '8.6 Ex*' },
      };
    }
    case 'exchange-losses': {
      const pool = liveAttackers(state, c!);
      const sets = lossSets(state, pool, step.required);
      if (sets.length <= 1) return null;
      return {
        side: attacker,
        orders: sets.map((units) => ({ type: 'choose-losses', units })),
        info: { pool, required: step.required, rule: '8.6 Ex, 12.26' },
      };
    }
    case 'accept-retreat': {
      const pool = c!.bombard.filter((id) => onMap(state.units[id]) && !isGunboat(ctx, id));
      if (pool.length === 0) return null;
      return {
        side: attacker,
        orders: subsets(pool).map((units) => ({ type: 'accept-retreat', units })),
        info: { pool, rule: '9.17' },
      };
    }
    case 'advance': {
      const cands = advanceCandidates(ctx, state, phase, c!, step.hex, step.side);
      if (cands.length === 0) return null;
      return {
        side: step.side,
        orders: [
          ...cands.map((id) => ({ type: 'advance', unit: id, to: step.hex })),
          { type: 'decline-advance', hex: step.hex },
        ],
        info: { hex: step.hex, candidates: cands, rule: '8.75' },
      };
    }
    case 'advance-on': {
      const u = state.units[step.unit];
      if (!onMap(u)) return null;
      const to = furtherAdvanceHexes(ctx, state, step.unit);
      if (to.length === 0) return null;
      return {
        side: u.side,
        orders: [
          ...to.map((h) => ({ type: 'advance', unit: step.unit, to: h })),
          { type: 'stop-advance', unit: step.unit },
        ],
        info: { unit: step.unit, hexes: to, left: step.left, rule: step.rule },
      };
    }
    case 'phase-end-routed': {
      if (!stillMustLeave(ctx, state, step.unit)) return null;
      return stepAnswers(ctx, state, {
        kind: 'retreat',
        unit: step.unit,
        hexes: 1,
        reason: 'routed-end',
      });
    }
    case 'breastworks-removal':
      return {
        side: attacker,
        orders: [
          { type: 'remove-breastworks', hex: step.hex, remove: true },
          { type: 'remove-breastworks', hex: step.hex, remove: false },
        ],
        info: { hex: step.hex, rule: '10.37' },
      };
    default:
      return null;
  }
}

function retreatOrder(unit: string, o: RetreatOption): Order {
  return o.displace
    ? { type: 'retreat', unit, path: o.path, displace: o.displace }
    : { type: 'retreat', unit, path: o.path };
}

function projectedColumn(
  ctx: GameContext,
  state: GameState,
  c: Combat,
  o: ReturnType<typeof terrainOptions>[number],
): string {
  return levelLabel(combatOdds(ctx, state, c, o).shifted);
}

// --------------------------------------------------------------- driver ----

/** Runs automatic steps until a player must decide or the queue is empty; sets state.pending. */
export function run(
  ctx: GameContext,
  state: GameState,
  dice: Dice,
  events: GameEvent[],
): GameState {
  let s = state;
  for (let guard = 0; guard < 10000; guard++) {
    const phase = combatOf(s);
    const step = phase.queue[0];
    if (!step) return { ...s, pending: null };
    const ans = stepAnswers(ctx, s, step);
    if (ans) {
      const pending: PendingDecision = {
        side: ans.side,
        kind: step.kind,
        ...ans.info,
        combat: phase.current?.n ?? null,
      };
      return { ...s, pending };
    }
    s = shiftQueue(s);
    s = automatic(ctx, s, step, dice, events);
  }
  throw new Error('combat resolution did not settle');
}

/** A step with no real choice: do it (forced answers included). */
function automatic(
  ctx: GameContext,
  state: GameState,
  step: Step,
  dice: Dice,
  events: GameEvent[],
): GameState {
  const phase = combatOf(state);
  const c = phase.current;
  switch (step.kind) {
    case 'routed-rbc-election':
    case 'cavalry-rbc-election':
    case 'terrain-choice':
    case 'accept-retreat':
    case 'breastworks-removal':
      return state; // nobody to choose, or nothing to choose from
    case 'retreat':
    case 'phase-end-routed': {
      const unit = step.unit;
      const u = state.units[unit];
      if (!onMap(u)) return state;
      if (step.kind === 'phase-end-routed' && !stillMustLeave(ctx, state, unit)) return state;
      const hexes = step.kind === 'retreat' ? step.hexes : 1;
      const reason = step.kind === 'retreat' ? step.reason : 'routed-end';
      const override = retreatOverrideOf(ctx, state, unit, reason, c);
      if (override) {
        events.push({
          type: override.effect === 'eliminate' ? 'retreat-eliminates' : 'retreat-ignored',
          unit,
          reason,
          rule: override.rule,
          why: override.why,
        });
        return override.effect === 'eliminate'
          ? eliminate(state, unit, override.rule, events)
          : state;
      }
      const opts = retreatOptions(ctx, state, u, hexes, c ? participants(c) : []);
      if (opts.length === 0) {
        // An exclusive rule may let it leave the map instead (Hooker and Lee 18.21).
        for (const h of ctx.hooks) {
          const off = h.retreatOffMap?.(ctx, state, unit);
          if (off) {
            events.push(...off.events);
            return off.state;
          }
        }
        const rule = reason === 'routed-rbc' ? '12.34' : '8.72';
        events.push({ type: 'no-retreat', unit, rule, hexes });
        return eliminate(state, unit, rule, events);
      }
      return doRetreat(ctx, state, unit, opts[0], reason, events, true);
    }
    case 'resolve':
      return resolve(ctx, state, dice, events);
    case 'ae-star-victim': {
      const pool = liveAttackers(state, c!);
      if (pool.length === 0) return state;
      return eliminate(state, pool[0], '8.6 Ae*', events);
    }
    case 'ex-star-victim': {
      const pool = liveDefenders(state, c!);
      if (pool.length === 0) return state;
      return exStarVictim(ctx, state, pool[0], events);
    }
    case 'exchange-losses': {
      const pool = liveAttackers(state, c!);
      const sets = lossSets(state, pool, step.required);
      const losers = sets.length === 1 ? sets[0] : pool; // A46: short of the requirement, every participant goes
      let s = state;
      for (const id of losers) s = eliminate(s, id, '8.6 Ex, 12.26', events);
      return s;
    }
    case 'retreats':
      return queueRetreats(ctx, state, step.who);
    case 'advances':
      return pushFront(
        state,
        advanceSteps(
          ctx,
          state,
          c!,
          step.loser,
          step.loser === 'attackers' ? otherSide(state.phasing) : state.phasing,
        ),
      );
    case 'advance':
    case 'advance-on':
      return state;
    case 'morale':
      return morale(ctx, state, dice, events);
    case 'finish':
      return finish(ctx, state, events);
  }
}

/** An exclusive rule replacing this unit's retreat (Antietam 18.1: eliminated instead, or unaffected), or null. */
function retreatOverrideOf(
  ctx: GameContext,
  state: GameState,
  unit: string,
  reason: string,
  c: Combat | null | undefined,
): RetreatOverride | null {
  const attackers = c ? [...c.attackers, ...c.bombard] : [];
  for (const h of ctx.hooks) {
    const o = h.retreatOverride?.(ctx, state, unit, { reason, attackers });
    if (o) return o;
  }
  return null;
}

/** 12.32: still in an enemy ZOC at the end of the phase (otherwise the enemy was driven off and it stays). */
function stillMustLeave(ctx: GameContext, state: GameState, unit: string): boolean {
  const u = state.units[unit];
  return onMap(u) && inEnemyZoc(ctx, state, u.side, u.hex);
}

function exStarVictim(
  _ctx: GameContext,
  state: GameState,
  victim: string,
  events: GameEvent[],
): GameState {
  const required = printedStrength(state, victim);
  let s = eliminate(state, victim, '8.6 Ex*', events);
  s = updateCombat(s, (c) => ({ ...c, eliminatedDefenders: [...c.eliminatedDefenders, victim] }));
  // the attacker's losses come next, then the remaining defenders retreat
  return pushFront(s, [{ kind: 'exchange-losses', required }]);
}

function queueRetreats(
  ctx: GameContext,
  state: GameState,
  who: 'attackers' | 'defenders',
): GameState {
  const c = current(combatOf(state));
  const units =
    who === 'attackers'
      ? [...liveAttackers(state, c), ...c.accepted.filter((id) => onMap(state.units[id]))]
      : liveDefenders(state, c);
  const steps: Step[] = units.map((unit) => ({
    kind: 'retreat',
    unit,
    hexes: 1,
    reason: c.accepted.includes(unit) ? 'accepted-ar' : 'result',
  }));
  return pushFront(state, steps);
}

/** Moves a retreating unit, queueing the displaced unit's own retreat first (8.81). */
function doRetreat(
  ctx: GameContext,
  state: GameState,
  unit: string,
  o: RetreatOption,
  reason: string,
  events: GameEvent[],
  forced: boolean,
): GameState {
  const from = state.units[unit].hex;
  const noDisorder = reason === 'displaced' || reason === 'cavalry-rbc'; // 12.18, 12.19
  events.push({
    type: 'unit-retreated',
    unit,
    from,
    path: o.path,
    reason,
    displace: o.displace ?? null,
    forced,
    rule: ruleOf(reason),
  });
  // 8.74: only a retreat into a Friendly hex (a unit of its side there as it enters, a displaced one included)
  // makes the unit add nothing to, yet share, a later attack on that hex; into an empty hex 8.14 alone applies.
  const to = o.path[o.path.length - 1];
  const side = state.units[unit].side;
  const intoFriendly = to !== undefined && unitsAt(state, to, side).some((u) => u.id !== unit);
  let s = relocate(ctx, state, unit, o.path, !noDisorder, events);
  const phase = combatOf(s);
  const others = phase.retreatedInto.filter((id) => id !== unit);
  const next: CombatPhaseState = {
    ...phase,
    retreatedInto: !atRevision(state, SPECIFIC_OVER_GENERAL)
      ? phase.retreatedInto.includes(unit) // earlier revisions: every retreat, into any hex
        ? phase.retreatedInto
        : [...phase.retreatedInto, unit]
      : intoFriendly
        ? [...others, unit]
        : others,
  };
  let c = phase.current;
  if (c) {
    if (reason === 'result' || reason === 'accepted-ar')
      c = { ...c, retreated: [...c.retreated, unit] };
    if (reason === 'routed-rbc' || reason === 'cavalry-rbc') {
      const vacated =
        unitsAt(s, from!, otherSide(s.phasing)).length === 0 && c.defenderHexes.includes(from!);
      c = {
        ...c,
        retreatedBefore: [...c.retreatedBefore, unit],
        defenders: c.defenders.filter((d) => d !== unit),
        defenderHexes: vacated ? c.defenderHexes.filter((h) => h !== from) : c.defenderHexes,
        vacatedBefore: vacated ? [...c.vacatedBefore, from!] : c.vacatedBefore,
      };
    }
  }
  s = setPhase(s, { ...next, current: c });
  if (o.displace) {
    // 8.82: displaced artillery that has not attacked may no longer do so this phase.
    const d = s.units[o.displace];
    if (d.side === s.phasing && isArtillery(ctx, d.id) && !combatOf(s).attacked.includes(d.id)) {
      const p = combatOf(s);
      s = setPhase(s, { ...p, attacked: [...p.attacked, d.id] });
      events.push({ type: 'attack-forfeited', unit: d.id, rule: '8.82' });
    }
    s = pushFront(s, [{ kind: 'retreat', unit: o.displace, hexes: 1, reason: 'displaced' }]);
  }
  return s;
}

function ruleOf(reason: string): string {
  switch (reason) {
    case 'routed-rbc':
      return '12.34';
    case 'cavalry-rbc':
      return '8.77';
    case 'displaced':
      return '8.81';
    case 'routed-end':
      return '12.32';
    case 'accepted-ar':
      return '9.17';
    default:
      return '8.71';
  }
}

// ------------------------------------------------------------ resolution ----

function resolve(ctx: GameContext, state: GameState, dice: Dice, events: GameEvent[]): GameState {
  const c = current(combatOf(state));
  // 8.77, A42: every defender retreated before combat: no die roll; the attacker may advance.
  if (liveDefenders(state, c).length === 0) {
    events.push({
      type: 'combat-ended',
      combat: c.n,
      reason: 'no defender remains after retreats before combat',
      rule: '8.77, 8.79',
    });
    return pushFront(state, [
      ...advanceSteps(ctx, state, c, 'defenders', state.phasing),
      { kind: 'finish' },
    ]);
  }
  const options = terrainOptions(ctx, state, c);
  const benefit = options.find((o) => o.option === c.terrainOption) ?? options[0];
  const nightDie = state.night ? rollNightDie(dice, c.n, events) : undefined;
  // The odds, column and modifiers: the same function the odds preview uses (combat-odds.ts).
  const odds = combatOdds(ctx, state, c, benefit, nightDie);
  const { strengths, attack, raw, extra, net, shifted, level, column, dieModifier, hooks } = odds;
  const { modifier, forced } = odds;
  const roll = forced ? null : dice.d6();
  const read = roll === null ? null : clampDie(roll + modifier);
  const result = forced ? forced.result : crtLookup(column, read!);
  events.push({
    type: 'combat-resolved',
    combat: c.n,
    attackers: c.attackers,
    bombard: c.bombard,
    defenderHexes: c.defenderHexes,
    strengths: {
      attack: strengths.attack,
      defence: strengths.defence,
      perAttacker: strengths.perAttacker,
      perDefender: strengths.perDefender,
    },
    terrain: {
      option: benefit.option,
      halved: benefit.halved,
      left: benefit.left,
      right: benefit.right,
    },
    night: nightDie === undefined ? null : { roll: nightDie, attack },
    odds: levelLabel(raw),
    shift: net,
    ...(extra.length > 0 ? { exclusiveShifts: extra } : {}),
    reducedTo: c.cap === undefined || c.cap >= shifted ? null : levelLabel(level),
    column,
    roll,
    modifiers: [...(dieModifier ? [{ modifier: dieModifier, case: '8.61' }] : []), ...hooks],
    read,
    result,
    ...(forced ? { automatic: { rule: forced.rule, why: forced.why } } : {}),
    rule: forced ? forced.rule : '8.6',
  });
  if (!forced)
    events.push({
      type: 'die-rolled',
      purpose: 'combat',
      rule: '8.6',
      combat: c.n,
      roll,
      modified: read,
      column,
      result,
    });
  let s = updateCombat(state, (x) => ({ ...x, result }));
  // 8.74, 8.14: a unit retreated into this hex has now suffered the attack on it; it may not be attacked again here.
  if (atRevision(s, SPECIFIC_OVER_GENERAL)) {
    const shelter = combatOf(s);
    s = setPhase(s, {
      ...shelter,
      retreatedInto: shelter.retreatedInto.filter((id) => !c.defenders.includes(id)),
    });
  }
  // A52: an attacked Under Construction marker goes once its 1R has counted.
  s = removeAttackedConstruction(s, c.defenderHexes, events);
  const attacker = s.phasing;
  const defender = otherSide(attacker);
  const steps: Step[] = [];
  switch (result) {
    case 'Ae':
      for (const id of liveAttackers(s, c)) s = eliminate(s, id, '8.6 Ae', events);
      steps.push(...advanceSteps(ctx, s, c, 'attackers', defender));
      break;
    case 'Ae*':
      if (liveAttackers(s, c).length > 0)
        steps.push(
          { kind: 'ae-star-victim' },
          { kind: 'accept-retreat' },
          { kind: 'retreats', who: 'attackers' },
        );
      else steps.push({ kind: 'accept-retreat' }, { kind: 'retreats', who: 'attackers' });
      steps.push({ kind: 'morale' }, { kind: 'advances', loser: 'attackers' });
      break;
    case 'Ar':
      steps.push(
        { kind: 'accept-retreat' },
        { kind: 'retreats', who: 'attackers' },
        { kind: 'morale' },
        { kind: 'advances', loser: 'attackers' },
      );
      break;
    case 'Dr':
      steps.push(
        { kind: 'retreats', who: 'defenders' },
        { kind: 'advances', loser: 'defenders' },
        { kind: 'morale' },
      );
      break;
    case 'De':
      for (const id of liveDefenders(s, c)) s = eliminate(s, id, '8.6 De', events);
      steps.push(...advanceSteps(ctx, s, c, 'defenders', attacker));
      break;
    case 'Ex': {
      const dead = liveDefenders(s, c);
      const required = dead.reduce((t, id) => t + printedStrength(s, id), 0);
      for (const id of dead) s = eliminate(s, id, '8.6 Ex', events);
      s = updateCombat(s, (x) => ({
        ...x,
        eliminatedDefenders: [...x.eliminatedDefenders, ...dead],
      }));
      steps.push(
        { kind: 'exchange-losses', required },
        { kind: 'advances', loser: 'defenders' },
        { kind: 'morale' },
      );
      break;
    }
    case 'Ex*':
      steps.push(
        { kind: 'ex-star-victim' },
        { kind: 'retreats', who: 'defenders' },
        { kind: 'advances', loser: 'defenders' },
        { kind: 'morale' },
      );
      break;
  }
  steps.push({ kind: 'finish' });
  return pushFront(s, steps);
}

/**
 * Hexes a unit going on with its advance may enter next (Road to Vicksburg
 * 19.53 iii: "regardless of Terrain", but never across a prohibited hexside):
 * an adjacent hex holding no unit, that the unit's kind may enter.
 */
function furtherAdvanceHexes(ctx: GameContext, state: GameState, unit: string): HexId[] {
  const u = state.units[unit];
  if (!onMap(u)) return [];
  const b = ctx.board;
  const i = b.index.get(u.hex)!;
  const out: HexId[] = [];
  for (let d = 0; d < 6; d++) {
    const j = b.nbr[i * 6 + d];
    if (j < 0 || unitsAt(state, b.ids[j]).length > 0) continue;
    if (advanceStepAllowed(ctx, state, unit, i, j)) out.push(b.ids[j]);
  }
  return out;
}

/** One advance step per hex the loser vacated (8.76); computed when the step is reached. */
function advanceSteps(
  ctx: GameContext,
  state: GameState,
  c: Combat,
  loser: 'attackers' | 'defenders',
  side: Side,
): Step[] {
  return vacatedHexes(state, c, loser, ctx).map((hex) => ({ kind: 'advance', hex, side }));
}

/**
 * 12.12, 12.13: the Disorder die roll for a unit, with an exclusive rule's
 * modifier (Ezra Church 17.4); true if the unit becomes Disordered.
 */
function disorderRoll(
  ctx: GameContext,
  state: GameState,
  id: string,
  rule: string,
  dice: Dice,
  events: GameEvent[],
): boolean {
  const roll = die(dice, events, { purpose: 'disorder', rule, unit: id });
  const m = moraleDieModifier(ctx.scenario, state.units[id].side, 'disorder', state.turn);
  const read = m.modifier === 0 ? roll : modifiedDie(roll, m.modifier);
  events.push({
    type: 'disorder-roll',
    unit: id,
    roll,
    ...(m.modifier === 0
      ? {}
      : { modifier: m.modifier, modified: read, modifierRule: m.cases.join(', ') }),
    disordered: disorderRollHits(read),
    rule,
  });
  return disorderRollHits(read);
}

/**
 * A Disorder this combat gives a unit, unless an exclusive rule's saving roll
 * cancels it (Grand Chancellorsville 23.55: 1-3 stacked with a Leader); no
 * roll for a Disorder that would change nothing (12.15).
 */
function combatDisorder(
  ctx: GameContext,
  s: GameState,
  c: Combat,
  id: string,
  steps: number,
  why: string,
  dice: Dice,
  events: GameEvent[],
): GameState {
  const u = s.units[id];
  if (onMap(u) && disorder(u.morale, steps) !== u.morale) {
    for (const h of ctx.hooks ?? []) {
      const save = h.disorderSave?.(ctx, s, c, id);
      if (!save) continue;
      const roll = die(dice, events, { purpose: 'disorder-save', rule: save.rule, unit: id });
      const cancelled = save.cancelOn.includes(roll);
      events.push({
        type: 'disorder-save',
        unit: id,
        by: save.by,
        roll,
        cancelled,
        rule: save.rule,
      });
      if (cancelled) return s;
      break;
    }
  }
  return addDisorder(s, id, steps, why, events);
}

/** 12.11–12.13, A48: Disorder after the combat, automatic first, then the die rolls. */
function morale(ctx: GameContext, state: GameState, dice: Dice, events: GameEvent[]): GameState {
  const c = current(combatOf(state));
  let s = state;
  const live = (id: string) => onMap(s.units[id]);
  switch (c.result) {
    case 'Ae*':
    case 'Ar':
      for (const id of c.attackers) {
        if (!live(id) || !c.inEzoc.includes(id)) continue;
        const steps = isArtillery(ctx, id) && c.retreated.includes(id) ? 2 : 1;
        s = combatDisorder(ctx, s, c, id, steps, '12.11', dice, events);
      }
      break;
    case 'Dr':
      for (const id of c.defenders) {
        if (!live(id) || !c.retreated.includes(id) || !c.inEzoc.includes(id)) continue;
        if (isArtillery(ctx, id)) s = combatDisorder(ctx, s, c, id, 1, '12.12', dice, events);
        else {
          const hit = disorderRoll(ctx, s, id, '12.12', dice, events);
          if (hit) s = combatDisorder(ctx, s, c, id, 1, '12.12', dice, events);
        }
      }
      break;
    case 'Ex':
    case 'Ex*':
      for (const id of [...c.attackers, ...c.defenders]) {
        if (!live(id) || !c.inEzoc.includes(id)) continue;
        if (c.result === 'Ex*' && isArtillery(ctx, id) && c.retreated.includes(id)) {
          s = combatDisorder(ctx, s, c, id, 1, '12.12, A48', dice, events);
          continue;
        }
        const hit = disorderRoll(ctx, s, id, '12.13', dice, events);
        if (hit) s = combatDisorder(ctx, s, c, id, 1, '12.13', dice, events);
      }
      break;
    default:
      break;
  }
  return s;
}

/** Close the combat: obligations that combat results made impossible lapse (8.11). */
function finish(ctx: GameContext, state: GameState, events: GameEvent[]): GameState {
  const phase = combatOf(state);
  const c = phase.current;
  let next: CombatPhaseState = { ...phase, current: null };
  const ob = obligations(ctx, state, next);
  if (ob.stranded.length > 0) {
    events.push({
      type: 'obligation-lapsed',
      units: ob.stranded,
      rule: '8.11',
      reason: 'combat results left nothing these units may attack',
    });
    next = { ...next, lapsed: [...next.lapsed, ...ob.stranded] };
  }
  if (c) events.push({ type: 'combat-finished', combat: c.n, result: c.result ?? null });
  return setPhase(state, next);
}

// --------------------------------------------------------------- answers ----

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Applies an answer to the pending decision; the answer must be one of those listed (legalOrders). */
export function answer(
  ctx: GameContext,
  state: GameState,
  side: Side,
  order: Order,
  dice: Dice,
): ApplyResult {
  const phase = combatOf(state);
  const step = phase.queue[0];
  if (!state.pending || !step) return refuse('NO_DECISION', '—', 'no decision is pending');
  if (state.pending.side !== side)
    return refuse('NOT_YOUR_DECISION', '—', `this decision belongs to ${state.pending.side}`);
  const ans = stepAnswers(ctx, state, step);
  if (!ans) return refuse('NO_DECISION', '—', 'no decision is pending');
  const o = order as Record<string, unknown>;
  const match = ans.orders.find((x) => same(normalise(x as Record<string, unknown>), normalise(o)));
  if (!match) {
    return refuse(
      'NOT_AN_ANSWER',
      String(ans.info.rule ?? '—'),
      `the pending decision is "${step.kind}"; answer with one of the listed orders (${ans.orders.length} possible)`,
    );
  }
  const events: GameEvent[] = [{ type: 'decision-answered', side, kind: step.kind, answer: match }];
  let s = shiftQueue({ ...state, pending: null });
  s = applyAnswer(ctx, s, step, match as Record<string, unknown>, dice, events);
  s = run(ctx, s, dice, events);
  return { ok: true, state: s, events };
}

/** Order fields compared as sets where order does not matter. */
function normalise(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o).sort()) {
    const v = o[k];
    out[k] = Array.isArray(v) && k === 'units' ? [...v].map(String).sort() : v;
  }
  return out;
}

function applyAnswer(
  ctx: GameContext,
  state: GameState,
  step: Step,
  o: Record<string, unknown>,
  dice: Dice,
  events: GameEvent[],
): GameState {
  const c = combatOf(state).current;
  switch (step.kind) {
    case 'routed-rbc-election': {
      const units = o.units as string[];
      return pushFront(
        state,
        units.map((unit) => ({ kind: 'retreat', unit, hexes: 2, reason: 'routed-rbc' }) as Step),
      );
    }
    case 'cavalry-rbc-election': {
      const units = o.units as string[];
      if (units.length === 0) return state;
      const roll = die(dice, events, {
        purpose: 'cavalry-retreat-before-combat',
        rule: '8.77',
        units,
        succeeds: false,
      });
      // 8.77: cavalry retreat on 1-5; a unit with its own rolls (Chickamauga 20.0 Wilder, 1-4) on those.
      const going = units.filter((unit) =>
        (retreatBeforeCombatRolls(ctx, unit) ?? []).includes(roll),
      );
      const ok = going.length > 0;
      (events[events.length - 1] as Record<string, unknown>).succeeds = ok;
      if (going.length < units.length)
        (events[events.length - 1] as Record<string, unknown>).retreating = going;
      if (!ok) return state;
      let s = state;
      // 8.78, 8.79: the artillery in the attack has made its attack either way (already counted as attacked).
      s = pushFront(
        s,
        going.map((unit) => ({ kind: 'retreat', unit, hexes: 2, reason: 'cavalry-rbc' }) as Step),
      );
      return s;
    }
    case 'retreat':
    case 'phase-end-routed': {
      const reason = step.kind === 'retreat' ? step.reason : 'routed-end';
      return doRetreat(
        ctx,
        state,
        o.unit as string,
        { path: o.path as HexId[], displace: o.displace as string | undefined },
        reason,
        events,
        false,
      );
    }
    case 'terrain-choice':
      return pushFront(
        updateCombat(state, (x) => ({ ...x, terrainOption: o.option as 'forest' | 'other' })),
        [],
      );
    case 'ae-star-victim':
      return eliminate(state, (o.units as string[])[0], '8.6 Ae*', events);
    case 'ex-star-victim':
      return exStarVictim(ctx, state, (o.units as string[])[0], events);
    case 'exchange-losses': {
      let s = state;
      for (const id of o.units as string[]) s = eliminate(s, id, '8.6 Ex, 12.26', events);
      return s;
    }
    case 'accept-retreat':
      return updateCombat(state, (x) => ({ ...x, accepted: o.units as string[] }));
    case 'advance': {
      if (o.type === 'decline-advance') {
        events.push({ type: 'advance-declined', hex: step.hex, side: step.side, rule: '8.75' });
        return state;
      }
      const unit = o.unit as string;
      const from = state.units[unit].hex;
      events.push({ type: 'unit-advanced', unit, from, to: step.hex, rule: '8.75' });
      let s = relocate(ctx, state, unit, [step.hex], true, events);
      const p = combatOf(s);
      s = setPhase(s, {
        ...p,
        advanced: [...p.advanced, unit],
        current: p.current ? { ...p.current, advanced: [...p.current.advanced, unit] } : null,
      });
      // An exclusive rule may let the unit go on (Road to Vicksburg 19.53 iii): not once in an Enemy Zone of Control.
      let more: { hexes: number; rule: string } | null = null;
      for (const h of ctx.hooks ?? []) more ??= h.advanceFurther?.(ctx, s, unit) ?? null;
      if (more && more.hexes > 0 && !inEnemyZoc(ctx, s, step.side, step.hex))
        s = pushFront(s, [{ kind: 'advance-on', unit, left: more.hexes, rule: more.rule }]);
      return s;
    }
    case 'advance-on': {
      const unit = step.unit;
      if (o.type === 'stop-advance') {
        events.push({ type: 'advance-stopped', unit, rule: step.rule });
        return state;
      }
      const u = state.units[unit];
      const to = o.to as HexId;
      events.push({ type: 'unit-advanced', unit, from: u.hex, to, rule: step.rule });
      let s = relocate(ctx, state, unit, [to], true, events);
      if (step.left > 1 && !inEnemyZoc(ctx, s, u.side, to))
        s = pushFront(s, [{ kind: 'advance-on', unit, left: step.left - 1, rule: step.rule }]);
      return s;
    }
    case 'breastworks-removal': {
      const p = combatOf(state);
      let s = setPhase(state, { ...p, removalDecided: [...p.removalDecided, step.hex] });
      if (o.remove === true) s = removeMarker(s, step.hex, events);
      return s;
    }
    default:
      void c;
      return state;
  }
}
