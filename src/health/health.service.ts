import {
  Injectable,
  OnApplicationBootstrap,
  OnModuleDestroy,
  ServiceUnavailableException,
} from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { EmbeddedDatabaseService } from '../database/embedded-database.service';
import { EnginePool } from '../workers/engine-pool.service';
import { EventLoopMonitor, type EventLoopHealth } from './event-loop-monitor';

/** What GET /health/live answers: the process and its event loop, nothing it depends on. */
export interface Liveness {
  status: 'ok';
  eventLoop: EventLoopHealth;
  engine: { tasks: number; queued: number; threads: number };
}

/**
 * Liveness (the process answers; how late its event loop runs; the engine
 * worker pool's load) and readiness (plus a database round trip), shared by
 * GET /health, /health/live, /health/ready and the GraphQL `health` query.
 * The database and the event loop are reported apart.
 */
@Injectable()
export class HealthService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly loop = new EventLoopMonitor();

  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly database: EmbeddedDatabaseService,
    private readonly pool: EnginePool,
  ) {}

  /**
   * Start-up (module init, migrations — on the embedded database PGlite runs them on this thread) is not
   * the running service: the loop's figures start once the application is up, so a restart does not
   * report a stall that no request ever met.
   */
  onApplicationBootstrap(): void {
    this.loop.restart();
  }

  onModuleDestroy(): void {
    this.loop.stop();
  }

  /** Never touches the database: an orchestrator restarting on this restarts only a stuck process. */
  live(): Liveness {
    return { status: 'ok', eventLoop: this.loop.read(), engine: this.pool.load };
  }

  /** Resolves with status "ok", or with status "error" when the database does not answer. */
  async check(): Promise<HealthCheckResult> {
    const kind = this.database.kind;
    const eventLoop = () => ({ eventLoop: { ...this.loop.read() } });
    try {
      return await this.health.check([
        async () => {
          const result = await this.db.pingCheck('database', { timeout: 3000 });
          return { database: { ...result.database, kind } };
        },
        eventLoop,
      ]);
    } catch (e) {
      if (e instanceof ServiceUnavailableException) {
        const body = e.getResponse() as HealthCheckResult;
        const database = body.details?.database ?? { status: 'down' };
        return { ...body, details: { ...body.details, database: { ...database, kind } } };
      }
      throw e;
    }
  }
}
