/**
 * The engine work that can take more than a few milliseconds of CPU, as plain
 * functions of plain data: they run in the worker threads of EnginePool
 * (engine-worker.ts), never on the event loop that answers requests. Inputs and
 * results cross the thread boundary by structured clone, so both are JSON-like.
 */
import { InvalidCountersError, NotYetSupportedError } from '../engine/errors';
import { renderMapSvg } from '../engine/map/svg';
import {
  DEFAULT_RULES,
  rulesFor,
  type PreparedScenario,
  type RulesRegistry,
} from '../engine/rules';
import type { DocumentError } from '../engine/scenario/validate';
import type { GameOptions } from '../engine/state';
import type { MapDocument, ScenarioDocument } from '../engine/types';
import {
  UnverifiableReplay,
  verifyReplay,
  type ReplayDocument,
  type ReplayVerification,
} from '../games/verify-replay';
import { ScenarioValidator } from '../scenarios/scenario-files';
import { scenarioDataHash } from '../games/state-hash';

export interface ScenarioDocs {
  scenario: ScenarioDocument;
  map?: MapDocument;
}

export type EngineTask =
  | { kind: 'verify-replay'; docs: ScenarioDocs; options?: GameOptions; replay: ReplayDocument }
  | { kind: 'render-svg'; docs: ScenarioDocs & { map: MapDocument } }
  | { kind: 'check-scenario'; scenario: unknown; map: unknown }
  | { kind: 'prepare-tables'; docs: ScenarioDocs };

/** A refusal the engine gave, for the calling thread to turn into its problem+json. */
export type TaskRefusal =
  | { refused: 'invalid-counters'; errors: DocumentError[] }
  | { refused: 'not-supported'; code: string; rule?: string; message: string }
  | { refused: 'not-playable'; message: string }
  | { refused: 'unverifiable'; code: string; message: string };

export type EngineResult =
  | { ok: true; value: ReplayVerification | string | DocumentError[] | PreparedTables }
  | ({ ok: false } & TaskRefusal);

/** What RulesSystem.prepareTables built (plain data), or null when the system has nothing costly to build. */
export type PreparedTables = { tables: unknown } | null;

const validators = new Map<RulesRegistry, ScenarioValidator>();

/**
 * Prepared scenarios played without supplied counters, by scenario id (ids
 * never change their documents), a few per thread: replays of the same battle
 * need not prepare it again. Counters-derived ones are never kept.
 */
const prepared = new Map<string, PreparedScenario>();
const MAX_PREPARED = 8;

function prepare(
  registry: RulesRegistry,
  docs: ScenarioDocs,
  options: GameOptions | undefined,
): PreparedScenario {
  const cacheable = options?.counters === undefined && registry === DEFAULT_RULES;
  const cached = cacheable ? prepared.get(docs.scenario.id) : undefined;
  if (cached) return cached;
  const system = rulesFor(registry, docs.scenario);
  const result = { system, ctx: system.prepare(docs.scenario, docs.map, options) };
  if (cacheable) {
    if (prepared.size >= MAX_PREPARED) prepared.delete(prepared.keys().next().value as string);
    prepared.set(docs.scenario.id, result);
  }
  return result;
}

/**
 * Runs one task under the rules systems of `registry` (the worker threads use
 * DEFAULT_RULES). Deterministic: the same task gives the same result on any thread.
 */
export function runEngineTask(
  task: EngineTask,
  registry: RulesRegistry = DEFAULT_RULES,
): EngineResult {
  switch (task.kind) {
    case 'check-scenario': {
      let validator = validators.get(registry);
      if (!validator)
        validators.set(registry, (validator = new ScenarioValidator(undefined, registry)));
      return { ok: true, value: validator.check(task.scenario, task.map) };
    }
    case 'prepare-tables': {
      // The costly, map-only part of preparing a context (RulesSystem.prepareTables); the
      // calling thread prepares the rest with it. Any failure is said as such: the caller
      // then prepares inline, which throws the very error it always did.
      try {
        const system = rulesFor(registry, task.docs.scenario);
        const value: PreparedTables = system.prepareTables
          ? { tables: system.prepareTables(task.docs.map) }
          : null;
        return { ok: true, value };
      } catch (e) {
        return { ok: false, refused: 'not-playable', message: (e as Error).message };
      }
    }
    case 'render-svg':
      return { ok: true, value: renderMapSvg(task.docs.map, { scenario: task.docs.scenario }) };
    case 'verify-replay': {
      let ready: PreparedScenario;
      try {
        ready = prepare(registry, task.docs, task.options);
      } catch (e) {
        if (e instanceof InvalidCountersError) {
          return { ok: false, refused: 'invalid-counters', errors: e.errors };
        }
        if (e instanceof NotYetSupportedError) {
          return {
            ok: false,
            refused: 'not-supported',
            code: e.code,
            rule: e.rule,
            message: e.message,
          };
        }
        return { ok: false, refused: 'not-playable', message: (e as Error).message };
      }
      try {
        // The documents' hash, as recorded at the game's creation: changed data is said as such.
        const dataHash = scenarioDataHash(task.docs.scenario, task.docs.map);
        return { ok: true, value: verifyReplay(ready, task.replay, dataHash) };
      } catch (e) {
        if (e instanceof UnverifiableReplay) {
          return { ok: false, refused: 'unverifiable', code: e.code, message: e.message };
        }
        throw e;
      }
    }
  }
}
