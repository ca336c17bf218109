/**
 * Issue 13: what verification answers for replays of every kind — a game of
 * the current revision (keyed hashes, salted commitment), a game stored
 * before revisions and secrets existed (revision 1: re-run the way the
 * service played it, each state read back in the database's key order), a
 * replay of a newer engine revision, and a replay whose scenario data changed.
 */
import { databaseKeyOrder } from '../engine/canonical';
import { seededDice } from '../engine/dice';
import { applyOrder, legalOrders, prepareGame, whoMustAct, type GameContext } from '../engine/game';
import { initialState, type ReplayEntryInput } from '../engine/replay';
import { ENGINE_REVISION } from '../engine/revision';
import { BLUE_GREY_RULES } from '../engine/rules/hex-system';
import type { PreparedScenario } from '../engine/rules/system';
import type { GameState } from '../engine/state';
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
    const r = applyOrder(ctx, state, acting.side, order, seededDice(seed, state.diceDrawn));
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
