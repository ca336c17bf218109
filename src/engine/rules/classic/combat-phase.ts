/**
 * The 1975 Combat Phase (O4.1 B, O7.0-O8.5, O11.3): started after the
 * phasing player's Movement Phase on day Game-Turns only (O10.1), attacks
 * declared and resolved one at a time, the pending decisions answered, and
 * at the end the Attack Effectiveness withdrawals (O11.31). The phase ends
 * with end-phase, refused while a mandatory attack can still be made
 * (O7.11, O7.12); obligations no legal attack can meet lapse with an event.
 */
import type { Dice } from '../../dice';
import type { GameContext } from '../../game';
import type { GameState, Order } from '../../state';
import type { GameEvent, Refusal, Side } from '../../types';
import { otherSide } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { isIneffective } from './attack-effectiveness';
import {
  ClassicAttack,
  classicAttackRefusal,
  classicCandidateAttacks,
  declaredPhase,
  openObligations,
  parseClassicAttack,
} from './attack';
import {
  ClassicCombat,
  ClassicCombatPhase,
  emptyClassicPhase,
  inEnemyZoc,
  onMap,
  phaseOf,
  withPhase,
  unitsAt,
  zocSources,
} from './combat';
import { answer, run, stepAnswers } from './resolution';
import { appendAll } from '../../lists';

type Result = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; refusal: Refusal };

export function startClassicCombatPhase(
  ctx: GameContext,
  state: GameState,
  events: GameEvent[],
): GameState {
  const side = state.phasing;
  const p: ClassicCombatPhase = emptyClassicPhase();
  for (const id of Object.keys(state.units).sort()) {
    const u = state.units[id];
    if (u.side !== side || !onMap(u) || !inEnemyZoc(ctx, state, side, u.hex)) continue;
    if (isIneffective(u))
      p.withdraw.push(id); // O11.31
    else if (ctx.unitSpecs.get(id)!.strength > 0 && zocSources(ctx, state, u).length > 0)
      p.obliged.push(id); // O7.12, O8.41
  }
  if (p.obliged.length > 0)
    events.push({ type: 'attacks-required', units: p.obliged, rule: 'O7.11, O7.12' });
  return withPhase({ ...state, movement: null }, p);
}

/** Obligations still open that some legal attack could meet, or null. */
function blockingObligations(
  ctx: GameContext,
  state: GameState,
): { units: string[]; enemies: string[] } | null {
  const ob = openObligations(ctx, state);
  if (ob.units.length === 0 && ob.enemies.length === 0) return null;
  const enemyHexes = new Set(ob.enemies.map((id) => state.units[id].hex!));
  const helps = classicCandidateAttacks(ctx, state, state.phasing).some(
    (a) =>
      [...a.attackers, ...(a.bombard ?? [])].some((id) => ob.units.includes(id)) ||
      a.defenders.some((h) => enemyHexes.has(h)),
  );
  return helps ? ob : null;
}

export function classicCombatOrders(ctx: GameContext, state: GameState, side: Side): Order[] {
  if (state.phase !== 'combat') return [];
  const p = phaseOf(state);
  if (state.pending) {
    const step = p.queue[0];
    const ans = step ? stepAnswers(ctx, state, step) : null;
    return ans && ans.side === side ? ans.orders : [];
  }
  if (state.phasing !== side) return [];
  const out: Order[] = [];
  if (!p.ending) appendAll(out, classicCandidateAttacks(ctx, state, side) as unknown as Order[]);
  if (blockingObligations(ctx, state) === null) out.push({ type: 'end-phase' });
  return out;
}

/**
 * A Combat Phase order. `ended` is true when the phase is over (end-phase
 * given and every withdrawal done): the caller moves the game on.
 */
export function applyClassicCombatOrder(
  ctx: GameContext,
  state: GameState,
  side: Side,
  order: Order,
  dice: Dice,
): Result & { ended?: boolean } {
  const p = phaseOf(state);
  if (state.pending) {
    const r = answer(ctx, state, side, order, dice);
    if (!r.ok) return r;
    return { ...r, ended: phaseOf(r.state).ending && !r.state.pending };
  }
  if (side !== state.phasing)
    return {
      ok: false,
      refusal: refusal('NOT_YOUR_TURN', 'O4.1', `it is ${state.phasing}'s Combat Phase`),
    };
  const o = order as Record<string, unknown>;
  switch (order.type) {
    case 'attack': {
      const a = parseClassicAttack(o);
      if ('code' in a) return { ok: false, refusal: a };
      const why = classicAttackRefusal(ctx, state, side, a);
      if (why) return { ok: false, refusal: why };
      return declare(ctx, state, a, dice);
    }
    case 'end-phase': {
      const blocked = blockingObligations(ctx, state);
      if (blocked) {
        const parts = [
          blocked.units.length ? `units that must attack: ${blocked.units.join(', ')}` : '',
          blocked.enemies.length
            ? `Enemy units that must be attacked: ${blocked.enemies.join(', ')}`
            : '',
        ].filter(Boolean);
        return {
          ok: false,
          refusal: refusal(
            'ATTACKS_REQUIRED',
            'O7.11, O7.12',
            `mandatory attacks remain (${parts.join('; ')})`,
          ),
        };
      }
      const events: GameEvent[] = [];
      const ob = openObligations(ctx, state);
      if (ob.units.length || ob.enemies.length)
        events.push({
          type: 'obligation-lapsed',
          units: ob.units,
          enemies: ob.enemies,
          rule: 'O7.11',
          reason: 'no legal attack can meet them',
        });
      // O11.31: Ineffective units that began the phase in an Enemy ZOC and are still in one withdraw.
      const withdraw = p.withdraw.filter((id) => {
        const u = state.units[id];
        return onMap(u) && inEnemyZoc(ctx, state, u.side, u.hex);
      });
      let next = withPhase(state, {
        ...p,
        ending: true,
        current: null,
        queue: withdraw.map((unit) => ({
          kind: 'retreat' as const,
          unit,
          reason: 'ineffective' as const,
        })),
      });
      next = run(ctx, next, dice, events);
      return { ok: true, state: next, events, ended: !next.pending };
    }
    case 'strategic-move':
    case 'voluntary-rout':
    case 'close-combat-phase':
      return {
        ok: false,
        refusal: refusal(
          'NOT_IN_THESE_RULES',
          'O4.1',
          `"${order.type}" does not exist in the 1975 rules`,
        ),
      };
    default:
      return {
        ok: false,
        refusal: refusal(
          'NOT_A_COMBAT_ORDER',
          'O7.0',
          `"${order.type}" is not an order of the Combat Phase`,
        ),
      };
  }
}

function declare(ctx: GameContext, state: GameState, a: ClassicAttack, dice: Dice): Result {
  const p = phaseOf(state);
  const n = p.combats + 1;
  const bombard = a.bombard ?? [];
  const origin: Record<string, string> = {};
  for (const id of [...a.attackers, ...bombard]) origin[id] = state.units[id].hex!;
  const defenders = a.defenders.flatMap((h) =>
    unitsAt(state, h, otherSide(state.phasing)).map((u) => u.id),
  );
  for (const id of defenders) origin[id] = state.units[id].hex!;
  const c: ClassicCombat = {
    n,
    attackers: a.attackers,
    bombard,
    defenderHexes: a.defenders,
    defenders,
    origin,
    inEzoc: a.attackers.filter((id) => inEnemyZoc(ctx, state, state.phasing, state.units[id].hex!)),
    cap: a.reduceOddsTo,
    retreated: [],
    eliminatedDefenders: [],
  };
  const events: GameEvent[] = [
    {
      type: 'attack-declared',
      combat: n,
      attackers: a.attackers,
      bombard,
      defenderHexes: a.defenders,
      defenders,
      reduceOddsTo: a.reduceOddsTo ?? null,
      rule: 'O7.0',
    },
  ];
  let next = withPhase(state, {
    ...declaredPhase(state, p, a, n),
    combats: n,
    current: c,
    queue: [{ kind: 'resolve' }],
  });
  next = run(ctx, next, dice, events);
  return { ok: true, state: next, events };
}

export function endClassicCombatPhase(state: GameState): GameState {
  return { ...state, combat: null, pending: null };
}
