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
import { DocumentError, validateScenarioPackage } from '../engine/scenario/validate';
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

/** Compiled validators for both documents. Build once and reuse; compiling is the slow part. */
export class ScenarioValidator {
  readonly schemas: { scenario: object; map: object };
  private readonly scenarioSchema: ValidateFunction;
  private readonly mapSchema: ValidateFunction;

  constructor(root = defaultScenariosRoot()) {
    this.schemas = loadSchemas(root);
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
    addFormats(ajv, ['date']);
    this.scenarioSchema = ajv.compile(this.schemas.scenario);
    this.mapSchema = ajv.compile(this.schemas.map);
  }

  /**
   * Every problem with a scenario and its map: schema first (a document
   * that fails its schema is not checked further, its shape being unknown),
   * then meaning. An empty list means the pair is playable data.
   */
  check(scenario: unknown, map: unknown): DocumentError[] {
    const errors: DocumentError[] = [
      ...schemaErrors('scenario', this.scenarioSchema, scenario),
      ...schemaErrors('map', this.mapSchema, map),
    ];
    if (errors.length > 0) return errors;
    return validateScenarioPackage(scenario as ScenarioDocument, map as MapDocument);
  }
}

/** A scenario package read from scenarios/<id>/. */
export interface ScenarioPackage {
  id: string;
  dir: string;
  scenarioFile: string;
  mapFile: string;
  scenario: ScenarioDocument;
  map: MapDocument;
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
      map: map as MapDocument,
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
