import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { EmbeddedDatabaseService } from '../database/embedded-database.service';

/** Liveness plus a database round trip, shared by GET /health and the GraphQL `health` query. */
@Injectable()
export class HealthService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly database: EmbeddedDatabaseService,
  ) {}

  /** Resolves with status "ok", or with status "error" when the database does not answer. */
  async check(): Promise<HealthCheckResult> {
    const kind = this.database.kind;
    try {
      return await this.health.check([
        async () => {
          const result = await this.db.pingCheck('database', { timeout: 3000 });
          return { database: { ...result.database, kind } };
        },
      ]);
    } catch (e) {
      if (e instanceof ServiceUnavailableException) {
        const body = e.getResponse() as HealthCheckResult;
        const database = body.details?.database ?? { status: 'down' };
        return { ...body, details: { database: { ...database, kind } } };
      }
      throw e;
    }
  }
}
