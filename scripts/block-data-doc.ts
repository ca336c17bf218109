/**
 * Generates docs/block-data.md from the block game's data documents
 * (src/engine/rules/block/data): what each document holds, the OB totals,
 * every OCR defect resolved (the notes' §11 item and the seed lines), every
 * value 002 does not give, every provisional value and every dropped row.
 * The page is written from the documents so it cannot drift from them;
 * test/unit/block/data-doc.spec.ts fails when it is stale.
 *
 *   npm run block-data:doc          rewrite docs/block-data.md
 *   npm run block-data:doc -- --check   exit 1 if it is stale
 */
import * as fs from 'fs';
import * as path from 'path';
import {
  BLOCK_DATA,
  ObUnit,
  OrderOfBattleDocument,
  crossCheckBlockData,
} from '../src/engine/rules/block/data';

const ROOT = path.join(__dirname, '..');
export const BLOCK_DATA_DOC = path.join(ROOT, 'docs/block-data.md');

const cell = (s: string | number | null | undefined) =>
  String(s ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');
const row = (...cells: (string | number | null | undefined)[]) =>
  `| ${cells.map(cell).join(' | ')} |`;

const DOCUMENTS: [file: string, schema: string, what: string][] = [
  [
    'unit-data.json',
    'block-unit-data.schema.json',
    'Unit Data chart (speed, replacement costs) and the battle firepower matrix by context and date, pursuit and long-range friendly fire',
  ],
  [
    'counter-mix.json',
    'block-counter-mix.schema.json',
    'OB summary tables (units/steps per type per year and the full Mix) and the maximum CV per type, side and theater',
  ],
  [
    'hqs.json',
    'block-hqs.schema.json',
    'The 16 HQs: code, printed aliases, role, maximum CV, command range by date',
  ],
  [
    'replacements.json',
    'block-replacements.schema.json',
    'Replacements chart (RPs per month by side, theater, year) and its modifiers',
  ],
  [
    'calendar.json',
    'block-calendar.schema.json',
    'Weather months, Victory Track and tournament points, the scenarios and campaign games with their calendars and OBs',
  ],
  [
    'locations.json',
    'block-locations.schema.json',
    'Every location the OBs name, per theater, as printed with a normalised id',
  ],
  [
    'ocr-defects.json',
    'block-ocr-defects.schema.json',
    'The register of OCR defects and data ambiguities resolved in these documents',
  ],
  [
    'terrain-effects.json',
    'block-terrain-effects.schema.json',
    'Terrain Effects chart (attack and reinforce limits per hexside, forage, movement, battle defense, retreat limits) and the Force March table',
  ],
  [
    'map-east.json',
    'block-map.schema.json',
    "The Bobby Lee mapboard, reconstructed from the rules text and public geography (not the publisher's map): hexes, hexsides, rivers, locations, railroads, supply hexes, the Valley Turnpike; built and checked by scenarios/bobby-lee-campaign/build-map.ts",
  ],
  [
    'orders-of-battle/<theater>-<year>.json',
    'block-order-of-battle.schema.json',
    "One theater-year: both sides' starting units by location (with the printed counts), emergency and reinforcement forces, special events, dropped OCR rows",
  ],
];

function missingValues(): string[] {
  const out: string[] = [];
  const d = BLOCK_DATA;
  for (const t of d.counterMix.tables)
    if (t.missing) out.push(row('counter-mix', `${t.side} ${t.theater}`, t.missing));
  for (const t of d.counterMix.tables)
    for (const [type, m] of Object.entries(t.maxCv))
      if (m?.missing)
        out.push(row('counter-mix', `${t.side} ${t.theater} ${type} maximum CV`, m.missing));
  out.push(
    row('calendar', 'Victory Track thresholds, start positions', d.calendar.victoryTrack.missing),
  );
  out.push(row('calendar', 'months marked CSA VP', d.calendar.timeVpMonths.missing));
  out.push(row('calendar', 'city and town VPs', d.calendar.cityVps.missing));
  for (const ob of d.ordersOfBattle) {
    for (const side of ['union', 'confederate'] as const) {
      for (const u of ob.sides[side].units)
        if (u.missing) out.push(row(ob.id, `${side} ${u.name ?? u.id} (L${u.line})`, u.missing));
      for (const l of ob.sides[side].locations)
        if (l.missing && !ob.id.endsWith('1861'))
          out.push(row(ob.id, `${side} ${l.printed} count (L${l.line})`, l.missing));
    }
  }
  out.push(
    row(
      'west-1861',
      'location counts',
      '[13.1] lists the West 1861 forces by location without block counts.',
    ),
  );
  return out;
}

function provisionalValues(): string[] {
  const out: string[] = [];
  const d = BLOCK_DATA;
  for (const t of d.counterMix.tables)
    for (const [type, m] of Object.entries(t.maxCv))
      if (m?.provisional && m.value !== null)
        out.push(row('counter-mix', `${t.side} ${t.theater} ${type} maximum CV`, m.value, 'A40'));
  const units = (ob: OrderOfBattleDocument): ObUnit[] => [
    ...ob.sides.union.units,
    ...ob.sides.confederate.units,
    ...ob.forces.flatMap((f) => f.units),
  ];
  for (const ob of d.ordersOfBattle)
    for (const u of units(ob))
      for (const r of u.resolutions ?? [])
        if (r.provisional)
          out.push(
            row(
              ob.id,
              `${u.name ?? u.id} ${r.field} (L${u.line})`,
              r.value ?? u[r.field as 'cv'],
              `${r.defect}: ${r.note}`,
            ),
          );
  return out;
}

export function buildBlockDataDoc(): string {
  const d = BLOCK_DATA;
  const lines: string[] = [
    '# Bobby Lee & Sam Grant data documents',
    '',
    '<!-- Generated by scripts/block-data-doc.ts from src/engine/rules/block/data: run `npm run block-data:doc`. Do not edit by hand. -->',
    '',
    "The block game's charts and orders of battle, transcribed from the rules document",
    '`002_bfdf1899712f0251.txt` (Bobby Lee & Sam Grant combined rules). Every number is',
    'read from the seed; line numbers (`Lnnnn`) are lines of that file. The notes',
    '(`bobby-lee-sam-grant.md`) proposed the resolutions of OCR damage; the seed decides.',
    '',
    '## Documents',
    '',
    'JSON under `src/engine/rules/block/data/`, each with a JSON Schema (draft 2020-12) under',
    '`scenarios/schema/`. `src/engine/rules/block/data.ts` types them, imports them (the engine stays',
    'pure: no I/O) and gives the accessors the engine reads (`unitType`, `firepower`, `isHit`,',
    '`pursuitFire`, `maxCvOf`, `blockMaxCv`, `hqByCode`, `commandRange`, `scheduledRps`, `attackLimit`, `reinforceLimit`, `forageLimit`, `forceMarchModifier`, `monthWeather`, `rolledWeather`, `blockScenario`, `orderOfBattle`, `findObUnit`, `spareBlocks`); `crossCheckOrderOfBattle` checks one OB (an upload) against the rest.',
    "`crossCheckBlockData` checks what a schema cannot: every OB unit's type is in the Unit Data chart",
    'for its side, every HQ code is an HQ of its side and theater (printed aliases resolve), no CV exceeds',
    'the block maximum, every location is in the gazetteer, each printed location count matches the unit',
    "rows unless its defect is recorded, each starting OB adds up to its year's counter-mix column, the",
    'Mix maxima are steps / units, every cited defect is registered, every scenario names existing OBs.',
    '`test/unit/block/data.spec.ts` validates every document against its schema with ajv and runs the',
    'cross-checks (and shows each check can fail); `test/unit/block/data-provenance.spec.ts` checks that',
    'every OB unit stands on the seed line it cites, with its printed type, CV and name.',
    '',
    row('document', 'schema', 'holds'),
    row('---', '---', '---'),
    ...DOCUMENTS.map(([f, s, w]) => row(`\`${f}\``, `\`${s}\``, w)),
    '',
    'Conventions: sides are `union`/`confederate`, theaters `east`/`west`, months `YYYY-MM`. A value',
    '002 does not give is `null` with a `missing` note, never a guess; where the notes propose a value',
    'it sits beside the null as a `resolutions[]` entry marked `provisional`. Non-HQ blocks are generic',
    'by type: OB names are display labels (`null` where lost). Location names are kept as printed,',
    'with a normalised id scoped per theater (Franklin is a hex on both maps).',
    '',
    '## Orders of battle',
    '',
    row(
      'OB',
      'starts',
      'USA blocks / steps',
      'CSA blocks / steps',
      'forces beside the setup',
      'source',
    ),
    row('---', '---', '---', '---', '---', '---'),
  ];
  for (const ob of d.ordersOfBattle) {
    const tally = (side: 'union' | 'confederate') => {
      const us = ob.sides[side].units;
      return `${us.length} / ${us.reduce((n, u) => n + (u.cv ?? 0), 0)}`;
    };
    lines.push(
      row(
        ob.id,
        ob.start,
        tally('union'),
        tally('confederate'),
        ob.forces.map((f) => `${f.id} (${f.units.length} blocks, from ${f.available})`).join('; '),
        `${ob.sides.union.source}; ${ob.sides.confederate.source}`,
      ),
    );
  }
  lines.push(
    '',
    'Scenarios and campaign games (`calendar.json`):',
    '',
    row('id', 'theaters', 'first month', 'last month', 'OBs'),
    row('---', '---', '---', '---', '---'),
    ...d.calendar.scenarios.map((s) =>
      row(s.id, s.theaters.join(', '), s.start, s.end ?? 'open-ended', s.orders.join(', ')),
    ),
    '',
    '## OCR defects and ambiguities resolved',
    '',
    "Ids `A…` are the notes' §11 items; `B…` were found in the seed and are not in the notes.",
    '',
    row('id', 'sev', 'seed lines', 'damage', 'resolution', 'documents'),
    row('---', '---', '---', '---', '---', '---'),
    ...d.ocrDefects.defects.map((x) =>
      row(x.id, x.severity, x.seedLines, x.damage, x.resolution, x.documents.join(', ')),
    ),
    '',
    '## Values 002 does not give',
    '',
    row('document', 'what', 'why'),
    row('---', '---', '---'),
    ...missingValues(),
    '',
    '## Provisional values (to verify against the physical game)',
    '',
    row('document', 'what', 'value', 'basis'),
    row('---', '---', '---', '---'),
    ...provisionalValues(),
    '',
    '## OCR rows dropped',
    '',
    row('OB', 'line', 'printed', 'defect', 'note'),
    row('---', '---', '---', '---', '---'),
    ...d.ordersOfBattle.flatMap((ob) =>
      ob.dropped.map((x) => row(ob.id, x.line, x.printed, x.defect ?? '', x.note ?? '')),
    ),
    '',
    `Cross-check problems: ${crossCheckBlockData(d).length}.`,
  );
  return lines.join('\n') + '\n';
}

if (require.main === module) {
  const text = buildBlockDataDoc();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(BLOCK_DATA_DOC) ? fs.readFileSync(BLOCK_DATA_DOC, 'utf8') : '';
    if (current !== text) {
      console.error('docs/block-data.md is stale: run npm run block-data:doc');
      process.exit(1);
    }
  } else {
    fs.writeFileSync(BLOCK_DATA_DOC, text);
    console.log(`wrote ${path.relative(ROOT, BLOCK_DATA_DOC)}`);
  }
}
