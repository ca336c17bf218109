/**
 * Rewrites openapi.yaml's generated sections under components.schemas — the
 * orders (src/engine/order-schema.ts) and the events and decisions
 * (src/engine/event-schema.ts), each between its BEGIN/END markers — from the
 * engine's own tables. `npm run openapi:generate`; with --check it only says
 * whether the file is current (test/unit/order-contract.spec.ts and
 * test/unit/event-contract.spec.ts fail when it is not).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, isMap, isSeq, type YAMLMap } from 'yaml';
import { eventContractSchemas } from '../src/engine/event-schema';
import { orderContractSchemas } from '../src/engine/order-schema';

const SECTIONS: Array<{ name: string; source: string; schemas: () => Record<string, object> }> = [
  { name: 'order', source: 'src/engine/order-schema.ts', schemas: orderContractSchemas },
  { name: 'event', source: 'src/engine/event-schema.ts', schemas: eventContractSchemas },
];

const begin = (s: (typeof SECTIONS)[number]) =>
  `    # BEGIN generated ${s.name} schemas (npm run openapi:generate; ${s.source})`;
const end = (s: (typeof SECTIONS)[number]) => `    # END generated ${s.name} schemas`;

/** The schemas as YAML lines under components.schemas: one line per field and per required list. */
function render(schemas: Record<string, object>): string {
  const doc = new Document(schemas, { aliasDuplicateObjects: false });
  for (const schema of (doc.contents as YAMLMap).items) {
    if (!isMap(schema.value)) continue;
    for (const item of schema.value.items) {
      const key = String((item.key as { value: unknown }).value);
      if (key === 'required' && isSeq(item.value)) item.value.flow = true;
      if (key === 'properties' && isMap(item.value))
        for (const p of item.value.items) if (isMap(p.value)) p.value.flow = true;
    }
  }
  return doc
    .toString({ lineWidth: 0, flowCollectionPadding: false })
    .trimEnd()
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}

/** `text` (openapi.yaml) with every generated section rewritten. */
export function withGeneratedSchemas(text: string): string {
  let out = text;
  for (const s of SECTIONS) {
    const start = out.indexOf(begin(s));
    const stop = out.indexOf(end(s));
    if (start < 0 || stop < start)
      throw new Error(`openapi.yaml: the markers of the generated ${s.name} schemas are missing`);
    out = `${out.slice(0, start)}${begin(s)}\n${render(s.schemas())}\n${out.slice(stop)}`;
  }
  return out;
}

if (require.main === module) {
  const file = join(__dirname, '..', 'openapi.yaml');
  const text = readFileSync(file, 'utf8');
  const next = withGeneratedSchemas(text);
  if (process.argv.includes('--check')) {
    if (next !== text) {
      console.error('openapi.yaml: the generated schemas are stale (npm run openapi:generate)');
      process.exit(1);
    }
  } else if (next !== text) writeFileSync(file, next);
}
