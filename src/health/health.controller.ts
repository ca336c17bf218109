import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckResult } from '@nestjs/terminus';
import { ProblemException } from '../common/errors/problem';
import { HealthService } from './health.service';

@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * 200 `{status: "ok", info, error, details}` when the service and its database answer;
   * 503 problem+json (code DATABASE_UNAVAILABLE, with the same `details`) otherwise.
   */
  @Get()
  @HealthCheck()
  async check(): Promise<HealthCheckResult> {
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
}
