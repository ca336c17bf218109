import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { dataSourceOptions } from './data-source';
import { EmbeddedDatabaseService } from './embedded-database.service';

@Global()
@Module({
  providers: [EmbeddedDatabaseService],
  exports: [EmbeddedDatabaseService],
})
export class EmbeddedDatabaseModule {}

/**
 * TypeORM on PostgreSQL: DATABASE_URL when set, else the embedded PGlite. Pending
 * migrations run during start-up; the app does not start on a schema it does not know.
 */
@Module({
  imports: [
    EmbeddedDatabaseModule,
    TypeOrmModule.forRootAsync({
      imports: [EmbeddedDatabaseModule],
      inject: [APP_CONFIG, EmbeddedDatabaseService],
      useFactory: async (config: AppConfig, embedded: EmbeddedDatabaseService) => ({
        ...dataSourceOptions(await embedded.resolve(config)),
        retryAttempts: 5,
        retryDelay: 2000,
      }),
    }),
  ],
})
export class DatabaseModule {}
