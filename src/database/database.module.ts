import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { DataSource } from 'typeorm';
import { dataSourceOptions, runMigrationsLocked } from './data-source';
import { EmbeddedDatabaseService } from './embedded-database.service';

@Global()
@Module({
  providers: [EmbeddedDatabaseService],
  exports: [EmbeddedDatabaseService],
})
export class EmbeddedDatabaseModule {}

/**
 * TypeORM on PostgreSQL: DATABASE_URL when set, else the embedded PGlite. Pending
 * migrations run during start-up (under an advisory lock: runMigrationsLocked); the app
 * does not start on a schema it does not know.
 */
@Module({
  imports: [
    EmbeddedDatabaseModule,
    TypeOrmModule.forRootAsync({
      imports: [EmbeddedDatabaseModule],
      inject: [APP_CONFIG, EmbeddedDatabaseService],
      useFactory: async (config: AppConfig, embedded: EmbeddedDatabaseService) => ({
        ...dataSourceOptions(await embedded.resolve(config), config.databasePoolSize),
        retryAttempts: 5,
        retryDelay: 2000,
      }),
      // Connect, then apply pending migrations under an advisory lock (several instances
      // may start at once). A failed attempt closes its pool before Nest retries.
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        try {
          await runMigrationsLocked(dataSource);
        } catch (error) {
          await dataSource.destroy().catch(() => undefined);
          throw error;
        }
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
