import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** The pg pool's query with a statement name (what TypeORM's query cannot pass). */
interface NamedQueryPool {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
  }): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/** Distinct statement texts named so far; more than this are sent unnamed, as TypeORM would. */
const MAX_NAMED = 64;

/**
 * Statements sent as named prepared statements on the pg pool behind TypeORM, so
 * PostgreSQL parses and plans each once per connection instead of at every call,
 * and only the parameters cross the socket after the first. Made for the optimistic
 * order statement (issue 20): a data-modifying CTE whose parse and plan took about
 * a third of the database's time per order (the benchmark's "raw pg, 1 stmt" went
 * from about 5,100 to 8,000 statements/s on 2 cores when named). Each text gets a
 * name derived from it, so a name never stands for two texts (pg refuses that).
 * Outside a transaction only: a transaction's statements go through its own
 * EntityManager. On a real PostgreSQL server only: the embedded database's one
 * session outlives the pool's connections to it (and is shared by every pool of
 * the process), so a statement named on an earlier connection would "already
 * exist" on the next one; there every statement goes unnamed through TypeORM.
 */
export class NamedStatements {
  private readonly names = new Map<string, string>();

  constructor(
    private readonly dataSource: DataSource,
    /** Whether the database is a real PostgreSQL server (known only once connected). */
    private readonly onServer: () => boolean,
  ) {}

  async query<T>(text: string, values: unknown[]): Promise<T[]> {
    if (!this.onServer()) return this.dataSource.query<T[]>(text, values);
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_NAMED) {
      name = `muster_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      this.names.set(text, name);
    }
    if (name === undefined) return this.dataSource.query<T[]>(text, values);
    const pool = (this.dataSource.driver as PostgresDriver).master as NamedQueryPool;
    const result = await pool.query({ name, text, values });
    return result.rows as T[];
  }
}
