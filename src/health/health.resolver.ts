import { Query, Resolver } from '@nestjs/graphql';
import { DatabaseHealth, Health } from './health.model';
import { HealthService } from './health.service';

@Resolver(() => Health)
export class HealthResolver {
  constructor(private readonly healthService: HealthService) {}

  @Query(() => Health, {
    description: 'Liveness and database status (same checks as GET /health).',
  })
  async health(): Promise<Health> {
    const result = await this.healthService.check();
    const db = (result.details?.database ?? {}) as Record<string, unknown>;
    const database: DatabaseHealth = {
      status: typeof db.status === 'string' ? db.status : 'down',
      kind: typeof db.kind === 'string' ? db.kind : 'unknown',
      ...(typeof db.message === 'string' ? { message: db.message } : {}),
    };
    const { degraded, delayP99Ms, delayMaxMs } = this.healthService.live().eventLoop;
    return { status: result.status, database, eventLoop: { degraded, delayP99Ms, delayMaxMs } };
  }
}
