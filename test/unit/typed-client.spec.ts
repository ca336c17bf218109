/**
 * A client generated from openapi.yaml knows every order and event shape
 * (issue 18): openapi-typescript turns the contract into types, and tsc
 * type-checks test/fixtures/typed-client/play-random-game.ts — a program that
 * plays a whole random game through the REST API, narrowing orders and events
 * on `type` with no cast on them — against them. The same types refuse an
 * order or event field the contract does not have.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ts from 'typescript';

const ROOT = join(__dirname, '../..');
const PROGRAM = join(ROOT, 'test/fixtures/typed-client/play-random-game.ts');

/** tsc's diagnostics for `files` in `dir` (strict, no emit, fetch from the DOM library). */
function typeCheck(dir: string, files: string[]): string[] {
  const program = ts.createProgram(
    files.map((f) => join(dir, f)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: false,
    },
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? d.file.fileName.replace(dir, '') : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe('a client generated from openapi.yaml with openapi-typescript', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'muster-typed-client-'));
    const cli = join(ROOT, 'node_modules/openapi-typescript/bin/cli.js');
    const run = spawnSync(
      process.execPath,
      [cli, join(ROOT, 'openapi.yaml'), '-o', join(dir, 'api.d.ts')],
      {
        encoding: 'utf8',
      },
    );
    if (run.status !== 0) throw new Error(`openapi-typescript failed: ${run.stderr}`);
    copyFileSync(PROGRAM, join(dir, 'play-random-game.ts'));
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('type-checks a program playing a whole random game through typed orders and events', () => {
    expect(typeCheck(dir, ['play-random-game.ts'])).toEqual([]);
    // No cast on an order or an event: the only `as` is the JSON body typed as the contract's answer.
    const source = ts.createSourceFile(
      'play.ts',
      readFileSync(PROGRAM, 'utf8'),
      ts.ScriptTarget.ES2022,
      true,
    );
    const casts: string[] = [];
    const visit = (node: ts.Node) => {
      if (
        ts.isAsExpression(node) ||
        ts.isTypeAssertionExpression(node) ||
        ts.isNonNullExpression(node)
      )
        casts.push(node.getText(source));
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(casts).toEqual(['(await res.json()) as T']);
  }, 60_000);

  it('refuses order and event fields the contract does not have', () => {
    writeFileSync(
      join(dir, 'wrong.ts'),
      [
        "import type { components } from './api';",
        "type Order = components['schemas']['Order'];",
        "type GameEvent = components['schemas']['GameEvent'];",
        "export const path: Order = { type: 'move', unit: 'u1', path: '0905' };",
        "export const missing: Order = { type: 'attack', attackers: ['u1'] };",
        'export function strength(e: GameEvent): number {',
        "  return e.type === 'unit-eliminated' ? e.strenght : 0;",
        '}',
      ].join('\n'),
    );
    const errors = typeCheck(dir, ['wrong.ts']);
    // One error per wrong line: a path that is not a list, a missing field, a misspelt one.
    expect(errors.length).toBe(3);
    expect(errors.some((e) => e.includes("'string' is not assignable"))).toBe(true);
    expect(errors.some((e) => e.includes('defenders'))).toBe(true);
    expect(errors.some((e) => e.includes('strenght'))).toBe(true);
  }, 60_000);
});
