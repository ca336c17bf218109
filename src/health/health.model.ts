import { Field, Float, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'State of the database as seen by this instance.' })
export class DatabaseHealth {
  @Field({ description: 'up or down.' })
  status: string;

  @Field({ description: 'embedded (PGlite) or postgresql.' })
  kind: string;

  @Field({ nullable: true, description: 'Why the database is down, when it is.' })
  message?: string;
}

@ObjectType({
  description: 'How late the event loop runs (GET /health/live), apart from the database.',
})
export class EventLoopHealth {
  @Field({ description: 'true when the p99 delay is over 200 ms: something holds the loop.' })
  degraded: boolean;

  @Field(() => Float, { description: '99th percentile delay of the loop over the window, ms.' })
  delayP99Ms: number;

  @Field(() => Float, { description: 'Largest delay of the loop over the window, ms.' })
  delayMaxMs: number;
}

@ObjectType({ description: 'Liveness and database status, as GET /health.' })
export class Health {
  @Field({ description: 'ok when every check passes, error otherwise.' })
  status: string;

  @Field(() => DatabaseHealth)
  database: DatabaseHealth;

  @Field(() => EventLoopHealth)
  eventLoop: EventLoopHealth;
}
