/**
 * The odds preview (issue 19): for attacks made in random legal play, the
 * preview computed before the order must be what the resolution then reads
 * — the same strengths, odds, shifts, column and modifiers, and the result
 * the preview gives for the die actually rolled (and the night die at
 * Night). Refusals are the order's own.
 */
import { applyOrder, attackOdds, legalOrders, newGame, prepareGame, whoMustAct } from './game';
import type { GameContext } from './game';
import { seededDice } from './dice';
import type { GameState, Order } from './state';
import type { GameEvent } from './types';
import type { AttackOddsPreview } from './rules/blue-grey/combat-odds';
import type { ClassicAttackOddsPreview } from './rules/classic/combat-odds';
import { playedScenarios } from '../../test/unit/scenarios/shipped';
import { picker } from '../../test/unit/scenarios/support';

function contextOf(id: string): { ctx: GameContext; options: Record<string, unknown> } {
  const s = playedScenarios().find((x) => x.id === id)!;
  return { ctx: prepareGame(s.played, s.map), options: s.options };
}

interface Check {
  preview: unknown;
  resolved: GameEvent;
}

/**
 * Random legal play that prefers attacks; every attack's preview is taken
 * before the order, and paired with its combat-resolved event once it comes.
 */
function playAttacks(
  id: string,
  seed: string,
  steps: number,
): { checks: Check[]; state: GameState } {
  const { ctx, options } = contextOf(id);
  const choose = picker(seed.length * 7919 + seed.charCodeAt(seed.length - 1));
  let state = newGame(ctx, options, seededDice(seed, 0));
  const open = new Map<number, unknown>();
  const checks: Check[] = [];
  for (let i = 0; i < steps; i++) {
    const acting = whoMustAct(ctx, state);
    if (!acting) break;
    const orders = legalOrders(ctx, state, acting.side).filter((o) => o.type !== 'resign');
    const attacks = orders.filter((o) => o.type === 'attack');
    const ends = orders.filter((o) => o.type === 'end-phase' || o.type === 'close-combat-phase');
    const rest = orders.filter((o) => o.type !== 'end-phase' && o.type !== 'close-combat-phase');
    let choice: Order;
    if (state.phase === 'combat' && attacks.length > 0 && choose(10) > 0)
      choice = attacks[choose(attacks.length)];
    else if (
      ends.length > 0 &&
      (rest.length === 0 || choose(state.phase === 'movement' ? 25 : 3) === 0)
    )
      choice = ends[0];
    else choice = rest.length > 0 ? rest[choose(rest.length)] : orders[0];
    if (choice.type === 'attack') {
      const p = attackOdds(ctx, state, acting.side, choice);
      if (!p.ok)
        throw new Error(`listed attack refused by the preview: ${JSON.stringify(p.refusal)}`);
      const n = ((state.combat as { combats?: number } | null)?.combats ?? 0) + 1;
      open.set(n, p.odds);
    }
    const r = applyOrder(ctx, state, acting.side, choice, seededDice(seed, state.diceDrawn));
    if (!r.ok) throw new Error(`listed order refused: ${JSON.stringify(r.refusal)}`);
    for (const e of r.events) {
      if (e.type !== 'combat-resolved') continue;
      const preview = open.get(e.combat as number);
      if (preview !== undefined) checks.push({ preview, resolved: e });
      open.delete(e.combat as number);
    }
    if (r.state.phase !== 'combat') open.clear();
    state = r.state;
  }
  return { checks, state };
}

describe('odds preview, Blue & Grey 2e', () => {
  it('8.6, 8.61, 11.23: the preview of each attack in random play on Shiloh is what the combat is then resolved with', () => {
    let compared = 0;
    let night = 0;
    for (const seed of ['odds-1', 'odds-2', 'odds-3']) {
      for (const { preview, resolved } of playAttacks('shiloh', seed, 500).checks) {
        const p = preview as AttackOddsPreview;
        const option = p.options.find(
          (o) => o.option === (resolved.terrain as { option: string }).option,
        )!;
        expect(option).toBeDefined();
        const nightRoll = (resolved.night as { roll: number } | null)?.roll;
        const reading = option.readings.find((x) => (x.night?.die ?? undefined) === nightRoll)!;
        expect(reading).toBeDefined();
        const s = resolved.strengths as { attack: number; defence: number };
        // A retreat before combat (8.77, 12.34) changes the defenders: only then may strengths differ.
        if (s.defence !== reading.strengths.defence) {
          expect(p.beforeResolution.length).toBeGreaterThan(0);
          continue;
        }
        expect(resolved.strengths).toEqual(reading.strengths);
        expect(resolved.odds).toBe(reading.odds);
        expect(resolved.shift).toBe(reading.shift);
        expect(resolved.column).toBe(reading.column);
        expect(resolved.modifiers).toEqual(reading.modifiers);
        expect(resolved.reducedTo).toBe(reading.reducedTo);
        const roll = resolved.roll as number;
        expect(resolved.result).toBe(reading.results[roll - 1]);
        const total = option.chances.outOf;
        expect(total).toBe(p.night ? 36 : 6);
        expect(Object.values(option.chances.counts).reduce((a, b) => a + b, 0)).toBe(total);
        compared++;
        if (nightRoll !== undefined) night++;
      }
    }
    expect(compared).toBeGreaterThan(20);
    expect(night).toBeGreaterThan(0); // some attacks of these seeds are made at Night (11.23)
  });
});

describe('odds preview, 1975 rules', () => {
  it('O7.0, O7.6: the preview of each attack in random play on Chattanooga 1975 is what the combat is then resolved with', () => {
    let compared = 0;
    for (const seed of ['odds-1', 'odds-2']) {
      for (const { preview, resolved } of playAttacks('chattanooga-1975', seed, 500).checks) {
        const p = preview as ClassicAttackOddsPreview;
        expect(resolved.attack).toBe(p.strengths.attack);
        expect(resolved.defence).toBe(p.strengths.defence);
        expect(resolved.terrain).toEqual(p.terrain);
        expect(resolved.odds).toBe(p.odds);
        expect(resolved.column).toBe(p.column);
        expect(resolved.result).toBe(p.results[(resolved.die as number) - 1]);
        expect(p.chances.outOf).toBe(6);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(5);
  });
});

describe('odds preview refusals', () => {
  const { ctx, options } = contextOf('shiloh');
  const state = newGame(ctx, options, seededDice('odds-refusals', 0));

  it('8.0: an order that is not an attack is refused as BAD_ORDER', () => {
    const r = attackOdds(ctx, state, state.phasing, { type: 'end-phase' });
    expect(r).toMatchObject({ ok: false, refusal: { code: 'BAD_ORDER', rule: '8.0' } });
  });

  it('4.0: outside the Combat Phase an attack is refused exactly as the order itself would be', () => {
    expect(state.phase).not.toBe('combat');
    const order = { type: 'attack', attackers: ['nobody'], defenders: ['0101'] };
    const r = attackOdds(ctx, state, state.phasing, order);
    const applied = applyOrder(ctx, state, state.phasing, order, seededDice('x', 0));
    expect(r.ok).toBe(false);
    expect(applied.ok).toBe(false);
    if (!r.ok && !applied.ok) expect(r.refusal).toEqual(applied.refusal);
  });

  it('8.0: a field an attack order does not have is refused as the order would be', () => {
    const order = { type: 'attack', attackers: [], defenders: [], colour: 'blue' };
    const r = attackOdds(ctx, state, state.phasing, order);
    expect(r).toMatchObject({ ok: false, refusal: { code: 'BAD_ORDER' } });
  });
});
