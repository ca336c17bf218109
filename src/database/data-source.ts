import 'reflect-metadata';
import { DataSource, DataSourceOptions, Migration, MigrationExecutor } from 'typeorm';
import { AppConfig, DEFAULT_DATABASE_POOL_SIZE, loadConfig, redact } from '../common/config/config';
import { MIGRATIONS } from '../../migrations';
import { EmbeddedDatabase, startEmbeddedDatabase } from './embedded';
import { ENTITIES } from './entities';

export interface DatabaseTarget {
  /** URL the pg driver connects to. */
  url: string;
  /** True when the URL points at the embedded PGlite socket server. */
  embedded: boolean;
}

/**
 * The TypeORM options for both the running service and the CLI. Schema changes come
 * only from migrations: `synchronize` is off everywhere; pending migrations are applied
 * at start-up by runMigrationsLocked (DatabaseModule), not by TypeORM's `migrationsRun`,
 * which takes no lock.
 */
export function dataSourceOptions(
  target: DatabaseTarget,
  /** Connections to a real server (DATABASE_POOL_SIZE); the embedded database always has one. */
  poolSize = DEFAULT_DATABASE_POOL_SIZE,
): DataSourceOptions {
  return {
    type: 'postgres',
    url: target.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'all',
    synchronize: false,
    migrationsRun: false,
    // PGlite is a single session: one pooled connection, never closed for idleness.
    // A real server gets DATABASE_POOL_SIZE connections (AppConfig.databasePoolSize).
    extra: target.embedded
      ? { max: 1, idleTimeoutMillis: 0, connectionTimeoutMillis: 10_000 }
      : { max: poolSize, connectionTimeoutMillis: 10_000 },
  };
}

/**
 * Key of the PostgreSQL advisory lock held while migrations run ("MUSTER" + 0x0001):
 * fixed, so every instance of the service and `npm run migration:run` take the same one.
 */
export const MIGRATIONS_LOCK_KEY = '5572210364329214977';

/**
 * Applies pending migrations (in one transaction) while holding a session-level
 * advisory lock, on one connection: instances starting at once against one
 * PostgreSQL wait for each other, and the later ones find nothing pending — without
 * the lock both would read "pending", and one would fail on tables the other had just
 * created. The lock is released after (and by PostgreSQL itself if the process dies).
 * PGlite supports advisory locks too; it has a single session, so there it is merely
 * harmless (one process per data directory is enforced by muster.lock anyway).
 * Returns the migrations applied.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<Migration[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATIONS_LOCK_KEY]);
    try {
      // On the locked connection: the lock covers exactly this session's work (and the
      // embedded database's pool of one connection has no other to give).
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = dataSource.options.migrationsTransactionMode ?? 'all';
      return await executor.executePendingMigrations();
    } finally {
      await runner
        .query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATIONS_LOCK_KEY])
        .catch(() => undefined); // connection lost: the lock went with the session
    }
  } finally {
    await runner.release();
  }
}

/**
 * Resolves where the database is: DATABASE_URL when set, otherwise a freshly started
 * embedded database (which the caller must stop).
 */
export async function resolveDatabase(
  config: AppConfig,
): Promise<{ target: DatabaseTarget; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { target: { url: config.databaseUrl, embedded: false } };
  const embedded = await startEmbeddedDatabase(config.dataDir);
  return { target: { url: embedded.url, embedded: true }, embedded };
}

export function describeTarget(config: AppConfig): string {
  return config.databaseUrl
    ? `PostgreSQL at ${redact(config.databaseUrl)}`
    : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
}

let cliEmbedded: EmbeddedDatabase | undefined;

/**
 * The DataSource for the TypeORM CLI (`npm run typeorm -- ...`, `npm run migration:generate`).
 * Starts the embedded database when DATABASE_URL is unset; the service must not be
 * running on the same MUSTER_DATA_DIR at the same time.
 */
async function cliDataSource(): Promise<DataSource> {
  const config = loadConfig(process.env);
  const { target, embedded } = await resolveDatabase(config);
  cliEmbedded = embedded;
  if (embedded) {
    const stop = (): void => void embedded.stop();
    process.once('beforeExit', stop);
  }
  return new DataSource({ ...dataSourceOptions(target), migrationsRun: false });
}

export function stopCliEmbedded(): Promise<void> {
  return cliEmbedded?.stop() ?? Promise.resolve();
}

// Only evaluated when this file is loaded by the TypeORM CLI.
export const AppDataSource: Promise<DataSource> | undefined = process.env.MUSTER_TYPEORM_CLI
  ? cliDataSource()
  : undefined;
