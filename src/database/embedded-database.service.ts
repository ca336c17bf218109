import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppConfig } from '../common/config/config';
import { DatabaseTarget, describeTarget, resolveDatabase } from './data-source';
import { EmbeddedDatabase } from './embedded';

/**
 * Owns the embedded database for the life of the application: starts it (when
 * DATABASE_URL is unset) before TypeORM connects, and on shutdown closes TypeORM's
 * pool first, then the socket server, then PGlite, so every write reaches the disk.
 */
@Injectable()
export class EmbeddedDatabaseService implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private embedded: EmbeddedDatabase | undefined;
  private target: DatabaseTarget | undefined;

  constructor(private readonly moduleRef: ModuleRef) {}

  /** Where TypeORM should connect; starts the embedded database on first call. */
  async resolve(config: AppConfig): Promise<DatabaseTarget> {
    if (this.target) return this.target;
    const { target, embedded } = await resolveDatabase(config);
    this.embedded = embedded;
    this.target = target;
    this.logger.log(`Using ${describeTarget(config)}`);
    return target;
  }

  /** "embedded" or "postgresql" (unknown before start-up). */
  get kind(): 'embedded' | 'postgresql' | 'unknown' {
    if (!this.target) return 'unknown';
    return this.target.embedded ? 'embedded' : 'postgresql';
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.embedded) return;
    try {
      const dataSource = this.moduleRef.get(DataSource, { strict: false });
      if (dataSource.isInitialized) await dataSource.destroy();
    } catch {
      // No DataSource (start-up failed before TypeORM connected): nothing to close.
    }
    await this.embedded.stop();
    this.embedded = undefined;
    this.logger.log('Embedded database closed');
  }
}
