/**
 * The game's dice. Every die roll comes from a generator seeded by the game's
 * secret seed, so a replay re-derives the same rolls from the seed and the
 * orders alone. The engine never sees the seed: the caller builds a Dice from
 * (seed, number of dice already drawn in this game) and the engine reports
 * back how many it drew, which the state keeps. No clock, no Math.random.
 *
 * Generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator),
 * seeded from the seed string with cyrb128. Both are public-domain, tiny,
 * and pass PractRand; cryptographic strength is not needed because the seed
 * stays secret until the game ends (it is committed by hash at creation).
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

/** Dice for a game with this seed, positioned after `alreadyDrawn` rolls. */
export function seededDice(seed: string, alreadyDrawn = 0): Dice {
  const dice = new Sfc32Dice(seed);
  for (let i = 0; i < alreadyDrawn; i++) dice.d6();
  return dice;
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
