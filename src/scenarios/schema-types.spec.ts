/**
 * The JSON Schemas in scenarios/schema/ are written by hand to match
 * src/engine/types.ts. This proves the direction a schema cannot: a document
 * the schema accepts also type-checks, as an object literal, against
 * ScenarioDocument / MapDocument (so no field the engine does not know, no
 * string where it expects a union member).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ts from 'typescript';
import { ScenarioValidator, defaultScenariosRoot, loadScenarios } from './scenario-files';

const REPO = join(__dirname, '..', '..');
const TYPES = join(REPO, 'src', 'engine', 'types');

function readDoc(file: string): Record<string, unknown> {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  // `$schema` is editor metadata the schemas allow and the engine ignores.
  delete doc.$schema;
  return doc;
}

/** Type-checks `const x: <type> = <doc>;` and returns the compiler's complaints. */
function typeErrors(
  docs: Array<{ name: string; type: 'ScenarioDocument' | 'MapDocument'; doc: unknown }>,
): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'muster-schema-types-'));
  try {
    const file = join(dir, 'documents.ts');
    const body = docs
      .map(
        (d, i) =>
          `// ${d.name}\nexport const doc${i}: ${d.type} = ${JSON.stringify(d.doc, null, 1)};`,
      )
      .join('\n');
    writeFileSync(
      file,
      `import type { ScenarioDocument, MapDocument } from ${JSON.stringify(TYPES)};\n${body}\n`,
    );
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      types: [],
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('JSON Schemas match the engine types', () => {
  const validator = new ScenarioValidator();
  // Shipped scenarios that fail validation are reported by scenario-files.spec.ts; here only schema-valid ones matter.
  const folders = [
    join(REPO, 'test', 'fixtures', 'scenarios', 'valid-small'),
    // hex-game scenarios (a block battle has no map; block-battle.schema.json is checked in src/engine/rules/block)
    ...loadScenarios(defaultScenariosRoot(), validator)
      .packages.filter((p) => p.map !== undefined)
      .map((p) => p.dir),
  ];

  it('every schema-valid scenario and map (fixture and shipped) type-checks as ScenarioDocument / MapDocument', () => {
    const docs: Array<{ name: string; type: 'ScenarioDocument' | 'MapDocument'; doc: unknown }> =
      [];
    for (const dir of folders) {
      const scenario = readDoc(join(dir, 'scenario.json'));
      const map = readDoc(join(dir, String(scenario.map)));
      expect(validator.check(scenario, map)).toEqual([]);
      docs.push({ name: `${dir}/scenario.json`, type: 'ScenarioDocument', doc: scenario });
      docs.push({ name: `${dir}/map.json`, type: 'MapDocument', doc: map });
    }
    expect(typeErrors(docs)).toEqual([]);
  });

  it('the check can fail: a field the types do not know is a type error', () => {
    const scenario = readDoc(join(folders[0], 'scenario.json'));
    expect(
      typeErrors([
        { name: 'bad', type: 'ScenarioDocument', doc: { ...scenario, firstPlayer: 'rebels' } },
      ]),
    ).toEqual([expect.stringContaining('"rebels"')]);
  });
});
