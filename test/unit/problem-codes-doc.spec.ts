import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** Every .ts file under `dir`, spec files left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * The contract's promise that every problem code the service emits is documented
 * (docs/refusal-codes.md, with its status and extension members): each `code: 'X'` a
 * service file (outside the engine, whose refusal codes have their own tables there)
 * gives a problem must appear in the document.
 */
describe('docs/refusal-codes.md lists every problem code the service emits', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'refusal-codes.md'), 'utf8');
  const emitted = new Map<string, string>();
  for (const file of sources(join(ROOT, 'src'))) {
    if (file.includes(join('src', 'engine'))) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/\bcode: '([A-Z][A-Z0-9_]+)'/g)) {
      emitted.set(m[1], file.slice(ROOT.length + 1));
    }
  }

  it('finds the codes (the scan works)', () => {
    expect(emitted.has('VERSION_CONFLICT')).toBe(true);
    expect(emitted.has('VALIDATION_FAILED')).toBe(true);
  });

  it('documents each of them', () => {
    const missing = [...emitted].filter(([code]) => !doc.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });
});
