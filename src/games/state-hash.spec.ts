import * as fs from 'node:fs';
import * as path from 'node:path';
import { seededDice } from '../engine/dice';
import { applyOrder, legalOrders, newGame, prepareGame, whoMustAct } from '../engine/game';
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

/** The first implementation (map/filter/join), kept as the reference the faster one must match. */
function referenceCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined || typeof v === 'function' ? 'null' : referenceCanonicalJson(v))).join(',')}]`;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return referenceCanonicalJson((value as { toJSON: () => unknown }).toJSON());
  }
  const entries = Object.keys(value)
    .sort()
    .filter((k) => {
      const v = (value as Record<string, unknown>)[k];
      return v !== undefined && typeof v !== 'function';
    })
    .map(
      (k) =>
        `${JSON.stringify(k)}:${referenceCanonicalJson((value as Record<string, unknown>)[k])}`,
    );
  return `{${entries.join(',')}}`;
}

describe('canonical JSON (issue 20: the faster text is the same text)', () => {
  it('matches the reference on edge values', () => {
    const date = new Date(0);
    const cases: unknown[] = [
      null,
      undefined,
      0,
      -0,
      1e21,
      NaN,
      Infinity,
      -Infinity,
      1.5,
      'é"\\\n',
      true,
      [],
      {},
      [undefined, () => 1, null, NaN, { a: undefined }],
      { b: [1, { d: 2, c: undefined, e: () => 0 }], a: 'x', é: 1, A: 2, _: 3, '10': 4, '9': 5 },
      { date, nested: { toJSON: () => ({ z: 1, y: 2 }) } },
    ];
    for (const c of cases) expect(canonicalJson(c)).toBe(referenceCanonicalJson(c));
  });

  it('matches the reference on every state of a Shiloh playout', () => {
    const dir = path.join(__dirname, '../../scenarios/shiloh');
    const read = (f: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    const ctx = prepareGame(read('scenario.json') as never, read('map.json') as never);
    let state = newGame(ctx, {}, seededDice('canonical', 0));
    let n = 0;
    for (let acting = whoMustAct(ctx, state); acting && n < 150; acting = whoMustAct(ctx, state)) {
      expect(canonicalJson(state)).toBe(referenceCanonicalJson(state));
      const legal = legalOrders(ctx, state, acting.side).filter((o) => o.type !== 'resign');
      const order = legal[(n * 7919) % legal.length];
      const result = applyOrder(
        ctx,
        state,
        acting.side,
        order,
        seededDice('canonical', state.diceDrawn),
      );
      if (!result.ok) throw new Error(result.refusal.message);
      state = result.state;
      n++;
    }
    expect(n).toBeGreaterThan(100);
  });

  it('large objects one after the other: the same text whatever their key order, and other keys sorted anew', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `u-${(i * 7) % 40}`);
    const make = (order: string[], extra?: string) => {
      const o: Record<string, number> = {};
      for (const id of order) o[id] = Number(id.slice(2));
      if (extra) o[extra] = -1;
      return o;
    };
    const sorted = [...ids].sort();
    const first = make(ids);
    expect(canonicalJson(first)).toBe(referenceCanonicalJson(first));
    // The same keys in the same order again, then in another order, then other keys.
    expect(canonicalJson(make(ids))).toBe(referenceCanonicalJson(first));
    expect(canonicalJson(make([...ids].reverse()))).toBe(referenceCanonicalJson(first));
    const other = make(ids, 'a-first');
    expect(canonicalJson(other)).toBe(referenceCanonicalJson(other));
    expect(canonicalJson(other).startsWith('{"a-first":-1,')).toBe(true);
    const fewer = make(sorted.slice(1));
    expect(canonicalJson(fewer)).toBe(referenceCanonicalJson(fewer));
  });
});
