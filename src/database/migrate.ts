import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../common/config/config';
import {
  dataSourceOptions,
  describeTarget,
  resolveDatabase,
  runMigrationsLocked,
} from './data-source';

/**
 * `npm run migration:run`: applies pending migrations to DATABASE_URL, or to the
 * embedded database in MUSTER_DATA_DIR (stop the service first: one process at a
 * time may open an embedded data directory). The service also does this at start-up.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { target, embedded } = await resolveDatabase(config);
  const dataSource = new DataSource(dataSourceOptions(target));
  try {
    await dataSource.initialize();
    // The same advisory lock as the service's start-up: safe while instances start.
    const applied = await runMigrationsLocked(dataSource);
    console.log(
      applied.length === 0
        ? `No pending migrations on ${describeTarget(config)}.`
        : `Applied ${applied.length} migration(s) on ${describeTarget(config)}: ${applied
            .map((m) => m.name)
            .join(', ')}`,
    );
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
