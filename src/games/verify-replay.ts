import {
  initialStateOf,
  rerunReplayOf,
  type ReplayEntryInput,
  type ReplayMismatch,
} from '../engine/replay';
import type { PreparedScenario, SystemState } from '../engine/rules';
import type { GameOptions } from '../engine/state';
import { seedCommitment } from './seat-tokens';
import { stateHash } from './state-hash';

/** A replay document as GET /v1/games/{id}/replay returns it. */
export interface ReplayDocument {
  id?: string;
  scenario: string;
  rulesVersion: string;
  options?: GameOptions;
  seedCommitment?: string;
  seed?: string | null;
  entries: ReplayEntryInput[];
}

export interface ReplayVerification {
  /** True when the seed matches its commitment and every entry re-derives exactly. */
  ok: boolean;
  scenario: string;
  rulesVersion: string;
  /** Entries in the replay. */
  entries: number;
  /** Entries re-derived before the first mismatch (all when ok). */
  verified: number;
  /** Whether sha256(seed) equals the published commitment; null when the replay carries no commitment. */
  seedMatchesCommitment: boolean | null;
  /** The first entry whose events or state hash differ, or that the engine refuses. */
  firstMismatch: ReplayMismatch | null;
  /** Hash of the final re-derived state. */
  finalStateHash: string;
  /** A sentence summing up the outcome. */
  detail: string;
}

/** Why a replay cannot be verified at all (rather than failing verification). */
export class UnverifiableReplay extends Error {
  constructor(
    readonly code: 'SEED_NOT_REVEALED' | 'RULES_VERSION_UNAVAILABLE',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Re-runs a replay from its revealed seed and its orders under the scenario's
 * rules system and context and reports the first entry that does not
 * re-derive. Shared by POST /v1/replays/verify and `npm run verify`.
 */
export function verifyReplay(prepared: PreparedScenario, doc: ReplayDocument): ReplayVerification {
  if (typeof doc.seed !== 'string' || doc.seed.length === 0) {
    throw new UnverifiableReplay(
      'SEED_NOT_REVEALED',
      'The replay carries no seed: the seed is revealed only once the game is over.',
    );
  }
  const options = doc.options ?? {};
  // The rules version this server runs for the scenario: a game is re-run only under the version it was played with.
  let start: SystemState;
  try {
    start = initialStateOf(prepared, options, doc.seed);
  } catch (e) {
    // Options naming a rules system or version the engine lacks (NOT_YET_SUPPORTED): nothing to re-run.
    throw new UnverifiableReplay(
      'RULES_VERSION_UNAVAILABLE',
      `The replay's game cannot be set up on this server: ${(e as Error).message}`,
    );
  }
  const runs = start.rules.version;
  if (runs !== doc.rulesVersion) {
    throw new UnverifiableReplay(
      'RULES_VERSION_UNAVAILABLE',
      `The replay was played under rules version "${doc.rulesVersion}"; this server runs "${runs}" for scenario "${doc.scenario}".`,
    );
  }
  const seedMatchesCommitment =
    typeof doc.seedCommitment === 'string'
      ? seedCommitment(doc.seed) === doc.seedCommitment.toLowerCase()
      : null;
  const check = rerunReplayOf(prepared, options, doc.seed, doc.entries, stateHash, start);
  const ok = check.ok && seedMatchesCommitment !== false;
  const detail = !check.ok
    ? `Entry ${check.mismatch!.seq} does not re-derive: ${check.mismatch!.detail}`
    : seedMatchesCommitment === false
      ? 'Every entry re-derives from the seed, but the seed does not match the published commitment.'
      : `All ${check.verified} entries re-derive from the seed and the orders.`;
  return {
    ok,
    scenario: doc.scenario,
    rulesVersion: doc.rulesVersion,
    entries: doc.entries.length,
    verified: check.verified,
    seedMatchesCommitment,
    firstMismatch: check.mismatch,
    finalStateHash: stateHash(check.finalState),
    detail,
  };
}
