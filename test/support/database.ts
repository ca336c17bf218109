import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The real PostgreSQL server to test against, if any (TEST_DATABASE_URL wins over DATABASE_URL). */
export function testServerUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
  return url || undefined;
}

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * Creates `muster_test_<random>` on the server at `serverUrl` and returns its URL; `drop()`
 * removes it (WITH (FORCE), so lingering connections do not keep it alive).
 */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `muster_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
