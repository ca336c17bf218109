import { createHash } from 'node:crypto';
import { gameDice } from './dice';
import { revisionOf } from './revision';
import { applyOrder, legalOrders, prepareGame, whoMustAct } from './game';
import { initialState, rerunReplay, sameData, type ReplayEntryInput } from './replay';
import type { GameState } from './state';
import { testMap, testScenario, unit } from '../../test/unit/engine/helpers';

/** The service's hash (src/games/state-hash.ts) sorts keys; JSON.stringify of the same object is enough here. */
const hash = (s: GameState) => createHash('sha256').update(JSON.stringify(s)).digest('hex');

const scenario = testScenario({
  units: [unit('u1', 'union'), unit('u2', 'union'), unit('c1', 'confederate')],
  placements: [
    { unit: 'u1', hex: '0202' },
    { unit: 'u2', hex: '0303' },
    { unit: 'c1', hex: '0808' },
  ],
  turns: 2,
});
const ctx = prepareGame(scenario, testMap());
const SEED = 'replay-spec-seed';

/** Plays a whole game choosing a pseudo-random legal order each time (never resigning), logging like the service. */
function playLog(pick: number): { entries: ReplayEntryInput[]; final: GameState } {
  let state = initialState(ctx, {}, SEED);
  const entries: ReplayEntryInput[] = [];
  let k = pick;
  for (let seq = 1; seq < 500; seq++) {
    const acting = whoMustAct(ctx, state);
    if (!acting) break;
    const orders = legalOrders(ctx, state, acting.side).filter((o) => o.type !== 'resign');
    k = (k * 1103515245 + 12345) % 2147483648;
    const order = orders[k % orders.length];
    const r = applyOrder(
      ctx,
      state,
      acting.side,
      order,
      gameDice(SEED, state.diceDrawn, revisionOf(state)),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    state = r.state;
    entries.push({ seq, side: acting.side, order, events: r.events, stateHash: hash(state) });
  }
  return { entries, final: state };
}

describe('replay verification', () => {
  const { entries, final } = playLog(7);

  it('an honest log of a whole game re-derives entry by entry, to the same final state', () => {
    expect(final.phase).toBe('finished');
    const check = rerunReplay(ctx, {}, SEED, JSON.parse(JSON.stringify(entries)), hash);
    expect(check.mismatch).toBeNull();
    expect(check.ok).toBe(true);
    expect(check.verified).toBe(entries.length);
    expect(hash(check.finalState)).toBe(hash(final));
  });

  it('reports the first entry whose logged events were altered', () => {
    const tampered = structuredClone(entries);
    const at = Math.floor(tampered.length / 2);
    tampered[at].events = [...tampered[at].events, { type: 'forged' }];
    const check = rerunReplay(ctx, {}, SEED, tampered, hash);
    expect(check.ok).toBe(false);
    expect(check.verified).toBe(at);
    expect(check.mismatch).toMatchObject({ seq: at + 1, kind: 'events' });
  });

  it('reports a wrong state hash', () => {
    const tampered = structuredClone(entries);
    tampered[2].stateHash = '0'.repeat(64);
    expect(rerunReplay(ctx, {}, SEED, tampered, hash).mismatch).toMatchObject({
      seq: 3,
      kind: 'state-hash',
    });
  });

  it('reports an order the engine refuses, and a gap in the numbering', () => {
    const refused = structuredClone(entries);
    refused[1] = { ...refused[1], order: { type: 'move', unit: 'nobody', path: ['0101'] } };
    expect(rerunReplay(ctx, {}, SEED, refused, hash).mismatch).toMatchObject({
      seq: 2,
      kind: 'refused',
    });
    const gap = structuredClone(entries);
    gap.splice(1, 1);
    expect(rerunReplay(ctx, {}, SEED, gap, hash).mismatch).toMatchObject({
      seq: 3,
      kind: 'sequence',
    });
  });

  it('compares plain data structurally, ignoring key order and undefined members', () => {
    expect(sameData({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameData({ a: 1, u: undefined }, { a: 1 })).toBe(true);
    expect(sameData({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData({ a: null }, { a: {} })).toBe(false);
  });
});
