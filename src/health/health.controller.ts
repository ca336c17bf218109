import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckResult } from '@nestjs/terminus';
import { ProblemException } from '../common/errors/problem';
import { HealthService, type Liveness } from './health.service';

@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * Readiness (also at /health/ready): 200 `{status: "ok", info, error, details}`
   * when the database answers, with the event loop's delay beside it; 503
   * problem+json (code DATABASE_UNAVAILABLE, with the same `details`) otherwise.
   */
  @Get()
  @HealthCheck()
  check(): Promise<HealthCheckResult> {
    return this.ready();
  }

  @Get('ready')
  @HealthCheck()
  async ready(): Promise<HealthCheckResult> {
    const result = await this.health.check();
    if (result.status !== 'ok') {
      throw new ProblemException({
        status: 503,
        code: 'DATABASE_UNAVAILABLE',
        detail: 'The service is up but its database does not answer.',
        extensions: { details: result.details },
      });
    }
    return result;
  }

  /** Liveness: 200 while the process answers, with its event loop's delay and the engine pool's load; no database. */
  @Get('live')
  live(): Liveness {
    return this.health.live();
  }
}
