import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { utf8ToBytes } from '@noble/hashes/utils';
import { KEYED_DICE } from './revision';

/**
 * The game's dice. Every die roll comes from a generator seeded by the game's
 * secret seed, so a replay re-derives the same rolls from the seed and the
 * orders alone. The engine never sees the seed: the caller builds a Dice from
 * (seed, number of dice already drawn in this game, the game's engine revision)
 * with {@link gameDice}, and the engine reports back how many it drew, which
 * the state keeps. No clock, no Math.random.
 *
 * Two generators, chosen by the game's engine revision (revision.ts):
 * - from revision 4 (KEYED_DICE), a keyed hash stream: roll n (0 for the
 *   game's first die) is derived from HMAC-SHA256(key = the seed, message = n)
 *   alone ({@link keyedRoll}), so anyone holding the revealed seed can check any
 *   single roll without re-running the ones before it, and the stream cannot be
 *   predicted without the seed;
 * - before it, sfc32 (Chris Doty-Humphrey's Small Fast Counting generator)
 *   seeded from the seed string with cyrb128 ({@link seededDice}), kept exactly
 *   so that games of revisions 1 to 3 still re-run and verify.
 */
export interface Dice {
  /** One six-sided die: an integer 1..6. */
  d6(): number;
  /** How many dice this generator has drawn since the game began. */
  readonly drawn: number;
}

function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

class Sfc32Dice implements Dice {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  drawn = 0;

  constructor(seed: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(seed);
    // discard the first outputs, as the generator's author recommends
    for (let i = 0; i < 15; i++) this.next();
  }

  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  d6(): number {
    // rejection sampling keeps the six faces exactly equally likely
    const limit = 4294967296 - (4294967296 % 6);
    let x = this.next();
    while (x >= limit) x = this.next();
    this.drawn++;
    return (x % 6) + 1;
  }
}

/**
 * The sfc32 dice of revisions 1 to 3 (and of engine tests that need any seeded
 * dice): positioned after `alreadyDrawn` rolls by drawing them.
 */
export function seededDice(seed: string, alreadyDrawn = 0): Dice {
  const dice = new Sfc32Dice(seed);
  for (let i = 0; i < alreadyDrawn; i++) dice.d6();
  return dice;
}

/** How the keyed stream writes roll n's message, attempt k: "n", then "n.1", "n.2"… */
function keyedMessage(n: number, attempt: number): Uint8Array {
  return utf8ToBytes(attempt === 0 ? String(n) : `${n}.${attempt}`);
}

/** 252 = 42 × 6: a byte below it maps to a face with every face equally likely. */
const BYTE_LIMIT = 252;

/**
 * Roll n (0-based: the game's first die is roll 0) of the keyed dice stream of
 * engine revision 4 on: the first byte b < 252 of HMAC-SHA256(key = UTF-8 seed,
 * message = UTF-8 decimal n) gives the face (b mod 6) + 1. Bytes 252..255 are
 * skipped (rejection sampling, so the six faces are exactly equally likely);
 * should all 32 be, the digests of "n.1", "n.2"… follow (a chance of 2^-192 each).
 * Pure and standalone: a verifier can check any roll from the revealed seed.
 */
export function keyedRoll(seed: string, n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`keyedRoll: ${n} is not a roll index`);
  const key = utf8ToBytes(seed);
  for (let attempt = 0; ; attempt++) {
    const digest = hmac(sha256, key, keyedMessage(n, attempt));
    for (const b of digest) if (b < BYTE_LIMIT) return (b % 6) + 1;
  }
}

/** The keyed dice stream (revision 4 on), positioned after `alreadyDrawn` rolls at no cost. */
export function keyedDice(seed: string, alreadyDrawn = 0): Dice {
  let drawn = alreadyDrawn;
  return {
    d6() {
      return keyedRoll(seed, drawn++);
    },
    get drawn() {
      return drawn;
    },
  };
}

/**
 * The dice of a game of engine revision `revision` (state.rules.revision; 1 when
 * absent) with this seed, positioned after `alreadyDrawn` rolls: what the service,
 * replays and verification build for every order.
 */
export function gameDice(seed: string, alreadyDrawn: number, revision: number): Dice {
  return revision >= KEYED_DICE ? keyedDice(seed, alreadyDrawn) : seededDice(seed, alreadyDrawn);
}

/** Dice that replay fixed rolls, for tests and worked examples; throws when exhausted. */
export function fixedDice(rolls: number[], alreadyDrawn = 0): Dice {
  let i = 0;
  return {
    d6() {
      if (i >= rolls.length) throw new Error('fixedDice: no more rolls');
      const r = rolls[i++];
      if (!Number.isInteger(r) || r < 1 || r > 6)
        throw new Error(`fixedDice: ${r} is not a die roll`);
      return r;
    },
    get drawn() {
      return alreadyDrawn + i;
    },
  };
}
