/**
 * One jest run for everything: unit tests beside the code (src/**\/*.spec.ts, test/unit)
 * and e2e tests (test/e2e/*.e2e-spec.ts) against the real app on a fresh database
 * (embedded PGlite by default; TEST_DATABASE_URL / DATABASE_URL for a real server).
 * @type {import('jest').Config}
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '.*\\.(spec|e2e-spec)\\.ts$',
  moduleFileExtensions: ['ts', 'js', 'json'],
  // tsconfig.spec.json sets isolatedModules: ts-jest transpiles file by file (fast; `npm run build` type-checks).
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }] },
  // e2e files boot the app on PGlite (a few seconds each); keep it generous.
  testTimeout: 60000,
  // Each worker boots its own PGlite; too many at once only thrash the CPU.
  maxWorkers: process.env.JEST_MAX_WORKERS || '50%',
};
