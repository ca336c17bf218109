import { Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
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
import type { ScenarioOwner, Uploader } from './scenario-uploader';
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

/** GET /v1/scenarios?limit: the default and the largest page. */
export const SCENARIO_PAGE = { default: 50, max: 100 } as const;

/** A page of GET /v1/scenarios (and the GraphQL scenarios query's items). */
export interface ScenarioPage {
  items: ScenarioSummary[];
  /** Every scenario the filter matches. */
  total: number;
  limit: number;
  offset: number;
}

/** A custom scenario as the cache keeps it: the documents and who owns them. */
interface CustomEntry {
  docs: ScenarioDocuments;
  owner: ScenarioOwner;
}

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
  private readonly customCache = byteBoundedCache<CustomEntry>({
    maxBytes: CUSTOM_CACHE_BYTES,
    // A parsed document takes about twice its JSON text (measured on the shipped scenarios).
    bytesOf: (entry) => 2 * stringBytes(JSON.stringify(entry.docs)),
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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

  /** Summaries of the shipped scenarios, by id. */
  shippedSummaries(): ScenarioSummary[] {
    return [...this.shipped().values()]
      .map((d) => toSummary(this.rules, d, 'shipped'))
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  /**
   * A page of scenario summaries: shipped first (by id), then custom ones in upload
   * order. `owner` keeps only the custom scenarios of that uploader (owner=mine).
   */
  async list(page: { limit: number; offset: number; owner?: Uploader }): Promise<ScenarioPage> {
    const { limit, offset, owner } = page;
    const shipped = owner ? [] : this.shippedSummaries();
    const filter = owner
      ? owner.kind === 'player'
        ? { sql: 'AND c.owner_player_id = $1', params: [owner.id] }
        : { sql: 'AND c.owner_player_id IS NULL', params: [] }
      : { sql: '', params: [] };
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM custom_scenarios c WHERE c.deleted_at IS NULL ${filter.sql}`,
      filter.params,
    )) as Array<{ count: number }>;
    const items = shipped.slice(offset, offset + limit);
    const want = limit - items.length;
    if (want > 0) {
      const skip = Math.max(0, offset - shipped.length);
      const n = filter.params.length;
      // The scenario document and the map's provenance only: maps are the bulk of a package.
      const rows: Array<{
        scenario: unknown;
        provenance: MapDocument['provenance'];
        handle: string | null;
        owner_player_id: string | null;
      }> = await this.dataSource.query(
        `SELECT c.document->'scenario' AS scenario, c.document->'map'->>'provenance' AS provenance,
                c.owner_player_id, p.handle
           FROM custom_scenarios c LEFT JOIN players p ON p.id = c.owner_player_id
          WHERE c.deleted_at IS NULL ${filter.sql}
          ORDER BY c.created_at, c.id
          LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...filter.params, want, skip],
      );
      for (const r of rows) {
        items.push({
          ...summaryOf(
            this.rules,
            json<ScenarioDocument>(r.scenario),
            r.provenance ?? undefined,
            'custom',
          ),
          owner: ownerOf(r.owner_player_id, r.handle),
        });
      }
    }
    return { items, total: shipped.length + count, limit, offset };
  }

  /**
   * The scenario and map documents of `id`, or null if there is none. This is
   * what games are prepared from (prepareGame in src/engine/game.ts).
   */
  async find(id: string): Promise<(ScenarioDocuments & { origin: ScenarioOrigin }) | null> {
    const shipped = this.shipped().get(id);
    if (shipped) return { ...shipped, origin: 'shipped' };
    const entry = await this.custom(id);
    return entry && { ...entry.docs, origin: 'custom' };
  }

  /** A live (not deleted) custom scenario and its owner, from the cache or the database. */
  private async custom(id: string): Promise<CustomEntry | null> {
    const cached = this.customCache.get(id);
    if (cached) return cached;
    const rows: Array<{
      document: unknown;
      owner_player_id: string | null;
      handle: string | null;
    }> = await this.dataSource.query(
      `SELECT c.document, c.owner_player_id, p.handle
           FROM custom_scenarios c LEFT JOIN players p ON p.id = c.owner_player_id
          WHERE c.id = $1 AND c.deleted_at IS NULL`,
      [id],
    );
    if (rows.length === 0) return null;
    const entry: CustomEntry = Object.freeze({
      docs: Object.freeze(json<ScenarioDocuments>(rows[0].document)),
      owner: ownerOf(rows[0].owner_player_id, rows[0].handle),
    });
    this.customCache.set(id, entry);
    return entry;
  }

  /** Like find, but 404 SCENARIO_NOT_FOUND when there is none. */
  async get(id: string): Promise<ScenarioDocuments & { origin: ScenarioOrigin }> {
    const found = await this.find(id);
    if (!found) throw notFound(id);
    return found;
  }

  async detail(id: string): Promise<ScenarioDetail> {
    const found = await this.get(id);
    const detail = toDetail(this.rules, found, found.origin);
    if (found.origin === 'custom') {
      const entry = await this.custom(id);
      if (entry) detail.owner = entry.owner;
    }
    return detail;
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
  async create(body: unknown, uploader: Uploader): Promise<ScenarioDetail> {
    // A player at his quota is refused before the body is validated (the expensive part);
    // the quota is checked again, under a lock, when the scenario is stored.
    if (uploader.kind === 'player') {
      await this.checkQuota(this.dataSource.manager, uploader.id, jsonBytes(body), false);
    }
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
    const bytes = jsonBytes(stored);
    try {
      await this.dataSource.transaction(async (m) => {
        // A deleted scenario's tombstone keeps its id: never reused for another document.
        const idTaken = await m.query(`SELECT 1 FROM custom_scenarios WHERE id = $1`, [id]);
        if (idTaken.length > 0) throw taken();
        if (uploader.kind === 'player') await this.checkQuota(m, uploader.id, bytes);
        await m.getRepository(CustomScenario).insert({
          id,
          document: stored,
          ownerPlayerId: uploader.kind === 'player' ? uploader.id : null,
          bytes,
          deletedAt: null,
        });
      });
    } catch (e) {
      // Two uploads racing for one id: the primary key decides.
      if (isUniqueViolation(e)) throw taken();
      throw e;
    }
    const owner: ScenarioOwner =
      uploader.kind === 'player' ? { kind: 'player', handle: uploader.handle } : uploader;
    this.customCache.set(id, Object.freeze({ docs: Object.freeze(stored), owner }));
    return { ...toDetail(this.rules, stored, 'custom'), owner };
  }

  /**
   * The owner's quota (SCENARIO_QUOTA_COUNT live scenarios, SCENARIO_QUOTA_BYTES of
   * stored JSON): 403 SCENARIO_QUOTA_EXCEEDED naming the bound. Under a per-owner
   * advisory lock held to the end of the transaction, so two uploads racing cannot
   * both fit into the last place.
   */
  private async checkQuota(
    m: EntityManager,
    playerId: string,
    bytes: number,
    lock = true,
  ): Promise<void> {
    if (lock) {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `muster:scenario-quota:${playerId}`,
      ]);
    }
    const [used] = (await m.query(
      `SELECT count(*)::int AS count, coalesce(sum(bytes), 0)::bigint AS bytes
         FROM custom_scenarios WHERE owner_player_id = $1 AND deleted_at IS NULL`,
      [playerId],
    )) as Array<{ count: number; bytes: string | number }>;
    const quota = this.config.scenarioQuota;
    const usedBytes = Number(used.bytes);
    const over =
      used.count + 1 > quota.count
        ? {
            bound: 'SCENARIO_QUOTA_COUNT',
            limit: quota.count,
            used: used.count,
            detail: `You have ${used.count} custom scenarios; at most ${quota.count} (SCENARIO_QUOTA_COUNT). Delete one first (DELETE /v1/scenarios/{id}).`,
          }
        : usedBytes + bytes > quota.bytes
          ? {
              bound: 'SCENARIO_QUOTA_BYTES',
              limit: quota.bytes,
              used: usedBytes,
              detail: `Your custom scenarios take ${usedBytes} bytes and this one ${bytes}; together at most ${quota.bytes} (SCENARIO_QUOTA_BYTES). Delete one first (DELETE /v1/scenarios/{id}).`,
            }
          : null;
    if (over) {
      throw new ProblemException({
        status: 403,
        code: 'SCENARIO_QUOTA_EXCEEDED',
        title: 'Scenario quota exceeded',
        detail: over.detail,
        extensions: {
          limit: { name: over.bound, value: over.limit },
          used: over.used,
          size: bytes,
        },
      });
    }
  }

  /**
   * DELETE /v1/scenarios/{id}: by its owner (or the operator). 403 SCENARIO_SHIPPED for
   * a shipped one, 404 for none, 403 NOT_SCENARIO_OWNER for someone else's, 409
   * SCENARIO_IN_USE while any game (running or finished) was created on it: a game's
   * replay re-runs on the scenario's document, so it stays until they are gone. A deleted
   * scenario leaves a tombstone: its document is dropped, its id is never reused.
   */
  async remove(id: string, who: Uploader): Promise<void> {
    if (this.shipped().has(id)) {
      throw new ProblemException({
        status: 403,
        code: 'SCENARIO_SHIPPED',
        detail: `"${id}" is shipped with the service (scenarios/${id}); it cannot be deleted.`,
      });
    }
    await this.dataSource.transaction(async (m) => {
      // FOR UPDATE: a game being created on it (holdForGame, FOR SHARE) finishes first, and is counted.
      const rows = (await m.query(
        `SELECT owner_player_id FROM custom_scenarios WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
        [id],
      )) as Array<{ owner_player_id: string | null }>;
      if (rows.length === 0) throw notFound(id);
      if (who.kind === 'player' && rows[0].owner_player_id !== who.id) {
        throw new ProblemException({
          status: 403,
          code: 'NOT_SCENARIO_OWNER',
          detail: `Scenario "${id}" was uploaded by someone else: only its owner (or the operator) may delete it.`,
        });
      }
      const [{ games }] = (await m.query(
        `SELECT count(*)::int AS games FROM games WHERE scenario_id = $1`,
        [id],
      )) as Array<{ games: number }>;
      if (games > 0) {
        throw new ProblemException({
          status: 409,
          code: 'SCENARIO_IN_USE',
          detail: `${games} game${games === 1 ? ' was' : 's were'} created on "${id}": it stays while they do, so their replays can be re-run and verified.`,
          extensions: { games },
        });
      }
      await m.query(
        `UPDATE custom_scenarios SET deleted_at = now(), document = '{}'::jsonb, bytes = 0 WHERE id = $1`,
        [id],
      );
    });
    this.customCache.delete(id);
    this.terrainMaps.delete(id);
    this.svgCache.delete(id);
  }

  /**
   * Inside a new game's transaction: holds its custom scenario (FOR SHARE) so it cannot
   * be deleted until the game is committed. False when it was deleted meanwhile.
   */
  async holdForGame(m: EntityManager, id: string): Promise<boolean> {
    if (this.shipped().has(id)) return true;
    const rows: unknown[] = await m.query(
      `SELECT 1 FROM custom_scenarios WHERE id = $1 AND deleted_at IS NULL FOR SHARE`,
      [id],
    );
    return rows.length > 0;
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

/** The size of a document as stored: its JSON text in UTF-8 bytes. */
function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

function ownerOf(playerId: string | null, handle: string | null): ScenarioOwner {
  return playerId ? { kind: 'player', handle: handle ?? '(unknown)' } : { kind: 'operator' };
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
