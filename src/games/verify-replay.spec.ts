/**
 * Issue 13: what verification answers for replays of every kind — a game of
 * the current revision (keyed hashes, salted commitment), a game stored
 * before revisions and secrets existed (revision 1: re-run the way the
 * service played it, each state read back in the database's key order), a
 * replay of a newer engine revision, and a replay whose scenario data changed.
 */
import { databaseKeyOrder } from '../engine/canonical';
import { gameDice } from '../engine/dice';
import { applyOrder, legalOrders, prepareGame, whoMustAct, type GameContext } from '../engine/game';
import { initialState, type ReplayEntryInput } from '../engine/replay';
import { ENGINE_REVISION, revisionOf } from '../engine/revision';
import { BLUE_GREY_RULES } from '../engine/rules/hex-system';
import type { PreparedScenario } from '../engine/rules/system';
import type { GameState } from '../engine/state';
import { combatOf } from '../engine/rules/blue-grey/combat';
import { testMapDoc, testScenario } from '../engine/rules/blue-grey/combat.fixtures';
import type { Order } from '../engine/state';
import type { GameEvent } from '../engine/types';
import { loadScenario } from '../../test/unit/scenarios/support';
import { newGameSecret, seedCommitment } from './seat-tokens';
import { scenarioDataHash, stateHash, stateHasher } from './state-hash';
import { UnverifiableReplay, verifyReplay, type ReplayDocument } from './verify-replay';

const shiloh = loadScenario('shiloh');
const ctx: GameContext = prepareGame(shiloh.scenario, shiloh.map);
const dataHash = scenarioDataHash(shiloh.scenario, shiloh.map);
const prepared = { system: BLUE_GREY_RULES, ctx } as unknown as PreparedScenario;

/**
 * A game played as the service plays it: every state the next order is given
 * has come back from the database (jsonb key order). `revision` 1 is a game
 * from before revisions were recorded: plain sha256 hashes and commitment.
 */
function playedGame(seed: string, revision: number, secret: string | null, orders = 120) {
  const hash = stateHasher(secret);
  let state: GameState = databaseKeyOrder(initialState(ctx, {}, seed, revision));
  const entries: ReplayEntryInput[] = [];
  let k = 17;
  for (let seq = 1; seq <= orders; seq++) {
    const acting = whoMustAct(ctx, state);
    if (!acting) break;
    const listed = legalOrders(ctx, state, acting.side).filter((o) => o.type !== 'resign');
    k = (k * 1103515245 + 12345) % 2147483648;
    const order = listed[k % listed.length];
    const r = applyOrder(
      ctx,
      state,
      acting.side,
      order,
      gameDice(seed, state.diceDrawn, revisionOf(state)),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.refusal));
    entries.push({ seq, side: acting.side, order, events: r.events, stateHash: hash(r.state) });
    state = databaseKeyOrder(r.state);
  }
  return { entries, state };
}

describe('issue 13: replay verification across revisions, secrets and scenario data', () => {
  it('a game of the current revision verifies with its revealed seed and secret (keyed hashes, salted commitment)', () => {
    const secret = newGameSecret();
    const { entries, state } = playedGame('current-revision', ENGINE_REVISION, secret);
    expect(state.rules.revision).toBe(ENGINE_REVISION);
    const doc: ReplayDocument = {
      scenario: 'shiloh',
      rulesVersion: state.rules.version,
      engineRevision: ENGINE_REVISION,
      scenarioHash: dataHash,
      hashScheme: 'hmac-sha256',
      seedCommitment: seedCommitment('current-revision', secret),
      seed: 'current-revision',
      secret,
      entries,
    };
    const result = verifyReplay(prepared, doc, dataHash);
    expect(result).toMatchObject({
      ok: true,
      seedMatchesCommitment: true,
      engineRevision: ENGINE_REVISION,
    });
    expect(result.verified).toBe(entries.length);
    // The keyed hashes are not the plain ones: without the secret nothing can be checked.
    expect(entries[0].stateHash).not.toBe(stateHash(initialState(ctx, {}, 'x')));
    expect(() => verifyReplay(prepared, { ...doc, secret: null }, dataHash)).toThrow(
      expect.objectContaining({ code: 'SEED_NOT_REVEALED' }),
    );
  });

  it('a game stored before this fix (revision 1: no revision, sha256 hashes and commitment) verifies as the service played it', () => {
    const { entries, state } = playedGame('legacy-game', 1, null);
    expect(state.rules.revision).toBeUndefined();
    const doc: ReplayDocument = {
      scenario: 'shiloh',
      rulesVersion: state.rules.version,
      seedCommitment: seedCommitment('legacy-game'),
      seed: 'legacy-game',
      entries,
    };
    const result = verifyReplay(prepared, doc, dataHash);
    expect(result).toMatchObject({ ok: true, seedMatchesCommitment: true, engineRevision: 1 });
    expect(result.verified).toBe(entries.length);
  });

  it('a replay of a newer engine revision is refused as such (ENGINE_REVISION_UNAVAILABLE), not reported as a mismatch', () => {
    const doc: ReplayDocument = {
      scenario: 'shiloh',
      rulesVersion: '2e',
      engineRevision: ENGINE_REVISION + 1,
      seed: 's',
      entries: [],
    };
    let error: unknown;
    try {
      verifyReplay(prepared, doc, dataHash);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnverifiableReplay);
    expect(error).toMatchObject({ code: 'ENGINE_REVISION_UNAVAILABLE' });
    expect((error as Error).message).toMatch(`engine revision ${ENGINE_REVISION + 1}`);
  });

  it('a replay whose scenario data changed since the game was created says so (SCENARIO_DATA_CHANGED)', () => {
    const doc: ReplayDocument = {
      scenario: 'shiloh',
      rulesVersion: '2e',
      engineRevision: ENGINE_REVISION,
      scenarioHash: 'f'.repeat(64),
      seed: 's',
      entries: [],
    };
    expect(() => verifyReplay(prepared, doc, dataHash)).toThrow(
      expect.objectContaining({ code: 'SCENARIO_DATA_CHANGED' }),
    );
  });
});

/**
 * Issue 21's rules fixes behind revision guards: a revision-1 game whose log hits 8.74 (a unit
 * retreated into an empty hex, listed as retreated) and 12.41b with 12.17 (a Rally marker on a
 * Disordered unit in a town, cancelled without a roll) still verifies. On the test sheet u1 (12)
 * attacks c1 (4) at 3:1; lakes in 0505 and 0605 and u1's Zone of Control leave c1 one way out,
 * the empty town 0604. A seed is taken whose dice give a retreat there and Disorder (12.12).
 */
describe('issue 21 fixes under revision 1: a game created before them still verifies', () => {
  const lake = { terrain: 'lake' as const };
  const sheet = prepareGame(
    testScenario([
      { id: 'u1', side: 'union', hex: '0404', strength: 12 },
      { id: 'c1', side: 'confederate', hex: '0504', strength: 4 },
    ]),
    testMapDoc({ '0505': lake, '0605': lake, '0604': { terrain: 'town' } }),
  );
  const onSheet = { system: BLUE_GREY_RULES, ctx: sheet } as unknown as PreparedScenario;

  /** The game as the service played it under `revision`, or null when the seed's dice give no Disordered retreat into 0604. */
  function townRally(seed: string, revision: number, secret: string | null = null) {
    const hash = stateHasher(secret);
    let state: GameState = databaseKeyOrder(initialState(sheet, {}, seed, revision));
    const entries: ReplayEntryInput[] = [];
    const give = (order: Order) => {
      const side = whoMustAct(sheet, state)!.side;
      const r = applyOrder(
        sheet,
        state,
        side,
        order,
        gameDice(seed, state.diceDrawn, revisionOf(state)),
      );
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      entries.push({
        seq: entries.length + 1,
        side,
        order,
        events: r.events,
        stateHash: hash(r.state),
      });
      state = databaseKeyOrder(r.state);
      return r.events;
    };
    give({ type: 'end-phase' });
    give({ type: 'attack', attackers: ['u1'], defenders: ['0504'] });
    while (state.pending) {
      const listed = legalOrders(sheet, state, state.pending.side as 'union' | 'confederate');
      give(listed.find((o) => o.type === 'decline-advance') ?? listed[0]);
    }
    const c1 = state.units.c1;
    if (c1.hex !== '0604' || c1.morale !== 'disordered') return null;
    const retreatedInto = [...combatOf(state).retreatedInto];
    give({ type: 'end-phase' });
    expect(legalOrders(sheet, state, 'confederate')).toContainEqual({
      type: 'rally-marker',
      unit: 'c1',
    });
    give({ type: 'rally-marker', unit: 'c1' });
    const rally: GameEvent[] = give({ type: 'end-phase' });
    return { entries, state, retreatedInto, rally };
  }

  const seed = Array.from({ length: 200 }, (_, k) => `town-rally-${k}`).find(
    (s) => townRally(s, 1) !== null,
  )!;

  it('8.74, 12.41b, 12.17 (revision 1): a log with a retreat into an empty hex and a Rally marker in a town verifies', () => {
    expect(seed).toBeDefined();
    const game = townRally(seed, 1)!;
    expect(game.state.rules.revision).toBeUndefined();
    // Revision 1 as played before the fixes: c1 listed as retreated though its hex was empty (8.74), and its
    // Rally cancelled without a roll in the town (12.17 read as cancelling 12.41b's die).
    expect(game.retreatedInto).toEqual(['c1']);
    expect(game.rally).toContainEqual(
      expect.objectContaining({ type: 'rally-cancelled', unit: 'c1', rule: '12.41b, A3' }),
    );
    expect(game.rally.some((e) => e.type === 'die-rolled' && e.purpose === 'rally')).toBe(false);
    const doc: ReplayDocument = {
      scenario: 'combat-test',
      rulesVersion: game.state.rules.version,
      seedCommitment: seedCommitment(seed),
      seed,
      entries: game.entries,
    };
    const result = verifyReplay(onSheet, doc);
    expect(result).toMatchObject({ ok: true, seedMatchesCommitment: true, engineRevision: 1 });
    expect(result.verified).toBe(game.entries.length);
  });

  it('8.74, 12.41b, 12.17 (revision 2): the same orders in a game created after the fixes play them, and that log verifies too', () => {
    // Revision 2 was introduced after the fixes had landed: its games were played with them.
    const secret = newGameSecret();
    const game = townRally(seed, 2, secret)!;
    expect(game.state.rules.revision).toBe(2);
    expect(game.retreatedInto).toEqual([]);
    expect(game.rally).toContainEqual(
      expect.objectContaining({ type: 'die-rolled', purpose: 'rally', unit: 'c1' }),
    );
    expect(game.rally.some((e) => e.type === 'rally-cancelled')).toBe(false);
    const doc: ReplayDocument = {
      scenario: 'combat-test',
      rulesVersion: game.state.rules.version,
      engineRevision: 2,
      hashScheme: 'hmac-sha256',
      seedCommitment: seedCommitment(seed, secret),
      seed,
      secret,
      entries: game.entries,
    };
    const result = verifyReplay(onSheet, doc);
    expect(result).toMatchObject({ ok: true, seedMatchesCommitment: true, engineRevision: 2 });
    expect(result.verified).toBe(game.entries.length);
  });
});
