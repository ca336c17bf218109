/**
 * Scenario packages on disk and in requests: JSON Schema validation (draft
 * 2020-12, scenarios/schema/) followed by the engine's semantic checks. Plain
 * Node (no Nest) so that `npm run scenarios:check` and the scenarios service
 * share exactly one definition of "valid".
 */
import Ajv2020, { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { DEFAULT_RULES, type RulesRegistry, type RulesSystem } from '../engine/rules';
import type { DocumentError } from '../engine/scenario/validate';
import { scenarioBoundProblems } from '../engine/scenario/bounds';
import type { MapDocument, ScenarioDocument } from '../engine/types';

/** The repository's scenarios/ folder: found by walking up from this file (works from src/ and dist/). */
export function defaultScenariosRoot(): string {
  let dir = __dirname;
  for (;;) {
    const candidate = join(dir, 'scenarios', 'schema', 'scenario.schema.json');
    if (existsSync(candidate)) return join(dir, 'scenarios');
    const up = dirname(dir);
    if (up === dir) throw new Error(`no scenarios/schema folder above ${__dirname}`);
    dir = up;
  }
}

function readJsonFile(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The published JSON Schemas (served at GET /v1/schemas/scenario and /v1/schemas/map). */
export function loadSchemas(root = defaultScenariosRoot()): { scenario: object; map: object } {
  return {
    scenario: readJsonFile(join(root, 'schema', 'scenario.schema.json')) as object,
    map: readJsonFile(join(root, 'schema', 'map.schema.json')) as object,
  };
}

/**
 * The rules system whose documents `scenario` is checked as: the one its
 * `rules.system` names, else the registry's first (the Blue & Grey hex
 * scenario, whose schema then says what is wrong with the document).
 */
export function documentSystem(registry: RulesRegistry, scenario: unknown): RulesSystem {
  const named = (scenario as { rules?: { system?: unknown } } | null)?.rules?.system;
  const system = typeof named === 'string' ? registry.get(named) : undefined;
  return system ?? [...registry.values()][0];
}

/**
 * Compiled validators for every rules system's documents, each checked by the
 * system its scenario names (src/engine/rules/system.ts ScenarioDocumentsSpec).
 * Build once and reuse; compiling is the slow part (done at first use per schema).
 */
export class ScenarioValidator {
  /** The hex game's two schemas (GET /v1/schemas/scenario and /v1/schemas/map). */
  readonly schemas: { scenario: object; map: object };
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string | object, ValidateFunction>();

  constructor(
    private readonly root = defaultScenariosRoot(),
    readonly registry: RulesRegistry = DEFAULT_RULES,
  ) {
    this.schemas = loadSchemas(root);
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
    addFormats(this.ajv, ['date']);
  }

  /** A schema (a file name under scenarios/schema/, or the schema itself), as published. */
  schema(ref: string | object): object {
    return typeof ref === 'string' ? (readJsonFile(join(this.root, 'schema', ref)) as object) : ref;
  }

  private validatorOf(ref: string | object): ValidateFunction {
    let v = this.compiled.get(ref);
    if (!v) {
      v = this.ajv.compile(this.schema(ref));
      this.compiled.set(ref, v);
    }
    return v;
  }

  /** Whether the scenario's rules system has a map document. */
  hasMap(scenario: unknown): boolean {
    return documentSystem(this.registry, scenario).scenarios.schemas.map !== undefined;
  }

  /**
   * Every problem with a scenario and its map (when its system has one): schema
   * first (a document that fails its schema is not checked further, its shape
   * being unknown), then meaning, by the scenario's rules system. An empty list
   * means the documents are playable data.
   */
  check(scenario: unknown, map: unknown): DocumentError[] {
    // Size first: nothing (not even the schemas) looks at a document over a bound.
    const over = scenarioBoundProblems(scenario, map);
    if (over.length > 0) return over;
    const spec = documentSystem(this.registry, scenario).scenarios;
    const errors: DocumentError[] = [
      ...schemaErrors('scenario', this.validatorOf(spec.schemas.scenario), scenario),
      ...(spec.schemas.map !== undefined
        ? schemaErrors('map', this.validatorOf(spec.schemas.map), map)
        : []),
    ];
    if (errors.length > 0) return errors;
    return spec.check(scenario, map);
  }
}

/** A scenario package read from scenarios/<id>/. */
export interface ScenarioPackage {
  id: string;
  dir: string;
  scenarioFile: string;
  /** The map file; '' for a rules system whose scenarios have no map (a block battle). */
  mapFile: string;
  /** The scenario document: a hex game's ScenarioDocument, or another system's (its `rules.system` says which). */
  scenario: ScenarioDocument;
  /** The map document; undefined for a rules system whose scenarios have no map. */
  map: MapDocument | undefined;
}

/** A problem located in a file: `file:field: message`. */
export interface FileError {
  file: string;
  path: string;
  message: string;
}

export function formatFileError(e: FileError): string {
  return `${e.file}:${e.path}: ${e.message}`;
}

/**
 * Reads and checks one scenario folder: `scenario.json` and the map file it
 * names. Returns the package when it is valid, and every error either way.
 */
export function loadScenarioDir(
  dir: string,
  validator: ScenarioValidator,
  baseDir = process.cwd(),
): { pkg?: ScenarioPackage; errors: FileError[] } {
  const scenarioFile = join(dir, 'scenario.json');
  const show = (f: string) => relative(baseDir, f) || f;
  const fail = (file: string, path: string, message: string) => ({
    errors: [{ file: show(file), path, message }],
  });
  if (!existsSync(scenarioFile)) return fail(dir, '(folder)', 'has no scenario.json');
  let scenario: unknown;
  try {
    scenario = readJsonFile(scenarioFile);
  } catch (e) {
    return fail(scenarioFile, '(file)', `is not valid JSON: ${(e as Error).message}`);
  }
  // A scenario whose rules system has no map document (a block battle) is one file.
  if (!validator.hasMap(scenario))
    return finish(dir, scenarioFile, '', scenario, undefined, show, validator);
  const mapName = (scenario as { map?: unknown })?.map;
  if (typeof mapName !== 'string' || !/^[A-Za-z0-9._-]+\.json$/.test(mapName)) {
    return fail(
      scenarioFile,
      'map',
      `must name the map file beside the scenario, e.g. "map.json" (got ${JSON.stringify(mapName)})`,
    );
  }
  const mapFile = join(dir, mapName);
  if (!existsSync(mapFile))
    return fail(scenarioFile, 'map', `map file ${show(mapFile)} does not exist`);
  let map: unknown;
  try {
    map = readJsonFile(mapFile);
  } catch (e) {
    return fail(mapFile, '(file)', `is not valid JSON: ${(e as Error).message}`);
  }
  return finish(dir, scenarioFile, mapFile, scenario, map, show, validator);
}

/** Checks the documents read from a scenario folder and that its id is the folder's name. */
function finish(
  dir: string,
  scenarioFile: string,
  mapFile: string,
  scenario: unknown,
  map: unknown,
  show: (f: string) => string,
  validator: ScenarioValidator,
): { pkg?: ScenarioPackage; errors: FileError[] } {
  const errors: FileError[] = validator.check(scenario, map).map((e) => ({
    file: show(e.document === 'scenario' ? scenarioFile : mapFile),
    path: e.path,
    message: e.message,
  }));
  const folder = dir.split(/[\\/]/).filter(Boolean).pop();
  const id = (scenario as { id?: unknown }).id;
  if (typeof id === 'string' && id !== folder) {
    errors.push({
      file: show(scenarioFile),
      path: 'id',
      message: `id "${id}" must match its folder name "${folder}"`,
    });
  }
  if (errors.length > 0) return { errors };
  return {
    pkg: {
      id: id as string,
      dir,
      scenarioFile,
      mapFile,
      scenario: scenario as ScenarioDocument,
      map: map as MapDocument | undefined,
    },
    errors: [],
  };
}

/** Folders of scenarios/ that hold no scenario: the JSON Schemas, and the map-building library the build-map.ts scripts share. */
const NOT_SCENARIOS = ['schema', 'lib'];

/** Every folder of `root` holding a scenario (schema/ and lib/ are not). */
export function scenarioDirs(root: string): string[] {
  return readdirSync(root)
    .filter((name) => !NOT_SCENARIOS.includes(name) && !name.startsWith('.'))
    .map((name) => join(root, name))
    .filter((p) => statSync(p).isDirectory())
    .sort();
}

/** Reads and checks every scenario under `root`. */
export function loadScenarios(
  root = defaultScenariosRoot(),
  validator = new ScenarioValidator(root),
  baseDir = process.cwd(),
): { packages: ScenarioPackage[]; errors: FileError[] } {
  const packages: ScenarioPackage[] = [];
  const errors: FileError[] = [];
  for (const dir of scenarioDirs(resolve(root))) {
    const result = loadScenarioDir(dir, validator, baseDir);
    if (result.pkg) packages.push(result.pkg);
    errors.push(...result.errors);
  }
  return { packages, errors };
}

// ------------------------------------------------------ schema errors ----

const HEX_PATTERN = '^[A-Z]*[0-9]{4}$';

/** Turns ajv's errors into {path, message} with field paths like `units[3].hex` and plain sentences. */
export function schemaErrors(
  document: 'scenario' | 'map',
  validate: ValidateFunction,
  data: unknown,
): DocumentError[] {
  if (validate(data)) return [];
  const out: DocumentError[] = [];
  const seen = new Set<string>();
  for (const e of validate.errors ?? []) {
    const described = describe(e, data);
    if (!described) continue;
    const key = `${described.path}\u0000${described.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ document, ...described });
  }
  return out;
}

function describe(e: ErrorObject, data: unknown): { path: string; message: string } | undefined {
  const segments = e.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const path = fieldPath(segments, data);
  const at = (extra: string) => (path ? `${path}.${extra}` : extra);
  const value = valueAt(segments, data);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'if':
      return undefined; // the failing then/else branch reports the real problem
    case 'required':
      return { path: at(String(p.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return {
        path: at(String(p.additionalProperty)),
        message: 'is not a known field here',
      };
    case 'false schema':
      return { path: path || '(document)', message: 'is not allowed here' };
    case 'enum':
      return {
        path: path || '(document)',
        message: `${JSON.stringify(value)} is not one of ${(p.allowedValues as unknown[])
          .map((v) => JSON.stringify(v))
          .join(', ')}`,
      };
    case 'const':
      return {
        path: path || '(document)',
        message: `must be ${JSON.stringify(p.allowedValue)} (got ${JSON.stringify(value)})`,
      };
    case 'pattern': {
      const name = e.propertyName; // set when the failing string is an object key (propertyNames)
      const shown = name ?? value;
      const where = name === undefined ? path : at(name);
      const what =
        p.pattern === HEX_PATTERN
          ? 'a hex label: four digits "CCRR", optionally after a sheet prefix ("F1328")'
          : `a string matching ${String(p.pattern)}`;
      return { path: where || '(document)', message: `${JSON.stringify(shown)} is not ${what}` };
    }
    case 'propertyNames':
      return undefined; // reported by the inner pattern error, with the key
    case 'minProperties':
    case 'maxProperties':
      return {
        path: path || '(document)',
        message: `must give exactly one of its fields (got ${
          value && typeof value === 'object' ? Object.keys(value).length : 0
        })`,
      };
    case 'type':
      return {
        path: path || '(document)',
        message: `must be ${String(p.type)} (got ${jsonType(value)})`,
      };
    default:
      return { path: path || '(document)', message: e.message ?? e.keyword };
  }
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** `units[3].hex`, `hexes.0305.terrain`: array indices in brackets, keys after dots. */
function fieldPath(segments: string[], data: unknown): string {
  let path = '';
  let node: unknown = data;
  for (const s of segments) {
    if (Array.isArray(node)) {
      path += `[${s}]`;
      node = node[Number(s)];
    } else {
      path += path ? `.${s}` : s;
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[s] : undefined;
    }
  }
  return path;
}

function valueAt(segments: string[], data: unknown): unknown {
  let node: unknown = data;
  for (const s of segments) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[s] : undefined;
  }
  return node;
}
