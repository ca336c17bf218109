/**
 * `npm run test:reliability`: races, idempotency, crashes (SIGKILL of the built
 * service, on PostgreSQL and on the embedded database), database outages, bad input,
 * authorisation and rate limits — test/reliability/*.{rel-spec,e2e-spec}.ts. The
 * *.e2e-spec.ts files there are quick and also run with `npm test`; the *.rel-spec.ts
 * ones only here. One file at a time: several start child services and load them.
 * @type {import('jest').Config}
 */
const base = require('./jest.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/test/reliability'],
  testRegex: '.*\\.(rel-spec|e2e-spec)\\.ts$',
  testTimeout: 180000,
  maxWorkers: 1,
};
