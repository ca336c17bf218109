/**
 * Opaque block ids (notes §8.4.1): a seeded shuffle, so an id says nothing of
 * the block it names. Shared by the battle (battle-scenario.ts) and the
 * campaign (campaign/setup.ts); the dice it draws are part of the replay.
 */
import type { Dice } from '../../dice';

/** A uniform integer in [0, k) from d6 digits, rejecting the top remainder (no bias). */
export function randomBelow(dice: Dice, k: number): number {
  if (k <= 1) return 0;
  let range = 6;
  let digits = 1;
  while (range < k) {
    range *= 6;
    digits++;
  }
  const limit = range - (range % k);
  for (;;) {
    let x = 0;
    for (let i = 0; i < digits; i++) x = x * 6 + (dice.d6() - 1);
    if (x < limit) return x % k;
  }
}

/**
 * `n` ids `${prefix}1`..`${prefix}n` (zero-padded to one width), shuffled
 * (Fisher-Yates): the i-th is the id of the i-th thing named.
 */
export function opaqueIds(n: number, prefix: string, dice: Dice): string[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomBelow(dice, i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const width = String(n).length;
  return order.map((k) => `${prefix}${String(k + 1).padStart(width, '0')}`);
}
