import {
  initialStateOf,
  rerunReplayOf,
  type ReplayEntryInput,
  type ReplayMismatch,
} from '../engine/replay';
import { ENGINE_REVISION, knownRevision } from '../engine/revision';
import type { PreparedScenario, SystemState } from '../engine/rules';
import type { GameOptions } from '../engine/state';
import { seedCommitment } from './seat-tokens';
import { hashSchemeOf, stateHasher, type HashScheme } from './state-hash';

/** A replay document as GET /v1/games/{id}/replay returns it. */
export interface ReplayDocument {
  id?: string;
  scenario: string;
  rulesVersion: string;
  /** The engine revision the game was played under; absent in replays of games from before it was recorded (1). */
  engineRevision?: number;
  /** sha256 of the scenario and map documents the game was created from (absent for older games). */
  scenarioHash?: string | null;
  /** How the commitment and the state hashes are made; absent in older replays (sha256). */
  hashScheme?: HashScheme;
  options?: GameOptions;
  seedCommitment?: string;
  seed?: string | null;
  /** The game's secret, revealed with the seed at the end (hmac-sha256 replays). */
  secret?: string | null;
  /**
   * A fork's origin (issue 18): the game and entry it started from and the hash
   * that game recorded for that position; `secret`, that game's secret, once it
   * is over (null: its hashes are plain sha256), to check the start against it.
   */
  forkedFrom?: { game?: string; seq?: number; stateHash?: string; secret?: string | null };
  /** A fork's start position (its entry 0), revealed once the fork is over: the re-run starts there. */
  startState?: unknown;
  entries: ReplayEntryInput[];
}

export interface ReplayVerification {
  /** True when the seed matches its commitment and every entry re-derives exactly. */
  ok: boolean;
  scenario: string;
  rulesVersion: string;
  /** The engine revision the replay was re-run under (its own). */
  engineRevision: number;
  /** Entries in the replay. */
  entries: number;
  /** Entries re-derived before the first mismatch (all when ok). */
  verified: number;
  /** Whether the seed (with the secret) matches the published commitment; null when the replay carries no commitment. */
  seedMatchesCommitment: boolean | null;
  /** The first entry whose events or state hash differ, or that the engine refuses. */
  firstMismatch: ReplayMismatch | null;
  /**
   * A fork's start position checked against the hash its origin game recorded
   * for it (with that game's revealed secret); null when the replay is not a
   * fork's or its origin game is not over (its secret unknown).
   */
  startMatchesOrigin?: boolean | null;
  /** Hash of the final re-derived state. */
  finalStateHash: string;
  /** A sentence summing up the outcome. */
  detail: string;
}

/** Why a replay cannot be verified at all (rather than failing verification). */
export class UnverifiableReplay extends Error {
  constructor(
    readonly code:
      | 'SEED_NOT_REVEALED'
      | 'RULES_VERSION_UNAVAILABLE'
      | 'ENGINE_REVISION_UNAVAILABLE'
      | 'SCENARIO_DATA_CHANGED'
      | 'FORK_START_NOT_REVEALED'
      | 'FORK_START_INVALID',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Re-runs a replay from its revealed seed and its orders under the scenario's
 * rules system and context and reports the first entry that does not re-derive. Shared
 * by POST /v1/replays/verify and `npm run verify`. `scenarioHash` is the hash
 * of the scenario documents this server has under the replay's scenario id.
 *
 * What cannot be re-run here is said as such (UnverifiableReplay), never as a
 * mismatch: a seed or secret not yet revealed, an engine revision newer than
 * this server's, scenario data that changed since the game was created, a
 * rules version this server lacks.
 */
export function verifyReplay(
  prepared: PreparedScenario,
  doc: ReplayDocument,
  scenarioHash: string | null = null,
): ReplayVerification {
  if (typeof doc.seed !== 'string' || doc.seed.length === 0) {
    throw new UnverifiableReplay(
      'SEED_NOT_REVEALED',
      'The replay carries no seed: the seed is revealed only once the game is over.',
    );
  }
  const revision = doc.engineRevision ?? 1;
  if (!knownRevision(revision)) {
    throw new UnverifiableReplay(
      'ENGINE_REVISION_UNAVAILABLE',
      `The replay was played under engine revision ${String(revision)}; this server runs revisions 1 to ${ENGINE_REVISION}. Verify it with a server of that revision or later.`,
    );
  }
  if (
    typeof doc.scenarioHash === 'string' &&
    scenarioHash !== null &&
    doc.scenarioHash.toLowerCase() !== scenarioHash
  ) {
    throw new UnverifiableReplay(
      'SCENARIO_DATA_CHANGED',
      `The scenario data of "${doc.scenario}" changed since the game was created (scenarioHash ${doc.scenarioHash}; this server has ${scenarioHash}): the game cannot be re-run on the same documents.`,
    );
  }
  const scheme: HashScheme = doc.hashScheme ?? hashSchemeOf(doc.secret);
  const secret = scheme === 'hmac-sha256' ? doc.secret : null;
  if (scheme === 'hmac-sha256' && (typeof secret !== 'string' || secret.length === 0)) {
    throw new UnverifiableReplay(
      'SEED_NOT_REVEALED',
      "The replay's hashes are keyed with the game's secret, which it does not carry: the secret is revealed with the seed once the game is over.",
    );
  }
  const hash = stateHasher(secret);
  const options = doc.options ?? {};
  // The rules version this server runs for the scenario: a game is re-run only under the version it was played with.
  let start: SystemState;
  const fork = doc.forkedFrom !== undefined || doc.startState !== undefined;
  try {
    start = fork ? forkStart(doc) : initialStateOf(prepared, options, doc.seed, revision);
  } catch (e) {
    if (e instanceof UnverifiableReplay) throw e;
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
      ? seedCommitment(doc.seed, secret) === doc.seedCommitment.toLowerCase()
      : null;
  // A fork starts from its stored position: a fork whose start a reader altered is refused, not a crash.
  let check: ReturnType<typeof rerunReplayOf>;
  try {
    check = rerunReplayOf(prepared, options, doc.seed, doc.entries, hash, start);
  } catch (e) {
    if (!fork) throw e;
    throw new UnverifiableReplay(
      'FORK_START_INVALID',
      `The fork's start position cannot be played on: ${(e as Error).message}`,
    );
  }
  const origin = doc.forkedFrom;
  const startMatchesOrigin =
    !fork || origin?.secret === undefined || typeof origin.stateHash !== 'string'
      ? null
      : stateHasher(origin.secret)(start) === origin.stateHash.toLowerCase();
  const ok = check.ok && seedMatchesCommitment !== false && startMatchesOrigin !== false;
  const detail = !check.ok
    ? `Entry ${check.mismatch!.seq} does not re-derive: ${check.mismatch!.detail}`
    : seedMatchesCommitment === false
      ? 'Every entry re-derives from the seed, but the seed does not match the published commitment.'
      : startMatchesOrigin === false
        ? `Every entry re-derives from the fork's start, but that start is not the position game ${String(origin?.game)} recorded after entry ${String(origin?.seq)}.`
        : fork
          ? `All ${check.verified} entries re-derive from the fork's start position, the seed and the orders.`
          : `All ${check.verified} entries re-derive from the seed and the orders.`;
  return {
    ok,
    scenario: doc.scenario,
    rulesVersion: doc.rulesVersion,
    engineRevision: revision,
    entries: doc.entries.length,
    verified: check.verified,
    seedMatchesCommitment,
    firstMismatch: check.mismatch,
    ...(fork ? { startMatchesOrigin } : {}),
    finalStateHash: hash(check.finalState),
    detail,
  };
}

/**
 * A fork's start position from its replay: revealed once the fork is over,
 * a state of the replay's scenario and rules version (the rest is checked by
 * re-running the entries on it, and against the origin's hash).
 */
function forkStart(doc: ReplayDocument): SystemState {
  const start = doc.startState as Partial<SystemState> | undefined;
  if (start === undefined || start === null)
    throw new UnverifiableReplay(
      'FORK_START_NOT_REVEALED',
      "The replay is a fork's and carries no start position: it is revealed with the seed once the fork is over.",
    );
  if (
    typeof start !== 'object' ||
    typeof start.rules?.version !== 'string' ||
    start.scenarioId !== doc.scenario ||
    typeof start.diceDrawn !== 'number'
  )
    throw new UnverifiableReplay(
      'FORK_START_INVALID',
      `The fork's start position is not a state of scenario "${doc.scenario}".`,
    );
  return start as SystemState;
}
