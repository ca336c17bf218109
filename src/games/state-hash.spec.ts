import { canonicalJson, sha256Hex, stateHash } from './state-hash';

describe('canonical state hash', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: null }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":null,"z":1}]},"b":1}',
    );
  });

  it('gives equal hashes for equal data built in another key order', () => {
    expect(stateHash({ turn: 1, units: { a: 1, b: 2 } })).toBe(
      stateHash({ units: { b: 2, a: 1 }, turn: 1 }),
    );
    expect(stateHash({ turn: 1 })).not.toBe(stateHash({ turn: 2 }));
  });

  it('is the sha256 of the canonical text', () => {
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(stateHash({ a: 1 })).toBe(sha256Hex('{"a":1}'));
  });

  it('round-trips through JSON (what the database stores) without changing the hash', () => {
    const state = { x: [1, 'two', { three: 3 }], y: { nested: true }, s: 'é' };
    expect(stateHash(JSON.parse(JSON.stringify(state)))).toBe(stateHash(state));
  });
});
