import { createHmac } from 'node:crypto';
import { gameDice, keyedDice, keyedRoll, seededDice } from './dice';
import { ENGINE_REVISION, KEYED_DICE } from './revision';

/** Roll n of the keyed stream computed independently, with node:crypto (the documented recipe). */
function referenceRoll(seed: string, n: number): number {
  for (let attempt = 0; ; attempt++) {
    const digest = createHmac('sha256', Buffer.from(seed, 'utf8'))
      .update(attempt === 0 ? String(n) : `${n}.${attempt}`, 'utf8')
      .digest();
    for (const b of digest) if (b < 252) return (b % 6) + 1;
  }
}

function draw(dice: { d6(): number }, count: number): number[] {
  return Array.from({ length: count }, () => dice.d6());
}

describe('dice', () => {
  it('new games use the keyed dice: ENGINE_REVISION is at least KEYED_DICE (4)', () => {
    expect(KEYED_DICE).toBe(4);
    expect(ENGINE_REVISION).toBeGreaterThanOrEqual(KEYED_DICE);
  });

  it('keyedRoll(seed, n) is the first byte below 252 of HMAC-SHA256(seed, "n"), mod 6, plus 1', () => {
    for (const seed of ['shiloh-1862', 'a', '', 'ünïcode ✓ seed', 'x'.repeat(200)]) {
      for (let n = 0; n < 200; n++) expect(keyedRoll(seed, n)).toBe(referenceRoll(seed, n));
    }
    // Known vectors, written out so a verifier in another language can check its port.
    const first = createHmac('sha256', 'shiloh-1862').update('0').digest();
    const byte = [...first].find((b) => b < 252)!;
    expect(keyedRoll('shiloh-1862', 0)).toBe((byte % 6) + 1);
    expect(draw(keyedDice('shiloh-1862'), 12)).toEqual(
      Array.from({ length: 12 }, (_, n) => referenceRoll('shiloh-1862', n)),
    );
  });

  it('any roll can be derived directly: dice positioned after k rolls continue with roll k', () => {
    const all = draw(keyedDice('verify-me'), 50);
    for (const k of [0, 1, 17, 49]) {
      const dice = keyedDice('verify-me', k);
      expect(dice.drawn).toBe(k);
      expect(dice.d6()).toBe(all[k]);
      expect(dice.drawn).toBe(k + 1);
    }
    // A million rolls in costs nothing: no stream to run through.
    expect(keyedDice('verify-me', 1_000_000).d6()).toBe(keyedRoll('verify-me', 1_000_000));
  });

  it('refuses a roll index that is not a non-negative safe integer', () => {
    for (const n of [-1, 1.5, Number.NaN, 2 ** 53]) expect(() => keyedRoll('s', n)).toThrow();
  });

  it('the six faces come up equally often (chi-square over 60,000 rolls)', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const dice = keyedDice('fairness');
    for (let i = 0; i < 60_000; i++) counts[dice.d6() - 1]++;
    const chi = counts.reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    // 5 degrees of freedom: 20.5 is the 99.9th percentile.
    expect(chi).toBeLessThan(20.5);
  });

  it('revisions 1 to 3 keep the sfc32 stream exactly, so their games still verify', () => {
    // Rolls of the seed "shiloh-1862" before revision 4, recorded from the generator as shipped.
    const sfc32 = [6, 4, 4, 1, 6, 1, 4, 6, 1, 2, 2, 1];
    expect(draw(seededDice('shiloh-1862'), 12)).toEqual(sfc32);
    for (const revision of [1, 2, 3]) {
      expect(draw(gameDice('shiloh-1862', 0, revision), 12)).toEqual(sfc32);
      expect(draw(gameDice('shiloh-1862', 5, revision), 7)).toEqual(sfc32.slice(5));
    }
    const keyed = draw(gameDice('shiloh-1862', 0, KEYED_DICE), 12);
    expect(keyed).toEqual(draw(keyedDice('shiloh-1862'), 12));
    expect(keyed).not.toEqual(sfc32);
  });
});
