import * as fs from 'fs';
import { buildCoverage, COVERAGE_FILE } from '../../../scripts/rules-coverage';

describe('docs/rules-coverage.md', () => {
  it('is up to date with the test titles (run npm run rules:coverage)', () => {
    expect(fs.readFileSync(COVERAGE_FILE, 'utf8')).toBe(buildCoverage());
  });
});
