/**
 * The Combat Phase (4.0 B; 8.0–12.4) as game.ts drives it, through four
 * functions:
 *   - startCombatPhase: Night recovery and Rally rolls (11.3, 12.41, A3),
 *     the Breastworks flip (10.34 ii), and the snapshots later rules need:
 *     who must attack (8.11, 8.12, 11.21, A15), artillery that began in an
 *     enemy ZOC (9.41), Routed units in an enemy ZOC (12.32), units that did
 *     not move (12.16);
 *   - combatPhaseOrders: attacks (attack.ts), voluntary rout (12.16), the
 *     answers to a pending decision (decisions.ts), the end-of-phase step
 *     (close-combat-phase) and end-phase;
 *   - applyCombatPhaseOrder: the same, checked;
 *   - endCombatPhase: Under Construction markers next to an enemy go
 *     (10.34 i); the bookkeeping is cleared.
 *
 * The phase ends in two orders when something is left to decide at its end:
 * close-combat-phase starts the end-of-phase procedures (Routed units' forced
 * retreats, 12.32; Breastworks removal, 10.37), each a pending decision; then
 * end-phase. end-phase is refused while an attack obligation can still be
 * met (8.11, 8.12); obligations no legal attack can meet lapse (A17).
 */
import type { Dice } from '../../dice';
import type { GameEvent, Side } from '../../types';
import type { ApplyResult, GameContext } from '../../game';
import type { GameState, Order } from '../../state';
import { flipCompletedBreastworks } from './breastworks-construction';
import {
  CombatPhaseState,
  Step,
  combatOf,
  emptyCombatPhase,
  inEnemyZoc,
  isArtillery,
  isCombatUnit,
  isGunboat,
  onMap,
  setMorale,
  withCombat,
  zocSources,
} from './combat';
import {
  AttackOrder,
  attackOptional,
  attackRefusal,
  candidateAttacks,
  declared,
  obligations,
  parseAttack,
  participantsInEzoc,
  provisionalCombat,
} from './attack';
import { answer, run, stepAnswers } from './decisions';
import { obligedAtNight } from './night-combat';
import { recoverAndRally } from './rally';
import { removableMarkers, removeThreatenedConstruction } from './fieldworks';
import { refuse } from './refusals';
import { appendAll } from '../../lists';

export type { ApplyResult };

// ------------------------------------------------------------- start/end ----

export function startCombatPhase(
  ctx: GameContext,
  state: GameState,
  dice: Dice,
): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  const side = state.phasing;
  const moved = new Set(state.movement?.moved ?? []);
  const enteredEnemyZoc = state.movement?.enteredEnemyZoc ?? [];
  // 12.41, 11.3 (A3): recovery first, then Rally rolls.
  let next = recoverAndRally(ctx, { ...state, movement: null }, dice, events);
  // 10.34 ii (A1): Under Construction markers of units that stayed put flip now.
  const flipped = flipCompletedBreastworks(ctx, next);
  next = flipped.state;
  events.push(...flipped.events);
  const phase: CombatPhaseState = emptyCombatPhase();
  for (const id of Object.keys(next.units).sort()) {
    const u = next.units[id];
    if (u.side !== side || !onMap(u)) continue;
    if (!moved.has(id)) phase.unmoved.push(id);
    const inZoc = inEnemyZoc(ctx, next, side, u.hex);
    if (!inZoc) continue;
    if (isArtillery(ctx, id)) phase.artilleryBeganInEzoc.push(id);
    if (u.morale === 'routed') phase.routedBeganInEzoc.push(id);
    else if (
      isCombatUnit(ctx, id) &&
      !isGunboat(ctx, id) &&
      obligedAtNight(next.night, enteredEnemyZoc, id) &&
      zocSources(ctx, next, u).some((e) => !attackOptional(ctx, u.hex, e.hex!))
    )
      phase.obliged.push(id);
  }
  if (phase.obliged.length > 0)
    events.push({
      type: 'attacks-required',
      units: phase.obliged,
      rule: next.night ? '8.12, 11.21' : '8.11, 8.12',
    });
  // Exclusive rules' results before any attack (Wilderness 18.31: the Train Defence units' automatic Ar).
  let started = withCombat(next, phase);
  for (const h of ctx.hooks) {
    const r = h.beforeAttacks?.(ctx, started, dice);
    if (r) {
      started = r.state;
      events.push(...r.events);
    }
  }
  return { state: started, events };
}

export function endCombatPhase(
  ctx: GameContext,
  state: GameState,
  _dice: Dice,
): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  const next = removeThreatenedConstruction(ctx, state, events);
  return { state: { ...next, combat: null, pending: null }, events };
}

// ---------------------------------------------------------------- orders ----

/** 12.16: Shaken units that did not move may be Routed, before any attack is declared. */
function voluntaryRoutCandidates(state: GameState, phase: CombatPhaseState): string[] {
  if (phase.combats > 0 || phase.current || phase.ending) return [];
  return phase.unmoved.filter(
    (id) => onMap(state.units[id]) && state.units[id].morale === 'shaken',
  );
}

/** Obligations still open, or null when end-phase may be given (including when no legal attack could meet them). */
function endPhaseBlocked(
  ctx: GameContext,
  state: GameState,
): { units: string[]; hexes: string[] } | null {
  const phase = combatOf(state);
  const ob = obligations(ctx, state, phase);
  if (ob.units.length === 0 && ob.hexes.length === 0) return null;
  const attacks = candidateAttacks(ctx, state, state.phasing);
  const helps = attacks.some(
    (a) =>
      a.attackers.some((id) => ob.units.includes(id)) ||
      a.defenders.some((h) => ob.hexes.includes(h)),
  );
  return helps ? { units: ob.units, hexes: ob.hexes } : null;
}

function closingSteps(ctx: GameContext, state: GameState): Step[] {
  const phase = combatOf(state);
  const steps: Step[] = [];
  for (const unit of phase.routedBeganInEzoc)
    if (onMap(state.units[unit])) steps.push({ kind: 'phase-end-routed', unit });
  for (const hex of removableMarkers(ctx, state))
    if (!phase.removalDecided.includes(hex)) steps.push({ kind: 'breastworks-removal', hex });
  return steps;
}

export function combatPhaseOrders(ctx: GameContext, state: GameState, side: Side): Order[] {
  if (state.phase !== 'combat') return [];
  const phase = combatOf(state);
  if (state.pending) {
    if (state.pending.side !== side) return [];
    const step = phase.queue[0];
    const ans = step ? stepAnswers(ctx, state, step) : null;
    return ans ? ans.orders : [];
  }
  if (state.phasing !== side) return [];
  const out: Order[] = [];
  if (!phase.ending) {
    appendAll(out, candidateAttacks(ctx, state, side) as unknown as Order[]);
    for (const unit of voluntaryRoutCandidates(state, phase))
      out.push({ type: 'voluntary-rout', unit });
  }
  if (endPhaseBlocked(ctx, state) === null || phase.ending) {
    if (!phase.ending && closingSteps(ctx, state).length > 0)
      out.push({ type: 'close-combat-phase' });
    else out.push({ type: 'end-phase' });
  }
  return out;
}

export function applyCombatPhaseOrder(
  ctx: GameContext,
  state: GameState,
  side: Side,
  order: Order,
  dice: Dice,
): ApplyResult {
  if (state.phase !== 'combat')
    return refuse('NOT_COMBAT_PHASE', '4.0', 'it is not the Combat Phase');
  if (state.pending) return answer(ctx, state, side, order, dice);
  if (side !== state.phasing)
    return refuse('NOT_YOUR_TURN', '4.0', `it is ${state.phasing}'s Combat Phase`);
  const phase = combatOf(state);
  const o = order as Record<string, unknown>;
  switch (order.type) {
    case 'attack': {
      const parsed = parseAttack(o);
      if ('code' in parsed) return { ok: false, refusal: parsed };
      const why = attackRefusal(ctx, state, side, parsed);
      if (why) return { ok: false, refusal: why };
      return declare(ctx, state, parsed, dice);
    }
    case 'voluntary-rout': {
      const unit = o.unit;
      if (typeof unit !== 'string')
        return refuse('BAD_ORDER', '12.16', 'voluntary-rout.unit must be a unit id');
      if (!voluntaryRoutCandidates(state, phase).includes(unit))
        return refuse(
          'NO_VOLUNTARY_ROUT',
          '12.16',
          'only a Shaken unit that did not move this Player-Turn may be Routed, before any attack',
        );
      const events: GameEvent[] = [];
      let next = setMorale(state, unit, 'routed', '12.16', events);
      const u = next.units[unit];
      const p = combatOf(next);
      const inZoc = onMap(u) && inEnemyZoc(ctx, next, side, u.hex);
      // A4: it is now among the Routed units that must leave an enemy ZOC at the end of the phase.
      next = withCombat(next, {
        ...p,
        obliged: p.obliged.filter((x) => x !== unit),
        routedBeganInEzoc:
          inZoc && !p.routedBeganInEzoc.includes(unit)
            ? [...p.routedBeganInEzoc, unit]
            : p.routedBeganInEzoc,
      });
      return { ok: true, state: next, events };
    }
    case 'close-combat-phase': {
      if (phase.ending)
        return refuse('PHASE_ENDING', '4.0', 'the end of the Combat Phase is already under way');
      const blocked = endPhaseBlocked(ctx, state);
      if (blocked) return obligationRefusal(blocked);
      const events: GameEvent[] = [{ type: 'combat-phase-closing', rule: '12.32, 10.37' }];
      let next = withCombat(state, { ...phase, ending: true, queue: closingSteps(ctx, state) });
      next = run(ctx, next, dice, events);
      return { ok: true, state: next, events };
    }
    case 'end-phase': {
      if (!phase.ending) {
        const blocked = endPhaseBlocked(ctx, state);
        if (blocked) return obligationRefusal(blocked);
        if (closingSteps(ctx, state).length > 0)
          return refuse(
            'PHASE_END_PROCEDURES',
            '12.32, 10.37',
            'first close the Combat Phase (close-combat-phase): Routed units must retreat and Breastworks may be removed',
          );
      }
      const events: GameEvent[] = [];
      const ob = obligations(ctx, state, phase);
      if (ob.units.length > 0 || ob.hexes.length > 0)
        events.push({
          type: 'obligation-lapsed',
          units: ob.units,
          hexes: ob.hexes,
          rule: '8.11, A17',
          reason: 'no legal attack can meet them',
        });
      return { ok: true, state, events };
    }
    default:
      return refuse(
        'NOT_A_COMBAT_ORDER',
        '8.0',
        `"${order.type}" is not an order of the Combat Phase`,
      );
  }
}

function obligationRefusal(b: { units: string[]; hexes: string[] }): ApplyResult {
  const parts = [
    b.units.length ? `units still obliged to attack: ${b.units.join(', ')}` : '',
    b.hexes.length ? `enemy hexes that must be attacked: ${b.hexes.join(', ')}` : '',
  ].filter(Boolean);
  return refuse('ATTACKS_REQUIRED', '8.11, 8.12', `mandatory attacks remain (${parts.join('; ')})`);
}

function declare(ctx: GameContext, state: GameState, a: AttackOrder, dice: Dice): ApplyResult {
  const phase = combatOf(state);
  const n = phase.combats + 1;
  const c = provisionalCombat(state, a, n, ctx);
  c.inEzoc = participantsInEzoc(ctx, state, c);
  const events: GameEvent[] = [
    {
      type: 'attack-declared',
      combat: n,
      attackers: c.attackers,
      bombard: c.bombard,
      defenderHexes: c.defenderHexes,
      defenders: c.defenders,
      reduceOddsTo: a.reduceOddsTo ?? null,
      rule: '8.0',
    },
  ];
  const after = declared(ctx, state, phase, a);
  const queue: Step[] = [
    { kind: 'routed-rbc-election' },
    { kind: 'cavalry-rbc-election' },
    { kind: 'terrain-choice' },
    { kind: 'resolve' },
  ];
  let next = withCombat(state, { ...after, combats: n, current: c, queue });
  next = run(ctx, next, dice, events);
  return { ok: true, state: next, events };
}
