import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import { IN_MEMORY_DATA_DIR } from '../../src/common/config/config';
import {
  dataSourceOptions,
  MIGRATIONS_LOCK_KEY,
  runMigrationsLocked,
} from '../../src/database/data-source';
import { EmbeddedDatabase, startEmbeddedDatabase } from '../../src/database/embedded';
import { createScratchDatabase, ScratchDatabase, testServerUrl } from '../support/database';

/**
 * Start-up migrations under a PostgreSQL advisory lock (runMigrationsLocked): several
 * instances starting at once against one fresh database all come up and each migration
 * runs once. On a real server (TEST_DATABASE_URL / DATABASE_URL) each run has its own
 * pool, as separate instances would; on the embedded database (one session) the lock is
 * merely harmless. test/reliability/multi-instance.rel-spec.ts starts two built services
 * at once.
 */
describe('migrations under an advisory lock', () => {
  const serverUrl = testServerUrl();
  let scratch: ScratchDatabase | undefined;
  let embedded: EmbeddedDatabase | undefined;
  let url: string;
  const sources: DataSource[] = [];

  beforeAll(async () => {
    if (serverUrl) {
      scratch = await createScratchDatabase(serverUrl);
      url = scratch.url;
    } else {
      embedded = await startEmbeddedDatabase(IN_MEMORY_DATA_DIR);
      url = embedded.url;
    }
  });
  afterAll(async () => {
    for (const s of sources) if (s.isInitialized) await s.destroy();
    await scratch?.drop();
    await embedded?.stop();
  });

  const open = async () => {
    const source = new DataSource(dataSourceOptions({ url, embedded: !serverUrl }));
    sources.push(source);
    return source.initialize();
  };

  it('runs at once from several connections: every migration applied once, the lock released', async () => {
    // A real server: four pools, as four instances starting at once. PGlite: one pool of one
    // connection (a second pool would share its single session), four concurrent calls.
    const runners = serverUrl
      ? await Promise.all([open(), open(), open(), open()])
      : Array(4).fill(await open());
    const applied = await Promise.all(runners.map((s: DataSource) => runMigrationsLocked(s)));

    const counts = applied.map((a) => a.length).sort();
    expect(counts).toEqual([0, 0, 0, MIGRATIONS.length]);
    const rows: Array<{ name: string; n: string }> = await runners[0].query(
      'SELECT name, count(*) AS n FROM migrations GROUP BY name ORDER BY name',
    );
    expect(rows.map((r) => [r.name, Number(r.n)])).toEqual(
      MIGRATIONS.map((m) => [m.name, 1]).sort(),
    );
    const held = await runners[0].query(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(held[0].n).toBe(0);
  });

  it('a second run (another start-up, npm run migration:run) finds nothing pending', async () => {
    const source = sources[0].isInitialized ? sources[0] : await open();
    await expect(runMigrationsLocked(source)).resolves.toEqual([]);
    // A session can take the lock: it was released, not leaked.
    const runner = source.createQueryRunner();
    try {
      const probe = await runner.query('SELECT pg_try_advisory_lock($1::bigint) AS ok', [
        MIGRATIONS_LOCK_KEY,
      ]);
      expect(probe[0].ok).toBe(true);
      await runner.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATIONS_LOCK_KEY]);
    } finally {
      await runner.release();
    }
  });
});
