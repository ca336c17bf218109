import type { EntityManager } from 'typeorm';
import { Inject, Injectable } from '@nestjs/common';
import { InvalidCountersError, NotYetSupportedError } from '../engine/errors';
import {
  rulesFor,
  type PreparedScenario,
  type RulesRegistry,
  type RulesSystem,
  type ScenarioGap,
} from '../engine/rules';
import { counterBoundProblems, mapArea } from '../engine/scenario/bounds';
import type { DocumentError } from '../engine/scenario/validate';
import type { GameOptions } from '../engine/state';
import { ProblemException } from '../common/errors/problem';
import { byteBoundedCache } from '../common/byte-caches';
import { RULES_REGISTRY } from '../scenarios/rules-registry';
import { ScenariosService } from '../scenarios/scenarios.service';
import { EnginePool } from '../workers/engine-pool.service';
import type { PreparedTables, ScenarioDocs } from '../workers/engine-tasks';
import { unknownScenario } from './game-problems';
import { canonicalJson, scenarioDataHash, sha256Hex } from './state-hash';

/** A byte-bounded cache's fill: entries and estimated bytes held, and its bound. */
export interface CacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

/** Memory for prepared contexts of scenarios as published (shipped and custom), by scenario id. */
const SCENARIO_CONTEXT_BYTES = 256 * 1024 * 1024;
/**
 * Memory for contexts prepared with a game's supplied counters. Apart from the
 * scenarios' own, so that a client sending new counters with every request can
 * only churn this one (each preparation bounded by the scenario bounds), never
 * push out the contexts every other game needs, nor grow the heap.
 */
const COUNTERS_CONTEXT_BYTES = 64 * 1024 * 1024;

/**
 * Maps of at least this many hexes have their tables (RulesSystem.prepareTables:
 * a hex map's terrain tables and movement board) built on a worker thread; the
 * event loop only rebuilds the grid's lookups from them. Measured (one core,
 * median of 7): the 99×99 custom map (9,801 hexes) takes 57 ms of the event
 * loop prepared inline, 9 ms from worker-built tables; the shipped maps
 * (380–1,860 hexes) 1–12 ms inline, 0.3–1.6 ms from tables. They stay inline:
 * each is prepared once per process, and a pool round trip would put a new
 * game on them behind queued replay verifications (and its 503 ENGINE_BUSY).
 */
export const WORKER_TABLES_MIN_HEXES = 2000;

/** Memory for map tables by scenario id (shared with the contexts built on them). */
const TABLES_BYTES = 64 * 1024 * 1024;

/**
 * Estimated bytes of a prepared context: measured 0.9 KiB per hex on Shiloh and
 * 0.5 KiB on Antietam, documents included; 1 KiB per hex and 2 KiB per unit
 * err on the large side.
 */
function contextBytes(docs: { scenario: unknown; map?: { grid: unknown } }): number {
  return 1024 * mapArea(docs.map?.grid) + 2048 * unitCount(docs.scenario) + 64 * 1024;
}

/** Units a scenario prints (0 for a rules system whose scenarios list none at the top). */
export function unitCount(scenario: unknown): number {
  const units = (scenario as { units?: unknown }).units;
  return Array.isArray(units) ? units.length : 0;
}

/**
 * The engine's per-scenario context, built once per scenario by the rules
 * system the scenario names (RulesSystem.prepare: map tables, lookups) and
 * shared by every game of it. Scenario documents never
 * change under an id (custom uploads are immutable), so the caches need no
 * invalidation; they only forget the least recently used beyond their bytes.
 * The documents come from ScenariosService (shipped and custom), which loads
 * and caches them: one loader and one document cache for the whole app.
 *
 * A game whose options carry counters (the order of battle its players
 * supply, src/engine/scenario/counters.ts) is played on its scenario with
 * them merged in: its context is cached under the scenario id and a hash of
 * the counters, so every request of that game — and the verification of its
 * replay — prepares the very same scenario.
 */
@Injectable()
export class GameContexts {
  // Entries are stored with their estimated size (contextBytes): a pending preparation has none to measure.
  private readonly scenarioContexts = byteBoundedCache<Promise<PreparedScenario>>({
    maxBytes: SCENARIO_CONTEXT_BYTES,
  });
  private readonly countersContexts = byteBoundedCache<Promise<PreparedScenario>>({
    maxBytes: COUNTERS_CONTEXT_BYTES,
  });
  /**
   * Map tables by scenario id: a function of the map alone, so every
   * counters-derived context of a scenario is prepared on the same tables,
   * built once (their cost is not multiplied by the counters a client sends).
   */
  private readonly tables = byteBoundedCache<Promise<PreparedTables>>({
    maxBytes: TABLES_BYTES,
  });
  /** Scenario data hashes by scenario id (64 hex characters each). */
  private readonly hashes = byteBoundedCache<Promise<string>>({
    maxBytes: 1024 * 1024,
    bytesOf: () => 256,
  });

  constructor(
    private readonly scenarios: ScenariosService,
    @Inject(RULES_REGISTRY) private readonly rules: RulesRegistry,
    private readonly pool: EnginePool,
  ) {}

  /**
   * What each cache holds (entries, estimated bytes) against its byte bound: the
   * reliability tests read it to show that a client sending new counters with every
   * request only churns the counters cache (issue 16, row 2).
   */
  cacheStats(): Record<'scenarios' | 'counters' | 'tables', CacheStats> {
    const of = (c: { size: number; calculatedSize: number; maxSize: number }): CacheStats => ({
      entries: c.size,
      bytes: c.calculatedSize,
      maxBytes: c.maxSize,
    });
    return {
      scenarios: of(this.scenarioContexts),
      counters: of(this.countersContexts),
      tables: of(this.tables),
    };
  }

  /**
   * The context of scenario `id` for a game with `options`: 422
   * UNKNOWN_SCENARIO when there is no such scenario, 422 INVALID_COUNTERS
   * (every problem in `errors`) when options.counters cannot be merged into it.
   */
  async get(id: string, options?: GameOptions): Promise<PreparedScenario> {
    const counters = options?.counters;
    const cache = counters === undefined ? this.scenarioContexts : this.countersContexts;
    const pkg = await this.scenarios.find(id);
    if (!pkg) throw unknownScenario(id);
    if (counters !== undefined) {
      // Bounded before hashing or merging: a client must not make the service hash or prepare a huge order of battle.
      const over = counterBoundProblems(counters, unitCount(pkg.scenario));
      if (over.length > 0) throw invalidCounters(id, over);
    }
    const key = counters === undefined ? id : `${id}\u0000${sha256Hex(canonicalJson(counters))}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const loading = this.prepare(id, counters === undefined ? undefined : { counters });
    cache.set(key, loading, { size: contextBytes(pkg) });
    loading.catch(() => cache.delete(key));
    return loading;
  }

  /**
   * sha256 of scenario `id`'s documents (scenario and map, canonical JSON):
   * recorded with each game and carried by its replay, so verification can
   * tell "the scenario data changed" from a mismatch. The documents never
   * change under an id while the process runs, so it is computed once per id.
   */
  async dataHash(id: string): Promise<string> {
    const cached = this.hashes.get(id);
    if (cached) return cached;
    const hashing = this.scenarios.find(id).then((pkg) => {
      if (!pkg) throw unknownScenario(id);
      return scenarioDataHash(pkg.scenario, pkg.map);
    });
    this.hashes.set(id, hashing);
    hashing.catch(() => this.hashes.delete(id));
    return hashing;
  }

  /**
   * In a new game's transaction: keeps a custom scenario from being deleted until the
   * game is committed (DELETE /v1/scenarios/{id} then counts it); 422 UNKNOWN_SCENARIO
   * when it was deleted meanwhile.
   */
  async holdScenario(m: EntityManager, id: string): Promise<void> {
    if (!(await this.scenarios.holdForGame(m, id))) throw unknownScenario(id);
  }

  /** The scenario document of `id` as stored: 422 UNKNOWN_SCENARIO when there is none. */
  async document(id: string): Promise<{ rules: { system: string } }> {
    const pkg = await this.scenarios.find(id);
    if (!pkg) throw unknownScenario(id);
    return pkg.scenario as { rules: { system: string } };
  }

  /**
   * What the engine lacks to play `document` whole (its rules system's gaps, by
   * case); [] for a system the registry lacks (preparing it then refuses it).
   */
  gaps(document: { rules: { system: string } }): ScenarioGap[] {
    const system = this.rules.get(document.rules?.system);
    return system ? system.gaps(document) : [];
  }

  /** The map tables of scenario `id`, built once (see `tables`); rejected only with the pool's 503s. */
  private mapTables(
    id: string,
    pkg: { scenario: unknown; map?: { grid: unknown } },
    system: RulesSystem,
  ): Promise<PreparedTables> {
    const cached = this.tables.get(id);
    if (cached) return cached;
    const building = buildTables(this.pool, this.rules, system, pkg);
    this.tables.set(id, building, { size: 512 * mapArea(pkg.map?.grid) + 1024 });
    building.catch(() => this.tables.delete(id));
    return building;
  }

  private async prepare(id: string, options: GameOptions | undefined): Promise<PreparedScenario> {
    const pkg = await this.scenarios.find(id);
    if (!pkg) throw unknownScenario(id);
    try {
      const system = rulesFor(this.rules, pkg.scenario);
      // null: prepare builds everything itself (and throws whatever it always threw).
      const tables = system.prepareTables ? await this.mapTables(id, pkg, system) : null;
      return { system, ctx: system.prepare(pkg.scenario, pkg.map, options, tables?.tables) };
    } catch (e) {
      if (e instanceof ProblemException) throw e; // 503 ENGINE_BUSY / ENGINE_TIMEOUT from the pool
      if (e instanceof InvalidCountersError) throw invalidCounters(id, e.errors);
      if (e instanceof NotYetSupportedError)
        throw new ProblemException({
          status: 422,
          code: e.code,
          rule: e.rule,
          detail: `Scenario "${id}" cannot be played: ${e.message}`,
        });
      throw new ProblemException({
        status: 422,
        code: 'SCENARIO_NOT_PLAYABLE',
        detail: `Scenario "${id}" cannot be prepared for play: ${(e as Error).message}`,
      });
    }
  }
}

/** A system's map tables: on a worker thread for a large map, inline for a small one. */
async function buildTables(
  pool: EnginePool,
  registry: RulesRegistry,
  system: RulesSystem,
  docs: { scenario: unknown; map?: unknown },
): Promise<PreparedTables> {
  if (mapArea((docs.map as { grid?: unknown } | undefined)?.grid) < WORKER_TABLES_MIN_HEXES) {
    try {
      return { tables: system.prepareTables!(docs.map) };
    } catch {
      return null;
    }
  }
  const result = await pool.run({ kind: 'prepare-tables', docs: docs as ScenarioDocs }, registry);
  // A refusal (a map the tables cannot be built from): prepared inline, which gives its exact problem.
  return result.ok ? (result.value as PreparedTables) : null;
}

/**
 * 422 INVALID_COUNTERS: `errors` lists each problem as {property, messages}
 * like every validation problem, at its path in the request
 * (`options.counters.units[2].side`) or, for what the merged scenario breaks
 * elsewhere, in that scenario (`scenario.setup.areas`).
 */
export function invalidCounters(id: string, problems: DocumentError[]): ProblemException {
  const grouped = new Map<string, string[]>();
  for (const p of problems) {
    const property =
      p.document === 'counters'
        ? p.path === '(counters)'
          ? 'options.counters'
          : `options.counters.${p.path}`
        : `${p.document}.${p.path}`;
    grouped.set(property, [...(grouped.get(property) ?? []), p.message]);
  }
  const errors = [...grouped].map(([property, messages]) => ({ property, messages }));
  return new ProblemException({
    status: 422,
    code: 'INVALID_COUNTERS',
    title: 'Invalid counters',
    detail: `The counters supplied for "${id}" have ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${errors
      .slice(0, 3)
      .map((e) => `${e.property}: ${e.messages[0]}`)
      .join('; ')}${errors.length > 3 ? '; …' : ''}`,
    errors,
  });
}
