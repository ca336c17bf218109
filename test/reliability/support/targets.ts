import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../../support/database';
import { postgresAvailable, postgresServerUrl } from './postgres';
import { Service, startService } from './service';

/** A running built service on a fresh database, and how to get rid of both. */
export interface Target {
  label: 'postgresql' | 'embedded';
  service: Service;
  close(): Promise<void>;
}

/**
 * Starts the built service on a fresh scratch database on the real PostgreSQL, or
 * on a fresh embedded data directory. Returns undefined for PostgreSQL when the
 * server does not answer (an error when TEST_DATABASE_URL asked for it).
 */
export async function startTarget(
  label: Target['label'],
  env: Record<string, string> = {},
): Promise<Target | undefined> {
  if (label === 'postgresql') {
    if (!(await postgresAvailable())) {
      if (process.env.TEST_DATABASE_URL) {
        throw new Error(`TEST_DATABASE_URL is set but ${postgresServerUrl()} does not answer`);
      }
      console.warn(`PostgreSQL not reachable at ${postgresServerUrl()}: skipped on PostgreSQL`);
      return undefined;
    }
    const scratch = await createScratchDatabase(postgresServerUrl());
    const service = await startService({ databaseUrl: scratch.url, env }).catch(async (e) => {
      await scratch.drop();
      throw e;
    });
    return {
      label,
      service,
      async close() {
        await service.stop();
        await scratch.drop();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'muster-rel-'));
  const service = await startService({ dataDir: dir, env });
  return {
    label,
    service,
    async close() {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
