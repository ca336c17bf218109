import { createHash } from 'node:crypto';
// The engine's entry point first (the rules registry loads the systems in order).
import { prepareGame } from './game';
import {
  applyFlowEntry,
  FLOW_EVENT_FIELDS,
  isFlowEntry,
  MAX_TAKEBACK_DEPTH,
  TakebackWindow,
  takebackRefusal,
} from './flow';
import { formatEntry, parseEntry } from './notation';
import { applyLoggedEntry, initialStateOf, rerunReplayOf, type ReplayEntryInput } from './replay';
import { BLUE_GREY_RULES } from './rules/hex-system';
import type { PreparedScenario, SystemState } from './rules/system';
import type { Side } from './types';
import { testMap, testScenario, unit } from '../../test/unit/engine/helpers';

const hash = (s: unknown) => createHash('sha256').update(JSON.stringify(s)).digest('hex');

const scenario = testScenario({
  units: [unit('u1', 'union'), unit('u2', 'union'), unit('c1', 'confederate')],
  placements: [
    { unit: 'u1', hex: '0202' },
    { unit: 'u2', hex: '0303' },
    { unit: 'c1', hex: '0808' },
  ],
  turns: 2,
});
const prepared = {
  system: BLUE_GREY_RULES,
  ctx: prepareGame(scenario, testMap()),
} as PreparedScenario;
const SEED = 'flow-spec-seed';
const other = (s: Side): Side => (s === 'union' ? 'confederate' : 'union');

/** Writes a log as the service does: every entry (orders and flow entries) through applyLoggedEntry. */
function write(steps: Array<{ side?: Side; order: unknown } | 'next'>) {
  let state = initialStateOf(prepared, {}, SEED);
  const window = new TakebackWindow<SystemState>(0, state);
  const entries: ReplayEntryInput[] = [];
  for (const step of steps) {
    let side: Side;
    let order: unknown;
    if (step === 'next') {
      // The first legal order of whoever must act (never resign).
      side = prepared.system.mustAct(prepared.ctx, state)!.seats[0];
      order = prepared.system.legalOrders(prepared.ctx, state, side)[0];
    } else {
      side = step.side ?? prepared.system.mustAct(prepared.ctx, state)?.seats[0] ?? 'union';
      order = step.order;
    }
    const r = applyLoggedEntry(prepared, window, side, order, SEED);
    if (!r.ok) return { entries, state, refusal: r.refusal };
    state = r.state;
    const seq = entries.length + 1;
    window.push(seq, side, order, r.events, state);
    entries.push({ seq, side, order, events: r.events, stateHash: hash(state) });
  }
  return { entries, state, refusal: null };
}

const verify = (entries: ReplayEntryInput[]) =>
  rerunReplayOf(
    prepared,
    {},
    SEED,
    JSON.parse(JSON.stringify(entries)) as ReplayEntryInput[],
    hash,
  );

describe('game-flow entries in the order log (src/engine/flow.ts)', () => {
  it('a draw agreed ends the game in the log: no winner, its events, and the replay re-derives it', () => {
    const { entries, state } = write([
      'next',
      'next',
      { side: 'confederate', order: { type: 'draw-agreed' } },
    ]);
    expect(state.phase).toBe('finished');
    expect(state.result).toEqual({ winner: null, level: null, reason: 'draw agreed' });
    expect(entries[2].events).toEqual([
      { type: 'draw-agreed', offeredBy: 'union', acceptedBy: 'confederate' },
      { type: 'game-ended', reason: 'draw agreed', winner: null, level: null },
    ]);
    expect(prepared.system.mustAct(prepared.ctx, state)).toBeNull();
    const check = verify(entries);
    expect(check).toMatchObject({ ok: true, verified: 3 });
    // A forged result does not re-derive.
    const forged = structuredClone(entries);
    forged[2].events[1] = { ...forged[2].events[1], winner: 'union' };
    expect(verify(forged).mismatch).toMatchObject({ seq: 3, kind: 'events' });
  });

  it('a timeout: the side that ran out loses, without a level; abort: no result', () => {
    const timeout = write([
      'next',
      { side: 'confederate', order: { type: 'timeout', flagged: 'union' } },
    ]);
    expect(timeout.state.result).toEqual({
      winner: 'confederate',
      level: null,
      reason: 'union ran out of time',
    });
    expect(verify(timeout.entries).ok).toBe(true);
    const aborted = write([{ side: 'union', order: { type: 'abort' } }]);
    expect(aborted.state.result).toEqual({ winner: null, level: null, reason: 'aborted by union' });
    expect(verify(aborted.entries).ok).toBe(true);
  });

  it('an adjudication is the victory standing at that moment, whatever the log claims', () => {
    const { entries, state } = write([
      'next',
      { order: { type: 'adjudicate', reason: 'round 1 deadline' } },
    ]);
    const standing = prepared.system.victory(
      prepared.ctx,
      entries.length ? write(['next']).state : state,
      null,
    );
    const drawn = standing.winner === null || standing.level === 'draw';
    expect(state.result).toMatchObject({
      winner: drawn ? null : standing.winner,
      level: drawn ? null : standing.level,
    });
    expect(state.result!.reason).toMatch(/^adjudicated \(round 1 deadline\)/);
    expect(verify(entries).ok).toBe(true);
    const forged = structuredClone(entries);
    forged[1].events[0] = { ...forged[1].events[0], winner: 'union', level: 'decisive' };
    expect(verify(forged).ok).toBe(false);
  });

  it('every event a flow entry produces is one FLOW_EVENT_FIELDS describes, with exactly its fields', () => {
    const mover = write(['next', 'next', 'next']).entries[2].side;
    const logs = [
      write(['next', { side: 'confederate', order: { type: 'draw-agreed' } }]),
      write([{ side: 'union', order: { type: 'abort' } }]),
      write(['next', { side: 'confederate', order: { type: 'timeout', flagged: 'union' } }]),
      write(['next', { order: { type: 'adjudicate', reason: 'deadline' } }]),
      write(['next', 'next', 'next', { side: mover, order: { type: 'takeback', to: 1 } }]),
    ];
    const seen = new Set<string>();
    for (const { entries } of logs) {
      for (const e of entries.at(-1)!.events) {
        seen.add(e.type);
        expect({
          type: e.type,
          fields: Object.keys(e)
            .filter((k) => k !== 'type')
            .sort(),
        }).toEqual({
          type: e.type,
          fields: [...(FLOW_EVENT_FIELDS[e.type] ?? ['not described'])].sort(),
        });
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(FLOW_EVENT_FIELDS).sort());
  });

  it('flow entries are refused once the game is over, with unknown fields, or a bad side or reason', () => {
    const over = write([
      { side: 'union', order: { type: 'resign' } },
      { order: { type: 'draw-agreed' } },
    ]);
    expect(over.refusal).toMatchObject({ code: 'GAME_OVER' });
    const window = new TakebackWindow(0, initialStateOf(prepared, {}, SEED));
    for (const bad of [
      { type: 'draw-agreed', winner: 'union' },
      { type: 'timeout', flagged: 'nobody' },
      { type: 'adjudicate', reason: '' },
      { type: 'adjudicate', reason: 'x'.repeat(201) },
      { type: 'takeback', to: 'one' },
    ])
      expect(applyFlowEntry(prepared, window, 'union', bad)).toMatchObject({ ok: false });
    expect(isFlowEntry({ type: 'move' })).toBe(false);
    expect(isFlowEntry({ type: 'takeback', to: 0 })).toBe(true);
  });

  it('the rules systems never accept a flow entry as an order (only the service writes them)', () => {
    const state = initialStateOf(prepared, {}, SEED);
    const side = prepared.system.mustAct(prepared.ctx, state)!.seats[0];
    for (const order of [{ type: 'draw-agreed' }, { type: 'takeback', to: 0 }, { type: 'abort' }])
      expect(
        prepared.system.applyOrder(prepared.ctx, state, side, order, {
          drawn: 0,
          d6: () => 1,
        } as never).ok,
      ).toBe(false);
  });

  it('a takeback goes back to an earlier position: same state and hash; the undone entries stay in the log and the replay verifies', () => {
    const played = write(['next', 'next', 'next']);
    expect(played.state.diceDrawn).toBe(0); // movement only: no die rolled
    const mover = played.entries[2].side;
    const { entries, state } = write([
      'next',
      'next',
      'next',
      { side: mover, order: { type: 'takeback', to: 1 } },
    ]);
    expect(entries).toHaveLength(4);
    expect(entries[3].stateHash).toBe(entries[0].stateHash);
    expect(entries[3].events).toEqual([
      { type: 'taken-back', to: 1, undone: [2, 3], requestedBy: mover, acceptedBy: other(mover) },
    ]);
    expect(hash(state)).toBe(entries[0].stateHash);
    expect(verify(entries)).toMatchObject({ ok: true, verified: 4 });
    // Play on after the takeback: the replay still verifies.
    const on = write([
      'next',
      'next',
      'next',
      { side: mover, order: { type: 'takeback', to: 1 } },
      'next',
    ]);
    expect(verify(on.entries)).toMatchObject({ ok: true, verified: 5 });
    // The notation writes it as one line and reads it back.
    const line = formatEntry(entries[3] as never);
    expect(line).toMatch(/^4\. [UC] takeback 1 \{back to entry 1/);
    expect(parseEntry(line).order).toEqual({ type: 'takeback', to: 1 });
  });

  it('no takeback reaches behind a position an earlier takeback superseded, nor the current position', () => {
    const mover = write(['next', 'next', 'next']).entries[2].side;
    const superseded = write([
      'next',
      'next',
      'next',
      { side: mover, order: { type: 'takeback', to: 1 } },
      { side: mover, order: { type: 'takeback', to: 2 } },
    ]);
    expect(superseded.refusal).toMatchObject({ code: 'TAKEBACK_NOT_ALLOWED' });
    const current = write(['next', { side: 'union', order: { type: 'takeback', to: 1 } }]);
    expect(current.refusal).toMatchObject({ code: 'BAD_TAKEBACK' });
    // A forged takeback (to a superseded position) in a log is a refused entry.
    const honest = write([
      'next',
      'next',
      'next',
      { side: mover, order: { type: 'takeback', to: 1 } },
      'next',
    ]);
    const forged = structuredClone(honest.entries);
    forged.push({
      seq: 6,
      side: mover,
      order: { type: 'takeback', to: 3 },
      events: [],
      stateHash: forged[2].stateHash,
    });
    expect(verify(forged).mismatch).toMatchObject({ seq: 6, kind: 'refused' });
  });

  it('the takeback window keeps no more positions than a takeback may reach (MAX_TAKEBACK_DEPTH)', () => {
    const start = initialStateOf(prepared, {}, SEED);
    const window = new TakebackWindow<SystemState>(0, start);
    // Positions without a die between them: only the last MAX_TAKEBACK_DEPTH + 1 stay reachable.
    for (let seq = 1; seq <= MAX_TAKEBACK_DEPTH + 50; seq++)
      window.push(seq, 'union', { type: 'end-phase' }, [], { ...start });
    expect(window.all).toHaveLength(MAX_TAKEBACK_DEPTH + 1);
    expect(window.all[0].seq).toBe(50);
    expect(takebackRefusal(prepared, window, 49)?.code).toBe('TAKEBACK_NOT_ALLOWED');
  });

  it('no takeback behind a die roll', () => {
    // Pseudo-random legal orders until a die is rolled, then ask to go back before it.
    const contact = {
      system: BLUE_GREY_RULES,
      ctx: prepareGame(
        testScenario({
          units: [unit('u1', 'union'), unit('c1', 'confederate')],
          placements: [
            { unit: 'u1', hex: '0202' },
            { unit: 'c1', hex: '0203' },
          ],
          turns: 2,
        }),
        testMap(),
      ),
    } as PreparedScenario;
    const window = new TakebackWindow<SystemState>(0, initialStateOf(contact, {}, SEED));
    let k = 11;
    let seq = 0;
    while (window.current.state.diceDrawn === 0 && seq < 2000) {
      const state = window.current.state;
      const acting = contact.system.mustAct(contact.ctx, state);
      if (!acting) break;
      const side = acting.seats[0];
      const orders = contact.system.legalOrders(contact.ctx, state, side);
      k = (k * 1103515245 + 12345) % 2147483648;
      const order = orders[k % orders.length];
      const r = applyLoggedEntry(contact, window, side, order, SEED);
      if (!r.ok) throw new Error(r.refusal.message);
      window.push(++seq, side, order, r.events, r.state);
    }
    expect(window.current.state.diceDrawn).toBeGreaterThan(0);
    expect(window.all.map((p) => p.seq)).toEqual([seq]);
    expect(takebackRefusal(contact, window, seq - 1)).toMatchObject({
      code: 'TAKEBACK_NOT_ALLOWED',
    });
  });

  it('no takeback where something is hidden from a reader (nothing hidden may have been revealed)', () => {
    const hiding = {
      system: {
        ...BLUE_GREY_RULES,
        stateFor: (_c: unknown, s: unknown) => ({ state: s, redacted: true }),
      },
      ctx: prepared.ctx,
    } as PreparedScenario;
    const start = initialStateOf(prepared, {}, SEED);
    const window = new TakebackWindow<SystemState>(0, start);
    const side = prepared.system.mustAct(prepared.ctx, start)!.seats[0];
    const order = prepared.system.legalOrders(prepared.ctx, start, side)[0];
    const r = applyLoggedEntry(prepared, window, side, order, SEED);
    if (!r.ok) throw new Error(r.refusal.message);
    window.push(1, side, order, r.events, r.state);
    expect(takebackRefusal(prepared, window, 0)).toBeNull();
    expect(takebackRefusal(hiding, window, 0)).toMatchObject({ code: 'TAKEBACK_NOT_ALLOWED' });
  });
});
