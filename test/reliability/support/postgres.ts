import { Client } from 'pg';

/**
 * The real PostgreSQL the reliability tests and the API benchmark use:
 * TEST_DATABASE_URL, else DATABASE_URL, else the local server CI starts
 * (postgres://postgres@127.0.0.1:5432/test). Each run works in its own scratch
 * database (test/support/database.ts), so the URL only needs CREATE DATABASE.
 */
export function postgresServerUrl(): string {
  return (
    process.env.TEST_DATABASE_URL?.trim() ||
    process.env.DATABASE_URL?.trim() ||
    'postgres://postgres@127.0.0.1:5432/test'
  );
}

/** True when that server answers within 3 s. */
export async function postgresAvailable(url = postgresServerUrl()): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
