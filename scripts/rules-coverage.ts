/**
 * Generates docs/rules-coverage.md: every case of the Blue & Grey revised
 * 2nd edition standard rules (seed 000, lines 1–1083, "[6.16]" headings)
 * with the tests whose titles start with its number, or "not yet enforced".
 *
 *   npm run rules:coverage          rewrite docs/rules-coverage.md
 *   npm run rules:coverage -- --check   exit 1 if the committed file is stale
 *
 * A test title names its cases first: "7.2: …", "7.2, 6.25: …" (it, test or
 * describe; a describe's cases count for the tests inside it as well).
 *
 * Headings that state no rule (DESCRIPTIVE below, each with the reason) are
 * listed as "descriptive — nothing to enforce" rather than "not yet enforced".
 *
 * A column per rules system: blue-grey (the revised 2nd edition, titles
 * "7.2: …") and classic (the 1975 SPI standard rules of seed 001, cases
 * 1.0–12.0, titles "O7.22: …"). The two editions number their cases
 * independently, so a row shows each edition's own heading for that number.
 *
 * An "Overrides" section lists the cases where a specific rule overrides a
 * general one (scripts/rules-overrides.ts) with the tests proving each; the
 * build fails (and with it the coverage test) when such a case has no test.
 *
 * A third table covers the Bobby Lee & Sam Grant block game (seed 002, rules
 * 1.0–13.7, headings "6.31 Night Turns" at a line start; titles "B6.31: …").
 * Its cases the engine refuses as not yet supported are NOT_YET_SUPPORTED_002,
 * each with the reason.
 */
import * as fs from 'fs';
import * as path from 'path';
import { NOT_OVERRIDES, OVERRIDES, type Override } from './rules-overrides';

const ROOT = path.join(__dirname, '..');
const SEEDS = ['/work/shared/seeds', path.join(ROOT, 'docs/seeds')];
const STANDARD_RULES_LINES = 1083;

/**
 * Cases of seed 000 that state no rule of play, and why. Kept explicit: a
 * case leaves this list only by a decision recorded here, never by default.
 * A test citing one of them still shows in its row.
 */
export const DESCRIPTIVE: Readonly<Record<string, string>> = {
  '2.0': 'section title (GAME EQUIPMENT); its rule, off-map retreat, is 2.1 and 5.6',
  '2.2': 'lists the charts and tables supplied; the tables themselves are 8.6 and 10.1',
  '2.3': 'describes the playing pieces and markers; unit types and values are 2.4',
  '2.5': 'game scale (metres per hex, men per strength point): no effect on play',
  '8.5': 'explains why a player may make diversionary attacks; no rule beyond 8.1–8.2 and 9.1',
  '10.0': 'section title (TERRAIN EFFECTS AND FIELDWORKS); the rules are 10.1–10.3',
  '12.0': 'general introduction to morale; every statement in it is a case of 12.1–12.4',
  '13.0': "section title (DESIGNER'S AND DEVELOPER'S NOTES)",
  '13.1': "designer's notes: history and intent, no rule",
  '13.2': "developer's notes: history of the variant, no rule",
  '14.0': 'credits',
};

/** Cases of the 1975 standard rules (seed 001) that state no rule of play, and why. */
export const DESCRIPTIVE_1975: Readonly<Record<string, string>> = {
  '1.0': 'introduction: the game system and its folders',
  '2.0': 'section title (GAME EQUIPMENT)',
  '2.1': 'the map sheet and its hex grid (the map is scenario data)',
  '2.2': 'lists the charts and tables; the tables are the CRT (7.6) and the TEC (9.0)',
  '2.3': 'describes the playing pieces; their values are 2.4',
  '2.5': 'game scale: no effect on play',
  '2.6': 'parts inventory and customer service',
  '7.5': 'explains diversionary attacks; no rule beyond 7.1-7.2',
  '12.0': "designer's notes: history and intent, no rule",
};

/** Cases of seed 002 (block game) that state no rule of play, and why. */
export const DESCRIPTIVE_002: Readonly<Record<string, string>> = {
  '1.1': 'where the players sit at the table',
  '1.43': 'villages "have no game effect" unless forts or ports (1.441, 1.45): shown to name hexes',
  '2.1': "the blocks' colours and labels: each block carries its side",
  '8.0': 'introduces hex control; its rules are 8.1',
};

/**
 * Cases of seed 002's battle rules (6.0–7.6) that a game refuses as "not yet
 * supported", and why: listed, never silently ignored.
 */
export const NOT_YET_SUPPORTED_002: Readonly<Record<string, string>> = {
  ...campaignNotYet(),
};

/**
 * The campaign rules the campaign engine does not play: the Western theater
 * (Sam Grant) and the two-theater war, which need the Western map. No
 * Western scenario exists; the Eastern ones lack none of their rules
 * (CAMPAIGN_GAPS, src/engine/rules/block-campaign-system.ts, is empty), and a
 * Western rule the engine reaches is refused NOT_YET_SUPPORTED.
 */
function campaignNotYet(): Record<string, string> {
  const why = (what: string) => `${what}: not implemented`;
  const parts: Array<[string, string]> = [
    ['11.32', 'supply in the Western theater (its map is not built)'],
    ['11.422', 'naval supply lines in the Western theater (its map is not built)'],
    [
      '1.22 1.351 1.412 1.442 1.452 1.52 1.821 1.822 1.823 2.212 2.241 4.22 4.32 4.54 5.5 9.11 9.621 9.622 10.22 12.21 12.22 12.412',
      'the Western theater (Sam Grant): its map, scenarios and their rules are not built; no Western scenario is listed, and a Western rule reached is refused',
    ],
    [
      '4.33 4.56 13.0 13.1 13.2 13.4 13.5 13.6 13.7',
      'the combined two-theater war: it needs the Western theater',
    ],
  ];
  return Object.fromEntries(
    parts.flatMap(([cases, what]) => cases.split(' ').map((c) => [c, why(what)])),
  );
}

/** Parts of seed 002's battle cases that are played with a stated default instead of asking, or refused. */
export const LIMITS_002: Readonly<Record<string, string>> = {
  '7.15':
    "the routing owner is not asked which hexsides his blocks take: they go across the first open hexside with room, in the scenario's order",
  '7.43':
    'the two-space move by the Outflank roll (last paragraph) is refused as not yet supported',
};

export interface RuleCase {
  id: string;
  heading: string;
}

function seedFile(prefix = '000_'): string {
  for (const dir of SEEDS) {
    if (!fs.existsSync(dir)) continue;
    const f = fs.readdirSync(dir).find((n) => n.startsWith(prefix) && n.endsWith('.txt'));
    if (f) return path.join(dir, f);
  }
  throw new Error(`seed ${prefix} not found`);
}

/** The cases of the 1975 standard rules (seed 001, up to the Blue & Gray II exclusive rules). */
export function classicCases(text: string): RuleCase[] {
  const all = text.split('\n');
  const end = all.findIndex((l) => l.trim() === 'BLUE & GRAY II');
  return ruleCases(all.slice(0, end < 0 ? all.length : end).join('\n'), Infinity);
}

/** The cases of the block game's rules (seed 002, before the index and charts). */
export function blockCases(text: string): RuleCase[] {
  const all = text.split('\n');
  const end = all.findIndex(
    (l, i) => i > 1500 && /^Index\b|^INDEX\b|^\s*Attack Limits, 5\.31/.test(l),
  );
  const out: RuleCase[] = [];
  const seen = new Set<string>();
  for (const line of all.slice(0, end < 0 ? 1680 : end)) {
    const m = /^(\d{1,2}\.\d{1,3}) ([A-Z].*)$/.exec(line.trim());
    if (!m || seen.has(m[1])) continue;
    seen.add(m[1]);
    const heading = m[2].replace(/\s+/g, ' ').replace(/\|/g, '/');
    out.push({ id: m[1], heading: heading.length > 70 ? `${heading.slice(0, 67)}…` : heading });
  }
  return out;
}

/** The cases of the standard rules, in order of first appearance. */
export function ruleCases(text: string, lastLine = STANDARD_RULES_LINES): RuleCase[] {
  const lines = text.split('\n').slice(0, lastLine);
  const out: RuleCase[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const m = /^\[(\d+\.\d+)\]\s*(.*)$/.exec(line.trim());
    if (!m || seen.has(m[1])) continue;
    seen.add(m[1]);
    const heading = m[2].replace(/\s+/g, ' ').replace(/\|/g, '/');
    out.push({ id: m[1], heading: heading.length > 70 ? `${heading.slice(0, 67)}…` : heading });
  }
  return out;
}

function specFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.') || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) specFiles(p, out);
    else if (e.name.endsWith('.spec.ts')) out.push(p);
  }
  return out;
}

const TITLE =
  /\b(?:it|test|describe)(?:\.(?:only|skip|each\([^)]*\)))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
const LEADING = /^(\d+\.\d+(?:\s*,\s*\d+\.\d+)*)\s*[:\s]/;
/** 1975 titles: "O7.22: …", "O5.13, O6.3: …", "O17.11-17.14, O17.2: …" (the O is dropped from the case). */
const LEADING_1975 = /^(O\d+\.\d+(?:-\d+\.\d+)?(?:\s*,\s*O\d+\.\d+(?:-\d+\.\d+)?)*)\s*[:\s]/;
/** Block game titles: "B7.14: …", "B7.35, B7.15 …" (the B is dropped from the case). */
const LEADING_002 = /^(B\d+\.\d+(?:\s*,\s*B\d+\.\d+)*)/;

/** case → test titles ("file: title"). */
export function testsByCase(files: string[], leading: RegExp = LEADING): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const file of files.sort()) {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(TITLE)) {
      const title = m[2].replace(/\\(['"`])/g, '$1');
      const lead = leading.exec(title);
      if (!lead) continue;
      for (const c of lead[1].split(',').map((s) => s.trim().replace(/^[OB]/, ''))) {
        const list = map.get(c) ?? [];
        list.push(`\`${rel}\`: ${title.replace(/\|/g, '/')}`);
        map.set(c, list);
      }
    }
  }
  return map;
}

/** Every test title (it, test, describe) of the spec files → the files it is in. */
export function testTitles(files: string[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const file of [...files].sort()) {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    for (const m of fs.readFileSync(file, 'utf8').matchAll(TITLE)) {
      const title = m[2].replace(/\\(['"`])/g, '$1');
      map.set(title, [...(map.get(title) ?? []), rel]);
    }
  }
  return map;
}

/** The cases a title starts with, as written ("8.74", "O7.74"). */
function leadingCases(title: string, edition: Override['edition']): string[] {
  const lead = (edition === 'classic' ? LEADING_1975 : LEADING).exec(title);
  return lead ? lead[1].split(',').map((c) => c.trim()) : [];
}

/**
 * What is wrong with the override list: an entry with no test, a test title no
 * spec file has, or a title that does not start with the overriding case.
 */
export function overrideProblems(
  overrides: readonly Override[],
  titles: Map<string, string[]>,
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const o of overrides) {
    const key = `${o.edition} ${o.case}`;
    if (seen.has(key)) problems.push(`${key}: listed twice`);
    seen.add(key);
    if (o.tests.length === 0) problems.push(`${key}: no test proves this override`);
    for (const t of o.tests) {
      if (!titles.has(t)) problems.push(`${key}: no spec file has the test "${t}"`);
      else if (!leadingCases(t, o.edition).includes(o.case))
        problems.push(`${key}: the test "${t}" does not start with ${o.case}`);
    }
  }
  return problems;
}

function overridesSection(titles: Map<string, string[]>): string[] {
  const problems = overrideProblems(OVERRIDES, titles);
  if (problems.length) throw new Error(`scripts/rules-overrides.ts:\n  ${problems.join('\n  ')}`);
  const cellText = (s: string) => s.replace(/\|/g, '/');
  const lines = [
    '',
    '## Overrides: where a specific case overrides a general one',
    '',
    'Every case of the standard rules whose text says "except", "regardless", "even if",',
    '"instead", "does not apply", "Exception:", or names another case it modifies, with the',
    'general rule it overrides and the tests that set up exactly the overriding situation',
    '(`scripts/rules-overrides.ts`; the coverage test fails when one has no test).',
    '',
    '| Edition | Case | Overrides | The text | Tests |',
    '|---|---|---|---|---|',
  ];
  for (const o of OVERRIDES) {
    const tests = o.tests.map((t) => `\`${titles.get(t)![0]}\`: ${cellText(t)}`).join('<br>');
    lines.push(
      `| ${o.edition} | ${o.case} | ${cellText(o.overrides)} | “${cellText(o.text)}” | ${tests} |`,
    );
  }
  lines.push('', 'Phrases found that override no rule:', '');
  for (const n of NOT_OVERRIDES) lines.push(`- ${n.edition} ${n.where}: ${n.why}`);
  return lines;
}

/** One system's cell for a case: heading, then its tests, or why there are none. */
function cell(
  c: RuleCase | undefined,
  cases: RuleCase[],
  tests: Map<string, string[]>,
  descriptive: Readonly<Record<string, string>>,
): string {
  if (!c) return '—';
  const t = tests.get(c.id);
  const hasChildren = cases.some(
    (o) => o.id !== c.id && o.id.startsWith(c.id) && o.id.length > c.id.length,
  );
  const body = t
    ? t.join('<br>')
    : descriptive[c.id] !== undefined
      ? `descriptive — nothing to enforce (${descriptive[c.id]})`
      : hasChildren
        ? 'section: see its cases'
        : 'not yet enforced';
  return `**${c.heading}**<br>${body}`;
}

/** Case numbers in reading order: 6.1 < 6.11 < 6.12 < 6.2. */
function caseOrder(a: string, b: string): number {
  const [am, af] = a.split('.');
  const [bm, bf] = b.split('.');
  return Number(am) - Number(bm) || (af < bf ? -1 : af > bf ? 1 : 0);
}

export function buildCoverage(): string {
  const cases = ruleCases(fs.readFileSync(seedFile(), 'utf8'));
  const classic = classicCases(fs.readFileSync(seedFile('001_'), 'utf8'));
  const files = [...specFiles(path.join(ROOT, 'src')), ...specFiles(path.join(ROOT, 'test'))];
  const tests = testsByCase(files);
  const tests1975 = testsByCase(files, LEADING_1975);
  const ids = new Set(cases.map((c) => c.id));
  const ids1975 = new Set(classic.map((c) => c.id));
  const lines: string[] = [
    '# Rules coverage',
    '',
    'Generated by `npm run rules:coverage` from the test titles (`*.spec.ts`) and the case',
    'headings of the standard rules of each rules system: **blue-grey**, the Blue & Grey revised',
    '2nd edition (seed 000, lines 1–1083; titles "7.2: …"), and **classic**, the 1975 SPI Blue &',
    'Gray standard rules (seed 001, cases 1.0–12.0; titles "O7.22: …"). The editions number their',
    "cases independently: each column shows its own edition's heading for the number.",
    'Do not edit by hand; a test fails when this file is stale.',
    '',
  ];
  const count = (
    cs: RuleCase[],
    ts: Map<string, string[]>,
    d: Readonly<Record<string, string>>,
  ) => ({
    enforced: cs.filter((c) => ts.has(c.id)).length,
    descriptive: cs.filter((c) => !ts.has(c.id) && d[c.id] !== undefined).length,
  });
  const unknown = Object.keys(DESCRIPTIVE).filter((k) => !ids.has(k));
  if (unknown.length)
    throw new Error(
      `DESCRIPTIVE names cases that are not headings of seed 000: ${unknown.join(', ')}`,
    );
  const unknown1975 = Object.keys(DESCRIPTIVE_1975).filter((k) => !ids1975.has(k));
  if (unknown1975.length)
    throw new Error(
      `DESCRIPTIVE_1975 names cases that are not headings of seed 001: ${unknown1975.join(', ')}`,
    );
  const bg = count(cases, tests, DESCRIPTIVE);
  const cl = count(classic, tests1975, DESCRIPTIVE_1975);
  lines.push(
    '| Rules system | Cases | With tests | Descriptive |',
    '|---|---|---|---|',
    `| blue-grey (revised 2e) | ${cases.length} | ${bg.enforced} | ${bg.descriptive} |`,
    `| classic (1975) | ${classic.length} | ${cl.enforced} | ${cl.descriptive} |`,
    '',
    `${bg.enforced} of ${cases.length} cases have tests; ${bg.descriptive} state no rule (descriptive — nothing to enforce).`,
    '',
    '| Case | blue-grey (revised 2e) | classic (1975) |',
    '|---|---|---|',
  );
  const byId = new Map(cases.map((c) => [c.id, c]));
  const byId1975 = new Map(classic.map((c) => [c.id, c]));
  for (const id of [...new Set([...ids, ...ids1975])].sort(caseOrder)) {
    lines.push(
      `| ${id} | ${cell(byId.get(id), cases, tests, DESCRIPTIVE)} | ${cell(byId1975.get(id), classic, tests1975, DESCRIPTIVE_1975)} |`,
    );
  }
  const stray = [...tests.keys()].filter((k) => !ids.has(k)).sort();
  if (stray.length) {
    lines.push(
      '',
      '## Tests citing cases outside the standard rules (exclusive rules, ambiguities)',
      '',
    );
    for (const k of stray) lines.push(`- ${k}: ${tests.get(k)!.length} test(s)`);
  }
  const stray1975 = [...tests1975.keys()].filter((k) => !ids1975.has(k)).sort(caseOrder);
  if (stray1975.length) {
    lines.push(
      '',
      '## Tests citing 1975 cases outside the 1975 standard rules (exclusive rules)',
      '',
    );
    for (const k of stray1975) lines.push(`- O${k}: ${tests1975.get(k)!.length} test(s)`);
  }
  lines.push(...overridesSection(testTitles(files)));
  lines.push(...blockCoverage(files));
  return lines.join('\n') + '\n';
}

/** The block game's table (seed 002). */
function blockCoverage(files: string[]): string[] {
  const cases = blockCases(fs.readFileSync(seedFile('002_'), 'utf8'));
  const tests = testsByCase(files, LEADING_002);
  const ids = new Set(cases.map((c) => c.id));
  for (const k of [...Object.keys(NOT_YET_SUPPORTED_002), ...Object.keys(LIMITS_002)])
    if (!ids.has(k))
      throw new Error(`NOT_YET_SUPPORTED_002/LIMITS_002 name ${k}, not a case of seed 002`);
  const battle = cases.filter((c) => /^[67]\./.test(c.id));
  const withTests = (cs: RuleCase[]) => cs.filter((c) => tests.has(c.id)).length;
  const out = [
    '',
    '## Bobby Lee & Sam Grant (seed 002, the block game)',
    '',
    'Test titles "B7.14: …". The battle system (6.0–7.6) and the Eastern campaign (the Bobby Lee',
    'scenarios and campaign game) are played; the Eastern mapboard (1.x) is built and checked',
    '(test/unit/scenarios/bobby-lee-map.spec.ts). The Western theater and the two-theater war are',
    'not yet supported: no Western map or scenario exists.',
    '',
    '| Part | Cases | With tests | Not yet supported |',
    '|---|---|---|---|',
    `| battles (6.0–7.6) | ${battle.length} | ${withTests(battle)} | ${battle.filter((c) => NOT_YET_SUPPORTED_002[c.id] !== undefined).length} |`,
    `| whole rules | ${cases.length} | ${withTests(cases)} | ${cases.filter((c) => NOT_YET_SUPPORTED_002[c.id] !== undefined).length} |`,
    '',
    '| Case | block game (seed 002) |',
    '|---|---|',
  ];
  for (const c of cases) {
    const t = tests.get(c.id);
    const hasChildren = cases.some(
      (o) => o.id !== c.id && o.id.startsWith(c.id.replace(/0$/, '')) && o.id.length > c.id.length,
    );
    const refused = NOT_YET_SUPPORTED_002[c.id];
    const limit = LIMITS_002[c.id];
    const body = [
      ...(t ?? []),
      ...(refused ? [`not yet supported: ${refused}`] : []),
      ...(limit ? [`limit: ${limit}`] : []),
    ];
    const text =
      body.length > 0
        ? body.join('<br>')
        : DESCRIPTIVE_002[c.id] !== undefined
          ? `descriptive — nothing to enforce (${DESCRIPTIVE_002[c.id]})`
          : hasChildren
            ? 'section: see its cases'
            : 'not yet enforced';
    out.push(`| ${c.id} | **${c.heading}**<br>${text} |`);
  }
  const stray = [...tests.keys()].filter((k) => !ids.has(k)).sort(caseOrder);
  if (stray.length) {
    out.push('', '## Tests citing block-game cases that are not headings of seed 002', '');
    for (const k of stray) out.push(`- B${k}: ${tests.get(k)!.length} test(s)`);
  }
  return out;
}

export const COVERAGE_FILE = path.join(ROOT, 'docs/rules-coverage.md');

if (require.main === module) {
  const text = buildCoverage();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(COVERAGE_FILE) ? fs.readFileSync(COVERAGE_FILE, 'utf8') : '';
    if (current !== text) {
      console.error('docs/rules-coverage.md is stale: run npm run rules:coverage');
      process.exit(1);
    }
  } else {
    fs.mkdirSync(path.dirname(COVERAGE_FILE), { recursive: true });
    fs.writeFileSync(COVERAGE_FILE, text);
    console.log(`wrote ${path.relative(ROOT, COVERAGE_FILE)}`);
  }
}
