/**
 * Resolving a declared 1975 combat (O7.0, O7.4, O7.6-O7.8, O8.0, O8.15,
 * O8.16, O11.1) step by step, stopping at the decisions players make:
 *
 *   resolve:          defence multiplied by terrain (terrain-combat.ts),
 *                     odds rounded down (odds.ts), voluntary reduction, one
 *                     die, the 1975 table (crt.ts);
 *   Ae, De:           all attacking / defending units eliminated; bombarding
 *                     artillery never suffers results (O8.15);
 *   Ex:               defenders eliminated; the attacker chooses attacking
 *                     units whose printed strength at least equals theirs
 *                     (`choose-losses`); bombarding artillery cannot be
 *                     chosen (rules-editions 1.12.6);
 *   Ar, Dr:           the owner retreats each unit one hex (`retreat`), out of
 *                     Enemy Zones of Control, displacing a friendly unit only
 *                     when nothing else is open (O7.7, O7.8); bombarding
 *                     artillery may elect to retreat on Ar (O8.16); attackers
 *                     that attacked from an Enemy controlled hex lose Attack
 *                     Effectiveness when that option is in use (O11.1);
 *   advance:          one victorious unit that took part, of any type, may
 *                     advance into a vacated hex (O7.75, O7.76), the defender
 *                     too after Ae and Ar (1.12.5).
 */
import type { Dice } from '../../dice';
import type { GameContext } from '../../game';
import type { GameState, Order } from '../../state';
import type { GameEvent, HexId, Refusal, Side } from '../../types';
import { otherSide } from '../../types';
import { retreatOptions } from '../blue-grey/displacement';
import { refusal } from '../blue-grey/refusals';
import { isIneffective, loseEffectiveness } from './attack-effectiveness';
import {
  ClassicCombat,
  ClassicStep,
  eliminate,
  inEnemyZoc,
  onMap,
  phaseOf,
  relocate,
  unitsAt,
  withPhase,
} from './combat';
import { classicCrtLookup } from './crt';
import { CLASSIC_TABLE, classicCombatOdds } from './combat-odds';
import { mayNotAdvance, retreatEliminates } from './hooks';
import { classicBoard, classicStepMp, PROHIBITED } from './terrain-costs';
import { directionTo } from '../blue-grey/board';
import { atRevision, SPECIFIC_OVER_GENERAL } from '../../revision';

/** The side a pending step waits on, with its orders; null if the step runs by itself. */
export function stepAnswers(
  ctx: GameContext,
  state: GameState,
  step: ClassicStep,
): { side: Side; orders: Order[] } | null {
  const c = phaseOf(state).current;
  switch (step.kind) {
    case 'exchange-losses': {
      const sets = lossSets(state, c!, step.required);
      if (sets.length <= 1) return null;
      return {
        side: state.phasing,
        orders: sets.map((units) => ({ type: 'choose-losses', units })),
      };
    }
    case 'retreat': {
      const u = state.units[step.unit];
      if (!onMap(u) || retreatEliminates(ctx, u.id)) return null;
      const opts = options(ctx, state, u.id);
      if (opts.length <= 1) return null;
      return {
        side: u.side,
        orders: opts.map((o) => ({
          type: 'retreat',
          unit: u.id,
          path: o.path,
          ...(o.displace ? { displace: o.displace } : {}),
        })),
      };
    }
    case 'optional-retreat': {
      const u = state.units[step.unit];
      if (!onMap(u)) return null;
      const opts = options(ctx, state, u.id);
      if (opts.length === 0) return null;
      return {
        side: u.side,
        orders: [
          ...opts.map((o) => ({
            type: 'retreat',
            unit: u.id,
            path: o.path,
            ...(o.displace ? { displace: o.displace } : {}),
          })),
          { type: 'decline-retreat', unit: u.id },
        ],
      };
    }
    case 'advance': {
      const cands = advanceCandidates(ctx, state, c!, step.side);
      if (cands.length === 0) return null;
      return {
        side: step.side,
        orders: [
          ...cands.map((x) => ({ type: 'advance', unit: x.unit, to: x.to })),
          { type: 'decline-advance' },
        ],
      };
    }
    default:
      return null;
  }
}

function options(ctx: GameContext, state: GameState, id: string) {
  const c = phaseOf(state).current;
  const participants = c ? [...c.attackers, ...c.bombard, ...c.defenders] : [id];
  return retreatOptions(ctx, state, state.units[id], 1, participants);
}

/** Ex: minimal sets of attacking (not bombarding) units whose printed strength reaches `required`. */
export function lossSets(state: GameState, c: ClassicCombat, required: number): string[][] {
  const pool = c.attackers.filter((id) => onMap(state.units[id]));
  const total = pool.reduce((a, id) => a + state.units[id].strength, 0);
  if (total <= required) return [pool];
  const out: string[][] = [];
  const n = pool.length;
  for (let mask = 1; mask < 1 << n; mask++) {
    const set = pool.filter((_, i) => mask & (1 << i));
    const sum = set.reduce((a, id) => a + state.units[id].strength, 0);
    if (sum < required) continue;
    if (set.some((id) => sum - state.units[id].strength >= required)) continue; // not minimal
    out.push(set);
  }
  return out;
}

/** O7.75, O7.76, 16.11: who may advance into which vacated hex. */
export function advanceCandidates(
  ctx: GameContext,
  state: GameState,
  c: ClassicCombat,
  side: Side,
): Array<{ unit: string; to: HexId }> {
  const attackerWon = side === state.phasing;
  const vacated = (attackerWon ? c.defenderHexes : c.attackers.map((id) => c.origin[id])).filter(
    (h, i, a) => a.indexOf(h) === i && unitsAt(state, h).length === 0,
  );
  const pool = attackerWon ? [...c.attackers, ...c.bombard] : c.defenders;
  const b = ctx.board;
  const cb = classicBoard(ctx.map, b);
  const out: Array<{ unit: string; to: HexId }> = [];
  for (const id of pool) {
    const u = state.units[id];
    if (
      !onMap(u) ||
      u.side !== side ||
      c.retreated.includes(id) ||
      u.hex !== c.origin[id] ||
      mayNotAdvance(ctx, id)
    )
      continue;
    for (const h of vacated) {
      if (!ctx.map.grid.adjacent(u.hex, h)) continue;
      const i = b.index.get(u.hex)!;
      const j = b.index.get(h)!;
      if (b.crossingHex[j] || classicStepMp(cb, i * 6 + directionTo(b, i, j), j) === PROHIBITED)
        continue;
      if (isIneffective(u) && inEnemyZoc(ctx, state, side, h)) continue; // O11.2
      out.push({ unit: id, to: h });
    }
  }
  return out;
}

/** Runs the queue until it is empty or waits on a decision. */
export function run(
  ctx: GameContext,
  state: GameState,
  dice: Dice,
  events: GameEvent[],
): GameState {
  let s = state;
  for (let guard = 0; guard < 1000; guard++) {
    const p = phaseOf(s);
    const step = p.queue[0];
    if (!step) return { ...s, pending: null };
    const ans = stepAnswers(ctx, s, step);
    if (ans) return { ...s, pending: { side: ans.side, kind: step.kind, ...stepDetail(step) } };
    s = withPhase(s, { ...p, queue: p.queue.slice(1) });
    s = auto(ctx, s, step, dice, events);
  }
  throw new Error('combat resolution did not settle');
}

function stepDetail(step: ClassicStep): Record<string, unknown> {
  const { kind, ...rest } = step;
  void kind;
  return rest;
}

function queueFront(state: GameState, steps: ClassicStep[]): GameState {
  const p = phaseOf(state);
  return withPhase(state, { ...p, queue: [...steps, ...p.queue] });
}

function setCurrent(state: GameState, c: ClassicCombat): GameState {
  return withPhase(state, { ...phaseOf(state), current: c });
}

/** A step that needs no decision (or has only one possible answer). */
function auto(
  ctx: GameContext,
  state: GameState,
  step: ClassicStep,
  dice: Dice,
  events: GameEvent[],
): GameState {
  const c = phaseOf(state).current;
  switch (step.kind) {
    case 'resolve':
      return resolve(ctx, state, dice, events);
    case 'exchange-losses': {
      const sets = lossSets(state, c!, step.required);
      return chooseLosses(state, sets[0] ?? [], step.required, events);
    }
    case 'retreat': {
      const u = state.units[step.unit];
      if (!onMap(u)) return state;
      const hook = retreatEliminates(ctx, u.id);
      if (hook) return eliminate(state, u.id, hook.case, events);
      const opts = options(ctx, state, u.id);
      if (opts.length === 0)
        return eliminate(state, u.id, step.reason === 'displaced' ? 'O7.81' : 'O7.72', events);
      return doRetreat(ctx, state, u.id, opts[0].path[0], opts[0].displace, step.reason, events);
    }
    case 'optional-retreat':
    case 'advance':
      return state; // no option: nothing happens
    case 'finish': {
      const p = phaseOf(state);
      return withPhase(state, { ...p, current: null });
    }
  }
}

function resolve(ctx: GameContext, state: GameState, dice: Dice, events: GameEvent[]): GameState {
  const p = phaseOf(state);
  const c = p.current!;
  // The odds: the same function the odds preview uses (combat-odds.ts).
  const { attack, defence, terrain, odds: raw, column } = classicCombatOdds(ctx, state, c);
  const die = dice.d6();
  const result = classicCrtLookup(column, die, CLASSIC_TABLE);
  events.push({
    type: 'combat-resolved',
    combat: c.n,
    attack,
    defence,
    terrain,
    odds: raw,
    column,
    die,
    result,
    rule: 'O7.6',
  });
  const defenders = c.defenderHexes.flatMap((h) =>
    unitsAt(state, h, otherSide(state.phasing)).map((u) => u.id),
  );
  let s = setCurrent(state, { ...c, column, result, defenders });
  // O7.74, O7.14: a unit retreated into this hex has now suffered the attack on it; it may not be attacked again here.
  if (atRevision(s, SPECIFIC_OVER_GENERAL)) {
    const shelter = phaseOf(s);
    s = withPhase(s, {
      ...shelter,
      retreatedInto: shelter.retreatedInto.filter((id) => !defenders.includes(id)),
    });
  }
  const steps: ClassicStep[] = [];
  switch (result) {
    case 'Ae':
      for (const id of c.attackers) s = eliminate(s, id, 'O7.6 Ae', events);
      steps.push({ kind: 'advance', side: otherSide(state.phasing) });
      break;
    case 'De':
      for (const id of defenders) s = eliminate(s, id, 'O7.6 De', events);
      steps.push({ kind: 'advance', side: state.phasing });
      break;
    case 'Ex': {
      let required = 0;
      for (const id of defenders) {
        required += ctx.unitSpecs.get(id)!.strength; // printed (face value) strength
        s = eliminate(s, id, 'O7.6 Ex', events);
      }
      s = setCurrent(s, { ...phaseOf(s).current!, eliminatedDefenders: defenders });
      steps.push({ kind: 'exchange-losses', required }, { kind: 'advance', side: state.phasing });
      break;
    }
    case 'Ar': {
      s = loseEffectiveness(s, c.inEzoc, events); // O11.1
      for (const id of c.attackers) steps.push({ kind: 'retreat', unit: id, reason: 'result' });
      for (const id of c.bombard) steps.push({ kind: 'optional-retreat', unit: id });
      steps.push({ kind: 'advance', side: otherSide(state.phasing) });
      break;
    }
    case 'Dr':
      for (const id of defenders) steps.push({ kind: 'retreat', unit: id, reason: 'result' });
      steps.push({ kind: 'advance', side: state.phasing });
      break;
  }
  steps.push({ kind: 'finish' });
  return queueFront(s, steps);
}

function chooseLosses(
  state: GameState,
  units: string[],
  required: number,
  events: GameEvent[],
): GameState {
  let s = state;
  const sum = units.reduce((a, id) => a + state.units[id].strength, 0);
  events.push({ type: 'exchange-losses', units, strength: sum, required, rule: 'O7.6 Ex' });
  for (const id of units) s = eliminate(s, id, 'O7.6 Ex', events);
  return s;
}

function doRetreat(
  ctx: GameContext,
  state: GameState,
  id: string,
  to: HexId,
  displace: string | undefined,
  reason: string,
  events: GameEvent[],
): GameState {
  const p = phaseOf(state);
  const from = state.units[id].hex;
  const intoFriendly = unitsAt(state, to, state.units[id].side).some((u) => u.id !== id);
  let s = state;
  const front: ClassicStep[] = [];
  if (displace) {
    events.push({ type: 'displaced', unit: displace, by: id, hex: to, rule: 'O7.81' });
    const d = state.units[displace];
    // O7.82: displaced artillery that has not yet fought may not fire this phase.
    const noFire =
      ctx.unitSpecs.get(displace)!.type === 'artillery' &&
      d.side === state.phasing &&
      !p.attacked.includes(displace)
        ? [displace]
        : [];
    s = withPhase(s, { ...phaseOf(s), noFire: [...phaseOf(s).noFire, ...noFire] });
    front.push({ kind: 'retreat', unit: displace, reason: 'displaced' });
  }
  s = relocate(ctx, s, id, to, events);
  events.push({
    type: 'retreated',
    unit: id,
    from,
    to,
    reason,
    rule: reason === 'ineffective' ? 'O11.31' : 'O7.71',
  });
  const q = phaseOf(s);
  const cur = q.current;
  const others = q.retreatedInto.filter((r) => r !== id);
  s = withPhase(s, {
    ...q,
    // O7.74: only a retreat into a Friendly hex (a unit of its side there as it enters, a displaced one included).
    retreatedInto: !atRevision(state, SPECIFIC_OVER_GENERAL)
      ? [...q.retreatedInto, id] // earlier revisions: every retreat, into any hex
      : intoFriendly
        ? [...others, id]
        : others,
    current: cur ? { ...cur, retreated: [...cur.retreated, id] } : null,
  });
  if (displace) {
    // The displaced unit leaves before the retreating one settles: it sits in the hex until its own retreat.
    s = queueFront(s, front);
  }
  return s;
}

/** The answer to the pending decision. */
export function answer(
  ctx: GameContext,
  state: GameState,
  side: Side,
  order: Order,
  dice: Dice,
): { ok: true; state: GameState; events: GameEvent[] } | { ok: false; refusal: Refusal } {
  const p = phaseOf(state);
  const step = p.queue[0];
  const ans = step ? stepAnswers(ctx, state, step) : null;
  if (!step || !ans)
    return { ok: false, refusal: refusal('NO_DECISION', '—', 'no decision is pending') };
  if (ans.side !== side)
    return {
      ok: false,
      refusal: refusal('NOT_YOUR_DECISION', '—', `the ${ans.side} player decides this`),
    };
  const o = order as Record<string, unknown>;
  const match = ans.orders.find((x) => sameOrder(x as Record<string, unknown>, o));
  if (!match)
    return {
      ok: false,
      refusal: refusal(
        'NOT_AN_ANSWER',
        step.kind === 'exchange-losses'
          ? 'O7.6'
          : step.kind === 'advance'
            ? 'O7.75'
            : step.kind === 'optional-retreat'
              ? 'O8.16'
              : 'O7.7',
        `the pending decision (${step.kind}) takes one of: ${ans.orders.map((x) => JSON.stringify(x)).join(', ')}`,
      ),
    };
  const events: GameEvent[] = [];
  let s = withPhase(state, { ...p, queue: p.queue.slice(1) });
  const c = p.current!;
  switch (match.type) {
    case 'choose-losses':
      s = chooseLosses(s, match.units as string[], (step as { required: number }).required, events);
      break;
    case 'retreat':
      s = doRetreat(
        ctx,
        s,
        match.unit as string,
        (match.path as string[])[0],
        match.displace as string | undefined,
        step.kind === 'retreat' ? step.reason : 'accepted-ar',
        events,
      );
      if (step.kind === 'optional-retreat')
        events.push({ type: 'elected-retreat', unit: match.unit, rule: 'O8.16' });
      break;
    case 'decline-retreat':
      events.push({ type: 'declined-retreat', unit: match.unit, rule: 'O8.16' });
      break;
    case 'advance': {
      const from = s.units[match.unit as string].hex;
      s = relocate(ctx, s, match.unit as string, match.to as string, events);
      events.push({ type: 'advanced', unit: match.unit, from, to: match.to, rule: 'O7.75' });
      const q = phaseOf(s);
      s = withPhase(s, {
        ...q,
        advanced: [...q.advanced, match.unit as string],
        current: { ...c },
      });
      break;
    }
    case 'decline-advance':
      events.push({ type: 'advance-declined', side, rule: 'O7.75' });
      break;
  }
  s = run(ctx, { ...s, pending: null }, dice, events);
  return { ok: true, state: s, events };
}

function sameOrder(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'choose-losses') {
    const x = Array.isArray(b.units) ? [...(b.units as unknown[])].map(String).sort() : null;
    return !!x && JSON.stringify(x) === JSON.stringify([...(a.units as string[])].sort());
  }
  for (const k of ['unit', 'to', 'displace']) if ((a[k] ?? null) !== (b[k] ?? null)) return false;
  if (a.path !== undefined)
    return Array.isArray(b.path) && JSON.stringify(b.path) === JSON.stringify(a.path);
  return b.path === undefined;
}
