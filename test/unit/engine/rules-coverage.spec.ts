import * as fs from 'fs';
import { buildCoverage, COVERAGE_FILE, overrideProblems } from '../../../scripts/rules-coverage';
import { OVERRIDES } from '../../../scripts/rules-overrides';

describe('docs/rules-coverage.md', () => {
  it('is up to date with the test titles (run npm run rules:coverage)', () => {
    expect(fs.readFileSync(COVERAGE_FILE, 'utf8')).toBe(buildCoverage());
  });
});

describe('the overrides list (scripts/rules-overrides.ts, issue 21)', () => {
  const titles = new Map([
    ['8.74: a retreated unit adds nothing', ['a.spec.ts']],
    ['O7.74: a retreated unit adds nothing', ['b.spec.ts']],
  ]);
  const entry = {
    edition: 'blue-grey' as const,
    case: '8.74',
    overrides: '8.14',
    text: 'does not contribute',
  };

  it('an override case with no test, or naming a test no spec file has, is a problem', () => {
    expect(overrideProblems([{ ...entry, tests: [] }], titles)).toEqual([
      'blue-grey 8.74: no test proves this override',
    ]);
    expect(overrideProblems([{ ...entry, tests: ['8.74: gone'] }], titles)).toEqual([
      'blue-grey 8.74: no spec file has the test "8.74: gone"',
    ]);
  });

  it('a test counts only if its title starts with the overriding case, in its edition', () => {
    expect(
      overrideProblems([{ ...entry, tests: ['O7.74: a retreated unit adds nothing'] }], titles),
    ).toEqual([
      'blue-grey 8.74: the test "O7.74: a retreated unit adds nothing" does not start with 8.74',
    ]);
    expect(
      overrideProblems(
        [
          { ...entry, tests: ['8.74: a retreated unit adds nothing'] },
          {
            ...entry,
            edition: 'classic',
            case: 'O7.74',
            tests: ['O7.74: a retreated unit adds nothing'],
          },
        ],
        titles,
      ),
    ).toEqual([]);
  });

  it('every listed override case has a test in each edition, none listed twice', () => {
    expect(OVERRIDES.filter((o) => o.tests.length === 0)).toEqual([]);
    expect(new Set(OVERRIDES.map((o) => `${o.edition} ${o.case}`)).size).toBe(OVERRIDES.length);
    expect(OVERRIDES.some((o) => o.edition === 'blue-grey')).toBe(true);
    expect(OVERRIDES.some((o) => o.edition === 'classic')).toBe(true);
  });
});
