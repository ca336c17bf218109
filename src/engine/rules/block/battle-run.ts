/**
 * The working context of one applyOrder call: the cloned state being
 * changed, the seeded dice and the events produced. Every die of a battle
 * is rolled through `roll`, so a replay re-derives them from the seed.
 */
import type { Dice } from '../../dice';
import type { BlockBattleState, BlockEvent, BlockRefusal } from './types';

export interface Run {
  s: BlockBattleState;
  dice: Dice;
  events: BlockEvent[];
}

export function roll(run: Run, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(run.dice.d6());
  return out;
}

export function emit(run: Run, e: BlockEvent): void {
  run.events.push(e);
}

/** Thrown inside the engine to refuse an order; applyOrder turns it into a refusal. */
export class BattleRefusal extends Error {
  constructor(readonly refusal: BlockRefusal) {
    super(refusal.message);
  }
}

export function refuse(code: string, rule: string, message: string): never {
  throw new BattleRefusal({ code, rule, message });
}

/** A rule of 6.0–7.6 this engine does not play yet: refused by name, never ignored. */
export function notYetSupported(rule: string, what: string): never {
  throw new BattleRefusal({
    code: 'NOT_YET_SUPPORTED',
    rule,
    message: `${what} (${rule}) is not yet supported`,
  });
}
