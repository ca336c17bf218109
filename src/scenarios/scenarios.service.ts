import { Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ProblemException } from '../common/errors/problem';
import { byteBoundedCache, stringBytes } from '../common/byte-caches';
import type {
  HexId,
  HexSpec,
  HexsideFeature,
  MapDocument,
  RouteType,
  ScenarioDocument,
} from '../engine/types';
import type { DocumentError } from '../engine/scenario/validate';
import { DEFAULT_RULES, type RulesRegistry } from '../engine/rules';
import { scenarioBoundProblems } from '../engine/scenario/bounds';
import { EnginePool } from '../workers/engine-pool.service';
import { TerrainMap } from '../engine/map/terrain-map';
import { CustomScenario } from './entities/custom-scenario.entity';
import { RULES_REGISTRY } from './rules-registry';
import { readSampleCounters } from './sample-counters';
import {
  documentSystem,
  formatFileError,
  loadScenarios,
  ScenarioValidator,
} from './scenario-files';
import {
  ScenarioDetail,
  ScenarioDocuments,
  ScenarioOrigin,
  ScenarioSummary,
  toDetail,
  summaryOf,
  toSummary,
} from './scenario.dto';

/** Memory for custom scenario documents (as their JSON size), and for map drawings. */
const CUSTOM_CACHE_BYTES = 64 * 1024 * 1024;
const SVG_CACHE_BYTES = 64 * 1024 * 1024;

/** jsonb columns arrive parsed from pg, as text from some drivers: accept both. */
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * The scenarios a game can be played on: the shipped ones under scenarios/
 * (read and validated once, at start-up) and the custom ones uploaded
 * through POST /v1/scenarios (validated exactly like the shipped ones and
 * stored in custom_scenarios). Documents never change once loaded, so they
 * are cached in memory (the custom ones, like the SVG drawings, up to
 * CUSTOM_CACHE_BYTES / SVG_CACHE_BYTES of the recently used).
 */
@Injectable()
export class ScenariosService implements OnModuleInit {
  private readonly logger = new Logger(ScenariosService.name);
  private readonly validator: ScenarioValidator;
  private shippedCache: Map<string, ScenarioDocuments> | undefined;
  // Custom uploads grow in the database; memory keeps the recently used ones, up to a number of bytes.
  private readonly customCache = byteBoundedCache<ScenarioDocuments>({
    maxBytes: CUSTOM_CACHE_BYTES,
    // A parsed document takes about twice its JSON text (measured on the shipped scenarios).
    bytesOf: (docs) => 2 * stringBytes(JSON.stringify(docs)),
  });
  // Queryable maps for GET …/hexes/{hex}, sized like the parsed documents they come from.
  private readonly terrainMaps = byteBoundedCache<TerrainMap>({
    maxBytes: CUSTOM_CACHE_BYTES,
    bytesOf: (map) => 4 * stringBytes(JSON.stringify(map.doc)),
  });
  private readonly svgCache = byteBoundedCache<string>({
    maxBytes: SVG_CACHE_BYTES,
    bytesOf: stringBytes,
  });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly pool: EnginePool,
    @Optional() @Inject(RULES_REGISTRY) private readonly rules: RulesRegistry = DEFAULT_RULES,
  ) {
    // One validator for every rules system's documents, each by the system its scenario names.
    this.validator = new ScenarioValidator(undefined, rules);
  }

  /**
   * Reads and validates the shipped scenarios before the service listens: done
   * lazily, the first request needing them held the event loop for seconds.
   */
  onModuleInit(): void {
    this.shipped();
  }

  /** The published JSON Schemas of the two documents. */
  schemas(): { scenario: object; map: object } {
    return this.validator.schemas;
  }

  /** Shipped scenarios, by id. Invalid ones are left out and logged (CI's scenarios:check fails on them). */
  private shipped(): Map<string, ScenarioDocuments> {
    if (!this.shippedCache) {
      const { packages, errors } = loadScenarios(undefined, this.validator);
      for (const e of errors) this.logger.error(`invalid shipped scenario: ${formatFileError(e)}`);
      this.shippedCache = new Map(
        packages.map((p) => [p.id, Object.freeze({ scenario: p.scenario, map: p.map })]),
      );
    }
    return this.shippedCache;
  }

  /** Summaries of every scenario: shipped first (by id), then custom ones in upload order. */
  async list(): Promise<ScenarioSummary[]> {
    const shipped = [...this.shipped().values()]
      .map((d) => toSummary(this.rules, d, 'shipped'))
      .sort((a, b) => a.id.localeCompare(b.id));
    // The scenario document and the map's provenance only: maps are the bulk of a package.
    const rows: Array<{ scenario: unknown; provenance: MapDocument['provenance'] }> =
      await this.dataSource.query(
        `SELECT document->'scenario' AS scenario, document->'map'->>'provenance' AS provenance
           FROM custom_scenarios
          ORDER BY created_at, id`,
      );
    const custom = rows.map((r) =>
      summaryOf(
        this.rules,
        json<ScenarioDocument>(r.scenario),
        r.provenance ?? undefined,
        'custom',
      ),
    );
    return [...shipped, ...custom];
  }

  /**
   * The scenario and map documents of `id`, or null if there is none. This is
   * what games are prepared from (prepareGame in src/engine/game.ts).
   */
  async find(id: string): Promise<(ScenarioDocuments & { origin: ScenarioOrigin }) | null> {
    const shipped = this.shipped().get(id);
    if (shipped) return { ...shipped, origin: 'shipped' };
    const cached = this.customCache.get(id);
    if (cached) return { ...cached, origin: 'custom' };
    const row = await this.dataSource.getRepository(CustomScenario).findOne({ where: { id } });
    if (!row) return null;
    const docs = Object.freeze(row.document as ScenarioDocuments);
    this.customCache.set(id, docs);
    return { ...docs, origin: 'custom' };
  }

  /** Like find, but 404 SCENARIO_NOT_FOUND when there is none. */
  async get(id: string): Promise<ScenarioDocuments & { origin: ScenarioOrigin }> {
    const found = await this.find(id);
    if (!found) throw notFound(id);
    return found;
  }

  async detail(id: string): Promise<ScenarioDetail> {
    const found = await this.get(id);
    return toDetail(this.rules, found, found.origin);
  }

  /**
   * The sample (test) counters of shipped scenario `id`, as stored: 404
   * SCENARIO_NOT_FOUND when there is no such scenario, 404 NO_SAMPLE_COUNTERS when
   * it has none (its order of battle is printed, or nobody wrote test units for it).
   */
  async sampleCounters(id: string): Promise<Record<string, unknown>> {
    const found = await this.get(id);
    const sample = found.origin === 'shipped' ? readSampleCounters(id) : null;
    if (!sample) {
      throw new ProblemException({
        status: 404,
        code: 'NO_SAMPLE_COUNTERS',
        title: 'No sample counters',
        detail: found.scenario.counters
          ? `Scenario "${id}" has no sample counters: supply its units in options.counters (see its "counters").`
          : `Scenario "${id}" takes no counters: its order of battle is printed.`,
      });
    }
    return sample;
  }

  /**
   * One hex of scenario `id`'s map as the rules read it: its terrain, the routes through
   * it, and each on-map neighbour with the features of the hexside between them and the
   * routes that cross it. 404 MAP_NOT_FOUND for a scenario without a map, 404
   * HEX_NOT_FOUND for a label not on it.
   */
  async hex(id: string, hex: string): Promise<HexDetail> {
    const map = await this.terrainMap(id);
    if (!map.has(hex))
      throw new ProblemException({
        status: 404,
        code: 'HEX_NOT_FOUND',
        detail: `There is no hex "${hex}" on the map of "${id}" (hexes are labelled as printed, e.g. "0416").`,
      });
    return {
      hex,
      ...map.hex(hex),
      routes: [...map.routesIn(hex)],
      neighbours: map.grid.neighbours(hex).map((n: HexId) => ({
        hex: n,
        hexside: [...map.hexside(hex, n)],
        routes: [...map.routesBetween(hex, n)],
      })),
    };
  }

  /** The queryable map of scenario `id` (built once per scenario, kept like the drawings). */
  private async terrainMap(id: string): Promise<TerrainMap> {
    const cached = this.terrainMaps.get(id);
    if (cached) return cached;
    const { scenario, map } = await this.get(id);
    if (!map)
      throw new ProblemException({
        status: 404,
        code: 'MAP_NOT_FOUND',
        detail: `Scenario "${id}" has no map document: its rules system (${scenario.rules.system}) plays it without one.`,
      });
    const built = new TerrainMap(map);
    this.terrainMaps.set(id, built);
    return built;
  }

  /** The map of scenario `id` drawn as SVG with its set-up. */
  async mapSvg(id: string): Promise<string> {
    const cached = this.svgCache.get(id);
    if (cached) return cached;
    const { scenario, map } = await this.get(id);
    if (!map) {
      // A system whose maps are its own data (a block campaign's mapboard) draws it itself.
      const own = documentSystem(this.rules, scenario).scenarioMapSvg?.(scenario);
      if (own !== undefined) {
        this.svgCache.set(id, own);
        return own;
      }
      throw new ProblemException({
        status: 404,
        code: 'MAP_NOT_FOUND',
        detail: `Scenario "${id}" has no map document: its rules system (${scenario.rules.system}) plays it without one.`,
      });
    }
    // Drawing a large map takes a while: on the engine worker pool, off the event loop.
    const result = await this.pool.run({ kind: 'render-svg', docs: { scenario, map } }, this.rules);
    if (!result.ok) throw new Error(`render-svg refused: ${result.refused}`);
    const svg = result.value as string;
    this.svgCache.set(id, svg);
    return svg;
  }

  /**
   * Stores a custom scenario after validating it exactly as `npm run
   * scenarios:check` validates the shipped ones. 422 INVALID_SCENARIO lists
   * every problem; 409 SCENARIO_EXISTS when the id is taken.
   */
  async create(body: unknown): Promise<ScenarioDetail> {
    const errors = await this.check(body);
    if (errors.length > 0) {
      throw new ProblemException({
        status: 422,
        code: 'INVALID_SCENARIO',
        title: 'Invalid scenario',
        detail: `The scenario has ${errors.length} problem${errors.length === 1 ? '' : 's'}: ${errors
          .slice(0, 3)
          .map((e) => `${e.property}: ${e.messages[0]}`)
          .join('; ')}${errors.length > 3 ? '; …' : ''}`,
        errors,
      });
    }
    const docs = body as ScenarioDocuments;
    const id = docs.scenario.id;
    if (this.shipped().has(id)) {
      throw exists(
        id,
        `"${id}" is the id of a shipped scenario; give the custom scenario another id`,
      );
    }
    const stored: ScenarioDocuments = {
      scenario: docs.scenario,
      ...(docs.map !== undefined ? { map: docs.map } : {}),
    };
    const taken = () =>
      exists(id, `a custom scenario with id "${id}" already exists; give this one another id`);
    if (await this.find(id)) throw taken();
    try {
      await this.dataSource.getRepository(CustomScenario).insert({ id, document: stored });
    } catch (e) {
      // Two uploads racing for one id: the primary key decides.
      if (isUniqueViolation(e)) throw taken();
      throw e;
    }
    this.customCache.set(id, Object.freeze(stored));
    return toDetail(this.rules, stored, 'custom');
  }

  /**
   * Every problem of a POST body, as [{property, messages}] (property prefixed by
   * scenario. or map.). The bounds, schemas and meaning of a body of up to 5 MB are
   * checked on the engine worker pool.
   */
  private async check(body: unknown): Promise<Array<{ property: string; messages: string[] }>> {
    const problems: DocumentError[] = [];
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return [{ property: '(body)', messages: ['must be an object {scenario, map}'] }];
    }
    const b = body as Record<string, unknown>;
    const shape: Array<{ property: string; messages: string[] }> = [];
    // A rules system whose scenarios have no map (a block battle) takes {scenario} alone.
    const withMap = this.validator.hasMap(b.scenario);
    const fields = withMap ? ['scenario', 'map'] : ['scenario'];
    for (const key of Object.keys(b)) {
      if (!fields.includes(key)) {
        shape.push({
          property: key,
          messages: [`is not a known field here (send {${fields.join(', ')}})`],
        });
      }
    }
    for (const key of fields) {
      if (!b[key] || typeof b[key] !== 'object' || Array.isArray(b[key])) {
        shape.push({
          property: key,
          messages: [b[key] === undefined ? 'is required' : 'must be an object'],
        });
      }
    }
    if (shape.length > 0) return shape;
    // The bounds on this thread, in milliseconds: a body over one never waits for a worker.
    const over = scenarioBoundProblems(b.scenario, b.map);
    const checked = over.length
      ? { ok: true as const, value: over }
      : await this.pool.run(
          { kind: 'check-scenario', scenario: b.scenario, map: b.map },
          this.rules,
        );
    if (!checked.ok) throw new Error(`check-scenario refused: ${checked.refused}`);
    for (const p of checked.value as DocumentError[]) problems.push(p);
    const grouped = new Map<string, string[]>();
    for (const p of problems) {
      const property = `${p.document}.${p.path}`;
      grouped.set(property, [...(grouped.get(property) ?? []), p.message]);
    }
    return [...grouped].map(([property, messages]) => ({ property, messages }));
  }
}

function notFound(id: string): ProblemException {
  return new ProblemException({
    status: 404,
    code: 'SCENARIO_NOT_FOUND',
    detail: `There is no scenario "${id}". GET /v1/scenarios lists them.`,
  });
}

function exists(id: string, detail: string): ProblemException {
  return new ProblemException({ status: 409, code: 'SCENARIO_EXISTS', detail, extensions: { id } });
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: unknown; driverError?: { code?: unknown } };
  return err?.code === '23505' || err?.driverError?.code === '23505';
}

/** GET /v1/scenarios/{id}/hexes/{hex}: a hex, its terrain and its neighbours across each hexside. */
export interface HexDetail extends HexSpec {
  hex: HexId;
  /** Route types passing through the hex (road, trail, railroad…). */
  routes: RouteType[];
  neighbours: Array<{
    hex: HexId;
    /** Features of the hexside between the two hexes (creek, bridge, ford, slope…). */
    hexside: HexsideFeature[];
    /** Route types joining the two hexes through that hexside. */
    routes: RouteType[];
  }>;
}
