import * as fs from 'fs';
import * as path from 'path';
import { buildCoverage, DESCRIPTIVE, ruleCases } from '../../../scripts/rules-coverage';

const seed = (): string => {
  for (const dir of ['/work/shared/seeds', path.join(__dirname, '../../../docs/seeds')]) {
    if (!fs.existsSync(dir)) continue;
    const f = fs.readdirSync(dir).find((n) => n.startsWith('000_') && n.endsWith('.txt'));
    if (f) return fs.readFileSync(path.join(dir, f), 'utf8');
  }
  throw new Error('seed 000 not found');
};

describe('rules coverage: headings that state no rule', () => {
  it('every listed descriptive heading is a heading of the standard rules, with a reason', () => {
    const ids = new Set(ruleCases(seed()).map((c) => c.id));
    for (const [id, why] of Object.entries(DESCRIPTIVE)) {
      expect(ids.has(id)).toBe(true);
      expect(why.length).toBeGreaterThan(5);
    }
  });

  it('descriptive headings without tests read "descriptive — nothing to enforce", never "not yet enforced"', () => {
    const rows = buildCoverage().split('\n');
    for (const id of Object.keys(DESCRIPTIVE)) {
      const row = rows.find((r) => r.startsWith(`| ${id} |`))!;
      expect(row).toBeDefined();
      expect(row).not.toContain('not yet enforced');
      if (!row.includes('.spec.ts')) expect(row).toContain('descriptive — nothing to enforce');
    }
  });
});
