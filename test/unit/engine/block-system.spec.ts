/**
 * The block game behind the engine contract (src/engine/rules/block-system.ts):
 * the envelope the service reads, what each reader sees of a pending
 * interrupt, a resignation revealing everything like the battle's end,
 * untrusted orders refused rather than thrown, and a replay re-derived
 * through the contract.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gameDice } from '../../../src/engine/dice';
import { ENGINE_REVISION, revisionOf } from '../../../src/engine/revision';
import { DEFAULT_RULES, rulesFor } from '../../../src/engine/rules';
import { BLOCK_RULES, type BlockGameState } from '../../../src/engine/rules/block-system';
import { rerunReplayOf, type ReplayEntryInput } from '../../../src/engine/replay';
import { TakebackWindow, takebackRefusal } from '../../../src/engine/flow';
import type { Order } from '../../../src/engine/state';
import { stateHash } from '../../../src/games/state-hash';
import { xorshiftRandom } from '../../support/xorshift';

const doc = JSON.parse(
  readFileSync(
    join(__dirname, '../../fixtures/block-battles/block-first-manassas/scenario.json'),
    'utf8',
  ),
);
const OPTIONS = { block: { hitAllocation: 'ask' } };
const SEED = 'block-system-spec';

/** Plays listed orders (deploying first, then a fixed choice) until `stop` holds or the battle ends. */
function playUntil(stop: (s: BlockGameState) => boolean, seed = 20261127) {
  const ctx = BLOCK_RULES.prepare(doc, undefined);
  let state = BLOCK_RULES.newGame(ctx, OPTIONS, gameDice(SEED, 0, ENGINE_REVISION));
  const entries: ReplayEntryInput[] = [];
  const random = xorshiftRandom(seed);
  for (let n = 0; n < 2000 && !state.result && !stop(state); n++) {
    const seat = BLOCK_RULES.mustAct(ctx, state, null)!.seats[0];
    const orders = BLOCK_RULES.legalOrders(ctx, state, seat);
    const undeployed = new Set(
      state.battle.units.filter((u) => u.place.kind === 'undeployed').map((u) => u.id),
    );
    const place = orders.filter((o) => o.type === 'place' && undeployed.has(o.unit as string));
    const end = orders.find((o) => o.type === 'end-phase' || o.type === 'deploy-done');
    const others = orders.filter((o) => o.type !== 'end-phase' && o.type !== 'deploy-done');
    const order: Order =
      place[0] ??
      (end && (others.length === 0 || random() < 0.3)
        ? end
        : others[Math.floor(random() * others.length)]);
    const r = BLOCK_RULES.applyOrder(
      ctx,
      state,
      seat,
      order,
      gameDice(SEED, state.diceDrawn, revisionOf(state)),
    );
    if (!r.ok) throw new Error(`listed order refused: ${JSON.stringify(order)}`);
    state = r.state;
    entries.push({ seq: n + 1, side: seat, order, events: r.events, stateHash: stateHash(state) });
  }
  return { ctx, state, entries };
}

describe('block system: the block game behind the engine contract', () => {
  it('B6.2: the registry gives a block battle scenario the block system; the envelope carries rules, turn, phase, result and dice', () => {
    expect(rulesFor(DEFAULT_RULES, doc)).toBe(BLOCK_RULES);
    expect(BLOCK_RULES.scenarios.check(doc, undefined)).toEqual([]);
    expect(BLOCK_RULES.scenarios.check({ ...doc, hexsides: [] }, undefined)).toEqual(
      expect.arrayContaining([expect.objectContaining({ document: 'scenario', path: 'hexsides' })]),
    );
    const ctx = BLOCK_RULES.prepare(doc, undefined);
    const state = BLOCK_RULES.newGame(ctx, {}, gameDice(SEED, 0, ENGINE_REVISION));
    expect(state).toMatchObject({
      rules: { system: 'block' },
      scenarioId: doc.id,
      turn: 1,
      phase: 'deploy',
      result: null,
      diceDrawn: state.battle.diceDrawn,
    });
    expect(() => BLOCK_RULES.prepare(doc, undefined, { counters: {} })).toThrow(
      /no supplied counters/,
    );
    expect(() =>
      BLOCK_RULES.newGame(
        ctx,
        { rules: { system: 'blue-grey' } },
        gameDice(SEED, 0, ENGINE_REVISION),
      ),
    ).toThrow(/block rules only/);
  });

  it('B7.32, notes §8.2: a hit allocation asked of its owner shows the candidates to that seat only', () => {
    // The first of a few seeded battles in which equal-CV blocks tie for a hit.
    const asked = (s: BlockGameState) => s.battle.pending?.kind === 'allocate-hit';
    let played = playUntil(asked);
    for (let seed = 1; seed <= 40 && !asked(played.state); seed++) played = playUntil(asked, seed);
    const { ctx, state } = played;
    const pending = state.battle.pending as {
      kind: string;
      side: 'union' | 'confederate';
      candidates: string[];
    };
    expect(pending.kind).toBe('allocate-hit');
    const owner = pending.side;
    const other = owner === 'union' ? 'confederate' : 'union';
    const own = BLOCK_RULES.mustAct(ctx, state, owner)!;
    expect(own.seats).toEqual([owner]);
    expect((own.decision as { candidates: string[] }).candidates).toEqual(pending.candidates);
    expect(pending.candidates.length).toBeGreaterThan(0);
    for (const reader of [other, null] as const) {
      expect(BLOCK_RULES.mustAct(ctx, state, reader)!.decision).toEqual({
        kind: 'allocate-hit',
        side: owner,
      });
      const seen = BLOCK_RULES.view(ctx, state, reader) as { battle: { pending: unknown } };
      expect(seen.battle.pending).toEqual({ kind: 'allocate-hit', side: owner });
      const shown = BLOCK_RULES.stateFor(ctx, state, reader, false);
      expect(shown.redacted).toBe(true);
      expect(JSON.stringify(shown.state)).not.toContain('"candidates"');
    }
  });

  it('B6.1: resigning ends the game and reveals every block, as the end of the battle does; then nothing more is accepted', () => {
    const { ctx, state } = playUntil((s) => s.phase === 'fire');
    const publicBefore = BLOCK_RULES.view(ctx, state, null) as {
      battle: { units: Array<{ hidden: boolean }> };
    };
    expect(publicBefore.battle.units.some((u) => u.hidden)).toBe(true);
    const r = BLOCK_RULES.applyOrder(
      ctx,
      state,
      'union',
      { type: 'resign' },
      gameDice(SEED, 0, ENGINE_REVISION),
    );
    if (!r.ok) throw new Error(r.refusal.message);
    expect(r.state).toMatchObject({
      phase: 'finished',
      result: { winner: 'confederate', reason: 'union resigned' },
    });
    expect(BLOCK_RULES.mustAct(ctx, r.state, null)).toBeNull();
    expect(BLOCK_RULES.legalOrders(ctx, r.state, 'union')).toEqual([]);
    const after = BLOCK_RULES.view(ctx, r.state, null) as typeof publicBefore;
    expect(after.battle.units.every((u) => !u.hidden)).toBe(true);
    expect(BLOCK_RULES.stateFor(ctx, r.state, null, true)).toEqual({
      state: r.state,
      redacted: false,
    });
    const late = BLOCK_RULES.applyOrder(
      ctx,
      r.state,
      'confederate',
      { type: 'end-phase' },
      gameDice(SEED, 0, ENGINE_REVISION),
    );
    expect(late).toMatchObject({ ok: false, refusal: { code: 'GAME_OVER' } });
  });

  it('B6.1: untrusted orders are refused, never thrown; a battle replays through the contract', () => {
    const { ctx, state, entries } = playUntil(() => false);
    expect(state.phase).toBe('finished');
    for (const bad of [null, 7, 'fire', { type: 'fire', unit: {} }, { type: 'resign', x: 1 }]) {
      const fresh = BLOCK_RULES.newGame(ctx, OPTIONS, gameDice(SEED, 0, ENGINE_REVISION));
      const seat = BLOCK_RULES.mustAct(ctx, fresh, null)!.seats[0];
      expect(
        BLOCK_RULES.applyOrder(ctx, fresh, seat, bad, gameDice(SEED, 0, ENGINE_REVISION)).ok,
      ).toBe(false);
    }
    const check = rerunReplayOf({ system: BLOCK_RULES, ctx }, OPTIONS, SEED, entries, stateHash);
    expect(check).toMatchObject({ ok: true, verified: entries.length });
  });
});

describe('takebacks in a block game (src/engine/flow.ts)', () => {
  it('are refused: the fog of war hides something from a reader in every position', () => {
    const ctx = BLOCK_RULES.prepare(doc, undefined);
    const start = BLOCK_RULES.newGame(ctx, OPTIONS, gameDice(SEED, 0, ENGINE_REVISION));
    const window = new TakebackWindow(0, start);
    const seat = BLOCK_RULES.mustAct(ctx, start, null)!.seats[0];
    const order = BLOCK_RULES.legalOrders(ctx, start, seat)[0];
    const r = BLOCK_RULES.applyOrder(
      ctx,
      start,
      seat,
      order,
      gameDice(SEED, start.diceDrawn, ENGINE_REVISION),
    );
    if (!r.ok) throw new Error(r.refusal.message);
    expect(r.state.diceDrawn).toBe(start.diceDrawn); // no die: only the hidden blocks refuse it
    window.push(1, seat, order, r.events, r.state);
    expect(takebackRefusal({ system: BLOCK_RULES, ctx }, window, 0)).toMatchObject({
      code: 'TAKEBACK_NOT_ALLOWED',
    });
  });
});
