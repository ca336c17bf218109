import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'State of the database as seen by this instance.' })
export class DatabaseHealth {
  @Field({ description: 'up or down.' })
  status: string;

  @Field({ description: 'embedded (PGlite) or postgresql.' })
  kind: string;

  @Field({ nullable: true, description: 'Why the database is down, when it is.' })
  message?: string;
}

@ObjectType({ description: 'Liveness and database status, as GET /health.' })
export class Health {
  @Field({ description: 'ok when every check passes, error otherwise.' })
  status: string;

  @Field(() => DatabaseHealth)
  database: DatabaseHealth;
}
