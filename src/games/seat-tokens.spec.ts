import {
  bearerToken,
  hashSeatToken,
  newSeatToken,
  newSeed,
  seedCommitment,
  tokenMatches,
} from './seat-tokens';

describe('seat tokens and seed commitments', () => {
  it('issues distinct unguessable tokens and stores only their hash', () => {
    const a = newSeatToken();
    const b = newSeatToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashSeatToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSeatToken(a)).not.toContain(a);
  });

  it('matches a token only against its own hash', () => {
    const a = newSeatToken();
    expect(tokenMatches(a, hashSeatToken(a))).toBe(true);
    expect(tokenMatches(newSeatToken(), hashSeatToken(a))).toBe(false);
    expect(tokenMatches(a, 'not-hex')).toBe(false);
  });

  it('commits to a seed with its sha256', () => {
    const seed = newSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(seedCommitment('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('reads a Bearer token from an Authorization header', () => {
    expect(bearerToken('Bearer abc_-1')).toBe('abc_-1');
    expect(bearerToken('bearer  xyz ')).toBe('xyz');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
  });
});
